import TestSupport
import XCTest

@testable import AssocCore

/// The schemas and data of GRDB's association guides ("Associations", "Associations, In Depth"), built in memory.
/// Every row is written here by hand, so the expected results of the guide's tests can be computed by hand.
enum SeedSchemas {
    /// An in-memory database made of `sql` (DDL + inserts), with its schema read and its graph inferred.
    static func database(_ sql: String) throws -> Database {
        return try TestDatabase.make(sql)
    }

    /// Books with an author and a translator, both people; people have a country; books have a cover
    /// image and a library with an address. Graph names: `book.author`, `book.translator`, `person.country`,
    /// `person.booksAsAuthor`, `person.booksAsTranslator`, `book.coverImage`, `book.library`, `library.address`.
    ///
    ///     country: FR France, US USA, DE Germany
    ///     person:  1 Alice FR died 1990 | 2 Bob (no country) died NULL | 3 Carol US died 2005 | 4 Dave DE died NULL
    ///     book:    1 "Zeta"  author 1, translator 3, novel,  2000 | 2 "Alpha" author 2, no translator, poems, 2010
    ///              3 "Mid"   author 1, no translator, novel, 1980 | 4 "Beta"  author 3, translator 2, novel, 2010
    ///     coverImage: 1 for book 1 ("z.png") | library 1 "Central" with address 1 "1 Main St"; books 1 and 2 in it,
    ///     library 2 "Annex" without address; book 4 in library 2; book 3 without library.
    static func library() throws -> Database {
        try database(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES country(code), deathDate INTEGER);
            CREATE TABLE library(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE address(id INTEGER PRIMARY KEY, libraryId INTEGER NOT NULL UNIQUE REFERENCES library(id), street TEXT);
            CREATE TABLE book(
              id INTEGER PRIMARY KEY,
              authorId INTEGER NOT NULL REFERENCES person(id),
              translatorId INTEGER REFERENCES person(id),
              libraryId INTEGER REFERENCES library(id),
              title TEXT, kind TEXT, year INTEGER, publishDate INTEGER);
            CREATE TABLE coverImage(id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL UNIQUE REFERENCES book(id), path TEXT);
            INSERT INTO country VALUES ('FR', 'France'), ('US', 'USA'), ('DE', 'Germany');
            INSERT INTO person VALUES (1, 'Alice', 'FR', 1990), (2, 'Bob', NULL, NULL), (3, 'Carol', 'US', 2005), (4, 'Dave', 'DE', NULL);
            INSERT INTO library VALUES (1, 'Central'), (2, 'Annex');
            INSERT INTO address VALUES (1, 1, '1 Main St');
            INSERT INTO book VALUES
              (1, 1, 3, 1, 'Zeta', 'novel', 2000, 2000),
              (2, 2, NULL, 1, 'Alpha', 'poems', 2010, 2010),
              (3, 1, NULL, NULL, 'Mid', 'novel', 1980, 1980),
              (4, 3, 2, 2, 'Beta', 'novel', 2010, 2010);
            INSERT INTO coverImage VALUES (1, 1, 'z.png');
            """)
    }

    /// Authors (in an `author` table) with books and paintings: the aggregates chapter and 001.
    ///
    ///     author:   1 Ann (FR) | 2 Ben (US) | 3 Cid (FR) | 4 Dan (no country)
    ///     book:     1 Ann novel 2005 price 10 awards 1 | 2 Ann novel 2012 price 20 awards 0 | 3 Ann theatrePlay 2001 price 30 awards 2
    ///               4 Ben theatrePlay 1999 price 5 awards NULL
    ///     painting: 1 Ben | 2 Ben | 3 Dan
    static func authors() throws -> Database {
        try database(
            """
            CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT, country TEXT);
            CREATE TABLE book(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id),
                              title TEXT, kind TEXT, year INTEGER, price REAL, awards INTEGER);
            CREATE TABLE painting(id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id), title TEXT);
            INSERT INTO author VALUES (1, 'Ann', 'FR'), (2, 'Ben', 'US'), (3, 'Cid', 'FR'), (4, 'Dan', NULL);
            INSERT INTO book VALUES
              (1, 1, 'A1', 'novel', 2005, 10, 1),
              (2, 1, 'A2', 'novel', 2012, 20, 0),
              (3, 1, 'A3', 'theatrePlay', 2001, 30, 2),
              (4, 2, 'B1', 'theatrePlay', 1999, 5, NULL);
            INSERT INTO painting VALUES (1, 2, 'P1'), (2, 2, 'P2'), (3, 4, 'P3');
            """)
    }

    /// Teams and players, each player in one team at a position.
    ///
    ///     team:   1 Reds | 2 Blues | 3 Greens (no player)
    ///     player: 1 Zed team 1 position 3 score 50 | 2 Amy team 1 position 1 score 80 | 3 Max team 1 position 2 score NULL
    ///             4 Kim team 2 position 1 score 30
    static func teams() throws -> Database {
        try database(
            """
            CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE player(id INTEGER PRIMARY KEY, teamId INTEGER NOT NULL REFERENCES team(id), name TEXT, position INTEGER, score INTEGER);
            INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues'), (3, 'Greens');
            INSERT INTO player VALUES (1, 1, 'Zed', 3, 50), (2, 1, 'Amy', 1, 80), (3, 1, 'Max', 2, NULL), (4, 2, 'Kim', 1, 30);
            """)
    }

    /// Teams and players linked by player roles that hold the position.
    ///
    ///     team:       1 Reds | 2 Blues
    ///     player:     1 Zed | 2 Amy | 3 Max
    ///     playerRole: team 1: Zed position 2, Amy position 1, Max position 3 | team 2: Zed position 1
    static func teamsWithRoles() throws -> Database {
        try database(
            """
            CREATE TABLE team(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE playerRole(
              teamId INTEGER NOT NULL REFERENCES team(id),
              playerId INTEGER NOT NULL REFERENCES player(id),
              position INTEGER,
              PRIMARY KEY (teamId, playerId));
            INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
            INSERT INTO player VALUES (1, 'Zed'), (2, 'Amy'), (3, 'Max');
            INSERT INTO playerRole VALUES (1, 1, 2), (1, 2, 1), (1, 3, 3), (2, 1, 1);
            """)
    }

    /// Countries, citizens and passports (HasManyThrough); countries and demographics (HasOne).
    ///
    ///     country:  FR France | US USA | DE Germany
    ///     citizen:  1 Ann | 2 Ben | 3 Cid
    ///     passport: FR-Ann, US-Ann, FR-Ben, US-Cid
    ///     demographics: 1 FR population 67
    static func passports() throws -> Database {
        try database(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE citizen(id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE passport(
              countryCode TEXT NOT NULL REFERENCES country(code),
              citizenId INTEGER NOT NULL REFERENCES citizen(id),
              PRIMARY KEY (countryCode, citizenId));
            CREATE TABLE demographics(id INTEGER PRIMARY KEY, countryCode TEXT NOT NULL UNIQUE REFERENCES country(code), population INTEGER);
            INSERT INTO country VALUES ('FR', 'France'), ('US', 'USA'), ('DE', 'Germany');
            INSERT INTO citizen VALUES (1, 'Ann'), (2, 'Ben'), (3, 'Cid');
            INSERT INTO passport VALUES ('FR', 1), ('US', 1), ('FR', 2), ('US', 3);
            INSERT INTO demographics VALUES (1, 'FR', 67);
            """)
    }

    /// Documents, sections and paragraphs (HasManyThrough as a shortcut through nested associations).
    ///
    ///     document:  1 Guide | 2 Empty
    ///     section:   1 doc 1 | 2 doc 1
    ///     paragraph: 1 section 1 "p1" | 2 section 2 "p2" | 3 section 2 "p3"
    static func documents() throws -> Database {
        try database(
            """
            CREATE TABLE document(id INTEGER PRIMARY KEY, title TEXT);
            CREATE TABLE section(id INTEGER PRIMARY KEY, documentId INTEGER NOT NULL REFERENCES document(id));
            CREATE TABLE paragraph(id INTEGER PRIMARY KEY, sectionId INTEGER NOT NULL REFERENCES section(id), text TEXT);
            INSERT INTO document VALUES (1, 'Guide'), (2, 'Empty');
            INSERT INTO section VALUES (1, 1), (2, 1);
            INSERT INTO paragraph VALUES (1, 1, 'p1'), (2, 2, 'p2'), (3, 2, 'p3');
            """)
    }

    /// Employees with an optional manager (self join).
    ///
    ///     employee: 1 Boss (no manager) | 2 Mia manager 1 | 3 Leo manager 1 | 4 Kid manager 2
    static func employees() throws -> Database {
        try database(
            """
            CREATE TABLE employee(id INTEGER PRIMARY KEY, managerId INTEGER REFERENCES employee(id), name TEXT);
            CREATE INDEX employee_managerId ON employee(managerId);
            INSERT INTO employee VALUES (1, NULL, 'Boss'), (2, 1, 'Mia'), (3, 1, 'Leo'), (4, 2, 'Kid');
            """)
    }
}

/// Shorthands for the assertions of the seed tests.
extension Database {
    /// The SQL and arguments of the main statement of `request`.
    func sqlAndArguments(_ request: Request) throws -> (String, [DatabaseValue]) {
        let statement = try mainStatement(for: request)
        return (statement.sql, statement.arguments)
    }
}

extension Row {
    /// The value of `column` in the scope `key` (searched through nested scopes), nil when the scope is absent.
    func scoped(_ key: String, _ column: String) -> DatabaseValue? {
        scopeTree(key)?[column]
    }
}
