"""The board edits the play and entry screens share: moving the cursor, picking a cell, typing,
clearing, undo and redo, each one `Game` call.

Both screens hand every action here first, so a key or click edits a typed-in grid exactly
as it edits a puzzle in play; what is left (check, hints, saving, ...) is each screen's own.
"""
from __future__ import annotations

from numbrix_curses.game import Game, Refusal
from numbrix_curses.ui.actions import (
    Action,
    ClearCell,
    Command,
    Digit,
    GoTo,
    MoveCursor,
    Paste,
    Scroll,
    SelectCell,
)
from numbrix_curses.ui.paste import pasted_number


def apply_edit(game: Game, action: Action) -> tuple[bool, Refusal | None]:
    """Carry out `action` on `game` if it is a board edit: (whether it was, why the game
    refused it or None)."""
    if isinstance(action, MoveCursor):
        game.move_cursor(action.drow, action.dcol)
    elif isinstance(action, (SelectCell, GoTo)):
        game.set_cursor(action.row, action.col)
    elif isinstance(action, Scroll):
        # The wheel moves the cursor a few rows, and the view of a board larger than the
        # screen follows it, as it does the arrows.
        game.move_cursor(action.delta, 0)
    elif isinstance(action, ClearCell):
        game.set_cursor(action.row, action.col)
        return True, game.clear()
    elif isinstance(action, Digit):
        return True, game.type_digit(action.value)
    elif isinstance(action, Paste) and pasted_number(action) is not None:
        # A pasted number goes in the cursor cell whole, as if typed and ended with Enter.
        return True, game.set_value(game.cursor_cell, pasted_number(action))
    elif action is Command.BACKSPACE:
        return True, game.backspace()
    elif action is Command.CLEAR:
        return True, game.clear()
    elif action is Command.UNDO:
        return True, game.undo()
    elif action is Command.REDO:
        return True, game.redo()
    else:
        return False, None
    return True, None
