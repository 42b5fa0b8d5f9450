"""The puzzle model: validation, the neighbour table, bitmask expansion, the solution check."""
from __future__ import annotations

import random

import numpy as np
import pytest

from numbrix_curses.puzzle import (
    MAX_SIDE,
    Puzzle,
    PuzzleError,
    cell_name,
    geometry,
    path_to_grid,
)

# A 3x4 solution: a serpentine path.
SERPENTINE = [
    [1, 2, 3, 4],
    [8, 7, 6, 5],
    [9, 10, 11, 12],
]


# --- validation -----------------------------------------------------------------------------


def test_from_rows_keeps_givens_and_metadata():
    puzzle = Puzzle.from_rows([[1, 0, 0], [0, 0, 6]], {"id": "p1", "difficulty": "easy"})
    assert (puzzle.rows, puzzle.cols, puzzle.size) == (2, 3, 6)
    assert puzzle.id == "p1"
    assert puzzle.metadata["difficulty"] == "easy"
    assert puzzle.clue_count == 2
    assert puzzle.given_cells() == {1: 0, 6: 5}


def test_givens_are_int16_and_read_only():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    assert puzzle.givens.dtype == np.int16
    with pytest.raises(ValueError):
        puzzle.givens[0, 1] = 2


def test_constructor_copies_its_input():
    source = np.array([[1, 0], [0, 0]])
    puzzle = Puzzle(source)
    source[0, 1] = 2
    assert puzzle.flat() == [1, 0, 0, 0]


def test_given_cells_and_flat():
    puzzle = Puzzle.from_rows([[0, 3], [1, 0]])
    assert puzzle.given_cells() == {3: 1, 1: 2}
    assert puzzle.flat() == [0, 3, 1, 0]
    assert all(type(v) is int for v in puzzle.flat())


def test_number_out_of_range_names_the_cell():
    with pytest.raises(PuzzleError) as err:
        Puzzle.from_rows([[1, 0], [0, 5]])
    assert err.value.cell == (1, 1)
    assert "5 is out of range 1..4" in err.value.message


def test_negative_number_is_out_of_range():
    with pytest.raises(PuzzleError) as err:
        Puzzle.from_rows([[0, -1], [0, 0]])
    assert err.value.cell == (0, 1)


def test_duplicate_names_the_second_cell_and_the_first():
    with pytest.raises(PuzzleError) as err:
        Puzzle.from_rows([[2, 0, 0], [0, 0, 2]])
    assert err.value.cell == (1, 2)
    assert "row 1, column 1" in err.value.message


def _first_fault(rows: list[list[int]]) -> tuple[str, tuple[int, int]] | None:
    """The rule as a reader applies it: scan row by row, stop at the first broken cell."""
    size = len(rows) * len(rows[0])
    seen: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v == 0:
                continue
            if not 1 <= v <= size:
                return f"{v} is out of range 1..{size}", (r, c)
            if v in seen:
                pr, pc = seen[v]
                return f"{v} appears twice (also at row {pr + 1}, column {pc + 1})", (r, c)
            seen[v] = (r, c)
    return None


@pytest.mark.parametrize(
    "rows, message, cell",
    [
        # a repeat before an out-of-range number: the repeat is reported
        ([[3, 0, 3], [0, 9, 0]], "3 appears twice (also at row 1, column 1)", (0, 2)),
        # an out-of-range number before a repeat: the number is reported
        ([[3, 9, 3], [0, 0, 0]], "9 is out of range 1..6", (0, 1)),
        # three copies: the second is at fault, the message names the first
        ([[0, 5, 0], [5, 0, 5]], "5 appears twice (also at row 1, column 2)", (1, 0)),
        # an out-of-range number twice: reported at its first copy
        ([[0, 0, 0], [7, 0, 7]], "7 is out of range 1..6", (1, 0)),
        # two repeated numbers: the one whose second copy comes first
        ([[6, 2, 0], [2, 6, 0]], "2 appears twice (also at row 1, column 2)", (1, 0)),
        ([[-1, 0], [0, 0]], "-1 is out of range 1..4", (0, 0)),
    ],
)
def test_the_first_broken_cell_in_reading_order_is_reported(rows, message, cell):
    with pytest.raises(PuzzleError) as err:
        Puzzle.from_rows(rows)
    assert (err.value.message, err.value.cell) == (message, cell)
    assert _first_fault(rows) == (message, cell)


def test_fault_reported_matches_a_cell_by_cell_scan_on_random_boards():
    rng = np.random.default_rng(20240611)
    for _ in range(2000):
        rows, cols = rng.integers(1, 7, size=2)
        size = int(rows * cols)
        # mostly blanks and numbers in range, some repeats, now and then out of range
        grid = rng.integers(-1, size + 2, size=(rows, cols))
        grid[rng.random((rows, cols)) < 0.5] = 0
        expected = _first_fault(grid.tolist())
        if expected is None:
            assert Puzzle(grid).flat() == grid.ravel().tolist()
            continue
        with pytest.raises(PuzzleError) as err:
            Puzzle(grid)
        assert (err.value.message, err.value.cell) == expected


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint64, np.int64])
def test_every_integer_type_is_checked_alike(dtype):
    with pytest.raises(PuzzleError) as err:
        Puzzle(np.array([[1, 0], [0, 100]], dtype=dtype))
    assert (err.value.message, err.value.cell) == ("100 is out of range 1..4", (1, 1))
    assert Puzzle(np.array([[1, 0], [0, 4]], dtype=dtype)).flat() == [1, 0, 0, 4]


def test_a_huge_number_is_named_as_written():
    with pytest.raises(PuzzleError) as err:
        Puzzle(np.array([[0, 2**63 + 5]], dtype=np.uint64))
    assert err.value.message == f"{2**63 + 5} is out of range 1..2"


@pytest.mark.parametrize(
    "rows",
    [[], [[]], [[1, 2], [3]], [[1], [2, 3]]],
    ids=["no rows", "empty row", "ragged short", "ragged long"],
)
def test_from_rows_rejects_bad_shapes(rows):
    with pytest.raises(PuzzleError):
        Puzzle.from_rows(rows)


def test_board_too_large_is_rejected():
    with pytest.raises(PuzzleError, match="outside"):
        Puzzle(np.zeros((MAX_SIDE + 1, 2), dtype=int))
    with pytest.raises(PuzzleError, match="outside"):
        Puzzle(np.zeros((2, MAX_SIDE + 1), dtype=int))


def test_largest_board_is_accepted():
    puzzle = Puzzle(np.zeros((MAX_SIDE, MAX_SIDE), dtype=int))
    assert puzzle.size == 900


def test_non_integer_and_non_2d_grids_are_rejected():
    with pytest.raises(PuzzleError, match="integers"):
        Puzzle(np.array([[1.0, 0.0]]))
    with pytest.raises(PuzzleError, match="two-dimensional"):
        Puzzle(np.array([1, 0, 0]))


def test_with_givens_keeps_metadata_and_validates():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]], {"id": "x"})
    other = puzzle.with_givens([[0, 0], [0, 4]])
    assert other.id == "x" and other.flat() == [0, 0, 0, 4]
    with pytest.raises(PuzzleError):
        puzzle.with_givens([[9, 0], [0, 0]])


# --- geometry -------------------------------------------------------------------------------


def test_neighbour_table_of_a_rectangle():
    geo = geometry(3, 4)
    # corners, edges and the middle, in the table's order (up, left, right, down)
    assert geo.neighbours[0] == (1, 4)
    assert geo.neighbours[3] == (2, 7)
    assert geo.neighbours[8] == (4, 9)
    assert geo.neighbours[11] == (7, 10)
    assert geo.neighbours[5] == (1, 4, 6, 9)
    assert geo.neighbours[7] == (3, 6, 11)


def test_neighbour_table_is_symmetric_and_orthogonal():
    geo = geometry(5, 7)
    for cell in range(geo.size):
        r, c = geo.row_col(cell)
        for other in geo.neighbours[cell]:
            assert cell in geo.neighbours[other]
            r2, c2 = geo.row_col(other)
            assert abs(r - r2) + abs(c - c2) == 1


def test_one_by_one_and_one_by_n_geometry():
    assert geometry(1, 1).neighbours == ((),)
    assert geometry(1, 3).neighbours == ((1,), (0, 2), (1,))
    assert geometry(3, 1).neighbours == ((1,), (0, 2), (1,))


def test_cell_and_row_col_are_inverse():
    geo = geometry(4, 6)
    for r in range(4):
        for c in range(6):
            assert geo.row_col(geo.cell(r, c)) == (r, c)


def test_geometry_is_cached_per_shape():
    assert geometry(6, 7) is geometry(6, 7)
    assert geometry(6, 7) is not geometry(7, 6)


def test_colour_is_a_checkerboard():
    geo = geometry(3, 3)
    assert geo.colour == (0, 1, 0, 1, 0, 1, 0, 1, 0)
    assert list(geo.cells_of(geo.odd_mask)) == [1, 3, 5, 7]


def test_expand_matches_the_neighbour_table():
    geo = geometry(4, 5)
    for cell in range(geo.size):
        assert set(geo.cells_of(geo.expand(1 << cell))) == set(geo.neighbours[cell])


def test_expand_does_not_wrap_around_rows():
    geo = geometry(3, 3)
    right_column = (1 << 2) | (1 << 5) | (1 << 8)
    # the column itself (its cells neighbour each other) and the middle column; nothing
    # spills over from the end of one row to the start of the next
    assert set(geo.cells_of(geo.expand(right_column))) == {1, 2, 4, 5, 7, 8}
    left_column = 1 | (1 << 3) | (1 << 6)
    assert set(geo.cells_of(geo.expand(left_column))) == {0, 1, 3, 4, 6, 7}


def test_expand_of_a_set_excludes_nothing_but_the_board_edge():
    geo = geometry(3, 3)
    centre = 1 << 4
    ring = geo.expand(centre)
    assert set(geo.cells_of(ring)) == {1, 3, 5, 7}
    # expanding the ring reaches the corners and the centre again
    assert set(geo.cells_of(geo.expand(ring))) == {0, 2, 4, 6, 8}


def test_neighbour_counts_match_the_neighbour_table():
    """The shift-based counts the solver's dead ends and corridors use agree with counting
    through the neighbour table, on every mask of a 3x4 board (edges and corners included)."""
    geo = geometry(3, 4)
    for mask in range(1 << geo.size):
        counts = [sum(mask >> n & 1 for n in geo.neighbours[c]) for c in range(geo.size)]
        at_least = [sum(1 << c for c in range(geo.size) if counts[c] >= k) for k in (1, 2, 3)]
        assert geo.neighbour_counts(mask) == (at_least[0], at_least[1])
        assert geo.two_and_three_neighbours_in(mask) == (at_least[1], at_least[2])


def test_cut_edges_do_not_count_as_neighbours():
    """With some edges cut (as the solver's loop rule cuts them), the shift-based counts
    agree with counting through the neighbour table minus the cut edges, on a 3x4 board."""
    geo = geometry(3, 4)
    rng = random.Random(7)
    for _ in range(2000):
        mask = rng.getrandbits(geo.size)
        # bit x of cut_h: edge x -> x+1 (not from the last column); of cut_v: x -> x+cols
        cut_h = rng.getrandbits(geo.size) & geo.not_last_col
        cut_v = rng.getrandbits(geo.size) & (geo.full_mask >> geo.cols)
        cut = {frozenset((x, x + 1)) for x in geo.cells_of(cut_h)}
        cut |= {frozenset((x, x + geo.cols)) for x in geo.cells_of(cut_v)}
        counts = [
            sum(mask >> n & 1 for n in geo.neighbours[c] if frozenset((c, n)) not in cut)
            for c in range(geo.size)
        ]
        at_least = [sum(1 << c for c in range(geo.size) if counts[c] >= k) for k in (2, 3)]
        assert geo.two_and_three_neighbours_in(mask, cut_h, cut_v) == tuple(at_least)


def test_cells_of_lists_bits_lowest_first():
    geo = geometry(2, 2)
    assert list(geo.cells_of(0b1010)) == [1, 3]
    assert list(geo.cells_of(0)) == []


def test_adjacent():
    geo = geometry(2, 3)
    assert geo.adjacent(0, 1) and geo.adjacent(1, 4)
    assert not geo.adjacent(2, 3)  # end of one row, start of the next
    assert not geo.adjacent(0, 4)  # diagonal


# --- is_solution ----------------------------------------------------------------------------


def test_is_solution_accepts_a_full_path():
    puzzle = Puzzle.from_rows([[1, 0, 0, 0], [0, 0, 6, 0], [0, 0, 0, 12]])
    assert puzzle.is_solution(SERPENTINE)
    assert puzzle.is_solution(np.array(SERPENTINE, dtype=np.int16))


def test_is_solution_rejects_a_changed_given():
    puzzle = Puzzle.from_rows([[12, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    # the reversed serpentine is a valid path, but puts 1 where 12 is given
    assert not puzzle.is_solution(SERPENTINE)
    reversed_path = [[13 - v for v in row] for row in SERPENTINE]
    assert puzzle.is_solution(reversed_path)


def test_is_solution_rejects_wrong_adjacency():
    puzzle = Puzzle.from_rows([[0] * 4] * 3)
    # row-major order uses every number once but jumps from 4 (end of a row) to 5
    row_major = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert not puzzle.is_solution(row_major)
    diagonal_step = [[1, 2, 3, 4], [8, 7, 5, 6], [9, 10, 11, 12]]
    assert not puzzle.is_solution(diagonal_step)


def test_is_solution_rejects_wrong_shape_missing_and_repeated_numbers():
    puzzle = Puzzle.from_rows([[0] * 4] * 3)
    assert not puzzle.is_solution([row[:3] for row in SERPENTINE])
    assert not puzzle.is_solution(np.array(SERPENTINE).T)
    with_blank = [row[:] for row in SERPENTINE]
    with_blank[2][3] = 0
    assert not puzzle.is_solution(with_blank)
    repeated = [row[:] for row in SERPENTINE]
    repeated[2][3] = 11
    assert not puzzle.is_solution(repeated)
    too_big = [row[:] for row in SERPENTINE]
    too_big[2][3] = 13
    assert not puzzle.is_solution(too_big)


def test_is_solution_one_by_one():
    assert Puzzle.from_rows([[0]]).is_solution([[1]])
    assert Puzzle.from_rows([[1]]).is_solution([[1]])
    assert not Puzzle.from_rows([[0]]).is_solution([[0]])


def test_path_to_grid_round_trips_through_is_solution():
    geo = geometry(3, 4)
    path = [geo.cell(0, c) for c in range(4)]
    path += [geo.cell(1, c) for c in reversed(range(4))]
    path += [geo.cell(2, c) for c in range(4)]
    grid = path_to_grid(3, 4, path)
    assert grid.tolist() == SERPENTINE
    assert Puzzle(np.zeros((3, 4), dtype=int)).is_solution(grid)


@pytest.mark.parametrize(
    "row, col, name", [(0, 0, "A1"), (3, 2, "C4"), (0, 25, "Z1"), (9, 26, "AA10"), (0, 29, "AD1")]
)
def test_cell_name(row, col, name):
    assert cell_name(row, col) == name
