"""Puzzles from paths: choose the givens so the solution is unique, steered by difficulty.

This module owns turning a Hamiltonian path (from `pathgen`) into a proper puzzle:

1. Start with every number of the path given and remove givens in a random order, keeping a
   removal only when the solver still proves the solution unique. Givens are removed in
   *groups*: single cells for the random and border patterns, orbits of a board symmetry
   (pairs under a half turn, quads under a quarter turn) for the symmetric pattern, so every
   state passed through has the pattern's shape. The border pattern first removes every
   given inside the ring (keeping only those uniqueness needs), then steers on the ring.
2. Steer: a removal must also keep the puzzle no harder than the difficulty asked for and at
   least `clues` givens when a clue target is set; every given is tried, except for
   fiendish puzzles, whose removal stops once a dozen givens have proved necessary
   (`default_polish`). Up to `DEFAULT_ATTEMPTS` paths are tried to meet
   the targets; the puzzle is labelled with the difficulty it really has (graded once
   more where the removal did not grade the state it ended on).

The removal itself, with its ways of saving solver calls and its test of a state's
difficulty, is `removal.Remover`'s; this module plans it (the groups and their order for
each pattern, the attempts) and picks the best of the attempts. A run of many puzzles from
one seed, shared among processes, is `puzzlepool.generate_many`'s.

Determinism. Every random choice comes from one `random.Random(seed)`, and each solver check
is cut off after a fixed number of guesses (not seconds), so a seed gives the same puzzle on
any machine. Deadlines per check and per puzzle guard against pathological paths. A check
cut off by either counts as "not unique" (the given stays), so a cut-off can cost givens but
never let out a puzzle with two solutions. The deadlines count this process's CPU time, not
the wall clock: a machine busy with other work (a seed's 10x20 took ten times as long with
the cores shared four ways, and came out another puzzle) or a process suspended a while
makes the same puzzles. Only a slow machine can make a seed's output differ; at their
defaults the guards do not fire on boards up to 15x15, and when one fires the puzzle's
`stats.clock_guard` says so, for the command line to tell.
"""
from __future__ import annotations

import hashlib
import os
import random
import time
from dataclasses import dataclass, field

import numpy as np

from numbrix_curses.deduce import Difficulty
from numbrix_curses.deduce import grade as deduce_grade
from numbrix_curses.genspec import GenerationStats, Spec
from numbrix_curses.pathgen import random_path
from numbrix_curses.patterns import Pattern, border_cells, symmetry_groups
from numbrix_curses.puzzle import Puzzle, path_to_grid
from numbrix_curses.removal import GiveUp, Phase, Remover, cpu_time

# The public API. `Spec`, `GenerationStats`, `Pattern` and `symmetry_groups` are owned by
# `genspec` and `patterns` and offered here with `generate`, as `Difficulty` is from
# `deduce`: a caller imports this module alone.
__all__ = [
    "Difficulty",
    "Generated",
    "GenerationStats",
    "Pattern",
    "Spec",
    "generate",
    "generate_puzzle",
    "puzzle_seed",
    "random_seed",
    "symmetry_groups",
]

#: Seeds are kept below this so they stay short in headers and on the command line.
SEED_LIMIT = 10**10


@dataclass
class Generated:
    """One generated puzzle, its unique solution and how it was made."""

    puzzle: Puzzle
    solution: np.ndarray
    seed: int
    difficulty: Difficulty
    pattern: Pattern
    symmetry: str | None
    stats: GenerationStats
    #: whether the difficulty and clue targets were met (else this is the closest found)
    on_target: bool = True
    #: things a user should hear about, e.g. the border pattern needing inside givens
    notes: list[str] = field(default_factory=list)

    @property
    def clues(self) -> int:
        return self.puzzle.clue_count

    def record(self) -> dict:
        """The JSON object the command line prints for this puzzle."""
        return {
            "id": self.puzzle.id,
            "seed": self.seed,
            "rows": self.puzzle.rows,
            "cols": self.puzzle.cols,
            "difficulty": self.difficulty.value,
            "pattern": self.pattern.value,
            "symmetry": self.symmetry,
            "inside": int(self.puzzle.metadata.get("inside", 0)),
            "clues": self.clues,
            "puzzle": self.puzzle.givens.tolist(),
            "solution": self.solution.tolist(),
        }


# --- seeds ----------------------------------------------------------------------------------


def random_seed() -> int:
    """A fresh seed from the operating system, for runs where the user gave none."""
    return int.from_bytes(os.urandom(8), "big") % SEED_LIMIT


def puzzle_seed(master: int, index: int) -> int:
    """The seed of the `index`-th puzzle (0-based) of a run with seed `master`.

    The first puzzle uses the master seed itself, so ``--seed S --count 1`` remakes any puzzle
    whose header says ``seed: S``; later ones hash (master, index), which depends on nothing
    else and so comes out the same however the puzzles are shared between processes.
    """
    if index == 0:
        return master
    digest = hashlib.sha256(f"numbrix-curses:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


# --- grading --------------------------------------------------------------------------------


def _grade(puzzle: Puzzle, solution: np.ndarray) -> Difficulty:
    """`puzzle`'s difficulty as `numbrix grade` says it; `solution` spares solving it again."""
    return deduce_grade(puzzle, solution).difficulty


# --- one puzzle -----------------------------------------------------------------------------


#: necessary givens a fiendish removal finds before it stops (see `default_polish`): at
#: least this many, and one for every `FIENDISH_POLISH_CELLS` cells of the board
FIENDISH_POLISH = 12
FIENDISH_POLISH_CELLS = 18


def default_polish(spec: Spec) -> int | None:
    """How many necessary givens a steered removal finds before it stops (None: all).

    Easy to hard puzzles try every group: a removal there is mostly refused for making the
    puzzle too hard, which the grader tells on a board still full of givens, so the checks
    are cheap, and stopping early left puzzles dense. (Stopping after four, measured on six
    seeds: 9x9 easy 28.5 givens against 17, 12x12 easy 62.5 against 31, 15x15 easy 105.5
    against 47, medium 60.5 against 34, hard 58 against 31.5; every puzzle tried in at
    most 0.3 s at 9x9, 1 s at 12x12, 3 s at 15x15, 12 s at 20x20.)

    Fiendish, never refused for difficulty, removes down to where uniqueness alone holds
    the givens, and there each check is a proof on a sparse board: the last removals cost
    the most (15x15: 5.4 s a puzzle for 25 givens, against 0.7 s for 32.5 with this
    stop; with four, 55.5 givens, more than a hard puzzle has). The stop grows with the
    board: twelve alone left a large board dense, and a fiendish 25x25 had more givens
    than an easy one (seeds 1 and 2: 136 and 150 givens in under a second, against 74
    and 86 in 42 s and 9 s; a hard one has 87 in a minute), 20x20 59 and 66 against 55
    and 56 (2-3 s against 4-7 s).
    """
    if spec.polish is not None:
        return spec.polish
    if spec.difficulty is Difficulty.FIENDISH:
        return max(FIENDISH_POLISH, spec.rows * spec.cols // FIENDISH_POLISH_CELLS)
    return None


#: paths tried for one puzzle before settling for the closest to the targets
DEFAULT_ATTEMPTS = 8
#: the same for the border pattern, where most paths fail at once (their ring alone does
#: not make the solution unique) and trying one costs a single check. Up to 10x10, one
#: random path in a few dozen has a ring that settles it, and a check takes milliseconds,
#: so many are tried (seeds 11-18: 9x9 all ring-only with 64 attempts, against half with
#: 16; 10x10 seven of eight with 256, against none; at most 0.6 s and 3.9 s a puzzle);
#: past that almost none does (12x12: none in 256), and the last attempt keeps the few
#: inside givens it needs.
BORDER_ATTEMPTS = 16
BORDER_ATTEMPTS_SMALL = 256
BORDER_SMALL_CELLS = 100


def _phases(
    spec: Spec, rng: random.Random, last_attempt: bool
) -> tuple[list[Phase], str | None]:
    rows, cols = spec.rows, spec.cols
    cells = list(range(rows * cols))
    if spec.pattern is Pattern.SYMMETRIC:
        symmetry = "rotate-180"
        if rows == cols and rng.random() < 0.5:
            symmetry = "rotate-90"
        groups = symmetry_groups(rows, cols, symmetry)
        rng.shuffle(groups)
        return [Phase(groups)], symmetry
    if spec.pattern is Pattern.BORDER:
        ring = border_cells(rows, cols)
        inside = [(c,) for c in cells if c not in ring]
        outside = [(c,) for c in cells if c in ring]
        rng.shuffle(inside)
        rng.shuffle(outside)
        # Inside givens go first. A path whose ring alone does not make the solution
        # unique is dropped for another, except on the last attempt, which keeps as few
        # inside givens as uniqueness and the difficulty need.
        if last_attempt:
            first = Phase(inside, polished=False)
        else:
            first = Phase(inside, steered=False, polished=False, all_or_nothing=True)
        return [first, Phase(outside)], None
    groups = [(c,) for c in cells]
    rng.shuffle(groups)
    return [Phase(groups)], None


def _attempts(spec: Spec) -> int:
    if spec.pattern is not Pattern.BORDER:
        return DEFAULT_ATTEMPTS
    return BORDER_ATTEMPTS_SMALL if spec.rows * spec.cols <= BORDER_SMALL_CELLS else BORDER_ATTEMPTS


def _distance(spec: Spec, difficulty: Difficulty, clues: int, inside: int) -> tuple:
    """How far a candidate is from what was asked (smaller is better, zero is on target)."""
    miss_level = 0 if spec.difficulty is None else abs(difficulty.level - spec.difficulty.level)
    # (fewer givens than asked is a miss too: the border pattern takes every given off the
    # inside at once, past any --clues floor)
    miss_clues = 0 if spec.clues is None else abs(clues - spec.clues)
    return (inside, miss_level, miss_clues)


#: a clue target under this share of the givens one path's removal left (less two) is out
#: of reach of other paths (see `_out_of_reach`)
CLUES_WITHIN_REACH = 2 / 3


def _out_of_reach(target: int | None, clues: int) -> bool:
    """Whether a clue `target` is too far below the `clues` a removal left for another
    path to come near it: the rest of the attempts would only cost time.

    A removal ends where every given left is needed (or the grade allows no fewer), and
    the counts it ends at on one board size differ little from path to path: the
    benchmark's clue-minimal boards, 20 a size, have at fewest 71-86% of their size's
    median (6x10: 5 against 7; 20x20: 37 against 43). `--clues 1` on a 15x15 made all
    eight paths' removals, each a proof on a sparse board, for 23 givens in 75 s, where
    the first path gave 25 in 9 s. Two givens more are allowed for, as on a small board
    a given or two is a large share (a 3x3 removal may leave 3 givens where another path's
    leaves 2).
    """
    return target is not None and target + 2 < CLUES_WITHIN_REACH * clues


def generate(spec: Spec, seed: int) -> Generated:
    """One puzzle for `spec` from `seed`: always unique (proved by the solver), on target
    when that was reachable within the attempts, else the closest found."""
    started = time.monotonic()
    deadline = cpu_time() + spec.puzzle_seconds
    rng = random.Random(seed)
    stats = GenerationStats()
    floor = spec.clues or 0  # (the fewest givens a steered removal may leave)
    attempts = spec.attempts or _attempts(spec)
    ring = border_cells(spec.rows, spec.cols) if spec.pattern is Pattern.BORDER else set()
    best: tuple | None = None
    for attempt in range(attempts):
        stats.attempts += 1
        path = random_path(spec.rows, spec.cols, rng)
        stats.path_restarts += path.restarts
        solution = path_to_grid(spec.rows, spec.cols, path.path)
        out_of_time = cpu_time() > deadline
        stats.clock_guard |= out_of_time and attempt < attempts - 1
        last_attempt = attempt == attempts - 1 or out_of_time
        phases, symmetry = _phases(spec, rng, last_attempt)
        remover = Remover(solution, spec, stats, deadline)
        try:
            mask = remover.run(phases, floor, default_polish(spec))
        except GiveUp:
            continue
        puzzle = remover.puzzle(mask)
        if remover.last_grade is not None:
            difficulty = remover.last_grade  # graded when this very state was accepted
        else:
            t = time.perf_counter()
            stats.grader_calls += 1
            difficulty = _grade(puzzle, solution)
            stats.grader_seconds += time.perf_counter() - t
        inside = sum(1 for cell in range(puzzle.size) if mask >> cell & 1 and cell not in ring)
        inside = inside if ring else 0  # only the border pattern has an inside
        distance = _distance(spec, difficulty, puzzle.clue_count, inside)
        if best is None or distance < best[0]:
            best = (distance, puzzle, solution, difficulty, symmetry, inside)
        if distance == (0, 0, 0):
            break
        if (distance[:2] == (0, 0) and spec.pattern is Pattern.RANDOM
                and _out_of_reach(spec.clues, puzzle.clue_count)):
            # (a symmetric removal takes givens two or four at a time, and one path may
            # stall far above a target another path meets: 24 givens against 12 at 9x9)
            break
        if cpu_time() > deadline:
            stats.clock_guard |= attempt < attempts - 1
            break
    assert best is not None
    distance, puzzle, solution, difficulty, symmetry, inside = best
    notes = []
    if inside:
        notes.append(
            f"the border alone could not make a unique puzzle; {inside} given"
            f"{'s' if inside != 1 else ''} inside the ring kept"
        )
    # The id names the puzzle's kind as well as its seed: runs for several difficulties,
    # patterns or clue targets from one --seed make the same puzzle seeds, and their
    # puzzles may share a file. A puzzle that missed the difficulty asked for names that
    # too: a border puzzle asked to be easy came out medium, and took the id of the one
    # asked to be medium from the same seed, another puzzle.
    kind = [difficulty.value]
    if spec.difficulty is not None and difficulty is not spec.difficulty:
        kind.append(f"not-{spec.difficulty.value}")
    kind += [spec.pattern.value] if spec.pattern is not Pattern.RANDOM else []
    if spec.clues is not None:
        kind.append(f"{spec.clues}clues")
    metadata = {
        "id": "-".join([f"{spec.rows}x{spec.cols}", *kind, str(seed)]),
        "difficulty": difficulty.value,
    }
    if spec.pattern is not Pattern.RANDOM:
        # Left out when random, as in the id: a line less under each printed puzzle is
        # what lets two 12x12 puzzles share a page of the booklet.
        metadata["pattern"] = spec.pattern.value
    metadata["seed"] = str(seed)
    if symmetry:
        metadata["symmetry"] = symmetry
    if inside:
        # The pattern asked for is not the whole truth: say so on the puzzle itself, not
        # only in a note for the whole run.
        metadata["inside"] = str(inside)
    stats.seconds = time.monotonic() - started
    return Generated(
        puzzle=Puzzle(puzzle.givens, metadata),
        solution=solution,
        seed=seed,
        difficulty=difficulty,
        pattern=spec.pattern,
        symmetry=symmetry,
        stats=stats,
        on_target=distance[1:] == (0, 0),
        notes=notes,
    )


def generate_puzzle(
    rows: int,
    cols: int,
    difficulty: Difficulty | str | None = Difficulty.MEDIUM,
    seed: int | None = None,
    *,
    pattern: Pattern | str = Pattern.RANDOM,
    clues: int | None = None,
) -> Puzzle:
    """One unique puzzle (givens and metadata), for callers that need nothing else."""
    spec = Spec(rows, cols, difficulty=difficulty, pattern=pattern, clues=clues)
    return generate(spec, random_seed() if seed is None else seed).puzzle
