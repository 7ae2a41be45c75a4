/// GRDB 7 code for a request: one record type per table involved (with the static associations
/// the request uses), the struct its rows decode into, and the request in GRDB's query interface,
/// as `makeRequest(_:)`. `assoc swift` prints it and the browser's Swift pane shows it;
/// `program(for:in:)` makes it a complete `main.swift` that prints the rows as `assoc fetch
/// --format json` does.
package enum SwiftCodeGenerator {
    /// The parts of the code for one request.
    package struct Parts: Sendable {
        /// Comments on where GRDB differs, `//` lines (may be empty).
        package var notes: String
        /// Record structs, decoded structs, `makeRequest(_:)` and `fetchRows(_:)`.
        package var declarations: String
        /// `let jsonMembers: [JSONMember] = …`: the association members of the JSON objects.
        package var jsonMembers: String
        /// The type the rows decode into (`BookInfo`, or the record type).
        package var decodedType: String
        /// The request alone (`assoc swift --request-only`): alias declarations, preparations and
        /// the request expression, for an app that already has its record types.
        package var request: String
    }

    /// The code for `request`, checked against `db`'s schema and graph: `import GRDB` and the
    /// declarations. Throws `AssocError` when the request does not resolve (unknown table,
    /// association or column) or GRDB's query interface cannot express it.
    ///
    /// `readingValues`: whether the types of the columns may depend on the storage classes their
    /// values have (one scan per table, 500 ms in all, on `db`'s connection); without it, declared
    /// types alone (the browser's Swift tab, which must not use the connection its worker reads
    /// with).
    package static func code(for request: Request, in db: Database, readingValues: Bool = true) throws -> String {
        if request.query != nil { return try SwiftSQLQueryWriter.code(for: request, in: db) }
        let parts = try self.parts(for: request, in: db, readingValues: readingValues)
        // Foundation's Data (BLOB columns, AnyDatabaseValue) is not in scope with GRDB alone.
        var text = usesFoundation(parts.declarations) ? "import Foundation\nimport GRDB\n\n" : "import GRDB\n\n"
        if !parts.notes.isEmpty { text += parts.notes + "\n\n" }
        text += parts.declarations + "\n\n"
        text += "// let rows = try dbQueue.read(fetchRows)\n"
        return text
    }

    /// The request alone, for an app that already has its record types and associations (named
    /// as in the full code): the notes, alias declarations and preparations, then the request
    /// expression (`Artist.including(all: Artist.albums)`).
    package static func requestOnly(for request: Request, in db: Database, readingValues: Bool = true) throws -> String {
        if request.query != nil { return try SwiftSQLQueryWriter.fetchLine(for: request, in: db) }
        let parts = try self.parts(for: request, in: db, readingValues: readingValues)
        return (parts.notes.isEmpty ? "" : parts.notes + "\n") + parts.request + "\n"
    }

    /// Whether `code` names Foundation's `Data` (as a whole identifier).
    static func usesFoundation(_ code: String) -> Bool {
        let characters = Array(code.unicodeScalars)
        func isIdentifier(_ index: Int) -> Bool {
            guard characters.indices.contains(index) else { return false }
            let scalar = characters[index]
            return scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        let word = Array("Data".unicodeScalars)
        var index = 0
        while index + word.count <= characters.count {
            if characters[index] == word[0], Array(characters[index..<(index + word.count)]) == word,
                !isIdentifier(index - 1), !isIdentifier(index + word.count)
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// A complete `main.swift` for `request`: the code, then a main that opens the database named
    /// by its first argument read-only and prints the rows in the `assoc fetch --format json`
    /// contract. Uses GRDB and Foundation only.
    package static func program(for request: Request, in db: Database, requestText: String? = nil) throws -> String {
        let parts = try self.parts(for: request, in: db)
        var text = "// The rows of an Assoc request, fetched with GRDB 7"
        if let requestText { text += ": " + SwiftComment.oneLine(requestText) }
        text += ".\n// Usage: program DATABASE (prints them as `assoc fetch --format json` does).\n"
        text += "import Foundation\nimport GRDB\n\n"
        if !parts.notes.isEmpty { text += parts.notes + "\n\n" }
        text += parts.declarations + "\n\n" + parts.jsonMembers + "\n\n"
        text += SwiftProgramSupport.text + "\n\n" + SwiftProgramSupport.main(decodedType: parts.decodedType) + "\n"
        return text
    }

    /// The parts of the code for `request`.
    package static func parts(for request: Request, in db: Database, readingValues: Bool = true) throws -> Parts {
        if request.query != nil {
            throw AssocError.invalidRequest(
                table: nil, reason: "GRDB's query interface has no derived table: the code of an SQL statement is its Row.fetchAll line")
        }
        // The storage classes are read from the connection: one operation, under the database's lock.
        return try db.perform { _ in try partsInOperation(for: request, in: db, readingValues: readingValues) }
    }

    private static func partsInOperation(for request: Request, in db: Database, readingValues: Bool) throws -> Parts {
        // A condition on an aggregate annotation's name is tested in HAVING, as Assoc's SQL does.
        let moved = try db.movingAnnotationConditionsToHaving(request)
        var resolved = try ResolvedQuery(moved, graph: db.graph)
        // Keys GRDB's decoder would find among the columns first get keys of their own.
        let namer = SwiftShapeBuilder(root: resolved.root, finalID: { [resolved] in resolved.mergedIDs.finalID($0) })
        let (request, renames) = SwiftKeyCollisions.renamed(moved, resolved: resolved, names: { namer.name(of: $0) })
        if !renames.isEmpty {
            resolved = try ResolvedQuery(request, graph: db.graph)
        }
        let root = resolved.root
        let storage = SwiftStorageClasses(connection: readingValues ? db.connection : nil)
        let builder = SwiftShapeBuilder(root: root, finalID: { [resolved] in resolved.mergedIDs.finalID($0) }, storage: storage)
        var writer = SwiftRequestWriter(db: db)
        writer.catalog.storage = storage
        writer.rootAnnotationNames = root.annotations.map { builder.name(of: $0) }
        let rootType = writer.catalog.typeName(for: root.table)
        let body = try writer.body(request)
        let shape = builder.shape(of: root, key: "", isOptional: false)
        if !shape.shadowedKeys.isEmpty {
            let keys =
                shape.shadowedKeys.count == 1
                ? "The key \(shape.shadowedKeys.joined()) names" : "The keys \(shape.shadowedKeys.joined(separator: ", ")) name"
            writer.notes.append(
                keys
                    + " both a join that selects nothing (a through association's pivot) and an included association: GRDB's decoder looks scopes up breadth-first and may find the empty one, so the decoding struct may fail on these rows; rename the included association with forKey, or read the rows as Row (row.scopes[…])."
            )
        }
        var structs = SwiftDecodedStructWriter(catalog: writer.catalog)
        let decodedType: String
        if shape.isPlainRecord && shape.scopes.isEmpty && shape.prefetched.isEmpty {
            decodedType = rootType
        } else {
            decodedType = structs.makeStruct(
                for: shape, name: structs.catalog.newTypeName(rootType + "Info"), includeDescendants: true)
        }
        let requestType = try writer.resolver.rootTable(of: request)
        let requestTypeName = structs.catalog.typeName(for: requestType)
        var function = [
            "/// The request, in GRDB's query interface.",
            "func makeRequest(_ db: Database) throws -> QueryInterfaceRequest<\(requestTypeName)> {"
        ]
        function += (writer.aliasLines + body.functionLines).flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { "    " + $0 }
        function.append("}")
        let fetch = [
            "/// The rows of the request, decoded.",
            "func fetchRows(_ db: Database) throws -> [\(decodedType)] {",
            "    try \(decodedType).fetchAll(db, makeRequest(db))",
            "}"
        ]
        var declarations = structs.catalog.render()
        declarations += structs.structs
        if declarations.contains(where: { $0.contains(": " + SwiftColumnType.anyValue) || $0.contains("[" + SwiftColumnType.anyValue) }) {
            declarations.insert(SwiftAnyValueSupport.text, at: 0)
        }
        for table in storage.uncheckedTables {
            guard let info = db.schema.table(named: table), !info.isStrict else { continue }
            writer.notes.append(
                "The values of \(table) were not all read in time to check their storage classes: its columns take their declared types, and a value of another storage class (text in an INTEGER column…) fails to decode; declare such a column AnyDatabaseValue."
            )
        }
        declarations.append(function.joined(separator: "\n"))
        declarations.append(fetch.joined(separator: "\n"))
        for record in structs.catalog.records {
            let quoted = record.table.columns.map(\.name).filter { $0.contains("\"") }
            if record.table.name.contains("\"") {
                writer.notes.append(
                    "The table \(record.table.name) has a double quote in its name: GRDB 7 quotes names without doubling an inner quote, so the SQL it writes for \(record.typeName) does not parse (\"unrecognized token\") and the fetch fails; rename the table, or read it with SQL (Row.fetchAll(db, sql: …))."
                )
            } else if !quoted.isEmpty {
                writer.notes.append(
                    "The column(s) \(quoted.joined(separator: ", ")) of \(record.table.name) have a double quote in their name: GRDB 7 quotes names without doubling an inner quote, so SQL that names them (a filter, an order, a join) does not parse; rename them, or read them with SQL."
                )
            }
        }
        if !renames.isEmpty {
            let sorted = renames.sorted(by: { $0.key < $1.key })
            let what =
                sorted.count == 1
                ? "The association \(sorted[0].value) is joined with the key \(sorted[0].key)"
                : "The associations \(sorted.map(\.value).joined(separator: ", ")) are joined with the keys \(sorted.map(\.key).joined(separator: ", "))"
            writer.notes.append(
                what
                    + ": GRDB's row decoder looks a key up among the row's columns first, case-insensitively, and a column of that name would be read instead."
            )
        }
        // One note per kind of difference, however many joins or steps show it.
        var seen = Set<String>()
        let notes = writer.notes.filter { seen.insert($0).inserted }
            .map { "// Note: " + SwiftComment.oneLine($0) }.joined(separator: "\n")
        let requestLines = writer.aliasLines + body.requestOnlyLines
        return Parts(
            notes: notes,
            declarations: declarations.joined(separator: "\n\n"),
            jsonMembers: "/// The association members of each JSON object, in Assoc's order.\nlet jsonMembers: [JSONMember] = "
                + SwiftJSONMembers.literal(for: root, names: renames),
            decodedType: decodedType,
            request: requestLines.joined(separator: "\n"))
    }
}

/// Text made safe for a `//` comment: one line, control characters shown as `\u{…}`.
enum SwiftComment {
    /// Quotes and backslashes stay as they are (a comment needs no escape); line breaks, control
    /// characters and invisible scalars are written as in a string literal.
    static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += SwiftNames.stringLiteral(String(scalar)).dropFirst().dropLast()
            }
        }
        return result
    }
}
