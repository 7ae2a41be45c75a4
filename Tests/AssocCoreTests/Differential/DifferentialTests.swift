import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Random requests fetched through AssocCore and compared with a reference computed in Swift from
/// plain per-table reads. Environment: ASSOC_SEED (replay), ASSOC_DIFF_COUNT (default 600, 2000
/// under ASSOC_FULL_TESTS=1), ASSOC_DIFF_ONLY (run one request index of the seed).
final class DifferentialTests: XCTestCase {
    /// Random aggregate requests (annotated, having) with nested prefetches: see DifferentialAggregateTests.swift.
    func testRandomAggregateRequestsMatchReference() throws {
        try runRandomAggregateRequests()
    }

    func testRandomRequestsMatchReference() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = randomSeed()
        let count = TestVolume.count(quick: 600, full: 2000, variable: "ASSOC_DIFF_COUNT")
        let only = environment["ASSOC_DIFF_ONLY"].flatMap { Int($0) }
        let replay = "ASSOC_SEED=\(seed)"
        print("AssocDiff: seed \(seed), \(count) requests (replay with \(replay))")
        let start = Date()

        let connection = try DiffSchema.makeConnection(seed: seed)
        let db = try Database(connection: connection)
        let tables = try DiffTables(connection: connection)
        let evaluator = DiffEvaluator(tables: tables)
        var run = 0
        var rejected = 0
        var unplannedConflicts = 0
        var merged = 0
        var mismatches = 0
        var nonEmpty = 0
        var rowCount = 0
        var methods: [JoinMethod: Int] = [:]
        var kinds: [AssociationKind: Int] = [:]

        for index in 0..<count {
            if let only, index != only { continue }
            var generator = DiffGenerator(
                graph: db.graph, tables: tables, rng: SplitMix64(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D))
            let spec = generator.request()
            let request = spec.request
            var counts = DiffPlan.MergeCount()
            let plan = DiffPlan.plan(spec.root, isIncluded: true, conflicts: &counts)
            let expectsRefusal = counts.conflicts > 0
            if counts.merges > 0 && !expectsRefusal { merged += 1 }
            if expectsRefusal != spec.expectsAmbiguousKey { unplannedConflicts += 1 }
            run += 1
            let actual: [Row]
            do {
                actual = try db.fetchAll(request)
            } catch AssocError.ambiguousKey where expectsRefusal {
                rejected += 1
                continue
            } catch {
                mismatches += 1
                XCTFail("[\(replay) ASSOC_DIFF_ONLY=\(index)] the engine threw \(error)\n  request: \(spec.description)")
                continue
            }
            if expectsRefusal {
                mismatches += 1
                XCTFail("[\(replay) ASSOC_DIFF_ONLY=\(index)] expected an ambiguous-key error\n  request: \(spec.description)")
                continue
            }
            Self.count(spec.root, &methods, &kinds)
            let expected = evaluator.rows(root: plan).map { DiffTree.canonical($0) }.sorted()
            let got = actual.map { DiffTree.canonical(DiffTree($0)) }.sorted()
            rowCount += got.count
            if !got.isEmpty { nonEmpty += 1 }
            var problem: String?
            if expected != got {
                problem = Self.difference(expected: expected, actual: got)
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
            AssocDiff: seed \(seed): \(run) requests, \(mismatches) mismatches, \(rejected) rejected (\(unplannedConflicts) from nested merges) \
            (\(run == 0 ? 0 : rejected * 100 / run)%), \(merged) with merged keys, \(nonEmpty) with rows, \(rowCount) rows, \(String(format: "%.1f", seconds)) s
              methods: \(methods.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " "))
              kinds: \(kinds.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: " "))
            """)
        XCTAssertEqual(mismatches, 0, "seed \(seed)")
        XCTAssertLessThanOrEqual(rejected * 5, run, "more than 20% of the requests were rejected (seed \(seed))")
        if only == nil && count >= 200 {
            XCTAssertGreaterThan(nonEmpty * 2, run, "most requests should fetch rows (seed \(seed))")
            for method in JoinMethod.allCases { XCTAssertGreaterThan(methods[method] ?? 0, 0, "\(method) never generated") }
            for kind in AssociationKind.allCases { XCTAssertGreaterThan(kinds[kind] ?? 0, 0, "\(kind) never generated") }
        }
    }

    private static func count(_ node: DiffNode, _ methods: inout [JoinMethod: Int], _ kinds: inout [AssociationKind: Int]) {
        for child in node.children {
            methods[child.method, default: 0] += 1
            kinds[child.association.kind, default: 0] += 1
            count(child.node, &methods, &kinds)
        }
    }

    /// The first expected row AssocCore did not return, and the first row it returned unexpectedly.
    private static func difference(expected: [String], actual: [String]) -> String {
        var remaining: [String: Int] = [:]
        for row in actual { remaining[row, default: 0] += 1 }
        var missing: [String] = []
        for row in expected {
            if let n = remaining[row], n > 0 { remaining[row] = n - 1 } else { missing.append(row) }
        }
        let extra = remaining.filter { $0.value > 0 }.map(\.key).sorted()
        return """
            expected \(expected.count) rows, got \(actual.count)
              first missing:    \(missing.first ?? "-") (\(missing.count) missing)
              first unexpected: \(extra.first ?? "-") (\(extra.count) distinct unexpected)
            """
    }
}
