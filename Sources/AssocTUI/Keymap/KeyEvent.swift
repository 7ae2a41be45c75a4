/// One key press as the browser understands it, independent of the terminal library.
enum KeyEvent: Sendable, Hashable {
    case character(Character)
    /// Ctrl + a letter, lowercased: `.control("c")` is Ctrl-C.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab, backTab
    /// F1…F12.
    case function(Int)
    /// The terminal changed size.
    case resize
    /// A mouse click or wheel step at a cell of the screen.
    case mouse(x: Int, y: Int, kind: MouseKind)

    /// How the key is written in the help screen and the hint line.
    var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Bksp"
        case .delete: return "Del"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .function(let n): return "F\(n)"
        case .resize: return "resize"
        case .mouse: return "mouse"
        }
    }
}
