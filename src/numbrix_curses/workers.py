"""Sharing one long search among forked processes, so a proof uses every core it may.

The solver branches in two: put a number on a cell, or strike that cell from its candidates.
Every guess on the search's stack therefore has an alternative still to explore, and the
alternatives are disjoint parts of the tree. A busy process hands the alternative of its
shallowest open guess (usually the largest part left) to a child made with `os.fork`: the
child has the whole board state already and explores exactly that part, the parent never
will. When a process runs out of work, a busy one is asked to split again, so the processes
stay busy until the tree is done.

The process that called `solve` coordinates. It searches too, and between guesses reads the
others' reports from one pipe: each solution as it is found, and at the end whether the part
was searched through. Solutions are compared as paths, since a "twin" (a second solution
built from a first, see `solver.twin_path`) may lie in another process's part. The answer is
the same as a single process would give: `limit` different solutions, or every part
exhausted. Anything unexpected (a child that dies or fails) makes the caller search again
alone, so a verdict never rests on a part that was not searched.

A `Partner` helps before the first guess, when there is no tree to split yet: a child
probes the root of the same board in another order, and the two swap what they strike
through shared memory until the search is ready to guess. Once a search is shared, its
processes also add to one table of refutation counts in shared memory (`pooled_counts`),
hints for which number to guess next.

Only POSIX systems other than macOS fork safely here; elsewhere, and off the main thread,
`Team.possible` says no and the search runs in one process.
"""
from __future__ import annotations

import mmap
import os
import signal
import struct
import sys
import threading
import time
from array import array
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Mapping, NoReturn

if TYPE_CHECKING:  # (numpy is imported where a grid is made: see `grid_of`)
    import numpy as np

# A search this old (in seconds) may share its work; shorter ones never pay for a fork.
SHARE_AFTER = 0.03
if hasattr(os, "fork"):
    # What sharing needs of POSIX, in one place; without fork `Team.possible` says no.
    import select

    # Messages are written in one piece each, so writers never interleave (at most PIPE_BUF).
    _PIPE_BUF = select.PIPE_BUF
    _fork, _setpgid, _killpg, _kill = os.fork, os.setpgid, os.killpg, os.kill
    _getppid = os.getppid
    _SIGKILL, _SIGCHLD = signal.SIGKILL, signal.SIGCHLD
    _SIGTSTP, _SIGSTOP, _SIGCONT = signal.SIGTSTP, signal.SIGSTOP, signal.SIGCONT
    _SUSPEND = frozenset({signal.SIGTSTP})
    # the caller's handlers must never run in a child (the app saves games on these)
    _RESET = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGTSTP)
else:
    _PIPE_BUF = 0
    _SUSPEND = frozenset()
#: the longest message a pipe takes in one piece here (0 where processes do not fork)
PIPE_BUF = _PIPE_BUF
#: Ctrl-Z (none where processes do not fork): held back while a process that must stop
#: with this one is forked, so it is known to the handler when a stop comes (see `follow`)
SUSPEND_SIGNALS = _SUSPEND
#: the names of the signals that stop a command, by how it stops: Ctrl-C; SIGTERM, a
#: hang-up, Ctrl-\ (SIGQUIT) and Windows' Ctrl-Break (SIGBREAK), whose defaults would end
#: it where it stands, with no word and the puzzles it finished (or the game) lost
INTERRUPT_NAME = "SIGINT"
STOPPING_NAMES = ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGBREAK")
#: the signals that stop a command (those the system has)
STOP_SIGNALS = frozenset(
    getattr(signal, name) for name in (INTERRUPT_NAME, *STOPPING_NAMES) if hasattr(signal, name)
)


@contextmanager
def stops_held_back(also: frozenset[int] = frozenset()) -> Iterator[frozenset[int]]:
    """Hold the stop signals (and `also` these) back for the block; yields the signal mask
    to restore in a child the block forks, once the child's own handlers are set
    (`release_held_stops`). In the calling process a stop that came meanwhile is handled as
    the block ends. (Not `cli.stops.stops_held`, which holds a stop while a command writes
    what it finished.) For a block that forks, and for one a stop must not be raised into:
    a process pool's calls that take its lock (raised there, the lock stayed taken), a
    team's stopping of its children (cut short, one searched on).

    Between a fork and a child's own handlers, a Ctrl-C ran the parent's handler in the
    child, and in either process it could fall in Python's at-fork hooks, which only print
    it ("Exception ignored in ..."): a worker of `generate --jobs 8` printed a traceback,
    and a parent lost the Ctrl-C and made every puzzle before it stopped. Masking covers the
    child, which inherits the mask; in this process another thread may take the signal
    whatever the mask of this one, so its handlers only note a stop during the block (off
    the main thread, where handlers cannot be set, the mask alone is used). Where signals
    cannot be masked (Windows), nothing is held: processes there are not forked.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield frozenset()
        return
    noted: list[int] = []
    handlers: dict[int, object] = {}
    held = STOP_SIGNALS | also
    if threading.current_thread() is threading.main_thread():
        for signum in held:
            # (a handler set outside Python could not be put back, and an ignored stop needs
            # none: the mask alone then)
            if signal.getsignal(signum) is not None and not ignored(signum):
                handlers[signum] = signal.signal(signum, lambda signum, _: noted.append(signum))
    before = frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, held))
    try:
        yield before
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
        if noted:
            signum = noted[0]  # (the first stop decides; the others are dropped)
            handler = handlers[signum]
            if callable(handler):
                handler(signum, None)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), signum)


@contextmanager
def stops_dropped() -> Iterator[None]:
    """Drop the stop signals that come while the block runs (on the main thread, where
    handlers are set; elsewhere nothing changes): for a block that ends what a stop began,
    which a further stop raised in the middle of would leave half done. (A process pool's
    shutdown raised into while it held the pool's lock kept the lock, and the interpreter
    then waited on it for good as it exited: `generate` under `timeout`, whose SIGTERM
    goes to the process and then to its group, hung now and then after saying it stopped.)
    """
    handlers: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not None and not ignored(signum):
                handlers[signum] = signal.signal(signum, lambda signum, _: None)
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]


def ignored(signum: int) -> bool:
    """Whether `signum` is ignored here, as `nohup` starts a command with SIGHUP, or a shell
    script a background job with Ctrl-C: a stop ignored so stays ignored, in the command
    and in every process it forks (`nohup numbrix generate ... &` outlives the terminal it
    was started from)."""
    try:
        return signal.getsignal(signum) is signal.SIG_IGN
    except ValueError:
        return False  # (not a signal of this system)


def default_handlers(signums: Iterable[int]) -> None:
    """In a forked child: the default action for each of `signums` rather than the handler
    of the process it was forked from, but for those it ignores (see `ignored`)."""
    for signum in signums:
        if not ignored(signum):
            signal.signal(signum, signal.SIG_DFL)


def take_default_action(signum: int, handler: Callable[[int, object], None]) -> None:
    """Let `signum`'s default action happen now (Ctrl-Z: the process stops here until it is
    continued), then put `handler` back: for a handler that does its part and then stops."""
    signal.signal(signum, signal.SIG_DFL)
    try:
        os.kill(os.getpid(), signum)
    finally:
        signal.signal(signum, handler)


def release_held_stops(before: frozenset[int] | None = None) -> None:
    """In a child forked under `stops_held_back`, with its handlers set: let the stop signals
    in again (the mask `before` the fork; by default, none of them held)."""
    if not hasattr(signal, "pthread_sigmask"):
        return
    if before is None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS | _SUSPEND)
    else:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


#: the processes forked from this one to share its work that stop when it is stopped (see
#: `follow`): pid -> whether the process leads a group of its own (stopped with it)
_FOLLOWERS: dict[int, bool] = {}
#: the process those are followers of (a process forked from it has none of its own yet)
_LEADER = [0]
#: the SIGTSTP handler `stop_followers_with_this` replaced, while its own is set
_SUSPEND_BEFORE: list[object] = []


def follow(pid: int, group: bool = False) -> None:
    """Stop process `pid`, a child this one forked to share its work (a part of a search,
    its partner or its scout, a worker of `generate`'s pool), whenever this process is
    stopped with SIGTSTP, and let it go on when this one goes on; with `group`, its whole
    process group (a child that leads one of its own, with the children it forked).

    Ctrl-Z in a terminal stops every process of the foreground group, but not a child in
    a group of its own; and a SIGTSTP sent to this process alone (`kill -TSTP PID`, a
    script's or a job runner's stop) stopped it alone: its children kept a core busy each
    while it stood still. The handler that stops them is set by `stop_followers_with_this`,
    which the process calls before it forks. Call `unfollow` before the child is reaped."""
    if _LEADER[0] != os.getpid():
        _FOLLOWERS.clear()  # (the leader's, copied into a process forked from it)
        _LEADER[0] = os.getpid()
    _FOLLOWERS[pid] = group


def unfollow(pid: int) -> None:
    """No longer stop `pid` with this process (see `follow`): for a child about to be
    reaped, whose pid may then be given to another process."""
    if _LEADER[0] == os.getpid():
        _FOLLOWERS.pop(pid, None)


def stop_followers_with_this() -> None:
    """(Before forking a child to `follow`.) Set the SIGTSTP handler that stops the followers
    of this process, then this process as the handler before it would (by default: stop
    here until continued), and continues them once this one is continued. Set where it is
    not the handler already (it stays for the followers to come: a scout stays for the
    next search); only on the main thread, where handlers are set, and not where Ctrl-Z is
    ignored or its handler was set outside Python. Not inside
    `stops_held_back(SUSPEND_SIGNALS)`, which puts back the handler it found."""
    if not hasattr(os, "fork") or threading.current_thread() is not threading.main_thread():
        return
    before = signal.getsignal(_SIGTSTP)
    if before is _suspend_with_followers or before is None or ignored(_SIGTSTP):
        return  # (set already; or set outside Python, or Ctrl-Z ignored: nothing to stop)
    _SUSPEND_BEFORE[:] = [before]
    signal.signal(_SIGTSTP, _suspend_with_followers)


def _suspend_with_followers(signum: int, frame: object) -> None:
    """The SIGTSTP handler of `stop_followers_with_this`."""
    before = _SUSPEND_BEFORE[0] if _SUSPEND_BEFORE else signal.SIG_DFL
    # (a process forked from the leader before it reset the handler stops alone)
    followers = tuple(_FOLLOWERS.items()) if _LEADER[0] == os.getpid() else ()
    _signal_followers(followers, _SIGSTOP)
    try:
        if callable(before):
            before(signum, frame)  # (the app's job: it stops its group, see `jobs`)
        else:
            take_default_action(signum, _suspend_with_followers)
    finally:
        _signal_followers(followers, _SIGCONT)


def _signal_followers(followers: Iterable[tuple[int, bool]], signum: int) -> None:
    for pid, group in followers:
        try:
            if group:
                _killpg(pid, signum)
            else:
                _kill(pid, signum)
        except OSError:
            pass  # (ended already)


_HEADER = struct.Struct("<cI")
_DONE_COUNTS = struct.Struct("<?qq")  # exhausted, guesses, backtracks
_SPAWNED, _SOLUTION, _DONE_KIND, _TIMEOUT, _ERROR = b"S", b"P", b"D", b"T", b"E"


def available_cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_workers() -> int:
    """How many processes a command-line search may use: the cores available, at most 8."""
    return max(1, min(available_cores(), 8))


def default_pool_workers() -> int:
    """How many processes a command that makes independent pieces of work in a process pool
    (`generate --count`) uses unless told: as `default_workers` where the pool's processes
    start as forks, which costs milliseconds; one where each would start a fresh
    interpreter that imports everything again (spawn: Windows, macOS), which costs a
    second or so, more than a small puzzle takes."""
    import multiprocessing

    if multiprocessing.get_all_start_methods()[0] == "spawn":  # (the first is the default)
        return 1
    return default_workers()


class Enough(Exception):
    """Processes together have found as many solutions as were asked for."""


class Broken(Exception):
    """A process died or failed: the parts' results cannot be trusted as a whole."""


class Team:
    """The processes sharing one search, seen from one of them.

    The coordinator (the process that made the team) tracks how many others are busy and
    collects their solutions; every process calls `wants_split` between guesses and, when it
    says so, forks a child with `fork_child`.
    """

    def __init__(self, workers: int, limit: int) -> None:
        self.workers = workers
        self.limit = limit
        self.started = time.monotonic()
        self.coordinator_pid = os.getpid()
        self.is_coordinator = True
        self._read_fd = -1
        self._write_fd = -1
        self._wanted: mmap.mmap | None = None  # one byte: how many processes lack work
        self._buffer = b""
        self.busy_children = 0
        self.children: list[int] = []  # the coordinator's own children (process groups)
        self.found: list[bytes] = []  # children's solutions, as paths, distinct
        self.child_nodes = 0
        self.child_backtracks = 0
        self.all_exhausted = True
        self.timed_out = False
        self.sent = 0  # solutions of this process already reported (children only)
        self._checks = 0
        self.shared = False  # has any work been handed out (is there a pipe)?
        self.helpers = 0  # other processes of this search's on a core (a scout)
        self.pooled: memoryview | None = None  # see `pooled_counts`

    # ------------------------------------------------------------- whether
    @staticmethod
    def possible(workers: int, size: int) -> bool:
        """Can a search on `size` cells be shared among `workers` processes here?"""
        return (
            workers > 1
            and _PIPE_BUF > 0
            and sys.platform != "darwin"  # system libraries there are not fork-safe
            and threading.current_thread() is threading.main_thread()
            and _HEADER.size + 2 * size <= _PIPE_BUF
        )

    # ------------------------------------------------------- between guesses
    def wants_split(self, own_solutions: list) -> bool:
        """Should this process hand part of its work to a new child now?

        The coordinator also reads the others' reports here and raises `Enough` once the
        processes together hold `limit` different solutions.
        """
        if not self.is_coordinator:
            self._checks += 1
            if self._checks % 16 == 0 and not alive(self.coordinator_pid):
                os._exit(0)  # nobody is waiting for this part any more
            assert self._wanted is not None
            if self._wanted[0] == 0:
                return False
            self._wanted[0] = max(0, self._wanted[0] - 1)
            return True
        if not self.shared:
            if time.monotonic() - self.started < SHARE_AFTER:
                return False
            self._open()
        self._read(0.0)
        if self.distinct(own_solutions) >= self.limit:
            raise Enough
        return self.busy_children + 1 + self.helpers < self.workers

    def fork_child(self, work: Callable[[], bool], nodes: Callable[[], tuple[int, int]]) -> bool:
        """Fork a child that runs `work` (True when its part was exhausted) and exits.

        Returns True in the parent when the child was made (the part is the child's now),
        False when it could not be; the child never returns.
        """
        if not self.is_coordinator:
            # Counted before the child exists, so the coordinator never sees every process
            # finished while one is still starting.
            self._send(_SPAWNED)
        if self.is_coordinator:
            # (before the stops are held: the held block puts back the handler it found)
            stop_followers_with_this()
        # Only the coordinator's children end with their parent: a child's own child goes
        # on when that child, its part done, ends (it searches a part of its own), and
        # the coordinator's end reaches it through `wants_split`.
        parent = os.getpid() if self.is_coordinator else None
        ready_to_fork()
        try:
            # (a Ctrl-Z too waits for the child to be known, so it stops the child as well)
            with stops_held_back(_SUSPEND if self.is_coordinator else frozenset()) as before:
                pid = _fork()
                if pid == 0:
                    self._run_child(work, nodes, before, parent)
                # (known before a stop held back comes through at the block's end, so
                # stopping the team stops this child too)
                if self.is_coordinator:
                    try:
                        _setpgid(pid, pid)  # (the child does the same; whichever runs first wins)
                    except OSError:
                        pass
                    self.children.append(pid)
                    follow(pid, group=True)  # (stopped with its own children)
                    self.busy_children += 1
        except OSError:
            if not self.is_coordinator:
                self._send(_DONE_KIND, _DONE_COUNTS.pack(True, 0, 0))  # no child: cancel the count
            return False
        return True

    def pooled_counts(self, counts: Mapping[int, int] | memoryview, length: int) -> memoryview:
        """Counters 0..`length`-1 in memory that this process and every child it forks from
        now on share (made on the first call, from `counts`; later calls return the same).

        Two processes adding to one counter at the same instant may lose an add: the search
        keeps only hints there (see `search.Search._split`), never anything a verdict
        rests on.
        """
        if self.pooled is None:
            memory = mmap.mmap(-1, 4 * length)  # anonymous and shared with every child
            table = memoryview(memory).cast("I")
            for k in range(length):
                table[k] = min(counts[k], 0xFFFFFFFF)
            self.pooled = table
        return self.pooled

    def report(self, own_solutions: list) -> None:
        """Tell the coordinator about solutions this child found since the last report."""
        if self.is_coordinator:
            return
        while self.sent < len(own_solutions):
            path = path_of(own_solutions[self.sent])
            self._send(_SOLUTION, path)
            self.sent += 1

    # ------------------------------------------------------------ at the end
    def finish(self, own_solutions: list, deadline: float | None) -> None:
        """Wait until the others are done, enough solutions are in, or `deadline` passes.

        Sets `timed_out` and `all_exhausted`; raises `Broken` when a child died or failed.
        """
        if self._write_fd >= 0:
            # This process forks no more; without its copy, the pipe ends when the others do.
            os.close(self._write_fd)
            self._write_fd = -1
        try:
            while self.busy_children > 0 and self.distinct(own_solutions) < self.limit:
                assert self._wanted is not None
                self._wanted[0] = min(255, self.workers - self.busy_children)
                wait = 0.5
                if deadline is not None:
                    wait = min(wait, deadline - time.monotonic())
                    if wait <= 0:
                        self.timed_out = True
                        return
                if not self._read(wait):
                    raise Broken("a solver process ended without a word")
        finally:
            self.close()

    def distinct(self, own_solutions: list) -> int:
        """How many different solutions the processes hold together."""
        paths = set(self.found)
        paths.update(path_of(grid) for grid in own_solutions)
        return len(paths)

    def solutions(self, own_solutions: list) -> list[bytes]:
        """Every different solution found by the others and not by this process, as paths."""
        mine = {path_of(grid) for grid in own_solutions}
        return [path for path in self.found if path not in mine]

    def close(self) -> None:
        """Stop every other process and free the pipe (safe to call more than once). A stop
        that comes meanwhile is held back until they are stopped: raised here, a second
        stop (the caller stopping already) left children running."""
        with stops_held_back():
            self._close()

    def _close(self) -> None:
        for pid in self.children:
            unfollow(pid)  # (before it is reaped: its pid may then be another's)
            try:
                _killpg(pid, _SIGKILL)  # (its own children too)
            except OSError:
                pass
            end_process(pid)
        self.children.clear()
        for fd in (self._read_fd, self._write_fd):
            if fd >= 0:
                os.close(fd)
        self._read_fd = self._write_fd = -1
        if self._wanted is not None:
            self._wanted.close()
            self._wanted = None

    # --------------------------------------------------------------- inside
    def _open(self) -> None:
        self.shared = True
        self._read_fd, self._write_fd = os.pipe()
        self._wanted = mmap.mmap(-1, 1)  # anonymous and shared with every child
        self._wanted[0] = 0

    def _run_child(
        self, work: Callable[[], bool], nodes: Callable[[], tuple[int, int]],
        stops: frozenset[int], parent: int | None,
    ) -> NoReturn:
        """The child's life: its part of the search, reported; `stops` is the signal mask to
        restore once its handlers are reset (see `stops_held_back`); it ends with
        `parent`, the coordinator that forked it (None: forked by another child)."""
        code = 0
        try:
            if parent is not None:
                die_with_parent(parent)
            if self.is_coordinator:
                _setpgid(0, 0)  # its own group, so the coordinator can stop it and its children
            self.is_coordinator = False
            self.children = []
            if self._read_fd >= 0:
                os.close(self._read_fd)
                self._read_fd = -1
            default_handlers(_RESET)
            release_held_stops(stops)
            signal.signal(_SIGCHLD, signal.SIG_IGN)  # children of children reap themselves
            base_nodes, base_backtracks = nodes()
            try:
                exhausted = work()
            except TimeoutError:
                self._send(_TIMEOUT)
            else:
                now_nodes, now_backtracks = nodes()
                self._send(
                    _DONE_KIND,
                    _DONE_COUNTS.pack(
                        exhausted, now_nodes - base_nodes, now_backtracks - base_backtracks
                    ),
                )
        except BaseException as why:  # report, never leave the coordinator waiting
            code = 1
            try:
                self._send(_ERROR, repr(why).encode()[:200])
            except BaseException:
                pass
        finally:
            os._exit(code)

    def _send(self, kind: bytes, payload: bytes = b"") -> None:
        message = _HEADER.pack(kind, len(payload)) + payload
        os.write(self._write_fd, message)  # at most PIPE_BUF bytes: written in one piece

    def _read(self, wait: float) -> bool:
        """Take in whatever reports are waiting (up to `wait` seconds for the first one).

        False when every writer has gone (end of file)."""
        ready, _, _ = select.select([self._read_fd], [], [], max(0.0, wait))
        if not ready:
            return True
        chunk = os.read(self._read_fd, 65536)
        if not chunk:
            return False
        self._buffer += chunk
        while len(self._buffer) >= _HEADER.size:
            kind, length = _HEADER.unpack_from(self._buffer)
            end = _HEADER.size + length
            if len(self._buffer) < end:
                break
            payload = self._buffer[_HEADER.size : end]
            self._buffer = self._buffer[end:]
            self._take(kind, payload)
        return True

    def _take(self, kind: bytes, payload: bytes) -> None:
        if kind == _SPAWNED:
            self.busy_children += 1
        elif kind == _SOLUTION:
            if payload not in self.found:
                self.found.append(payload)
        elif kind == _DONE_KIND:
            self.busy_children -= 1
            exhausted, nodes, backtracks = _DONE_COUNTS.unpack(payload)
            self.all_exhausted &= exhausted
            self.child_nodes += nodes
            self.child_backtracks += backtracks
        elif kind == _TIMEOUT:
            self.busy_children -= 1
            self.timed_out = True
            self.all_exhausted = False
        else:
            raise Broken(f"a solver process failed: {payload.decode(errors='replace')}")


def path_of(grid: np.ndarray) -> bytes:
    """A solution as its path (the cell of each number), the form reports carry
    (`grid_of` reads it back)."""
    flat = grid.reshape(-1)
    path = array("H", bytes(2 * flat.size))
    for cell, number in enumerate(flat.tolist()):
        path[number - 1] = cell
    return path.tobytes()


def grid_of(path: bytes, rows: int, cols: int) -> np.ndarray:
    """The solution grid a reported path (see `path_of`) stands for."""
    # (here, not at the top: the command line imports this module for an option default,
    # and the puzzle model pulls in numpy)
    from numbrix_curses.puzzle import path_to_grid

    return path_to_grid(rows, cols, array("H", path).tolist())


def alive(pid: int) -> bool:
    """Whether process `pid` still exists (a zombie counts: it has not been reaped)."""
    try:
        _kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


@lru_cache(maxsize=None)
def _parent_death_signal() -> Callable[[int], object] | None:
    """Linux's prctl(PR_SET_PDEATHSIG, sig), or None where there is none (loaded once, in the
    process that forks, so no child pays for loading it)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None
    return lambda signum: prctl(_PR_SET_PDEATHSIG, signum)


#: prctl's option for the signal a process gets when its parent ends (linux/prctl.h)
_PR_SET_PDEATHSIG = 1


def ready_to_fork() -> None:
    """In a process about to fork a child that calls `die_with_parent`: load what it needs."""
    _parent_death_signal()


def die_with_parent(parent: int) -> None:
    """(In a forked child of `parent`.) End this process as soon as its parent ends, where
    the system can (Linux); at once if it has ended already.

    A child checks now and then whether its coordinator is there; but one that has ended
    and is not yet reaped (its caller still reading its output) is there to a check, and a
    command stopped by two signals at once, the second cutting short its stopping of the
    children, left one searching for a minute, holding the caller's pipes open."""
    if not sys.platform.startswith("linux"):
        return  # (nothing to ask for elsewhere)
    set_signal = _parent_death_signal()
    if set_signal is None:
        return
    set_signal(_SIGKILL)
    if os.getppid() != parent:
        os._exit(0)  # (it ended before the signal was asked for)


class Partner:
    """A second process deducing at the root of a search beside the one that made it.

    On a big board the search spends its first seconds probing at the root, before any
    guess, and there is nothing yet to split. The partner (a forked child) probes the same
    board in another order, and the two keep swapping what they know: each writes the
    candidate cells of every number, and how often its probes failed (an opaque byte string
    here, see `solver.partner.encode`), to its own slot of anonymous shared memory and reads the
    other's. A fact found at the root holds in every solution, so either process may take
    the other's at any moment.

    No lock is needed. A reader may catch a slot half-written, each byte either old or new;
    candidates at the root only ever shrink, so the mix lies between two true states and
    holds only facts. Slots start with every bit set (no facts), so a slot read before its
    first write, or a write seen out of order, says nothing false either. (The failure
    counts only order guesses, never decide a verdict.)
    """

    _VERSION = struct.Struct("<Q")

    def __init__(self, length: int) -> None:
        self._length = length
        slot = self._VERSION.size + length
        # byte 0: set when the maker wants the partner gone; then one slot per process
        self._mem = mmap.mmap(-1, 1 + 2 * slot)
        self._mem[0:1] = b"\0"
        for side in (0, 1):
            start = 1 + side * slot
            self._mem[start : start + slot] = bytes(self._VERSION.size) + b"\xff" * length
        self._slot = slot
        self._side = 0  # 0 in the maker, 1 in the partner
        self._published = 0
        self._seen = 0
        self._maker = os.getpid()
        self.pid = 0

    def start(self, work: Callable[[Partner], None]) -> bool:
        """Fork the partner (where `Team.possible` says yes), which runs `work(self)` until
        it returns or is stopped; True in the maker when the partner runs (the partner never
        returns from here)."""
        ready_to_fork()
        stop_followers_with_this()
        try:
            with stops_held_back(_SUSPEND) as before:
                pid = _fork()
                if pid == 0:
                    self._run(work, before)
                self.pid = pid  # (known before a stop held back comes through)
                follow(pid)
        except OSError:
            return False
        return True

    def _run(self, work: Callable[[Partner], None], stops: frozenset[int]) -> NoReturn:
        """The partner's life (see `start`; `stops` as for `Team._run_child`)."""
        try:
            die_with_parent(self._maker)
            self._side = 1
            default_handlers(_RESET)
            release_held_stops(stops)
            work(self)
        except BaseException:
            pass  # its facts are hints to the maker, which finds them itself anyway
        finally:
            os._exit(0)

    def publish(self, blob: bytes) -> None:
        """Write what this process knows now (a state no weaker than its last one)."""
        start = 1 + self._side * self._slot
        head = start + self._VERSION.size
        self._mem[head : head + self._length] = blob
        self._published += 1
        self._mem[start:head] = self._VERSION.pack(self._published)

    def take(self) -> bytes | None:
        """What the other process has written since the last call, or None when nothing."""
        start = 1 + (1 - self._side) * self._slot
        head = start + self._VERSION.size
        (version,) = self._VERSION.unpack(self._mem[start:head])
        if version == self._seen:
            return None
        self._seen = version
        return self._mem[head : head + self._length]

    def stopped(self) -> bool:
        """(In the partner) has the maker stopped it, or gone?"""
        return self._mem[0] != 0 or _getppid() != self._maker

    def stop(self) -> None:
        """(In the maker) end the partner and wait for it; safe to call more than once."""
        if self.pid:
            self._mem[0:1] = b"\1"
            unfollow(self.pid)
            end_process(self.pid)
            self.pid = 0
        if not self._mem.closed:
            self._mem.close()


def end_process(pid: int) -> None:
    """Kill a child process and wait for it (nothing if it has gone already)."""
    try:
        _kill(pid, _SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass

