import XCTest

@testable import AssocCore

/// Syntax errors: message, UTF-8 position, column, and rendering.
final class LanguageErrorTests: XCTestCase {
    /// (input, expected message, expected UTF-8 position, expected 1-based column)
    func check(_ input: String, _ message: String, position: Int, column: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard let error = LanguageTest.error(input, file: file, line: line) else { return }
        XCTAssertEqual(error.message, message, input, file: file, line: line)
        XCTAssertEqual(error.position, position, input, file: file, line: line)
        XCTAssertEqual(error.column, column, input, file: file, line: line)
    }

    func testMissingClosingParenthesisRendering() throws {
        let input = "book.filter(year >= 2000"
        guard let error = LanguageTest.error(input) else { return }
        XCTAssertEqual(error.message, "expected ')' after argument list of 'filter', found end of request")
        XCTAssertEqual(error.position, 24)
        XCTAssertEqual(error.column, 25)
        XCTAssertEqual(error.description, "expected ')' after argument list of 'filter', found end of request at column 25")
        XCTAssertEqual(
            error.rendering,
            """
            book.filter(year >= 2000
                                    ^ expected ')' after argument list of 'filter', found end of request
            """)
    }

    func testMultilineRendering() {
        guard let error = LanguageTest.error("book\n  .filtr(x)") else { return }
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 4)
        XCTAssertEqual(error.position, 8)
        XCTAssertEqual(error.description, "unknown method 'filtr'; did you mean 'filter'? at line 2, column 4")
        XCTAssertEqual(error.rendering, "  .filtr(x)\n   ^ unknown method 'filtr'; did you mean 'filter'?")
    }

    func testColumnCountsCharactersPositionCountsBytes() {
        // "é" is 2 UTF-8 bytes, "👍🏽" is one Character of 8 bytes.
        check("\"é👍🏽\".filter(a = )", "expected an expression, found ')'", position: 24, column: 17)
    }

    func testMethodErrors() {
        check("book.filtr(a)", "unknown method 'filtr'; did you mean 'filter'?", position: 5, column: 6)
        check("book.Order(a)", "unknown method 'Order'; did you mean 'order'?", position: 5, column: 6)
        check("book.selct(a)", "unknown method 'selct'; did you mean 'select'?", position: 5, column: 6)
        check(
            "book.zzzzzzzzzzzz()",
            "unknown method 'zzzzzzzzzzzz'; expected one of including, joining, filter, order, select, limit, distinct, forKey, aliased, annotated, having, request",
            position: 5, column: 6)
        check(
            "a.including(all: b.limit(3))",
            "method 'limit' is not available on an association; available: including, joining, filter, order, select, forKey, aliased", position: 19,
            column: 20)
        check("book.filter", "expected '(' after 'filter', found end of request", position: 11, column: 12)
        check("book.", "expected a method name after '.', found end of request", position: 5, column: 6)
        check("book.\"filter\"(a)", "expected a method name after '.', found name \"filter\"", position: 5, column: 6)
        check("book x", "expected '.' followed by a method, or end of request, found name 'x'", position: 5, column: 6)
        check("book.distinct(1)", "expected ')' after argument list of 'distinct', found number 1", position: 14, column: 15)
    }

    func testLabelErrors() {
        check("book.including(author)", "missing label in 'including(...)': expected 'required:', 'optional:', 'all:'", position: 15, column: 16)
        check(
            "book.including(requird: author)", "unknown label 'requird:' in 'including(...)'; expected 'required:', 'optional:', 'all:'",
            position: 15, column: 16)
        check("book.joining(all: author)", "unknown label 'all:' in 'joining(...)'; expected 'required:' or 'optional:'", position: 13, column: 14)
        check("book.annotated(books.count)", "missing label in 'annotated(...)': expected 'with:'", position: 15, column: 16)
        check("book.limit(1, 2)", "missing label in 'limit(...)': expected 'offset:'", position: 14, column: 15)
        check("book.including(required: )", "expected an association name, found ')'", position: 25, column: 26)
    }

    func testArgumentErrors() {
        check("book.limit(-1)", "expected a non-negative integer for limit, found '-'", position: 11, column: 12)
        check("book.limit(99999999999999999999)", "limit 99999999999999999999 is too large", position: 11, column: 12)
        check("book.forKey(x)", "expected a quoted name like \"name\" in 'forKey(...)', found name 'x'", position: 12, column: 13)
        check("book.filter(year.desc)", "'.desc' is only allowed in 'order(...)'", position: 16, column: 17)
        check("book.filter(year DESC)", "'DESC' is only allowed in 'order(...)'", position: 17, column: 18)
        check("book.order()", "expected an expression, found ')'", position: 11, column: 12)
        check("book.filter(a = 1, b = 2)", "expected ')' after argument list of 'filter', found ','", position: 17, column: 18)
        check("book.filter(*)", "'*' is only allowed alone in 'select(...)'", position: 12, column: 13)
    }

    func testExpressionErrors() {
        check("t.filter(a AND)", "expected an expression, found ')'", position: 14, column: 15)
        check("t.filter(a IS 1)", "expected 'NULL' or 'NOT NULL' after 'IS', found number 1", position: 14, column: 15)
        check("t.filter(a IN 1)", "expected '(' after 'IN', found number 1", position: 14, column: 15)
        check("t.filter(a BETWEEN 1 OR 2)", "expected 'AND' in 'BETWEEN ... AND ...', found keyword 'OR'", position: 21, column: 22)
        check("t.filter(AND = 1)", "expected an expression, found keyword 'AND' (quote it to use it as a name)", position: 9, column: 10)
        check("t.filter((a = 1", "expected ')' to close '(' at column 10, found end of request", position: 15, column: 16)
        check(
            "t.filter(a.b.c = 1)",
            "unexpected name 'c' after '.'; only '.forKey(...)', '.collating(...)', '.desc' and '.asc' may follow this expression", position: 13,
            column: 14)
        check("t.having(books.count() > 1)", "'count' takes no argument: write 'books.count'", position: 15, column: 16)
        check(
            "t.having(books.filter(a = 1) > 1)",
            "expected an aggregate ('.count', '.isEmpty', '.min(...)', '.max(...)', '.average(...)', '.sum(...)', '.total(...)') after association 'books', found '>'",
            position: 29, column: 30)
        check("t.having(books.mx(year) > 1)", "unknown method 'mx'; did you mean 'max' or 'min'?", position: 15, column: 16)
        check(
            "t.having(books.max(year).count)",
            "unexpected name 'count' after '.'; only '.forKey(...)', '.collating(...)', '.desc' and '.asc' may follow this expression", position: 25,
            column: 26)
        check("t.filter(a = 9223372036854775808)", "integer 9223372036854775808 is out of the 64-bit range", position: 13, column: 14)
        check("t.filter(a = -9223372036854775809)", "integer -9223372036854775809 is out of the 64-bit range", position: 13, column: 14)
    }

    func testLexicalErrors() {
        check("t.filter(a = 'abc)", "unterminated string literal: missing closing '", position: 13, column: 14)
        check("\"Order Details.filter(a)", "unterminated quoted name: missing closing \"", position: 0, column: 1)
        check("`x", "unterminated quoted name: missing closing `", position: 0, column: 1)
        check("t.filter(a = X'ABC')", "blob literal must have an even number of hexadecimal digits", position: 13, column: 14)
        check("t.filter(a = X'AZ')", "invalid character 'Z' in blob literal; expected hexadecimal digits", position: 16, column: 17)
        check("t.filter(a = ?)", "placeholders ('?') are not supported; write the value itself", position: 13, column: 14)
        check(
            "t.filter(a | b)", "unexpected character '|'; write '||' or OR for a logical or (string concatenation is not supported)", position: 11,
            column: 12)
        check("t.filter(a & b)", "unexpected character '&'; write '&&' or AND for a logical and", position: 11, column: 12)
        check("t;", "unexpected character ';'", position: 1, column: 2)
        check("t.filter(a = 12abc)", "invalid number literal", position: 13, column: 14)
        check("t.filter(a = 1e999)", "number 1e999 is out of range", position: 13, column: 14)
        check("t\u{0}", "unexpected character U+0", position: 1, column: 2)
        check("t.filter(a = 😀)", "unexpected character '😀'", position: 13, column: 14)
        check("", "expected a table name, found end of request", position: 0, column: 1)
        check("   ", "expected a table name, found end of request", position: 3, column: 4)
        check("(book)", "expected a table name, found '('", position: 0, column: 1)
    }

    func testNULRendersVisibly() {
        guard let error = LanguageTest.error("t\u{0}x") else { return }
        XCTAssertEqual(error.sourceLine, "t\u{FFFD}x")
        XCTAssertEqual(error.rendering, "t\u{FFFD}x\n ^ unexpected character U+0")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deepParens = "t.filter(" + String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000) + ")"
        XCTAssertTrue(LanguageTest.error(deepParens)?.message.hasPrefix("request is nested too deeply") ?? false)
        let deepNot = "t.filter(" + String(repeating: "NOT ", count: 5_000) + "a)"
        XCTAssertTrue(LanguageTest.error(deepNot)?.message.hasPrefix("request is nested too deeply") ?? false)
        let deepMinus = "t.filter(" + String(repeating: "- ", count: 5_000) + "a)"
        XCTAssertTrue(LanguageTest.error(deepMinus)?.message.hasPrefix("request is nested too deeply") ?? false)
        let deepIfNull = "t.filter(" + Array(repeating: "a", count: 5_000).joined(separator: " ?? ") + ")"
        XCTAssertTrue(LanguageTest.error(deepIfNull)?.message.hasPrefix("request is nested too deeply") ?? false)
        let longChain = "t.filter(" + Array(repeating: "a", count: 5_000).joined(separator: " + ") + ")"
        XCTAssertTrue(LanguageTest.error(longChain)?.message.hasPrefix("expression is too deeply nested") ?? false)
        var deepAssociation = "a"
        for _ in 0..<1_000 { deepAssociation = "a.including(all: \(deepAssociation))" }
        XCTAssertTrue(LanguageTest.error("t.including(all: \(deepAssociation))")?.message.hasPrefix("request is nested too deeply") ?? false)
        // Aggregates on filtered associations nest expressions inside expressions: their depth adds up.
        let chain = Array(repeating: "a", count: 150).joined(separator: " + ")
        var nested = "b.count"
        for _ in 0..<10 { nested = "b.filter(\(nested) + \(chain) > 0).count" }
        XCTAssertTrue(LanguageTest.error("t.having(\(nested) > 1)")?.message.hasPrefix("expression is too deeply nested") ?? false)
        // Just under the limit works.
        let ok = "t.filter(" + String(repeating: "(", count: 150) + "a" + String(repeating: ")", count: 150) + ")"
        XCTAssertNotNil(LanguageTest.parse(ok))
        // A long flat IN list is not deep.
        let list = "t.filter(a IN (" + (0..<10_000).map(String.init).joined(separator: ", ") + "))"
        XCTAssertNotNil(LanguageTest.parse(list))
    }
}

final class LanguageExpressionEntryTests: XCTestCase {
    func testParseExpressionRejectsTrailingTokens() {
        XCTAssertThrowsError(try RequestParser.parseExpression("a = 1 b")) { error in
            guard let error = error as? RequestSyntaxError else { return XCTFail() }
            XCTAssertEqual(error.message, "expected end of expression, found name 'b'")
            XCTAssertEqual(error.position, 6)
        }
        XCTAssertThrowsError(try RequestParser.parseExpression("a.desc")) { error in
            XCTAssertEqual((error as? RequestSyntaxError)?.message, "'.desc' is only allowed in 'order(...)'")
        }
    }
}
