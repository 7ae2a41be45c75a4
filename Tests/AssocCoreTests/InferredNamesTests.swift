import Foundation
import XCTest

@testable import AssocCore

/// The full list of inferred association names of three well-known sample schemas, kept as SQL
/// under Tests/Fixtures (schema only, no rows): Chinook (as `sqlite3 chinook.sqlite .schema`
/// prints it), Northwind and Sakila. Each list was read and checked by hand against the rules of
/// docs/ASSOCIATION-NAMES.md; the before/after table there says what changed and why.
final class InferredNamesTests: XCTestCase {
    func testChinookNames() throws {
        try assertNames(fixture: "chinook-schema.sql", Self.chinook)
    }

    func testNorthwindNames() throws {
        try assertNames(fixture: "northwind-schema.sql", Self.northwind)
    }

    func testSakilaNames() throws {
        try assertNames(fixture: "sakila-schema.sql", Self.sakila)
    }

    /// A join table of a table with itself still gives through associations back to it.
    func testSelfJoinTableGivesThroughAssociationsBackToItsTable() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE user (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE friendship (userId INTEGER NOT NULL REFERENCES user(id),
                friendId INTEGER NOT NULL REFERENCES user(id), PRIMARY KEY (userId, friendId));
            """)
        XCTAssertEqual(
            graph.summaries("user"),
            [
                "hasMany friendshipsAsFriend → friendship",
                "hasMany friendshipsAsUser → friendship",
                "hasManyThrough friends → user via friendshipsAsUser.friend",
                "hasManyThrough users → user via friendshipsAsFriend.user"
            ])
        // The same shape through a table whose key is its own (not a join table): none.
        let notJoin = try makeGraph(
            """
            CREATE TABLE user (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE message (id INTEGER PRIMARY KEY, senderId INTEGER REFERENCES user(id),
                recipientId INTEGER REFERENCES user(id));
            """)
        XCTAssertEqual(
            notJoin.summaries("user"),
            [
                "hasMany messagesAsRecipient → message",
                "hasMany messagesAsSender → message"
            ])
    }

    /// Two links between two tables in opposite directions: the inverse takes its `As` form
    /// instead of colliding with the belongsTo (no `Via` suffix).
    func testInverseTakesItsAsFormWhenItCollides() throws {
        let graph = try makeGraph(
            """
            CREATE TABLE team (id INTEGER PRIMARY KEY, captainId INTEGER UNIQUE REFERENCES player(id));
            CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id));
            """)
        XCTAssertEqual(
            graph.summaries("player"),
            [
                "belongsTo team → team",
                "hasOne teamAsCaptain → team"
            ])
        XCTAssertEqual(
            graph.summaries("team"),
            [
                "belongsTo captain → player",
                "hasMany players → player"
            ])
    }

    /// The singular form of renamed to-many through associations follows their name.
    func testSingularNamesOfPrefixedThroughAssociations() throws {
        let graph = try makeGraph(try fixture("sakila-schema.sql"))
        XCTAssertEqual(try graph.require("paymentsStaff", from: "customer").singularName, "paymentsStaff")
        XCTAssertEqual(try graph.require("customersPayments", from: "store").singularName, "customersPayment")
        XCTAssertEqual(try graph.require("staffStoresAsManagerStaff", from: "address").singularName, "staffStoreAsManagerStaff")
        XCTAssertEqual(try graph.require("filmsAsLanguageFilmActors", from: "language").singularName, "filmsAsLanguageFilmActor")
    }

    // MARK: - Support

    private func fixture(_ name: String, file: String = #filePath) throws -> String {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    private func assertNames(
        fixture name: String, _ expected: [(table: String, associations: [String])],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let graph = try makeGraph(try fixture(name))
        XCTAssertEqual(graph.diagnostics, [], file: file, line: line)
        let tables = graph.schema.tables.filter { !$0.name.lowercased().hasPrefix("sqlite_") }.map(\.name)
        XCTAssertEqual(tables, expected.map(\.table), file: file, line: line)
        for (table, associations) in expected {
            XCTAssertEqual(graph.summaries(table), associations, "table \(table)", file: file, line: line)
            let names = graph.associations(from: table).map(\.name)
            XCTAssertEqual(Set(names).count, names.count, "unique names in \(table)", file: file, line: line)
            for name in names {
                XCTAssertNotNil(
                    name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression),
                    "\(table).\(name) is a Swift identifier", file: file, line: line)
            }
        }
    }

    static let chinook: [(table: String, associations: [String])] = [
        (
            "Album",
            [
                "belongsTo artist → Artist",
                "hasMany tracks → Track",
                "hasManyThrough genres → Genre via tracks.genre",
                "hasManyThrough invoiceLines → InvoiceLine via tracks.invoiceLines",
                "hasManyThrough mediaTypes → MediaType via tracks.mediaType",
                "hasManyThrough playlistTracks → PlaylistTrack via tracks.playlistTracks"
            ]
        ),
        (
            "Artist",
            [
                "hasMany albums → Album",
                "hasManyThrough tracks → Track via albums.tracks"
            ]
        ),
        (
            "Customer",
            [
                "belongsTo supportRep → Employee",
                "hasMany invoices → Invoice",
                "hasOneThrough supportRepReportsTo → Employee via supportRep.reportsTo",
                "hasManyThrough invoiceLines → InvoiceLine via invoices.invoiceLines"
            ]
        ),
        (
            "Employee",
            [
                "belongsTo reportsTo → Employee",
                "hasMany customers → Customer",
                "hasMany employeesAsReportsTo → Employee",
                "hasManyThrough invoices → Invoice via customers.invoices"
            ]
        ),
        (
            "Genre",
            [
                "hasMany tracks → Track",
                "hasManyThrough albums → Album via tracks.album",
                "hasManyThrough invoiceLines → InvoiceLine via tracks.invoiceLines",
                "hasManyThrough mediaTypes → MediaType via tracks.mediaType",
                "hasManyThrough playlistTracks → PlaylistTrack via tracks.playlistTracks"
            ]
        ),
        (
            "Invoice",
            [
                "belongsTo customer → Customer",
                "hasMany invoiceLines → InvoiceLine",
                "hasOneThrough supportRep → Employee via customer.supportRep",
                "hasManyThrough tracks → Track via invoiceLines.track"
            ]
        ),
        (
            "InvoiceLine",
            [
                "belongsTo invoice → Invoice",
                "belongsTo track → Track",
                "hasOneThrough album → Album via track.album",
                "hasOneThrough customer → Customer via invoice.customer",
                "hasOneThrough genre → Genre via track.genre",
                "hasOneThrough mediaType → MediaType via track.mediaType"
            ]
        ),
        (
            "MediaType",
            [
                "hasMany tracks → Track",
                "hasManyThrough albums → Album via tracks.album",
                "hasManyThrough genres → Genre via tracks.genre",
                "hasManyThrough invoiceLines → InvoiceLine via tracks.invoiceLines",
                "hasManyThrough playlistTracks → PlaylistTrack via tracks.playlistTracks"
            ]
        ),
        (
            "Playlist",
            [
                "hasMany playlistTracks → PlaylistTrack",
                "hasManyThrough tracks → Track via playlistTracks.track"
            ]
        ),
        (
            "PlaylistTrack",
            [
                "belongsTo playlist → Playlist",
                "belongsTo track → Track",
                "hasOneThrough album → Album via track.album",
                "hasOneThrough genre → Genre via track.genre",
                "hasOneThrough mediaType → MediaType via track.mediaType"
            ]
        ),
        (
            "Track",
            [
                "belongsTo album → Album",
                "belongsTo genre → Genre",
                "belongsTo mediaType → MediaType",
                "hasMany invoiceLines → InvoiceLine",
                "hasMany playlistTracks → PlaylistTrack",
                "hasOneThrough artist → Artist via album.artist",
                "hasManyThrough invoices → Invoice via invoiceLines.invoice",
                "hasManyThrough playlists → Playlist via playlistTracks.playlist"
            ]
        )
    ]

    static let northwind: [(table: String, associations: [String])] = [
        (
            "Categories",
            [
                "hasMany products → Products",
                "hasManyThrough orderDetails → Order Details via products.orderDetails",
                "hasManyThrough suppliers → Suppliers via products.supplier"
            ]
        ),
        (
            "Customers",
            [
                "hasMany orders → Orders",
                "hasManyThrough employees → Employees via orders.employee",
                "hasManyThrough orderDetails → Order Details via orders.orderDetails",
                "hasManyThrough shippers → Shippers via orders.shipper"
            ]
        ),
        (
            "Employees",
            [
                "belongsTo reportsTo → Employees",
                "hasMany employeeTerritories → EmployeeTerritories",
                "hasMany employeesAsReportsTo → Employees",
                "hasMany orders → Orders",
                "hasManyThrough customers → Customers via orders.customer",
                "hasManyThrough orderDetails → Order Details via orders.orderDetails",
                "hasManyThrough shippers → Shippers via orders.shipper",
                "hasManyThrough territories → Territories via employeeTerritories.territory"
            ]
        ),
        (
            "Region",
            [
                "hasMany territories → Territories",
                "hasManyThrough employeeTerritories → EmployeeTerritories via territories.employeeTerritories"
            ]
        ),
        (
            "Territories",
            [
                "belongsTo region → Region",
                "hasMany employeeTerritories → EmployeeTerritories",
                "hasManyThrough employees → Employees via employeeTerritories.employee"
            ]
        ),
        (
            "EmployeeTerritories",
            [
                "belongsTo employee → Employees",
                "belongsTo territory → Territories",
                "hasOneThrough employeeReportsTo → Employees via employee.reportsTo",
                "hasOneThrough region → Region via territory.region"
            ]
        ),
        (
            "Shippers",
            [
                "hasMany orders → Orders",
                "hasManyThrough customers → Customers via orders.customer",
                "hasManyThrough employees → Employees via orders.employee",
                "hasManyThrough orderDetails → Order Details via orders.orderDetails"
            ]
        ),
        (
            "Suppliers",
            [
                "hasMany products → Products",
                "hasManyThrough categories → Categories via products.category",
                "hasManyThrough orderDetails → Order Details via products.orderDetails"
            ]
        ),
        (
            "Products",
            [
                "belongsTo category → Categories",
                "belongsTo supplier → Suppliers",
                "hasMany orderDetails → Order Details",
                "hasManyThrough orders → Orders via orderDetails.order"
            ]
        ),
        (
            "Orders",
            [
                "belongsTo customer → Customers",
                "belongsTo employee → Employees",
                "belongsTo shipper → Shippers",
                "hasMany orderDetails → Order Details",
                "hasOneThrough employeeReportsTo → Employees via employee.reportsTo",
                "hasManyThrough products → Products via orderDetails.product"
            ]
        ),
        (
            "Order Details",
            [
                "belongsTo order → Orders",
                "belongsTo product → Products",
                "hasOneThrough category → Categories via product.category",
                "hasOneThrough customer → Customers via order.customer",
                "hasOneThrough employee → Employees via order.employee",
                "hasOneThrough shipper → Shippers via order.shipper",
                "hasOneThrough supplier → Suppliers via product.supplier"
            ]
        )
    ]

    static let sakila: [(table: String, associations: [String])] = [
        (
            "actor",
            [
                "hasMany filmActors → film_actor",
                "hasManyThrough films → film via filmActors.film"
            ]
        ),
        (
            "country",
            [
                "hasMany cities → city",
                "hasManyThrough addresses → address via cities.addresses"
            ]
        ),
        (
            "city",
            [
                "belongsTo country → country",
                "hasMany addresses → address",
                "hasManyThrough customers → customer via addresses.customers",
                "hasManyThrough staff → staff via addresses.staff",
                "hasManyThrough stores → store via addresses.stores"
            ]
        ),
        (
            "address",
            [
                "belongsTo city → city",
                "hasMany customers → customer",
                "hasMany staff → staff",
                "hasMany stores → store",
                "hasOneThrough country → country via city.country",
                "hasManyThrough customersPayments → payment via customers.payments",
                "hasManyThrough customersRentals → rental via customers.rentals",
                "hasManyThrough customersStores → store via customers.store",
                "hasManyThrough inventories → inventory via stores.inventories",
                "hasManyThrough managerStaff → staff via stores.managerStaff",
                "hasManyThrough staffPayments → payment via staff.payments",
                "hasManyThrough staffRentals → rental via staff.rentals",
                "hasManyThrough staffStores → store via staff.store",
                "hasManyThrough staffStoresAsManagerStaff → store via staff.storeAsManagerStaff",
                "hasManyThrough storesCustomers → customer via stores.customers",
                "hasManyThrough storesStaff → staff via stores.staff"
            ]
        ),
        (
            "language",
            [
                "hasMany filmsAsLanguage → film",
                "hasMany filmsAsOriginalLanguage → film",
                "hasManyThrough filmsAsLanguageFilmActors → film_actor via filmsAsLanguage.filmActors",
                "hasManyThrough filmsAsLanguageFilmCategories → film_category via filmsAsLanguage.filmCategories",
                "hasManyThrough filmsAsLanguageFilmTexts → film_text via filmsAsLanguage.filmText",
                "hasManyThrough filmsAsLanguageInventories → inventory via filmsAsLanguage.inventories",
                "hasManyThrough filmsAsOriginalLanguageFilmActors → film_actor via filmsAsOriginalLanguage.filmActors",
                "hasManyThrough filmsAsOriginalLanguageFilmCategories → film_category via filmsAsOriginalLanguage.filmCategories",
                "hasManyThrough filmsAsOriginalLanguageFilmTexts → film_text via filmsAsOriginalLanguage.filmText",
                "hasManyThrough filmsAsOriginalLanguageInventories → inventory via filmsAsOriginalLanguage.inventories"
            ]
        ),
        (
            "category",
            [
                "hasMany filmCategories → film_category",
                "hasManyThrough films → film via filmCategories.film"
            ]
        ),
        (
            "customer",
            [
                "belongsTo address → address",
                "belongsTo store → store",
                "hasMany payments → payment",
                "hasMany rentals → rental",
                "hasOneThrough city → city via address.city",
                "hasOneThrough managerStaff → staff via store.managerStaff",
                "hasOneThrough storeAddress → address via store.address",
                "hasManyThrough inventories → inventory via rentals.inventory",
                "hasManyThrough paymentsRentals → rental via payments.rental",
                "hasManyThrough paymentsStaff → staff via payments.staff",
                "hasManyThrough rentalsPayments → payment via rentals.payments",
                "hasManyThrough rentalsStaff → staff via rentals.staff"
            ]
        ),
        (
            "film",
            [
                "belongsTo language → language",
                "belongsTo originalLanguage → language",
                "hasOne filmText → film_text",
                "hasMany filmActors → film_actor",
                "hasMany filmCategories → film_category",
                "hasMany inventories → inventory",
                "hasManyThrough actors → actor via filmActors.actor",
                "hasManyThrough categories → category via filmCategories.category",
                "hasManyThrough rentals → rental via inventories.rentals",
                "hasManyThrough stores → store via inventories.store"
            ]
        ),
        (
            "film_actor",
            [
                "belongsTo actor → actor",
                "belongsTo film → film",
                "hasOneThrough filmText → film_text via film.filmText",
                "hasOneThrough language → language via film.language",
                "hasOneThrough originalLanguage → language via film.originalLanguage"
            ]
        ),
        (
            "film_category",
            [
                "belongsTo category → category",
                "belongsTo film → film",
                "hasOneThrough filmText → film_text via film.filmText",
                "hasOneThrough language → language via film.language",
                "hasOneThrough originalLanguage → language via film.originalLanguage"
            ]
        ),
        (
            "film_text",
            [
                "belongsTo film → film",
                "hasOneThrough language → language via film.language",
                "hasOneThrough originalLanguage → language via film.originalLanguage"
            ]
        ),
        (
            "inventory",
            [
                "belongsTo film → film",
                "belongsTo store → store",
                "hasMany rentals → rental",
                "hasOneThrough address → address via store.address",
                "hasOneThrough filmText → film_text via film.filmText",
                "hasOneThrough language → language via film.language",
                "hasOneThrough managerStaff → staff via store.managerStaff",
                "hasOneThrough originalLanguage → language via film.originalLanguage",
                "hasManyThrough customers → customer via rentals.customer",
                "hasManyThrough payments → payment via rentals.payments",
                "hasManyThrough staff → staff via rentals.staff"
            ]
        ),
        (
            "staff",
            [
                "belongsTo address → address",
                "belongsTo store → store",
                "hasOne storeAsManagerStaff → store",
                "hasMany payments → payment",
                "hasMany rentals → rental",
                "hasOneThrough city → city via address.city",
                "hasOneThrough storeAddress → address via store.address",
                "hasOneThrough storeAsManagerStaffAddress → address via storeAsManagerStaff.address",
                "hasManyThrough inventories → inventory via rentals.inventory",
                "hasManyThrough paymentsCustomers → customer via payments.customer",
                "hasManyThrough paymentsRentals → rental via payments.rental",
                "hasManyThrough rentalsCustomers → customer via rentals.customer",
                "hasManyThrough rentalsPayments → payment via rentals.payments"
            ]
        ),
        (
            "store",
            [
                "belongsTo address → address",
                "belongsTo managerStaff → staff",
                "hasMany customers → customer",
                "hasMany inventories → inventory",
                "hasMany staff → staff",
                "hasOneThrough city → city via address.city",
                "hasOneThrough managerStaffAddress → address via managerStaff.address",
                "hasManyThrough customersAddresses → address via customers.address",
                "hasManyThrough customersPayments → payment via customers.payments",
                "hasManyThrough customersRentals → rental via customers.rentals",
                "hasManyThrough films → film via inventories.film",
                "hasManyThrough inventoriesRentals → rental via inventories.rentals",
                "hasManyThrough staffAddresses → address via staff.address",
                "hasManyThrough staffPayments → payment via staff.payments",
                "hasManyThrough staffRentals → rental via staff.rentals"
            ]
        ),
        (
            "payment",
            [
                "belongsTo customer → customer",
                "belongsTo rental → rental",
                "belongsTo staff → staff",
                "hasOneThrough customerAddress → address via customer.address",
                "hasOneThrough customerStore → store via customer.store",
                "hasOneThrough inventory → inventory via rental.inventory",
                "hasOneThrough rentalCustomer → customer via rental.customer",
                "hasOneThrough rentalStaff → staff via rental.staff",
                "hasOneThrough staffAddress → address via staff.address",
                "hasOneThrough staffStore → store via staff.store",
                "hasOneThrough staffStoreAsManagerStaff → store via staff.storeAsManagerStaff"
            ]
        ),
        (
            "rental",
            [
                "belongsTo customer → customer",
                "belongsTo inventory → inventory",
                "belongsTo staff → staff",
                "hasMany payments → payment",
                "hasOneThrough customerAddress → address via customer.address",
                "hasOneThrough customerStore → store via customer.store",
                "hasOneThrough film → film via inventory.film",
                "hasOneThrough inventoryStore → store via inventory.store",
                "hasOneThrough staffAddress → address via staff.address",
                "hasOneThrough staffStore → store via staff.store",
                "hasOneThrough staffStoreAsManagerStaff → store via staff.storeAsManagerStaff",
                "hasManyThrough paymentsCustomers → customer via payments.customer",
                "hasManyThrough paymentsStaff → staff via payments.staff"
            ]
        )
    ]
}
