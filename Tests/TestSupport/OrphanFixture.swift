/// A database whose links do not all hold (foreign keys are not enforced by default), its
/// orphans counted by hand: `driver.nationalityCountry` 3 (drivers 2, 4, 6), `driver.team`
/// (inferred from the name `teamId`) 2 (drivers 3, 5), `driver.mentor` (declared in
/// `associations`) 1 (driver 3), `result.driver` 1 (result 3), `result.race` (a composite key)
/// 2 (results 2, 4; result 3's NULL season is no orphan).
public enum OrphanFixture {
    public static let sql = """
        CREATE TABLE country (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE driver (id INTEGER PRIMARY KEY, name TEXT, nationalityCountryId INTEGER REFERENCES country(id),
          teamId INTEGER, mentorRef INTEGER);
        CREATE TABLE race (season INTEGER, round INTEGER, name TEXT, PRIMARY KEY (season, round));
        CREATE TABLE result (id INTEGER PRIMARY KEY, driverId INTEGER NOT NULL REFERENCES driver(id), season INTEGER, round INTEGER,
          FOREIGN KEY (season, round) REFERENCES race(season, round));
        INSERT INTO country VALUES (1, 'France'), (2, 'Germany');
        INSERT INTO team VALUES (1, 'Red'), (2, 'Blue');
        INSERT INTO driver VALUES (1, 'Ada', 1, 1, NULL), (2, 'Bob', 3, 2, 1), (3, 'Cy', NULL, 5, 9), (4, 'Di', 4, NULL, 2),
          (5, 'Ed', 2, 7, 5), (6, 'Flo', 99, 1, NULL);
        INSERT INTO race VALUES (2020, 1, 'Opening'), (2020, 2, 'Second');
        INSERT INTO result VALUES (1, 1, 2020, 1), (2, 2, 2020, 3), (3, 8, NULL, 1), (4, 1, 2019, 1), (5, 3, 2020, 2);
        """

    /// The declared association of the fixture, in the `--associations` format.
    public static let associations = #"driver.belongsTo(driver, key: "mentor", using: [mentorRef], to: [id])"#

    /// The orphans per association, `origin.name`, counted by hand.
    public static let orphans: [String: Int] = [
        "driver.nationalityCountry": 3, "driver.team": 2, "driver.mentor": 1, "result.driver": 1, "result.race": 2
    ]
}
