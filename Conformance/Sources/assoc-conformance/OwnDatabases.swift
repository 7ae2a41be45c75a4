@_spi(Tooling) import AssocCore
import Foundation
import GRDB

/// The databases of the codegen check: the demo database, the Chinook-like one, and two schemas
/// made for it, with names generated Swift must spell carefully.
///
/// - `workshop`: keyword and spaced table and column names (`class`, `"Order Details"`,
///   `"default"`, `"self"`, `"Unit Price"`, `"2nd"`), an irregular plural (`people`) with a
///   self reference, two foreign keys to one table (GRDB needs `ForeignKey`), a UNIQUE one
///   (hasOne), a WITHOUT ROWID table with a text key, a composite-key join table, BLOBs.
/// - `inventory`: a composite foreign key, a table without declared primary key (rowid), text
///   keys, NUMERIC and BOOLEAN columns, an upper-case table name (GRDB derives `warehouse` from `Warehouse`).
/// - `traps`: what made generated programs read the wrong table or fail (issue 32): `a‍b` (a
///   zero-width joiner) beside `ab`, an untyped column holding integers and text, text in an
///   INTEGER column, a real in an INTEGER column, a column `Row` beside an association `row`, a
///   column `Kids` beside an association `kids`, bidi controls in names and values.
enum OwnDatabases {
    static let names = ["demo", "chinook", "workshop", "inventory", "traps"]

    static func write(_ name: String, to path: String) throws {
        switch name {
        case "demo": try ToolingSupport.writeDemoDatabase(to: path, scale: 1)
        case "chinook": try ChinookDatabase.write(to: path)
        case "workshop": try write(workshopSchema, to: path, fill: fillWorkshop)
        case "inventory": try write(inventorySchema, to: path, fill: fillInventory)
        case "traps": try write(trapsSchema, to: path, fill: { db, _ in try db.execute(sql: trapsRows) })
        default: throw ConformanceError(message: "unknown database \(name)")
        }
    }

    static let workshopSchema = """
        CREATE TABLE people (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            "self" INTEGER,
            mentorId INTEGER REFERENCES people(id));
        CREATE TABLE badge (
            id INTEGER PRIMARY KEY,
            peopleId INTEGER NOT NULL UNIQUE REFERENCES people(id),
            "default" TEXT,
            picture BLOB);
        CREATE TABLE class (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            "2nd" TEXT,
            note);
        CREATE TABLE lesson (
            id INTEGER PRIMARY KEY,
            classId INTEGER NOT NULL REFERENCES class(id),
            teacherId INTEGER NOT NULL REFERENCES people(id),
            substituteId INTEGER REFERENCES people(id),
            "where" TEXT);
        CREATE TABLE tag (
            code TEXT NOT NULL PRIMARY KEY,
            label TEXT) WITHOUT ROWID;
        CREATE TABLE classTag (
            classId INTEGER NOT NULL REFERENCES class(id),
            tagCode TEXT NOT NULL REFERENCES tag(code),
            PRIMARY KEY (classId, tagCode));
        CREATE TABLE "Order Details" (
            id INTEGER PRIMARY KEY,
            lessonId INTEGER REFERENCES lesson(id),
            "Unit Price" NUMERIC NOT NULL,
            quantity INTEGER NOT NULL);
        """

    static let inventorySchema = """
        CREATE TABLE WAREHOUSE (
            code TEXT NOT NULL PRIMARY KEY,
            city TEXT,
            active BOOLEAN NOT NULL);
        CREATE TABLE shelf (
            warehouseCode TEXT NOT NULL REFERENCES WAREHOUSE(code),
            number INTEGER NOT NULL,
            label TEXT,
            PRIMARY KEY (warehouseCode, number));
        CREATE TABLE item (
            sku TEXT NOT NULL,
            name TEXT NOT NULL,
            weight NUMERIC,
            shelfWarehouse TEXT,
            shelfNumber INTEGER,
            FOREIGN KEY (shelfWarehouse, shelfNumber) REFERENCES shelf(warehouseCode, number));
        CREATE TABLE movement (
            id INTEGER PRIMARY KEY,
            itemRowid INTEGER,
            fromWarehouse TEXT REFERENCES WAREHOUSE(code),
            day TEXT NOT NULL,
            amount REAL);
        """

    static let trapsSchema = """
        CREATE TABLE ab (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE "a\u{200D}b" (id INTEGER PRIMARY KEY, name TEXT, abId INTEGER REFERENCES ab(id));
        CREATE TABLE "row" (id INTEGER PRIMARY KEY, "\u{202E}label" TEXT, anything);
        CREATE TABLE child (id INTEGER PRIMARY KEY, "Row" TEXT, rowId INTEGER REFERENCES "row"(id), n INTEGER, r REAL);
        CREATE TABLE parent (id INTEGER PRIMARY KEY, Kids TEXT);
        CREATE TABLE kid (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id), v);
        """

    static let trapsRows = """
        INSERT INTO ab VALUES (1, 'plain ab'), (2, 'plain ab 2');
        INSERT INTO "a\u{200D}b" VALUES (1, 'joined 1', 2), (2, 'joined 2', 1), (3, 'joined 3', NULL);
        INSERT INTO "row" VALUES (1, 'r\u{202E}1', 5), (2, 'r2', 'text'), (3, NULL, x'0102'), (4, 'r4', 2.5);
        INSERT INTO child VALUES (1, 'c1', 1, 7, 1.5), (2, 'c2', 2, 'seven', 'x'), (3, NULL, 4, 2.5, 3), (4, 'c4', NULL, NULL, NULL);
        INSERT INTO parent VALUES (1, 'k1'), (2, NULL), (3, 'k3');
        INSERT INTO kid VALUES (1, 1, 1), (2, 1, 'two'), (3, 3, NULL), (4, 2, 4.5), (5, NULL, x'FF');
        """

    private static func write(_ schema: String, to path: String, fill: (GRDB.Database, inout SplitMix64) throws -> Void) throws {
        var rng = SplitMix64(state: 11)
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: schema)
            try fill(db, &rng)
        }
        try dbQueue.close()
    }

    static let words = ["Oak", "Élan", "O'Neil", "Zoë", "Quartz", "Delta", "Ember", "Fjord", "Gale", "Haiku"]

    private static func fillWorkshop(_ db: GRDB.Database, _ rng: inout SplitMix64) throws {
        func word() -> String { rng.pick(words) ?? "Oak" }
        for id in 1...30 {
            let mentor: Int? = id <= 3 || rng.chance(20) ? nil : 1 + rng.below(id - 1)
            try db.execute(sql: "INSERT INTO people VALUES (?, ?, ?, ?)", arguments: [id, word() + " \(id)", rng.chance(30) ? nil : rng.below(5), mentor])
        }
        for id in 1...18 {
            let picture: [UInt8]? = rng.chance(40) ? nil : (0..<(1 + rng.below(6))).map { _ in UInt8(rng.below(256)) }
            try db.execute(
                sql: "INSERT INTO badge VALUES (?, ?, ?, ?)",
                arguments: [id, id % 3 == 0 ? id + 12 : id, rng.chance(30) ? nil : word(), picture.map { Data($0) }])
        }
        for id in 1...12 {
            // `note` has no declared type: text or BLOB only (Data decodes both).
            let note: GRDB.DatabaseValue = rng.chance(30) ? .null : (rng.chance(50) ? word().databaseValue : Data([UInt8(id)]).databaseValue)
            try db.execute(sql: "INSERT INTO class VALUES (?, ?, ?, ?)", arguments: [id, word() + " class", rng.chance(40) ? nil : word(), note])
        }
        for id in 1...60 {
            try db.execute(
                sql: "INSERT INTO lesson VALUES (?, ?, ?, ?, ?)",
                arguments: [id, 1 + rng.below(11), 1 + rng.below(25), rng.chance(60) ? nil : 1 + rng.below(30), rng.chance(20) ? nil : "Room \(rng.below(9))"])
        }
        let tags = ["art", "math", "Music", "zen", "ünï"]
        for code in tags {
            try db.execute(sql: "INSERT INTO tag VALUES (?, ?)", arguments: [code, rng.chance(20) ? nil : code.uppercased()])
        }
        for classId in 1...12 {
            var chosen = Set<String>()
            for _ in 0..<rng.below(4) { chosen.insert(rng.pick(tags) ?? "art") }
            for code in chosen.sorted() {
                try db.execute(sql: "INSERT INTO classTag VALUES (?, ?)", arguments: [classId, code])
            }
        }
        for id in 1...80 {
            let price: GRDB.DatabaseValue = rng.chance(50) ? (Double(rng.below(1000)) / 4).databaseValue : rng.below(40).databaseValue
            try db.execute(
                sql: "INSERT INTO \"Order Details\" VALUES (?, ?, ?, ?)",
                arguments: [id, rng.chance(15) ? nil : 1 + rng.below(58), price, 1 + rng.below(5)])
        }
    }

    private static func fillInventory(_ db: GRDB.Database, _ rng: inout SplitMix64) throws {
        let codes = ["NORTH", "south", "Est", "ouest-1", "Z"]
        for code in codes {
            try db.execute(sql: "INSERT INTO WAREHOUSE VALUES (?, ?, ?)", arguments: [code, rng.chance(25) ? nil : (rng.pick(words) ?? "Oak"), rng.chance(70)])
        }
        var shelves: [(String, Int)] = []
        for code in codes.dropLast() {
            for number in 1...(2 + rng.below(4)) {
                shelves.append((code, number))
                try db.execute(sql: "INSERT INTO shelf VALUES (?, ?, ?)", arguments: [code, number, rng.chance(30) ? nil : "\(code)-\(number)"])
            }
        }
        for index in 1...70 {
            let shelf = rng.chance(15) ? nil : rng.pick(shelves)
            let weight: GRDB.DatabaseValue = rng.chance(20) ? .null : (rng.chance(50) ? rng.below(50).databaseValue : (Double(rng.below(500)) / 8).databaseValue)
            try db.execute(
                sql: "INSERT INTO item VALUES (?, ?, ?, ?, ?)",
                arguments: ["SKU-\(index % 23)-\(index)", (rng.pick(words) ?? "Oak") + " item", weight, shelf?.0, shelf?.1])
        }
        for id in 1...120 {
            try db.execute(
                sql: "INSERT INTO movement VALUES (?, ?, ?, ?, ?)",
                arguments: [id, rng.chance(10) ? nil : 1 + rng.below(72), rng.chance(30) ? nil : rng.pick(codes),
                            "2026-0\(1 + rng.below(9))-1\(rng.below(10))", rng.chance(20) ? nil : Double(rng.below(10_000)) / 100])
        }
    }
}
