import AssocCore

/// Builds each `RequestSpec` as an AssocCore request (inferred association names; the two
/// through associations declared with the same keys as on the GRDB side) and fetches it.
final class AssocRunner {
    let db: Database

    init(path: String) throws {
        db = try Database(path: path)
    }

    func fetch(_ spec: RequestSpec) throws -> [String] {
        var request = Table(spec.table).all
        if let filter = spec.filter { request = request.filter(expression(filter)) }
        for child in spec.children { request = attach(request, child) }
        request = request.order(spec.primaryKey.map { Column($0) })
        return canonical(try db.fetchAll(request), spec: spec)
    }

    /// The SQL statements AssocCore runs for `spec` (for repro output).
    func statements(_ spec: RequestSpec) -> String {
        var request = Table(spec.table).all
        if let filter = spec.filter { request = request.filter(expression(filter)) }
        for child in spec.children { request = attach(request, child) }
        request = request.order(spec.primaryKey.map { Column($0) })
        do {
            return try db.executedStatements(for: request).map { "\($0.sql) \($0.arguments)" }.joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    private func association(_ spec: JoinSpec) -> AssociationRequest {
        let def = spec.association
        let origin = Table(def.origin)
        var association: AssociationRequest
        switch def.kind {
        case .belongsTo, .hasOne, .hasMany:
            association = origin.association(def.name)
        case .hasOneThrough, .hasManyThrough:
            let pivot = origin.association(def.pivot)
            let pivotDestination = Catalog.association(def.origin, def.pivot)?.destination ?? def.destination
            let target = Table(pivotDestination).association(def.target)
            association = def.kind == .hasOneThrough
                ? origin.hasOne(through: pivot, using: target, key: def.name)
                : origin.hasMany(through: pivot, using: target, key: def.name)
        }
        if let filter = spec.filter { association = association.filter(expression(filter)) }
        for child in spec.children { association = attach(association, child) }
        return association
    }

    private func attach(_ request: Request, _ child: JoinSpec) -> Request {
        let a = association(child)
        switch child.method {
        case .includingRequired: return request.including(required: a)
        case .includingOptional: return request.including(optional: a)
        case .joiningRequired: return request.joining(required: a)
        case .joiningOptional: return request.joining(optional: a)
        case .includingAll: return request.including(all: a)
        }
    }

    private func attach(_ request: AssociationRequest, _ child: JoinSpec) -> AssociationRequest {
        let a = association(child)
        switch child.method {
        case .includingRequired: return request.including(required: a)
        case .includingOptional: return request.including(optional: a)
        case .joiningRequired: return request.joining(required: a)
        case .joiningOptional: return request.joining(optional: a)
        case .includingAll: return request.including(all: a)
        }
    }

    private func expression(_ filter: Filter) -> Expression {
        switch filter {
        case .compare(let name, let op, let lit):
            let value: DatabaseValue
            switch lit {
            case .integer(let v): value = .integer(v)
            case .real(let v): value = .real(v)
            case .text(let s): value = .text(s)
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
            return negated ? Column(name).isNotNull : Column(name).isNull
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
    var isPresent: Bool { containsNonNullValue }
    var childScopes: [(key: String, row: Row)] { scopes }
    func prefetched(_ key: String) -> [Row]? { prefetchedRows(key) }
}
