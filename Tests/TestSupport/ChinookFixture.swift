import AssocCore

/// A small Chinook-like database, built in memory: AC/DC has 2 albums; its first album has
/// 3 tracks, one without a genre (so a required genre keeps 2); an artist bio makes a hasOne.
/// The browser's unit tests open it in memory, its end-to-end tests from a file.
public enum ChinookFixture {
    public static let sql = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE ArtistBio (BioId INTEGER PRIMARY KEY, ArtistId INTEGER NOT NULL UNIQUE REFERENCES Artist(ArtistId), Text TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL, ArtistId INTEGER NOT NULL REFERENCES Artist(ArtistId));
        CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE MediaType (MediaTypeId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL, AlbumId INTEGER REFERENCES Album(AlbumId),
          MediaTypeId INTEGER NOT NULL REFERENCES MediaType(MediaTypeId), GenreId INTEGER REFERENCES Genre(GenreId),
          Composer TEXT, Milliseconds INTEGER NOT NULL, UnitPrice NUMERIC NOT NULL);
        CREATE TABLE Playlist (PlaylistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE PlaylistTrack (PlaylistId INTEGER NOT NULL REFERENCES Playlist(PlaylistId),
          TrackId INTEGER NOT NULL REFERENCES Track(TrackId), PRIMARY KEY (PlaylistId, TrackId));
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
        INSERT INTO ArtistBio VALUES (1, 1, 'Australian rock band');
        INSERT INTO Album VALUES (1, 'For Those About To Rock We Salute You', 1), (2, 'Balls to the Wall', 2),
          (3, 'Restless and Wild', 2), (4, 'Let There Be Rock', 1);
        INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Jazz');
        INSERT INTO MediaType VALUES (1, 'MPEG audio file');
        INSERT INTO Track VALUES
          (1, 'For Those About To Rock (We Salute You)', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 343719, 0.99),
          (2, 'Balls to the Wall', 2, 1, 1, NULL, 342562, 0.99),
          (3, 'Fast As a Shark', 3, 1, 1, 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman', 230619, 0.99),
          (4, 'Restless and Wild', 3, 1, NULL, 'F. Baltes, R.A. Smith-Diesel, S. Kaufman', 252051, 0.99),
          (5, 'Go Down', 4, 1, 1, 'AC/DC', 331180, 0.99),
          (6, 'Put The Finger On You', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 205662, 0.99),
          (7, 'Let''s Get It Up', 1, 1, NULL, 'Angus Young, Malcolm Young, Brian Johnson', 233926, 0.99);
        INSERT INTO Playlist VALUES (1, 'Music'), (2, 'Empty');
        INSERT INTO PlaylistTrack VALUES (1, 1), (1, 2), (1, 6);
        """

    public static func database() throws -> Database {
        try TestDatabase.make(sql)
    }
}
