#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The committed content of a `-wal` file, read the way SQLite recovers it
/// (https://sqlite.org/fileformat.html#the_write_ahead_log): a valid header, then frames whose
/// salts match the header and whose cumulative checksums are right, up to the last commit frame.
/// Frames after the last commit (a transaction in progress or torn by a crash) are not part of
/// the committed state and are ignored, as SQLite ignores them.
struct WALLog: Equatable {
    /// The page size of the frames.
    var pageSize: Int
    /// For each page changed by a committed transaction, the offset in the file of its last
    /// committed version (the page data, after the 24-byte frame header).
    var pages: [UInt32: Int64]
    /// The database size in pages after the last commit; nil when nothing is committed.
    var committedPageCount: UInt32?
    /// The header's salts, which change whenever a writer restarts the log.
    var salts: (UInt32, UInt32)

    static func == (a: WALLog, b: WALLog) -> Bool {
        a.pageSize == b.pageSize && a.pages == b.pages && a.committedPageCount == b.committedPageCount
            && a.salts == b.salts
    }

    /// Whether the log holds at least one committed transaction.
    var hasCommittedFrames: Bool { committedPageCount != nil }

    /// Reads the log at `path`. Nil for a missing file; an empty log for a file too short or with
    /// an invalid header (SQLite ignores such a log). Throws when the file cannot be read.
    static func read(path: String) throws -> WALLog? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw WALLogError.unreadable(errno)
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    static func read(descriptor: Int32) throws -> WALLog {
        var empty = WALLog(pageSize: 0, pages: [:], committedPageCount: nil, salts: (0, 0))
        guard let header = try readExactly(descriptor, count: 32, at: 0) else { return empty }
        let magic = bigEndian(header, 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return empty }
        let bigEndianChecksum = magic & 1 == 1
        let pageSize = Int(bigEndian(header, 8))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return empty }
        var checksum = checksumOf(header[0..<24], bigEndian: bigEndianChecksum, seed: (0, 0))
        guard checksum == (bigEndian(header, 24), bigEndian(header, 28)) else { return empty }
        let salts = (bigEndian(header, 16), bigEndian(header, 20))
        empty.pageSize = pageSize
        empty.salts = salts

        var committed: [UInt32: Int64] = [:]
        var pending: [(UInt32, Int64)] = []
        var committedPageCount: UInt32?
        var offset: Int64 = 32
        let frameSize = 24 + pageSize
        while let frame = try readExactly(descriptor, count: frameSize, at: offset) {
            let pageNumber = bigEndian(frame, 0)
            let commitSize = bigEndian(frame, 4)
            guard pageNumber > 0, (bigEndian(frame, 8), bigEndian(frame, 12)) == salts else { break }
            checksum = checksumOf(frame[0..<8], bigEndian: bigEndianChecksum, seed: checksum)
            checksum = checksumOf(frame[24...], bigEndian: bigEndianChecksum, seed: checksum)
            guard checksum == (bigEndian(frame, 16), bigEndian(frame, 20)) else { break }
            pending.append((pageNumber, offset + 24))
            if commitSize > 0 {
                for (page, dataOffset) in pending { committed[page] = dataOffset }
                pending.removeAll()
                committedPageCount = commitSize
            }
            offset += Int64(frameSize)
        }
        return WALLog(pageSize: pageSize, pages: committed, committedPageCount: committedPageCount, salts: salts)
    }

    /// SQLite's WAL checksum: 32-bit words in pairs, in the byte order the magic number chose.
    static func checksumOf(_ bytes: ArraySlice<UInt8>, bigEndian big: Bool, seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s1, s2) = seed
        var index = bytes.startIndex
        while index + 8 <= bytes.endIndex {
            let x0 = word(bytes, index, big)
            let x1 = word(bytes, index + 4, big)
            s1 = s1 &+ x0 &+ s2
            s2 = s2 &+ x1 &+ s1
            index += 8
        }
        return (s1, s2)
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ index: Int, _ big: Bool) -> UInt32 {
        let b = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
        return big ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// `count` bytes at `offset`, or nil when the file ends before.
    static func readExactly(_ descriptor: Int32, count: Int, at offset: Int64) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let filled = try readFully(descriptor, into: &buffer, at: offset)
        return filled == count ? buffer : nil
    }

    /// Fills `buffer` from `offset` (pread, retried on EINTR and short reads); the bytes read.
    @discardableResult
    static func readFully(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int64) throws -> Int {
        try buffer.withUnsafeMutableBytes { raw in
            try readFully(descriptor, into: raw, at: offset)
        }
    }

    static func readFully(_ descriptor: Int32, into raw: UnsafeMutableRawBufferPointer, at offset: Int64) throws -> Int {
        guard let base = raw.baseAddress else { return 0 }
        var filled = 0
        while filled < raw.count {
            let count = pread(descriptor, base + filled, raw.count - filled, off_t(offset + Int64(filled)))
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw WALLogError.unreadable(errno) }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}

enum WALLogError: Error, Equatable {
    /// `open` or `read` failed with this errno.
    case unreadable(Int32)
}
