/// A `Decodable` type fetched from requests: its properties decode from the row's columns, its
/// scopes (joined associations, by key) and its prefetched rows (`including(all:)`).
/// See `RowDecoder` for the lookup rules.
///
///     struct BookInfo: FetchableRecord {
///         var book: Book; var author: Author; var country: Country?; var prizes: [Prize]
///     }
///     let infos = try BookInfo.fetchAll(db, Book.including(required: Book.author
///         .including(optional: Author.country)).including(all: Book.prizes))
///
/// `fetchAll` and `fetchOne` build each record with `init(row:)`. Its default implementation
/// decodes through `Decodable` (`RowDecoder`), looking each key up once per fetch. A record can
/// implement it itself to skip `Decodable` altogether, reading the row with `Row.decode(_:column:)`,
/// `Row.decode(_:scope:)` and `Row.decode(_:prefetched:)`:
///
///     init(row: Row) throws {
///         book = try Book(row: row)
///         author = try row.decode(scope: "author")
///         country = try row.decodeIfPresent(scope: "country")
///         prizes = try row.decode(prefetched: "prizes")
///     }
public protocol FetchableRecord: Decodable {
    /// A record read from `row` (a fetched row, or one of its scopes).
    init(row: Row) throws
}

extension FetchableRecord {
    /// Decodes the record through `Decodable` (`RowDecoder`). Rows handed out by `fetchAll` and
    /// `fetchOne` know their request's tables, and the keys already looked up in that fetch;
    /// other rows are decoded as rows whose table is unknown.
    public init(row: Row) throws {
        self = try RowDecoder.decode(Self.self, from: row, context: row.decodingContext)
    }

    /// All records of `request`.
    public static func fetchAll(_ db: Database, _ request: Request) throws -> [Self] {
        let plan = try db.plan(request)
        let context = DecodingContext(layout: TableLayout(scope: plan.scopeTree))
        var records: [Self] = []
        // Rows are decoded as they are read; prefetched rows come in one statement per
        // association, over every parent (as fetchAll fetches them).
        try RowCursor(db: db, planned: plan.main, keys: nil, chunking: .oneChunk).forEach { row in
            var row = row
            row.decodingContext = context
            records.append(try Self(row: row))
        }
        return records
    }

    /// The first record of `request`, or nil.
    public static func fetchOne(_ db: Database, _ request: Request) throws -> Self? {
        var limited = request
        limited.limit = 1
        let plan = try db.plan(limited)
        let context = DecodingContext(layout: TableLayout(scope: plan.scopeTree))
        guard var row = try db.run(plan).rows.first else { return nil }
        row.decodingContext = context
        return try Self(row: row)
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
    package func fetchAll<Record: FetchableRecord>(_ db: Database, as type: Record.Type) throws -> [Record] {
        try Record.fetchAll(db, self)
    }

    /// The first record of the request decoded as `type`, or nil.
    func fetchOne<Record: FetchableRecord>(_ db: Database, as type: Record.Type) throws -> Record? {
        try Record.fetchOne(db, self)
    }
}
