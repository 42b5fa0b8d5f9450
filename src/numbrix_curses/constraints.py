"""Facts about a partly filled board that both the solver and the deduction engine use.

Boards are bitmasks (Python ints, bit i = cell i) over a `Geometry`. A partly filled board is
seen as numbers placed at cells plus *segments*: maximal runs of consecutive missing numbers.
A segment between two placed numbers is a gap; the one before the smallest placed number is
the head (its number 1 may go anywhere), the one after the largest is the tail.

Keeping these facts here means a pruning rule of the solver and the hint that explains it are
computed by the same code and can never disagree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from numbrix_curses.puzzle import Geometry


class Contradiction(Exception):
    """The board as it stands cannot be completed; the message says why."""


@dataclass(frozen=True)
class Segment:
    """Missing numbers lo..hi; `lo - 1` is placed unless lo == 1, `hi + 1` unless hi == last."""

    lo: int
    hi: int
    last: int

    @property
    def length(self) -> int:
        return self.hi - self.lo + 1

    @property
    def anchored_below(self) -> bool:
        return self.lo > 1

    @property
    def anchored_above(self) -> bool:
        return self.hi < self.last


def segments(pos: Sequence[int], last: int) -> list[Segment]:
    """The segments of missing numbers; `pos[v]` is the cell of v or -1 (index 0 unused)."""
    found = []
    v = 1
    while v <= last:
        if pos[v] >= 0:
            v += 1
            continue
        lo = v
        while v <= last and pos[v] < 0:
            v += 1
        found.append(Segment(lo, v - 1, last))
    return found


def odd_number_colour(geo: Geometry, givens: dict[int, int]) -> int | None:
    """The checkerboard colour every odd number must stand on, or None if either works.

    Consecutive numbers alternate colours, so one given fixes the colour of all of them; on a
    board with an odd number of cells the odd numbers are one more than the even ones and must
    take the majority colour (that of the top-left cell). Raises `Contradiction` when the givens
    disagree with each other or with that count.
    """
    size = geo.size
    forced: int | None = 0 if size % 2 == 1 else None
    reason = "the board has an odd number of cells, so odd numbers need the corner colour"
    for number, cell in sorted(givens.items()):
        colour = geo.colour[cell] ^ (1 - number % 2)
        if forced is None:
            forced = colour
            reason = f"{number} fixes the colours"
        elif colour != forced:
            raise Contradiction(
                f"{number} stands on the wrong checkerboard colour ({reason})"
            )
    return forced


def colour_mask(geo: Geometry, colour: int) -> int:
    """All cells of checkerboard colour `colour`."""
    return geo.odd_mask if colour else geo.full_mask & ~geo.odd_mask


def number_colour(odd_colour: int, number: int) -> int:
    """Colour of the cell `number` must stand on, given the colour of odd numbers."""
    return odd_colour if number % 2 else 1 - odd_colour


def odd_colour_count(lo: int, hi: int, odd_colour: int) -> int:
    """How many of the numbers lo..hi stand on colour-1 cells."""
    odds = (hi + 1) // 2 - lo // 2  # odd numbers in lo..hi
    return odds if odd_colour == 1 else (hi - lo + 1) - odds


def components(geo: Geometry, free: int) -> list[int]:
    """Connected pockets of the cells in `free` (orthogonal moves), as bitmasks."""
    found = []
    rest = free
    expand = geo.expand
    while rest:
        comp = frontier = rest & -rest
        while frontier:
            frontier = expand(frontier) & rest & ~comp
            comp |= frontier
        found.append(comp)
        rest &= ~comp
    return found


def dead_ends(geo: Geometry, free: int, usable: int) -> int:
    """Free cells with fewer than two usable neighbours: each must hold 1 or the last number.

    `usable` is the free cells plus the placed cells that still miss a consecutive neighbour;
    a number in the middle of the path needs two of those next to it.
    """
    return free & ~geo.with_two_neighbours_in(usable)
