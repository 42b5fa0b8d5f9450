"""Which given of a puzzle with no solution was likely copied wrong.

A puzzle typed in from a page that turns out to have no solution almost always holds one
slip: a digit misread, a number in the next cell, two givens swapped. Taking away the given
that was copied wrong leaves a puzzle that can be solved, while taking away a right one
usually does not (the slip is still there). So the suspects are the givens without which the
puzzle has a solution: each is tried by a solve that stops at its first solution. A slip that
touches two givens (a swap) leaves no single suspect; a few givens can be suspects together
when the slip sits where any of them could give way (45 written where 44 goes, beside 44's
right cell: either may be the one that moved).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from numbrix_curses.puzzle import Puzzle, cell_name
from numbrix_curses.solver import SearchEvent, Status, solve


@dataclass(frozen=True)
class Suspect:
    """A given without which the puzzle has a solution."""

    number: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"the {self.number} at {cell_name(self.row, self.col)}"


@dataclass(frozen=True)
class Suspects:
    """The givens without which the puzzle can be solved, in the order of their numbers;
    `complete` when every given was tried in the time allowed (else the list holds those
    found before the time ran out)."""

    found: tuple[Suspect, ...]
    complete: bool

    def text(self) -> str:
        """A clause for a message: "solvable without the 45 at C7", or why there is none."""
        if not self.found:
            if self.complete:
                return "no single given taken away makes it solvable"
            return "no given found yet whose removal makes it solvable (out of time)"
        names = [str(suspect) for suspect in self.found]
        said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        return f"solvable without {said}" + ("" if self.complete else " (not all givens tried)")


def find_suspects(
    puzzle: Puzzle,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
) -> Suspects:
    """The givens of `puzzle` (a puzzle with no solution) without which it has a solution,
    trying each until `deadline` (a `time.monotonic()` instant); `on_event` is passed to
    every solve (it may raise to stop them, as a cancelled job does)."""
    found: list[Suspect] = []
    for number, cell in sorted(puzzle.given_cells().items()):
        if deadline is not None and time.monotonic() >= deadline:
            return Suspects(tuple(found), complete=False)
        row, col = divmod(cell, puzzle.cols)
        givens = puzzle.givens.copy()
        givens[row, col] = 0
        result = solve(Puzzle(givens), limit=1, deadline=deadline, on_event=on_event)
        if result.status is Status.TIMEOUT:
            return Suspects(tuple(found), complete=False)
        if result.status is not Status.NONE:
            found.append(Suspect(number, row, col))
    return Suspects(tuple(found), complete=True)
