import XCTest

@testable import AssocTUI

final class LayoutTests: XCTestCase {
    func testStandard80x24() {
        let layout = ScreenLayout.compute(width: 80, height: 24, focus: .tables)
        XCTAssertEqual(layout.breadcrumb, Rect(x: 0, y: 0, width: 80, height: 1))
        XCTAssertEqual(layout.hint, Rect(x: 0, y: 23, width: 80, height: 1))
        XCTAssertEqual(layout.separator, Rect(x: 20, y: 1, width: 1, height: 22))
        XCTAssertEqual(layout.panes[.tables], Rect(x: 0, y: 1, width: 20, height: 14))
        XCTAssertEqual(layout.panes[.links], Rect(x: 0, y: 15, width: 20, height: 8))
        XCTAssertEqual(layout.panes[.rows], Rect(x: 21, y: 1, width: 59, height: 17))
        XCTAssertEqual(layout.panes[.side], Rect(x: 21, y: 18, width: 59, height: 5))
    }

    func testTiny20x5ShowsOnlyTheFocusedPane() {
        let layout = ScreenLayout.compute(width: 20, height: 5, focus: .rows)
        XCTAssertEqual(layout.breadcrumb, Rect(x: 0, y: 0, width: 20, height: 1))
        XCTAssertEqual(layout.hint, Rect(x: 0, y: 4, width: 20, height: 1))
        XCTAssertNil(layout.separator)
        XCTAssertEqual(layout.panes, [.rows: Rect(x: 0, y: 1, width: 20, height: 3)])
        XCTAssertEqual(ScreenLayout.compute(width: 20, height: 5, focus: .side).panes.keys.sorted { $0.rawValue < $1.rawValue }, [.side])
    }

    func testLarge300x100UsesTheRoom() {
        let layout = ScreenLayout.compute(width: 300, height: 100, focus: .tables)
        XCTAssertEqual(layout.panes[.tables], Rect(x: 0, y: 1, width: 40, height: 59))
        XCTAssertEqual(layout.panes[.links], Rect(x: 0, y: 60, width: 40, height: 39))
        XCTAssertEqual(layout.panes[.rows], Rect(x: 41, y: 1, width: 259, height: 88))
        XCTAssertEqual(layout.panes[.side], Rect(x: 41, y: 89, width: 259, height: 10))
    }

    func testHidingTheSidePaneGivesRowsTheWholeColumn() {
        let layout = ScreenLayout.compute(width: 80, height: 24, focus: .rows, showsSidePane: false)
        XCTAssertNil(layout.panes[.side])
        XCTAssertEqual(layout.panes[.rows], Rect(x: 21, y: 1, width: 59, height: 22))
    }

    func testEverySizeStaysOnScreenWithoutOverlap() {
        for width in 0...90 {
            for height in 0...30 {
                for focus in Pane.allCases {
                    let layout = ScreenLayout.compute(width: width, height: height, focus: focus)
                    var rects = Array(layout.panes.values)
                    rects += [layout.breadcrumb, layout.hint, layout.separator].compactMap { $0 }
                    var covered = Set<Int>()
                    for rect in rects {
                        XCTAssertTrue(
                            rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height,
                            "\(rect) outside \(width)×\(height)")
                        for y in rect.y..<rect.maxY {
                            for x in rect.x..<rect.maxX {
                                XCTAssertTrue(covered.insert(y * 1000 + x).inserted, "overlap at \(x),\(y) in \(width)×\(height)")
                            }
                        }
                    }
                    if width > 0 && height > 1 {
                        XCTAssertNotNil(layout.panes[focus], "focused \(focus) hidden at \(width)×\(height)")
                    }
                }
            }
        }
    }
}
