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
    private static let hexDigits = Array("0123456789abcdef".utf8)
    /// The buffer size past which a long value's writer flushes.
    package static let chunk = 1 << 16

    /// A value as `appendValue(_:to:)` writes it, `flush` called as the buffer fills.
    static func appendValue(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        switch value {
        case .text(let s): try appendString(s, to: &out, flush: flush)
        case .blob(let bytes):
            out.append(contentsOf: Array("{\"base64\":\"".utf8))
            try Base64.append(bytes, to: &out, flush: flush)
            out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "}")])
        default: appendValue(value, to: &out)
        }
    }

    /// A value as `RowJSON.json(value).pretty()` writes it: a blob is `{"base64": "..."}`.
    static func appendPrettyValue(_ value: DatabaseValue, to out: inout [UInt8], flush: ByteFlush) throws {
        guard case .blob(let bytes) = value else { return try appendValue(value, to: &out, flush: flush) }
        out.append(contentsOf: Array("{\"base64\": \"".utf8))
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
        // A short text with nothing to escape (most names) is copied as is: `strcspn` sets up
        // its table of `bytesToLookAt` at every call, which costs more than the text.
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

    /// The escaped bytes of a string, between its quotes.
    private static func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        guard let bytes = buffer.baseAddress else { return }
        let count = buffer.count
        // Runs of bytes that need no escape are found by `strcspn` (C, fast also in a debug
        // build) on a NUL-terminated copy of the current piece, and copied at once.
        var scratch = [CChar](repeating: 0, count: min(count, chunk) + 1)
        try scratch.withUnsafeMutableBufferPointer { scratch in
            guard let piece = scratch.baseAddress else { return }
            var index = 0
            var pieceStart = 0
            var pieceEnd = 0
            while index < count {
                if index >= pieceEnd {
                    pieceStart = index
                    pieceEnd = min(count, index + chunk)
                    UnsafeMutableRawPointer(piece).copyMemory(from: bytes + index, byteCount: pieceEnd - index)
                    piece[pieceEnd - index] = 0
                }
                // Stops at a byte to look at, or at the NUL after the piece (an embedded NUL
                // is looked at below: it is a control character).
                let plain = min(pieceEnd - index, strcspn(piece + (index - pieceStart), Self.bytesToLookAt))
                if plain > 0 { out.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: plain)) }
                index += plain
                if out.count >= chunk { try flush(&out) }
                guard index < pieceEnd else { continue }
                index = appendSpecial(bytes, at: index, count: count, to: &out)
            }
        }
    }

    /// A byte that is none of `bytesToLookAt`: printable ASCII other than the quote and the backslash.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// The bytes `strcspn` stops at: controls, the quote, the backslash, DEL, and every byte of
    /// a multi-byte scalar (C1 and bidi controls among them), NUL-terminated.
    private static let bytesToLookAt: [CChar] = {
        var set = (0x01..<0x20).map { UInt8($0) } + [0x22, 0x5C] + (0x7F...0xFF).map { UInt8($0) }
        set.append(0)
        return set.map { CChar(bitPattern: $0) }
    }()

    /// Writes the byte at `index` (a control, quote, backslash, DEL) or the scalar starting there,
    /// escaped when it must be; returns the index after it.
    private static func appendSpecial(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int, to out: inout [UInt8]) -> Int {
        let byte = bytes[index]
        if byte < 0x80 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            } else {
                appendControl(UInt32(byte), to: &out)
            }
            return index + 1
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
            out.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: end - index))
        }
        return end
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
            var end = min(count, start + JSONBytes.chunk)
            if needsQuotes, let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), end - start) {
                // Up to and with the quote, which is then written a second time.
                end = base.distance(to: quote.assumingMemoryBound(to: UInt8.self)) + 1
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
            if out.count >= JSONBytes.chunk { try flush(&out) }
            start = end
        }
        if needsQuotes { out.append(UInt8(ascii: "\"")) }
    }
}
