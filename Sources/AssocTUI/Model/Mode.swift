/// What has the screen and the keys: exactly one thing at a time, by construction (a prompt and
/// the jump list, say, cannot both be open: they are two cases of one value). Each case carries
/// its own state, so closing a mode forgets it.
enum Mode: Sendable, Equatable {
    /// The panes, with the grid in the Rows pane.
    case grid
    /// The frequency view (`F`): takes the grid's place.
    case frequency(FrequencyState)
    /// The summary of the view's columns (`I`): takes the grid's place.
    case summary(SummaryState)
    /// The help screen, scrolled by `scroll` lines; opened from the frequency view, it goes back
    /// to it (`over`) when closed.
    case help(scroll: Int, over: FrequencyState?)
    /// The selected row shown vertically, scrolled by `scroll` lines.
    case record(scroll: Int)
    /// The messages of this run (Ctrl-P), scrolled by `scroll` lines.
    case messages(scroll: Int)
    /// The schema map (`m`).
    case schemaMap(SchemaMapState)
    /// The jump list (`J`).
    case jumpList(JumpListState)
    /// The filter, find and jump prompts and the request line.
    case prompt(PromptState)
    /// The export prompt (`e`), then the export running.
    case export(ExportPrompt)
    /// The cardinality profile of a link (`C`).
    case cardinality(CardinalityState)

    /// A full-screen popup covers the panes (help, record view, messages, schema map).
    var coversPanes: Bool {
        switch self {
        case .help, .record, .messages, .schemaMap, .cardinality: return true
        case .grid, .frequency, .summary, .jumpList, .prompt, .export: return false
        }
    }

    /// Keys edit text (a prompt, the jump list, the export prompt asking) instead of acting.
    var takesText: Bool {
        switch self {
        case .prompt, .jumpList: return true
        case .export(let prompt): return prompt.takesKeys
        case .grid, .frequency, .summary, .help, .record, .messages, .schemaMap, .cardinality: return false
        }
    }

    /// The mode under a closing popup: the frequency view the help was opened from, else the grid.
    var underneath: Mode {
        if case .help(_, let frequency?) = self { return .frequency(frequency) }
        return .grid
    }
}

/// Each mode's state as an optional, read from and written to `mode`: setting one opens that
/// mode (replacing the one open), setting it to nil closes it if it is the one open. The frequency
/// view is also seen (and updated) under the help opened from it.
extension AppState {
    var prompt: PromptState? {
        get { if case .prompt(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.prompt), closing: prompt != nil) }
    }

    var jumpList: JumpListState? {
        get { if case .jumpList(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.jumpList), closing: jumpList != nil) }
    }

    var schemaMap: SchemaMapState? {
        get { if case .schemaMap(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.schemaMap), closing: schemaMap != nil) }
    }

    var summary: SummaryState? {
        get { if case .summary(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.summary), closing: summary != nil) }
    }

    var cardinality: CardinalityState? {
        get { if case .cardinality(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.cardinality), closing: cardinality != nil) }
    }

    var exportPrompt: ExportPrompt? {
        get { if case .export(let value) = mode { value } else { nil } }
        set { set(newValue.map(Mode.export), closing: exportPrompt != nil) }
    }

    var frequency: FrequencyState? {
        get {
            switch mode {
            case .frequency(let value): value
            case .help(_, let value): value
            default: nil
            }
        }
        set {
            if case .help(let scroll, _) = mode {
                mode = .help(scroll: scroll, over: newValue)
            } else {
                set(newValue.map(Mode.frequency), closing: frequency != nil)
            }
        }
    }

    private mutating func set(_ opened: Mode?, closing isOpen: Bool) {
        if let opened {
            mode = opened
        } else if isOpen {
            mode = .grid
        }
    }
}
