import AssocCore
import XCTest

@testable import AssocTUI

/// Runs the real ncurses browser for a manual check, only when ASSOC_MANUAL_DB names a file
/// (for example under tmux: `ASSOC_MANUAL_DB=/path/db.sqlite swift test --filter ManualBrowserTests`).
final class ManualBrowserTests: XCTestCase {
    func testRunRealBrowser() throws {
        guard let path = ProcessInfo.processInfo.environment["ASSOC_MANUAL_DB"] else {
            throw XCTSkip("set ASSOC_MANUAL_DB to try the real browser")
        }
        try Browser.run(connection: try Connection(path: path), title: path)
    }
}
