import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal cannot host the browser (not a TTY, or curses failed to start).
public struct TerminalError: Error, CustomStringConvertible {
    public var description: String
}

/// The real terminal, through ncursesw. The only file that imports CNcurses.
///
/// Starts with the user's locale (for UTF-8), cbreak, no echo, keypad keys, hidden cursor and a
/// short Esc delay; colours by semantic role unless `NO_COLOR` is set or the terminal has none.
/// `close()` (also run on deinit, SIGINT, SIGTERM, SIGHUP) gives the terminal back as it was.
final class NcursesTerminal: Terminal {
    private var isOpen = false
    private let colors: Bool
    private var attributesByRole: [StyleRole: UInt32] = [:]
    /// The screen last handed to curses: only the cells that differ from it are written again.
    private var lastDrawn: ScreenBuffer?
    /// One cell's text as wide characters, reused from cell to cell.
    private var scratch: [wchar_t] = []

    init() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(description: "the browser needs a terminal (stdin and stdout must be a TTY)")
        }
        assoc_set_locale()
        guard initscr() != nil else { throw TerminalError(description: "cannot initialise the terminal (check TERM)") }
        isOpen = true
        assoc_install_signal_handlers()
        // raw, not cbreak: Ctrl-C arrives as a key, to cancel a running query (or quit when none runs).
        raw()
        noecho()
        nonl()
        keypad(assoc_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
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

    var size: Size {
        Size(width: Int(assoc_getmaxx(assoc_stdscr())), height: Int(assoc_getmaxy(assoc_stdscr())))
    }

    func draw(_ buffer: ScreenBuffer) {
        let size = self.size
        let height = min(size.height, buffer.height)
        let width = min(size.width, buffer.width)
        // Same geometry as the last frame: skip the cells that did not change (curses would find
        // them unchanged too, but only after being handed every one of them).
        let previous = lastDrawn.flatMap { $0.width == buffer.width && $0.height == buffer.height && width == size.width
            && height == size.height ? $0 : nil }
        for y in 0..<height {
            for x in 0..<width {
                let cell = buffer.cell(x: x, y: y)
                if cell.isContinuation { continue }
                if let previous, previous.cell(x: x, y: y) == cell { continue }
                // A wide cell in the last column would wrap: draw a space instead.
                let grapheme = (cell.width == 2 && x + 1 >= width) ? " " : cell.grapheme
                var attrs = attributesByRole[cell.role] ?? assoc_attr_normal()
                if cell.highlighted { attrs |= assoc_attr_reverse() }
                scratch.removeAll(keepingCapacity: true)
                for scalar in grapheme.unicodeScalars { scratch.append(wchar_t(bitPattern: scalar.value)) }
                let count = Int32(scratch.count)
                scratch.append(0)
                _ = assoc_put(Int32(y), Int32(x), &scratch, count, attrs)
            }
        }
        lastDrawn = buffer
        refresh()
    }

    func readKey(timeout: Int?) -> KeyEvent? {
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
                var x: Int32 = 0, y: Int32 = 0, kind: Int32 = 0
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
