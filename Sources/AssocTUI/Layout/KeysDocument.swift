/// docs/KEYS.md, generated from the binding table as the help screen is: a test compares the
/// file with this text, so the page never drifts from the keys (`ASSOC_UPDATE_DOCS=1` rewrites it).
package enum KeysDocument {
    package static var markdown: String {
        var text = """
            # Keys of the browser

            Generated from the browser's binding table (`Sources/AssocTUI/Keymap/Keymap.swift`), as the
            help screen (`?`) is; `DocumentationTests` fails when this file differs from it. Regenerate it with
            `ASSOC_UPDATE_DOCS=1 swift test --filter DocumentationTests`. The browser's guide is
            [BROWSER.md](BROWSER.md).

            """
        for group in ActionGroup.allCases {
            let bindings = Keymap.bindings.filter { $0.group == group }
            guard !bindings.isEmpty else { continue }
            text += "\n## \(group.rawValue)\n\n| Keys | Action |\n|---|---|\n"
            for binding in bindings {
                text += "| " + binding.keys.map { cell("`" + $0.label + "`") }.joined(separator: " ") + " | " + cell(binding.help) + " |\n"
            }
        }
        text += "\n## Mouse, lists and prompts\n\n| Where | Keys |\n|---|---|\n"
        for (place, help) in HelpContent.extras {
            text += "| " + cell(place) + " | " + cell(help) + " |\n"
        }
        return text
    }

    /// Text for a table cell: a `|` would end the cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
