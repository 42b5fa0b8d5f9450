"""One block of non-blank lines read as a puzzle: its header's metadata, then its grid, the
readings tried in turn (a spreadsheet's tabs, the usual one, a list of givens or of cells
with a flag, the other readings), and what to note or to say of its error."""
from __future__ import annotations

import re

import numpy as np

from numbrix_curses.comments import grid_lines_remembered
from numbrix_curses.puzzle import ParseError, Puzzle, PuzzleError
from numbrix_curses.textformat.aligned import aligned_rows, raise_if_spaces_for_blanks
from numbrix_curses.textformat.givens import (
    flagged_cells,
    listed_givens,
    raise_if_grid_or_list,
)
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.metadata import header_metadata, metadata_in_grid
from numbrix_curses.textformat.misread import (
    GridReading,
    edge_columns_note,
    empty_header_note,
    label_rows_note,
    notes_of,
    raise_if_cut_off,
    raise_if_header_inside,
    raise_if_label_row,
    raise_if_two_boards,
    size_row_note,
    two_boards_note,
    two_wide_size_note,
)
from numbrix_curses.textformat.rereadings import (
    delimiter_as_blanks,
    size_line_with_end_separator,
    two_wide_after_size,
    without_line_numbers,
)
from numbrix_curses.textformat.sizes import size_line
from numbrix_curses.textformat.tables import raise_if_delimiter_unsure
from numbrix_curses.textformat.tabs import ragged_tab_rows, spreadsheet_rows


# The first line of a block that is not a comment: where its grid starts.
_GRID_START = re.compile(r"^[^\S\n]*[^#\s]", re.MULTILINE)


def parse_block(
    block: str, first_line: int, filename: str, inherited: dict[str, str] | None = None,
    notes: list[tuple[int, str]] | None = None,
) -> Puzzle | None:
    """The puzzle in one block of non-blank lines, or None for a block of comments only;
    `inherited` is the metadata for a grid that has no header of its own; what to warn of
    goes into `notes` (see `parse_puzzles`)."""
    # (the readings tried in turn each look for the block's comments: looked for once)
    with grid_lines_remembered():
        return _read_block(block, first_line, filename, inherited, notes)


def _read_block(
    block: str, first_line: int, filename: str, inherited: dict[str, str] | None,
    notes: list[tuple[int, str]] | None,
) -> Puzzle | None:
    grid_start = _GRID_START.search(block)
    if grid_start is None:
        return None  # a block of comments only (a file header, say)
    header = block[: grid_start.start()]
    metadata = header_metadata(header, first_line, filename) or dict(inherited or {})
    grid_line = first_line + header.count("\n")
    lines = block[grid_start.start() :].split("\n")
    try:
        rows = spreadsheet_rows(lines, grid_line, filename, notes)
        if rows is None:
            rows = grid_rows(lines, grid_line, filename)
            check_values(rows, filename)
            if notes is not None:
                reading = GridReading(lines, grid_line, filename, rows)
                notes += notes_of(reading, two_wide_size_note)
                if size_line(lines) is None:  # (a size line settled the width)
                    notes += notes_of(reading, edge_columns_note, size_row_note,
                                      two_boards_note, label_rows_note, empty_header_note)
    except ParseError as error:
        listed = listed_givens(lines, grid_line, filename, metadata.get("counting"), notes)
        if listed is None:
            listed = flagged_cells(lines, grid_line, filename)
        if listed is not None:
            return Puzzle(listed, metadata)
        rows = size_line_with_end_separator(lines, grid_line, filename)
        if rows is None:
            rows = two_wide_after_size(lines, grid_line, filename)
        if rows is None:
            rows = delimiter_as_blanks(lines, grid_line, filename, error, notes)
        if rows is None:
            rows = aligned_rows(lines, grid_line, filename, notes)
        if rows is None:
            rows = without_line_numbers(lines, grid_line, filename, error, notes)
        if rows is None:
            raise_if_header_inside(lines, grid_line, filename, error)
            raise_if_cut_off(lines, grid_line, filename)
            raise_if_delimiter_unsure(lines, grid_line, filename)
            ragged = ragged_tab_rows(lines, grid_line, filename)
            if ragged is not None:
                raise ragged from None
            raise_if_grid_or_list(lines, error)
            raise_if_two_boards(lines, grid_line, filename, error)
            raise_if_label_row(lines, grid_line, filename, error)
            raise_if_spaces_for_blanks(lines, error)
            raise
    metadata = metadata_in_grid(lines, grid_line, rows[0].line, metadata, filename, notes)
    try:
        return Puzzle(np.array([row.values for row in rows], dtype=np.int64), metadata)
    except PuzzleError as err:  # the checks above should have caught it; keep a location
        r, c = err.cell if err.cell is not None else (0, 0)
        raise ParseError(filename, rows[r].line, rows[r].col(c), err.message) from None
