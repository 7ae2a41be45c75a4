import TestSupport
import XCTest

@testable import AssocCore

/// A condition on an aggregate annotation's name (`annotated(with: tracks.count).filter(trackCount > 20)`)
/// runs in HAVING, where SQLite can test it, and the request says so; a condition that mixes it
/// with columns of the rows is refused with a caret under it.
final class AnnotationConditionTests: XCTestCase {
    func database() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), seconds INTEGER);
            INSERT INTO album VALUES (1, 'One'), (2, 'Two'), (3, 'Three');
            INSERT INTO track VALUES (1, 1, 100), (2, 1, 200), (3, 1, 300), (4, 2, 400), (5, 2, 500), (6, 3, 600);
            """)
    }

    func titles(_ db: Database, _ request: Request) throws -> [DatabaseValue?] {
        try db.fetchAll(request).map { $0["title"] }
    }

    func testAConditionOnAnAggregateAnnotationMovesToHaving() throws {
        let db = try database()
        let request = try db.request(parsing: "album.annotated(with: tracks.count).filter(trackCount >= 2 AND title != 'Two').order(id)")
        XCTAssertEqual(try request.languageText(), "album.filter(title != 'Two').annotated(with: tracks.count).having(trackCount >= 2).order(id)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "album".*, COUNT(DISTINCT "track"."id") AS "trackCount" FROM "album" LEFT JOIN "track" ON "track"."albumId" = "album"."id" WHERE "album"."title" <> ? GROUP BY "album"."id" HAVING "trackCount" >= ? ORDER BY "album"."id""#
        )
        XCTAssertEqual(try titles(db, request), ["One"])
        // Whole conditions, BETWEEN, a sum's name, a forKey name: each in HAVING.
        XCTAssertEqual(
            try titles(db, db.request(parsing: "album.annotated(with: tracks.count).filter(trackCount BETWEEN 1 AND 2).order(id)")), ["Two", "Three"])
        XCTAssertEqual(
            try titles(db, db.request(parsing: "album.annotated(with: tracks.sum(seconds)).filter(trackSecondsSum > 650).order(id)")), ["Two"])
        XCTAssertEqual(try titles(db, db.request(parsing: "album.annotated(with: tracks.count.forKey('n')).filter(n = 1)")), ["Three"])
    }

    func testTheSwiftAPIRunsItInHavingToo() throws {
        let db = try database()
        let album = Table("album")
        let request = album.annotated(with: album.tracks.count).filter(Column("trackCount") > 2)
        XCTAssertEqual(try titles(db, request), ["One"])
        XCTAssertTrue(try db.mainStatement(for: request).sql.hasSuffix(#"GROUP BY "album"."id" HAVING "trackCount" > ?"#))
        XCTAssertEqual(try db.movingAnnotationConditionsToHaving(request), album.annotated(with: album.tracks.count).having(Column("trackCount") > 2))
        // A column of the table named like an annotation is the column, as everywhere.
        let plain = album.annotated(with: album.tracks.count.forKey("title")).filter(Column("title") == "One")
        XCTAssertEqual(try db.movingAnnotationConditionsToHaving(plain), plain)
        // A non-aggregate annotation's name stays in WHERE (SQLite resolves it there).
        let computed = album.annotated(with: (Column("id") * 10).forKey("tens")).filter(Column("tens") > 15)
        XCTAssertEqual(try db.movingAnnotationConditionsToHaving(computed), computed)
        XCTAssertEqual(try titles(db, computed.order(Column("id"))), ["Two", "Three"])
    }

    func testAConditionMixingAnAggregateWithColumnsIsRefusedWithACaret() throws {
        let db = try database()
        let text = "album.annotated(with: tracks.count).filter(id > 0 AND (trackCount > 2 OR title = 'Two'))"
        XCTAssertThrowsError(try db.request(parsing: text)) { error in
            guard case .syntax(let syntax)? = error as? AssocError else { return XCTFail("\(error)") }
            XCTAssertEqual(
                syntax.message,
                #""trackCount" is an aggregate (known after grouping, in HAVING), mixed here with columns of the rows: write having(trackCount > 2 OR title = 'Two'), or split the condition with AND"#
            )
            XCTAssertEqual(syntax.column, 55)
        }
        // What the message proposes runs: the album's own columns are known per group.
        XCTAssertEqual(
            try titles(db, db.request(parsing: "album.annotated(with: tracks.count).having(trackCount > 2 OR title = 'Two').order(id)")),
            ["One", "Two"])
        // The Swift API: refused when SQL is generated, naming the having.
        let album = Table("album")
        XCTAssertThrowsError(
            try db.mainStatement(for: album.annotated(with: album.tracks.count).filter(Column("trackCount") > 2 || Column("title") == "Two"))
        ) { error in
            XCTAssertTrue((error as? AssocError)?.message.contains("write having(trackCount > 2 OR title = 'Two')") == true, "\(error)")
        }
    }
}
