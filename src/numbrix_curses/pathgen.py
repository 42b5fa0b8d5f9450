"""Random Hamiltonian paths over an R x C board, grown by bending and extending.

This module owns the path generator the puzzle generator starts from. The method is the
project's "bend and extend" search:

* start with a one-step path (a random cell and a random neighbour);
* repeatedly apply one of the modifications open to the current path: extend the start or
  the end into an empty neighbour, or *bend* a path edge ``a -> b`` through two empty cells
  ``e1, e2`` that make a 2x2 square with it (``a -> e1 -> e2 -> b``; the edge may touch an
  end of the path);
* reject a state as soon as it provably cannot be completed, and undo on failure: a
  depth-first search over every modification, kept on an explicit stack so a 30x30 board
  (up to 900 levels) never nears Python's recursion limit;
* give each attempt a budget counted in search steps, not seconds, and restart from scratch
  with fresh numbers from the same random generator when it runs out. Counting steps keeps
  a seed's path the same on a fast or a slow machine; a wall-clock deadline over the whole
  call exists only as a last-resort guard and raises `PathTimeout`.

Move order. Every modification is tried, most constrained first: moves are grouped by how
few empty neighbours the cells they fill have (a cell with one empty neighbour left is
urgent, an open cell can wait), and within a group the order is random. Filling the tight
spots first is what keeps the search nearly free of backtracking on 30x30 boards; a plain
uniform order leaves thin corridors along the walls that only surface as dead ends hundreds
of levels later. The price is texture: most-constrained growth likes to lay the path in
combs. So the finished path is then shuffled by "backbite" moves, the classic Markov chain
on Hamiltonian paths (join an end to one of its grid neighbours, cut the cycle this closes),
which keeps it a Hamiltonian path and takes the combs out; `mix_moves=0` skips it.

Why the rejection rules are sound. Occupied cells never become empty again and a new path
edge always involves a newly occupied cell, so for every connected region of empty cells:

* an end can only ever enter a region it touches now, and once inside never leaves it, so
  each end finishes inside at most one region;
* a region no end enters is filled by bends alone, each filling two neighbouring cells (one
  of each checkerboard colour), so it must split into dominoes, and the first bend into it
  must use a path edge that exists now (the region's border cells are all occupied
  already), so some bend into it must be open now;
* a region an end enters gains the end's run of extensions (alternating colours, starting
  with the colour opposite the end's) plus balanced bends, which fixes its colour surplus;
* an empty cell with one empty neighbour can only be filled together with it by a bend, or
  last of all by an end; if no bend can ever reach that pair, the cell must be an end.

A state is rejected only when no way of sharing the two ends out among the regions meets
all of that, so the search never throws away a completable state. The state lives in
Python ints used as bitboards (empty cells, path edges), which makes the region analysis and
the listing of every open bend a few dozen big-integer operations.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from numbrix_curses.puzzle import geometry

__all__ = [
    "PathResult",
    "PathTimeout",
    "backbite",
    "default_attempt_nodes",
    "default_mix_moves",
    "is_hamiltonian_path",
    "path_shape_stats",
    "random_path",
]

#: Move kinds. A bend is named by the direction its two new cells lie from the edge it
#: rewires, and carries the lower-numbered cell of that edge; an extension carries the
#: cell it fills.
_BEND_UP, _BEND_DOWN, _BEND_LEFT, _BEND_RIGHT, _EXTEND_START, _EXTEND_END = range(6)

#: Urgency of filling an empty cell by its number of empty neighbours (lower goes first):
#: cells with one way out or none cannot wait, open cells can.
_WEIGHT_BY_DEGREE = (0, 0, 2, 3, 4)

#: How often (in search steps or backbite moves) the wall-clock deadline is looked at.
_CLOCK_EVERY = 256


class PathTimeout(RuntimeError):
    """No path was found before the overall deadline (a guard that should never fire)."""


@dataclass(frozen=True)
class PathResult:
    """A Hamiltonian path plus what it cost to find.

    `path` lists the cells (row-major numbers, ``row * cols + col``) in path order, the
    cell holding 1 first. `restarts` counts attempts abandoned for running over their step
    budget; `nodes` counts search steps (modifications tried) over all attempts;
    `mix_moves` the backbite moves applied afterwards.
    """

    rows: int
    cols: int
    path: tuple[int, ...]
    restarts: int
    nodes: int
    mix_moves: int
    seconds: float


def default_attempt_nodes(rows: int, cols: int) -> int:
    """Search steps one attempt may take before it restarts.

    An attempt that succeeds takes about one step per two cells (bends fill two cells) and
    seldom more than 0.7 steps per cell; one that is stuck behind a dead end far up the
    stack takes thousands. Twice the usual need keeps the successes and cuts the stuck
    ones off early, where a fresh start is much cheaper.
    """
    return 100 + rows * cols


def default_mix_moves(rows: int, cols: int) -> int:
    """Backbite moves applied to a grown path: enough to take out its combs."""
    return 8 * rows * cols


def random_path(
    rows: int,
    cols: int,
    rng: random.Random | int | None = None,
    *,
    attempt_nodes: int | None = None,
    mix_moves: int | None = None,
    deadline_seconds: float = 20.0,
    clock: Callable[[], float] = time.monotonic,
) -> PathResult:
    """A random Hamiltonian path over an R x C board (1 <= R, C <= 30).

    `rng` is a `random.Random` (used and advanced), a seed, or None for fresh entropy; the
    same seed always gives the same path. `attempt_nodes` caps the search steps of one
    attempt (default `default_attempt_nodes`); `mix_moves` is the number of backbite moves
    applied to the grown path (default `default_mix_moves`, 0 for the bare bend/extend
    path). `deadline_seconds` bounds the whole call by the wall clock read from `clock`;
    going past it raises `PathTimeout`.
    """
    geometry(rows, cols)  # validates the shape
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    budget = default_attempt_nodes(rows, cols) if attempt_nodes is None else attempt_nodes
    mixing = default_mix_moves(rows, cols) if mix_moves is None else mix_moves
    if budget < 1:
        raise ValueError("attempt_nodes must be at least 1")
    if mixing < 0:
        raise ValueError("mix_moves must not be negative")
    started = clock()
    deadline = started + deadline_seconds
    if rows * cols == 1:
        return PathResult(rows, cols, (0,), 0, 0, 0, clock() - started)
    search = _Search(rows, cols)
    restarts = 0
    nodes = 0
    while True:
        if clock() > deadline:
            raise _timeout(rows, cols, deadline_seconds, restarts)
        path, used = search.attempt(rng, budget, clock, deadline)
        if used < 0:  # the attempt saw the deadline pass
            raise _timeout(rows, cols, deadline_seconds, restarts)
        nodes += used
        if path is not None:
            break
        restarts += 1
    if mixing:
        path = backbite(rows, cols, path, mixing, rng, clock=clock, deadline=deadline)
        if path is None:
            raise _timeout(rows, cols, deadline_seconds, restarts)
    return PathResult(rows, cols, tuple(path), restarts, nodes, mixing, clock() - started)


def _timeout(rows: int, cols: int, seconds: float, restarts: int) -> PathTimeout:
    return PathTimeout(
        f"no {rows}x{cols} path found within the {seconds:g} s deadline "
        f"({restarts} restarts)"
    )


def backbite(
    rows: int,
    cols: int,
    path: Sequence[int],
    moves: int,
    rng: random.Random,
    *,
    clock: Callable[[], float] = time.monotonic,
    deadline: float | None = None,
) -> list[int] | None:
    """`path` after `moves` random backbite moves (None if `deadline` passed meanwhile).

    A move picks an end and one of its grid neighbours x at random; unless x already
    follows the end on the path, the end is joined to x and the path edge from x back
    towards the end is cut, which reverses the stretch between them. Each move keeps a
    Hamiltonian path, and the chain can reach every Hamiltonian path of the board.
    """
    neighbours = geometry(rows, cols).neighbours
    p = list(path)
    if len(p) < 3:
        return p
    rand = rng.random
    for done in range(moves):
        if deadline is not None and done % _CLOCK_EVERY == 0 and clock() > deadline:
            return None
        if rand() < 0.5:
            options = neighbours[p[0]]
            x = options[int(rand() * len(options))]
            if x != p[1]:
                k = p.index(x)  # a C-speed scan beats keeping positions up to date
                p[:k] = p[k - 1::-1]
        else:
            options = neighbours[p[-1]]
            x = options[int(rand() * len(options))]
            if x != p[-2]:
                k = p.index(x)
                p[k + 1:] = p[:k:-1]
    return p


class _Search:
    """Board constants for one shape and the depth-first bend/extend search over it."""

    def __init__(self, rows: int, cols: int) -> None:
        geo = geometry(rows, cols)
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.neighbours = geo.neighbours
        self.colour = geo.colour
        self.odd_mask = geo.odd_mask
        self.full_mask = geo.full_mask
        self.not_first_col = geo.not_first_col
        self.not_last_col = geo.not_last_col
        # col_ok[dc]: cells whose column moved by dc stays on the board
        self.col_ok = {
            dc: sum(
                1 << (r * cols + c)
                for r in range(rows)
                for c in range(cols)
                if 0 <= c + dc < cols
            )
            for dc in range(-2, 3)
        }
        self.neighbour_mask = geo.neighbour_masks
        # search state, set by attempt(): the path as a successor table and its ends,
        # the empty cells and the path edges as bitboards (an edge sits on its lower cell)
        self.nxt: list[int] = []
        self.start = self.end = 0
        self.empty = self.h_edges = self.v_edges = 0

    # -- one attempt -------------------------------------------------------------------

    def attempt(
        self,
        rng: random.Random,
        budget: int,
        clock: Callable[[], float],
        deadline: float,
    ) -> tuple[list[int] | None, int]:
        """One depth-first search from a fresh one-step path.

        Returns (path, steps) on success, (None, steps) when the budget ran out or the
        start proved hopeless, and (None, -1) when the wall-clock deadline passed.
        """
        size = self.size
        rand = rng.random
        first = int(rand() * size)
        nbrs = self.neighbours[first]
        second = nbrs[int(rand() * len(nbrs))]
        self.nxt = [-1] * size
        self.nxt[first] = second
        self.start = first
        self.end = second
        self.empty = self.full_mask ^ (1 << first) ^ (1 << second)
        self.h_edges = self.v_edges = 0
        self._toggle_edge(first, second)
        if not self.empty:
            return self.walk(), 0
        groups = self.open_moves()
        if groups is None:  # e.g. a 1x3 board started at its two left cells
            return None, 0
        # a frame per search level: [move groups best first, next group, moves of the
        # current group, how many of them were tried, the move that led to this level]
        stack: list[list] = [[groups, 0, [], 0, -1]]
        steps = 0
        while stack:
            frame = stack[-1]
            moves, tried = frame[2], frame[3]
            if tried == len(moves):
                if frame[1] < len(frame[0]):
                    frame[2] = self._materialise(frame[0][frame[1]])
                    frame[1] += 1
                    frame[3] = 0
                    continue
                stack.pop()
                if frame[4] >= 0:
                    self.undo(frame[4])
                continue
            # lazy Fisher-Yates: the next move is drawn uniformly from the group's untried
            pick = tried + int(rand() * (len(moves) - tried))
            move = moves[pick]
            moves[pick] = moves[tried]
            moves[tried] = move
            frame[3] = tried + 1
            steps += 1
            if steps > budget:
                return None, steps
            if steps % _CLOCK_EVERY == 0 and clock() > deadline:
                return None, -1
            self.apply(move)
            if not self.empty:
                return self.walk(), steps
            groups = self.open_moves()
            if groups is None:
                self.undo(move)
            else:
                stack.append([groups, 0, [], 0, move])
        return None, steps  # the whole tree is dead: no path grows from this start

    def walk(self) -> list[int]:
        path = []
        cell = self.start
        nxt = self.nxt
        while cell >= 0:
            path.append(cell)
            cell = nxt[cell]
        return path

    # -- modifications -----------------------------------------------------------------

    def _bend_cells(self, move: int) -> tuple[int, int, int, int, bool]:
        """(a, b, e1, e2, whether a-b is horizontal) for a bend move."""
        kind = move & 7
        a = move >> 3
        cols = self.cols
        if kind == _BEND_UP:
            return a, a + 1, a - cols, a + 1 - cols, True
        if kind == _BEND_DOWN:
            return a, a + 1, a + cols, a + 1 + cols, True
        if kind == _BEND_LEFT:
            return a, a + cols, a - 1, a + cols - 1, False
        return a, a + cols, a + 1, a + cols + 1, False

    def apply(self, move: int) -> None:
        kind = move & 7
        nxt = self.nxt
        if kind == _EXTEND_START:
            cell = move >> 3
            nxt[cell] = self.start
            self._toggle_edge(cell, self.start)
            self.start = cell
            self.empty ^= 1 << cell
            return
        if kind == _EXTEND_END:
            cell = move >> 3
            nxt[self.end] = cell
            self._toggle_edge(cell, self.end)
            self.end = cell
            self.empty ^= 1 << cell
            return
        a, b, e1, e2, horizontal = self._bend_cells(move)
        if nxt[a] == b:
            nxt[a] = e1
            nxt[e1] = e2
            nxt[e2] = b
        else:  # the path runs b -> a
            nxt[b] = e2
            nxt[e2] = e1
            nxt[e1] = a
        self._rewire_edges(a, b, e1, e2, horizontal)
        self.empty ^= (1 << e1) | (1 << e2)

    def undo(self, move: int) -> None:
        kind = move & 7
        nxt = self.nxt
        if kind == _EXTEND_START:
            cell = self.start
            self.start = nxt[cell]
            nxt[cell] = -1
            self._toggle_edge(cell, self.start)
            self.empty ^= 1 << cell
            return
        if kind == _EXTEND_END:
            cell = self.end
            # the end's predecessor is the cell whose successor it is: a neighbour
            for prev in self.neighbours[cell]:
                if nxt[prev] == cell:
                    break
            nxt[prev] = -1
            self._toggle_edge(cell, prev)
            self.end = prev
            self.empty ^= 1 << cell
            return
        a, b, e1, e2, horizontal = self._bend_cells(move)
        if nxt[a] == e1:
            nxt[a] = b
        else:
            nxt[b] = a
        nxt[e1] = -1
        nxt[e2] = -1
        self._rewire_edges(a, b, e1, e2, horizontal)
        self.empty ^= (1 << e1) | (1 << e2)

    def _toggle_edge(self, x: int, y: int) -> None:
        low = x if x < y else y
        if x - y in (1, -1) and self.cols > 1:
            self.h_edges ^= 1 << low
        else:
            self.v_edges ^= 1 << low

    def _rewire_edges(self, a: int, b: int, e1: int, e2: int, horizontal: bool) -> None:
        """Toggle edge a-b against edges a-e1, e1-e2, e2-b (its own inverse)."""
        # a < b and e1 - a == e2 - b, so the two side edges point the same way
        side = (1 << min(a, e1)) | (1 << min(b, e2))
        if horizontal:
            self.h_edges ^= (1 << a) | (1 << min(e1, e2))
            self.v_edges ^= side
        else:
            self.v_edges ^= (1 << a) | (1 << min(e1, e2))
            self.h_edges ^= side

    # -- the moves open to a state, best first ------------------------------------------

    def open_moves(self) -> list[list[tuple[int, int]]] | None:
        """Every modification open to the current state, or None if it cannot complete.

        The moves come as groups of (kind, bitboard of cells) in order of urgency; the
        search draws from a group in random order before going on to the next.
        """
        cols = self.cols
        empty = self.empty
        h = self.h_edges
        v = self.v_edges
        up = h & (empty << cols) & (empty << (cols - 1))
        down = h & (empty >> cols) & (empty >> (cols + 1))
        left = v & (empty << 1) & (empty >> (cols - 1)) & self.not_first_col
        right = v & (empty >> 1) & (empty >> (cols + 1)) & self.not_last_col
        # empty cells some open bend would fill
        bendable = (
            (up >> cols) | (up >> (cols - 1))
            | (down << cols) | (down << (cols + 1))
            | (left >> 1) | (left << (cols - 1))
            | (right << 1) | (right << (cols + 1))
        )
        if not self._regions_ok(bendable):
            return None
        weights = self._weight_masks()
        groups: dict[int, list[tuple[int, int]]] = {}
        # a bend's cells e1, e2 sit at fixed offsets from the edge cell that names it; the
        # bend masks already keep every offset on the board, so plain shifts will do
        for kind, mask, off1, off2 in (
            (_BEND_UP, up, -cols, 1 - cols),
            (_BEND_DOWN, down, cols, cols + 1),
            (_BEND_LEFT, left, -1, cols - 1),
            (_BEND_RIGHT, right, 1, cols + 1),
        ):
            if not mask:
                continue
            by_second = [
                (w, cells >> off2 if off2 > 0 else cells << -off2) for w, cells in weights
            ]
            for w1, cells in weights:
                head = (cells >> off1 if off1 > 0 else cells << -off1) & mask
                if not head:
                    continue
                for w2, tail in by_second:
                    both = head & tail
                    if both:
                        groups.setdefault(w1 + w2, []).append((kind, both))
        for kind, end in ((_EXTEND_START, self.start), (_EXTEND_END, self.end)):
            cells = self.neighbour_mask[end] & empty
            if cells:
                for w, weighted in weights:
                    if cells & weighted:
                        groups.setdefault(2 * w, []).append((kind, cells & weighted))
        return [groups[w] for w in sorted(groups)]

    def _weight_masks(self) -> list[tuple[int, int]]:
        """[(urgency, bitboard)] of the empty cells by their number of empty neighbours."""
        cols = self.cols
        empty = self.empty
        n_up = empty << cols
        n_down = empty >> cols
        n_left = (empty << 1) & self.not_first_col
        n_right = (empty >> 1) & self.not_last_col
        # add the four neighbour bits cell by cell, bit-sliced: count = ones + 2*twos + 4*fours
        s1 = n_up ^ n_down
        c1 = n_up & n_down
        s2 = n_left ^ n_right
        c2 = n_left & n_right
        ones = s1 ^ s2
        c3 = s1 & s2
        twos = c1 ^ c2 ^ c3
        fours = c1 & c2
        by_degree = (
            empty & ~ones & ~twos & ~fours,
            empty & ones & ~twos,
            empty & ~ones & twos,
            empty & ones & twos,
            empty & fours,
        )
        merged: dict[int, int] = {}
        for degree, cells in enumerate(by_degree):
            if cells:
                w = _WEIGHT_BY_DEGREE[degree]
                merged[w] = merged.get(w, 0) | cells
        return list(merged.items())

    @staticmethod
    def _materialise(group: list[tuple[int, int]]) -> list[int]:
        """The moves of one group as ints (cell << 3 | kind)."""
        moves = []
        for kind, mask in group:
            while mask:
                low = mask & -mask
                moves.append(((low.bit_length() - 1) << 3) | kind)
                mask ^= low
        return moves

    # -- feasibility -------------------------------------------------------------------

    def _leaves(self, cells: int, skip: int = 0) -> tuple[int, int, int, int, int] | None:
        """Cells of `cells` with exactly one neighbour in `cells` (leaves), split by the
        direction of that neighbour, plus the cells with none; None when two leaves share
        their one neighbour (both cannot pair with it). Leaves in `skip` are left out."""
        cols = self.cols
        n_up = cells << cols
        n_down = cells >> cols
        n_left = (cells << 1) & self.not_first_col
        n_right = (cells >> 1) & self.not_last_col
        pair_ud = n_up ^ n_down
        pair_lr = n_left ^ n_right
        several = (n_up & n_down) | (n_left & n_right) | (pair_ud & pair_lr)
        alone = cells & ~(n_up | n_down | n_left | n_right)
        leaves = cells & (pair_ud ^ pair_lr) & ~several & ~skip
        if not leaves:
            return 0, 0, 0, 0, alone
        to_up = leaves & n_up
        to_down = leaves & n_down
        to_left = leaves & n_left
        to_right = leaves & n_right
        t_up = to_up >> cols
        t_down = to_down << cols
        t_left = to_left >> 1
        t_right = to_right << 1
        if (t_up & (t_down | t_left | t_right)) or (t_down & (t_left | t_right)) or (
            t_left & t_right
        ):
            return None
        return to_up, to_down, to_left, to_right, alone

    def _at(self, mask: int, dr: int, dc: int) -> int:
        """Cells whose neighbour at offset (dr, dc) lies in `mask` (and on the board)."""
        offset = dr * self.cols + dc
        moved = mask >> offset if offset >= 0 else mask << -offset
        return moved & self.col_ok[dc] & self.full_mask

    def _pairs_bendable(self, to_up: int, to_down: int, to_left: int, to_right: int) -> int:
        """Leaves whose pair (leaf, its one neighbour) could still be filled by a bend.

        The bend needs a path edge p-q alongside the pair. If p and q are both occupied,
        the edge is there now or never (edges between occupied cells only disappear). If
        just one of them, say q, is empty, the edge can only come from the bend that
        fills q, which rewires p's edge to the cell p2 beyond it and fills q2 beyond q:
        so q2 must be empty and p-p2 an edge now (or p2 still empty). Two empty cells
        are given the benefit of the doubt.
        """
        at = self._at
        empty = self.empty
        ok = 0
        for leaves, dr, dc in ((to_up, -1, 0), (to_down, 1, 0), (to_left, 0, -1),
                               (to_right, 0, 1)):
            if not leaves:
                continue
            along, across = (self.v_edges, self.h_edges) if dr else (self.h_edges, self.v_edges)
            for sr, sc in ((dc, dr), (-dc, -dr)):
                p_empty = at(empty, sr, sc)
                q_empty = at(empty, sr + dr, sc + dc)
                # each edge sits on the lower-numbered of its two cells
                if dr + dc > 0:
                    edge_pq = at(along, sr, sc)
                else:
                    edge_pq = at(along, sr + dr, sc + dc)
                if sr + sc > 0:
                    edge_pp2 = at(across, sr, sc)
                    edge_qq2 = at(across, sr + dr, sc + dc)
                else:
                    edge_pp2 = at(across, 2 * sr, 2 * sc)
                    edge_qq2 = at(across, 2 * sr + dr, 2 * sc + dc)
                p2_empty = at(empty, 2 * sr, 2 * sc)
                q2_empty = at(empty, 2 * sr + dr, 2 * sc + dc)
                side = (
                    (edge_pq & ~p_empty & ~q_empty)
                    | (p_empty & q_empty)
                    | (q_empty & ~p_empty & q2_empty & (edge_pp2 | p2_empty))
                    | (p_empty & ~q_empty & p2_empty & (edge_qq2 | q2_empty))
                )
                ok |= leaves & side
        return ok

    def _forced_ends(self) -> int | None:
        """Empty cells that can only ever be filled as the last cell of an end, or None
        when that is true of too many at once.

        A *leaf* (an empty cell with one empty neighbour m, next to no end) can be filled
        only by a bend pairing it with m, or by an end that walks in through m and stops.
        Leaves whose pair no bend can fill are forced ends.
        """
        near_ends = self.neighbour_mask[self.start] | self.neighbour_mask[self.end]
        split = self._leaves(self.empty, near_ends)
        if split is None:
            return None
        to_up, to_down, to_left, to_right, _ = split
        leaves = to_up | to_down | to_left | to_right
        if not leaves:
            return 0
        return leaves & ~self._pairs_bendable(to_up, to_down, to_left, to_right)

    def _regions_ok(self, bendable: int) -> bool:
        """Whether the ends can be shared out so every empty region can still be filled."""
        forced = self._forced_ends()
        if forced is None:
            return False
        empty = self.empty
        cols = self.cols
        not_first = self.not_first_col
        not_last = self.not_last_col
        odd_mask = self.odd_mask
        colour = self.colour
        start, end = self.start, self.end
        near_start = self.neighbour_mask[start] & empty
        near_end = self.neighbour_mask[end] & empty
        # colour surplus of a region counted as (cells of colour 1) - (cells of colour 0),
        # and an end's sign as +1 for colour 0, -1 for colour 1: a run of extensions out of
        # an end adds 0 or 1 to surplus * sign (1 exactly when the run's last cell has the
        # other colour than the end)
        start_sign = 1 - 2 * colour[start]
        end_sign = 1 - 2 * colour[end]
        needy: list[tuple[bool, bool]] = []
        closed = 0  # regions only bends can fill
        rest = empty
        while rest:
            region = rest & -rest
            while True:  # flood fill through empty cells
                grown = (
                    region
                    | ((region & not_last) << 1)
                    | ((region & not_first) >> 1)
                    | (region << cols)
                    | (region >> cols)
                ) & empty
                if grown == region:
                    break
                region = grown
            rest ^= region
            surplus = 2 * (region & odd_mask).bit_count() - region.bit_count()
            terminals = region & forced
            touches_start = region & near_start
            touches_end = region & near_end
            if not terminals and surplus == 0 and region & bendable:
                # bends alone may fill it (any end touching it may also enter it)
                if not (touches_start or touches_end):
                    closed |= region
                continue
            if not (touches_start or touches_end):
                return False
            count = terminals.bit_count()
            if count > 2:
                return False
            if count == 1:
                last = colour[terminals.bit_length() - 1]
                by_start = touches_start and surplus * start_sign == (last != colour[start])
                by_end = touches_end and surplus * end_sign == (last != colour[end])
            else:
                by_start = count == 0 and touches_start and surplus * start_sign in (0, 1)
                by_end = count == 0 and touches_end and surplus * end_sign in (0, 1)
            # both ends finishing inside: their runs' surpluses add up
            by_both = (
                touches_start
                and touches_end
                and surplus * start_sign in _BOTH[start_sign == end_sign]
            )
            if by_both and not (by_start or by_end):
                # this region takes both ends, so it must be the only one that needs any
                if needy:
                    return False
                needy.append((True, True))
                needy.append((True, True))  # claims the second end as well
                continue
            if not (by_start or by_end):
                return False
            needy.append((bool(by_start), bool(by_end)))
            if len(needy) > 2:
                return False
        if len(needy) == 2:
            (s0, e0), (s1, e1) = needy
            if not ((s0 and e1) or (e0 and s1)):
                return False
        return not closed or self._dominoes_ok(closed)

    def _dominoes_ok(self, cells: int) -> bool:
        """False when the regions `cells` (which no end can reach) surely cannot be filled.

        Bends fill such a region two neighbouring cells at a time, so it must split into
        dominoes, each filled by a bend. A cell with a single free neighbour must pair
        with it; peeling such forced pairs off (all at once, bit-parallel) settles thin and
        tree-like regions exactly, checks each forced pair still has a way to be bent in,
        and leaves wide regions to the search.
        """
        while cells:
            split = self._leaves(cells)
            if split is None:
                return False
            to_up, to_down, to_left, to_right, alone = split
            if alone:
                return False
            leaves = to_up | to_down | to_left | to_right
            if not leaves:
                return True
            if leaves & ~self._pairs_bendable(to_up, to_down, to_left, to_right):
                return False
            cols = self.cols
            cells &= ~(leaves | (to_up >> cols) | (to_down << cols) | (to_left >> 1)
                       | (to_right << 1))
        return True


#: surplus (in the start end's sign) a region may have when both ends finish inside it:
#: same-coloured ends add two runs of surplus 0..1 each; opposite colours cancel to -1..1
_BOTH = {True: (0, 1, 2), False: (-1, 0, 1)}


# -- checks and statistics ---------------------------------------------------------------


def is_hamiltonian_path(rows: int, cols: int, path: Sequence[int]) -> bool:
    """Whether `path` visits every cell of the board once, each step to a neighbour."""
    geo = geometry(rows, cols)
    if len(path) != rows * cols or sorted(path) != list(range(rows * cols)):
        return False
    return all(geo.adjacent(a, b) for a, b in zip(path, path[1:]))


def path_shape_stats(path: Sequence[int], cols: int) -> dict[str, float]:
    """How wiggly a path is, for telling varied paths from serpentines.

    * ``turn_share``: share of interior cells where the path turns;
    * ``long_run_share``: share of path steps lying in straight runs longer than 4 steps;
    * ``longest_run``: the longest straight run, in steps;
    * ``mean_run``: mean straight-run length in steps.

    A 9x9 serpentine has turn share 16/79 (0.20) and long-run share 72/80 (0.9).
    """
    steps = [b - a for a, b in zip(path, path[1:])]
    if not steps:
        return {"turn_share": 0.0, "long_run_share": 0.0, "longest_run": 0.0, "mean_run": 0.0}
    runs = [1]
    for prev, step in zip(steps, steps[1:]):
        if step == prev:
            runs[-1] += 1
        else:
            runs.append(1)
    interior = len(steps) - 1
    turns = len(runs) - 1
    return {
        "turn_share": turns / interior if interior else 0.0,
        "long_run_share": sum(r for r in runs if r > 4) / len(steps),
        "longest_run": float(max(runs)),
        "mean_run": len(steps) / len(runs),
    }
