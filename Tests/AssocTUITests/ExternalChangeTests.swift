import AssocCore
import Foundation
import XCTest

@testable import AssocTUI

/// Another process changes the file the browser shows: its rows (even of a WAL file opened
/// `immutable=1`), its schema (a renamed column, a new table and foreign key, a dropped table),
/// or the file itself (replaced by `mv`, deleted). The poll between keys notices, and `R` shows
/// what the path holds now, keeping the view when its request still resolves.
final class ExternalChangeTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-change-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A database built by a writable connection, closed before the browser opens it.
    func database(_ name: String, _ sql: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Connection(path: path, mode: .readWrite(create: true)).execute(sql)
        return path
    }

    /// Another process's statements (a connection of its own, closed at the end).
    func write(_ path: String, _ sql: String) throws {
        try Connection(path: path, mode: .readWrite(create: false)).execute(sql)
    }

    /// The browser on `path`, showing `table`.
    func browser(_ path: String, showing table: String) throws -> (BrowserApp, FakeTerminal) {
        let connection = try Connection(path: path)
        let source = RequestDataSource(database: try Database(connection: connection))
        let terminal = FakeTerminal(width: 100, height: 30)
        let app = BrowserApp(dataSource: source, terminal: terminal, title: "t.db")
        app.start()
        app.dispatch(.openTable(table))
        app.runAllDeferred()
        app.checkDataVersion()
        XCTAssertEqual(app.state.rows?.view.table, table)
        return (app, terminal)
    }

    func press(_ app: BrowserApp, _ key: KeyEvent) {
        app.handle(key)
        app.runAllDeferred()
    }

    func headers(_ app: BrowserApp) -> [String] { app.state.rows?.columns.map(\.header) ?? [] }
    func column(_ app: BrowserApp, _ index: Int) -> [DatabaseValue] { app.state.rows?.rows.map { $0[index] } ?? [] }

    let items = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
        INSERT INTO item VALUES (1, 'apple'), (2, 'banana'), (3, 'cherry');
        """

    /// A WAL file without `-wal` (opened `immutable=1`): another process deletes and renames rows,
    /// checkpoints and closes. The poll says so, and R shows the file as it is now, never
    /// "malformed" and never the deleted rows.
    func testRShowsWhatAnImmutableFileHoldsAfterAnotherProcessCheckpointed() throws {
        let path = try database(
            "wal.db",
            "PRAGMA journal_mode = WAL;" + """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO person (name) SELECT 'old ' || i || printf('%.100c', 'x') FROM n;
                """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
        let (app, _) = try browser(path, showing: "person")
        XCTAssertEqual(app.state.rows?.totalCount, 3000)
        try write(
            path,
            """
            DELETE FROM person WHERE id > 10; UPDATE person SET name = 'new ' || id; VACUUM; PRAGMA wal_checkpoint(TRUNCATE);
            """)
        app.checkDataVersion()
        XCTAssertEqual(app.state.message?.text, "Data changed — R to refresh")
        press(app, .character("R"))
        XCTAssertNil(app.state.message, app.state.message?.text ?? "")
        XCTAssertEqual(column(app, 1).first, .text("new 1"))
        XCTAssertEqual(app.state.rows?.rows.count, 10)
        XCTAssertEqual(app.state.rows?.totalCount, 10)
    }

    /// `ALTER TABLE … RENAME COLUMN` by another process: the poll re-reads the schema, the view
    /// (the whole table) still resolves and shows the new header.
    func testARenamedColumnShowsItsNewNameAfterTheChangeIsNoticed() throws {
        let path = try database("rename.db", items)
        let (app, _) = try browser(path, showing: "item")
        XCTAssertEqual(headers(app), ["id", "name"])
        try write(path, "ALTER TABLE item RENAME COLUMN name TO title")
        app.checkDataVersion()
        app.runAllDeferred()
        press(app, .character("R"))
        XCTAssertEqual(headers(app), ["id", "title"])
        XCTAssertEqual(column(app, 1), ["apple", "banana", "cherry"])
    }

    /// A view whose filter names the renamed column no longer resolves: R shows the whole table
    /// and says why.
    func testAViewOnARenamedColumnFallsBackToItsTableAndSaysWhy() throws {
        let path = try database("filter.db", items)
        let (app, _) = try browser(path, showing: "item")
        press(app, .character("/"))
        for character in "name = 'banana'" { app.handle(.character(character)) }
        press(app, .enter)
        XCTAssertEqual(column(app, 1), ["banana"])
        try write(path, "ALTER TABLE item RENAME COLUMN name TO title")
        press(app, .character("R"))
        XCTAssertEqual(app.state.rows?.view, RequestView(table: "item"))
        XCTAssertEqual(headers(app), ["id", "title"])
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("the view no longer resolves"), message)
        XCTAssertTrue(message.contains("name"), message)
    }

    /// A table and a foreign key added by another process appear (with their links).
    func testNewTablesAndForeignKeysAppear() throws {
        let path = try database("new.db", items)
        let (app, _) = try browser(path, showing: "item")
        try write(path, "CREATE TABLE tag (id INTEGER PRIMARY KEY, itemId INTEGER REFERENCES item(id), label TEXT)")
        app.checkDataVersion()
        app.runAllDeferred()
        press(app, .character("R"))
        XCTAssertEqual(app.state.tablesPane.tables.map(\.name), ["item", "tag"])
        XCTAssertTrue(
            app.state.graph.associations(from: "item").contains { $0.destination == "tag" },
            "\(app.state.graph.associations(from: "item"))")
        XCTAssertEqual(app.state.rows?.view, RequestView(table: "item"), "the view is kept")
    }

    /// The table shown is dropped by another process: R goes back to the table list and says why.
    func testADroppedTableGoesBackToTheTableList() throws {
        let path = try database("drop.db", items + "CREATE TABLE other (id INTEGER PRIMARY KEY);")
        let (app, _) = try browser(path, showing: "item")
        try write(path, "DROP TABLE item")
        press(app, .character("R"))
        XCTAssertNil(app.state.rows)
        XCTAssertEqual(app.state.tablesPane.tables.map(\.name), ["other"])
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("item no longer exists"), message)
        XCTAssertFalse(message.contains("no such table"), message)
    }

    /// A file replaced by `mv`: noticed, and R opens the new file.
    func testAReplacedFileIsNoticedAndROpensTheNewOne() throws {
        let path = try database("replace.db", items)
        let (app, _) = try browser(path, showing: "item")
        let other = try database(
            "other.db",
            """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item VALUES (7, 'quince');
            """)
        XCTAssertEqual(rename(other, path), 0)
        app.checkDataVersion()
        let notice = app.state.message?.text ?? ""
        XCTAssertTrue(notice.contains("replaced"), notice)
        press(app, .down)
        XCTAssertTrue((app.state.message?.text ?? "").contains("replaced"), "the notice stays until R")
        press(app, .character("R"))
        XCTAssertEqual(column(app, 1), ["quince"])
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("opened the new file"), message)
    }

    /// A deleted file: noticed; the rows read before stay, and R says the path is gone.
    func testADeletedFileIsNoticedAndItsRowsStay() throws {
        let path = try database("gone.db", items)
        let (app, _) = try browser(path, showing: "item")
        XCTAssertEqual(unlink(path), 0)
        app.checkDataVersion()
        let notice = app.state.message?.text ?? ""
        XCTAssertTrue(notice.contains("gone"), notice)
        press(app, .character("R"))
        XCTAssertEqual(column(app, 1), ["apple", "banana", "cherry"])
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("gone"), message)
        app.checkDataVersion()
        XCTAssertEqual(app.state.message?.text, message, "said once")
    }

    /// Declared associations are declared again on the schema read again; a declaration the new
    /// schema breaks leaves the inferred ones, and says so.
    func testDeclaredAssociationsSurviveASchemaChange() throws {
        let path = try database("declared.db", items + "CREATE TABLE note (id INTEGER PRIMARY KEY, itemRef INTEGER, body TEXT);")
        let declarations = try AssociationDeclaration.parse(#"item.hasMany(note, key: "remarks", using: [itemRef])"#)
        let makeGraph = { (schema: Schema) in try AssociationGraph(schema: schema, declarations: declarations) }
        let connection = try Connection(path: path)
        let source = RequestDataSource(database: Database(connection: connection, graph: try makeGraph(try SchemaIntrospector.read(connection))))
        source.makeGraph = makeGraph
        let app = BrowserApp(dataSource: source, terminal: FakeTerminal(width: 100, height: 30), title: "t.db")
        app.start()
        app.dispatch(.openTable("item"))
        app.runAllDeferred()
        try write(path, "CREATE TABLE extra (id INTEGER PRIMARY KEY)")
        press(app, .character("R"))
        XCTAssertEqual(app.state.tablesPane.tables.map(\.name), ["item", "note", "extra"])
        XCTAssertTrue(app.state.graph.associations(from: "item").contains { $0.name == "remarks" })
        try write(path, "ALTER TABLE note RENAME COLUMN itemRef TO other")
        press(app, .character("R"))
        XCTAssertFalse(app.state.graph.associations(from: "item").contains { $0.name == "remarks" })
        let message = app.state.message?.text ?? ""
        XCTAssertTrue(message.contains("the declared associations no longer apply"), message)
        XCTAssertEqual(column(app, 1), ["apple", "banana", "cherry"], "the view is kept")
    }

    /// R while another process holds the database: says so at once, the rows stay.
    func testRWhileAnotherProcessHoldsTheDatabaseSaysSo() throws {
        let path = try database("locked.db", items)
        let (app, _) = try browser(path, showing: "item")
        let writer = try Connection(path: path, mode: .readWrite(create: false))
        try writer.execute("BEGIN EXCLUSIVE")
        press(app, .character("R"))
        XCTAssertEqual(app.state.message?.text, "the database is locked by another process: R again when its write is done")
        XCTAssertEqual(column(app, 1), ["apple", "banana", "cherry"])
        try writer.execute("ROLLBACK")
    }

    /// While a prompt is open, a schema change waits for R (the notice says so).
    func testASchemaChangeWhileAPromptIsOpenIsOnlyAnnounced() {
        var state = AppState(title: "t.db", size: Size(width: 80, height: 24))
        state.prompt = PromptState(kind: .filter)
        XCTAssertEqual(Reducer.reduce(&state, .schemaChanged), [])
        XCTAssertEqual(state.message?.text, "Schema changed by another process — R to read it again")
        state.prompt = nil
        XCTAssertEqual(Reducer.reduce(&state, .schemaChanged), [.refresh(nil)])
    }
}
