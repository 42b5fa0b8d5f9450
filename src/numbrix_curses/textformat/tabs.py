"""Cells copied from a spreadsheet, parted by single tabs with an empty field for an empty
cell: read so where the fields show it, a line of tabs only beside such rows kept as a row
of blanks, and rows parted into different numbers of cells said so."""
from __future__ import annotations

import re

from numbrix_curses.puzzle import ParseError, cells_text
from numbrix_curses.textformat.errors import RaggedTabs, recast
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.misread import (
    GridReading,
    edge_columns_note,
    notes_of,
    size_row_note,
)
from numbrix_curses.textformat.rows import Row


def spreadsheet_rows(
    lines: list[str], first_line: int, filename: str, notes: list[tuple[int, str]] | None = None
) -> list[Row] | None:
    """The grid in `lines` read as a spreadsheet copies or saves it as text, cells parted
    by single tabs, an empty field a blank (``1<TAB><TAB>3`` is three cells), when it can
    be nothing else: every row has a tab and as many fields as the others, and some
    field is empty in one row and holds something in another; None otherwise, or when
    that reading fails.

    Tried before the usual reading, which drops empty fields: where every row has as
    many numbers as the others (two a row, on the diagonals of a 6x6), it read the board
    as six rows of two, and took its verdict on that, without a word. A field empty in
    every row is no such sign: an indent, two tabs to line numbers up, a tab after each
    row; those read the usual way, as ever. A reading whose cells are laid out so but
    whose numbers are wrong for its board raises that error.

    A column at an edge empty in every row is the board's (a sparse puzzle's first column
    may well hold no given); where the board would be square without it, `notes` says so
    (see `misread.edge_columns_note`).
    """
    grid = []
    for line in lines:
        if not line.lstrip().startswith("#"):
            if "\t" not in line:
                return None  # (a line without a tab ends the look at once)
            grid.append(line.rstrip("\r"))
    if not grid:
        return None
    fields = [line.split("\t") for line in grid]
    if len({len(row) for row in fields}) != 1:
        return None
    columns = list(zip(*fields))
    if not any(any(not f.strip() for f in column) and any(f.strip() for f in column)
               for column in columns):
        return None
    try:
        rows = grid_rows(lines, first_line, filename, tabs=True)
    except ParseError:
        return None
    if notes is not None:
        notes += notes_of(GridReading(lines, first_line, filename, rows),
                          edge_columns_note, size_row_note)
    # A number wrong for the board so read (out of range, given twice) is reported as such:
    # the usual reading, which drops the empty fields, made another board of the same
    # lines and blamed the slip on that ("13 is out of range 1..1 for a 1x1 grid; is a
    # blank line splitting...", with no blank line there).
    check_values(rows, filename)
    return rows


def ragged_tab_rows(lines: list[str], first_line: int, filename: str) -> RaggedTabs | None:
    """The error for a grid copied from a spreadsheet whose rows are parted into different
    numbers of cells by tabs (a row copied short, a cell pasted into the wrong place):
    the row that differs from the others, named with the tabs' counts. Read the usual way,
    which drops the empty fields, such a grid was blamed for widths it does not have ("a
    line of one cell", of a row of four). None when the lines are not all tab-parted or
    their counts agree."""
    grid = []
    for number, line in enumerate(lines, start=first_line):
        if line.strip() and not line.lstrip().startswith("#"):
            if "\t" not in line:
                return None  # (a line without a tab ends the look at once)
            grid.append((number, line.rstrip("\r")))
    if len(grid) < 2:
        return None
    counts = [len(line.split("\t")) for _, line in grid]
    if len(set(counts)) == 1 or len({len(line.split()) for _, line in grid}) == 1:
        return None  # (or the rows agree read the usual way: the tabs are only spacing)
    # (the width most rows have is the one meant; on a tie, the first row's)
    usual = max(dict.fromkeys(counts), key=counts.count)
    odd = next(i for i, count in enumerate(counts) if count != usual)
    others = "the other rows have" if counts.count(usual) == len(counts) - 1 else "most rows have"
    number = grid[odd][0]
    return RaggedTabs(
        filename, number, 1,  # (a leading tab is the row's first field, an empty one)
        f"row has {cells_text(counts[odd])} parted by tabs, but {others} {usual} (an empty "
        "field is a blank cell)")


#: a line of whitespace with a tab in it (the lookahead first: no text is read twice)
_TABS_ONLY = re.compile(r"^(?=[^\S\n]*$)[^\t\n]*\t", re.MULTILINE)


def tab_rows_kept(text: str, any_count: bool = False) -> str | None:
    """`text` with every run of tabs-only lines that lies next to a row with as many tabs
    (with `any_count`, with tabs) made a row of blanks (a `.` in each field, so it stays
    in its board); None when there is no such line."""
    if "\t" not in text or not _TABS_ONLY.search(text):
        return None  # (most texts have none, told by one search, not by a list of their lines)
    lines = text.split("\n")

    def tabs_only(line: str) -> bool:
        return "\t" in line and not line.strip()

    changed = False
    i = 0
    while i < len(lines):
        if not tabs_only(lines[i]):
            i += 1
            continue
        tabs = lines[i].count("\t")
        end = i
        while end < len(lines) and tabs_only(lines[end]) and lines[end].count("\t") == tabs:
            end += 1
        beside = [lines[k] for k in (i - 1, end) if 0 <= k < len(lines)]
        if any(line.strip() and not line.lstrip().startswith("#")
               and (line.count("\t") == tabs or any_count and "\t" in line)
               for line in beside):
            lines[i:end] = ["\t".join("." * (tabs + 1))] * (end - i)
            changed = True
        i = end
    return "\n".join(lines) if changed else None


def placed_in_tabs(error: ParseError, text: str) -> ParseError:
    """`error`, raised reading `text` with its tabs-only lines made rows of dots
    (`tab_rows_kept`), placed in `text` as it is: a column on such a line counted the
    dots ("2 2/<tab>1/<tab>" put an error at 3:3 of a line one tab long). Field k of the
    dotted row starts at column 2k + 1, of the tabs at k + 1. The error keeps its kind."""
    lines = text.split("\n")
    if not 1 <= error.line <= len(lines) or lines[error.line - 1].strip():
        return error
    return recast(error, col=(error.col - 1) // 2 + 1)
