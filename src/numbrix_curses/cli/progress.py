"""The lines a command draws on a terminal while it works: the progress line of a run of
puzzles (`Progress`) and the note of one long search or read (`SearchTicker`)."""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from typing import Iterator

from numbrix_curses.cli.common import WINDOWS, one_line, seconds_text, silence_stream


class Progress:
    """One self-rewriting line on a terminal (standard error) for a command that works
    through puzzles: "generating 9x9 medium puzzles: 3/10", the time so far, the rate and
    the time left. From `tick()` on, it is also redrawn every second from a thread of its
    own, so the clock moves while one big puzzle is worked on (a 20x20 takes seconds, and a
    line standing at "0/1" looks like a hang). Only once no process will be forked: a
    process forked while that thread writes could inherit standard error's lock held."""

    def __init__(self, doing: str, what: str, total: int) -> None:
        import threading

        self.clock = time.monotonic
        self.started = self.clock()
        self.total = total
        self.doing = doing
        self.what = what
        self.done = 0
        self.lock = threading.Lock()
        self.closed = threading.Event()
        self.ticking = False
        self.show(0)

    def tick(self) -> None:
        """Redraw the line every second from now on (once no process will be forked)."""
        import threading

        if not self.ticking:
            self.ticking = True
            threading.Thread(target=self._tick, name="progress", daemon=True).start()

    def _tick(self) -> None:
        while not self.closed.wait(_TICK_SECONDS):
            self.show(self.done)

    def show(self, done: int) -> None:
        with self.lock:
            if self.closed.is_set():
                return
            self.done = done
            elapsed = self.clock() - self.started
            count = f"{done}/{self.total}, {seconds_text(round(elapsed))}"
            wordings = [f"{self.doing} {self.what}: {count}", f"{self.doing}: {count}", count]
            if done:
                rate = done / elapsed if elapsed > 0 else float("inf")
                left = (self.total - done) / rate if rate > 0 else 0.0
                left_said = seconds_text(round(left))
                wordings = [f"{self.doing} {self.what}: {count}, {rate:.2f}/s, about "
                            f"{left_said} left",
                            f"{self.doing} {self.what}: {count}, about {left_said} left",
                            f"{self.doing}: {count}, about {left_said} left",
                            f"{count}, {left_said} left"]
            # The longest wording the terminal's width shows whole: at 60 columns the line
            # was cut mid-phrase, "...1.77/s, about 1 " (what the number counted, lost).
            room = _stderr_columns() - 1
            _redraw(next((line for line in wordings if len(line) <= room), wordings[-1]))

    @contextlib.contextmanager
    def wiped(self) -> Iterator[None]:
        """The line wiped for the block, which writes a puzzle to standard output: on the
        same terminal the puzzle would start after the line, and the line stay between
        puzzles. (Drawn again by the next `show`; no tick comes in the meantime.)"""
        with self.lock:
            _redraw("")
            yield

    def close(self) -> None:
        with self.lock:
            self.closed.set()
            _redraw("")


def _stderr_columns() -> int:
    """The width of the terminal standard error writes to (COLUMNS first, as `shutil` has
    it; standard output may be a file while the progress line shows)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns or 1000
    except (AttributeError, ValueError, OSError):
        return 1000


def _redraw(line: str) -> None:
    """Put `line` in place of the line the cursor is on (standard error). A terminal gone
    (hung up: EIO) drops the line, as `tell` does: the progress line failing must not end
    a run before the puzzles it finished are written."""
    global _redrawn_width
    # A line wider than the terminal wraps, and only its last row would be redrawn: it is
    # cut to the width (a column short, so the cursor never wraps either).
    line = line[: max(1, _stderr_columns() - 1)]
    if WINDOWS:
        # (the console draws an escape sequence as text unless told otherwise: there the
        # line is padded over the last one, and the cursor goes back to its end, so what
        # follows a wiped line starts at its first column)
        text = "\r" + line
        if _redrawn_width > len(line):
            text += " " * (_redrawn_width - len(line)) + "\r" + line
    else:
        text = "\r\x1b[K" + line
    _redrawn_width = len(line)
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):  # ValueError: stderr was closed
        silence_stream(sys.stderr)


#: how often the progress line is redrawn while a puzzle is being made (seconds)
_TICK_SECONDS = 1.0


class SearchTicker:
    """While one search runs longer than a second, a line on the terminal says which puzzle
    is being searched and for how long (a sparse 20x20 board can take a minute, which must
    not look like a hang); the line is wiped when the search ends. `doing` is the word the
    line says ("searching"; "reading" for a file of thousands of boards, which takes
    seconds before the first search).

    A timer signal writes the line, so the search itself is untouched: it runs in this
    process's main thread, nothing else writes to stderr meanwhile, and the processes a
    search forks do not inherit the timer. Nothing is shown when stderr is not a terminal,
    or where there is no interval timer (Windows).
    """

    def __init__(self, label: str, doing: str = "searching") -> None:
        self.label = one_line(label)
        self.doing = doing
        self.active = sys.stderr.isatty()
        self.shown = False
        self.started = 0.0
        self.previous: object = None

    def __enter__(self) -> SearchTicker:
        if self.active and hasattr(signal, "setitimer"):
            self.started = time.monotonic()
            self.previous = signal.signal(signal.SIGALRM, self._tick)
            signal.setitimer(signal.ITIMER_REAL, 1.0, 1.0)
        return self

    def _tick(self, signum: int, frame: object) -> None:
        seconds = time.monotonic() - self.started
        said = f": {self.doing}, {seconds_text(round(seconds))}"
        # A line wider than the terminal wraps, and each second's left a row behind (a
        # puzzle named by a long path at 60 columns): the label keeps its end, the file's
        # name and the puzzle's number, and the line is cut to the width, a column short.
        width = max(1, _stderr_columns() - 1)
        room = width - len(said)
        label = (self.label if len(self.label) <= room
                 else "..." + self.label[len(self.label) - room + 3:] if room > 3 else "")
        sys.stderr.write("\r\x1b[K" + (label + said)[:width])
        sys.stderr.flush()
        self.shown = True

    def __exit__(self, *exc_info: object) -> None:
        if self.active and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)  # type: ignore[arg-type]
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


#: how long the progress line drawn last was (see `_redraw`)
_redrawn_width = 0
