"""The number pad: the digits, and the keys that go with typing them, as buttons in a box
over a board screen (play, type-in), for a player with the mouse alone.

A click on a cell picks it, a drag draws the path; but a number of one's own, a pencil
mark, a number to go to, or a puzzle's givens typed in took the digit keys. The pad's
buttons are those keys' actions (`Digit`, Backspace, Enter, ...), so the screen handles a
click on one as it handles the key: in pencil mode a digit makes a mark, after `/` it
builds the number to go to. "type 0-9" in the key help (or the commands box) opens it;
it stays open while cells are picked, typed into and drawn on, until closed.

It sits where it covers least: at the foot of the side panel (the key list's last lines,
which it stands in for while open), or, under a board with the bar beneath it, over the
rows of the board away from the cursor, whose cell stays in sight, or over the bar at the
screen's foot where those rows are too few. On a screen where even that leaves the
cursor's row under the box somewhere on the board (26x11, 30x12), the pad is compact: the
digits a space apart on one row, the other keys a space apart under them, the box at the
screen's foot, or at its top for a cursor on the rows there.

Where it stands over some of the board's cells, those cells take no click; an arrow in its
top edge (the whole edge is its button, as a window's title bar is) moves it to the
screen's other end, ▲ up, ▼ down (`PadPlace`): there it stays while the player clicks the
cells it uncovered, until a key takes the cursor under it, when it gets out of the way
again by itself.
"""
from __future__ import annotations

import curses
from dataclasses import dataclass, replace
from enum import Enum
from typing import Sequence

from numbrix_curses.ui.actions import Action, Command, Digit
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.grid import GridLayout
from numbrix_curses.ui.layout import Layout
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.screen import draw_box
from numbrix_curses.ui.theme import Theme

#: a space either side of a button's word, inside its click target
_PAD = 1
#: the columns the move arrow takes at the right of the box's top edge, after the title and
#: a line of the frame: a space either side of it, then a line of the frame before the corner
_ARROW_ROOM = 4


class PadEnd(Enum):
    """The end of the screen the player moved the pad to."""

    TOP = "top"
    FOOT = "foot"


class PadPlace:
    """Where the player moved the pad, on a screen where it covers some of the board: the
    end it was moved to holds while it stays clear of the cursor's cell, and while the
    cursor stays where it was when the pad was moved (the pad may be moved over it: the
    cells it uncovered are the ones to click next). A key that takes the cursor under it
    gives the pad back its own place, clear of the cursor. A screen keeps one for as long
    as it lives, so the pad opens again where it was put."""

    def __init__(self) -> None:
        #: the end the player moved it to; None: where it stands by itself
        self.end: PadEnd | None = None
        #: it was drawn last at the screen's top (where the arrow moves it down from)
        self.at_top = False
        #: the cursor cell (row, col) when it was drawn last
        self.cursor: tuple[int, int] | None = None

    def move(self) -> None:
        """To the other end of the screen from where it stood last."""
        self.end = PadEnd.FOOT if self.at_top else PadEnd.TOP


@dataclass(frozen=True)
class PadButton:
    label: str
    action: Action
    #: a shorter word, for a screen where `label` would put the row's last button on a row
    #: of its own ("pencil" for "pencil: off", the box's title saying which it is)
    short: str = ""
    #: the longest word the button says in its other states ("pencil: off" for "pencil:
    #: on"): its width is that word's, so the box keeps its width, and the buttons after
    #: it their places under the mouse, when a click changes the word
    widest: str = ""
    #: the compact pad's button: the space before its word, none after (the next button's
    #: space, or the box's margin, stands there)
    tight: bool = False

    @property
    def width(self) -> int:
        return max(len(self.label), len(self.widest)) + (_PAD if self.tight else 2 * _PAD)

    def shortened(self) -> PadButton:
        """The button with its shorter word (the same one in every state), if it has one."""
        return replace(self, label=self.short, widest="") if self.short else self

    def tightened(self) -> PadButton:
        """The compact pad's button: the shorter word, a space before it and none after."""
        return replace(self.shortened(), tight=True)


#: 1 to 9, then 0, as on a telephone's keys and a keyboard's top row
DIGITS = tuple(PadButton(str(d), Digit(d)) for d in (*range(1, 10), 0))
CLOSE = PadButton("close", Command.NUMBER_PAD)
#: the keys either screen's pad has beside its digits (Backspace, Del)
BACK = PadButton("back", Command.BACKSPACE)
CLEAR = PadButton("clear", Command.CLEAR)


def pad_rows(groups: Sequence[Sequence[PadButton]], room: int) -> list[list[PadButton]]:
    """Each group's buttons in rows of at most `room` columns, each group on rows of its
    own (the digits apart from the keys that go with them); buttons of one width (the
    digits) as evenly as the rows allow: 1-5 over 6-0, not 1-8 over 9 and 0."""
    rows: list[list[PadButton]] = []
    for group in groups:
        widths = {button.width for button in group}
        if len(widths) == 1:
            fit = max(1, room // widths.pop())
            count = -(-len(group) // fit)
            each = -(-len(group) // count)
            rows += [list(group[i: i + each]) for i in range(0, len(group), each)]
            continue
        used = room + 1
        for button in group:
            if used + button.width > room:
                rows.append([])
                used = 0
            rows[-1].append(button)
            used += button.width
    return rows


def _row_width(row: Sequence[PadButton]) -> int:
    return sum(button.width for button in row)


def _over_board_foot(height: int, box_h: int, bar_top: int | None) -> int:
    """The top of a box `box_h` high over the board's last rows, just over the bar under
    the board (or the screen's foot, beside a side panel)."""
    return max(1, (height if bar_top is None else bar_top) - box_h)


def _tops(height: int, box_h: int, bar_top: int | None, compact: bool) -> tuple[int, ...]:
    """The rows the box's top may stand on, under a board (or beside a side panel too
    narrow for it), in the order tried: over the board's rows at its foot, at the top,
    then over the bar at the screen's foot."""
    low = _over_board_foot(height, box_h, bar_top)
    # (over the bar: at 26x11 a box over the board's rows under the cursor or over it
    # covered the cursor on its middle rows, the bar's three rows being out of its reach)
    foot = max(1, height - box_h)
    # (the compact box is for a screen whose board is five rows or so: at its foot it
    # covers the fewest of them, and it stays there but for a cursor on the rows it
    # covers, where the screen's top is the one place left)
    return (foot, 1, low) if compact else (low, 1, foot)


def _covers(top: int, left: int, box_h: int, box_w: int,
            cursor: tuple[int, int, int] | None) -> bool:
    """Whether a box at (top, left) stands over the cursor cell at (y, x, width)."""
    if cursor is None:
        return False
    y, x, cell_w = cursor
    return top <= y < top + box_h and left < x + cell_w and x < left + box_w


def place_pad(height: int, width: int, box_h: int, box_w: int,
              cursor: tuple[int, int, int] | None, panel_left: int | None,
              bar_top: int | None, compact: bool = False,
              end: PadEnd | None = None, panel_foot: int | None = None) -> tuple[int, int]:
    """Where the pad's box goes, (top, left): see the module docstring. `cursor` is the
    cursor cell's (y, x, width) on screen where it shows; `panel_left` where the side
    panel starts, if there is one, and `panel_foot` the row under its last (the screen's
    foot where not given); `bar_top` where the bar under the board starts; `compact`, the
    compact pad's box (see `PadShape`); `end`, the end of the screen the player moved it
    to, where it goes even over the cursor (see `PadPlace`)."""
    if panel_left is not None and width - panel_left >= box_w:
        # (at the panel's foot, not the screen's: on a tall screen, whose panel is centred
        # with the board, the box at 132x43 stood five empty rows under the key list and
        # ten under the board, apart from both)
        foot = height if panel_foot is None else min(panel_foot, height)
        return max(1, foot - box_h), panel_left
    left = max(0, (width - box_w) // 2)
    tops = _tops(height, box_h, bar_top, compact)
    low = _over_board_foot(height, box_h, bar_top)
    if end is not None:
        # (the first place at that end clear of the cursor, in the order the pad tries
        # them by itself: moved down at 40x12 with the cursor on the board's third row,
        # the box goes over the bar, the whole board in sight, not over rows 3 to 5)
        ends = [top for top in tops if (top == 1) == (end is PadEnd.TOP)]
        if ends:
            return next((top for top in ends if not _covers(top, left, box_h, box_w, cursor)),
                        ends[0]), left
    if cursor is None:
        return tops[0], left
    for top in tops:
        if not _covers(top, left, box_h, box_w, cursor):
            return top, left
    _, x, cell_w = cursor
    # (a screen too small to keep the box off the cursor's rows: beside the cell)
    if x + cell_w + box_w <= width:
        return low, x + cell_w
    return low, max(0, x - box_w)


def _clear_of_every_row(tops: Sequence[int], box_h: int, grid: GridLayout) -> bool:
    """Whether a box `box_h` rows high, its top on one of `tops`, has a place off the
    cursor's row, whichever row of the board in view the cursor is on."""
    rows = (grid.frame_top + 1 + grid.row_step * i for i in range(grid.rows))
    return all(any(not top <= y < top + box_h for top in tops) for y in rows)


@dataclass(frozen=True)
class PadShape:
    """The pad's box: its rows of buttons and its size; whether it is the compact one;
    whether it stands over the bar under the board for some place of the cursor."""

    rows: list[list[PadButton]]
    height: int
    width: int
    compact: bool
    over_bar: bool


def _edges(layout: Layout) -> tuple[int | None, int | None]:
    """Where the side panel starts (None: under the board) and the bar does (None: beside)."""
    if layout.side_panel:
        return layout.panel_left, None
    return None, layout.panel_top


def pad_shape(win: "curses.window", title: str, keys: Sequence[PadButton], layout: Layout,
              grid: GridLayout) -> PadShape:
    """The box of the pad titled `title`, with the digits and `keys` (the close button
    last), over a board screen laid out as `layout`, its board shown as `grid`.

    A screen works it out before a message takes rows from the board's window to be read
    whole, and leaves the message its bar's rows where the box may stand over the bar (the
    message is then out of sight under it): else the box, worked out again on a board of
    fewer rows, could change shape under the mouse as messages come and go.
    """
    height, width = win.getmaxyx()
    panel_left, bar_top = _edges(layout)
    across = width - panel_left if panel_left is not None else width
    groups = (DIGITS, (*keys, CLOSE))
    room = max(across - 2 - 2 * _PAD, max(b.width for g in groups for b in g))
    rows = pad_rows(groups, room)
    # (at 40 columns "close" went on a row of its own, and the box, a row taller, covered
    # the cursor's row on a 5x5 board, with no room above or below it: the shorter words
    # keep the box a row shorter where they save one)
    shorter = pad_rows([[b.shortened() for b in g] for g in groups], room)
    if len(shorter) < len(rows):
        rows = shorter
    # (the title, and the move arrow after it: see `draw_number_pad`)
    title_w = len(title) + 4 + _ARROW_ROOM
    box_w = max(title_w, max(_row_width(row) for row in rows)) + 2 + 2 * _PAD
    box_h = len(rows) + 2
    if panel_left is not None and across >= box_w:
        return PadShape(rows, box_h, box_w, False, False)  # (in the side panel)
    tops = _tops(height, box_h, bar_top, False)
    if _clear_of_every_row(tops[:2], box_h, grid):
        return PadShape(rows, box_h, box_w, False, False)
    if _clear_of_every_row(tops, box_h, grid):
        return PadShape(rows, box_h, box_w, False, bar_top is not None)
    # (at 26x11 the box took six rows of eleven and covered the whole board, the cell
    # being filled among them: the digits on one row, a row of keys fewer, and the box
    # over the bar keep the cursor's row in sight wherever it is)
    tight = [[b.tightened() for b in g] for g in groups]
    rows = pad_rows(tight, max(across - 2 - _PAD, max(b.width for g in tight for b in g)))
    box_w = max(title_w, max(_row_width(row) for row in rows) + _PAD) + 2
    return PadShape(rows, len(rows) + 2, box_w, True, bar_top is not None)


def _over_cells(top: int, left: int, box_h: int, box_w: int, grid: GridLayout) -> bool:
    """Whether a box at (top, left) stands over some of the board's cells in view."""
    first, last = grid.frame_top + 1, grid.frame_top + grid.frame_height - 2
    inner_left, inner_right = grid.frame_left + 1, grid.frame_left + grid.frame_width - 2
    return (top <= last and first < top + box_h
            and left <= inner_right and inner_left < left + box_w)


def draw_number_pad(
    win: "curses.window",
    mask: ScreenMask,
    title: str,
    shape: PadShape,
    theme: Theme,
    layout: Layout,
    grid: GridLayout,
    cursor: tuple[int, int],
    place: PadPlace,
) -> None:
    """The pad's box, titled `title`, shaped as `shape` (see `pad_shape`), each button in
    the mask, over a board screen laid out as `layout`, its board shown as `grid`, the
    cursor on cell `cursor`; nothing behind the box reacts to a click on it. Where it
    covers some of the board, its top edge is the button that moves it to the screen's
    other end, the player's choice kept in `place` (see `PadPlace`)."""
    height, width = win.getmaxyx()
    panel_left, bar_top = _edges(layout)
    row, col = cursor
    at = ((*grid.cell_origin(row, col), grid.cell_width) if grid.visible(row, col)
          else None)
    box_h, box_w = shape.height, shape.width
    if box_h > height - 1 or box_w > width:
        return  # (no room: the keys still type)

    def placed(end: PadEnd | None) -> tuple[int, int]:
        return place_pad(height, width, box_h, box_w, at, panel_left, bar_top, shape.compact,
                         end, layout.panel_top + layout.panel_rows)

    top, left = placed(None)
    # (a box that covers no cell stands where it stands by itself, with nothing to move)
    movable = _over_cells(top, left, box_h, box_w, grid)
    if movable and place.end is not None:
        if cursor != place.cursor and _covers(*placed(place.end), box_h, box_w, at):
            place.end = None  # (a key took the cursor under it: out of the way again)
        else:
            top, left = placed(place.end)
    place.cursor = cursor
    if bar_top is not None:
        # (a box over the bar takes its rows: the rest of a bar line beside it showed as
        # cut words, "T" and "t" of "Tab more ... quit")
        for y in range(max(top, bar_top), min(height, top + box_h)):
            put(win, y, 0, " " * width)
            mask.put(y, 0, width, None)
    draw_box(win, top, left, box_h, box_w, theme)
    put(win, top, left + 2, f" {title} ", theme.label | curses.A_BOLD)
    mask.fill(top, left, box_h, box_w, None)
    if movable:
        # A mouse-only player could not click the cells under the box, and had to close it
        # to reach them: the arrow says which way it goes, and the whole top edge moves it,
        # as a window is moved by its title bar.
        place.at_top = top == 1
        arrow = theme.glyphs.down if place.at_top else theme.glyphs.up
        put(win, top, left + box_w - 1 - _ARROW_ROOM, f" {arrow} ", theme.key)
        mask.put(top, left, box_w, Command.MOVE_PAD)
    for i, row in enumerate(shape.rows):
        x = left + 1 + (0 if shape.compact else _PAD)
        for button in row:
            put(win, top + 1 + i, x + _PAD, button.label, theme.key)
            mask.put(top + 1 + i, x, button.width, button.action)
            x += button.width
