@_spi(Tooling) import AssocCore

/// Builds each `RequestSpec` as an AssocCore request, with the association names AssocCore
/// infers, and fetches it.
final class AssocRunner {
    let db: Database

    init(path: String) throws {
        db = try Database(path: path)
    }

    /// The associations AssocCore infers for the database's tables (views left out), with the
    /// join columns and the keys the GRDB side declares them with.
    func catalog() -> Catalog {
        var definitions: [AssocDef] = []
        var tables: Set<String> = []
        for table in db.schema.tables where table.kind != .view {
            for association in db.graph.associations(from: table.name) {
                guard let def = definition(association) else { continue }
                definitions.append(def)
                tables.insert(table.name)
            }
        }
        var catalog = Catalog(associations: definitions, tables: tables.sorted())
        for index in catalog.associations.indices where catalog.associations[index].isThrough {
            let def = catalog.associations[index]
            guard let pivot = catalog.association(def.origin, def.pivot),
                  let target = catalog.association(pivot.destination, def.target)
            else { continue }
            catalog.associations[index].pivotKey = pivot.scopeKey
            catalog.associations[index].pivotIdentity = pivot.identity
            catalog.associations[index].targetIdentity = target.identity
        }
        return catalog
    }

    private func definition(_ association: Association) -> AssocDef? {
        let kind: AssocKind
        switch association.kind {
        case .belongsTo: kind = .belongsTo
        case .hasOne: kind = .hasOne
        case .hasMany: kind = .hasMany
        case .hasOneThrough: kind = .hasOneThrough
        case .hasManyThrough: kind = .hasManyThrough
        }
        let singular = ToolingSupport.singularKey(of: association)
        var def = AssocDef(
            origin: association.origin, name: association.name, destination: association.destination, kind: kind,
            scopeKey: singular)
        if let table = db.schema.table(named: association.destination) {
            def.destinationHasFastPrimaryKey = !(ToolingSupport.isWithoutRowid(table) && table.primaryKey.columns.count > 1)
        }
        let pairs = association.columns
        switch association.kind {
        case .belongsTo:
            def.childColumns = pairs.map(\.origin)
            def.parentColumns = pairs.map(\.destination)
        case .hasOne, .hasMany:
            def.childColumns = pairs.map(\.destination)
            def.parentColumns = pairs.map(\.origin)
        case .hasOneThrough, .hasManyThrough:
            guard let names = ToolingSupport.throughNames(of: association) else { return nil }
            def.pivot = names.pivot
            def.target = names.target
        }
        return def
    }

    /// The canonical rendering of the fetched rows; nil when too large to render.
    func fetch(_ spec: RequestSpec, limit: Int = 300_000) throws -> [String]? {
        canonical(try db.fetchAll(build(spec)), spec: spec, limit: limit)
    }

    /// The SQL statements AssocCore runs for `spec` (for repro output).
    func statements(_ spec: RequestSpec) -> String {
        do {
            return try db.run(db.plan(build(spec))).steps.map { "\($0.statement.sql) \($0.statement.arguments)" }
                .joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    func build(_ spec: RequestSpec) -> Request {
        var request = Table(spec.table).all
        if let origin = spec.recordOrigin {
            // `request(for:)` from one record: `Table(origin).filter(key:)`, then the association.
            let table = Table(origin.association.origin)
            let base: Request
            if origin.key.count == 1, let only = origin.key.first {
                base = table.filter(key: value(only.value))
            } else {
                var columns: [String: ExpressionConvertible] = [:]
                for (column, lit) in origin.key { columns[column] = value(lit) }
                base = table.all.filter(key: columns)
            }
            var association = table.association(origin.association.name)
            if let filter = origin.associationFilter { association = association.filter(expression(filter)) }
            request = base.request(for: association)
        }
        if let alias = spec.alias { request = request.aliased(TableAlias(alias)) }
        if let filter = spec.filter { request = request.filter(expression(filter)) }
        for child in spec.children { request = attach(request, child) }
        if !spec.aggregates.isEmpty { request = request.annotated(with: spec.aggregates.map(aggregate)) }
        for having in spec.havings {
            request = request.having(compare(aggregate(having.aggregate), having.op, .value(value(having.value))))
        }
        return request.order(spec.ordering.map(ordering))
    }

    private func association(_ spec: JoinSpec) -> AssociationRequest {
        var association = Table(spec.association.origin).association(spec.association.name)
        if let alias = spec.alias { association = association.aliased(TableAlias(alias)) }
        if let filter = spec.filter { association = association.filter(expression(filter)) }
        if !spec.ordering.isEmpty { association = association.order(spec.ordering.map(ordering)) }
        for child in spec.children { association = attach(association, child) }
        return association
    }

    private func attach<R: RelationRefining>(_ request: R, _ child: JoinSpec) -> R where R.Refined == R {
        let a = association(child)
        switch child.method {
        case .includingRequired: return request.including(required: a)
        case .includingOptional: return request.including(optional: a)
        case .joiningRequired: return request.joining(required: a)
        case .joiningOptional: return request.joining(optional: a)
        case .includingAll: return request.including(all: a)
        }
    }

    private func aggregate(_ spec: AggregateSpec) -> Expression {
        var association = Table(spec.association.origin).association(spec.association.name)
        if let filter = spec.filter { association = association.filter(expression(filter)) }
        let column = Column(spec.column ?? "rowid")
        let result: Expression
        switch spec.function {
        case .count: result = association.count
        case .isEmpty: result = association.isEmpty
        case .min: result = association.min(column)
        case .max: result = association.max(column)
        case .average: result = association.average(column)
        case .sum: result = association.sum(column)
        case .total: result = association.total(column)
        }
        if let name = spec.name { return result.forKey(name) }
        return result
    }

    private func ordering(_ term: OrderTerm) -> Ordering {
        let descending: Bool? = term.descending ? true : nil
        if let annotation = term.annotation {
            // By the annotation's name (`Column("agg0")`), or by the aggregate itself, unnamed
            // (`books.count.desc`): the same rows either way.
            if annotation.byAggregate {
                var unnamed = annotation.aggregate
                unnamed.name = nil
                return Ordering(aggregate(unnamed), descending: descending)
            }
            return Ordering(Column(annotation.name).expression, descending: descending)
        }
        return Ordering(operand(term.operand), descending: descending)
    }

    private func value(_ lit: Lit) -> DatabaseValue {
        switch lit {
        case .integer(let v): return .integer(v)
        case .real(let v): return .real(v)
        case .text(let s): return .text(s)
        }
    }

    private func operand(_ operand: Operand) -> Expression {
        switch operand {
        case .column(let name): return Column(name).expression
        case .aliased(let alias, let column): return TableAlias(alias)[column]
        case .literal(let lit): return .value(value(lit))
        }
    }

    private func compare(_ lhs: Expression, _ op: CompareOp, _ rhs: Expression) -> Expression {
        switch op {
        case .eq: return lhs == rhs
        case .ne: return lhs != rhs
        case .lt: return lhs < rhs
        case .le: return lhs <= rhs
        case .gt: return lhs > rhs
        case .ge: return lhs >= rhs
        }
    }

    private func expression(_ filter: Filter) -> Expression {
        switch filter {
        case .compare(let a, let op, let b): return compare(operand(a), op, operand(b))
        case .isNull(let a, let negated): return negated ? operand(a).isNotNull : operand(a).isNull
        case .and(let a, let b): return expression(a) && expression(b)
        case .or(let a, let b): return expression(a) || expression(b)
        }
    }
}

extension Row: RowView {
    var valueStrings: [String] {
        zip(columnNames, values).map { name, value in
            switch value {
            case .null: return "\(name)=NULL"
            case .integer(let v): return "\(name)=i\(v)"
            case .real(let v): return "\(name)=r\(v)"
            case .text(let s): return "\(name)=t\(s)"
            case .blob(let b): return "\(name)=b\(b)"
            }
        }
    }

    func scopeRow(_ key: String) -> Row? { scopes.first { $0.key == key }?.row }
    /// A value of this scope or of a nested one is not NULL (an optional join that matched).
    var isPresent: Bool {
        values.contains { if case .null = $0 { return false } else { return true } }
            || scopes.contains { $0.row.isPresent }
    }
    var childScopes: [(key: String, row: Row)] { scopes }
    func prefetched(_ key: String) -> [Row]? { prefetchedRows(key) }
}
