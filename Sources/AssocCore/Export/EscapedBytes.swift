/// Escaping bytes into an output buffer at memory speed, whatever the characters: room for the
/// worst case is made at the end of `out` once, `write` fills it through a pointer, and the room
/// left over is dropped. An `Array.append` per escaped byte ran at 7–16 MB/s on a cell of quotes,
/// accents or control characters; a pointer runs at hundreds.
enum EscapedBytes {
    /// Appends what `write` writes for `count` input bytes, at most `count * expansion + extra`
    /// bytes; `write` gets the place to write and returns how many bytes it wrote.
    @inline(__always)
    static func append(
        to out: inout [UInt8], count: Int, expansion: Int, extra: Int = 0, _ write: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        let start = out.count
        let room = count * expansion + extra
        out.append(contentsOf: repeatElement(0, count: room))
        let written = out.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return write(base + start)
        }
        out.removeLast(room - max(0, min(room, written)))
    }

    /// Appends `bytes` with each byte replaced by what `map` writes for it (at most `expansion`
    /// bytes; `map` returns how many it wrote).
    @inline(__always)
    static func appendMapped(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], expansion: Int,
        _ map: (UInt8, UnsafeMutablePointer<UInt8>) -> Int
    ) {
        append(to: &out, count: bytes.count, expansion: expansion) { output in
            var position = output
            for byte in bytes { position += map(byte, position) }
            return output.distance(to: position)
        }
    }
}
