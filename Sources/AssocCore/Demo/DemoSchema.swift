/// The SQL of the demo "library" database: one schema that shows every kind of association.
///
/// - belongsTo / hasMany: `book.authorId → person`, `book.translatorId → person` (nullable),
///   `prize.bookId → book`, `painting.authorId → person`, `person.countryCode → country`.
/// - hasOne: `demographics.countryCode UNIQUE → country`, `coverImage.bookId UNIQUE → book` (optional),
///   `address.libraryId UNIQUE → library` (so a book has one address through its library).
/// - hasManyThrough: `passport` (composite primary key) joins `country` and `citizen`;
///   `playerRole` (WITHOUT ROWID) joins `team` and `player`; `document → section → paragraph`.
/// - self join: `employee.managerId → employee`.
enum DemoSchema {
    /// Tables, created before the data is inserted.
    static let tables = """
        CREATE TABLE country (
          code TEXT NOT NULL PRIMARY KEY,
          name TEXT NOT NULL);
        CREATE TABLE demographics (
          id INTEGER PRIMARY KEY,
          countryCode TEXT NOT NULL UNIQUE REFERENCES country(code),
          population INTEGER NOT NULL,
          lifeExpectancy REAL);
        CREATE TABLE person (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          birthYear INTEGER,
          countryCode TEXT REFERENCES country(code));
        CREATE TABLE library (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL);
        CREATE TABLE address (
          id INTEGER PRIMARY KEY,
          libraryId INTEGER NOT NULL UNIQUE REFERENCES library(id),
          street TEXT NOT NULL,
          city TEXT NOT NULL);
        CREATE TABLE book (
          id INTEGER PRIMARY KEY,
          authorId INTEGER NOT NULL REFERENCES person(id),
          translatorId INTEGER REFERENCES person(id),
          libraryId INTEGER REFERENCES library(id),
          title TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('novel', 'theatrePlay', 'poem', 'essay')),
          year INTEGER,
          price REAL,
          awards INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE coverImage (
          id INTEGER PRIMARY KEY,
          bookId INTEGER NOT NULL UNIQUE REFERENCES book(id),
          url TEXT NOT NULL,
          width INTEGER,
          height INTEGER);
        CREATE TABLE prize (
          id INTEGER PRIMARY KEY,
          bookId INTEGER NOT NULL REFERENCES book(id),
          name TEXT NOT NULL,
          year INTEGER);
        CREATE TABLE painting (
          id INTEGER PRIMARY KEY,
          authorId INTEGER NOT NULL REFERENCES person(id),
          title TEXT NOT NULL,
          year INTEGER);
        CREATE TABLE citizen (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL);
        CREATE TABLE passport (
          countryCode TEXT NOT NULL REFERENCES country(code),
          citizenId INTEGER NOT NULL REFERENCES citizen(id),
          issuedYear INTEGER,
          PRIMARY KEY (countryCode, citizenId));
        CREATE TABLE document (
          id INTEGER PRIMARY KEY,
          title TEXT NOT NULL);
        CREATE TABLE section (
          id INTEGER PRIMARY KEY,
          documentId INTEGER NOT NULL REFERENCES document(id),
          position INTEGER NOT NULL,
          title TEXT);
        CREATE TABLE paragraph (
          id INTEGER PRIMARY KEY,
          sectionId INTEGER NOT NULL REFERENCES section(id),
          position INTEGER NOT NULL,
          body TEXT NOT NULL);
        CREATE TABLE employee (
          id INTEGER PRIMARY KEY,
          managerId INTEGER REFERENCES employee(id),
          name TEXT NOT NULL,
          title TEXT);
        CREATE TABLE team (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL);
        CREATE TABLE player (
          id INTEGER PRIMARY KEY,
          teamId INTEGER REFERENCES team(id),
          name TEXT NOT NULL,
          position TEXT,
          score INTEGER);
        CREATE TABLE playerRole (
          teamId INTEGER NOT NULL REFERENCES team(id),
          playerId INTEGER NOT NULL REFERENCES player(id),
          position TEXT,
          PRIMARY KEY (teamId, playerId)) WITHOUT ROWID;
        """

    /// Indexes on foreign key columns, created after the data (faster than maintaining them row by row).
    static let indexes = """
        CREATE INDEX person_countryCode ON person(countryCode);
        CREATE INDEX book_authorId ON book(authorId);
        CREATE INDEX book_translatorId ON book(translatorId);
        CREATE INDEX book_libraryId ON book(libraryId);
        CREATE INDEX prize_bookId ON prize(bookId);
        CREATE INDEX painting_authorId ON painting(authorId);
        CREATE INDEX passport_citizenId ON passport(citizenId);
        CREATE INDEX section_documentId ON section(documentId);
        CREATE INDEX paragraph_sectionId ON paragraph(sectionId);
        CREATE INDEX employee_managerId ON employee(managerId);
        CREATE INDEX player_teamId ON player(teamId);
        CREATE INDEX playerRole_playerId ON playerRole(playerId);
        """

    /// Table names in creation order.
    static let tableNames = [
        "country", "demographics", "person", "library", "address", "book", "coverImage", "prize", "painting",
        "citizen", "passport", "document", "section", "paragraph", "employee", "team", "player", "playerRole"
    ]
}
