/// A `Decodable` type fetched from requests: its properties decode from the row's columns, its
/// scopes (joined associations, by key) and its prefetched rows (`including(all:)`).
/// See `RowDecoder` for the lookup rules.
///
///     struct BookInfo: FetchableRecord {
///         var book: Book; var author: Author; var country: Country?; var prizes: [Prize]
///     }
///     let infos = try BookInfo.fetchAll(db, Book.including(required: Book.author
///         .including(optional: Author.country)).including(all: Book.prizes))
public protocol FetchableRecord: Decodable {}

extension FetchableRecord {
    /// Decodes a record from a row whose table is unknown.
    public init(row: Row) throws {
        self = try RowDecoder.decode(Self.self, from: row)
    }

    /// All records of `request`.
    public static func fetchAll(_ db: Database, _ request: Request) throws -> [Self] {
        let layout = try TableLayout(request: request, db: db)
        var records: [Self] = []
        // Rows are decoded as they are read; prefetched rows come in one statement per
        // association, over every parent (as fetchAll fetches them).
        try db.cursor(request, chunking: .oneChunk).forEach { row in
            records.append(try RowDecoder.decode(Self.self, from: row, layout: layout))
        }
        return records
    }

    /// The first record of `request`, or nil.
    public static func fetchOne(_ db: Database, _ request: Request) throws -> Self? {
        let layout = try TableLayout(request: request, db: db)
        guard let row = try db.fetchOne(request) else { return nil }
        return try RowDecoder.decode(Self.self, from: row, layout: layout)
    }
}

extension FetchableRecord where Self: TableRecord {
    /// All records of the table.
    public static func fetchAll(_ db: Database) throws -> [Self] {
        try fetchAll(db, all)
    }

    /// The first record of the table, or nil.
    public static func fetchOne(_ db: Database) throws -> Self? {
        try fetchOne(db, all)
    }

    /// The number of records of the table.
    public static func fetchCount(_ db: Database) throws -> Int {
        try db.fetchCount(all)
    }
}

extension Request {
    /// All records of the request, decoded as `type`.
    public func fetchAll<Record: FetchableRecord>(_ db: Database, as type: Record.Type) throws -> [Record] {
        try Record.fetchAll(db, self)
    }

    /// The first record of the request decoded as `type`, or nil.
    public func fetchOne<Record: FetchableRecord>(_ db: Database, as type: Record.Type) throws -> Record? {
        try Record.fetchOne(db, self)
    }
}
