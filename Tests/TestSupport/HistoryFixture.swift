/// A browser history file's shape, built by the tests: `places(id…)`, `visits(place_id…)`,
/// `bookmarks(id, fk, parent…)` where `fk → places.id` and `parent → bookmarks.id` (key columns not
/// named after their table), with decoys: `visits.visit_type` (1…3, found in `places.id` by chance),
/// `visits.session` (found nowhere), `annos.place_ref` (39 of 40 values found in `places.id`).
public enum HistoryFixture {
    public static let sql = """
        CREATE TABLE places (id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, visit_count INTEGER NOT NULL);
        CREATE TABLE visits (id INTEGER PRIMARY KEY, place_id INTEGER NOT NULL REFERENCES places(id),
          visit_type INTEGER NOT NULL, session INTEGER);
        CREATE INDEX visits_place ON visits(place_id);
        CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, fk INTEGER REFERENCES places(id),
          parent INTEGER REFERENCES bookmarks(id), position INTEGER NOT NULL, title TEXT);
        CREATE INDEX bookmarks_fk ON bookmarks(fk);
        CREATE INDEX bookmarks_parent ON bookmarks(parent);
        CREATE TABLE annos (id INTEGER PRIMARY KEY, place_ref INTEGER NOT NULL, content TEXT);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
          INSERT INTO places SELECT i, 'https://example.com/' || i, i % 7 FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
          INSERT INTO visits SELECT i, (i * 7) % 60 + 1, i % 3 + 1, 1000 + i FROM n;
        INSERT INTO bookmarks VALUES (1, NULL, NULL, 0, 'root'), (2, NULL, 1, 0, 'menu'), (3, NULL, 1, 1, 'toolbar');
        WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
          INSERT INTO bookmarks SELECT i, i * 2, i % 3 + 1, i, 'b' || i FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
          INSERT INTO annos SELECT i, CASE WHEN i = 40 THEN 999 ELSE i END, 'note' FROM n;
        """

    /// `sql` with every `REFERENCES table(columns)` clause removed.
    public static func withoutReferences(_ sql: String) throws -> String {
        let clause = try Regex(#"\s+REFERENCES\s+("[^"]+"|\w+)(\s*\([^)]*\))?"#).ignoresCase()
        return sql.replacing(clause, with: "")
    }
}
