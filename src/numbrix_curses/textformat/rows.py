"""One grid row as read: its cells, where each stands (for errors that name a column), and
the forms a row comes in: cells parted by whitespace, by commas or semicolons (a
spreadsheet's CSV), by single tabs (cells copied from a spreadsheet), by the ``|`` bars of
the boxed form, by bars alone (a Markdown table without its outer bars), or by ``&`` (a
LaTeX table's row)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from numbrix_curses.puzzle import (
    MAX_SIDE,
    TYPESET_DASHES,
    ParseError,
    cell_name,
    cell_value,
    cells_text,
    cut_short,
)
from numbrix_curses.textformat.errors import NotACell, WrongWidth


_NON_DIGIT_BLANKS = frozenset({".", "_", "-", ""})
_TOKEN = re.compile(r"\S+")
# A gap between two cells wide enough to have held a blank cell.
_WIDE_GAP = re.compile(r"\S {3,}\S")
SEPARATOR = re.compile(r"[,;]")
# The same, outside quotes only: a quoted field keeps its commas, as a CSV reader keeps them
# ('"1,2",3' is two fields, the first of them no cell, not the three cells 1 2 3).
QUOTED_SEPARATOR = re.compile(r'[,;](?=(?:[^"]*"[^"]*")*[^"]*$)')
# The full-width comma and semicolon, as a spreadsheet export of a page set in Chinese or
# Japanese parts its cells with them ("１，．，３"): read as the ASCII ones (see
# `ascii_separators`).
_FULL_WIDTH_SEPARATORS = str.maketrans("\uff0c\uff1b", ",;")
TAB = re.compile(r"\t")
# What parts the cells of a Markdown table written without its outer bars ("1 | . | 3";
# see `tables.bare_table`).
BAR = re.compile(r"\|")
# What parts the cells of a LaTeX table's row ("1 & & 3 \\"; see `latex`): an ampersand
# not escaped.
AMPERSAND = re.compile(r"(?<!\\)&")
# A row whose cells are all short ASCII numbers or blanks (boxed rows may have empty
# cells): the usual case, checked with one regex instead of per cell.
_PLAIN_ROW = re.compile(r"(?:[0-9]{1,6}|[._-]|)(?: (?:[0-9]{1,6}|[._-]|))*")
#: said of rows of different widths whose spacing leaves room for blanks typed as spaces
SPACES_HINT = "blanks left as spaces? write each as . (or 0)"
_RULE = re.compile(r"\+(?:-+\+)+")


@dataclass
class Row:
    """One grid row as read, kept with its line so errors can name a column."""

    line: int
    text: str
    tokens: list[str]
    boxed: bool
    values: list[int] = field(default_factory=list)
    #: what parts the cells when it is not whitespace: commas or semicolons (a
    #: spreadsheet's CSV), single tabs (cells copied from a spreadsheet), bars (a
    #: Markdown table without its outer bars, `BAR`) or ampersands (a LaTeX table's row,
    #: `AMPERSAND`)
    separator: re.Pattern[str] | None = None

    def col(self, index: int) -> int:
        """1-based column of cell `index`; `index == len(tokens)` is where a missing one goes."""
        if self.separator is not None:
            start = 0
            for i, segment in enumerate(self.separator.split(self.text)):
                if i == index:
                    return start + len(segment) - len(segment.lstrip()) + 1
                start += len(segment) + 1
            return len(self.text.rstrip()) + 1
        if not self.boxed:
            for i, match in enumerate(_TOKEN.finditer(self.text)):
                if i == index:
                    return match.start() + 1
            return len(self.text.rstrip()) + 1
        indent = len(self.text) - len(self.text.lstrip())
        inside = self.text.strip()[1:-1]
        start = indent + 1  # 0-based index of the first character after the opening bar
        for i, segment in enumerate(inside.split("|")):
            if i == index:
                stripped = segment.lstrip()
                return start + (len(segment) - len(stripped) if stripped else 0) + 1
            start += len(segment) + 1
        return start  # the closing bar


def _junk(row: Row, index: int, filename: str, first: bool = False,
          last: bool = False) -> NotACell:
    token = row.tokens[index]
    # A word on a grid's first line is most likely a title copied with it ("Puzzle 12"); a
    # line starting with a word as the last under a grid's rows, a note copied with it
    # ("Solve by Sunday"). A line of words after a blank line starts a grid of its own, so
    # it may be either. (A word starting a line with rows after it is a slip in a row.)
    # (a LaTeX row's cell is a cell, "\textbf{3}", with the row's & beside it: no title)
    worded = sum(char.isalpha() for char in token) >= 2 and row.separator is not AMPERSAND
    what = "a title or a note" if first else "a note" if index == 0 and last else ""
    stray = _stray_separator(row, token)
    if stray is not None:
        mark = row.text[stray]
        return NotACell(filename, row.line, stray + 1, (
            f"{cut_short(token)!r} is not a number or a blank: this {mark!r} makes the row "
            f"one of cells parted by {'commas' if mark == ',' else 'semicolons'}, though it "
            f"parts no other cells (a stray {mark!r}?)"))
    typeset = (row.boxed or row.separator is BAR) and any(
        dash in token for dash in TYPESET_DASHES)
    # (a LaTeX cell as written: with its backslashes doubled, as repr() writes them,
    # '\\textbf{3}' is not what the file says)
    shown = (f"'{cut_short(token)}'" if row.separator is AMPERSAND and "'" not in token
             else repr(cut_short(token)))
    # (a grid copied from a page that names its columns A, B, C... above it, as this
    # program's own booklets and the app do: the letters' line read as the first row)
    lettered = first and index == 0 and len(row.tokens) >= 2 and all(
        token.upper() == cell_name(0, k)[:-1] for k, token in enumerate(row.tokens))
    # (a comment after a row's cells, as many languages allow: only a line that starts
    # with # is one here, and the reader would otherwise be left to guess why)
    trailing = token.startswith("#") and index > 0
    return NotACell(
        filename,
        row.line,
        row.col(index),
        f"{shown} is not a number or a blank (. _ - ? 0)"
        + ("; a line of column letters? take it out, and any row numbers before the rows"
           if lettered else "")
        + ("; a comment takes a line of its own, starting with #" if trailing else "")
        + (f"; {what}? start the line with # to keep it"
           if worded and what and not lettered and not trailing
           else "")
        + ("; a dash a word processor made of -? in a table, write - or . for a blank, "
           "--- for a Markdown table's delimiter" if typeset else ""),
    )


def _stray_separator(row: Row, token: str) -> int | None:
    """Where the comma or semicolon that made a row of cells parted by spaces read as one
    parted by it stands ("1 . 3," read as the cells "1 . 3" and ""), when it is the row's
    only one and `token` (a cell that is no cell) is such cells; else None."""
    parts = token.split()
    if row.separator is not SEPARATOR or len(parts) < 2 or any(
            cell_value(part) is None for part in parts):
        return None
    found = SEPARATOR.findall(row.text)
    # (one alone: a row of two separators or more, "1 2,,3", was meant to be parted so)
    return SEPARATOR.search(row.text).start() if len(found) == 1 else None


def read_row(row: Row, expected: int | None, filename: str, last: bool = False) -> None:
    """Fill `row.values`; too wide, junk and ragged rows are errors, in that order. `last`:
    no grid line comes after it."""
    if len(row.tokens) > MAX_SIDE:
        raise ParseError(
            filename,
            row.line,
            row.col(MAX_SIDE),
            f"row has {len(row.tokens)} cells; a grid has at most {MAX_SIDE} columns",
        )
    # A boxed or comma-separated cell may hold a space ("| 1 12 |", "1 12,"), which the
    # joined row would hide.
    if _PLAIN_ROW.fullmatch(" ".join(row.tokens)) and not (
        (row.boxed or row.separator is not None) and any(" " in token for token in row.tokens)
    ):
        values = [0 if token in _NON_DIGIT_BLANKS else int(token) for token in row.tokens]
    else:
        values = []
        for index, token in enumerate(row.tokens):
            value = cell_value(token)
            if value is None or (value == 0 and (row.boxed or row.separator is BAR)
                                 and any(dash in token for dash in TYPESET_DASHES)):
                # (in a table a typeset dash is no blank: "|—|—|" is a Markdown
                # delimiter a word processor retyped, which read so grew a row of blanks)
                raise _junk(row, index, filename, first=expected is None, last=last)
            values.append(value)
    if expected is not None and len(values) != expected:
        where = expected if len(values) > expected else len(values)
        # (a board laid out in columns with its blanks left as spaces: nothing parts them)
        spaces = (row.separator is None and not row.boxed and len(values) < expected
                  and all(values) and _WIDE_GAP.search(row.text.strip()) is not None)
        raise WrongWidth(
            filename,
            row.line,
            row.col(where),
            f"row has {cells_text(len(values))}, expected {expected}"
            + (f"; {SPACES_HINT}" if spaces else ""),
        )
    row.values = values


def open_quote(line: str) -> int:
    """The index of the quote in `line` left open, reading quotes in pairs from the left."""
    quotes = [i for i, char in enumerate(line) if char == '"']
    return quotes[-1] if len(quotes) % 2 else -1


def is_rule_line(line: str) -> bool:
    """Whether a grid line is a boxed grid's ``+---`` rule. A line that starts ``+1`` is a
    compact row whose first cell is a signed number, to be refused as that cell, not as a
    rule line gone wrong."""
    stripped = line.lstrip()
    return stripped.startswith("+") and not stripped[1:2].isdigit()


def _opens_boxed(line: str) -> bool:
    """Whether a grid line belongs to a boxed grid: a rule line or a ``|`` row."""
    return line.lstrip().startswith("|") or is_rule_line(line)


def is_boxed(lines: list[str]) -> bool:
    """Whether a grid's `lines` are a boxed grid, as its first line that is no comment
    says (see `_opens_boxed`)."""
    return _opens_boxed(next((line for line in lines if not line.lstrip().startswith("#")), ""))


def boxed_row(number: int, line: str, filename: str) -> Row | None:
    """A row of a boxed grid, or None for a rule line (checked for shape)."""
    stripped = line.strip()
    indent = len(line) - len(line.lstrip())
    if stripped.startswith("+"):
        if not _RULE.fullmatch(stripped):
            raise ParseError(
                filename, number, indent + 1, "malformed rule line; expected '+----+----+'"
            )
        return None
    if not stripped.startswith("|"):
        raise ParseError(
            filename,
            number,
            indent + 1,
            "expected a '+----+' rule line or a '|' row in a boxed grid",
        )
    if len(stripped) < 2 or not stripped.endswith("|"):
        raise ParseError(
            filename, number, indent + len(stripped) + 1, "boxed row does not end with '|'"
        )
    tokens = [segment.strip() for segment in stripped[1:-1].split("|")]
    return Row(number, line, tokens, boxed=True)


def cell_count(line: str) -> int | None:
    """How many cells a grid line holds, from its separators alone; None for a boxed
    grid's rule line."""
    stripped = line.strip()
    if is_rule_line(stripped):
        return None
    if stripped.startswith("|"):
        return max(0, stripped.count("|") - 1)
    if SEPARATOR.search(line):
        return len(SEPARATOR.split(line))
    return len(line.split())


def ascii_separators(text: str) -> str:
    """`text` with the full-width commas and semicolons of its lines that are no comments
    made the ASCII ones, character for character, so every reading of a row (cells parted
    by commas, a size line, a list of givens) takes them as it takes ",", and an error's
    column is the line's; comment lines (a title, metadata's values) as they are."""
    if "\uff0c" not in text and "\uff1b" not in text:
        return text
    return translated_outside_comments(text, _FULL_WIDTH_SEPARATORS)


def translated_outside_comments(text: str, table: dict[int, int | str | None]) -> str:
    """`text` with `table` (see `str.translate`) applied to its lines that are no comments;
    comment lines as they are."""
    return "\n".join(line if line.lstrip().startswith("#") else line.translate(table)
                     for line in text.split("\n"))


#: the line Excel reads (and some programs write) first in a CSV file to name its separator
_SEPARATOR_HINT = re.compile(r"\A[ \t]*sep=[^\n]?[ \t]*(?=\n|\Z)", re.IGNORECASE)


def separator_hint_left_out(text: str) -> str:
    """`text` with the line that names a CSV file's separator for Excel (``sep=,`` or
    ``sep=;``, its first line) made a comment: the rows show their separator themselves.
    (It was "'sep=' is not a number or a blank".) Other lines are as they were."""
    return _SEPARATOR_HINT.sub(lambda found: "#" + found.group(), text, count=1)
