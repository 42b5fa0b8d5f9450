"""Shrink a board with no solution to the few givens its contradiction needs.

    python benchmarks/core.py board.txt [ID] [-o core.txt]

A board our solver is slow to prove has no solution (a slip on a printed page, or the board
after a wrong guess that `explain.py --board-after` wrote out) usually holds a contradiction
that needs only some of its givens. This takes the givens away one at a time, largest
number first, keeping a removal only while CP-SAT (the benchmark's peer) still proves the
board has no solution, so what is left is a board where every given is needed: the
smallest picture of what the search fails to see. Then it times our solver (one process)
and CP-SAT on that board. A removal CP-SAT cannot decide within `--seconds` is not kept,
so the core is still a board with no solution, if not always the smallest.

Needs the `bench` extra (OR-tools).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np

from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import solve
from numbrix_curses.textformat import format_compact, read_puzzles

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import peers  # noqa: E402


def shrink(puzzle: Puzzle, has_none: Callable[[Puzzle], bool]) -> Puzzle:
    """`puzzle` (no solution) with every given taken away that `has_none` (an oracle that
    proves a board has no solution: CP-SAT, see `cpsat_has_none`) says it can do without,
    largest number first. Taking givens away only adds solutions, so each given kept is
    needed in the end too."""
    grid = puzzle.givens.copy()
    for row, col in sorted(np.argwhere(grid > 0).tolist(), key=lambda rc: -grid[rc[0], rc[1]]):
        number = grid[row, col]
        grid[row, col] = 0
        if not has_none(Puzzle(grid)):
            grid[row, col] = number
    return Puzzle(grid, {"id": f"{puzzle.id or 'board'}-core"})


def cpsat_has_none(seconds: float) -> Callable[[Puzzle], bool]:
    """Whether CP-SAT proves a board has no solution within `seconds` (not deciding is
    not a proof)."""

    def has_none(board: Puzzle) -> bool:
        status, _ = peers.cpsat(board, limit=2, deadline=time.monotonic() + seconds)
        return status == "none"

    return has_none


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a puzzle file")
    parser.add_argument("id", nargs="?", help="the puzzle's id (default: the first)")
    parser.add_argument("-o", "--output", help="write the core to this file")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="CP-SAT's limit per board tried (default 30)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="our solver's limit on the core (default 60)")
    args = parser.parse_args(argv)
    if not peers.HAVE_CPSAT:
        print("core.py: needs CP-SAT (pip install -e '.[bench]')", file=sys.stderr)
        return 2
    chosen = [p for p in read_puzzles(args.file) if args.id is None or p.id == args.id]
    if not chosen:
        print(f"core.py: no puzzle {args.id!r} in {args.file}", file=sys.stderr)
        return 2
    puzzle = chosen[0]
    status, _ = peers.cpsat(puzzle, limit=2, deadline=time.monotonic() + args.seconds)
    if status != "none":
        print(f"core.py: CP-SAT says {status}, not none: there is no contradiction to shrink",
              file=sys.stderr)
        return 1
    core = shrink(puzzle, cpsat_has_none(args.seconds))
    text = format_compact(core)
    print(text, end="")
    print(f"givens: {int((puzzle.givens > 0).sum())} -> {int((core.givens > 0).sum())}")
    started = time.perf_counter()
    result = solve(core, limit=2, timeout=args.timeout)
    print(f"ours (one process): {result.status.value}, {time.perf_counter() - started:.2f} s, "
          f"{result.stats.nodes} guesses")
    started = time.perf_counter()
    status, _ = peers.cpsat(core, limit=2, deadline=time.monotonic() + args.timeout)
    print(f"CP-SAT: {status}, {time.perf_counter() - started:.2f} s")
    if args.output:
        write_text_atomic(args.output, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
