/// A failure the command line reports as one line, `assoc: <message>`, with exit code 1.
struct CLIError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }

    /// `cannot open "x.db": no such file`
    static func cannotOpen(_ path: String, _ reason: String) -> CLIError {
        CLIError(message: "cannot open \(TextSanitizer.quoted(path)): \(reason)")
    }
}
