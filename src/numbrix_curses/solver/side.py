"""The side search: a second search over the same board, without probing, that the main
search hands a share of its time to while it has met no solution.

Probing at every guess is what proves a clue-minimal board unique quickly, and what finds a
first solution on most boards; but on sparse boards with several solutions (a printed
layout with a given dropped, a few givens far apart) a search that meets no solution is
heavy-tailed, and the two kinds of search fail on different boards. Of 61 such boards
(`benchmarks/hard`: the printed, open and soak files), 10 s each, one process: the search
that probes answered 38 and the one that does not 25; 6 of those 25 were boards the
probing search could not answer, and it answered 19 that the other could not. Handing the
side search a share of the time makes one search that answers where either would, soon
enough. Given from the start (the same boards, `benchmarks/compare.py`, one process, 10 s),
19 timeouts against 22, 327 s against 354 s; one board took 0.34 s instead of more than
10 s, others a fifth to a half of their time, but those the probing search answers within
seconds took 10-20% longer, and the benchmark's 20x20 boards 11% longer in all. So the
first turn waits for the main search to have refuted guesses (`FIRST_AFTER_BACKTRACKS`):
on `hard/printed-soak.txt` and `hard/open-sparse.txt`, 13 timeouts against 15, 165 s
against 179 s, and the benchmark's 20x20 boards (two processes) as fast as without it.
With two processes (the commands' default), whose shared search already tries several
ways at once, the gain is smaller and single boards swing both ways: the printed and open
boards, 13 timeouts against 13, 270 s against 280 s, median ratio 0.93.

The side search starts from the root at each turn, each turn twice as long as the one
before: the first takes its choices in the main search's order, later ones take equal
choices in a new random order (as a restart does; see `Search._pick`), and within a turn it
restarts as the main search does. It uses the same deductions as the main search, so when
it searches its whole tree its answer is a proof like the main search's; its solutions are
checked on arrival (`Search._record`).
"""
from __future__ import annotations

import random
import time

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver.board import SearchTimeout
from numbrix_curses.solver.search import ProbeDepth, Search

#: the side search's time, as a share of the main search's since the side's last turn
SHARE = 0.25
#: the main search's time (seconds) before the first turn: most boards are answered sooner,
#: and pay nothing for the side search
FIRST_TURN = 0.25
#: the guesses the main search must have seen refuted before the first turn: on the
#: benchmark's 20x20 boards it makes a handful, each after seconds of probing, and finds
#: its solutions where the side search would take longer; on the boards where the side
#: search wins, the main one is refuting guesses by the hundred
FIRST_AFTER_BACKTRACKS = 16
#: each gap between turns (and so each turn) this many times as long as the one before
GROWTH = 2
#: the seed of the side search's random order of equal choices: a puzzle is searched the
#: same way on every run (as far as the clock lets turns end at the same guess)
_SEED = 12346


class SideSearch:
    """Turns of a search without probing, given to it by a main search (see the module
    docstring). `settled` says whether a turn answered the puzzle, `exhausted` whether that
    answer is a proof (the side search searched everything) rather than two solutions."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.search: Search | None = None
        self.root_mark = 0
        self.gap = FIRST_TURN
        self.last_turn: float | None = None
        self.settled = False
        self.exhausted = False

    @property
    def nodes(self) -> int:
        """Guesses made in all turns so far."""
        return 0 if self.search is None else self.search.stats.nodes

    @property
    def backtracks(self) -> int:
        """Guesses refuted in all turns so far."""
        return 0 if self.search is None else self.search.stats.backtracks

    def due(self, main: Search, now: float) -> bool:
        """Whether `main` owes the side a turn."""
        if self.last_turn is None:
            if main.stats.backtracks < FIRST_AFTER_BACKTRACKS:
                return False
            return now - main.started >= self.gap
        return now - self.last_turn >= self.gap

    def turn(self, main: Search) -> bool:
        """Search from the root for a share of the time `main` has had since the last turn;
        its solutions join `main`'s. True when that settled the puzzle."""
        now = time.monotonic()
        end = now + SHARE * self.gap
        if main.deadline is not None:
            end = min(end, main.deadline)
        side = self.search
        if side is None:
            side = self.search = Search(main.geo, self.puzzle, None)
            side.probe_depth = ProbeDepth.NONE
            side.shuffle = random.Random(_SEED)
            side.setup()
            self.root_mark = len(side.trail)
        else:
            # A restart's random order among equal choices, from the first guess on.
            side.restarts += 1
        try:
            exhausted = side.run(main.limit, end)
        except SearchTimeout:
            exhausted = False  # (the turn's time is up)
        side._undo(self.root_mark)
        self.gap *= GROWTH
        self.last_turn = time.monotonic()
        for grid in side.solutions:
            if main.is_new_solution(grid):
                main.add_solution(grid)
        if exhausted:
            self.settled = self.exhausted = True
        else:
            self.settled = len(main.solutions) >= main.limit
        return self.settled
