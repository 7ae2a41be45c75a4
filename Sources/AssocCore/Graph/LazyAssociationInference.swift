import Foundation

/// The associations of a schema inferred table by table, when a table is first asked about:
/// opening a schema of 30,000 tables must not name 60,000 associations and look at every pair
/// of them before the first screen. A table's list is the same as a whole-schema pass gives
/// it (same names, kinds and order): its direct associations come from the links that
/// touch it, its through associations from its neighbours' direct associations, each computed
/// once and kept. Safe to share between threads: one lock guards what is computed.
final class LazyAssociationInference: Sendable {
    private let state: Locked<State>
    /// Problems with foreign keys, found when the links were collected (every table's).
    let linkDiagnostics: [String]

    private struct State {
        let schema: Schema
        let links: [InferredLink]
        /// Positions in `links` of the links whose child or parent is the table (lowercased), in
        /// link order; a link from a table to itself once.
        let linksByTable: [String: [Int]]
        var inflections = InflectionCache()
        var direct: [String: [DirectAssociation]] = [:]
        var complete: [String: [Association]] = [:]
        /// The tables whose through associations were cut at `ThroughInference.maximumPerTable`.
        var leftOut: [String: Int] = [:]
    }

    init(schema: Schema, options: AssociationGraph.Options) {
        let inflections = InflectionCache()
        let declared = ForeignKeyLinks.collect(schema: schema, firstID: 0)
        var links = declared.links
        if options.inferFromNaming {
            links += NamingConventionLinks.collect(schema: schema, firstID: links.count, inflections: inflections)
        }
        var linksByTable: [String: [Int]] = [:]
        for (position, link) in links.enumerated() {
            let child = link.childKey
            let parent = link.parentKey
            linksByTable[child, default: []].append(position)
            if parent != child { linksByTable[parent, default: []].append(position) }
        }
        linkDiagnostics = declared.diagnostics
        state = Locked(State(schema: schema, links: links, linksByTable: linksByTable, inflections: inflections))
    }

    /// The associations that start from `table` (any letter case), inferred on first use.
    func associations(from table: String) -> [Association] {
        state.withLock { Self.complete(table.lowercased(), in: &$0) }
    }

    /// The direct associations of `table` (any letter case), without its through associations.
    func directAssociations(from table: String) -> [Association] {
        state.withLock { Self.direct(table.lowercased(), in: &$0).map(\.association) }
    }

    /// Infers every table's associations now, on as many threads as there are processors (at
    /// most 4) when the schema is large: each part of the tables is inferred with its own
    /// caches, then kept. The lists are those of table-by-table inference (each is a function
    /// of the links alone); a neighbour's direct associations may be worked out twice.
    func inferAllNow(tablesPerThread: Int = LazyAssociationInference.tablesPerThread) {
        let (schema, links, linksByTable, keys) = state.withLock { state in
            (state.schema, state.links, state.linksByTable, state.schema.tables.map { $0.name.lowercased() }.filter { state.complete[$0] == nil })
        }
        let parts = min(4, ProcessInfo.processInfo.activeProcessorCount, keys.count / max(1, tablesPerThread))
        guard parts > 1 else { return }
        let results = Locked<[Inferred]>([])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var local = State(schema: schema, links: links, linksByTable: linksByTable)
            for index in stride(from: keys.count * part / parts, to: keys.count * (part + 1) / parts, by: 1) {
                _ = Self.complete(keys[index], in: &local)
            }
            let inferred = Inferred(complete: local.complete, leftOut: local.leftOut, direct: local.direct)
            results.withLock { $0.append(inferred) }
        }
        let inferred = results.withLock { $0 }
        state.withLock { state in
            for part in inferred {
                state.complete.merge(part.complete) { kept, _ in kept }
                state.leftOut.merge(part.leftOut) { kept, _ in kept }
                state.direct.merge(part.direct) { kept, _ in kept }
            }
        }
    }

    /// What one thread of `inferAllNow` worked out.
    private struct Inferred: Sendable {
        var complete: [String: [Association]]
        var leftOut: [String: Int]
        var direct: [String: [DirectAssociation]]
    }

    /// Below this many tables a thread costs more than it saves.
    static let tablesPerThread = 2_000

    /// Every table's associations in schema order, and the diagnostics of the tables whose
    /// through associations were cut, after the link diagnostics.
    func inferAll() -> (byTable: [String: [Association]], diagnostics: [String]) {
        inferAllNow()
        return state.withLock { state in
            var byTable: [String: [Association]] = [:]
            var diagnostics = linkDiagnostics
            for table in state.schema.tables {
                let key = table.name.lowercased()
                let associations = Self.complete(key, in: &state)
                if !associations.isEmpty { byTable[key] = associations }
                if let leftOut = state.leftOut[key], leftOut > 0 {
                    diagnostics.append(AssociationInference.leftOutDiagnostic(table: table.name, count: leftOut))
                }
            }
            return (byTable, diagnostics)
        }
    }

    /// The diagnostics of `inferAll()`, without gathering every table's list.
    func diagnosticsOfAll() -> [String] {
        inferAllNow()
        return state.withLock { state in
            var diagnostics = linkDiagnostics
            for table in state.schema.tables {
                let key = table.name.lowercased()
                _ = Self.complete(key, in: &state)
                if let leftOut = state.leftOut[key], leftOut > 0 {
                    diagnostics.append(AssociationInference.leftOutDiagnostic(table: table.name, count: leftOut))
                }
            }
            return diagnostics
        }
    }

    private static func complete(_ key: String, in state: inout State) -> [Association] {
        if let known = state.complete[key] { return known }
        let own = direct(key, in: &state)
        var neighbours: [String: [DirectAssociation]] = [:]
        for association in own {
            let destination = association.destinationKey
            if neighbours[destination] == nil { neighbours[destination] = direct(destination, in: &state) }
        }
        var leftOut = 0
        let through = ThroughInference.throughAssociations(
            from: own, directByTable: neighbours, inflections: state.inflections,
            maximum: ThroughInference.maximumPerTable, leftOut: &leftOut)
        let result = (own.map(\.association) + through).sorted(by: AssociationInference.isOrderedBefore)
        state.leftOut[key] = leftOut
        state.complete[key] = result
        return result
    }

    /// The direct associations of one table, named as `AssociationInference.directAssociations`
    /// names them: links between the same two tables are counted among the table's own links.
    private static func direct(_ key: String, in state: inout State) -> [DirectAssociation] {
        if let known = state.direct[key] { return known }
        let touching = (state.linksByTable[key] ?? []).map { state.links[$0] }
        var list = AssociationInference.directAssociations(links: touching, inflections: state.inflections, only: key)[key] ?? []
        list.sort(by: AssociationInference.isOrderedBefore)
        state.direct[key] = list
        return list
    }
}
