"""Booklets laid out for paper: a newsletter's page or a class's handout, not a puzzle file.

This module owns the paper layout; `booklet` owns the default one, which is a puzzle file
too. A paper booklet has no ``#`` marks and no metadata lines, so it does not read back as
puzzles (the reader says so of it: `textformat.paperpages` knows such a page by this
module's headings over its lines of column letters). Its pages:

- a title, centred, and the rules, with how a cell is named (``B3``);
- each puzzle under one heading, its number, size, difficulty, givens and name (the name
  goes on a line of its own where the board is too narrow for both);
- each board boxed as in `booklet` (compact past 15 columns, or too tall for a page), with
  its column letters over it and its row numbers beside it, named as the app and
  ``solve --steps`` name cells (`puzzle.cell_name`: column letter, then row number);
- boards side by side where they fit `PAGE_WIDTH` columns, packed onto pages of
  `PAGE_LINES` lines with a form feed between pages (`pages.paginate`), the title on the
  first page with the first row of boards (`pages.titled`);
- the answer key on pages of its own: each solution compact, with its letters and numbers,
  under its puzzle's number and name.

Every line fits `PAGE_WIDTH` columns up to 19 columns of board (20 columns of three-digit
numbers take 84) and a name or title that fits a line.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from numbrix_curses.booklet import Entry, uses_boxed_layout
from numbrix_curses.pages import FORM_FEED, PAGE_WIDTH, columns, padded, titled, wrap
from numbrix_curses.puzzle import cell_name, plural

#: spaces between boards side by side (the same in every row, so a page of boards of one
#: size stands in straight columns)
GAP = 4
#: the fewest columns a note in place of a solution is broken to
NOTE_WIDTH = (PAGE_WIDTH - 2 * GAP) // 3

#: the rules, after the count of puzzles: two lines under a one-line title, so the first
#: page has room for two boxed 12x12 boards
_RULES = ("Fill the empty cells so that 1, 2, 3, ... run through the grid in order, each next "
          "to the one before (not diagonally). B3 is column B, row 3.")


@dataclass(frozen=True)
class _Block:
    """One puzzle's or solution's part of a row of boards: a heading, `first` and then the
    name `label` in brackets, over its `body` (a board), or over `note` in its place."""

    first: str
    label: str
    body: list[str]
    note: str = ""
    #: the fewest columns it takes (a note's column)
    least: int = 0

    @property
    def named(self) -> str:
        return f"({self.label})"

    def width(self) -> int:
        """As wide as its body and each part of its heading (within `PAGE_WIDTH`); wider,
        to hold the heading on one line, where that leaves as many blocks of its width to
        a row of boards."""
        parts = max(columns(self.first), columns(self.named))
        width = max([self.least, *map(columns, self.body), min(PAGE_WIDTH, parts)])
        one_line = columns(self.first) + 1 + columns(self.named)
        if one_line <= PAGE_WIDTH and _across(one_line) == _across(width):
            return max(width, one_line)
        return width

    def heading(self, width: int) -> list[str]:
        """The heading in `width` columns: on one line where it fits, else each part on
        lines of its own."""
        if columns(self.first) + 1 + columns(self.named) <= width:
            return [f"{self.first} {self.named}"]
        return wrap(self.first, width) + wrap(self.named, width)

    def under(self, width: int) -> list[str]:
        """What stands under the heading in `width` columns."""
        return wrap(self.note, width) if self.note else self.body


def _across(width: int) -> int:
    """How many blocks `width` columns wide a row of boards holds."""
    return max(1, (PAGE_WIDTH + GAP) // (width + GAP))


def _column_names(cols: int) -> list[str]:
    """The columns' letters, as `puzzle.cell_name` names them (A ... Z, AA ...)."""
    return [cell_name(0, col).removesuffix("1") for col in range(cols)]


def _digits(grid: np.ndarray) -> int:
    """The widest number a cell of `grid` holds or will hold, in digits."""
    rows, cols = grid.shape
    return len(str(max(rows * cols, int(grid.max()) if grid.size else 0)))


def boxed_board(grid: np.ndarray) -> list[str]:
    """`grid` (0 for a blank) boxed, as `textformat.format_boxed` draws it, with the column
    letters over it and each row's number left of it; cells are narrowed where that keeps
    the lines within `PAGE_WIDTH`."""
    rows, cols = grid.shape
    margin = len(str(rows)) + 1
    digits = _digits(grid)
    for padding in (2, 1, 0):
        if margin + cols * (digits + padding + 1) + 1 <= PAGE_WIDTH:
            break
    inner = digits + padding
    # each letter over its cell's units digit, as in `compact_board` (a number stands
    # right-aligned in its cell, one space after it where there is room)
    units = inner - 2 if padding else inner - 1
    letters = [" "] * (margin + cols * (inner + 1) + 1)
    for col, name in enumerate(_column_names(cols)):
        letters[margin + 1 + col * (inner + 1) + units] = name
    rule = " " * margin + "+" + "+".join("-" * inner for _ in range(cols)) + "+"
    lines = ["".join(letters).rstrip(), rule]
    for row in range(rows):
        cells = []
        for value in grid[row]:
            text = str(int(value)) if value else ""
            cells.append(text.rjust(inner - 1) + " " if padding else text.rjust(inner))
        lines.append(f"{row + 1:>{margin - 1}} |" + "|".join(cells) + "|")
        lines.append(rule)
    return lines


def compact_board(grid: np.ndarray) -> list[str]:
    """`grid` (0 for a blank, written ``.``) one row a line, with the column letters over it
    and each row's number and a bar left of it."""
    rows, cols = grid.shape
    margin = len(str(rows))
    digits = _digits(grid)
    head = " " * (margin + 2) + "".join(" " + name.rjust(digits) for name in _column_names(cols))
    lines = [head]
    for row in range(rows):
        cells = "".join(" " + (str(int(v)) if v else ".").rjust(digits) for v in grid[row])
        lines.append(f"{row + 1:>{margin}} |{cells}")
    return lines


def _board(grid: np.ndarray) -> list[str]:
    rows, cols = grid.shape
    return boxed_board(grid) if uses_boxed_layout(rows, cols) else compact_board(grid)


def _difficulty(entry: Entry) -> str:
    puzzle = entry.puzzle
    difficulty = puzzle.metadata.get("difficulty")
    return f"{puzzle.rows}x{puzzle.cols}" + (f" {difficulty}" if difficulty else "")


def _puzzle_block(entry: Entry, number: int) -> _Block:
    """``1. 5x5 medium, 4 givens (5x5-medium-1)`` over the board."""
    puzzle = entry.puzzle
    first = f"{number}. {_difficulty(entry)}, {plural(puzzle.clue_count, 'given')}"
    return _Block(first, entry.label, _board(puzzle.givens))


def _key_block(entry: Entry, number: int) -> _Block:
    """``1. 5x5 medium (5x5-medium-1)`` over the solution, or over the note that says why
    there is none to show, broken to the width the solution would have taken."""
    first = f"{number}. {_difficulty(entry)}"
    if entry.solution is not None:
        return _Block(first, entry.label, compact_board(np.asarray(entry.solution)))
    shape = (entry.puzzle.rows, entry.puzzle.cols)
    # (at least a third of the page less the gaps: broken to a small board's width, the
    # note stood a word to a line)
    width = max(NOTE_WIDTH, *map(columns, compact_board(np.zeros(shape, dtype=int))))
    return _Block(first, entry.label, [], entry.key_note or "no solution to show",
                  min(PAGE_WIDTH, width))


def _rows_of_boards(blocks: Sequence[_Block], shapes: Sequence[tuple[int, int]]
                    ) -> list[list[str]]:
    """`blocks` in order, as many side by side as fit `PAGE_WIDTH`: each row's lines. The
    blocks of boards of one shape (`shapes`, in step) are made as wide as the widest of
    them, so their rows line up (a short name made one narrower, and every block after it
    in its row stood a few columns left of those in the rows over it)."""
    widest: dict[tuple[int, int], int] = {}
    for block, shape in zip(blocks, shapes):
        widest[shape] = max(widest.get(shape, 0), block.width())
    rows: list[list[tuple[_Block, int]]] = []
    used = 0
    for block, shape in zip(blocks, shapes):
        width = widest[shape]
        if rows and used + GAP + width <= PAGE_WIDTH:
            rows[-1].append((block, width))
            used += GAP + width
        else:
            rows.append([(block, width)])
            used = width
    return [_side_by_side(row) for row in rows]


def _side_by_side(row: Sequence[tuple[_Block, int]]) -> list[str]:
    """The lines of `row`'s blocks (each with its width) side by side, their boards
    starting on one line (a heading shorter than its neighbours' has blank lines under
    it)."""
    headings = [block.heading(width) for block, width in row]
    tallest = max(map(len, headings))
    parts = [heading + [""] * (tallest - len(heading)) + block.under(width)
             for heading, (block, width) in zip(headings, row)]
    height = max(map(len, parts))
    return [(" " * GAP).join(padded(part[i] if i < len(part) else "", width)
                             for part, (_, width) in zip(parts, row)).rstrip()
            for i in range(height)]


def _title_lines(title: str) -> list[str]:
    """`title` broken to the page's width, each line centred on the page."""
    return [" " * ((PAGE_WIDTH - columns(line)) // 2) + line
            for line in wrap(title, PAGE_WIDTH)] or [""]


def booklet(
    entries: Sequence[Entry], title: str = "Numbrix puzzles", answer_key: bool = True
) -> str:
    """The paper booklet of `entries`, the answer key on new pages after it when asked (and
    when some entry is there to answer)."""
    heading = _title_lines(title)
    # (the rules left out where a tall board leaves no room for them under the title: the
    # title shares the first page with the first board, as in `booklet`)
    heads = [heading + wrap(f"{plural(len(entries), 'puzzle')}. {_RULES}", PAGE_WIDTH), heading]
    blocks = [_puzzle_block(entry, k) for k, entry in enumerate(entries, start=1)]
    lines = titled(heads, _rows_of_boards(blocks, _shapes(entries)))
    if answer_key and entries:
        key = _key_lines(entries, title)
        lines += ["", FORM_FEED + key[0], *key[1:]]
    return "\n".join(lines) + "\n"


def answer_key(entries: Sequence[Entry], title: str = "Numbrix puzzles") -> str:
    """The paper booklet's answer key as a text of its own (an answer sheet to keep apart
    from the puzzles handed out)."""
    return "\n".join(_key_lines(entries, title)) + "\n"


def _key_lines(entries: Sequence[Entry], title: str) -> list[str]:
    head = _title_lines(f"Answer key: {title}")
    blocks = [_key_block(entry, k) for k, entry in enumerate(entries, start=1)]
    return titled([head], _rows_of_boards(blocks, _shapes(entries)))


def _shapes(entries: Sequence[Entry]) -> list[tuple[int, int]]:
    return [(entry.puzzle.rows, entry.puzzle.cols) for entry in entries]
