"""Puzzles as text: the compact and the printable boxed form, read and written.

This module owns the file format and its error messages. One file holds one or more puzzles,
separated by blank lines::

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
  of them (``__``). A row holding a comma or semicolon is split at those instead (a
  spreadsheet's CSV): an empty field is a blank, and quotes around a field are dropped
  (a separator inside them parts nothing); a separator ending every row ends it where
  that is sure (see `_without_row_end_separators`).
- A size line (``9 9``, ``6x10``, or a side alone over a square grid: ``9``) right before
  a grid, or a blank line before it, is skipped when it fits the grid (see `_size_line`;
  above a board two columns wide, only when the line cannot be its first row:
  `_two_wide_after_size`).
- Cells copied from a spreadsheet, parted by single tabs with an empty field for an empty
  cell, are read so when the fields show it (see `_spreadsheet_rows`); a line of tabs
  only beside such rows is a row of blanks (`_tab_rows_kept`).
- The printable boxed form (``+----+`` rule lines, cells between ``|`` bars, blanks as spaces)
  is read back too; each block is recognised on its own by its first grid line. A Markdown
  table is read as one, its delimiter row (and a header of column labels, or an empty one)
  left out, and rules drawn in bars between its rows too; so is a board copied off the
  app's screen (see `screencopy`).
- Tabs, CRLF line ends and a byte order mark are accepted (UTF-16 and UTF-32 files too, when
  they start with one, and Windows-1252 ones: see `decode_puzzle_bytes`). Text starting
  with ``{`` or ``[`` is JSON, read by `jsonformat`.

Every problem is reported as a `ParseError` naming ``FILE:LINE:COL`` (1-based, the column of
the offending cell) so a user can go straight to it; a given too large for its grid, with
a grid of as many columns just a blank line away, asks whether that blank line splits one
board in two. Absurd inputs (huge files, huge lines, binary data, control characters, too
many lines or puzzles) are refused up front rather than parsed slowly.
"""
from __future__ import annotations

import os
import re
import unicodedata
import sys
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from . import MAX_METADATA_CHARS
from .jsonformat import parse_json_puzzles
from .puzzle import MAX_SIDE, ParseError, Puzzle, PuzzleError, cell_value, cells_text, cut_short
from .readfile import NotRegularFile, is_named_pipe, read_regular_file
from .screencopy import LEFT_OUT, as_drawn_by_us, cut_edge, grid_line_indices

#: Files larger than this are refused before they are parsed: what `generate` and `print`
#: write of a few thousand puzzles (2,500 of 15x15 with their answers: 6 MB), read in about
#: 2 s at worst (the reader takes 5 to 10 MB a second, however the text is made up).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Lines longer than this are refused (a 30-column row is under 200 characters).
MAX_LINE_CHARS = 10_000
#: The same for JSON, whose records are one line each: `solve --steps --json` on a 30x30
#: writes about 200,000 characters in one.
MAX_JSON_LINE_CHARS = 1_000_000
#: Files with more lines than this are refused (10000 puzzles of 9x9 need 120000; a boxed
#: booklet of them with its answers, about 330000).
MAX_LINES = 640_000
_TOO_LARGE = f"file is too large (more than {MAX_FILE_BYTES // 2**20} MiB); split it up"
_TOO_MANY_LINES = f"file has more than {MAX_LINES:,} lines; this is not a puzzle file"
#: More puzzles than this in one file is refused (a generous booklet holds a few hundred).
MAX_PUZZLES = 10_000
#: Screen width the boxed writer aims to fit.
PRINT_WIDTH = 80


_NON_DIGIT_BLANKS = frozenset({".", "_", "-", ""})
_TOKEN = re.compile(r"\S+")
# A gap between two cells wide enough to have held a blank cell.
_WIDE_GAP = re.compile(r"\S {3,}\S")
_SEPARATOR = re.compile(r"[,;]")
# The same, outside quotes only: a quoted field keeps its commas, as a CSV reader keeps them
# ('"1,2",3' is two fields, the first of them no cell, not the three cells 1 2 3).
_QUOTED_SEPARATOR = re.compile(r'[,;](?=(?:[^"]*"[^"]*")*[^"]*$)')
_TAB = re.compile(r"\t")
# A row whose cells are all short ASCII numbers or blanks (boxed rows may have empty
# cells): the usual case, checked with one regex instead of per cell.
_PLAIN_ROW = re.compile(r"(?:[0-9]{1,6}|[._-]|)(?: (?:[0-9]{1,6}|[._-]|))*")
_KEY = re.compile(r"[a-z][a-z0-9_\-]*")
_RULE = re.compile(r"\+(?:-+\+)+")
# A Markdown table's delimiter row, under its header row: "|---|---|", "|:-:|--:|"; and a
# rule drawn with bars between the rows of a board ("|----|----|", "|----+----|").
_MARKDOWN_DELIMITER = re.compile(r"\|(?:[ \t]*:?-+:?[ \t]*[|+])*[ \t]*:?-+:?[ \t]*\|")
# Control characters other than the whitespace ones (tab, line ends, vertical tab, form
# feed): an escape sequence in an id would reach the user's terminal when it is printed.
# The C1 ones (U+0080-U+009F) too: U+009B starts an escape sequence as ESC [ does.
_CONTROL = re.compile(r"[\x01-\x08\x0e-\x1f\x7f-\x9f]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# Unicode's line and paragraph separators: whitespace to str.split, a line end to the eye.
_ROW_BREAK = re.compile("[\u2028\u2029]")


# ---------------------------------------------------------------------------------------------
# Reading
#
# The limits above bound the work; within them the reader stays on fast paths (str.split,
# set lookups, one regex per block) and only works out columns when it has an error to
# report, so even the largest file it accepts is read in about a second.

# A board's size on a line of its own before the grid: "9 9", "6x10", "6 x 10", "6,10"
# (rows and columns, or columns and rows; see `_size_line`).
_SIZE_MARKS = "xX\u00d7,;"  # (what may part its two numbers, besides spaces)
_SIZE = re.compile(
    rf"[^\S\n]*([0-9]{{1,3}})[^\S\n]*(?:[{_SIZE_MARKS}][^\S\n]*|[^\S\n])([0-9]{{1,3}})[^\S\n]*"
)
# One number on its own line over a square grid of that side, as course files open one
# ("9" over a 9x9): the side (see `_size_line`).
_SIDE = re.compile(r"[^\S\n]*([0-9]{1,3})[^\S\n]*")
# A block: a run of lines that each hold something other than whitespace.
_BLOCK = re.compile(r"^[^\S\n]*\S.*(?:\n[^\S\n]*\S.*)*", re.MULTILINE)
# The first line of a block that is not a comment: where its grid starts.
_GRID_START = re.compile(r"^[^\S\n]*[^#\s]", re.MULTILINE)
# Vertical tabs and form feeds pass the control check (they are whitespace between cells), and
# so do Unicode's line and paragraph separators; in a metadata value each run of them reads as
# one space, as the writers write it, so a puzzle read, written and read again keeps its
# metadata.
_PAGE_BREAKS = re.compile("[\x0b\x0c\u2028\u2029]+")
# "# key: value" with a one-word key of at most `MAX_KEY_CHARS`; a colon followed by "//" is
# a web address in a comment ("# see http://..."), not metadata. (A longer word before a
# colon is a comment too: a key of 9,998 characters read, and the writers' "# KEY: " made
# a line longer than the reader takes.)
MAX_KEY_CHARS = 64
_METADATA_LINE = re.compile(
    r"^[^\S\n]*#[^\S\n]*([A-Za-z][A-Za-z0-9_\-]{0,%d})[^\S\n]*:(?!//)(.*)$" % (MAX_KEY_CHARS - 1),
    re.MULTILINE,
)


@dataclass
class _Row:
    """One grid row as read, kept with its line so errors can name a column."""

    line: int
    text: str
    tokens: list[str]
    boxed: bool
    values: list[int] = field(default_factory=list)
    #: what parts the cells when it is not whitespace: commas or semicolons (a
    #: spreadsheet's CSV), or single tabs (cells copied from a spreadsheet)
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


def _check_text(text: str, filename: str) -> str:
    """`text` without BOM, with \\n line ends; refuses binary and absurd input up front."""
    if len(text) > MAX_FILE_BYTES:
        raise ParseError(filename, 0, 0, _TOO_LARGE)
    # (a BOM, or two where a file was converted twice)
    text = text.lstrip("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        raise ParseError(filename, line, col, "binary data (NUL byte); this is not a puzzle file")
    control = _CONTROL.search(text)
    if control is not None:
        at = control.start()
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise ParseError(
            filename, line, col,
            f"control character U+{ord(control.group()):04X}; a puzzle file holds plain text",
        )
    # Half a character (a lone surrogate) never comes out of a file's bytes, which are
    # decoded strictly, but text handed in (a paste) may hold one: an id with it read, and
    # no file could be written with it.
    half = _LONE_SURROGATE.search(text)
    if half is not None:
        at = half.start()
        raise ParseError(
            filename, text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1,
            f"half a character (U+{ord(half.group()):04X}, a lone surrogate); a puzzle file "
            "holds plain text",
        )
    # (a line end closes the last line: it starts none; 640,000 lines read, as documented)
    line_count = text.count("\n") + (not text.endswith("\n"))
    if line_count > MAX_LINES:
        raise ParseError(filename, MAX_LINES + 1, 1, _TOO_MANY_LINES)
    longest = MAX_JSON_LINE_CHARS if _is_json(text) else MAX_LINE_CHARS
    lengths = list(map(len, text.split("\n")))
    if max(lengths) > longest:
        line = next(i for i, n in enumerate(lengths, start=1) if n > longest)
        raise ParseError(
            filename,
            line,
            longest + 1,
            f"line is longer than {longest:,} characters; this is not a puzzle file",
        )
    return text


def _json_under_comments(text: str) -> int:
    """The line of the first comment, when `text` is comment lines and then JSON; else 0."""
    lines = text.split("\n", 50)  # (a few dozen lines of comments at most are looked past)
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#") or not stripped:
            continue
        # (no text grid starts with "{"; one written "[1 . 3]" does start with "[")
        if stripped[:1] != "{" and not (
            stripped[:1] == "[" and _starts_as_json("\n".join(lines[i:]))
        ):
            return 0
        return next((k for k, above in enumerate(lines[:i], start=1)
                     if above.strip().startswith("#")), 0)
    return 0


def _starts_as_json(text: str) -> bool:
    """Whether `text` opens with a whole JSON value."""
    import json

    try:
        json.JSONDecoder().raw_decode(text.lstrip())
    except ValueError:
        return False
    return True


def _is_json(text: str) -> bool:
    """Whether `text` is JSON (no puzzle text starts as JSON does; what `generate --format
    json` and the commands' --json write does)."""
    return text.lstrip()[:1] in ("{", "[")


def _junk(row: _Row, index: int, filename: str, first: bool = False,
          last: bool = False) -> ParseError:
    token = row.tokens[index]
    # A word on a grid's first line is most likely a title copied with it ("Puzzle 12"); a
    # line starting with a word as the last under a grid's rows, a note copied with it
    # ("Solve by Sunday"). A line of words after a blank line starts a grid of its own, so
    # it may be either. (A word starting a line with rows after it is a slip in a row.)
    worded = sum(char.isalpha() for char in token) >= 2
    what = "a title or a note" if first else "a note" if index == 0 and last else ""
    return ParseError(
        filename,
        row.line,
        row.col(index),
        f"{cut_short(token)!r} is not a number or a blank (. _ - ? 0)"
        + (f"; {what}? start the line with # to keep it" if worded and what else ""),
    )


def _read_row(row: _Row, expected: int | None, filename: str, last: bool = False) -> None:
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
            if value is None:
                raise _junk(row, index, filename, first=expected is None, last=last)
            values.append(value)
    if expected is not None and len(values) != expected:
        where = expected if len(values) > expected else len(values)
        # (a board laid out in columns with its blanks left as spaces: nothing parts them)
        spaces = (row.separator is None and not row.boxed and len(values) < expected
                  and all(values) and _WIDE_GAP.search(row.text.strip()) is not None)
        raise ParseError(
            filename,
            row.line,
            row.col(where),
            f"row has {cells_text(len(values))}, expected {expected}"
            + ("; blanks left as spaces? write each as . (or 0)" if spaces else ""),
        )
    row.values = values


def _is_rule_line(line: str) -> bool:
    """Whether a grid line is a boxed grid's ``+---`` rule. A line that starts ``+1`` is a
    compact row whose first cell is a signed number, to be refused as that cell, not as a
    rule line gone wrong."""
    stripped = line.lstrip()
    return stripped.startswith("+") and not stripped[1:2].isdigit()


def _opens_boxed(line: str) -> bool:
    """Whether a grid line belongs to a boxed grid: a rule line or a ``|`` row."""
    return line.lstrip().startswith("|") or _is_rule_line(line)


def _is_boxed(lines: list[str]) -> bool:
    """Whether a grid's `lines` are a boxed grid, as its first line that is no comment
    says (see `_opens_boxed`)."""
    return _opens_boxed(next((line for line in lines if not line.lstrip().startswith("#")), ""))


def _without_bar_rules(lines: list[str]) -> list[str]:
    """`lines` of a boxed grid, with the rules drawn in bars left out (see `LEFT_OUT`): a
    Markdown table's delimiter row, and its header row too when that holds column labels
    ("| A | B | C |") or nothing ("|  |  |  |", as a table with no header of its own
    needs one) rather than the board's first row; and rules between the rows, or as an
    edge.

    Read as a boxed row, "|---|---|" is a row of blanks ("-" is one, and "--" too): a
    board pasted from a Markdown table grew a row and took the wrong verdict without a
    word. But a board may write its blanks so, a wholly blank row then "| -- | -- |":

    - a delimiter under the first row has three dashes or a colon somewhere (as ever), or
      any dashes under column labels or an empty header;
    - rules between rows, or as the top or bottom edge, are drawn: three dashes or more
      filling every cell ("|----|----|", "|---+---|"), between every two rows (or the
      board has such an edge); and only where no row of the board writes a blank as two
      dashes or more. A row of single "-" blanks, or of dashes written apart, is a row.
    """
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return lines

    def rule(line: str) -> bool:
        return bool(_MARKDOWN_DELIMITER.fullmatch(line.strip()))

    def drawn(line: str) -> bool:
        """A rule as drawn between rows: dashes (and colons) filling every cell, three
        at least (two are a blank as wide as two digits)."""
        return rule(line) and all(
            " " not in cell and len(cell.strip(":")) >= 3
            for cell in re.split(r"[|+]", line.strip()[1:-1]))

    # Blanks written as runs of dashes ("| 1 | -- | 3 |") in a row that is no rule: then a
    # line of such runs is a row of blanks too, and only a delimiter under the first row
    # (by the old rule) is no row.
    dash_blanks = any(
        re.fullmatch(r"-{2,}", cell.strip())
        for i in grid if not drawn(lines[i]) and lines[i].lstrip().startswith("|")
        for cell in lines[i].strip()[1:-1].split("|"))
    lines = list(lines)
    if not dash_blanks:
        # A top or bottom edge in bars ("|----|----|") is no row of blanks.
        edges = [i for i in (grid[0], grid[-1]) if drawn(lines[i])]
        for i in edges:
            lines[i] = LEFT_OUT
        grid = [i for i in grid if i not in edges]
        if len(grid) < 2:
            return lines
        ruled = [k for k, i in enumerate(grid) if drawn(lines[i])]
        # (the "+----+" rules of the boxed form count as rules between rows too)
        rules = set(ruled) | {k for k, i in enumerate(grid) if _is_rule_line(lines[i])}
        # (a board with an edge in bars is drawn, no Markdown table: its rules are rules)
        between = bool(edges) or (len(ruled) >= 2 and not any(
            k not in rules and k + 1 not in rules for k in range(len(grid) - 1)))
    else:
        ruled, between = [], False
    second = lines[grid[1]].strip()
    header = lines[grid[0]].strip()
    cells = ([cell.strip() for cell in header[1:-1].split("|")]
             if header.startswith("|") and header.endswith("|") and len(header) > 1 else [])
    named = bool(cells) and all(cell and cell_value(cell) is None for cell in cells)
    if between:
        for k in ruled:
            lines[grid[k]] = LEFT_OUT
        if named and 1 in ruled:
            lines[grid[0]] = LEFT_OUT  # (column labels over the first rule)
        return lines
    # (column labels, or nothing: a header, so what is under it is its delimiter; with
    # rules between every two rows, as above, an empty first row is a row of the board)
    labels = named or (bool(cells) and not any(cells))
    if not rule(second) or not ("---" in second or ":" in second or labels):
        return lines
    lines[grid[1]] = LEFT_OUT
    if labels:
        lines[grid[0]] = LEFT_OUT
    return lines


def _boxed_row(number: int, line: str, filename: str) -> _Row | None:
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
    return _Row(number, line, tokens, boxed=True)


def _cell_count(line: str) -> int | None:
    """How many cells a grid line holds, from its separators alone; None for a boxed
    grid's rule line."""
    stripped = line.strip()
    if _is_rule_line(stripped):
        return None
    if stripped.startswith("|"):
        return max(0, stripped.count("|") - 1)
    if _SEPARATOR.search(line):
        return len(_SEPARATOR.split(line))
    return len(line.split())


def _leading_size(lines: list[str]) -> tuple[list[int], re.Match[str]] | None:
    """(indices of the grid lines of `lines`, comments left out; the first one's match as a
    size line) when there are two or more and the first reads as a size; else None."""
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return None
    match = _SIZE.fullmatch(lines[grid[0]])
    return None if match is None else (grid, match)


def _size_given(match: re.Match[str]) -> tuple[int, int] | None:
    """The two numbers of a size line's match; None for `1 2` and `2 1`, which are whole
    1x2 boards (so a file of them stays a file of boards), never a size."""
    size = int(match.group(1)), int(match.group(2))
    return None if sorted(size) == [1, 2] else size


def _fits(size: tuple[int, int], shape: tuple[int, int]) -> bool:
    """Whether a grid of `shape` is the size given, in either order (some formats give the
    width first)."""
    return shape in (size, size[::-1])


def _size_line(lines: list[str]) -> tuple[int, tuple[int, int], bool] | None:
    """(index, size given, whether it is a side only) when the first grid line of `lines`
    looks like a size line ("9 9", "6x10", "6,10") above a row of other than two cells,
    or is one number of 2 or more above a row of more than one cell ("9", the side of a
    square board); else None.

    Course and programming-exercise files often open a board with its size. Read as a
    grid row it would make every row after it "too long". (A board two columns wide keeps
    reading its first line as a row: there the two look alike.) A side only is the size
    only when the grid under it is that square (see `_grid_rows`): else it may be a
    puzzle's number, which is said as such.
    """
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return None
    below = next((n for n in map(_cell_count, (lines[i] for i in grid[1:])) if n), None)
    rows = [lines[i] for i in grid[1:]]
    one_wide = False
    if below == 2 and all(_SEPARATOR.search(row) for row in rows):
        # (a separator ending every row below parts off no cell: "6 1" over rows "0," is
        # a size over a board one wide, not the first row of one two wide)
        ends = _row_end_separators(rows)
        one_wide = ends is not None and ends[0] + ends[1] == 1
    match = _SIZE.fullmatch(lines[grid[0]])
    if match is not None:
        if below is None or (below == 2 and not one_wide):
            return None
        return grid[0], (int(match.group(1)), int(match.group(2))), False
    side = _SIDE.fullmatch(lines[grid[0]])
    if side is None or int(side.group(1)) < 2 or below is None or below < 2:
        return None
    return grid[0], (int(side.group(1)),) * 2, True


def _without_row_end_separators(lines: list[str], size: tuple[int, int] | None) -> list[str]:
    """`lines` with the comma or semicolon that ends (or starts) every row of a
    comma-separated grid read as the row's end, not as parting off an empty last (or
    first) field, where it can only be that: the size line above says so, or every other
    field holds something and blanks are written (``0`` or ``.``), so the empty field at
    the end of each row is no column of blanks. Programs that print ``value + ","`` write
    rows so, and the empty field made a 9x9 a 9x10 with another verdict.

    Where blanks are empty fields, an empty last field in every row may be a column of
    blanks as well (a sparse puzzle's last column may hold no given): it stays the
    board's, and `_note_edge_columns` says so. The separator read as an end becomes
    a space, so the columns of the cells after it stay where they are.
    """
    grid = grid_line_indices(lines)
    texts = [lines[i] for i in grid]
    if not texts or any('"' in text or not _SEPARATOR.search(text) for text in texts):
        return lines
    ends = _row_end_separators(texts)
    if ends is None:
        return lines
    lead, trail = ends
    width = len(_SEPARATOR.split(texts[0]))
    if width > MAX_SIDE + 2:
        # (no board, with an end separator or without: refused as it is, at once; every
        # field of 1,677 rows of 9,999 commas was read as a cell first, for seconds)
        return lines
    if size is not None:
        choices = [(0, 0), (0, trail), (lead, 0), (lead, trail)]
        fitting = [c for c in choices if _fits(size, (len(texts), width - c[0] - c[1]))]
        if not fitting or fitting[:2] == [(0, trail), (lead, 0)]:
            # (",5,," under "3 3": the comma before each cell or the one after it? Only
            # the writer knows, and each reading has its own verdict: the size is refused)
            return lines
        lead, trail = fitting[0]
    else:
        inner = [field.strip() for text in texts
                 for field in _SEPARATOR.split(text)[lead:width - trail]]
        values = [cell_value(field) for field in inner]
        # (written blanks are the sign: with none, "<SP>,1," may be a 1x3 as well; and a
        # number too large for the narrower board says the column is the board's)
        if ("" in inner or 0 not in values
                or max(v or 0 for v in values) > len(inner)):
            return lines
    if not lead + trail:
        return lines
    out = list(lines)
    for i in grid:
        text = out[i]
        if lead:
            at = len(text) - len(text.lstrip())
            text = text[:at] + " " + text[at + 1:]
        if trail:
            at = len(text.rstrip()) - 1
            text = text[:at] + " " + text[at + 1:]
        out[i] = text
    return out


def _row_end_separators(texts: list[str]) -> tuple[int, int] | None:
    """(1 if every row of `texts` starts with a separator, 1 if every row ends with one)
    when either is so and the rows have as many fields each; else None."""
    lead = int(all(text.lstrip()[:1] in (",", ";") for text in texts))
    trail = int(all(text.rstrip()[-1:] in (",", ";") for text in texts))
    if not lead + trail or len({len(_SEPARATOR.split(text)) for text in texts}) != 1:
        return None
    return lead, trail


def _grid_rows(
    lines: list[str], first_line: int, filename: str, tabs: bool = False,
    after_size: bool = False, size: tuple[int, int] | None = None,
    size_lines: int = MAX_SIDE,
) -> list[_Row]:
    """The rows of one grid (compact or boxed, decided by its first line), after a size
    line if it has one that fits (see `_size_line`; `size` is what it said, for the rows
    under it); with `tabs`, compact rows are parted at single tabs (see
    `_spreadsheet_rows`), and there is no size line. A size line may stand over another
    (`size_lines` more at most, each read by a call of its own: a block of thousands of
    lines "3x3" went as deep as Python's stack and failed with a traceback); past that,
    a line that may be one is read as a row."""
    lines = as_drawn_by_us(lines)
    sized = None if tabs or size_lines <= 0 else _size_line(lines)
    if sized is not None:
        index, said, side_only = sized
        try:
            rows = _grid_rows(lines[index + 1 :], first_line + index + 1, filename,
                              after_size=True, size=said, size_lines=size_lines - 1)
        except ParseError:
            if not side_only:
                raise  # (an error in the rows below is reported where it is)
            rows = []  # (a puzzle's number, maybe: read as a row, as ever)
        shape = (len(rows), len(rows[0].values)) if rows else (0, 0)
        if _fits(said, shape):
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
                    _grid_rows(lines[index:], first_line + index, filename, size_lines=0)
                except ParseError as error:
                    raise ParseError(
                        filename, first_line + index, start,
                        f"{line.strip()!r} is neither a row of the grid ({error.message}) nor "
                        f"its size (the grid below it is {shape[0]}x{shape[1]})") from None
            raise ParseError(
                filename, first_line + index, start,
                f"row has 2 cells, but the rows below it have {shape[1]}"
                f" (as a size line, {line.strip()!r} does not fit the"
                f" {shape[0]}x{shape[1]} grid below)",
            )
    if not tabs:
        lines = _without_row_end_separators(lines, size)
    # (decided by the first grid line: a line left out before it, such as the column
    # letters over a board copied off the screen, is a comment now)
    boxed = _is_boxed(lines)
    if boxed:
        lines = _without_bar_rules(lines)
    rows: list[_Row] = []
    rules: list[tuple[int, int, int]] = []  # (line, col, cell count) of each rule line
    last_line = max((number for number, line in enumerate(lines, start=first_line)
                     if line.strip() and not line.lstrip().startswith("#")), default=0)
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
        if boxed:
            row = _boxed_row(number, line, filename)
            if row is None:
                indent = len(line) - len(line.lstrip())
                rules.append((number, indent + 1, line.count("+") - 1))
                continue
        elif "," in line or ";" in line:
            # A row from a spreadsheet: an empty field is a blank, a quoted one is unquoted.
            if line.count('"') % 2:
                # (a spreadsheet closes every quote it opens; one left open made the rest
                # of its row one field, blamed from the row's start)
                raise ParseError(filename, number, _open_quote(line) + 1,
                                 "quote (\") not closed on its line")
            separator = _QUOTED_SEPARATOR if '"' in line else _SEPARATOR
            tokens = [segment.strip().strip('"').strip() for segment in separator.split(line)]
            row = _Row(number, line, tokens, boxed=False, separator=separator)
        elif tabs:
            tokens = [segment.strip() for segment in line.split("\t")]
            row = _Row(number, line, tokens, boxed=False, separator=_TAB)
        else:
            row = _Row(number, line, line.split(), boxed=False)
        if len(rows) == MAX_SIDE:
            raise ParseError(
                filename,
                number,
                1,
                f"grid has more than {MAX_SIDE} rows; at most {MAX_SIDE} allowed",
            )
        try:
            _read_row(row, len(rows[0].values) if rows else None, filename,
                      last=number == last_line)
        except ParseError:
            if (len(row.tokens) == 3 and all(t.isdigit() for t in row.tokens)
                    and 1 <= len(rows) <= 2 and not after_size
                    and all(len(r.values) == 1 for r in rows) and rows[0].line == first_line):
                # "9" (and a count) over lines of three: course files list the givens as
                # row, column and number, read so where they can be (`_listed_givens`);
                # these cannot (a number in them is 0, or they read as a grid's rows).
                first = rows[0]
                raise ParseError(
                    filename, first.line, first.col(0),
                    f"{'a line' if len(rows) == 1 else 'lines'} of one cell over rows of 3 "
                    "(a puzzle number? start the line with # to keep it; or a list of "
                    "givens as row, column and number? it does not read as one)") from None
            if (len(rows) == 1 and len(rows[0].values) == 1 and len(row.tokens) > 1
                    and not after_size and rows[0].line == first_line):
                # One number over a wider grid: a puzzle's number, say, or a size written
                # as one ("12"). Said of that line, not of the row under it.
                first = rows[0]
                raise ParseError(
                    filename, first.line, first.col(0),
                    f"a line of one cell over rows of {len(row.tokens)}"
                    " (a puzzle number? start the line with # to keep it)") from None
            # (not under a size line: that says how wide the rows are, and the first may be
            # the one that is right)
            odd_first = (None if after_size
                         else _odd_first_row(rows, row, lines[number - first_line + 1:], tabs))
            if odd_first is not None:
                raise ParseError(filename, rows[0].line, rows[0].col(0), odd_first) from None
            raise
        rows.append(row)
    if not rows:
        raise ParseError(filename, first_line, 1, "boxed grid has no rows between its rule lines")
    width = len(rows[0].values)
    for number, col, count in rules:
        if count != width:
            raise ParseError(
                filename, number, col, f"rule line has {cells_text(count)}, expected {width}"
            )
    return rows


def _open_quote(line: str) -> int:
    """The index of the quote in `line` left open, reading quotes in pairs from the left."""
    quotes = [i for i, char in enumerate(line) if char == '"']
    return quotes[-1] if len(quotes) % 2 else -1


_RAGGED = " (an empty field is a blank cell)"


def _ragged_tab_rows(lines: list[str], first_line: int, filename: str) -> ParseError | None:
    """The error for a grid copied from a spreadsheet whose rows are parted into different
    numbers of cells by tabs (a row copied short, a cell pasted into the wrong place):
    the row that differs from the others, named with the tabs' counts. Read the usual way,
    which drops the empty fields, such a grid was blamed for widths it does not have ("a
    line of one cell", of a row of four). None when the lines are not all tab-parted or
    their counts agree."""
    grid = [(number, line.rstrip("\r")) for number, line in enumerate(lines, start=first_line)
            if line.strip() and not line.lstrip().startswith("#")]
    if len(grid) < 2 or not all("\t" in line for _, line in grid):
        return None
    counts = [len(line.split("\t")) for _, line in grid]
    if len(set(counts)) == 1 or len({len(line.split()) for _, line in grid}) == 1:
        return None  # (or the rows agree read the usual way: the tabs are only spacing)
    # (the width most rows have is the one meant; on a tie, the first row's)
    usual = max(dict.fromkeys(counts), key=counts.count)
    odd = next(i for i, count in enumerate(counts) if count != usual)
    others = "the other rows have" if counts.count(usual) == len(counts) - 1 else "most rows have"
    number = grid[odd][0]
    return ParseError(
        filename, number, 1,  # (a leading tab is the row's first field, an empty one)
        f"row has {cells_text(counts[odd])} parted by tabs, but {others} {usual}{_RAGGED}")


def _odd_first_row(rows: list[_Row], second: _Row, rest: list[str], tabs: bool) -> str | None:
    """What is wrong with the first row of a grid when it alone disagrees with the rows
    under it: the second row and every row after it have one width (two rows at least), and
    the first another. The error was said of the second row ("row has 3 cells, expected
    4"), which sent the reader to a good line. None when that is not so."""
    width = len(second.tokens)
    if len(rows) != 1 or len(rows[0].tokens) == width:
        return None
    counts = [len(line.split("\t")) if tabs else _cell_count(line)
              for line in rest if line.strip() and not line.lstrip().startswith("#")]
    counts = [n for n in counts if n is not None]  # (a boxed grid's rule lines)
    if not counts or any(n != width for n in counts):
        return None
    return (f"row has {cells_text(len(rows[0].tokens))}, but the rows below it have "
            f"{width}")


class _OutOfRange(ParseError):
    """A given larger than its grid has cells: what a board split by a blank line gives."""

    def __init__(self, filename: str, line: int, col: int, message: str,
                 shape: tuple[int, int]) -> None:
        super().__init__(filename, line, col, message)
        #: (rows, columns) of the grid the given is too large for
        self.shape = shape


def _check_values(rows: list[_Row], filename: str) -> None:
    """Numbers in 1..R*C, each at most once; errors point at the offending cell. A -1 is
    a blank only where the grid writes no blank another way, as in JSON: beside 0s or
    dots it marks something else (a cell off the board, as grids with holes do)."""
    # (the cells looked at only where a row's text holds a minus: most grids have none)
    minus = next(((row, i) for row in rows if "-1" in row.text or "\uff0d" in row.text
                  for i, token in enumerate(row.tokens) if _is_minus_one(token)), None)
    if minus is not None and any(value == 0 and not _is_minus_one(token)
                                 for row in rows for token, value in zip(row.tokens, row.values)):
        row, index = minus
        raise ParseError(filename, row.line, row.col(index),
                         "-1 beside blanks written another way (0 or .): a blank written "
                         "two ways, or a cell off the board (Numbrix has none)? write each "
                         "blank one way")
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
                raise _OutOfRange(
                    filename,
                    row.line,
                    row.col(index),
                    f"{cut_short(row.tokens[index])} is out of range 1..{size}"
                    f" for a {height}x{width} grid",
                    (height, width),
                )
            if value in seen:
                line, col = seen[value]
                raise ParseError(
                    filename,
                    row.line,
                    row.col(index),
                    f"{value} appears twice (first at {line}:{col})",
                )
            seen[value] = (row.line, row.col(index))


def _metadata(header: str, first_line: int, filename: str) -> dict[str, str]:
    """The ``# key: value`` lines of a block's `header` (the comments before its grid).

    A key given twice is an error rather than one silently winning: two ``# id:`` lines in
    one block are most often two puzzles' headers run together, or an edit that left the
    old value behind, and either way the reader cannot know which one was meant.
    """
    metadata: dict[str, str] = {}
    first_given: dict[str, int] = {}
    # (lines counted on from the last match: counting from the header's start each time
    # took minutes over a header of 600,000 lines)
    line, counted = first_line, 0
    for m in _METADATA_LINE.finditer(header):
        key = m.group(1).lower()
        line += header.count("\n", counted, m.start())
        counted = m.start()
        if key in first_given:
            col = m.start(1) - (header.rfind("\n", 0, m.start(1)) + 1) + 1
            raise ParseError(
                filename, line, col,
                f"repeated {cut_short(key)!r} (first given on line {first_given[key]})",
            )
        first_given[key] = line
        metadata[key] = _PAGE_BREAKS.sub(" ", m.group(2)).strip()
        if len(metadata[key]) > MAX_METADATA_CHARS:
            col = m.start(2) - (header.rfind("\n", 0, m.start(2)) + 1) + 1
            raise ParseError(
                filename, line, col,
                f"the {cut_short(key)!r} is {len(metadata[key]):,} characters long; at most "
                f"{MAX_METADATA_CHARS:,} (a line the commands write about the puzzle must "
                "read back)",
            )
    return metadata


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


def _size_line_with_end_separator(
    lines: list[str], first_line: int, filename: str
) -> list[_Row] | None:
    """The rows of a grid under a size line written as a spreadsheet writes every line,
    with a separator after its last field ("3,3," over "1,4,5"), where the grid reads so;
    else None. (Read as a row, "3,3," made "3 appears twice" of a file a program wrote;
    tried only where the block does not read as a grid.)"""
    grid = grid_line_indices(lines)
    if not grid:
        return None
    first = lines[grid[0]].rstrip()
    if not first.endswith((",", ";")) or _SIZE.fullmatch(first[:-1]) is None:
        return None
    trimmed = list(lines)
    trimmed[grid[0]] = first[:-1]
    sized = _size_line(trimmed)
    try:
        rows = _grid_rows(trimmed, first_line, filename)
        _check_values(rows, filename)
    except ParseError:
        return None
    # (the line taken as the size, and the rows that size: not as a row with its end
    # separator dropped, over rows that keep theirs as a field: "4;3;" over "1;")
    if (sized is None or rows[0].line == first_line + grid[0]
            or not _fits(sized[1], (len(rows), len(rows[0].values)))):
        return None
    return rows


def _is_minus_one(token: str) -> bool:
    """Whether a cell's text is -1 (full-width too, as `cell_value` reads it)."""
    token = token.strip()
    # (NFKC only where the text is not ASCII: it runs on every cell of every grid)
    return token == "-1" or (not token.isascii() and unicodedata.normalize("NFKC", token) == "-1")


_LISTED_FIELD = re.compile(r"[0-9]+")
# (no tab before the first field or after the last: in a spreadsheet's row that is an
# empty field, "4<tab>3<tab>2<tab>" four cells)
_LISTED_LINE = re.compile(r"[ ]*[0-9]{1,6}(?:(?:[ ]*[,;][ ]*|[ ]+|\t)[0-9]{1,6})*[ ]*")


def _list_header(widths: list[int]) -> tuple[int, bool] | None:
    """How many lines head a list of givens whose lines hold `widths` fields, and whether
    the last of them is the count: the side, or rows and columns on one line, maybe the
    count after (lines of 1 [1], or 2 [1]); rows, columns and the count on a line each
    (1 1 1). None where no list's head fits. (Rows and columns on two lines with no count
    are not taken: "5" under "9" is the count of givens on a 9x9, as course files have it.)"""
    for head, counted in (((1, 1, 1), True), ((2, 1), True), ((1, 1), True), ((2,), False),
                          ((1,), False)):
        if tuple(widths[: len(head)]) == head and widths[len(head):] and all(
                width == 3 for width in widths[len(head):]):
            return len(head), counted
    return None


def _grid_or_list(head: Sequence[int], counted: bool, lines: int) -> bool:
    """Whether a list's `head` (its numbers, the count apart) and `lines` lines under it
    read as well as a grid of three columns under its size line ("2 3" over two lines of
    three numbers), with a slip in it, as they do when the grid does not read: then the
    grid's error stands (`_raise_if_grid_or_list` adds how to make it a list). A side
    alone over three lines reads as a list, as it always has."""
    return len(head) == 2 and not counted and head[1] == 3 and lines == head[0]


def _raise_if_grid_or_list(lines: list[str], error: ParseError) -> None:
    """Raise `error` saying how a list of givens is told from it, where the lines read as
    a grid under its size line or as a list (see `_grid_or_list`): "1 appears twice" of
    "2 3" over "1 1 1" and "2 3 6" did not say that the count of givens makes it a list."""
    listed = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not listed or not all(_LISTED_LINE.fullmatch(line) for line in listed):
        return
    head = list(_LISTED_FIELD.finditer(listed[0]))
    threes = all(len(_LISTED_FIELD.findall(line)) == 3 for line in listed[1:])
    if threes and _grid_or_list([int(m.group()) for m in head], False, len(listed) - 1):
        size = " ".join(m.group() for m in head)
        raise _said_more(error, f"or, as a list of givens (row, column, number), it needs "
                                f"their count on the line under '{size}'") from None


def _listed_givens(
    lines: list[str], first_line: int, filename: str, counting: str | None = None
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
    first, as in its head."""
    listed = [(number, line) for number, line in enumerate(lines, start=first_line)
              if line.strip() and not line.lstrip().startswith("#")]
    # (every field a number of a few ASCII digits, parted by spaces, one tab, or one comma
    # or semicolon: "1,,2,5", a spreadsheet's row with an empty field, is no list)
    if len(listed) < 2 or not all(_LISTED_LINE.fullmatch(line) for _, line in listed):
        return None
    fields = [(number, line, list(_LISTED_FIELD.finditer(line))) for number, line in listed]
    header = _list_header([len(found) for _, _, found in fields])
    if header is None:
        return None
    head, counted = header
    if any(int(found[2].group()) == 0 for _, _, found in fields[head:]):
        return None  # (no given is 0: a grid of three columns with 0 for a blank, rather)
    try:
        # Lines that read as a board of three columns are one, under a stray number (a
        # puzzle's, or its cell count): "8" over the rows of a 3x3 solution is no list
        # of three givens on an 8x8 board. Said as before, as a question.
        rows = _grid_rows([line for _, line in listed[head:]], listed[head][0], filename,
                          size_lines=0)
        _check_values(rows, filename)
        return None
    except ParseError:
        pass
    # (the head's numbers: the side, or rows then columns; the count last where there is one)
    sizes = [(number, m) for number, _, found in fields[:head] for m in found]
    if counted:
        (count_line, count_field), sizes = sizes[-1], sizes[:-1]
    for number, m in sizes:
        if not 1 <= int(m.group()) <= MAX_SIDE:
            raise ParseError(filename, number, m.start() + 1,
                             f"a board of {'side' if len(sizes) == 1 else 'size'} "
                             f"{' x '.join(x.group() for _, x in sizes)} over a list of "
                             f"givens; a side is 1 to {MAX_SIDE}")
    side_line = sizes[0][0]
    shape = (int(sizes[0][1].group()), int(sizes[-1][1].group()))
    board = (f"side {shape[0]}" if len(sizes) == 1 else f"{shape[0]}x{shape[1]}")
    givens = fields[head:]
    if _grid_or_list([int(m.group()) for _, m in sizes], counted, len(givens)):
        return None
    if counted and int(count_field.group()) != len(givens):
        raise ParseError(filename, count_line, count_field.start() + 1,
                         f"says {count_field.group()} givens, and "
                         f"{len(givens)} lines list one")
    places = [(number, m, extent, what) for number, _, found in givens
              for m, extent, what in zip(found[:2], shape, ("row ", "column "))]
    if shape[0] == shape[1]:
        places = [(number, m, extent, "") for number, m, extent, _ in places]
    zero = next(((n, m) for n, m, _, _ in places if int(m.group()) == 0), None)
    top = next(((n, m) for n, m, extent, _ in places if int(m.group()) == extent), None)
    if counting is not None and counting not in ("0", "1"):
        raise ParseError(filename, side_line, 1, f"'# counting: {cut_short(counting)}' over a "
                         "list of givens; rows and columns count from 0 or from 1")
    beyond = next((place for place in places if int(place[1].group()) > place[2]), None)
    if zero is None and top is None and counting is None and beyond is not None:
        # (off the board counting either way: said so, not asked which way it counts)
        number, m, _, what = beyond
        raise ParseError(filename, number, m.start() + 1,
                         f"{what}{m.group()} is off a board of {board}")
    if zero is None and top is None and counting is None:
        number = givens[0][0]
        last = (f"none {shape[0]}" if shape[0] == shape[1]
                else f"no row {shape[0]}, no column {shape[1]}")
        raise ParseError(filename, number, givens[0][2][0].start() + 1,
                         f"a list of givens whose rows and columns could count from 0 or "
                         f"from 1 (none is 0, {last}): put '# counting: 1' (or 0) "
                         "above it, or write the board as a grid, one row a line and . for "
                         "a blank")
    base = int(counting) if counting is not None else 0 if zero is not None else 1
    if counting is not None:
        why = f" (as '# counting: {counting}' says)"
    else:
        why = f" (line {zero[0]} counts from 0)" if zero is not None else (
            f" (line {top[0]} counts from 1)" if top is not None else "")
    grid = np.zeros(shape, dtype=np.int64)
    seen_cell: dict[tuple[int, int], int] = {}
    seen_number: dict[int, int] = {}
    for number, _, (row_field, col_field, value_field) in givens:
        # (a line's slips in its order, line by line, as the lines are read)
        for m, extent, what in zip((row_field, col_field), shape, ("row ", "column ")):
            if not base <= int(m.group()) < base + extent:
                said = "" if shape[0] == shape[1] else what
                raise ParseError(filename, number, m.start() + 1,
                                 f"{said}{m.group()} is off a board of {board}, counting "
                                 f"from {base}{why}")
        cell = (int(row_field.group()) - base, int(col_field.group()) - base)
        value = int(value_field.group())
        if not 1 <= value <= shape[0] * shape[1]:
            raise ParseError(filename, number, value_field.start() + 1,
                             f"{value} is out of range 1..{shape[0] * shape[1]}")
        if cell in seen_cell:
            raise ParseError(filename, number, row_field.start() + 1,
                             f"row {row_field.group()}, column {col_field.group()} is "
                             f"given twice (first on line {seen_cell[cell]})")
        if value in seen_number:
            raise ParseError(filename, number, value_field.start() + 1,
                             f"{value} appears twice (first on line {seen_number[value]})")
        seen_cell[cell], seen_number[value] = number, number
        grid[cell] = value
    return grid


def _metadata_in_grid(
    lines: list[str], first_line: int, first_row: int, metadata: dict[str, str],
    filename: str, notes: list[tuple[int, str]] | None,
) -> dict[str, str]:
    """`metadata` with the ``# key: value`` lines between a grid's size line and its first
    row added (they still come before the grid: "3x3", "# id: a", rows); one among or
    under the rows is not the puzzle's, and goes into `notes`. Both were dropped without a
    word, and `play --puzzle a` then found no such puzzle."""
    metadata = dict(metadata)
    for k, line in enumerate(lines):
        match = _METADATA_LINE.match(line)
        if match is None:
            continue
        number, key = first_line + k, match.group(1).lower()
        if number >= first_row:
            if notes is not None:
                notes.append((number, f"{cut_short(line.strip())!r} among or under a grid's "
                                      "rows is not read; put it above the grid"))
        elif key in metadata:
            raise ParseError(filename, number, line.find("#") + 1,
                             f"repeated {cut_short(key)!r} (given above the size line too)")
        else:
            metadata[key] = _PAGE_BREAKS.sub(" ", match.group(2)).strip()
    return metadata


def _raise_if_header_inside(
    lines: list[str], first_line: int, filename: str, error: ParseError
) -> None:
    """Raise a `ParseError` at the first ``# key: value`` line among a grid's `lines` that
    failed to read with `error`: two puzzles with no blank line between them read as one
    grid with a comment inside, and its error ("1 appears twice") hid the cause."""
    for k, line in enumerate(lines[1:], start=1):
        if _METADATA_LINE.match(line):
            raise ParseError(
                filename, first_line + k, line.find("#") + 1,
                f"{cut_short(line.strip())!r} inside a grid, which then does not read "
                f"(line {error.line}: {error.message}); a blank line before it starts "
                "another puzzle",
            ) from None


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
            rows = _grid_rows(part, first_line + start, filename, size_lines=0)
            _check_values(rows, filename)
        except ParseError:
            return None
        parts.append(rows)
    top, bottom = ((len(rows), len(rows[0].values)) for rows in parts)
    if not inside and not (top == bottom and top[0] == top[1]):
        return None
    return top, bottom, parts[1][0].line, how


def _said_more(error: ParseError, words: str) -> ParseError:
    """`error`, at its place and of its kind, with `words` after its message (an
    `_OutOfRange` stays one, for the hint of a board split by a blank line)."""
    message = f"{error.message}; {words}"
    if isinstance(error, _OutOfRange):
        return _OutOfRange(error.filename, error.line, error.col, message, error.shape)
    return ParseError(error.filename, error.line, error.col, message)


def _raise_if_label_row(lines: list[str], first_line: int, filename: str,
                        error: ParseError) -> None:
    """Raise `error` saying, where the grid's first row is 1 to its width over one row
    more (see `_note_label_rows`), that it may be column numbers: "2 appears twice" of a
    board under a header "| 1 | 2 | ... |" did not. (Not under a size line, which says
    what the rows are.)"""
    if _size_line(lines) is not None:
        return
    try:
        rows = _grid_rows(lines, first_line, filename)
    except ParseError:
        return
    found: list[tuple[int, str]] = []
    _note_label_rows(rows, found)
    if found:
        raise _said_more(error, found[0][1]) from None


def _raise_if_two_boards(lines: list[str], first_line: int, filename: str,
                         error: ParseError) -> None:
    """Raise `error` saying, where the grid's lines read as two boards (see `_two_boards`),
    that they may be two puzzles run together: its message ("33 appears twice") did not."""
    found = _two_boards(lines, first_line, filename)
    if found is not None:
        top, bottom, second, how = found
        raise _said_more(error, f"the rows read as two boards, {top[0]}x{top[1]} and "
                                f"{bottom[0]}x{bottom[1]} from line {second}, with {how}: a "
                                "blank line before the second starts another puzzle") from None


def _note_two_boards(lines: list[str], first_line: int, rows: list[_Row], filename: str,
                     notes: list[tuple[int, str]] | None) -> None:
    """Note, where a grid read as one board reads as two as well (see `_two_boards`), which
    reading was taken: two 5x5 puzzles run together read as a 10x5 with no solution, and
    its reason pointed at a slip that was not there."""
    if notes is None:
        return
    grid = grid_line_indices(lines)
    commented = any(lines[i].lstrip().startswith("#") for i in range(grid[0] + 1, grid[-1]))
    width = len(rows[0].values)
    # (looked at first in the rows read, so most grids are not read again in halves: a
    # comment among them, or two squares' rows with every number small enough for one)
    if not commented and (len(rows) != 2 * width
                          or max(v for row in rows for v in row.values) > width * width):
        return
    found = _two_boards(lines, first_line, filename)
    if found is None:
        return
    top, bottom, second, how = found
    notes.append((second, f"the rows read as two boards, {top[0]}x{top[1]} and "
                          f"{bottom[0]}x{bottom[1]} from line {second}, with {how}: read as "
                          f"one, {_sized(len(rows), len(rows[0].values))} board; a blank line "
                          "before the second starts another puzzle"))


def _note_empty_header(lines: list[str], first_line: int, rows: list[_Row],
                       notes: list[tuple[int, str]] | None) -> None:
    """Note a Markdown table's empty header row, left out as a header, over rows one fewer
    than the board is wide: a board posted as a table with its own first row, wholly
    blank, as the header read as a board a row short (see `_without_bar_rules`)."""
    grid = grid_line_indices(lines)
    if notes is None or len(grid) < 3 or first_line + grid[0] == rows[0].line:
        return  # (the first line was read as a row)
    header = lines[grid[0]].strip()
    cells = header[1:-1].split("|") if header.startswith("|") and header.endswith("|") else []
    width = len(rows[0].values)
    if cells and not any(cell.strip() for cell in cells) and len(rows) + 1 == width:
        notes.append((first_line + grid[0], f"the table's header row is empty, and left out "
                                            f"as a header: {_sized(len(rows), width)} board; "
                                            f"if it is the board's first row, write its "
                                            f"blanks as . for the {width}x{width} board"))


def _note_label_rows(rows: list[_Row], notes: list[tuple[int, str]] | None) -> None:
    """Note a first row of 1, 2, 3 ... to the board's width over one row more than that,
    or a first column of 1 ... to the rows beside one column more: column numbers or line
    numbers copied with the board read as givens (a Markdown table's header "| 1 | 2 |",
    an editor's line numbers), which the reader cannot tell from a given row."""
    if notes is None or len(rows) < 4:
        return
    height, width = len(rows), len(rows[0].values)
    if rows[0].values == list(range(1, width + 1)) and height == width + 1:
        notes.append((rows[0].line, f"the first row is 1 to {width}, as column numbers over "
                                    f"a board are: read as its first row, "
                                    f"{_sized(height, width)} board; if they are labels, put "
                                    f"# before that line for the {width}x{width} board"))
    elif [row.values[0] for row in rows] == list(range(1, height + 1)) and width == height + 1:
        notes.append((rows[0].line, f"the first column is 1 to {height}, as line numbers "
                                    f"beside a board are: read as its first column, "
                                    f"{_sized(height, width)} board; if they are labels, take "
                                    f"them out for the {height}x{height} board"))


def _raise_if_cut_off(lines: list[str], first_line: int, filename: str) -> None:
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


def _two_wide_size_note(
    lines: list[str], first_line: int, rows: list[_Row]
) -> list[tuple[int, str]]:
    """A note when the first row of a board two columns wide, read as a row, could as
    well be the board's size line: "3 2" over three rows of two. Either reading makes a
    board, and only the writer knows which was meant (see `_two_wide_after_size`)."""
    if len(rows[0].values) != 2 or len(rows) < 3:
        return []
    leading = _leading_size(lines)
    if leading is None or rows[0].line != first_line + leading[0][0]:
        return []  # (no line like a size, or it was not read as the first row)
    size = _size_given(leading[1])
    if size is None or not _fits(size, (len(rows) - 1, 2)):
        return []
    if max((v for row in rows[1:] for v in row.values), default=0) > (len(rows) - 1) * 2:
        return []  # (the other reading would be no board: a number past its last)
    return [(rows[0].line, f"{rows[0].text.strip()!r} read as the first row of a "
                           f"{len(rows)}x2 board; as its size (with a blank line after it) "
                           f"the board would be {len(rows) - 1}x2")]


def _delimiter_as_blanks(
    lines: list[str], first_line: int, filename: str, error: ParseError,
    notes: list[tuple[int, str]] | None,
) -> list[_Row] | None:
    """The rows of a boxed grid whose second line, a line of dashes read as a Markdown
    table's delimiter (``|---|---|`` under the first row), reads as a row of blanks, when
    the grid failed to read without it (`error`: a number out of range for the board one
    row shorter) and reads with it; None otherwise. `notes` says which reading was taken.

    A board that writes its blanks as ``---`` writes a blank second row as a delimiter
    does; the error about the smaller board did not say a line had been taken out. Tried
    only when the first reading fails, so no board that read before reads otherwise.
    """
    drawn = as_drawn_by_us(lines)
    if not _is_boxed(drawn):
        return None
    grid = grid_line_indices(drawn)
    kept = _without_bar_rules(drawn)
    if len(grid) < 3 or kept[grid[0]] == LEFT_OUT or kept[grid[1]] != LEFT_OUT:
        return None
    delimiter = drawn[grid[1]]
    if not _MARKDOWN_DELIMITER.fullmatch(delimiter.strip()):
        return None
    cells = len(re.split(r"[|+]", delimiter.strip()[1:-1]))
    blanks = list(drawn)
    blanks[grid[1]] = "|" + "|".join([" . "] * cells) + "|"
    try:
        rows = _grid_rows(blanks, first_line, filename)
        _check_values(rows, filename)
    except ParseError:
        return None
    if notes is not None:
        notes.append((first_line + grid[1], (
            f"{cut_short(delimiter.strip())!r} read as a row of blanks of a "
            f"{len(rows)}x{len(rows[0].values)} board (as a Markdown table's delimiter, "
            f"line {error.line}: {error.message})")))
    return rows


def _two_wide_after_size(lines: list[str], first_line: int, filename: str) -> list[_Row] | None:
    """The rows below the first grid line of `lines` when that line is a size line ("3 2")
    the grid below fits and reads without error; None otherwise.

    For a board two columns wide a size line looks like a row, so it is read as one first
    (see `_size_line`); this second reading is only tried when the first one fails (a
    number given twice, one out of range), so no board that read before reads otherwise.
    """
    leading = _leading_size(lines)
    if leading is None:
        return None
    grid, match = leading
    size = _size_given(match)
    if size is None:
        return None
    try:
        rows = _grid_rows(lines[grid[0] + 1 :], first_line + grid[0] + 1, filename)
        _check_values(rows, filename)
    except ParseError:
        return None
    return rows if _fits(size, (len(rows), len(rows[0].values))) else None


def _spreadsheet_rows(
    lines: list[str], first_line: int, filename: str, notes: list[tuple[int, str]] | None = None
) -> list[_Row] | None:
    """The grid in `lines` read as a spreadsheet copies or saves it as text, cells parted
    by single tabs, an empty field a blank (``1<TAB><TAB>3`` is three cells), when it can
    be nothing else: every row has a tab and as many fields as the others, and some
    field is empty in one row and holds something in another; None otherwise, or when
    that reading fails.

    Tried before the usual reading, which drops empty fields: where every row has as
    many numbers as the others (two a row, on the diagonals of a 6x6), it read the board
    as six rows of two, and took its verdict on that, without a word. A field empty in
    every row is no such sign: an indent, two tabs to line numbers up, a tab after each
    row; those read the usual way, as ever. A reading whose cells are laid out so but
    whose numbers are wrong for its board raises that error.

    A column at an edge empty in every row is the board's (a sparse puzzle's first column
    may well hold no given); where the board would be square without it, `notes` says so
    (see `_note_edge_columns`).
    """
    grid = [line.rstrip("\r") for line in lines if not line.lstrip().startswith("#")]
    if not grid or not all("\t" in line for line in grid):
        return None
    fields = [line.split("\t") for line in grid]
    if len({len(row) for row in fields}) != 1:
        return None
    columns = list(zip(*fields))
    if not any(any(not f.strip() for f in column) and any(f.strip() for f in column)
               for column in columns):
        return None
    try:
        rows = _grid_rows(lines, first_line, filename, tabs=True)
    except ParseError:
        return None
    _note_edge_columns(rows, notes)
    _note_size_row(rows, notes)
    # A number wrong for the board so read (out of range, given twice) is reported as such:
    # the usual reading, which drops the empty fields, made another board of the same
    # lines and blamed the slip on that ("13 is out of range 1..1 for a 1x1 grid; is a
    # blank line splitting...", with no blank line there).
    _check_values(rows, filename)
    return rows


def _sized(rows: int, cols: int) -> str:
    """'a 7x7' or 'an 8x7', as the size is said."""
    said = str(rows)
    return f"{'an' if said.startswith('8') or said in ('11', '18') else 'a'} {rows}x{cols}"


def _note_size_row(rows: list[_Row], notes: list[tuple[int, str]] | None) -> None:
    """Note, when the first of `rows` (read at tabs, commas or semicolons) holds one number
    N in its first cell and nothing else, over N rows N cells wide, that it was read as the
    board's first row, where it may be the size of the N x N board under it: a spreadsheet
    saves a size typed in its first cell so ("7,,,,,," over a 7x7 grid).

    It stays a row: a board's own first row may hold its one given in the corner, and
    reading it as a size would change that board's verdict without a word (an (N+1) x N
    board with N in its corner reads the same). The note says which reading was taken."""
    if notes is None or rows[0].separator is None or len(rows) < 3:
        return
    first = rows[0].values
    width = len(first)
    if first[0] != width or any(first[1:]) or len(rows) - 1 != width:
        return
    notes.append((rows[0].line, f"the first row holds only {width}, as a spreadsheet "
                                f"writes a board's size over it: read as the board's first "
                                f"row, {_sized(len(rows), width)} board; if it is the size, take "
                                f"that line out for the {width}x{width} board"))


def _note_edge_columns(rows: list[_Row], notes: list[tuple[int, str]] | None) -> None:
    """Note, when `rows` (read at tabs, commas or semicolons) have columns at an edge empty
    in every row, that they were read as the board's, where another reading is as likely:

    - the board would be square without them: an indent of tabs before each row reads
      so too ("<TAB>1<TAB><TAB>3" over two more such rows is a 3x4, where an indented 3x3
      may have been meant);
    - every row ends (or starts) with the separator that parts off the empty field:
      programs that print ``value + ","`` write rows so (where every other field holds
      something, that reads as the row's end: see `_without_row_end_separators`).

    Which was meant only the writer knows, and neither reading can be preferred: a sparse
    puzzle's first column may well hold no given, and a 3x4 read as a 3x3 gets another
    verdict as surely as a 3x3 read as a 3x4 does (see `_spreadsheet_rows`)."""
    if notes is None or rows[0].separator is None:
        return
    width = len(rows[0].values)
    # (a row of blanks says nothing of which columns are the board's: a line of tabs only
    # is such a row, made of dots by `_tab_rows_kept`)
    telling = [row for row in rows if any(row.values)]

    def empty(column: int) -> bool:
        return all(not row.tokens[column] for row in telling)

    left = next((i for i in range(width) if not empty(i)), width)
    right = next((i for i in range(width) if not empty(width - 1 - i)), width)
    kept = width - left - right
    if not left + right or left == width:
        return
    texts = [row.text.strip(" \r") for row in telling]
    marks = "\t" if rows[0].separator is _TAB else ",;"
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
        notes.append((rows[0].line, f"the {sides} {'is' if one else 'are'} empty in every "
                                    f"row: read as the board's, {_sized(len(rows), width)} "
                                    f"board; if {'it is' if one else 'they are'} only "
                                    f"spacing ({spacing}), take {'it' if one else 'them'} "
                                    f"out for the {kept}x{kept} board"))
        return
    starting = left and all(text[:1] in marks for text in texts)
    if not (ending or starting):
        return
    if any(v > len(rows) * (width - 1) for row in rows for v in row.values):
        return  # (a number too large for the narrower board: the column is the board's)
    if ending and starting:
        # (",5,,": a comma before each cell, or after each? Either may be the one to go)
        char, where, column, only = (texts[0][-1], "starts and ends", "first and a last",
                                     "one of them only parts the rows off")
    elif ending:
        char, where, column, only = texts[0][-1], "ends", "last", "it only ends the row"
    else:
        char, where, column, only = texts[0][0], "starts", "first", "it is only an indent"
    take = "that one" if ending and starting else "it"
    notes.append((rows[0].line, f"every row {where} with {names[char]}: read as parting off "
                                f"a {column} column of blanks, {_sized(len(rows), width)} board; "
                                f"if {only}, take {take} out for the "
                                f"{len(rows)}x{width - 1} board"))


def _next_grid(
    text: str, block: re.Match[str], first_line: int, filename: str
) -> tuple[int, tuple[int, int]] | None:
    """The block after `block` (which starts at `first_line`) when it is a grid from its
    first line (no comment first) and reads as one: (its first line, (rows, columns));
    None otherwise."""
    after = _BLOCK.search(text, block.end())
    if after is None or after.group().lstrip().startswith("#"):
        return None
    after_line = first_line + text.count("\n", block.start(), after.start())
    try:
        rows = _grid_rows(after.group().split("\n"), after_line, filename)
    except ParseError:
        return None
    return after_line, (len(rows), len(rows[0].values))


def _split_hint(
    text: str,
    block: re.Match[str],
    first_line: int,
    error: _OutOfRange,
    before: tuple[re.Match[str], int, Puzzle | None] | None,
    filename: str,
) -> str:
    """For a block whose given is out of range: "; is a blank line (line 6) splitting a 9x9
    board?" when the grid directly after or before it, with only blank lines between (no
    comment, no metadata), has as many columns; else "".

    A board split in two by a stray blank line reads as two boards too short for their
    numbers, and the range error alone ("81 is out of range 1..45 for a 5x9 grid") names a
    shape the user never wrote. Neighbours of the same width in a good file only get the
    hint on an error of this kind, so no file that read before fails for it.
    """
    rows, cols = error.shape
    lines = block.group().split("\n")
    last_line = first_line + len(lines) - 1
    after = _next_grid(text, block, first_line, filename)
    if after is not None and not lines[-1].lstrip().startswith("#"):
        after_line, (more, width) = after
        if width == cols and rows + more <= MAX_SIDE:
            return _hint(last_line + 1, after_line - 1, rows + more, cols)
    if before is not None and not lines[0].lstrip().startswith("#"):
        previous, previous_line, puzzle = before
        previous_lines = previous.group().split("\n")
        if (puzzle is not None and puzzle.cols == cols and puzzle.rows + rows <= MAX_SIDE
                and not previous_lines[-1].lstrip().startswith("#")):
            previous_last = previous_line + len(previous_lines) - 1
            return _hint(previous_last + 1, first_line - 1, puzzle.rows + rows, cols)
    return ""


def _hint(first_blank: int, last_blank: int, rows: int, cols: int) -> str:
    """The question `_split_hint` adds, naming the blank line(s) and the board they split."""
    where = (
        f"line {first_blank}" if first_blank == last_blank
        else f"lines {first_blank}-{last_blank}"
    )
    return f"; is a blank line ({where}){_SPLITTING}{rows}x{cols} board?"


#: the words of `_hint` that say a board may be split in two (see `parse_puzzles`)
_SPLITTING = " splitting a "


def _sized_grid_follows(
    text: str, block: re.Match[str], size: re.Match[str], line: int, filename: str
) -> bool:
    """True when the block after `block` (a lone size line, `size`, at `line`) is a grid of
    that size, in either order; a lone line of two numbers is otherwise a 1x2 board (and
    `1 2` or `2 1` always is, see `_size_given`). One number alone is a side, of a square
    grid (a 1x1 board of it is wrong from 2 on, and `1` is that board)."""
    if size.lastindex == 1:
        side = int(size.group(1))
        given: tuple[int, int] | None = (side, side) if side >= 2 else None
    else:
        given = _size_given(size)
    if given is None:
        return False
    after = _next_grid(text, block, line, filename)
    return after is not None and _fits(given, after[1])


def _raise_if_size_line(
    text: str, block: re.Match[str], size: re.Match[str], line: int, filename: str
) -> None:
    """Raise a `ParseError` saying so when `block` (at `line`), which failed to read as a
    board, is a lone line of two numbers (`size`) with no grid of that size under it (with
    no grid under it at all, only a size written so, `3x3` or `3,3`): the
    error of the board it made ("'4x4' is not a number or a blank", "4 is out of range
    1..2 for a 1x2 grid") did not say it was read as a size line that did not fit."""
    if size.lastindex != 2 or _size_given(size) is None:
        return
    said = cut_short(block.group().strip())
    after = _next_grid(text, block, line, filename)
    if after is None:
        if not any(mark in said for mark in _SIZE_MARKS):
            return  # ("1 9" alone is as likely a board of one row)
        raise ParseError(filename, line, 1, f"{said!r} reads as a size line, with no grid "
                                            "under it")
    after_line, (rows, cols) = after
    raise ParseError(filename, line, 1, f"{said!r} reads as a size line, but the grid under "
                                        f"it (line {after_line}) is {rows}x{cols}")


def parse_puzzles(
    text: str, filename: str = "<string>", notes: list[tuple[int, str]] | None = None
) -> list[Puzzle]:
    """Every puzzle in `text`, in order. Raises `ParseError` on the first problem.

    A text with no puzzle at all (empty, or comments only) is an error too: whoever hands
    us a puzzle file expects at least one puzzle in it. What reads but may not be what
    was meant goes into `notes`, when given, as (line, text), for the caller to warn of:
    a header that names a puzzle (``# id: x``) with no grid under it (its grid deleted, or
    `solve`'s answer "none" read back), which names nothing; a first row of a board two
    columns wide that could be its size line (see `_two_wide_size_note`).
    """
    text = _check_text(text, filename)
    if _is_json(text):
        return parse_json_puzzles(text, filename, MAX_PUZZLES)
    commented = _json_under_comments(text)
    if commented:
        raise ParseError(filename, commented, 1, "JSON holds no comments: take out the lines "
                         "starting with # above it")
    # A spreadsheet's row of empty cells is a line of tabs only, which reads as a blank line
    # and splits its board, or is lost at its top or bottom: read as a row first where it
    # lies beside rows of as many tabs (a line of tabs between two boards still parts them
    # where the two do not read as one).
    joined = _tab_rows_kept(text)
    if joined is None:
        try:
            return _parse_blocks(text, filename, notes)
        except ParseError as error:
            joined_error = error
    else:
        try:
            return _parse_blocks(joined, filename, notes)
        except ParseError as error:
            joined_error = _placed_in_tabs(error, text)
        try:
            return _parse_blocks(text, filename, notes)
        except ParseError:
            # Neither reads: the slip is in the board the rows of tabs belong to (a number
            # given twice, say), not in boards cut apart at them, which would blame it on
            # a blank line that is not there.
            pass
    # A line of tabs beside rows of other counts of them is a row copied short or long,
    # when the board read so has that for its fault: said so, not as a blank line that
    # splits a board (only that error: one of a board's own, a number twice, stands).
    ragged = _tab_rows_kept(text, any_count=True)
    if ragged is not None and ragged != joined and _SPLITTING in joined_error.message:
        try:
            _parse_blocks(ragged, filename)
        except ParseError as error:
            if error.message.endswith(_RAGGED):
                raise error from None
    raise joined_error from None


def _placed_in_tabs(error: ParseError, text: str) -> ParseError:
    """`error`, raised reading `text` with its tabs-only lines made rows of dots
    (`_tab_rows_kept`), placed in `text` as it is: a column on such a line counted the
    dots ("2 2/<tab>1/<tab>" put an error at 3:3 of a line one tab long). Field k of the
    dotted row starts at column 2k + 1, of the tabs at k + 1."""
    lines = text.split("\n")
    if not 1 <= error.line <= len(lines) or lines[error.line - 1].strip():
        return error
    return ParseError(error.filename, error.line, (error.col - 1) // 2 + 1, error.message)


def _tab_rows_kept(text: str, any_count: bool = False) -> str | None:
    """`text` with every run of tabs-only lines that lies next to a row with as many tabs
    (with `any_count`, with tabs) made a row of blanks (a `.` in each field, so it stays
    in its board); None when there is no such line."""
    lines = text.split("\n")

    def tabs_only(line: str) -> bool:
        return "\t" in line and not line.strip()

    changed = False
    i = 0
    while i < len(lines):
        if not tabs_only(lines[i]):
            i += 1
            continue
        tabs = lines[i].count("\t")
        end = i
        while end < len(lines) and tabs_only(lines[end]) and lines[end].count("\t") == tabs:
            end += 1
        beside = [lines[k] for k in (i - 1, end) if 0 <= k < len(lines)]
        if any(line.strip() and not line.lstrip().startswith("#")
               and (line.count("\t") == tabs or any_count and "\t" in line)
               for line in beside):
            lines[i:end] = ["\t".join("." * (tabs + 1))] * (end - i)
            changed = True
        i = end
    return "\n".join(lines) if changed else None


def _parse_blocks(
    text: str, filename: str, notes: list[tuple[int, str]] | None = None
) -> list[Puzzle]:
    """The puzzles of a checked text that is not JSON (see `parse_puzzles`)."""
    puzzles = []
    line, pos = 1, 0
    before: tuple[re.Match[str], int, Puzzle | None] | None = None  # the block before
    waiting: dict[str, str] = {}  # the header of the comments-only block just before
    waiting_line = 0
    found: list[tuple[int, str]] = []  # the notes (see `parse_puzzles`), kept if all reads
    for block in _BLOCK.finditer(text):
        line += text.count("\n", pos, block.start())
        pos = block.start()
        size = _SIZE.fullmatch(block.group()) or _SIDE.fullmatch(block.group())
        if size is not None and _sized_grid_follows(text, block, size, line, filename):
            continue  # a size line with blank lines between it and its grid
        header = _header_over_size(text, block, line, filename)
        if header is not None:
            # (a header, then a size line, then a blank line: the header is the grid's,
            # as one cut from it by a blank line is; the size line was read as a board)
            if "id" in header:
                waiting, waiting_line = header, line
            continue
        try:
            puzzle = _parse_block(block.group(), line, filename, waiting, found)
        except ParseError as error:
            hint = (_split_hint(text, block, line, error, before, filename)
                    if isinstance(error, _OutOfRange) else "")
            if not hint and size is not None:
                # (a board split by a blank line is the likelier slip where its halves
                # join up: "5 6", a blank line, then "4 3" and "1 2")
                _raise_if_size_line(text, block, size, line, filename)
            if not hint:
                raise
            raise ParseError(error.filename, error.line, error.col, error.message + hint) from None
        if waiting and (puzzle is None or puzzle.metadata.get("id") != waiting["id"]):
            found.append(_no_grid_under(waiting_line, waiting["id"]))
        waiting = {}
        before = (block, line, puzzle)
        if puzzle is None:
            # A header with an id, cut from its grid by a blank line, still names the grid
            # below it (when that grid has no header of its own): a puzzle the file names
            # must not lose its name to a stray blank line.
            header = _metadata(block.group(), line, filename)
            if "id" in header:
                waiting, waiting_line = header, line
            continue
        if len(puzzles) == MAX_PUZZLES:
            raise ParseError(
                filename, line, 1, f"more than {MAX_PUZZLES:,} puzzles in one file; split it up"
            )
        puzzles.append(puzzle)
    if not puzzles:
        if not text:
            raise ParseError(filename, 1, 1, "file is empty; no puzzle found")
        if not text.strip():
            raise ParseError(filename, 1, 1, "file is empty (blank lines only); no puzzle found")
        if waiting:  # (as the warning of a file with other puzzles says it)
            raise ParseError(filename, waiting_line, 1, "no puzzle found: no grid under "
                             f"'# id: {waiting['id']}'")
        raise ParseError(filename, 1, 1, "no puzzle found (only comments)")
    if waiting:
        found.append(_no_grid_under(waiting_line, waiting["id"]))
    if notes is not None:
        notes += sorted(found)
    return puzzles


def _header_over_size(
    text: str, block: re.Match[str], line: int, filename: str
) -> dict[str, str] | None:
    """The metadata of `block` (at `line`) when it is comment lines and then a size line
    alone, a blank line above a grid of that size (see `_sized_grid_follows`); else None."""
    lines = block.group().split("\n")
    if len(lines) < 2 or not all(row.lstrip().startswith("#") for row in lines[:-1]):
        return None
    size = _SIZE.fullmatch(lines[-1]) or _SIDE.fullmatch(lines[-1])
    if size is None or not _sized_grid_follows(text, block, size, line, filename):
        return None
    return _metadata("\n".join(lines[:-1]), line, filename)


def _no_grid_under(line: int, ident: str) -> tuple[int, str]:
    return line, f"no grid under '# id: {ident}'; left out"


#: byte-order marks of the wider encodings a text file may come in (UTF-32 first: its
#: little-endian mark begins with UTF-16's)
_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def decode_puzzle_bytes(data: bytes, filename: str) -> str:
    """`data` decoded as UTF-8, or as UTF-16 or UTF-32 where it starts with that encoding's
    byte-order mark, or as Windows-1252 when it is not UTF-8; invalid bytes become a
    located `ParseError`."""
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            if b"\x00" not in data[len(bom):len(bom) + 4096] and len(data) > len(bom):
                # Digits, dots and line ends are half NULs in UTF-16 and UTF-32: with none,
                # the mark is a stray one before 8-bit text, which read as UTF-16 gave
                # "'‱ਲ' is not a number" for "1 2".
                raise ParseError(
                    filename, 1, 1,
                    f"a {encoding[:6].upper()} byte-order mark ({bom.hex(' ').upper()}) before "
                    "text that is not in that encoding; take it out, or save the file as UTF-8",
                )
            # Windows writes these: PowerShell 5's `>` and Notepad's "Unicode" save as UTF-16.
            try:
                return data[len(bom):].decode(encoding)
            except UnicodeDecodeError as err:
                raise ParseError(
                    filename, 0, 0,
                    f"invalid {encoding.upper()} at byte {err.start + len(bom)}; "
                    "this is not a puzzle file",
                ) from None
    # A NUL byte says "binary" more plainly than the decoding error it would also cause.
    nul = data.find(b"\x00")
    if nul >= 0:
        if _looks_like_utf16(data):
            raise ParseError(
                filename, 0, 0,
                "UTF-16 text without a byte-order mark; save the file as UTF-8",
            )
        line, col = _byte_position(data, nul)
        raise ParseError(filename, line, col, "binary data (NUL byte); this is not a puzzle file")
    # (after the NUL: endless zeros on standard input, /dev/zero, are binary, not too large;
    # the caller reads at most one byte past the limit, so the search above stays short)
    if len(data) > MAX_FILE_BYTES:
        if data.count(b"\n", 0, MAX_FILE_BYTES) >= MAX_LINES:
            # (as the same lines from a file are refused: endless short lines on standard
            # input, `yes 1 |`, reach the line limit long before the size one)
            raise ParseError(filename, MAX_LINES + 1, 1, _TOO_MANY_LINES)
        raise ParseError(filename, 0, 0, _TOO_LARGE)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        utf8_error = err
    try:
        # What Windows editors save as "ANSI": a board copied with a curly apostrophe or
        # an accent in its title would otherwise be refused whole. Every byte it defines
        # is a character; a control character or junk in a cell is still found later.
        return data.decode("cp1252")
    except UnicodeDecodeError as err:
        ansi_error = err
    # Located at the byte neither reading takes: the first one UTF-8 refuses may be a
    # Windows-1252 character ("ÿ"), which would send the reader to a byte that is none.
    line, col = _byte_position(data, ansi_error.start)
    also = ""
    if utf8_error.start != ansi_error.start:
        at = ":".join(map(str, _byte_position(data, utf8_error.start)))
        also = f" (from byte 0x{data[utf8_error.start]:02x} at {at})"
    raise ParseError(
        filename,
        line,
        col,
        f"invalid UTF-8{also}, and byte 0x{data[ansi_error.start]:02x} is no Windows-1252 "
        "character: this is not a puzzle file",
    )


def _looks_like_utf16(data: bytes) -> bool:
    """Whether `data` reads as ASCII text stored two bytes a character (a NUL beside every
    character), as UTF-16 without its byte-order mark does."""
    head = data[:200]
    head = head[: len(head) & ~1]
    if len(head) < 4:
        return False
    for zeros, chars in ((head[0::2], head[1::2]), (head[1::2], head[0::2])):
        if not zeros.strip(b"\x00") and all(9 <= c < 127 for c in chars):
            return True
    return False


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset`, as the parser counts them."""
    before = data[:offset].decode("utf-8", errors="replace").removeprefix("\ufeff")
    before = before.replace("\r\n", "\n").replace("\r", "\n")
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def read_puzzles(
    path: str, notes: list[tuple[int, str]] | None = None, pipes: bool = False
) -> list[Puzzle]:
    """Every puzzle in the file at `path` ("-" reads standard input); what to warn of goes
    into `notes` (see `parse_puzzles`).

    Any failure, from a missing file to a bad cell, is a `ParseError`; file-level problems
    have line 0 and render as ``FILE: message``. A path that is not a regular file (a
    directory, a named pipe, a device) is refused before anything is read from it; with
    `pipes` (the command line, where `<(command)` names one), a pipe that something writes
    to is read as standard input is, and one that nothing writes to is refused at once.
    """
    filename = "<stdin>" if path == "-" else str(path)
    if not filename:
        raise ParseError("''", 0, 0, "an empty name names no file")
    try:
        if path == "-":
            # Read one byte past the limit so an endless stream is refused, not swallowed.
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                data = stream.read(MAX_FILE_BYTES + 1)
            else:  # stdin replaced by a text stream (embedding, tests)
                data = sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8", "surrogateescape")
        else:
            # Only a regular file (or a pipe with a writer, where asked for): a named pipe
            # or a device would hang or never end.
            data = read_regular_file(path, MAX_FILE_BYTES, pipes)
            if not data and is_named_pipe(path):
                # (said so rather than "file is empty": a writer started a moment after
                # the command finds nobody reading, and waits for good)
                raise ParseError(filename, 0, 0, "is a named pipe nothing wrote to (a "
                                 "writer starts first, or `numbrix ... < PIPE` waits for one)")
            if len(data) > MAX_FILE_BYTES and os.path.isfile(path):
                # (said before what the bytes are: a file's size is known, a stream's,
                # <(cat /dev/zero) say, not)
                raise ParseError(filename, 0, 0, _TOO_LARGE)
    except NotRegularFile as err:
        raise ParseError(filename, 0, 0, f"is {err.kind}, not a puzzle file") from None
    except IsADirectoryError:
        raise ParseError(filename, 0, 0, "is a directory, not a puzzle file") from None
    except FileNotFoundError:
        raise ParseError(filename, 0, 0, "no such file") from None
    except PermissionError:
        raise ParseError(filename, 0, 0, "permission denied") from None
    except OSError as err:
        reason = err.strerror or str(err)
        raise ParseError(filename, 0, 0, f"cannot read: {reason}") from None
    except ValueError:  # open() refuses a name with a NUL character in it
        raise ParseError(filename, 0, 0, "not a usable file name") from None
    return parse_puzzles(decode_puzzle_bytes(data, filename), filename, notes)


def puzzle_label(puzzle: Puzzle, filename: str, index: int) -> str:
    """How to name a puzzle to a user: its `id` metadata, else ``FILE#INDEX`` (1-based)."""
    return puzzle.id or f"{filename}#{index}"


# ---------------------------------------------------------------------------------------------
# Writing


def comment_text(value: object) -> str:
    """`value` fit for a ``#`` comment line: a line break inside it would end the comment
    early, and the reader refuses other control characters, so each run of them becomes
    one space (tabs stay); so do Unicode's line and paragraph separators, which an editor
    shows as line breaks."""
    return re.sub(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]+", " ", str(value)).strip()


def _metadata_lines(metadata: Mapping[str, object]) -> list[str]:
    lines = []
    for key, value in metadata.items():
        name = str(key).strip().lower()
        if not _KEY.fullmatch(name):
            raise ValueError(f"metadata key {key!r} cannot be written as '# key: value'")
        text = comment_text(value)  # one line per key
        lines.append(f"# {name}: {text}" if text else f"# {name}:")
    return lines


def _display_grid(puzzle: Puzzle, grid: np.ndarray | Sequence[Sequence[int]] | None) -> np.ndarray:
    """`grid` (default: the givens) with the puzzle's givens shown wherever it is blank."""
    if grid is None:
        return puzzle.givens
    arr = np.asarray(grid)
    if arr.shape != puzzle.givens.shape:
        raise ValueError(
            f"grid is {'x'.join(map(str, arr.shape))}, puzzle is {puzzle.rows}x{puzzle.cols}"
        )
    return np.where(arr != 0, arr, puzzle.givens)


def _cell_width(grid: np.ndarray) -> int:
    rows, cols = grid.shape
    largest = max(rows * cols, int(grid.max()) if grid.size else 0)
    return len(str(largest))


def format_grid_compact(grid: np.ndarray | Sequence[Sequence[int]]) -> str:
    """Rows of right-aligned cells of equal width, blanks as ``.``; ends with a newline."""
    arr = np.asarray(grid)
    width = _cell_width(arr)
    lines = []
    for row in arr:
        lines.append(" ".join((str(int(v)) if v else ".").rjust(width) for v in row))
    return "\n".join(lines) + "\n"


def parse_grid_as_typed(text: str) -> tuple[np.ndarray, str | None] | None:
    """The grid and name of a grid kept as it was typed in (`ui.entry.EntryScreen.close`
    writes one when the app stops: a `# id:` line, then the grid as `format_grid_compact`
    writes it, where a number may stand twice, as typed, so no puzzle yet); None when
    `text` is no such grid ("typed", the name of one that had none, reads as None)."""
    name = None
    rows: list[list[int]] = []
    for line in text.splitlines():
        if line.startswith("# id:"):
            name = line[len("# id:"):].strip() or None
        elif line.strip() and not line.startswith("#"):
            try:
                rows.append([0 if cell == "." else int(cell) for cell in line.split()])
            except ValueError:
                return None
    if not rows or len({len(row) for row in rows}) != 1:
        return None
    grid = np.array(rows, dtype=np.int64)
    if not (1 <= grid.shape[0] <= MAX_SIDE and 1 <= grid.shape[1] <= MAX_SIDE):
        return None
    if grid.min() < 0 or grid.max() > grid.size:
        return None
    return grid, None if name == "typed" else name


def format_compact(
    puzzle: Puzzle,
    grid: np.ndarray | Sequence[Sequence[int]] | None = None,
    metadata: Mapping[str, object] | None = None,
) -> str:
    """The compact form: ``# key: value`` lines, then the grid (default: the givens).

    `metadata` replaces the puzzle's own metadata when given.
    """
    meta = puzzle.metadata if metadata is None else metadata
    lines = _metadata_lines(meta)
    body = format_grid_compact(_display_grid(puzzle, grid))
    return "".join(line + "\n" for line in lines) + body


def format_boxed(
    puzzle: Puzzle,
    grid: np.ndarray | Sequence[Sequence[int]] | None = None,
    metadata: Mapping[str, object] | None = None,
) -> str:
    """The printable form: cells between ``|`` bars, rows between ``+----+`` rules.

    Cells are as wide as the largest number plus two spaces, narrowed when that would not
    fit `PRINT_WIDTH` columns, so boards up to 15 columns print on an 80-column page.
    The text reads back with `parse_puzzles`.
    """
    meta = puzzle.metadata if metadata is None else metadata
    shown = _display_grid(puzzle, grid)
    digits = _cell_width(shown)
    cols = puzzle.cols
    for padding in (2, 1, 0):
        if cols * (digits + padding + 1) + 1 <= PRINT_WIDTH:
            break
    inner = digits + padding
    rule = "+" + "+".join("-" * inner for _ in range(cols)) + "+"
    lines = _metadata_lines(meta)
    lines.append(rule)
    for row in shown:
        cells = []
        for v in row:
            text = str(int(v)) if v else ""
            # Right-align with one trailing space when there is room: numbers line up
            # and do not touch the bar on their right.
            cells.append(text.rjust(inner - 1) + " " if padding else text.rjust(inner))
        lines.append("|" + "|".join(cells) + "|")
        lines.append(rule)
    return "\n".join(lines) + "\n"
