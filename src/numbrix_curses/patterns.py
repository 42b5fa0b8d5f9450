"""Where a generated puzzle's givens may stand: the patterns and the board shapes they need.

This module owns `Pattern` (random, symmetric, border) and what each pattern means on a
board: the orbits of a symmetry the symmetric pattern removes givens by, the outer ring the
border pattern keeps its givens on, and the clue counts a pattern can never reach there
(said before any work starts).
"""
from __future__ import annotations

from enum import Enum


class Pattern(str, Enum):
    """Where a puzzle's givens may stand."""

    RANDOM = "random"
    SYMMETRIC = "symmetric"  # givens in orbits of a half turn (or a quarter turn on squares)
    BORDER = "border"  # givens on the outer ring only, as far as uniqueness allows


def symmetry_groups(rows: int, cols: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells of the board split into orbits of `symmetry`.

    ``"rotate-180"`` pairs each cell with its image under a half turn; ``"rotate-90"`` (square
    boards only) groups four cells under quarter turns. The centre cell of an odd board is an
    orbit of its own. Orbits are sorted, and listed by their first cell.
    """
    seen: set[int] = set()
    groups = []
    for r in range(rows):
        for c in range(cols):
            cell = r * cols + c
            if cell in seen:
                continue
            if symmetry == "rotate-180":
                images = {(r, c), (rows - 1 - r, cols - 1 - c)}
            elif symmetry == "rotate-90":
                if rows != cols:
                    raise ValueError("a quarter-turn symmetry needs a square board")
                n = rows - 1
                images = {(r, c), (c, n - r), (n - r, n - c), (n - c, r)}
            else:
                raise ValueError(f"unknown symmetry {symmetry!r}")
            orbit = tuple(sorted(rr * cols + cc for rr, cc in images))
            seen.update(orbit)
            groups.append(orbit)
    return groups


def border_cells(rows: int, cols: int) -> set[int]:
    """The cells of the board's outer ring, where the border pattern's givens go."""
    return {
        r * cols + c
        for r in range(rows)
        for c in range(cols)
        if r in (0, rows - 1) or c in (0, cols - 1)
    }


def clues_out_of_reach(rows: int, cols: int, pattern: Pattern, clues: int) -> str | None:
    """Why a puzzle of `pattern` can never have exactly `clues` givens, or None: the border
    pattern's givens lie on the ring; the symmetric pattern's come in pairs or fours on a
    board with no centre cell. (Asked for, such a target was searched for and then
    missed, said only at the end of the run.)"""
    if pattern is Pattern.BORDER and clues > len(border_cells(rows, cols)):
        return (f"the border pattern's givens lie on the ring, and the {rows}x{cols} "
                f"board's ring has {len(border_cells(rows, cols))} cells")
    if pattern is Pattern.SYMMETRIC and rows * cols % 2 == 0 and clues % 2:
        near = f"{clues - 1} or {clues + 1}" if clues > 1 else str(clues + 1)
        return (f"the symmetric pattern's givens come in pairs on the {rows}x{cols} board "
                f"(it has no centre cell): ask for {near}")
    return None
