"""Probing: trying placements one level ahead of the search and keeping what every trial
agrees on.

Each run end with at most three candidate cells is tried on each of them; a cell whose trial
settles into a contradiction is struck, and every number keeps only the cells some surviving
trial left it. When the run ends give nothing more, each short run between two placed
numbers is laid whole in every way it can go (when there are few); then free cells that few
numbers can reach are probed the same way, each of those numbers tried on the cell ("few"
grows with the guesses made; on boards past 15x15 it starts high at the root and stays
higher after it). The search (`search.Search._check`) repeats the rounds while they change
the board; passes are remembered while the board around the run end, run or cell is
unchanged. Early in a search, a placement that a passing trial settled into is not tried
again at the same node. A trial that fills the board has met a solution, which is kept: on
small boards with several solutions both are often met before any guess.
"""
from __future__ import annotations

from collections import Counter
from functools import reduce
from itertools import compress
from operator import and_, ne, or_
from typing import Any

from numbrix_curses.solver.board import CACHE_LIMIT, Run, Stuck
from numbrix_curses.solver.propagate import Propagation
from numbrix_curses.workers import Partner


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
# a tenth of a second, and what the root settles holds in the whole tree. Boards of at least
# `_ROOT_PROBE_DEEP_FROM_CELLS` cells (16x16 and up; they are the boards with a deep root
# everywhere else too) get one step more per `_ROOT_PROBE_CELLS_PER_STEP` cells past
# `_ROOT_PROBE_FROM_CELLS` (18x18: nine steps; 20x20: the deepest, twelve in all). With a
# step per 20 cells (18x18: four), 18x18 boards were slower than 20x20 ones: clue-minimal
# 16x16, 14x19 and 18x18 boards made as the benchmark makes its own, with their boards
# with a given fewer and with a slip (111 boards, one process, processor time), 216 s in
# all against 243 s (18x18 clue-minimal: median 3.5 s against 4.9 s, slowest 26.7 s against
# 34.1 s; 16x16 34 s against 41 s; 14x19 26 s against 27 s), the boards with several
# solutions as fast (median 18x18 3.0 s against 2.8 s, 16x16 1.14 s against 1.16 s); the
# 15x20 boards of `benchmarks/hard/heldout.txt` 209 s against 213 s (one times out either
# way). With two processes (the commands' default), the 39 18x18 boards alternating old and
# new: clue-minimal 58 s against 63 s (median 2.6 s against 2.8 s, slowest 18.4 s against
# 27.2 s), but the boards with several solutions 54 s against 46 s (median 2.5 s against
# 2.0 s), the slips even, 140 s against 138 s in all: kept for the clue-minimal tail. The
# benchmark's classes are as they were: up to 15x15 no step, 20x20 the deepest.
_ROOT_PROBE_FROM_CELLS = 225
_ROOT_PROBE_DEEP_FROM_CELLS = 245
_ROOT_PROBE_CELLS_PER_STEP = 10
# After the root, such boards keep at least this many of those steps (at most as many as
# their root had) from the first guess on, rather than starting again from
# `_CELL_PROBE_FIRST`: a guess there costs a tenth of a second, so probing that saves one
# pays sooner than on smaller boards. The benchmark's 20x20 boards that guess, two
# processes, the old and new code alternating board by board: 142 s in all against 167 s,
# 160 guesses against 264 (20x20-minimal-10 27 s against 42 s, minimal-03 15 s against
# 20 s, slip-03 11 s against 18 s); the boards with several solutions even (median 5.6 s
# against 5.55 s).
_ROOT_PROBE_STEPS_KEPT = 4
# Runs between two placed numbers are laid whole in trials (see `_probe_runs`) when they
# are at most this long and can be laid in at most this many ways (20x20-minimal-03, one
# process: 88 guesses against 609; at 32 ways and 12 numbers, 192), on boards of at least
# this many cells. On smaller boards a guess is cheap and most searches are short, so the
# trials cost more than the guesses they save (one process, medians: clue-minimal 12x12
# 95 ms against 68 ms, 6x10 boards with several solutions 100 ms against 37 ms).
_RUN_PROBE_LONGEST = 16
_RUN_PROBE_MOST_WAYS = 64
_RUN_PROBE_FROM_CELLS = 200
# Smaller boards lay runs whole too once a search has made this many guesses (a dive given
# up not counted): by then it is a long proof, where each guess the trials save is worth
# their cost, as the cell probes grow deeper with the guesses for the same reason. Sparse
# boards under 200 cells that one process takes seconds on (benchmarks/hard, unique or
# without a solution, 40 s each, old and new code alternating): 317 s in all against 381 s,
# 3 timeouts against 5, median 7.6 s against 12.6 s (min-12x12-spiral-bent-odd-first-594848,
# unique with 10 givens: 21.7 s where it ran out of 40 s); the 166 boards under 200 cells
# of benchmarks/hard and shapes.txt (10 s each) 494 s against 538 s, 29 timeouts against
# 32, though boards with several solutions go both ways (thin-5x30-3: 2.2 s to 10 s and
# more; soak-printed-703215429: 9.6 s to 1.1 s). The benchmark's boards under 200 cells
# rarely take so many guesses (3 of 358).
_RUN_PROBE_LATE_AFTER = 64
# Boards with a deep root (past 15x15, where a guess costs a tenth of a second) lay longer
# runs with more ways. 26 clue-minimal 20x20 boards (the benchmark's 16 and 10 made by
# `numbrix generate --clues 1`), two processes: 72 s in all against 100 s with runs of at
# most 20 and 128 ways (20x20-minimal-10: 14.5 s against 27.9 s), and the benchmark's 8
# multiple boards 23.2 s against 23.6 s. One process: 108 s against 128 s (384 ways: 112 s,
# with one board at 39 s). On 10x20 and 15x15 deep limits cost more than they save (15x15
# minimal 8.2 s against 7.2 s; checked again later on the benchmark's 10x20 minimal and
# multiple boards, one process, alternating: 65 s against 47 s, most of the small boards
# slower, though the 11x19 board of benchmarks/shapes.txt took 2.6 s against 5.3 s).
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
# Runs with too many ways to lay are remembered by their candidates: up to 20 sets each
# (about 2 KB at 20x20), so 10,000 of them hold 20 MB.
_WAYS_CACHE_LIMIT = 10_000


class LimitReached(Exception):
    """A probe met the last solution the search was asked for."""


def _joined(union: list[int] | None, dom: list[int]) -> list[int]:
    """`union` (candidates by number, over the trials so far) widened by one more trial's."""
    return dom.copy() if union is None else list(map(or_, union, dom))


class Probing(Propagation):
    """The deductions with probing on top (see the module docstring). A trial that fills the
    board, and the trades with a root partner between probes, are the search's business:
    `_keep_solution` and `_trade` are its hooks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """See `board.BoardState`."""
        super().__init__(*args, **kwargs)
        # (cells of the numbers before and after a run, the run's candidates) of runs with
        # too many ways to lay (see `_probe_runs`)
        self.too_many_ways: set[tuple[int, int, tuple[int, ...]]] = set()
        # (subject, candidates, free cells nearby) of probes that found nothing to strike: the
        # subject is a run end's number, a run's (past `last`) or a cell's (negative)
        self.probes_passed: set[tuple[int, int | tuple[int, ...], int]] = set()
        # levels of cell probing added before the first guess (see `_probe_cells`)
        past = self.geo.size - _ROOT_PROBE_FROM_CELLS
        self.root_probe_steps = (
            past // _ROOT_PROBE_CELLS_PER_STEP if self.geo.size >= _ROOT_PROBE_DEEP_FROM_CELLS
            else 0)
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
        # placements that a trial which passed at this search node settled into, while
        # trials are skipped on them (see `_note_implied`)
        self.implied: set[tuple[int, int]] = set()
        self.skip_implied = False
        # number -> how many guesses and run-end probes on it have been refuted (see `_pick`);
        # once the search is shared, a table of counters all its processes add to (see
        # `search.Search._split`)
        self.failures: Counter[int] | memoryview = Counter()
        self.dive_nodes = 0  # guesses made by a dive that was given up (see `dive`)
        self.dive_backtracks = 0  # and of them refuted
        # the process probing the root beside this one, while it does (see `_root_check`)
        self.partner: Partner | None = None

    def _keep_solution(self) -> bool:
        """Record the full board a trial reached as a solution; True when the search has
        all it was asked for (the search decides: see `search.Search`)."""
        raise NotImplementedError

    def _trade(self, now: bool = False) -> bool:
        """Swap facts with the root partner, if any (see `search.Search`); True if theirs
        narrowed any here."""
        raise NotImplementedError

    def _settle_trial(self) -> None:
        """Settle a probe's trial. A trial that fills the board has met a solution: it is kept
        (with its twin), since on a board with several solutions it may be one the search
        would reach much later; `LimitReached` ends the search once there are enough."""
        self._clock()
        segs = self._settle()
        if segs is None:
            if self.puzzle is not None and self._keep_solution():
                raise LimitReached
        elif self.cross_in_trials:
            # Runs that would have to cross show up in trials far more often than at search
            # nodes: 28 sparse open boards of 11x19 to 20x20 with several solutions, one
            # process, 20 s each: 3 time out, against 6 with the rule at nodes only and 8
            # without it.
            self._crossing(segs)

    def _probe(self, segs: list[Run]) -> None:
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
                    # (a trial, shown as one where the search is watched: its numbers are
                    # taken back, and drawn as sure they looked like mistakes)
                    self._place(v, cell, trial=True)
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

    def _probe_runs(self, segs: list[Run]) -> None:
        """Lay each short run between two placed numbers in every way it can go, and keep
        for every number only the cells some surviving way left it.

        A run end's probe asks where the run's next number goes, one step at a time; on
        sparse boards a pocket of short runs often fails only two or three steps on, after
        the search has made a guess somewhere else, and then again under every later guess
        elsewhere. Laying the whole run at once finds that failure at the node where it
        first holds. Trying every way is the same disjunction as a run end's probe, one level
        up: every solution lays the run in exactly one of them.

        On boards under `_RUN_PROBE_FROM_CELLS` cells, only once the search has made
        `_RUN_PROBE_LATE_AFTER` guesses.
        """
        limits = self.run_probe_limits
        if limits is None:
            if self.stats.nodes - self.dive_nodes < _RUN_PROBE_LATE_AFTER:
                return
            limits = _RUN_PROBE_LONGEST, _RUN_PROBE_MOST_WAYS
        longest, most = limits
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
            # (lo + last + 1 keeps these keys apart from run ends' and cells')
            key = (lo + last + 1, candidates, self._free_around(reduce(or_, candidates)))
            if key in self.probes_passed:
                continue  # (before listing the ways: most runs here passed before, unchanged)
            ways = self._ways(lo, hi, most)
            if ways is None:
                if len(self.too_many_ways) > _WAYS_CACHE_LIMIT:
                    self.too_many_ways.clear()
                self.too_many_ways.add(known)
                continue
            if len(ways) < 2:
                continue  # one way, which the drain lays already
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
                            self._place(v, cell, trial=True)  # (a trial, as above)
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
        if len(self.dead_ways) > CACHE_LIMIT:
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
        after `_WAYS_STEPS_PER_WAY` * `most` dead partial ways. (Each number's cells to
        try are a bitmask, taken lowest first: the cells next to the one before it, among
        its candidates and not yet on the way.)
        """
        dom, near, pos = self.dom, self.geo.neighbour_masks, self.pos
        end = near[pos[hi + 1]]
        ways: list[tuple[int, ...]] = []
        cells: list[int] = []  # cells[k] holds lo + k on the way being laid
        used = 0
        # left[k]: the cells not yet tried for lo + k
        first = dom[lo] & near[pos[lo - 1]]
        left = [first & end if lo == hi else first]
        dead_left = _WAYS_STEPS_PER_WAY * most
        while left:
            choices = left[-1]
            if not choices:
                left.pop()
                if cells:
                    used ^= 1 << cells.pop()
                dead_left -= 1
                if not dead_left:
                    return None
                continue
            bit = choices & -choices
            left[-1] = choices ^ bit
            cell = bit.bit_length() - 1
            v = lo + len(cells)
            if v < hi:
                cells.append(cell)
                used |= bit
                after = dom[v + 1] & near[cell] & ~used
                left.append(after & end if v + 1 == hi else after)
            else:
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
        if len(passed) > CACHE_LIMIT:
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
        most = self.cell_probe_depth()
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

    def cell_probe_depth(self) -> int:
        """How many numbers may reach a free cell for `_probe_cells` to probe it now: the
        root's depth before the first guess, then `_CELL_PROBE_FIRST` plus a step every
        `_CELL_PROBE_GUESSES_PER_STEP` guesses (a dive that was given up does not count), or
        plus the steps a deep root keeps (`_ROOT_PROBE_STEPS_KEPT`) while that is more; at
        most `_CELL_PROBE_MOST`."""
        nodes = self.stats.nodes - self.dive_nodes
        if nodes:
            kept = min(self.root_probe_steps, _ROOT_PROBE_STEPS_KEPT)
            steps = max(nodes // _CELL_PROBE_GUESSES_PER_STEP, kept)
        else:
            steps = self.root_probe_steps
        return min(_CELL_PROBE_MOST, _CELL_PROBE_FIRST + steps)

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
                self._place(u, cell, trial=True)  # (a trial, as above)
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
