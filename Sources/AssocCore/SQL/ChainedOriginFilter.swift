/// Long `request(for:)` chains as one common table expression per step, so that SQLite's nesting
/// stays the same whatever the chain's length (nested `IN (SELECT …)` overflow SQLite's parser
/// at about 12 levels):
///
///     "t7"."id" IN (WITH "step1"("key1") AS MATERIALIZED (SELECT "nextId" FROM "t0" WHERE "id" = ?),
///                        "step2"("key1") AS MATERIALIZED (SELECT "nextId" FROM "t1" WHERE "id" IN (SELECT * FROM "step1")),
///                        …
///                   SELECT "nextId" FROM "t6" WHERE "id" IN (SELECT * FROM "step6"))
///
/// Each stage means what a level of the nested form means: the keys of the records that the
/// previous stage's keys reach, with the step's own refinements (and a request's own filters,
/// joins, order and limit), so each destination record still comes once. Each stage is
/// `MATERIALIZED`: computed once, since SQLite otherwise re-reads a stage for each column of a
/// composite key (`("a", "b") IN …`), which grows exponentially with the steps (12 steps of a
/// two-column key ran out of 256 MB).
extension Resolver {
    /// Chains of up to this many steps in all (every `request(for:)` of a chain, each step of a
    /// through association) nest one subquery per step, as GRDB writes them; longer ones use `WITH`.
    static let nestedStepLimit = 6

    /// The steps of the chain that leads to a root (`steps`, then those of each earlier
    /// `request(for:)`), counted exactly up to `limit` (a larger count may be any number above).
    func chainStepCount(of origin: RequestOrigin, steps: [AssociationStep], upTo limit: Int) throws -> Int {
        var count = steps.count
        var base = origin.base
        var links = 0
        while let inner = base.origin {
            links += 1
            base = inner.base
            if count + links >= limit { return count + links }
        }
        base = origin.base
        while let inner = base.origin {
            let table = try rootTable(of: inner.base)
            var innerSteps: [AssociationStep] = []
            try flatten(inner.association, from: table, into: &innerSteps)
            count += innerSteps.count
            base = inner.base
        }
        return count
    }

    /// `origin`'s whole chain, from the first request (which has no origin of its own) to the
    /// root, as one statement: a `WITH` of every stage but the last, then the last stage.
    func chainedOriginFilter(of origin: RequestOrigin, steps: [AssociationStep]) throws -> SubqueryFilter {
        var links: [RequestOrigin] = [origin]
        var first = origin.base
        while let inner = first.origin {
            links.append(inner)
            first = inner.base
        }
        links.reverse()
        guard var table = schema.table(named: first.table) else {
            throw AssocError.unknownTable(first.table, in: schema)
        }
        // Every link's steps, from the table its base reads.
        var linkSteps: [(table: TableInfo, steps: [AssociationStep])] = []
        for (position, link) in links.enumerated() {
            var flattened = steps
            if position < links.count - 1 {
                flattened = []
                try flatten(withDefaultOrdering(link.association, from: table), from: table, into: &flattened)
            }
            linkSteps.append((table, flattened))
            table = try destination(of: flattened, association: link.association, from: table)
        }
        let names = Self.stageNames(count: linkSteps.reduce(0) { $0 + $1.steps.count }, avoiding: schema)
        var stages: [(columnCount: Int, statement: GeneratedStatement)] = []
        var previous: GeneratedStatement?
        var columns: [String] = []
        for (position, link) in links.enumerated() {
            // The link's base, its own chain replaced by the previous stage's keys.
            var source = link.base
            if let inner = source.origin, position > 0 {
                source.origin = .associated(base: Request(table: linkSteps[position - 1].table.name), association: inner.association)
            }
            var table = linkSteps[position].table
            for step in linkSteps[position].steps {
                let pairs = step.definition.columns
                guard !pairs.isEmpty, stages.count < names.count else {
                    throw AssocError.invalidAssociation(
                        step.definition.name, table: step.definition.origin,
                        reason: "association \(quoteForMessage(step.definition.name)) joins no column")
                }
                let statement = try SQLGenerator.generate(
                    Self.keysOnly(of: source, columns: pairs.map(\.origin)), graph: graph, previousStage: previous
                ).statement
                previous = GeneratedStatement(sql: "SELECT * FROM " + quoteIdentifier(names[stages.count]), arguments: [])
                stages.append((pairs.count, statement))
                columns = pairs.map(\.destination)
                // The next stage starts from this step's records, with the step's own refinements.
                var next = Request(table: step.definition.destination)
                next.relation = step.request.relation
                next.origin = .associated(
                    base: Request(table: table.name), association: AssociationRequest(origin: nil, reference: .definition(step.definition)))
                source = next
                guard let destination = schema.table(named: step.definition.destination) else {
                    throw AssocError.unknownTable(step.definition.destination, in: schema)
                }
                table = destination
            }
        }
        guard let last = stages.last else {
            throw AssocError.invalidAssociation(
                origin.association.displayName, table: nil, reason: "association \(quoteForMessage(origin.association.displayName)) has no step")
        }
        var sql = ""
        var arguments: [DatabaseValue] = []
        for (index, stage) in stages.dropLast().enumerated() {
            sql += index == 0 ? "WITH " : ", "
            let keys = (1...max(1, stage.columnCount)).map { quoteIdentifier("key\($0)") }.joined(separator: ", ")
            sql += quoteIdentifier(names[index]) + "(" + keys + ") AS MATERIALIZED (" + stage.statement.sql + ")"
            arguments += stage.statement.arguments
        }
        sql += (sql.isEmpty ? "" : " ") + last.statement.sql
        arguments += last.statement.arguments
        return SubqueryFilter(columns: columns, statement: GeneratedStatement(sql: sql, arguments: arguments))
    }

    /// The filter of one stage's root: the destination columns of its last step, among the keys
    /// `previousStage` selects.
    func stageFilter(steps: [AssociationStep], previousStage: GeneratedStatement) throws -> SubqueryFilter {
        guard let last = steps.last, !last.definition.columns.isEmpty else {
            let name = steps.last?.definition.name ?? ""
            throw AssocError.invalidAssociation(
                name, table: steps.last?.definition.origin, reason: "association \(quoteForMessage(name)) joins no column")
        }
        return SubqueryFilter(columns: last.definition.columns.map(\.destination), statement: previousStage)
    }

    /// `step1`, `step2`, …: names for `count` stages that no table or view of `schema` has (a
    /// common table expression would hide it from the statements of the stages).
    static func stageNames(count: Int, avoiding schema: Schema) -> [String] {
        var prefix = "step"
        while true {
            let names = (0..<count).map { "\(prefix)\($0 + 1)" }
            if !names.contains(where: { schema.table(named: $0) != nil }) { return names }
            prefix = "_" + prefix
        }
    }
}
