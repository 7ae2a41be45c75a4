/// A JSON value with ordered object keys, and a small deterministic writer: keys stay in the
/// order given, strings are escaped per RFC 8259 (quotes, backslashes, control characters),
/// non-ASCII text stays UTF-8.
package indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    /// A finite double, written in Swift's shortest round-tripping form (non-finite: null).
    case real(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.compact == rhs.compact
    }

    /// `"text"`, escaped: quotes, backslashes, control characters (C0, DEL, C1) and bidi
    /// controls, so that JSON piped to a terminal stays inert (`JSONBytes` does the escaping).
    package static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONBytes.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// On one line, no spaces.
    package var compact: String {
        switch self {
        case .string(let s): return Self.quote(s)
        case .int(let i): return String(i)
        case .real(let d): return d.isFinite ? String(d) : "null"
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { Self.quote($0.0) + ":" + $0.1.compact }.joined(separator: ",") + "}"
        }
    }

    /// Indented by two spaces per level; arrays of scalars stay on one line.
    package func pretty(indent: Int = 0) -> String {
        var out = ""
        writePretty(into: &out, indent: indent)
        return out
    }

    /// `pretty` appended to `out`: one buffer for the whole document (a schema of 30,000 tables
    /// made nested strings joined level by level cost seconds).
    private func writePretty(into out: inout String, indent: Int) {
        func newline(_ spaces: Int) {
            out += "\n"
            out += String(repeating: " ", count: spaces)
        }
        switch self {
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if depth <= 2 {
                writeSpaced(into: &out)
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(indent + 2)
                item.writePretty(into: &out, indent: indent + 2)
            }
            newline(indent)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            if members.allSatisfy({ $0.1.depth <= 2 }) {
                writeSpaced(into: &out)
                return
            }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                newline(indent + 2)
                out += Self.quote(member.0)
                out += ": "
                member.1.writePretty(into: &out, indent: indent + 2)
            }
            newline(indent)
            out += "}"
        default:
            out += compact
        }
    }

    /// 0 for scalars, 1 + the deepest item for arrays; objects count as deep (never inlined inside).
    private var depth: Int {
        switch self {
        case .array(let items): return 1 + (items.map(\.depth).max() ?? 0)
        case .object: return 100
        default: return 0
        }
    }

    /// On one line, with a space after commas and colons.
    private func writeSpaced(into out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.writeSpaced(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ", " }
                out += Self.quote(member.0)
                out += ": "
                member.1.writeSpaced(into: &out)
            }
            out += "}"
        default:
            out += compact
        }
    }
}
