"""The benchmark's peer solvers give right verdicts, so they can serve as independent checks.

Each peer is compared with hand-worked boards and with a brute-force counter that lists every
Hamiltonian path of a small board without looking at the givens at all. The last test runs
the benchmark end to end on a tiny corpus.
"""
from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from conftest import cli_env

from numbrix_curses.puzzle import Puzzle, geometry, path_to_grid

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import peers

PEER_NAMES = list(peers.PEERS)


def run_peer(name: str, puzzle: Puzzle) -> tuple[str, list[np.ndarray]]:
    return peers.PEERS[name](puzzle, limit=2, deadline=time.monotonic() + 60)


@functools.cache
def all_paths(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every Hamiltonian path of the board as a cell sequence (both directions)."""
    geo = geometry(rows, cols)
    size = rows * cols
    found: list[tuple[int, ...]] = []
    path: list[int] = []
    seen = [False] * size

    def walk(cell: int) -> None:
        path.append(cell)
        seen[cell] = True
        if len(path) == size:
            found.append(tuple(path))
        else:
            for nxt in geo.neighbours[cell]:
                if not seen[nxt]:
                    walk(nxt)
        seen[cell] = False
        path.pop()

    for start in range(size):
        walk(start)
    return tuple(found)


def brute_force_verdict(puzzle: Puzzle) -> str:
    givens = puzzle.given_cells()
    count = sum(
        all(path[number - 1] == cell for number, cell in givens.items())
        for path in all_paths(puzzle.rows, puzzle.cols)
    )
    return "none" if count == 0 else "unique" if count == 1 else "multiple"


HAND_MADE = [
    # (rows, expected verdict, why)
    ([[0]], "unique", "1x1 blank: 1"),
    ([[1]], "unique", "1x1 given"),
    ([[0, 0, 0]], "multiple", "1x3 blank: either direction"),
    ([[0, 0, 1]], "unique", "1x3 with 1 at the end"),
    ([[0, 1, 0]], "none", "1x3 with 1 in the middle"),
    ([[0, 0], [0, 0]], "multiple", "2x2 blank"),
    ([[1, 0], [0, 3]], "multiple", "2 may go either way round"),
    ([[1, 0], [0, 2]], "none", "2 not next to 1"),
    ([[0, 1, 0], [0, 0, 0], [0, 0, 0]], "none", "3x3 path must start on a corner colour"),
    ([[1, 0, 0], [0, 0, 0], [0, 0, 2]], "none", "givens too far apart"),
    ([[1, 0, 0], [0, 0, 0], [0, 0, 9]], "multiple", "corner to corner: two snakes"),
    ([[1, 2, 3], [0, 0, 0], [0, 0, 0]], "multiple", "head fixed, tail free: two ways"),
    ([[1, 2, 3], [0, 0, 0], [0, 0, 9]], "unique", "head fixed, tail pinned"),
    ([[0, 0, 0], [0, 5, 0], [0, 0, 0]], "multiple", "3x3 only the middle"),
    ([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 12]], None, "3x4 tail only: brute force"),
    ([[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 12]], "multiple", "2x6 free head run"),
    ([[12, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]], "none", "2x6 corners of one colour"),
]


@pytest.mark.parametrize("name", PEER_NAMES)
@pytest.mark.parametrize("rows,expected,why", HAND_MADE, ids=[h[2] for h in HAND_MADE])
def test_hand_made_boards(name: str, rows, expected, why) -> None:
    puzzle = Puzzle.from_rows(rows)
    if expected is None:
        expected = brute_force_verdict(puzzle)
    assert brute_force_verdict(puzzle) == expected, why
    status, solutions = run_peer(name, puzzle)
    assert status == expected, why
    assert all(puzzle.is_solution(s) for s in solutions)
    assert len(solutions) == {"none": 0, "unique": 1, "multiple": 2}[expected]
    if expected == "multiple":
        assert not np.array_equal(solutions[0], solutions[1])


def random_cases(seed: int, count: int) -> list[Puzzle]:
    """Givens kept from a real path (unique or multiple) or with one number moved (often none)."""
    rng = random.Random(seed)
    shapes = [(1, 5), (2, 3), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4), (2, 6)]
    cases = []
    for _ in range(count):
        rows, cols = rng.choice(shapes)
        path = list(rng.choice(all_paths(rows, cols)))
        grid = path_to_grid(rows, cols, path)
        keep = np.array([rng.random() < 0.35 for _ in range(rows * cols)]).reshape(rows, cols)
        givens = np.where(keep, grid, 0)
        if rng.random() < 0.3 and np.count_nonzero(givens):
            # a transcription slip: one given moves to a blank cell
            filled = list(zip(*np.nonzero(givens)))
            blank = list(zip(*np.nonzero(givens == 0)))
            if blank:
                src = rng.choice(filled)
                dst = rng.choice(blank)
                givens[dst] = givens[src]
                givens[src] = 0
        cases.append(Puzzle(givens))
    return cases


@pytest.mark.parametrize("name", PEER_NAMES)
def test_agrees_with_brute_force_on_small_boards(name: str) -> None:
    seen = set()
    for puzzle in random_cases(seed=7, count=60):
        expected = brute_force_verdict(puzzle)
        seen.add(expected)
        status, solutions = run_peer(name, puzzle)
        assert status == expected, puzzle.givens
        assert all(puzzle.is_solution(s) for s in solutions)
        if status == "multiple":
            assert not np.array_equal(solutions[0], solutions[1])
    # the sample really exercised every verdict
    assert seen == {"unique", "multiple", "none"}


@pytest.mark.parametrize("name", PEER_NAMES)
def test_past_deadline_reports_timeout(name: str) -> None:
    # 8x8 with no givens has a huge search; a deadline already gone must not yield a verdict
    puzzle = Puzzle.from_rows([[0] * 8 for _ in range(8)])
    big = Puzzle.from_rows([[0] * 12 for _ in range(12)])
    for board in (puzzle, big):
        status, solutions = peers.PEERS[name](board, limit=10**9, deadline=time.monotonic() - 1)
        assert status == "timeout"
        assert all(board.is_solution(s) for s in solutions)


def test_bench_quick_runs_end_to_end(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--quick", "--classes", "5x5",
         "--corpus-dir", str(tmp_path / "corpus"), "--results-dir", str(tmp_path)],
        capture_output=True, env=cli_env(),
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5x5" in result.stdout
    assert "median" in result.stdout
    report = json.loads((tmp_path / "last.json").read_text())
    boards = [b for b in report["boards"] if b["class"] == "5x5"]
    assert boards
    assert all(b["verdicts"]["ours"] in ("unique", "multiple", "none") for b in boards)


def test_bench_times_each_board_next_to_the_board_it_was_made_from() -> None:
    """The targets compare boards made from a minimal board with that board, so the two
    are timed one after the other (see `bench.timing_order`)."""
    import bench
    import corpus

    def board(label: str, kind: str, parent: str | None = None) -> corpus.Board:
        notes = {"from": parent} if parent else {}
        return corpus.Board(Puzzle.from_rows([[1, 2], [4, 3]]), "2x2", kind, label, None, notes)

    boards = [board("m0", "minimal"), board("m1", "minimal"), board("x0", "multiple", "m0"),
              board("x1", "multiple", "m1"), board("n1", "none", "m1"),
              board("lost", "slip", "gone"), board("b", "bundled")]
    order = [b.label for b in bench.timing_order(boards)]
    assert order == ["m0", "x0", "m1", "x1", "n1", "b", "lost"]


def test_bench_compares_boards_with_their_parents_on_repeated_runs(monkeypatch) -> None:
    """A board answered in well under `REPEAT_BELOW` is timed `REPEATS` times (each verdict
    checked) and the comparison with its parent reads the median; one slow run no longer
    decides it. A board slower than that is timed once."""
    import bench
    import corpus

    times = iter([0.30, 0.10, 0.12, 0.05, 0.06, 0.04, 2.0])
    full = Puzzle.from_rows([[1, 2], [4, 3]])
    open_board = Puzzle.from_rows([[1, 0], [0, 0]])

    def timed_run(puzzle, timeout, workers):
        if puzzle is full:
            return bench.Run("unique", next(times), False, 0), [full.givens.copy()]
        solutions = [np.array([[1, 2], [4, 3]]), np.array([[1, 4], [2, 3]])]
        return bench.Run("multiple", next(times), False, 0), solutions

    monkeypatch.setattr(bench, "run_ours", timed_run)
    settings = bench.parse_args(["--skip-peers"])
    boards = [corpus.Board(open_board, "2x2", "multiple", "x", None, {"from": "m"}),
              corpus.Board(full, "2x2", "minimal", "m", None, {}),
              corpus.Board(open_board, "2x2", "multiple", "slow", None, {"from": "m"})]
    results = [bench.run_board(b, [bench.OURS], settings, set()) for b in boards]
    assert [r.problems for r in results] == [[], [], []]
    assert [r.runs[bench.OURS].seconds for r in results] == [0.30, 0.05, 2.0]  # the first run
    assert results[0].runs[bench.OURS].steady_seconds == 0.12  # median of 0.30, 0.10, 0.12
    assert results[1].runs[bench.OURS].steady_seconds == 0.05  # median of 0.05, 0.06, 0.04
    assert results[2].runs[bench.OURS].steady_seconds == 2.0  # timed once
    mine, parents = bench.parent_medians(results[:2], "2x2", "multiple")
    assert (mine, parents) == (0.12, 0.05)
