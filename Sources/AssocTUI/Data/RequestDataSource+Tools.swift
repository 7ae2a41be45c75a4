import AssocCore

/// The Swift tab, the schema map and export, all from the view's `Request`.
extension RequestDataSource {
    package func swiftCode(for view: RequestView) throws -> String {
        try SwiftCodeGenerator.code(for: request(for: view), in: db)
    }

    package func schemaTree(around table: String) -> [SchemaTree.Line] {
        SchemaTree(around: table, in: db.graph, depth: 2).lines
    }

    package func export(
        _ view: RequestView, to path: String, format: ExportFormat, overwrite: Bool, progress: (ExportProgress) -> Bool
    ) throws -> Int {
        let request = try request(for: view)
        // The view's own order: by its key when the grid pages on a visible one, else totally
        // ordered as the grid's OFFSET pages are.
        let key = pagingKeyset(for: request).flatMap { $0.isKeyOnly ? $0.key : nil }
        return try ViewExporter(db: db).export(
            request, to: path, format: format, overwrite: overwrite, key: key, progress: progress)
    }
}
