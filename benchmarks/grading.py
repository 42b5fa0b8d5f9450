"""How long the deduction engine takes to grade a puzzle (target: 9x9 under 50 ms median,
15x15 under 0.5 s median).

Boards: generated puzzles of each difficulty (fixed seeds, the way the app and the library
make them) and, when the solver benchmark has cached its corpus, clue-minimal boards, which
are the hardest the engine meets. Times are wall-clock medians and maxima per class, each
puzzle's time the best of three runs from cold caches.

    python benchmarks/grading.py [--per-class N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from numbrix_curses.deduce import grade, hard
from numbrix_curses.generator import Spec, generate
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import Status, solve
from numbrix_curses.textformat import read_puzzles

CORPUS = Path(__file__).resolve().parent / "corpus"
TARGETS = {9: 0.050, 15: 0.5}


def generated(side: int, count: int) -> list[Puzzle]:
    boards = []
    for k in range(count):
        difficulty = ("easy", "medium", "hard", "fiendish")[k % 4]
        boards.append(generate(Spec(side, side, difficulty=difficulty), seed=1000 + k).puzzle)
    return boards


def minimal(side: int, count: int) -> list[Puzzle]:
    path = CORPUS / f"corpus-v1-{side}x{side}.txt"
    if not path.exists():
        return []
    boards = [p for p in read_puzzles(str(path)) if p.metadata.get("kind") == "minimal"]
    return boards[:count]


#: each puzzle is graded this many times, from cold caches each time, and its fastest
#: time kept, so a moment of load from elsewhere on the machine does not count as the
#: grader's time
REPEATS = 3


def time_grades(boards: list[Puzzle]) -> list[float]:
    seconds = []
    for puzzle in boards:
        result = solve(puzzle)
        if result.status is not Status.UNIQUE:
            continue
        best = float("inf")
        for _ in range(REPEATS):
            hard._routes_cached.cache_clear()  # a user's first grade finds it empty
            start = time.perf_counter()
            grade(puzzle, result.solution)
            best = min(best, time.perf_counter() - start)
        seconds.append(best)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=10)
    args = parser.parse_args(argv)
    print(f"GRADING: seconds per puzzle (deduce.grade), wall clock, best of {REPEATS} runs each")
    print(f"{'class':<22}{'n':>4}{'median':>10}{'max':>10}  target")
    for side in (9, 15):
        for kind, boards in (
            ("generated", generated(side, args.per_class)),
            ("clue-minimal", minimal(side, args.per_class)),
        ):
            seconds = time_grades(boards)
            if not seconds:
                print(f"{f'{side}x{side} {kind}':<22}{0:>4}{'-':>10}{'-':>10}  (no boards cached)")
                continue
            median = statistics.median(seconds)
            target = TARGETS[side]
            verdict = "met" if median < target else "NOT MET"
            print(
                f"{f'{side}x{side} {kind}':<22}{len(seconds):>4}{median:>9.3f}s{max(seconds):>9.3f}s"
                f"  median < {target:g} s: {verdict}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
