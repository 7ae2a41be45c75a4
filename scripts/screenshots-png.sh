#!/bin/sh
# PNG screenshots of the browser on a Chinook database (path as argument; the file itself never
# enters the repository): scripts/screenshots-png.sh /path/to/chinook.sqlite
# Runs `assoc` under tmux at 120×36, drives the keys, captures each screen with its colours
# (`tmux capture-pane -e -p`) and renders it with scripts/ansi-to-png.py (Pillow, DejaVu Sans
# Mono) into Screenshots/*.png. To add a view: drive the keys, wait for a text, call `shot NAME`.
set -eu
cd "$(dirname "$0")/.."
DB="${1:?usage: scripts/screenshots-png.sh /path/to/chinook.sqlite}"
COLS=120
ROWS=36

# Tools: Pillow (PyPI) and the DejaVu fonts (fonts-dejavu-core).
python3 -c 'import PIL' 2>/dev/null || python3 -m pip install --quiet pillow
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || {
  apt-get install -y fonts-dejavu-core >/dev/null 2>&1 || sudo apt-get install -y fonts-dejavu-core
}

if [ -x .build/release/assoc ]; then ASSOC=.build/release/assoc; else
  swift build --product assoc >/dev/null
  ASSOC="$(swift build --show-bin-path)/assoc"
fi
SOCKET="assoc-png-$$"
OUT=Screenshots
TMP="$(mktemp -d)"
mkdir -p "$OUT"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$TMP"' EXIT
wait_for() {
  i=0
  while ! tmux -L "$SOCKET" capture-pane -p -t 0 | grep -qF -- "$1"; do
    i=$((i + 1)); [ $i -lt 1000 ] || { echo "timeout waiting for $1" >&2; exit 1; }
    sleep 0.01
  done
}
keys() { tmux -L "$SOCKET" send-keys -t 0 "$@"; }
# A browser session: `start [ARGS…]` runs assoc on DB with ARGS, `stop` quits it.
start() {
  tmux -L "$SOCKET" -f /dev/null new-session -d -x $COLS -y $ROWS -e TERM=xterm-256color "'$ASSOC' '$DB' $*; sleep 30"
}
stop() {
  keys q
  sleep 0.5
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  sleep 0.5
}
shot() {
  sleep 0.4
  tmux -L "$SOCKET" capture-pane -e -p -t 0 > "$TMP/$1.ansi"
  python3 scripts/ansi-to-png.py "$TMP/$1.ansi" "$OUT/$1.png" --cols $COLS --rows $ROWS
  echo "wrote $OUT/$1.png"
}

start
wait_for "Tables"
# 1. Track with a chain of includes (optional: LEFT JOIN): album, genre, then album's artist.
keys G; keys Enter; wait_for "Rows: Track"
keys Tab; keys +; wait_for 'LEFT JOIN "Album"'; keys j; keys +; wait_for 'LEFT JOIN "Genre"'
keys G; keys +; wait_for 'LEFT JOIN "Artist"'
shot browser-include
# 2. The SQL pane focused: the statement that ran, with its arguments and paging.
keys Tab; sleep 0.2
shot browser-sql-pane
# 3. The Swift tab: the same view as Swift code; then zoomed to the whole screen (z).
keys ']'; wait_for "import "
shot browser-swift-pane
keys z; wait_for "z back"
shot browser-swift-zoomed
keys z; keys '['
# 4. The frequencies of the included genre's name (F), the grouping in the SQL pane.
keys Tab; keys Tab; keys '$'; keys F; wait_for "Frequencies: genre.Name"; wait_for "GROUP BY"
shot browser-frequency
keys Escape
# 5. The schema map around Track.
keys m; wait_for "Schema map: Track"
shot browser-schema-map
keys Escape
stop
# 6. A through link followed from a row: Rock's albums (hasManyThrough via tracks), each album once.
start --table Genre
wait_for "Rows: Genre"
keys Tab; keys j; keys Enter; wait_for "Rows: albums"; wait_for "/117"
shot browser-through-link
stop
# 7. The jump list from AC/DC (J, typed "cust"), then the customers who bought its tracks.
start --table Artist
wait_for "AC/DC"
keys J; wait_for "Jump from Artist"; keys cust; wait_for "to: cust"
shot browser-jump-list
keys Enter; wait_for "invoice → customer"; wait_for "/6"
shot browser-jump-result
stop
# 8. Artist with its albums prefetched (including(all:)): the count column and the child pane.
start
wait_for "Tables"
keys j; keys Enter; wait_for "Rows: Artist"
keys Tab; keys p; wait_for "albums ("
shot browser-prefetch
stop
# 9. A typed request (select, joining with a filter) stays interactive: sorted with s, the key pinned.
start
wait_for "Tables"
keys : ; wait_for "request:"
keys C-u "Track.select(TrackId, Name, Composer, Milliseconds).joining(required: genre.filter(Name = 'Jazz'))" Enter
wait_for "Rows: Track"
keys l s; wait_for "Sorted by Name"
shot browser-typed-request
stop
# 10. Completion on the request line: Tab lists the associations Track may include, Tab cycles.
start
wait_for "Tables"
keys : ; wait_for "request:"
keys C-u "Track.including(optional: album).filter(Milliseconds > 300000).including(required: " Tab
wait_for "completions:"
keys Tab Tab
shot browser-completion
stop
# 11. Labels beside keys (L): Album's ArtistId shows the artist's name.
start --table Album
wait_for "· AC/DC"
shot browser-labels
stop
# 12. Your own SQL on the request line: a grouping over two tables, paged with OFFSET.
start
wait_for "Tables"
keys : ; wait_for "request:"
keys C-u "SELECT g.Name AS genre, count(*) AS tracks, round(avg(t.Milliseconds) / 60000.0, 1) AS minutes FROM Track t JOIN Genre g USING (GenreId) GROUP BY g.Name ORDER BY tracks DESC" Enter
wait_for "Rows: SQL"; wait_for "Rock"
shot browser-own-sql
stop
# 13. A summary of Track's columns (I): types, NULLs, distinct values, min, max, mean, most frequent.
start --table Track
wait_for "Rows: Track"
keys I; wait_for "Summary: Track"; wait_for "UnitPrice"
sleep 1
shot browser-summary
stop
# 14–15 need orphans: a copy of the database (in $TMP) with artists 1–3 and genre 25 deleted, so
# that 5 albums and 1 track point to nothing.
ORPHANS="$TMP/chinook-orphans.sqlite"
cp "$DB" "$ORPHANS"
chmod u+w "$ORPHANS"
sqlite3 "$ORPHANS" "DELETE FROM Artist WHERE ArtistId <= 3; DELETE FROM Genre WHERE GenreId = 25;"
DB="$ORPHANS"
# 14. The Links pane marks the link with orphans (counted in the background).
start --table Album
wait_for "⚠ 5 orphans"
keys Tab; sleep 0.3
shot browser-orphans
# 15. The cardinality profile of Album → tracks (C): how many albums have 0, 1, 2–5… tracks.
keys j C; wait_for "rows of Album"
shot browser-cardinality
stop
