import Foundation
import TestSupport
import XCTest

@testable import AssocCore

/// The paging example of docs/LIBRARY.md, compiled outside the package (public API only) and run against a
/// Chinook-like database built here: every page forward and backward, the rows of one fetchAll.
final class ReadmePagingExampleTests: XCTestCase {
    func testReadmePagingExampleCompilesAndRuns() throws {
        var code = try ReadmeExampleTests.example(in: "docs/LIBRARY.md", marker: "readme-paging-example")
        XCTAssert(code.contains(#"try Database(path: "chinook.sqlite")"#))
        code = code.replacing(#"try Database(path: "chinook.sqlite")"#, with: "try Database(path: CommandLine.arguments[1])")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paging-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Connection(path: path, mode: .readWrite(create: true)).execute(PagerTests.sql)

        let result = try SwiftProgram.compileAndRun(code, arguments: [path], openDatabase: false)
        XCTAssertEqual(result.compileStatus, 0, result.output)
        XCTAssertEqual(result.runStatus, 0, result.output)
        XCTAssertEqual(
            result.output,
            """
            keyset paging on Name, TrackId true true
            keyset paging on Track.AlbumId, Track.TrackId true true
            keyset paging on AlbumId true true

            """)
    }
}
