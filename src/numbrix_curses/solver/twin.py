"""A second solution next to a first: local rewirings of a Hamiltonian path that keep every
given where it is."""
from __future__ import annotations

from numbrix_curses.puzzle import Geometry


def twin_path(path: list[int], fixed: list[bool], geo: Geometry) -> list[int] | None:
    """Another Hamiltonian path keeping every fixed position, or None if no local move finds one.

    `fixed[k]` is True when number k+1 is given. Two rewirings keep a path a path: where
    p[i] touches p[j] and p[i+1] touches p[j+1], reversing p[i+1..j] swaps two parallel
    links of a 2x2 square; where an end touches p[k], reversing the stretch beyond k moves
    that end (a backbite). Either renumbers only the reversed stretch, so it must hold no
    given.
    """
    n = len(path)
    index = [0] * len(geo.neighbours)
    for i, cell in enumerate(path):
        index[cell] = i
    clear_before = [0]
    for k in range(n):
        clear_before.append(clear_before[-1] + fixed[k])

    def clear(lo: int, hi: int) -> bool:
        return clear_before[hi + 1] == clear_before[lo]

    neighbours = geo.neighbours
    for i in range(n - 2):
        for cell in neighbours[path[i]]:
            j = index[cell]
            if i + 1 < j < n - 1 and path[j + 1] in neighbours[path[i + 1]] and clear(i + 1, j):
                return path[: i + 1] + path[i + 1 : j + 1][::-1] + path[j + 1 :]
    for cell in neighbours[path[-1]]:
        k = index[cell]
        if k < n - 2 and clear(k + 1, n - 1):
            return path[: k + 1] + path[k + 1 :][::-1]
    for cell in neighbours[path[0]]:
        k = index[cell]
        if k > 1 and clear(0, k - 1):
            return path[:k][::-1] + path[k:]
    return None
