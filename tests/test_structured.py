"""benchmarks/structured.py's paths that are not well mixed, and the soak's cases made on them:
every maker gives a Hamiltonian path, the same one for a seed, and the solver's verdict on
boards made from them agrees with listing every path."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from numbrix_curses.pathgen import is_hamiltonian_path
from numbrix_curses.solver import solve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import brute  # noqa: E402
import soak  # noqa: E402
import structured  # noqa: E402

SHAPES = [(1, 1), (1, 6), (6, 1), (2, 2), (2, 5), (3, 3), (4, 3), (5, 5), (4, 7), (9, 9)]


@pytest.mark.parametrize("kind", sorted(structured.PATHS))
def test_every_path_maker_gives_a_hamiltonian_path_the_same_for_a_seed(kind: str) -> None:
    make = structured.PATHS[kind]
    for rows, cols in SHAPES:
        path = make(rows, cols, random.Random(5))
        assert is_hamiltonian_path(rows, cols, path), (kind, rows, cols)
        assert path == make(rows, cols, random.Random(5))


def test_the_spiral_goes_round_the_walls_first() -> None:
    # 1 2 3 4
    # 10 11 12 5
    # 9 8 7 6
    grid = np.zeros(12, dtype=int)
    for number, cell in enumerate(structured.spiral(3, 4), 1):
        grid[cell] = number
    assert grid.reshape(3, 4).tolist() == [[1, 2, 3, 4], [10, 11, 12, 5], [9, 8, 7, 6]]


def test_a_bent_path_is_no_longer_the_path_it_started_from() -> None:
    bent = structured.PATHS["spiral-bent"](9, 9, random.Random(1))
    assert bent != structured.spiral(9, 9)


def test_structured_soak_cases_replay_and_their_verdicts_agree_with_listing_every_path() -> None:
    seen_kinds = set()
    for seed in range(40):
        case = soak.make_structured_case(seed, max_side=5)
        again = soak.make_structured_case(seed, max_side=5)
        assert np.array_equal(case.puzzle.givens, again.puzzle.givens)
        assert case.note == again.note
        seen_kinds.add(case.note.split(" path")[0])
        puzzle = case.puzzle
        if case.witness is not None:
            assert puzzle.is_solution(case.witness)
        if puzzle.size > soak.BRUTE_CELLS:
            continue
        count = len(brute.matching(puzzle))
        expected = "none" if count == 0 else "unique" if count == 1 else "multiple"
        assert solve(puzzle, limit=2).status.value == expected, seed
    assert len(seen_kinds) >= 4  # (the seeds reach most makers)
