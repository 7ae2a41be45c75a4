import XCTest

@testable import AssocCore

/// The limits of declared associations (issue 32, item 5): 64 columns a key, 63 associations a
/// through chain once its through steps are expanded, 10,000 declarations in all; each past the
/// limit is an error naming the file, line and column, and the limit. And the columns of the
/// one-pass locator are the ones `RequestSyntaxError` gives.
final class DeclarationLimitsTests: XCTestCase {
    /// `node` links to itself (`parent`); `wide` has a 65-column key that `child` references.
    static let schemaSQL: String = {
        let columns = (1...65).map { "c\($0) INTEGER" }.joined(separator: ", ")
        let parents = (1...65).map { "p\($0) INTEGER" }.joined(separator: ", ")
        let key = (1...65).map { "c\($0)" }.joined(separator: ", ")
        return """
            CREATE TABLE node(id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES node(id), name TEXT);
            CREATE TABLE wide(\(columns), PRIMARY KEY (\(key)));
            CREATE TABLE child(id INTEGER PRIMARY KEY, \(parents));
            """
    }()

    func graph(_ declarations: [AssociationDeclaration]) throws -> AssociationGraph {
        let connection = try Connection.inMemory()
        try connection.execute(Self.schemaSQL)
        return try AssociationGraph(schema: try SchemaIntrospector.read(connection), declarations: declarations)
    }

    func graph(_ text: String) throws -> AssociationGraph {
        try graph(try AssociationDeclaration.parse(text, file: "test.assoc"))
    }

    /// The message of the error `text` gives, or "no error".
    func message(_ text: String) -> String {
        do {
            _ = try graph(text)
            return "no error"
        } catch {
            return AssocError.message(for: error)
        }
    }

    /// The 1-based column at which `part` first starts in `line`.
    func column(of part: String, in line: String) -> Int {
        guard let range = line.range(of: part) else { return 0 }
        return line.distance(from: line.startIndex, to: range.lowerBound) + 1
    }

    func list(_ prefix: String, _ count: Int) -> String {
        (1...count).map { "\(prefix)\($0)" }.joined(separator: ", ")
    }

    // MARK: Columns a key

    func testAKeyOfSixtyFourColumnsResolves() throws {
        let line = #"child.belongsTo(wide, key: "w", using: [\#(list("p", 64))], to: [\#(list("c", 64))])"#
        let association = try XCTUnwrap(try graph(line).association(named: "w", from: "child"))
        guard case .direct(let pairs) = association.path else { return XCTFail("not direct: \(association.path)") }
        XCTAssertEqual(pairs.count, 64)
        XCTAssertEqual(pairs.last, ColumnPair(origin: "p64", destination: "c64"))
    }

    func testAKeyPastSixtyFourColumnsIsAnErrorAtItsSixtyFifthColumn() {
        let using = #"child.belongsTo(wide, key: "w", using: [\#(list("p", 65))], to: [\#(list("c", 65))])"#
        XCTAssertEqual(
            message(using),
            "test.assoc:1:\(column(of: "p65", in: using)): using: lists more than 64 columns (a key has at most 64)")
        let to = #"child.belongsTo(wide, key: "w", using: [p1], to: [\#(list("c", 65))])"#
        XCTAssertEqual(
            message(to),
            "test.assoc:1:\(column(of: "c65", in: to)): to: lists more than 64 columns (a key has at most 64)")
        let foreignKey = "# GRDB's form\n" + #"child.belongsTo(wide, using: ForeignKey([\#(list("p", 65))], to: [\#(list("c", 65))]))"#
        let second = String(foreignKey.split(separator: "\n")[1])
        XCTAssertEqual(
            message(foreignKey),
            "test.assoc:2:\(column(of: "p65", in: second)): using: lists more than 64 columns (a key has at most 64)")
        // A list of 5,000 stops at the 65th, whatever follows.
        let long = #"wide.hasMany(child, using: [\#(list("x", 5_000))])"#
        XCTAssertEqual(
            message(long),
            "test.assoc:1:\(column(of: "x65", in: long)): using: lists more than 64 columns (a key has at most 64)")
    }

    // MARK: Steps a chain

    func testAThroughOfSixtyThreeStepsResolves() throws {
        let line = #"node.hasOne(node, through: [\#(Array(repeating: "parent", count: 63).joined(separator: ", "))], key: "ancestor")"#
        let association = try XCTUnwrap(try graph(line).association(named: "ancestor", from: "node"))
        XCTAssertEqual(association.kind, .hasOneThrough)
        var steps = 0
        var remainder: Association? = association
        while let current = remainder {
            if case .through(let pivot, let target) = current.path {
                XCTAssertEqual(pivot.name, "parent")
                steps += 1
                remainder = target
            } else {
                steps += 1
                remainder = nil
            }
        }
        XCTAssertEqual(steps, 63)
        // Each of the 62 levels read once (reading each twice took 2^62 steps: `schema --format json` never ended).
        XCTAssertEqual(association.throughStepNames, Array(repeating: "parent", count: 63))
    }

    func testAThroughPastSixtyThreeStepsIsAnErrorAtItsSixtyFourthStep() {
        let steps = Array(repeating: "parent", count: 1_000)
        let line = #"node.hasOne(node, through: [\#(steps.joined(separator: ", "))], key: "ancestor")"#
        let sixtyFourth = column(of: "[", in: line) + 1 + 63 * "parent, ".count
        XCTAssertEqual(
            message(line),
            "test.assoc:1:\(sixtyFourth): through: lists more than 63 steps (a chain follows at most 63 associations: with its origin, the 64 tables SQLite joins at most)"
        )
    }

    func testThroughStepsCountTheirOwnSteps() throws {
        let forty = Array(repeating: "parent", count: 40).joined(separator: ", ")
        let twentyThree = Array(repeating: "parent", count: 23).joined(separator: ", ")
        let accepted = """
            node.hasOne(node, through: [\(forty)], key: "a40")
            node.hasOne(node, through: [a40, \(twentyThree)], key: "a63")
            """
        XCTAssertNotNil(try graph(accepted).association(named: "a63", from: "node"))
        let tooLong = accepted + "\n" + #"node.hasOne(node, through: [a40, a40], key: "a80")"#
        let third = #"node.hasOne(node, through: [a40, a40], key: "a80")"#
        XCTAssertEqual(
            message(tooLong),
            """
            test.assoc:3:\(column(of: "a40]", in: third)): through: the chain follows more than 63 associations when it reaches "a40" \
            (a through step counts its own steps; a chain follows at most 63: with its origin, the 64 tables SQLite joins at most)
            """)
        // A step that fills the chain alone leaves room for no other.
        let nested = accepted + "\n" + #"node.hasOne(node, through: [a63, parent], key: "a64")"#
        XCTAssertTrue(
            message(nested).hasPrefix(
                "test.assoc:3:\(column(of: "parent", in: "node.hasOne(node, through: [a63, parent]")): through: the chain follows more than 63"),
            message(nested))
    }

    // MARK: Declarations in all

    func testTenThousandDeclarationsResolve() throws {
        let text = (1...10_000).map { #"node.belongsTo(node, key: "k\#($0)", using: [parentId])"# }.joined(separator: "\n")
        let graph = try graph(text)
        XCTAssertEqual(graph.associations(from: "node").filter { $0.source == .declared }.count, 10_000)
        XCTAssertEqual(graph.association(named: "k10000", from: "node")?.destination, "node")
    }

    func testTheDeclarationPastTenThousandIsAnErrorAtItsLine() throws {
        let expected = "more than 10000 declarations (the most one run reads, in all its files together)"
        let lines = (1...10_001).map { #"node.belongsTo(node, key: "k\#($0)", using: [parentId])"# }
        XCTAssertEqual(message("# many\n" + lines.joined(separator: "\n")), "test.assoc:10002:1: " + expected)
        // Counted across files: after 9,999 declarations elsewhere, the second one of this file.
        XCTAssertThrowsError(try AssociationDeclaration.parse(lines[0] + "\n\n  " + lines[1], file: "b.assoc", earlier: 9_999)) {
            XCTAssertEqual(AssocError.message(for: $0), "b.assoc:3:3: " + expected)
        }
        // And by the graph, for declarations parsed file by file without counting.
        let first = try AssociationDeclaration.parse(lines.prefix(10_000).joined(separator: "\n"), file: "a.assoc")
        let second = try AssociationDeclaration.parse(lines[10_000], file: "b.assoc")
        XCTAssertThrowsError(try graph(first + second)) {
            XCTAssertEqual(AssocError.message(for: $0), "b.assoc:1:1: " + expected)
        }
    }

    // MARK: Lines and columns

    /// The one-pass split gives the lines the scalar-by-scalar one gave: split on LF, one CR
    /// before it dropped, cut at `#` outside quotes, blank ones (U+00A0, U+3000 too) left out.
    func testDeclarationLinesAreTheOnesOfTheScalarSplit() {
        func reference(_ text: String) -> [(Int, String)] {
            text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, scalars in
                var line = String.UnicodeScalarView(scalars)
                if line.last == "\r" { line.removeLast() }
                var quote: Unicode.Scalar?
                var kept = String.UnicodeScalarView()
                for scalar in line {
                    if let open = quote {
                        if scalar == open { quote = nil }
                    } else if scalar == "#" {
                        break
                    } else if scalar == "\"" || scalar == "'" || scalar == "`" {
                        quote = scalar
                    }
                    kept.append(scalar)
                }
                let text = String(kept)
                return text.allSatisfy(\.isWhitespace) ? nil : (index + 1, text)
            }
        }
        let texts = [
            "a\r\nb\r\n\r\n  # c\n\"x#y\" # z\n'#'`#`#\n\u{A0}\u{3000}\t\n\u{A0}é\n\r\r\n\u{0B}x\u{0C}\r",
            "#only\n\n", "", "\n", "no newline at end", "\"unterminated # quote\nnext # line", "é#\u{301}\r\n日本 # 語"
        ]
        for text in texts {
            let lines = DeclarationParser.declarationLines(of: text)
            XCTAssertEqual(lines.map(\.number), reference(text).map(\.0), text.debugDescription)
            XCTAssertEqual(lines.map(\.text), reference(text).map(\.1), text.debugDescription)
            for line in lines where line.isPlainASCII {
                XCTAssertTrue(line.text.utf8.allSatisfy { $0 < 0x80 && !(0x0A...0x0D).contains($0) }, line.text.debugDescription)
            }
        }
    }

    func testColumnsAreTheOnesRequestSyntaxErrorGives() {
        let lines = [
            "Track.belongsTo(Genre)", "Træck.belongsTo(Génre, key: \"é\u{301}x\")", "a\u{301}\u{302}.b", "👩‍👩‍👧 x 🇫🇷 y",
            "one\rtwo three", "a\u{2028}b c", "\u{301}x", "\t\u{1B}[31m x", "", "\"a\u{301}\"\u{301}b"
        ]
        for line in lines {
            let columns = LineColumns(line)
            for offset in 0...(line.utf8.count + 2) {
                let expected = RequestSyntaxError(message: "", position: offset, in: line).column
                XCTAssertEqual(columns.column(atOffset: offset), expected, "offset \(offset) of \(line.debugDescription)")
            }
        }
    }
}
