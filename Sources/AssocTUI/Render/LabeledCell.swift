import AssocCore
import AssocText

/// A key cell with its parent's label beside the value (`1 · AC/DC`, `L`): the label is database
/// text, sanitized and cut as every cell is (`ValueFormatter.cell`), the whole cut to the column's
/// width by the grid, wide characters counted as two cells.
enum LabeledCell {
    /// Between the value and its label.
    static let separator = " · "

    /// `value`'s cell, followed by `label` when there is one (then left-aligned, as text); a key
    /// without a parent row reads `4 · ⚠ no Artist`, in the error style.
    static func cell(_ value: DatabaseValue, label: CellLabel?, fullLength: Int? = nil) -> StyledText {
        let plain = ValueFormatter.cell(value, fullLength: fullLength)
        guard let label, !value.isNull else { return plain }
        switch label {
        case .text(let text) where !text.isNull:
            return StyledText(plain.text + separator + ValueFormatter.cell(text).text, .normal)
        case .text:
            return plain
        case .noParent(let table):
            return StyledText(plain.text + separator + "⚠ no " + Sanitizer.sanitize(table), .error)
        }
    }
}

/// What stands beside a key value: its parent's label, or the parent table it has no row in.
package enum CellLabel: Sendable, Equatable {
    case text(DatabaseValue)
    case noParent(String)
}

extension RowsState {
    /// The label of the value at `column` of row `index` (the page's `labels` and `orphanKeys`),
    /// nil when the column is not a labelled key or the value has no label.
    func label(at index: Int, column: Int) -> CellLabel? {
        guard column >= 0, column < columns.count, let page, let row = row(at: index), column < row.count else { return nil }
        let value = row[column]
        if let orphans = page.orphanKeys[columns[column]], orphans.values.contains(value) { return .noParent(orphans.parent) }
        return page.labels[columns[column]]?[value].map(CellLabel.text)
    }
}
