/// A Swift type that stands for the rows of one table, and declares its associations as static
/// properties, as with GRDB:
///
///     struct Book: TableRecord, FetchableRecord {
///         static let author = belongsTo(Author.self)
///         static let prizes = hasMany(Prize.self)
///         var id: Int64; var authorId: Int64?; var title: String
///     }
///     let request = Book.including(required: Book.author).including(all: Book.prizes)
///
/// Associations are plain `AssociationRequest` values, resolved against the schema's foreign
/// keys when a request runs. Default keys are the destination table's singular or plural name,
/// by cardinality (`author`, `prizes`; `person`, `people`).
public protocol TableRecord {
    /// The table of the records. Default: the type name with a lower-cased first letter
    /// (`Book` → `book`, `CoverImage` → `coverImage`).
    static var databaseTableName: String { get }
}

extension TableRecord {
    /// The type name with a lower-case first letter: `Book` reads the table `book`.
    public static var databaseTableName: String {
        Inflector.lowerFirst(String(describing: Self.self))
    }

    /// The table, as the request API knows it.
    public static var table: Table { Table(databaseTableName) }

    // MARK: Associations

    /// The record of `destination` this record's foreign key points to.
    /// `using` picks the foreign key when several exist, or gives it when the schema has none.
    public static func belongsTo<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> AssociationRequest {
        table.belongsTo(Destination.table, key: key, using: foreignKey)
    }

    /// The one record of `destination` whose foreign key points to this record.
    public static func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> AssociationRequest {
        table.hasOne(Destination.table, key: key, using: foreignKey)
    }

    /// The records of `destination` whose foreign key points to this record.
    public static func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> AssociationRequest {
        table.hasMany(Destination.table, key: key, using: foreignKey)
    }

    /// The records of `destination` reached through `pivot`, then `target` from the pivot's table
    /// (`Country.hasMany(Citizen.self, through: passports, using: Passport.citizen)`).
    /// Default key: the target's key, plural (`citizens`).
    public static func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type, through pivot: AssociationRequest, using target: AssociationRequest, key: String? = nil
    ) -> AssociationRequest {
        let base = key ?? Inflector.pluralize(target.baseKey(defaultTable: Destination.databaseTableName))
        return table.hasMany(through: pivot, using: target, key: base)
    }

    /// The record of `destination` reached through the to-one `pivot`, then the to-one `target`
    /// (`Book.hasOne(Address.self, through: library, using: Library.address)`).
    /// Default key: the target's key, singular (`address`).
    public static func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type, through pivot: AssociationRequest, using target: AssociationRequest, key: String? = nil
    ) -> AssociationRequest {
        let base = key ?? Inflector.singularize(target.baseKey(defaultTable: Destination.databaseTableName))
        return table.hasOne(through: pivot, using: target, key: base)
    }

    // MARK: Requests

    /// All records of the table. The methods below start a request from it, as `Table`'s do.
    public static var all: Request { table.all }

    /// Starts a request on the table: `all.filter(_:)`.
    public static func filter(_ predicate: ExpressionConvertible) -> Request { all.filter(predicate) }
    /// Starts a request on the table: `all.filter(key:)`.
    public static func filter(key: ExpressionConvertible) -> Request { all.filter(key: key) }
    /// Starts a request on the table: `all.filter(key:String:)`.
    public static func filter(key: [String: ExpressionConvertible]) -> Request { all.filter(key: key) }
    /// Starts a request on the table: `all.filter(sql:arguments:)`.
    public static func filter(sql: String, arguments: [DatabaseValue] = []) -> Request { all.filter(sql: sql, arguments: arguments) }
    /// Starts a request on the table: `all.order(sql:arguments:)`.
    public static func order(sql: String, arguments: [DatabaseValue] = []) -> Request { all.order(sql: sql, arguments: arguments) }
    /// Starts a request on the table: `all.filter(keys:)`.
    public static func filter(keys: [ExpressionConvertible]) -> Request { all.filter(keys: keys) }
    /// Starts a request on the table: `all.filter(id:)`.
    public static func filter(id: ExpressionConvertible) -> Request { all.filter(id: id) }
    /// Starts a request on the table: `all.order(_:)`.
    public static func order(_ orderings: OrderingConvertible...) -> Request { all.order(orderings) }
    /// Starts a request on the table: `all.select(_:)`.
    public static func select(_ items: ExpressionConvertible...) -> Request { all.select(items) }
    /// Starts a request on the table: `all.aliased(_:)`.
    public static func aliased(_ alias: TableAlias) -> Request { all.aliased(alias) }
    /// Starts a request on the table: `all.annotated(with:)`.
    public static func annotated(with expressions: ExpressionConvertible...) -> Request { all.annotated(with: expressions) }
    /// Starts a request on the table: `all.having(_:)`.
    public static func having(_ predicate: ExpressionConvertible) -> Request { all.having(predicate) }
    /// Starts a request on the table: `all.limit(_:offset:)`.
    public static func limit(_ limit: Int, offset: Int? = nil) -> Request { all.limit(limit, offset: offset) }
    /// Starts a request on the table: `all.including(required:)`.
    public static func including(required association: AssociationRequest) -> Request { all.including(required: association) }
    /// Starts a request on the table: `all.including(optional:)`.
    public static func including(optional association: AssociationRequest) -> Request { all.including(optional: association) }
    /// Starts a request on the table: `all.including(all:)`.
    public static func including(all association: AssociationRequest) -> Request { all.including(all: association) }
    /// Starts a request on the table: `all.joining(required:)`.
    public static func joining(required association: AssociationRequest) -> Request { all.joining(required: association) }
    /// Starts a request on the table: `all.joining(optional:)`.
    public static func joining(optional association: AssociationRequest) -> Request { all.joining(optional: association) }
}

extension AssociationRequest {
    /// The key this association would get without cardinality adjustment: set with `forKey`, or
    /// declared, or the association's name; `defaultTable` when only the destination is known.
    func baseKey(defaultTable: String) -> String {
        if let key { return key }
        switch reference {
        case .named(let name): return name
        case .definition(let association): return association.name
        case .declared(let declared): return declared.key ?? Inflector.identifier(declared.destination)
        case .through(_, _, _, let name): return name
        }
    }
}
