#!/usr/bin/env python3
"""Peak memory and time of the release `assoc` on cells of 200 MB: `fetch` in every format, and
the browser showing each table (first screen, the last column, the record view), next to the
sqlite3 shell's CSV of the same table. The tables: `hex` (a 200 MB TEXT of hex digits),
`accents` (200 MB of `é`), `quotes` (200 MB of `"`), `blob` (a 200 MB BLOB) and `pair` (a
200 MB TEXT and a 200 MB BLOB in one row, more than SQLite's 256 MB heap limit at once).

Usage: scripts/measure-big-cells.py [--assoc PATH] [--db PATH]   (default: the release build,
/tmp/assoc-big-cells.sqlite, built when missing: about 1.2 GB of disk)
"""
import argparse
import os
import subprocess
import tempfile
import time

from ptyprocess import PtyProcess, peak_kb, release_assoc

SIZE = 200_000_000
TABLES = {
    "hex": f"hex(randomblob({SIZE // 2}))",
    "accents": f"replace(hex(zeroblob({SIZE // 2})), '00', 'é')",
    "quotes": f"replace(hex(zeroblob({SIZE // 2})), '0', '\"')",
    "blob": f"randomblob({SIZE})",
}
FORMATS = ["csv", "tsv", "json", "ndjson", "sql", "markdown", "table", "debug"]


def build(db):
    statements = ["CREATE TABLE pair (id INTEGER PRIMARY KEY, label TEXT, a TEXT, b BLOB);",
                  f"INSERT INTO pair VALUES (1, 'big', hex(randomblob({SIZE // 2})), randomblob({SIZE}));",
                  "INSERT INTO pair VALUES (2, 'small', 'x', X'01');"]
    for name, value in TABLES.items():
        statements.append(f"CREATE TABLE {name} (id INTEGER PRIMARY KEY, label TEXT, value);")
        statements.append(f"INSERT INTO {name} VALUES (1, 'big', {value}), (2, 'small', 'x');")
    subprocess.run(["sqlite3", db], input="\n".join(statements), text=True, check=True)


def timed(argv):
    """Exit status, seconds and peak resident KB of `argv`, its output to /dev/null."""
    with tempfile.NamedTemporaryFile("r") as usage:
        started = time.perf_counter()
        status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", usage.name] + argv,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode
        elapsed = time.perf_counter() - started
        lines = usage.read().split()
        return status, elapsed, int(lines[-1]) if lines else 0


def browser_peak(assoc, db, table):
    process = PtyProcess([assoc, db, "--table", table])
    process.read_for(5, until=lambda output: b"small" in output)
    process.send("last column", b"$")
    process.read_for(1)
    process.send("record view", b"\r")
    process.read_for(1)
    peak = peak_kb(process.pid)
    process.close()
    return peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--db", default="/tmp/assoc-big-cells.sqlite")
    args = parser.parse_args()
    assoc = args.assoc or release_assoc()
    if not os.path.exists(args.db):
        build(args.db)
    tables = list(TABLES) + ["pair"]
    print(f"{'table':<8} {'command':<18} {'status':>6} {'seconds':>8} {'peak MB':>8}")
    for table in tables:
        for fmt in FORMATS:
            status, seconds, peak = timed([assoc, "fetch", args.db, table, "--format", fmt])
            print(f"{table:<8} {'fetch ' + fmt:<18} {status:>6} {seconds:>8.2f} {peak / 1024:>8.0f}")
        status, seconds, peak = timed(["sqlite3", "-csv", args.db, f"SELECT * FROM {table}"])
        print(f"{table:<8} {'sqlite3 -csv':<18} {status:>6} {seconds:>8.2f} {peak / 1024:>8.0f}")
        print(f"{table:<8} {'browser':<18} {'':>6} {'':>8} {browser_peak(assoc, args.db, table) / 1024:>8.0f}")


if __name__ == "__main__":
    main()
