"""How often `check --suspects` names the fix that gives back the page, and how long it takes,
on generated puzzles copied with the slips a person makes.

Boards: generated 7x7 to 12x12 puzzles (fixed seeds, every difficulty but fiendish), each
copied with one kind of slip, kept only where the copy has no solution:

- `two turned`:   two givens each with two digits turned round (62 for 26, 12 for 21)
- `turned+digit`: one given turned round, another with a digit changed (18 for 16)
- `two digits`:   two givens each with a digit changed
- `moved+turned`: one given typed in a blank cell beside its own, with its digits turned round
- `doubled/dropped`: one given with a digit doubled or dropped (112 or 1 for 12)
- `three turned`: three givens turned round (no one change, nor two, puts them right)

For each kind: how many boards get the fix that gives back the puzzle as generated (`right`),
how many have it said first (so `f` in the app makes it), how many get some fix, how many
ran out of time (60 s each, as `check --suspects` without --timeout), and the seconds a
board takes, wall-clock.

    python benchmarks/slips.py [--per-size N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

import numpy as np

from numbrix_curses.generator import generate_puzzle
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.slips import find_suspects
from numbrix_curses.solver import Status, solve
from numbrix_curses.typos import doubled_or_dropped, one_digit_changed, turned_round

SIDES = range(7, 13)
SECONDS = 60.0

#: a slip to a number: the numbers it may have been copied as
Slip = Callable[[int], tuple[int, ...]]


def _slip_givens(givens: np.ndarray, slips: list[Slip], rng: random.Random) -> np.ndarray | None:
    """`givens` with as many givens as `slips`, each copied as one of its slip's numbers
    (none given already, nor twice), or None when the board has too few that can be."""
    typed = givens.copy()
    taken = set(givens[givens > 0].tolist())
    cells = [tuple(int(i) for i in cell) for cell in np.argwhere(givens > 0)]
    rng.shuffle(cells)
    for slip in slips:
        for cell in cells:
            numbers = [n for n in slip(int(givens[cell])) if n <= givens.size and n not in taken]
            if numbers and typed[cell] == givens[cell]:
                typed[cell] = rng.choice(numbers)
                taken.add(int(typed[cell]))
                break
        else:
            return None
    return typed


def _moved_and_turned(givens: np.ndarray, rng: random.Random) -> np.ndarray | None:
    """`givens` with one given typed in a blank cell beside its own, digits turned round."""
    rows, cols = givens.shape
    taken = set(givens[givens > 0].tolist())
    options = []
    for row, col in np.argwhere(givens > 0):
        for number in turned_round(int(givens[row, col])):
            if number > givens.size or number in taken:
                continue
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if 0 <= r < rows and 0 <= c < cols and givens[r, c] == 0:
                    options.append((int(row), int(col), r, c, number))
    if not options:
        return None
    row, col, r, c, number = rng.choice(options)
    typed = givens.copy()
    typed[row, col], typed[r, c] = 0, number
    return typed


KINDS: dict[str, Callable[[np.ndarray, random.Random], np.ndarray | None]] = {
    "two turned": lambda g, rng: _slip_givens(g, [turned_round, turned_round], rng),
    "turned+digit": lambda g, rng: _slip_givens(g, [turned_round, one_digit_changed], rng),
    "two digits": lambda g, rng: _slip_givens(g, [one_digit_changed, one_digit_changed], rng),
    "moved+turned": _moved_and_turned,
    "doubled/dropped": lambda g, rng: _slip_givens(g, [doubled_or_dropped], rng),
    "three turned": lambda g, rng: _slip_givens(g, [turned_round] * 3, rng),
}


def boards(kind: str, per_size: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """(as generated, as copied) for `per_size` boards of each side, the copy with no
    solution."""
    made = []
    for side in SIDES:
        seed, count = 1000 * side, 0
        while count < per_size:
            seed += 1
            rng = random.Random(f"{kind} {seed}")
            difficulty = ("easy", "medium", "hard")[seed % 3]
            givens = generate_puzzle(side, side, difficulty, seed).givens
            typed = KINDS[kind](givens, rng)
            if typed is None or solve(Puzzle(typed), limit=1).status is not Status.NONE:
                continue
            made.append((givens, typed))
            count += 1
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-size", type=int, default=3,
                        help="boards of each side (7x7 to 12x12) for each kind of slip")
    args = parser.parse_args()
    print(f"{'slip':<15} {'boards':>6} {'right':>6} {'first':>6} {'any fix':>8} "
          f"{'out of time':>11} {'median s':>9} {'mean s':>7} {'max s':>6}")
    for kind in KINDS:
        right = first = fixed = late = 0
        seconds = []
        made = boards(kind, args.per_size)
        for original, typed in made:
            start = time.perf_counter()
            suspects = find_suspects(Puzzle(typed), time.monotonic() + SECONDS)
            seconds.append(time.perf_counter() - start)
            fixes = [*suspects.rows, *suspects.corrections, *suspects.number_pairs]
            right += any((fix.applied(typed) == original).all() for fix in fixes)
            said = suspects.first_fix()
            first += said is not None and bool((said.applied(typed) == original).all())
            fixed += bool(fixes)
            late += not (suspects.complete and suspects.corrections_complete)
        print(f"{kind:<15} {len(made):>6} {right:>6} {first:>6} {fixed:>8} {late:>11} "
              f"{statistics.median(seconds):>9.3f} {statistics.fmean(seconds):>7.3f} "
              f"{max(seconds):>6.2f}")


if __name__ == "__main__":
    main()
