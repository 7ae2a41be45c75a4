import AssocCore
import AssocInsights

/// The schema map: `m` opens it around the current table, j/k move, Enter on the root line opens
/// that table, Enter on another line re-centres the map on its table, `+` on a suggested link
/// adds it for the session, `C` opens a link's cardinality profile (Esc comes back to the map),
/// `O` a belongsTo link's orphans as a view, Esc closes. The first map looks for suggested links in the background.
extension Reducer {
    static func openSchemaMap(_ state: inout AppState) -> [Effect] {
        guard let table = state.contextTable else {
            state.message = StatusMessage(text: "Select a table first: the map is drawn around it", isError: false)
            return []
        }
        state.schemaMap = SchemaMapState(table: table)
        guard state.suggestedLinks == .notAsked else { return [.loadSchemaMap(table)] }
        state.suggestedLinks = .lookingForLinks
        return [.loadSchemaMap(table), .suggestLinks]
    }

    /// The tree of the map's table came: listed with the suggestions found so far.
    static func schemaMapLoaded(_ state: inout AppState, table: String, lines: [SchemaTree.Line]) {
        state.schemaMap = SchemaMapState(table: table, lines: lines, suggestions: state.suggestedLinks.touching(table, in: state.graph))
    }

    /// The suggester's answer: kept for the session, and listed in the map when it is open.
    static func linksSuggested(_ state: inout AppState, _ found: LinkSuggestions) {
        state.suggestedLinks = .found(found)
        guard let map = state.schemaMap else { return }
        state.schemaMap = map.listing(state.suggestedLinks.touching(map.table, in: state.graph))
    }

    static func reduceSchemaMap(_ state: inout AppState, action: Action) -> [Effect] {
        guard var map = state.schemaMap else { return [] }
        let visible = max(1, ScreenLayout.bodyRect(state.layout, size: state.size).height - 1)
        switch action {
        case .back, .close, .schemaMap:
            state.schemaMap = nil
            return []
        case .quit, .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: map.cursor = map.cursor.moved(by: 1)
        case .moveUp: map.cursor = map.cursor.moved(by: -1)
        case .pageDown, .halfPageDown: map.cursor = map.cursor.moved(by: visible)
        case .pageUp, .halfPageUp: map.cursor = map.cursor.moved(by: -visible)
        case .firstRow: map.cursor = map.cursor.moved(to: 0)
        case .lastRow: map.cursor = map.cursor.moved(to: map.cursor.lastIndex)
        case .include:
            guard let suggestion = map.selectedSuggestion else {
                state.message = StatusMessage(text: "+ adds a suggested link: select one under the tree", isError: false)
                return []
            }
            return [.acceptSuggestion(suggestion, view: state.rows?.view), .loadSchemaMap(map.table)]
        case .cardinality:
            // The profile of the link under the cursor; Esc comes back to the map.
            guard let association = map.selectedLine?.association else {
                state.message = StatusMessage(text: "C shows the cardinalities of a link: select one of the tree's links", isError: false)
                return []
            }
            state.cardinality = CardinalityState(association: association, schemaMap: map)
            return [.loadCardinality(association)]
        case .orphans:
            guard let association = map.selectedLine?.association, let request = OrphanCount.request(of: association) else {
                state.message = StatusMessage(text: "O shows the orphans of a belongsTo link: select one of the tree's → links", isError: false)
                return []
            }
            state.schemaMap = nil
            return push(&state, RequestView(request: request, title: "\(association.name) orphans"))
        case .open:
            guard let line = map.selectedLine else { return [] }
            if line.association == nil || line.table == map.table {
                state.schemaMap = nil
                return openTable(&state, named: line.table)
            }
            state.schemaMap = SchemaMapState(table: line.table)
            return [.loadSchemaMap(line.table)]
        default:
            return []
        }
        map.cursor = map.cursor.scrolledToShowSelection(visible: visible)
        state.schemaMap = map
        return []
    }

    /// Opens the whole table `name` as a new view, selecting it in the Tables pane.
    static func openTable(_ state: inout AppState, named name: String) -> [Effect] {
        if let index = state.tablesPane.tables.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            state.tablesPane.cursor = state.tablesPane.cursor.moved(to: index)
                .scrolledToShowSelection(visible: state.visibleLines(.tables))
            return push(&state, RequestView(table: state.tablesPane.tables[index].name))
        }
        return push(&state, RequestView(table: name))
    }
}
