"""Stopping a command: SIGTERM, SIGHUP or SIGQUIT raised where the command is (`Stopped`),
so what it started stops with it, and a stop held off while it writes what must be whole."""
from __future__ import annotations

import contextlib
import os
import signal
from typing import Any, Iterator

from numbrix_curses.workers import INTERRUPT_NAME, STOPPING_NAMES, ignored


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
