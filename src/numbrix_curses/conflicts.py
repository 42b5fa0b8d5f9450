"""What is wrong on a board, found without its solution: the conflicts (a number twice, two
numbers too far apart for the steps between them, a number walled in), the ones a check
marks, and the links drawn between consecutive numbers; and, given the solution, the
numbers that differ from it.

Pure functions of a board's numbers (`flat`: its cells in row-major order, 0 blank), its
`Geometry` and the mask of its givens, so `Game` and the screens share one reading.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from numbrix_curses.puzzle import BLANK, Geometry


class ConflictKind(str, enum.Enum):
    DUPLICATE = "duplicate"
    #: n and n+1 are both placed but not next to each other
    BROKEN_LINK = "broken link"
    #: a and b (nothing placed between them) are too far apart, or on the wrong
    #: checkerboard colour, for a path of b - a steps
    UNREACHABLE = "unreachable"
    #: a number without enough free or consecutive neighbours to join the path
    STRANDED = "stranded"


#: the conflicts that name every number they rest on: between two numbers, or one number
#: twice (see `checked_conflicts`)
_CERTAIN_KINDS = frozenset({ConflictKind.DUPLICATE, ConflictKind.BROKEN_LINK,
                            ConflictKind.UNREACHABLE})


@dataclass(frozen=True)
class Conflict:
    kind: ConflictKind
    numbers: tuple[int, ...]
    cells: tuple[int, ...]
    #: (STRANDED) the numbers it needs beside it, not placed, and its free neighbours
    needs: tuple[int, ...] = ()
    free: int = 0


def board_conflicts(flat: np.ndarray, geometry: Geometry, given: np.ndarray) -> list[Conflict]:
    """The conflicts of the numbers `flat` (the board's cells in order) on `geometry`,
    `given` True where the puzzle gives the number."""
    where: dict[int, list[int]] = {}
    for cell in np.flatnonzero(flat):
        where.setdefault(int(flat[cell]), []).append(int(cell))
    found: list[Conflict] = []
    for number in sorted(where):
        if len(where[number]) > 1:
            found.append(Conflict(ConflictKind.DUPLICATE, (number,), tuple(where[number])))
    # A duplicated number has no single place, so distances from it mean nothing.
    unique = [n for n in sorted(where) if len(where[n]) == 1]
    for low, high in zip(unique, unique[1:]):
        (ra, ca), (rb, cb) = geometry.row_col(where[low][0]), geometry.row_col(where[high][0])
        distance = abs(ra - rb) + abs(ca - cb)
        steps = high - low
        if distance <= steps and (steps - distance) % 2 == 0:
            continue
        kind = ConflictKind.BROKEN_LINK if steps == 1 else ConflictKind.UNREACHABLE
        found.append(Conflict(kind, (low, high), (where[low][0], where[high][0])))
    found.extend(_stranded(flat, where, geometry, given))
    return found


def _stranded(flat: np.ndarray, where: dict[int, list[int]], geometry: Geometry,
              given: np.ndarray) -> list[Conflict]:
    """Numbers whose missing neighbours in the path have no free cell left next to them."""
    found = []
    for number, cells in sorted(where.items()):
        if len(cells) != 1:
            continue
        cell = cells[0]
        neighbours = geometry.neighbours[cell]
        free = sum(1 for n in neighbours if flat[n] == BLANK)
        # (a neighbour in the path that is placed: a wrong place is a broken link,
        # reported above)
        needs = tuple(other for other in (number - 1, number + 1)
                      if 1 <= other <= geometry.size and other not in where)
        if free < len(needs):
            # The player's numbers that wall it in are part of the mistake too.
            walls = tuple(
                int(n) for n in neighbours
                if flat[n] != BLANK and abs(int(flat[n]) - number) != 1
                and not given.flat[n]
            )
            found.append(Conflict(ConflictKind.STRANDED, (number,), (cell, *walls),
                                  needs, free))
    return found


def checked_conflicts(flat: np.ndarray, geometry: Geometry,
                      given: np.ndarray) -> list[Conflict]:
    """The conflicts a check marks, those of a number wrong for certain first (then the
    rest of the board's, found as if it were not there): see `Game.check_cells`."""
    conflicts = board_conflicts(flat, geometry, given)
    certain = [k for k in conflicts
               if k.kind in _CERTAIN_KINDS and len(entries_in(k, given)) == 1]
    if not certain:
        return conflicts
    flat = flat.copy()
    flat[sorted({entries_in(k, given)[0] for k in certain})] = BLANK
    return certain + board_conflicts(flat, geometry, given)


def entries_in(conflict: Conflict, given: np.ndarray) -> list[int]:
    """The cells of `conflict` that hold the player's numbers (not givens)."""
    return [c for c in conflict.cells if not bool(given.flat[c])]


def consecutive_links(grid: np.ndarray) -> list[tuple[int, int]]:
    """Pairs of orthogonally adjacent cells holding consecutive numbers (lower first)."""
    grid = np.asarray(grid).astype(np.int32)
    cols = grid.shape[1]
    pairs: list[tuple[int, int]] = []
    filled = grid > 0
    across = (np.abs(grid[:, 1:] - grid[:, :-1]) == 1) & filled[:, 1:] & filled[:, :-1]
    for r, c in zip(*np.nonzero(across)):
        a, b = int(r) * cols + int(c), int(r) * cols + int(c) + 1
        pairs.append((a, b) if grid[r, c] < grid[r, c + 1] else (b, a))
    down = (np.abs(grid[1:, :] - grid[:-1, :]) == 1) & filled[1:, :] & filled[:-1, :]
    for r, c in zip(*np.nonzero(down)):
        a, b = int(r) * cols + int(c), (int(r) + 1) * cols + int(c)
        pairs.append((a, b) if grid[r, c] < grid[r + 1, c] else (b, a))
    return sorted(pairs)


def wrong_entries(grid: np.ndarray, solution: np.ndarray) -> list[int]:
    """Cells holding a number that differs from `solution` (blanks are not wrong)."""
    flat, answer = np.asarray(grid).ravel(), np.asarray(solution).ravel()
    return [int(c) for c in np.flatnonzero((flat != BLANK) & (flat != answer))]
