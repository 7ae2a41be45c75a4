#!/bin/sh
# Text captures of three real browser views on a Chinook database (path as argument; the file
# itself never enters the repository): scripts/screenshots.sh /path/to/chinook.sqlite
set -eu
cd "$(dirname "$0")/.."
DB="${1:?usage: scripts/screenshots.sh /path/to/chinook.sqlite}"
swift build --product assoc >/dev/null
ASSOC="$(swift build --show-bin-path)/assoc"
SOCKET="assoc-shots-$$"
OUT=Screenshots
mkdir -p "$OUT"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true' EXIT
wait_for() {
  i=0
  while ! tmux -L "$SOCKET" capture-pane -p -t 0 | grep -qF -- "$1"; do
    i=$((i + 1)); [ $i -lt 1000 ] || { echo "timeout waiting for $1" >&2; exit 1; }
    sleep 0.01
  done
}
keys() { tmux -L "$SOCKET" send-keys -t 0 "$@"; }
shot() { sleep 0.3; tmux -L "$SOCKET" capture-pane -p -t 0 > "$OUT/$1"; echo "wrote $OUT/$1"; }

tmux -L "$SOCKET" -f /dev/null new-session -d -x 120 -y 32 "'$ASSOC' '$DB'; sleep 30"
wait_for "Tables"
# 1. Artist, AC/DC selected, its links with counts.
keys j; keys Enter; wait_for "Rows: Artist"; keys Tab; wait_for "albums 2"
shot 1-artist-links.txt
# 2. AC/DC › albums › first album › tracks, genre included (LEFT JOIN).
keys Enter; wait_for "› albums"; keys Tab; keys j; keys Enter; wait_for "› tracks"
keys Tab; keys g; keys j; keys +; wait_for "LEFT JOIN"
shot 2-tracks-including-genre.txt
# 3. The same include made required (JOIN), the album included too, record view of a track.
keys t; wait_for "[+genre!]"; keys g; keys +; wait_for "via album"
shot 3-tracks-required-genre-and-album.txt
keys Tab; keys v; wait_for "Record"
shot 4-record-view.txt
keys q
