import AssocCore
import Foundation
import TestSupport
import XCTest

/// Random and mutated request texts through `db.request(parsing:)` and a fetch on the demo
/// database: a result or a thrown error, never a trap.
final class RequestTextFuzzTests: XCTestCase {
    static let tables = DemoDatabase.tableNames + ["nosuch", "\"Book\"", "`book`", "\"\"", "é"]
    static let associations = [
        "author", "translator", "library", "books", "coverImage", "prizes", "country", "demographics", "passports",
        "citizens", "countries", "sections", "paragraphs", "manager", "subordinates", "players", "team", "playerRoles",
        "paintings", "address", "booksAsAuthor", "booksAsTranslator", "nosuch", "\"author\""
    ]
    static let columns = [
        "id", "name", "title", "year", "kind", "price", "awards", "code", "birthYear", "position", "score",
        "countryCode", "authorId", "rowid", "nosuch", "\"year\"", "author.name", "b.title", "x.y"
    ]
    static let literals = [
        "0", "1", "-1", "2000", "1.5", "1e3", "'novel'", "'a''b'", "''", "NULL", "TRUE", "FALSE", "X'00FF'", "X''",
        "-9223372036854775808", "9223372036854775807", "'%'", "'\u{1B}[31m'", "'\u{0}'", "1e308", "0.0"
    ]
    static let operators = ["=", "!=", "<>", "<", ">=", "LIKE", "IS", "IS NOT", "AND", "OR", "+", "*", "/", "%", "??"]

    func expression(_ random: inout FuzzRandom, depth: Int = 0) -> String {
        let column = random.pick(Self.columns) ?? "id"
        let value = random.pick(Self.literals) ?? "1"
        switch depth > 2 ? 0 : random.below(9) {
        case 0: return "\(column) \(random.pick(Self.operators) ?? "=") \(value)"
        case 1: return "\(column) IN (\(value), \(random.pick(Self.literals) ?? "2"))"
        case 2: return "\(column) BETWEEN \(value) AND \(random.pick(Self.literals) ?? "2")"
        case 3: return "NOT (\(expression(&random, depth: depth + 1)))"
        case 4: return "\(expression(&random, depth: depth + 1)) AND \(expression(&random, depth: depth + 1))"
        case 5: return "\(random.pick(Self.associations) ?? "books").count >= \(value)"
        case 6: return "\(random.pick(Self.associations) ?? "books").max(\(column)) ?? \(value)"
        case 7: return "\(column) IS NULL"
        default: return "(\(column) - \(value)) * 2 > \(value)"
        }
    }

    func association(_ random: inout FuzzRandom, depth: Int) -> String {
        var text = random.pick(Self.associations) ?? "author"
        for _ in 0..<random.below(3) {
            switch random.below(6) {
            case 0: text += ".filter(\(expression(&random)))"
            case 1: text += ".order(\(random.pick(Self.columns) ?? "id")\(random.chance(50) ? ".desc" : ""))"
            case 2: text += ".forKey(\"\(random.pick(["k", "author", "x y", "é"]) ?? "k")\")"
            case 3: text += ".aliased(\"\(random.pick(["a", "b", "author"]) ?? "a")\")"
            case 4: text += ".select(\(random.pick(Self.columns) ?? "id"))"
            default:
                if depth < 2 { text += "." + join(&random, depth: depth + 1) }
            }
        }
        return text
    }

    func join(_ random: inout FuzzRandom, depth: Int) -> String {
        let method =
            random.pick(["including(required: ", "including(optional: ", "including(all: ", "joining(required: ", "joining(optional: "])
            ?? "including(all: "
        return method + association(&random, depth: depth) + ")"
    }

    func request(_ random: inout FuzzRandom) -> String {
        var text = random.pick(Self.tables) ?? "book"
        for _ in 0..<random.below(5) {
            switch random.below(8) {
            case 0, 1: text += "." + join(&random, depth: 0)
            case 2: text += ".filter(\(expression(&random)))"
            case 3: text += ".order(\(random.pick(Self.columns) ?? "id")\(random.chance(50) ? " DESC" : ""), id)"
            case 4: text += ".annotated(with: \(random.pick(Self.associations) ?? "books").count)"
            case 5: text += ".having(\(expression(&random)))"
            case 6: text += ".select(*, \(random.pick(Self.columns) ?? "id").forKey('k'))"
            default: text += ".limit(\(random.below(5))\(random.chance(30) ? ", offset: 2" : ""))"
            }
        }
        return text
    }

    /// Deletes, duplicates, swaps or replaces a span of characters.
    func mutate(_ text: String, _ random: inout FuzzRandom) -> String {
        var characters = Array(text)
        for _ in 0...random.below(3) where !characters.isEmpty {
            let index = random.below(characters.count)
            let length = min(characters.count - index, 1 + random.below(6))
            let span = Array(characters[index..<(index + length)])
            switch random.below(5) {
            case 0: characters.removeSubrange(index..<(index + length))
            case 1: characters.insert(contentsOf: span, at: random.below(characters.count + 1))
            case 2:
                characters.replaceSubrange(
                    index..<(index + length),
                    with: Array(random.pick(["(", ")", ".", "'", "\"", ",", ":", " ", "\u{0}", "é", "🙂", "--", "/*"]) ?? "("))
            case 3: characters.swapAt(index, random.below(characters.count))
            default: characters.insert(contentsOf: Array(random.pick(Self.literals) ?? "1"), at: index)
            }
        }
        return String(characters)
    }

    func testRandomAndMutatedRequestTexts() throws {
        let seed = randomSeed(fallback: 0x7E47)
        let count = TestVolume.count(quick: 6_000, full: 20_000, variable: "ASSOC_FUZZ_COUNT")
        var random = FuzzRandom(state: seed)
        let database = try Database(connection: DemoDatabase.make())
        var syntaxErrors = 0
        var assocErrors = 0
        var fetched = 0
        var rows = 0
        var databaseErrors: [String: Int] = [:]
        for iteration in 0..<count {
            var text = request(&random)
            if random.chance(60) { text = mutate(text, &random) }
            do {
                var parsed = try database.request(parsing: text)
                parsed.limit = min(parsed.limit ?? 5, 5)
                rows += try database.fetchAll(parsed).count
                fetched += 1
            } catch AssocError.syntax {
                syntaxErrors += 1
            } catch AssocError.sqlite(let error) {
                // Only data-dependent SQLite errors are acceptable; SQL that does not compile is a generator bug.
                let message = error.message
                if message.contains("syntax error") || message.contains("no such") || message.contains("ambiguous") {
                    XCTFail("iteration \(iteration), seed \(seed): generated SQL rejected: \(error)\nrequest: \(text)")
                    return
                }
                databaseErrors[message, default: 0] += 1
            } catch is AssocError {
                assocErrors += 1
            }
        }
        print(
            "RequestTextFuzzTests: \(count) texts: \(fetched) fetched (\(rows) rows), \(syntaxErrors) syntax errors, \(assocErrors) AssocErrors, SQLite errors: \(databaseErrors)"
        )
        XCTAssertGreaterThan(fetched, count / 20)
    }
}
