"""The enclosure rule: a stretch of the path between two cells on the board's edge walls off
what lies on either side of it, and a stretch of k cells can wall off only so much.

Take placed numbers p < q on edge cells a and b, and C the cells of p..q (a path of
k = q - p + 1 cells, most of them not laid yet). Every other cell holds a number of the
head H = 1..p-1 or of the tail T = q+1..last, and each of those is a path, so the cells
off C fall into at most two pieces: H and T apart, or H and T together.

Sides. The edge cells strictly between a and b one way round the board (arc 1), and those
the other way (arc 2), lie on opposite sides of C: C joins two points of the board's
outline, and a way from one arc to the other through cells off C would cross it. So a
piece touches the edge on one arc at most, a placed number of H or T on an arc puts its
whole piece on that side, and an arc no piece touches lies wholly in C.

Size. A piece X, every neighbour of which is in C or off the board, has its outline made
of sides it shares with C and sides on the board's edge; X with C has its outline made of
sides of C not shared with X and the same edge sides of X. Each cell of C has four sides,
and two of them (one at an end of the path) join it to the cells before and after it, so
    perimeter(X) + perimeter(X + C) <= 2k + 2 + 2 * (edge sides of X),
and X's edge sides are at most those of the cells of its arc. A set of n cells has a
perimeter of at least 2 * ceil(2 * sqrt(n)) (Harary and Harborth, 1976), so a short stretch
cannot wall off a big piece against a short arc. When no way of placing the pieces on the
sides meets this, the board has no solution.

This is what the search lacked on the core of benchmarks/hard/printed-soak.txt: 39 at A7,
55 at E11 and 67 at A9 on an 11x8 board. 67 puts the tail (33 cells) on the short arc
A8..A11, B11..D11, with 8 edge sides; there the 17 cells of 39..55 can wall off 32 cells
at most by the bound (54 > 2 * 17 + 2 + 2 * 8 for 33; 31 is the most in fact), and the head
(38 cells) cannot join the tail there, for arc 2 would then have to lie in C. The rule
refutes it at once; the search without it laid 39..55 1,547 ways.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from numbrix_curses.puzzle import Geometry

__all__ = ["Rim", "rim_of", "walled_off", "least_perimeter"]


def least_perimeter(n: int) -> int:
    """The least perimeter of a set of n grid cells: 2 * ceil(2 * sqrt(n))."""
    m = isqrt(4 * n)
    if m * m < 4 * n:
        m += 1
    return 2 * m


@dataclass(frozen=True)
class Rim:
    """The board's edge cells in order round the board (clockwise from the top left), for
    boards of at least two rows and two columns."""

    #: cell -> its place on the rim
    place: dict[int, int]
    #: places on the rim of the four corner cells (each has two sides on the edge)
    corners: int
    #: all places
    full: int


_RIMS: dict[tuple[int, int], Rim | None] = {}


def rim_of(geo: Geometry) -> Rim | None:
    """The rim of `geo`'s board, or None for a board one cell wide (its edge cells have
    edge sides on both arcs, so the rule does not hold there)."""
    key = (geo.rows, geo.cols)
    if key not in _RIMS:
        rows, cols = key
        if rows < 2 or cols < 2:
            _RIMS[key] = None
        else:
            cells = (
                [geo.cell(0, c) for c in range(cols)]
                + [geo.cell(r, cols - 1) for r in range(1, rows)]
                + [geo.cell(rows - 1, c) for c in range(cols - 2, -1, -1)]
                + [geo.cell(r, 0) for r in range(rows - 2, 0, -1)]
            )
            place = {cell: i for i, cell in enumerate(cells)}
            corners = sum(
                1 << place[geo.cell(r, c)] for r in (0, rows - 1) for c in (0, cols - 1))
            _RIMS[key] = Rim(place, corners, (1 << len(cells)) - 1)
    return _RIMS[key]


def _fits(size: int, chain: int, edge_sides: int) -> bool:
    """Can a chain of `chain` cells wall off a piece of `size` cells with at most
    `edge_sides` sides on the board's edge? (see the module docstring)"""
    if size == 0:
        return True
    if size + chain >= len(_LEAST):
        _LEAST.extend(least_perimeter(n) for n in range(len(_LEAST), 2 * (size + chain)))
    return _LEAST[size] + _LEAST[size + chain] <= 2 * chain + 2 + 2 * edge_sides


#: least_perimeter(n) by n, as far as asked for
_LEAST: list[int] = []


def walled_off(rim: Rim, on_rim: list[tuple[int, int]], last: int) -> bool:
    """True when some stretch of the path between two placed numbers on the rim cannot wall
    off the pieces beside it (see the module docstring): the board has no solution.

    `on_rim` lists the placed numbers on edge cells as (number, place on the rim), by
    number.

    A piece that touches no arc need not be tried: it fits where one touching an arc fits,
    having no more edge sides and leaving no less of the rim to C.
    """
    corners, full = rim.corners, rim.full
    count = len(on_rim)
    # (each edge cell holds one number, so the cells of numbers i..j-1 on the rim are
    # below[j] ^ below[i])
    below = [0]
    for _, at in on_rim:
        below.append(below[-1] | 1 << at)
    everything = below[-1]
    for i in range(count - 1):
        p, a = on_rim[i]
        head = p - 1
        head_cells = below[i]
        a_bit = 1 << a
        low = (a_bit << 1) - 1
        for j in range(i + 1, count):
            q, b = on_rim[j]
            chain = q - p + 1
            tail = last - q
            b_bit = 1 << b
            if a < b:
                arc1 = (b_bit - 1) & ~low
            else:
                arc1 = (full & ~low) | (b_bit - 1)
            arc2 = full & ~arc1 & ~a_bit & ~b_bit
            # the pieces' sides, where their placed numbers on the rim say
            head_sides = _sides(head_cells & arc1, head_cells & arc2)
            tail_cells = everything ^ below[j + 1]
            tail_sides = _sides(tail_cells & arc1, tail_cells & arc2)
            if not head_sides or not tail_sides:
                return True  # a piece on both sides of C
            if (
                head and tail and (head_sides != tail_sides or len(head_sides) > 1)
                and _fits(head, chain, 0) and _fits(tail, chain, 0)
            ):
                continue  # apart on the two arcs, which needs neither arc in C
            inner = below[j] ^ below[i + 1]  # numbers p+1..q-1 on the rim: cells of C
            # edge cells C can still take: its cells less its ends and those already there
            spare = chain - 2 - inner.bit_count()
            arcs = (0, arc1 & ~inner, arc2 & ~inner)
            if not _any_way(
                arcs, corners, chain, spare, head, tail, head_sides, tail_sides,
                head_cells, tail_cells,
            ):
                return True
    return False


def _sides(on1: int, on2: int) -> tuple[int, ...]:
    """The arcs a piece may touch, given its placed numbers on each; none when it has some
    on both."""
    if on1:
        return () if on2 else (1,)
    return (2,) if on2 else (1, 2)


def _any_way(
    arcs: tuple[int, int, int], corners: int, chain: int, spare: int, head: int, tail: int,
    head_sides: tuple[int, ...], tail_sides: tuple[int, ...], head_cells: int, tail_cells: int,
) -> bool:
    """Is there a way to place the head on one of `head_sides` and the tail on one of
    `tail_sides` that C can wall off? An arc no piece touches lies wholly in C."""

    def room(side: int, others: int) -> int:  # edge sides a piece on `side` may have
        cells = arcs[side] & ~others
        return cells.bit_count() + (cells & corners).bit_count()

    # every cell off C in one piece (head and tail together, or the only one there is)
    for side in head_sides:
        if (
            side in tail_sides
            and arcs[3 - side].bit_count() <= spare
            and _fits(head + tail, chain, room(side, 0))
        ):
            return True
    if not head or not tail:
        return False
    # head and tail apart: neither has an edge side on the other's cells
    for hs in head_sides:
        if not _fits(head, chain, room(hs, tail_cells)):
            continue
        for ts in tail_sides:
            if hs == ts and arcs[3 - ts].bit_count() > spare:
                continue
            if _fits(tail, chain, room(ts, head_cells)):
                return True
    return False
