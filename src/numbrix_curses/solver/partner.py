"""What the search and its root partner trade (see `workers.Partner`): every number's
candidate cells and refutation counts, packed as bytes, and the partner's side of the trade,
which probes the root of the same board turned round.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from numbrix_curses.constraints import odd_number_colour
from numbrix_curses.workers import Partner

if TYPE_CHECKING:
    from numbrix_curses.solver.search import Search


# While a partner process probes the root beside the search (boards past 15x15, see
# `workers.Partner`), the two swap what they know at most this often (in seconds).
TRADE_EVERY = 0.003

# each byte with its bits in reverse order (turns a bitmask round, see `encode`)
_BITS_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def encode(dom: list[int], counts: list[int], width: int, cells: int, mirrored: bool) -> bytes:
    """What a search knows at the root, as the partners trade it (see `workers.Partner`):
    every number's candidate mask in `width` bytes, little-endian, then every number's
    count of refuted probes in a byte (at most 255), both in the board's own frame.

    A mirrored search (the partner, see `partner_root`) sees cell i as cell cells-1-i and
    number v as last+1-v: shifting each mask up to the top of its bytes, then reversing the
    whole string and the bits in every byte, does both at once.
    """
    if not mirrored:
        masks = b"".join(d.to_bytes(width, "little") for d in dom)
        return masks + bytes(counts)
    shift = 8 * width - cells
    masks = b"".join((d << shift).to_bytes(width, "little") for d in dom)
    return masks[::-1].translate(_BITS_REVERSED) + bytes(counts[::-1])


def decode(blob: bytes, width: int, cells: int, mirrored: bool) -> tuple[list[int], bytes]:
    """The inverse of `encode`: masks and counts (bits past the board's cells, if set,
    mean nothing)."""
    split = len(blob) // (width + 1) * width
    masks, counts = blob[:split], blob[split:]
    if mirrored:
        masks, counts = masks[::-1].translate(_BITS_REVERSED), counts[::-1]
    shift = 8 * width - cells if mirrored else 0
    cut = range(0, split, width)
    return [int.from_bytes(masks[k : k + width], "little") >> shift for k in cut], counts


def traded_length(last: int, cells: int) -> int:
    """The length of what `encode` makes of a board of `cells` cells numbered 1..`last`."""
    return (last + 2) * ((cells + 7 >> 3) + 1)


def turned_round(search: Search) -> Search:
    """A search on `search`'s board state turned round (see `encode`)."""
    geo, last, cells = search.geo, search.last, search.geo.size
    width = cells + 7 >> 3
    no_counts = [0] * (last + 2)
    dom, _ = decode(encode(search.dom, no_counts, width, cells, False), width, cells, True)
    (free,), _ = decode(encode([search.free], [0], width, cells, False), width, cells, True)
    pos = [-1] * (last + 2)
    for v in range(1, last + 1):
        if search.pos[v] >= 0:
            pos[last + 1 - v] = cells - 1 - search.pos[v]
    placed = {v: cell for v, cell in enumerate(pos) if cell >= 0}
    other = type(search)(geo)
    other.load(pos, dom, free, odd_number_colour(geo, placed) if placed else None)
    other.mirrored = True
    return other


def partner_root(maker: Search, partner: Partner) -> None:
    """(In the partner process) probe the root of `maker`'s board turned round, trading
    facts with the maker, until it stops this process. A contradiction ends the partner
    quietly: the maker meets it too."""
    search = turned_round(maker)
    search.partner = partner
    while not partner.stopped():
        search._check()
        while not search._trade(now=True):
            if partner.stopped():
                return
            time.sleep(TRADE_EVERY)
