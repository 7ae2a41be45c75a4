/// JSON and CSV values written as UTF-8 bytes, as `JSONValue` and `RowCSV` write them as text.
package enum JSONBytes {
    static let null = Array("null".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A value as `RowJSON.json(value).compact` writes it.
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: null)
        case .integer(let v): appendInteger(v, to: &out)
        case .real(let v):
            if v.isFinite { out.append(contentsOf: v.description.utf8) } else { out.append(contentsOf: null) }
        case .text(let s): appendString(s, to: &out)
        case .blob(let bytes):
            out.append(contentsOf: Array("{\"base64\":".utf8))
            appendString(Base64.encode(bytes), to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits of `value`, without a `String`.
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var magnitude = value.magnitude
        let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
            return buffer.count - index
        }
        _ = count
    }

    /// `"text"`, escaped as `JSONValue.quote` escapes it: quotes, backslashes and control
    /// characters (C0, DEL, C1), and the bidi controls, so that JSON on a terminal stays inert.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        out.append(UInt8(ascii: "\\"))
                    }
                    out.append(byte)
                    index += 1
                    continue
                }
                if byte < 0x80 {
                    appendControl(UInt32(byte), to: &out)
                    index += 1
                    continue
                }
                // A multi-byte scalar: escaped when it is C1, or a bidi control.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(count, index + length)
                var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                var next = index + 1
                while next < end {
                    scalar = scalar << 6 | UInt32(bytes[next] & 0x3F)
                    next += 1
                }
                if (0x80...0x9F).contains(scalar) || (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
                    || scalar == 0x200E || scalar == 0x200F || scalar == 0x061C
                {
                    appendEscape(scalar, to: &out)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                }
                index = end
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendControl(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default: appendEscape(scalar, to: &out)
        }
    }

    /// `\u00xx`, lower-case hexadecimal, four digits.
    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}

/// CSV fields as UTF-8 bytes, as `RowCSV` writes them.
enum CSVBytes {
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8]) {
        switch value {
        case .null: break
        case .integer(let v): JSONBytes.appendInteger(v, to: &out)
        case .real(let v): out.append(contentsOf: RealText.readable(v).utf8)
        case .text(let s): appendField(s, to: &out)
        case .blob(let b): appendField(Base64.encode(b), to: &out)
        }
    }

    /// Bytes inside a quoted field: each quote doubled.
    static func appendDoublingQuotes(_ bytes: [UInt8], to out: inout [UInt8]) {
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
    }

    /// A field, quoted when it holds a comma, a quote, a line break or leading/trailing spaces.
    static func appendField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let needsQuotes = bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ")
                || bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard needsQuotes else {
                out.append(contentsOf: bytes)
                return
            }
            out.append(UInt8(ascii: "\""))
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { out.append(byte) }
                out.append(byte)
            }
            out.append(UInt8(ascii: "\""))
        }
    }
}
