/// A parsed JSON document that keeps what the comparison needs: member order, and numbers as
/// written (`12`, `12.0`), so that INTEGER and REAL stay apart.
indirect enum JSONTree: Equatable {
    case null, bool(Bool), number(String), string(String)
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])

    static func == (lhs: JSONTree, rhs: JSONTree) -> Bool { lhs.text == rhs.text }

    /// Compact text, strings re-escaped one way: equal trees have equal text.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return JSONTree.quote(s)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { JSONTree.quote($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            default: return scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined() + "\""
    }

    /// Scalar members (columns): what tells two rows of one parent apart from rows of another.
    var ownValues: String {
        guard case .object(let members) = self else { return text }
        return members.filter { member in
            switch member.value {
            case .array: return false
            case .object(let inner): return inner.count == 1 && inner.first?.key == "base64"
            default: return true
            }
        }.map { JSONTree.quote($0.key) + ":" + $0.value.text }.joined(separator: ",")
    }
}

/// A small JSON parser (RFC 8259), for the outputs compared.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    static func parse(_ text: String) throws -> JSONTree {
        var parser = JSONParser(text)
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw ConformanceError(message: "JSON: trailing text at \(parser.index)") }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw ConformanceError(message: "JSON: expected \(Character(UnicodeScalar(byte))) at \(index)")
        }
        index += 1
    }

    private mutating func value() throws -> JSONTree {
        skipSpace()
        guard index < bytes.count else { throw ConformanceError(message: "JSON: unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONTree)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipSpace()
                let key = try string()
                try expect(UInt8(ascii: ":"))
                members.append((key, try value()))
                skipSpace()
                guard index < bytes.count else { throw ConformanceError(message: "JSON: unexpected end in object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONTree] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
            while true {
                items.append(try value())
                skipSpace()
                guard index < bytes.count else { throw ConformanceError(message: "JSON: unexpected end in array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "n"):
            index += 4
            return .null
        case UInt8(ascii: "t"):
            index += 4
            return .bool(true)
        case UInt8(ascii: "f"):
            index += 5
            return .bool(false)
        default:
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start else { throw ConformanceError(message: "JSON: unexpected byte at \(index)") }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }
    }

    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw = []
        }
        var pendingHigh: UInt32?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { flush(); return String(scalars) }
            guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            flush()
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                    throw ConformanceError(message: "JSON: bad \\u escape at \(index)")
                }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    pendingHigh = code
                } else if let high = pendingHigh, (0xDC00...0xDFFF).contains(code) {
                    pendingHigh = nil
                    if let scalar = UnicodeScalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) { scalars.append(scalar) }
                } else if let scalar = UnicodeScalar(code) {
                    scalars.append(scalar)
                }
            default: scalars.append(UnicodeScalar(escape))
            }
        }
        throw ConformanceError(message: "JSON: unterminated string")
    }
}

/// The canonical text of a request's rows, for comparing two outputs: rows in order, except that
/// rows of one parent (equal columns: a to-many join multiplies them in an order the request does
/// not fix) are sorted among themselves; prefetched rows without an ordering are sorted.
enum CanonicalJSON {
    static func rows(_ tree: JSONTree, spec: RequestSpec) -> [String] {
        guard case .array(let items) = tree else { return [tree.text] }
        return grouped(items, children: spec.children)
    }

    private static func grouped(_ items: [JSONTree], children: [JoinSpec]) -> [String] {
        var result: [String] = []
        var group: [String] = []
        var groupKey: String?
        for item in items {
            let key = item.ownValues
            if key != groupKey {
                result += group.sorted()
                group = []
                groupKey = key
            }
            group.append(render(item, children: children))
        }
        return result + group.sorted()
    }

    /// One object: members in order, arrays of prefetched rows canonicalized by their spec.
    static func render(_ tree: JSONTree, children: [JoinSpec]) -> String {
        guard case .object(let members) = tree else { return tree.text }
        var specs: [String: JoinSpec] = [:]
        collect(children, into: &specs)
        let parts = members.map { member -> String in
            let key = JSONTree.quote(member.key) + ":"
            guard let spec = specs[member.key] else { return key + member.value.text }
            switch member.value {
            case .array(let items):
                let rendered = spec.ordering.isEmpty
                    ? items.map { render($0, children: spec.children) }.sorted()
                    : grouped(items, children: spec.children)
                return key + "[" + rendered.joined(separator: ";") + "]"
            case .object:
                return key + render(member.value, children: spec.children)
            default:
                return key + member.value.text
            }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// The JSON member key of each association: prefetched ones by name, included ones by their
    /// scope key; a `joining` adds none, its children's members are lifted to this level.
    private static func collect(_ children: [JoinSpec], into specs: inout [String: JoinSpec]) {
        for child in children {
            switch child.method {
            case .includingAll:
                if specs[child.association.name] == nil { specs[child.association.name] = child }
            case .includingOptional, .includingRequired:
                if specs[child.association.scopeKey] == nil { specs[child.association.scopeKey] = child }
            case .joiningOptional, .joiningRequired:
                collect(child.children, into: &specs)
            }
        }
    }
}
