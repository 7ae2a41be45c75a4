import AssocText

/// The help screen's lines, built from the binding table: every key, by group.
enum HelpContent {
    static let lines: [[StyledText]] = {
        var lines: [[StyledText]] = []
        for group in ActionGroup.allCases {
            let bindings = Keymap.bindings.filter { $0.group == group }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append([]) }
            lines.append([StyledText(group.rawValue, .header)])
            for binding in bindings {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                var line = [StyledText(TextWidth.pad(keys, toWidth: 14), .hintKey), StyledText(binding.help)]
                lines.append(line)
            }
        }
        lines.append([])
        lines.append([StyledText("Mouse, lists and prompts", .header)])
        for (keys, help) in extras {
            lines.append([StyledText(TextWidth.pad(keys, toWidth: 14), .hintKey), StyledText(help)])
        }
        return lines
    }()

    /// Keys that belong to one screen rather than to the binding table.
    static let extras: [(String, String)] = [
        ("mouse", "click: a pane, a row, a table, a link, a side-pane tab; wheel: scroll the pane under it"),
        ("record view", "← → previous / next record, ↑ ↓ PgUp PgDn scroll, L labels, Esc or v closes"),
        (
            "tables pane",
            "/ narrows the list as you type (the name, then prefix, word, part, letters in order), ↑ ↓ move, Enter opens, Esc clears; ◇ marks a view"
        ),
        ("jump list", "type to narrow, ↑ ↓ move, Enter: linked to the row, Ctrl-A: to every row, Esc closes"),
        ("frequencies", "↑ ↓ PgUp PgDn g G move, Enter filters the view by the value, y copies (TSV), Esc or F closes"),
        ("summary", "↑ ↓ move, Enter: frequencies of the column, s sorts, y copies (TSV), Esc closes (? = ran out of time)"),
        (
            "cardinality",
            "counted in the background, no time limit; ↑ ↓ move, Enter opens the rows of a bucket as a view, Esc or q closes (and stops the count)"
        ),
        ("links pane", "⚠ 525 orphans: rows of a belongsTo whose key matches no parent (counted in the background; ⚠ ? still counting past 2 s)"),
        (
            "schema map",
            "↑ ↓ move, Enter centres on a table (the root: opens it), C a link's cardinalities, O a belongsTo's orphans, ? lines are links the values suggest: + adds one for the session"
        ),
        ("child pane", "Tab from the grid focuses it, ↑ ↓ scroll, Enter follows its link"),
        ("prompts", "← → Home End edit, Ctrl-U clears, ↑ ↓ earlier texts (earlier runs too), Ctrl-R searches them, Enter applies, Esc cancels"),
        ("Tab in : / f", "completes the name at the cursor; again (S-Tab back) cycles the list above")
    ]
}
