import AssocCore
import Foundation
import XCTest

@testable import AssocCLI

final class JSONValueTests: XCTestCase {
    func testStringEscaping() {
        XCTAssertEqual(JSONValue.quote("plain"), #""plain""#)
        XCTAssertEqual(JSONValue.quote(#"say "hi""#), #""say \"hi\"""#)
        XCTAssertEqual(JSONValue.quote(#"C:\dir"#), #""C:\\dir""#)
        XCTAssertEqual(JSONValue.quote("a\nb\rc\td"), #""a\nb\rc\td""#)
        XCTAssertEqual(JSONValue.quote("\u{08}\u{0C}"), #""\b\f""#)
        XCTAssertEqual(JSONValue.quote("\u{00}\u{01}\u{1B}\u{1F}"), #""\u0000\u0001\u001b\u001f""#)
        // Non-ASCII stays UTF-8; DEL and "/" need no escape.
        XCTAssertEqual(JSONValue.quote("Zoë 日本 é/"), "\"Zoë 日本 é/\"")
    }

    func testEscapedStringsRoundTripThroughJSONSerialization() throws {
        let nasty = "q\"b\\s/n\nr\rt\tnul\u{0}esc\u{1B}é日本👍"
        let text = JSONValue.array([.string(nasty)]).compact
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        XCTAssertEqual(parsed, [nasty])
    }

    func testCompactAndPrettyKeepKeyOrder() {
        let value = JSONValue.object([
            ("z", .int(1)), ("a", .bool(false)), ("m", .null),
            ("list", .array([.object([("k", .string("v")), ("pairs", .array([.array([.string("a"), .string("b")])]))])])),
            ("empty", .array([]))
        ])
        XCTAssertEqual(value.compact, #"{"z":1,"a":false,"m":null,"list":[{"k":"v","pairs":[["a","b"]]}],"empty":[]}"#)
        XCTAssertEqual(
            value.pretty(),
            """
            {
              "z": 1,
              "a": false,
              "m": null,
              "list": [
                {"k": "v", "pairs": [["a", "b"]]}
              ],
              "empty": []
            }
            """)
    }
}

final class JSONControlEscapeTests: XCTestCase {
    func testDELC1AndBidiControlsAreEscaped() {
        XCTAssertEqual(JSONValue.quote("a\u{7F}b\u{9B}c\u{202E}d\u{2066}e\u{200F}"), #""a\u007fb\u009bc\u202ed\u2066e\u200f""#)
    }
}
