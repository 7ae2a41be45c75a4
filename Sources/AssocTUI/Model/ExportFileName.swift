import AssocText

/// The default file name of an export (`e`), made from a table name that comes from the database:
/// a plain file name in the current directory, whatever the name holds. Path separators, control
/// characters, bidi controls and other scalars the terminal must not receive become `_`; leading
/// dots, dashes and spaces are dropped (no hidden file, no option-like name, no `..`); the name is
/// cut to fit a file-system name with its extension. A path the user types is used as typed.
enum ExportFileName {
    /// Bytes kept from the table name (file systems allow 255 for a whole name).
    static let maximumBaseBytes = 200

    static func defaultName(for table: String, extension fileExtension: String = "json") -> String {
        var base = ""
        for scalar in table.unicodeScalars {
            switch scalar {
            case "/", "\\", "\0": base += "_"
            case _ where Sanitizer.isUnsafe(scalar): base += "_"
            default: base.unicodeScalars.append(scalar)
            }
        }
        while let first = base.unicodeScalars.first, first == "." || first == "-" || first == " " {
            base.unicodeScalars.removeFirst()
        }
        while base.utf8.count > maximumBaseBytes { base.removeLast() }
        while base.last == " " { base.removeLast() }
        if base.isEmpty { base = "export" }
        return base + "." + fileExtension
    }
}
