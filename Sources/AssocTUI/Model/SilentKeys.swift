/// What the status line says when a key changed nothing (at an edge, or with nothing to act on
/// where the focus is): every key answers.
extension Reducer {
    static func silentKeyMessage(_ action: Action, _ state: AppState) -> String {
        let place = placeName(state)
        let inSidePane = state.focus == .side && !state.mode.coversPanes && state.frequency == nil && state.summary == nil
        switch action {
        case .moveUp, .pageUp, .halfPageUp, .firstRow:
            return inSidePane ? "The side pane is at its top" : "Already at the top of \(place)"
        case .moveDown, .pageDown, .halfPageDown, .lastRow:
            if inSidePane {
                return state.side.scroll == 0 ? "The side pane shows all of it: nothing to scroll" : "The side pane is at its end"
            }
            return "Already at the end of \(place)"
        case .moveLeft, .firstColumn, .moveRight, .lastColumn:
            guard state.focus == .rows, !state.child.isFocused, !state.mode.coversPanes || state.schemaMap != nil, state.rows != nil else {
                return "← → move between columns in the Rows pane (Tab goes there)"
            }
            let left = action == .moveLeft || action == .firstColumn
            return left ? "Already at the first column" : "Already at the last column"
        default:
            if case .record = state.mode {
                let keys = ChromeRenderer.recordHints.map { "\($0.key) \($0.text)" }.joined(separator: ", ")
                let key = Keymap.binding(for: action)?.keys.first?.label ?? action.rawValue
                return "\(key) does nothing in the record view: \(keys)"
            }
            let help = Keymap.binding(for: action)?.help ?? action.rawValue
            let key = Keymap.binding(for: action)?.keys.first?.label ?? action.rawValue
            return "\(key) (\(help)): nothing to do in \(place)"
        }
    }

    /// `the Rows pane`, `the help`, `the schema map`…
    private static func placeName(_ state: AppState) -> String {
        switch state.mode {
        case .help: return "the help"
        case .record: return "the record"
        case .messages: return "the messages"
        case .schemaMap: return "the schema map"
        case .cardinality: return "the cardinality profile"
        case .grid, .frequency, .summary, .jumpList, .prompt, .export: break
        }
        if state.frequency != nil { return "the frequencies" }
        if state.summary != nil { return "the summary" }
        if state.focus == .rows && state.child.isFocused { return "the prefetched records" }
        return "the \(state.focus.title) pane"
    }
}
