"""Lists of givens, as course files write a board: its side (or rows and columns), maybe the
count of givens, then a line for each given, its row, column and number; told from a grid
of three columns, and from which of 0 or 1 its rows and columns count. And lists of every
cell with a flag after its number, as one app writes a board (`flagged_cells`)."""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Iterator, NamedTuple, Sequence

import numpy as np

from numbrix_curses.puzzle import MAX_SIDE, ParseError, a_size, cut_short, written_number
from numbrix_curses.textformat.errors import ListShort, said_more
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.sizes import as_ascii


# A field of a list's line: a number of any length (one of ten digits, "9999999999 1 9",
# is a slip to refuse where it stands, as "99 1 9" is, not a line that makes the block a
# grid whose rows have the wrong width; `written_number` reads it as past any board).
_LISTED_FIELD = re.compile(r"[0-9]+")
# What parts the fields of a list's line: a comma or semicolon (spaces round it), spaces,
# or a tab.
_PART = r"(?:[ ]*[,;][ ]*|[ ]+|\t)"
# (no tab before the first field or after the last: in a spreadsheet's row that is an
# empty field, "4<tab>3<tab>2<tab>" four cells)
_LISTED_LINE = re.compile(rf"[ ]*[0-9]+(?:{_PART}[0-9]+)*[ ]*")


def _as_listed(line: str) -> str:
    """`line` with the digits of any script, and a full-width space, made the ASCII ones,
    character for character (see `sizes.as_ascii`; full-width commas and semicolons are
    made ASCII as the text is read, `rows.ascii_separators`): a list's lines on a page
    set in Chinese or Japanese ("９　９" over "３，４，１７") read as their ASCII twins do,
    a field at the same place. (A grid's cells and size lines read those digits
    already.)"""
    return as_ascii(line).replace("\u3000", " ")


def is_given_line(line: str) -> bool:
    """Whether `line` reads as one given of a list: its row, column and number."""
    line = _as_listed(line)
    return _LISTED_LINE.fullmatch(line) is not None and len(_LISTED_FIELD.findall(line)) == 3


def _list_header(widths: list[int], count: int, last_odd: int) -> tuple[int, bool] | None:
    """How many lines head a list of givens of `count` lines, the first of which hold
    `widths` fields (three at most are looked at) and the last of other than three fields
    is at index `last_odd` (-1 for none), and whether the last of them is the count: the
    side, or rows and columns on one line, maybe the count after (lines of 1 [1], or 2
    [1]); rows, columns and the count on a line each (1 1 1). None where no list's head
    fits. (Rows and columns on two lines with no count are not taken: "5" under "9" is the
    count of givens on a 9x9, as course files have it.)"""
    for head, counted in (((1, 1, 1), True), ((2, 1), True), ((1, 1), True), ((2,), False),
                          ((1,), False)):
        # (every line under the head of three fields, and one at least)
        if tuple(widths[: len(head)]) == head and count > len(head) and last_odd < len(head):
            return len(head), counted
    return None


def _grid_or_list(head: Sequence[int], counted: bool, lines: int) -> bool:
    """Whether a list's `head` (its numbers, the count apart) and `lines` lines under it
    read as well as a grid of three columns under its size line ("2 3" over two lines of
    three numbers), with a slip in it, as they do when the grid does not read: then the
    grid's error stands (`raise_if_grid_or_list` adds how to make it a list). A side
    alone over three lines reads as a list, as it always has."""
    return len(head) == 2 and not counted and head[1] == 3 and lines == head[0]


def _written_lines(lines: list[str], first_line: int) -> Iterator[tuple[int, str]]:
    """The lines of `lines` that say something (neither blank nor a comment), each with its
    number, the first line's being `first_line`."""
    for number, line in enumerate(lines, start=first_line):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, line


def raise_if_grid_or_list(lines: list[str], error: ParseError) -> None:
    """Raise `error` saying how a list of givens is told from it, where the lines read as
    a grid under its size line or as a list (see `_grid_or_list`): "1 appears twice" of
    "2 3" over "1 1 1" and "2 3 6" did not say that the count of givens makes it a list."""
    written, listed = [], []
    for _, line in _written_lines(lines, 1):
        as_listed = _as_listed(line)
        if not _LISTED_LINE.fullmatch(as_listed):
            return  # (told at the first line that is no list's)
        written.append(line)
        listed.append(as_listed)
    if not listed:
        return
    head = list(_LISTED_FIELD.finditer(listed[0]))
    threes = all(len(_LISTED_FIELD.findall(line)) == 3 for line in listed[1:])
    if threes and _grid_or_list([written_number(m.group()) for m in head], False,
                                len(listed) - 1):
        # (its numbers as the line writes them: "２ ３" in full-width digits)
        size = " ".join(written[0][m.start():m.end()] for m in head)
        raise said_more(error, f"or, as a list of givens (row, column, number), it needs "
                                f"their count on the line under '{size}'") from None


def _as_said(digits: str) -> str:
    """A number of a list's field as its messages say it: without leading zeros, as the
    number it is (one of thousands of digits cut short)."""
    return cut_short(digits.lstrip("0") or "0")


def _without_end_separator(line: str) -> str:
    """A head line of one or two numbers without the comma or semicolon a spreadsheet
    writes after its last field ("8,8," over lines "1,1,1"); other lines as they are."""
    stripped = line.rstrip()
    if stripped.endswith((",", ";")) and len(_LISTED_FIELD.findall(stripped)) in (1, 2):
        return stripped[:-1]
    return line


# One given's line of a list: its row, column and number, the three fields of a list's line
# (a line `_LISTED_LINE` reads with three numbers in it reads so, and the other way round;
# its groups are the fields `_LISTED_FIELD` finds, at the same places).
_GIVEN_LINE = re.compile(rf"[ ]*([0-9]+){_PART}([0-9]+){_PART}([0-9]+)[ ]*")
# The lines of a list kept as they are read: a head of three lines at most, and as many
# givens as a grid of three columns has rows at most (see `_reads_as_grid_of_three`).
_KEPT_LINES = 3 + MAX_SIDE


@dataclass
class _ListScan:
    """What one pass over a block's lines tells of it as a list of givens (`_scan_list`):
    only its first lines are kept, so a list of 640,000 lines is looked through, not held
    (every line of it made a match object took 800 MB before a given twice on its 19th
    line was said)."""

    first: list[tuple[int, str]]  # the first `_KEPT_LINES` lines, each with its number
    count: int  # how many lines the list has (comments left out)
    last_odd: int  # the index of its last line of other than three fields; -1 for none
    last_zero: int  # the index of its last line of three fields whose number is 0; -1

    def widths(self) -> list[int]:
        """How many fields each of the first three lines holds (a head is no longer)."""
        return [len(_LISTED_FIELD.findall(line)) for _, line in self.first[:3]]


def _scan_list(lines: list[str], first_line: int) -> _ListScan | None:
    """`lines` looked through as a list of givens, in one pass: its lines are those left
    when comments are left out, each made ASCII (`_as_listed`) and without a head line's
    end separator; None where fewer than two are left, or one is no list's line: every
    field a number (of any length), parted by spaces, one tab, or one comma or semicolon
    ("1,,2,5", a spreadsheet's row with an empty field, is no list). (Each line made ASCII
    only until one is no list's: a block of long lines is not made over whole.)"""
    first: list[tuple[int, str]] = []
    count, last_odd, last_zero = 0, -1, -1
    for number, line in _written_lines(lines, first_line):
        line = _without_end_separator(_as_listed(line))
        three = _GIVEN_LINE.fullmatch(line)
        if three is None:
            if _LISTED_LINE.fullmatch(line) is None:
                return None
            last_odd = count
        elif not written_number(three.group(3)):
            last_zero = count
        if count < _KEPT_LINES:
            first.append((number, line))
        count += 1
    return _ListScan(first, count, last_odd, last_zero) if count >= 2 else None


def _given_lines(
    lines: list[str], first_line: int, head: int
) -> Iterator[tuple[int, re.Match[str]]]:
    """The givens of a list `_scan_list` read, line by line, past its `head` lines: each
    line's number and its match of `_GIVEN_LINE` (row, column and number its groups), made
    as it is read, so the list is never held whole."""
    for listed, (number, line) in enumerate(_written_lines(lines, first_line), start=1):
        if listed > head:
            found = _GIVEN_LINE.fullmatch(_as_listed(line))
            assert found is not None  # (`_scan_list` found every line past the head so)
            yield number, found


class _Field(NamedTuple):
    """A row's or column's field of a given's line, where an error may point."""

    line: int  # the line's number
    text: str  # the field as written (in ASCII digits)
    col: int  # where it starts on its line, from 1
    what: str  # "row " or "column ", as a board not square says it; "" on a square one


def _field(number: int, found: re.Match[str], group: int, shape: tuple[int, int]) -> _Field:
    """The row's (`group` 1) or the column's (2) field of a given's line (`found`, at line
    `number`) on a board of `shape`."""
    what = "" if shape[0] == shape[1] else ("row ", "column ")[group - 1]
    return _Field(number, found.group(group), found.start(group) + 1, what)


def _telling_fields(
    givens: Iterator[tuple[int, re.Match[str]]], shape: tuple[int, int]
) -> tuple[_Field | None, _Field | None, _Field | None]:
    """Of the rows and columns of `givens`, line by line (a row before its column), the
    first that is 0, the first that is the board's last (its `shape`'s rows, or columns),
    and the first past that: what says whether they count from 0 or from 1. The lines
    past the first 0 are not read (a 0 settles it). (A field is made only of what is
    found: this looks through every line of a list that has no 0.)"""
    top = beyond = None
    for number, found in givens:
        for group, extent in ((1, shape[0]), (2, shape[1])):
            place = written_number(found.group(group))
            if place == 0:
                return _field(number, found, group, shape), top, beyond
            if place == extent and top is None:
                top = _field(number, found, group, shape)
            if place > extent and beyond is None:
                beyond = _field(number, found, group, shape)
    return None, top, beyond


def listed_givens(
    lines: list[str], first_line: int, filename: str, counting: str | None = None,
    notes: list[tuple[int, str]] | None = None,
) -> np.ndarray | None:
    """The grid of a block that lists its givens, as course files do: the board's side
    ("9"), or its rows and columns ("6 10", or a line each), maybe the number of givens,
    then a line for each given, its row, column and number ("1 1 61"), parted by spaces, a
    tab or a comma; None for a block that is not such a list, or whose lines read as a
    grid's rows (tried only where the block does not read as a grid, so no grid reads
    otherwise).

    Whether rows and columns count from 0 or from 1 the numbers say: a 0 among them, or
    the last row or column; else a `# counting: 0` or `# counting: 1` line above the list
    (`counting`); a list with none of these is refused, as reading it either way might
    give another verdict. On a square board which of the two is the row does not matter:
    its mirror image along the diagonal has as many solutions; on another, the rows come
    first, as in its head.

    The list is read line by line, a few times over, and never held whole: what is kept
    is its first lines and the givens read (a list of a board's givens each listed many
    times is read in the room of those givens, and an error is said with the lines past
    it unread, but for the passes that decide it is a list and how it counts)."""
    scan = _scan_list(lines, first_line)
    if scan is None:
        return None
    header = _list_header(scan.widths(), scan.count, scan.last_odd)
    if header is None:
        return None
    head, counted = header
    if scan.last_zero >= head:
        return None  # (no given is 0: a grid of three columns with 0 for a blank, rather)
    if _reads_as_grid_of_three(scan, head, filename):
        # Lines that read as a board of three columns are one, under a stray number (a
        # puzzle's, or its cell count): "8" over the rows of a 3x3 solution is no list
        # of three givens on an 8x8 board. Said as before, as a question.
        return None
    # (the head's numbers: the side, or rows then columns; the count last where there is one)
    sizes = [(number, m) for number, line in scan.first[:head]
             for m in _LISTED_FIELD.finditer(line)]
    if counted:
        (count_line, count_field), sizes = sizes[-1], sizes[:-1]
    for number, m in sizes:
        if not 1 <= written_number(m.group()) <= MAX_SIDE:
            raise ParseError(filename, number, m.start() + 1,
                             f"a board of {'side' if len(sizes) == 1 else 'size'} "
                             f"{' x '.join(cut_short(x.group()) for _, x in sizes)} over a "
                             f"list of givens; a side is 1 to {MAX_SIDE}")
    side_line = sizes[0][0]
    shape = (int(sizes[0][1].group()), int(sizes[-1][1].group()))
    board = (f"side {shape[0]}" if len(sizes) == 1 else f"{shape[0]}x{shape[1]}")
    given_count = scan.count - head
    if _grid_or_list([written_number(m.group()) for _, m in sizes], counted, given_count):
        return None
    if counted and written_number(count_field.group()) != given_count:
        raise ListShort(filename, count_line, count_field.start() + 1,
                        f"says {cut_short(count_field.group())} givens, and "
                        f"{given_count} lines list one",
                        max(0, written_number(count_field.group()) - given_count))
    # (what the rows and columns say of how they count: of no use where a line says it)
    zero, top, beyond = (_telling_fields(_given_lines(lines, first_line, head), shape)
                         if counting is None else (None, None, None))
    if counting is not None and counting not in ("0", "1"):
        raise ParseError(filename, side_line, 1, f"'# counting: {cut_short(counting)}' over a "
                         "list of givens; rows and columns count from 0 or from 1")
    if zero is None and top is None and counting is None and beyond is not None:
        # (off the board counting either way: said so, not asked which way it counts)
        raise ParseError(filename, beyond.line, beyond.col,
                         f"{beyond.what}{cut_short(beyond.text)} is off a board of "
                         f"{board}")
    if zero is None and top is None and counting is None:
        number, line = scan.first[head]
        last = (f"none {shape[0]}" if shape[0] == shape[1]
                else f"no row {shape[0]}, no column {shape[1]}")
        raise ParseError(filename, number, _LISTED_FIELD.search(line).start() + 1,
                         f"a list of givens whose rows and columns could count from 0 or "
                         f"from 1 (none is 0, {last}): put '# counting: 1' (or 0) "
                         "above it, or write the board as a grid, one row a line and . for "
                         "a blank")
    base = int(counting) if counting is not None else 0 if zero is not None else 1
    if counting is not None:
        why = f" (as '# counting: {counting}' says)"
    else:
        why = f" (line {zero.line} counts from 0)" if zero is not None else (
            f" (line {top.line} counts from 1)" if top is not None else "")
    return _placed_givens(_given_lines(lines, first_line, head), shape,
                          _Counting(base, board, why), filename, notes)


def _reads_as_grid_of_three(scan: _ListScan, head: int, filename: str) -> bool:
    """Whether the lines of a list (`scan`) under its `head` read as a grid of three
    columns. More lines than a board has rows never do (the reader refuses the row past
    the last, and every line of a list is a row): they are not read as one at all."""
    if scan.count - head > MAX_SIDE:
        return False
    try:
        rows = grid_rows([line for _, line in scan.first[head:]], scan.first[head][0],
                         filename, size_lines=0)
        check_values(rows, filename)
    except ParseError:
        return False
    return True


class _Counting(NamedTuple):
    """How a list's rows and columns count, as its errors say it."""

    base: int  # 0 or 1
    board: str  # the board, as said: "side 9", "6x10"
    why: str  # why it counts so: " (line 4 counts from 0)"; "" where nothing says


def _placed_givens(
    givens: Iterator[tuple[int, re.Match[str]]], shape: tuple[int, int], counting: _Counting,
    filename: str, notes: list[tuple[int, str]] | None,
) -> np.ndarray:
    """The grid of `shape` holding `givens` (each line's number and match of `_GIVEN_LINE`),
    read one by one, the first slip refused as it is come to; a given listed again alike
    is read once, and said in `notes`."""
    grid = np.zeros(shape, dtype=np.int64)
    seen_cell: dict[tuple[int, int], tuple[int, int]] = {}  # cell: (line, number)
    seen_number: dict[int, int] = {}  # number: line
    # (a note's text for each cell as written: one string for all the lines that repeat a
    # given, not one each)
    again: dict[tuple[str, str], str] = {}
    for number, found in givens:
        # (a line's slips in its order, line by line, as the lines are read)
        for group, extent in ((1, shape[0]), (2, shape[1])):
            place = written_number(found.group(group))
            if not counting.base <= place < counting.base + extent:
                field = _field(number, found, group, shape)
                raise ParseError(filename, number, field.col,
                                 f"{field.what}{cut_short(field.text)} is off a board of "
                                 f"{counting.board}, counting from {counting.base}"
                                 f"{counting.why}")
        row_text, col_text, value_text = found.groups()
        cell = (written_number(row_text) - counting.base,
                written_number(col_text) - counting.base)
        value = written_number(value_text)
        if not 1 <= value <= shape[0] * shape[1]:
            raise ParseError(filename, number, found.start(3) + 1,
                             f"{_as_said(value_text)} is out of range "
                             f"1..{shape[0] * shape[1]}")
        first = seen_cell.get(cell)
        if first is not None and first[1] == value and seen_number.get(value) == first[0]:
            # (the same given on a line of its own twice: a line copied twice, as course
            # files have them; read once, and said)
            if notes is not None:
                text = again.setdefault(
                    (row_text, col_text),
                    f"row {row_text}, column {col_text} is given {value} again (first on "
                    f"line {first[0]}); read once")
                notes.append((number, text))
            continue
        if first is not None:
            raise ParseError(filename, number, found.start(1) + 1,
                             f"row {row_text}, column {col_text} is given twice (first on "
                             f"line {first[0]})")
        if value in seen_number:
            raise ParseError(filename, number, found.start(3) + 1,
                             f"{value} appears twice (first on line {seen_number[value]})")
        seen_cell[cell], seen_number[value] = (number, value), number
        grid[cell] = value
    return grid


# A cell listed with a flag after its number, as one app writes its boards: "3,0,12,true"
# (column, row, number, and true or false), parted as a list's lines are.
_FLAGGED_LINE = re.compile(
    rf"[ ]*([0-9]+){_PART}([0-9]+){_PART}([0-9]+){_PART}(true|false)[ ]*",
    re.IGNORECASE)
# Its header line, four names: "col,row,value,given".
_NAME = r"([A-Za-z_]\w*)"
_FLAGGED_HEADER = re.compile(rf"[ ]*{_NAME}{_PART}{_NAME}{_PART}{_NAME}{_PART}{_NAME}[ ]*")
# Names of the flag that say it marks the givens, and of the first two columns.
_GIVEN_FLAGS = {"given", "isgiven", "is_given", "fixed", "isfixed", "is_fixed", "clue",
                "isclue", "is_clue"}
_ROW_NAMES = {"row", "r", "y"}
_COLUMN_NAMES = {"col", "column", "c", "x"}


class _FlaggedCell(NamedTuple):
    """A cell of a list of cells with a flag, as read."""

    place: tuple[int, int]  # its row and column, as written (counting from 0 or 1)
    value: int  # its number; 0 for a blank, or a number not marked as a given
    line: int  # the line's number
    found: re.Match[str]  # the line's match of `_FLAGGED_LINE`


def _flagged_matches(
    body: Iterator[tuple[int, str]]
) -> list[tuple[int, re.Match[str]]] | None:
    """The lines of `body` (each with its number) as cells with a flag, each line's
    number and match of `_FLAGGED_LINE`: the first of them, one more than a board has
    cells at most (which is refused), every line looked at all the same; None where one
    is no such line. (Every line kept as a match took 490 MB of a file of 8.8 MB before
    the 901st was refused.)"""
    matches = []
    for number, line in body:
        found = _FLAGGED_LINE.fullmatch(line)
        if found is None:
            return None
        if len(matches) <= MAX_SIDE * MAX_SIDE:
            matches.append((number, found))
    return matches


def flagged_cells(lines: list[str], first_line: int, filename: str) -> np.ndarray | None:
    """The grid of a block that lists the cells of a board with a flag after each number,
    as one app writes its boards ("0,2,12,true" a line: column, row, number, true or
    false), maybe under a header line of four names ("col,row,value,given"); None for a
    block that is not such a list (tried only where the block does not read as a grid,
    which the words true and false never do).

    Read only where the flag cannot change the board, and refused otherwise:

    - what true marks is not said (a given? a cell a player filled in? one that holds a
      number?): the lines are read where true marks exactly the cells that hold a number,
      so the board is their numbers as a grid's are, whatever the flag means; or where
      the header names the flag as the givens' ("given", "fixed", "clue"), the lines
      marked true being the givens then;
    - no line says the board's size: every cell of it is listed, once, counting from 0 or
      from 1 (0 for a blank), so the cells listed are the board;
    - columns come first, as that app writes them, unless the header names the row first
      ("row,col,..."); either way the verdict is the same (the board read the other way
      round is its mirror image along the diagonal)."""
    listed = _written_lines(lines, first_line)
    top = next(listed, None)
    if top is None:
        return None
    header = _FLAGGED_HEADER.fullmatch(top[1])
    body = listed if header is not None else itertools.chain([top], listed)
    matches = _flagged_matches(body)
    if not matches:
        return None
    if len(matches) > MAX_SIDE * MAX_SIDE:
        # (no board has more cells: refused at once, not after a dictionary of them all)
        number = matches[MAX_SIDE * MAX_SIDE][0]
        raise ParseError(filename, number, 1,
                         f"more than {MAX_SIDE * MAX_SIDE:,} cells listed; a board is at "
                         f"most {MAX_SIDE}x{MAX_SIDE}")
    names = [name.lower() for name in header.groups()] if header is not None else []
    rows_first = bool(names) and names[0] in _ROW_NAMES and names[1] in _COLUMN_NAMES
    given_flag = bool(names) and names[3] in _GIVEN_FLAGS
    # (each cell under its row and column as written, leading zeros apart: two places of
    # more digits than any board has are told apart, though `written_number` reads both
    # as the same number past it)
    cells: dict[tuple[str, str], _FlaggedCell] = {}
    for number, m in matches:
        value, flag = written_number(m.group(3)), m.group(4).lower() == "true"
        if given_flag and flag and not value:
            raise ParseError(filename, number, m.start(3) + 1,
                             f"a blank (0) marked {m.group(4)}, as a given ({names[3]!r} "
                             "in the header)")
        if not given_flag and flag != bool(value):
            said = (f"a number marked {m.group(4)}" if value
                    else f"a blank (0) marked {m.group(4)}")
            raise ParseError(filename, number, m.start(4) + 1,
                             f"{said}: whether true marks the givens (or a player's numbers) "
                             "is not said; if it marks the givens, put the header line "
                             "'col,row,value,given' over the lines, else write the board as "
                             "a grid")
        row_text, col_text = ((m.group(1), m.group(2)) if rows_first
                              else (m.group(2), m.group(1)))
        said = (_as_said(row_text), _as_said(col_text))
        if said in cells:
            raise ParseError(filename, number, m.start(1) + 1,
                             f"row {said[0]}, column {said[1]} is listed twice (first on "
                             f"line {cells[said].line})")
        cells[said] = _FlaggedCell((written_number(row_text), written_number(col_text)),
                                   value if flag else 0, number, m)
    rows = [cell.place[0] for cell in cells.values()]
    cols = [cell.place[1] for cell in cells.values()]
    base = min(rows)
    height, width = max(rows) + 1 - base, max(cols) + 1 - base
    if base not in (0, 1) or min(cols) != base or len(cells) != height * width:
        number = matches[0][0]
        raise ParseError(filename, number, 1,
                         f"a list of {len(cells)} cells with a flag, not every cell of a "
                         "board counting from 0 or from 1 once: the board's size is not "
                         "said; list every cell (0 for a blank, marked false), or write "
                         "the board as a grid")
    if not 1 <= height <= MAX_SIDE or not 1 <= width <= MAX_SIDE:
        raise ParseError(filename, matches[0][0], 1,
                         f"a list of cells of {a_size(height, width)} board; a side is 1 to "
                         f"{MAX_SIDE}")
    grid = np.zeros((height, width), dtype=np.int64)
    seen: dict[int, int] = {}
    for (row, col), value, number, m in sorted(cells.values(), key=lambda cell: cell.line):
        if not value:
            continue
        if value > height * width:
            raise ParseError(filename, number, m.start(3) + 1,
                             f"{_as_said(m.group(3))} is out of range "
                             f"1..{height * width} for {a_size(height, width)} board")
        if value in seen:
            raise ParseError(filename, number, m.start(3) + 1,
                             f"{value} appears twice (first on line {seen[value]})")
        seen[value] = number
        grid[row - base, col - base] = value
    return grid
