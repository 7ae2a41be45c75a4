/// The 1-based column (in Characters) of the UTF-8 offsets of one line of text, worked out in one
/// pass: locating every token of a long line (a `using:` list of a thousand columns) costs one
/// reading of the line, not one per token. The columns are those `RequestSyntaxError` gives.
struct LineColumns {
    private let line: String
    /// The UTF-8 offset at which each Character starts, ascending.
    private let starts: [Int]
    /// The column of the Character at the same index of `starts`.
    private let columns: [Int]
    /// The column just after the last Character.
    private let endColumn: Int
    private let byteCount: Int
    /// ASCII without line breaks: `starts` and `columns` are left empty.
    private let isASCII: Bool

    /// The columns of `line`; `isPlainASCII` when the caller knows it is ASCII without LF, VT,
    /// FF or CR (the usual line: each byte a Character, its column its offset + 1).
    init(_ line: String, isPlainASCII: Bool = false) {
        self.line = line
        if isPlainASCII || line.utf8.allSatisfy({ $0 < 0x80 && !(0x0A...0x0D).contains($0) }) {
            self.starts = []
            self.columns = []
            self.byteCount = line.utf8.count
            self.endColumn = byteCount + 1
            self.isASCII = true
            return
        }
        self.isASCII = false
        var starts: [Int] = []
        var columns: [Int] = []
        var offset = 0
        var column = 1
        for character in line {
            starts.append(offset)
            columns.append(column)
            offset += character.utf8.count
            // A newline inside the line (a lone CR, U+2028…) starts a new line, as in RequestSyntaxError.
            column = character.isNewline ? 1 : column + 1
        }
        self.starts = starts
        self.columns = columns
        self.endColumn = column
        self.byteCount = offset
    }

    /// The column of the Character that starts at UTF-8 `offset` (the column after the line at
    /// its end or beyond).
    func column(atOffset offset: Int) -> Int {
        if offset >= byteCount { return endColumn }
        if isASCII { return Swift.max(0, offset) + 1 }
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        if low < starts.count, starts[low] == offset { return columns[low] }
        // Inside a Character (a token that starts on a combining mark): the general rule.
        return RequestSyntaxError(message: "", position: offset, in: line).column
    }
}
