/// A failure the command line reports as one line, `assoc: <message>`, with exit code 1.
package struct CLIError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    /// An error shown as `assoc: message`.
    package init(message: String) {
        self.message = message
    }

    /// An error whose message is kept on one line: line breaks and control characters in it
    /// (a `TERM` value, a path) shown as escapes.
    package init(oneLine message: String) {
        self.message = TextSanitizer.oneLine(message)
    }

    /// `cannot open "x.db": no such file`
    static func cannotOpen(_ path: String, _ reason: String) -> CLIError {
        CLIError(message: "cannot open \(TextSanitizer.quoted(path)): \(reason)")
    }
}
