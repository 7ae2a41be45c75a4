/// Queries running off the drawing thread: the spinner, cancellation, failures, and data changed
/// by another connection. Still pure: the app reports what happened as events.
extension Reducer {
    /// Handles the query lifecycle events; nil for every other event.
    static func reduceQueryEvent(_ state: inout AppState, _ event: Event) -> [Effect]? {
        switch event {
        case .queryStarted(let activity):
            state.activity = activity
            return []
        case .queryTick:
            state.activity?.frame += 1
            return []
        case .queryWaitingForLock(let waiting):
            state.activity?.isWaitingForLock = waiting
            return []
        case .queryFinished:
            state.activity = nil
            return []
        case .queryFailed(.suggestLinks, let message):
            // Background work: the map says it under its tree, not the message line.
            state.activity = nil
            state.suggestedLinks = .failed(message)
            return []
        case .queryFailed(.countOrphans(let association), _), .queryFailed(.finishOrphanCount(let association), _):
            // A link whose orphans cannot be counted shows no mark; no message for a background count.
            state.activity = nil
            state.orphans.marks[OrphanMarks.key(of: association)] = .failed
            state.orphans.counting[OrphanMarks.key(of: association)] = nil
            return []
        case .queryCancelled(.finishOrphanCount), .queryCancelled(.loadCardinality):
            // Stopped because its link left the pane or its view was closed, which said so.
            state.activity = nil
            return []
        case .queryFailed(let effect, let message):
            state.activity = nil
            abandon(&state, effect)
            state.message = StatusMessage(text: message, isError: true)
            return []
        case .queryCancelled(let effect):
            state.activity = nil
            let restored = abandon(&state, effect)
            let label = QueryActivity.label(for: effect)
            state.message = StatusMessage(
                text: "Query cancelled: \(label)" + (restored ? " (previous view kept)" : ""), isError: false)
            return []
        case .dataChanged:
            // A replaced or removed file says more than a commit.
            if state.changeNotice == nil { state.changeNotice = dataChangedMessage }
            showChangeNotice(&state)
            return []
        case .fileChanged(let change):
            state.changeNotice = change == .removed ? fileRemovedMessage : fileReplacedMessage
            showChangeNotice(&state)
            return []
        case .schemaChanged:
            return schemaChanged(&state)
        case .action(let action) where action == .cancel && state.activity.map({ !$0.isBackground }) ?? false:
            // Ctrl-C while a query runs cancels it (the app interrupts it); never quits. A background
            // count is no query of the user's: Ctrl-C quits as when nothing runs.
            return []
        default:
            return nil
        }
    }

    static let dataChangedMessage = StatusMessage(text: "Data changed — R to refresh", isError: false)
    static let fileReplacedMessage = StatusMessage(
        text: "The file was replaced by another one (moved over or copied anew) — R opens the new file", isError: false)
    static let fileRemovedMessage = StatusMessage(
        text: "The file is gone (deleted or moved away) — the rows shown are what was read before", isError: false)

    /// Shows the notice unless an error is on the message line (it comes back after the next key).
    static func showChangeNotice(_ state: inout AppState) {
        if state.message == nil || state.message?.isError == false { state.message = state.changeNotice }
    }

    /// Keeps the restore point of an action that opened a view, until that view's first page comes.
    static func rememberRestorePoint(_ state: inout AppState, before: RestorePoint, event: Event, effects: [Effect]) {
        switch event {
        case .action, .refreshed, .viewChecked:
            // An action, a refresh, or a checked filter or typed request, that opens a view: a
            // failure of that view's first query puts back the one the user saw.
            if effects.contains(where: { if case .openView = $0 { return true } else { return false } }) {
                // Several actions before the page arrives: keep the oldest (what the user last saw loaded).
                if state.restorePoint == nil { state.restorePoint = before }
            }
            if case .action = event, state.message == nil, let notice = state.changeNotice { state.message = notice }
        case .viewOpened:
            state.restorePoint = nil
        default:
            break
        }
    }

    /// Undoes what waited on the failed or cancelled query. True when a previous view was restored.
    @discardableResult
    static func abandon(_ state: inout AppState, _ effect: Effect) -> Bool {
        switch effect {
        case .openView:
            guard let point = state.restorePoint else {
                state.rows?.isLoading = false
                return false
            }
            state.restorePoint = nil
            point.restore(into: &state)
            clampScrolls(&state)
            return true
        case .loadPage:
            state.rows?.isLoading = false
            state.rows?.stopGoingLast()
        case .countView:
            state.rows?.stopGoingLast()
        case .countTable(let name):
            for index in state.tablesPane.tables.indices where state.tablesPane.tables[index].name == name {
                state.tablesPane.tables[index].countFailed = true
            }
        case .copy, .saveHistory:
            break
        case .loadSummarySource, .summarizeColumn:
            summaryFailed(&state, effect)
        case .loadCardinality(let association):
            if state.cardinality?.association == association { state.cardinality = nil }
        case .countOrphans, .finishOrphanCount, .stopOrphanCount, .stopCardinality, .acceptSuggestion:
            break
        case .suggestLinks:
            state.suggestedLinks = .notAsked
        case .stopSummary:
            break
        case .loadFrequencies:
            // No values yet: nothing to show; a later window: the loaded one stays.
            if state.frequency?.page == nil { state.frequency = nil } else { state.frequency?.isLoading = false }
        case .countLinks, .loadTables, .readSchema, .refresh, .quit, .swiftCode, .loadSchemaMap, .export, .countSubset, .loadRequestText,
            .checkView, .parseRequest,
            .find, .jumpToKey, .locateRow, .readLabels, .goToRow:
            break
        }
        return false
    }
}
