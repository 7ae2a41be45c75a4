import TestSupport
import XCTest

@testable import AssocCore

/// `Tab` in the browser's prompts: which names the request language allows at the cursor, from
/// the schema and association graph, quoted as the language quotes them.
final class RequestCompletionTests: XCTestCase {
    var graph: AssociationGraph!

    override func setUpWithError() throws {
        graph = try ChinookFixture.database().graph
    }

    /// Completion of a request at the end of `text`, or at the `|` in it.
    func complete(_ text: String, graph: AssociationGraph? = nil) -> RequestCompletion {
        let (text, cursor) = Self.split(text)
        return RequestCompletion.request(text, cursor: cursor, graph: graph ?? self.graph)
    }

    static func split(_ text: String) -> (String, Int) {
        guard let bar = text.firstIndex(of: "|") else { return (text, text.count) }
        return (text.replacingOccurrences(of: "|", with: ""), text.distance(from: text.startIndex, to: bar))
    }

    func testTheFirstNameIsATable() {
        let completion = complete("Art")
        XCTAssertEqual(completion.candidates, ["Artist", "ArtistBio"])
        XCTAssertEqual(completion.range, 0..<3)
        XCTAssertEqual(completion.insertion, "Artist")
        XCTAssertEqual(complete("pla").candidates, ["Playlist", "PlaylistTrack"])
    }

    func testAfterTheTableComeTheRequestMethods() {
        let all = complete("Artist.").candidates
        XCTAssertEqual(all.first, "including(required: ")
        XCTAssertTrue(all.contains("filter("), "\(all)")
        XCTAssertTrue(all.contains("request(for: "), "\(all)")
        let including = complete("Artist.inc")
        XCTAssertEqual(including.candidates, ["including(required: ", "including(optional: ", "including(all: "])
        XCTAssertEqual(including.insertion, "including(")
        XCTAssertEqual(complete("Artist.filter(Name = 'x').ord").candidates, ["order("])
    }

    func testInsideIncludingTheLabelsThenTheAssociations() {
        XCTAssertEqual(complete("Artist.including(o").candidates, ["optional: "])
        XCTAssertEqual(complete("Artist.joining(").candidates, ["required: ", "optional: "])
        let associations = complete("Artist.including(required: ").candidates
        XCTAssertTrue(associations.contains("albums"), "\(associations)")
        XCTAssertFalse(associations.contains("Name"), "\(associations)")
        XCTAssertEqual(complete("Track.including(required: al").candidates, ["album"])
        // Nested: the association's own associations, and methods after it.
        XCTAssertEqual(complete("Track.including(optional: album.including(required: artist.").candidates.first, "including(required: ")
        XCTAssertTrue(complete("Track.including(optional: album.").candidates.contains("aliased(\""))
        XCTAssertFalse(complete("Track.including(optional: album.").candidates.contains("limit("))
    }

    func testAfterFilterTheColumnsAndAssociations() {
        let candidates = complete("Artist.filter(").candidates
        XCTAssertEqual(Array(candidates.prefix(2)), ["ArtistId", "Name"])
        XCTAssertTrue(candidates.contains("albums"), "\(candidates)")
        XCTAssertEqual(complete("Artist.filter(Name = 'AC/DC' AND Art").candidates, ["ArtistId"])
        XCTAssertEqual(complete("Track.order(Mil").candidates, ["Milliseconds"])
        XCTAssertEqual(complete("Track.order(Milliseconds.d").candidates, ["desc"])
        // Inside an association's filter, its destination's columns.
        XCTAssertEqual(complete("Artist.including(all: albums.filter(Ti").candidates, ["Title"])
        XCTAssertEqual(complete("Artist.annotated(with: albums.co").candidates, ["count"])
        XCTAssertEqual(complete("Artist.annotated(with: albums.max(Ti").candidates, ["Title"])
        // After request(for:), the destination's columns.
        XCTAssertEqual(complete("Artist.request(for: albums).filter(Ti").candidates, ["Title"])
    }

    func testAColumnOfAnIncludedAlias() {
        let text = #"Track.including(required: album.aliased("a")).filter(a."#
        XCTAssertEqual(complete(text).candidates, ["AlbumId", "Title", "ArtistId"])
        // The alias is known wherever it is given in the request, and offered as a name.
        XCTAssertEqual(complete(#"Track.filter(a.T|).including(required: album.aliased("a"))"#).candidates, ["Title"])
        XCTAssertTrue(complete(#"Track.including(required: album.aliased("al")).filter("#).candidates.contains("al"))
    }

    func testAPartialQuotedNameCompletesQuoted() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE "Invoice Lines" (id INTEGER PRIMARY KEY, "Unit Price" REAL, "count" INTEGER);
            CREATE TABLE "Invoice Items" (id INTEGER PRIMARY KEY);
            CREATE TABLE "like" (id INTEGER PRIMARY KEY, lineId INTEGER REFERENCES "Invoice Lines"(id));
            """)
        let quoted = complete(#""Invoice L"#, graph: db.graph)
        XCTAssertEqual(quoted.candidates, [#""Invoice Lines""#])
        XCTAssertEqual(quoted.range, 0..<10)
        // Ranked (the same length: by name); the common prefix gets its opening quote.
        let both = complete("Inv", graph: db.graph)
        XCTAssertEqual(both.candidates, [#""Invoice Items""#, #""Invoice Lines""#])
        XCTAssertEqual(both.insertion, #""Invoice "#)
        XCTAssertEqual(complete(#""Inv"#, graph: db.graph).insertion, #""Invoice "#)
        XCTAssertEqual(complete(#""Invoice Lines".filter("Un"#, graph: db.graph).candidates, [#""Unit Price""#])
        XCTAssertEqual(complete(#""Invoice Lines".filter(Un"#, graph: db.graph).candidates, [#""Unit Price""#])
        // A keyword is a table name only quoted; after an alias, `count` is quoted too.
        XCTAssertEqual(complete("lik", graph: db.graph).candidates, [#""like""#])
        XCTAssertEqual(
            complete(#""Invoice Lines".aliased("l").filter(l.c"#, graph: db.graph).candidates, [#""count""#])
    }

    /// Northwind's names: plain and quoted ones mixed complete to their common prefix with its
    /// opening quote, from which each still completes; the exact name comes first, then the
    /// shorter (a table named like the start of another).
    func testQuotedAndPlainNamesCompleteTogetherRankedAsEveryList() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE Customers (id INTEGER PRIMARY KEY);
            CREATE TABLE CustomerDemographics (id INTEGER PRIMARY KEY);
            CREATE VIEW "Customer and Suppliers by City" AS SELECT id FROM Customers;
            CREATE TABLE Orders (id INTEGER PRIMARY KEY);
            CREATE TABLE "Order Details" (id INTEGER PRIMARY KEY, orderId INTEGER REFERENCES Orders(id));
            CREATE TABLE TrackGenre (id INTEGER PRIMARY KEY);
            CREATE TABLE Track (id INTEGER PRIMARY KEY);
            """)
        let customers = complete("Cust", graph: db.graph)
        XCTAssertEqual(customers.candidates, ["Customers", "CustomerDemographics", #""Customer and Suppliers by City""#])
        XCTAssertEqual(customers.insertion, #""Customer"#)
        let orders = complete("Ord", graph: db.graph)
        XCTAssertEqual(orders.candidates, ["Orders", #""Order Details""#])
        XCTAssertEqual(orders.insertion, #""Order"#)
        // From the opened quote: each name completes, quoted as it needs.
        XCTAssertEqual(complete(#""Orders"#, graph: db.graph).insertion, "Orders")
        XCTAssertEqual(complete(#""Order D"#, graph: db.graph).insertion, #""Order Details""#)
        XCTAssertNil(complete(#""Order"#, graph: db.graph).insertion, "nothing to add: the list is shown")
        XCTAssertEqual(complete("Track", graph: db.graph).candidates, ["Track", "TrackGenre"], "the exact name first")
        XCTAssertEqual(complete("trackg", graph: db.graph).insertion, "TrackGenre")
    }

    func testTheNameUnderTheCursorIsReplacedWhole() {
        let completion = complete("Artist.filter(Na|me = 'x')")
        XCTAssertEqual(completion.candidates, ["Name"])
        XCTAssertEqual(completion.range, 14..<18)
        XCTAssertEqual(completion.typed, "Na")
    }

    func testNoCandidates() {
        XCTAssertEqual(complete("Artist.filter(Name = 'AC").candidates, [], "inside a text literal")
        XCTAssertEqual(complete("Artist.filter(Name ").candidates, [], "after an operand comes an operator")
        XCTAssertEqual(complete("Artist.filter(Zz").candidates, [])
        XCTAssertEqual(complete("Nope.").candidates.contains("filter("), true, "an unknown table still has methods")
        XCTAssertEqual(complete("Nope.filter(").candidates, [], "but no columns")
        XCTAssertEqual(complete("Artist.limit(").candidates, [])
        XCTAssertEqual(complete("Artist ?").candidates, [], "a character the language refuses")
        XCTAssertEqual(complete("Zz").candidates, [])
        XCTAssertNil(complete("Zz").insertion)
    }

    func testAnExpressionOnATable() {
        let columns = RequestCompletion.expression("Na", cursor: 2, graph: graph, table: "Artist")
        XCTAssertEqual(columns.candidates, ["Name"])
        let qualified = RequestCompletion.expression(
            "Milliseconds > 1 AND album.T", cursor: 28, graph: graph, table: "Track", qualifiers: ["album": "Album"])
        XCTAssertEqual(qualified.candidates, ["Title"])
        let first = RequestCompletion.expression("", cursor: 0, graph: graph, table: "Track", qualifiers: ["album": "Album"])
        XCTAssertTrue(first.candidates.contains("album") && first.candidates.contains("TrackId"), "\(first.candidates)")
    }

    func testSQLCompletesTablesAndTheirColumns() {
        XCTAssertEqual(complete("SELECT * FROM Art").candidates, ["Artist", "ArtistBio"])
        XCTAssertEqual(complete("select Na| from Artist").candidates, ["Name"])
        XCTAssertEqual(complete("SELECT Album.T").candidates, ["Title"])
    }
}

/// Completion never traps, whatever the text and the cursor: every position of odd texts gives a
/// range inside the text.
final class RequestCompletionRobustnessTests: XCTestCase {
    func testEveryCursorOfOddTextsGivesARangeInsideTheText() throws {
        let graph = try ChinookFixture.database().graph
        let texts = [
            #"Track.including(required: album.aliased("a")).filter(a.Title = 'x' AND albums.max(Milliseconds) > 1).order(Name.desc)"#,
            "Artist.\u{301}filter(é\u{301} = 'a\u{0}b'", "\"unterminated", "`back``tick", "'text", "X'0g", "a.b.c.d.(((((",
            ")))).", "Artist.filter(Name = \"", "漢字.filter(漢", "\u{202E}Artist.\u{202E}", "SELECT \"Art", "WITH x AS (SELECT", "",
            "Artist.request(for: albums).request(for: tracks).filter(", "Artist.filter(key: [ArtistId: ", "Track.order(Name.collating("
        ]
        for text in texts {
            for cursor in 0...text.count {
                let request = RequestCompletion.request(text, cursor: cursor, graph: graph)
                let expression = RequestCompletion.expression(text, cursor: cursor, graph: graph, table: "Track", qualifiers: ["x": "Nope"])
                for completion in [request, expression] {
                    XCTAssertTrue(completion.range.lowerBound >= 0 && completion.range.upperBound <= text.count, "\(text) at \(cursor)")
                    _ = completion.insertion
                }
            }
        }
        XCTAssertEqual(RequestCompletion.request("Track.order(Name.collating(", cursor: 27, graph: graph).candidates.first, "binary")
    }
}
