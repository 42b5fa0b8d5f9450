"""The ports rule (`solver.ports`): a region the path enters and leaves by few edges.

Boards it must refute (checked against CP-SAT's or the brute force's verdict), boards that
look alike and have solutions, and the rule held against random paths: for any region and
any candidate sets that hold a solution's cells, it must never say "no solution".
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from brute import count_dfs, random_path
from numbrix_curses.constraints import odd_number_colour
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import Status, Stuck, solve
from numbrix_curses.solver import ports
from numbrix_curses.solver import search as search_module
from numbrix_curses.solver.search import Search
from numbrix_curses.textformat import read_puzzles

HARD = Path(__file__).resolve().parent.parent / "benchmarks" / "hard"


def _laid() -> np.ndarray:
    (puzzle,) = [p for p in read_puzzles(str(HARD / "core-wall.txt")) if p.id.endswith("laid")]
    return np.array(puzzle.givens).reshape(puzzle.rows, puzzle.cols)


def _root(puzzle: Puzzle) -> Search:
    """A search with its givens placed and the rules before probing settled."""
    search = Search(puzzle.geometry, puzzle)
    search.setup()
    segs = search._settle_cuts(search._settle())
    assert segs is not None
    search._crossing(segs)
    return search


def test_the_walled_region_of_core_wall_is_refuted_at_the_root() -> None:
    """1 to 27 laid down column H wall off the cells right of column I in rows 5 to 12, 120
    at K9 among them: the path reaches them by I11-J11, I12-J12 and 27's edge to J10 alone,
    which no way of filling fits (CP-SAT: no solution; the search before this rule gave no
    answer in 100 s)."""
    search = _root(Puzzle(_laid()))
    regions = ports.narrow_regions(search.geo, search.free)
    assert regions
    with pytest.raises(Stuck):
        search._ports()
    result = solve(Puzzle(_laid()), workers=1, timeout=60)
    assert result.status is Status.NONE


def test_the_same_wall_with_120_in_the_corner_is_not_refuted() -> None:
    """The same wall with 120 on L12, below the region: solutions exist (CP-SAT finds two),
    and the rule, on from the first guess, lets the search find one."""
    grid = _laid()
    grid[8, 10], grid[11, 11] = 0, 120
    for board in (grid.copy(), np.where(grid == 120, 0, grid)):  # and with 120 taken away
        search = _root(Puzzle(board))
        # (the wall's regions are there to check, so passing them is the rule's answer)
        assert ports.narrow_regions(search.geo, search.free)
        search._ports()  # no Stuck


def test_a_solution_found_with_the_rule_on_from_the_start(monkeypatch) -> None:
    monkeypatch.setattr(search_module, "_PORTS_AFTER", 0)
    grid = _laid()
    grid[8, 10], grid[11, 11] = 0, 120
    puzzle = Puzzle(grid)
    result = solve(puzzle, limit=1, workers=1, timeout=60)
    assert result.status is Status.SOLVED
    assert puzzle.is_solution(result.solutions[0])


# 5x5 boards with no solution (brute force) that the rules before probing leave open and
# the ports rule refutes at once (found by random search over walls of consecutive givens).
SMALL_NONE = [
    [[0, 0, 7, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 14, 0, 18], [0, 0, 15, 16, 17]],
    [[0, 0, 11, 12, 13], [0, 0, 0, 15, 14], [0, 0, 0, 16, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 21]],
    [[19, 20, 21, 22, 23], [18, 17, 0, 0, 24], [0, 0, 9, 0, 0], [0, 0, 8, 0, 0], [0] * 5],
]


@pytest.mark.parametrize("rows", SMALL_NONE)
def test_small_walled_boards_are_refuted(rows: list[list[int]]) -> None:
    puzzle = Puzzle(np.array(rows, dtype=np.int16))
    assert count_dfs(puzzle, 1) == 0
    search = _root(puzzle)
    with pytest.raises(Stuck):
        search._ports()


def _random_regions(geo, rng: random.Random, count: int) -> list[int]:
    """Random sets of cells: blobs grown from a cell, and scattered cells."""
    found = []
    for _ in range(count):
        if rng.random() < 0.7:
            start = rng.randrange(geo.size)
            blob = 1 << start
            for _ in range(rng.randint(0, geo.size // 2)):
                grow = geo.expand(blob) & ~blob
                cells = [c for c in range(geo.size) if grow >> c & 1]
                if not cells:
                    break
                blob |= 1 << rng.choice(cells)
            found.append(blob)
        else:
            found.append(sum(1 << c for c in range(geo.size) if rng.random() < 0.3) or 1)
    return found


@pytest.mark.parametrize("seed", range(40))
def test_no_region_refutes_a_board_its_candidates_allow_a_solution_of(seed: int) -> None:
    """Whatever the region, candidate sets that hold a solution's cells (plus any others of
    the right colour) are never refuted."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    path = random_path(rows, cols, rng)
    size = rows * cols
    grid = np.zeros(size, dtype=np.int16)
    for v, cell in enumerate(path, 1):
        grid[cell] = v
    keep = rng.sample(range(size), rng.randint(1, max(1, size // 4)))
    givens = np.where(np.isin(np.arange(size), keep), grid, 0).reshape(rows, cols)
    puzzle = Puzzle(givens)
    geo = puzzle.geometry
    odd = odd_number_colour(geo, puzzle.given_cells())
    colour = [(geo.row_col(c)[0] + geo.row_col(c)[1]) % 2 for c in range(size)]
    dom = [0] * (size + 2)
    for v, cell in enumerate(path, 1):
        extra = 0
        if grid[cell] and cell not in keep:
            extra = sum(
                1 << c for c in range(size)
                if rng.random() < 0.4 and colour[c] == colour[cell]
            )
        dom[v] = 1 << cell | extra
    for region in _random_regions(geo, rng, 30):
        assert not ports.refuted(geo, region, dom, size, odd, most_ports=8)
        # (and with no colour known)
        assert not ports.refuted(geo, region, dom, size, None, most_ports=8)


def _junk_boards(rng: random.Random, rows: int, cols: int, count: int) -> list[Puzzle]:
    """Walls of consecutive givens from a random path, a few more givens, and now and then
    one moved: many with no solution, many with."""
    size = rows * cols
    boards = []
    for _ in range(count):
        path = random_path(rows, cols, rng)
        values = np.zeros(size, dtype=np.int16)
        k, m = rng.randint(1, size - 6), rng.randint(3, 8)
        for v in range(k, min(size, k + m) + 1):
            values[path[v - 1]] = v
        for _ in range(rng.randint(1, 3)):
            v = rng.randint(1, size)
            values[path[v - 1]] = v
        if rng.random() < 0.6:
            v, cell = rng.randint(1, size), rng.randrange(size)
            if values[cell] == 0 and v not in values:
                values[cell] = v
        boards.append(Puzzle(values.reshape(rows, cols)))
    return boards


@pytest.mark.parametrize("rows, cols", [(5, 5), (4, 6), (5, 6)])
def test_the_search_with_the_rule_from_the_start_agrees_with_brute_force(
    monkeypatch, rows: int, cols: int
) -> None:
    monkeypatch.setattr(search_module, "_PORTS_AFTER", 0)
    rng = random.Random(rows * 100 + cols)
    nones = 0
    for puzzle in _junk_boards(rng, rows, cols, 150):
        want = count_dfs(puzzle, 2, 2_000_000)
        if want is None:
            continue
        result = solve(puzzle, workers=1)
        expected = {0: Status.NONE, 1: Status.UNIQUE}.get(want, Status.MULTIPLE)
        assert result.status is expected, puzzle.givens
        nones += want == 0
    assert nones > 10
