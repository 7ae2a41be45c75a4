#!/usr/bin/env python3
"""Times the release `assoc` browser on a big table next to `sqlite3 -readonly` fetching the same
pages, both run in a pseudo-terminal by this script (no tmux, no polling): a step's time runs from
the moment its keys are written (or its process is started) to the moment the terminal output that
completes the expected screen is read. Output is timestamped as it is read and interpreted
afterwards by pyte (`pip install pyte`), so the terminal emulation never delays a measurement.

Usage: scripts/measure-browser.py [--assoc PATH] [--db PATH] [--rounds N]
Without --assoc it builds and uses the release binary; DB (default /tmp/assoc-big.sqlite, built by
scripts/make-big-table.sh when missing) holds a table `big` (id INTEGER PRIMARY KEY, …, label 'row <id>').
"""
import argparse
import statistics
import subprocess
import time

from ptyprocess import PtyProcess, ensure_table, peak_kb, release_assoc


def sqlite3_time(db, sql, last_line):
    """sqlite3 started in a terminal, until the page's last line is read."""
    process = PtyProcess(["sqlite3", "-readonly", db, sql])
    process.read_for(30, until=lambda output: last_line.encode() in output)
    process.close()
    done = next(t for t, _ in reversed(process.chunks))
    return done - process.started


def counter(text):
    """The `position/total` counter of the rows pane title (`1/10000000`), or None."""
    for line in text.split("\n"):
        if "Rows:" in line:
            return line.rstrip(" ─━").split(" · ")[0].split(" ")[-1]
    return None


def open_big(assoc, db):
    """`assoc DB --table big` in a pseudo-terminal, once its first screen is read."""
    process = PtyProcess([assoc, db, "--table", "big"])
    process.read_until_shown(3, lambda screen: "row 15 " in screen)
    process.read_for(0.1)
    return process


def print_results(results):
    """One line per (who, step): the median and range of its times."""
    for (who, name), values in results.items():
        print(f"{who:8} {name:24} median {statistics.median(values) * 1000:8.1f} ms  "
              f"(min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f}, {len(values)} rounds)")


def assoc_round(assoc, db, last_id):
    """One browser session: start with the table open → first screen, G → last row, gg → first
    row, ten PgDn; returns the time of each step and the process's peak memory."""
    process = open_big(assoc, db)
    # G at once: the row count of a 10,000,000-row table is still running in the background.
    process.send("G", b"G")
    process.read_for(0.4)
    process.send("gg", b"gg")
    process.read_for(0.4)
    for step in range(10):
        process.send(f"PgDn {step}", b"\x1b[6~")
        process.read_for(0.15)
    time.sleep(0.1)
    memory = peak_kb(process.pid)
    process.close()
    steps = [
        ("start → first screen", lambda s, _: "row 1 " in s and "row 15 " in s and counter(s) is not None),
        ("G → last row", lambda s, _: f"row {last_id} " in s),
        ("gg → first row", lambda s, _: "row 1 " in s and (counter(s) or "").startswith("1/")),
    ] + [(f"PgDn {i}", lambda s, before: counter(s) not in (None, counter(before))) for i in range(10)]
    times = process.replay(steps)
    pages = [times.pop(f"PgDn {i}") for i in range(10)]
    times["ten PgDn (sum)"] = sum(pages)
    return times, memory


def last_of_category_3(last_id):
    """The last row of category 3 (id ≡ 2 mod 3): the last row of a view ordered on the category."""
    return last_id - (last_id - 2) % 3


def g_then_page_up(process, g_pause, page_up_pause):
    """G, then five PgUp; returns the replay steps that time them (each PgUp until the position
    counter changes)."""
    process.send("G", b"G")
    process.read_for(g_pause)
    for step in range(5):
        process.send(f"PgUp {step}", b"\x1b[5~")
        process.read_for(page_up_pause)
    return [(f"PgUp {i}", lambda s, before: counter(s) not in (None, counter(before))) for i in range(5)]


def send_all(process, keys):
    """Sends each (name, bytes, pause) in turn, reading the output for `pause` seconds after each."""
    for name, data, pause in keys:
        process.send(name, data)
        process.read_for(pause)


def sorted_round(assoc, db, last_id):
    """The view sorted by `categoryId` (three values, an index on it: ties broken by the key):
    start, move to the column, `s` → first sorted screen, G → last row, then five PgUp."""
    process = open_big(assoc, db)
    send_all(process, [("right", b"l", 0.1), ("s", b"s", 0.6)])
    page_ups = g_then_page_up(process, 0.6, 0.3)
    process.close()
    steps = [
        ("start", lambda s, _: "row 15 " in s),
        ("right", lambda s, _: True),
        ("s → first sorted screen", lambda s, _: "row 3 " in s and "row 45 " in s),
        ("G → last sorted row", lambda s, _: f"row {last_of_category_3(last_id)} " in s),
    ] + page_ups
    times = process.replay(steps)
    return {name: times[name] for name in times if name not in ("start", "right")}


def joined_round(assoc, db, last_id):
    """The typed request `category.including(required: bigs)` (each category repeated once per
    row of `big`, paged on (category.id, big.id)): start on `category`, type it → first screen,
    G → last row, then five PgUp."""
    process = PtyProcess([assoc, db, "--table", "category"])
    process.read_until_shown(3, lambda screen: "Rows:" in screen)
    process.read_for(0.2)
    send_all(process, [(":", b":", 0.2), ("request", b"\x15category.including(required: bigs)", 0.2), ("Enter", b"\r", 1.0)])
    page_ups = g_then_page_up(process, 1.5, 0.5)
    process.close()
    steps = [
        ("start", lambda s, _: "Rows:" in s),
        (":", lambda s, _: True),
        ("request", lambda s, _: True),
        ("Enter → first joined screen", lambda s, _: "row 3 " in s and "row 6 " in s),
        ("G → last joined row", lambda s, _: f"row {last_of_category_3(last_id)} " in s),
    ] + page_ups
    times = process.replay(steps)
    return {name: times[name] for name in times if "→" in name or name.startswith("PgUp")}


def landed(row):
    """The row is on screen and the counter shows its position, or `?` while it is being counted."""
    return lambda s, _: f"row {row} " in s and ((counter(s) or "").startswith("?/") or
                                                  (counter(s) or "").startswith(f"{row}/"))


def find_round(assoc, db, target, jump_to):
    """Start, `f` + text matching only row `target` + Enter → that row on screen (its position `?`
    while the rows before it are counted in the background), then its position settled; then `#` +
    `jump_to` + Enter → that row on screen, then its position settled."""
    process = open_big(assoc, db)
    process.send("f", b"f")
    process.read_for(0.2)
    process.send("text", f"row {target}".encode())
    process.read_for(0.2)
    process.send("find", b"\r")
    process.send("find settled", b"")
    process.read_until_shown(30, lambda screen: (counter(screen) or "").startswith(f"{target}/"))
    process.read_for(0.3)
    process.send("#", b"#")
    process.read_for(0.2)
    process.send("key", str(jump_to).encode())
    process.read_for(0.2)
    process.send("jump", b"\r")
    process.send("jump settled", b"")
    process.read_until_shown(30, lambda screen: (counter(screen) or "").startswith(f"{jump_to}/"))
    process.read_for(0.3)
    process.close()
    steps = [
        ("start", lambda s, _: "row 15 " in s),
        ("f", lambda s, _: True),
        ("text", lambda s, _: True),
        (f"find → row {target}", landed(target)),
        ("find → position settled", lambda s, _: (counter(s) or "").startswith(f"{target}/")),
        ("#", lambda s, _: True),
        ("key", lambda s, _: True),
        (f"# → row {jump_to}", landed(jump_to)),
        ("# → position settled", lambda s, _: (counter(s) or "").startswith(f"{jump_to}/")),
    ]
    times = process.replay(steps)
    return {name: times[name] for name in times if "→" in name}


def goto_round(assoc, db, table, rows):
    """Start on `table` (`big`, paged by key, or the view `bigview` over it, paged with OFFSET),
    then for each row number N: N then `G` → row N on screen with its real position `N/` in the
    counter (exactness: the row labelled `row N` is the Nth)."""
    process = PtyProcess([assoc, db, "--table", table])
    process.read_until_shown(5, lambda screen: "row 15 " in screen)
    process.read_for(0.1)
    for row in rows:
        process.send(f"{row}G", f"{row}G".encode())
        # A fixed time, read throughout (the screen is drawn in pieces: no byte string tells
        # that it is complete; `replay` finds when it was).
        process.read_for(4 if table == "big" else 30)
    process.close()
    steps = [("start", lambda s, _: "row 15 " in s)]
    for row in rows:
        steps.append((f"{row}G → row {row}", lambda s, _, row=row: f"row {row} " in s and
                      (counter(s) or "").startswith(f"{row}/")))
    times = process.replay(steps)
    return {f"{table}: {name}": times[name] for name in times if "→" in name}


def measure_goto(args, last_id):
    """Go to row N (`250G`, `5000000G`) on `big` and on a view over it (`bigview`, created here),
    next to sqlite3 reading row N with OFFSET."""
    subprocess.run(["sqlite3", args.db, "CREATE VIEW IF NOT EXISTS bigview AS SELECT * FROM big"], check=True)
    rows = [250, last_id // 2]
    results = {}
    for _ in range(args.rounds):
        for row in rows:
            sql = f"SELECT * FROM big ORDER BY id LIMIT 1 OFFSET {row - 1}"
            results.setdefault(("sqlite3", f"row {row} by OFFSET"), []).append(sqlite3_time(args.db, sql, f"|row {row}|"))
        for table in ["big", "bigview"]:
            for name, value in goto_round(args.assoc, args.db, table, rows).items():
                results.setdefault(("assoc", name), []).append(value)
    print_results(results)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--db", default="/tmp/assoc-big.sqlite")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--find", action="store_true",
                        help="time f (text in any text column, a row 5,000,000 rows away) and # (a key)")
    parser.add_argument("--sorted", action="store_true",
                        help="time a view sorted on an indexed column instead (creates the index)")
    parser.add_argument("--joined", action="store_true",
                        help="time a typed request whose to-many join repeats rows (creates the index)")
    parser.add_argument("--goto", action="store_true",
                        help="time go to row N (250G, then the middle row) on big and on a view over it")
    args = parser.parse_args()
    args.assoc = args.assoc or release_assoc()
    ensure_table(args.db, 10_000_000)
    last_id = int(subprocess.check_output(["sqlite3", args.db, "SELECT max(id) FROM big"]).strip())
    results = {}
    memories = []
    page = 200  # what assoc fetches per page (its SQL pane shows LIMIT 200)
    if args.find:
        return measure_find(args, last_id)
    if args.goto:
        return measure_goto(args, last_id)
    if args.joined:
        subprocess.run(["sqlite3", args.db, "CREATE INDEX IF NOT EXISTS big_category ON big(categoryId)"], check=True)
        return measure_joined(args, last_id, page)
    if args.sorted:
        subprocess.run(["sqlite3", args.db, "CREATE INDEX IF NOT EXISTS big_category ON big(categoryId)"], check=True)
        return measure_sorted(args, last_id, page)
    for _ in range(args.rounds):
        # Interleaved: sqlite3 pages, then one browser session.
        for name, sql, last in [
            ("first page", f'SELECT * FROM big ORDER BY id LIMIT {page}', f"|row {page}|"),
            ("last page", f'SELECT * FROM big ORDER BY id DESC LIMIT {page}', f"|row {last_id - page + 1}|"),
        ]:
            results.setdefault(("sqlite3", name), []).append(sqlite3_time(args.db, sql, last))
        times, memory = assoc_round(args.assoc, args.db, last_id)
        for name, value in times.items():
            results.setdefault(("assoc", name), []).append(value)
        memories.append(memory)
    print_results(results)
    print(f"assoc peak memory: {statistics.median(memories) / 1024:.1f} MB (VmHWM, median)")


def measure_find(args, last_id):
    """sqlite3 running the find query the browser runs (the row after row 1 whose label holds
    the text), next to the browser's `f` and `#`."""
    target = last_id // 2
    jump_to = last_id - last_id // 10
    results = {}
    for _ in range(args.rounds):
        # Labels are 'row N': only row `target` holds 'row <target>' (ids stop at 10,000,000).
        sql = (f"SELECT * FROM big WHERE instr(lower(label), 'row {target}') > 0 AND id > 1 "
               f"ORDER BY id LIMIT 1")
        results.setdefault(("sqlite3", "same find query"), []).append(sqlite3_time(args.db, sql, f"|row {target}|"))
        for name, value in find_round(args.assoc, args.db, target, jump_to).items():
            results.setdefault(("assoc", name), []).append(value)
    print_results(results)


def measure_sorted(args, last_id, page):
    """sqlite3 reading the pages a sorted view shows: the first, the last, and one deep page before
    the last (keyset: the rows before a position), next to the browser doing the same."""
    results = {}
    anchor = last_of_category_3(last_id) - 3 * page * 5
    for _ in range(args.rounds):
        for name, sql, last in [
            ("first sorted page", f"SELECT * FROM big ORDER BY categoryId, id LIMIT {page}", f"|row {3 * page}|"),
            ("last sorted page", f"SELECT * FROM big ORDER BY categoryId DESC, id DESC LIMIT {page}", "|row "),
            ("page before a row", f"SELECT * FROM big WHERE categoryId <= 3 AND (categoryId < 3 OR id < {anchor}) "
                                  f"ORDER BY categoryId DESC, id DESC LIMIT {page}", "|row "),
        ]:
            results.setdefault(("sqlite3", name), []).append(sqlite3_time(args.db, sql, last))
        for name, value in sorted_round(args.assoc, args.db, last_id).items():
            results.setdefault(("assoc", name), []).append(value)
    print_results(results)


def measure_joined(args, last_id, page):
    """sqlite3 reading the pages of `category.including(required: bigs)`: the first, the last, and
    one deep page before the last, next to the browser doing the same."""
    results = {}
    anchor = last_of_category_3(last_id) - 3 * page * 5
    select = "SELECT category.*, big.* FROM category JOIN big ON big.categoryId = category.id"
    for _ in range(args.rounds):
        # The statements the browser runs (ordered on big.categoryId, equal to category.id), and
        # the first page ordered on category.id itself (the order OFFSET paging used), which
        # SQLite answers by sorting every joined row.
        for name, sql, last in [
            ("first joined page", f"{select} ORDER BY big.categoryId, big.id LIMIT {page}", "|row "),
            ("last joined page", f"{select} ORDER BY big.categoryId DESC, big.id DESC LIMIT {page}", "|row "),
            ("page before a row", f"{select} WHERE big.categoryId <= 3 AND (big.categoryId < 3 OR big.id < {anchor}) "
                                  f"ORDER BY big.categoryId DESC, big.id DESC LIMIT {page}", "|row "),
            ("first page, root order", f"{select} ORDER BY category.id, big.id LIMIT {page}", "|row "),
        ]:
            results.setdefault(("sqlite3", name), []).append(sqlite3_time(args.db, sql, last))
        for name, value in joined_round(args.assoc, args.db, last_id).items():
            results.setdefault(("assoc", name), []).append(value)
    print_results(results)


if __name__ == "__main__":
    main()
