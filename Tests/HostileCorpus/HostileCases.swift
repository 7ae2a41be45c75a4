import AssocCore
import Foundation

/// The hostile-file corpus: files that are not databases, broken databases, odd schemas, odd data.
public enum HostileCases {
    public static func all() -> [HostileCase] {
        fileCases + sideFileCases + schemaCases + nameByteCases + escapeNameCases + dataCases + rowidCases
    }

    // MARK: Files

    public static var fileCases: [HostileCase] {
        [
            HostileCase(
                name: "missing path", build: { $0.appendingPathComponent("missing.db").path },
                expectation: .refused("no such file"), engineOpens: false),
            HostileCase(
                name: "missing path with escapes in its name",
                build: { $0.appendingPathComponent("evil\u{1B}]0;title\u{07}\u{1B}[31m\n.db").path },
                expectation: .refused("no such file"), engineOpens: false),
            HostileCase(
                name: "directory",
                build: { dir in
                    let path = dir.appendingPathComponent("folder.db")
                    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
                    return path.path
                }, expectation: .refused("is a directory"), engineOpens: false),
            HostileCase(
                name: "FIFO",
                build: { dir in
                    let path = dir.appendingPathComponent("pipe.db").path
                    guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
                    return path
                }, expectation: .refused("not a regular file"), engineOpens: false),
            HostileCase(
                name: "zero-byte file",
                build: { dir in
                    let path = dir.appendingPathComponent("empty.db").path
                    _ = FileManager.default.createFile(atPath: path, contents: Data())
                    return path
                }, expectation: .refused("empty file")),
            HostileCase(
                name: "random bytes",
                build: { dir in
                    let path = dir.appendingPathComponent("random.db").path
                    _ = FileManager.default.createFile(atPath: path, contents: CorpusBuilder.randomBytes(8192, seed: 1))
                    return path
                }, expectation: .refused("not a SQLite database"), engineOpens: false),
            HostileCase(
                name: "random bytes behind a valid magic and page size",
                build: { dir in
                    let path = dir.appendingPathComponent("magic.db").path
                    var data = Data("SQLite format 3\u{0}".utf8) + Data([0x10, 0x00])
                    data += CorpusBuilder.randomBytes(8192 - data.count, seed: 2)
                    _ = FileManager.default.createFile(atPath: path, contents: data)
                    return path
                }, expectation: .refused("")),
            HostileCase(
                name: "header only (50 bytes)",
                build: { dir in
                    let source = try CorpusBuilder.twoTables(dir, "full.db")
                    let path = dir.appendingPathComponent("header.db").path
                    let data = try Data(contentsOf: URL(fileURLWithPath: source)).prefix(50)
                    _ = FileManager.default.createFile(atPath: path, contents: data)
                    try FileManager.default.removeItem(atPath: source)
                    return path
                }, expectation: .refused("not a SQLite database")),
            HostileCase(
                name: "truncated database (40%)",
                build: { dir in
                    let source = try CorpusBuilder.twoTables(dir, "full.db")
                    let path = dir.appendingPathComponent("truncated.db").path
                    let data = try Data(contentsOf: URL(fileURLWithPath: source))
                    _ = FileManager.default.createFile(atPath: path, contents: data.prefix(data.count * 2 / 5))
                    try FileManager.default.removeItem(atPath: source)
                    return path
                }, fetchTarget: "big", expectation: .refused("truncated database")),
            HostileCase(
                name: "corrupted page in the middle of a table (first rows readable)",
                build: { dir in
                    try HostileFiles.corruptedMiddlePage(dir)
                }, fetchTarget: "big", expectation: .opens(fetchContains: ["00001\""])),
            HostileCase(
                name: "corrupted page: another table",
                build: { dir in
                    try HostileFiles.corruptedMiddlePage(dir)
                }, fetchTarget: "small", expectation: .opens(fetchContains: ["three"])),
            HostileCase(
                name: "WAL database with -wal and -shm (content only in the WAL)",
                build: { dir in
                    try HostileFiles.walWithFiles(dir)
                }, expectation: .opens(fetchContains: ["in wal"])),
            HostileCase(
                name: "WAL database without -wal and -shm",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "wal.db",
                        """
                        PRAGMA journal_mode = WAL;
                        CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                        INSERT INTO t (v) VALUES ('checkpointed');
                        """)
                }, expectation: .opens(fetchContains: ["checkpointed"])),
            HostileCase(
                name: "path with spaces and Unicode",
                build: { dir in
                    let folder = dir.appendingPathComponent("my folder ü 数据")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    return try CorpusBuilder.database(
                        folder, "bä se 🎉 'q\" %20?#.db",
                        """
                        CREATE TABLE "tâble ü" (id INTEGER PRIMARY KEY, v TEXT);
                        INSERT INTO "tâble ü" (v) VALUES ('found');
                        """)
                }, fetchTarget: "tâble ü", expectation: .opens(fetchContains: ["found"])),
            HostileCase(
                name: "WAL database without -wal/-shm at a path needing URI escapes",
                build: { dir in
                    let folder = dir.appendingPathComponent("a ?b #c %d")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                    return try CorpusBuilder.database(
                        folder, "w?mode=rw&x#y.db",
                        """
                        PRAGMA journal_mode = WAL;
                        CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                        INSERT INTO t (v) VALUES ('escaped');
                        """)
                }, expectation: .opens(fetchContains: ["escaped"])),
            HostileCase(
                name: "symlink",
                build: { dir in
                    let real = try CorpusBuilder.values(dir, "real.db", [.text("via link")])
                    let link = dir.appendingPathComponent("link.db").path
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
                    return link
                }, expectation: .opens(fetchContains: ["via link"])),
            HostileCase(
                name: "dangling symlink",
                build: { dir in
                    let link = dir.appendingPathComponent("dangling.db").path
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir.appendingPathComponent("gone.db").path)
                    return link
                }, expectation: .refused("no such file"), engineOpens: false)
        ]
    }

    // MARK: Schemas

    public static var schemaCases: [HostileCase] {
        [
            schema(
                "foreign key to a missing table",
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY, ghostId INTEGER REFERENCES ghost(id), v TEXT);
                INSERT INTO t VALUES (1, 7, 'orphan');
                """, contains: ["orphan"]),
            schema(
                "foreign key to a missing column",
                """
                CREATE TABLE p (id INTEGER PRIMARY KEY);
                CREATE TABLE t (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p(nosuchcolumn), v TEXT);
                INSERT INTO t VALUES (1, 1, 'kept');
                """, contains: ["kept"]),
            schema(
                "mismatched foreign key column counts",
                """
                CREATE TABLE p (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
                CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, y INTEGER, z INTEGER,
                    FOREIGN KEY (x, y, z) REFERENCES p, FOREIGN KEY (x) REFERENCES p);
                INSERT INTO t VALUES (1, 1, 2, 3);
                """, contains: ["\"z\": 3"]),
            // SQLite refuses `REFERENCES p(a, b)` after one column at CREATE; written into the schema by hand,
            // it makes SQLite reject the whole schema as malformed.
            HostileCase(
                name: "explicit mismatched foreign key columns written into sqlite_schema",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "schema.db",
                        """
                        CREATE TABLE p (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
                        CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, FOREIGN KEY (x) REFERENCES p(a));
                        PRAGMA writable_schema = ON;
                        UPDATE sqlite_schema SET sql = 'CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, FOREIGN KEY (x) REFERENCES p(a, b))'
                            WHERE name = 't';
                        """)
                }, expectation: .refused("corrupt")),
            schema(
                "circular foreign keys",
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY, bId INTEGER REFERENCES b(id), parentId INTEGER REFERENCES t(id));
                CREATE TABLE b (id INTEGER PRIMARY KEY, cId INTEGER REFERENCES c(id));
                CREATE TABLE c (id INTEGER PRIMARY KEY, tId INTEGER REFERENCES t(id));
                INSERT INTO t VALUES (1, 1, 1); INSERT INTO b VALUES (1, 1); INSERT INTO c VALUES (1, 1);
                """, contains: ["\"parentId\": 1"]),
            schema(
                "view over a missing table",
                """
                CREATE TABLE gone (id INTEGER PRIMARY KEY);
                CREATE VIEW v AS SELECT * FROM gone;
                DROP TABLE gone;
                CREATE TABLE t (id INTEGER PRIMARY KEY);
                """, target: "v", fails: "no such table"),
            schema(
                "generated columns",
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, twice INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL,
                    label TEXT GENERATED ALWAYS AS ('n=' || a) STORED);
                INSERT INTO t (a) VALUES (21);
                """, contains: ["42", "n=21"]),
            schema(
                "STRICT tables",
                """
                CREATE TABLE p (id INTEGER PRIMARY KEY, anything ANY) STRICT;
                CREATE TABLE t (id INTEGER PRIMARY KEY, pId INTEGER REFERENCES p(id), v TEXT NOT NULL) STRICT;
                INSERT INTO p VALUES (1, X'00FF'), (2, 1.5), (3, 'x');
                INSERT INTO t VALUES (1, 1, 'strict');
                """, contains: ["strict"]),
            schema(
                "virtual table whose module is missing: other tables",
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO t (v) VALUES ('unaffected');
                PRAGMA writable_schema = ON;
                INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql)
                    VALUES ('table', 'ghost', 'ghost', 0, 'CREATE VIRTUAL TABLE ghost USING nosuchmodule(a, b)');
                """, contains: ["unaffected"]),
            schema(
                "virtual table whose module is missing: the table itself",
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                PRAGMA writable_schema = ON;
                INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql)
                    VALUES ('table', 'ghost', 'ghost', 0, 'CREATE VIRTUAL TABLE ghost USING nosuchmodule(a, b)');
                """, target: "ghost", fails: "no such module"),
            schema(
                "fts5 and rtree virtual tables (with shadow tables)",
                """
                CREATE VIRTUAL TABLE t USING fts5(title, body);
                INSERT INTO t VALUES ('full text', 'searchable body');
                CREATE VIRTUAL TABLE r USING rtree(id, x0, x1);
                INSERT INTO r VALUES (1, 0.5, 2.5);
                """, contains: ["searchable body"]),
            schema(
                "WITHOUT ROWID tables with composite keys",
                """
                CREATE TABLE p (a TEXT, b INTEGER, PRIMARY KEY (a, b)) WITHOUT ROWID;
                CREATE TABLE t (a TEXT, b INTEGER, n INTEGER, PRIMARY KEY (a, b, n),
                    FOREIGN KEY (a, b) REFERENCES p(a, b)) WITHOUT ROWID;
                INSERT INTO p VALUES ('k', 1); INSERT INTO t VALUES ('k', 1, 99);
                """, contains: ["99"]),
            schema(
                "odd names: quotes, spaces, keywords, escapes, empty",
                """
                CREATE TABLE "" ("" INTEGER PRIMARY KEY, " " TEXT);
                CREATE TABLE "select" ("from" INTEGER PRIMARY KEY, "where""s" TEXT, "Id" INTEGER REFERENCES "select");
                CREATE TABLE "t\u{1B}[31m\u{1B}]0;x\u{07}" ("c\u{202E}ol" TEXT);
                CREATE TABLE t (id INTEGER PRIMARY KEY, "selectId" INTEGER REFERENCES "select"("from"), "🙂" TEXT);
                INSERT INTO t VALUES (1, 1, 'smile');
                """, contains: ["smile"]),
            schema(
                "a view that never ends (WITH RECURSIVE without a bound), before a table",
                """
                CREATE VIEW inf AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
                CREATE VIEW inf2 AS SELECT a.x FROM inf a JOIN inf b ON a.x = b.x;
                CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                INSERT INTO t VALUES (1, 'reached');
                """, contains: ["reached"]),
            HostileCase(
                name: "a view of 21 nested doubling CTEs (4 GB to prepare), and one of 12",
                build: { dir in
                    func view(_ name: String, depth: Int) -> String {
                        let ctes =
                            ["c0(x) AS (SELECT 1)"] + (1...depth).map { "c\($0)(x) AS (SELECT x FROM c\($0 - 1) UNION ALL SELECT x FROM c\($0 - 1))" }
                        return "CREATE VIEW \(name) AS WITH " + ctes.joined(separator: ", ") + " SELECT x FROM c\(depth);"
                    }
                    return try CorpusBuilder.database(
                        dir, "cte.db",
                        view("bomb", depth: 21) + view("small", depth: 12) + """
                            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                            INSERT INTO t VALUES (1, 'reached');
                            """)
                }, expectation: .opens(fetchContains: ["reached"])),
            HostileCase(
                name: "40 views, each the UNION ALL of the previous one twice",
                build: { dir in
                    var sql = "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'reached');\n"
                    sql += "CREATE VIEW v0 AS SELECT id FROM t;\n"
                    for index in 1...40 { sql += "CREATE VIEW v\(index) AS SELECT id FROM v\(index - 1) UNION ALL SELECT id FROM v\(index - 1);\n" }
                    return try CorpusBuilder.database(dir, "unions.db", sql)
                }, expectation: .opens(fetchContains: ["reached"])),
            HostileCase(
                name: "a table with 1,990 foreign keys to one parent (4 million through pairs)",
                build: { dir in
                    let columns = (0..<1990).map { "f\($0) INTEGER REFERENCES p(id)" }.joined(separator: ", ")
                    return try CorpusBuilder.database(
                        dir, "fks.db",
                        """
                        CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT);
                        INSERT INTO p VALUES (1, 'reached');
                        CREATE TABLE t (id INTEGER PRIMARY KEY, \(columns));
                        """)
                }, fetchTarget: "p", expectation: .opens(fetchContains: ["reached"])),
            HostileCase(
                name: "1,000 tables, each referencing the previous one",
                build: { dir in
                    var sql = "CREATE TABLE t0 (id INTEGER PRIMARY KEY);\n"
                    for index in 1..<1000 {
                        sql += "CREATE TABLE t\(index) (id INTEGER PRIMARY KEY, t\(index - 1)Id INTEGER REFERENCES t\(index - 1)(id));\n"
                    }
                    sql += "INSERT INTO t500 VALUES (1, 2);"
                    return try CorpusBuilder.database(dir, "thousand.db", sql)
                }, fetchTarget: "t500", expectation: .opens(fetchContains: ["\"t499Id\": 2"])),
            HostileCase(
                name: "a table of 2,000 columns",
                build: { dir in
                    let columns = (1..<2000).map { "c\($0) INTEGER DEFAULT \($0)" }.joined(separator: ", ")
                    return try CorpusBuilder.database(
                        dir, "wide.db",
                        """
                        CREATE TABLE t (id INTEGER PRIMARY KEY, \(columns));
                        INSERT INTO t (id) VALUES (1);
                        """)
                }, expectation: .opens(fetchContains: ["\"c1999\": 1999"]))
        ]
    }

    public static func schema(_ name: String, _ sql: String, target: String = "t", contains: [String]) -> HostileCase {
        HostileCase(
            name: name, build: { try CorpusBuilder.database($0, "schema.db", sql) },
            fetchTarget: target, expectation: .opens(fetchContains: contains))
    }

    public static func schema(_ name: String, _ sql: String, target: String, fails: String) -> HostileCase {
        HostileCase(
            name: name, build: { try CorpusBuilder.database($0, "schema.db", sql) },
            fetchTarget: target, expectation: .opensButFetchFails(fails))
    }

    // MARK: Data

    public static let tenMegabytes = 10 * 1024 * 1024

    public static var dataCases: [HostileCase] {
        [
            HostileCase(
                name: "10 MB TEXT",
                build: { dir in
                    try CorpusBuilder.values(dir, "text.db", [.text(String(repeating: "a", count: tenMegabytes - 1) + "Z")])
                }, expectation: .opens(fetchContains: ["aaaaZ\""])),
            HostileCase(
                name: "10 MB BLOB",
                build: { dir in
                    try CorpusBuilder.values(dir, "blob.db", [.blob([UInt8](repeating: 0xAB, count: tenMegabytes))])
                }, expectation: .opens(fetchContains: ["base64"])),
            HostileCase(
                name: "invalid UTF-8",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "utf8.db",
                        """
                        CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                        INSERT INTO t (v) VALUES (CAST(X'C328' AS TEXT)), (CAST(X'FFFE' AS TEXT)), (CAST(X'C0AF' AS TEXT)),
                            (CAST(X'EDA080' AS TEXT)), (CAST(X'61E282' AS TEXT));
                        """)
                }, expectation: .opens(fetchContains: ["\u{FFFD}("])),
            HostileCase(
                name: "NUL bytes in text and names",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "nul.db",
                        """
                        CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
                        INSERT INTO t (v) VALUES (CAST(X'610062' AS TEXT)), (CAST(X'00' AS TEXT)), (X'000000');
                        """)
                }, expectation: .opens(fetchContains: ["a\\u0000b"])),
            HostileCase(
                name: "control characters, ANSI/OSC escapes, bidi, combining, ZWJ",
                build: { dir in
                    try CorpusBuilder.values(dir, "escapes.db", type: "TEXT", HostileStrings.all.map { .text($0) })
                }, expectation: .opens(fetchContains: ["\\u001b[31mred"])),
            HostileCase(
                name: "extreme integers",
                build: { dir in
                    try CorpusBuilder.values(dir, "ints.db", [.integer(.min), .integer(.max), .integer(0), .integer(-1)])
                }, expectation: .opens(fetchContains: ["-9223372036854775808", "9223372036854775807"])),
            HostileCase(
                name: "NaN and infinities",
                build: { dir in
                    // SQLite stores NaN as NULL.
                    try CorpusBuilder.values(
                        dir, "reals.db",
                        [
                            .real(.nan), .real(.infinity), .real(-.infinity),
                            .real(.leastNonzeroMagnitude), .real(-0.0)
                        ])
                }, expectation: .opens(fetchContains: ["5e-324"])),
            HostileCase(
                name: "9e999 literals and mixed types in a typed column",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "mixed.db",
                        """
                        CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER);
                        INSERT INTO t (v) VALUES (9e999), (-9e999), ('text in int'), (X'01'), (1.5), (NULL);
                        """)
                }, expectation: .opens(fetchContains: ["text in int"])),
            HostileCase(
                name: "one cluster of 2,000,000 combining marks, and 1,000,000 joiners",
                build: { dir in
                    try CorpusBuilder.values(
                        dir, "cluster.db", type: "TEXT",
                        [
                            .text("e" + String(repeating: "\u{301}", count: 2_000_000) + "!"),
                            .text("\u{1F44D}" + String(repeating: "\u{200D}", count: 1_000_000)),
                            .text("1" + String(repeating: "\u{FE0F}\u{20E3}", count: 200_000)),
                            .text("after")
                        ])
                }, expectation: .opens(fetchContains: ["\"v\": \"after\""])),
            // What generated Swift must not get wrong (issue 32 item 7): the GRDB program of `a‍b`
            // reading `ab`, columns whose values the declared type does not take, a key GRDB finds
            // among the columns first, invisible and quoting characters in names.
            HostileCase(
                name: "Swift traps: a\u{200D}b beside ab, untyped and mixed columns, Row beside row, bidi and quotes in names",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "swift.db",
                        """
                        CREATE TABLE ab (id INTEGER PRIMARY KEY, name TEXT);
                        CREATE TABLE "a\u{200D}b" (id INTEGER PRIMARY KEY, name TEXT, a, i INTEGER, "Row" TEXT,
                            rowId INTEGER REFERENCES "row"(id), abId INTEGER REFERENCES ab(id));
                        CREATE TABLE "row" (id INTEGER PRIMARY KEY, "\u{202E}evil\u{2066}" TEXT);
                        CREATE TABLE "q""t\u{202E}" (id INTEGER PRIMARY KEY, "a""b" TEXT);
                        INSERT INTO ab VALUES (1, 'plain');
                        INSERT INTO "row" VALUES (1, '\u{202E}x');
                        INSERT INTO "a\u{200D}b" VALUES (1, 'joined', 5, 'text', 'r', 1, 1), (2, 'joined too', 's', 2, NULL, NULL, NULL);
                        INSERT INTO "q""t\u{202E}" VALUES (1, '"');
                        """)
                }, fetchTarget: "a\u{200D}b", expectation: .opens(fetchContains: ["\"joined\""]))
        ]
    }
}

/// Builders of the cases that need several steps.
public enum HostileFiles {
    /// `small` and `big`; one page near the end of `big` (a leaf: `big` is the only table that grows) overwritten with garbage.
    public static func corruptedMiddlePage(_ dir: URL) throws -> String {
        let path = try CorpusBuilder.twoTables(dir, "corrupt.db")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        let pages = size / 4096
        try handle.seek(toOffset: (pages - 10) * 4096)
        try handle.write(contentsOf: CorpusBuilder.randomBytes(4096, seed: 3))
        return path
    }

    /// A WAL database whose last insert lives only in its `-wal`, copied with its `-shm` while a
    /// writer still has it open (the state a crashed or running writer leaves).
    public static func walWithFiles(_ dir: URL) throws -> String {
        let source = dir.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: false)
        let sourcePath = source.appendingPathComponent("wal.db").path
        let writer = try Connection(path: sourcePath, mode: .readWrite(create: true))
        try writer.execute(
            """
            PRAGMA journal_mode = WAL;
            PRAGMA wal_autocheckpoint = 0;
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO t (v) VALUES ('checkpointed');
            PRAGMA wal_checkpoint(TRUNCATE);
            INSERT INTO t (v) VALUES ('in wal');
            """)
        let path = dir.appendingPathComponent("wal.db").path
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: sourcePath + suffix, toPath: path + suffix)
        }
        withExtendedLifetime(writer) {}
        return path
    }
}
