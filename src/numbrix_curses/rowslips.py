"""Which row of a puzzle with no solution was likely typed out of place.

A board typed in from a page can lose its place a whole row at a time: a row typed one cell
to the left (its leading blank forgotten) or to the right (a blank typed too many), or a row
typed under the row meant to come after it (two neighbouring rows swapped). Every given of
such a row stands on the other checkerboard colour from where it belongs, so unless those
rows hold every given the board as typed has no solution; and taking one given away, or
swapping two, rarely mends it (`slips` looks for those). So each row is put back in turn,
its givens moved one column either way (where the cell they move into at the edge is
blank), and each pair of neighbouring rows swapped back; a mending is named only when the
board it gives has exactly one solution, proved by a solve that looks for a second.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import SearchEvent, Status, solve


@dataclass(frozen=True)
class RowSlip:
    """A row typed out of place, and how it is put back: `row` (from 0) moved `move` columns
    (1 right, -1 left), or, with `move` 0, swapped with the row under it."""

    row: int
    move: int = 0

    @property
    def swapped(self) -> bool:
        """Whether two rows were swapped (rather than one shifted)."""
        return self.move == 0

    @property
    def rows(self) -> tuple[int, ...]:
        """The rows (from 0) whose givens were typed out of place."""
        return (self.row, self.row + 1) if self.swapped else (self.row,)

    def applied(self, givens: np.ndarray) -> np.ndarray:
        """`givens` (the board as typed) with this row put back."""
        grid = givens.copy()
        if self.swapped:
            grid[[self.row, self.row + 1]] = grid[[self.row + 1, self.row]]
        else:
            # (the edge cell the givens move into is blank, so rolling puts it at the other
            # edge and nothing wraps round)
            grid[self.row] = np.roll(grid[self.row], self.move)
        return grid

    def change(self) -> str:
        """Putting this row back as a request: "move row 4 one column left", "swap rows 5
        and 6"."""
        if self.swapped:
            return f"swap rows {self.row + 1} and {self.row + 2}"
        return f"move row {self.row + 1} one column {'right' if self.move > 0 else 'left'}"

    def __str__(self) -> str:
        if self.swapped:
            return f"rows {self.row + 1} and {self.row + 2} swapped"
        side = "right" if self.move > 0 else "left"
        return f"row {self.row + 1} moved one column {side}"


def row_slip_candidates(givens: np.ndarray) -> list[RowSlip]:
    """Every way of putting a row of `givens` back, row by row: a row holding givens moved
    left where its first cell is blank, right where its last is, and each pair of
    neighbouring rows, one of them holding givens, swapped."""
    rows, cols = givens.shape
    candidates = []
    for row in range(rows):
        line = givens[row]
        if line.any() and cols > 1:
            if line[0] == 0:
                candidates.append(RowSlip(row, -1))
            if line[-1] == 0:
                candidates.append(RowSlip(row, 1))
        if row + 1 < rows and (line.any() or givens[row + 1].any()):
            candidates.append(RowSlip(row))
    return candidates


def find_row_slips(
    puzzle: Puzzle,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
) -> tuple[tuple[RowSlip, ...], bool]:
    """The rows of `puzzle` (a puzzle with no solution) that, put back, give it exactly one
    solution, and whether every candidate was tried before `deadline` (a `time.monotonic()`
    instant); `on_event` is passed to every solve (it may raise to stop them)."""
    found: list[RowSlip] = []
    for slip in row_slip_candidates(puzzle.givens):
        unique = unique_solution(slip.applied(puzzle.givens), deadline, on_event)
        if unique is None:
            return tuple(found), False
        if unique:
            found.append(slip)
    return tuple(found), True


def unique_solution(
    givens: np.ndarray,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> bool | None:
    """Whether a puzzle with these givens has exactly one solution; None when the time ran
    out."""
    if deadline is not None and time.monotonic() >= deadline:
        return None
    result = solve(Puzzle(givens), limit=2, deadline=deadline, on_event=on_event)
    if result.status is Status.TIMEOUT:
        return None
    return result.status is Status.UNIQUE


def has_solution(
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
