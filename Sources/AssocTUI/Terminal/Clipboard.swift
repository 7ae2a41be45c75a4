import AssocCore
import Foundation

/// Where `y` puts text. The app asks it only when the user pressed `y`: nothing else ever
/// reaches the clipboard.
protocol Clipboard: AnyObject {
    /// Copies `text`; returns how ("with xclip") or throws why it could not.
    func copy(_ text: String) throws -> String
}

/// Why a copy failed, in words for the status line.
struct ClipboardError: Error, Equatable {
    var message: String
}

/// The system's clipboard: OSC 52 through the terminal when the user enabled it (`--osc52` or
/// `ASSOC_OSC52=1`: the terminal then holds the text, even over ssh), else the first clipboard
/// command found for the session (`wl-copy` under Wayland, `xclip` or `xsel` under X11, `pbcopy`
/// on macOS), fed on its standard input, its output discarded (never on the screen).
final class SystemClipboard: Clipboard {
    private let osc52: Bool
    private let terminal: Terminal
    private let environment: [String: String]

    init(osc52: Bool, terminal: Terminal, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.osc52 = osc52 || ["1", "true", "yes"].contains(environment["ASSOC_OSC52"]?.lowercased() ?? "")
        self.terminal = terminal
        self.environment = environment
    }

    static let howToEnable =
        "no clipboard: start assoc with --osc52 (or ASSOC_OSC52=1) in a terminal that supports OSC 52, or install wl-copy, xclip or xsel"

    /// The most UTF-8 bytes OSC 52 sends (1 MiB, about 1.4 MB of base64): terminals drop or cut
    /// longer sequences, and the whole sequence is written while the screen waits.
    static let osc52Limit = 1 << 20
    /// Seconds a clipboard command has to read the text and exit, whatever its size.
    static let commandTimeout: Double = 2

    /// Why `text` is not sent with OSC 52, nil when it may be.
    static func osc52Refusal(_ text: String) -> String? {
        let size = text.utf8.count
        guard size > osc52Limit else { return nil }
        return "\(ByteSize.text(size)) is more than OSC 52 sends (1 MB): export it (e), or use wl-copy, xclip or xsel (without --osc52)"
    }

    func copy(_ text: String) throws -> String {
        if osc52 {
            if let refusal = Self.osc52Refusal(text) { throw ClipboardError(message: refusal) }
            terminal.copyWithOSC52(text)
            return "with OSC 52"
        }
        guard let (path, arguments) = Self.command(environment: environment) else {
            throw ClipboardError(message: Self.howToEnable)
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw ClipboardError(message: "\(name) failed: \(error.localizedDescription)")
        }
        // Written by another thread: a command that does not read (a full pipe) can not hold
        // the browser past the time limit, whatever the size.
        signal(SIGPIPE, SIG_IGN)
        let writer = input.fileHandleForWriting
        let bytes = Data(text.utf8)
        let writeFailed = Locked<String?>(nil)
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                try writer.write(contentsOf: bytes)
                try writer.close()
            } catch {
                writeFailed.withLock { $0 = error.localizedDescription }
                try? writer.close()
            }
            written.signal()
        }
        // The commands hand the text to a background copy of themselves and exit at once.
        let deadline = DispatchTime.now() + Self.commandTimeout
        guard written.wait(timeout: deadline) == .success, done.wait(timeout: deadline) == .success else {
            process.terminate()
            // The reading end closes with the command: the writing thread then ends (EPIPE).
            throw ClipboardError(message: "\(name) did not finish within 2 s")
        }
        if let message = writeFailed.withLock({ $0 }) {
            throw ClipboardError(message: "\(name) failed: \(message)")
        }
        guard process.terminationStatus == 0 else {
            throw ClipboardError(message: "\(name) failed (status \(process.terminationStatus))")
        }
        return "with \(name)"
    }

    /// The clipboard command for the session described by `environment`, found on its PATH.
    static func command(environment: [String: String]) -> (path: String, arguments: [String])? {
        var candidates: [(String, [String])] = []
        if environment["WAYLAND_DISPLAY"] != nil { candidates.append(("wl-copy", [])) }
        if environment["DISPLAY"] != nil {
            candidates.append(("xclip", ["-selection", "clipboard"]))
            candidates.append(("xsel", ["--clipboard", "--input"]))
        }
        candidates.append(("pbcopy", []))
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for (name, arguments) in candidates {
            for directory in directories where !directory.isEmpty {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return (path, arguments) }
            }
        }
        return nil
    }
}

extension Terminal {
    /// `ESC ] 52 ; c ; base64 BEL`: asks the terminal to put `text` on the clipboard. The text is
    /// base64, so nothing in it can act as an escape sequence.
    static func osc52Sequence(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}

/// Sizes for messages: `512 bytes`, `1.5 MB`, `200.0 MB` (MB = 2^20 bytes).
enum ByteSize {
    static func text(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return "\(bytes / 1024) KB" }
        let tenths = bytes * 10 / (1 << 20)
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
