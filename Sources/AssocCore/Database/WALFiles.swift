#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps read-only opens of WAL databases from creating files.
///
/// SQLite opening a WAL-mode database read-only creates empty `-wal` and `-shm` files next to it
/// when they are missing (and cannot delete them at close, being read-only). When both are
/// missing no connection has the database open and the WAL is empty, so the file alone is the
/// whole database: it is opened with `immutable=1`, which creates nothing. (Cost: changes made by
/// a writer that starts later are not seen.) When the files exist, SQLite reads the WAL normally;
/// it still updates the `-shm` shared-memory index (read marks), as every reader of a WAL database does.
enum WALFiles {
    /// Whether `path` is a WAL-mode database (header bytes 18–19 = 2) with neither `-wal` nor `-shm`.
    static func wouldBeCreated(forReadOnly path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, 20, file) }
        guard count == 20, header[18] == 2 || header[19] == 2 else { return false }
        return access(path + "-wal", F_OK) != 0 && access(path + "-shm", F_OK) != 0
    }

    /// `file:` URI for `path` with `immutable=1`; every byte outside `[A-Za-z0-9-._~/]` percent-encoded.
    static func immutableURI(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        // An absolute path gets an empty authority (`file:///x`), so `//x` is never read as a host.
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + String(decoding: bytes, as: UTF8.self) + "?immutable=1"
    }
}
