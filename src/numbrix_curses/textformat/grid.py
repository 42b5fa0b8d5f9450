"""One grid's lines read as rows of numbers (compact or boxed, after a size line if it has
one), and the numbers checked: each in range for the board, and at most once. A number out
of range is an `OutOfRange`, which keeps the grid's shape for the question whether a blank
line splits a board (see `blocks`)."""
from __future__ import annotations

import re
import unicodedata

from numbrix_curses.comments import grid_line_indices
from numbrix_curses.puzzle import (
    MAX_SIDE,
    ParseError,
    a_size,
    cell_value,
    cells_text,
    cut_short,
)
from numbrix_curses.screencopy import as_drawn_by_us, misnumbered_row
from numbrix_curses.textformat.errors import NotACell, OutOfRange, WrongWidth, said_more
from numbrix_curses.textformat.frames import (
    DECIMAL,
    FLOAT_WRITTEN,
    as_frame_written,
    frame_header,
)
from numbrix_curses.textformat.latex import latex_table
from numbrix_curses.textformat.rows import (
    AMPERSAND,
    BAR,
    QUOTED_SEPARATOR,
    SEPARATOR,
    TAB,
    Row,
    boxed_row,
    cell_count,
    is_boxed,
    open_quote,
    read_row,
)
from numbrix_curses.textformat.sizes import (
    fits,
    reads_as_size,
    size_line,
    without_row_end_separators,
)
from numbrix_curses.textformat.tables import bare_table, table_cells, without_bar_rules


# Unicode's line and paragraph separators: whitespace to str.split, a line end to the eye.
_ROW_BREAK = re.compile("[\u2028\u2029]")
# A vertical tab or form feed is whitespace too: at a row's start or end it is a page break
# (a booklet's) or a stray, read as space; between two cells it is a line break a program
# wrote (a word processor's manual line break is a vertical tab), and it joined the rows
# ("1 . 3<VT>. . .<VT>. . 9" was a 1x9 board).
_BREAK_NAMES = {"\x0b": "a vertical tab", "\x0c": "a form feed"}
_INNER_BREAK = re.compile("[\x0b\x0c]")


def grid_rows(
    lines: list[str], first_line: int, filename: str, tabs: bool = False,
    size: tuple[int, int] | None = None, size_lines: int = MAX_SIDE,
) -> list[Row]:
    """The rows of one grid (compact or boxed, decided by its first line), after a size
    line if it has one that fits (see `size_line`; `size` is what it said, given to the
    call that reads the rows under it, and None for rows under no size line); with
    `tabs`, compact rows are parted at single tabs (see `tabs.spreadsheet_rows`), and there
    is no size line. A size line may stand over another (`size_lines` more at most, each
    read by a call of its own: a block of thousands of lines "3x3" went as deep as
    Python's stack and failed with a traceback); past that, a line that may be one is read
    as a row."""
    try:
        return _grid_rows(lines, first_line, filename, tabs, size, size_lines)
    except ParseError:
        # (looked for only now: most grids read, and most that do not have no row numbers)
        misnumbered = misnumbered_row(lines)
        if misnumbered is None:
            raise
        index, col, label = misnumbered
        raise ParseError(filename, first_line + index, col, (
            f"{cut_short(label)!r} is not a row number, as the labels of the other rows "
            "beside the board are; write the row's number, or take the row numbers out"
        )) from None


def _grid_rows(
    lines: list[str], first_line: int, filename: str, tabs: bool,
    size: tuple[int, int] | None, size_lines: int,
) -> list[Row]:
    """`grid_rows`, but for a fault in a row's number beside a board copied off the
    screen."""
    lines = as_drawn_by_us(lines)
    under_size = size is not None
    sized = None if tabs or size_lines <= 0 or frame_header(lines) else size_line(lines)
    if sized is not None:
        index, said, side_only = sized
        try:
            rows = grid_rows(lines[index + 1 :], first_line + index + 1, filename,
                              size=said, size_lines=size_lines - 1)
        except ParseError:
            if not side_only:
                raise  # (an error in the rows below is reported where it is)
            rows = []  # (a puzzle's number, maybe: read as a row, as ever)
        shape = (len(rows), len(rows[0].values)) if rows else (0, 0)
        if fits(said, shape):
            return rows
        if shape[0] > 1 and not side_only:
            # The rows below agree with each other, so the first line is the odd one out:
            # a wrong size line or a short first row. One message fits either mistake.
            line = lines[index]
            start = len(line) - len(line.lstrip()) + 1
            if len(line.split()) == shape[1]:
                # As wide as the rows, it is no short row: it was said to have 2 cells ("1 x
                # 3" has three). Neither reading is preferred: both are said.
                try:
                    grid_rows(lines[index:], first_line + index, filename, size_lines=0)
                except ParseError as error:
                    raise ParseError(
                        filename, first_line + index, start,
                        f"{line.strip()!r} is neither a row of the grid ({error.message}) nor "
                        f"its size (the grid below it is {shape[0]}x{shape[1]})") from None
            raise WrongWidth(
                filename, first_line + index, start,
                f"row has 2 cells, but the rows below it have {shape[1]}"
                f" (as a size line, {line.strip()!r} does not fit the"
                f" {shape[0]}x{shape[1]} grid below)",
            )
    # (a LaTeX table: its rows' cells parted by &, its lines of commands left out)
    latex = None if tabs else latex_table(lines, first_line, filename)
    # (a Markdown table without its outer bars: its cells parted by bars, its delimiter
    # and header left out)
    table = None if tabs or latex is not None else bare_table(lines)
    bars = table is not None
    written = lines  # (as written: a table's outer bars are spaces in `table`)
    # (a board as a data frame writes it: 63.0 for 63, a header row and an index column)
    frame = (None if bars or latex is not None
             else as_frame_written(lines, filename, first_line, tabs))
    if frame is not None:
        lines = frame
    if latex is not None:
        lines, boxed = latex.lines, False
    elif table is not None:
        lines, boxed = table, False
    else:
        if not tabs:
            lines = without_row_end_separators(lines, size)
        # (decided by the first grid line: a line left out before it, such as the column
        # letters over a board copied off the screen, is a comment now)
        boxed = is_boxed(lines)
        if boxed:
            lines = without_bar_rules(lines)
    rows: list[Row] = []
    rules: list[tuple[int, int, int]] = []  # (line, col, cell count) of each rule line
    # (the last line that says something, looked for from the end: a block of megabytes
    # was looked through for it before its first row was read)
    last_line = next((first_line + index for index in range(len(lines) - 1, -1, -1)
                      if lines[index].strip() and not lines[index].lstrip().startswith("#")),
                     0)
    for number, line in enumerate(lines, start=first_line):
        if line.lstrip().startswith("#"):
            continue
        row_break = _ROW_BREAK.search(line)
        if row_break is not None:
            # Shown as a line break by editors, read as a space it joined two rows into
            # one ("1 2<U+2029>4 3" was a 1x4 board): which was meant is not ours to guess.
            raise ParseError(
                filename, number, row_break.start() + 1,
                f"U+{ord(row_break.group()):04X} (a line or paragraph separator) inside a "
                "row; end each row with a line break",
            )
        content = line.strip()
        inner_break = _INNER_BREAK.search(content)
        if inner_break is not None:
            raise ParseError(
                filename, number, line.index(content) + inner_break.start() + 1,
                f"U+{ord(inner_break.group()):04X} ({_BREAK_NAMES[inner_break.group()]}) "
                "between two cells of a row; end each row with a line break",
            )
        if boxed:
            row = boxed_row(number, line, filename)
            if row is None:
                indent = len(line) - len(line.lstrip())
                rules.append((number, indent + 1, line.count("+") - 1))
                continue
        elif bars:
            tokens = [segment.strip() for segment in line.split("|")]
            row = Row(number, line, tokens, boxed=False, separator=BAR)
        elif latex is not None:
            tokens = [segment.strip() for segment in AMPERSAND.split(line)]
            row = Row(number, line, tokens, boxed=False, separator=AMPERSAND)
        elif "," in line or ";" in line:
            # A row from a spreadsheet: an empty field is a blank, a quoted one is unquoted.
            if line.count('"') % 2:
                # (a spreadsheet closes every quote it opens; one left open made the rest
                # of its row one field, blamed from the row's start)
                raise ParseError(filename, number, open_quote(line) + 1,
                                 "quote (\") not closed on its line")
            separator = QUOTED_SEPARATOR if '"' in line else SEPARATOR
            tokens = [segment.strip().strip('"').strip() for segment in separator.split(line)]
            row = Row(number, line, tokens, boxed=False, separator=separator)
        elif tabs:
            tokens = [segment.strip() for segment in line.split("\t")]
            row = Row(number, line, tokens, boxed=False, separator=TAB)
        else:
            row = Row(number, line, line.split(), boxed=False)
        if len(rows) == MAX_SIDE:
            raise ParseError(
                filename,
                number,
                1,
                f"grid has more than {MAX_SIDE} rows; at most {MAX_SIDE} allowed",
            )
        try:
            read_row(row, len(rows[0].values) if rows else None, filename,
                      last=number == last_line)
        except ParseError as error:
            if (len(row.tokens) == 3 and all(t.isdigit() for t in row.tokens)
                    and 1 <= len(rows) <= 2 and not under_size
                    and all(len(r.values) == 1 for r in rows) and rows[0].line == first_line):
                # "9" (and a count) over lines of three: course files list the givens as
                # row, column and number, read so where they can be (`givens.listed_givens`);
                # these cannot (a number in them is 0, or they read as a grid's rows).
                first = rows[0]
                raise ParseError(
                    filename, first.line, first.col(0),
                    f"{'a line' if len(rows) == 1 else 'lines'} of one cell over rows of 3 "
                    "(a puzzle number? start the line with # to keep it; or a list of "
                    "givens as row, column and number? it does not read as one)") from None
            if (len(rows) == 1 and len(rows[0].values) == 1 and len(row.tokens) > 1
                    and not under_size and rows[0].line == first_line):
                # One number over a wider grid: a puzzle's number, say, or a size written
                # as one ("12"). Said of that line, not of the row under it.
                first = rows[0]
                raise ParseError(
                    filename, first.line, first.col(0),
                    f"a line of one cell over rows of {len(row.tokens)}"
                    " (a puzzle number? start the line with # to keep it)") from None
            # (not under a size line: that says how wide the rows are, and the first may be
            # the one that is right)
            odd_first = (None if under_size
                         else _odd_first_row(rows, row, lines[number - first_line + 1:], tabs,
                                             bars, latex is not None))
            if odd_first is not None:
                if bars and len(rows[0].tokens) < len(row.tokens):
                    odd_first += _edge_hint(written[rows[0].line - first_line])
                raise WrongWidth(filename, rows[0].line, rows[0].col(0), odd_first) from None
            if frame is not None and isinstance(error, NotACell):
                # (the cell it names: the first that is no number or blank)
                bad = next(token for token in row.tokens if cell_value(token) is None)
                if FLOAT_WRITTEN.fullmatch(bad):
                    raise said_more(error, "its column writes other numbers without .0: "
                                           "write each number of a column one way") from None
                if DECIMAL.fullmatch(bad):
                    raise said_more(error, "a cell holds a whole number (a data frame's "
                                           "63.0 reads as 63)") from None
            if (bars and rows and len(row.tokens) < len(rows[0].values)
                    and isinstance(error, WrongWidth)):
                hint = _edge_hint(written[number - first_line])
                if hint:
                    raise said_more(error, hint[2:]) from None
            raise
        rows.append(row)
    if not rows:
        raise ParseError(filename, first_line, 1,
                         "Markdown table has no rows under its delimiter" if bars
                         else "LaTeX table has no rows" if latex is not None
                         else "boxed grid has no rows between its rule lines")
    width = len(rows[0].values)
    if latex is not None and latex.columns not in (None, width):
        # (a row short of the columns is one LaTeX fills with empty cells, and a longer
        # one it refuses: which board the table shows is not told)
        first = rows[0]
        raise WrongWidth(
            filename, first.line, first.col(min(width, latex.columns)),
            f"row has {cells_text(width)}, but the column spec '{cut_short(latex.spec)}' "
            f"(line {first_line + latex.spec_at}) makes {latex.columns}; write the rows "
            "and the spec alike")
    if latex is not None and latex.columns is None and width > 1:
        _raise_if_latex_edge_unsure(rows, filename)
    if bars:
        # (a table's rows have the delimiter's cells: under column labels, the first row
        # has as well, or the board would be another than the table shows)
        at = grid_line_indices(written)[1]
        cells = table_cells(written[at])
        if cells != width:
            first = rows[0]
            raise ParseError(
                filename, first.line, first.col(min(width, cells)),
                f"row has {cells_text(width)}, but the table's delimiter (line "
                f"{first_line + at}) has {cells}"
                + (_edge_hint(written[first.line - first_line]) if width < cells else ""))
    for number, col, count in rules:
        if count != width:
            raise ParseError(
                filename, number, col, f"rule line has {cells_text(count)}, expected {width}"
            )
    return rows


def _raise_if_latex_edge_unsure(rows: list[Row], filename: str) -> None:
    """Refuse the rows of a LaTeX table with no column spec over them whose first or last
    field is empty in every row (but rows of blanks only): a column of blanks at the
    board's edge, or an ``&`` that a program wrote after (or before) each cell? With the
    spec LaTeX tells, and each reading has its own verdict."""
    telling = [row for row in rows if any(row.values)]
    for index, where in ((-1, "last"), (0, "first")):
        if all(not row.tokens[index] for row in telling):
            first = rows[0]
            raise ParseError(
                filename, first.line, first.col(len(first.tokens) - 1 if index else 0),
                f"the {where} cell of every row is empty: a column of blanks, or an '&' "
                f"{'ending' if index else 'starting'} each row? put the table's "
                "\\begin{tabular}{...} line over the rows, which tells, or write its "
                "blanks as .")


def _edge_hint(line: str) -> str:
    """Words for a row of a Markdown table without outer bars that is a cell short and
    starts or ends with a bar: read as the table's edge (as Markdown reads it), not as
    parting off an empty cell. "" for a row with no such bar."""
    text = line.strip()
    if not (text.startswith("|") or text.endswith("|")):
        return ""
    return ("; a bar at the start or end of a table's line is its edge, as in Markdown: "
            "write an empty cell there as .")


def _odd_first_row(rows: list[Row], second: Row, rest: list[str], tabs: bool,
                   bars: bool = False, amps: bool = False) -> str | None:
    """What is wrong with the first row of a grid when it alone disagrees with the rows
    under it: the second row and every row after it have one width (two rows at least), and
    the first another. The error was said of the second row ("row has 3 cells, expected
    4"), which sent the reader to a good line. None when that is not so."""
    width = len(second.tokens)
    if len(rows) != 1 or len(rows[0].tokens) == width:
        return None
    counts = [len(line.split("\t")) if tabs else line.count("|") + 1 if bars
              else len(AMPERSAND.split(line)) if amps else cell_count(line)
              for line in rest if line.strip() and not line.lstrip().startswith("#")]
    counts = [n for n in counts if n is not None]  # (a boxed grid's rule lines)
    if not counts or any(n != width for n in counts):
        return None
    said = f"row has {cells_text(len(rows[0].tokens))}, but the rows below it have {width}"
    if len(rows[0].tokens) == 2 and reads_as_size(rows[0].text):
        # ("1000 1000": too large for `size_line` to read it as a size, but meant as one
        # as surely as "100 100", which is said so)
        said += (f" (as a size line, {cut_short(rows[0].text.strip())!r} does not fit the "
                 f"{len(counts) + 1}x{width} grid below)")
    return said


def check_values(rows: list[Row], filename: str) -> None:
    """Numbers in 1..R*C, each at most once; errors point at the offending cell. A -1 is
    a blank only where the grid writes no blank another way, as in JSON: beside 0s or
    dots it marks something else (a cell off the board, as grids with holes do)."""
    # (the cells looked at only where a row's text holds a minus: most grids have none)
    minus = next(((row, i) for row in rows if "-1" in row.text or "\uff0d" in row.text
                  for i, token in enumerate(row.tokens) if _is_minus_one(token)), None)
    other = minus and next((token for row in rows for token, value in zip(row.tokens, row.values)
                            if value == 0 and not _is_minus_one(token)), None)
    if minus is not None and other is not None:
        row, index = minus
        # (the other blank as the file writes it: "(0 or .)" said of a file of _ blanks)
        raise ParseError(filename, row.line, row.col(index),
                         f"-1 beside blanks written another way ({cut_short(other)!r}): a "
                         "blank written two ways, or a cell off the board (Numbrix has "
                         "none)? write each blank one way")
    height, width = len(rows), len(rows[0].values)
    size = height * width
    given = [v for row in rows for v in row.values if v]
    if not given or (max(given) <= size and len(set(given)) == len(given)):
        return
    seen: dict[int, tuple[int, int]] = {}
    for row in rows:
        for index, value in enumerate(row.values):
            if not value:
                continue
            if value > size:
                raise OutOfRange(
                    filename,
                    row.line,
                    row.col(index),
                    f"{cut_short(row.tokens[index])} is out of range 1..{size}"
                    f" for {a_size(height, width)} grid",
                    (height, width),
                    max(given),
                )
            if value in seen:
                line, col = seen[value]
                raise ParseError(
                    filename,
                    row.line,
                    row.col(index),
                    f"{value} appears twice (also at line {line}, column {col})",
                )
            seen[value] = (row.line, row.col(index))


def _is_minus_one(token: str) -> bool:
    """Whether a cell's text is -1 (full-width too, as `cell_value` reads it)."""
    token = token.strip()
    # (NFKC only where the text is not ASCII: it runs on every cell of every grid)
    return token == "-1" or (not token.isascii() and unicodedata.normalize("NFKC", token) == "-1")
