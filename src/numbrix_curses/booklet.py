"""Printable booklets: puzzles laid out on 80-column pages, with an answer key.

This module owns the page layout, not the cell format (that is `textformat`). A booklet is
a puzzle file too: everything that is not a puzzle grid is a ``#`` comment, so
`textformat.parse_puzzles` reads a booklet back as exactly the puzzles that went in, with
their metadata, and the answer key (all comments) is skipped.

Layout:

- a title block (the title and the rules), then each puzzle under a header line (its
  number, size, difficulty and id) followed by its ``# key: value`` metadata and its grid;
  every line the layout makes fits `PAGE_WIDTH` columns up to 20 columns of board (a long
  title is broken between words, a label too long for the header goes on a line of its
  own), though a metadata value or a label longer than a line stays one line, as the
  reader needs it;
- boards up to 15 columns are drawn boxed (``+----+`` rules, cells between bars), which
  fits 80 columns; wider or taller boards use the compact layout (one row per line), and
  so does a board whose header and metadata leave it no room boxed on one page;
- puzzles are packed onto pages of `PAGE_LINES` lines and pages are separated by a form
  feed (``\\f``) at the start of a page's first line, so a printer starts a new sheet (the
  line before it is left blank, which is what separates puzzles for the reader); no puzzle
  is split between pages, and the title shares the first page with the first puzzle, the
  rules cut to one line or left out where a tall board leaves no room for them
  (`pages.titled`);
- the answer key starts on a new page: each solution in the compact layout, every line
  commented out. `solutions_sheet` makes a separate file of solutions instead, whose grids
  are real (full) puzzles, so ``numbrix check`` accepts it.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from numbrix_curses.pages import FORM_FEED, PAGE_LINES, PAGE_WIDTH, titled, wrap
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import format_boxed, format_compact, format_grid_compact

__all__ = ["BOXED_MAX_COLS", "FORM_FEED", "PAGE_LINES", "PAGE_WIDTH", "Entry", "booklet",
           "solutions_sheet", "uses_boxed_layout"]

#: widest board drawn boxed (the brief of the booklet: 15x15 boxed fits 80 columns)
BOXED_MAX_COLS = 15

#: the rules in one line (80 columns), for a first page with no room for them at length: it
#: leaves room under the title for a boxed 25-row puzzle with 4 lines of metadata, as a
#: generated one of the border pattern has (one of 5, as a symmetric one has, takes the
#: page with the title alone)
_SHORT_RULES = "# Fill every cell: 1, 2, 3, ... in order, each beside the last (not diagonally)."


@dataclass(frozen=True)
class Entry:
    """One puzzle of a booklet: its name, and its solution for the answer key.

    `key_note` replaces the solution in the answer key when there is none to show (e.g.
    "several solutions").
    """

    puzzle: Puzzle
    label: str
    solution: np.ndarray | None = None
    key_note: str = ""


def uses_boxed_layout(rows: int, cols: int) -> bool:
    """Whether a board is drawn boxed: at most 15 columns and short enough for one page."""
    return cols <= BOXED_MAX_COLS and 2 * rows + 1 + 8 <= PAGE_LINES


def _header(entry: Entry, number: int, total: int, word: str, id_follows: bool = False
            ) -> list[str]:
    """``# Puzzle 3 of 12 - 9x9 - medium - 24 givens - 9x9-medium-1234`` (no ``key:`` form, so
    the reader never takes it for metadata).

    A label that would take the line past `PAGE_WIDTH` goes on a line of its own,
    ``#   (label)`` (the bracket keeps a label such as ``C:/x.txt#1`` from reading as a
    ``key: value`` line), or is left out when `id_follows`: the block's ``# id:`` line,
    right below, names the puzzle already.
    """
    puzzle = entry.puzzle
    parts = [f"{word} {number} of {total}", f"{puzzle.rows}x{puzzle.cols}"]
    difficulty = puzzle.metadata.get("difficulty")
    if difficulty:
        parts.append(difficulty)
    if word == "Puzzle":
        count = puzzle.clue_count
        parts.append(f"{count} given" + ("" if count == 1 else "s"))  # a 1x1 board has 1
    line = "# " + " - ".join(parts)
    if len(line) + len(" - ") + len(entry.label) <= PAGE_WIDTH:
        return [f"{line} - {entry.label}"]
    if id_follows and entry.label == puzzle.id:
        return [line]
    return [line, f"#   ({entry.label})"]


#: the most lines a block takes on a page of its own (`pages.paginate` ends a page that goes
#: on to another with a blank line)
_BLOCK_ROOM = PAGE_LINES - 1


def _grid_lines(puzzle: Puzzle, grid: np.ndarray | None = None, above: int = 0) -> list[str]:
    """The board's lines, under `above` lines of header and metadata: boxed where
    `uses_boxed_layout` allows it and the block still fits a page, else compact (a 25-row
    board boxed under a few metadata lines more than a generated puzzle has ran over the
    sheet, where compact it fits with room to spare)."""
    if uses_boxed_layout(puzzle.rows, puzzle.cols) and above + 2 * puzzle.rows + 1 <= _BLOCK_ROOM:
        text = format_boxed(puzzle, grid, metadata={})
    else:
        text = format_compact(puzzle, grid, metadata={})
    return text.rstrip("\n").split("\n")


def _metadata_lines(puzzle: Puzzle) -> list[str]:
    text = format_compact(puzzle, metadata=puzzle.metadata)
    return [line for line in text.split("\n") if line.startswith("#")]


def _puzzle_block(entry: Entry, number: int, total: int, word: str = "Puzzle") -> list[str]:
    head = [*_header(entry, number, total, word, id_follows=True),
            *_metadata_lines(entry.puzzle)]
    return head + _grid_lines(entry.puzzle, above=len(head))


def _key_block(entry: Entry, number: int, total: int) -> list[str]:
    """A puzzle's part of the answer key: its header and its solution as comment lines."""
    lines = _header(entry, number, total, "Solution")
    if entry.solution is None:
        note = entry.key_note or "no solution to show"
        # (a note may carry why there is no solution: broken between words, as a title is)
        return lines + ["#   " + line for line in textwrap.wrap(note, PAGE_WIDTH - 4)]
    grid = format_grid_compact(np.asarray(entry.solution)).rstrip("\n").split("\n")
    # Indented under the header where the page is wide enough: a 20x20 key of three-digit
    # numbers fits 80 columns only with the "#" alone, touching the first number, which
    # reads better than the grid cut into parts of its columns.
    prefix = next((p for p in ("#  ", "# ") if len(p) + len(grid[0]) <= PAGE_WIDTH), "#")
    return lines + [prefix + row for row in grid]


def _comment_lines(text: str) -> list[str]:
    """`text` as ``#`` lines within `PAGE_WIDTH`, broken between words where it is long (a
    title: the blocks that hold it have no grid, so no line of it can read as metadata)."""
    return ["# " + line for line in wrap(text, PAGE_WIDTH - 2)] or ["#"]


def _title_blocks(title: str, count: int, word: str) -> list[list[str]]:
    """The title block's forms, fullest first (`pages.titled` takes the first that leaves
    room for the first puzzle on the first page): the title and the rules at length, the
    rules in one line, the title alone. (A blank line always parts it from the first
    puzzle: a title line such as ``# Club: week 3`` would read as the puzzle's metadata.)"""
    plural = "" if count == 1 else "s"
    heading = _comment_lines(title)
    return [
        [*heading,
         f"# {count} {word}{plural}. Fill every empty cell so that the numbers 1, 2, 3, ...",
         "# run through the grid in order, each next to the one before it (up, down, left",
         "# or right, never diagonally)."],
        [*heading, _SHORT_RULES],
        heading,
    ]


def booklet(
    entries: Sequence[Entry], title: str = "Numbrix puzzles", answer_key: bool = True
) -> str:
    """The printable booklet of `entries`; the answer key follows on new pages when asked.

    The text parses back (`textformat.parse_puzzles`) to the same puzzles in the same order.
    """
    total = len(entries)
    blocks = [_puzzle_block(entry, k, total) for k, entry in enumerate(entries, start=1)]
    lines = titled(_title_blocks(title, total, "puzzle"), blocks)
    if answer_key and entries:
        keys = [_key_block(entry, k, total) for k, entry in enumerate(entries, start=1)]
        key = titled([_comment_lines(f"Answer key: {title}")], keys)
        lines += ["", FORM_FEED + key[0], *key[1:]]
    return "\n".join(lines) + "\n"


def solutions_sheet(entries: Sequence[Entry], title: str = "Numbrix puzzles") -> str:
    """The answer key as a file of its own: every solution as a full grid under its header.

    Entries without a solution get a comment in their place. The grids are puzzles in their
    own right (every number given), so the file reads back like any puzzle file.
    """
    total = len(entries)
    head = _comment_lines(f"Answer key: {title}")
    blocks = []
    for k, entry in enumerate(entries, start=1):
        if entry.solution is None:
            blocks.append(_key_block(entry, k, total))
            continue
        solved = Puzzle(np.asarray(entry.solution), dict(entry.puzzle.metadata))
        block = [*_header(entry, k, total, "Solution", id_follows=True),
                 *_metadata_lines(solved)]
        block += _grid_lines(solved, above=len(block))
        blocks.append(block)
    return "\n".join(titled([head], blocks)) + "\n"
