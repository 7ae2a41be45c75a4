import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The committed state of a WAL database whose `-wal` holds committed frames but which has no
/// `-shm`: the database file with the log's last committed version of each page applied, loaded
/// into a read-only in-memory database (`sqlite3_deserialize`). Nothing is created or changed on
/// disk. Files that change while being read (a writer starting) are read again, up to three times.
enum WALSnapshot {
    /// Databases larger than this are refused rather than copied into memory.
    static let maximumBytes: Int64 = 2 << 30

    /// Opens the snapshot of the database at `realPath` as a new connection handle.
    /// Errors carry no path: the caller names the file.
    static func connect(realPath: String, log firstLog: WALLog) throws -> OpaquePointer {
        var log = firstLog
        for _ in 0..<3 {
            let image = try makeImage(realPath: realPath, log: log)
            // The same log and still no -shm afterwards: no writer came in between.
            let after = try? WALLog.read(path: realPath + "-wal")
            if after == log && !WALFiles.exists(realPath + "-shm") {
                return try deserialize(image)
            }
            sqlite3_free(image.pointer)
            guard let next = after else { break }
            log = next
        }
        throw AssocError.sqlite(DatabaseError(code: SQLITE_BUSY, message: "the database changed while its write-ahead log was being read; try again"))
    }

    struct Image {
        var pointer: UnsafeMutableRawPointer
        var size: Int64
    }

    static func makeImage(realPath: String, log: WALLog) throws -> Image {
        guard let pageCount = log.committedPageCount else {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "no committed frames in the write-ahead log"))
        }
        let size = Int64(pageCount) * Int64(log.pageSize)
        guard size <= maximumBytes else {
            throw AssocError.sqlite(
                DatabaseError(
                    code: SQLITE_CANTOPEN,
                    message: """
                        a WAL database whose -wal file holds committed changes but that has no -shm file; \
                        reading it in place would create the -shm file, and at \(size >> 20) MB it is too large to read into memory instead. \
                        Let a program that may write there open it once (for example sqlite3 with PRAGMA wal_checkpoint), \
                        or copy the database with its -wal file to a directory of your own
                        """))
        }
        let descriptor = open(realPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "cannot read the database file"))
        }
        defer { close(descriptor) }
        let walDescriptor = open(realPath + "-wal", O_RDONLY | O_CLOEXEC)
        guard walDescriptor >= 0 else {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "cannot read the -wal file"))
        }
        defer { close(walDescriptor) }
        guard let pointer = sqlite3_malloc64(sqlite3_uint64(max(size, 1))) else {
            throw AssocError.sqlite(DatabaseError(code: SQLITE_NOMEM, message: "out of memory reading the database"))
        }
        let buffer = UnsafeMutableRawBufferPointer(start: pointer, count: Int(size))
        do {
            let filled = try WALLog.readFully(descriptor, into: buffer, at: 0)
            if filled < buffer.count {
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]).initializeMemory(as: UInt8.self, repeating: 0)
            }
            for (page, offset) in log.pages where page <= pageCount {
                let start = Int(page - 1) * log.pageSize
                let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + log.pageSize)])
                guard try WALLog.readFully(walDescriptor, into: slice, at: offset) == log.pageSize else {
                    throw WALLogError.unreadable(EIO)
                }
            }
        } catch {
            sqlite3_free(pointer)
            throw AssocError.sqlite(DatabaseError(code: SQLITE_CANTOPEN, message: "cannot read the -wal file"))
        }
        if buffer.count >= 100 {
            // An in-memory database has no log: the header says rollback journal (1), and the page
            // count at 28 is made valid by copying the change counter (24) to "version valid for" (92).
            buffer[18] = 1
            buffer[19] = 1
            for (index, shift) in [24, 16, 8, 0].enumerated() { buffer[28 + index] = UInt8(truncatingIfNeeded: pageCount >> UInt32(shift)) }
            for index in 0..<4 { buffer[92 + index] = buffer[24 + index] }
        }
        return Image(pointer: pointer, size: size)
    }

    static func deserialize(_ image: Image) throws -> OpaquePointer {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        guard sqlite3_open_v2(":memory:", &db, flags, nil) == SQLITE_OK, let db else {
            if let db { sqlite3_close_v2(db) }
            sqlite3_free(image.pointer)
            throw AssocError.sqlite(DatabaseError(code: SQLITE_NOMEM, message: "out of memory reading the database"))
        }
        // SQLite frees the image when the connection closes, or at once if this fails.
        let rc = sqlite3_deserialize(
            db, "main", image.pointer.assumingMemoryBound(to: UInt8.self), image.size, image.size,
            UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY))
        guard rc == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
            throw AssocError.sqlite(DatabaseError(code: rc, message: "\(message) (reading the write-ahead log)"))
        }
        return db
    }
}
