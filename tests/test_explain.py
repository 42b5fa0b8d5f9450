"""benchmarks/explain.py marks each guess of a search by whether a solution still lies below
it; the marks must follow from what sound deductions can and cannot do."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
