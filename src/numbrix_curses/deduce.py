"""Human-style deductions: hints that explain themselves, auto-fill, grades, walkthroughs.

This module owns the reasoning a strong player uses, as named techniques grouped by level:

1. easy: only neighbour, bridge, straight run (a gap with no room to wander);
2. medium: reach, single candidate cell, dead end;
3. hard: regions and parity (pockets of empty cells), gap route enumeration;
4. fiendish: trial (assume, follow levels 1-3 to a contradiction, take the other branch).

Every technique of levels 1-3 looks only at the board as it stands (placed numbers and empty
cells, no pencil marks carried between steps), so each step's reason is one sentence a player
can check on the screen. A step places one number; levels 1-3 never guess. The board facts
behind the techniques (reach, pockets, routes) come from `numbrix_curses.constraints`, the
same code the solver prunes with, so a hint and the solver cannot disagree.

A trial follows an assumption with the solver's own deductions (`solver.Deductions`: the
same facts kept as candidate sets, so a chain of consequences is cheap) and records how many
nested assumptions the contradiction took: 1, 2, or 3 for "more than two", where the proof is
the solver's uniqueness search rather than the engine's own.

Which step comes next: all level-1 steps on the board are taken together, then one step of
the lowest level that has any, then level 1 again; a grade is the highest level this needs
(the rule Simon Tatham's puzzles use: a puzzle is graded d only if it cannot be solved at d-1).

Public entry points: `next_step` (the app's hint key), `auto_fill` (every easy step to a fixed
point), `walkthrough` (the whole solution as steps), `grade` (difficulty plus technique counts).
"""
from __future__ import annotations

import functools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from numbrix_curses.constraints import (
    Contradiction,
    Segment,
    chain_consistent,
    components,
    distance_layers,
    feasible_pockets,
    gap_routes,
    number_colour,
    odd_colour_count,
    odd_number_colour,
    reach_domains,
    segments,
)
from numbrix_curses.puzzle import Geometry, Puzzle, cell_name
from numbrix_curses import solver

__all__ = [
    "ContradictionReport",
    "DeductionError",
    "Difficulty",
    "Grade",
    "ProblemKind",
    "Step",
    "Technique",
    "auto_fill",
    "check_board",
    "grade",
    "grade_steps",
    "next_step",
    "solvable_at",
    "steps_at_level",
    "walkthrough",
]


class Technique(str, Enum):
    """A named deduction; `.level` is its difficulty level (1 easy .. 4 fiendish)."""

    ONLY_NEIGHBOUR = "only_neighbour"
    BRIDGE = "bridge"
    STRAIGHT_RUN = "straight_run"
    REACH = "reach"
    SINGLE_CELL = "single_cell"
    DEAD_END = "dead_end"
    REGIONS = "regions"
    GAP_ROUTES = "gap_routes"
    TRIAL = "trial"

    @property
    def level(self) -> int:
        return _LEVEL[self]

    @property
    def label(self) -> str:
        """How the technique is called in text for people ("only neighbour")."""
        return _LABEL.get(self, self.value.replace("_", " "))


_LEVEL = {
    Technique.ONLY_NEIGHBOUR: 1,
    Technique.BRIDGE: 1,
    Technique.STRAIGHT_RUN: 1,
    Technique.REACH: 2,
    Technique.SINGLE_CELL: 2,
    Technique.DEAD_END: 2,
    Technique.REGIONS: 3,
    Technique.GAP_ROUTES: 3,
    Technique.TRIAL: 4,
}
_LABEL = {
    Technique.SINGLE_CELL: "single candidate cell",
    Technique.REGIONS: "regions and parity",
    Technique.GAP_ROUTES: "gap route enumeration",
}


class Difficulty(str, Enum):
    """A puzzle's grade: the lowest level whose techniques alone solve it."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    FIENDISH = "fiendish"

    @property
    def level(self) -> int:
        return _DIFFICULTY_ORDER.index(self) + 1

    @classmethod
    def from_level(cls, level: int) -> Difficulty:
        return _DIFFICULTY_ORDER[max(1, min(level, 4)) - 1]


_DIFFICULTY_ORDER = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD, Difficulty.FIENDISH)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """One deduction: `number` goes at `cell` (row, col), because of `reason`.

    `evidence_cells` are the cells the reason points at (to highlight); `depth` is how many
    nested assumptions a trial step needed (0 for levels 1-3).
    """

    number: int
    cell: Cell
    technique: Technique
    reason: str
    evidence_cells: tuple[Cell, ...] = ()
    depth: int = 0

    @property
    def level(self) -> int:
        return self.technique.level


class ProblemKind(str, Enum):
    BROKEN_RULE = "broken_rule"  # the entries break a rule (duplicate, cannot connect, boxed in)
    WRONG_ENTRY = "wrong_entry"  # rules hold so far, but some entries are not in the solution
    NO_SOLUTION = "no_solution"  # the puzzle itself has no solution
    NOT_UNIQUE = "not_unique"  # logic is stuck and the puzzle has several solutions


@dataclass(frozen=True)
class ContradictionReport:
    """Why no step is given: the board as entered cannot lead to the solution."""

    kind: ProblemKind
    reason: str
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Grade:
    """`difficulty` plus how often each technique was used on the way to the solution."""

    difficulty: Difficulty
    technique_counts: dict[Technique, int] = field(default_factory=dict)
    #: deepest nesting of assumptions in a trial step (0 when no trial was needed)
    trial_depth: int = 0

    @property
    def level(self) -> int:
        return self.difficulty.level


class DeductionError(ValueError):
    """The puzzle is not proper (no solution, several, or the solver ran out of time).

    `status` is the solver's verdict ("none", "multiple", "timeout").
    """

    def __init__(self, message: str, status: str) -> None:
        super().__init__(message)
        self.status = status


# --------------------------------------------------------------------------- board


class _Broken(Exception):
    """The board cannot be completed; `reason` is a sentence, `cells` point at the trouble."""

    def __init__(self, reason: str, cells: Sequence[int] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = tuple(cells)


@dataclass
class _Found:
    number: int
    cell: int
    technique: Technique
    reason: str
    evidence: tuple[int, ...] = ()
    depth: int = 0


class _Board:
    """Placed numbers and free cells; cheap to copy for trials."""

    __slots__ = ("free", "geo", "last", "num", "odd_colour", "pos")

    def __init__(self, geo: Geometry, odd_colour: int | None) -> None:
        self.geo = geo
        self.last = geo.size
        self.pos = [-1] * (self.last + 2)
        self.num = [0] * geo.size
        self.free = geo.full_mask
        self.odd_colour = odd_colour

    def copy(self) -> _Board:
        other = _Board.__new__(_Board)
        other.geo = self.geo
        other.last = self.last
        other.pos = list(self.pos)
        other.num = list(self.num)
        other.free = self.free
        other.odd_colour = self.odd_colour
        return other

    def place(self, number: int, cell: int) -> None:
        if self.pos[number] >= 0:
            if self.pos[number] == cell:
                return
            raise _Broken(
                f"{number} would have to stand both at {self.name(self.pos[number])} "
                f"and at {self.name(cell)}",
                (self.pos[number], cell),
            )
        if self.num[cell]:
            raise _Broken(
                f"{self.name(cell)} would have to hold both {self.num[cell]} and {number}",
                (cell,),
            )
        self.pos[number] = cell
        self.num[cell] = number
        self.free &= ~(1 << cell)

    def name(self, cell: int) -> str:
        return cell_name(*divmod(cell, self.geo.cols))

    def at(self, number: int) -> str:
        """"14 at B3"."""
        return f"{number} at {self.name(self.pos[number])}"


def _run(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _names(board: _Board, mask: int, limit: int = 4) -> str:
    cells = list(board.geo.cells_of(mask))
    shown = [board.name(c) for c in cells[:limit]]
    if len(cells) > limit:
        shown.append("...")
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def _single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def _cell(mask: int) -> int:
    return mask.bit_length() - 1


def _mask(cells) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


# --------------------------------------------------------------------------- level 1


def _level1(board: _Board, segs: list[Segment], want_all: bool) -> list[_Found]:
    """Only neighbour, bridge and straight run; also catches plain rule breaks."""
    geo, pos, free, last = board.geo, board.pos, board.free, board.last
    expand = geo.expand
    neighbours = geo.neighbours
    found: list[_Found] = []
    for n in range(1, last + 1):
        p = pos[n]
        if p < 0:
            continue
        need = []
        if n > 1 and pos[n - 1] < 0:
            need.append(n - 1)
        if n < last:
            q = pos[n + 1]
            if q < 0:
                need.append(n + 1)
            elif q not in neighbours[p]:
                raise _Broken(
                    f"{board.at(n)} and {board.at(n + 1)} are not next to each other", (p, q)
                )
        if not need:
            continue
        room = 0
        count = 0
        for q in neighbours[p]:
            if free >> q & 1:
                room |= 1 << q
                count += 1
        if count < len(need):
            missing = " and ".join(str(u) for u in need)
            raise _Broken(f"{board.at(n)} has no empty neighbour left for {missing}", (p,))
        if len(need) == 1 and count == 1:
            u = need[0]
            other = n - 1 if u == n + 1 else n + 1
            side = "" if not (1 <= other <= last) else f" ({other} is already next to it)"
            found.append(
                _Found(
                    u,
                    _cell(room),
                    Technique.ONLY_NEIGHBOUR,
                    f"{u} must go at {board.name(_cell(room))}: it is the only empty cell "
                    f"next to {board.at(n)}{side}",
                    (p,) if not (1 <= other <= last) else (p, pos[other]),
                )
            )
            if not want_all:
                return found
    for seg in segs:
        if not (seg.anchored_below and seg.anchored_above):
            continue
        a, b = seg.lo - 1, seg.hi + 1
        pa, pb = pos[a], pos[b]
        if seg.lo == seg.hi:
            common = expand(1 << pa) & expand(1 << pb) & free
            if not common:
                raise _Broken(
                    f"no empty cell touches both {board.at(a)} and {board.at(b)}, "
                    f"so {seg.lo} has nowhere to go",
                    (pa, pb),
                )
            if _single(common):
                found.append(
                    _Found(
                        seg.lo,
                        _cell(common),
                        Technique.BRIDGE,
                        f"{seg.lo} must go at {board.name(_cell(common))}: it is the only "
                        f"empty cell next to both {board.at(a)} and {board.at(b)}",
                        (pa, pb),
                    )
                )
                if not want_all:
                    return found
            continue
        found.extend(_straight_run(board, seg, want_all))
        if found and not want_all:
            return found
    return found


def _straight_run(board: _Board, seg: Segment, want_all: bool) -> list[_Found]:
    """A gap whose ends are exactly as far apart (through empty cells) as its numbers need:
    it must take a shortest route, and where all shortest routes share a cell, that's forced."""
    geo, pos, free = board.geo, board.pos, board.free
    a, b = seg.lo - 1, seg.hi + 1
    pa, pb = pos[a], pos[b]
    k = b - a
    end_bit = 1 << pb
    expand = geo.expand
    # Walk out from a until b comes into touch: that is the distance through empty cells.
    forward = [1 << pa]
    seen = frontier = 1 << pa
    distance = 0
    for t in range(1, k):
        if expand(frontier) & end_bit:
            distance = t
            break
        frontier = expand(frontier) & free & ~seen
        if not frontier:
            break
        seen |= frontier
        forward.append(frontier)
    else:
        if expand(frontier) & end_bit:
            distance = k
    if distance == 0:
        raise _Broken(
            f"{board.at(a)} and {board.at(b)} are more than {k} steps apart through empty "
            f"cells, so {_run(seg.lo, seg.hi)} cannot join them",
            (pa, pb),
        )
    if distance < k:
        return []
    backward = distance_layers(geo, end_bit, free, k - 1)
    found = []
    ra, ca = divmod(pa, geo.cols)
    rb, cb = divmod(pb, geo.cols)
    straight = (ra == rb or ca == cb) and abs(ra - rb) + abs(ca - cb) == k
    for t in range(1, k):
        layer = forward[t] & backward[k - t] if k - t < len(backward) else 0
        if not layer:
            raise _Broken(f"{a + t} has no place between {board.at(a)} and {board.at(b)}", (pa, pb))
        if not _single(layer):
            continue
        v = a + t
        c = _cell(layer)
        if straight:
            why = (
                f"{board.at(a)} and {board.at(b)} are {k} cells apart in a straight line, "
                f"so {_run(seg.lo, seg.hi)} fill the cells between them"
            )
        else:
            why = (
                f"{board.at(a)} and {board.at(b)} are only {k} steps apart through empty "
                f"cells, so {_run(seg.lo, seg.hi)} must take a shortest route, and every "
                f"shortest route puts {v} there"
            )
        found.append(_Found(v, c, Technique.STRAIGHT_RUN, f"{v} must go at {board.name(c)}: {why}",
                            (pa, pb)))
        if not want_all:
            break
    return found


# --------------------------------------------------------------------------- level 2


class _Domains:
    """Candidate cells per missing number from reach (and, once asked, dead ends)."""

    def __init__(self, board: _Board, segs: list[Segment]) -> None:
        self.board = board
        self.segs = segs
        geo, pos, free = board.geo, board.pos, board.free
        dom = [0] * (board.last + 2)
        seg_of: dict[int, Segment] = {}
        for seg in segs:
            doms = reach_domains(geo, pos, free, seg, board.odd_colour)
            for offset, d in enumerate(doms):
                v = seg.lo + offset
                if not d:
                    raise _Broken(
                        f"{v} has no cell left: no empty cell can be reached from "
                        f"{self.anchor_text(seg, v)}",
                        self.anchors(seg),
                    )
                dom[v] = d
                seg_of[v] = seg
        self.dom = dom
        self.seg_of = seg_of

    def anchors(self, seg: Segment) -> tuple[int, ...]:
        pos = self.board.pos
        cells = []
        if seg.anchored_below:
            cells.append(pos[seg.lo - 1])
        if seg.anchored_above:
            cells.append(pos[seg.hi + 1])
        return tuple(cells)

    def anchor_text(self, seg: Segment, v: int) -> str:
        b = self.board
        parts = []
        if seg.anchored_below:
            parts.append(f"{b.at(seg.lo - 1)} in {_plural(v - seg.lo + 1, 'step')}")
        if seg.anchored_above:
            parts.append(f"{b.at(seg.hi + 1)} in {_plural(seg.hi + 1 - v, 'step')}")
        if not parts:
            return "the board's colours"
        return " and ".join(parts)

    def reach_reason(self, v: int, c: int) -> str:
        seg = self.seg_of[v]
        b = self.board
        name = b.name(c)
        if seg.anchored_below and seg.anchored_above:
            a, z = seg.lo - 1, seg.hi + 1
            if v == a + 1:
                return (
                    f"{v} must go at {name}: it is the only empty cell next to {b.at(a)} "
                    f"that can still reach {b.at(z)} in {_plural(z - v, 'step')}"
                )
            if v == z - 1:
                return (
                    f"{v} must go at {name}: it is the only empty cell next to {b.at(z)} "
                    f"that {b.at(a)} can still reach in {_plural(v - a, 'step')}"
                )
            return (
                f"{v} must go at {name}: it is the only empty cell that {b.at(a)} can reach "
                f"in {_plural(v - a, 'step')} and {b.at(z)} in {_plural(z - v, 'step')}, "
                f"moving through empty cells"
            )
        if seg.anchored_below or seg.anchored_above:
            anchor = seg.lo - 1 if seg.anchored_below else seg.hi + 1
            return (
                f"{v} must go at {name}: it is the only empty cell {b.at(anchor)} can reach "
                f"in exactly {_plural(abs(anchor - v), 'step')} through empty cells"
            )
        return f"{v} must go at {name}: it is the only empty cell of its colour"

    def covers(self) -> tuple[int, int]:
        """(cells some number can take, cells two or more numbers can take)"""
        once = twice = 0
        for v in self.seg_of:
            d = self.dom[v]
            twice |= once & d
            once |= d
        return once, twice

    def owner(self, cell: int) -> int:
        bit = 1 << cell
        for v in self.seg_of:
            if self.dom[v] & bit:
                return v
        return 0


def _level2(board: _Board, doms: _Domains, want_all: bool) -> list[_Found]:
    """Reach, single candidate cell and dead end, on the reach domains of the board."""
    found: list[_Found] = []
    dom = doms.dom
    for v in doms.seg_of:
        if _single(dom[v]):
            found.append(
                _Found(v, _cell(dom[v]), Technique.REACH, doms.reach_reason(v, _cell(dom[v])),
                       doms.anchors(doms.seg_of[v]))
            )
            if not want_all:
                return found
    once, twice = doms.covers()
    free = board.free
    if free & ~once:
        c = _cell(free & ~once)
        raise _Broken(f"no missing number can reach {board.name(c)}", (c,))
    singles = free & ~twice
    for c in board.geo.cells_of(singles):
        v = doms.owner(c)
        if _single(dom[v]):
            continue  # already a reach step
        seg = doms.seg_of[v]
        found.append(
            _Found(
                v,
                c,
                Technique.SINGLE_CELL,
                f"{v} must go at {board.name(c)}: {board.name(c)} must be filled, and no other "
                f"missing number can reach it ({v} can, from {doms.anchor_text(seg, v)})",
                doms.anchors(seg),
            )
        )
        if not want_all:
            return found
    found.extend(_dead_ends(board, doms, want_all))
    return found


def _dead_ends(board: _Board, doms: _Domains, want_all: bool) -> list[_Found]:
    """A cell with fewer than two empty neighbours cannot hold a number whose predecessor and
    successor both still need a cell next to it: strike those, then look for singles.

    Narrows `doms.dom` in place (level 3 builds on it)."""
    geo, pos, free, last = board.geo, board.pos, board.free, board.last
    dom = doms.dom
    tight = free & ~geo.with_two_neighbours_in(free)
    if not tight:
        return []
    struck: dict[int, int] = {}  # number -> cells struck from it
    allowed_at: dict[int, list[int]] = {}  # dead-end cell with a number struck -> numbers left
    for x in geo.cells_of(tight):
        bit = 1 << x
        room = (geo.expand(bit) & free).bit_count()
        allowed = []
        any_struck = False
        for v in doms.seg_of:
            if not dom[v] & bit:
                continue
            needs = (v > 1 and pos[v - 1] < 0) + (v < last and pos[v + 1] < 0)
            if needs > room:
                struck[v] = struck.get(v, 0) | bit
                any_struck = True
            else:
                allowed.append(v)
        if not allowed:
            raise _Broken(
                f"{board.name(x)} has {_plural(room, 'empty neighbour')} and no missing "
                f"number can end a run there",
                (x,),
            )
        if any_struck:
            allowed_at[x] = allowed
    if not struck:
        return []
    before = {v: dom[v] for v in struck}
    for v, mask in struck.items():
        dom[v] &= ~mask
        if not dom[v]:
            raise _Broken(f"every cell {v} could reach is a dead end it cannot use",
                          tuple(geo.cells_of(before[v])))
    found: list[_Found] = []
    for x, allowed in allowed_at.items():
        if len(allowed) == 1:
            v = allowed[0]
            if _single(before.get(v, dom[v])):
                continue  # already a reach step
            partner = next(
                (w for w in (v - 1, v + 1)
                 if 1 <= w <= last and pos[w] >= 0 and pos[w] in geo.neighbours[x]),
                None,
            )
            room = "only one empty neighbour" if geo.expand(1 << x) & free else "no empty neighbour"
            fits = (
                f"only {v}, next in line to {board.at(partner)}, can"
                if partner is not None
                else f"only {v}, an end of the path, can"
            )
            found.append(
                _Found(
                    v,
                    x,
                    Technique.DEAD_END,
                    f"{v} must go at {board.name(x)}: {board.name(x)} has {room}, so whatever "
                    f"goes there must follow on from a number already beside it (or be an end "
                    f"of the path); of the numbers that can reach it, {fits}",
                    tuple(c for c in geo.neighbours[x] if not free >> c & 1),
                )
            )
            if not want_all:
                return found
    for v, mask in struck.items():
        if _single(dom[v]) and not _single(before[v]):
            c = _cell(dom[v])
            if any(f.number == v for f in found):
                continue
            found.append(
                _Found(
                    v,
                    c,
                    Technique.DEAD_END,
                    f"{v} must go at {board.name(c)}: the other cells it can reach "
                    f"({_names(board, mask)}) are dead ends, where {v} would need two empty "
                    f"neighbours for {v - 1} and {v + 1}",
                    tuple(geo.cells_of(mask)),
                )
            )
            if not want_all:
                return found
    return found


# --------------------------------------------------------------------------- level 3


def _level3(board: _Board, doms: _Domains, want_all: bool) -> list[_Found]:
    found = _regions(board, doms, want_all)
    if found and not want_all:
        return found
    found.extend(_gap_routes(board, doms, want_all))
    return found


def _settle_chain(board: _Board, doms: _Domains, seg: Segment, dom: list[int]) -> None:
    pos = board.pos
    below = 1 << pos[seg.lo - 1] if seg.anchored_below else 0
    above = 1 << pos[seg.hi + 1] if seg.anchored_above else 0
    settled = chain_consistent(board.geo, dom[seg.lo: seg.hi + 1], below, above)
    for offset, d in enumerate(settled):
        if not d:
            raise _Broken(
                f"{_run(seg.lo, seg.hi)} cannot be laid in the cells left to it",
                doms.anchors(seg),
            )
        dom[seg.lo + offset] = d


def _singles_after(
    board: _Board,
    doms: _Domains,
    new: list[int],
    technique: Technique,
    why_number,
    why_cell,
    evidence: tuple[int, ...],
    want_all: bool,
    skip: set[int] | None = None,
) -> list[_Found]:
    """Steps that narrowed domains `new` give beyond the old ones: numbers left with one cell
    and cells left with one number. Raises when a cell is left with none."""
    old = doms.dom
    found = []
    for v in doms.seg_of:
        if _single(new[v]) and not _single(old[v]):
            c = _cell(new[v])
            found.append(_Found(v, c, technique, why_number(v, c), evidence))
            if not want_all:
                return found
    once = twice = 0
    old_once = old_twice = 0
    for v in doms.seg_of:
        d = new[v]
        twice |= once & d
        once |= d
        d = old[v]
        old_twice |= old_once & d
        old_once |= d
    free = board.free
    if free & ~once:
        c = _cell(free & ~once)
        raise _Broken(f"no missing number can reach {board.name(c)} any more", (c,))
    singles = free & ~twice & old_twice
    for c in board.geo.cells_of(singles):
        bit = 1 << c
        v = next(u for u in doms.seg_of if new[u] & bit)
        if any(f.number == v for f in found) or (skip and v in skip):
            continue
        found.append(_Found(v, c, technique, why_cell(v, c), evidence))
        if not want_all:
            return found
    return found


def _regions(board: _Board, doms: _Domains, want_all: bool) -> list[_Found]:
    """Pockets of empty cells are filled by whole runs: sizes and colours must add up."""
    geo = board.geo
    pockets = components(geo, board.free)
    if len(pockets) < 2:
        return []
    dom = doms.dom
    segs = doms.segs
    cands: list[list[int]] = []
    for seg in segs:
        here = []
        for k, pocket in enumerate(pockets):
            if all(dom[v] & pocket for v in range(seg.lo, seg.hi + 1)):
                here.append(k)
        cands.append(here)
    odd = board.odd_colour
    sizes = [p.bit_count() for p in pockets]
    lengths = [s.length for s in segs]
    if odd is not None:
        seg_odds: list[int] | None = [odd_colour_count(s.lo, s.hi, odd) for s in segs]
        pocket_odds: list[int] | None = [(p & geo.odd_mask).bit_count() for p in pockets]
    else:
        seg_odds = pocket_odds = None
    feasible = feasible_pockets(lengths, seg_odds, cands, sizes, pocket_odds)
    if feasible is None:
        biggest = max(range(len(pockets)), key=lambda k: sizes[k])
        raise _Broken(
            "the empty cells split into pockets that the missing runs cannot fill exactly "
            "(sizes or checkerboard colours do not add up)",
            tuple(geo.cells_of(pockets[biggest])),
        )
    new = list(dom)
    changed: list[tuple[Segment, int]] = []
    for i, seg in enumerate(segs):
        allowed = 0
        for k in feasible[i]:
            allowed |= pockets[k]
        if any(dom[v] & ~allowed for v in range(seg.lo, seg.hi + 1)):
            for v in range(seg.lo, seg.hi + 1):
                new[v] &= allowed
            _settle_chain(board, doms, seg, new)
            changed.append((seg, allowed))
    if not changed:
        return []
    where = {}
    for seg, allowed in changed:
        for v in range(seg.lo, seg.hi + 1):
            where[v] = (seg, allowed)

    def pocket_text(allowed: int) -> str:
        count = allowed.bit_count()
        first = board.name(_cell(allowed & -allowed))
        return f"the pocket of {_plural(count, 'empty cell')} at {first}"

    def why_number(v: int, c: int) -> str:
        seg, allowed = where.get(v, (None, 0))
        if seg is None:
            return (
                f"{v} must go at {board.name(c)}: the empty cells split into {len(pockets)} "
                f"pockets, and counting which runs of missing numbers fill each one (sizes "
                f"and checkerboard colours) leaves {v} only that cell"
            )
        return (
            f"{v} must go at {board.name(c)}: the empty cells split into {len(pockets)} "
            f"pockets, and the sizes and checkerboard colours only add up if "
            f"{_run(seg.lo, seg.hi)} fill {pocket_text(allowed)}; there {v} has one cell left"
        )

    def why_cell(v: int, c: int) -> str:
        pocket = next(p for p in pockets if p >> c & 1)
        return (
            f"{v} must go at {board.name(c)}: the empty cells split into {len(pockets)} "
            f"pockets, and the sizes and checkerboard colours fix which runs of missing numbers "
            f"fill {pocket_text(pocket)}; of those, only {v} can reach {board.name(c)}"
        )

    evidence = tuple(geo.cells_of(changed[0][1]))
    found = _singles_after(board, doms, new, Technique.REGIONS, why_number, why_cell, evidence,
                           want_all)
    return found


#: gaps with more missing numbers than this are not enumerated (too many routes for a person)
_ROUTE_GAP_MAX = 12
#: a gap whose routes take more search steps than this to list is not enumerated either
_ROUTE_NODES = 600


@functools.lru_cache(maxsize=1024)
def _routes_cached(
    geo: Geometry, start: int, end: int, doms: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None:
    """`gap_routes` and each route's cells as a mask, remembered: between steps most gaps
    keep the same candidate cells."""
    routes = gap_routes(geo, start, end, doms, _ROUTE_NODES)
    if routes is None:
        return None
    return tuple(routes), tuple(_mask(route) for route in routes)


def _gap_routes(board: _Board, doms: _Domains, want_all: bool) -> list[_Found]:
    """List every way to lay a short gap; a cell every route gives the same number is forced,
    and cells every route passes are taken from the other numbers."""
    geo, pos = board.geo, board.pos
    dom = doms.dom
    found: list[_Found] = []
    gaps = [
        s for s in doms.segs
        if s.anchored_below and s.anchored_above and 2 <= s.length <= _ROUTE_GAP_MAX
    ]
    gaps.sort(key=lambda s: s.length)
    for seg in gaps:
        a, z = seg.lo - 1, seg.hi + 1
        listed = _routes_cached(geo, pos[a], pos[z], tuple(dom[seg.lo: seg.hi + 1]))
        if listed is None:
            continue
        seals = _sealable(board, seg, listed[1])
        if seals:
            routes = [
                route
                for route, mask in zip(*listed)
                if not any(not room & ~mask and not mask >> y & 1 for y, room in seals)
            ]
        else:
            routes = list(listed[0])
        if not routes:
            raise _Broken(
                f"there is no way to lay {_run(seg.lo, seg.hi)} between {board.at(a)} and "
                f"{board.at(z)} without cutting off an empty cell",
                (pos[a], pos[z]),
            )
        union = [0] * seg.length
        every = geo.full_mask
        for route in routes:
            mask = 0
            for i, c in enumerate(route):
                union[i] |= 1 << c
                mask |= 1 << c
            every &= mask
        new = list(dom)
        for i in range(seg.length):
            new[seg.lo + i] = union[i]
        claimed = every
        if claimed:
            for v in doms.seg_of:
                if not seg.lo <= v <= seg.hi:
                    new[v] &= ~claimed
        if new == dom:
            continue
        ways = "the only way" if len(routes) == 1 else f"all {len(routes)} ways"
        verb = "puts" if len(routes) == 1 else "put"
        base = f"{ways} to lay {_run(seg.lo, seg.hi)} between {board.at(a)} and {board.at(z)}"

        def why_number(v: int, c: int, base=base, seg=seg, claimed=claimed, verb=verb) -> str:
            if seg.lo <= v <= seg.hi:
                return f"{v} must go at {board.name(c)}: {base} {verb} it there"
            return (
                f"{v} must go at {board.name(c)}: {base} "
                f"{'passes' if verb == 'puts' else 'pass'} through "
                f"{_names(board, claimed & dom[v])}, the other cells {v} could use"
            )

        def why_cell(v: int, c: int, base=base, seg=seg) -> str:
            name = board.name(c)
            if seg.lo <= v <= seg.hi:
                return (
                    f"{v} must go at {name}: {name} must be filled, no number outside "
                    f"{_run(seg.lo, seg.hi)} can reach it, and of {base} the ones that use "
                    f"{name} put {v} there"
                )
            return (
                f"{v} must go at {name}: {name} must be filled, {base} leave it empty, and "
                f"{v} is the only other number that can reach it"
            )

        evidence = (pos[a], pos[z])
        for v in doms.seg_of:
            if not new[v]:
                raise _Broken(f"{v} has no cell left once {base} are listed", evidence)
        found.extend(
            _singles_after(board, doms, new, Technique.GAP_ROUTES, why_number, why_cell,
                           evidence, want_all)
        )
        if found and not want_all:
            return found
    return found


def _sealable(board: _Board, seg: Segment, masks: Sequence[int]) -> list[tuple[int, int]]:
    """(cell, its empty neighbours) for each empty cell that some route of `seg` could cut
    off from every empty neighbour and that no number could fill then: it would need its
    predecessor and successor (or its one neighbour, for 1 and the last number) already
    placed beside it. A route covering all those neighbours but not the cell is impossible."""
    geo, pos, num, last, free = board.geo, board.pos, board.num, board.last, board.free
    covered = 0
    for mask in masks:
        covered |= mask
    found = []
    for y in geo.cells_of(geo.expand(covered) & free):
        room = 0
        around = set()
        for n in geo.neighbours[y]:
            if free >> n & 1:
                room |= 1 << n
            elif num[n]:
                around.add(num[n])
        if room & ~covered:
            continue  # some neighbour stays empty whatever the route
        fillable = any(
            1 <= w <= last
            and pos[w] < 0
            and not seg.lo <= w <= seg.hi
            and all(u in around for u in (w - 1, w + 1) if 1 <= u <= last)
            for p in around
            for w in (p - 1, p + 1)
        )
        if not fillable:
            found.append((y, room))
    return found


# --------------------------------------------------------------------------- level 4


class _Stuck(Exception):
    """Levels 1-3 find nothing and no trial settles the board."""


#: nested assumptions a trial follows itself; a step needing more gets depth one above
_TRIAL_MAX_DEPTH = 2
#: numbers weighed for a nested trial, fewest candidate cells first
_TRIAL_CANDIDATES = 4


def _find(
    board: _Board, max_level: int, want_all: bool, min_level: int = 1
) -> tuple[list[_Found], _Domains | None]:
    """Steps of the lowest level from `min_level` up to `max_level` that has any, and the
    domains used (levels below `min_level` are known to find nothing)."""
    segs = segments(board.pos, board.last)
    if min_level <= 1:
        found = _level1(board, segs, want_all)
        if found or max_level < 2:
            return found, None
    doms = _Domains(board, segs)
    found = _level2(board, doms, want_all)
    if found or max_level < 3:
        return found, doms
    return _level3(board, doms, want_all), doms


def _apply(board: _Board, found: list[_Found]) -> list[_Found]:
    applied = []
    for step in found:
        if board.pos[step.number] == step.cell:
            continue
        board.place(step.number, step.cell)
        applied.append(step)
    return applied


def _settle(board: _Board, max_level: int, rounds: int) -> None:
    """Apply every step up to `max_level` until none is left or `rounds` passes are done;
    raises `_Broken` on a contradiction."""
    for _ in range(rounds):
        if not board.free:
            _level1(board, [], want_all=False)  # a full board still has to be one path
            return
        found, _ = _find(board, max_level, want_all=True)
        if not found:
            return
        _apply(board, found)


def _refute(prop: solver.Deductions, number: int, cell: int, depth: int) -> int | None:
    """How many nested assumptions it takes to show `number` cannot stand on `cell`: 1 when
    following the board facts from that assumption alone runs into a contradiction, k when
    every cell of some number then fails within k - 1. None when no contradiction shows up
    within `depth` (or the assumption completes the board)."""
    trial = prop.copy()
    try:
        trial.assume(number, cell)
        trial.run()
    except solver.Stuck:
        return 1
    if depth <= 1 or not trial.free:
        return None
    pos, dom = trial.pos, trial.dom
    w = min((u for u in range(1, trial.last + 1) if pos[u] < 0),
            key=lambda u: (dom[u].bit_count(), u))
    deepest = 0
    for c in trial.geo.cells_of(dom[w]):
        sub = _refute(trial, w, c, depth - 1)
        if sub is None:
            return None
        deepest = max(deepest, sub)
    return deepest + 1


def _nested_reason(board: _Board, prop: solver.Deductions, number: int, cell: int) -> str:
    """Words for a refutation two assumptions deep: the number the second one is about."""
    trial = prop.copy()
    trial.assume(number, cell)
    trial.run()
    pos, dom = trial.pos, trial.dom
    w = min((u for u in range(1, trial.last + 1) if pos[u] < 0),
            key=lambda u: (dom[u].bit_count(), u))
    return (
        f"with it at {board.name(cell)}, {w} could then only go at "
        f"{_names(board, dom[w]).replace(' and ', ' or ')}, and following the board through "
        f"from each of those leads to a contradiction"
    )


def _trial_reason(board: _Board, number: int, cell: int) -> str:
    """The contradiction an assumption runs into by the easy and medium techniques, in words,
    or a plain statement when they alone do not reach it."""
    trial = board.copy()
    try:
        trial.place(number, cell)
        _settle(trial, max_level=2, rounds=40)
    except _Broken as broken:
        return broken.reason
    return "the remaining numbers can no longer all be placed"


def _trial(
    board: _Board,
    doms: _Domains,
    solution: Sequence[int] | None,
    memo: dict[tuple[int, int], int] | None = None,
    explain: bool = True,
) -> _Found:
    """A trial step: a number all of whose other cells lead to contradictions.

    Assumptions are followed with the solver's `Deductions` (levels 1-3 in candidate form).
    Shallow first: every number is weighed at depth 1 before any at depth 2. With the
    solution known only the wrong cells are tried (the right one cannot fail, as nothing
    here is unsound); without it a number is settled when exactly one cell survives.

    `memo` (kept across the trials of one walkthrough) remembers assumptions already
    refuted and at what depth. A walkthrough only ever adds true placements, so a cell
    refuted on an earlier board stays refuted (no solution of the fuller board is missing
    from the emptier one): a refutation no deeper than the depth being tried is reused, not
    repeated, and numbers whose wrong cells all failed before are tried first.

    `explain=False` (grading) skips spelling out the contradiction in the step's reason.
    """
    if memo is None:
        memo = {}
    base = solver.Deductions(board.geo, board.pos, doms.dom, board.free, board.odd_colour)
    try:
        base.run()
    except solver.Stuck:
        raise _Broken("the board cannot be completed") from None
    tried_before = {u for u, _ in memo} if solution is not None else set()

    def known(u: int) -> int:
        """The depth all wrong cells of u were refuted at before (99 if not all were)."""
        if u not in tried_before:
            return 99
        depths = [memo.get((u, c), 99) for c in geo.cells_of(doms.dom[u]) if c != solution[u]]
        return max(depths, default=99)

    geo = board.geo
    order = sorted(
        (v for v in doms.seg_of if doms.dom[v].bit_count() >= 2),
        key=lambda u: (
            known(u),
            base.dom[u].bit_count() if base.pos[u] < 0 else 1,
            # runs closed at both ends (short ones first) fail faster than the open head
            # and tail, whose refutations tend to need the whole board searched
            not (doms.seg_of[u].anchored_below and doms.seg_of[u].anchored_above),
            doms.seg_of[u].length,
            u,
        ),
    )

    def settle_number(v: int, depth: int) -> _Found | None:
        cells = list(geo.cells_of(doms.dom[v]))
        refuted: list[int] = []
        survivors: list[int] = []
        deepest = 0
        for c in cells:
            if solution is not None and c == solution[v]:
                survivors.append(c)
                continue
            found_depth = memo.get((v, c))
            if found_depth is None or found_depth > depth:
                found_depth = _refute(base, v, c, depth)
            if found_depth is None:
                survivors.append(c)
                if solution is not None or len(survivors) > 1:
                    return None
            else:
                refuted.append(c)
                memo[(v, c)] = found_depth
                deepest = max(deepest, found_depth)
        if len(survivors) != 1:
            return None
        target = survivors[0]
        shown = refuted if len(refuted) <= 4 else refuted[:3]
        tried = " or ".join(board.name(c) for c in shown) + (
            "" if len(refuted) <= 4 else f" (or {len(refuted) - 3} other cells)"
        )
        if not explain:
            how = "following the board through leads to a contradiction"
        elif deepest <= 1:
            how = (
                f"following the board through leads to a contradiction: "
                f"{_trial_reason(board, v, refuted[0])}"
            )
        else:
            worst = max(refuted, key=lambda c: memo[(v, c)])
            how = _nested_reason(board, base, v, worst)
        return _Found(
            v,
            target,
            Technique.TRIAL,
            f"{v} must go at {board.name(target)}: if it went at {tried} instead, {how}",
            tuple(refuted),
            deepest,
        )

    # Shallowest first: every candidate at one depth before any goes deeper. A failed
    # attempt stops at its first branch that survives, so these rounds are cheap.
    for depth in range(1, _TRIAL_MAX_DEPTH + 1):
        for v in order[: _TRIAL_CANDIDATES * 3 if depth == 1 else _TRIAL_CANDIDATES]:
            step = settle_number(v, depth)
            if step is not None:
                return step
    if solution is not None and order:
        # Deeper than that, the proof is the solver's: it showed the solution unique, so
        # every other cell of any number fails. Take the first candidate.
        v = order[0]
        target = solution[v]
        others = [c for c in geo.cells_of(doms.dom[v]) if c != target]
        return _Found(
            v,
            target,
            Technique.TRIAL,
            f"{v} must go at {board.name(target)}: every other cell it can reach "
            f"({_names(board, _mask(others))}) leads to a contradiction, but only a search "
            f"through more than {_plural(_TRIAL_MAX_DEPTH, 'nested assumption')} shows it",
            tuple(others),
            _TRIAL_MAX_DEPTH + 1,
        )
    raise _Stuck


# --------------------------------------------------------------------------- public API

_SOLUTIONS: weakref.WeakKeyDictionary[Puzzle, tuple[str, np.ndarray | None]] = (
    weakref.WeakKeyDictionary()
)


def _solution(puzzle: Puzzle) -> tuple[str, np.ndarray | None]:
    """(solver status, the unique solution or None), solved once per puzzle object."""
    cached = _SOLUTIONS.get(puzzle)
    if cached is None:
        result = solver.solve(puzzle, limit=2)
        status = str(result.status.value)
        cached = (status, result.solution if status == "unique" else None)
        _SOLUTIONS[puzzle] = cached
    return cached


def _flat_solution(puzzle: Puzzle, solution: np.ndarray | None) -> list[int] | None:
    """pos list (number -> cell) of a solution grid."""
    if solution is None:
        return None
    where = [-1] * (puzzle.size + 2)
    for cell, v in enumerate(np.asarray(solution).ravel()):
        where[int(v)] = cell
    return where


def _rc(geo: Geometry, cells: Sequence[int]) -> tuple[Cell, ...]:
    return tuple(geo.row_col(c) for c in cells)


def _step(geo: Geometry, found: _Found) -> Step:
    return Step(
        found.number,
        geo.row_col(found.cell),
        found.technique,
        found.reason,
        _rc(geo, [c for c in found.evidence if c != found.cell]),
        found.depth,
    )


def _start_board(puzzle: Puzzle) -> _Board:
    givens = puzzle.given_cells()
    try:
        odd = odd_number_colour(puzzle.geometry, givens)
    except Contradiction as why:
        raise _Broken(str(why), tuple(givens.values())) from None
    board = _Board(puzzle.geometry, odd)
    for v, c in givens.items():
        board.place(v, c)
    return board


def _board_from_grid(puzzle: Puzzle, grid) -> _Board:
    """The board of givens plus entries; raises `_Broken` for a plain rule break."""
    arr = np.asarray(grid)
    if arr.shape != puzzle.givens.shape:
        raise ValueError(f"grid shape {arr.shape} does not match the puzzle {puzzle.givens.shape}")
    geo = puzzle.geometry
    flat = [int(v) for v in arr.ravel()]
    givens = puzzle.givens.ravel()
    where: dict[int, int] = {}
    for cell, v in enumerate(flat):
        g = int(givens[cell])
        if g and v != g:
            raise _Broken(f"{_geo_name(geo, cell)} must keep its given {g}", (cell,))
        if not v:
            continue
        if not 1 <= v <= puzzle.size:
            raise _Broken(f"{v} at {_geo_name(geo, cell)} is out of range 1-{puzzle.size}", (cell,))
        if v in where:
            raise _Broken(
                f"{v} appears twice, at {_geo_name(geo, where[v])} and {_geo_name(geo, cell)}",
                (where[v], cell),
            )
        where[v] = cell
    try:
        odd = odd_number_colour(geo, where)
    except Contradiction as why:
        # Point at the entries on the wrong colour, judged by the givens where they agree.
        try:
            base = odd_number_colour(geo, puzzle.given_cells())
        except Contradiction:
            base = None
        if base is None:
            first, cell = min(where.items())
            base = geo.colour[cell] ^ (1 - first % 2)
        wrong = [c for v, c in where.items() if geo.colour[c] != number_colour(base, v)]
        raise _Broken(str(why), wrong) from None
    board = _Board(geo, odd)
    for v, c in where.items():
        board.place(v, c)
    return board


def _geo_name(geo: Geometry, cell: int) -> str:
    return cell_name(*geo.row_col(cell))


def check_board(puzzle: Puzzle, grid) -> ContradictionReport | None:
    """Why the entries in `grid` (givens included) cannot lead to the solution, or None.

    Plain rule breaks come first (a duplicate, consecutive numbers apart, a number boxed in);
    then entries that differ from the unique solution. A puzzle without a solution is
    reported as such.
    """
    status, solution = _solution(puzzle)
    if status == "none":
        return ContradictionReport(ProblemKind.NO_SOLUTION, "this puzzle has no solution")
    try:
        board = _board_from_grid(puzzle, grid)
        _level1(board, segments(board.pos, board.last), want_all=True)
    except _Broken as broken:
        return ContradictionReport(ProblemKind.BROKEN_RULE, broken.reason,
                                   _rc(puzzle.geometry, broken.cells))
    if solution is not None:
        entries = np.asarray(grid).ravel()
        truth = np.asarray(solution).ravel()
        wrong = [int(c) for c in np.flatnonzero((entries != 0) & (entries != truth))]
        if wrong:
            count = len(wrong)
            return ContradictionReport(
                ProblemKind.WRONG_ENTRY,
                f"{_plural(count, 'entry')} cannot be right: the numbers so far do not lead "
                f"to a solution",
                _rc(puzzle.geometry, wrong),
            )
    elif status == "multiple":
        entries = Puzzle(np.asarray(grid, dtype=np.int64))
        if solver.solve(entries, limit=1).status.value == "none":
            return ContradictionReport(
                ProblemKind.WRONG_ENTRY,
                "the entries so far do not lead to any solution",
            )
    return None


def next_step(puzzle: Puzzle, grid) -> Step | ContradictionReport | None:
    """The next logical step for the board in `grid` (givens plus the player's entries).

    Returns the easiest step available (lowest level first), a `ContradictionReport` when the
    entries cannot lead to the solution (or the puzzle is not proper and logic is stuck), or
    None when the board is already full and correct.
    """
    report = check_board(puzzle, grid)
    if report is not None:
        return report
    board = _board_from_grid(puzzle, grid)
    if not board.free:
        return None
    _, solution = _solution(puzzle)
    where = _flat_solution(puzzle, solution)
    try:
        found, doms = _find(board, 3, want_all=False)
        if found:
            return _step(board.geo, found[0])
        assert doms is not None
        return _step(board.geo, _trial(board, doms, where))
    except _Stuck:
        return ContradictionReport(
            ProblemKind.NOT_UNIQUE,
            "no further step can be proved: this puzzle has more than one solution",
        )
    except _Broken as broken:
        # check_board passed, so only a non-unique or unsolved puzzle gets here
        return ContradictionReport(ProblemKind.WRONG_ENTRY, broken.reason,
                                   _rc(puzzle.geometry, broken.cells))


def steps_at_level(puzzle: Puzzle, grid, level: int) -> list[Step]:
    """Every step the techniques of `level` (1-3) find on the board in `grid`, in technique
    order, whether or not an easier level finds something too. [] on a contradictory board.
    """
    if not 1 <= level <= 3:
        raise ValueError("level must be 1, 2 or 3")
    if check_board(puzzle, grid) is not None:
        return []
    board = _board_from_grid(puzzle, grid)
    try:
        segs = segments(board.pos, board.last)
        if level == 1:
            found = _level1(board, segs, want_all=True)
        else:
            doms = _Domains(board, segs)
            found = _level2(board, doms, want_all=True)
            if level == 3:
                found = _level3(board, doms, want_all=True)
    except _Broken:
        return []
    return [_step(board.geo, f) for f in found]


def auto_fill(puzzle: Puzzle, grid) -> list[Step]:
    """Every level-1 step from `grid`, applied in turn until none is left (the auto-fill key).

    Returns [] when the board is contradictory (see `check_board`) or nothing easy is left.
    """
    if check_board(puzzle, grid) is not None:
        return []
    board = _board_from_grid(puzzle, grid)
    steps: list[Step] = []
    try:
        while board.free:
            found, _ = _find(board, 1, want_all=True)
            applied = _apply(board, found)
            if not applied:
                break
            steps.extend(_step(board.geo, f) for f in applied)
    except _Broken:
        return []  # only reachable on a puzzle without a unique solution
    return steps


def _proper_solution(puzzle: Puzzle, solution) -> list[int]:
    if solution is None:
        status, solution = _solution(puzzle)
        if solution is None:
            raise DeductionError(
                {"none": "the puzzle has no solution",
                 "multiple": "the puzzle has more than one solution"}.get(
                    status, f"the puzzle's solution is unknown ({status})"),
                status,
            )
    where = _flat_solution(puzzle, solution)
    assert where is not None
    return where


def walkthrough(puzzle: Puzzle, solution: np.ndarray | None = None) -> list[Step]:
    """Every step from the givens to the full board, easiest technique first each time.

    All level-1 steps found on a board are taken together; above level 1 one step is taken
    and the easy ones are looked for again. `solution` (if the caller already has it) saves
    solving the puzzle again. Raises `DeductionError` for a puzzle without a unique solution.
    """
    return _walkthrough(puzzle, solution, explain=True)


def _walkthrough(puzzle: Puzzle, solution: np.ndarray | None, explain: bool) -> list[Step]:
    where = _proper_solution(puzzle, solution)
    return [_step(puzzle.geometry, f) for f in _walk(puzzle, where, explain)]


def _walk(puzzle: Puzzle, where: list[int], explain: bool) -> list[_Found]:
    try:
        board = _start_board(puzzle)
        steps: list[_Found] = []
        memo: dict[tuple[int, int], int] = {}
        while board.free:
            found, _ = _find(board, 1, want_all=True)
            if found:
                steps.extend(_apply(board, found))
                continue
            found, doms = _find(board, 3, want_all=False, min_level=2)
            if not found:
                assert doms is not None
                found = [_trial(board, doms, where, memo, explain)]
            steps.extend(_apply(board, found[:1]))
    except (_Broken, _Stuck) as error:  # a unique puzzle never gets here: a bug, not a verdict
        raise AssertionError(f"deduction failed on a unique puzzle: {error}") from None
    for f in steps:
        if where[f.number] != f.cell:
            raise AssertionError(f"unsound step: {f.reason}")
    return steps


def grade(puzzle: Puzzle, solution: np.ndarray | None = None) -> Grade:
    """The puzzle's difficulty: the lowest level whose techniques alone solve it.

    Easy puzzles fall to level-1 techniques, medium need level 2, hard level 3, fiendish a
    trial. `technique_counts` says how often each technique was used in the walkthrough.
    Raises `DeductionError` for a puzzle without a unique solution (pass `solution` when
    already known, e.g. from the generator, to skip solving again).
    """
    # the same walk as `walkthrough`, without wording the trials' contradictions
    return grade_steps(_walkthrough(puzzle, solution, explain=False))


def solvable_at(puzzle: Puzzle, difficulty: Difficulty, solution: np.ndarray | None = None) -> bool:
    """Whether the techniques up to `difficulty`'s level alone solve the puzzle, that is
    whether `grade(puzzle).difficulty <= difficulty`, found faster: it stops at the first
    board they cannot move on and never tries a trial below fiendish. Raises
    `DeductionError` for a puzzle without a unique solution."""
    _proper_solution(puzzle, solution)
    if difficulty is Difficulty.FIENDISH:
        return True
    try:
        board = _start_board(puzzle)
        while board.free:
            found, _ = _find(board, difficulty.level, want_all=True)
            if not found:
                return False
            _apply(board, found)
    except _Broken as error:  # a unique puzzle never gets here: a bug, not a verdict
        raise AssertionError(f"deduction failed on a unique puzzle: {error}") from None
    return True


def grade_steps(steps: Sequence[Step]) -> Grade:
    """The grade a walkthrough shows (for callers that already have the steps)."""
    counts: dict[Technique, int] = {}
    for step in steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
    level = max((step.technique.level for step in steps), default=1)
    depth = max((step.depth for step in steps), default=0)
    return Grade(Difficulty.from_level(level), counts, depth)
