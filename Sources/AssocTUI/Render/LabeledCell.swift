import AssocCore
import AssocText

/// A key cell with its parent's label beside the value (`1 · AC/DC`, `L`): the label is database
/// text, sanitized and cut as every cell is (`ValueFormatter.cell`), the whole cut to the column's
/// width by the grid, wide characters counted as two cells.
enum LabeledCell {
    /// Between the value and its label.
    static let separator = " · "

    /// `value`'s cell, followed by `label` when there is one (then left-aligned, as text).
    static func cell(_ value: DatabaseValue, label: DatabaseValue?, fullLength: Int? = nil) -> StyledText {
        let plain = ValueFormatter.cell(value, fullLength: fullLength)
        guard let label, !label.isNull, !value.isNull else { return plain }
        return StyledText(plain.text + separator + ValueFormatter.cell(label).text, .normal)
    }
}

extension RowsState {
    /// The label of the value at `column` of row `index` (the page's `labels`), nil when the
    /// column is not a labelled key or the value has no label.
    func label(at index: Int, column: Int) -> DatabaseValue? {
        guard column >= 0, column < columns.count, let labels = page?.labels[columns[column]], !labels.isEmpty,
            let row = row(at: index), column < row.count
        else { return nil }
        return labels[row[column]]
    }
}
