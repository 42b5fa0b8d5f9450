"""What every command shares: how puzzles' verdicts make the exit code, the one-line error
(`UsageError`, `tell`), reading a puzzle file, the options several commands take, and
solving a file puzzle by puzzle."""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import math
import os
import re
import signal
import stat
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence

from numbrix_curses.exits import EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_OK, EXIT_TIMEOUT
from numbrix_curses.workers import INTERRUPT_NAME, STOPPING_NAMES, ignored
from numbrix_curses.verdict import Status

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.solver import SolveResult

#: most processes --jobs may ask for (solve, check, grade, print, generate)
MAX_JOBS = 64

#: precedence when puzzles of one run end with different codes: first match wins
_EXIT_PRECEDENCE = (EXIT_BAD_INPUT, EXIT_NOT_UNIQUE, EXIT_TIMEOUT, EXIT_OK)

#: the file name that means standard input where a command reads a file
STDIN = "-"
#: the file name that means standard output where a command writes a file (generate)
STDOUT = "-"
#: how puzzles read from standard input are named in labels and messages
STDIN_NAME = "<stdin>"


class Stopped(BaseException):
    """SIGTERM, SIGHUP or SIGQUIT while a command runs, raised where the command is, so that
    what it started (worker processes) is stopped with it rather than left running on its own.
    (A BaseException: no `except Exception` in the layers below takes it for an error.)"""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: the signal of the first stop the running command got: its exit code and line say that
#: one, whatever came after it while it stopped (see `first_stop`)
_FIRST_STOP: list[int] = []


def first_stop(otherwise: int) -> int:
    """The signal of the command's first stop (see `stops_raised`), else `otherwise`.

    A Ctrl-C and a SIGTERM at once (a terminal closed, a supervisor's stop) raised the
    second in the middle of the first's unwinding, and the command ended "stopped
    (SIGTERM)", 143, where the README promises the first stop's code and line. (Two that
    come within a millisecond or so are both pending when Python runs handlers, which it
    does in signal-number order: the lower one counts as first, as the README says.)"""
    return _FIRST_STOP[0] if _FIRST_STOP else otherwise


@contextlib.contextmanager
def stops_raised() -> Iterator[None]:
    """While the block runs, SIGTERM, SIGHUP and SIGQUIT raise `Stopped`, and Ctrl-C
    KeyboardInterrupt as ever, the first of them noted for `first_stop` (the app sets
    handlers of its own while it runs, and puts these back after)."""
    previous: dict[int, Any] = {}
    owner = os.getpid()
    _FIRST_STOP.clear()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != owner:
            # A worker forked from the command, told to end before its start-up put the
            # default back: it ends as the default would, not with a traceback on stderr.
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        if not _FIRST_STOP:
            _FIRST_STOP.append(signum)
        raise Stopped(signum)

    def interrupt(signum: int, frame: object) -> None:
        if not _FIRST_STOP and os.getpid() == owner:
            _FIRST_STOP.append(signum)
        raise KeyboardInterrupt

    for name in STOPPING_NAMES:
        signum = getattr(signal, name, None)
        if signum is None or ignored(signum):
            continue  # (no SIGHUP or SIGQUIT on Windows)
        try:
            previous[signum] = signal.signal(signum, stop)
        except (ValueError, OSError):
            pass  # not the main thread
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        try:
            previous[signal.SIGINT] = signal.signal(signal.SIGINT, interrupt)
        except (ValueError, OSError):
            pass  # not the main thread
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def stops_held(stopped_before: bool = False) -> Iterator[list[KeyboardInterrupt | Stopped]]:
    """While the block runs, a first Ctrl-C, SIGTERM, SIGHUP or SIGQUIT is noted rather than
    acted on: the list it yields gets the stop to honour afterwards. A second one is raised at
    once (a write blocked on a pipe nobody reads must still be stoppable).

    For writing what a command has finished: a stop in the middle would lose it all. Where
    a stop came already (`stopped_before`: generating ended early on one, and writes what it
    made), the next is the second, raised at once: it was held, and only a third ended a
    write blocked on a pipe.
    """
    held: list[KeyboardInterrupt | Stopped] = []
    previous: dict[int, Any] = {}

    def note(signum: int, _frame: Any) -> None:
        stop = KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)
        if not _FIRST_STOP:
            _FIRST_STOP.append(signum)  # (see `first_stop`)
        if held or stopped_before:
            raise stop
        held.append(stop)

    for name in (INTERRUPT_NAME, *STOPPING_NAMES):
        signum = getattr(signal, name, None)
        if signum is None or ignored(signum):
            continue
        try:
            previous[signum] = signal.signal(signum, note)
        except (ValueError, OSError):
            pass  # not the main thread
    try:
        yield held
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def note_if_unreadable(command: str, what: str, size: int, lines: int, puzzles: int) -> None:
    """Say on stderr when what a command wrote (`size` bytes in `lines` lines, `puzzles`
    puzzles) is more than the commands read from one file (`textformat.MAX_FILE_BYTES`,
    `MAX_LINES`, `MAX_PUZZLES`), so the user hears it now rather than from `check` later."""
    from numbrix_curses.puzzle import plural
    from numbrix_curses.textformat import MAX_FILE_BYTES, MAX_LINES, MAX_PUZZLES

    if size > MAX_FILE_BYTES or lines > MAX_LINES or puzzles > MAX_PUZZLES:
        tell(f"numbrix {command}: note: {what} holds {plural(puzzles, 'puzzle')}, "
             f"{size / 2**20:.1f} MiB in {lines:,} lines: more than the commands read from "
             f"one file ({MAX_PUZZLES:,} puzzles, {MAX_FILE_BYTES // 2**20} MiB, "
             f"{MAX_LINES:,} lines); put fewer puzzles in a file")


class Progress:
    """One self-rewriting line on a terminal (standard error) for a command that works
    through puzzles: "generating 9x9 medium puzzles: 3/10", the time so far, the rate and
    the time left. From `tick()` on, it is also redrawn every second from a thread of its
    own, so the clock moves while one big puzzle is worked on (a 20x20 takes seconds, and a
    line standing at "0/1" looks like a hang). Only once no process will be forked: a
    process forked while that thread writes could inherit standard error's lock held."""

    def __init__(self, doing: str, what: str, total: int) -> None:
        import threading

        self.clock = time.monotonic
        self.started = self.clock()
        self.total = total
        self.doing = doing
        self.what = what
        self.done = 0
        self.lock = threading.Lock()
        self.closed = threading.Event()
        self.ticking = False
        self.show(0)

    def tick(self) -> None:
        """Redraw the line every second from now on (once no process will be forked)."""
        import threading

        if not self.ticking:
            self.ticking = True
            threading.Thread(target=self._tick, name="progress", daemon=True).start()

    def _tick(self) -> None:
        while not self.closed.wait(_TICK_SECONDS):
            self.show(self.done)

    def show(self, done: int) -> None:
        with self.lock:
            if self.closed.is_set():
                return
            self.done = done
            elapsed = self.clock() - self.started
            line = f"{self.doing} {self.what}: {done}/{self.total}, {elapsed:.0f} s"
            if done:
                rate = done / elapsed if elapsed > 0 else float("inf")
                left = (self.total - done) / rate if rate > 0 else 0.0
                line += f", {rate:.2f}/s, about {left:.0f} s left"
            _redraw(line)

    @contextlib.contextmanager
    def wiped(self) -> Iterator[None]:
        """The line wiped for the block, which writes a puzzle to standard output: on the
        same terminal the puzzle would start after the line, and the line stay between
        puzzles. (Drawn again by the next `show`; no tick comes in the meantime.)"""
        with self.lock:
            _redraw("")
            yield

    def close(self) -> None:
        with self.lock:
            self.closed.set()
            _redraw("")


#: how long the progress line drawn last was (see `_redraw`)
_redrawn_width = 0
#: Windows' console and pipes differ (see `write_out`, `as_broken_pipe`, `_redraw`)
WINDOWS = os.name == "nt"


def _stderr_columns() -> int:
    """The width of the terminal standard error writes to (COLUMNS first, as `shutil` has
    it; standard output may be a file while the progress line shows)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns or 1000
    except (AttributeError, ValueError, OSError):
        return 1000


def _redraw(line: str) -> None:
    """Put `line` in place of the line the cursor is on (standard error). A terminal gone
    (hung up: EIO) drops the line, as `tell` does: the progress line failing must not end
    a run before the puzzles it finished are written."""
    global _redrawn_width
    # A line wider than the terminal wraps, and only its last row would be redrawn: it is
    # cut to the width (a column short, so the cursor never wraps either).
    line = line[: max(1, _stderr_columns() - 1)]
    if WINDOWS:
        # (the console draws an escape sequence as text unless told otherwise: there the
        # line is padded over the last one, and the cursor goes back to its end, so what
        # follows a wiped line starts at its first column)
        text = "\r" + line
        if _redrawn_width > len(line):
            text += " " * (_redrawn_width - len(line)) + "\r" + line
    else:
        text = "\r\x1b[K" + line
    _redrawn_width = len(line)
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):  # ValueError: stderr was closed
        silence_stream(sys.stderr)


#: how often the progress line is redrawn while a puzzle is being made (seconds)
_TICK_SECONDS = 1.0


class UsageError(Exception):
    """A request that cannot be carried out as asked.

    `str()` is the whole line for stderr: `FILE:LINE:COL: message` from the reader, or
    `FILE: message` / `numbrix COMMAND: message` otherwise.
    """


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line pointing at --help, not a usage dump."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the subcommands' parsers by name (on the top-level parser), so a stray argument
        #: is blamed on the command it was given to
        self.commands: dict[str, argparse.ArgumentParser] = {}
        #: the arguments being parsed (set by `cli.run` on every parser), for `error`
        self.given: list[str] = []

    def error(self, message: str) -> NoReturn:
        # A file named with a leading dash reads as an option, and "FILE is required" then
        # says nothing of it: name it, and how to give such a file.
        dashed = next((arg for arg in self.given if arg.startswith("-") and arg not in ("-", "--")
                       and not self._is_option(arg)), None)
        if dashed is not None and "required: FILE" in message:
            message = (f"no FILE; {dashed!r} is no option here (a file whose name starts "
                       f"with '-' is named ./{dashed})")
        tell(f"{self.prog}: {shortened(message)} (try '{self.prog} --help')")
        raise SystemExit(EXIT_BAD_INPUT)

    def _is_option(self, arg: str) -> bool:
        """Whether `arg` is one of this parser's options: `--jobs`, `--jobs=2`, or a short
        one with its value attached (`-j2`)."""
        actions = self._option_string_actions
        if arg.split("=")[0] in actions:
            return True
        short = actions.get(arg[:2]) if not arg.startswith("--") else None
        return short is not None and short.nargs != 0

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops an error writing --help or --version (a full disk, a closed
        # pipe): let it reach `main`, which says so and exits as for any output.
        if message:
            (file or sys.stderr).write(message)


#: a word of an error message longer than this is cut short (see `shortened`)
_LONGEST_WORD = 60


def shortened(message: str) -> str:
    """`message` with each very long word cut short. argparse repeats what it was given (an
    unknown choice, a value that is no number), and a wall of digits pasted as --size would
    come back whole: one line still, but not one anybody reads."""
    def cut(match: "re.Match[str]") -> str:
        word = match.group(0)
        return f"{word[:40]}... ({len(word):,} characters)"

    return re.sub(rf"\S{{{_LONGEST_WORD + 1},}}", cut, message)


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, its line in --help, its options and what it does."""

    name: str
    summary: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    #: the end of its --help: examples of its use, as typed (kept as written)
    examples: str = ""


#: what a puzzle file looks like, for the help of the commands that read one
PUZZLE_FILE_HELP = """\
a puzzle file: one row of a board a line, numbers for givens, . for blanks;
a blank line parts two puzzles, and # starts a comment:
  1 . 3
  . . .
  . . 9"""


def one_line(text: str) -> str:
    """`text` with line breaks and other control characters escaped (a file name or an id
    may hold them: U+2028 breaks a line too, U+202E turns the text after it round), so a
    message or a line of output stays one line, as written."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: what stands for the start cut off an id too long to write back (see `written_id`)
CUT_START = "..."


def written_id(label: str, named_by_file: bool) -> str:
    """The id written for a puzzle labelled `label` where it must read back (`solve`'s
    `# id:` line, the "id" of a JSON line): no longer than a metadata value may be
    (`MAX_METADATA_CHARS`). A name `FILE#K` of a file deep in folders (`named_by_file`)
    keeps its end, the file's name and number, from the start of a folder's name where one
    fits after "..."; an id (longer only once escaped onto one line) keeps its start."""
    from numbrix_curses import MAX_METADATA_CHARS

    if len(label) <= MAX_METADATA_CHARS:
        return label
    room = MAX_METADATA_CHARS - len(CUT_START)
    if not named_by_file:
        return label[:room] + CUT_START
    kept = label[-room:]
    folder = min((at for at in (kept.find(sep) for sep in {os.sep, os.altsep or os.sep})
                  if at >= 0), default=0)
    return CUT_START + kept[folder:]


def write_out(text: str) -> None:
    """Write `text` to standard output whole, or raise the error that stopped it.

    CPython hands a text longer than its buffer to the system in one write, and when that
    write was partial (a pipe that `head` closed, a disk that filled) it dropped the rest
    without an error: `print | head -1` ended 0, and a booklet cut short on a full disk
    was written "successfully". Here a partial write goes on from where it stopped, so the
    pipe's or the disk's error comes (`BrokenPipeError`, `OSError`) and `main` turns it
    into its exit code."""
    out = sys.stdout
    try:
        fd = out.fileno()
    except (AttributeError, ValueError, OSError):
        out.write(text)  # (a stream in memory, with no such limit)
        return
    if os.name == "nt":
        if out.isatty():
            # (the console takes text through Python's own writer, in UTF-16; bytes
            # written to it are read in its code page, and came out garbled)
            out.write(text)
            out.flush()
            return
        text = text.replace("\n", "\r\n")  # (as the text stream writes a line end there)
    data = memoryview(text.encode(out.encoding or "utf-8", out.errors or "strict"))
    out.flush()  # (what was written before goes first)
    while data:
        try:
            data = data[os.write(fd, data):]
        except BlockingIOError:
            # (a stream another program set non-blocking: wait until it takes more)
            time.sleep(0.01)
        except OSError as error:
            raise as_broken_pipe(error) from None


def as_broken_pipe(error: OSError) -> OSError:
    """`error` from writing to standard output, as `BrokenPipeError` where it means that:
    Windows says EINVAL, not EPIPE, when the reader of a pipe has gone (`... | head`)."""
    if WINDOWS and error.errno == errno.EINVAL:
        return BrokenPipeError(errno.EPIPE, "Broken pipe")
    return error


def from_argv(text: str) -> str:
    """A command-line argument as text to print: bytes that were not UTF-8 (which Python
    keeps as lone surrogates, and no file can hold) become U+FFFD."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # (a lone surrogate typed as such)
        return text.encode("utf-8", "replace").decode("utf-8")


def tell(line: str) -> None:
    """Write one line to stderr, escaped by `one_line`.

    A stderr that cannot be written (`2>/dev/full`, a closed pipe) must not turn the exit
    code the caller is about to return into another one (an OSError escaping here would
    end as 2 where 0 was due, or as Python's 1 with a traceback nobody sees): the line is
    dropped and stderr pointed at the null device, so the interpreter's last flush of what
    is still buffered cannot fail either.
    """
    try:
        sys.stderr.write(one_line(line) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # ValueError: stderr was closed
        silence_stream(sys.stderr)


def silence_stream(stream: Any) -> None:
    """Point a standard stream at /dev/null so the interpreter's final flush does not fail
    again (which would change the exit code to 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def display_name(path: str) -> str:
    """How a file is named in output, escaped by `one_line`: a name is read back in
    `solve` output (`# id: FILE#1`) and booklets, and shown on a terminal, so a line
    break, an escape or an undecodable byte in it must not reach either raw."""
    return STDIN_NAME if path == STDIN else one_line(path)


#: the most warnings said of one file; a line then says how many more there were
WARNINGS_SAID = 20


def load_puzzles(path: str, warnings: list[str] | None = None) -> list[Puzzle]:
    """Every puzzle of a file ("-" = stdin), parsed in full before any is used; a line for
    each note of the reader (a header with no grid under it, say: see `parse_puzzles`) goes
    into `warnings` (else to stderr at once).

    Raises UsageError with the reader's `FILE:LINE:COL: message` line.
    """
    from numbrix_curses.textformat import ParseError, read_puzzles

    notes: list[tuple[int, str]] = []
    try:
        puzzles = read_puzzles(path, notes, pipes=True)
    except ParseError as error:
        raise UsageError(str(error)) from None
    except UnicodeDecodeError as error:
        # the reader should report this itself; never let it become a traceback
        raise UsageError(f"{display_name(path)}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise UsageError(os_error_line(error, path)) from None
    # (a header whose grid is gone names a puzzle nothing checks, and a line read one way
    # may have been meant the other: say so)
    said = [f"{display_name(path)}:{line}: warning: {text}"
            for line, text in notes[:WARNINGS_SAID]]
    if len(notes) > WARNINGS_SAID:
        # (40,000 stray metadata lines under a grid gave 40,000 lines: the answers drown)
        said.append(f"{display_name(path)}: warning: {len(notes) - WARNINGS_SAID:,} more "
                    "warnings of this file left out")
    if warnings is None:
        for line in said:
            tell(line)
    else:
        warnings += said
    return puzzles


def warn_of_shared_ids(puzzles: list[Puzzle], name: str) -> None:
    """A line on stderr for each id that more than one puzzle of the file has, for commands
    whose output names puzzles by id: which is which then takes their numbers. (Only a
    warning: every puzzle is used. `play --puzzle ID` refuses such an id instead.)"""
    numbers: dict[str, list[int]] = {}
    for index, puzzle in enumerate(puzzles, start=1):
        if puzzle.id:
            numbers.setdefault(puzzle.id, []).append(index)
    shared = [(ident, found) for ident, found in numbers.items() if len(found) > 1]
    for ident, found in shared[:WARNINGS_SAID]:
        # (a few by number; past that, a line of thousands of numbers tells no one more)
        listed = (", ".join(map(str, found[:-1])) + f" and {found[-1]}" if len(found) <= 6
                  else ", ".join(map(str, found[:5])) + f" and {len(found) - 5:,} more")
        tell(f"{name}: warning: puzzles {listed} have the same id {ident!r}; "
             f"name one by its number, as {name}#{found[-1]}")
    if len(shared) > WARNINGS_SAID:
        # (as the reader's warnings: 5,000 ids each given twice said 5,000 lines)
        tell(f"{name}: warning: {len(shared) - WARNINGS_SAID:,} more ids shared by several "
             "puzzles left out")


def os_error_line(error: OSError, path: str | None = None) -> str:
    name = error.filename if error.filename is not None else path
    reason = error.strerror or str(error)
    return f"{display_name(str(name))}: {reason}" if name is not None else reason


def positive_seconds(text: str) -> float:
    """argparse type for --timeout: a finite number of seconds above zero."""
    try:
        value = float(_no_underscore(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"must be a positive number of seconds, and finite: {text!r}")
    return value


def _no_underscore(text: str) -> str:
    """`text`, or ValueError where it holds an underscore: Python reads "3_0" as 30, which
    a slip for 3 or 30 should not quietly become (a 30x30 board takes minutes)."""
    if "_" in text:
        raise ValueError(text)
    return text


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """argparse type: an integer in low..high (no upper bound when high is None)."""

    bounds = f"from {low} to {high}" if high is not None else f"at least {low}"

    def parse(text: str) -> int:
        try:
            value = int(_no_underscore(text))
        except ValueError:
            digits = re.fullmatch(r"\s*([+-]?)([0-9]+)\s*", text)
            if digits:  # (past the 4,300 digits Python reads)
                raise argparse.ArgumentTypeError(
                    f"too {'small' if digits[1] == '-' else 'large'}: "
                    f"{_digits_named(len(digits[2]), digits[1] == '-')}") from None
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            shown = value if abs(value) < 10**12 else _digits_named(len(str(abs(value))), value < 0)
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {shown}")
        return value

    return parse


def _digits_named(count: int, negative: bool) -> str:
    """A number too long to repeat, by its length: "a negative number of 5,000 digits"."""
    return f"a {'negative ' if negative else ''}number of {count:,} digits"


def board_size(low: int, high: int) -> Callable[[str], tuple[int, int]]:
    """argparse type: a board's size, "9" (9x9) or "6x10" (rows x columns, as the app
    writes sizes; "6X10" and "6×10" too), each side in low..high."""
    side = whole_number(low, high)

    def parse(text: str) -> tuple[int, int]:
        parts = re.split(r"\s*[xX\u00d7]\s*", text.strip())
        if len(parts) == 1:
            return side(parts[0]), side(parts[0])
        if len(parts) != 2 or not all(parts):
            raise argparse.ArgumentTypeError(f"not a size (9, or rows x columns as 6x10): {text!r}")
        return side(parts[0]), side(parts[1])

    return parse


def add_files_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", metavar="FILE", nargs="+",
        help="puzzle file, or - for standard input; several are taken in order",
    )


def add_puzzle_file_options(parser: argparse.ArgumentParser) -> None:
    add_files_argument(parser)
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per puzzle per line"
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (status timeout, exit code 3)",
    )


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    from numbrix_curses.workers import default_workers

    parser.add_argument(
        "-j",
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=default_workers(),
        metavar="J",
        help="share a long search among J processes (same answers; default: %(default)s, "
        "the cores available, at most 8)",
    )


def add_title_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--title", metavar="TEXT",
        help="the booklet's title, on its first line and over its answer key",
    )


def add_paper_option(parser: argparse.ArgumentParser, key: str) -> None:
    """`--paper`, for the commands that write a booklet (`key`: the option that puts its
    answer key in a file of its own)."""
    parser.add_argument(
        "--paper", action="store_true",
        help="lay the booklet out for paper: no # marks or metadata lines, one heading a "
        "puzzle, boards side by side with column letters over them and row numbers beside "
        f"them (B3: column B, row 3), and the answer key (or {key}) alike; such a file is "
        "for printing only: it does not read back as puzzles",
    )


def booklet_title(args: argparse.Namespace, default: str) -> str:
    """`--title` as the booklet's comment line can hold it, or `default` when none."""
    from numbrix_curses.textformat import comment_text

    return comment_text(from_argv(args.title or "")) or default


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


def labelled_puzzles(paths: Sequence[str]) -> list[tuple[Puzzle, str]]:
    """(puzzle, label) for every puzzle of the files ("-" = stdin), in order; a label is the
    puzzle's id, else `FILE#K`. Every file is read and parsed before any puzzle is used, so
    a bad file anywhere in the list solves nothing; ids shared within a file, or by files,
    are warned of.

    Raises UsageError, the one line of the first file that cannot be read or parsed, or of
    the file that takes the puzzles past the limit a single file has (`MAX_PUZZLES`): all
    are held at once, and a file named a thousand times must not hold a thousand times more.
    """
    from numbrix_curses.textformat import MAX_PUZZLES, puzzle_label

    if list(paths).count(STDIN) > 1:
        raise UsageError(f"{STDIN_NAME}: named more than once; standard input can be read once")
    _refuse_a_pipe_named_twice(paths)
    files, total = [], 0
    warnings: list[str] = []
    for path in paths:
        name, puzzles = display_name(path), load_puzzles(path, warnings)
        total += len(puzzles)
        if total > MAX_PUZZLES:
            raise UsageError(f"{name}: more than {MAX_PUZZLES:,} puzzles in the files given "
                             "together; give them a few at a time")
        files.append((name, puzzles))
    labelled: list[tuple[Puzzle, str]] = []
    for line in warnings:  # (warnings only once every file has read: bad input is one line)
        tell(line)
    for name, puzzles in files:
        warn_of_shared_ids(puzzles, name)
        labelled += [
            (puzzle, puzzle_label(puzzle, name, index))
            for index, puzzle in enumerate(puzzles, start=1)
        ]
    warn_of_ids_across_files(files)
    return labelled


def _refuse_a_pipe_named_twice(paths: Sequence[str]) -> None:
    """Refuse, before any is read, two names of one pipe (`-` and /dev/stdin, where standard
    input is a pipe): the first read it to its end, and the second was then said to be
    "empty; no puzzle found" of the puzzles it had held. (A regular file reads whole under
    every name.)"""
    seen: dict[tuple[int, int], str] = {}  # (device, inode) -> the name it was seen by
    for path in paths:
        try:
            found = os.fstat(0) if path == STDIN else os.stat(path)
        except (OSError, ValueError):
            continue  # (its read says what is wrong)
        if not stat.S_ISFIFO(found.st_mode):
            continue
        first = seen.get((found.st_dev, found.st_ino))
        seen[found.st_dev, found.st_ino] = path
        if first is not None:
            which = ("named more than once" if first == path
                     else f"the same pipe as {display_name(first)}, named before it")
            raise UsageError(f"{display_name(path)}: {which}; a pipe can be read once")


def warn_of_ids_across_files(files: Sequence[tuple[str, Sequence[Puzzle]]]) -> None:
    """A line on stderr for each file whose puzzles share ids with puzzles of later files
    (name, puzzles): the output names both by the id. One line for the files together, not
    one an id: a file checked with its answer key shares every id, and a line each buried
    the answers. (The same file named twice is answered twice, in order: nothing to tell
    apart.)"""
    holders: dict[str, dict[str, None]] = {}  # id -> the files holding it, in order
    for name, puzzles in files:
        for puzzle in puzzles:
            if puzzle.id:
                holders.setdefault(puzzle.id, {})[name] = None
    shared: dict[tuple[str, ...], list[str]] = {}  # files -> the ids they share
    for ident, names in holders.items():
        if len(names) > 1:
            shared.setdefault(tuple(names), []).append(ident)
    for (first, *others), idents in shared.items():
        which = (f"the id {idents[0]!r} is" if len(idents) == 1
                 else f"{len(idents):,} ids ({', '.join(map(repr, idents[:3]))}"
                      f"{', ...' if len(idents) > 3 else ''}) are")
        tell(f"{first}: warning: {which} also in {', '.join(others)}; the output tells "
             "them apart only by their order")


class SearchTicker:
    """While one search runs longer than a second, a line on the terminal says which puzzle
    is being searched and for how long (a sparse 20x20 board can take a minute, which must
    not look like a hang); the line is wiped when the search ends.

    A timer signal writes the line, so the search itself is untouched: it runs in this
    process's main thread, nothing else writes to stderr meanwhile, and the processes a
    search forks do not inherit the timer. Nothing is shown when stderr is not a terminal,
    or where there is no interval timer (Windows).
    """

    def __init__(self, label: str) -> None:
        self.label = one_line(label)
        self.active = sys.stderr.isatty()
        self.shown = False
        self.started = 0.0
        self.previous: object = None

    def __enter__(self) -> SearchTicker:
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
        if self.active and hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)  # type: ignore[arg-type]
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def no_solution_reason(status: Status, result: SolveResult) -> str:
    """Why a puzzle has no solution, on one line, when its status is "none" and the givens
    alone show it; "" otherwise (a search proved it, or there is a solution)."""
    return one_line(result.reason) if status is Status.NONE and result.reason else ""


def status_reason(status: Status, result: SolveResult, timeout: float | None) -> str:
    """What a text line gives in brackets after a status: why there is no solution (see
    `no_solution_reason`), or after a timeout how long the search ran and that more time may
    decide it (a timeout proves nothing about the puzzle); "" otherwise."""
    if status is Status.TIMEOUT and timeout is not None:
        return f"no answer within {timeout:g} s; a longer --timeout may decide it"
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
