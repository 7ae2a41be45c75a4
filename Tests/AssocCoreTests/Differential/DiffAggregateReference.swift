import AssocCore
import Foundation

/// Aggregates computed in Swift from the per-table reads, with SQL semantics: the request's aggregate
/// joins are LEFT JOINs (one per level key, filters of merged aggregates AND-ed in ON), their rows
/// multiply (SUM and TOTAL see every copy; COUNT(DISTINCT), MIN, MAX and AVG do not change), NULLs
/// are ignored, SUM of no row is NULL and TOTAL 0.0, AVG is REAL, SUM INTEGER when all are.
struct DiffAggregateReference {
    let tables: DiffTables

    /// The joined entries of one level key for one root row: a destination row index, or nil for the
    /// NULL row a LEFT JOIN produces. Never empty.
    private func entries(
        _ association: Association, filters: [DiffPredicate], rootTable: DiffTables.TableRows,
        root: [DatabaseValue]
    ) -> [Int?] {
        func matching(
            _ pairs: [ColumnPair], _ table: DiffTables.TableRows, _ parentTable: DiffTables.TableRows,
            _ parent: [DatabaseValue], _ filters: [DiffPredicate]
        ) -> [Int] {
            table.rows.indices.filter { i in
                let row = table.rows[i]
                return pairs.allSatisfy {
                    SQLiteSemantics.equals(table.value(row, $0.destination), parentTable.value(parent, $0.origin)) == true
                } && filters.allSatisfy { SQLiteSemantics.evaluate($0, table, row) == true }
            }
        }
        let destination = tables.rows(association.destination)
        switch association.path {
        case .direct(let pairs):
            let found = matching(pairs, destination, rootTable, root, filters)
            return found.isEmpty ? [nil] : found.map { $0 }
        case .through(let pivot, let target):
            let pivotTable = tables.rows(pivot.destination)
            let pivotRows = matching(pivot.columns, pivotTable, rootTable, root, [])
            if pivotRows.isEmpty { return [nil] }
            var result: [Int?] = []
            for p in pivotRows {
                let found = matching(target.columns, destination, pivotTable, pivotTable.rows[p], filters)
                result += found.isEmpty ? [nil] : found.map { $0 }
            }
            return result
        }
    }

    /// The values of the aggregates used by `request` for one root row (nil: unused aggregate).
    func values(_ request: DiffAggRequest, rootTable: DiffTables.TableRows, root: [DatabaseValue]) -> [DatabaseValue?] {
        var used = Set<Int>()
        func collect(_ e: DiffAggExpr) {
            switch e {
            case .aggregate(let i): used.insert(i)
            case .literal: break
            case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b):
                collect(a)
                collect(b)
            case .ifNull(let a, _): collect(a)
            }
        }
        func collect(_ h: DiffHaving) {
            switch h {
            case .compare(let e, _, _): collect(e)
            case .and(let a, let b), .or(let a, let b):
                collect(a)
                collect(b)
            case .not(let a): collect(a)
            }
        }
        request.annotations.forEach(collect)
        request.havings.forEach(collect)
        // One join per level key, filters AND-ed.
        var keys: [String] = []
        var filters: [String: [DiffPredicate]] = [:]
        var associations: [String: Association] = [:]
        for i in used.sorted() {
            let a = request.aggregates[i]
            if associations[a.levelKey] == nil { keys.append(a.levelKey) }
            associations[a.levelKey] = a.association
            filters[a.levelKey, default: []] += a.filters
        }
        var lists: [String: [Int?]] = [:]
        for key in keys {
            guard let association = associations[key] else { continue }
            lists[key] = entries(association, filters: filters[key] ?? [], rootTable: rootTable, root: root)
        }
        var result = [DatabaseValue?](repeating: nil, count: request.aggregates.count)
        for i in used {
            let a = request.aggregates[i]
            let list = lists[a.levelKey] ?? [nil]
            let copies = keys.filter { $0 != a.levelKey }.reduce(1) { $0 * (lists[$1]?.count ?? 1) }
            result[i] = value(a, list, copies: copies)
        }
        return result
    }

    private func value(_ a: DiffAggregate, _ list: [Int?], copies: Int) -> DatabaseValue {
        let table = tables.rows(a.association.destination)
        let rows = list.compactMap { $0 }
        switch a.function {
        case .count: return .integer(Int64(Set(rows).count))
        case .isEmpty: return .integer(Set(rows).isEmpty ? 1 : 0)
        default: break
        }
        let values = rows.map { table.value(table.rows[$0], a.column ?? "id") }.filter { !$0.isNull }
        switch a.function {
        case .min: return values.min { SQLiteSemantics.compare($0, $1) < 0 } ?? .null
        case .max: return values.max { SQLiteSemantics.compare($0, $1) < 0 } ?? .null
        case .average:
            if values.isEmpty { return .null }
            return .real(values.map(Self.double).reduce(0, +) / Double(values.count))
        case .sum:
            if values.isEmpty { return .null }
            if values.allSatisfy({ if case .integer = $0 { return true } else { return false } }) {
                return .integer(values.map { if case .integer(let i) = $0 { return i } else { return 0 } }.reduce(0, +) * Int64(copies))
            }
            return .real(values.map(Self.double).reduce(0, +) * Double(copies))
        case .total: return .real(values.map(Self.double).reduce(0, +) * Double(copies))
        case .count, .isEmpty: return .null
        }
    }

    static func double(_ v: DatabaseValue) -> Double {
        switch v {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        default: return 0
        }
    }

    /// An aggregate expression, with SQLite's arithmetic (NULL absorbs, INTEGER unless a REAL is involved).
    static func evaluate(_ e: DiffAggExpr, _ values: [DatabaseValue?]) -> DatabaseValue {
        func arithmetic(_ a: DiffAggExpr, _ b: DiffAggExpr, _ int: (Int64, Int64) -> Int64, _ real: (Double, Double) -> Double) -> DatabaseValue {
            let x = numeric(evaluate(a, values))
            let y = numeric(evaluate(b, values))
            if x.isNull || y.isNull { return .null }
            if case .integer(let i) = x, case .integer(let j) = y { return .integer(int(i, j)) }
            return .real(real(double(x), double(y)))
        }
        switch e {
        case .aggregate(let i): return (i < values.count ? values[i] : nil) ?? .null
        case .literal(let v): return v
        case .add(let a, let b): return arithmetic(a, b, &+, +)
        case .subtract(let a, let b): return arithmetic(a, b, &-, -)
        case .multiply(let a, let b): return arithmetic(a, b, &*, *)
        case .ifNull(let a, let v):
            let x = evaluate(a, values)
            return x.isNull ? v : x
        }
    }

    /// An operand of arithmetic as SQLite converts it: text that reads as a number is that number,
    /// other text and blobs are 0.
    static func numeric(_ v: DatabaseValue) -> DatabaseValue {
        switch v {
        case .text(let s):
            let t = s.trimmingCharacters(in: .whitespaces)
            if let i = Int64(t) { return .integer(i) }
            if let d = Double(t), d.isFinite { return .real(d) }
            return .integer(0)
        case .blob: return .integer(0)
        default: return v
        }
    }

    /// A having predicate under three-valued logic (nil: unknown).
    static func evaluate(_ h: DiffHaving, _ values: [DatabaseValue?]) -> Bool? {
        switch h {
        case .compare(let e, let op, let literal):
            let x = evaluate(e, values)
            if x.isNull || literal.isNull { return nil }
            let c = SQLiteSemantics.compare(x, literal)
            switch op {
            case .eq: return c == 0
            case .ne: return c != 0
            case .lt: return c < 0
            case .le: return c <= 0
            case .gt: return c > 0
            case .ge: return c >= 0
            }
        case .and(let a, let b):
            let x = evaluate(a, values)
            let y = evaluate(b, values)
            if x == false || y == false { return false }
            if x == nil || y == nil { return nil }
            return true
        case .or(let a, let b):
            let x = evaluate(a, values)
            let y = evaluate(b, values)
            if x == true || y == true { return true }
            if x == nil || y == nil { return nil }
            return false
        case .not(let a): return evaluate(a, values).map { !$0 }
        }
    }

    /// Reals rounded to 1e-6, so that sums added in another order compare equal.
    static func rounded(_ v: DatabaseValue) -> DatabaseValue {
        if case .real(let d) = v { return .real((d * 1_000_000).rounded() / 1_000_000) }
        return v
    }
}
