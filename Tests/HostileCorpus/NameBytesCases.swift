import AssocCore
import Foundation

/// Tables and columns whose stored names are not valid UTF-8 (written into `sqlite_schema` by
/// hand: SQL text cannot carry them): listed with U+FFFD, a diagnostic, and a clear error when
/// opened, never a crash or a wrong table.
extension HostileCases {
    public static var nameByteCases: [HostileCase] {
        [
            HostileCase(
                name: "table name of invalid UTF-8 (74 FF FE 80)",
                build: { dir in
                    try NameBytes.database(dir, table: [0x74, 0xFF, 0xFE, 0x80], column: Array("v".utf8))
                }, fetchTarget: "t\u{FFFD}\u{FFFD}\u{FFFD}", expectation: .opensButFetchFails("not valid UTF-8")),
            HostileCase(
                name: "table name with a lone continuation byte in the middle",
                build: { dir in
                    try NameBytes.database(dir, table: [0x61, 0x80, 0x62], column: Array("v".utf8))
                }, fetchTarget: "a\u{FFFD}b", expectation: .opensButFetchFails("not valid UTF-8")),
            HostileCase(
                name: "table name of an overlong '/' (C0 AF) and escapes, 300 bytes",
                build: { dir in
                    let bytes = Array("../".utf8) + [0xC0, 0xAF] + Array("\u{1B}]0;x\u{07}".utf8) + [UInt8](repeating: 0xE9, count: 280)
                    return try NameBytes.database(dir, table: bytes, column: Array("v".utf8))
                }, fetchTarget: "../\u{FFFD}\u{FFFD}\u{1B}]0;x\u{07}" + String(repeating: "\u{FFFD}", count: 280),
                expectation: .opensButFetchFails("not valid UTF-8")),
            HostileCase(
                name: "column name of invalid UTF-8: fetched with the others",
                build: { dir in
                    try NameBytes.database(dir, table: Array("t".utf8), column: [0x63, 0xFF])
                }, expectation: .opens(fetchContains: ["\"c\u{FFFD}\": \"value\""]))
        ]
    }
}

public enum NameBytes {
    /// A table `t` with one row (`id` 1, the column holding 'value') whose table and column names
    /// are then replaced by the given bytes in `sqlite_schema`.
    public static func database(_ dir: URL, table: [UInt8], column: [UInt8]) throws -> String {
        try CorpusBuilder.database(dir, "names.db") { db in
            try db.execute("CREATE TABLE placeholder (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO placeholder VALUES (1, 'value')")
            let sql = Array("CREATE TABLE \"".utf8) + table + Array("\" (id INTEGER PRIMARY KEY, \"".utf8) + column + Array("\" TEXT)".utf8)
            try db.execute("PRAGMA writable_schema = ON")
            try db.execute(
                "UPDATE sqlite_schema SET name = CAST(?1 AS TEXT), tbl_name = CAST(?1 AS TEXT), sql = CAST(?2 AS TEXT) WHERE name = 'placeholder'",
                arguments: [.blob(table), .blob(sql)])
            try db.execute("PRAGMA writable_schema = OFF")
        }
    }
}
