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
rows of the board away from the cursor, whose cell stays in sight.
"""
from __future__ import annotations

import curses
from dataclasses import dataclass, replace
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

    @property
    def width(self) -> int:
        return max(len(self.label), len(self.widest)) + 2 * _PAD

    def shortened(self) -> PadButton:
        """The button with its shorter word (the same one in every state), if it has one."""
        return replace(self, label=self.short, widest="") if self.short else self


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


def place_pad(height: int, width: int, box_h: int, box_w: int,
              cursor: tuple[int, int, int] | None, panel_left: int | None,
              bar_top: int | None) -> tuple[int, int]:
    """Where the pad's box goes, (top, left): see the module docstring. `cursor` is the
    cursor cell's (y, x, width) on screen where it shows; `panel_left` where the side
    panel starts, if there is one; `bar_top` where the bar under the board starts."""
    if panel_left is not None and width - panel_left >= box_w:
        return max(1, height - box_h), panel_left
    left = max(0, (width - box_w) // 2)
    low = max(1, (height if bar_top is None else bar_top) - box_h)
    if cursor is None:
        return low, left
    y, x, cell_w = cursor

    def covers(top: int, at: int) -> bool:
        return top <= y < top + box_h and at < x + cell_w and x < at + box_w

    for top in (low, 1):
        if not covers(top, left):
            return top, left
    # (a screen too small to keep the box off the cursor's rows: beside the cell)
    if x + cell_w + box_w <= width:
        return low, x + cell_w
    return low, max(0, x - box_w)


def draw_number_pad(
    win: "curses.window",
    mask: ScreenMask,
    title: str,
    keys: Sequence[PadButton],
    theme: Theme,
    layout: Layout,
    grid: GridLayout,
    cursor: tuple[int, int],
) -> None:
    """The pad's box, titled `title`, with the digits and `keys` (the close button last),
    each a button in the mask, over a board screen laid out as `layout`, its board shown
    as `grid`, the cursor on cell `cursor`; nothing behind the box reacts to a click on
    it."""
    height, width = win.getmaxyx()
    panel_left = layout.panel_left if layout.side_panel else None
    bar_top = None if layout.side_panel else layout.panel_top
    row, col = cursor
    at = ((*grid.cell_origin(row, col), grid.cell_width) if grid.visible(row, col)
          else None)
    room = (width - panel_left if panel_left is not None else width) - 2 - 2 * _PAD
    groups = (DIGITS, (*keys, CLOSE))
    room = max(room, max(b.width for g in groups for b in g))
    rows = pad_rows(groups, room)
    # (at 40 columns "close" went on a row of its own, and the box, a row taller, covered
    # the cursor's row on a 5x5 board, with no room above or below it: the shorter words
    # keep the box a row shorter where they save one)
    shorter = pad_rows([[b.shortened() for b in g] for g in groups], room)
    if len(shorter) < len(rows):
        rows = shorter
    box_w = max(len(title) + 4, max(_row_width(row) for row in rows)) + 2 + 2 * _PAD
    box_h = len(rows) + 2
    if box_h > height - 1 or box_w > width:
        return  # (no room: the keys still type)
    top, left = place_pad(height, width, box_h, box_w, at, panel_left, bar_top)
    draw_box(win, top, left, box_h, box_w, theme)
    put(win, top, left + 2, f" {title} ", theme.label | curses.A_BOLD)
    mask.fill(top, left, box_h, box_w, None)
    for i, row in enumerate(rows):
        x = left + 1 + _PAD
        for button in row:
            put(win, top + 1 + i, x + _PAD, button.label, theme.key)
            mask.put(top + 1 + i, x, button.width, button.action)
            x += button.width
