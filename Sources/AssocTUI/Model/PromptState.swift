/// A one-line text prompt at the bottom of the screen: the filter prompt (`/`) or the request
/// line (`:`). Pure editing operations; the cursor counts Characters and is always valid.
struct PromptState: Sendable, Equatable {
    enum Kind: Sendable, Hashable {
        /// An expression added to the view's filters (or havings).
        case filter
        /// The whole view as request-language text.
        case request
        /// What to find: a condition, or text in any text column.
        case find
        /// A key value to jump to.
        case jump
        /// The jump list's narrowing text.
        case jumpList
        /// The Tables pane's filter (`/` there).
        case tables

        /// What the prompt line starts with.
        var prefix: String {
            switch self {
            case .filter: "/"
            case .request: ":"
            case .find: "find:"
            case .jump: "#"
            case .jumpList: "to:"
            case .tables: "table:"
            }
        }
    }

    /// Why the text was refused, and where (1-based column in the text) when known.
    struct Failure: Sendable, Equatable {
        var message: String
        var column: Int?
    }

    var kind: Kind
    private(set) var characters: [Character]
    private(set) var cursor: Int
    var error: Failure?
    /// Enter was pressed: waiting for the data source's verdict.
    var isChecking = false
    /// The entry of the prompt history shown (↑/↓), nil for the text being typed.
    var historyIndex: Int?
    /// What Ctrl-R searches the history for (the text typed before the first Ctrl-R), and what
    /// the last search found, for the hint line.
    var historyNeedle: String?
    var historyStatus: String?
    /// `Tab` listed candidates (or found none): `Tab` cycles them, any other key accepts.
    var completion: PromptCompletion?
    /// The request line as it opened, no key typed yet: a digit typed first replaces the text
    /// (`:250` goes to row 250).
    var isUntouched = false

    init(kind: Kind, text: String = "") {
        self.kind = kind
        self.characters = Array(text)
        self.cursor = characters.count
    }

    var text: String { String(characters) }
    /// The text as Characters, for renderers that show a window of it.
    var textCharacters: [Character] { characters }
    var cursorIndex: Int { cursor }

    mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
        error = nil
    }

    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
        error = nil
    }

    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        error = nil
    }

    mutating func moveCursor(by delta: Int) {
        cursor = min(max(0, cursor + delta), characters.count)
    }

    mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    /// Replaces the whole text, the cursor at its end.
    mutating func replaceText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
        error = nil
    }

    /// Replaces the Characters in `range` (clamped to the text) by `text`, the cursor after it.
    mutating func replace(_ range: Range<Int>, with text: String) {
        let lower = min(max(0, range.lowerBound), characters.count)
        let upper = min(max(lower, range.upperBound), characters.count)
        let inserted = Array(text)
        characters.replaceSubrange(lower..<upper, with: inserted)
        cursor = lower + inserted.count
        error = nil
    }

    mutating func clear() {
        characters = []
        cursor = 0
        error = nil
    }
}
