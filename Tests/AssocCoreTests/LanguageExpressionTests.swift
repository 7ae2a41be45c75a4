import XCTest

@testable import AssocCore

/// Expressions: every literal, operator and precedence level, checked against hand-written S-expressions.
final class LanguageExpressionTests: XCTestCase {
    func check(_ cases: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in cases {
            guard let e = LanguageTest.expression(input, file: file, line: line) else { continue }
            XCTAssertEqual(LanguageTest.sexpr(e), expected, input, file: file, line: line)
            // Round trip through a request.
            LanguageTest.assertRoundTrip(RequestSyntax(table: "t", methods: [.filter(e)]), file: file, line: line)
        }
    }

    func testLiterals() {
        check([
            ("42", "42"),
            ("0", "0"),
            ("-7", "-7"),
            ("9223372036854775807", "9223372036854775807"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("1.5", "real:1.5"),
            ("1e3", "real:1000.0"),
            ("2.5E-2", "real:0.025"),
            ("1e+2", "real:100.0"),
            ("-0.5", "real:-0.5"),
            ("'text'", "'text'"),
            ("'it''s'", "'it's'"),
            ("''", "''"),
            ("'multi\nline'", "'multi\nline'"),
            ("'😀 ok'", "'😀 ok'"),
            ("X'ABCD'", "blob:171,205"),
            ("x''", "blob:"),
            ("NULL", "null"),
            ("null", "null"),
            ("TRUE", "true"),
            ("false", "false")
        ])
    }

    func testColumnsAndAggregates() {
        check([
            ("year", "year"),
            ("\"first name\"", "first name"),
            ("`AND`", "AND"),
            ("p.price", "p|price"),
            ("\"Order Details\".\"Unit Price\"", "Order Details|Unit Price"),
            ("books.count", "(count books)"),
            ("books.isEmpty", "(isEmpty books)"),
            ("books.min(year)", "(min books year)"),
            ("books.max(p.year)", "(max books p|year)"),
            ("books.average(price * 2)", "(average books (* price 2))"),
            ("books.sum(x)", "(sum books x)"),
            ("books.total(x)", "(total books x)"),
            ("books.filter(a = 1).joining(required: author).count", "(count books[filter,joining])"),
            ("\"the books\".count", "(count the books)"),
            ("books.count.forKey(\"n\")", "(key (count books) \"n\")")
        ])
    }

    func testComparisons() {
        check([
            ("a = 1", "(= a 1)"),
            ("a == 1", "(= a 1)"),
            ("a != 1", "(!= a 1)"),
            ("a <> 1", "(!= a 1)"),
            ("a < 1", "(< a 1)"),
            ("a <= 1", "(<= a 1)"),
            ("a > 1", "(> a 1)"),
            ("a >= 1", "(>= a 1)"),
            ("a IS NULL", "(isnull a)"),
            ("a is not NULL", "(notnull a)"),
            ("a IN (1, 'x', b)", "(in a [1 'x' b])"),
            ("a NOT IN ()", "(notin a [])"),
            ("a LIKE 'A%'", "(like a 'A%')"),
            ("a NOT LIKE b ?? 'x'", "(notlike a (?? b 'x'))"),
            ("a BETWEEN 1 AND 2", "(between a 1 2)"),
            ("a NOT BETWEEN 1 + 1 AND 2 AND b", "(AND (notbetween a (+ 1 1) 2) b)"),
            ("a = b = c", "(= (= a b) c)"),
            ("a = 1 IS NULL", "(isnull (= a 1))")
        ])
    }

    func testLogicalOperators() {
        check([
            ("a AND b", "(AND a b)"),
            ("a && b", "(AND a b)"),
            ("a OR b", "(OR a b)"),
            ("a || b", "(OR a b)"),
            ("a or b and c", "(OR a (AND b c))"),
            ("a AND b OR c", "(OR (AND a b) c)"),
            ("NOT a", "(not a)"),
            ("!a", "(not a)"),
            ("NOT NOT a", "(not (not a))"),
            ("NOT a = b", "(not (= a b))"),
            ("!a = b", "(not (= a b))"),
            ("NOT a AND b", "(AND (not a) b)"),
            ("a AND NOT b OR c", "(OR (AND a (not b)) c)"),
            ("(a OR b) AND c", "(AND (OR a b) c)"),
            ("a OR b OR c", "(OR (OR a b) c)")
        ])
    }

    func testArithmeticAndIfNull() {
        check([
            ("a + b * c", "(+ a (* b c))"),
            ("a * b + c", "(+ (* a b) c)"),
            ("a - b - c", "(- (- a b) c)"),
            ("a / b % c", "(% (/ a b) c)"),
            ("(a + b) * c", "(* (+ a b) c)"),
            ("-a * b", "(* (neg a) b)"),
            ("-(a * b)", "(neg (* a b))"),
            ("- -a", "(neg (neg a))"),
            ("a - -1", "(- a -1)"),
            ("a ?? b ?? c", "(?? a (?? b c))"),
            ("a ?? b + c", "(?? a (+ b c))"),
            ("a + b ?? c", "(?? (+ a b) c)"),
            ("a ?? b = c", "(= (?? a b) c)"),
            ("books.count + paintings.count", "(+ (count books) (count paintings))"),
            ("books.min(year) ?? 0", "(?? (min books year) 0)"),
            ("a * b.forKey(\"k\")", "(* a (key b \"k\"))"),
            ("-x.forKey(\"k\")", "(neg (key x \"k\"))"),
            ("-5.forKey(\"k\")", "(key -5 \"k\")")
        ])
    }

    func testFullPrecedenceLadder() {
        check([
            (
                "a OR b AND NOT c = d ?? e + f * -g",
                "(OR a (AND b (not (= c (?? d (+ e (* f (neg g))))))))"
            ),
            (
                "-g * f + e ?? d = c AND b OR a",
                "(OR (AND (= (?? (+ (* (neg g) f) e) d) c) b) a)"
            )
        ])
    }

    func testHandBuiltTreesRoundTrip() {
        typealias E = ExpressionSyntax
        let trees: [E] = [
            .unary(.negate, .integer(5)),
            .unary(.negate, .integer(-5)),
            .unary(.negate, .unary(.negate, .column("a"))),
            .binary(.subtract, .integer(1), .binary(.subtract, .integer(2), .integer(3))),
            .binary(.ifNull, .binary(.ifNull, .column("a"), .column("b")), .column("c")),
            .unary(.not, .binary(.or, .column("a"), .column("b"))),
            E(.isNull(.binary(.and, .column("a"), .column("b")), negated: true)),
            E(.between(.column("a"), .binary(.and, .column("x"), .column("y")), .binary(.equal, .column("z"), .integer(1)), negated: false)),
            E(.like(.column("a"), E(.like(.column("b"), .column("c"), negated: false)), negated: true)),
            E.integer(-3).forKey("k"),
            E.binary(.add, .column("a"), .column("b")).forKey("sum"),
            .column("count", qualifier: "p"),
            .column("DESC", qualifier: "NULL"),
            .literal(.real(-0.0)),
            .literal(.real(1e300)),
            .literal(.real(.leastNonzeroMagnitude)),
            .literal(.text("'\"`")),
            .aggregate("order", .max, .column("select"))
        ]
        for tree in trees {
            LanguageTest.assertRoundTrip(RequestSyntax(table: "t", methods: [.filter(tree)]))
        }
    }
}
