import AssocCore

extension RowsState {
    /// Back to positions counted from the first row while `G` placed the cursor at a provisional
    /// end (go to row N before the count came): the loaded rows and the anchors counted back from
    /// that end go.
    mutating func leaveProvisionalEnd() {
        guard endIsProvisional else { return }
        endIsProvisional = false
        pendingLast = false
        anchors = ViewAnchors(
            positions: anchors.positions.filter { RowPosition(index: $0.key).absolute != nil }, frame: anchors.frame)
        rows = []
        prefetched = []
        cutLengths = []
        pageOffset = 0
        totalCount = 1
        cursor = cursor.resized(to: totalCount)
    }
}
