"""The `numbrix` script's first moments (and `python -m numbrix_curses`'s): load the command
line, then run it.

Loading takes a few tenths of a second (argparse, numpy, the solver), before the command
line's own handling of stops is in place: a Ctrl-C then printed the traceback of whatever
module was loading, and a SIGTERM, a hang-up or Ctrl-\\ ended the program by the signal,
without a word (`timeout` or a supervisor stopping a command just started). Here each ends
the program as it does later, with its one line and status. So this module imports
nothing of its own at the top but `exits`, which imports nothing heavy.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import NoReturn

from numbrix_curses.exits import (EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED,
                                  NO_MEMORY_LINE, STOP_LINE_OF_NAME, say)

#: the least address space numpy loads in with one OpenBLAS thread: below about 90 MB its
#: OpenBLAS says `OpenBLAS error: Memory allocation still failed` and ends the process with
#: status 1, before any handler of ours can say it (above, up to 130 MB or so, a
#: MemoryError comes, which `cli.main` says as this line)
_LEAST_ADDRESS_SPACE = 100 * 2**20


def entry() -> NoReturn:
    """Load and run the command line (`cli.entry`, which exits with the command's code)."""
    # numpy's OpenBLAS starts a thread per core as it loads, each with buffers of its own.
    # Nothing here does linear algebra, and the search's forked processes want no threads
    # behind them: one thread starts every command 50 ms sooner in 50 MB less. (Set
    # whatever the environment says: the memory check below counts one thread, and a
    # user's OPENBLAS_NUM_THREADS=4 brought OpenBLAS's own error back.)
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    _catch_early_stops()
    if _address_space_below(_LEAST_ADDRESS_SPACE):
        say(NO_MEMORY_LINE)
        sys.exit(EXIT_BAD_INPUT)
    try:
        from numbrix_curses.cli import entry as run

        run()
    except KeyboardInterrupt:
        # (only before the command line took Ctrl-C over: from then on it says so itself)
        say(STOP_LINE_OF_NAME["SIGINT"])
        sys.exit(EXIT_INTERRUPTED)
    except _EarlyStop as stop:
        # (the same for the other stops)
        say(STOP_LINE_OF_NAME[signal.Signals(stop.signum).name])
        sys.exit(128 + stop.signum)
    except MemoryError:
        say(NO_MEMORY_LINE)
        sys.exit(EXIT_BAD_INPUT)
    except Exception as error:
        # A module that fails as it loads (a broken install, a bug): one line saying where,
        # not the traceback; the command line's own crash report is not loaded yet.
        say(f"numbrix: internal error while loading ({_where(error)}); please report it")
        sys.exit(EXIT_INTERNAL_ERROR)


def _where(error: BaseException) -> str:
    """"NameError: name 'x' is not defined, at cli/common.py:612": the error and the last
    line of this package it came through."""
    said = f"{type(error).__name__}: {error}"
    frame = error.__traceback__
    place = ""
    while frame is not None:
        path = frame.tb_frame.f_code.co_filename
        marker = f"numbrix_curses{os.sep}"
        if marker in path:
            place = f"{path.rsplit(marker, 1)[1]}:{frame.tb_lineno}"
        frame = frame.tb_next
    return f"{said}, at {place}" if place else said


class _EarlyStop(BaseException):
    """A stop (other than Ctrl-C) while the command line loads."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _catch_early_stops() -> None:
    """Let SIGTERM, SIGHUP, Ctrl-\\ and Ctrl-Break raise `_EarlyStop` until the command line
    sets its own handlers (not those started ignored, as `nohup` starts SIGHUP: they stay
    so). A process forked meanwhile ends by the signal, as before."""
    owner = os.getpid()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != owner:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise _EarlyStop(signum)

    for name in STOP_LINE_OF_NAME.keys() - {"SIGINT"}:  # (Ctrl-C: KeyboardInterrupt above)
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
            try:
                signal.signal(signum, stop)
            except (ValueError, OSError):
                pass  # (not the main thread)


def _address_space_below(least: int) -> bool:
    """Whether a limit on this process's address space (`ulimit -v`) is under `least` bytes
    (never, where the system has no such limit)."""
    try:
        import resource
    except ImportError:
        return False  # (Windows)
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return soft != resource.RLIM_INFINITY and soft < least
