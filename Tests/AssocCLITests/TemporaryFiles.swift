import AssocCore
import Foundation
import XCTest

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
