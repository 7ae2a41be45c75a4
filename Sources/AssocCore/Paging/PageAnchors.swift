/// The anchors of one pager's rows: the values of the keyset order seen at row positions, where
/// windows start (`PagePlan`), and the row a find or jump placed at `RowPosition.found(0)`.
///
/// A reader keeps them (the browser in its state) and gives them with each window it asks for
/// (`Pager.window(at:size:total:anchors:)`); the window returns those it saw. The pager keeps none.
package struct PageAnchors: Sendable, Equatable {
    /// Row positions → the values of the order there.
    package private(set) var positions: [RowPosition: [DatabaseValue]] = [:]
    /// The values of the order at the row at `RowPosition.found(0)`, until a count or a read
    /// backwards reaching the first row says where it is.
    package private(set) var frame: [DatabaseValue]?

    /// The most anchors kept: past it, those far from the window read last go.
    package static let maximum = 200_000

    package init(positions: [RowPosition: [DatabaseValue]] = [:], frame: [DatabaseValue]? = nil) {
        self.positions = positions
        self.frame = frame
    }

    /// Anchors at indices from the first row.
    package init(indices: [Int: [DatabaseValue]]) {
        self.init(positions: Dictionary(uniqueKeysWithValues: indices.map { (.first($0.key), $0.value) }))
    }

    package subscript(position: RowPosition) -> [DatabaseValue]? { positions[position] }

    /// The anchors counted from `origin`, by offset.
    func offsets(from origin: RowPosition.Origin) -> [Int: [DatabaseValue]] {
        var result: [Int: [DatabaseValue]] = [:]
        for (position, values) in positions where position.origin == origin { result[position.offset] = values }
        return result
    }

    /// Remembers the values of the order at `position` (a row a find or jump reached).
    package mutating func record(_ values: [DatabaseValue], at position: RowPosition) {
        positions[position] = values
    }

    /// The anchors a window saw, from `first` on: added; when too many, only those near the
    /// window stay.
    package mutating func merge(_ seen: [RowPosition: [DatabaseValue]], near first: RowPosition) {
        positions.merge(seen) { _, new in new }
        if positions.count > Self.maximum {
            positions = positions.filter { $0.key.origin == first.origin && abs($0.key.offset - first.offset) <= Self.maximum / 4 }
        }
    }

    /// The anchors at indices within `distance` of `index` (what reading the rows there again by
    /// keyset needs: going back to a view keeps them, not all).
    package func near(_ index: Int, within distance: Int) -> PageAnchors {
        PageAnchors(positions: positions.filter { $0.key.index.map { abs($0 - index) <= distance } ?? false })
    }

    /// Only the anchors at indices from the first row (the end's and a found row's go).
    package var indexed: PageAnchors {
        PageAnchors(positions: positions.filter { $0.key.origin == .first }, frame: frame)
    }

    /// The row whose order has `values` takes the position `RowPosition.found(0)`; the positions
    /// from an earlier found row are forgotten.
    package mutating func startFoundFrame(at values: [DatabaseValue]) {
        positions = positions.filter { $0.key.origin != .found }
        positions[.found(0)] = values
        frame = values
    }

    /// Back to indices without knowing where the found row is: the positions from it go.
    package mutating func leaveFoundFrame() {
        positions = positions.filter { $0.key.origin != .found }
        frame = nil
    }

    /// The found row is row `found`: the anchors counted from it move to their indices.
    package mutating func settleFoundFrame(foundAt found: Int) {
        guard frame != nil else { return }
        frame = nil
        rebase { $0.located(foundAt: found) }
    }

    /// The rows are `count`: anchors counted back from the last row move to their indices.
    package mutating func settleEnd(count: Int) {
        guard positions.keys.contains(where: { $0.origin == .last }) else { return }
        rebase { $0.settled(count: count) }
    }

    private mutating func rebase(_ move: (RowPosition) -> RowPosition) {
        var rebased: [RowPosition: [DatabaseValue]] = [:]
        for (position, values) in positions {
            let moved = move(position)
            if moved.index.map({ $0 >= 0 }) ?? true { rebased[moved] = values }
        }
        positions = rebased
    }
}
