import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// Random inputs must give a tree or an error, never a trap; parsed trees must round-trip.
///
/// Replay: `ASSOC_SEED=<seed printed on failure> swift test --filter LanguageFuzzTests`.
/// `ASSOC_FUZZ_COUNT` changes the number of inputs (default 20,000; 100,000 under `ASSOC_FULL_TESTS=1`).
final class LanguageFuzzTests: XCTestCase {
    typealias Random = SeededRandom

    static let seeds = [
        "book.including(required: author.including(optional: country)).including(optional: coverImage).filter(year >= 2000 AND kind = 'novel').order(title, year.desc).limit(10)",
        "\"Order Details\".filter(Quantity > 5)",
        "`Order Details`.joining(required: product.filter(name LIKE 'A%').aliased(\"p\")).filter(p.price > 10 OR p.price IS NULL)",
        "author.including(all: books.filter(year > 2000).order(year.desc).forKey(\"recentBooks\"))",
        "author.annotated(with: books.count, books.max(year)).having(books.count >= 2)",
        "team.including(all: players.select(name, position))",
        "book.limit(10, offset: 20)",
        "t.filter(a NOT BETWEEN -1 AND 2e3 || !(b IN (1, 'x', X'AB', NULL)) && c ?? d <> -9223372036854775808)",
        "t.annotated(with: (books.count + paintings.count).forKey(\"n\"), books.min(year) ?? 0).having(books.isEmpty AND paintings.isEmpty)",
        "t.select(*, a.forKey('k')).distinct().order(x DESC, (a - b) % 3 ASC)"
    ]

    static let fragments = [
        ".", "(", ")", ",", ":", "*", "/", "%", "+", "-", "=", "==", "!=", "<>", "!", "<", "<=", ">", ">=", "??", "?",
        "||", "&&", "|", "&", "'", "\"", "`", "''", "\"\"", "X'", "x'0A'", "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE",
        "BETWEEN", "TRUE", "FALSE", "DESC", "ASC", "desc", "count", "isEmpty", "min", "max", "forKey", "including",
        "joining", "filter", "order", "select", "limit", "distinct", "aliased", "annotated", "having", "required:",
        "optional:", "all:", "with:", "offset:", "book", "é", "😀", "👍🏽", "\u{0}", "\u{FFFD}", "\n", " ", "\t", "1", "1.5",
        "1e", "1e+", "1e999", "99999999999999999999", "9223372036854775808", "0x1F", "$", "_", "\u{301}", "\u{200B}"
    ]

    func testFuzzNeverTraps() throws {
        let seed = randomSeed(fallback: 0x00A5_50C0_FFEE)
        let count = TestVolume.count(quick: 20_000, full: 100_000, variable: "ASSOC_FUZZ_COUNT")
        var random = Random(state: seed)
        let seedTokens: [[String]] = try Self.seeds.map { text in
            try RequestLexer.tokenize(text).dropLast().map { token in
                let utf8 = Array(text.utf8)
                return String(decoding: utf8[token.range], as: UTF8.self)
            }
        }
        var parsed = 0
        var failed = 0
        let started = Date()
        for iteration in 0..<count {
            let input = makeInput(&random, seedTokens)
            do {
                let tree = try RequestParser.parse(input)
                parsed += 1
                let printed = RequestPrinter.print(tree)
                do {
                    let reparsed = try RequestParser.parse(printed)
                    if reparsed != tree {
                        XCTFail("round trip changed tree (iteration \(iteration), seed \(seed)): \(input) → \(printed)")
                        return
                    }
                } catch {
                    XCTFail("print does not parse (iteration \(iteration), seed \(seed)): \(input) → \(printed): \(error)")
                    return
                }
            } catch {
                failed += 1
                let size = input.utf8.count
                if error.position < 0 || error.position > size || error.column < 1 || error.line < 1 || error.message.isEmpty {
                    XCTFail("bad error position (iteration \(iteration), seed \(seed)): \(input): \(error)")
                    return
                }
                _ = error.rendering
            }
        }
        print("LanguageFuzzTests: \(parsed) parsed, \(failed) errors in \(Date().timeIntervalSince(started)) s")
        XCTAssertGreaterThan(parsed, count / 50, "the mutations should keep some inputs valid")
        XCTAssertGreaterThan(failed, count / 50)
    }

    func makeInput(_ random: inout Random, _ seedTokens: [[String]]) -> String {
        switch random.below(10) {
        case 0:
            // Random bytes, possibly invalid UTF-8 (decoded with replacement characters).
            let bytes = (0..<random.below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            // Random fragments.
            return (0..<random.below(25)).compactMap { _ in random.pick(Self.fragments) }.joined(separator: random.below(2) == 0 ? "" : " ")
        case 2:
            // Valid seed, untouched or with one character removed.
            let text = random.pick(Self.seeds) ?? ""
            guard random.below(2) == 0, !text.isEmpty else { return text }
            var scalars = Array(text.unicodeScalars)
            scalars.remove(at: random.below(scalars.count))
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        default:
            // Token mutations of a valid request: deletions, insertions, swaps, duplications.
            var tokens = random.pick(seedTokens) ?? []
            for _ in 0..<(1 + random.below(3)) {
                guard !tokens.isEmpty else { break }
                let i = random.below(tokens.count)
                switch random.below(5) {
                case 0: tokens.remove(at: i)
                case 1: tokens.insert(random.pick(Self.fragments) ?? "", at: i)
                case 2:
                    let j = random.below(tokens.count)
                    tokens.swapAt(i, j)
                case 3: tokens.insert(tokens[i], at: i)
                default:
                    let other = random.pick(seedTokens) ?? []
                    if let token = random.pick(other) { tokens[i] = token }
                }
            }
            return tokens.joined(separator: " ")
        }
    }
}
