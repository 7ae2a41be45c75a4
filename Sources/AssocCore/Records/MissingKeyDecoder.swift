/// Stands for a required property that matches no column, scope or prefetched rows: whatever the
/// property's type asks for, it throws the error that names what is missing (a record asks for a
/// keyed container: scope not found; a collection for an unkeyed one: prefetched rows not found;
/// a value: column not found).
struct MissingKeyDecoder: Decoder {
    let key: String
    let row: Row
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw RowDecodingError.scopeNotFound(key, in: row, path: codingPath)
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw RowDecodingError.prefetchedRowsNotFound(key, in: row, path: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw RowDecodingError.columnNotFound(key, in: row, path: codingPath)
    }
}
