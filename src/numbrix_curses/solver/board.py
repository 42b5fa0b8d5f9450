"""The search's board state and its trail: which cell each number stands on, which cells each
missing number may still take, and how to undo every change.

State is a set of candidate cells per number, kept as bitmasks (`dom[v]`, bit i = cell i),
with `pos[v]` the cell of a placed number (or -1) and `free` the empty cells. Every change
is written to a trail and undone on backtracking; nothing is copied per node. Facts that
hold only until the search backtracks past where they were found (corridor joins, ways of
laying a run that got stuck) are kept here too, with the trail length from which each
holds, so one undo takes them all back.
"""
from __future__ import annotations

import time
from typing import Callable

from numbrix_curses.puzzle import Geometry, Puzzle
from numbrix_curses.solver.results import EventKind, SearchEvent, SolveStats

# Memo tables are dropped past this many entries so memory stays bounded on long searches.
CACHE_LIMIT = 50_000

#: A run of missing numbers lo..hi: lo - 1 is placed unless lo == 1, hi + 1 unless hi is the
#: last number (plain tuples: the scan makes a list of them on every pass).
Run = tuple[int, int]
#: runs, the placed numbers at their ends, the missing numbers, their candidate sets' getter
Shape = tuple[list[Run], list[int], list[int], Callable[[list[int]], tuple[int, ...]]]
#: Free cells the path must join to their right, left, lower and upper neighbour (each mask
#: holds the neighbour's side of the pair: bit i of `right` says "cell i is joined to i + 1"),
#: and all four together.
Joins = tuple[int, int, int, int, int]
NO_JOINS: Joins = (0, 0, 0, 0, 0)


class Stuck(Exception):
    """The board cannot be completed (raised inside propagation, caught by the search)."""


class SearchTimeout(Exception):
    """The search's deadline passed (see `_clock`)."""


class BoardState:
    """The board state: `pos`, `dom`, `free` and `missing`, indexed by number (entries 0 and
    last + 1 unused), the trail that undoes every change to them, and the work queue of
    numbers the deductions must revise."""

    def __init__(
        self,
        geo: Geometry,
        puzzle: Puzzle | None = None,
        on_event: Callable[[SearchEvent], None] | None = None,
    ) -> None:
        self.puzzle = puzzle  # None for a bare board state (see `solver.Deductions`)
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
        self.odd_colour: int | None = None
        # an instant of `clock` past which the search gives up (set by `run`); the clock is
        # `time.monotonic`, or the process's CPU time where a search must end alike on a
        # busy machine and an idle one (see `solver.solve`)
        self.deadline: float | None = None
        self.clock: Callable[[], float] = time.monotonic
        self._not_last_col = geo.not_last_col
        self._not_first_col = geo.not_first_col
        self._neighbours = geo.neighbours
        # joins to corridor cells known on this board (see `_corridors`), and the joins they
        # replaced, with the trail length from which each set holds
        self.joins: Joins = NO_JOINS
        self.joins_from: list[tuple[int, Joins]] = []
        # ways of laying a run (first number, cells) whose trial was stuck, and the trail
        # length at which each was: it stays stuck until the search backtracks past there
        # (see `_probe_runs`)
        self.dead_ways: set[tuple[int, tuple[int, ...]]] = set()
        self.dead_from: list[tuple[int, tuple[int, tuple[int, ...]]]] = []

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
        self.joins, self.joins_from = NO_JOINS, []
        self.dead_ways, self.dead_from = set(), []
        # highest first, so the drain sweeps each run from its low end in one pass
        self.work = [v for v in range(last, 0, -1) if self.pos[v] < 0]

    def _set_dom(self, v: int, new: int) -> None:
        self.trail.append((v, self.dom[v]))
        self.dom[v] = new

    def _place(self, v: int, cell: int, guess: bool = False, trial: bool = False) -> None:
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
            self.on_event(SearchEvent(EventKind.PLACE, v, cell, guess, trial))

    def _strike(self, number: int, cell: int) -> None:
        d = self.dom[number] & ~(1 << cell)
        if not d:
            raise Stuck
        self._set_dom(number, d)
        self.work.append(number)

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

    def _clock(self) -> None:
        """Raise `SearchTimeout` once the deadline has passed. Looked at for every guess and every
        trial of probing: the probing at one node of a sparse 25x25 board takes seconds,
        and a clock read costs a ten-thousandth of the cheapest trial."""
        if self.deadline is not None and self.clock() > self.deadline:
            raise SearchTimeout
