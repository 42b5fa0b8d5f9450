"""Clipped text output: drawing never raises because the window is small or text too long."""
from __future__ import annotations

import curses


def put(win: "curses.window", y: int, x: int, text: str, attr: int = 0) -> int:
    """Write `text` at (y, x), cut at the window's edges; returns the columns written."""
    height, width = win.getmaxyx()
    if not (0 <= y < height) or x >= width or not text:
        return 0
    if x < 0:
        text, x = text[-x:], 0
    text = text[: width - x]
    try:
        win.addstr(y, x, text, attr)
    except curses.error:
        # Writing the bottom-right cell moves the cursor past the end: harmless.
        pass
    return len(text)


def centred(win: "curses.window", y: int, text: str, attr: int = 0) -> int:
    """Write `text` centred on row `y`; returns its first column."""
    width = win.getmaxyx()[1]
    x = max(0, (width - len(text)) // 2)
    put(win, y, x, text, attr)
    return x
