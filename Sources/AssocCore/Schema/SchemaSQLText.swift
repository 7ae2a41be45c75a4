/// Cheap facts read from a table's `CREATE` statement in `sqlite_schema`, without parsing it:
/// what lets the introspector skip asking SQLite (each question costs a table lookup, slow in a
/// schema of thousands of tables). Each scans the text once and allocates nothing per letter.
enum SchemaSQLText {
    /// Whether the statement starts `CREATE VIRTUAL`, in any letter case.
    static func isVirtualTable(_ sql: String) -> Bool {
        // SQLite stores most statements as `CREATE TABLE …`: a second word that is not VIRTUAL.
        if sql.utf8.starts(with: "CREATE TABLE ".utf8) { return false }
        var words = 0
        var current: [UInt8] = []
        for byte in sql.utf8 {
            if isWordByte(byte) {
                if current.count < 8 { current.append(byte | 0x20) }
                continue
            }
            guard !current.isEmpty else { continue }
            words += 1
            if words == 2 { return current == Array("virtual".utf8) }
            current = []
        }
        return words == 1 && current == Array("virtual".utf8)
    }

    /// Whether `word` (lowercase ASCII letters) appears in `sql` in any letter case: a foreign key
    /// always holds `REFERENCES`, so a table without it declares none.
    static func contains(_ word: String, in sql: String) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first else { return true }
        let bytes = Array(sql.utf8)
        guard bytes.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= bytes.count {
            if bytes[start] | 0x20 == first {
                var offset = 1
                while offset < needle.count, bytes[start + offset] | 0x20 == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }

    /// ASCII letters and `_`: the keywords looked for are ASCII (digits separate words, as before).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
