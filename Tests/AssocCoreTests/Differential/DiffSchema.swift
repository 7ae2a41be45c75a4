import AssocCore

/// The test's own "library" schema, shaped like the demo database, and a seeded filler.
enum DiffSchema {
    enum ValueType { case integer, real, text }

    struct ColumnSpec {
        var name: String
        var type: ValueType
    }

    static let ddl = """
        CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code));
        CREATE TABLE library(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book(
            id INTEGER PRIMARY KEY,
            authorId INTEGER NOT NULL REFERENCES person(id),
            translatorId INTEGER REFERENCES person(id),
            libraryId INTEGER REFERENCES library(id),
            title TEXT, kind TEXT, year INTEGER, price REAL);
        CREATE TABLE coverImage(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL UNIQUE REFERENCES book(id), path TEXT);
        CREATE TABLE prize(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id), year INTEGER);
        CREATE TABLE address(id INTEGER PRIMARY KEY, libraryId INTEGER NOT NULL UNIQUE REFERENCES library(id), city TEXT);
        CREATE TABLE citizen(id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE passport(
            countryCode TEXT NOT NULL REFERENCES country(code),
            citizenId INTEGER NOT NULL REFERENCES citizen(id),
            PRIMARY KEY (countryCode, citizenId));
        CREATE TABLE employee(id INTEGER PRIMARY KEY, name TEXT, managerId INTEGER REFERENCES employee(id));
        """

    /// Every table with its columns, in declaration order (as `SELECT *` returns them).
    static let tables: [(name: String, columns: [ColumnSpec])] = [
        ("country", [.init(name: "code", type: .text), .init(name: "name", type: .text)]),
        ("person", [.init(name: "id", type: .integer), .init(name: "name", type: .text), .init(name: "countryCode", type: .text)]),
        ("library", [.init(name: "id", type: .integer), .init(name: "name", type: .text)]),
        (
            "book",
            [
                .init(name: "id", type: .integer), .init(name: "authorId", type: .integer),
                .init(name: "translatorId", type: .integer), .init(name: "libraryId", type: .integer),
                .init(name: "title", type: .text), .init(name: "kind", type: .text),
                .init(name: "year", type: .integer), .init(name: "price", type: .real)
            ]
        ),
        ("coverImage", [.init(name: "id", type: .integer), .init(name: "bookId", type: .integer), .init(name: "path", type: .text)]),
        ("prize", [.init(name: "id", type: .integer), .init(name: "bookId", type: .integer), .init(name: "year", type: .integer)]),
        ("address", [.init(name: "id", type: .integer), .init(name: "libraryId", type: .integer), .init(name: "city", type: .text)]),
        ("citizen", [.init(name: "id", type: .integer), .init(name: "name", type: .text)]),
        ("passport", [.init(name: "countryCode", type: .text), .init(name: "citizenId", type: .integer)]),
        ("employee", [.init(name: "id", type: .integer), .init(name: "name", type: .text), .init(name: "managerId", type: .integer)])
    ]

    static func columns(of table: String) -> [ColumnSpec] {
        tables.first { $0.name == table }?.columns ?? []
    }

    /// An in-memory database with the schema, filled from `seed`.
    static func makeConnection(seed: UInt64) throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(ddl)
        var rng = SplitMix64(seed: seed ^ 0xD1FF_5EED)
        try fill(connection, &rng)
        return connection
    }

    private static let names = ["Ann", "Ben", "Cid", "Dora", "ann", "Éva", "Zoé", "Bob", "Al"]
    private static let titles = ["Dune", "Emma", "Ulysses", "dune", "Beloved", "A Tale", "Zen"]
    private static let kinds = ["novel", "essay", "poem", "Novel"]
    private static let cities = ["Paris", "Lyon", "Berlin", "paris", "Oslo"]

    private static func maybe(_ rng: inout SplitMix64, _ p: Double, _ value: DatabaseValue) -> DatabaseValue {
        rng.chance(p) ? .null : value
    }

    private static func text(_ rng: inout SplitMix64, _ pool: [String], nullChance: Double) -> DatabaseValue {
        maybe(&rng, nullChance, .text(rng.pick(pool) ?? "x"))
    }

    private static func insert(_ c: Connection, _ table: String, _ values: [DatabaseValue]) throws {
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try c.execute("INSERT INTO \"\(table)\" VALUES (\(marks))", arguments: values)
    }

    private static func fill(_ c: Connection, _ rng: inout SplitMix64) throws {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let countryCount = rng.int(10...16)
        var codes: [String] = []
        for i in 0..<countryCount {
            let code = String(letters[i % 26]) + String(letters[(i * 7 + 3) % 26])
            codes.append(code)
            try insert(c, "country", [.text(code), text(&rng, names + ["France", "Peru"], nullChance: 0.15)])
        }
        let personCount = rng.int(15...40)
        for id in 1...personCount {
            let country: DatabaseValue = rng.chance(0.25) ? .null : .text(rng.pick(codes) ?? "AA")
            try insert(c, "person", [.integer(Int64(id)), text(&rng, names, nullChance: 0.15), country])
        }
        let libraryCount = rng.int(10...20)
        for id in 1...libraryCount {
            try insert(c, "library", [.integer(Int64(id)), text(&rng, ["Central", "North", "central"], nullChance: 0.2)])
        }
        let bookCount = rng.int(20...40)
        for id in 1...bookCount {
            let author = DatabaseValue.integer(Int64(rng.int(1...personCount)))
            let translator = maybe(&rng, 0.5, .integer(Int64(rng.int(1...personCount))))
            let library = maybe(&rng, 0.3, .integer(Int64(rng.int(1...libraryCount))))
            let year = maybe(&rng, 0.15, .integer(Int64(rng.int(1950...2020))))
            let price = maybe(&rng, 0.2, .real(Double(rng.int(0...60)) / 2))
            try insert(
                c, "book",
                [
                    .integer(Int64(id)), author, translator, library,
                    text(&rng, titles, nullChance: 0.1), text(&rng, kinds, nullChance: 0.2), year, price
                ])
        }
        var imageID: Int64 = 0
        for bookID in 1...bookCount where rng.chance(0.5) {
            imageID += 1
            try insert(c, "coverImage", [.integer(imageID), .integer(Int64(bookID)), text(&rng, ["a.png", "b.jpg", "A.png"], nullChance: 0.2)])
        }
        let prizeCount = rng.int(10...40)
        for id in 1...prizeCount {
            try insert(
                c, "prize",
                [
                    .integer(Int64(id)), .integer(Int64(rng.int(1...bookCount))),
                    maybe(&rng, 0.2, .integer(Int64(rng.int(1990...2020))))
                ])
        }
        var addressID: Int64 = 0
        for libraryID in 1...libraryCount where rng.chance(0.6) {
            addressID += 1
            try insert(c, "address", [.integer(addressID), .integer(Int64(libraryID)), text(&rng, cities, nullChance: 0.2)])
        }
        let citizenCount = rng.int(10...30)
        for id in 1...citizenCount {
            try insert(c, "citizen", [.integer(Int64(id)), text(&rng, names, nullChance: 0.15)])
        }
        var passports = Set<String>()
        for _ in 0..<rng.int(10...40) {
            let code = rng.pick(codes) ?? "AA"
            let citizen = rng.int(1...citizenCount)
            guard passports.insert("\(code)/\(citizen)").inserted else { continue }
            try insert(c, "passport", [.text(code), .integer(Int64(citizen))])
        }
        let employeeCount = rng.int(10...30)
        for id in 1...employeeCount {
            let manager: DatabaseValue = id == 1 || rng.chance(0.25) ? .null : .integer(Int64(rng.int(1...(id - 1))))
            try insert(c, "employee", [.integer(Int64(id)), text(&rng, names, nullChance: 0.15), manager])
        }
    }
}
