import AssocCore

/// Finding a table by typing (`/` in the Tables pane), ranked as every list filtered by typing
/// is (`NameRanking`: exact name, prefix, word start, substring, then characters in order).
enum TableFilter {
    /// The indices in `tables` of the names `text` matches, best first; every index when `text`
    /// is empty.
    static func matches(_ tables: [TableSummary], _ text: String) -> [Int] {
        NameRanking.rank(tables.map(\.name), by: text)
    }

    /// The mark after a view's name in the Tables pane (the help explains it): views differ from
    /// tables in more than colour.
    static let viewMark = "◇"
}
