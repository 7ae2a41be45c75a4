import Foundation
import GRDB

/// The GRDB contender: `Table`-based associations declared with explicit keys and foreign keys,
/// rows as `GRDB.Row`, records as GRDB `Decodable` records.
final class GRDBSide {
    let dbQueue: DatabaseQueue
    let book = Table("book"), person = Table("person"), country = Table("country"), library = Table("library")
    let author, translator: BelongsToAssociation<Row, Row>
    let personCountry, bookLibrary, passportCitizen: BelongsToAssociation<Row, Row>
    let demographic, address, coverImage: HasOneAssociation<Row, Row>
    let prizes, paintings, booksAsAuthor, libraryBooks, passports: HasManyAssociation<Row, Row>
    let citizens: HasManyThroughAssociation<Row, Row>

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        author = book.belongsTo(person, key: "author", using: ForeignKey(["authorId"]))
        translator = book.belongsTo(person, key: "translator", using: ForeignKey(["translatorId"]))
        personCountry = person.belongsTo(country, key: "country", using: ForeignKey(["countryCode"]))
        bookLibrary = book.belongsTo(library, key: "library", using: ForeignKey(["libraryId"]))
        demographic = country.hasOne(Table("demographics"), key: "demographic", using: ForeignKey(["countryCode"]))
        address = library.hasOne(Table("address"), key: "address", using: ForeignKey(["libraryId"]))
        coverImage = book.hasOne(Table("coverImage"), key: "coverImage", using: ForeignKey(["bookId"]))
        prizes = book.hasMany(Table("prize"), key: "prizes", using: ForeignKey(["bookId"]))
        paintings = person.hasMany(Table("painting"), key: "paintings", using: ForeignKey(["authorId"]))
        booksAsAuthor = person.hasMany(book, key: "booksAsAuthor", using: ForeignKey(["authorId"]))
        libraryBooks = library.hasMany(book, key: "books", using: ForeignKey(["libraryId"]))
        passports = country.hasMany(Table("passport"), key: "passports", using: ForeignKey(["countryCode"]))
        passportCitizen = Table("passport").belongsTo(Table("citizen"), key: "citizen", using: ForeignKey(["citizenId"]))
        citizens = country.hasMany(Row.self, through: passports, using: passportCitizen, key: "citizens")
    }

    var plain: QueryInterfaceRequest<Row> { book.all() }
    var joined: QueryInterfaceRequest<Row> {
        book.including(required: author.including(optional: personCountry)).including(optional: coverImage)
    }
    var prefetch: QueryInterfaceRequest<Row> { person.including(all: booksAsAuthor) }
    var through: QueryInterfaceRequest<Row> { country.including(all: citizens) }
    var aggregates: QueryInterfaceRequest<Row> { person.annotated(with: booksAsAuthor.count, booksAsAuthor.max(Column("year"))) }
    var having: QueryInterfaceRequest<Row> { person.having(booksAsAuthor.count >= 12) }

    func fetchCount(_ request: QueryInterfaceRequest<Row>) throws -> Int {
        try dbQueue.read { db in try Row.fetchAll(db, request).count }
    }

    func records() throws -> Int {
        try dbQueue.read { db in try GBookInfo.fetchAll(db, joined).count }
    }

    /// The same structs, built by hand-written `init(row:)` (GRDB's `FetchableRecord` way).
    func recordsByRow() throws -> Int {
        try dbQueue.read { db in try HGBookInfo.fetchAll(db, joined).count }
    }

    /// A request tree of 20 associations (same shape as `AssocSide.tree`).
    var tree: QueryInterfaceRequest<Row> {
        book
            .including(required: author
                .including(optional: personCountry.including(optional: demographic))
                .joining(optional: paintings))
            .including(optional: translator
                .including(optional: personCountry.including(optional: demographic))
                .joining(optional: paintings))
            .including(optional: bookLibrary.including(optional: address))
            .including(optional: coverImage)
            .joining(optional: prizes)
            .including(optional: translator.forKey("reviewer")
                .including(optional: personCountry.including(optional: demographic))
                .joining(optional: booksAsAuthor))
            .joining(optional: bookLibrary.forKey("branch")
                .joining(optional: address)
                .joining(optional: libraryBooks))
            .joining(optional: coverImage.forKey("thumbnail"))
    }

    /// Builds the tree and generates its SQL (without compiling it: `SQL.build`), `count` times.
    func buildTree(_ count: Int) throws -> Int {
        try dbQueue.read { db in
            var total = 0
            for _ in 0..<count {
                let (sql, _) = try SQL("\(tree)").build(db)
                total += sql.isEmpty ? 0 : 1
            }
            return total
        }
    }

    /// The main statement of `request`, as GRDB writes it.
    func sql(_ request: QueryInterfaceRequest<Row>) throws -> String {
        try dbQueue.read { db in try request.makePreparedRequest(db).statement.sql }
    }

    func treeSQL() throws -> String {
        try dbQueue.read { db in try SQL("\(tree)").build(db).sql }
    }

    /// Reads the same schema information with GRDB's schema API (no association inference:
    /// GRDB has none). The schema cache is cleared first. Returns the table count.
    func readSchema(path: String) throws -> Int {
        try dbQueue.read { db in
            db.clearSchemaCache()
            let names = try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
            for name in names {
                _ = try db.columns(in: name)
                _ = try db.primaryKey(name)
                _ = try db.foreignKeys(on: name)
                _ = try db.indexes(on: name)
            }
            return names.count
        }
    }

    // MARK: Conformance digests

    static func digest(_ row: Row, into d: inout Digest) {
        for (column, value) in row where !column.hasPrefix("grdb_") {
            switch value.storage {
            case .null: d.null()
            case .int64(let v): d.integer(v)
            case .double(let v): d.real(v)
            case .string(let s): d.text(s)
            case .blob(let b): d.blob(b)
            }
        }
    }

    func joinedDigests() throws -> [UInt64] {
        try dbQueue.read { db in
            try Row.fetchAll(db, joined).map { row in
                var d = Digest()
                Self.digest(row, into: &d)
                let author = row.scopes["author"]
                d.mark(1); if let author { Self.digest(author, into: &d) }
                d.mark(2); if let c = author?.scopes["country"] { Self.digest(c, into: &d) }
                d.mark(3); if let c = row.scopes["coverImage"] { Self.digest(c, into: &d) }
                return d.value
            }
        }
    }

    func prefetchDigests(_ request: QueryInterfaceRequest<Row>, key: String) throws -> [UInt64] {
        try dbQueue.read { db in
            try Row.fetchAll(db, request).map { row in
                var d = Digest()
                Self.digest(row, into: &d)
                let children = (row.prefetchedRows[key] ?? []).map { child -> UInt64 in
                    var c = Digest()
                    Self.digest(child, into: &c)
                    return c.value
                }.sorted()
                d.mark(9)
                for child in children { d.word(child) }
                return d.value
            }
        }
    }
}

struct GBook: FetchableRecord, Decodable {
    var id: Int64, authorId: Int64, translatorId: Int64?, libraryId: Int64?
    var title: String, kind: String, year: Int64?, price: Double?, awards: Int64
}

struct GPerson: FetchableRecord, Decodable {
    var id: Int64, name: String, birthYear: Int64?, countryCode: String?
}

struct GCountry: FetchableRecord, Decodable {
    var code: String, name: String
}

struct GCoverImage: FetchableRecord, Decodable {
    var id: Int64, bookId: Int64, url: String, width: Int64?, height: Int64?
}

struct GBookInfo: FetchableRecord, Decodable {
    var book: GBook
    var author: GPerson
    var country: GCountry?
    var coverImage: GCoverImage?
}

// The same records with hand-written `init(row:)`: columns by name, scopes by key.

struct HGBook: FetchableRecord {
    var id: Int64, authorId: Int64, translatorId: Int64?, libraryId: Int64?
    var title: String, kind: String, year: Int64?, price: Double?, awards: Int64

    init(row: Row) throws {
        id = try row.decode(Int64.self, forColumn: "id")
        authorId = try row.decode(Int64.self, forColumn: "authorId")
        translatorId = try row.decode(Int64?.self, forColumn: "translatorId")
        libraryId = try row.decode(Int64?.self, forColumn: "libraryId")
        title = try row.decode(String.self, forColumn: "title")
        kind = try row.decode(String.self, forColumn: "kind")
        year = try row.decode(Int64?.self, forColumn: "year")
        price = try row.decode(Double?.self, forColumn: "price")
        awards = try row.decode(Int64.self, forColumn: "awards")
    }
}

struct HGPerson: FetchableRecord {
    var id: Int64, name: String, birthYear: Int64?, countryCode: String?

    init(row: Row) throws {
        id = try row.decode(Int64.self, forColumn: "id")
        name = try row.decode(String.self, forColumn: "name")
        birthYear = try row.decode(Int64?.self, forColumn: "birthYear")
        countryCode = try row.decode(String?.self, forColumn: "countryCode")
    }
}

struct HGCountry: FetchableRecord {
    var code: String, name: String

    init(row: Row) throws {
        code = try row.decode(String.self, forColumn: "code")
        name = try row.decode(String.self, forColumn: "name")
    }
}

struct HGCoverImage: FetchableRecord {
    var id: Int64, bookId: Int64, url: String, width: Int64?, height: Int64?

    init(row: Row) throws {
        id = try row.decode(Int64.self, forColumn: "id")
        bookId = try row.decode(Int64.self, forColumn: "bookId")
        url = try row.decode(String.self, forColumn: "url")
        width = try row.decode(Int64?.self, forColumn: "width")
        height = try row.decode(Int64?.self, forColumn: "height")
    }
}

struct HGBookInfo: FetchableRecord {
    var book: HGBook
    var author: HGPerson
    var country: HGCountry?
    var coverImage: HGCoverImage?

    init(row: Row) throws {
        book = try HGBook(row: row)
        author = try row.decode(forKey: "author")
        country = try row.decodeIfPresent(forKey: "country")
        coverImage = try row.decodeIfPresent(forKey: "coverImage")
    }
}
