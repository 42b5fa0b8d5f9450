"""Make `hard/open-random.txt`: sparse open boards with several solutions, from fixed seeds.

Open boards (large, few givens, long runs with room to wander) are where the solver's
search is weakest: its first guesses can lead into a part of the tree with no solution
that takes thousands of guesses to refute. These boards measure that, beside the ten
hand-picked ones of `hard/open-sparse.txt`. Each is a random path of 11x19 to 20x20 with
givens kept in one of three styles: 6-12% of the numbers at random (s0), three to five
runs of 6 to 13 consecutive numbers (s1), or 15-30% of the numbers on the border (s2).
They are not in the timed corpus; time them with, for example,

    numbrix check benchmarks/hard/open-random.txt --jobs 1 --timeout 20

    python benchmarks/open_boards.py [--seed 7] [--count 28] > benchmarks/hard/open-random.txt
"""
from __future__ import annotations

import argparse
import random

import numpy as np

from numbrix_curses.pathgen import random_path
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import format_compact

SIZES = [(11, 19), (13, 17), (15, 15), (17, 13), (16, 20), (20, 20), (12, 18)]


def open_board(rng: random.Random, index: int) -> Puzzle:
    """Board `index` of the set: its size and style go round in turn."""
    rows, cols = SIZES[index % len(SIZES)]
    path = random_path(rows, cols, rng.randrange(10**9)).path
    size = rows * cols
    style = index % 3
    if style == 0:
        keep = rng.sample(range(1, size + 1), int(size * rng.uniform(0.06, 0.12)))
    elif style == 1:
        keep = []
        for _ in range(rng.randint(3, 5)):
            start = rng.randrange(1, size)
            keep += range(start, min(size, start + rng.randint(5, 12)) + 1)
    else:
        border = [
            v for v in range(1, size + 1)
            if path[v - 1] // cols in (0, rows - 1) or path[v - 1] % cols in (0, cols - 1)
        ]
        keep = rng.sample(border, int(len(border) * rng.uniform(0.15, 0.3)))
    grid = np.zeros((rows, cols), dtype=np.int64)
    for v in keep:
        grid.flat[path[v - 1]] = v
    return Puzzle(grid, {"id": f"open-{index:02d}-{rows}x{cols}-s{style}"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--count", type=int, default=28)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"# Sparse open boards made by benchmarks/open_boards.py --seed {args.seed}"
          f" --count {args.count}.")
    print()
    print("\n".join(format_compact(open_board(rng, k)) for k in range(args.count)))


if __name__ == "__main__":
    main()
