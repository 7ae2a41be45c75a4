import AssocCore

/// The labels of a page's key columns (`1 · AC/DC`): one statement per labelled column, among the
/// page's statements in the SQL pane.
extension RequestDataSource {
    /// Reads the labels of `page`'s key columns (root and included table columns that a
    /// single-column belongsTo labels, `Database.keyLabelings(of:)`) into `page.labels`, and adds
    /// their statements to `page.statements`; key values without a parent row go into
    /// `page.orphanKeys`. A label that cannot be read (a parent table the
    /// file lacks) leaves its column without labels: labels never fail a page.
    func readLabels(into page: inout RowsPage, view: RequestView) {
        guard !page.rows.isEmpty else { return }
        var labelings: [String: [KeyLabeling]] = [:]
        for (index, column) in page.columns.enumerated() where column.source == .table {
            let table = column.scopePath.isEmpty ? view.table : page.scopeTree?.scope(at: column.scopePath)?.table
            guard let table else { continue }
            let known = labelings[table.lowercased()] ?? db.keyLabelings(of: table)
            labelings[table.lowercased()] = known
            guard let labeling = known.first(where: { $0.column.lowercased() == column.name.lowercased() }) else { continue }
            let values = page.rows.map { index < $0.count ? $0[index] : DatabaseValue.null }
            guard let read = try? db.fetchLabels(labeling, for: values), !read.statements.isEmpty else { continue }
            page.statements += read.statements
            page.labels[column] = read.labels
            page.labelSources[column] = labeling.labelDescription
            if !read.orphans.isEmpty { page.orphanKeys[column] = OrphanKeys(parent: labeling.parent, values: read.orphans) }
        }
    }
}

/// The key values of a page's labelled column that match no row of their parent table.
package struct OrphanKeys: Sendable, Equatable {
    /// The parent table, as the schema spells it.
    package var parent: String
    package var values: Set<DatabaseValue>
}
