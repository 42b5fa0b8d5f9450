"""Hard inputs and time limits through the real command line.

Boards built to be slow or to trap a naive search (one given on 30x30, an empty 12x12,
givens that break the checkerboard parity, givens too far apart, two givens that wall in a
dead end) each get an answer or, with `--timeout`, the status `timeout` and exit code 3:
never a wrong verdict, never a run that goes on forever. The solver itself is tested on
these boards in test_solver.py; here the whole program is run as a user runs it.

The subprocess timeout is a guard against hanging, generous for a busy machine; how fast
the answers come is measured by `make bench`.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_env

#: the longest a command with --timeout may take here before it counts as hung
HANG_GUARD = 60


def board(rows: int, cols: int, givens: dict[tuple[int, int], int], name: str) -> str:
    grid = [["."] * cols for _ in range(rows)]
    for (r, c), value in givens.items():
        grid[r][c] = str(value)
    return f"# id: {name}\n" + "\n".join(" ".join(row) for row in grid) + "\n"


# (id, text, the verdict when the solver finishes in time)
HARD_INPUTS = [
    ("one-given-30x30", board(30, 30, {(7, 3): 1}, "one-given-30x30"), "multiple"),
    ("empty-12x12", board(12, 12, {}, "empty-12x12"), "multiple"),
    ("parity-break", board(6, 6, {(2, 3): 10, (4, 4): 16}, "parity-break"), "none"),
    ("odd-board-parity", board(5, 7, {(0, 0): 35, (0, 1): 34, (0, 2): 32},
                               "odd-board-parity"), "none"),
    ("too-far-apart", board(30, 30, {(0, 0): 100, (29, 29): 150}, "too-far-apart"), "none"),
    ("dead-end", board(12, 12, {(0, 1): 51, (1, 0): 71}, "dead-end"), "none"),
]
#: a board the solver cannot settle in a millisecond (as in test_solver.py)
SLOW = board(20, 20, {(5, 5): 100, (14, 14): 300}, "slow")
UNIQUE = "# id: small\n1 . 3\n. . .\n. . 9\n"


def numbrix(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    return subprocess.run(
        [sys.executable, "-m", "numbrix_curses", *args],
        capture_output=True, text=True, env=env, timeout=HANG_GUARD, stdin=subprocess.DEVNULL,
    )


def valid(grid: list[list[int]], text: str) -> bool:
    from numbrix_curses.textformat import parse_puzzles

    return parse_puzzles(text)[0].is_solution(grid)


def test_hard_inputs_get_their_verdict_or_a_clean_timeout(tmp_path: Path) -> None:
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(text for _, text, _ in HARD_INPUTS))
    result = numbrix(tmp_path, "check", "--json", "--timeout", "5", str(path))
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == [name for name, _, _ in HARD_INPUTS]
    for record, (_, text, verdict) in zip(records, HARD_INPUTS):
        assert record["status"] in (verdict, "timeout"), record["id"]
        if record["status"] == "multiple":
            first, other = record["solution"], record["other_solution"]
            assert first != other and valid(first, text) and valid(other, text)
        elif record["status"] in ("none", "timeout"):
            assert record["solution"] is None
    # the boards with no solution are proved so (they need no search), and "none" outranks
    # any timeout
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize("command", ["solve", "check"])
def test_thirty_by_thirty_with_one_given_returns_under_a_one_second_limit(
    tmp_path: Path, command: str
) -> None:
    path = tmp_path / "one.txt"
    path.write_text(HARD_INPUTS[0][1])
    result = numbrix(tmp_path, command, "--timeout", "1", str(path))
    status = "timeout" if result.returncode == 3 else "multiple"
    assert result.returncode in (1, 3), result.stderr
    reason = "no answer within 1 s; a longer --timeout may decide it"
    if command == "check":
        assert result.stdout == (
            f"one-given-30x30: timeout ({reason})\n" if status == "timeout"
            else "one-given-30x30: multiple\n"
        )
    else:
        assert result.stdout.startswith(f"# id: one-given-30x30\n# status: {status}\n")
        if status == "timeout":
            # no grid is shown for an unfinished puzzle
            assert result.stdout.endswith(f"# status: timeout\n# reason: {reason}\n")


@pytest.mark.parametrize("command, shows", [
    (["check"], "slow: timeout (no answer within 0.001 s; a longer --timeout may decide it)\n"),
    (["solve"], "# id: slow\n# status: timeout\n"
                "# reason: no answer within 0.001 s; a longer --timeout may decide it\n"),
    (["solve", "--steps"], "# status: timeout\n# reason: no answer within 0.001 s; "
                           "a longer --timeout may decide it\n# no steps"),
    (["grade"], "slow: timeout (no answer within 0.001 s; a longer --timeout may decide it; "
                "not graded)\n"),
])
def test_running_out_of_time_is_status_timeout_and_exit_3(
    tmp_path: Path, command: list[str], shows: str
) -> None:
    path = tmp_path / "slow.txt"
    path.write_text(UNIQUE + "\n" + SLOW)
    result = numbrix(tmp_path, *command, "--timeout", "0.001", str(path))
    assert result.returncode == 3, result.stderr
    assert shows in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("typed, said", [("0.000001", "0.000001 s"), ("25e-6", "0.000025 s"),
                                         ("2.50e-3", "0.0025 s")])
def test_a_timeout_is_said_as_people_write_seconds(tmp_path: Path, typed: str,
                                                   said: str) -> None:
    """`--timeout 0.000001` was echoed as "no answer within 1e-06 s"."""
    path = tmp_path / "slow.txt"
    path.write_text(SLOW)
    result = numbrix(tmp_path, "check", "--timeout", typed, str(path))
    assert result.returncode == 3, result.stderr
    assert result.stdout == (f"slow: timeout (no answer within {said}; a longer --timeout may "
                             "decide it)\n")


def test_json_reports_a_timeout_with_no_solution(tmp_path: Path) -> None:
    path = tmp_path / "slow.txt"
    path.write_text(SLOW)
    result = numbrix(tmp_path, "solve", "--json", "--timeout", "0.001", str(path))
    assert result.returncode == 3
    record = json.loads(result.stdout)
    assert record["status"] == "timeout" and record["solution"] is None
    assert "other_solution" not in record


def test_a_puzzle_with_no_solution_outranks_a_timeout(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(SLOW + "\n" + HARD_INPUTS[2][1])
    result = numbrix(tmp_path, "check", "--timeout", "0.001", str(path))
    assert result.returncode == 1
    assert result.stdout == ("slow: timeout (no answer within 0.001 s; a longer --timeout may "
                             "decide it)\nparity-break: none (16 stands on the wrong "
                             "checkerboard colour: 10 and 16 are 6 apart, so they must "
                             "stand on the same colour)\n")


def test_print_with_solutions_notes_a_timeout(tmp_path: Path) -> None:
    path = tmp_path / "slow.txt"
    path.write_text(UNIQUE + "\n" + SLOW)
    result = numbrix(tmp_path, "print", "--solutions", "--timeout", "0.001", str(path))
    assert result.returncode == 3, result.stderr
    # the answer key's note (wrapped over "#   " lines) says how long the search ran
    note = " ".join(line.removeprefix("#").strip() for line in result.stdout.splitlines())
    assert ("not shown: the solver ran out of time (no answer within 0.001 s; a longer "
            "--timeout may decide it)") in note


@pytest.mark.parametrize("bad", ["-1", "nan", "inf", "1e999", ""])  # 0 and words: test_cli.py
def test_a_timeout_that_is_not_a_positive_number_is_a_usage_error(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "small.txt"
    path.write_text(UNIQUE)
    result = numbrix(tmp_path, "check", "--timeout", bad, str(path))
    assert result.returncode == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert "--timeout" in result.stderr
