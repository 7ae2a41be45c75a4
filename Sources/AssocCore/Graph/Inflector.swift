/// English inflections and identifier spelling for association names, in the spirit of
/// Rails' inflector (own rule tables). Only the last word of a name is inflected:
/// `lineItem` → `lineItems`, `postal_address` → `postal_addresses`; trailing digits are kept
/// (`book2` → `books2`). Inflecting an already inflected word leaves it alone
/// (`pluralize("people") == "people"`, `singularize("book") == "book"`).
package enum Inflector {
    /// The plural of the last word of `word`.
    package static func pluralize(_ word: String) -> String {
        inflectLastWord(word, with: InflectionRules.pluralizeWord)
    }

    /// The singular of the last word of `word`.
    package static func singularize(_ word: String) -> String {
        inflectLastWord(word, with: InflectionRules.singularizeWord)
    }

    /// A camelCase identifier built from any table or column name: words are split at every
    /// character that is neither a letter nor a digit and at camelCase boundaries; a word in
    /// capitals is lower-cased whole; the first letter is lower-cased and the next words
    /// capitalized. Empty → `table`; a leading digit gets a `t` prefix.
    /// `"Order Details"` → `orderDetails`, `ORDER_ITEMS` → `orderItems`, `Élève` → `élève`.
    package static func identifier(_ name: String) -> String {
        // Lower-case ASCII letters and digits after a letter (`t12`, `book`): one word, unchanged.
        if let first = name.utf8.first, isLowerASCII(first), name.utf8.allSatisfy({ isLowerASCII($0) || isDigitASCII($0) }) {
            return name
        }
        var result = ""
        for (offset, word) in words(of: name).enumerated() {
            var word = word
            if word.count > 1, isAllUppercase(word) { word = word.lowercased() }
            result += offset == 0 ? lowerFirst(word) : upperFirst(word)
        }
        if result.isEmpty { return "table" }
        if let first = result.first, first.isNumber { return "t" + result }
        return result
    }

    /// The singular identifier of a table: `singularize(identifier(table))` (`books` → `book`).
    package static func singularName(ofTable table: String) -> String {
        singularize(identifier(table))
    }

    /// The plural identifier of a table: `pluralize(singularName(ofTable:))` (`person` → `people`).
    package static func pluralName(ofTable table: String) -> String {
        pluralize(singularName(ofTable: table))
    }

    /// `word` with its first character upper-cased (`author` → `Author`).
    package static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `word` with its first character lower-cased (`Author` → `author`).
    package static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    // MARK: - Words

    /// The words of `name`: runs of letters and digits, split again at camelCase boundaries
    /// (`PlaylistTrack` → `Playlist`, `Track`; `XMLFile` → `XML`, `File`).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if !current.isEmpty, startsCamelWord(characters, at: index) {
                words.append(String(current))
                current = []
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Whether an upper-case letter at `index` starts a new camelCase word: after a lower-case
    /// letter or a digit (`lineItem`), or after capitals when a lower-case letter follows (`XMLFile`).
    static func startsCamelWord(_ characters: [Character], at index: Int) -> Bool {
        guard index > 0, index < characters.count, characters[index].isUppercase else { return false }
        let previous = characters[index - 1]
        if previous.isLowercase || previous.isNumber { return true }
        if previous.isUppercase, index + 1 < characters.count, characters[index + 1].isLowercase { return true }
        return false
    }

    static func isAllUppercase(_ word: String) -> Bool {
        var sawLetter = false
        for character in word where character.isLetter {
            sawLetter = true
            if !character.isUppercase { return false }
        }
        return sawLetter
    }

    /// `inflectLastWord` on ASCII text without capitals (most table names), byte by byte: no
    /// capital starts a camelCase word or needs restoring, so the last word is the run of letters
    /// before the trailing digits. Nil for any other text.
    private static func inflectLastWordOfLowercaseASCII(_ text: String, with rule: (String) -> String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) else { return nil }
        var end = bytes.count
        while end > 0, isDigitASCII(bytes[end - 1]) { end -= 1 }
        var start = end
        while start > 0, isLowerASCII(bytes[start - 1]) { start -= 1 }
        guard start < end else { return text }
        return String(decoding: bytes[..<start], as: UTF8.self) + rule(String(decoding: bytes[start..<end], as: UTF8.self))
            + String(decoding: bytes[end...], as: UTF8.self)
    }

    private static func isLowerASCII(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }

    private static func isDigitASCII(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Splits `text` into (prefix, last word, trailing digits), inflects the last word's
    /// lower-cased spelling with `rule`, and restores its capitals.
    static func inflectLastWord(_ text: String, with rule: (String) -> String) -> String {
        if let inflected = inflectLastWordOfLowercaseASCII(text, with: rule) { return inflected }
        var characters = Array(text)
        var digits: [Character] = []
        while let last = characters.last, last.isNumber {
            digits.insert(last, at: 0)
            characters.removeLast()
        }
        var start = characters.count
        while start > 0 {
            let previous = characters[start - 1]
            guard previous.isLetter else { break }
            start -= 1
            if startsCamelWord(characters, at: start) { break }
        }
        guard start < characters.count else { return text }
        let prefix = String(characters[..<start])
        let word = Array(characters[start...])
        let inflected = Array(rule(String(word).lowercased()))
        var recased = ""
        if word.count > 1, isAllUppercase(String(word)) {
            recased = String(inflected).uppercased()
        } else {
            for (index, character) in inflected.enumerated() {
                if index < word.count, word[index].isUppercase {
                    recased += character.uppercased()
                } else {
                    recased.append(character)
                }
            }
        }
        return prefix + recased + String(digits)
    }
}
