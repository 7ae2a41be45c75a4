import GRDB

/// A Chinook-like music store database, built from a fixed seed: the same schema shape as the
/// classic sample (artists, albums, tracks, playlists through a join table, customers, employees
/// with a self reference, invoices and their lines) with deterministic made-up contents, NULLs in
/// the optional foreign keys and columns, and a few names with quotes and non-ASCII letters.
enum ChinookDatabase {
    static let schema = """
        CREATE TABLE artist (
            artistId INTEGER PRIMARY KEY,
            name TEXT);
        CREATE TABLE album (
            albumId INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            artistId INTEGER NOT NULL REFERENCES artist(artistId),
            year INTEGER);
        CREATE TABLE genre (
            genreId INTEGER PRIMARY KEY,
            name TEXT);
        CREATE TABLE mediaType (
            mediaTypeId INTEGER PRIMARY KEY,
            name TEXT);
        CREATE TABLE track (
            trackId INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            albumId INTEGER REFERENCES album(albumId),
            mediaTypeId INTEGER NOT NULL REFERENCES mediaType(mediaTypeId),
            genreId INTEGER REFERENCES genre(genreId),
            composer TEXT,
            milliseconds INTEGER NOT NULL,
            bytes INTEGER,
            unitPrice REAL NOT NULL);
        CREATE TABLE playlist (
            playlistId INTEGER PRIMARY KEY,
            name TEXT);
        CREATE TABLE playlistTrack (
            playlistId INTEGER NOT NULL REFERENCES playlist(playlistId),
            trackId INTEGER NOT NULL REFERENCES track(trackId),
            PRIMARY KEY (playlistId, trackId));
        CREATE TABLE employee (
            employeeId INTEGER PRIMARY KEY,
            lastName TEXT NOT NULL,
            firstName TEXT NOT NULL,
            title TEXT,
            reportsTo INTEGER REFERENCES employee(employeeId),
            hireDate TEXT,
            city TEXT);
        CREATE TABLE customer (
            customerId INTEGER PRIMARY KEY,
            firstName TEXT NOT NULL,
            lastName TEXT NOT NULL,
            company TEXT,
            country TEXT,
            email TEXT NOT NULL,
            supportRepId INTEGER REFERENCES employee(employeeId));
        CREATE TABLE invoice (
            invoiceId INTEGER PRIMARY KEY,
            customerId INTEGER NOT NULL REFERENCES customer(customerId),
            invoiceDate TEXT NOT NULL,
            billingCountry TEXT,
            total REAL NOT NULL);
        CREATE TABLE invoiceLine (
            invoiceLineId INTEGER PRIMARY KEY,
            invoiceId INTEGER NOT NULL REFERENCES invoice(invoiceId),
            trackId INTEGER NOT NULL REFERENCES track(trackId),
            unitPrice REAL NOT NULL,
            quantity INTEGER NOT NULL);
        """

    static let words = [
        "Blue", "Night", "Fire", "Rock", "Dream", "Stone", "River", "Björk", "Motörhead", "O'Brien",
        "Queen", "Summer", "Rain", "Echo", "Velvet", "Iron", "Señor", "Zoë", "Gold", "Wild",
    ]
    static let countries = ["Brazil", "Canada", "France", "Germany", "India", "Norway", "USA", "Côte d'Ivoire"]

    /// Writes the database at `path` (which must not exist): about 4,500 rows.
    static func write(to path: String, seed: UInt64 = 7) throws {
        var rng = SplitMix64(state: seed)
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: schema)
            func words(_ n: Int) -> String {
                (0..<n).map { _ in rng.pick(Self.words) ?? "Echo" }.joined(separator: " ")
            }
            func maybe<T>(_ percentNull: Int, _ value: T) -> T? { rng.chance(percentNull) ? nil : value }

            for id in 1...5 {
                try db.execute(sql: "INSERT INTO mediaType VALUES (?, ?)", arguments: [id, maybe(20, words(2))])
            }
            for id in 1...10 {
                try db.execute(sql: "INSERT INTO genre VALUES (?, ?)", arguments: [id, maybe(10, words(1))])
            }
            let artists = 40, albums = 90, tracks = 900, playlists = 10
            for id in 1...artists {
                try db.execute(sql: "INSERT INTO artist VALUES (?, ?)", arguments: [id, maybe(10, words(2))])
            }
            for id in 1...albums {
                // Some artists get no album; most get two or three.
                let artist = 1 + rng.below(artists - 4)
                try db.execute(
                    sql: "INSERT INTO album VALUES (?, ?, ?, ?)",
                    arguments: [id, words(1 + rng.below(3)), artist, maybe(20, 1960 + rng.below(60))])
            }
            for id in 1...tracks {
                try db.execute(
                    sql: "INSERT INTO track VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, words(1 + rng.below(3)), maybe(5, 1 + rng.below(albums - 5)), 1 + rng.below(5),
                        maybe(10, 1 + rng.below(10)), maybe(30, words(1)), 60_000 + rng.below(400) * 1000,
                        maybe(10, 1_000_000 + rng.below(9_000_000)), [0.99, 1.99, 0.49][rng.below(3)],
                    ])
            }
            for id in 1...playlists {
                try db.execute(sql: "INSERT INTO playlist VALUES (?, ?)", arguments: [id, maybe(10, words(2))])
                // Playlist 10 stays empty.
                guard id < playlists else { continue }
                var chosen = Set<Int>()
                for _ in 0..<(20 + rng.below(250)) { chosen.insert(1 + rng.below(tracks)) }
                for track in chosen.sorted() {
                    try db.execute(sql: "INSERT INTO playlistTrack VALUES (?, ?)", arguments: [id, track])
                }
            }
            let employees = 9
            for id in 1...employees {
                // 1 is the boss, 2…3 report to 1, the others to 2 or 3; employee 9 reports to nobody.
                let reportsTo: Int? = id == 1 || id == 9 ? nil : (id <= 3 ? 1 : 2 + rng.below(2))
                try db.execute(
                    sql: "INSERT INTO employee VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, words(1), words(1), maybe(30, ["Manager", "Sales Agent", "IT Staff"][rng.below(3)]),
                        reportsTo, maybe(10, "200\(rng.below(10))-0\(1 + rng.below(9))-1\(rng.below(9))"),
                        maybe(20, rng.pick(countries) ?? "USA"),
                    ])
            }
            let customers = 50
            for id in 1...customers {
                // Support reps are employees 3…8, or nobody.
                try db.execute(
                    sql: "INSERT INTO customer VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        id, words(1), words(1), maybe(60, words(2)), maybe(10, rng.pick(countries) ?? "USA"),
                        "c\(id)@example.org", maybe(15, 3 + rng.below(6)),
                    ])
            }
            let invoices = 300
            for id in 1...invoices {
                // Customers 46…50 have no invoice.
                try db.execute(
                    sql: "INSERT INTO invoice VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        id, 1 + rng.below(customers - 5), "202\(rng.below(5))-0\(1 + rng.below(9))-1\(rng.below(9))",
                        maybe(10, rng.pick(countries) ?? "USA"), Double(rng.below(2000)) / 100,
                    ])
            }
            var line = 0
            for invoice in 1...invoices {
                for _ in 0..<(rng.below(8)) {
                    line += 1
                    try db.execute(
                        sql: "INSERT INTO invoiceLine VALUES (?, ?, ?, ?, ?)",
                        arguments: [line, invoice, 1 + rng.below(tracks), [0.99, 1.99][rng.below(2)], 1 + rng.below(3)])
                }
            }
        }
        try dbQueue.close()
    }
}
