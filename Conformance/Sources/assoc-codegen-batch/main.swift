import Foundation
import GRDB

// The programs of a codegen check, compiled as one (Batch.swift, written by
// `assoc-conformance --codegen`, not committed). Usage: assoc-codegen-batch DATABASE INDEX...
// Prints, for each case, "#case INDEX", its JSON (or "ERROR: …"), then "#end".

guard CommandLine.arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: assoc-codegen-batch DATABASE INDEX...\n".utf8))
    exit(64)
}
do {
    var configuration = Configuration()
    configuration.readonly = true
    let dbQueue = try DatabaseQueue(path: CommandLine.arguments[1], configuration: configuration)
    /// Written at once (not buffered): a crash keeps the cases before it.
    func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    for argument in CommandLine.arguments.dropFirst(2) {
        say("#case \(argument)")
        if let index = Int(argument), let run = batchCases[index] {
            do {
                say(try dbQueue.read { db in try run(db) })
            } catch {
                say("ERROR: \(error)")
            }
        } else {
            say("ERROR: no case \(argument)")
        }
        say("#end")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
