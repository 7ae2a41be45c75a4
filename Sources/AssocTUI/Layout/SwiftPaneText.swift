import AssocText
/// The Swift tab's text: the current view's code as styled lines, one per line of code (long
/// lines are cut when drawn, not wrapped, so the code stays pasteable).
enum SwiftPaneText {
    /// The code of the current view as styled lines; empty until generated.
    static func lines(_ state: AppState, width: Int) -> [[StyledText]] {
        guard let rows = state.rows, let code = state.side.swiftCode, code.view == rows.view,
            code.requestOnly == state.side.swiftRequestOnly
        else { return [] }
        if code.isError { return [[StyledText("-- " + Sanitizer.sanitize(code.text), .error)]] }
        return code.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            SwiftHighlighter.spans(Sanitizer.sanitize(String(line)))
        }
    }

    /// The width in cells of the code's widest line (how far it scrolls sideways).
    static func widestLine(_ state: AppState) -> Int {
        lines(state, width: 0).map { $0.reduce(0) { $0 + TextWidth.width(of: $1.text) } }.max() ?? 0
    }

    /// The code as it was generated (for `y`), nil until it is.
    static func plainText(_ state: AppState) -> String? {
        guard let rows = state.rows, let code = state.side.swiftCode, code.view == rows.view,
            code.requestOnly == state.side.swiftRequestOnly, !code.isError
        else { return nil }
        return code.text
    }
}
