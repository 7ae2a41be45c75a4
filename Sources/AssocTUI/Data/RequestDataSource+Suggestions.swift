import AssocCore

/// Suggested links in the schema map: found from the values by AssocCore's suggester, and one
/// accepted for the session as a declaration added to the associations (never to the file).
extension RequestDataSource {
    /// How long the schema map's suggester may compare values (`assoc suggest` takes a budget
    /// option; the browser looks once, in the background).
    package static let suggestionBudgetMilliseconds = 2_000

    package func suggestLinks() throws -> LinkSuggestions {
        try readSchema()
        return try db.suggestLinks(budgetMilliseconds: Self.suggestionBudgetMilliseconds)
    }

    package func accept(_ suggestion: LinkSuggestion, keeping view: RequestView?) throws -> SourceRefresh {
        try readSchema()
        let declaration = try suggestion.parsedDeclaration()
        let graph = try db.graph.adding([declaration])
        db.adopt(graph)
        acceptedLinks.append(declaration)
        var result = try refresh(keeping: view)
        result.notes.insert(
            "added \(suggestion.origin).\(suggestion.column) → \(suggestion.destination).\(suggestion.destinationColumn) for this session (assoc suggest writes it to a file)",
            at: 0)
        return result
    }
}
