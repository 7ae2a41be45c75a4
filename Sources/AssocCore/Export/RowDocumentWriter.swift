/// Writes a `RowDocument` (json, ndjson, csv; tsv, markdown and sql through `piece`) row by row as UTF-8 bytes appended to a buffer:
/// the same bytes as `RowDocument.piece(for:index:)`, without building a `JSONValue` tree or a
/// `String` per row. With a cursor, a document of any size is written in bounded memory:
///
///     var writer = RowDocumentWriter(document: .ndjson)
///     var bytes: [UInt8] = []
///     let cursor = try db.cursor(request)
///     while let row = try cursor.next() {
///         try writer.append(row, to: &bytes)
///         if bytes.count > 65_536 { write(bytes); bytes.removeAll(keepingCapacity: true) }
///     }
///     writer.appendEnd(to: &bytes)
/// NDJSON and CSV rows of any shape, and JSON rows of scalar columns (the usual flat row), are
/// written straight from the row's values; other JSON rows (nested objects on several lines) go
/// through `RowJSON`. Column names are checked for collisions once per row shape.
package struct RowDocumentWriter {
    package let document: RowDocument
    /// Rows written so far.
    package private(set) var count = 0
    /// The quoted JSON keys of recent column-name arrays (rows of one statement share theirs,
    /// compared by identity first): each name is escaped once, not once per row.
    private var quotedNameCache: [(names: [String], keys: [[UInt8]])] = []
    /// Object shapes (column names, then association keys) already checked for collisions.
    private var checkedShapes: [(names: [String], keys: [String])] = []
    /// The SQL format's statement head for the last row shape (`appendSQLInsert`).
    var sqlHeadCache: (names: [String], head: SQLInsertHead)?
    /// The JSON keys of the flat rows written in place (`appendRaw`).
    var rawKeys = RawKeys()

    package init(document: RowDocument) {
        self.document = document
    }

    /// Appends `row`'s piece of the document to `out`; `flush` is called whenever `out` passes
    /// 64 KB inside a long value (without it, the buffer holds the whole piece).
    package mutating func append(_ row: Row, to out: inout [UInt8], flush: ByteFlush = { _ in }) throws {
        defer { count += 1 }
        switch document {
        case .tsv where Self.isFlat(row): try appendTSVLine(row, to: &out, flush: flush)
        case .markdown where Self.isFlat(row): try appendMarkdownLine(row, to: &out, flush: flush)
        case .sql(let target): try appendSQLInsert(row, into: target, to: &out, flush: flush)
        case .tsv, .markdown:
            out.append(contentsOf: try document.piece(for: row, index: count).utf8)
        case .ndjson:
            try appendCompactObject(row, to: &out, flush: flush)
            out.append(UInt8(ascii: "\n"))
        case .json:
            out.append(contentsOf: count == 0 ? Self.jsonFirst : Self.jsonNext)
            if row.scopes.isEmpty, row.prefetched.isEmpty {
                try checkShape(of: row)
                try appendScalarPrettyObject(row, indent: 2, to: &out, flush: flush)
            } else {
                out.append(contentsOf: try RowJSON.object(row).pretty(indent: 2).utf8)
            }
        case .csv:
            if count == 0 { out.append(contentsOf: RowCSV.header(for: row).utf8) }
            var first = true
            try appendCSVCells(of: row, first: &first, to: &out, flush: flush)
            out.append(contentsOf: Self.crlf)
        }
    }

    /// Appends `row`'s piece, its `including(all:)` rows read from their cursors as they are
    /// written (JSON reads the first row of each list of an object first). `flush` is called
    /// whenever `out` passes 64 KB, also inside a row: one parent's rows are never all in memory.
    package mutating func append(
        _ row: StreamedRow, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) throws {
        switch document {
        case .tsv, .markdown, .sql:
            // Text formats of whole rows: a row's prefetched lists are read before it is written.
            try append(row.streams.isEmpty ? row.row : row.wholeRow(), to: &out, flush: flush)
        case .json:
            guard !row.streams.isEmpty else { return try append(row.row, to: &out, flush: flush) }
            defer { count += 1 }
            out.append(contentsOf: count == 0 ? Self.jsonFirst : Self.jsonNext)
            try appendPrettyObject(row.row, path: [], source: row, indent: 2, to: &out, flush: flush)
        case .ndjson:
            defer { count += 1 }
            try appendCompactObject(row.row, path: [], source: row, to: &out, flush: flush)
            out.append(UInt8(ascii: "\n"))
        case .csv:
            defer { count += 1 }
            if count == 0 { out.append(contentsOf: RowCSV.header(for: row.row).utf8) }
            var first = true
            try appendCSVCells(of: row.row, path: [], source: row, first: &first, to: &out, flush: flush)
            out.append(contentsOf: Self.crlf)
        }
    }

    /// Counts a row written by other means (`RowDocument.piece`), so that the next one and the
    /// end follow it.
    package mutating func skip() {
        count += 1
    }

    /// Appends the text after the last row.
    package func appendEnd(to out: inout [UInt8]) {
        out.append(contentsOf: document.end(count: count).utf8)
    }

    static let jsonFirst = Array("[\n  ".utf8)
    static let jsonNext = Array(",\n  ".utf8)
    private static let crlf = Array("\r\n".utf8)

    // MARK: JSON

    /// The pretty object of a row of columns only: `{"a": 1, "b": "x"}` on one line, or one
    /// member a line when a blob (an object, `{"base64": "..."}`) is among them.
    mutating func appendScalarPrettyObject(_ row: Row, indent: Int, to out: inout [UInt8], flush: ByteFlush) throws {
        guard row.values.contains(where: \.isBlob) else { return try appendFlatPrettyObject(row, to: &out, flush: flush) }
        let keys = quotedNames(row.columnNames)
        out.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "\n")])
        for index in row.values.indices where index < keys.count {
            if index > 0 { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            out.append(contentsOf: keys[index])
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            try JSONBytes.appendPrettyValue(row.values[index], to: &out, flush: flush)
        }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "}"))
    }

    /// `{"a": 1, "b": "x"}`: the pretty form of an object of scalars (on one line).
    mutating func appendFlatPrettyObject(_ row: Row, to out: inout [UInt8], flush: ByteFlush = { _ in }) throws {
        out.append(UInt8(ascii: "{"))
        let keys = quotedNames(row.columnNames)
        for index in row.values.indices where index < keys.count {
            if index > 0 {
                out.append(UInt8(ascii: ","))
                out.append(UInt8(ascii: " "))
            }
            out.append(contentsOf: keys[index])
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            try JSONBytes.appendValue(row.values[index], to: &out, flush: flush)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The compact object of the scope `row` at `path` (`RowJSON.object(row).compact`); with a
    /// `source`, its prefetched lists are read from `source`'s cursors as they are written.
    private mutating func appendCompactObject(
        _ row: Row, path: [String] = [], source: StreamedRow? = nil, to out: inout [UInt8],
        flush: (inout [UInt8]) throws -> Void = { _ in }
    ) throws {
        try checkShape(of: row)
        out.append(UInt8(ascii: "{"))
        var first = true
        let keys = quotedNames(row.columnNames)
        for index in row.values.indices where index < keys.count {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: keys[index])
            out.append(UInt8(ascii: ":"))
            try JSONBytes.appendValue(row.values[index], to: &out, flush: flush)
        }
        try appendStreamedAssociations(of: row, path: path, source: source, first: &first, to: &out, flush: flush)
        out.append(UInt8(ascii: "}"))
    }

    /// Members of the associations of `row`, zero-column scopes lifted (as `RowJSON` does).
    private mutating func appendStreamedAssociations(
        of row: Row, path: [String], source: StreamedRow?, first: inout Bool, to out: inout [UInt8],
        flush: (inout [UInt8]) throws -> Void
    ) throws {
        for (key, scope) in row.scopes {
            if scope.columnNames.isEmpty {
                try appendStreamedAssociations(of: scope, path: path + [key], source: source, first: &first, to: &out, flush: flush)
                continue
            }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONBytes.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            if scope.containsNonNullValue {
                try appendCompactObject(scope, path: path + [key], source: source, to: &out, flush: flush)
            } else {
                out.append(contentsOf: JSONBytes.null)
            }
        }
        for (key, rows) in row.prefetched {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONBytes.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            var list = ListReader(cursor: source?.rows(key, at: path), rows: rows)
            try appendCompactList(&list, to: &out, flush: flush)
        }
    }

    /// `[{…},{…}]`, the rows read one at a time from `list`.
    private mutating func appendCompactList(
        _ list: inout ListReader, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) throws {
        out.append(UInt8(ascii: "["))
        var index = 0
        while let child = try list.next() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            try appendCompactObject(child.row, source: child.source, to: &out, flush: flush)
            if out.count >= 1 << 16 { try flush(&out) }
            index += 1
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Throws as `RowJSON.object` does when two members of one object share a name; each shape
    /// is checked once (rows of one statement share their names arrays, compared by identity).
    mutating func checkShape(of row: Row) throws {
        for shape in checkedShapes where shape.names == row.columnNames && Self.associationKeys(of: row, equal: shape.keys) {
            return
        }
        var keys: [String] = []
        Self.collectAssociationKeys(of: row, into: &keys)
        var seen = Set<String>()
        var collides = false
        for name in row.columnNames + keys where !seen.insert(name).inserted { collides = true }
        if collides {
            _ = try RowJSON.object(row)  // throws the error naming the member and the fix
            throw AssocError.invalidRequest(
                table: nil, reason: "two members of one object of the JSON output share a name: give one of them another name with forKey(\"...\")")
        }
        checkedShapes.append((row.columnNames, keys))
    }

    private static func collectAssociationKeys(of row: Row, into keys: inout [String]) {
        for (key, scope) in row.scopes {
            if scope.columnNames.isEmpty { collectAssociationKeys(of: scope, into: &keys) } else { keys.append(key) }
        }
        for (key, _) in row.prefetched { keys.append(key) }
    }

    /// Whether the association keys of `row` are `keys`, without building an array.
    private static func associationKeys(of row: Row, equal keys: [String]) -> Bool {
        var index = 0
        func visit(_ row: Row) -> Bool {
            for (key, scope) in row.scopes {
                if scope.columnNames.isEmpty {
                    if !visit(scope) { return false }
                } else {
                    guard index < keys.count, keys[index] == key else { return false }
                    index += 1
                }
            }
            for (key, _) in row.prefetched {
                guard index < keys.count, keys[index] == key else { return false }
                index += 1
            }
            return true
        }
        return visit(row) && index == keys.count
    }

    /// The quoted keys of `names`, escaped once per names array.
    private mutating func quotedNames(_ names: [String]) -> [[UInt8]] {
        for entry in quotedNameCache where entry.names == names { return entry.keys }
        let keys = names.map { name -> [UInt8] in
            var key: [UInt8] = []
            JSONBytes.appendString(name, to: &key)
            return key
        }
        if quotedNameCache.count >= 8 { quotedNameCache.removeFirst() }
        quotedNameCache.append((names, keys))
        return keys
    }

    // MARK: CSV

    /// CSV cells of a streamed row: a prefetched list is one field holding its compact JSON,
    /// quoted (its quotes doubled) unless it is `[]` or `[{}]`, written as its rows are read.
    private mutating func appendCSVCells(
        of row: Row, path: [String] = [], source: StreamedRow? = nil, first: inout Bool, to out: inout [UInt8],
        flush: (inout [UInt8]) throws -> Void = { _ in }
    ) throws {
        for value in row.values {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            try CSVBytes.appendValue(value, to: &out, flush: flush)
        }
        for (key, scope) in row.scopes {
            try appendCSVCells(of: scope, path: path + [key], source: source, first: &first, to: &out, flush: flush)
        }
        for (key, rows) in row.prefetched {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            var list = ListReader(cursor: source?.rows(key, at: path), rows: rows)
            var pieces: [[UInt8]] = []
            // Up to two rows decide the quoting; the others are written as they come.
            while pieces.count < 2, let child = try list.next() {
                var piece: [UInt8] = []
                try appendCompactObject(child.row, source: child.source, to: &piece)
                pieces.append(piece)
            }
            var plain: [UInt8] = [UInt8(ascii: "[")]
            for (index, piece) in pieces.enumerated() {
                if index > 0 { plain.append(UInt8(ascii: ",")) }
                plain.append(contentsOf: piece)
            }
            if pieces.count < 2 {
                plain.append(UInt8(ascii: "]"))
                CSVBytes.appendField(String(decoding: plain, as: UTF8.self), to: &out)
                continue
            }
            out.append(UInt8(ascii: "\""))
            CSVBytes.appendDoublingQuotes(plain, to: &out)
            while let child = try list.next() {
                var piece: [UInt8] = [UInt8(ascii: ",")]
                try appendCompactObject(child.row, source: child.source, to: &piece)
                CSVBytes.appendDoublingQuotes(piece, to: &out)
                if out.count >= 1 << 16 { try flush(&out) }
            }
            out.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\"")])
        }
    }

}

/// The rows of one prefetched list: from a cursor (a streamed parent's), or already read.
struct ListReader {
    let cursor: RowCursor?
    let rows: [Row]
    private var index = 0

    init(cursor: RowCursor?, rows: [Row]) {
        self.cursor = cursor
        self.rows = rows
    }

    mutating func next() throws -> (row: Row, source: StreamedRow?)? {
        if let cursor { return try cursor.nextStreamed().map { ($0.row, $0) } }
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return (rows[index], nil)
    }
}

extension DatabaseValue {
    var isBlob: Bool {
        if case .blob = self { return true } else { return false }
    }
}
