"""The command line: `numbrix [COMMAND] ...`, parsed with argparse.

This module owns argv, exit codes and what the commands print; the work itself is done by
the layers below. Every command is one entry in `COMMANDS` (a name, a one-line summary, a
function adding its options and a function running it), so a new command is one more entry.

Exit codes (the same for every command):

    0  success; for solve and check: every puzzle has exactly one solution
    1  some puzzle has no solution or several
    2  bad input or usage: one line on stderr, nothing solved (the app: no terminal)
    3  some puzzle ran out of time (--timeout) and none had a worse verdict; generate: the
       path generator's wall-clock guard gave up (a starved or suspended process)
   70  the app hit an internal error (it saves the game and a crash report)
  130  interrupted (Ctrl-C)
  141  standard output was closed early (e.g. piped into `head`)

When puzzles of one file end differently, the code is the first of 2, 1, 3, 0 that applies:
a definite "this puzzle is not proper" outranks "could not tell in time".

The curses app is imported only by `play` and the bare `numbrix` (main menu), so solve and
check work where curses does not.
"""
from __future__ import annotations

import argparse
import contextlib
import errno
import json
import math
import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence

from numbrix_curses import __version__

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.solver import SolveResult

EXIT_OK = 0
EXIT_NOT_UNIQUE = 1
EXIT_BAD_INPUT = 2
EXIT_TIMEOUT = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

#: most processes --jobs may ask for (solve, check, grade, print, generate)
MAX_JOBS = 64

#: precedence when puzzles of one run end with different codes: first match wins
_EXIT_PRECEDENCE = (EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_TIMEOUT, EXIT_OK)

STDIN = "-"
#: how puzzles read from standard input are named in labels and messages
STDIN_NAME = "<stdin>"


class UsageError(Exception):
    """A request that cannot be carried out as asked.

    `str()` is the whole line for stderr: `FILE:LINE:COL: message` from the reader, or
    `FILE: message` / `numbrix COMMAND: message` otherwise.
    """


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line pointing at --help, not a usage dump."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the subcommands' parsers by name (on the top-level parser), so a stray argument
        #: is blamed on the command it was given to
        self.commands: dict[str, argparse.ArgumentParser] = {}

    def error(self, message: str) -> NoReturn:
        _tell(f"{self.prog}: {message} (try '{self.prog} --help')")
        raise SystemExit(EXIT_BAD_INPUT)


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, its line in --help, its options and what it does."""

    name: str
    summary: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


# --- shared helpers -------------------------------------------------------------------


def _one_line(text: str) -> str:
    """`text` with line breaks and other control characters escaped (a file name or an id
    may hold them: U+2028 breaks a line too, U+202E turns the text after it round), so a
    message or a line of output stays one line, as written."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _tell(line: str) -> None:
    """Write one line to stderr, escaped by `_one_line`.

    A stderr that cannot be written (`2>/dev/full`, a closed pipe) must not turn the exit
    code the caller is about to return into another one (an OSError escaping here would
    end as 2 where 0 was due, or as Python's 1 with a traceback nobody sees): the line is
    dropped and stderr pointed at the null device, so the interpreter's last flush of what
    is still buffered cannot fail either.
    """
    try:
        sys.stderr.write(_one_line(line) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # ValueError: stderr was closed
        _silence_stream(sys.stderr)


def _display_name(path: str) -> str:
    """How a file is named in output, escaped by `_one_line`: a name is read back in
    `solve` output (`# id: FILE#1`) and booklets, and shown on a terminal, so a line
    break, an escape or an undecodable byte in it must not reach either raw."""
    return STDIN_NAME if path == STDIN else _one_line(path)


def _read_puzzles(path: str) -> list[Puzzle]:
    """Every puzzle of a file ("-" = stdin), parsed in full before any is used.

    Raises UsageError with the reader's `FILE:LINE:COL: message` line.
    """
    from numbrix_curses.textformat import ParseError, read_puzzles

    try:
        return read_puzzles(path)
    except ParseError as error:
        raise UsageError(str(error)) from None
    except UnicodeDecodeError as error:
        # the reader should report this itself; never let it become a traceback
        raise UsageError(f"{_display_name(path)}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise UsageError(_os_error_line(error, path)) from None


def _os_error_line(error: OSError, path: str | None = None) -> str:
    name = error.filename if error.filename is not None else path
    reason = error.strerror or str(error)
    return f"{_display_name(str(name))}: {reason}" if name is not None else reason


def _positive_seconds(text: str) -> float:
    """argparse type for --timeout: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return value


def _add_puzzle_file_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per puzzle per line"
    )
    parser.add_argument(
        "--timeout",
        type=_positive_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (status timeout, exit code 3)",
    )


def _add_jobs_option(parser: argparse.ArgumentParser) -> None:
    from numbrix_curses.workers import default_workers

    parser.add_argument(
        "--jobs",
        type=_whole_number(1, MAX_JOBS),
        default=default_workers(),
        metavar="J",
        help="share a long search among J processes (same answers; default: %(default)s, "
        "the cores available, at most 8)",
    )


def _exit_code_for(statuses: Sequence[str]) -> int:
    """The run's exit code from the puzzles' statuses, by `_EXIT_PRECEDENCE`."""
    codes = {_STATUS_EXIT[s] for s in statuses}
    return next((code for code in _EXIT_PRECEDENCE if code in codes), EXIT_OK)


_STATUS_EXIT = {
    "unique": EXIT_OK,
    "multiple": EXIT_NOT_UNIQUE,
    "none": EXIT_NOT_UNIQUE,
    "timeout": EXIT_TIMEOUT,
}


def _grid_rows(grid) -> list[list[int]] | None:
    return None if grid is None else [[int(v) for v in row] for row in grid]


def _solve_each(
    args: argparse.Namespace, report: Callable[[Puzzle, str, str, SolveResult], None]
) -> int:
    """Parse the whole file, then solve its puzzles in order, reporting each as it ends."""
    from numbrix_curses import solver
    from numbrix_curses.textformat import puzzle_label

    puzzles = _read_puzzles(args.file)
    name = _display_name(args.file)
    statuses = []
    for index, puzzle in enumerate(puzzles, start=1):
        label = puzzle_label(puzzle, name, index)
        with _SearchTicker(label):
            result = solver.solve(puzzle, limit=2, timeout=args.timeout, workers=args.jobs)
        status = _status_value(result.status)
        statuses.append(status)
        report(puzzle, label, status, result)
        sys.stdout.flush()  # one puzzle at a time, so a long file shows progress
    return _exit_code_for(statuses)


class _SearchTicker:
    """While one search runs longer than a second, a line on the terminal says which puzzle
    is being searched and for how long (a sparse 20x20 board can take a minute, which must
    not look like a hang); the line is wiped when the search ends.

    A timer signal writes the line, so the search itself is untouched: it runs in this
    process's main thread, nothing else writes to stderr meanwhile, and the processes a
    search forks do not inherit the timer. Nothing is shown when stderr is not a terminal,
    or where there is no interval timer (Windows).
    """

    def __init__(self, label: str) -> None:
        self.label = _one_line(label)
        self.active = sys.stderr.isatty()
        self.shown = False
        self.started = 0.0
        self.previous: object = None

    def __enter__(self) -> _SearchTicker:
        import signal

        if self.active and hasattr(signal, "setitimer"):
            import time

            self.started = time.monotonic()
            self.previous = signal.signal(signal.SIGALRM, self._tick)
            signal.setitimer(signal.ITIMER_REAL, 1.0, 1.0)
        return self

    def _tick(self, signum: int, frame: object) -> None:
        import time

        seconds = time.monotonic() - self.started
        sys.stderr.write(f"\r\x1b[K{self.label}: searching, {seconds:.0f} s")
        sys.stderr.flush()
        self.shown = True

    def __exit__(self, *exc_info: object) -> None:
        import signal

        if self.active and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)  # type: ignore[arg-type]
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _status_value(status) -> str:
    return str(getattr(status, "value", status))


def _json_line(puzzle: Puzzle, label: str, status: str, result: SolveResult) -> str:
    record = {
        "id": label,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "status": status,
        "solution": _grid_rows(result.solution),
    }
    if status == "multiple":
        record["other_solution"] = _grid_rows(result.other_solution)
    record["seconds"] = round(float(result.stats.seconds), 6)
    return json.dumps(record)


# --- play -----------------------------------------------------------------------------


def _configure_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="puzzle file (default: the bundled puzzles)",
    )
    parser.add_argument(
        "--puzzle",
        metavar="K|ID",
        help="which puzzle of the file: its number K (from 1) or its id (default: the first)",
    )
    parser.add_argument(
        "--menu",
        action="store_true",
        help="leaving the puzzle goes to the main menu instead of quitting (make run)",
    )


def _pick_puzzle(puzzles: list[Puzzle], choice: str | None, source: str) -> Puzzle:
    """The puzzle the user asked for: by 1-based number, else by `# id:`."""
    if choice is None:
        return puzzles[0]
    if choice.isascii() and choice.isdigit():
        # int() of a few thousand digits is refused; no file holds that many puzzles anyway
        number = int(choice) if len(choice) <= 9 else 0
        if 1 <= number <= len(puzzles):
            return puzzles[number - 1]
        count = len(puzzles)
        shown = choice if len(choice) <= 12 else choice[:9] + "..."
        raise UsageError(
            f"{source}: no puzzle {shown} (it holds {count} puzzle{'s' if count != 1 else ''})"
        )
    numbers = [k for k, puzzle in enumerate(puzzles, start=1) if puzzle.id == choice]
    if not numbers:
        raise UsageError(f"{source}: no puzzle with id {choice!r}")
    if len(numbers) > 1:
        # Playing the first would be a guess: they may be different puzzles.
        listed = ", ".join(map(str, numbers[:5])) + (", ..." if len(numbers) > 5 else "")
        raise UsageError(
            f"{source}: {len(numbers)} puzzles have id {choice!r} (numbers {listed}); "
            "choose one by its number: --puzzle N"
        )
    return puzzles[numbers[0] - 1]


def _run_play(args: argparse.Namespace) -> int:
    file = getattr(args, "file", None)
    choice = getattr(args, "puzzle", None)
    if file == STDIN:
        # curses reads the keyboard from standard input, so it cannot also carry the puzzle
        raise UsageError("numbrix play: needs a puzzle file, not standard input (-)")
    if file is not None:
        puzzle = _pick_puzzle(_read_puzzles(file), choice, file)
        source: str | None = file
    else:
        from numbrix_curses import library

        if choice is not None:
            puzzle = _pick_puzzle(library.load_bundled(), choice, "bundled puzzles")
        else:
            puzzle = library.default_puzzle()
        source = None
    from numbrix_curses.ui.app import run_app  # only play needs curses

    return int(run_app(puzzle, source=source, menu=getattr(args, "menu", False)))


def _run_menu(args: argparse.Namespace) -> int:
    """`numbrix` with no command: the app's main menu."""
    from numbrix_curses.ui.app import run_menu  # only the app needs curses

    return int(run_menu())


# --- solve ----------------------------------------------------------------------------


def _run_solve(args: argparse.Namespace) -> int:
    from numbrix_curses.textformat import format_compact

    out = sys.stdout
    first = True

    def report(puzzle: Puzzle, label: str, status: str, result: SolveResult) -> None:
        nonlocal first
        if args.json:
            print(_json_line(puzzle, label, status, result), file=out)
            return
        if not first:
            print(file=out)
        first = False
        print(f"# id: {_one_line(label)}", file=out)
        print(f"# status: {status}", file=out)
        if result.solution is not None:
            out.write(format_compact(puzzle, result.solution, metadata={}))
        if status == "multiple" and result.other_solution is not None:
            print(file=out)
            print("# other solution:", file=out)
            out.write(format_compact(puzzle, result.other_solution, metadata={}))

    return _solve_each(args, report)


# --- check ----------------------------------------------------------------------------


def _run_check(args: argparse.Namespace) -> int:
    out = sys.stdout

    def report(puzzle: Puzzle, label: str, status: str, result: SolveResult) -> None:
        if args.json:
            print(_json_line(puzzle, label, status, result), file=out)
        else:
            print(f"{_one_line(label)}: {status}", file=out)

    return _solve_each(args, report)


# --- grade, solve --steps -------------------------------------------------------------


def _add_solving_options(parser: argparse.ArgumentParser) -> None:
    """Options of the commands that solve every puzzle of a file (solve, check, grade)."""
    _add_puzzle_file_options(parser)
    _add_jobs_option(parser)


def _configure_solve(parser: argparse.ArgumentParser) -> None:
    _add_solving_options(parser)
    parser.add_argument(
        "--steps",
        action="store_true",
        help="print every logical step with its reason before the solution "
        '(with --json: "difficulty" and "steps", rows and columns counted from 0)',
    )


def _run_solve_command(args: argparse.Namespace) -> int:
    return _run_solve_steps(args) if getattr(args, "steps", False) else _run_solve(args)


def _technique_counts(grade) -> dict[str, int]:
    """{technique name: count} in the techniques' own order (easiest first)."""
    from numbrix_curses.deduce import Technique

    return {t.value: grade.technique_counts[t] for t in Technique if t in grade.technique_counts}


def _run_solve_steps(args: argparse.Namespace) -> int:
    """`solve --steps`: the walkthrough of each unique puzzle, then its solved grid."""
    from numbrix_curses import deduce
    from numbrix_curses.textformat import format_compact

    out = sys.stdout
    first = True

    def report(puzzle: Puzzle, label: str, status: str, result: SolveResult) -> None:
        nonlocal first
        steps = grade = None
        if status == "unique":
            steps = deduce.walkthrough(puzzle, result.solution)
            grade = deduce.grade_steps(steps)
        if args.json:
            record = json.loads(_json_line(puzzle, label, status, result))
            record["difficulty"] = grade.difficulty.value if grade else None
            record["steps"] = None if steps is None else [
                {
                    "number": step.number,
                    "row": step.cell[0],
                    "col": step.cell[1],
                    "technique": step.technique.value,
                    "reason": step.reason,
                }
                for step in steps
            ]
            print(json.dumps(record), file=out)
            return
        if not first:
            print(file=out)
        first = False
        print(f"# id: {_one_line(label)}", file=out)
        print(f"# status: {status}", file=out)
        if grade is None or steps is None:
            print("# no steps: the puzzle does not have exactly one solution", file=out)
            return
        print(f"# difficulty: {grade.difficulty.value}", file=out)
        width = len(str(len(steps)))
        for index, step in enumerate(steps, start=1):
            print(f"# {index:>{width}}. ({step.technique.label}) {step.reason}", file=out)
        out.write(format_compact(puzzle, result.solution, metadata={}))

    return _solve_each(args, report)


def _run_grade(args: argparse.Namespace) -> int:
    """`grade`: each unique puzzle's difficulty and how often each technique solves it."""
    from numbrix_curses import deduce

    out = sys.stdout

    def report(puzzle: Puzzle, label: str, status: str, result: SolveResult) -> None:
        grade = deduce.grade(puzzle, result.solution) if status == "unique" else None
        if args.json:
            record = {
                "id": label,
                "status": status,
                "difficulty": grade.difficulty.value if grade else None,
                "techniques": _technique_counts(grade) if grade else None,
                "trial_depth": grade.trial_depth if grade else None,
            }
            print(json.dumps(record), file=out)
        elif grade is None:
            print(f"{_one_line(label)}: {status} (not graded)", file=out)
        else:
            from numbrix_curses.deduce import Technique

            counts = ", ".join(
                f"{Technique(name).label} {count}"
                for name, count in _technique_counts(grade).items()
            ) or "no steps: every number is given"
            depth = f"; trial depth {grade.trial_depth}" if grade.trial_depth else ""
            print(f"{_one_line(label)}: {grade.difficulty.value} ({counts}{depth})", file=out)

    return _solve_each(args, report)


# --- generate -------------------------------------------------------------------------


def _whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """argparse type: an integer in low..high (no upper bound when high is None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {value}")
        return value

    return parse


def _configure_generate(parser: argparse.ArgumentParser) -> None:
    from numbrix_curses.puzzle import MAX_SIDE, MIN_SIDE

    side = _whole_number(MIN_SIDE, MAX_SIDE)
    parser.add_argument("--size", type=side, metavar="N", help="an N x N board (default 9)")
    parser.add_argument("--rows", type=side, metavar="R", help="rows (with --cols)")
    parser.add_argument("--cols", type=side, metavar="C", help="columns (with --rows)")
    parser.add_argument(
        "--count", type=_whole_number(1), default=1, metavar="K", help="how many puzzles (default 1)"
    )
    parser.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard", "fiendish"),
        help="difficulty to aim for (default medium; with --clues, none)",
    )
    parser.add_argument(
        "--pattern",
        choices=("random", "symmetric", "border"),
        default="random",
        help="where the givens go: anywhere (random, the default), in rotation-symmetric "
        "pairs or quads, or on the outer ring",
    )
    parser.add_argument(
        "--clues", type=_whole_number(0), metavar="N", help="aim for N givens"
    )
    parser.add_argument(
        "--seed",
        type=_whole_number(0),
        metavar="S",
        help="seed: the same seed and options give the same puzzles (default: random)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "compact", "json"),
        default="text",
        help="text (the default): printable booklet with answer key; compact: the plain "
        "puzzle format; json: one object per puzzle per line (all three read back)",
    )
    parser.add_argument("--output", metavar="FILE", help="write the puzzles to FILE (default: standard output)")
    parser.add_argument(
        "--solutions", metavar="FILE", help="write the answer key to FILE instead"
    )
    parser.add_argument(
        "--force", action="store_true", help="overwrite --output/--solutions files"
    )
    _add_title_option(parser)
    parser.add_argument(
        # the same bound as solve and check: each job is a process
        "--jobs", type=_whole_number(1, MAX_JOBS), default=1, metavar="J",
        help=f"generate in J processes, 1 to {MAX_JOBS} (default 1; same puzzles as with 1)",
    )


def _generate_shape(args: argparse.Namespace) -> tuple[int, int]:
    if args.size is not None:
        if args.rows is not None or args.cols is not None:
            raise UsageError("numbrix generate: give --size or --rows and --cols, not both")
        return args.size, args.size
    if (args.rows is None) != (args.cols is None):
        given, missing = ("--rows", "--cols") if args.cols is None else ("--cols", "--rows")
        raise UsageError(f"numbrix generate: {given} needs {missing} too (or use --size)")
    if args.rows is None:
        return 9, 9
    return args.rows, args.cols


def _check_outputs(outputs: Sequence[tuple[str, str | None]], force: bool) -> None:
    """Refuse, before anything is generated, --output/--solutions files that could not be
    written: a run of minutes must not end in an error, and one file of the pair must not be
    written while the other cannot be. `outputs` holds (option, path or None) pairs."""
    named = [(option, path) for option, path in outputs if path is not None]
    for option, path in named:
        _check_file_name(option, path)
    if len(named) == 2 and _same_file(named[0][1], named[1][1]):
        raise UsageError("numbrix generate: --output and --solutions name the same file")
    for _, path in named:
        _check_output_file(path, force)


def _check_file_name(option: str, path: str) -> None:
    """A name that cannot be a file's, whatever the file system holds."""
    if path == "" or "\0" in path:
        raise UsageError(f"numbrix generate: {option} {path!r} is not a file name")


def _same_file(first: str, second: str) -> bool:
    """Whether two names lead to one file: through symlinks (realpath, which also covers a
    link to a file not made yet) or hard links (samefile, where both exist)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return os.path.realpath(first) == os.path.realpath(second)


def _check_output_file(path: str, force: bool) -> None:
    """`path` names a regular file (or none yet) in a directory we may write to, and is not
    an existing file unless `force`. The write itself follows symlinks (atomic.py), so the
    checks are made on the file a link leads to."""
    import stat

    if os.path.isdir(path):
        raise UsageError(f"{path}: is a directory")
    if path.endswith(tuple(filter(None, (os.sep, os.altsep)))):
        # "newdir/" for a directory not made yet: the user meant a directory, not a file
        # named "newdir"
        raise UsageError(f"{path}: names a directory; give the name of a file to write")
    try:
        mode: int | None = os.stat(path).st_mode  # of the file a symlink leads to
    except FileNotFoundError:
        mode = None
    except OSError as error:  # a name too long, a file where a directory should be, ...
        raise UsageError(f"{path}: {error.strerror or error}") from None
    if mode is not None and not stat.S_ISREG(mode):
        # a device or a pipe (/dev/stdout): the atomic write would replace it with a file
        raise UsageError(f"{path}: not a regular file; give the name of a file to write")
    if mode is not None and not force:
        raise UsageError(f"{path}: already exists (use --force to overwrite it)")
    # the temporary file goes beside the file that symlinks lead to (atomic.py)
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{path}: no such directory")
    # The temporary file is made in that directory, so it must be writable (an existing
    # file's own permissions do not matter: it is replaced, not written to).
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{path}: {os.strerror(errno.EACCES)}")
    if _read_only_file_system(folder):  # refused to the superuser too, unlike EACCES
        raise UsageError(f"{path}: {os.strerror(errno.EROFS)}")


def _read_only_file_system(folder: str) -> bool:
    """Whether `folder` is on a file system mounted read-only (False where unknown)."""
    if not hasattr(os, "statvfs"):  # Windows
        return False
    try:
        return bool(os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 0))
    except OSError:
        return False  # the write itself will say what is wrong


class _Progress:
    """One self-rewriting line on a terminal: puzzles done, rate, time left."""

    def __init__(self, total: int, what: str) -> None:
        import time

        self.clock = time.monotonic
        self.started = self.clock()
        self.total = total
        self.what = what
        self.show(0)

    def show(self, done: int) -> None:
        elapsed = self.clock() - self.started
        line = f"generating {self.what}: {done}/{self.total}"
        if done:
            rate = done / elapsed if elapsed > 0 else float("inf")
            left = (self.total - done) / rate if rate > 0 else 0.0
            line += f", {rate:.2f}/s, about {left:.0f} s left"
        sys.stderr.write("\r\x1b[K" + line)
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def _write_outputs(files: Sequence[tuple[str, str]], force: bool) -> None:
    """Write each (path, text) atomically, all of them or none (no overwrite without
    --force): a booklet must not be replaced without its answer key, nor the other way.

    Every file is first written in full under a temporary name beside its target; only then
    are they renamed into place. A failure while writing (full disk, I/O error) leaves all
    targets as they were. A rename failing after an earlier one succeeded is the one gap: a
    rename within a directory we just wrote to fails only if the directory changes under us
    meanwhile, which is vanishingly rare.
    """
    from numbrix_curses.atomic import Staged, stage_text

    staged: list[Staged] = []
    try:
        for path, text in files:
            with _writing(path):
                staged.append(stage_text(path, text, overwrite=force))
        for (path, _), item in zip(files, staged):
            with _writing(path):
                item.commit()
    finally:
        for item in staged:
            item.discard()  # the temporary files of a failed run; committed ones are kept


@contextlib.contextmanager
def _writing(path: str) -> Iterator[None]:
    """Turn a failure to write `path` into its one-line UsageError."""
    try:
        yield
    except FileExistsError:
        raise UsageError(f"{path}: already exists (use --force to overwrite it)") from None
    except (OSError, ValueError) as error:
        # Name the file asked for, not the temporary file the failure may have hit;
        # ValueError: a name with a NUL character in it.
        reason = getattr(error, "strerror", None) or "cannot write there"
        raise UsageError(f"{path}: {reason}") from None


@dataclass
class _Tally:
    """What the notes after a run need to know of its puzzles (a long run streamed to
    stdout keeps this, not the puzzles)."""

    made: int = 0
    fallback: int = 0
    missed: int = 0
    #: "hard with 24 givens" for each distinct missed result
    missed_kinds: set[str] = field(default_factory=set)

    def add(self, item: Any) -> None:
        from numbrix_curses.game import plural

        self.made += 1
        if item.notes:
            self.fallback += 1
        if not item.on_target:
            self.missed += 1
            self.missed_kinds.add(f"{item.difficulty.value} with {plural(item.clues, 'given')}")


def _run_generate(args: argparse.Namespace) -> int:
    from numbrix_curses import booklet, generator
    from numbrix_curses.pathgen import PathTimeout

    rows, cols = _generate_shape(args)
    if args.clues is not None and args.clues > rows * cols:
        raise UsageError(
            f"numbrix generate: --clues {args.clues} is more than the {rows * cols} cells"
        )
    _check_outputs((("--output", args.output), ("--solutions", args.solutions)), args.force)
    difficulty = args.difficulty or (None if args.clues is not None else "medium")
    spec = generator.Spec(
        rows, cols, difficulty=difficulty, pattern=args.pattern, clues=args.clues
    )
    seed = args.seed if args.seed is not None else generator.random_seed()
    what = f"{rows}x{cols} {difficulty or ''} puzzles".replace("  ", " ")
    title = _booklet_title(args, f"Numbrix {what}, seed {seed}")
    progress = _Progress(args.count, what) if sys.stderr.isatty() else None
    stream = args.output is None and args.format != "text"
    # Streamed puzzles are not kept unless an answer key needs them: a huge --count piped
    # into `head` must not fill memory.
    keep = not stream or args.solutions is not None
    made: list = []
    tally = _Tally()
    try:
        for k, item in enumerate(generator.generate_many(spec, args.count, seed, args.jobs)):
            tally.add(item)
            if keep:
                made.append(item)
            if stream:
                sys.stdout.write(_generated_text(item, args.format, k))
                sys.stdout.flush()
            if progress is not None:
                progress.show(k + 1)
    except PathTimeout as error:
        # The path generator's last-resort wall-clock guard: a starved or suspended process.
        _tell(f"numbrix generate: gave up after {tally.made} of {args.count} puzzles: {error}")
        return EXIT_TIMEOUT
    finally:
        if progress is not None:
            progress.close()
    entries = [booklet.Entry(g.puzzle, g.puzzle.id, g.solution) for g in made]
    files: list[tuple[str, str]] = []
    text = ""
    if not stream:
        if args.format == "text":
            text = booklet.booklet(entries, title, answer_key=args.solutions is None)
        else:
            text = "".join(_generated_text(g, args.format, k) for k, g in enumerate(made))
        if args.output is not None:
            files.append((args.output, text))
    if args.solutions is not None:
        files.append((args.solutions, booklet.solutions_sheet(entries, title)))
    _write_outputs(files, args.force)
    if not stream and args.output is None:
        sys.stdout.write(text)  # after the answer key is safely written, not before
    _generate_notes(tally, difficulty, args.clues)
    return EXIT_OK


def _generated_text(item, form: str, index: int) -> str:
    """One generated puzzle as compact text or a JSON line."""
    from numbrix_curses.textformat import format_compact

    if form == "json":
        return json.dumps(item.record()) + "\n"
    return ("\n" if index else "") + format_compact(item.puzzle)


def _generate_notes(tally: _Tally, difficulty: str | None, clues: int | None) -> None:
    """One stderr line each for puzzles that fell back or missed their targets."""
    from numbrix_curses.game import plural

    def which(count: int) -> str:
        return f"{count} of {tally.made} puzzles" if tally.made > 1 else "the puzzle"

    if tally.fallback:
        _tell(
            f"numbrix generate: the border alone did not make {which(tally.fallback)} "
            f"unique; givens inside the ring were kept (each such puzzle says how many: "
            f"'# inside: N'; past 10x10 a ring alone rarely settles a path)"
        )
    if tally.missed:
        aims = [difficulty] if difficulty else []
        if clues is not None:
            aims.append(plural(clues, "given"))
        wanted = ", ".join(aims)
        got = "; ".join(sorted(tally.missed_kinds))
        headers = "their headers say" if tally.missed > 1 else "its header says"
        _tell(
            f"numbrix generate: {which(tally.missed)} missed the target ({wanted}): {got}; "
            f"{headers} what {'they are' if tally.missed > 1 else 'it is'}"
        )


# --- print ----------------------------------------------------------------------------


def _add_title_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--title", metavar="TEXT",
        help="the booklet's title, on its first line and over its answer key",
    )


def _booklet_title(args: argparse.Namespace, default: str) -> str:
    """`--title` as the booklet's comment line can hold it, or `default` when none."""
    from numbrix_curses.textformat import comment_text

    return comment_text(args.title or "") or default


def _configure_print(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for standard input")
    parser.add_argument(
        "--solutions",
        action="store_true",
        help="add an answer key (solved here; exit code 1 if some puzzle is not unique)",
    )
    parser.add_argument(
        "--timeout",
        type=_positive_seconds,
        metavar="SECONDS",
        help="with --solutions: give up solving a puzzle after this many seconds",
    )
    _add_title_option(parser)
    _add_jobs_option(parser)


def _run_print(args: argparse.Namespace) -> int:
    from numbrix_curses import booklet, solver
    from numbrix_curses.textformat import puzzle_label

    puzzles = _read_puzzles(args.file)
    name = _display_name(args.file)
    entries = []
    statuses = []
    for index, puzzle in enumerate(puzzles, start=1):
        label = _one_line(puzzle_label(puzzle, name, index))
        if not args.solutions:
            entries.append(booklet.Entry(puzzle, label))
            continue
        result = solver.solve(puzzle, limit=2, timeout=args.timeout, workers=args.jobs)
        status = _status_value(result.status)
        statuses.append(status)
        note = {
            "multiple": "not shown: this puzzle has more than one solution",
            "none": "not shown: this puzzle has no solution",
            "timeout": "not shown: the solver ran out of time",
        }.get(status, "")
        solution = result.solution if status == "unique" else None
        entries.append(booklet.Entry(puzzle, label, solution, note))
    title = _booklet_title(args, f"Numbrix puzzles from {name}")
    sys.stdout.write(booklet.booklet(entries, title, args.solutions))
    return _exit_code_for(statuses)


COMMANDS: tuple[Command, ...] = (
    Command(
        "play", "play a puzzle in the full-screen app (the default)", _configure_play, _run_play
    ),
    Command(
        "solve",
        "print the solution of every puzzle in a file",
        _configure_solve,
        _run_solve_command,
    ),
    Command(
        "check",
        "tell whether each puzzle in a file has exactly one solution",
        _add_solving_options,
        _run_check,
    ),
    Command(
        "grade",
        "grade the difficulty of each puzzle in a file",
        _add_solving_options,
        _run_grade,
    ),
    Command(
        "generate",
        "make new puzzles, each proved to have exactly one solution",
        _configure_generate,
        _run_generate,
    ),
    Command(
        "print",
        "lay out the puzzles of a file as a printable booklet",
        _configure_print,
        _run_print,
    ),
)

_EPILOG = """\
exit codes: 0 every puzzle unique, 1 some puzzle has no solution or several,
2 bad input or usage (the app: no terminal), 3 some puzzle timed out,
70 internal error in the app, 130 interrupted.
Run 'numbrix COMMAND --help' for a command's options."""


def build_parser() -> _Parser:
    """The parser for `numbrix`, one subparser per entry of `COMMANDS`."""
    parser = _Parser(
        prog="numbrix",
        description="Numbrix in the terminal: play, solve and check puzzles.\n"
        "With no command, opens the app's main menu.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"numbrix-curses {__version__}"
    )
    subparsers = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", parser_class=_Parser
    )
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.name, help=command.summary, description=command.summary[:1].upper()
            + command.summary[1:] + "."
        )
        command.configure(sub)
        sub.set_defaults(handler=command.run)
        parser.commands[command.name] = sub
    return parser


def _values_attached(parser: _Parser, argv: Sequence[str] | None) -> list[str]:
    """`argv` with each option's value written as `--option=value` where the value looks like
    a negative number argparse would not take (`--timeout -inf`, `--seed -1e3`), so the user
    hears what is wrong with the value rather than "expected one argument"."""
    tokens = list(sys.argv[1:] if argv is None else argv)
    # (argparse lists a parser's options only in its private `_actions`)
    takes_value = {
        option
        for sub in (parser, *parser.commands.values())
        for action in sub._actions
        if action.option_strings and action.nargs is None and action.const is None
        for option in action.option_strings
    }
    out: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token == "--":
            out.extend(tokens[i:])
            break
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token in takes_value and following is not None and _looks_negative(following):
            out.append(f"{token}={following}")
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _looks_negative(token: str) -> bool:
    if not token.startswith("-"):
        return False
    try:
        float(token)
    except ValueError:
        return False
    return True


def run(argv: Sequence[str] | None = None) -> int:
    """Parse argv and run the command; UsageError becomes one line on stderr and exit 2."""
    parser = build_parser()
    args, extra = parser.parse_known_args(_values_attached(parser, argv))
    if extra:
        # parse_args would report these from the top-level parser ("numbrix: ..."); the
        # user needs the command whose --help to read ("numbrix check: ...")
        blamed = parser.commands.get(getattr(args, "command", None) or "", parser)
        blamed.error(f"unrecognized arguments: {' '.join(extra)}")
    handler = getattr(args, "handler", _run_menu)
    try:
        return handler(args)
    except UsageError as error:
        _tell(str(error))
        return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `numbrix` script: run, and turn interrupts and I/O faults into codes."""
    _usable_standard_streams()
    try:
        code = run(argv)
        sys.stdout.flush()
        return code
    except SystemExit as exit_:
        # argparse exits for --help, --version and usage errors; keep them as return codes
        if exit_.code is None:
            return EXIT_OK
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _tell("numbrix: interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stream(sys.stdout)
        return EXIT_BROKEN_PIPE
    except OSError as error:
        _tell(f"numbrix: {_os_error_line(error)}")
        return EXIT_BAD_INPUT


def _usable_standard_streams() -> None:
    """Standard streams every command can use, whatever it was started with.

    A stream closed by the caller (`numbrix check - <&-`) is None in Python: stand in the null
    device, so input reads as empty and output goes nowhere, instead of a crash. Names from
    the file system may carry bytes that are not UTF-8 and ids any character, which a strict
    stdout encoding cannot write: print those escaped, as stderr already does.
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))
            except OSError:
                pass
    stdout = sys.stdout
    if getattr(stdout, "errors", None) == "strict" and hasattr(stdout, "reconfigure"):
        try:
            stdout.reconfigure(errors="backslashreplace")
        except (ValueError, OSError, AttributeError):
            pass


def _silence_stream(stream: Any) -> None:
    """Point a standard stream at /dev/null so the interpreter's final flush does not fail
    again (which would change the exit code to 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass

