extension Association {
    /// The declared filter as request-language text (`kind = 'novel'`, conditions AND-ed); nil
    /// when the association has none (or it cannot be written in the language).
    package var filterText: String? {
        guard !filters.isEmpty else { return nil }
        let texts = filters.compactMap { try? $0.languageText() }
        guard texts.count == filters.count else { return nil }
        return texts.count == 1 ? texts[0] : texts.map { "(" + $0 + ")" }.joined(separator: " AND ")
    }

    /// The declared default ordering as request-language text (`Name, Milliseconds.desc`); nil
    /// when the association has none.
    package var orderingText: String? {
        guard !ordering.isEmpty else { return nil }
        let texts = ordering.compactMap { try? $0.languageText() }
        guard texts.count == ordering.count else { return nil }
        return texts.joined(separator: ", ")
    }

    /// `.filter(kind = 'novel').order(Name)`: the refinements declared with the association, as
    /// an associations file writes them; empty when there are none.
    package var refinementsText: String {
        (filterText.map { ".filter(" + $0 + ")" } ?? "") + (orderingText.map { ".order(" + $0 + ")" } ?? "")
    }
}
