import Foundation

/// Makes a new scratch directory under the temporary one the current directory (random `e`
/// exports write relative paths: there, never in the repository) and returns what undoes it:
/// `let leave = try enterScratchDirectory("assoc-monkey"); defer { leave() }`.
func enterScratchDirectory(_ name: String) throws -> () -> Void {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(scratch.path)
    return {
        _ = FileManager.default.changeCurrentDirectoryPath(previous)
        try? FileManager.default.removeItem(at: scratch)
    }
}
