/// The side pane's Swift tab: the current view as Swift code (`SwiftCodeGenerator`), scrollable
/// with the SQL pane's scroll offset. Long lines are cut, not wrapped, so the code stays pasteable.
enum SwiftPaneRenderer {
    static func render(_ state: AppState, in rect: Rect, buffer: inout ScreenBuffer) {
        let content = PaneChrome.drawTitle(
            SideTabBar.title(state), trailing: "[ ] tabs", in: rect, focused: state.focus == .sql, buffer: &buffer)
        guard !content.isEmpty else { return }
        let lines = self.lines(state, width: content.width)
        guard !lines.isEmpty else {
            PaneChrome.drawNote(
                state.rows == nil ? "(the Swift code of the open view shows here)" : "(generating…)", in: content, buffer: &buffer)
            return
        }
        for line in 0..<content.height {
            let index = state.sqlScroll + line
            guard index < lines.count else { break }
            buffer.put(lines[index], at: Point(x: content.x, y: content.y + line), maxWidth: content.width)
        }
    }

    /// The code of the current view as styled lines; empty until generated.
    static func lines(_ state: AppState, width: Int) -> [[StyledText]] {
        guard let rows = state.rows, let code = state.swiftCode, code.view == rows.view else { return [] }
        if code.isError { return [[StyledText("-- " + Sanitizer.sanitize(code.text), .error)]] }
        return code.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            SwiftHighlighter.spans(Sanitizer.sanitize(String(line)))
        }
    }
}

/// The side pane's title with its tabs: `SQL | Swift`, the current one in brackets.
enum SideTabBar {
    static func title(_ state: AppState) -> String {
        SideTab.allCases.map { $0 == state.sideTab ? "[\($0.title)]" : $0.title }.joined(separator: " ")
    }

    /// The tab drawn at column `x` of the side pane's title line (`rect` is the pane), if any.
    static func tab(atColumn x: Int, in rect: Rect, state: AppState) -> SideTab? {
        // The title starts at rect.x + 2 (a rule cell, then a space).
        var start = rect.x + 2
        for tab in SideTab.allCases {
            let label = tab == state.sideTab ? "[\(tab.title)]" : tab.title
            let end = start + label.count
            if x >= start && x < end { return tab }
            start = end + 1
        }
        return nil
    }
}

/// Swift keywords and string literals, for the Swift tab.
enum SwiftHighlighter {
    static let keywords: Set<String> = [
        "import", "struct", "let", "var", "try", "static", "enum", "case", "func", "return", "nil", "true", "false",
    ]

    static func spans(_ line: String) -> [StyledText] {
        if line.hasPrefix("//") || line.trimmingLeadingSpaces.hasPrefix("//") { return [StyledText(line, .dim)] }
        var spans: [StyledText] = []
        var word = ""
        var inString = false
        var literal = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            spans.append(StyledText(word, keywords.contains(word) ? .sqlKeyword : .normal))
            word = ""
        }
        for character in line {
            if inString {
                literal.append(character)
                if character == "\"" && !literal.hasSuffix("\\\"") {
                    spans.append(StyledText(literal, .sqlString))
                    literal = ""
                    inString = false
                }
            } else if character == "\"" {
                flushWord()
                inString = true
                literal = "\""
            } else if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flushWord()
                spans.append(StyledText(String(character)))
            }
        }
        flushWord()
        if !literal.isEmpty { spans.append(StyledText(literal, .sqlString)) }
        return spans
    }
}

private extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
