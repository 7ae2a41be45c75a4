import Foundation

/// The JSON contract of `assoc fetch --format json`: one object per row; the root's columns by
/// name; each included to-one association as a member named by its key (an object, or null when
/// absent); each `including(all:)` as an array; through associations and `joining` add no member of
/// their own. INTEGER and REAL are numbers, TEXT strings, NULL null, BLOB `{"base64": "..."}`.
package enum RowJSON {
    /// The rows as a pretty-printed JSON array, ending with a newline.
    package static func render(_ rows: [Row]) throws -> String {
        let values = try rows.map(object)
        return JSONValue.array(values).pretty() + "\n"
    }

    /// One row (or scope) as an object. Zero-column scopes (joined tables, the intermediate tables
    /// of through associations) are transparent: their members are lifted to this level.
    package static func object(_ row: Row) throws -> JSONValue {
        var members: [(String, JSONValue)] = []
        var names = Set<String>()
        func add(_ name: String, _ value: JSONValue, isAssociation: Bool) throws {
            if !names.insert(name).inserted {
                throw AssocError.keyCollision(name, isAssociation: isAssociation)
            }
            members.append((name, value))
        }
        for (name, value) in zip(row.columnNames, row.values) {
            try add(name, json(value), isAssociation: false)
        }
        for (key, value) in try associationMembers(of: row) {
            try add(key, value, isAssociation: true)
        }
        return .object(members)
    }

    static func associationMembers(of row: Row) throws -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        for (key, scope) in row.scopes {
            if scope.columnNames.isEmpty {
                members += try associationMembers(of: scope)
            } else {
                members.append((key, scope.containsNonNullValue ? try object(scope) : .null))
            }
        }
        for (key, rows) in row.prefetched {
            members.append((key, .array(try rows.map(object))))
        }
        return members
    }

    package static func json(_ value: DatabaseValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .integer(let v): return .int(Int(v))
        case .real(let v): return .real(v)
        case .text(let s): return .string(s)
        case .blob(let bytes): return .object([("base64", .string(Base64.encode(bytes)))])
        }
    }
}

/// Standard base64 (RFC 4648, with padding).
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    package static func encode(_ bytes: [UInt8]) -> String {
        var out = ""
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : "=")
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : "=")
            index += 3
        }
        return out
    }

    /// Appends the base64 of `bytes` to `out` as ASCII, `flush` called whenever `out` passes
    /// `JSONBytes.chunk` bytes (no string of the whole encoding is ever built).
    package static func append(_ bytes: [UInt8], to out: inout [UInt8], flush: ByteFlush) throws {
        try bytes.withUnsafeBufferPointer { try append($0, to: &out, flush: flush) }
    }

    /// `append` of bytes held elsewhere (SQLite's buffer), without a copy of them.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], flush: ByteFlush) throws {
        // A piece at a time through Foundation's encoder (fast also in a debug build); pieces of
        // a multiple of 3 bytes encode to the same text as the whole.
        let piece = JSONBytes.chunk / 4 * 3
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + piece)
            out.append(contentsOf: Data(UnsafeBufferPointer(rebasing: bytes[index..<end])).base64EncodedData())
            index = end
            if out.count >= JSONBytes.chunk { try flush(&out) }
        }
    }

}
