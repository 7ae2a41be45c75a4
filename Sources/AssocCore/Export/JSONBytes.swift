#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the bytes written so far to their destination and empties the buffer (`flush`
/// parameters): a value of any size goes out in pieces of about `JSONBytes.chunk` bytes.
package typealias ByteFlush = (inout [UInt8]) throws -> Void

/// JSON and CSV values written as UTF-8 bytes, as `JSONValue` and `RowCSV` write them as text.
/// Long values are escaped (or base64-encoded) straight into the output buffer, which is flushed
/// whenever it passes `chunk` bytes: a 200 MB cell costs no copy of itself beyond the row's.
package enum JSONBytes {
    static let null = Array("null".utf8)
    /// What a compact document writes before a blob's base64.
    static let base64Open = Array("{\"base64\":\"".utf8)
    /// What a pretty document writes before a blob's base64.
    static let prettyBase64Open = Array("{\"base64\": \"".utf8)
    /// The buffer size past which a long value's writer flushes.
    package static let chunk = 1 << 16

    /// A value as `appendValue(_:to:)` writes it, `flush` called as the buffer fills.
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        switch value {
        case .text(let s): try appendString(s, to: &out, flush: flush)
        case .blob(let bytes):
            out.append(contentsOf: base64Open)
            try Base64.append(bytes, to: &out, flush: flush)
            out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "}")])
        default: appendValue(value, to: &out)
        }
    }

    /// A value as `RowJSON.json(value).pretty()` writes it: a blob is `{"base64": "..."}`.
    static func appendPrettyValue(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        guard case .blob(let bytes) = value else { return try appendValue(value, to: &out, flush: flush) }
        out.append(contentsOf: prettyBase64Open)
        try Base64.append(bytes, to: &out, flush: flush)
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "}")])
    }

    /// A value as `RowJSON.json(value).compact` writes it.
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: null)
        case .integer(let v): appendInteger(v, to: &out)
        case .real(let v):
            if v.isFinite { RealText.appendRoundTrip(v, to: &out) } else { out.append(contentsOf: null) }
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

    /// `"text"`, escaped: quotes, backslashes and control characters (C0, DEL, C1), and the bidi
    /// controls, so that JSON on a terminal stays inert. The one JSON string escaper of AssocCore
    /// (`JSONValue.quote` calls it).
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        // Without a flush the buffer holds it all (names, short values).
        try? appendString(text, to: &out, flush: { _ in })
    }

    /// `"text"`, escaped, `flush` called whenever the buffer passes `chunk` bytes.
    static func appendString(_ text: String, to out: inout [UInt8], flush: ByteFlush) throws {
        out.append(UInt8(ascii: "\""))
        // A short text with nothing to escape (most names) is copied as is.
        if text.utf8.count <= 64, text.utf8.allSatisfy(isPlain) {
            out += text.utf8
            out.append(UInt8(ascii: "\""))
            return
        }
        var text = text
        try text.withUTF8 { buffer in try appendEscaped(buffer, to: &out, flush: flush) }
        out.append(UInt8(ascii: "\""))
    }

    /// `"bytes"` (valid UTF-8), escaped as `appendString` escapes a text.
    static func appendString(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        out.append(UInt8(ascii: "\""))
        if bytes.count <= 64, bytes.allSatisfy(isPlain) {
            out.append(contentsOf: bytes)
        } else {
            try appendEscaped(bytes, to: &out, flush: flush)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escaped bytes of a string, between its quotes, a piece of at most `chunk` bytes at a
    /// time (see `EscapedBytes`).
    private static func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        var index = 0
        while index < buffer.count {
            index = EscapedBytes.appendJSON(buffer, from: index, to: min(buffer.count, index + chunk), into: &out)
            if out.count >= chunk { try flush(&out) }
        }
    }

    /// A byte written as it is: printable ASCII other than the quote and the backslash.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

}

/// CSV fields as UTF-8 bytes, as `RowCSV` writes them.
enum CSVBytes {
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8]) {
        switch value {
        case .null: break
        case .integer(let v): JSONBytes.appendInteger(v, to: &out)
        case .real(let v): RealText.appendReadable(v, to: &out)
        case .text(let s): appendField(s, to: &out)
        case .blob(let b): appendField(Base64.encode(b), to: &out)
        }
    }

    /// A field as `appendValue(_:to:)` writes it, `flush` called as the buffer fills: base64
    /// never needs quotes, so a blob is encoded straight into the buffer.
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        switch value {
        case .text(let s): try appendField(s, to: &out, flush: flush)
        case .blob(let b): try Base64.append(b, to: &out, flush: flush)
        default: appendValue(value, to: &out)
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
        try? appendField(text, to: &out, flush: { _ in })
    }

    /// A field, `flush` called whenever the buffer passes `JSONBytes.chunk` bytes.
    static func appendField(_ text: String, to out: inout [UInt8], flush: ByteFlush) throws {
        var text = text
        try text.withUTF8 { bytes in try appendField(bytes: bytes, to: &out, flush: flush) }
    }

    /// A field of `bytes`, as `appendField` writes a text (TEXT that is not valid UTF-8 keeps its
    /// bytes, as the sqlite3 shell writes them).
    static func appendField(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        // memchr (not a Swift loop): fast for a 200 MB field also in a debug build.
        func contains(_ byte: UInt8) -> Bool { memchr(base, Int32(byte), count) != nil }
        // A short field is looked at in one pass (four calls cost more than its bytes).
        let needsQuotes =
            bytes[0] == UInt8(ascii: " ") || bytes[count - 1] == UInt8(ascii: " ")
            || (count <= 64
                ? bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
                : contains(UInt8(ascii: ",")) || contains(UInt8(ascii: "\"")) || contains(0x0A) || contains(0x0D))
        if needsQuotes { out.append(UInt8(ascii: "\"")) }
        var start = 0
        while start < count {
            let end = min(count, start + JSONBytes.chunk)
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if needsQuotes, memchr(base + start, Int32(UInt8(ascii: "\"")), end - start) != nil {
                // Each quote written twice (a call per quote ran at 57 MB/s).
                EscapedBytes.appendDoubling(UInt8(ascii: "\""), in: piece, to: &out)
            } else {
                out.append(contentsOf: piece)
            }
            if out.count >= JSONBytes.chunk { try flush(&out) }
            start = end
        }
        if needsQuotes { out.append(UInt8(ascii: "\"")) }
    }
}
