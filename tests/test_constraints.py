"""Board facts shared by the solver and the deduction engine (constraints.py), checked
against plain flood fills."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.constraints import (
    Contradiction, components, cut_cells, odd_number_colour, outer_walk,
)
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


#: a board shape and a random set of its cells (the bits of `seed` on the board)
REGIONS = dict(rows=st.integers(1, 7), cols=st.integers(1, 7), seed=st.integers(0, 2**49 - 1))


def bits(mask: int) -> set[int]:
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


@settings(max_examples=300, deadline=None)
@given(**REGIONS)
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


def outside_cells(rows: int, cols: int, cells: set[int]) -> set[int]:
    """The cells of `cells` on the outer face of their grid graph, found from the plane's
    side: the unit squares between four cell centres (rows and columns -1..n-1) are flooded
    from the border inwards, crossing a side unless both cells it joins are in `cells` (an
    edge of the graph); a cell is outside when a flooded square touches it."""
    def drawn(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return all(0 <= r < rows and 0 <= c < cols and r * cols + c in cells for r, c in (a, b))

    start = (-1, -1)
    seen, frontier = {start}, [start]
    while frontier:
        r, c = frontier.pop()  # the square with corners (r, c) .. (r + 1, c + 1)
        moves = (
            ((r - 1, c), ((r, c), (r, c + 1))),
            ((r + 1, c), ((r + 1, c), (r + 1, c + 1))),
            ((r, c - 1), ((r, c), (r + 1, c))),
            ((r, c + 1), ((r, c + 1), (r + 1, c + 1))),
        )
        for square, side in moves:
            if -1 <= square[0] < rows and -1 <= square[1] < cols and square not in seen:
                if not drawn(*side):
                    seen.add(square)
                    frontier.append(square)
    return {
        cell for cell in cells
        if any((cell // cols - dr, cell % cols - dc) in seen for dr in (0, 1) for dc in (0, 1))
    }


@settings(max_examples=300, deadline=None)
@given(**REGIONS)
def test_outer_walk_goes_round_the_outside_of_a_pocket(rows, cols, seed):
    geo = geometry(rows, cols)
    region = seed & geo.full_mask
    if not region:
        assert outer_walk(geo, region) == []
        return
    first = (region & -region).bit_length() - 1
    pocket = next(c for c in components(geo, region) if c >> first & 1)
    walk = outer_walk(geo, region)
    assert walk[0] == first
    # each step goes to a neighbour, the last one back to the first cell
    if len(walk) > 1:
        for a, b in zip(walk, walk[1:] + walk[:1]):
            assert b in geo.neighbours[a]
    assert set(walk) == outside_cells(rows, cols, bits(pocket))


def test_outer_walk_of_a_ring_leaves_out_its_hole_and_counts_a_neck_twice():
    geo = geometry(4, 4)
    ring = {0, 1, 2, 4, 6, 8, 9, 10}  # a 3x3 ring round cell 5
    assert outer_walk(geo, sum(1 << c for c in ring)) == [0, 1, 2, 6, 10, 9, 8, 4]
    # an L: the corner cell is met on the way out and on the way back
    assert outer_walk(geo, (1 << 0) | (1 << 4) | (1 << 5)) == [0, 4, 5, 4]


@pytest.mark.parametrize("number, cell, said", [
    (3, 1, "3 stands on the wrong checkerboard colour, as odd numbers take the corner colour"),
    # an even number was told that "odd numbers take the corner colour", as if a misprint
    (2, 0, "2 stands on the wrong checkerboard colour, as even numbers cannot take the corner"),
])
def test_a_given_on_the_wrong_colour_of_an_odd_board_is_told_why(number, cell, said) -> None:
    with pytest.raises(Contradiction, match=said):
        odd_number_colour(geometry(3, 3), {number: cell})


def test_a_given_against_an_earlier_one_names_it_and_the_rule() -> None:
    """Before: "3 stands on the wrong checkerboard colour, given where 1 stands", which
    left the player to work out what was wrong with 1 being there."""
    with pytest.raises(Contradiction, match="3 stands on the wrong checkerboard colour: 1 and "
                                            "3 are 2 apart, so they must stand on the same "
                                            "colour$"):
        odd_number_colour(geometry(2, 2), {1: 0, 3: 1})
    with pytest.raises(Contradiction, match="4 stands on the wrong checkerboard colour: 1 and "
                                            "4 are 3 apart, so they must stand on different "
                                            "colours$"):
        odd_number_colour(geometry(2, 2), {1: 0, 4: 3})
