"""Board facts shared by the solver and the deduction engine (constraints.py), checked
against plain flood fills."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.constraints import components, cut_cells
from numbrix_curses.puzzle import geometry


def flood_parts(rows: int, cols: int, cells: set[int]) -> list[set[int]]:
    """The connected parts of `cells`, by a breadth-first flood over (row, col) moves."""
    parts = []
    left = set(cells)
    while left:
        start = left.pop()
        part, frontier = {start}, [start]
        while frontier:
            cell = frontier.pop()
            r, c = divmod(cell, cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                n = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and n in left:
                    left.remove(n)
                    part.add(n)
                    frontier.append(n)
        parts.append(part)
    return parts


def bits(mask: int) -> set[int]:
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


@settings(max_examples=300, deadline=None)
@given(
    rows=st.integers(1, 7),
    cols=st.integers(1, 7),
    seed=st.integers(0, 2**49 - 1),
)
def test_cut_cells_are_the_cells_whose_removal_splits_a_pocket(rows, cols, seed):
    geo = geometry(rows, cols)
    region = seed & geo.full_mask
    for pocket in components(geo, region):
        found = {cell: sorted(map(bits, parts), key=min) for cell, parts in cut_cells(geo, pocket)}
        expected = {}
        for cell in bits(pocket):
            parts = flood_parts(rows, cols, bits(pocket) - {cell})
            if len(parts) > 1:
                expected[cell] = sorted(parts, key=min)
        assert found == expected


def test_cut_cells_of_a_corridor_between_two_rooms():
    # 3x7: two 3x3 rooms joined by the middle row's cell (1, 3); the cells of the corridor
    # and nothing else split the region
    geo = geometry(3, 7)
    room = {0, 1, 2, 7, 8, 9, 14, 15, 16}
    other = {c + 4 for c in room}
    region = sum(1 << c for c in room | other | {10})
    cuts = dict(cut_cells(geo, region))
    assert sorted(cuts) == [9, 10, 11]
    assert sorted(map(bits, cuts[10]), key=min) == [room, other]
    assert cut_cells(geo, sum(1 << c for c in room)) == []
    assert cut_cells(geo, 1 << 5) == []
