"""Which step comes next: the levels 1-3 in order, lowest first, and applying their steps."""

from __future__ import annotations

from bisect import bisect_right

from numbrix_curses.constraints import Segment, segments
from numbrix_curses.deduce.board import Board, Found
from numbrix_curses.deduce.easy import EasyScan, level1
from numbrix_curses.deduce.medium import Domains, WalkReach, level2
from numbrix_curses.deduce.hard import level3


def find_steps(
    board: Board, max_level: int, want_all: bool
) -> tuple[list[Found], Domains | None]:
    """Steps of the lowest level up to `max_level` that has any, and the domains used."""
    segs = segments(board.pos, board.last)
    found = level1(board, segs, want_all)
    if found or max_level < 2:
        return found, None
    doms = Domains(board, segs)
    found = level2(board, doms, want_all)
    if found or max_level < 3:
        return found, doms
    return level3(board, doms, want_all), doms


class WalkSteps:
    """The next steps of a walk on one board that only fills up (a grade's walk, or the
    generator's test of a difficulty): every level-1 step there is, or else the first step
    of the lowest level up to a limit. Each look builds on the last one: it finds the same
    steps as looking afresh, but looks again only where the board changed, which makes a
    walk of one step at a time about as cheap as taking steps in batches."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._free = -1  # the free cells at the last look (-1: none yet, or it broke)
        self._segs: list[Segment] = []
        self._easy = EasyScan(board)
        self._reach = WalkReach(board)

    def next(self, max_level: int) -> tuple[list[Found], Domains | None]:
        """The next steps; none: stuck at `max_level` (with the domains the levels above 1
        used, for a trial, where they were looked at)."""
        board = self.board
        placed = self._placed()
        self._segs = segs = self._segments(placed)
        self._reach.note_placed(placed)
        found = self._easy.scan(segs, placed)
        self._free = board.free
        if found or max_level < 2:
            return found, None
        doms = self._reach.domains(segs)
        found = level2(board, doms, want_all=False)
        if not found and max_level >= 3:
            found = level3(board, doms, want_all=False)
        return found[:1], doms

    def _placed(self) -> list[int] | None:
        """The numbers placed since the last look; None when there was none, or when cells
        were emptied since (a walk never does that, but its board is anyone's to change)."""
        board = self.board
        before, self._free = self._free, -1
        if before < 0 or board.free & ~before:
            return None
        filled = before & ~board.free
        return [board.num[c] for c in board.geo.cells_of(filled)]

    def _segments(self, placed: list[int] | None) -> list[Segment]:
        """The gaps, worked out again only where a number was placed inside one."""
        board = self.board
        if placed is None:
            return segments(board.pos, board.last)
        if not placed:
            return self._segs
        old = self._segs
        los = [seg.lo for seg in old]
        segs: list[Segment] = []
        kept = 0
        for i in sorted({bisect_right(los, n) - 1 for n in placed}):
            segs += old[kept:i]
            segs += segments(board.pos, board.last, old[i].lo, old[i].hi)
            kept = i + 1
        segs += old[kept:]
        return segs


def apply_steps(board: Board, found: list[Found]) -> list[Found]:
    applied = []
    for step in found:
        if board.pos[step.number] == step.cell:
            continue
        board.place(step.number, step.cell)
        applied.append(step)
    return applied


def settle(board: Board, max_level: int, rounds: int) -> None:
    """Apply every step up to `max_level` until none is left or `rounds` passes are done;
    raises `Broken` on a contradiction."""
    for _ in range(rounds):
        if not board.free:
            level1(board, [], want_all=False)  # a full board still has to be one path
            return
        found, _ = find_steps(board, max_level, want_all=True)
        if not found:
            return
        apply_steps(board, found)
