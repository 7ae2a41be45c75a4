import AssocCore
import Foundation

/// Random requests over a database's inferred associations: joins, nested joins, prefetches,
/// filters with literals of every type, orderings, aggregates, selections, keys.
struct RequestFuzzer {
    struct Stats: CustomStringConvertible {
        var requests = 0
        var fetched = 0
        var statements = 0
        var rejected: [String: Int] = [:]
        var description: String {
            "\(requests) requests, \(fetched) fetched (\(statements) statements run), AssocError rejections: "
                + rejected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    let database: Database

    mutating func literal(_ random: inout FuzzRandom) -> DatabaseValue {
        switch random.below(8) {
        case 0: return .null
        case 1: return .integer(Int64(random.below(5)))
        case 2: return .integer(random.chance(50) ? .min : .max)
        case 3: return .real(random.chance(50) ? 1.5 : -0.0)
        case 4: return .text(random.pick(["", "0", "1", "a'b", "\"", "%", "é", "\u{0}", "\u{1B}[31m"]) ?? "")
        case 5: return .blob(random.chance(50) ? [] : [0, 0xFF])
        case 6: return .real(.infinity)
        default: return .integer(Int64(random.below(3)))
        }
    }

    func columns(of table: String) -> [String] {
        (database.schema.table(named: table)?.columns.map(\.name) ?? []) + ["rowid", "nosuchcolumn"]
    }

    mutating func predicate(_ random: inout FuzzRandom, table: String, alias: String?) -> AssocCore.Expression {
        let name = random.pick(columns(of: table)) ?? "x"
        let column: AssocCore.Expression = alias.map { TableAlias($0)[name] } ?? Column(name).expression
        let value = literal(&random)
        switch random.below(9) {
        case 0: return column == value
        case 1: return column != value
        case 2: return column >= value
        case 3: return column.like(value)
        case 4: return column.in([value, literal(&random), literal(&random)])
        case 5: return column.in([])
        case 6: return column.isNull
        case 7: return !(column < value) || column.isNotNull
        default: return (column + value) * value == (column ?? value)
        }
    }

    /// An association of `table` from its inferred graph, refined at random, with nested ones.
    mutating func association(_ random: inout FuzzRandom, from table: String, depth: Int) -> (AssociationRequest, Bool)? {
        guard let definition = random.pick(database.graph.associations(from: table)) else { return nil }
        var request = Table(table).association(definition.name)
        var alias: String?
        if random.chance(20) {
            alias = random.pick(["a", "b", "x y", "\"q\"", "book"]) ?? "a"
            request = request.aliased(alias ?? "a")
        }
        if random.chance(40) { request = request.filter(predicate(&random, table: definition.destination, alias: nil)) }
        if random.chance(25) {
            let column = random.pick(columns(of: definition.destination)) ?? "x"
            request = request.order(random.chance(50) ? Column(column).desc : Column(column).asc)
        }
        if random.chance(15) {
            request = request.select(random.pick(columns(of: definition.destination)).map { Column($0) } ?? Column("x"))
        }
        if random.chance(20) { request = request.forKey(random.pick(["k", "author", "books", "same", "é é"]) ?? "k") }
        if depth < 2, random.chance(40), let (nested, toMany) = association(&random, from: definition.destination, depth: depth + 1) {
            request = attach(nested, toMany: toMany, to: request, &random)
        }
        return (request, definition.isToMany)
    }

    mutating func attach<R: RelationHolding>(_ association: AssociationRequest, toMany: Bool, to relation: R, _ random: inout FuzzRandom) -> R {
        switch random.below(toMany ? 6 : 4) {
        case 0: return relation.including(required: association)
        case 1: return relation.including(optional: association)
        case 2: return relation.joining(required: association)
        case 3: return relation.joining(optional: association)
        default: return relation.including(all: association)
        }
    }

    mutating func makeRequest(_ random: inout FuzzRandom) -> Request {
        let tables = database.schema.tables.map(\.name)
        let table = random.chance(3) ? "nosuchtable" : (random.pick(tables) ?? "t")
        var request = Table(table).all
        if random.chance(20) { request = request.aliased(random.pick(["r", "root", "a"]) ?? "r") }
        for _ in 0..<random.below(4) {
            if let (association, toMany) = association(&random, from: table, depth: 0) {
                request = attach(association, toMany: toMany, to: request, &random)
            }
        }
        for _ in 0..<random.below(3) { request = request.filter(predicate(&random, table: table, alias: nil)) }
        if random.chance(40) {
            let orderings: [OrderingConvertible] = (0...random.below(2)).map { _ in
                let column = Column(random.pick(columns(of: table)) ?? "x")
                return random.chance(50) ? column.desc : column.asc
            }
            request = request.order(orderings)
        }
        if random.chance(25), let toMany = random.pick(database.graph.associations(from: table).filter(\.isToMany)) {
            let aggregated = Table(table).association(toMany.name)
            let column = Column(random.pick(columns(of: toMany.destination)) ?? "x")
            let aggregate =
                random.pick([aggregated.count, aggregated.isEmpty, aggregated.max(column), aggregated.average(column)])
                ?? aggregated.count
            request = request.annotated(with: random.chance(50) ? aggregate : aggregate.forKey("n"))
            if random.chance(50) { request = request.having(aggregated.count >= literal(&random)) }
        }
        if random.chance(15) { request = request.select(Column(random.pick(columns(of: table)) ?? "x")) }
        if random.chance(10) { request = request.distinct() }
        if random.chance(30) { request = request.limit(random.below(4), offset: random.chance(50) ? random.below(3) : nil) }
        return request
    }

    /// Runs one random request; returns a failure description when SQLite rejected generated SQL.
    mutating func runOne(_ random: inout FuzzRandom, stats: inout Stats) -> String? {
        let request = makeRequest(&random)
        stats.requests += 1
        do {
            let statements = try database.executedStatements(for: request)
            stats.fetched += 1
            stats.statements += statements.count
            for statement in statements {
                let prepared = try database.connection.prepare(statement.sql)
                if prepared.parameterCount != statement.arguments.count {
                    return "argument count mismatch: \(statement.sql) \(statement.arguments)"
                }
            }
            _ = try database.fetchCount(request)
        } catch AssocError.sqlite(let error) where error.message.hasSuffix(".rowid") && error.message.hasPrefix("no such column") {
            // Known SQLite limit: the hidden rowid of a table inside `LEFT JOIN (a JOIN b …)` is not visible outside.
            stats.rejected["SQLite: hidden rowid inside a nested join", default: 0] += 1
        } catch let error as AssocError where error.databaseError == nil {
            // The engine refused the request: counted by case (unknownColumn, invalidRequest…).
            stats.rejected[Mirror(reflecting: error).children.first?.label ?? "\(error)", default: 0] += 1
        } catch {
            return "SQLite rejected generated SQL: \(error)\nrequest: \(request)"
        }
        return nil
    }
}
