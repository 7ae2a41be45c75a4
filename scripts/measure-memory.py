#!/usr/bin/env python3
"""Peak memory (VmHWM) of the release `assoc` browsing tables of 10,000, 1,000,000 and 10,000,000
rows (open it, G, ten PgUp), next to VisiData (`pip install visidata`) opening the same tables: flat
memory means the two `assoc` peaks are close. VisiData reads a whole table into memory, so on the
big table it is stopped after --visidata-seconds, and the rows it had loaded by then are shown.

Usage: scripts/measure-memory.py [--assoc PATH] [--visidata-seconds 60]   (default: the release build)
The tables are built into /tmp by scripts/make-big-table.sh when missing.
"""
import argparse
import re
import shutil
import time

from ptyprocess import PtyProcess, ensure_table, peak_kb, release_assoc, screen_text

TABLES = [("/tmp/assoc-10k.sqlite", 10_000), ("/tmp/assoc-1m.sqlite", 1_000_000), ("/tmp/assoc-big.sqlite", 10_000_000)]


def assoc_peak(assoc, db):
    process = PtyProcess([assoc, db, "--table", "big"])
    process.read_for(5, until=lambda output: b"row 15 " in output)
    process.send("G", b"G")
    process.read_for(0.5)
    for step in range(10):
        process.send(f"PgUp {step}", b"\x1b[5~")
        process.read_for(0.15)
    peak = peak_kb(process.pid)
    process.close()
    return peak


def visidata_peak(db, seconds):
    """VisiData's table list, then `big` (the second row) opened and loaded for up to `seconds`."""
    process = PtyProcess(["vd", db])
    process.read_for(3)
    process.send("down", b"j")
    process.read_for(0.5)
    process.send("open", b"\r")
    started = time.perf_counter()
    loaded = None
    while time.perf_counter() - started < seconds:
        process.read_for(2)
        status = screen_text(process).split("\n")[-1]
        match = re.search(r"(\d+) rows", status)
        loaded = int(match.group(1)) if match else loaded
        if "[M]" not in status and loaded:  # no loading marker: done
            break
    peak = peak_kb(process.pid)
    elapsed = time.perf_counter() - started
    process.close()
    return peak, loaded, elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--assoc")
    parser.add_argument("--visidata-seconds", type=float, default=60)
    args = parser.parse_args()
    args.assoc = args.assoc or release_assoc()
    for db, rows in TABLES:
        ensure_table(db, rows)
    for db, rows in TABLES:
        print(f"assoc     {rows:>10,} rows: peak {assoc_peak(args.assoc, db) / 1024:7.1f} MB")
    if shutil.which("vd") is None:
        print("VisiData: not installed (pip install visidata)")
        return
    for db, rows in [TABLES[0], TABLES[-1]]:
        peak, loaded, elapsed = visidata_peak(db, args.visidata_seconds)
        print(f"VisiData  {rows:>10,} rows: peak {peak / 1024:7.1f} MB, {loaded or 0:,} rows loaded in {elapsed:.0f} s")


if __name__ == "__main__":
    main()
