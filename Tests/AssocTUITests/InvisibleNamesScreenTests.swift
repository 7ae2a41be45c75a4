import AssocCore
import TestSupport
import XCTest

@testable import AssocTUI

/// Names and values that differ only by a character that cannot be seen (word joiner, zero-width
/// space, soft hyphen) read differently on screen: the invisible character is shown as a code.
final class InvisibleNamesScreenTests: XCTestCase, ChinookBrowsing {
    func testTablesColumnsAndValuesDifferingByAnInvisibleCharacterReadDifferently() throws {
        let db = try TestDatabase.make(
            """
            CREATE TABLE parcels (id INTEGER PRIMARY KEY, "code" TEXT, "co\u{AD}de" TEXT);
            CREATE TABLE "parcels\u{2060}" (id INTEGER PRIMARY KEY);
            CREATE TABLE "par\u{200B}cels" (id INTEGER PRIMARY KEY);
            INSERT INTO parcels VALUES (1, 'AB', 'A\u{FEFF}B');
            """)
        let app = try makeApp(database: db, width: 100, height: 20)
        let tablesPane = lines(app).joined(separator: "\n")
        XCTAssertTrue(tablesPane.contains("parcels‹U+2060›"), tablesPane)
        XCTAssertTrue(tablesPane.contains("par‹U+200B›cels"), tablesPane)
        XCTAssertFalse(tablesPane.unicodeScalars.contains { [0x2060, 0x200B, 0xAD, 0xFEFF].contains($0.value) }, tablesPane)

        try open(app, "parcels")
        let screen = lines(app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("co‹U+00AD›de"), screen)
        XCTAssertTrue(screen.contains("A‹U+FEFF›B"), screen)
        XCTAssertFalse(screen.unicodeScalars.contains { [0x2060, 0x200B, 0xAD, 0xFEFF].contains($0.value) }, screen)
    }
}
