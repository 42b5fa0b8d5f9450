"""A grid typed with spaces for its blanks, read by where its numbers stand.

People copy a newspaper grid into a text editor by typing its numbers under each other and
leaving the empty cells as spaces (`` 1  2`` over `` 8`` over `` 7     9``). Read
token by token, its rows have different numbers of cells. Where every number of the block
stands in columns a fixed number of characters apart (right-aligned, or left-aligned), the
block is read by those columns, a blank wherever no number stands, and a warning says so.

The width comes from a size line above the grid, or else the board is taken to be square:
a row's blanks at its end leave no trace, so nothing else tells the width. The reading is
taken only when it is the one reading the spacing allows: every spacing that puts the
numbers in columns (right- or left-aligned), and every place of the first column that
keeps every number on the board, must give one board. So a grid typed in evenly spaced
columns reads as typed or not at all: " 1     3" over " 8" could be 1 and 3 two columns
apart, or side by side beside a last column of blanks, and a board with an empty first
column could start a column further left; such grids are refused, with the question
whether blanks were left as spaces. Tried only when the block fails to read as a
grid, so no board that read before reads otherwise.
"""
from __future__ import annotations

import re
from math import gcd

from numbrix_curses.comments import grid_line_indices
from numbrix_curses.puzzle import ParseError
from numbrix_curses.textformat.errors import WrongWidth, said_more
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.rows import SPACES_HINT, Row
from numbrix_curses.textformat.sizes import size_match

_NUMBER = re.compile(r"[0-9]{1,6}")
# Columns further apart than this are not read so (and a grid whose numbers stand further
# apart than this in every way is refused, so the spacing it was typed with is always
# among those tried; it bounds the work on a hostile line as well).
_WIDEST_PITCH = 16
_TOKEN = re.compile(r"\S+")

# (row, column) -> value, for the cells that hold a number
Cells = dict[tuple[int, int], int]


def _spans(texts: list[str]) -> list[list[tuple[int, int, str]]] | None:
    """Each line's tokens as (start, end, text), or None when some token is not a number
    from 1 or a line holds a tab (tabs part a spreadsheet's cells, read elsewhere)."""
    spans = []
    for text in texts:
        if "\t" in text:
            return None
        row = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
        # (a 0 is a blank written as one: whoever writes blanks wrote them all)
        if not row or not all(_NUMBER.fullmatch(token) and int(token) for _, _, token in row):
            return None
        spans.append(row)
    return spans


def _readings(spans: list[list[tuple[int, int, str]]], cols: int) -> list[Cells]:
    """Every way to put the numbers of `spans` in `cols` columns a fixed number of
    characters apart (two or more), each number placed by its start (left-aligned) or by
    its end (right-aligned), the first column where no number is left of the line's start.
    The spacing the grid was typed with is among them: every distance between two places
    is a multiple of it, so it divides their greatest common divisor."""
    found = []
    for key in (0, 1):
        places = [span[key] for row in spans for span in row]
        low, high = min(places), max(places)
        common = gcd(*(place - low for place in places))
        if common > _WIDEST_PITCH:
            return []
        for pitch in (p for p in range(2, common + 1) if common % p == 0):
            # the first column: where `low` stands or whole columns left of it, so near
            # that `high` stays on the board
            lowest = max(key, high - (cols - 1) * pitch)
            for first in range(low - (low - lowest) // pitch * pitch, low + 1, pitch):
                found.append({(r, (span[key] - first) // pitch): int(span[2])
                              for r, row in enumerate(spans) for span in row})
    return found


def aligned_rows(
    lines: list[str], first_line: int, filename: str, notes: list[tuple[int, str]] | None,
) -> list[Row] | None:
    """The rows of a grid whose blanks are spaces, read by where its numbers stand (see
    the module docstring), or None where the block does not read so. `notes` gets the
    warning that it was read so."""
    grid = [i for i in grid_line_indices(lines) if lines[i].strip()]
    # A first line that reads as a size ("9 9", "6x10") gives the width; but a first row
    # of two numbers reads as one too ("2     6" over rows of fewer): where both read, the
    # block is refused.
    sized = size_match(lines[grid[0]]) if grid else None
    tries: list[tuple[list[int], tuple[int, int] | None]] = [(grid, None)]
    if sized is not None:
        tries.append((grid[1:], (int(sized.group(1)), int(sized.group(2)))))
    found = [(rows_at, read) for rows_at, size in tries
             if (read := _read_aligned(lines, rows_at, size, first_line, filename)) is not None]
    if len(found) != 1:
        return None
    [(rows_at, read)] = found
    if notes is not None:
        notes.append((first_line + rows_at[0], (
            f"the blanks of this {len(read)}x{len(read[0].values)} board were read from the "
            "spaces between its numbers, by the columns the numbers stand in; check the "
            "board, or write each blank as '.'")))
    return read


def _read_aligned(lines: list[str], grid: list[int], size: tuple[int, int] | None,
                  first_line: int, filename: str) -> list[Row] | None:
    """`aligned_rows` of the grid lines at `grid`, `size` (rows, columns) given or else
    square."""
    spans = _spans([lines[i] for i in grid])
    if spans is None or len(spans) < 2 or len({len(row) for row in spans}) == 1:
        return None
    rows, cols = size if size is not None else (len(spans), len(spans))
    if rows != len(spans) or max(len(row) for row in spans) > cols:
        return None
    readings = _readings(spans, cols)
    if not readings or any(cells != readings[0] for cells in readings):
        return None
    cells = readings[0]
    if not any(c and (r, c - 1) not in cells for r, c in cells):
        # No blank stands before a number: the short rows only end early, as a row with
        # a number left out does (a slip the error should name, not a blank to fill).
        return None
    filled = list(lines)
    for r, i in enumerate(grid):
        filled[i] = " ".join(str(cells.get((r, c), ".")) for c in range(cols))
    try:
        read = grid_rows(filled, first_line, filename)
        check_values(read, filename)
    except ParseError:
        return None
    return read


def raise_if_spaces_for_blanks(lines: list[str], error: ParseError) -> None:
    """Raise `error` with the question whether blanks were left as spaces, where rows of
    numbers only have different numbers of cells (`error` says so), could not be read by
    their columns, and the spacing leaves room for a blank: a gap between two numbers of
    a row, or a row starting further right than another, wide enough for another number
    (a short row of numbers a single space apart is more likely one with a number left
    out)."""
    if not isinstance(error, WrongWidth) or error.message.endswith(SPACES_HINT):
        return
    spans = _spans([line for line in lines if line.strip() and not line.lstrip().startswith("#")])
    if spans is None:
        return
    widest = max(end - start for row in spans for start, end, _ in row)
    starts = [row[0][0] for row in spans]
    if max(starts) - min(starts) > widest or any(
            after[0] - before[1] > 2 * widest for row in spans for before, after in zip(row, row[1:])):
        raise said_more(error, SPACES_HINT) from None
