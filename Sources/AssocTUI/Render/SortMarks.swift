import AssocCore
import AssocText

/// Where the view's sort is, shown in the grid's header: ▲ (ascending) or ▼ (descending) after
/// the name of each column the request orders by, with its rank (`¹▲`, `²▼`) when several
/// columns sort the view. Read from the request's orderings through each column's reference
/// (`ColumnTarget`), never from header text.
enum SortMarks {
    /// The mark of each sorted column, by column index.
    static func marks(of rows: RowsState) -> [Int: String] {
        let orderings = rows.view.request.orderings
        guard !orderings.isEmpty else { return [:] }
        var marks: [Int: String] = [:]
        for (index, column) in rows.columns.enumerated() {
            guard case .success(let target) = ColumnTarget.target(of: column, in: rows.view.request),
                let rank = orderings.firstIndex(where: { $0.expression == target.expression })
            else { continue }
            let arrow = orderings[rank].descending == true ? "▼" : "▲"
            marks[index] = orderings.count > 1 ? superscript(rank + 1) + arrow : arrow
        }
        return marks
    }

    /// `number` in superscript digits (`¹`, `¹²`): a sort key's rank before its arrow.
    static func superscript(_ number: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return String(String(number).compactMap { $0.wholeNumberValue.map { digits[$0] } })
    }

    /// The cells a mark adds to its column's header: a space and the mark; none without one.
    static func extraWidth(_ mark: String?) -> Int {
        mark.map { 1 + TextWidth.width(of: $0) } ?? 0
    }

    /// `header` then `mark` (`Name ▲`), padded to `width` cells: the name cut with "…" to leave
    /// room for the mark; in a column narrower than the mark, the mark alone (cut).
    static func header(_ header: String, mark: String?, width: Int) -> String {
        guard let mark else { return TextWidth.pad(header, toWidth: width) }
        let markWidth = TextWidth.width(of: mark)
        guard width > markWidth + 1 else { return TextWidth.pad(mark, toWidth: width) }
        return TextWidth.pad(TextWidth.truncate(header, toWidth: width - markWidth - 1) + " " + mark, toWidth: width)
    }
}
