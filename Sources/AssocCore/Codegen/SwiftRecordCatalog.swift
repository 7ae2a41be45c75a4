/// A GRDB record struct to generate: the table, its type name, its properties and the static
/// associations the request uses, in the order they were first needed.
struct SwiftRecordDeclaration {
    var table: TableInfo
    var typeName: String
    /// Property name and column name, in the table's column order.
    var properties: [(property: String, column: String)]
    var statics: [(name: String, code: String)] = []
    /// `EncodableRecord` too: the record is the origin of `request(for:)`.
    var isEncodable = false
}

/// The record types of the generated code, one per table, and their static associations.
struct SwiftRecordCatalog {
    private(set) var records: [SwiftRecordDeclaration] = []
    private var indexByTable: [String: Int] = [:]
    /// Every type name used so far (records and decoded structs).
    var takenTypeNames: Set<String> = []
    /// The storage classes the columns hold, for their Swift types (nil: declared types alone).
    var storage: SwiftStorageClasses?

    /// The type name of the record of `table`, declaring the record on first use.
    mutating func typeName(for table: TableInfo) -> String {
        let key = table.name.lowercased()
        if let index = indexByTable[key], index < records.count { return records[index].typeName }
        let name = SwiftNames.unique(
            SwiftNames.typeName(ofTable: table.name), suffix: "Record",
            reserved: SwiftNames.reservedTypeNames, taken: takenTypeNames)
        takenTypeNames.insert(name)
        indexByTable[key] = records.count
        var taken = Set<String>()
        var properties: [(property: String, column: String)] = []
        for column in table.columns {
            let property = SwiftNames.unique(SwiftNames.identifier(column.name), suffix: "", reserved: [], taken: taken)
            taken.insert(property)
            properties.append((property, column.name))
        }
        records.append(SwiftRecordDeclaration(table: table, typeName: name, properties: properties))
        return name
    }

    /// `Book.Columns.title` for a column of `table`'s record; nil when the table has no such
    /// column (`rowid`, an annotation's name).
    mutating func columnCode(_ column: String, in table: TableInfo) -> String? {
        let type = typeName(for: table)
        guard let index = indexByTable[table.name.lowercased()], index < records.count,
            let property = records[index].properties.first(where: { $0.column.lowercased() == column.lowercased() })?.property
        else { return nil }
        return type + ".Columns." + SwiftNames.escaped(property)
    }

    /// Marks the record of `table` as `EncodableRecord` (the origin of `record.request(for:)`).
    mutating func makeEncodable(_ table: TableInfo) {
        _ = typeName(for: table)
        if let index = indexByTable[table.name.lowercased()], index < records.count {
            records[index].isEncodable = true
        }
    }

    /// A new type name for a decoded struct, unique among all generated types.
    mutating func newTypeName(_ base: String) -> String {
        let name = SwiftNames.unique(base, suffix: "Info", reserved: SwiftNames.reservedTypeNames, taken: takenTypeNames)
        takenTypeNames.insert(name)
        return name
    }

    /// Declares `static let <name> = <code>` on the record of `table` (named after
    /// `associationName`) and returns the static's name. The same declaration is reused; a
    /// different one with the same name gets a numbered name.
    mutating func declareStatic(on table: TableInfo, associationName: String, code: String) -> String {
        _ = typeName(for: table)
        guard let index = indexByTable[table.name.lowercased()], index < records.count else { return associationName }
        let statics = records[index].statics
        let base = SwiftNames.identifier(associationName)
        if let existing = statics.first(where: { $0.code == code }) { return existing.name }
        let name = SwiftNames.unique(
            base, suffix: "Association", reserved: SwiftNames.reservedStaticNames, taken: Set(statics.map(\.name)))
        records[index].statics.append((name, code))
        return name
    }

    /// The Swift text of every record struct.
    func render() -> [String] {
        records.map(render)
    }

    private func render(_ record: SwiftRecordDeclaration) -> String {
        let conformances =
            record.isEncodable
            ? "Codable, FetchableRecord, EncodableRecord, TableRecord" : "Codable, FetchableRecord, TableRecord"
        var lines = ["struct \(record.typeName): \(conformances) {"]
        if !GRDBNaming.derivesTableName(record.table.name, fromType: record.typeName) {
            lines.append("    static let databaseTableName = \(SwiftNames.stringLiteral(record.table.name))")
        }
        for item in record.statics {
            lines.append("    static let \(SwiftNames.escaped(item.name)) = \(item.code)")
        }
        if lines.count > 1 { lines.append("") }
        for (property, column) in record.properties {
            guard let info = record.table.column(named: column) else { continue }
            let classes = storage?.classes(of: column, in: record.table)
            lines.append("    var \(SwiftNames.escaped(property)): \(SwiftColumnType.type(of: info, in: record.table, storage: classes))")
        }
        lines += Self.codingKeysEnum(record.properties)
        lines.append("")
        lines.append("    enum Columns {")
        for (property, column) in record.properties {
            lines.append("        static let \(SwiftNames.escaped(property)) = Column(\(SwiftNames.stringLiteral(column)))")
        }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A `CodingKeys` enum when a property name differs from its key; empty otherwise.
    static func codingKeysEnum(_ keys: [(property: String, column: String)]) -> [String] {
        guard keys.contains(where: { !SwiftNames.sameScalars($0.property, $0.column) }) else { return [] }
        let cases = keys.map { key in
            SwiftNames.sameScalars(key.property, key.column)
                ? SwiftNames.escaped(key.property)
                : SwiftNames.escaped(key.property) + " = " + SwiftNames.stringLiteral(key.column)
        }
        return ["", "    enum CodingKeys: String, CodingKey {", "        case " + cases.joined(separator: ", "), "    }"]
    }
}
