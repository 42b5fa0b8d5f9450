"""A board as a data-frame library writes it: pandas' ``df.to_csv()`` of a board with NaN
for its blanks writes each number of a column that holds a blank as a float (``63.0``), an
empty field for a blank, and, unless told not to, a header row of column labels over the
rows (``,0,1,2``) and each row's index before it (``0,``)::

    ,0,1,2
    0,63.0,,12.0
    1,,2.0,

That is read as the board it writes (63 . 12 over . 2 .)."""
from __future__ import annotations

import re

from numbrix_curses.comments import LEFT_OUT, grid_line_indices
from numbrix_curses.puzzle import MAX_SIDE, ParseError, cell_value
from numbrix_curses.textformat.rows import SEPARATOR, TAB


# A whole number written as a float: "63.0" ("63.00" with a float format of two places).
FLOAT_WRITTEN = re.compile(r"([0-9]{1,6})\.0+")
# A number with a fraction, no cell of any board ("63.5").
DECIMAL = re.compile(r"[0-9]*\.[0-9]+")


# The grid lines of a frame made over at most: its header row and a board's rows, and one
# more, which the reader refuses as a row past the board's last (the rest are never read).
_MOST_LINES = MAX_SIDE + 2


# A column's label: a word (letters first, then letters, digits, spaces, "_", "." or "-").
_LABEL = re.compile(r"[^\W\d_][\w .-]*")


def _labels(fields: list[str]) -> bool:
    """Whether `fields` are column labels ("A", "B", "C"; no numbers or blanks)."""
    return bool(fields) and all(
        _LABEL.fullmatch(field) and cell_value(field) is None and field.lower() != "nan"
        for field in fields)


def _counting(fields: list[str]) -> bool:
    """Whether `fields` are 0, 1, 2 ... as pandas numbers columns and rows by default."""
    return fields == [str(i) for i in range(len(fields))]


def frame_header(lines: list[str]) -> bool:
    """Whether the first grid line of `lines` is a data frame's header row over numbers
    written as floats (see `as_frame_written`): "0,1", a header of two columns, is no size
    line then (a side of 0 is none)."""
    try:
        frame = as_frame_written(lines, "", 1)
    except ParseError:
        return True  # (a header over rows with no index: said where the rows are read)
    grid = grid_line_indices(lines)
    return frame is not None and bool(grid) and frame[grid[0]] == LEFT_OUT


def as_frame_written(lines: list[str], filename: str, first_line: int,
                     tabs: bool = False) -> list[str] | None:
    """`lines` of a grid parted by commas or semicolons (with `tabs`, by tabs) as a data
    frame writes a board (see the module's text), made the rows of its board: each number
    written as a float whose fraction is 0 (``63.0``) written as the whole number, in every
    column whose numbers are all written so (pandas writes a column without a blank, of
    integers, as integers: ``63,,12.0``); the header row of column labels left out (a
    comment, `LEFT_OUT`), and the index column made spaces, so the columns of the cells
    stay where they were. None where no number is written so, and no header and index
    say it is a frame where it cannot be a board: such lines are read as ever (a float
    was no cell, and "1" in both the header and the index is a number given twice: no
    grid that read before reads otherwise).

    The header row is the first: its first field empty (the index's name) over an index
    column, or, with no index, its fields 0, 1, 2 ... or column labels ("A", "B", as a
    frame with named columns writes them). The index column is the rows' first fields, 0,
    1, 2 ... in turn: under such a header, or with no header over two rows or more. A
    header with an empty first field over rows that do not start with their index (a
    frame whose index is no count) is refused at the first that does not, saying to write
    the board with ``to_csv(index=False, header=False)``. A column that writes some of its
    numbers as floats and others not is left as it is: its first float is refused. A
    field ``NaN`` (as ``na_rep="NaN"`` writes a blank) is a blank too."""
    joined = "".join(lines)
    if "," not in joined and ";" not in joined and "\t" not in joined:
        return None  # (most grids, parted by spaces: said at once, as a file may hold 10,000)
    grid = grid_line_indices(lines)
    if len(grid) > _MOST_LINES:
        # (the lines past those are left as they are: made over whole, the 16 MiB of a
        # spreadsheet's export took a minute before its 31st row was refused)
        cut = grid[_MOST_LINES]
        head = as_frame_written(lines[:cut], filename, first_line, tabs)
        return None if head is None else head + lines[cut:]
    texts = [lines[i] for i in grid]
    if not texts or any('"' in text for text in texts):
        return None
    if all(SEPARATOR.search(text) for text in texts) and not tabs:
        separator = SEPARATOR
    elif all("\t" in text for text in texts) and (tabs or all(
            field.strip() for text in texts for field in text.split("\t"))):
        # (parted by tabs; read at whitespace, where no field is empty, as its rows are)
        separator = TAB
    else:
        return None
    cells = [[field.strip() for field in separator.split(text)] for text in texts]
    first = cells[0]
    indexed_header = (len(first) > 1 and not first[0]
                      and (_counting(first[1:]) or _labels(first[1:])))
    header = indexed_header or _counting(first) or _labels(first)
    body = list(range(1, len(cells))) if header else list(range(len(cells)))
    indexed = bool(body) and _counting([cells[k][0] for k in body])
    if not any(FLOAT_WRITTEN.fullmatch(cell) or cell.lower() == "nan"
               for row in cells for cell in row):
        # (a frame of whole numbers only, a board with no blank: its header row and index
        # column alone say so, where the board is no board without them: a header of
        # labels, or "1" in both, given twice)
        if not (indexed_header and indexed
                and (_labels(first[1:]) or len(first) > 2 and len(body) >= 2)):
            return None
    if indexed_header and not indexed:
        k = next(k for n, k in enumerate(body) if cells[k][0] != str(n))
        line = texts[k]
        raise ParseError(
            filename, first_line + grid[k], len(line) - len(line.lstrip()) + 1,
            f"a data frame's header row (line {first_line + grid[0]}, as pandas' to_csv "
            f"writes it) over a row that does not start with its index {body.index(k)}: "
            "write the board with to_csv(index=False, header=False)")
    if not (indexed_header or not header and indexed and len(body) >= 2):
        indexed = False
    out = list(lines)
    if header:
        out[grid[0]] = LEFT_OUT
    skip = 1 if indexed else 0
    width = max(len(cells[k]) for k in body) if body else 0
    floats = set()
    for column in range(skip, width):
        # (blanks, "0" among them, are no numbers: as na_rep="0" writes NaN)
        numbers = [cells[k][column] for k in body if column < len(cells[k])
                   and (FLOAT_WRITTEN.fullmatch(cells[k][column])
                        or cells[k][column].isdigit() and cells[k][column].strip("0"))]
        if numbers and all(FLOAT_WRITTEN.fullmatch(number) for number in numbers):
            floats.add(column)
    for k in body:
        text = texts[k]
        # (each field's span in the line: every change keeps the line's length, so the
        # columns of the cells stay where they were)
        ends = [match.start() for match in separator.finditer(text)] + [len(text)]
        starts = [0] + [end + 1 for end in ends[:-1]]
        chars = list(text)
        for column, (begin, end) in enumerate(zip(starts, ends)):
            if column < skip:
                chars[begin:end + 1] = " " * len(chars[begin:end + 1])  # (and its separator)
                continue
            field = text[begin:end].strip()
            if field.lower() == "nan":
                # (NaN as na_rep="NaN" writes it: the blank it stands for)
                at = text.index(field, begin)
                chars[at:at + 3] = ".  "
                continue
            match = FLOAT_WRITTEN.fullmatch(field)
            if column in floats and match is not None:
                at = text.index(match.group(), begin)
                whole = match.group(1)
                chars[at:at + len(match.group())] = whole + " " * (len(match.group()) - len(whole))
        if skip and not "".join(chars).strip() and len(starts) == 2:
            # (a board one column wide: its blank, where the separator stood, so the line
            # keeps its length and a short row's error points inside it)
            chars[ends[0]] = "."
        out[grid[k]] = "".join(chars)
    return out
