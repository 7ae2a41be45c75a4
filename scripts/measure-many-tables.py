#!/usr/bin/env python3
"""Times the release `assoc` on a ring of 30,000 tables (each with a foreign key to the next) next
to the sqlite3 CLI reading the same facts, in the same run: SQLite's schema load alone (the floor
of any command that opens the file), and the load plus every table's columns and foreign keys
(what `schema`, `sql` and `fetch` need). Prints medians, peak memory, and each command's time as
a ratio of those two peers, so the figures compare across machines.

Usage: scripts/measure-many-tables.py [--assoc PATH] [--db PATH] [--tables N] [--rounds N]
Without --assoc it builds and uses the release binary; DB (default /tmp/assoc-ring.sqlite) is built
when missing, with N tables (default 30,000).
"""
import argparse
import os
import sqlite3
import statistics
import subprocess
import time

import pyte
from ptyprocess import COLUMNS, LINES, PtyProcess, release_assoc, screen_text

REQUEST = "t0.filter(id <= 3).including(required: t1)"
FACTS = (
    "SELECT count(*) FROM sqlite_schema AS s JOIN pragma_table_xinfo(s.name) WHERE s.type = 'table';"
    "SELECT count(*) FROM sqlite_schema AS s JOIN pragma_foreign_key_list(s.name) WHERE s.type = 'table';"
)


def ensure_ring(path, count):
    if os.path.exists(path):
        return
    connection = sqlite3.connect(path)
    statements = "".join(
        f"CREATE TABLE t{i}(id INTEGER PRIMARY KEY, next INTEGER REFERENCES t{(i + 1) % count}(id));"
        for i in range(count))
    connection.executescript(
        "BEGIN;" + statements + "INSERT INTO t0 VALUES (1,1),(2,2),(3,3);INSERT INTO t1 VALUES (1,1),(2,2),(3,3);COMMIT;")
    connection.close()


def timed(argv):
    """Wall seconds and peak resident KB of one run, its output discarded."""
    started = time.monotonic()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, _, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    return elapsed, usage.ru_maxrss


def first_screen(assoc, db):
    """Seconds from the browser's start to its first screen (the table list), and to the links of
    the selected table t0 (which need every table's foreign keys)."""
    process = PtyProcess([assoc, db])
    process.read_for(60, until=lambda output: "hasManyThrough" in screen_text(process))
    process.close()
    screen = pyte.Screen(COLUMNS, LINES)
    stream = pyte.ByteStream(screen)
    tables = links = float("nan")
    for arrived, data in process.chunks:
        stream.feed(data)
        text = "\n".join(screen.display)
        if tables != tables and "Tables" in text and "t15" in text:
            tables = arrived - process.started
        if "hasManyThrough" in text:
            links = arrived - process.started
            break
    return tables, links


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--db", default="/tmp/assoc-ring.sqlite")
    parser.add_argument("--tables", type=int, default=30000)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    assoc = arguments.assoc or release_assoc()
    ensure_ring(arguments.db, arguments.tables)
    db = arguments.db

    commands = {
        "sqlite3: schema load": ["sqlite3", "-readonly", db, "SELECT count(*) FROM sqlite_schema"],
        "sqlite3: load + columns + foreign keys": ["sqlite3", "-readonly", db, FACTS],
        "assoc schema (text)": [assoc, "schema", db],
        "assoc schema --format json": [assoc, "schema", db, "--format", "json"],
        "assoc sql": [assoc, "sql", db, REQUEST],
        "assoc fetch --format csv": [assoc, "fetch", db, REQUEST, "--format", "csv"],
    }
    times = {name: [] for name in commands}
    peaks = {name: 0 for name in commands}
    screens = []
    for _ in range(arguments.rounds):
        for name, argv in commands.items():
            elapsed, peak = timed(argv)
            times[name].append(elapsed)
            peaks[name] = max(peaks[name], peak)
        screens.append(first_screen(assoc, db))

    load = statistics.median(times["sqlite3: schema load"])
    facts = statistics.median(times["sqlite3: load + columns + foreign keys"])
    print(f"{arguments.tables} tables, {arguments.rounds} rounds, load average {os.getloadavg()[0]:.2f}")
    print(f"{'command':42} {'median':>8} {'peak MB':>8} {'÷ load':>7} {'÷ facts':>8}")
    rows = [(name, statistics.median(values), peaks[name] / 1024) for name, values in times.items()]
    rows.append(("assoc browser: first screen (table list)", statistics.median(s[0] for s in screens), float("nan")))
    rows.append(("assoc browser: links of t0 shown", statistics.median(s[1] for s in screens), float("nan")))
    for name, median, peak in rows:
        peak_text = "" if peak != peak else f"{peak:.1f}"
        print(f"{name:42} {median:7.2f}s {peak_text:>8} {median / load:7.2f} {median / facts:8.2f}")


if __name__ == "__main__":
    main()
