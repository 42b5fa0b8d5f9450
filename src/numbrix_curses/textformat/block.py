"""One block of non-blank lines read as a puzzle: its header's metadata, then its grid, the
readings tried in turn (a spreadsheet's tabs, the usual one, a list of givens, the other
readings), and what to note or to say of its error."""
from __future__ import annotations

import re

import numpy as np

from numbrix_curses.puzzle import ParseError, Puzzle, PuzzleError
from numbrix_curses.textformat.givens import _listed_givens, _raise_if_grid_or_list
from numbrix_curses.textformat.grid import _check_values, _grid_rows
from numbrix_curses.textformat.metadata import _metadata, _metadata_in_grid
from numbrix_curses.textformat.misreadings import (
    _note_edge_columns,
    _note_empty_header,
    _note_label_rows,
    _note_size_row,
    _note_two_boards,
    _raise_if_cut_off,
    _raise_if_header_inside,
    _raise_if_label_row,
    _raise_if_two_boards,
    _two_wide_size_note,
)
from numbrix_curses.textformat.rereadings import (
    _delimiter_as_blanks,
    _size_line_with_end_separator,
    _two_wide_after_size,
)
from numbrix_curses.textformat.sizes import _size_line
from numbrix_curses.textformat.tabs import _ragged_tab_rows, _spreadsheet_rows


# The first line of a block that is not a comment: where its grid starts.
_GRID_START = re.compile(r"^[^\S\n]*[^#\s]", re.MULTILINE)


def _parse_block(
    block: str, first_line: int, filename: str, inherited: dict[str, str] | None = None,
    notes: list[tuple[int, str]] | None = None,
) -> Puzzle | None:
    """The puzzle in one block of non-blank lines, or None for a block of comments only;
    `inherited` is the metadata for a grid that has no header of its own; what to warn of
    goes into `notes` (see `parse_puzzles`)."""
    grid_start = _GRID_START.search(block)
    if grid_start is None:
        return None  # a block of comments only (a file header, say)
    header = block[: grid_start.start()]
    metadata = _metadata(header, first_line, filename) or dict(inherited or {})
    grid_line = first_line + header.count("\n")
    lines = block[grid_start.start() :].split("\n")
    try:
        rows = _spreadsheet_rows(lines, grid_line, filename, notes)
        if rows is None:
            rows = _grid_rows(lines, grid_line, filename)
            _check_values(rows, filename)
            if notes is not None:
                notes += _two_wide_size_note(lines, grid_line, rows)
            if _size_line(lines) is None:  # (a size line settled the width)
                _note_edge_columns(rows, notes)
                _note_size_row(rows, notes)
                _note_two_boards(lines, grid_line, rows, filename, notes)
                _note_label_rows(rows, notes)
                _note_empty_header(lines, grid_line, rows, notes)
    except ParseError as error:
        listed = _listed_givens(lines, grid_line, filename, metadata.get("counting"))
        if listed is not None:
            return Puzzle(listed, metadata)
        rows = _size_line_with_end_separator(lines, grid_line, filename)
        if rows is None:
            rows = _two_wide_after_size(lines, grid_line, filename)
        if rows is None:
            rows = _delimiter_as_blanks(lines, grid_line, filename, error, notes)
        if rows is None:
            _raise_if_header_inside(lines, grid_line, filename, error)
            _raise_if_cut_off(lines, grid_line, filename)
            ragged = _ragged_tab_rows(lines, grid_line, filename)
            if ragged is not None:
                raise ragged from None
            _raise_if_grid_or_list(lines, error)
            _raise_if_two_boards(lines, grid_line, filename, error)
            _raise_if_label_row(lines, grid_line, filename, error)
            raise
    metadata = _metadata_in_grid(lines, grid_line, rows[0].line, metadata, filename, notes)
    try:
        return Puzzle(np.array([row.values for row in rows], dtype=np.int64), metadata)
    except PuzzleError as err:  # the checks above should have caught it; keep a location
        r, c = err.cell if err.cell is not None else (0, 0)
        raise ParseError(filename, rows[r].line, rows[r].col(c), err.message) from None
