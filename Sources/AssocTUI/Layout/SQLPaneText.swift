import AssocCore
import AssocText

/// The SQL pane's text, laid out: the statements behind the Rows pane, keywords highlighted,
/// wrapped on word boundaries to the pane's width, their bound arguments, the paging note. The
/// renderer draws it; the reducer counts its lines to bound the pane's scroll.
enum SQLPaneText {
    /// The note above the statement of a find on a view with no key to page on: it numbers the
    /// view's rows past the cursor in order (`Pager.firstRow(where:after:backward:)`).
    static let findNote =
        "-- find: the view's rows past the cursor, counted in order up to the first match (SQLite reads every row in between):"

    /// What the SQL pane shows: the frequency view's statement while it is open, else the view's.
    static func lines(for state: AppState, width: Int) -> [[StyledText]] {
        if let frequency = state.frequency {
            var lines = wrap([StyledText("-- frequencies of \(frequency.query.columnLabel) in the view:", .dim)], width: width)
            if let statement = frequency.page?.statement { lines += self.lines(for: statement, width: width) }
            lines += wrap([StyledText("-- OFFSET paging over the grouped values, \(FrequencyState.window) at a time", .dim)], width: width)
            if frequency.page?.rows.contains(where: { !$0.cutLengths.isEmpty }) ?? false {
                lines += wrap([StyledText("-- shown uncut: values ran cut to \(ReadLimits.cellPreview) characters", .dim)], width: width)
            }
            return lines
        }
        if let summary = state.summary { return summaryLines(summary, width: width) }
        return state.rows.map { lines(for: $0, asRan: state.side.sqlAsRan, width: width) } ?? []
    }

    /// The statements as plain text, whole (no `IN (?, …)` shortening), each followed by its
    /// arguments: what `y` copies.
    static func plainText(for state: AppState) -> String? {
        let statements: [GeneratedStatement]
        if let frequency = state.frequency {
            statements = frequency.page.map { [$0.statement] } ?? []
        } else if let summary = state.summary {
            statements = summary.selectedIndex.flatMap { summary.summaries[$0]?.statements } ?? []
        } else if let rows = state.rows {
            statements = (state.side.sqlAsRan ? rows.ranStatements : rows.statements) + (rows.countStatement.map { [$0] } ?? [])
        } else {
            return nil
        }
        return statements.map { statement in
            statement.sql + (statement.arguments.isEmpty ? "" : "\n-- arguments: " + statement.arguments.map(\.sqlLiteral).joined(separator: ", "))
        }.joined(separator: "\n")
    }

    /// Every statement behind the view: the page's (as planned, or `asRan`: exactly as they ran
    /// for the page on screen), then the count's, with the paging method.
    static func lines(for rows: RowsState, asRan: Bool = false, width: Int) -> [[StyledText]] {
        var lines: [[StyledText]] = []
        if asRan {
            lines += wrap([StyledText("-- as they ran for the page on screen, values cut in SQL:", .dim)], width: width)
            for statement in rows.ranStatements { lines += self.lines(for: statement, width: width) }
        } else {
            for statement in rows.statements { lines += self.lines(for: statement, width: width) }
        }
        if let count = rows.countStatement {
            lines += wrap([StyledText("-- row count:", .dim)], width: width)
            lines += self.lines(for: count, width: width)
        }
        if let reading = rows.reading { lines += wrap([StyledText("-- " + reading.description, .dim)], width: width) }
        if let find = rows.findStatement {
            lines += wrap([StyledText(findNote, .dim)], width: width)
            lines += self.lines(for: find, width: width)
        }
        if !asRan && !rows.ranStatements.isEmpty {
            // The statements ran with each value cut in SQL (`CASE typeof(…) … substr(…)`) around
            // every column: shown as planned, readable, and said so after the paging note (which
            // never moves down for it).
            lines += wrap([StyledText("-- shown uncut: values ran cut to \(ReadLimits.cellPreview) characters", .dim)], width: width)
        }
        return lines
    }

    /// The statement wrapped to `width`, then an arguments line when there are arguments.
    /// Long lists of placeholders (a prefetch's `IN (?, ?, …)`) and of arguments are shortened.
    static func lines(for statement: GeneratedStatement, width: Int) -> [[StyledText]] {
        var lines = wrap(SQLHighlighter.spans(Sanitizer.sanitize(compacted(statement.sql))), width: width)
        if !statement.arguments.isEmpty {
            var shown = statement.arguments.prefix(maximumArguments).map { Sanitizer.sanitize($0.sqlLiteral) }
            if statement.arguments.count > maximumArguments { shown.append("… (\(statement.arguments.count) in all)") }
            lines += wrap([StyledText("-- arguments: ", .dim), StyledText(shown.joined(separator: ", "), .sqlString)], width: width)
        }
        return lines
    }

    static let maximumArguments = 8

    /// `IN (?, ?, …)` with more than `maximumArguments` placeholders becomes `IN (?, ?, ?, … 200 values)`,
    /// and `VALUES (?), (?), …` with more rows `VALUES (?), (?), (?), … 200 values`.
    static func compacted(_ sql: String) -> String {
        var result = ""
        var rest = Substring(sql)
        while let open = rest.firstRange(of: "(?, ?") {
            result += rest[..<open.lowerBound]
            var cursor = open.lowerBound
            var count = 0
            var index = rest.index(after: cursor)  // after "("
            // Count "?, " repetitions up to the closing "?)".
            while index < rest.endIndex, rest[index] == "?" {
                count += 1
                let following = rest.index(after: index)
                if following < rest.endIndex, rest[following] == ")" {
                    cursor = following
                    break
                }
                guard rest[following..<rest.endIndex].hasPrefix(", ") else {
                    cursor = index
                    count = 0
                    break
                }
                index = rest.index(following, offsetBy: 2)
            }
            if count > maximumArguments, cursor < rest.endIndex, rest[cursor] == ")" {
                result += "(?, ?, ?, … \(count) values)"
                rest = rest[rest.index(after: cursor)...]
            } else {
                result += "("
                rest = rest[rest.index(after: open.lowerBound)...]
            }
        }
        return (result + rest).replacing(/\(\?\)(?:, \(\?\)){8,}/) { match in
            "(?), (?), (?), … \(match.output.filter { $0 == "?" }.count) values"
        }
    }

    /// Splits spans into lines of at most `width` cells, breaking before a token that would not fit.
    static func wrap(_ spans: [StyledText], width: Int) -> [[StyledText]] {
        guard width > 0 else { return [] }
        var lines: [[StyledText]] = [[]]
        var used = 0
        for span in spans {
            var text = span.text
            while !text.isEmpty {
                let w = TextWidth.width(of: text)
                if used + w <= width {
                    lines[lines.count - 1].append(StyledText(text, span.role))
                    used += w
                    break
                }
                if used > 0 && w <= width {
                    lines.append([])
                    used = 0
                    if text == " " { break }
                    continue
                }
                // Longer than a line: hard break.
                var head = ""
                var headWidth = 0
                for character in text {
                    let cw = TextWidth.width(of: character)
                    if used + headWidth + cw > width { break }
                    head.append(character)
                    headWidth += cw
                }
                if head.isEmpty {
                    if used == 0 { break }  // cannot fit even one character
                    lines.append([])
                    used = 0
                    continue
                }
                lines[lines.count - 1].append(StyledText(head, span.role))
                text.removeFirst(head.count)
                lines.append([])
                used = 0
            }
        }
        return lines.filter { !$0.isEmpty }
    }
}

extension SQLPaneText {
    /// The summary's statements for the selected column (each within the time budget).
    static func summaryLines(_ summary: SummaryState, width: Int) -> [[StyledText]] {
        guard let index = summary.selectedIndex, let name = summary.source?.columns[index] else {
            return wrap([StyledText("-- summary: reading the view's columns", .dim)], width: width)
        }
        var lines = wrap([StyledText("-- summary of \(name), over the view's statement:", .dim)], width: width)
        guard let column = summary.summaries[index] else {
            return lines + wrap([StyledText("-- computing…", .dim)], width: width)
        }
        for statement in column.statements { lines += self.lines(for: statement, width: width) }
        let seconds = ReadLimits.countBudgetMilliseconds / 1000
        let note = column.ranOutOfTime ? "-- ran out of time (\(seconds) s a statement): ? shown" : "-- each statement within \(seconds) s"
        return lines + wrap([StyledText(note, .dim)], width: width)
    }
}
