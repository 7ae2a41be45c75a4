import Foundation

/// TSV, Markdown and SQL rows written as bytes, the same bytes as `RowTSV`, `RowMarkdown` and
/// `RowSQLInsert` give as text: no `String` per cell or per row, REALs formatted into the buffer,
/// and the SQL statement's head (table and column names) built once per row shape.
extension RowDocumentWriter {
    /// Whether `row` and its scopes carry no prefetched list (the rows the byte writers take).
    static func isFlat(_ row: Row) -> Bool {
        row.prefetched.isEmpty && row.scopes.allSatisfy { isFlat($0.row) }
    }

    /// One TSV line: the header first for the first row.
    mutating func appendTSVLine(_ row: Row, to out: inout [UInt8], flush: ByteFlush) throws {
        if count == 0 { out.append(contentsOf: RowTSV.header(for: row).utf8) }
        var first = true
        try appendEscapedCells(of: row, separator: UInt8(ascii: "\t"), first: &first, to: &out, flush: flush, escape: TextBytes.appendTSV)
        out.append(UInt8(ascii: "\n"))
    }

    /// One Markdown table row: the header and delimiter rows first for the first row.
    mutating func appendMarkdownLine(_ row: Row, to out: inout [UInt8], flush: ByteFlush) throws {
        if count == 0 { out.append(contentsOf: RowMarkdown.header(for: row).utf8) }
        out.append(contentsOf: [UInt8(ascii: "|"), UInt8(ascii: " ")])
        var first = true
        try appendEscapedCells(of: row, separator: nil, first: &first, to: &out, flush: flush, escape: TextBytes.appendMarkdown)
        out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "|"), UInt8(ascii: "\n")])
    }

    /// The cells of `row` and its scopes; `separator` nil is Markdown's ` | `.
    private func appendEscapedCells(
        of row: Row, separator: UInt8?, first: inout Bool, to out: inout [UInt8], flush: ByteFlush,
        escape: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
    ) throws {
        for value in row.values {
            if !first {
                if let separator {
                    out.append(separator)
                } else {
                    out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "|"), UInt8(ascii: " ")])
                }
            }
            first = false
            switch value {
            case .null: break
            case .integer(let v): JSONBytes.appendInteger(v, to: &out)
            case .real(let v): RealText.appendReadable(v, to: &out)
            case .text(let s): try TextBytes.appendPieces(of: s, to: &out, flush: flush, escape: escape)
            case .blob(let b): try Base64.append(b, to: &out, flush: flush)
            }
            if out.count >= JSONBytes.chunk { try flush(&out) }
        }
        for (_, scope) in row.scopes {
            try appendEscapedCells(of: scope, separator: separator, first: &first, to: &out, flush: flush, escape: escape)
        }
    }

    /// One `INSERT` statement for `row` into `target`.
    mutating func appendSQLInsert(_ row: Row, into target: SQLInsertTarget, to out: inout [UInt8], flush: ByteFlush) throws {
        let head = try sqlInsertHead(for: row.columnNames, into: target)
        if count == 0 { out.append(contentsOf: target.preamble(inserting: head.names).utf8) }
        out.append(contentsOf: head.bytes)
        var first = true
        for index in head.columns where index < row.values.count {
            if !first { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
            first = false
            try TextBytes.appendSQLLiteral(row.values[index], to: &out, flush: flush)
        }
        out.append(contentsOf: [UInt8(ascii: ")"), UInt8(ascii: ";"), UInt8(ascii: "\n")])
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (` for rows named `names`, and the indexes of the
    /// columns it inserts; built once per names array.
    mutating func sqlInsertHead(for names: [String], into target: SQLInsertTarget) throws -> SQLInsertHead {
        if let cached = sqlHeadCache, cached.names == names { return cached.head }
        var quoted: [String] = []
        var columns: [Int] = []
        var inserted: [String] = []
        for (index, name) in names.enumerated() where target.columns?.contains(name.lowercased()) ?? true {
            quoted.append(quoteIdentifier(name))
            columns.append(index)
            inserted.append(name)
        }
        guard !quoted.isEmpty else {
            throw AssocError.invalidRequest(
                table: target.table,
                reason: "the SQL export has no column of \(quoteForMessage(target.table)) to insert: include one of its columns in the view")
        }
        let text = "INSERT INTO \(quoteIdentifier(target.table)) (\(quoted.joined(separator: ", "))) VALUES ("
        let head = SQLInsertHead(bytes: Array(text.utf8), columns: columns, names: inserted)
        sqlHeadCache = (names, head)
        return head
    }
}

/// The part of an `INSERT` statement shared by the rows of one shape.
struct SQLInsertHead {
    var bytes: [UInt8]
    var columns: [Int]
    /// The names of `columns`, for `CREATE TABLE`.
    var names: [String]
}

/// Escapers that write a text's UTF-8 bytes into an output buffer.
enum TextBytes {
    /// Writes `text` through `escape` in pieces of `JSONBytes.chunk` bytes, flushing between them
    /// (escapes here never span two bytes, so a piece boundary cuts nothing).
    static func appendPieces(
        of text: String, to out: inout [UInt8], flush: ByteFlush, escape: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
    ) throws {
        var text = text
        try text.withUTF8 { buffer in try appendPieces(of: buffer, to: &out, flush: flush, escape: escape) }
    }

    /// `appendPieces` of bytes.
    static func appendPieces(
        of buffer: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush,
        escape: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
    ) throws {
        var start = 0
        while start < buffer.count {
            let end = min(buffer.count, start + JSONBytes.chunk)
            escape(UnsafeBufferPointer(rebasing: buffer[start..<end]), &out)
            if out.count >= JSONBytes.chunk { try flush(&out) }
            start = end
        }
    }

    /// The inside of an SQL string literal: each `'` doubled.
    static func appendDoublingApostrophes(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard containsAny(of: [UInt8(ascii: "'")], in: bytes) else { return out.append(contentsOf: bytes) }
        EscapedBytes.appendDoubling(UInt8(ascii: "'"), in: bytes, to: &out)
    }

    /// TSV's escapes: `\\`, `\t`, `\n`, `\r`.
    static func appendTSV(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard containsAny(of: [0x5C, 0x09, 0x0A, 0x0D], in: bytes) else { return out.append(contentsOf: bytes) }
        EscapedBytes.appendTSV(bytes, to: &out)
    }

    /// Markdown's cell escapes: `\\`, `\|`, a line break (LF, CR or CRLF) as `<br>`.
    static func appendMarkdown(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard containsAny(of: [0x5C, UInt8(ascii: "|"), 0x0A, 0x0D], in: bytes) else { return out.append(contentsOf: bytes) }
        EscapedBytes.appendMarkdown(bytes, to: &out)
    }

    /// `value` as `RowSQLInsert.literal` writes it.
    static func appendSQLLiteral(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        switch value {
        case .text(let s):
            if s.utf8.contains(where: { $0 == 0 || $0 == 0x0D }) {
                // A NUL cannot stand in a literal, and the sqlite3 shell drops a CR when it reads
                // one: the bytes as a hex blob read back as text.
                out.append(contentsOf: Array("CAST(".utf8))
                try appendHex(Array(s.utf8), to: &out, flush: flush)
                out.append(contentsOf: Array(" AS TEXT)".utf8))
                return
            }
            out.append(UInt8(ascii: "'"))
            try appendPieces(of: s, to: &out, flush: flush, escape: appendDoublingApostrophes)
            out.append(UInt8(ascii: "'"))
        case .blob(let bytes): try appendHex(bytes, to: &out, flush: flush)
        case .real(let v) where v.isFinite:
            // Swift's shortest round-trip form, which reads back as a REAL ("1.0", "1e-05").
            let start = out.count
            RealText.appendRoundTrip(v, to: &out)
            if !out[start...].contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
                out.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
            }
        case .integer(let v): JSONBytes.appendInteger(v, to: &out)
        default: out.append(contentsOf: RowSQLInsert.literal(value).utf8)
        }
    }

    /// `X'0A1B'`.
    static func appendHex(_ bytes: [UInt8], to out: inout [UInt8], flush: ByteFlush) throws {
        try bytes.withUnsafeBufferPointer { try appendHex($0, to: &out, flush: flush) }
    }

    /// Whether `bytes` hold a NUL or a CR, which an SQL literal cannot carry through the sqlite3
    /// shell.
    static func containsNULOrCR(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsAny(of: [0, 0x0D], in: bytes)
    }

    /// Whether `bytes` hold any of `targets` (`memchr`: fast on a 200 MB cell in the tests'
    /// debug build too, where a Swift loop over it takes seconds).
    static func containsAny(of targets: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return targets.contains { memchr(base, Int32($0), bytes.count) != nil }
    }

    /// `CAST(X'…' AS TEXT)`: TEXT that is not valid UTF-8, byte for byte.
    static func appendSQLTextCast(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        out.append(contentsOf: Array("CAST(".utf8))
        try appendHex(bytes, to: &out, flush: flush)
        out.append(contentsOf: Array(" AS TEXT)".utf8))
    }

    /// `appendHex` of bytes.
    static func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        out.append(contentsOf: [UInt8(ascii: "X"), UInt8(ascii: "'")])
        try appendPieces(of: bytes, to: &out, flush: flush, escape: EscapedBytes.appendHex)
        out.append(UInt8(ascii: "'"))
    }
}
