import AssocCore
import Foundation
import TestSupport
import XCTest

@testable import AssocTUI

/// Random views (plain tables, followed links of every kind, includes, prefetches, sorts with
/// ties, on included columns or on expressions of the row, filters, typed requests that join to-many links or frame themselves with a limit) over the
/// demo database and over a schema built to repeat rows (a join table without a key and with
/// duplicate pairs, a table with a hidden rowid, a composite WITHOUT ROWID key, a self-reference,
/// a view with duplicate rows). For each, the rows reached by paging forward, by `G` then paging
/// back, by a provisional jump then paging both ways, and by export all equal the request's rows
/// fetched in one statement. Fewer views than under `ASSOC_FULL_TESTS=1`; `ASSOC_SEED` replays.
final class PagingPropertyTests: XCTestCase {
    func testPagingForwardBackwardAndExportSeeEveryRowOnceOnDuplicateProneSchemas() throws {
        let seed = randomSeed()
        var random = MonkeyRandom(seed: seed)
        let connection = try Connection.inMemory()
        try connection.execute(DuplicateProneSchema.sql)
        try DuplicateProneSchema.fill(connection, random: &random)
        let views = TestVolume.count(quick: 60, full: 160)
        try check(database: try Database(connection: connection), views: views, random: &random, seed: seed, reachesOffset: true)
    }

    func testPagingForwardBackwardAndExportSeeEveryRowOnceOnTheDemoDatabase() throws {
        let seed = randomSeed()
        var random = MonkeyRandom(seed: seed)
        try check(
            database: try Database(connection: DemoDatabase.make(scale: 1)), views: TestVolume.count(quick: 8, full: 120),
            random: &random, seed: seed, reachesOffset: false)
    }

    // MARK: The check

    /// `reachesOffset`: the schema has views (no key), where OFFSET paging is expected.
    private func check(database db: Database, views: Int, random: inout MonkeyRandom, seed: UInt64, reachesOffset: Bool) throws {
        let generator = ViewGenerator(db: db)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var kinds: [String: Int] = [:]
        for index in 0..<views {
            guard let view = try generator.view(random: &random) else { continue }
            let source = RequestDataSource(database: db)
            let label = "seed \(seed), view \(index): \((try? source.requestText(for: view)) ?? view.table)"
            let limit = Int.random(in: 1...7, using: &random)
            let whole = try source.browsePage(of: view, offset: 0, limit: 1_000_000, totalCount: nil)
            kinds[whole.paging, default: 0] += 1

            // The request fetched in one statement, totally ordered, flattened as the grid does.
            let request = view.request
            let fetched = try db.fetchAll(request.orderedTotally())
            XCTAssertEqual(whole.rows, try flattened(fetched, of: view, source: source), label)
            // The same rows as the request in SQLite's own order (a request that frames itself with
            // a limit over an order with ties leaves SQLite free to pick among the ties: the view
            // picks by key).
            if request.limit == nil && request.offset == nil {
                XCTAssertEqual(sortedText(try flattened(try db.fetchAll(request), of: view, source: source)), sortedText(whole.rows), label)
            }

            // Forward, one page after another.
            let forward = RequestDataSource(database: db)
            var rows: [[DatabaseValue]] = []
            var offset = 0
            while offset <= whole.rows.count {
                let page = try forward.browsePage(of: view, offset: offset, limit: limit, totalCount: nil)
                rows += page.rows
                if page.rows.count < limit { break }
                offset += limit
            }
            XCTAssertEqual(rows, whole.rows, "forward, pages of \(limit), " + label)

            // `G`, then back to the top.
            let backward = RequestDataSource(database: db)
            _ = try backward.browsePage(of: view, offset: 0, limit: limit, totalCount: nil)
            var tail: [[DatabaseValue]] = []
            let count: Int
            if whole.isKeyset {
                // The last rows at once, before the count; the count arrives and settles them.
                let last = try backward.browsePage(of: view, at: .last(back: limit - 1), limit: limit, totalCount: nil)
                count = try backward.browseCount(of: view).count
                tail = Array(last.rows.suffix(min(limit, count)))
            } else {
                count = try backward.browseCount(of: view).count
                if count > 0 {
                    let start = max(0, count - limit)
                    tail = try backward.browsePage(of: view, offset: start, limit: count - start, totalCount: count).rows
                }
            }
            XCTAssertEqual(count, whole.rows.count, "count, " + label)
            var end = count - tail.count
            while end > 0 {
                let start = max(0, end - limit)
                let page = try backward.browsePage(of: view, offset: start, limit: end - start, totalCount: count)
                XCTAssertEqual(page.rows.count, end - start, "backward page at \(start), " + label)
                tail = page.rows + tail
                if page.rows.isEmpty { break }
                end = start
            }
            XCTAssertEqual(tail, whole.rows, "G then back, pages of \(limit), " + label)

            // `#` to a random row, placed provisionally (nothing counted at once), then paged.
            if whole.isKeyset, !whole.rows.isEmpty {
                try checkProvisionalJump(
                    view: view, whole: whole.rows, request: request, db: db, limit: limit, random: &random, label: label)
            }

            // Export: the request's rows, in the view's order, nothing more or less.
            let path = directory.appendingPathComponent("\(index).json").path
            guard let json = try? RowJSON.render(fetched) else {
                // Rows the JSON contract refuses (a column and an association under one name).
                XCTAssertThrowsError(try source.export(view, to: path, format: .json, replacing: .any) { _ in true }, label)
                continue
            }
            let written = try source.export(view, to: path, format: .json, replacing: .any) { _ in true }
            XCTAssertEqual(written, whole.rows.count, "export count, " + label)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), json, "export, " + label)
        }
        // The generator reached keyset paging, and OFFSET only where there is no key: a view, or
        // distinct() rows of a table with no key of its own (`comment`, `postTag`).
        XCTAssertTrue(kinds.keys.contains { $0.hasPrefix("keyset") }, "\(kinds)")
        if reachesOffset { XCTAssertTrue(kinds.keys.contains { $0.hasPrefix("OFFSET") }, "\(kinds)") }
        let offsetReasons: Set<String> = [
            "OFFSET paging: a view has no key", "OFFSET paging: distinct() rows with no key of their own",
            "OFFSET paging: distinct() sorted by a value its rows do not select"
        ]
        XCTAssertTrue(kinds.keys.filter { $0.hasPrefix("OFFSET") }.allSatisfy(offsetReasons.contains), "\(kinds)")
        // Sorts on included columns (`keyset paging on author.name, id`) come with some seeds
        // only: `QueryDataSourceTests` checks one every time.
    }

    /// A jump to the key of a random row with `exactCountLimit` 0: it lands at
    /// `RowPosition.found(0)`; pages after it by keyset follow it to the end; then either
    /// `locate` settles it, or pages before it read back until one reaches the first row and
    /// settles it. Every page equals the rows of `whole` at the real positions.
    private func checkProvisionalJump(
        view: RequestView, whole: [[DatabaseValue]], request: Request, db: Database, limit: Int,
        random: inout MonkeyRandom, label: String
    ) throws {
        let source = RequestDataSource(database: db)
        source.exactCountLimit = 0
        let reader = try XCTUnwrap(source.pager(for: request).keysetReader(), label)
        let keyset = reader.order
        // The values of the view's order at each row, in the view's order.
        let orderValues: [[DatabaseValue]?] = try reader.fetch(reader.request.order(keyset.orderings())).map { $0.key }
        XCTAssertEqual(orderValues.count, whole.count, label)
        let keyIndex = keyset.terms.count - keyset.keyColumns.count - keyset.joinKeyCount
        let picked = Int.random(in: 0..<whole.count, using: &random)
        guard let pickedValues = orderValues[picked], case .integer(let key) = pickedValues[keyIndex] else { return }
        // The jump lands on a row of that key (the first by key, then by the keys of the joined
        // rows repeating it).
        let result = try source.browseJump(toKey: String(key), in: view)
        let landed = result.locate ?? (result.position == 0 ? orderValues.first ?? nil : nil)
        let index = try XCTUnwrap(landed.flatMap { orderValues.firstIndex(of: $0) }, "#\(key): \(result), " + label)
        XCTAssertEqual(landed?[keyIndex], .integer(key), label)
        if keyset.joinKeyCount == 0 && keyset.keyColumns.count == 1 { XCTAssertEqual(index, picked, "keys are unique, " + label) }
        let jumpLabel = "#\(key) (row \(index)), pages of \(limit), " + label
        guard let values = result.locate else {
            XCTAssertEqual(result.position, 0, "only the first row is placed at once, " + jumpLabel)
            return
        }
        XCTAssertEqual(result.position, .found(0), jumpLabel)
        // Forward from the row, to the end.
        var offset = 0
        while true {
            let page = try source.browsePage(of: view, at: .found(offset), limit: limit, totalCount: nil)
            let start = offset + index
            XCTAssertEqual(page.first, .found(offset), jumpLabel)
            XCTAssertEqual(page.rows, rows(whole, start, start + limit), "forward at \(start), " + jumpLabel)
            if page.rows.count < limit { break }
            offset += limit
        }
        if Bool.random(using: &random) {
            // The deferred count, then the rows before the row by real positions.
            XCTAssertEqual(try source.browseLocate(values, in: view), RowLocation(values: values, position: index), jumpLabel)
            let start = max(0, index - limit)
            let page = try source.browsePage(of: view, offset: start, limit: index - start, totalCount: nil)
            XCTAssertEqual(page.rows, rows(whole, start, index), "before, located, " + jumpLabel)
            return
        }
        // Backward from the row until a page reaches the first row.
        var end = 0
        while true {
            let page = try source.browsePage(of: view, at: .found(end - limit), limit: limit, totalCount: nil)
            if let located = page.located {
                XCTAssertEqual(located, RowLocation(values: values, position: index), jumpLabel)
                XCTAssertEqual(page.first, .first(0), jumpLabel)
                XCTAssertEqual(page.rows, rows(whole, 0, end + index), "first page, " + jumpLabel)
                break
            }
            let start = end - limit + index
            XCTAssertGreaterThanOrEqual(start, 0, "a page before the first row, " + jumpLabel)
            XCTAssertEqual(page.first, .found(end - limit), jumpLabel)
            XCTAssertEqual(page.rows, rows(whole, start, end + index), "backward at \(start), " + jumpLabel)
            if start <= 0 || page.rows.isEmpty { break }
            end -= limit
        }
        // Settled: real positions read by keyset from the anchors it moved.
        let page = try source.browsePage(of: view, offset: index, limit: limit, totalCount: nil)
        XCTAssertEqual(page.rows, rows(whole, index, index + limit), "after settling, " + jumpLabel)
    }

    /// The rows of `whole` from `start` to `end`, clamped to it (a wrong page fails the
    /// comparison instead of trapping).
    private func rows(_ whole: [[DatabaseValue]], _ start: Int, _ end: Int) -> [[DatabaseValue]] {
        let low = min(max(0, start), whole.count)
        return Array(whole[low..<min(max(low, end), whole.count)])
    }

    private func flattened(_ rows: [Row], of view: RequestView, source: RequestDataSource) throws -> [[DatabaseValue]] {
        let flattener = try source.db.rowFlattener(for: view.request)
        return rows.map { flattener.values(of: $0) }
    }

    private func sortedText(_ rows: [[DatabaseValue]]) -> [String] {
        rows.map { $0.map(\.sqlLiteral).joined(separator: "|") }.sorted()
    }
}

/// Tables whose joins repeat rows: `postTag` has no key and holds duplicate pairs, `comment`
/// has only its hidden rowid, `edge` a composite WITHOUT ROWID key, `person` reports to itself,
/// `tagged` is a view with duplicate rows. Scores and names take few values (ties in sorts).
enum DuplicateProneSchema {
    static let sql = """
        CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES person(id));
        CREATE TABLE post (id INTEGER PRIMARY KEY, title TEXT, score INTEGER, authorId INTEGER REFERENCES person(id));
        CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE postTag (postId INTEGER NOT NULL REFERENCES post(id), tagId INTEGER NOT NULL REFERENCES tag(id));
        CREATE TABLE comment (postId INTEGER REFERENCES post(id), authorId INTEGER REFERENCES person(id), body TEXT);
        CREATE TABLE edge (a INTEGER NOT NULL REFERENCES person(id), b INTEGER NOT NULL REFERENCES person(id), w INTEGER,
          PRIMARY KEY (a, b)) WITHOUT ROWID;
        CREATE VIEW tagged AS SELECT post.title, post.score FROM post JOIN postTag ON postTag.postId = post.id;
        """

    static func fill(_ connection: Connection, random: inout MonkeyRandom) throws {
        let names: [DatabaseValue] = ["ann", "bob", "cy", .null]
        for id in 1...12 {
            let manager: DatabaseValue = id > 1 && Bool.random(using: &random) ? .integer(Int64.random(in: 1..<Int64(id), using: &random)) : .null
            try connection.execute(
                "INSERT INTO person VALUES (?, ?, ?)", arguments: [.integer(Int64(id)), names.randomElement(using: &random) ?? .null, manager])
        }
        for id in 1...30 {
            let score: DatabaseValue = Int.random(in: 0..<5, using: &random) == 0 ? .null : .integer(Int64.random(in: 1...3, using: &random))
            let author: DatabaseValue = Int.random(in: 0..<6, using: &random) == 0 ? .null : .integer(Int64.random(in: 1...12, using: &random))
            try connection.execute("INSERT INTO post VALUES (?, ?, ?, ?)", arguments: [.integer(Int64(id)), .text("p\(id % 7)"), score, author])
        }
        for id in 1...6 {
            try connection.execute("INSERT INTO tag VALUES (?, ?)", arguments: [.integer(Int64(id)), .text(["red", "blue"][id % 2])])
        }
        for _ in 0..<70 {
            try connection.execute(
                "INSERT INTO postTag VALUES (?, ?)",
                arguments: [
                    .integer(Int64.random(in: 1...30, using: &random)), .integer(Int64.random(in: 1...6, using: &random))
                ])
        }
        for _ in 0..<50 {
            let body: DatabaseValue = Bool.random(using: &random) ? "ok" : "meh"
            try connection.execute(
                "INSERT INTO comment VALUES (?, ?, ?)",
                arguments: [
                    .integer(Int64.random(in: 1...30, using: &random)), .integer(Int64.random(in: 1...12, using: &random)), body
                ])
        }
        for a in 1...12 {
            for b in 1...12 where Int.random(in: 0..<4, using: &random) == 0 {
                try connection.execute(
                    "INSERT INTO edge VALUES (?, ?, ?)",
                    arguments: [
                        .integer(Int64(a)), .integer(Int64(b)), .integer(Int64.random(in: 1...2, using: &random))
                    ])
            }
        }
    }
}

/// Builds random browser views of a database, of every kind the browser makes.
private struct ViewGenerator {
    let db: Database

    func view(random: inout MonkeyRandom) throws -> RequestView? {
        guard let table = db.schema.tables.randomElement(using: &random) else { return nil }
        let links = db.graph.associations(from: table.name)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return refined(RequestView(table: table.name), random: &random)
        case 1:
            // A followed link from a random row.
            guard let link = links.randomElement(using: &random),
                let row = try db.fetchAll(Table(table.name).all.limit(20)).randomElement(using: &random)
            else { return nil }
            let key = table.primaryKey.columns.filter { table.column(named: $0) != nil }
            let request = FollowRequest.make(
                link: link, table: table.name, keyColumns: key.count == table.primaryKey.columns.count ? key : [],
                columns: row.columnNames, values: row.values)
            return refined(RequestView(request: request, title: link.name), random: &random)
        default:
            // A typed request that joins a to-many link (rows repeat the root's key), or frames itself.
            let source = RequestDataSource(database: db)
            let name = RequestPrinter.name(table.name)
            var text: String
            let toMany = links.filter(\.isToMany)
            if let link = toMany.randomElement(using: &random), Bool.random(using: &random) {
                let method =
                    ["including(required: ", "including(optional: ", "joining(optional: ", "joining(required: "]
                    .randomElement(using: &random) ?? "joining(required: "
                text = name + "." + method + RequestPrinter.name(link.name)
                if let next = db.graph.associations(from: link.destination).filter({ !$0.isToMany }).randomElement(using: &random),
                    Bool.random(using: &random)
                {
                    text += ".including(optional: " + RequestPrinter.name(next.name) + ")"
                }
                // Sometimes aliased, and the view sorted on one of its columns (a hidden value when
                // the join selects nothing).
                if Bool.random(using: &random), let column = db.schema.table(named: link.destination)?.columns.randomElement(using: &random) {
                    text += ".aliased(\"j\"))"
                    text += ".order(j." + RequestPrinter.name(column.name) + (Bool.random(using: &random) ? ".desc" : "") + ")"
                } else {
                    text += ")"
                }
            } else {
                text = name + ".limit(\(Int.random(in: 0...9, using: &random)), offset: \(Int.random(in: 0...4, using: &random)))"
            }
            if Bool.random(using: &random), let column = table.columns.randomElement(using: &random) {
                text += ".order(" + RequestPrinter.name(column.name) + (Bool.random(using: &random) ? ".desc" : "") + ")"
            }
            if Bool.random(using: &random) { text = text.replacing(name + ".", with: name + ".distinct().", maxReplacements: 1) }
            return try? source.view(parsing: text, from: nil)
        }
    }

    /// `view` with random includes, prefetches, a sort with ties and a filter.
    private func refined(_ view: RequestView, random: inout MonkeyRandom) -> RequestView {
        var view = view
        let links = db.graph.associations(from: view.table)
        var includes: [(path: [Int], link: Association)] = []
        for link in links where Int.random(in: 0..<3, using: &random) == 0 {
            if link.isToMany {
                view.request = view.request.togglingPrefetch(Table(link.origin).association(link.name)).request
            } else {
                let request = view.request.including(optional: Table(link.origin).association(link.name), under: [])
                let path = [request.joins(under: []).count - 1]
                view.request = Bool.random(using: &random) ? request.togglingRequired(joinAt: path) : request
                includes.append((path, link))
            }
        }
        let columns = db.schema.table(named: view.table)?.columns ?? []
        if Int.random(in: 0..<4, using: &random) == 0, let link = links.filter(\.isToMany).randomElement(using: &random) {
            // A sort on an aggregate of a to-many link, as `a` then `s` make it (paged in HAVING).
            let numeric = (db.schema.table(named: link.destination)?.columns ?? []).filter { column in
                ["INT", "REAL", "NUM"].contains { column.declaredType.uppercased().contains($0) }
            }.map(\.name)
            let aggregate =
                AggregateChoices.choices(link: link, numericColumns: numeric).randomElement(using: &random)
                ?? Table(link.origin).association(link.name).count
            var annotated = view.request
            annotated.relation.annotations.append(aggregate)
            annotated = annotated.order(Ordering(aggregate, descending: Bool.random(using: &random) ? true : nil))
            // Not on a table AssocCore cannot group (no single-column key): the browser's `a` says so.
            if (try? db.mainStatement(for: annotated)) != nil { view.request = annotated }
        } else if Bool.random(using: &random), let column = columns.randomElement(using: &random) {
            view.request = view.request.order(Ordering(Column(column.name), descending: Bool.random(using: &random) ? true : nil))
        } else if Int.random(in: 0..<3, using: &random) == 0, let column = columns.randomElement(using: &random) {
            // A sort on an expression of root columns (ties, NULLs, mixed types), as `.order(…)` types it.
            let other = columns.randomElement(using: &random) ?? column
            let expressions: [AssocCore.Expression] = [
                .binary(.remainder, .column(column.name), .value(3)),
                .function("lower", [.column(column.name)]),
                .function("ifnull", [.column(column.name), .column(other.name)]),
                .unary(.negate, .function("length", [.column(column.name)])),
                .collated(.column(column.name), .nocase),
                // As `order(sql:)` types it: a snippet with an argument.
                .sql("coalesce(\"" + column.name.replacingOccurrences(of: "\"", with: "\"\"") + "\", ?)", arguments: ["~"])
            ]
            let expression = expressions.randomElement(using: &random) ?? .column(column.name)
            let sorted = view.request.order(Ordering(expression, descending: Bool.random(using: &random) ? true : nil))
            // Not a snippet SQLite refuses (a column name two joined tables have).
            if let statement = try? db.mainStatement(for: sorted), (try? db.connection.prepare(statement.sql)) != nil {
                view.request = sorted
            }
        } else if Bool.random(using: &random), let include = includes.randomElement(using: &random),
            let column = db.schema.table(named: include.link.destination)?.columns.randomElement(using: &random),
            let aliased = view.request.aliasingJoin(at: include.path, derivedFrom: [include.link.name])
        {
            // A sort on an included column (NULL where the include has no match), as `s` makes it;
            // sometimes the include then joins without its columns (a typed `joining`).
            var request = aliased.request
            if include.path.count == 1, include.path[0] < request.relation.joins.count, Bool.random(using: &random) {
                let required = request.relation.joins[include.path[0]].method.isRequired
                request.relation.joins[include.path[0]].method = required ? .joiningRequired : .joiningOptional
            }
            view.request = request.order(
                Ordering(
                    AssocCore.Expression.aliasedColumn(alias: aliased.alias, column: column.name),
                    descending: Bool.random(using: &random) ? true : nil))
        }
        if Int.random(in: 0..<3, using: &random) == 0, let column = columns.randomElement(using: &random) {
            view.request = view.request.filter(AssocCore.Expression.isNull(.column(column.name), negated: true))
        }
        return view
    }
}
