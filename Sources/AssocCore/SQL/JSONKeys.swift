/// Writes prefetch keys as a JSON array for `json_each(?)`: integers, reals and text only.
enum JSONKeys {
    static func array(_ values: [DatabaseValue]) -> String {
        var out = "["
        out.reserveCapacity(values.count * 8 + 2)
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            out += literal(value)
        }
        return out + "]"
    }

    static func array(of arrays: [String]) -> String {
        "[" + arrays.joined(separator: ",") + "]"
    }

    static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null, .blob: return "null"
        case .integer(let v): return String(v)
        case .real(let v): return v.isFinite ? String(v) : "null"
        case .text(let s): return string(s)
        }
    }

    static func string(_ s: String) -> String {
        JSONValue.quote(s)
    }
}
