/// The association graph drawn as a tree around one table, for the browser's schema map and for
/// `assoc schema`: each line is one association, indented under the table it starts from.
///
///     book
///     ├─→ author: person
///     │   └─→ country: country
///     ├─⇉ prizes: prize
///     └─⤳ address: address (via library.address)
package struct SchemaTree: Sendable {
    /// One line of the tree.
    package struct Line: Sendable, Equatable {
        /// Box-drawing prefix (`│   ├─`), one cell per character.
        package var prefix: String
        /// The association, nil on the first line (the root table).
        package var association: Association?
        /// The table this line leads to (the root table on the first line): Enter opens it.
        package var table: String
        /// True when the destination was already shown above (not expanded again).
        package var isRepeat: Bool

        /// The line as plain text: `├─→ author: person`.
        package var text: String {
            guard let association else { return table }
            var text = prefix + association.kind.symbol + " " + association.name + ": " + table
            if let through = association.throughNames { text += " (via \(through.pivot).\(through.target))" }
            if isRepeat { text += " …" }
            return text
        }
    }

    package var lines: [Line]

    /// The tree of `table`'s associations, expanding direct to-one and to-many associations of the
    /// destinations down to `depth` levels; a table already expanded is not expanded again.
    package init(around table: String, in graph: AssociationGraph, depth: Int = 2) {
        let rootName = graph.schema.table(named: table)?.name ?? table
        var lines = [Line(prefix: "", association: nil, table: rootName, isRepeat: false)]
        var expanded: Set<String> = [rootName.lowercased()]
        func visit(_ origin: String, indent: String, level: Int) {
            let associations = graph.associations(from: origin)
            for (index, association) in associations.enumerated() {
                let isLast = index == associations.count - 1
                let destination = association.destination
                let canExpand = level < depth && !association.kind.isThrough
                let isRepeat = !association.kind.isThrough && expanded.contains(destination.lowercased())
                lines.append(
                    Line(
                        prefix: indent + (isLast ? "└─" : "├─"), association: association,
                        table: destination, isRepeat: isRepeat))
                if canExpand && !isRepeat {
                    expanded.insert(destination.lowercased())
                    visit(destination, indent: indent + (isLast ? "  " : "│ "), level: level + 1)
                }
            }
        }
        visit(rootName, indent: "", level: 1)
        self.lines = lines
    }
}
