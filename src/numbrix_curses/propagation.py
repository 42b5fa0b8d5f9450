"""Fast propagation of the board facts to a fixed point, for the deduction engine's trials.

A trial assumes a number stands on a cell and follows the board through until it runs into
a contradiction. Re-deriving every technique from scratch after each placement (as hints do,
so each reason reads off the visible board) is too slow for that, so this module keeps a
candidate set per missing number (a bitmask) and narrows it in place with the same facts the
techniques of levels 1-3 use, all from `numbrix_curses.constraints`:

- reach: each number touches a candidate of its predecessor and of its successor, through
  free cells (this also covers only neighbour, bridge and straight runs);
- every free cell needs a number: a cell only one number can reach gets it (single cell);
- dead ends: a cell with fewer free neighbours than a number there would need is struck
  from that number;
- pockets: runs fill the pockets of free cells exactly (`feasible_pockets`).

Nothing here guesses; `Propagator.run` raises `Stuck` when the board cannot be completed.
"""
from __future__ import annotations

from collections.abc import Sequence

from numbrix_curses.constraints import (
    Segment,
    components,
    feasible_pockets,
    odd_colour_count,
    segments,
)
from numbrix_curses.puzzle import Geometry


class Stuck(Exception):
    """The board cannot be completed."""


class Propagator:
    """Candidate cells per number (placed numbers hold their own cell) and the free cells."""

    __slots__ = ("dom", "free", "geo", "last", "odd_colour", "open", "pos", "work")

    def __init__(
        self,
        geo: Geometry,
        pos: Sequence[int],
        dom: Sequence[int],
        free: int,
        odd_colour: int | None,
    ) -> None:
        """`pos[v]` is v's cell or -1; `dom[v]` the candidate cells of each missing v (sound
        ones, e.g. from `reach_domains`); placed numbers get their own cell here."""
        self.geo = geo
        self.last = geo.size
        self.pos = list(pos)
        self.dom = list(dom)
        for v in range(1, self.last + 1):
            if self.pos[v] >= 0:
                self.dom[v] = 1 << self.pos[v]
        self.free = free
        self.odd_colour = odd_colour
        self.work: list[int] = [v for v in range(1, self.last + 1) if self.pos[v] < 0]
        #: the missing numbers as of the last scan (a superset of those missing now)
        self.open: list[int] = list(self.work)

    def copy(self) -> Propagator:
        other = Propagator.__new__(Propagator)
        other.geo = self.geo
        other.last = self.last
        other.pos = list(self.pos)
        other.dom = list(self.dom)
        other.free = self.free
        other.odd_colour = self.odd_colour
        other.work = list(self.work)
        other.open = self.open  # never mutated, only replaced
        return other

    def missing(self) -> list[int]:
        self.open = [v for v in self.open if self.pos[v] < 0]
        return self.open

    def assume(self, number: int, cell: int) -> None:
        """Put `number` on `cell` (raises `Stuck` if it cannot go there); then `run`."""
        self._place(number, cell)

    def _place(self, v: int, cell: int) -> None:
        bit = 1 << cell
        if self.pos[v] >= 0 or not self.free & bit or not self.dom[v] & bit:
            raise Stuck
        near = self.geo.expand(bit)
        for w in (v - 1, v + 1):
            if 1 <= w <= self.last and self.pos[w] >= 0 and not near >> self.pos[w] & 1:
                raise Stuck
        self.pos[v] = cell
        self.dom[v] = bit
        self.free &= ~bit
        if v > 1 and self.pos[v - 1] < 0:
            self.work.append(v - 1)
        if v < self.last and self.pos[v + 1] < 0:
            self.work.append(v + 1)

    def run(self) -> None:
        """Narrow to a fixed point; raises `Stuck` on a contradiction."""
        while True:
            self._drain()
            if not self.free:
                return
            if self._scan():
                continue
            if self._regions():
                continue
            return

    def _drain(self) -> None:
        work, pos, dom = self.work, self.pos, self.dom
        last, cols, full = self.last, self.geo.cols, self.geo.full_mask
        not_last, not_first = self.geo.not_last_col, self.geo.not_first_col
        while work:
            u = work.pop()
            if pos[u] >= 0:
                continue
            old = dom[u]
            d = old & self.free
            if u > 1:
                m = dom[u - 1]
                d &= ((m & not_last) << 1) | ((m & not_first) >> 1) | (m << cols) | (m >> cols)
            if u < last:
                m = dom[u + 1]
                d &= ((m & not_last) << 1) | ((m & not_first) >> 1) | (m << cols) | (m >> cols)
            d &= full
            if not d:
                raise Stuck
            if d == old and d & (d - 1):
                continue
            dom[u] = d
            if d & (d - 1) == 0:
                self._place(u, d.bit_length() - 1)
            else:
                if u > 1 and pos[u - 1] < 0:
                    work.append(u - 1)
                if u < last and pos[u + 1] < 0:
                    work.append(u + 1)

    def _scan(self) -> bool:
        """Stale cells, uncovered cells, single cells and dead ends; True if it changed
        anything (and queued the numbers to revise)."""
        dom, pos, free, last = self.dom, self.pos, self.free, self.last
        missing = self.missing()
        changed = False
        once = twice = 0
        for v in missing:
            d = dom[v]
            if d & ~free:
                d &= free
                if not d:
                    raise Stuck
                dom[v] = d
                self.work.append(v)
                changed = True
            twice |= once & d
            once |= d
        if free & ~once:
            raise Stuck
        singles = free & ~twice
        if singles:
            for v in missing:
                hit = dom[v] & singles
                if hit:
                    if hit & (hit - 1):
                        raise Stuck  # one number cannot fill two cells
                    self._place(v, hit.bit_length() - 1)
            return True
        geo = self.geo
        tight = free & ~geo.with_two_neighbours_in(free)
        if tight:
            expand = geo.expand
            room: dict[int, int] = {}
            for v in missing:
                hit = dom[v] & tight
                if not hit:
                    continue
                needs = (v > 1 and pos[v - 1] < 0) + (v < last and pos[v + 1] < 0)
                if not needs:
                    continue
                for x in geo.cells_of(hit):
                    if x not in room:
                        room[x] = (expand(1 << x) & free).bit_count()
                    if needs > room[x]:
                        dom[v] &= ~(1 << x)
                        if not dom[v]:
                            raise Stuck
                        self.work.append(v)
                        changed = True
        return changed

    def _regions(self) -> bool:
        pockets = components(self.geo, self.free)
        if len(pockets) < 2:
            return False
        dom = self.dom
        segs: list[Segment] = segments(self.pos, self.last)
        cands = [
            [k for k, p in enumerate(pockets) if dom[s.lo] & p and dom[s.hi] & p] for s in segs
        ]
        odd = self.odd_colour
        sizes = [p.bit_count() for p in pockets]
        if odd is not None:
            seg_odds: list[int] | None = [odd_colour_count(s.lo, s.hi, odd) for s in segs]
            pocket_odds: list[int] | None = [(p & self.geo.odd_mask).bit_count() for p in pockets]
        else:
            seg_odds = pocket_odds = None
        feasible = feasible_pockets(
            [s.length for s in segs], seg_odds, cands, sizes, pocket_odds, max_nodes=2000
        )
        if feasible is None:
            raise Stuck
        changed = False
        for seg, allowed_pockets in zip(segs, feasible):
            allowed = 0
            for k in allowed_pockets:
                allowed |= pockets[k]
            for v in range(seg.lo, seg.hi + 1):
                if dom[v] & ~allowed:
                    d = dom[v] & allowed
                    if not d:
                        raise Stuck
                    dom[v] = d
                    self.work.append(v)
                    changed = True
        return changed
