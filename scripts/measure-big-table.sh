#!/bin/sh
# Measures, in one run, how long the release `assoc` takes to show the first screen of a
# 10-million-row table and to reach its last row with G, next to sqlite3 fetching the same pages.
# Usage: scripts/measure-big-table.sh [db]   (builds the db with make-big-table.sh when missing)
set -eu
cd "$(dirname "$0")/.."
DB="${1:-/tmp/assoc-big.sqlite}"
[ -f "$DB" ] || scripts/make-big-table.sh "$DB"
swift build -c release --product assoc >/dev/null
ASSOC="$(swift build -c release --show-bin-path)/assoc"
SOCKET="assoc-measure-$$"
LAST=$(sqlite3 "$DB" 'SELECT max(id) FROM big')
now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }
# Waits (polling capture-pane every 10 ms, up to 60 s) until the screen contains $1.
wait_for() {
  i=0
  while ! tmux -L "$SOCKET" capture-pane -p -t 0 | grep -qF -- "$1"; do
    i=$((i + 1)); [ $i -lt 6000 ] || { echo "timeout waiting for $1" >&2; tmux -L "$SOCKET" kill-server; exit 1; }
    sleep 0.01
  done
}
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true' EXIT

# sqlite3, same pages: the first 200 rows by key, and the last 200 rows (reversed order).
t0=$(now); sqlite3 "$DB" 'SELECT * FROM big ORDER BY id LIMIT 200' >/dev/null; t1=$(now)
sqlite3 "$DB" 'SELECT * FROM big ORDER BY id DESC LIMIT 200' >/dev/null; t2=$(now)
sqlite3 "$DB" 'SELECT COUNT(*) FROM (SELECT * FROM big)' >/dev/null; t3=$(now)
echo "sqlite3 first page: $(elapsed $t0 $t1) s; last page: $(elapsed $t1 $t2) s; count: $(elapsed $t2 $t3) s"

# assoc: start, open the table (big is the second table: j), time the first row, then G.
tmux -L "$SOCKET" -f /dev/null new-session -d -x 120 -y 30 "'$ASSOC' '$DB'; sleep 30"
wait_for "Tables"
tmux -L "$SOCKET" send-keys -t 0 j
wait_for "big"
t0=$(now); tmux -L "$SOCKET" send-keys -t 0 Enter
wait_for "row 1 "
t1=$(now)
tmux -L "$SOCKET" send-keys -t 0 G
wait_for "row $LAST"
t2=$(now)
echo "assoc first screen: $(elapsed $t0 $t1) s; G to row $LAST: $(elapsed $t1 $t2) s (G includes the deferred count when it has not finished)"
tmux -L "$SOCKET" capture-pane -p -t 0 | sed -n '1,3p;/SQL/,$p'
