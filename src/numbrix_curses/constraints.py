"""Facts about a partly filled board that both the solver and the deduction engine use.

Boards are bitmasks (Python ints, bit i = cell i) over a `Geometry`. A partly filled board is
seen as numbers placed at cells plus *segments*: maximal runs of consecutive missing numbers.
A segment between two placed numbers is a gap; the one before the smallest placed number is
the head (its number 1 may go anywhere), the one after the largest is the tail.

What both the solver and the deduction engine compute here: the segments, the checkerboard
colour each number must take and the parity count of a run, the pockets of free cells
(`components`). The rest serves one side: reach, routes through a gap and pocket filling
(`reach_domains`, `distance_layers`, `chain_consistent`, `gap_routes`, `feasible_pockets`)
are the deduction engine's techniques, worded for a reason a player can follow; cut cells
are the solver's (`cut_cells`, with `outer_walk`). The solver's own versions of reach, dead
ends and pockets (`solver.propagate`) work incrementally on its bitmask board and are
stronger (a dead end there counts placed numbers still missing a neighbour as usable). The
two agree because every rule on either side is sound: a hint is a fact of every solution.
tests/test_deduce.py holds them to that, walking bundled, generated and random boards step
by step against the solver's solution.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from numbrix_curses.puzzle import Geometry


class Contradiction(Exception):
    """The board as it stands cannot be completed; the message says why."""


@dataclass(frozen=True)
class Segment:
    """Missing numbers lo..hi; `lo - 1` is placed unless lo == 1, `hi + 1` unless hi == last."""

    lo: int
    hi: int
    last: int

    @property
    def length(self) -> int:
        return self.hi - self.lo + 1

    @property
    def anchored_below(self) -> bool:
        return self.lo > 1

    @property
    def anchored_above(self) -> bool:
        return self.hi < self.last


def segments(pos: Sequence[int], last: int, lo: int = 1, hi: int = 0) -> list[Segment]:
    """The segments of missing numbers (among `lo..hi`, all by default); `pos[v]` is the
    cell of v or -1 (index 0 unused)."""
    found = []
    v = lo
    stop = hi or last
    while v <= stop:
        if pos[v] >= 0:
            v += 1
            continue
        start = v
        while v <= stop and pos[v] < 0:
            v += 1
        found.append(Segment(start, v - 1, last))
    return found


def odd_number_colour(geo: Geometry, givens: dict[int, int]) -> int | None:
    """The checkerboard colour every odd number must stand on, or None if either works.

    Consecutive numbers alternate colours, so one given fixes the colour of all of them; on a
    board with an odd number of cells the odd numbers are one more than the even ones and must
    take the majority colour (that of the top-left cell). Raises `Contradiction` when the givens
    disagree with each other or with that count.
    """
    size = geo.size
    forced: int | None = 0 if size % 2 == 1 else None
    given_first: int | None = None  # the given that fixed the colours, if one did
    for number, cell in sorted(givens.items()):
        colour = geo.colour[cell] ^ (1 - number % 2)
        if forced is None:
            forced, given_first = colour, number
        elif colour != forced:
            if given_first is not None:
                # (the rule itself, in the two numbers' terms: "given where 1 stands" left
                # the player to work out what was wrong with that)
                apart = number - given_first
                reason = (f"{given_first} and {number} are {apart} apart, so they must stand "
                          + ("on the same colour" if apart % 2 == 0 else "on different colours"))
            elif number % 2:
                reason = ("as odd numbers take the corner colour on a board with an odd "
                          "number of cells")
            else:
                # (said of the even numbers themselves: "odd numbers take..." read as a
                # misprint under an even one)
                reason = ("as even numbers cannot take the corner colour on a board with an "
                          "odd number of cells")
            raise Contradiction(f"{number} stands on the wrong checkerboard colour"
                                + (f": {reason}" if given_first is not None else f", {reason}"))
    return forced


def colour_mask(geo: Geometry, colour: int) -> int:
    """All cells of checkerboard colour `colour`."""
    return geo.odd_mask if colour else geo.full_mask & ~geo.odd_mask


def number_colour(odd_colour: int, number: int) -> int:
    """Colour of the cell `number` must stand on, given the colour of odd numbers."""
    return odd_colour if number % 2 else 1 - odd_colour


def odd_colour_count(lo: int, hi: int, odd_colour: int) -> int:
    """How many of the numbers lo..hi stand on colour-1 cells."""
    odds = (hi + 1) // 2 - lo // 2  # odd numbers in lo..hi
    return odds if odd_colour == 1 else (hi - lo + 1) - odds


def components(geo: Geometry, free: int) -> list[int]:
    """Connected pockets of the cells in `free` (orthogonal moves), as bitmasks."""
    found = []
    rest = free
    # (geo.expand inlined: the solver floods the free cells on every settle)
    cols, not_last, not_first = geo.cols, geo.not_last_col, geo.not_first_col
    while rest:
        frontier = rest & -rest
        rest ^= frontier
        comp = frontier
        while frontier:
            frontier = (
                ((frontier & not_last) << 1)
                | ((frontier & not_first) >> 1)
                | (frontier << cols)
                | (frontier >> cols)
            ) & rest
            rest ^= frontier
            comp |= frontier
        found.append(comp)
    return found


def cut_cells(geo: Geometry, region: int) -> list[tuple[int, list[int]]]:
    """The cells whose removal splits the connected `region`, each with the parts (masks)
    that removing it leaves, in the order the cells are found.

    A single path that fills a region passes such a cell once, from one part into another,
    and can never come back: so a part has one end of the path in it, and at most two parts
    can have one (the rule the solver's `_cuts` applies). Tarjan's low-point search, one
    pass: a child whose subtree reaches no cell found before its parent is cut off from the
    rest when the parent goes, and a subtree is a block of the discovery order, so its cells
    come from two prefix masks.
    """
    if region & (region - 1) == 0:
        return []
    neighbours = geo.neighbours
    root = (region & -region).bit_length() - 1
    disc = {root: 0}
    low = [0]  # by discovery index
    order = [root]
    size = [1]
    children: list[list[int]] = [[]]
    stack = [(root, -1, iter(neighbours[root]))]
    while stack:
        cell, parent, around = stack[-1]
        here = disc[cell]
        for n in around:
            if not region >> n & 1 or n == parent:
                continue
            seen = disc.get(n)
            if seen is None:
                disc[n] = index = len(order)
                order.append(n)
                low.append(index)
                size.append(1)
                children.append([])
                children[here].append(index)
                stack.append((n, cell, iter(neighbours[n])))
                break
            if seen < low[here]:
                low[here] = seen
        else:
            stack.pop()
            if parent >= 0:
                up = disc[parent]
                if low[here] < low[up]:
                    low[up] = low[here]
                size[up] += size[here]
    prefix = [0]
    for cell in order:
        prefix.append(prefix[-1] | 1 << cell)
    found = []
    for index, cell in enumerate(order):
        kids = children[index]
        if index == 0:
            cut_off = kids if len(kids) > 1 else []
        else:
            cut_off = [k for k in kids if low[k] >= index]
        if not cut_off:
            continue
        parts = [prefix[k + size[k]] & ~prefix[k] for k in cut_off]
        rest = region & ~(1 << cell)
        for part in parts:
            rest &= ~part
        if rest:
            parts.append(rest)
        found.append((cell, parts))
    return found


def outer_walk(geo: Geometry, cells: int) -> list[int]:
    """The cells met going once round the outside of `cells`, clockwise, starting at the
    first cell: the boundary of the outer face of the grid graph on `cells` (the part
    connected to the first cell). A cell met more than once (one joining two parts, or the
    neck of a dead end) is listed once per meeting.

    Wall-following: arriving at a cell heading one way, the walk turns left if it can,
    else goes straight, else right, else back, so the outside stays on its left; it ends
    when it would repeat its first step.
    """
    if not cells:
        return []
    towards = geo.headings
    start = (cells & -cells).bit_length() - 1
    walk = [start]
    # The first cell has no cell of `cells` above it or to its left: the walk starts as if
    # it had come in heading east along the top.
    cell, heading = start, 1
    first: tuple[int, int] | None = None
    while True:
        around = towards[cell]
        for turn in (3, 0, 1, 2):  # left, straight, right, back
            way = (heading + turn) & 3
            n = around[way]
            if n >= 0 and cells >> n & 1:
                break
        else:
            return walk  # a lone cell
        if first is None:
            first = (cell, way)
        elif cell == first[0] and way == first[1]:
            walk.pop()  # the first cell again, where the walk began
            return walk
        cell, heading = n, way
        walk.append(cell)


# --- reach, routes and pockets (the deduction engine's techniques) ---


def walk_layers(geo: Geometry, start: int, free: int, steps: int) -> list[int]:
    """`layers[t]`: the free cells a walk of exactly t steps from the cells of `start` can end
    on, moving through free cells only (t = 0..steps; layer 0 is `start` itself).

    On a checkerboard a walk may step back and forth, so this is every free cell within
    distance t through free cells whose colour matches t's parity. A run of missing numbers
    is such a walk that never revisits a cell, so a number k places past a placed one can
    only stand on layer k: the deduction engine's reach technique (the solver's reach
    pruning, in `solver.propagate`, is the same fact kept up incrementally).
    """
    expand = geo.expand
    layers = [start]
    layer = start
    for _ in range(steps):
        layer = expand(layer) & free
        layers.append(layer)
        if not layer:
            layers.extend([0] * (steps - len(layers) + 1))
            break
    return layers


def reach_domains(
    geo: Geometry, pos: Sequence[int], free: int, seg: Segment, odd_colour: int | None
) -> list[int]:
    """Candidate cells of each missing number lo..hi of `seg` (index 0 = lo), by reach.

    Number v of a gap a..b (a, b placed) can only stand where a walk of v - a steps from a
    and one of b - v steps from b through free cells both end; the head and tail have one
    placed neighbour and are bounded from that side only. A run with no placed neighbour at
    all (an empty board) may stand on any free cell of its colour. An empty list entry (0)
    means the board cannot be completed.
    """
    return reach_domains_read(geo, pos, free, seg, odd_colour)[0]


def reach_domains_read(
    geo: Geometry, pos: Sequence[int], free: int, seg: Segment, odd_colour: int | None
) -> tuple[list[int], int]:
    """`reach_domains`, and the cells whose emptiness it read: on a board that differs
    from this one only outside them (with the same numbers around `seg`), the answer is
    the same."""
    lo, hi = seg.lo, seg.hi
    length = hi - lo + 1
    if seg.anchored_below:
        forward = walk_layers(geo, 1 << pos[lo - 1], free, length)
    else:
        forward = None
    if seg.anchored_above:
        backward = walk_layers(geo, 1 << pos[hi + 1], free, length)
    else:
        backward = None
    doms = []
    for v in range(lo, hi + 1):
        d = free
        if forward is not None:
            d &= forward[v - lo + 1]
        if backward is not None:
            d &= backward[hi + 1 - v]
        if forward is None and backward is None and odd_colour is not None:
            d &= colour_mask(geo, number_colour(odd_colour, v))
        doms.append(d)
    if forward is None and backward is None:
        return doms, geo.full_mask
    walked = 0
    for layer in (forward or []) + (backward or []):
        walked |= layer
    # each layer is the one before it widened by a step through free cells
    return doms, geo.expand(walked)


def distance_layers(geo: Geometry, start: int, free: int, limit: int) -> list[int]:
    """`layers[t]`: the free cells at distance exactly t from the cells of `start` through free
    cells (t = 0..at most `limit`; the list stops early when nothing more is reachable)."""
    expand = geo.expand
    layers = [start]
    seen = frontier = start
    for _ in range(limit):
        frontier = expand(frontier) & free & ~seen
        if not frontier:
            break
        seen |= frontier
        layers.append(frontier)
    return layers


def chain_consistent(geo: Geometry, doms: list[int], below: int, above: int) -> list[int]:
    """Narrow the candidate cells of a run of consecutive numbers so each touches a candidate
    of its predecessor and successor; `below`/`above` are the cells (bitmask) of the placed
    numbers just before and after the run, 0 where there is none. A forward and a backward
    pass settle a chain. Returns new masks; an empty one means the run cannot be laid."""
    expand = geo.expand
    out = list(doms)
    prev = below
    for i in range(len(out)):
        if prev:
            out[i] &= expand(prev)
        prev = out[i]
    nxt = above
    for i in range(len(out) - 1, -1, -1):
        if nxt:
            out[i] &= expand(nxt)
        nxt = out[i]
    return out


def gap_routes(
    geo: Geometry, start: int, end: int, doms: Sequence[int], max_nodes: int
) -> list[tuple[int, ...]] | None:
    """Every way to lay a gap: cell sequences (c_0..c_{k-1}) with c_i in `doms[i]`, c_0 next to
    cell `start`, c_{k-1} next to cell `end`, consecutive cells adjacent, no cell twice.

    Returns None when the search would take more than `max_nodes` steps (too many routes to
    list); an empty list means the gap cannot be laid at all.
    """
    # Cells are bitmasks, each level's untried cells one mask, taken highest first: the
    # order, and the steps counted against `max_nodes`, of a search over neighbour lists.
    # On the last level only the cells next to `end` make routes, but every cell tried
    # there counts as a step, so a gap is listed or given up exactly as before.
    near = geo.neighbour_masks
    k = len(doms)
    last = k - 1
    end_near = near[end]
    routes: list[tuple[int, ...]] = []
    path: list[int] = []
    used = 0
    nodes = 0
    stack = [near[start] & doms[0]]
    while stack:
        options = stack[-1]
        if not options:
            stack.pop()
            if path:
                used ^= 1 << path.pop()
            continue
        depth = len(path)
        if depth == last:
            stack[-1] = 0
            nodes += options.bit_count()
            if nodes > max_nodes:
                return None
            ends = options & end_near
            while ends:
                cell = ends.bit_length() - 1
                ends ^= 1 << cell
                routes.append((*path, cell))
            continue
        cell = options.bit_length() - 1
        bit = 1 << cell
        stack[-1] = options ^ bit
        nodes += 1
        if nodes > max_nodes:
            return None
        path.append(cell)
        used |= bit
        stack.append(near[cell] & doms[depth + 1] & ~used)
    return routes


def feasible_pockets(
    lengths: Sequence[int],
    seg_odds: Sequence[int] | None,
    cands: Sequence[Sequence[int]],
    sizes: Sequence[int],
    pocket_odds: Sequence[int] | None,
    max_nodes: int = 20000,
) -> list[set[int]] | None:
    """Which pockets each run can fill in some exact sharing-out of runs to pockets.

    Every free cell belongs to exactly one run, and a run's cells are connected, so each run
    lies in one pocket and the runs of a pocket add up to its size (and, when colours are
    known, to its count of colour-1 cells: `seg_odds`/`pocket_odds`). `cands[i]` are the
    pockets run i can enter at all. Returns for each run the pockets it takes in at least one
    complete sharing-out, or None when there is none (the board cannot be completed). Where
    the search would exceed `max_nodes`, undecided pairs are kept (never wrongly removed).
    """
    n_pockets = len(sizes)
    colours = seg_odds is not None and pocket_odds is not None
    room = list(sizes)
    odd_room = list(pocket_odds) if colours else [0] * n_pockets
    open_runs = []
    for i, options in enumerate(cands):
        if not options:
            return None
        if len(options) == 1:
            # a run with one possible pocket takes its share before any search
            k = options[0]
            room[k] -= lengths[i]
            if colours:
                odd_room[k] -= seg_odds[i]  # type: ignore[index]
        else:
            open_runs.append(i)
    if any(r < 0 for r in room) or any(o < 0 or o > r for o, r in zip(odd_room, room)):
        return None
    seen: list[set[int]] = [set(options) if len(options) == 1 else set() for options in cands]
    open_runs.sort(key=lambda i: (len(cands[i]), -lengths[i]))

    def search(fixed_run: int, fixed_pocket: int) -> list[int] | None | bool:
        """A sharing-out of the open runs with fixed_run in fixed_pocket; None if there is
        none, False when the node budget ran out first."""
        left = list(room)
        odd_left = list(odd_room)
        supply = [0] * n_pockets
        for i in open_runs:
            for k in cands[i]:
                supply[k] += lengths[i]
        choice: dict[int, int] = {}
        budget = [max_nodes]

        def go(at: int) -> bool | None:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if at == len(open_runs):
                return not any(left) and (not colours or not any(odd_left))
            i = open_runs[at]
            length = lengths[i]
            odd = seg_odds[i] if colours else 0  # type: ignore[index]
            for k in cands[i]:
                supply[k] -= length
            result: bool | None = False
            for k in ([fixed_pocket] if i == fixed_run else cands[i]):
                if length > left[k]:
                    continue
                if colours and (odd > odd_left[k] or length - odd > left[k] - odd_left[k]):
                    continue
                left[k] -= length
                odd_left[k] -= odd
                if all(left[p] <= supply[p] for p in range(n_pockets)):
                    choice[i] = k
                    sub = go(at + 1)
                else:
                    sub = False
                left[k] += length
                odd_left[k] += odd
                if sub or sub is None:
                    result = sub
                    break
            for k in cands[i]:
                supply[k] += length
            return result

        outcome = go(0)
        if outcome is None:
            return False
        return [choice[i] for i in open_runs] if outcome else None

    if not open_runs:
        if any(room) or (colours and any(odd_room)):
            return None
        return seen
    any_solution = False
    for i in open_runs:
        for k in cands[i]:
            if k in seen[i]:
                continue
            found = search(i, k)
            if found is False:
                seen[i].add(k)  # undecided within the budget: keep it
                any_solution = True
            elif found is not None:
                any_solution = True
                for j, p in zip(open_runs, found):
                    seen[j].add(p)
    if not any_solution:
        return None
    return seen
