import AssocCore
import CNcurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal cannot host the browser (not a TTY, or curses failed to start).
package struct TerminalError: Error, CustomStringConvertible {
    package var description: String
}

/// The real terminal, through ncursesw. The only file that imports CNcurses.
///
/// Starts with a UTF-8 character type (the user's, or C.UTF-8 when the user's is not UTF-8; when
/// the system has none, non-ASCII characters are drawn as ASCII placeholders, never dropped), cbreak, no echo, keypad keys, hidden cursor and a
/// short Esc delay; colours by semantic role unless `NO_COLOR` is set or the terminal has none.
/// `close()` (also run on deinit, SIGINT, SIGTERM, SIGHUP) gives the terminal back as it was;
/// those signals also remove the temporary file of a running export (`TemporaryFileCleanup`).
final class NcursesTerminal: Terminal {
    private var isOpen = false
    private let colors: Bool
    /// False when no UTF-8 character type could be set: only ASCII is drawn.
    private let utf8: Bool
    private var attributesByRole: [StyleRole: UInt32] = [:]
    /// The screen last handed to curses: only the cells that differ from it are written again.
    private var lastDrawn: ScreenBuffer?
    /// The role whose attributes were looked up last (runs of one role are the rule).
    private var lastRole: (role: StyleRole, attributes: UInt32)?

    /// Throws unless stdin and stdout are both terminals.
    static func checkTTY() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(description: "the browser needs a terminal (stdin and stdout must be a TTY)")
        }
    }

    /// Throws unless `TERM` names a terminal type the terminfo database knows and that can move
    /// the cursor: ncurses would otherwise print a bare "Error opening terminal" and exit, or draw
    /// the whole browser on one line (`TERM=dumb`).
    static func checkTerminalType() throws {
        let type = getenv("TERM").map { String(cString: $0) }
        if let problem = terminalTypeProblem(status: Int(assoc_check_terminal_type()), type: type) {
            throw TerminalError(description: problem)
        }
    }

    /// What is wrong with the terminal type `type`, from `assoc_check_terminal_type`'s status;
    /// nil when it can host the browser.
    static func terminalTypeProblem(status: Int, type: String?) -> String? {
        let advice = "set TERM to your terminal's type, e.g. TERM=xterm-256color"
        let name = "\"" + (type ?? "") + "\""
        switch status {
        case 0: return nil
        case 1: return "the terminal type is not set (TERM is empty): " + advice
        case 2: return "the terminal type \(name) (TERM) is unknown on this system (no terminfo entry): " + advice
        default: return "the terminal type \(name) (TERM) cannot move the cursor, which the browser needs: " + advice
        }
    }

    init() throws {
        try Self.checkTTY()
        try Self.checkTerminalType()
        utf8 = assoc_set_locale() == 1
        guard initscr() != nil else { throw TerminalError(description: "cannot initialise the terminal (check TERM)") }
        isOpen = true
        // Until a screen has been through endwin() and a refresh once, ncurses flushes its output
        // after every cursor move, so a frame went out in one write per run of text (about 90 for
        // a first frame). Going through that cycle now, before anything is drawn, lets every frame
        // go out in one or two writes; the terminal sees the alternate screen entered, left and
        // entered again, all empty.
        endwin()
        refresh()
        assoc_install_signal_handlers()
        // An export killed by one of those signals leaves no temporary file behind.
        TemporaryFileCleanup.track = TemporaryFileCleanup.remember
        // raw, not cbreak: Ctrl-C arrives as a key, to cancel a running query (or quit when none runs).
        raw()
        noecho()
        nonl()
        keypad(assoc_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        // Frames are written whole, not cut into short writes between checks for typed keys:
        // the loop draws only changed cells and reads keys itself between frames.
        typeahead(-1)
        assoc_enable_mouse()
        let noColor = (getenv("NO_COLOR").map { String(cString: $0) } ?? "").isEmpty == false
        colors = !noColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
        }
        for (offset, role) in StyleRole.allCases.enumerated() {
            attributesByRole[role] = attributes(for: Palette.look(role, colors: colors), pair: Int16(offset + 1))
        }
    }

    deinit { close() }

    /// Restores the terminal. Safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        endwin()
    }

    private func attributes(for look: RoleLook, pair: Int16) -> UInt32 {
        var attrs = assoc_attr_normal()
        if colors && look.foreground != .default {
            init_pair(pair, look.foreground.rawValue, -1)
            attrs |= assoc_attr_color_pair(Int32(pair))
        }
        if look.bold { attrs |= assoc_attr_bold() }
        if look.dim { attrs |= assoc_attr_dim() }
        if look.underline { attrs |= assoc_attr_underline() }
        if look.italic { attrs |= assoc_attr_italic() }
        if look.reverse { attrs |= assoc_attr_reverse() }
        return attrs
    }

    private func attributes(for role: StyleRole) -> UInt32 {
        if let lastRole, lastRole.role == role { return lastRole.attributes }
        let attributes = attributesByRole[role] ?? assoc_attr_normal()
        lastRole = (role, attributes)
        return attributes
    }

    /// Hands a run of cells to curses, and empties it.
    private func flush(_ run: inout TextRun) {
        guard !run.isEmpty else { return }
        let count = Int32(run.characters.count)
        run.characters.append(0)
        if run.joinable {
            _ = assoc_put(Int32(run.y), Int32(run.x), &run.characters, count, run.attributes)
        } else {
            // One cluster alone: curses must not spread it over more cells than it takes here.
            let width = Int32(run.end - run.x)
            _ = assoc_put_cluster(Int32(run.y), Int32(run.x), &run.characters, count, width, run.attributes)
        }
        run = TextRun()
    }

    var size: Size {
        Size(width: Int(assoc_getmaxx(assoc_stdscr())), height: Int(assoc_getmaxy(assoc_stdscr())))
    }

    func copyWithOSC52(_ text: String) {
        // After curses' own output, straight to the terminal.
        fflush(nil)
        let bytes = Array(Self.osc52Sequence(text).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
    }

    func draw(_ buffer: ScreenBuffer) {
        let size = self.size
        let height = min(size.height, buffer.height)
        let width = min(size.width, buffer.width)
        // Same geometry as the last frame: skip the cells that did not change (curses would find
        // them unchanged too, but only after being handed every one of them).
        let previous = lastDrawn.flatMap {
            $0.width == buffer.width && $0.height == buffer.height && width == size.width
                && height == size.height ? $0 : nil
        }
        for y in 0..<height {
            // Changed cells are handed to curses in runs of one style: one call per run.
            var run = TextRun()
            for x in 0..<width {
                let cell = buffer.cell(x: x, y: y)
                if cell.isContinuation { continue }
                if let previous, previous.cell(x: x, y: y) == cell {
                    flush(&run)
                    continue
                }
                // A wide cell in the last column would wrap: draw a space instead.
                var grapheme = (cell.width == 2 && x + 1 >= width) ? " " : cell.grapheme
                if !utf8 { grapheme = Self.asciiPlaceholder(grapheme, width: max(1, cell.width)) }
                var attrs = attributes(for: cell.role)
                if cell.highlighted { attrs |= assoc_attr_reverse() }
                // Only characters curses sizes as we do join a run (other clusters could be
                // measured differently, and a run would carry the difference to the next cells).
                let narrow = TextRun.narrowCharacter(grapheme)
                if run.isEmpty || narrow == nil || !run.joinable || run.attributes != attrs || run.end != x {
                    flush(&run)
                    run = TextRun(y: y, x: x, attributes: attrs)
                }
                if let narrow {
                    run.characters.append(narrow)
                    run.end += 1
                } else {
                    run.append(grapheme, width: max(1, cell.width))
                }
                run.joinable = narrow != nil
            }
            flush(&run)
        }
        lastDrawn = buffer
        refresh()
    }

    func readKey(timeout: Int?, wakingOn wakeup: Wakeup?) -> KeyEvent? {
        guard let wakeup, wakeup.isWorking else { return cursesKey(timeout: timeout) }
        // A key curses has already read (the rest of a sequence) comes first.
        if let key = cursesKey(timeout: 0) { return key }
        switch wakeup.wait(orInputOn: STDIN_FILENO, timeout: timeout) {
        case .woken, .timedOut:
            return nil
        case .input:
            if let key = cursesKey(timeout: 0) { return key }
            // Input that makes no key (input closed, a stray byte): wait for the worker alone,
            // rather than spin on a descriptor that stays readable.
            if timeout != nil { _ = wakeup.wait(timeout: timeout) }
            return nil
        }
    }

    /// The next key through curses, waiting at most `timeout` ms (nil: no limit).
    private func cursesKey(timeout: Int?) -> KeyEvent? {
        _ = assoc_timeout(Int32(clamping: timeout ?? -1))
        while true {
            var character: wint_t = 0
            let result = assoc_get_wch(&character)
            if result == ERR {
                // A timeout, or input gone (a blocking read that fails).
                return nil
            }
            let code = Int32(bitPattern: character)
            if result == KEY_CODE_YES && code == assoc_key_mouse() {
                var x: Int32 = 0
                var y: Int32 = 0
                var kind: Int32 = 0
                if assoc_get_mouse(&x, &y, &kind) == OK, let key = Self.mouse(x: Int(x), y: Int(y), kind: Int(kind)) { return key }
                continue
            }
            if result == KEY_CODE_YES {
                if let key = Self.keyCode(code) {
                    // After a resize curses may have lost what was on screen: the next frame is drawn whole.
                    if key == .resize { lastDrawn = nil }
                    return key
                }
                continue  // unknown special key: ignore
            }
            if let key = Self.character(UInt32(character)) { return key }
        }
    }

    /// `grapheme` as ASCII, for a terminal without a UTF-8 character type (curses would drop
    /// every other character): lines and arrows as their ASCII look-alikes, anything else as `?`
    /// per column, so that the text keeps its width and shows that something is there.
    static func asciiPlaceholder(_ grapheme: String, width: Int) -> String {
        guard !grapheme.unicodeScalars.allSatisfy(\.isASCII) else { return grapheme }
        let scalars = Array(grapheme.unicodeScalars)
        if scalars.count == 1, let scalar = scalars.first {
            switch scalar.value {
            case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2010...0x2015: return "-"
            case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return "|"
            case 0x2500...0x257F: return "+"
            case 0x2018, 0x2019: return "'"
            case 0x201C, 0x201D: return "\""
            case 0x2026: return "."
            case 0x2190: return "<"
            case 0x2192: return ">"
            case 0x2191: return "^"
            case 0x2193: return "v"
            default: break
            }
        }
        return String(repeating: "?", count: max(1, width))
    }

    static func keyCode(_ code: Int32) -> KeyEvent? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        default:
            for n in 1...12 where code == assoc_key_f(Int32(n)) { return .function(n) }
            return nil
        }
    }

    /// A decoded mouse event (`kind` from the shim: 1 click, 2 wheel up, 3 wheel down); nil for
    /// other buttons, releases and moves.
    static func mouse(x: Int, y: Int, kind: Int) -> KeyEvent? {
        guard x >= 0, y >= 0 else { return nil }
        switch kind {
        case 1: return .mouse(x: x, y: y, kind: .click)
        case 2: return .mouse(x: x, y: y, kind: .wheelUp)
        case 3: return .mouse(x: x, y: y, kind: .wheelDown)
        default: return nil
        }
    }

    static func character(_ value: UInt32) -> KeyEvent? {
        switch value {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            guard let scalar = Unicode.Scalar(value + 96) else { return nil }
            return .control(Character(scalar))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}

/// Consecutive cells of one row with the same attributes, as wide characters for curses.
private struct TextRun {
    var y = 0
    var x = 0
    var attributes: UInt32 = 0
    var characters: [wchar_t] = []
    /// The column after the run's last cell.
    var end = 0
    /// False after a cell that must stay alone.
    var joinable = true

    init() {}

    init(y: Int, x: Int, attributes: UInt32) {
        self.y = y
        self.x = x
        self.end = x
        self.attributes = attributes
    }

    var isEmpty: Bool { characters.isEmpty }

    /// The character of a cluster that is one printable ASCII character, box-drawing line,
    /// punctuation mark or arrow (one column for curses as for us, in every locale), else nil.
    static func narrowCharacter(_ grapheme: String) -> wchar_t? {
        let utf8 = grapheme.utf8
        if utf8.count == 1, let byte = utf8.first {
            return byte >= 0x20 && byte < 0x7F ? wchar_t(byte) : nil
        }
        guard utf8.count == 3 else { return nil }
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        switch first.value {
        case 0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x257F: return wchar_t(bitPattern: first.value)
        default: return nil
        }
    }

    mutating func append(_ grapheme: String, width: Int) {
        for scalar in grapheme.unicodeScalars { characters.append(wchar_t(bitPattern: scalar.value)) }
        end += width
    }
}
