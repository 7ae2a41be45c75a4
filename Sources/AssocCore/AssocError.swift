/// Every error AssocCore throws. Each case carries what is at fault (the table, column,
/// association, alias or key, the position in a request's text, SQLite's result code), and the
/// "did you mean" suggestions as data, so callers can `switch` on it; `message` renders it as the
/// one line the command line and the browser show.
///
/// ```swift
/// do {
///     let rows = try db.fetchAll(db.request(parsing: "Album.including(required: artst)"))
/// } catch AssocError.unknownAssociation(let table, let name, let suggestions, _) {
///     // table "Album", name "artst", suggestions ["artist"]
/// }
/// ```
public enum AssocError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No table or view of the schema has this name.
    case unknownTable(String, suggestions: [String])
    /// `table` has no column named `column`.
    case unknownColumn(table: String, column: String, suggestions: [String])
    /// `table` has no association named `name`; `available` lists the associations it has.
    case unknownAssociation(table: String, name: String, suggestions: [String], available: [String])
    /// No table of the request carries the alias `alias`; `known` lists the aliases it has.
    case unknownAlias(String, suggestions: [String], known: [String])
    /// One alias names two tables of the request (`tables` holds the second one when it is known),
    /// or one table gets two aliases under one association key.
    case ambiguousAlias(String, table: String, reason: String)
    /// One association key is used at one level for two different associations.
    case ambiguousKey(String, tables: [String])
    /// Two members of one output object share a key (`isAssociation`: one of them is an association).
    case keyCollision(String, isAssociation: Bool)
    /// An association can not be joined as it is declared or inferred (`reason` says why).
    case invalidAssociation(String, table: String?, reason: String)
    /// The request asks for something that has no SQL form (`reason` says what and the fix).
    case invalidRequest(table: String?, reason: String)
    /// The request on `table` selects no column.
    case emptySelection(table: String)
    /// The request text does not parse; the payload holds the position and a caret rendering.
    case syntax(RequestSyntaxError)
    /// SQLite refused a statement or a file; the payload holds its result code.
    case sqlite(DatabaseError)
    /// A row could not be decoded into a record; the payload names the column, scope or key.
    case decoding(RowDecodingError)
    /// A line of an associations file (`--associations`, `AssociationDeclaration.parse`) is not a
    /// valid declaration: `file`, 1-based `line` and `column` (in Characters) locate the fault,
    /// `reason` names the table, column or association at fault, `suggestions` the close names.
    case declaration(file: String, line: Int, column: Int, reason: String, suggestions: [String])

    /// The error as one line of text, for a message line or standard error.
    public var message: String {
        switch self {
        case .unknownTable(let name, let suggestions):
            return "no such table: \(quoteForMessage(name))" + didYouMean(suggestions)
        case .unknownColumn(let table, let column, let suggestions):
            return "table \(quoteForMessage(table)) has no column named \(quoteForMessage(column))" + didYouMean(suggestions)
        case .unknownAssociation(let table, let name, let suggestions, let available):
            let text = "table \(quoteForMessage(table)) has no association named \(quoteForMessage(name))"
            if suggestions.isEmpty && !available.isEmpty {
                return text + " (its associations: \(available.sorted().joined(separator: ", ")))"
            }
            return text + didYouMean(suggestions)
        case .unknownAlias(let alias, let suggestions, let known):
            return "no table of the request is aliased \(quoteForMessage(alias))"
                + (known.isEmpty ? " (use aliased(_:) on a table first)" : didYouMean(suggestions))
        case .ambiguousAlias(_, _, let reason), .invalidAssociation(_, _, let reason), .invalidRequest(_, let reason):
            return reason
        case .ambiguousKey(let key, let tables):
            return "the association key \(quoteForMessage(key)) is used twice at the same level for different associations"
                + " (tables \(tables.map(quoteForMessage).joined(separator: " and "))): use forKey(_:) to give one of them another key"
        case .keyCollision(let key, let isAssociation):
            return isAssociation
                ? "the association key \(quoteForMessage(key)) appears twice in one object of the JSON output (two associations, or an association and a column, share it): give the association another key with forKey(\"...\")"
                : "the column \(quoteForMessage(key)) appears twice in one object of the JSON output (selected twice, or two selections named alike with forKey): select it once, or give one of them another name with forKey(\"...\")"
        case .emptySelection(let table):
            return "the request on \(quoteForMessage(table)) selects no column"
        case .syntax(let error):
            return error.description
        case .sqlite(let error):
            return error.message
        case .decoding(let error):
            return error.description
        case .declaration(let file, let line, let column, let reason, let suggestions):
            return "\(file):\(line):\(column): \(reason)" + didYouMean(suggestions)
        }
    }

    /// The message, as `message` gives it.
    public var description: String { message }

    /// The SQLite error, when SQLite refused something.
    public var databaseError: DatabaseError? {
        if case .sqlite(let error) = self { return error }
        return nil
    }

    /// The names this error suggests instead of the one at fault ("did you mean").
    public var suggestions: [String] {
        switch self {
        case .unknownTable(_, let suggestions), .unknownColumn(_, _, let suggestions),
            .unknownAssociation(_, _, let suggestions, _), .unknownAlias(_, let suggestions, _),
            .declaration(_, _, _, _, let suggestions):
            return suggestions
        default:
            return []
        }
    }

    /// The text of any error AssocCore, the browser or the command line meets: `message` for an
    /// `AssocError`, and the error's own description otherwise. The one renderer for users.
    package static func message(for error: any Error) -> String {
        switch error {
        case let error as AssocError: return error.message
        case let error as RequestSyntaxError: return error.description
        case let error as DatabaseError: return error.message
        case let error as RowDecodingError: return error.description
        default: return String(describing: error)
        }
    }
}

extension AssocError {
    static func unknownTable(_ name: String, in schema: Schema) -> AssocError {
        .unknownTable(name, suggestions: closestNames(to: name, among: schema.tables.map(\.name)))
    }

    static func unknownAssociation(_ name: String, from table: String, among names: [String]) -> AssocError {
        .unknownAssociation(table: table, name: name, suggestions: closestNames(to: name, among: names), available: names)
    }

    static func unknownColumn(_ name: String, in table: TableInfo) -> AssocError {
        .unknownColumn(table: table.name, column: name, suggestions: closestNames(to: name, among: table.columns.map(\.name)))
    }

    /// An invalid request on `table` (nil when the request has no table in question).
    package static func invalid(_ reason: String, table: String? = nil) -> AssocError {
        .invalidRequest(table: table, reason: reason)
    }
}

/// ` (did you mean "a" or "b"?)`, or nothing.
func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    return " (did you mean " + suggestions.map { quoteForMessage($0) }.joined(separator: " or ") + "?)"
}
