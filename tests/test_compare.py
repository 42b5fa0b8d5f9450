"""benchmarks/compare.py times two revisions' solvers side by side and flags any disagreement.

The tool's worth is its safety net: a change to the search that turns a verdict must not
pass as a mere change of speed. These tests run it as a developer does, with a copy of the
solver that lies about one kind of board standing in for a broken revision.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_env

ROOT = Path(__file__).resolve().parent.parent
COMPARE = ROOT / "benchmarks" / "compare.py"

# A solver that says "none" wherever the real one proves a unique solution.
LIAR = '''

_true_solve = solve


def solve(*args, **kwargs):
    result = _true_solve(*args, **kwargs)
    if result.status is Status.UNIQUE:
        result.status, result.solutions = Status.NONE, []
    return result
'''


# A solver whose "unique" answer is a grid that solves nothing.
BAD_GRID = '''

_true_solve = solve


def solve(*args, **kwargs):
    result = _true_solve(*args, **kwargs)
    if result.status is Status.UNIQUE:
        result.solutions = [result.solutions[0] * 0]
    return result
'''


def broken_copy(tmp_path: Path, patch: str) -> Path:
    """A copy of the package whose `solver.solve` is wrapped by `patch`."""
    broken = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "numbrix_curses", broken / "numbrix_curses",
                    ignore=shutil.ignore_patterns("__pycache__"))
    with open(broken / "numbrix_curses" / "solver" / "__init__.py", "a") as solver:
        solver.write(patch)
    return broken


def run_compare(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(COMPARE), *args], capture_output=True, env=cli_env(), text=True,
        timeout=120,
    )


def test_the_same_solver_on_both_sides_agrees_board_by_board() -> None:
    done = run_compare(str(ROOT / "src"), "--corpus", "5x5:minimal,multiple:2")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("5x5-")]
    assert len(rows) == 4
    for row in rows:
        words = row.split()
        # label, "old", seconds, "cpu", seconds, guesses, verdict,
        # "new", seconds, "cpu", seconds, guesses, verdict, ratio
        assert words[3] == words[9] == "cpu"
        assert words[6] == words[12] and words[6] in ("unique", "multiple")
    assert "5x5 minimal" in done.stdout and "5x5 multiple" in done.stdout
    assert "!!!" not in done.stdout + done.stderr


def test_a_revision_that_turns_a_verdict_is_flagged(tmp_path: Path) -> None:
    broken = broken_copy(tmp_path, LIAR)
    done = run_compare(str(ROOT / "src"), str(broken), "--corpus", "5x5:minimal:2")
    assert done.returncode == 1
    flagged = [line for line in done.stderr.splitlines() if line.startswith("!!!")]
    assert flagged == [
        "!!! 5x5-minimal-00: old says unique, new says none",
        "!!! 5x5-minimal-01: old says unique, new says none",
    ]


def test_a_revision_whose_solution_solves_nothing_is_flagged(tmp_path: Path) -> None:
    broken = broken_copy(tmp_path, BAD_GRID)
    done = run_compare(str(broken), str(ROOT / "src"), "--corpus", "5x5:minimal:1")
    assert done.returncode == 1
    flagged = [line for line in done.stderr.splitlines() if line.startswith("!!!")]
    assert flagged == [
        f"!!! 5x5-minimal-00: old ({broken}) gave a solution that does not solve it"
    ]


def test_a_name_that_is_no_revision_is_one_clear_line() -> None:
    done = run_compare("no-such-revision", "--corpus", "5x5:minimal:1")
    assert done.returncode == 1
    assert done.stderr.strip() == "compare.py: 'no-such-revision' is not a revision of this repository"


def test_a_comparison_that_loses_the_race_to_unpack_a_revision_uses_the_winners_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two comparisons started together both unpack the old revision; the one that renames
    # its copy into place second must take the first one's, not fail.
    sys.path.insert(0, str(COMPARE.parent))
    try:
        import compare
    finally:
        sys.path.remove(str(COMPARE.parent))
    monkeypatch.setattr(compare, "CACHE", tmp_path)
    made_by_mkdtemp = compare.tempfile.mkdtemp

    def mkdtemp_while_another_finishes(**kwargs: str) -> str:
        mine = made_by_mkdtemp(**kwargs)
        sha = kwargs["prefix"].rstrip(".")
        (tmp_path / sha / "src" / "numbrix_curses").mkdir(parents=True)
        return mine

    monkeypatch.setattr(compare.tempfile, "mkdtemp", mkdtemp_while_another_finishes)
    src = compare.source_of("HEAD")
    assert (src / "numbrix_curses").is_dir()
    assert [p.name for p in tmp_path.iterdir()] == [src.parent.name]  # no half-made copy left
