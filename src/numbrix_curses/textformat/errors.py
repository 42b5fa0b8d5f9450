"""The kinds of `ParseError` the reader tells apart, where what it says next depends on the
kind (not on its words, which may be re-worded), and an error moved or added to keeping
its kind (`recast`, `said_more`).

Every kind takes `ParseError`'s arguments; `OutOfRange` alone carries more, its grid's
shape and largest given, and `ListShort` the givens its list lacks."""
from __future__ import annotations

from numbrix_curses.puzzle import ParseError


class OutOfRange(ParseError):
    """A given larger than its grid has cells: what a board split by a blank line gives."""

    def __init__(self, filename: str, line: int, col: int, message: str,
                 shape: tuple[int, int], largest: int = 0) -> None:
        super().__init__(filename, line, col, message)
        #: (rows, columns) of the grid the given is too large for
        self.shape = shape
        #: the grid's largest given
        self.largest = largest

    def row_left_out(self) -> str:
        """Words asking whether a row was left out, for a grid one row short of square
        whose givens all fit the square; else ""."""
        height, width = self.shape
        if height != width - 1 or self.largest > width * width:
            return ""
        return f"a row left out? {width}x{width} has {width * width} cells"


class SplitBoard(ParseError):
    """A given out of range with the question whether a blank line splits its board in
    two (see `blocks`)."""


class NotACell(ParseError):
    """A row's cell that is neither a number nor a blank (see `rows.read_row`)."""


class WrongWidth(ParseError):
    """A row with another number of cells than the rows above it (see `rows.read_row`)."""


class ListShort(ParseError):
    """A list of givens under a count of more givens than its lines list (see
    `givens.listed_givens`): what a blank line inside the list gives."""

    def __init__(self, filename: str, line: int, col: int, message: str,
                 missing: int = 0) -> None:
        super().__init__(filename, line, col, message)
        #: how many more lines the count asks for
        self.missing = missing


class RaggedTabs(ParseError):
    """Rows parted by tabs into different numbers of cells, as copied from a spreadsheet
    (see `tabs.ragged_tab_rows`)."""


def recast(error: ParseError, col: int | None = None, message: str | None = None) -> ParseError:
    """`error`, of its kind and with what it carries, at column `col` of its line or in the
    words of `message` (each, where not given, as it was)."""
    col = error.col if col is None else col
    message = error.message if message is None else message
    if isinstance(error, OutOfRange):
        return OutOfRange(error.filename, error.line, col, message, error.shape, error.largest)
    return type(error)(error.filename, error.line, col, message)


def said_more(error: ParseError, words: str) -> ParseError:
    """`error`, at its place and of its kind, with `words` after its message (an
    `OutOfRange` stays one, for the hint of a board split by a blank line)."""
    return recast(error, message=f"{error.message}; {words}")
