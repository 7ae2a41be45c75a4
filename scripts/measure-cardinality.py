#!/usr/bin/env python3
"""Times `C` (the cardinality profile of `category → bigs`) in the release `assoc` browser on the
10,000,000-row table, in a pseudo-terminal: from the key to "(counting…)", from the key to the
profile on screen, and keys answered while it counts (`j`, `k`: their status message; `Esc`: the
view closed, its count stopped). Also the browser's peak memory.

Usage: scripts/measure-cardinality.py [--assoc PATH] [--db PATH] [--rounds N]
Without --assoc it builds and uses the release binary; DB (default /tmp/assoc-big.sqlite, built by
scripts/make-big-table.sh when missing) holds `category` and `big` (id, categoryId, label, value).
"""
import argparse
import statistics

import pyte
from ptyprocess import COLUMNS, LINES, PtyProcess, ensure_table, peak_kb, release_assoc, screen_text

PROFILE = "rows of category"


def first_time(process, after, predicate):
    """The time of the first chunk read after `after` once which the screen satisfies `predicate`."""
    screen = pyte.Screen(COLUMNS, LINES)
    stream = pyte.ByteStream(screen)
    for arrived, data in process.chunks:
        stream.feed(data)
        if arrived >= after and predicate("\n".join(screen.display)):
            return arrived
    return None


def mark_time(process, name):
    return next(sent for label, sent, _ in process.marks if label == name)


def assoc_round(assoc, db):
    process = PtyProcess([assoc, db, "--table", "category"])
    process.read_for(5, until=lambda output: b"blue" in output)
    process.read_for(0.5)
    process.send("Tab", b"\t")
    process.read_for(0.5)
    # C, then j and k while it counts, then the profile.
    process.send("C", b"C")
    process.read_for(0.4)
    process.send("j", b"j")
    process.read_for(0.2)
    process.send("k", b"k")
    process.read_for(60, until=lambda output: PROFILE in screen_text(process))
    process.read_for(0.3)
    # C again, Esc while it counts.
    process.send("Esc", b"\x1b")
    process.read_for(0.5)
    process.send("C again", b"C")
    process.read_for(0.4)
    process.send("Esc while counting", b"\x1b")
    process.read_for(5, until=lambda output: "closed before its end" in screen_text(process))
    process.read_for(0.3)
    peak = peak_kb(process.pid)
    c = mark_time(process, "C")
    timings = {
        "C → (counting…)": first_time(process, c, lambda s: "(counting…)" in s or PROFILE in s) - c,
        "C → profile on screen": first_time(process, c, lambda s: PROFILE in s) - c,
    }
    j = mark_time(process, "j")
    k = mark_time(process, "k")
    done = first_time(process, c, lambda s: PROFILE in s)
    answered_j = first_time(process, j, lambda s: "Already at the end of the cardinality profile" in s or PROFILE in s)
    answered_k = first_time(process, k, lambda s: "Already at the top of the cardinality profile" in s or PROFILE in s)
    timings["j while counting → answer"] = answered_j - j
    timings["k while counting → answer"] = answered_k - k
    timings["(j before the profile)"] = 1.0 if answered_j < done else 0.0
    esc = mark_time(process, "Esc while counting")
    closed = first_time(process, esc, lambda s: "closed before its end" in s)
    timings["Esc while counting → closed"] = (closed - esc) if closed else float("nan")
    last = "\n".join(pyte_screen(process))
    process.close()
    return timings, peak, last


def pyte_screen(process):
    screen = pyte.Screen(COLUMNS, LINES)
    stream = pyte.ByteStream(screen)
    for _, data in process.chunks:
        stream.feed(data)
    return screen.display


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--db", default="/tmp/assoc-big.sqlite")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ensure_table(args.db, 10_000_000)
    assoc = args.assoc or release_assoc()
    results = {}
    peaks = []
    last = ""
    for _ in range(args.rounds):
        timings, peak, last = assoc_round(assoc, args.db)
        for name, value in timings.items():
            results.setdefault(name, []).append(value)
        peaks.append(peak / 1000)
    for name, values in results.items():
        print(f"{name:32} median {statistics.median(values) * 1000:10.1f} ms  "
              f"(min {min(values) * 1000:.1f}, max {max(values) * 1000:.1f}, {len(values)} rounds)")
    print(f"peak memory: {max(peaks):.1f} MB")
    print("last screen:\n" + last)


if __name__ == "__main__":
    main()
