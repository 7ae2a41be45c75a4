import AssocCore
import TestSupport
import XCTest

/// An association declared in Swift whose join columns can not be found names the association,
/// its tables and its kind, not only "the foreign key".
final class MissingForeignKeyErrorTests: XCTestCase {
    struct Genre: TableRecord, FetchableRecord {
        static let tracks = hasMany(Track.self)
        static let songs = hasMany(Track.self, key: "songs")
        var id: Int
    }

    struct Track: TableRecord, FetchableRecord {
        static let genre = belongsTo(Genre.self)
        static let composer = belongsTo(Person.self)
        var id: Int
    }

    struct Person: TableRecord, FetchableRecord {
        var id: Int
    }

    /// `track.genreId` declares no foreign key; `track` has two to `person`.
    private func makeDatabase() throws -> Database {
        try TestDatabase.make(
            """
            CREATE TABLE genre(id INTEGER PRIMARY KEY);
            CREATE TABLE person(id INTEGER PRIMARY KEY);
            CREATE TABLE track(id INTEGER PRIMARY KEY, genreId INTEGER,
                composerId INTEGER REFERENCES person(id), lyricistId INTEGER REFERENCES person(id));
            """)
    }

    func testNoForeignKeyNamesTheAssociationItsTablesAndKind() throws {
        let db = try makeDatabase()
        XCTAssertThrowsError(try db.fetchAll(Genre.all.including(all: Genre.tracks))) { error in
            XCTAssertEqual(
                error as? AssocError,
                .invalidAssociation(
                    "tracks", table: "genre",
                    reason:
                        #"association "tracks" of "genre" (hasMany "track"): could not infer the foreign key from "track" to "genre": provide the columns with using: ForeignKey([...], to: [...])"#
                ))
        }
        XCTAssertThrowsError(try db.fetchAll(Genre.all.including(required: Genre.songs))) { error in
            XCTAssertTrue(AssocError.message(for: error).hasPrefix(#"association "songs" of "genre" (hasMany "track"): "#), "\(error)")
        }
        XCTAssertThrowsError(try db.fetchAll(Track.all.including(optional: Track.genre))) { error in
            XCTAssertTrue(AssocError.message(for: error).hasPrefix(#"association "genre" of "track" (belongsTo "genre"): "#), "\(error)")
        }
    }

    func testSeveralForeignKeysNameTheAssociation() throws {
        let db = try makeDatabase()
        XCTAssertThrowsError(try db.fetchAll(Track.all.including(optional: Track.composer))) { error in
            XCTAssertEqual(
                AssocError.message(for: error),
                #"association "person" of "track" (belongsTo "person"): several foreign keys lead from "track" to "person": provide the columns with using: ForeignKey([...], to: [...])"#
            )
        }
    }
}
