"""What the scout searches, and how its answer reads (the process itself: `numbrix_curses.scout`).

The scout runs the same search as the main one over the whole tree from the givens, with
less probing: none on boards up to `DIVES_UP_TO` cells, where it lays one run after another
(a dive, see `Search.dive`), and only the run ends on larger ones. It stops at two solutions,
at the end of the tree, or after `SCOUT_SECONDS`. Its verdicts are as sound as the main
search's (the same deductions, the same tree); its solutions are checked again on arrival.

Boards made from clue-minimal ones by taking one given away, the time to two solutions,
median of each kind of scout (and of the main search alone): 9x9 7 ms without probing and
14 ms probing the run ends (17 ms); 12x12 190 ms and 85 ms (74 ms), yet the scout without
probing wins on the boards where the main search is slow, so the pair is quickest so; 15x15
1.5 s and 0.19 s (0.25 s); 10x20 0.5 s and 0.15 s (0.18 s). Boards past 15x15 have a partner
on the other core instead (see `workers.Partner`); a scout there won on one board in eight.
"""
from __future__ import annotations

import struct
import time
from typing import Callable

import numpy as np

from numbrix_curses.constraints import Contradiction
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.scout import Scout
from numbrix_curses.solver.board import SearchTimeout
from numbrix_curses.solver.search import ProbeDepth, Search
from numbrix_curses.workers import PIPE_BUF, Broken, grid_of, path_of

#: whether a search that may use more than one process sends a scout at all (the tests of
#: sharing a search among processes turn it off, to have the second core to share)
ENABLED = True
DIVES_UP_TO = 160
# How long the scout looks for two solutions before it gives up (seconds). A shared search
# hands out no work meanwhile, as on a two-core machine the two would share one core, so the
# long proofs pay for it: the benchmark's clue-minimal 15x15 boards, two processes, 3.8 s in
# all with 0.2 s, 4.4 s with 0.5 s, 3.6 s without a scout, while the boards made from them
# with several solutions took a median 0.17 s (0.21 s without). The scout wins within its
# first tenth of a second or late (once at 10x20, after 5 s).
SCOUT_SECONDS = 0.2
# jobs: rows, cols, the scout's deadline (a `time.monotonic()` instant, the same clock in
# every process here), then the givens; answers: exhausted, solutions, then their paths
_JOB = struct.Struct("<HHd")
_ANSWER = struct.Struct("<?B")
_LARGEST_MESSAGE = PIPE_BUF - 8  # (a message goes in one pipe write, after its header)


def fits(puzzle: Puzzle) -> bool:
    """Is scouting on and can a job and answer on `puzzle` go in one message each?"""
    longest = max(_JOB.size + 2 * puzzle.size, _ANSWER.size + 2 * 2 * puzzle.size)
    return ENABLED and longest <= _LARGEST_MESSAGE


def send(puzzle: Puzzle, deadline: float | None) -> tuple[Scout, int, float] | None:
    """Hand `puzzle` to the process's scout: (scout, job, when it will give up), or None
    when there is none."""
    scout = Scout.shared(serve)
    if scout is None:
        return None
    until = time.monotonic() + SCOUT_SECONDS
    if deadline is not None:
        until = min(until, deadline)
    job = scout.submit(
        _JOB.pack(puzzle.rows, puzzle.cols, until) + puzzle.givens.astype("<u2").tobytes()
    )
    return (scout, job, until) if job else None


def serve(payload: bytes, stop: Callable[[], bool]) -> bytes | None:
    """(In the scout) search the board of a job: the answer, or None if it gave up."""
    rows, cols, deadline = _JOB.unpack_from(payload)
    givens = np.frombuffer(payload, dtype="<u2", offset=_JOB.size).astype(np.int16)
    puzzle = Puzzle(givens.reshape(rows, cols))
    search = Search(puzzle.geometry, puzzle, None)
    search.cancelled = stop
    if puzzle.size <= DIVES_UP_TO:
        search.diving = True
    else:
        search.probe_depth = ProbeDepth.RUN_ENDS
    try:
        search.setup()
        exhausted = search.run(2, deadline)
    except (Contradiction, SearchTimeout):
        return None  # (the main search says "none" as soon)
    grids = search.solutions[:2]
    return _ANSWER.pack(exhausted, len(grids)) + b"".join(path_of(grid) for grid in grids)


def read_answer(puzzle: Puzzle, answer: bytes) -> tuple[bool, list[np.ndarray]]:
    """(exhausted, solutions) from a scout's `answer` on `puzzle`; raises `Broken` if it
    does not hold (the caller then searches alone)."""
    if len(answer) < _ANSWER.size:
        raise Broken("the scout's answer is cut short")
    exhausted, count = _ANSWER.unpack_from(answer)
    body = answer[_ANSWER.size :]
    if len(body) != 2 * puzzle.size * count:
        raise Broken("the scout's answer is cut short")
    grids = []
    for k in range(count):
        path = body[2 * puzzle.size * k : 2 * puzzle.size * (k + 1)]
        grid = grid_of(path, puzzle.rows, puzzle.cols)
        if not puzzle.is_solution(grid):
            raise Broken("the scout sent a grid that is not a solution")
        grids.append(grid)
    return exhausted, grids
