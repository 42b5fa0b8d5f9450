"""`numbrix generate`: new puzzles, streamed or written as files, all of them or none,
after every output file has been checked before minutes of work (see `cli.outputs`); a file
in the way when they are done does not cost them. A run stopped early (Ctrl-C, SIGTERM)
writes the puzzles it finished."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from numbrix_curses import DIFFICULTIES, PATTERNS
from numbrix_curses.cli.common import (
    STDOUT,
    UsageError,
    display_name,
    note_if_unreadable,
    one_line,
    tell,
    write_out,
)
from numbrix_curses.cli.options import (
    MAX_JOBS,
    add_paper_option,
    add_title_option,
    board_size,
    booklet_title,
    whole_number,
)
from numbrix_curses.cli.progress import Progress
from numbrix_curses.cli.stops import Stopped, first_stop, stops_held
from numbrix_curses.exits import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_TIMEOUT
from numbrix_curses.cli.outputs import Taken as _Taken
from numbrix_curses.cli.outputs import check_outputs, write_half
from numbrix_curses.cli.outputs import write_outputs as _write_outputs  # (tests replace it)


#: the most puzzles one run makes: what one file may hold (`textformat.MAX_PUZZLES`, not
#: imported here: it brings numpy, which --help does not need)
MOST_PUZZLES = 10_000

#: the most digits --seed takes: each puzzle's id and `# seed:` line hold the seed, and a
#: puzzle file's metadata value is at most 2,000 characters (`MAX_METADATA_CHARS`), which
#: the rest of the longest id, "30x30-easy-not-fiendish-symmetric-900clues-", leaves room
#: for (a seed of 1,995 digits made puzzles no command read back)
MOST_SEED_DIGITS = 1000


def _seed(text: str) -> int:
    """argparse type for --seed: a whole number from 0, of at most `MOST_SEED_DIGITS`."""
    value = whole_number(0)(text)
    if value >= 10**MOST_SEED_DIGITS:
        raise argparse.ArgumentTypeError(
            f"at most {MOST_SEED_DIGITS:,} digits (the puzzles' ids hold it, and must read "
            f"back), got a number of {len(str(value)):,} digits")
    return value


GENERATE_EXAMPLES = """\
examples:
  numbrix generate                     one medium 9x9 puzzle and its answer key
  numbrix generate --size 9 -n 10 --difficulty hard --seed 7 -o hard.txt
  numbrix generate --size 5 -n 24 --paper -o class.txt --solutions key.txt
  numbrix generate --size 6x10 --pattern symmetric --format compact >> week.txt"""


def configure_generate(parser: argparse.ArgumentParser) -> None:
    from numbrix_curses import MAX_SIDE, MIN_SIDE

    side = whole_number(MIN_SIDE, MAX_SIDE)
    parser.add_argument("--size", type=board_size(MIN_SIDE, MAX_SIDE), metavar="N|RxC",
                        help="an N x N board (default 9), or R rows by C columns (6x10)")
    parser.add_argument("--rows", type=side, metavar="R", help="rows (with --cols)")
    parser.add_argument("--cols", type=side, metavar="C", help="columns (with --rows)")
    parser.add_argument(
        "-n", "--count", type=whole_number(1), default=1, metavar="K",
        help=f"how many puzzles (default 1; at most {MOST_PUZZLES:,} in a booklet or a file, "
        "what one file may hold for the other commands to read; any number streamed)",
    )
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        help="difficulty to aim for (default medium; with --clues, none: each puzzle is "
             "graded as it comes)",
    )
    parser.add_argument(
        "--pattern",
        choices=PATTERNS,
        default="random",
        help="where the givens go: anywhere (random, the default), in rotation-symmetric "
        "pairs or quads, or on the outer ring",
    )
    parser.add_argument(
        # a puzzle past 1x1 has at least one given (with none, every path turned round is
        # a second solution), so 0 could only miss its target; a 1x1 needs none
        "--clues", type=whole_number(1), metavar="N", help="aim for N givens (at least 1)"
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="S",
        help=f"seed, 0 or more, of at most {MOST_SEED_DIGITS:,} digits: the same seed and "
        "options give the same puzzles (default: random)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "compact", "json"),
        default="text",
        help="text (the default): printable booklet with answer key; compact: the plain "
        "puzzle format; json: one object per puzzle per line (all three read back)",
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE",
        help="write the puzzles to FILE (default, or -: standard output; a stream's name, "
             "/dev/stdout, /dev/stderr or /dev/fd/N, is that stream, for --solutions too)",
    )
    parser.add_argument(
        "--solutions", metavar="FILE",
        help="write the answer key to FILE instead, in the --format chosen (-: standard "
        "output, with --output FILE)",
    )
    parser.add_argument(
        "--force", action="store_true", help="overwrite --output/--solutions files"
    )
    add_title_option(parser)
    add_paper_option(parser, "--solutions FILE")
    parser.add_argument(
        # the same bound as solve and check: each job is a process
        "-j", "--jobs", type=whole_number(1, MAX_JOBS), metavar="J",
        help=f"generate in J processes, 1 to {MAX_JOBS} (same puzzles as with 1; default: "
        "the cores available, at most 8, where processes start by forking (Linux), else 1)",
    )


def _generate_shape(args: argparse.Namespace) -> tuple[int, int]:
    if args.size is not None:
        if args.rows is not None or args.cols is not None:
            raise UsageError("numbrix generate: give --size or --rows and --cols, not both")
        return args.size
    if (args.rows is None) != (args.cols is None):
        given, missing = ("--rows", "--cols") if args.cols is None else ("--cols", "--rows")
        raise UsageError(f"numbrix generate: {given} needs {missing} too (or use --size)")
    if args.rows is None:
        return 9, 9
    return args.rows, args.cols


@dataclass(frozen=True)
class _Streams:
    """The streams `generate` writes to as streams, not files: the descriptor the puzzles
    go to (None where they go to --output FILE) and the one the answer key goes to (None
    where it goes to --solutions FILE or into the booklet)."""

    puzzles: int | None
    key: int | None


def _standard_streams(args: argparse.Namespace) -> _Streams:
    """Read `-` for --output or --solutions as standard output, as `-` is standard input
    for the commands that read, and a name of a standard stream (/dev/stdout, /dev/stderr,
    /dev/fd/N) as that stream (see `outputs.stream_named`): either option so read becomes
    None, and the streams are returned. Both cannot have one stream, and with no --output
    the puzzles already have standard output."""
    from numbrix_curses.cli.outputs import stream_name, stream_named

    def stream(option: str, path: str | None) -> int | None:
        if path is None:
            return None
        return 1 if path == STDOUT else stream_named("generate", option, path)

    puzzles = stream("--output", args.output)
    key = stream("--solutions", args.solutions)
    if puzzles is not None and puzzles == key:
        raise UsageError(f"numbrix generate: --output and --solutions cannot both be "
                         f"{stream_name(puzzles)}")
    if args.output is None:
        puzzles = 1
        if key == 1:
            raise UsageError(f"numbrix generate: --solutions {one_line(args.solutions)} "
                             "needs --output FILE (the puzzles go to standard output "
                             "otherwise)")
    if puzzles is not None:
        args.output = None
    if key is not None:
        args.solutions = None
    return _Streams(puzzles, key)


def _appended_through_standard_output(args: argparse.Namespace) -> bool:
    """Read --output (or --solutions beside an --output FILE) naming the file standard
    output appends to (`-o /dev/stdout >> week.txt`) as `-`, standard output: the puzzles
    go after what the file holds, as the shell was asked, where the atomic write of the
    file replaced it (with --force; without, the file the shell made "already exists").
    Not where the other half goes to standard output too: that is refused as before (see
    `_refuse_the_file_of_a_stream`). True when one of them was so read."""
    from numbrix_curses.atomic import is_open_as, opened_for_appending

    def named(path: str | None) -> bool:
        return path not in (None, STDOUT)

    if not opened_for_appending(1):
        return False
    if named(args.output) and args.solutions != STDOUT and is_open_as(args.output, 1):
        args.output = STDOUT
        return True
    if named(args.output) and named(args.solutions) and is_open_as(args.solutions, 1):
        args.solutions = STDOUT
        return True
    return False


def _refuse_the_file_of_a_stream(args: argparse.Namespace, streams: _Streams) -> None:
    """Refuse an output file that is the file standard output (or the other stream written
    to, `streams`) goes to while the other half goes there: written atomically, the file
    was replaced, and what the stream wrote went on into the file replaced, nowhere
    (`--solutions key.txt --force > key.txt` exited 0 with the puzzles lost). Said before
    "already exists": the shell made it. (As `print --key` refuses it.)"""
    from numbrix_curses.atomic import is_open_as
    from numbrix_curses.cli.outputs import stream_name

    if (streams.puzzles is not None and args.solutions is not None
            and is_open_as(args.solutions, streams.puzzles)):
        raise UsageError(f"numbrix generate: --solutions names {display_name(args.solutions)}, "
                         f"the file the puzzles go to ({stream_name(streams.puzzles)})")
    if (streams.key is not None and args.output is not None
            and is_open_as(args.output, streams.key)):
        raise UsageError(f"numbrix generate: --output names {display_name(args.output)}, the "
                         f"file the answer key goes to ({stream_name(streams.key)})")


def _beside(files: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """`files` under the first free names "NAME-2.EXT", "NAME-3.EXT", ... beside them, the
    same number for all (a booklet and its answer key keep telling they belong together)."""
    asked = {path for path, _ in files}
    for number in itertools.count(2):
        moved = [(_numbered(path, number), text) for path, text in files]
        # (nor a name asked for: "-o a.txt --solutions a-2.txt" put the puzzles in a-2.txt)
        if not any(os.path.lexists(path) or path in asked for path, _ in moved):
            return moved
    raise AssertionError("unreachable")  # (count() never ends)


def _numbered(path: str, number: int) -> str:
    """"out/booklet.txt" as "out/booklet-2.txt" (a dot that starts the name is no extension)."""
    folder, name = os.path.split(path)
    stem, ext = os.path.splitext(name)
    return os.path.join(folder, f"{stem}-{number}{ext}")


def _write_kept(files: Sequence[tuple[str, str]], force: bool, finished: bool,
                what: str = "the puzzles") -> int:
    """Write `files` as `_write_outputs` does, but never lose the puzzles to a file in the
    way: where a target exists and --force was not given (another run made it meanwhile:
    each checks before it starts, not against the others), or the run was stopped before
    it finished (a Ctrl-C means "stop", not "replace my booklet with the few made so far"),
    they go under free names beside the targets, and a line says where. Where the write
    fails (the folder removed meanwhile, a full disk), they go to the state directory's
    folder `generated` (see `_rescued`), and a line says where (of `what` the files hold:
    the puzzles, or their answer key alone). The exit code: 2
    when a finished run's puzzles are not where they were asked to go, else 0 (a stopped
    run ends with its stop's code)."""
    replace = force and finished
    # (exists, not lexists: a link to a file not made yet is written through, as ever)
    if not replace and files and any(os.path.exists(path) for path, _ in files):
        taken = next(path for path, _ in files if os.path.exists(path))
    else:
        try:
            _write_outputs(files, replace)
            return EXIT_OK
        except _Taken as error:
            taken = error.path
        except UsageError as error:
            # (checked before the run, the folder was removed meanwhile, or the disk filled:
            # the puzzles made are not lost for it while another place takes them)
            return _rescue(files, str(error), what, finished)
    while True:
        moved = _beside(files)
        try:
            _write_outputs(moved, False)
            break
        except _Taken:
            continue  # (taken in the meantime too: the next free names)
        except UsageError as error:
            # (no room for a name one number longer beside a name the file system's
            # longest, or the folder went meanwhile: the puzzles were lost, and a stopped
            # run ended 2 without saying it had stopped)
            return _rescue(files, f"{display_name(taken)} is left as it was, and beside it "
                                  f"{error}", what, finished)
    where = " and ".join(display_name(path) for path, _ in moved)
    if finished:
        they = "they" if what == "the puzzles" else what
        tell(f"numbrix generate: {display_name(taken)} exists (made while the puzzles were; "
             f"--force overwrites it): {they} {_are(they)} written to {where}")
        return EXIT_BAD_INPUT
    done = "the puzzles finished" if what == "the puzzles" else f"{what} of those finished"
    tell(f"numbrix generate: {display_name(taken)} is left as it was: {done} {_are(what)} "
         f"written to {where}")
    return EXIT_OK


def _rescue(files: Sequence[tuple[str, str]], why: str, what: str, finished: bool) -> int:
    """Write `files`, which could not go where they were asked to (`why`), to the state
    directory's folder `generated` (see `_rescued`), and say where; where that fails too,
    raise the UsageError that says they are lost. The exit code as `_write_kept`'s."""
    rescued = _rescued(files)
    if rescued is None:
        # (said, not left to a line that only names the file asked for: the run's work is
        # gone, and the fallbacks the README promises were tried)
        they = "they" if what == "the puzzles" else what
        tried = " or ".join(display_name(str(folder)) for folder, _ in _rescue_folders())
        raise UsageError(f"numbrix generate: {why}; nor could {they} go to {tried}: "
                         f"{what} made {_are(what)} lost") from None
    tell(f"numbrix generate: {why}: {what} {_are(what)} written to {rescued} instead")
    return EXIT_BAD_INPUT if finished else EXIT_OK


def _are(what: str) -> str:
    """The verb for `what` ("the puzzles are", "they are", "the answer key is")."""
    return "are" if what.endswith("s") or what == "they" else "is"


#: the characters of an output file's name (and of its extension) kept in the name it is
#: given in the state folder (see `_rescued`)
_RESCUED_STEM = 64


def _rescue_folders() -> list[tuple[Path, str]]:
    """Where puzzles that could not go where they were asked to are written, in order, with
    what their names start with: the folder `generated` of the app's state directory (where
    its saves are), then the system's folder for temporary files, as "numbrix-NAME" (a state
    directory read-only or on the full disk lost them). (No folder of a fixed name there:
    another account could have made it first.)"""
    import tempfile

    from numbrix_curses.statedir import state_dir

    return [(state_dir() / "generated", ""), (Path(tempfile.gettempdir()), "numbrix-")]


def _rescued(files: Sequence[tuple[str, str]]) -> str | None:
    """Write `files` under their names, stamped with the time, in the first of
    `_rescue_folders` that takes them; the names written, or None where none does."""
    for folder, prefix in _rescue_folders():
        written = _rescued_in(folder, prefix, files)
        if written is not None:
            return written
    return None


def _rescued_in(folder: Path, prefix: str, files: Sequence[tuple[str, str]]) -> str | None:
    """`_rescued` in `folder`, each name after `prefix`: the names written, or None where
    that fails."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S")
    # (a stem cut short: the file system's longest name, stamped, is longer still)
    names = [(stem[:_RESCUED_STEM], ext[:_RESCUED_STEM]) for stem, ext
             in (os.path.splitext(os.path.basename(path)) for path, _ in files)]
    # (a booklet and its key of one name in two folders: numbered, or the key would clash)
    alike = len({name for name in names}) < len(names)
    moved = [(str(folder / f"{prefix}{stem}-{stamp}{f'-{k + 1}' if alike else ''}{ext}"), text)
             for k, ((stem, ext), (_, text)) in enumerate(zip(names, files))]
    made = not os.path.lexists(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if any(os.path.lexists(path) for path, _ in moved):
            moved = _beside(moved)  # (the first free names: two runs in one second)
        _write_outputs(moved, False)
    except (OSError, UsageError, _Taken):
        if made:
            with contextlib.suppress(OSError):
                folder.rmdir()  # (an empty folder left behind says nothing)
        return None
    return " and ".join(display_name(path) for path, _ in moved)


@dataclass
class _Tally:
    """What the notes after a run need to know of its puzzles (a long run streamed to
    stdout keeps this, not the puzzles)."""

    made: int = 0
    fallback: int = 0
    missed: int = 0
    #: puzzles a wall-clock guard cut short (see `genspec.GenerationStats.clock_guard`)
    clocked: int = 0
    #: "hard with 24 givens" for each distinct missed result
    missed_kinds: set[str] = field(default_factory=set)

    def add(self, item: Any) -> None:
        from numbrix_curses.puzzle import plural

        self.made += 1
        if item.notes:
            self.fallback += 1
        if item.stats.clock_guard:
            self.clocked += 1
        if not item.on_target:
            self.missed += 1
            self.missed_kinds.add(f"{item.difficulty.value} with {plural(item.clues, 'given')}")


def generate_command(args: argparse.Namespace) -> int:
    from numbrix_curses import generator, puzzlepool
    from numbrix_curses.pathgen import PathTimeout
    from numbrix_curses.patterns import Pattern, clues_out_of_reach
    from numbrix_curses.workers import default_pool_workers

    rows, cols = _generate_shape(args)
    if args.clues is not None and args.clues > rows * cols:
        from numbrix_curses.puzzle import plural

        raise UsageError(
            f"numbrix generate: --clues {args.clues} is more than the board's "
            f"{plural(rows * cols, 'cell')}"
        )
    if args.clues is not None:
        why = clues_out_of_reach(rows, cols, Pattern(args.pattern), args.clues)
        if why is not None:
            raise UsageError(f"numbrix generate: --clues {args.clues} cannot be met: {why}")
    if args.paper and args.format != "text":
        # (refused, not warned of as --title is: the puzzles would not be what was asked)
        raise UsageError(f"numbrix generate: --paper lays out the text booklet; it cannot go "
                         f"with --format {args.format}")
    appended = _appended_through_standard_output(args)
    streams = _standard_streams(args)
    _refuse_the_file_of_a_stream(args, streams)
    check_outputs((("--output", args.output), ("--solutions", args.solutions)), args.force)
    difficulty = args.difficulty or (None if args.clues is not None else "medium")
    spec = generator.Spec(
        rows, cols, difficulty=difficulty, pattern=args.pattern, clues=args.clues
    )
    seed = args.seed if args.seed is not None else generator.random_seed()
    kind = f"{rows}x{cols} {difficulty}" if difficulty else f"{rows}x{cols}"
    what = f"{kind} puzzles"
    title = booklet_title(args, f"Numbrix {what}, seed {seed}")
    if (args.force and args.output in (None, STDOUT) and args.solutions in (None, STDOUT)
            and not appended):  # (--force was what a file "already exists" asked for)
        tell("numbrix generate: warning: --force has no effect without --output FILE or "
             "--solutions FILE (the puzzles go to standard output)")
    if args.title is not None and args.format != "text":
        tell(f"numbrix generate: warning: --title has no effect with --format {args.format} "
             "(it titles the text booklet)")
    stream = args.output is None and args.format != "text"
    separate_key = args.solutions is not None or streams.key is not None
    # (an answer key in a file is a file of as many puzzles: refused alike, before the work;
    # one on a stream keeps them all till the end, as a file's)
    if (not stream or separate_key) and args.count > MOST_PUZZLES:
        raise UsageError(
            f"numbrix generate: --count {args.count} is more than the {MOST_PUZZLES:,} puzzles "
            "one file may hold for the other commands to read; make several files (or stream "
            "them: --format compact or json, without --output or --solutions)")
    if not args.paper:  # (a booklet for paper is read by no command: no size to mind)
        _refuse_unreadable(args, rows, cols, title, separate_key)
    jobs = args.jobs if args.jobs is not None else default_pool_workers()
    progress = None
    if sys.stderr.isatty():
        progress = Progress("generating", f"{kind} puzzle" if args.count == 1 else what,
                            args.count)
    # Streamed puzzles are not kept unless an answer key needs them: a huge --count piped
    # into `head` must not fill memory.
    keep = not stream or separate_key
    made: list = []
    tally = _Tally()
    streamed = _Written()
    # Ctrl-C, SIGTERM or a hang-up ends the run early, but the puzzles finished by then
    # are written as any run's (work is not lost), and the stop is said after them.
    stopped: KeyboardInterrupt | Stopped | None = None
    try:
        # (the line ticks once the workers are forked: see Progress)
        on_forked = progress.tick if progress is not None else None

        def lost_worker(k: int) -> None:
            with progress.wiped() if progress is not None else contextlib.nullcontext():
                tell(f"numbrix generate: warning: a worker process ended (killed, or the "
                     f"system short of memory?) after {k:,} of {args.count:,} puzzles; the "
                     "rest are made in this one")

        for k, item in enumerate(puzzlepool.generate_many(spec, args.count, seed, jobs,
                                                          on_forked=on_forked,
                                                          on_lost_worker=lost_worker)):
            tally.add(item)
            if keep:
                made.append(item)
            if stream:
                out = _generated_text(item, args.format, answers=not separate_key)
                with progress.wiped() if progress is not None else contextlib.nullcontext():
                    # (at once: a long run shows each puzzle as it comes)
                    write_out(out, streams.puzzles or 1)
                streamed.add(out)
            if progress is not None:
                progress.show(k + 1)
    except PathTimeout as error:
        # The path generator's last-resort wall-clock guard: a starved or suspended process.
        tell(f"numbrix generate: gave up after {tally.made:,} of {args.count:,} puzzles: {error}")
        return EXIT_TIMEOUT
    except (KeyboardInterrupt, Stopped) as error:
        stopped = error
    finally:
        if progress is not None:
            progress.close()
    if stopped is not None and not tally.made:
        return _said_stopped(stopped, 0, args.count)  # (nothing to write; the line wiped)
    if args.title is None and difficulty is not None:
        # (a booklet titled "easy" with a medium puzzle in it, where the target was missed,
        # would be handed out as easy: the title says what was made)
        title = booklet_title(args, f"Numbrix {_made_kind(made, rows, cols, difficulty)} "
                                    f"puzzles, seed {seed}")
    # A stop while the finished puzzles are written would lose them: it waits till after.
    with stops_held(stopped_before=stopped is not None) as held:
        code = _write_generated(args, made, stream, streamed, title, streams,
                                finished=stopped is None)
    _generate_notes(tally, difficulty, args.clues)
    if stopped is None and held:
        stopped = held[0]
    if stopped is not None:
        return _said_stopped(stopped, tally.made, args.count)
    return code


def _made_kind(made: Sequence[Any], rows: int, cols: int, asked: str) -> str:
    """"9x9 easy", or "9x9 easy to medium" when the grades of the puzzles `made` span more
    than one (the one `asked` for, when none were kept to tell)."""
    grades = {item.difficulty.value for item in made} or {asked}
    ordered = [grade for grade in DIFFICULTIES if grade in grades]
    spread = ordered[0] if len(ordered) == 1 else f"{ordered[0]} to {ordered[-1]}"
    return f"{rows}x{cols} {spread}"


def _write_generated(
    args: argparse.Namespace,
    made: list,
    stream: bool,
    streamed: "_Written",
    title: str,
    streams: _Streams,
    finished: bool,
) -> int:
    """Write what `generate` made: the booklet or file (unless streamed already) and the
    answer key, each file atomically (beside a file in the way, see `_write_kept`); then
    note any output too large to read back. The exit code of the writing."""
    from numbrix_curses import booklet, paper

    entries = [booklet.Entry(g.puzzle, g.puzzle.id, g.solution) for g in made]
    # the key apart from the puzzles (a file, or standard output after them), else in the
    # booklet
    separate_key = args.solutions is not None or streams.key is not None
    files: list[tuple[str, str]] = []
    text = ""
    if not stream:
        if args.paper:
            text = paper.booklet(entries, title, answer_key=not separate_key)
        elif args.format == "text":
            text = booklet.booklet(entries, title, answer_key=not separate_key)
        else:
            text = "".join(_generated_text(g, args.format, answers=not separate_key)
                           for g in made)
        if args.output is not None:
            files.append((args.output, text))
    key = _answer_key(entries, _layout(args), title) if separate_key else ""
    if args.solutions is not None:
        files.append((args.solutions, key))
    # (what the files hold, for the line said where they go elsewhere: with the puzzles
    # on standard output, the answer key alone)
    what = "the puzzles" if args.output is not None else "the answer key"
    code = _write_kept(files, args.force, finished, what)
    if not stream and args.output is None:
        # after the answer key is safely written, not before
        write_half("generate", text, "the puzzles", args.solutions and f"the answer key is in "
                   f"{display_name(args.solutions)}", streams.puzzles or 1)
    if streams.key is not None:
        # after the puzzles are safely written
        write_half("generate", key, "the answer key",
                   args.output and f"the puzzles are in {display_name(args.output)}",
                   streams.key)
    written = [("the output", streamed)] if stream else [
        ("the output", _Written.of(text, len(made)))]
    if key:
        written.append(("the answer key", _Written.of(key, len(made))))
    for what, size in written:
        if not args.paper:  # (for paper, read by nobody's program: no size to mind)
            note_if_unreadable("generate", what, size.size, size.lines, size.puzzles)
    return code


def _layout(args: argparse.Namespace) -> str:
    """The --format of the output, or "paper" for a text booklet laid out for paper."""
    return "paper" if args.paper else args.format


@dataclass
class _Written:
    """How much text was written: bytes, lines and puzzles (`add` takes one puzzle's)."""

    size: int = 0
    lines: int = 0
    puzzles: int = 0

    def add(self, text: str) -> None:
        self.size += len(text.encode())
        self.lines += text.count("\n")
        self.puzzles += 1

    @classmethod
    def of(cls, text: str, puzzles: int) -> "_Written":
        """`text` holding `puzzles` puzzles."""
        return cls(len(text.encode()), text.count("\n"), puzzles)


def _said_stopped(stopped: KeyboardInterrupt | Stopped, made: int, count: int) -> int:
    """Say that a run ended early, after writing the puzzles made; its exit code: the first
    stop's (see `first_stop`: a second, while the run stopped, is what was raised here)."""
    signum = first_stop(signal.SIGINT if isinstance(stopped, KeyboardInterrupt)
                        else stopped.signum)
    how, code = (("interrupted", EXIT_INTERRUPTED) if signum == signal.SIGINT
                 else ("stopped", 128 + signum))
    if made:
        tell(f"numbrix generate: {how} after {made:,} of {count:,} puzzles, which "
             f"{'is' if made == 1 else 'are'} written")
    else:
        # (said by the command, as after some puzzles: the output file, if any, is as it was)
        tell(f"numbrix generate: {how} before the first puzzle was made; nothing written")
    return code


def _answer_key(entries: Sequence[Any], form: str, title: str) -> str:
    """The answer key of `entries` (`booklet.Entry`, each with its solution) in the puzzles'
    own format, so it reads back as they do (but for paper, `_layout`, whose key is the
    pages of a paper booklet's answer key): a booklet's answer sheet (text), the solved
    grids under the puzzles' metadata (compact), or one JSON object a line with the id and
    the solved grid, under "solution" and under "puzzle" (every number given), which is
    what the JSON reader reads (json)."""
    from numbrix_curses import booklet, paper
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.textformat import format_compact

    if form == "paper":
        return paper.answer_key(entries, title)
    if form == "text":
        return booklet.solutions_sheet(entries, title)
    if form == "compact":
        return "".join(  # (each ends with a blank line, as the puzzles do)
            format_compact(Puzzle(e.solution, dict(e.puzzle.metadata))) + "\n" for e in entries
        )
    return "".join(
        json.dumps({
            "id": e.puzzle.id,
            "rows": e.puzzle.rows,
            "cols": e.puzzle.cols,
            "puzzle": e.solution.tolist(),
            "solution": e.solution.tolist(),
        }) + "\n"
        for e in entries
    )


def _generated_text(item, form: str, answers: bool = True) -> str:
    """One generated puzzle as compact text or a JSON line; the JSON line holds its
    solution unless `answers` is False (the answer key goes elsewhere: a maker handing out
    the puzzles would hand out the answers with them)."""
    from numbrix_curses.textformat import format_compact

    if form == "json":
        record = item.record()
        if not answers:
            del record["solution"]
        return json.dumps(record) + "\n"
    # (each puzzle ends with a blank line, the last too: the output of one run appended to
    # another's, `>> week.txt`, still parts there, where it ran into a grid and was refused)
    return format_compact(item.puzzle) + "\n"


def _refuse_unreadable(args: argparse.Namespace, rows: int, cols: int, title: str,
                       separate_key: bool) -> None:
    """Refuse, before the work, a run whose output or answer key file would be more than
    the commands read from one file: a long run told so only once it had made every
    puzzle. Each puzzle of a size takes about the same room, so two stand-ins measure it:
    with the widest header, their one given the largest number (which sets the width of a
    compact cell; a booklet's boxes are as wide whatever they hold) and the answer every
    number. JSON writes a blank as 0, narrower than a given, so for its puzzles this is a
    least size: what fits it is left to the note after the run (`note_if_unreadable`).
    Standard output is no file: said after the run, as ever, not refused."""
    import numpy as np

    from numbrix_curses import booklet
    from numbrix_curses.generator import Difficulty, GenerationStats, Generated, Pattern
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.textformat import MAX_FILE_BYTES, MAX_LINES

    full = np.arange(1, rows * cols + 1, dtype=np.int64).reshape(rows, cols)
    last = np.where(full == rows * cols, full, 0)
    widest = Generated(Puzzle(last, {"id": f"{rows}x{cols}-fiendish-symmetric-{10**10 - 1}",
                                     "difficulty": "fiendish", "pattern": "symmetric",
                                     "seed": str(10**10 - 1), "symmetry": "rotate-180"}),
                       full, 10**10 - 1, Difficulty.FIENDISH, Pattern.SYMMETRIC, "rotate-180",
                       GenerationStats())
    entries = [booklet.Entry(widest.puzzle, widest.puzzle.id, full)] * 2
    files = []
    if args.output is not None and args.format == "text":
        files.append(("the booklet", lambda n: booklet.booklet(
            entries[:n], title, answer_key=not separate_key)))
    elif args.output is not None:
        files.append(("the output", lambda n: "".join(
            _generated_text(widest, args.format, answers=not separate_key)
            for _ in range(n))))
    if args.solutions is not None:
        files.append(("the answer key", lambda n: _answer_key(entries[:n], args.format, title)))
    for what, text_of in files:
        one, two = text_of(1), text_of(2)
        size = len(one.encode()) + (len(two.encode()) - len(one.encode())) * (args.count - 1)
        lines = one.count("\n") + (two.count("\n") - one.count("\n")) * (args.count - 1)
        if size > MAX_FILE_BYTES or lines > MAX_LINES:
            raise UsageError(
                f"numbrix generate: {what} of {args.count:,} {rows}x{cols} puzzles would take "
                f"about {size / 2**20:.1f} MiB in {lines:,} lines: more than the commands "
                f"read from one file ({MAX_FILE_BYTES // 2**20} MiB, {MAX_LINES:,} lines); "
                "make several files, or fewer puzzles")


def _generate_notes(tally: _Tally, difficulty: str | None, clues: int | None) -> None:
    """One stderr line each for puzzles that fell back or missed their targets."""
    from numbrix_curses.puzzle import plural

    def which(count: int) -> str:
        return f"{count:,} of {tally.made:,} puzzles" if tally.made > 1 else "the puzzle"

    if tally.fallback:
        tell(
            f"numbrix generate: the border alone did not make {which(tally.fallback)} "
            f"unique; givens inside the ring were kept (each such puzzle says how many: "
            f"'# inside: N'; past 10x10 a ring alone rarely settles a path)"
        )
    if tally.clocked:
        tell(
            f"numbrix generate: a time limit cut the work on {which(tally.clocked)} short "
            "(30 s of processor time a check, 300 s a puzzle, which a slow machine reaches "
            "sooner): the same --seed may give "
            f"{'other puzzles' if tally.clocked > 1 else 'another puzzle'} on another machine"
        )
    if tally.missed:
        aims = [difficulty] if difficulty else []
        if clues is not None:
            aims.append(plural(clues, "given"))
        wanted = ", ".join(aims)
        got = "; ".join(sorted(tally.missed_kinds))
        headers = "their headers say" if tally.missed > 1 else "its header says"
        tell(
            f"numbrix generate: {which(tally.missed)} missed the target ({wanted}): {got}; "
            f"{headers} what {'they are' if tally.missed > 1 else 'it is'}"
        )
