"""Which step comes next: the levels 1-3 in order, lowest first, and applying their steps."""

from __future__ import annotations

from numbrix_curses.constraints import segments
from numbrix_curses.deduce.board import Board, Found
from numbrix_curses.deduce.easy import level1
from numbrix_curses.deduce.medium import Domains, level2
from numbrix_curses.deduce.hard import level3


def find_steps(
    board: Board, max_level: int, want_all: bool, min_level: int = 1
) -> tuple[list[Found], Domains | None]:
    """Steps of the lowest level from `min_level` up to `max_level` that has any, and the
    domains used (levels below `min_level` are known to find nothing)."""
    segs = segments(board.pos, board.last)
    if min_level <= 1:
        found = level1(board, segs, want_all)
        if found or max_level < 2:
            return found, None
    doms = Domains(board, segs)
    found = level2(board, doms, want_all)
    if found or max_level < 3:
        return found, doms
    return level3(board, doms, want_all), doms


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
