@testable import AssocCore
import Foundation
import XCTest
import TestSupport

/// Associations are inferred table by table when first asked for (issue 32, item 5): whatever
/// order the tables are asked in, each gets the list the whole-schema inference gives it, and
/// the diagnostics are the same.
final class LazyInferenceTests: XCTestCase {
    func testAnyOrderOfQuestionsGivesEveryTableTheWholeSchemaAnswer() throws {
        let seed = fuzzSeed("LazyInferenceTests", fallback: 0x1A2_7E5)
        var random = FuzzRandom(state: seed)
        var compared = 0
        for iteration in 0..<300 {
            let built = SchemaFuzzTests.makeSchema(&random)
            let connection = try Connection.inMemory()
            try connection.execute("PRAGMA foreign_keys = OFF")
            _ = try? connection.execute(built.sql)
            let schema = try SchemaIntrospector.read(connection)
            let whole = AssociationInference.infer(schema: schema, options: .init())
            let graph = AssociationGraph(schema: schema)
            var names = schema.tables.map(\.name)
            names.shuffle(using: &random)
            for name in names {
                let expected = whole.associations.filter { $0.origin.lowercased() == name.lowercased() }
                XCTAssertEqual(graph.associations(from: name), expected, "iteration \(iteration), seed \(seed), table \(name)\n\(built.sql)")
                compared += expected.count
            }
            XCTAssertEqual(graph.diagnostics, whole.diagnostics, "iteration \(iteration), seed \(seed)\n\(built.sql)")
        }
        print("LazyInferenceTests: \(compared) associations compared")
        XCTAssertGreaterThan(compared, 1000)
    }
}
