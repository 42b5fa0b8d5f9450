"""The clue remover: givens taken off one solved board while the solution stays unique.

This module owns the removal `generator` runs on each path it tries: groups of givens
(single cells, or a symmetry's orbits) tried in the phases it is given, each state checked
by the solver, and by the deduction engine where a difficulty is asked for, a removal kept
only when the check accepts it.

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
which no person follows by hand.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from numbrix_curses.deduce import Difficulty
from numbrix_curses.deduce import grade as deduce_grade
from numbrix_curses.deduce import solvable_at
from numbrix_curses.deduce.trial import TRIAL_MAX_DEPTH
from numbrix_curses.genspec import GenerationStats, Spec
from numbrix_curses.puzzle import Puzzle, geometry
from numbrix_curses.solver import Status, solve


#: Longest stretch of consecutive numbers searched for a local second solution.
_LOCAL_WINDOW = 9


def cpu_time() -> float:
    """The clock of the generator's guards: this process's CPU time (see `generator`'s
    docstring, Determinism)."""
    return time.process_time()


def default_check_nodes(rows: int, cols: int) -> int:
    """Solver guesses one uniqueness check may take before the given is kept instead."""
    return 100 + 2 * rows * cols


@dataclass
class Phase:
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


class GiveUp(Exception):
    """An all-or-nothing phase could not remove everything: try another path."""


@dataclass(frozen=True)
class _Check:
    """What `Remover.check` found of a removal: `accepted` when the givens left keep the
    puzzle unique (and on target); else refused, with `differs` the mask of the cells where
    a second solution differs from ours, or 0 where no second solution is known (the check
    was cut off, or the puzzle is harder than wanted)."""

    accepted: bool
    differs: int = 0


_ACCEPTED = _Check(accepted=True)
_REFUSED = _Check(accepted=False)


class Remover:
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
        deadline = min(self.deadline, cpu_time() + self.spec.check_seconds)
        started = time.perf_counter()
        self.stats.solver_calls += 1
        result = solve(puzzle, limit=2, deadline=deadline, max_nodes=self.check_nodes,
                       clock=cpu_time)
        self.stats.solver_seconds += time.perf_counter() - started
        if result is None or result.status is Status.TIMEOUT:
            self.stats.cut_off += 1
            if cpu_time() >= deadline:
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

    def run(self, phases: Sequence[Phase], floor: int, polish: int | None) -> int:
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
                if cpu_time() > self.deadline:
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
                    raise GiveUp
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
