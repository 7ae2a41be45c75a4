import AssocCore

/// The rows of every table, read once with plain `SELECT * FROM "t"`, and a Swift evaluator of
/// random requests over them: nested loops, SQL three-valued logic, no SQL generated.
struct DiffTables {
    struct TableRows {
        var columns: [String]
        var index: [String: Int]
        var rows: [[DatabaseValue]]

        func value(_ row: [DatabaseValue], _ column: String) -> DatabaseValue {
            guard let i = index[column], i < row.count else { return .null }
            return row[i]
        }
    }

    var tables: [String: TableRows] = [:]

    init(connection: Connection) throws {
        for (name, _) in DiffSchema.tables {
            let statement = try connection.prepare("SELECT * FROM \"\(name)\"")
            var rows: [[DatabaseValue]] = []
            while try statement.step() { rows.append(statement.values()) }
            let columns = statement.columnNames
            var index: [String: Int] = [:]
            for (i, c) in columns.enumerated() { index[c] = i }
            tables[name] = TableRows(columns: columns, index: index, rows: rows)
        }
    }

    func rows(_ table: String) -> TableRows {
        tables[table] ?? TableRows(columns: [], index: [:], rows: [])
    }
}

// MARK: - SQLite semantics

enum SQLiteSemantics {
    /// SQLite's ORDER BY comparison: NULL < numbers < text < blob; numbers numerically, text bytewise.
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> Int {
        func rank(_ v: DatabaseValue) -> Int {
            switch v {
            case .null: return 0
            case .integer, .real: return 1
            case .text: return 2
            case .blob: return 3
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb ? -1 : 1 }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.integer, .real), (.real, .integer), (.real, .real):
            let x = number(a)
            let y = number(b)
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.text(let x), .text(let y)):
            let bx = Array(x.utf8)
            let by = Array(y.utf8)
            if bx == by { return 0 }
            return bx.lexicographicallyPrecedes(by) ? -1 : 1
        case (.blob(let x), .blob(let y)):
            if x == y { return 0 }
            return x.lexicographicallyPrecedes(y) ? -1 : 1
        default: return 0
        }
    }

    private static func number(_ v: DatabaseValue) -> Double {
        switch v {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        default: return 0
        }
    }

    /// `a = b` as a join condition or a filter: unknown (nil) when either side is NULL.
    static func equals(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool? {
        if a.isNull || b.isNull { return nil }
        return compare(a, b) == 0
    }

    /// SQLite's LIKE: `%` and `_` wildcards, ASCII letters case-insensitive, no escape.
    static func like(_ value: String, _ pattern: String) -> Bool {
        func fold(_ s: Unicode.Scalar) -> UInt32 {
            (65...90).contains(s.value) ? s.value + 32 : s.value
        }
        let v = Array(value.unicodeScalars).map(fold)
        let p = Array(pattern.unicodeScalars)
        // match[i][j]: pattern prefix i matches value prefix j.
        var match = Array(repeating: Array(repeating: false, count: v.count + 1), count: p.count + 1)
        match[0][0] = true
        for i in 1...max(p.count, 1) where i <= p.count {
            let pc = p[i - 1]
            for j in 0...v.count {
                if pc == "%" {
                    match[i][j] = match[i - 1][j] || (j > 0 && match[i][j - 1])
                } else if j > 0 {
                    let same = pc == "_" || fold(pc) == v[j - 1]
                    match[i][j] = same && match[i - 1][j - 1]
                }
            }
        }
        return match[p.count][v.count]
    }

    /// A filter under three-valued logic: nil is unknown.
    static func evaluate(_ predicate: DiffPredicate, _ table: DiffTables.TableRows, _ row: [DatabaseValue]) -> Bool? {
        switch predicate {
        case .compare(let column, let op, let literal):
            let value = table.value(row, column)
            if value.isNull || literal.isNull { return nil }
            let c = compare(value, literal)
            switch op {
            case .eq: return c == 0
            case .ne: return c != 0
            case .lt: return c < 0
            case .le: return c <= 0
            case .gt: return c > 0
            case .ge: return c >= 0
            }
        case .isNull(let column, let negated):
            return table.value(row, column).isNull != negated
        case .inList(let column, let values):
            let value = table.value(row, column)
            if value.isNull { return nil }
            var sawNull = false
            for candidate in values {
                if candidate.isNull { sawNull = true } else if compare(value, candidate) == 0 { return true }
            }
            return sawNull ? nil : false
        case .like(let column, let pattern):
            guard case .text(let text) = table.value(row, column) else {
                return table.value(row, column).isNull ? nil : false
            }
            return like(text, pattern)
        case .and(let a, let b):
            let x = evaluate(a, table, row)
            let y = evaluate(b, table, row)
            if x == false || y == false { return false }
            if x == nil || y == nil { return nil }
            return true
        case .or(let a, let b):
            let x = evaluate(a, table, row)
            let y = evaluate(b, table, row)
            if x == true || y == true { return true }
            if x == nil || y == nil { return nil }
            return false
        case .not(let a):
            return evaluate(a, table, row).map { !$0 }
        }
    }
}
