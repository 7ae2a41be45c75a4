/// Swift code for a request, written with AssocCore's typed API: one record struct per table
/// involved (with the static associations the request uses, declared with explicit keys and
/// foreign key columns), the request itself, and the struct its rows decode into. The browser's
/// Swift pane shows it, ready to paste into an app that opens the same database as `db`.
package enum SwiftCodeGenerator {
    /// The code for `request`, checked against `db`'s schema and graph. Throws `AssocError`
    /// when the request does not resolve (unknown table, association or column).
    package static func code(for request: Request, in db: Database) throws -> String {
        var resolver = Resolver(graph: db.graph)
        let root = try resolver.resolve(request).root
        var writer = SwiftRequestWriter(db: db)
        let requestCode = try writer.request(request)
        let rootType = writer.catalog.typeName(for: root.table)
        let builder = SwiftShapeBuilder(root: root, finalID: { [resolver] in resolver.finalID($0) })
        let shape = builder.shape(of: root, key: "", isOptional: false)
        var structs = SwiftDecodedStructWriter(catalog: writer.catalog)
        let fetchedType: String
        if shape.isPlainRecord && shape.scopes.isEmpty && shape.prefetched.isEmpty {
            fetchedType = rootType
        } else {
            fetchedType = structs.makeStruct(
                for: shape, name: structs.catalog.newTypeName(rootType + "Info"), includeDescendants: true)
        }
        var parts = ["import AssocCore"]
        parts += structs.catalog.render()
        parts += structs.structs
        parts.append("let request = " + requestCode + "\nlet rows = try \(fetchedType).fetchAll(db, request)")
        return parts.joined(separator: "\n\n") + "\n"
    }
}
