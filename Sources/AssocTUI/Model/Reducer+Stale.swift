import AssocCore
import AssocInsights

/// Results for a view that is gone, dropped in one place: each result event carries what it was
/// asked for (the rows' view, the frequency query, the schema map's table), its token, and it
/// applies only while that is still what the screen shows.
extension Reducer {
    /// What a result event was asked for; nil for events that are not results of a view's query.
    enum ViewToken: Sendable, Equatable {
        case rows(RequestView)
        case frequency(FrequencyQuery)
        case schemaMap(String)
        case summary(RequestView)
        case cardinality(Association)
    }

    static func token(of event: Event) -> ViewToken? {
        switch event {
        case .viewOpened(let view, _, _), .pageLoaded(let view, _), .viewCounted(let view, _), .found(let view, _, _, _),
            .jumped(let view, _, _), .rowLocated(let view, _), .requestTextLoaded(let view, _), .wentToRow(let view, _, _):
            return .rows(view)
        case .frequenciesLoaded(let query, _, _): return .frequency(query)
        case .schemaMapLoaded(let table, _): return .schemaMap(table)
        case .summarySourceLoaded(let view, _), .columnSummarized(let view, _): return .summary(view)
        case .cardinalityLoaded(let profile): return .cardinality(profile.association)
        default: return nil
        }
    }

    /// Whether the screen still shows what `token` was asked for.
    static func isCurrent(_ token: ViewToken, in state: AppState) -> Bool {
        switch token {
        case .rows(let view): return state.rows?.view == view
        case .frequency(let query): return state.frequency?.query == query
        case .schemaMap(let table): return state.schemaMap?.table == table
        case .summary(let view): return state.summary?.view == view
        case .cardinality(let association): return state.cardinality?.association == association
        }
    }

    /// A result whose view is gone: it changes nothing.
    static func isStale(_ event: Event, in state: AppState) -> Bool {
        guard let token = token(of: event) else { return false }
        return !isCurrent(token, in: state)
    }
}
