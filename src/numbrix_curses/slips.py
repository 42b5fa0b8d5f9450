"""Which given of a puzzle with no solution was likely copied wrong.

A puzzle typed in from a page that turns out to have no solution almost always holds one
slip: a digit misread, a number in the next cell, two givens swapped. Taking away the given
that was copied wrong leaves a puzzle that can be solved, while taking away a right one
usually does not (the slip is still there). So the suspects are the givens without which the
puzzle has a solution: each is tried by a solve that stops at its first solution, on a board
of many givens a few at a time (taking givens away never takes a solution away, so a group
without which there is still none holds no suspect), and none whose taking away leaves a
number on the wrong colour, or two givens too far apart, that the others put there. A few
givens can be suspects together when the slip sits where any of them could give way (45
written where 44 goes, beside 44's right cell: either may be the one that moved). A slip
that touches two givens leaves no single suspect; then the pairs of givens that, swapped,
give a puzzle with a solution are looked for instead (a solve each, but for the swaps whose
numbers break the checks every solution passes: `pairslips.GivenChecks`). Before all
that, the rows typed out of place (shifted a column, or two swapped) that put back give
exactly one solution are looked for (see `rowslips`): a few solves, however many givens
there are.

Once the suspects are known, the fixes are looked for (`Correction`): for each suspect, the
numbers its cell takes in a few solutions of the puzzle without it, each kept where, put
there, it gives exactly one solution (a 16 read for 61: "exactly one solution with 61
there"); and each suspect swapped with every other given, as two numbers written in each
other's cells can leave one of them a suspect on its own. Where those few solutions are not
all there are (a sparse board has many without one given), the right number may not be
among them: then the numbers one slip of the hand turns into the suspect's are tried too
(`typing_neighbours`: 61 for 16, digits turned round; 15 or 26, a digit changed; 116, a
digit dropped), those that cannot stand in its cell left out before any solve. Last, a
number typed a cell off and mistyped: the suspect's digits turned round, in a blank cell
beside its own (34 in G5 for 43 in F5). A pair found swapped when
there is no suspect is proved the same way. Where no one change gives exactly
one solution (nor a row put back), two givens each typed as another number are looked for
(`pairslips`: 61 for 16 and 45 for 54 on one board). A fix is named only where a solve that
looks for a second solution finds none. The fixes are said likeliest first, as the slips
of the hand they undo are fewer and have fewer readings (`Correction.cost`): 32 a cell
below for a 23, two slips of one reading each, before 39 in its cell, two digits changed
that might have been any of many.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Union

import numpy as np

from numbrix_curses.constraints import Contradiction, number_colour, odd_number_colour
from numbrix_curses.pairslips import GivenChecks, NumberPair, find_number_pairs, solvable_without
from numbrix_curses.puzzle import Puzzle, cell_name
from numbrix_curses.rowslips import RowSlip, find_row_slips, has_solution, unique_solution
from numbrix_curses.solver import SearchEvent, Status, solve
from numbrix_curses.typos import SlipCost, add_costs, slip_cost, turned_round, typing_neighbours


@dataclass(frozen=True)
class Suspect:
    """A given that was likely copied wrong: without it, or swapped with another (see
    `Suspects.swaps`), the puzzle has a solution."""

    number: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"the {self.number} at {cell_name(self.row, self.col)}"


class FixKind(Enum):
    """How a `Correction` changes the givens."""

    #: the suspect's cell holds another number (a digit misread: 61 typed as 16)
    NUMBER = "number"
    #: the suspect's number stands in another cell, its own left blank (typed a cell off)
    MOVED = "moved"
    #: the suspect and another given trade cells (written in each other's places)
    SWAPPED = "swapped"
    #: another number stands in a cell beside the suspect's, its own left blank (typed a
    #: cell off and mistyped: 34 in G5 for 43 in F5)
    ELSEWHERE = "elsewhere"


@dataclass(frozen=True)
class Correction:
    """A change to a suspect that gives the puzzle exactly one solution."""

    suspect: Suspect
    kind: FixKind
    #: NUMBER: the suspect as it should read (the new number in its cell); MOVED: the
    #: suspect where it should stand (its number in the new cell); SWAPPED: the given (as
    #: typed) it trades cells with; ELSEWHERE: the number that should stand, and its cell
    other: Suspect

    def touches(self, given: Suspect) -> bool:
        """Whether this change is to `given` (the suspect, or the given it swaps with)."""
        return given == self.suspect or (self.kind is FixKind.SWAPPED and given == self.other)

    def applied(self, givens: np.ndarray) -> np.ndarray:
        """`givens` (the board as typed) with this change made."""
        grid = givens.copy()
        first, other = self.suspect, self.other
        if self.kind is FixKind.SWAPPED:
            grid[first.row, first.col], grid[other.row, other.col] = other.number, first.number
        else:
            grid[first.row, first.col] = 0
            grid[other.row, other.col] = other.number
        return grid

    def cost(self) -> SlipCost:
        """How unlikely this change is as the slip it undoes (see `typos.slip_cost`): a
        number costs the slips of the hand that turn it into the suspect as typed; each
        cell between the suspect and where it should stand, a slip with four readings (a
        given typed a cell off is one slip, one typed farther off is lost place more than
        once); two givens written in each other's cells, one slip with one reading, as it
        mends two givens at once."""
        first, other = self.suspect, self.other
        if self.kind is FixKind.SWAPPED:
            return (1, 0.0)
        off = abs(first.row - other.row) + abs(first.col - other.col)
        return add_costs((off, 2.0 * off), slip_cost(other.number, first.number))

    def partner_of(self, given: Suspect) -> Suspect:
        """The other given of a swap that `touches` `given`."""
        return self.other if given == self.suspect else self.suspect

    def change(self) -> str:
        """This change as a request: "put 43 at G5", "move the 34 to B9", "swap the 9 at
        D4 and the 10 at C4", "move the 34 to F5 as 43"."""
        first, other = self.suspect, self.other
        where = cell_name(other.row, other.col)
        if self.kind is FixKind.NUMBER:
            return f"put {other.number} at {where}"
        if self.kind is FixKind.MOVED:
            return f"move the {first.number} to {where}"
        if self.kind is FixKind.ELSEWHERE:
            return f"move the {first.number} to {where} as {other.number}"
        return f"swap {first} and {other}"


#: a change a check proposes: to a given or two, to a row typed out of place, or to two
#: givens each typed as another number
Fix = Union[Correction, RowSlip, NumberPair]


@dataclass(frozen=True)
class Suspects:
    """The givens without which the puzzle can be solved, in the order of their numbers;
    when there are none, the pairs of givens that can be solved swapped (`swaps`); and,
    whatever those are, the rows typed out of place that put back give exactly one solution
    (`rows`; when one is found, swapped pairs are not looked for). `complete` when
    everything was tried in the time allowed (else the lists hold what was found before
    the time ran out). Then the fixes that give exactly one solution (`corrections`), and
    whether they were all tried in the time left (`corrections_complete`). Where none of
    those gives exactly one solution, the pairs of givens each typed as another number
    that do (`number_pairs`)."""

    found: tuple[Suspect, ...]
    complete: bool
    swaps: tuple[tuple[Suspect, Suspect], ...] = ()
    rows: tuple[RowSlip, ...] = ()
    #: the changes that give exactly one solution: a suspect's cell holding another number,
    #: a suspect moved to another cell (each suspect's own, likeliest first), a suspect
    #: swapped with another given, or a pair of `swaps`
    corrections: tuple[Correction, ...] = ()
    #: whether every fix was tried before the time ran out (never when `complete` is not:
    #: the fixes are looked for once the suspects are all found)
    corrections_complete: bool = True
    #: two givens each put right as another number, when no row put back, nor one change
    #: to a given or a swap, gives exactly one solution (tried among the fixes, so
    #: `corrections_complete` covers them too)
    number_pairs: tuple[NumberPair, ...] = ()

    def corrections_of(self, given: Suspect) -> list[Correction]:
        """The changes to `given` that give exactly one solution, likeliest first (see
        `Correction.cost`); of those as likely, the swaps, then the numbers for it, then the
        cells for it, then other numbers in the cells beside it."""
        touching = [fix for fix in self.corrections if fix.touches(given)]
        return sorted(touching, key=_said_order)

    def fixes_of(self, given: Suspect) -> str:
        """What gives the puzzle exactly one solution by changing `given`: "exactly one
        solution with it and the 71 at C2 swapped, or with 61 or 63 there, or with it at
        D4, or with 61 at C4 instead" (each kind of change where its likeliest comes in
        `corrections_of`: a swap first of those as likely, as it mends two givens at once),
        or "" when nothing was found."""
        fixes = self.corrections_of(given)
        swaps = [f"with it and {fix.partner_of(given)} swapped" for fix in fixes
                 if fix.kind is FixKind.SWAPPED]
        numbers = [str(fix.other.number) for fix in fixes if fix.kind is FixKind.NUMBER]
        cells = [cell_name(fix.other.row, fix.other.col) for fix in fixes
                 if fix.kind is FixKind.MOVED]
        beside: dict[str, list[str]] = {}
        for fix in fixes:
            if fix.kind is FixKind.ELSEWHERE:
                where = cell_name(fix.other.row, fix.other.col)
                beside.setdefault(where, []).append(str(fix.other.number))
        elsewhere = ", or ".join(f"{_either(numbers)} at {where}"
                                 for where, numbers in beside.items())
        # (each kind of change said once, in the order of its likeliest: `fixes` is in
        # that order, so a kind's first fix places it)
        clauses = {FixKind.SWAPPED: swaps,
                   FixKind.NUMBER: [f"with {_either(numbers)} there"] if numbers else [],
                   FixKind.MOVED: [f"with it at {_either(cells)}"] if cells else [],
                   FixKind.ELSEWHERE: ([f"with {elsewhere}{',' if len(beside) > 1 else ''} "
                                        "instead"] if beside else [])}
        said = [clause for kind in dict.fromkeys(fix.kind for fix in fixes)
                for clause in clauses[kind]]
        return "exactly one solution " + ", or ".join(said) if said else ""

    def first_fix(self) -> Fix | None:
        """The change to make (the type-in screen's f): the first row put back; else the
        likeliest of the suspects' fixes (see `Correction.cost`), of those as likely the
        first suspect's first; else, with no suspect, the first pair whose swap gives
        exactly one solution; else the first two givens each put right as another number.
        None when no change was found that gives exactly one solution."""
        if self.rows:
            return self.rows[0]
        firsts = [fixes[0] for fixes in map(self.corrections_of, self.found) if fixes]
        if firsts:
            # (the likeliest of the suspects' fixes; of those as likely, the first suspect's)
            return min(firsts, key=Correction.cost)
        if not self.found:
            # (with no suspect, the corrections are the swaps that give one solution, in
            # the order of `swaps`)
            swap = next((fix for fix in self.corrections if fix.kind is FixKind.SWAPPED), None)
            if swap is not None:
                return swap
        return self.number_pairs[0] if self.number_pairs else None

    def swap_is_unique(self, first: Suspect, second: Suspect) -> bool:
        """Whether `first` and `second` swapped give exactly one solution."""
        return any(fix.kind is FixKind.SWAPPED and fix.touches(first) and fix.touches(second)
                   for fix in self.corrections)

    def row_clause(self) -> str:
        """"exactly one solution with row 4 moved one column right" (or with rows 4 and 5
        swapped), or "" when no row was typed out of place."""
        if not self.rows:
            return ""
        return f"exactly one solution with {_either([str(r) for r in self.rows])}"

    def given_clause(self) -> str:
        """"solvable without the 45 at C7", "solvable with the 13 at D4 and the 17 at C3
        swapped", or "" when no given nor pair was found."""
        if self.found:
            named = []
            for suspect in self.found:
                fixes = self.fixes_of(suspect)
                named.append(f"{suspect} ({fixes})" if fixes else str(suspect))
            return f"solvable without {_either(named)}"
        if self.swaps:
            unique: list[str] = []
            solvable: list[str] = []
            for a, b in self.swaps:
                (unique if self.swap_is_unique(a, b) else solvable).append(f"{a} and {b} swapped")
            said = []
            if unique:
                said.append(f"exactly one solution with {_either(unique)}")
            if solvable:
                said.append(f"solvable with {_either(solvable)}")
            return "; ".join(said)
        return ""

    def pair_clause(self) -> str:
        """"exactly one solution with 36 for the 63 at D6 and 45 for the 54 at C3", or ""
        when no two givens each put right as another number give exactly one."""
        if not self.number_pairs:
            return ""
        return f"exactly one solution with {_either([str(p) for p in self.number_pairs])}"

    def more(self) -> str:
        """What a message adds when the time ran out: " (not all givens tried)", " (not
        all fixes tried)", or ""."""
        if not self.complete:
            return " (not all givens tried)"
        return "" if self.corrections_complete else " (not all fixes tried)"

    def text(self) -> str:
        """A clause for a message: the row clause, the given clause (or, when nothing
        was found, that) and the pair clause, parted by "; "; or why there is none."""
        more = self.more()
        given = self.given_clause()
        if not given and not self.rows and self.complete and self.number_pairs:
            given = NOTHING_SOLVABLE
        said = "; ".join(filter(None, (self.row_clause(), given, self.pair_clause())))
        if said:
            return said + more
        if self.complete:
            return NOTHING_SOLVABLE
        return "no given found yet whose removal makes it solvable (out of time)"


#: what `Suspects.text` says when no given taken away, nor two swapped, gives a solution
NOTHING_SOLVABLE = "no single given taken away, nor two swapped, makes it solvable"


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def find_suspects(
    puzzle: Puzzle,
    deadline: float | None = None,
    on_event: Callable[[SearchEvent], None] | None = None,
) -> Suspects:
    """The givens of `puzzle` (a puzzle with no solution) without which it has a solution,
    trying each until `deadline` (a `time.monotonic()` instant); `on_event` is passed to
    every solve (it may raise to stop them, as a cancelled job does). The rows typed out of
    place are looked for first (see `rowslips`): a few solves in all, where the givens take
    one each."""
    rows, rows_done = find_row_slips(puzzle, deadline, on_event)
    if not rows_done:
        return Suspects((), complete=False, rows=rows, corrections_complete=False)
    givens = sorted(puzzle.given_cells().items())
    found, done = _givens_without_which_solvable(puzzle, deadline, on_event)
    if not done:
        return Suspects(tuple(found), complete=False, rows=rows, corrections_complete=False)
    if found or rows:
        # (a row put back that gives one solution already says where the slip is; the
        # pairs are tens of thousands of solves on a dense board)
        corrections, done = _corrections(puzzle, found, deadline, on_event)
        pairs: tuple[NumberPair, ...] = ()
        if done and not rows and not corrections:
            pairs, done = find_number_pairs(puzzle, deadline, on_event)
        return Suspects(tuple(found), complete=True, rows=rows, corrections=corrections,
                        corrections_complete=done, number_pairs=pairs)
    swaps: list[tuple[Suspect, Suspect]] = []
    # (a swap whose numbers break the checks without a solve has no solution: on a board
    # of many givens, nearly all; a solve each took 12 s of 13 on a 30x30 of 185 givens)
    checks = GivenChecks(puzzle)
    for k, (first, first_cell) in enumerate(givens):
        for m, (second, second_cell) in enumerate(givens[k + 1:], start=k + 1):
            if not checks.swap_may_mend(k, m):
                continue
            changed = puzzle.givens.copy().ravel()
            changed[first_cell], changed[second_cell] = second, first
            solvable = has_solution(changed.reshape(puzzle.givens.shape), deadline, on_event)
            if solvable is None:
                return Suspects((), complete=False, swaps=tuple(swaps),
                                corrections_complete=False)
            if solvable:
                swaps.append((Suspect(first, *divmod(first_cell, puzzle.cols)),
                              Suspect(second, *divmod(second_cell, puzzle.cols))))
    corrections: list[Correction] = []
    for first_given, second_given in swaps:
        unique = unique_solution(_swapped(puzzle, first_given, second_given), deadline, on_event)
        if unique is None:
            return Suspects((), complete=True, swaps=tuple(swaps),
                            corrections=tuple(corrections), corrections_complete=False)
        if unique:
            corrections.append(Correction(first_given, FixKind.SWAPPED, second_given))
    pairs: tuple[NumberPair, ...] = ()
    done = True
    if not corrections:
        pairs, done = find_number_pairs(puzzle, deadline, on_event)
    return Suspects((), complete=True, swaps=tuple(swaps), corrections=tuple(corrections),
                    corrections_complete=done, number_pairs=pairs)


def _givens_without_which_solvable(
    puzzle: Puzzle,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> tuple[list[Suspect], bool]:
    """The givens of `puzzle` without which it has a solution, in the order of their
    numbers, and whether all were tried before `deadline` (else those found so far). A
    given whose taking away leaves a rule broken that the checks without a solve see (a
    number on the wrong colour, two too far apart for their difference: see
    `pairslips.GivenChecks`) is no suspect, and is not solved. Taking givens away never
    takes a solution away, so where the puzzle without a group of givens has none, none
    of them is a suspect: one solve clears the group (see `pairslips.solvable_without`),
    so the suspects are exactly those found one by one."""
    checks = GivenChecks(puzzle)
    givens = [Suspect(number, *divmod(cell, puzzle.cols))
              for k, (number, cell) in enumerate(sorted(puzzle.given_cells().items()))
              if checks.changed_may_mend(k)]
    units, done = solvable_without(puzzle, [((given.row, given.col),) for given in givens],
                                   deadline, on_event)
    return [given for given in givens if ((given.row, given.col),) in units], done


#: how many solutions of a puzzle without a suspect are looked at for the numbers its cell
#: may hold: a few show the likely ones (the slip is most often the only freedom left),
#: and when there are fewer, they are all the numbers it can hold
CANDIDATE_SOLUTIONS = 8


def _corrections(
    puzzle: Puzzle,
    found: list[Suspect],
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> tuple[tuple[Correction, ...], bool]:
    """The changes to `found` (the suspects) that give `puzzle` exactly one solution, and
    whether all were tried before `deadline`: each suspect's cell holding another number,
    or its number in another cell, then each suspect swapped with another given (a pair
    once). Those come in that order; the typing neighbours of a suspect whose cell a few
    solutions did not settle are tried last, as the likeliest fixes are proved by then
    should the time run out there, and then each suspect's typing neighbours in the blank
    cells beside it (a number typed a cell off and mistyped: rarer, and few candidates
    stand there, so these are a few solves a suspect)."""
    alone: dict[Suspect, list[Correction]] = {}
    unsettled: list[tuple[Suspect, frozenset[int]]] = []
    swaps: list[Correction] = []

    def made() -> tuple[Correction, ...]:
        ordered = [fix for suspect in found for fix in sorted(alone.get(suspect, ()),
                                                              key=_fix_order(puzzle))]
        return tuple(ordered + swaps)

    for suspect in found:
        shown = _fixes_in_solutions(puzzle, suspect, deadline, on_event)
        if shown is None:
            return made(), False
        alone[suspect] = list(shown.fixes)
        if not shown.every:
            unsettled.append((suspect, shown.numbers))
    tried: set[frozenset[Suspect]] = set()
    givens = [Suspect(number, *divmod(cell, puzzle.cols))
              for number, cell in sorted(puzzle.given_cells().items())]
    # (a swap that breaks the checks without a solve has no solution, let alone one)
    checks, index = GivenChecks(puzzle), {given: k for k, given in enumerate(givens)}
    for suspect in found:
        for partner in givens:
            pair = frozenset((suspect, partner))
            if partner == suspect or pair in tried:
                continue
            tried.add(pair)
            if not checks.swap_may_mend(index[suspect], index[partner]):
                continue
            unique = unique_solution(_swapped(puzzle, suspect, partner), deadline, on_event)
            if unique is None:
                return made(), False
            if unique:
                swaps.append(Correction(suspect, FixKind.SWAPPED, partner))
    for suspect, numbers in unsettled:
        for number in typing_neighbours(suspect.number):
            if number in numbers or not _could_stand(puzzle, suspect, number):
                continue
            fix = Correction(suspect, FixKind.NUMBER, Suspect(number, suspect.row, suspect.col))
            unique = unique_solution(fix.applied(puzzle.givens), deadline, on_event)
            if unique is None:
                return made(), False
            if unique:
                alone[suspect].append(fix)
    for suspect in found:
        for fix in _elsewhere_candidates(puzzle, suspect):
            unique = unique_solution(fix.applied(puzzle.givens), deadline, on_event)
            if unique is None:
                return made(), False
            if unique:
                alone[suspect].append(fix)
    return made(), True


def _elsewhere_candidates(puzzle: Puzzle, suspect: Suspect) -> list[Correction]:
    """The numbers the suspect's digits turned round make, in the blank cells beside its
    own (its cell left blank), cell by cell, those that cannot stand there left out. Only
    the likeliest slip of the hand: with a digit changed too, a board copied with one
    plain slip got two or three of these besides its right fix, numbers that fit by
    chance (a 2 read for 5 got "4 at D1, or 6 at E2, instead")."""
    candidates = []
    for row, col in ((suspect.row - 1, suspect.col), (suspect.row, suspect.col - 1),
                     (suspect.row, suspect.col + 1), (suspect.row + 1, suspect.col)):
        if not (0 <= row < puzzle.rows and 0 <= col < puzzle.cols) or puzzle.givens[row, col]:
            continue
        # (`_could_stand` takes the suspect's own given away wherever its cell is said)
        there = Suspect(suspect.number, row, col)
        candidates += [Correction(suspect, FixKind.ELSEWHERE, Suspect(number, row, col))
                       for number in turned_round(suspect.number)
                       if _could_stand(puzzle, there, number)]
    return candidates


def _could_stand(puzzle: Puzzle, suspect: Suspect, number: int) -> bool:
    """Whether `number` in the suspect's cell (in its place) passes the checks a solve
    would make first: a number of the board, on the checkerboard colour the other givens
    leave it, and no farther in steps from each of them than their difference (so not
    given elsewhere either: that is 0 apart and a step away at least)."""
    if not 1 <= number <= puzzle.rows * puzzle.cols:
        return False
    others = puzzle.given_cells()
    del others[suspect.number]
    geo = puzzle.geometry
    cell = geo.cell(suspect.row, suspect.col)
    try:
        odd = odd_number_colour(geo, others)
    except Contradiction:  # (not so when the puzzle without the suspect can be solved)
        return False
    if odd is not None and geo.colour[cell] != number_colour(odd, number):
        return False
    for given, place in others.items():
        row, col = geo.row_col(place)
        if abs(row - suspect.row) + abs(col - suspect.col) > abs(given - number):
            return False
    return True


@dataclass(frozen=True)
class _Shown:
    """What a few solutions of a puzzle without a suspect show of the suspect's fixes."""

    #: the fixes of the suspect alone among them, each proved to give exactly one solution
    fixes: tuple[Correction, ...]
    #: the numbers the suspect's cell holds in those solutions
    numbers: frozenset[int]
    #: whether those are all the puzzle's solutions (then no other number can stand there)
    every: bool


#: of the fixes as likely, the order their kinds are said in
_KINDS_SAID = (FixKind.SWAPPED, FixKind.NUMBER, FixKind.MOVED, FixKind.ELSEWHERE)


def _said_order(fix: Correction) -> tuple[SlipCost, int]:
    """The likeliest fix first (see `Correction.cost`), then by kind (`_KINDS_SAID`)."""
    return fix.cost(), _KINDS_SAID.index(fix.kind)


def _fix_order(puzzle: Puzzle) -> Callable[[Correction], tuple[SlipCost, int, int, int]]:
    """The order a suspect's own fixes are said in: the likeliest first (see
    `Correction.cost`); of those as likely, the numbers its cell may hold, then the cells
    its number may move to, row by row, then other numbers beside it (in the order they
    were tried: likeliest first)."""
    return lambda f: (f.cost(), _KINDS_SAID.index(f.kind),
                      f.other.row * puzzle.cols + f.other.col if f.kind is not FixKind.ELSEWHERE
                      else 0,
                      f.other.number if f.kind is not FixKind.ELSEWHERE else 0)


def _fixes_in_solutions(
    puzzle: Puzzle,
    suspect: Suspect,
    deadline: float | None,
    on_event: Callable[[SearchEvent], None] | None,
) -> _Shown | None:
    """The changes to `suspect` alone that give `puzzle` exactly one solution, among those
    a few solutions of the puzzle without it show: another number on its cell (in order),
    or its number on a blank cell (row by row); None when the time ran out."""
    if deadline is not None and time.monotonic() >= deadline:
        return None
    givens = puzzle.givens.copy()
    givens[suspect.row, suspect.col] = 0
    result = solve(Puzzle(givens), limit=CANDIDATE_SOLUTIONS, deadline=deadline,
                   on_event=on_event)
    if result.status is Status.TIMEOUT:
        return None
    seen: dict[Correction, int] = {}
    for grid in result.solutions:
        number = int(grid[suspect.row, suspect.col])
        row, col = (int(i) for i in np.argwhere(grid == suspect.number)[0])
        for fix in (Correction(suspect, FixKind.NUMBER, Suspect(number, suspect.row, suspect.col)),
                    Correction(suspect, FixKind.MOVED, Suspect(suspect.number, row, col))):
            seen[fix] = seen.get(fix, 0) + 1
    # (every solution a fix allows is one of the puzzle without the suspect: when the search
    # ended before its limit, those are all of them, and a fix seen once allows exactly one;
    # else a fix seen once is proved by a solve of its own)
    every = len(result.solutions) < CANDIDATE_SOLUTIONS
    fixes = []
    for fix in sorted(seen, key=_fix_order(puzzle)):
        if seen[fix] != 1:
            continue
        if not every:
            unique = unique_solution(fix.applied(puzzle.givens), deadline, on_event)
            if unique is None:
                return None
            if not unique:
                continue
        fixes.append(fix)
    numbers = frozenset(int(grid[suspect.row, suspect.col]) for grid in result.solutions)
    return _Shown(tuple(fixes), numbers, every)


def _swapped(puzzle: Puzzle, first: Suspect, second: Suspect) -> np.ndarray:
    """The givens of `puzzle` with `first` and `second` swapped."""
    givens = puzzle.givens.copy()
    givens[first.row, first.col], givens[second.row, second.col] = second.number, first.number
    return givens
