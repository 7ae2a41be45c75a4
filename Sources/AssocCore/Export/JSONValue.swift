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
        var out: [UInt8] = []
        writePretty(into: &out, indent: indent)
        return String(decoding: out, as: UTF8.self)
    }

    /// `pretty` appended to `out` as UTF-8: one buffer for the whole document, strings escaped
    /// straight into it (a schema of 30,000 tables made nested strings joined level by level,
    /// then a `String` per quoted name, cost seconds).
    private func writePretty(into out: inout [UInt8], indent: Int) {
        func newline(_ spaces: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
        }
        switch self {
        case .array(let items):
            if items.isEmpty {
                out += "[]".utf8
                return
            }
            if depthIsAtMost(2) {
                writeSpaced(into: &out)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 2)
                item.writePretty(into: &out, indent: indent + 2)
            }
            newline(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out += "{}".utf8
                return
            }
            if members.allSatisfy({ $0.1.depthIsAtMost(2) }) {
                writeSpaced(into: &out)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 2)
                JSONBytes.appendString(member.0, to: &out)
                out += ": ".utf8
                member.1.writePretty(into: &out, indent: indent + 2)
            }
            newline(indent)
            out.append(UInt8(ascii: "}"))
        default:
            writeScalar(into: &out)
        }
    }

    /// Whether the value is at most `limit` deep: 0 for scalars, 1 + the deepest item for arrays;
    /// objects count as deep (never inlined inside). Allocates nothing (it is asked at every level).
    private func depthIsAtMost(_ limit: Int) -> Bool {
        switch self {
        case .array(let items): return limit >= 1 && items.allSatisfy { $0.depthIsAtMost(limit - 1) }
        case .object: return limit >= 100
        default: return limit >= 0
        }
    }

    /// On one line, with a space after commas and colons.
    private func writeSpaced(into out: inout [UInt8]) {
        switch self {
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", ".utf8 }
                item.writeSpaced(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out += ", ".utf8 }
                JSONBytes.appendString(member.0, to: &out)
                out += ": ".utf8
                member.1.writeSpaced(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            writeScalar(into: &out)
        }
    }

    /// A scalar as `compact` writes it (strings escaped straight into `out`).
    private func writeScalar(into out: inout [UInt8]) {
        if case .string(let s) = self {
            JSONBytes.appendString(s, to: &out)
        } else {
            out += compact.utf8
        }
    }
}
