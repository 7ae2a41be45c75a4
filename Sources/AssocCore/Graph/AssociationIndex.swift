/// Every table's associations while declarations are added to them, with each table's names
/// indexed: finding, replacing or adding an association by name costs the same however many the
/// table already has, so 10,000 declarations on one table resolve in linear time. Tables are keyed
/// by their lowercased name; a table's index is built the first time it is looked at.
struct AssociationIndex {
    /// The associations of each table (lowercased name), in order.
    private(set) var byTable: [String: [Association]]
    /// The position of each name (exact spelling) in its table's list.
    private var positions: [String: [String: Int]] = [:]
    /// For each lowercased name, how many of the table's names fold to it, and the first one's position.
    private var folded: [String: [String: (position: Int, count: Int)]] = [:]

    init(_ byTable: [String: [Association]]) {
        self.byTable = byTable
    }

    /// The associations of `table` (lowercased), in order.
    func associations(of table: String) -> [Association] {
        byTable[table] ?? []
    }

    /// The association of `table` (lowercased) named `name` exactly, else the only one whose name
    /// differs from `name` in case alone.
    mutating func association(named name: String, of table: String) -> Association? {
        indexTable(table)
        let list = byTable[table] ?? []
        if let position = positions[table]?[name], position < list.count { return list[position] }
        if let match = folded[table]?[name.lowercased()], match.count == 1, match.position < list.count {
            return list[match.position]
        }
        return nil
    }

    /// Adds `association` to its origin table, in place of the one of the same name if there is one.
    mutating func insert(_ association: Association) {
        let table = association.origin.lowercased()
        indexTable(table)
        if let position = positions[table]?[association.name] {
            byTable[table, default: []][position] = association
            return
        }
        let position = byTable[table, default: []].count
        byTable[table, default: []].append(association)
        positions[table, default: [:]][association.name] = position
        let key = association.name.lowercased()
        let earlier = folded[table]?[key]
        folded[table, default: [:]][key] = (earlier?.position ?? position, (earlier?.count ?? 0) + 1)
    }

    /// Builds the name index of `table` from its list, once.
    private mutating func indexTable(_ table: String) {
        guard positions[table] == nil else { return }
        var exact: [String: Int] = [:]
        var byFoldedName: [String: (position: Int, count: Int)] = [:]
        for (position, association) in (byTable[table] ?? []).enumerated() {
            if exact[association.name] == nil { exact[association.name] = position }
            let key = association.name.lowercased()
            let earlier = byFoldedName[key]
            byFoldedName[key] = (earlier?.position ?? position, (earlier?.count ?? 0) + 1)
        }
        positions[table] = exact
        folded[table] = byFoldedName
    }
}
