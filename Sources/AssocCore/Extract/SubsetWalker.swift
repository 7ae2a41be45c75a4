/// Finds the rows of a subset (`SubsetSpecification`), as sets of keys in temporary tables of the
/// source's connection, with SQL only: each step is one `INSERT … SELECT` whose `SELECT` is the
/// engine's own `request(for:)` of an association from the rows a set holds, so it reads through
/// the indexes a join would (a parent by its key, the children of a few rows by the index on
/// their foreign key), and memory stays bounded whatever the subset's size.
///
/// Parents are found round by round (semi-naive: each round follows the belongsTo associations
/// of the rows the round before added, only), until a round adds nothing: a cycle of foreign
/// keys ends, since a row is never added twice. Runs inside the caller's transaction, which also
/// takes the temporary tables away.
struct SubsetWalker {
    let db: Database
    let connection: Connection
    /// Every row the subset copies, by lower-cased table name.
    private(set) var included: [String: RowKeySet] = [:]
    /// The rows reached going down (the request's, the paths', the children's): those whose
    /// children `allChildren` follows. Parents only are not in it.
    private var descended: [String: RowKeySet] = [:]
    private var setCount = 0
    /// The rows of the request.
    private(set) var requestRows = 0

    init(db: Database, connection: Connection) {
        self.db = db
        self.connection = connection
    }

    /// The steps of each path, checked against the graph (an unknown name throws, with the
    /// names it could be), and the request's table: what `walk` follows. Runs no statement.
    static func resolve(_ specification: SubsetSpecification, in db: Database) throws -> (root: TableInfo, paths: [[AssociationStep]]) {
        let root = try Resolver(graph: db.graph).rootTable(of: specification.request)
        _ = try RowKeySet.requiredKeyColumns(of: root)
        let paths = try specification.paths.map { associations in
            var table = root
            var steps: [AssociationStep] = []
            for association in associations {
                var flattened: [AssociationStep] = []
                try Resolver(graph: db.graph).flatten(association, from: table, into: &flattened)
                for step in flattened {
                    table = try destination(of: step.definition, in: db)
                    _ = try RowKeySet.requiredKeyColumns(of: table)
                }
                steps += flattened
            }
            return steps
        }
        return (root, paths)
    }

    /// The table `association` leads to.
    private static func destination(of association: Association, in db: Database) throws -> TableInfo {
        guard let table = db.schema.table(named: association.destination) else {
            throw AssocError.unknownTable(association.destination, in: db.schema)
        }
        return table
    }

    /// Fills `included` with every row of the subset.
    mutating func walk(_ specification: SubsetSpecification) throws {
        let (root, paths) = try Self.resolve(specification, in: db)
        let start = try newSet(of: root)
        requestRows = try run(
            start.insertion(of: statement(Resolver.keysOnly(of: specification.request, columns: start.keyColumns)), round: 0))
        var freshIncluded: Set<String> = []
        var freshDescended: Set<String> = []
        try add(start, round: 0, freshIncluded: &freshIncluded, freshDescended: &freshDescended, descends: specification.allChildren)
        for steps in paths {
            var from = start
            for step in steps {
                let reached = try newSet(of: Self.destination(of: step.definition, in: db))
                try run(reached.insertion(of: reach(step.definition, relation: step.request.relation, from: from, round: nil), round: 0))
                try add(reached, round: 0, freshIncluded: &freshIncluded, freshDescended: &freshDescended, descends: specification.allChildren)
                from = reached
            }
        }
        var round = 0
        while !freshIncluded.isEmpty || !freshDescended.isEmpty {
            var nextIncluded: Set<String> = []
            var nextDescended: Set<String> = []
            for name in freshIncluded.sorted() {
                guard let rows = included[name] else { continue }
                for parent in db.graph.directAssociations(from: rows.table.name) where parent.kind == .belongsTo {
                    guard let table = try? Self.destination(of: parent, in: db), RowKeySet.keyColumns(of: table) != nil else { continue }
                    // Every parent, whatever a declared filter says: the subset stays closed.
                    var plain = parent
                    plain.filters = []
                    let parents = try set(of: table, in: \.included)
                    if try run(parents.insertion(of: reach(plain, from: rows, round: round), round: round + 1)) > 0 {
                        nextIncluded.insert(table.name.lowercased())
                    }
                }
            }
            if specification.allChildren {
                for name in freshDescended.sorted() {
                    guard let rows = descended[name] else { continue }
                    for child in db.graph.directAssociations(from: rows.table.name) where child.kind == .hasMany || child.kind == .hasOne {
                        guard let table = try? Self.destination(of: child, in: db), RowKeySet.keyColumns(of: table) != nil else { continue }
                        let children = try set(of: table, in: \.descended)
                        guard try run(children.insertion(of: reach(child, from: rows, round: round), round: round + 1)) > 0 else { continue }
                        nextDescended.insert(table.name.lowercased())
                        if try run(set(of: table, in: \.included).insertion(from: children, round: round + 1)) > 0 {
                            nextIncluded.insert(table.name.lowercased())
                        }
                    }
                }
            }
            (freshIncluded, freshDescended) = (nextIncluded, nextDescended)
            round += 1
        }
    }

    /// Adds the rows of `set` reached in `round` to `included` (and to `descended` when
    /// `descends`: only `allChildren` follows children, so only then are they kept apart).
    private mutating func add(
        _ set: RowKeySet, round: Int, freshIncluded: inout Set<String>, freshDescended: inout Set<String>, descends: Bool
    ) throws {
        let name = set.table.name.lowercased()
        if try run(self.set(of: set.table, in: \.included).insertion(from: set, round: round)) > 0 { freshIncluded.insert(name) }
        if descends, try run(self.set(of: set.table, in: \.descended).insertion(from: set, round: round)) > 0 {
            freshDescended.insert(name)
        }
    }

    /// The keys of the rows `association` reaches from the rows of `set` (those reached in
    /// `round` when given), as the engine's `request(for:)` finds them.
    private func reach(
        _ association: Association, relation: Relation = Relation(), from set: RowKeySet, round: Int?
    ) throws
        -> GeneratedStatement
    {
        var base = Request(table: set.table.name)
        base.relation.filters = [set.membership(round: round)]
        var followed = AssociationRequest(origin: set.table.name, reference: .definition(association))
        followed.relation = relation
        let reached = try Database.request(for: followed, of: base, graph: db.graph)
        let keys = try RowKeySet.requiredKeyColumns(of: Self.destination(of: association, in: db))
        return try statement(Resolver.keysOnly(of: reached, columns: keys))
    }

    private func statement(_ request: Request) throws -> GeneratedStatement {
        try SQLGenerator.generate(request, graph: db.graph).statement
    }

    /// Runs `statement` and returns the rows it added.
    @discardableResult
    private func run(_ statement: GeneratedStatement) throws -> Int {
        let prepared = try db.prepareLogged(statement)
        while try prepared.step() {}
        return connection.changes
    }

    /// The set of `table` in `sets` (`included` or `descended`), created when new.
    private mutating func set(of table: TableInfo, in sets: WritableKeyPath<SubsetWalker, [String: RowKeySet]>) throws -> RowKeySet {
        if let existing = self[keyPath: sets][table.name.lowercased()] { return existing }
        let created = try newSet(of: table)
        self[keyPath: sets][table.name.lowercased()] = created
        return created
    }

    /// A new empty set of rows of `table`.
    private mutating func newSet(of table: TableInfo) throws -> RowKeySet {
        setCount += 1
        let set = try RowKeySet(table: table, name: "assoc_extract_\(setCount)")
        try connection.execute(set.creation)
        return set
    }
}
