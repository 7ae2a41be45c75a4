import AssocCore

/// The export prompt (`e`): the file name being typed, then a confirmation when the name is
/// taken (naming what would be replaced), then the progress of the running export.
struct ExportPrompt: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// Typing the file name.
        case name
        /// The name is taken (a file, or a link: the file at its end is what gets replaced):
        /// `y` replaces it, anything else cancels.
        case confirmOverwrite(FileDestination)
        /// Writing: rows written so far, of the total, and the rate.
        case running(ExportProgress)
        /// A database file (`.sqlite`, `.db`): counting the rows it would hold.
        case countingSubset
        /// A database file: the rows it would hold, `tables` tables of them; `y` writes it.
        case confirmSubset(rows: Int, tables: Int)
    }

    var view: RequestView
    var text: String
    /// The view's columns, in screen order (`e`); nil: every column of the request (`E`).
    var columns: [GridColumn]?
    /// How many of `columns` the grid showed when the export began, for the messages.
    var onScreen = 0
    var stage: Stage = .name
    /// What the user agreed to replace (`y`), for the messages after it.
    var replacing: FileDestination?
    /// The suggested name as it opened, no key typed yet: a character typed first replaces it
    /// (as a save dialog's selected name), Backspace edits it.
    var isUntouched = true

    /// Whether keys go to the prompt instead of the keymap.
    var takesKeys: Bool {
        switch stage {
        case .name, .confirmOverwrite, .confirmSubset: return true
        case .running, .countingSubset: return false
        }
    }

    /// The line shown in place of the hint line. While the name is typed the screen draws
    /// `text` and `help` apart (`ScreenRenderer.exportLine`), so that the name stays in view.
    var line: String {
        switch stage {
        case .name: return Self.namePrefix + text + "▏  · " + help
        case .confirmOverwrite(let destination): return Self.question(destination)
        case .countingSubset: return "Counting the rows \(text) would hold… (Esc cancels)"
        case .confirmSubset(let rows, let tables):
            let what = rows == 1 ? "1 row" : "\(rows) rows"
            let of = tables == 1 ? "1 table" : "\(tables) tables"
            return "Write \(what) of \(of) to \(text)? The view's rows, the rows it includes, every parent they point to (y/N)"
        case .running(let progress):
            let rate = progress.rowsPerSecond > 0 ? ", \(progress.rowsPerSecond) rows/s" : ""
            return "Exporting to \(text): \(progress.written) / \(progress.total) rows\(rate)… (Esc cancels)"
        }
    }

    /// What comes before the name being typed.
    static let namePrefix = "Export to: "

    /// `the 9 columns of the view, 2 on screen`: every count true.
    static func describe(_ count: Int, onScreen: Int) -> String {
        let columns = count == 1 ? "the 1 column of the view" : "the \(count) columns of the view"
        return onScreen == count ? columns + (count == 1 ? ", on screen" : ", all on screen") : columns + ", \(onScreen) on screen"
    }

    /// What the name prompt says after the name: what typing does, what is exported, the formats.
    var help: String {
        let what = columns.map { "\(Self.describe($0.count, onScreen: onScreen)) (E: every column)" } ?? "every column"
        let typing = isUntouched ? "typing replaces the name, Backspace edits it; " : ""
        return typing + what + "; format by extension .csv .tsv .json .ndjson .md .sql, or .sqlite .db: a database of the rows"
    }

    /// What `y` would do: replace the file (through the link, named with its target), or create
    /// the missing target of a link.
    static func question(_ destination: FileDestination) -> String {
        if destination.existing == .danglingLink {
            return "\(destination.path) is a link to \(destination.shownTarget), which does not exist: create it? (y/N)"
        }
        return "\(destination.described) exists: overwrite it? (y/N)"
    }
}
