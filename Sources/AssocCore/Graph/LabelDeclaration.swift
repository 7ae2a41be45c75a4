/// `Artist.label(Name)`, a line of an associations file: the column that names the rows of a
/// table beside the keys that reference it (see `LabelColumn`), instead of the one Assoc picks.
package struct LabelDeclaration: Sendable, Hashable {
    /// The table, as written.
    package var table: String
    /// The label column, as written.
    package var column: String
    var tableLocation: AssociationDeclaration.Location
    var columnLocation: AssociationDeclaration.Location
}

extension AssociationDeclaration {
    /// The declarations and the label declarations (`Artist.label(Name)`) of an associations
    /// file, as `parse(_:file:earlier:)` reads them.
    package static func parseWithLabels(
        _ text: String, file: String = "associations", earlier: Int = 0
    ) throws -> (declarations: [AssociationDeclaration], labels: [LabelDeclaration]) {
        try DeclarationParser.parseAll(text, file: file, earlier: earlier)
    }
}

extension AssociationGraph {
    /// The graph with `labels` as its tables' label columns; throws an error naming the file,
    /// line and column of a label whose table or column the schema does not have.
    package func labeled(by labels: [LabelDeclaration]) throws -> AssociationGraph {
        var graph = self
        for label in labels {
            guard let table = schema.table(named: label.table) else {
                throw label.tableLocation.error(
                    "no table \(quoteForMessage(label.table)) in the database to label",
                    suggestions: NameSuggestions.closest(to: label.table, among: schema.tables.map(\.name)))
            }
            guard let column = table.column(named: label.column) else {
                throw label.columnLocation.error(
                    "no column \(quoteForMessage(label.column)) in table \(quoteForMessage(table.name)) for its label",
                    suggestions: NameSuggestions.closest(to: label.column, among: table.columns.map(\.name)))
            }
            graph.labelColumns[table.name.lowercased()] = column.name
        }
        return graph
    }
}
