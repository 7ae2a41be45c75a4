import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Associations are inferred table by table when first asked for (issue 32, item 5): whatever
/// order the tables are asked in, each gets the list the whole-schema inference gives it, and
/// the diagnostics are the same.
final class LazyInferenceTests: XCTestCase {
    func testAnyOrderOfQuestionsGivesEveryTableTheWholeSchemaAnswer() throws {
        let seed = randomSeed(fallback: 0x1A2_7E5)
        var random = FuzzRandom(state: seed)
        var compared = 0
        for iteration in 0..<300 {
            let (built, connection) = try SchemaFuzzTests.makeDatabase(&random)
            let schema = try SchemaIntrospector.read(connection)
            let whole = Self.wholeSchemaInference(schema)
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

    /// Every table inferred at once on several threads (one table a thread at least, here, so
    /// that small schemas take that path too) gives the whole-schema answer, whether some tables
    /// were asked about before or not.
    func testInferringEveryTableOnThreadsGivesTheWholeSchemaAnswer() throws {
        let seed = randomSeed(fallback: 0x7EAD)
        var random = FuzzRandom(state: seed)
        var compared = 0
        for iteration in 0..<200 {
            let (built, connection) = try SchemaFuzzTests.makeDatabase(&random)
            let schema = try SchemaIntrospector.read(connection)
            let whole = Self.wholeSchemaInference(schema)
            let inference = LazyAssociationInference(schema: schema, options: AssociationGraph.Options())
            if random.chance(50), let first = schema.tables.first { _ = inference.associations(from: first.name) }
            inference.inferAllNow(tablesPerThread: 1)
            let (byTable, diagnostics) = inference.inferAll()
            let all = schema.tables.flatMap { byTable[$0.name.lowercased()] ?? [] }
            XCTAssertEqual(all, whole.associations, "iteration \(iteration), seed \(seed)\n\(built.sql)")
            XCTAssertEqual(diagnostics, whole.diagnostics, "iteration \(iteration), seed \(seed)\n\(built.sql)")
            compared += all.count
        }
        XCTAssertGreaterThan(compared, 1000)
    }

    /// Every table's associations at once, as the graph inferred them before it went table by
    /// table: every link's direct associations named in one pass, then each table's through ones.
    static func wholeSchemaInference(_ schema: Schema) -> (associations: [Association], diagnostics: [String]) {
        let inflections = InflectionCache()
        let declared = ForeignKeyLinks.collect(schema: schema, firstID: 0)
        let links = declared.links + NamingConventionLinks.collect(schema: schema, firstID: declared.links.count, inflections: inflections)
        var direct = AssociationInference.directAssociations(links: links, inflections: inflections)
        for key in direct.keys { direct[key]?.sort(by: AssociationInference.isOrderedBefore) }
        var associations: [Association] = []
        var diagnostics = declared.diagnostics
        for table in schema.tables {
            let own = direct[table.name.lowercased()] ?? []
            var leftOut = 0
            let through = ThroughInference.throughAssociations(
                from: own, directByTable: direct, inflections: inflections,
                maximum: ThroughInference.maximumPerTable, leftOut: &leftOut)
            if leftOut > 0 { diagnostics.append(AssociationInference.leftOutDiagnostic(table: table.name, count: leftOut)) }
            associations += (own.map(\.association) + through).sorted(by: AssociationInference.isOrderedBefore)
        }
        return (associations, diagnostics)
    }
}
