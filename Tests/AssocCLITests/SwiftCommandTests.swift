import AssocCore
import Foundation
import TestSupport
import XCTest

/// `assoc swift` with the built binary, on the demo database: the whole code, the request alone
/// (`--request-only`), and the two forms refused together.
final class SwiftCommandTests: XCTestCase {
    func testRequestOnlyPrintsTheRequestWithItsNotes() throws {
        let result = try BinaryRunner.run(["swift", "--request-only", "Country.including(all: passports).including(all: citizens)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            // Note: GRDB stops with a fatal error ("Not implemented: merging a direct association and an indirect one with including(all:)") when one request prefetches an association and a through association that steps through it: citizens steps through passports.forKey("citizensPassports") instead, which changes no row.
            Country.including(all: Country.passports)
                .including(all: Country.citizens)

            """)
    }

    func testTheWholeCodeDeclaresTheRenamedPivot() throws {
        let result = try BinaryRunner.run(["swift", "Country.including(all: passports).including(all: citizens)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(#"hasMany(Citizen.self, through: Country.passports.forKey("citizensPassports"), using: Passport.citizen)"#),
            result.stdout)
        XCTAssertTrue(result.stdout.contains("struct CountryInfo: Decodable, FetchableRecord {"), result.stdout)
    }

    func testRequestOnlyAndProgramAreRefusedTogether() throws {
        let result = try BinaryRunner.run(["swift", "--request-only", "--program", "Country.all()"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--program and --request-only do not go together"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testHelpDescribesRequestOnly() throws {
        let result = try BinaryRunner.run(["swift", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("--request-only"), result.stdout)
        XCTAssertTrue(result.stdout.contains("for an app that already has its record types"), result.stdout)
    }
}
