"""One play session as pure state: entries, cursor, typing, undo/redo, conflicts, timer, win.

The split follows the usual puzzle-app design:

- the *puzzle* (givens) never changes and belongs to `Puzzle`;
- the *game state* is the grid of numbers and the player's pencil marks (notes of numbers a
  blank cell might hold); it only changes through moves, small frozen values (`SetCell`,
  `SetNotes`, `Batch`, in `moves`) kept on undo/redo stacks, so every change can be undone,
  saved and replayed;
- the *play state* (cursor, the number being typed, pencil mode, the timer) is not undoable.

Nothing here draws or reads keys: the screen turns keys and clicks into calls on `Game`, and
every rule of play can be tested without a terminal. Cells are flat row-major indices
(`cell = row * cols + col`), as in `Geometry`.

A game is saved as its moves (`Game.to_state` / `Game.from_state`, the form itself and its
checks in `gamestate`): the grid is rebuilt by replaying them over the givens, so a save can
never hold a grid its history does not explain. `Game.state_text_parts` is `to_state` as
JSON text, its moves' text kept from one save to the next (see `MoveStack`), so saving
after every change costs what changed; a history too long to save is folded, its earlier
moves made one (`Game.shorten_history`). What is wrong on the board is found by
`conflicts`, what drawing the path puts where by `drawing`, and the clock is kept by
`timer`.
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

import numpy as np

from numbrix_curses.conflicts import (
    Conflict,
    board_conflicts,
    checked_conflicts,
    consecutive_links,
    entries_in,
)
from numbrix_curses.drawing import drawn_number, moved_number, turned_stroke
from numbrix_curses.gamestate import (
    PlayState,
    all_fit,
    check_fits,
    fitting_count,
    read_elapsed,
    read_history,
    read_play_state,
    state_data,
    state_text,
)
from numbrix_curses.moves import (
    AUTO_FILL_LABEL,
    DRAW_LABEL,
    REVEAL_LABEL,
    Batch,
    Move,
    MoveStack,
    SetCell,
    SetNotes,
    changes_of,
    notes_of,
    set_notes,
    weight,
)
from numbrix_curses.puzzle import BLANK, Puzzle
from numbrix_curses.timer import Clock, Timer

class Refusal(str, enum.Enum):
    """Why a request was not carried out; the value is a message fit for the player."""

    GIVEN = "That number is given; it cannot change."
    OUT_OF_RANGE = "That number is larger than the board."
    SOLVED = "The puzzle is solved."
    PAUSED = "The game is paused."
    NOTHING_TO_UNDO = "Nothing to undo."
    NOTHING_TO_REDO = "Nothing to redo."
    NOTHING_TO_CLEAR = "Nothing to clear."
    NO_NEIGHBOUR = "No number next to this cell to count on from."
    NEXT_PLACED = "The numbers after this cell's neighbours are on the board already."
    AFTER_LAST = "Only the last number is next to this cell, and nothing follows it."
    NOTHING_TO_FILL = "Nothing to fill in."
    LINKED = "This cell's number already joins a neighbour; n leaves it (Backspace clears)."
    DRAW_FROM_NUMBER = "Draw the path from a number: start on a cell that holds one."
    BOTH_PLACED = "The numbers before and after this one are on the board already."
    END_PLACED = "This number ends the path, and the one next to it is on the board already."
    NOTE_ON_NUMBER = "Pencil marks go in empty cells; this one holds a number."
    NOTE_OF_GIVEN = "That number is given: no other cell can hold it, so it takes no mark."


@dataclass(frozen=True)
class PendingEntry:
    """A number being typed into `cell`: `digits` so far, `origin` the value before typing."""

    cell: int
    digits: str
    origin: int

    @property
    def value(self) -> int:
        return int(self.digits)


@dataclass(frozen=True)
class SolvedRecord:
    """Time and moves at the moment the last cell was filled correctly."""

    seconds: float
    #: every move in the history, pencil marks included (as the panel and moves list count)
    moves: int
    #: the reveal filled the board, the player did not: it can be taken back
    revealed: bool = False
    #: how many of `moves` only changed pencil marks: a solve is told and ranked by its
    #: numbers, so a player who pencils is not scored as slower at it
    marks: int = 0

    @property
    def numbers(self) -> int:
        """The moves that changed numbers (placing, clearing, fills, restarts)."""
        return self.moves - self.marks


@dataclass(frozen=True)
class HistoryFold:
    """What `Game.shorten_history` did to keep a long game's save within bounds."""

    #: the earlier moves now undone in one step (0: none were folded)
    folded: int
    #: the moves undone, to redo, that were let go (0: they stand)
    redo_dropped: int


class Game:
    """The state of one game of one puzzle.

    With `track_completion=False` (typing in a puzzle) a full, valid grid is not a win and the
    timer means nothing.
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        clock: Clock = time.monotonic,
        elapsed: float = 0.0,
        track_completion: bool = True,
    ) -> None:
        self.puzzle = puzzle
        self.geometry = puzzle.geometry
        self._grid = puzzle.givens.astype(np.int16, copy=True)
        self._given = np.asarray(puzzle.givens) != BLANK
        # (no other cell can hold these: a pencil mark of one is refused, see `commit`)
        self._given_numbers = frozenset(puzzle.givens.ravel().tolist()) - {BLANK}
        self._undo = MoveStack()
        self._redo = MoveStack()  # (bottom first: the next move to redo is the last)
        # cell -> the numbers pencilled in it (ascending; blank cells show them)
        self._notes: dict[int, tuple[int, ...]] = {}
        #: typed digits go in as pencil marks (see `type_digit`), not as numbers
        self.pencil = False
        self._pending: PendingEntry | None = None
        # the pencil mark being typed (in or out of its cell at once, as a number is), and
        # the cell's marks as its typing began
        self._pending_note: PendingEntry | None = None
        self._note_base: tuple[int, ...] = ()
        # whether the top of the undo stack is the move of the number being typed
        self._pending_pushed = False
        self._timer = Timer(clock, elapsed)
        self._solved: SolvedRecord | None = None
        self._track = track_completion
        #: the solution was shown at some point: the game earns no best time
        self.revealed = False
        #: hints asked for and auto-fills made (shown in the panel, kept in the save): like
        #: a reveal, either makes the solve assisted, which earns no best time
        self.hints = 0
        self.fills = 0
        # cell -> number that a hint or auto-fill put there (not saved): right numbers
        # before the solution is known, as help only ever works from right numbers
        self._from_help: dict[int, int] = {}
        #: bumped on every change of the board or its history, so savers know when to write
        self.revision = 0
        # the path being drawn (see `extend`): its cells from where it started, each with
        # whether drawing filled it, and the revision it left the board at
        self._stroke: list[tuple[int, bool]] = []
        self._stroke_revision = -1
        # the cells the stroke moved a number to (see `drawing.moved_number`), each with the cell
        # it came from: going back over one puts it back there
        self._stroke_moved: dict[int, int] = {}
        #: the number the last drawing step moved, and the cell it left; None when it
        #: moved none (the play screen says so: the cell left may be out of sight)
        self.moved_along: tuple[int, int] | None = None
        # how many moves were on the undo stack as the stroke began: those above it are
        # the stroke's own, kept merged as one (see `_draw`)
        self._stroke_base = 0
        blanks = np.flatnonzero(~self._given.ravel())
        self._cursor = int(blanks[0]) if blanks.size else 0
        # A puzzle whose givens fill the grid is solved before the first move.
        self._after_change()

    # ----- reading the state -------------------------------------------------------------
    @property
    def rows(self) -> int:
        return self.puzzle.rows

    @property
    def cols(self) -> int:
        return self.puzzle.cols

    @property
    def size(self) -> int:
        return self.puzzle.size

    @property
    def grid(self) -> np.ndarray:
        """Givens and entries (int16, 0 = blank); a read-only view."""
        view = self._grid.view()
        view.setflags(write=False)
        return view

    @property
    def given_mask(self) -> np.ndarray:
        """True where the puzzle gives the number; a read-only view."""
        view = self._given.view()
        view.setflags(write=False)
        return view

    def value(self, cell: int) -> int:
        return int(self._grid.flat[cell])

    def is_given(self, cell: int) -> bool:
        return bool(self._given.flat[cell])

    @property
    def cursor(self) -> tuple[int, int]:
        """(row, col) of the cursor."""
        return self.geometry.row_col(self._cursor)

    @property
    def cursor_cell(self) -> int:
        return self._cursor

    @property
    def pending(self) -> PendingEntry | None:
        """The number being typed, if any (already shown in its cell)."""
        return self._pending

    @property
    def pending_note(self) -> PendingEntry | None:
        """The pencil mark being typed, if any (already in, or out of, its cell)."""
        return self._pending_note

    def notes(self, cell: int) -> tuple[int, ...]:
        """The numbers pencilled in `cell`, ascending (kept, though hidden, under a number)."""
        return self._notes.get(cell, ())

    @property
    def noted_cells(self) -> dict[int, tuple[int, ...]]:
        """Every cell with pencil marks -> its marks (a copy)."""
        return dict(self._notes)

    def numbers_on_board(self) -> frozenset[int]:
        """The numbers the board holds, givens included."""
        return frozenset(self._grid.ravel().tolist()) - {BLANK}

    def live_notes(self, cell: int, on_board: frozenset[int] | None = None) -> tuple[int, ...]:
        """`cell`'s pencil marks whose numbers are not on the board (`on_board`, when the
        caller has it): the ones still worth showing in the cell.

        A number placed elsewhere spends its marks, as the cell cannot hold it too. They
        are kept, not rubbed out: taking the number off again (or undoing it) brings them
        back, and rubbing them out would make every placement a change of marks as well.
        """
        marks = self.notes(cell)
        if not marks:
            return marks
        placed = self.numbers_on_board() if on_board is None else on_board
        return tuple(m for m in marks if m not in placed)

    @property
    def number_can_grow(self) -> bool:
        """A number is being typed that one more digit could still make longer: 1 on a
        25-cell board (10 to 19 fit), not 3 (30 would not), which is as good as entered."""
        pending = self._pending
        return pending is not None and int(pending.digits) * 10 <= self.size

    @property
    def placed(self) -> int:
        """How many cells hold a number (givens included)."""
        return int(np.count_nonzero(self._grid))

    @property
    def moves(self) -> int:
        """Moves that make up the current position (undone moves do not count): the steps
        undo can walk back, as the moves list numbers them."""
        return len(self._undo)

    @property
    def moves_played(self) -> int:
        """`moves`, counting each of a long game's earlier moves folded into one (see
        `shorten_history`), as the panel and a solve's record count them."""
        # (a fold is only ever the bottom move: see `shorten_history`)
        return len(self._undo) + (weight(self._undo[0])[0] - 1 if self._undo else 0)

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._undo)

    def latest_moves(self, count: int) -> tuple[Move, ...]:
        """The last `count` moves of `history` (or all of them, when fewer), oldest first:
        without a copy of the whole history, which a long game's redraws could not afford."""
        return tuple(self._undo[-count:]) if count > 0 else ()

    @property
    def future(self) -> tuple[Move, ...]:
        """Undone moves that redo would bring back, next one first."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_clears(self, cells: Iterable[int]) -> bool:
        """Whether one undo takes a number off one of `cells`: the last move put it there.
        (After a deletion, undo brings a number back; advising it then would mislead.)"""
        if not self._undo:
            return False
        wanted = set(cells)
        return any(change.cell in wanted and change.new
                   for change in changes_of(self._undo[-1]))

    @property
    def solved(self) -> SolvedRecord | None:
        return self._solved

    @property
    def moves_final(self) -> bool:
        """Whether the moves can no longer be walked back: the puzzle is solved by hand (a
        revealed solution can still be taken back)."""
        return self._solved is not None and not self._solved.revealed

    def cells_holding(self, number: int) -> list[int]:
        return [int(c) for c in np.flatnonzero(self._grid.ravel() == number)]

    def chain_neighbours(self, cell: int) -> tuple[list[int], list[int]]:
        """Cells holding the number before and after the one in `cell` (empty when blank)."""
        number = self.value(cell)
        if number == BLANK:
            return [], []
        before = self.cells_holding(number - 1) if number > 1 else []
        after = self.cells_holding(number + 1) if number < self.size else []
        return before, after

    def links(self) -> list[tuple[int, int]]:
        """Pairs of orthogonally adjacent cells holding consecutive numbers (lower first)."""
        return consecutive_links(self._grid)

    def conflicts(self) -> list[Conflict]:
        """Logical contradictions on the board, found without knowing the solution."""
        return board_conflicts(self._grid.ravel(), self.geometry, self._given)

    def conflict_cells(self) -> frozenset[int]:
        return frozenset(cell for conflict in self.conflicts() for cell in conflict.cells)

    def find(self, number: int) -> tuple[int | None, tuple[int, int] | None,
                                         tuple[int, int] | None]:
        """Where `number` stands (its cell, or None), and where the nearest numbers below
        and above it on the board stand ((number, cell), or None): what "go to a number"
        shows on a board too big to scan."""
        flat = self._grid.ravel()
        here = np.flatnonzero(flat == number)
        placed = flat[flat != BLANK]
        lower, higher = placed[placed < number], placed[placed > number]
        below = int(lower.max()) if lower.size else None
        above = int(higher.min()) if higher.size else None
        return (int(here[0]) if here.size else None,
                None if below is None else (below, int(np.flatnonzero(flat == below)[0])),
                None if above is None else (above, int(np.flatnonzero(flat == above)[0])))

    def duplicate_cells(self) -> frozenset[int]:
        """Cells holding a number that stands on the board more than once: a plain break of
        the rules, which the board shows at once (as Tatham's puzzles show clashes), where
        `check` is asked for. Not a number still being typed that a digit more could make
        another: the 1 of a 12 on its way, with a 1 on the board already, is no clash yet
        (it lit up red between the two keys)."""
        flat = self._grid.ravel()
        if self.number_can_grow:
            flat = flat.copy()
            flat[self._pending.cell] = BLANK  # type: ignore[union-attr]
        # (counted by value, not with np.unique: numpy 2.x loads numpy.ma on its first
        # call, which cost the first frame of every game about 80 ms)
        counts = np.bincount(flat, minlength=self.size + 1)
        counts[BLANK] = 0
        twice = counts > 1
        if not twice.any():
            return frozenset()
        return frozenset(int(c) for c in np.flatnonzero(twice[flat]))

    def check_cells(self) -> frozenset[int]:
        """The cells `check` marks: the player's numbers in a conflict (givens only when a
        conflict involves givens alone).

        A number that breaks a rule with a given alone (too far from it, or the same
        number) is wrong for certain, and the conflicts it causes with other numbers of the
        player's say nothing of those: with a 5 too far from the given 4, a right 7 is also
        "too far from 5", and marking it would lead the player to erase it. So those numbers
        are marked, and the rest of the board is checked as if they were not there. (Not a
        number that walls a given in: the walls named leave out numbers one away from it,
        which may be the wrong ones, as a second 4 beside a given 3.)"""
        marked: set[int] = set()
        for conflict in self.check_conflicts():
            marked.update(entries_in(conflict, self._given) or conflict.cells)
        return frozenset(marked)

    def check_conflicts(self) -> list[Conflict]:
        """The conflicts whose cells `check_cells` marks, those of a number wrong for
        certain first (then the rest of the board's, found as if it were not there): what
        a check says in words."""
        return checked_conflicts(self._grid.ravel(), self.geometry, self._given)

    def givens_conflict(self) -> bool:
        """Whether the givens alone break a rule (two givens that must touch do not, a given
        boxed in by givens): no entry can mend that, so the puzzle has no solution."""
        return any(all(self.is_given(c) for c in conflict.cells) for conflict in self.conflicts())

    def is_complete(self) -> bool:
        """Every cell filled and the grid is a solution of the puzzle."""
        return bool(np.all(self._grid != BLANK)) and self.puzzle.is_solution(self._grid)

    # ----- timer -------------------------------------------------------------------------
    def elapsed(self) -> float:
        return self._timer.elapsed()

    @property
    def paused(self) -> bool:
        return not self._timer.running and self._solved is None

    def pause(self) -> None:
        self.commit()
        self._timer.pause()

    def resume(self) -> None:
        if self._solved is None:
            self._timer.resume()

    def skip_time(self, seconds: float) -> None:
        """Leave the last `seconds` off the clock: the player could not play then (the
        program was stopped)."""
        self._timer.skip(seconds)

    # ----- cursor ------------------------------------------------------------------------
    def move_cursor(self, drow: int, dcol: int) -> None:
        """Move the cursor, stopping at the edges; ends any number being typed, and the
        move of the path being drawn (as a click does: see `set_cursor`)."""
        self.commit()
        row, col = self.cursor
        row = min(max(row + drow, 0), self.rows - 1)
        col = min(max(col + dcol, 0), self.cols - 1)
        self._cursor = self.geometry.cell(row, col)
        self._stroke_base = len(self._undo)

    def set_cursor(self, row: int, col: int) -> None:
        """Put the cursor on a cell (a click; a drag's press). What is drawn from there on
        is a move of its own, though going back over the path drawn before still takes it
        back (see `extend`)."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"cell ({row}, {col}) is outside the {self.rows}x{self.cols} board")
        self.commit()
        self._cursor = self.geometry.cell(row, col)
        self._stroke_base = len(self._undo)

    def end_stroke(self) -> None:
        """End the move of the path being drawn (a drag's button came up): what is drawn
        next is a move of its own, though going back over the path still takes it back, as
        after a click (see `extend`)."""
        self._stroke_base = len(self._undo)

    # ----- changing numbers --------------------------------------------------------------
    def _refusal_for(self, cell: int) -> Refusal | None:
        if self._solved is not None:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        if self.is_given(cell):
            return Refusal.GIVEN
        return None

    def _refusal_to_set(self, cell: int, value: int) -> Refusal | None:
        """Why `value` (0 = blank) cannot go in `cell` now, or None."""
        refusal = self._refusal_for(cell)
        if refusal is None and not 0 <= value <= self.size:
            refusal = Refusal.OUT_OF_RANGE
        return refusal

    def commit(self) -> None:
        """Finish the number (or pencil mark) being typed: the next digit starts anew. A
        mark of a given's number, which a digit more could have made another, goes (see
        `_type_note_digit`)."""
        note = self._pending_note
        if note is not None and self._is_given_mark(note):
            self._set_note_pending(note.cell, "")
        self._pending = self._pending_note = None
        self._pending_pushed = False

    def _is_given_mark(self, note: PendingEntry) -> bool:
        """Whether `note`, being typed, puts in a mark of a given's number."""
        return note.value in self._given_numbers and note.value in self.notes(note.cell)

    def toggle_pencil(self) -> None:
        """Switch between typing numbers and pencilling marks."""
        self.commit()
        self.pencil = not self.pencil
        self.revision += 1  # (kept in the save)

    def set_value(self, cell: int, value: int) -> Refusal | None:
        """Put `value` (0 = blank) in `cell` as one undoable move."""
        self.commit()
        refusal = self._refusal_to_set(cell, value)
        if refusal is not None:
            return refusal
        old = self.value(cell)
        if old != value:
            self._push(SetCell(cell, old, value))
        return None

    def clear(self, cell: int | None = None) -> Refusal | None:
        """Blank `cell` (default: the cursor's)."""
        self.commit()
        cell = self._cursor if cell is None else cell
        refusal = self._refusal_for(cell)
        if refusal is not None:
            return refusal
        if self.value(cell) == BLANK:
            # (a blank cell's marks are what shows in it, so that is what clearing rubs out)
            if not self.notes(cell):
                return Refusal.NOTHING_TO_CLEAR
            self._push(SetNotes(cell, self.notes(cell), ()))
            return None
        return self.set_value(cell, BLANK)

    def type_digit(self, digit: int) -> Refusal | None:
        """Type one digit at the cursor.

        Digits build a number (4 then 2 gives 42) as long as it stays within the board; a
        digit that would take it past the board is refused, so the player is told (typing 3
        then 0 on a 25-cell board must not quietly clear the cell, as a fresh 0 would), and
        the number waits for another: 2, 6, 4 on a 25-cell board is 24, a slip mended (the
        refused digit ended the number, and the 4 after it made 4). A number started with 0
        clears the cell. The number shows in its cell at once, and the whole typed number
        is one move.

        In pencil mode the digits make a pencil mark instead, put in the cell (or taken out,
        when it is there already); see `_type_note_digit`.
        """
        if not 0 <= digit <= 9:
            raise ValueError(f"not a digit: {digit}")
        cell = self._cursor
        refusal = self._refusal_for(cell)
        if refusal is not None:
            return refusal
        if self.pencil:
            return self._type_note_digit(cell, digit)
        typed = self._digits_with(self._pending, cell, digit)
        if isinstance(typed, Refusal):
            return typed
        if typed == "0":
            return self.clear(cell)
        # (`_digits_with` ended any number typed elsewhere: one still pending goes on here)
        origin = self._pending.origin if self._pending is not None else self.value(cell)
        self._set_pending(PendingEntry(cell, typed, origin))
        return None

    def _digits_with(self, pending: PendingEntry | None, cell: int, digit: int) -> str | Refusal:
        """The digits of the number (or mark) typed in `cell` once `digit` is typed: those
        `pending` there, then `digit`; else `digit` alone, a new one, the typing before
        ended ("0" to start with: the caller clears the cell). A digit that would take the
        number past the board is refused, the number still typed where another digit could
        make a number of it (see `type_digit`), else ended."""
        if pending is not None and pending.cell == cell:
            digits = pending.digits + str(digit)
            if int(digits) > self.size:
                if int(pending.digits) * 10 > self.size:
                    self.commit()  # (no digit more could make a number of it: it is done)
                return Refusal.OUT_OF_RANGE
            return digits
        self.commit()
        return Refusal.OUT_OF_RANGE if digit > self.size else str(digit)

    def _type_note_digit(self, cell: int, digit: int) -> Refusal | None:
        """A digit of a pencil mark, typed as a number is (in blank cells only): the mark
        built so far goes in at once, or out when the cell had it, as one move; a 0 to
        start with clears the cell's marks, as it clears a number."""
        if self.value(cell) != BLANK:
            starts = self._pending_note is None or self._pending_note.cell != cell
            if digit == 0 and starts:
                return self.clear(cell)  # (as it does out of pencil mode)
            self.commit()
            return Refusal.NOTE_ON_NUMBER
        typed = self._digits_with(self._pending_note, cell, digit)
        if isinstance(typed, Refusal):
            return typed
        if typed == "0":
            return self.clear(cell)
        if self._pending_note is None:  # (a new mark: the marks it starts from)
            self._note_base = self.notes(cell)
        self._set_note_pending(cell, typed)
        note = self._pending_note
        if note is not None and self._is_given_mark(note) and note.value * 10 > self.size:
            # A given's cell is its own: no other can hold it. (One a digit more could
            # make into another number stays while typed, and goes at `commit`.)
            self._set_note_pending(cell, "")
            self.commit()
            return Refusal.NOTE_OF_GIVEN
        return None

    def _set_note_pending(self, cell: int, digits: str) -> None:
        """Show the mark `digits` typed so far in (or out of) `cell`: one move away from the
        marks the cell had as its typing began ("" takes the typing back)."""
        if self._pending_pushed:
            self._undo.pop()
            self._pending_pushed = False
        base = self._note_base
        marks = tuple(sorted(set(base) ^ {int(digits)})) if digits else base
        if marks != base:
            self._undo.append(SetNotes(cell, base, marks))
            self._redo.clear()
            self._pending_pushed = True
        set_notes(self._notes, cell, marks)
        self._pending_note = PendingEntry(cell, digits, BLANK) if digits else None
        self._after_change()

    def backspace(self) -> Refusal | None:
        """Drop the last typed digit; with nothing being typed, clear the cursor cell."""
        note = self._pending_note
        if note is not None and note.cell == self._cursor:
            self._set_note_pending(note.cell, note.digits[:-1])
            return None
        pending = self._pending
        if pending is None or pending.cell != self._cursor:
            return self.clear()
        refusal = self._refusal_for(pending.cell)
        if refusal is not None:
            return refusal
        if len(pending.digits) > 1:
            self._set_pending(PendingEntry(pending.cell, pending.digits[:-1], pending.origin))
        else:
            self._set_cell_pending_value(pending.cell, pending.origin, BLANK)
            self.commit()
        return None

    def next_number(self) -> int | None:
        """One more than the highest number next to the cursor whose next number is not on
        the board yet (anywhere but the cursor cell), if that fits the board; but a number
        that joins two neighbours (2 between 1 and 3) comes first, as it is the only one
        that cell can hold.

        A neighbour whose next number stands elsewhere already has its chain going on
        there: counting on from it would only make a duplicate.
        """
        flat = self._grid.ravel()
        here = self._cursor
        elsewhere = {int(v) for k, v in enumerate(flat.tolist()) if v != BLANK and k != here}
        around = self._numbers_around(here)
        following = [v + 1 for v in around if v < self.size and v + 1 not in elsewhere]
        joining = [v for v in following if v + 1 in around]
        return max(joining or following, default=None)

    def _numbers_around(self, cell: int) -> set[int]:
        """The numbers on the cells next to `cell`."""
        flat = self._grid.flat
        return {int(flat[n]) for n in self.geometry.neighbours[cell]} - {BLANK}

    def place_next(self) -> Refusal | None:
        """Put `next_number` in the cursor cell (`n` key): the quick way to extend a chain.

        An entry that stands next to its number before or after is part of a chain already,
        and stays: `n` replaces only a number that joins nothing (a slip, say).
        """
        self.commit()
        refusal = self._refusal_for(self._cursor)
        if refusal is not None:
            return refusal
        around = self._numbers_around(self._cursor)
        here = int(self._grid.flat[self._cursor])
        if here != BLANK and {here - 1, here + 1} & around:
            return Refusal.LINKED
        number = self.next_number()
        if number is None:
            if not around:
                return Refusal.NO_NEIGHBOUR
            if any(BLANK < v < self.size for v in around):
                return Refusal.NEXT_PLACED
            # (not OUT_OF_RANGE: "Numbers go from 1 to 9" answers a digit typed, and left
            # the player of n asking why nothing was placed)
            return Refusal.AFTER_LAST
        return self.set_value(self._cursor, number)

    def extend(self, drow: int, dcol: int) -> Refusal | None:
        """Draw the path from the cursor cell into its neighbour (`drow`, `dcol`) and move
        the cursor there: Shift-arrow, or dragging the mouse from cell to cell.

        An empty neighbour gets the number after the cursor's (the one before it, when that
        one is on the board already; where both are, one a player put down away from the
        cursor's number is moved there: see `drawing.moved_number`); a neighbour holding a number
        is stepped onto, so a path runs on through the givens it meets. Stepping back onto
        the cell the path just came from takes back the number drawing put on the cell
        left, as retracing a line erases it (a number it moved goes back where it was). A
        stroke is one move: what it drew, less what it took back, is undone as one. A
        stroke ends with anything else done to the game; a drag that starts where the last
        one ended (a press puts the cursor there) is a move of its own, but goes on with
        its path, so going back over it still erases.
        """
        self.commit()
        here = self._cursor
        row, col = self.cursor
        row, col = row + drow, col + dcol
        if not (0 <= row < self.rows and 0 <= col < self.cols) or (drow, dcol) == (0, 0):
            return None  # the edge: nowhere to draw, as an arrow key there does nothing
        target = self.geometry.cell(row, col)
        if self._solved is not None:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        stroke = self._stroke
        self.moved_along = None
        if not (stroke and self._stroke_revision == self.revision and stroke[-1][0] == here):
            stroke = [(here, False)]
            self._stroke_base = len(self._undo)
            self._stroke_moved = {}
        if len(stroke) >= 2 and stroke[-2][0] == target and (stroke[-1][1] or self.value(target)):
            # Retracing: a number this stroke drew is taken back, and one it moved goes
            # back where it was. (Back onto an empty cell the stroke only passed, from a
            # number it did not draw, draws as ever.)
            if stroke[-1][1]:
                value = self.value(here)
                refusal = self._draw(here, BLANK)
                if refusal is None and here in self._stroke_moved:
                    refusal = self._draw(self._stroke_moved.pop(here), value)
                if refusal is not None:
                    return refusal
            stroke = stroke[:-1]
        elif self.value(target) != BLANK:
            stroke = stroke + [(target, False)]
        else:
            flat = self._grid.ravel()
            number = self._drawn_number(here, target)
            turned = (turned_stroke(flat, self.geometry, stroke, self._stroke_moved, target)
                      if isinstance(number, Refusal) else None)
            moved = (moved_number(flat, self.geometry, self._given.ravel(), here)
                     if turned is None and number in (Refusal.BOTH_PLACED, Refusal.END_PLACED)
                     else None)
            if moved is not None:
                # A path drawn over a wrong one takes its number along (see
                # `drawing.moved_number`).
                number, left = moved
                refusal = self._draw(left, BLANK)
                if refusal is not None:
                    return refusal
                self._stroke_moved[target] = left
                self.moved_along = moved
            elif isinstance(number, Refusal):
                if turned is None:
                    return number
                # The stroke counted the wrong way: it ran into the end of the numbers (or
                # into ones placed) though the cells it drew lead on, so it counts the
                # other way from where it started: dragged left from the 4 of ". . . 4 .",
                # 5 then "nothing to draw from 5" became 3, 2. (One move still.)
                *redrawn, number = turned
                for (cell, _), value in zip(stroke[1:], redrawn):
                    refusal = self._draw(cell, value)
                    if refusal is not None:
                        return refusal
            refusal = self._draw(target, number)
            if refusal is not None:
                return refusal
            stroke = stroke + [(target, True)]
        self._cursor = target
        self._stroke, self._stroke_revision = stroke, self.revision
        return None

    def _drawn_number(self, cell: int, target: int) -> int | Refusal:
        """The number `extend` draws into `target` next to `cell`'s (see
        `drawing.drawn_number`), or why there is none."""
        value = self.value(cell)
        if value == BLANK:
            return Refusal.DRAW_FROM_NUMBER
        number = drawn_number(self._grid.ravel(), self.geometry, cell, target)
        if number is None:
            return Refusal.BOTH_PLACED if 1 < value < self.size else Refusal.END_PLACED
        return number

    def _draw(self, cell: int, value: int) -> Refusal | None:
        """Put `value` in `cell` for the stroke being drawn, merged into the stroke's one
        move: a cell's first old number and last new one, and a cell drawn then taken
        back not at all (a stroke that took back all it drew leaves no move)."""
        refusal = self._refusal_to_set(cell, value)
        if refusal is not None:
            return refusal
        change = SetCell(cell, self.value(cell), value)
        earlier = changes_of(self._undo.pop()) if len(self._undo) > self._stroke_base else ()
        net: dict[int, SetCell] = {}
        for step in (*earlier, change):
            first = net.get(step.cell, step)
            net[step.cell] = SetCell(step.cell, first.old, step.new)
        kept = tuple(step for step in net.values() if step.old != step.new)
        self._grid.flat[cell] = value
        if kept:
            self._undo.append(kept[0] if len(kept) == 1 else Batch(kept, DRAW_LABEL))
        self._redo.clear()
        self._after_change()
        return None

    def fill(self, placements: Iterable[tuple[int, int]], label: str) -> Refusal | None:
        """Put several numbers at once, as one undoable move: `placements` are (cell, number).

        Givens and cells already holding that number are skipped.
        """
        self.commit()
        if self._solved is not None:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        changes: list[SetCell] = []
        seen: set[int] = set()
        for cell, number in placements:
            cell, number = int(cell), int(number)
            if not 0 <= number <= self.size:
                return Refusal.OUT_OF_RANGE
            if self.is_given(cell) or cell in seen or self.value(cell) == number:
                continue
            seen.add(cell)
            changes.append(SetCell(cell, self.value(cell), number))
        if not changes:
            return Refusal.NOTHING_TO_FILL
        self._push(Batch(tuple(changes), label))
        return None

    def reveal(self, solution: np.ndarray) -> Refusal | None:
        """Fill the board with `solution` as one undoable move; the game earns no best time."""
        answer = np.asarray(solution)
        if answer.shape != self._grid.shape or not self.puzzle.is_solution(answer):
            raise ValueError("not a solution of this puzzle")
        if self._solved is not None:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        self.revealed = True
        flat = answer.ravel()
        return self.fill(((c, int(flat[c])) for c in range(self.size)), REVEAL_LABEL)

    def restart(self) -> Refusal | None:
        """Clear every entry as one undoable move."""
        self.commit()
        if self._solved is not None:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        changes = tuple(
            SetCell(int(cell), int(self._grid.flat[cell]), BLANK)
            for cell in np.flatnonzero((self._grid.ravel() != BLANK) & ~self._given.ravel())
        )
        notes = tuple(SetNotes(cell, marks, ()) for cell, marks in sorted(self._notes.items()))
        if not changes and not notes:
            return Refusal.NOTHING_TO_CLEAR
        self._push(Batch(changes, "restart", notes))
        return None

    def _locked(self) -> Refusal | None:
        """Why undo/redo cannot run now. A revealed solution can be taken back; a solve
        by the player is final."""
        if self._solved is not None and not self._solved.revealed:
            return Refusal.SOLVED
        if self.paused:
            return Refusal.PAUSED
        return None

    def undo(self) -> Refusal | None:
        note = self._pending_note
        if note is not None and self._is_given_mark(note):
            self.commit()  # (which takes the mark out: that is the undo, not the move before)
            return None
        self.commit()
        refusal = self._locked()
        if refusal is not None:
            return refusal
        if not self._undo:
            return Refusal.NOTHING_TO_UNDO
        move = self._undo.pop()
        self._apply(move, reverse=True)
        self._follow(move)
        self._redo.append(move)
        self._after_change()
        return None

    def redo(self) -> Refusal | None:
        self.commit()
        refusal = self._locked()
        if refusal is not None:
            return refusal
        if not self._redo:
            return Refusal.NOTHING_TO_REDO
        move = self._redo.pop()
        self._apply(move, reverse=False)
        self._follow(move)
        self._undo.append(move)
        self._after_change()
        return None

    def auto_fill(self, placements: Iterable[tuple[int, int]]) -> Refusal | None:
        """`fill` for the auto-fill key: an assist, counted like a hint."""
        placements = list(placements)
        refusal = self.fill(placements, AUTO_FILL_LABEL)
        if refusal is None:
            self.fills += 1
            self._from_help.update(placements)
        return refusal

    def place_hint(self, cell: int, number: int) -> Refusal | None:
        """Put a hint's `number` on `cell`, as `set_value` does, remembered as help's."""
        refusal = self.set_value(cell, number)
        if refusal is None:
            self._from_help[cell] = number
        return refusal

    def numbers_from_help(self) -> bool:
        """Whether every number on the board besides the givens is one a hint or auto-fill
        put on that cell (so is right, before the solution is known: see `ui.play`)."""
        flat = self._grid.ravel()
        entries = np.flatnonzero((flat != BLANK) & ~self._given.ravel())
        return all(self._from_help.get(int(cell)) == flat[cell] for cell in entries)

    def note_hint(self) -> None:
        self.hints += 1
        self.revision += 1

    def note_solution_shown(self) -> None:
        """The solution was shown without filling the board (the solver watched at work):
        like a reveal, the game earns no best time."""
        if not self.revealed:
            self.revealed = True
            self.revision += 1

    @property
    def assisted(self) -> bool:
        """Whether the player had help (a hint, an auto-fill, the solution shown): such a
        solve counts, but its time is no best time."""
        return self.revealed or self.hints > 0 or self.fills > 0

    # ----- saving ------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The game as plain JSON-ready data: moves, cursor, time, flags."""
        return state_data(self._undo, self._redo, self._play_state())

    def state_text_parts(self) -> list[str]:
        """`to_state` as compact JSON text (``json.dumps(..., separators=(",", ":"))``), in
        parts to be joined (a save's writer joins them): the moves' text is kept from one
        call to the next (see `MoveStack`), so a game of a million moves is saved after a
        change for what changed, not for its whole history."""
        return state_text(self._undo, self._redo, self._play_state())

    def shorten_history(self, chars: int) -> HistoryFold | None:
        """Make the game's saved text (`state_text_parts`) at most about `chars` characters,
        where it is longer, keeping the game as it is: the oldest moves are folded into one
        (`MoveStack.fold_bottom`), so the board, the pencil marks, the moves undone (to
        redo), the clock and the counts stay, and only undo past them goes in one step.
        Where that is not enough (a redo stack as long itself), the moves to redo are let
        go. None when nothing needed doing. (A save is read back only up to a size, and a
        game of some 700,000 moves was saved whole, past it, and lost.)"""
        size = self._text_chars()
        if size <= chars:
            return None
        folded = 0
        # The top move may be the number or mark being typed, which the next digit takes
        # off, or the stroke being drawn, the one move above its start that each step of
        # it merges into (see `_draw`): the fold takes the moves below it, so it is always
        # the bottom move, with the start of the game under it.
        most = len(self._undo) - 1
        count = self._undo.bottom_text_moves(size - chars, most) if most >= 2 else 0
        if count >= 2:
            folded = self._undo.fold_bottom(count).folded
            if self._stroke_base >= count:
                self._stroke_base -= count - 1
            size = self._text_chars()
        dropped = 0
        if size > chars and self._redo:
            dropped = len(self._redo)
            self._redo.clear()
        # (no revision: the board is as it was, and the save that asked writes the history)
        return HistoryFold(folded, dropped) if folded or dropped else None

    def _text_chars(self) -> int:
        """The length of `state_text_parts` joined (the parts are kept: see `MoveStack`)."""
        return sum(map(len, self.state_text_parts()))

    def _play_state(self) -> PlayState:
        """What `to_state` holds besides the moves."""
        return PlayState(self._cursor, self.elapsed(), self.revealed, self.hints, self.fills,
                         self.paused, self.pencil)

    @classmethod
    def from_state(
        cls, puzzle: Puzzle, state: Mapping[str, Any], *, clock: Clock = time.monotonic
    ) -> "Game":
        """Rebuild a game saved by `to_state`; raises `StateError` when it does not fit."""
        game = cls(puzzle, clock=clock, elapsed=read_elapsed(state))
        if game._solved is not None:
            return game  # nothing to replay on a board the givens fill
        undo, redo = read_history(state)
        # All the moves are checked at once; where some does not fit, they are made one by
        # one, which stops at the first that does not and says why.
        grid, notes = game._grid.copy(), dict(game._notes)
        given = game._given
        if all_fit(undo, grid, notes, given) and all_fit(redo, grid.copy(), dict(notes), given):
            game._grid, game._notes = grid, notes
        else:
            for move in undo.moves:
                game._replay(move)
            probe, notes = game._grid.copy(), dict(game._notes)
            for move in redo.moves:
                check_fits(move, probe, notes, given)
        game._undo, game._redo = MoveStack(undo.moves), MoveStack(redo.moves[::-1])
        play = read_play_state(state, game._cursor, puzzle.size)
        game._cursor = play.cursor
        game.revealed, game.hints, game.fills = play.revealed, play.hints, play.fills
        game.pencil = play.pencil
        game._solved = None
        game._after_change()
        if play.paused:
            game.pause()  # left paused: it opens paused, the clock still
        return game

    def fitting_moves(self, moves: list[Any]) -> int:
        """How many of `moves` (as `to_state` writes them), from the first, can be made one
        after another from this game's board (which is left as it was)."""
        return fitting_count(moves, self._grid.copy(), dict(self._notes), self._given)

    def _replay(self, move: Move) -> None:
        """Apply a saved move after checking it fits the board (all or nothing)."""
        probe, notes = self._grid.copy(), dict(self._notes)
        check_fits(move, probe, notes, self._given)
        self._grid, self._notes = probe, notes

    # ----- internals ---------------------------------------------------------------------
    def _push(self, move: Move) -> None:
        self._apply(move, reverse=False)
        self._undo.append(move)
        self._redo.clear()
        self._after_change()

    def _apply(self, move: Move, *, reverse: bool) -> None:
        move = move.inverse() if reverse else move
        for change in changes_of(move):
            self._grid.flat[change.cell] = change.new
        for note in notes_of(move):
            set_notes(self._notes, note.cell, note.new)

    def _follow(self, move: Move) -> None:
        # The cursor follows a one-cell undo/redo so the player sees what changed.
        if isinstance(move, (SetCell, SetNotes)):
            self._cursor = move.cell

    def _set_pending(self, entry: PendingEntry) -> None:
        self._set_cell_pending_value(entry.cell, entry.origin, entry.value)
        if self._solved is None:
            self._pending = entry
        else:
            self.commit()

    def _set_cell_pending_value(self, cell: int, origin: int, value: int) -> None:
        """Show `value` in `cell`, keeping the typed number one move away from `origin`."""
        if self._pending_pushed:
            self._undo.pop()
            self._pending_pushed = False
        if value != origin:
            self._undo.append(SetCell(cell, origin, value))
            self._redo.clear()
            self._pending_pushed = True
        self._grid.flat[cell] = value
        self._after_change()

    def _after_change(self) -> None:
        self.revision += 1
        if not self._track:
            return
        complete = self.is_complete()
        if self._solved is None and complete:
            self._timer.pause()
            # Revealed means the reveal itself filled the board (it can be taken back); a
            # solve by hand after an undone reveal is the player's, and final.
            top = self._undo[-1] if self._undo else None
            by_reveal = isinstance(top, Batch) and top.label == REVEAL_LABEL
            marks = sum(weight(move)[1] for move in self._undo)
            self._solved = SolvedRecord(self._timer.elapsed(), self.moves_played, by_reveal,
                                        marks)
        elif self._solved is not None and not complete:
            # Undoing a revealed solution: play goes on.
            self._solved = None
            self._timer.resume()
