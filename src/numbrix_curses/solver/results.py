"""What a solve returns and what a watcher of the search is told: the verdict, the solutions,
the statistics, and the events that animate a search."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from numbrix_curses.verdict import Status

__all__ = ["EventKind", "SearchEvent", "SolveResult", "SolveStats", "Status"]


class EventKind(str, Enum):
    PLACE = "place"  # a number was put on a cell (by a guess or a deduction)
    REMOVE = "remove"  # a number was taken back while backtracking
    SOLUTION = "solution"  # the board is full and correct


@dataclass(frozen=True)
class SearchEvent:
    kind: EventKind
    number: int = 0
    cell: int = -1
    guess: bool = False
    #: a number probing tries, to see whether the board fails at once, then takes back
    #: (no guess of the search's: not counted as one)
    trial: bool = False


@dataclass
class SolveStats:
    nodes: int = 0  # guesses tried
    placements: int = 0  # numbers placed by deduction
    backtracks: int = 0
    max_depth: int = 0
    seconds: float = 0.0


@dataclass
class SolveResult:
    status: Status
    solutions: list[np.ndarray] = field(default_factory=list)
    stats: SolveStats = field(default_factory=SolveStats)
    #: why there is no solution, when that was clear before any search
    reason: str = ""

    @property
    def solution(self) -> np.ndarray | None:
        return self.solutions[0] if self.solutions else None

    @property
    def other_solution(self) -> np.ndarray | None:
        return self.solutions[1] if len(self.solutions) > 1 else None
