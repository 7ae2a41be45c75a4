import XCTest

@testable import AssocCore

final class InflectorTests: XCTestCase {
    /// (singular, plural) pairs checked in both directions, and for idempotence.
    let pairs: [(String, String)] = [
        ("book", "books"), ("box", "boxes"), ("category", "categories"), ("address", "addresses"),
        ("status", "statuses"), ("bus", "buses"), ("leaf", "leaves"), ("half", "halves"),
        ("analysis", "analyses"), ("datum", "data"), ("index", "indices"), ("matrix", "matrices"),
        ("quiz", "quizzes"), ("octopus", "octopi"), ("ox", "oxen"), ("person", "people"),
        ("man", "men"), ("woman", "women"), ("child", "children"), ("mouse", "mice"),
        ("goose", "geese"), ("tooth", "teeth"), ("foot", "feet"), ("move", "moves"), ("sex", "sexes"),
        ("zombie", "zombies"), ("day", "days"), ("key", "keys"), ("city", "cities"),
        ("company", "companies"), ("match", "matches"), ("dish", "dishes"), ("class", "classes"),
        ("knife", "knives"), ("wife", "wives"), ("life", "lives"), ("shelf", "shelves"),
        ("album", "albums"), ("photo", "photos"), ("hero", "heroes"), ("movie", "movies"),
        ("cookie", "cookies"), ("price", "prices"), ("device", "devices"), ("invoice", "invoices"),
        ("archive", "archives"), ("olive", "olives"), ("drive", "drives"), ("house", "houses"),
        ("course", "courses"), ("database", "databases"), ("response", "responses"),
        ("size", "sizes"), ("criterion", "criteria"), ("medium", "media"), ("vertex", "vertices"),
        ("crisis", "crises"), ("taxi", "taxis"), ("tax", "taxes"),
        ("axis", "axes"), ("shoe", "shoes"), ("cache", "caches"), ("menu", "menus"),
        ("salesperson", "salespeople"), ("chairman", "chairmen"), ("human", "humans"),
        ("specimen", "specimens"), ("area", "areas"), ("genre", "genres"), ("track", "tracks"),
        ("playlist", "playlists"), ("employee", "employees"), ("customer", "customers"),
        ("passport", "passports"), ("citizen", "citizens"), ("demographic", "demographics")
    ]

    func testPairsBothWays() {
        for (singular, plural) in pairs {
            XCTAssertEqual(Inflector.pluralize(singular), plural, "pluralize(\(singular))")
            XCTAssertEqual(Inflector.singularize(plural), singular, "singularize(\(plural))")
            XCTAssertEqual(Inflector.pluralize(plural), plural, "pluralize(\(plural)) stays plural")
            XCTAssertEqual(Inflector.singularize(singular), singular, "singularize(\(singular)) stays singular")
        }
    }

    func testUncountables() {
        for word in [
            "equipment", "information", "rice", "money", "species", "series", "fish", "sheep",
            "jeans", "police", "news", "metadata"
        ] {
            XCTAssertEqual(Inflector.pluralize(word), word)
            XCTAssertEqual(Inflector.singularize(word), word)
        }
        XCTAssertEqual(Inflector.pluralize("userMetadata"), "userMetadata")
        XCTAssertEqual(Inflector.singularize("dailyNews"), "dailyNews")
    }

    func testOnlyTheLastWordIsInflected() {
        XCTAssertEqual(Inflector.pluralize("lineItem"), "lineItems")
        XCTAssertEqual(Inflector.pluralize("postal_address"), "postal_addresses")
        XCTAssertEqual(Inflector.singularize("orderDetails"), "orderDetail")
        XCTAssertEqual(Inflector.singularize("order details"), "order detail")
        XCTAssertEqual(Inflector.pluralize("salesPerson"), "salesPeople")
        XCTAssertEqual(Inflector.pluralize("PlaylistTrack"), "PlaylistTracks")
        XCTAssertEqual(Inflector.singularize("PlaylistTracks"), "PlaylistTrack")
        XCTAssertEqual(Inflector.pluralize("newsItem"), "newsItems")
        XCTAssertEqual(Inflector.singularize("categoriesStatuses"), "categoriesStatus")
        XCTAssertEqual(Inflector.pluralize("XMLFile"), "XMLFiles")
        // "bases" is read as the plural of "base" (databases), not of "basis".
        XCTAssertEqual(Inflector.pluralize("basis"), "bases")
        XCTAssertEqual(Inflector.singularize("bases"), "base")
        XCTAssertEqual(Inflector.singularize("databases"), "database")
    }

    func testCaseIsKept() {
        XCTAssertEqual(Inflector.pluralize("Person"), "People")
        XCTAssertEqual(Inflector.pluralize("BOOK"), "BOOKS")
        XCTAssertEqual(Inflector.pluralize("ORDER_ITEM"), "ORDER_ITEMS")
        XCTAssertEqual(Inflector.singularize("CATEGORIES"), "CATEGORY")
        XCTAssertEqual(Inflector.singularize("Children"), "Child")
    }

    func testTrailingDigitsAreKept() {
        XCTAssertEqual(Inflector.pluralize("book2"), "books2")
        XCTAssertEqual(Inflector.singularize("books2"), "book2")
        XCTAssertEqual(Inflector.pluralize("person10"), "people10")
        XCTAssertEqual(Inflector.pluralize("123"), "123")
        XCTAssertEqual(Inflector.pluralize(""), "")
        XCTAssertEqual(Inflector.singularize("_"), "_")
    }

    func testIdentifier() {
        XCTAssertEqual(Inflector.identifier("Order Details"), "orderDetails")
        XCTAssertEqual(Inflector.identifier("order_items"), "orderItems")
        XCTAssertEqual(Inflector.identifier("Customers"), "customers")
        XCTAssertEqual(Inflector.identifier("PlaylistTrack"), "playlistTrack")
        XCTAssertEqual(Inflector.identifier("weird \"name\""), "weirdName")
        XCTAssertEqual(Inflector.identifier("select"), "select")
        XCTAssertEqual(Inflector.identifier("Élève"), "élève")
        XCTAssertEqual(Inflector.identifier("表"), "表")
        XCTAssertEqual(Inflector.identifier("BOOK"), "book")
        XCTAssertEqual(Inflector.identifier("ORDER_ITEMS"), "orderItems")
        XCTAssertEqual(Inflector.identifier(""), "table")
        XCTAssertEqual(Inflector.identifier("---"), "table")
        XCTAssertEqual(Inflector.identifier("2020_sales"), "t2020Sales")
        XCTAssertEqual(Inflector.identifier("XMLFile"), "xmlFile")
        XCTAssertEqual(Inflector.identifier("bookID"), "bookId")
        XCTAssertEqual(Inflector.identifier("line-items"), "lineItems")
        XCTAssertEqual(Inflector.identifier("A"), "a")
        XCTAssertEqual(Inflector.identifier("Support Rep"), "supportRep")
        XCTAssertEqual(Inflector.identifier("t2_x"), "t2X")
    }

    func testTableNames() {
        XCTAssertEqual(Inflector.singularName(ofTable: "books"), "book")
        XCTAssertEqual(Inflector.singularName(ofTable: "Order Details"), "orderDetail")
        XCTAssertEqual(Inflector.singularName(ofTable: "PEOPLE"), "person")
        XCTAssertEqual(Inflector.singularName(ofTable: "demographicProfiles"), "demographicProfile")
        XCTAssertEqual(Inflector.pluralName(ofTable: "person"), "people")
        XCTAssertEqual(Inflector.pluralName(ofTable: "PlaylistTrack"), "playlistTracks")
        XCTAssertEqual(Inflector.pluralName(ofTable: "order_items"), "orderItems")
        XCTAssertEqual(Inflector.pluralName(ofTable: "InvoiceLine"), "invoiceLines")
    }

    func testUpperFirst() {
        XCTAssertEqual(Inflector.upperFirst("author"), "Author")
        XCTAssertEqual(Inflector.upperFirst(""), "")
        XCTAssertEqual(Inflector.upperFirst("élève"), "Élève")
        XCTAssertEqual(Inflector.upperFirst("reportsTo"), "ReportsTo")
    }
}
