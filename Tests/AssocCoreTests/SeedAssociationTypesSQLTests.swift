import XCTest

@testable import AssocCore

/// GRDB's Associations guide, "The Types of Associations": HasOne (demographics), HasManyThrough (citizens, paragraphs),
/// HasOneThrough (returnAddress), Self Joins (manager, subordinates).
final class SeedAssociationTypesSQLTests: XCTestCase {
    let country = Table("country"), passport = Table("passport"), citizen = Table("citizen")

    private func row(_ db: Database, _ table: String, id: Int) throws -> Row {
        try XCTUnwrap(try db.fetchOne(Table(table).filter(Column("id") == id)))
    }

    // MARK: HasOne / BelongsTo

    /// `Country.demographics = hasOne(Demographics.self, key: "demographics")`.
    func testHasOne_demographicsWithExplicitKey() throws {
        let db = try SeedSchemas.passports()
        let demographics = country.hasOne(Table("demographics"), key: "demographics")
        let request = country.including(optional: demographics).order(Column("code"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "country".*, "demographics".* FROM "country" LEFT JOIN "demographics" ON "demographics"."countryCode" = "country"."code" ORDER BY "country"."code""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0.scope("demographics")?["population"] }, [nil, 67, nil])
        // The inferred name is the singular `demographic`.
        XCTAssertEqual(
            try db.mainStatement(for: country.including(optional: country.demographic)).sql,
            #"SELECT "country".*, "demographics".* FROM "country" LEFT JOIN "demographics" ON "demographics"."countryCode" = "country"."code""#)
        XCTAssertEqual(try db.fetchAll(country.including(required: country.demographic)).map { $0.scope("demographic")?["id"] }, [1])
    }

    /// Choosing Between BelongsTo and HasOne: `Demographics.country = belongsTo(Country.self)`.
    func testChoosingBetweenBelongsToAndHasOne_demographicsCountry() throws {
        let db = try SeedSchemas.passports()
        let demographics = Table("demographics")
        let request = demographics.including(required: demographics.country)
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "demographics".*, "country".* FROM "demographics" JOIN "country" ON "country"."code" = "demographics"."countryCode""#)
        XCTAssertEqual(try db.fetchAll(request).map { $0.scope("country")?["name"] }, [.text("France")])
    }

    // MARK: HasManyThrough

    /// `Country.citizens = hasMany(Citizen.self, through: passports, using: Passport.citizen)`, joined and filtered.
    func testHasManyThrough_countriesWithCitizenAnn() throws {
        let db = try SeedSchemas.passports()
        let citizens = country.hasMany(through: country.passports, using: passport.citizen, key: "citizens")
        let request = country.joining(required: citizens.filter(Column("name") == "Ann")).order(Column("code"))
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "country".* FROM "country" JOIN "passport" ON "passport"."countryCode" = "country"."code" JOIN "citizen" ON ("citizen"."id" = "passport"."citizenId") AND ("citizen"."name" = ?) ORDER BY "country"."code""#
        )
        XCTAssertEqual(statement.arguments, ["Ann"])
        XCTAssertEqual(try db.fetchAll(request).map { $0["code"] }, [.text("FR"), .text("US")])
    }

    /// `Citizen.countries = hasMany(Country.self, through: passports, using: Passport.country)`, prefetched.
    func testHasManyThrough_citizenCountriesPrefetch() throws {
        let db = try SeedSchemas.passports()
        let countries = citizen.hasMany(through: citizen.passports, using: passport.country, key: "countries")
        let request = citizen.including(all: countries.order(Column("name"))).order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT * FROM "citizen" ORDER BY "id""#,
                #"SELECT "country".*, "passport"."citizenId" FROM "country" JOIN "passport" ON ("passport"."countryCode" = "country"."code") AND ("passport"."citizenId" IN (?, ?, ?)) ORDER BY "country"."name""#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3])
        XCTAssertEqual(
            try db.fetchAll(request).map { $0.prefetchedRows("countries")?.map { $0["code"] } },
            [[.text("FR"), .text("US")], [.text("FR")], [.text("US")]])
    }

    /// `Document.paragraphs` through sections: inferred, and the explicit definition give the same prefetch.
    func testHasManyThrough_documentParagraphsPrefetch() throws {
        let db = try SeedSchemas.documents()
        let document = Table("document")
        let section = Table("section")
        let paragraph = Table("paragraph")
        let explicit = document.hasMany(through: document.hasMany(section), using: section.hasMany(paragraph), key: "paragraphs")
        for paragraphs in [document.paragraphs, explicit] {
            let request = document.including(all: paragraphs.order(Column("id"))).order(Column("id"))
            let statements = try db.executedStatements(for: request)
            XCTAssertEqual(
                statements.map(\.sql),
                [
                    #"SELECT * FROM "document" ORDER BY "id""#,
                    #"SELECT "paragraph".*, "section"."documentId" FROM "paragraph" JOIN "section" ON ("section"."id" = "paragraph"."sectionId") AND ("section"."documentId" IN (?, ?)) ORDER BY "paragraph"."id""#
                ])
            XCTAssertEqual(
                try db.fetchAll(request).map { $0.prefetchedRows("paragraphs")?.map { $0["text"] } },
                [[.text("p1"), .text("p2"), .text("p3")], []])
        }
    }

    /// `request(for: Document.paragraphs)`: the destination, joined back to the pivot.
    func testHasManyThrough_documentParagraphsRequestFor() throws {
        let db = try SeedSchemas.documents()
        let request = try db.request(for: "paragraphs", of: row(db, "document", id: 1), in: "document")
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "paragraph".* FROM "paragraph" JOIN "section" ON ("section"."id" = "paragraph"."sectionId") AND ("section"."documentId" = ?)"#)
        XCTAssertEqual(statement.arguments, [1])
        XCTAssertEqual(try db.fetchCount(request), 3)
    }

    // MARK: HasOneThrough

    /// `Book.returnAddress = hasOne(Address.self, through: library, using: Library.address)`.
    func testHasOneThrough_returnAddress() throws {
        let db = try SeedSchemas.library()
        let book = Table("book")
        let library = Table("library")
        let explicit = book.hasOne(through: book.belongsTo(library), using: library.hasOne(Table("address")), key: "returnAddress")
        for returnAddress in [book.hasOne(through: book.library, using: library.address, key: "returnAddress"), explicit] {
            let request = book.including(optional: returnAddress).order(Column("id"))
            XCTAssertEqual(
                try db.mainStatement(for: request).sql,
                #"SELECT "book".*, "address".* FROM "book" LEFT JOIN "library" ON "library"."id" = "book"."libraryId" LEFT JOIN "address" ON "address"."libraryId" = "library"."id" ORDER BY "book"."id""#
            )
            XCTAssertEqual(
                try db.fetchAll(request).map { $0.scopeTree("returnAddress")?["street"] },
                [.text("1 Main St"), .text("1 Main St"), nil, nil])
        }
        let required = book.including(required: book.hasOne(through: book.library, using: library.address, key: "returnAddress"))
        XCTAssertEqual(
            try db.mainStatement(for: required).sql,
            #"SELECT "book".*, "address".* FROM "book" JOIN "library" ON "library"."id" = "book"."libraryId" JOIN "address" ON "address"."libraryId" = "library"."id""#
        )
        XCTAssertEqual(try db.fetchAll(required.order(Column("id"))).map { $0["id"] }, [1, 2])
    }

    /// `book.returnAddress` as `request(for:)`.
    func testHasOneThrough_returnAddressRequestFor() throws {
        let db = try SeedSchemas.library()
        let book = Table("book")
        let library = Table("library")
        let returnAddress = book.hasOne(through: book.library, using: library.address, key: "returnAddress")
        let request = try db.request(for: returnAddress, of: row(db, "book", id: 2), in: "book")
        let statement = try db.mainStatement(for: request)
        XCTAssertEqual(
            statement.sql,
            #"SELECT "address".* FROM "address" JOIN "library" ON ("library"."id" = "address"."libraryId") AND ("library"."id" = ?)"#)
        XCTAssertEqual(statement.arguments, [1])
        XCTAssertEqual(try db.fetchOne(request)?["street"], .text("1 Main St"))
        XCTAssertNil(try db.fetchOne(db.request(for: returnAddress, of: row(db, "book", id: 4), in: "book")))
    }

    // MARK: Self Joins

    /// `Employee.including(optional: Employee.manager).including(all: Employee.subordinates)`.
    func testSelfJoins_managerAndSubordinates() throws {
        let db = try SeedSchemas.employees()
        let employee = Table("employee")
        let manager = employee.belongsTo(employee, key: "manager")
        let subordinates = employee.hasMany(employee, key: "subordinates")
        let request = employee.including(optional: manager).including(all: subordinates.order(Column("id"))).order(Column("id"))
        let statements = try db.executedStatements(for: request)
        XCTAssertEqual(
            statements.map(\.sql),
            [
                #"SELECT "employee1".*, "employee2".* FROM "employee" "employee1" LEFT JOIN "employee" "employee2" ON "employee2"."id" = "employee1"."managerId" ORDER BY "employee1"."id""#,
                #"SELECT *, "managerId" FROM "employee" WHERE "managerId" IN (?, ?, ?, ?) ORDER BY "id""#
            ])
        XCTAssertEqual(statements.last?.arguments, [1, 2, 3, 4])
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0.scope("manager")?["name"] }, [nil, .text("Boss"), .text("Boss"), .text("Mia")])
        XCTAssertEqual(
            rows.map { $0.prefetchedRows("subordinates")?.map { $0["name"] } },
            [[.text("Mia"), .text("Leo")], [.text("Kid")], [], []])
    }

    /// The inferred self-join names: `employee.manager`, and chained managers numbered depth-first.
    func testSelfJoins_managerOfManager() throws {
        let db = try SeedSchemas.employees()
        let employee = Table("employee")
        let request = employee.including(required: employee.manager.forKey("boss").including(required: employee.manager)).order(Column("id"))
        XCTAssertEqual(
            try db.mainStatement(for: request).sql,
            #"SELECT "employee1".*, "employee2".*, "employee3".* FROM "employee" "employee1" JOIN "employee" "employee2" ON "employee2"."id" = "employee1"."managerId" JOIN "employee" "employee3" ON "employee3"."id" = "employee2"."managerId" ORDER BY "employee1"."id""#
        )
        let rows = try db.fetchAll(request)
        XCTAssertEqual(rows.map { $0["name"] }, [.text("Kid")])
        XCTAssertEqual(rows.first?.scope("boss")?.scope("manager")?["name"], .text("Boss"))
    }
}
