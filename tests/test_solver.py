"""The solver's verdicts (unique / multiple / none) are right, and its API keeps its promises.

A wrong verdict is the worst bug the project can have: a puzzle maker would print a puzzle with
two answers, or a player would be told a fine puzzle is broken. So every verdict here is checked
against something that does not share the solver's reasoning:

- hand-worked boards of many shapes (each answer argued in a comment, and re-counted by brute
  force where the board is small enough);
- every puzzle (or a large sample) of every board up to 4x4, compared with a counter that lists
  all Hamiltonian paths of the board (tests/brute.py);
- random puzzles up to 7x7 cut from random paths: a path's own givens always have a solution,
  the path itself; symmetric copies of a puzzle must get the same verdict; and a second,
  given-aware brute force counts where it finishes.

Every solution the solver hands back is checked by an independent path check as well as
`Puzzle.is_solution`.
"""
from __future__ import annotations

import gc
import os
import random
import time
from typing import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import (
    all_paths,
    count_dfs,
    count_matching,
    grid_of,
    is_path,
    matching,
    random_path,
    serpentine,
)
from helpers import CORPUS, corpus_boards
from numbrix_curses import solver
from numbrix_curses.constraints import colour_mask, number_colour, odd_number_colour
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import parse_puzzles, read_puzzles
from numbrix_curses.solver import (
    Deductions,
    EventKind,
    SolveResult,
    Status,
    Stuck,
    count_solutions,
    solve,
)
from numbrix_curses.solver.search import Frame, Search

# ---------------------------------------------------------------------------------- helpers


def board(rows: list[list[int]]) -> Puzzle:
    return Puzzle.from_rows(rows)


def empty(rows: int, cols: int) -> Puzzle:
    return Puzzle(np.zeros((rows, cols), dtype=np.int16))


def with_givens(rows: int, cols: int, givens: dict[tuple[int, int], int]) -> Puzzle:
    grid = np.zeros((rows, cols), dtype=np.int16)
    for (r, c), v in givens.items():
        grid[r, c] = v
    return Puzzle(grid)


def expected_status(count: int) -> Status:
    return Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE


def solves(puzzle: Puzzle, grid: np.ndarray) -> bool:
    """Independent of `Puzzle.is_solution`: the numbers 1..N trace a path and keep the givens."""
    grid = np.asarray(grid)
    if grid.shape != puzzle.givens.shape:
        return False
    flat = [int(v) for v in grid.ravel()]
    if sorted(flat) != list(range(1, puzzle.size + 1)):
        return False
    path = [0] * puzzle.size
    for cell, v in enumerate(flat):
        path[v - 1] = cell
    givens = puzzle.givens.ravel()
    kept = all(flat[i] == int(givens[i]) for i in np.flatnonzero(givens))
    return kept and is_path(puzzle.rows, puzzle.cols, path)


def check_result(puzzle: Puzzle, result: SolveResult, limit: int = 2) -> None:
    """What every finished result must satisfy, whatever the puzzle."""
    assert result.status is not Status.TIMEOUT, f"timed out on {puzzle.givens.tolist()}"
    for sol in result.solutions:
        assert sol.shape == puzzle.givens.shape
        assert puzzle.is_solution(sol), sol.tolist()
        assert solves(puzzle, sol), sol.tolist()
    keys = {sol.tobytes() for sol in result.solutions}
    assert len(keys) == len(result.solutions), "the same solution was reported twice"
    assert result.solution is (result.solutions[0] if result.solutions else None)
    if result.status is Status.NONE:
        assert result.solutions == []
    elif result.status is Status.UNIQUE:
        assert len(result.solutions) == 1
        assert result.other_solution is None
    elif result.status is Status.MULTIPLE:
        # Fewer than `limit` only when the search ran out of board first.
        assert 2 <= len(result.solutions) <= limit
        assert result.other_solution is result.solutions[1]
        assert not np.array_equal(result.solutions[0], result.solutions[1])
    elif result.status is Status.SOLVED:
        assert limit == 1 and len(result.solutions) == 1


def verdict(puzzle: Puzzle, **kwargs) -> Status:
    result = solve(puzzle, **kwargs)
    check_result(puzzle, result, kwargs.get("limit", 2))
    return result.status


def assert_agrees_with_brute(puzzle: Puzzle) -> SolveResult:
    """Solver and path-listing counter agree on the verdict, and on the solution when unique."""
    result = solve(puzzle)
    check_result(puzzle, result)
    paths = matching(puzzle)
    want = expected_status(len(paths))
    assert result.status is want, (
        f"{puzzle.rows}x{puzzle.cols} {puzzle.givens.tolist()}: solver says "
        f"{result.status.value}, brute force counts {len(paths)}"
    )
    if want is Status.UNIQUE:
        assert np.array_equal(result.solution.ravel(), paths[0])
    return result


def puzzle_of(rows: int, cols: int, flat_values) -> Puzzle:
    return Puzzle(np.asarray(flat_values, dtype=np.int16).reshape(rows, cols))


# ------------------------------------------------------------- the brute force, checked first


@pytest.mark.parametrize(
    "rows, cols, paths",
    # Directed Hamiltonian paths of grid graphs: twice OEIS A096969 for squares (1, 4, 20,
    # 276, 4324), 2 for any line, and 2x3 / 3x4 counted by hand from their 8 / 62 paths.
    [(1, 1, 1), (1, 2, 2), (1, 7, 2), (6, 1, 2), (2, 2, 8), (2, 3, 16), (3, 3, 40),
     (3, 4, 124), (4, 4, 552), (5, 5, 8648)],
)
def test_brute_force_finds_every_path(rows: int, cols: int, paths: int) -> None:
    found = all_paths(rows, cols)
    assert len(found) == paths
    assert len({p.tobytes() for p in found}) == paths
    # The empty board's solutions are exactly the board's paths.
    assert count_matching(empty(rows, cols)) == paths


def test_random_path_helper_makes_paths() -> None:
    rng = random.Random(7)
    for rows, cols in [(1, 1), (1, 5), (5, 1), (2, 2), (3, 7), (7, 7), (6, 4)]:
        seen = set()
        for _ in range(10):
            path = random_path(rows, cols, rng)
            assert is_path(rows, cols, path)
            seen.add(tuple(path))
        if rows * cols >= 9:
            assert len(seen) > 1  # it really moves away from the serpentine


def test_given_aware_brute_force_agrees_with_path_listing() -> None:
    rng = random.Random(11)
    for rows, cols in [(3, 3), (3, 4), (4, 4), (2, 5), (4, 5)]:
        paths = all_paths(rows, cols)
        for _ in range(40):
            grid = paths[rng.randrange(len(paths))].copy()
            mask = np.array([rng.random() < 0.3 for _ in range(rows * cols)])
            values = np.where(mask, grid, 0)
            if rng.random() < 0.3 and mask.any():
                values[rng.choice(list(np.flatnonzero(mask)))] = 0
                values[rng.choice(list(np.flatnonzero(~mask)) or [0])] = 0
            puzzle = puzzle_of(rows, cols, values)
            exact = count_matching(puzzle)
            assert count_dfs(puzzle, limit=3, budget=10**7) == min(exact, 3)


# ------------------------------------------------------------------------ hand-made boards


def test_one_by_one() -> None:
    for puzzle in (empty(1, 1), board([[1]])):
        result = solve(puzzle)
        check_result(puzzle, result)
        assert result.status is Status.UNIQUE
        assert result.solution.tolist() == [[1]]


@pytest.mark.parametrize("n", [2, 3, 4, 7, 30])
@pytest.mark.parametrize("vertical", [False, True])
def test_empty_line_has_two_solutions(n: int, vertical: bool) -> None:
    # A line can only be walked end to end, one way or the other.
    puzzle = empty(n, 1) if vertical else empty(1, n)
    result = solve(puzzle, limit=5)
    check_result(puzzle, result, limit=5)
    up = list(range(1, n + 1))
    assert sorted(sol.ravel().tolist() for sol in result.solutions) == [up, up[::-1]]
    assert verdict(puzzle) is Status.MULTIPLE


def test_one_by_two_solutions() -> None:
    result = solve(empty(1, 2))
    check_result(empty(1, 2), result)
    assert result.status is Status.MULTIPLE
    assert sorted(s.tolist() for s in result.solutions) == [[[1, 2]], [[2, 1]]]


def test_line_with_middle_given_has_two_solutions() -> None:
    # 1 and 3 go either side of the 2.
    puzzle = board([[0, 2, 0]])
    assert verdict(puzzle) is Status.MULTIPLE
    assert count_solutions(puzzle, limit=10) == 2


@pytest.mark.parametrize("n", [2, 3, 5, 8, 30])
def test_line_with_an_end_given_is_unique(n: int) -> None:
    up = list(range(1, n + 1))
    for row, want in (([1] + [0] * (n - 1), up), ([0] * (n - 1) + [1], up[::-1]),
                      ([n] + [0] * (n - 1), up[::-1]), ([0] * (n - 1) + [n], up)):
        puzzle = board([row])
        result = solve(puzzle)
        check_result(puzzle, result)
        assert result.status is Status.UNIQUE, row
        assert result.solution.ravel().tolist() == want
        column = board([[v] for v in row])
        assert verdict(column) is Status.UNIQUE


@pytest.mark.parametrize(
    "row",
    [
        [0, 0, 0, 1, 0, 0],  # 1 must end a line, not sit inside it
        [0, 0, 6, 0, 0, 0],  # so must the last number
        [0, 1, 0, 0, 0],  # (and on an odd line it has the wrong colour too)
    ],
)
def test_line_with_an_end_number_inside_has_none(row: list[int]) -> None:
    assert verdict(board([row])) is Status.NONE
    assert verdict(board([[v] for v in row])) is Status.NONE


def test_line_with_gap_of_wrong_length_has_none() -> None:
    # 2 and 5 are two cells apart but three steps apart in number.
    assert verdict(board([[0, 2, 0, 5, 0, 0]])) is Status.NONE
    # A line holds 1..N or N..1, so 2 can only stand second from either end.
    assert verdict(board([[0, 0, 2, 0, 0, 0]])) is Status.NONE
    # 3 second from the end of 1x4 is fine: 4 3 2 1.
    result = solve(board([[0, 3, 0, 0]]))
    assert result.status is Status.UNIQUE
    assert result.solution.tolist() == [[4, 3, 2, 1]]


def test_two_by_two() -> None:
    # From the corner 1, the path goes round the square either way.
    assert verdict(board([[1, 0], [0, 0]])) is Status.MULTIPLE
    result = solve(board([[1, 2], [0, 0]]))
    assert result.status is Status.UNIQUE
    assert result.solution.tolist() == [[1, 2], [4, 3]]
    # 1 and 3 on the same side: 2 cannot touch both.
    assert verdict(board([[1, 3], [0, 0]])) is Status.NONE


@pytest.mark.parametrize("n", [2, 3, 4, 6, 15])
def test_two_by_n_u_turn_is_unique(n: int) -> None:
    # 1 and 2n side by side at one end: the path must run out along the top row and back
    # along the bottom one (turning down early would cut off the cells further along).
    puzzle = with_givens(2, n, {(0, 0): 1, (1, 0): 2 * n})
    result = solve(puzzle)
    check_result(puzzle, result)
    assert result.status is Status.UNIQUE
    top = list(range(1, n + 1))
    assert result.solution.tolist() == [top, list(range(2 * n, n, -1))]
    # The same board on its side.
    turned = Puzzle(puzzle.givens.T.copy())
    assert verdict(turned) is Status.UNIQUE


@pytest.mark.parametrize("n", [3, 5, 9])
def test_two_by_n_with_one_corner_given_is_multiple(n: int) -> None:
    assert verdict(with_givens(2, n, {(0, 0): 1})) is Status.MULTIPLE
    assert verdict(with_givens(n, 2, {(0, 0): 1})) is Status.MULTIPLE


@pytest.mark.parametrize("rows, cols", [(3, 5), (5, 3), (4, 7), (7, 4), (6, 9)])
def test_rectangle_with_row_ends_given_is_unique(rows: int, cols: int) -> None:
    # Serpentine: the numbers at both ends of a row are cols-1 apart, as far as the row is
    # long, so each row can only be filled straight across.
    snake = grid_of(rows, cols, serpentine(rows, cols))
    givens = np.zeros_like(snake)
    givens[:, 0] = snake[:, 0]
    givens[:, -1] = snake[:, -1]
    result = solve(Puzzle(givens))
    check_result(Puzzle(givens), result)
    assert result.status is Status.UNIQUE
    assert np.array_equal(result.solution, snake)


@pytest.mark.parametrize("rows, cols", [(3, 5), (5, 3), (4, 7), (7, 4), (2, 9)])
def test_rectangle_empty_or_with_corner_is_multiple(rows: int, cols: int) -> None:
    assert verdict(empty(rows, cols)) is Status.MULTIPLE
    assert verdict(with_givens(rows, cols, {(0, 0): 1})) is Status.MULTIPLE
    assert verdict(with_givens(rows, cols, {(rows - 1, cols - 1): rows * cols})) is Status.MULTIPLE


@pytest.mark.parametrize("rows, cols", [(1, 6), (3, 3), (4, 5), (6, 6), (9, 4)])
def test_givens_filling_the_grid(rows: int, cols: int) -> None:
    rng = random.Random(rows * 100 + cols)
    full = grid_of(rows, cols, random_path(rows, cols, rng))
    result = solve(Puzzle(full))
    check_result(Puzzle(full), result)
    assert result.status is Status.UNIQUE
    assert np.array_equal(result.solution, full)
    assert result.stats.nodes == 0  # nothing to guess


def test_filled_grid_that_is_not_a_path_has_none() -> None:
    # Row by row: 3 ends the first row and 4 starts the second, far apart.
    result = solve(board([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))
    assert result.status is Status.NONE and result.solutions == []
    assert result.reason == "3 and 4 are given but not next to each other"
    # A full 4x4 path with two numbers swapped.
    swapped = grid_of(4, 4, serpentine(4, 4))
    swapped[0, 0], swapped[3, 3] = swapped[3, 3], swapped[0, 0]
    assert verdict(Puzzle(swapped)) is Status.NONE


@pytest.mark.parametrize(
    "rows, cols, givens",
    [
        # Odd board: 1..9 on 3x3 puts five odd numbers on the five corner-coloured cells.
        (3, 3, {(0, 1): 1}),
        (3, 3, {(0, 0): 2}),
        (5, 5, {(1, 2): 13}),
        (5, 7, {(0, 0): 35, (0, 1): 34, (0, 2): 32}),
        # Even board: numbers of the same parity must share a colour...
        (4, 4, {(0, 0): 1, (1, 1): 4}),
        (4, 4, {(0, 0): 1, (0, 1): 3}),
        (6, 6, {(2, 3): 10, (4, 4): 16}),
        # ...and numbers of different parity must not.
        (2, 6, {(0, 0): 5, (1, 5): 8}),
    ],
)
def test_parity_contradictions(rows: int, cols: int, givens: dict) -> None:
    puzzle = with_givens(rows, cols, givens)
    result = solve(puzzle)
    assert result.status is Status.NONE
    assert result.solutions == []
    assert result.reason  # found before any search, so the user is told why
    if rows * cols <= 25:
        assert count_matching(puzzle) == 0


@pytest.mark.parametrize(
    "rows, cols, givens",
    [
        # 5 and 11 are eight steps apart on the board but only six apart in number.
        (5, 5, {(0, 0): 5, (4, 4): 11}),
        # 2 and 6 in opposite corners of 4x4: six steps apart, four numbers apart.
        (4, 4, {(0, 0): 2, (3, 3): 6}),
        # 5 and 9 three rows apart and three columns over: distance 6 > 4.
        (6, 6, {(0, 0): 5, (3, 3): 9}),
        # 1 and 4 five rows apart in a 2-wide board.
        (6, 2, {(0, 0): 1, (5, 0): 4}),
        # 30x30: two givens far apart in space, close in number.
        (30, 30, {(0, 0): 100, (29, 29): 150}),
    ],
)
def test_givens_too_far_apart(rows: int, cols: int, givens: dict) -> None:
    puzzle = with_givens(rows, cols, givens)
    assert verdict(puzzle, timeout=60) is Status.NONE
    if rows * cols <= 25:
        assert count_matching(puzzle) == 0


def test_givens_apart_around_a_wall() -> None:
    # 3x5 with 13, 14, 15 filling the middle column: 2 and 4 are two columns apart (distance 2,
    # right parity) but 3 would have to stand in the wall between them.
    puzzle = board([[0, 2, 13, 4, 0], [0, 0, 14, 0, 0], [0, 0, 15, 0, 0]])
    assert verdict(puzzle) is Status.NONE
    assert count_matching(puzzle) == 0


@pytest.mark.parametrize(
    "rows, cols, givens",
    [
        (3, 3, {(0, 0): 4, (2, 2): 5}),
        (4, 4, {(0, 0): 7, (0, 2): 8}),
        (1, 5, {(0, 0): 2, (0, 2): 3}),
        (5, 5, {(2, 2): 1, (4, 4): 2}),
    ],
)
def test_consecutive_givens_not_adjacent(rows: int, cols: int, givens: dict) -> None:
    result = solve(with_givens(rows, cols, givens))
    assert result.status is Status.NONE
    # what the player is told "no solution" by: the two numbers that cannot meet
    low = min(givens.values())
    assert result.reason == f"{low} and {low + 1} are given but not next to each other"


# Boards whose verdict depends on the runs before the smallest and after the largest given,
# whose free ends may be anywhere. Each is re-counted by brute force below.
HEAD_TAIL_BOARDS = [
    # Only the middle number of 3x3: the path is split into two free runs.
    ([[0, 0, 0], [0, 5, 0], [0, 0, 0]], Status.MULTIPLE),
    # 1 in the middle of 3x3 is allowed (centre has the corner colour); the tail goes round.
    ([[0, 0, 0], [0, 1, 0], [0, 0, 0]], Status.MULTIPLE),
    # Two givens, neither 1 nor the last number, and still one way to finish both ends.
    ([[0, 6, 0], [2, 0, 0], [0, 0, 0]], Status.UNIQUE),
    ([[2, 0, 8, 0], [0, 0, 0, 0], [0, 0, 0, 0]], Status.UNIQUE),
    ([[2, 0, 0, 11], [0, 0, 0, 0], [0, 0, 0, 0]], Status.UNIQUE),
    ([[3, 0, 0, 14], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], Status.UNIQUE),
    ([[4, 3, 0, 0, 0], [0, 0, 0, 0, 0]], Status.UNIQUE),
    # The head run 1..3 has room; the tail run 6..9 has many.
    ([[0, 0, 0], [4, 5, 0], [0, 0, 0]], Status.MULTIPLE),
    # Tail run only: 1 given in a corner of a 2x3, the rest free.
    ([[1, 0, 0], [0, 0, 0]], Status.MULTIPLE),
    # Head run only: the last number given next to a corner.
    ([[0, 0, 0], [0, 0, 0], [0, 9, 0]], Status.NONE),  # 9 is odd: needs the corner colour
    ([[0, 0, 0], [0, 0, 0], [0, 0, 9]], Status.MULTIPLE),
]


@pytest.mark.parametrize("rows, want", HEAD_TAIL_BOARDS)
def test_head_and_tail_runs_with_free_ends(rows: list[list[int]], want: Status) -> None:
    puzzle = board(rows)
    assert count_matching(puzzle) >= 2 if want is Status.MULTIPLE else True
    assert expected_status(count_matching(puzzle)) is want
    assert verdict(puzzle) is want


def test_two_givens_forcing_a_dead_end() -> None:
    # 4x4 with 5 and 9 on both neighbours of the top-left corner: the corner cell would need
    # two neighbours one apart from its own number (4 and 6, or 8 and 10, never 5 and 9), or
    # be an end of the path next to 2 or 15. Parity is fine, so only the dead end rules it out.
    dead = with_givens(4, 4, {(0, 1): 5, (1, 0): 9})
    assert verdict(dead) is Status.NONE
    assert count_matching(dead) == 0
    # The same on a big board.
    assert verdict(with_givens(12, 12, {(0, 1): 51, (1, 0): 71}), timeout=60) is Status.NONE
    # Two cut-off corners, each able to hold only an end of the path (1 next to 2, 25 next
    # to 24), and one cut-off corner that can hold nothing.
    ends = with_givens(5, 5, {(0, 1): 2, (1, 0): 12, (4, 3): 24, (3, 4): 10})
    assert verdict(ends) is expected_status(count_matching(ends))
    both_dead = with_givens(5, 5, {(0, 1): 4, (1, 0): 8, (4, 3): 14, (3, 4): 18})
    assert verdict(both_dead) is Status.NONE
    assert count_matching(both_dead) == 0
    # With 2 and 10 around the corner, the corner is forced to hold 1, and then one way on.
    forced = with_givens(4, 4, {(0, 1): 2, (1, 0): 10})
    result = solve(forced)
    check_result(forced, result)
    assert result.status is Status.UNIQUE
    assert result.solution[0, 0] == 1
    assert count_matching(forced) == 1


def test_empty_twelve_by_twelve_is_multiple() -> None:
    puzzle = empty(12, 12)
    result = solve(puzzle, timeout=60)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE


def test_thirty_by_thirty_with_one_given_is_multiple() -> None:
    puzzle = with_givens(30, 30, {(7, 3): 1})
    result = solve(puzzle, timeout=60)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE


def test_hand_made_small_boards_agree_with_brute_force() -> None:
    """The boards above that brute force can count, counted again, so no hand slip hides."""
    for rows, _ in HEAD_TAIL_BOARDS:
        assert_agrees_with_brute(board(rows))
    for puzzle in (board([[0, 2, 0]]), board([[1, 2], [0, 0]]), board([[1, 3], [0, 0]]),
                   with_givens(2, 4, {(0, 0): 1, (1, 0): 8}), board([[0, 3, 0, 0]]),
                   board([[0, 0, 2, 0, 0, 0]]), board([[0, 0, 0, 1, 0, 0]]),
                   board([[0, 2, 0, 5, 0, 0]]), with_givens(2, 5, {(0, 0): 1})):
        assert_agrees_with_brute(puzzle)


# --------------------------------------------------- exhaustive agreement on boards up to 4x4

SMALL_SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5)]


def _same_shape_copies(grid: np.ndarray) -> list[np.ndarray]:
    """The board mirrored and turned in the ways that keep its shape (8 for squares, else 4)."""
    copies = [grid, grid[::-1], grid[:, ::-1], grid[::-1, ::-1]]
    if grid.shape[0] == grid.shape[1]:
        copies += [c.T for c in copies]
    return [np.ascontiguousarray(c) for c in copies]


def _path_subsets(rows: int, cols: int, rng: random.Random, sample: int | None) -> list[bytes]:
    """Distinct puzzles whose givens are a subset of some path: a random sample of them, or
    (sample None) all of them up to mirroring and turning, which cannot change a verdict
    (test_verdict_survives_turning_mirroring_and_reversal holds the solver to that).
    Sorted: a set's order changes with the hash seed, and with it what a test draws next."""
    paths = all_paths(rows, cols)
    size = rows * cols
    found: set[bytes] = set()
    if sample is None:
        masks = [np.array([(m >> i) & 1 for i in range(size)], dtype=bool)
                 for m in range(1 << size)]
        for grid in paths:
            for keep in masks:
                puzzle = np.where(keep, grid, 0).astype(np.int16).reshape(rows, cols)
                found.add(min(c.tobytes() for c in _same_shape_copies(puzzle)))
        return sorted(found)
    while len(found) < sample:
        grid = paths[rng.randrange(len(paths))]
        # Every count of givens equally likely, so sparse and dense boards both get tested.
        k = rng.randint(0, size)
        keep = np.zeros(size, dtype=bool)
        keep[rng.sample(range(size), k)] = True
        found.add(np.where(keep, grid, 0).astype(np.int16).tobytes())
    return sorted(found)


@pytest.mark.parametrize("rows, cols", SMALL_SHAPES)
def test_every_small_puzzle_matches_brute_force(rows: int, cols: int) -> None:
    """Up to 9 cells: every subset of every path's givens. Larger: 1500 distinct ones."""
    size = rows * cols
    rng = random.Random(rows * 10 + cols)
    sample = None if size <= 9 else 1500
    verdicts = {Status.UNIQUE: 0, Status.MULTIPLE: 0}
    for key in _path_subsets(rows, cols, rng, sample):
        puzzle = puzzle_of(rows, cols, np.frombuffer(key, dtype=np.int16))
        result = assert_agrees_with_brute(puzzle)
        assert result.status is not Status.NONE  # the path it came from solves it
        verdicts[result.status] += 1
    if size >= 2:
        assert verdicts[Status.UNIQUE] and verdicts[Status.MULTIPLE]


@pytest.mark.parametrize("rows, cols", SMALL_SHAPES)
def test_junk_givens_match_brute_force(rows: int, cols: int) -> None:
    """Givens not taken from one path: random numbers, and a path's givens with one changed."""
    size = rows * cols
    rng = random.Random(1000 + rows * 10 + cols)
    paths = all_paths(rows, cols)
    nones = 0
    for trial in range(400 if size > 4 else 60):
        if trial % 2 == 0:
            k = rng.randint(1, min(size, 5))
            values = np.zeros(size, dtype=np.int16)
            values[rng.sample(range(size), k)] = rng.sample(range(1, size + 1), k)
        else:
            values = paths[rng.randrange(len(paths))].copy()
            values[rng.sample(range(size), rng.randint(0, size - 1))] = 0
            given_cells = list(np.flatnonzero(values))
            cell = rng.choice(given_cells)
            if rng.random() < 0.5:
                # Move one given to another cell (swapping with what is there).
                other = rng.randrange(size)
                values[cell], values[other] = values[other], values[cell]
            else:
                # Change one given to a number not already given.
                unused = sorted(set(range(1, size + 1)) - {int(v) for v in values})
                if unused:
                    values[cell] = rng.choice(unused)
        result = assert_agrees_with_brute(puzzle_of(rows, cols, values))
        nones += result.status is Status.NONE
    if size >= 4:
        assert nones > 0


@pytest.mark.parametrize("rows, cols", SMALL_SHAPES + [(2, 5), (5, 2), (3, 5), (2, 7)])
def test_counting_without_a_limit_finds_every_path(rows: int, cols: int) -> None:
    # Every solution exactly once: the empty board, then one and two corners given.
    for puzzle in (empty(rows, cols), with_givens(rows, cols, {(0, 0): 1}),
                   with_givens(rows, cols, {(0, 0): 1, (rows - 1, cols - 1): rows * cols})):
        want = count_matching(puzzle)
        result = solve(puzzle, limit=10**6)
        assert len(result.solutions) == want
        assert len({s.tobytes() for s in result.solutions}) == want
        assert all(solves(puzzle, s) for s in result.solutions)
        assert count_solutions(puzzle, limit=10**6) == want


def test_a_solution_met_again_in_another_integer_type_is_not_counted_twice() -> None:
    # The search records solutions by their numbers' bytes (comparing each with every one
    # found made counting thousands quadratic); grids built as int16 and as int64 must
    # still be one solution, or a unique board would be called one with several.
    puzzle = with_givens(2, 2, {(0, 0): 1})
    search = Search(puzzle.geometry, puzzle)
    grid = np.array([[1, 2], [4, 3]], dtype=np.int16)
    assert search.is_new_solution(grid)
    search.add_solution(grid)
    assert not search.is_new_solution(grid.astype(np.int64))
    assert not search.is_new_solution(np.asfortranarray(grid.astype(np.int32)))
    assert search.is_new_solution(np.array([[1, 4], [2, 3]], dtype=np.int64))


# ------------------------------------------------------------- random puzzles from random paths


@st.composite
def path_puzzles(draw, max_side: int = 7, min_side: int = 1):
    """(puzzle, path grid): a random path and a random share of its numbers given."""
    rows = draw(st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, max_side))
    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = grid_of(rows, cols, random_path(rows, cols, rng))
    share = draw(st.sampled_from([0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.7, 1.0]))
    keep = np.array([rng.random() < share for _ in range(rows * cols)]).reshape(rows, cols)
    return Puzzle(np.where(keep, grid, 0).astype(np.int16)), grid


def independent_count(puzzle: Puzzle) -> int | None:
    """Solutions up to 2 by brute force, or None when the board is too big to be sure cheaply."""
    if puzzle.size <= 25:
        return min(count_matching(puzzle), 2)
    return count_dfs(puzzle, limit=2, budget=3000)


#: raise (e.g. SOLVER_TEST_EXAMPLES=5000) for a long hunt; the default keeps the file quick
EXAMPLES = int(os.environ.get("SOLVER_TEST_EXAMPLES", "150"))
HYPO = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@HYPO
@given(path_puzzles())
def test_random_path_puzzle(case) -> None:
    puzzle, path_grid = case
    result = solve(puzzle, timeout=60)
    check_result(puzzle, result)
    # The path the givens came from is a solution, so "none" is always wrong here.
    assert result.status in (Status.UNIQUE, Status.MULTIPLE), puzzle.givens.tolist()
    if result.status is Status.UNIQUE:
        assert np.array_equal(result.solution, path_grid)
        # More givens from the solution cannot make room for a second one.
        rng = random.Random(puzzle.givens.tobytes())
        blanks = list(zip(*np.nonzero(puzzle.givens == 0)))
        for r, c in rng.sample(blanks, min(3, len(blanks))):
            more = puzzle.givens.copy()
            more[r, c] = path_grid[r, c]
            again = solve(Puzzle(more), timeout=60)
            check_result(Puzzle(more), again)
            assert again.status is Status.UNIQUE, more.tolist()
            assert np.array_equal(again.solution, path_grid)
    else:
        # Two solutions found; with at least one of them differing from the path, taking a
        # given from where they differ must leave the path's own puzzle solvable.
        a, b = result.solutions
        diff = list(zip(*np.nonzero(a != b)))
        r, c = diff[0]
        more = puzzle.givens.copy()
        more[r, c] = path_grid[r, c]
        assert verdict(Puzzle(more), timeout=60) in (Status.UNIQUE, Status.MULTIPLE)
    want = independent_count(puzzle)
    if want is not None:
        assert result.status is expected_status(want), puzzle.givens.tolist()


@st.composite
def junk_puzzles(draw, max_side: int = 7):
    """A path's givens with one or two of them moved or renumbered: often no solution."""
    puzzle, grid = draw(path_puzzles(max_side=max_side, min_side=2))
    rng = random.Random(draw(st.integers(0, 2**32)))
    values = puzzle.givens.ravel().copy()
    size = puzzle.size
    if not values.any():
        values[rng.randrange(size)] = rng.randint(1, size)
    for _ in range(draw(st.integers(1, 2))):
        cell = rng.choice(list(np.flatnonzero(values)))
        if rng.random() < 0.5:
            other = rng.randrange(size)
            values[cell], values[other] = values[other], values[cell]
        else:
            unused = sorted(set(range(1, size + 1)) - {int(v) for v in values})
            if unused:
                values[cell] = rng.choice(unused)
    return puzzle_of(puzzle.rows, puzzle.cols, values)


@HYPO
@given(junk_puzzles())
def test_junk_puzzle(puzzle: Puzzle) -> None:
    result = solve(puzzle, timeout=60)
    check_result(puzzle, result)
    want = independent_count(puzzle)
    if want is not None:
        assert result.status is expected_status(want), puzzle.givens.tolist()


@pytest.mark.parametrize("rows, cols", [(5, 5), (4, 6)])
def test_laying_runs_whole_on_small_boards_matches_brute_force(rows: int, cols: int) -> None:
    """Runs are laid whole from the first guess only on boards of 200 cells and more, beyond
    brute force (on smaller ones from the 64th, see the test below); turned on for every
    board, the verdicts still match it: path subsets, and each of them again
    with one given moved, with run probes that try two ways or more on many of them."""
    rng = random.Random(2000 + rows * 10 + cols)
    probed = []
    skipped = []  # ways listed again while known to be stuck (see `_bury_way`)
    ways = Search._ways

    def counted(self, lo: int, hi: int, most: int):
        found = ways(self, lo, hi, most)
        probed.append(found is not None and len(found) > 1)
        skipped.extend(way for way in found or () if (lo, way) in self.dead_ways)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver.probe, "_RUN_PROBE_FROM_CELLS", 0)
        patch.setattr(Search, "_ways", counted)
        for key in _path_subsets(rows, cols, rng, 800):
            values = np.frombuffer(key, dtype=np.int16).copy()
            assert_agrees_with_brute(puzzle_of(rows, cols, values))
            given_cells = list(np.flatnonzero(values))
            if given_cells:
                # The same board with one given moved: often no solution.
                cell, other = rng.choice(given_cells), rng.randrange(rows * cols)
                values[cell], values[other] = values[other], values[cell]
                assert_agrees_with_brute(puzzle_of(rows, cols, values))
        assert sum(probed) > 50
        assert len(skipped) > 5


@pytest.fixture
def restarts(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The search starts again after one guess, then two, four... (not after 64, 128...),
    until its first solution; the list gets, per restart due, whether it dropped any. The
    side search gets no turns: they come by the clock, so a busy machine would change how
    many restarts there are (the side search's verdicts are held by their own tests)."""
    done: list[bool] = []
    restart = Search._restart

    def counted(self, frames):
        dropped = restart(self, frames)
        done.append(dropped)
        return dropped

    monkeypatch.setattr(solver.search, "_RESTART_FIRST", 1)
    monkeypatch.setattr(Search, "_restart", counted)
    from numbrix_curses.solver import side

    monkeypatch.setattr(side.SideSearch, "due", lambda self, main, now: False)
    return done


def test_a_restart_takes_back_exactly_the_guesses_it_drops() -> None:
    """`_restart` drops the guesses below the newest one another process searches under
    (all of them when none is) and puts the board back as it stood before the first one
    dropped; with the newest guess handed out it drops nothing."""

    def three_guesses(
        puzzle: Puzzle,
    ) -> tuple[Search, list[Frame], list[tuple[list[int], list[int]]]]:
        """The search after its first three guesses, each taken as `_check` picks it;
        raises `Stuck` when the board is stuck or solved before the third."""
        search = Search(puzzle.geometry, puzzle)
        search.setup()
        frames, boards = [], []
        for _ in range(3):
            pick = search._check()
            if pick is None:
                raise Stuck  # (solved: no guess to take)
            number, cell = pick
            boards.append((list(search.pos), list(search.dom)))
            frames.append(Frame(number, cell, len(search.trail)))
            search._wiggle(number, cell)
        return search, frames, boards

    # a board whose first three guesses run into nothing (the first found, in corpus order)
    labels = [f"12x12-minimal-{k:02}" for k in range(20)]
    for puzzle in corpus_boards("corpus-v1-12x12", labels)[0]:
        try:
            three_guesses(puzzle)
            break
        except Stuck:
            continue
    else:
        pytest.fail("no board in the corpus takes three guesses in a row")

    search, frames, boards = three_guesses(puzzle)
    assert search._restart(frames)
    assert frames == [] and (search.pos, search.dom) == boards[0]

    search, frames, boards = three_guesses(puzzle)
    frames[0].given = True
    assert search._restart(frames)
    assert len(frames) == 1 and (search.pos, search.dom) == boards[1]

    search, frames, _ = three_guesses(puzzle)
    frames[2].given = True
    placed = list(search.pos)
    assert not search._restart(frames)
    assert len(frames) == 3 and search.pos == placed


def sparse_small_boards(rng: random.Random, count: int) -> Iterator[Puzzle]:
    """`count` 7x7 and 6x8 boards with 12% of a random path's numbers given, half of them
    with one given moved (often no solution)."""
    for _ in range(count):
        rows, cols = rng.choice([(7, 7), (6, 8)])
        grid = grid_of(rows, cols, random_path(rows, cols, rng))
        values = np.where([rng.random() < 0.12 for _ in range(grid.size)], grid.ravel(), 0)
        given_cells = list(np.flatnonzero(values))
        if given_cells and rng.random() < 0.5:
            cell, other = rng.choice(given_cells), rng.randrange(grid.size)
            values[cell], values[other] = values[other], values[cell]
        yield puzzle_of(rows, cols, values)


def agreeing_with_a_counter(puzzles: Iterator[Puzzle], **options) -> int:
    """Solve each puzzle (with `options`); each answer must hold, and its verdict must be the
    one an independent depth-first counter gives where that counter finishes. The number of
    puzzles it finished on."""
    compared = 0
    for puzzle in puzzles:
        result = solve(puzzle, **options)
        check_result(puzzle, result)
        want = count_dfs(puzzle, limit=2, budget=10_000)  # (None: too long a search)
        if want is not None:
            compared += 1
            assert result.status is expected_status(want), puzzle.givens.tolist()
    return compared


def test_restarting_after_every_few_guesses_keeps_every_verdict(restarts: list[bool]) -> None:
    """Sparse 7x7 and 6x8 boards (half of them with one given moved: often no solution),
    searched with restarts every few guesses, get the verdict an independent depth-first
    counter gives them, and restarts do happen on many of them."""
    compared = agreeing_with_a_counter(sparse_small_boards(random.Random(3007), 80))
    assert compared > 40
    assert sum(restarts) > 15  # (how many depends on the search order)


def test_restarting_after_every_few_guesses_still_proves_unique_boards(
    restarts: list[bool],
) -> None:
    """Clue-minimal 9x9 and 12x12 boards, searched with restarts every few guesses: each is
    still proved unique, with the solution it was made from. (A restart that forgot to take
    back the guesses it drops would search on from the wrong board and call some of them
    "none".)"""
    for name, ids in [
        ("corpus-v1-9x9", [f"9x9-minimal-{k:02d}" for k in range(10)]),
        ("corpus-v1-12x12", [f"12x12-minimal-{k:02d}" for k in range(20)]),
    ]:
        puzzles, answers = corpus_boards(name, ids)
        assert len(puzzles) == len(ids)
        for puzzle in puzzles:
            result = solve(puzzle)
            assert result.status is Status.UNIQUE, puzzle.id
            assert np.array_equal(result.solution, answers[puzzle.id]), puzzle.id
    assert sum(restarts) > 20


def test_boards_past_15x15_restart_too_and_keep_their_verdict(restarts: list[bool]) -> None:
    """Past 15x15 the first restart comes later than on smaller boards, but it comes: with
    that gap at one guess too, sparse 16x16 boards (12% of the numbers given, several
    solutions) restart several times each and still get two valid solutions."""
    for seed in (2, 22, 23, 24):
        rng = random.Random(seed)
        grid = grid_of(16, 16, random_path(16, 16, rng)).ravel()
        values = np.where([rng.random() < 0.12 for _ in range(grid.size)], grid, 0)
        puzzle = puzzle_of(16, 16, values)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(solver.search, "_RESTART_FIRST_DEEP", 1)
            result = solve(puzzle, workers=1, max_nodes=2000)
        check_result(puzzle, result)
        assert result.status is Status.MULTIPLE
    assert sum(restarts) >= 12


# Sparse boards laid out as puzzle pages print them, each with a slip of copying: many
# solutions, yet a search that tried cells in one fixed order ran into a part with none and
# spent thousands of guesses refuting it, restart after restart.
OPEN_PRINTED = [
    """
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .  62   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .  54  55   .   .  60  71  70   .   .
  .   .   .   .   .  59   .   .   .   .
  .   .   .   .   .  42   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .
""",
    """
  .   .   .   .   .   .   .   . 119   .   .   .
  .   .   . 107   .   .   .   . 134   .   .   .
  .   .   .   .   .   .   .   .   . 128   .   .
  .  87   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .  33   .
  .   .  56   .   .   .   .   .   .   .   .   .
  .   .   .  58   .   .   .   .  27   .   .   .
  .   .   .  61   .   .   .   .   .   .   .   .
""",
]


@pytest.mark.parametrize("text", OPEN_PRINTED, ids=["12x10-8-givens", "12x12-11-givens"])
def test_restarts_try_equal_cells_in_a_new_order_and_find_two_solutions(text: str) -> None:
    """After a restart, cells the search rates alike are tried in a random (seeded) order, so
    each restart searches a tree of its own: these boards get two solutions within a few
    hundred guesses (552 and 88; the fixed order had not found one after 25,000 and 880)."""
    puzzle = parse_puzzles(text)[0]
    result = solve(puzzle, workers=1, max_nodes=800)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE


def test_the_order_after_a_restart_is_the_same_each_time(monkeypatch) -> None:
    """The random order after a restart is seeded: the same search again takes the same
    guesses to the same solutions (the 12x12 board above, 88 guesses)."""
    dropped: list[bool] = []
    restart = Search._restart

    def counted(self, frames):
        dropped.append(restart(self, frames))
        return dropped[-1]

    monkeypatch.setattr(Search, "_restart", counted)
    puzzle = parse_puzzles(OPEN_PRINTED[1])[0]
    first = solve(puzzle, workers=1, max_nodes=800)
    restarted = dropped.count(True)
    again = solve(puzzle, workers=1, max_nodes=800)
    assert first.status is Status.MULTIPLE and restarted >= 1
    assert dropped.count(True) == 2 * restarted
    assert again.stats.nodes == first.stats.nodes
    assert [s.tolist() for s in again.solutions] == [s.tolist() for s in first.solutions]


# `make soak`'s case 671922832: 16 givens, several solutions, and a tail run (170..180) whose
# first number has fewer cells than any other run end
TAIL_INTO_A_CORNER = """
  .   .   .   .   .   .   .   .   .   .   .   .   .  71   .   .   .   .   6   .
  .   .   .   .   .   .   .   .   .   .   .  96   .   .   .   .   .   .   1   .
  .   .   .   .   .   .   .   .   .  99  98   .   .   .   .   .   .   .   .   .
  . 166 167   .   .   .   .   .   .   .   .   .   .   .   .   .   .  12   .   .
  . 169   .   .   .   .   . 145   .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   . 139   .   .   .   .   .   .   .   .   .  33   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .  20   .
  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .  30   .   .
  .   .   . 129   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
"""


def test_a_sparse_board_whose_tail_run_would_take_a_corner_gets_two_solutions() -> None:
    """Guessed first, the tail run went into the top-left corner that the run 71..96 needs,
    and the refutations fell far from it, so no restart moved it: no solution in 30 s (CP-SAT
    finds two in a second). Guessed after the runs between givens: two within 200 guesses."""
    puzzle = parse_puzzles(TAIL_INTO_A_CORNER)[0]
    result = solve(puzzle, workers=1, max_nodes=200)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE


@pytest.fixture(params=["whole", "slices"])
def side_turns(
    request, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, list[tuple[bool, bool]], list[int]]:
    """The side search gets its first turn at the search's first guess: "whole" turns long
    enough to search everything, or "slices" so short that the clock ends nearly every one
    (then each turn starts again from the root, in a new order). Gives which of the two, a
    list that gets (settled, exhausted) per turn, and one that gets the solutions the side
    search has found by the end of each turn."""
    from numbrix_curses.solver import side

    turns: list[tuple[bool, bool]] = []
    found: list[int] = []
    turn = side.SideSearch.turn

    def counted(self, main):
        settled = turn(self, main)
        turns.append((settled, self.exhausted))
        found.append(len(self.search.solutions))
        return settled

    monkeypatch.setattr(side, "FIRST_TURN", 1e-4)
    monkeypatch.setattr(side, "FIRST_AFTER_BACKTRACKS", 0)
    monkeypatch.setattr(side, "SHARE", 1e5 if request.param == "whole" else 5.0)
    monkeypatch.setattr(side.SideSearch, "turn", counted)
    return request.param, turns, found


def test_the_side_search_keeps_every_verdict(
    side_turns: tuple[str, list[tuple[bool, bool]], list[int]],
) -> None:
    """Sparse 7x7 and 6x8 boards (half with one given moved: often no solution), with the
    side search taking turns from the first guess: each gets the verdict an independent
    depth-first counter gives it. Whole turns settle boards by two solutions; slices are
    mostly ended by the clock, and the search goes on after them. (On boards this small,
    those with one solution or none are settled before any guess, or by the dive.)"""
    mode, turns, _ = side_turns
    compared = agreeing_with_a_counter(sparse_small_boards(random.Random(3011), 60), workers=1)
    assert compared > 30
    if mode == "whole":
        assert turns.count((True, False)) > 5
    else:
        assert turns.count((False, False)) > 10


def test_a_side_search_that_searches_everything_proves_unique_boards(
    side_turns: tuple[str, list[tuple[bool, bool]], list[int]],
) -> None:
    """Clue-minimal 9x9 boards with the side search taking turns from the first guess: each
    is proved unique with the solution it was made from, whoever finishes the proof (whole
    turns: the side search, on the boards that need a guess)."""
    mode, turns, _ = side_turns
    ids = [f"9x9-minimal-{k:02d}" for k in range(12)]
    puzzles, answers = corpus_boards("corpus-v1-9x9", ids)
    for puzzle in puzzles:
        result = solve(puzzle, workers=1)
        assert result.status is Status.UNIQUE, puzzle.id
        assert np.array_equal(result.solution, answers[puzzle.id]), puzzle.id
    assert turns
    if mode == "whole":
        assert all(turn == (True, True) for turn in turns)


def test_a_sparse_printed_board_gets_two_solutions_from_the_side_search(
    side_turns: tuple[str, list[tuple[bool, bool]], list[int]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 16x14 board of a printed layout with a given dropped (benchmarks/hard/
    printed-soak.txt): the search that probes takes 2,871 guesses (28 s) to find two
    solutions; the side search's first turn, which takes its choices in the same order
    without probing, finds them in 137 (0.2 s). Cut into slices, a later turn finds them,
    or the first of them: the clock may end that turn between the two, and the search that
    probes, given a solution, finds the next (the side search gets no turn once it has one;
    alone it takes 27 s). The ports rule is off here: with it the search that probes
    finds the two itself in 356 guesses (3.8 s), often before a slice of the side search
    does (see `solver.ports`)."""
    from numbrix_curses.solver import search as search_module

    monkeypatch.setattr(search_module, "_PORTS_AFTER", 10**9)
    mode, turns, found = side_turns
    [puzzle] = [p for p in read_puzzles(str(CORPUS.parent / "hard" / "printed-soak.txt"))
                if p.id == "soak-printed-3834595634"]
    result = solve(puzzle, workers=1)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE
    if mode == "whole":
        assert turns == [(True, False)]
    else:
        assert turns[-1] == (True, False) or found[-1] >= 1


def test_a_search_on_a_guess_budget_or_watched_gives_no_turns(monkeypatch) -> None:
    """A guess budget gives the same answer on every machine, and a watcher replays one
    search's moves: neither may depend on turns the clock ends."""
    from numbrix_curses.solver import side

    monkeypatch.setattr(side, "FIRST_TURN", 0.0)
    monkeypatch.setattr(side, "FIRST_AFTER_BACKTRACKS", 0)

    def refused(self, main):
        raise AssertionError("a side turn was taken")

    monkeypatch.setattr(side.SideSearch, "turn", refused)
    guesses = 0
    # (sparse boards that need a few dozen guesses: a side turn would come at the first)
    for puzzle in sparse_small_boards(random.Random(3011), 12):
        budgeted = solve(puzzle, workers=1, max_nodes=800)
        check_result(puzzle, budgeted)
        watched = solve(puzzle, workers=1, on_event=lambda event: None)
        assert watched.status is budgeted.status
        guesses += budgeted.stats.nodes
    assert guesses > 100


def four_givens_17x20() -> Puzzle:
    """17x20 with four givens far apart: thousands of solutions, and pockets behind
    corridors for the last runs to fall into."""
    rows, cols = 17, 20
    values = np.zeros(rows * cols, dtype=np.int64)
    for number, (row, col) in {196: (8, 11), 195: (9, 11), 276: (11, 8), 172: (12, 17)}.items():
        values[row * cols + col] = number
    return puzzle_of(rows, cols, values)


@pytest.fixture
def cut_rule_changes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every call of the cut cell rule (`Search._cuts`): whether it narrowed the board
    (True), found nothing (False), or found the board stuck (also True)."""
    calls: list[bool] = []
    cuts = Search._cuts

    def counted(self, segs):
        try:
            changed = cuts(self, segs)
        except Stuck:
            calls.append(True)
            raise
        calls.append(changed)
        return changed

    monkeypatch.setattr(Search, "_cuts", counted)
    return calls


def cut_rule_board(ends: tuple[int, int]) -> tuple[Search, list[tuple[int, int]]]:
    """A 4x5 board whose free cells are two rooms joined by one corridor cell, and the run
    2..18 that alone fills them, with 2 and 18 held to the cells `ends`:

         3  2  1 12 13        1, 19 and 20 are placed; room A is the left two columns,
         4  9 10 11 14        room B the right two, and the corridor is cell 7 (row 1,
         5  8 19 18 15        column 2). The numbers show the one way to fill them with 2
         6  7 20 17 16        and 18 on cells 1 and 13.
    """
    geo = Puzzle(np.zeros((4, 5), dtype=np.int16)).geometry
    placed = {1: 2, 19: 12, 20: 17}
    rooms = sum(1 << cell for cell in range(20) if cell not in placed.values())
    odd = odd_number_colour(geo, placed)
    pos = [-1] * 21
    dom = [0] * 21
    for v in range(1, 21):
        if v in placed:
            pos[v] = placed[v]
        else:
            dom[v] = rooms & colour_mask(geo, number_colour(odd, v))
    dom[2], dom[18] = 1 << ends[0], 1 << ends[1]
    search = Search(geo)
    search.load(pos, dom, rooms, odd)
    return search, [(2, 18)]


def test_a_run_filling_two_rooms_crosses_the_corridor_once() -> None:
    """With 2 in room A and 18 in room B, A holds 2..9 and B 11..18: 10 stands on the
    corridor, 9 and 11 on the cells either side of it (each also a cut cell), and every
    other number keeps only its own room."""
    search, runs = cut_rule_board((1, 13))
    while search._cuts(runs):
        pass
    room_a = sum(1 << cell for cell in (0, 1, 5, 10, 11, 15, 16))
    room_b = sum(1 << cell for cell in (3, 4, 9, 13, 14, 18, 19))
    assert (search.dom[9], search.dom[10], search.dom[11]) == (1 << 6, 1 << 7, 1 << 8)
    assert all(search.dom[v] & ~room_a == 0 for v in range(2, 9))
    assert all(search.dom[v] & ~room_b == 0 for v in range(12, 19))
    # the one solution (drawn in `cut_rule_board`) keeps every number's cell
    solution = [0, 2, 1, 0, 5, 10, 15, 16, 11, 6, 7, 8, 3, 4, 9, 14, 19, 18, 13, 12, 17]
    assert all(search.dom[v] >> solution[v] & 1 for v in range(1, 21))


def test_a_run_with_both_ends_in_one_room_cannot_fill_both() -> None:
    """18 held to room A as well: the run would have to cross the corridor twice."""
    search, runs = cut_rule_board((1, 11))
    with pytest.raises(Stuck):
        search._cuts(runs)


def test_a_cell_that_splits_a_pocket_in_three_cannot_be_passed_by_one_run() -> None:
    """A plus-shaped pocket on a 5x5 board, for the head 1..9 alone: its middle cell leaves
    four arms, which one path cannot fill. (The numbers 10..25 stand on the other cells; the
    rule reads only the pocket and the run.)"""
    geo = Puzzle(np.zeros((5, 5), dtype=np.int16)).geometry
    plus = {2, 7, 10, 11, 12, 13, 14, 17, 22}
    pos = [-1] * 26
    for v, cell in zip(range(10, 26), sorted(set(range(25)) - plus)):
        pos[v] = cell
    pocket = sum(1 << cell for cell in plus)
    dom = [pocket if pos[v] < 0 else 0 for v in range(26)]
    search = Search(geo)
    search.load(pos, dom, pocket, None)
    with pytest.raises(Stuck):
        search._cuts([(1, 9)])


def shared_pocket_board(end_cells: int) -> tuple[Search, list[tuple[int, int]]]:
    """A 5x5 board whose free cells are the pocket P = {0, 1, 5, 6, 7, 8}: the room
    A = {0, 1, 5} behind cell 6, then 7 and 8 (cell 7 is a cut cell too). The one-number
    run 10 and the tail run 21..25 share it; 10 and 21 are held to cells 7 and 8, and 25 to
    `end_cells`. (The numbers not in the runs stand on the other cells, 20 on cell 2; the
    rule reads only the pocket and the runs.)

         P  P 20  #  #        P: the pocket, rows 0 and 1 of the board; # another number
         P  P  P  P  #        (the bottom three rows are all numbers)
    """
    geo = Puzzle(np.zeros((5, 5), dtype=np.int16)).geometry
    pocket_cells = (0, 1, 5, 6, 7, 8)
    pocket = sum(1 << cell for cell in pocket_cells)
    missing = (10, 21, 22, 23, 24, 25)
    pos = [-1] * 26
    others = iter(cell for cell in range(25) if cell not in pocket_cells and cell != 2)
    for v in range(1, 26):
        if v == 20:
            pos[v] = 2  # next to cell 7, where 21 may go
        elif v not in missing:
            pos[v] = next(others)
    dom = [0] * 26
    for v in missing:
        dom[v] = pocket
    dom[10] = dom[21] = (1 << 7) | (1 << 8)
    dom[25] = end_cells
    search = Search(geo)
    search.load(pos, dom, pocket, None)
    return search, [(10, 10), (21, 25)]


def test_a_room_behind_a_cut_cell_is_filled_from_the_only_run_end_that_fits_in_it() -> None:
    """Only 25 can end in room A, so A holds 23..25 and 22 stands on cell 6, the way in;
    the part behind cell 7 is {0, 1, 5, 6}: 22..25, with 21 on cell 7 and 10 left on 8."""
    room = (1 << 0) | (1 << 1) | (1 << 5)
    search, runs = shared_pocket_board(sum(1 << cell for cell in (0, 1, 5, 6, 7, 8)))
    while search._cuts(runs):
        pass
    assert search.dom[22] == 1 << 6 and search.dom[21] == 1 << 7
    assert all(search.dom[v] & ~room == 0 for v in (23, 24, 25))


def test_a_room_behind_a_cut_cell_that_no_run_can_end_in_is_stuck() -> None:
    """25 held out of room A too: a path would have to come in through cell 6 and go out
    the same way."""
    search, runs = shared_pocket_board((1 << 6) | (1 << 7) | (1 << 8))
    with pytest.raises(Stuck):
        search._cuts(runs)


def test_the_cut_cell_rule_keeps_every_verdict_on_small_boards(
    cut_rule_changes: list[bool],
) -> None:
    """Sparse boards up to 5x5 and 3x7, a third of them with one given changed, where a run
    often fills a pocket with a corridor in it alone: brute force gives each the solver's
    verdict, and the rule narrows boards many times on the way."""
    rng = random.Random(3101)
    for _ in range(400):
        rows, cols = rng.choice([(4, 4), (4, 5), (5, 5), (3, 6), (4, 6), (2, 7), (3, 7)])
        grid = grid_of(rows, cols, random_path(rows, cols, rng)).ravel()
        values = np.zeros(grid.size, dtype=np.int64)
        keep = rng.sample(range(grid.size), rng.randint(1, 6))
        values[keep] = grid[keep]
        if rng.random() < 0.3:
            values[rng.choice(keep)] = rng.randint(1, grid.size)
            if len(set(values[values > 0])) < np.count_nonzero(values):
                continue  # a number given twice: not a puzzle
        assert_agrees_with_brute(puzzle_of(rows, cols, values))
    assert sum(cut_rule_changes) > 25


def test_a_board_with_four_givens_is_answered_in_a_few_hundred_guesses() -> None:
    """The 17x20 board with four givens: without the cut cell rule the search lays its last
    run into a pocket behind a corridor that it cannot fill and finds no solution in 2,000
    guesses; with it, two solutions in 537."""
    puzzle = four_givens_17x20()
    result = solve(puzzle, max_nodes=700)
    assert result.status is Status.MULTIPLE
    check_result(puzzle, result)


def test_an_open_board_is_answered_soon_after_a_restart_turns_the_first_choice() -> None:
    """A sparse 11x19 board with several solutions (benchmarks/hard/open-random.txt): the
    first choices lead into a part of the tree with no solution; the restart after 64
    guesses tries the other way first and meets two solutions soon after (96 guesses;
    without turning round, none within 800)."""
    [puzzle] = [p for p in read_puzzles(str(CORPUS.parent / "hard" / "open-random.txt"))
                if p.id == "open-00-11x19-s0"]
    result = solve(puzzle, max_nodes=200)
    assert result.status is Status.MULTIPLE
    check_result(puzzle, result)


# A sparse 11x19 board as its search left it after 209 guesses: the runs 99..149 (from 98
# on the right to 150 at the top) and 167..182 (from 166 beside 150 to 183 on the left)
# share the one pocket of free cells, and their ends come round it in the order 183, 150,
# 166, 98, so the two runs would have to cross.
CROSSING_RUNS = """\
 25  24  23  22  21  20  19  18  17 154 155 156 157 160 161   .   .  94  93
 26   9  10  11  12  13  14  15  16 153 152 151 158 159 162   .   .  95  92
 27   8   7   6   5   4   3   2   1   .   . 150 165 164 163   .   .  96  91
 28 193 192 191 190 189 188 187 186   .   .   . 166   .   .   .   .  97  90
 29 194 195  52  53  54  55  56 185   .   .   .   .   .   .   .   .  98  89
 30 197 196  51  60  59  58  57 184 183   .   .   .   .   .   .   .   .  88
 31 198 199  50  61  62  63  64  65   .   .   .   .   .   .   .   .   .  87
 32 201 200  49  48  47  68  67  66   .   .   .   .   .   .   .   .   .  86
 33 202 205 206 207  46  69  70  71   .   .   .   .   .   .   .   .   .  85
 34 203 204 209 208  45  44  43  72   .   .   .   .   .   .   .   .   .  84
 35  36  37  38  39  40  41  42  73  74  75  76  77  78  79  80  81  82  83
"""


def test_two_runs_whose_ends_interleave_round_their_pocket_are_stuck_without_a_guess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The crossing rule refutes the board at once; without it the search needs about 150
    guesses (CP-SAT agrees there is no solution), and 50 leave it undecided."""
    [puzzle] = parse_puzzles(CROSSING_RUNS)
    result = solve(puzzle)
    assert result.status is Status.NONE and result.stats.nodes == 0
    monkeypatch.setattr(Search, "_crossing", lambda self, segs: None)
    result = solve(puzzle, max_nodes=50)
    assert result.status is Status.TIMEOUT and result.stats.nodes > 50


def test_the_crossing_rule_keeps_every_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards up to 9x9 with givens in short runs taken from two different paths, so that
    runs often have to cross: the verdict with the rule is the verdict without it (the
    search without it is checked by brute force above), and the rule refutes boards many
    times on the way."""
    rng = random.Random(2)
    crossing = Search._crossing
    refuted = []

    def counted(self, segs):
        try:
            crossing(self, segs)
        except Stuck:
            refuted.append(True)
            raise

    for _ in range(220):
        rows, cols = rng.choice([(7, 7), (8, 8), (6, 9), (9, 9)])
        size = rows * cols
        values = np.zeros(size, dtype=np.int64)
        for path in (random_path(rows, cols, rng), random_path(rows, cols, rng)):
            for _ in range(rng.randint(1, 2)):
                start = rng.randrange(1, size)
                for v in range(start, min(size, start + rng.randint(1, 4)) + 1):
                    if not values[path[v - 1]] and v not in values:
                        values[path[v - 1]] = v
        puzzle = puzzle_of(rows, cols, values)
        monkeypatch.setattr(Search, "_crossing", counted)
        with_rule = solve(puzzle, workers=1)
        monkeypatch.setattr(Search, "_crossing", lambda self, segs: None)
        without = solve(puzzle, workers=1)
        assert with_rule.status is without.status
        check_result(puzzle, with_rule)
    assert len(refuted) > 10


def test_an_open_board_whose_runs_would_cross_is_answered_in_a_few_hundred_guesses() -> None:
    """open-11x19-runs (benchmarks/hard): 30 givens in a few long runs; before the crossing
    rule no setting answered it within 120 s, as the search kept laying the two last runs
    into the one pocket from ends that interleave (358 guesses with it)."""
    [puzzle] = [p for p in read_puzzles(str(CORPUS.parent / "hard" / "open-sparse.txt"))
                if p.id == "open-11x19-runs"]
    result = solve(puzzle, max_nodes=700)
    assert result.status is Status.MULTIPLE
    check_result(puzzle, result)


def _symmetries(grid: np.ndarray):
    """The board turned and mirrored (8 ways), each with the numbers also run backwards."""
    size = grid.size
    for k in range(4):
        for flip in (False, True):
            g = np.rot90(grid, k)
            g = g.T if flip else g
            g = np.ascontiguousarray(g)
            yield g
            yield np.where(g > 0, size + 1 - g, 0).astype(np.int16)


@settings(max_examples=max(1, EXAMPLES // 4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(path_puzzles(max_side=6, min_side=2))
def test_verdict_survives_turning_mirroring_and_reversal(case) -> None:
    puzzle, _ = case
    base = solve(puzzle, timeout=60).status
    for g in _symmetries(puzzle.givens):
        copy = Puzzle(g)
        result = solve(copy, timeout=60)
        check_result(copy, result)
        assert result.status is base, (puzzle.givens.tolist(), g.tolist())


# ------------------------------------------------------------------- limits, clock and events

# Sparse but with plenty of room: no known solver finishes it in a few milliseconds.
HARD = with_givens(20, 20, {(5, 5): 100, (14, 14): 300})


def test_limit_one_stops_at_first_solution() -> None:
    for puzzle in (empty(3, 3), board([[1, 2], [0, 0]]), empty(12, 12)):
        result = solve(puzzle, limit=1)
        check_result(puzzle, result, limit=1)
        assert result.status is Status.SOLVED
        assert len(result.solutions) == 1
    assert verdict(board([[1, 3], [0, 0]]), limit=1) is Status.NONE
    assert verdict(with_givens(4, 4, {(0, 1): 5, (1, 0): 9}), limit=1) is Status.NONE


def test_limit_three_counts_to_three() -> None:
    puzzle = empty(4, 4)  # 552 solutions
    result = solve(puzzle, limit=3)
    check_result(puzzle, result, limit=3)
    assert result.status is Status.MULTIPLE
    assert len(result.solutions) == 3
    # Only two exist here: the limit is a ceiling, not a target.
    two = board([[0, 2, 0]])
    result = solve(two, limit=3)
    assert result.status is Status.MULTIPLE
    assert len(result.solutions) == 2
    # A unique board stays unique whatever the limit.
    assert verdict(board([[1, 2], [0, 0]]), limit=3) is Status.UNIQUE


def test_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        solve(empty(2, 2), limit=0)


def test_tiny_timeout_gives_timeout() -> None:
    result = solve(HARD, timeout=0.001)
    assert result.status is Status.TIMEOUT
    assert all(HARD.is_solution(s) for s in result.solutions)
    assert result.stats.nodes > 0


def test_past_deadline_gives_timeout() -> None:
    assert solve(HARD, deadline=time.monotonic() - 1).status is Status.TIMEOUT
    # The earlier of deadline and timeout wins.
    assert solve(HARD, deadline=time.monotonic() + 0.001, timeout=1000).status is Status.TIMEOUT
    assert solve(HARD, deadline=time.monotonic() + 1000, timeout=0.001).status is Status.TIMEOUT


# A random 25x25 path with 36 of its numbers given: the probing before the first guess
# takes thousands of placements (1.4 s).
SPARSE_25 = with_givens(25, 25, {
    (2, 11): 480, (3, 7): 467, (3, 8): 468, (4, 9): 438, (4, 12): 435, (4, 13): 430,
    (5, 19): 259, (7, 2): 512, (7, 11): 525, (7, 15): 337, (8, 0): 617, (8, 3): 578,
    (9, 1): 625, (9, 12): 88, (9, 17): 311, (10, 6): 569, (10, 9): 548, (12, 19): 306,
    (13, 2): 608, (13, 3): 585, (14, 14): 417, (14, 22): 387, (16, 6): 121, (17, 4): 126,
    (17, 8): 110, (18, 20): 381, (19, 13): 73, (19, 14): 412, (19, 17): 365, (19, 18): 366,
    (20, 4): 51, (21, 15): 17, (22, 9): 30, (23, 0): 138, (23, 12): 24, (23, 21): 1,
})


def test_a_deadline_is_kept_in_the_probing_before_the_first_guess() -> None:
    """The clock is read in every trial of probing, not only between guesses: before, a
    deadline long past let this board's root probing run to its end (`--timeout 0.1`
    took 2.6 s)."""
    root = solve(SPARSE_25, max_nodes=0)  # the root's probing, then the first guess
    assert root.status is Status.TIMEOUT and root.stats.placements > 1000
    result = solve(SPARSE_25, deadline=time.monotonic() - 1)
    assert result.status is Status.TIMEOUT
    assert result.stats.nodes == 0  # given up before any guess
    assert result.stats.placements < 50  # after a trial or two, not the whole round


def test_deadline_does_not_cut_short_an_easy_board() -> None:
    puzzle = board([[1, 2], [0, 0]])
    assert verdict(puzzle, deadline=time.monotonic() + 60) is Status.UNIQUE


# Unique, but only after refuted guesses (found by searching random 7x7 boards for one the
# solver cannot settle without backtracking; easier boards stop needing guesses as the
# solver's deductions get stronger, so this one may need replacing again).
BACKTRACKING_UNIQUE = board([
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 1],
    [0, 0, 0, 0, 16, 3, 0],
    [0, 28, 27, 0, 0, 0, 0],
    [0, 29, 26, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0],
])
BACKTRACKING_MULTIPLE = board([
    [0, 0, 0, 0, 0, 0],
    [2, 0, 0, 7, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 17],
    [0, 0, 0, 0, 0, 0],
])


@pytest.mark.parametrize(
    "puzzle, backtracks",
    [(BACKTRACKING_UNIQUE, True), (BACKTRACKING_MULTIPLE, True), (empty(5, 5), False)],
)
def test_events_replay_to_the_solutions(puzzle: Puzzle, backtracks: bool) -> None:
    events = []
    result = solve(puzzle, on_event=events.append)
    check_result(puzzle, result)
    kinds = {e.kind for e in events}
    assert EventKind.PLACE in kinds and EventKind.SOLUTION in kinds
    replay = np.zeros(puzzle.size, dtype=np.int16)
    seen_solutions = 0
    for e in events:
        if e.kind is EventKind.PLACE:
            assert replay[e.cell] == 0, f"{e.number} put on a taken cell"
            assert e.number not in replay, f"{e.number} placed twice"
            replay[e.cell] = e.number
        elif e.kind is EventKind.REMOVE:
            assert replay[e.cell] == e.number, "removed a number that was not there"
            replay[e.cell] = 0
        else:
            assert np.array_equal(replay, result.solutions[seen_solutions].ravel())
            seen_solutions += 1
    assert seen_solutions == len(result.solutions)
    # Givens are placed first and never taken back.
    given_cells = set(np.flatnonzero(puzzle.givens.ravel()))
    assert {e.cell for e in events[: len(given_cells)]} == given_cells
    assert not any(e.kind is EventKind.REMOVE and e.cell in given_cells for e in events)
    if backtracks:
        assert result.stats.backtracks > 0
        assert EventKind.REMOVE in kinds
    guesses = sum(1 for e in events if e.kind is EventKind.PLACE and e.guess)
    assert 0 < guesses <= result.stats.nodes


def test_probing_trials_are_told_apart_from_guesses_and_all_taken_back() -> None:
    """Watching the search, probing's trials were drawn as sure numbers, numbers not in the
    solution among them, while the panel said "Guesses 0". A trial is flagged as such, never
    as a guess, and nothing it placed outlives it."""
    from numbrix_curses.library import load_bundled

    [puzzle] = [p for p in load_bundled() if p.id == "large-15"]
    events: list = []
    result = solve(puzzle, on_event=events.append, workers=1)
    check_result(puzzle, result)
    trials = [i for i, e in enumerate(events) if e.kind is EventKind.PLACE and e.trial]
    assert trials and not any(e.guess and e.trial for e in events)
    for i in trials:  # every trial's number is taken back
        cell = events[i].cell
        assert any(e.kind is EventKind.REMOVE and e.cell == cell for e in events[i + 1:])


def test_stats_describe_the_search() -> None:
    result = solve(BACKTRACKING_UNIQUE)
    stats = result.stats
    assert result.status is Status.UNIQUE
    assert stats.nodes > 0 and stats.backtracks > 0 and stats.placements > 0
    assert 0 < stats.max_depth <= stats.nodes
    assert stats.seconds > 0  # (the search took some time, and it is counted)


def test_a_search_leaves_nothing_for_the_cycle_collector() -> None:
    """The search runs with the cycle collector off (it makes millions of small tuples), which
    is only safe while it makes no reference cycles: a long search would otherwise grow
    without bound. Whatever it dropped must be gone by reference counting alone."""
    gc.collect()
    gc.disable()
    try:
        for puzzle in (BACKTRACKING_UNIQUE, BACKTRACKING_MULTIPLE, board([[1, 3], [0, 0]])):
            solve(puzzle)
            solve(puzzle, on_event=lambda event: None)
        assert solve(HARD, timeout=0.05).status is Status.TIMEOUT
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("enabled", [True, False])
def test_solve_turns_the_cycle_collector_off_and_back_as_it_was(enabled: bool) -> None:
    seen = set()
    (gc.enable if enabled else gc.disable)()
    try:
        result = solve(BACKTRACKING_UNIQUE, on_event=lambda event: seen.add(gc.isenabled()))
        assert result.status is Status.UNIQUE
        assert seen == {False}
        assert gc.isenabled() is enabled

        class Interrupted(Exception):
            pass

        def interrupt(event) -> None:
            raise Interrupted

        with pytest.raises(Interrupted):
            solve(BACKTRACKING_UNIQUE, on_event=interrupt)
        assert gc.isenabled() is enabled
    finally:
        gc.enable()


def test_the_run_shapes_table_stays_bounded(monkeypatch) -> None:
    """Each remembered run shape holds lists as long as the board; left unbounded, they took
    hundreds of megabytes on a 20x20 search."""
    monkeypatch.setattr(solver.propagate, "_SHAPE_CACHE_LIMIT", 20)
    search = Search(BACKTRACKING_UNIQUE.geometry, BACKTRACKING_UNIQUE)
    search.setup()
    search.run(2, None)
    assert len(search.solutions) == 1
    assert search.stats.nodes > 0
    assert 0 < len(search.shapes) <= 21


def test_the_cut_cells_table_stays_bounded(monkeypatch) -> None:
    """Each remembered pocket holds masks as long as the board for every cut cell in it; the
    table is emptied past its limit. (The four-given 17x20 board meets hundreds of pockets
    that one run fills.)"""
    monkeypatch.setattr(solver.propagate, "_CUTS_CACHE_LIMIT", 20)
    puzzle = four_givens_17x20()
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    sizes = []
    cut_cells = solver.propagate.cut_cells

    def watched(geo, pocket):
        sizes.append(len(search.cuts))
        return cut_cells(geo, pocket)

    monkeypatch.setattr(solver.propagate, "cut_cells", watched)
    search.max_nodes = 700
    search.run(2, None)
    assert len(search.solutions) == 2
    assert len(sizes) > 40  # the limit was passed, more than once
    assert max(sizes) <= 21


# ------------------------------------------------------------------------- count_solutions


def test_count_solutions() -> None:
    assert count_solutions(board([[1, 3], [0, 0]])) == 0
    assert count_solutions(with_givens(4, 4, {(0, 1): 5, (1, 0): 9})) == 0
    assert count_solutions(board([[1, 2], [0, 0]])) == 1
    assert count_solutions(BACKTRACKING_UNIQUE) == 1
    assert count_solutions(board([[0, 2, 0]])) == 2
    assert count_solutions(empty(4, 4)) == 2
    assert count_solutions(empty(4, 4), limit=5) == 5
    assert count_solutions(empty(4, 4), limit=1) == 1
    assert count_solutions(board([[0, 2, 0]]), limit=5) == 2


def test_count_solutions_raises_on_timeout() -> None:
    with pytest.raises(TimeoutError):
        count_solutions(HARD, deadline=time.monotonic() + 0.001)
    with pytest.raises(TimeoutError):
        count_solutions(HARD, deadline=time.monotonic() - 1)


# ------------------------------------------------------ deductions (the engine's trials)


def _deductions_of(puzzle: Puzzle) -> Deductions:
    geo = puzzle.geometry
    pos = [-1] * (puzzle.size + 1)
    for number, cell in puzzle.given_cells().items():
        pos[number] = cell
    free = geo.full_mask & ~sum(1 << c for c in puzzle.given_cells().values())
    dom = [0] + [geo.full_mask] * puzzle.size
    return Deductions(geo, pos, dom, free, None)


@HYPO
@given(path_puzzles(max_side=5))
def test_deductions_keep_every_solution(case) -> None:
    """What the trials rely on: deducing never strikes a cell a solution uses, and
    assuming a solution's own placement never runs into a contradiction."""
    puzzle, grid = case
    where = {int(v): i for i, v in enumerate(grid.ravel())}
    base = _deductions_of(puzzle)
    base.run()
    assert all(base.dom[v] >> where[v] & 1 for v in range(1, puzzle.size + 1))
    missing = [v for v in range(1, puzzle.size + 1) if base.pos[v] < 0]
    for v in missing[:3]:
        trial = base.copy()
        trial.assume(v, where[v])
        trial.run()
        assert all(trial.dom[u] >> where[u] & 1 for u in range(1, puzzle.size + 1))
        # a trial leaves the board it was copied from as it was
        assert base.pos[v] < 0


@HYPO
@given(path_puzzles(max_side=9, min_side=3), st.sampled_from([0, 40, 200]))
def test_probing_never_strikes_a_solution_cell(case, guesses_so_far: int) -> None:
    """The probes (run ends, then cells few numbers reach, deeper after more guesses) only
    strike what no solution uses: after a full check of the root board, the path the givens
    came from still fits every number's candidates."""

    puzzle, grid = case
    where = {int(v): i for i, v in enumerate(grid.ravel())}
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    search.stats.nodes = guesses_so_far  # cell probing goes deeper the longer a search runs
    search.limit = puzzle.size  # solutions the probes meet never end the check here
    search._check()  # raises Stuck if the probes wrongly refuted the board
    assert all(search.dom[v] >> where[v] & 1 for v in range(1, puzzle.size + 1))
    placed = [v for v in range(1, puzzle.size + 1) if search.pos[v] >= 0]
    assert all(search.pos[v] == where[v] for v in placed)


def test_solutions_the_probes_meet_are_kept() -> None:
    """Probing this board at the root fills it in two different ways: that proves
    "multiple" before any guess."""
    puzzle = board([[0, 0, 20, 7, 6], [0, 0, 9, 0, 0], [0, 0, 0, 0, 0], [0, 12, 0, 2, 0]])
    result = assert_agrees_with_brute(puzzle)
    assert result.status is Status.MULTIPLE
    assert result.stats.nodes == 0


def test_a_large_board_probes_deeper_before_its_first_guess() -> None:
    """Past 15x15 the root probes cells more candidates reach (a guess there costs a tenth
    of a second, and what the root settles holds in the whole tree): this sparse 20x20
    board from the benchmark corpus is proved unique with no guess at all (a shallow root
    needed 19), while boards up to 15x15 keep the shallow root."""

    (puzzle,), answers = corpus_boards("corpus-v1-20x20", ["20x20-minimal-01"])
    result = solve(puzzle, workers=1)
    assert result.status is Status.UNIQUE
    assert np.array_equal(result.solution, answers[puzzle.id])
    assert result.stats.nodes == 0
    assert Search(empty(15, 15).geometry, empty(15, 15)).root_probe_steps == 0


def test_cell_probing_depth_after_the_root() -> None:
    """Cells are probed when at most a few numbers reach them; "few" grows with the guesses
    made. A board of fewer than 245 cells starts at 4 and takes a step every 8 guesses. A
    larger board probes deeper at its root (18x18 and 20x20: 12) and, since a guess there costs a tenth of a
    second, keeps up to four of those steps after it (8), never more than its root had."""

    def depths(rows: int, cols: int, guesses: list[int]) -> list[int]:
        search = Search(empty(rows, cols).geometry, empty(rows, cols))
        found = []
        for count in guesses:
            search.stats.nodes = count
            found.append(search.cell_probe_depth())
        return found

    assert depths(15, 15, [0, 1, 8, 16, 64, 500]) == [4, 4, 5, 6, 12, 12]
    assert depths(20, 20, [0, 1, 8, 40, 48, 500]) == [12, 8, 8, 9, 10, 12]
    # 16x16 probes three steps deeper at its root, and keeps those three; 18x18 as deep
    # as 20x20 (it was slower than 20x20 with a root half as deep); below 245 cells
    # (15x16, 12x20) the root is shallow
    assert depths(16, 16, [0, 1, 8, 24, 32]) == [7, 7, 7, 7, 8]
    assert depths(18, 18, [0, 1, 40]) == [12, 8, 9]
    assert depths(15, 16, [0, 1, 8]) == [4, 4, 5]


def test_trials_a_passing_trial_settled_into_are_not_made_again(monkeypatch) -> None:
    """Early in a search, a placement that a passing trial has already settled into is not
    tried again at the same node: these clue-minimal 12x12 boards from the benchmark corpus
    are proved unique, with the same solutions, in under 0.6 of the trials (0.43 when
    measured: the search makes a few more guesses, each much cheaper)."""
    puzzles, answers = corpus_boards("corpus-v1-12x12", ["12x12-minimal-07", "12x12-minimal-08"])
    trials = {True: 0, False: 0}
    settle_trial = Search._settle_trial

    def counted(self) -> None:
        trials[skipping] += 1
        settle_trial(self)

    monkeypatch.setattr(Search, "_settle_trial", counted)
    for skipping in (True, False):
        if not skipping:
            monkeypatch.setattr(solver.search, "_SKIP_IMPLIED_NODES", 0)
        for puzzle in puzzles:
            result = solve(puzzle, workers=1)
            assert result.status is Status.UNIQUE
            assert np.array_equal(result.solution, answers[puzzle.id])
    assert trials[True] < 0.6 * trials[False]


def test_short_runs_are_laid_whole_in_every_way_they_can_go(monkeypatch) -> None:
    """On boards of 200 cells and more, a run between two placed numbers that can be laid in
    few ways is tried in each of them: this clue-minimal 15x15 board from the benchmark
    corpus is proved unique, with the same solution, in at most 8 guesses (3 when
    measured); laying runs number by number it takes 32."""
    (puzzle,), answers = corpus_boards("corpus-v1-15x15", ["15x15-minimal-05"])
    guesses = {}
    ways = solver.probe._RUN_PROBE_MOST_WAYS
    for most in (ways, 0):
        monkeypatch.setattr(solver.probe, "_RUN_PROBE_MOST_WAYS", most)
        result = solve(puzzle, workers=1)
        assert result.status is Status.UNIQUE
        assert np.array_equal(result.solution, answers[puzzle.id])
        guesses[most] = result.stats.nodes
    assert guesses[ways] <= 8 < 24 <= guesses[0]


def test_a_long_search_on_a_small_board_lays_runs_whole_from_its_64th_guess() -> None:
    """Boards under 200 cells lay runs whole in trials only once the search has made 64
    guesses: a long proof, where the guesses the trials save pay for them. This sparse 12x12
    board (benchmarks/hard/structured.txt, 7 givens, unique) takes about 200 guesses; runs
    are laid past the 64th and never before, and the verdict and solution hold."""
    [puzzle] = [p for p in read_puzzles(str(CORPUS.parent / "hard" / "structured.txt"))
                if p.id == "spiral-bent-12x12-2000"]
    assert puzzle.size < 200
    laid_at: list[int] = []  # the guesses made when each run's ways were listed
    ways = Search._ways

    def counted(self, lo: int, hi: int, most: int):
        laid_at.append(self.stats.nodes - self.dive_nodes)
        return ways(self, lo, hi, most)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Search, "_ways", counted)
        # (a guess budget keeps the side search out, whose turns come by the clock)
        result = solve(puzzle, workers=1, max_nodes=100_000)
    check_result(puzzle, result)
    assert result.status is Status.UNIQUE
    assert laid_at and min(laid_at) >= solver.probe._RUN_PROBE_LATE_AFTER == 64


def test_ways_that_got_stuck_are_skipped_until_the_search_backtracks_past_them() -> None:
    """A way of laying a run that got stuck is not tried again while the board it got stuck
    on holds (later probing rounds, the guesses below); the search forgets it when it
    backtracks past that board, and forgets everything past the size limit. On this
    clue-minimal 15x15 board both keep the one solution."""
    (puzzle,), answers = corpus_boards("corpus-v1-15x15", ["15x15-minimal-05"])
    skipped: list[tuple] = []
    stale: list[tuple] = []
    sizes: list[int] = []
    ways, undo = Search._ways, Search._undo

    def counted(self, lo: int, hi: int, most: int):
        found = ways(self, lo, hi, most)
        skipped.extend(way for way in found or () if (lo, way) in self.dead_ways)
        return found

    def checked(self, mark: int) -> None:
        undo(self, mark)
        # every way remembered got stuck on a board the trail still leads to
        stale.extend(entry for entry in self.dead_from if entry[0] > len(self.trail))
        assert self.dead_ways == {way for _, way in self.dead_from}
        sizes.append(len(self.dead_ways))

    for limit in (solver.probe.CACHE_LIMIT, 3):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Search, "_ways", counted)
            patch.setattr(Search, "_undo", checked)
            patch.setattr(solver.probe, "CACHE_LIMIT", limit)
            result = solve(puzzle, workers=1)
        assert result.status is Status.UNIQUE
        assert np.array_equal(result.solution, answers[puzzle.id])
        assert not stale and max(sizes) <= limit + 1
        if limit > 3:
            assert len(skipped) > 20 and max(sizes) > 4
        skipped.clear()
        sizes.clear()


def test_a_number_left_with_one_cell_goes_there_and_is_never_guessed() -> None:
    """A strike (or any narrowing outside the drain) that leaves a number one candidate cell
    puts it there at the next drain; so the search never spends a guess, with all the
    probing a guess brings, on a number that has only one cell left."""

    (puzzle,), answers = corpus_boards("corpus-v1-12x12", ["12x12-minimal-00"])
    where = {int(v): cell for cell, v in enumerate(answers[puzzle.id].ravel())}
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    search._settle()
    v = next(v for v in range(1, puzzle.size + 1) if search.dom[v].bit_count() == 2)
    wrong = next(c for c in puzzle.geometry.cells_of(search.dom[v]) if c != where[v])
    search._strike(v, wrong)
    search._drain()
    assert search.pos[v] == where[v]

    picked: list[int] = []
    pick = Search._pick

    def counted(self, segs):
        number, cell = pick(self, segs)
        picked.append(self.dom[number].bit_count())
        return number, cell

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Search, "_pick", counted)
        for name, ids in [
            ("corpus-v1-9x9", ["9x9-minimal-05", "9x9-multiple-00", "9x9-multiple-02"]),
            ("corpus-v1-12x12", ["12x12-minimal-14", "12x12-minimal-15", "12x12-multiple-09"]),
        ]:
            for other in corpus_boards(name, ids)[0]:
                check_result(other, solve(other, workers=1))
    assert len(picked) > 20 and min(picked) >= 2


def test_the_ways_to_lay_a_run_are_every_path_between_its_ends() -> None:
    """`_ways` lists every way to lay a run through its candidates, each once, or none past
    the limit: the run 3..5 between 2 and 6, two steps apart on an open board."""

    rows = [[0] * 5 for _ in range(5)]
    rows[2][1], rows[2][3] = 2, 6
    puzzle = Puzzle.from_rows(rows)
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    near = puzzle.geometry.neighbours
    start, end = 2 * 5 + 1, 2 * 5 + 3  # the cells of 2 and 6
    # Every four-step walk from 2's cell to 6's that visits no cell twice.
    brute = [
        (a, b, c)
        for a in near[start]
        for b in near[a]
        for c in near[b]
        if end in near[c] and len({start, a, b, c, end}) == 5
    ]
    ways = search._ways(3, 5, 100)
    assert ways is not None and len(ways) > 1
    assert sorted(ways) == sorted(brute)
    assert search._ways(3, 5, len(brute) - 1) is None


def test_runs_with_too_many_ways_are_listed_once_and_remembered_within_bounds() -> None:
    """A run with more ways than the limit comes back at every search node; it is listed
    once for each placing of its ends and candidates, and the memory of such runs stays
    bounded (with the limit at 2 ways, most runs of this 15x15 board have too many)."""
    (puzzle,), answers = corpus_boards("corpus-v1-15x15", ["15x15-minimal-05"])
    listed: list[tuple] = []
    ways = Search._ways

    def counted(self, lo: int, hi: int, most: int):
        found = ways(self, lo, hi, most)
        if found is None:
            listed.append((self.pos[lo - 1], self.pos[hi + 1], tuple(self.dom[lo : hi + 1])))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver.probe, "_RUN_PROBE_MOST_WAYS", 2)
        patch.setattr(Search, "_ways", counted)
        search = Search(puzzle.geometry, puzzle)
        search.setup()
        search.run(2, None)
        assert len(listed) > 20
        assert len(set(listed)) == len(listed)
        patch.setattr(solver.probe, "_WAYS_CACHE_LIMIT", 5)
        bounded = Search(puzzle.geometry, puzzle)
        bounded.setup()
        bounded.run(2, None)
    assert [s.tobytes() for s in search.solutions + bounded.solutions] == [
        answers[puzzle.id].tobytes()
    ] * 2
    assert 0 < len(bounded.too_many_ways) <= 6


def test_a_solution_met_by_a_probe_and_again_by_the_search_counts_once() -> None:
    """A probe fills this board with its only solution, and the search then reaches the
    same one: that is one solution, not two."""
    puzzle = board(
        [[0, 12, 0, 0, 0], [0, 25, 0, 0, 16], [0, 4, 0, 0, 0], [8, 0, 0, 0, 18], [0, 0, 0, 20, 19]]
    )
    result = assert_agrees_with_brute(puzzle)
    assert result.status is Status.UNIQUE
    assert verdict(puzzle, limit=1) is Status.SOLVED


def test_deductions_refute_an_impossible_assumption() -> None:
    puzzle = board([[1, 0, 3], [0, 0, 0], [0, 0, 9]])
    base = _deductions_of(puzzle)
    base.run()
    assert base.pos[2] == 1  # 2 can only stand between 1 and 3: deduced, no trial needed
    with pytest.raises(Stuck):
        base.copy().assume(4, 2)  # that cell holds the given 3
    with pytest.raises(Stuck):
        base.copy().assume(8, 3)  # 8 must touch 9 in the far corner; row 2, column 1 does not
    # deduction alone finishes this board: 1 2 3 / 6 5 4 / 7 8 9
    assert base.free == 0
    assert base.pos[1:10] == [0, 1, 2, 5, 4, 3, 6, 7, 8]


def test_a_shared_search_hands_out_only_a_guess_with_another_below_it() -> None:
    """The newest guess's placement is often refuted at once; handing out its alternative
    would leave the process idle and give the child the rest of the search. So a split
    takes the shallowest guess that already has a guess below it."""

    class RecordingTeam:
        def __init__(self) -> None:
            self.forks = 0

        def fork_child(self, work, nodes) -> bool:
            self.forks += 1
            return True

        def pooled_counts(self, counts, length):
            return counts

    puzzle = board([[0, 0, 0], [0, 5, 0], [0, 0, 9]])
    search = Search(puzzle.geometry, puzzle)
    team = search.team = RecordingTeam()  # type: ignore[assignment]
    newest = Frame(3, 0, 0)
    search._split([newest], 2, None)
    assert team.forks == 0 and not newest.given
    older = Frame(2, 1, 0)
    search._split([older, newest], 2, None)
    assert team.forks == 1 and older.given and not newest.given
    search._split([older, newest], 2, None)  # the older one is handed out already
    assert team.forks == 1


def settled(puzzle: Puzzle) -> tuple[Search, list[tuple[int, int]]]:
    """A search on `puzzle` with its givens placed and deduced from, and its open runs."""
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    runs = search._settle()
    assert runs is not None
    return search, runs


def test_guesses_go_first_to_the_number_that_keeps_failing() -> None:
    """Among run ends with equally few cells, the one whose guesses and probes were refuted
    most often is guessed first (it is where the board cannot be completed, so trying it
    early keeps the search from refuting it again under every guess made elsewhere)."""

    # 8 and 18 are the ends of the run between the givens, 6 and 20 those of the head and
    # tail runs; each has four candidate cells
    search, runs = settled(
        board([[0, 0, 0, 0, 0], [0, 7, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 19, 0], [0] * 5])
    )
    assert {search.dom[v].bit_count() for v in (6, 8, 18, 20)} == {4}
    assert search._pick(runs)[0] == 8  # no failures yet: the lower end
    search.failures[20] = 9  # (a run with a free end waits, however often it failed)
    search.failures[18] = 2
    assert search._pick(runs)[0] == 18
    search.failures[8] = 5
    assert search._pick(runs)[0] == 8


def test_a_run_with_a_free_end_is_guessed_after_the_runs_between_givens() -> None:
    """The head and tail runs can end anywhere, so they are laid last, even where their
    placed neighbour leaves them fewer cells than any run between two givens has: laid
    first, they take the corners and walls the other runs need."""
    search, runs = settled(board([[0] * 5, [0, 0, 0, 0, 24], [0] * 5, [8, 9, 0, 0, 0], [0] * 5]))
    # 7 (the head run's end, next to 8) has two cells; 10 and 23 (the run between 9 and 24)
    # have three each
    assert [search.dom[v].bit_count() for v in (7, 10, 23)] == [2, 3, 3]
    assert search._pick(runs)[0] == 10


def test_a_run_with_little_slack_is_guessed_first_after_two_restarts() -> None:
    """Once the search has restarted twice, a run between placed numbers that can spend
    at most two steps beyond the shortest way between its ends is laid before the others,
    however few cells or however many failures they have."""
    # 11..15 (from 10 to 16, four apart, in six steps) is tight; 17..29 is loose
    search, runs = settled(board([
        [0] * 6, [0] * 6, [10, 0, 0, 0, 16, 0], [0] * 6, [0] * 6, [0, 0, 0, 0, 0, 30],
    ]))
    assert [search.dom[v].bit_count() for v in (11, 29)] == [2, 2]
    search.failures[29] = 9
    search.failures[17] = 9
    assert search._pick(runs)[0] == 29  # before: the number that keeps failing
    search.restarts = 2
    assert search._pick(runs)[0] == 11


def test_a_wall_of_tight_runs_is_laid_first_on_a_board_with_no_solution() -> None:
    """The 6-given core of a printed board with no solution (benchmarks/hard/
    printed-soak.txt): 21..27 is a shortest way from H6 to K3 and 89..95 has two steps to
    spare; laid first after two restarts, each of their few layouts is refuted in a few
    dozen guesses (419 in all), where the long run 28..88 laid first left no answer in
    2,428 guesses. With 107 moved to F4 the board has solutions, which the order must
    still find."""
    [puzzle] = [p for p in read_puzzles(str(CORPUS.parent / "hard" / "printed-soak.txt"))
                if p.id == "soak-printed-2648453523-core"]
    assert solve(puzzle, workers=1, max_nodes=800).status is Status.NONE
    grid = puzzle.givens.copy()
    grid[grid == 107] = 0
    grid[3, 5] = 107
    looser = Puzzle(grid)
    result = solve(looser, workers=1, max_nodes=800)
    assert result.status is Status.MULTIPLE
    check_result(looser, result)


def assert_deduction_finds_the_only_solution(puzzle: Puzzle) -> None:
    """Deduction alone (no guess) fills `puzzle` with its one solution."""
    paths = matching(puzzle)
    assert len(paths) == 1
    solved = _deductions_of(puzzle)
    solved.run()
    assert solved.free == 0
    assert [solved.pos[v] for v in range(1, puzzle.size + 1)] == [
        int(np.flatnonzero(paths[0] == v)[0]) for v in range(1, puzzle.size + 1)
    ]


def test_corridor_cells_are_joined_to_both_their_neighbours(monkeypatch) -> None:
    """A free cell that can hold neither end of the path and has only two usable neighbours
    is joined to both, so the numbers on those neighbours are one off its number. On this
    board that is what starts the deduction (and finishes it); without it nothing moves."""

    puzzle = board([[0] * 5, [24, 0, 0, 0, 0], [0, 20, 1, 0, 0], [0, 0, 0, 3, 12], [0] * 5])
    assert_deduction_finds_the_only_solution(puzzle)
    monkeypatch.setattr(solver.propagate.Propagation, "_corridors", lambda *args: False)
    without = _deductions_of(puzzle)
    without.run()
    assert sum(p >= 0 for p in without.pos) == len(puzzle.given_cells())


def test_cells_full_of_corridor_joins_make_more_corridors(monkeypatch) -> None:
    """A cell joined to as many corridor cells as it has joins left is closed to its other
    neighbours, which can leave them with two usable neighbours: corridors in turn. Here
    the first corridors (round one) place a few numbers; following them through the cells
    they fill up finishes the board (9 8 7 6 / 10 1 2 5 / 11 12 3 4)."""
    puzzle = board([[0, 8, 7, 0], [0, 0, 0, 0], [11, 0, 0, 0]])
    solved = _deductions_of(puzzle)
    solved.run()
    assert solved.free == 0
    assert solved.pos[1:13] == [5, 6, 10, 11, 7, 3, 2, 1, 0, 4, 8, 9]
    monkeypatch.setattr(solver.propagate, "_CORRIDOR_ROUNDS", 1)
    one_round = _deductions_of(puzzle)
    one_round.run()
    assert one_round.free != 0


def test_the_edge_that_would_close_a_chain_of_joins_into_a_loop_is_cut(monkeypatch) -> None:
    """The path runs along a chain of joined cells from one end to the other, so it cannot
    also take the edge between its two ends where they touch: that would close a loop. A
    cell that loses that edge can be left with two usable neighbours, a corridor cell in
    turn. On this board (1 2 3 12 / 6 5 4 11 / 7 8 9 10) that finishes the deduction; with
    the loop rule taken out, deduction stops with nine of the twelve cells open."""

    puzzle = board([[1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 10]])
    assert_deduction_finds_the_only_solution(puzzle)
    monkeypatch.setattr(
        solver.propagate.Propagation, "_loop_cuts", lambda self, h, v, cut_h, cut_v: (cut_h, cut_v)
    )
    without = _deductions_of(puzzle)
    without.run()
    assert without.free.bit_count() == 9


@HYPO
@given(path_puzzles(max_side=7, min_side=3), st.randoms(use_true_random=False))
def test_undoing_a_trial_restores_the_board_and_its_corridors(case, rng) -> None:
    """Corridors found after a placement hold only below it: taking the placement back
    (as every probe and every backtrack does) restores the candidates and the corridors."""

    puzzle, _ = case
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    search._settle()

    def state() -> tuple:
        return (list(search.dom), list(search.pos), search.free, search.joins,
                list(search.joins_from))

    before = state()
    missing = [v for v in range(1, puzzle.size + 1) if search.pos[v] < 0]
    for v in rng.sample(missing, min(4, len(missing))):
        for cell in list(puzzle.geometry.cells_of(search.dom[v]))[:3]:
            mark = len(search.trail)
            try:
                search._place(v, cell)
                search._settle()
            except Stuck:
                pass
            search._undo(mark)
            assert state() == before


# ------------------------------------------------------------------------------------ dive


@pytest.fixture
def dives(monkeypatch):
    """(settled, guesses made when it ended) of every dive, recorded as each ends."""
    seen: list[tuple[bool, int]] = []
    dive = Search.dive

    def recording(self, deadline):
        runs = solver.search.segments_of(self.pos, self.last)
        if not any(3 * run.length >= self.last for run in runs):
            return dive(self, deadline)  # (no dive on this board)
        settled = dive(self, deadline)
        seen.append((settled, self.stats.nodes))
        return settled

    monkeypatch.setattr(Search, "dive", recording)
    return seen


@pytest.mark.parametrize(
    "name, ids",
    [("corpus-v1-6x10", ["6x10-minimal-00", "6x10-multiple-01", "6x10-none-00"])],
)
def test_a_dive_that_gives_up_leaves_no_trace_on_the_search(name, ids, dives, monkeypatch) -> None:
    puzzles, _ = corpus_boards(name, ids)
    with_dive = [solve(puzzle) for puzzle in puzzles]
    assert [settled for settled, _ in dives] == [False] * len(ids), "every dive gave up"
    monkeypatch.setattr(Search, "dive", lambda self, deadline: False)
    for puzzle, dived, (_, dive_guesses) in zip(puzzles, with_dive, dives):
        alone = solve(puzzle)
        check_result(puzzle, dived)
        assert dived.status is alone.status
        assert all(np.array_equal(a, b) for a, b in zip(dived.solutions, alone.solutions))
        # the search after the dive makes exactly the guesses it makes without one
        assert dived.stats.nodes - dive_guesses == alone.stats.nodes


def test_a_dive_settles_an_open_board_at_once(dives) -> None:
    puzzle = with_givens(14, 14, {(0, 0): 1, (13, 0): 196})
    result = solve(puzzle)
    check_result(puzzle, result)
    assert result.status is Status.MULTIPLE
    assert dives == [(True, result.stats.nodes)]
    assert result.stats.nodes <= puzzle.size  # within the dive's budget of guesses
