import Foundation
import TestSupport
import XCTest

/// The real `assoc` under tmux gets random keys (every keymap key, printable and wide characters,
/// arrows, Enter, Esc, Tab, `:` and `/` with random text, Ctrl-C) and random window sizes from
/// 20×5 to 300×100. q and Ctrl-C may quit: a shell loop restarts it and logs each exit status.
/// Pass: every exit is 0 or 130 (never a signal), and `stty` finds the terminal's modes restored at the end.
/// `ASSOC_MONKEY_KEYS` sets the keys per database (default 1,500; 10,000 under `ASSOC_FULL_TESTS=1`);
/// `ASSOC_SEED` replays.
final class MonkeyEndToEndTests: XCTestCase {
    static let keyNames = [
        "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Enter", "Escape", "Tab", "BTab",
        "BSpace", "DC", "F1", "C-b", "C-f", "C-u", "C-d", "Space",
        "k", "j", "h", "l", "g", "G", "0", "$", "v", "b", "[", "]", "m", "?", "+", "-", "t", "p", "a",
        "/", "n", "N", "=", "s", ":", "e", "y", "R"
    ]

    /// One random key as a tmux key name or literal character (`;` is avoided: tmux's separator).
    static func randomKey(_ random: inout MonkeyRandom) -> [String] {
        switch Int.random(in: 0..<1000, using: &random) {
        case 0..<3: return ["q"]
        case 3..<6: return ["C-c"]
        case 6..<30:
            // A prompt with random text.
            let prompt = Bool.random(using: &random) ? ":" : "/"
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in randomCharacter(&random) }
            return [prompt] + text + [Bool.random(using: &random) ? "Enter" : "Escape"]
        case 30..<250: return [randomCharacter(&random)]
        default: return [keyNames.randomElement(using: &random) ?? "j"]
        }
    }

    static func randomCharacter(_ random: inout MonkeyRandom) -> String {
        let pool = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&()*,.<>@^_{|}~'\"éü中😀")
        let character = pool.randomElement(using: &random) ?? "x"
        return character == "q" ? "x" : String(character)  // q quits: kept rare above
    }

    func monkey(_ name: String, database: String?) throws {
        let assoc = try Products.assoc()
        let keyCount = TestVolume.count(quick: 1_500, full: 10_000, variable: "ASSOC_MONKEY_KEYS")
        var random = MonkeyRandom(seed: randomSeed())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-monkey-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stop = directory.appendingPathComponent("stop").path
        let log = directory.appendingPathComponent("statuses").path
        let target = database.map { " " + Shell.quote($0) } ?? ""
        // Ctrl-C between two runs must not end the loop: the shell ignores SIGINT (assoc sets its own).
        // Runs in the scratch directory: random `e` exports must never land in the repository.
        let loop =
            "cd '\(directory.path)'; trap '' INT; while :; do '\(assoc)'\(target); echo $? >> '\(log)'; [ -e '\(stop)' ] && break; done; "
            + "clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e echo -e isig -e icrnl | sort | tr '\\n' ' '; echo FINAL EXITED; sleep 30"
        let session = try TmuxSession(command: loop, width: 100, height: 30)
        defer { session.kill() }
        session.waitFor(timeout: 10, "the first screen") { ($0.contains("─ Tables") || $0.contains("━ Tables")) }

        let pause = ProcessInfo.processInfo.environment["ASSOC_MONKEY_PAUSE"].flatMap { Double($0) } ?? 0.05
        let started = Date()
        var sent = 0
        while sent < keyCount {
            var batch: [String] = []
            while batch.count < 40 && sent < keyCount {
                let keys = Self.randomKey(&random)
                batch += keys
                sent += keys.count
            }
            session.tmux(["send-keys", "-t", "0"] + batch)
            // Let it read the batch: keys sent while it restarts are dropped by the terminal mode switch.
            Thread.sleep(forTimeInterval: pause)
            if Int.random(in: 0..<4, using: &random) == 0 {
                let small = Bool.random(using: &random)
                let width = small ? Int.random(in: 20...40, using: &random) : Int.random(in: 40...300, using: &random)
                let height = small ? Int.random(in: 5...10, using: &random) : Int.random(in: 10...100, using: &random)
                session.tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
            }
        }
        session.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        // Quit whatever state it is in (a prompt, the help, a running query): Esc Esc q until the
        // loop's last line shows, each time given up to 0.3 s to get there.
        let deadline = Date().addingTimeInterval(60)
        var screen = session.capture()
        while !screen.contains("FINAL EXITED") && Date() < deadline {
            session.send("Escape", "Escape", "q")
            screen = session.poll(timeout: 0.3) { $0.contains("FINAL EXITED") } ?? session.capture()
        }
        let elapsed = Date().timeIntervalSince(started)
        let statuses = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        print("tmux monkey \(name): \(sent) keys in \(Int(elapsed)) s, \(statuses.count) runs, exit statuses \(Set(statuses).sorted())")
        XCTAssertTrue(screen.contains("FINAL EXITED"), "the browser quit at the end:\n\(screen)")
        XCTAssertFalse(statuses.isEmpty)
        for status in statuses {
            XCTAssertTrue(status == "0" || status == "130", "exit status \(status) (a signal or an error) in \(name)")
        }
        // The terminal is back in its normal mode (line editing, echo, signals, CR→NL), checked by stty.
        XCTAssertTrue(screen.contains("echo icanon icrnl isig FINAL EXITED"), "terminal modes after the last exit:\n\(screen)")
    }

    func testDemoDatabase() throws {
        try monkey("demo", database: nil)
    }

    func testChinookLikeDatabase() throws {
        try monkey("chinook", database: try Products.makeDatabase(ChinookFixture.sql, name: "monkey-chinook.sqlite"))
    }

    func testHostileDatabase() throws {
        try monkey("hostile", database: try Products.makeDatabase(HostileOutputEndToEndTests.hostileSQL, name: "monkey-hostile.sqlite"))
    }
}
