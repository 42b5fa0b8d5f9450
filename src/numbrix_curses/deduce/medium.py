"""Level 2 (medium): reach (the candidate cells of each missing number), single candidate
cell, and dead ends."""

from __future__ import annotations

from numbrix_curses.constraints import Segment, reach_domains_read
from numbrix_curses.deduce.steps import Technique
from numbrix_curses.deduce.board import (
    Board,
    Broken,
    Found,
    GapReads,
    cell_list,
    is_single,
    only_cell,
)
from numbrix_curses.puzzle import plural


class Domains:
    """Candidate cells per missing number from reach (and, once asked, dead ends)."""

    def __init__(self, board: Board, segs: list[Segment]) -> None:
        self.board = board
        self.segs = segs
        dom = [0] * (board.last + 2)
        seg_of: dict[int, Segment] = {}
        for seg in segs:
            doms, _ = reach_domains_read(board.geo, board.pos, board.free, seg, board.odd_colour)
            self._take(seg, doms, dom, seg_of)
        self.dom = dom
        self.seg_of = seg_of

    def _take(self, seg: Segment, doms: list[int], dom: list[int],
              seg_of: dict[int, Segment]) -> None:
        """Enter `seg`'s domains `doms` in `dom` and `seg_of`; raises on an empty one."""
        for offset, d in enumerate(doms):
            v = seg.lo + offset
            if not d:
                raise Broken(
                    f"{v} has no cell left: no empty cell can be reached from "
                    f"{self.anchor_text(seg, v)}",
                    self.anchors(seg),
                )
            dom[v] = d
            seg_of[v] = seg

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
            parts.append(f"{b.at(seg.lo - 1)} in {plural(v - seg.lo + 1, 'step')}")
        if seg.anchored_above:
            parts.append(f"{b.at(seg.hi + 1)} in {plural(seg.hi + 1 - v, 'step')}")
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
                    f"that can still reach {b.at(z)} in {plural(z - v, 'step')}"
                )
            if v == z - 1:
                return (
                    f"{v} must go at {name}: it is the only empty cell next to {b.at(z)} "
                    f"that {b.at(a)} can still reach in {plural(v - a, 'step')}"
                )
            return (
                f"{v} must go at {name}: it is the only empty cell that {b.at(a)} can reach "
                f"in {plural(v - a, 'step')} and {b.at(z)} in {plural(z - v, 'step')}, "
                f"moving through empty cells"
            )
        if seg.anchored_below or seg.anchored_above:
            anchor = seg.lo - 1 if seg.anchored_below else seg.hi + 1
            return (
                f"{v} must go at {name}: it is the only empty cell {b.at(anchor)} can reach "
                f"in exactly {plural(abs(anchor - v), 'step')} through empty cells"
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


class WalkReach:
    """The reach domains of each board along a walk (where the board only fills up), each
    as `Domains(board, segs)` gives them, built on the last ones: a gap's reach is worked
    out again only when a cell it read was filled or the gap was split, and only its
    numbers' entries are written again (a walk's look at level 2 would otherwise spend most
    of its time writing out every missing number's cells)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        # (a gap's entries in `_dom` stand while the cells its reach read stay as they were)
        self._read = GapReads()
        self._dom: list[int] = []
        self._seg_of: dict[int, Segment] = {}
        self._placed: list[int] | None = None  # placed since the last domains; None: start over

    def note_placed(self, numbers: list[int] | None) -> None:
        """Numbers placed since the last look (None: the board changed otherwise)."""
        if numbers is None or self._placed is None:
            self._placed = None
        else:
            self._placed.extend(numbers)

    def domains(self, segs: list[Segment]) -> Domains:
        board = self.board
        placed, self._placed = self._placed, None  # (a look that breaks leaves no record)
        if placed is None:
            self._read.clear()
            self._dom = [0] * (board.last + 2)
            self._seg_of = {}
        dom, seg_of, read_of = self._dom, self._seg_of, self._read
        for n in placed or ():
            dom[n] = 0
            seg_of.pop(n, None)  # (the others keep their places: numbers in order)
        doms = Domains.__new__(Domains)
        doms.board, doms.segs = board, segs
        free = board.free
        for seg in segs:
            if not read_of.changed(seg, free):
                continue
            reach, read = reach_domains_read(board.geo, board.pos, free, seg, board.odd_colour)
            doms._take(seg, reach, dom, seg_of)
            read_of.note(seg, read, free)
        doms.dom = list(dom)
        doms.seg_of = dict(seg_of)
        self._placed = []
        return doms


def level2(board: Board, doms: Domains, want_all: bool) -> list[Found]:
    """Reach, single candidate cell and dead end, on the reach domains of the board."""
    found: list[Found] = []
    dom = doms.dom
    for v in doms.seg_of:
        if is_single(dom[v]):
            found.append(
                Found(v, only_cell(dom[v]), Technique.REACH, doms.reach_reason(v, only_cell(dom[v])),
                       doms.anchors(doms.seg_of[v]))
            )
            if not want_all:
                return found
    once, twice = doms.covers()
    free = board.free
    if free & ~once:
        c = only_cell(free & ~once)
        raise Broken(f"no missing number can reach {board.name(c)}", (c,))
    singles = free & ~twice
    for c in board.geo.cells_of(singles):
        v = doms.owner(c)
        if is_single(dom[v]):
            continue  # already a reach step
        seg = doms.seg_of[v]
        found.append(
            Found(
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


def _dead_ends(board: Board, doms: Domains, want_all: bool) -> list[Found]:
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
            raise Broken(
                f"{board.name(x)} has "
                f"{plural(room, 'empty neighbour') if room else 'no empty neighbour'} and no "
                f"missing number can end a run there",
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
            raise Broken(f"every cell {v} could reach is a dead end it cannot use",
                          tuple(geo.cells_of(before[v])))
    found: list[Found] = []
    for x, allowed in allowed_at.items():
        if len(allowed) == 1:
            v = allowed[0]
            if is_single(before.get(v, dom[v])):
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
                Found(
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
        if is_single(dom[v]) and not is_single(before[v]):
            c = only_cell(dom[v])
            if any(f.number == v for f in found):
                continue
            found.append(
                Found(
                    v,
                    c,
                    Technique.DEAD_END,
                    f"{v} must go at {board.name(c)}: the other cells it can reach "
                    f"({cell_list(board, mask)}) are dead ends, where {v} would need two empty "
                    f"neighbours for {v - 1} and {v + 1}",
                    tuple(geo.cells_of(mask)),
                )
            )
            if not want_all:
                return found
    return found
