#!/bin/sh
# Peak memory of the release `assoc` browsing a 10,000-row and a 10,000,000-row table: open the
# table, jump to its last row (G), page up ten times, then read the process's VmHWM (peak resident
# set) from /proc. Flat memory means the two peaks are close.
# Usage: scripts/measure-memory.sh   (tables are built into /tmp with make-big-table.sh when missing)
set -eu
cd "$(dirname "$0")/.."
SMALL=/tmp/assoc-10k.sqlite
BIG=/tmp/assoc-big.sqlite
[ -f "$SMALL" ] || scripts/make-big-table.sh "$SMALL" 10000 >/dev/null
[ -f "$BIG" ] || scripts/make-big-table.sh "$BIG" >/dev/null
swift build -c release --product assoc >/dev/null
ASSOC="$(swift build -c release --show-bin-path)/assoc"
SOCKET="assoc-memory-$$"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true' EXIT

wait_for() {
  i=0
  while ! tmux -L "$SOCKET" capture-pane -p -t 0 | grep -qF -- "$1"; do
    i=$((i + 1)); [ $i -lt 6000 ] || { echo "timeout waiting for $1" >&2; exit 1; }
    sleep 0.01
  done
}

measure() {
  db="$1"
  last=$(sqlite3 "$db" 'SELECT max(id) FROM big')
  tmux -L "$SOCKET" -f /dev/null new-session -d -x 120 -y 30 "'$ASSOC' '$db'; sleep 30"
  wait_for "Tables"
  tmux -L "$SOCKET" send-keys -t 0 j
  wait_for "big"
  tmux -L "$SOCKET" send-keys -t 0 Enter
  wait_for "row 1 "
  tmux -L "$SOCKET" send-keys -t 0 G
  wait_for "row $last"
  for _ in 1 2 3 4 5 6 7 8 9 10; do tmux -L "$SOCKET" send-keys -t 0 PPage; sleep 0.05; done
  sleep 0.3
  shell=$(tmux -L "$SOCKET" display -p -t 0 '#{pane_pid}')
  pid=$(pgrep -P "$shell" assoc)
  peak=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  tmux -L "$SOCKET" send-keys -t 0 q
  sleep 0.3
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  echo "$last rows: peak ${peak} kB"
}

measure "$SMALL"
measure "$BIG"
