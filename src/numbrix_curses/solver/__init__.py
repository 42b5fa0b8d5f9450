"""The search that solves a Numbrix puzzle and proves its solution unique (or finds two, or none).

`solve(puzzle, limit=2)` answers unique, multiple (with two different solutions), none or
timeout; `count_solutions` counts to a limit (the generator calls `solve` itself, for its
statistics and guess cap); `Deductions` runs the search's
sound deductions alone, for the deduction engine's trials. The search inside, layer on layer
(each class adds to the one before):

- `board`:     the board state (candidate cells per number, as bitmasks) and its trail;
- `propagate`: the sound deductions, brought to a fixed point (reach, parity, dead ends,
               pockets, corridors, cut cells, crossings, ports);
- `ports`:     the regions the path enters by few edges, and whether they can be filled;
- `probe`:     trying placements one level ahead and keeping what every trial agrees on;
- `search`:    guessing, backtracking, restarts, and sharing the tree among processes;
- `partner`:   what the search trades with the process probing its root beside it;
- `twin`:      a second solution next to a first, by local rewiring;
- `side`:      a search without probing that gets turns until a first solution;
- `scouting`:  the search a second process runs beside this one, probing little, which
               often meets two solutions first (see `numbrix_curses.scout`);
- `results`:   what a solve returns and what a watcher is told.

The timings and guess counts quoted in comments in these modules were measured when each
rule or constant was chosen, on the solver as it stood then; later rules changed many of
them (a number narrowed to one cell outside the drain was guessed until late on, which
inflated every guess count before that). They say why a choice was made; `make bench` gives
today's numbers, and a choice worth revisiting is one whose reason no longer holds there.
"""
from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from typing import Callable, Iterator

import numpy as np

from numbrix_curses.constraints import Contradiction
from numbrix_curses.puzzle import Geometry, Puzzle
from numbrix_curses.solver.board import SearchTimeout, Stuck
from numbrix_curses.solver.partner import traded_length
from numbrix_curses.solver.propagate import Propagation
from numbrix_curses.solver import scouting
from numbrix_curses.solver.side import SideSearch
from numbrix_curses.solver.results import EventKind, SearchEvent, SolveResult, SolveStats, Status
from numbrix_curses.solver.search import ScoutAnswered, Search, differs_from_all
from numbrix_curses.solver.twin import twin_path
from numbrix_curses.workers import Broken, Enough, Partner, Team, grid_of

__all__ = [
    "Deductions",
    "EventKind",
    "SearchEvent",
    "SolveResult",
    "SolveStats",
    "Status",
    "Stuck",
    "count_solutions",
    "solve",
    "twin_path",
]


def solve(
    puzzle: Puzzle,
    limit: int = 2,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
    timeout: float | None = None,
    max_nodes: int | None = None,
    workers: int = 1,
    clock: Callable[[], float] = time.monotonic,
) -> SolveResult:
    """Solve `puzzle`, stopping at `limit` solutions (2 proves uniqueness).

    `deadline` is a `time.monotonic()` instant, `timeout` a number of seconds from now; past
    either the result has status TIMEOUT and the solutions found so far; so it has past
    `max_nodes` guesses (a budget that, unlike a clock, gives the same answer on every
    machine). `on_event` receives every placement and removal, for animating the search.
    With `workers` > 1, a search that runs long is shared among that many processes where
    the system allows it (see `workers.Team.possible`); the answer is the same.

    `clock` is what `deadline` and `timeout` count in: `time.process_time` makes them this
    process's CPU time, so a machine busy with other work, or a process suspended a while,
    ends the search where an idle one would (the generator's guards: a seed's puzzle must
    not depend on the load). The search then stays in this process.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    start = time.monotonic()
    if timeout is not None:
        end = clock() + timeout
        deadline = end if deadline is None else min(deadline, end)
    shared = (
        limit >= 2
        and on_event is None
        and max_nodes is None
        and clock is time.monotonic  # (other processes' CPU time is not this one's)
        and Team.possible(workers, puzzle.size)
    )
    with _without_cycle_collector():
        try:
            result = _solve(puzzle, limit, deadline, on_event, max_nodes,
                            workers if shared else 1, clock)
        except Broken:
            # A process of the shared search failed: search again alone rather than trust it.
            result = _solve(puzzle, limit, deadline, on_event, max_nodes, 1, clock)
    result.stats.seconds = time.monotonic() - start
    return result


@contextmanager
def _without_cycle_collector() -> Iterator[None]:
    """Run the block with Python's cycle collector off, as it was before afterwards.

    The search makes no reference cycles (its trail, frames and memo tables hold ints,
    tuples and lists; a test checks that it leaves nothing for the collector), so reference
    counting frees all it drops. But it makes millions of small tuples, and the collector
    would walk the young ones every 700 allocations: 5-8% of a search's time.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _solve(
    puzzle: Puzzle,
    limit: int,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
    max_nodes: int | None,
    workers: int,
    clock: Callable[[], float],
) -> SolveResult:
    search = Search(puzzle.geometry, puzzle, on_event)
    search.max_nodes = max_nodes
    search.clock = clock
    if on_event is None and max_nodes is None and clock is time.monotonic:
        # (a watcher replays one search's moves; a guess budget gives the same answer on
        # every machine, which turns that end by the clock would not)
        search.side = SideSearch(puzzle)
    team = search.team = Team(workers, limit) if workers > 1 else None
    if team is not None and search.root_probe_steps:
        search.partner = Partner(traded_length(search.last, puzzle.size))
    # (a deep root has its partner on the other core instead of a scout)
    scouts = (
        team is not None and not search.root_probe_steps and limit == 2 and scouting.fits(puzzle)
    )
    reason = ""
    solutions = search.solutions
    try:
        search.setup()
        if scouts:
            sent = scouting.send(puzzle, deadline)
            if sent is not None:
                search.watch_scout(*sent)
        try:
            exhausted, solutions = _search(search, puzzle, limit, deadline, on_event)
        except ScoutAnswered as scout:
            # the same search over the whole tree, probing less (see `scouting`)
            exhausted, theirs = scouting.read_answer(puzzle, scout.answer)
            solutions = _merged(theirs, search.solutions)
            if exhausted and len(solutions) > len(theirs) and len(solutions) < limit:
                # It searched everything, yet missed a solution found here: not believed.
                raise Broken("the scout's search missed a solution")
        found = len(solutions)
        if found >= 2:
            status = Status.MULTIPLE
        elif found == 1:
            # With limit=1 the search stops at the first solution: no proof of uniqueness.
            status = Status.UNIQUE if exhausted else Status.SOLVED
        else:
            status = Status.NONE
    except Contradiction as why:
        status, reason = Status.NONE, str(why)
    except SearchTimeout:
        status = Status.TIMEOUT
    finally:
        if search.side is not None:
            search.stats.nodes += search.side.nodes
            search.stats.backtracks += search.side.backtracks
        if search.partner is not None:
            search.partner.stop()  # (a search that ended before its root check)
        search.forget_scout()
        if team is not None:
            team.close()
    return SolveResult(status, solutions[:limit], search.stats, reason)


def _search(
    search: Search,
    puzzle: Puzzle,
    limit: int,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> tuple[bool, list[np.ndarray]]:
    """Run `search` (set up) to its end, with the processes it shares the tree with:
    (exhausted, solutions)."""
    # A dive's abandoned solution would confuse a watcher replaying events, so a watched
    # search goes straight to the full search.
    if limit == 2 and on_event is None and search.dive(deadline):
        return len(search.solutions) < 2, search.solutions
    try:
        exhausted = search.run(limit, deadline)
    except Enough:
        exhausted = False
    side = search.side
    team = search.team
    if team is None or not team.shared or (side is not None and side.settled):
        # (a side search that settled it searched the whole tree, or found two solutions)
        return exhausted, search.solutions
    team.finish(search.solutions, deadline)
    solutions = search.solutions + [
        grid_of(path, puzzle.rows, puzzle.cols) for path in team.solutions(search.solutions)
    ]
    exhausted = exhausted and team.all_exhausted
    search.stats.nodes += team.child_nodes
    search.stats.backtracks += team.child_backtracks
    if team.timed_out and len(solutions) < limit:
        raise SearchTimeout
    if not exhausted and len(solutions) < limit:
        # Only a process that found its own `limit` solutions stops early, and
        # it reports them all; anything else means a part went unsearched.
        raise Broken("a part of the search ended early")
    return exhausted, solutions


def _merged(own: list[np.ndarray], more: list[np.ndarray]) -> list[np.ndarray]:
    """`own` solutions, then those of `more` that differ from them."""
    solutions = list(own)
    for grid in more:
        if differs_from_all(grid, solutions):
            solutions.append(grid)
    return solutions


def count_solutions(puzzle: Puzzle, limit: int = 2, deadline: float | None = None) -> int:
    """How many solutions `puzzle` has, counting no further than `limit`.

    Raises TimeoutError when `deadline` (a `time.monotonic()` instant) passes first.
    """
    result = solve(puzzle, limit=limit, deadline=deadline)
    if result.status is Status.TIMEOUT:
        raise TimeoutError("solver ran out of time")
    return len(result.solutions)


class Deductions:
    """The solver's deductions on a partly filled board, never a guess: a board state that
    follows an assumption through to a contradiction (the deduction engine's trials use it,
    so a trial and the search agree by construction).

    `pos[v]` is v's cell or -1, `dom[v]` a sound set of candidate cells for each missing v
    (bit i = cell i), `free` the empty cells; both lists are indexed by number (entries 0
    and last + 1 are unused). `assume` and `run` raise `Stuck` when the
    board cannot be completed; `copy` gives an independent board to try something on.
    """

    __slots__ = ("_board",)

    def __init__(
        self,
        geo: Geometry,
        pos: list[int],
        dom: list[int],
        free: int,
        odd_colour: int | None,
    ) -> None:
        self._board = Propagation(geo)
        self._board.load(pos, dom, free, odd_colour)

    def copy(self) -> Deductions:
        other = Deductions.__new__(Deductions)
        other._board = self._board.fork()
        return other

    @property
    def geo(self) -> Geometry:
        return self._board.geo

    @property
    def last(self) -> int:
        return self._board.last

    @property
    def pos(self) -> list[int]:
        return self._board.pos

    @property
    def dom(self) -> list[int]:
        return self._board.dom

    @property
    def free(self) -> int:
        return self._board.free

    def assume(self, number: int, cell: int) -> None:
        """Put `number` on `cell` (raises `Stuck` if it cannot stand there); then `run`."""
        if self._board.pos[number] >= 0:
            raise Stuck
        self._board._place(number, cell)

    def run(self) -> None:
        """Deduce to a fixed point; raises `Stuck` on a contradiction."""
        self._board._settle()
