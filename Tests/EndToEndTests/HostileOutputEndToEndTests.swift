import Foundation
import XCTest

/// No control sequence from cell data reaches the terminal: the raw bytes `assoc` writes are
/// recorded with `tmux pipe-pane` while it shows escape-laden names and values, then scanned.
final class HostileOutputEndToEndTests: XCTestCase {
    static let esc = "\u{1B}", bel = "\u{07}"

    /// Tables whose names, columns and values carry ANSI colours, OSC 0/8/52, bidi overrides,
    /// C1 CSI (raw 0x9B and U+009B), NUL, DEL and invalid UTF-8.
    static var hostileSQL: String {
        let e = esc
        let b = bel
        return """
            CREATE TABLE h (k TEXT PRIMARY KEY, v TEXT, "c\(e)[31mCOLRED" TEXT);
            INSERT INTO h VALUES ('ansi', char(27) || '[31mREDTEXT' || char(27) || '[0m', 'x');
            INSERT INTO h VALUES ('title', char(27) || ']0;PWNEDTITLE' || char(7), 'x');
            INSERT INTO h VALUES ('clip', char(27) || ']52;c;SEVMTE9DTElQ' || char(7), 'x');
            INSERT INTO h VALUES ('link', char(27) || ']8;;http://evil.example/' || char(27) || '\\' || 'click' || char(27) || ']8;;' || char(27) || '\\', 'x');
            INSERT INTO h VALUES ('bidi', char(8238) || 'evil' || char(8294) || 'x' || char(8297) || char(8234) || char(8236), 'x');
            INSERT INTO h VALUES ('c1', CAST(X'9B33316D433152415721' AS TEXT) || char(155) || '32mC1UTF8', 'x');
            INSERT INTO h VALUES ('nul', 'before' || char(0) || 'after' || char(127) || 'del', 'x');
            INSERT INTO h VALUES ('utf8', CAST(X'41FFFE42C3' AS TEXT), 'x');
            INSERT INTO h VALUES (char(27) || ']0;KEYTITLE' || char(7), char(27) || ']52;c;S0VZQ0xJUA==' || char(7), 'x');
            CREATE TABLE child (id INTEGER PRIMARY KEY, hk TEXT REFERENCES h(k), note TEXT);
            INSERT INTO child VALUES (1, char(27) || ']0;KEYTITLE' || char(7), char(27) || '[2J' || 'CLEARED');
            INSERT INTO child VALUES (2, 'clip', char(155) || '2J');
            CREATE TABLE "evil\(e)]0;TABLETITLE\(b)" (id INTEGER PRIMARY KEY, "n\(e)]52;c;Q09MQ0xJUA==\(b)" TEXT);
            INSERT INTO "evil\(e)]0;TABLETITLE\(b)" VALUES (1, 'y');
            """
    }

    func testRawOutputCarriesNoControlSequenceFromData() throws {
        let assoc = try Products.assoc()
        let db = try Products.makeDatabase(Self.hostileSQL, name: "hostile.sqlite")
        let directory = URL(fileURLWithPath: db).deletingLastPathComponent()
        let ready = directory.appendingPathComponent("hostile-ready").path
        let record = directory.appendingPathComponent("hostile-output.bin").path
        try? FileManager.default.removeItem(atPath: ready)
        try? FileManager.default.removeItem(atPath: record)
        // The browser starts only once pipe-pane records: every byte it writes is in the file.
        let session = try TmuxSession(
            command: "while [ ! -e '\(ready)' ]; do sleep 0.05; done; '\(assoc)' '\(db)'; echo EXITED $?; sleep 5", width: 120, height: 30)
        defer { session.kill() }
        XCTAssertEqual(session.tmux(["pipe-pane", "-o", "-t", "0", "cat >> " + Shell.quote(record)]), 0)
        _ = FileManager.default.createFile(atPath: ready, contents: nil)

        session.waitFor("child")
        session.send("Enter")  // h: every hostile value in the grid
        session.waitFor("Rows: h")
        for _ in 0..<4 { session.send("l") }  // scroll through the columns
        for _ in 0..<9 {
            session.send("v")  // the record view of each row
            session.send("Escape", "j")
        }
        session.send("BSpace", "j", "Enter")  // child: follow its hostile foreign key
        let child = session.waitFor("Rows: child")
        session.send("Tab", "Enter")  // Links: h, from the first row (key ESC]0;KEYTITLE)
        session.waitForChange(from: child, timeout: 5) { !$0.contains("loading…") && !$0.contains("Esc cancels") }
        session.send("BSpace", "BSpace", "BSpace", "j", "Enter")  // the table with a hostile name
        session.waitFor("Rows: evil")
        session.send("?")
        session.waitFor("Help: keys by group")
        session.send("Escape", "q")
        session.waitFor("EXITED 0")
        // Every byte assoc wrote is recorded once the shell's line after it is.
        let recorded = Date().addingTimeInterval(5)
        while !((try? String(contentsOfFile: record, encoding: .isoLatin1))?.contains("EXITED 0") ?? false) && Date() < recorded {
            Thread.sleep(forTimeInterval: TmuxSession.pollInterval)
        }
        session.tmux(["pipe-pane", "-t", "0"])

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: record)))
        XCTAssertGreaterThan(bytes.count, 2000, "the screens were recorded")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(
            text.contains("REDTEXT") && text.contains("PWNEDTITLE") && text.contains("SEVMTE9DTElQ"),
            "the hostile values were drawn (as inert text)")
        XCTAssertTrue(text.contains("TABLETITLE"), "the hostile table name was drawn")
        for finding in Self.hostileSequences(in: bytes) {
            XCTFail(finding)
        }
    }

    /// Every control sequence in `bytes` that came from data. ncurses' own sequences (CSI with
    /// parameters for moves and colours, charset switches) are allowed; it never writes OSC.
    static func hostileSequences(in bytes: [UInt8]) -> [String] {
        var findings: [String] = []
        func contains(_ needle: [UInt8]) -> Bool {
            guard needle.count <= bytes.count else { return false }
            return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        let esc: UInt8 = 0x1B
        let patterns: [(String, [UInt8])] = [
            ("OSC (ESC ])", [esc, UInt8(ascii: "]")]),
            ("the data's colour ESC[31m before REDTEXT", Array("\u{1B}[31mREDTEXT".utf8)),
            ("the data's clear-screen before CLEARED", Array("\u{1B}[2JCLEARED".utf8)),
            ("ESC \\ (string terminator)", [esc, UInt8(ascii: "\\")]),
            ("C1 controls as UTF-8 (U+0080–U+009F)", [])
        ]
        for (name, needle) in patterns where !needle.isEmpty && contains(needle) {
            findings.append("found \(name)")
        }
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            if let value = Unicode.Scalar(scalar), contains(Array(String(Character(value)).utf8)) {
                findings.append("found bidi control U+\(String(scalar, radix: 16, uppercase: true))")
            }
        }
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x00 { findings.append("found NUL at \(index)") }
            if byte == 0x7F { findings.append("found DEL at \(index)") }
            if byte == 0xFF || byte == 0xFE { findings.append("found invalid UTF-8 byte \(byte) at \(index)") }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                findings.append("found a C1 control U+00\(String(bytes[index + 1], radix: 16)) at \(index)")
            }
        }
        // A 0x9B that is not a continuation byte of a valid UTF-8 sequence is a raw C1 CSI.
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            if length == 0 {
                if byte == 0x9B { findings.append("found a raw 0x9B (C1 CSI) at \(index)") }
                index += 1
                continue
            }
            index += length
        }
        return Array(findings.prefix(20))
    }

    func testTheScannerFindsWhatItLooksFor() {
        let bad = Array("ok\u{1B}]52;c;SEVMTE9DTElQ\u{07}".utf8) + [0x9B] + Array("\u{202E}".utf8) + [0xC2, 0x9B]
        let findings = Self.hostileSequences(in: bad)
        XCTAssertTrue(findings.contains("found OSC (ESC ])"), "\(findings)")
        XCTAssertTrue(findings.contains("found bidi control U+202E"), "\(findings)")
        XCTAssertTrue(findings.contains { $0.hasPrefix("found a raw 0x9B") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.hasPrefix("found a C1 control U+009b") }, "\(findings)")
        XCTAssertEqual(Self.hostileSequences(in: Array("\u{1B}[1;1H\u{1B}[31m─│⠹ fine".utf8)), [])
    }
}
