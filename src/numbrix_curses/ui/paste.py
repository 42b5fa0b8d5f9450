"""Pasting: the terminal's bracketed paste read off the input as one `Paste` action, and what
pasted text means on a screen (a number for the cursor cell, or a whole puzzle).

A terminal in bracketed-paste mode sends pasted text between two markers, so the app can
tell it from typing. Without that, a board pasted into the grid arrives as keystrokes and
does harm: a space clears a cell, a line break ends a number. The mode and its markers come
from the terminal description (`BE`, `BD`, `PS`, `PE`, which ncurses lists for xterm and
tmux, among others). Shells switch the mode off while a program they started runs, so it
is switched on again after the app is continued (Ctrl-Z, then fg).

A terminal that lacks the mode (GNU screen, rxvt, many terminals under their own names,
the Windows console) still sends a paste in one go, faster than anyone types: `read_burst`
takes text that is waiting already, several characters of it, as a paste. Key repeat and
typing ahead leave a character or two waiting, not eight; over a slow remote link they can
leave more, and a burst of the letter keys that move the cursor alone, with no digit, is
read as those keys (a paste of them would mean nothing).

What a paste means is read by the same parser as puzzle files (`textformat.parse_puzzles`),
so every form a file may take pastes too: a board copied from a web page or a spreadsheet,
one copied off this app's screen, the JSON `generate` writes.
"""
from __future__ import annotations

import curses
import os
import re
import sys
from dataclasses import dataclass

from numbrix_curses.puzzle import ParseError, Puzzle, a_size
from numbrix_curses.screencopy import board_of_a_screen
from numbrix_curses.textformat import parse_puzzles
from numbrix_curses.ui.actions import MoveCursor, Paste
from numbrix_curses.ui.keys import BOARD_KEYS
from numbrix_curses.ui.sequences import put_back

#: the most characters of one paste kept; the rest is read and dropped. A 30x30 board copied
#: off the screen with its walls is about 9,000 characters.
MAX_PASTE_CHARS = 100_000
#: how long the rest of a paste may keep the app waiting between two characters: long
#: enough for a paste that comes over a slow link in pieces, short enough that a terminal
#: that never sends the end marker does not seem to hang the app
_GAP_MS = 1000
#: how long to wait for the rest of the start marker after its first character: it comes
#: in the same write, so at once, and a bare Escape should not lag
_MARKER_MS = 30
#: a burst of at least this many characters waiting at once is a paste (see `read_burst`)
BURST_CHARS = 8
#: how long the rest of a burst taken for a paste may keep the app waiting: a large paste
#: comes in pieces (a terminal writes it a few kilobytes at a time, a remote link slower)
_BURST_GAP_MS = 60
#: the letters that move the cursor on a board, as the key table has them: a burst of these
#: alone is keys held down or typed ahead over a slow link, not a paste (see `read_burst`)
MOVE_LETTERS = frozenset(key for key, action in BOARD_KEYS.items()
                         if isinstance(key, str) and key.isalpha()
                         and isinstance(action, MoveCursor))
#: a burst of move letters longer than this is a paste after all: as keys it would be put
#: back to curses whole, which holds a few hundred at most
_MOST_MOVES = 64
#: a run of line breaks in pasted text
_LINE_BREAKS = re.compile(r"\n+")
#: the name a paste goes by in parse errors
PASTED = "pasted text"


class BracketedPaste:
    """The terminal's bracketed-paste mode: switching it on and off, and reading a paste."""

    def __init__(self, on: bytes, off: bytes, start: str, end: str) -> None:
        self.on, self.off, self.start, self.end = on, off, start, end

    @classmethod
    def of_terminal(cls) -> "BracketedPaste | None":
        """The mode as the terminal description gives it, or None when it gives none (call
        after `initscr`)."""
        if sys.platform == "win32":
            return None
        try:
            caps = [curses.tigetstr(name) for name in ("BE", "BD", "PS", "PE")]
        except (curses.error, AttributeError):
            return None
        if not all(caps):
            return None
        on, off, start, end = caps
        try:
            return cls(on, off, start.decode("ascii"), end.decode("ascii"))
        except UnicodeDecodeError:
            return None

    def switch(self, on: bool) -> None:
        """Switch the mode on or off (written straight to the terminal, not through a window)."""
        try:
            sys.stdout.flush()
            os.write(sys.stdout.fileno(), self.on if on else self.off)
        except (OSError, ValueError):
            pass  # the terminal is gone: nothing to switch

    def read(self, win: "curses.window", key: "int | str") -> Paste | None:
        """The paste that `key` (just read) starts, read whole; None when `key` starts no
        paste, and then whatever was read after it is put back to be read again.

        An end marker with no paste open is read as an empty paste: the rest of a paste
        cut short by a long gap (see `_GAP_MS`), which is nothing to act on."""
        if not isinstance(key, str):
            return None
        taken: list[int | str] = []
        seen = key
        win.timeout(0)
        while seen not in (self.start, self.end):
            if not (self.start.startswith(seen) or self.end.startswith(seen)):
                put_back(taken)
                return None
            try:
                got = win.get_wch()
            except curses.error:
                put_back(taken)
                return None
            taken.append(got)
            if not isinstance(got, str):
                put_back(taken)
                return None
            seen += got
            win.timeout(_MARKER_MS)
        return self._body(win) if seen == self.start else Paste("")

    def _body(self, win: "curses.window") -> Paste:
        kept: list[str] = []
        tail = ""
        count = 0
        win.timeout(_GAP_MS)
        while True:
            try:
                got = win.get_wch()
            except curses.error:
                break  # the end marker never came: keep what did
            if isinstance(got, int):
                # ncurses made a key of pasted bytes; only Enter stands for text
                got = "\n" if got == curses.KEY_ENTER else ""
                if not got:
                    continue
            tail = (tail + got)[-len(self.end):]
            count += 1
            if tail == self.end:
                break
            if count <= MAX_PASTE_CHARS + len(self.end):
                kept.append(got)
            else:
                # Too long to be a puzzle: drop what is waiting at once rather than read a
                # huge paste a character at a time; the end marker may go with it, and then
                # the paste ends when the input falls quiet.
                curses.flushinp()
        text = "".join(kept)
        if tail == self.end:
            text = text[: len(text) - (len(self.end) - 1)]  # (its last character was not kept)
        return _as_paste(text)


def read_burst(win: "curses.window", key: "int | str") -> Paste | None:
    """The paste `key` (just read) starts, on a terminal without bracketed paste: at least
    `BURST_CHARS` characters already waiting, with it, and what follows them closely. None
    when fewer are waiting, and then they are put back to be read again, as keys.

    A key that is not a character (an arrow, a click, a resize) ends the burst and is put
    back. Text typed ahead while the app was busy can look like a paste; the app was never
    busy that long while reading keys, since long work runs beside the loop."""
    if not isinstance(key, str) or not (key.isprintable() or key in "\t\r\n"):
        return None
    taken: list[str] = [key]
    win.timeout(0)
    pending: int | str | None = None
    while len(taken) <= MAX_PASTE_CHARS:
        try:
            got = win.get_wch()
        except curses.error:
            if len(taken) < BURST_CHARS:
                break
            # a paste comes in pieces: wait a little for the next one before it ends
            win.timeout(_BURST_GAP_MS)
            try:
                got = win.get_wch()
            except curses.error:
                break
        if not isinstance(got, str):
            if got == curses.KEY_ENTER:
                got = "\n"
            else:
                pending = got
                break
        taken.append(got)
    cut = len(taken) > MAX_PASTE_CHARS
    if cut:
        curses.flushinp()  # too long to be a puzzle: drop the rest rather than read it
    held = len(taken) <= _MOST_MOVES and MOVE_LETTERS.issuperset(taken)
    if len(taken) < BURST_CHARS or held:
        put_back(taken[1:] + ([pending] if pending is not None else []))
        return None
    if pending is not None:
        put_back([pending])
    return _as_paste("".join(taken), cut)


def _as_paste(text: str, cut: bool = False) -> Paste:
    # Terminals send a pasted line break as the Enter key does, a carriage return
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    breaks = _LINE_BREAKS.findall(text)
    if breaks and all(len(run) % 2 == 0 for run in breaks):
        # Text copied with Windows line ends (CR LF) comes with every break doubled: xterm
        # sends each LF as a CR too, and the terminal driver makes both line breaks. Read
        # so, a board's rows were each a board ("is a blank line splitting a 2x5 board?").
        # Where every break is doubled, none was meant as a blank line between rows.
        text = _LINE_BREAKS.sub(lambda run: "\n" * (len(run.group()) // 2), text)
    if cut or len(text) > MAX_PASTE_CHARS:
        return Paste(text[:MAX_PASTE_CHARS], cut=True)
    return Paste(text)


# ----- what a paste means ----------------------------------------------------------------

@dataclass(frozen=True)
class PastedNumber:
    """A number, for the cursor cell."""

    value: int


@dataclass(frozen=True)
class PastedPuzzle:
    """A whole puzzle; `count` the puzzles the text held (the first is taken); `notes`,
    what the reader warned of, as (line, text): a reading that may not be the one meant
    (see `textformat.parse_puzzles`)."""

    puzzle: Puzzle
    count: int
    notes: tuple[tuple[int, str], ...] = ()

    def note(self) -> str | None:
        """The first of the reader's warnings, where in the paste, and how many more there
        are; None when there are none."""
        if not self.notes:
            return None
        line, text = self.notes[0]
        more = len(self.notes) - 1
        also = f" ({more} more warning{'s' if more != 1 else ''})" if more else ""
        said = f"Read with a warning (line {line} of the paste): {text}{also}"
        # (not after a quoted one: "write each blank as '.'")
        return said if said.endswith(("'", '"', ".")) else said + "."

    def describe(self) -> str:
        """"a 9x9 puzzle with 24 givens", or "the first of 3 puzzles (9x9, 24 givens)"."""
        p = self.puzzle
        givens = p.clue_count
        noun = "given" if givens == 1 else "givens"
        if self.count == 1:
            return f"{a_size(p.rows, p.cols)} puzzle with {givens} {noun}"
        return f"the first of {self.count} puzzles ({p.rows}x{p.cols}, {givens} {noun})"


@dataclass(frozen=True)
class NotUnderstood:
    """Text that is neither; `reason` says why, for the message line, and `shorter` in
    fewer words, longest first, for a screen with no room for it whole."""

    reason: str
    shorter: tuple[str, ...] = ()


_NUMBER = re.compile(r"\s*(\d{1,9})\s*")


def pasted_number(paste: Paste) -> int | None:
    """The number `paste` holds, when it holds one number and nothing else."""
    match = _NUMBER.fullmatch(paste.text)
    return int(match.group(1)) if match and not paste.cut else None


def understand(paste: Paste) -> PastedNumber | PastedPuzzle | NotUnderstood:
    """What `paste` is: one number, a puzzle (in any form a puzzle file may take), or
    neither, with the reason (where in the text it went wrong, as for a file)."""
    if paste.cut:
        return NotUnderstood(
            f"That paste is too long for a puzzle (over {MAX_PASTE_CHARS:,} characters)."
        )
    number = pasted_number(paste)
    if number is not None:
        return PastedNumber(number)
    if not paste.text.strip():
        return NotUnderstood("Nothing but blanks was pasted.")
    # (what the reader warns of is said where the paste lands: the board may not be the
    # one meant, and the type-in screen said nothing of it)
    notes: list[tuple[int, str]] = []
    try:
        puzzles = parse_puzzles(paste.text, PASTED, notes)
    except ParseError as error:
        board = board_of_a_screen(paste.text)  # (a whole screen copied off the app)
        notes = []  # (of the reading that failed)
        try:
            puzzles = parse_puzzles(board, PASTED) if board is not None else []
        except ParseError:
            puzzles = []
        if not puzzles:
            where = f" (line {error.line}, column {error.col})" if error.line > 0 else ""
            # (shorter: the place and what is wrong there kept, its advice left out)
            what = error.message.split("; ")[0]
            return NotUnderstood(
                f"The pasted text is not a puzzle{where}: {error.message}",
                tuple(dict.fromkeys((f"Not a puzzle{where}: {error.message}",
                                     f"Not a puzzle{where}: {what}"))))
    return PastedPuzzle(puzzles[0], len(puzzles), tuple(notes))


def one_line(paste: Paste) -> str:
    """The text of `paste` for a one-line field: its first line that is not blank, with
    control characters left out (a path copied with its line break, say)."""
    for line in paste.text.splitlines():
        line = "".join(ch for ch in line if ch.isprintable())
        if line.strip():
            return line.strip()
    return ""
