"""Level 1 (easy): only neighbour, last empty cell, bridge and straight run, which also catch
the plain rule breaks (numbers apart, a number boxed in)."""

from __future__ import annotations

from collections.abc import Iterable

from numbrix_curses.constraints import Segment, distance_layers
from numbrix_curses.deduce.steps import Technique
from numbrix_curses.deduce.board import (
    Board, Broken, Found, GapReads, is_single, only_cell, span
)


def level1(board: Board, segs: list[Segment], want_all: bool) -> list[Found]:
    """Only neighbour, last empty cell, bridge and straight run; also catches plain rule
    breaks."""
    pos, last = board.pos, board.last
    if last == 1 and pos[1] < 0:
        # An empty 1x1: 1 goes on the one cell. (On any other board with one empty cell,
        # only neighbour says the same from a placed number, and says it that way as it
        # always has.) Without this an empty 1x1 needed a reach step and graded medium.
        return [Found(1, 0, Technique.LAST_CELL,
                      f"1 must go at {board.name(0)}: it is the last empty cell")]
    found = _neighbour_steps(board, range(1, last + 1), want_all)
    if found and not want_all:
        return found
    for seg in segs:
        found.extend(_gap_steps(board, seg, want_all)[0])
        if found and not want_all:
            return found
    return found


class EasyScan:
    """Level 1 with `want_all`, again and again on one board that only fills up (a walk's),
    looking again only at the numbers and gaps the numbers placed since the last look touch.

    It finds what `level1` finds, in the same order: a number or gap the placements did not
    touch finds what it found last time, which was nothing, or steps that were then placed,
    and a placement touches the numbers and the gap it concerns. A number is touched by a
    placement of itself or of a number next in line, or on a cell beside it; a gap by a
    placement inside it or on a cell its look read.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self._gaps = GapReads()

    def scan(self, segs: list[Segment], placed: list[int] | None) -> list[Found]:
        """`placed`: the numbers placed since the last look, None to look at everything."""
        board = self.board
        pos, num, free, last = board.pos, board.num, board.free, board.last
        numbers: Iterable[int]
        if placed is None:
            self._gaps.clear()
            if last == 1 and pos[1] < 0:
                return level1(board, segs, want_all=True)
            numbers = range(1, last + 1)
        else:
            touched = set()
            neighbours = board.geo.neighbours
            for n in placed:
                touched.update((n - 1, n, n + 1))
                for q in neighbours[pos[n]]:
                    if num[q]:
                        touched.add(num[q])
            numbers = sorted(n for n in touched if 1 <= n <= last)
        found = _neighbour_steps(board, numbers, want_all=True)
        gaps = self._gaps
        for seg in segs:
            if not gaps.changed(seg, free):
                continue
            steps, read = _gap_steps(board, seg, want_all=True)
            gaps.note(seg, read, free)
            found.extend(steps)
        return found


def _neighbour_steps(board: Board, numbers: Iterable[int], want_all: bool) -> list[Found]:
    """Only neighbour around each placed number of `numbers`; a number with too little room
    for the numbers it still needs, or apart from the next, breaks the board."""
    geo, pos, free, last = board.geo, board.pos, board.free, board.last
    neighbours = geo.neighbours
    found: list[Found] = []
    for n in numbers:
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
                raise Broken(
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
            raise Broken(f"{board.at(n)} has no empty neighbour left for {missing}", (p,))
        if len(need) == 1 and count == 1:
            u = need[0]
            other = n - 1 if u == n + 1 else n + 1
            side = "" if not (1 <= other <= last) else f" ({other} is already next to it)"
            found.append(
                Found(
                    u,
                    only_cell(room),
                    Technique.ONLY_NEIGHBOUR,
                    f"{u} must go at {board.name(only_cell(room))}: it is the only empty cell "
                    f"next to {board.at(n)}{side}",
                    (p,) if not (1 <= other <= last) else (p, pos[other]),
                )
            )
            if not want_all:
                return found
    return found


def _gap_steps(board: Board, seg: Segment, want_all: bool) -> tuple[list[Found], int]:
    """Bridge and straight run in a gap (none in a head or tail run), and the cells whose
    emptiness the look read: with the same numbers around the gap, a board that differs
    only outside them gets the same answer."""
    if not (seg.anchored_below and seg.anchored_above):
        return [], 0
    if seg.lo != seg.hi:
        return _straight_run(board, seg, want_all)
    pos, expand = board.pos, board.geo.expand
    a, b = seg.lo - 1, seg.hi + 1
    pa, pb = pos[a], pos[b]
    read = expand(1 << pa) & expand(1 << pb)
    common = read & board.free
    if not common:
        raise Broken(
            f"no empty cell touches both {board.at(a)} and {board.at(b)}, "
            f"so {seg.lo} has nowhere to go",
            (pa, pb),
        )
    if not is_single(common):
        return [], read
    return [
        Found(
            seg.lo,
            only_cell(common),
            Technique.BRIDGE,
            f"{seg.lo} must go at {board.name(only_cell(common))}: it is the only "
            f"empty cell next to both {board.at(a)} and {board.at(b)}",
            (pa, pb),
        )
    ], read


def _straight_run(board: Board, seg: Segment, want_all: bool) -> tuple[list[Found], int]:
    """A gap whose ends are exactly as far apart (through empty cells) as its numbers need:
    it must take a shortest route, and where all shortest routes share a cell, that's forced.
    Also the cells whose emptiness the look read (as `_gap_steps`)."""
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
        around = expand(frontier)
        if around & end_bit:
            distance = t
            break
        frontier = around & free & ~seen
        if not frontier:
            break
        seen |= frontier
        forward.append(frontier)
    else:
        if expand(frontier) & end_bit:
            distance = k
    if distance == 0:
        raise Broken(
            f"{board.at(a)} and {board.at(b)} are more than {k} steps apart through empty "
            f"cells, so {span(seg.lo, seg.hi)} cannot join them",
            (pa, pb),
        )
    if distance < k:
        return [], expand(seen)
    backward = distance_layers(geo, end_bit, free, k - 1)
    walked = seen
    for layer in backward:
        walked |= layer
    read = expand(walked)
    found: list[Found] = []
    ra, ca = divmod(pa, geo.cols)
    rb, cb = divmod(pb, geo.cols)
    straight = (ra == rb or ca == cb) and abs(ra - rb) + abs(ca - cb) == k
    for t in range(1, k):
        layer = forward[t] & backward[k - t] if k - t < len(backward) else 0
        if not layer:
            raise Broken(f"{a + t} has no place between {board.at(a)} and {board.at(b)}", (pa, pb))
        if not is_single(layer):
            continue
        v = a + t
        c = only_cell(layer)
        if straight:
            why = (
                f"{board.at(a)} and {board.at(b)} are {k} cells apart in a straight line, "
                f"so {span(seg.lo, seg.hi)} fill the cells between them"
            )
        else:
            why = (
                f"{board.at(a)} and {board.at(b)} are only {k} steps apart through empty "
                f"cells, so {span(seg.lo, seg.hi)} must take a shortest route, and every "
                f"shortest route puts {v} there"
            )
        found.append(Found(v, c, Technique.STRAIGHT_RUN, f"{v} must go at {board.name(c)}: {why}",
                            (pa, pb)))
        if not want_all:
            break
    return found, read
