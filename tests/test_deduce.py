"""The deduction engine as a player and a puzzle maker rely on it.

- one small board per technique on which that technique, and nothing easier, makes progress;
- soundness: every step of every walkthrough (bundled puzzles, puzzles made from random
  paths, fresh ones from hypothesis) places the number where the unique solution has it;
- hints on a player's board: the next step, or a report when the entries cannot be right;
- auto-fill applies exactly the easy steps; grades rise (never fall) as givens are removed;
- `numbrix grade` and `numbrix solve --steps`, text and JSON.
"""
from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numbrix_curses import deduce, library, solver
from numbrix_curses.deduce import (
    ContradictionReport,
    DeductionError,
    Difficulty,
    ProblemKind,
    Step,
    Technique,
)
from numbrix_curses.pathgen import random_path
from numbrix_curses.puzzle import Puzzle, cell_name, path_to_grid
from numbrix_curses.textformat import parse_puzzles
from brute import matching


def board(text: str) -> Puzzle:
    """A puzzle from rows of numbers and dots."""
    rows = [[0 if t == "." else int(t) for t in line.split()] for line in text.strip().splitlines()]
    return Puzzle.from_rows(rows)


def unique_solution(puzzle: Puzzle) -> np.ndarray:
    result = solver.solve(puzzle, limit=2)
    assert result.status is solver.Status.UNIQUE, result.status
    return result.solution


def made_puzzle(rows: int, cols: int, seed: int, keep: float) -> tuple[Puzzle, np.ndarray]:
    """A unique puzzle from a random path: givens removed in random order while the solver
    still proves the solution unique, stopping at `keep` (a share of the cells) or when no
    more can go."""
    rng = random.Random(seed)
    solution = path_to_grid(rows, cols, random_path(rows, cols, rng).path)
    givens = solution.copy()
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    for cell in cells:
        if np.count_nonzero(givens) <= keep * rows * cols:
            break
        r, c = divmod(cell, cols)
        number, givens[r, c] = givens[r, c], 0
        if solver.solve(Puzzle(givens), limit=2).status is not solver.Status.UNIQUE:
            givens[r, c] = number
    return Puzzle(givens), solution


def assert_sound(puzzle: Puzzle, solution: np.ndarray, steps: list[Step]) -> None:
    """Every step puts its number where the solution has it, names that cell in its reason,
    and together the steps fill exactly the blank cells."""
    grid = puzzle.givens.copy()
    for step in steps:
        r, c = step.cell
        assert solution[r, c] == step.number, step.reason
        assert grid[r, c] == 0, f"{step.reason} (cell already filled)"
        assert step.reason.startswith(f"{step.number} must go at {cell_name(r, c)}:"), step.reason
        for er, ec in step.evidence_cells:
            assert 0 <= er < puzzle.rows and 0 <= ec < puzzle.cols
        assert (step.depth > 0) == (step.technique is Technique.TRIAL)
        grid[r, c] = step.number
    assert (grid == solution).all()


# --- the vocabulary ---------------------------------------------------------------------


def test_techniques_have_the_levels_the_grades_are_named_for():
    by_level = {level: {t for t in Technique if t.level == level} for level in (1, 2, 3, 4)}
    assert by_level[1] == {
        Technique.ONLY_NEIGHBOUR, Technique.LAST_CELL, Technique.BRIDGE, Technique.STRAIGHT_RUN
    }
    assert by_level[2] == {Technique.REACH, Technique.SINGLE_CELL, Technique.DEAD_END}
    assert by_level[3] == {Technique.REGIONS, Technique.GAP_ROUTES}
    assert by_level[4] == {Technique.TRIAL}
    assert [d.level for d in Difficulty] == [1, 2, 3, 4]
    assert [Difficulty.from_level(n) for n in (1, 2, 3, 4)] == list(Difficulty)


# --- one board per technique ------------------------------------------------------------

# Each board is a unique puzzle whose very first step needs the named technique: nothing of a
# lower level applies, and at its own level only that technique finds something.
TECHNIQUE_BOARDS = [
    # 1 in the corner C1 has 4 on one side, so 2 takes the other neighbour, C2.
    (Technique.ONLY_NEIGHBOUR, ". 4 1\n. . .\n. . .", 2, (1, 2)),
    # 9 at A3 and 7 at C3 stand two apart in a row: their only common neighbour B3 takes 8.
    (Technique.BRIDGE, ". 2 .\n. . .\n9 . 7", 8, (2, 1)),
    # 8 at A1 and 11 at A4 are three cells apart in a column: 9 and 10 fill the gap.
    (Technique.STRAIGHT_RUN, "8 . .\n. . .\n. . .\n11 . .", 9, (1, 0)),
    # 9 must be 2 steps from 7 at C3 and 2 steps from 11 at A3: only B2 is both.
    (Technique.REACH, ". . . . 1\n. . . . .\n11 . 7 . .", 9, (1, 1)),
    # Corner A1 is out of reach of every missing number except 6 (3 steps from 3 at B3).
    (Technique.SINGLE_CELL, ". . . .\n. . . .\n. 3 . 11", 6, (0, 0)),
    # A1 has one empty neighbour, so it holds an end of the path or a number next in line to
    # 12 at A2 (12 is the last number): only 1 fits.
    (Technique.DEAD_END, ". . .\n12 11 .\n. . .\n. . .", 1, (0, 0)),
    # 5, 3 and 11 cut the board into pockets of 5 and 7 cells; counting sizes and colours
    # puts 1-2 on the right, where 1 must stand at D2 (next to 2's only cell C2).
    (Technique.REGIONS, ". . 5 . .\n. 3 . . .\n. . 11 . .", 1, (1, 3)),
    # Every way to lay 6-11 from 5 at C3 to 12 at B1 without cutting off a cell starts at C4.
    (Technique.GAP_ROUTES, ". 12 .\n. . .\n. . 5\n. . .", 6, (3, 2)),
    # Nothing short of an assumption moves: 3 anywhere but B4 soon leaves 10 boxed in.
    (Technique.TRIAL, ". . .\n6 . .\n. 2 .\n. . .", 3, (3, 1)),
]


@pytest.mark.parametrize(
    "technique, text, number, cell", TECHNIQUE_BOARDS, ids=[t.value for t, *_ in TECHNIQUE_BOARDS]
)
def test_each_technique_fires_first_on_its_board(technique, text, number, cell):
    puzzle = board(text)
    solution = unique_solution(puzzle)
    for lower in range(1, min(technique.level, 4)):
        assert deduce.steps_at_level(puzzle, puzzle.givens, lower) == [], f"level {lower} moves"
    if technique.level <= 3:
        found = deduce.steps_at_level(puzzle, puzzle.givens, technique.level)
        assert found and {s.technique for s in found} == {technique}
    step = deduce.next_step(puzzle, puzzle.givens)
    assert isinstance(step, Step)
    assert (step.technique, step.number, step.cell) == (technique, number, cell)
    assert solution[cell] == number
    walk = deduce.walkthrough(puzzle)
    assert walk[0].technique is technique
    assert_sound(puzzle, solution, walk)
    assert deduce.grade(puzzle).difficulty.level >= technique.level


def test_straight_run_reason_names_the_line_and_the_cells():
    puzzle = board(TECHNIQUE_BOARDS[2][1])
    step = deduce.next_step(puzzle, puzzle.givens)
    assert step.reason == (
        "9 must go at A2: 8 at A1 and 11 at A4 are 3 cells apart in a straight line, "
        "so 9-10 fill the cells between them"
    )
    assert set(step.evidence_cells) == {(0, 0), (3, 0)}


def test_trial_step_records_depth_and_the_refuted_cells():
    puzzle = board(TECHNIQUE_BOARDS[-1][1])
    step = deduce.next_step(puzzle, puzzle.givens)
    assert step.technique is Technique.TRIAL and step.depth >= 1
    assert "instead" in step.reason
    assert step.evidence_cells and step.cell not in step.evidence_cells
    grade = deduce.grade(puzzle)
    assert grade.difficulty is Difficulty.FIENDISH and grade.trial_depth >= 1


def _neighbours(grid: np.ndarray, cell: tuple[int, int]) -> set[tuple[int, int]]:
    rows, cols = grid.shape
    r, c = cell
    return {(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols}


def _empty_neighbours(grid: np.ndarray, cell: tuple[int, int]) -> set[tuple[int, int]]:
    return {n for n in _neighbours(grid, cell) if grid[n] == 0}


def _walk_ends(grid: np.ndarray, start: tuple[int, int], steps: int) -> set[tuple[int, int]]:
    """The empty cells a walk of exactly `steps` steps from `start` can end on."""
    ends = {start}
    for _ in range(steps):
        ends = {n for cell in ends for n in _empty_neighbours(grid, cell)}
    return ends


#: boards whose first hint is a trial two assumptions deep (found by walking random 4x5
#: and 5x4 boards): the number and cell of the hint, and its reason
NESTED_TRIALS = [
    (". . . . .\n. 15 . . .\n. 4 . . .\n. . . . .", 14, (1, 2),
     "14 must go at C2: if it went at B1 or A2 instead, with it at B1, 13 could then only "
     "go at A1 or C1, and following the board through from each of those leads to a "
     "contradiction"),
    (". . . .\n. 14 5 .\n. . . .\n. . . .\n. . . .", 13, (2, 1),
     "13 must go at B3: if it went at B1 or A2 instead, with it at B1, 10 could then only "
     "go at D2 or A3, and following the board through from each of those leads to a "
     "contradiction"),
    (". . . .\n. . . .\n. . . .\n. 4 15 .\n. . . .", 14, (2, 2),
     "14 must go at C3: if it went at D4 or C5 instead, with it at D4, 13 could then only "
     "go at D3 or D5, and following the board through from each of those leads to a "
     "contradiction"),
]
_NESTED = re.compile(
    r"(\d+) must go at ([A-Z]+\d+): if it went at (.+) instead, with it at ([A-Z]+\d+), "
    r"(\d+) could then only go at (.+), and following the board through from each of those "
    r"leads to a contradiction$")


@pytest.mark.parametrize("text, number, cell, reason", NESTED_TRIALS)
def test_a_trial_two_assumptions_deep_says_which_number_the_second_one_is_about(
        text, number, cell, reason):
    """The hint places what the one solution has there, and its reason reads as a player
    follows it: the number assumed at one of the other cells it reaches, and a second
    number still to place, named with the cells it can then reach from there."""
    puzzle = board(text)
    [solution] = matching(puzzle)  # (every path of the board, by brute force: one fits)
    solution = solution.reshape(puzzle.rows, puzzle.cols)
    step = deduce.next_step(puzzle, puzzle.givens)
    assert isinstance(step, Step)
    assert (step.technique, step.depth) == (Technique.TRIAL, 2)
    assert (step.number, step.cell) == (number, cell) and solution[cell] == number
    assert step.reason == reason
    said = _NESTED.match(step.reason)
    assert said, step.reason
    n, target, instead, assumed, w, w_cells = said.groups()
    assert (int(n), _cell(target)) == (number, cell)
    # the cells it could take instead: every other empty cell it reaches from the givens
    others = {_cell(name) for name in instead.split(" or ")}
    assert others == set(step.evidence_cells)
    reach = {rc for rc, v in np.ndenumerate(puzzle.givens) if not v}
    for (r, c), v in np.ndenumerate(puzzle.givens):
        if v:
            reach &= _walk_ends(puzzle.givens, (r, c), abs(number - int(v)))
    assert others | {cell} == reach and cell not in others
    # the second assumption is about a number still to place, and the cells named for it
    # are the empty ones it can reach from the first assumption in as many steps
    w = int(w)
    assert w != number and w not in puzzle.givens
    assumed = _cell(assumed)
    assert assumed in others
    named = {_cell(name) for name in w_cells.split(" or ")}
    assert len(named) == 2 and assumed not in named
    assert named <= _walk_ends(puzzle.givens, assumed, abs(number - w))
    # the step stands in a walkthrough as in a hint
    assert deduce.walkthrough(puzzle)[0] == step


def _ways_to_lay(grid: np.ndarray, lo: int, hi: int) -> list[dict[int, tuple[int, int]]]:
    """Every way to put lo..hi on empty cells, each next to the one before, lo next to lo - 1
    and hi next to hi + 1 where those are placed: the run alone, other runs ignored."""
    where = {int(v): (r, c) for (r, c), v in np.ndenumerate(grid) if v}
    last = grid.size
    ways = []

    def walk(route):
        if len(route) == hi - lo + 1:
            if hi == last or where[hi + 1] in _neighbours(grid, route[-1]):
                ways.append(dict(zip(range(lo, hi + 1), route)))
            return
        options = (_empty_neighbours(grid, route[-1]) if route
                   else _empty_neighbours(grid, where[lo - 1]) if lo > 1
                   else {rc for rc, v in np.ndenumerate(grid) if not v})
        for cell in sorted(options):
            if cell not in route:
                walk(route + [cell])

    walk([])
    return ways


#: two pockets, of 10 cells (A3 and below) and 9 (the top): only 1-2 and 10-17 add up to
#: the lower one, and of those only 17 can stand at A3; no number is left one cell
POCKETS = """\
. . . .
22 . . .
. 18 . .
. . 8 7
. . 9 6
. . . 5
. . 3 4
"""


def test_a_region_hint_for_a_cell_only_one_number_of_a_pocket_can_reach_says_so():
    puzzle = board(POCKETS)
    [solution] = matching(puzzle)
    solution = solution.reshape(puzzle.rows, puzzle.cols)
    for lower in (1, 2):
        assert deduce.steps_at_level(puzzle, puzzle.givens, lower) == []
    step = deduce.next_step(puzzle, puzzle.givens)
    assert (step.technique, step.number, step.cell) == (Technique.REGIONS, 17, (2, 0))
    assert solution[2, 0] == 17
    assert step.reason == (
        "17 must go at A3: the empty cells split into 2 pockets, and the sizes and "
        "checkerboard colours fix which runs of missing numbers fill the pocket of 10 empty "
        "cells at A3; of those, only 17 can reach A3")
    # what it says, checked on the board: two pockets, the one at A3 (its first cell) of 10
    grid = puzzle.givens
    pockets = []
    left = {rc for rc, v in np.ndenumerate(grid) if not v}
    while left:
        part, frontier = set(), [min(left)]
        while frontier:
            cell = frontier.pop()
            if cell in left:
                left.remove(cell)
                part.add(cell)
                frontier.extend(_empty_neighbours(grid, cell))
        pockets.append(part)
    assert len(pockets) == 2
    [pocket] = [p for p in pockets if (2, 0) in p]
    assert len(pocket) == 10 and min(pocket) == (2, 0)
    # the cells the hint lights are that pocket, the one it speaks of (it lit the other)
    # (the answer's own cell apart)
    assert set(step.evidence_cells) == pocket - {(2, 0)}
    # the runs that fill it are 1-2 and 10-17 (whole runs of the missing numbers)
    assert sorted(int(solution[c]) for c in pocket) == [1, 2] + list(range(10, 18))
    # and of their numbers only 17 can go at A3, each run laid on its own
    at_a3 = {v for lo, hi in ((1, 2), (10, 17)) for way in _ways_to_lay(grid, lo, hi)
             for v, c in way.items() if c == (2, 0)}
    assert at_a3 == {17}


# --- soundness --------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", library.load_bundled(), ids=lambda p: p.id or "?")
def test_walkthrough_of_bundled_puzzles_is_sound(puzzle):
    solution = unique_solution(puzzle)
    steps = deduce.walkthrough(puzzle, solution)
    assert_sound(puzzle, solution, steps)
    grade = deduce.grade_steps(steps)
    assert grade.difficulty.level == max(s.level for s in steps)
    assert sum(grade.technique_counts.values()) == len(steps) == puzzle.size - puzzle.clue_count


def _plain_routes(grid: np.ndarray, start: tuple[int, int], end: tuple[int, int],
                  length: int) -> list[list[tuple[int, int]]]:
    """Every way to lay `length` numbers on empty cells from beside `start` to beside
    `end`, as a person lists them: nothing but the board's empty cells in the way."""
    rows, cols = grid.shape
    routes: list[list[tuple[int, int]]] = []

    def around(cell):
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols]

    def walk(path):
        if len(path) == length:
            if end in around(path[-1]):
                routes.append(list(path))
            return
        for cell in around(path[-1]):
            if grid[cell] == 0 and cell not in path:
                walk(path + [cell])

    for cell in around(start):
        if grid[cell] == 0:
            walk([cell])
    return routes


_ROUTE_STEP = re.compile(
    r"(?:all (\d+) ways|the only way) to lay (\d+)-(\d+) between \d+ at [A-Z]+\d+ and \d+ at "
    r"[A-Z]+\d+( that [^,]*?)? (?:pass|passes|put|puts) ")


def _cell(name: str) -> tuple[int, int]:
    letters = name.rstrip("0123456789")
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("A") + 1
    return int(name[len(letters):]) - 1, col - 1


def test_a_route_count_a_step_gives_is_the_one_a_person_listing_the_ways_finds():
    """"All 8 ways to lay 11-16 between 10 at A2 and 17 at A3 pass through B2" was said
    where a ninth way, one that cuts off B2, does not: a step now says what the ways it
    counts were held to, and unqualified, its count is every way on the board's empty
    cells, each of which passes where it says."""
    puzzles = [p for p in library.load_bundled() if p.metadata.get("difficulty") == "hard"]
    puzzles += parse_puzzles(  # (generate --size 6 --difficulty hard --seed 42, and border)
        ". . . . . .\n. . 18 . . .\n. . . . . 26\n. . . . 28 .\n. . . . . 34\n10 . . . . .\n\n"
        ". . . . . 4\n10 . . . . .\n17 . . . . 36\n. . . . . 29\n. . . . . .\n. . . . . .\n")
    seen = qualified = 0
    for puzzle in puzzles:
        grid = puzzle.givens.copy()
        for step in deduce.walkthrough(puzzle, unique_solution(puzzle)):
            said = _ROUTE_STEP.search(step.reason)
            if step.technique is Technique.GAP_ROUTES and said:
                count, lo, hi, terms = said.groups()
                where = {int(v): (r, c) for (r, c), v in np.ndenumerate(grid) if v}
                routes = _plain_routes(grid, where[int(lo) - 1], where[int(hi) + 1],
                                       int(hi) - int(lo) + 1)
                seen += 1
                if terms:
                    qualified += 1
                else:
                    assert int(count or 1) == len(routes), step.reason
                    through = re.search(r"pass(?:es)? through ([A-Z0-9, and]+?),", step.reason)
                    for name in re.findall(r"[A-Z]+\d+", through.group(1) if through else ""):
                        assert all(_cell(name) in route for route in routes), step.reason
            grid[step.cell] = step.number
    assert seen and qualified  # (both kinds were met)


MADE = [
    (rows, cols, seed, keep)
    for seed, (rows, cols) in enumerate(
        [(1, 1), (1, 5), (2, 2), (2, 7), (3, 3), (3, 5), (4, 4), (4, 6), (5, 5), (5, 7),
         (6, 6), (6, 4), (7, 7), (7, 5), (8, 8), (9, 9)]
    )
    for keep in (0.0, 0.25)
]


@pytest.mark.parametrize("rows, cols, seed, keep", MADE)
def test_walkthrough_of_made_puzzles_is_sound(rows, cols, seed, keep):
    puzzle, solution = made_puzzle(rows, cols, seed, keep)
    steps = deduce.walkthrough(puzzle, solution)
    assert_sound(puzzle, solution, steps)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(1, 7),
    cols=st.integers(1, 7),
    seed=st.integers(0, 2**32 - 1),
    keep=st.floats(0.0, 0.6),
)
def test_walkthrough_of_fresh_puzzles_is_sound(rows, cols, seed, keep):
    puzzle, solution = made_puzzle(rows, cols, seed, keep)
    steps = deduce.walkthrough(puzzle)
    assert_sound(puzzle, solution, steps)
    assert deduce.grade(puzzle).difficulty.level == max((s.level for s in steps), default=1)


def test_hints_from_any_correct_partial_board_are_sound():
    puzzle, solution = made_puzzle(7, 7, 11, 0.0)
    rng = random.Random(5)
    for _ in range(10):
        grid = puzzle.givens.copy()
        for cell in rng.sample(range(49), rng.randint(0, 30)):
            grid.flat[cell] = solution.flat[cell]
        step = deduce.next_step(puzzle, grid)
        if (grid == solution).all():
            assert step is None
            continue
        assert isinstance(step, Step), step
        assert grid[step.cell] == 0 and solution[step.cell] == step.number


# --- hints on a player's board ----------------------------------------------------------

SMALL = board(TECHNIQUE_BOARDS[1][1])


def test_next_step_reports_wrong_entries_instead_of_a_step():
    solution = unique_solution(SMALL)
    grid = SMALL.givens.copy()
    # a number that is not on the board yet, in a blank cell where the solution has another
    r, c = 1, 1
    grid[r, c] = next(n for n in range(1, 10) if n not in grid and n != solution[r, c])
    report = deduce.next_step(SMALL, grid)
    assert isinstance(report, ContradictionReport)
    assert report.kind in (ProblemKind.WRONG_ENTRY, ProblemKind.BROKEN_RULE)
    assert (r, c) in report.cells
    assert deduce.auto_fill(SMALL, grid) == []
    assert deduce.steps_at_level(SMALL, grid, 1) == []


def test_next_step_reports_broken_rules_with_the_cells():
    grid = SMALL.givens.copy()
    grid[1, 1] = 2  # 2 twice
    report = deduce.next_step(SMALL, grid)
    assert report.kind is ProblemKind.BROKEN_RULE
    assert set(report.cells) == {(0, 1), (1, 1)}
    assert "2 appears twice" in report.reason
    grid = SMALL.givens.copy()
    grid[2, 1] = 3  # 3 on an edge cell, where no odd number of a 3x3 path stands
    report = deduce.next_step(SMALL, grid)
    assert report.kind is ProblemKind.BROKEN_RULE
    assert report.cells == ((2, 1),)
    assert report.reason.startswith("3 stands on the wrong checkerboard colour")
    grid = SMALL.givens.copy()
    grid[1, 0] = 8  # 8 is not next to the 7 given at C3
    report = deduce.next_step(SMALL, grid)
    assert report.kind is ProblemKind.BROKEN_RULE
    assert set(report.cells) == {(2, 2), (1, 0)}
    assert report.reason == "7 at C3 and 8 at A2 are not next to each other"


def test_next_step_on_a_solved_board_is_none():
    solution = unique_solution(SMALL)
    assert deduce.next_step(SMALL, solution) is None


def test_next_step_on_puzzles_without_a_unique_solution():
    none = board("2 . .\n. . .\n. . .")
    report = deduce.next_step(none, none.givens)
    assert report.kind is ProblemKind.NO_SOLUTION
    # 1 . / . . has two solutions, both with 3 at B2: hints give that (true in every
    # solution), then say the puzzle is not unique rather than guess.
    several = board("1 .\n. .")
    step = deduce.next_step(several, several.givens)
    assert (step.number, step.cell) == (3, (1, 1))
    grid = several.givens.copy()
    grid[1, 1] = 3
    report = deduce.next_step(several, grid)
    assert report.kind is ProblemKind.NOT_UNIQUE
    with pytest.raises(DeductionError) as caught:
        deduce.grade(several)
    assert caught.value.status == "multiple"
    with pytest.raises(DeductionError):
        deduce.walkthrough(none)


def test_a_hint_on_a_puzzle_with_several_solutions_tries_no_trial(monkeypatch):
    """Before: `?` on a sparse 30x30 with one given worked for about ten seconds before
    saying the puzzle has more than one solution."""
    calls = []
    real_solve = solver.solve

    def counting_solve(*args, **kwargs):
        calls.append(args[0])
        return real_solve(*args, **kwargs)

    def no_trial(*args, **kwargs):
        raise AssertionError("a trial on a puzzle known to have several solutions")

    monkeypatch.setattr(deduce, "trial_step", no_trial)
    monkeypatch.setattr(solver, "solve", counting_solve)
    several = board("1 .\n. .")
    grid = several.givens.copy()
    grid[1, 1] = 3  # the one step levels 1-3 find: 3 is at B2 in both solutions
    report = deduce.next_step(several, grid)
    assert report.kind is ProblemKind.NOT_UNIQUE
    assert "more than one solution" in report.reason
    # the entries agree with a solution already found: no second search to prove they can
    # still be completed
    assert calls == [several]
    sparse = Puzzle(np.pad([[900]], ((0, 29), (0, 29))))
    report = deduce.next_step(sparse, sparse.givens)
    assert report.kind is ProblemKind.NOT_UNIQUE and calls[1:] == [sparse]


def test_entries_that_fit_no_known_solution_are_still_searched():
    several = board("1 . . .\n. . . .\n. . . .\n. . . .")
    grid = several.givens.copy()
    grid[0, 1], grid[0, 3] = 4, 8  # no rule broken yet, but no path takes both
    report = deduce.next_step(several, grid)
    assert report.kind is ProblemKind.WRONG_ENTRY
    assert report.reason == "the entries so far do not lead to any solution"


def _no_solving(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the puzzle was solved")

    monkeypatch.setattr(solver, "solve", refuse)


def test_without_solving_a_hint_gives_the_steps_levels_1_to_3_prove(monkeypatch):
    """The app asks before its own solve has ended: on a 20x20 a hint that solved the
    puzzle first took as long as that solve (and shared the processor with it)."""
    _no_solving(monkeypatch)
    for technique, text, number, cell in TECHNIQUE_BOARDS[:-1]:
        puzzle = board(text)
        step = deduce.next_step(puzzle, puzzle.givens, solve=False)
        assert (step.technique, step.number, step.cell) == (technique, number, cell)
        assert all(s.level == 1 for s in deduce.auto_fill(puzzle, puzzle.givens, solve=False))
    # a rule broken is still said, which takes no solution either
    grid = SMALL.givens.copy()
    grid[1, 1] = 2
    assert deduce.next_step(SMALL, grid, solve=False).kind is ProblemKind.BROKEN_RULE
    # a trial needs to know whether the puzzle has one solution: not guessed
    trial = board(TECHNIQUE_BOARDS[-1][1])
    with pytest.raises(deduce.Unsolved):
        deduce.next_step(trial, trial.givens, solve=False)


def test_a_remembered_solve_is_used_not_repeated(monkeypatch):
    trial = board(TECHNIQUE_BOARDS[-1][1])
    result = solver.solve(trial, limit=2)
    deduce.remember_solve(trial, solver.Status.UNIQUE, result.solutions)
    _no_solving(monkeypatch)
    step = deduce.next_step(trial, trial.givens, solve=False)  # (the trial may go ahead now)
    assert (step.technique, step.number, step.cell) == (Technique.TRIAL, 3, (3, 1))
    # what the solve says of the entries holds too: a wrong one is reported
    grid = trial.givens.copy()
    r, c = next((r, c) for r in range(4) for c in range(3)
                if grid[r, c] == 0 and result.solution[r, c] != 3)
    grid[r, c] = 3
    report = deduce.next_step(trial, grid, solve=False)
    assert isinstance(report, ContradictionReport) and (r, c) in report.cells


def test_readme_names_the_techniques_as_grade_prints_them():
    """Before: the README said "single cell" and "gap routes" where `grade` prints "single
    candidate cell" and "gap route enumeration"."""
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    assert readme.is_file(), "the README is part of the project, beside the tests"
    text = " ".join(readme.read_text(encoding="utf-8").split())  # lines joined
    levels = text.split("The deduction engine (`deduce/`) knows", 1)[1].split("A puzzle's grade")[0]
    for technique in Technique:
        assert technique.label in levels, technique.label
    assert "single cell," not in levels and "gap routes)" not in levels


# --- auto-fill --------------------------------------------------------------------------


def test_auto_fill_takes_every_easy_step_and_only_those():
    puzzles = [board(text) for _, text, _, _ in TECHNIQUE_BOARDS] + library.load_bundled()[:8]
    filled_some = 0
    for puzzle in puzzles:
        solution = unique_solution(puzzle)
        steps = deduce.auto_fill(puzzle, puzzle.givens)
        filled_some += bool(steps)
        assert all(s.level == 1 for s in steps)
        grid = puzzle.givens.copy()
        for step in steps:
            assert grid[step.cell] == 0 and solution[step.cell] == step.number
            grid[step.cell] = step.number
        assert deduce.steps_at_level(puzzle, grid, 1) == []  # a fixed point
        assert deduce.auto_fill(puzzle, grid) == []
    assert filled_some >= 4


# --- grades -----------------------------------------------------------------------------


def test_grade_counts_techniques_of_the_walkthrough():
    puzzle = library.load_bundled()[0]
    grade = deduce.grade(puzzle)
    steps = deduce.walkthrough(puzzle)
    counts: dict[Technique, int] = {}
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    assert grade.technique_counts == counts
    assert grade.difficulty.level == max(counts, key=lambda t: t.level).level


def test_an_empty_1x1_is_solved_by_its_last_empty_cell_and_grades_easy():
    # (not in TECHNIQUE_BOARDS: no other board has a first step this plain)
    puzzle = board(".")
    step = deduce.next_step(puzzle, puzzle.givens)
    assert (step.technique, step.number, step.cell) == (Technique.LAST_CELL, 1, (0, 0))
    assert step.reason == "1 must go at A1: it is the last empty cell"
    grade = deduce.grade(puzzle)
    assert grade.difficulty is Difficulty.EASY
    assert grade.technique_counts == {Technique.LAST_CELL: 1}


def test_grade_told_to_stop_stops_between_steps():
    """The app grades beside a game; when the game ends the grade must end too, not run on
    for seconds in a thread nobody waits for."""
    puzzle = library.load_bundled()[0]
    calls = []

    class Enough(Exception):
        pass

    def check() -> None:
        calls.append(1)
        if len(calls) == 2:
            raise Enough

    with pytest.raises(Enough):
        deduce.grade(puzzle, check=check)
    assert len(calls) == 2  # asked before each step, and nothing after it said stop
    assert deduce.grade(puzzle, check=lambda: None) == deduce.grade(puzzle)


def test_grade_without_reasons_matches_the_worded_walkthrough():
    # grade() skips wording the trials; its grade, counts and depth must be the walkthrough's
    fiendish = [p for p in library.load_bundled() if p.metadata.get("difficulty") == "fiendish"]
    assert len(fiendish) >= 3
    for puzzle in fiendish[:4]:
        steps = deduce.walkthrough(puzzle)
        assert any(step.technique is Technique.TRIAL for step in steps)
        assert deduce.grade(puzzle) == deduce.grade_steps(steps)


def test_a_grade_is_the_level_of_the_hardest_technique_it_took():
    """An easy puzzle takes level-1 steps only, and a harder one at least one step of its
    level (its grade is the lowest level whose techniques alone solve it)."""
    seen = set()
    for puzzle in [board(text) for _, text, _, _ in TECHNIQUE_BOARDS[:8]] + [
            p for p in library.load_bundled() if p.rows * p.cols <= 100]:
        grade = deduce.grade(puzzle)
        assert grade.difficulty.level == max(t.level for t in grade.technique_counts), puzzle.id
        seen.add(grade.difficulty)
    assert {Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD} <= seen  # (all were tried)
    puzzle = board(TECHNIQUE_BOARDS[1][1])
    full = Puzzle(unique_solution(puzzle))
    assert deduce.grade(full) == deduce.Grade(Difficulty.EASY, {}, 0)


@pytest.mark.parametrize("seed", range(6))
def test_grade_never_falls_as_givens_are_removed(seed):
    """Removing a given never makes a puzzle easier. The techniques are monotone (more
    numbers on the board never hide a deduction), so this holds in general; the exceptions
    would come from the caps on route listing and trial breadth, which a board sits on
    either side of by chance. None showed up in 1500 removals on 4x4..7x7 boards."""
    rng = random.Random(seed)
    rows, cols = rng.randint(4, 6), rng.randint(4, 6)
    solution = path_to_grid(rows, cols, random_path(rows, cols, rng).path)
    givens = solution.copy()
    previous = Difficulty.EASY.level
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    for cell in cells:
        r, c = divmod(cell, cols)
        number, givens[r, c] = givens[r, c], 0
        if solver.solve(Puzzle(givens), limit=2).status is not solver.Status.UNIQUE:
            givens[r, c] = number
            continue
        level = deduce.grade(Puzzle(givens), solution).difficulty.level
        assert level >= previous
        previous = level


# --- command line -----------------------------------------------------------------------

GRADED = f"# id: bridge\n{TECHNIQUE_BOARDS[1][1]}\n\n# id: reach\n{TECHNIQUE_BOARDS[3][1]}\n"


def test_grade_command_prints_difficulty_and_counts(run_numbrix, puzzle_file):
    result = run_numbrix("grade", str(puzzle_file(GRADED)))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    for line, text in zip(lines, (TECHNIQUE_BOARDS[1][1], TECHNIQUE_BOARDS[3][1])):
        grade = deduce.grade(board(text))
        _, _, rest = line.partition(": ")
        assert rest.startswith(grade.difficulty.value + " (")
        for technique, count in grade.technique_counts.items():
            assert f"{technique.label} {count}" in rest
    assert lines[0].startswith("bridge: ") and lines[1].startswith("reach: ")


def test_grade_of_a_full_board_says_nothing_was_left_to_do(run_numbrix, puzzle_file):
    result = run_numbrix("grade", str(puzzle_file("# id: full\n1 2\n4 3\n")))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "full: easy (no steps: every number is given)\n"


def test_grade_command_json(run_numbrix, puzzle_file):
    path = puzzle_file(GRADED + "\n# id: two\n1 .\n. .\n")
    result = run_numbrix("grade", "--json", str(path))
    assert result.returncode == 1, result.stderr  # one puzzle is not unique
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == ["bridge", "reach", "two"]
    for record in records:
        assert {"id", "difficulty", "techniques"} <= set(record)
    first = records[0]
    grade = deduce.grade(board(TECHNIQUE_BOARDS[1][1]))
    assert first["difficulty"] == grade.difficulty.value
    assert first["techniques"] == {t.value: n for t, n in grade.technique_counts.items()}
    assert records[2]["status"] == "multiple" and records[2]["difficulty"] is None
    assert "reason" not in records[2]  # (only a puzzle without a solution has one)


def test_grade_says_why_a_puzzle_has_no_solution(run_numbrix, puzzle_file):
    """As `check` does: a typed-in puzzle with a slip is graded "none", with where to look."""
    path = puzzle_file(
        "# id: slip\n1 . 2\n. . .\n. . 9\n\n# id: searched\n. . . 8\n. . 2 .\n. . . .\n"
    )
    result = run_numbrix("grade", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "slip: none (1 and 2 are given but not next to each other; not graded)",
        "searched: none (not graded)",  # (only the search shows it: no reason to give)
    ]
    slip, searched = (json.loads(line) for line in
                      run_numbrix("grade", "--json", str(path)).stdout.splitlines())
    assert slip["reason"] == "1 and 2 are given but not next to each other"
    assert searched["status"] == "none" and searched["reason"] is None


def test_solve_steps_prints_every_step_then_the_grid(run_numbrix, puzzle_file):
    text = TECHNIQUE_BOARDS[3][1]
    result = run_numbrix("solve", "--steps", str(puzzle_file(f"# id: r\n{text}\n")))
    assert result.returncode == 0, result.stderr
    puzzle = board(text)
    steps = deduce.walkthrough(puzzle)
    lines = result.stdout.splitlines()
    assert lines[:3] == ["# id: r", "# status: unique",
                         f"# difficulty: {deduce.grade(puzzle).difficulty.value}"]
    step_lines = [line for line in lines if line.startswith("# ") and ". (" in line]
    assert len(step_lines) == len(steps)
    for line, step in zip(step_lines, steps):
        assert line.endswith(f"({step.technique.label}) {step.reason}")
    grid = [[int(v) for v in line.split()] for line in lines if not line.startswith("#")]
    assert grid == unique_solution(puzzle).tolist()


def test_solve_steps_json(run_numbrix, puzzle_file):
    text = TECHNIQUE_BOARDS[3][1]
    result = run_numbrix("solve", "--steps", "--json", str(puzzle_file(text)))
    assert result.returncode == 0, result.stderr
    [record] = [json.loads(line) for line in result.stdout.splitlines()]
    puzzle = board(text)
    assert record["difficulty"] == deduce.grade(puzzle).difficulty.value
    assert record["solution"] == unique_solution(puzzle).tolist()
    steps = record["steps"]
    assert len(steps) == puzzle.size - puzzle.clue_count
    for item, step in zip(steps, deduce.walkthrough(puzzle)):
        assert set(item) == {"number", "row", "col", "technique", "reason"}
        assert (item["number"], item["row"], item["col"]) == (step.number, *step.cell)
        assert item["technique"] == step.technique.value and item["reason"] == step.reason
        assert record["solution"][item["row"]][item["col"]] == item["number"]


def test_solve_steps_on_a_puzzle_without_a_unique_solution(run_numbrix, puzzle_file):
    result = run_numbrix("solve", "--steps", str(puzzle_file("1 .\n. .\n")))
    assert result.returncode == 1
    assert "# status: multiple" in result.stdout
    result = run_numbrix("solve", "--steps", "--json", str(puzzle_file("2 . .\n. . .\n. . .\n")))
    assert result.returncode == 1
    record = json.loads(result.stdout)
    assert record["status"] == "none" and record["steps"] is None and record["difficulty"] is None


def test_grade_bad_file_is_one_line_exit_2(run_numbrix, puzzle_file):
    result = run_numbrix("grade", str(puzzle_file("1 2 x\n")))
    assert result.returncode == 2
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


#: a state the generator met making the bundled library's large-10 (13x13, hard): every
#: step up to hard taken at once solves it, but grade's walk, a step at a time, comes to a
#: board where a gap's routes may cut off a cell a number now stands beside (so it may be
#: filled) and needs a trial; solvable_at said hard, and `make puzzles` made another puzzle
FULLER_BOARD_SEES_LESS = """\
  .   .   .  76  75   .   .   .   .   .   .  52   .
 80  81   .   .   .  71   .   .   .   .  54   .   .
 83   .   .  66   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   . 105   . 115   .   .   .   .   .   .
  .   .   .   .   .   . 116   .   .   .   .  33   .
  .   .   .  90   .   . 119   .   .  18  15   .  43
  .   .  96  97   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .  13   .   .
  .   .   .   .   .   .   .   . 126   .  12   .   .
155 154   .   .   .   . 137 136   .   .   .   .   .
  .   . 162   .   .   .   .   .   .   .   8   3   .
  .   .   .   .   .   . 131   .   .   .   .   .   .

"""


def test_solvable_at_agrees_with_grade():
    puzzles = [board(text) for _, text, _, _ in TECHNIQUE_BOARDS] + library.load_bundled()[:8]
    puzzles.append(board(FULLER_BOARD_SEES_LESS))
    for puzzle in puzzles:
        level = deduce.grade(puzzle).difficulty.level
        for difficulty in Difficulty:
            assert deduce.solvable_at(puzzle, difficulty) == (level <= difficulty.level)


def _fresh_next(board, max_level):
    """A walk's next steps looked for afresh on `board`, as the levels define them, and
    the domains the levels above 1 left (None where level 1 had steps)."""
    from numbrix_curses.deduce.settle import find_steps

    found, _ = find_steps(board, 1, want_all=True)
    if found or max_level < 2:
        return found, None
    found, doms = find_steps(board, max_level, want_all=False)
    return found[:1], doms


@pytest.mark.parametrize("max_level", [1, 2, 3])
def test_a_walk_that_builds_on_its_last_look_finds_what_a_fresh_look_finds(max_level):
    # The grade and the generator's difficulty test look again only where the board
    # changed since the last look; every board along their walks must give the same steps,
    # in the same order (the order decides which technique a step is counted under).
    from numbrix_curses.deduce.settle import WalkSteps, apply_steps

    puzzles = [board(text) for _, text, _, _ in TECHNIQUE_BOARDS] + library.load_bundled()
    puzzles.append(board(FULLER_BOARD_SEES_LESS))
    looks = 0
    for puzzle in puzzles:
        walk_board = deduce._start_board(puzzle)
        walk = WalkSteps(walk_board)
        solution = deduce._proper_solution(puzzle, None)
        while walk_board.free:
            found, doms = walk.next(max_level)
            fresh, fresh_doms = _fresh_next(walk_board.copy(), max_level)
            assert [(f.number, f.cell, f.technique, f.reason) for f in found] == [
                (f.number, f.cell, f.technique, f.reason) for f in fresh
            ]
            if fresh_doms is not None:  # (a trial starts from them)
                assert doms is not None and doms.segs == fresh_doms.segs
                assert list(doms.seg_of.items()) == list(fresh_doms.seg_of.items())
                assert doms.dom == fresh_doms.dom
            looks += 1
            if not found:  # stuck at this level: go on with a true step, as a trial would
                number = next(n for n in range(1, puzzle.size + 1) if walk_board.pos[n] < 0)
                found = [deduce.Found(number, solution[number], Technique.TRIAL, "")]
            apply_steps(walk_board, found)
    assert looks > 1000


# ----- help where the puzzle's own solution is not known ------------------------------------
#: a clue-minimal 12x12 whose solution has 25 at D1 and 137 at E2
SPARSE_12X12 = """\
. . . . 26 27 . . . . 34 .
. 134 . . . . . . . . . 36
. . . . . . 142 45 . 41 . .
. . . . . . 143 . . . 51 .
. . . . 122 91 90 . . . . .
. . . . . . . . . . . .
16 . . . . . . . . . . .
. . 115 . 109 . 83 . . . 59 .
. . . . 108 . . . . . . 63
1 . . . . 96 . . . . . .
. . . . . . . . . . 72 .
. . . . . . . 102 69 . . .
"""


def test_a_wrong_entry_is_found_where_the_solve_ran_out_of_time():
    """A solve of the puzzle that ran out of time left only rule breaks checked: on 127 at
    D1 (25 goes there) a hint said "25 must go at E2", where 137 goes, as certain. A search
    for a solution keeping the entries now says they lead nowhere."""
    puzzle = board(SPARSE_12X12)
    deduce.remember_solve(puzzle, solver.Status.TIMEOUT, [])
    wrong = puzzle.givens.copy()
    wrong[0, 3] = 127
    report = deduce.next_step(puzzle, wrong)
    assert isinstance(report, deduce.ContradictionReport)
    assert report.kind is ProblemKind.WRONG_ENTRY and deduce.auto_fill(puzzle, wrong) == []
    # right numbers: a step as ever, with nothing to doubt
    right = puzzle.givens.copy()
    right[0, 3] = 25
    step = deduce.next_step(puzzle, right)
    assert isinstance(step, Step) and not step.conditional
    assert not step.reason.startswith("If")


def test_help_from_numbers_that_could_not_be_vetted_says_so(monkeypatch):
    """Where no search could tell in time whether the numbers lead to a solution, a step
    that follows from them is right only if they are: it says so, and auto-fill's steps
    are marked alike (the app says it under the fill)."""
    monkeypatch.setattr(deduce, "entries_lead_on", lambda puzzle, grid: None)
    puzzle = board(SPARSE_12X12)
    deduce.remember_solve(puzzle, solver.Status.TIMEOUT, [])
    grid = puzzle.givens.copy()
    grid[0, 3] = 25
    step = deduce.next_step(puzzle, grid)
    assert isinstance(step, Step) and step.conditional
    assert step.reason.startswith("If your numbers so far are right, 92 must go at F6")
    filled = deduce.auto_fill(puzzle, grid)
    assert filled and all(s.conditional for s in filled)
    # numbers vetted (or the puzzle's solution known): no condition
    monkeypatch.setattr(deduce, "entries_lead_on", lambda puzzle, grid: True)
    assert not deduce.next_step(puzzle, grid).conditional


def test_entries_on_a_puzzle_with_several_solutions_are_searched_within_a_limit(monkeypatch):
    """The search for a solution keeping the entries had no time limit: a hint on a 15x15
    with several solutions took 104 s (the app gave up at 10 s and its thread ran on)."""
    limits = []
    real = solver.solve

    def timed(puzzle, *args, **kwargs):
        limits.append(kwargs.get("timeout"))
        return real(puzzle, *args, **kwargs)

    open4 = Puzzle.from_rows([[1, 0, 0, 0]] + [[0] * 4] * 3)
    deduce.remember_solve(open4, solver.Status.MULTIPLE, [])
    monkeypatch.setattr(solver, "solve", timed)
    dead = open4.givens.copy()
    dead[2, 1], dead[2, 2] = 8, 11
    assert deduce.entries_lead_on(open4, dead) is False
    assert limits == [deduce.ENTRIES_SECONDS]
    report = deduce.check_board(open4, dead)
    assert report is not None and report.kind is ProblemKind.WRONG_ENTRY
