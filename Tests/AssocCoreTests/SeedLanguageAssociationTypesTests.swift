import XCTest

@testable import AssocCore

/// The request-language twins of `SeedAssociationTypesSQLTests`: same statements, arguments and rows as the
/// Swift request, plus a hand-checked value.
/// Twinned in SeedLanguagePrefetchTests: testHasManyThrough_citizenCountriesPrefetch (testCitizenCountries),
/// _documentParagraphsPrefetch (testDocumentParagraphs), testSelfJoins_managerAndSubordinates (testManagerAndSubordinates).
/// No twin (Swift-only API, `db.request(for:of:in:)`): testHasManyThrough_documentParagraphsRequestFor,
/// testHasOneThrough_returnAddressRequestFor.
final class SeedLanguageAssociationTypesTests: XCTestCase {
    let country = Table("country"), passport = Table("passport")

    /// The Swift test declares `hasOne(demographics, key: "demographics")`: the language uses the inferred
    /// `demographic` renamed with forKey.
    func testHasOne_demographicsWithExplicitKey() throws {
        let db = try SeedSchemas.passports()
        let demographics = country.hasOne(Table("demographics"), key: "demographics")
        let rows = try assertLanguageTwin(
            db, #"country.including(optional: demographic.forKey("demographics")).order(code)"#,
            country.including(optional: demographics).order(Column("code")))
        XCTAssertEqual(rows.map { $0.scope("demographics")?["population"] }, [nil, 67, nil])
        let inferred = try assertLanguageTwin(
            db, "country.including(required: demographic)",
            country.including(required: country.demographic))
        XCTAssertEqual(inferred.map { $0.scope("demographic")?["id"] }, [1])
    }

    func testChoosingBetweenBelongsToAndHasOne_demographicsCountry() throws {
        let db = try SeedSchemas.passports()
        let demographics = Table("demographics")
        let rows = try assertLanguageTwin(
            db, "demographics.including(required: country)",
            demographics.including(required: demographics.country))
        XCTAssertEqual(rows.map { $0.scope("country")?["name"] }, [.text("France")])
    }

    /// The Swift test declares `citizens` through `passports`; it is also the inferred name.
    func testHasManyThrough_countriesWithCitizenAnn() throws {
        let db = try SeedSchemas.passports()
        let citizens = country.hasMany(through: country.passports, using: passport.citizen, key: "citizens")
        let rows = try assertLanguageTwin(
            db, "country.joining(required: citizens.filter(name = 'Ann')).order(code)",
            country.joining(required: citizens.filter(Column("name") == "Ann")).order(Column("code")))
        XCTAssertEqual(rows.map { $0["code"] }, [.text("FR"), .text("US")])
    }

    /// The Swift test declares `returnAddress` through `library`: the language uses the inferred
    /// `address` (library.address) renamed with forKey.
    func testHasOneThrough_returnAddress() throws {
        let db = try SeedSchemas.library()
        let book = Table("book")
        let library = Table("library")
        let returnAddress = book.hasOne(through: book.library, using: library.address, key: "returnAddress")
        let rows = try assertLanguageTwin(
            db, #"book.including(optional: address.forKey("returnAddress")).order(id)"#,
            book.including(optional: returnAddress).order(Column("id")))
        XCTAssertEqual(rows.map { $0.scopeTree("returnAddress")?["street"] }, [.text("1 Main St"), .text("1 Main St"), nil, nil])
        let required = try assertLanguageTwin(
            db, #"book.including(required: address.forKey("returnAddress")).order(id)"#,
            book.including(required: returnAddress).order(Column("id")))
        XCTAssertEqual(required.map { $0["id"] }, [1, 2])
    }

    func testSelfJoins_managerOfManager() throws {
        let db = try SeedSchemas.employees()
        let employee = Table("employee")
        let rows = try assertLanguageTwin(
            db, #"employee.including(required: manager.forKey("boss").including(required: manager)).order(id)"#,
            employee.including(required: employee.manager.forKey("boss").including(required: employee.manager)).order(Column("id")))
        XCTAssertEqual(rows.map { $0["name"] }, [.text("Kid")])
        XCTAssertEqual(rows.first?.scope("boss")?.scope("manager")?["name"], .text("Boss"))
    }
}
