"""The sound deductions of the search, brought to a fixed point (`Propagation._settle`).

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
- walls (at search nodes): a stretch of the path between two placed numbers on the
  board's edge cells splits the board, and so few cells can wall off only so much of it
  (see `enclosure`);
- ports (at search nodes, once the search has guessed a while): a region of free cells
  that the path can enter and leave by few edges must be filled by pieces of the path
  whose numbers fit its cells, colours and port edges (see `ports`).

None of these guesses. The deduction engine's trials (`deduce/trial.py`) follow an
assumption with these same rules (`solver.Deductions`); its other levels word their own,
weaker versions of reach, dead ends and pockets (`constraints`). Every rule on either side
is sound, so a hint is a fact of every solution and never disagrees with the search
(tests/test_deduce.py walks boards step by step against the solver's solution).
"""
from __future__ import annotations

from itertools import compress, repeat
from operator import and_, itemgetter
from typing import Any, Callable

from numbrix_curses.constraints import (
    components,
    cut_cells,
    odd_colour_count,
    outer_walk,
)
from numbrix_curses.puzzle import Geometry, at_least_two_and_three
from numbrix_curses.solver import enclosure, ports
from numbrix_curses.solver.board import CACHE_LIMIT, BoardState, Run, Shape, Stuck


# Corridors are followed through cells they fill up for at most this many rounds per pass
# (10x20-minimal-02: 297 guesses with one round, 183 with four; clue-minimal 9x10 to 15x15:
# 1,279 guesses with two rounds, 1,216 with four, 1,213 with eight).
_CORRIDOR_ROUNDS = 4
# The run shapes table holds lists as long as the board in every entry (50,000 of them took
# 520 MB on a 20x20 board), and its hits come from the shapes of the last few trials: 1,000
# entries hold 10 MB at 20x20 and search as fast.
_SHAPE_CACHE_LIMIT = 1_000
# The cut cells of a pocket come with the parts each leaves, masks as long as the board: a
# 30x30 pocket with a long corridor in it holds a few hundred KB. They are looked up again
# only while the search stays near the node that found them, so 500 pockets are plenty (a
# comb of 449 cut cells across a 30x30 board takes 191 KB: 100 MB at the very worst).
_CUTS_CACHE_LIMIT = 500
# The walls table is keyed by the placed numbers on the edge (up to 76 at 20x20, about
# 9 KB a key), and its hits come from the nodes near the one that made an entry: 2,000
# entries hold 18 MB at most.
_WALLS_CACHE_LIMIT = 2_000


def _remembered(table: dict, key: int, limit: int, make: Callable, geo: Geometry) -> Any:
    """`make(geo, key)`, looked up in `table` first and kept there; the table is emptied
    when it holds more than `limit` entries, so memory stays bounded."""
    found = table.get(key)
    if found is None:
        if len(table) > limit:
            table.clear()
        found = table[key] = make(geo, key)
    return found


class Propagation(BoardState):
    """The board state with the search's sound deductions (see the module docstring); no
    guess and no trial. The memo tables here hold pure functions of their keys, so forks
    share them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """See `board.BoardState`."""
        super().__init__(*args, **kwargs)
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
        self.shapes: dict[int, Shape] = {}
        # free cells -> the regions behind few port edges (see `_ports`)
        self.narrows: dict[int, list[int]] = {}
        # the board's edge cells in order (None on a board one cell wide), and the placed
        # numbers on them -> whether some stretch between two cannot wall off its sides
        # (see `_walls`)
        self.rim = enclosure.rim_of(self.geo)
        self.walls: dict[tuple[tuple[int, int], ...], bool] = {}

    def fork(self) -> Propagation:
        """An independent copy of the board state (not of the search's progress)."""
        other = type(self)(self.geo)
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
        other.narrows = self.narrows
        other.walls = self.walls
        other.joins, other.joins_from = self.joins, list(self.joins_from)
        return other

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
        if len(near) > CACHE_LIMIT:
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

    def _scan(self) -> list[Run] | None:
        """One pass over all numbers; returns the runs, or None when it changed the board.

        Drops cells taken since a number was last revised, then looks for free cells no number
        can reach (contradiction), cells only one number can reach (placed), and dead ends.
        """
        dom, free = self.dom, self.free
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

    def _shape(self) -> Shape:
        """The runs of missing numbers, the placed numbers at their ends, the missing numbers
        and a getter of their candidate sets, remembered by the set of missing numbers (the
        lists are shared: never change them)."""
        shape = self.shapes.get(self.missing)
        if shape is not None:
            return shape
        last = self.last
        runs: list[Run] = []
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

    def _dead_ends(self, open_cells: int, runs: list[Run]) -> bool:
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

    def _regions(self, segs: list[Run]) -> bool:
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
        return _remembered(self.pockets, self.free, CACHE_LIMIT, components, self.geo)

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

    def _settle(self) -> list[Run] | None:
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

    def _settle_cuts(self, segs: list[Run] | None) -> list[Run] | None:
        """Apply `_cuts` and settle again until it changes nothing; the open runs, or None
        when the board is full."""
        while segs is not None and self._cuts(segs):
            segs = self._settle()
        return segs

    def _cuts(self, segs: list[Run]) -> bool:
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

    def _crossing(self, segs: list[Run]) -> None:
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
                if len(self.rims) > CACHE_LIMIT:
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

    def _walls(self) -> None:
        """Raise `Stuck` when a stretch of the path between two placed numbers on the
        board's edge cannot wall off what must lie beside it (see `enclosure`)."""
        rim = self.rim
        if rim is None:
            return
        place, pos = rim.place, self.pos
        on_rim = tuple(
            (v, place[cell]) for v, cell in enumerate(pos) if cell in place and v)
        walled = self.walls.get(on_rim)
        if walled is None:
            if len(self.walls) > _WALLS_CACHE_LIMIT:
                self.walls.clear()
            walled = self.walls[on_rim] = enclosure.walled_off(rim, list(on_rim), self.last)
        if walled:
            raise Stuck

    def _bags(self, pocket: int, segs: list[Run]) -> bool:
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

    def _ports(self) -> None:
        """Raise `Stuck` when a region behind few port edges cannot be filled (see `ports`)."""
        free = self.free
        regions = self.narrows.get(free)
        if regions is None:
            if len(self.narrows) > _CUTS_CACHE_LIMIT:
                self.narrows.clear()
            geo = self.geo
            regions = self.narrows[free] = [
                ports.with_placed(geo, free, cells) for cells in ports.narrow_regions(geo, free)
            ]
        for index, region in enumerate(regions):
            if ports.refuted(self.geo, region, self.dom, self.last, self.odd_colour):
                if index:
                    # (the region that refuted this board is likeliest to refute the next)
                    regions.insert(0, regions.pop(index))
                raise Stuck
