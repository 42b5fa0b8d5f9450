"""Make `hard/warnsdorff.txt`: clue-minimal boards from paths a simple generator makes.

A common way to make a Hamiltonian path, in puzzle makers and in course work, is a walk
from a random cell that always steps to the free neighbour with the fewest free neighbours
of its own (Warnsdorff's rule; ties at random), started again from a new cell when it is
stuck. Its paths hug the walls and wind inwards in long straight stretches, more like the
spirals of `structured.py` than the well-mixed paths of the corpus (`pathgen.random_path`
mixes its path with thousands of backbite moves). Clue-minimal boards from them keep few
givens (12x12: 13 or so, against the corpus's median of 16), and some take our solver many
guesses to prove unique. Each board is made as the corpus makes its own
(`corpus.make_minimal`, with the path given), followed by one with several solutions made
from it (`corpus.make_multiple`), and says what our solver (two processes) and CP-SAT (two
workers) said when the file was made. Not timed by `make bench`; see today's answers with

    numbrix check benchmarks/hard/warnsdorff.txt --timeout 30

    python benchmarks/warnsdorff.py > benchmarks/hard/warnsdorff.txt   # (about 10 minutes)
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from shapes import minimal_and_multiple, print_boards  # noqa: E402

from numbrix_curses.puzzle import Puzzle, geometry  # noqa: E402

#: (rows, cols, how many boards) in the file's order; board k of a size from seed FIRST_SEED + k
SIZES = [(12, 12, 6), (15, 15, 4), (10, 20, 2)]
FIRST_SEED = 7000
#: the board with several solutions made from the board of seed s comes from seed s + this
DERIVED_OFFSET = 1000

HEADER = """\
# Clue-minimal boards made from Warnsdorff walks (always on to the free neighbour with the
# fewest free neighbours, ties at random), by `benchmarks/warnsdorff.py`, each followed by
# a board with several solutions made from it. Each says what our solver (two processes)
# and CP-SAT (two workers) said, on 2 cores, when the file was made. Time it with
# `numbrix check benchmarks/hard/warnsdorff.txt --timeout 30`.
"""


def warnsdorff_path(rows: int, cols: int, rng: random.Random) -> list[int]:
    """A Hamiltonian path of the rows x cols grid by Warnsdorff's rule (see the module
    docstring): the cell of each number in turn."""
    neighbours = geometry(rows, cols).neighbours
    size = rows * cols
    while True:
        cell = rng.randrange(size)
        path, free = [cell], set(range(size)) - {cell}
        while free:
            onward = [n for n in neighbours[cell] if n in free]
            if not onward:
                break  # (stuck: start again from another cell)
            exits = {n: sum(m in free for m in neighbours[n]) for n in onward}
            fewest = min(exits.values())
            cell = rng.choice([n for n in onward if exits[n] == fewest])
            path.append(cell)
            free.discard(cell)
        if not free:
            return path


def boards(rows: int, cols: int, seed: int,
           limits: corpus.GenLimits) -> list[tuple[Puzzle, dict[str, str]]]:
    """The clue-minimal board of `seed`, and the one with several solutions made from it."""
    path = warnsdorff_path(rows, cols, random.Random(seed))
    return minimal_and_multiple(f"warnsdorff-{rows}x{cols}-{seed}", rows, cols, seed,
                                seed + DERIVED_OFFSET, limits, path)


def main() -> None:
    print_boards(__doc__.splitlines()[0], HEADER, lambda limits: (
        boards(rows, cols, seed, limits)
        for rows, cols, count in SIZES
        for seed in range(FIRST_SEED, FIRST_SEED + count)
    ))


if __name__ == "__main__":
    main()
