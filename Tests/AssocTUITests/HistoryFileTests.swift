import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// The prompts' history across runs (`HistoryFile`): where it lives, what it keeps, and that a
/// damaged, huge or unreadable file never stops the browser.
final class HistoryFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "assoc-history-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var path: String { folder + "/assoc/history" }

    func testThePathFollowsXDGAndTheSwitch() {
        XCTAssertEqual(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/assoc/history")
        XCTAssertEqual(HistoryFile.defaultPath(environment: ["HOME": "/h"]), "/h/.local/state/assoc/history")
        XCTAssertEqual(HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.local/state/assoc/history")
        XCTAssertNil(HistoryFile.defaultPath(environment: ["HOME": "/h", "ASSOC_HISTORY": "0"]))
        XCTAssertNil(HistoryFile.defaultPath(environment: [:]))
    }

    func testEntriesComeBackWhateverTheirCharacters() throws {
        let file = HistoryFile(path: path)
        let texts = ["Artist.filter(Name = 'AC/DC')", "a\\b\tc\nd\r\ne", "é 漢字 🧑🏽‍🚒", "x\\n"]
        for text in texts { file.append(text, kind: .request) }
        file.append("year > 2000", kind: .filter)
        file.append("rock", kind: .find)
        file.append("not kept", kind: .jump)
        let (entries, note) = file.load()
        XCTAssertNil(note)
        XCTAssertEqual(entries[.request], texts)
        XCTAssertEqual(entries[.filter], ["year > 2000"])
        XCTAssertEqual(entries[.find], ["rock"])
        XCTAssertNil(entries[.jump])
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
        let folderMode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/assoc")[.posixPermissions] as? Int)
        XCTAssertEqual(folderMode & 0o777, 0o700)
    }

    func testTheFileIsBoundedToItsLastThousandEntries() throws {
        let file = HistoryFile(path: path)
        for index in 0..<2_500 { file.append("Track.limit(\(index))", kind: .request) }
        file.compact()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, HistoryFile.limit)
        XCTAssertEqual(lines.last, "request\tTrack.limit(2499)")
        XCTAssertEqual(file.load().entries[.request]?.first, "Track.limit(1500)")
    }

    /// Damaged lines are skipped and counted; a file bigger than the reader reads is read from its
    /// end; a folder where the file should be is said in one line.
    func testDamagedHugeAndUnreadableFilesAreSkipped() throws {
        try FileManager.default.createDirectory(atPath: folder + "/assoc", withIntermediateDirectories: true)
        var bytes = Data("request\tArtist\nnonsense line\nfind\tbad \\q escape\n".utf8)
        bytes.append(contentsOf: [0x72, 0x65, 0x71, 0x75, 0x65, 0x73, 0x74, 0x09, 0xFF, 0xFE, 0x0A])  // invalid UTF-8
        bytes.append(Data("filter\tyear > 2000\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        var (entries, note) = HistoryFile(path: path).load()
        XCTAssertEqual(entries[.request], ["Artist"])
        XCTAssertEqual(entries[.filter], ["year > 2000"])
        XCTAssertEqual(note, "History: 3 damaged lines skipped in \(path)")

        var huge = Data(repeating: 0x41, count: 3 << 20)
        huge.append(Data("\nrequest\tAlbum\n".utf8))
        try huge.write(to: URL(fileURLWithPath: path))
        (entries, note) = HistoryFile(path: path).load()
        XCTAssertEqual(entries[.request], ["Album"])
        XCTAssertNil(note, "the cut first line is not counted as damaged")

        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        (entries, note) = HistoryFile(path: path).load()
        XCTAssertTrue(entries.isEmpty)
        XCTAssertEqual(note, "History not read (not a regular file): \(path)")
        HistoryFile(path: path).append("x", kind: .request)  // nothing to append to: silent
    }

    /// Two writers at once (two browsers): every line whole, none lost.
    func testConcurrentAppendsKeepEveryLineWhole() throws {
        let file = HistoryFile(path: path)
        let long = String(repeating: "x", count: 3_000)
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for index in 0..<200 { file.append("w\(writer) \(index) " + long, kind: .request) }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let entries = lines.compactMap { HistoryFile.entry(String($0)) }
        XCTAssertEqual(entries.count, 800, "every line whole")
        XCTAssertEqual(Set(entries.map { $0.text.split(separator: " ").prefix(2).joined(separator: " ") }).count, 800)
        XCTAssertTrue(entries.allSatisfy { $0.text.hasSuffix(long) })
    }
}

/// The prompts with the history file: earlier runs' texts come back with ↑, Ctrl-R searches
/// them, and what Enter runs is appended to the file.
final class PromptHistoryTests: XCTestCase, ChinookBrowsing {
    func testEarlierRunsComeBackAndCtrlRSearchesThem() throws {
        let path = NSTemporaryDirectory() + "assoc-history-\(UUID().uuidString)/assoc/history"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let file = HistoryFile(path: path)
        for text in ["Album.limit(2)", "Artist.filter(Name = 'AC/DC')", "Track.order(Name)", "Album.order(Title.desc)"] {
            file.append(text, kind: .request)
        }
        let app = try makeApp()
        app.startHistory(file)
        press(app, .character(":"), .control("u"), .up)
        XCTAssertEqual(app.state.prompt?.text, "Album.order(Title.desc)")
        press(app, .control("u"))
        type(app, "alb")
        press(app, .control("r"))
        XCTAssertEqual(app.state.prompt?.text, "Album.order(Title.desc)")
        press(app, .control("r"))
        XCTAssertEqual(app.state.prompt?.text, "Album.limit(2)")
        XCTAssertEqual(app.state.message?.text, "History 1/4 holding ‘alb’ (Ctrl-R: older, Enter runs it)")
        press(app, .control("r"))
        XCTAssertEqual(app.state.message?.text, "No older entry in the history holding ‘alb’")
        press(app, .enter)
        XCTAssertEqual(app.state.rows?.view.table, "Album")
        // Run again, it is the newest line of the file; a filter is kept under its own kind.
        press(app, .character("/"))
        type(app, "AlbumId > 1")
        press(app, .enter)
        let entries = file.load().entries
        XCTAssertEqual(entries[.request]?.last, "Album.limit(2)")
        XCTAssertEqual(entries[.filter], ["AlbumId > 1"])
    }
}
