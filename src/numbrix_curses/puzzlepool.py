"""Many puzzles from one seed, in order, made in a pool of processes where that is asked.

This module owns `generate_many`: the k-th puzzle of a run made from `puzzle_seed(seed, k)`,
so the output is the same puzzles in the same order however many processes make them. With
more than one job it drives a process pool: a few puzzles per worker in flight, the workers
started with Ctrl-C ignored (the parent stops them) and watching that their maker is still
there, suspended along with this process on Ctrl-Z, ended at once when the run is
interrupted or abandoned, and, where one dies or no pool can be made, the rest of the
puzzles made in this process instead.
"""
from __future__ import annotations

import os
import time
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterator

from numbrix_curses.generator import Generated, generate, puzzle_seed
from numbrix_curses.genspec import Spec
from numbrix_curses.workers import (
    STOPPING_NAMES,
    SUSPEND_SIGNALS,
    alive,
    default_handlers,
    follow,
    release_held_stops,
    stop_followers_with_this,
    stops_dropped,
    stops_held_back,
    unfollow,
)

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def generate_many(
    spec: Spec,
    count: int,
    seed: int,
    jobs: int = 1,
    on_done: Callable[[int, Generated], None] | None = None,
    on_forked: Callable[[], None] | None = None,
    on_lost_worker: Callable[[int], None] | None = None,
) -> Iterator[Generated]:
    """Yield `count` puzzles for `spec` in order, the k-th from `puzzle_seed(seed, k)`.

    With `jobs` > 1 the puzzles are made in that many processes; the output is the same
    puzzles in the same order as with one. `on_done(k, generated)` is called as each is
    yielded; `on_forked()` once this process will fork no more (at once when it forks no
    worker): from then on a thread of the caller's may write to the terminal without a
    fork copying a lock it holds. Where a worker dies (killed from outside, or by the
    system short of memory), the pool cannot go on: the puzzles from the k-th on are made
    in this process, after `on_lost_worker(k)`, the same ones, rather than lost.
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    # Seeds are made as they are needed, never listed: a run of millions of puzzles piped
    # into `head` must show its first puzzle at once, in constant memory.
    seeds = (puzzle_seed(seed, k) for k in range(count))
    if jobs <= 1 or count == 1:
        if on_forked is not None:
            on_forked()
        for k, s in enumerate(seeds):
            made = generate(spec, s)
            if on_done is not None:
                on_done(k, made)
            yield made
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    workers = min(jobs, count)
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers, initializer=_ignore_interrupts, initargs=(os.getpid(),)
        )
    except (NotImplementedError, OSError):
        # No process pool here (a system without working semaphores, some containers):
        # the same puzzles, made one after another.
        yield from generate_many(spec, count, seed, 1, on_done, on_forked)
        return
    try:
        # A few puzzles per worker in flight keeps every worker busy while the caller
        # takes them in order; more would only pile up finished puzzles in memory. (The
        # first submit forks the workers: see `stops_held_back`. A Ctrl-Z too, as the workers
        # stop with this process: see `workers.follow`.)
        stop_followers_with_this()
        with stops_held_back(SUSPEND_SIGNALS):
            pending = deque(pool.submit(generate, spec, s) for s in islice(seeds, 2 * workers))
            for pid in list(getattr(pool, "_processes", None) or ()):
                follow(pid)
        # (a pool that forks starts all its workers at the first submit, and never another
        # while it works: it breaks rather than replace one that died)
        if on_forked is not None:
            on_forked()
        k = 0
        broken = False
        while pending and not broken:
            try:
                made = pending.popleft().result()
            except BrokenProcessPool:
                break
            following = next(seeds, None)
            if following is not None:
                try:
                    # (a stop raised inside `submit` would keep the pool's lock: held back
                    # until it is out, see `_stop_workers`)
                    with stops_held_back():
                        pending.append(pool.submit(generate, spec, following))
                except BrokenProcessPool:
                    broken = True  # (this one is made: yielded, the rest made here)
            if on_done is not None:
                on_done(k, made)
            yield made
            k += 1
    except BaseException:
        # interrupted, failed or abandoned by the caller: stop the workers now instead of
        # letting them finish puzzles nobody will read
        _stop_workers(pool)
        raise
    if k < count:  # (the pool broke: a worker died)
        _stop_workers(pool)
        if on_lost_worker is not None:
            on_lost_worker(k)
        for j in range(k, count):
            made = generate(spec, puzzle_seed(seed, j))
            if on_done is not None:
                on_done(j, made)
            yield made
        return
    with stops_held_back():  # (see `submit` above)
        _unfollow_workers(pool)
        pool.shutdown(wait=True)


def _unfollow_workers(pool: ProcessPoolExecutor) -> None:
    """No longer stop the workers of `pool` with this process (see `workers.follow`): they
    are about to end and be reaped."""
    for pid in list(getattr(pool, "_processes", None) or ()):
        unfollow(pid)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End every worker of `pool` and drop the work queued, even when a second Ctrl-C or
    SIGTERM comes meanwhile (it is dropped: the caller is stopping already). Cut short, this
    left workers running, and the interpreter waited for them at exit: a second Ctrl-C
    right after the first hung `generate` until its last puzzle was made."""
    while True:
        try:
            # (the stops are dropped, so none raises while the pool holds its lock, which
            # it would keep: the interpreter waited on it for good as it exited; off the
            # main thread, where they cannot be, they are caught below)
            with stops_dropped():
                # (taken first: `shutdown` forgets it)
                manager = getattr(pool, "_executor_manager_thread", None)
                _unfollow_workers(pool)
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
                pool.shutdown(wait=False, cancel_futures=True)
                if manager is not None:
                    # The pool's own thread ends once the workers have: let it, for a
                    # while. At exit, Python wakes that thread without the lock it closes
                    # its pipe under, and a thread still closing made the wakeup fail
                    # ("OSError: [Errno 9] Bad file descriptor", printed after
                    # "interrupted") now and then.
                    manager.join(_STOP_WAIT)
            return
        except Exception:
            raise  # (a fault is the caller's to hear of, as before)
        except BaseException:  # a Ctrl-C or stop on top of the one being handled: go on
            continue


#: the longest a stop waits for the pool's thread to wind up (seconds; see `_stop_workers`)
_STOP_WAIT = 5.0
#: how often a generating worker looks whether the process that started it is still there
_PARENT_CHECK_SECONDS = 1.0


def _ignore_interrupts(parent: int) -> None:
    """Worker start-up: Ctrl-C is for the parent, which stops the workers itself (SIGTERM
    and SIGHUP too, through `cli.stops.stops_raised`). A parent
    killed outright (SIGKILL) cannot, so a worker also ends on its own once the process
    that made the pool (`parent`, its pid) is gone, rather than run on for nobody."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # (a forked worker inherits the command's handlers, which raise in the command: the
    # parent ends a worker with SIGTERM, which must simply end it)
    default_handlers(getattr(signal, name) for name in (*STOPPING_NAMES, "SIGTSTP")
                     if hasattr(signal, name))
    release_held_stops()  # (held since the fork: a Ctrl-C that came meanwhile is dropped now)
    # (a parent gone shows as a new parent id on POSIX systems only)
    if os.name == "posix":
        # Its own parent id changes when its parent dies; but that parent may be a fork
        # server rather than the pool's maker, and a maker killed while this worker was
        # starting is gone before the id could be read: so the maker's pid is watched too.
        starting = os.getppid()

        def watch() -> None:
            while os.getppid() == starting and alive(parent):
                time.sleep(_PARENT_CHECK_SECONDS)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
