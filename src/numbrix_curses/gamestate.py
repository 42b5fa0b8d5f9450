"""A game's saved form, apart from the game: its moves and play state as JSON-ready data
and as text, and the reading of it back, every part checked (`StateError` says which).

`Game.to_state` and `Game.state_text_parts` write through `state_data` and `state_text`,
everything but the moves as a `PlayState`, whose keys are named here alone;
`Game.from_state` reads through the rest, then replays the moves over the givens: the moves
are checked against the board they are made on (`all_fit`, all at once; `check_fits`, one
by one), so a save can never hold a grid its history does not explain. A hand-edited file
may hold anything: each reader says what does not fit rather than fail on it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from numbrix_curses.moves import (
    Move,
    MoveStack,
    ReadMoves,
    StateError,
    change_table,
    changes_by_cell,
    changes_of,
    move_from_data,
    move_to_data,
    notes_of,
    read_moves,
    set_notes,
)

#: the most a save's count of hints or fills is read as: a count of thousands of digits
#: (edited by hand) is past what Python writes as text, and the panel says it
MAX_COUNT = 10**9 - 1


@dataclass(frozen=True)
class PlayState:
    """What a save holds of a game besides its moves: where the cursor is, the play time,
    whether the solution was revealed, the help had, and whether the game was left paused
    or in pencil mode. Written after the moves, in this order (`to_data`), and read back
    by `read_play_state`, so every key is named here alone."""

    cursor: int
    elapsed: float
    revealed: bool = False
    hints: int = 0
    fills: int = 0
    paused: bool = False
    pencil: bool = False

    def to_data(self) -> dict[str, Any]:
        """The JSON-ready form, its keys in the order a save writes them."""
        return {"cursor": self.cursor, "elapsed": round(self.elapsed, 3),
                "revealed": self.revealed, "hints": self.hints, "fills": self.fills,
                "paused": self.paused, "pencil": self.pencil}


def state_data(undo: MoveStack, redo: MoveStack, play: PlayState) -> dict[str, Any]:
    """A game's saved form as JSON-ready data: its play state, then its moves and the moves
    undone (to redo). (The play state first: what a list of saved games shows of a game,
    its time, is then read from the start of its file, without its moves: see
    `savefile.read_head`.)"""
    return {
        **play.to_data(),
        "moves": [move_to_data(m) for m in undo],
        "redo": [move_to_data(m) for m in redo],
    }


def state_text(undo: MoveStack, redo: MoveStack, play: PlayState) -> list[str]:
    """`state_data` as compact JSON text (``json.dumps(..., separators=(",", ":"))``), in
    parts to be joined: the moves' text is the stacks' own, kept from one call to the next
    (see `MoveStack`), so a long game is written for what changed."""
    head = json.dumps(play.to_data(), separators=(",", ":"))
    return [head[:-1] + ',"moves":', *undo.text_parts(), ',"redo":', *redo.text_parts(), "}"]


def read_play_state(state: Mapping[str, Any], default_cursor: int, size: int) -> PlayState:
    """The play state of a saved game on a board of `size` cells (`default_cursor` where
    the save names no cursor). A bad time or cursor is refused (`StateError`); a count of
    help that is not a whole number reads as 0 (see `_read_count`), and a flag as False
    unless it is true."""
    return PlayState(
        cursor=_read_cursor(state, default_cursor, size),
        elapsed=read_elapsed(state),
        revealed=bool(state.get("revealed", False)),
        hints=_read_count(state, "hints"),
        fills=_read_count(state, "fills"),
        paused=state.get("paused") is True,
        pencil=state.get("pencil") is True,
    )


def read_elapsed(state: Mapping[str, Any]) -> float:
    """The play time of a saved game (checking first that the state is an object at all)."""
    if not isinstance(state, Mapping):
        raise StateError("game state is not an object")
    elapsed = state.get("elapsed", 0.0)
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or not (
        0 <= elapsed < 10**9
    ):
        raise StateError("bad elapsed time")
    return float(elapsed)


def read_history(state: Mapping[str, Any]) -> tuple[ReadMoves, ReadMoves]:
    """The moves of a saved game and the moves undone (to redo), in the order `state_data`
    writes them, each read as a move (not yet checked against a board)."""
    undo = read_moves(_list(state, "moves"))
    # Redo moves were undone last-first: they are checked from the top of the stack
    # down, so read that way round (a bad one is told as the first in the file's order).
    redo_data = _list(state, "redo")
    try:
        redo = read_moves(redo_data[::-1])
    except StateError:
        read_moves(redo_data)
        raise
    return undo, redo


def _read_cursor(state: Mapping[str, Any], default: int, size: int) -> int:
    """The cursor's cell of a saved game on a board of `size` cells (`default` when the
    save has none)."""
    cursor = state.get("cursor", default)
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not (0 <= cursor < size):
        raise StateError("bad cursor")
    return cursor


def _read_count(state: Mapping[str, Any], key: str) -> int:
    """A counter of a save (hints, fills): a hand-edited file may hold anything, and a count
    is no reason to refuse the game, so anything but a whole number reads as 0, and one past
    `MAX_COUNT` as that (help was had still)."""
    value = state.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return 0
    return min(value, MAX_COUNT)


def _list(state: Mapping[str, Any], key: str) -> list[Any]:
    value = state.get(key, [])
    if not isinstance(value, list):
        raise StateError(f"{key} is not a list")
    return value


def check_fits(move: Move, grid: np.ndarray, notes: dict[int, tuple[int, ...]],
               given: np.ndarray) -> None:
    """Raise `StateError` unless `move` can be made on `grid` and `notes` (`given` True
    where the puzzle gives the number); make it there."""
    _check_notes(move, notes, given)
    _check_changes(move, grid, given)


def _check_notes(move: Move, notes: dict[int, tuple[int, ...]], given: np.ndarray) -> None:
    """Raise `StateError` unless `move`'s pencil marks can be made on `notes`; make them."""
    size = given.size
    for note in notes_of(move):
        if not 0 <= note.cell < size or given.flat[note.cell]:
            raise StateError(f"pencil marks outside the board's blanks: cell {note.cell}")
        if any(not 1 <= number <= size for number in note.old + note.new):
            raise StateError("pencil mark out of range in a move")
        if notes.get(note.cell, ()) != note.old:
            raise StateError(f"move does not follow the pencil marks at cell {note.cell}")
        set_notes(notes, note.cell, note.new)


def _check_changes(move: Move, grid: np.ndarray, given: np.ndarray) -> None:
    """Raise `StateError` unless `move`'s numbers can be made on `grid`; make them."""
    size = given.size
    for change in changes_of(move):
        if not 0 <= change.cell < size:
            raise StateError(f"move outside the board: cell {change.cell}")
        if given.flat[change.cell]:
            raise StateError(f"move changes a given at cell {change.cell}")
        if not (0 <= change.new <= size and 0 <= change.old <= size):
            raise StateError("number out of range in a move")
        if int(grid.flat[change.cell]) != change.old:
            raise StateError(f"move does not follow the board at cell {change.cell}")
        grid.flat[change.cell] = change.new


def all_fit(read: ReadMoves, grid: np.ndarray, notes: dict[int, tuple[int, ...]],
            given: np.ndarray) -> bool:
    """Whether every one of the moves `read` can be made, one after another, on `grid`
    and `notes`, which are left as they make them (partly made, where some does not
    fit). The numbers they change are checked all at once, as `check_fits` checks them
    one by one: a cell of the board and no given, numbers in range, and each change from
    the number the cell held (the last change of it before, or the board's)."""
    try:
        for move in read.noted:
            _check_notes(move, notes, given)
    except StateError:
        return False
    if not read.codes:
        return True
    table = change_table(read.changes, given.size)
    if table is None or given.flat[table[:, 0]].any():
        return False
    made, first, last = changes_by_cell(table, read.codes)
    cell, old, new = made[:, 0], made[:, 1], made[:, 2]
    held = np.empty_like(old)
    held[1:] = new[:-1]
    held[first] = grid.flat[cell[first]]
    if not np.array_equal(old, held):
        return False
    grid.flat[cell[last]] = new[last]
    return True


def fitting_count(moves: list[Any], grid: np.ndarray, notes: dict[int, tuple[int, ...]],
                  given: np.ndarray) -> int:
    """How many of `moves` (as `state_data` writes them), from the first, can be made one
    after another on `grid` and `notes` (which they change: pass copies)."""
    for count, data in enumerate(moves):
        try:
            check_fits(move_from_data(data), grid, notes, given)
        except StateError:
            return count
    return len(moves)
