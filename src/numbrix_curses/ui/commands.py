"""The commands box: every command of the play screen in a list over the board, each chosen
by a click or by the arrows and Enter.

On a small screen the bar under the board has room for a few keys only ("u undo  r redo
c check  ? hint"): the keyboard has the others all the same, but a player with the mouse had
no way to pause, restart, see the moves or save. Tab (or a click on "Tab more") opens this
box; what is chosen runs in the play screen as its key would (`on_pick`), so the box knows
nothing about games.
"""
from __future__ import annotations

import curses
from typing import Callable, Sequence

from numbrix_curses.ui.actions import Action, Command, MoveCursor
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.keys import LIST_KEYS, action_for_key
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import KeyHelp
from numbrix_curses.ui.screen import AppContext, Nav, Pop, Screen, draw_box, draw_too_small

#: a line of the box: "pause      p"
_KEY_COLUMN = 10


class CommandsScreen(Screen):
    """The box of commands (see the module docstring): `items` are the key help lines'
    entries that act; `on_pick` runs the one chosen once the box is gone."""

    overlay = True

    def __init__(
        self,
        ctx: AppContext,
        items: Sequence[KeyHelp],
        on_pick: Callable[[Action], Nav | None],
    ) -> None:
        super().__init__(ctx)
        self.items = [item for item in items if item.action is not None]
        self.on_pick = on_pick
        self.focus = 0

    def action_for_key(self, key: int | str) -> Action | None:
        if key == "\t":
            return Command.BACK  # (Tab opened it: Tab closes it, as Esc and q do)
        return action_for_key(key, LIST_KEYS)

    def handle(self, action: Action) -> Nav | None:
        count = len(self.items)
        if isinstance(action, MoveCursor) and action.drow:
            self.focus = (self.focus + action.drow) % count
        elif action in (Command.HOME, Command.PAGE_UP):
            self.focus = 0
        elif action in (Command.END, Command.PAGE_DOWN):
            self.focus = count - 1
        elif action is Command.CONFIRM:
            return self._pick(self.items[self.focus].action)
        elif action is Command.BACK:
            return Pop()
        elif any(action == item.action for item in self.items):
            return self._pick(action)  # (a click on a line)
        return None

    def _pick(self, action: Action | None) -> Nav:
        assert action is not None  # (only items that act are listed)
        return Pop(then=lambda: self.on_pick(action))

    def _lines(self) -> list[str]:
        return [f"{item.what:<{_KEY_COLUMN}}{item.keys}" for item in self.items]

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        lines = self._lines()
        title = "Commands (Esc closes)"
        column_w = max(len(line) for line in lines)
        # (two columns where one does not fit the screen's height)
        columns = 1 if len(lines) + 4 <= height else 2
        per_column = -(-len(lines) // columns)
        box_w = max(len(title), columns * column_w + 2 * (columns - 1)) + 4
        box_h = per_column + 4
        mask.clear()  # (the box takes every click: nothing behind it reacts)
        if box_h > height or box_w > width:
            win.erase()
            draw_too_small(win, (box_w, box_h), theme)
            return
        top = (height - box_h) // 2
        left = (width - box_w) // 2
        draw_box(win, top, left, box_h, box_w, theme)
        put(win, top + 1, left + 2, title, curses.A_BOLD)
        mask.put(top + 1, left + 2, len(title), Command.BACK)
        for i, (line, item) in enumerate(zip(lines, self.items)):
            column, row = divmod(i, per_column)
            y = top + 3 + row
            x = left + 2 + column * (column_w + 2)
            put(win, y, x, line.ljust(column_w), theme.selected if i == self.focus else 0)
            assert item.action is not None
            mask.put(y, x, column_w, item.action)
