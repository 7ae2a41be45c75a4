import AssocCore
import Foundation

/// Find (`f`, `n`, `N`) and jump to a key (`#`): one query for the row, one count for its
/// position, both bounded by the view's keyset (its order's values at the cursor), never by
/// loading the pages in between.
extension RequestDataSource {
    /// The position of the next row of `view` after `position` (before it when `backward`) that
    /// `text` matches, or nil when there is none. `text` is a request-language condition on the
    /// view's table (`Name LIKE 'A%'`), or else plain text that any text column contains
    /// (ASCII letters compared without case):
    ///
    ///     SELECT * FROM "big" WHERE (instr(lower("label"), ?) > 0) AND "id" > ? ORDER BY "id" LIMIT 1
    ///     SELECT COUNT(*) FROM (SELECT * FROM "big" WHERE "id" > ? AND "id" < ?)
    package func find(_ text: String, in view: RequestView, after position: Int, backward: Bool) throws -> FindResult {
        let base = try request(for: view)
        let keyset = try requireKeyset(for: view, request: base, what: "find")
        guard let cursor = anchors(of: view)[position] else {
            throw AssocError.invalidRequest(table: view.table, reason: "the row under the cursor is not loaded yet: try again")
        }
        let (condition, description) = try findCondition(text, on: base)
        var request = keyedRequest(base, keyset)
        let beyond = backward ? KeysetCondition.before(cursor, in: keyset.terms) : KeysetCondition.after(cursor, in: keyset.terms)
        guard let beyond else { return FindResult(position: nil, description: description) }
        request = request.filter(condition).filter(beyond).order(keyset.orderings(reversed: backward)).limit(1)
        guard let row = try db.fetchOne(request), let values = keyset.values(of: row) else {
            return FindResult(position: nil, description: description)
        }
        // The rows strictly between the cursor and the match, in the view's order.
        let (low, high) = backward ? (values, cursor) : (cursor, values)
        var skipped = 0
        if let after = KeysetCondition.after(low, in: keyset.terms), let before = KeysetCondition.before(high, in: keyset.terms) {
            skipped = try db.fetchCount(base.filter(after).filter(before))
        }
        let found = backward ? position - 1 - skipped : position + 1 + skipped
        record(values, at: found, of: view)
        return FindResult(position: found, description: description)
    }

    /// The position of the first row of `view`, in its order, whose key is at least `text` (an
    /// integer, a real or text as the key's values are); nil when every key is smaller.
    ///
    ///     SELECT * FROM "big" WHERE "id" >= ? ORDER BY "id" LIMIT 1
    ///     SELECT COUNT(*) FROM (SELECT * FROM "big" WHERE "id" < ?)
    package func jump(toKey text: String, in view: RequestView) throws -> Int? {
        let base = try request(for: view)
        let keyset = try requireKeyset(for: view, request: base, what: "jump to a key")
        let value = Self.keyValue(text)
        let target = keyedRequest(base, keyset).filter(Column(keyset.key) >= value).order(Column(keyset.key)).limit(1)
        guard let row = try db.fetchOne(target), let values = keyset.values(of: row) else { return nil }
        let before = try KeysetCondition.before(values, in: keyset.terms).map { try db.fetchCount(base.filter($0)) } ?? 0
        record(values, at: before, of: view)
        return before
    }

    /// The view's keyset, or an error saying why `what` needs one.
    private func requireKeyset(for view: RequestView, request: Request, what: String) throws -> PagingKeyset {
        guard let keyset = pagingKeyset(for: request) else {
            let reason = offsetPagingReason(request) ?? "its rows have no single-column key, or repeat one"
            throw AssocError.invalidRequest(
                table: view.table, reason: "\(what) needs a view paged by key, and this one pages with OFFSET (\(reason))")
        }
        return keyset
    }

    /// `request` with the hidden key selected when the keyset reads it under the hidden name.
    private func keyedRequest(_ request: Request, _ keyset: PagingKeyset) -> Request {
        keyset.hiddenKey ? request.annotated(with: Column(keyset.key).expression.forKey(Self.hiddenKeyName)) : request
    }

    /// The condition `text` stands for, and how it was read (for the status line): a condition of
    /// the request language when it is one on `request`'s table, else text in any text column.
    func findCondition(_ text: String, on request: Request) throws -> (AssocCore.Expression, String) {
        if let syntax = try? RequestParser.parseExpression(text), Self.isCondition(syntax),
           let expression = try? RequestBuilder.build(syntax),
           (try? db.mainStatement(for: request.filter(expression))) != nil {
            return (expression, RequestPrinter.print(syntax))
        }
        let needle = String(text.unicodeScalars.map { $0.isASCII ? Character(String($0).lowercased()) : Character($0) })
        guard !needle.isEmpty, let table = db.schema.table(named: request.table) else {
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
    package var position: Int?
    /// `Name LIKE 'A%'`, or `text "rock" in any text column`.
    package var description: String
}
