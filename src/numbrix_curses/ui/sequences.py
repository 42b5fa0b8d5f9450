"""Escape sequences the terminal description does not list, read whole, and keys read ahead
given back to curses (`put_back`, which the paste reader uses too).

ncurses turns the sequences a terminal description lists into keys (`KEY_SRIGHT` for
Shift-Right on xterm). A sequence it does not list arrives as its characters, each a key of
its own: on GNU screen (`TERM=screen`), Shift-Right (ESC [ 1 ; 2 C) was Escape, then `[`,
then `1` and `2` typed into the cell, then `C`, a check. `read_csi` reads such a sequence
(ESC [ parameters final, or ESC O final) whole: the sequences of keys the app uses (shifted
arrows, and the plain keys in the forms other terminals send them: arrows in either cursor
mode, Home, End, Delete, the page keys, the keypad's digits in application mode) become
those keys, every other one is dropped, as a key that means nothing. A mouse report in
xterm's first encoding (ESC [ M and three bytes), which ncurses leaves unread where the
description promises the SGR encoding and the terminal knows only the first, is read whole
too (`MouseReport`): its three bytes were typed into the board, a space clearing the cell.
"""
from __future__ import annotations

import curses
import sys
from dataclasses import dataclass

#: how long to wait for the rest of a sequence after its Escape: a terminal sends it in one
#: write, so at once, and a bare Escape should not lag
SEQUENCE_MS = 30
#: the longest run of parameters read before a sequence is taken for no sequence at all
_MOST_PARAMETERS = 16
#: sequences (past ESC [) that stand for keys the app uses: xterm's shifted arrows, and
#: rxvt's, which have no parameters; F1; the arrows, Home, End, Delete and the page keys as
#: xterm, VT220s, PuTTY (which says it is an xterm) and rxvt send them, for terminals whose
#: description lists them otherwise (the arrows in the other cursor mode, say)
KNOWN = {
    "1;2A": curses.KEY_SR, "1;2B": curses.KEY_SF,
    "1;2C": curses.KEY_SRIGHT, "1;2D": curses.KEY_SLEFT,
    "a": curses.KEY_SR, "b": curses.KEY_SF, "c": curses.KEY_SRIGHT, "d": curses.KEY_SLEFT,
    "A": curses.KEY_UP, "B": curses.KEY_DOWN, "C": curses.KEY_RIGHT, "D": curses.KEY_LEFT,
    "H": curses.KEY_HOME, "F": curses.KEY_END,
    "1~": curses.KEY_HOME, "7~": curses.KEY_HOME, "4~": curses.KEY_END, "8~": curses.KEY_END,
    "3~": curses.KEY_DC, "5~": curses.KEY_PPAGE, "6~": curses.KEY_NPAGE,
    # F1 to F4 as rxvt and PuTTY send them (an xterm description says ESC O P to S)
    "11~": curses.KEY_F1, "12~": curses.KEY_F2, "13~": curses.KEY_F3, "14~": curses.KEY_F4,
}
#: sequences past ESC O (SS3): the arrows, Home and End in application cursor mode, F1,
#: and the keypad in application mode (which `keypad(True)` asks for): its digits and Enter
KNOWN_SS3: "dict[str, int | str]" = {
    "A": curses.KEY_UP, "B": curses.KEY_DOWN, "C": curses.KEY_RIGHT, "D": curses.KEY_LEFT,
    "H": curses.KEY_HOME, "F": curses.KEY_END, "P": curses.KEY_F1,
    "M": curses.KEY_ENTER,
    **{chr(ord("p") + digit): str(digit) for digit in range(10)},
}
#: the keypad's keys by the names ncurses gives them where the description lists them
#: (xterm's: `ka1` ESC O w for the 7; `kc2` ESC O r for the 2, an extended name whose code
#: differs between descriptions): in application mode they are its digits
_KEYPAD_NAMES = {
    b"KEY_A1": "7", b"ka2": "8", b"KEY_A3": "9",
    b"kb1": "4", b"KEY_B2": "5", b"kb3": "6",
    b"KEY_C1": "1", b"kc2": "2", b"KEY_C3": "3",
    b"kpZRO": "0",
}


def keypad_digit(key: "int | str") -> "str | None":
    """The digit `key` stands for when it is one of the keypad's (see `_KEYPAD_NAMES`)."""
    if not isinstance(key, int) or key < curses.KEY_MIN:
        return None
    try:
        name = curses.keyname(key)
    except (curses.error, ValueError, AttributeError):
        return None
    return _KEYPAD_NAMES.get(name)


#: keys PDCurses (windows-curses) reports under codes of its own, and the ncurses keys the
#: app reads in their place: Shift-Up and Shift-Down (ncurses' scroll keys, as the
#: terminal descriptions name them), and the keypad's Enter
_PDCURSES_NAMES = (("KEY_SUP", "KEY_SR"), ("KEY_SDOWN", "KEY_SF"), ("PADENTER", "KEY_ENTER"))


def usual_key(key: "int | str", platform: str = sys.platform) -> "int | str":
    """`key` as ncurses reports it (see `_PDCURSES_NAMES`); on Windows, Ctrl-C, which the
    console hands over as a character once the mouse is on, is an interrupt, as a
    terminal makes it elsewhere (the game is saved and the app ends)."""
    if platform != "win32":
        return key
    if key == "\x03":
        raise KeyboardInterrupt
    for theirs, ours in _PDCURSES_NAMES:
        if isinstance(key, int) and key == getattr(curses, theirs, None):
            return getattr(curses, ours)
    return key


#: xterm's first mouse encoding: ESC [ M, then the button and the column and row, each a
#: byte offset by 32
_X10_MOUSE = "M"
_X10_BYTES = 3


@dataclass(frozen=True)
class MouseReport:
    """A mouse report read whole (see the module docstring): `code` is the button byte less
    32 (0-2 a button pressed, 3 a release, +32 a motion, +64 the wheel), at 0-based
    (`y`, `x`)."""

    code: int
    y: int
    x: int


class Dropped:
    """A sequence read whole that stands for no key the app knows."""


DROPPED = Dropped()


def read_csi(
    win: "curses.window", key: "int | str"
) -> "int | str | MouseReport | Dropped | None":
    """The key the control sequence that `key` (just read) starts stands for (or the mouse
    report it is), `DROPPED` when it stands for none, or None when `key` starts no sequence
    (then what was read after it is put back, to be read again)."""
    if key != "\x1b":
        return None
    taken: list[int | str] = []
    body = ""
    win.timeout(0)
    while True:
        try:
            got = win.get_wch()
        except curses.error:
            put_back(taken)
            return None  # a bare Escape, or a sequence cut short: the keys as they came
        taken.append(got)
        win.timeout(SEQUENCE_MS)
        if not isinstance(got, str):
            put_back(taken)
            return None
        if len(taken) == 1:
            if got not in "[O":
                put_back(taken)
                return None
            continue
        code = ord(got)
        if taken[0] == "O":  # (SS3: one final byte, no parameters)
            if 0x40 <= code <= 0x7E:
                return KNOWN_SS3.get(got, DROPPED)
            put_back(taken)
            return None
        if got == _X10_MOUSE and not body:
            return _read_x10_mouse(win)
        if 0x40 <= code <= 0x7E:  # the final byte
            return KNOWN.get(body + got, DROPPED)
        if not 0x20 <= code <= 0x3F or len(body) >= _MOST_PARAMETERS:
            put_back(taken)
            return None
        body += got


def _read_x10_mouse(win: "curses.window") -> "MouseReport | Dropped":
    """The three bytes of a mouse report after its ESC [ M (see `MouseReport`); a report
    cut short, or one whose column or row is past what one byte holds, means nothing."""
    values: list[int] = []
    for _ in range(_X10_BYTES):
        try:
            got = win.get_wch()
        except curses.error:
            return DROPPED
        if not isinstance(got, str) or not 32 <= ord(got) < 256:
            return DROPPED
        values.append(ord(got) - 32)
    code, column, row = values
    if column < 1 or row < 1:
        return DROPPED
    return MouseReport(code, row - 1, column - 1)


def put_back(keys: "list[int | str]") -> None:
    """Give `keys` back to curses, to be read again in this order."""
    # curses returns what was put back last first. A curses built without wide characters
    # has no unget_wch; there a character goes back by its code, as PDCurses takes it.
    unget_wch = getattr(curses, "unget_wch", None)
    for key in reversed(keys):
        if isinstance(key, str) and unget_wch is not None:
            unget_wch(key)
        else:
            curses.ungetch(ord(key) if isinstance(key, str) else key)
