/// Decodes the rows of an `including(all:)` association into a collection (`[Prize]`,
/// `Set<Prize>`), one element per row, each decoded by a `RowDecoder`.
struct PrefetchedRowsDecoder: Decoder {
    let rows: [Row]
    let context: DecodingContext?
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch("a record")
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        PrefetchedRowsContainer(rows: rows, context: context, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw mismatch("a value")
    }

    private func mismatch(_ shape: String) -> RowDecodingError {
        let key = codingPath.last?.stringValue ?? "?"
        return RowDecodingError(
            .typeMismatch,
            "\(quoteForMessage(key)) holds \(rows.count) prefetched rows (including(all:)), which decode into an array or a set, not \(shape)",
            codingPath: codingPath.map(\.stringValue))
    }
}

/// The unkeyed container over prefetched rows.
struct PrefetchedRowsContainer: UnkeyedDecodingContainer {
    let rows: [Row]
    let context: DecodingContext?
    let codingPath: [CodingKey]
    private(set) var currentIndex = 0

    init(rows: [Row], context: DecodingContext?, codingPath: [CodingKey]) {
        self.rows = rows
        self.context = context
        self.codingPath = codingPath
    }

    var count: Int? { rows.count }
    var isAtEnd: Bool { currentIndex >= rows.count }

    /// The decoder of the current row, and moves to the next one.
    private mutating func nextDecoder() throws -> RowDecoder {
        guard currentIndex < rows.count else {
            throw RowDecodingError(
                .unsupported, "no more prefetched rows (there are \(rows.count))", codingPath: codingPath.map(\.stringValue))
        }
        let decoder = RowDecoder(
            row: rows[currentIndex], context: context, parentPath: codingPath, key: RowCodingKey(intValue: currentIndex))
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < rows.count else { return false }
        if rows[currentIndex].containsNonNullValue { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: nextDecoder()) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try Bool(from: nextDecoder()) }
    mutating func decode(_ type: String.Type) throws -> String { try String(from: nextDecoder()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try Double(from: nextDecoder()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try Float(from: nextDecoder()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try Int(from: nextDecoder()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try Int8(from: nextDecoder()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try Int16(from: nextDecoder()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try Int32(from: nextDecoder()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try Int64(from: nextDecoder()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try UInt(from: nextDecoder()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try UInt8(from: nextDecoder()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try UInt16(from: nextDecoder()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try UInt32(from: nextDecoder()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try UInt64(from: nextDecoder()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder { try nextDecoder() }
}
