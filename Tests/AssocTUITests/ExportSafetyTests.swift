import Foundation
import TestSupport
import XCTest

@testable import AssocCore
@testable import AssocTUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `e` must never do: delete what it did not create, write through a link into a partial
/// state, block on a FIFO, leave a partial file, replace a file whose export failed.
final class ExportSafetyTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("export-safety-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: made + "/elsewhere", withIntermediateDirectories: true)
        directory = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
        let cleanup = directory
        addTeardownBlock { try? FileManager.default.removeItem(atPath: cleanup) }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func names() -> [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let nested = (try? FileManager.default.contentsOfDirectory(atPath: path("elsewhere"))) ?? []
        return (top + nested.map { "elsewhere/" + $0 }).sorted()
    }

    func isLink(_ name: String) -> Bool {
        var info = stat()
        return lstat(path(name), &info) == 0 && (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFLNK)
    }

    func exporter() throws -> RequestExporter { RequestExporter(db: try ChinookFixture.database(), progressEvery: 2) }

    /// A write that fails half way (the file size limit here) leaves the existing file's bytes.
    func testAFailedExportLeavesTheExistingFileAsItWas() throws {
        try "keep me".write(toFile: path("tracks.json"), atomically: false, encoding: .utf8)
        var old = rlimit()
        XCTAssertEqual(getrlimit(fileSizeLimitResource, &old), 0)
        var small = old
        small.rlim_cur = 300
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        XCTAssertEqual(setrlimit(fileSizeLimitResource, &small), 0)
        let outcome = Result { try exporter().export(Table("Track").all, to: path("tracks.json"), format: .json, replacing: .any) }
        setrlimit(fileSizeLimitResource, &old)
        signal(SIGXFSZ, oldHandler)
        guard case .failure(let error) = outcome else { return XCTFail("the export did not fail") }
        guard case .cannotWrite(let named, _)? = error as? FileWriteError else { return XCTFail("\(error)") }
        XCTAssertEqual(named, path("tracks.json"))
        XCTAssertEqual(try String(contentsOfFile: path("tracks.json"), encoding: .utf8), "keep me")
        XCTAssertEqual(names(), ["elsewhere", "tracks.json"])
    }

    /// A character device named like `/dev/full` (made here when root): refused before it is
    /// opened, and still there afterwards.
    func testACharacterDeviceIsRefusedAndNeverRemoved() throws {
        #if os(Linux)
            guard geteuid() == 0 else { throw XCTSkip("mknod needs root") }
            XCTAssertEqual(mknod(path("full"), mode_t(S_IFCHR) | 0o666, dev_t(1 << 8 | 7)), 0)
            XCTAssertThrowsError(try exporter().export(Table("Track").all, to: path("full"), format: .json, replacing: .any)) {
                XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("full"), kind: "a character device"))
            }
            var info = stat()
            XCTAssertEqual(lstat(path("full"), &info), 0, "the device node is still there")
            XCTAssertEqual(names(), ["elsewhere", "full"])
        #else
            throw XCTSkip("Linux device numbers")
        #endif
    }

    /// A FIFO is refused without waiting for a reader.
    func testAFIFOIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(path("pipe.json"), 0o644), 0)
        let exporter = WorkerBox(try exporter())
        let fifo = path("pipe.json")
        let done = DispatchSemaphore(value: 0)
        let box = ErrorBox()
        DispatchQueue.global().async {
            do {
                _ = try exporter.value.export(Table("Artist").all, to: fifo, format: .json, replacing: .any)
            } catch {
                box.error = error as? FileWriteError
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            // It opened the FIFO and waits for a reader: release it, and fail.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            done.wait()
            close(reader)
            return XCTFail("the export blocked on the FIFO")
        }
        XCTAssertEqual(box.error, .notRegularFile(path: fifo, kind: "a FIFO (named pipe)"))
        XCTAssertEqual(names(), ["elsewhere", "pipe.json"])
    }

    /// Cancelled after the overwrite was confirmed: the link is still a link, its target keeps
    /// its bytes, nothing else is left.
    func testACancelledExportThroughALinkChangesNothing() throws {
        try "target bytes".write(toFile: path("elsewhere/target.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("elsewhere/target.txt", path("out.json")), 0)
        let confirmed = try FileDestination.resolve(path("out.json"))
        XCTAssertThrowsError(
            try exporter().export(
                Table("Track").all, to: path("out.json"), format: .json,
                replacing: .confirmed(confirmed)
            ) { $0.written < 4 }
        ) {
            XCTAssertEqual($0 as? FileWriteError, .cancelled(path: path("out.json")))
        }
        XCTAssertTrue(isLink("out.json"))
        XCTAssertEqual(try String(contentsOfFile: path("elsewhere/target.txt"), encoding: .utf8), "target bytes")
        XCTAssertEqual(names(), ["elsewhere", "elsewhere/target.txt", "out.json"])

        // Completed, the target has the rows and the link stays.
        let written = try exporter().export(Table("Artist").all, to: path("out.json"), format: .csv, replacing: .confirmed(confirmed))
        XCTAssertEqual(written, 3)
        XCTAssertTrue(isLink("out.json"))
        XCTAssertEqual(
            try String(contentsOfFile: path("elsewhere/target.txt"), encoding: .utf8),
            "ArtistId,Name\r\n1,AC/DC\r\n2,Accept\r\n3,Aerosmith\r\n")
    }

    /// A dangling link: cancelled, nothing is created at its target and the link stays.
    func testACancelledExportThroughADanglingLinkCreatesNothing() throws {
        XCTAssertEqual(symlink("elsewhere/missing.json", path("out.json")), 0)
        XCTAssertThrowsError(
            try exporter().export(
                Table("Track").all, to: path("out.json"), format: .json,
                replacing: .confirmed(try FileDestination.resolve(path("out.json")))
            ) { $0.written < 4 })
        XCTAssertTrue(isLink("out.json"))
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
    }

    /// The database being read is never the export's destination, confirmed or not.
    func testTheDatabaseBeingReadIsNeverWritten() throws {
        let file = path("data.sqlite")
        do {
            let writer = try Connection(path: file, mode: .readWrite(create: true))
            try writer.execute("CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let db = try Database(path: file)
        for name in ["data.sqlite", "data.sqlite-wal"] {
            XCTAssertThrowsError(try RequestExporter(db: db).export(Table("t").all, to: path(name), format: .json, replacing: .any), name) {
                XCTAssertEqual($0 as? FileWriteError, .databaseFile(path: path(name)))
            }
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
        XCTAssertEqual(names(), ["data.sqlite", "elsewhere"])
    }

    // MARK: The prompt

    func type(_ text: String) -> [KeyEvent] { text.map { KeyEvent.character($0) } }

    func app(_ keys: [KeyEvent]) throws -> BrowserApp {
        let terminal = FakeTerminal(width: 200, height: 24, keys: keys)
        let app = BrowserApp(dataSource: RequestDataSource(database: try ChinookFixture.database()), terminal: terminal, title: "t.db")
        app.run()
        return app
    }

    func testBlankNamesAreRefusedWithAMessage() {
        for name in ["", "   "] {
            var state = AppState(title: "t", size: Size(width: 80, height: 24))
            state.rows = RowsState(view: RequestView(table: "Album"))
            _ = Reducer.reduce(&state, .action(.export))
            _ = Reducer.reduce(&state, .promptKey(.control("u")))
            for character in name { _ = Reducer.reduce(&state, .promptKey(.character(character))) }
            XCTAssertEqual(Reducer.reduce(&state, .promptKey(.enter)), [], "no export for \"\(name)\"")
            XCTAssertNil(state.exportPrompt)
            XCTAssertEqual(state.message?.text, "Export cancelled: a file name is needed (the name is blank)")
            XCTAssertEqual(state.message?.isError, true)
        }
    }

    /// The question names the file a link leads to; `n` keeps it; `y` replaces it and says where
    /// the rows went.
    func testTheOverwritePromptNamesALinksTarget() throws {
        // Messages show the target relative to the current directory when that is shorter: from
        // `/` it is the absolute path, whatever directory the suite was started in (a clone
        // under /tmp made it `../export-safety-…/elsewhere/target.txt`).
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath("/"))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try "target bytes".write(toFile: path("elsewhere/target.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("elsewhere/target.txt", path("out.csv")), 0)
        let keys: [KeyEvent] = [.enter, .character("e"), .control("u")] + type(path("out.csv")) + [.enter]
        let asked = try app(keys)
        XCTAssertEqual(asked.state.exportPrompt?.line, "\(path("out.csv")) → \(path("elsewhere/target.txt")) exists: overwrite it? (y/N)")
        let refused = try app(keys + [.character("n")])
        XCTAssertEqual(refused.state.message?.text, "Export cancelled: \(path("out.csv")) → \(path("elsewhere/target.txt")) kept as it was")
        XCTAssertEqual(try String(contentsOfFile: path("elsewhere/target.txt"), encoding: .utf8), "target bytes")
        let confirmed = try app(keys + [.character("y")])
        XCTAssertEqual(
            confirmed.state.message?.text,
            "Exported 3 rows to \(path("out.csv")) → \(path("elsewhere/target.txt")) (CSV, the 2 columns of the view, all on screen; E exports every column)"
        )
        XCTAssertTrue(isLink("out.csv"))
        XCTAssertEqual(names(), ["elsewhere", "elsewhere/target.txt", "out.csv"])
    }

    /// Relative to the current directory when the link and its target share a directory.
    func testTheQuestionShowsATargetRelativeToTheCurrentDirectory() {
        let destination = FileDestination(
            path: "out.json", target: "/w/elsewhere/target.txt", isLink: true,
            existing: .regularFile(mode: 0o644, owner: 0, group: 0), shownTarget: "../elsewhere/target.txt")
        XCTAssertEqual(ExportPrompt.question(destination), "out.json → ../elsewhere/target.txt exists: overwrite it? (y/N)")
        XCTAssertEqual(FileDestination.relative("/w/elsewhere/target.txt", from: "/w/here"), "../elsewhere/target.txt")
        XCTAssertEqual(FileDestination.relative("/dev/null", from: "/w/here"), "/dev/null")
        let dangling = FileDestination(path: "out.json", target: "/w/gone.json", isLink: true, existing: .danglingLink, shownTarget: "../gone.json")
        XCTAssertEqual(ExportPrompt.question(dangling), "out.json is a link to ../gone.json, which does not exist: create it? (y/N)")
    }

    /// Refusals reach the message line, naming what the name is.
    func testAFIFOReachesTheMessageLine() throws {
        XCTAssertEqual(mkfifo(path("pipe.json"), 0o644), 0)
        let refused = try app([.enter, .character("e"), .control("u")] + type(path("pipe.json")) + [.enter])
        XCTAssertEqual(refused.state.message?.text, "Export failed: \(path("pipe.json")) is a FIFO (named pipe): exports write only regular files")
        XCTAssertNil(refused.state.exportPrompt)
    }
}

private final class ErrorBox: @unchecked Sendable {
    var error: FileWriteError?
}

#if os(Linux)
    private let fileSizeLimitResource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
    private let fileSizeLimitResource = RLIMIT_FSIZE
#endif
