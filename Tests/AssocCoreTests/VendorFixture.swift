import AssocCore

/// Vendors, their items and the items' parts, for cursor and streaming tests.
enum VendorFixture {
    /// vendor 1…7 with 0, 3, 1, 0, 5, 2, 4 items; items have parts.
    static func database() throws -> Database {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE vendor(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE item(id INTEGER PRIMARY KEY, vendorId INTEGER REFERENCES vendor(id), name TEXT);
            CREATE TABLE part(id INTEGER PRIMARY KEY, itemId INTEGER REFERENCES item(id), label TEXT);
            """)
        var itemID = 0
        for (vendor, items) in [0, 3, 1, 0, 5, 2, 4].enumerated() {
            try connection.execute("INSERT INTO vendor VALUES (?, ?)", arguments: [.integer(Int64(vendor + 1)), .text("v\(vendor + 1)")])
            for _ in 0..<items {
                itemID += 1
                try connection.execute(
                    "INSERT INTO item VALUES (?, ?, ?)", arguments: [.integer(Int64(itemID)), .integer(Int64(vendor + 1)), .text("i\(itemID)")])
                for part in 0..<(itemID % 3) {
                    try connection.execute(
                        "INSERT INTO part(itemId, label) VALUES (?, ?)", arguments: [.integer(Int64(itemID)), .text("p\(itemID).\(part)")])
                }
            }
        }
        return try Database(connection: connection)
    }

    static var vendorsWithItemsAndParts: Request {
        let vendor = Table("vendor")
        let item = Table("item")
        return vendor.including(all: vendor.association("items").including(all: item.association("parts"))).order(Column("id").desc)
    }
}
