"""What the player can ask for, as small values shared by keys, mouse clicks and the screen.

A key press and a click on the matching spot of the screen produce the same action, so the
screen handles each request in one place.
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


@dataclass(frozen=True)
class MoveCursor:
    drow: int
    dcol: int


@dataclass(frozen=True)
class SelectCell:
    row: int
    col: int


@dataclass(frozen=True)
class ClearCell:
    row: int
    col: int


@dataclass(frozen=True)
class Digit:
    value: int


Action = Union[Command, MoveCursor, SelectCell, ClearCell, Digit]


def secondary(action: Action) -> Action | None:
    """What a right click does on a spot whose left-click action is `action`."""
    if isinstance(action, SelectCell):
        return ClearCell(action.row, action.col)
    return None
