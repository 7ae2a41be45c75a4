/// Where a row is among a pager's rows, as far as the reader knows: counted from the first row,
/// back from the last row of rows not counted yet (the last page read at once), or from a row a
/// find or jump reached before the rows in front of it were counted.
///
/// Positions of one origin compare and move by plain arithmetic (`advanced(by:)`); positions of
/// two origins are not comparable until a count relates them (`settled(count:)`,
/// `located(foundAt:)`).
package struct RowPosition: Hashable, Sendable, CustomStringConvertible {
    /// The row a position counts from.
    package enum Origin: Hashable, Sendable {
        /// The first row: positions are the rows' indices (0 is the first row).
        case first
        /// The last row, the rows not counted yet: 0 is the last row, -1 the one before it.
        case last
        /// The row a find or jump reached, its index not counted yet: 0 is that row.
        case found
    }

    /// The row counted from.
    package var origin: Origin
    /// Rows after the origin's row, in the rows' order (negative: before it).
    package var offset: Int

    package init(_ origin: Origin, _ offset: Int) {
        self.origin = origin
        self.offset = offset
    }

    /// Row `index` counted from the first row.
    package static func first(_ index: Int) -> RowPosition { RowPosition(.first, index) }
    /// The row `back` rows before the last row (0: the last row).
    package static func last(back: Int) -> RowPosition { RowPosition(.last, -back) }
    /// The row `offset` rows after the row a find or jump reached (negative: before it).
    package static func found(_ offset: Int) -> RowPosition { RowPosition(.found, offset) }

    /// The position `rows` rows further on (before, when negative), from the same origin.
    package func advanced(by rows: Int) -> RowPosition { RowPosition(origin, offset + rows) }

    /// The index from the first row; nil while the position counts from another row.
    package var index: Int? { origin == .first ? offset : nil }

    /// This position once the row a find or jump reached is known to be row `found`: positions
    /// from it become indices; the others stay.
    package func located(foundAt found: Int) -> RowPosition {
        origin == .found ? .first(found + offset) : self
    }

    /// This position once the rows are known to be `count`: positions from the last row become
    /// indices; the others stay.
    package func settled(count: Int) -> RowPosition {
        origin == .last ? .first(count - 1 + offset) : self
    }

    /// `12`, `last-3`, `found+4`.
    package var description: String {
        switch origin {
        case .first: return "\(offset)"
        case .last: return offset == 0 ? "last" : "last\(offset)"
        case .found: return offset < 0 ? "found\(offset)" : "found+\(offset)"
        }
    }
}

/// Where the row a find or jump reached really is, once counted: the values of its order (which
/// row) and its index from the first row.
package struct RowLocation: Sendable, Equatable {
    /// The values of the keyset order at the row.
    package var values: [DatabaseValue]
    /// Its index from the first row.
    package var position: Int

    package init(values: [DatabaseValue], position: Int) {
        self.values = values
        self.position = position
    }
}
