"""Which given of a puzzle with no solution was likely copied wrong.

A puzzle typed in from a page that turns out to have no solution almost always holds one
slip: a digit misread, a number in the next cell, two givens swapped. Taking away the given
that was copied wrong leaves a puzzle that can be solved, while taking away a right one
usually does not (the slip is still there). So the suspects are the givens without which the
puzzle has a solution: each is tried by a solve that stops at its first solution. A few
givens can be suspects together when the slip sits where any of them could give way (45
written where 44 goes, beside 44's right cell: either may be the one that moved). A slip
that touches two givens leaves no single suspect; then the pairs of givens that, swapped,
give a puzzle with a solution are looked for instead. Before all that, the rows typed out of
place (shifted a column, or two swapped) that put back give exactly one solution are looked
for (see `rowslips`): a few solves, however many givens there are.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle, cell_name
from numbrix_curses.rowslips import RowSlip, find_row_slips
from numbrix_curses.solver import SearchEvent, Status, solve


@dataclass(frozen=True)
class Suspect:
    """A given that was likely copied wrong: without it, or swapped with another (see
    `Suspects.swaps`), the puzzle has a solution."""

    number: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"the {self.number} at {cell_name(self.row, self.col)}"


@dataclass(frozen=True)
class Suspects:
    """The givens without which the puzzle can be solved, in the order of their numbers;
    when there are none, the pairs of givens that can be solved swapped (`swaps`); and,
    whatever those are, the rows typed out of place that put back give exactly one solution
    (`rows`; when one is found, swapped pairs are not looked for). `complete` when
    everything was tried in the time allowed (else the lists hold what was found before
    the time ran out)."""

    found: tuple[Suspect, ...]
    complete: bool
    swaps: tuple[tuple[Suspect, Suspect], ...] = ()
    rows: tuple[RowSlip, ...] = ()

    def row_clause(self) -> str:
        """"exactly one solution with row 4 moved one column right" (or with rows 4 and 5
        swapped), or "" when no row was typed out of place."""
        if not self.rows:
            return ""
        return f"exactly one solution with {_either([str(r) for r in self.rows])}"

    def given_clause(self) -> str:
        """"solvable without the 45 at C7", "solvable with the 13 at D4 and the 17 at C3
        swapped", or "" when no given nor pair was found."""
        if self.found:
            return f"solvable without {_either([str(s) for s in self.found])}"
        if self.swaps:
            pairs = [f"{a} and {b} swapped" for a, b in self.swaps]
            return f"solvable with {_either(pairs)}"
        return ""

    def text(self) -> str:
        """A clause for a message: the row clause and the given clause (parted by "; "),
        or why there is none."""
        more = "" if self.complete else " (not all givens tried)"
        said = "; ".join(filter(None, (self.row_clause(), self.given_clause())))
        if said:
            return said + more
        if self.complete:
            return "no single given taken away, nor two swapped, makes it solvable"
        return "no given found yet whose removal makes it solvable (out of time)"


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def find_suspects(
    puzzle: Puzzle,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
) -> Suspects:
    """The givens of `puzzle` (a puzzle with no solution) without which it has a solution,
    trying each until `deadline` (a `time.monotonic()` instant); `on_event` is passed to
    every solve (it may raise to stop them, as a cancelled job does). The rows typed out of
    place are looked for first (see `rowslips`): a few solves in all, where the givens take
    one each."""
    rows, rows_done = find_row_slips(puzzle, deadline, on_event)
    if not rows_done:
        return Suspects((), complete=False, rows=rows)
    givens = sorted(puzzle.given_cells().items())
    found: list[Suspect] = []
    for number, cell in givens:
        row, col = divmod(cell, puzzle.cols)
        changed = puzzle.givens.copy()
        changed[row, col] = 0
        solvable = _solvable(changed, deadline, on_event)
        if solvable is None:
            return Suspects(tuple(found), complete=False, rows=rows)
        if solvable:
            found.append(Suspect(number, row, col))
    if found or rows:
        # (a row put back that gives one solution already says where the slip is; the
        # pairs are tens of thousands of solves on a dense board)
        return Suspects(tuple(found), complete=True, rows=rows)
    swaps: list[tuple[Suspect, Suspect]] = []
    for k, (first, first_cell) in enumerate(givens):
        for second, second_cell in givens[k + 1:]:
            changed = puzzle.givens.copy().ravel()
            changed[first_cell], changed[second_cell] = second, first
            solvable = _solvable(changed.reshape(puzzle.givens.shape), deadline, on_event)
            if solvable is None:
                return Suspects((), complete=False, swaps=tuple(swaps))
            if solvable:
                swaps.append((Suspect(first, *divmod(first_cell, puzzle.cols)),
                              Suspect(second, *divmod(second_cell, puzzle.cols))))
    return Suspects((), complete=True, swaps=tuple(swaps))


def _solvable(
    givens: np.ndarray,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> bool | None:
    """Whether a puzzle with these givens has a solution; None when the time ran out."""
    if deadline is not None and time.monotonic() >= deadline:
        return None
    result = solve(Puzzle(givens), limit=1, deadline=deadline, on_event=on_event)
    if result.status is Status.TIMEOUT:
        return None
    return result.status is not Status.NONE
