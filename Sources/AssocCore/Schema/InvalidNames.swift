/// Table and column names stored with bytes that are not valid UTF-8. Assoc reads every name as
/// text, with U+FFFD for the invalid bytes, and SQL can only name a table or column by its exact
/// bytes: such a table is listed but cannot be opened, such a column is fetched by `*` but
/// cannot be named. Each gets a diagnostic saying so, with the stored bytes.
enum InvalidNames {
    /// The stored bytes of `name` (from `CAST(name AS BLOB)`) when they are not valid UTF-8.
    static func invalidBytes(_ raw: DatabaseValue) -> [UInt8]? {
        guard case .blob(let bytes) = raw else { return nil }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return nil
            case .error: return bytes
            }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.prefix(64).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ") + (bytes.count > 64 ? " …" : "")
    }

    static func tableDiagnostic(_ kind: TableInfo.Kind, _ name: String, bytes: [UInt8]) -> String {
        "\(kind.rawValue) \(quoteForMessage(name)): its name is not valid UTF-8 (stored bytes \(hex(bytes))), "
            + "so SQL cannot name it and it cannot be opened; rename it with a tool that can write the database"
    }

    static func columnDiagnostic(table: String, _ name: String, bytes: [UInt8]) -> String {
        "column \(quoteForMessage(name)) of \(quoteForMessage(table)): its name is not valid UTF-8 (stored bytes \(hex(bytes))), "
            + "so it can be fetched with the other columns but not named in a request"
    }
}
