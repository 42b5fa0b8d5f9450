"""Human-style deductions: hints that explain themselves, auto-fill, grades, walkthroughs.

This module owns the reasoning a strong player uses, as named techniques grouped by level:

1. easy: only neighbour, bridge, straight run (a gap with no room to wander), and the last
   empty cell (on an empty 1x1, where no number stands to be a neighbour);
2. medium: reach, single candidate cell, dead end;
3. hard: regions and parity (pockets of empty cells), gap route enumeration;
4. fiendish: trial (assume, follow levels 1-3 to a contradiction, take the other branch).

Every technique of levels 1-3 looks only at the board as it stands (placed numbers and empty
cells, no pencil marks carried between steps), so each step's reason is one sentence a player
can check on the screen. A step places one number; levels 1-3 never guess. The board facts
behind the techniques (reach, pockets, routes) come from `numbrix_curses.constraints`, the
same code the solver prunes with, so a hint and the solver cannot disagree.

A trial follows an assumption with the solver's own deductions (`solver.Deductions`: the
same facts kept as candidate sets, so a chain of consequences is cheap) and records how many
nested assumptions the contradiction took: 1, 2, or 3 for "more than two", where the proof is
the solver's uniqueness search rather than the engine's own.

Which step comes next: all level-1 steps on the board are taken together, then one step of
the lowest level that has any, then level 1 again; a grade is the highest level this needs
(the rule Simon Tatham's puzzles use: a puzzle is graded d only if it cannot be solved at d-1).

Public entry points: `next_step` (the app's hint key), `auto_fill` (every easy step to a fixed
point), `walkthrough` (the whole solution as steps), `grade` (difficulty plus technique counts).

The package: a module per level of technique, and the pieces they share.

- `steps`: what callers get (`Technique`, `Difficulty`, `Step`, `Grade`, reports, errors);
- `board`: the board the techniques read, `Broken` (a contradiction) and the words of reasons;
- `easy`, `medium`, `hard`: the techniques of levels 1, 2 and 3;
- `settle`: which step comes next (lowest level first) and applying steps;
- `trial`: level 4, assumptions followed to a contradiction;
- this module: the public functions, which start from a puzzle and the player's grid.
"""
from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Sequence

import numpy as np

from numbrix_curses.constraints import Contradiction, number_colour, odd_number_colour, segments
from numbrix_curses.puzzle import Geometry, Puzzle, cell_name, plural
from numbrix_curses import solver
from numbrix_curses.verdict import HAS, Status
from numbrix_curses.deduce.steps import (
    Cell,
    ContradictionReport,
    DeductionError,
    Difficulty,
    Grade,
    ProblemKind,
    Step,
    Technique,
    Unsolved,
)
from numbrix_curses.deduce.board import Board, Broken, Found
from numbrix_curses.deduce.easy import level1
from numbrix_curses.deduce.medium import Domains, level2
from numbrix_curses.deduce.hard import level3
from numbrix_curses.deduce.settle import WalkSteps, apply_steps, find_steps
from numbrix_curses.deduce.trial import NoStep, trial_step

__all__ = [
    "ContradictionReport",
    "DeductionError",
    "Difficulty",
    "Grade",
    "ProblemKind",
    "Step",
    "Technique",
    "Unsolved",
    "auto_fill",
    "check_board",
    "entries_lead_on",
    "grade",
    "grade_steps",
    "next_step",
    "remember_solve",
    "solvable_at",
    "steps_at_level",
    "walkthrough",
]


_SOLUTIONS: weakref.WeakKeyDictionary[Puzzle, tuple[Status, tuple[np.ndarray, ...]]] = (
    weakref.WeakKeyDictionary()
)


def _solved(puzzle: Puzzle) -> tuple[Status, tuple[np.ndarray, ...]]:
    """(solver status, the solutions found: one when unique, two when several), solved once
    per puzzle object."""
    cached = _SOLUTIONS.get(puzzle)
    if cached is None:
        result = solver.solve(puzzle, limit=2)
        cached = (result.status, tuple(result.solutions))
        _SOLUTIONS[puzzle] = cached
    return cached


def remember_solve(puzzle: Puzzle, status: Status, solutions: Sequence[np.ndarray]) -> None:
    """Take a solve of `puzzle` made elsewhere (its verdict and the solutions it found) as
    this module's own, so no step solves it again.

    The app solves its puzzle in the background from the start; a hint that solved it a
    second time would double the wait on a large board, and share the processor with the
    first solve meanwhile.
    """
    _SOLUTIONS[puzzle] = (status, tuple(solutions))


def _solution(puzzle: Puzzle, solve: bool = True) -> tuple[Status | None, np.ndarray | None]:
    """(solver status, the unique solution or None), solved once per puzzle object; with
    `solve` False and no solve known, (None, None)."""
    if not solve and puzzle not in _SOLUTIONS:
        return None, None
    status, found = _solved(puzzle)
    return status, (found[0] if status is Status.UNIQUE and found else None)


def _flat_solution(puzzle: Puzzle, solution: np.ndarray | None) -> list[int] | None:
    """pos list (number -> cell) of a solution grid."""
    if solution is None:
        return None
    where = [-1] * (puzzle.size + 2)
    for cell, v in enumerate(np.asarray(solution).ravel()):
        where[int(v)] = cell
    return where


def _rc(geo: Geometry, cells: Sequence[int]) -> tuple[Cell, ...]:
    return tuple(geo.row_col(c) for c in cells)


def _step(geo: Geometry, found: Found) -> Step:
    return Step(
        found.number,
        geo.row_col(found.cell),
        found.technique,
        found.reason,
        _rc(geo, [c for c in found.evidence if c != found.cell]),
        found.depth,
    )


def _start_board(puzzle: Puzzle) -> Board:
    givens = puzzle.given_cells()
    try:
        odd = odd_number_colour(puzzle.geometry, givens)
    except Contradiction as why:
        raise Broken(str(why), tuple(givens.values())) from None
    board = Board(puzzle.geometry, odd)
    for v, c in givens.items():
        board.place(v, c)
    return board


def _board_from_grid(puzzle: Puzzle, grid) -> Board:
    """The board of givens plus entries; raises `Broken` for a plain rule break."""
    arr = np.asarray(grid)
    if arr.shape != puzzle.givens.shape:
        raise ValueError(f"grid shape {arr.shape} does not match the puzzle {puzzle.givens.shape}")
    geo = puzzle.geometry
    flat = [int(v) for v in arr.ravel()]
    givens = puzzle.givens.ravel()
    where: dict[int, int] = {}
    for cell, v in enumerate(flat):
        g = int(givens[cell])
        if g and v != g:
            raise Broken(f"{_geo_name(geo, cell)} must keep its given {g}", (cell,))
        if not v:
            continue
        if not 1 <= v <= puzzle.size:
            raise Broken(f"{v} at {_geo_name(geo, cell)} is out of range 1-{puzzle.size}", (cell,))
        if v in where:
            raise Broken(
                f"{v} appears twice, at {_geo_name(geo, where[v])} and {_geo_name(geo, cell)}",
                (where[v], cell),
            )
        where[v] = cell
    try:
        odd = odd_number_colour(geo, where)
    except Contradiction as why:
        # Point at the entries on the wrong colour, judged by the givens where they agree.
        try:
            base = odd_number_colour(geo, puzzle.given_cells())
        except Contradiction:
            base = None
        if base is None:
            first, cell = min(where.items())
            base = geo.colour[cell] ^ (1 - first % 2)
        wrong = [c for v, c in where.items() if geo.colour[c] != number_colour(base, v)]
        raise Broken(str(why), wrong) from None
    board = Board(geo, odd)
    for v, c in where.items():
        board.place(v, c)
    return board


def _geo_name(geo: Geometry, cell: int) -> str:
    return cell_name(*geo.row_col(cell))


def check_board(
    puzzle: Puzzle, grid: np.ndarray, *, solve: bool = True
) -> ContradictionReport | None:
    """Why the entries in `grid` (givens included) cannot lead to the solution, or None.

    Plain rule breaks come first (a duplicate, consecutive numbers apart, a number boxed in);
    then entries that differ from the unique solution. A puzzle without a solution is
    reported as such. Where the puzzle has several solutions, or its solve ran out of time,
    entries that no solution keeps are reported when a search shows it within
    `ENTRIES_SECONDS`. With `solve` False only the rule breaks are looked for, unless a
    solve of the puzzle is known (see `remember_solve`).
    """
    return _checked(puzzle, grid, solve)[0]


#: how long a search may look for a solution that keeps the player's numbers, where the
#: puzzle's own solution is not known (several solutions, or its solve ran out of time). A
#: hint waits on it, and the app gives a hint ten seconds; without a limit a 15x15 with
#: several solutions took 104 s, and the app's abandoned hint kept a core busy for it.
ENTRIES_SECONDS = 4.0


def _checked(puzzle: Puzzle, grid, solve: bool) -> tuple[ContradictionReport | None, bool]:
    """`check_board`'s report, and whether the numbers in `grid` are vetted: known to lead
    to a solution, or taken as right (`solve` False and no solve known: the caller knows).
    Not vetted, a step that follows from them is right only if they are."""
    status, solution = _solution(puzzle, solve)
    if status is Status.NONE:
        return ContradictionReport(ProblemKind.NO_SOLUTION, "this puzzle has no solution"), True
    try:
        board = _board_from_grid(puzzle, grid)
        level1(board, segments(board.pos, board.last), want_all=True)
    except Broken as broken:
        return ContradictionReport(ProblemKind.BROKEN_RULE, broken.reason,
                                   _rc(puzzle.geometry, broken.cells)), True
    if solution is not None:
        entries = np.asarray(grid).ravel()
        truth = np.asarray(solution).ravel()
        wrong = [int(c) for c in np.flatnonzero((entries != 0) & (entries != truth))]
        if wrong:
            count = len(wrong)
            return ContradictionReport(
                ProblemKind.WRONG_ENTRY,
                f"{plural(count, 'entry')} cannot be right: the numbers so far do not lead "
                f"to a solution",
                _rc(puzzle.geometry, wrong),
            ), True
        return None, True
    if status not in (Status.MULTIPLE, Status.TIMEOUT):
        return None, True  # (no solve known: the caller vouches for the numbers)
    leads = entries_lead_on(puzzle, grid)
    if leads is False:
        return ContradictionReport(
            ProblemKind.WRONG_ENTRY, "the entries so far do not lead to any solution"), True
    return None, bool(leads)


def entries_lead_on(puzzle: Puzzle, grid: np.ndarray) -> bool | None:
    """Whether some solution of `puzzle` keeps every number in `grid` (givens included):
    None when a search could not tell within `ENTRIES_SECONDS`."""
    if _fits_a_known_solution(puzzle, grid):
        return True
    entries = Puzzle(np.asarray(grid, dtype=np.int64))
    status = solver.solve(entries, limit=1, timeout=ENTRIES_SECONDS).status
    return {Status.NONE: False, Status.TIMEOUT: None}.get(status, True)


def _fits_a_known_solution(puzzle: Puzzle, grid) -> bool:
    """Whether a solution already found keeps every number in `grid`: then the entries lead
    to a solution without a search (which on a sparse 30x30 takes many seconds), as the
    givens alone always do."""
    entries = np.asarray(grid)
    filled = entries != 0
    return any(np.array_equal(entries[filled], np.asarray(found)[filled])
               for found in _solved(puzzle)[1])


def next_step(
    puzzle: Puzzle, grid: np.ndarray, *, solve: bool = True
) -> Step | ContradictionReport | None:
    """The next logical step for the board in `grid` (givens plus the player's entries).

    Returns the easiest step available (lowest level first), a `ContradictionReport` when the
    entries cannot lead to the solution (or the puzzle is not proper and logic is stuck), or
    None when the board is already full and correct. On a puzzle with several solutions only
    levels 1-3 are tried, never a trial.

    With `solve` False the puzzle is not solved here: unless a solve of it is known (see
    `remember_solve`), the numbers in `grid` are taken as right (the caller knows they are:
    the givens, and steps placed from right numbers), and a board that needs a trial raises
    `Unsolved`, as a trial needs to know whether the puzzle has one solution.
    """
    report, vetted = _checked(puzzle, grid, solve)
    if report is not None:
        return report
    step = _next_step(puzzle, grid, solve)
    if isinstance(step, Step) and not vetted:
        return dataclasses.replace(step, conditional=True,
                                   reason=f"If your numbers so far are right, {step.reason}")
    return step


def _next_step(puzzle: Puzzle, grid, solve: bool) -> Step | ContradictionReport | None:
    """`next_step` on a board `check_board` passed."""
    board = _board_from_grid(puzzle, grid)
    if not board.free:
        return None
    status, solution = _solution(puzzle, solve)
    where = _flat_solution(puzzle, solution)
    try:
        found, doms = find_steps(board, 3, want_all=False)
        if found:
            return _step(board.geo, found[0])
        if status is None:
            raise Unsolved("a trial needs the solution")
        if status is Status.MULTIPLE:
            # Trials on a puzzle known to have several solutions can search for seconds (a
            # sparse 30x30) and still end stuck: say so at once instead.
            raise NoStep
        assert doms is not None
        return _step(board.geo, trial_step(board, doms, where))
    except NoStep:
        return ContradictionReport(
            ProblemKind.NOT_UNIQUE,
            "no further step can be proved: this puzzle has more than one solution",
        )
    except Broken as broken:
        # check_board passed, so only a non-unique or unsolved puzzle gets here
        return ContradictionReport(ProblemKind.WRONG_ENTRY, broken.reason,
                                   _rc(puzzle.geometry, broken.cells))


def steps_at_level(puzzle: Puzzle, grid: np.ndarray, level: int) -> list[Step]:
    """Every step the techniques of `level` (1-3) find on the board in `grid`, in technique
    order, whether or not an easier level finds something too. [] on a contradictory board.
    """
    if not 1 <= level <= 3:
        raise ValueError("level must be 1, 2 or 3")
    if check_board(puzzle, grid) is not None:
        return []
    board = _board_from_grid(puzzle, grid)
    try:
        segs = segments(board.pos, board.last)
        if level == 1:
            found = level1(board, segs, want_all=True)
        else:
            doms = Domains(board, segs)
            found = level2(board, doms, want_all=True)
            if level == 3:
                found = level3(board, doms, want_all=True)
    except Broken:
        return []
    return [_step(board.geo, f) for f in found]


def auto_fill(puzzle: Puzzle, grid: np.ndarray, *, solve: bool = True) -> list[Step]:
    """Every level-1 step from `grid`, applied in turn until none is left (the auto-fill key).

    Returns [] when the board is contradictory (see `check_board`) or nothing easy is left.
    With `solve` False the puzzle is not solved to vet the numbers in `grid` (see
    `next_step`). Steps that follow from numbers that could not be vetted are
    `conditional`, as `next_step`'s are.
    """
    report, vetted = _checked(puzzle, grid, solve)
    if report is not None:
        return []
    board = _board_from_grid(puzzle, grid)
    steps: list[Step] = []
    try:
        while board.free:
            found, _ = find_steps(board, 1, want_all=True)
            applied = apply_steps(board, found)
            if not applied:
                break
            steps.extend(_step(board.geo, f) for f in applied)
    except Broken:
        return []  # only reachable on a puzzle without a unique solution
    if not vetted:
        steps = [dataclasses.replace(step, conditional=True) for step in steps]
    return steps


def _proper_solution(puzzle: Puzzle, solution) -> list[int]:
    if solution is None:
        status, solution = _solution(puzzle)
        if solution is None:
            raise DeductionError(
                f"the puzzle has {HAS[status]}" if status in HAS
                else f"the puzzle's solution is unknown ({status})",
                status,
            )
    where = _flat_solution(puzzle, solution)
    assert where is not None
    return where


def walkthrough(puzzle: Puzzle, solution: np.ndarray | None = None) -> list[Step]:
    """Every step from the givens to the full board, easiest technique first each time.

    All level-1 steps found on a board are taken together; above level 1 one step is taken
    and the easy ones are looked for again. `solution` (if the caller already has it) saves
    solving the puzzle again. Raises `DeductionError` for a puzzle without a unique solution.
    """
    return _walkthrough(puzzle, solution, explain=True)


def _walkthrough(
    puzzle: Puzzle,
    solution: np.ndarray | None,
    explain: bool,
    check: Callable[[], None] | None = None,
) -> list[Step]:
    where = _proper_solution(puzzle, solution)
    return [_step(puzzle.geometry, f) for f in _walk(puzzle, where, explain, check)]


def _walk(
    puzzle: Puzzle, where: list[int], explain: bool, check: Callable[[], None] | None = None
) -> list[Found]:
    try:
        board = _start_board(puzzle)
        walk = WalkSteps(board)
        steps: list[Found] = []
        memo: dict[tuple[int, int], int] = {}
        while board.free:
            if check is not None:
                check()
            found, doms = walk.next(3)
            if not found:
                assert doms is not None
                found = [trial_step(board, doms, where, memo, explain)]
            steps.extend(apply_steps(board, found))
    except (Broken, NoStep) as error:  # a unique puzzle never gets here: a bug, not a verdict
        raise AssertionError(f"deduction failed on a unique puzzle: {error}") from None
    for f in steps:
        if where[f.number] != f.cell:
            raise AssertionError(f"unsound step: {f.reason}")
    return steps


def grade(
    puzzle: Puzzle,
    solution: np.ndarray | None = None,
    check: Callable[[], None] | None = None,
) -> Grade:
    """The puzzle's difficulty: the lowest level whose techniques alone solve it.

    Easy puzzles fall to level-1 techniques, medium need level 2, hard level 3, fiendish a
    trial. `technique_counts` says how often each technique was used in the walkthrough.
    Raises `DeductionError` for a puzzle without a unique solution (pass `solution` when
    already known, e.g. from the generator, to skip solving again). `check`, called before
    each step, may raise to give up (the app grades beside a game, and stops when it ends).
    """
    # the same walk as `walkthrough`, without wording the trials' contradictions
    return grade_steps(_walkthrough(puzzle, solution, explain=False, check=check))


def solvable_at(puzzle: Puzzle, difficulty: Difficulty, solution: np.ndarray | None = None) -> bool:
    """Whether the techniques up to `difficulty`'s level alone solve the puzzle, that is
    whether `grade(puzzle).difficulty <= difficulty`, found faster: it takes the steps
    `grade` takes, in its order, and stops at the first board where that walk would need a
    technique above the level (or a trial), never trying one. Raises `DeductionError` for
    a puzzle without a unique solution.

    The order matters: a few techniques see less on a fuller board (a cell a route would
    cut off counts as one some number may fill once the numbers around it stand), so
    taking every step at once, as this did, reached boards the walk does not and called
    hard a 13x13 that `grade` calls fiendish; the generator then made other puzzles than
    the ones the bundled library was made with."""
    _proper_solution(puzzle, solution)
    if difficulty is Difficulty.FIENDISH:
        return True
    try:
        board = _start_board(puzzle)
        walk = WalkSteps(board)
        while board.free:
            found, _ = walk.next(difficulty.level)
            if not found:
                return False
            apply_steps(board, found)
    except Broken as error:  # a unique puzzle never gets here: a bug, not a verdict
        raise AssertionError(f"deduction failed on a unique puzzle: {error}") from None
    return True


def grade_steps(steps: Sequence[Step]) -> Grade:
    """The grade a walkthrough shows (for callers that already have the steps)."""
    counts: dict[Technique, int] = {}
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    level = max((step.technique.level for step in steps), default=1)
    depth = max((step.depth for step in steps), default=0)
    return Grade(Difficulty.from_level(level), counts, depth)
