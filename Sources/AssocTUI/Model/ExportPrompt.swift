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
    }

    var view: RequestView
    var text: String
    /// The columns on screen, in screen order (`e`); nil: every column of the request (`E`).
    var columns: [GridColumn]?
    var stage: Stage = .name
    /// What the user agreed to replace (`y`), for the messages after it.
    var replacing: FileDestination?

    /// Whether keys go to the prompt instead of the keymap.
    var takesKeys: Bool {
        switch stage {
        case .name, .confirmOverwrite: return true
        case .running: return false
        }
    }

    /// The line shown in place of the hint line.
    var line: String {
        switch stage {
        case .name:
            let what = columns == nil ? "every column" : "the columns on screen, E: every column"
            return "Export to (\(what); by extension .csv .tsv .json .ndjson .md .sql): " + text + "▏"
        case .confirmOverwrite(let destination): return Self.question(destination)
        case .running(let progress):
            let rate = progress.rowsPerSecond > 0 ? ", \(progress.rowsPerSecond) rows/s" : ""
            return "Exporting to \(text): \(progress.written) / \(progress.total) rows\(rate)… (Esc cancels)"
        }
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
