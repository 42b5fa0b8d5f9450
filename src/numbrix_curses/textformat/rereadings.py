"""The other readings of a block that fails to read as a grid, each tried only then, so no
board that read before reads otherwise: a size line ending in a separator, a size line over
a board two columns wide, a Markdown delimiter that is a row of blanks, a square board's
line numbers."""
from __future__ import annotations

import re

from numbrix_curses.comments import LEFT_OUT, grid_line_indices
from numbrix_curses.puzzle import ParseError, a_size, cut_short
from numbrix_curses.screencopy import as_drawn_by_us
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.rows import BAR, SEPARATOR, TAB, Row, is_boxed
from numbrix_curses.textformat.sizes import (
    fits,
    leading_size,
    size_given,
    size_line,
    size_match,
)
from numbrix_curses.textformat.tables import MARKDOWN_DELIMITER, without_bar_rules


def size_line_with_end_separator(
    lines: list[str], first_line: int, filename: str
) -> list[Row] | None:
    """The rows of a grid under a size line written as a spreadsheet writes every line,
    with a separator after its last field ("3,3," over "1,4,5", or "３，３，"), where the
    grid reads so; else None. (Read as a row, "3,3," made "3 appears twice" of a file a
    program wrote; tried only where the block does not read as a grid.)"""
    grid = grid_line_indices(lines)
    if not grid:
        return None
    first = lines[grid[0]].rstrip()
    # (full-width ones too, "３，３，": the text's commas are ASCII ones by now, see
    # `rows.ascii_separators`)
    if not first.endswith((",", ";")) or size_match(first[:-1]) is None:
        return None
    trimmed = list(lines)
    trimmed[grid[0]] = first[:-1]
    sized = size_line(trimmed)
    try:
        rows = grid_rows(trimmed, first_line, filename)
        check_values(rows, filename)
    except ParseError:
        return None
    # (the line taken as the size, and the rows that size: not as a row with its end
    # separator dropped, over rows that keep theirs as a field: "4;3;" over "1;")
    if (sized is None or rows[0].line == first_line + grid[0]
            or not fits(sized[1], (len(rows), len(rows[0].values)))):
        return None
    return rows


def two_wide_after_size(lines: list[str], first_line: int, filename: str) -> list[Row] | None:
    """The rows below the first grid line of `lines` when that line is a size line ("3 2")
    the grid below fits and reads without error; None otherwise.

    For a board two columns wide a size line looks like a row, so it is read as one first
    (see `size_line`); this second reading is only tried when the first one fails (a
    number given twice, one out of range), so no board that read before reads otherwise.
    """
    leading = leading_size(lines)
    if leading is None:
        return None
    grid, match = leading
    size = size_given(match)
    if size is None:
        return None
    try:
        rows = grid_rows(lines[grid[0] + 1 :], first_line + grid[0] + 1, filename)
        check_values(rows, filename)
    except ParseError:
        return None
    return rows if fits(size, (len(rows), len(rows[0].values))) else None


def delimiter_as_blanks(
    lines: list[str], first_line: int, filename: str, error: ParseError,
    notes: list[tuple[int, str]] | None,
) -> list[Row] | None:
    """The rows of a boxed grid whose second line, a line of dashes read as a Markdown
    table's delimiter (``|---|---|`` under the first row), reads as a row of blanks, when
    the grid failed to read without it (`error`: a number out of range for the board one
    row shorter) and reads with it; None otherwise. `notes` says which reading was taken.

    A board that writes its blanks as ``---`` writes a blank second row as a delimiter
    does; the error about the smaller board did not say a line had been taken out. Tried
    only when the first reading fails, so no board that read before reads otherwise.
    """
    drawn = as_drawn_by_us(lines)
    if not is_boxed(drawn):
        return None
    grid = grid_line_indices(drawn)
    kept = without_bar_rules(drawn)
    if len(grid) < 3 or kept[grid[0]] == LEFT_OUT or kept[grid[1]] != LEFT_OUT:
        return None
    delimiter = drawn[grid[1]]
    if not MARKDOWN_DELIMITER.fullmatch(delimiter.strip()):
        return None
    cells = len(re.split(r"[|+]", delimiter.strip()[1:-1]))
    blanks = list(drawn)
    blanks[grid[1]] = "|" + "|".join([" . "] * cells) + "|"
    try:
        rows = grid_rows(blanks, first_line, filename)
        check_values(rows, filename)
    except ParseError:
        return None
    if notes is not None:
        notes.append((first_line + grid[1], (
            f"{cut_short(delimiter.strip())!r} read as a row of blanks of a "
            f"{len(rows)}x{len(rows[0].values)} board (as a Markdown table's delimiter, "
            f"line {error.line}: {error.message})")))
    return rows


def without_line_numbers(
    lines: list[str], first_line: int, filename: str, error: ParseError,
    notes: list[tuple[int, str]] | None,
) -> list[Row] | None:
    """The rows of a square board whose lines start with their numbers 1, 2, 3 ... (a
    table printed with its row labels, as a modelling language's data writes one), under
    a line of its column labels 1 to N or standing apart from the cells, with the labels
    left out, where the board with them failed to read (`error`) and reads without them;
    None otherwise. `notes` says which reading was taken.

    Read as a column of the board, the labels made a board one column wider, refused for
    a number given twice ("6 appears twice"), or the line of column labels made the rows
    under it one cell too long. Tried only when the first reading fails, so no board that
    read before reads otherwise."""
    grid = [i for i in grid_line_indices(lines) if lines[i].strip()]
    # (cells parted by commas, semicolons, tabs or bars are a spreadsheet's or a table's,
    # whose index column the data-frame reading takes)
    if len(grid) < 3 or any(mark.search(lines[i]) for i in grid for mark in (SEPARATOR, TAB, BAR)):
        return None
    header = lines[grid[0]].split()
    if header == [str(n) for n in range(1, len(header) + 1)] and len(header) == len(grid) - 1:
        labels, body = grid[0], grid[1:]
    else:
        labels, body = None, grid
    kept = list(lines)
    for number, i in enumerate(body, start=1):
        tokens = list(re.finditer(r"\S+", lines[i]))
        if len(tokens) < 2 or tokens[0].group() != str(number):
            return None
        # Without the column numbers over them, the labels must stand apart: further from
        # the first cell than any two cells of the row are from each other ("1 . 3 3" may
        # be a board whose first column is 1, 2, 3 with a slip in it).
        gaps = [after.start() - before.end() for before, after in zip(tokens[1:], tokens[2:])]
        if labels is None and tokens[1].start() - tokens[0].end() <= max(gaps, default=1):
            return None
        kept[i] = " " * tokens[0].end() + lines[i][tokens[0].end():]  # (columns stay put)
    if labels is not None:
        kept[labels] = LEFT_OUT
    try:
        rows = grid_rows(kept, first_line, filename)
        check_values(rows, filename)
    except ParseError:
        return None
    if len(rows) != len(body) or len(rows[0].values) != len(rows):
        return None
    if notes is not None:
        side = len(rows)
        notes.append((first_line + body[0], (
            f"the first column is 1 to {side}, as line numbers beside a board are: left "
            f"out{' with the column numbers over them' if labels is not None else ''}, "
            f"for {a_size(side, side)} board (with them, line {error.line}: {error.message})")))
    return rows

