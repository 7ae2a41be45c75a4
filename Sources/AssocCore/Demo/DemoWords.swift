/// Word lists of the demo data. Some Unicode (accents, umlauts, CJK) exercises wide and
/// combined characters in displays.
enum DemoWords {
    /// (code, name) of the base countries. The last one never gets demographics.
    static let countries: [(code: String, name: String)] = [
        ("FR", "France"), ("DE", "Deutschland"), ("JP", "日本"), ("CN", "中国"), ("IS", "Ísland"),
        ("BR", "Brasil"), ("CI", "Côte d’Ivoire"), ("TR", "Türkiye"), ("US", "United States"),
        ("NO", "Norge"), ("MX", "México"), ("VA", "Città del Vaticano")
    ]
    static let firstNames = [
        "Émile", "Zoë", "Jürgen", "Søren", "José", "Ana", "Victor", "Marie", "Hiroshi", "美咲", "Wei",
        "Chloé", "Björn", "Amélie", "Yusuf", "Lena", "Olivia", "Tomás", "Ingrid", "Kenji"
    ]
    static let lastNames = [
        "Zola", "Müller", "Kierkegaard", "Saramago", "Hugo", "Curie", "山田", "李", "Dubois", "Øvergaard",
        "García", "Schäfer", "Yılmaz", "Smith", "Tanaka", "Nguyễn", "Lindqvist", "Moreau"
    ]
    static let titleAdjectives = [
        "Silent", "Lost", "Golden", "Broken", "Last", "Hidden", "Eternal", "Bitter", "Café", "Über",
        "Northern", "Forgotten", "Crimson", "静かな", "Little"
    ]
    static let titleNouns = [
        "Garden", "River", "Letters", "Winter", "Mirror", "Empire", "Déjà Vu", "Straße", "Harbour",
        "Night", "Island", "雪国", "Orchard", "Symphony", "Journey"
    ]
    static let bookKinds = ["novel", "theatrePlay", "poem", "essay"]
    static let libraries = [
        "Bibliothèque Mazarine", "Stadtbibliothek Köln", "国立国会図書館", "Central Public Library",
        "Biblioteca Nacional"
    ]
    static let streets = ["Quai de Conti", "Josef-Haubrich-Hof", "永田町", "Main Street", "Paseo de Recoletos"]
    static let cities = ["Paris", "Köln", "東京", "Springfield", "Madrid"]
    static let prizes = ["Prix Goncourt", "Georg-Büchner-Preis", "芥川賞", "Hugo Award", "Booker Prize", "Premio Cervantes"]
    static let paintingSubjects = ["Still Life", "Portrait", "Landscape", "Nocturne", "Étude", "Composition"]
    static let sectionTitles = ["Introduction", "Méthode", "Ergebnisse", "Discussion", "結論", "Appendix"]
    static let sentences = [
        "Lorem ipsum dolor sit amet.", "Voilà une phrase en français.", "Grüße aus Köln.",
        "これは段落です。", "The quick brown fox jumps over the lazy dog.", "Ça va très bien, merci."
    ]
    static let jobTitles = ["Chief Executive", "Director", "Manager", "Engineer"]
    static let teams = ["Les Bleus", "Die Füchse", "東京 Tigers", "Rovers", "Águilas", "Vikings", "Dragons", "Comets"]
    static let playerPositions = ["goalkeeper", "defender", "midfielder", "forward"]
}
