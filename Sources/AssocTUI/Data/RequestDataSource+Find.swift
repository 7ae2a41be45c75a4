import AssocCore
import Foundation

/// Find (`f`, `n`, `N`) and jump to a key (`#`): one query for the row, bounded by the view's
/// keyset (its order's values at the cursor), never by loading the pages in between. Where the row
/// is: a count of the rows in between, stopped at `exactCountLimit`; past it, the row takes the
/// position `RowPosition.found(0)`, the rows around it page by keyset from it, and a deferred
/// count (`locate`) settles them all.
extension RequestDataSource {
    /// The position of the next row of `view` after `position` (before it when `backward`) that
    /// `text` matches, or nil when there is none. `text` is a request-language condition on the
    /// view's table (`Name LIKE 'A%'`), or else plain text that any text column contains
    /// (ASCII letters compared without case). AssocCore's `KeysetReader` reads the first match
    /// past the anchor and counts the rows in between (the statements are its own).
    ///
    /// More than `exactCountLimit` rows in between: the match is at `RowPosition.found(0)`, with
    /// `locate` set (see `startFoundFrame`).
    package func find(
        _ text: String, in view: RequestView, after position: RowPosition, at anchor: [DatabaseValue]?, backward: Bool
    ) throws -> FindResult {
        try readSchema()
        let base = view.request
        guard let keyset = pager(for: base).keysetReader() else {
            return try findByRowNumber(text, in: view, after: position, backward: backward)
        }
        guard let cursor = anchor else {
            throw AssocError.invalidRequest(table: view.table, reason: "the row under the cursor is not loaded yet: try again")
        }
        let (condition, description) = try findCondition(text, on: base)
        let window = RequestWindow(base)
        // The first match past the cursor, range by range (`KeysetReader.rows(beyond:)`).
        let match = try keyset.rows(beyond: cursor, backward: backward, limit: 1, filter: condition)
        guard let values = match.first?.key, !values.isEmpty else {
            return FindResult(position: nil, description: description)
        }
        // The rows strictly between the cursor and the match, in the view's order.
        let (low, high) = backward ? (values, cursor) : (cursor, values)
        let skipped = try keyset.count(between: low, and: high, atMost: countLimit(within: window))
        // Few rows in between: the match is placed in the cursor's frame (real, relative to a jump,
        // or counted back from a provisional end).
        guard let skipped else {
            // More rows in between than the request's own limit holds: the match is outside it.
            if window.length != nil { return FindResult(position: nil, description: description) }
            return startFoundFrame(at: values, description: description)
        }
        let found = position.advanced(by: backward ? -1 - skipped : 1 + skipped)
        if window.isFramed, let index = found.index, index < 0 || window.clamp(1, at: index) == 0 {
            return FindResult(position: nil, description: description)
        }
        if let index = found.index, index < 0 { return startFoundFrame(at: values, description: description) }
        return FindResult(position: found, description: description, values: values)
    }

    /// The position of the first row of `view`, in its order, whose key is at least `text` (an
    /// integer, a real or text as the key's values are); nil when every key is smaller.
    /// AssocCore's `KeysetReader` reads the row and counts the rows before it.
    ///
    /// More than `exactCountLimit` rows before it: the row is at `RowPosition.found(0)`, with
    /// `locate` set (see `startFoundFrame`).
    package func jump(toKey text: String, in view: RequestView) throws -> FindResult {
        try readSchema()
        let base = view.request
        let keyset = try requireKeyset(for: view, request: base, what: "jump to a key")
        let value = Self.keyValue(text)
        let description = "the first key at least \(text)"
        let window = RequestWindow(base)
        guard let values = try keyset.first(keyAtLeast: value)?.key, !values.isEmpty else {
            return FindResult(position: nil, description: description)
        }
        var before = try keyset.count(before: values, atMost: countLimit(within: window))
        if window.isFramed && (before != nil || window.length != nil || window.start > exactCountLimit) {
            // The row must be in the request's own offset and limit.
            guard let counted = before, counted >= window.start, window.clamp(1, at: counted - window.start) == 1 else {
                throw AssocError.invalidRequest(
                    table: view.table, reason: "the first key at least \(text) is outside the rows of this request's limit")
            }
            before = counted - window.start
        }
        guard let before else { return startFoundFrame(at: values, description: description) }
        return FindResult(position: .first(before), description: description, values: values)
    }

    /// The most rows a find or jump counts: `exactCountLimit`, or, when `window` frames the view
    /// with a limit, its offset and limit (its rows are counted exactly up to there, a cost its
    /// own limit bounds).
    private func countLimit(within window: RequestWindow) -> Int {
        if let length = window.length { return window.start + length }
        return exactCountLimit
    }

    /// The row whose order has `values` takes the position `RowPosition.found(0)`; the positions
    /// from an earlier such row are forgotten (a new frame).
    private func startFoundFrame(at values: [DatabaseValue], description: String) -> FindResult {
        FindResult(position: .found(0), description: description, locate: values)
    }

    /// The view's keyset reader, or an error saying why `what` needs one.
    private func requireKeyset(for view: RequestView, request: Request, what: String) throws -> KeysetReader {
        let pager = pager(for: request)
        guard let reader = pager.keysetReader() else {
            let reason: String
            if case .offset(let why) = pager.method { reason = why.description } else { reason = "its rows have no key to page on" }
            throw AssocError.invalidRequest(
                table: view.table, reason: "\(what) needs a view paged by key, and this one pages with OFFSET (\(reason))")
        }
        return reader
    }

    /// The condition `text` stands for, and how it was read (for the status line): a condition of
    /// the request language when it is one on `request`'s table, else text in any text column.
    func findCondition(_ text: String, on request: Request) throws -> (AssocCore.Expression, String) {
        if let syntax = try? RequestParser.parseExpression(text), Self.isCondition(syntax),
            let expression = try? RequestBuilder.build(syntax),
            (try? db.mainStatement(for: request.filter(expression))) != nil
        {
            return (expression, RequestPrinter.print(syntax))
        }
        let needle = String(text.unicodeScalars.map { $0.isASCII ? Character(String($0).lowercased()) : Character($0) })
        guard !needle.isEmpty, let table = db.rootTable(of: request) else {
            throw AssocError.invalidRequest(table: request.table, reason: "type a condition (Name LIKE 'A%') or text to find")
        }
        let textual = table.columns.filter { column in
            let type = column.declaredType.uppercased()
            return type.isEmpty || type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
        }
        let columns = (textual.isEmpty ? table.columns : textual).filter(\.isNameValidUTF8)
        let tests = columns.map { column -> AssocCore.Expression in
            .binary(.greater, .function("instr", [.function("lower", [.column(column.name)]), .value(.text(needle))]), .value(.integer(0)))
        }
        guard let first = tests.first else {
            throw AssocError.invalidRequest(table: table.name, reason: "no column of \(table.name) holds text to find")
        }
        let condition = tests.dropFirst().reduce(first) { .binary(.or, $0, $1) }
        return (condition, "text \"\(text)\" in " + (textual.isEmpty ? "any column" : "any text column"))
    }

    /// Whether `syntax` is a condition (a comparison, LIKE, IN, BETWEEN, IS NULL, or NOT, AND, OR
    /// of them), not a lone word or value: `Rock` is text to find, even with a column named so.
    static func isCondition(_ syntax: ExpressionSyntax) -> Bool {
        switch syntax.kind {
        case .isNull, .inList, .like, .between: return true
        case .unary(.not, let inner): return isCondition(inner)
        case .binary(let op, let lhs, let rhs):
            switch op {
            case .and, .or: return isCondition(lhs) && isCondition(rhs)
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
            default: return false
            }
        default: return false
        }
    }

    /// A key typed after `#`: an integer, a real, or else text.
    static func keyValue(_ text: String) -> DatabaseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let real = Double(trimmed), real.isFinite { return .real(real) }
        return .text(trimmed)
    }
}

/// Where find went, and how it read the text.
package struct FindResult: Sendable, Equatable {
    /// The matching row's position in the view; nil when no row matches in that direction.
    package var position: RowPosition?
    /// `Name LIKE 'A%'`, or `text "rock" in any text column`.
    package var description: String
    /// The values of the view's order at the row, when `position` is `RowPosition.found(0)`: a
    /// deferred `locate` says where it really is.
    package var locate: [DatabaseValue]?
    /// The values of the view's order at the row at a real `position`: the browser's state keeps
    /// them as an anchor there (`RowsState.anchors`).
    package var values: [DatabaseValue]?
    /// The statement that looked, when its cost is worth showing (a find numbering the rows of a
    /// view without a key: the SQL pane shows it).
    package var statement: GeneratedStatement?

    package init(
        position: RowPosition?, description: String, locate: [DatabaseValue]? = nil, values: [DatabaseValue]? = nil,
        statement: GeneratedStatement? = nil
    ) {
        self.position = position
        self.description = description
        self.locate = locate
        self.values = values
        self.statement = statement
    }
}
