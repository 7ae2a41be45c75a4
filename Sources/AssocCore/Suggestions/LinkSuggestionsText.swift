extension LinkSuggestions {
    /// The suggestions as an associations file (`--associations`): one `belongsTo` declaration a
    /// suggestion, its evidence in a comment above it. Suggestions that are not certain (some
    /// values not found, or nothing but the values says it is a link) are written commented out:
    /// uncommenting a line accepts it. Ends with what the budget left unchecked and what was skipped.
    package func declarationsText(of title: String) -> String {
        var lines: [String] = []
        let seconds = { (milliseconds: Int) in "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s" }
        lines.append("# Links suggested by the values of \(Self.oneLine(title)) (assoc suggest): belongsTo associations")
        lines.append("# the schema does not declare and its names do not infer. Lines commented out are not certain:")
        lines.append("# uncomment one to accept it. Use: assoc DB --associations THIS_FILE")
        lines.append(
            "# Budget \(seconds(budgetMilliseconds)), took \(seconds(elapsedMilliseconds)): \(candidatesChecked) candidate column(s) checked, \(pairsChecked) column/key pair(s) compared"
                + (isIncomplete ? "; INCOMPLETE: \(unchecked.count) column(s) left unchecked past the budget (listed at the end)." : "."))
        if suggestions.isEmpty { lines.append("# No link found.") }
        for suggestion in suggestions {
            lines.append("")
            lines += suggestion.evidenceLines.map { "# " + $0 }
            lines.append((suggestion.isConfident ? "" : "# ") + suggestion.declaration)
        }
        if !unchecked.isEmpty {
            lines.append("")
            lines.append("# Unchecked past the budget (run again with a larger --budget):")
            lines += unchecked.map { "#   \($0.column) (\($0.destinations) key(s) to compare with)" }
        }
        if !skipped.isEmpty {
            lines.append("")
            lines.append("# Skipped columns:")
            lines += skipped.prefix(200).map { "#   \($0.column): \(Self.oneLine($0.reason))" }
            if skipped.count > 200 { lines.append("#   … and \(skipped.count - 200) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` on one line (a line break would end the comment).
    static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}

extension LinkSuggestion {
    /// `visits.belongsTo(places, key: "place", using: [place_id], to: [id])`.
    package var declaration: String {
        let name = Self.name
        return
            "\(name(origin)).belongsTo(\(name(destination)), key: \(RequestPrinter.quoted(key, "\"")), using: [\(name(column))], to: [\(name(destinationColumn))])"
    }

    /// The evidence, one comment line each (without `# `).
    package var evidenceLines: [String] {
        var lines: [String] = []
        // Rounded down to a tenth: 99.96% never reads as 100%.
        let tenths = distinctValues == 0 ? 0 : (distinctValues - missingValues) * 1000 / distinctValues
        let percent = "\(tenths / 10).\(tenths % 10)%"
        if isExact {
            lines.append(
                "\(Self.path(origin, column)) → \(Self.path(destination, destinationColumn)): all \(distinctValues) distinct value(s) found (100%)")
        } else {
            lines.append(
                "NEARLY ALL: \(Self.path(origin, column)) → \(Self.path(destination, destinationColumn)): \(percent) of \(distinctValues) distinct value(s) found, \(missingValues) match no row"
            )
        }
        var signs: [String] = [
            nameAgrees ? "the name agrees" : (nameIsReference ? "the name reads as a reference, not to this table" : "the name says nothing")
        ]
        signs.append(isIndexed ? "indexed" : "not indexed")
        lines.append(signs.joined(separator: "; "))
        if !alternatives.isEmpty {
            let shown = alternatives.prefix(8).joined(separator: ", ") + (alternatives.count > 8 ? ", … (\(alternatives.count) in all)" : "")
            lines.append("the values are also \(isExact ? "all" : "nearly all") found in: \(shown)")
        }
        if isAmbiguous, let next = alternatives.first {
            lines.append("AMBIGUOUS: the values fit \(next) about as well and the name does not decide: pick one")
        } else if isExact && !isConfident {
            lines.append("NOT CERTAIN: the name does not name this table (a link is certain only when it does): check before accepting")
        }
        return lines
    }

    /// A name as the associations file reads it: bare when it is a plain identifier, else quoted
    /// (`U&"…"` when it holds a character that cannot be seen, so that the line reads and runs).
    static func name(_ name: String) -> String {
        let isPlain =
            name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } ?? false
            && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
            && !RequestLexer.keywords.contains(name.uppercased()) && name != "self"
        return isPlain ? name : RequestPrinter.quoted(name, "\"")
    }

    /// `table.column`, each name as the associations file reads it.
    static func path(_ table: String, _ column: String) -> String { name(table) + "." + name(column) }
}
