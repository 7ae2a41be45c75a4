/// Fixed cases of the codegen check (`--codegen`, alone with `--fixed-only`): requests of the
/// guides that GRDB's straightforward spelling does not run, each compiled as `assoc swift
/// --program` and compared with `assoc fetch --format json` on a database built from its SQL.
/// One entry per case; other files may add lists of their own to `CodegenFixedCase.all`.
struct CodegenFixedCase: Sendable {
    /// A short name, unique among the cases (also the name of its database file).
    var name: String
    /// The statements that build the case's database: its schema and rows.
    var sql: String
    /// An `--associations` file's text, when the request needs declared associations.
    var associations: String? = nil
    /// The request, in Assoc's language.
    var request: String
    /// Rows and prefetched rows compared in order (the request orders them); else as multisets.
    var exactOrder = false
}

extension CodegenFixedCase {
    /// Every fixed case.
    static var all: [CodegenFixedCase] { knownIssues + idioms }

    /// The guide's passport delivery schema: countries, citizens, and the passports between them.
    static let passportsSQL = """
        CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE citizen (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE passport (
            countryCode TEXT NOT NULL REFERENCES country(code),
            citizenId INTEGER NOT NULL REFERENCES citizen(id),
            PRIMARY KEY (countryCode, citizenId));
        INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany'), ('IT', 'Italy');
        INSERT INTO citizen VALUES (1, 'Arthur'), (2, 'Barbara'), (3, 'Craig'), (4, 'Dana');
        INSERT INTO passport VALUES ('FR', 1), ('DE', 1), ('FR', 2), ('DE', 3), ('IT', 3);
        """

    /// The guide's authors and books, with death and publishing dates (posthumous books).
    static let authorsSQL = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, deathDate TEXT);
        CREATE TABLE book (
            id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id),
            title TEXT NOT NULL, publishDate TEXT);
        INSERT INTO author VALUES (1, 'Kafka', '1924-06-03'), (2, 'Austen', '1817-07-18'), (3, 'Living', NULL);
        INSERT INTO book VALUES
            (1, 1, 'The Trial', '1925-04-26'), (2, 1, 'Metamorphosis', '1915-10-01'), (3, 1, 'The Castle', '1926-01-01'),
            (4, 2, 'Persuasion', '1817-12-20'), (5, 2, 'Emma', '1815-12-23'), (6, 3, 'New', '2020-01-01'), (7, NULL, 'Orphan', '2000-01-01');
        """

    /// Albums and tracks: 0, 1, 3 and 4 tracks.
    static let albumsSQL = """
        CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE track (id INTEGER PRIMARY KEY, albumId INTEGER REFERENCES album(id), title TEXT NOT NULL, milliseconds INTEGER);
        INSERT INTO album VALUES (1, 'Empty'), (2, 'Single'), (3, 'Trio'), (4, 'Quartet');
        INSERT INTO track VALUES (1, 2, 'Solo', 1000),
            (2, 3, 'Zeta', 2000), (3, 3, 'Alpha', 3000), (4, 3, 'Mu', 4000),
            (5, 4, 'Delta', 5000), (6, 4, 'Beta', 6000), (7, 4, 'Gamma', 7000), (8, 4, 'Epsilon', 8000);
        """

    /// The guides' two Known Issues (GRDB: "Not implemented: merging a direct association and an
    /// indirect one with including(all:)"; "no such column: a.deathDate"), and a condition on an
    /// aggregate annotation's name (GRDB: "no such column" when written as a column).
    static let knownIssues: [CodegenFixedCase] = [
        CodegenFixedCase(
            name: "passports-then-citizens", sql: passportsSQL,
            request: "Country.including(all: passports).including(all: citizens)"),
        CodegenFixedCase(
            name: "citizens-then-passports", sql: passportsSQL,
            request: "Country.including(all: citizens).including(all: passports)"),
        CodegenFixedCase(
            name: "posthumous-books", sql: authorsSQL,
            request: #"Author.aliased("a").including(all: books.filter(publishDate >= a.deathDate))"#),
        CodegenFixedCase(
            name: "posthumous-books-ordered", sql: authorsSQL,
            request: #"Author.aliased("a").filter(a.deathDate IS NOT NULL).order(name).including(all: books.filter(publishDate >= a.deathDate).order(publishDate.desc))"#,
            exactOrder: true),
        CodegenFixedCase(
            name: "having-on-annotation", sql: albumsSQL,
            request: "Album.annotated(with: tracks.count).having(trackCount > 2)"),
        CodegenFixedCase(
            name: "filter-on-annotation", sql: albumsSQL,
            request: "Album.annotated(with: tracks.count).filter(trackCount >= 1).order(trackCount.desc)",
            exactOrder: true),
        CodegenFixedCase(
            name: "having-on-computed-annotation", sql: albumsSQL,
            request: #"Album.annotated(with: (tracks.count * 2).forKey("twice")).having(twice > 4)"#),
    ]

    /// Code as a GRDB user writes it (issue 29, item 9): `filter(sql:arguments:)`, `isEmpty ==
    /// false`, an alias's columns, a declared default ordering in the declaration.
    static let idioms: [CodegenFixedCase] = [
        CodegenFixedCase(
            name: "filter-sql", sql: albumsSQL,
            request: #"Track.filter(sql: "length(title) > ?", arguments: [4])"#),
        CodegenFixedCase(
            name: "filter-sql-in-prefetch", sql: albumsSQL,
            request: #"Album.including(all: tracks.filter(sql: "milliseconds > ?", arguments: [2500]))"#),
        CodegenFixedCase(
            name: "is-empty-false", sql: albumsSQL,
            request: "Album.having(tracks.isEmpty == false && !tracks.isEmpty)"),
        CodegenFixedCase(
            name: "alias-columns", sql: albumsSQL,
            request: #"Track.aliased("t").filter(t.milliseconds > 2500).including(required: album.filter(title != t.title))"#),
        CodegenFixedCase(
            name: "declared-ordering-prefetched", sql: albumsSQL,
            associations: #"Album.hasMany(Track, key: "orderedTracks", using: [albumId]).order(title)"#,
            request: "Album.order(id).including(all: orderedTracks)", exactOrder: true),
        CodegenFixedCase(
            name: "declared-ordering-joined-and-counted", sql: albumsSQL,
            associations: #"Album.hasMany(Track, key: "orderedTracks", using: [albumId]).order(title)"#,
            request: "Album.annotated(with: orderedTracks.count).including(optional: orderedTracks.forKey(\"firstTrack\").filter(milliseconds < 2500))"),
    ]
}
