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
   the targets; the puzzle is labelled with the difficulty it really has.

Saving solver calls. Removing a batch of groups that keeps the puzzle unique gives the same
result as removing them one at a time (a puzzle with more givens than a unique one is unique
too), so groups are tried in batches that double while removals succeed (never more than half
of what is left). A refused batch comes back with a second solution; the given that must stay
is the last one of the batch, in order, on which that solution differs, so the next try
stops just before it (and at least halves). Before any solver call, two cheap refutations:
every second solution found so far is remembered and refutes, for free, any later removal
that would let it in; and a short stretch of consecutive numbers with no given left is
searched for another layout over the same cells, which is a second solution too.

Difficulty. After the solver proves a state unique, the deduction engine tells whether it
is harder than asked for, as `numbrix grade` would grade it (`deduce.solvable_at`, which
stops where the techniques up to that level do), and such a state is refused; so, when
fiendish or no difficulty is asked for, is a state with a step only a search shows (a
trial more than `TRIAL_MAX_DEPTH` assumptions deep, found by grading it, `deduce.grade`),
which no person follows by hand. The puzzle made is graded once more, as it is labelled.

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
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

import numpy as np

from numbrix_curses.deduce import Difficulty
from numbrix_curses.deduce import grade as deduce_grade
from numbrix_curses.deduce import solvable_at
from numbrix_curses.deduce.trial import TRIAL_MAX_DEPTH
from numbrix_curses.genspec import GenerationStats, Spec
from numbrix_curses.pathgen import random_path
from numbrix_curses.patterns import Pattern, border_cells, symmetry_groups
from numbrix_curses.puzzle import Puzzle, geometry, path_to_grid
from numbrix_curses.solver import Status, solve
from numbrix_curses.workers import (
    STOPPING_NAMES,
    SUSPEND_SIGNALS,
    alive,
    default_handlers,
    follow,
    release_held_stops,
    stop_followers_with_this,
    stops_dropped,
    stops_held_back,
    unfollow,
)

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

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
    "generate_many",
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


# --- removal --------------------------------------------------------------------------------


#: Longest stretch of consecutive numbers searched for a local second solution.
_LOCAL_WINDOW = 9


def _cpu_time() -> float:
    """The clock of the generator's guards: this process's CPU time (see the module
    docstring)."""
    return time.process_time()


def default_check_nodes(rows: int, cols: int) -> int:
    """Solver guesses one uniqueness check may take before the given is kept instead."""
    return 100 + 2 * rows * cols


@dataclass
class _Phase:
    """Groups to try removing, in order, and how.

    `steered`: removals must keep to the difficulty and clue targets. `polished`: the phase
    stops once `polish` groups proved necessary. `all_or_nothing`: the phase first tries
    removing every group at once and, when that fails, gives the attempt up instead of
    going on group by group.
    """

    groups: list[tuple[int, ...]]
    steered: bool = True
    polished: bool = True
    all_or_nothing: bool = False


class _GiveUp(Exception):
    """An all-or-nothing phase could not remove everything: try another path."""


@dataclass(frozen=True)
class _Check:
    """What `_Remover.check` found of a removal: `accepted` when the givens left keep the
    puzzle unique (and on target); else refused, with `differs` the mask of the cells where
    a second solution differs from ours, or 0 where no second solution is known (the check
    was cut off, or the puzzle is harder than wanted)."""

    accepted: bool
    differs: int = 0


_ACCEPTED = _Check(accepted=True)
_REFUSED = _Check(accepted=False)


class _Remover:
    """Removes givens from one solved board while uniqueness (and the targets) allow."""

    def __init__(
        self,
        solution: np.ndarray,
        spec: Spec,
        stats: GenerationStats,
        deadline: float,
    ) -> None:
        self.rows, self.cols = solution.shape
        self.solution = solution
        self.flat = solution.reshape(-1)
        self.spec = spec
        self.stats = stats
        self.deadline = deadline
        self.check_nodes = spec.check_nodes or default_check_nodes(self.rows, self.cols)
        # second solutions found so far, each as the mask of cells where it differs
        self.counterexamples: list[int] = []
        #: the grade of the state last accepted, where it was graded (None: not yet)
        self.last_grade: Difficulty | None = None
        size = self.flat.size
        # where each number stands in the solution (index 0 and size + 1 unused)
        self.cell_of = [-1] * (size + 2)
        for cell, number in enumerate(self.flat.tolist()):
            self.cell_of[number] = cell
        self.neighbours = geometry(self.rows, self.cols).neighbours

    def puzzle(self, mask: int) -> Puzzle:
        keep = np.array(
            [(mask >> cell) & 1 for cell in range(self.flat.size)], dtype=bool
        )
        return Puzzle(np.where(keep, self.flat, 0).reshape(self.rows, self.cols))

    def _differences(self, grid: np.ndarray) -> int:
        diff = np.flatnonzero(grid.reshape(-1) != self.flat)
        mask = 0
        for cell in diff:
            mask |= 1 << int(cell)
        return mask

    def check(self, mask: int, batch: int, steered: bool) -> _Check:
        """Whether the givens `mask` keep the puzzle unique (and on target when `steered`),
        and where they do not, the cells a second solution changes when one is known (see
        `_Check`). `batch` holds the cells whose givens this step removes (the puzzle with
        them was proven unique)."""
        for diff in self.counterexamples:
            if not diff & mask:
                self.stats.refuted_from_memory += 1
                return _Check(accepted=False, differs=diff)
        diff = self._local_alternative(mask, batch)
        if diff:
            self.stats.refuted_locally += 1
            self.counterexamples.append(diff)
            return _Check(accepted=False, differs=diff)
        puzzle = self.puzzle(mask)
        deadline = min(self.deadline, _cpu_time() + self.spec.check_seconds)
        started = time.perf_counter()
        self.stats.solver_calls += 1
        result = solve(puzzle, limit=2, deadline=deadline, max_nodes=self.check_nodes,
                       clock=_cpu_time)
        self.stats.solver_seconds += time.perf_counter() - started
        if result is None or result.status is Status.TIMEOUT:
            self.stats.cut_off += 1
            if _cpu_time() >= deadline:
                self.stats.clock_guard = True  # (not the guess cap)
            return _REFUSED
        if result.status is Status.MULTIPLE:
            found = 0
            for grid in result.solutions:
                diff = self._differences(grid)
                if diff:
                    self.counterexamples.append(diff)
                    found = diff
            return _Check(accepted=False, differs=found)
        if result.status is not Status.UNIQUE:
            # every state tried keeps the path's own numbers, so it has a solution; a
            # NONE here would be a solver bug, and refusing the removal is the safe answer
            return _REFUSED
        if steered:
            started = time.perf_counter()
            self.stats.grader_calls += 1
            fits, grade = self._fits_difficulty(puzzle)
            self.stats.grader_seconds += time.perf_counter() - started
            if not fits:
                return _REFUSED
            self.last_grade = grade
        else:
            self.last_grade = None
        return _ACCEPTED

    def _fits_difficulty(self, puzzle: Puzzle) -> tuple[bool, Difficulty | None]:
        """Whether `puzzle` is no harder than asked, and a person can follow every step of
        it; and its grade, where it was graded to find out (None where it was not).

        Below fiendish no step is a trial, so the techniques up to the level asked for
        solving it is the grade being at most that level (`deduce.solvable_at`), found
        without grading: a grade walks on past the first board they cannot move on, with
        trials, which took 84% of a 20x20's time. It takes the grade's steps in the
        grade's order, so the same puzzles come out as with a grade (every step up to the
        level taken at once reached boards the grade's walk does not, and made other
        puzzles; a walk that looks again only where the board changed is as quick).
        Every puzzle is at most fiendish, but not every fiendish one can be followed: a step
        only a search shows ("more than 2 nested assumptions") is refused as a step above
        the level asked for is (20 of 36 fiendish puzzles from 9x9 up had them). With no
        difficulty asked for (a clue target alone), any grade will do, but not a step past
        following either: `--clues 10` on 9x9 boards made puzzles seven in ten of which had
        one."""
        wanted = self.spec.difficulty
        if wanted not in (Difficulty.FIENDISH, None):
            return solvable_at(puzzle, wanted, self.solution), None
        graded = deduce_grade(puzzle, self.solution)
        return graded.trial_depth <= TRIAL_MAX_DEPTH, graded.difficulty

    def _local_alternative(self, mask: int, batch: int) -> int:
        """Cells of a second solution that differs from ours only within a short stretch of
        consecutive numbers, none of them given (0 when there is none).

        Any such stretch, laid out differently over the same cells while still meeting the
        numbers on both sides, is a second solution, and finding one costs a few hundred
        steps of a tiny search instead of a solver call. Only stretches that hold a number
        of `batch` can be new: the others were there, unrefuted, in the unique puzzle before.
        """
        cell_of = self.cell_of
        last = self.flat.size
        given = [False] * (last + 2)
        in_batch = [False] * (last + 2)
        for number in range(1, last + 1):
            bit = 1 << cell_of[number]
            given[number] = bool(mask & bit)
            in_batch[number] = bool(batch & bit)
        number = 1
        while number <= last:
            if given[number]:
                number += 1
                continue
            start = number
            while number <= last and not given[number]:
                number += 1
            end = number - 1  # numbers start..end are a maximal stretch without givens
            if not any(in_batch[start : end + 1]):
                continue
            length = min(end - start + 1, _LOCAL_WINDOW)
            for first in range(start, end - length + 2):
                if not any(in_batch[first : first + length]):
                    continue
                diff = self._rearrange(first, first + length - 1)
                if diff:
                    return diff
        return 0

    def _rearrange(self, first: int, final: int) -> int:
        """Cells that change when numbers first..final are laid out another way over their
        own cells (0 when they cannot be)."""
        cell_of = self.cell_of
        neighbours = self.neighbours
        cells = {cell_of[v] for v in range(first, final + 1)}
        if len(cells) < 2:
            return 0
        before = cell_of[first - 1] if first > 1 else -1
        after = cell_of[final + 1] if final < self.flat.size else -1
        starts = [c for c in cells if before < 0 or c in neighbours[before]]
        original = [cell_of[v] for v in range(first, final + 1)]
        need = len(cells)
        # depth-first over paths through `cells`; a stack of (path, next neighbour index)
        for start in starts:
            path = [start]
            used = {start}
            stack = [0]
            while stack:
                if len(path) == need:
                    if (after < 0 or path[-1] in neighbours[after]) and path != original:
                        return sum(1 << c for c, o in zip(path, original) if c != o)
                    stack.pop()
                    used.discard(path.pop())
                    continue
                options = neighbours[path[-1]]
                k = stack[-1]
                while k < len(options) and (options[k] not in cells or options[k] in used):
                    k += 1
                if k == len(options):
                    stack.pop()
                    used.discard(path.pop())
                    continue
                stack[-1] = k + 1
                path.append(options[k])
                used.add(options[k])
                stack.append(0)
        return 0

    def run(self, phases: Sequence[_Phase], floor: int, polish: int | None) -> int:
        """The givens mask left after trying the groups of every phase in order.

        `floor` is the fewest givens a steered phase may leave. A steered phase stops once
        `polish` of its groups have proved necessary (None: it tries every group), which
        trades a few extra givens for many fewer checks near the end, where each removal
        is most likely refused and each check costs the most.
        """
        mask = (1 << self.flat.size) - 1
        kept = 0  # cells whose givens stay for good
        for phase in phases:
            order = phase.groups
            masks = [sum(1 << cell for cell in group) for group in order]
            necessary = 0
            i = 0
            # Early removals almost always succeed: start by trying half of the phase.
            chunk = len(order) if phase.all_or_nothing else max(1, len(order) // 2)
            while i < len(order):
                if _cpu_time() > self.deadline:
                    self.stats.clock_guard = True
                    return mask  # out of time: what is left is proven unique already
                if phase.polished and polish is not None and necessary >= polish:
                    break
                chunk = min(chunk, len(order) - i)
                if phase.steered and floor:
                    chunk = self._within_floor(masks, i, chunk, mask.bit_count() - floor)
                    if chunk == 0:
                        # this group would take the puzzle below the floor (a smaller
                        # group further on may still fit)
                        kept |= masks[i]
                        i += 1
                        chunk = 1
                        continue
                batch = 0
                for m in masks[i : i + chunk]:
                    batch |= m
                verdict = self.check(mask & ~batch, batch & mask, phase.steered)
                if not verdict.accepted and phase.all_or_nothing:
                    raise _GiveUp
                if verdict.accepted:
                    mask &= ~batch
                    i += chunk
                    # grow, but never try to take more than half of what is left at once:
                    # near-empty boards are both hopeless and slow to refute
                    chunk = max(1, min(2 * chunk, (len(order) - i) // 2))
                    continue
                # A second solution that differs from ours only in cells of this batch: the
                # last group in order that it touches must stay once the groups before it
                # are gone, so try just the groups before it next (-1: no such solution).
                last = max((k for k in range(chunk) if masks[i + k] & verdict.differs),
                           default=-1)
                if last > 0:
                    # at least halve, so a counterexample far down the batch cannot keep
                    # the next tries on nearly empty boards
                    chunk = min(last, max(1, chunk // 2))
                elif last == 0 or chunk == 1:
                    kept |= masks[i]
                    necessary += 1
                    i += 1
                    chunk = 1
                    # a counterexample that needs a given gone which now stays for good
                    # can never refute anything again
                    self.counterexamples = [d for d in self.counterexamples if not d & kept]
                else:  # refused without a counterexample (too hard, or cut off): bisect
                    chunk //= 2
        return mask

    @staticmethod
    def _within_floor(masks: list[int], start: int, chunk: int, room: int) -> int:
        """How many of the `chunk` groups from `start` can go with `room` givens to spare."""
        allowed = 0
        while allowed < chunk:
            size = masks[start + allowed].bit_count()
            if size > room:
                break
            room -= size
            allowed += 1
        return allowed


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
) -> tuple[list[_Phase], str | None]:
    rows, cols = spec.rows, spec.cols
    cells = list(range(rows * cols))
    if spec.pattern is Pattern.SYMMETRIC:
        symmetry = "rotate-180"
        if rows == cols and rng.random() < 0.5:
            symmetry = "rotate-90"
        groups = symmetry_groups(rows, cols, symmetry)
        rng.shuffle(groups)
        return [_Phase(groups)], symmetry
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
            first = _Phase(inside, polished=False)
        else:
            first = _Phase(inside, steered=False, polished=False, all_or_nothing=True)
        return [first, _Phase(outside)], None
    groups = [(c,) for c in cells]
    rng.shuffle(groups)
    return [_Phase(groups)], None


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
    deadline = _cpu_time() + spec.puzzle_seconds
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
        out_of_time = _cpu_time() > deadline
        stats.clock_guard |= out_of_time and attempt < attempts - 1
        last_attempt = attempt == attempts - 1 or out_of_time
        phases, symmetry = _phases(spec, rng, last_attempt)
        remover = _Remover(solution, spec, stats, deadline)
        try:
            mask = remover.run(phases, floor, default_polish(spec))
        except _GiveUp:
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
        if _cpu_time() > deadline:
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


# --- many puzzles ---------------------------------------------------------------------------


def generate_many(
    spec: Spec,
    count: int,
    seed: int,
    jobs: int = 1,
    on_done: Callable[[int, Generated], None] | None = None,
    on_forked: Callable[[], None] | None = None,
    on_lost_worker: Callable[[int], None] | None = None,
) -> Iterator[Generated]:
    """Yield `count` puzzles for `spec` in order, the k-th from `puzzle_seed(seed, k)`.

    With `jobs` > 1 the puzzles are made in that many processes; the output is the same
    puzzles in the same order as with one. `on_done(k, generated)` is called as each is
    yielded; `on_forked()` once this process will fork no more (at once when it forks no
    worker): from then on a thread of the caller's may write to the terminal without a
    fork copying a lock it holds. Where a worker dies (killed from outside, or by the
    system short of memory), the pool cannot go on: the puzzles from the k-th on are made
    in this process, after `on_lost_worker(k)`, the same ones, rather than lost.
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    # Seeds are made as they are needed, never listed: a run of millions of puzzles piped
    # into `head` must show its first puzzle at once, in constant memory.
    seeds = (puzzle_seed(seed, k) for k in range(count))
    if jobs <= 1 or count == 1:
        if on_forked is not None:
            on_forked()
        for k, s in enumerate(seeds):
            made = generate(spec, s)
            if on_done is not None:
                on_done(k, made)
            yield made
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    workers = min(jobs, count)
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers, initializer=_ignore_interrupts, initargs=(os.getpid(),)
        )
    except (NotImplementedError, OSError):
        # No process pool here (a system without working semaphores, some containers):
        # the same puzzles, made one after another.
        yield from generate_many(spec, count, seed, 1, on_done, on_forked)
        return
    try:
        # A few puzzles per worker in flight keeps every worker busy while the caller
        # takes them in order; more would only pile up finished puzzles in memory. (The
        # first submit forks the workers: see `stops_held_back`. A Ctrl-Z too, as the workers
        # stop with this process: see `workers.follow`.)
        stop_followers_with_this()
        with stops_held_back(SUSPEND_SIGNALS):
            pending = deque(pool.submit(generate, spec, s) for s in islice(seeds, 2 * workers))
            for pid in list(getattr(pool, "_processes", None) or ()):
                follow(pid)
        # (a pool that forks starts all its workers at the first submit, and never another
        # while it works: it breaks rather than replace one that died)
        if on_forked is not None:
            on_forked()
        k = 0
        broken = False
        while pending and not broken:
            try:
                made = pending.popleft().result()
            except BrokenProcessPool:
                break
            following = next(seeds, None)
            if following is not None:
                try:
                    # (a stop raised inside `submit` would keep the pool's lock: held back
                    # until it is out, see `_stop_workers`)
                    with stops_held_back():
                        pending.append(pool.submit(generate, spec, following))
                except BrokenProcessPool:
                    broken = True  # (this one is made: yielded, the rest made here)
            if on_done is not None:
                on_done(k, made)
            yield made
            k += 1
    except BaseException:
        # interrupted, failed or abandoned by the caller: stop the workers now instead of
        # letting them finish puzzles nobody will read
        _stop_workers(pool)
        raise
    if k < count:  # (the pool broke: a worker died)
        _stop_workers(pool)
        if on_lost_worker is not None:
            on_lost_worker(k)
        for j in range(k, count):
            made = generate(spec, puzzle_seed(seed, j))
            if on_done is not None:
                on_done(j, made)
            yield made
        return
    with stops_held_back():  # (see `submit` above)
        _unfollow_workers(pool)
        pool.shutdown(wait=True)


def _unfollow_workers(pool: ProcessPoolExecutor) -> None:
    """No longer stop the workers of `pool` with this process (see `workers.follow`): they
    are about to end and be reaped."""
    for pid in list(getattr(pool, "_processes", None) or ()):
        unfollow(pid)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End every worker of `pool` and drop the work queued, even when a second Ctrl-C or
    SIGTERM comes meanwhile (it is dropped: the caller is stopping already). Cut short, this
    left workers running, and the interpreter waited for them at exit: a second Ctrl-C
    right after the first hung `generate` until its last puzzle was made."""
    while True:
        try:
            # (the stops are dropped, so none raises while the pool holds its lock, which
            # it would keep: the interpreter waited on it for good as it exited; off the
            # main thread, where they cannot be, they are caught below)
            with stops_dropped():
                # (taken first: `shutdown` forgets it)
                manager = getattr(pool, "_executor_manager_thread", None)
                _unfollow_workers(pool)
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
                pool.shutdown(wait=False, cancel_futures=True)
                if manager is not None:
                    # The pool's own thread ends once the workers have: let it, for a
                    # while. At exit, Python wakes that thread without the lock it closes
                    # its pipe under, and a thread still closing made the wakeup fail
                    # ("OSError: [Errno 9] Bad file descriptor", printed after
                    # "interrupted") now and then.
                    manager.join(_STOP_WAIT)
            return
        except Exception:
            raise  # (a fault is the caller's to hear of, as before)
        except BaseException:  # a Ctrl-C or stop on top of the one being handled: go on
            continue


#: the longest a stop waits for the pool's thread to wind up (seconds; see `_stop_workers`)
_STOP_WAIT = 5.0
#: how often a generating worker looks whether the process that started it is still there
_PARENT_CHECK_SECONDS = 1.0


def _ignore_interrupts(parent: int) -> None:
    """Worker start-up: Ctrl-C is for the parent, which stops the workers itself (SIGTERM
    and SIGHUP too, through `cli.stops.stops_raised`). A parent
    killed outright (SIGKILL) cannot, so a worker also ends on its own once the process
    that made the pool (`parent`, its pid) is gone, rather than run on for nobody."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # (a forked worker inherits the command's handlers, which raise in the command: the
    # parent ends a worker with SIGTERM, which must simply end it)
    default_handlers(getattr(signal, name) for name in (*STOPPING_NAMES, "SIGTSTP")
                     if hasattr(signal, name))
    release_held_stops()  # (held since the fork: a Ctrl-C that came meanwhile is dropped now)
    # (a parent gone shows as a new parent id on POSIX systems only)
    if os.name == "posix":
        # Its own parent id changes when its parent dies; but that parent may be a fork
        # server rather than the pool's maker, and a maker killed while this worker was
        # starting is gone before the id could be read: so the maker's pid is watched too.
        starting = os.getppid()

        def watch() -> None:
            while os.getppid() == starting and alive(parent):
                time.sleep(_PARENT_CHECK_SECONDS)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
