import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// The aggregate half of the differential test: random annotated/having requests with prefetches,
/// compared with `DiffAggregateReference`. Environment: ASSOC_SEED (replay), ASSOC_DIFF_AGG_COUNT
/// (default 300, 2000 under ASSOC_FULL_TESTS=1), ASSOC_DIFF_ONLY (run one request index of the seed).
extension DifferentialTests {
    func runRandomAggregateRequests() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = randomSeed()
        let count = TestVolume.count(quick: 300, full: 2000, variable: "ASSOC_DIFF_AGG_COUNT")
        let only = environment["ASSOC_DIFF_ONLY"].flatMap { Int($0) }
        let replay = "ASSOC_SEED=\(seed)"
        print("AssocDiffAgg: seed \(seed), \(count) requests (replay with \(replay))")
        let start = Date()

        let connection = try DiffSchema.makeConnection(seed: seed)
        let db = try Database(connection: connection)
        let tables = try DiffTables(connection: connection)
        let evaluator = DiffEvaluator(tables: tables)
        let reference = DiffAggregateReference(tables: tables)
        var run = 0
        var mismatches = 0
        var nonEmpty = 0
        var rowCount = 0
        var withHaving = 0
        var withPrefetch = 0
        var withThrough = 0
        var merged = 0
        var functions: [DiffAggregate.Function: Int] = [:]

        for index in 0..<count {
            if let only, index != only { continue }
            var generator = DiffAggregateGenerator(
                graph: db.graph, tables: tables, rng: SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 0xA66))
            let spec = generator.request()
            run += 1
            if !spec.havings.isEmpty { withHaving += 1 }
            if spec.base.children.contains(where: { $0.method == .includingAll || !$0.node.children.isEmpty }) { withPrefetch += 1 }
            if spec.aggregates.contains(where: { $0.association.throughNames != nil }) { withThrough += 1 }
            if Set(spec.aggregates.map(\.levelKey)).count < spec.aggregates.count { merged += 1 }
            for a in spec.aggregates { functions[a.function, default: 0] += 1 }

            var counts = DiffPlan.MergeCount()
            let plan = DiffPlan.plan(spec.base, isIncluded: true, conflicts: &counts)
            let rootTable = tables.rows(spec.base.table)
            var expected: [String] = []
            for var tree in evaluator.rows(root: plan) {
                let values = reference.values(spec, rootTable: rootTable, root: tree.values)
                guard spec.havings.allSatisfy({ DiffAggregateReference.evaluate($0, values) == true }) else { continue }
                tree.values += spec.annotations.map { DiffAggregateReference.evaluate($0, values) }
                tree.values = tree.values.map(DiffAggregateReference.rounded)
                expected.append(DiffTree.canonical(tree))
            }
            expected.sort()
            let request = spec.request
            let actual: [Row]
            do {
                actual = try db.fetchAll(request)
            } catch {
                mismatches += 1
                XCTFail("[\(replay) ASSOC_DIFF_ONLY=\(index)] the engine threw \(error)\n  request: \(spec.description)")
                continue
            }
            let got = actual.map { row -> String in
                var tree = DiffTree(row)
                tree.values = tree.values.map(DiffAggregateReference.rounded)
                return DiffTree.canonical(tree)
            }.sorted()
            rowCount += got.count
            if !got.isEmpty { nonEmpty += 1 }
            var problem: String?
            if expected != got {
                problem =
                    "expected \(expected.count) rows, got \(got.count)\n  expected: \(expected.prefix(4).joined(separator: "\n            "))\n  got:      \(got.prefix(4).joined(separator: "\n            "))"
            } else if let violation = DiffOrderCheck.violation(actual, plan) {
                problem = "ordering: " + violation
            }
            if let problem {
                mismatches += 1
                if mismatches <= 5 {
                    let statements = (try? db.executedStatements(for: request))?.map(\.description) ?? []
                    XCTFail(
                        """
                        [\(replay) ASSOC_DIFF_ONLY=\(index)] mismatch
                          request: \(spec.description)
                          SQL:
                            \(statements.joined(separator: "\n    "))
                          \(problem)
                        """)
                }
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print(
            """
            AssocDiffAgg: seed \(seed): \(run) requests, \(mismatches) mismatches, \(nonEmpty) with rows, \(rowCount) rows, \
            \(withHaving) with having, \(withPrefetch) with prefetch, \(withThrough) through, \(merged) with merged joins, \
            \(String(format: "%.1f", seconds)) s
              functions: \(functions.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " "))
            """)
        XCTAssertEqual(mismatches, 0, "seed \(seed)")
        if only == nil && count >= 200 {
            XCTAssertGreaterThan(nonEmpty * 2, run, "most requests should fetch rows (seed \(seed))")
            XCTAssertGreaterThan(withHaving * 10, run, "too few havings (seed \(seed))")
            XCTAssertGreaterThan(withThrough * 20, run, "too few through aggregates (seed \(seed))")
            for function in DiffAggregate.Function.allCases {
                XCTAssertGreaterThan(functions[function] ?? 0, 0, "\(function) never generated")
            }
        }
    }
}
