"""Slow, plainly correct solution counters that the solver's verdicts are checked against.

Two counters, written to be obviously right rather than fast, and sharing no code with the
solver:

- `all_paths(rows, cols)` lists every Hamiltonian path of a board (both directions), without
  looking at any givens; `count_matching(puzzle)` then counts the paths that keep the givens.
  Exact for every puzzle of a board small enough to list (up to 5x5 in practice).
- `count_dfs(puzzle, limit, budget)` walks 1, 2, 3, ... through the board honouring the givens,
  pruned only by facts that hold for any path (Manhattan distance and parity to the next
  given, the unvisited cells staying connected, at most one unvisited dead end). It answers
  exactly or gives up (None) after `budget` steps.

Also here: `random_path`, a random Hamiltonian path made by backbite moves from a serpentine,
so tests of the solver do not depend on the project's path generator.
"""
from __future__ import annotations

import functools
import random

import numpy as np

from numbrix_curses.puzzle import Puzzle


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    """Plain neighbour lists, computed here rather than taken from the project's geometry."""
    table = []
    for r in range(rows):
        for c in range(cols):
            nbrs = []
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    nbrs.append(rr * cols + cc)
            table.append(nbrs)
    return table


def _connected(cells: set[int], nbrs: list[list[int]]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        for n in nbrs[cell]:
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def _reached(seed: int, cells: int, nbr_mask: list[int]) -> int:
    """The cells of `cells` (a bitmask) joined to `seed` (one of them, as a bit) through
    neighbours among them; `nbr_mask[c]` is cell c's neighbours as bits."""
    seen = frontier = seed
    while frontier:
        grow = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            grow |= nbr_mask[low.bit_length() - 1]
        frontier = grow & cells & ~seen
        seen |= frontier
    return seen


@functools.lru_cache(maxsize=None)
def all_paths(rows: int, cols: int) -> np.ndarray:
    """Every Hamiltonian path as a filled grid, one per row: shape (paths, rows*cols), int16.

    Entry [p, cell] is the number path p puts on `cell`. The only pruning is that the cells
    not yet visited must stay connected, which any completion needs.
    """
    size = rows * cols
    nbrs = _neighbours(rows, cols)
    nbr_mask = [sum(1 << n for n in ns) for ns in nbrs]
    found: list[list[int]] = []
    path: list[int] = []

    def connected(rest: int) -> bool:
        return _reached(rest & -rest, rest, nbr_mask) == rest

    def walk(cell: int, rest: int) -> None:
        path.append(cell)
        if not rest:
            grid = [0] * size
            for k, c in enumerate(path, start=1):
                grid[c] = k
            found.append(grid)
        elif connected(rest):
            for n in nbrs[cell]:
                if rest >> n & 1:
                    walk(n, rest & ~(1 << n))
        path.pop()

    full = (1 << size) - 1
    for start in range(size):
        walk(start, full & ~(1 << start))
    return np.array(found, dtype=np.int16).reshape(len(found), size)


def matching(puzzle: Puzzle) -> np.ndarray:
    """The rows of `all_paths` that keep every given of `puzzle`."""
    paths = all_paths(puzzle.rows, puzzle.cols)
    flat = puzzle.givens.ravel()
    cells = np.flatnonzero(flat)
    keep = np.all(paths[:, cells] == flat[cells], axis=1)
    return paths[keep]


def count_matching(puzzle: Puzzle) -> int:
    """Exact number of solutions of `puzzle`, by listing all paths of its board."""
    return int(len(matching(puzzle)))


def count_dfs(puzzle: Puzzle, limit: int = 2, budget: int = 200_000) -> int | None:
    """Solutions of `puzzle`, counted up to `limit`, or None if `budget` steps were not enough."""
    rows, cols = puzzle.rows, puzzle.cols
    size = rows * cols
    nbrs = _neighbours(rows, cols)
    flat = [int(v) for v in puzzle.givens.ravel()]
    where = {v: cell for cell, v in enumerate(flat) if v}
    # next_given[v]: the smallest given number >= v, or None
    next_given: list[int | None] = [None] * (size + 2)
    nxt = None
    for v in range(size, 0, -1):
        if v in where:
            nxt = v
        next_given[v] = nxt
    visited = [False] * size
    steps = 0
    count = 0

    class OutOfBudget(Exception):
        pass

    def far(cell: int, v: int) -> bool:
        """True when `cell` holding v cannot reach the next given number in time."""
        g = next_given[v + 1] if v < size else None
        if g is None:
            return False
        target = where[g]
        dist = abs(cell // cols - target // cols) + abs(cell % cols - target % cols)
        return dist > g - v or (g - v - dist) % 2 == 1

    nbr_mask = [sum(1 << n for n in ns) for ns in nbrs]
    full = rest = (1 << size) - 1  # rest: the unvisited cells (kept beside `visited`)
    # the cells not in the last column, and those not in the first
    not_last = sum(1 << c for c in range(size) if c % cols != cols - 1)
    not_first = sum(1 << c for c in range(size) if c % cols)

    def hopeless(head: int) -> bool:
        # (cells as bits: the same two tests as on sets of cells, a few times faster, which
        # is most of the time of the tests that compare the solver with this counter)
        room = rest | 1 << head
        if _reached(1 << head, room, nbr_mask) != room:
            return True  # the unvisited cells and the head are not all connected
        # An unvisited cell needs a cell before it and (unless it ends the path) one after it,
        # both among the unvisited cells and the head: two cells short of that cannot both end it.
        # (each cell's neighbours in `room` from the four sides, as shifted masks)
        a, b = (room & not_last) << 1, (room & not_first) >> 1
        c, d = (room << cols) & full, room >> cols
        two = (a & b) | (c & d) | ((a | b) & (c | d))
        return (rest & ~two).bit_count() > 1

    def walk(cell: int, v: int) -> None:
        nonlocal steps, count, rest
        steps += 1
        if steps > budget:
            raise OutOfBudget
        if v == size:
            count += 1
            return
        if far(cell, v) or hopeless(cell):
            return
        want = where.get(v + 1)
        for n in nbrs[cell]:
            if visited[n]:
                continue
            if want is not None and n != want:
                continue
            if want is None and flat[n]:
                continue  # a cell given another number
            visited[n] = True
            rest ^= 1 << n
            walk(n, v + 1)
            visited[n] = False
            rest ^= 1 << n
            if count >= limit:
                return

    starts = [where[1]] if 1 in where else [c for c in range(size) if not flat[c]]
    try:
        for start in starts:
            if far(start, 1):
                continue
            visited[start] = True
            rest ^= 1 << start
            walk(start, 1)
            visited[start] = False
            rest ^= 1 << start
            if count >= limit:
                break
    except OutOfBudget:
        return None
    return min(count, limit)


def serpentine(rows: int, cols: int) -> list[int]:
    """The boustrophedon path: left to right on even rows, right to left on odd ones."""
    path = []
    for r in range(rows):
        line = range(cols) if r % 2 == 0 else range(cols - 1, -1, -1)
        path.extend(r * cols + c for c in line)
    return path


def random_path(rows: int, cols: int, rng: random.Random, moves: int | None = None) -> list[int]:
    """A random Hamiltonian path (cell sequence) by backbite moves from a serpentine.

    A backbite move joins the path's end to a neighbouring path cell and cuts the loop so
    formed open again; the result is always a Hamiltonian path, and many moves mix well.
    """
    size = rows * cols
    nbrs = _neighbours(rows, cols)
    path = serpentine(rows, cols)
    if rng.random() < 0.5:
        path.reverse()
    if size < 3:
        return path
    for _ in range(moves if moves is not None else 10 * size):
        if rng.random() < 0.5:
            path.reverse()  # work on the other end this time
        n = rng.choice(nbrs[path[-1]])
        k = path.index(n)
        if k == size - 2:
            continue  # already joined to the end
        # The end joins n; the stretch after n is walked backwards so the path stays whole.
        path[k + 1 :] = path[k + 1 :][::-1]
    return path


def is_path(rows: int, cols: int, path: list[int]) -> bool:
    """A cell sequence visits every cell once, each step to an orthogonal neighbour."""
    nbrs = _neighbours(rows, cols)
    if sorted(path) != list(range(rows * cols)):
        return False
    return all(b in nbrs[a] for a, b in zip(path, path[1:]))


def grid_of(rows: int, cols: int, path: list[int]) -> np.ndarray:
    grid = np.zeros(rows * cols, dtype=np.int16)
    for k, cell in enumerate(path, start=1):
        grid[cell] = k
    return grid.reshape(rows, cols)


__all__ = [
    "all_paths",
    "count_dfs",
    "count_matching",
    "grid_of",
    "is_path",
    "matching",
    "random_path",
    "serpentine",
]
