"""A small form: fields that each hold one of a list of values, and buttons.

Up and down move between fields, left and right (or a click on the arrows, or the mouse
wheel over the field: up for the next value) change the value, digits type a number into a
numeric field (Backspace takes the last one back), Enter presses the first button. Used to
pick a size and difficulty for a new puzzle and a size for typing one in.
"""
from __future__ import annotations

import curses
from dataclasses import dataclass
from typing import Callable

from numbrix_curses.ui.actions import (
    Action, Adjust, Command, Digit, Focus, MoveCursor, Scroll, UnboundKey,
)
from numbrix_curses.ui.draw import pack_rows, put, put_if_fits
from numbrix_curses.ui.keys import LIST_KEYS, board_action_for_key
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import unbound_message
from numbrix_curses.ui.theme import Theme


@dataclass
class Field:
    name: str
    values: list[str]
    index: int = 0
    numeric: bool = False
    #: how a value is shown ("7" as "7x7"); the value itself by default
    template: str = "{}"
    #: how a value is shown when that depends on more than the value (on another field,
    #: say): takes the place of `template`
    describe: Callable[[str], str] | None = None

    @property
    def value(self) -> str:
        return self.values[self.index]

    def shown(self, value: str) -> str:
        return self.describe(value) if self.describe is not None else self.template.format(value)


@dataclass(frozen=True)
class Button:
    label: str
    key: str
    action: Action


def _range_note(field: Field) -> str:
    """"Size: 5 to 20.": the values a field has, as it shows them ("5x7 to 20x27" on a
    wide board), said when a key asks for one past them."""
    shown = [field.shown(value) for value in field.values]
    if field.numeric:
        return f"{field.name}: {shown[0]} to {shown[-1]}."
    return f"{field.name}: {', '.join(shown)}."


class Form:
    def __init__(self, fields: list[Field], buttons: list[Button]) -> None:
        self.fields = fields
        self.buttons = buttons
        self.focus = 0
        self._typed = ""
        #: what the last key did not do, or waits for, to show under the form ("Size: 5
        #: to 20."): a digit that makes no size, an arrow at the end of the values, the
        #: first digit of a longer number (which the field cannot show yet); None after
        #: any other key
        self.note: str | None = None

    def action_for_key(self, key: int | str) -> Action | None:
        for button in self.buttons:
            if key == button.key:
                return button.action
        if key in (curses.KEY_BACKSPACE, "\x7f", "\b"):
            return Command.BACKSPACE
        if isinstance(key, str) and key in ("h", "l"):
            return MoveCursor(0, -1 if key == "h" else 1)
        # (a letter the form takes not is said to be one in its note, as the board screens
        # say it: the form stood still without a word)
        return board_action_for_key(key, LIST_KEYS)

    def handle(self, action: Action) -> Action | None:
        """Field changes are handled here; anything else (buttons) is returned."""
        self.note = None
        if isinstance(action, MoveCursor) and action.drow:
            self.focus = (self.focus + action.drow) % len(self.fields)
            self._typed = ""
        elif isinstance(action, MoveCursor):
            self._adjust(self.focus, action.dcol)
        elif isinstance(action, Adjust):
            self.focus = action.field
            self._adjust(action.field, action.delta)
        elif isinstance(action, Focus):
            self.focus = action.field
            self._typed = ""
        elif isinstance(action, Scroll) and isinstance(action.over, (Focus, Adjust)):
            # (a spin box's wheel: a mouse player went from 5x5 to 20x20 in 15 clicks)
            self.focus = action.over.field
            self._adjust(action.over.field, 1 if action.delta < 0 else -1)
        elif action is Command.NEXT_FIELD:
            self.focus = (self.focus + 1) % len(self.fields)
            self._typed = ""
        elif isinstance(action, Digit):
            self._type(action.value)
        elif action is Command.BACKSPACE:
            self._erase()
        elif action is Command.CONFIRM:
            return self.buttons[0].action
        elif isinstance(action, UnboundKey):
            self.note = unbound_message(action).text
        else:
            return action
        return None

    def _adjust(self, index: int, delta: int) -> None:
        field = self.fields[index]
        moved = min(max(field.index + delta, 0), len(field.values) - 1)
        if moved == field.index and delta:
            self.note = _range_note(field)  # (the arrows did nothing, and said nothing)
        field.index = moved
        self._typed = ""

    def _type(self, digit: int) -> None:
        field = self.fields[self.focus]
        if not field.numeric:
            self.note = _range_note(field)  # (what the field takes instead)
            return
        # After a whole value a digit starts a new one (9 then 7 is 7); after the start of
        # a longer one, the two make a number or none (2 then 5 made 5, where 25 was meant).
        pending = bool(self._typed) and self._typed not in field.values
        tries = [self._typed + str(digit)] if pending else [self._typed + str(digit), str(digit)]
        for typed in tries:
            if typed in field.values:
                field.index = field.values.index(typed)
                if typed != tries[0]:
                    # (3 then 5 where rows run to 30: 5, said, where 35 may have been meant)
                    self.note = f"{_range_note(field)[:-1]}, so {digit}, not {tries[0]}."
                self._typed = typed
                return
            if any(value.startswith(typed) for value in field.values):
                # the start of a longer value (the 1 of 15 where sizes run from 5): kept for
                # the next digit, where taking the next digit alone made 1, 5 give 5
                self._typed = typed
                self.note = f"{field.name} {typed}_: type its next digit."
                return
        self._typed = ""
        self.note = _range_note(field)

    def _erase(self) -> None:
        """Backspace in a numeric field: its number a digit shorter (12 back to 1), as in
        any box a number is typed in; a one-digit number stays, a field never being blank."""
        field = self.fields[self.focus]
        if not field.numeric:
            return
        shorter = (self._typed or field.value)[:-1]
        if shorter in field.values:
            field.index = field.values.index(shorter)
        # (else the start of a longer value, the 1 of 12 where sizes start at 5: the field
        # keeps its value, and the next digit goes on from the 1)
        self._typed = shorter

    def _columns(self, tight: bool = False) -> tuple[int, int]:
        """(name column, value column) widths: `tight`, with no padding round the values
        and one space after the names (a narrow screen)."""
        pad = 1 if tight else 2
        name_w = max(len(f.name) for f in self.fields) + pad
        value_w = max(len(f.shown(v)) for f in self.fields for v in f.values) + 2 * (pad - 1)
        return name_w, value_w

    def _button_rows(self, width: int | None, tight: bool) -> list[list[Button]]:
        """The buttons by the row they go on: one row, but where `width` is too narrow for
        them all, as many as they need (a button never cut)."""
        return pack_rows(self.buttons, lambda b: len(b.label) + 2, width, 2 if tight else 3)

    def _tight(self, width: int | None) -> bool:
        """Whether the form is drawn tight to fit `width` columns (None: any width)."""
        return width is not None and self.size(2)[0] > width

    def size(self, spacing: int = 2, width: int | None = None) -> tuple[int, int]:
        """(width, height) the form takes when drawn with `spacing` rows a field (2: a blank
        row between fields, 1: none): the screens' minimum size builds on it. Given the
        `width` it has, a form wider than that is measured as drawn tight, its buttons on
        as many rows as they need (down to the smallest screen the game is played on)."""
        tight = width is not None and self._tight(width)
        name_w, value_w = self._columns(tight)
        rows = self._button_rows(width if tight else None, tight)
        gap = 2 if tight else 3
        buttons = max(sum(len(b.label) + 2 for b in row) + gap * (len(row) - 1) for row in rows)
        return max(name_w + value_w + 4, buttons), spacing * len(self.fields) + len(rows)

    def spacing_for(self, height: int, around: int, width: int | None = None) -> int:
        """Rows a field for a screen `height` rows high with `around` rows of its own: a
        blank row between fields when they fit, none on a short screen."""
        return 2 if self.size(2, width)[1] + around <= height else 1

    def draw(self, win: "curses.window", mask: ScreenMask, top: int, left: int,
             theme: Theme, spacing: int = 2, width: int | None = None) -> int:
        """Draw from (top, left), `spacing` rows a field, in `width` columns (drawn tight
        where it needs: see `size`); returns the row after the form."""
        tight = self._tight(width)
        name_w, value_w = self._columns(tight)
        y = top
        for i, field in enumerate(self.fields):
            focused = i == self.focus
            put(win, y, left, field.name, curses.A_BOLD if focused else theme.label)
            x = left + name_w
            put(win, y, x, "<", theme.key)
            mask.put(y, x, 2, Adjust(i, -1))
            shown = field.shown(field.value).center(value_w)
            put(win, y, x + 2, shown, theme.selected if focused else curses.A_BOLD)
            mask.put(y, left, name_w, Focus(i))
            mask.put(y, x + 2, value_w, Focus(i))
            put(win, y, x + 3 + value_w, ">", theme.key)
            mask.put(y, x + 2 + value_w, 2, Adjust(i, 1))
            y += spacing
        for row in self._button_rows(width if tight else None, tight):
            x = left
            for button in row:
                text = f"[{button.label}]"
                put(win, y, x, text, theme.key)
                mask.put(y, x, len(text), button.action)
                x += len(text) + (2 if tight else 3)
            y += 1
        return y


def draw_form_footer(win: "curses.window", mask: ScreenMask, left: int, go: str,
                     theme: Theme) -> None:
    """A form screen's last line: its keys, and "Enter `go`", a button as the form's first
    (Enter does what it does)."""
    height = win.getmaxyx()[0]
    enter = f"Enter {go}"
    # (shorter where the line is narrow: the button stays longest, as the screens' others)
    for text in (f"up/down choose   left/right, digits change   {enter}",
                 f"up/down choose   {enter}", enter):
        if put_if_fits(win, height - 1, left, text, theme.dim):
            mask.put(height - 1, left + len(text) - len(enter), len(enter), Command.CONFIRM)
            return
