import XCTest

@testable import AssocCore

/// Declared associations (issue 19, item 4): the file format, its errors, replacement of an inferred
/// association, default orderings, and a five-step through chain on a Chinook-like subset checked
/// against hand-written SQL.
///
/// Rows: AC/DC (1) has albums 1 and 2, tracks 1–3; Accept (2) has album 3, track 4; Nobody (3) has
/// nothing. Ann (1) bought tracks 1, 2 (invoice 1) and 3 (invoice 2); Bob (2) tracks 1 and 4
/// (invoice 3); Cy (3) and Dee (4) track 4. So AC/DC reaches Ann by 3 paths and Bob by 1.
final class DeclaredAssociationsTests: XCTestCase {
    static let schemaSQL = """
        CREATE TABLE Artist(ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album(AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Genre(GenreId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album(AlbumId), GenreId INTEGER, Milliseconds INTEGER);
        CREATE TABLE Customer(CustomerId INTEGER PRIMARY KEY, FirstName TEXT, Country TEXT);
        CREATE TABLE Invoice(InvoiceId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer(CustomerId));
        CREATE TABLE InvoiceLine(InvoiceLineId INTEGER PRIMARY KEY, InvoiceId INTEGER NOT NULL REFERENCES Invoice(InvoiceId),
                                 TrackId INTEGER NOT NULL REFERENCES Track(TrackId));
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Nobody');
        INSERT INTO Album VALUES (1, 'Back', 1), (2, 'Highway', 1), (3, 'Balls', 2);
        INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Metal');
        INSERT INTO Track VALUES (1, 'Zed', 1, 1, 300), (2, 'Alpha', 1, 1, 200), (3, 'Mid', 2, 2, 100), (4, 'Solo', 3, 1, 400);
        INSERT INTO Customer VALUES (1, 'Ann', 'Norway'), (2, 'Bob', 'Brazil'), (3, 'Cy', 'Canada'), (4, 'Dee', 'Italy');
        INSERT INTO Invoice VALUES (1, 1), (2, 1), (3, 2), (4, 3), (5, 4);
        INSERT INTO InvoiceLine VALUES (1, 1, 1), (2, 1, 2), (3, 2, 3), (4, 3, 1), (5, 4, 4), (6, 5, 4), (7, 3, 4);
        """

    static let customersLine =
        #"Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice, customer], key: "customers")"#

    /// The subset with `declarations`, naming conventions off (GenreId links only when declared).
    func database(_ declarations: String) throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schemaSQL)
        let graph = try AssociationGraph(
            schema: try SchemaIntrospector.read(connection), options: .init(inferFromNaming: false),
            declarations: try AssociationDeclaration.parse(declarations, file: "test.assoc"))
        return Database(connection: connection, graph: graph)
    }

    /// The integers of the first column of hand-written `sql`.
    func integers(_ sql: String, in db: Database) throws -> [Int64] {
        try db.run(GeneratedStatement(sql: sql, arguments: [])).values.map { row in
            if case .integer(let value)? = row.first { return value }
            return -1
        }
    }

    func ids(_ rows: [Row], _ column: String) -> [Int64] {
        rows.map { row in
            if case .integer(let value)? = row[column] { return value }
            return -1
        }
    }

    func declarationError(_ text: String, schema: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try database(text)
            XCTFail("no error for \(text)", file: file, line: line)
            return ""
        } catch {
            guard case .declaration? = error as? AssocError else {
                XCTFail("not a declaration error: \(error)", file: file, line: line)
                return ""
            }
            return AssocError.message(for: error)
        }
    }

    // MARK: Parsing

    func testParsesEveryForm() throws {
        let text = """
            # Declared by hand\r
            Track.belongsTo(Genre, key: "style", using: [GenreId])   # a comment after a declaration

            Track.belongsTo(Genre.self, key: "sameStyle", using: ForeignKey(["GenreId"], to: ["GenreId"]))
              Genre.hasMany(Track, key: "songs", using: [GenreId]).order(Name, Milliseconds.desc)
            Genre.hasOne(Track, key: "firstSong", using: [GenreId], to: [GenreId])
            \(Self.customersLine)
            InvoiceLine.hasOne(Artist, through: [track, album, artist], key: "performer")
            Album.hasMany(Track, using: [AlbumId, ], key: "# not a comment")
            """
        let declarations = try AssociationDeclaration.parse(text, file: "f")
        XCTAssertEqual(declarations.count, 7)
        XCTAssertEqual(declarations.map(\.method), [.belongsTo, .belongsTo, .hasMany, .hasOne, .hasMany, .hasOne, .hasMany])
        XCTAssertEqual(declarations.map(\.origin), ["Track", "Track", "Genre", "Genre", "Artist", "InvoiceLine", "Album"])
        XCTAssertEqual(declarations.map(\.destination), ["Genre", "Genre", "Track", "Track", "Customer", "Artist", "Track"])
        XCTAssertEqual(declarations.map(\.key), ["style", "sameStyle", "songs", "firstSong", "customers", "performer", "# not a comment"])
        XCTAssertEqual(declarations[1].using, ["GenreId"])
        XCTAssertEqual(declarations[1].to, ["GenreId"])
        XCTAssertEqual(declarations[3].to, ["GenreId"])
        XCTAssertEqual(declarations[2].ordering, [Ordering(Column("Name")), Ordering(Column("Milliseconds"), descending: true)])
        XCTAssertEqual(declarations[4].through, ["albums", "tracks", "invoiceLines", "invoice", "customer"])
        XCTAssertNil(declarations[4].using)
        XCTAssertEqual(declarations[6].using, ["AlbumId"])
        XCTAssertEqual(declarations.map(\.location.line), [2, 4, 5, 6, 7, 8, 9])
        XCTAssertEqual(declarations[2].location.column, 3)
        XCTAssertEqual(try AssociationDeclaration.parse("  # only comments\n\n\t\n"), [])
    }

    func testSyntaxErrorsNameFileLineAndColumn() {
        func message(_ text: String) -> String {
            do {
                _ = try AssociationDeclaration.parse(text, file: "f.assoc")
                return "no error"
            } catch {
                return AssocError.message(for: error)
            }
        }
        XCTAssertEqual(
            message("# one\nTrack.belongTo(Genre)"),
            #"f.assoc:2:7: unknown association method "belongTo" (expected belongsTo, hasOne or hasMany) (did you mean "belongsTo"?)"#)
        XCTAssertEqual(
            message(#"Track.belongsTo(Genre, kye: "style")"#),
            #"f.assoc:1:24: unknown argument "kye:" (expected key:, using:, to: or through:) (did you mean "key:"?)"#)
        XCTAssertEqual(
            message(#"Track.belongsTo(Genre, key: style)"#),
            #"f.assoc:1:29: expected a quoted key such as "songs", found name 'style'"#)
        XCTAssertEqual(
            message("Track.belongsTo(Genre, using: [GenreId]"),
            "f.assoc:1:40: expected ')' after the arguments of belongsTo, found end of request")
        XCTAssertEqual(
            message("Track.belongsTo(Genre, using: [])"),
            "f.assoc:1:32: expected at least one of the column names in […]")
        XCTAssertEqual(
            message(#"Track.belongsTo(Genre, key: "a) # open"#),
            "f.assoc:1:29: unterminated quoted name: missing closing \"")
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]) Genre.hasMany(Track)"),
            "f.assoc:1:40: expected the end of the declaration, found name 'Genre' (one declaration a line)")
        XCTAssertEqual(
            message("Track.belongsTo(Genre, using: [GenreId]).order(Name)"),
            "f.assoc:1:48: order(…) gives a to-many association its default ordering, and belongsTo is to-one: remove it")
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).ordr(Name)"),
            #"f.assoc:1:40: expected filter(…), order(…) or forKey(…) after the declaration, found name 'ordr' (did you mean "order"?)"#)
        XCTAssertEqual(
            message("Genre.hasMany(Track, using: [GenreId]).order(Name.desc"),
            "f.assoc:1:55: expected ')' after the orderings of order(…), found end of request")
        XCTAssertEqual(
            message("Artist.belongsTo(Customer, through: [albums, customer])"),
            "f.assoc:1:8: belongsTo has no through: form: use hasOne(…, through: […]) for a to-one chain")
        XCTAssertEqual(
            message("Artist.hasMany(Customer, through: [albums, customer], using: [ArtistId])"),
            "f.assoc:1:63: a through association joins with its steps' columns: remove using: and to: (or declare a direct association without through:)"
        )
        XCTAssertEqual(
            message("Track.belongsTo(Genre, to: [GenreId])"),
            "f.assoc:1:29: to: [...] needs using: [...]: the foreign-key columns the referenced columns are matched with")
        XCTAssertEqual(
            message(#"Track.belongsTo(Genre, key: "a", key: "b")"#),
            #"f.assoc:1:34: argument "key:" is given twice"#)
    }

    func testSchemaErrorsNameTheTableColumnOrAssociationAtFault() {
        XCTAssertEqual(
            declarationError("# first\nTrak.belongsTo(Genre, using: [GenreId])"),
            #"test.assoc:2:1: no such table: "Trak" (did you mean "Track"?)"#)
        XCTAssertEqual(
            declarationError("Track.belongsTo(Genre, key: \"style\", using: [GenreIdd])"),
            #"test.assoc:1:46: using: table "Track" has no column named "GenreIdd" (did you mean "GenreId"?)"#)
        XCTAssertEqual(
            declarationError("Genre.hasMany(Track, using: [GenreId], to: [Id])"),
            #"test.assoc:1:45: to: table "Genre" has no column named "Id""#)
        XCTAssertEqual(
            declarationError("Genre.hasMany(Track, key: \"songs\")"),
            #"test.assoc:1:1: association "songs" of "Genre" (hasMany "Track"): could not infer the foreign key from "Track" to "Genre": provide the columns with using: ForeignKey([...], to: [...])"#
        )
        XCTAssertEqual(
            declarationError("\n\nArtist.hasMany(Customer, through: [albums, trakcs, invoiceLines, invoice, customer])"),
            #"test.assoc:3:44: through: table "Album" has no association named "trakcs" (did you mean "tracks"?)"#)
        XCTAssertEqual(
            declarationError("Artist.hasOne(Customer, through: [albums, tracks, invoiceLines, invoice, customer])"),
            #"test.assoc:1:35: hasOne(…, through:) needs a to-one step at every step, and "albums" of "Artist" is a hasMany: declare the chain with hasMany(…, through: …)"#
        )
        XCTAssertEqual(
            declarationError("Artist.hasMany(Customer, through: [albums, tracks, invoiceLines, invoice])"),
            #"test.assoc:1:66: the through: chain ends at table "Invoice", not at "Customer""#)
        XCTAssertEqual(
            declarationError("Genre.hasMany(Track, key: \"songs\", using: [GenreId]).order(Nme)"),
            #"test.assoc:1:60: order: table "Track" has no column named "Nme" (did you mean "Name"?)"#)
        XCTAssertEqual(
            declarationError("Genre.hasMany(Track, key: \"songs\", using: [GenreId])\nGenre.hasMany(Track, key: \"songs\", using: [GenreId])"),
            #"test.assoc:2:27: table "Genre" already has an association "songs" declared at test.assoc:1: give this one another key"#)
        // A suggestion is data too.
        do {
            _ = try database("Artist.hasMany(Customer, through: [albms, tracks, invoiceLines, invoice, customer])")
            XCTFail("no error")
        } catch let error as AssocError {
            XCTAssertEqual(error.suggestions, ["albums"])
        } catch {
            XCTFail("\(error)")
        }
    }

    // MARK: The graph

    func testADeclarationReplacesTheInferredAssociationOfItsName() throws {
        let inferred = try database("")
        XCTAssertEqual(inferred.graph.association(named: "tracks", from: "Album")?.source, .foreignKey)
        let db = try database("Album.hasMany(Track, key: \"tracks\", using: [AlbumId]).order(Name)")
        let tracks = db.graph.associations(from: "Album").filter { $0.name == "tracks" }
        XCTAssertEqual(tracks.count, 1)
        XCTAssertEqual(tracks.first?.source, .declared)
        XCTAssertEqual(tracks.first?.ordering, [Ordering(Column("Name"))])
        XCTAssertEqual(db.graph.associations(from: "Album").map(\.name), inferred.graph.associations(from: "Album").map(\.name))
        // Followed and prefetched, the default ordering applies; an explicit one replaces it.
        let followed = try db.request(parsing: "Album.filter(key: 1).request(for: tracks)")
        XCTAssertEqual(
            try db.mainStatement(for: followed).sql,
            """
            SELECT * FROM "Track" WHERE "AlbumId" IN (SELECT "AlbumId" FROM "Album" WHERE "AlbumId" = ?) ORDER BY "Name"
            """)
        XCTAssertEqual(ids(try db.fetchAll(followed), "TrackId"), [2, 1])
        let reordered = try db.request(parsing: "Album.filter(key: 1).request(for: tracks).order(TrackId)")
        XCTAssertEqual(ids(try db.fetchAll(reordered), "TrackId"), [1, 2])
        let prefetched = try db.request(parsing: "Album.filter(key: 1).including(all: tracks)")
        let statements = try db.executedStatements(for: prefetched).map(\.sql)
        XCTAssertEqual(statements.last, #"SELECT *, "AlbumId" FROM "Track" WHERE "AlbumId" = ? ORDER BY "Name""#)
        XCTAssertEqual(ids(try db.fetchAll(prefetched).first?.prefetchedRows("tracks") ?? [], "TrackId"), [2, 1])
        let explicit = try db.request(parsing: "Album.filter(key: 1).including(all: tracks.order(TrackId))")
        XCTAssertEqual(ids(try db.fetchAll(explicit).first?.prefetchedRows("tracks") ?? [], "TrackId"), [1, 2])
        let byLength = try db.request(parsing: "Album.filter(key: 1).including(all: tracks.order(Milliseconds.desc))")
        XCTAssertEqual(ids(try db.fetchAll(byLength).first?.prefetchedRows("tracks") ?? [], "TrackId"), [1, 2])
        // Joined, the rows are ordered by it too, as GRDB orders them (issue 29); aggregated, not.
        let joined = try db.request(parsing: "Album.joining(required: tracks)")
        XCTAssertTrue(try db.mainStatement(for: joined).sql.hasSuffix(#" ORDER BY "Track"."Name""#))
        let counted = try db.request(parsing: "Album.annotated(with: tracks.count)")
        XCTAssertFalse(try db.mainStatement(for: counted).sql.contains("ORDER BY"))
    }

    /// A declaration that replaces an inferred association also changes the inferred through
    /// associations that step through it: `Album.genres` via `tracks.genre` leads where the
    /// declared `genre` leads, joined on its columns; one the new step no longer fits is left out
    /// with a diagnostic.
    func testThroughAssociationsFollowADeclarationThatReplacesTheirStep() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE Artist(ArtistId INTEGER PRIMARY KEY, Name TEXT, FavouriteAlbumId INTEGER);
            CREATE TABLE Album(AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
            CREATE TABLE Genre(GenreId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Mood(MoodId INTEGER PRIMARY KEY, Name TEXT);
            CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, AlbumId INTEGER NOT NULL REFERENCES Album(AlbumId),
                               GenreId INTEGER REFERENCES Genre(GenreId), MoodId INTEGER);
            INSERT INTO Artist VALUES (1, 'A', 1);
            INSERT INTO Album VALUES (1, 'X', 1);
            INSERT INTO Genre VALUES (1, 'Rock');
            INSERT INTO Mood VALUES (1, 'Calm'), (2, 'Wild');
            INSERT INTO Track VALUES (1, 1, 1, 2);
            """)
        let schema = try SchemaIntrospector.read(connection)
        let inferred = AssociationGraph(schema: schema, options: .init(inferFromNaming: false))
        XCTAssertEqual(inferred.association(named: "genres", from: "Album")?.destination, "Genre")
        XCTAssertEqual(inferred.association(named: "artist", from: "Track")?.kind, .hasOneThrough)
        let graph = try AssociationGraph(
            schema: schema, options: .init(inferFromNaming: false),
            declarations: try AssociationDeclaration.parse(
                """
                Track.belongsTo(Mood, key: "genre", using: [MoodId])
                Album.hasMany(Artist, key: "artist", using: [FavouriteAlbumId])
                """, file: "test.assoc"))
        let genres = try XCTUnwrap(graph.association(named: "genres", from: "Album"))
        XCTAssertEqual(genres.destination, "Mood")
        XCTAssertEqual(genres.kind, .hasManyThrough)
        XCTAssertEqual(genres.throughStepNames, ["tracks", "genre"])
        if case .through(_, let target) = genres.path {
            XCTAssertEqual(target.source, .declared)
            XCTAssertEqual(target.columns, [ColumnPair(origin: "MoodId", destination: "MoodId")])
        } else {
            XCTFail("\(genres.path)")
        }
        let db = Database(connection: connection, graph: graph)
        let request = try db.request(parsing: "Album.filter(key: 1).request(for: genres)")
        XCTAssertEqual(try db.fetchAll(request).map { $0["Name"] }, [.text("Wild")])
        // `Track.artist` (album then artist, both to-one) cannot step through a to-many `artist`.
        XCTAssertNil(graph.association(named: "artist", from: "Track"))
        XCTAssertTrue(
            graph.diagnostics.contains { $0.contains(#"through association "artist" (via album.artist) left out"#) }, "\(graph.diagnostics)")
    }

    func testDeclaredLinksWithoutForeignKeys() throws {
        let db = try database(
            """
            Track.belongsTo(Genre, key: "style", using: [GenreId])
            Genre.hasMany(Track, key: "songs", using: [GenreId]).order(Name.desc)
            """)
        XCTAssertNil(db.graph.association(named: "genre", from: "Track"))
        let style = try XCTUnwrap(db.graph.association(named: "style", from: "Track"))
        XCTAssertEqual(style.columns, [ColumnPair(origin: "GenreId", destination: "GenreId")])
        XCTAssertEqual(style.kind, .belongsTo)
        XCTAssertFalse(style.isRequired)
        let request = try db.request(parsing: "Track.including(required: style.select(Name)).order(TrackId)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT "Track".*, "Genre"."Name" FROM "Track" JOIN "Genre" ON "Genre"."GenreId" = "Track"."GenreId" ORDER BY "Track"."TrackId"
            """)
        XCTAssertEqual(try db.fetchAll(request).map { $0.scope("style")?["Name"] }, ["Rock", "Rock", "Metal", "Rock"])
        let songs = try db.request(parsing: "Genre.filter(key: 1).request(for: songs)")
        XCTAssertEqual(try db.fetchAll(songs).map { $0["Name"] }, ["Zed", "Solo", "Alpha"])
    }

    // MARK: A five-step through chain

    func testFiveStepThroughRequestForListsEachCustomerOnce() throws {
        let db = try database(Self.customersLine)
        let customers = try XCTUnwrap(db.graph.association(named: "customers", from: "Artist"))
        XCTAssertEqual(customers.kind, .hasManyThrough)
        XCTAssertEqual(customers.source, .declared)
        XCTAssertEqual(customers.throughStepNames, ["albums", "tracks", "invoiceLines", "invoice", "customer"])
        let request = try db.request(parsing: "Artist.filter(key: 1).request(for: customers)")
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            """
            SELECT * FROM "Customer" WHERE "CustomerId" IN (SELECT "CustomerId" FROM "Invoice" WHERE "InvoiceId" IN \
            (SELECT "InvoiceId" FROM "InvoiceLine" WHERE "TrackId" IN (SELECT "TrackId" FROM "Track" WHERE "AlbumId" IN \
            (SELECT "AlbumId" FROM "Album" WHERE "ArtistId" IN (SELECT "ArtistId" FROM "Artist" WHERE "ArtistId" = ?)))))
            """)
        for artist in 1...3 {
            let handWritten = try integers(
                """
                SELECT DISTINCT c.CustomerId FROM Customer c JOIN Invoice i ON i.CustomerId = c.CustomerId
                JOIN InvoiceLine l ON l.InvoiceId = i.InvoiceId JOIN Track t ON t.TrackId = l.TrackId
                JOIN Album a ON a.AlbumId = t.AlbumId WHERE a.ArtistId = \(artist) ORDER BY 1
                """, in: db)
            let followed = try db.request(parsing: "Artist.filter(key: \(artist)).request(for: customers).order(CustomerId)")
            XCTAssertEqual(ids(try db.fetchAll(followed), "CustomerId"), handWritten, "artist \(artist)")
        }
        XCTAssertEqual(ids(try db.fetchAll(try db.request(parsing: "Artist.filter(key: 1).request(for: customers)")), "CustomerId"), [1, 2])
        XCTAssertEqual(try db.fetchCount(try db.request(parsing: "Artist.filter(key: 2).request(for: customers)")), 3)
    }

    func testFiveStepThroughPrefetchKeepsOneRowPerPath() throws {
        let db = try database(Self.customersLine)
        let request = try db.request(parsing: "Artist.including(all: customers).order(ArtistId)")
        let statements = try db.executedStatements(for: request).map(\.sql)
        XCTAssertEqual(
            statements,
            [
                #"SELECT * FROM "Artist" ORDER BY "ArtistId""#,
                #"SELECT "Customer".*, "Album"."ArtistId" FROM "Customer" JOIN "Invoice" ON "Invoice"."CustomerId" = "Customer"."CustomerId" JOIN "InvoiceLine" ON "InvoiceLine"."InvoiceId" = "Invoice"."InvoiceId" JOIN "Track" ON "Track"."TrackId" = "InvoiceLine"."TrackId" JOIN "Album" ON ("Album"."AlbumId" = "Track"."AlbumId") AND ("Album"."ArtistId" IN (?, ?, ?))"#
            ])
        let rows = try db.fetchAll(request)
        for (index, artist) in (1...3).enumerated() {
            // As GRDB: one row per path (Ann three times for AC/DC), as the joins say.
            let handWritten = try integers(
                """
                SELECT c.CustomerId FROM Customer c JOIN Invoice i ON i.CustomerId = c.CustomerId
                JOIN InvoiceLine l ON l.InvoiceId = i.InvoiceId JOIN Track t ON t.TrackId = l.TrackId
                JOIN Album a ON a.AlbumId = t.AlbumId WHERE a.ArtistId = \(artist) ORDER BY 1
                """, in: db)
            let prefetched = ids(rows[index].prefetchedRows("customers") ?? [], "CustomerId").sorted()
            XCTAssertEqual(prefetched, handWritten, "artist \(artist)")
        }
        XCTAssertEqual(ids(rows[0].prefetchedRows("customers") ?? [], "CustomerId").sorted(), [1, 1, 1, 2])
    }

    func testFiveStepThroughAggregatesAndJoins() throws {
        let db = try database(Self.customersLine)
        let counted = try db.request(parsing: "Artist.annotated(with: customers.count).order(ArtistId)")
        XCTAssertEqual(
            try db.mainStatement(for: counted).sql,
            """
            SELECT "Artist".*, COUNT(DISTINCT "Customer"."CustomerId") AS "customerCount" FROM "Artist" \
            LEFT JOIN "Album" ON "Album"."ArtistId" = "Artist"."ArtistId" LEFT JOIN "Track" ON "Track"."AlbumId" = "Album"."AlbumId" \
            LEFT JOIN "InvoiceLine" ON "InvoiceLine"."TrackId" = "Track"."TrackId" LEFT JOIN "Invoice" ON "Invoice"."InvoiceId" = "InvoiceLine"."InvoiceId" \
            LEFT JOIN "Customer" ON "Customer"."CustomerId" = "Invoice"."CustomerId" GROUP BY "Artist"."ArtistId" ORDER BY "Artist"."ArtistId"
            """)
        let handWritten = try integers(
            """
            SELECT (SELECT COUNT(DISTINCT i.CustomerId) FROM Album a JOIN Track t ON t.AlbumId = a.AlbumId
                    JOIN InvoiceLine l ON l.TrackId = t.TrackId JOIN Invoice i ON i.InvoiceId = l.InvoiceId
                    WHERE a.ArtistId = ar.ArtistId) FROM Artist ar ORDER BY ar.ArtistId
            """, in: db)
        XCTAssertEqual(handWritten, [2, 3, 0])
        XCTAssertEqual(ids(try db.fetchAll(counted), "customerCount"), handWritten)
        let having = try db.request(parsing: "Artist.having(customers.count >= 3)")
        XCTAssertEqual(try db.fetchAll(having).map { $0["Name"] }, ["Accept"])
        let joined = try db.request(parsing: "Artist.joining(required: customers.filter(Country = 'Brazil')).distinct().order(ArtistId)")
        XCTAssertEqual(try db.fetchAll(joined).map { $0["Name"] }, ["AC/DC", "Accept"])
        let included = try db.request(parsing: "Artist.filter(key: 2).including(required: customers.select(FirstName))")
        let names = try db.fetchAll(included).compactMap { row -> String? in
            if case .text(let name)? = row.scopeTree("customer")?["FirstName"] { return name }
            return nil
        }
        XCTAssertEqual(names.sorted(), ["Bob", "Cy", "Dee"])
    }

    func testHasOneThroughChainOfToOneSteps() throws {
        let db = try database(#"InvoiceLine.hasOne(Artist, through: [track, album, artist], key: "performer")"#)
        let performer = try XCTUnwrap(db.graph.association(named: "performer", from: "InvoiceLine"))
        XCTAssertEqual(performer.kind, .hasOneThrough)
        XCTAssertEqual(performer.throughStepNames, ["track", "album", "artist"])
        let request = try db.request(parsing: "InvoiceLine.including(optional: performer.select(Name)).order(InvoiceLineId)")
        XCTAssertEqual(
            try db.fetchAll(request).map { $0.scopeTree("performer")?["Name"] },
            ["AC/DC", "AC/DC", "AC/DC", "AC/DC", "Accept", "Accept", "Accept"])
    }

    func testDeclaredChainsBuildOnEarlierDeclarations() throws {
        let db = try database(
            """
            Genre.hasMany(Track, key: "songs", using: [GenreId])
            Genre.hasMany(Customer, through: [songs, invoiceLines, invoice, customer], key: "listeners").order(FirstName.desc)
            """)
        let request = try db.request(parsing: "Genre.filter(key: 2).request(for: listeners)")
        XCTAssertEqual(try db.fetchAll(request).map { $0["FirstName"] }, ["Ann"])
        let rock = try db.request(parsing: "Genre.filter(key: 1).request(for: listeners)")
        XCTAssertEqual(try db.fetchAll(rock).map { $0["FirstName"] }, ["Dee", "Cy", "Bob", "Ann"])
    }

    /// A through declared above the direct declaration it steps through (here one that replaces
    /// the inferred `Album.tracks` by `using: [GenreId]`, an album id matched against a genre id)
    /// means the declared step: the file's lines are declarations, not a sequence of edits.
    func testAThroughMeansTheDeclaredStepWhateverLineDeclaresIt() throws {
        let through = #"Album.hasMany(Customer, through: [tracks, invoiceLines, invoice, customer], key: "buyers")"#
        let replacement = #"Album.hasMany(Track, key: "tracks", using: [GenreId])"#
        let before = try database(through + "\n" + replacement)
        let after = try database(replacement + "\n" + through)
        for db in [before, after] {
            let buyers = try XCTUnwrap(db.graph.association(named: "buyers", from: "Album"))
            guard case .through(let pivot, _) = buyers.path, case .direct(let pairs) = pivot.path else {
                return XCTFail("\(buyers.path)")
            }
            XCTAssertEqual(pairs, [ColumnPair(origin: "AlbumId", destination: "GenreId")])
            // Album 2's id matches genre 2: track 3 (Mid), bought by Ann only.
            let request = try db.request(parsing: "Album.filter(key: 2).request(for: buyers)")
            XCTAssertEqual(try db.fetchAll(request).map { $0["FirstName"] }, ["Ann"])
        }
        // A through may still build on a through declared on an earlier line.
        XCTAssertNoThrow(
            try database(
                through + "\n" + #"Artist.hasMany(Customer, through: [albums, buyers], key: "fans")"# + "\n" + replacement))
    }
}
