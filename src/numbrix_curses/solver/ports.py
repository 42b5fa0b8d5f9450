"""The ports rule: a region of the board that the path can enter and leave by few edges.

Take any set R of cells and, for every number v, x(v) = 1 when v stands in R. In a solution
the numbers in R form intervals (the path's pieces in R), and between two of them the path
steps across an edge from a cell of R to a cell outside (a port edge), once each time it
changes sides. So:

- x(v) = 1 needs a candidate cell of v in R, and x(v) = 0 one outside;
- where x changes between v and v + 1, some port edge has one end among v's candidates and
  the other among v + 1's, on the sides x says;
- the path takes each edge at most once, so each port edge serves at most one change;
- R is full in the end: as many odd numbers lie in R as R has cells of the odd numbers'
  colour, and likewise the even numbers.

`refuted` looks for a sequence x with all of that by a walk over the numbers, keeping for
each (side of the last number, port edges used) the (odd, even) counts reachable, as the
bits of one int; an edge only one step can take needs no place in the state. No sequence
means the board has no solution. That holds for any R (a test holds it against random
paths and regions); it has teeth where R has few port edges, so `refuted` gives up past
`MOST_PORTS` edges that two or more steps can take, and `narrow_regions` finds regions
worth the walk: a straight row of at most `MOST_SPAN` free-to-free edges across a grid
line, its two ends blocked by a cell that is not free or by the board's edge, whose removal
cuts the free cells in two (the smaller side is R, with the placed cells whose free
neighbours all lie in it). Pieces, their lengths, colours and the distance from each port
to a given inside all come out of the walk: a piece entering at a port stands there on a
number whose candidates reach that port, which reach (`propagate`) keeps within the
distance of the placed numbers.

This is what the search did not see on `benchmarks/hard/core-wall.txt` (see
benchmarks/README.md, "Where a slow search goes astray"): with 1 to 27 laid down column H,
the 26 free cells right of column I in rows 5 to 12 (and 120 at K9 among them) are joined
to the rest by I11-J11, I12-J12 and 27's edge to J10 alone; a piece that ends the path
there (120 to 144, with what comes before 120) needs 28 cells when it enters three steps
from 120, one more than there are, and one piece through the two ports, of unlike colours,
cannot be 27 cells long. The rule refutes that board at the root; the search before it
gave no answer in 100 s.

The search runs it at its nodes (`Search._check`) once it has made `_PORTS_AFTER` guesses,
with a credit that spares boards where it refutes nothing (see there); each check takes
about a millisecond a region on a 12x12 board, with ten or so regions a node.
"""
from __future__ import annotations

from numbrix_curses.puzzle import Geometry

#: Regions with more port edges than this that two or more steps can take are not tried
#: (the walk keeps a state per subset of those edges used).
MOST_PORTS = 4
#: Nor lines of open edges longer than this.
MOST_SPAN = 3


def _cells(mask: int) -> list[int]:
    """The cells of `mask`."""
    cells = []
    while mask:
        low = mask & -mask
        mask ^= low
        cells.append(low.bit_length() - 1)
    return cells


def refuted(
    geo: Geometry, region: int, dom: list[int], last: int, odd_colour: int | None,
    most_ports: int = MOST_PORTS,
) -> bool:
    """True when no sequence of sides fits `region` (see the module docstring): the board
    has no solution. False also when the region has more than `most_ports` port edges that
    two or more steps can take (not tried)."""
    full = geo.full_mask
    outside = full & ~region
    expand = geo.expand
    rim_in = region & expand(outside)  # the region's cells next to a cell outside
    rim_out = outside & expand(region)
    rims = rim_in | rim_out
    # for each cell on either side of a port edge, the numbers that can stand there
    at = dict.fromkeys(_cells(rims), 0)
    for v in range(1, last + 1):
        d = dom[v] & rims
        while d:
            low = d & -d
            d ^= low
            at[low.bit_length() - 1] |= 1 << v
    masks = geo.neighbour_masks
    # the steps v -> v + 1 (bit v) that can take each port edge, in and out
    takes: list[tuple[int, int]] = []
    for a in _cells(rim_in):
        here = at[a]
        for b in _cells(masks[a] & outside):
            there = at[b]
            into, out = there & (here >> 1), here & (there >> 1)
            if into or out:
                takes.append((into, out))
    usable: list[tuple[int, int]] = []  # (steps in, steps out) of edges to track
    once_in = once_out = 0
    for into, out in takes:
        if (into | out).bit_count() == 1:
            # an edge only one step can take needs no tracking: that step changes sides
            # once at most
            once_in |= into
            once_out |= out
        else:
            usable.append((into, out))
    if len(usable) > most_ports:
        return False
    any_in = once_in
    any_out = once_out
    for into, out in usable:
        any_in |= into
        any_out |= out
    if odd_colour is None:
        odd_cells, even_cells = region.bit_count(), 0  # counts only: all "odd"
        odd_of = [True] * (last + 2)
    else:
        odd_mask = geo.odd_mask if odd_colour == 1 else full & ~geo.odd_mask
        odd_cells = (region & odd_mask).bit_count()
        even_cells = region.bit_count() - odd_cells
        odd_of = [v % 2 == 1 for v in range(last + 2)]
    width = even_cells + 1
    # (odd, even) counts as bits at index odd * width + even
    room_even = 0  # indices with even < even_cells
    for o in range(odd_cells + 1):
        room_even |= ((1 << even_cells) - 1) << (o * width)
    room_odd = (1 << (odd_cells * width)) - 1  # indices with odd < odd_cells
    goal = 1 << (odd_cells * width + even_cells)

    # states: (side, used edges) -> counts
    states: dict[tuple[int, int], int] = {}
    d = dom[1]
    if d & outside:
        states[(0, 0)] = 1
    if d & region:
        states[(1, 0)] = (1 & room_odd) << width if odd_of[1] else (1 & room_even) << 1
    has_in = bool(d & region)  # whether some state has the last number inside
    for v in range(2, last + 1):
        d = dom[v]
        is_in, is_out = d & region, d & outside
        step = 1 << (v - 1)  # the step v - 1 -> v
        steps_in, steps_out = any_in & step, any_out & step
        if not steps_in and not steps_out:
            # no change of side here: each state keeps its side, or dies
            if not is_in and not has_in:
                if not is_out:
                    return True
                continue  # (all outside, and v too: nothing changes)
            if is_in and is_out:
                if odd_of[v]:
                    states = {k: (b & room_odd) << width if k[0] else b for k, b in states.items()}
                else:
                    states = {k: (b & room_even) << 1 if k[0] else b for k, b in states.items()}
            elif is_in:
                if odd_of[v]:
                    states = {k: (b & room_odd) << width for k, b in states.items() if k[0]}
                else:
                    states = {k: (b & room_even) << 1 for k, b in states.items() if k[0]}
            else:
                states = {k: b for k, b in states.items() if not k[0]}
            states = {k: b for k, b in states.items() if b}
            if not states:
                return True
            has_in = any(k[0] for k in states)
            continue
        new: dict[tuple[int, int], int] = {}
        ins = [into & step for into, _ in usable]
        outs = [out & step for _, out in usable]

        for (side, used), bits in states.items():
            if side:
                if is_in:
                    moved = (bits & room_odd) << width if odd_of[v] else (bits & room_even) << 1
                    if moved:
                        key = (1, used)
                        new[key] = new.get(key, 0) | moved
                if is_out and steps_out:
                    _cross(new, 0, used, bits, once_out & step, outs)
            else:
                if is_out:
                    key = (0, used)
                    new[key] = new.get(key, 0) | bits
                if is_in and steps_in:
                    moved = (bits & room_odd) << width if odd_of[v] else (bits & room_even) << 1
                    if not moved:
                        continue
                    _cross(new, 1, used, moved, once_in & step, ins)
        states = new
        if not states:
            return True
        has_in = any(k[0] for k in states)
    return not any(bits & goal for bits in states.values())


def _cross(new: dict[tuple[int, int], int], side: int, used: int, bits: int, once: int,
           takes: list[int]) -> None:
    """Into `new` (`refuted`'s states after a step): the counts `bits` on `side` after the
    step crosses, by an edge only it takes (`once`) or by a tracked edge that can take it
    (`takes`, the step's bit for each) not yet `used`."""
    if once:
        new[(side, used)] = new.get((side, used), 0) | bits
    for k, can in enumerate(takes):
        if can and not used >> k & 1:
            key = (side, used | 1 << k)
            new[key] = new.get(key, 0) | bits


def narrow_regions(geo: Geometry, free: int, most_span: int = MOST_SPAN) -> list[int]:
    """Sets of free cells cut off from the other free cells by a straight row of at most
    `most_span` free-to-free edges across a grid line, blocked at both ends (each the
    smaller side of its cut; see the module docstring)."""
    rows, cols = geo.rows, geo.cols
    found: list[int] = []
    seen: set[int] = set()
    neighbours = geo.neighbours

    def is_free(c: int) -> bool:
        return bool(free >> c & 1)

    # each grid line between two rows or two columns, as the edges that cross it in order
    lines = [[(r * cols + c, (r + 1) * cols + c) for c in range(cols)] for r in range(rows - 1)]
    lines += [[(r * cols + c, r * cols + c + 1) for r in range(rows)] for c in range(cols - 1)]
    spans: list[list[tuple[int, int]]] = []  # the runs of free-to-free edges along them
    for line in lines:
        span: list[tuple[int, int]] = []
        for a, b in [*line, (-1, -1)]:  # (a blocked edge past the end closes the last run)
            if a >= 0 and is_free(a) and is_free(b):
                span.append((a, b))
            elif span:
                spans.append(span)
                span = []
    for span in spans:
        if len(span) > most_span:
            continue
        cut = set(span) | {(b, a) for a, b in span}
        part = _behind(neighbours, free, cut, span[0][0], span[0][1])
        if part is None:
            continue  # not cut off
        other = _behind(neighbours, free, cut, span[0][1], span[0][0])
        assert other is not None
        side = part if part.bit_count() <= other.bit_count() else other
        if side not in seen:
            seen.add(side)
            found.append(side)
    return found


def _behind(
    neighbours: tuple[tuple[int, ...], ...], free: int, cut: set[tuple[int, int]],
    start: int, goal: int,
) -> int | None:
    """The free cells reached from `start` without crossing the edges of `cut`, or None
    when `goal` is among them."""
    part = 1 << start
    todo = [start]
    while todo:
        x = todo.pop()
        for y in neighbours[x]:
            if free >> y & 1 and not part >> y & 1 and (x, y) not in cut:
                if y == goal:
                    return None
                part |= 1 << y
                todo.append(y)
    return part


def with_placed(geo: Geometry, free: int, cells: int) -> int:
    """`cells` (free) with the placed cells next to them whose free neighbours all lie in
    `cells`."""
    region = cells
    near = geo.expand(cells) & ~free
    masks = geo.neighbour_masks
    while near:
        b = near & -near
        c = b.bit_length() - 1
        near ^= b
        if not masks[c] & free & ~cells:
            region |= b
    return region
