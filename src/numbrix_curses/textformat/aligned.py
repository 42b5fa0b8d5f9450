"""A grid typed with spaces for its blanks, read by where its numbers stand.

People copy a newspaper grid into a text editor by typing its numbers under each other and
leaving the empty cells as spaces (`` 1  2`` over `` 8`` over `` 7     9``). Read
token by token, its rows have different numbers of cells. Where every number of the block
stands in columns a fixed number of characters apart (right-aligned, or left-aligned), the
block is read by those columns, a blank wherever no number stands, and a warning says so.

The width comes from a size line above the grid (its rows and columns in either order, as
a grid's size line is read), or else the board is taken to be square, where some number
stands in its first column and some in its last: a row's blanks at its end leave no
trace, so nothing else tells the width (a rectangle whose last column is empty still
reads as the square without a size line; the warning says the width was taken to be the
height, and how to give the size). A size line may be the board's first row as well:
where its numbers stand in the columns of the board it says, or where the board read with
it as a row is one the size could hold instead, the block is refused (" 3      18" over
three rows was a 3x18 board). The
reading is taken only when it is the one reading the spacing allows: every spacing that puts the
numbers in columns (right- or left-aligned), and every place of the first column that
keeps every number on the board, must give one board. So a grid typed in evenly spaced
columns reads as typed or not at all: " 1     3" over " 8" could be 1 and 3 two columns
apart, or side by side beside a last column of blanks, and a board with an empty first
column could start a column further left; such grids are refused, with the question
whether blanks were left as spaces. So are grids where nothing shows the spacing or the
alignment as typed: no two numbers side by side, or numbers of different widths but
never two of them in one column (a grid typed unevenly, one-digit numbers left-aligned
and longer ones right-aligned, can fit an even spacing by chance). Tried only when the block fails to read as a
grid, so no board that read before reads otherwise.
"""
from __future__ import annotations

import re
from math import gcd

from numbrix_curses import MAX_SIDE, MIN_SIDE
from numbrix_curses.comments import LEFT_OUT, grid_line_indices
from numbrix_curses.puzzle import ParseError, cell_value
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
    from 1 or a line holds a tab (tabs part a spreadsheet's cells, read elsewhere). A line
    of blanks only (". . .", "."), a row with no number, which a blank line would not
    write, has none; so do no others."""
    spans = []
    for text in texts:
        if "\t" in text:
            return None
        row = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
        if row and all(cell_value(token) == 0 for _, _, token in row):
            spans.append([])  # (where its blanks stand tells nothing: the numbers' do)
            continue
        # (a 0 is a blank written as one: whoever writes blanks wrote them all)
        if not row or not all(_NUMBER.fullmatch(token) and int(token) for _, _, token in row):
            return None
        spans.append(row)
    if not any(spans):
        return None
    return spans


class _Unsure(Exception):
    """The spacing allows more than one board (or a reading it cannot vouch for)."""


def _reading(spans: list[list[tuple[int, int, str]]], cols: int, square: bool) -> Cells | None:
    """The one way to put the numbers of `spans` in `cols` columns a fixed number of
    characters apart, each number placed by its start (left-aligned) or by its end
    (right-aligned), the first column where no number is left of the line's start; None
    where there is none, `_Unsure` raised where two ways give two boards.

    The spacing the grid was typed with is among those tried: every distance between two
    places is a multiple of it, so it divides their greatest common divisor; and it is
    wider than the widest number (two such numbers side by side need a space between). A
    grid typed another way (one-digit numbers left-aligned and longer ones right-aligned,
    say) may fit one of these by chance, which is why the reading comes with a warning.

    A board only taken to be `square` (no size line says its width) may be wider, its
    first column empty: where a number could stand a column left of the first, the
    reading is unsure."""
    widest = max(end - start for row in spans for start, end, _ in row)
    found: Cells | None = None
    for key in (0, 1):
        places = [span[key] for row in spans for span in row]
        low, high = min(places), max(places)
        common = gcd(*(place - low for place in places))
        if common > _WIDEST_PITCH:
            raise _Unsure  # (a spacing past those tried could be the one typed)
        for pitch in (p for p in range(widest + 1, common + 1) if common % p == 0):
            # the first column: where `low` stands or whole columns left of it, so near
            # that `high` stays on the board
            lowest = max(key, high - (cols - 1) * pitch)
            for first in range(low - (low - lowest) // pitch * pitch, low + 1, pitch):
                if square and first >= pitch + key:
                    raise _Unsure
                cells = {(r, (span[key] - first) // pitch): int(span[2])
                         for r, row in enumerate(spans) for span in row}
                if found is not None and cells != found:
                    raise _Unsure
                found = cells
    return found


def aligned_rows(
    lines: list[str], first_line: int, filename: str, notes: list[tuple[int, str]] | None,
) -> list[Row] | None:
    """The rows of a grid whose blanks are spaces, read by where its numbers stand (see
    the module docstring), or None where the block does not read so. `notes` gets the
    warning that it was read so."""
    grid = [i for i in grid_line_indices(lines) if lines[i].strip()]
    if not MIN_SIDE < len(grid) <= MAX_SIDE + 1:
        return None  # (no board: the work is bounded by the largest board's side)
    # A first line that reads as a size ("9 9", "6x10") gives the width; but a first row
    # of two numbers reads as one too ("2     6" over rows of fewer). Where the two readings
    # both read, or either cannot be told, the block is refused.
    size = _size_over(lines[grid[0]], len(grid) - 1)
    tries: list[tuple[list[int], tuple[int, int, int] | None]] = [(grid, None)]
    if size is not None:
        tries.append((grid[1:], (*size, grid[0])))
    try:
        found = [(rows_at, read) for rows_at, said in tries
                 if (read := _read_aligned(lines, rows_at, said, first_line, filename))
                 is not None]
        if len(found) != 1:
            return None
        [(rows_at, read)] = found
        if size is not None and (_may_be_a_row(lines, grid, size[1]) if rows_at != grid
                                 else _holds(size, lines, grid[1:])):
            # (a size read so whose line stands in the grid's columns, as a row may: a
            # first row "3   18" read as a 3x18 board with 15 columns of blanks; or a size
            # that would hold the rows under it over a square read with it as a row)
            return None
    except _Unsure:
        return None
    if notes is not None:
        notes.append((first_line + rows_at[0], _read_so(len(read), len(read[0].values),
                                                        squared=rows_at == grid)))
    return read


def _read_so(rows: int, cols: int, squared: bool) -> str:
    """The warning of a board of `rows` and `cols` read by its columns; `squared`, its
    width taken to be its height (no size line said it)."""
    said = (f"the blanks of this {rows}x{cols} board were read from the spaces between its "
            "numbers, by the columns the numbers stand in")
    if not squared:
        return f"{said}; check the board, or write each blank as '.'"
    # (a rectangle whose last column is empty reads as the square: said, with the way to
    # give its width, as the warning is all a user has to tell it by)
    other = rows + 1 if rows < MAX_SIDE else rows - 1
    return (f"{said}, and its width taken to be its height (blanks at the end of a row "
            "leave no trace); check the board, or write each blank as '.', or give its "
            f"rows and columns on the line above it (as '{rows} {other}')")


def _size_over(line: str, rows: int) -> tuple[int, int] | None:
    """(rows, columns) `line` says as a size line over `rows` rows, in either order (as a
    grid's size line is read, see `sizes.fits`); None where it is no size line, or says
    neither number of rows."""
    sized = size_match(line)
    if sized is None:
        return None
    size = int(sized.group(1)), int(sized.group(2))
    return size if size[0] == rows else size[::-1] if size[1] == rows else None


def _holds(size: tuple[int, int], lines: list[str], grid: list[int]) -> bool:
    """Whether a board of `size` may hold the grid lines of `lines` at `grid`: as many
    columns as a line's numbers at least, and as many cells as its largest."""
    spans = _spans([lines[i] for i in grid])
    if spans is None:
        return False
    largest = max(int(token) for row in spans for _, _, token in row)
    return size[1] >= max(map(len, spans)) and size[0] * size[1] >= largest


def _may_be_a_row(lines: list[str], grid: list[int], cols: int) -> bool:
    """Whether the first of the grid lines of `lines` (at `grid`), read as a size line,
    may as well be the first row of the board `cols` wide it says: its numbers and the
    rows' are all apart, and they stand in that board's columns with the rows' (or may,
    where the spacing allows several boards)."""
    spans = _spans([lines[i] for i in grid])
    if spans is None:
        return False
    values = [token for row in spans for _, _, token in row]
    if len({int(value) for value in values}) != len(values):
        return False  # (a number twice: no board's)
    try:
        return _reading(spans, cols, False) is not None
    except _Unsure:
        return True


def _read_aligned(lines: list[str], grid: list[int], size: tuple[int, int, int] | None,
                  first_line: int, filename: str) -> list[Row] | None:
    """`aligned_rows` of the grid lines at `grid`, `size` (rows, columns, and the index of
    the line that says so) given or else square; `_Unsure` raised where the spacing allows
    several boards, or the first column could be line numbers."""
    spans = _spans([lines[i] for i in grid])
    if spans is None or len(spans) < 2 or len({len(row) for row in spans}) == 1:
        return None
    rows, cols = size[:2] if size is not None else (len(spans), len(spans))
    if rows != len(spans) or not MIN_SIDE <= cols <= MAX_SIDE or max(map(len, spans)) > cols:
        return None
    cells = _reading(spans, cols, size is None)
    if cells is None:
        return None
    if not any(c and (r, c - 1) not in cells for r, c in cells):
        # No blank stands before a number: the short rows only end early, as a row with
        # a number left out does (a slip the error should name, not a blank to fill).
        return None
    if not any(c and (r, c - 1) in cells for r, c in cells):
        # No two numbers side by side: nothing shows the spacing as typed, and a grid
        # typed unevenly (one-digit numbers left-aligned, longer ones right-aligned) can
        # fit another by chance.
        raise _Unsure
    widths: dict[int, set[int]] = {}
    for (r, c), value in cells.items():
        widths.setdefault(c, set()).add(len(str(value)))
    if len(set().union(*widths.values())) > 1 and all(len(w) == 1 for w in widths.values()):
        # Numbers of different widths, but none in one column with another of another
        # width: nothing shows how they were aligned (as above).
        raise _Unsure
    if [cells.get((r, 0)) for r in range(rows)] == list(range(1, rows + 1)):
        raise _Unsure  # (1, 2, 3 ... down the first column: line numbers, or the board's?)
    used = {c for _, c in cells}
    if size is None and (0 not in used or cols - 1 not in used):
        # Taken to be square, the board must show both its edges: a board narrower than
        # it is tall would read with columns of blanks added, and one with an empty first
        # column shifted a column left.
        raise _Unsure
    filled = list(lines)
    for r, i in enumerate(grid):
        filled[i] = " ".join(str(cells.get((r, c), ".")) for c in range(cols))
    if size is not None:
        filled[size[2]] = LEFT_OUT  # (the size said; never read as a row)
    try:
        read = grid_rows(filled, first_line, filename)
        check_values(read, filename)
    except ParseError:
        return None
    if (len(read), len(read[0].values)) != (rows, cols):
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
    starts = [row[0][0] for row in spans if row]
    if max(starts) - min(starts) > widest or any(
            after[0] - before[1] > 2 * widest for row in spans for before, after in zip(row, row[1:])):
        raise said_more(error, SPACES_HINT) from None
