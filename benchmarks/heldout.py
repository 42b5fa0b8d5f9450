"""Make `hard/heldout.txt`: clue-minimal 20x20 and 15x20 boards the solver was not tuned on.

The solver's constants were chosen by timing the corpus's boards (`make bench`), and a
choice that suits sixteen 20x20 boards may suit only those sixteen. These boards are made
exactly as the corpus makes its own (`corpus.make_minimal` on a `random_path`, then
`corpus.make_multiple`), from seeds the corpus does not use: twelve of 20x20, and eight of
15x20, a shape the corpus lacks. Before a change tuned on the corpus is kept, it should do
no worse here. Each board says what our solver (two processes) and CP-SAT (two workers)
said when the file was made. Not timed by `make bench`; see today's answers with

    numbrix check benchmarks/hard/heldout.txt --timeout 60

    python benchmarks/heldout.py > benchmarks/hard/heldout.txt   # (about 30 minutes)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from shapes import minimal_and_multiple, print_boards  # noqa: E402

from numbrix_curses.puzzle import Puzzle  # noqa: E402

#: (rows, cols, first seed, boards), in the file's order
SIZES = [(20, 20, 9101, 12), (15, 20, 9201, 8)]
#: the board with several solutions made from the board of seed s comes from seed s + this
DERIVED_SEED = 100_000

HEADER = """\
# Clue-minimal boards made as the benchmark corpus makes its own, from seeds it does not
# use, by `benchmarks/heldout.py`, each followed by a board with several solutions made
# from it: a check, on boards the solver was not tuned on, for a change tuned on the
# corpus. Each says what our solver (two processes) and CP-SAT (two workers) said, on 2
# cores, when the file was made. Time it with
# `numbrix check benchmarks/hard/heldout.txt --timeout 60`.
"""


def boards(rows: int, cols: int, seed: int,
           limits: corpus.GenLimits) -> list[tuple[Puzzle, dict[str, str]]]:
    """The clue-minimal board of `seed`, and the one with several solutions made from it."""
    return minimal_and_multiple(
        f"heldout-{rows}x{cols}-{seed}", rows, cols, seed, DERIVED_SEED + seed, limits
    )


def main() -> None:
    print_boards(__doc__.splitlines()[0], HEADER, lambda limits: (
        boards(rows, cols, seed, limits)
        for rows, cols, first, count in SIZES
        for seed in range(first, first + count)
    ))


if __name__ == "__main__":
    main()
