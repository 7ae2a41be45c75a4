import AssocCore

/// The Swift tab, the schema map and export, all from the view's `Request`.
extension RequestDataSource {
    package func swiftCode(for view: RequestView, requestOnly: Bool) throws -> String {
        try readSchema()
        // Declared types only: the tab is generated on the loop, and the worker may be reading
        // with the same connection (`assoc swift` also reads the values' storage classes).
        return requestOnly
            ? try SwiftCodeGenerator.requestOnly(for: view.request, in: db, readingValues: false)
            : try SwiftCodeGenerator.code(for: view.request, in: db, readingValues: false)
    }

    package func schemaTree(around table: String) -> [SchemaTree.Line] {
        // Without a schema (it could not be read), the tree is the table alone.
        try? readSchema()
        return SchemaTree(around: table, in: db.graph, depth: 2).lines
    }

    package func subsetCounts(of view: RequestView) throws -> [TableRowCount] {
        try readSchema()
        return try db.countSubset(SubsetSpecification(showing: view.request))
    }

    package func export(
        _ view: RequestView, to path: String, format: ExportFormat, replacing: AtomicFileWriter.Replacing,
        columns: [GridColumn]?, progress: (ExportProgress) -> Bool
    ) throws -> Int {
        try readSchema()
        let request = view.request
        if format == .sqlite {
            let written = try db.extractSubset(SubsetSpecification(showing: request), to: path, replacing: replacing).totalRows
            _ = progress(ExportProgress(written: written, total: written, rowsPerSecond: 0))
            return written
        }
        var projection: ((Row) -> Row)?
        if let columns {
            // Each row flattened as the grid flattens it, then the grid's columns picked in order.
            let flattener = try db.rowFlattener(for: request)
            var places: [Int?]?
            projection = { row in
                let all = flattener.values(of: row)
                if places == nil {
                    let layout = flattener.columns(of: row)
                    places = columns.map { column in layout.firstIndex(of: column) }
                }
                let values = (places ?? []).map { place in place.flatMap { $0 < all.count ? all[$0] : nil } ?? .null }
                return Row(columnNames: columns.map(\.header), values: values)
            }
        }
        // The grid's order: its keyset's when it pages by keyset, else totally ordered as its
        // OFFSET pages are.
        return try RequestExporter(db: db).export(
            request, to: path, format: format, replacing: replacing, order: pager(for: request).keysetReader()?.order.orderings(),
            progress: progress, projection: projection)
    }
}
