"""The moves a game is made of: small frozen values, how each undoes, the line the moves
list shows for it, and its saved form.

A move is a `SetCell` (one number changed), a `SetNotes` (one cell's pencil marks changed)
or a `Batch` of them undone and redone as one step. `Game` keeps them on its undo and redo
stacks (`MoveStack`, which keeps their saved text from one save to the next) and saves
them as plain JSON-ready data (`move_to_data`, `move_from_data`); a save of a million
moves is read with `read_moves`, which makes equal changes one object and lists them in a
table that `Game.from_state` checks all at once (`change_table`, `changes_by_cell`).
`numbers_after` gives the board a save's moves lead to, for the list of saved games.
Nothing here knows the rules of play.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Union, overload

import numpy as np

from numbrix_curses.puzzle import BLANK, cell_name, plural


class StateError(ValueError):
    """A saved game that does not fit its puzzle or is malformed."""


@dataclass(frozen=True)
class SetCell:
    """Cell `cell` changed from `old` to `new` (0 = blank)."""

    cell: int
    old: int
    new: int

    def inverse(self) -> "SetCell":
        return SetCell(self.cell, self.new, self.old)


@dataclass(frozen=True)
class SetNotes:
    """The pencil marks of cell `cell` changed from `old` to `new` (numbers, ascending)."""

    cell: int
    old: tuple[int, ...]
    new: tuple[int, ...]

    def inverse(self) -> "SetNotes":
        return SetNotes(self.cell, self.new, self.old)


@dataclass(frozen=True)
class Batch:
    """Several changes undone and redone as one step (restart, auto-fill, reveal); `notes`
    are the pencil marks it changes (a restart rubs them out)."""

    changes: tuple[SetCell, ...]
    label: str = ""
    notes: tuple[SetNotes, ...] = ()

    def inverse(self) -> "Batch":
        return Batch(tuple(change.inverse() for change in reversed(self.changes)), self.label,
                     tuple(note.inverse() for note in reversed(self.notes)))


Move = Union[SetCell, SetNotes, Batch]


def changes_of(move: Move) -> tuple[SetCell, ...]:
    """The numbers a move changes (none for pencil marks)."""
    if isinstance(move, Batch):
        return move.changes
    return () if isinstance(move, SetNotes) else (move,)


def notes_of(move: Move) -> tuple[SetNotes, ...]:
    """The pencil marks a move changes."""
    if isinstance(move, Batch):
        return move.notes
    return (move,) if isinstance(move, SetNotes) else ()


#: the labels of the moves that fill in the revealed solution and every simple step
REVEAL_LABEL = "reveal"
AUTO_FILL_LABEL = "auto-fill"
#: the label of a stroke's move where it changed more than one cell (see `Game.extend`)
DRAW_LABEL = "drew"


def describe_move(move: Move, cols: int) -> str:
    """One line for the move history: "12 at C3", "C3 cleared", "drew 12-16",
    "auto-fill: 5 cells", "pencilled 23 at C3"."""
    if isinstance(move, SetNotes):
        where = cell_name(*divmod(move.cell, cols))
        added = sorted(set(move.new) - set(move.old))
        if len(added) == 1 and len(move.new) == len(move.old) + 1:
            return f"pencilled {added[0]} at {where}"
        removed = sorted(set(move.old) - set(move.new))
        if len(removed) == 1 and len(move.old) == len(move.new) + 1:
            return f"rubbed out {removed[0]} at {where}"
        if not move.new:
            return f"rubbed out {where}'s marks"
        return f"{where} marks: {' '.join(map(str, move.new))}"
    if isinstance(move, Batch):
        count = len({change.cell for change in move.changes} | {n.cell for n in move.notes})
        if move.label == DRAW_LABEL:
            # (short, for a list 30 columns wide: "drew 129-141" for a stroke through the
            # givens between; one that took numbers back says so)
            drawn = sorted(change.new for change in move.changes if change.new != BLANK)
            taken = sorted(change.old for change in move.changes if change.old != BLANK)
            if not taken:
                return f"drew {_span_of(drawn)}"
            if not drawn:
                return f"took back {_span_of(taken)}"
            return f"redrew {_span_of(sorted(set(drawn) | set(taken)))}"
        label = move.label or "changes"
        return f"{label}: {plural(count, 'cell')}"
    where = cell_name(*divmod(move.cell, cols))
    if move.new == BLANK:
        return f"{where} cleared ({move.old})"
    if move.old == BLANK:
        return f"{move.new} at {where}"
    return f"{move.new} at {where} (was {move.old})"


def _span_of(numbers: list[int]) -> str:
    """"12" or "12-16": the numbers (sorted) from first to last."""
    return str(numbers[0]) if numbers[0] == numbers[-1] else f"{numbers[0]}-{numbers[-1]}"


def set_notes(notes: dict[int, tuple[int, ...]], cell: int, marks: tuple[int, ...]) -> None:
    if marks:
        notes[cell] = marks
    else:
        notes.pop(cell, None)


def _notes_to_data(note: SetNotes) -> list[Any]:
    return [note.cell, list(note.old), list(note.new)]


def move_to_data(move: Move) -> Any:
    if isinstance(move, Batch):
        data: dict[str, Any] = {
            "label": move.label, "changes": [[c.cell, c.old, c.new] for c in move.changes]}
        if move.notes:
            data["marks"] = [_notes_to_data(note) for note in move.notes]
        return data
    if isinstance(move, SetNotes):
        return {"marks": _notes_to_data(move)}
    return [move.cell, move.old, move.new]


#: moves a piece of a `MoveStack`'s saved text holds: a save makes the text of fewer
#: moves than this, and of those changed since the last one, afresh
TEXT_PIECE = 256


class MoveStack:
    """The undo or the redo stack of a game: moves pushed and popped at its top only, and
    their saved text (`text_parts`) kept from one save to the next.

    The game is saved after every change, and the text of its whole history made anew
    each time cost about a millisecond per thousand moves (40 ms a key at 40,000 moves,
    a second at 800,000). The text is kept in pieces of `TEXT_PIECE` moves; taking moves
    off the top drops the pieces that held them, so a piece is always the text of the
    moves now in its place, and a save makes only the pieces missing and the moves past
    the last whole piece."""

    __slots__ = ("_moves", "_pieces")

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self._moves: list[Move] = list(moves)
        #: piece k is the text of moves k * TEXT_PIECE up to (k + 1) * TEXT_PIECE, all of
        #: them on the stack, and a comma (the parts of a save are the pieces as they are)
        self._pieces: list[str] = []

    def append(self, move: Move) -> None:
        self._moves.append(move)

    def pop(self) -> Move:
        move = self._moves.pop()
        whole = len(self._moves) // TEXT_PIECE
        if len(self._pieces) > whole:
            del self._pieces[whole:]  # (it held the move taken off)
        return move

    def clear(self) -> None:
        self._moves.clear()
        self._pieces.clear()

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self._moves)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        return self._moves[index]

    def text_parts(self) -> list[str]:
        """The moves bottom first, as `move_to_data` of each in a compact JSON array
        (``json.dumps(..., separators=(",", ":"))``), in parts to be joined: the pieces
        kept, and the moves past them. The list is the caller's; the parts are strings,
        so they stand whatever the stack does next (the background writer joins them)."""
        moves, pieces = self._moves, self._pieces
        whole = len(moves) // TEXT_PIECE
        while len(pieces) < whole:
            start = len(pieces) * TEXT_PIECE
            pieces.append(_moves_text(moves[start:start + TEXT_PIECE]) + ",")
        rest = moves[whole * TEXT_PIECE:]
        if rest:
            return ["[", *pieces, _moves_text(rest), "]"]
        if pieces:
            return ["[", *pieces[:-1], pieces[-1][:-1], "]"]  # (no comma after the last)
        return ["[]"]


def _moves_text(moves: list[Move]) -> str:
    """`moves` as the compact JSON array of their saved forms writes them, brackets left
    off: one piece of a `MoveStack`'s text."""
    return json.dumps([move_to_data(move) for move in moves], separators=(",", ":"))[1:-1]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _notes_from_data(data: Any) -> SetNotes:
    def marks(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or not all(_is_int(v) for v in value) or any(
                a >= b for a, b in zip(value, value[1:])):
            raise StateError(f"bad pencil marks: {str(value)[:40]}")
        return tuple(value)

    if not isinstance(data, list) or len(data) != 3 or not _is_int(data[0]):
        raise StateError(f"bad pencil move: {str(data)[:40]}")
    return SetNotes(data[0], marks(data[1]), marks(data[2]))


def _int_triple(data: Any) -> SetCell:
    if not isinstance(data, list) or len(data) != 3 or not all(_is_int(v) for v in data):
        raise StateError(f"bad move: {str(data)[:40]}")
    return SetCell(*data)


@dataclass
class ReadMoves:
    """Moves read from a save (`read_moves`), with what `Game._all_fit` checks them by."""

    moves: list[Move]
    #: the number changes the moves make, each different one once, as (cell, old, new)
    changes: list[tuple[int, int, int]]
    #: each change the moves make, in order, as its place in `changes`
    codes: list[int]
    #: the moves that change pencil marks, in order
    noted: list[Move]


def read_moves(data: list[Any], objects: bool = True) -> ReadMoves:
    """`move_from_data` of each of `data`, raising as it does at the first that is no move.
    Equal changes of one number are one object: a save of a million moves, most of them
    like others, was a million objects made (and checked) one by one. Without `objects`,
    the moves' changes only (`moves` is left empty: a change is made no object)."""
    places: dict[tuple[int, int, int], int] = {}
    changes: list[tuple[int, int, int]] = []
    made: list[SetCell] = []
    codes: list[int] = []
    moves: list[Move] = []
    noted: list[Move] = []
    for item in data:
        if type(item) is list and len(item) == 3:
            cell, old, new = item
            # (as `_int_triple` reads it: whole numbers, and not True or False)
            if type(cell) is int and type(old) is int and type(new) is int:
                key = (cell, old, new)
                place = places.get(key)
                if place is None:
                    place = places[key] = len(changes)
                    changes.append(key)
                    if objects:
                        made.append(SetCell(cell, old, new))
                if objects:
                    moves.append(made[place])
                codes.append(place)
                continue
        move = move_from_data(item)
        if objects:
            moves.append(move)
        for change in changes_of(move):
            key = (change.cell, change.old, change.new)
            place = places.get(key)
            if place is None:
                place = places[key] = len(changes)
                changes.append(key)
                if objects:
                    made.append(change)
            codes.append(place)
        if notes_of(move):
            noted.append(move)
    return ReadMoves(moves, changes, codes, noted)


def change_table(changes: list[tuple[int, ...]], size: int) -> np.ndarray | None:
    """`changes` (each a cell, then numbers) as a table, a change a row; None where some
    cell is off a board of `size` cells or some number is past what a cell holds (one past
    64 bits among them, which no table holds)."""
    try:
        table = np.array(changes, dtype=np.int64).reshape(len(changes), -1)
    except OverflowError:
        return None
    cell, numbers = table[:, 0], table[:, 1:]
    if not (np.all((0 <= cell) & (cell < size)) and np.all((0 <= numbers) & (numbers <= size))):
        return None
    return table


def changes_by_cell(table: np.ndarray, codes: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The changes `codes` (places in `table`, whose rows are changes, each its cell first)
    in the order they were made, cell by cell; and which of them is the first of its cell's,
    and which the last."""
    made = table[np.asarray(codes, dtype=np.intp)]
    made = made[np.argsort(made[:, 0], kind="stable")]
    cell = made[:, 0]
    first = np.ones(len(made), dtype=bool)
    first[1:] = cell[1:] != cell[:-1]
    last = np.ones(len(made), dtype=bool)
    last[:-1] = first[1:]
    return made, first, last


def numbers_after(givens: np.ndarray, data: list[Any]) -> np.ndarray | None:
    """The numbers of the board `givens` (flat) with the moves `data` (as `Game.to_state`
    writes them) made over it, checked only to be moves of its cells to numbers it can
    hold, not to follow one another (as a list of saved games tells how far each has come;
    the game itself is checked as it opens). None where some is not such a move."""
    try:
        read = read_moves(data, objects=False)
    except StateError:
        return None
    grid = np.array(givens, dtype=np.int64).reshape(-1)
    if not read.codes:
        return grid
    # (what a cell held before is not looked at: past 64 bits, it is no reason to refuse)
    table = change_table([(cell, new) for cell, _, new in read.changes], grid.size)
    if table is None:
        return None
    made, _, last = changes_by_cell(table, read.codes)
    grid[made[last, 0]] = made[last, 1]
    return grid


def move_from_data(data: Any) -> Move:
    """A move as `Game.to_state` writes it (a change, pencil marks, or a batch with its
    label); raises `StateError` for anything else."""
    if isinstance(data, dict) and "label" not in data and "marks" in data:
        return _notes_from_data(data["marks"])
    if isinstance(data, dict):
        label = data.get("label", "")
        changes = data.get("changes")
        notes = data.get("marks", [])
        if (not isinstance(label, str) or not isinstance(changes, list)
                or not isinstance(notes, list) or not (changes or notes)):
            raise StateError("bad batch move")
        return Batch(tuple(_int_triple(c) for c in changes), label[:40],
                     tuple(_notes_from_data(n) for n in notes))
    return _int_triple(data)
