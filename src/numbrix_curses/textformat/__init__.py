r"""Puzzles as text: the compact and the printable boxed form, read and written.

This package owns the file format and its error messages. One file holds one or more
puzzles, separated by blank lines::

    # A file header: a block of comment lines only is not a puzzle and is skipped.

    # id: starter-1
    # difficulty: easy
    .  .  3  .
    1  .  .  .
    .  .  . 16
    .  .  .  .

- Lines whose first non-space character is ``#`` are comments. ``# key: value`` comments
  (one-word key) that come before the first grid row of the same block are the puzzle's
  metadata, keys lower-cased, each at most once; comments further down a grid are skipped.
- A grid is consecutive non-blank lines, one row each, cells separated by whitespace. A cell
  is a positive integer (a given) or a blank: ``.``, ``_``, ``-``, ``?`` or ``0``, or a run
  of them (``__``); a number in brackets (``[3]``, a given boxed) is that number. A row
  holding a comma or semicolon is split at those instead (a spreadsheet's CSV): an empty
  field is a blank, and quotes around a field are dropped (a separator inside them parts
  nothing); a separator ending every row ends it where
  that is sure (see `sizes.without_row_end_separators`).
- A size line (``9 9``, ``6x10``, or a side alone over a square grid: ``9``; in full-width
  digits too, ``３x３``) right before
  a grid, or a blank line before it, is skipped when it fits the grid (see
  `sizes.size_line`; above a board two columns wide, only when the line cannot be its
  first row: `rereadings.two_wide_after_size`).
- A board as pandas' ``df.to_csv()`` writes it, NaN for a blank (``,0,1,2`` over
  ``0,63.0,,12.0``), reads as the board: floats with no fraction as whole numbers, the
  header row and the index column left out (see `frames`).
- Cells copied from a spreadsheet, parted by single tabs with an empty field for an empty
  cell, are read so when the fields show it (see `tabs.spreadsheet_rows`); a line of tabs
  only beside such rows is a row of blanks (`tabs.tab_rows_kept`).
- A block that lists its givens, as course files do (the board's side, or its rows and
  columns, maybe the count of givens, then a line of row, column and number for each), is
  read as its board where it does not read as a grid (see `givens`); so is a list of every
  cell with a flag after its number (``0,2,12,true``), where the flag cannot change the
  board (see `givens.flagged_cells`).
- The printable boxed form (``+----+`` rule lines, cells between ``|`` bars, blanks as spaces)
  is read back too; each block is recognised on its own by its first grid line. A Markdown
  table is read as one, its delimiter row (and a header of column labels, or an empty one)
  left out, and rules drawn in bars between its rows too (see `tables`), and one written
  without its outer bars, ``1 | . | 3`` over ``--|---|--`` (see `tables.bare_table`); so
  is a board copied off the app's screen (see `screencopy`).
- A board written as a LaTeX table, cells parted by ``&`` and rows ending with ``\\``,
  its lines of commands (``\begin{tabular}{|c|c|c|}``, ``\hline``) left out, is read as
  its grid, and refused where LaTeX would read it otherwise (see `latex`).
- Tabs, CRLF line ends and a byte order mark are accepted (UTF-16 and UTF-32 files too, when
  they start with one, and Windows-1252 ones: see `decode_puzzle_bytes`); zero width
  characters are left out (see `limits.without_marks`), and so is a DOS Ctrl-Z at the end.
  Text starting with ``{`` or ``[`` is JSON, read by `jsonformat`, unless its first line
  is cells parted by spaces where it is no JSON (``[1] . [3]``, see `limits.opens_as_grid`).

Every problem is reported as a `ParseError` naming ``FILE:LINE:COL`` (1-based, the column of
the offending cell) so a user can go straight to it; a given too large for its grid, with
a grid of as many columns just a blank line away, asks whether that blank line splits one
board in two. What reads but may not be what was meant is noted (see `misread`).
Absurd inputs (huge files, huge lines, binary data, control characters, too many lines or
puzzles) are refused up front rather than parsed slowly (see `limits`).

The package, each module using only those listed after it:

- `writing`:     `format_compact`, `format_boxed`, `format_grid_compact`, `comment_text`;
- `typed`:       a grid kept as typed, read back (`parse_grid_as_typed`);
- `reading`:     the entry points: `read_puzzles`, `parse_puzzles`, `puzzle_label`;
- `blocks`:      a text read block by block, and what lies between blocks;
- `block`:       one block of lines read as a puzzle, the readings in their order;
- `rereadings`:  the other readings of a block that does not read as a grid;
- `tabs`:        cells copied from a spreadsheet, parted by tabs;
- `misread`:     what may have been meant otherwise: notes, and words added to errors;
- `paperpages`:  pages laid out for paper, told apart from puzzle files;
- `metadata`:    ``# key: value`` lines;
- `givens`:      lists of givens (row, column and number a line), and of cells with a flag;
- `grid`:        one grid's lines read as rows, and its numbers checked;
- `sizes`:       size lines over a grid, and separators that end every row;
- `tables`:      rules drawn in bars (a Markdown table's delimiter and header), left out,
                 and Markdown tables without their outer bars;
- `latex`:       LaTeX tables (``1 & & 3 \\``), their lines of commands left out;
- `frames`:      a board as a data frame writes it (pandas' ``to_csv``: ``63.0``, an index
                 column, a header row);
- `rows`:        one row and its cells, in each form a row comes in;
- `errors`:      the kinds of `ParseError` told apart (a given out of range, a cell that is
                 no number, ...), and an error moved or added to keeping its kind;
- `decoding`:    a file's bytes as text;
- `limits`:      how much is read, and the check of a whole text against it.
"""
from __future__ import annotations

from numbrix_curses.puzzle import ParseError
from numbrix_curses.textformat.decoding import decode_puzzle_bytes
from numbrix_curses.textformat.limits import (
    MAX_FILE_BYTES,
    MAX_JSON_LINE_CHARS,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_PUZZLES,
)
from numbrix_curses.textformat.metadata import MAX_KEY_CHARS
from numbrix_curses.textformat.reading import parse_puzzles, puzzle_label, read_puzzles
from numbrix_curses.textformat.typed import parse_grid_as_typed
from numbrix_curses.textformat.writing import (
    PRINT_WIDTH,
    comment_text,
    format_boxed,
    format_compact,
    format_grid_compact,
)

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_LINE_CHARS",
    "MAX_KEY_CHARS",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_PUZZLES",
    "PRINT_WIDTH",
    "ParseError",
    "comment_text",
    "decode_puzzle_bytes",
    "format_boxed",
    "format_compact",
    "format_grid_compact",
    "parse_grid_as_typed",
    "parse_puzzles",
    "puzzle_label",
    "read_puzzles",
]
