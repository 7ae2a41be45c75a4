"""A process in a pseudo-terminal whose output is recorded with timestamps and interpreted
afterwards by pyte (`pip install pyte`): shared by the browser timing and memory scripts."""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import termios
import time

import pyte

COLUMNS, LINES = 120, 30


class PtyProcess:
    """A process on a pseudo-terminal of COLUMNS × LINES. Output chunks are recorded with the time
    they were read, without interpreting them: the screen is rebuilt afterwards (`replay`), so the
    slow terminal emulation never delays a timestamp."""

    def __init__(self, argv):
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ.pop("LINES", None)
            os.environ.pop("COLUMNS", None)
            try:
                os.execvp(argv[0], argv)
            finally:
                os._exit(127)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.pid, self.fd = pid, fd
        self.chunks = []  # (time read, bytes)
        self.marks = []  # (name, time keys were sent, index of the first chunk after)
        self.closed = False

    def read_for(self, seconds, until=None):
        """Records output for `seconds`, or until `until(bytes so far)` holds, or the end."""
        deadline = time.perf_counter() + seconds
        while not self.closed:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                data = b""
            if not data:
                self.closed = True
                break
            self.chunks.append((time.perf_counter(), data))
            if until and until(b"".join(c for _, c in self.chunks)):
                break

    def read_until_shown(self, seconds, predicate):
        """Records output until `predicate(screen text)` holds, for at most `seconds`. The screen is
        checked only when the output pauses (20 ms of quiet), so that emulating the terminal never
        delays the timestamp of a chunk; ncurses redraws only what changed, so the raw bytes alone
        may never hold the text looked for."""
        screen = pyte.Screen(COLUMNS, LINES)
        stream = pyte.ByteStream(screen)
        fed = 0
        deadline = time.perf_counter() + seconds
        while not self.closed and time.perf_counter() < deadline:
            before = len(self.chunks)
            self.read_for(min(0.02, max(0.0, deadline - time.perf_counter())))
            if len(self.chunks) > before and not self.closed:
                continue  # still drawing: read on
            while fed < len(self.chunks):
                stream.feed(self.chunks[fed][1])
                fed += 1
            if predicate("\n".join(screen.display)):
                return True
        return False

    def send(self, name, keys):
        self.marks.append((name, time.perf_counter(), len(self.chunks)))
        os.write(self.fd, keys)

    def replay(self, steps):
        """For each `(name, predicate(screen text, screen text before the step))`, in the order of
        the marks: the time from the mark to the first chunk after which the predicate holds."""
        screen = pyte.Screen(COLUMNS, LINES)
        stream = pyte.ByteStream(screen)
        marks = [("start", self.started, 0)] + self.marks
        results = {}
        fed = 0
        for (name, sent, first), (label, predicate) in zip(marks, steps):
            while fed < first:
                stream.feed(self.chunks[fed][1])
                fed += 1
            before = "\n".join(screen.display)
            if predicate(before, before):
                results[label] = 0.0
                continue
            while fed < len(self.chunks):
                arrived, data = self.chunks[fed]
                stream.feed(data)
                fed += 1
                if predicate("\n".join(screen.display), before):
                    results[label] = arrived - sent
                    break
            else:
                raise RuntimeError(f"{label}: never shown; screen:\n" + "\n".join(screen.display))
        self.last_screen = "\n".join(screen.display)
        return results

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


def peak_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def screen_text(process):
    """What the terminal shows after all the output recorded so far."""
    screen = pyte.Screen(COLUMNS, LINES)
    stream = pyte.ByteStream(screen)
    for _, data in process.chunks:
        stream.feed(data)
    return "\n".join(screen.display)


def release_assoc():
    """Builds the release `assoc` (when needed) and returns its path."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.run(["swift", "build", "-c", "release", "--product", "assoc"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, text=True)
    return os.path.join(bin_path.strip(), "assoc")


def ensure_table(db, rows):
    """Builds `db` with a table `big` of `rows` rows (scripts/make-big-table.sh) when missing."""
    if not os.path.exists(db):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-big-table.sh")
        subprocess.run([script, db, str(rows)], check=True, stdout=subprocess.DEVNULL)
