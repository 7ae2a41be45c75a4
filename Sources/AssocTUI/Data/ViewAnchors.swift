import AssocCore

/// The anchors of one view: the values of its order seen at row positions, where keyset pages
/// start (see `PagePlan`), and the row a find or jump placed at the provisional
/// `RowPosition.relative(0)` (the relative frame's row). Part of the browser's state
/// (`RowsState.anchors`): it travels to the data source with each `loadPage` effect and the
/// anchors a page saw come back with `pageLoaded`; the data source keeps none.
package struct ViewAnchors: Sendable, Equatable {
    /// Row positions → the values of the view's order there.
    package private(set) var positions: [Int: [DatabaseValue]] = [:]
    /// The values of the order at the row placed at `RowPosition.relative(0)`, until a count or
    /// a read backwards reaching the first row says where it is.
    package private(set) var frame: [DatabaseValue]?

    /// The most anchors kept: past it, those far from the page read last go.
    static let maximum = 200_000

    package init(positions: [Int: [DatabaseValue]] = [:], frame: [DatabaseValue]? = nil) {
        self.positions = positions
        self.frame = frame
    }

    package subscript(position: Int) -> [DatabaseValue]? { positions[position] }

    /// Remembers the values of the order at `position` (a row find or jump reached).
    package mutating func record(_ values: [DatabaseValue], at position: Int) {
        positions[position] = values
    }

    /// The anchors a page saw, from position `first` on: added; when too many, only those near
    /// the page stay (a frame's rows stay reachable by keyset).
    package mutating func merge(_ seen: [Int: [DatabaseValue]], near first: Int) {
        positions.merge(seen) { _, new in new }
        if positions.count > Self.maximum {
            positions = positions.filter { abs($0.key - first) <= Self.maximum / 4 }
        }
    }

    /// The anchors at real positions within `distance` of `position` (what reading the rows there
    /// again by keyset needs: `u` back to a view keeps them, not all).
    package func near(_ position: Int, within distance: Int) -> ViewAnchors {
        ViewAnchors(positions: positions.filter { RowPosition(index: $0.key).absolute != nil && abs($0.key - position) <= distance })
    }

    /// The row whose order has `values` takes the provisional position `RowPosition.relative(0)`;
    /// the positions relative to an earlier such row are forgotten.
    package mutating func startRelativeFrame(at values: [DatabaseValue]) {
        positions = positions.filter { !RowPosition(index: $0.key).isRelative }
        positions[RowPosition.relative(0).index] = values
        frame = values
    }

    /// Back to real positions without knowing the relative ones: those go.
    package mutating func leaveRelativeFrame() {
        positions = positions.filter { !RowPosition(index: $0.key).isRelative }
        frame = nil
    }

    /// The row of the relative frame is at `found`: the anchors relative to it move to their real
    /// positions.
    package mutating func settleRelativeFrame(foundAt found: Int) {
        guard frame != nil else { return }
        frame = nil
        var rebased: [Int: [DatabaseValue]] = [:]
        for (position, key) in positions {
            let real = RowPosition(index: position).located(foundAt: found).index
            if real >= 0 { rebased[real] = key }
        }
        positions = rebased
    }

    /// The view has `count` rows: anchors seen while its end was provisional (`G` before the
    /// count) move to their real positions.
    package mutating func settleEnd(count: Int) {
        guard positions.keys.contains(where: { RowPosition(index: $0).isFromEnd }) else { return }
        var rebased: [Int: [DatabaseValue]] = [:]
        for (position, key) in positions {
            let real = RowPosition(index: position).settled(count: count).index
            if real >= 0 { rebased[real] = key }
        }
        positions = rebased
    }
}
