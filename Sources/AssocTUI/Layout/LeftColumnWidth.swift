import AssocCore
import AssocText

/// The width of the left column (Tables above Links): what its lines need, within limits, plus
/// what the user added or took with `<` and `>` while one of its panes has the focus.
enum LeftColumnWidth {
    static let minimum = 18
    /// The cells `<` and `>` take or add.
    static let step = 4

    /// The cells a link's line needs up to its name, count and inclusion mark (the kind and the
    /// destination after them may be cut: the status line names the selected link in full).
    static func needed(by link: LinkEntry) -> Int {
        let via = link.isRootLink ? 0 : TextWidth.width(of: "via " + link.parentNames.joined(separator: ".") + ": ")
        let count = link.isRootLink && link.association.isToMany ? 5 : 0
        return via + TextWidth.width(of: link.association.kind.symbol) + 1 + TextWidth.width(of: Sanitizer.sanitize(link.association.name))
            + count + TextWidth.width(of: link.inclusion.marker ?? "") + 1
    }

    /// The cells a table's line needs: its name, and room for a count of five digits (not the
    /// count itself, which comes later: the column does not move when it does).
    static func needed(by table: TableSummary) -> Int {
        TextWidth.width(of: Sanitizer.sanitize(table.name)) + 6 + (table.kind == .view ? 2 : 0)
    }

    /// The column's width on a screen `screenWidth` wide: a quarter of the screen (18 to 40 cells),
    /// more when `content` (what its lines need) asks, up to two fifths of the screen; then
    /// `change`, always leaving the right column at least 40 cells.
    static func width(screenWidth: Int, content: Int?, change: Int) -> Int {
        let quarter = min(40, max(minimum, screenWidth / 4))
        let natural = content.map { min(max(quarter, $0), max(quarter, screenWidth * 2 / 5)) } ?? quarter
        let largest = max(12, screenWidth - 41)
        return min(max(12, natural + change), largest)
    }
}
