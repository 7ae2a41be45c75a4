import AssocCore
import AssocText

/// A value as one cell of the browser: `ValueFormatter`'s text with its role (NULL `.null`,
/// dimmed and italic; numbers `.number`, right-aligned by the grid; blobs `.dim`).
extension ValueFormatter {
    /// Bytes of a blob shown in hex in a cell.
    static let blobHeadBytes = 4
    /// Scalars of a text value kept in a one-line cell (cells are far narrower): sanitizing and
    /// measuring a whole 10 MB value on every frame froze the browser for seconds.
    static let cellTextCharacters = 1_000

    /// `fullLength`: the value's full length when the page read it cut (a blob then shows its
    /// real size; a text's first characters are all a cell shows anyway).
    static func cell(_ value: DatabaseValue, fullLength: Int? = nil) -> StyledText {
        if case .blob(let bytes) = value, let fullLength {
            return StyledText(cutBlob(bytes, fullLength: fullLength, head: blobHeadBytes), .dim)
        }
        switch value {
        case .null: return StyledText(nullSign, .null)
        case .integer(let v): return StyledText(String(v), .number)
        case .real(let v): return StyledText(real(v), .number)
        case .text(let s):
            // Cut by scalars, never by clusters: one cluster can hold millions of scalars.
            return StyledText(Sanitizer.sanitize(shownText(s), maximumScalars: cellTextCharacters), .normal)
        case .blob(let bytes): return StyledText(blob(bytes, head: blobHeadBytes), .dim)
        }
    }
}
