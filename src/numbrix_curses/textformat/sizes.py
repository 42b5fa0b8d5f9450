"""Size lines over a grid ("9 9", "6x10", "6,10", or a side alone, "9"; in full-width digits,
"３x３", too): when a first line is one, and the separators that end (or start) every row
of a comma-separated grid, read as the row's end where the size or the written blanks say
so."""
from __future__ import annotations

import re
import unicodedata

from numbrix_curses.comments import grid_line_indices
from numbrix_curses.puzzle import MAX_SIDE, cell_value
from numbrix_curses.textformat.rows import SEPARATOR, cell_count


# A board's size on a line of its own before the grid: "9 9", "6x10", "6 x 10", "6,10"
# (rows and columns, or columns and rows; see `size_line`).
SIZE_MARKS = "xX\u00d7,;"  # (what may part its two numbers, besides spaces)
SIZE = re.compile(
    rf"[^\S\n]*0*([0-9]{{1,3}})[^\S\n]*(?:[{SIZE_MARKS}][^\S\n]*|[^\S\n])0*([0-9]{{1,3}})"
    r"[^\S\n]*"
)  # (leading zeros as many as written: "0009 0009" is as much a 9x9's size as "009 009")
# Numbers of four digits and more (past any size, said so where the grid is) with an x
# between them: "1000 x 1000" read as a row ("'x' is not a number"), where "31 x 31" was
# said to be no size of the grid. Parted by spaces, a comma or a semicolon, such numbers
# are a row's, as ever. (Its own pattern, each part of it met one way only: a lookahead
# that let three runs of spaces share out the same spaces took minutes on a line of
# thousands of them.)
_LONG_SIZE = re.compile(r"[^\S\n]*([0-9]{1,30})[^\S\n]*[xX\u00d7][^\S\n]*([0-9]{1,30})[^\S\n]*")


# A size line as a page set in Chinese or Japanese writes it ("３x３", "９　９", "６ｘ１０"):
# its full-width x as the ASCII one (its digits, as any script's, see `as_ascii`; its
# full-width spaces are whitespace already, and its full-width commas and semicolons are
# made ASCII as the text is read, `rows.ascii_separators`).
_FULL_WIDTH_MARKS = {ord("\uff58"): "x", ord("\uff38"): "X"}


def as_ascii(line: str) -> str:
    """`line` with the digits of any script (full-width "１２", Arabic-Indic "١٢"), as a
    grid's cells read them (see `puzzle.cell_value`), and full-width marks of a size line
    (`_FULL_WIDTH_MARKS`) made the ASCII ones, character for character, so a match's
    places are the line's; other characters as they are."""
    if line.isascii() or "\n" in line:
        return line  # (a block of lines is no size line: not made over, however long)
    return "".join(str(unicodedata.decimal(char)) if char.isdecimal() and not char.isascii()
                   else _FULL_WIDTH_MARKS.get(ord(char), char) for char in line)


# Two numbers of any length, as a size line writes them: what a size line of four digits
# and more parted by spaces, a comma or a semicolon ("1000 1000"), which reads as a row of
# two cells, is said to be as well where that row does not fit the rows under it (see
# `grid._odd_first_row`), as "100 100" is.
_ANY_SIZE = re.compile(
    rf"[^\S\n]*([0-9]+)[^\S\n]*(?:[{SIZE_MARKS}][^\S\n]*|[^\S\n])([0-9]+)[^\S\n]*")


def reads_as_size(line: str) -> bool:
    """Whether `line` writes two numbers as a size line does, however many digits each
    has (`size_match` takes no more than three, past which it is no board's size)."""
    return _ANY_SIZE.fullmatch(as_ascii(line)) is not None


def size_match(line: str) -> re.Match[str] | None:
    """`line` as a size line, its two numbers groups 1 and 2; None when it is none.
    Its digits may be full-width ones, or another script's, as a grid's cells may be
    (and its x or separator full-width): the match is then of the line made ASCII
    (see `as_ascii`), its groups the numbers in ASCII digits."""
    line = as_ascii(line)
    return SIZE.fullmatch(line) or _LONG_SIZE.fullmatch(line)


# One number on its own line over a square grid of that side, as course files open one
# ("9" over a 9x9): the side (see `size_line`).
SIDE = re.compile(r"[^\S\n]*([0-9]{1,3})[^\S\n]*")


def side_match(line: str) -> re.Match[str] | None:
    """`line` as a side alone ("9", or "９"), its number group 1; None when it is none."""
    return SIDE.fullmatch(as_ascii(line))


def size_marks(line: str) -> bool:
    """Whether a size line writes a mark between its numbers (an x or a separator, ASCII
    or full-width), not spaces only."""
    return any(mark in as_ascii(line) for mark in SIZE_MARKS)


def leading_size(lines: list[str]) -> tuple[list[int], re.Match[str]] | None:
    """(indices of the grid lines of `lines`, comments left out; the first one's match as a
    size line) when there are two or more and the first reads as a size; else None."""
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return None
    match = size_match(lines[grid[0]])
    return None if match is None else (grid, match)


def size_given(match: re.Match[str]) -> tuple[int, int] | None:
    """The two numbers of a size line's match; None for `1 2` and `2 1`, which are whole
    1x2 boards (so a file of them stays a file of boards), never a size."""
    size = int(match.group(1)), int(match.group(2))
    return None if sorted(size) == [1, 2] else size


def fits(size: tuple[int, int], shape: tuple[int, int]) -> bool:
    """Whether a grid of `shape` is the size given, in either order (some formats give the
    width first)."""
    return shape in (size, size[::-1])


def size_line(lines: list[str]) -> tuple[int, tuple[int, int], bool] | None:
    """(index, size given, whether it is a side only) when the first grid line of `lines`
    looks like a size line ("9 9", "6x10", "6,10") above a row of other than two cells,
    or is one number of 2 or more above a row of more than one cell ("9", the side of a
    square board); else None.

    Course and programming-exercise files often open a board with its size. Read as a
    grid row it would make every row after it "too long". (A board two columns wide keeps
    reading its first line as a row: there the two look alike.) A side only is the size
    only when the grid under it is that square (see `grid.grid_rows`): else it may be a
    puzzle's number, which is said as such.
    """
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return None
    below = next((n for n in map(cell_count, (lines[i] for i in grid[1:])) if n), None)
    rows = [lines[i] for i in grid[1:]]
    one_wide = False
    if below == 2 and all(SEPARATOR.search(row) for row in rows):
        # (a separator ending every row below parts off no cell: "6 1" over rows "0," is
        # a size over a board one wide, not the first row of one two wide)
        ends = _row_end_separators(rows)
        one_wide = ends is not None and ends[0] + ends[1] == 1
    match = size_match(lines[grid[0]])
    if match is not None:
        if below is None or (below == 2 and not one_wide):
            return None
        return grid[0], (int(match.group(1)), int(match.group(2))), False
    side = side_match(lines[grid[0]])
    if side is None or int(side.group(1)) < 2 or below is None or below < 2:
        return None
    return grid[0], (int(side.group(1)),) * 2, True


def without_row_end_separators(lines: list[str], size: tuple[int, int] | None) -> list[str]:
    """`lines` with the comma or semicolon that ends (or starts) every row of a
    comma-separated grid read as the row's end, not as parting off an empty last (or
    first) field, where it can only be that: the size line above says so, or every other
    field holds something and blanks are written (``0`` or ``.``), so the empty field at
    the end of each row is no column of blanks. Programs that print ``value + ","`` write
    rows so, and the empty field made a 9x9 a 9x10 with another verdict.

    Where blanks are empty fields, an empty last field in every row may be a column of
    blanks as well (a sparse puzzle's last column may hold no given): it stays the
    board's, and `misread.edge_columns_note` says so. The separator read as an end becomes
    a space, so the columns of the cells after it stay where they are.
    """
    grid = grid_line_indices(lines)
    texts = [lines[i] for i in grid]
    if not texts or any('"' in text or not SEPARATOR.search(text) for text in texts):
        return lines
    ends = _row_end_separators(texts)
    if ends is None:
        return lines
    lead, trail = ends
    width = len(SEPARATOR.split(texts[0]))
    if width > MAX_SIDE + 2:
        # (no board, with an end separator or without: refused as it is, at once; every
        # field of 1,677 rows of 9,999 commas was read as a cell first, for seconds)
        return lines
    if size is not None:
        choices = [(0, 0), (0, trail), (lead, 0), (lead, trail)]
        fitting = [c for c in choices if fits(size, (len(texts), width - c[0] - c[1]))]
        if not fitting or fitting[:2] == [(0, trail), (lead, 0)]:
            # (",5,," under "3 3": the comma before each cell or the one after it? Only
            # the writer knows, and each reading has its own verdict: the size is refused)
            return lines
        lead, trail = fitting[0]
    else:
        inner = [field.strip() for text in texts
                 for field in SEPARATOR.split(text)[lead:width - trail]]
        values = [cell_value(field) for field in inner]
        # (written blanks are the sign: with none, "<SP>,1," may be a 1x3 as well; and a
        # number too large for the narrower board says the column is the board's)
        if ("" in inner or 0 not in values
                or max(v or 0 for v in values) > len(inner)):
            return lines
    if not lead + trail:
        return lines
    out = list(lines)
    for i in grid:
        text = out[i]
        if lead:
            at = len(text) - len(text.lstrip())
            text = text[:at] + " " + text[at + 1:]
        if trail:
            at = len(text.rstrip()) - 1
            text = text[:at] + " " + text[at + 1:]
        out[i] = text
    return out


def _row_end_separators(texts: list[str]) -> tuple[int, int] | None:
    """(1 if every row of `texts` starts with a separator, 1 if every row ends with one)
    when either is so and the rows have as many fields each; else None."""
    lead = int(all(text.lstrip()[:1] in (",", ";") for text in texts))
    trail = int(all(text.rstrip()[-1:] in (",", ";") for text in texts))
    if not lead + trail or len({len(SEPARATOR.split(text)) for text in texts}) != 1:
        return None
    return lead, trail
