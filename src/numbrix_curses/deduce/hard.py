"""Level 3 (hard): regions and parity (pockets of empty cells), and gap route enumeration."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from collections.abc import Callable, Sequence
from operator import and_, or_

from numbrix_curses.constraints import (
    Segment,
    chain_consistent,
    components,
    feasible_pockets,
    gap_routes,
    odd_colour_count,
)
from numbrix_curses.puzzle import Geometry, plural
from numbrix_curses.deduce.steps import Technique
from numbrix_curses.deduce.board import (
    Board,
    Broken,
    Found,
    cell_list,
    is_single,
    only_cell,
    span,
)
from numbrix_curses.deduce.medium import Domains


def level3(board: Board, doms: Domains, want_all: bool) -> list[Found]:
    found = _regions(board, doms, want_all)
    if found and not want_all:
        return found
    found.extend(_gap_routes(board, doms, want_all))
    return found


def _settle_chain(board: Board, doms: Domains, seg: Segment, dom: list[int]) -> None:
    pos = board.pos
    below = 1 << pos[seg.lo - 1] if seg.anchored_below else 0
    above = 1 << pos[seg.hi + 1] if seg.anchored_above else 0
    settled = chain_consistent(board.geo, dom[seg.lo: seg.hi + 1], below, above)
    for offset, d in enumerate(settled):
        if not d:
            raise Broken(
                f"{span(seg.lo, seg.hi)} cannot be laid in the cells left to it",
                doms.anchors(seg),
            )
        dom[seg.lo + offset] = d


def _singles_after(
    board: Board,
    doms: Domains,
    new: list[int],
    technique: Technique,
    why_number,
    why_cell,
    evidence: tuple[int, ...] | Callable[[int, int], tuple[int, ...]],
    want_all: bool,
    skip: set[int] | None = None,
) -> list[Found]:
    """Steps that narrowed domains `new` give beyond the old ones: numbers left with one cell
    and cells left with one number. Raises when a cell is left with none. `evidence` is the
    cells every step's reason rests on, or gives them for a number and its cell."""
    def shown(v: int, c: int) -> tuple[int, ...]:
        return evidence(v, c) if callable(evidence) else evidence

    old = doms.dom
    found = []
    for v in doms.seg_of:
        d, o = new[v], old[v]
        # (is_single inlined: this runs for every number at every narrowing)
        if d and not d & (d - 1) and (o & (o - 1) or not o):
            c = only_cell(d)
            found.append(Found(v, c, technique, why_number(v, c), shown(v, c)))
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
        c = only_cell(free & ~once)
        raise Broken(f"no missing number can reach {board.name(c)} any more", (c,))
    singles = free & ~twice & old_twice
    for c in board.geo.cells_of(singles):
        bit = 1 << c
        v = next(u for u in doms.seg_of if new[u] & bit)
        if any(f.number == v for f in found) or (skip and v in skip):
            continue
        found.append(Found(v, c, technique, why_cell(v, c), shown(v, c)))
        if not want_all:
            return found
    return found


def _regions(board: Board, doms: Domains, want_all: bool) -> list[Found]:
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
        raise Broken(
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
        first = board.name(only_cell(allowed & -allowed))
        return f"the pocket of {plural(count, 'empty cell')} at {first}"

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
            f"{span(seg.lo, seg.hi)} fill {pocket_text(allowed)}; there {v} has one cell left"
        )

    def why_cell(v: int, c: int) -> str:
        pocket = next(p for p in pockets if p >> c & 1)
        return (
            f"{v} must go at {board.name(c)}: the empty cells split into {len(pockets)} "
            f"pockets, and the sizes and checkerboard colours fix which runs of missing numbers "
            f"fill {pocket_text(pocket)}; of those, only {v} can reach {board.name(c)}"
        )

    def evidence(v: int, c: int) -> tuple[int, ...]:
        """The pocket the reason names: where v's run goes, else the one holding c. (Taken
        from the first run narrowed, a hint lit another pocket than the one it spoke of.)"""
        _, allowed = where.get(v, (None, 0))
        return tuple(geo.cells_of(allowed or next(p for p in pockets if p >> c & 1)))

    found = _singles_after(board, doms, new, Technique.REGIONS, why_number, why_cell, evidence,
                           want_all)
    return found


#: gaps with more missing numbers than this are not enumerated (too many routes for a person)
_ROUTE_GAP_MAX = 12
#: a gap whose routes take more search steps than this to list is not enumerated either
_ROUTE_NODES = 600


@dataclass(frozen=True)
class _Routes:
    """A gap's routes as `gap_routes` lists them, and the same routes as bits."""

    routes: tuple[tuple[int, ...], ...]
    #: each route's cells, as a mask
    masks: tuple[int, ...]
    #: each route's cells, as one bit each (for the union by number, column by column)
    bits: tuple[tuple[int, ...], ...]
    #: cell -> the routes through it, bit k for route k (to find the routes a seal rules
    #: out with a few operations on whole sets, rather than a test per route)
    through: dict[int, int]


@functools.lru_cache(maxsize=1024)
def _routes_cached(geo: Geometry, start: int, end: int, doms: tuple[int, ...]) -> _Routes | None:
    """`gap_routes` and the same routes as bits, remembered: between steps most gaps keep
    the same candidate cells."""
    routes = gap_routes(geo, start, end, doms, _ROUTE_NODES)
    if routes is None:
        return None
    bits = tuple(tuple(1 << c for c in route) for route in routes)
    through: dict[int, int] = {}
    for k, route in enumerate(routes):
        bit = 1 << k
        for c in route:
            through[c] = through.get(c, 0) | bit
    return _Routes(tuple(routes), tuple(_union_of(route) for route in bits), bits, through)


def _union_of(bits: Sequence[int]) -> int:
    """The union of `bits`."""
    return functools.reduce(or_, bits, 0)


def _gap_routes(board: Board, doms: Domains, want_all: bool) -> list[Found]:
    """List every way to lay a short gap; a cell every route gives the same number is forced,
    and cells every route passes are taken from the other numbers."""
    geo, pos = board.geo, board.pos
    dom = doms.dom
    found: list[Found] = []
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
        masks, bits = listed.masks, listed.bits
        seals = _sealable(board, seg, masks)
        cut = 0  # the routes some seal rules out, bit k for route k
        through = listed.through
        for y, room in seals:
            # (every route through all of `room` but not through y)
            over = functools.reduce(
                and_, [through.get(c, 0) for c in geo.cells_of(room)], (1 << len(masks)) - 1)
            cut |= over & ~through.get(y, 0)
        if cut:
            kept = [k for k in range(len(masks)) if not cut >> k & 1]
            routes = [listed.routes[k] for k in kept]
            masks = tuple(masks[k] for k in kept)
            bits = tuple(bits[k] for k in kept)
        else:
            routes = list(listed.routes)
        if not routes:
            raise Broken(
                f"there is no way to lay {span(seg.lo, seg.hi)} between {board.at(a)} and "
                f"{board.at(z)} without cutting off an empty cell",
                (pos[a], pos[z]),
            )
        # (by column: the cells the routes give each number, and those every route passes)
        union = [_union_of(column) for column in zip(*bits)]
        every = functools.reduce(and_, masks, geo.full_mask)
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
        said: list[str] = []

        def words(seg=seg, a=a, z=z, ways=ways, listed=len(listed.routes), kept=len(routes),
                  said=said) -> str:
            # (worded only for a step found: the routes listed as a person lists them cost
            # a search of their own, which every narrowing paying for doubled a 15x15
            # grade's time)
            if not said:
                said.append(f"{ways} to lay {span(seg.lo, seg.hi)} between {board.at(a)} and "
                            f"{board.at(z)}{_route_terms(board, seg, listed, kept, kept == 1)}")
            return said[0]

        def why_number(v: int, c: int, words=words, seg=seg, claimed=claimed, verb=verb) -> str:
            base = words()
            if seg.lo <= v <= seg.hi:
                return f"{v} must go at {board.name(c)}: {base} {verb} it there"
            others = claimed & dom[v]
            return (
                f"{v} must go at {board.name(c)}: {base} "
                f"{'passes' if verb == 'puts' else 'pass'} through "
                f"{cell_list(board, others)}, the other "
                f"{'cell' if is_single(others) else 'cells'} {v} could use"
            )

        def why_cell(v: int, c: int, words=words, seg=seg) -> str:
            base = words()
            name = board.name(c)
            if seg.lo <= v <= seg.hi:
                return (
                    f"{v} must go at {name}: {name} must be filled, no number outside "
                    f"{span(seg.lo, seg.hi)} can reach it, and of {base} the ones that use "
                    f"{name} put {v} there"
                )
            return (
                f"{v} must go at {name}: {name} must be filled, {base} leave it empty, and "
                f"{v} is the only other number that can reach it"
            )

        evidence = (pos[a], pos[z])
        for v in doms.seg_of:
            if not new[v]:
                raise Broken(f"{v} has no cell left once {words()} are listed", evidence)
        found.extend(
            _singles_after(board, doms, new, Technique.GAP_ROUTES, why_number, why_cell,
                           evidence, want_all)
        )
        if found and not want_all:
            return found
    return found


def _route_terms(board: Board, seg: Segment, listed: int, kept: int, one: bool = False) -> str:
    """What the routes a gap's step counts were held to, beyond empty cells of the board,
    so the count is one a person listing them finds: every number in a cell it can still
    take (the candidates narrowed by the steps before), no empty cell cut off. ("All 8
    ways ... pass through B2" was said where a ninth, cutting off B2, does not.) `one`: of
    the only way, so its verbs agree ("that cuts off", not "that cut off")."""
    terms = []
    if kept < listed:
        terms.append("cuts off no empty cell" if one else "cut off no empty cell")
    plain = gap_routes(board.geo, board.pos[seg.lo - 1], board.pos[seg.hi + 1],
                       (board.free,) * seg.length, 10 * _ROUTE_NODES)
    if plain is None or len(plain) != listed:
        terms.append("keeps every number to a cell it can still take" if one
                     else "keep every number to a cell it can still take")
    return " that " + " and ".join(terms) if terms else ""


def _sealable(board: Board, seg: Segment, masks: Sequence[int]) -> list[tuple[int, int]]:
    """(cell, its empty neighbours) for each empty cell that some route of `seg` could cut
    off from every empty neighbour and that no number could fill then: it would need its
    predecessor and successor (or its one neighbour, for 1 and the last number) already
    placed beside it. A route covering all those neighbours but not the cell is impossible."""
    geo, pos, num, last, free = board.geo, board.pos, board.num, board.last, board.free
    covered = _union_of(masks)
    found = []
    near = geo.neighbour_masks
    for y in geo.cells_of(geo.expand(covered) & free):
        room = near[y] & free
        if room & ~covered:
            continue  # some neighbour stays empty whatever the route
        around = {num[n] for n in geo.neighbours[y] if not free >> n & 1 and num[n]}
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
