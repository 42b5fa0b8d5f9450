"""Run the app in a pseudo-terminal and read its screen back with the pyte emulator.

`Terminal` spawns the app (`python -m numbrix_curses [play FILE]`) under pexpect at a fixed
size, feeds everything the app writes into a pyte screen (keeping the raw bytes too), and
offers polling waits, key and mouse input (SGR or X10 encoding, as the terminal type
wants), resizing and the exit status. No fixed sleeps: every wait polls the pty until a
predicate holds or a timeout fails the test with the screen.

The child always gets its own state directory (`XDG_STATE_HOME`), a fresh temporary one
unless the test passes one, so no test ever reads or writes the real saved games.
"""
from __future__ import annotations

import os
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
}
WAIT = 5.0


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
    """The parent's environment without LINES/COLUMNS (they would pin the size), plus TERM
    and a private state directory."""
    env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS", "NO_COLOR")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", ESCDELAY="25")
    env.update(extra)
    if "XDG_STATE_HOME" not in extra:
        env["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="numbrix-test-state-")
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
        """Poll the pty until `predicate()` holds; fail with the screen after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            while self._read(0):
                pass
            if predicate():
                return
            left = deadline - time.monotonic()
            if left <= 0 or self.eof:
                if predicate():
                    return
                raise AssertionError(f"timed out waiting for {what or predicate}\n{self.dump()}")
            self._read(min(0.2, left))

    def wait_text(self, text: str, timeout: float = WAIT) -> None:
        self.wait_for(lambda: text in self.text, timeout, repr(text))

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

    def char(self, row: int, col: int) -> pyte.screens.Char:
        return self.screen.buffer[row][col]

    def dump(self) -> str:
        return "\n".join(f"{i:2d}|{line}|" for i, line in enumerate(self.lines))

    # ----- input -------------------------------------------------------------------------
    def send(self, data: bytes | str) -> None:
        self.child.send(data)

    def send_key(self, name: str) -> None:
        self.send(KEYS[name])

    def click(self, row: int, col: int, button: int = 0) -> None:
        """Click at 0-based (row, col): press and release in one write."""
        if self.x10_mouse:
            press = b"\x1b[M" + bytes([32 + button, 33 + col, 33 + row])
            release = b"\x1b[M" + bytes([32 + 3, 33 + col, 33 + row])
            self.send(press + release)
            return
        x, y = col + 1, row + 1
        self.send(f"\x1b[<{button};{x};{y}M\x1b[<{button};{x};{y}m".encode())

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
