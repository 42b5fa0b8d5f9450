"""`numbrix print`: the puzzles of a file laid out as a printable booklet."""

from __future__ import annotations

import argparse

from numbrix_curses.cli.common import (
    add_files_argument,
    add_jobs_option,
    add_title_option,
    booklet_title,
    display_name,
    exit_code_for,
    labelled_puzzles,
    note_if_unreadable,
    one_line,
    positive_seconds,
    status_reason,
    status_value,
    write_out,
)


def configure_print(parser: argparse.ArgumentParser) -> None:
    add_files_argument(parser)
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

    entries = []
    statuses = []
    for puzzle, label in labelled_puzzles(args.files):
        label = one_line(label)
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
        reason = status_reason(status, result, args.timeout)
        if reason:
            note += f" ({reason})"
        solution = result.solution if status == "unique" else None
        entries.append(booklet.Entry(puzzle, label, solution, note))
    names = [display_name(path) for path in args.files]
    sources = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    title = booklet_title(args, f"Numbrix puzzles from {sources}")
    text = booklet.booklet(entries, title, args.solutions)
    write_out(text)
    note_if_unreadable("print", "the booklet", len(text.encode()), text.count("\n"),
                       len(entries))
    return exit_code_for(statuses)
