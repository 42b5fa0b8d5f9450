"""A standing helper process that runs a second, quicker kind of search beside the main one.

On a board with several solutions a search's answer comes only as soon as its way to a first
solution, and the deep probing that makes a proof of uniqueness short makes that way slow; a
search that probes little meets solutions sooner on many such boards (and later on others).
So while the main search proves, a scout runs that other search on the same board on another
core, and whichever answers first answers (`solver.search` decides what the scout searches
and how its word is taken).

The scout is one process, forked once and kept: a fork per search would cost the searching
process more than the scout saves, as after a fork every page Python writes (reference counts
live on every page) is copied first: 1.5 to 5 ms of a 10-60 ms search. Jobs go to it through
a pipe and answers come back through another, each message in one piece; a few bytes of
shared memory say which job is wanted (the scout drops a job the moment it is not) and which
was answered last, so the main search looks for an answer for the price of reading them. The
scout leaves when the pipe of jobs ends, that is when every process that could send it one has
gone; it ignores Ctrl-C, which is for the process that uses it.

Only POSIX systems fork; `Scout.shared` says None elsewhere, and the caller searches alone.
"""
from __future__ import annotations

import atexit
import mmap
import os
import signal
import struct
from typing import Callable, NoReturn

from numbrix_curses.workers import (
    SUSPEND_SIGNALS,
    default_handlers,
    end_process,
    follow,
    release_held_stops,
    stop_followers_with_this,
    stops_held_back,
    unfollow,
)

if hasattr(os, "fork"):
    # what the scout needs of POSIX, in one place; without fork `Scout.shared` says None
    _fork, _WNOHANG = os.fork, os.WNOHANG
    _DEFAULT_ON = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGTSTP)

# (job, length) before every message
_HEADER = struct.Struct("<II")
# the shared memory: the job wanted (0: none), then the job answered last
_SLOT = struct.Struct("<I")
_WANTED, _ANSWERED = 0, _SLOT.size

#: what a scout runs on a job: (payload, "should I stop now?") -> answer, or None if it
#: gave up (or was told to stop)
Serve = Callable[[bytes, Callable[[], bool]], "bytes | None"]


class Scout:
    """The coordinator's handle on the standing scout process (see the module docstring)."""

    _shared: Scout | None = None

    def __init__(self, serve: Serve) -> None:
        self._mem = mmap.mmap(-1, 2 * _SLOT.size)  # anonymous (zeroed), shared with the scout
        self._job = 0
        self.pid = 0
        self._owner = os.getpid()  # (a process forked from the owner must leave it be)
        job_read, self._job_write = os.pipe()
        self._answer_read, answer_write = os.pipe()
        # Stops wait while the scout is made (see `workers.stops_held_back`): a Ctrl-C
        # that came before the scout ignores it would end the new scout, and in Python's
        # at-fork hooks one was lost (a Ctrl-C for the caller comes through just after).
        # (a Ctrl-Z too: the scout stops with this process, see `workers.follow`)
        stop_followers_with_this()
        try:
            with stops_held_back(SUSPEND_SIGNALS) as before:
                pid = _fork()
                if pid == 0:
                    self._run(serve, job_read, answer_write, before)
                self.pid = pid  # (known before a stop held back comes through)
                follow(pid)
        except OSError:  # (too many processes, or too little memory: no scout then)
            for fd in (job_read, self._job_write, self._answer_read, answer_write):
                os.close(fd)
            self._mem.close()
            raise
        os.close(job_read)
        os.close(answer_write)
        # The coordinator never waits on the scout: a job the pipe has no room for (a scout
        # stuck somewhere) is not sent, and answers are read only when they are there.
        if hasattr(os, "set_blocking"):  # (every system with fork has it)
            os.set_blocking(self._answer_read, False)
            os.set_blocking(self._job_write, False)

    def _run(
        self, serve: Serve, job_read: int, answer_write: int, stops: frozenset[int]
    ) -> NoReturn:
        """The scout's life: its handlers, then jobs until told to stop (`stops`: the signal
        mask to restore once its handlers are set)."""
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the coordinator
            default_handlers(_DEFAULT_ON)
            release_held_stops(stops)
            os.close(self._job_write)
            os.close(self._answer_read)
            # Nothing of the caller's terminal or pipes stays open here: a reader of the
            # caller's output sees its end when the caller ends.
            quiet = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(quiet, fd)
            os.close(quiet)
            self._serve(serve, job_read, answer_write)
        finally:
            os._exit(0)

    @classmethod
    def shared(cls, serve: Serve) -> Scout | None:
        """The process's scout, started on first use (None where processes cannot fork)."""
        scout = cls._shared
        if scout is not None and scout._owner != os.getpid():
            scout = cls._shared = None  # (this process was forked from its owner: not ours)
        if scout is not None and not scout.alive():
            scout.close()
            scout = cls._shared = None
        if scout is None and hasattr(os, "fork"):
            try:
                scout = cls._shared = cls(serve)
            except OSError:
                return None
            atexit.register(scout.close)
        return scout

    # ------------------------------------------------------- the coordinator
    def submit(self, payload: bytes) -> int:
        """Hand the scout a job (dropping any earlier one); its number, or 0 if the scout
        cannot take it now (busy, or gone: then `shared` starts another next time)."""
        if not self.pid:
            return 0
        self._drain()
        self._job = self._job % 0xFFFF_FFFF + 1
        _SLOT.pack_into(self._mem, _WANTED, self._job)
        try:
            os.write(self._job_write, _HEADER.pack(self._job, len(payload)) + payload)
        except BlockingIOError:
            return 0
        except OSError:
            self.close()
            return 0
        return self._job

    def answered(self, job: int) -> bool:
        """Has the scout answered `job`? (Reads shared memory only: cheap enough to ask
        between any two steps of a search.)"""
        return self.pid != 0 and _SLOT.unpack_from(self._mem, _ANSWERED)[0] == job

    def answer(self, job: int) -> bytes | None:
        """The scout's answer to `job` once `answered` says so: bytes, or None if it gave up."""
        for number, payload in self._drain():
            if number == job:
                return payload or None
        return None

    def cancel(self, job: int) -> None:
        """Tell the scout to drop `job` if it still works on it."""
        if self.pid and _SLOT.unpack_from(self._mem, _WANTED)[0] == job:
            _SLOT.pack_into(self._mem, _WANTED, 0)

    def alive(self) -> bool:
        """Is the scout process still there?"""
        if not self.pid:
            return False
        try:
            done, _ = os.waitpid(self.pid, _WNOHANG)
        except ChildProcessError:
            done = self.pid
        if done == 0:
            return True
        # (reaped: its pid may be another process's from now on, to stop or to kill)
        unfollow(self.pid)
        self.pid = 0
        return False

    def close(self) -> None:
        """Stop the scout and wait for it; safe to call more than once."""
        if Scout._shared is self:
            Scout._shared = None
        if self._owner != os.getpid():
            return  # (the owner's scout, seen from a process forked from it)
        for fd in (self._job_write, self._answer_read):
            if fd >= 0:
                os.close(fd)
        self._job_write = self._answer_read = -1
        if self.pid:
            unfollow(self.pid)
            end_process(self.pid)
            self.pid = 0
        if not self._mem.closed:
            self._mem.close()

    def _drain(self) -> list[tuple[int, bytes]]:
        """Every whole answer waiting in the pipe (answers are written in one piece each,
        under PIPE_BUF, so a reader never meets half of one)."""
        messages = []
        while self._answer_read >= 0:
            try:
                head = os.read(self._answer_read, _HEADER.size)
            except BlockingIOError:
                break
            if len(head) < _HEADER.size:
                break  # (end of file: the scout has gone)
            number, length = _HEADER.unpack(head)
            payload = _read_exactly(self._answer_read, length)
            messages.append((number, payload))
        return messages

    # ------------------------------------------------------------ the scout
    def _serve(self, serve: Serve, jobs: int, answers: int) -> None:
        """(In the scout) take jobs until the pipe ends; answer each that is still wanted."""
        mem = self._mem

        def wanted() -> int:
            return _SLOT.unpack_from(mem, _WANTED)[0]

        while True:
            head = _read_exactly(jobs, _HEADER.size)
            if len(head) < _HEADER.size:
                return
            job, length = _HEADER.unpack(head)
            payload = _read_exactly(jobs, length)
            if len(payload) < length:
                return
            if wanted() != job:
                continue  # dropped before it started
            try:
                answer = serve(payload, lambda: wanted() != job)
            except Exception:
                answer = None  # the coordinator searches on as if there were no scout
            body = answer or b""
            try:
                os.write(answers, _HEADER.pack(job, len(body)) + body)
            except OSError:
                return  # (the coordinator has gone)
            _SLOT.pack_into(mem, _ANSWERED, job)


def _read_exactly(fd: int, length: int) -> bytes:
    """`length` bytes from `fd`, fewer only at its end (waits for a message's rest)."""
    data = b""
    while len(data) < length:
        try:
            chunk = os.read(fd, length - len(data))
        except BlockingIOError:
            # (the coordinator's end does not block; a message is written whole, so its
            # rest is already on its way)
            continue
        if not chunk:
            break
        data += chunk
    return data
