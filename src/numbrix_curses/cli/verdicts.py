"""Verdicts out: solving a file puzzle by puzzle, what each verdict says on a line or in JSON,
and the exit code of a run."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Callable, Sequence

from numbrix_curses.cli.common import labelled_puzzles, one_line, seconds_text, written_id
from numbrix_curses.cli.progress import SearchTicker
from numbrix_curses.exits import EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, EXIT_TIMEOUT
from numbrix_curses.verdict import Status

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.solver import SolveResult


#: precedence when puzzles of one run end with different codes: first match wins
_EXIT_PRECEDENCE = (EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_TIMEOUT, EXIT_OK)


def exit_code_for(statuses: Sequence[Status]) -> int:
    """The run's exit code from the puzzles' statuses, by `_EXIT_PRECEDENCE`."""
    codes = {_STATUS_EXIT[s] for s in statuses}
    return next((code for code in _EXIT_PRECEDENCE if code in codes), EXIT_OK)


_STATUS_EXIT = {
    Status.UNIQUE: EXIT_OK,
    Status.MULTIPLE: EXIT_NOT_UNIQUE,
    Status.NONE: EXIT_NOT_UNIQUE,
    Status.TIMEOUT: EXIT_TIMEOUT,
}


def _grid_rows(grid) -> list[list[int]] | None:
    return None if grid is None else [[int(v) for v in row] for row in grid]


def solve_each(
    args: argparse.Namespace, report: Callable[[Puzzle, str, Status, SolveResult], None]
) -> int:
    """Parse every file, then solve their puzzles in order, reporting each as it ends."""
    from numbrix_curses import solver

    statuses = []
    for puzzle, label in labelled_puzzles(args.files):
        with SearchTicker(label):
            result = solver.solve(puzzle, limit=2, timeout=args.timeout, workers=args.jobs)
        status = result.status
        statuses.append(status)
        report(puzzle, label, status, result)
        sys.stdout.flush()  # one puzzle at a time, so a long file shows progress
    return exit_code_for(statuses)


def no_solution_reason(status: Status, result: SolveResult) -> str:
    """Why a puzzle has no solution, on one line, when its status is "none" and the givens
    alone show it; "" otherwise (a search proved it, or there is a solution)."""
    return one_line(result.reason) if status is Status.NONE and result.reason else ""


def status_reason(status: Status, result: SolveResult, timeout: float | None) -> str:
    """What a text line gives in brackets after a status: why there is no solution (see
    `no_solution_reason`), or after a timeout how long the search ran and that more time may
    decide it (a timeout proves nothing about the puzzle); "" otherwise."""
    if status is Status.TIMEOUT and timeout is not None:
        return f"no answer within {seconds_text(timeout)}; a longer --timeout may decide it"
    return no_solution_reason(status, result)


def json_line(puzzle: Puzzle, label: str, status: Status, result: SolveResult,
              extra: dict | None = None) -> str:
    record = {
        "id": written_id(label, puzzle.id is None),
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        # (the givens too, so that every command reads the line back as the puzzle)
        "puzzle": puzzle.givens.tolist(),
        "status": status,
        "solution": _grid_rows(result.solution),
    }
    if status is Status.MULTIPLE:
        record["other_solution"] = _grid_rows(result.other_solution)
    if status is Status.NONE:
        record["reason"] = no_solution_reason(status, result) or None  # (None: searched)
    record["seconds"] = round(float(result.stats.seconds), 6)
    record.update(extra or {})
    return json.dumps(record)
