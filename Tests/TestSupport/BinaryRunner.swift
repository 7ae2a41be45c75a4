import Foundation
import XCTest

/// Runs the built `assoc` executable, as a user would, with a time limit (a hang is a failure):
/// its status, its raw output bytes and how the process ended.
public struct BinaryRunner {
    public struct Result: Sendable {
        public var status: Int32
        /// True when the process ended by a signal (a trap, a crash), or was killed at the time limit.
        public var signaled: Bool
        public var timedOut: Bool
        public var stdoutBytes: Data
        public var stderrBytes: Data
        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
    }

    /// The `assoc` binary next to the test bundle (`.build/debug/` on Linux), else under
    /// the package's `.build/debug/`, found from this file's path.
    public static func binaryURL(file: String = #filePath) throws -> URL {
        let besideBundle = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("assoc")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        let packageRoot = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/assoc")
        if FileManager.default.isExecutableFile(atPath: fallback.path) { return fallback }
        throw Prerequisite.missing("the assoc executable is not built (looked at \(besideBundle.path) and \(fallback.path))")
    }

    /// Runs each argument list as `run` does, as many processes at a time as the machine has
    /// cores; the outcomes in order, each with the seconds its process took.
    public static func runConcurrently(
        _ argumentLists: [[String]], timeout: TimeInterval = 120, virtualMemoryKB: Int? = nil
    ) -> [(outcome: Swift.Result<Result, Error>, seconds: TimeInterval)] {
        concurrentMap(argumentLists) { arguments in
            let started = Date()
            let outcome = Swift.Result { try run(arguments, timeout: timeout, virtualMemoryKB: virtualMemoryKB) }
            return (outcome, Date().timeIntervalSince(started))
        }
    }

    /// Runs `assoc arguments` (in `directory` when given), killed after `timeout` seconds;
    /// `virtualMemoryKB` limits its address space (`ulimit -v`); `fileSizeBlocks` the size of a
    /// file it writes, in 512-byte blocks (`ulimit -f` of /bin/sh); `environment` is added to this
    /// process's environment.
    public static func run(
        _ arguments: [String], in directory: URL? = nil, timeout: TimeInterval = 120, virtualMemoryKB: Int? = nil,
        fileSizeBlocks: Int? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let virtualMemoryKB {
            // `ulimit -v` in a shell that then becomes assoc: allocations past it fail. Two malloc
            // arenas, so that the limit counts memory used, not the 64 MB glibc reserves per arena.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -v \(virtualMemoryKB) && MALLOC_ARENA_MAX=2 exec \"$0\" \"$@\"", try binaryURL().path] + arguments
        } else if let fileSizeBlocks {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f \(fileSizeBlocks) && exec \"$0\" \"$@\"", try binaryURL().path] + arguments
        } else {
            process.executableURL = try binaryURL()
            process.arguments = arguments
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // Foundation's `waitUntilExit` polls its run loop every 50 ms: the termination handler
        // says at once when the child has ended.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // A watchdog kills the child at the time limit; reading continues until the pipes close.
        let finished = DispatchSemaphore(value: 0)
        let timedOut = LockedFlag()
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                timedOut.set()
                process.terminate()
            }
        }
        // Read both pipes concurrently: a large output on either would otherwise block the child.
        let errData = LockedData()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        exited.wait()
        finished.signal()
        return Result(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut.value,
            stdoutBytes: outData,
            stderrBytes: errData.value)
    }
}

private final class BundleMarker {}

/// A flag set from one thread and read from another.
public final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    public init() {}
    public func set() { lock.withLock { flag = true } }
    public var value: Bool { lock.withLock { flag } }
}

/// Data set from one thread and read from another.
public final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    public init() {}
    public func set(_ newValue: Data) { lock.withLock { data = newValue } }
    public var value: Data { lock.withLock { data } }
}
