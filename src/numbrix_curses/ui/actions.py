"""What the player can ask for, as small values shared by keys, mouse clicks and the screens.

A key press and a click on the matching spot of the screen produce the same action, so each
screen handles each request in one place. Actions are hashable: the screen mask stores them.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Union


class Command(enum.Enum):
    """Requests without parameters."""

    UNDO = "undo"
    REDO = "redo"
    CLEAR = "clear"
    BACKSPACE = "backspace"
    COMMIT = "commit"
    PAUSE = "pause"
    QUIT = "quit"
    BACK = "back"
    NEXT_NUMBER = "next number"
    PENCIL = "pencil marks"
    CHECK = "check"
    HINT = "hint"
    AUTO_FILL = "auto-fill"
    REVEAL = "reveal"
    RESTART = "restart"
    HISTORY = "history"
    HELP = "help"
    WATCH = "watch"
    SAVE_FILE = "save to file"
    PLAY = "play"
    CLEAR_ALL = "clear all"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    SWAP = "swap"
    FASTER = "faster"
    SLOWER = "slower"
    STEP = "step"
    TO_END = "to end"
    TO_START = "to start"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    HOME = "home"
    END = "end"
    NEXT_FIELD = "next field"
    FIND = "find"
    #: the box of every command (`ui.commands`): the mouse's way to what a small screen's
    #: bar has no room for
    COMMANDS = "commands"
    NEXT_CELL = "next cell"
    BLANK_NEXT = "blank, next cell"
    END_NUMBER = "end the number, next cell"
    ANOTHER = "another puzzle like this one"
    ABANDON = "abandon the game"
    RESUME_KEPT = "resume the grid kept"
    #: the mouse button came up after a drag drew the path: what is drawn next is a move
    #: of its own (a Shift-arrow right after a drag was undone with the drag)
    END_STROKE = "end the path's stroke"
    #: a click on a message under the board: it goes (as after any key), giving back the
    #: rows of keys it took on a short screen
    DISMISS = "dismiss the message"
    #: the number pad (`ui.numpad`) opened or closed: the mouse's way to type a number
    NUMBER_PAD = "number pad"
    #: the number pad to the screen's other end, off the board's cells it covered
    MOVE_PAD = "move the number pad"
    #: the change a check of a typed-in grid with no solution proposes, made (see
    #: `slips.Suspects.first_fix`)
    APPLY_FIX = "make the change proposed"


@dataclass(frozen=True)
class MoveCursor:
    drow: int
    dcol: int


@dataclass(frozen=True)
class Extend:
    """Draw the path from the cursor cell into its neighbour (Shift-arrow, or a drag from
    cell to cell): see `Game.extend`."""

    drow: int
    dcol: int


@dataclass(frozen=True)
class SelectCell:
    row: int
    col: int


@dataclass(frozen=True)
class GoTo:
    """A click on a ruler by the board: the cursor to (row, col), the letter's column in the
    cursor's row or the number's row in its column. No cell under the pointer, so a drag
    over a ruler draws nothing (see `keys.DragPath`)."""

    row: int
    col: int


@dataclass(frozen=True)
class ClearCell:
    row: int
    col: int


@dataclass(frozen=True)
class Digit:
    value: int


@dataclass(frozen=True)
class Choose:
    """Pick item `index` of a list or menu (a click, or Enter on the selection)."""

    index: int


@dataclass(frozen=True)
class PickFile:
    """A click on line `index` of Open file's list of the folder's files (`ui.browse`): a
    folder to go into, or a file to open."""

    index: int


@dataclass(frozen=True)
class Hotkey:
    """A menu hotkey letter."""

    key: str


@dataclass(frozen=True)
class GoToMove:
    """Undo or redo until `count` moves make up the position (a click in the history)."""

    count: int


@dataclass(frozen=True)
class Adjust:
    """Change form field `field` by `delta` steps (the arrows beside a value)."""

    field: int
    delta: int


@dataclass(frozen=True)
class Focus:
    """Focus form field `field`."""

    field: int


@dataclass(frozen=True)
class TextKey:
    """A printable character typed into a text field."""

    char: str


@dataclass(frozen=True)
class Scroll:
    """Mouse wheel: `delta` lines down (negative: up), over what a click there would do
    (`over`; None where a click does nothing), for screens whose parts scroll apart."""

    delta: int
    over: "Action | None" = None


@dataclass(frozen=True)
class UnboundKey:
    """A key that means nothing on a board screen, by the name the player knows it by:
    the screen says so instead of doing nothing."""

    name: str


@dataclass(frozen=True)
class Paste:
    """Pasted text, whole (marked so by the terminal, or come faster than anyone types: see
    `ui.paste`); `cut` when it was longer than the app keeps, so what is kept is only its
    beginning."""

    text: str
    cut: bool = False


Action = Union[
    Command, MoveCursor, Extend, SelectCell, GoTo, ClearCell, Digit, Choose, PickFile, Hotkey,
    GoToMove, Adjust, Focus,
    TextKey, Scroll, UnboundKey, Paste,
]


def secondary(action: Action) -> Action | None:
    """What a right click does on a spot whose left-click action is `action`."""
    if isinstance(action, SelectCell):
        return ClearCell(action.row, action.col)
    return None
