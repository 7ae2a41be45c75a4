import Foundation

/// What a person typed to find a row (`f` in the browser): a condition of the request language on
/// the request's table (`Name LIKE 'A%'`), or else plain text that any text column contains
/// (ASCII letters compared without case).
package struct FindCondition: Sendable {
    /// The condition on the request's root.
    package var expression: Expression
    /// How the text was read, for a status line: `Name LIKE 'A%'`, `text "rock" in any text column`.
    package var description: String
}

extension Database {
    /// The condition `text` stands for on `request`'s rows (see `FindCondition`).
    package func findCondition(_ text: String, on request: Request) throws -> FindCondition {
        if let syntax = try? RequestParser.parseExpression(text), Self.isCondition(syntax),
            let expression = try? RequestBuilder.build(syntax),
            (try? mainStatement(for: request.filter(expression))) != nil
        {
            return FindCondition(expression: expression, description: RequestPrinter.print(syntax))
        }
        let needle = String(text.unicodeScalars.map { $0.isASCII ? Character(String($0).lowercased()) : Character($0) })
        guard !needle.isEmpty, let table = rootTable(of: request) else {
            throw AssocError.invalidRequest(table: request.table, reason: "type a condition (Name LIKE 'A%') or text to find")
        }
        let textual = table.columns.filter { column in
            let type = column.declaredType.uppercased()
            return type.isEmpty || type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
        }
        let columns = (textual.isEmpty ? table.columns : textual).filter(\.isNameValidUTF8)
        let tests = columns.map { column -> Expression in
            .binary(.greater, .function("instr", [.function("lower", [.column(column.name)]), .value(.text(needle))]), .value(.integer(0)))
        }
        guard let first = tests.first else {
            throw AssocError.invalidRequest(table: table.name, reason: "no column of \(table.name) holds text to find")
        }
        return FindCondition(
            expression: tests.dropFirst().reduce(first) { .binary(.or, $0, $1) },
            description: "text \"\(text)\" in " + (textual.isEmpty ? "any column" : "any text column"))
    }

    /// Whether `syntax` is a condition (a comparison, LIKE, IN, BETWEEN, IS NULL, or NOT, AND, OR
    /// of them), not a lone word or value: `Rock` is text to find, even with a column named so.
    package static func isCondition(_ syntax: ExpressionSyntax) -> Bool {
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

    /// A key typed to jump to (`#` in the browser): an integer, a real, or else text.
    package static func keyValue(_ text: String) -> DatabaseValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let integer = Int64(trimmed) { return .integer(integer) }
        if let real = Double(trimmed), real.isFinite { return .real(real) }
        return .text(trimmed)
    }
}
