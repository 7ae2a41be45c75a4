@_spi(Benchmarks) @_spi(Tooling) import AssocCore
import CSQLiteBench
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `assoc-bench --stream VENDORS,ITEMS`: vendor.including(all: items) written as NDJSON to
// /dev/null, VENDORS vendors of ITEMS items each.
// - AssocCore: a cursor (chunks sized by rows, `nextStreamed()`) and `RowDocumentWriter`, as `assoc fetch`.
// - raw C: the same statements (the main one, then one prefetch per chunk of vendors, chunked by
//   the same rule), every column read with sqlite3_column_* into Swift values, children grouped
//   by vendor, NDJSON written by a minimal byte writer.
// - GRDB: `Row.fetchAll` of the same request (GRDB's cursors cannot prefetch: `fetchCursor` with
//   `including(all:)` traps, "Not implemented: fetchCursor with supplementary fetch"), nothing written.

/// A database of `vendors` vendors with `itemsPerVendor` items each (item.vendorId indexed).
func writeVendorDatabase(to path: String, vendors: Int, itemsPerVendor: Int) throws {
    let connection = try ToolingSupport.openForWriting(path: path)
    try ToolingSupport.execute(
        """
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE vendor(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE item(id INTEGER PRIMARY KEY, vendorId INTEGER NOT NULL REFERENCES vendor(id), name TEXT NOT NULL, price REAL NOT NULL);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(vendors))
        INSERT INTO vendor SELECT i, 'vendor ' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(vendors * itemsPerVendor - 1))
        INSERT INTO item SELECT i + 1, 1 + i / \(itemsPerVendor), 'item ' || i, (i % 1000) * 0.25 FROM n;
        CREATE INDEX item_vendorId ON item(vendorId);
        """, on: connection)
}

/// /dev/null, written in 64 KB blocks.
struct NullOutput {
    let fd = open("/dev/null", O_WRONLY)
    var buffer: [UInt8] = []
    var total = 0

    init() { buffer.reserveCapacity(1 << 16 + 4096) }

    mutating func flushIfFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        total += buffer.count
        _ = buffer.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        buffer.removeAll(keepingCapacity: true)
    }

    func close() { _ = Glibc.close(fd) }
}

enum StreamSide {
    static let vendor = AssocCore.Table("vendor")
    static var request: Request { vendor.including(all: vendor.association("items")) }

    /// AssocCore: cursor + RowDocumentWriter (through its benchmark wrapper). Returns the vendors written.
    @inline(never)
    static func assoc(_ db: AssocCore.Database) throws -> Int {
        var output = NullOutput()
        defer { output.close() }
        var writer = NDJSONBenchmarkWriter()
        let cursor = try db.cursor(request)
        let fd = output.fd
        // As `assoc fetch` reads them: a parent with many items has them streamed.
        while let row = try cursor.nextStreamed() {
            try writer.append(row, to: &output.buffer) { bytes in
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                bytes.removeAll(keepingCapacity: true)
            }
            output.flushIfFull()
        }
        output.flush()
        return writer.count
    }

    /// GRDB: every vendor with its items in memory (its cursors cannot prefetch).
    @inline(never)
    static func grdb(_ queue: DatabaseQueue) throws -> Int {
        let vendor = GRDB.Table("vendor")
        let items = vendor.hasMany(GRDB.Table("item"), key: "items", using: ForeignKey(["vendorId"]))
        return try queue.read { db in try GRDB.Row.fetchAll(db, vendor.including(all: items)).count }
    }

    /// The raw loop: the statements AssocCore runs, chunked by the same rule.
    @inline(never)
    static func raw(_ connection: RawConnection) throws -> Int {
        var output = NullOutput()
        defer { output.close() }
        let main = try connection.prepare("SELECT * FROM \"vendor\"")
        defer { sqlite3_finalize(main) }
        let chunking = CursorChunking()
        var parentsPerChunk = chunking.firstChunkParents
        var vendors = 0
        var done = false
        let mainNames = columnNames(main)
        while !done {
            // A chunk of vendors: their values, and their keys.
            var parents: [[RawValue]] = []
            while parents.count < parentsPerChunk {
                let rc = sqlite3_step(main)
                if rc == SQLITE_DONE { done = true; break }
                guard rc == SQLITE_ROW else { throw RawError(description: "step") }
                parents.append(readRow(main, columns: Int(sqlite3_column_count(main))))
            }
            if parents.isEmpty { break }
            let keys: [Int64] = parents.compactMap { if case .integer(let v)? = $0.first { return v } else { return nil } }
            let sql = keys.count == 1
                ? "SELECT *, \"vendorId\" FROM \"item\" WHERE \"vendorId\" = ?"
                : keys.count <= 500
                    ? "SELECT *, \"vendorId\" FROM \"item\" WHERE \"vendorId\" IN (" + keys.map { _ in "?" }.joined(separator: ", ") + ")"
                    : "SELECT *, \"vendorId\" FROM \"item\" WHERE \"vendorId\" IN (SELECT value FROM json_each(?))"
            let children = try connection.prepare(sql)
            if keys.count <= 500 {
                for (offset, key) in keys.sorted().enumerated() { sqlite3_bind_int64(children, Int32(offset + 1), key) }
            } else {
                let json = "[" + keys.sorted().map(String.init).joined(separator: ",") + "]"
                sqlite3_bind_text(children, 1, json, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
            let childNames = columnNames(children).dropLast()
            let width = Int(sqlite3_column_count(children))
            var groups: [Int64: [[RawValue]]] = [:]
            var held = parents.count
            while sqlite3_step(children) == SQLITE_ROW {
                var row = readRow(children, columns: width)
                guard case .integer(let key)? = row.popLast() else { continue }
                groups[key, default: []].append(row)
                held += 1
            }
            sqlite3_finalize(children)
            for parent in parents {
                output.buffer.append(UInt8(ascii: "{"))
                appendMembers(parent, names: mainNames, to: &output.buffer)
                output.buffer.append(contentsOf: Array(",\"items\":[".utf8))
                let key: Int64 = { if case .integer(let v)? = parent.first { return v } else { return 0 } }()
                for (index, child) in (groups[key] ?? []).enumerated() {
                    if index > 0 { output.buffer.append(UInt8(ascii: ",")) }
                    output.buffer.append(UInt8(ascii: "{"))
                    appendMembers(child, names: Array(childNames), to: &output.buffer)
                    output.buffer.append(UInt8(ascii: "}"))
                }
                output.buffer.append(contentsOf: Array("]}\n".utf8))
                output.flushIfFull()
                vendors += 1
            }
            parentsPerChunk = min(chunking.maximumParents, max(1, chunking.rowBudget / max(1, held / parents.count)), parents.count * 2)
        }
        output.flush()
        return vendors
    }

    private static func columnNames(_ statement: OpaquePointer) -> [String] {
        (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    private static func readRow(_ statement: OpaquePointer, columns: Int) -> [RawValue] {
        var values: [RawValue] = []
        values.reserveCapacity(columns)
        RawConnection.appendColumns(of: statement, count: Int32(columns), to: &values)
        return values
    }

    /// `"name":value,…` with minimal escaping (quotes, backslashes, control characters).
    private static func appendMembers(_ values: [RawValue], names: [String], to out: inout [UInt8]) {
        for (index, value) in values.enumerated() where index < names.count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendQuoted(names[index], to: &out)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .null: out.append(contentsOf: Array("null".utf8))
            case .integer(let v): out.append(contentsOf: String(v).utf8)
            case .real(let v): out.append(contentsOf: String(v).utf8)
            case .text(let s): appendQuoted(s, to: &out)
            case .blob: out.append(contentsOf: Array("null".utf8))
            }
        }
    }

    private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            } else if byte < 0x20 {
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            } else {
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// The streaming scenario over the vendor database at `path`.
func makeStreamScenarios(path: String) -> [Scenario] {
    final class Sides {
        let path: String
        lazy var assoc: AssocCore.Database? = try? AssocCore.Database(path: path)
        lazy var grdb: DatabaseQueue? = {
            var configuration = Configuration()
            configuration.readonly = true
            return try? DatabaseQueue(path: path, configuration: configuration)
        }()
        lazy var raw: RawConnection? = try? RawConnection(path: path)
        init(path: String) { self.path = path }
    }
    let sides = Sides(path: path)
    struct Unavailable: Error {}
    return [
        Scenario(
            name: "vendor.including(all: items) as NDJSON",
            assoc: { guard let db = sides.assoc else { throw Unavailable() }; return try StreamSide.assoc(db) },
            grdb: { guard let queue = sides.grdb else { throw Unavailable() }; return try StreamSide.grdb(queue) },
            raw: { guard let raw = sides.raw else { throw Unavailable() }; return try StreamSide.raw(raw) }),
    ]
}
