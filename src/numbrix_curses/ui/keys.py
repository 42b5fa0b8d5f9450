"""Keyboard and mouse events to actions.

Letters move the cursor (hjkl and WASD as well as the arrows), so numbers are typed with
the digit keys only. A click is looked up in the screen mask, so it means whatever the
widget drawn under it says.
"""
from __future__ import annotations

import curses

from numbrix_curses.ui.actions import Action, Command, Digit, MoveCursor, secondary
from numbrix_curses.ui.mask import ScreenMask

UP, DOWN, LEFT, RIGHT = MoveCursor(-1, 0), MoveCursor(1, 0), MoveCursor(0, -1), MoveCursor(0, 1)

_SPECIAL_KEYS: dict[int, Action] = {
    curses.KEY_UP: UP,
    curses.KEY_DOWN: DOWN,
    curses.KEY_LEFT: LEFT,
    curses.KEY_RIGHT: RIGHT,
    curses.KEY_BACKSPACE: Command.BACKSPACE,
    curses.KEY_DC: Command.CLEAR,
    curses.KEY_ENTER: Command.COMMIT,
}

_CHAR_KEYS: dict[str, Action] = {
    "k": UP, "w": UP,
    "j": DOWN, "s": DOWN,
    "h": LEFT, "a": LEFT,
    "l": RIGHT, "d": RIGHT,
    "\x7f": Command.BACKSPACE, "\b": Command.BACKSPACE,
    " ": Command.CLEAR,
    "\n": Command.COMMIT, "\r": Command.COMMIT, "\x1b": Command.COMMIT,
    "u": Command.UNDO,
    "r": Command.REDO, "\x12": Command.REDO,  # Ctrl-R
    "p": Command.PAUSE,
    "q": Command.QUIT,
}

_PRIMARY = (
    curses.BUTTON1_PRESSED
    | curses.BUTTON1_CLICKED
    | curses.BUTTON1_DOUBLE_CLICKED
    | curses.BUTTON1_TRIPLE_CLICKED
)
_SECONDARY = curses.BUTTON3_PRESSED | curses.BUTTON3_CLICKED


def action_for_key(key: int | str) -> Action | None:
    """The action of a key as `get_wch` returns it (str for characters, int for keys)."""
    if isinstance(key, int):
        return _SPECIAL_KEYS.get(key)
    if key.isdigit() and key.isascii():
        return Digit(int(key))
    return _CHAR_KEYS.get(key.lower() if key.isalpha() else key)


def actions_for_click(mask: ScreenMask, y: int, x: int, buttons: int) -> list[Action]:
    """A left click does what the mask says; a right click its secondary action."""
    target = mask.at(y, x)
    if target is None:
        return []
    if buttons & _PRIMARY:
        return [target]
    if buttons & _SECONDARY:
        other = secondary(target)
        return [other] if other is not None else []
    return []
