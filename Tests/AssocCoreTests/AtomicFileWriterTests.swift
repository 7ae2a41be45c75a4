import AssocCore
import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `AtomicFileWriter` and `FileDestination`: only regular files, never opened before they are
/// checked, written whole or not at all through a temporary file in the target's real directory,
/// links followed to their target (the link stays), nothing removed but the writer's own file.
final class AtomicFileWriterTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        let made = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: made + "/elsewhere", withIntermediateDirectories: true)
        // Without links (macOS's /tmp is /private/tmp): targets are compared as the writer finds them.
        directory = URL(fileURLWithPath: made).resolvingSymlinksInPath().path
        let cleanup = directory
        addTeardownBlock {
            chdir("/")
            try? FileManager.default.removeItem(atPath: cleanup)
        }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func contents(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }

    /// Every name in the test directory and `elsewhere` (temporary files included).
    func names() -> [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let nested = (try? FileManager.default.contentsOfDirectory(atPath: path("elsewhere"))) ?? []
        return (top + nested.map { "elsewhere/" + $0 }).sorted()
    }

    func write(_ text: String, to name: String, replacing: AtomicFileWriter.Replacing = .never) throws {
        let writer = try AtomicFileWriter(path: path(name), replacing: replacing)
        try writer.write(Array(text.utf8))
        try writer.commit()
    }

    func mode(_ name: String) -> mode_t {
        var info = stat()
        _ = lstat(path(name), &info)
        return info.st_mode & 0o7777
    }

    func isLink(_ name: String) -> Bool {
        var info = stat()
        return lstat(path(name), &info) == 0 && (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFLNK)
    }

    // MARK: New files

    func testANewFileAppearsOnlyWhenCompleteWithMode0644LessTheUmask() throws {
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .never)
        try writer.write(Array("[1,".utf8))
        // While it is written: nothing at the destination, one temporary file beside it.
        XCTAssertNil(contents("out.json"))
        XCTAssertEqual(names().count, 2, "\(names())")
        XCTAssertTrue(writer.temporaryPath?.hasPrefix(directory + "/.assoc-") == true, writer.temporaryPath ?? "")
        try writer.write(Array("2]\n".utf8))
        try writer.commit()
        XCTAssertEqual(contents("out.json"), "[1,2]\n")
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
        let umask = Self.currentUmask()
        XCTAssertEqual(mode("out.json"), 0o644 & ~umask)
    }

    func testAbandonedOrDroppedWriterLeavesNothing() throws {
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .never)
        try writer.write(Array(repeating: 65, count: 100_000))
        writer.abandon()
        XCTAssertEqual(names(), ["elsewhere"])
        do {
            let dropped = try AtomicFileWriter(path: path("dropped.json"), replacing: .never)
            try dropped.write(Array("x".utf8))
        }
        XCTAssertEqual(names(), ["elsewhere"])
    }

    /// A relative path is under the current directory.
    func testRelativePathsAreUnderTheCurrentDirectory() throws {
        XCTAssertEqual(chdir(directory), 0)
        try write("relative", to: "rel.json")
        XCTAssertEqual(contents("rel.json"), "relative")
        let destination = try FileDestination.resolve("elsewhere/../rel.json")
        XCTAssertEqual(destination.existing, .regularFile(mode: UInt32(mode("rel.json")), owner: UInt32(geteuid()), group: UInt32(getegid())))
    }

    // MARK: Blank names and what is not a regular file

    func testBlankNamesAreRefused() {
        for name in ["", " ", "   ", "\t "] {
            XCTAssertThrowsError(try AtomicFileWriter(path: name, replacing: .any), name) {
                XCTAssertEqual($0 as? FileWriteError, .blankName)
            }
            XCTAssertTrue(FileDestination.isBlank(name))
        }
        XCTAssertFalse(FileDestination.isBlank(" a "))
        XCTAssertThrowsError(try AtomicFileWriter(path: path("a\0b"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .cannotWrite(path: path("a\0b"), reason: "the name holds a NUL byte"))
        }
        XCTAssertEqual(FileWriteError.blankName.message, "a file name is needed (the name is blank)")
    }

    /// A FIFO is refused before anything opens it: no reader needed, nothing blocks (a blocking
    /// open would hang here; the watchdog then opens the reading end and fails the test).
    func testAFIFOIsRefusedWithoutBlocking() throws {
        let fifo = path("pipe.json")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let outcome = Self.withWatchdog(releasing: fifo) { () -> FileWriteError? in
            do {
                _ = try AtomicFileWriter(path: fifo, replacing: .any)
                return nil
            } catch {
                return error as? FileWriteError
            }
        }
        guard let outcome else { return XCTFail("the FIFO blocked the writer") }
        XCTAssertEqual(outcome, .notRegularFile(path: fifo, kind: "a FIFO (named pipe)"))
        XCTAssertEqual(outcome?.message, "\(fifo) is a FIFO (named pipe): exports write only regular files")
        // Through a link too, and the FIFO is still there.
        XCTAssertEqual(symlink("pipe.json", path("to-pipe.json")), 0)
        XCTAssertThrowsError(try AtomicFileWriter(path: path("to-pipe.json"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("to-pipe.json") + " → " + fifo, kind: "a FIFO (named pipe)"))
        }
        XCTAssertEqual(names(), ["elsewhere", "pipe.json", "to-pipe.json"])
    }

    /// A character device (`/dev/null`, and a node named like `/dev/full` made here when root)
    /// is refused, and never removed.
    func testDevicesAreRefusedAndNeverRemoved() throws {
        XCTAssertThrowsError(try AtomicFileWriter(path: "/dev/null", replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: "/dev/null", kind: "a character device"))
        }
        XCTAssertEqual(symlink("/dev/null", path("null.json")), 0)
        XCTAssertThrowsError(try AtomicFileWriter(path: path("null.json"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("null.json") + " → /dev/null", kind: "a character device"))
        }
        #if os(Linux)
            if geteuid() == 0 {
                // /dev/full: major 1, minor 7 (Linux's encoding of small numbers: major << 8 | minor).
                XCTAssertEqual(mknod(path("full"), mode_t(S_IFCHR) | 0o666, dev_t(1 << 8 | 7)), 0)
                XCTAssertThrowsError(try AtomicFileWriter(path: path("full"), replacing: .any)) {
                    XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("full"), kind: "a character device"))
                }
                var info = stat()
                XCTAssertEqual(lstat(path("full"), &info), 0, "the device node is still there")
            }
        #endif
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/null"))
    }

    func testDirectoriesAndSocketsAreRefused() throws {
        XCTAssertThrowsError(try AtomicFileWriter(path: path("elsewhere"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("elsewhere"), kind: "a directory"))
        }
        XCTAssertThrowsError(try AtomicFileWriter(path: path("elsewhere/.."), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("elsewhere/.."), kind: "a directory"))
        }
        XCTAssertThrowsError(try AtomicFileWriter(path: path("new/"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("new/"), kind: "a directory name (it ends with /)"))
        }
        XCTAssertThrowsError(try AtomicFileWriter(path: path("missing/out.json"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .cannotWrite(path: path("missing/out.json"), reason: "no such directory: \(path("missing"))"))
        }
        let socketPath = path("sock")
        #if os(Linux)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_UNIX, stream, 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if bound == 0 {
            XCTAssertThrowsError(try AtomicFileWriter(path: socketPath, replacing: .any)) {
                XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: socketPath, kind: "a socket"))
            }
        }
        XCTAssertEqual(names(), bound == 0 ? ["elsewhere", "sock"] : ["elsewhere"])
    }

    // MARK: Replacing

    func testAnExistingFileIsReplacedOnlyWhenAllowedAndKeepsItsMode() throws {
        try "keep me".write(toFile: path("out.json"), atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path("out.json"), 0o600), 0)
        let existing = try FileDestination.resolve(path("out.json"))
        XCTAssertEqual(existing.existing, .regularFile(mode: 0o600, owner: UInt32(geteuid()), group: UInt32(getegid())))
        XCTAssertTrue(existing.needsConfirmation)
        XCTAssertEqual(existing.described, path("out.json"))
        XCTAssertThrowsError(try write("new", to: "out.json")) { XCTAssertEqual($0 as? FileWriteError, .exists(existing)) }
        XCTAssertEqual(contents("out.json"), "keep me")
        try write("new", to: "out.json", replacing: .confirmed(existing))
        XCTAssertEqual(contents("out.json"), "new")
        XCTAssertEqual(mode("out.json"), 0o600)
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
    }

    /// A failed or abandoned replacement leaves the existing file's bytes as they were.
    func testAnAbandonedReplacementLeavesTheExistingBytes() throws {
        try "keep me".write(toFile: path("out.json"), atomically: false, encoding: .utf8)
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .any)
        try writer.write(Array(repeating: 66, count: 1 << 20))
        XCTAssertEqual(contents("out.json"), "keep me")
        writer.abandon()
        XCTAssertEqual(contents("out.json"), "keep me")
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
    }

    /// What was confirmed is what gets replaced: a destination that changed since (another file,
    /// another link target) asks again.
    func testAConfirmationHoldsOnlyForWhatWasConfirmed() throws {
        try "one".write(toFile: path("elsewhere/one.txt"), atomically: false, encoding: .utf8)
        try "two".write(toFile: path("elsewhere/two.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("elsewhere/one.txt", path("out.json")), 0)
        let confirmed = try FileDestination.resolve(path("out.json"))
        XCTAssertEqual(unlink(path("out.json")), 0)
        XCTAssertEqual(symlink("elsewhere/two.txt", path("out.json")), 0)
        XCTAssertThrowsError(try write("new", to: "out.json", replacing: .confirmed(confirmed))) {
            guard case .exists(let now)? = $0 as? FileWriteError else { return XCTFail("\($0)") }
            XCTAssertEqual(now.target, path("elsewhere/two.txt"))
        }
        XCTAssertEqual(contents("elsewhere/one.txt"), "one")
        XCTAssertEqual(contents("elsewhere/two.txt"), "two")
    }

    /// A file that appears while the writer works is not replaced: the complete file is linked in
    /// only if the name is still free.
    func testAFileThatAppearsMeanwhileIsNeverReplaced() throws {
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .never)
        try writer.write(Array("mine".utf8))
        try "theirs".write(toFile: path("out.json"), atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try writer.commit()) {
            guard case .exists? = $0 as? FileWriteError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(contents("out.json"), "theirs")
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
    }

    /// Something not a regular file that appears meanwhile is not replaced either.
    func testAFIFOThatAppearsMeanwhileIsNeverReplaced() throws {
        try "old".write(toFile: path("out.json"), atomically: false, encoding: .utf8)
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .any)
        try writer.write(Array("new".utf8))
        XCTAssertEqual(unlink(path("out.json")), 0)
        XCTAssertEqual(mkfifo(path("out.json"), 0o644), 0)
        XCTAssertThrowsError(try writer.commit()) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("out.json"), kind: "a FIFO (named pipe)"))
        }
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
    }

    // MARK: Links

    /// A link's target is replaced whole (renamed over in the target's directory); the link stays
    /// a link; the destination names the target relative to the current directory.
    func testALinkIsFollowedToItsTargetWhichIsReplacedWhole() throws {
        XCTAssertEqual(chdir(path("elsewhere")), 0)
        try "target bytes".write(toFile: path("target.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path("target.txt"), 0o640), 0)
        XCTAssertEqual(symlink("../target.txt", path("elsewhere/out.json")), 0)
        let destination = try FileDestination.resolve("out.json")
        XCTAssertTrue(destination.isLink)
        XCTAssertEqual(destination.target, path("target.txt"))
        XCTAssertEqual(destination.shownTarget, "../target.txt")
        XCTAssertEqual(destination.described, "out.json → ../target.txt")
        XCTAssertEqual(FileWriteError.exists(destination).message, "out.json → ../target.txt exists")

        let writer = try AtomicFileWriter(path: "out.json", replacing: .confirmed(destination))
        XCTAssertEqual(writer.temporaryPath.map { FileDestinationTestPaths.parent(of: $0) }, directory, "the temporary file is beside the target")
        try writer.write(Array("new bytes".utf8))
        writer.abandon()
        XCTAssertEqual(contents("target.txt"), "target bytes")
        XCTAssertTrue(isLink("elsewhere/out.json"))

        try write("new bytes", to: "elsewhere/out.json", replacing: .confirmed(try FileDestination.resolve(path("elsewhere/out.json"))))
        XCTAssertEqual(contents("target.txt"), "new bytes")
        XCTAssertEqual(mode("target.txt"), 0o640)
        XCTAssertTrue(isLink("elsewhere/out.json"))
        XCTAssertEqual(names(), ["elsewhere", "elsewhere/out.json", "target.txt"])
    }

    /// A dangling link asks (its name is taken); confirmed, it creates the target; abandoned,
    /// nothing is created and the link stays.
    func testADanglingLinkAsksAndCreatesItsTargetOnlyWhenComplete() throws {
        XCTAssertEqual(symlink("elsewhere/gone.txt", path("out.json")), 0)
        let destination = try FileDestination.resolve(path("out.json"))
        XCTAssertEqual(destination.existing, .danglingLink)
        XCTAssertTrue(destination.needsConfirmation)
        XCTAssertThrowsError(try write("x", to: "out.json")) { XCTAssertEqual($0 as? FileWriteError, .exists(destination)) }
        let writer = try AtomicFileWriter(path: path("out.json"), replacing: .confirmed(destination))
        try writer.write(Array(repeating: 67, count: 1 << 20))
        writer.abandon()
        XCTAssertEqual(names(), ["elsewhere", "out.json"])
        try write("created", to: "out.json", replacing: .confirmed(destination))
        XCTAssertEqual(contents("elsewhere/gone.txt"), "created")
        XCTAssertTrue(isLink("out.json"))
    }

    func testChainsAndLoopsOfLinks() throws {
        try "end".write(toFile: path("elsewhere/end.txt"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("elsewhere/end.txt", path("b")), 0)
        XCTAssertEqual(symlink(path("b"), path("a")), 0)
        XCTAssertEqual(try FileDestination.resolve(path("a")).target, path("elsewhere/end.txt"))
        XCTAssertEqual(symlink("loop2", path("loop1")), 0)
        XCTAssertEqual(symlink("loop1", path("loop2")), 0)
        XCTAssertThrowsError(try AtomicFileWriter(path: path("loop1"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .cannotWrite(path: path("loop1"), reason: "too many levels of symbolic links"))
        }
        // A link to a directory.
        XCTAssertEqual(symlink("elsewhere", path("dir.json")), 0)
        XCTAssertThrowsError(try AtomicFileWriter(path: path("dir.json"), replacing: .any)) {
            XCTAssertEqual($0 as? FileWriteError, .notRegularFile(path: path("dir.json") + " → " + path("elsewhere"), kind: "a directory"))
        }
    }

    // MARK: The database being read

    /// The database, its side files (existing or not), a link to it and a hard link to it are
    /// never written, whatever was confirmed.
    func testTheDatabaseAndItsSideFilesAreNeverWritten() throws {
        try "SQLite format 3\0".write(toFile: path("db.sqlite"), atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("db.sqlite", path("link.json")), 0)
        XCTAssertEqual(link(path("db.sqlite"), path("hard.json")), 0)
        XCTAssertEqual(chdir(directory), 0)
        for name in ["db.sqlite", "db.sqlite-wal", "db.sqlite-shm", "db.sqlite-journal", "link.json", "hard.json"] {
            XCTAssertThrowsError(try AtomicFileWriter(path: path(name), replacing: .any, protecting: ["db.sqlite"]), name) {
                guard case .databaseFile? = $0 as? FileWriteError else { return XCTFail("\(name): \($0)") }
            }
        }
        XCTAssertEqual(
            FileWriteError.databaseFile(path: "db.sqlite").message,
            "db.sqlite is the database being read (or its side file): exports never write it")
        XCTAssertEqual(contents("db.sqlite"), "SQLite format 3\0")
        XCTAssertEqual(names(), ["db.sqlite", "elsewhere", "hard.json", "link.json"])
        try write("fine", to: "other.json", replacing: .any)
        XCTAssertEqual(contents("other.json"), "fine")
    }

    // MARK: Helpers

    static func currentUmask() -> mode_t {
        let old = umask(0o022)
        umask(old)
        return old
    }

    /// Runs `body` on another thread; when it has not returned after 10 s (an open blocked on
    /// `fifo`), opens the FIFO's reading end to release it and returns nil.
    static func withWatchdog<T: Sendable>(releasing fifo: String, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            done.wait()
            close(reader)
            return nil
        }
        return box.value
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

enum FileDestinationTestPaths {
    static func parent(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}
