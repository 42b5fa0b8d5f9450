"""A grid typed with spaces for its blanks: read by the columns its numbers stand in, or
refused with the question whether blanks were typed as spaces; never read as another
board."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.puzzle import ParseError
from numbrix_curses.textformat import parse_puzzles

WARNING = "were read from the spaces between its numbers"


def typed(grid: list[list[int]], pitch: int, right: bool, indent: int = 0) -> str:
    """`grid` as a person types it: each number in a column `pitch` characters wide,
    right- or left-aligned, blanks as spaces, trailing spaces dropped."""
    lines = []
    for row in grid:
        cells = [str(v) if v else "" for v in row]
        width = pitch - 1
        text = " " * indent + " ".join(c.rjust(width) if right else c.ljust(width) for c in cells)
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"


def read(text: str) -> tuple[list[list[int]], list[tuple[int, str]]]:
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "typed.txt", notes)
    return puzzle.givens.tolist(), notes


def test_a_newspaper_grid_with_spaces_for_blanks_reads_as_its_board_with_a_warning() -> None:
    """It said 'row has 3 cells, expected 1'."""
    board, notes = read(" 1  2\n 8\n 7     9\n")
    assert board == [[1, 2, 0], [8, 0, 0], [7, 0, 9]]
    assert notes == [(1, "the blanks of this 3x3 board were read from the spaces between its "
                          "numbers, by the columns the numbers stand in, and its width taken "
                          "to be its height (blanks at the end of a row leave no trace); check "
                          "the board, or write each blank as '.', or give its rows and "
                          "columns on the line above it (as '3 4')")]


@pytest.mark.parametrize("blank_row", [" .", ".", " .  .  .", ". . .", "_", "0"])
def test_a_row_with_no_number_written_with_dots_reads_with_the_spaced_rows(
        blank_row: str) -> None:
    """The README says a row with no number must be written with dots (a blank line parts
    two boards); such a row made the block no grid typed with spaces, 'row has 2 cells,
    expected 1'. A line of blanks only is a row of the board, the others read by the
    columns their numbers stand in."""
    board, notes = read(f" 1  2\n{blank_row}\n 7     9\n")
    assert board == [[1, 2, 0], [0, 0, 0], [7, 0, 9]]
    assert len(notes) == 1 and WARNING in notes[0][1]
    # (a row mixing numbers and dots is no such grid: whoever writes blanks wrote them all)
    with pytest.raises(ParseError):
        read(" 1  2\n .\n 7  .  9\n")


@pytest.mark.parametrize("right", [True, False])
def test_a_9x9_typed_in_columns_reads_as_written(right: bool) -> None:
    grid = [[0] * 9 for _ in range(9)]
    for (r, c), v in {(0, 0): 81, (0, 1): 80, (0, 4): 73, (1, 2): 67, (2, 8): 9, (3, 6): 19,
                      (4, 1): 41, (4, 7): 25, (5, 5): 33, (6, 3): 55, (7, 4): 51, (8, 0): 61,
                      (8, 7): 2, (8, 8): 1}.items():
        grid[r][c] = v
    board, notes = read(typed(grid, 3, right))
    assert board == grid and WARNING in notes[0][1]


def test_a_size_line_gives_the_width_of_a_board_that_is_not_square() -> None:
    board, _ = read("4x3\n 1     3\n 8\n 7     9\n10 11\n")
    assert board == [[1, 0, 3], [8, 0, 0], [7, 0, 9], [10, 11, 0]]


@pytest.mark.parametrize("text", [
    "1 2 3 4\n8 6 5\n9 . . .\n. . . .\n",  # a dot: the usual reading's error stands
    "1 2 3 4\n8 6 5\n9 10 11 12\n16 15 14 13\n",  # a number left out, not a blank
])
def test_a_short_row_of_numbers_a_space_apart_is_still_refused(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        read(text)
    assert caught.value.message == "row has 3 cells, expected 4"


@pytest.mark.parametrize("text", [
    # the first column is empty in every row: the board may start one column further left
    "     2  3\n     8\n        9\n",
    # no two numbers side by side: 1 and 3 two columns apart, or side by side
    " 1     3\n 8\n 7     9\n",
    # a first row standing in the board's columns, read as the size (3x18) of the rows
    # under it: a board of 15 columns of blanks
    "        3           18\n14  13      1   12\n25  15          16\n10  17      6   8   7\n",
    # a size that could hold the rows under it, read as the first row of a 3x3 over them
    "4 2\n    8\n6 3\n",
    "2 3\n    5\n1\n",
])
def test_where_the_columns_cannot_be_told_the_error_asks_about_spaces(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        read(text)
    assert caught.value.message.endswith("; blanks left as spaces? write each as . (or 0)")


@settings(max_examples=300, deadline=None)
@given(rows=st.integers(2, 9), cols=st.integers(2, 9), data=st.data())
def test_a_grid_typed_with_spaces_reads_as_written_or_not_at_all(rows, cols, data) -> None:
    """Whatever the spacing, alignment and indent, a grid with spaces for blanks either
    reads as the board that was typed, or is refused: never as another board."""
    cells = rows * cols
    # a number in every row (a row of blanks only is a blank line, which parts two
    # boards: it must be written with dots), and more where the draw puts them
    firsts = [r * cols + data.draw(st.integers(0, cols - 1)) for r in range(rows)]
    others = data.draw(st.lists(st.sampled_from(sorted(set(range(cells)) - set(firsts))),
                                unique=True)) if rows * cols > rows else []
    places = firsts + others
    numbers = data.draw(st.lists(st.integers(1, cells), min_size=len(places),
                                 max_size=len(places), unique=True))
    grid = np.zeros(cells, dtype=int)
    grid[places] = numbers
    grid = grid.reshape(rows, cols).tolist()
    widest = len(str(max(numbers)))
    pitch = data.draw(st.integers(widest + 1, widest + 8))
    right = data.draw(st.booleans())
    text = typed(grid, pitch, right, indent=data.draw(st.integers(0, 3)))
    if rows != cols:  # (rows or columns first, as a size line may say them)
        text = (f"{rows}x{cols}\n" if data.draw(st.booleans()) else f"{cols}x{rows}\n") + text
    try:
        board, notes = read(text)
    except ParseError:
        return
    if any(WARNING in note for _, note in notes):
        assert board == grid
    else:  # (rows of as many numbers read as ever: a row's blanks at its end leave no trace)
        assert len({sum(map(bool, row)) for row in grid}) == 1


@pytest.mark.parametrize("text", [
    # one-digit numbers left-aligned, longer ones right-aligned: a spacing of two fits the
    # ends by chance, and moved the 14 a column left
    "            7\n         10\n            5\n     14  16\n",
    # line numbers beside a board typed with spaces: they read as its first column
    "1   4\n2 5 6\n3 9\n",
])
def test_a_grid_typed_in_another_way_is_refused_not_misread(text: str) -> None:
    with pytest.raises(ParseError):
        read(text)


def test_a_size_line_is_never_read_as_a_row_of_the_board_it_sizes() -> None:
    """Over a board two wide, the size line stayed in the text read again, as its first
    row: '3 2' over three rows read as a 4x2 board."""
    board, notes = read("3 2\n1  4\n   5\n6\n")
    assert board == [[1, 4], [0, 5], [6, 0]] and WARNING in notes[0][1]
    # (its first row was read as a 5x5 board's, the size line as the row above it)
    board, _ = read("4 3\n      2\n     10\n      9\n  6  11\n")
    assert board == [[0, 2, 0], [0, 10, 0], [0, 9, 0], [6, 11, 0]]


@pytest.mark.parametrize("size", ["3 4", "4 3", "3x4", "4x3"])
def test_a_size_line_gives_a_rectangle_its_empty_last_column_in_either_order(size) -> None:
    """Without a size line, a rectangle whose last column is empty reads as the square
    (nothing else tells its width); a size line tells, its rows or its columns first, as
    over any grid: '4 3' over three rows was refused."""
    board, notes = read(f"{size}\n 1  2  3\n    5\n 9  8  7\n")
    assert board == [[1, 2, 3, 0], [0, 5, 0, 0], [9, 8, 7, 0]] and WARNING in notes[0][1]


def test_a_rectangle_read_as_the_square_says_its_width_was_taken_to_be_its_height() -> None:
    """Blanks at the end of a row leave no trace, so without a size line a 3x4 board whose
    last column is empty reads as the 3x3: the warning said only to check the board, not
    what was taken, or how to give the width."""
    board, notes = read(" 1  2  3\n    5\n 9  8  7\n")
    assert board == [[1, 2, 3], [0, 5, 0], [9, 8, 7]]
    assert "3x3 board" in notes[0][1]
    assert "its width taken to be its height (blanks at the end of a row leave no trace)" \
        in notes[0][1]
    assert notes[0][1].endswith("or give its rows and columns on the line above it (as '3 4')")
    # (with the size given, nothing was taken: the warning says so no more)
    _, sized = read("3 4\n 1  2  3\n    5\n 9  8  7\n")
    assert "taken to be its height" not in sized[0][1] and "3x4 board" in sized[0][1]


def test_a_huge_block_of_spaced_numbers_is_refused_at_once() -> None:
    """10,000 rows were read as a 10,000-wide square board first: 9 s and 415 MB."""
    text = "1 2\n" + "".join("  3\n" if i % 2 else "4\n" for i in range(1, 10000))
    with pytest.raises(ParseError) as caught:
        read(text)
    assert "more than 30 rows" in caught.value.message
