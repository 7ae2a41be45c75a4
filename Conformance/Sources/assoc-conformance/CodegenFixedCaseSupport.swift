import Foundation
import GRDB

/// What the codegen check needs to run a fixed case: its database, and its rows as comparable text.
extension CodegenFixedCase {
    /// A new database at `path`, built by `sql` (schema and rows).
    static func makeDatabase(at path: String, sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }

    /// The rows of a JSON array as texts to compare: in order with `exactOrder`, else every
    /// array (the rows, and the prefetched rows of each) as a sorted multiset.
    static func rows(_ tree: JSONTree, exactOrder: Bool) -> [String] {
        guard case .array(let items) = tree else { return [tree.text] }
        let rendered = items.map { canonical($0, sorted: !exactOrder) }
        return exactOrder ? rendered : rendered.sorted()
    }

    private static func canonical(_ tree: JSONTree, sorted: Bool) -> String {
        switch tree {
        case .array(let items):
            let parts = items.map { canonical($0, sorted: sorted) }
            return "[" + (sorted ? parts.sorted() : parts).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONTree.quote($0.key) + ":" + canonical($0.value, sorted: sorted) }.joined(separator: ",") + "}"
        default:
            return tree.text
        }
    }
}
