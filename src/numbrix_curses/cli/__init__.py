"""The command line: `numbrix [COMMAND] ...`, parsed with argparse.

This package owns argv, exit codes and what the commands print; the work itself is done by
the layers below. Every command is one entry in `COMMANDS` (a name, a one-line summary, a
function adding its options and a function running it), so a new command is one more entry.

Exit codes (the same for every command):

    0  success; for solve and check: every puzzle has exactly one solution
    1  some puzzle has no solution or several
    2  bad input or usage: one line on stderr, nothing solved (the app: no terminal)
    3  some puzzle ran out of time (--timeout) and none had a worse verdict; generate: the
       path generator's wall-clock guard gave up (a starved or suspended process)
   70  an internal error (a bug): a crash report is written (the app saves the game too)
  129  the terminal hung up (SIGHUP; the app saves the game)
  130  interrupted (Ctrl-C)
  131  quit with Ctrl-\\ (SIGQUIT; the app saves the game, a command stops as at Ctrl-C)
  141  standard output was closed early (e.g. piped into `head`)
  143  told to stop (SIGTERM; the app saves the game); either way the worker processes
       a command started stop with it

When puzzles of one file end differently, the code is the first of 2, 1, 3, 0 that applies:
a definite "this puzzle is not proper" outranks "could not tell in time".

The curses app is imported only by `play` and the bare `numbrix` (main menu), so solve and
check work where curses does not.

The package: `common` (what the commands share), `outputs` (the files `generate` and
`print` write), then a module per command group (`playing`, `solving`, `generating`,
`printing`); this module holds the table of commands, the parser and `main`.
"""
from __future__ import annotations

import argparse
import atexit
import codecs
import errno
import os
import re
import signal
import sys
from typing import NoReturn, Sequence

from numbrix_curses import __version__
from numbrix_curses.cli.common import (
    STDIN,
    STDIN_NAME,
    STREAM_NAMES,
    Command,
    Parser,
    UsageError,
    as_broken_pipe,
    os_error_line,
    silence_stream,
    stdout_errors_named,
    stream_name,
    tell,
)
from numbrix_curses.cli.options import MAX_JOBS
from numbrix_curses.cli.stops import Stopped, first_stop, stops_raised
from numbrix_curses.cli.playing import configure_play, menu_command, play_command
from numbrix_curses.exits import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_NOT_UNIQUE,
    EXIT_OK,
    EXIT_TIMEOUT,
    NO_MEMORY_LINE,
    STOP_LINE_OF_NAME,
)
from numbrix_curses.cli.solving import (
    CHECK_EXAMPLES,
    GRADE_EXAMPLES,
    SOLVE_EXAMPLES,
    add_solving_options,
    check_command,
    configure_check,
    configure_solve,
    grade_command,
    solve_command,
)
from numbrix_curses.cli.generating import GENERATE_EXAMPLES, configure_generate, generate_command
from numbrix_curses.cli.printing import PRINT_EXAMPLES, configure_print, print_command
from numbrix_curses.workers import ignored

__all__ = [
    "COMMANDS",
    "EXIT_BAD_INPUT",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_UNIQUE",
    "EXIT_OK",
    "EXIT_TIMEOUT",
    "MAX_JOBS",
    "STDIN",
    "STDIN_NAME",
    "Command",
    "UsageError",
    "build_parser",
    "main",
    "run",
]


COMMANDS: tuple[Command, ...] = (
    Command(
        "play", "play a puzzle in the full-screen app (also: numbrix FILE)", configure_play,
        play_command
    ),
    Command(
        "solve",
        "print the solution of every puzzle in the files",
        configure_solve,
        solve_command,
        SOLVE_EXAMPLES,
    ),
    Command(
        "check",
        "tell which puzzles in the files have exactly one solution",
        configure_check,
        check_command,
        CHECK_EXAMPLES,
    ),
    Command(
        "grade",
        "grade the difficulty of each puzzle in the files",
        add_solving_options,
        grade_command,
        GRADE_EXAMPLES,
    ),
    Command(
        "generate",
        "make new puzzles, each proved to have exactly one solution",
        configure_generate,
        generate_command,
        GENERATE_EXAMPLES,
    ),
    Command(
        "print",
        "lay out the puzzles of the files as one printable booklet",
        configure_print,
        print_command,
        PRINT_EXAMPLES,
    ),
)


_EPILOG = """\
exit codes: 0 every puzzle unique, 1 some puzzle has no solution or several,
2 bad input or usage (the app: no terminal), 3 some puzzle timed out,
70 internal error (a bug: a crash report is written), 129 hung up, 130 interrupted,
131 quit with Ctrl-\\ (the app saves the game), 141 standard output closed early
(e.g. piped into head), 143 told to stop (SIGTERM), 149 Ctrl-Break (Windows).
Run 'numbrix COMMAND --help' for a command's options."""


def build_parser() -> Parser:
    """The parser for `numbrix`, one subparser per entry of `COMMANDS`."""
    parser = Parser(
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
        title="commands", dest="command", metavar="COMMAND", parser_class=Parser
    )
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.name, help=command.summary, description=command.summary[:1].upper()
            + command.summary[1:] + ".", epilog=command.examples or None,
            # (the examples' lines as written: argparse would run them together)
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.configure(sub)
        sub.set_defaults(handler=command.run)
        parser.commands[command.name] = sub
    return parser


def _values_attached(parser: Parser, argv: Sequence[str] | None) -> list[str]:
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


def _played_file_named(parser: Parser, tokens: list[str]) -> list[str]:
    """`tokens` with `play` put before a first one that names a file (or standard input,
    `-`) rather than a command: `numbrix puzzles.txt` is what people type to play a file."""
    first = tokens[0] if tokens else None
    if first == "--" and len(tokens) > 1:
        # (`numbrix -- -dash.txt`: a file whose name starts with '-', as `play --` takes it)
        return ["play", *tokens]
    if first is not None and first.startswith("--") and first.split("=")[0] in _play_only(parser):
        # (`numbrix --puzzle 3`: an option of play's alone, where `numbrix` alone plays;
        # argparse took the 3 for a command, "invalid choice: '3'")
        return ["play", *tokens]
    if first is None or first.startswith("-") and first != "-" or first in parser.commands:
        return tokens
    if first == "-" or os.path.exists(first):  # (-: a puzzle piped in, as `play -` takes)
        return ["play", *tokens]
    if os.sep in first or "." in first:
        # (argparse would say "invalid choice" and list the commands, of a file mistyped)
        parser.error(f"{first}: no such file, and no command of that name")
    return tokens


def _play_only(parser: Parser) -> set[str]:
    """The long options of `play` that the command line's own parser does not have."""
    own = {option for action in parser._actions for option in action.option_strings}
    play = parser.commands["play"]
    return {option for action in play._actions for option in action.option_strings
            if option.startswith("--")} - own


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
    given = _played_file_named(parser, _values_attached(parser, argv))
    for one in (parser, *parser.commands.values()):
        one.given = list(given)
    args, extra = parser.parse_known_args(given)
    if extra:
        # parse_args would report these from the top-level parser ("numbrix: ..."); the
        # user needs the command whose --help to read ("numbrix check: ...")
        command = getattr(args, "command", None) or ""
        blamed = parser.commands.get(command, parser)
        hint = ""
        if (command == "generate" and args.size is None and args.rows is None
                and re.fullmatch(r"[0-9]+(?:[xX\u00d7][0-9]+)?", extra[0])):
            # ("numbrix generate 9": a size, as the app's New puzzle asks for one first)
            hint = f" (a board's size is given as --size {extra[0]})"
        blamed.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    handler = getattr(args, "handler", menu_command)
    try:
        with stops_raised():
            return handler(args)
    except UsageError as error:
        tell(str(error))
        return EXIT_BAD_INPUT


#: what a command says when each signal that stops it does, by the signals this platform has
STOP_LINES = {
    getattr(signal, name): line for name, line in STOP_LINE_OF_NAME.items()
    if hasattr(signal, name)
}


def entry() -> NoReturn:
    """The `numbrix` script (and `python -m numbrix_curses`): `main`, then exit with its
    code. A Ctrl-C, SIGTERM, SIGHUP or SIGQUIT that comes once `main` has its code (while the
    interpreter shuts down, joining the threads that watched worker processes) ends the
    process at once, without a traceback: with that code when it was a stop's already (a
    second Ctrl-C, or a SIGTERM just after one, said "interrupted" and ended 143), else
    with the stop's own code and line."""
    # (registered first, so it runs last of the functions run at exit)
    atexit.register(_hold_stops)
    code = main(ending=True)
    end_at_next_stop(code)
    sys.exit(code)


def _hold_stops() -> None:
    """Block the stop signals for the last moments of the process: Python puts
    their default actions back as it finalizes, and a stop arriving then killed the process
    by that signal (130 after "stopped (SIGTERM)" was said). Blocked, it is dropped at exit."""
    if hasattr(signal, "pthread_sigmask"):  # (not on Windows)
        signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_LINES))


def end_at_next_stop(code: int) -> None:
    """From now on a Ctrl-C, SIGTERM, SIGHUP or SIGQUIT ends the process at once (see `entry`).
    Only for a process about to end: a test calling `main` must not get these handlers."""
    stop_codes = {128 + signum for signum in STOP_LINES}

    def end(signum: int, frame: object) -> None:
        if code not in stop_codes:
            tell(STOP_LINES[signum])
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass  # (gone, or said already)
        os._exit(code if code in stop_codes else 128 + signum)

    for signum in STOP_LINES:
        if ignored(signum):
            continue  # (started so: see `workers.ignored`)
        try:
            signal.signal(signum, end)
        except (ValueError, OSError):
            pass  # not the main thread


def _said_stop(signum: int, ending: bool) -> int:
    """Say what stopped the command (signal `signum`) and return its exit code, 128 +
    `signum` (130 for Ctrl-C); when the process ends with it (`ending`), a further stop
    keeps that code from here on (see `entry`), so the line and the code never disagree."""
    code = 128 + signum
    if ending:
        end_at_next_stop(code)
    tell(STOP_LINES[signum])
    return code


def main(argv: Sequence[str] | None = None, *, ending: bool = False) -> int:
    """Run the command line, and turn interrupts and I/O faults into codes; `ending`: the
    process ends with the code returned (see `entry`)."""
    _usable_standard_streams()
    with stdout_errors_named():
        return _main_guarded(argv, ending)


def _main_guarded(argv: Sequence[str] | None, ending: bool) -> int:
    """`main`'s command, its faults turned into codes."""
    try:
        code = run(argv)
        sys.stdout.flush()
        return code
    except SystemExit as exit_:
        # argparse exits for --help, --version and usage errors; keep them as return codes
        code = EXIT_OK if exit_.code is None else (
            exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT)
        if code == EXIT_OK:
            return main_flushed()  # (the help written to a full disk is an error too)
        return code
    except KeyboardInterrupt:
        return _said_stop(first_stop(signal.SIGINT), ending)
    except Stopped as stopped:
        # (what the command started is stopped by now: see `stops_raised`)
        return _said_stop(first_stop(stopped.signum), ending)
    except BrokenPipeError:
        silence_stream(sys.stdout)
        return EXIT_BROKEN_PIPE
    except OSError as error:
        if error.errno == errno.EBADF and (error.filename is None
                                           or error.filename in STREAM_NAMES):
            # (no file named, or a stream: a standard stream opened the wrong way,
            # `1</dev/null`)
            tell(f"numbrix: {os_error_line(error)}: standard input must be open for reading, "
                 "and standard output and error for writing")
        else:
            tell(f"numbrix: {os_error_line(error)}")
        # (what stdout holds still goes out where it can; where it cannot (a full disk, a
        # stream open for reading), the interpreter's own flush at exit would fail again,
        # say "Exception ignored" and exit 120; unseen where PYTHONUNBUFFERED is set)
        try:
            sys.stdout.flush()
        except OSError:
            silence_stream(sys.stdout)
        return EXIT_BAD_INPUT
    except MemoryError:
        # (like a full disk: the machine, not the puzzle; the memory is free again here)
        tell(NO_MEMORY_LINE)
        return EXIT_BAD_INPUT
    except ImportError as error:
        # numpy's libraries loaded when a command first needs them: under a tight limit
        # (ulimit -v 50000) the system cannot map them, which is the memory too
        if "failed to map segment" not in str(error):
            return _crashed()
        tell(NO_MEMORY_LINE)
        return EXIT_BAD_INPUT
    except Exception:
        return _crashed()


def _crashed() -> int:
    """A bug met by a command: the details kept in a crash report, one line said, as the
    app does, rather than a traceback the user can do nothing with."""
    import traceback

    from numbrix_curses.keptfiles import write_crash_report
    from numbrix_curses.statedir import state_dir

    details = traceback.format_exc()
    try:
        path = write_crash_report(state_dir(), details)
    except Exception:  # (a state directory that cannot even be named)
        path = None
    last = details.strip().splitlines()[-1]
    where = f"details in {path}" if path is not None else last
    tell(f"numbrix: internal error ({where}); please report it, with the command given")
    return EXIT_INTERNAL_ERROR


def main_flushed() -> int:
    """EXIT_OK once what was written to stdout is out, else the code for why it is not."""
    try:
        sys.stdout.flush()
    except OSError as error:
        silence_stream(sys.stdout)
        if isinstance(as_broken_pipe(error), BrokenPipeError):
            return EXIT_BROKEN_PIPE
        tell(f"numbrix: {os_error_line(error, stream_name(1))}")
        return EXIT_BAD_INPUT
    return EXIT_OK


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
    errors = getattr(stdout, "errors", None)
    encoding = codecs.lookup(getattr(stdout, "encoding", None) or "ascii").name
    # (in the C locale without UTF-8 mode, stdout is ASCII with "surrogateescape", which
    # writes a file name's stray bytes but no "é" of an id: that was an internal error)
    if ((errors == "strict" or (errors == "surrogateescape" and encoding != "utf-8"))
            and hasattr(stdout, "reconfigure")):
        try:
            stdout.reconfigure(errors="backslashreplace")
        except (ValueError, OSError, AttributeError):
            pass
