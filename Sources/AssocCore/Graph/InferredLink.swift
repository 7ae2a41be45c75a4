/// One validated link between two tables, from a declared foreign key or a naming convention:
/// `childColumns` of `child` reference `parentColumns` of `parent` (names spelled as in the schema).
/// Each link gives a belongsTo (child → parent) and its inverse hasOne/hasMany (parent → child).
/// A class: every direct association holds its link, and a schema of 30,000 tables copies them
/// by the hundred thousand (two tables and four lists each, as a struct).
final class InferredLink: Sendable {
    /// Unique among the links of one inference; shared by the two directions of the link.
    let id: Int
    let child: TableInfo
    let parent: TableInfo
    let childColumns: [String]
    let parentColumns: [String]
    let source: AssociationSource
    /// `child.name` and `parent.name` lowercased, once: the keys of the tables' association lists,
    /// compared and looked up for every pair of links a table's through associations try.
    let childKey: String
    let parentKey: String

    init(id: Int, child: TableInfo, parent: TableInfo, childColumns: [String], parentColumns: [String], source: AssociationSource) {
        self.id = id
        self.child = child
        self.parent = parent
        self.childColumns = childColumns
        self.parentColumns = parentColumns
        self.source = source
        childKey = child.name.lowercased()
        parentKey = parent.name.lowercased()
        isUniqueInChild = child.isUnique(childColumns)
    }

    var isSelfJoin: Bool { childKey == parentKey }

    /// Every child column is NOT NULL: each child row has a parent (when the data is consistent).
    var isRequired: Bool {
        childColumns.allSatisfy { child.column(named: $0)?.notNull ?? false }
    }

    /// The child columns are its primary key or a unique index: at most one child per parent.
    let isUniqueInChild: Bool
}

/// Turns declared foreign keys into links, reporting those that cannot be followed.
enum ForeignKeyLinks {
    static func collect(schema: Schema, firstID: Int) -> (links: [InferredLink], diagnostics: [String]) {
        var links: [InferredLink] = []
        var diagnostics: [String] = []
        var nextID = firstID
        for child in schema.tables where child.kind == .table {
            for foreignKey in child.foreignKeys {
                switch validate(foreignKey, of: child, in: schema) {
                case .failure(let problem):
                    let columns = foreignKey.originColumns.joined(separator: ", ")
                    diagnostics.append("table \(quoteForMessage(child.name)): foreign key (\(columns)) \(problem.text)")
                case .success(let resolved):
                    links.append(
                        InferredLink(
                            id: nextID, child: child, parent: resolved.parent, childColumns: resolved.childColumns,
                            parentColumns: resolved.parentColumns, source: .foreignKey))
                    nextID += 1
                }
            }
        }
        return (links, diagnostics)
    }

    struct Problem: Error {
        var text: String
    }

    struct Resolved {
        var parent: TableInfo
        var childColumns: [String]
        var parentColumns: [String]
    }

    static func validate(_ foreignKey: ForeignKeyInfo, of child: TableInfo, in schema: Schema) -> Result<Resolved, Problem> {
        guard let parent = schema.table(named: foreignKey.destinationTable) else {
            return .failure(Problem(text: "references missing table \(quoteForMessage(foreignKey.destinationTable))"))
        }
        guard parent.kind == .table else {
            return .failure(Problem(text: "references \(parent.kind.rawValue) \(quoteForMessage(parent.name)), not a table"))
        }
        var childColumns: [String] = []
        for name in foreignKey.originColumns {
            guard let column = child.column(named: name) else {
                return .failure(Problem(text: "uses missing column \(quoteForMessage(name))"))
            }
            childColumns.append(column.name)
        }
        guard !foreignKey.destinationColumns.isEmpty else {
            return .failure(Problem(text: "references table \(quoteForMessage(parent.name)) but its columns are unknown"))
        }
        guard !childColumns.isEmpty, childColumns.count == foreignKey.destinationColumns.count else {
            let count = childColumns.count
            let destination = foreignKey.destinationColumns
            return .failure(
                Problem(
                    text:
                        "has \(count) column\(count == 1 ? "" : "s") but references \(destination.count) column\(destination.count == 1 ? "" : "s") (\(destination.joined(separator: ", "))) of table \(quoteForMessage(parent.name))"
                ))
        }
        var parentColumns: [String] = []
        for name in foreignKey.destinationColumns {
            if let column = parent.column(named: name) {
                parentColumns.append(column.name)
            } else if name.lowercased() == "rowid", parent.primaryKey.kind != .withoutRowid, parent.primaryKey.kind != .none {
                parentColumns.append("rowid")
            } else {
                return .failure(Problem(text: "references missing column \(quoteForMessage(name)) of table \(quoteForMessage(parent.name))"))
            }
        }
        return .success(Resolved(parent: parent, childColumns: childColumns, parentColumns: parentColumns))
    }
}
