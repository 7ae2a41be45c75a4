import AssocCore

/// A table reachable from another through a chain of direct associations, and the chain.
struct JumpTarget: Sendable, Hashable {
    var table: String
    /// The associations followed, in order: `albums, tracks, invoiceLines, invoice, customer`.
    var steps: [Association]

    var hops: Int { steps.count }
    /// `albums → tracks → invoiceLines → invoice → customer`.
    var pathText: String { steps.map(\.name).joined(separator: " → ") }
}

/// The tables reachable from one table by following direct associations (belongsTo, hasOne,
/// hasMany) of the graph, each with its shortest paths. Through associations are not edges: their
/// steps are, so a chain of any length is found, not only the two-step chains the inference names.
enum JumpPaths {
    /// Shortest paths kept per table: past it the list would repeat the table without helping.
    static let maximumPathsPerTable = 3

    /// Every table reachable from `origin`, nearest first, then by name; a table with several
    /// shortest paths appears once per path (at most `maximumPathsPerTable`). The origin itself
    /// appears only through a self-reference (an employee's manager).
    static func targets(from origin: String, graph: AssociationGraph) -> [JumpTarget] {
        func edges(_ table: String) -> [Association] {
            graph.directAssociations(from: table)
        }
        // Breadth-first: the paths to each table are the paths to its predecessors plus one step.
        var paths: [String: [[Association]]] = [origin: [[]]]
        var distance: [String: Int] = [origin: 0]
        var frontier = [origin]
        var order: [String] = []
        while !frontier.isEmpty {
            var next: [String] = []
            for table in frontier {
                let depth = distance[table] ?? 0
                for edge in edges(table) {
                    let destination = edge.destination
                    if let known = distance[destination] {
                        guard known == depth + 1 else { continue }
                    } else {
                        distance[destination] = depth + 1
                        next.append(destination)
                        order.append(destination)
                    }
                    var extended = paths[destination] ?? []
                    for path in paths[table] ?? [] where extended.count < maximumPathsPerTable {
                        extended.append(path + [edge])
                    }
                    paths[destination] = extended
                }
            }
            frontier = next
        }
        var targets: [JumpTarget] = edges(origin).filter { $0.destination == origin }
            .map { JumpTarget(table: origin, steps: [$0]) }
        for table in order {
            for path in paths[table] ?? [] { targets.append(JumpTarget(table: table, steps: path)) }
        }
        return targets.enumerated().sorted { lhs, rhs in
            if lhs.element.hops != rhs.element.hops { return lhs.element.hops < rhs.element.hops }
            let names = (lhs.element.table.lowercased(), rhs.element.table.lowercased())
            if names.0 != names.1 { return names.0 < names.1 }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
