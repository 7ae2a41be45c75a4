import XCTest

@testable import AssocCore

/// Builds an in-memory database from DDL and returns its schema.
func makeSchema(_ sql: String) throws -> Schema {
    let db = try Connection.inMemory()
    try db.execute(sql)
    return try SchemaIntrospector.read(db)
}

/// The association graph of a database built from DDL.
func makeGraph(_ sql: String, options: AssociationGraph.Options = .init()) throws -> AssociationGraph {
    AssociationGraph(schema: try makeSchema(sql), options: options)
}

extension Association {
    /// `kind name → destination`, plus `via pivot.target` for through associations: compact to compare.
    var summary: String {
        var text = "\(kind.rawValue) \(name) → \(destination)"
        if let names = throughNames { text += " via \(names.pivot).\(names.target)" }
        return text
    }

    /// `origin=destination` pairs of a direct association.
    var columnSummary: [String] { columns.map { "\($0.origin)=\($0.destination)" } }
}

extension AssociationGraph {
    func summaries(_ table: String) -> [String] {
        associations(from: table).map(\.summary)
    }

    func require(_ name: String, from table: String, file: StaticString = #filePath, line: UInt = #line) throws -> Association {
        try XCTUnwrap(association(named: name, from: table), "\(table).\(name) missing", file: file, line: line)
    }
}
