import AssocCore

/// `L` (labels of foreign keys) and `Y` (copy the current row).
extension Reducer {
    /// `L`: shows or hides the labels beside key values. Pages read no label once they are hidden;
    /// shown again, the loaded rows are read again with their labels.
    static func toggleLabels(_ state: inout AppState) -> [Effect] {
        state.showsLabels.toggle()
        state.message = StatusMessage(
            text: state.showsLabels
                ? "Labels of foreign keys shown (1 · AC/DC): L hides them" : "Labels of foreign keys hidden: L shows them",
            isError: false)
        guard state.showsLabels, var rows = state.rows, !rows.isLoading, !rows.rows.isEmpty else { return [.readLabels(state.showsLabels)] }
        rows.isLoading = true
        state.rows = rows
        return [
            .readLabels(true),
            .loadPage(
                rows.view, at: rows.line.position(at: rows.pageOffset), limit: max(rows.rows.count, window(state)),
                totalCount: rows.countIfKnown, anchors: rows.anchors)
        ]
    }

    /// `Y`: the current row as TSV, a header line of the grid's columns then the row's values
    /// (`RowTSV`: tabs, line ends and backslashes escaped; NULL empty), to the clipboard.
    static func copyRow(_ state: inout AppState) -> [Effect] {
        guard state.focus == .rows, !state.child.isFocused, let rows = state.rows, let row = rows.selectedRow, !rows.columns.isEmpty else {
            state.message = StatusMessage(text: "No row under the cursor to copy (Y copies the current row of Rows)", isError: false)
            return []
        }
        if let cut = rows.columns.indices.first(where: { rows.cutLength(at: rows.cursor.index, column: $0) != nil }) {
            state.message = StatusMessage(
                text: "Not copied: the cell \(rows.columns[cut].header) is too long for the page, which holds its first part: export the row with e",
                isError: true)
            return []
        }
        let names = rows.columns.map(\.header)
        let values = rows.columns.indices.map { $0 < row.count ? row[$0] : .null }
        let record = Row(columnNames: names, values: values)
        guard let text = try? RowTSV.header(for: record) + RowTSV.line(for: record) else { return [] }
        return [.copy(text, what: "the row (TSV, \(names.count) columns)")]
    }
}
