/// The rule tables behind `Inflector`: words that never change, irregular pairs, and suffix
/// rules tried in order. Every function takes and returns one lower-cased word.
enum InflectionRules {
    /// Words with the same singular and plural.
    static let uncountables: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans",
        "police", "news", "metadata", "deer", "moose", "aircraft", "software", "hardware", "feedback",
        "staff", "luggage", "furniture", "advice", "traffic", "music", "homework", "knowledge",
        "research", "evidence", "weather", "salmon", "trout", "bison", "offspring", "sms", "golf",
        "tennis", "chassis"
    ]

    /// An irregular pair. `asSuffix`: the pair also applies at the end of a longer word
    /// (`salesperson` → `salespeople`); otherwise only to the whole word (`life`, not `olive`).
    struct Irregular {
        var singular: String
        var plural: String
        var asSuffix: Bool
    }

    static let irregulars: [Irregular] = {
        let suffixPairs: [(String, String)] = [
            ("person", "people"), ("woman", "women"), ("child", "children"), ("mouse", "mice"),
            ("goose", "geese"), ("tooth", "teeth"), ("foot", "feet"), ("zombie", "zombies"),
            ("movie", "movies"), ("cookie", "cookies"), ("quiz", "quizzes"), ("whiz", "whizzes"),
            ("status", "statuses"), ("alias", "aliases"), ("campus", "campuses"),
            ("bonus", "bonuses"), ("virus", "viruses"), ("census", "censuses"), ("octopus", "octopi"),
            ("cactus", "cacti"), ("fungus", "fungi"), ("nucleus", "nuclei"), ("radius", "radii"),
            ("stimulus", "stimuli"), ("alumnus", "alumni"), ("datum", "data"), ("medium", "media"),
            ("criterion", "criteria"), ("phenomenon", "phenomena"), ("bacterium", "bacteria"),
            ("curriculum", "curricula"), ("matrix", "matrices"), ("vertex", "vertices"),
            ("index", "indices"), ("appendix", "appendices"), ("analysis", "analyses"),
            ("thesis", "theses"), ("crisis", "crises"), ("diagnosis", "diagnoses"),
            ("synopsis", "synopses"), ("parenthesis", "parentheses"), ("prognosis", "prognoses"),
            ("knife", "knives"), ("wife", "wives"), ("hero", "heroes"),
            ("potato", "potatoes"), ("tomato", "tomatoes"), ("echo", "echoes"), ("veto", "vetoes"),
            ("calorie", "calories"), ("rookie", "rookies"), ("selfie", "selfies"), ("hoodie", "hoodies"),
            ("prairie", "prairies"), ("goalie", "goalies"), ("brownie", "brownies"), ("valve", "valves"),
            ("menu", "menus"), ("guru", "gurus"), ("sku", "skus"), ("canvas", "canvases"),
            ("atlas", "atlases"), ("bias", "biases"), ("lens", "lenses"), ("epoch", "epochs"),
            ("stomach", "stomachs"), ("tech", "techs"), ("cache", "caches"), ("niche", "niches"),
            ("headache", "headaches"), ("avalanche", "avalanches"), ("mustache", "mustaches"),
            ("moustache", "moustaches"), ("quiche", "quiches"), ("iris", "irises")
        ]
        let wordPairs: [(String, String)] = [
            ("man", "men"), ("ox", "oxen"), ("louse", "lice"), ("move", "moves"), ("sex", "sexes"),
            ("leaf", "leaves"), ("loaf", "loaves"), ("thief", "thieves"), ("sheaf", "sheaves"),
            ("life", "lives"), ("pie", "pies"), ("tie", "ties"), ("lie", "lies"), ("die", "dice"),
            ("gas", "gases"), ("plus", "pluses"), ("minus", "minuses"), ("bus", "buses"), ("axis", "axes"),
            ("amen", "amens")
        ]
        return suffixPairs.map { Irregular(singular: $0.0, plural: $0.1, asSuffix: true) }
            + wordPairs.map { Irregular(singular: $0.0, plural: $0.1, asSuffix: false) }
    }()

    /// Compound words ending in `man` whose plural is not `men`.
    static let notMan: Set<String> = ["human", "german", "roman", "shaman", "talisman", "caiman", "ottoman", "cayman"]

    /// Singular words ending in `men` that are not plurals of `…man`.
    static let notMen: Set<String> = [
        "specimen", "regimen", "abdomen", "omen", "stamen", "semen", "hymen", "lumen", "albumen",
        "bitumen", "acumen", "cyclamen", "yemen"
    ]

    /// `(suffix, replacement)`: the first rule whose suffix ends the word applies, as long as
    /// something is left before the suffix.
    static let pluralSuffixes: [(String, String)] = [
        ("man", "men"), ("men", "men"),
        ("sis", "ses"), ("ss", "sses"), ("us", "uses"),
        ("s", "s"),  // any other word ending in s is taken as already plural
        ("quy", "quies"),
        ("ay", "ays"), ("ey", "eys"), ("iy", "iys"), ("oy", "oys"), ("uy", "uys"), ("yy", "yys"),
        ("y", "ies"),
        ("lf", "lves"),
        ("x", "xes"), ("ch", "ches"), ("sh", "shes"), ("z", "zes")
    ]

    static let singularSuffixes: [(String, String)] = [
        ("men", "man"),
        ("ss", "ss"), ("us", "us"), ("sis", "sis"),  // singulars ending in s
        ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"), ("zzes", "z"), ("zes", "ze"),
        ("quies", "quy"), ("ies", "y"),
        ("lves", "lf"),
        ("s", "")
    ]

    static func pluralizeWord(_ word: String) -> String {
        if word.isEmpty || uncountables.contains(word) { return word }
        let ascii = isASCII(word)
        if let irregular = matchIrregular(word, singular: false, ascii: ascii) {
            return irregular  // already the plural
        }
        if let plural = replaceIrregular(word, toPlural: true, ascii: ascii) { return plural }
        if notMan.contains(word) || notMen.contains(word) { return word + "s" }
        return applySuffixRules(pluralSuffixes, to: word, ascii: ascii) ?? word + "s"
    }

    static func singularizeWord(_ word: String) -> String {
        if word.isEmpty || uncountables.contains(word) { return word }
        let ascii = isASCII(word)
        if let irregular = matchIrregular(word, singular: true, ascii: ascii) {
            return irregular  // already the singular
        }
        if let singular = replaceIrregular(word, toPlural: false, ascii: ascii) { return singular }
        if notMen.contains(word) { return word }
        return applySuffixRules(singularSuffixes, to: word, ascii: ascii) ?? word
    }

    /// `word` itself when it is already the singular (or plural) form of an irregular pair.
    static func matchIrregular(_ word: String, singular: Bool, ascii: Bool) -> String? {
        for irregular in irregulars {
            let form = singular ? irregular.singular : irregular.plural
            let other = singular ? irregular.plural : irregular.singular
            // "children" ends in "child"… only match when the word is not the other form.
            if word == other || (irregular.asSuffix && hasSuffix(word, other, ascii: ascii)) { continue }
            if word == form || (irregular.asSuffix && hasSuffix(word, form, ascii: ascii)) { return word }
        }
        return nil
    }

    /// The other form of the first irregular pair whose singular (`toPlural`) or plural ends
    /// `word` (whole word only for pairs that are not suffixes).
    static func replaceIrregular(_ word: String, toPlural: Bool, ascii: Bool) -> String? {
        for irregular in irregulars {
            let source = toPlural ? irregular.singular : irregular.plural
            let target = toPlural ? irregular.plural : irregular.singular
            if word == source { return target }
            if irregular.asSuffix, hasSuffix(word, source, ascii: ascii) {
                return dropLast(word, source, ascii: ascii) + target
            }
        }
        return nil
    }

    static func applySuffixRules(_ rules: [(String, String)], to word: String, ascii: Bool) -> String? {
        let count = ascii ? word.utf8.count : word.count
        for (suffix, replacement) in rules where count > suffix.utf8.count && hasSuffix(word, suffix, ascii: ascii) {
            return dropLast(word, suffix, ascii: ascii) + replacement
        }
        return nil
    }

    // MARK: - ASCII fast path

    // The rule tables are ASCII. In an ASCII word every byte is one Character, so comparing bytes
    // gives exactly what String's Character-based `hasSuffix`, `count` and `dropLast` give, at a
    // fraction of their cost; other words go through String's own functions.

    static func isASCII(_ word: String) -> Bool {
        word.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `word.hasSuffix(suffix)`, by bytes when `word` is ASCII.
    static func hasSuffix(_ word: String, _ suffix: String, ascii: Bool) -> Bool {
        guard ascii else { return word.hasSuffix(suffix) }
        let (bytes, tail) = (word.utf8, suffix.utf8)
        guard tail.count <= bytes.count else { return false }
        return bytes.reversed().starts(with: tail.reversed())
    }

    /// `word` without the last `suffix.count` characters.
    static func dropLast(_ word: String, _ suffix: String, ascii: Bool) -> String {
        guard ascii else { return String(word.dropLast(suffix.count)) }
        return String(word.utf8.dropLast(suffix.utf8.count)) ?? String(word.dropLast(suffix.count))
    }
}
