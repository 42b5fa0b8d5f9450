"""Keyboard and mouse events to actions.

Each screen has a key table. Letters move the cursor on boards (hjkl and WASD as well as the
arrows), so numbers are typed with the digit keys only, and the actions whose usual letter
is taken by movement use the capital (S reveal, R restart, H help): a capital that means
nothing on its own falls back to its small letter, so Caps Lock does not stop movement.
A click is looked up in the screen mask, so it means whatever the widget drawn under it says.
A drag with the left button from cell to cell draws the path, as Shift-arrows do
(`DragPath`). A button acts as the left button comes up over it, not as it goes down
(`HeldButton`): pressed and moved off, it does nothing.
"""
from __future__ import annotations

import curses
from typing import Mapping

from numbrix_curses.ui.actions import (
    Action,
    Command,
    Digit,
    Extend,
    GoTo,
    MoveCursor,
    Scroll,
    SelectCell,
    UnboundKey,
    secondary,
)
from numbrix_curses.ui.mask import ScreenMask

UP, DOWN, LEFT, RIGHT = MoveCursor(-1, 0), MoveCursor(1, 0), MoveCursor(0, -1), MoveCursor(0, 1)
#: rows a page key moves the cursor on a board (the view follows it)
PAGE_ROWS = 10
#: far enough to reach the edge of any board (the cursor stops there)
_EDGE = 1000

KeyTable = Mapping["int | str", Action]

#: keys every board screen shares: moving, typing, clearing, undo
BOARD_KEYS: dict[int | str, Action] = {
    curses.KEY_UP: UP,
    curses.KEY_DOWN: DOWN,
    curses.KEY_LEFT: LEFT,
    curses.KEY_RIGHT: RIGHT,
    # On a large board the arrows alone make a long way: Home and End go to the ends of the
    # row, the page keys ten rows at a time.
    curses.KEY_HOME: MoveCursor(0, -_EDGE),
    curses.KEY_END: MoveCursor(0, _EDGE),
    curses.KEY_PPAGE: MoveCursor(-PAGE_ROWS, 0),
    curses.KEY_NPAGE: MoveCursor(PAGE_ROWS, 0),
    curses.KEY_BACKSPACE: Command.BACKSPACE,
    curses.KEY_DC: Command.CLEAR,
    curses.KEY_ENTER: Command.COMMIT,
    curses.KEY_F1: Command.HELP,
    "k": UP, "w": UP,
    "j": DOWN, "s": DOWN,
    "h": LEFT, "a": LEFT,
    "l": RIGHT, "d": RIGHT,
    "\x7f": Command.BACKSPACE, "\b": Command.BACKSPACE,
    " ": Command.CLEAR,
    "\n": Command.COMMIT, "\r": Command.COMMIT,  # (Esc: each screen says, below)
    "u": Command.UNDO,
    "r": Command.REDO, "\x12": Command.REDO,  # Ctrl-R
    "H": Command.HELP,
    "q": Command.QUIT,
}

PLAY_KEYS: dict[int | str, Action] = {
    **BOARD_KEYS,
    "n": Command.NEXT_NUMBER,
    "N": Command.PENCIL,
    # Shift-arrows draw the path into the next cell (a drag with the mouse does the same)
    curses.KEY_SR: Extend(-1, 0),
    curses.KEY_SF: Extend(1, 0),
    curses.KEY_SLEFT: Extend(0, -1),
    curses.KEY_SRIGHT: Extend(0, 1),
    "c": Command.CHECK,
    "?": Command.HINT,
    "f": Command.AUTO_FILL,
    "S": Command.REVEAL,
    "R": Command.RESTART,
    "p": Command.PAUSE,
    "m": Command.HISTORY,
    "v": Command.WATCH,
    "e": Command.SAVE_FILE,
    "g": Command.ANOTHER,
    "/": Command.FIND,  # (as a pager's search: the number to go to is typed after it)
    "\t": Command.COMMANDS,
    "\x1b": Command.CANCEL,  # Enter's work, and it closes the moves list too
}

ENTRY_KEYS: dict[int | str, Action] = {
    **BOARD_KEYS,
    "c": Command.CHECK,
    "p": Command.PLAY,
    "v": Command.WATCH,
    "e": Command.SAVE_FILE,
    "x": Command.CLEAR_ALL,
    # (after a check that found no solution: the change it proposes, made)
    "f": Command.APPLY_FIX,
    "\t": Command.SWAP,
    # the box of every command (Tab, which opens it in play, shows the solutions here)
    "m": Command.COMMANDS,
    # Typing a puzzle in row by row: Enter ends the number and goes on to the next cell,
    # into the next row at the end of one. Esc ends a number, or stops a check; with
    # neither to do it goes back, as on the screens before this one (see `EntryScreen`).
    "\n": Command.NEXT_CELL, "\r": Command.NEXT_CELL, curses.KEY_ENTER: Command.NEXT_CELL,
    "\x1b": Command.CANCEL,
    # A blank as puzzle files and pages write one: the cell is left empty and the next one
    # taken; a space ends a number and takes the next cell, and between blanks does
    # nothing; so a row read off a page as "5 . . 12" is typed as it reads ("5..12" too).
    # (Space cleared the cell, as in play: "5 " lost the 5.)
    ".": Command.BLANK_NEXT,
    " ": Command.END_NUMBER,
}

#: lists and menus: move the selection, choose, go back
LIST_KEYS: dict[int | str, Action] = {
    curses.KEY_UP: UP,
    curses.KEY_DOWN: DOWN,
    curses.KEY_LEFT: LEFT,
    curses.KEY_RIGHT: RIGHT,
    curses.KEY_PPAGE: Command.PAGE_UP,
    curses.KEY_NPAGE: Command.PAGE_DOWN,
    curses.KEY_HOME: Command.HOME,
    curses.KEY_END: Command.END,
    curses.KEY_ENTER: Command.CONFIRM,
    curses.KEY_F1: Command.HELP,
    "\n": Command.CONFIRM, "\r": Command.CONFIRM,
    "\x1b": Command.BACK,
    "k": UP, "j": DOWN,
    "q": Command.BACK,
    "\t": Command.NEXT_FIELD,
    # The help promises F1 and H on every menu and list (h may be a menu hotkey or a move).
    "H": Command.HELP,
}

#: the games under way: a list, where Delete (or x, as a laptop may lack Delete) abandons one
GAMES_KEYS: dict[int | str, Action] = {
    **LIST_KEYS,
    curses.KEY_DC: Command.ABANDON,
    "x": Command.ABANDON,
}

WATCH_KEYS: dict[int | str, Action] = {
    **LIST_KEYS,
    "+": Command.FASTER, "=": Command.FASTER, curses.KEY_RIGHT: Command.FASTER,
    "-": Command.SLOWER, curses.KEY_LEFT: Command.SLOWER,
    " ": Command.PAUSE, "p": Command.PAUSE,
    ".": Command.STEP, "n": Command.STEP,
    curses.KEY_END: Command.TO_END, "\n": Command.TO_END, "\r": Command.TO_END,
    curses.KEY_ENTER: Command.TO_END,
    curses.KEY_HOME: Command.TO_START,
    # Scrolling a board larger than the screen: up and down (free here), a page with
    # PgUp/PgDn; across with the shifted arrows, since the plain ones set the speed (once
    # the replay is over the watch screen lets them scroll too).
    curses.KEY_SR: UP, curses.KEY_SF: DOWN,
    curses.KEY_SLEFT: MoveCursor(0, -1), curses.KEY_SRIGHT: MoveCursor(0, 1),
}


def action_for_key(key: int | str, table: KeyTable = PLAY_KEYS) -> Action | None:
    """The action of a key as `get_wch` returns it (str for characters, int for keys)."""
    action = table.get(key)
    if action is not None:
        return action
    if isinstance(key, str) and len(key) == 1:
        if key.isdigit() and key.isascii():
            return Digit(int(key))
        if key.isalpha() and key.isupper():
            # Caps Lock: a capital with no meaning of its own acts as its small letter.
            return table.get(key.lower())
    return None


def board_action_for_key(key: int | str, table: KeyTable) -> Action | None:
    """`action_for_key` for the board screens, where a printable key or a function key
    that means nothing becomes `UnboundKey`, so the screen can say so (a key that seems
    to do nothing reads as a broken one)."""
    action = action_for_key(key, table)
    if action is not None:
        return action
    if isinstance(key, str) and len(key) == 1 and key.isprintable() and not key.isspace():
        return UnboundKey(key)
    if isinstance(key, int) and curses.KEY_F2 <= key <= curses.KEY_F12:
        return UnboundKey(f"F{key - curses.KEY_F0}")
    if key == curses.KEY_IC:
        return UnboundKey("Insert")
    return None


def list_action_for_key(key: int | str, table: KeyTable) -> Action | None:
    """`board_action_for_key` for the screens where a digit means nothing (the menu, the
    lists, the help, the statistics, the solver's replay): a digit is said to do nothing
    as a letter is. (It stood still without a word there, where a letter was answered.)
    So is Tab, a form's next field, which none of them has (the replay and the library
    ignored it without a word)."""
    action = board_action_for_key(key, table)
    if isinstance(action, Digit) and isinstance(key, str):
        return UnboundKey(key)
    if action is Command.NEXT_FIELD:
        return UnboundKey("Tab")
    return action


_PRIMARY = (
    curses.BUTTON1_PRESSED
    | curses.BUTTON1_CLICKED
    | curses.BUTTON1_DOUBLE_CLICKED
    | curses.BUTTON1_TRIPLE_CLICKED
)
# A right click acts when the button comes up: ncurses reports a sideways scroll (SGR
# buttons 66 and 67, from a tilting wheel or a touchpad's sideways swipe) as the right
# button pressed, which comes with no release. Acting on the press, a swipe across the
# board cleared the number under the pointer.
_SECONDARY = curses.BUTTON3_RELEASED | curses.BUTTON3_CLICKED
_WHEEL_UP = getattr(curses, "BUTTON4_PRESSED", 0)
_WHEEL_DOWN = getattr(curses, "BUTTON5_PRESSED", 0)


def actions_for_click(mask: ScreenMask, y: int, x: int, buttons: int) -> list[Action]:
    """A left click does what the mask says; a right click its secondary action; the wheel
    scrolls."""
    target = mask.at(y, x)
    if _WHEEL_UP and buttons & _WHEEL_UP:
        return [Scroll(-3, target)]
    if _WHEEL_DOWN and buttons & _WHEEL_DOWN:
        return [Scroll(3, target)]
    if target is None:
        return []
    if buttons & _PRIMARY:
        return [target]
    if buttons & _SECONDARY:
        other = secondary(target)
        return [other] if other is not None else []
    return []


_MOTION = curses.REPORT_MOUSE_POSITION
#: the buttons of xterm's first mouse encoding (see `ui.sequences.MouseReport`), pressed and
#: released, and the wheel's two ways
_X10_PRESSED = (curses.BUTTON1_PRESSED, curses.BUTTON2_PRESSED, curses.BUTTON3_PRESSED)
_X10_RELEASED = {
    curses.BUTTON1_PRESSED: curses.BUTTON1_RELEASED,
    curses.BUTTON2_PRESSED: curses.BUTTON2_RELEASED,
    curses.BUTTON3_PRESSED: curses.BUTTON3_RELEASED,
}
_X10_WHEEL = (_WHEEL_UP, _WHEEL_DOWN)


def x10_buttons(code: int, held: int) -> int:
    """The curses button state of a mouse report in xterm's first encoding, whose button
    byte (less 32) is `code`; `held` is the button pressed before (the encoding's release
    does not say which one comes up). A sideways scroll (wheel codes 66, 67) is nothing."""
    low = code & 3
    if code & 64:
        return _X10_WHEEL[low] if low < 2 else 0
    if code & 32:
        return _MOTION
    if low < 3:
        return _X10_PRESSED[low]
    return _X10_RELEASED.get(held, 0)


class DragPath:
    """A drag with the left button across a board, as the `Extend` actions of Shift-arrows:
    one per cell entered from the cell before. The press selects its cell as a click does.
    The terminal reports motion only while a button is held (xterm's mode 1002, switched
    on with the mouse: see `ui.app`), and a fast hand may skip cells: the steps between
    are filled in, and where the pointer cut a corner, the path goes on the way it was
    going before it turns (a drag rounding a corner means to reach it), never back."""

    def __init__(self) -> None:
        #: the cell (row, col) the drag last reached; None while no drag is under way
        self.at: tuple[int, int] | None = None
        #: the drag's last step (drow, dcol), or None before its first
        self.heading: tuple[int, int] | None = None
        #: the drag drew (made a step): its release ends the stroke (`Command.END_STROKE`)
        self.drew = False

    def actions(self, mask: ScreenMask, y: int, x: int, buttons: int) -> list[Action]:
        """The actions of one mouse event (a click's, or a drag's steps)."""
        target = mask.at(y, x)
        if buttons & _MOTION and not buttons & (_PRIMARY | _SECONDARY):
            if self.at is None or not isinstance(target, SelectCell):
                return []
            drow, dcol = target.row - self.at[0], target.col - self.at[1]
            if (drow, dcol) == (0, 0):
                return []
            down = Extend((drow > 0) - (drow < 0), 0)
            across = Extend(0, (dcol > 0) - (dcol < 0))
            rows, cols = [down] * abs(drow), [across] * abs(dcol)
            # (on the way it was going first; where that way turns back, the other first)
            if self.heading is None:
                rows_first = False
            elif self.heading[0]:
                rows_first = down.drow == self.heading[0]
            else:
                rows_first = across.dcol != self.heading[1]
            steps = rows + cols if rows_first else cols + rows
            self.at = (target.row, target.col)
            self.heading = (steps[-1].drow, steps[-1].dcol)
            self.drew = True
            return list(steps)
        ended = self.drew and bool(buttons & curses.BUTTON1_RELEASED)
        if buttons & curses.BUTTON1_PRESSED and isinstance(target, SelectCell):
            self.at = (target.row, target.col)
        else:
            self.at = None
        self.heading = None
        self.drew = False
        return ([Command.END_STROKE] if ended else []) + actions_for_click(mask, y, x, buttons)


#: what a press acts on at once: a cell of the board, where a drag starts, and a ruler's
#: letter or number, which moves the cursor as a click on a cell does
_AT_PRESS = (SelectCell, GoTo)
#: the reports that say the left button came up (a click is a press and its release,
#: which ncurses reported in one where it read both together)
_UP = (curses.BUTTON1_RELEASED | curses.BUTTON1_CLICKED | curses.BUTTON1_DOUBLE_CLICKED
       | curses.BUTTON1_TRIPLE_CLICKED)


class HeldButton:
    """A button (anything but the board's cells and rulers) acts when the left button
    comes up over it, as buttons do elsewhere: pressed, then moved off before it comes up,
    it does nothing, and while it is held down it shows pressed (`pressed`).

    The terminal reports the release (xterm's mouse modes 1000 and 1006, which ncurses
    asks for, the first encoding's release, GNU screen's, tmux's, gpm's): the release is
    where a button acts. A terminal that reported presses alone would leave every button
    dead, so until a release has been reported once, a press acts at once, as it did
    before; the release that follows it then does nothing more."""

    def __init__(self) -> None:
        #: the button the left button went down on, while it is down
        self.held: Action | None = None
        #: the pointer is over `held` (it shows pressed)
        self.over = False
        #: the terminal has reported the left button coming up
        self.releases = False

    @property
    def pressed(self) -> Action | None:
        """The button to show pressed: the one held, while the pointer is over it."""
        return self.held if self.over else None

    def let_go(self) -> None:
        """Forget the button held (a key was pressed: the release, if it comes, acts not)."""
        self.held, self.over = None, False

    def actions(self, mask: ScreenMask, y: int, x: int, buttons: int,
                actions: list[Action]) -> list[Action]:
        """`actions`, what `DragPath` made of a mouse event at (`y`, `x`), as a held button
        changes them: a press on a button holds it instead of acting, its release over it
        acts."""
        target = mask.at(y, x)
        if buttons & curses.BUTTON1_PRESSED:
            self.let_go()
            if self.releases and target is not None and not isinstance(target, _AT_PRESS):
                self.held, self.over = target, True
                return [action for action in actions if action != target]
            return actions
        if buttons & _UP:
            self.releases = True
        if buttons & curses.BUTTON1_RELEASED:
            held = self.held
            self.let_go()
            if held is not None and target == held:
                return [*actions, held]
            return actions
        if buttons & _MOTION and self.held is not None:
            self.over = target == self.held
        return actions
