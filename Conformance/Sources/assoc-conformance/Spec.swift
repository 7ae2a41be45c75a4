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

/// A simple filter: column OP literal, IS [NOT] NULL, AND/OR.
indirect enum Filter {
    case compare(String, CompareOp, Lit)
    case isNull(String, negated: Bool)
    case and(Filter, Filter)
    case or(Filter, Filter)

    var sql: String {
        switch self {
        case .compare(let c, let op, let v): return "\(c) \(op.rawValue) \(v.sql)"
        case .isNull(let c, let negated): return "\(c) IS \(negated ? "NOT " : "")NULL"
        case .and(let a, let b): return "(\(a.sql) AND \(b.sql))"
        case .or(let a, let b): return "(\(a.sql) OR \(b.sql))"
        }
    }
}

enum AssocKind { case belongsTo, hasOne, hasMany, hasOneThrough, hasManyThrough }

/// One association of the demo schema, as AssocCore infers it (name) and as GRDB declares it
/// (foreign key columns on the child table).
struct AssocDef {
    var origin: String
    /// AssocCore's inferred name (or the declared key of a through association); the GRDB key.
    var name: String
    var destination: String
    var kind: AssocKind
    /// Foreign key columns, on the child table (direct associations only).
    var foreignKey: [String] = []
    /// Through associations: the names of the pivot (on origin) and of the target (on the pivot's destination).
    var pivot: String = ""
    var target: String = ""

    var isToMany: Bool { kind == .hasMany || kind == .hasManyThrough }

    /// The scope key when the association is joined (to-many names singularized, as AssocCore documents).
    var scopeKey: String {
        guard isToMany else { return name }
        return Catalog.singular[name] ?? name
    }
}

enum Catalog {
    static let associations: [AssocDef] = [
        AssocDef(origin: "book", name: "author", destination: "person", kind: .belongsTo, foreignKey: ["authorId"]),
        AssocDef(origin: "book", name: "translator", destination: "person", kind: .belongsTo, foreignKey: ["translatorId"]),
        AssocDef(origin: "book", name: "library", destination: "library", kind: .belongsTo, foreignKey: ["libraryId"]),
        AssocDef(origin: "book", name: "coverImage", destination: "coverImage", kind: .hasOne, foreignKey: ["bookId"]),
        AssocDef(origin: "book", name: "prizes", destination: "prize", kind: .hasMany, foreignKey: ["bookId"]),
        AssocDef(origin: "book", name: "address", destination: "address", kind: .hasOneThrough, pivot: "library", target: "address"),
        AssocDef(origin: "person", name: "country", destination: "country", kind: .belongsTo, foreignKey: ["countryCode"]),
        AssocDef(origin: "person", name: "booksAsAuthor", destination: "book", kind: .hasMany, foreignKey: ["authorId"]),
        AssocDef(origin: "person", name: "booksAsTranslator", destination: "book", kind: .hasMany, foreignKey: ["translatorId"]),
        AssocDef(origin: "person", name: "paintings", destination: "painting", kind: .hasMany, foreignKey: ["authorId"]),
        AssocDef(origin: "country", name: "demographic", destination: "demographics", kind: .hasOne, foreignKey: ["countryCode"]),
        AssocDef(origin: "country", name: "people", destination: "person", kind: .hasMany, foreignKey: ["countryCode"]),
        AssocDef(origin: "country", name: "passports", destination: "passport", kind: .hasMany, foreignKey: ["countryCode"]),
        AssocDef(origin: "country", name: "citizens", destination: "citizen", kind: .hasManyThrough, pivot: "passports", target: "citizen"),
        AssocDef(origin: "demographics", name: "country", destination: "country", kind: .belongsTo, foreignKey: ["countryCode"]),
        AssocDef(origin: "library", name: "address", destination: "address", kind: .hasOne, foreignKey: ["libraryId"]),
        AssocDef(origin: "library", name: "books", destination: "book", kind: .hasMany, foreignKey: ["libraryId"]),
        AssocDef(origin: "address", name: "library", destination: "library", kind: .belongsTo, foreignKey: ["libraryId"]),
        AssocDef(origin: "coverImage", name: "book", destination: "book", kind: .belongsTo, foreignKey: ["bookId"]),
        AssocDef(origin: "prize", name: "book", destination: "book", kind: .belongsTo, foreignKey: ["bookId"]),
        AssocDef(origin: "painting", name: "author", destination: "person", kind: .belongsTo, foreignKey: ["authorId"]),
        AssocDef(origin: "citizen", name: "passports", destination: "passport", kind: .hasMany, foreignKey: ["citizenId"]),
        AssocDef(origin: "passport", name: "country", destination: "country", kind: .belongsTo, foreignKey: ["countryCode"]),
        AssocDef(origin: "passport", name: "citizen", destination: "citizen", kind: .belongsTo, foreignKey: ["citizenId"]),
        AssocDef(origin: "employee", name: "manager", destination: "employee", kind: .belongsTo, foreignKey: ["managerId"]),
        AssocDef(origin: "employee", name: "employeesAsManager", destination: "employee", kind: .hasMany, foreignKey: ["managerId"]),
        AssocDef(origin: "document", name: "sections", destination: "section", kind: .hasMany, foreignKey: ["documentId"]),
        AssocDef(origin: "section", name: "document", destination: "document", kind: .belongsTo, foreignKey: ["documentId"]),
        AssocDef(origin: "section", name: "paragraphs", destination: "paragraph", kind: .hasMany, foreignKey: ["sectionId"]),
        AssocDef(origin: "paragraph", name: "section", destination: "section", kind: .belongsTo, foreignKey: ["sectionId"]),
        AssocDef(origin: "team", name: "players", destination: "player", kind: .hasMany, foreignKey: ["teamId"]),
        AssocDef(origin: "team", name: "playerRoles", destination: "playerRole", kind: .hasMany, foreignKey: ["teamId"]),
        AssocDef(origin: "player", name: "team", destination: "team", kind: .belongsTo, foreignKey: ["teamId"]),
        AssocDef(origin: "player", name: "playerRoles", destination: "playerRole", kind: .hasMany, foreignKey: ["playerId"]),
        AssocDef(origin: "playerRole", name: "team", destination: "team", kind: .belongsTo, foreignKey: ["teamId"]),
        AssocDef(origin: "playerRole", name: "player", destination: "player", kind: .belongsTo, foreignKey: ["playerId"]),
    ]

    static let singular: [String: String] = [
        "prizes": "prize", "booksAsAuthor": "bookAsAuthor", "booksAsTranslator": "bookAsTranslator",
        "paintings": "painting", "people": "person", "passports": "passport", "citizens": "citizen",
        "books": "book", "employeesAsManager": "employeeAsManager", "sections": "section",
        "paragraphs": "paragraph", "players": "player", "playerRoles": "playerRole",
    ]

    static var tables: [String] { Array(Set(associations.map(\.origin))).sorted() }

    static func associations(from table: String) -> [AssocDef] { associations.filter { $0.origin == table } }

    static func association(_ origin: String, _ name: String) -> AssocDef? {
        associations.first { $0.origin == origin && $0.name == name }
    }
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

/// An association in a request tree, with its own filter and children.
struct JoinSpec {
    var method: JoinMethod
    var association: AssocDef
    var filter: Filter?
    var children: [JoinSpec]

    /// True when this node or a descendant reaches the row (included scope or prefetch).
    var hasIncludedContent: Bool { method.isIncluding || children.contains { $0.hasIncludedContent } }

    var description: String {
        var s = "\(association.origin).\(association.name)"
        if let filter { s += ".filter(\(filter.sql))" }
        for child in children { s += ".\(child.method.rawValue) \(child.description))" }
        return s
    }
}

/// A root request: table, filter, children, ordered by the primary key.
struct RequestSpec {
    var table: String
    var primaryKey: [String]
    var filter: Filter?
    var children: [JoinSpec]

    var description: String {
        var s = table
        if let filter { s += ".filter(\(filter.sql))" }
        for child in children { s += ".\(child.method.rawValue) \(child.description))" }
        s += ".order(\(primaryKey.joined(separator: ", ")))"
        return s
    }
}
