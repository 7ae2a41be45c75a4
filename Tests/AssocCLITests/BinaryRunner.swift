import AssocCore
import Foundation
import TestSupport
import XCTest

/// Runs the built `assoc` executable, as a user would.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `assoc` binary next to the test bundle (`.build/debug/` on Linux), else under
    /// the package's `.build/debug/`, found from this file's path.
    static func binaryURL(file: String = #filePath) throws -> URL {
        let besideBundle = Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("assoc")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        let packageRoot = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/assoc")
        if FileManager.default.isExecutableFile(atPath: fallback.path) { return fallback }
        throw Prerequisite.missing("the assoc executable is not built (looked at \(besideBundle.path) and \(fallback.path))")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try binaryURL()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a large output would otherwise fill the pipe and block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

private final class BundleMarker {}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A database file `name` in `directory`, made of `sql` (DDL and inserts); returns its path.
func makeDatabaseFile(_ name: String, in directory: URL, sql: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let db = try Connection(path: path, mode: .readWrite(create: true))
    try db.execute(sql)
    return path
}
