"""Likely misreadings of a grid, and the words that say so. Where a grid reads but may have
been meant otherwise, a note says which reading was taken: two boards run together, column
or line numbers read as givens, a Markdown table's empty header left out, a first row that
may be a size (over a board two columns wide, or a spreadsheet's lone number), columns
empty at an edge (an indent, or separators ending every row). Where a grid fails to read,
its error is said with the likelier cause: a header inside the grid, a board copied off
the app's screen in part, two boards run together, a row of column numbers.

Every note is found the same way: a `*_note` function takes the `GridReading` (the grid's
lines and the rows they were read as) and returns its note, ``(line, words)``, or None
where there is nothing to say; `notes_of` gathers those of several. Every error is said
by a `raise_if_*` function, given the grid's lines that failed to read."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from numbrix_curses.comments import grid_line_indices
from numbrix_curses.puzzle import ParseError, a_size, cut_short
from numbrix_curses.screencopy import cut_edge
from numbrix_curses.textformat.errors import said_more
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.metadata import METADATA_LINE
from numbrix_curses.textformat.rows import AMPERSAND, BAR, TAB, Row
from numbrix_curses.textformat.sizes import fits, leading_size, size_given, size_line


@dataclass(frozen=True)
class GridReading:
    """A grid's `lines` (the first on line `first_line` of `filename`) and the `rows` they
    were read as: all a note looks at, so that each takes this one argument."""

    lines: list[str]
    first_line: int
    filename: str
    rows: list[Row]


def notes_of(
    reading: GridReading, *found_by: Callable[[GridReading], tuple[int, str] | None]
) -> list[tuple[int, str]]:
    """The notes the functions `found_by` find of `reading`, in their order."""
    return [note for note in (find(reading) for find in found_by) if note is not None]


def _two_boards(
    lines: list[str], first_line: int, filename: str
) -> tuple[tuple[int, int], tuple[int, int], int, str] | None:
    """Where a grid's `lines` read as two boards rather than one: two puzzles run together,
    a title comment between them ("# Puzzle 2") and no blank line, or the blank line lost in
    a copy out of a PDF. The split is at a comment among the grid's rows, else in the
    middle of rows that then make two square boards. Each part must read as a board of its
    own, each number in range once. Returns the two sizes, the line the second starts on,
    and how they were told apart; None where the lines read as no such pair."""
    grid = grid_line_indices(lines)
    if len(grid) < 4:
        return None
    inside = [i for i in range(grid[0] + 1, grid[-1]) if lines[i].lstrip().startswith("#")]
    if inside:
        split, how = inside[0], f"the comment on line {first_line + inside[0]} between them"
    elif len(grid) % 2 == 0:
        split, how = grid[len(grid) // 2], "no blank line between them"
    else:
        return None
    parts = []
    for start, part in ((0, lines[:split]), (split, lines[split:])):
        try:
            rows = grid_rows(part, first_line + start, filename, size_lines=0)
            check_values(rows, filename)
        except ParseError:
            return None
        parts.append(rows)
    if parts[0][0].separator is AMPERSAND:
        return None  # (a LaTeX table is one board, its rows the table's)
    top, bottom = ((len(rows), len(rows[0].values)) for rows in parts)
    if not inside and not (top == bottom and top[0] == top[1]):
        return None
    return top, bottom, parts[1][0].line, how


def two_boards_note(reading: GridReading) -> tuple[int, str] | None:
    """A note, where a grid read as one board reads as two as well (see `_two_boards`),
    of which reading was taken: two 5x5 puzzles run together read as a 10x5 with no
    solution, and its reason pointed at a slip that was not there."""
    lines, rows = reading.lines, reading.rows
    grid = grid_line_indices(lines)
    commented = any(lines[i].lstrip().startswith("#") for i in range(grid[0] + 1, grid[-1]))
    width = len(rows[0].values)
    # (looked at first in the rows read, so most grids are not read again in halves: a
    # comment among them, or two squares' rows with every number small enough for one)
    if not commented and (len(rows) != 2 * width
                          or max(v for row in rows for v in row.values) > width * width):
        return None
    found = _two_boards(lines, reading.first_line, reading.filename)
    if found is None:
        return None
    top, bottom, second, how = found
    return (second, f"the rows read as two boards, {top[0]}x{top[1]} and "
                    f"{bottom[0]}x{bottom[1]} from line {second}, with {how}: read as "
                    f"one, {a_size(len(rows), len(rows[0].values))} board; a blank line "
                    "before the second starts another puzzle")


def empty_header_note(reading: GridReading) -> tuple[int, str] | None:
    """A note of a Markdown table's empty header row, left out as a header, over rows one
    fewer than the board is wide: a board posted as a table with its own first row, wholly
    blank, as the header read as a board a row short (see `tables.without_bar_rules`)."""
    lines, first_line, rows = reading.lines, reading.first_line, reading.rows
    grid = grid_line_indices(lines)
    if len(grid) < 3 or first_line + grid[0] == rows[0].line:
        return None  # (the first line was read as a row)
    header = lines[grid[0]].strip()
    cells = header[1:-1].split("|") if header.startswith("|") and header.endswith("|") else []
    width = len(rows[0].values)
    if not (cells and not any(cell.strip() for cell in cells) and len(rows) + 1 == width):
        return None
    return (first_line + grid[0], f"the table's header row is empty, and left out as a "
                                  f"header: {a_size(len(rows), width)} board; if it is the "
                                  f"board's first row, write its blanks as . for the "
                                  f"{width}x{width} board")


def label_rows_note(reading: GridReading) -> tuple[int, str] | None:
    """A note of a first row of 1, 2, 3 ... to the board's width over one row more than
    that, or a first column of 1 ... to the rows beside one column more: column numbers or
    line numbers copied with the board read as givens (a Markdown table's header
    "| 1 | 2 |", an editor's line numbers), which the reader cannot tell from a given row."""
    rows = reading.rows
    if len(rows) < 4:
        return None
    height, width = len(rows), len(rows[0].values)
    if rows[0].values == list(range(1, width + 1)) and height == width + 1:
        return (rows[0].line, f"the first row is 1 to {width}, as column numbers over "
                              f"a board are: read as its first row, "
                              f"{a_size(height, width)} board; if they are labels, put "
                              f"# before that line for the {width}x{width} board")
    if [row.values[0] for row in rows] == list(range(1, height + 1)) and width == height + 1:
        return (rows[0].line, f"the first column is 1 to {height}, as line numbers "
                              f"beside a board are: read as its first column, "
                              f"{a_size(height, width)} board; if they are labels, take "
                              f"them out for the {height}x{height} board")
    return None


def two_wide_size_note(reading: GridReading) -> tuple[int, str] | None:
    """A note when the first row of a board two columns wide, read as a row, could as
    well be the board's size line: "3 2" over three rows of two. Either reading makes a
    board, and only the writer knows which was meant (see `rereadings.two_wide_after_size`)."""
    rows = reading.rows
    if len(rows[0].values) != 2 or len(rows) < 3:
        return None
    leading = leading_size(reading.lines)
    if leading is None or rows[0].line != reading.first_line + leading[0][0]:
        return None  # (no line like a size, or it was not read as the first row)
    size = size_given(leading[1])
    if size is None or not fits(size, (len(rows) - 1, 2)):
        return None
    if max((v for row in rows[1:] for v in row.values), default=0) > (len(rows) - 1) * 2:
        return None  # (the other reading would be no board: a number past its last)
    return (rows[0].line, f"{rows[0].text.strip()!r} read as the first row of a "
                          f"{len(rows)}x2 board; as its size (with a blank line after it) "
                          f"the board would be {len(rows) - 1}x2")


def size_row_note(reading: GridReading) -> tuple[int, str] | None:
    """A note, when the first of the rows (read at tabs, commas or semicolons) holds one
    number N in its first cell and nothing else, over N rows N cells wide, that it was read
    as the board's first row, where it may be the size of the N x N board under it: a
    spreadsheet saves a size typed in its first cell so ("7,,,,,," over a 7x7 grid).

    It stays a row: a board's own first row may hold its one given in the corner, and
    reading it as a size would change that board's verdict without a word (an (N+1) x N
    board with N in its corner reads the same). The note says which reading was taken."""
    rows = reading.rows
    if rows[0].separator in (None, BAR, AMPERSAND) or len(rows) < 3:
        return None  # (a Markdown or LaTeX table's cells are parted by bars or &: no
        # spreadsheet's)
    first = rows[0].values
    width = len(first)
    if first[0] != width or any(first[1:]) or len(rows) - 1 != width:
        return None
    return (rows[0].line, f"the first row holds only {width}, as a spreadsheet writes a "
                          f"board's size over it: read as the board's first row, "
                          f"{a_size(len(rows), width)} board; if it is the size, take that "
                          f"line out for the {width}x{width} board")


def edge_columns_note(reading: GridReading) -> tuple[int, str] | None:
    """A note, when the rows (read at tabs, commas or semicolons) have columns at an edge
    empty in every row, that they were read as the board's, where another reading is as
    likely:

    - the board would be square without them: an indent of tabs before each row reads
      so too ("<TAB>1<TAB><TAB>3" over two more such rows is a 3x4, where an indented 3x3
      may have been meant);
    - every row ends (or starts) with the separator that parts off the empty field:
      programs that print ``value + ","`` write rows so (where every other field holds
      something, that reads as the row's end: see `sizes.without_row_end_separators`).

    Which was meant only the writer knows, and neither reading can be preferred: a sparse
    puzzle's first column may well hold no given, and a 3x4 read as a 3x3 gets another
    verdict as surely as a 3x3 read as a 3x4 does (see `tabs.spreadsheet_rows`)."""
    rows = reading.rows
    if rows[0].separator in (None, BAR, AMPERSAND):
        return None  # (a Markdown or LaTeX table's empty cells are blanks, as a boxed
        # grid's are)
    width = len(rows[0].values)
    # (a row of blanks says nothing of which columns are the board's: a line of tabs only
    # is such a row, made of dots by `tabs.tab_rows_kept`)
    telling = [row for row in rows if any(row.values)]

    def empty(column: int) -> bool:
        return all(not row.tokens[column] for row in telling)

    left = next((i for i in range(width) if not empty(i)), width)
    right = next((i for i in range(width) if not empty(width - 1 - i)), width)
    kept = width - left - right
    if not left + right or left == width:
        return None
    texts = [row.text.strip(" \r") for row in telling]
    marks = "\t" if rows[0].separator is TAB else ",;"
    names = {"\t": "a tab", ",": "a comma", ";": "a semicolon"}
    ending = right and all(text[-1:] in marks for text in texts)
    # (a number too large for the square: those columns are not all spacing)
    if kept == len(rows) != width and not any(v > kept * kept for row in rows
                                               for v in row.values):
        sides = " and the ".join(f"{where} column" if n == 1 else f"{where} {n} columns"
                                 for n, where in ((left, "first"), (right, "last")) if n)
        one = left + right == 1
        spacing = ("an indent" if not right else
                   f"{names[texts[0][-1]]} ending each row" if ending and left + right == 1
                   else "an indent, or separators ending the rows")
        return (rows[0].line, f"the {sides} {'is' if one else 'are'} empty in every "
                              f"row: read as the board's, {a_size(len(rows), width)} "
                              f"board; if {'it is' if one else 'they are'} only "
                              f"spacing ({spacing}), take {'it' if one else 'them'} "
                              f"out for the {kept}x{kept} board")
    starting = left and all(text[:1] in marks for text in texts)
    if not (ending or starting):
        return None
    if any(v > len(rows) * (width - 1) for row in rows for v in row.values):
        return None  # (a number too large for the narrower board: the column is the board's)
    if ending and starting:
        # (",5,,": a comma before each cell, or after each? Either may be the one to go)
        char, where, column, only = (texts[0][-1], "starts and ends", "first and a last",
                                     "one of them only parts the rows off")
    elif ending:
        char, where, column, only = texts[0][-1], "ends", "last", "it only ends the row"
    else:
        char, where, column, only = texts[0][0], "starts", "first", "it is only an indent"
    take = "that one" if ending and starting else "it"
    return (rows[0].line, f"every row {where} with {names[char]}: read as parting off "
                          f"a {column} column of blanks, {a_size(len(rows), width)} board; "
                          f"if {only}, take {take} out for the "
                          f"{len(rows)}x{width - 1} board")


def raise_if_header_inside(
    lines: list[str], first_line: int, filename: str, error: ParseError
) -> None:
    """Raise a `ParseError` at the first ``# key: value`` line among a grid's `lines` that
    failed to read with `error`: two puzzles with no blank line between them read as one
    grid with a comment inside, and its error ("1 appears twice") hid the cause."""
    for k, line in enumerate(lines[1:], start=1):
        if METADATA_LINE.match(line):
            raise ParseError(
                filename, first_line + k, line.find("#") + 1,
                f"{cut_short(line.strip())!r} inside a grid, which then does not read "
                f"(line {error.line}: {error.message}); a blank line before it starts "
                "another puzzle",
            ) from None


def raise_if_cut_off(lines: list[str], first_line: int, filename: str) -> None:
    """Raise a `ParseError` at the edge of a scrolled view among a grid's `lines` that
    failed to read: a board copied off the app's screen in part. ("'┆' is not a number"
    did not say that the rest of the board was missing.)"""
    edge = cut_edge(lines)
    if edge is not None:
        index, col = edge
        raise ParseError(
            filename, first_line + index, col + 1,
            f"{lines[index][col]!r} marks where the app's view of a scrolled board ends: "
            "this copy holds part of a board; copy it from a window that shows it whole, "
            "or save it with e",
        ) from None


def raise_if_label_row(lines: list[str], first_line: int, filename: str,
                        error: ParseError) -> None:
    """Raise `error` saying, where the grid's first row is 1 to its width over one row
    more (see `label_rows_note`), that it may be column numbers: "2 appears twice" of a
    board under a header "| 1 | 2 | ... |" did not. (Not under a size line, which says
    what the rows are.)"""
    if size_line(lines) is not None:
        return
    try:
        rows = grid_rows(lines, first_line, filename)
    except ParseError:
        return
    note = label_rows_note(GridReading(lines, first_line, filename, rows))
    if note is not None:
        raise said_more(error, note[1]) from None


def raise_if_two_boards(lines: list[str], first_line: int, filename: str,
                         error: ParseError) -> None:
    """Raise `error` saying, where the grid's lines read as two boards (see `_two_boards`),
    that they may be two puzzles run together: its message ("33 appears twice") did not."""
    found = _two_boards(lines, first_line, filename)
    if found is not None:
        top, bottom, second, how = found
        raise said_more(error, f"the rows read as two boards, {top[0]}x{top[1]} and "
                                f"{bottom[0]}x{bottom[1]} from line {second}, with {how}: a "
                                "blank line before the second starts another puzzle") from None
