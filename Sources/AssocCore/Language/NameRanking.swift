/// How well a typed text matches a name, the one ranking of every list filtered by typing (the
/// Tables pane's `/`, `J`): the exact name (ignoring case), then names it begins, then names where
/// it begins a word (`Track` in `PlaylistTrack`, `order_items`, `Order Details`), then names that
/// contain it, then names holding its characters in order (`rcres` → `race_result`, the tightest
/// first). Ties go to the shorter name, then by name.
package enum NameRanking {
    package enum Tier: Int, Comparable, Sendable {
        case exact, prefix, wordStart, substring, fuzzy
        package static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tier of `name` for `text`, with the span a fuzzy match covers (0 otherwise); nil when
    /// it does not match.
    package static func match(_ name: String, _ text: String) -> (tier: Tier, span: Int)? {
        let needle = Array(text.lowercased())
        let original = Array(name)
        let lower = Array(name.lowercased())
        guard !needle.isEmpty else { return (.prefix, 0) }
        if lower == needle { return (.exact, 0) }
        if lower.starts(with: needle) { return (.prefix, 0) }
        var contains = false
        if needle.count < lower.count, original.count == lower.count {
            for start in 1...(lower.count - needle.count) where lower[start..<(start + needle.count)].elementsEqual(needle) {
                contains = true
                let before = original[start - 1]
                let at = original[start]
                let isWordStart =
                    !(before.isLetter || before.isNumber) || (before.isLowercase && at.isUppercase) || (before.isLetter && at.isNumber)
                if isWordStart { return (.wordStart, 0) }
            }
        } else if lower.count >= needle.count {
            contains = String(lower).contains(String(needle))
        }
        if contains { return (.substring, 0) }
        return subsequence(needle, in: lower).map { (.fuzzy, $0) }
    }

    /// The indices of `names` that `text` matches, best first; every index in order when `text` is empty.
    package static func rank(_ names: [String], by text: String) -> [Int] {
        guard !text.isEmpty else { return Array(names.indices) }
        var found: [(index: Int, tier: Tier, span: Int)] = []
        for (index, name) in names.enumerated() {
            if let match = match(name, text) { found.append((index, match.tier, match.span)) }
        }
        found.sort { a, b in
            if a.tier != b.tier { return a.tier < b.tier }
            if a.span != b.span { return a.span < b.span }
            let (left, right) = (names[a.index], names[b.index])
            if left.count != right.count { return left.count < right.count }
            let (l, r) = (left.lowercased(), right.lowercased())
            return l != r ? l < r : a.index < b.index
        }
        return found.map(\.index)
    }

    /// The tightest span of `name` holding the characters of `needle` in order, nil when none does.
    static func subsequence(_ needle: [Character], in name: [Character]) -> Int? {
        guard let first = needle.first else { return 0 }
        var best: Int?
        for start in name.indices where name[start] == first {
            var wanted = 1
            var position = start
            while wanted < needle.count, position + 1 < name.count {
                position += 1
                if name[position] == needle[wanted] { wanted += 1 }
            }
            guard wanted == needle.count else { break }
            let span = position - start + 1
            if best.map({ span < $0 }) ?? true { best = span }
        }
        return best
    }
}
