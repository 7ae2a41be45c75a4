/// Finding a table by typing (`/` in the Tables pane): the tables whose name contains the text
/// (case-insensitive) in list order, then those whose name holds its characters in order with
/// others between (`rcres` → `race_result`), the tightest such matches first.
enum TableFilter {
    /// The indices in `tables` of the names `text` matches, substring matches first; every index
    /// when `text` is empty.
    static func matches(_ tables: [TableSummary], _ text: String) -> [Int] {
        let needle = Array(text.lowercased())
        guard !needle.isEmpty else { return Array(tables.indices) }
        var substring: [Int] = []
        var fuzzy: [(index: Int, span: Int, start: Int)] = []
        for (index, table) in tables.enumerated() {
            let name = table.name.lowercased()
            if name.contains(String(needle)) {
                substring.append(index)
            } else if let found = subsequence(needle, in: Array(name)) {
                fuzzy.append((index, found.span, found.start))
            }
        }
        fuzzy.sort { ($0.span, $0.start, $0.index) < ($1.span, $1.start, $1.index) }
        return substring + fuzzy.map(\.index)
    }

    /// Where the characters of `needle` appear in `name` in order (first match from each start):
    /// the tightest span of cells they cover, and where it starts; nil when they do not.
    static func subsequence(_ needle: [Character], in name: [Character]) -> (span: Int, start: Int)? {
        guard let first = needle.first else { return (0, 0) }
        var best: (span: Int, start: Int)?
        for start in name.indices where name[start] == first {
            var wanted = 1
            var position = start
            while wanted < needle.count, position + 1 < name.count {
                position += 1
                if name[position] == needle[wanted] { wanted += 1 }
            }
            guard wanted == needle.count else { break }
            let span = position - start + 1
            if best.map({ span < $0.span }) ?? true { best = (span, start) }
        }
        return best
    }

    /// The mark after a view's name in the Tables pane (the help explains it): views differ from
    /// tables in more than colour.
    static let viewMark = "◇"
}
