"""Make `hard/structured.txt`: clue-minimal boards from paths that are not well mixed.

The corpus makes its boards from `random_path`, which mixes the path it grows with thousands
of backbite moves, so its paths wander evenly. A path from another generator need not: a
row-by-row snake, a spiral, either one after a few hundred backbite moves, or the bare
bend/extend path (`random_path(..., mix_moves=0)`) keeps long straight stretches along the
walls, and a clue-minimal board made from it has fewer givens (on 12x12, 8 to 15 with a
median of 11, where the corpus's have 14 to 18 with a median of 16). Such boards come from
puzzle makers other than ours, so the solver meets them. Each board here is made as the
corpus makes its own (`corpus.make_minimal`, with the path given), followed by one with
several solutions made from it (`corpus.make_multiple`), and says what our solver (two
processes) and CP-SAT (two workers) said when the file was made. Not timed by
`make bench`; see today's answers with

    numbrix check benchmarks/hard/structured.txt --timeout 30

    python benchmarks/structured.py > benchmarks/hard/structured.txt   # (about 30 minutes)
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from shapes import minimal_and_multiple, print_boards  # noqa: E402

from numbrix_curses.pathgen import backbite, random_path  # noqa: E402
from numbrix_curses.puzzle import Puzzle  # noqa: E402


def snake(rows: int, cols: int) -> list[int]:
    """Row by row, every other row right to left."""
    return [r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]


def spiral(rows: int, cols: int) -> list[int]:
    """Round the walls clockwise from the top left corner, inwards."""
    top, bottom, left, right = 0, rows - 1, 0, cols - 1
    path: list[int] = []
    while top <= bottom and left <= right:
        path += [top * cols + c for c in range(left, right + 1)]
        path += [r * cols + right for r in range(top + 1, bottom + 1)]
        if top < bottom:
            path += [bottom * cols + c for c in range(right - 1, left - 1, -1)]
        if left < right:
            path += [r * cols + left for r in range(bottom - 1, top, -1)]
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return path


def _mixed(start: Callable[[int, int], list[int]]) -> Callable[[int, int, random.Random], list[int]]:
    """`start`'s path after one backbite move per two cells: bent, yet far from mixed."""
    def make(rows: int, cols: int, rng: random.Random) -> list[int]:
        moved = backbite(rows, cols, start(rows, cols), rows * cols // 2, rng)
        assert moved is not None  # (no deadline given)
        return moved
    return make


#: the path makers, by the name a board's id carries
PATHS: dict[str, Callable[[int, int, random.Random], list[int]]] = {
    "snake": lambda rows, cols, rng: snake(rows, cols),
    "spiral": lambda rows, cols, rng: spiral(rows, cols),
    "snake-bent": _mixed(snake),
    "spiral-bent": _mixed(spiral),
    "bare": lambda rows, cols, rng: list(random_path(rows, cols, rng, mix_moves=0).path),
}
#: (rows, cols, seeds a path maker) of the boards, in the file's order
SIZES = [(9, 9, 3), (12, 12, 4), (10, 16, 2)]
FIRST_SEED = 2000
#: the board with several solutions made from board k comes from seed DERIVED_SEED + k
DERIVED_SEED = 9000

HEADER = """\
# Clue-minimal boards made from paths that are not well mixed (a snake, a spiral, each
# bent by a few backbite moves, the bare bend/extend path), by `benchmarks/structured.py`,
# each followed by a board with several solutions made from it. Each says what our solver
# (two processes) and CP-SAT (two workers) said, on 2 cores, when the file was made. Time
# it with `numbrix check benchmarks/hard/structured.txt --timeout 30`.
"""


def boards(kind: str, rows: int, cols: int, seed: int,
           limits: corpus.GenLimits) -> list[tuple[Puzzle, dict[str, str]]]:
    """The clue-minimal board of `kind` and `seed`, and the one with several solutions."""
    path = PATHS[kind](rows, cols, random.Random(seed))
    return minimal_and_multiple(
        f"{kind}-{rows}x{cols}-{seed}", rows, cols, seed, DERIVED_SEED + seed, limits, path
    )


def main() -> None:
    print_boards(__doc__.splitlines()[0], HEADER, lambda limits: (
        boards(kind, rows, cols, seed, limits)
        for rows, cols, count in SIZES
        for kind in PATHS
        for seed in range(FIRST_SEED, FIRST_SEED + count)
    ))


if __name__ == "__main__":
    main()
