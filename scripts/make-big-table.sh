#!/bin/sh
# Builds a SQLite database with one table of N rows (default 10 million) for trying the
# browser's paging: scripts/make-big-table.sh [path] [rows]. Never committed (it lives in /tmp).
set -eu
DB="${1:-/tmp/assoc-big.sqlite}"
ROWS="${2:-10000000}"
rm -f "$DB"
sqlite3 "$DB" <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE category (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO category (id, name) VALUES (1, 'red'), (2, 'green'), (3, 'blue');
CREATE TABLE big (
  id INTEGER PRIMARY KEY,
  categoryId INTEGER NOT NULL REFERENCES category(id),
  label TEXT NOT NULL,
  value REAL NOT NULL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ROWS)
INSERT INTO big (id, categoryId, label, value) SELECT i, 1 + i % 3, 'row ' || i, i * 0.5 FROM n;
SQL
echo "$DB: $(sqlite3 "$DB" 'SELECT count(*) FROM big') rows in big"
