/// The rule tables behind `Inflector`: words that never change, irregular pairs, and suffix
/// rules tried in order. Every function takes and returns one lower-cased word.
enum InflectionRules {
    /// Words with the same singular and plural.
    static let uncountables: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans",
        "police", "news", "metadata", "deer", "moose", "aircraft", "software", "hardware", "feedback",
        "staff", "luggage", "furniture", "advice", "traffic", "music", "homework", "knowledge",
        "research", "evidence", "weather", "salmon", "trout", "bison", "offspring", "sms", "golf",
        "tennis", "chassis",
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
            ("moustache", "moustaches"), ("quiche", "quiches"), ("iris", "irises"),
        ]
        let wordPairs: [(String, String)] = [
            ("man", "men"), ("ox", "oxen"), ("louse", "lice"), ("move", "moves"), ("sex", "sexes"),
            ("leaf", "leaves"), ("loaf", "loaves"), ("thief", "thieves"), ("sheaf", "sheaves"),
            ("life", "lives"), ("pie", "pies"), ("tie", "ties"), ("lie", "lies"), ("die", "dice"),
            ("gas", "gases"), ("plus", "pluses"), ("minus", "minuses"), ("bus", "buses"), ("axis", "axes"),
            ("amen", "amens"),
        ]
        return suffixPairs.map { Irregular(singular: $0.0, plural: $0.1, asSuffix: true) }
            + wordPairs.map { Irregular(singular: $0.0, plural: $0.1, asSuffix: false) }
    }()

    /// Compound words ending in `man` whose plural is not `men`.
    static let notMan: Set<String> = ["human", "german", "roman", "shaman", "talisman", "caiman", "ottoman", "cayman"]

    /// Singular words ending in `men` that are not plurals of `…man`.
    static let notMen: Set<String> = [
        "specimen", "regimen", "abdomen", "omen", "stamen", "semen", "hymen", "lumen", "albumen",
        "bitumen", "acumen", "cyclamen", "yemen",
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
        ("x", "xes"), ("ch", "ches"), ("sh", "shes"), ("z", "zes"),
    ]

    static let singularSuffixes: [(String, String)] = [
        ("men", "man"),
        ("ss", "ss"), ("us", "us"), ("sis", "sis"),  // singulars ending in s
        ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"), ("zzes", "z"), ("zes", "ze"),
        ("quies", "quy"), ("ies", "y"),
        ("lves", "lf"),
        ("s", ""),
    ]

    static func pluralizeWord(_ word: String) -> String {
        if word.isEmpty || uncountables.contains(word) { return word }
        if let irregular = matchIrregular(word, singular: false) {
            return irregular  // already the plural
        }
        if let plural = replaceIrregular(word, from: \.singular, to: \.plural) { return plural }
        if notMan.contains(word) || notMen.contains(word) { return word + "s" }
        return applySuffixRules(pluralSuffixes, to: word) ?? word + "s"
    }

    static func singularizeWord(_ word: String) -> String {
        if word.isEmpty || uncountables.contains(word) { return word }
        if let irregular = matchIrregular(word, singular: true) {
            return irregular  // already the singular
        }
        if let singular = replaceIrregular(word, from: \.plural, to: \.singular) { return singular }
        if notMen.contains(word) { return word }
        return applySuffixRules(singularSuffixes, to: word) ?? word
    }

    /// `word` itself when it is already the singular (or plural) form of an irregular pair.
    static func matchIrregular(_ word: String, singular: Bool) -> String? {
        for irregular in irregulars {
            let form = singular ? irregular.singular : irregular.plural
            let other = singular ? irregular.plural : irregular.singular
            // "children" ends in "child"… only match when the word is not the other form.
            if word == other || (irregular.asSuffix && word.hasSuffix(other)) { continue }
            if word == form || (irregular.asSuffix && word.hasSuffix(form)) { return word }
        }
        return nil
    }

    static func replaceIrregular(
        _ word: String, from: KeyPath<Irregular, String>, to: KeyPath<Irregular, String>
    ) -> String? {
        for irregular in irregulars {
            let source = irregular[keyPath: from]
            if word == source { return irregular[keyPath: to] }
            if irregular.asSuffix, word.hasSuffix(source) {
                return String(word.dropLast(source.count)) + irregular[keyPath: to]
            }
        }
        return nil
    }

    static func applySuffixRules(_ rules: [(String, String)], to word: String) -> String? {
        for (suffix, replacement) in rules where word.count > suffix.count && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count)) + replacement
        }
        return nil
    }
}
