import GRDB

/// Builds each `RequestSpec` as a GRDB request: `Table<Row>`-based associations with explicit
/// keys and foreign keys, and fetches it.
final class GRDBRunner {
    let dbQueue: DatabaseQueue

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        dbQueue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Primary keys, columns and up to 40 distinct values per column of the catalog's tables.
    func samples() throws -> [String: TableSample] {
        try dbQueue.read { db in
            var result: [String: TableSample] = [:]
            for table in Catalog.tables {
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
                result[table] = TableSample(primaryKey: pk, columns: columns)
            }
            return result
        }
    }

    /// Rows of the main query (to skip requests whose joins multiply rows beyond memory).
    func count(_ spec: RequestSpec) throws -> Int {
        let request = build(spec)
        return try dbQueue.read { db in try request.fetchCount(db) }
    }

    func fetch(_ spec: RequestSpec) throws -> [String] {
        let request = build(spec)
        let rows = try dbQueue.read { db in try Row.fetchAll(db, request) }
        return canonical(rows, spec: spec)
    }

    func build(_ spec: RequestSpec) -> QueryInterfaceRequest<Row> {
        var request = Table<Row>(spec.table).all()
        if let filter = spec.filter { request = request.filter(expression(filter)) }
        for child in spec.children { request = attach(request, child) }
        return request.order(spec.primaryKey.map { Column($0) })
    }

    /// A type-erased `Row → Row` association.
    private enum AnyAssociation {
        case belongsTo(BelongsToAssociation<Row, Row>)
        case hasOne(HasOneAssociation<Row, Row>)
        case hasMany(HasManyAssociation<Row, Row>)
        case hasOneThrough(HasOneThroughAssociation<Row, Row>)
        case hasManyThrough(HasManyThroughAssociation<Row, Row>)
    }

    private func base(_ def: AssocDef) -> AnyAssociation {
        let origin = Table<Row>(def.origin), destination = Table<Row>(def.destination)
        switch def.kind {
        case .belongsTo:
            return .belongsTo(origin.belongsTo(destination, key: def.name, using: ForeignKey(def.foreignKey)))
        case .hasOne:
            return .hasOne(origin.hasOne(destination, key: def.name, using: ForeignKey(def.foreignKey)))
        case .hasMany:
            return .hasMany(origin.hasMany(destination, key: def.name, using: ForeignKey(def.foreignKey)))
        case .hasOneThrough, .hasManyThrough:
            // Pivot and target are direct associations of the catalog.
            let pivotDef = Catalog.association(def.origin, def.pivot)
            let targetDef = pivotDef.flatMap { Catalog.association($0.destination, def.target) }
            let pivot = pivotDef.map(base), target = targetDef.map(base)
            switch (pivot, target) {
            case (.belongsTo(let p), .hasOne(let t)) where def.kind == .hasOneThrough:
                return .hasOneThrough(origin.hasOne(Row.self, through: p, using: t, key: def.name))
            case (.hasMany(let p), .belongsTo(let t)):
                return .hasManyThrough(origin.hasMany(Row.self, through: p, using: t, key: def.name))
            default:
                // Not in the catalog: fall back to the pivot (never reached with the demo catalog).
                return .belongsTo(origin.belongsTo(destination, key: def.name))
            }
        }
    }

    private func association(_ spec: JoinSpec) -> AnyAssociation {
        var a = base(spec.association)
        // A to-many association joined as to-one gets the singular key AssocCore documents.
        if spec.method != .includingAll && spec.association.isToMany {
            switch a {
            case .hasMany(let x): a = .hasMany(x.forKey(spec.association.scopeKey))
            case .hasManyThrough(let x): a = .hasManyThrough(x.forKey(spec.association.scopeKey))
            default: break
            }
        }
        if let filter = spec.filter {
            let e = expression(filter)
            switch a {
            case .belongsTo(let x): a = .belongsTo(x.filter(e))
            case .hasOne(let x): a = .hasOne(x.filter(e))
            case .hasMany(let x): a = .hasMany(x.filter(e))
            case .hasOneThrough(let x): a = .hasOneThrough(x.filter(e))
            case .hasManyThrough(let x): a = .hasManyThrough(x.filter(e))
            }
        }
        for child in spec.children {
            switch a {
            case .belongsTo(let x): a = .belongsTo(attach(x, child))
            case .hasOne(let x): a = .hasOne(attach(x, child))
            case .hasMany(let x): a = .hasMany(attach(x, child))
            case .hasOneThrough(let x): a = .hasOneThrough(attach(x, child))
            case .hasManyThrough(let x): a = .hasManyThrough(attach(x, child))
            }
        }
        return a
    }

    private func attach<H: JoinableRequest>(_ host: H, _ child: JoinSpec) -> H where H.RowDecoder == Row {
        switch association(child) {
        case .belongsTo(let a): return join(host, a, child.method)
        case .hasOne(let a): return join(host, a, child.method)
        case .hasOneThrough(let a): return join(host, a, child.method)
        case .hasMany(let a):
            return child.method == .includingAll ? host.including(all: a) : join(host, a, child.method)
        case .hasManyThrough(let a):
            return child.method == .includingAll ? host.including(all: a) : join(host, a, child.method)
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

    private func expression(_ filter: Filter) -> SQLExpression {
        switch filter {
        case .compare(let name, let op, let lit):
            let value: DatabaseValue
            switch lit {
            case .integer(let v): value = v.databaseValue
            case .real(let v): value = v.databaseValue
            case .text(let s): value = s.databaseValue
            }
            let column = Column(name)
            switch op {
            case .eq: return column == value
            case .ne: return column != value
            case .lt: return column < value
            case .le: return column <= value
            case .gt: return column > value
            case .ge: return column >= value
            }
        case .isNull(let name, let negated):
            return negated ? Column(name) != nil : Column(name) == nil
        case .and(let a, let b): return expression(a) && expression(b)
        case .or(let a, let b): return expression(a) || expression(b)
        }
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

extension Array where Element == Lit {
    /// At most `count` values spread over the sorted distinct values (deterministic, so a seed replays).
    func evenlySpaced(_ count: Int) -> [Lit] {
        guard self.count > count else { return self }
        return (0..<count).map { self[$0 * self.count / count] }
    }
}
