extension StatementArguments {
    /// Arguments written as text, one value each (`assoc fetch --sql … --arg 1 --arg x`):
    /// `42` an integer, `2.5` or `1e3` a real, `NULL` null, `'…'` text (quotes doubled inside),
    /// `x'0A1B'` a blob, anything else text as written. `:name=value` (or `@name=`, `$name=`)
    /// names the parameter it is for; all are named or none.
    package static func parsing(_ texts: [String]) throws -> StatementArguments {
        var positional: [DatabaseValue] = []
        var named: [String: DatabaseValue] = [:]
        for text in texts {
            if let first = text.first, ":@$".contains(first), let equals = text.firstIndex(of: "="), equals > text.index(after: text.startIndex) {
                let name = String(text[..<equals])
                guard named[name] == nil else {
                    throw AssocError.invalidRequest(table: nil, reason: "the argument \(quoteForMessage(name)) is given twice")
                }
                named[name] = try value(String(text[text.index(after: equals)...]))
            } else {
                positional.append(try value(text))
            }
        }
        guard named.isEmpty || positional.isEmpty else {
            throw AssocError.invalidRequest(
                table: nil,
                reason: "arguments are either positional (--arg 1) or named (--arg :id=1), not both; "
                    + "write a text that starts with : as '…' to give it by position")
        }
        return named.isEmpty ? StatementArguments(positional) : StatementArguments(named: named)
    }

    /// The value one argument's text stands for.
    private static func value(_ text: String) throws -> DatabaseValue {
        if text == "NULL" { return .null }
        if let integer = Int64(text) { return .integer(integer) }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let real = Double(text), real.isFinite,
            text.allSatisfy({ "0123456789.eE+-".contains($0) })
        {
            return .real(real)
        }
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            let inner = text.dropFirst().dropLast()
            return .text(String(inner).replacing("''", with: "'"))
        }
        if text.count >= 3, text.first == "x" || text.first == "X", text.dropFirst().hasPrefix("'"), text.hasSuffix("'") {
            let hex = Array(text.dropFirst(2).dropLast().utf8)
            guard hex.count % 2 == 0, let bytes = hexBytes(hex) else {
                throw AssocError.invalidRequest(
                    table: nil, reason: "the argument \(quoteForMessage(text)) is not a blob: write x'…' with an even number of hex digits")
            }
            return .blob(bytes)
        }
        return .text(text)
    }

    private static func hexBytes(_ digits: [UInt8]) -> [UInt8]? {
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
