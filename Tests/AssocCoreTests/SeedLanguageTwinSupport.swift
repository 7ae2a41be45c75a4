import XCTest

@testable import AssocCore

extension XCTestCase {
    /// The error twin of `assertLanguageTwin` (in SeedLanguageAggregatesTests.swift): checks that `text`
    /// (parsed and built; the parser may already refuse it) and the Swift request both fail, with the
    /// same error text. Returns the language's error for the caller's own checks.
    @discardableResult
    func assertLanguageTwinThrows(
        _ db: Database, _ text: String, _ swift: Request, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Error? {
        var swiftError: Error?
        var languageError: Error?
        XCTAssertThrowsError(try db.mainStatement(for: swift), file: file, line: line) { swiftError = $0 }
        XCTAssertThrowsError(try db.mainStatement(for: db.request(parsing: text)), file: file, line: line) { languageError = $0 }
        XCTAssertEqual(languageError.map { "\($0)" }, swiftError.map { "\($0)" }, "error of \(text)", file: file, line: line)
        return languageError
    }
}
