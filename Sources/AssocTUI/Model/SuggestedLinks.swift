import AssocCore

/// The links AssocCore's suggester proposes from the values (`assoc suggest`), as the schema map
/// shows them: looked for once, in the background, when the map first opens.
enum SuggestedLinks: Sendable, Equatable {
    case notAsked
    case lookingForLinks
    case found(LinkSuggestions)
    case failed(String)

    /// The suggestions that touch `table` (as origin or destination) and that `graph` does not
    /// have yet, in the suggester's order.
    func touching(_ table: String, in graph: AssociationGraph) -> [LinkSuggestion] {
        guard case .found(let found) = self else { return [] }
        let name = table.lowercased()
        return found.suggestions.filter { suggestion in
            (suggestion.origin.lowercased() == name || suggestion.destination.lowercased() == name) && !suggestion.isPresent(in: graph)
        }
    }

    /// The map's note under its tree while there is no suggestion to list; nil otherwise.
    var note: String? {
        switch self {
        case .notAsked: return nil
        case .lookingForLinks: return "Looking for links in the values…"
        case .found: return nil
        case .failed(let message): return "No suggested links: \(message)"
        }
    }
}
