/// Rows of a flat statement written in place (`RowCursor.forEachRawRow`): the same bytes as
/// `append(_:to:flush:)` writes for the `Row` of that statement, with no `Row`, `DatabaseValue` or
/// `String` or array built for any value: text and blobs are escaped from SQLite's buffer.
extension RowDocumentWriter {
    /// Appends the piece of the current row of `columns`, named `names`.
    package mutating func appendRaw(_ columns: RawColumns, names: [String], to out: inout [UInt8], flush: ByteFlush) throws {
        defer { skip() }
        // The header's names, for the first row only.
        var flat: Row { Row(columnNames: names, values: []) }
        switch document {
        case .csv:
            if count == 0 { out.append(contentsOf: RowCSV.header(for: flat).utf8) }
            for index in 0..<columns.count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                switch columns.value(at: index) {
                case .text(let bytes), .invalidText(let bytes): try CSVBytes.appendField(bytes: bytes, to: &out, flush: flush)
                case .blob(let bytes): try Base64.append(bytes, to: &out, flush: flush)
                case let value: CSVBytes.appendValue(value.databaseValue, to: &out)
                }
            }
            out.append(contentsOf: [0x0D, 0x0A])
        case .tsv:
            if count == 0 { out.append(contentsOf: RowTSV.header(for: flat).utf8) }
            for index in 0..<columns.count {
                if index > 0 { out.append(UInt8(ascii: "\t")) }
                try Self.appendCell(columns.value(at: index), isTSV: true, to: &out, flush: flush)
            }
            out.append(UInt8(ascii: "\n"))
        case .markdown:
            if count == 0 { out.append(contentsOf: RowMarkdown.header(for: flat).utf8) }
            out.append(contentsOf: [UInt8(ascii: "|"), UInt8(ascii: " ")])
            for index in 0..<columns.count {
                if index > 0 { out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "|"), UInt8(ascii: " ")]) }
                try Self.appendCell(columns.value(at: index), isTSV: false, to: &out, flush: flush)
            }
            out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "|"), UInt8(ascii: "\n")])
        case .ndjson, .json:
            let compact = document == .ndjson
            // The shape is the names' (a flat row has no scopes): the values are not copied (a
            // 200 MB cell was, once more), unless two names are equal and the error needs the row.
            if count == 0 { try checkShape(of: Set(names).count == names.count ? Row(columnNames: names, values: []) : columns.row()) }
            if !compact { out.append(contentsOf: count == 0 ? Self.jsonFirst : Self.jsonNext) }
            // A pretty object with a blob goes one member a line (`JSONValue.pretty`).
            let isDeep = !compact && (0..<columns.count).contains(where: columns.isBlob)
            out.append(UInt8(ascii: "{"))
            if isDeep { out.append(contentsOf: Self.deepMemberBreak) }
            if rawKeys.names != names { rawKeys = RawKeys(names) }
            let keys = rawKeys
            for index in 0..<min(columns.count, keys.ends.count) {
                if index > 0 {
                    out.append(UInt8(ascii: ","))
                    if isDeep {
                        out.append(contentsOf: Self.deepMemberBreak)
                    } else if !compact {
                        out.append(UInt8(ascii: " "))
                    }
                }
                keys.bytes.withUnsafeBufferPointer { bytes in
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index == 0 ? 0 : keys.ends[index - 1])..<keys.ends[index]]))
                }
                out.append(UInt8(ascii: ":"))
                if !compact { out.append(UInt8(ascii: " ")) }
                switch columns.value(at: index) {
                case .text(let bytes): try JSONBytes.appendString(bytes: bytes, to: &out, flush: flush)
                case .blob(let bytes):
                    out.append(contentsOf: compact ? JSONBytes.base64Open : JSONBytes.prettyBase64Open)
                    try Base64.append(bytes, to: &out, flush: flush)
                    out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "}")])
                case let value: try JSONBytes.appendValue(value.databaseValue, to: &out, flush: flush)
                }
            }
            if isDeep { out.append(contentsOf: Self.deepObjectEnd) }
            out.append(UInt8(ascii: "}"))
            if compact { out.append(UInt8(ascii: "\n")) }
        case .sql(let target):
            let head = try sqlInsertHead(for: names, into: target)
            if count == 0 { out.append(contentsOf: target.preamble(inserting: head.names).utf8) }
            out.append(contentsOf: head.bytes)
            var first = true
            for index in head.columns where index < columns.count {
                if !first { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
                first = false
                switch columns.value(at: index) {
                case .text(let bytes) where !TextBytes.containsNULOrCR(bytes):
                    out.append(UInt8(ascii: "'"))
                    try TextBytes.appendPieces(of: bytes, to: &out, flush: flush, escape: TextBytes.appendDoublingApostrophes)
                    out.append(UInt8(ascii: "'"))
                // A NUL or a CR (which the sqlite3 shell drops), or bytes that are not UTF-8: hex.
                case .text(let bytes), .invalidText(let bytes): try TextBytes.appendSQLTextCast(bytes, to: &out, flush: flush)
                case .blob(let bytes): try TextBytes.appendHex(bytes, to: &out, flush: flush)
                case let value: try TextBytes.appendSQLLiteral(value.databaseValue, to: &out, flush: flush)
                }
            }
            out.append(contentsOf: [UInt8(ascii: ")"), UInt8(ascii: ";"), UInt8(ascii: "\n")])
        }
        if out.count >= JSONBytes.chunk { try flush(&out) }
    }

    /// Between the members of a top-level pretty object laid out one member a line, and before
    /// its closing brace.
    private static let deepMemberBreak = Array("\n    ".utf8)
    private static let deepObjectEnd = Array("\n  ".utf8)

    /// One TSV or Markdown cell, escaped.
    private static func appendCell(_ value: RawColumns.Value, isTSV: Bool, to out: inout [UInt8], flush: ByteFlush) throws {
        switch value {
        case .null: break
        case .integer(let v): JSONBytes.appendInteger(v, to: &out)
        case .real(let v): RealText.appendReadable(v, to: &out)
        case .text(let bytes) where bytes.count <= JSONBytes.chunk:
            if isTSV { TextBytes.appendTSV(bytes, to: &out) } else { TextBytes.appendMarkdown(bytes, to: &out) }
        case .text(let bytes):
            try TextBytes.appendPieces(of: bytes, to: &out, flush: flush, escape: isTSV ? TextBytes.appendTSV : TextBytes.appendMarkdown)
        case .invalidText(let bytes) where isTSV:
            // As the sqlite3 shell writes it: the bytes, escaped like any text.
            try TextBytes.appendPieces(of: bytes, to: &out, flush: flush, escape: TextBytes.appendTSV)
        case .invalidText(let bytes):
            try TextBytes.appendPieces(of: String(decoding: bytes, as: UTF8.self), to: &out, flush: flush, escape: TextBytes.appendMarkdown)
        case .blob(let bytes): try Base64.append(bytes, to: &out, flush: flush)
        }
    }
}

/// The quoted JSON keys of a flat statement's columns, one after the other.
struct RawKeys {
    var names: [String] = []
    var bytes: [UInt8] = []
    /// Where each key ends in `bytes`.
    var ends: [Int] = []

    init() {}

    init(_ names: [String]) {
        self.names = names
        for name in names {
            JSONBytes.appendString(name, to: &bytes)
            ends.append(bytes.count)
        }
    }
}

extension RawColumns.Value {
    /// The value as the `Row` path holds it.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .text(let bytes), .invalidText(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
        case .blob(let bytes): return .blob(Array(bytes))
        }
    }
}
