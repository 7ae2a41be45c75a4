/// Writes prefetch keys as a JSON array for `json_each(?)`: integers, reals and text only.
enum JSONKeys {
    static func array(_ values: [DatabaseValue]) -> String {
        // Written as UTF-8 bytes, made a string once: appending to a `String` key by key costs
        // more than the keys themselves.
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(values.count * 8 + 2)
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
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

    /// Appends the UTF-8 literal of `value` to `bytes`. Printable ASCII text without quote or
    /// backslash (the usual key) goes in as it is, between quotes, which is what `string(_:)`
    /// writes for it.
    static func append(_ value: DatabaseValue, to bytes: inout [UInt8]) {
        if case .text(let s) = value, s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: s.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: literal(value).utf8)
        }
    }

    static func string(_ s: String) -> String {
        JSONValue.quote(s)
    }
}
