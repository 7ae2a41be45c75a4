import Foundation
import XCTest

/// Compiles a Swift program against the built AssocCore (its object files linked statically, with
/// SQLite) and runs it: the generated Swift code and the README's example are checked for real.
public enum SwiftProgram {
    public struct Result {
        public var compileStatus: Int32
        public var runStatus: Int32
        public var output: String
    }

    public static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The build products directory that holds `Modules/AssocCore.swiftmodule`, or nil.
    public static func productsDirectory() -> URL? {
        let bundle = Bundle(for: Marker.self).bundleURL
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        let candidates = [
            bundle, bundle.deletingLastPathComponent(), executable.deletingLastPathComponent(),
            bundle.deletingLastPathComponent().deletingLastPathComponent()
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/AssocCore.swiftmodule").path)
        }
    }

    /// Writes `import AssocCore` + `let db = try Database(path: CommandLine.arguments[1])` + `code` as
    /// main.swift, compiles it against `modules` (AssocCore and any module of the package built on
    /// it, such as AssocInsights) and runs it with `arguments`. Skips when the build products are missing.
    public static func compileAndRun(
        _ code: String, arguments: [String], openDatabase: Bool = true, modules: [String] = ["AssocCore"]
    ) throws -> Result {
        guard let products = productsDirectory() else { throw Prerequisite.missing("AssocCore.swiftmodule not found next to the test bundle") }
        let moduleMap = repository.appendingPathComponent("Sources/CSQLite/module.modulemap")
        var objects: [String] = []
        for module in modules {
            let objectsDirectory = products.appendingPathComponent("\(module).build")
            // Only the objects of current sources: a stale `X.swift.o` from a deleted file would clash.
            let sources = repository.appendingPathComponent("Sources/\(module)")
            var current = Set<String>()
            if let walker = FileManager.default.enumerator(atPath: sources.path) {
                for case let file as String in walker where file.hasSuffix(".swift") {
                    current.insert((file as NSString).lastPathComponent + ".o")
                }
            }
            let found = try FileManager.default.contentsOfDirectory(atPath: objectsDirectory.path)
                .filter { $0.hasSuffix(".o") && (current.isEmpty || current.contains($0)) }
                .sorted().map { objectsDirectory.appendingPathComponent($0).path }
            guard !found.isEmpty else { throw Prerequisite.missing("no \(module) object files in \(objectsDirectory.path)") }
            objects += found
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swiftprogram-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.swift")
        let prelude = openDatabase ? "import AssocCore\nlet db = try Database(path: CommandLine.arguments[1])\n\n" : ""
        try (prelude + code + "\n").write(to: source, atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent("program").path
        // AssocCore's C targets: their module maps (SwiftPM writes one per target) and objects.
        var cTargets: [String] = []
        for target in Self.cTargets {
            let build = products.appendingPathComponent("\(target).build")
            cTargets += [
                "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("module.modulemap").path,
                "-Xcc", "-I" + repository.appendingPathComponent("Sources/\(target)/include").path,
                build.appendingPathComponent("\(target).c.o").path
            ]
        }
        let compile = try run(
            "/usr/bin/env",
            [
                "swiftc", "-swift-version", "6", "-I", products.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + moduleMap.path, source.path
            ] + cTargets + objects + ["-lsqlite3", "-o", program])
        guard compile.status == 0 else { return Result(compileStatus: compile.status, runStatus: -1, output: compile.output) }
        let result = try run(program, arguments)
        return Result(compileStatus: 0, runStatus: result.status, output: result.output)
    }

    /// The C targets AssocCore depends on (besides the system library CSQLite).
    static let cTargets = ["CSQLiteTempFiles", "CEscapes", "CTemporaryFile"]

    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private final class Marker {}
}
