import XCTest

@testable import AssocCLI

/// The escaping of database text in `assoc report`'s Markdown.
final class MarkdownTextTests: XCTestCase {
    func testMarkdownSyntaxIsEscaped() {
        XCTAssertEqual(MarkdownText.escape("a|b"), "a\\|b")
        XCTAssertEqual(MarkdownText.escape("`code`"), "\\`code\\`")
        XCTAssertEqual(MarkdownText.escape("<script>&amp;"), "&lt;script&gt;&amp;amp;")
        XCTAssertEqual(MarkdownText.escape("a\\|b"), "a\\\\\\|b")
        XCTAssertEqual(MarkdownText.escape("*x* [l](u) ~~s~~ $m$"), "\\*x\\* \\[l\\](u) \\~\\~s\\~\\~ \\$m\\$")
    }

    func testUnderscoresInsideAWordStay() {
        XCTAssertEqual(MarkdownText.escape("order_items"), "order_items")
        XCTAssertEqual(MarkdownText.escape("_id"), "\\_id")
        XCTAssertEqual(MarkdownText.escape("a _b_ c"), "a \\_b\\_ c")
    }

    func testControlCharactersAndLineBreaksBecomeVisible() {
        XCTAssertEqual(MarkdownText.escape("a\nb\r\u{1B}[31m\u{202E}"), "a\\nb\\r\\u{1B}\\[31m\\u{202E}")
        XCTAssertEqual(MarkdownText.escape("Артист"), "Артист")
    }

    func testCodeSpansFenceTheirBackticks() {
        XCTAssertEqual(MarkdownText.code("a.filter(x)"), "`a.filter(x)`")
        XCTAssertEqual(MarkdownText.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownText.code("`a``"), "``` `a`` ```")
        XCTAssertEqual(MarkdownText.code("a|b\n"), "`a\\|b\\n`")
        XCTAssertEqual(MarkdownText.code("a|b", inTable: false), "`a|b`")
    }
}
