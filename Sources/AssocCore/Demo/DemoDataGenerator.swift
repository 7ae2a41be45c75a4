/// Fills the demo tables with deterministic rows. Every count grows linearly with `scale`;
/// at scale 1: 12 countries, 100 persons, 1,000 books, 5 libraries…
///
/// The interesting cases are placed by index so they exist at every scale: the last country of
/// each block of 12 has no demographics, every 10th person writes no book, every 7th book has
/// no cover, 40 % of books have no translator, every 5th library has no address, every 10th
/// document has no section, employees form a 3-ary tree (4 levels for 40 employees).
struct DemoDataGenerator {
    let connection: Connection
    let scale: Int
    private var random = DemoRandom()

    init(connection: Connection, scale: Int) {
        self.connection = connection
        self.scale = scale
    }

    var countryCount: Int { 12 * scale }
    var personCount: Int { 100 * scale }
    var libraryCount: Int { 5 * scale }
    var bookCount: Int { 1000 * scale }
    var prizeCount: Int { 120 * scale }
    var paintingCount: Int { 60 * scale }
    var citizenCount: Int { 50 * scale }
    var documentCount: Int { 10 * scale }
    var employeeCount: Int { 40 * scale }
    var teamCount: Int { 8 * scale }
    var playerCount: Int { 60 * scale }

    /// The code of country `index` (0-based): `FR`, …, then `FR2`, … for the next blocks.
    func countryCode(_ index: Int) -> String {
        let base = DemoWords.countries[index % DemoWords.countries.count]
        let block = index / DemoWords.countries.count
        return block == 0 ? base.code : base.code + String(block + 1)
    }

    mutating func insertAll() throws {
        try insertCountries()
        try insertPersons()
        try insertLibraries()
        try insertBooks()
        try insertPaintings()
        try insertCitizens()
        try insertDocuments()
        try insertEmployees()
        try insertTeams()
    }

    /// Runs `sql` once per row produced by `makeRow`, with one prepared statement.
    private static func insert(
        _ connection: Connection, _ sql: String, count: Int, _ makeRow: (Int) throws -> [DatabaseValue]?
    ) throws {
        let statement = try connection.prepare(sql)
        for index in 0..<count {
            guard let row = try makeRow(index) else { continue }
            try statement.bind(row)
            while try statement.step() {}
        }
    }

    private mutating func personName() -> String {
        random.pick(DemoWords.firstNames) + " " + random.pick(DemoWords.lastNames)
    }

    private mutating func title() -> String {
        "The " + random.pick(DemoWords.titleAdjectives) + " " + random.pick(DemoWords.titleNouns)
    }

    private mutating func insertCountries() throws {
        let blockSize = DemoWords.countries.count
        try Self.insert(connection, "INSERT INTO country(code, name) VALUES (?, ?)", count: countryCount) { index in
            let base = DemoWords.countries[index % blockSize]
            let block = index / blockSize
            return [.text(countryCode(index)), .text(block == 0 ? base.name : "\(base.name) \(block + 1)")]
        }
        var demographicsId = 0
        var rows: [[DatabaseValue]] = []
        for index in 0..<countryCount where index % blockSize != blockSize - 1 {
            demographicsId += 1
            let population = Int64(random.int(in: 300_000...90_000_000))
            let lifeExpectancy = Double(random.int(in: 600...850)) / 10
            rows.append([.integer(Int64(demographicsId)), .text(countryCode(index)), .integer(population), .real(lifeExpectancy)])
        }
        try Self.insert(
            connection,
            "INSERT INTO demographics(id, countryCode, population, lifeExpectancy) VALUES (?, ?, ?, ?)",
            count: rows.count
        ) { rows[$0] }
    }

    private mutating func insertPersons() throws {
        var rows: [[DatabaseValue]] = []
        rows.reserveCapacity(personCount)
        for index in 0..<personCount {
            let country: DatabaseValue = index % 17 == 16 ? .null : .text(countryCode(random.int(countryCount)))
            rows.append([
                .integer(Int64(index + 1)), .text(personName()), .integer(Int64(random.int(in: 1802...2001))), country
            ])
        }
        try Self.insert(connection, "INSERT INTO person(id, name, birthYear, countryCode) VALUES (?, ?, ?, ?)", count: rows.count) { rows[$0] }
    }

    private mutating func insertLibraries() throws {
        let names = DemoWords.libraries
        try Self.insert(connection, "INSERT INTO library(id, name) VALUES (?, ?)", count: libraryCount) { index in
            let block = index / names.count
            let name = names[index % names.count] + (block == 0 ? "" : " \(block + 1)")
            return [.integer(Int64(index + 1)), .text(name)]
        }
        let statement = try connection.prepare("INSERT INTO address(id, libraryId, street, city) VALUES (?, ?, ?, ?)")
        var addressId = 0
        for index in 0..<libraryCount where index % names.count != names.count - 1 {
            addressId += 1
            let street = "\(random.int(in: 1...120)) " + DemoWords.streets[index % DemoWords.streets.count]
            try statement.bind([
                .integer(Int64(addressId)), .integer(Int64(index + 1)), .text(street),
                .text(DemoWords.cities[index % DemoWords.cities.count])
            ])
            while try statement.step() {}
        }
    }

    /// An author id: any person but every 10th one (ids 10, 20, …), who never write books.
    private mutating func authorId() -> Int64 {
        let slot = random.int(personCount / 10 * 9)
        return Int64(slot / 9 * 10 + slot % 9 + 1)
    }

    private mutating func insertBooks() throws {
        // Prizes are drawn first so that book.awards can count them.
        var prizeBooks: [Int] = []
        prizeBooks.reserveCapacity(prizeCount)
        var awards = [Int32](repeating: 0, count: bookCount)
        for _ in 0..<prizeCount {
            let book = random.int(bookCount)
            prizeBooks.append(book)
            awards[book] += 1
        }
        var years = [Int16](repeating: 0, count: bookCount)
        let books = try connection.prepare(
            """
            INSERT INTO book(id, authorId, translatorId, libraryId, title, kind, year, price, awards)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let covers = try connection.prepare("INSERT INTO coverImage(id, bookId, url, width, height) VALUES (?, ?, ?, ?, ?)")
        var coverId: Int64 = 0
        for index in 0..<bookCount {
            let id = Int64(index + 1)
            let translator: DatabaseValue = random.chance(40) ? .null : .integer(Int64(random.int(personCount) + 1))
            let library: DatabaseValue = index % 20 == 7 ? .null : .integer(Int64(random.int(libraryCount) + 1))
            let year = random.int(in: 1800...2023)
            years[index] = Int16(year)
            let price = Double(random.int(in: 299...4999)) / 100
            try books.bind([
                .integer(id), .integer(authorId()), translator, library, .text(title()),
                .text(random.pick(DemoWords.bookKinds)), .integer(Int64(year)), .real(price), .integer(Int64(awards[index]))
            ])
            while try books.step() {}
            if index % 7 != 3 {
                coverId += 1
                try covers.bind([
                    .integer(coverId), .integer(id), .text("https://covers.example.org/book/\(id).jpg"),
                    .integer(600), .integer(Int64(random.int(in: 800...960)))
                ])
                while try covers.step() {}
            }
        }
        try Self.insert(connection, "INSERT INTO prize(id, bookId, name, year) VALUES (?, ?, ?, ?)", count: prizeBooks.count) { index in
            let book = prizeBooks[index]
            let year = Int(years[book]) + 1 + random.int(3)
            return [.integer(Int64(index + 1)), .integer(Int64(book + 1)), .text(random.pick(DemoWords.prizes)), .integer(Int64(year))]
        }
    }

    private mutating func insertPaintings() throws {
        var rows: [[DatabaseValue]] = []
        for index in 0..<paintingCount {
            let title = random.pick(DemoWords.paintingSubjects) + " nº \(index + 1)"
            rows.append([
                .integer(Int64(index + 1)), .integer(Int64(random.int(personCount) + 1)), .text(title),
                .integer(Int64(random.int(in: 1850...2020)))
            ])
        }
        try Self.insert(connection, "INSERT INTO painting(id, authorId, title, year) VALUES (?, ?, ?, ?)", count: rows.count) { rows[$0] }
    }

    private mutating func insertCitizens() throws {
        var names: [String] = []
        for _ in 0..<citizenCount { names.append(personName()) }
        try Self.insert(connection, "INSERT INTO citizen(id, name) VALUES (?, ?)", count: citizenCount) { index in
            [.integer(Int64(index + 1)), .text(names[index])]
        }
        // One passport each, a second one (another country) for about 60 % of citizens.
        let statement = try connection.prepare("INSERT INTO passport(countryCode, citizenId, issuedYear) VALUES (?, ?, ?)")
        for index in 0..<citizenCount {
            let first = random.int(countryCount)
            var countries = [first]
            if random.chance(60) {
                countries.append((first + 1 + random.int(countryCount - 1)) % countryCount)
            }
            for country in countries {
                try statement.bind([
                    .text(countryCode(country)), .integer(Int64(index + 1)), .integer(Int64(random.int(in: 1990...2024)))
                ])
                while try statement.step() {}
            }
        }
    }

    private mutating func insertDocuments() throws {
        let documents = try connection.prepare("INSERT INTO document(id, title) VALUES (?, ?)")
        let sections = try connection.prepare("INSERT INTO section(id, documentId, position, title) VALUES (?, ?, ?, ?)")
        let paragraphs = try connection.prepare("INSERT INTO paragraph(id, sectionId, position, body) VALUES (?, ?, ?, ?)")
        var sectionId: Int64 = 0
        var paragraphId: Int64 = 0
        for index in 0..<documentCount {
            let documentId = Int64(index + 1)
            try documents.bind([.integer(documentId), .text("Report nº \(index + 1): " + title())])
            while try documents.step() {}
            if index % 10 == 9 { continue }  // a document with no sections
            for position in 1...(2 + random.int(4)) {
                sectionId += 1
                try sections.bind([
                    .integer(sectionId), .integer(documentId), .integer(Int64(position)),
                    .text(random.pick(DemoWords.sectionTitles))
                ])
                while try sections.step() {}
                for paragraphPosition in 1...(1 + random.int(5)) {
                    paragraphId += 1
                    let body = random.pick(DemoWords.sentences) + " " + random.pick(DemoWords.sentences)
                    try paragraphs.bind([
                        .integer(paragraphId), .integer(sectionId), .integer(Int64(paragraphPosition)), .text(body)
                    ])
                    while try paragraphs.step() {}
                }
            }
        }
    }

    private mutating func insertEmployees() throws {
        var rows: [[DatabaseValue]] = []
        for index in 0..<employeeCount {
            // Employee n (1-based) reports to (n - 2) / 3 + 1: a 3-ary tree rooted at employee 1.
            let id = index + 1
            let manager: DatabaseValue = id == 1 ? .null : .integer(Int64((id - 2) / 3 + 1))
            var level = 0
            var current = id
            while current > 1 {
                current = (current - 2) / 3 + 1
                level += 1
            }
            let jobTitle = DemoWords.jobTitles[min(level, DemoWords.jobTitles.count - 1)]
            rows.append([.integer(Int64(id)), manager, .text(personName()), .text(jobTitle)])
        }
        try Self.insert(connection, "INSERT INTO employee(id, managerId, name, title) VALUES (?, ?, ?, ?)", count: rows.count) { rows[$0] }
    }

    private mutating func insertTeams() throws {
        let names = DemoWords.teams
        try Self.insert(connection, "INSERT INTO team(id, name) VALUES (?, ?)", count: teamCount) { index in
            let block = index / names.count
            return [.integer(Int64(index + 1)), .text(names[index % names.count] + (block == 0 ? "" : " \(block + 1)"))]
        }
        var homeTeams: [Int] = []
        var rows: [[DatabaseValue]] = []
        for index in 0..<playerCount {
            let team = random.int(teamCount)
            homeTeams.append(team)
            rows.append([
                .integer(Int64(index + 1)), .integer(Int64(team + 1)), .text(personName()),
                .text(random.pick(DemoWords.playerPositions)), .integer(Int64(random.int(100)))
            ])
        }
        try Self.insert(connection, "INSERT INTO player(id, teamId, name, position, score) VALUES (?, ?, ?, ?, ?)", count: rows.count) { rows[$0] }
        // Every player plays for their team; about 40 % also play for another one.
        let roles = try connection.prepare("INSERT INTO playerRole(teamId, playerId, position) VALUES (?, ?, ?)")
        for (index, home) in homeTeams.enumerated() {
            var teams = [home]
            if random.chance(40) {
                teams.append((home + 1 + random.int(teamCount - 1)) % teamCount)
            }
            for team in teams {
                try roles.bind([
                    .integer(Int64(team + 1)), .integer(Int64(index + 1)), .text(random.pick(DemoWords.playerPositions))
                ])
                while try roles.step() {}
            }
        }
    }
}
