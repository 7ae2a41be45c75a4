import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// The README's Swift example, compiled and run against a database built here.
final class ReadmeExampleTests: XCTestCase {
    /// The code after `<!-- marker -->` in the file at `path` (from the repository).
    static func example(in path: String, marker name: String = "readme-example") throws -> String {
        let text = try String(contentsOf: SwiftProgram.repository.appendingPathComponent(path), encoding: .utf8)
        let marker = try XCTUnwrap(text.range(of: "<!-- \(name) -->\n```swift\n"), "\(name) marker in \(path)")
        let end = try XCTUnwrap(text.range(of: "\n```", range: marker.upperBound..<text.endIndex))
        return String(text[marker.upperBound..<end.lowerBound])
    }

    /// The DocC overview shows the compiled example, not a copy that drifts from it.
    func testTheDocumentationOverviewShowsTheReadmeExample() throws {
        XCTAssertEqual(try Self.example(in: "Sources/AssocCore/AssocCore.docc/AssocCore.md"), try Self.example(in: "README.md"))
    }

    /// Every Swift example of the DocC articles and of docs/ compiles against AssocCore, each in a
    /// function of its own, beside the README example's record types (`Author`, `Book`, `BookInfo`…).
    func testTheDocumentationArticlesExamplesCompile() throws {
        let readme = try Self.example(in: "README.md")
        let types = try XCTUnwrap(readme.range(of: "let db = ")).lowerBound
        var code = String(readme[..<types]).replacing("import AssocCore\n", with: "")
        let catalog = SwiftProgram.repository.appendingPathComponent("Sources/AssocCore/AssocCore.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            .filter { $0.hasSuffix(".md") && $0 != "AssocCore.md" }.sorted()
        XCTAssertEqual(articles.count, 6, "\(articles)")
        var count = 0
        for article in articles {
            var text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)[...]
            while let start = text.range(of: "```swift\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) {
                count += 1
                code += "\n// \(article)\nfunc example\(count)() throws {\n\(text[start.upperBound..<end.lowerBound])\n}\n"
                text = text[end.upperBound...]
            }
        }
        XCTAssertGreaterThanOrEqual(count, 15)
        // And every Swift example of the manual in docs/, each in a function of its own too.
        let docs = SwiftProgram.repository.appendingPathComponent("docs")
        var manualCount = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: docs.path).filter({ $0.hasSuffix(".md") }).sorted() {
            var text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)[...]
            while let start = text.range(of: "```swift\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) {
                count += 1
                manualCount += 1
                let body = text[start.upperBound..<end.lowerBound].replacing("import AssocCore\n", with: "")
                code += "\n// docs/\(file)\nfunc example\(count)() throws {\n\(body)\n}\n"
                text = text[end.upperBound...]
            }
        }
        XCTAssertGreaterThanOrEqual(manualCount, 4)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docc-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .readWrite(create: true)).execute("CREATE TABLE t(id INTEGER PRIMARY KEY)")
        let result = try SwiftProgram.compileAndRun(code, arguments: [path])
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
    }

    /// docs/LIBRARY.md's example of SQL with arguments, built outside the package against
    /// AssocCore's public API, gets the rows SQLite gives for the same statement and values.
    func testTheSQLArgumentsExampleRunsOutsideThePackage() throws {
        var code = try Self.example(in: "docs/LIBRARY.md", marker: "sql-arguments-example")
        XCTAssert(code.contains(#"try Database(path: "music.sqlite")"#))
        code = code.replacing(#"try Database(path: "music.sqlite")"#, with: "try Database(path: CommandLine.arguments[1])")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arguments-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute(
            """
            CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER, Milliseconds INTEGER);
            INSERT INTO Track VALUES (1, 'Let There Be Rock', 1, 366654), (2, 'Go Down', 1, 331180),
              (3, 'Dog Eat Dog', 1, 215196), (4, 'Overdose', 2, 369319), (5, 'Bad Boy Boogie', 1, 300000);
            """)
        let result = try SwiftProgram.compileAndRun(code, arguments: [path], openDatabase: false)
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
        // Album 1 over 300,000 ms (300,000 itself is not over), by name; then album 1's 4 tracks.
        XCTAssertEqual(result.output, "\"Go Down\" 331180\n\"Let There Be Rock\" 366654\n4\n")
    }

    /// The AssocInsights catalog's example compiles outside the package against AssocCore and
    /// AssocInsights, and runs on a small music database.
    func testTheInsightsCatalogExampleCompilesAndRuns() throws {
        var code = ""
        let catalog = SwiftProgram.repository.appendingPathComponent("Sources/AssocInsights/AssocInsights.docc")
        for article in try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter({ $0.hasSuffix(".md") }).sorted() {
            var text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)[...]
            while let start = text.range(of: "```swift\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) {
                code += text[start.upperBound..<end.lowerBound].replacing("import AssocCore\n", with: "") + "\n"
                text = text[end.upperBound...]
            }
        }
        XCTAssertTrue(code.contains("func describe(_ db: Database)"), code)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("insights-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .readWrite(create: true)).execute(
            """
            CREATE TABLE Genre(GenreId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, GenreId INTEGER REFERENCES Genre(GenreId));
            INSERT INTO Genre VALUES (1, 'Rock');
            INSERT INTO Track VALUES (1, 'a', 1), (2, 'b', 1), (3, 'c', 9);
            """)
        let result = try SwiftProgram.compileAndRun(code + "\ntry describe(db)\n", arguments: [path], modules: ["AssocCore", "AssocInsights"])
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
        XCTAssertTrue(result.output.hasPrefix("1 2\n9 1\n"), result.output)
    }

    func testReadmeSwiftExampleCompilesAndRuns() throws {
        var code = try Self.example(in: "README.md")
        XCTAssert(code.contains(#"try Database(path: "library.sqlite")"#))
        code = code.replacing(#"try Database(path: "library.sqlite")"#, with: "try Database(path: CommandLine.arguments[1])")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = try Connection(path: path, mode: .readWrite(create: true))
        try connection.execute(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT NOT NULL);
            INSERT INTO author VALUES (1, 'Jane Austen'), (2, 'Mary Shelley');
            INSERT INTO book VALUES (1, 1, 'Persuasion'), (2, 2, 'Frankenstein'), (3, 1, 'Emma');
            """)

        let result = try SwiftProgram.compileAndRun(code, arguments: [path], openDatabase: false)
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
        XCTAssertEqual(
            result.output,
            """
            Emma by Jane Austen
            Frankenstein by Mary Shelley
            Persuasion by Jane Austen
            Jane Austen: Emma, Persuasion
            ["Emma", "Persuasion"]
            SELECT * FROM "book" WHERE "authorId" IN (SELECT "id" FROM "author" WHERE "name" = ?) ORDER BY "title"
            book has no autor; did you mean ["author"]?

            """)
    }

    /// The operators, as code outside the package writes them: a column or expression on either
    /// side builds SQL; two plain Swift values keep their ordinary meaning (a `Bool`).
    func testOperatorsCompileOutsideThePackage() throws {
        let code = #"""
            let a = Column("a"), b = Column("b")
            let conditions: [Expression] = [
                a == 1, 1 < a, a == b, a != nil, a == "x" && b > 2.5, a <= 1 || !(b >= 2), -a + 1 == 2 * b - a / 3,
                Int64(4) == a, Optional<Int>.none == a, "x" != a, DatabaseValue.integer(1) > a,
            ]
            let ordinary: Bool = 1 == 2 || "a" < "b"
            let table = Table("t")
            for condition in conditions { print(try db.mainStatement(for: table.filter(condition)).sql) }
            print(ordinary)
            """#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("operators-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .readWrite(create: true)).execute("CREATE TABLE t(a, b)")
        let result = try SwiftProgram.compileAndRun(code, arguments: [path])
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
        let lines = result.output.split(separator: "\n").map { $0.replacing(#"SELECT * FROM "t" WHERE "#, with: "") }
        XCTAssertEqual(
            lines,
            [
                #""a" = ?"#, #"? < "a""#, #""a" = "b""#, #""a" IS NOT NULL"#, #"("a" = ?) AND ("b" > ?)"#,
                #"("a" <= ?) OR (NOT ("b" >= ?))"#,
                #"((-"a") + ?) = ((? * "b") - ("a" / ?))"#, #"? = "a""#, #""a" IS NULL"#, #"? <> "a""#, #"? > "a""#, "true"
            ])
    }
}
