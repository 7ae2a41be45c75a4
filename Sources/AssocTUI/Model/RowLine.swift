import AssocCore

/// The rows pane's cursor line (`ListCursor` moves over integers from 0) and the row positions
/// its indices stand for: indices from the first row, or, while the rows before the origin's row
/// are not counted (`G` before the count, a find or jump far away), that row at index `zero` with
/// room above it.
///
/// The room is no guess of a row count: when the cursor comes within half of it of index 0, the
/// line moves down by the room again (`RowsState.keepRoomAbove`), so the rows above are reachable
/// however many there are. A position keeps its meaning across the move: pages and finds answer
/// in `RowPosition`s, placed on the line when they arrive.
struct RowLine: Sendable, Equatable {
    /// The row positions count from.
    var origin: RowPosition.Origin = .first
    /// The index of the origin's row on the line: 0 from the first row.
    var zero = 0

    /// The rows of room kept above the origin's row when its index is not known.
    static let room = 100_000

    /// The line of indices from the first row.
    static let fromFirst = RowLine()

    /// The line of positions from `origin`, its row at index `zero` (`room` rows down when not
    /// given).
    init(origin: RowPosition.Origin = .first, zero: Int? = nil) {
        self.origin = origin
        self.zero = origin == .first ? 0 : zero ?? Self.room
    }

    /// What index `index` stands for.
    func position(at index: Int) -> RowPosition { RowPosition(origin, index - zero) }

    /// The index of `position`; nil when it counts from another row.
    func index(of position: RowPosition) -> Int? {
        position.origin == origin ? zero + position.offset : nil
    }
}
