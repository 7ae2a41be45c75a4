import AssocCore
import AssocText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the rows of `assoc fetch` as they are read from a cursor (`RowDocumentWriter`: json,
/// ndjson, csv, tsv, markdown, sql, as bytes), through one buffered writer. A reader that goes away (`| head`) ends
/// the command quietly.
struct RowStreamWriter {
    var document: RowDocument
    /// CSV carries text as it is; on a terminal, control characters are shown as escapes instead.
    var isTerminal = isatty(STDOUT_FILENO) == 1

    /// Writes every row of `request`; returns false when the reader closed the output.
    func write(_ request: Request, from database: Database) throws -> Bool {
        try BufferedOutput.writing { output in
            let cursor = try database.cursor(request)
            var writer = RowDocumentWriter(document: document)
            // JSON escapes control characters itself; the text formats carry them as they are.
            let sanitizes = document != .json && document != .ndjson && isTerminal
            if !sanitizes, let names = cursor.flatColumnNames {
                // Flat rows are written in place from the statement, a batch per hold of the lock.
                try cursor.forEachRawRow { columns in
                    try writer.appendRaw(columns, names: names, to: &output.buffer, flush: BufferedOutput.writeOut)
                }
                writer.appendEnd(to: &output.buffer)
                return
            }
            // Rows as a cursor streams them: a parent's prefetched rows are written as they are
            // read, the buffer going out whenever it fills, also in the middle of a row.
            while let row = try cursor.nextStreamed() {
                if sanitizes {
                    let whole = try row.wholeRow()
                    try output.write(safe(try document.piece(for: whole, index: writer.count)))
                    writer.skip()
                } else {
                    try writer.append(row, to: &output.buffer, flush: BufferedOutput.writeOut)
                    try output.flushIfFull()
                }
            }
            writer.appendEnd(to: &output.buffer)
        }
    }

    /// Text for a terminal: control characters other than the format's line ends (and TSV's
    /// separating tabs) escaped.
    private func safe(_ text: String) -> String {
        let lineEnd: Character = document == .csv ? "\r\n" : "\n"
        return text.split(separator: lineEnd, omittingEmptySubsequences: false)
            .map { line in
                guard document == .tsv else { return TextSanitizer.oneLine(String(line)) }
                return line.split(separator: "\t", omittingEmptySubsequences: false)
                    .map { TextSanitizer.oneLine(String($0)) }.joined(separator: "\t")
            }
            .joined(separator: String(lineEnd))
    }
}

/// Standard output in 64 KB writes.
struct BufferedOutput {
    struct Closed: Error {}
    /// Bytes not written yet; writers append to it, then call `flushIfFull()`.
    var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init() {
        buffer.reserveCapacity(Self.capacity + 4096)
    }

    /// Runs `body` with a buffered output and flushes it; returns false when the reader closed
    /// the output (`| head`), which ends the command quietly (SIGPIPE is ignored for it).
    static func writing(_ body: (inout BufferedOutput) throws -> Void) throws -> Bool {
        signal(SIGPIPE, SIG_IGN)
        var output = BufferedOutput()
        do {
            try body(&output)
            try output.flush()
            return true
        } catch is Closed {
            return false
        }
    }

    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try flushIfFull()
    }

    mutating func flushIfFull() throws {
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func flush() throws {
        try Self.writeOut(&buffer)
    }

    /// Writes `bytes` to standard output and empties it.
    static func writeOut(_ bytes: inout [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { writeToStandardOutput($0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw Closed() }
                throw CLIError(message: "cannot write the output: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

/// `write(2)` on standard output (a free function: `BufferedOutput` has a `write` of its own).
private func writeToStandardOutput(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}
