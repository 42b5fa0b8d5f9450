"""What the statistics screen shows: the puzzles solved, grouped by board size and
difficulty, with their best times, from the records (`records`) the state directory keeps.

Pure: it reads `Record`s and returns rows, so it is tested without a terminal or files.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Iterable

from numbrix_curses import DIFFICULTIES
from numbrix_curses.records import Record

#: the order difficulties are listed in within a size (others after, by name)
DIFFICULTY_ORDER = DIFFICULTIES


@dataclass(frozen=True)
class Group:
    """The solved puzzles of one size and difficulty ("" when a puzzle has none).

    `rows` and `cols` are None for puzzles solved before sizes were recorded. `best` is the
    fastest time among them, `typical` the median of their best times; both None when every
    solve was helped (a hint, an auto-fill, the solution shown), which earns no time."""

    rows: int | None
    cols: int | None
    difficulty: str
    puzzles: int
    solves: int
    best: float | None
    typical: float | None

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}" if self.rows is not None else "older"


@dataclass(frozen=True)
class Summary:
    groups: tuple[Group, ...]
    puzzles: int
    solves: int


def summarize(records: Iterable[Record]) -> Summary:
    """The groups of the solved `records`, smallest boards first."""
    by_group: dict[tuple[int | None, int | None, str], list[Record]] = {}
    for record in records:
        if record.solved:
            key = (record.rows, record.cols, record.difficulty)
            by_group.setdefault(key, []).append(record)
    groups = []
    for (rows, cols, difficulty), members in by_group.items():
        times = sorted(r.best_seconds for r in members if r.best_seconds is not None)
        groups.append(Group(
            rows, cols, difficulty,
            puzzles=len(members),
            solves=sum(r.solved for r in members),
            best=times[0] if times else None,
            typical=statistics.median(times) if times else None,
        ))
    groups.sort(key=_order)
    return Summary(tuple(groups), sum(g.puzzles for g in groups), sum(g.solves for g in groups))


def _order(group: Group) -> tuple:
    known = group.rows is not None and group.cols is not None
    cells = group.rows * group.cols if known else 10**6  # (the sizes not recorded last)
    rank = (DIFFICULTY_ORDER.index(group.difficulty) if group.difficulty in DIFFICULTY_ORDER
            else len(DIFFICULTY_ORDER))
    return (cells, group.rows or 0, rank, group.difficulty)
