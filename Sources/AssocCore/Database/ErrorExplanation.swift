/// Turns SQLite's message for a failed statement into one that says what happened in terms of
/// the request: limits (`SQLiteLimitMessage`) and names that cannot be written in SQL.
enum ErrorExplanation {
    static func explain(_ message: String, handle: OpaquePointer, sql: String? = nil) -> String {
        if let limit = SQLiteLimitMessage.explain(message, handle: handle, sql: sql) { return limit }
        if message.contains("\u{FFFD}"), message.hasPrefix("no such table: ") || message.hasPrefix("no such column: ") {
            return message + " (a name stored with bytes that are not valid UTF-8 is shown with \u{FFFD} in their place, "
                + "and no SQL text can name it: rename it with a tool that can write the database to read it here)"
        }
        return message
    }
}
