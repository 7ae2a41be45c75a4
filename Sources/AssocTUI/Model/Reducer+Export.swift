import AssocCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
/// `e`: asks for a file name (default `<table>.json`, made a plain file name: `ExportFileName`;
/// a blank one is refused), confirms before replacing a file (naming a link's target), and shows
/// the export's progress and result in the message line.
extension Reducer {
    /// `e` exports the view's columns in screen order (pinned first); `E` (`allColumns`) every
    /// column of the view's request, the root columns `x` hid included.
    static func startExport(_ state: inout AppState, allColumns: Bool = false) -> [Effect] {
        guard let rows = state.rows else {
            state.message = StatusMessage(text: "Open a table first: e exports the rows of the open view", isError: false)
            return []
        }
        var view = rows.view
        if allColumns { view.request = view.requestWithHiddenColumns }
        state.exportPrompt = ExportPrompt(
            view: view, text: ExportFileName.defaultName(for: rows.view.table), columns: allColumns ? nil : rows.columns)
        let widths = GridGeometry.columnWidths(rows, visibleRows: state.visibleLines(.rows), labels: state.showsLabels)
        let paneWidth = state.layout.panes[.rows]?.width ?? 0
        let onScreen = GridGeometry.visibleColumns(from: rows.column.top, widths: widths, paneWidth: paneWidth, pinned: rows.pinnedCount)
        state.exportPrompt?.onScreen = onScreen.count
        return []
    }

    /// A key typed while the prompt takes keys.
    static func reducePromptKey(_ state: inout AppState, _ key: KeyEvent) -> [Effect] {
        guard var prompt = state.exportPrompt else { return [] }
        switch prompt.stage {
        case .running, .countingSubset:
            return []
        case .confirmSubset(let rows, _):
            guard key == .character("y") || key == .character("Y") else {
                state.exportPrompt = nil
                state.message = StatusMessage(text: "Export cancelled: nothing written to \(Self.absolutePath(prompt.text))", isError: false)
                return []
            }
            prompt.stage = .running(ExportProgress(written: 0, total: rows, rowsPerSecond: 0))
            state.exportPrompt = prompt
            return [.export(prompt.view, path: prompt.text, replacing: .never)]
        case .confirmOverwrite(let destination):
            if key == .character("y") || key == .character("Y") {
                prompt.stage = .running(ExportProgress(written: 0, total: 0, rowsPerSecond: 0))
                prompt.replacing = destination
                state.exportPrompt = prompt
                return [.export(prompt.view, path: prompt.text, replacing: .confirmed(destination))]
            }
            state.exportPrompt = nil
            let kept =
                destination.existing == .danglingLink ? "nothing written to \(destination.described)" : "\(destination.described) kept as it was"
            state.message = StatusMessage(text: "Export cancelled: \(kept)", isError: false)
            return []
        case .name:
            let untouched = prompt.isUntouched
            prompt.isUntouched = false
            switch key {
            case .escape, .control("c"), .control("g"):
                state.exportPrompt = nil
                state.message = StatusMessage(text: "Export cancelled", isError: false)
            case .backspace, .delete:
                if !prompt.text.isEmpty { prompt.text.removeLast() }
                state.exportPrompt = prompt
            case .control("u"):
                prompt.text = ""
                state.exportPrompt = prompt
            case .enter:
                guard !FileDestination.isBlank(prompt.text) else {
                    state.exportPrompt = nil
                    state.message = StatusMessage(text: "Export cancelled: \(FileWriteError.blankName.message)", isError: true)
                    return []
                }
                if ExportFormat.forPath(prompt.text) == .sqlite {
                    // A database file: its row count first, then `y` writes it.
                    prompt.stage = .countingSubset
                    state.exportPrompt = prompt
                    return [.countSubset(prompt.view, path: prompt.text)]
                }
                prompt.stage = .running(ExportProgress(written: 0, total: 0, rowsPerSecond: 0))
                state.exportPrompt = prompt
                return [.export(prompt.view, path: prompt.text, replacing: .never)]
            case .character(let character):
                if untouched { prompt.text = "" }
                prompt.text.append(character)
                state.exportPrompt = prompt
            default:
                break
            }
            return []
        }
    }

    /// The export's outcome, progress or a request for confirmation.
    static func reduceExport(_ state: inout AppState, _ event: ExportEvent) -> [Effect] {
        guard var prompt = state.exportPrompt else { return [] }
        switch event {
        case .progress(let progress):
            prompt.stage = .running(progress)
            state.exportPrompt = prompt
        case .exists(let destination):
            prompt.stage = .confirmOverwrite(destination)
            state.exportPrompt = prompt
        case .subsetCounted(let counts):
            prompt.stage = .confirmSubset(rows: counts.reduce(0) { $0 + $1.rows }, tables: counts.count)
            state.exportPrompt = prompt
        case .finished(let written, let format):
            state.exportPrompt = nil
            let rows = written == 1 ? "1 row" : "\(written) rows"
            let link = prompt.replacing.map { $0.isLink ? " → \($0.target)" : "" } ?? ""
            if ExportFormat.forPath(prompt.text) == .sqlite {
                state.message = StatusMessage(
                    text:
                        "Exported \(rows) to \(Self.absolutePath(prompt.text))\(link) (a SQLite database: the view's rows, the rows it includes, every parent; the whole schema)",
                    isError: false)
                return []
            }
            let columns =
                prompt.columns.map { ExportPrompt.describe($0.count, onScreen: prompt.onScreen) + "; E exports every column" }
                ?? "every column of the request"
            state.message = StatusMessage(
                text: "Exported \(rows) to \(Self.absolutePath(prompt.text))\(link) (\(format), \(columns))", isError: false)
        case .cancelled:
            state.exportPrompt = nil
            let kept: String
            if let replaced = prompt.replacing, replaced.existing != .danglingLink {
                kept = "\(replaced.described) kept as it was"
            } else {
                kept = "nothing written to \(Self.absolutePath(prompt.text))"
            }
            state.message = StatusMessage(text: "Export cancelled: \(kept)", isError: false)
        case .failed(let message):
            state.exportPrompt = nil
            state.message = StatusMessage(text: "Export failed: \(message)", isError: true)
        }
        return []
    }

    /// `path` as an absolute path (relative ones are under the current directory), for messages.
    static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}

/// What the app reports about a running export.
enum ExportEvent: Sendable, Equatable {
    case progress(ExportProgress)
    /// The name is taken: what `y` would replace.
    case exists(FileDestination)
    /// The rows per table a database file of the view would hold (`Effect.countSubset`).
    case subsetCounted([TableRowCount])
    /// Stopped by a key; its temporary file was removed, the destination is as it was.
    case cancelled
    case finished(written: Int, format: String)
    case failed(String)

}
