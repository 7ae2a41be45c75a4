/// A token of the request language.
struct RequestToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A bare identifier (`quoted: false`) or a "double quoted" / `backquoted` name.
        case name(String, quoted: Bool)
        /// Decimal digits, converted by the parser (which knows about a leading minus).
        case integer(String)
        case real(Double)
        /// A 'single quoted' text literal.
        case text(String)
        case blob([UInt8])
        case punctuation(Punctuation)
        case end
    }

    enum Punctuation: String, Hashable, Sendable {
        case dot = "."
        case leftParen = "("
        case rightParen = ")"
        case comma = ","
        case colon = ":"
        case leftBracket = "["
        case rightBracket = "]"
        case star = "*"
        case slash = "/"
        case percent = "%"
        case plus = "+"
        case minus = "-"
        case equal = "="
        case doubleEqual = "=="
        case notEqual = "!="
        case lessGreater = "<>"
        case bang = "!"
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case questionQuestion = "??"
        case pipePipe = "||"
        case ampAmp = "&&"
    }

    var kind: Kind
    /// UTF-8 byte offsets.
    var range: Range<Int>

    /// The bare identifier text, if this token is one.
    var bareName: String? {
        if case .name(let name, quoted: false) = kind { return name }
        return nil
    }

    /// Whether this is the bare keyword `keyword` (case-insensitive).
    func isKeyword(_ keyword: String) -> Bool {
        guard let name = bareName, name.utf8.count == keyword.utf8.count else { return false }
        // ASCII case-insensitive comparison; `keyword` is upper case.
        for (a, b) in zip(name.utf8, keyword.utf8) where a != b && !(a >= 0x61 && a <= 0x7A && a - 0x20 == b) {
            return false
        }
        return true
    }

    func isPunctuation(_ p: Punctuation) -> Bool { kind == .punctuation(p) }

    /// How the token is named in error messages.
    var display: String {
        switch kind {
        case .name(let name, let quoted):
            let shown = Self.shorten(name)
            return quoted ? "name \"\(shown)\"" : (RequestLexer.keywords.contains(name.uppercased()) ? "keyword '\(shown)'" : "name '\(shown)'")
        case .integer(let digits): return "number \(Self.shorten(digits))"
        case .real(let value): return "number \(value)"
        case .text(let text): return "string '\(Self.shorten(text))'"
        case .blob: return "blob literal"
        case .punctuation(let p): return "'\(p.rawValue)'"
        case .end: return "end of request"
        }
    }

    private static func shorten(_ text: String) -> String {
        text.count > 30 ? String(text.prefix(30)) + "…" : text
    }
}

/// Splits request text into tokens. Never traps; reports bad characters and
/// unterminated literals as `RequestSyntaxError`.
struct RequestLexer {
    /// Words with a meaning in expressions. Bare, they are not column names; quote them to use them as names.
    static let keywords: Set<String> = ["AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "BETWEEN", "TRUE", "FALSE", "DESC", "ASC"]

    private let source: String
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var offset = 0

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    static func tokenize(_ source: String) throws(RequestSyntaxError) -> [RequestToken] {
        var lexer = RequestLexer(source)
        var tokens: [RequestToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    static func isIdentifierStart(_ s: Unicode.Scalar) -> Bool {
        if s == "_" || s == "$" { return true }
        if s.isASCII { return (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
        return s.properties.isAlphabetic
    }

    static func isIdentifierContinue(_ s: Unicode.Scalar) -> Bool {
        if isIdentifierStart(s) { return true }
        if s.isASCII { return s >= "0" && s <= "9" }
        switch s.properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = index + ahead
        return i < scalars.count ? scalars[i] : nil
    }

    private mutating func advance() {
        guard index < scalars.count else { return }
        offset += UTF8.width(scalars[index])
        index += 1
    }

    private func error(_ message: String, at position: Int) -> RequestSyntaxError {
        RequestSyntaxError(message: message, position: position, in: source)
    }

    private static func isDigit(_ s: Unicode.Scalar?) -> Bool {
        guard let s else { return false }
        return s >= "0" && s <= "9"
    }

    mutating func next() throws(RequestSyntaxError) -> RequestToken {
        while let s = peek(), s == " " || (!s.isASCII || s.value < 0x20) && s.properties.isWhitespace { advance() }
        let start = offset
        guard let s = peek() else { return RequestToken(kind: .end, range: start..<start) }

        func token(_ kind: RequestToken.Kind) -> RequestToken { RequestToken(kind: kind, range: start..<offset) }
        func punct(_ p: RequestToken.Punctuation, length: Int) -> RequestToken {
            for _ in 0..<length { advance() }
            return token(.punctuation(p))
        }

        if s == "x" || s == "X", peek(1) == "'" {
            advance()
            return token(.blob(try lexBlob(start: start)))
        }
        if s == "U" || s == "u", peek(1) == "&", let quote = peek(2), quote == "\"" || quote == "'" {
            advance()
            advance()
            let what = quote == "'" ? "U& string literal" : "U& quoted name"
            let text = try unicodeEscapes(in: try lexQuoted(quote, start: start, what: what), what: what, start: start)
            return token(quote == "'" ? .text(text) : .name(text, quoted: true))
        }
        if Self.isIdentifierStart(s) {
            var name = String.UnicodeScalarView()
            while let c = peek(), Self.isIdentifierContinue(c) {
                name.append(c)
                advance()
            }
            return token(.name(String(name), quoted: false))
        }
        if Self.isDigit(s) { return try lexNumber(start: start) }

        switch s {
        case "'": return token(.text(try lexQuoted("'", start: start, what: "string literal")))
        case "\"": return token(.name(try lexQuoted("\"", start: start, what: "quoted name"), quoted: true))
        case "`": return token(.name(try lexQuoted("`", start: start, what: "quoted name"), quoted: true))
        case ".": return punct(.dot, length: 1)
        case "(": return punct(.leftParen, length: 1)
        case ")": return punct(.rightParen, length: 1)
        case "[": return punct(.leftBracket, length: 1)
        case "]": return punct(.rightBracket, length: 1)
        case ",": return punct(.comma, length: 1)
        case ":": return punct(.colon, length: 1)
        case "*": return punct(.star, length: 1)
        case "/": return punct(.slash, length: 1)
        case "%": return punct(.percent, length: 1)
        case "+": return punct(.plus, length: 1)
        case "-": return punct(.minus, length: 1)
        case "=": return peek(1) == "=" ? punct(.doubleEqual, length: 2) : punct(.equal, length: 1)
        case "!": return peek(1) == "=" ? punct(.notEqual, length: 2) : punct(.bang, length: 1)
        case "<":
            if peek(1) == "=" { return punct(.lessOrEqual, length: 2) }
            if peek(1) == ">" { return punct(.lessGreater, length: 2) }
            return punct(.less, length: 1)
        case ">": return peek(1) == "=" ? punct(.greaterOrEqual, length: 2) : punct(.greater, length: 1)
        case "?":
            if peek(1) == "?" { return punct(.questionQuestion, length: 2) }
            throw error("placeholders ('?') are not supported; write the value itself", at: start)
        case "|":
            if peek(1) == "|" { return punct(.pipePipe, length: 2) }
            throw error("unexpected character '|'; write '||' or OR for a logical or (string concatenation is not supported)", at: start)
        case "&":
            if peek(1) == "&" { return punct(.ampAmp, length: 2) }
            throw error("unexpected character '&'; write '&&' or AND for a logical and", at: start)
        default:
            throw error("unexpected character \(Self.describe(s))", at: start)
        }
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        if s.value < 0x20 || s.value == 0x7F || s.properties.generalCategory == .format {
            return "U+" + String(s.value, radix: 16, uppercase: true)
        }
        return "'\(s)'"
    }

    /// Lexes `'...'`, `"..."` or `` `...` ``; a doubled quote stands for itself.
    private mutating func lexQuoted(_ quote: Unicode.Scalar, start: Int, what: String) throws(RequestSyntaxError) -> String {
        advance()
        var value = String.UnicodeScalarView()
        while true {
            guard let c = peek() else {
                throw error("unterminated \(what): missing closing \(quote)", at: start)
            }
            advance()
            if c == quote {
                if peek() == quote {
                    value.append(c)
                    advance()
                } else {
                    break
                }
            } else {
                value.append(c)
            }
        }
        return String(value)
    }

    /// Decodes the escapes of a `U&"…"` or `U&'…'` literal, whose quotes are already undoubled:
    /// `\XXXX` (4 hexadecimal digits), `\+XXXXXX` (6) and `\\` for a backslash.
    private func unicodeEscapes(in text: String, what: String, start: Int) throws(RequestSyntaxError) -> String {
        guard text.contains("\\") else { return text }
        let scalars = Array(text.unicodeScalars)
        var value = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            guard c == "\\" else {
                value.append(c)
                i += 1
                continue
            }
            if i + 1 < scalars.count, scalars[i + 1] == "\\" {
                value.append(c)
                i += 2
                continue
            }
            let isLong = i + 1 < scalars.count && scalars[i + 1] == "+"
            let first = i + (isLong ? 2 : 1)
            let count = isLong ? 6 : 4
            var code: UInt32 = 0
            var digits = 0
            while digits < count, first + digits < scalars.count, let digit = Self.hexValue(scalars[first + digits]) {
                code = code << 4 | UInt32(digit)
                digits += 1
            }
            guard digits == count, let scalar = Unicode.Scalar(code) else {
                let shown = String(String.UnicodeScalarView(scalars[i..<min(scalars.count, first + count)]))
                throw error(
                    "invalid escape in a \(what): \(shown) (write \\XXXX or \\+XXXXXX with hexadecimal digits, \\\\ for a backslash)", at: start)
            }
            value.append(scalar)
            i = first + count
        }
        return String(value)
    }

    /// Lexes `X'ABCD'` (the X is already consumed).
    private mutating func lexBlob(start: Int) throws(RequestSyntaxError) -> [UInt8] {
        advance()  // opening quote
        var bytes: [UInt8] = []
        var high: UInt8?
        while true {
            guard let c = peek() else { throw error("unterminated blob literal: missing closing '", at: start) }
            if c == "'" {
                advance()
                break
            }
            guard let digit = Self.hexValue(c) else {
                throw error("invalid character \(Self.describe(c)) in blob literal; expected hexadecimal digits", at: offset)
            }
            advance()
            if let h = high {
                bytes.append(h << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        if high != nil { throw error("blob literal must have an even number of hexadecimal digits", at: start) }
        return bytes
    }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt8? {
        switch c {
        case "0"..."9": UInt8(c.value - 48)
        case "a"..."f": UInt8(c.value - 87)
        case "A"..."F": UInt8(c.value - 55)
        default: nil
        }
    }

    /// Lexes `123`, `1.5`, `1e3`, `2.5E-7`. `1.desc` lexes as `1` `.` `desc`.
    private mutating func lexNumber(start: Int) throws(RequestSyntaxError) -> RequestToken {
        var text = String.UnicodeScalarView()
        var isReal = false
        while Self.isDigit(peek()), let c = peek() {
            text.append(c)
            advance()
        }
        if peek() == ".", Self.isDigit(peek(1)) {
            isReal = true
            text.append(".")
            advance()
            while Self.isDigit(peek()), let c = peek() {
                text.append(c)
                advance()
            }
        }
        if peek() == "e" || peek() == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if Self.isDigit(peek(signed ? 2 : 1)) {
                isReal = true
                text.append("e")
                advance()
                if signed, let sign = peek() {
                    text.append(sign)
                    advance()
                }
                while Self.isDigit(peek()), let c = peek() {
                    text.append(c)
                    advance()
                }
            }
        }
        if let c = peek(), Self.isIdentifierContinue(c) {
            while let c = peek(), Self.isIdentifierContinue(c) { advance() }
            throw error("invalid number literal", at: start)
        }
        let string = String(text)
        if isReal {
            guard let value = Double(string), value.isFinite else {
                throw error("number \(string) is out of range", at: start)
            }
            return RequestToken(kind: .real(value), range: start..<offset)
        }
        return RequestToken(kind: .integer(string), range: start..<offset)
    }
}
