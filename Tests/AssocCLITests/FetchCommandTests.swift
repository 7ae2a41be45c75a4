import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc sql` and `assoc fetch` on a database the test builds, checked against hand-written output.
final class FetchCommandTests: XCTestCase {
    var directory: URL!
    var path: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory()
        path = try makeDatabaseFile(
            "shelf.sqlite", in: directory,
            sql: """
                CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
                CREATE TABLE library(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE address(id INTEGER PRIMARY KEY, libraryId INTEGER UNIQUE REFERENCES library(id), city TEXT);
                CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES person(id),
                                  libraryId INTEGER REFERENCES library(id), title TEXT, cover BLOB, price REAL);
                CREATE TABLE prize(id INTEGER PRIMARY KEY, bookId INTEGER REFERENCES book(id), name TEXT);
                INSERT INTO country VALUES ('FR', 'France');
                INSERT INTO person VALUES (1, 'Zola', 'FR'), (2, 'Anon', NULL);
                INSERT INTO library VALUES (1, 'Central');
                INSERT INTO address VALUES (1, 1, 'Lyon');
                INSERT INTO book VALUES (1, 1, 1, 'Nana', X'00FF10', 9.5), (2, 2, NULL, 'Untitled', NULL, NULL);
                INSERT INTO prize VALUES (1, 1, 'Gold'), (2, 1, 'Silver');
                """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testSQLPrintsTheStatementWithItsArguments() throws {
        let result = try BinaryRunner.run([
            "sql", path, "book.including(required: author).filter(title LIKE 'N%' AND price > 1.5).order(title.desc).limit(3)"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId" WHERE ("book"."title" LIKE ?) AND ("book"."price" > ?) ORDER BY "book"."title" DESC LIMIT 3;
            -- arguments: 'N%', 1.5

            """)
    }

    /// The slips of a first try each get a message that names them: the database forgotten (the
    /// request ran on the demo database), the request forgotten, text in double quotes.
    func testForgottenArgumentsAndDoubleQuotedTextAreNamed() throws {
        let noDatabase = try BinaryRunner.run(["fetch", "Genre.limit(1)"])
        XCTAssertEqual(noDatabase.status, 1)
        XCTAssertEqual(noDatabase.stderr, "assoc: no table \"Genre\" in the demo database (no DB given; usage: assoc fetch DB REQUEST)\n")
        let noRequest = try BinaryRunner.run(["sql", path])
        XCTAssertEqual(noRequest.status, 1)
        XCTAssertTrue(
            noRequest.stderr.hasPrefix("assoc: the request is missing after the database \"\(path!)\": usage: assoc sql DB REQUEST, e.g. assoc sql "),
            noRequest.stderr)
        XCTAssertTrue(noRequest.stderr.hasSuffix(".limit(10)'\n"), noRequest.stderr)
        let quoted = try BinaryRunner.run(["fetch", path, #"person.filter(name = "Zola")"#])
        XCTAssertEqual(quoted.status, 1)
        XCTAssertEqual(quoted.stderr, "assoc: table \"person\" has no column named \"Zola\"; text goes in single quotes: 'Zola'\n")
    }

    func testSQLOfAPrefetchPrintsEveryStatement() throws {
        let result = try BinaryRunner.run(["sql", path, "book.including(all: prizes).order(id)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            SELECT * FROM "book" ORDER BY "id";

            SELECT *, "bookId" FROM "prize" WHERE "bookId" IN (…);
            -- prizes: IN (…) holds the id of the fetched book rows, one statement for all of them

            """)
    }

    func testFetchJSONFollowsTheContract() throws {
        let result = try BinaryRunner.run([
            "fetch", path, "--format", "json",
            "book.select(id, title, cover, price).including(optional: address).including(optional: author.select(name).including(optional: country.select(name))).including(all: prizes.select(name).order(name)).order(id)"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.count, 2)
        // Book 1: through association `address` (via library) is one member; the library is not.
        XCTAssertEqual(json[0]["title"] as? String, "Nana")
        XCTAssertEqual(json[0]["price"] as? Double, 9.5)
        XCTAssertEqual((json[0]["cover"] as? [String: String])?["base64"], "AP8Q")
        XCTAssertEqual((json[0]["address"] as? [String: Any])?["city"] as? String, "Lyon")
        XCTAssertNil(json[0]["library"])
        let author = try XCTUnwrap(json[0]["author"] as? [String: Any])
        XCTAssertEqual(author["name"] as? String, "Zola")
        XCTAssertEqual((author["country"] as? [String: Any])?["name"] as? String, "France")
        XCTAssertEqual((json[0]["prizes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Gold", "Silver"])
        // Book 2: absent optional associations are null, an empty prefetch is [].
        XCTAssert(json[1]["address"] is NSNull)
        XCTAssert((json[1]["author"] as? [String: Any])?["country"] is NSNull)
        XCTAssert(json[1]["cover"] is NSNull)
        XCTAssertEqual((json[1]["prizes"] as? [Any])?.count, 0)
        // Member order: columns first, then associations in request order.
        XCTAssert(result.stdout.contains(#""id": 1"#))
        let keys = ["\"id\"", "\"title\"", "\"cover\"", "\"price\"", "\"address\"", "\"author\"", "\"prizes\""]
        let positions = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
        XCTAssertEqual(positions, positions.sorted())
    }

    func testJoiningAddsNoMember() throws {
        let result = try BinaryRunner.run([
            "fetch", path, "--format", "json", "book.select(id).joining(required: author.filter(name = 'Zola'))"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "[\n  {\"id\": 1}\n]\n")
    }

    func testAColumnCollidingWithAnAssociationKeyIsAnError() throws {
        let result = try BinaryRunner.run([
            "fetch", path, "--format", "json", "book.select(id, title).including(optional: author.forKey(\"title\"))"
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssert(result.stderr.contains("\"title\" appears twice"), result.stderr)
        XCTAssert(result.stderr.contains("forKey"), result.stderr)
    }

    func testFetchTableAndDebug() throws {
        let table = try BinaryRunner.run(["fetch", path, "book.select(id, title).including(optional: author.select(name)).order(id)"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(
            table.stdout,
            """
            id │ title    │ author.name
            ───┼──────────┼────────────
             1 │ Nana     │ Zola
             2 │ Untitled │ Anon
            (2 rows)

            """)
        let debug = try BinaryRunner.run([
            "fetch", path, "--format", "debug",
            "book.select(id).including(required: author.select(name)).including(all: prizes.select(name)).filter(id = 1)"
        ])
        XCTAssertEqual(debug.status, 0, debug.stderr)
        XCTAssertEqual(
            debug.stdout,
            """
            ▿ [id:1]
              unadapted: [id:1 name:"Zola"]
              - author: [name:"Zola"]
              + prizes: 2 rows

            """)
    }

    /// NULL is `∅` in the table, as in the browser; the texts 'NULL' and '∅' stay distinct from it
    /// (a text that reads as NULL is written as an SQL literal); CSV and JSON keep their own NULL.
    func testTableShowsNullAsTheSignAndKeepsLookalikeTextsDistinct() throws {
        let db = try Connection(path: path, mode: .readWrite(create: false))
        try db.execute(
            """
            CREATE TABLE mark(id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO mark VALUES (1, NULL), (2, 'NULL'), (3, '∅'), (4, '''∅'''), (5, '∅ '), (6, 'x ∅');
            """)
        let table = try BinaryRunner.run(["fetch", path, "mark.order(id)"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertEqual(
            table.stdout,
            """
            id │ v
            ───┼────────
             1 │ ∅
             2 │ NULL
             3 │ '∅'
             4 │ '''∅'''
             5 │ '∅ '
             6 │ x ∅
            (6 rows)

            """)
        let csv = try BinaryRunner.run(["fetch", path, "--format", "csv", "mark.filter(id <= 3).order(id)"])
        XCTAssertEqual(csv.stdout, "id,v\r\n1,\r\n2,NULL\r\n3,∅\r\n")
        let json = try BinaryRunner.run(["fetch", path, "--format", "ndjson", "mark.filter(id <= 3).order(id)"])
        XCTAssertEqual(json.stdout, #"{"id":1,"v":null}"# + "\n" + #"{"id":2,"v":"NULL"}"# + "\n" + #"{"id":3,"v":"∅"}"# + "\n")
    }

    func testRequestErrorsAreOneClearMessage() throws {
        let unknown = try BinaryRunner.run(["fetch", path, "book.including(optional: autor)"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "assoc: table \"book\" has no association named \"autor\" (did you mean \"author\"?)\n")
        let syntax = try BinaryRunner.run(["sql", path, "book.filter(id = )"])
        XCTAssertEqual(syntax.status, 1)
        XCTAssert(syntax.stderr.hasPrefix("assoc: "), syntax.stderr)
        XCTAssert(syntax.stderr.contains("^"), syntax.stderr)
    }

    func testDemoDatabaseWhenNoPathIsGiven() throws {
        let result = try BinaryRunner.run(["fetch", "--format", "json", "book.select(id).order(id).limit(2)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "[\n  {\"id\": 1},\n  {\"id\": 2}\n]\n")
    }

    func testNDJSONAndCSVAreWrittenRowByRow() throws {
        let request = "book.including(optional: author.select(name)).including(all: prizes.select(name).order(name)).order(id)"
        let ndjson = try BinaryRunner.run(["fetch", path, request, "--format", "ndjson"])
        XCTAssertEqual(ndjson.status, 0, ndjson.stderr)
        // Hand-checked: one compact object a line, the JSON contract's members.
        XCTAssertEqual(
            ndjson.stdout,
            """
            {"id":1,"authorId":1,"libraryId":1,"title":"Nana","cover":{"base64":"AP8Q"},"price":9.5,"author":{"name":"Zola"},"prizes":[{"name":"Gold"},{"name":"Silver"}]}
            {"id":2,"authorId":2,"libraryId":null,"title":"Untitled","cover":null,"price":null,"author":{"name":"Anon"},"prizes":[]}

            """)
        let csv = try BinaryRunner.run(["fetch", path, request, "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(
            csv.stdout,
            "id,authorId,libraryId,title,cover,price,author.name,prizes\r\n"
                + "1,1,1,Nana,AP8Q,9.5,Zola,\"[{\"\"name\"\":\"\"Gold\"\"},{\"\"name\"\":\"\"Silver\"\"}]\"\r\n"
                + "2,2,,Untitled,,,Anon,[]\r\n")
        // No row: an empty array in JSON, nothing in NDJSON and CSV.
        XCTAssertEqual(try BinaryRunner.run(["fetch", path, "book.filter(id < 0)", "--format", "json"]).stdout, "[]\n")
        XCTAssertEqual(try BinaryRunner.run(["fetch", path, "book.filter(id < 0)", "--format", "ndjson"]).stdout, "")
    }

    /// A reader that stops early (`| head -1`) ends the command quietly, with status 0.
    func testAClosedOutputEndsTheFetchQuietly() throws {
        let db = try Connection(path: path, mode: .readWrite(create: false))
        try db.execute(
            """
            CREATE TABLE many(id INTEGER PRIMARY KEY, name TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) INSERT INTO many SELECT i, 'row ' || i FROM n;
            CREATE TABLE part(id INTEGER PRIMARY KEY, manyId INTEGER REFERENCES many(id));
            INSERT INTO part SELECT id, id FROM many;
            """)
        let assoc = try BinaryRunner.binaryURL().path
        for format in ["json", "ndjson", "csv", "table", "debug"] {
            for request in ["many", "many.including(all: parts)"] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = [
                    "-c", "'\(assoc)' fetch '\(path!)' '\(request)' --format \(format) | head -c 100 > /dev/null; echo \"status ${PIPESTATUS[0]}\""
                ]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "status 0", "\(format) \(request)")
            }
        }
    }

    /// The table's widths come from the header and the first 1,000 rows: a wider value after
    /// them widens its column from its row on (up to 40 cells, then cut with …).
    func testTableWidthsComeFromTheFirstRows() throws {
        let db = try Connection(path: path, mode: .readWrite(create: false))
        try db.execute(
            """
            CREATE TABLE word(id INTEGER PRIMARY KEY, text TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001) INSERT INTO word SELECT i, 'w' || (i % 10) FROM n;
            INSERT INTO word VALUES (1002, 'short'), (1003, '0123456789012345678901234567890123456789 and more');
            UPDATE word SET text = 'a much longer word' WHERE id = 1001;
            """)
        let result = try BinaryRunner.run(["fetch", path, "word.order(id)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "id   │ text")
        XCTAssertEqual(lines[2], "   1 │ w1")
        XCTAssertEqual(
            Array(lines.suffix(4)),
            [
                "1001 │ a much longer word",
                "1002 │ short",
                "1003 │ 012345678901234567890123456789012345678…",
                "(1003 rows)"
            ])
    }
}
