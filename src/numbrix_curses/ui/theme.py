"""Looks: curses attributes for each role on screen, and the line-drawing glyphs.

With colours the board uses a small palette; without (`has_colors()` false, or `NO_COLOR`
set) every role falls back to bold, reverse and underline so nothing relies on colour alone.
"""
from __future__ import annotations

import curses
import locale
import os
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Glyphs:
    """Characters for walls (light) and the path between numbers (heavy)."""

    horizontal: str
    vertical: str
    corners: tuple[str, str, str, str, str, str, str, str, str]  # ┌┬┐ ├┼┤ └┴┘ row by row
    link_across: str
    link_down: str
    bullet: str
    #: a board edge that continues off screen (the view scrolls)
    cut_horizontal: str = "┄"
    cut_vertical: str = "┆"
    #: a solved puzzle in lists
    tick: str = "✓"
    #: an empty cell of a compact board (no walls to show where the cells are)
    empty: str = "·"
    #: what stands for the middle of a name cut short (see `draw.cut_middle`)
    gap: str = "…"
    #: which way a button moves a box (the number pad's, in its top edge)
    up: str = "▲"
    down: str = "▼"

    def corner(self, top: bool, bottom: bool, left: bool, right: bool) -> str:
        row = 0 if top else 2 if bottom else 1
        col = 0 if left else 2 if right else 1
        return self.corners[row * 3 + col]


UNICODE_GLYPHS = Glyphs("─", "│", tuple("┌┬┐├┼┤└┴┘"), "━", "┃", "·")  # type: ignore[arg-type]
#: the Linux console's font has the box lines but not the dashed ones or the tick
CONSOLE_GLYPHS = Glyphs(
    "─", "│", tuple("┌┬┐├┼┤└┴┘"), "━", "┃", "·", ":", ":", "*", gap="~"  # type: ignore[arg-type]
)
ASCII_GLYPHS = Glyphs(
    "-", "|", tuple("+++++++++"), "-", "|", "-", ":", ":", "*", ".", "~",  # type: ignore[arg-type]
    "^", "v",
)



def pick_glyphs() -> Glyphs:
    """Box-drawing characters when the locale can encode them, ASCII otherwise.

    Asks the C library (what curses encodes with), not Python's preferred encoding, which
    says UTF-8 in the C locale too (UTF-8 mode).
    """
    if sys.platform == "win32":
        # (windows-curses draws in UTF-8 whatever the console's code page, which Python's
        # preferred encoding reports: cp1252 there would have meant ASCII boxes)
        return UNICODE_GLYPHS
    try:
        encoding = locale.nl_langinfo(locale.CODESET)
    except (AttributeError, ValueError):  # (no nl_langinfo)
        encoding = locale.getpreferredencoding(False)
    encoding = encoding.lower().replace("-", "").replace("_", "")
    if encoding != "utf8":
        return ASCII_GLYPHS
    return CONSOLE_GLYPHS if os.environ.get("TERM", "").startswith("linux") else UNICODE_GLYPHS


@dataclass(frozen=True)
class Theme:
    title: int
    wall: int
    frame: int
    given: int
    entry: int
    path: int
    chain: int
    cursor: int
    pending: int
    label: int
    key: int
    success: int
    error: int
    dim: int
    #: a cell `check` marked wrong, or a number that stands twice on the board
    wrong: int
    #: the cell a hint is about, and the cells its reason rests on
    hint: int
    evidence: int
    #: the selected line of a menu or list
    selected: int
    #: the solver's guesses while watching it, and cells where two solutions differ
    guess: int
    diff: int
    #: pencil marks in a blank cell: faint, and underlined, so never taken for a number
    note: int
    glyphs: Glyphs
    colour: bool
    mouse: bool = True


def colours_wanted() -> bool:
    # (no-color.org: NO_COLOR set to an empty string is as if it were not set)
    return not os.environ.get("NO_COLOR") and curses.has_colors()


def make_theme(glyphs: Glyphs | None = None) -> Theme:
    """Build the theme; call after `initscr`."""
    glyphs = glyphs or pick_glyphs()
    if colours_wanted():
        try:
            return _colour_theme(glyphs)
        except curses.error:
            pass
    return _plain_theme(glyphs)


def _plain_theme(glyphs: Glyphs) -> Theme:
    if curses.has_colors():
        # curses.wrapper has started colour; keep the terminal's own foreground and
        # background rather than ncurses' assumed white on black.
        try:
            curses.use_default_colors()
        except curses.error:
            pass
    return Theme(
        title=curses.A_REVERSE | curses.A_BOLD,
        wall=curses.A_NORMAL,
        frame=curses.A_NORMAL,
        given=curses.A_BOLD,
        entry=curses.A_NORMAL,
        path=curses.A_BOLD,
        chain=curses.A_UNDERLINE | curses.A_BOLD,
        cursor=curses.A_REVERSE,
        pending=curses.A_UNDERLINE,
        label=curses.A_NORMAL,
        key=curses.A_BOLD,
        success=curses.A_BOLD | curses.A_REVERSE,
        error=curses.A_BOLD,
        dim=curses.A_NORMAL,
        wrong=curses.A_BOLD | curses.A_UNDERLINE,
        hint=curses.A_BOLD | curses.A_UNDERLINE,
        evidence=curses.A_UNDERLINE,
        selected=curses.A_REVERSE,
        guess=curses.A_UNDERLINE,
        diff=curses.A_BOLD | curses.A_UNDERLINE,
        note=curses.A_DIM | curses.A_UNDERLINE,
        glyphs=glyphs,
        colour=False,
    )


#: the bit of terminfo's `ncv` (attributes that cannot go with colour) for underline
_NCV_UNDERLINE = 2


def _no_underline_in_colour() -> bool:
    """Whether the terminal drops underline from coloured text (the Linux console, `ansi`):
    there the number being typed, underlined, looked like one typed in full."""
    try:
        ncv = curses.tigetnum("ncv")
    except (curses.error, AttributeError):
        return False  # (no terminfo: PDCurses on Windows underlines in colour)
    return ncv > 0 and bool(ncv & _NCV_UNDERLINE)


def _colour_theme(glyphs: Glyphs) -> Theme:
    curses.start_color()
    background = -1
    try:
        curses.use_default_colors()
    except curses.error:
        background = curses.COLOR_BLACK
    # A quiet grey for the grid when the terminal has one, blue otherwise.
    grey = 244 if curses.COLORS >= 256 else curses.COLOR_BLUE
    pairs = {
        "title": (curses.COLOR_WHITE, curses.COLOR_BLUE),
        "wall": (grey, background),
        "frame": (curses.COLOR_CYAN, background),
        "entry": (curses.COLOR_CYAN, background),
        "path": (curses.COLOR_YELLOW, background),
        "chain": (curses.COLOR_BLACK, curses.COLOR_GREEN),
        "label": (curses.COLOR_CYAN, background),
        "key": (curses.COLOR_YELLOW, background),
        "success": (curses.COLOR_BLACK, curses.COLOR_GREEN),
        "error": (curses.COLOR_RED, background),
        "dim": (grey, background),
        "wrong": (curses.COLOR_WHITE, curses.COLOR_RED),
        "hint": (curses.COLOR_BLACK, curses.COLOR_YELLOW),
        "evidence": (curses.COLOR_BLACK, curses.COLOR_CYAN),
        "selected": (curses.COLOR_BLACK, curses.COLOR_CYAN),
        "guess": (curses.COLOR_MAGENTA, background),
        "diff": (curses.COLOR_BLACK, curses.COLOR_MAGENTA),
    }
    attr: dict[str, int] = {}
    for number, (name, (fg, bg)) in enumerate(pairs.items(), start=1):
        curses.init_pair(number, fg, bg)
        attr[name] = curses.color_pair(number)
    return Theme(
        title=attr["title"] | curses.A_BOLD,
        wall=attr["wall"],
        frame=attr["frame"],
        given=curses.A_BOLD,
        entry=attr["entry"],
        path=attr["path"] | curses.A_BOLD,
        chain=attr["chain"] | curses.A_BOLD,
        cursor=curses.A_REVERSE,
        pending=curses.A_BOLD if _no_underline_in_colour() else curses.A_UNDERLINE,
        label=attr["label"],
        key=attr["key"] | curses.A_BOLD,
        success=attr["success"] | curses.A_BOLD,
        error=attr["error"] | curses.A_BOLD,
        dim=attr["dim"],
        wrong=attr["wrong"] | curses.A_BOLD,
        hint=attr["hint"] | curses.A_BOLD,
        evidence=attr["evidence"],
        selected=attr["selected"] | curses.A_BOLD,
        guess=attr["guess"] | curses.A_BOLD,
        diff=attr["diff"] | curses.A_BOLD,
        note=attr["dim"] | curses.A_UNDERLINE,
        glyphs=glyphs,
        colour=True,
    )
