import XCTest

@testable import AssocTUI

/// The browser's state stays scoped by feature (as The Composable Architecture scopes it): each
/// pane's state in a struct of its own, a mode's in its `Mode` case, so `AppState` itself holds
/// few stored properties.
final class AppStateShapeTests: XCTestCase {
    func testAppStateHoldsAtMostTwentyFiveStoredProperties() {
        let stored = Mirror(reflecting: AppState(title: "t", size: Size(width: 80, height: 24))).children.compactMap(\.label)
        XCTAssertLessThanOrEqual(stored.count, 25, "\(stored)")
        // The panes' states are their own values.
        for pane in ["tablesPane", "linksPane", "side", "child"] { XCTAssertTrue(stored.contains(pane), pane) }
    }
}
