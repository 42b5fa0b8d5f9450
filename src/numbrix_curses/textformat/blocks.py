"""A checked text read block by block (blocks of non-blank lines, parted by blank ones), and
what lies between blocks: a size line apart from its grid, a header cut from its grid by a
blank line, a board split in two by one."""
from __future__ import annotations

import re
from typing import Callable, Iterator

from numbrix_curses.comments import LEFT_OUT
from numbrix_curses.puzzle import (
    MAX_SIDE,
    ParseError,
    Puzzle,
    a_size,
    cell_value,
    cut_short,
    plural,
)
from numbrix_curses.textformat.block import parse_block
from numbrix_curses.textformat.errors import ListShort, OutOfRange, SplitBoard, said_more
from numbrix_curses.textformat.givens import is_given_line
from numbrix_curses.textformat.grid import check_values, grid_rows
from numbrix_curses.textformat.limits import MAX_PUZZLES
from numbrix_curses.textformat.metadata import header_metadata
from numbrix_curses.textformat.sizes import (
    fits,
    side_match,
    size_given,
    size_marks,
    size_match,
)


# A block: a run of lines that each hold something other than whitespace, found by the
# first such line and the blank line (or the end) after it. (One pattern for the whole run,
# a line and then any number of lines more, kept a place to go back to for each line it
# took: 40 MB for a block of 200,000 lines.)
_BLOCK_START = re.compile(r"^[^\S\n]*\S", re.MULTILINE)
_BLOCK_END = re.compile(r"\n[^\S\n]*(?:\n|\Z)")


class _Block:
    """A block of a text: where it starts and ends, and its lines (`group`, as of a match)."""

    __slots__ = ("_text", "_start", "_end")

    def __init__(self, text: str, start: int, end: int) -> None:
        self._text, self._start, self._end = text, start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def group(self) -> str:
        return self._text[self._start : self._end]


def _next_block(text: str, pos: int = 0) -> _Block | None:
    """The first block of `text` that starts at `pos` or after, or None."""
    start = _BLOCK_START.search(text, pos)
    if start is None:
        return None
    end = _BLOCK_END.search(text, start.start())
    return _Block(text, start.start(), len(text) if end is None else end.start())


def _blocks(text: str, pos: int = 0) -> Iterator[_Block]:
    """The blocks of `text` from `pos` on, in order."""
    while (block := _next_block(text, pos)) is not None:
        yield block
        pos = block.end()


def parse_blocks(
    text: str, filename: str, notes: list[tuple[int, str]] | None = None,
    cancel_check: Callable[[], None] | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> list[Puzzle]:
    """The puzzles of a checked text that is not JSON (see `parse_puzzles`; `cancel_check`
    and `progress` are called before each block)."""
    puzzles = []
    line, pos = 1, 0
    before: tuple[_Block, int, Puzzle | None] | None = None  # the block before
    waiting: dict[str, str] = {}  # the header of the comments-only block just before
    waiting_line = 0
    found: list[tuple[int, str]] = []  # the notes (see `parse_puzzles`), kept if all reads
    blocks = _blocks(text)
    while (block := next(blocks, None)) is not None:
        if cancel_check is not None:
            cancel_check()
        line += text.count("\n", pos, block.start())
        pos = block.start()
        if progress is not None:
            progress(len(puzzles), pos / len(text))
        size = size_match(block.group()) or side_match(block.group())
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
            puzzle = parse_block(block.group(), line, filename, waiting, found)
        except ListShort as error:
            joined = _list_across_blank_lines(text, block, line, filename, error)
            if joined is None:
                raise
            # (the text from this block on, read again with the list joined up: the text
            # before it is as it was)
            text, note = joined
            found.append(note)
            blocks = _blocks(text, block.start())
            continue
        except ParseError as error:
            hint = (_split_hint(text, block, line, error, before, filename)
                    if isinstance(error, OutOfRange) else "")
            if not hint and size is not None:
                # (a board split by a blank line is the likelier slip where its halves
                # join up: "5 6", a blank line, then "4 3" and "1 2")
                _raise_if_size_line(text, block, size, line, filename)
            if not hint:
                # (no blank line parts it: a board one row short of square may have lost
                # one as it was typed)
                short = error.row_left_out() if isinstance(error, OutOfRange) else ""
                if short:
                    raise said_more(error, short) from None
                raise
            raise SplitBoard(error.filename, error.line, error.col, error.message + hint) from None
        if waiting and (puzzle is None or puzzle.metadata.get("id") != waiting["id"]):
            found.append(_no_grid_under(waiting_line, waiting["id"]))
        waiting = {}
        before = (block, line, puzzle)
        if puzzle is None:
            # A header with an id, cut from its grid by a blank line, still names the grid
            # below it (when that grid has no header of its own): a puzzle the file names
            # must not lose its name to a stray blank line.
            header = header_metadata(block.group(), line, filename)
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


def _list_across_blank_lines(
    text: str, block: _Block, line: int, filename: str, error: ListShort
) -> tuple[str, tuple[int, str]] | None:
    """`text` with the blank lines after `block` (at `line`) made comments, and the note
    saying so, where `block` is a list of givens short of the count it gives (`error`)
    and the lines after the blank ones are that many more givens, ending where a blank
    line or the text ends, and are no grid of their own; else None. (A course's reader
    skipped blank lines; ours parted the list there and said "says 4 givens, and 3 lines
    list one".)"""
    after = text[block.end():].split("\n")[1:]  # (the block's own last line left out)
    blanks = 0
    while blanks < len(after) and not after[blanks].strip():
        blanks += 1
    more = after[blanks: blanks + error.missing]
    rest = after[blanks + error.missing:]
    if (not blanks or not error.missing or len(more) != error.missing
            or not all(map(is_given_line, more))
            or (rest and rest[0].strip())
            # (one line of three numbers reads as a 1x3 board: no board of its own)
            or (len(more) > 1 and _reads_as_grid(more, filename))):
        return None
    first_blank = line + block.group().count("\n") + 1
    joined = (text[:block.end()] + "\n" + "\n".join([LEFT_OUT] * blanks + more + rest))
    return joined, (first_blank, f"a blank line inside a list of givens read past: the "
                                 f"count (line {error.line}) asks for "
                                 f"{plural(error.missing, 'given')} more, which the lines "
                                 f"under it list")


def _reads_as_grid(lines: list[str], filename: str) -> bool:
    """Whether `lines` read as a board of their own (a 3x3 with 0 for its blanks looks
    like three givens: a list whose count is a slip must not take it in)."""
    try:
        check_values(grid_rows(lines, 1, filename), filename)
    except ParseError:
        return False
    return True


def _header_over_size(
    text: str, block: _Block, line: int, filename: str
) -> dict[str, str] | None:
    """The metadata of `block` (at `line`) when it is comment lines and then a size line
    alone, a blank line above a grid of that size (see `_sized_grid_follows`); else None."""
    lines = block.group().split("\n")
    if len(lines) < 2 or not all(row.lstrip().startswith("#") for row in lines[:-1]):
        return None
    size = size_match(lines[-1]) or side_match(lines[-1])
    if size is None or not _sized_grid_follows(text, block, size, line, filename):
        return None
    return header_metadata("\n".join(lines[:-1]), line, filename)


def _no_grid_under(line: int, ident: str) -> tuple[int, str]:
    return line, f"no grid under '# id: {ident}'; left out"


def _sized_grid_follows(
    text: str, block: _Block, size: re.Match[str], line: int, filename: str
) -> bool:
    """True when the block after `block` (a lone size line, `size`, at `line`) is a grid of
    that size, in either order; a lone line of two numbers is otherwise a 1x2 board (and
    `1 2` or `2 1` always is, see `size_given`). One number alone is a side, of a square
    grid (a 1x1 board of it is wrong from 2 on, and `1` is that board)."""
    if size.lastindex == 1:
        side = int(size.group(1))
        given: tuple[int, int] | None = (side, side) if side >= 2 else None
    else:
        given = size_given(size)
    if given is None:
        return False
    after = _next_grid(text, block, line, filename)
    return after is not None and fits(given, after[1])


def _raise_if_size_line(
    text: str, block: _Block, size: re.Match[str], line: int, filename: str
) -> None:
    """Raise a `ParseError` saying so when `block` (at `line`), which failed to read as a
    board, is a lone line of two numbers (`size`) with no grid of that size under it (with
    no grid under it at all, only a size written so, `3x3` or `3,3`): the
    error of the board it made ("'4x4' is not a number or a blank", "4 is out of range
    1..2 for a 1x2 grid") did not say it was read as a size line that did not fit."""
    if size.lastindex != 2 or size_given(size) is None:
        return
    said = cut_short(block.group().strip())
    after = _next_grid(text, block, line, filename)
    if after is None:
        if not size_marks(said):
            return  # ("1 9" alone is as likely a board of one row)
        junk = [token for token in said.split() if cell_value(token) is None]
        # ("1 x 3", a board of one row with a slip, reads as a size line too: both said)
        row = (f"; as a board's row, {junk[0]!r} is not a number or a blank (. _ - ? 0)"
               if len(said.split()) >= 3 and len(junk) == 1 else "")
        raise ParseError(filename, line, 1, f"{said!r} reads as a size line, with no grid "
                                            f"under it{row}")
    after_line, (rows, cols) = after
    raise ParseError(filename, line, 1, f"{said!r} reads as a size line, but the grid under "
                                        f"it (line {after_line}) is {rows}x{cols}")


def _next_grid(
    text: str, block: _Block, first_line: int, filename: str
) -> tuple[int, tuple[int, int]] | None:
    """The block after `block` (which starts at `first_line`) when it is a grid from its
    first line (no comment first) and reads as one: (its first line, (rows, columns));
    None otherwise."""
    after = _next_block(text, block.end())
    if after is None or after.group().lstrip().startswith("#"):
        return None
    after_line = first_line + text.count("\n", block.start(), after.start())
    try:
        rows = grid_rows(after.group().split("\n"), after_line, filename)
    except ParseError:
        return None
    return after_line, (len(rows), len(rows[0].values))


def _split_hint(
    text: str,
    block: _Block,
    first_line: int,
    error: OutOfRange,
    before: tuple[_Block, int, Puzzle | None] | None,
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
    return f"; is a blank line ({where}) splitting {a_size(rows, cols)} board?"
