/// The JSON document's pretty objects for streamed rows (`JSONValue.pretty`, written as the
/// prefetched rows are read): an object goes on one line when every member is a scalar or an
/// empty list, else one member a line; a list of objects puts one object a line. Each list's
/// first row is read before its object is written, to know which form it takes.
extension RowDocumentWriter {
    /// The pretty object of the scope `row` at `path` of `source`, at `indent`.
    mutating func appendPrettyObject(
        _ row: Row, path: [String], source: StreamedRow, indent: Int, to out: inout [UInt8],
        flush: (inout [UInt8]) throws -> Void
    ) throws {
        guard !source.streams.isEmpty else {
            // Every list already read (a chunk's rows): as `append(_: Row)` writes it.
            if row.scopes.isEmpty, row.prefetched.isEmpty {
                try checkShape(of: row)
                try appendScalarPrettyObject(row, indent: indent, to: &out, flush: flush)
            } else {
                out.append(contentsOf: try RowJSON.object(row).pretty(indent: indent).utf8)
            }
            return
        }
        try checkShape(of: row)
        var lists: [PrettyList] = []
        Self.collectLists(of: row, path: path, source: source, into: &lists)
        for index in lists.indices { try lists[index].peek() }
        let isDeep = row.values.contains(where: \.isBlob) || Self.hasObjectScope(row) || lists.contains { $0.first != nil }
        guard isDeep else {
            out.append(contentsOf: try RowJSON.object(row).pretty(indent: indent).utf8)
            return
        }
        let pad = [UInt8](repeating: UInt8(ascii: " "), count: indent + 2)
        out.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "\n")])
        var first = true
        func startMember(_ name: String, to out: inout [UInt8]) {
            if !first { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
            first = false
            out.append(contentsOf: pad)
            JSONBytes.appendString(name, to: &out)
            out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        }
        for index in row.values.indices where index < row.columnNames.count {
            startMember(row.columnNames[index], to: &out)
            try JSONBytes.appendPrettyValue(row.values[index], to: &out, flush: flush)
        }
        var listIndex = 0
        try appendPrettyAssociations(
            of: row, path: path, source: source, indent: indent, lists: &lists, listIndex: &listIndex,
            startMember: startMember, to: &out, flush: flush)
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "}"))
    }

    private mutating func appendPrettyAssociations(
        of row: Row, path: [String], source: StreamedRow, indent: Int, lists: inout [PrettyList], listIndex: inout Int,
        startMember: (String, inout [UInt8]) -> Void, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) throws {
        for (key, scope) in row.scopes {
            if scope.columnNames.isEmpty {
                try appendPrettyAssociations(
                    of: scope, path: path + [key], source: source, indent: indent, lists: &lists, listIndex: &listIndex,
                    startMember: startMember, to: &out, flush: flush)
                continue
            }
            startMember(key, &out)
            if scope.containsNonNullValue {
                try appendPrettyObject(scope, path: path + [key], source: source, indent: indent + 2, to: &out, flush: flush)
            } else {
                out.append(contentsOf: JSONBytes.null)
            }
        }
        for (key, _) in row.prefetched {
            startMember(key, &out)
            guard listIndex < lists.count else { continue }
            try appendPrettyList(&lists[listIndex], indent: indent + 2, to: &out, flush: flush)
            listIndex += 1
        }
    }

    /// `[]`, or `[` then one object a line at `indent + 2`, then `]` at `indent`.
    private mutating func appendPrettyList(
        _ list: inout PrettyList, indent: Int, to out: inout [UInt8], flush: (inout [UInt8]) throws -> Void
    ) throws {
        guard let first = list.first else {
            out.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            return
        }
        let pad = [UInt8](repeating: UInt8(ascii: " "), count: indent + 2)
        out.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "\n")])
        out.append(contentsOf: pad)
        try appendPrettyObject(first.row, path: [], source: first, indent: indent + 2, to: &out, flush: flush)
        list.first = nil
        while let child = try list.cursor.nextStreamed() {
            out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")])
            out.append(contentsOf: pad)
            try appendPrettyObject(child.row, path: [], source: child, indent: indent + 2, to: &out, flush: flush)
            if out.count >= 1 << 16 { try flush(&out) }
        }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent))
        out.append(UInt8(ascii: "]"))
    }

    /// The prefetched lists of one object, in member order (zero-column scopes lifted).
    private static func collectLists(of row: Row, path: [String], source: StreamedRow, into lists: inout [PrettyList]) {
        for (key, scope) in row.scopes where scope.columnNames.isEmpty {
            collectLists(of: scope, path: path + [key], source: source, into: &lists)
        }
        for (key, _) in row.prefetched {
            lists.append(PrettyList(cursor: source.rows(key, at: path)))
        }
    }

    /// Whether a member of this object is a non-null scope object (zero-column scopes lifted).
    private static func hasObjectScope(_ row: Row) -> Bool {
        row.scopes.contains { $0.row.columnNames.isEmpty ? hasObjectScope($0.row) : $0.row.containsNonNullValue }
    }
}

/// A prefetched list being written: its cursor, and its first row once read.
struct PrettyList {
    let cursor: RowCursor
    var first: StreamedRow?

    init(cursor: RowCursor) {
        self.cursor = cursor
    }

    mutating func peek() throws {
        first = try cursor.nextStreamed()
    }
}
