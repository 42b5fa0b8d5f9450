"""The search: guess, deduce, backtrack, and count solutions up to a limit.

Short runs first, two strokes: `_check` brings the board to a fixed point of sound deductions
(see `propagate`) and probing (see `probe`), and picks the run (segment of missing numbers)
that has the fewest ways to go on, and among equals the one refuted most often so far (runs
between two placed numbers before the head and tail runs, whose far end is free);
`_wiggle` lays that run one cell further, trying each cell the run's next number can take,
and hands the board back to `_check`. Counting stops at `limit` solutions.

Until a first solution turns up, the search starts again now and then (after 64 guesses, then
128 more, ...), with what it learnt of where refutations come from (see `_restart`), with
equal first choices taken in a random order, and after every other restart with its first
choice turned round; on boards past 15x15, where guesses are dear, only after 256
guesses. A part of the search that another process handed over restarts from its own start.
After a first solution, a "twin" is looked for by rewiring a stretch of the path that holds
no given (see `twin`); on open boards a quick run-by-run dive looks for that pair before the
full search. Until a first solution, a search that does not probe (see `side`) gets a
share of the time, in turns between guesses: the two fail on different sparse boards.
A long search may be shared among forked processes (`workers.py`): each takes the part of
the tree where one of the others' guesses is wrong, and all of them pool what they learn of
where refutations come from (see `_split`). Before the first guess there is nothing
to share, yet on boards past 15x15 the root's probing takes seconds; there a partner process
probes the same root with the board turned round, and the two trade what they strike
(`_root_check`, and `partner` for what they trade).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from numbrix_curses.constraints import Contradiction, colour_mask, number_colour, odd_number_colour
from numbrix_curses.constraints import segments as segments_of
from numbrix_curses.puzzle import path_to_grid
from numbrix_curses.solver.board import Run, SearchTimeout, Stuck
from numbrix_curses.solver.partner import TRADE_EVERY, decode, encode, partner_root
from numbrix_curses.solver.probe import LimitReached, Probing
from numbrix_curses.solver.results import EventKind, SearchEvent
from numbrix_curses.solver.twin import twin_path
from numbrix_curses.scout import Scout
from numbrix_curses.workers import Team

if TYPE_CHECKING:
    from numbrix_curses.solver.side import SideSearch


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
# Trials on placements that a passing trial settled into are skipped while the search has
# made fewer guesses than this, on boards without a deep root (see
# `probe.Probing._note_implied`). One process, 156 boards with several solutions made from
# clue-minimal 12x12, 10x20 and 15x15 ones: 47.9 s against 51.2 s with 8; with 32,
# 10x20-multiple-01 took twice as long.
_SKIP_IMPLIED_NODES = 16
# The ports rule (`ports`, at search nodes) runs once the search has made this many
# guesses: a search that needs fewer is not in a heavy tail, and the rule costs about as
# much as a node's own deductions on a 12x12 board (core-none.txt with a guess budget: 869
# guesses in 14.5 s of CPU with it, 3,370 in 38 s without; from the first guess 1,485,
# from 30 935, from 300 1,924; core-wall.txt's first board 195 to 305 guesses from 0 or
# 100, 863 from 300). Of the corpus's 104 minimal, multiple and none boards of 12x12 to
# 20x20, two make that many guesses (see benchmarks/README.md, "Where a slow search goes
# astray").
_PORTS_AFTER = 100
# Each check spends one credit and a refutation earns `_PORTS_REWARD`; out of credit, a
# node adds `_PORTS_REFILL`, so where the rule refutes nothing it runs at one node in four
# after its first 32 (a printed board where it never refutes does not pay for it at every
# node); where it refutes one check in eight or more it runs at every node.
_PORTS_CREDIT = 32.0
_PORTS_REWARD = 8.0
_PORTS_REFILL = 0.25
# After this many restarts, runs whose length exceeds the distance between their placed
# ends by at most `_TIGHT_SLACK` steps are laid before the others (see `_pick`).
_TIGHT_SLACK = 2
_TIGHT_AFTER_RESTARTS = 2
# The partner is forked only when the root has taken this long (seconds): a fork, the
# shared memory and the reaping cost 3-4 ms, which would double the time of an easy 20x20.
_PARTNER_AFTER = 0.03
# The seed of the random order of equal choices after a restart (see `_pick`): fixed, so a
# puzzle is searched the same way on every run.
_SHUFFLE_SEED = 12345


def differs_from_all(grid: np.ndarray, known: list[np.ndarray]) -> bool:
    """Whether `grid` differs from every grid of `known`."""
    return not any(np.array_equal(grid, other) for other in known)


def grid_key(grid: np.ndarray) -> bytes:
    """`grid`'s numbers as bytes, equal for equal grids whatever their integer type."""
    return np.ascontiguousarray(grid, dtype=np.int32).tobytes()


class ProbeDepth(Enum):
    """How much a search probes at each node (see `Search._check`)."""

    NONE = 0  # deductions only
    RUN_ENDS = 1  # and the run ends
    FULL = 2  # and runs, cells and cut cells, until nothing changes


class OutOfBudget(Exception):
    """A dive used up its guesses."""


class ScoutAnswered(Exception):
    """The scout settled the question; `answer` says how (see `solver.scouting`)."""

    def __init__(self, answer: bytes) -> None:
        super().__init__("the scout answered")
        self.answer = answer


@dataclass
class Frame:
    """One guess: `number` put on `cell`; `mark` is the trail length before it."""

    number: int
    cell: int
    mark: int
    #: the alternative (strike the cell) was handed to another process
    given: bool = False


class Search(Probing):
    """A whole search over one puzzle: `setup` places the givens, `run` searches until
    `limit` solutions are found or the tree is exhausted (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """See `board.BoardState`."""
        super().__init__(*args, **kwargs)
        #: the solutions found, in order; written only by `add_solution` and
        #: `_forget_solutions`, which keep `_solution_keys` beside it
        self.solutions: list[np.ndarray] = []
        #: `grid_key` of each of `solutions`: a search counting thousands of solutions met
        #: each again and again in its probes, and comparing it with every one found so far
        #: took it most of its time (an empty 4x4's 552 paths, 12 s)
        self._solution_keys: set[bytes] = set()
        self.diving = False
        self.limit = 2  # solutions wanted (set by `run`)
        self.max_nodes: int | None = None
        self.prev_pick: tuple[int, int] | None = None
        #: restarts made (see `_run`); after every other one the next choice is turned round
        self.restarts = 0
        self.shuffle = random.Random(_SHUFFLE_SEED)
        self.flip_next = False
        self.team: Team | None = None  # processes this search is shared with, if any
        self.mirrored = False  # does this search see the board turned round (the partner)?
        self.trade_at = 0.0  # when to trade with the partner next
        # the trail's length and the refutation counts when this process last published
        self.traded = -1
        self.traded_counts: list[int] = []
        self.probe_depth = ProbeDepth.FULL
        #: the scout working on this board beside this search, its job, and when it will
        #: have given up (see `watch_scout`)
        self.scout: tuple[Scout, int, float] | None = None
        #: (in a scout) whether to stop now: the search then ends as if out of time
        self.cancelled: Callable[[], bool] | None = None
        #: the search without probing that this one gives turns to until a first solution
        #: (see `side`), and when this one started
        self.side: SideSearch | None = None
        self.started = time.monotonic()
        #: what the ports rule has left to spend (see `_PORTS_CREDIT` and `_check_ports`)
        self.port_credit = _PORTS_CREDIT

    def setup(self) -> None:
        """Place the givens and set every number's candidate cells; raises on contradiction."""
        geo, last = self.geo, self.last
        assert self.puzzle is not None, "setup needs a puzzle"
        givens = self.puzzle.given_cells()
        # (the plainest reason first: it is what a player told "no solution" is shown)
        for v, cell in sorted(givens.items()):
            if v + 1 in givens and not geo.adjacent(cell, givens[v + 1]):
                raise Contradiction(f"{v} and {v + 1} are given but not next to each other")
        self.odd_colour = odd_number_colour(geo, givens)
        for v in range(1, last + 1):
            self.dom[v] = (
                colour_mask(geo, number_colour(self.odd_colour, v))
                if self.odd_colour is not None
                else geo.full_mask
            )
        for v, cell in sorted(givens.items()):
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
        except OutOfBudget:
            exhausted = False
        finally:
            self.diving = False
        if exhausted or len(self.solutions) >= 2:
            return True
        self._forget_solutions()
        self._undo(mark)
        # Afresh means forgetting the dive's guesses too: its refutations would steer the
        # search's first choices (see `_pick`), and its guess count would make the search
        # probe as if it were deep already (see `_probe_cells`). (A dive comes before any
        # other guess or probe, so every count there is is the dive's.)
        self.failures.clear()
        self.dive_nodes = self.stats.nodes
        self.dive_backtracks = self.stats.backtracks
        return False

    def run(
        self,
        limit: int,
        deadline: float | None,
        node_budget: int | None = None,
        refute: Frame | None = None,
    ) -> bool:
        """Search until `limit` solutions are found; True when the search space was exhausted
        (see `_run`)."""
        self.limit = limit
        self.deadline = deadline
        try:
            return self._run(deadline, node_budget, refute)
        except LimitReached:
            return False

    def _run(
        self,
        deadline: float | None,
        node_budget: int | None,
        refute: Frame | None,
    ) -> bool:
        """Search until `self.limit` solutions are found; True when the search space was
        exhausted.

        Branching is binary: put the chosen number on its first candidate cell, and when that
        fails, strike the cell from the number's candidates and deduce again, so every refuted
        guess sharpens the board its siblings start from. With `refute`, search only the part
        of the tree where that guess is wrong (the part a shared search hands to a child).
        """
        frames: list[Frame] = []
        stats = self.stats
        team = self.team
        restart_gap = _RESTART_FIRST_DEEP if self.root_probe_steps else _RESTART_FIRST
        # In a part handed over by another process too, back to the part's own start (see
        # `_restart`). A part of a board with no solution or one is searched to its end
        # either way, and there a restart mostly repeats work; but on a sparse board with
        # several solutions a part is as heavy-tailed as the whole search, and since a
        # restart tries equal choices in a new order (see `_pick`) it escapes as it does
        # in one process. Two processes, 30 s each, old and new code alternating: the 37
        # boards of benchmarks/hard/printed-*.txt and four printed-style boards a soak
        # could not answer in 30 s, 7 time out against 9, 438 s in all against 499 s (a
        # 12x12 board with 9 givens: 5.7 s, where one process takes 15 s and two without
        # restarts in parts ran out of 60 s); the benchmark's 12x12 to 20x20 boards even
        # (129 s against 127 s). (Before restarts took a new order, parts that restarted
        # made sparse 10x20 and 15x15 boards slower: 127 s against 114 s.)
        restart_at = stats.nodes + restart_gap
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
                    side = self.side
                    if (
                        side is not None
                        and not self.solutions
                        and not self.diving
                        and side.due(self, time.monotonic())
                        and side.turn(self)
                    ):
                        return side.exhausted
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
                    frames.append(Frame(number, cell, len(self.trail)))
                    stats.max_depth = max(stats.max_depth, len(frames))
                    stats.nodes += 1
                    self._clock()
                    if self.max_nodes is not None and stats.nodes > self.max_nodes:
                        raise SearchTimeout
                    if node_budget is not None and stats.nodes > node_budget:
                        raise OutOfBudget
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
                self.failures[frame.number] += 1
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

    def _check_ports(self) -> None:
        """The ports rule at this node, where its credit allows (see `_PORTS_CREDIT`);
        raises `Stuck` as `_ports` does."""
        if self.port_credit < 1:
            self.port_credit += _PORTS_REFILL
            return
        self.port_credit -= 1
        try:
            self._ports()
        except Stuck:
            self.port_credit += _PORTS_REWARD
            raise

    def _check(self) -> tuple[int, int] | None:
        """Settle the board, probe the run ends until that finds nothing more, and return the
        next (number, cell) to wiggle, or None when the board is solved. Raises `Stuck` when
        it cannot be completed."""
        segs = self._settle_cuts(self._settle())
        if segs is not None:
            self._crossing(segs)
            self._walls()
            if self.stats.nodes - self.dive_nodes >= _PORTS_AFTER:
                self._check_ports()
        self.probe_score.clear()  # scores describe this board only
        self.implied.clear()
        self.skip_implied = (
            not self.root_probe_steps and self.stats.nodes - self.dive_nodes < _SKIP_IMPLIED_NODES
        )
        # Probe again while probing changes the board: each round of struck cells can
        # refute more trials (half the guesses for about the same time per guess).
        depth = ProbeDepth.NONE if self.diving else self.probe_depth
        if depth is ProbeDepth.FULL and self._light_before_refuted():
            depth = ProbeDepth.RUN_ENDS
        while segs is not None and depth is not ProbeDepth.NONE:
            mark = len(self.trail)
            self._probe(segs)
            segs = self._settle()
            if depth is ProbeDepth.RUN_ENDS:
                if len(self.trail) == mark:
                    break
                continue
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

    def _light_before_refuted(self) -> bool:
        """Whether this node probes only the run ends: past the root, until a guess has
        been refuted, in a search alone on a board without a deep root (a dive given up
        before counts for nothing, as it leaves no trace).

        On a board with several solutions the first guesses are rarely refuted, and the
        way to a first solution (whose twin follows at once) is quicker with cheap nodes;
        on a unique board the first refuted guess turns full probing on, where the proof
        needs it. One process, CPU time, the old and new code alternating
        (`benchmarks/compare.py`, medians of three): the corpus's boards with several
        solutions up to 10% quicker (12x12 82 against 76 ms, 10x20 0.20 against 0.18 s;
        9x9 and 15x15 even), their clue-minimal parents even (0.96-1.03), and
        10x20-multiple-01 answered in 18 s where it ran out of 30 s (-00: 0.8 s against
        0.3 s); `hard/structured.txt` (10 s each) 5 timeouts against 7, 126 s against
        133 s; the printed, few-givens and open-sparse files of `hard/` (5 s each) 48
        timeouts against 49, 294 s against 312 s (open-sparse alone 4 against 2). A shared
        search (two processes) has a scout that probes little on these boards already, and
        the rule there was even in all (20.7 s against 20.4 s) but slower on the 12x12
        boards with several solutions (median 72 against 61 ms), so it keeps full probing."""
        return (
            self.team is None
            and not self.root_probe_steps
            and self.stats.nodes > self.dive_nodes
            and self.stats.backtracks == self.dive_backtracks
        )

    def _pick(self, segs: list[Run]) -> tuple[int, int]:
        """The run end with the fewest cells to try: that run has the fewest ways to go on.

        Among those (after probing, most run ends have two cells), the number whose guesses
        and probes have been refuted most often goes first. On a sparse board the search
        otherwise hops between distant parts of the board, and a part that cannot be
        completed is refuted again under every guess made elsewhere since; putting the
        number that keeps failing first finds that out near the top of the tree
        (failure-directed choice, as in "dom/wdeg"). Clue-minimal 9x10 to 13x13 boards: 30%
        fewer guesses; 15x15: a third as many; 10x20: up to five times fewer.

        A run with a free end (the numbers before the smallest placed one, or after the
        largest) goes after every run between two placed numbers, whatever its count. It
        can end anywhere, so nothing steers its guesses, and onward-move order lays it
        along a wall into a corner that a run between givens needs: on a sparse 9x20 board
        the tail took the top-left corner at the fourth guess, and the failures that
        followed fell on the numbers far below it, never on the tail, so restarts laid it
        there again (no answer in 30 s; CP-SAT 1.1 s). Laid last, it fills what the others
        leave: 5.2 s. One process, 15 s each, the boards of benchmarks/hard: the printed
        ones (43) time out 16 times against 24, the open ones made from a few random
        givens (41) 11 against 12, though there single boards go both ways (open-05: 0.6 s
        against 15 s and more; open-19: 4.4 s against 15 s and more). Two processes, whose
        shared search already leaves a bad first choice to one of them, the printed ones
        are even (14 timeouts against 13, 396 s against 400 s), and the 9x20 board takes
        0.9 s. The benchmark's corpus (9x9 to 20x20) makes the same guesses on all but a
        few boards (20x20 boards with several solutions, one process: 44 against 57).

        After the second restart, a run between placed numbers with at most `_TIGHT_SLACK`
        steps to spare beyond the shortest way between them goes before all that. Such a
        run has few layouts, and laid, it walls off parts of the board that the pocket, cut
        cell and ports rules judge; a long loose run laid first is laid one way after
        another through cells nothing bounds, and a contradiction behind the tight runs is
        refuted again under each. The 6-given core of a printed board with no solution
        (benchmarks/hard/printed-soak.txt; why it has none is in benchmarks/README.md):
        21..27 is a shortest way from H6 to K3 and 89..95 has two steps to spare; laid
        first, none in 419 guesses (12 s of CPU), where 28..88 laid first left no answer in
        2,428 (120 s). From the first guess it took 338, but a sparse open board that a
        restart answers in 96 guesses (open-00-11x19-s0) was not answered in 1,500; after
        one restart, the same; after two it takes 109.
        """
        dom = self.dom
        failures = self.failures
        last = self.last
        best: tuple[bool, bool, int, int, int, int] | None = None
        pos = self.pos
        cols = self.geo.cols
        tight_first = self.restarts >= _TIGHT_AFTER_RESTARTS
        for lo, hi in segs:
            free_end = lo == 1 or hi == last
            loose = free_end or not tight_first or hi - lo + 2 - (
                abs(pos[lo - 1] // cols - pos[hi + 1] // cols)
                + abs(pos[lo - 1] % cols - pos[hi + 1] % cols)
            ) > _TIGHT_SLACK
            for number, anchored in ((lo, lo > 1), (hi, hi < last)):
                if anchored:
                    ways = dom[number].bit_count()
                    key = (free_end, loose, ways, -failures[number], hi - lo + 1, number)
                    if best is None or key < best:
                        best = key
        # the chosen number and how many cells it may take (an empty board: start anywhere)
        _, _, ways, _, _, number = best if best is not None else (False, False, 0, 0, 0, 1)
        if self.diving and ways > 1 and self.prev_pick is not None:
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

        def onward(c: int) -> int:
            return (expand(1 << c) & free).bit_count()

        def order(c: int) -> tuple[int, int]:
            return onward(c), score.get((number, c), 0)

        if self.flip_next and ways > 1:
            # After every other restart the first choice goes the other way: on open boards
            # the first guesses can lead into a part with no solution that takes thousands
            # of guesses to refute, while a solution lies on the other side (what a second
            # process finds at once, see `_split`). Of ten sparse boards with several
            # solutions (benchmarks/hard), one process answers six within 30 s, not four.
            self.flip_next = False
            return number, sorted(self.geo.cells_of(dom[number]), key=order)[1]
        if self.restarts and not self.solutions and ways > 1:
            # After a restart, the cells with the fewest onward moves are tried in a random
            # order. On open boards a search that meets no solution is heavy-tailed: one early
            # choice leads into a part that takes thousands of guesses to refute. A restart
            # in the same order rebuilt much the same tree (the refutation counts steer which
            # number goes next, rarely which cell), so it met the same part again; a random
            # order among equals gives each restart a tree of its own (randomised restarts,
            # as in SAT and constraint solvers). Sound: the order decides what is tried
            # first, never what is proved. 37 sparse printed boards, all but one with several
            # solutions (the soak's and benchmarks/hard/printed-slow.txt), 10 s each: one
            # process, 22 time out against 27 (312 s against 350 s in all); two processes, 17
            # against 21 (286 s against 304 s). A 12x10 board with 8 givens is answered in
            # 221 guesses where the fixed order ran past 25,000 in 120 s. Of the benchmark's
            # corpus only 10x20-multiple-01 restarts at all (281 guesses against 272).
            moves = {c: onward(c) for c in self.geo.cells_of(dom[number])}
            fewest = min(moves.values())
            return number, self.shuffle.choice([c for c, m in moves.items() if m == fewest])
        return number, min(self.geo.cells_of(dom[number]), key=order)

    def _keep_solution(self) -> bool:
        """Record the full board as a solution (and its twin when a second is wanted), tell
        the processes sharing the search; True when there are `limit` solutions now."""
        self._record()
        if self.limit == 2 and len(self.solutions) == 1:
            self._record_twin()
        if self.team is not None:
            self.team.report(self.solutions)
        return len(self.solutions) >= self.limit

    def _trade(self, now: bool = False) -> bool:
        """Publish this process's candidates to the partner when they changed, and take the
        partner's; True if theirs narrowed any here. Called between probes at the root
        only, where every candidate struck holds in every solution."""
        partner = self.partner
        assert partner is not None
        clock = time.monotonic()
        if clock < self.trade_at and not now:
            return False
        self.trade_at = clock + TRADE_EVERY
        if self.mirrored:
            if partner.stopped():
                raise SearchTimeout  # (its maker wants it gone, or has gone itself)
        elif not partner.pid:
            # Not started yet: the root has run long enough to be worth a fork now. The
            # partner starts from the board as it stands, and its copy of this search must
            # not trade (it never returns from `start`).
            self.partner = None
            if not partner.start(lambda mine: partner_root(self, mine)):
                return False  # (no partner then: this search goes on alone)
            self.partner = partner
        width, cells = self.geo.size + 7 >> 3, self.geo.size
        failures = self.failures
        counts = [min(255, failures[v]) for v in range(self.last + 2)]
        if len(self.trail) != self.traded or counts != self.traded_counts:
            self.traded, self.traded_counts = len(self.trail), counts
            partner.publish(encode(self.dom, counts, width, cells, self.mirrored))
        blob = partner.take()
        if blob is None:
            return False
        masks, their_counts = decode(blob, width, cells, self.mirrored)
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

    def _restart(self, frames: list[Frame]) -> bool:
        """Drop the guesses made since the newest one whose alternative another process
        searches (all of them, when none is: in a part handed over, back to the part's
        start), to search again from there; True if any.

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

    def _split(self, frames: list[Frame], limit: int, deadline: float | None) -> None:
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
            self.scout = None  # (the scout answers to the process that sent it)
            self.side = None  # (nor does the side search: it searches from the root)
            try:
                return self.run(limit, deadline, refute=target)
            except SearchTimeout:
                raise TimeoutError from None

        stats = self.stats
        # The refutation counts that steer `_pick` are pooled among the processes from the
        # first split on: a part handed over is searched beside the part that would have
        # taught it, in one process, where the board is tight. Without the pool, a 20x20
        # board with no solution took 40 s and 420 guesses with two processes against 12 s
        # and 60 in one: its child started with the counts of the root only. Two
        # processes, 30 s each, the 37 boards of benchmarks/hard/printed-*.txt: 5 time out
        # against 9, 450 s in all against 533 s; the benchmark's 20x20 boards that guess
        # are about even (one board in nine slower).
        self.failures = self.team.pooled_counts(self.failures, self.last + 2)
        if self.team.fork_child(work, lambda: (stats.nodes, stats.backtracks)):
            target.given = True

    def watch_scout(self, scout: Scout, job: int, until: float) -> None:
        """Take `scout`'s word on `job` (this board) when it comes (see `_clock`); it gives
        up at `until` (a `time.monotonic()` instant). It needs a core of its own, so a
        shared search hands out no work until it has answered."""
        self.scout = (scout, job, until)
        if self.team is not None:
            self.team.helpers += 1

    def _clock(self) -> None:
        """Raise `SearchTimeout` past the deadline or when told to stop, and take the
        scout's word when it has one: raise `ScoutAnswered`, or let the search share its
        work again when the scout gave up."""
        super()._clock()
        if self.cancelled is not None and self.cancelled():
            raise SearchTimeout
        if self.scout is None:
            return
        scout, job, until = self.scout
        if scout.answered(job):
            answer = scout.answer(job)
            self.forget_scout()
            if answer is not None:
                raise ScoutAnswered(answer)
        elif time.monotonic() > until + 0.1:
            self.forget_scout()  # (it would have said so by now: it has gone)

    def forget_scout(self) -> None:
        """Stop waiting for the scout (and tell it to drop the job); safe to call twice."""
        if self.scout is None:
            return
        scout, job, _ = self.scout
        self.scout = None
        scout.cancel(job)
        if self.team is not None:
            self.team.helpers -= 1

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
        if self.puzzle.is_solution(grid) and self.is_new_solution(grid):
            self.add_solution(grid)
            if self.on_event is not None:
                # Tell a watcher how the board turned into the twin, like any other move.
                moved = [k for k in range(len(path)) if path[k] != twin[k]]
                for k in moved:
                    self.on_event(SearchEvent(EventKind.REMOVE, k + 1, path[k]))
                for k in moved:
                    self.on_event(SearchEvent(EventKind.PLACE, k + 1, twin[k]))
                self.on_event(SearchEvent(EventKind.SOLUTION))

    def is_new_solution(self, grid: np.ndarray) -> bool:
        """Whether `grid` differs from every solution recorded so far."""
        return grid_key(grid) not in self._solution_keys

    def add_solution(self, grid: np.ndarray) -> None:
        """Record `grid`, a solution not recorded before."""
        self.solutions.append(grid)
        self._solution_keys.add(grid_key(grid))

    def _forget_solutions(self) -> None:
        self.solutions.clear()
        self._solution_keys.clear()

    def _record(self) -> None:
        assert self.puzzle is not None, "only a search over a puzzle records solutions"
        grid = np.zeros((self.geo.rows, self.geo.cols), dtype=np.int16)
        flat = grid.reshape(-1)
        for v in range(1, self.last + 1):
            flat[self.pos[v]] = v
        if not self.puzzle.is_solution(grid):
            # The deductions only keep consistent boards; reaching here is a bug, never a verdict.
            raise AssertionError("solver produced an invalid grid")
        if not self.is_new_solution(grid):
            return  # a probe met this one before the search reached it
        self.add_solution(grid)
        if self.on_event is not None:
            self.on_event(SearchEvent(EventKind.SOLUTION))
