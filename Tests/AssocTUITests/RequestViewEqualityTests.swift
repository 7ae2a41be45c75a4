import AssocCore
import XCTest

@testable import AssocTUI

/// `RequestView`'s equality looks at the request alone (see its documentation): these tests pin
/// that, and the reason for it.
final class RequestViewEqualityTests: XCTestCase {
    func testViewsOfOneRequestAreEqualWhateverTheirTitleRowLabelAndPresentation() {
        let plain = RequestView(table: "Album")
        var other = RequestView(request: plain.request, title: "albums", rowLabel: "#1 AC/DC")
        other.presentation.hidden.insert("Title")
        other.presentation.pinned = ["AlbumId"]
        other.presentation.widthChanges["Title"] = 4
        XCTAssertEqual(plain, other)
        XCTAssertEqual(plain.hashValue, other.hashValue)
        XCTAssertEqual(Set([plain, other]).count, 1)
        XCTAssertNotEqual(plain, RequestView(request: plain.request.limit(1)))
    }
}

extension ReducerTests {
    /// A page asked for before the view was renamed or its columns hidden, pinned or resized is
    /// still the page of the view: it lands.
    func testAPageAskedBeforeAPresentationChangeStillLands() {
        var state = loadedState()
        open(&state, index: 0, rows: page(offset: 0, count: 200))
        guard let asked = state.rows?.view else { return XCTFail("no view opened") }
        state.rows?.view.presentation.hidden.insert("name")
        state.rows?.view.presentation.widthChanges["id"] = 3
        state.rows?.view.title = "renamed"
        XCTAssertNil(state.rows?.row(at: 250))
        _ = Reducer.reduce(&state, .pageLoaded(asked, page(offset: 200, count: 200)))
        // The grid leaves the hidden `name` out.
        XCTAssertEqual(state.rows?.row(at: 250), [.integer(251)])
    }
}
