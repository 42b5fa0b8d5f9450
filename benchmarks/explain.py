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

On a board with very many solutions (a sparse one: the listing stops at 50 of millions) the
marks above say little, as most guesses agree with a solution not listed. `--oracle` marks
the first guesses instead by whether the board can still be completed, as CP-SAT (the
benchmark's peer) says of the board before and after each guess: the same letters, and `?`
where CP-SAT ran out of time. `--board-after K FILE` writes the board after guess K (from
0) as a puzzle file, its placed numbers given, for `benchmarks/core.py` or a solver to
work on alone:

    python benchmarks/explain.py benchmarks/hard/printed-slow.txt printed-12x12-680155701510 \
        --oracle --board-after 1 /tmp/after.txt

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
from pathlib import Path
from typing import Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import EventKind, SearchEvent, Status, solve
from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.textformat import format_compact, read_puzzles

HERE = Path(__file__).resolve().parent


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


@dataclass
class Boards:
    """The board before and after each of a search's first `most` guesses, as flat grids
    of the numbers placed (givens, deductions and guesses), for `--oracle`."""

    size: int
    most: int
    pos: dict[int, int] = field(default_factory=dict)
    pairs: list[tuple[np.ndarray, np.ndarray]] = field(default_factory=list)

    def __call__(self, event: SearchEvent) -> None:
        if event.kind is EventKind.SOLUTION:
            return
        if event.kind is EventKind.REMOVE:
            self.pos.pop(event.number, None)
            return
        if event.guess and len(self.pairs) < self.most:
            before = np.zeros(self.size, dtype=np.int64)
            before[list(self.pos.values())] = list(self.pos.keys())
            after = before.copy()
            after[event.cell] = event.number
            self.pairs.append((before, after))
        self.pos[event.number] = event.cell


def explain(
    puzzle: Puzzle, most: int, timeout: float, boards: Boards | None = None
) -> tuple[Trace, str, int]:
    """The trace of `puzzle`'s one-process search, the verdict, and how many solutions were
    listed to mark it against (all of them when fewer than `most`); `boards`, when given,
    records the boards around the guesses of the same search."""
    listing = solve(puzzle, limit=most, timeout=timeout)
    trace = Trace(solution_cells(puzzle, listing.solutions))

    def both(event: SearchEvent) -> None:
        trace(event)
        if boards is not None:
            boards(event)

    result = solve(puzzle, limit=2, timeout=timeout, on_event=both)
    trace.nodes = result.stats.nodes
    return trace, result.status.value, len(listing.solutions)


def cpsat_completes(puzzle: Puzzle, seconds: float) -> Callable[[np.ndarray], bool | None]:
    """Whether CP-SAT can complete a flat grid of `puzzle`'s shape (None: it ran out of
    `seconds`), each grid asked once."""
    sys.path.insert(0, str(HERE))
    import peers

    known: dict[bytes, bool | None] = {}

    def completes(grid: np.ndarray) -> bool | None:
        key = grid.tobytes()
        if key not in known:
            board = Puzzle(grid.reshape(puzzle.rows, puzzle.cols))
            status, _ = peers.cpsat(board, limit=2, deadline=time.monotonic() + seconds)
            known[key] = None if status == "timeout" else status != "none"
        return known[key]

    return completes


def oracle_marks(boards: Boards, completes: Callable[[np.ndarray], bool | None]) -> list[str]:
    """Each recorded guess marked as `Trace` marks it, but by whether `completes` (an
    oracle: CP-SAT, see `cpsat_completes`) can complete the board before and after it
    rather than against listed solutions (`?`: the oracle could not tell)."""
    marks = []
    for before, after in boards.pairs:
        was = completes(before)
        if was is False:
            marks.append("x")  # (then the board after it cannot be completed either)
            continue
        now = completes(after)
        marks.append("?" if was is None or now is None else "A" if now else "b")
    return marks


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
    parser.add_argument("--oracle", action="store_true",
                        help="mark the first guesses by whether CP-SAT can complete the board")
    parser.add_argument("--oracle-guesses", type=int, default=200, metavar="N",
                        help="how many guesses --oracle marks (default 200)")
    parser.add_argument("--board-after", nargs=2, metavar=("K", "FILE"),
                        help="write the board after guess K (from 0) to FILE as a puzzle")
    args = parser.parse_args(argv)
    puzzles = read_puzzles(args.file)
    chosen = [p for p in puzzles if args.id is None or p.id == args.id]
    if not chosen:
        print(f"explain.py: no puzzle {args.id!r} in {args.file}", file=sys.stderr)
        return 2
    puzzle = chosen[0]
    if args.oracle:
        sys.path.insert(0, str(HERE))
        import peers

        if not peers.HAVE_CPSAT:
            print("explain.py: --oracle needs CP-SAT (pip install -e '.[bench]')",
                  file=sys.stderr)
            return 2
    after = int(args.board_after[0]) if args.board_after else -1
    recording = max(args.oracle_guesses if args.oracle else 0, after + 1)
    boards = Boards(puzzle.size, recording) if recording else None
    trace, verdict, listed = explain(puzzle, args.solutions, args.timeout, boards)
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
    if boards is not None and args.oracle:
        marks = oracle_marks(boards, cpsat_completes(puzzle, args.timeout))
        print(f"by CP-SAT, the first {len(marks)} guesses: {runs_text(marks)}")
        if "b" in marks:
            print(f"the first guess the board cannot follow: {marks.index('b')}")
    if boards is not None and after >= 0:
        if after >= len(boards.pairs):
            print(f"explain.py: the search made {len(boards.pairs)} guesses, no guess {after}",
                  file=sys.stderr)
            return 2
        grid = boards.pairs[after][1].reshape(puzzle.rows, puzzle.cols)
        label = f"{puzzle.id or 'puzzle'}-after-{after}"
        write_text_atomic(args.board_after[1], format_compact(Puzzle(grid, {"id": label})))
        print(f"the board after guess {after} is in {args.board_after[1]} as {label}")
    return 0 if verdict != Status.TIMEOUT.value else 3


if __name__ == "__main__":
    sys.exit(main())
