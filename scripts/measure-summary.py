#!/usr/bin/env python3
"""Times `I` (the summary of the view's columns) in the release `assoc` browser on a big table,
next to `sqlite3 -readonly` running the same first statement (the scan of the first column), both
in a pseudo-terminal: from the key (or the process start) to the output that completes the line.
Also: Esc while the other columns compute (until the grid is back), and the browser's peak memory
before `I` and after the summary is done.

Usage: scripts/measure-summary.py [--assoc PATH] [--db PATH] [--rows N] [--rounds N]
Without --assoc it builds and uses the release binary; DB (default /tmp/assoc-big.sqlite, built by
scripts/make-big-table.sh when missing) holds a table `big` (id, categoryId, label, value).
"""
import argparse
import re
import statistics

from ptyprocess import PtyProcess, ensure_table, peak_kb, release_assoc, screen_text

# The first column's line once its scan came: its NULLs known (a number, or ? past the 2 s).
FIRST_LINE = re.compile(r"│id\s+│[^│]*│\s+(\d+|\?) │")


def scan_sql(column, width=4):
    """The scan AssocCore runs first for column `column` (1-based) of `SELECT * FROM "big"`."""
    names = ", ".join(f'"c{i}"' for i in range(1, width + 1))
    c = f'"c{column}"'
    return (f'WITH "summarized"({names}) AS (SELECT * FROM "big") SELECT COUNT(*), COUNT({c}), MIN({c}), MAX({c}), '
            f"AVG(CASE WHEN typeof({c}) IN ('integer', 'real') THEN {c} END) FROM \"summarized\"")


def sqlite3_time(db):
    process = PtyProcess(["sqlite3", "-readonly", db, scan_sql(1)])
    process.read_for(60)
    process.close()
    done = process.chunks[-1][0]
    return done - process.started, screen_text(process).strip().split("\n")[0]


def closed(screen):
    """The grid is back (Esc closed the summary, the column computing interrupted)."""
    return "Rows: big" in screen and "Summary: big" not in screen


def done(screen):
    """The summary is open and every column came (the title no longer counts `n/4 done`)."""
    return "Summary: big" in screen and re.search(r"\d+/\d+ done", screen) is None


def assoc_round(assoc, db):
    process = PtyProcess([assoc, db, "--table", "big"])
    process.read_for(5, until=lambda output: b"row 15 " in output)
    process.read_for(0.3)
    before = peak_kb(process.pid)
    process.send("I", b"I")
    process.read_for(10, until=lambda output: FIRST_LINE.search(screen_text(process) or "") is not None)
    process.read_for(0.3)
    process.send("Esc", b"\x1b")
    process.read_for(5, until=lambda output: closed(screen_text(process)))
    timings = process.replay([
        ("open", lambda screen, _: "row 15 " in screen),
        ("I → first line", lambda screen, _: FIRST_LINE.search(screen) is not None),
        ("Esc → closed", lambda screen, _: closed(screen)),
    ])
    # Again, to its end: the memory after every column's statements.
    process.send("I again", b"I")
    process.read_for(0.5)
    process.read_for(60, until=lambda output: done(screen_text(process)))
    after = peak_kb(process.pid)
    last = screen_text(process)
    process.close()
    return timings, before, after, last


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--db", default="/tmp/assoc-big.sqlite")
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ensure_table(args.db, args.rows)
    assoc = args.assoc or release_assoc()
    results = {}
    for _ in range(args.rounds):
        seconds, line = sqlite3_time(args.db)
        results.setdefault(("sqlite3", "first column's scan"), []).append(seconds)
        timings, before, after, last = assoc_round(assoc, args.db)
        for name, value in timings.items():
            results.setdefault(("assoc", name), []).append(value)
        results.setdefault(("assoc", "peak kB before I"), []).append(before / 1000)
        results.setdefault(("assoc", "peak kB after summary"), []).append(after / 1000)
    for (who, name), values in results.items():
        print(f"{who:8} {name:24} median {statistics.median(values) * 1000:10.1f}  "
              f"(min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f}, {len(values)} rounds)")
    print("sqlite3:", line)
    print("last screen:\n" + last)


if __name__ == "__main__":
    main()
