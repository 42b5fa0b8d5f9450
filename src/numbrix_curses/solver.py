"""The search that solves a Numbrix puzzle and proves its solution unique (or finds two, or none).

Short runs first, two strokes: `_check` brings the board to a fixed point of sound deductions
and picks the run (segment of missing numbers) that has the fewest ways to go on, and among
equals the one refuted most often so far; `_wiggle` lays that run one cell further, trying
each cell the run's next number can take, and hands the board back to `_check`. Counting
stops at `limit` solutions.

State is a set of candidate cells per number, kept as bitmasks (`dom[v]`, bit i = cell i):
- reach: number v must stand next to a candidate of v-1 and of v+1, through free cells, which
  is breadth-first distance and checkerboard parity to both placed ends of its run at once;
- every free cell must be a candidate of some missing number; a cell with one candidate
  number gets it; a number with one candidate cell goes there;
- dead ends: a free cell with fewer than two usable neighbours can only hold 1 or the last
  number;
- regions: every pocket of free cells is filled by whole runs (a run's cells are connected),
  so the runs that can enter a pocket must add up to its size and to its colour counts, and a
  run that fits only one pocket is confined to it.
- pairs: a cell whose only neighbour for v-1 and for v+1 is one and the same cell cannot
  hold v (v needs two different neighbours);
- corridors: a free cell that cannot hold 1 or the last number, with exactly two usable
  neighbours, is joined by the path to both; so a number on one of those neighbours must have
  the corridor cell among the candidates of its predecessor or successor. A cell joined to as
  many corridor cells as it has joins left is full, and no other neighbour can use it, which
  can make more corridors; so can the loop rule: where the two ends of a chain of joined
  cells touch, the path cannot take the edge between them (it would close a loop). Corridors
  found on a board stay corridors on every board the search reaches from it, so the drain
  applies them to each number it revises until the search backtracks past where they were
  found;
- cut cells (at search nodes): a run that alone fills a pocket passes each cell that splits
  the pocket once, from one part into the other, which fixes the number on that cell and the
  side of the run's other numbers, or shows the pocket cannot be filled; in a pocket that
  several runs share, a part behind a cut cell holds the end of some run, and when only one
  run end can lie there, that run fills the part from its end up to the cut cell;
- crossings (at search nodes and in probe trials): two runs that lie in one pocket cannot
  both be laid when their placed ends come round the pocket's outside in the order a, b,
  a, b;
- probing: each run end with at most three candidate cells is tried on each of them; a
  cell whose trial settles into a contradiction is struck, and every number keeps only the
  cells some surviving trial left it. When the run ends give nothing more, each short run
  between two placed numbers is laid whole in every way it can go (when there are few);
  then free cells that few numbers can reach are probed the same way, each of those
  numbers tried on the cell ("few" grows with the guesses made, and on boards past 15x15
  starts high at the root). Probing repeats while it changes the board (passes are
  remembered while the board around the run end, run or cell is unchanged). Early in a
  search, a placement that a passing trial settled into is not tried again at the same
  node. A trial that fills the board has met a solution, which is kept: on small boards
  with several solutions both are often met before any guess.
Until a first solution turns up, the search starts again now and then (after 64 guesses, then
128 more, ...), with what it learnt of where refutations come from (see `_restart`), and
after every other restart with its first choice turned round; on boards past 15x15, where
guesses are dear, only after 256 guesses; never in a part of the search that another
process handed over (it is searched to its end either way).
After a first solution, a "twin" is looked for by rewiring a stretch of the path that holds
no given; on open boards a quick run-by-run dive looks for that pair before the full search.
Every change is written to a trail and undone on backtracking; nothing is copied per node.
A long search may be shared among forked processes (`workers.py`): each takes the part of
the tree where one of the others' guesses is wrong. Before the first guess there is nothing
to share, yet on boards past 15x15 the root's probing takes seconds; there a partner process
probes the same root with the board turned round, and the two trade what they strike
(`_root_check`).

The timings and guess counts quoted in comments below were measured when each rule or
constant was chosen, on the solver as it stood then; later rules changed many of them (a
number narrowed to one cell outside the drain was guessed until late on, which inflated
every guess count before that). They say why a choice was made; `make bench` gives today's
numbers, and a choice worth revisiting is one whose reason no longer holds there.
"""
from __future__ import annotations

import gc
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from functools import reduce
from itertools import compress, repeat
from operator import and_, itemgetter, ne, or_
from typing import Any, Callable, Iterator

import numpy as np

from numbrix_curses.constraints import (
    Contradiction,
    colour_mask,
    components,
    cut_cells,
    number_colour,
    odd_colour_count,
    odd_number_colour,
    outer_walk,
)
from numbrix_curses.constraints import segments as segments_of
from numbrix_curses.puzzle import Geometry, Puzzle, at_least_two_and_three, path_to_grid
from numbrix_curses.workers import Broken, Enough, Partner, Team, path_cells

# Probing looks only at run ends with at most this many candidate cells (more costs more
# than it saves, measured on clue-minimal 9x9 and 12x12 boards).
_PROBE_MAX_CELLS = 3
# How far (in steps) around a run end the board must be unchanged to trust an earlier probe.
_PROBE_ZONE_STEPS = 3
# Probing a free cell tries each number that can reach it, on cells few numbers reach first.
# How many is "few" grows with the guesses a search has made: a board answered in a handful
# of guesses (an easy one, or one with several solutions, where probing refutes nothing) is
# answered sooner by cheap probing; a long proof gets the deep probing that shortens it most
# (clue-minimal 12x12 to 15x15 boards: 20 to 60 times fewer guesses, 2 to 4 times less time).
_CELL_PROBE_FIRST = 4
_CELL_PROBE_MOST = 12
_CELL_PROBE_GUESSES_PER_STEP = 8
# Before the first guess, large boards probe deeper from the start: every guess there costs
# a tenth of a second, and what the root settles holds in the whole tree. One step more per
# this many cells past the size where the root starts to pay (20x20: twelve, the deepest).
_ROOT_PROBE_FROM_CELLS = 225
_ROOT_PROBE_CELLS_PER_STEP = 20
# Trials on placements that a passing trial settled into are skipped while the search has
# made fewer guesses than this, on boards without a deep root (see `_note_implied`). One
# process, 156 boards with several solutions made from clue-minimal 12x12, 10x20 and 15x15
# ones: 47.9 s against 51.2 s with 8; with 32, 10x20-multiple-01 took twice as long.
_SKIP_IMPLIED_NODES = 16
# Runs between two placed numbers are laid whole in trials (see `_probe_runs`) when they
# are at most this long and can be laid in at most this many ways (20x20-minimal-03, one
# process: 88 guesses against 609; at 32 ways and 12 numbers, 192), on boards of at least
# this many cells. On smaller boards a guess is cheap and most searches are short, so the
# trials cost more than the guesses they save (one process, medians: clue-minimal 12x12
# 95 ms against 68 ms, 6x10 boards with several solutions 100 ms against 37 ms).
_RUN_PROBE_LONGEST = 16
_RUN_PROBE_MOST_WAYS = 64
_RUN_PROBE_FROM_CELLS = 200
# Boards with a deep root (past 15x15, where a guess costs a tenth of a second) lay longer
# runs with more ways. 26 clue-minimal 20x20 boards (the benchmark's 16 and 10 made by
# `numbrix generate --clues 1`), two processes: 72 s in all against 100 s with runs of at
# most 20 and 128 ways (20x20-minimal-10: 14.5 s against 27.9 s), and the benchmark's 8
# multiple boards 23.2 s against 23.6 s. One process: 108 s against 128 s (384 ways: 112 s,
# with one board at 39 s). On 10x20 and 15x15 deep limits cost more than they save (15x15
# minimal 8.2 s against 7.2 s).
_RUN_PROBE_LONGEST_DEEP = 24
_RUN_PROBE_MOST_WAYS_DEEP = 256
# Listing a run's ways gives up after this many dead partial ways per way wanted. In an
# open part of a sparse board one listing could take a million steps before it found more
# ways than wanted (open-20x20-sparse in benchmarks/hard: 22 of its first 30 s). The
# listings that succeed on the benchmark's corpus need at most 12,000 steps of either kind,
# under the bound at both limits, so what they lay is unchanged.
_WAYS_STEPS_PER_WAY = 40
# Probe trials look for runs that would cross (see `_crossing`) on boards of at least this
# many cells. Smaller boards rarely have room for it, and their trials are cheap: there the
# look cost 8 to 15% of the time of clue-minimal 12x12 boards and saved no guess.
_CROSSING_TRIALS_FROM_CELLS = 200
# Until it meets a first solution, the search starts again from where no process shares it
# after this many guesses, then after twice as many as the time before (see `_restart`).
# Sparse 12x12, 10x20 and 15x15 boards with several solutions (random paths, 8-14% of the
# numbers given, 20 s each): one process, 3 of 90 time out against 8, 137 s in all against
# 217 s; two processes (10x20 and 15x15), 4 of 60 against 5, 127 s against 144 s. A first
# restart after 32 or 128 guesses did worse (5 timeouts, 192 and 190 s, one process), so
# did Luby's sequence (32 or 64 guesses a unit: 210 and 153 s): restarts are chaotic, and
# this choice holds for that set of boards, not beyond doubt. A restart after a first
# solution only delays the proof (10x20-minimal-02: 9.4 s against 5.9 s), so there are none
# then. Boards with a deep root (past 15x15) restart later (see below): a guess there costs
# a tenth of a second, which a restart throws away by the hundred.
_RESTART_FIRST = 64
# Past 15x15 the first restart comes this late: no clue-minimal 20x20 board of 26 (the
# benchmark's and ten made by the generator) takes that many guesses in one process, and a
# restart after 64 made 20x20-minimal-10 twice as slow (29.7 s against 14.6 s, two
# processes). Boards with several solutions that the search thrashes on do take that many:
# of ten 14x14-21x21 soak boards that timed out (one process, 60 s), 5 are answered with
# it and 1 without (6 with restarts from 64).
_RESTART_FIRST_DEEP = 256
_RESTART_GROWTH = 2
# While a partner process probes the root beside the search (boards past 15x15, see
# `workers.Partner`), the two swap what they know at most this often (in seconds).
_TRADE_EVERY = 0.003
# The partner is forked only when the root has taken this long (seconds): a fork, the
# shared memory and the reaping cost 3-4 ms, which would double the time of an easy 20x20.
_PARTNER_AFTER = 0.03
# Corridors are followed through cells they fill up for at most this many rounds per pass
# (10x20-minimal-02: 297 guesses with one round, 183 with four; clue-minimal 9x10 to 15x15:
# 1,279 guesses with two rounds, 1,216 with four, 1,213 with eight).
_CORRIDOR_ROUNDS = 4
# Memo tables are dropped past this many entries so memory stays bounded on long searches.
_CACHE_LIMIT = 50_000
# The run shapes table holds lists as long as the board in every entry (50,000 of them took
# 520 MB on a 20x20 board), and its hits come from the shapes of the last few trials: 1,000
# entries hold 10 MB at 20x20 and search as fast.
_SHAPE_CACHE_LIMIT = 1_000
# The cut cells of a pocket come with the parts each leaves, masks as long as the board: a
# 30x30 pocket with a long corridor in it holds a few hundred KB. They are looked up again
# only while the search stays near the node that found them, so 500 pockets are plenty (a
# comb of 449 cut cells across a 30x30 board takes 191 KB: 100 MB at the very worst).
_CUTS_CACHE_LIMIT = 500
# Runs with too many ways to lay are remembered by their candidates: up to 20 sets each
# (about 2 KB at 20x20), so 10,000 of them hold 20 MB.
_WAYS_CACHE_LIMIT = 10_000


class Status(str, Enum):
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    TIMEOUT = "timeout"
    SOLVED = "solved"  # one solution found with limit=1; uniqueness not examined


class EventKind(str, Enum):
    PLACE = "place"  # a number was put on a cell (by a guess or a deduction)
    REMOVE = "remove"  # a number was taken back while backtracking
    SOLUTION = "solution"  # the board is full and correct


@dataclass(frozen=True)
class SearchEvent:
    kind: EventKind
    number: int = 0
    cell: int = -1
    guess: bool = False


@dataclass
class SolveStats:
    nodes: int = 0  # guesses tried
    placements: int = 0  # numbers placed by deduction
    backtracks: int = 0
    max_depth: int = 0
    seconds: float = 0.0


@dataclass
class SolveResult:
    status: Status
    solutions: list[np.ndarray] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    #: why there is no solution, when that was clear before any search
    reason: str = ""

    @property
    def solution(self) -> np.ndarray | None:
        return self.solutions[0] if self.solutions else None

    @property
    def other_solution(self) -> np.ndarray | None:
        return self.solutions[1] if len(self.solutions) > 1 else None


#: A run of missing numbers lo..hi: lo - 1 is placed unless lo == 1, hi + 1 unless hi is the
#: last number (plain tuples: the scan makes a list of them on every pass).
_Run = tuple[int, int]
#: runs, the placed numbers at their ends, the missing numbers, their candidate sets' getter
_Shape = tuple[list[_Run], list[int], list[int], Callable[[list[int]], tuple[int, ...]]]
#: Free cells the path must join to their right, left, lower and upper neighbour (each mask
#: holds the neighbour's side of the pair: bit i of `right` says "cell i is joined to i + 1"),
#: and all four together.
_Joins = tuple[int, int, int, int, int]
_NO_JOINS: _Joins = (0, 0, 0, 0, 0)


def _remembered(table: dict, key: int, limit: int, make: Callable, geo: Geometry) -> Any:
    """`make(geo, key)`, looked up in `table` first and kept there; the table is emptied
    when it holds more than `limit` entries, so memory stays bounded."""
    found = table.get(key)
    if found is None:
        if len(table) > limit:
            table.clear()
        found = table[key] = make(geo, key)
    return found


def _joined(union: list[int] | None, dom: list[int]) -> list[int]:
    """`union` (candidates by number, over the trials so far) widened by one more trial's."""
    return dom.copy() if union is None else list(map(or_, union, dom))


class Stuck(Exception):
    """The board cannot be completed (raised inside propagation, caught by the search)."""


class _Timeout(Exception):
    pass


class _OutOfBudget(Exception):
    """A dive used up its guesses."""


class _LimitReached(Exception):
    """A probe met the last solution the search was asked for."""


@dataclass
class _Frame:
    """One guess: `number` put on `cell`; `mark` is the trail length before it."""

    number: int
    cell: int
    mark: int
    #: the alternative (strike the cell) was handed to another process
    given: bool = False


class _Search:
    def __init__(
        self,
        geo: Geometry,
        puzzle: Puzzle | None = None,
        on_event: Callable[[SearchEvent], None] | None = None,
    ):
        self.puzzle = puzzle  # None for a bare board state (see `Deductions`)
        self.geo = geo
        self.last = last = geo.size
        self.expand = geo.expand
        self.on_event = on_event
        self.stats = SolveStats()
        self.pos = [-1] * (last + 2)
        self.dom = [0] * (last + 2)
        self.free = geo.full_mask
        # bit v set while number v is missing (so runs are found without a pass over pos)
        self.missing = (1 << (last + 1)) - 2
        self.trail: list[tuple[int, int]] = []  # (number, old dom) or (number, -1) = placed
        self.work: list[int] = []
        self.solutions: list[np.ndarray] = []
        self.odd_colour: int | None = None
        # candidate set -> (cells next to it, cells with exactly one neighbour in it); the
        # drain looks these up for every number it revises, and the sets recur a lot
        self.near: dict[int, tuple[int, int]] = {}
        # free cells -> their pockets (probing returns to the same free cells again and again)
        self.pockets: dict[int, list[int]] = {}
        # cells -> where each cell stands on the walk round their outside (see `_crossing`)
        self.rims: dict[int, dict[int, int]] = {}
        # pocket -> its cut cells and the parts each leaves (see `_cuts`)
        self.cuts: dict[int, list[tuple[int, list[int]]]] = {}
        # missing numbers -> their runs and the placed numbers next to them (see `_shape`)
        self.shapes: dict[int, _Shape] = {}
        # (cells of the numbers before and after a run, the run's candidates) of runs with
        # too many ways to lay (see `_probe_runs`)
        self.too_many_ways: set[tuple[int, int, tuple[int, ...]]] = set()
        # (subject, candidates, free cells nearby) of probes that found nothing to strike: the
        # subject is a run end's number, a run's (past `last`) or a cell's (negative)
        self.probes_passed: set[tuple[int, int | tuple[int, ...], int]] = set()
        self.diving = False
        self.limit = 2  # solutions wanted (set by `run`)
        # a `time.monotonic()` instant past which the search gives up (set by `run`)
        self.deadline: float | None = None
        self.max_nodes: int | None = None
        self.prev_pick: tuple[int, int] | None = None
        #: restarts made (see `_run`); after every other one the next choice is turned round
        self.restarts = 0
        self.flip_next = False
        # levels of cell probing added before the first guess (see `_probe_cells`)
        past = max(0, geo.size - _ROOT_PROBE_FROM_CELLS)
        self.root_probe_steps = past // _ROOT_PROBE_CELLS_PER_STEP
        # (longest run, most ways) laid whole in trials on this board, or None (see
        # `_probe_runs`)
        self.run_probe_limits: tuple[int, int] | None = None
        if self.last >= _RUN_PROBE_FROM_CELLS:
            self.run_probe_limits = (
                (_RUN_PROBE_LONGEST_DEEP, _RUN_PROBE_MOST_WAYS_DEEP)
                if self.root_probe_steps
                else (_RUN_PROBE_LONGEST, _RUN_PROBE_MOST_WAYS)
            )
        # whether probe trials look for runs that would cross (see `_settle_trial`)
        self.cross_in_trials = self.last >= _CROSSING_TRIALS_FROM_CELLS
        # (number, cell) -> how many changes the probe of that placement settled into
        self.probe_score: dict[tuple[int, int], int] = {}
        # ways of laying a run (first number, cells) whose trial was stuck, and the trail
        # length at which each was: it stays stuck until the search backtracks past there
        # (see `_probe_runs`)
        self.dead_ways: set[tuple[int, tuple[int, ...]]] = set()
        self.dead_from: list[tuple[int, tuple[int, tuple[int, ...]]]] = []
        # placements that a trial which passed at this search node settled into, while
        # trials are skipped on them (see `_note_implied`)
        self.implied: set[tuple[int, int]] = set()
        self.skip_implied = False
        # number -> how many guesses and run-end probes on it have been refuted (see `_pick`)
        self.failures: Counter[int] = Counter()
        self.dive_nodes = 0  # guesses made by a dive that was given up (see `dive`)
        self._not_last_col = geo.not_last_col
        self._not_first_col = geo.not_first_col
        self._neighbours = geo.neighbours
        self.team: Team | None = None  # processes this search is shared with, if any
        # joins to corridor cells known on this board (see `_corridors`), and the joins they
        # replaced, with the trail length from which each set holds
        self.joins: _Joins = _NO_JOINS
        self.joins_from: list[tuple[int, _Joins]] = []
        # the process probing the root beside this one, while it does (see `_root_check`)
        self.partner: Partner | None = None
        self.mirrored = False  # does this search see the board turned round (the partner)?
        self.trade_at = 0.0  # when to trade with the partner next
        # the trail's length and the refutation counts when this process last published
        self.traded = -1
        self.traded_counts: list[int] = []

    def load(self, pos: list[int], dom: list[int], free: int, odd_colour: int | None) -> None:
        """Take a board state as it stands (`pos`/`dom` indexed by number, index 0 unused);
        every missing number is queued for revision."""
        last = self.last
        self.pos = list(pos[: last + 1]) + [-1]
        self.dom = [1 << p if p >= 0 else d for p, d in zip(self.pos, dom[: last + 1])] + [0]
        self.dom[0] = 0
        self.free = free
        self.missing = sum(1 << v for v in range(1, last + 1) if self.pos[v] < 0)
        self.odd_colour = odd_colour
        self.joins, self.joins_from = _NO_JOINS, []
        self.dead_ways, self.dead_from = set(), []
        # highest first, so the drain sweeps each run from its low end in one pass
        self.work = [v for v in range(last, 0, -1) if self.pos[v] < 0]

    def fork(self) -> _Search:
        """An independent copy of the board state (not of the search's progress)."""
        other = _Search(self.geo)
        other.pos = list(self.pos)
        other.dom = list(self.dom)
        other.free = self.free
        other.missing = self.missing
        other.odd_colour = self.odd_colour
        other.work = list(self.work)
        other.near = self.near  # pure memos: safe to share
        other.pockets = self.pockets
        other.cuts = self.cuts
        other.rims = self.rims
        other.shapes = self.shapes
        other.joins, other.joins_from = self.joins, list(self.joins_from)
        return other

    # ----------------------------------------------------------------- trail
    def _set_dom(self, v: int, new: int) -> None:
        self.trail.append((v, self.dom[v]))
        self.dom[v] = new

    def _place(self, v: int, cell: int, guess: bool = False) -> None:
        bit = 1 << cell
        dom, pos, last = self.dom, self.pos, self.last
        if not self.free & bit or not dom[v] & bit:
            raise Stuck
        # Two placed consecutive numbers are never revised again, so check their contact now.
        near = self._neighbours[cell]
        below = pos[v - 1] if v > 1 else -1
        above = pos[v + 1] if v < last else -1
        if (below >= 0 and below not in near) or (above >= 0 and above not in near):
            raise Stuck
        trail = self.trail
        trail.append((v, -1))
        pos[v] = cell
        self.free ^= bit
        self.missing &= ~(1 << v)
        if dom[v] != bit:
            trail.append((v, dom[v]))
            dom[v] = bit
        if below < 0 and v > 1:
            self.work.append(v - 1)
        if above < 0 and v < last:
            self.work.append(v + 1)
        if self.on_event is not None:
            self.on_event(SearchEvent(EventKind.PLACE, v, cell, guess))

    def _undo(self, mark: int) -> None:
        trail, dom, pos = self.trail, self.dom, self.pos
        on_event = self.on_event
        undone = trail[mark:]
        del trail[mark:]
        free, missing = self.free, self.missing
        for v, old in reversed(undone):
            if old < 0:
                cell = pos[v]
                pos[v] = -1
                free |= 1 << cell
                missing |= 1 << v
                if on_event is not None:
                    on_event(SearchEvent(EventKind.REMOVE, v, cell))
            else:
                dom[v] = old
        self.free, self.missing = free, missing
        self.work.clear()
        joins_from = self.joins_from
        while joins_from and joins_from[-1][0] > mark:
            self.joins = joins_from.pop()[1]
        dead_from = self.dead_from
        while dead_from and dead_from[-1][0] > mark:
            self.dead_ways.discard(dead_from.pop()[1])

    # ----------------------------------------------------------- propagation
    def _drain(self) -> None:
        """Revise queued numbers until none changes: each keeps only the cells that touch a
        candidate of its predecessor and of its successor (reach through free cells), and a
        number left with one cell goes there, whoever narrowed it (a strike, a probe's union,
        the regions): left unplaced, it was the search's next "guess", a node with all its
        probing for a choice that was none (one process, clue-minimal 12x12 boards: 1.8 s
        against 2.6 s and 109 guesses against 166; 20x20-minimal-10: 20 s against 51 s)."""
        work, pos, dom, trail = self.work, self.pos, self.dom, self.trail
        last, cols = self.last, self.geo.cols
        not_last, not_first = self._not_last_col, self._not_first_col
        near = self.near
        if len(near) > _CACHE_LIMIT:
            near.clear()
        free = self.free
        right, left, down, up, joined = self.joins
        while work:
            u = work.pop()
            if pos[u] >= 0:
                continue
            old = dom[u]
            d = old & free
            if u > 1:
                a = dom[u - 1]
                near_a = near.get(a) or self._remember_near(a)
                d &= near_a[0]
            if u < last:
                b = dom[u + 1]
                near_b = near.get(b) or self._remember_near(b)
                d &= near_b[0]
                if d and u > 1 and pos[u - 1] < 0 and pos[u + 1] < 0:
                    # u needs two different cells next to it, one for u-1 and one for u+1: a
                    # cell whose only neighbour for either is one and the same cell cannot
                    # hold u.
                    lone = d & near_a[1] & near_b[1]
                    if lone:
                        m = a & b  # (expand inlined: this line runs very often)
                        if m:
                            d &= ~(
                                lone
                                & (
                                    ((m & not_last) << 1)
                                    | ((m & not_first) >> 1)
                                    | (m << cols)
                                    | (m >> cols)
                                )
                            )
            if d & joined:
                # A cell joined to a corridor cell can hold u only if that corridor cell can
                # hold u-1 or u+1 (shifted onto the joined cell's bit).
                p = (dom[u - 1] if u > 1 else 0) | (dom[u + 1] if u < last else 0)
                d &= ~(
                    (right & ~(p >> 1))
                    | (left & ~(p << 1))
                    | (down & ~(p >> cols))
                    | (up & ~(p << cols))
                )
            if d != old:
                if not d:
                    raise Stuck
                trail.append((u, old))
                dom[u] = d
            elif d & (d - 1):
                continue  # (unchanged; one cell left by a narrowing elsewhere is placed)
            if d & (d - 1) == 0:
                self.stats.placements += 1
                self._place(u, d.bit_length() - 1)
                free = self.free
            else:
                if u > 1 and pos[u - 1] < 0:
                    work.append(u - 1)
                if u < last and pos[u + 1] < 0:
                    work.append(u + 1)

    def _remember_near(self, cells: int) -> tuple[int, int]:
        """The cells next to `cells`, and those with exactly one neighbour in it (memo)."""
        one, two = self.geo.neighbour_counts(cells)
        entry = self.near[cells] = (one, one & ~two)
        return entry

    def _scan(self) -> list[_Run] | None:
        """One pass over all numbers; returns the runs, or None when it changed the board.

        Drops cells taken since a number was last revised, then looks for free cells no number
        can reach (contradiction), cells only one number can reach (placed), and dead ends.
        """
        dom, free, last = self.dom, self.free, self.last
        runs, ends, numbers, candidates_of = self._shape()
        open_cells = 0  # placed cells that still miss a consecutive neighbour
        for v in ends:
            open_cells |= dom[v]
        # Coverage is taken before dropping taken cells: it is only ever read on free cells,
        # where dropping taken cells changes nothing.
        once = twice = 0
        for d in candidates_of(dom):
            twice |= once & d
            once |= d
        taken = self.geo.full_mask & ~free
        if once & taken:
            work, trail = self.work, self.trail
            for u in numbers:
                d = dom[u]
                if d & taken:
                    if not d & free:
                        raise Stuck
                    trail.append((u, d))
                    dom[u] = d & free
                    work.append(u)
        if free & ~once:
            raise Stuck
        hidden = free & ~twice
        if hidden:
            for cell in self.geo.cells_of(hidden):
                bit = 1 << cell
                if not self.free & bit:
                    continue
                # (a number placed in this loop holds another cell, which is taken now)
                for u in numbers:
                    if dom[u] & bit:
                        self.stats.placements += 1
                        self._place(u, cell)
                        break
            return None
        if self.work:
            # Only cells taken since were dropped. Coverage of the free cells stands, so
            # unless revising those numbers changes something, a second pass would find
            # nothing new (this saves about a fifth of all passes).
            mark = len(self.trail)
            self._drain()
            if len(self.trail) != mark:
                return None
        if self._dead_ends(open_cells, runs):
            return None
        if self._corridors(open_cells, ends, numbers, candidates_of):
            return None
        return runs

    def _shape(self) -> _Shape:
        """The runs of missing numbers, the placed numbers at their ends, the missing numbers
        and a getter of their candidate sets, remembered by the set of missing numbers (the
        lists are shared: never change them)."""
        shape = self.shapes.get(self.missing)
        if shape is not None:
            return shape
        last = self.last
        runs: list[_Run] = []
        ends: list[int] = []
        numbers: list[int] = []
        rest = self.missing
        while rest:
            # The run lo..hi is the lowest block of set bits: adding its lowest bit carries
            # through it and sets bit hi + 1 instead.
            low = rest & -rest
            lo = low.bit_length() - 1
            rest += low
            top = rest & -rest
            rest ^= top
            hi = top.bit_length() - 2
            runs.append((lo, hi))
            if lo > 1:
                ends.append(lo - 1)
            if hi < last:
                ends.append(hi + 1)
            numbers.extend(range(lo, hi + 1))
        # itemgetter fetches all the candidate sets in one call (a tuple from two numbers on)
        candidates_of: Callable[[list[int]], tuple[int, ...]] = (
            itemgetter(*numbers) if len(numbers) > 1 else lambda dom: tuple(dom[u] for u in numbers)
        )
        if len(self.shapes) > _SHAPE_CACHE_LIMIT:
            self.shapes.clear()
        shape = self.shapes[self.missing] = (runs, ends, numbers, candidates_of)
        return shape

    def _dead_ends(self, open_cells: int, runs: list[_Run]) -> bool:
        free, last, pos, dom = self.free, self.last, self.pos, self.dom
        # free cells with fewer than two of their four neighbours usable
        dead = free & ~self.geo.two_and_three_neighbours_in(free | open_cells)[0]
        if not dead or last == 1:
            return False
        ends = [e for e in (1, last) if pos[e] < 0]
        if dead.bit_count() > len(ends):
            raise Stuck
        changed = False
        # A middle number can never stand on a dead end.
        for lo, hi in runs:
            for u in range(max(lo, 2), min(hi, last - 1) + 1):
                if dom[u] & dead:
                    changed |= self._narrow(u, ~dead)
        if dead.bit_count() == len(ends):
            # Every free end is needed on a dead end.
            for e in ends:
                if pos[e] < 0:
                    changed |= self._narrow(e, dead)
        return changed

    def _corridors(
        self,
        open_cells: int,
        ends: list[int],
        numbers: list[int],
        candidates_of: Callable[[list[int]], tuple[int, ...]],
    ) -> bool:
        """Find the free cells the path must pass straight through from neighbour to neighbour,
        and narrow the numbers next to them; True if that changed the board.

        A free cell that cannot hold 1 or the last number is joined to two neighbours; when
        only two of its neighbours are usable (free, or placed and still missing a consecutive
        number), it is joined to both: a corridor cell. The cell itself gains nothing the drain
        does not already see, but each of those neighbours does: the number on it is one more
        or one less than the corridor cell's (see `_drain`).

        A cell joined to as many corridor cells as it has joins left (two for a free cell; one
        or two for a placed cell, by how many consecutive numbers it misses) is full: no other
        neighbour can use it, which can leave one with only two usable neighbours, a corridor
        cell in turn. So corridors are followed for a few rounds. (The dead ends test deals
        with the cells that start with fewer than two usable neighbours.)
        """
        free, dom, pos, last = self.free, self.dom, self.pos, self.last
        cols = self.geo.cols
        not_last, not_first = self._not_last_col, self._not_first_col
        middle = free  # free cells that cannot hold 1 or the last number
        for end in (1, last):
            if pos[end] < 0:
                middle &= ~dom[end]
        # placed cells with one join left, and with two
        open_one = open_two = 0
        for w in ends:
            if 1 < w < last and pos[w - 1] < 0 and pos[w + 1] < 0:
                open_two |= dom[w]
            else:
                open_one |= dom[w]
        usable = usable_now = free | open_cells
        corridor = 0
        # cells joined to the corridor cell to their right, left, below, above
        right = left = down = up = 0
        # edges the path cannot take (see `_loop_cuts`): bit x = the edge from x to its right
        # (cut_h) or lower (cut_v) neighbour
        cut_h = cut_v = 0
        for _ in range(_CORRIDOR_ROUNDS):
            two, three = self.geo.two_and_three_neighbours_in(usable_now, cut_h, cut_v)
            if middle & ~two & ~corridor:
                raise Stuck  # a middle number's cell with fewer than two neighbours left
            new = middle & two & ~three & ~corridor
            if not new:
                break
            corridor |= new
            right |= usable_now & ((new & not_first) >> 1) & ~cut_h
            left |= usable_now & ((new & not_last) << 1) & ~(cut_h << 1)
            down |= usable_now & (new >> cols) & ~cut_v
            up |= usable_now & (new << cols) & ~(cut_v << cols)
            once = right | left | down | up
            twice, thrice = at_least_two_and_three(right, left, down, up)
            if (thrice & free) | (twice & open_one) | (thrice & open_two):
                raise Stuck  # more joins than the cell has
            full_cells = (twice & free & ~corridor) | (once & open_one) | (twice & open_two)
            usable_now = usable & ~full_cells
            # joins as edges: bit x = x is joined to its right (lower) neighbour
            joins_h = right | (left >> 1)
            joins_v = down | (up >> cols)
            cut_h, cut_v = self._loop_cuts(joins_h, joins_v, cut_h, cut_v)
        if not corridor:
            return False
        # Each mask: the free cells joined to the corridor cell on that side of them.
        old = self.joins
        # (the drain narrows numbers on free cells; a placed cell's join is the drain's own
        # reach rule)
        right = old[0] | (free & right)
        left = old[1] | (free & left)
        down = old[2] | (free & down)
        up = old[3] | (free & up)
        new = (right & ~old[0]) | (left & ~old[1]) | (down & ~old[2]) | (up & ~old[3])
        if not new:
            return False
        self.joins_from.append((len(self.trail), old))
        self.joins = (right, left, down, up, right | left | down | up)
        # Revise the numbers that can stand on a newly joined cell (picked out at C speed).
        self.work.extend(compress(numbers, map(and_, candidates_of(self.dom), repeat(new))))
        mark = len(self.trail)
        self._drain()
        return len(self.trail) != mark

    def _loop_cuts(self, joins_h: int, joins_v: int, cut_h: int, cut_v: int) -> tuple[int, int]:
        """Add to the cut edges (`cut_h`, `cut_v`) every edge between the two ends of one
        chain of joined cells: the path already runs along the chain from one end to the
        other, so it cannot also take the edge between them (that would close a loop). A
        cell that loses such an edge may be left with only two usable neighbours, a corridor
        cell in turn (the loop rule of Hamiltonian path solvers).
        """
        cols = self.geo.cols
        not_first = self._not_first_col
        # chain ends: cells with exactly one join
        one = two = 0
        for side in (joins_h, (joins_h << 1) & not_first, joins_v, joins_v << cols):
            two |= one & side
            one |= side
        ends = one & ~two
        # neighbouring ends not joined to each other: the edges to look at
        pairs_h = ends & (ends >> 1) & self._not_last_col & ~joins_h & ~cut_h
        pairs_v = ends & (ends >> cols) & ~joins_v & ~cut_v
        if not pairs_h | pairs_v:
            return cut_h, cut_v
        cells_of = self.geo.cells_of
        for pairs, step in ((pairs_h, 1), (pairs_v, cols)):
            for a in cells_of(pairs):
                if self._chain_end(a, joins_h, joins_v) == a + step:
                    if step == 1:
                        cut_h |= 1 << a
                    else:
                        cut_v |= 1 << a
        return cut_h, cut_v

    def _chain_end(self, start: int, joins_h: int, joins_v: int) -> int:
        """The other end of the chain of joined cells that ends at `start`."""
        cols = self.geo.cols
        prev, cur = -1, start
        # (every step follows a join, so this many steps walk any chain; the bound only
        # guards against boards whose joins already contradict each other)
        for _ in range((joins_h | joins_v).bit_count() * 2 + 1):
            for nxt, joined in (
                (cur + 1, joins_h >> cur & 1),
                (cur - 1, cur % cols and joins_h >> (cur - 1) & 1),
                (cur + cols, joins_v >> cur & 1),
                (cur - cols, cur >= cols and joins_v >> (cur - cols) & 1),
            ):
                if joined and nxt != prev:
                    prev, cur = cur, nxt
                    break
            else:
                return cur
        return -1

    def _regions(self, segs: list[_Run]) -> bool:
        """Match pockets of free cells with the runs that fill them; True if doms changed."""
        comps = self._pockets()
        if len(comps) <= 1:
            return False
        dom = self.dom
        odd = self.odd_colour
        odd_mask = self.geo.odd_mask
        cands: list[list[int]] = []
        for lo, hi in segs:
            here = [k for k, comp in enumerate(comps) if comp & dom[lo] and comp & dom[hi]]
            if not here:
                raise Stuck
            cands.append(here)
        sizes = [c.bit_count() for c in comps]
        odds = [(c & odd_mask).bit_count() for c in comps]
        lengths = [hi - lo + 1 for lo, hi in segs]
        seg_odds = [odd_colour_count(lo, hi, odd) if odd is not None else None for lo, hi in segs]
        # Narrow the run -> pocket assignment until nothing changes.
        progress = True
        while progress:
            progress = False
            for k in range(len(comps)):
                mine = [i for i, c in enumerate(cands) if k in c]
                forced = [i for i in mine if len(cands[i]) == 1]
                need = sizes[k]
                have_forced = sum(lengths[i] for i in forced)
                have_all = sum(lengths[i] for i in mine)
                if have_forced > need or have_all < need:
                    raise Stuck
                if have_forced == need and len(forced) < len(mine):
                    for i in mine:
                        if len(cands[i]) > 1:
                            cands[i].remove(k)
                    progress = True
                elif have_all == need and len(forced) < len(mine):
                    for i in mine:
                        cands[i] = [k]
                    progress = True
                elif not self._fits(k, mine, lengths, cands, sizes, odds, seg_odds):
                    raise Stuck
        changed = False
        for i, (lo, hi) in enumerate(segs):
            if len(cands[i]) != 1:
                continue
            comp = comps[cands[i][0]]
            for v in range(lo, hi + 1):
                if dom[v] & ~comp:
                    changed |= self._narrow(v, comp)
        return changed

    def _pockets(self) -> list[int]:
        """The pockets (connected parts) of the free cells, remembered by the free cells."""
        return _remembered(self.pockets, self.free, _CACHE_LIMIT, components, self.geo)

    def _narrow(self, u: int, cells: int) -> bool:
        """Keep only `cells` of number u's candidates; True if that changed them. Raises
        `Stuck` when none is left."""
        d = self.dom[u]
        if not d & ~cells:
            return False
        d &= cells
        if not d:
            raise Stuck
        self._set_dom(u, d)
        self.work.append(u)
        return True

    @staticmethod
    def _fits(
        k: int,
        mine: list[int],
        lengths: list[int],
        cands: list[list[int]],
        sizes: list[int],
        odds: list[int],
        seg_odds: list[int | None],
    ) -> bool:
        """Can some choice of the undecided runs fill pocket k exactly (size and colours)?"""
        undecided = [i for i in mine if len(cands[i]) > 1]
        if len(undecided) > 12:
            return True  # too many to enumerate; the cheaper checks above still hold
        base_size = sum(lengths[i] for i in mine if len(cands[i]) == 1)
        colours_known = all(seg_odds[i] is not None for i in mine)
        base_odd = sum(seg_odds[i] or 0 for i in mine if len(cands[i]) == 1)
        reachable = {(base_size, base_odd)}
        for i in undecided:
            step, step_odd = lengths[i], seg_odds[i] or 0
            reachable |= {(s + step, o + step_odd) for s, o in reachable if s + step <= sizes[k]}
        if colours_known:
            return (sizes[k], odds[k]) in reachable
        return any(s == sizes[k] for s, _ in reachable)

    # ------------------------------------------------------------ two strokes
    def _settle(self) -> list[_Run] | None:
        """Deduce to a fixed point; the open runs, or None when the board is full.

        Raises `Stuck` when the board cannot be completed.
        """
        while True:
            self._drain()
            segs = self._scan()
            if segs is None:
                continue
            if not self.free:
                return None
            if self._regions(segs):
                continue
            return segs

    def _clock(self) -> None:
        """Raise `_Timeout` once the deadline has passed. Looked at for every guess and every
        trial of probing: the probing at one node of a sparse 25x25 board takes seconds,
        and a clock read costs a ten-thousandth of the cheapest trial."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Timeout

    def _settle_trial(self) -> None:
        """Settle a probe's trial. A trial that fills the board has met a solution: it is kept
        (with its twin), since on a board with several solutions it may be one the search
        would reach much later; `_LimitReached` ends the search once there are enough."""
        self._clock()
        segs = self._settle()
        if segs is None:
            if self.puzzle is not None and self._keep_solution():
                raise _LimitReached
        elif self.cross_in_trials:
            # Runs that would have to cross show up in trials far more often than at search
            # nodes: 28 sparse open boards of 11x19 to 20x20 with several solutions, one
            # process, 20 s each: 3 time out, against 6 with the rule at nodes only and 8
            # without it.
            self._crossing(segs)

    def _keep_solution(self) -> bool:
        """Record the full board as a solution (and its twin when a second is wanted), tell
        the processes sharing the search; True when there are `limit` solutions now."""
        self._record()
        if self.limit == 2 and len(self.solutions) == 1:
            self._record_twin()
        if self.team is not None:
            self.team.report(self.solutions)
        return len(self.solutions) >= self.limit

    def _check(self) -> tuple[int, int] | None:
        """Settle the board, probe the run ends until that finds nothing more, and return the
        next (number, cell) to wiggle, or None when the board is solved. Raises `Stuck` when
        it cannot be completed."""
        segs = self._settle_cuts(self._settle())
        if segs is not None:
            self._crossing(segs)
        self.probe_score.clear()  # scores describe this board only
        self.implied.clear()
        self.skip_implied = (
            not self.root_probe_steps and self.stats.nodes - self.dive_nodes < _SKIP_IMPLIED_NODES
        )
        # Probe again while probing changes the board: each round of struck cells can
        # refute more trials (half the guesses for about the same time per guess).
        while segs is not None and not self.diving:
            mark = len(self.trail)
            self._probe(segs)
            segs = self._settle()
            if len(self.trail) == mark and segs is not None:
                # The run ends have nothing more to give: lay the short runs whole.
                self._probe_runs(segs)
                segs = self._settle()
            if len(self.trail) == mark and segs is not None:
                # Nor do the runs: try the cells few numbers reach.
                self._probe_cells()
                segs = self._settle()
            if len(self.trail) == mark:
                # Nor do the cells: try the cut cells, and probe again if they changed it.
                segs = self._settle_cuts(segs)
            if len(self.trail) == mark:
                break
        return None if segs is None else self._pick(segs)

    def _settle_cuts(self, segs: list[_Run] | None) -> list[_Run] | None:
        """Apply `_cuts` and settle again until it changes nothing; the open runs, or None
        when the board is full."""
        while segs is not None and self._cuts(segs):
            segs = self._settle()
        return segs

    def _cuts(self, segs: list[_Run]) -> bool:
        """Narrow the numbers of every run that alone fills a pocket by the pocket's cut
        cells; True if that changed the board.

        A path that fills a pocket passes a cut cell once, from one part of the pocket into
        the other, and never comes back (see `constraints.cut_cells`). So a cut cell that
        leaves three parts is a contradiction, and with two, each part holds one end of the
        run: when the run's first number lies in part A, the numbers lo.. fill A first, the
        cut cell holds lo + |A|, and A's colour counts must be those of lo..lo + |A| - 1.
        When one of the two ways round is left, every number of the run keeps only its side.

        On boards with a handful of givens the search otherwise lays the last run into a
        pocket behind a corridor that it cannot fill, and backtracks through every way to
        do it: a 17x20 board with four givens went from no answer in 10 s (992 guesses) to
        "multiple" in 0.7 s. Probing finds these pockets on clue-minimal boards (of the
        benchmark corpus, 5x5 to 20x20, one 5x5 board needs fewer guesses, 2 against 5, and
        no other changes), so this runs at search nodes only, not in the trials of probing.
        """
        dom, odd = self.dom, self.odd_colour
        odd_mask = self.geo.odd_mask
        for pocket in self._pockets():
            alone = [(lo, hi) for lo, hi in segs if pocket & dom[lo] and pocket & dom[hi]]
            if len(alone) != 1:
                if self._bags(pocket, segs):
                    return True
                continue
            lo, hi = alone[0]
            if hi - lo + 1 != pocket.bit_count():
                continue  # (`_regions` finds that out)
            for cell, parts in _remembered(
                self.cuts, pocket, _CUTS_CACHE_LIMIT, cut_cells, self.geo
            ):
                if len(parts) > 2:
                    raise Stuck
                ways = []
                for first, second in (parts, parts[::-1]):
                    if not (dom[lo] & first and dom[hi] & second):
                        continue
                    at = lo + first.bit_count()  # the number on the cut cell
                    if not dom[at] >> cell & 1:
                        continue
                    if odd is not None and (first & odd_mask).bit_count() != odd_colour_count(
                        lo, at - 1, odd
                    ):
                        continue
                    ways.append((first, at, second))
                if not ways:
                    raise Stuck
                if len(ways) > 1:
                    continue
                first, at, second = ways[0]
                changed = False
                for u in range(lo, at):
                    changed |= self._narrow(u, first)
                changed |= self._narrow(at, 1 << cell)
                for u in range(at + 1, hi + 1):
                    changed |= self._narrow(u, second)
                if changed:
                    return True
        return False

    def _crossing(self, segs: list[_Run]) -> None:
        """Raise `Stuck` when two runs must cross: both lie in one pocket of free cells, and
        their placed ends come round the pocket's outside in the order a, b, a, b.

        Take the plane graph of the pocket's cells and the placed ends of the runs that lie
        in it (a run lies wholly in one pocket, the one its cells can be in). If a1, b1, a2,
        b2 lie on its outer face in that cyclic order, a path a1..a2 and a path b1..b2
        cannot both be laid without a shared cell: join a new point outside to the four,
        and the cycle through it and a1..a2 has b1 and b2 on its two sides (the rule behind
        routing puzzles such as Numberlink). Ends met more than once round the outside, and runs
        that share a placed end, are left out. (A sparse 11x19 board: a subtree of 150
        guesses whose two last runs had to cross, which the search found one cell at a
        time.)
        """
        last, pos, dom = self.last, self.pos, self.dom
        inner = [(lo, hi) for lo, hi in segs if lo > 1 and hi < last]
        if len(inner) < 2:
            return
        comps = self._pockets()
        by_pocket: dict[int, list[tuple[int, int]]] = {}
        if len(comps) == 1:
            by_pocket[comps[0]] = [(pos[lo - 1], pos[hi + 1]) for lo, hi in inner]
        else:
            # A run's cells are connected, so the run lies in the pocket its first number
            # can take a cell in, when there is one such pocket.
            for lo, hi in inner:
                first = dom[lo]
                pockets = [c for c in comps if c & first]
                if len(pockets) == 1:
                    by_pocket.setdefault(pockets[0], []).append((pos[lo - 1], pos[hi + 1]))
        for pocket, ends in by_pocket.items():
            if len(ends) < 2:
                continue
            graph = pocket
            for a, b in ends:
                graph |= 1 << a | 1 << b
            rim = self.rims.get(graph)
            if rim is None:
                if len(self.rims) > _CACHE_LIMIT:
                    self.rims.clear()
                rim = {}
                for index, cell in enumerate(outer_walk(self.geo, graph)):
                    rim[cell] = -1 if cell in rim else index
                self.rims[graph] = rim
            spans = []
            for a, b in ends:
                i, j = rim.get(a, -1), rim.get(b, -1)
                if i >= 0 and j >= 0:
                    spans.append((i, j) if i < j else (j, i))
            spans.sort()
            for k, (i1, j1) in enumerate(spans):
                for i2, j2 in spans[k + 1 :]:
                    if i2 >= j1:
                        break
                    if i1 < i2 and j2 > j1:
                        raise Stuck

    def _bags(self, pocket: int, segs: list[_Run]) -> bool:
        """Narrow runs into the parts of `pocket` behind its cut cells; True if that changed
        the board (a pocket that several runs may share; `_cuts` does one run alone).

        A part A behind a cut cell x is entered from the rest of the board through x only.
        Its numbers form pieces of runs, and a piece's two ends each join x, a placed number
        next to A (the piece ends where its run does), or nothing (1 or the last number).
        A piece cannot have both ends at x (x holds one number), and x joins at most two
        pieces. So A holds an end of some run (one piece: at most one end at x; k > 1
        pieces: at most 2 of 2k ends). When no run end can lie in A, the board is stuck.
        When one can, it must, and then A is a single piece from that end to x: the run's
        first |A| numbers (from that end) fill A and the next one stands on x. (A sparse
        11x19 board: its search laid the whole rest of the board before it found that only
        the last number could end in a pocket of 20 cells behind a corridor.)
        """
        dom = self.dom
        ends: dict[int, tuple[int, int]] = {}
        for lo, hi in segs:
            for v in (lo, hi):
                if dom[v] & pocket:
                    ends[v] = (lo, hi)
        changed = False
        for cell, parts in _remembered(self.cuts, pocket, _CUTS_CACHE_LIMIT, cut_cells, self.geo):
            for part in parts:
                inside = [v for v in ends if dom[v] & part]
                if not inside:
                    raise Stuck
                if len(inside) > 1:
                    continue
                v = inside[0]
                lo, hi = ends[v]
                size = part.bit_count()
                if lo == hi:
                    if size > 1:
                        raise Stuck  # a one-number run is one cell, and A needs no other end
                    changed |= self._narrow(v, part)
                    continue
                if v == lo:
                    if v + size > hi:
                        raise Stuck  # the run would end in A too, a second end
                    numbers, at = range(v, v + size), v + size
                else:
                    if v - size < lo:
                        raise Stuck
                    numbers, at = range(v - size + 1, v + 1), v - size
                for u in numbers:
                    changed |= self._narrow(u, part)
                changed |= self._narrow(at, 1 << cell)
        return changed

    def _probe(self, segs: list[_Run]) -> None:
        """Try each cell of every run end with few choices; strike the ones that fail at once.

        A failed probe is a refuted guess found one level early, on every run at the same
        time; on sparse boards this cuts the search tree by one or two orders of magnitude,
        for the price of a settle per cell tried (earlier passes are remembered, see below).
        """
        dom, pos = self.dom, self.pos
        ends = []
        last = self.last
        for lo, hi in segs:
            if lo > 1:
                ends.append(lo)
            if hi < last and hi != lo:
                ends.append(hi)
        passed = self.probes_passed
        for v in ends:
            if self.partner is not None:
                self._trade()
            if pos[v] >= 0 or dom[v].bit_count() > _PROBE_MAX_CELLS:
                continue
            key = (v, dom[v], self._free_around(dom[v]))
            if key in passed:
                continue
            all_passed = True
            # What every surviving trial agrees on holds whichever cell v takes: each
            # number keeps only the cells some trial left it (constructive disjunction).
            union: list[int] | None = None
            for cell in list(self.geo.cells_of(dom[v])):
                if pos[v] >= 0:
                    break
                if not dom[v] >> cell & 1:
                    continue
                if (v, cell) in self.implied:
                    union = _joined(union, dom)  # (skipped: see `_note_implied`)
                    continue
                mark = len(self.trail)
                try:
                    self._place(v, cell)
                    self._settle_trial()
                    refuted = False
                    self.probe_score[(v, cell)] = len(self.trail) - mark
                    union = _joined(union, dom)
                    self._note_implied(mark)
                except Stuck:
                    refuted = True
                self._undo(mark)
                if refuted:
                    self.failures[v] += 1
                    all_passed = False
                    self._strike(v, cell)
                    self._settle()
            if union is not None and pos[v] < 0 and self._narrow_to(union):
                all_passed = False
                self._settle()
            if all_passed:
                self._remember_pass(key)

    def _probe_runs(self, segs: list[_Run]) -> None:
        """Lay each short run between two placed numbers in every way it can go, and keep
        for every number only the cells some surviving way left it.

        A run end's probe asks where the run's next number goes, one step at a time; on
        sparse boards a pocket of short runs often fails only two or three steps on, after
        the search has made a guess somewhere else, and then again under every later guess
        elsewhere. Laying the whole run at once finds that failure at the node where it
        first holds. Trying every way is the same disjunction as a run end's probe, one level
        up: every solution lays the run in exactly one of them.
        """
        if self.run_probe_limits is None:
            return
        longest, most = self.run_probe_limits
        dom, pos, last = self.dom, self.pos, self.last
        for lo, hi in segs:
            if self.partner is not None:
                self._trade()
            if lo == 1 or hi == last or hi - lo >= longest:
                continue  # a head or tail run has a free end: too many ways
            if pos[lo] >= 0 or pos[hi] >= 0:
                continue  # a probe of an earlier run placed numbers of this one
            candidates = tuple(dom[lo : hi + 1])
            # The ways depend on nothing else, and a run with too many recurs at every node:
            # listing them again took half the time of the run probes on sparse 20x30 and
            # 30x30 boards.
            known = (pos[lo - 1], pos[hi + 1], candidates)
            if known in self.too_many_ways:
                continue
            ways = self._ways(lo, hi, most)
            if ways is None:
                if len(self.too_many_ways) > _WAYS_CACHE_LIMIT:
                    self.too_many_ways.clear()
                self.too_many_ways.add(known)
                continue
            if len(ways) < 2:
                continue  # one way, which the drain lays already
            # (lo + last + 1 keeps these keys apart from run ends' and cells')
            key = (lo + last + 1, candidates, self._free_around(reduce(or_, candidates)))
            if key in self.probes_passed:
                continue
            start = len(self.trail)
            union: list[int] | None = None
            dead_ways = self.dead_ways
            for way in ways:
                if (lo, way) in dead_ways:
                    continue
                mark = len(self.trail)
                try:
                    for v, cell in enumerate(way, lo):
                        if pos[v] < 0:
                            self._place(v, cell)
                    self._settle_trial()
                    union = _joined(union, dom)
                except Stuck:
                    self._bury_way(mark, (lo, way))
                self._undo(mark)
            if union is None:
                raise Stuck  # no way to lay the run
            if self._narrow_to(union):
                self._settle()
            if len(self.trail) == start:
                self._remember_pass(key)

    def _bury_way(self, mark: int, way: tuple[int, tuple[int, ...]]) -> None:
        """Remember that laying a run in `way` got stuck on the board as it stood at trail
        length `mark`.

        Every board the search reaches before it backtracks past `mark` has only solutions
        of that board, so the way stays impossible there and its trial can be skipped. The
        probes of later rounds and of the guesses below lay the same runs again: on
        20x20-minimal-03 a third of the stuck trials were ways already stuck before.
        """
        if len(self.dead_ways) > _CACHE_LIMIT:
            # (forgetting is sound: a forgotten way is only tried again)
            self.dead_ways.clear()
            self.dead_from.clear()
        self.dead_ways.add(way)
        self.dead_from.append((mark, way))

    def _ways(self, lo: int, hi: int, most: int) -> list[tuple[int, ...]] | None:
        """Every way to lay the run lo..hi (both ends placed) on its candidates: tuples of
        cells, one per number; None when there are more than `most`.

        Candidates hold only cells within reach of both ends, so few partial ways die; but
        in a wide open part of the board many can, and the listing also gives up (None)
        after `_WAYS_STEPS_PER_WAY` * `most` dead partial ways.
        """
        dom, neighbours = self.dom, self._neighbours
        end = neighbours[self.pos[hi + 1]]
        ways: list[tuple[int, ...]] = []
        cells: list[int] = []  # cells[k] holds lo + k on the way being laid
        used = 0
        # choices[k]: the cells next to the one before lo + k, not yet tried for it
        choices = [iter(neighbours[self.pos[lo - 1]])]
        dead_left = _WAYS_STEPS_PER_WAY * most
        while choices:
            v = lo + len(cells)
            d = dom[v] & ~used
            cell = next((c for c in choices[-1] if d >> c & 1), -1)
            if cell < 0:
                choices.pop()
                if cells:
                    used ^= 1 << cells.pop()
                dead_left -= 1
                if not dead_left:
                    return None
            elif v < hi:
                cells.append(cell)
                used |= 1 << cell
                choices.append(iter(neighbours[cell]))
            elif cell in end:
                ways.append((*cells, cell))
                if len(ways) > most:
                    return None
        return ways

    def _note_implied(self, mark: int) -> None:
        """Remember the placements a trial that passed settled into (the trail from `mark`),
        so that no trial is made on them again at this search node.

        Deductions only grow with what is placed, so a trial of a placement that a passing
        trial settled into settles into less than that one did, and would almost always
        pass too (5 in 3,300 did not, on clue-minimal 12x12 boards). Skipping it is sound:
        it strikes nothing, and its probe keeps the candidates as they stand, so the union
        (see `_probe`) narrows nothing. The set is kept through the node's probing rounds,
        though strikes change the board: a round then costs far less, for a root that
        settles a little less. Clue-minimal 12x12 boards, one process: a few more guesses
        (166 against 110 in all), each much cheaper, median 0.069 s against 0.087 s; 15x15:
        0.31 s against 0.44 s. Past the first few guesses, and on boards with a deep root
        (where a guess costs a tenth of a second), full trials pay: skipping at every node
        made ten 20x20 boards slower, 124 s against 100 s with two processes (twice the
        guesses), and skipping in their first guesses only, 120 s.
        """
        if self.skip_implied:
            pos = self.pos
            self.implied.update([(v, pos[v]) for v, old in self.trail[mark:] if old < 0])

    def _free_around(self, cells: int) -> int:
        """The free cells within `_PROBE_ZONE_STEPS` of `cells`: with the probe's subject,
        the key under which a probe that passed is remembered. A probe that passed before,
        with the same candidates and the same free cells around them, would almost surely
        pass again, so it is skipped (skipping a probe is always sound)."""
        zone = cells
        for _ in range(_PROBE_ZONE_STEPS):
            zone |= self.expand(zone)
        return self.free & zone

    def _remember_pass(self, key: tuple) -> None:
        passed = self.probes_passed
        if len(passed) > _CACHE_LIMIT:
            passed.clear()
        passed.add(key)

    def _narrow_to(self, union: list[int]) -> bool:
        """Every number keeps only the cells some surviving trial left it (`union`, by
        number); True if that narrowed any. Placed numbers hold their cell in every trial,
        so only missing ones narrow."""
        dom = self.dom
        # (map/compress: the numbers whose candidates the union narrows, without a
        # Python-level pass over every number)
        narrowed = list(compress(range(len(dom)), map(ne, map(and_, dom, union), dom)))
        for u in narrowed:
            d = dom[u] & union[u]
            if not d:
                raise Stuck  # a strike after that trial ruled out all it allowed
            self._set_dom(u, d)
            self.work.append(u)
        return bool(narrowed)

    def _probe_cells(self) -> None:
        """Probe the free cells that at most a few numbers can reach, fewest numbers first.

        A free cell must hold one of the numbers that reach it, so this is the same
        disjunction as a run end's, seen from the cell: where a run end's probe asks "which
        cell for v?", this asks "which number for this cell?", which is what settles the
        pockets and corridors between runs on sparse boards.
        """
        dom = self.dom
        nodes = self.stats.nodes - self.dive_nodes
        steps = nodes // _CELL_PROBE_GUESSES_PER_STEP if nodes else self.root_probe_steps
        most = min(_CELL_PROBE_MOST, _CELL_PROBE_FIRST + steps)
        _, _, numbers, candidates_of = self._shape()
        if len(numbers) < 2:
            return
        # reached[k]: the cells that more than k missing numbers can reach
        reached = [0] * (most + 1)
        for d in candidates_of(dom):
            for k in range(most, 0, -1):
                reached[k] |= reached[k - 1] & d
            reached[0] |= d
        free = self.free
        # The numbers that reach each cell to probe, found from the numbers' side (a pass per
        # cell over every number would cost more than the probes that hit the cache).
        reaching: dict[int, list[int]] = {}
        wanted = free & reached[1] & ~reached[most]
        cells_of = self.geo.cells_of
        for u in numbers:
            for cell in cells_of(dom[u] & wanted):
                reaching.setdefault(cell, []).append(u)
        # A round probes every cell of a level (cells k numbers reach) and ends after the
        # first level that changed the board, so cheaper probes run again first. (Ending at
        # the first change instead re-derives the lists after each one: 20% more time on
        # 15x15 for 2% fewer guesses.) Changes within a level only narrow candidates (no
        # number starts to reach a cell), so filtering keeps the lists right.
        for k in range(2, most + 1):
            changed = False
            for cell in cells_of(free & reached[k - 1] & ~reached[k]):
                if self.partner is not None:
                    self._trade()
                if not self.free >> cell & 1:
                    continue
                tried = [u for u in reaching[cell] if dom[u] >> cell & 1]
                if len(tried) > 1 and self._probe_cell(cell, tried):
                    changed = True
            if changed:
                return

    def _probe_cell(self, cell: int, tried: list[int]) -> bool:
        """Try each of `tried` (the numbers that reach `cell`) on it; True if that changed
        the board."""
        dom, trail = self.dom, self.trail
        bit = 1 << cell
        # (~cell is negative, so these keys never meet a run end's)
        key = (~cell, tuple(tried), self._free_around(bit))
        if key in self.probes_passed:
            return False
        start = len(trail)
        union: list[int] | None = None
        for u in tried:
            if (u, cell) in self.implied:
                union = _joined(union, dom)  # (skipped: see `_note_implied`)
                continue
            mark = len(trail)
            try:
                self._place(u, cell)
                self._settle_trial()
                self._note_implied(mark)
            except Stuck:
                self._undo(mark)
                self._strike(u, cell)
                self._settle()
                if not self.free & bit:
                    break  # what the strikes left filled the cell
                continue
            union = _joined(union, dom)
            self._undo(mark)
        if union is not None and self.free & bit:
            self._narrow_to(union)
        if len(trail) > start:
            return True
        self._remember_pass(key)
        return False

    def _pick(self, segs: list[_Run]) -> tuple[int, int]:
        """The run end with the fewest cells to try: that run has the fewest ways to go on.

        Among those (after probing, most run ends have two cells), the number whose guesses
        and probes have been refuted most often goes first. On a sparse board the search
        otherwise hops between distant parts of the board, and a part that cannot be
        completed is refuted again under every guess made elsewhere since; putting the
        number that keeps failing first finds that out near the top of the tree
        (failure-directed choice, as in "dom/wdeg"). Clue-minimal 9x10 to 13x13 boards: 30%
        fewer guesses; 15x15: a third as many; 10x20: up to five times fewer.
        """
        dom = self.dom
        failures = self.failures
        best: tuple[int, int, int, int] | None = None
        for lo, hi in segs:
            for number, anchored in ((lo, lo > 1), (hi, hi < self.last)):
                if anchored:
                    key = (dom[number].bit_count(), -failures[number], hi - lo + 1, number)
                    if best is None or key < best:
                        best = key
        number = best[3] if best is not None else 1  # an empty board: start anywhere
        if self.diving and best is not None and best[0] > 1 and self.prev_pick is not None:
            # While diving, keep laying the run laid last as long as it has few ways on.
            prev, step = self.prev_pick
            after = prev + step
            if (
                1 <= after <= self.last
                and self.pos[prev] >= 0
                and self.pos[after] < 0
                and dom[after].bit_count() <= 2
            ):
                number = after
        if best is not None:
            self.prev_pick = (number, 1 if number > 1 and self.pos[number - 1] >= 0 else -1)
        free = self.free
        expand = self.expand
        # Fewest onward moves first (Warnsdorff: on open boards the only order that finds a
        # path quickly), then the cell whose probe changed the board least (it leaves the
        # most room, so a solution, and a second one where there are several, comes sooner).
        # The order only decides what is tried first, never what is proved.
        score = self.probe_score

        def order(c: int) -> tuple[int, int]:
            return (expand(1 << c) & free).bit_count(), score.get((number, c), 0)

        if self.flip_next and best is not None and best[0] > 1:
            # After every other restart the first choice goes the other way: on open boards
            # the first guesses can lead into a part with no solution that takes thousands
            # of guesses to refute, while a solution lies on the other side (what a second
            # process finds at once, see `_split`). Of ten sparse boards with several
            # solutions (benchmarks/hard), one process answers six within 30 s, not four.
            self.flip_next = False
            return number, sorted(self.geo.cells_of(dom[number]), key=order)[1]
        return number, min(self.geo.cells_of(dom[number]), key=order)

    # ---------------------------------------------------------------- driver
    def setup(self) -> None:
        """Place the givens and set every number's candidate cells; raises on contradiction."""
        geo, last = self.geo, self.last
        assert self.puzzle is not None, "setup needs a puzzle"
        givens = self.puzzle.given_cells()
        self.odd_colour = odd_number_colour(geo, givens)
        for v in range(1, last + 1):
            self.dom[v] = (
                colour_mask(geo, number_colour(self.odd_colour, v))
                if self.odd_colour is not None
                else geo.full_mask
            )
        for v, cell in sorted(givens.items()):
            for w in (v - 1, v + 1):
                if w in givens and not geo.adjacent(cell, givens[w]):
                    a, b = sorted((v, w))
                    raise Contradiction(f"{a} and {b} are given but not next to each other")
            try:
                self._place(v, cell)
            except Stuck:
                raise Contradiction(f"{v} cannot stand where it is given") from None
        self.trail.clear()
        # Sweep the chain both ways once so long runs settle in one pass each.
        # Queued highest first so the drain sweeps each run from its low end in one pass.
        self.work.extend(range(last, 0, -1))
        try:
            self._drain()
        except Stuck:
            raise Contradiction("the givens cannot be joined into one path") from None

    def dive(self, deadline: float | None) -> bool:
        """On an open board, first try a quick dive for two solutions; True if it settled it.

        Choosing the run with fewest ways on at every guess proves uniqueness fastest, but on
        a board with a long open run it scatters the early guesses and can take ages to reach
        any solution at all. A dive that keeps laying one run after another finds a first
        solution at once there, and its twin (see `_record_twin`) proves "multiple". A dive
        that runs out of guesses is undone and the normal search starts afresh; one that
        ends by itself has searched everything and its answer stands.
        """
        segs = [s for s in segments_of(self.pos, self.last)]
        if not segs or 3 * max(s.length for s in segs) < self.last:
            return False
        mark = len(self.trail)
        self.diving = True
        try:
            exhausted = self.run(2, deadline, node_budget=self.stats.nodes + self.last)
        except _OutOfBudget:
            exhausted = False
        finally:
            self.diving = False
        if exhausted or len(self.solutions) >= 2:
            return True
        self.solutions.clear()
        self._undo(mark)
        # Afresh means forgetting the dive's guesses too: its refutations would steer the
        # search's first choices (see `_pick`), and its guess count would make the search
        # probe as if it were deep already (see `_probe_cells`). (A dive comes before any
        # other guess or probe, so every count there is is the dive's.)
        self.failures.clear()
        self.dive_nodes = self.stats.nodes
        return False

    def run(
        self,
        limit: int,
        deadline: float | None,
        node_budget: int | None = None,
        refute: _Frame | None = None,
    ) -> bool:
        """Search until `limit` solutions are found; True when the search space was exhausted
        (see `_run`)."""
        self.limit = limit
        self.deadline = deadline
        try:
            return self._run(deadline, node_budget, refute)
        except _LimitReached:
            return False

    def _run(
        self,
        deadline: float | None,
        node_budget: int | None,
        refute: _Frame | None,
    ) -> bool:
        """Search until `self.limit` solutions are found; True when the search space was
        exhausted.

        Branching is binary: put the chosen number on its first candidate cell, and when that
        fails, strike the cell from the number's candidates and deduce again, so every refuted
        guess sharpens the board its siblings start from. With `refute`, search only the part
        of the tree where that guess is wrong (the part a shared search hands to a child).
        """
        frames: list[_Frame] = []
        stats = self.stats
        team = self.team
        failures = self.failures
        restart_gap = _RESTART_FIRST_DEEP if self.root_probe_steps else _RESTART_FIRST
        # Never in a part handed over by another process: the part must be searched to its
        # end whether or not a solution lies in it, so a restart there only repeats work. Two processes, sparse
        # 10x20 and 15x15 boards: 3 of 60 time out, 114 s in all, against 4 and 127 s when
        # parts restarted too (10x20-multiple-01: 7.0 s against 11 s).
        restart_at = (
            float("inf")
            if refute is not None
            else stats.nodes + restart_gap
        )
        try:
            if refute is not None:
                self._undo(refute.mark)
                self._strike(refute.number, refute.cell)
                pick = self._check()
            else:
                pick = self._root_check()
            failed = False
        except Stuck:
            pick, failed = None, True
        while True:
            if not failed:
                if pick is None:
                    if self._keep_solution():
                        return False
                    failed = True
                else:
                    number, cell = pick
                    if stats.nodes >= restart_at and not self.solutions and not self.diving:
                        restart_gap *= _RESTART_GROWTH
                        restart_at = stats.nodes + restart_gap
                        if self._restart(frames):
                            self.restarts += 1
                            self.flip_next = self.restarts % 2 == 1
                            try:
                                pick = self._check()
                            except Stuck:
                                failed = True
                            continue
                    frames.append(_Frame(number, cell, len(self.trail)))
                    stats.max_depth = max(stats.max_depth, len(frames))
                    stats.nodes += 1
                    self._clock()
                    if self.max_nodes is not None and stats.nodes > self.max_nodes:
                        raise _Timeout
                    if node_budget is not None and stats.nodes > node_budget:
                        raise _OutOfBudget
                    if team is not None and not self.diving and team.wants_split(self.solutions):
                        self._split(frames, self.limit, deadline)
                    try:
                        self._wiggle(number, cell)
                        pick = self._check()
                    except Stuck:
                        failed = True
                    continue
            # Backtrack: refute the newest guess and carry on from its parent's board.
            while frames:
                frame = frames.pop()
                stats.backtracks += 1
                failures[frame.number] += 1
                self._undo(frame.mark)
                if frame.given:
                    continue  # another process searches where this guess is wrong
                try:
                    self._strike(frame.number, frame.cell)
                    pick = self._check()
                    failed = False
                    break
                except Stuck:
                    continue
            else:
                return True

    def _root_check(self) -> tuple[int, int] | None:
        """The search's first `_check`, with a partner process probing beside it when one
        was given (see `workers.Partner`) and the root takes more than `_PARTNER_AFTER`:
        the partner turns the board round (last cell first, last number first), so its
        probes meet early the facts this process would reach late, and the two trade them
        as they go."""
        partner = self.partner
        if partner is None or self.diving:
            return self._check()
        # (`_trade` starts the partner once the root has taken this long)
        self.trade_at = time.monotonic() + _PARTNER_AFTER
        try:
            return self._check()
        finally:
            self.partner = None
            partner.stop()

    def _trade(self, now: bool = False) -> bool:
        """Publish this process's candidates to the partner when they changed, and take the
        partner's; True if theirs narrowed any here. Called between probes at the root
        only, where every candidate struck holds in every solution."""
        partner = self.partner
        assert partner is not None
        clock = time.monotonic()
        if clock < self.trade_at and not now:
            return False
        self.trade_at = clock + _TRADE_EVERY
        if self.mirrored:
            if partner.stopped():
                raise _Timeout  # (its maker wants it gone, or has gone itself)
        elif not partner.pid:
            # Not started yet: the root has run long enough to be worth a fork now. The
            # partner starts from the board as it stands, and its copy of this search must
            # not trade (it never returns from `start`).
            self.partner = None
            if not partner.start(lambda mine: _partner_root(self, mine)):
                return False  # (no partner then: this search goes on alone)
            self.partner = partner
        width, cells = self.geo.size + 7 >> 3, self.geo.size
        failures = self.failures
        counts = [min(255, failures[v]) for v in range(self.last + 2)]
        if len(self.trail) != self.traded or counts != self.traded_counts:
            self.traded, self.traded_counts = len(self.trail), counts
            partner.publish(_encode(self.dom, counts, width, cells, self.mirrored))
        blob = partner.take()
        if blob is None:
            return False
        masks, their_counts = _decode(blob, width, cells, self.mirrored)
        # The partner's refutations say where the board is tight as well as this process's
        # own (see `_pick`); without them the search after the root was no better informed
        # than before, and on 20x20-minimal-10 it guessed twice as often (477 against 235).
        for v, count in enumerate(their_counts):
            if count > failures[v]:
                failures[v] = count
        if not self._narrow_to(masks):
            return False
        self._settle()
        return True

    def _restart(self, frames: list[_Frame]) -> bool:
        """Drop the guesses made since the newest one whose alternative another process
        searches (all of them, when none is), to search again from there; True if any.

        On a sparse board the fewest-ways choice can make an early guess that leads nowhere,
        and refuting it can take hundreds of guesses while a solution lies one guess away on
        the other side (10x20-multiple-01, one process: 427 refuted guesses, 38 s, before
        the first solution). The counts of refuted guesses (see `_pick`) have learnt where
        the board is tight by then, so the new start guesses there first and meets that
        failure near the top of the tree (the same board: 91 guesses, 8 s). Sound, as a
        restart only gives up part of the tree to search it again, and the passed probes
        and refutation counts kept are hints, never verdicts.
        """
        keep = max((k + 1 for k, frame in enumerate(frames) if frame.given), default=0)
        if keep == len(frames):
            return False
        self._undo(frames[keep].mark)
        del frames[keep:]
        return True

    def _split(self, frames: list[_Frame], limit: int, deadline: float | None) -> None:
        """Hand the alternative of the shallowest guess not yet handed out to a new process.

        Only a guess with another guess below it qualifies: its own side has come through a
        round of deductions and probes. The newest guess's placement, chosen fail-first, is
        often refuted at once; handing out its alternative would leave this process idle at
        once and give the child the whole rest of the search, to be searched with the
        failure counts of a search only just begun (a 15x15 board: one process busy at a
        time, 0.43 s instead of 0.30 s).
        """
        assert self.team is not None
        target = next((frame for frame in frames[:-1] if not frame.given), None)
        if target is None:
            return

        def work() -> bool:
            try:
                return self.run(limit, deadline, refute=target)
            except _Timeout:
                raise TimeoutError from None

        stats = self.stats
        if self.team.fork_child(work, lambda: (stats.nodes, stats.backtracks)):
            target.given = True

    def _strike(self, number: int, cell: int) -> None:
        d = self.dom[number] & ~(1 << cell)
        if not d:
            raise Stuck
        self._set_dom(number, d)
        self.work.append(number)

    def _wiggle(self, number: int, cell: int) -> None:
        """Lay the run one cell further: `number` goes on `cell`."""
        self._place(number, cell, guess=True)

    def _record_twin(self) -> None:
        """Look for a second solution next to the first one (cheap, and on open boards far
        quicker than searching on): reverse a stretch of the path free of givens."""
        path = self.pos[1 : self.last + 1]
        assert self.puzzle is not None, "only a search over a puzzle records solutions"
        given = self.puzzle.given_cells()
        twin = twin_path(path, [v in given for v in range(1, self.last + 1)], self.geo)
        if twin is None:
            return
        grid = path_to_grid(self.geo.rows, self.geo.cols, twin)
        if self.puzzle.is_solution(grid) and self._is_new(grid):
            self.solutions.append(grid)
            if self.on_event is not None:
                # Tell a watcher how the board turned into the twin, like any other move.
                moved = [k for k in range(len(path)) if path[k] != twin[k]]
                for k in moved:
                    self.on_event(SearchEvent(EventKind.REMOVE, k + 1, path[k]))
                for k in moved:
                    self.on_event(SearchEvent(EventKind.PLACE, k + 1, twin[k]))
                self.on_event(SearchEvent(EventKind.SOLUTION))

    def _is_new(self, grid: np.ndarray) -> bool:
        """Whether `grid` differs from every solution recorded so far."""
        return not any(np.array_equal(grid, known) for known in self.solutions)

    def _record(self) -> None:
        assert self.puzzle is not None, "only a search over a puzzle records solutions"
        grid = np.zeros((self.geo.rows, self.geo.cols), dtype=np.int16)
        flat = grid.reshape(-1)
        for v in range(1, self.last + 1):
            flat[self.pos[v]] = v
        if not self.puzzle.is_solution(grid):
            # The deductions only keep consistent boards; reaching here is a bug, never a verdict.
            raise AssertionError("solver produced an invalid grid")
        if not self._is_new(grid):
            return  # a probe met this one before the search reached it
        self.solutions.append(grid)
        if self.on_event is not None:
            self.on_event(SearchEvent(EventKind.SOLUTION))


# each byte with its bits in reverse order (turns a bitmask round, see `_encode`)
_BITS_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _encode(dom: list[int], counts: list[int], width: int, cells: int, mirrored: bool) -> bytes:
    """What a search knows at the root, as the partners trade it (see `workers.Partner`):
    every number's candidate mask in `width` bytes, little-endian, then every number's
    count of refuted probes in a byte (at most 255), both in the board's own frame.

    A mirrored search (the partner, see `_partner_root`) sees cell i as cell cells-1-i and
    number v as last+1-v: shifting each mask up to the top of its bytes, then reversing the
    whole string and the bits in every byte, does both at once.
    """
    if not mirrored:
        masks = b"".join(d.to_bytes(width, "little") for d in dom)
        return masks + bytes(counts)
    shift = 8 * width - cells
    masks = b"".join((d << shift).to_bytes(width, "little") for d in dom)
    return masks[::-1].translate(_BITS_REVERSED) + bytes(counts[::-1])


def _decode(blob: bytes, width: int, cells: int, mirrored: bool) -> tuple[list[int], bytes]:
    """The inverse of `_encode`: masks and counts (bits past the board's cells, if set,
    mean nothing)."""
    split = len(blob) // (width + 1) * width
    masks, counts = blob[:split], blob[split:]
    if mirrored:
        masks, counts = masks[::-1].translate(_BITS_REVERSED), counts[::-1]
    shift = 8 * width - cells if mirrored else 0
    cut = range(0, split, width)
    return [int.from_bytes(masks[k : k + width], "little") >> shift for k in cut], counts


def _traded_length(last: int, cells: int) -> int:
    """The length of what `_encode` makes of a board of `cells` cells numbered 1..`last`."""
    return (last + 2) * ((cells + 7 >> 3) + 1)


def _mirrored(search: _Search) -> _Search:
    """A search on `search`'s board state turned round (see `_encode`)."""
    geo, last, cells = search.geo, search.last, search.geo.size
    width = cells + 7 >> 3
    no_counts = [0] * (last + 2)
    dom, _ = _decode(_encode(search.dom, no_counts, width, cells, False), width, cells, True)
    (free,), _ = _decode(_encode([search.free], [0], width, cells, False), width, cells, True)
    pos = [-1] * (last + 2)
    for v in range(1, last + 1):
        if search.pos[v] >= 0:
            pos[last + 1 - v] = cells - 1 - search.pos[v]
    placed = {v: cell for v, cell in enumerate(pos) if cell >= 0}
    other = _Search(geo)
    other.load(pos, dom, free, odd_number_colour(geo, placed) if placed else None)
    other.mirrored = True
    return other


def _partner_root(maker: _Search, partner: Partner) -> None:
    """(In the partner process) probe the root of `maker`'s board turned round, trading
    facts with the maker, until it stops this process. A contradiction ends the partner
    quietly: the maker meets it too."""
    search = _mirrored(maker)
    search.partner = partner
    while not partner.stopped():
        search._check()
        while not search._trade(now=True):
            if partner.stopped():
                return
            time.sleep(_TRADE_EVERY)


def twin_path(path: list[int], fixed: list[bool], geo: Geometry) -> list[int] | None:
    """Another Hamiltonian path keeping every fixed position, or None if no local move finds one.

    `fixed[k]` is True when number k+1 is given. Two rewirings keep a path a path: where
    p[i] touches p[j] and p[i+1] touches p[j+1], reversing p[i+1..j] swaps two parallel
    links of a 2x2 square; where an end touches p[k], reversing the stretch beyond k moves
    that end (a backbite). Either renumbers only the reversed stretch, so it must hold no
    given.
    """
    n = len(path)
    index = [0] * len(geo.neighbours)
    for i, cell in enumerate(path):
        index[cell] = i
    clear_before = [0]
    for k in range(n):
        clear_before.append(clear_before[-1] + fixed[k])

    def clear(lo: int, hi: int) -> bool:
        return clear_before[hi + 1] == clear_before[lo]

    neighbours = geo.neighbours
    for i in range(n - 2):
        for cell in neighbours[path[i]]:
            j = index[cell]
            if i + 1 < j < n - 1 and path[j + 1] in neighbours[path[i + 1]] and clear(i + 1, j):
                return path[: i + 1] + path[i + 1 : j + 1][::-1] + path[j + 1 :]
    for cell in neighbours[path[-1]]:
        k = index[cell]
        if k < n - 2 and clear(k + 1, n - 1):
            return path[: k + 1] + path[k + 1 :][::-1]
    for cell in neighbours[path[0]]:
        k = index[cell]
        if k > 1 and clear(0, k - 1):
            return path[:k][::-1] + path[k:]
    return None


class Deductions:
    """The solver's deductions on a partly filled board, never a guess: a board state that
    follows an assumption through to a contradiction (the deduction engine's trials use it,
    so a trial and the search agree by construction).

    `pos[v]` is v's cell or -1, `dom[v]` a sound set of candidate cells for each missing v
    (bit i = cell i), `free` the empty cells; both lists are indexed by number (entries 0
    and last + 1 are unused). `assume` and `run` raise `Stuck` when the
    board cannot be completed; `copy` gives an independent board to try something on.
    """

    __slots__ = ("_search",)

    def __init__(
        self,
        geo: Geometry,
        pos: list[int],
        dom: list[int],
        free: int,
        odd_colour: int | None,
    ) -> None:
        self._search = _Search(geo)
        self._search.load(pos, dom, free, odd_colour)

    def copy(self) -> Deductions:
        other = Deductions.__new__(Deductions)
        other._search = self._search.fork()
        return other

    @property
    def geo(self) -> Geometry:
        return self._search.geo

    @property
    def last(self) -> int:
        return self._search.last

    @property
    def pos(self) -> list[int]:
        return self._search.pos

    @property
    def dom(self) -> list[int]:
        return self._search.dom

    @property
    def free(self) -> int:
        return self._search.free

    def assume(self, number: int, cell: int) -> None:
        """Put `number` on `cell` (raises `Stuck` if it cannot stand there); then `run`."""
        if self._search.pos[number] >= 0:
            raise Stuck
        self._search._place(number, cell)

    def run(self) -> None:
        """Deduce to a fixed point; raises `Stuck` on a contradiction."""
        self._search._settle()


def solve(
    puzzle: Puzzle,
    limit: int = 2,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
    timeout: float | None = None,
    max_nodes: int | None = None,
    workers: int = 1,
) -> SolveResult:
    """Solve `puzzle`, stopping at `limit` solutions (2 proves uniqueness).

    `deadline` is a `time.monotonic()` instant, `timeout` a number of seconds from now; past
    either the result has status TIMEOUT and the solutions found so far; so it has past
    `max_nodes` guesses (a budget that, unlike a clock, gives the same answer on every
    machine). `on_event` receives every placement and removal, for animating the search.
    With `workers` > 1, a search that runs long is shared among that many processes where
    the system allows it (see `workers.Team.possible`); the answer is the same.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    start = time.monotonic()
    if timeout is not None:
        end = start + timeout
        deadline = end if deadline is None else min(deadline, end)
    shared = (
        limit >= 2
        and on_event is None
        and max_nodes is None
        and Team.possible(workers, puzzle.size)
    )
    with _without_cycle_collector():
        try:
            result = _solve(puzzle, limit, deadline, on_event, max_nodes, workers if shared else 1)
        except Broken:
            # A process of the shared search failed: search again alone rather than trust it.
            result = _solve(puzzle, limit, deadline, on_event, max_nodes, 1)
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
) -> SolveResult:
    search = _Search(puzzle.geometry, puzzle, on_event)
    search.max_nodes = max_nodes
    team = search.team = Team(workers, limit) if workers > 1 else None
    if team is not None and search.root_probe_steps:
        search.partner = Partner(_traded_length(search.last, puzzle.size))
    reason = ""
    solutions = search.solutions
    try:
        search.setup()
        # A dive's abandoned solution would confuse a watcher replaying events, so a watched
        # search goes straight to the full search.
        if limit == 2 and on_event is None and search.dive(deadline):
            exhausted = len(search.solutions) < 2
        else:
            try:
                exhausted = search.run(limit, deadline)
            except Enough:
                exhausted = False
            if team is not None and team.shared:
                team.finish(search.solutions, deadline)
                solutions = search.solutions + [
                    path_to_grid(puzzle.rows, puzzle.cols, path_cells(path))
                    for path in team.solutions(search.solutions)
                ]
                exhausted = exhausted and team.all_exhausted
                search.stats.nodes += team.child_nodes
                search.stats.backtracks += team.child_backtracks
                if team.timed_out and len(solutions) < limit:
                    raise _Timeout
                if not exhausted and len(solutions) < limit:
                    # Only a process that found its own `limit` solutions stops early, and
                    # it reports them all; anything else means a part went unsearched.
                    raise Broken("a part of the search ended early")
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
    except _Timeout:
        status = Status.TIMEOUT
    finally:
        if search.partner is not None:
            search.partner.stop()  # (a search that ended before its root check)
        if team is not None:
            team.close()
    return SolveResult(status, solutions[:limit], search.stats, reason)


def count_solutions(puzzle: Puzzle, limit: int = 2, deadline: float | None = None) -> int:
    """How many solutions `puzzle` has, counting no further than `limit`.

    Raises TimeoutError when `deadline` (a `time.monotonic()` instant) passes first.
    """
    result = solve(puzzle, limit=limit, deadline=deadline)
    if result.status is Status.TIMEOUT:
        raise TimeoutError("solver ran out of time")
    return len(result.solutions)
