"""Which two givens of a puzzle with no solution were each typed as another number.

A person copying a grid can slip twice: 16 typed for 61 in one place, 45 for 54 in another.
Then no one given taken away, moved or swapped mends the board (`slips` looks for those
first), but the two put back as the numbers one slip of the hand turns them into
(`typos`) do. Every pair of givens, each as any of its typing neighbours, is far too many
to solve, so the candidates are first held to what any solution needs, checked without a
solve: every number a number of the board, on the checkerboard colour the others leave
it, and no farther in steps from another given than their difference (so none given
twice). Givens as typed that break one of these between them must be among the two
changed, which leaves few pairs; each is proved by a solve that looks for a second
solution, and named only where none is found.

The likeliest slips are tried first, the less likely only when those give nothing: both
givens with two digits turned round (61 for 16), then one of them with a digit changed
instead (18 or 26 for 16), then both. A digit doubled or dropped is tried for one given
alone (`slips`), not in pairs: those are rarer slips, and any digit anywhere makes each
given some thirty candidates more. (A number both typed a cell off and mistyped is two
slips in one given: `slips` tries that for each suspect.)
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle, cell_name
from numbrix_curses.rowslips import has_solution, unique_solution
from numbrix_curses.solver import SearchEvent
from numbrix_curses.typos import SlipCost, add_costs, one_digit_changed, slip_cost, turned_round


@dataclass(frozen=True)
class Retyped:
    """A given as it was typed (`typed`) and as it should read (`number`)."""

    row: int
    col: int
    typed: int
    number: int

    def __str__(self) -> str:
        return f"{self.number} for the {self.typed} at {cell_name(self.row, self.col)}"


@dataclass(frozen=True)
class NumberPair:
    """Two givens each typed as another number: the change that puts both right."""

    first: Retyped
    second: Retyped

    def applied(self, givens: np.ndarray) -> np.ndarray:
        """`givens` (the board as typed) with both numbers put right."""
        grid = givens.copy()
        for given in (self.first, self.second):
            grid[given.row, given.col] = given.number
        return grid

    @property
    def cells(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The (row, col) of the two givens changed."""
        return (self.first.row, self.first.col), (self.second.row, self.second.col)

    def change(self) -> str:
        """This change as a request: "put 36 at D6 and 45 at C3"."""
        first, second = self.first, self.second
        return (f"put {first.number} at {cell_name(first.row, first.col)} and "
                f"{second.number} at {cell_name(second.row, second.col)}")

    def cost(self) -> SlipCost:
        """How unlikely the two slips this change undoes are (see `typos.slip_cost`)."""
        return add_costs(*(slip_cost(given.number, given.typed)
                           for given in (self.first, self.second)))

    def __str__(self) -> str:
        return f"{self.first} and {self.second}"


#: how each given may have been typed, likeliest first: a pair's tier is the sum of its
#: two givens' (both turned round 0, one a digit changed 1, both 2)
SLIPS: tuple[Callable[[int], tuple[int, ...]], ...] = (turned_round, one_digit_changed)
TIERS = 2 * (len(SLIPS) - 1) + 1


class GivenChecks:
    """The checks every solution passes, made without a solve, on the givens of a puzzle
    (taken in the order of their numbers, by index): every number a number of the board,
    on the checkerboard colour the others leave it, and no farther in steps from another
    given than their difference. Givens as typed that break one of these must be among
    those changed."""

    def __init__(self, puzzle: Puzzle) -> None:
        geo = puzzle.geometry
        givens = sorted(puzzle.given_cells().items())
        self.count = len(givens)
        self.size = geo.size
        self.typed = np.array([number for number, _ in givens], dtype=np.int64)
        self.rows, self.cols = np.divmod(np.array([cell for _, cell in givens],
                                                  dtype=np.int64), geo.cols)
        self.steps = (np.abs(self.rows[:, None] - self.rows[None])
                      + np.abs(self.cols[:, None] - self.cols[None]))
        self.colour = (self.rows + self.cols) & 1
        self.odd_board = geo.size % 2 == 1
        #: the givens as typed that break a rule alone, and the pairs that break one
        #: between them: each is among the givens changed, or the pair holds one of them
        self.alone = [j for j in range(self.count) if not self.stands(j, int(self.typed[j]))]
        self.between = [(j, int(k)) for j in range(self.count)
                        for k in np.flatnonzero(self.clashes(j, int(self.typed[j]))) if j < k]

    def clashes(self, index: int, number: int) -> np.ndarray:
        """Which givens as typed `number`, in the cell of given `index`, cannot stand
        with: too many steps away for their difference, or on the wrong colour for it."""
        apart = np.abs(self.typed - number)
        wrong = (self.steps[index] > apart) | ((self.colour[index] ^ self.colour) != (apart & 1))
        wrong[index] = False
        return wrong

    def stands(self, index: int, number: int) -> bool:
        """Whether `number` can stand in the cell of given `index` alone."""
        # (odd numbers take the corner colour on a board with an odd number of cells)
        return 1 <= number <= self.size and not (
            self.odd_board and self.colour[index] != 1 - number % 2)

    def changed_may_mend(self, *changed: int) -> bool:
        """Whether changing (or taking away) the givens of indices `changed` alone may mend
        every rule the givens as typed break."""
        return not (any(j not in changed for j in self.alone)
                    or any(j not in changed and k not in changed for j, k in self.between))

    def fit_together(self, first: int, number: int, second: int, other: int) -> bool:
        """Whether `number` in the cell of given `first` and `other` in that of `second`
        can stand with each other."""
        apart = abs(number - other)
        return not (self.steps[first, second] > apart
                    or (self.colour[first] ^ self.colour[second]) != apart & 1)

    def swap_may_mend(self, first: int, second: int) -> bool:
        """Whether givens `first` and `second` written in each other's cells may have a
        solution: each number in the other's cell passes the checks with the rest."""
        number, other = int(self.typed[second]), int(self.typed[first])
        return (self.changed_may_mend(first, second)
                and self.fit_together(first, number, second, other)
                and all(self.stands(index, value) and not (
                    set(np.flatnonzero(self.clashes(index, value)).tolist()) - {partner})
                        for index, value, partner in ((first, number, second),
                                                      (second, other, first))))


def pair_candidates(puzzle: Puzzle) -> list[list[NumberPair]]:
    """The pairs of givens of `puzzle`, each typed as another number (see `SLIPS`), that
    the checks without a solve (`GivenChecks`) leave standing, in tiers, likeliest first
    (in each, by the givens' numbers as typed)."""
    checks = GivenChecks(puzzle)
    count, typed, rows, cols = checks.count, checks.typed, checks.rows, checks.cols
    if count < 2:
        return [[] for _ in range(TIERS)]
    options: list[list[tuple[int, int, frozenset[int]]]] = []
    for index in range(count):
        found = []
        for rank, slip in enumerate(SLIPS):
            for number in slip(int(typed[index])):
                if not checks.stands(index, number):
                    continue
                clash = frozenset(int(j) for j in np.flatnonzero(checks.clashes(index, number)))
                if len(clash) <= 1:  # (the other of the pair may be the one it clashes with)
                    found.append((number, rank, clash))
        options.append(found)
    tiers: list[list[NumberPair]] = [[] for _ in range(TIERS)]
    for first in range(count):
        for second in range(first + 1, count):
            if not checks.changed_may_mend(first, second):
                continue
            for number, rank, clash in options[first]:
                if clash - {second}:
                    continue
                for other, other_rank, other_clash in options[second]:
                    if other_clash - {first} or not checks.fit_together(first, number,
                                                                         second, other):
                        continue
                    tiers[rank + other_rank].append(NumberPair(
                        Retyped(int(rows[first]), int(cols[first]), int(typed[first]), number),
                        Retyped(int(rows[second]), int(cols[second]), int(typed[second]),
                                other)))
    return tiers


def find_number_pairs(
    puzzle: Puzzle,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
) -> tuple[tuple[NumberPair, ...], bool]:
    """The pairs of givens of `puzzle` that, each put right as another number, give it
    exactly one solution, from the likeliest tier of `pair_candidates` that has any, the
    likeliest first (`NumberPair.cost`); and whether every candidate of the tiers up to
    there was proved before `deadline`."""
    found: list[NumberPair] = []
    # (whether the puzzle without two givens can be solved at all, asked once for two
    # givens with several candidates, and for many such two at once: where it cannot,
    # none of their candidates need a solve. A pair with a digit changed in each has a few
    # hundred to fifteen hundred candidates on a sparse 12x12, and this leaves a tenth of
    # them or less; on a 30x30, 350 candidates in 105 pairs of cells took 52 s, a solve
    # for each pair)
    asked: set[Cells] = set()
    solvable: set[Cells] = set()
    for tier in pair_candidates(puzzle):
        shared = Counter(pair.cells for pair in tier)
        units = [cells for cells, count in shared.items() if count > 1 and cells not in asked]
        more, done = solvable_without(puzzle, units, deadline, on_event)
        if not done:
            return tuple(found), False
        asked.update(units)
        solvable.update(more)
        for pair in tier:
            if shared[pair.cells] > 1 and pair.cells not in solvable:
                continue
            unique = unique_solution(pair.applied(puzzle.givens), deadline, on_event)
            if unique is None:
                return tuple(found), False
            if unique:
                found.append(pair)
        if found:
            break
    # (likeliest first: in a tier of one digit changed, a key beside it before any other)
    return tuple(sorted(found, key=NumberPair.cost)), True


#: some givens' cells, as (row, col)
Cells = tuple[tuple[int, int], ...]

#: the givens are taken away in groups of one in this many of them (one at a time on a
#: board of fewer): so few leave the contradiction of a slip elsewhere in place, so a solve
#: clears them all, where taking away many leaves a board sparse enough to be slow to solve
#: (a 30x30 of 127 givens took 92 s in groups of 32, 5 s in groups of 8, 27 s one by one)
GROUP_SHARE = 16


def solvable_without(
    puzzle: Puzzle,
    units: list[Cells],
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> tuple[list[Cells], bool]:
    """The units of `units` (each the cells of a few givens) without whose givens `puzzle`
    has a solution, in their order, and whether all were tried before `deadline` (else
    those found so far). Taking givens away never takes a solution away, so where the
    puzzle without a group of units has none, none of them has one alone: one solve clears
    the group. A group holds about one in `GROUP_SHARE` of the puzzle's givens, taking every
    so many unit in order (spread along the path when they are in number order); a group
    without which the puzzle has a solution is halved until its units are tried alone, so
    the units found are exactly those that would be found one by one."""
    if not units:
        return [], True
    size = max(1, len(puzzle.given_cells()) // GROUP_SHARE // max(map(len, units)))
    count = -(-len(units) // size)
    indexed = list(enumerate(units))
    waiting = [indexed[k::count] for k in reversed(range(count))]
    found: list[tuple[int, Cells]] = []
    while waiting:
        group = waiting.pop()
        solvable = _solvable_without(puzzle, tuple(cell for _, unit in group for cell in unit),
                                     deadline, on_event)
        if solvable is None:
            return [unit for _, unit in sorted(found)], False
        if solvable and len(group) == 1:
            found.append(group[0])
        elif solvable:
            half = len(group) // 2
            waiting += [group[half:], group[:half]]
    return [unit for _, unit in sorted(found)], True


def _solvable_without(
    puzzle: Puzzle,
    cells: Cells,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> bool | None:
    """Whether `puzzle` without the givens in `cells` has a solution; None when the time
    ran out."""
    givens = puzzle.givens.copy()
    for row, col in cells:
        givens[row, col] = 0
    return has_solution(givens, deadline, on_event)
