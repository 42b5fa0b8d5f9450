"""`numbrix play` and the bare `numbrix` (the main menu): the only commands that start the
curses app, which they import only when run."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from numbrix_curses.cli.common import (
    STDIN, WARNINGS_SAID, UsageError, display_name, load_puzzles, one_line, tell,
)

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.puzzle import Puzzle


def configure_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="puzzle file, or - for standard input (default: the bundled puzzles)",
    )
    parser.add_argument(
        "--puzzle",
        metavar="K|ID",
        help="which puzzle of the file: its number K (from 1), its id, or FILE#K as check "
        "names a puzzle without an id (FILE as given, or its base name; default: a file of "
        "several puzzles lists them)",
    )
    parser.add_argument(
        "--menu",
        action="store_true",
        help="leaving the puzzle goes to the main menu instead of quitting (make run)",
    )


def _pick_puzzle(
    puzzles: list[Puzzle], choice: str | None, source: str, file: str | None = None
) -> int:
    """The number (from 1) of the puzzle the user asked for: by number, else by `# id:`,
    else (for a `file`) by the `FILE#K` label that `check` and the app give a puzzle
    without an id. `source` names the puzzles in messages."""
    if choice is None:
        return 1
    if choice.isascii() and choice.isdigit():
        return _by_number(puzzles, choice, source)
    numbers = [k for k, puzzle in enumerate(puzzles, start=1) if puzzle.id == choice]
    if not numbers:
        number = _label_number(choice, file)
        if number is not None:
            return _by_number(puzzles, number, source)
        raise UsageError(f"{source}: no puzzle with id {choice!r}")
    if len(numbers) > 1:
        # Playing the first would be a guess: they may be different puzzles.
        listed = ", ".join(map(str, numbers[:5])) + (", ..." if len(numbers) > 5 else "")
        raise UsageError(
            f"{source}: {len(numbers)} puzzles have id {choice!r} (numbers {listed}); "
            "choose one by its number: --puzzle N"
        )
    return numbers[0]


def _by_number(puzzles: list[Puzzle], choice: str, source: str) -> int:
    """`choice` (ASCII digits) as the number of one of `puzzles`, from 1."""
    # int() of a few thousand digits is refused; no file holds that many puzzles anyway
    number = int(choice) if len(choice) <= 9 else 0
    if 1 <= number <= len(puzzles):
        return number
    count = len(puzzles)
    shown = choice if len(choice) <= 12 else choice[:9] + "..."
    raise UsageError(
        f"{source}: no puzzle {shown} (it holds {count} puzzle{'s' if count != 1 else ''})"
    )


def _label_number(choice: str, file: str | None) -> str | None:
    """K when `choice` is `NAME#K` and NAME is `file` as `check` prints it or as the app's
    title and Open file show it (its base name); else None."""
    if file is None:
        return None
    name, hash_, number = choice.rpartition("#")
    if not hash_ or not (number.isascii() and number.isdigit()):
        return None
    shown = {display_name(file), display_name(os.path.basename(file))}
    return number if one_line(name) in shown else None


def play_command(args: argparse.Namespace) -> int:
    file = getattr(args, "file", None)
    choice = getattr(args, "puzzle", None)
    if file == STDIN and not hasattr(os, "ctermid"):
        # curses reads the keyboard from standard input, so it cannot also carry the puzzle,
        # unless the terminal can be opened by name afterwards (POSIX: see below)
        raise UsageError("numbrix play: needs a puzzle file, not standard input (-)")
    label = None
    note = None
    if file is not None:
        warnings: list[str] = []
        puzzles = load_puzzles(file, warnings)
        for line in warnings:
            tell(line)  # (all of them, still there when the app ends)
        if warnings:
            # the first said in the app as well (printed before it starts, it was wiped),
            # with how many more, as Open file says it (past the most said, a line counts
            # the rest: "many")
            from numbrix_curses.ui.play_words import reading_note

            note = reading_note(warnings[0], None if len(warnings) > WARNINGS_SAID
                                else len(warnings) - 1)
        if file == STDIN and sys.stdout.isatty():
            # (with no terminal for output, the app says so itself: standard input is
            # left as it is)
            _keyboard_from_terminal()
        number = _pick_puzzle(puzzles, choice, file, file)
        puzzle = puzzles[number - 1]
        source: str | None = file
        if len(puzzles) > 1:
            # the app's title and its saved games name the puzzle as check does, so puzzle 2
            # of a file is not shown as the whole file
            from numbrix_curses.textformat import puzzle_label

            # (standard input's puzzles as check names them: "<stdin>#2", not "-#2")
            base = display_name(file) if file == STDIN else os.path.basename(file)
            labels = [puzzle_label(p, base, k) for k, p in enumerate(puzzles, start=1)]
            if choice is None:
                # A file of several puzzles (a booklet) lists them, as Open file does: the
                # first alone left no way to the others.
                from numbrix_curses.ui.app import run_list

                return int(run_list(puzzles, labels, file, display_name(file),
                                    menu=getattr(args, "menu", False), note=note))
            label = labels[number - 1]
    else:
        from numbrix_curses import library

        if choice is not None:
            bundled = library.load_bundled()
            puzzle = bundled[_pick_puzzle(bundled, choice, "bundled puzzles") - 1]
        else:
            puzzle = library.default_puzzle()
        source = None
    from numbrix_curses.ui.app import run_app  # only play needs curses

    return int(run_app(puzzle, source=source, menu=getattr(args, "menu", False), label=label,
                       note=note))


def _keyboard_from_terminal() -> None:
    """After the puzzle was read from standard input (`numbrix generate ... | numbrix play
    -`), point standard input at the terminal: curses reads the keyboard there."""
    terminal = getattr(os, "ctermid")  # (checked by the caller: POSIX only)
    try:
        fd = os.open(terminal(), os.O_RDWR)
    except OSError:
        raise UsageError(
            "numbrix play: the puzzle came on standard input, and there is no terminal to "
            "play it in"
        ) from None
    os.dup2(fd, 0)
    os.close(fd)


def menu_command(args: argparse.Namespace) -> int:
    """`numbrix` with no command: the app's main menu."""
    from numbrix_curses.ui.app import run_menu  # only the app needs curses

    return int(run_menu())
