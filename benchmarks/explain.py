"""Show where a search goes astray: each guess marked by whether a solution still lies below it.

    python benchmarks/explain.py benchmarks/corpus/corpus-v1-10x20.txt 10x20-multiple-01
    python benchmarks/explain.py my-puzzles.txt            # the first puzzle of the file

A slow search is slow in one of two ways: its guesses are right but each costs much (the
probing at every node), or it makes a wrong guess and then spends hundreds of guesses below
it refuting a part of the tree that holds no solution (a heavy tail, which restarts and a
second process are there to cut short). This tells them apart. It first lists the puzzle's
solutions (up to `--solutions`, by the solver itself), then runs the one-process search again
and marks every guess, in order:

    A   the board before the guess agrees with some solution, and so does the guess
    b   the board before the guess agrees with some solution, the guess with none:
        the search is about to enter a part of the tree that holds no solution
    x   the board before the guess agrees with no solution: the search is refuting

so `AAbxxxxxxxxAA` is a wrong guess at the third step that took eight guesses to refute.
Also printed: when the search made its first guess (the end of the probing at the root) and
found each solution. On a board with more solutions than were listed, a guess marked b or x
may agree with one not listed; the listing says so when it stopped at its limit.

The guesses are read from the solver's public event stream (`solve(on_event=...)`), which
costs time and makes the search skip its quick dive, so the seconds are a little more than
a plain solve's; the guesses are the same as those of a plain one-process solve that does
not dive.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import EventKind, SearchEvent, Status, solve
from numbrix_curses.textformat import read_puzzles


@dataclass
class Trace:
    """The marks of a search's guesses against known solutions (see the module docstring)."""

    solutions: np.ndarray  # (solutions, numbers + 1): the cell of each number in each
    marks: list[str] = field(default_factory=list)
    first_guess: float | None = None
    found: list[float] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    nodes: int = 0  # the search's guesses, as it counted them

    def __post_init__(self) -> None:
        count, numbers = self.solutions.shape
        self.pos = np.full(numbers, -1, dtype=np.int64)
        # per solution, how many numbers on the board stand elsewhere in it
        self.wrong = np.zeros(count, dtype=np.int64)

    def __call__(self, event: SearchEvent) -> None:
        if event.kind is EventKind.SOLUTION:
            self.found.append(time.monotonic() - self.started)
            return
        column = self.solutions[:, event.number]
        if event.kind is EventKind.REMOVE:
            self.wrong -= column != self.pos[event.number]
            self.pos[event.number] = -1
            return
        if event.guess:
            if self.first_guess is None:
                self.first_guess = time.monotonic() - self.started
            alive = self.wrong == 0
            if not alive.any():
                self.marks.append("x")
            elif (alive & (column == event.cell)).any():
                self.marks.append("A")
            else:
                self.marks.append("b")
        self.pos[event.number] = event.cell
        self.wrong += column != event.cell


def solution_cells(puzzle: Puzzle, grids: list[np.ndarray]) -> np.ndarray:
    """Each solution as the cell of every number (column 0 unused)."""
    cells = np.full((len(grids), puzzle.size + 1), -1, dtype=np.int64)
    for k, grid in enumerate(grids):
        flat = grid.reshape(-1)
        cells[k, flat] = np.arange(flat.size)
    return cells


def explain(puzzle: Puzzle, most: int, timeout: float) -> tuple[Trace, str, int]:
    """The trace of `puzzle`'s one-process search, the verdict, and how many solutions were
    listed to mark it against (all of them when fewer than `most`)."""
    listing = solve(puzzle, limit=most, timeout=timeout)
    trace = Trace(solution_cells(puzzle, listing.solutions))
    result = solve(puzzle, limit=2, timeout=timeout, on_event=trace)
    trace.nodes = result.stats.nodes
    return trace, result.status.value, len(listing.solutions)


def runs_text(marks: list[str]) -> str:
    """The marks with runs of one mark over ten long shortened: `x*143`."""
    out: list[str] = []
    k = 0
    while k < len(marks):
        end = k
        while end < len(marks) and marks[end] == marks[k]:
            end += 1
        out.append(marks[k] * (end - k) if end - k <= 10 else f"{marks[k]}*{end - k}")
        k = end
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a puzzle file")
    parser.add_argument("id", nargs="?", help="the puzzle's id (default: the first)")
    parser.add_argument("--solutions", type=int, default=50,
                        help="list at most this many solutions to mark against (default 50)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds for the listing and for the search (default 120)")
    args = parser.parse_args(argv)
    puzzles = read_puzzles(args.file)
    chosen = [p for p in puzzles if args.id is None or p.id == args.id]
    if not chosen:
        print(f"explain.py: no puzzle {args.id!r} in {args.file}", file=sys.stderr)
        return 2
    puzzle = chosen[0]
    trace, verdict, listed = explain(puzzle, args.solutions, args.timeout)
    wrong = trace.marks.count("b") + trace.marks.count("x")
    print(f"{puzzle.id or args.file}: {verdict}, {len(trace.marks)} guesses")
    more = " (the listing stopped there: there may be more)" if listed >= args.solutions else ""
    print(f"solutions listed: {listed}{more}")
    if trace.first_guess is not None:
        print(f"first guess after {trace.first_guess:.2f} s")
    if trace.found:
        print("solutions found after " + ", ".join(f"{t:.2f} s" for t in trace.found))
    if trace.marks:
        print(f"guesses: {runs_text(trace.marks)}")
        print(f"{wrong} of {len(trace.marks)} guesses were made where no listed solution lies")
    return 0 if verdict != Status.TIMEOUT.value else 3


if __name__ == "__main__":
    sys.exit(main())
