"""The commands box: every command of a board screen (play, type in a puzzle) in a list over
the board, each chosen by a click, by the arrows and Enter, or by its own key, which the
list shows.

On a small screen the bar under the board has room for a few keys only ("u undo  r redo
c check  ? hint"): the keyboard has the others all the same, but a player with the mouse had
no way to pause, restart, see the moves or save. The key that opens it (Tab in play, m in
Type in a puzzle, where Tab shows the solutions), or a click on "more" in the bar, opens
this box; what is chosen runs in the screen as its key would (`on_pick`), so the box knows
nothing about games.

Each column of the box is as wide as its own lines, its keys lined up after its longest
word; on a screen too small for every line, the box is one column that scrolls with the
selection, a line saying how many more are above or below (see `ui.listview`).
"""
from __future__ import annotations

import curses
from dataclasses import dataclass
from typing import Callable, Sequence

from numbrix_curses.ui.actions import Action, Command, Digit, MoveCursor, Scroll, UnboundKey
from numbrix_curses.ui.dialogs import fitting_words
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.keys import LIST_KEYS, list_action_for_key
from numbrix_curses.ui.listview import ListWindow, list_window, more_line, paged
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import KeyHelp
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Screen,
    clear_panel_under,
    draw_box,
    draw_too_small,
)

_TITLE = "Commands (Esc closes)"
#: the title where the screen is narrower than that
_SHORT_TITLE = "Commands"
#: the rows a scrolling box needs: the title, and a window of at least three lines
_LEAST_ROWS = 4
#: the keys the key help names by a word, as `get_wch` gives them
_NAMED_KEYS: dict[str, int | str] = {"^R": "\x12", "Del": curses.KEY_DC, "F1": curses.KEY_F1,
                                     "Tab": "\t"}


class CommandsScreen(Screen):
    """The box of commands (see the module docstring): `items` are the key help lines'
    entries that act; `on_pick` runs the one chosen once the box is gone; `opened_by`, the
    key that opened it, closes it too, unless the list names it for a command of its own."""

    overlay = True

    def __init__(
        self,
        ctx: AppContext,
        items: Sequence[KeyHelp],
        on_pick: Callable[[Action], Nav | None],
        opened_by: str = "\t",
    ) -> None:
        super().__init__(ctx)
        self.items = [item for item in items if item.action is not None]
        if not self.items:
            raise ValueError("a commands box needs a command")
        self.on_pick = on_pick
        self.opened_by = opened_by
        self.focus = 0
        #: the lines a column holds as last drawn (left and right go a column across)
        self.per_column = len(self.items)
        #: the lines in view as last drawn, where the box scrolls (None: every line shows)
        self.window: ListWindow | None = None
        #: the first line in view where it last scrolled (kept while the screen is resized)
        self.top = 0
        #: the key last pressed that the box takes for nothing, said over its lines till
        #: the next key (see `_draw_unbound`)
        self.unbound: UnboundKey | None = None
        # A key the list names picks its line, as it would act without the box (the box
        # said "undo u", and u did nothing in it)
        self.keys: dict[int | str, Action] = {}
        #: the list names the digits ("type 0-9"): one pressed here closes the box and
        #: types, as it would without it (it was said to do nothing)
        self.digits = any("0-9" in item.keys.split() for item in self.items)
        for item in self.items:
            for token in item.keys.split():
                key = _NAMED_KEYS.get(token, token)
                if (len(token) == 1 or key != token) and item.action is not None:
                    self.keys.setdefault(key, item.action)

    def action_for_key(self, key: int | str) -> Action | None:
        if key in self.keys:
            return self.keys[key]  # (Tab in Type in a puzzle: its solutions, as listed)
        if key == self.opened_by:
            return Command.BACK  # (the key that opened it closes it, as Esc does)
        if self.digits and isinstance(key, str) and key.isascii() and key.isdigit():
            return Digit(int(key))
        return list_action_for_key(key, LIST_KEYS)

    def handle(self, action: Action) -> Nav | None:
        self.unbound = action if isinstance(action, UnboundKey) else None
        count = len(self.items)
        if isinstance(action, MoveCursor) and action.drow:
            self.focus = (self.focus + action.drow) % count
        elif isinstance(action, MoveCursor) and action.dcol:
            moved = self.focus + action.dcol * self.per_column
            if 0 <= moved < count:
                self.focus = moved
        elif isinstance(action, Scroll):
            self.focus = min(max(self.focus + (1 if action.delta > 0 else -1), 0), count - 1)
        elif action is Command.HOME:
            self.focus = 0
        elif action is Command.END:
            self.focus = count - 1
        elif action in (Command.PAGE_UP, Command.PAGE_DOWN):
            self.focus = paged(self.window, count, action is Command.PAGE_DOWN)
        elif action is Command.CONFIRM:
            return self._pick(self.items[self.focus].action)
        elif action is Command.BACK:
            return Pop()
        elif isinstance(action, Digit):
            return self._pick(action)  # (typed on the board: see `digits`)
        elif any(action == item.action for item in self.items):
            return self._pick(action)  # (a click on a line, or its key)
        return None

    def _pick(self, action: Action | None) -> Nav:
        assert action is not None  # (only items that act are listed)
        return Pop(then=lambda: self.on_pick(action))

    def _lines(self, per_column: int) -> tuple[list[str], tuple[int, ...]]:
        """"pause   p": each command's word, and its keys after the longest word of its
        column of `per_column` lines; and each column's width. A column as wide as its own
        lines (the type-in screen's box fits 26 columns in two, 11 and 13 wide, where as
        wide as the widest line the two took 28)."""
        lines: list[str] = []
        widths: list[int] = []
        for start in range(0, len(self.items), per_column):
            column = self.items[start:start + per_column]
            word_w = max(len(item.what) for item in column) + 1
            shown = [f"{item.what:<{word_w}}{item.keys}" for item in column]
            lines += shown
            widths.append(max(map(len, shown)))
        return lines, tuple(widths)

    def _box(self, height: int, width: int) -> _Box:
        """Where the box goes on a `height` x `width` screen: in as few columns of lines as
        fit it (at 30x14, one or two columns of wide lines did not, where the play screen
        did); where no framed box fits, the screen itself, without the frame and the blank
        row under the title (at 40x12 the play screen showed a large board, and the box,
        the mouse's only way to most commands there, said the terminal was too small; it
        fits the smallest screen the play screen takes, 26x11); where no columns fit, one
        column on the screen that scrolls; more than the screen, where not even that fits."""
        count = len(self.items)
        sizes = []
        for framed in (True, False):
            for columns in range(1, count + 1):
                per_column = -(-count // columns)
                widths = self._lines(per_column)[1]
                box_w = max(len(_TITLE), sum(widths) + 2 * (len(widths) - 1))
                if framed:
                    sizes.append((per_column + 4, box_w + 4, per_column, widths, True))
                else:
                    sizes.append((per_column + 1, box_w, per_column, widths, False))
        fits = [size for size in sizes if size[0] <= height and size[1] <= width]
        if fits:
            box_h, box_w, per_column, widths, framed = fits[0]
            return _Box(max(0, (height - box_h) // 2), max(0, (width - box_w) // 2), box_h,
                        box_w, per_column, widths, framed)
        # One column that scrolls, the whole screen high (its title shorter where narrow);
        # where even that does not fit, the least it needs.
        column_w = self._lines(count)[1][0]
        if height < _LEAST_ROWS or width < column_w:
            return _Box(0, 0, _LEAST_ROWS, column_w, count, (column_w,), framed=False,
                        scrolls=True)
        box_w = max(column_w, min(len(_TITLE), width))
        return _Box(0, (width - box_w) // 2, height, box_w, count, (column_w,), framed=False,
                    scrolls=True)

    def clear_under(self, win: "curses.window", below: Screen) -> None:
        """Blank the side panel's rows the box covers, as a dialog does (see
        `clear_panel_under`): the rest of a panel line beside its frame showed as cut words
        ("o that each number is")."""
        box = self._box(*win.getmaxyx())
        clear_panel_under(win, below, box.top, box.left, box.height, box.width)

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        box = self._box(height, width)
        self.per_column = box.per_column
        mask.clear()  # (the box takes every click: nothing behind it reacts)
        self.window = None
        if box.height > height or box.width > width:
            win.erase()
            draw_too_small(win, (box.width, box.height), theme)
            for y in range(height):
                mask.put(y, 0, width, Command.BACK)  # (a click closes it, as Esc does)
            return
        if box.framed:
            draw_box(win, box.top, box.left, box.height, box.width, theme)
            inset, first = 2, 3  # (the frame and a space; the title, then a blank row)
        else:
            win.erase()  # (the screen is the box: nothing of the board shows between lines)
            inset, first = 0, 1
        title = _TITLE if len(_TITLE) <= box.width else _SHORT_TITLE
        put(win, box.top + inset // 2, box.left + inset, title, curses.A_BOLD)
        mask.put(box.top + inset // 2, box.left + inset, len(title), Command.BACK)
        lines = self._lines(box.per_column)[0]
        self._draw_unbound(win, box, inset)
        if box.scrolls:
            self._draw_scrolling(win, mask, box, lines)
            return
        for i, (line, item) in enumerate(zip(lines, self.items)):
            column, row = divmod(i, box.per_column)
            y = box.top + first + row
            x = box.left + inset + sum(box.column_widths[:column]) + 2 * column
            column_w = box.column_widths[column]
            put(win, y, x, line.ljust(column_w), theme.selected if i == self.focus else 0)
            assert item.action is not None
            mask.put(y, x, column_w, item.action)

    def _draw_unbound(self, win: "curses.window", box: _Box, inset: int) -> None:
        """After a key the box takes for nothing, say so: in the blank row under the title,
        or where the box has none (no frame), over the title, till the next key."""
        if self.unbound is None:
            return
        name = self.unbound.name
        note = fitting_words([f"{name} does nothing here; Esc closes.",
                              f"{name} does nothing here.", f"{name}: no command."],
                             box.width - 2 * inset)
        y = box.top + (2 if box.framed else 0)
        put(win, y, box.left + inset, note.ljust(box.width - 2 * inset))

    def _draw_scrolling(self, win: "curses.window", mask: ScreenMask, box: _Box,
                        lines: list[str]) -> None:
        """The lines under the title as a window that follows the selection, a line in
        place of the first or last saying how many more there are (a click on it brings
        them into view, as PgUp and PgDn do)."""
        theme = self.theme
        window = list_window(len(self.items), box.height - 1, self.focus, self.top)
        self.window, self.top = window, window.top
        y = box.top + 1
        if window.above:
            put(win, y, box.left, more_line(window.above, below=False), theme.dim)
            mask.put(y, box.left, box.width, Command.PAGE_UP)
            y += 1
        for i in range(window.top, window.top + window.count):
            item = self.items[i]
            put(win, y, box.left, lines[i].ljust(box.width),
                theme.selected if i == self.focus else 0)
            assert item.action is not None
            mask.put(y, box.left, box.width, item.action)
            y += 1
        if window.below:
            put(win, y, box.left, more_line(window.below, below=True), theme.dim)
            mask.put(y, box.left, box.width, Command.PAGE_DOWN)


@dataclass(frozen=True)
class _Box:
    """The box's place and size, and how its lines are laid out in it."""

    top: int
    left: int
    height: int
    width: int
    per_column: int
    column_widths: tuple[int, ...]
    #: in a frame, with a blank row under the title (else the screen is the box)
    framed: bool = True
    #: one column the screen high that scrolls (see `CommandsScreen._draw_scrolling`)
    scrolls: bool = False
