"""Board facts shared by the solver and the deduction engine (constraints.py), checked
against plain flood fills."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.constraints import (
    Contradiction, Segment, chain_consistent, components, cut_cells, distance_layers,
    feasible_pockets, gap_routes, odd_number_colour, outer_walk, reach_domains, reach_domains_read,
    segments,
)
from numbrix_curses.puzzle import Puzzle, geometry
from brute import all_paths, matching


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


# --- reach, routes and pockets, checked against every solution of small boards ----------
#
# A board here is a Hamiltonian path of a small shape (from brute.all_paths, which lists
# them all) with some of its numbers kept as givens; `matching` then gives every solution
# of those givens, so a fact the deduction engine draws can be held to all of them.

#: shapes small enough that every path of them is listed in a moment
SMALL_SHAPES = [(1, 4), (2, 2), (2, 3), (2, 5), (3, 3), (3, 4), (3, 5), (4, 4)]
#: a small shape, one of its paths, and the cells whose numbers are given
BOARDS = dict(
    shape=st.sampled_from(SMALL_SHAPES),
    pick=st.integers(0, 2**20),
    cells=st.sets(st.integers(0, 15), max_size=8),
)


@dataclass
class SmallBoard:
    rows: int
    cols: int
    pos: list[int]  # pos[v]: the cell of given v, -1 for a missing number (index 0 unused)
    free: int  # the cells without a given
    odd_colour: int | None
    solutions: list[list[int]]  # each solution as number -> cell (index 0 unused)

    @property
    def last(self) -> int:
        return self.rows * self.cols

    def near(self, cell: int) -> list[int]:
        """The cell's neighbours, by rows and columns (not the project's geometry)."""
        r, c = divmod(cell, self.cols)
        return [rr * self.cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < self.rows and 0 <= cc < self.cols]

    def is_free(self, cell: int) -> bool:
        return bool(self.free >> cell & 1)


def small_board(shape: tuple[int, int], pick: int, cells: set[int]) -> SmallBoard:
    rows, cols = shape
    size = rows * cols
    paths = all_paths(rows, cols)
    path = paths[pick % len(paths)]
    givens = np.zeros(size, dtype=np.int64)
    for cell in cells:
        if cell < size:
            givens[cell] = path[cell]
    puzzle = Puzzle(givens.reshape(rows, cols))
    pos = [-1] * (size + 2)
    for number, cell in puzzle.given_cells().items():
        pos[number] = cell
    solutions = []
    for grid in matching(puzzle):
        where = [-1] * (size + 1)
        for cell, number in enumerate(grid):
            where[int(number)] = cell
        solutions.append(where)
    assert solutions  # (the path the givens came from is one)
    odd = odd_number_colour(geometry(rows, cols), puzzle.given_cells())
    free = sum(1 << c for c in range(size) if not givens[c])
    return SmallBoard(rows, cols, pos, free, odd, solutions)


def walk_ends(board: SmallBoard, start: int, steps: int) -> set[int]:
    """The free cells a walk of exactly `steps` steps from `start` through free cells can end
    on (a walk may go back over its own cells)."""
    ends = {start}
    for _ in range(steps):
        ends = {n for c in ends for n in board.near(c) if board.is_free(n)}
    return ends


def plain_reach(board: SmallBoard, seg: Segment) -> list[set[int]]:
    """What `reach_domains` says it keeps, cell by cell: for number v, the free cells where a
    walk of v - a steps from the placed a below and one of b - v steps from the placed b
    above both end; a run with neither placed takes the free cells of its colour."""
    cells = []
    for v in range(seg.lo, seg.hi + 1):
        here = {c for c in range(board.last) if board.is_free(c)}
        if seg.anchored_below:
            here &= walk_ends(board, board.pos[seg.lo - 1], v - (seg.lo - 1))
        if seg.anchored_above:
            here &= walk_ends(board, board.pos[seg.hi + 1], seg.hi + 1 - v)
        if not seg.anchored_below and not seg.anchored_above and board.odd_colour is not None:
            colour = board.odd_colour if v % 2 else 1 - board.odd_colour
            here = {c for c in here if sum(divmod(c, board.cols)) % 2 == colour}
        cells.append(here)
    return cells


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_reach_keeps_every_cell_a_solution_uses_and_is_where_the_walks_both_end(
        shape, pick, cells):
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    for seg in segments(board.pos, board.last):
        doms = reach_domains(geo, board.pos, board.free, seg, board.odd_colour)
        assert len(doms) == seg.length
        for where in board.solutions:
            for v in range(seg.lo, seg.hi + 1):
                assert doms[v - seg.lo] >> where[v] & 1, (seg, v)
        assert [bits(d) for d in doms] == plain_reach(board, seg)


@settings(max_examples=300, deadline=None)
@given(**BOARDS, filled=st.integers(0, 2**49 - 1))
def test_reach_is_the_same_while_the_cells_it_read_stay_as_they_were(shape, pick, cells, filled):
    # (a walk's look at level 2 keeps a gap's reach while the cells it read stay as they
    # were: filling any others must not change it)
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    for seg in segments(board.pos, board.last):
        doms, read = reach_domains_read(geo, board.pos, board.free, seg, board.odd_colour)
        fuller = board.free & ~(filled & ~read)
        assert reach_domains(geo, board.pos, fuller, seg, board.odd_colour) == doms


@settings(max_examples=300, deadline=None)
@given(**REGIONS, start=st.integers(1, 2**49 - 1), limit=st.integers(0, 14))
def test_distance_layers_are_the_free_cells_a_flood_meets_at_each_step(
        rows, cols, seed, start, limit):
    geo = geometry(rows, cols)
    free = seed & geo.full_mask
    start &= geo.full_mask
    if not start:
        start = 1
    # a flood from `start`, one step at a time, through free cells only
    distance = {c: 0 for c in bits(start)}
    frontier = list(distance)
    while frontier:
        grown = []
        for cell in frontier:
            for n in geo.neighbours[cell]:
                if free >> n & 1 and n not in distance:
                    distance[n] = distance[cell] + 1
                    grown.append(n)
        frontier = grown
    farthest = min(max(distance.values()), limit)
    expected = [{c for c, d in distance.items() if d == t} for t in range(farthest + 1)]
    assert [bits(layer) for layer in distance_layers(geo, start, free, limit)] == expected


def chain_walks(board: SmallBoard, doms: list[int], below: int, above: int) -> list[set[int]]:
    """For each place of a run, the cells some walk puts there: walks c_0..c_{k-1} with c_i
    in doms[i], each next to the one before, c_0 next to `below` and c_{k-1} next to
    `above` where those are placed (-1: not). Listed one walk at a time."""
    k = len(doms)
    used: list[set[int]] = [set() for _ in range(k)]

    def extend(walk: list[int]) -> None:
        if len(walk) == k:
            if above < 0 or above in board.near(walk[-1]):
                for i, c in enumerate(walk):
                    used[i].add(c)
            return
        options = (board.near(walk[-1]) if walk
                   else board.near(below) if below >= 0 else range(board.last))
        for c in options:
            if doms[len(walk)] >> c & 1:
                extend(walk + [c])

    extend([])
    return used


@settings(max_examples=300, deadline=None)
@given(**BOARDS, narrowing=st.lists(st.integers(0, 2**16 - 1), min_size=16, max_size=16),
       keep=st.integers(0, 2**20))
def test_chain_consistency_keeps_exactly_the_cells_some_chain_of_neighbours_uses(
        shape, pick, cells, narrowing, keep):
    """Candidates narrowed at random (as other techniques narrow them) but still holding one
    solution's cells: that solution survives, and a cell is kept exactly when some chain of
    neighbouring candidates, placed ends included, passes through it."""
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    kept = board.solutions[keep % len(board.solutions)]
    for seg in segments(board.pos, board.last):
        doms = reach_domains(geo, board.pos, board.free, seg, board.odd_colour)
        doms = [(d & narrowing[i % 16]) | 1 << kept[seg.lo + i] for i, d in enumerate(doms)]
        below = board.pos[seg.lo - 1] if seg.anchored_below else -1
        above = board.pos[seg.hi + 1] if seg.anchored_above else -1
        out = chain_consistent(geo, doms, 1 << below if below >= 0 else 0,
                               1 << above if above >= 0 else 0)
        for where in board.solutions:
            if all(doms[v - seg.lo] >> where[v] & 1 for v in range(seg.lo, seg.hi + 1)):
                assert all(out[v - seg.lo] >> where[v] & 1 for v in range(seg.lo, seg.hi + 1))
        assert [bits(d) for d in out] == chain_walks(board, doms, below, above)


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(1, 5), cols=st.integers(1, 5), below=st.integers(-1, 24),
       above=st.integers(-1, 24), doms=st.lists(st.integers(0, 2**25 - 1), min_size=1, max_size=6))
def test_a_run_with_no_chain_of_neighbouring_candidates_is_left_a_place_with_none(
        rows, cols, below, above, doms):
    geo = geometry(rows, cols)
    board = SmallBoard(rows, cols, [], geo.full_mask, None, [])
    below, above = (-1 if end >= geo.size else end for end in (below, above))
    doms = [d & geo.full_mask for d in doms]
    out = chain_consistent(geo, doms, 1 << below if below >= 0 else 0,
                           1 << above if above >= 0 else 0)
    walks = chain_walks(board, doms, below, above)
    if all(walks):
        assert [bits(d) for d in out] == walks
    else:
        assert not all(out)  # "an empty one means the run cannot be laid"
    assert all(o & ~d == 0 for o, d in zip(out, doms))  # narrowed, never widened


def plain_routes(board: SmallBoard, start: int, end: int, doms: list[int]) -> list[tuple]:
    """Every way to lay a gap as the docstring of `gap_routes` words it, one cell at a time:
    c_i in doms[i], c_0 next to `start`, c_{k-1} next to `end`, each next to the one before,
    no cell twice."""
    routes = []

    def extend(route: tuple) -> None:
        if len(route) == len(doms):
            if end in board.near(route[-1]):
                routes.append(route)
            return
        for c in board.near(route[-1] if route else start):
            if doms[len(route)] >> c & 1 and c not in route:
                extend(route + (c,))

    extend(())
    return routes


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_gap_routes_list_every_way_to_lay_a_gap_and_the_solutions_are_among_them(
        shape, pick, cells):
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    for seg in segments(board.pos, board.last):
        if not (seg.anchored_below and seg.anchored_above):
            continue
        a, z = board.pos[seg.lo - 1], board.pos[seg.hi + 1]
        reach = reach_domains(geo, board.pos, board.free, seg, board.odd_colour)
        for doms in (reach, [board.free] * seg.length):
            routes = gap_routes(geo, a, z, doms, max_nodes=10**6)
            assert routes is not None
            assert len(set(routes)) == len(routes)  # each way once
            assert sorted(routes) == sorted(plain_routes(board, a, z, doms))
            for where in board.solutions:
                assert tuple(where[seg.lo: seg.hi + 1]) in routes


@settings(max_examples=100, deadline=None)
@given(**BOARDS, budget=st.integers(0, 80))
def test_gap_routes_out_of_budget_say_so_rather_than_list_some(shape, pick, cells, budget):
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    for seg in segments(board.pos, board.last):
        if seg.anchored_below and seg.anchored_above:
            a, z = board.pos[seg.lo - 1], board.pos[seg.hi + 1]
            doms = [board.free] * seg.length
            every = gap_routes(geo, a, z, doms, max_nodes=10**6)
            routes = gap_routes(geo, a, z, doms, max_nodes=budget)
            assert routes is None or routes == every
            if budget == 0 and any(board.is_free(c) for c in board.near(a)):
                assert routes is None  # (a first cell to try is a step over budget)


def sharing_outs(lengths, seg_odds, cands, sizes, pocket_odds) -> list[tuple[int, ...]]:
    """Every exact sharing-out of runs to pockets, by trying every choice: run i goes into
    choice[i] (one of cands[i]), and each pocket's runs add up to its size (and to its count
    of colour-1 cells, where colours are given)."""
    found = []
    for choice in itertools.product(*cands):
        fill = [0] * len(sizes)
        odd_fill = [0] * len(sizes)
        for i, k in enumerate(choice):
            fill[k] += lengths[i]
            odd_fill[k] += seg_odds[i] if seg_odds is not None else 0
        if fill == list(sizes) and (pocket_odds is None or odd_fill == list(pocket_odds)):
            found.append(choice)
    return found


@st.composite
def pocket_puzzles(draw):
    """Runs (lengths, colour-1 counts, pockets each may enter) and pockets (sizes, colour-1
    counts), often with sizes that some sharing-out fills exactly."""
    n_runs = draw(st.integers(1, 5))
    n_pockets = draw(st.integers(1, 4))
    lengths = draw(st.lists(st.integers(1, 6), min_size=n_runs, max_size=n_runs))
    seg_odds = [draw(st.integers(0, n)) for n in lengths]
    cands = [sorted(draw(st.sets(st.integers(0, n_pockets - 1), max_size=n_pockets)))
             for _ in range(n_runs)]
    if draw(st.booleans()):
        # sizes made from one random sharing-out: at least one fits when each run can go there
        home = [draw(st.sampled_from(c)) if c else 0 for c in cands]
        sizes = [sum(n for n, k in zip(lengths, home) if k == p) for p in range(n_pockets)]
        pocket_odds = [sum(o for o, k in zip(seg_odds, home) if k == p) for p in range(n_pockets)]
        if draw(st.booleans()) and n_pockets > 1:
            pocket_odds[0] += 1  # (colours that no longer add up)
            pocket_odds[1] -= 1
    else:
        sizes = draw(st.lists(st.integers(0, 12), min_size=n_pockets, max_size=n_pockets))
        pocket_odds = [draw(st.integers(0, s)) for s in sizes]
    if draw(st.booleans()):
        seg_odds = pocket_odds = None
    return lengths, seg_odds, cands, sizes, pocket_odds


@settings(max_examples=500, deadline=None)
@given(problem=pocket_puzzles())
def test_feasible_pockets_are_the_pockets_each_run_takes_in_some_exact_sharing_out(problem):
    lengths, seg_odds, cands, sizes, pocket_odds = problem
    outs = sharing_outs(*problem)
    found = feasible_pockets(lengths, seg_odds, cands, sizes, pocket_odds)
    if not outs:
        assert found is None
    else:
        assert found == [{choice[i] for choice in outs} for i in range(len(lengths))]


@settings(max_examples=300, deadline=None)
@given(problem=pocket_puzzles(), budget=st.integers(0, 6))
def test_feasible_pockets_out_of_budget_keep_every_pocket_a_run_might_take(problem, budget):
    lengths, seg_odds, cands, sizes, pocket_odds = problem
    outs = sharing_outs(*problem)
    found = feasible_pockets(lengths, seg_odds, cands, sizes, pocket_odds, max_nodes=budget)
    if outs:
        assert found is not None
        for i, options in enumerate(cands):
            assert {choice[i] for choice in outs} <= found[i] <= set(options)


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_feasible_pockets_keep_the_pocket_each_run_fills_in_every_solution(shape, pick, cells):
    board = small_board(shape, pick, cells)
    geo = geometry(board.rows, board.cols)
    pockets = components(geo, board.free)
    segs = segments(board.pos, board.last)
    cands = []
    for seg in segs:
        doms = reach_domains(geo, board.pos, board.free, seg, board.odd_colour)
        cands.append([k for k, pocket in enumerate(pockets) if all(d & pocket for d in doms)])
    lengths = [seg.length for seg in segs]
    sizes = [p.bit_count() for p in pockets]
    if board.odd_colour is None:
        seg_odds = pocket_odds = None
    else:
        seg_odds = [sum(1 for v in range(seg.lo, seg.hi + 1)
                        if (v % 2 == 1) == (board.odd_colour == 1)) for seg in segs]
        pocket_odds = [sum(1 for c in bits(p) if sum(divmod(c, board.cols)) % 2) for p in pockets]
    found = feasible_pockets(lengths, seg_odds, cands, sizes, pocket_odds)
    assert found is not None
    for where in board.solutions:
        for i, seg in enumerate(segs):
            home = next(k for k, p in enumerate(pockets) if p >> where[seg.lo] & 1)
            assert home in found[i], (seg, home)
