"""Make `shapes.txt`: clue-minimal boards of shapes the timed corpus lacks, from fixed seeds.

The corpus (`corpus.py`) times squares and three rectangles. These are other shapes, from
4x30 to 20x20, each made as the corpus makes its own boards: a clue-minimal board
(`corpus.make_minimal`), then one with several solutions (`corpus.make_multiple`) and one
with a slip of copying (`corpus.make_none`) made from it. As in the corpus, a given whose
removal neither our solver (2 s) nor CP-SAT (30 s) could decide is kept, and the board says
`minimal: unproved` and how many were kept (`undecided`): on a slower or busier machine a
board can come out with a given more than the file holds. Unless `--no-time` is given, each
board then records what our solver (two processes) and CP-SAT said within `--timeout`
seconds, so that the file shows where things stood when it was made. They are not in the
timed corpus (`make bench` stays under its budget); see today's answers with

    numbrix check benchmarks/shapes.txt --timeout 30

    python benchmarks/shapes.py > benchmarks/shapes.txt    # (about 20 minutes on 2 cores)
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
import peers  # noqa: E402

from numbrix_curses.puzzle import Puzzle  # noqa: E402
from numbrix_curses.solver import solve  # noqa: E402
from numbrix_curses.textformat import format_compact  # noqa: E402

#: (rows, cols) of the boards, in the file's order; board k is made from seed FIRST_SEED + k
SHAPES = [
    (13, 17), (9, 24), (11, 19), (14, 16), (16, 18), (17, 19), (18, 20), (19, 19),
    (20, 20), (20, 20), (20, 20), (6, 30), (12, 24), (15, 20), (4, 30), (10, 30), (5, 23),
]
FIRST_SEED = 501
#: the boards made from board k (several solutions, a slip) come from seed DERIVED_SEED + k
DERIVED_SEED = 7000

HEADER = """\
# Clue-minimal boards of shapes the timed corpus lacks, from 4x30 to 20x20, made by
# `benchmarks/shapes.py` as the corpus makes its minimal boards, each followed by a board
# with several solutions (one more given taken away) and one with a slip of copying (no
# solution) made from it. Each says what our solver (two processes) and CP-SAT (two
# workers) said, on 2 cores, when the file was made. No board here is hard: the file checks
# that nothing about a shape is. Time it with
# `numbrix check benchmarks/shapes.txt --timeout 30`.
"""


def answers(puzzle: Puzzle, timeout: float) -> dict[str, str]:
    """The `# ours:` and `# cp-sat:` lines of `puzzle`: each verdict and its time (CP-SAT
    only where the `bench` extra is installed)."""
    started = time.monotonic()
    ours = solve(puzzle, limit=2, workers=2, timeout=timeout).status.value
    ours_seconds = time.monotonic() - started
    said = {"ours": f"{ours}, {ours_seconds:.2f} s"}
    if not peers.HAVE_CPSAT:
        said["cp-sat"] = "not installed (pip install -e '.[bench]')"
        return said
    started = time.monotonic()
    theirs = peers.cpsat(puzzle, 2, time.monotonic() + timeout)[0]
    said["cp-sat"] = f"{theirs}, {time.monotonic() - started:.2f} s"
    return said


def minimal_and_multiple(
    name: str, rows: int, cols: int, seed: int, derived_seed: int, limits: corpus.GenLimits,
    path: list[int] | None = None,
) -> list[tuple[Puzzle, dict[str, str]]]:
    """The clue-minimal board `name` of `seed` (from `path`, or the seed's random path),
    then the one with several solutions made from it with `derived_seed`, each with its
    metadata (as this script, `structured.py` and `heldout.py` list them)."""
    minimal, _, notes = corpus.make_minimal(rows, cols, seed, limits, path)
    made = [(minimal, {"id": name, **{k: notes[k] for k in ("minimal", "undecided")}})]
    multiple = corpus.make_multiple(minimal, derived_seed, limits)
    if multiple is not None:
        made.append((multiple, {"id": f"{name}-multiple", "from": name}))
    return made


def boards(index: int, limits: corpus.GenLimits) -> list[tuple[Puzzle, dict[str, str]]]:
    """Board `index` of the set and the two made from it, each with its metadata."""
    rows, cols = SHAPES[index]
    seed = FIRST_SEED + index
    name = f"rect-{rows}x{cols}-{seed}"
    made = minimal_and_multiple(name, rows, cols, seed, DERIVED_SEED + index, limits)
    minimal = made[0][0]
    # (never so far: a minimal board always lost a given or had a slip)
    if len(made) < 2:
        print(f"shapes: {name}: no multiple board made", file=sys.stderr)
    none = corpus.make_none(minimal, DERIVED_SEED + index, limits)
    if none is None:
        print(f"shapes: {name}: no none board made", file=sys.stderr)
    else:
        made.append((none, {"id": f"{name}-none", "from": name}))
    return made


Made = Iterator[list[tuple[Puzzle, dict[str, str]]]]


def print_boards(description: str, header: str, made: Callable[[corpus.GenLimits], Made]) -> None:
    """The command line of a script that prints boards (`--no-time`, `--timeout`): `header`,
    then every board `made` gives, with what each solver says unless told not to."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--no-time", action="store_true",
                        help="leave out what our solver and CP-SAT say (quicker)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds each solver gets per board (default 60)")
    args = parser.parse_args()
    print(header, flush=True)
    for group in made(corpus.GenLimits()):
        for board, metadata in group:
            if not args.no_time:
                metadata.update(answers(board, args.timeout))
            print(format_compact(board, None, metadata=metadata), flush=True)


def main() -> None:
    print_boards(__doc__.splitlines()[0], HEADER,
                 lambda limits: (boards(index, limits) for index in range(len(SHAPES))))


if __name__ == "__main__":
    main()
