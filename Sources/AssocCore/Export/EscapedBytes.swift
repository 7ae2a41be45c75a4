import CEscapes

/// Escaping bytes at memory speed whatever the characters, in a release build and in a debug
/// one: a C loop (`CEscapes`) writes into a scratch buffer with room for the worst case, which
/// is then appended at once. An `Array.append` per escaped byte ran at 7–16 MB/s on a cell of
/// quotes, accents or control characters.
enum EscapedBytes {
    /// Appends what `write` writes into a scratch of `room` bytes (it returns how many it wrote).
    static func append(to out: inout [UInt8], room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        var scratch = [UInt8](repeating: 0, count: max(1, room))
        let written = scratch.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return max(0, min(room, write(base)))
        }
        scratch.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<written])) }
    }

    /// `bytes` with every `byte` written twice (CSV's quotes, SQL's apostrophes).
    static func appendDoubling(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        append(to: &out, room: 2 * bytes.count) { Int(assoc_double_byte(base, bytes.count, byte, $0)) }
    }

    /// Upper-case hex digits of `bytes`, two a byte (SQL's `X'…'`).
    static func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        append(to: &out, room: 2 * bytes.count) { Int(assoc_hex(base, bytes.count, $0)) }
    }

    /// TSV's escapes: `\\`, `\t`, `\n`, `\r`.
    static func appendTSV(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        append(to: &out, room: 2 * bytes.count) { Int(assoc_escape_tsv(base, bytes.count, $0)) }
    }

    /// Markdown's cell escapes: `\\`, `\|`, a line break (LF, CR or CRLF) as `<br>`.
    static func appendMarkdown(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var afterCR: Int32 = 0
        append(to: &out, room: 4 * bytes.count) { Int(assoc_escape_markdown(base, bytes.count, $0, &afterCR)) }
    }

    /// The JSON escapes of `bytes[start..<end]` (a scalar that starts before `end` is read whole);
    /// returns the index after the last scalar read.
    static func appendJSON(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into out: inout [UInt8]) -> Int {
        guard let base = bytes.baseAddress, start < end else { return end }
        var next = end
        append(to: &out, room: 6 * (end - start + 3)) { output in
            var after = 0
            let written = assoc_escape_json(base, bytes.count, start, end, output, &after)
            next = after
            return Int(written)
        }
        return next
    }
}
