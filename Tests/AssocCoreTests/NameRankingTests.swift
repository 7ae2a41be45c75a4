import XCTest

@testable import AssocCore

/// The ranking of names filtered by typing (issue 44, item 1): exact, prefix, word start,
/// substring, characters in order; ties shortest first, then by name.
final class NameRankingTests: XCTestCase {
    func rank(_ names: [String], _ text: String) -> [String] {
        NameRanking.rank(names, by: text).map { names[$0] }
    }

    func testChinookAndNorthwindOrders() {
        XCTAssertEqual(rank(["PlaylistTrack", "Playlist", "Track", "Album"], "track"), ["Track", "PlaylistTrack"])
        XCTAssertEqual(
            rank(["Alphabetical list of products", "Products by Category", "Products Above Average Price", "Products"], "products"),
            ["Products", "Products by Category", "Products Above Average Price", "Alphabetical list of products"])
        XCTAssertEqual(rank(["EmployeeTerritories", "Territories", "Region"], "territories"), ["Territories", "EmployeeTerritories"])
    }

    func testTiersInOrder() {
        let names = ["race_result", "rcres", "results", "race_results_x", "xresults", "order_results", "Rcres"]
        // exact (two, shortest then name), prefix, word start, substring, then characters in order.
        XCTAssertEqual(rank(names, "rcres"), ["rcres", "Rcres", "race_result", "race_results_x"])
        XCTAssertEqual(rank(names, "results"), ["results", "order_results", "race_results_x", "xresults"])
        XCTAssertEqual(NameRanking.match("PlaylistTrack", "track")?.tier, .wordStart)
        XCTAssertEqual(NameRanking.match("Order Details", "details")?.tier, .wordStart)
        XCTAssertEqual(NameRanking.match("tracks", "rack")?.tier, .substring)
        XCTAssertNil(NameRanking.match("abc", "abcd"))
        XCTAssertEqual(NameRanking.match("ab", "ba")?.tier, nil)
        XCTAssertEqual(rank(["b", "a"], ""), ["b", "a"])
    }
}
