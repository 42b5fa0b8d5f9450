"""Long work off the app's main loop: solver runs in threads, puzzle generation in a process.

The screen starts a `Job`, keeps drawing (a spinner, the time so far) and polls `done` on
every tick (or `collect`s the result), so the interface never freezes; `cancel()` is always
immediate for the screen.

- `ThreadJob` runs a function in a daemon thread with a `CancelToken`; functions that can
  (the solver's event callback) check the token and stop early, others finish in the
  background and their result is dropped. Every solver call from the app also has a time
  budget, so no thread runs on for long.
- `ProcessJob` runs ``python -m numbrix_curses.jobs ...`` in its own session, away from the
  terminal (no stdin, no signals from the keyboard), reading JSON lines from its stdout;
  cancel kills it. Puzzle generation runs this way because it cannot be interrupted. While
  the app is suspended (Ctrl-Z) it stops them too (`children_stopped`).
- `when_done` lets a job's result still count after the screen that started it has gone
  (a grade that comes after its game was solved and closed).
- `SolveJob` solves a puzzle in a thread, and hands a search that runs past
  `ESCALATE_AFTER` to a `ProcessJob`: there, in a main thread of its own, the search may be
  shared among processes as `numbrix check` shares it (see `workers`), which a thread of the
  app cannot do.

Running this module generates one puzzle: ``python -m numbrix_curses.jobs generate ROWS COLS
DIFFICULTY SEED`` prints ``{"puzzle": TEXT}`` (the compact text format) or ``{"error": MSG}``;
``python -m numbrix_curses.jobs solve GIVENS SECONDS`` (GIVENS: the rows of givens as JSON)
prints the solver's answer (see `SolveJob`).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Generic, Iterator, TypeVar

from numbrix_curses.verdict import Status

T = TypeVar("T")


class Cancelled(Exception):
    """Raised inside a job's function when its token was cancelled."""


class CancelToken:
    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()

    def on_event(self, event: object) -> None:
        """A solver's `on_event` that stops the search once the token is cancelled."""
        self.check()


class Job(Generic[T]):
    """Work running elsewhere; poll `done`, then read `result` or `error`."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._result: T | None = None
        self._error: str | None = None
        self._ended = threading.Event()  # set once `_finish` has stored the outcome
        self.cancelled = False
        #: a short progress line from the work itself, when it reports one
        self.progress: str | None = None

    @property
    def done(self) -> bool:
        return self._ended.is_set() or self.cancelled

    @property
    def result(self) -> T | None:
        with self._lock:
            return self._result

    @property
    def error(self) -> str | None:
        with self._lock:
            return self._error

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def cancel(self) -> None:
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work has ended (for tests and benchmarks); True when it has."""
        return self._ended.wait(timeout)

    def _finish(self, result: T | None = None, error: str | None = None) -> None:
        with self._lock:
            if not self._ended.is_set():
                self._result, self._error = result, error
                self._ended.set()


def collect(job: Job[T] | None) -> tuple[Job[T] | None, T | None]:
    """A screen's poll of `job` on a tick: (`job`, None) while it runs; (None, its result)
    once it is done, the result None when it was cancelled or failed; (None, None) for no
    job. The screen keeps the first in place of `job`, so it takes a result once and can
    tell by its job being None that nothing runs."""
    if job is None or not job.done:
        return job, None
    return None, job.result


#: the threads `when_done` started (see `finish_follow_ups`)
_FOLLOW_UPS: list[threading.Thread] = []


def when_done(job: Job[T], then: Callable[[T], None]) -> None:
    """Call `then(result)` in a daemon thread once `job` has ended with a result (not when
    it failed or was cancelled): for work that should still count after the screen that
    started it has gone. An exception in `then` ends the thread quietly (the app is not
    told; `then` must keep its own failures harmless)."""

    def wait() -> None:
        job.wait()
        result = job.result
        if result is not None and not job.cancelled:
            try:
                then(result)
            except Exception:  # nobody is left to tell: see the docstring
                pass

    thread = threading.Thread(target=wait, daemon=True, name=f"after {job.label}")
    thread.start()
    _FOLLOW_UPS[:] = [t for t in _FOLLOW_UPS if t.is_alive()]  # (those that ended can go)
    _FOLLOW_UPS.append(thread)


def finish_follow_ups(seconds: float) -> None:
    """Give the threads of `when_done` up to `seconds` in all to end (the app calls this as
    it quits; a daemon thread would otherwise die with it)."""
    deadline = time.monotonic() + seconds
    while _FOLLOW_UPS:
        _FOLLOW_UPS.pop().join(max(0.0, deadline - time.monotonic()))


class FinishedJob(Job[T]):
    """Work done before anyone polled it: `result` is known from the start (a solve made
    on another screen, handed on rather than run again)."""

    def __init__(self, label: str, result: T) -> None:
        super().__init__(label)
        self._finish(result)


class ThreadJob(Job[T]):
    """`fn(token)` in a daemon thread."""

    def __init__(self, label: str, fn: Callable[[CancelToken], T]) -> None:
        super().__init__(label)
        self.token = CancelToken()
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True, name=label)
        self._thread.start()

    def _run(self, fn: Callable[[CancelToken], T]) -> None:
        try:
            self._finish(fn(self.token))
        except Cancelled:
            self._finish(error="cancelled")
        except Exception as error:  # a failed job is reported on screen, never a crash
            self._finish(error=f"{type(error).__name__}: {error}")

    def cancel(self) -> None:
        super().cancel()
        self.token.cancel()


#: the pids of the `ProcessJob` children not yet ended (see `children_stopped`); a set that
#: a signal handler copies in one step (`tuple`), never under a lock the interrupted thread
#: might hold
_LIVE_CHILDREN: set[int] = set()
#: the seconds the app has spent stopped (Ctrl-Z) since it started (see `stopped_seconds`)
_STOPPED = [0.0]


def stopped_seconds() -> float:
    """How long the app has been stopped by Ctrl-Z in all, as `children_stopped` measured:
    time nobody was there to wait for an answer, which a time budget should not count."""
    return _STOPPED[0]


@contextmanager
def children_stopped() -> Iterator[None]:
    """Stop the child of every `ProcessJob` for the block, and let them go on after it: the
    app wraps its own stop for Ctrl-Z in this (POSIX only; elsewhere it does nothing).

    A child has a session of its own, so the terminal's Ctrl-Z never reaches it, and a
    suspended app left a search or a puzzle being made running on every core. SIGTSTP asks
    the child to stop itself with the processes it forked (see `_stop_with_group`: it knows
    those that are not in its group); SIGCONT to its group lets them go on."""
    pids = tuple(_LIVE_CHILDREN) if hasattr(os, "killpg") else ()
    for pid in pids:
        _signal(pid, "SIGTSTP", group=False)
    stopped = time.monotonic()
    try:
        yield
    finally:
        _STOPPED[0] += time.monotonic() - stopped
        for pid in pids:
            _signal(pid, "SIGCONT", group=True)


def _signal(pid: int, name: str, group: bool) -> None:
    """Send the signal called `name` to a child (to its group with `group`), if it lives."""
    if hasattr(os, "killpg"):
        try:
            if group:
                os.killpg(pid, getattr(signal, name))  # (each child leads its own group)
            else:
                os.kill(pid, getattr(signal, name))
        except OSError:
            pass  # ended meanwhile


def _stop_with_group(signum: int, frame: object) -> None:
    """(In a child, on SIGTSTP from the app) stop this process and those of its group.

    SIGTSTP's default action would do nothing here: the child's group is orphaned (its
    parent is in another session), and the system drops a stop from the keyboard for such
    a group. SIGSTOP cannot be dropped. A shared search chains this handler after stopping
    the processes it shares the search with (those in groups of their own too: see
    `workers.follow`), and continues them once this one is continued."""
    if hasattr(os, "killpg"):
        os.killpg(0, signal.SIGSTOP)


class ProcessJob(Job[dict]):
    """A child process speaking JSON lines: ``{"progress": ...}`` then ``{"result": ...}`` or
    ``{"error": ...}``; the result is the last object's data."""

    def __init__(self, label: str, argv: list[str]) -> None:
        super().__init__(label)
        kwargs: dict[str, Any] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # no SIGINT/SIGHUP from our terminal
        else:
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        self._proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            **kwargs,
        )
        if os.name == "posix":
            _LIVE_CHILDREN.add(self._proc.pid)
        self._stderr_tail = ""
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    @property
    def pid(self) -> int:
        """The child's process id (it also leads a process group of its own on POSIX)."""
        return self._proc.pid

    def _read_err(self) -> None:
        assert self._proc.stderr is not None
        for line in self._proc.stderr:
            if line.strip():
                self._stderr_tail = line.strip()

    def _read_out(self) -> None:
        assert self._proc.stdout is not None
        final: dict | None = None
        for line in self._proc.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if "progress" in message:
                self.progress = str(message["progress"])
            else:
                final = message
        code = self._proc.wait()
        _LIVE_CHILDREN.discard(self._proc.pid)
        if self.cancelled:
            self._finish(error="cancelled")
        elif final is not None and "error" in final:
            self._finish(error=str(final["error"]))
        elif final is not None and code == 0:
            self._finish(result=final)
        else:
            why = self._stderr_tail or f"exit status {code}"
            self._finish(error=f"the worker failed ({why})")

    def cancel(self) -> None:
        super().cancel()
        if self._proc.poll() is None:
            try:
                self._proc.kill()
            except OSError:
                pass


#: A solve in the app's thread that has not ended after this many seconds goes on in a
#: process of its own that may share it among the cores (see `SolveJob`). Nearly every
#: puzzle a player meets is answered well before (bundled and generated puzzles up to
#: 15x15 in milliseconds); starting the process costs a few tenths of a second, and the
#: shared search answers long ones several times sooner (a sparse 10x20 board with several
#: solutions: 23 s in one process, 3.5 s shared between two).
ESCALATE_AFTER = 0.5
#: a search out of time because the app was stopped goes on only with at least this much of
#: its budget left (see `SolveJob`)
RETRY_LEAST = 1.0


def can_escalate() -> bool:
    """Would a solve in a process of its own be shared among several here (see
    `workers.Team.possible`: forking, and more than one core)?"""
    from numbrix_curses.workers import available_cores

    return os.name == "posix" and sys.platform != "darwin" and available_cores() > 1


class SolveJob(ThreadJob[Any]):
    """`solver.solve(puzzle, limit=2)` within `budget` seconds, off the app's main loop; the
    result is a `SolveResult`.

    The search starts in a thread, as `here(token, seconds)` (by default the solver itself,
    stopping when the token is cancelled). When it has not ended after `escalate_after`
    seconds and `can_escalate()`, it starts again in a child process (``jobs solve``) that
    shares it among the cores, with what is left of the budget; the thread's search is
    dropped. An answer from the child is believed only when its solutions solve the puzzle
    (two different ones for "multiple"); a child that fails in any way leaves the rest of
    the budget to `here` again, so a verdict never rests on a broken child. The time the
    app spends stopped (Ctrl-Z) is not counted against the budget.
    """

    def __init__(
        self,
        label: str,
        puzzle: Any,
        budget: float,
        here: Callable[[CancelToken, float], Any] | None = None,
        escalate_after: float = ESCALATE_AFTER,
    ) -> None:
        #: the child process, once the search has gone there
        self.child: ProcessJob | None = None
        self._here = here or _solve_in_thread(puzzle)
        super().__init__(label, lambda token: self._solve(token, puzzle, budget, escalate_after))

    def _solve(self, token: CancelToken, puzzle: Any, budget: float, escalate_after: float) -> Any:
        started, stopped_before = time.monotonic(), stopped_seconds()

        def left() -> float:
            """The budget left, not counting the time the app was stopped (Ctrl-Z)."""
            awake = time.monotonic() - started - (stopped_seconds() - stopped_before)
            return max(budget - awake, 0.001)

        if not can_escalate() or escalate_after >= budget:
            answer = self._here(token, budget)
        else:
            answer = self._here(token, escalate_after)
            if answer.status is Status.TIMEOUT:
                answer = self._in_child(token, puzzle, left())
                if answer is None:
                    answer = self._here(token, left())
        # A search that ran out of time while the app was stopped goes on with what is left
        # of the budget: its clock ran on meanwhile (a child's too), and a player back from
        # Ctrl-Z was told "out of time" at once.
        seen = stopped_before  # (the stops the last search knew of)
        while (answer.status is Status.TIMEOUT and stopped_seconds() > seen
               and left() > RETRY_LEAST):
            seen = stopped_seconds()
            answer = (self._in_child(token, puzzle, left()) if can_escalate() else None) or (
                self._here(token, left()))
        answer.stats.seconds = time.monotonic() - started
        return answer

    def _in_child(self, token: CancelToken, puzzle: Any, seconds: float) -> Any:
        """The answer of a child process given `seconds`, or None when it failed in any way
        (see `_answer_from`)."""
        child = self.child = ProcessJob(self.label, self.child_argv(puzzle, seconds))
        if token.cancelled:  # (cancelled while the child was being made)
            child.cancel()
        child.wait()
        token.check()
        return _answer_from(puzzle, child.result) if child.error is None else None

    @staticmethod
    def child_argv(puzzle: Any, seconds: float) -> list[str]:
        """The command of the child that goes on with the search."""
        givens = json.dumps(puzzle.givens.tolist())
        return [sys.executable, "-m", "numbrix_curses.jobs", "solve", givens, repr(seconds)]

    def cancel(self) -> None:
        super().cancel()
        if self.child is not None:
            self.child.cancel()


def _solve_in_thread(puzzle: Any) -> Callable[[CancelToken, float], Any]:
    def here(token: CancelToken, seconds: float) -> Any:
        from numbrix_curses import solver

        return solver.solve(puzzle, limit=2, timeout=seconds, on_event=token.on_event)

    return here


def _answer_from(puzzle: Any, message: dict | None) -> Any:
    """The `SolveResult` a ``jobs solve`` child printed, or None unless it is whole and its
    solutions solve `puzzle` (and differ, for "multiple")."""
    import numpy as np

    from numbrix_curses.solver import SolveResult, SolveStats

    if message is None:
        return None
    try:
        status = Status(message["status"])
        grids = [np.array(grid, dtype=np.int16).reshape(puzzle.rows, puzzle.cols)
                 for grid in message["solutions"]]
        stats = SolveStats(nodes=int(message["nodes"]), backtracks=int(message["backtracks"]))
        reason = str(message["reason"])
    except (KeyError, TypeError, ValueError):
        return None
    if not all(puzzle.is_solution(grid) for grid in grids):
        return None
    wanted = {Status.UNIQUE: 1, Status.MULTIPLE: 2, Status.NONE: 0}.get(status)
    if wanted is not None and len(grids) != wanted:
        return None
    if status is Status.MULTIPLE and np.array_equal(grids[0], grids[1]):
        return None
    return SolveResult(status, grids, stats, reason)


def _solve_here(givens: str, seconds: str) -> dict:
    """(In a ``jobs solve`` child) the solver's answer, shared among the cores."""
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.solver import solve
    from numbrix_curses.workers import default_workers

    puzzle = Puzzle.from_rows(json.loads(givens))
    result = solve(puzzle, limit=2, timeout=float(seconds), workers=default_workers())
    return {
        "status": result.status.value,
        "solutions": [grid.reshape(-1).tolist() for grid in result.solutions],
        "nodes": result.stats.nodes,
        "backtracks": result.stats.backtracks,
        "reason": result.reason,
    }


#: How long the app looks for the givens a puzzle with no solution was likely copied wrong
#: at (a solve a given, then a pair: up to 15x15 that is well under a second).
SUSPECTS_BUDGET = 20.0


def suspects_job(puzzle: Any, budget: float = SUSPECTS_BUDGET) -> ThreadJob[Any]:
    """`slips.find_suspects(puzzle)` within `budget` seconds, in a thread (cancel stops it);
    the result is a `slips.Suspects`."""

    def find(token: CancelToken) -> Any:
        from numbrix_curses.slips import find_suspects

        return find_suspects(puzzle, time.monotonic() + budget, token.on_event)

    return ThreadJob("suspects", find)


#: a puzzle without a difficulty (typed in, or from a newspaper's file) is graded beside the
#: app up to this many cells: a 20x20 grades in 1-8 s, larger ones could take minutes
GRADE_MOST_CELLS = 400


def grading_job(puzzle: Any, solution: Any) -> ThreadJob[str] | None:
    """The difficulty of a unique `puzzle` ("easy" ... "fiendish"), told its `solution`, in a
    thread (cancel stops it between steps); None for a puzzle too large to grade beside the
    app."""
    if puzzle.size > GRADE_MOST_CELLS:
        return None

    def grade(token: CancelToken) -> str:
        from numbrix_curses import assist

        return assist.grade_of(puzzle, solution, token.check)

    return ThreadJob("grade", grade)


def generation_job(
    rows: int, cols: int, difficulty: str, seed: int, pattern: str = "random"
) -> ProcessJob:
    """Generate one puzzle in a child process (givens placed by `pattern`: random,
    symmetric or border); the result holds ``"puzzle"`` (text)."""
    argv = [sys.executable, "-m", "numbrix_curses.jobs", "generate",
            str(rows), str(cols), difficulty, str(seed), pattern]
    return ProcessJob(f"generate {rows}x{cols} {difficulty} {pattern}", argv)


def _generate(rows: int, cols: int, difficulty: str, seed: int, pattern: str) -> dict:
    from numbrix_curses import generator
    from numbrix_curses.textformat import format_compact

    puzzle = generator.generate_puzzle(rows, cols, difficulty, seed, pattern=pattern)
    return {"puzzle": format_compact(puzzle)}


#: how often (seconds) a job's process looks whether the app that started it is still there
ORPHAN_CHECK_SECONDS = 0.5


def _end_when_orphaned() -> None:
    """Watch, in a daemon thread, for the app that started this job to be gone (killed at
    once, so it could not stop the job): the job and the processes it forked then end. A
    sparse 30x30 solve went on for its whole time limit, a core busy for nothing. (Not on
    Windows: no process groups there; the job ends at its time limit.)"""
    # (only where the job leads its own process group, as `ProcessJob` starts it: run any
    # other way, the group may hold the caller)
    if hasattr(os, "killpg") and hasattr(os, "getpgid") and os.getpgid(0) == os.getpid():
        parent = os.getppid()

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(ORPHAN_CHECK_SECONDS)
            os.killpg(os.getpid(), signal.SIGKILL)

        threading.Thread(target=watch, daemon=True, name="orphan watch").start()


def _worker(argv: list[str]) -> int:
    out = sys.stdout
    _end_when_orphaned()
    if hasattr(signal, "SIGTSTP"):
        signal.signal(signal.SIGTSTP, _stop_with_group)
    try:
        if len(argv) == 3 and argv[0] == "solve":
            message = _solve_here(argv[1], argv[2])
        elif len(argv) == 6 and argv[0] == "generate":
            rows, cols, difficulty, seed = int(argv[1]), int(argv[2]), argv[3], int(argv[4])
            message = _generate(rows, cols, difficulty, seed, argv[5])
        else:
            raise ValueError(
                "usage: generate ROWS COLS DIFFICULTY SEED PATTERN | solve GIVENS SECONDS")
    except Exception as error:  # reported to the app as a message, never a traceback
        message = {"error": f"{error}" or type(error).__name__}
    out.write(json.dumps(message) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(_worker(sys.argv[1:]))
