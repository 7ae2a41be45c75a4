import AssocCore
import AssocTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the rows of `assoc fetch` as they are read (`RowDocument`: json, ndjson, csv), through
/// one buffered writer. A reader that goes away (`| head`) ends the command quietly.
struct RowStreamWriter {
    var document: RowDocument
    /// CSV carries text as it is; on a terminal, control characters are shown as escapes instead.
    var isTerminal = isatty(STDOUT_FILENO) == 1

    /// Writes every row of `request`; returns false when the reader closed the output.
    func write(_ request: Request, from database: Database) throws -> Bool {
        signal(SIGPIPE, SIG_IGN)
        var output = BufferedOutput()
        var count = 0
        do {
            try database.forEachRow(request) { row in
                let piece = try document.piece(for: row, index: count)
                try output.write(document == .csv ? safe(piece) : piece)
                count += 1
            }
            try output.write(document.end(count: count))
            try output.flush()
            return true
        } catch is BufferedOutput.Closed {
            return false
        }
    }

    /// CSV text for a terminal: control characters other than line ends and tabs escaped.
    private func safe(_ text: String) -> String {
        guard isTerminal else { return text }
        return text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { TextSanitizer.oneLine(String($0)) }.joined(separator: "\r\n")
    }
}

/// Standard output in 64 KB writes.
struct BufferedOutput {
    struct Closed: Error {}
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { writeToStandardOutput($0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw Closed() }
                throw CLIError(message: "cannot write the output: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `write(2)` on standard output (a free function: `BufferedOutput` has a `write` of its own).
private func writeToStandardOutput(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(STDOUT_FILENO, bytes, count)
}
