import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the request line, the filter and the find prompts ran, kept across runs as litecli and
/// Harlequin keep theirs: `$XDG_STATE_HOME/assoc/history` (`~/.local/state/assoc/history` by
/// default), never next to a database. One entry a line, `kind<TAB>text` with `\\`, `\n`, `\r` and
/// `\t` escaped; written by appending under an exclusive `flock`, so two browsers at once each add
/// their lines whole; mode 0600 in a 0700 folder. Reading keeps the last `limit` entries and reads at
/// most the last `maximumBytes` of a huge file; a damaged line is skipped, an unreadable file is
/// reported in one line: start-up never fails or waits on it.
struct HistoryFile: Sendable {
    let path: String
    static let limit = 1_000
    static let maximumBytes = 1 << 20

    /// The file `environment` points to: `$XDG_STATE_HOME/assoc/history`, else
    /// `$HOME/.local/state/assoc/history`; nil when history is off (`ASSOC_HISTORY=0`) or there is
    /// no home.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if environment["ASSOC_HISTORY"] == "0" { return nil }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/assoc/history" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/assoc/history"
    }

    /// The prompts whose texts are kept, and their names in the file.
    static let kinds: [(kind: PromptState.Kind, name: String)] = [(.request, "request"), (.filter, "filter"), (.find, "find")]

    /// The entries, oldest first, by prompt; a one-line note when some could not be read.
    func load() -> (entries: [PromptState.Kind: [String]], note: String?) {
        let lines: [ArraySlice<UInt8>]
        switch readTail() {
        case .failure(let failure): return ([:], failure.note)
        case .success(let read): lines = read.lines
        }
        var entries: [PromptState.Kind: [String]] = [:]
        var damaged = 0
        for line in lines.suffix(Self.limit) {
            guard let entry = Self.entry(line) else {
                damaged += 1
                continue
            }
            entries[entry.kind, default: []].append(entry.text)
        }
        let note = damaged > 0 ? "History: \(damaged) damaged line\(damaged == 1 ? "" : "s") skipped in \(path)" : nil
        return (entries, note)
    }

    /// Why the file could not be read, as the status line says it; nil when there is no file.
    struct ReadFailure: Error {
        var note: String?
    }

    /// The lines of the file's last `maximumBytes` (the first one dropped when the window cut
    /// it), whether it was bigger, and its size. Opened without waiting (a FIFO put there never
    /// blocks start-up) and read only when it is a regular file; `lock`: under an exclusive lock.
    private func readTail(
        locked lock: Bool = false, _ body: ((lines: [ArraySlice<UInt8>], size: Int)) -> Void = { _ in }
    ) -> Result<(lines: [ArraySlice<UInt8>], size: Int), ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            return .failure(ReadFailure(note: errno == ENOENT ? nil : "History not read (\(String(cString: strerror(errno)))): \(path)"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadFailure(note: "History not read (not a regular file): \(path)"))
        }
        if lock, flock(descriptor, LOCK_EX) != 0 { return .failure(ReadFailure(note: nil)) }
        defer { if lock { flock(descriptor, LOCK_UN) } }
        let size = Int(info.st_size)
        let start = max(0, size - Self.maximumBytes)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard read >= 0 else { return .failure(ReadFailure(note: "History not read (\(String(cString: strerror(errno)))): \(path)")) }
        bytes.removeSubrange(read...)
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        if start > 0, !lines.isEmpty { lines.removeFirst() }  // cut by the window
        let result = (lines: lines, size: size)
        body(result)  // still under the lock
        return .success(result)
    }

    /// Appends `text` as an entry of `kind`: the folder made (0700) and the file (0600) when
    /// missing, one `write` under an exclusive lock. Failures are silent: history is a comfort.
    func append(_ text: String, kind: PromptState.Kind) {
        guard let name = Self.kinds.first(where: { $0.kind == kind })?.name else { return }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { return }
        defer { flock(descriptor, LOCK_UN) }
        let line = Array((name + "\t" + Self.escaped(text) + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Rewrites the file with its last `limit` entries when it holds more (or more bytes than it
    /// reads), so that it stays bounded: under the lock, from the same tail `load` reads (a huge
    /// file is never read whole), a new file renamed over the old one.
    func compact() {
        _ = readTail(locked: true) { read in
            guard read.lines.count > Self.limit || read.size > Self.maximumBytes else { return }
            var kept = Data()
            for line in read.lines.suffix(Self.limit) where Self.entry(line) != nil {
                kept.append(contentsOf: line)
                kept.append(0x0A)
            }
            let temporary = path + ".\(getpid()).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: kept, attributes: [.posixPermissions: 0o600]) else { return }
            if rename(temporary, path) != 0 { unlink(temporary) }
        }
    }

    /// A line of the file read back, when it is valid UTF-8 and an entry.
    static func entry(_ line: ArraySlice<UInt8>) -> (kind: PromptState.Kind, text: String)? {
        String(validating: line, as: UTF8.self).flatMap(entry)
    }

    /// `kind<TAB>text` read back; nil for a line that is not one.
    static func entry(_ line: String) -> (kind: PromptState.Kind, text: String)? {
        guard let tab = line.firstIndex(of: "\t"),
            let kind = kinds.first(where: { $0.name == line[..<tab] })?.kind,
            let text = unescaped(line[line.index(after: tab)...]), !text.isEmpty
        else { return nil }
        return (kind, text)
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\r\n": out += "\\r\\n"
            default: out.append(character)
            }
        }
        return out
    }

    static func unescaped(_ text: Substring) -> String? {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "\\": out += "\\"
                case "n": out += "\n"
                case "r": out += "\r"
                case "t": out += "\t"
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return escaping ? nil : out
    }
}
