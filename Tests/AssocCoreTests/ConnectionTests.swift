import XCTest
@testable import AssocCore

final class ConnectionTests: XCTestCase {
    func testInMemoryRoundTrip() throws {
        let db = try Connection.inMemory()
        try db.execute("CREATE TABLE t(a, b)")
        try db.execute("INSERT INTO t VALUES (?, ?)", arguments: [.integer(1), .text("x")])
        XCTAssertEqual(try db.fetchAll("SELECT a, b FROM t"), [[.integer(1), .text("x")]])
    }
}
