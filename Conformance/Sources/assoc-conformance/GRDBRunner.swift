import GRDB

/// Builds each `RequestSpec` as a GRDB request: `Table<Row>` associations declared with explicit
/// keys and foreign keys (`ForeignKey(childColumns, to: parentColumns)`), and fetches it.
final class GRDBRunner {
    let dbQueue: DatabaseQueue
    let catalog: Catalog

    init(path: String, catalog: Catalog) throws {
        var configuration = Configuration()
        configuration.readonly = true
        dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        self.catalog = catalog
    }

    /// Direct associations of the catalog whose columns are not a foreign key that GRDB reads
    /// from the schema (the catalog comes from AssocCore: this keeps it honest).
    func unknownForeignKeys() throws -> [String] {
        try dbQueue.read { db in
            var problems: [String] = []
            for def in catalog.associations where !def.isThrough {
                let child = def.kind == .belongsTo ? def.origin : def.destination
                let parent = def.kind == .belongsTo ? def.destination : def.origin
                let found = try db.foreignKeys(on: child).contains { fk in
                    fk.destinationTable.lowercased() == parent.lowercased()
                        && fk.originColumns == def.childColumns && fk.destinationColumns == def.parentColumns
                }
                if !found { problems.append("\(def.origin).\(def.name): \(child)(\(def.childColumns)) → \(parent)(\(def.parentColumns))") }
            }
            return problems
        }
    }

    /// Primary keys, columns and up to 40 distinct values per column of the catalog's tables.
    func samples() throws -> [String: TableSample] {
        try dbQueue.read { db in
            var result: [String: TableSample] = [:]
            for table in catalog.tables {
                let pk = try db.primaryKey(table).columns
                var columns: [ColumnSample] = []
                for column in try db.columns(in: table) {
                    let values = try DatabaseValue.fetchAll(
                        db, sql: "SELECT DISTINCT \(column.name.quotedDatabaseIdentifier) FROM \(table.quotedDatabaseIdentifier) WHERE \(column.name.quotedDatabaseIdentifier) IS NOT NULL ORDER BY 1")
                    let lits: [Lit] = values.compactMap { value in
                        switch value.storage {
                        case .int64(let v): return .integer(v)
                        case .double(let v): return .real(v)
                        case .string(let s): return .text(s)
                        case .blob, .null: return nil
                        }
                    }
                    columns.append(ColumnSample(name: column.name, values: lits.evenlySpaced(40)))
                }
                // Keys of actual rows, for `filter(key:)` (rows with a NULL in their key left out).
                let keyColumns = pk.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                let keyRows = try Row.fetchAll(
                    db, sql: "SELECT \(keyColumns) FROM \(table.quotedDatabaseIdentifier) ORDER BY \(keyColumns)")
                let keys: [[Lit]] = keyRows.compactMap { row in
                    let values: [Lit] = row.databaseValues.compactMap { value in
                        switch value.storage {
                        case .int64(let v): return .integer(v)
                        case .double(let v): return .real(v)
                        case .string(let s): return .text(s)
                        case .blob, .null: return nil
                        }
                    }
                    return values.count == pk.count ? values : nil
                }
                result[table] = TableSample(primaryKey: pk, columns: columns, keys: keys.evenlySpaced(40))
            }
            return result
        }
    }

    /// Rows of the main query (to skip requests whose joins multiply rows beyond memory).
    func count(_ spec: RequestSpec) throws -> Int {
        try read(spec) { db, request in try request.fetchCount(db) }
    }

    /// The main SQL statement GRDB runs for `spec` (for repro output).
    func statement(_ spec: RequestSpec) -> String {
        do {
            return try read(spec) { db, request in
                let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
                return "\(statement.sql) \(statement.arguments)"
            }
        } catch {
            return "error: \(error)"
        }
    }

    /// The canonical rendering of the fetched rows; nil when too large to render. `repeated`:
    /// set when GRDB's `record.request(for:)` of a through association gave a destination row
    /// more than once, and the rows were made distinct (see `exclusionReason`'s note in
    /// Exclusions.swift).
    func fetch(_ spec: RequestSpec, repeated: inout Bool) throws -> [String]? {
        let rows = try read(spec) { db, request in try Row.fetchAll(db, request) }
        guard let rendered = canonical(rows, spec: spec) else { return nil }
        guard let origin = spec.recordOrigin, origin.association.isThrough else { return rendered }
        // The ordering ends with the destination's primary key: repeats are consecutive.
        var distinct: [String] = []
        for row in rendered where row != distinct.last { distinct.append(row) }
        repeated = distinct.count != rendered.count
        return distinct
    }

    /// Runs `body` in a read with the GRDB request for `spec`. A `request(for:)` spec fetches its
    /// origin record first (none: no row, an empty request).
    private func read<T>(_ spec: RequestSpec, _ body: (GRDB.Database, QueryInterfaceRequest<Row>) throws -> T) throws -> T {
        guard let origin = spec.recordOrigin else {
            let request = build(spec)
            return try dbQueue.read { db in try body(db, request) }
        }
        return try OriginRecord.$table.withValue(origin.association.origin) {
            try dbQueue.read { db in
                var request = try recordRequest(origin, db) ?? Table<Row>(spec.table).none()
                let aliases = Aliases()
                if let filter = spec.filter { request = request.filter(expression(filter, aliases)) }
                return try body(db, request.order(spec.ordering.map { ordering($0, aliases) }))
            }
        }
    }

    /// The user aliases of one request: GRDB wants the same `TableAlias` object where the table is
    /// aliased and where its columns are used.
    private final class Aliases {
        var byName: [String: TableAlias<Void>] = [:]

        subscript(_ name: String) -> TableAlias<Void> {
            if let alias = byName[name] { return alias }
            let alias = TableAlias(name: name)
            byName[name] = alias
            return alias
        }
    }

    func build(_ spec: RequestSpec) -> QueryInterfaceRequest<Row> {
        let aliases = Aliases()
        var request = Table<Row>(spec.table).all()
        if let alias = spec.alias { request = request.aliased(aliases[alias]) }
        if let filter = spec.filter { request = request.filter(expression(filter, aliases)) }
        for child in spec.children { request = attach(request, child, aliases) }
        if !spec.aggregates.isEmpty { request = request.annotated(with: spec.aggregates.compactMap { aggregate($0, aliases) }) }
        for having in spec.havings {
            guard let a = aggregate(having.aggregate, aliases) else { continue }
            let v = value(having.value)
            switch having.op {
            case .eq: request = request.having(a == v)
            case .ne: request = request.having(a != v)
            case .lt: request = request.having(a < v)
            case .le: request = request.having(a <= v)
            case .gt: request = request.having(a > v)
            case .ge: request = request.having(a >= v)
            }
        }
        return request.order(spec.ordering.map { ordering($0, aliases) })
    }

    /// A type-erased `Row → Row` association.
    private enum AnyAssociation {
        case belongsTo(BelongsToAssociation<Row, Row>)
        case hasOne(HasOneAssociation<Row, Row>)
        case hasMany(HasManyAssociation<Row, Row>)
        case hasOneThrough(HasOneThroughAssociation<Row, Row>)
        case hasManyThrough(HasManyThroughAssociation<Row, Row>)
    }

    /// The GRDB association for `def`. Used as to-one (`toOne`: joined or aggregated), a to-many
    /// association gets the singular key AssocCore documents (`booksAsAuthor` → `bookAsAuthor`),
    /// a through association's pivot included.
    private func base(_ def: AssocDef, toOne: Bool) -> AnyAssociation? {
        let origin = Table<Row>(def.origin), destination = Table<Row>(def.destination)
        let foreignKey = ForeignKey(def.childColumns, to: def.parentColumns)
        let key = toOne ? def.scopeKey : def.name
        switch def.kind {
        case .belongsTo:
            return .belongsTo(origin.belongsTo(destination, key: def.name, using: foreignKey))
        case .hasOne:
            return .hasOne(origin.hasOne(destination, key: def.name, using: foreignKey))
        case .hasMany:
            let a = origin.hasMany(destination, key: def.name, using: foreignKey)
            return .hasMany(toOne ? a.forKey(key) : a)
        case .hasOneThrough, .hasManyThrough:
            // Pivot and target are direct associations of the catalog.
            guard let pivotDef = catalog.association(def.origin, def.pivot),
                  let targetDef = catalog.association(pivotDef.destination, def.target),
                  let pivot = base(pivotDef, toOne: toOne), let target = base(targetDef, toOne: toOne)
            else { return nil }
            if def.kind == .hasOneThrough {
                switch pivot {
                case .belongsTo(let p): return oneThrough(origin, p, target, def.name)
                case .hasOne(let p): return oneThrough(origin, p, target, def.name)
                default: return nil
                }
            }
            switch pivot {
            case .belongsTo(let p): return manyThrough(origin, p, target, key)
            case .hasOne(let p): return manyThrough(origin, p, target, key)
            case .hasMany(let p): return manyThrough(origin, p, target, key)
            default: return nil
            }
        }
    }

    private func oneThrough<P: AssociationToOne>(_ origin: Table<Row>, _ pivot: P, _ target: AnyAssociation, _ key: String) -> AnyAssociation?
    where P.OriginRowDecoder == Row, P.RowDecoder == Row {
        switch target {
        case .belongsTo(let t): return .hasOneThrough(origin.hasOne(Row.self, through: pivot, using: t, key: key))
        case .hasOne(let t): return .hasOneThrough(origin.hasOne(Row.self, through: pivot, using: t, key: key))
        default: return nil
        }
    }

    private func manyThrough<P: Association>(_ origin: Table<Row>, _ pivot: P, _ target: AnyAssociation, _ key: String) -> AnyAssociation?
    where P.OriginRowDecoder == Row, P.RowDecoder == Row {
        switch target {
        case .belongsTo(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        case .hasOne(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        case .hasMany(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        default: return nil
        }
    }

    /// A type-erased association from `OriginRecord` (the origin of `record.request(for:)`).
    private enum RecordAssociation {
        case belongsTo(BelongsToAssociation<OriginRecord, Row>)
        case hasOne(HasOneAssociation<OriginRecord, Row>)
        case hasMany(HasManyAssociation<OriginRecord, Row>)
        case hasOneThrough(HasOneThroughAssociation<OriginRecord, Row>)
        case hasManyThrough(HasManyThroughAssociation<OriginRecord, Row>)
    }

    /// `def` declared on `Table<OriginRecord>`: direct ones with their foreign key, through ones
    /// with a pivot from `OriginRecord` and a `Row → Row` target.
    private func recordBase(_ def: AssocDef) -> RecordAssociation? {
        let origin = Table<OriginRecord>(def.origin), destination = Table<Row>(def.destination)
        let foreignKey = ForeignKey(def.childColumns, to: def.parentColumns)
        switch def.kind {
        case .belongsTo: return .belongsTo(origin.belongsTo(destination, key: def.name, using: foreignKey))
        case .hasOne: return .hasOne(origin.hasOne(destination, key: def.name, using: foreignKey))
        case .hasMany: return .hasMany(origin.hasMany(destination, key: def.name, using: foreignKey))
        case .hasOneThrough, .hasManyThrough:
            guard let pivotDef = catalog.association(def.origin, def.pivot),
                  let targetDef = catalog.association(pivotDef.destination, def.target),
                  let pivot = recordBase(pivotDef), let target = base(targetDef, toOne: false)
            else { return nil }
            if def.kind == .hasOneThrough {
                switch (pivot, target) {
                case (.belongsTo(let p), .belongsTo(let t)): return .hasOneThrough(origin.hasOne(Row.self, through: p, using: t, key: def.name))
                case (.belongsTo(let p), .hasOne(let t)): return .hasOneThrough(origin.hasOne(Row.self, through: p, using: t, key: def.name))
                case (.hasOne(let p), .belongsTo(let t)): return .hasOneThrough(origin.hasOne(Row.self, through: p, using: t, key: def.name))
                case (.hasOne(let p), .hasOne(let t)): return .hasOneThrough(origin.hasOne(Row.self, through: p, using: t, key: def.name))
                default: return nil
                }
            }
            switch pivot {
            case .belongsTo(let p): return recordManyThrough(origin, p, target, def.name)
            case .hasOne(let p): return recordManyThrough(origin, p, target, def.name)
            case .hasMany(let p): return recordManyThrough(origin, p, target, def.name)
            default: return nil
            }
        }
    }

    private func recordManyThrough<P: Association>(_ origin: Table<OriginRecord>, _ pivot: P, _ target: AnyAssociation, _ key: String) -> RecordAssociation?
    where P.OriginRowDecoder == OriginRecord, P.RowDecoder == Row {
        switch target {
        case .belongsTo(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        case .hasOne(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        case .hasMany(let t): return .hasManyThrough(origin.hasMany(Row.self, through: pivot, using: t, key: key))
        default: return nil
        }
    }

    /// `record.request(for: association)`, the record fetched by its key; nil when no row has the
    /// key (or the association cannot be declared: never with the catalog's associations).
    private func recordRequest(_ spec: RecordOriginSpec, _ db: GRDB.Database) throws -> QueryInterfaceRequest<Row>? {
        let table = Table<OriginRecord>(spec.association.origin)
        let keyRequest: QueryInterfaceRequest<OriginRecord>
        if spec.key.count == 1, let only = spec.key.first {
            keyRequest = table.filter(key: value(only.value))
        } else {
            var columns: [String: (any DatabaseValueConvertible)?] = [:]
            for (column, lit) in spec.key { columns[column] = value(lit) }
            keyRequest = table.filter(key: columns)
        }
        guard let record = try keyRequest.fetchOne(db) else { return nil }
        let filter = spec.associationFilter.map { expression($0, Aliases()) }
        switch recordBase(spec.association) {
        case .belongsTo(let a): return record.request(for: filter.map { a.filter($0) } ?? a)
        case .hasOne(let a): return record.request(for: filter.map { a.filter($0) } ?? a)
        case .hasMany(let a): return record.request(for: filter.map { a.filter($0) } ?? a)
        case .hasOneThrough(let a): return record.request(for: filter.map { a.filter($0) } ?? a)
        case .hasManyThrough(let a): return record.request(for: filter.map { a.filter($0) } ?? a)
        case nil: return nil
        }
    }

    private func association(_ spec: JoinSpec, _ aliases: Aliases) -> AnyAssociation? {
        guard var a = base(spec.association, toOne: spec.method != .includingAll) else { return nil }
        if let alias = spec.alias {
            let t = aliases[alias]
            switch a {
            case .belongsTo(let x): a = .belongsTo(x.aliased(t))
            case .hasOne(let x): a = .hasOne(x.aliased(t))
            case .hasMany(let x): a = .hasMany(x.aliased(t))
            case .hasOneThrough(let x): a = .hasOneThrough(x.aliased(t))
            case .hasManyThrough(let x): a = .hasManyThrough(x.aliased(t))
            }
        }
        if let filter = spec.filter {
            let e = expression(filter, aliases)
            switch a {
            case .belongsTo(let x): a = .belongsTo(x.filter(e))
            case .hasOne(let x): a = .hasOne(x.filter(e))
            case .hasMany(let x): a = .hasMany(x.filter(e))
            case .hasOneThrough(let x): a = .hasOneThrough(x.filter(e))
            case .hasManyThrough(let x): a = .hasManyThrough(x.filter(e))
            }
        }
        if !spec.ordering.isEmpty {
            let o = spec.ordering.map { ordering($0, aliases) }
            switch a {
            case .belongsTo(let x): a = .belongsTo(x.order(o))
            case .hasOne(let x): a = .hasOne(x.order(o))
            case .hasMany(let x): a = .hasMany(x.order(o))
            case .hasOneThrough(let x): a = .hasOneThrough(x.order(o))
            case .hasManyThrough(let x): a = .hasManyThrough(x.order(o))
            }
        }
        for child in spec.children {
            switch a {
            case .belongsTo(let x): a = .belongsTo(attach(x, child, aliases))
            case .hasOne(let x): a = .hasOne(attach(x, child, aliases))
            case .hasMany(let x): a = .hasMany(attach(x, child, aliases))
            case .hasOneThrough(let x): a = .hasOneThrough(attach(x, child, aliases))
            case .hasManyThrough(let x): a = .hasManyThrough(attach(x, child, aliases))
            }
        }
        return a
    }

    private func attach<H: JoinableRequest>(_ host: H, _ child: JoinSpec, _ aliases: Aliases) -> H where H.RowDecoder == Row {
        switch association(child, aliases) {
        case .belongsTo(let a): return join(host, a, child.method)
        case .hasOne(let a): return join(host, a, child.method)
        case .hasOneThrough(let a): return join(host, a, child.method)
        case .hasMany(let a):
            return child.method == .includingAll ? host.including(all: a) : join(host, a, child.method)
        case .hasManyThrough(let a):
            return child.method == .includingAll ? host.including(all: a) : join(host, a, child.method)
        case nil:
            return host
        }
    }

    private func join<H: JoinableRequest, A: Association>(_ host: H, _ a: A, _ method: JoinMethod) -> H
    where H.RowDecoder == Row, A.OriginRowDecoder == Row {
        switch method {
        case .includingRequired: return host.including(required: a)
        case .includingOptional, .includingAll: return host.including(optional: a)
        case .joiningRequired: return host.joining(required: a)
        case .joiningOptional: return host.joining(optional: a)
        }
    }

    private func aggregate(_ spec: AggregateSpec, _ aliases: Aliases) -> AssociationAggregate<Row>? {
        let column = Column(spec.column ?? "rowid")
        let filter = spec.filter.map { expression($0, aliases) }
        let result: AssociationAggregate<Row>
        switch base(spec.association, toOne: true) {
        case .hasMany(var a):
            if let filter { a = a.filter(filter) }
            result = aggregate(a, spec.function, column)
        case .hasManyThrough(var a):
            if let filter { a = a.filter(filter) }
            result = aggregate(a, spec.function, column)
        default:
            return nil
        }
        if let name = spec.name { return result.forKey(name) }
        return result
    }

    private func aggregate<A: AssociationToMany>(_ a: A, _ function: AggregateSpec.Function, _ column: Column)
        -> AssociationAggregate<Row> where A.OriginRowDecoder == Row
    {
        switch function {
        case .count: return a.count
        case .isEmpty: return a.isEmpty
        case .min: return a.min(column)
        case .max: return a.max(column)
        case .average: return a.average(column)
        case .sum: return a.sum(column)
        case .total: return a.total(column)
        }
    }

    private func ordering(_ term: OrderTerm, _ aliases: Aliases) -> SQLOrdering {
        if let annotation = term.annotation {
            // GRDB 7.10 qualifies a `Column` of an ordering with the root's table (SQLOrdering
            // `qualified(with:)`, SQLQueryGenerator): with the joins of an aggregate, the column of
            // `order(Column("agg0").desc)` is written `"person"."agg0"`, and SQLite fails with "no
            // such column: person.agg0". An SQL literal is left as written: `ORDER BY "agg0" DESC`
            // orders by the annotation (SQLite resolves a result column's name in ORDER BY).
            // AssocCore's `order(books.count.desc)` (by the aggregate) is compared with this too.
            let literal = SQL(sql: annotation.name.quotedDatabaseIdentifier)
            return term.descending ? literal.desc : literal.asc
        }
        let e = operand(term.operand, aliases)
        return term.descending ? e.desc : e.asc
    }

    private func value(_ lit: Lit) -> DatabaseValue {
        switch lit {
        case .integer(let v): return v.databaseValue
        case .real(let v): return v.databaseValue
        case .text(let s): return s.databaseValue
        }
    }

    private func operand(_ operand: Operand, _ aliases: Aliases) -> SQLExpression {
        switch operand {
        case .column(let name): return Column(name).sqlExpression
        case .aliased(let alias, let column): return aliases[alias][column]
        case .literal(let lit): return value(lit).sqlExpression
        }
    }

    private func expression(_ filter: Filter, _ aliases: Aliases) -> SQLExpression {
        switch filter {
        case .compare(let a, let op, let b):
            let lhs = operand(a, aliases), rhs = operand(b, aliases)
            switch op {
            case .eq: return lhs == rhs
            case .ne: return lhs != rhs
            case .lt: return lhs < rhs
            case .le: return lhs <= rhs
            case .gt: return lhs > rhs
            case .ge: return lhs >= rhs
            }
        case .isNull(let a, let negated):
            return negated ? operand(a, aliases) != nil : operand(a, aliases) == nil
        case .and(let a, let b): return expression(a, aliases) && expression(b, aliases)
        case .or(let a, let b): return expression(a, aliases) || expression(b, aliases)
        }
    }
}

/// The origin record of `record.request(for:)`: the values of one row of any table, encoded for
/// GRDB's foreign-key filter. GRDB reads the table from the type (`databaseTableName`, static),
/// while the runner's tables are known at run time: the table is a task-local value, set around
/// each read (`GRDBRunner.read`).
struct OriginRecord: TableRecord, FetchableRecord, EncodableRecord {
    @TaskLocal static var table = ""
    static var databaseTableName: String { table }

    var row: Row

    init(row: Row) {
        self.row = row.copy()
    }

    func encode(to container: inout PersistenceContainer) {
        for (name, value) in row { container[name] = value }
    }
}

extension Row: RowView {
    var valueStrings: [String] {
        var result: [String] = []
        for (name, value) in self where !name.hasPrefix("grdb_") {
            switch value.storage {
            case .null: result.append("\(name)=NULL")
            case .int64(let v): result.append("\(name)=i\(v)")
            case .double(let v): result.append("\(name)=r\(v)")
            case .string(let s): result.append("\(name)=t\(s)")
            case .blob(let b): result.append("\(name)=b\(Array(b))")
            }
        }
        return result
    }

    func scopeRow(_ key: String) -> Row? { scopes[key] }
    var isPresent: Bool { containsNonNullValue }
    var childScopes: [(key: String, row: Row)] { scopes.map { (key: $0.name, row: $0.row) } }
    func prefetched(_ key: String) -> [Row]? { prefetchedRows[key] }
}

extension Array {
    /// At most `count` values spread over the sorted distinct values (deterministic, so a seed replays).
    func evenlySpaced(_ count: Int) -> [Element] {
        guard self.count > count else { return self }
        return (0..<count).map { self[$0 * self.count / count] }
    }
}
