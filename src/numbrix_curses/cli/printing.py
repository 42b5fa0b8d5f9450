"""`numbrix print`: the puzzles of a file laid out as a printable booklet."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from numbrix_curses.cli.common import (
    STDIN,
    UsageError,
    display_name,
    labelled_puzzles,
    note_if_unreadable,
    one_line,
    tell,
)
from numbrix_curses.cli.options import (
    add_files_argument,
    add_jobs_option,
    add_paper_option,
    add_title_option,
    booklet_title,
    positive_seconds,
)
from numbrix_curses.cli.progress import Progress
from numbrix_curses.cli.verdicts import exit_code_for, status_reason
from numbrix_curses.verdict import HAS, OUT_OF_TIME, Status

if TYPE_CHECKING:  # (numpy, which --help does not need)
    from numbrix_curses import booklet
    from numbrix_curses.puzzle import Puzzle


PRINT_EXAMPLES = """\
examples:
  numbrix print week.txt --solutions > booklet.txt
  numbrix print week.txt --key answers.txt > puzzles.txt
  numbrix print week.txt --paper --solutions --title "Club Numbrix" > club.txt
  numbrix generate --size 7 -n 6 --format compact | numbrix print - --paper"""


def configure_print(parser: argparse.ArgumentParser) -> None:
    add_files_argument(parser)
    parser.add_argument(
        "--solutions",
        action="store_true",
        help="add an answer key (solved here; exit code 1 if some puzzle is not unique, "
        "3 if the solver ran out of time on one)",
    )
    parser.add_argument(
        "--key",
        metavar="FILE",
        help="write the answer key to FILE, an answer sheet of its own, not after the "
             "puzzles (implies --solutions; written atomically, never over a file without "
             "--force; a stream's name, /dev/stderr or /dev/fd/N, is that stream)",
    )
    parser.add_argument("--force", action="store_true", help="with --key: overwrite FILE")
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="with --solutions: give up solving a puzzle after this many seconds",
    )
    add_title_option(parser)
    add_paper_option(parser, "--key FILE")
    add_jobs_option(parser)


def print_command(args: argparse.Namespace) -> int:
    from numbrix_curses import booklet, paper
    from numbrix_curses.atomic import is_open_as, same_file
    from numbrix_curses.cli.outputs import check_output_file

    key_stream = None
    if args.key is not None:
        from numbrix_curses.cli.outputs import stream_named

        key_stream = 1 if args.key == STDIN else stream_named("print", "--key", args.key)
        if key_stream == 1:
            # (it made a file named "-": the booklet has standard output; and /dev/stdout
            # was replaced by a file with the key, the booklet lost, or "already exists")
            raise UsageError(f"numbrix print: --key {one_line(args.key)} is standard "
                             "output, where the booklet goes: give a file (--solutions puts "
                             "the key after the puzzles)")
    if args.key is not None and key_stream is not None:
        args.solutions = True  # (a stream, /dev/stderr or /dev/fd/3: written as such)
    elif args.key is not None:
        read = next((path for path in args.files if path != STDIN
                     and same_file(path, args.key)), None)
        if read is None and STDIN in args.files and is_open_as(args.key, 0):
            read = STDIN  # (a file sent to standard input: replaced by the key with --force)
        if read is not None:
            raise UsageError(f"numbrix print: --key names {display_name(read)}, a file of "
                             "the puzzles it prints")
        if is_open_as(args.key, 1):
            # (the key written over it atomically, the booklet went on into the file
            # replaced, and was lost; said before "already exists": the shell made it)
            raise UsageError(f"numbrix print: --key names {display_name(args.key)}, the file "
                             "the booklet goes to")
        # (checked before the solving, which may take minutes: see `check_output_file`)
        check_output_file("print", "--key", args.key, args.force)
        args.solutions = True
    unused = []
    if (args.key is None or key_stream is not None) and args.force:
        unused.append("--force has no effect without --key FILE (the booklet goes to standard "
                      "output)")
    if args.timeout is not None and not args.solutions:
        unused.append("--timeout has no effect without --solutions (it limits the solving "
                      "for the answer key)")
    from numbrix_curses import MAX_METADATA_CHARS
    from numbrix_curses.textformat import comment_text

    entries: list[booklet.Entry] = []
    statuses: list[Status] = []
    listed = labelled_puzzles(args.files)
    for warning in unused:  # (once the files read: bad input is one line)
        tell(f"numbrix print: warning: {warning}")
    progress = None
    if args.solutions and sys.stderr.isatty():
        # (no ticking where a long search is shared: the processes it shares it with fork)
        progress = Progress("solving", "the puzzles for the answer key", len(listed))
        if args.jobs == 1:
            progress.tick()
    try:
        for puzzle, label in listed:
            named = comment_text(label)
            if puzzle.id is None and len(named) <= MAX_METADATA_CHARS:
                # Named by its place in its file (FILE#K, as check names it), and that name
                # kept as its id: read back from the booklet it was the booklet's "#K", and
                # check on the booklet and on the file named it two ways. (Not a name longer
                # than an id may be: a file deep in folders.)
                puzzle = replace(puzzle, metadata={**puzzle.metadata, "id": named})
            entry, status = _entry(args, puzzle, one_line(label))
            entries.append(entry)
            if status is not None:
                statuses.append(status)
            if progress is not None:
                progress.show(len(entries))
    finally:
        if progress is not None:
            progress.close()
    title = booklet_title(args, _default_title(args.files))
    if args.paper:
        text = paper.booklet(entries, title, args.solutions and args.key is None)
    else:
        text = booklet.booklet(entries, title, args.solutions and args.key is None)
    from numbrix_curses.cli.outputs import write_half, write_key_file

    if args.key is not None:
        # (the key first: a booklet on standard output cannot be taken back, and one
        # handed out without its key written is the worse half to have)
        key = (paper.answer_key(entries, title) if args.paper
               else booklet.solutions_sheet(entries, title))
        if key_stream is not None:
            write_half("print", key, "the answer key", None, key_stream)
        else:
            write_key_file(args.key, key, args.force)
    write_half("print", text, "the booklet",
               args.key and f"the answer key is in {display_name(args.key)}")
    if not args.paper:  # (a booklet for paper is read by nobody's program: no size to mind)
        note_if_unreadable("print", "the booklet", len(text.encode()), text.count("\n"),
                           len(entries))
    # (the key's note is read only once it is printed: a booklet sent to a file would be
    # handed out with a puzzle that has no answer, or two)
    unshown = [(entry.label, entry.key_note) for entry in entries if entry.key_note]
    for label, note in unshown[:_WARNINGS]:
        why = note.removeprefix("not shown: ")
        said = (label + why.removeprefix("this puzzle") if why.startswith("this puzzle")
                else f"{label}: {why}")
        tell(f"numbrix print: warning: {said}; the answer key shows none for it")
    if len(unshown) > _WARNINGS:
        tell(f"numbrix print: warning: {len(unshown) - _WARNINGS:,} more puzzles without "
             "their answer")
    return exit_code_for(statuses)


def _default_title(files: Sequence[str]) -> str:
    """"Numbrix puzzles from week.txt and extra.txt"; "Numbrix puzzles" alone for puzzles
    from standard input, whose name ("<stdin>") means nothing on a printed page."""
    names = [display_name(path) if path != STDIN else "standard input" for path in files]
    if list(files) == [STDIN]:
        return "Numbrix puzzles"
    sources = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"Numbrix puzzles from {sources}"


#: the puzzles without an answer named on stderr, one line each; past that, a count
_WARNINGS = 10


def _entry(
    args: argparse.Namespace, puzzle: Puzzle, label: str
) -> tuple[booklet.Entry, str | None]:
    """The booklet's entry for `puzzle`, and with --solutions its status (solved here; a
    puzzle that is not unique gets a note in place of its solution)."""
    from numbrix_curses import booklet, solver

    if not args.solutions:
        return booklet.Entry(puzzle, label), None
    result = solver.solve(puzzle, limit=2, timeout=args.timeout, workers=args.jobs)
    status = result.status
    note = (f"not shown: this puzzle has {HAS[status]}" if status in HAS
            else f"not shown: {OUT_OF_TIME}" if status is Status.TIMEOUT else "")
    reason = status_reason(status, result, args.timeout)
    if reason:
        note += f" ({reason})"
    solution = result.solution if status is Status.UNIQUE else None
    return booklet.Entry(puzzle, label, solution, note), status
