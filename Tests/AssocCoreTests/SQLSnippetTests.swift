import CSQLite
import TestSupport
import XCTest

@testable import AssocCore

/// SQL snippets: `filter(sql:arguments:)`, `having(sql:)`, `order(sql:)`, `select(sql:)` in Swift
/// and the request language, each checked to be one expression before it is written.
final class SQLSnippetTests: XCTestCase {
    let track = Table("track")

    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), name TEXT NOT NULL);
            INSERT INTO album VALUES (1, 'A'), (2, 'B');
            INSERT INTO track VALUES (1, 1, 'Go'), (2, 1, 'Let It Be'), (3, 2, 'Hey Jude'), (4, 2, 'Yesterdays');
            """)
    }

    func ids(_ db: Database, _ request: Request) throws -> [DatabaseValue?] {
        try db.fetchAll(request).map { $0["id"] }
    }

    func testSnippetsInEveryClause() throws {
        let db = try database()
        let filtered = track.filter(sql: "length(name) > ?", arguments: [4]).order(sql: "length(name) DESC")
        let statement = try db.mainStatement(for: filtered)
        XCTAssertEqual(statement.sql, #"SELECT * FROM "track" WHERE (length(name) > ?) ORDER BY (length(name)) DESC"#)
        XCTAssertEqual(statement.arguments, [4])
        XCTAssertEqual(try ids(db, filtered), [4, 2, 3])
        // Arguments bind where the snippet stands, among the request's own.
        let mixed = track.filter(Column("albumId") == 2).filter(sql: "name LIKE ?", arguments: ["%e%"]).filter(Column("id") > 3)
        XCTAssertEqual(try db.mainStatement(for: mixed).arguments, [2, "%e%", 3])
        XCTAssertEqual(try ids(db, mixed), [4])
        let selected = track.select(sql: "upper(name)").order(Column("id")).limit(1)
        XCTAssertEqual(try db.fetchAll(selected).first?.values, ["GO"])
        let album = Table("album")
        let having = album.having(sql: "count(*) >= ?", arguments: [1]).joining(required: album.tracks)
            .annotated(with: album.tracks.count)
        XCTAssertEqual(try db.fetchAll(having).count, 2)
    }

    func testASnippetIsOneExpression() throws {
        let db = try database()
        let refused: [(String, [DatabaseValue], String)] = [
            ("1; DROP TABLE track", [], "holds a ';'"),
            ("1 -- comment", [], "holds a comment"),
            ("1 /* comment */", [], "holds a comment"),
            ("x) OR (1", [], "closes a parenthesis it did not open"),
            ("(1", [], "leaves a parenthesis open"),
            ("name, id", [], "lists several expressions"),
            ("name = 'open", [], "leaves a quote open"),
            ("name = ?", [], "has 1 ? placeholder for 0 arguments"),
            ("name = ?1", ["x"], "numbered parameter"),
            ("name = :n", ["x"], "named parameter"),
            ("   ", [], "is empty")
        ]
        for (snippet, arguments, reason) in refused {
            XCTAssertThrowsError(try db.mainStatement(for: track.filter(sql: snippet, arguments: arguments)), snippet) { error in
                guard case .invalidRequest(_, let message)? = error as? AssocError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains(reason), "\(snippet): \(message)")
            }
        }
        // Quotes hide what they hold: a ';' or '--' in a literal or a quoted name is text.
        let quoted = track.filter(sql: #"name <> 'a;b -- c' AND "name" <> ?"#, arguments: ["?"])
        XCTAssertEqual(try ids(db, quoted), [1, 2, 3, 4])
    }

    func testRequestLanguage() throws {
        let db = try database()
        let text = "track.filter(sql: 'length(name) > ?', arguments: [4]).order(sql: 'length(name) DESC')"
        let request = try db.request(parsing: text)
        XCTAssertEqual(request, track.filter(sql: "length(name) > ?", arguments: [4]).order(sql: "length(name) DESC"))
        XCTAssertEqual(try request.languageText(), text)
        XCTAssertEqual(try ids(db, request), [4, 2, 3])
        XCTAssertEqual(try db.request(parsing: "track.select(sql: 'upper(name)')").languageText(), "track.select(sql: 'upper(name)')")
        XCTAssertThrowsError(try db.request(parsing: "track.filter(sql: name)")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(syntax.message.contains("quoted text ('…' or \"…\")"), syntax.message)
        }
        XCTAssertThrowsError(try db.request(parsing: "track.filter(sql: `length(name) > 4`)")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(syntax.message.contains("quoted text"), syntax.message)
        }
    }

    /// After `sql:` a name never fits: a "double-quoted" text, as a Swift user pastes it, is the snippet.
    func testADoubleQuotedSnippetIsReadAsTheSnippet() throws {
        let db = try database()
        let request = try db.request(parsing: #"track.filter(sql: "length(name) > ?", arguments: [4]).order(sql: "length(name) DESC")"#)
        XCTAssertEqual(request, track.filter(sql: "length(name) > ?", arguments: [4]).order(sql: "length(name) DESC"))
        XCTAssertEqual(try ids(db, request), [4, 2, 3])
        XCTAssertEqual(try request.languageText(), "track.filter(sql: 'length(name) > ?', arguments: [4]).order(sql: 'length(name) DESC')")
        // "" inside escapes a double quote, as in a quoted name: the snippet holds an identifier.
        let quoted = try db.request(parsing: #"track.filter(sql: "id > 3").select(sql: "upper(""name"")")"#)
        XCTAssertEqual(quoted, track.filter(sql: "id > 3").select(sql: #"upper("name")"#))
        XCTAssertEqual(try db.fetchAll(quoted).map(\.values), [["YESTERDAYS"]])
        XCTAssertThrowsError(try db.request(parsing: "track.filter(sql: 'id > ?', arguments: [id])")) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertTrue(syntax.message.contains("are values"), syntax.message)
        }
    }

    /// `fts3_tokenizer('simple', ?)` with a blob registered the blob's bytes as a tokenizer pointer
    /// that SQLite later called (a crash): refused in every snippet position, in Swift and in the
    /// request language, with a message naming the function; the connection's own switch is off too.
    func testFunctionsThatTakePointersAreRefusedInEverySnippetPosition() throws {
        let db = try database()
        let album = Table("album")
        let pointer: [DatabaseValue] = [.blob([UInt8](repeating: 0x41, count: 8))]
        let requests: [(String, Request)] = [
            ("filter", track.filter(sql: "fts3_tokenizer('simple', ?) IS NOT NULL", arguments: pointer)),
            ("having", album.annotated(with: album.tracks.count).having(sql: "fts3_tokenizer('simple', ?) IS NOT NULL", arguments: pointer)),
            ("order", track.order(sql: "fts3_tokenizer('simple', x'4141414141414141')")),
            ("select", track.select(sql: "FTS3_TOKENIZER('simple', x'4141414141414141')")),
            ("select, one argument", track.select(sql: "fts3_tokenizer('simple')")),
            ("select, quoted name", track.select(sql: #""fts3_tokenizer"('simple')"#)),
            ("select, in a subquery", track.select(sql: "(SELECT fts3_tokenizer('porter', x'4141414141414141'))")),
            ("select, load_extension", track.select(sql: "load_extension('/tmp/x.so')"))
        ]
        let texts = [
            "track.filter(sql: 'fts3_tokenizer(''simple'', x''4141414141414141'') IS NOT NULL')",
            "album.annotated(with: tracks.count).having(sql: 'fts3_tokenizer(''simple'', x''41414141'') IS NULL')",
            "track.order(sql: 'fts3_tokenizer(''simple'', x''4141414141414141'') DESC')",
            "track.select(sql: 'fts3_tokenizer(''simple'', x''4141414141414141'')')"
        ]
        let parsed = try texts.map { ($0, try db.request(parsing: $0)) }
        for (label, request) in requests + parsed {
            XCTAssertThrowsError(try db.fetchAll(request), label) { error in
                let message = (error as? AssocError)?.databaseError?.message ?? "\(error)"
                let function = label.contains("load_extension") ? "load_extension()" : "fts3_tokenizer()"
                XCTAssertTrue(message.hasPrefix("the SQL function \(function) is not allowed"), "\(label): \(message)")
            }
        }
        // The connection refuses the two-argument form by itself as well.
        XCTAssertFalse(db.connection.isEnabled(SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER))
        XCTAssertFalse(db.connection.isEnabled(SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION))
        // Other functions still work, and a refusal does not stick to the next statement.
        XCTAssertEqual(try db.fetchAll(track.select(sql: "length(randomblob(3))").limit(1)).first?.values, [3])
        XCTAssertEqual(try db.connection.fetchAll("SELECT 1 WHERE 0 = ?", arguments: [1]).count, 0)
    }
}
