"""Run the app in a pseudo-terminal and read its screen back with the pyte emulator.

`Terminal` spawns the app (`python -m numbrix_curses [play FILE]`) under pexpect at a fixed
size, feeds everything the app writes into a pyte screen (keeping the raw bytes too), and
offers polling waits, key and mouse input (SGR or X10 encoding, as the terminal type
wants), resizing and the exit status. No fixed sleeps: every wait polls the pty until a
predicate holds or a timeout fails the test with the screen.

`start`, `wait_play` and `expect_exit` are the set-up, first wait and last check the app
tests share; `Board` reads and clicks the board widget.

The child always gets its own state directory (`XDG_STATE_HOME`), a fresh temporary one
unless the test passes one, so no test ever reads or writes the real saved games.
"""
from __future__ import annotations

import os
import re
import select
import sys
import tempfile
import time
from typing import Callable

import pexpect
import pyte
from pyte.screens import Margins

#: keys as an xterm in application mode (what ncurses turns on with keypad) sends them
KEYS = {
    "up": b"\x1bOA",
    "down": b"\x1bOB",
    "right": b"\x1bOC",
    "left": b"\x1bOD",
    "enter": b"\r",
    "backspace": b"\x7f",
    "delete": b"\x1b[3~",
    "escape": b"\x1b",
    "space": b" ",
    "ctrl-r": b"\x12",
    "home": b"\x1bOH",
    "end": b"\x1bOF",
    "page-up": b"\x1b[5~",
    "page-down": b"\x1b[6~",
    "shift-up": b"\x1b[1;2A",
    "shift-down": b"\x1b[1;2B",
    "shift-right": b"\x1b[1;2C",
    "shift-left": b"\x1b[1;2D",
}
#: the Linux console does not switch the arrows to application mode
LINUX_KEYS = {**KEYS, "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}
WAIT = 5.0
#: the time between two reports of a drag (see `Terminal.drag`)
DRAG_STEP = 0.03
#: how long the pty must stay quiet for a frame to count as complete
SETTLE = 0.01


class _Screen(pyte.Screen):
    """pyte's screen plus the scroll (CSI S / T) and repeat (CSI b) ncurses may emit."""

    _last_char = " "

    def draw(self, data: str) -> None:
        if data:
            self._last_char = data[-1]
        super().draw(data)

    def repeat_last(self, count: int = 1, *_: object, **__: object) -> None:
        self.draw(self._last_char * max(count, 1))

    def _scroll(self, count: int, at_bottom: bool) -> None:
        top, bottom = self.margins or Margins(0, self.lines - 1)
        saved = self.cursor.y
        self.cursor.y = bottom if at_bottom else top
        for _ in range(max(count, 1)):
            self.index() if at_bottom else self.reverse_index()
        self.cursor.y = saved

    def scroll_up(self, count: int = 1, *_: object, **__: object) -> None:
        self._scroll(count, at_bottom=True)

    def scroll_down(self, count: int = 1, *_: object, **__: object) -> None:
        self._scroll(count, at_bottom=False)


class _Stream(pyte.ByteStream):
    csi = dict(pyte.ByteStream.csi, S="scroll_up", T="scroll_down", b="repeat_last")


def child_env(**extra: str) -> dict[str, str]:
    """The parent's environment without LINES/COLUMNS (they would pin the size), plus TERM;
    `extra` last, so a caller's XDG_STATE_HOME wins."""
    env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS", "NO_COLOR")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", ESCDELAY="25")
    env.update(extra)
    return env


def play_command(path: str, *more: str) -> list[str]:
    return [sys.executable, "-m", "numbrix_curses", "play", path, *more]


def app_command(*args: str) -> list[str]:
    """`numbrix ARGS...`; with no arguments, the main menu."""
    return [sys.executable, "-m", "numbrix_curses", *args]


class Terminal:
    def __init__(self, argv: list[str], rows: int = 30, cols: int = 90, **env: str) -> None:
        self.screen = _Screen(cols, rows)
        self.stream = _Stream(self.screen)
        self.raw = bytearray()
        self.eof = False
        #: a private state directory where the caller gives none, removed with the terminal
        self._own_state = None
        if "XDG_STATE_HOME" not in env:
            self._own_state = tempfile.TemporaryDirectory(prefix="numbrix-test-state-")
            env = dict(env, XDG_STATE_HOME=self._own_state.name)
        self.env = child_env(**env)
        #: screen and tmux terminfo entries describe the X10 mouse protocol, xterm's SGR 1006
        self.x10_mouse = not self.env["TERM"].startswith("xterm")
        self.child = pexpect.spawn(
            argv[0], argv[1:], env=self.env, dimensions=(rows, cols)
        )
        self.child.delaybeforesend = None
        self.child.ptyproc.delayafterclose = 0

    # ----- reading -----------------------------------------------------------------------
    def _read(self, timeout: float) -> bool:
        """Feed whatever arrives within `timeout`; False when nothing came."""
        if self.eof:
            return False
        ready, _, _ = select.select([self.child.fileno()], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.child.fileno(), 65536)
        except OSError:  # EIO: the child closed the pty
            data = b""
        if not data:
            self.eof = True
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def wait_for(
        self, predicate: Callable[[], bool], timeout: float = WAIT, what: str = ""
    ) -> None:
        """Poll the pty until `predicate()` holds; fail with the screen after `timeout`.

        ncurses may write one frame in several pieces (its buffer is about a screenful), so
        once the predicate holds the rest of the burst is read too (until the pty has been
        quiet for `SETTLE` seconds) and the predicate checked again: what a test asserts
        next belongs to the same, complete frame.
        """
        deadline = time.monotonic() + timeout
        failure: "Exception | None" = None

        def holds() -> bool:
            # A predicate that reads a half-drawn frame may fail on it (a box's title there,
            # its bottom edge not yet): that counts as "not yet", and the last such failure
            # is reported if the wait times out.
            nonlocal failure
            try:
                return bool(predicate())
            except Exception as error:  # noqa: BLE001 - re-raised below, on timeout
                failure = error
                return False

        while True:
            while self._read(0):
                pass
            if holds():
                if not self._read(SETTLE):
                    return
                while self._read(SETTLE):
                    pass
                if holds():
                    return
                continue
            left = deadline - time.monotonic()
            if left <= 0 or self.eof:
                if holds():
                    return
                raise AssertionError(
                    f"timed out waiting for {what or predicate}\n{self.dump()}") from failure
            self._read(min(0.2, left))

    def wait_text(self, text: str, timeout: float = WAIT) -> None:
        self.wait_for(lambda: text in self.text, timeout, repr(text))

    def wait_said(self, text: str, timeout: float = WAIT) -> None:
        """Wait for `text` in `flowing_text`: a message that may wrap anywhere (after a
        path, whose length decides where)."""
        self.wait_for(lambda: text in self.flowing_text(), timeout, repr(text))

    def wait_written(self, text: str, timeout: float = WAIT) -> None:
        """Wait until `text` has been written, whether or not it is on the screen still: a
        line that is soon overwritten may come and go within one read."""
        data = text.encode()
        self.wait_for(lambda: data in self.raw, timeout, f"{text!r} written")

    def wait_match(self, pattern: str, timeout: float = WAIT) -> "re.Match[str]":
        """Wait until the regular expression `pattern` matches the screen text."""
        found: list[re.Match[str]] = []

        def matches() -> bool:
            match = re.search(pattern, self.text)
            if match:
                found[:] = [match]
            return match is not None

        self.wait_for(matches, timeout, f"/{pattern}/")
        return found[0]

    def flowing_text(self, left: int = 0) -> str:
        """Everything from column `left` rightwards, lines joined with single spaces, so
        text wrapped over several lines (a panel's message) reads as one."""
        return " ".join(" ".join(line[left:].split()) for line in self.lines)

    def panel_left(self) -> int:
        """The side panel's left edge: its Keys heading, or where the heading is left out
        for room, its first status line (0 when there is no side panel)."""
        keys = self.find("Keys") or self.find("Size  ")
        return keys[1] if keys is not None else 0

    def wait_message(self, text: str, timeout: float = WAIT) -> None:
        """Wait for `text` in the side panel (right of the board) or anywhere on one line."""
        def shown() -> bool:
            return text in self.flowing_text(self.panel_left()) or text in self.text

        self.wait_for(shown, timeout, f"message {text!r}")

    def box_text(self) -> str:
        """The words inside the dialog box on screen (its frame a plain `┌──┐` top edge),
        lines joined with single spaces, so a question's explanation wrapped to the box
        reads as one; "" when there is no box."""
        for top, line in enumerate(self.lines):
            edge = re.search(r"┌─+┐", line)
            if edge is None:
                continue
            left, right = edge.start(), edge.end() - 1
            rows = []
            for row in self.lines[top + 1:]:
                if row[left] == "└":
                    break
                rows.append(row[left + 1:right])
            return " ".join(" ".join(rows).split())
        return ""

    def wait_in_box(self, text: str, timeout: float = WAIT) -> None:
        """Wait for `text` in the dialog box (see `box_text`), wrapped anywhere."""
        self.wait_for(lambda: text in self.box_text(), timeout, f"{text!r} in a box")

    def wait_gone(self, text: str, timeout: float = WAIT) -> None:
        self.wait_for(lambda: text not in self.text, timeout, f"{text!r} to go")

    # ----- the screen --------------------------------------------------------------------
    @property
    def lines(self) -> list[str]:
        return list(self.screen.display)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def find(self, text: str) -> tuple[int, int] | None:
        """(row, col) of the first occurrence of `text` on screen."""
        for row, line in enumerate(self.lines):
            col = line.find(text)
            if col >= 0:
                return row, col
        return None

    def find_column(self, text: str, rows: range | None = None) -> tuple[int, int] | None:
        """(row, screen column) of the first occurrence of `text` (in `rows`, or anywhere):
        past a wide character (CJK), which takes two columns, the column is not `find`'s
        index in the line."""
        for row in rows if rows is not None else range(self.screen.lines):
            cells = self.screen.buffer[row]
            # (pyte keeps an empty cell after each wide character: the column it covers)
            xs = [x for x in range(self.screen.columns) if cells[x].data != ""]
            line = "".join(cells[x].data for x in xs)
            col = line.find(text)
            if col >= 0:
                return row, xs[col]
        return None

    def row_span(self, row: int) -> tuple[int, int]:
        """The first and last screen columns of `row` that hold more than a space (the
        second column of a wide character counted)."""
        cells = self.screen.buffer[row]
        used = [x for x in range(self.screen.columns) if cells[x].data != " "]
        return (used[0], used[-1]) if used else (0, -1)

    def char(self, row: int, col: int) -> pyte.screens.Char:
        return self.screen.buffer[row][col]

    def dump(self) -> str:
        return "\n".join(f"{i:2d}|{line}|" for i, line in enumerate(self.lines))

    # ----- input -------------------------------------------------------------------------
    def send(self, data: bytes | str) -> None:
        self.child.send(data)

    def paste(self, text: str) -> None:
        """Paste `text` as xterm does in bracketed-paste mode: between its two markers, line
        breaks sent as carriage returns."""
        self.send("\x1b[200~" + text.replace("\n", "\r") + "\x1b[201~")

    def send_key(self, name: str) -> None:
        keys = LINUX_KEYS if self.env["TERM"].startswith("linux") else KEYS
        self.send(keys[name])

    def click(self, row: int, col: int, button: int = 0) -> None:
        """Click at 0-based (row, col): press and release in one write."""
        if self.x10_mouse:
            press = b"\x1b[M" + bytes([32 + button, 33 + col, 33 + row])
            release = b"\x1b[M" + bytes([32 + 3, 33 + col, 33 + row])
            self.send(press + release)
            return
        x, y = col + 1, row + 1
        self.send(f"\x1b[<{button};{x};{y}M\x1b[<{button};{x};{y}m".encode())

    def drag(self, points: list[tuple[int, int]]) -> None:
        """Press the left button at the first of `points` (0-based row, col), move through
        the rest with it held, release at the last, as a terminal in mode 1002 reports them.

        The reports are paced as a hand moves (`DRAG_STEP`): ncurses merges reports that
        it reads together, and drops a press among them."""
        for i, (row, col) in enumerate(points):
            time.sleep(DRAG_STEP)
            if self.x10_mouse:
                code = 32 + (0 if i == 0 else 32)
                self.send(b"\x1b[M" + bytes([code, 33 + col, 33 + row]))
            else:
                self.send(f"\x1b[<{0 if i == 0 else 32};{col + 1};{row + 1}M".encode())
        row, col = points[-1]
        time.sleep(DRAG_STEP)
        if self.x10_mouse:
            self.send(b"\x1b[M" + bytes([32 + 3, 33 + col, 33 + row]))
        else:
            self.send(f"\x1b[<0;{col + 1};{row + 1}m".encode())

    def _button(self, row: int, col: int, code: int, up: bool = False) -> None:
        """One report of the left button at 0-based (row, col): `code` 0 a press, 32 a move
        with it held; `up`, its release."""
        if self.x10_mouse:
            self.send(b"\x1b[M" + bytes([32 + (3 if up else code), 33 + col, 33 + row]))
        else:
            self.send(f"\x1b[<{code};{col + 1};{row + 1}{'m' if up else 'M'}".encode())

    def press(self, row: int, col: int) -> None:
        """The left button down at 0-based (row, col), and held (see `release`)."""
        self._button(row, col, 0)

    def move(self, row: int, col: int) -> None:
        """The pointer to 0-based (row, col) with the left button held (mode 1002)."""
        self._button(row, col, 32)

    def release(self, row: int, col: int) -> None:
        """The left button up at 0-based (row, col)."""
        self._button(row, col, 0, up=True)

    def wheel(self, row: int, col: int, down: bool = True) -> None:
        """Turn the mouse wheel one notch at 0-based (row, col) (SGR mode: a press only)."""
        self.send(f"\x1b[<{65 if down else 64};{col + 1};{row + 1}M".encode())

    def click_text(self, text: str) -> None:
        """Click the first character of `text` where it shows on screen."""
        where = self.find(text)
        assert where is not None, f"{text!r} is not on screen\n{self.dump()}"
        self.click(*where)

    @property
    def state_dir(self) -> str:
        """The app's state folder (saved games, records) for this terminal."""
        return os.path.join(self.env["XDG_STATE_HOME"], "numbrix-curses")

    def right_click(self, row: int, col: int) -> None:
        self.click(row, col, button=2)

    def resize(self, rows: int, cols: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    # ----- the end -----------------------------------------------------------------------
    def wait_exit(self, timeout: float = WAIT) -> int | None:
        """Read to EOF, reap the child; its exit status (None if killed by a signal)."""
        self.wait_for(lambda: self.eof, timeout, "the app to exit")
        self.child.wait()
        return self.child.exitstatus

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
        self.child.close()
        if self._own_state is not None:
            self._own_state.cleanup()

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop the app (if a test left it running) and free the pseudo-terminal."""
        self.close()


def start(argv: list[str], state: os.PathLike[str] | str, rows: int = 24, cols: int = 80,
          **env: str) -> Terminal:
    """`argv` in a `rows` x `cols` terminal, with `state` as its state directory (the saves a
    test puts there or reads back afterwards)."""
    return Terminal(argv, rows=rows, cols=cols, XDG_STATE_HOME=str(state), **env)


def wait_play(term: Terminal, last: str = "quit    q") -> None:
    """Wait for the play screen's whole first frame: `last`, the end of the key help (drawn
    last), and the board's bottom edge."""
    term.wait_text(last)
    term.wait_for(lambda: term.find("┘") is not None, what="the board")


def first_hint(term: Terminal) -> None:
    """Ask for the game's first hint: `?`, and yes to whether to take it (the first hint
    costs the game its best time, so it is asked)."""
    term.send("?")
    term.wait_text("Take a hint?")
    term.send("y")
    term.wait_gone("Take a hint?")


def expect_exit(term: Terminal, code: int = 0) -> None:
    """The app ends with status `code` and prints no traceback on the way out."""
    assert term.wait_exit() == code
    assert b"Traceback" not in bytes(term.raw)


class Board:
    """Reading and clicking the board widget of a `Terminal` (cells `cell_width` wide)."""

    def __init__(self, term: Terminal, cell_width: int, compact: bool = False) -> None:
        self.term = term
        self.cell_width = cell_width
        #: a board drawn without walls: cells side by side, one screen row each
        self.compact = compact

    def origin(self) -> tuple[int, int]:
        corner = self.term.find("┌")
        assert corner is not None, self.term.dump()
        return corner

    def cell_yx(self, row: int, col: int) -> tuple[int, int]:
        top, left = self.origin()
        if self.compact:
            return top + 1 + row, left + 1 + col * self.cell_width
        return top + 1 + 2 * row, left + 1 + col * (self.cell_width + 1)

    def text(self, row: int, col: int) -> str:
        """A cell's text; "" while the board is not (yet) on screen."""
        if self.term.find("┌") is None:
            return ""
        y, x = self.cell_yx(row, col)
        return self.term.lines[y][x : x + self.cell_width].strip()

    def wait_shown(self) -> None:
        """Wait for the whole board: frames arrive top line first, so wait for its bottom."""
        self.term.wait_for(lambda: self.term.find("┌") is not None
                           and self.term.find("┘") is not None, what="the board")

    def number(self, row: int, col: int) -> str:
        """The number shown in a cell, without a check or hint flag."""
        return self.text(row, col).lstrip("!?*").strip()

    def wait_cell(self, row: int, col: int, text: str) -> None:
        self.term.wait_for(lambda: self.number(row, col) == text,
                           what=f"cell {row},{col} = {text!r}")

    def is_cursor(self, row: int, col: int) -> bool:
        if self.term.find("┌") is None:
            return False
        y, x = self.cell_yx(row, col)
        return self.term.char(y, x + self.cell_width - 2).reverse

    def drag(self, cells: list[tuple[int, int]]) -> None:
        """Drag the mouse from the first of `cells` (board row, col) through the rest."""
        self.term.drag([self.cell_yx(row, col) for row, col in cells])

    def click(self, row: int, col: int) -> None:
        self.term.click(*self.cell_yx(row, col))
        self.term.wait_for(lambda: self.is_cursor(row, col), what=f"cursor on {row},{col}")
