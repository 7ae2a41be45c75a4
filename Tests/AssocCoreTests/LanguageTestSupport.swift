import XCTest

@testable import AssocCore

/// Test helpers for the request language: an S-expression view of trees, so that expected
/// structures (precedence, associativity) can be written by hand compactly.
enum LanguageTest {
    static func sexpr(_ e: ExpressionSyntax) -> String {
        switch e.kind {
        case .literal(let v):
            switch v {
            case .integer(let i): return String(i)
            case .real(let r): return "real:\(r)"
            case .text(let t): return "'\(t)'"
            case .blob(let b): return "blob:" + b.map { String($0) }.joined(separator: ",")
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            }
        case .column(let name, let qualifier): return qualifier.map { "\($0)|\(name)" } ?? name
        case .aggregate(let a):
            let assoc =
                a.association.methods.isEmpty
                ? a.association.name : "\(a.association.name)[\(a.association.methods.map(\.name).joined(separator: ","))]"
            return "(\(a.function.rawValue) \(assoc)" + (a.argument.map { " " + sexpr($0) } ?? "") + ")"
        case .unary(.negate, let x): return "(neg \(sexpr(x)))"
        case .unary(.not, let x): return "(not \(sexpr(x)))"
        case .binary(let op, let l, let r): return "(\(op.rawValue) \(sexpr(l)) \(sexpr(r)))"
        case .isNull(let x, let n): return "(\(n ? "notnull" : "isnull") \(sexpr(x)))"
        case .inList(let x, let items, let n): return "(\(n ? "notin" : "in") \(sexpr(x)) [\(items.map(sexpr).joined(separator: " "))])"
        case .like(let x, let p, let n): return "(\(n ? "notlike" : "like") \(sexpr(x)) \(sexpr(p)))"
        case .between(let x, let a, let b, let n): return "(\(n ? "notbetween" : "between") \(sexpr(x)) \(sexpr(a)) \(sexpr(b)))"
        case .forKey(let x, let k): return "(key \(sexpr(x)) \"\(k)\")"
        case .collating(let x, let c): return "(collate \(sexpr(x)) \(c))"
        case .sql(let snippet, let arguments): return "(sql '\(snippet)' \(arguments.count))"
        }
    }

    static func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RequestSyntax? {
        do {
            return try RequestParser.parse(text)
        } catch {
            XCTFail("parse failed for \(text): \(error)\n\(error.rendering)", file: file, line: line)
            return nil
        }
    }

    static func expression(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExpressionSyntax? {
        do {
            return try RequestParser.parseExpression(text)
        } catch {
            XCTFail("parse failed for \(text): \(error)\n\(error.rendering)", file: file, line: line)
            return nil
        }
    }

    /// Asserts that printing the tree and parsing the print gives the same tree.
    static func assertRoundTrip(_ request: RequestSyntax, file: StaticString = #filePath, line: UInt = #line) {
        let printed = RequestPrinter.print(request)
        do {
            let reparsed = try RequestParser.parse(printed)
            XCTAssertEqual(reparsed, request, "round trip changed the tree; printed: \(printed)", file: file, line: line)
            XCTAssertEqual(RequestPrinter.print(reparsed), printed, "printing is not stable", file: file, line: line)
        } catch {
            XCTFail("printed text does not parse: \(printed)\n\(error.rendering)", file: file, line: line)
        }
    }

    static func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RequestSyntaxError? {
        do {
            let tree = try RequestParser.parse(text)
            XCTFail("expected an error for \(text), got \(tree)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
