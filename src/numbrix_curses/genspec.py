"""What a puzzle's generation is asked for, and the account of how it went.

This module owns `Spec` (the board, the difficulty, pattern and clue targets, and the
guards that bound the work) and `GenerationStats` (paths tried, solver and grader calls,
checks cut off, time spent). They sit below both the clue remover, which reads the one and
counts into the other, and `generator`, which offers them to callers as its public API.
"""
from __future__ import annotations

from dataclasses import dataclass

from numbrix_curses.deduce import Difficulty
from numbrix_curses.patterns import Pattern
from numbrix_curses.puzzle import geometry


@dataclass(frozen=True)
class Spec:
    """What to generate. `difficulty` None steers by `clues` alone (or not at all).

    `check_nodes` caps the solver's guesses per uniqueness check (default grows with the
    board); `check_seconds` and `puzzle_seconds` are the time guards (CPU seconds of this
    process: see `generator`'s docstring, Determinism); `attempts` is how many paths may
    be tried to meet the difficulty and clue targets.
    """

    rows: int
    cols: int
    difficulty: Difficulty | None = Difficulty.MEDIUM
    pattern: Pattern = Pattern.RANDOM
    clues: int | None = None
    attempts: int | None = None
    check_nodes: int | None = None
    check_seconds: float = 30.0
    puzzle_seconds: float = 300.0
    #: stop removing once this many groups proved necessary (None: `default_polish`)
    polish: int | None = None

    def __post_init__(self) -> None:
        geometry(self.rows, self.cols)  # raises PuzzleError for a bad shape
        object.__setattr__(self, "pattern", Pattern(self.pattern))
        if self.difficulty is not None:
            object.__setattr__(self, "difficulty", Difficulty(self.difficulty))
        if self.clues is not None and not 0 <= self.clues <= self.rows * self.cols:
            raise ValueError(f"clue target {self.clues} is outside 0..{self.rows * self.cols}")


@dataclass
class GenerationStats:
    """Where the time went for one puzzle."""

    attempts: int = 0  # paths tried
    path_restarts: int = 0  # restarts inside the path generator
    solver_calls: int = 0
    solver_seconds: float = 0.0
    cut_off: int = 0  # checks stopped by the guess cap or a deadline (the given stayed)
    refuted_from_memory: int = 0  # removals refuted by a remembered second solution
    refuted_locally: int = 0  # removals refuted by relaying a short stretch of the path
    grader_calls: int = 0
    grader_seconds: float = 0.0
    seconds: float = 0.0
    #: a time guard (a check's or the puzzle's deadline) cut the work short: unlike the
    #: guess cap, that depends on the machine's speed, so the seed may give another puzzle
    #: on another machine
    clock_guard: bool = False
