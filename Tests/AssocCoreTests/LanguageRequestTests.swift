import XCTest

@testable import AssocCore

/// Parsing of whole requests: the examples of the language description, with hand-written trees.
final class LanguageRequestTests: XCTestCase {
    typealias E = ExpressionSyntax

    func check(_ text: String, _ expected: RequestSyntax, file: StaticString = #filePath, line: UInt = #line) {
        guard let tree = LanguageTest.parse(text, file: file, line: line) else { return }
        XCTAssertEqual(tree, expected, file: file, line: line)
        LanguageTest.assertRoundTrip(tree, file: file, line: line)
    }

    func testExampleBook() {
        check(
            "book.including(required: author.including(optional: country)).including(optional: coverImage).filter(year >= 2000 AND kind = 'novel').order(title, year.desc).limit(10)",
            RequestSyntax(
                table: "book",
                methods: [
                    .including(.required, AssociationSyntax(name: "author", methods: [.including(.optional, AssociationSyntax(name: "country"))])),
                    .including(.optional, AssociationSyntax(name: "coverImage")),
                    .filter(
                        .binary(.and, .binary(.greaterOrEqual, .column("year"), .integer(2000)), .binary(.equal, .column("kind"), .text("novel")))),
                    .order([OrderingSyntax(.column("title")), OrderingSyntax(.column("year"), .descending)]),
                    .limit(10, offset: nil)
                ]))
    }

    func testExampleQuotedTable() {
        check(
            "\"Order Details\".filter(Quantity > 5)",
            RequestSyntax(table: "Order Details", methods: [.filter(.binary(.greater, .column("Quantity"), .integer(5)))]))
    }

    func testExampleBackquotedJoiningAliased() {
        check(
            "`Order Details`.joining(required: product.filter(name LIKE 'A%').aliased(\"p\")).filter(p.price > 10 OR p.price IS NULL)",
            RequestSyntax(
                table: "Order Details",
                methods: [
                    .joining(
                        .required,
                        AssociationSyntax(
                            name: "product",
                            methods: [
                                .filter(E(.like(.column("name"), .text("A%"), negated: false))), .aliased("p")
                            ])),
                    .filter(
                        .binary(
                            .or,
                            .binary(.greater, .column("price", qualifier: "p"), .integer(10)),
                            E(.isNull(.column("price", qualifier: "p"), negated: false))))
                ]))
    }

    func testExampleIncludingAll() {
        check(
            "author.including(all: books.filter(year > 2000).order(year.desc).forKey(\"recentBooks\"))",
            RequestSyntax(
                table: "author",
                methods: [
                    .including(
                        .all,
                        AssociationSyntax(
                            name: "books",
                            methods: [
                                .filter(.binary(.greater, .column("year"), .integer(2000))),
                                .order([OrderingSyntax(.column("year"), .descending)]),
                                .forKey("recentBooks")
                            ]))
                ]))
    }

    func testExampleAnnotatedHaving() {
        check(
            "author.annotated(with: books.count, books.max(year)).having(books.count >= 2)",
            RequestSyntax(
                table: "author",
                methods: [
                    .annotated([.aggregate("books", .count), .aggregate("books", .max, .column("year"))]),
                    .having(.binary(.greaterOrEqual, .aggregate("books", .count), .integer(2)))
                ]))
    }

    func testExampleSelectInAssociation() {
        check(
            "team.including(all: players.select(name, position))",
            RequestSyntax(
                table: "team",
                methods: [
                    .including(
                        .all,
                        AssociationSyntax(
                            name: "players",
                            methods: [
                                .select([.expression(.column("name")), .expression(.column("position"))])
                            ]))
                ]))
    }

    func testExampleLimitOffset() {
        check("book.limit(10, offset: 20)", RequestSyntax(table: "book", methods: [.limit(10, offset: 20)]))
    }

    func testBareTable() {
        check("book", RequestSyntax(table: "book"))
        check("  book  \n", RequestSyntax(table: "book"))
    }

    func testKeywordLikeTableAndAssociationNames() {
        check("select.filter(a = 1)", RequestSyntax(table: "select", methods: [.filter(.binary(.equal, .column("a"), .integer(1)))]))
        check("order.including(required: select)", RequestSyntax(table: "order", methods: [.including(.required, AssociationSyntax(name: "select"))]))
        check("null", RequestSyntax(table: "null"))
        check("\"NOT\".joining(optional: \"AND\")", RequestSyntax(table: "NOT", methods: [.joining(.optional, AssociationSyntax(name: "AND"))]))
    }

    func testQuotedNamesWithQuotesSpacesAndUnicode() {
        check("\"say \"\"hi\"\"\"", RequestSyntax(table: "say \"hi\""))
        check("`back``tick`", RequestSyntax(table: "back`tick"))
        check("\"it's\"", RequestSyntax(table: "it's"))
        check("Café.filter(prix > 1)", RequestSyntax(table: "Café", methods: [.filter(.binary(.greater, .column("prix"), .integer(1)))]))
        check("книга.filter(год = 1)", RequestSyntax(table: "книга", methods: [.filter(.binary(.equal, .column("год"), .integer(1)))]))
        check(
            "\"📚 books\".filter(\"⭐️\" >= 4)", RequestSyntax(table: "📚 books", methods: [.filter(.binary(.greaterOrEqual, .column("⭐️"), .integer(4)))])
        )
        check("_t$1", RequestSyntax(table: "_t$1"))
        check("\"\"", RequestSyntax(table: ""))
    }

    func testDistinctSelectAllForKey() {
        check(
            "book.select(*, title.forKey(\"t\")).distinct()",
            RequestSyntax(table: "book", methods: [.select([.allColumns, .expression(E.column("title").forKey("t"))]), .distinct]))
    }

    func testForKeyAndAliasedAcceptSingleQuotes() {
        check("book.aliased('b').forKey('x')", RequestSyntax(table: "book", methods: [.aliased("b"), .forKey("x")]))
    }

    func testJoiningModes() {
        check(
            "a.joining(required: b).joining(optional: c)",
            RequestSyntax(table: "a", methods: [.joining(.required, AssociationSyntax(name: "b")), .joining(.optional, AssociationSyntax(name: "c"))])
        )
    }

    func testNestedAssociations() {
        check(
            "a.including(all: b.including(all: c.joining(required: d.filter(x = 1)).order(y)))",
            RequestSyntax(
                table: "a",
                methods: [
                    .including(
                        .all,
                        AssociationSyntax(
                            name: "b",
                            methods: [
                                .including(
                                    .all,
                                    AssociationSyntax(
                                        name: "c",
                                        methods: [
                                            .joining(
                                                .required,
                                                AssociationSyntax(name: "d", methods: [.filter(.binary(.equal, .column("x"), .integer(1)))])),
                                            .order([OrderingSyntax(.column("y"))])
                                        ]))
                            ]))
                ]))
    }

    func testOrderingSpellings() {
        check(
            "t.order(a DESC, b ASC, c.asc, d desc, e.DESC)",
            RequestSyntax(
                table: "t",
                methods: [
                    .order([
                        OrderingSyntax(.column("a"), .descending), OrderingSyntax(.column("b")), OrderingSyntax(.column("c")),
                        OrderingSyntax(.column("d"), .descending), OrderingSyntax(.column("e"), .descending)
                    ])
                ]))
        check(
            "t.order((a + b).desc, p.x.desc, books.count.desc)",
            RequestSyntax(
                table: "t",
                methods: [
                    .order([
                        OrderingSyntax(.binary(.add, .column("a"), .column("b")), .descending),
                        OrderingSyntax(.column("x", qualifier: "p"), .descending),
                        OrderingSyntax(.aggregate("books", .count), .descending)
                    ])
                ]))
    }

    func testAnnotatedWithKeysAndOperators() {
        check(
            "author.annotated(with: (books.count + paintings.count).forKey(\"works\"), books.min(year) ?? 0)",
            RequestSyntax(
                table: "author",
                methods: [
                    .annotated([
                        E.binary(.add, .aggregate("books", .count), .aggregate("paintings", .count)).forKey("works"),
                        .binary(.ifNull, .aggregate("books", .min, .column("year")), .integer(0))
                    ])
                ]))
        check(
            "author.having(books.isEmpty AND paintings.isEmpty)",
            RequestSyntax(table: "author", methods: [.having(.binary(.and, .aggregate("books", .isEmpty), .aggregate("paintings", .isEmpty)))]))
    }

    func testAllAggregateFunctions() {
        check(
            "a.annotated(with: b.count, b.isEmpty, b.min(x), b.max(x), b.average(x), b.sum(x), b.total(x), b.count.forKey(\"n\"))",
            RequestSyntax(
                table: "a",
                methods: [
                    .annotated([
                        .aggregate("b", .count), .aggregate("b", .isEmpty), .aggregate("b", .min, .column("x")),
                        .aggregate("b", .max, .column("x")), .aggregate("b", .average, .column("x")),
                        .aggregate("b", .sum, .column("x")), .aggregate("b", .total, .column("x")),
                        E.aggregate("b", .count).forKey("n")
                    ])
                ]))
    }

    func testAggregateOnFilteredAssociation() {
        let books = AssociationSyntax(name: "books", methods: [.filter(.binary(.greater, .column("year"), .integer(2000)))])
        check(
            "author.having(books.filter(year > 2000).count > 1)",
            RequestSyntax(table: "author", methods: [.having(.binary(.greater, E(.aggregate(AggregateSyntax(books, .count))), .integer(1)))]))
    }

    func testQualifiedColumnsReservedMembersNeedQuotes() {
        check(
            "t.filter(p.\"count\" = 1 AND p.\"desc\" = 2 AND p.min = 3)",
            RequestSyntax(
                table: "t",
                methods: [
                    .filter(
                        .binary(
                            .and,
                            .binary(
                                .and,
                                .binary(.equal, .column("count", qualifier: "p"), .integer(1)),
                                .binary(.equal, .column("desc", qualifier: "p"), .integer(2))),
                            .binary(.equal, .column("min", qualifier: "p"), .integer(3))))
                ]))
    }

    func testWhitespaceAndNewlinesAreFree() {
        check(
            "book\n  .filter( year>2000 )\n\t.limit( 3 )",
            RequestSyntax(table: "book", methods: [.filter(.binary(.greater, .column("year"), .integer(2000))), .limit(3, offset: nil)]))
    }

    func testSourceRangesAreUTF8Offsets() throws {
        let tree = try RequestParser.parse("\"é\".filter(año > 1)")
        XCTAssertEqual(tree.range.utf8Offsets, 0..<4)
        guard case .filter(let e) = tree.methods.first, case .binary(_, let lhs, let rhs) = e.kind else { return XCTFail() }
        XCTAssertEqual(e.range.utf8Offsets, 12..<20)
        XCTAssertEqual(lhs.range.utf8Offsets, 12..<16)
        XCTAssertEqual(rhs.range.utf8Offsets, 19..<20)
    }

    func testCanonicalPrints() throws {
        let cases: [(String, String)] = [
            ("book.filter(a==1 && b<>2 || !c)", "book.filter(a = 1 AND b != 2 OR NOT c)"),
            ("`select`.filter(`x y` = 'it''s')", "select.filter(\"x y\" = 'it''s')"),
            ("t.filter(\"NULL\" IS not null)", "t.filter(\"NULL\" IS NOT NULL)"),
            ("t.order(a asc)", "t.order(a)"),
            ("t.filter(((a)))", "t.filter(a)"),
            ("t.filter(x = x'0aFf')", "t.filter(x = X'0AFF')"),
            ("t.filter(a = 1e3)", "t.filter(a = 1000.0)"),
            ("t.filter(a = - 5)", "t.filter(a = -5)"),
            ("t.filter(a = -(5))", "t.filter(a = -(5))"),
            ("t.filter(a = - -b)", "t.filter(a = -(-b))"),
            ("t.filter(a in(1,2))", "t.filter(a IN (1, 2))"),
            ("t.annotated(with:b.count)", "t.annotated(with: b.count)"),
            ("t.filter(a ?? (b ?? c))", "t.filter(a ?? b ?? c)"),
            ("t.filter((a ?? b) ?? c)", "t.filter((a ?? b) ?? c)"),
            ("t.filter(a - (b - c))", "t.filter(a - (b - c))"),
            ("t.filter((a - b) - c)", "t.filter(a - b - c)"),
            ("t.filter(NOT (a AND b))", "t.filter(NOT (a AND b))"),
            ("t.filter(a = (NOT b))", "t.filter(a = (NOT b))"),
            ("t.forKey(\"a\"\"b\")", "t.forKey(\"a\"\"b\")"),
            ("t.filter(a.\"b c\" = true)", "t.filter(a.\"b c\" = TRUE)"),
            ("t.select(a.forKey('k'))", "t.select(a.forKey(\"k\"))")
        ]
        for (input, canonical) in cases {
            guard let tree = LanguageTest.parse(input) else { continue }
            XCTAssertEqual(RequestPrinter.print(tree), canonical, input)
            XCTAssertEqual(tree.description, canonical)
            LanguageTest.assertRoundTrip(tree)
        }
    }
}
