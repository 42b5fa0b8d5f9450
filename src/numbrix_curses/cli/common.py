"""What every command shares: the one-line error (`UsageError`, `tell`) and the parser that
makes usage errors one, writing to standard output, and reading puzzle files with their
warnings. Beside it: `options` (the options several commands take), `verdicts` (solving a
file puzzle by puzzle, and the exit code), `progress` (the lines drawn while a command
works) and `stops` (SIGTERM, SIGHUP and SIGQUIT raised where the command is)."""

from __future__ import annotations

import argparse
import contextlib
import decimal
import errno
import os
import re
import stat
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence

from numbrix_curses.exits import EXIT_BAD_INPUT

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.puzzle import Puzzle


#: the file name that means standard input where a command reads a file
STDIN = "-"
#: the file name that means standard output where a command writes a file (generate)
STDOUT = "-"
#: how puzzles read from standard input are named in labels and messages
STDIN_NAME = "<stdin>"


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


#: Windows' console and pipes differ (see `write_out`, `as_broken_pipe`, `_redraw`)
WINDOWS = os.name == "nt"


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
a blank line parts two puzzles, and a line starting with # is a comment:
  1 . 3
  . . .
  . . 9"""


def seconds_text(seconds: float) -> str:
    """A number of seconds as the commands say it: a whole one in full ("30 s", "86400
    s"), another to six figures ("1.5 s", "0.000001 s", not "1e-06 s" as ``:g`` writes
    it); under a thousand millionth, which no search is timed by, as ``:g`` writes it."""
    if seconds == int(seconds) and abs(seconds) < 1e15:
        return f"{int(seconds)} s"
    said = f"{seconds:.6g}"
    if "e" in said and 1e-9 <= abs(seconds) < 1e15:
        # (the six figures, with the zeros the exponent stood for written out)
        said = format(decimal.Decimal(said), "f")
    return f"{said} s"


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


def write_out(text: str, descriptor: int = 1) -> None:
    """Write `text` to standard output whole (or to another open `descriptor`, named as
    /dev/stderr or /dev/fd/N for an output), or raise the error that stopped it.

    CPython hands a text longer than its buffer to the system in one write, and when that
    write was partial (a pipe that `head` closed, a disk that filled) it dropped the rest
    without an error: `print | head -1` ended 0, and a booklet cut short on a full disk
    was written "successfully". Here a partial write goes on from where it stopped, so the
    pipe's or the disk's error comes (`BrokenPipeError`, `OSError`) and `main` turns it
    into its exit code."""
    out = {1: sys.stdout, 2: sys.stderr}.get(descriptor)
    if out is None:  # (a descriptor the shell opened, `3> key.txt`: no stream of Python's)
        sys.stdout.flush()
        sys.stderr.flush()
        _write_whole(descriptor, memoryview(text.encode("utf-8")), descriptor)
        return
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
    _write_whole(fd, data, descriptor)


def _write_whole(fd: int, data: memoryview, descriptor: int) -> None:
    """Write `data` to descriptor `fd`, a partial write continued (see `write_out`); an
    error names the stream it was met on, `descriptor` ("numbrix: No space left on device"
    did not say which output was lost)."""
    while data:
        try:
            data = data[os.write(fd, data):]
        except BlockingIOError:
            # (a stream another program set non-blocking: wait until it takes more)
            time.sleep(0.01)
        except OSError as error:
            raised = as_broken_pipe(error)
            if raised.filename is None:
                raised.filename = stream_name(descriptor)
            raise raised from None


class ErrorsNamed:
    """A text stream whose write errors name it: `print` to a full disk said only
    "numbrix: No space left on device", not which output was lost. Everything else is the
    stream's own."""

    def __init__(self, stream: Any, name: str) -> None:
        self.stream = stream
        self.name = name

    def write(self, text: str) -> int:
        with self._named():
            return self.stream.write(text)

    def flush(self) -> None:
        with self._named():
            self.stream.flush()

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.stream, attribute)

    @contextlib.contextmanager
    def _named(self) -> Iterator[None]:
        try:
            yield
        except OSError as error:
            if error.filename is None:
                error.filename = self.name
            raise


@contextlib.contextmanager
def stdout_errors_named() -> Iterator[None]:
    """Standard output as an `ErrorsNamed` stream while the block runs (put back after, for
    a caller that runs `main` more than once in a process)."""
    plain = sys.stdout
    named = ErrorsNamed(plain, stream_name(1))
    sys.stdout = named
    try:
        yield
    finally:
        if sys.stdout is named:
            sys.stdout = plain


#: the names `stream_name` gives the standard streams
STREAM_NAMES = ("standard output", "standard error")


def stream_name(descriptor: int) -> str:
    """"standard output", "standard error" or "descriptor N", for the lines that say where
    something goes."""
    return {1: STREAM_NAMES[0], 2: STREAM_NAMES[1]}.get(descriptor, f"descriptor {descriptor}")


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


#: the key that ends what is typed at the keyboard, as the terminal reads it
KEYBOARD_END = "Ctrl-Z and Enter" if WINDOWS else "Ctrl-D"


def _is_keyboard(stream: Any) -> bool:
    """Whether `stream` reads from a terminal (a closed one stands in as the null device)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def load_puzzles(path: str, warnings: list[str] | None = None) -> list[Puzzle]:
    """Every puzzle of a file ("-" = stdin), parsed in full before any is used; a line for
    each note of the reader (a header with no grid under it, say: see `parse_puzzles`) goes
    into `warnings` (else to stderr at once).

    Raises UsageError with the reader's `FILE:LINE:COL: message` line.
    """
    from numbrix_curses.textformat import ParseError, read_puzzles

    # (imported here: `progress` imports this module)
    from numbrix_curses.cli.progress import SearchTicker

    notes: list[tuple[int, str]] = []
    # A file of thousands of boards takes seconds to read (9,000 of 30x30: three), which
    # looked like a hang; not standard input, which may be the keyboard a puzzle is typed
    # on, where the line would stand in the way.
    reading = SearchTicker(display_name(path), "reading") if path != STDIN else None
    if path == STDIN and _is_keyboard(sys.stdin):
        # (read to its end, the keyboard waits for a puzzle in silence: `numbrix check -`
        # typed by itself looked hung)
        tell(f"{STDIN_NAME}: type or paste the puzzles, then {KEYBOARD_END} on a line of "
             "its own")
    try:
        with reading or contextlib.nullcontext():
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


