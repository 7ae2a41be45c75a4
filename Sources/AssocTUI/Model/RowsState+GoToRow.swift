import AssocCore

extension RowsState {
    /// `G` before the count, on a view paged by key: positions count back from the last row,
    /// read backwards at once (the loaded rows, of the first row's line, go).
    mutating func enterProvisionalEnd() {
        guard !endIsProvisional else { return }
        count = .fromLast
        zero = RowLine.room
        rows = []
        prefetched = []
        cutLengths = []
        pageOffset = zero
        totalCount = zero + 1
        cursor = cursor.resized(to: totalCount)
    }

    /// Back to positions counted from the first row while `G` placed the cursor at a provisional
    /// end (go to row N before the count came): the loaded rows and the anchors counted back from
    /// that end go.
    mutating func leaveProvisionalEnd() {
        guard endIsProvisional else { return }
        count = .counting(goesLast: false)
        anchors = anchors.indexed
        rows = []
        prefetched = []
        cutLengths = []
        pageOffset = 0
        totalCount = 1
        cursor = cursor.resized(to: totalCount)
    }
}
