/// The export prompt (`e`): the file name being typed, then a confirmation when the file exists,
/// then the progress of the running export.
struct ExportPrompt: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// Typing the file name.
        case name
        /// The file exists: `y` overwrites it, anything else cancels.
        case confirmOverwrite
        /// Writing: rows written so far, of the total, and the rate.
        case running(ExportProgress)
    }

    var view: RequestView
    var text: String
    var stage: Stage = .name

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
        case .name: return "Export to (.json or .csv, relative to the current directory): " + text + "▏"
        case .confirmOverwrite: return "\(text) exists: overwrite it? (y/N)"
        case .running(let progress):
            let rate = progress.rowsPerSecond > 0 ? ", \(progress.rowsPerSecond) rows/s" : ""
            return "Exporting to \(text): \(progress.written) / \(progress.total) rows\(rate)… (Esc cancels)"
        }
    }
}
