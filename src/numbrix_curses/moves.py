"""The moves a game is made of: small frozen values, how each undoes, the line the moves
list shows for it, and its saved form.

A move is a `SetCell` (one number changed), a `SetNotes` (one cell's pencil marks changed)
or a `Batch` of them undone and redone as one step. `Game` keeps them on its undo and redo
stacks (`MoveStack`, which keeps their saved text from one save to the next) and saves
them as plain JSON-ready data (`move_to_data`, `move_from_data`); a save of a million
moves is read with `read_moves`, which makes equal changes one object and lists them in a
table that `Game.from_state` checks all at once (`change_table`, `changes_by_cell`).
`numbers_after` gives the board a save's moves lead to, for the list of saved games, and
`net_history` what they come to, the same whether or not their earlier moves are folded.
`fold_moves` makes the earlier moves of a game too long to save one move (see
`Game.shorten_history`).
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
    #: for the earlier moves of a long game folded into one (`fold_moves`): how many moves
    #: it stands for, and how many of those only changed pencil marks; 0 and 0 otherwise
    folded: int = 0
    folded_marks: int = 0

    def inverse(self) -> "Batch":
        return Batch(tuple(change.inverse() for change in reversed(self.changes)), self.label,
                     tuple(note.inverse() for note in reversed(self.notes)),
                     self.folded, self.folded_marks)


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
#: the label of the move a long game's earlier moves are folded into (see `fold_moves`)
FOLD_LABEL = "earlier moves"


def weight(move: Move) -> tuple[int, int]:
    """How many moves `move` stands for, and how many of those only changed pencil marks:
    (1, 0) or (1, 1), but for a fold of earlier moves."""
    if isinstance(move, Batch) and move.folded:
        return move.folded, move.folded_marks
    return 1, int(isinstance(move, SetNotes))


def fold_moves(moves: Iterable[Move]) -> Batch:
    """`moves`, in the order they were made, as one move: the net change of each cell they
    touch (its number and its pencil marks, from what the first of them found to what the
    last left), labelled `FOLD_LABEL` and counting the moves it stands for. A game too long
    to save is kept whole this way: the board and marks it leads to are the same, only
    undo goes back past them in one step (see `Game.shorten_history`). Cells whose changes
    cancel out are left out; the fold may change nothing at all."""
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    first_marks: dict[int, tuple[int, ...]] = {}
    last_marks: dict[int, tuple[int, ...]] = {}
    count = marks = 0
    for move in moves:
        made, noted = weight(move)
        count += made
        marks += noted
        for change in changes_of(move):
            first.setdefault(change.cell, change.old)
            last[change.cell] = change.new
        for note in notes_of(move):
            first_marks.setdefault(note.cell, note.old)
            last_marks[note.cell] = note.new
    changes = tuple(SetCell(cell, first[cell], new)
                    for cell, new in sorted(last.items()) if first[cell] != new)
    notes = tuple(SetNotes(cell, first_marks[cell], new)
                  for cell, new in sorted(last_marks.items()) if first_marks[cell] != new)
    return Batch(changes, FOLD_LABEL, notes, count, marks)


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
        if move.folded:
            return plural(move.folded, "earlier move")  # (as one step: see `fold_moves`)
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
        if move.folded:
            data["folded"] = [move.folded, move.folded_marks]
        return data
    if isinstance(move, SetNotes):
        return {"marks": _notes_to_data(move)}
    return [move.cell, move.old, move.new]


#: moves a piece of a `MoveStack`'s saved text holds: a save makes the text of fewer
#: moves than this, and of those changed since the last one, afresh
TEXT_PIECE = 256


class MoveStack:
    """The undo or the redo stack of a game: moves pushed and popped at its top only, its
    bottom moves folded into one (`fold_bottom`), and their saved text (`text_parts`) kept
    from one save to the next.

    The game is saved after every change, and the text of its whole history made anew
    each time cost about a millisecond per thousand moves (40 ms a key at 40,000 moves,
    a second at 800,000). The text is kept in pieces of `TEXT_PIECE` moves, counted from
    the fold at the bottom if there is one; taking moves off the top drops the pieces that
    held them, so a piece is always the text of the moves now in its place, and a save
    makes only the pieces missing and the moves past the last whole piece."""

    __slots__ = ("_moves", "_pieces", "_base", "_head")

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self._moves: list[Move] = list(moves)
        #: piece k is the text of moves base + k * TEXT_PIECE up to base + (k + 1) *
        #: TEXT_PIECE, all of them on the stack, and a comma (the parts of a save are the
        #: pieces as they are)
        self._pieces: list[str] = []
        #: how many moves lie under the pieces (1 after a fold, its move: see `fold_bottom`,
        #: which keeps the pieces above it), and their text and a comma, once made
        self._base = 0
        self._head: str | None = None

    def append(self, move: Move) -> None:
        self._moves.append(move)

    def pop(self) -> Move:
        move = self._moves.pop()
        if len(self._moves) < self._base:  # (the fold taken off)
            self._base, self._head = 0, None
            self._pieces.clear()
            return move
        whole = (len(self._moves) - self._base) // TEXT_PIECE
        if len(self._pieces) > whole:
            del self._pieces[whole:]  # (it held the move taken off)
        return move

    def clear(self) -> None:
        self._moves.clear()
        self._pieces.clear()
        self._base, self._head = 0, None

    def fold_bottom(self, count: int) -> Batch:
        """Fold the bottom `count` moves (the first made) into one, `fold_moves` of them,
        and return it. The pieces of text above them stay where `count` takes whole pieces
        (and the fold under them), so folding a long history does not make its text anew."""
        if not 0 < count <= len(self._moves):
            raise ValueError(f"cannot fold {count} of {len(self._moves)} moves")
        fold = fold_moves(self._moves[:count])
        self._moves[:count] = [fold]
        above = count - self._base
        if above >= 0 and above % TEXT_PIECE == 0:
            del self._pieces[:above // TEXT_PIECE]
        else:
            self._pieces.clear()
        self._base, self._head = 1, None
        return fold

    def bottom_text_moves(self, chars: int, most: int) -> int:
        """How many of the bottom moves, at most `most`, to fold for their text to come to
        `chars` characters or more (fewer where even `most` come to less): whole pieces of
        text where they reach, so that `fold_bottom` keeps the pieces above."""
        self.text_parts()  # (makes the pieces missing)
        count = got = 0
        if self._base and self._base <= most:
            count, got = self._base, len(self._head or "")
        for piece in self._pieces:
            if got >= chars or count + TEXT_PIECE > most:
                break
            count, got = count + TEXT_PIECE, got + len(piece)
        while got < chars and count < most:
            got += len(_moves_text([self._moves[count]])) + 1
            count += 1
        return count

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
        moves, pieces, base = self._moves, self._pieces, self._base
        whole = (len(moves) - base) // TEXT_PIECE
        while len(pieces) < whole:
            start = base + len(pieces) * TEXT_PIECE
            pieces.append(_moves_text(moves[start:start + TEXT_PIECE]) + ",")
        kept = pieces
        if base:
            if self._head is None:
                self._head = _moves_text(moves[:base]) + ","
            kept = [self._head, *pieces]
        rest = moves[base + whole * TEXT_PIECE:]
        if rest:
            return ["[", *kept, _moves_text(rest), "]"]
        if kept:
            return ["[", *kept[:-1], kept[-1][:-1], "]"]  # (no comma after the last)
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
    """Moves read from a save (`read_moves`), with what `gamestate.all_fit` checks them by."""

    moves: list[Move]
    #: the number changes the moves make, each different one once, as (cell, old, new)
    changes: list[tuple[int, int, int]]
    #: each change the moves make, in order, as its place in `changes`
    codes: list[int]
    #: the moves that change pencil marks, in order
    noted: list[Move]
    #: how many moves they stand for (a fold of earlier moves counts as all it stands
    #: for: see `weight`), and how many of those only changed pencil marks
    played: int = 0
    played_marks: int = 0


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
    played, played_marks = len(data), 0
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
        stands_for, marks_only = weight(move)
        played += stands_for - 1
        played_marks += marks_only
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
    return ReadMoves(moves, changes, codes, noted, played, played_marks)


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


def net_history(data: list[Any]) -> list[Any] | None:
    """What the moves `data` (as `Game.to_state` writes them) come to, as JSON-ready data:
    how many moves they stand for and how many of those only changed pencil marks, then
    each cell's number and each cell's marks, from what the first of them found to what
    the last left, as [cell, old, new] (cells put back as they were are left out). This is
    `fold_moves` of them, worked out all at once (a million moves in a fraction of a
    second), so it is the same for a history and for that history with its earlier moves
    folded into one: a save rewritten with a fold reads as the game it was (see
    `savefile.game_mark`). None where some is not a move."""
    try:
        read = read_moves(data, objects=False)
    except StateError:
        return None
    changes: list[list[int]] = []
    if read.codes:
        try:
            table = np.array(read.changes, dtype=np.int64).reshape(len(read.changes), 3)
        except OverflowError:
            return None
        made, first, last = changes_by_cell(table, read.codes)
        net = np.column_stack((made[first, 0], made[first, 1], made[last, 2]))
        changes = net[net[:, 1] != net[:, 2]].tolist()
    first_marks: dict[int, tuple[int, ...]] = {}
    last_marks: dict[int, tuple[int, ...]] = {}
    for move in read.noted:
        for note in notes_of(move):
            first_marks.setdefault(note.cell, note.old)
            last_marks[note.cell] = note.new
    notes = [[cell, list(first_marks[cell]), list(new)]
             for cell, new in sorted(last_marks.items()) if first_marks[cell] != new]
    return [read.played, read.played_marks, changes, notes]


def move_from_data(data: Any) -> Move:
    """A move as `Game.to_state` writes it (a change, pencil marks, or a batch with its
    label); raises `StateError` for anything else."""
    if isinstance(data, dict) and "label" not in data and "marks" in data:
        return _notes_from_data(data["marks"])
    if isinstance(data, dict):
        label = data.get("label", "")
        changes = data.get("changes")
        notes = data.get("marks", [])
        folded, folded_marks = _folded_from_data(data.get("folded", [0, 0]))
        # (a fold's moves may have put everything back as it was: it changes nothing)
        if (not isinstance(label, str) or not isinstance(changes, list)
                or not isinstance(notes, list) or not (changes or notes or folded)):
            raise StateError("bad batch move")
        return Batch(tuple(_int_triple(c) for c in changes), label[:40],
                     tuple(_notes_from_data(n) for n in notes), folded, folded_marks)
    return _int_triple(data)


#: the most moves a fold of earlier moves is read as standing for (a count of thousands of
#: digits, edited by hand, is past what Python writes as text)
MAX_FOLDED = 10**12


def _folded_from_data(data: Any) -> tuple[int, int]:
    """A batch's "folded": [moves, marks] (see `fold_moves`); [0, 0] is no fold."""
    if (not isinstance(data, list) or len(data) != 2 or not all(_is_int(v) for v in data)
            or not 0 <= data[1] <= data[0] <= MAX_FOLDED):
        raise StateError(f"bad folded moves: {str(data)[:40]}")
    return data[0], data[1]
