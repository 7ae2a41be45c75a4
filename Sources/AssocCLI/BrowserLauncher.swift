import AssocCore

/// Starts the interactive browser on an open database.
/// Placeholder until the AssocTUI browser is merged: prints a schema summary.
public enum BrowserLauncher {
    public static func run(connection: Connection, title: String) throws {
        let schema = try SchemaIntrospector.read(connection)
        let views = schema.tables.filter(\.isView).count
        print("\(TextSanitizer.oneLine(title)): \(schema.tables.count - views) tables, \(views) views")
        for table in schema.tables {
            print("  \(TextSanitizer.oneLine(table.name))")
        }
        print("the browser is not built yet")
    }
}
