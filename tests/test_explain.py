"""benchmarks/explain.py marks each guess of a search by whether a solution still lies below
it; the marks must follow from what sound deductions can and cannot do."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import cli_env

from numbrix_curses.textformat import read_puzzles

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import explain  # noqa: E402

CORPUS = ROOT / "benchmarks" / "corpus"


def boards(name: str, kind: str) -> list:
    return [p for p in read_puzzles(str(CORPUS / f"corpus-v1-{name}.txt"))
            if p.metadata.get("kind") == kind]


@pytest.mark.parametrize("name", ["7x7", "6x10"])
def test_marks_follow_from_sound_deductions(name: str) -> None:
    """With every solution listed: a board that agrees with a solution, a guess that agrees
    with it too, and the sound deductions after it keep agreeing, so a guess in a part with
    no solution ("x") only ever follows the guess that left the solutions ("b") or another
    "x"; and the search guessed exactly as often as it was marked."""
    checked = 0
    for puzzle in boards(name, "multiple") + boards(name, "minimal")[:5]:
        trace, verdict, listed = explain.explain(puzzle, 200, 60)
        assert verdict in ("unique", "multiple")
        if listed == 200:
            continue  # (not every solution listed: a "b" may agree with one not listed)
        assert len(trace.marks) == trace.nodes
        assert set(trace.marks) <= {"A", "b", "x"}
        for before, mark in zip(["A"] + trace.marks, trace.marks):
            assert not (mark == "x" and before == "A"), "".join(trace.marks)
        assert len(trace.found) >= (2 if verdict == "multiple" else 1)
        checked += bool(trace.marks)
    assert checked >= 3  # (the boards guessed: the marks were put to the test)


def test_runs_are_shortened_past_ten() -> None:
    assert explain.runs_text(list("AAb" + "x" * 11 + "A")) == "AAbx*11A"
    assert explain.runs_text(list("bxxxxxxxxxx")) == "bxxxxxxxxxx"


def test_the_command_line_names_a_missing_puzzle_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "explain.py"),
         str(CORPUS / "corpus-v1-5x5.txt"), "no-such-id"],
        capture_output=True, env=cli_env(), text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith("no puzzle 'no-such-id' in " + str(CORPUS / "corpus-v1-5x5.txt"))


def test_oracle_marks_by_what_the_board_allows() -> None:
    """`--oracle` marks each guess by whether the board before and after it can be
    completed. With an exact oracle (every path of the board), the boards recorded around
    each guess differ by that guess alone, and the marks obey what sound deductions allow:
    an "x" only after a "b" or an "x", every guess of a unique board's search that agrees
    with its solution marked "A", and a "b" only where the solution disagrees with it."""
    import brute

    checked = 0
    for puzzle in boards("5x5", "minimal") + boards("5x5", "multiple"):
        paths = brute.matching(puzzle)  # (every solution: the oracle)

        def completes(grid) -> bool:
            placed = grid > 0
            return bool((paths[:, placed] == grid[placed]).all(axis=1).any())

        recorded = explain.Boards(puzzle.size, 200)
        trace, verdict, _ = explain.explain(puzzle, 200, 60, recorded)
        assert len(recorded.pairs) == len(trace.marks)
        for before, after in recorded.pairs:
            changed = np.flatnonzero(before != after)
            assert len(changed) == 1 and before[changed[0]] == 0
            assert (before[puzzle.givens.ravel() > 0] == puzzle.givens.ravel()[
                puzzle.givens.ravel() > 0]).all()
        marks = explain.oracle_marks(recorded, completes)
        assert marks == trace.marks  # (every solution known, the two ways agree)
        for earlier, mark in zip(["A"] + marks, marks):
            assert not (mark == "x" and earlier == "A"), "".join(marks)
        checked += bool(marks)
    assert checked >= 2


def test_the_board_after_a_guess_is_written_as_a_puzzle(tmp_path: Path) -> None:
    """`--board-after K FILE` writes the board after guess K with its placed numbers given:
    the puzzle's givens among them, and one more number than the board before the guess."""
    name = next(p.id for p in boards("6x10", "multiple"))
    out = tmp_path / "after.txt"
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "explain.py"),
         str(CORPUS / "corpus-v1-6x10.txt"), name, "--board-after", "0", str(out)],
        capture_output=True, env=cli_env(), text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    puzzle = next(p for p in boards("6x10", "multiple") if p.id == name)
    (after,) = read_puzzles(str(out))
    assert after.id == f"{name}-after-0"
    given = puzzle.givens > 0
    assert (after.givens[given] == puzzle.givens[given]).all()
    assert (after.givens > 0).sum() > given.sum()


def test_a_core_keeps_only_the_givens_its_contradiction_needs() -> None:
    """benchmarks/core.py shrinks a board with no solution: what is left has no solution
    either, and taking any one more given away gives it one (checked against every path
    of the board)."""
    import brute
    import core

    def has_none(board) -> bool:
        return brute.count_matching(board) == 0

    shrunk = 0
    for puzzle in boards("5x5", "none") + boards("5x5", "slip"):
        if not has_none(puzzle):
            continue
        kept = core.shrink(puzzle, has_none)
        assert has_none(kept)
        given = np.argwhere(kept.givens > 0)
        assert set(map(tuple, given.tolist())) <= set(map(tuple, np.argwhere(
            puzzle.givens > 0).tolist()))
        for row, col in given.tolist():
            fewer = kept.givens.copy()
            fewer[row, col] = 0
            assert not has_none(kept.with_givens(fewer))
        shrunk += len(given) < (puzzle.givens > 0).sum()
    assert shrunk >= 2
