r"""A board written as a LaTeX table: its rows a line each, cells parted by ``&`` (an empty
cell a blank), each row ending with ``\\``, maybe with ``\hline`` rules and between
``\begin{tabular}{|c|c|c|}`` and ``\end{tabular}``; the lines of commands around the
rows, and LaTeX's ``%`` comments, are no cells. A cell's number may be set apart, in math
mode (``$3$``) or in a ``\multicolumn`` of one column; one of more columns is refused.

LaTeX itself parts rows at ``\\`` alone, a line end being a space to it: a row that goes
on over two lines, or two rows on one line, would be read otherwise here, and are refused
(as are two tables in one block, rows outside the table, and rows that are not as many
cells as the table's columns). A block is a LaTeX table only where it says so, by a row
ending with ``\\`` or a ``\begin{tabular}`` line: no other reading takes a backslash or
an ``&`` in a grid's line, so no board that read before reads otherwise."""
from __future__ import annotations

import re
from dataclasses import dataclass

from numbrix_curses.comments import LEFT_OUT, grid_line_indices
from numbrix_curses.puzzle import MAX_SIDE, ParseError, cut_short
from numbrix_curses.textformat.rows import AMPERSAND


# A rule between rows or at a table's edge, LaTeX's own or booktabs', which may start a
# row's line or follow its "\\".
_RULE = (r"\\(?:hline|toprule|midrule|bottomrule|cline[^\S\n]*\{[^{}\n]*\}"
         r"|cmidrule(?:[^\S\n]*\([^()\n]*\))?[^\S\n]*\{[^{}\n]*\}|hhline[^\S\n]*\{[^{}\n]*\})")
_LEADING_RULES = re.compile(rf"[^\S\n]*(?:{_RULE}[^\S\n]*)*")
# A row's end, "\\" (maybe "\\*" or "\\[2pt]"), and rules after it on its line.
_ROW_END = re.compile(rf"\\\\\*?(?:[^\S\n]*\[[^\]\n]*\])?[^\S\n]*(?:{_RULE}[^\S\n]*)*")
# An argument in braces, braces nested three deep at most ("{*{3}{|c}|}").
_BRACED = r"\{(?:[^{}\n]|\{(?:[^{}\n]|\{[^{}\n]*\})*\})*\}"
_ARGUMENT = re.compile(rf"[^\S\n]*(?:\[[^\]\n]*\]|({_BRACED}))")
# A line of commands only, with their arguments: "\begin{tabular}{|c|c|}", "\hline",
# "\centering", "\caption{Puzzle 3}"; and the marks of display math round an array ("\[",
# "$$").
_COMMANDS = re.compile(rf"(?:(?:\\[A-Za-z]+\*?(?:[^\S\n]*(?:\[[^\]\n]*\]|{_BRACED}))*"
                       rf"|\\[\[\]]|\$\$?)[^\S\n]*)+")
# The environments whose rows are a table's, and whose arguments give its columns.
_BEGIN = re.compile(r"\\begin[^\S\n]*\{(tabular\*?|tabularx|array)\}")
_END = re.compile(r"\\end[^\S\n]*\{(tabular\*?|tabularx|array)\}")
_ENVIRONMENT = re.compile(r"\\(?:begin|end)[^\S\n]*\{")
# LaTeX's comment: from an unescaped % to the line's end.
_COMMENT = re.compile(r"(?<!\\)%")
# A number set in math mode, as tables of numbers often set them: "$3$", "\(3\)".
_MATH_NUMBER = re.compile(r"\$[^\S\n]*([0-9]+)[^\S\n]*\$|\\\([^\S\n]*([0-9]+)[^\S\n]*\\\)")
# A cell set apart: "\multicolumn{1}{|c|}{3}", the columns it spans, their spec and what
# it holds.
_MULTICOLUMN = re.compile(rf"\\multicolumn[^\S\n]*\{{[^\S\n]*([0-9]{{1,3}})[^\S\n]*\}}"
                          rf"[^\S\n]*({_BRACED})[^\S\n]*({_BRACED})")


@dataclass
class LatexTable:
    r"""A block's lines as a LaTeX table: `lines` with each row's text between its rules
    and its end (rules, "\\" and comments made spaces, so every cell keeps its column),
    every other line left out (`LEFT_OUT`); and the columns its ``\begin{tabular}``
    says (`columns`, None where it has none), said as `spec` on line index `spec_at`."""

    lines: list[str]
    columns: int | None = None
    spec: str = ""
    spec_at: int = 0


def latex_table(lines: list[str], first_line: int, filename: str) -> LatexTable | None:
    r"""`lines` read as a LaTeX table (see the module's docstring), or None where they are
    none: no row ends with ``\\`` and no ``\begin{tabular}`` opens one. Raises a
    `ParseError` at what a LaTeX table read so would misread."""
    grid = grid_line_indices(lines)
    if not any("\\\\" in lines[i] or "\\begin" in lines[i] for i in grid):
        return None  # (the usual case, told at once)
    kinds: dict[int, tuple[str, str, int]] = {}  # index: (kind, text, where its end starts)
    found = False  # (a row ending with "\\", or "\begin{tabular}": a LaTeX table)
    rows: list[int] = []
    cut = False  # (the lines after one row too many not looked at)
    for i in grid:
        if found and len(rows) > MAX_SIDE:
            # (no board, said where its rows are read, at its first row too many: a block
            # of thousands of rows is not looked through each time it is read)
            grid, cut = grid[:grid.index(i)], True
            break
        line = lines[i]
        comment = _COMMENT.search(line)
        text = line if comment is None else line[:comment.start()]
        if not text.strip():
            kinds[i] = ("comment", text, len(text))
            continue
        end = text.find("\\\\")
        if end >= 0 and _ROW_END.fullmatch(text, end) is not None:
            kinds[i] = ("row", text, end)
            found = True
        elif _COMMANDS.fullmatch(text.strip()):
            kinds[i] = ("command", text, len(text))
            found = found or _BEGIN.search(text) is not None
        else:
            kinds[i] = ("other", text, end)
        if kinds[i][0] != "command":
            rows.append(i)
    if not found:
        return None
    table = LatexTable(list(lines))
    begun = ended = None
    begun_at = ended_at = None  # (their commands' matches)
    for i in grid:
        kind, text, end = kinds[i]
        number = first_line + i
        if kind in ("comment", "command"):
            table.lines[i] = LEFT_OUT
            for begin in _BEGIN.finditer(text) if kind == "command" else ():
                if begun is not None:
                    raise ParseError(filename, number, begin.start() + 1,
                                     f"a second LaTeX table in one block (the first opens "
                                     f"on line {first_line + begun}): put a blank line "
                                     "between the two")
                if rows and rows[0] < i:
                    raise ParseError(filename, first_line + rows[0], 1,
                                     f"a row above the LaTeX table that opens on line "
                                     f"{number}: start the table before its first row")
                begun, begun_at = i, begin
                _read_spec(table, text, begin, i, filename, number)
            end_of = _END.search(text) if kind == "command" else None
            if end_of is not None:
                ended, ended_at = i, end_of
            continue
        environment = _ENVIRONMENT.search(text)
        if environment is not None:
            raise ParseError(filename, number, environment.start() + 1,
                             f"'{cut_short(text[environment.start():].strip())}' on a row's "
                             "line of a LaTeX table: put it on a line of its own")
        if ended is not None:
            raise ParseError(filename, number, len(text) - len(text.lstrip()) + 1,
                             f"a row under the end of the LaTeX table (line "
                             f"{first_line + ended}): put a blank line before another board")
        if kind == "other":
            if end >= 0:
                # ("\\" with more after it than rules: a row's end inside the line)
                raise ParseError(filename, number, end + 1,
                                 "'\\\\' ends a row of a LaTeX table inside this line: put "
                                 "each row on a line of its own")
            if (cut or i != rows[-1]) and "&" in text:
                raise ParseError(filename, number, len(text.rstrip()) + 1,
                                 "a row of a LaTeX table ends with '\\\\' (LaTeX joins this "
                                 "line to the next one): end it so, one row a line")
            if cut or i != rows[-1]:
                start = len(text) - len(text.lstrip())
                raise ParseError(filename, number, start + 1,
                                 f"'{cut_short(text.strip())}' is neither a row of the LaTeX "
                                 "table (cells parted by &, ending with '\\\\') nor a "
                                 "command; start the line with % to keep it")
        lead = _LEADING_RULES.match(text, 0, end if end >= 0 else len(text)).end()
        stop = end if end >= 0 else len(text)
        cells = _cells_unwrapped(text[lead:stop], lead, filename, number)
        table.lines[i] = " " * lead + cells + " " * (len(lines[i]) - stop)
    # (a blank line inside a table parts it into two blocks, each read as a board: the
    # rows over it, under "\begin", and those under it, over "\end")
    if begun_at is not None and ended is None and not cut:
        raise ParseError(filename, first_line + begun, begun_at.start() + 1,
                         f"the LaTeX table that opens here has no \\end{{{begun_at.group(1)}}} "
                         "under it in its block: a blank line inside the table? take it out")
    if ended_at is not None and begun is None:
        raise ParseError(filename, first_line + ended, ended_at.start() + 1,
                         f"\\end{{{ended_at.group(1)}}} with no \\begin{{{ended_at.group(1)}}} "
                         "over it in its block: a blank line inside the table? take it out")
    return table


def _cells_unwrapped(row: str, at: int, filename: str, number: int) -> str:
    r"""A row's text (its cells parted by &, from 0-based column `at` of line `number`)
    with each cell that sets a number apart made that number, where it stands (see
    `_cell_unwrapped`); a ``\multicolumn`` that spans columns refused."""
    if "$" not in row and "\\" not in row:
        return row  # (the usual row, told at once)
    cells, start = [], at
    for cell in AMPERSAND.split(row):
        cells.append(_cell_unwrapped(cell, start, filename, number))
        start += len(cell) + 1
    return "&".join(cells)


def _cell_unwrapped(cell: str, at: int, filename: str, number: int) -> str:
    r"""`cell` (from 0-based column `at` of line `number`) as the number or blank it
    holds, where that is the one reading: a number in math mode ("$3$", "\(3\)"), or what
    a ``\multicolumn{1}{c}{...}`` of one column holds; what sets it apart made spaces, so
    the number keeps its column. Other cells as they are (refused where they are none,
    "\textbf{3}" say, which may mark a given among a solution's numbers). A
    ``\multicolumn`` of two columns or more is refused: a board's cell is one."""
    stripped = cell.strip()
    lead = len(cell) - len(cell.lstrip())
    multi = _MULTICOLUMN.fullmatch(stripped)
    if multi is not None:
        span = int(multi.group(1))
        if span >= 2:
            raise ParseError(filename, number, at + lead + 1,
                             f"'{cut_short(stripped)}' spans {span} columns, and a board's "
                             "cell is one: write each of its cells between &s (a title? "
                             "start its line with %)")
        if span != 1 or _spec_columns(multi.group(2)[1:-1]) != 1:
            return cell  # (no one column: refused as no number, where it stands)
        inner_at = lead + multi.start(3) + 1
        inner = _cell_unwrapped(multi.group(3)[1:-1], at + inner_at, filename, number)
        return " " * inner_at + inner + " " * (len(cell) - inner_at - len(inner))
    math = _MATH_NUMBER.fullmatch(stripped)
    if math is not None:
        group = 1 if math.group(1) is not None else 2
        digits_at = lead + math.start(group)
        return " " * digits_at + math.group(group) + " " * (len(cell) - digits_at
                                                            - len(math.group(group)))
    return cell


def _read_spec(table: LatexTable, text: str, begin: re.Match[str], index: int,
               filename: str, number: int) -> None:
    """Keep in `table` the columns the arguments after `begin` (in `text`, a command line,
    on `number`) give a table: its last braced one ("{|c|c|c|}"; a tabular* or tabularx
    gives its width first). A column spec that cannot be counted is refused."""
    braced: list[re.Match[str]] = []
    at = begin.end()
    while (argument := _ARGUMENT.match(text, at)) is not None:
        if argument.group(1) is not None:
            braced.append(argument)
        at = argument.end()
    wanted = 2 if begin.group(1) in ("tabular*", "tabularx") else 1
    if len(braced) < wanted:
        return  # (no columns said: the rows say them)
    spec = braced[wanted - 1]
    columns = _spec_columns(spec.group(1)[1:-1])
    if columns is None:
        raise ParseError(filename, number, spec.start(1) + 1,
                         f"cannot tell how many columns '{cut_short(spec.group(1))}' makes: "
                         "write them with l, c, r, p{...} and | only, or leave the "
                         f"\\begin{{{begin.group(1)}}} line out")
    table.columns, table.spec, table.spec_at = columns, spec.group(1), index


def _spec_columns(spec: str) -> int | None:
    r"""How many columns a column spec ("|c|c|c|", "*{9}{c}", ">{\bfseries}p{1cm}r")
    makes; None for one with a column type not told here."""
    columns, at = 0, 0
    while at < len(spec):
        char = spec[at]
        if char.isspace() or char == "|":
            at += 1
        elif char in "lcrX":
            columns, at = columns + 1, at + 1
        elif char in "pmb@!><":
            argument, at = _group(spec, at + 1)
            if argument is None:
                return None
            columns += char in "pmb"
        elif char == "*":
            count, at = _group(spec, at + 1)
            inner, at = _group(spec, at)
            if count is None or inner is None or not re.fullmatch(r"\s*[0-9]{1,3}\s*", count):
                return None
            each = _spec_columns(inner)
            if each is None:
                return None
            columns += int(count) * each
        else:
            return None
    return columns


def _group(spec: str, at: int) -> tuple[str | None, int]:
    """The text in the braces that open at `at` in `spec` (spaces before them skipped), and
    where they close; (None, at) where no braces open there or they do not close."""
    while at < len(spec) and spec[at].isspace():
        at += 1
    if at >= len(spec) or spec[at] != "{":
        return None, at
    depth = 0
    for end in range(at, len(spec)):
        depth += {"{": 1, "}": -1}.get(spec[end], 0)
        if depth == 0:
            return spec[at + 1:end], end + 1
    return None, at
