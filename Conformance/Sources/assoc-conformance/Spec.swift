/// Library-neutral description of a random request: both sides (AssocCore and GRDB) build
/// their own request from it. No import here, so that neither library's `Table`/`Column` leaks in.

/// A literal value in a filter.
enum Lit: Equatable {
    case integer(Int64), real(Double), text(String)

    var sql: String {
        switch self {
        case .integer(let v): return String(v)
        case .real(let v): return String(v)
        case .text(let s): return "'" + s.replacing("'", with: "''") + "'"
        }
    }
}

enum CompareOp: String, CaseIterable { case eq = "=", ne = "<>", lt = "<", le = "<=", gt = ">", ge = ">=" }

/// One side of a comparison: a column of the table the filter refines, a column of a table known
/// by a user alias, or a literal.
enum Operand {
    case column(String)
    case aliased(alias: String, column: String)
    case literal(Lit)

    var sql: String {
        switch self {
        case .column(let c): return c
        case .aliased(let a, let c): return "\(a).\(c)"
        case .literal(let v): return v.sql
        }
    }

    var alias: String? {
        if case .aliased(let a, _) = self { return a }
        return nil
    }
}

/// A simple filter: comparisons, IS [NOT] NULL, AND/OR.
indirect enum Filter {
    case compare(Operand, CompareOp, Operand)
    case isNull(Operand, negated: Bool)
    case and(Filter, Filter)
    case or(Filter, Filter)

    var sql: String {
        switch self {
        case .compare(let a, let op, let b): return "\(a.sql) \(op.rawValue) \(b.sql)"
        case .isNull(let c, let negated): return "\(c.sql) IS \(negated ? "NOT " : "")NULL"
        case .and(let a, let b): return "(\(a.sql) AND \(b.sql))"
        case .or(let a, let b): return "(\(a.sql) OR \(b.sql))"
        }
    }

    /// The user aliases the filter refers to.
    var aliases: [String] {
        switch self {
        case .compare(let a, _, let b): return [a.alias, b.alias].compactMap { $0 }
        case .isNull(let c, _): return [c.alias].compactMap { $0 }
        case .and(let a, let b), .or(let a, let b): return a.aliases + b.aliases
        }
    }
}

/// One ORDER BY term.
struct OrderTerm {
    var operand: Operand
    var descending: Bool
    /// Aggregate mode only: a term on one of the request's annotations (`operand` is then
    /// `.column(name)`, the annotation's name).
    var annotation: AnnotationOrder? = nil

    var sql: String {
        let spelled = annotation.flatMap { $0.byAggregate ? $0.aggregate.unnamedDescription : nil } ?? operand.sql
        return spelled + (descending ? " DESC" : "")
    }
}

/// An ordering on an annotation of the request: by its name (`order(Column("agg0").desc)`), or,
/// `byAggregate`, by the aggregate itself (`order(books.count.desc)`, AssocCore only: GRDB orders
/// by the name in both cases).
struct AnnotationOrder {
    var name: String
    var aggregate: AggregateSpec
    var byAggregate: Bool
}

enum AssocKind { case belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough }

/// One association of a database, as AssocCore infers it (name, join columns): the GRDB side
/// declares the same association with these explicit keys and foreign keys.
struct AssocDef {
    var origin: String
    /// AssocCore's inferred name; the GRDB key.
    var name: String
    var destination: String
    var kind: AssocKind
    /// Direct associations: the foreign key columns (on the child table) and the referenced
    /// columns (on the parent table).
    var childColumns: [String] = []
    var parentColumns: [String] = []
    /// Through associations: the names of the pivot (on origin) and of the target (on the pivot's destination).
    var pivot: String = ""
    var target: String = ""
    /// Through associations: the pivot's key when GRDB joins it as to-one (singular when to-many), and the
    /// join identities of the pivot and the target (see `identity`).
    var pivotKey: String = ""
    var pivotIdentity: String = ""
    var targetIdentity: String = ""
    /// False when the destination is a WITHOUT ROWID table with a composite primary key (GRDB
    /// cannot count its rows).
    var destinationHasFastPrimaryKey = true
    /// The key when the association is joined as to-one (to-many names singularized, as AssocCore documents).
    var scopeKey: String

    var isToMany: Bool { kind == .hasMany || kind == .hasManyThrough }
    /// What GRDB compares when it merges two associations under one key: tables, columns, direction.
    var identity: String {
        "\(origin)>\(destination):\(childColumns.joined(separator: ","))=\(parentColumns.joined(separator: ",")):\(kind == .belongsTo)"
    }
    var isThrough: Bool { kind == .hasOneThrough || kind == .hasManyThrough }
}

enum JoinMethod: String, CaseIterable {
    case includingRequired = "including(required:"
    case includingOptional = "including(optional:"
    case joiningRequired = "joining(required:"
    case joiningOptional = "joining(optional:"
    case includingAll = "including(all:"

    var isRequired: Bool { self == .includingRequired || self == .joiningRequired }
    var isIncluding: Bool { self != .joiningRequired && self != .joiningOptional }
}

/// An association in a request tree, with its own filter, alias, ordering and children.
struct JoinSpec {
    var method: JoinMethod
    var association: AssocDef
    var filter: Filter?
    /// A user alias (`TableAlias`) given to this association's table.
    var alias: String?
    /// Prefetched associations only: the order of the prefetched rows (ends with the primary key).
    var ordering: [OrderTerm] = []
    var children: [JoinSpec]

    /// True when this node or a descendant reaches the row (included scope or prefetch).
    var hasIncludedContent: Bool { method.isIncluding || children.contains { $0.hasIncludedContent } }

    var description: String {
        var s = "\(association.origin).\(association.name)"
        if let alias { s += ".aliased(\(alias))" }
        if let filter { s += ".filter(\(filter.sql))" }
        if !ordering.isEmpty { s += ".order(\(ordering.map(\.sql).joined(separator: ", ")))" }
        for child in children { s += ".\(child.method.rawValue) \(child.description))" }
        return s
    }
}

/// An aggregate of a to-many association of the root, annotated on the root rows.
struct AggregateSpec {
    enum Function: String, CaseIterable { case count, isEmpty, min, max, average, sum, total }

    var function: Function
    var association: AssocDef
    var filter: Filter?
    /// The aggregated column of the association's table (nil for count and isEmpty).
    var column: String?
    /// An explicit name (`forKey`); nil keeps the default name.
    var name: String?

    var description: String {
        var s = unnamedDescription
        if let name { s += ".forKey(\(name))" }
        return s
    }

    var unnamedDescription: String {
        var s = association.name
        if let filter { s += ".filter(\(filter.sql))" }
        s += ".\(function.rawValue)"
        if let column { s += "(\(column))" }
        return s
    }

    /// The name of the annotation: the explicit one, else the default name GRDB documents
    /// (AssociationsBasics.md, "Aggregate Operations") from the association's to-one key:
    /// `bookCount`, `hasNoBook`, `minBookYear`, `maxBookYear`, `averageBookPrice`, `bookAwardsSum`
    /// (sum and total). AssocCore gives the same names (rows would not compare equal otherwise).
    var annotationName: String {
        if let name { return name }
        func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
        let key = association.scopeKey
        let column = upperFirst(self.column ?? "")
        switch function {
        case .count: return key + "Count"
        case .isEmpty: return "hasNo" + upperFirst(key)
        case .min: return "min" + upperFirst(key) + column
        case .max: return "max" + upperFirst(key) + column
        case .average: return "average" + upperFirst(key) + column
        case .sum, .total: return key + column + "Sum"
        }
    }
}

/// A HAVING condition: aggregate OP literal.
struct HavingSpec {
    var aggregate: AggregateSpec
    var op: CompareOp
    var value: Lit

    var description: String { "\(aggregate.description) \(op.rawValue) \(value.sql)" }
}

/// `request(for:)` from one record: the record of `origin` whose primary key is `key`, and the
/// association followed from it (optionally filtered on the association itself).
struct RecordOriginSpec {
    var key: [(column: String, value: Lit)]
    var association: AssocDef
    var associationFilter: Filter?

    var description: String {
        let keyText = key.count == 1
            ? (key.first?.value.sql ?? "")
            : "[" + key.map { "\($0.column): \($0.value.sql)" }.joined(separator: ", ") + "]"
        var s = "\(association.origin).filter(key: \(keyText)).request(for: \(association.name)"
        if let associationFilter { s += ".filter(\(associationFilter.sql))" }
        return s + ")"
    }
}

/// A root request: table, alias, filter, children, annotations, HAVING, and an ordering that
/// always ends with the primary key. With `recordOrigin`, the root is the destination of
/// `record.request(for:)` (no alias, join or annotation then; `filter` and `ordering` refine it).
struct RequestSpec {
    var table: String
    var primaryKey: [String]
    var alias: String?
    var filter: Filter?
    var children: [JoinSpec]
    var aggregates: [AggregateSpec] = []
    var havings: [HavingSpec] = []
    var ordering: [OrderTerm]
    var recordOrigin: RecordOriginSpec? = nil

    /// True when the ordering starts with a term on an annotation.
    var isOrderedByAnnotation: Bool { ordering.contains { $0.annotation != nil } }

    var description: String {
        var s = recordOrigin?.description ?? table
        if let alias { s += ".aliased(\(alias))" }
        if let filter { s += ".filter(\(filter.sql))" }
        for child in children { s += ".\(child.method.rawValue) \(child.description))" }
        if !aggregates.isEmpty { s += ".annotated(with: \(aggregates.map(\.description).joined(separator: ", ")))" }
        for having in havings { s += ".having(\(having.description))" }
        s += ".order(\(ordering.map(\.sql).joined(separator: ", ")))"
        return s
    }
}
