"""Help for the player from the reasoning layers: hints, auto-fill and the solution.

The play screen needs three things while a game goes on: the next logical step with its
reason (hint), every simple step at once (auto-fill) and the answer (reveal, and knowing
whether the player's numbers are still right). This module turns `deduce` and `solver`
results into plain values for it (cells as flat indices, as the game keeps them).
`deduce` is imported where it is first needed, so the app starts without loading it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle

if TYPE_CHECKING:
    from numbrix_curses.deduce import ContradictionReport, Step

#: how long the app lets the solver look for a puzzle's solution (seconds). It works in the
#: background, so a player waits on it only for a check, a reveal or a hint that needs it,
#: and Esc ends the wait; the app's solve is one process, where a clue-minimal 20x20 can
#: take half a minute.
SOLVE_BUDGET = 60.0


class SolutionNeeded(Exception):
    """The help asked for needs the puzzle's solution, not known yet (see `remember`)."""


@dataclass(frozen=True)
class Hint:
    """The next logical step, or why the board cannot be completed (`contradiction`)."""

    reason: str
    cell: int | None = None
    number: int | None = None
    evidence: tuple[int, ...] = ()
    technique: str = ""
    contradiction: bool = False


def hint_from(result: Step | ContradictionReport | None, cols: int) -> Hint | None:
    """Turn what `deduce.next_step` returned (a step, a contradiction, None) into a Hint."""
    from numbrix_curses.deduce import ContradictionReport

    if result is None:
        return None

    def flat(cell: tuple[int, int]) -> int:
        return cell[0] * cols + cell[1]

    if isinstance(result, ContradictionReport):
        return Hint(result.reason, None, None, tuple(map(flat, result.cells)),
                    contradiction=True)
    return Hint(result.reason, flat(result.cell), result.number,
                tuple(map(flat, result.evidence_cells)), result.technique.value)


def remember(puzzle: Puzzle, result: Any) -> None:
    """Let hints and auto-fill use a solve of `puzzle` made here (a `SolveResult`) instead of
    solving it again."""
    from numbrix_curses import deduce

    deduce.remember_solve(puzzle, result.status, result.solutions)


def next_hint(puzzle: Puzzle, grid: np.ndarray, *, solve: bool = True) -> Hint | None:
    """The next step on the board `grid`, None when logic finds nothing.

    With `solve` False the puzzle is not solved for it: unless its solve is known (see
    `remember`), every number on `grid` is taken as right, and a step that needs the
    solution (a trial) raises `SolutionNeeded`.
    """
    from numbrix_curses import deduce

    try:
        step = deduce.next_step(puzzle, np.array(grid, dtype=np.int16), solve=solve)
    except deduce.Unsolved:
        raise SolutionNeeded from None
    return hint_from(step, puzzle.cols)


@dataclass(frozen=True)
class Fill:
    """What auto-fill would place: (cell, number) of every simple step, in order, and
    whether they follow from numbers of the player's that could not be vetted (see
    `deduce.Step.conditional`): then they are right only if those are."""

    placements: tuple[tuple[int, int], ...] = ()
    conditional: bool = False


def auto_fill(puzzle: Puzzle, grid: np.ndarray, *, solve: bool = True) -> Fill:
    """Every simple step; a contradiction gives none. With `solve` False, as for
    `next_hint` (auto-fill never needs the solution itself)."""
    from numbrix_curses import deduce

    steps = deduce.auto_fill(puzzle, np.array(grid, dtype=np.int16), solve=solve)
    placements = []
    for step in steps:
        hint = hint_from(step, puzzle.cols)
        if hint is None or hint.contradiction:
            break
        placements.append((hint.cell, hint.number))
    return Fill(tuple(placements), any(step.conditional for step in steps))


def entries_lead_on(puzzle: Puzzle, grid: np.ndarray) -> bool | None:
    """Whether a solution of `puzzle` keeps every number on `grid` (None: not found out in
    `deduce.ENTRIES_SECONDS`), for a check where the puzzle's own solution is not known."""
    from numbrix_curses import deduce

    return deduce.entries_lead_on(puzzle, np.array(grid, dtype=np.int16))


def grade_of(puzzle: Puzzle, solution: np.ndarray, check: Callable[[], None] | None = None) -> str:
    """The difficulty of a unique `puzzle` ("easy" ... "fiendish"), as `numbrix grade` says
    it; `solution` spares solving it again; `check` (a job's `CancelToken.check`) may raise
    between steps to give up."""
    from numbrix_curses import deduce

    return str(deduce.grade(puzzle, solution, check).difficulty.value)


def solve(
    puzzle: Puzzle,
    *,
    timeout: float = SOLVE_BUDGET,
    limit: int = 2,
    on_event: Callable[[Any], None] | None = None,
) -> Any:
    """The solver's answer for `puzzle` within `timeout` seconds (a `SolveResult`)."""
    from numbrix_curses import solver

    return solver.solve(puzzle, limit=limit, timeout=timeout, on_event=on_event)
