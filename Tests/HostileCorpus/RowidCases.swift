import AssocCore
import Foundation

extension HostileCases {
    /// Columns named `rowid`, `_rowid_` or `oid` shadow the rowid in SQL: the key must still be
    /// the real rowid, or the table keyless when all three names are columns.
    public static var rowidCases: [HostileCase] {
        [
            HostileCase(
                name: "a column named rowid shadows the rowid: filter(key:) finds the row, not the column's value",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "rowid.db",
                        """
                        CREATE TABLE t (rowid INTEGER, v TEXT);
                        INSERT INTO t VALUES (1, 'rowid column is 1'), (1, 'second row by rowid'), (2, 'third');
                        """)
                }, request: "t.filter(key: 2)", expectation: .opens(fetchContains: ["second row by rowid"])),
            HostileCase(
                name: "columns named rowid and _rowid_: the key is oid",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "rowid.db",
                        """
                        CREATE TABLE t (ROWID TEXT, _rowid_ TEXT, v TEXT);
                        INSERT INTO t VALUES ('3', '3', 'first'), ('3', '3', 'second row by oid'), ('3', '3', 'last');
                        """)
                }, request: "t.filter(keys: [2])", expectation: .opens(fetchContains: ["second row by oid"])),
            HostileCase(
                name: "columns named rowid, _rowid_ and oid: no key",
                build: { dir in
                    try CorpusBuilder.database(
                        dir, "rowid.db",
                        """
                        CREATE TABLE t (rowid INTEGER, _rowid_ INTEGER, oid INTEGER, v TEXT);
                        INSERT INTO t VALUES (1, 1, 1, 'a'), (1, 1, 1, 'b');
                        """)
                }, request: "t.filter(key: 1)", expectation: .opensButFetchFails("hide the rowid"))
        ]
    }
}
