import XCTest

@testable import AssocCore

/// Declared associations with a filter (issue 29, item 4), as GRDB's guides declare
/// `novels = books.filter(Column("kind") == "novel").forKey("novels")`: the filter is part of the
/// association wherever it is used — in the ON clause of a join or an aggregate, in the WHERE of a
/// prefetch or a followed link, in a through association that steps through it — and in the
/// generated GRDB code and the schema.
///
/// On `DeclaredAssociationsTests.schemaSQL`: tracks longer than 250 are Zed (1, album 1) and
/// Solo (4, album 3); album 2 has none. Albums 1 and 2 are AC/DC's (1), album 3 Accept's (2).
final class DeclaredFilterTests: XCTestCase {
    static let declarations = """
        Album.hasMany(Track, key: "longTracks", using: [AlbumId]).filter(Milliseconds > 250).order(Name)
        Artist.hasMany(Track, through: [albums, longTracks], key: "longSongs")
        Track.belongsTo(Genre, using: [GenreId]).filter(Name = 'Rock').forKey("rock")
        """

    func database(_ declarations: String = declarations) throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(DeclaredAssociationsTests.schemaSQL)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection), options: .init(inferFromNaming: false),
            declarations: try AssociationDeclaration.parse(declarations, file: "test.assoc"))
        return Database(connection: connection, graph: graph)
    }

    private func ids(_ rows: [Row], _ column: String) -> [Int64] {
        rows.map { row in
            if case .integer(let value)? = row[column] { return value }
            return -1
        }
    }

    private func message(_ declarations: String, resolving: Bool = false) -> String {
        do {
            if resolving { _ = try database(declarations) } else { _ = try AssociationDeclaration.parse(declarations, file: "f.assoc") }
            return "no error"
        } catch {
            return AssocError.message(for: error)
        }
    }

    // MARK: The file

    func testFilterOrderAndForKeyInAnyOrder() throws {
        let declarations = try AssociationDeclaration.parse(
            """
            Album.hasMany(Track, using: [AlbumId]).order(Name).filter(Milliseconds > 250).forKey("long")
            Album.hasMany(Track, key: "short", using: [AlbumId]).filter(Milliseconds < 150).filter(GenreId IN (1, 2))
            Track.belongsTo(Genre, using: [GenreId]).filter(Name = 'Rock')
            """)
        XCTAssertEqual(declarations.map(\.key), ["long", "short", nil])
        XCTAssertEqual(declarations[0].ordering, [Ordering(Column("Name"))])
        XCTAssertEqual(declarations[0].filters, [.binary(.greater, .column("Milliseconds"), .value(.integer(250)))])
        XCTAssertEqual(declarations[1].filters.count, 2, "several filter(…) are AND-ed, as GRDB does")
        XCTAssertNil(declarations[1].ordering)
        XCTAssertEqual(declarations[2].filters, [.binary(.equal, .column("Name"), .value(.text("Rock")))])
    }

    func testFilterErrorsNameLineAndColumn() {
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).filtr(Name = 'x')"),
            #"f.assoc:1:40: expected filter(…), order(…) or forKey(…) after the declaration, found name 'filtr' (did you mean "filter"?)"#)
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).filter(sql: 'Name = 1')"),
            "f.assoc:1:47: filter(sql:) is not available in a declaration: write the condition in the request language, such as filter(kind = 'novel')"
        )
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).filter(Name = )"),
            "f.assoc:1:54: expected an expression, found ')'")
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).filter(Name = 'x'"),
            "f.assoc:1:57: expected ')' after the condition of filter(…), found end of request")
        let many = "Genre.hasMany(Track, using: [GenreId])" + String(repeating: ".filter(Name = 'x')", count: 65)
        XCTAssertEqual(message(many), "f.assoc:1:1256: more than 64 filter(…) on one declaration (join the conditions with AND)")
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).order(Name).order(TrackId)"),
            "f.assoc:1:52: order(…) is given twice: give every ordering in one order(…)")
        XCTAssertEqual(
            message(#"Genre.hasMany(Track, key: "a", using: [GenreId]).forKey("b")"#),
            "f.assoc:1:50: the key is given twice (by key: and forKey(…)): keep one")
        XCTAssertEqual(
            message("\nAlbum.hasMany(Track, using: [AlbumId]).filter(Milisecond > 250)", resolving: true),
            #"test.assoc:2:47: filter: table "Track" has no column named "Milisecond" (did you mean "Milliseconds"?)"#)
        XCTAssertEqual(
            message("Album.hasMany(Track, using: [AlbumId]).filter(t.Milliseconds > 250)", resolving: true),
            #"test.assoc:1:47: filter(…) of a declared association filters on columns of "Track" (no alias, no aggregate, no SQL snippet)"#)
        XCTAssertEqual(
            message("Artist.hasMany(Track, through: [albums, tracks]).filter(albums.count > 1)", resolving: true),
            #"test.assoc:1:57: filter(…) of a declared association filters on columns of "Track" (no alias, no aggregate, no SQL snippet)"#)
    }

    // MARK: Wherever the association is used

    /// The declared ordering applies in the join too, after the request's own (as GRDB does).
    func testJoinsPutTheFilterInTheirOnClause() throws {
        let db = try database()
        let required = try db.request(parsing: "Album.including(required: longTracks).order(AlbumId)")
        let statement = try db.mainStatement(for: required)
        XCTAssertEqual(
            statement.sql,
            """
            SELECT "Album".*, "Track".* FROM "Album" JOIN "Track" ON ("Track"."AlbumId" = "Album"."AlbumId") \
            AND ("Track"."Milliseconds" > ?) ORDER BY "Album"."AlbumId", "Track"."Name"
            """)
        XCTAssertEqual(statement.arguments, [.integer(250)])
        XCTAssertEqual(ids(try db.fetchAll(required), "AlbumId"), [1, 3])
        let optional = try db.request(parsing: "Album.including(optional: longTracks).order(AlbumId)")
        XCTAssertTrue(
            try db.mainStatement(for: optional).sql.contains(
                #"LEFT JOIN "Track" ON ("Track"."AlbumId" = "Album"."AlbumId") AND ("Track"."Milliseconds" > ?)"#))
        XCTAssertEqual(try db.fetchAll(optional).map { $0.scope("longTrack")?["TrackId"] }, [.integer(1), nil, .integer(4)])
        let joined = try db.request(parsing: "Album.joining(required: longTracks).order(AlbumId)")
        XCTAssertEqual(ids(try db.fetchAll(joined), "AlbumId"), [1, 3])
        // Refined again, the request's filter comes after the declared one.
        let refined = try db.request(parsing: "Album.joining(required: longTracks.filter(Name = 'Solo'))")
        XCTAssertTrue(
            try db.mainStatement(for: refined).sql.contains(
                #"ON ("Track"."AlbumId" = "Album"."AlbumId") AND ("Track"."Milliseconds" > ?) AND ("Track"."Name" = ?)"#))
        XCTAssertEqual(ids(try db.fetchAll(refined), "AlbumId"), [3])
        // A filtered belongsTo is never required: track 3 (Metal) has no "rock".
        XCTAssertEqual(db.graph.association(named: "rock", from: "Track")?.isRequired, false)
        let rock = try db.request(parsing: "Track.including(optional: rock).order(TrackId)")
        XCTAssertEqual(try db.fetchAll(rock).map { $0.scope("rock")?["Name"] ?? .null }, ["Rock", "Rock", .null, "Rock"])
    }

    func testPrefetchesAndFollowedLinksFilterTheirRows() throws {
        let db = try database()
        let prefetched = try db.request(parsing: "Album.including(all: longTracks).order(AlbumId)")
        let last = try db.executedStatements(for: prefetched).last?.sql ?? ""
        XCTAssertTrue(last.hasPrefix(#"SELECT *, "AlbumId" FROM "Track" WHERE ("Milliseconds" > ?) AND ("AlbumId" IN ("#), last)
        XCTAssertEqual(try db.fetchAll(prefetched).map { ids($0.prefetchedRows("longTracks") ?? [], "TrackId") }, [[1], [], [4]])
        let followed = try db.request(parsing: "Album.filter(key: 1).request(for: longTracks)")
        XCTAssertEqual(
            try db.mainStatement(for: followed).sql,
            """
            SELECT * FROM "Track" WHERE "AlbumId" IN (SELECT "AlbumId" FROM "Album" WHERE "AlbumId" = ?) \
            AND ("Milliseconds" > ?) ORDER BY "Name"
            """)
        XCTAssertEqual(ids(try db.fetchAll(followed), "TrackId"), [1])
        // From one row, as the browser's Links follow it.
        let album = try XCTUnwrap(try db.fetchAll(try db.request(parsing: "Album.filter(key: 1)")).first)
        XCTAssertEqual(ids(try db.fetchAll(try db.request(for: "longTracks", of: album, in: "Album")), "TrackId"), [1])
        let artist = try XCTUnwrap(try db.fetchAll(try db.request(parsing: "Artist.filter(key: 1)")).first)
        XCTAssertEqual(ids(try db.fetchAll(try db.request(for: "longSongs", of: artist, in: "Artist")), "TrackId"), [1])
    }

    func testAggregatesAndHavingCountOnlyTheFilteredRows() throws {
        let db = try database()
        let counted = try db.request(parsing: "Album.annotated(with: longTracks.count).order(AlbumId)")
        XCTAssertEqual(
            try db.mainStatement(for: counted).sql,
            """
            SELECT "Album".*, COUNT(DISTINCT "Track"."TrackId") AS "longTrackCount" FROM "Album" \
            LEFT JOIN "Track" ON ("Track"."AlbumId" = "Album"."AlbumId") AND ("Track"."Milliseconds" > ?) \
            GROUP BY "Album"."AlbumId" ORDER BY "Album"."AlbumId"
            """)
        XCTAssertEqual(ids(try db.fetchAll(counted), "longTrackCount"), [1, 0, 1])
        let having = try db.request(parsing: "Album.having(longTracks.isEmpty == false).order(AlbumId)")
        XCTAssertEqual(ids(try db.fetchAll(having), "AlbumId"), [1, 3])
    }

    func testAThroughAssociationStepsThroughTheFilteredAssociation() throws {
        let db = try database()
        let counted = try db.request(parsing: "Artist.annotated(with: longSongs.count).order(ArtistId)")
        XCTAssertTrue(
            try db.mainStatement(for: counted).sql.contains(
                #"LEFT JOIN "Track" ON ("Track"."AlbumId" = "Album"."AlbumId") AND ("Track"."Milliseconds" > ?)"#))
        XCTAssertEqual(ids(try db.fetchAll(counted), "longSongCount"), [1, 1, 0])
        let followed = try db.request(parsing: "Artist.filter(key: 1).request(for: longSongs)")
        XCTAssertEqual(ids(try db.fetchAll(followed), "TrackId"), [1])
        let prefetched = try db.request(parsing: "Artist.including(all: longSongs).order(ArtistId)")
        XCTAssertEqual(try db.fetchAll(prefetched).map { ids($0.prefetchedRows("longSongs") ?? [], "TrackId") }, [[1], [4], []])
        let joined = try db.request(parsing: "Artist.joining(required: longSongs).distinct().order(ArtistId)")
        XCTAssertEqual(ids(try db.fetchAll(joined), "ArtistId"), [1, 2])
        // A filter declared on the through association itself refines its destination.
        let own = try database("Artist.hasMany(Track, through: [albums, tracks], key: \"longSongs\").filter(Milliseconds > 250)")
        let ownCounted = try own.request(parsing: "Artist.annotated(with: longSongs.count).order(ArtistId)")
        XCTAssertEqual(ids(try own.fetchAll(ownCounted), "longSongCount"), [1, 1, 0])
        let ownFollowed = try own.request(parsing: "Artist.filter(key: 2).request(for: longSongs)")
        XCTAssertEqual(ids(try own.fetchAll(ownFollowed), "TrackId"), [4])
        let ownPrefetched = try own.request(parsing: "Artist.including(all: longSongs).order(ArtistId)")
        XCTAssertEqual(try own.fetchAll(ownPrefetched).map { ids($0.prefetchedRows("longSongs") ?? [], "TrackId") }, [[1], [4], []])
    }

    // MARK: Generated code

    func testGeneratedCodeDeclaresTheFilterWithTheAssociation() throws {
        let db = try database()
        let code = try SwiftCodeGenerator.code(for: try db.request(parsing: "Artist.annotated(with: longSongs.count)"), in: db)
        XCTAssertTrue(
            code.contains(
                """
                static let longTracks = hasMany(Track.self, key: "longTracks").filter(Track.Columns.milliseconds > 250).order(Track.Columns.name)
                """), code)
        XCTAssertTrue(
            code.contains("static let longSongs = hasMany(Track.self, through: Artist.albums, using: Album.longTracks, key: \"longSongs\")"), code)
        // A followed link from several rows names the table, so the filter goes with it.
        let followed = try SwiftCodeGenerator.code(for: try db.request(parsing: "Album.filter(AlbumId > 1).request(for: longTracks)"), in: db)
        XCTAssertTrue(followed.contains(".filter(Track.Columns.milliseconds > 250)"), followed)
    }
}
