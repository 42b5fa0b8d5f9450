"""Escape sequences the terminal description does not list, read whole, and keys read ahead
given back to curses (`put_back`, which the paste reader uses too).

ncurses turns the sequences a terminal description lists into keys (`KEY_SRIGHT` for
Shift-Right on xterm). A sequence it does not list arrives as its characters, each a key of
its own: on GNU screen (`TERM=screen`), Shift-Right (ESC [ 1 ; 2 C) was Escape, then `[`,
then `1` and `2` typed into the cell, then `C`, a check. `read_csi` reads such a sequence
(ESC [ parameters final, or ESC O final) whole: xterm's shifted arrows become the keys they
are, every other one is dropped, as a key that means nothing.
"""
from __future__ import annotations

import curses

#: how long to wait for the rest of a sequence after its Escape: a terminal sends it in one
#: write, so at once, and a bare Escape should not lag
SEQUENCE_MS = 30
#: the longest run of parameters read before a sequence is taken for no sequence at all
_MOST_PARAMETERS = 16
#: sequences (past ESC [) that stand for keys the app uses: xterm's shifted arrows, and
#: rxvt's, which have no parameters
KNOWN = {
    "1;2A": curses.KEY_SR, "1;2B": curses.KEY_SF,
    "1;2C": curses.KEY_SRIGHT, "1;2D": curses.KEY_SLEFT,
    "a": curses.KEY_SR, "b": curses.KEY_SF, "c": curses.KEY_SRIGHT, "d": curses.KEY_SLEFT,
}


class Dropped:
    """A sequence read whole that stands for no key the app knows."""


DROPPED = Dropped()


def read_csi(win: "curses.window", key: "int | str") -> "int | Dropped | None":
    """The key the control sequence that `key` (just read) starts stands for, `DROPPED` when
    it stands for none, or None when `key` starts no sequence (then what was read after it is
    put back, to be read again)."""
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
                return DROPPED
            put_back(taken)
            return None
        if 0x40 <= code <= 0x7E:  # the final byte
            return KNOWN.get(body + got, DROPPED)
        if not 0x20 <= code <= 0x3F or len(body) >= _MOST_PARAMETERS:
            put_back(taken)
            return None
        body += got


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
