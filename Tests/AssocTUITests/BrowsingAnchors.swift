import Foundation

@testable import AssocCore
@testable import AssocTUI

/// What the browser's state (`RowsState.anchors`) holds for each view, for tests that call a
/// `RequestDataSource` directly several times: the source keeps no anchors, so these helpers
/// pass each view's anchors in and keep what comes back, as the reducer does.
final class AnchorBook: @unchecked Sendable {
    static let shared = AnchorBook()
    private let lock = NSLock()
    /// Per source (weakly: a new source at a reused address starts empty), per request.
    private var books: [ObjectIdentifier: (source: Weak, anchors: [Request: PageAnchors])] = [:]

    struct Weak { weak var source: RequestDataSource? }

    func anchors(of view: RequestView, in source: RequestDataSource) -> PageAnchors {
        lock.withLock {
            guard let book = books[ObjectIdentifier(source)], book.source.source === source else { return PageAnchors() }
            return book.anchors[view.request] ?? PageAnchors()
        }
    }

    func update(_ view: RequestView, in source: RequestDataSource, _ change: (inout PageAnchors) -> Void) {
        lock.withLock {
            let id = ObjectIdentifier(source)
            if books[id]?.source.source !== source { books[id] = (Weak(source: source), [:]) }
            change(&books[id, default: (Weak(source: source), [:])].anchors[view.request, default: PageAnchors()])
        }
    }
}

extension RequestDataSource {
    /// A page read as the browser reads it: from the view's anchors so far, to which the page's
    /// are added (a read reaching the first row settles a relative frame).
    func browsePage(of view: RequestView, at position: RowPosition, limit: Int, totalCount: Int?) throws -> RowsPage {
        let page = try page(
            of: view, at: position, limit: limit, totalCount: totalCount, anchors: AnchorBook.shared.anchors(of: view, in: self))
        AnchorBook.shared.update(view, in: self) { anchors in
            if let located = page.located { anchors.settleFoundFrame(foundAt: located.position) }
            anchors.merge(page.anchors, near: page.first)
        }
        return page
    }

    /// A page from row `offset` (an index from the first row), read as the browser reads it.
    func browsePage(of view: RequestView, offset: Int, limit: Int, totalCount: Int?) throws -> RowsPage {
        try browsePage(of: view, at: .first(offset), limit: limit, totalCount: totalCount)
    }

    /// Find from the row at `position`, whose values the view's anchors hold; the match is kept.
    func browseFind(_ text: String, in view: RequestView, after position: RowPosition, backward: Bool) throws -> FindResult {
        let result = try find(
            text, in: view, after: position, at: AnchorBook.shared.anchors(of: view, in: self)[position], backward: backward)
        keep(result, of: view)
        return result
    }

    /// A jump, kept as the browser keeps it (an anchor, or a relative frame).
    func browseJump(toKey text: String, in view: RequestView) throws -> FindResult {
        let result = try jump(toKey: text, in: view)
        keep(result, of: view)
        return result
    }

    /// Where a row is; the relative frame of the view settles.
    func browseLocate(_ values: [DatabaseValue], in view: RequestView) throws -> RowLocation {
        let location = try locate(values, in: view)
        AnchorBook.shared.update(view, in: self) { anchors in
            if anchors.frame == values { anchors.settleFoundFrame(foundAt: location.position) }
        }
        return location
    }

    /// The count; anchors counted back from a provisional end settle.
    func browseCount(of view: RequestView) throws -> RowCount {
        let count = try count(of: view)
        AnchorBook.shared.update(view, in: self) { $0.settleEnd(count: count.count) }
        return count
    }

    private func keep(_ result: FindResult, of view: RequestView) {
        AnchorBook.shared.update(view, in: self) { anchors in
            if let values = result.locate {
                anchors.startFoundFrame(at: values)
            } else if let position = result.position, let values = result.values {
                anchors.record(values, at: position)
            }
        }
    }
}

extension PageReading {
    /// A page of a view paged by keyset (on no term: for pages tests make up).
    static let keysetForTests = PageReading(method: .keyset(KeysetOrder()))
}

/// In tests, an integer literal is a position counted from the first row: `find(after: 5)`,
/// `XCTAssertEqual(result.position, 7)`.
extension RowPosition: ExpressibleByIntegerLiteral {
    public init(integerLiteral index: Int) {
        self = .first(index)
    }
}
