"""The enclosure rule (`solver.enclosure`): a stretch of the path between two edge cells can
wall off only so much.

The rule must never refute a board that has a solution: it is held against every path of
small boards and random paths of larger ones, with any subset of the numbers on the edge
placed. And it must refute what it was made for, at the root, without a guess.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import all_paths, random_path
from numbrix_curses.puzzle import Puzzle, geometry
from numbrix_curses.solver import Status, enclosure, solve


def _on_rim(rows: int, cols: int, grid: list[int]) -> list[tuple[int, int]]:
    rim = enclosure.rim_of(geometry(rows, cols))
    assert rim is not None
    return sorted((int(grid[cell]), place) for cell, place in rim.place.items())


def _walled(rows: int, cols: int, on_rim: list[tuple[int, int]]) -> bool:
    rim = enclosure.rim_of(geometry(rows, cols))
    assert rim is not None
    return enclosure.walled_off(rim, on_rim, rows * cols)


def _grid(rows: int, cols: int, path: list[int]) -> list[int]:
    grid = [0] * (rows * cols)
    for number, cell in enumerate(path, start=1):
        grid[cell] = number
    return grid


@pytest.mark.parametrize("n", range(1, 10))
def test_least_perimeter_is_the_least_over_every_set_of_cells(n: int) -> None:
    # every set of n <= 9 cells fits in a 4x4 box with room to spare
    cells = [(r, c) for r in range(4) for c in range(4)]
    least = min(
        sum(
            (r + dr, c + dc) not in chosen
            for r, c in chosen
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        )
        for chosen in map(set, itertools.combinations(cells, n))
    )
    assert enclosure.least_perimeter(n) == least


def test_the_rim_runs_round_the_board_once() -> None:
    geo = geometry(4, 6)
    rim = enclosure.rim_of(geo)
    assert rim is not None
    order = sorted(rim.place, key=rim.place.get)
    assert len(order) == 2 * (4 + 6) - 4
    # each edge cell next to the one before it, all the way round
    for a, b in zip(order, order[1:] + order[:1]):
        assert geo.adjacent(a, b)
    assert rim.corners.bit_count() == 4
    assert enclosure.rim_of(geometry(1, 7)) is None  # one cell wide: no rule


@pytest.mark.parametrize(
    "rows,cols", [(2, 2), (2, 5), (2, 7), (3, 3), (3, 4), (3, 5), (4, 4), (3, 6)])
def test_no_path_of_a_small_board_is_refuted(rows: int, cols: int) -> None:
    """Every Hamiltonian path, with all its edge numbers placed and with random subsets."""
    rng = random.Random(rows * 100 + cols)
    for grid in all_paths(rows, cols):
        full = _on_rim(rows, cols, list(grid))
        assert not _walled(rows, cols, full), grid.reshape(rows, cols)
        for _ in range(6):
            keep = rng.random()
            subset = [entry for entry in full if rng.random() < keep]
            assert not _walled(rows, cols, subset), (grid.reshape(rows, cols), subset)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(2, 14), cols=st.integers(2, 14), seed=st.integers(0, 2**32 - 1),
    keep=st.floats(0.0, 1.0),
)
def test_no_random_path_is_refuted(rows: int, cols: int, seed: int, keep: float) -> None:
    rng = random.Random(seed)
    grid = _grid(rows, cols, random_path(rows, cols, rng))
    subset = [entry for entry in _on_rim(rows, cols, grid) if rng.random() < keep]
    assert not _walled(rows, cols, subset)


def test_a_chain_along_the_edge_leaves_head_and_tail_together() -> None:
    """3..6 laid along the top of a 4x5 board walls nothing off: 1, 2 and 7..20 lie on one
    side as one piece, and the short arc between 3 and 6 is C's own cells. (Taken as two
    pieces, the tail alone would have too few edge sides left beside the head's.)"""
    # 1 A2, 2 A1, 3..6 B1..E1, 7 E2, then back along row 2 and round the bottom rows
    path = [5, 0, 1, 2, 3, 4, 9, 8, 7, 6, 11, 10, 15, 16, 17, 12, 13, 18, 19, 14]
    grid = _grid(4, 5, path)
    full = _on_rim(4, 5, grid)
    chain = [entry for entry in full if entry[0] in (3, 6)]
    head_and_tail = [entry for entry in full if entry[0] in (1, 7, 20)]
    assert not _walled(4, 5, sorted(chain + head_and_tail))


def _core() -> Puzzle:
    """What is left of a printed board with a slip: 39 at A7, 67 at A9, 55 at E11."""
    givens = [0] * 88
    givens[6 * 8 + 0] = 39
    givens[8 * 8 + 0] = 67
    givens[10 * 8 + 4] = 55
    return Puzzle.from_rows([givens[r * 8:(r + 1) * 8] for r in range(11)])


def test_a_short_stretch_cannot_wall_off_a_long_tail() -> None:
    """39..55 joins the left edge to the bottom edge in 17 cells; 67 puts the tail 56..88
    (33 cells) on the short side, where 17 cells can wall off 32 at most by the bound."""
    puzzle = _core()
    on_rim = _on_rim(11, 8, list(puzzle.givens.flatten()))
    assert [number for number, _ in on_rim if number] == [39, 55, 67]
    assert _walled(11, 8, [entry for entry in on_rim if entry[0]])
    # with the tail's given on the long side instead, the stretch has room
    moved = [0] * 88
    moved[6 * 8] = 39
    moved[10 * 8 + 4] = 55
    moved[0 * 8 + 5] = 67
    assert not _walled(11, 8, [e for e in _on_rim(11, 8, moved) if e[0]])


def test_the_solver_refutes_the_core_without_a_guess() -> None:
    result = solve(_core(), workers=1)
    assert result.status is Status.NONE
    assert result.stats.nodes == 0
