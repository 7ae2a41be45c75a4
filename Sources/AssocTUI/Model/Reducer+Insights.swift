import AssocCore
import AssocInsights

/// What the links hold: the orphans of a belongsTo link (`⚠` in the Links pane, counted in the
/// background; `O` opens them as a view) and the cardinality profile of a link (`C`; `Enter` on a
/// bucket opens its rows). Every view opened here is an AssocCore request the engine built.
extension Reducer {
    /// The link `O` and `C` act on: the one selected in the Links pane (also from the Rows pane).
    private static func insightTarget(_ state: inout AppState, key: String) -> LinkEntry? {
        guard state.focus == .links || state.focus == .rows, let entry = state.selectedLink else {
            state.message = StatusMessage(text: "Select a link in the Links pane (Tab), then \(key)", isError: false)
            return nil
        }
        return entry
    }

    /// `O`: the orphans of the selected belongsTo link as a new view (its request:
    /// `driver.joining(optional: country.aliased("parent")).filter(countryId IS NOT NULL AND parent.id IS NULL)`).
    static func openOrphans(_ state: inout AppState) -> [Effect] {
        guard let entry = insightTarget(&state, key: "O") else { return [] }
        let link = entry.association
        guard let request = OrphanCount.request(of: link) else {
            state.message = StatusMessage(
                text: "\(link.name) is a \(link.kind.rawValue) link: only a belongsTo has orphans (C shows its cardinalities)", isError: false)
            return []
        }
        let effects = push(&state, RequestView(request: request, title: "\(link.name) orphans"))
        let columns = link.columns.map(\.origin).joined(separator: ", ")
        state.message = StatusMessage(
            text: "Orphans of \(link.origin).\(link.name): rows whose \(columns) match no \(link.destination)", isError: false)
        return effects
    }

    /// `C`: the cardinality profile of the selected link, counted in the background without a
    /// time limit: the view opens at once ("counting…", "still counting" past the budget), keys
    /// answer meanwhile, and closing it stops the count (`stopCardinalityIfClosed`).
    static func openCardinality(_ state: inout AppState) -> [Effect] {
        guard let entry = insightTarget(&state, key: "C") else { return [] }
        state.cardinality = CardinalityState(association: entry.association)
        return [.loadCardinality(entry.association)]
    }

    static func cardinalityLoaded(_ state: inout AppState, _ profile: CardinalityProfile) -> [Effect] {
        guard var view = state.cardinality, view.association == profile.association else { return [] }
        view.profile = profile
        view.cursor = ListCursor(count: view.lines.count)
        state.cardinality = view
        if profile.ranOutOfTime {
            let seconds = ReadLimits.countBudgetMilliseconds / 1000
            state.message = StatusMessage(text: "Cardinality of \(profile.association.name): ran past \(seconds) s, unknown", isError: false)
        }
        return []
    }

    /// The profile's count runs past the budget: the view says it is still counting.
    static func cardinalityPastBudget(_ state: inout AppState, _ association: Association) {
        guard var view = state.cardinality, view.association == association, view.profile == nil else { return }
        view.isPastBudget = true
        state.cardinality = view
    }

    /// A cardinality view closed (Esc, `q`, `C`, Enter, another view) before its profile came:
    /// its count is stopped. `before`: the view open before the event.
    static func stopCardinalityIfClosed(_ state: AppState, before: CardinalityState?) -> [Effect] {
        guard let before, before.profile == nil, state.cardinality?.association != before.association else { return [] }
        return [.stopCardinality]
    }

    /// The cardinality view's keys: ↑/↓ move, Enter opens the selected bucket's rows, Esc, `q`
    /// or `C` close.
    static func reduceCardinality(_ state: inout AppState, action: Action) -> [Effect] {
        guard var view = state.cardinality else { return [] }
        switch action {
        case .back, .close, .quit, .cardinality:
            state.cardinality = nil
            if let map = view.schemaMap { state.schemaMap = map }
            if view.profile == nil {
                state.message = StatusMessage(text: "Cardinality of \(view.association.name): closed before its end, count stopped", isError: false)
            }
            return []
        case .cancel:
            state.isFinished = true
            return [.quit]
        case .moveDown: view.cursor = view.cursor.moved(by: 1)
        case .moveUp: view.cursor = view.cursor.moved(by: -1)
        case .firstRow: view.cursor = view.cursor.moved(to: 0)
        case .lastRow: view.cursor = view.cursor.moved(to: view.cursor.lastIndex)
        case .open:
            guard let line = view.selectedLine, let request = line.request else {
                state.message = StatusMessage(text: "No bucket selected (still counting?)", isError: false)
                return []
            }
            state.cardinality = nil
            return push(&state, RequestView(request: request, title: "\(view.association.name) \(line.label)"))
        default:
            state.message = StatusMessage(text: cardinalityKeys, isError: false)
            return []
        }
        state.cardinality = view
        return []
    }

    static let cardinalityKeys = "Cardinality: ↑/↓ move, Enter opens the rows of a bucket, Esc or q closes"

    /// Asks, once per run, for the orphan count of each belongsTo link the Links pane shows; a
    /// count stopped past the budget goes on when its link is shown again, and one going on
    /// stops when its link leaves the pane.
    static func orphanCountsEffect(_ state: inout AppState) -> [Effect] {
        var effects: [Effect] = []
        var shown = Set<String>()
        for entry in state.linksPane.links where entry.association.kind == .belongsTo {
            let key = OrphanMarks.key(of: entry.association)
            shown.insert(key)
            if state.orphans.marks[key] == .unknown {
                state.orphans.marks[key] = .stillCounting
                effects.append(.finishOrphanCount(entry.association))
            }
            guard !state.orphans.asked.contains(key) else { continue }
            state.orphans.asked.insert(key)
            effects.append(.countOrphans(entry.association))
        }
        for (key, mark) in state.orphans.marks where mark == .stillCounting && !shown.contains(key) {
            state.orphans.marks[key] = .unknown
            if let association = state.orphans.counting[key] { effects.append(.stopOrphanCount(association)) }
        }
        return effects
    }

    /// A count came: its figure, or, past the budget, `?` and its count to the end asked for.
    static func orphansCounted(_ state: inout AppState, _ result: OrphanCount) -> [Effect] {
        let key = OrphanMarks.key(of: result.association)
        guard let count = result.count else {
            // Past the budget: once only (a count to the end has no limit, so never gives nil).
            guard state.orphans.marks[key] == nil else { return [] }
            state.orphans.marks[key] = .stillCounting
            state.orphans.counting[key] = result.association
            return [.finishOrphanCount(result.association)]
        }
        state.orphans.marks[key] = .counted(count)
        state.orphans.counting[key] = nil
        return []
    }
}
