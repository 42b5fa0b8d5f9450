"""The board the techniques look at (placed numbers and free cells, cheap to copy for a
trial), the contradiction they raise on it, and the words their reasons are made of."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from numbrix_curses.constraints import Segment
from numbrix_curses.puzzle import Geometry, cell_name
from numbrix_curses.deduce.steps import Technique


class Broken(Exception):
    """The board cannot be completed; `reason` is a sentence, `cells` point at the trouble."""

    def __init__(self, reason: str, cells: Sequence[int] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cells = tuple(cells)


@dataclass
class Found:
    number: int
    cell: int
    technique: Technique
    reason: str
    evidence: tuple[int, ...] = ()
    depth: int = 0


class Board:
    """Placed numbers and free cells; cheap to copy for trials."""

    __slots__ = ("free", "geo", "last", "num", "odd_colour", "pos")

    def __init__(self, geo: Geometry, odd_colour: int | None) -> None:
        self.geo = geo
        self.last = geo.size
        self.pos = [-1] * (self.last + 2)
        self.num = [0] * geo.size
        self.free = geo.full_mask
        self.odd_colour = odd_colour

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.geo = self.geo
        other.last = self.last
        other.pos = list(self.pos)
        other.num = list(self.num)
        other.free = self.free
        other.odd_colour = self.odd_colour
        return other

    def place(self, number: int, cell: int) -> None:
        if self.pos[number] >= 0:
            if self.pos[number] == cell:
                return
            raise Broken(
                f"{number} would have to stand both at {self.name(self.pos[number])} "
                f"and at {self.name(cell)}",
                (self.pos[number], cell),
            )
        if self.num[cell]:
            raise Broken(
                f"{self.name(cell)} would have to hold both {self.num[cell]} and {number}",
                (cell,),
            )
        self.pos[number] = cell
        self.num[cell] = number
        self.free &= ~(1 << cell)

    def name(self, cell: int) -> str:
        return cell_name(*divmod(cell, self.geo.cols))

    def at(self, number: int) -> str:
        """"14 at B3"."""
        return f"{number} at {self.name(self.pos[number])}"


class GapReads:
    """The cells a look at each gap of a walk's board read, and which of them were free:
    on a board that only fills up, a gap lo..hi keeps the numbers around it, so a look at
    it gives the same answer again while those cells stay as they were."""

    __slots__ = ("_read",)

    def __init__(self) -> None:
        self._read: dict[tuple[int, int], tuple[int, int]] = {}

    def clear(self) -> None:
        self._read.clear()

    def changed(self, seg: Segment, free: int) -> bool:
        """Whether a look at `seg` may answer otherwise now than when last noted."""
        kept = self._read.get((seg.lo, seg.hi))
        return kept is None or free & kept[0] != kept[1]

    def note(self, seg: Segment, read: int, free: int) -> None:
        self._read[(seg.lo, seg.hi)] = (read, free & read)


def span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def cell_list(board: Board, mask: int, limit: int = 4) -> str:
    cells = list(board.geo.cells_of(mask))
    shown = [board.name(c) for c in cells[:limit]]
    if len(cells) > limit:
        shown.append("...")
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def is_single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def only_cell(mask: int) -> int:
    return mask.bit_length() - 1


def mask_of(cells: Iterable[int]) -> int:
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask
