/// The eight basic terminal colours, and the terminal's own default.
enum TerminalColor: Int16, Sendable {
    case `default` = -1
    case black = 0
    case red, green, yellow, blue, magenta, cyan, white
}

/// How one style role looks: a foreground colour and attributes.
struct RoleLook: Sendable, Equatable {
    var foreground: TerminalColor = .default
    var bold = false
    var dim = false
    var underline = false
    var italic = false
    var reverse = false
}

/// Style roles mapped to looks, in colour or with attributes only (`NO_COLOR`, monochrome
/// terminals). Highlighted cells (the selection) add reverse video on top.
enum Palette {
    static func look(_ role: StyleRole, colors: Bool) -> RoleLook {
        colors ? colored(role) : monochrome(role)
    }

    static func colored(_ role: StyleRole) -> RoleLook {
        switch role {
        case .normal: return RoleLook()
        case .header: return RoleLook(foreground: .yellow, bold: true)
        case .selection: return RoleLook(foreground: .cyan, bold: true)
        case .null: return RoleLook(foreground: .magenta, dim: true, italic: true)
        case .number: return RoleLook(foreground: .cyan)
        case .sqlKeyword: return RoleLook(foreground: .blue, bold: true)
        case .sqlString: return RoleLook(foreground: .green)
        case .border: return RoleLook(dim: true)
        case .title: return RoleLook(bold: true)
        case .focusedTitle: return RoleLook(foreground: .yellow, bold: true)
        case .focusedBorder: return RoleLook(foreground: .yellow)
        case .hint: return RoleLook(dim: true)
        case .hintKey: return RoleLook(foreground: .green, bold: true)
        case .error: return RoleLook(foreground: .red, bold: true)
        case .message: return RoleLook(foreground: .green)
        case .dim: return RoleLook(dim: true)
        case .link: return RoleLook(foreground: .cyan)
        }
    }

    static func monochrome(_ role: StyleRole) -> RoleLook {
        switch role {
        case .normal, .number, .sqlString, .message, .link: return RoleLook()
        case .header: return RoleLook(bold: true, underline: true)
        case .selection, .title, .hintKey, .sqlKeyword, .focusedBorder: return RoleLook(bold: true)
        case .null: return RoleLook(dim: true, italic: true)
        case .border, .hint, .dim: return RoleLook(dim: true)
        case .focusedTitle: return RoleLook(bold: true, underline: true)
        case .error: return RoleLook(bold: true, reverse: true)
        }
    }
}
