#!/usr/bin/env python3
"""assoc fetch against the sqlite3 CLI on one table, output to /dev/null, rounds interleaved.

    python3 Benchmarks/measure-fetch.py [--rows N] [--rounds R] [--assoc PATH]

Builds the table with scripts/make-big-table.sh (N rows, default 10,000,000) unless it exists,
then runs, for each round: assoc fetch DB big --format ndjson|json|csv|table, and
sqlite3 -readonly -json|-csv|-box DB 'SELECT * FROM big' (the SELECT assoc runs). Prints the
median wall time and peak RSS (GNU time's %M) of each, and the ratios assoc/sqlite3.
"""
import argparse, os, statistics, subprocess, sys

parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=10_000_000)
parser.add_argument("--rounds", type=int, default=3)
parser.add_argument("--assoc", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "assoc"))
args = parser.parse_args()

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
db = f"/tmp/assoc-fetch-{args.rows}.sqlite"
if not os.path.exists(db):
    subprocess.run(["sh", os.path.join(root, "scripts", "make-big-table.sh"), db, str(args.rows)], check=True)

select = "SELECT * FROM big"
runs = {
    "assoc ndjson": [args.assoc, "fetch", db, "big", "--format", "ndjson"],
    "assoc json": [args.assoc, "fetch", db, "big", "--format", "json"],
    "assoc csv": [args.assoc, "fetch", db, "big", "--format", "csv"],
    "assoc table": [args.assoc, "fetch", db, "big", "--format", "table"],
    "sqlite3 -json": ["sqlite3", "-readonly", "-json", db, select],
    "sqlite3 -csv": ["sqlite3", "-readonly", "-csv", "-header", db, select],
    "sqlite3 -box": ["sqlite3", "-readonly", "-box", db, select],
}
times = {name: [] for name in runs}
peaks = {name: [] for name in runs}
for _ in range(args.rounds):
    for name, command in runs.items():
        with open("/dev/null", "w") as null:
            result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, stdout=null, stderr=subprocess.PIPE, text=True, check=True)
        seconds, kilobytes = result.stderr.strip().splitlines()[-1].split()
        times[name].append(float(seconds))
        peaks[name].append(int(kilobytes) / 1024)

print(f"{args.rows:,} rows, {args.rounds} rounds interleaved, median wall time and peak RSS")
for name in runs:
    print(f"  {name:14} {statistics.median(times[name]):6.2f} s  {statistics.median(peaks[name]):7.1f} MB")
for assoc, peer in [("assoc ndjson", "sqlite3 -json"), ("assoc json", "sqlite3 -json"), ("assoc csv", "sqlite3 -csv"), ("assoc table", "sqlite3 -box")]:
    print(f"  {assoc} / {peer}: {statistics.median(times[assoc]) / statistics.median(times[peer]):.2f}")
