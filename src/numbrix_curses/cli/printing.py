"""`numbrix print`: the puzzles of a file laid out as a printable booklet."""

from __future__ import annotations

import argparse
import sys

from numbrix_curses.cli.common import (
    add_jobs_option,
    add_title_option,
    booklet_title,
    display_name,
    exit_code_for,
    load_puzzles,
    one_line,
    positive_seconds,
    status_value,
    warn_of_shared_ids,
)


def configure_print(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    parser.add_argument(
        "--solutions",
        action="store_true",
        help="add an answer key (solved here; exit code 1 if some puzzle is not unique)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="with --solutions: give up solving a puzzle after this many seconds",
    )
    add_title_option(parser)
    add_jobs_option(parser)


def print_command(args: argparse.Namespace) -> int:
    from numbrix_curses import booklet, solver
    from numbrix_curses.textformat import puzzle_label

    puzzles = load_puzzles(args.file)
    name = display_name(args.file)
    warn_of_shared_ids(puzzles, name)
    entries = []
    statuses = []
    for index, puzzle in enumerate(puzzles, start=1):
        label = one_line(puzzle_label(puzzle, name, index))
        if not args.solutions:
            entries.append(booklet.Entry(puzzle, label))
            continue
        result = solver.solve(puzzle, limit=2, timeout=args.timeout, workers=args.jobs)
        status = status_value(result.status)
        statuses.append(status)
        note = {
            "multiple": "not shown: this puzzle has more than one solution",
            "none": "not shown: this puzzle has no solution",
            "timeout": "not shown: the solver ran out of time",
        }.get(status, "")
        solution = result.solution if status == "unique" else None
        entries.append(booklet.Entry(puzzle, label, solution, note))
    title = booklet_title(args, f"Numbrix puzzles from {name}")
    sys.stdout.write(booklet.booklet(entries, title, args.solutions))
    return exit_code_for(statuses)
