/// The storage classes (SQLite's `typeof`: integer, real, text, blob, null) the values of a
/// table's columns have, read once per table with one scan under a time limit, for the Swift
/// types of generated records: outside STRICT tables any column may hold any storage class, and a
/// value GRDB cannot decode into the declared type fails the whole fetch.
final class SwiftStorageClasses {
    private let connection: Connection?
    /// What is left of the time allowed for all the scans of one generation, in milliseconds.
    private var budget: Int
    /// By table name (exact): the classes of each column (lower-cased name), or nil when the scan
    /// did not finish in time or failed.
    private var cache: [String: [String: Set<String>]?] = [:]
    /// Tables whose scan did not finish, in the order they were asked for.
    private(set) var uncheckedTables: [String] = []

    /// Scans read through `connection`, all of them within `milliseconds`; nil: no scans (the
    /// types follow the declared types alone).
    init(connection: Connection?, milliseconds: Int = 500) {
        self.connection = connection
        self.budget = milliseconds
    }

    /// The storage classes of `column`'s values, nil when unknown.
    func classes(of column: String, in table: TableInfo) -> Set<String>? {
        guard let byColumn = classes(in: table) else { return nil }
        return byColumn[column.lowercased()]
    }

    private func classes(in table: TableInfo) -> [String: Set<String>]? {
        if let known = cache[table.name] { return known }
        let read = scan(table)
        cache[table.name] = .some(read)
        if read == nil && connection != nil && table.kind != .virtual { uncheckedTables.append(table.name) }
        return read
    }

    /// `SELECT group_concat(DISTINCT typeof(c)), … FROM t`: one pass over the table.
    private func scan(_ table: TableInfo) -> [String: Set<String>]? {
        guard let connection, table.kind != .virtual, !table.columns.isEmpty, budget > 0 else { return nil }
        let items = table.columns.map { "group_concat(DISTINCT typeof(" + quoteIdentifier($0.name) + "))" }
        let sql = "SELECT " + items.joined(separator: ", ") + " FROM " + quoteIdentifier(table.name)
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            budget -= Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        }
        guard let row = try? connection.withTimeLimit(milliseconds: budget, { try connection.fetchAll(sql).first }),
            row.count == table.columns.count
        else { return nil }
        var result: [String: Set<String>] = [:]
        for (column, value) in zip(table.columns, row) {
            guard case .text(let list) = value else {
                result[column.name.lowercased()] = []  // no rows
                continue
            }
            result[column.name.lowercased()] = Set(list.split(separator: ",").map(String.init))
        }
        return result
    }
}
