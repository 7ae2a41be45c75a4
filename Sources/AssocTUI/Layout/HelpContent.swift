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
                if !binding.isAvailable { line.append(StyledText(" (not yet)", .dim)) }
                lines.append(line)
            }
        }
        return lines
    }()
}
