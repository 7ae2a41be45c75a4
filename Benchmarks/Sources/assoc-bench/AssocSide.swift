@_spi(Tooling) import AssocCore

/// The AssocCore contender: associations inferred from the demo schema, rows as `AssocCore.Row`.
final class AssocSide {
    let db: Database
    let book = Table("book"), person = Table("person"), country = Table("country"), library = Table("library")

    init(path: String) throws {
        db = try Database(path: path)
    }

    var plain: Request { book.all }
    var joined: Request {
        book.including(required: book.author.including(optional: person.country)).including(optional: book.coverImage)
    }
    var prefetch: Request { person.including(all: person.booksAsAuthor) }
    var through: Request { country.including(all: country.citizens) }
    var aggregates: Request { person.annotated(with: person.booksAsAuthor.count, person.booksAsAuthor.max(Column("year"))) }
    var having: Request { person.having(person.booksAsAuthor.count >= 12) }

    /// Not inlined, so that profiles (callgrind) show this contender's cost under one function.
    @inline(never)
    func fetchCount(_ request: Request) throws -> Int { try db.fetchAll(request).count }

    @inline(never)
    func records() throws -> Int { try ABookInfo.fetchAll(db, joined).count }

    /// The same structs, built by hand-written `init(row:)` (no `Decodable`).
    @inline(never)
    func recordsByRow() throws -> Int { try HBookInfo.fetchAll(db, joined).count }

    /// A request tree of 20 associations (same shape as `GRDBSide.tree`).
    var tree: Request {
        let author = book.author, translator = book.translator, country = person.country
        let demographic = self.country.demographic
        return book
            .including(required: author  // 1
                .including(optional: country.including(optional: demographic))  // 2, 3
                .joining(optional: person.paintings))  // 4
            .including(optional: translator  // 5
                .including(optional: country.including(optional: demographic))  // 6, 7
                .joining(optional: person.paintings))  // 8
            .including(optional: book.library.including(optional: library.address))  // 9, 10
            .including(optional: book.coverImage)  // 11
            .joining(optional: book.prizes)  // 12
            .including(optional: translator.forKey("reviewer")  // 13
                .including(optional: country.including(optional: demographic))  // 14, 15
                .joining(optional: person.booksAsAuthor))  // 16
            .joining(optional: book.library.forKey("branch")  // 17
                .joining(optional: library.address)  // 18
                .joining(optional: library.books))  // 19
            .joining(optional: book.coverImage.forKey("thumbnail"))  // 20
    }

    /// Builds the tree and generates its SQL, `count` times.
    func buildTree(_ count: Int) throws -> Int {
        var total = 0
        for _ in 0..<count {
            let statement = try db.mainStatement(for: tree)
            total += statement.sql.isEmpty ? 0 : 1
        }
        return total
    }

    /// The statements `request` runs (main, then prefetch), for the raw C loop.
    func statements(_ request: Request) throws -> [(sql: String, arguments: [RawArgument])] {
        try ToolingSupport.executedStatements(for: request, in: db).map { statement in
            (statement.sql, statement.arguments.map { value -> RawArgument in
                switch value {
                case .null: return .null
                case .integer(let v): return .integer(v)
                case .real(let v): return .real(v)
                case .text(let s): return .text(s)
                case .blob(let b): return .blob(b)
                }
            })
        }
    }

    // MARK: Conformance digests

    static func digest(_ values: [DatabaseValue], into d: inout Digest) {
        for value in values {
            switch value {
            case .null: d.null()
            case .integer(let v): d.integer(v)
            case .real(let v): d.real(v)
            case .text(let s): d.text(s)
            case .blob(let b): d.blob(b)
            }
        }
    }

    /// book, author, author's country, cover image: values of each scope, NULLs included.
    func joinedDigests() throws -> [UInt64] {
        try db.fetchAll(joined).map { row in
            var d = Digest()
            Self.digest(row.values, into: &d)
            let author = row.scopes.first { $0.key == "author" }?.row
            d.mark(1); if let author { Self.digest(author.values, into: &d) }
            d.mark(2); if let c = author?.scopes.first(where: { $0.key == "country" })?.row { Self.digest(c.values, into: &d) }
            d.mark(3); if let c = row.scopes.first(where: { $0.key == "coverImage" })?.row { Self.digest(c.values, into: &d) }
            return d.value
        }
    }

    /// The parent's values, then the digests of its prefetched rows, sorted (order within a group is unspecified).
    func prefetchDigests(_ request: Request, key: String) throws -> [UInt64] {
        try db.fetchAll(request).map { row in
            var d = Digest()
            Self.digest(row.values, into: &d)
            let children = (row.prefetchedRows(key) ?? []).map { child -> UInt64 in
                var c = Digest()
                Self.digest(child.values, into: &c)
                return c.value
            }.sorted()
            d.mark(9)
            for child in children { d.word(child) }
            return d.value
        }
    }
}

struct ABook: FetchableRecord, TableRecord {
    static let databaseTableName = "book"
    var id: Int64, authorId: Int64, translatorId: Int64?, libraryId: Int64?
    var title: String, kind: String, year: Int64?, price: Double?, awards: Int64
}

struct APerson: FetchableRecord, TableRecord {
    static let databaseTableName = "person"
    var id: Int64, name: String, birthYear: Int64?, countryCode: String?
}

struct ACountry: FetchableRecord, TableRecord {
    static let databaseTableName = "country"
    var code: String, name: String
}

struct ACoverImage: FetchableRecord, TableRecord {
    static let databaseTableName = "coverImage"
    var id: Int64, bookId: Int64, url: String, width: Int64?, height: Int64?
}

struct ABookInfo: FetchableRecord {
    var book: ABook
    var author: APerson
    var country: ACountry?
    var coverImage: ACoverImage?
}

// The same records with hand-written `init(row:)`: columns by name, scopes by key.

struct HBook: FetchableRecord, TableRecord {
    static let databaseTableName = "book"
    var id: Int64, authorId: Int64, translatorId: Int64?, libraryId: Int64?
    var title: String, kind: String, year: Int64?, price: Double?, awards: Int64

    init(row: Row) throws {
        id = try row.decode(column: "id")
        authorId = try row.decode(column: "authorId")
        translatorId = try row.decodeIfPresent(column: "translatorId")
        libraryId = try row.decodeIfPresent(column: "libraryId")
        title = try row.decode(column: "title")
        kind = try row.decode(column: "kind")
        year = try row.decodeIfPresent(column: "year")
        price = try row.decodeIfPresent(column: "price")
        awards = try row.decode(column: "awards")
    }
}

struct HPerson: FetchableRecord, TableRecord {
    static let databaseTableName = "person"
    var id: Int64, name: String, birthYear: Int64?, countryCode: String?

    init(row: Row) throws {
        id = try row.decode(column: "id")
        name = try row.decode(column: "name")
        birthYear = try row.decodeIfPresent(column: "birthYear")
        countryCode = try row.decodeIfPresent(column: "countryCode")
    }
}

struct HCountry: FetchableRecord, TableRecord {
    static let databaseTableName = "country"
    var code: String, name: String

    init(row: Row) throws {
        code = try row.decode(column: "code")
        name = try row.decode(column: "name")
    }
}

struct HCoverImage: FetchableRecord, TableRecord {
    static let databaseTableName = "coverImage"
    var id: Int64, bookId: Int64, url: String, width: Int64?, height: Int64?

    init(row: Row) throws {
        id = try row.decode(column: "id")
        bookId = try row.decode(column: "bookId")
        url = try row.decode(column: "url")
        width = try row.decodeIfPresent(column: "width")
        height = try row.decodeIfPresent(column: "height")
    }
}

struct HBookInfo: FetchableRecord {
    var book: HBook
    var author: HPerson
    var country: HCountry?
    var coverImage: HCoverImage?

    init(row: Row) throws {
        book = try HBook(row: row)
        author = try row.decode(scope: "author")
        country = try row.decodeIfPresent(scope: "country")
        coverImage = try row.decodeIfPresent(scope: "coverImage")
    }
}
