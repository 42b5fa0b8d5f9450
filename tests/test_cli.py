"""The command line as a user drives it: solve and check output, JSON, exit codes, errors.

Most tests run `python -m numbrix_curses` as a child process (what a shell user sees); a few
call `cli.main()` in-process where a result has to be arranged (a timeout, an interrupt).
"""
from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import numbrix_curses
from numbrix_curses import cli, library, solver
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import parse_puzzles

from conftest import COMMAND_TIMEOUT, cli_env
from helpers import (
    NEWSPAPER_9X9,
    ROWS_5_AND_6_SWAPPED,
    TOP_ROW_SHIFTED,
    TWO_TURNED_8X8,
    corpus_boards,
)
from tty_harness import Terminal

# 1 and 3 force 2 between them, 3 forces 4 below it, and the rest has one way round.
UNIQUE_3X3 = "1 . 3\n. . .\n. . 9\n"
UNIQUE_3X3_SOLUTION = [[1, 2, 3], [6, 5, 4], [7, 8, 9]]
# 2 can go right of 1 or below it; either way the path closes.
MULTIPLE_2X2 = "1 .\n. .\n"
MULTIPLE_2X2_SOLUTIONS = [[[1, 2], [4, 3]], [[1, 4], [2, 3]]]
# what check says of it: where its only two solutions differ
MULTIPLE_2X2_WHERE = "two solutions differ at B1 and A2"
# On a 3x3 board the odd numbers fill the five cells of the corners' colour, so an even
# number in a corner has no solution.
NONE_3X3 = "2 . .\n. . .\n. . .\n"
#: what `check`, `solve` and their JSON say of it, so a slip can be found
NONE_3X3_REASON = ("2 stands on the wrong checkerboard colour, as even numbers cannot take the "
                   "corner colour on a board with an odd number of cells")


def givens(text: str) -> list[list[int]]:
    return [[0 if cell == "." else int(cell) for cell in line.split()] for line in text.splitlines()]


def output_blocks(text: str) -> list[tuple[dict[str, str], list[list[list[int]]]]]:
    """Split solve's text output into (comments, grids) per blank-line-separated block."""
    blocks = []
    for chunk in text.strip("\n").split("\n\n"):
        comments: dict[str, str] = {}
        rows: list[list[int]] = []
        for line in chunk.splitlines():
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                comments[key.strip()] = value.strip()
            else:
                rows.append([int(cell) for cell in line.split()])
        blocks.append((comments, [rows] if rows else []))
    return blocks


def assert_one_line_error(result: subprocess.CompletedProcess, starts_with: str = "") -> str:
    """Exit code 2, nothing on stdout, one line on stderr, no traceback; returns the line."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(starts_with), lines[0]
    return lines[0]


# --- check ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["puzzles.txt", os.path.join("some", "where")])
def test_a_file_named_for_the_app_that_is_not_there_is_said_so(run_numbrix, name):
    """`numbrix FILE` plays FILE; a missing one was "invalid choice: 'puzzles.txt'" with the
    list of commands."""
    result = run_numbrix(name)
    assert result.returncode == 2
    assert assert_one_line_error(result) == (f"numbrix: {name}: no such file, and no command "
                                             "of that name (try 'numbrix --help')")


def test_a_file_named_after_a_double_dash_is_played(run_numbrix, puzzle_file):
    """`numbrix -- -dash.txt` plays a file whose name starts with '-', as `play --` does; it
    was "invalid choice: '--'" with the list of commands."""
    missing = run_numbrix("--", "-no-such-puzzles.txt")
    assert assert_one_line_error(missing) == "-no-such-puzzles.txt: no such file"
    there = run_numbrix("--", str(puzzle_file(UNIQUE_3X3, "-dash.txt")))
    assert assert_one_line_error(there).endswith(
        "the app needs a terminal (standard input and output are not one)")


def test_check_unique_puzzle_exits_0(run_numbrix, puzzle_file):
    path = puzzle_file(UNIQUE_3X3)
    result = run_numbrix("check", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{path}#1: unique\n"
    assert result.stderr == ""


def test_check_uses_id_metadata_and_reports_every_puzzle(run_numbrix, puzzle_file):
    path = puzzle_file(
        "# a header block of comments only\n\n"
        f"# id: first\n{UNIQUE_3X3}\n"
        f"{MULTIPLE_2X2}\n"
        f"# id: third\n{NONE_3X3}"
    )
    result = run_numbrix("check", str(path))
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "first: unique",
        f"{path}#2: multiple",
        f"third: none ({NONE_3X3_REASON})",  # why: what to look at for the slip
    ]


def test_check_says_where_two_solutions_differ_naming_six_cells_at_most():
    """A line stays one line on a big board: past six cells it counts them and names six."""
    from numbrix_curses.cli.solving import _where_they_differ
    from numbrix_curses.puzzle import path_to_grid
    from numbrix_curses.solver.results import SolveResult, Status

    snake = path_to_grid(2, 8, [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8])
    turned = snake[::-1].copy()  # the same path along the other long side
    assert _where_they_differ(SolveResult(Status.MULTIPLE, [snake, turned])) == (
        "two solutions differ in 16 cells, among them A1, B1, C1, D1, E1, F1"
    )
    two = np.array([[1, 2], [4, 3]]), np.array([[1, 4], [2, 3]])
    assert _where_they_differ(SolveResult(Status.MULTIPLE, list(two))) == (
        "two solutions differ at B1 and A2"
    )


@pytest.mark.parametrize("text", [MULTIPLE_2X2, NONE_3X3], ids=["multiple", "none"])
def test_check_not_unique_exits_1(run_numbrix, puzzle_file, text):
    result = run_numbrix("check", str(puzzle_file(text)))
    assert result.returncode == 1, result.stderr


def test_check_reads_standard_input(run_numbrix):
    result = run_numbrix("check", "-", input=UNIQUE_3X3)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{cli.STDIN_NAME}#1: unique\n"


def test_check_takes_several_files_in_order(run_numbrix, puzzle_file):
    unique = puzzle_file(UNIQUE_3X3, "unique.txt")
    several = puzzle_file(f"# id: m\n{MULTIPLE_2X2}", "several.txt")
    result = run_numbrix("check", str(unique), "-", str(several), input=NONE_3X3)
    assert result.stdout == (
        f"{unique}#1: unique\n{cli.STDIN_NAME}#1: none ({NONE_3X3_REASON})\nm: multiple\n"
    )
    assert result.returncode == 1 and result.stderr == ""


def test_the_short_options_do_what_the_long_ones_do(run_numbrix, tmp_path):
    short, long = tmp_path / "short.txt", tmp_path / "long.txt"
    made = run_numbrix("generate", "-n", "2", "--size", "5", "--seed", "4", "--format",
                       "compact", "-o", str(short), "-j", "2")
    assert made.returncode == 0, made.stderr
    made = run_numbrix("generate", "--count", "2", "--size", "5", "--seed", "4", "--format",
                       "compact", "--output", str(long), "--jobs", "1")
    assert made.returncode == 0, made.stderr
    assert short.read_text() == long.read_text()
    assert short.read_text().count("# id: 5x5-medium-") == 2
    checked = run_numbrix("check", "-j", "1", str(short))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count(": unique") == 2


def test_puzzles_streamed_to_the_terminal_are_not_run_into_by_the_progress_line(tmp_path):
    """Before: on a terminal, `generate --format compact` wrote the first puzzle's id after
    "generating 5x5 medium puzzles: 0/2", and left the line between the puzzles."""
    from tty_harness import app_command

    with Terminal(app_command("generate", "--size", "5", "-n", "2", "--seed", "3",
                              "--format", "compact"), rows=30, cols=90,
                  XDG_STATE_HOME=str(tmp_path)) as term:
        assert term.wait_exit(timeout=COMMAND_TIMEOUT) == 0
        shown = [line.rstrip() for line in term.lines]
    assert shown[0] == "# id: 5x5-medium-3"
    assert shown[9] == "# id: 5x5-medium-9852435027"
    assert not any("generating" in line for line in shown)


def test_the_progress_line_counts_the_seconds_while_workers_make_the_puzzles(tmp_path):
    """Before: with the puzzles made in several processes (the default on Linux) the line
    stood at "0/2, 0 s" until a puzzle was done, 45 s for two 25x25s, as if it hung."""
    from tty_harness import app_command

    with Terminal(app_command("generate", "--size", "20", "-n", "2", "--seed", "3", "-j",
                              "2", "-o", str(tmp_path / "two.txt")), rows=10, cols=90,
                  XDG_STATE_HOME=str(tmp_path)) as term:
        term.wait_text("generating 20x20 medium puzzles: 0/2, 1 s", timeout=COMMAND_TIMEOUT)
        term.send("\x03")
        assert term.wait_exit(timeout=COMMAND_TIMEOUT) == 130
    assert not (tmp_path / "two.txt").exists()


def test_print_solutions_shows_its_progress_and_wipes_it_before_the_booklet(tmp_path):
    from tty_harness import app_command

    path = tmp_path / "two.txt"
    path.write_text(f"# id: a\n{UNIQUE_3X3}\n# id: b\n{UNIQUE_3X3}")
    with Terminal(app_command("print", str(path), "--solutions", "-j", "1"), rows=60, cols=90,
                  XDG_STATE_HOME=str(tmp_path)) as term:
        assert term.wait_exit(timeout=COMMAND_TIMEOUT) == 0
        said = bytes(term.raw).decode()
        shown = [line.rstrip() for line in term.lines]
    assert "solving the puzzles for the answer key: 2/2" in said
    assert shown[0].startswith("# Numbrix puzzles from ")  # the booklet from its first line
    assert not any("solving" in line for line in shown)


def test_a_bad_file_among_several_solves_nothing(run_numbrix, puzzle_file, tmp_path):
    # (two puzzles sharing an id, whose warning would be a second line on stderr)
    good = puzzle_file(f"# id: twice\n{UNIQUE_3X3}\n# id: twice\n{UNIQUE_3X3}", "good.txt")
    bad = puzzle_file("1 2 x\n", "bad.txt")
    for command in ("solve", "check", "grade", "print"):
        result = run_numbrix(command, str(good), str(bad), str(tmp_path / "missing.txt"))
        assert result.returncode == 2 and result.stdout == "", command
        assert assert_one_line_error(result).startswith(f"{bad}:1:5: ")  # the first bad one


def test_a_header_with_no_grid_under_it_is_warned_of(run_numbrix, puzzle_file):
    """A header naming a puzzle whose grid was deleted named nothing, and the puzzle was
    gone from the answer without a word; now a warning says where, once every file read."""
    text = f"# id: a\n\n# id: b\n{UNIQUE_3X3}\n# id: c\n# difficulty: easy\n"
    path = puzzle_file(text, "orphans.txt")
    result = run_numbrix("check", str(path))
    assert result.stdout == "b: unique\n" and result.returncode == 0
    assert result.stderr.splitlines() == [
        f"{path}:1: warning: no grid under '# id: a'; left out",
        f"{path}:{text.count(chr(10)) - 1}: warning: no grid under '# id: c'; left out",
    ]
    # a header cut from its grid by a blank line still names it: nothing to warn of
    result = run_numbrix("check", str(puzzle_file(f"# id: d\n\n{UNIQUE_3X3}", "cut.txt")))
    assert result.stdout == "d: unique\n" and result.stderr == ""
    # and a bad file after it is still the one line on stderr
    bad = puzzle_file("1 2 x\n", "bad.txt")
    assert_one_line_error(run_numbrix("check", str(path), str(bad)))
    # a file of such a header alone says it in its one line (it said "only comments")
    lone = puzzle_file("# a file's header\n\n# id: e\n# difficulty: easy\n", "lone.txt")
    assert assert_one_line_error(run_numbrix("check", str(lone))) == (
        f"{lone}:3:1: no puzzle found: no grid under '# id: e'")


def test_a_first_row_that_could_be_the_size_of_a_board_two_wide_is_warned_of(
        run_numbrix, puzzle_file):
    """'3 2' over three rows of two: a 4x2 board whose first row is 3 and 2, or the size
    of the 3x2 board below. It is read as a row (as ever), and the verdict was of the 4x2
    board without a word; now a warning says how to have the other reading."""
    path = puzzle_file("3 2\n1 .\n. .\n. 6\n", "two-wide.txt")
    result = run_numbrix("check", str(path))
    assert result.returncode == 1 and "none" in result.stdout
    assert result.stderr.splitlines() == [
        f"{path}:1: warning: '3 2' read as the first row of a 4x2 board; as its size (with a "
        "blank line after it) the board would be 3x2"]
    result = run_numbrix("check", str(puzzle_file("3 2\n\n1 .\n. .\n. 6\n", "sized.txt")))
    assert result.returncode == 0 and "unique" in result.stdout and result.stderr == ""
    # a first row that fits no such size, or a wider board, is nothing to warn of; nor is
    # one whose board as a size would be none: 7 and 8 have no room on a 3x2 (generate's
    # own 4x2 puzzles were warned of)
    for text in ("4 2\n1 .\n. .\n. 6\n", "3 3\n1 . 3\n. . .\n. . 9\n",
                 "3 2\n4 1\n5 .\n. 7\n"):
        assert run_numbrix("check", str(puzzle_file(text, "plain.txt"))).stderr == ""


def test_files_together_hold_no_more_puzzles_than_one_file_may(run_numbrix, puzzle_file):
    """All are read before any is solved, so a file named many times must not multiply the
    limit a single file has."""
    from numbrix_curses.textformat import MAX_PUZZLES

    half = puzzle_file("1\n\n" * (MAX_PUZZLES // 2 + 1), "half.txt")
    line = assert_one_line_error(run_numbrix("check", str(half), str(half)))
    assert line.startswith(f"{half}: more than {MAX_PUZZLES:,} puzzles in the files given")


def test_standard_input_named_twice_is_one_line_and_exit_2(run_numbrix):
    result = run_numbrix("check", "-", "-", input=UNIQUE_3X3)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "standard input" in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="no /dev/stdin here")
def test_a_pipe_named_twice_is_refused_before_either_is_read(run_numbrix, puzzle_file):
    """Before: `- /dev/stdin` with standard input a pipe read the puzzles under the first
    name and then said of the second "file is empty; no puzzle found"."""
    result = run_numbrix("check", "-", "/dev/stdin", input=UNIQUE_3X3)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("/dev/stdin: the same pipe as <stdin>, named before it; a pipe "
                             "can be read once\n")
    result = run_numbrix("check", "/dev/stdin", "/dev/stdin", input=UNIQUE_3X3)
    assert result.stderr == "/dev/stdin: named more than once; a pipe can be read once\n"
    # a file sent to standard input reads whole under each name, as any file named twice
    path = puzzle_file(UNIQUE_3X3)
    with open(path) as given:
        result = subprocess.run([sys.executable, "-m", "numbrix_curses", "check", "-",
                                 "/dev/stdin"], stdin=given, capture_output=True, text=True,
                                env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert result.returncode == 0
    assert result.stdout == f"{cli.STDIN_NAME}#1: unique\n/dev/stdin#1: unique\n"


def test_check_json(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: u\n{UNIQUE_3X3}\n# id: m\n{MULTIPLE_2X2}\n# id: n\n{NONE_3X3}")
    result = run_numbrix("check", "--json", str(path))
    assert result.returncode == 1, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == ["u", "m", "n"]
    assert [r["status"] for r in records] == ["unique", "multiple", "none"]
    assert [(r["rows"], r["cols"]) for r in records] == [(3, 3), (2, 2), (3, 3)]
    assert records[0]["solution"] == UNIQUE_3X3_SOLUTION
    assert records[2]["solution"] is None


# The givens of a 5x5 serpentine (1 2 3 4 5 / 10 9 8 7 6 / ...) with its 1 copied as 2.
SLIPPED_5X5 = "2 . . . 5\n. . 8 . .\n11 . . . 15\n. . 18 . .\n21 . . . 25\n"
# A 5x5 serpentine's givens with its 13 and 17 swapped: taking either away does not help.
SWAPPED_5X5 = ". 2 3 . 5\n. 9 8 . 6\n. . 17 14 .\n. . 18 13 .\n. . 23 24 25\n"


def test_check_suspects_names_the_given_copied_wrong(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: slip\n{SLIPPED_5X5}\n# id: swap\n{SWAPPED_5X5}\n"
                       f"# id: fine\n{UNIQUE_3X3}\n# id: two\n{MULTIPLE_2X2}")
    result = run_numbrix("check", "--suspects", str(path))
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "slip: none (2 stands on the wrong checkerboard colour, as even numbers cannot take "
        "the corner colour on a board with an odd number of cells; solvable without the 2 at A1 "
        "(exactly one solution with 1 there, or with it at B1))",  # (a 1 misread, or moved)
        "swap: none (the givens cannot be joined into one path; exactly one solution with the "
        "13 at D4 and the 17 at C3 swapped)",
        "fine: unique",
        f"two: multiple ({MULTIPLE_2X2_WHERE})",  # where a given left out stood
    ]
    plain = run_numbrix("check", str(path))
    # (only when asked: it costs a solve per given, and the cells where two solutions
    # differ change with which two a search meets first)
    assert "solvable" not in plain.stdout and "two: multiple\n" in plain.stdout


def test_check_suspects_json(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: slip\n{SLIPPED_5X5}\n# id: swap\n{SWAPPED_5X5}\n"
                       f"# id: fine\n{UNIQUE_3X3}")
    path.write_text(path.read_text() + f"\n# id: two\n{MULTIPLE_2X2}")
    result = run_numbrix("check", "--suspects", "--json", str(path))
    slip, swap, fine, two = (json.loads(line) for line in result.stdout.splitlines())
    # (where the two solutions differ, as the text line says it: a JSON reader compared
    # the grids itself)
    assert two["status"] == "multiple" and two["differences"] == [
        {"cell": "B1", "row": 0, "col": 1}, {"cell": "A2", "row": 1, "col": 0}]
    two_at_a1 = {"number": 2, "cell": "A1", "row": 0, "col": 0}
    assert slip["suspects"] == [two_at_a1]
    assert slip["swaps"] == [] and slip["suspects_complete"] is True
    # (the fixes that give exactly one solution: a 1 there, or the 2 in B1)
    assert slip["corrections"] == [
        {"kind": "number", "given": two_at_a1, "number": 1},
        {"kind": "moved", "given": two_at_a1, "to": {"cell": "B1", "row": 0, "col": 1}},
    ]
    assert slip["corrections_complete"] is True
    assert swap["suspects"] == []
    pair = [{"number": 13, "cell": "D4", "row": 3, "col": 3},
            {"number": 17, "cell": "C3", "row": 2, "col": 2}]
    assert swap["swaps"] == [pair]
    assert swap["corrections"] == [{"kind": "swapped", "given": pair[0], "with": pair[1]}]
    assert "suspects" not in fine and "corrections" not in fine
    assert slip["row_slips"] == [] and swap["row_slips"] == []


#: the newspaper 9x9 with its 54 and 56 written in each other's cells (H1 and I2)
SWAPPED_54_56 = NEWSPAPER_9X9.replace(" . 54  .\n", " . 56  .\n").replace(
    "  . 56\n", "  . 54\n", 1)
#: the newspaper 9x9 with 16 typed in F4, where the page has a blank and the solution 61
SIXTEEN_FOR_61 = NEWSPAPER_9X9.replace("26  .  .  .  .  .", "26  .  .  .  . 16", 1)


def test_check_suspects_says_the_fix(run_numbrix, puzzle_file):
    """A number misread gets the number its cell should hold; two givens swapped, one of
    them a suspect alone, get the swap that puts both right; in the line and in JSON."""
    path = puzzle_file(f"# id: swap\n{SWAPPED_54_56}\n# id: misread\n{SIXTEEN_FOR_61}")
    result = run_numbrix("check", "--suspects", str(path))
    assert result.returncode == 1, result.stderr
    swap, misread = result.stdout.splitlines()
    assert ("solvable without the 56 at H1 (exactly one solution with it and the 54 at I2 "
            "swapped, or with ") in swap
    assert "the 16 at F4 (exactly one solution with 61 there" in misread
    result = run_numbrix("check", "--suspects", "--json", str(path))
    swap, misread = (json.loads(line) for line in result.stdout.splitlines())
    assert swap["corrections"][-1] == {
        "kind": "swapped", "given": {"number": 56, "cell": "H1", "row": 0, "col": 7},
        "with": {"number": 54, "cell": "I2", "row": 1, "col": 8}}
    assert {"kind": "number", "given": {"number": 16, "cell": "F4", "row": 3, "col": 5},
            "number": 61} in misread["corrections"]
    # (the 34 at D1 typed beside it, in E1, as 43: turned round and a cell off, the
    # likeliest of the 43's fixes, before 35 in its cell and the 43 six cells off)
    path = puzzle_file(NEWSPAPER_9X9.replace(" . 32  . 34  . 50", " . 32  .  . 43 50", 1))
    result = run_numbrix("check", "--suspects", "--json", str(path))
    assert json.loads(result.stdout)["corrections"][0] == {
        "kind": "elsewhere", "given": {"number": 43, "cell": "E1", "row": 0, "col": 4},
        "number": 34, "to": {"cell": "D1", "row": 0, "col": 3}}
    assert swap["corrections_complete"] is misread["corrections_complete"] is True


def test_check_suspects_turns_back_two_givens_typed_with_digits_turned_round(
        run_numbrix, puzzle_file):
    """No single change mends a board with two slips: the two givens each put right are
    said, in the line and in JSON (a kind of its own, so a reader that knows only one
    change per fix makes no half of it)."""
    path = puzzle_file(f"# id: twice\n{TWO_TURNED_8X8}")
    result = run_numbrix("check", "--suspects", str(path))
    assert result.returncode == 1, result.stderr
    assert result.stdout.rstrip("\n").endswith(
        "no single given taken away, nor two swapped, makes it solvable; exactly one solution "
        "with 21 for the 12 at C5 and 26 for the 62 at D3)")
    result = run_numbrix("check", "--suspects", "--json", str(path))
    record = json.loads(result.stdout)
    assert record["suspects"] == record["swaps"] == []
    assert record["corrections"] == [{
        "kind": "numbers", "given": {"number": 12, "cell": "C5", "row": 4, "col": 2},
        "number": 21, "also": {"given": {"number": 62, "cell": "D3", "row": 2, "col": 3},
                               "number": 26}}]
    assert record["corrections_complete"] is True


def test_check_suspects_finds_a_row_typed_out_of_place(run_numbrix, puzzle_file):
    """A newspaper 9x9 typed with its first row a column to the left, or with two rows
    swapped: no single given nor pair mends it, putting the row back does."""
    path = puzzle_file(f"# id: top\n{TOP_ROW_SHIFTED}\n# id: rows\n{ROWS_5_AND_6_SWAPPED}")
    result = run_numbrix("check", "--suspects", str(path))
    assert result.returncode == 1, result.stderr
    wrong_colour = ("stands on the wrong checkerboard colour, as even numbers cannot take the "
                    "corner colour on a board with an odd number of cells")
    assert result.stdout.splitlines() == [
        f"top: none (32 {wrong_colour}; exactly one solution with row 1 moved one column right)",
        f"rows: none (20 {wrong_colour}; exactly one solution with rows 5 and 6 swapped)",
    ]
    result = run_numbrix("check", "--suspects", "--json", str(path))
    top, rows = (json.loads(line) for line in result.stdout.splitlines())
    assert top["suspects"] == top["swaps"] == [] and top["suspects_complete"] is True
    assert top["row_slips"] == [{"kind": "shifted", "rows": [0], "move": 1, "givens": [
        {"number": 32, "cell": "A1", "row": 0, "col": 0},
        {"number": 34, "cell": "C1", "row": 0, "col": 2},
        {"number": 50, "cell": "E1", "row": 0, "col": 4},
        {"number": 54, "cell": "G1", "row": 0, "col": 6},
    ]}]
    assert rows["row_slips"] == [{"kind": "swapped", "rows": [4, 5], "move": 0, "givens": [
        {"number": 20, "cell": "A5", "row": 4, "col": 0},
        {"number": 72, "cell": "I5", "row": 4, "col": 8},
        {"number": 23, "cell": "C6", "row": 5, "col": 2},
        {"number": 45, "cell": "E6", "row": 5, "col": 4},
        {"number": 67, "cell": "G6", "row": 5, "col": 6},
    ]}]
    # (read back, the mended board is the newspaper's, with its one solution)
    mended = np.array(top["puzzle"])
    mended[0] = np.roll(mended[0], top["row_slips"][0]["move"])
    assert mended.tolist() == givens(NEWSPAPER_9X9)


# --- solve ----------------------------------------------------------------------------


def test_solve_prints_id_status_and_solution(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: small\n{UNIQUE_3X3}")
    result = run_numbrix("solve", str(path))
    assert result.returncode == 0, result.stderr
    [(comments, grids)] = output_blocks(result.stdout)
    assert comments == {"id": "small", "status": "unique"}
    assert grids == [UNIQUE_3X3_SOLUTION]


def test_solve_multiple_shows_two_different_valid_solutions(run_numbrix, puzzle_file):
    result = run_numbrix("solve", str(puzzle_file(MULTIPLE_2X2)))
    assert result.returncode == 1, result.stderr
    (comments, [first]), (other_comments, [second]) = output_blocks(result.stdout)
    assert comments["status"] == "multiple"
    assert "other solution" in other_comments
    puzzle = Puzzle.from_rows(givens(MULTIPLE_2X2))
    assert puzzle.is_solution(first) and puzzle.is_solution(second)
    assert sorted([first, second]) == sorted(MULTIPLE_2X2_SOLUTIONS)


def test_solve_none_prints_status_and_no_grid(run_numbrix, puzzle_file):
    result = run_numbrix("solve", str(puzzle_file(NONE_3X3)))
    assert result.returncode == 1, result.stderr
    [(comments, grids)] = output_blocks(result.stdout)
    assert comments["status"] == "none"
    assert grids == []


def test_solve_every_puzzle_in_order(run_numbrix, puzzle_file):
    path = puzzle_file(f"{UNIQUE_3X3}\n\n\n{NONE_3X3}\n{UNIQUE_3X3}")
    result = run_numbrix("solve", str(path))
    assert result.returncode == 1, result.stderr
    blocks = output_blocks(result.stdout)
    assert [c["id"] for c, _ in blocks] == [f"{path}#1", f"{path}#2", f"{path}#3"]
    assert [c["status"] for c, _ in blocks] == ["unique", "none", "unique"]
    assert blocks[1][0]["reason"] == NONE_3X3_REASON  # what to look at for the slip


def test_solve_json_keys_and_values(run_numbrix, puzzle_file):
    path = puzzle_file(f"{UNIQUE_3X3}\n{MULTIPLE_2X2}\n{NONE_3X3}")
    result = run_numbrix("solve", str(path), "--json")
    assert result.returncode == 1, result.stderr
    unique, multiple, none = (json.loads(line) for line in result.stdout.splitlines())
    base = {"id", "rows", "cols", "puzzle", "status", "solution", "seconds"}
    assert set(unique) == base
    assert unique["puzzle"] == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]
    assert set(multiple) == base | {"other_solution"}
    assert set(none) == base | {"reason"}
    assert none["reason"] == NONE_3X3_REASON
    assert unique["id"] == f"{path}#1"
    assert unique["solution"] == UNIQUE_3X3_SOLUTION
    assert sorted([multiple["solution"], multiple["other_solution"]]) == sorted(
        MULTIPLE_2X2_SOLUTIONS
    )
    assert none["solution"] is None
    assert all(isinstance(r["seconds"], float) and r["seconds"] >= 0 for r in (unique, none))


def test_a_file_deep_in_folders_names_its_puzzles_by_ids_that_read_back(run_numbrix,
                                                                         tmp_path):
    """A puzzle without an id is named FILE#K, and a FILE deep in folders made an id longer
    than one may be that is read (2,000 characters): neither `solve`'s output nor its
    JSON read back. The id keeps the end of the name, the file's name and number."""
    folder = tmp_path
    while len(str(folder)) < 2100:
        folder /= "d" * 200
    folder.mkdir(parents=True)
    path = folder / "week.txt"
    path.write_text(f"{UNIQUE_3X3}\n{MULTIPLE_2X2}", encoding="utf-8")
    for options, suffix in (((), "txt"), (("--json",), "json")):
        solved = run_numbrix("solve", *options, str(path))
        assert solved.returncode == 1, solved.stderr
        written = tmp_path / f"solved.{suffix}"
        written.write_text(solved.stdout, encoding="utf-8")
        checked = run_numbrix("check", str(written))
        assert checked.stderr == ""
        # (the text's grids are solutions, the JSON's the puzzles; the text's other
        # solution is a puzzle named by its place in the file written)
        ids = [line.rsplit(": ", 1)[0] for line in checked.stdout.splitlines()]
        for number, ident in enumerate(ids[:2], start=1):
            assert ident.startswith(".../") and f"{path}#{number}".endswith(ident[3:])
            assert len(ident) <= numbrix_curses.MAX_METADATA_CHARS


def test_a_puzzle_only_the_search_finds_without_solution_has_no_reason(run_numbrix,
                                                                       puzzle_file):
    """The givens break no simple rule here (2 and 8 are far enough apart, on the right
    colours); the search finds no way round. Nothing claims a reason it does not have."""
    path = puzzle_file("# id: searched\n. . . 8\n. . 2 .\n. . . .\n")
    check = run_numbrix("check", str(path))
    assert check.stdout == "searched: none\n" and check.returncode == 1
    assert "# reason" not in run_numbrix("solve", str(path)).stdout
    assert json.loads(run_numbrix("solve", "--json", str(path)).stdout)["reason"] is None


def test_solve_json_from_standard_input(run_numbrix):
    result = run_numbrix("solve", "--json", "-", input=f"# id: piped\n{UNIQUE_3X3}")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["id"] == "piped"
    assert record["solution"] == UNIQUE_3X3_SOLUTION


def test_solve_given_grid_already_full(run_numbrix, puzzle_file):
    result = run_numbrix("check", str(puzzle_file("1 2 3\n6 5 4\n7 8 9\n")))
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(": unique\n")


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "check"])
def test_parse_error_names_file_line_column_and_solves_nothing(run_numbrix, puzzle_file, command):
    # the first puzzle is fine; the error in the second must stop the run before solving
    path = puzzle_file(f"{UNIQUE_3X3}\n1 . 3\n. x .\n. . 9\n")
    line = assert_one_line_error(run_numbrix(command, str(path)), f"{path}:6:3:")
    assert line != f"{path}:6:3:"  # a message follows the place


def test_ragged_rows_are_an_error(run_numbrix, puzzle_file):
    path = puzzle_file("1 . 3\n. .\n. . 9\n")
    assert_one_line_error(run_numbrix("check", str(path)), f"{path}:2:")


def test_number_out_of_range_is_an_error(run_numbrix, puzzle_file):
    path = puzzle_file("1 . 3\n. 10 .\n. . 9\n")
    assert_one_line_error(run_numbrix("check", str(path)), f"{path}:2:3:")


def test_a_board_split_by_a_blank_line_is_one_error_line_with_a_hint(run_numbrix, puzzle_file):
    path = puzzle_file("# id: split\n1 . 3\n\n. . .\n. 9 .\n")
    line = assert_one_line_error(run_numbrix("check", str(path)))
    assert line == (
        f"{path}:5:3: 9 is out of range 1..6 for a 2x3 grid;"
        " is a blank line (line 3) splitting a 3x3 board?"
    )


def test_parse_error_on_standard_input(run_numbrix):
    result = run_numbrix("solve", "-", input="1 . 3\n. . .\n. . 99\n")
    assert_one_line_error(result, f"{cli.STDIN_NAME}:3:5:")


def test_empty_file_is_an_error(run_numbrix, puzzle_file):
    path = puzzle_file("")
    assert_one_line_error(run_numbrix("check", str(path)), f"{path}:")


def test_missing_file(run_numbrix, tmp_path):
    missing = tmp_path / "no-such-file.txt"
    line = assert_one_line_error(run_numbrix("solve", str(missing)))
    assert str(missing) in line


def test_directory_as_file(run_numbrix, tmp_path):
    line = assert_one_line_error(run_numbrix("check", str(tmp_path)))
    assert str(tmp_path) in line


def test_standard_output_open_for_reading_only_is_said_to_be_so(tmp_path, puzzle_file):
    """`numbrix solve FILE 1</dev/null` said "numbrix: Bad file descriptor" alone."""
    path = puzzle_file(UNIQUE_3X3)
    with open(os.devnull, "rb") as read_only:
        result = subprocess.run([sys.executable, "-m", "numbrix_curses", "solve", str(path)],
                                stdin=subprocess.DEVNULL, stdout=read_only, stderr=subprocess.PIPE,
                                text=True, env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert result.returncode == cli.EXIT_BAD_INPUT
    assert result.stderr == ("numbrix: standard output: Bad file descriptor: standard input "
                             "must be open for reading, and standard output and error for "
                             "writing\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", ["solve", "check", "grade", "print", "play"])
def test_a_named_pipe_that_nothing_writes_to_is_answered_at_once(tmp_path, command):
    # Opening a pipe for reading waits for a writer: nothing ever writes to this one.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    result = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", command, str(pipe)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
        timeout=COMMAND_TIMEOUT,
    )
    # (said so, not "file is empty": a writer started a moment later waits for good)
    assert assert_one_line_error(result) == (
        f"{pipe}: is a named pipe nothing wrote to (a writer starts first, or `- < PIPE` for "
        "FILE, as standard input, waits for one)")


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="no /dev/fd here")
@pytest.mark.parametrize("late", [False, True])
def test_a_pipe_named_on_the_command_line_is_read_as_the_shell_passes_it(tmp_path, late):
    """`numbrix check <(command)` names the pipe the shell made, /dev/fd/N: read to its end
    like standard input, whether the writer has written before the read or writes later."""
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    read_end, write_end = os.pipe()
    try:
        if not late:
            os.write(write_end, b"1 . 3\n. . .\n. . 9\n")
        process = subprocess.Popen(
            [sys.executable, "-m", "numbrix_curses", "check", f"/dev/fd/{read_end}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env, pass_fds=(read_end,),
        )
        os.close(read_end)
        if late:
            time.sleep(0.5)  # (the command has opened the pipe by now, and found it empty)
            os.write(write_end, b"1 . 3\n. . .\n")
            time.sleep(0.2)
            os.write(write_end, b". . 9\n")
    finally:
        os.close(write_end)
    out, err = process.communicate(timeout=COMMAND_TIMEOUT)
    assert (process.returncode, out, err) == (0, f"/dev/fd/{read_end}#1: unique\n", "")


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="no /dev/fd here")
def test_a_pipe_passed_by_the_shell_that_its_writer_left_empty_is_an_empty_file(tmp_path):
    """`numbrix check <(curl ...)` where the command wrote nothing and ended (`printf '' |
    numbrix check /dev/stdin` alike): its writer came and went, so the file is empty. It
    was said to be "a named pipe nothing wrote to", with the advice to start its writer
    first, which was no help: that is for a named pipe in the file system, whose writer
    may not have started."""
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    read_end, write_end = os.pipe()
    os.close(write_end)  # (the writer ended, having written nothing)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "numbrix_curses", "check", f"/dev/fd/{read_end}"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
            pass_fds=(read_end,), timeout=COMMAND_TIMEOUT,
        )
    finally:
        os.close(read_end)
    assert assert_one_line_error(result) == (
        f"/dev/fd/{read_end}:1:1: file is empty; no puzzle found")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_device_is_refused(run_numbrix):
    line = assert_one_line_error(run_numbrix("solve", "/dev/zero"))
    assert line == "/dev/zero: is a character device, not a puzzle file"


def test_unreadable_bytes_are_an_error(run_numbrix, tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(b"1 . 3\n\xff\xfe\x00 . .\n. . 9\n")
    line = assert_one_line_error(run_numbrix("check", str(path)))
    assert str(path) in line


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["play", "a.txt", "b.txt"],
        ["frobnicate"],
        ["check", "--timeout", "0", "x.txt"],
        ["check", "--timeout", "soon", "x.txt"],
        ["solve", "--no-such-option", "x.txt"],
    ],
    ids=["no-file", "play-two-files", "unknown-command", "zero-timeout", "word-timeout", "option"],
)
def test_usage_errors_are_one_line_exit_2(run_numbrix, args):
    line = assert_one_line_error(run_numbrix(*args), "numbrix")
    assert "--help" in line


@pytest.mark.parametrize(
    "args, blamed",
    [
        (["check", "--timeout", "-inf", "x.txt"], "'-inf'"),
        (["solve", "--timeout", "-1e3", "x.txt"], "'-1e3'"),
        (["generate", "--seed", "-5"], "-5"),
    ],
    ids=["minus-infinity", "exponent", "seed"],
)
def test_a_negative_value_is_judged_as_a_value(args, blamed, capsys):
    # argparse takes "-inf" for an option and says only "expected one argument"
    assert cli.main(args) == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith(f"numbrix {args[0]}: argument {args[1]}: ") and blamed in line


def test_an_endless_timeout_is_refused_for_being_endless(capsys):
    """--timeout inf was refused as not "a positive number", which infinity is."""
    assert cli.main(["check", "--timeout", "inf", "x.txt"]) == 2
    assert "must be a positive number of seconds, and finite: 'inf'" in capsys.readouterr().err


def test_a_file_named_like_a_negative_number_is_still_a_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-5").write_text("1 2\n4 3\n")
    assert cli.main(["check", "--json", "-5"]) == 0
    assert '"status": "unique"' in capsys.readouterr().out


# --- version and help -----------------------------------------------------------------


def test_version(run_numbrix):
    result = run_numbrix("--version")
    assert result.returncode == 0
    assert result.stdout == f"numbrix-curses {numbrix_curses.__version__}\n"


def test_help_lists_every_command_with_a_description(run_numbrix):
    result = run_numbrix("--help")
    assert result.returncode == 0
    for command in cli.COMMANDS:
        line = next(
            (l for l in result.stdout.splitlines() if l.split()[:1] == [command.name]), None
        )
        assert line is not None, f"{command.name} missing from --help"
        assert command.summary in line
    assert "exit codes" in result.stdout


def test_help_lists_every_documented_exit_code(capsys):
    """Before: 141 (standard output closed early), which the README lists, was missing."""
    from test_hostile import DOCUMENTED_EXIT_CODES

    assert cli.main(["--help"]) == 0
    epilog = capsys.readouterr().out.split("exit codes:", 1)[1]
    listed = {int(code) for code in re.findall(r"(?<![\w-])(\d+) [a-z]", epilog)}
    assert listed == DOCUMENTED_EXIT_CODES


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["generate", "--help"],
                                  ["check", "--help"]])
def test_help_and_version_do_not_load_numpy(args):
    """They answer at once: numpy alone takes about 50 ms to load (before, the generate
    options' board sides came from the puzzle model, which loads it)."""
    script = (
        "import sys\n"
        "from numbrix_curses.cli import main\n"
        f"code = main({args!r})\n"
        "print('numpy' in sys.modules, code)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert result.stdout.splitlines()[-1] == "False 0", result.stdout + result.stderr


def test_command_help(run_numbrix):
    result = run_numbrix("solve", "--help")
    assert result.returncode == 0
    assert "--json" in result.stdout and "--timeout" in result.stdout


@pytest.mark.parametrize("command", ["generate", "print", "check", "solve", "grade"])
def test_command_help_ends_in_examples_that_are_its_own(capsys, command):
    """Each example is a command line the parser takes, as it stands in the help (its
    lines kept as written), and fits 80 columns."""
    import shlex

    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    examples = out.split("\nexamples:\n", 1)[1].split("\n\n")[0].strip("\n").split("\n")
    assert len(examples) >= 3 and all(line.startswith("  numbrix ") for line in examples)
    assert max(map(len, out.split("\n"))) < 80
    for example in examples:
        typed = example.split("  ", 2)[1]  # (an example's note stands two spaces off)
        for part in typed.split(" | "):  # (no example quotes a bar)
            argv = shlex.split(part)
            argv = argv[:argv.index(">")] if ">" in argv else argv
            argv = argv[:argv.index(">>")] if ">>" in argv else argv
            assert argv[0] == "numbrix"
            parser = cli.build_parser()
            args = parser.parse_args(argv[1:])  # (a usage error exits: the test fails)
            assert args.command in (command, "generate"), example


@pytest.mark.parametrize("command", ["check", "solve", "grade"])
def test_check_and_solve_help_say_what_a_puzzle_file_looks_like(capsys, command):
    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    said = out.split("a puzzle file: ", 1)[1]
    assert said.startswith("one row of a board a line, numbers for givens, . for blanks;")
    # the example it shows is a puzzle, the one these tests check
    grid = "\n".join(line.strip() for line in said.split("\n") if line.startswith("  "))
    assert parse_puzzles(grid)[0].givens.tolist() == givens(UNIQUE_3X3)


# --- play: argument errors are found before the app starts -----------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no /dev/tty to turn to")
def test_play_of_standard_input_without_a_terminal_says_so(tmp_path: Path):
    """`play -` reads the puzzle from standard input, then the keyboard from the terminal;
    a process with no terminal at all (a new session) gets one line, not a hang."""
    import pty

    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    # Output to a terminal, but none to read keys from: a new session has no controlling
    # terminal, and a terminal handed down as output does not become one.
    main, side = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "numbrix_curses", "play", "-"], input=UNIQUE_3X3,
            stdout=side, stderr=subprocess.PIPE, text=True, env=env, timeout=COMMAND_TIMEOUT,
            start_new_session=True,
        )
    finally:
        os.close(side)
        os.close(main)
    assert result.returncode == 2
    assert result.stderr == ("numbrix play: the puzzle came on standard input, and there is "
                             "no terminal to play it in\n")
    # Output that is no terminal: the app says so, as for any puzzle.
    piped = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", "play", "-"], input=UNIQUE_3X3,
        capture_output=True, text=True, env=env, timeout=COMMAND_TIMEOUT,
    )
    assert_one_line_error(piped, "numbrix: the app needs a terminal")
    empty = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", "play", "-"], input="",
        capture_output=True, text=True, env=env, timeout=COMMAND_TIMEOUT,
        start_new_session=True,
    )
    assert_one_line_error(empty, "<stdin>:1:1: file is empty")


def test_play_unknown_puzzle_number(run_numbrix, puzzle_file):
    path = puzzle_file(UNIQUE_3X3)
    line = assert_one_line_error(run_numbrix("play", str(path), "--puzzle", "2"))
    assert line.startswith(f"{path}:") and "1 puzzle" in line


def test_play_unknown_puzzle_id(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: only\n{UNIQUE_3X3}")
    line = assert_one_line_error(run_numbrix("play", str(path), "--puzzle", "other"))
    assert "'other'" in line


def test_play_an_id_two_puzzles_share_asks_for_a_number(run_numbrix, puzzle_file):
    path = puzzle_file(f"# id: twin\n{UNIQUE_3X3}\n# id: twin\n1 2\n4 3\n")
    line = assert_one_line_error(run_numbrix("play", str(path), "--puzzle", "twin"))
    assert "2 puzzles have id 'twin' (numbers 1, 2)" in line and "--puzzle N" in line


def test_puzzles_that_share_an_id_are_all_checked_with_a_warning(run_numbrix, puzzle_file):
    path = puzzle_file(
        f"# id: twin\n{UNIQUE_3X3}\n# id: twin\n{MULTIPLE_2X2}\n# id: other\n1 2\n4 3\n\n"
        f"# id: twin\n{UNIQUE_3X3}"
    )
    result = run_numbrix("check", str(path))
    assert result.stdout.splitlines() == ["twin: unique", "twin: multiple", "other: unique",
                                          "twin: unique"]
    assert result.returncode == 1  # (one has several solutions: the warning changes nothing)
    assert result.stderr.splitlines() == [
        f"{path}: warning: puzzles 1, 2 and 4 have the same id 'twin'; "
        f"name one by its number, as {path}#4"
    ]
    # print labels its booklet by id too
    printed = run_numbrix("print", str(path))
    assert printed.returncode == 0 and "warning: puzzles 1, 2 and 4" in printed.stderr


def test_an_id_written_as_another_puzzle_s_name_is_warned_of_once(run_numbrix, puzzle_file):
    """`check` names a puzzle with no id by its file and number: an id written so on
    another puzzle printed two answers under one name, without a word."""
    path = puzzle_file(f"{UNIQUE_3X3}\n# id: week.txt#1\n{MULTIPLE_2X2}", "week.txt")
    result = run_numbrix("check", str(path))
    assert result.stdout.splitlines() == [f"{path}#1: unique", "week.txt#1: multiple"]
    assert result.stderr.splitlines() == [
        f"{path}:5: warning: puzzle 2's id 'week.txt#1' is also how puzzle 1 (no id) is "
        "named; give one of them an id of its own"
    ]


def test_play_missing_file(run_numbrix, tmp_path):
    missing = tmp_path / "gone.txt"
    line = assert_one_line_error(run_numbrix("play", str(missing)))
    assert str(missing) in line


# --- in-process: main() -------------------------------------------------------------


def test_main_returns_code_and_prints(puzzle_file, capsys):
    path = puzzle_file(f"# id: inproc\n{UNIQUE_3X3}")
    assert cli.main(["check", str(path)]) == 0
    assert capsys.readouterr().out == "inproc: unique\n"


def test_main_usage_error_returns_2(capsys):
    assert cli.main(["solve"]) == 2
    captured = capsys.readouterr()
    assert len(captured.err.splitlines()) == 1


def test_main_version_returns_0(capsys):
    assert cli.main(["--version"]) == 0
    assert numbrix_curses.__version__ in capsys.readouterr().out


def _timing_out_solve(real_solve, slow_ids):
    """solve() that reports a timeout for the puzzles whose id is in `slow_ids`.

    A real timeout depends on the machine's speed; arranging one keeps the test exact.
    """

    def solve(puzzle, *args, **kwargs):
        result = real_solve(puzzle, *args, **kwargs)
        if puzzle.id in slow_ids:
            return dataclasses.replace(result, status=solver.Status.TIMEOUT, solutions=[])
        return result

    return solve


def test_timeout_exits_3_and_reports_status(puzzle_file, monkeypatch, capsys):
    monkeypatch.setattr(solver, "solve", _timing_out_solve(solver.solve, {"slow"}))
    path = puzzle_file(f"# id: fast\n{UNIQUE_3X3}\n# id: slow\n{UNIQUE_3X3}")
    assert cli.main(["check", "--timeout", "5", str(path)]) == 3
    # the line says how long the search ran, and that more time may decide it
    assert capsys.readouterr().out == (
        "fast: unique\nslow: timeout (no answer within 5 s; a longer --timeout may decide it)\n"
    )
    assert cli.main(["solve", "--json", "--timeout", "0.5", str(path)]) == 3
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[1]["status"] == "timeout" and records[1]["solution"] is None
    assert "other_solution" not in records[1]


def test_not_unique_outranks_timeout(puzzle_file, monkeypatch, capsys):
    monkeypatch.setattr(solver, "solve", _timing_out_solve(solver.solve, {"slow"}))
    path = puzzle_file(f"# id: slow\n{UNIQUE_3X3}\n# id: none\n{NONE_3X3}")
    assert cli.main(["check", str(path)]) == 1
    assert capsys.readouterr().out == f"slow: timeout\nnone: none ({NONE_3X3_REASON})\n"


def test_steps_on_a_timeout_say_the_solver_ran_out_of_time(puzzle_file, monkeypatch, capsys):
    monkeypatch.setattr(solver, "solve", _timing_out_solve(solver.solve, {"slow"}))
    path = puzzle_file(f"# id: slow\n{UNIQUE_3X3}\n# id: none\n{NONE_3X3}")
    assert cli.main(["solve", "--steps", "--timeout", "0.05", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        "# id: slow\n# status: timeout\n"
        "# reason: no answer within 0.05 s; a longer --timeout may decide it\n"
        "# no steps: the solver ran out of time\n"
    ) in out
    assert "exactly one solution" not in out.split("# id: none")[0]
    assert out.endswith(
        f"# id: none\n# status: none\n# reason: {NONE_3X3_REASON}\n"
        "# no steps: the puzzle does not have exactly one solution\n"
    )


def test_steps_on_a_puzzle_with_several_solutions_show_two_of_them(puzzle_file, capsys):
    """`solve --steps` said only "no steps" of a puzzle with several solutions, where
    `solve` shows two: they show where it is short of a given."""
    path = puzzle_file("# id: open\n1 . .\n. . .\n. . .\n")
    assert cli.main(["solve", "--steps", str(path)]) == 1
    out = capsys.readouterr().out
    head, other = out.split("# other solution:\n")
    assert head.startswith("# id: open\n# status: multiple\n# no steps: the puzzle does not "
                           "have exactly one solution\n")
    grids = [parse_puzzles(text)[0] for text in (head, other)]
    assert all(Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 0]]).is_solution(grid.givens)
               for grid in grids)
    assert grids[0].givens.tolist() != grids[1].givens.tolist()


def test_timeout_is_passed_to_the_solver(puzzle_file, monkeypatch):
    seen = []
    real_solve = solver.solve

    def solve(puzzle, *args, **kwargs):
        seen.append(kwargs.get("timeout"))
        return real_solve(puzzle, *args, **kwargs)

    monkeypatch.setattr(solver, "solve", solve)
    assert cli.main(["check", "--timeout", "2.5", str(puzzle_file(UNIQUE_3X3))]) == 0
    assert seen == [2.5]


#: a Ctrl-C while the command line loads (the hook stands for the key, pressed as the
#: command for `generate` is imported), then the script's own first moments
_CTRL_C_WHILE_LOADING = """
import os, signal, sys
class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "numbrix_curses.cli.generating":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, CtrlC())
sys.argv = ["numbrix", "generate", "--count", "1"]
from numbrix_curses.launch import entry
entry()
"""


def test_ctrl_c_while_the_program_loads_says_interrupted_without_a_traceback():
    """Loading takes a few tenths of a second; a Ctrl-C then printed the traceback of the
    module being loaded."""
    done = subprocess.run([sys.executable, "-c", _CTRL_C_WHILE_LOADING], capture_output=True,
                          text=True, env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert (done.returncode, done.stderr, done.stdout) == (130, "numbrix: interrupted\n", "")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="hang-ups and Ctrl-\\ (POSIX)")
@pytest.mark.parametrize("name, code", [("SIGTERM", 143), ("SIGHUP", 129), ("SIGQUIT", 131)])
def test_a_stop_while_the_program_loads_says_its_line(name, code):
    """SIGTERM, a hang-up or Ctrl-\\ in those first tenths of a second (`timeout` or a
    supervisor stopping a command just started) ended it by the signal, without a word."""
    script = _CTRL_C_WHILE_LOADING.replace("signal.SIGINT", f"signal.{name}")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=cli_env(), timeout=COMMAND_TIMEOUT)
    line = cli.STOP_LINES[getattr(signal, name)]
    assert (done.returncode, done.stderr, done.stdout) == (code, line + "\n", "")


_BROKEN_WHILE_LOADING = """
import sys
class Broken:
    def find_spec(self, name, path=None, target=None):
        if name == "numbrix_curses.cli.generating":
            raise NameError("name 'Status' is not defined")
        return None
sys.meta_path.insert(0, Broken())
sys.argv = ["numbrix", "generate", "--count", "1"]
from numbrix_curses.launch import entry
entry()
"""


def test_a_module_failing_as_it_loads_says_one_line_and_exits_70():
    """A bug met while the command line loads (a broken install, a half-edited module)
    printed a traceback and ended with status 1, where any other bug says one line and
    ends 70."""
    done = subprocess.run([sys.executable, "-c", _BROKEN_WHILE_LOADING], capture_output=True,
                          text=True, env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert (done.returncode, done.stdout) == (70, "")
    assert done.stderr.startswith("numbrix: internal error while loading (NameError: name "
                                  "'Status' is not defined, at "), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_interrupt_exits_130(puzzle_file, monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "solve", interrupted)
    assert cli.main(["check", str(puzzle_file(UNIQUE_3X3))]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("code, signame, expected, line", [
    (0, "SIGTERM", 143, "numbrix: stopped (SIGTERM)"),
    (0, "SIGINT", 130, "numbrix: interrupted"),
    (130, "SIGTERM", 130, ""),  # Ctrl-C said already: the code stays the one said
    (143, "SIGINT", 143, ""),
])
def test_a_stop_while_the_process_ends_ends_it_with_one_code_and_no_traceback(
        code, signame, expected, line):
    """Before: a Ctrl-C or SIGTERM that came while the interpreter shut down (joining the
    threads that watched workers) printed a KeyboardInterrupt traceback, or ended 143
    after "numbrix: interrupted" was said."""
    script = (
        "import os, signal, threading, time\n"
        "from numbrix_curses.cli import end_at_next_stop\n"
        f"end_at_next_stop({code})\n"
        # a thread still running when the main thread is done, as a worker's watcher is
        "threading.Thread(target=time.sleep, args=(30,)).start()\n"
        f"os.kill(os.getpid(), signal.{signame})\n"
        "time.sleep(30)\n"
    )
    child = subprocess.run([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                           capture_output=True, env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert child.returncode == expected
    assert child.stderr.decode().strip() == line


def test_stops_in_the_last_moments_of_the_process_are_dropped():
    """Python puts the default actions back as it finalizes; a SIGTERM then killed the
    process (143) after it had said and chosen another code. Blocked from the last
    function run at exit on, it is dropped and the code stands."""
    script = (
        "import os, signal, sys\n"
        "from numbrix_curses.cli import _hold_stops\n"
        "_hold_stops()\n"
        "signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (as finalizing leaves it)\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "sys.exit(7)\n"
    )
    child = subprocess.run([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                           capture_output=True, env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert (child.returncode, child.stderr) == (7, b"")


def test_closed_stdout_is_a_quiet_exit(puzzle_file):
    # stdout is a pipe whose reader is already gone, as in `numbrix solve big.txt | head -0`
    path = puzzle_file(UNIQUE_3X3)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        child = subprocess.run(
            [sys.executable, "-m", "numbrix_curses", "solve", str(path)],
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=cli_env(),
            timeout=COMMAND_TIMEOUT,
        )
    finally:
        os.close(write_end)
    assert child.returncode == cli.EXIT_BROKEN_PIPE
    assert child.stderr == b""


@pytest.mark.parametrize("taken", [10, 100_000])
def test_a_booklet_cut_short_is_an_error_not_a_success(puzzle_file, taken):
    """Before: the booklet went out in one write, larger than a pipe holds; when that write
    was partial (`numbrix print big.txt | head -1`, or a disk filling up part way: the
    writer sees the same, a partial write and then an error), Python dropped the rest
    without an error and the command ended 0."""
    path = puzzle_file((UNIQUE_3X3 + "\n") * 3000)  # a booklet of about 300 KB
    child = subprocess.Popen([sys.executable, "-m", "numbrix_curses", "print", str(path)],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=cli_env())
    try:
        assert child.stdout is not None and child.stderr is not None
        head = child.stdout.read(taken)
        child.stdout.close()  # the reader goes: the rest of the booklet has nowhere to go
        child.wait(timeout=COMMAND_TIMEOUT)
        said = child.stderr.read()
    finally:
        child.kill()
    assert head.startswith(b"# Numbrix "[:taken]) and len(head) == taken
    assert child.returncode == cli.EXIT_BROKEN_PIPE
    assert said == b""


def test_a_title_of_bytes_that_are_not_utf8_is_printed_with_a_stand_in(puzzle_file):
    """Before: `--title "$(printf 'a\\xffb')"` printed the booklet, then ended with a
    UnicodeEncodeError traceback (exit 1, "not unique")."""
    path = puzzle_file(UNIQUE_3X3)
    result = _numbrix_bytes("print", "--title", b"a\xffb", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    assert result.stdout.decode().splitlines()[0] == "# a\ufffdb"


def test_play_takes_the_label_check_prints_for_a_puzzle_without_an_id(
    tmp_path, monkeypatch, capsys
):
    """Before: `--puzzle small.txt#2`, the name `check` gives the puzzle, was "no puzzle
    with id"."""
    from numbrix_curses.ui import app

    opened = []
    titles = []
    monkeypatch.setattr(
        app, "run_app",
        lambda puzzle, **kw: opened.append(puzzle) or titles.append(kw["label"]) or 0,
    )
    monkeypatch.chdir(tmp_path)
    (tmp_path / "small.txt").write_text(f"{UNIQUE_3X3}\n{MULTIPLE_2X2}", encoding="utf-8")
    assert cli.main(["check", "small.txt"]) == 1
    labels = [line.rpartition(":")[0] for line in capsys.readouterr().out.splitlines()]
    assert labels == ["small.txt#1", "small.txt#2"]
    for choice in labels:
        assert cli.main(["play", "small.txt", "--puzzle", choice]) == 0
    # the app's title and Open file name a file by its base name
    assert cli.main(["play", str(tmp_path / "small.txt"), "--puzzle", "small.txt#2"]) == 0
    assert cli.main(["play", "./small.txt", "--puzzle", "./small.txt#2"]) == 0
    assert [p.rows for p in opened] == [3, 2, 2, 2]
    # and the app is told to call each puzzle so (in its title and saved games), not by the
    # file's name alone
    assert titles == ["small.txt#1", "small.txt#2", "small.txt#2", "small.txt#2"]
    assert cli.main(["play", "small.txt", "--puzzle", "small.txt#3"]) == 2
    assert capsys.readouterr().err == "small.txt: no puzzle 3 (it holds 2 puzzles)\n"
    assert cli.main(["play", "small.txt", "--puzzle", "other.txt#1"]) == 2
    assert "no puzzle with id 'other.txt#1'" in capsys.readouterr().err


def test_an_id_that_looks_like_a_label_is_still_an_id(tmp_path, monkeypatch):
    from numbrix_curses.ui import app

    opened = []
    monkeypatch.setattr(app, "run_app", lambda puzzle, **kw: opened.append(puzzle) or 0)
    path = tmp_path / "small.txt"
    path.write_text(f"{UNIQUE_3X3}\n# id: small.txt#1\n{MULTIPLE_2X2}", encoding="utf-8")
    assert cli.main(["play", str(path), "--puzzle", "small.txt#1"]) == 0
    assert opened[0].id == "small.txt#1"


# --- play: which puzzle the app opens (real app in a pseudo-terminal) ---------------------
# Saved games go to XDG_STATE_HOME, so each test points it into its own tmp_path.


@pytest.mark.parametrize(
    "args, expected_id",
    [
        (["play"], lambda: library.default_puzzle().id),
        (["play", "--puzzle", "2"], lambda: library.load_bundled()[1].id),
        (["play", "--puzzle", "ID"], lambda: library.load_bundled()[-1].id),
    ],
    ids=["play", "bundled-number", "bundled-id"],
)
def test_play_opens_the_chosen_bundled_puzzle(args, expected_id, tmp_path):
    wanted = expected_id()
    args = [wanted if a == "ID" else a for a in args]
    with Terminal(
        [sys.executable, "-m", "numbrix_curses", *args], XDG_STATE_HOME=str(tmp_path)
    ) as term:
        term.wait_text(f"Numbrix · {wanted}")
        term.send("q")
        assert term.wait_exit() == 0


def test_no_command_opens_the_main_menu(tmp_path):
    with Terminal([sys.executable, "-m", "numbrix_curses"], XDG_STATE_HOME=str(tmp_path)) as term:
        term.wait_text("Puzzle library")
        term.send("q")
        assert term.wait_exit() == 0


@pytest.mark.parametrize("choice", ["2", "second"])
def test_play_opens_the_chosen_puzzle_of_a_file(puzzle_file, choice):
    path = puzzle_file(f"# id: first\n{UNIQUE_3X3}\n# id: second\n{MULTIPLE_2X2}")
    with Terminal(
        [sys.executable, "-m", "numbrix_curses", "play", str(path), "--puzzle", choice],
        XDG_STATE_HOME=str(path.parent / "state"),
    ) as term:
        term.wait_text("Numbrix · second")
        term.send("q")
        assert term.wait_exit() == 0


def long_search_file(puzzle_file) -> Path:
    """A sparse 20x20 board from the benchmark corpus that takes far longer than a second."""
    from numbrix_curses.textformat import format_compact

    (board,), _ = corpus_boards("corpus-v1-20x20", ["20x20-minimal-03"])
    return puzzle_file(format_compact(board), "long.txt")


def test_a_long_search_says_what_it_is_searching_on_a_terminal(puzzle_file):
    """A search that runs past a second shows which puzzle and for how long (a sparse
    20x20 board can take a minute, which must not look like a hang); the line is wiped
    before the verdict is printed in its place."""
    path = long_search_file(puzzle_file)
    with Terminal(
        [sys.executable, "-m", "numbrix_curses", "check", str(path), "--timeout", "2.5"],
        XDG_STATE_HOME=str(path.parent / "state"),
    ) as term:
        term.wait_written("20x20-minimal-03: searching, 1 s", timeout=10)
        term.wait_written("20x20-minimal-03: searching, 2 s", timeout=10)
        assert term.wait_exit(timeout=20) == cli.EXIT_TIMEOUT
        assert "20x20-minimal-03: timeout" in term.text
        assert "searching" not in term.text


def test_a_long_search_s_line_fits_a_narrow_terminal(capsys, monkeypatch):
    """A puzzle named by a long path made the line wider than a 60-column terminal: it
    wrapped, and each second's line left a row behind. The name keeps its end (the file
    and the puzzle's number) after '...', and the line fits the width, a column short."""
    from numbrix_curses.cli.progress import SearchTicker

    monkeypatch.setenv("COLUMNS", "60")
    label = "/home/someone/a-rather-long-folder-name-for-the-puzzles/sparse-thirty.txt#1"
    ticker = SearchTicker(label)
    ticker.started = time.monotonic()
    ticker._tick(0, None)
    err = capsys.readouterr().err
    assert err.startswith("\r\x1b[K...") and len(err) - len("\r\x1b[K") <= 59, err
    assert err.endswith("/sparse-thirty.txt#1: searching, 0 s"), err
    monkeypatch.setenv("COLUMNS", "200")  # (room: the name whole)
    ticker._tick(0, None)
    assert capsys.readouterr().err == f"\r\x1b[K{label}: searching, 0 s"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_long_read_says_what_it_is_reading_on_a_terminal(tmp_path):
    """A file of thousands of boards takes seconds to read before any search starts, and
    the terminal stood still as if hung: past a second a line says which file is being
    read and for how long, wiped before the verdicts. (A named pipe whose writer holds the
    end back is a read that lasts as long as the test wants, on any machine.)"""
    import threading

    pipe = tmp_path / "slow.txt"
    os.mkfifo(pipe)
    seen = threading.Event()

    def write() -> None:
        with open(pipe, "w") as out:  # (waits for the command to open the pipe)
            out.write("1 . 3\n. . .\n")
            out.flush()
            seen.wait(timeout=20)
            out.write(". . 9\n")

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    with Terminal([sys.executable, "-m", "numbrix_curses", "check", str(pipe)],
                  XDG_STATE_HOME=str(tmp_path / "state")) as term:
        term.wait_written(f"{pipe}: reading, 1 s", timeout=10)
        seen.set()
        assert term.wait_exit(timeout=20) == cli.EXIT_OK
        assert f"{pipe}#1: unique" in term.text and "reading" not in term.text, term.dump()
    writer.join(timeout=5)


def test_check_on_a_terminal_points_to_suspects_for_a_puzzle_not_unique(puzzle_file):
    """A person who gets "none" or "multiple" is told where to look next, once; off a
    terminal nothing extra is written (below, and `test_check_suspects_*`)."""
    tip = "--suspects says where to look for a slip in copying (a given copied wrong, or left out)"
    path = puzzle_file(f"# id: slip\n{SLIPPED_5X5}\n# id: swap\n{SWAPPED_5X5}\n"
                       f"# id: fine\n{UNIQUE_3X3}")
    argv = [sys.executable, "-m", "numbrix_curses", "check", str(path)]
    state = str(path.parent / "state")
    with Terminal(argv, cols=200, XDG_STATE_HOME=state) as term:
        assert term.wait_exit() == cli.EXIT_NOT_UNIQUE
        assert term.text.count(tip) == 1
    with Terminal(argv + ["--suspects"], cols=200, XDG_STATE_HOME=state) as term:
        assert term.wait_exit() == cli.EXIT_NOT_UNIQUE
        assert "slip: none" in term.text and tip not in term.text
    several = str(puzzle_file(MULTIPLE_2X2, "several.txt"))
    with Terminal([*argv[:-1], several], cols=200, XDG_STATE_HOME=state) as term:
        assert term.wait_exit() == cli.EXIT_NOT_UNIQUE
        assert tip in term.text
    with Terminal([*argv[:-1], str(puzzle_file(UNIQUE_3X3, "fine.txt"))],
                  XDG_STATE_HOME=state) as term:
        assert term.wait_exit() == 0
        assert "--suspects" not in term.text


def test_a_long_search_writes_nothing_to_stderr_off_a_terminal(run_numbrix, puzzle_file):
    path = long_search_file(puzzle_file)
    result = run_numbrix("check", str(path), "--timeout", "1.5")
    assert result.returncode == cli.EXIT_TIMEOUT
    assert result.stdout == (
        "20x20-minimal-03: timeout (no answer within 1.5 s; a longer --timeout may decide it)\n"
    )
    assert result.stderr == ""


# --- odd file names, odd files, an unwritable stderr ----------------------------------------


def _numbrix_bytes(*args: str | bytes, stdin: bytes = b"", cwd: Path | None = None,
                   stderr=subprocess.PIPE) -> subprocess.CompletedProcess:
    """Run numbrix with byte arguments (a file name need not be UTF-8); bytes out."""
    return subprocess.run(
        [sys.executable, "-m", "numbrix_curses", *args], input=stdin,
        stdout=subprocess.PIPE, stderr=stderr, env=cli_env(), cwd=cwd,
        timeout=COMMAND_TIMEOUT,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="such names are POSIX file names")
@pytest.mark.parametrize(
    "name, shown",
    [
        (b"x\n7 8.txt", b"x\\n7 8.txt"),
        (b"e\x1b[31m.txt", b"e\\x1b[31m.txt"),
        (b"b\xff.txt", b"b\\udcff.txt"),
    ],
    ids=["newline", "escape", "not-utf8"],
)
@pytest.mark.parametrize("command", ["solve", "check", "print"])
def test_a_file_name_is_printed_escaped_and_the_output_reads_back(tmp_path, name, shown, command):
    """Before: the name went raw into `# id: NAME#1` and booklet titles, so the program's
    own reader refused what it printed (a line break split the line; an escape is refused),
    and raw escape sequences reached the terminal."""
    (tmp_path / os.fsdecode(name)).write_text(UNIQUE_3X3, encoding="utf-8")
    printed = _numbrix_bytes(command, name, cwd=tmp_path)
    assert printed.returncode == 0 and printed.stderr == b""
    assert shown + b"#1" in printed.stdout or shown + b"\n" in printed.stdout
    assert b"\x1b" not in printed.stdout and name not in printed.stdout
    if command != "check":
        again = _numbrix_bytes("check", "-", stdin=printed.stdout)
        assert (again.returncode, again.stderr) == (0, b"")  # whatever it prints reads back


@pytest.mark.parametrize("char", ["\u202e", "\u200b"], ids=["right-to-left", "zero-width"])
@pytest.mark.parametrize("command", ["solve", "check", "grade"])
def test_an_id_with_a_bidi_override_is_printed_escaped(tmp_path, char, command):
    """Before: printed raw; U+202E shows the rest of the line backwards. (`print` writes
    puzzle files, which keep the id as it is, so that it reads back the same. U+2028, which
    splits a line for most readers, Python's splitlines among them, reads as a space.)"""
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"id": f"a{char}b", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}),
                    encoding="utf-8")
    printed = _numbrix_bytes(command, str(path).encode())
    assert printed.returncode == 0 and printed.stderr == b""
    text = printed.stdout.decode("utf-8")
    assert char not in text and ("a" + repr(char)[1:-1] + "b") in text
    if command == "check":
        as_json = _numbrix_bytes("check", "--json", str(path).encode()).stdout.decode()
        assert json.loads(as_json)["id"] == f"a{char}b"  # JSON says it exactly


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
def test_a_socket_is_named_as_one(run_numbrix, tmp_path, monkeypatch):
    """Before: "cannot read: No such device or address" (the open fails before the kind of
    file is looked at)."""
    monkeypatch.chdir(tmp_path)  # a short relative name: socket paths are limited to ~100
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("sock")
        line = assert_one_line_error(run_numbrix("check", str(tmp_path / "sock")))
    assert line == f"{tmp_path / 'sock'}: is a socket, not a puzzle file"


@pytest.mark.parametrize("command", ["check", "solve", "grade", "print", "generate", "play"])
def test_an_extra_argument_is_blamed_on_its_command(run_numbrix, command):
    """Before: "numbrix: unrecognized arguments", which sends the user to the wrong --help.
    (The commands that read puzzle files take any number of them, so an option is extra.)"""
    extra = ["a", "b"] if command in ("generate", "play") else ["a", "--b"]
    line = assert_one_line_error(run_numbrix(command, *extra))
    assert line.startswith(f"numbrix {command}: ")
    assert line.endswith(f"(try 'numbrix {command} --help')")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [["check", "/nonexistent"], ["check"], ["play", "a", "b"], ["generate", "--output", ""]],
    ids=["missing-file", "no-file", "extra-argument", "bad-output"],
)
def test_bad_input_exits_2_even_when_stderr_cannot_be_written(args):
    """Before: the failed write of the error line raised again, and Python exited 1 (which
    means "no solution or several")."""
    with open("/dev/full", "wb") as full:
        result = _numbrix_bytes(*args, stderr=full)
    assert result.returncode == 2 and result.stdout == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [
    ["--help"], ["--version"], ["generate", "--help"], ["solve", "PUZZLE"],
    ["check", "PUZZLE"], ["check", "--json", "PUZZLE"], ["grade", "PUZZLE"],
    ["generate", "--size", "4", "--seed", "1"],
])
def test_output_that_cannot_be_written_says_so_and_where(args, tmp_path):
    """Before: argparse dropped the failed write, and --help on a full disk exited 0 with
    nothing said; then every command said "numbrix: No space left on device", not of which
    output."""
    path = tmp_path / "p.txt"
    path.write_text(UNIQUE_3X3)
    args = [str(path) if arg == "PUZZLE" else arg for arg in args]
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "numbrix_curses", *args],
                                stdout=full, stderr=subprocess.PIPE, env=cli_env(),
                                timeout=COMMAND_TIMEOUT)
    assert result.returncode == 2
    assert result.stderr.decode() == "numbrix: standard output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_booklet_that_cannot_be_written_says_where_its_key_is(tmp_path):
    """`print --key` on a full standard output said "numbrix: No space left on device" of a
    key it had written, as if all were lost (`generate` says where the other half is)."""
    path, key = tmp_path / "p.txt", tmp_path / "key.txt"
    path.write_text(f"# id: one\n{UNIQUE_3X3}\n")
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "numbrix_curses", "print", str(path),
                                 "--key", str(key)],
                                stdout=full, stderr=subprocess.PIPE, env=cli_env(),
                                timeout=COMMAND_TIMEOUT)
    assert result.returncode == 2
    assert result.stderr.decode() == (
        "numbrix print: the booklet could not be written to standard output (No space left "
        f"on device); the answer key is in {key}\n")
    assert "Solution 1 of 1" in key.read_text()


def test_a_booklet_takes_its_title_on_one_line(tmp_path, capsys) -> None:
    """--title names the booklet and its answer key; a line break or an escape in it would
    break the booklet's comment line or reach the printer, so they become spaces."""
    from numbrix_curses.cli import main
    from numbrix_curses.textformat import read_puzzles

    out = tmp_path / "sunday.txt"
    assert main(["generate", "--size", "5", "--seed", "3", "--title",
                 "Sunday\n\x1b[31mNumbrix\u2028daily", "--output", str(out)]) == 0
    text = out.read_text()
    # (U+2028, a line break to an editor, too: it was written as it was)
    assert text.startswith("# Sunday [31mNumbrix daily\n")
    assert "# Answer key: Sunday [31mNumbrix daily\n" in text
    [puzzle] = read_puzzles(str(out))  # the booklet still reads back
    assert puzzle.id == "5x5-medium-3"
    capsys.readouterr()
    assert main(["print", str(out), "--title", "Weekly"]) == 0
    assert capsys.readouterr().out.startswith("# Weekly\n")


def test_a_huge_option_value_is_repeated_only_in_part(run_numbrix):
    """A wall of digits pasted as --size gets one readable line, not the wall back."""
    for args in (["generate", "--size", "9" * 5000], ["generate", "--size", "9" * 100],
                 ["generate", "--format", "x" * 3000], ["x" * 3000],
                 ["solve", "--timeout", "x" * 300, "-"]):
        result = run_numbrix(*args)
        assert result.returncode == 2 and result.stdout == ""
        (line,) = result.stderr.splitlines()
        assert len(line) < 250 and "x" * 60 not in line and "9" * 60 not in line, line
        assert "characters)" in line or "digits" in line, line


@pytest.mark.parametrize("value, said", [
    ("9" * 5000, "too large: a number of 5,000 digits"),
    ("-" + "9" * 5000, "too small: a negative number of 5,000 digits"),
    ("-" + "9" * 13, "must be at least 1, got a negative number of 13 digits"),
    ("+-5", "not a whole number: '+-5'"),
    ("\u00b2", "not a whole number: '\u00b2'"),  # a superscript is no digit to count
    ("1_0", "not a whole number: '1_0'"),  # (Python's int() read it as 10)
])
def test_a_whole_number_option_says_what_is_wrong_with_it(capsys, value, said):
    assert cli.main(["generate", f"--count={value}"]) == 2
    assert capsys.readouterr().err == (
        f"numbrix generate: argument -n/--count: {said} (try 'numbrix generate --help')\n")


@pytest.mark.parametrize("size, shape", [("6x10", (6, 10)), ("6X10", (6, 10)),
                                         ("6 \u00d7 10", (6, 10)), ("7", (7, 7))])
def test_generate_takes_a_size_as_the_app_writes_it(run_numbrix, size, shape):
    """Sizes read "6x10" everywhere in the app; --size took only one number."""
    result = run_numbrix("generate", "--size", size, "--format", "json", "--seed", "3")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert (len(record["puzzle"]), len(record["puzzle"][0])) == shape


def test_a_number_of_seconds_with_an_underscore_is_refused(capsys):
    """float() reads "1_0" as 10; a slip for 1 or 10 should be said, not taken."""
    assert cli.main(["check", "--timeout", "1_0", "x.txt"]) == 2
    assert "not a number of seconds: '1_0'" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["5x", "6x10x2", "x", "0x5", "3_0", "3x1_0"])
def test_a_size_that_is_none_is_one_line(run_numbrix, size):
    line = assert_one_line_error(run_numbrix("generate", "--size", size))
    assert line.startswith("numbrix generate: argument --size: ")


@pytest.mark.parametrize("size", ["9*9", "9,9", "9 by 9", "nine"])
def test_a_size_written_another_way_is_said_to_be_no_size(capsys, size):
    """"9*9" and "9,9" were "not a whole number", as if only a side were taken; a side
    alone and rows x columns are, and the line says so."""
    assert cli.main(["generate", "--size", size]) == 2
    assert capsys.readouterr().err == (
        f"numbrix generate: argument --size: not a size (9, or rows x columns as 6x10): "
        f"{size!r} (try 'numbrix generate --help')\n")


def test_generate_given_a_bare_size_says_how_a_size_is_given(capsys):
    """`numbrix generate 9` said only "unrecognized arguments: 9"; a size given alone is
    pointed to --size (not where --size is given already: the 9 is then something else)."""
    for size in ("9", "6x10"):
        assert cli.main(["generate", size]) == 2
        assert capsys.readouterr().err == (
            f"numbrix generate: unrecognized arguments: {size} (a board's size is given as "
            f"--size {size}) (try 'numbrix generate --help')\n")
    for argv in (["generate", "--size", "9", "9"], ["generate", "nine"]):
        assert cli.main(argv) == 2
        assert capsys.readouterr().err == (
            f"numbrix generate: unrecognized arguments: {argv[-1]} (try 'numbrix generate "
            "--help')\n")


def test_a_file_named_like_an_option_is_named_in_the_error(run_numbrix):
    """`check -x.txt` said only that FILE is required, of a file the user did give."""
    line = assert_one_line_error(run_numbrix("check", "-x.txt"))
    assert line == ("numbrix check: no FILE; '-x.txt' is no option here (a file whose name "
                    "starts with '-' is named ./-x.txt) (try 'numbrix check --help')")
    # with nothing given, the plain message
    line = assert_one_line_error(run_numbrix("check"))
    assert line == "numbrix check: the following arguments are required: FILE (try 'numbrix check --help')"
    # nor with options only, one of them short with its value attached (-j1 was blamed)
    for given in (["-j1"], ["--timeout", "5", "-j2"], ["--jobs=2"]):
        line = assert_one_line_error(run_numbrix("check", *given))
        assert line == "numbrix check: the following arguments are required: FILE (try 'numbrix check --help')"


def test_print_and_generate_say_when_they_write_more_than_a_file_may_hold(
    puzzle_file, monkeypatch, capsys
):
    """A booklet of 2,500 15x15 puzzles (6 MB) was refused by `check` as too large, and
    `print` had said nothing. The limit is higher now; past it, the writer says so."""
    from numbrix_curses import textformat

    path = puzzle_file(UNIQUE_3X3 * 1)
    monkeypatch.setattr(textformat, "MAX_FILE_BYTES", 200)
    assert cli.main(["print", "--solutions", str(path)]) == 0
    err = capsys.readouterr().err
    assert re.fullmatch(r"numbrix print: note: the booklet holds 1 puzzle, 0\.0 MiB in \d+ "
                        r"lines: more than the commands read from one file \(10,000 puzzles, "
                        r"0 MiB, 640,000 lines\); put fewer puzzles in a file\n", err), err
    assert cli.main(["generate", "--size", "5", "--count", "2", "--seed", "3",
                     "--format", "compact"]) == 0
    assert "numbrix generate: note: the output holds 2 puzzles" in capsys.readouterr().err
    # so is a count past the puzzles one file may hold, however small the file
    monkeypatch.setattr(textformat, "MAX_FILE_BYTES", 16 * 2**20)
    monkeypatch.setattr(textformat, "MAX_PUZZLES", 2)
    assert cli.main(["generate", "--size", "3", "--count", "3", "--seed", "3",
                     "--format", "compact"]) == 0
    assert "numbrix generate: note: the output holds 3 puzzles" in capsys.readouterr().err
    assert cli.main(["generate", "--size", "3", "--count", "2", "--seed", "3",
                     "--format", "compact"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(textformat, "MAX_PUZZLES", 10_000)
    monkeypatch.setattr(textformat, "MAX_FILE_BYTES", 16 * 2**20)
    assert cli.main(["print", "--solutions", str(path)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [["solve", "--json"], ["check", "--json"],
                                     ["grade", "--json"], ["solve", "--steps", "--json"]])
@pytest.mark.parametrize("text", [UNIQUE_3X3, "1 . .\n. . .\n. . .\n", "1 9 .\n. . .\n. . .\n"])
def test_what_a_command_writes_as_json_reads_back_as_the_same_puzzle(
    puzzle_file, tmp_path, capsys, command, text
):
    """The JSON lines of solve, check and grade held no puzzle ("has a solution but no
    puzzle"), and a walkthrough's line was too long to read."""
    from numbrix_curses.textformat import read_puzzles

    path = puzzle_file(text)
    cli.main([*command, str(path)])
    out = tmp_path / "out.json"
    out.write_text(capsys.readouterr().out)
    [again] = read_puzzles(str(out))
    [first] = read_puzzles(str(path))
    assert again.givens.tolist() == first.givens.tolist()


def test_a_walkthrough_of_a_large_board_reads_back(tmp_path, capsys):
    from numbrix_curses.textformat import format_compact, read_puzzles

    [puzzle], _ = corpus_boards("corpus-v1-15x15", ["15x15-minimal-00"])
    path = tmp_path / "big.txt"
    path.write_text(format_compact(puzzle))
    assert cli.main(["solve", "--steps", "--json", str(path)]) == 0
    out = tmp_path / "steps.json"
    out.write_text(capsys.readouterr().out)
    assert len(out.read_text()) > 10_000  # one line past the text format's longest
    [again] = read_puzzles(str(out))
    assert again.givens.tolist() == puzzle.givens.tolist()


def test_many_puzzles_that_share_an_id_are_named_in_a_short_line(puzzle_file, capsys):
    """9,999 puzzles with one id gave a warning of 59,000 characters."""
    path = puzzle_file(f"# id: x\n{UNIQUE_3X3}\n" * 40)
    assert cli.main(["check", str(path)]) == 0
    assert capsys.readouterr().err == (
        f"{path}: warning: puzzles 1, 2, 3, 4, 5 and 35 more have the same id 'x'; "
        f"name one by its number, as {path}#40\n")


def test_many_ids_each_shared_are_warned_of_twenty_at_most(puzzle_file, capsys):
    """5,000 ids each given to two puzzles gave 5,000 warning lines (557 KB on stderr),
    where the reader's own warnings stop at twenty and a count."""
    path = puzzle_file("".join(f"# id: a{k // 2}\n{UNIQUE_3X3}\n" for k in range(60)))
    assert cli.main(["check", str(path)]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 21, lines
    assert lines[0].startswith(f"{path}: warning: puzzles 1 and 2 have the same id 'a0'")
    assert lines[-1] == f"{path}: warning: 10 more ids shared by several puzzles left out"


def test_running_out_of_memory_is_one_line_and_exit_2(monkeypatch, capsys):
    """Before: a MemoryError (`ulimit -v`, a machine short of memory) ended in a traceback
    and exit 1, which means "no solution or several"."""
    def short_of_memory(argv):
        raise MemoryError

    monkeypatch.setattr(cli, "run", short_of_memory)
    assert cli.main(["check", "any.txt"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("numbrix: out of memory") and err.count("\n") == 1


@pytest.mark.skipif(not os.path.isfile("/proc/version"), reason="no /proc here")
def test_a_folder_that_takes_no_new_file_is_said_to_be_so(run_numbrix):
    """Before: `--output /proc/version --force` said "No such file or directory" of a file
    that exists (the temporary file beside it could not be made)."""
    result = run_numbrix("generate", "--size", "3", "--difficulty", "easy", "--output",
                         "/proc/version", "--force")  # (easy: a 3x3 may miss medium, said too)
    assert result.returncode == cli.EXIT_BAD_INPUT
    if not os.access("/proc", os.W_OK):
        # (only the superuser gets past the check of the folder before the work: others
        # are told at once, and nothing is made)
        assert result.stderr == "numbrix generate: /proc/version: Permission denied\n"
        assert not result.stdout
        return
    said = ("numbrix generate: /proc/version: no file can be made in /proc: the puzzles are "
            "written to ")  # (the state folder: see the test of puzzles rescued)
    assert result.stderr.startswith(said) and result.stderr.endswith(" instead\n")
    # with the puzzles on standard output, the file is their answer key: said so (it said
    # "the puzzles are written to ...-key.txt")
    result = run_numbrix("generate", "--size", "3", "--difficulty", "easy", "--format",
                         "compact", "--solutions", "/proc/version", "--force")
    assert result.returncode == cli.EXIT_BAD_INPUT and result.stdout.count("# id:") == 1
    said = ("numbrix generate: /proc/version: no file can be made in /proc: the answer key "
            "is written to ")
    assert said in result.stderr and result.stderr.endswith(" instead\n"), result.stderr


class _Ticks:
    """A clock that moves on a second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_progress_line_says_the_time_so_far_and_what_is_left(capsys):
    from numbrix_curses.cli.progress import Progress

    progress = Progress("generating", "9x9 medium puzzles", 4)
    progress.clock = _Ticks()
    progress.started = 0.0
    progress.show(1)  # a puzzle after 1 s of 4: 3 s left
    progress.close()
    err = capsys.readouterr().err
    shown = [line for line in err.split("\r\x1b[K") if line]
    assert shown == ["generating 9x9 medium puzzles: 0/4, 0 s",
                     "generating 9x9 medium puzzles: 1/4, 1 s, 1.00/s, about 3 s left"]
    assert err.endswith("\r\x1b[K")  # the line is wiped at the end


@pytest.mark.parametrize("columns, said", [
    (60, "generating 9x9 medium puzzles: 1/4, 1 s, about 3 s left"),
    (40, "generating: 1/4, 1 s, about 3 s left"),
    (24, "1/4, 1 s, 3 s left"),
])
def test_the_progress_line_is_said_in_fewer_words_on_a_narrow_terminal(
        capsys, monkeypatch, columns: int, said: str):
    """At 60 columns the line was cut mid-phrase, "...1/4, 1 s, 1.00/s, about 3 " (what
    the 3 counted lost): it drops the rate, then what is made, then words, whole."""
    from numbrix_curses.cli import progress as progress_line

    monkeypatch.setattr(progress_line, "WINDOWS", False)
    monkeypatch.setenv("COLUMNS", str(columns))
    progress = progress_line.Progress("generating", "9x9 medium puzzles", 4)
    progress.clock = _Ticks()
    progress.started = 0.0
    progress.show(1)
    progress.close()
    shown = [line for line in capsys.readouterr().err.split("\r\x1b[K") if line]
    assert shown[-1] == said


def test_a_progress_line_on_a_terminal_gone_does_not_end_the_run(monkeypatch):
    """A hang-up closes the terminal: the line's next write failed with EIO, and the run
    ended with exit 2 before writing the puzzles it had finished."""
    from numbrix_curses.cli import progress as progress_line

    class Gone:
        def write(self, text: str) -> int:
            raise OSError(errno.EIO, "Input/output error")

        def flush(self) -> None:
            raise OSError(errno.EIO, "Input/output error")

        def fileno(self) -> int:
            raise ValueError("no descriptor")

    monkeypatch.setattr(sys, "stderr", Gone())
    progress = progress_line.Progress("generating", "9x9 medium puzzles", 2)
    progress.show(1)  # (it raised OSError: EIO)
    progress.close()
    assert progress.done == 1 and progress.closed.is_set()  # (went on to its end)


def test_while_one_puzzle_is_made_the_progress_line_keeps_counting(capsys, monkeypatch):
    """Before: `generate --size 20` stood at "0/1" for its 7 s, as if it hung."""
    from numbrix_curses.cli import progress as progress_line

    monkeypatch.setattr(progress_line, "_TICK_SECONDS", 0.01)
    progress = progress_line.Progress("generating", "20x20 medium puzzle", 1)
    progress.clock = _Ticks()
    progress.started = 0.0
    progress.tick()
    err = ""
    for _ in range(500):  # (a busy machine may be slow to run the thread: 5 s at most)
        time.sleep(0.01)
        err += capsys.readouterr().err
        if "0/1, 3 s" in err:
            break
    progress.close()
    err += capsys.readouterr().err
    assert "generating 20x20 medium puzzle: 0/1, 2 s" in err  # redrawn as the clock moved
    assert err.endswith("\r\x1b[K")
    time.sleep(0.05)
    assert capsys.readouterr().err == ""  # nothing after the line was wiped


def test_an_option_that_does_nothing_here_is_warned_of(run_numbrix, puzzle_file):
    """`--title` titles the text booklet only, `print --timeout` limits the answer key's
    solving only: given without what they work with, they were dropped without a word."""
    result = run_numbrix("generate", "--size", "5", "--seed", "1", "-n", "1", "--format",
                         "compact", "--title", "Weekly", "--jobs", "1")
    assert result.returncode == 0 and result.stdout.startswith("# id:")
    assert result.stderr.splitlines()[-1] == (
        "numbrix generate: warning: --title has no effect with --format compact (it titles "
        "the text booklet)")
    path = puzzle_file(f"# id: a\n{UNIQUE_3X3}", "a.txt")
    result = run_numbrix("print", "--timeout", "5", str(path))
    assert result.returncode == 0 and result.stderr == (
        "numbrix print: warning: --timeout has no effect without --solutions (it limits the "
        "solving for the answer key)\n")
    # with what they work with: no word
    assert run_numbrix("print", "--timeout", "5", "--solutions", str(path)).stderr == ""
    # generate --force overwrites output files; with none, it was dropped without a word
    result = run_numbrix("generate", "--size", "4", "--seed", "1", "--format", "compact",
                         "--force", "--jobs", "1")
    assert result.returncode == 0 and result.stderr == (
        "numbrix generate: warning: --force has no effect without --output FILE or "
        "--solutions FILE (the puzzles go to standard output)\n")


def test_a_bug_in_a_command_is_one_line_and_a_crash_report(monkeypatch, capsys, tmp_path,
                                                            puzzle_file):
    """A command that met a bug printed Python's traceback; the app kept it in a report."""
    from numbrix_curses import cli
    from numbrix_curses.cli import printing

    def broken(*_args, **_kwargs):
        raise AttributeError("'Entry' object has no attribute 'note'")

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(printing, "_entry", broken)
    path = puzzle_file(UNIQUE_3X3, "a.txt")
    assert cli.main(["print", str(path)]) == 70
    err = capsys.readouterr().err
    [report] = (tmp_path / "state" / "numbrix-curses").glob("crash-*.txt")
    assert err == (f"numbrix: internal error (details in {report}); please report it, with "
                   "the command given\n")
    assert "Traceback" in report.read_text() and "no attribute 'note'" in report.read_text()
    from numbrix_curses.exits import EXIT_INTERNAL_ERROR

    assert EXIT_INTERNAL_ERROR == 70  # (one code for a bug, the app's too, as documented)


def test_print_says_on_stderr_which_puzzles_the_key_cannot_answer(run_numbrix, puzzle_file):
    """A booklet sent to a file ended with exit 1 and a note inside its key, and nothing on
    the screen: it would be handed out with a puzzle of no answer, or two."""
    path = puzzle_file("# id: fine\n1 . 3\n. . .\n. . 9\n\n# id: two\n1 . .\n. . .\n. . 9\n\n"
                       "# id: none\n1 9 .\n. . .\n. . .\n", "week.txt")
    result = run_numbrix("print", "--solutions", str(path))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "numbrix print: warning: two has more than one solution; the answer key shows none "
        "for it",
        "numbrix print: warning: none has no solution (9 stands on the wrong checkerboard "
        "colour, as odd numbers take the corner colour on a board with an odd number of "
        "cells); the answer key shows none for it",
    ]
    assert "# id: fine" in result.stdout  # (the booklet is written all the same)


def test_print_writes_the_answer_key_to_a_file_of_its_own(run_numbrix, puzzle_file, tmp_path):
    """A booklet of several sizes had its key only after the puzzles: an editor handing
    out the puzzles cut the file by hand. `--key FILE` writes the answer sheet apart."""
    from numbrix_curses.textformat import read_puzzles

    path = puzzle_file(f"# id: a\n{UNIQUE_3X3}\n# id: b\n1 2\n4 3\n", "week.txt")
    key = tmp_path / "key.txt"
    result = run_numbrix("print", str(path), "--key", str(key))
    assert result.returncode == 0 and result.stderr == ""
    assert "# id: a" in result.stdout and "Answer key" not in result.stdout
    solved = read_puzzles(str(key))  # (the sheet reads back: every number given)
    assert [p.id for p in solved] == ["a", "b"] and all((p.givens > 0).all() for p in solved)
    # never over a file without --force, checked before any solving
    again = run_numbrix("print", str(path), "--key", str(key))
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr == f"numbrix print: {key}: already exists (use --force to overwrite it)\n"
    assert run_numbrix("print", str(path), "--key", str(key), "--force").returncode == 0
    # nor over the puzzles it prints
    over = run_numbrix("print", str(path), "--key", str(path), "--force")
    assert over.returncode == 2 and "a file of the puzzles it prints" in over.stderr
    assert "# id: a" in path.read_text()


def test_print_key_never_takes_standard_input_or_output_or_their_files(puzzle_file, tmp_path):
    """Before: --key - wrote a file named "-"; --key over the file sent to standard input
    (a link to it) replaced it, --force given; and over the file standard output goes to,
    the booklet went on into the file the key replaced, and was lost."""
    path = puzzle_file(UNIQUE_3X3, "pin.txt")
    link = tmp_path / "link.txt"
    link.symlink_to(path)
    out = tmp_path / "out.txt"

    def run(*args: str, stdin: Path | None = None, stdout: Path | None = None):
        with open(stdin or os.devnull, "rb") as given, open(stdout or os.devnull, "wb") as to:
            return subprocess.run([sys.executable, "-m", "numbrix_curses", "print", *args],
                                  stdin=given, stdout=to, stderr=subprocess.PIPE, text=True,
                                  env=cli_env(), cwd=tmp_path, timeout=COMMAND_TIMEOUT)

    said = run(str(path), "--key", "-")
    assert said.returncode == 2 and not (tmp_path / "-").exists()
    assert said.stderr == ("numbrix print: --key - is standard output, where the booklet goes: "
                           "give a file (--solutions puts the key after the puzzles)\n")
    for force in ([], ["--force"]):
        said = run("-", "--key", str(link), *force, stdin=path)
        assert said.returncode == 2 and said.stderr == (
            "numbrix print: --key names <stdin>, a file of the puzzles it prints\n")
    assert path.read_text() == UNIQUE_3X3
    for force in ([], ["--force"]):  # (not "already exists" first: the shell made it)
        said = run(str(path), "--key", str(out), *force, stdout=out)
        assert said.returncode == 2 and said.stderr == (
            f"numbrix print: --key names {out}, the file the booklet goes to\n")
    said = run(str(path), "--key", str(tmp_path / "key.txt"), stdout=out)  # apart: written
    assert said.returncode == 0 and "# Puzzle 1 of 1" in out.read_text()
    assert "# Solution 1 of 1" in (tmp_path / "key.txt").read_text()


def test_generate_never_writes_a_file_over_the_one_standard_output_goes_to(tmp_path):
    """Before: `--solutions key.txt --force > key.txt` exited 0 with the answer key in
    key.txt and the puzzles lost (written on into the file the key replaced), and `-o
    out.txt --solutions - --force > out.txt` lost the answer key alike."""
    def run(*args: str, stdout: Path):
        with open(stdout, "ab") as to:
            return subprocess.run(
                [sys.executable, "-m", "numbrix_curses", "generate", "--size", "3", *args,
                 "--force"], stdin=subprocess.DEVNULL, stdout=to, stderr=subprocess.PIPE,
                text=True, env=cli_env(), cwd=tmp_path, timeout=COMMAND_TIMEOUT)

    out = tmp_path / "out.txt"
    said = run("--solutions", str(out), stdout=out)
    assert said.returncode == 2 and said.stderr == (
        f"numbrix generate: --solutions names {out}, the file the puzzles go to (standard "
        "output)\n")
    said = run("--output", str(out), "--solutions", "-", stdout=out)
    assert said.returncode == 2 and said.stderr == (
        f"numbrix generate: --output names {out}, the file the answer key goes to (standard "
        "output)\n")
    assert out.read_text() == ""
    # the file alone, with nothing else for standard output, is written (appended to, as
    # standard output is: see the test below)
    said = run("--output", str(out), "--format", "compact", stdout=out)
    assert said.returncode == 0 and out.read_text().startswith("# id: 3x3-")


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout here")
def test_generate_output_named_as_standard_output_appending_is_appended_to(tmp_path):
    """`generate -o /dev/stdout --force >> week.txt` replaced week.txt with the new puzzles
    (written atomically, as a file named), and without --force said it "already exists":
    standard output open to append to a file, the puzzles go after what it holds, whatever
    name the file is given by. An answer key so named beside an --output FILE too."""
    week = tmp_path / "week.txt"
    week.write_text(f"# id: old\n{UNIQUE_3X3}\n", encoding="utf-8")

    def run(*args: str):
        with open(week, "ab") as to:
            return subprocess.run(
                [sys.executable, "-m", "numbrix_curses", "generate", "--size", "3",
                 "--difficulty", "easy", *args],
                stdin=subprocess.DEVNULL, stdout=to, stderr=subprocess.PIPE, text=True,
                env=cli_env(), cwd=tmp_path, timeout=COMMAND_TIMEOUT)

    for args in (("--output", "/dev/stdout", "--force"), ("--output", "/dev/stdout"),
                 ("-o", str(week)),
                 ("-o", str(tmp_path / "new.txt"), "--solutions", "/dev/stdout")):
        said = run("--format", "compact", "--seed", str(len(week.read_text())), *args)
        assert said.returncode == 0 and said.stderr == ""
    text = week.read_text(encoding="utf-8")
    assert text.startswith(f"# id: old\n{UNIQUE_3X3}\n# id: 3x3-")
    assert text.count("# id: ") == 5  # (the old puzzle, three new ones and a key)
    checked = subprocess.run([sys.executable, "-m", "numbrix_curses", "check", str(week)],
                             capture_output=True, text=True, env=cli_env(),
                             timeout=COMMAND_TIMEOUT)
    assert checked.returncode == 0 and checked.stderr == ""
    assert checked.stdout.splitlines()[0] == "old: unique"
    assert checked.stdout.count(": unique") == 5
    assert (tmp_path / "new.txt").read_text(encoding="utf-8").startswith("# id: 3x3-")


def _in_shell(command: str, cwd: Path) -> subprocess.CompletedProcess:
    """`command` run by /bin/sh in `cwd`, `numbrix` standing for this Python's app, its
    redirections the shell's own."""
    numbrix = f"'{sys.executable}' -m numbrix_curses"
    return subprocess.run(["/bin/sh", "-c", command.replace("numbrix", numbrix)], cwd=cwd,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env=cli_env(), timeout=COMMAND_TIMEOUT)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd") or not os.path.exists("/bin/sh"),
                    reason="no /dev/fd names or no POSIX shell here")
def test_generate_output_named_as_a_standard_stream_is_written_to_that_stream(tmp_path):
    """`generate -o /dev/stdout > week.txt` was refused ("week.txt: already exists": the
    shell had just made it), and through a pipe ("not a regular file"): a standard
    stream's name is the stream, written as `-o -` is. An answer key so named too, to any
    descriptor the shell opened; but never a file another stream goes to, nor standard
    input or a descriptor not open."""
    generate = "numbrix generate --size 3 --difficulty easy --format compact --seed 5"
    said = _in_shell(f"{generate} -o - > dash.txt", tmp_path)
    assert said.returncode == 0 and said.stderr == ""
    dash = (tmp_path / "dash.txt").read_text()
    assert dash.startswith("# id: 3x3-easy-5\n")
    for name in ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "//dev/./stdout"):
        said = _in_shell(f"{generate} -o {name} > week.txt", tmp_path)
        assert (said.returncode, said.stderr) == (0, "")
        assert (tmp_path / "week.txt").read_text() == dash
        said = _in_shell(f"{generate} -o {name} | cat", tmp_path)
        assert (said.returncode, said.stderr, said.stdout) == (0, "", dash)
    said = _in_shell(f"{generate} -o /dev/stderr 2> err.txt", tmp_path)
    assert said.returncode == 0 and (tmp_path / "err.txt").read_text() == dash
    # the answer key to standard output or a descriptor, the puzzles to a file
    said = _in_shell(f"{generate} -o p1.txt --solutions /dev/stdout > k1.txt", tmp_path)
    assert said.returncode == 0 and said.stderr == ""
    said = _in_shell(f"{generate} -o p2.txt --solutions /dev/fd/3 3> k2.txt", tmp_path)
    assert said.returncode == 0 and said.stderr == ""
    said = _in_shell(f"{generate} --solutions /dev/fd/3 3> k3.txt > p3.txt", tmp_path)
    assert said.returncode == 0 and said.stderr == ""
    key = (tmp_path / "k1.txt").read_text()
    assert key.startswith("# id: 3x3-easy-5\n") and key != dash
    for k in (1, 2, 3):
        assert (tmp_path / f"p{k}.txt").read_text() == dash
        assert (tmp_path / f"k{k}.txt").read_text() == key
    # never a file written atomically that a stream written to goes to (lost, replaced)
    for command, line in (
        (f"{generate} -o /dev/stdout --solutions out.txt --force > out.txt",
         "--solutions names out.txt, the file the puzzles go to (standard output)"),
        (f"{generate} -o out.txt --solutions /dev/fd/3 --force 3> out.txt",
         "--output names out.txt, the file the answer key goes to (descriptor 3)"),
        (f"{generate} -o /dev/stdout --solutions /dev/fd/1 > out.txt",
         "--output and --solutions cannot both be standard output"),
        (f"{generate} --solutions /dev/stdout > out.txt",
         "--solutions /dev/stdout needs --output FILE (the puzzles go to standard output "
         "otherwise)"),
        (f"{generate} -o /dev/stdin > out.txt",
         "--output /dev/stdin names standard input; give a file to write"),
        (f"{generate} -o /dev/fd/7 > out.txt", "--output /dev/fd/7: descriptor 7 is not open "
         "(open it in the shell, as 7>FILE, or give a file to write)"),
        (f"{generate} -o /dev/fd/3 3< dash.txt > out.txt",
         "--output /dev/fd/3: descriptor 3 is open for reading only"),
    ):
        said = _in_shell(command, tmp_path)
        assert (said.returncode, said.stderr) == (2, f"numbrix generate: {line}\n"), command
        assert (tmp_path / "out.txt").read_text() == ""
    assert (tmp_path / "dash.txt").read_text() == dash


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd") or not os.path.exists("/bin/sh"),
                    reason="no /dev/fd names or no POSIX shell here")
def test_print_key_named_as_a_standard_stream(puzzle_file, tmp_path):
    """`print --key /dev/stdout >> booklet.txt` is standard output, which the booklet has
    (--solutions puts the key after it): refused as `--key -` is, in words that say so,
    where it was said to be "the file the booklet goes to" (and through a pipe "not a
    regular file"). Another stream takes the key: `--key /dev/fd/3 3> key.txt`."""
    path = puzzle_file(UNIQUE_3X3, "pin.txt")
    (tmp_path / "booklet.txt").write_text("kept\n")
    for name in ("/dev/stdout", "/dev/fd/1"):
        # (through a pipe the code said is the last command's: 0 where it says nothing)
        for redirect, code in ((">> booklet.txt", 2), ("| cat", 0)):
            said = _in_shell(f"numbrix print {path} --key {name} {redirect}", tmp_path)
            assert (said.returncode, said.stdout, said.stderr) == (
                code, "", f"numbrix print: --key {name} is standard output, where the "
                "booklet goes: give a file (--solutions puts the key after the puzzles)\n")
    assert (tmp_path / "booklet.txt").read_text() == "kept\n"
    said = _in_shell(f"numbrix print {path} --key /dev/fd/3 3> key.txt > booklet.txt",
                     tmp_path)
    assert said.returncode == 0 and said.stderr == ""
    booklet = (tmp_path / "booklet.txt").read_text()
    assert "# Puzzle 1 of 1" in booklet and "# Solution" not in booklet
    said = _in_shell(f"numbrix print {path} --key /dev/stdin < {path}", tmp_path)
    assert (said.returncode, said.stdout, said.stderr) == (
        2, "", "numbrix print: --key /dev/stdin names standard input; give a file to write\n")
    said = _in_shell(f"numbrix print {path} --key k.txt > /dev/null", tmp_path)
    assert said.returncode == 0 and (tmp_path / "key.txt").read_text() == (
        tmp_path / "k.txt").read_text()


def test_an_id_in_two_files_is_warned_of(run_numbrix, puzzle_file):
    """Within a file a shared id is warned of; two files with a puzzle of the same id each
    were answered 'a: unique' twice without a word."""
    first = puzzle_file(f"# id: a\n{UNIQUE_3X3}", "first.txt")
    second = puzzle_file(f"# id: a\n{UNIQUE_3X3}", "second.txt")
    result = run_numbrix("check", str(first), str(second))
    assert result.stdout == "a: unique\na: unique\n" and result.returncode == 0
    assert result.stderr == (f"{first}: warning: the id 'a' is also in {second}; the output "
                             "tells them apart only by their order\n")
    # one file named twice is answered twice, in order: nothing to tell apart
    assert run_numbrix("check", str(first), str(first)).stderr == ""
    # a file of puzzles checked with its answer key shares every id: one line, not one each
    many = "".join(f"# id: p{k}\n{UNIQUE_3X3}\n" for k in range(5))
    puzzles, key = puzzle_file(many, "puzzles.txt"), puzzle_file(many, "key.txt")
    result = run_numbrix("check", str(puzzles), str(key))
    assert result.returncode == 0 and result.stderr == (
        f"{puzzles}: warning: 5 ids ('p0', 'p1', 'p2', ...) are also in {key}; the output "
        "tells them apart only by their order\n")


def test_a_file_with_thousands_of_warnings_is_said_to_have_them_in_a_few_lines(puzzle_file,
                                                                               capsys):
    """40,000 stray metadata lines under a grid gave 40,000 warnings, and the answer was
    lost among them: the first 20 are said, then how many more there were."""
    path = puzzle_file(UNIQUE_3X3 + "".join(f"# k{i}: v\n" for i in range(500)))
    assert cli.main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 21 and all("warning:" in line for line in lines)
    assert lines[0].startswith(f"{path}:4: warning: '# k0: v' among or under a grid's rows")
    assert lines[-1] == f"{path}: warning: 480 more warnings of this file left out"
    assert out.endswith(": unique\n")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a limit set in the child (POSIX)")
@pytest.mark.parametrize("megabytes, threads", [(80, None), (110, None), (110, "4")])
def test_a_memory_limit_too_small_to_start_in_is_said_in_one_line(puzzle_file, megabytes,
                                                                  threads):
    """Under `ulimit -v` of about 80 MB, numpy's OpenBLAS said `OpenBLAS error: Memory
    allocation still failed` and ended the command with status 1 (at 110 MB too, with the
    user's OPENBLAS_NUM_THREADS=4); around 110 MB a MemoryError came. Both are the memory,
    said as every other lack of it is."""
    import resource

    def limited() -> None:
        limit = megabytes * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    done = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", "check", str(puzzle_file(UNIQUE_3X3))],
        capture_output=True, text=True, preexec_fn=limited, timeout=COMMAND_TIMEOUT,
        env=cli_env() if threads is None else {**cli_env(), "OPENBLAS_NUM_THREADS": threads})
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "numbrix: out of memory (a limit set with ulimit, or too little free)\n")


def test_libraries_the_system_cannot_map_are_said_to_be_out_of_memory(puzzle_file, monkeypatch,
                                                                     capsys):
    """Under `ulimit -v 50000` numpy's libraries could not be mapped as a command first
    loaded them, and a 62-line traceback said so; it is the memory, said in one line.
    Any other failed import is a bug, kept whole in a crash report."""
    def unmappable(*args, **kwargs):
        raise ImportError("libscipy_openblas64_.so: failed to map segment from shared object")

    monkeypatch.setattr(solver, "solve", unmappable)
    assert cli.main(["check", str(puzzle_file(UNIQUE_3X3))]) == 2
    assert capsys.readouterr().err == (
        "numbrix: out of memory (a limit set with ulimit, or too little free)\n")

    def broken(*args, **kwargs):
        raise ImportError("No module named 'numbrix_curses.nothing'")

    monkeypatch.setattr(solver, "solve", broken)
    assert cli.main(["check", str(puzzle_file(UNIQUE_3X3))]) == 70
    assert capsys.readouterr().err.startswith("numbrix: internal error (details in ")


def test_an_option_of_play_alone_plays(capsys):
    """`numbrix` alone plays, so `numbrix --puzzle 99` is play's: argparse took the 99 for
    a command ("invalid choice: '99' (choose from 'play', ...)")."""
    for argv in (["--puzzle", "99"], ["--puzzle=99"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("bundled puzzles: no puzzle 99 (it holds ") and err.count("\n") == 1


def test_the_progress_line_is_cut_to_the_terminal_s_width(monkeypatch, capsys):
    """A progress line wider than the terminal wraps, and redrawing it erased only its last
    row: three wrapped rows of old progress stayed on a 40-column terminal."""
    from numbrix_curses.cli import progress as progress_line

    monkeypatch.setattr(progress_line, "WINDOWS", False)
    monkeypatch.setenv("COLUMNS", "20")
    progress_line._redraw("generating 7x7 medium puzzles: 1/3, 0 s, about 2 s left")
    assert capsys.readouterr().err == "\r\x1b[K" + "generating 7x7 medi"


# --- print and generate --paper -----------------------------------------------------------


def test_generate_paper_writes_pages_for_paper_that_check_says_are_no_puzzle_file(
    run_numbrix, tmp_path
):
    """A booklet for a newsletter or a class: no '#' or metadata lines, boards side by side
    with their letters and numbers; `check` of it says what it is rather than failing on
    its title (where its advice, "start the line with #", led on to a wrong board)."""
    out, key = tmp_path / "week.txt", tmp_path / "week-key.txt"
    result = run_numbrix("generate", "--size", "5", "-n", "5", "--seed", "3", "--paper",
                         "-o", str(out), "--solutions", str(key))
    assert result.returncode == 0 and result.stderr == "" and result.stdout == ""
    text, answers = out.read_text(), key.read_text()
    for written in (text, answers):
        lines = [line.lstrip("\f") for line in written.split("\n")]
        assert max(map(len, lines)) <= 80
        assert all(page.count("\n") <= 60 for page in written.split("\f"))
        assert not any(line.lstrip().startswith("#") for line in lines)
        assert "# id:" not in written and "seed:" not in written
    assert text.split("\n")[0].strip() == "Numbrix 5x5 medium puzzles, seed 3"
    assert re.search(r"(?m)^1\. 5x5 medium, [0-9]+ givens.* +2\. 5x5 medium", text)
    assert "Answer key" not in text and answers.split("\n")[0].strip().startswith("Answer key")
    # the same puzzles as the booklet that reads back: their ids in the headings
    plain = run_numbrix("generate", "--size", "5", "-n", "5", "--seed", "3",
                        "--format", "compact")
    ids = [p.id for p in parse_puzzles(plain.stdout)]
    assert all(f"({name})" in text and f"({name})" in answers for name in ids)
    for path in (out, key):
        said = assert_one_line_error(run_numbrix("check", str(path)))
        assert said == (f"{path}: is laid out for paper (--paper), not a puzzle file: read the "
                        "file it was printed from, or a booklet printed without --paper")


def test_generate_paper_goes_with_the_text_format_only(run_numbrix):
    for form in ("compact", "json"):
        said = assert_one_line_error(run_numbrix("generate", "--paper", "--format", form))
        assert said == (f"numbrix generate: --paper lays out the text booklet; it cannot go "
                        f"with --format {form}")


def test_print_paper_lays_out_any_file_with_its_key(run_numbrix, puzzle_file, tmp_path):
    path = puzzle_file(f"# id: a\n{UNIQUE_3X3}\n# id: b\n{MULTIPLE_2X2}\n", "week.txt")
    result = run_numbrix("print", str(path), "--paper", "--solutions")
    assert result.returncode == 1  # (b has two solutions: said as without --paper)
    assert "warning: b has more than one solution" in result.stderr
    out = result.stdout
    assert "#" not in out.replace("week.txt#", "")
    puzzles, key = out.split("\f")
    # the 3x3 boxed with its letters and row numbers, the 2x2 beside it
    lines = puzzles.split("\n")
    at = lines.index("1. 3x3, 3 givens    2. 2x2, 1 given")
    assert lines[at:at + 6] == [
        "1. 3x3, 3 givens    2. 2x2, 1 given",
        "(a)                 (b)",
        "    A   B   C           A   B",
        "  +---+---+---+       +---+---+",
        "1 | 1 |   | 3 |     1 | 1 |   |",
        "  +---+---+---+       +---+---+",
    ]
    lines = key.split("\n")
    at = lines.index("1. 3x3 (a)    2. 2x2 (b)")
    assert lines[at:at + 5] == [
        "1. 3x3 (a)    2. 2x2 (b)",
        "    A B C     not shown: this puzzle",
        "1 | 1 2 3     has more than one",
        "2 | 6 5 4     solution",
        "3 | 7 8 9",
    ]
    # --key FILE: the key's pages alone, the booklet without them
    answers = tmp_path / "key.txt"
    keyed = run_numbrix("print", str(path), "--paper", "--key", str(answers))
    assert keyed.returncode == 1 and keyed.stdout == puzzles.rstrip("\n") + "\n"
    assert answers.read_text() == key


def test_print_of_standard_input_is_titled_without_its_name(
    run_numbrix, puzzle_file, tmp_path, monkeypatch
):
    """The title said "Numbrix puzzles from <stdin>" on the printed page."""
    result = run_numbrix("print", "-", input=UNIQUE_3X3)
    assert result.returncode == 0
    assert result.stdout.split("\n")[0] == "# Numbrix puzzles"
    monkeypatch.chdir(tmp_path)  # (a short name: a long title is broken to fit the page)
    puzzle_file(UNIQUE_3X3, "week.txt")
    result = run_numbrix("print", "week.txt", "-", input=UNIQUE_3X3)
    assert result.stdout.split("\n")[0] == "# Numbrix puzzles from week.txt and standard input"
