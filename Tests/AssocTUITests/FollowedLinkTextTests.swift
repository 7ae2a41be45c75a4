import AssocCore
import XCTest

@testable import AssocTUI

/// Every link of the demo database, of every kind, followed from a row through the reducer: the
/// request line and the Swift pane say it with the request's own words (`request(for:)`), never
/// with an internal key (`assoc:`), and the request line's text opens the same view again.
final class FollowedLinkTextTests: XCTestCase {
    func testEveryLinkKindOfTheDemoDatabaseReadsWithoutInternalNames() throws {
        let source = try RequestDataSource(connection: try DemoDatabase.make())
        var state = AppState(title: "demo", size: Size(width: 120, height: 40))
        _ = Reducer.reduce(&state, .tablesLoaded(try source.tables(), graph: source.graph))
        var kinds: Set<AssociationKind> = []
        var followed = 0
        for table in try source.tables() where !source.graph.associations(from: table.name).isEmpty {
            let view = RequestView(table: table.name)
            let page = try source.page(of: view, offset: 0, limit: 1, totalCount: nil)
            guard !page.rows.isEmpty else { continue }
            for link in source.graph.associations(from: table.name) {
                var copy = state
                copy.rows = RowsState(view: view)
                _ = Reducer.reduce(&copy, .viewOpened(view, page: page, limit: 1))
                let effects = Reducer.follow(&copy, LinkEntry(association: link))
                guard case .openView(let target, _)? = effects.first else { return XCTFail("\(table.name).\(link.name): \(effects)") }
                let text = try source.requestText(for: target)
                let swift = try source.swiftCode(for: target)
                XCTAssertFalse(text.contains("assoc:"), text)
                XCTAssertFalse(swift.contains("assoc:"), "\(table.name).\(link.name):\n\(swift)")
                XCTAssertTrue(text.hasSuffix(".request(for: \(RequestPrinter.name(link.name)))"), text)
                XCTAssertEqual(target.title, link.name)
                // The text is the view: parsed back, the same request.
                XCTAssertEqual(try source.view(parsing: text, from: target).request, target.request, text)
                kinds.insert(link.kind)
                followed += 1
            }
        }
        XCTAssertEqual(kinds, Set(AssociationKind.allCases), "every kind of link was followed")
        XCTAssertGreaterThan(followed, 10)
    }
}
