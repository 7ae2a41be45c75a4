import XCTest
import AssocCore
@testable import AssocTUI

final class QueryDataSourceTests: XCTestCase {
    func source() throws -> RequestDataSource { RequestDataSource(database: try ChinookFixture.database()) }

    func testProbe() throws {
        let source = try source()
        var view = BrowserView(table: "Artist")
        view.prefetches = ["albums"]
        var page = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        print("P1", page.columns, page.rows, page.statements, page.prefetched)
        view = BrowserView(table: "Artist")
        view.aggregates = [AggregateColumn(link: "albums")]
        view.havings = [try RequestParser.parseExpression("albums.count >= 2")]
        page = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        print("P2", page.columns, page.rows, page.statements, page.paging)
        print("P2t", try source.requestText(for: view))
        view = BrowserView(table: "Track").adding(IncludedAssociation(name: "genre", origin: "Track", destination: "Genre"), under: [])
        view = view.cyclingSort(.column("Name", qualifier: "genre"), column: "genre.Name")
        view = view.adding(filter: try RequestParser.parseExpression("genre.Name = 'Rock'"))
        page = try source.page(of: view, offset: 0, limit: 50, totalCount: nil)
        print("P3", page.columns, page.rows.map { $0.first }, page.statements, page.paging)
        let text = try source.requestText(for: view)
        print("P3t", text)
        print("P3v", try source.view(parsing: text, from: view) == view)
        let follow = FollowedLink(table: "Artist", link: "albums", columns: ["ArtistId", "Name"], values: [1, "AC/DC"], rowLabel: "#1 AC/DC")
        let fv = BrowserView(table: "Album", title: "albums", follow: follow)
        let ft = try source.requestText(for: fv)
        print("P4t", ft)
        print("P4v", try source.view(parsing: ft + ".including(optional: artist)", from: fv))
        var sorted = BrowserView(table: "Artist")
        sorted.aggregates = [AggregateColumn(link: "albums")]
        sorted = sorted.cyclingSort(.column("Name"), column: "Name")
        page = try source.page(of: sorted, offset: 0, limit: 50, totalCount: nil)
        print("P5", page.columns, page.rows, page.statements, page.paging)
    }
}
