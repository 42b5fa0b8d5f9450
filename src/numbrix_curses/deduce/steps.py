"""What callers of the deductions see: techniques and their levels, difficulties, steps,
grades, and the reports and errors for a board that cannot be solved."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from numbrix_curses.verdict import Status


class Technique(str, Enum):
    """A named deduction; `.level` is its difficulty level (1 easy .. 4 fiendish)."""

    ONLY_NEIGHBOUR = "only_neighbour"
    LAST_CELL = "last_cell"
    BRIDGE = "bridge"
    STRAIGHT_RUN = "straight_run"
    REACH = "reach"
    SINGLE_CELL = "single_cell"
    DEAD_END = "dead_end"
    REGIONS = "regions"
    GAP_ROUTES = "gap_routes"
    TRIAL = "trial"

    @property
    def level(self) -> int:
        return _LEVEL[self]

    @property
    def label(self) -> str:
        """How the technique is called in text for people ("only neighbour")."""
        return _LABEL.get(self, self.value.replace("_", " "))


_LEVEL = {
    Technique.ONLY_NEIGHBOUR: 1,
    Technique.LAST_CELL: 1,
    Technique.BRIDGE: 1,
    Technique.STRAIGHT_RUN: 1,
    Technique.REACH: 2,
    Technique.SINGLE_CELL: 2,
    Technique.DEAD_END: 2,
    Technique.REGIONS: 3,
    Technique.GAP_ROUTES: 3,
    Technique.TRIAL: 4,
}
_LABEL = {
    Technique.LAST_CELL: "last empty cell",
    Technique.SINGLE_CELL: "single candidate cell",
    Technique.REGIONS: "regions and parity",
    Technique.GAP_ROUTES: "gap route enumeration",
}


class Difficulty(str, Enum):
    """A puzzle's grade: the lowest level whose techniques alone solve it."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    FIENDISH = "fiendish"

    @property
    def level(self) -> int:
        return _DIFFICULTY_ORDER.index(self) + 1

    @classmethod
    def from_level(cls, level: int) -> Difficulty:
        return _DIFFICULTY_ORDER[max(1, min(level, 4)) - 1]


_DIFFICULTY_ORDER = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD, Difficulty.FIENDISH)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """One deduction: `number` goes at `cell` (row, col), because of `reason`.

    `evidence_cells` are the cells the reason points at (to highlight); `depth` is how many
    nested assumptions a trial step needed (0 for levels 1-3). `conditional` says the step
    follows from the player's numbers, which could not be vetted (the puzzle's solution is
    not known and no solution keeping them was found in time): right only if they are.
    """

    number: int
    cell: Cell
    technique: Technique
    reason: str
    evidence_cells: tuple[Cell, ...] = ()
    depth: int = 0
    conditional: bool = False

    @property
    def level(self) -> int:
        return self.technique.level


class ProblemKind(str, Enum):
    BROKEN_RULE = "broken_rule"  # the entries break a rule (duplicate, cannot connect, boxed in)
    WRONG_ENTRY = "wrong_entry"  # rules hold so far, but some entries are not in the solution
    NO_SOLUTION = "no_solution"  # the puzzle itself has no solution
    NOT_UNIQUE = "not_unique"  # logic is stuck and the puzzle has several solutions


@dataclass(frozen=True)
class ContradictionReport:
    """Why no step is given: the board as entered cannot lead to the solution."""

    kind: ProblemKind
    reason: str
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class Grade:
    """`difficulty` plus how often each technique was used on the way to the solution."""

    difficulty: Difficulty
    technique_counts: dict[Technique, int] = field(default_factory=dict)
    #: deepest nesting of assumptions in a trial step (0 when no trial was needed)
    trial_depth: int = 0

    @property
    def level(self) -> int:
        return self.difficulty.level


class DeductionError(ValueError):
    """The puzzle is not proper (no solution, several, or the solver ran out of time).

    `status` is the solver's verdict (none, multiple or timeout).
    """

    def __init__(self, message: str, status: Status) -> None:
        super().__init__(message)
        self.status = status


class Unsolved(Exception):
    """The step asked for needs the puzzle's solution, which was not to be worked out here
    (`solve=False`) and is not known yet (see `deduce.remember_solve`)."""
