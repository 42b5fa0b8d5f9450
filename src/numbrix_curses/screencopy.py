"""Boards as the app draws them on screen, read back when copied off it: walls round every
cell with the path drawn through them, or numbers in a frame, in box-drawing characters or
ASCII (and the heavy and double lines other programs draw boards with).

`textformat` hands each grid's lines here first (`as_drawn_by_us`); what comes back is in
the forms it reads (the boxed form, a compact grid), with columns where they were, so its
errors still point at the cell the reader sees.
"""
from __future__ import annotations

from numbrix_curses import MAX_SIDE
from numbrix_curses.comments import LEFT_OUT, grid_line_indices

# The app's walls, as box-drawing or ASCII characters (see `as_drawn_by_us`; `ui.theme`'s
# glyphs are what it draws with, and the screen-copy test in tests/test_ui.py holds the two
# together): corners and crossings, vertical walls (a link across a wall stands in it), and
# what else it draws.
# (Heavy and double lines too, as other programs draw boards with them.)
_BOX_CORNERS = "┌┬┐├┼┤└┴┘┏┳┓┣╋┫┗┻┛╔╦╗╠╬╣╚╩╝"
_JUNCTIONS = "+" + _BOX_CORNERS
_WALLS = "|│┃║━"
_BOX_DRAWING = _BOX_CORNERS + "│┃║━─═\u00b7"
_RULE_CHARS = _JUNCTIONS + "-─━═|┃ "  # (a rule line, the path crossing it included)
_TO_ASCII = str.maketrans({**dict.fromkeys(_BOX_CORNERS, "+"), **dict.fromkeys("│┃║", "|"),
                           **dict.fromkeys("─━═", "-"), "\u00b7": "."})
# What the app draws before a number in a cell to mark it: a number a check found wrong,
# the given a slip most likely hides, a cell where two solutions differ.
_MARKS = "!?*"


#: the corners a board's frame opens and closes with (box-drawing lines), top then bottom
_TOP_CORNERS, _BOTTOM_CORNERS = "┌┏╔", "└┗╚"


def board_of_a_screen(text: str) -> str | None:
    """The board's lines of a whole screen copied off the app (its title over the board,
    the keys under it), from its top edge (with the column letters over it, where they
    stand alone) to its bottom edge, for `as_drawn_by_us` to read; None where the text
    holds no such board. (A whole screen pasted said "'Numbrix' is not a number" of the
    title.)"""
    lines = text.splitlines()
    tops = [i for i, line in enumerate(lines) if any(c in line for c in _TOP_CORNERS)]
    bottoms = [i for i, line in enumerate(lines) if any(c in line for c in _BOTTOM_CORNERS)]
    if not tops or not bottoms or bottoms[-1] <= tops[0]:
        return None
    first = tops[0]
    if first > 0 and lines[first - 1].split() and all(
            word.isalpha() and len(word) == 1 for word in lines[first - 1].split()):
        first -= 1  # (the column letters over it)
    return "\n".join(lines[first:bottoms[-1] + 1]) + "\n"


#: what the app draws on the edge of a board's view where the board goes on out of it
#: (`ui.theme`'s cut glyphs; the ASCII ones, ":", are too common to tell)
CUT_EDGES = "┄┆"


def cut_edge(lines: list[str]) -> tuple[int, int] | None:
    """Where (line index, column) the first edge the app draws at a scrolled view's side
    stands in `lines`: a board copied off the screen in part. None where there is none."""
    for i in grid_line_indices(lines):
        # (each line searched for each edge, not looked at a character at a time: a block
        # of megabytes took a second)
        found = [col for col in map(lines[i].find, CUT_EDGES) if col >= 0]
        if found:
            return i, min(found)
    return None


def as_drawn_by_us(lines: list[str]) -> list[str]:
    """`lines` of a grid copied from the app's screen, in the forms `textformat` reads; other
    grids as they are. Columns stay where they were, so errors point at the
    cell the reader sees.

    The app draws a board with box-drawing lines, or ASCII ones on a terminal without them:

    - with a wall round every cell and the path drawn between cells through the walls
      (``│ 25 ━ 26 │``, ``├  ┃ ┼────┤``; in ASCII ``| 25 - 26 |``, ``+  | +----+``): read
      as the boxed form, the columns taken from the first rule line, a link in a wall read
      as the wall. Whatever a copied line holds past the board's right edge (the panel
      beside it) is dropped. An ASCII grid is read so only when every line lines up with
      the first, which the boxed form's own lines always do (they read as ever).
    - as numbers in a frame, ``·`` (or ``.``) for a blank, when the walls do not fit the
      screen: read as a compact grid.
    """
    lines, grid = _without_rulers(lines, _to_bottom_edge(lines, grid_line_indices(lines)))
    if not grid:
        return lines
    top = lines[grid[0]]
    junctions = [i for i, char in enumerate(top) if char in _JUNCTIONS]
    if not junctions or top[: junctions[0]].strip() or len(junctions) > MAX_SIDE + 1:
        return lines  # (no board the app draws: wider ones are the reader's to refuse)
    at_junction = set(junctions)
    drawn = any(char in _BOX_DRAWING for i in grid for char in lines[i])
    # A frame round numbers has no rule lines inside and no empty row (its blanks are dots);
    # a boxed board one cell wide may have both, and reads as a boxed board.
    inner = grid[1:-1]
    framed = (
        len(junctions) == 2
        and not any(_opens_with(lines[i], _JUNCTIONS) for i in inner)
        and all(lines[i][junctions[0] + 1 : junctions[1]].strip(_WALLS + _MARKS + " ")
                for i in inner)
    )

    def lined_up(line: str) -> bool:
        rule = _opens_with(line, _JUNCTIONS)
        if rule and line[junctions[0] : junctions[-1] + 1].strip(_RULE_CHARS):
            return False  # (something else in a rule line: its error says so)
        allowed = _JUNCTIONS if rule else _WALLS + "-" if _opens_with(line, _WALLS) else ""
        # (past the right edge only what is no part of a board, the panel beside it: a row
        # with more cells than its top edge is an error to report, not cells to drop)
        beyond = line[junctions[-1] + 1 :]
        return (
            bool(allowed)
            and all(j < len(line) and line[j] in allowed for j in junctions)
            and not any(char in _JUNCTIONS + _WALLS for char in beyond)
        )

    if not drawn and not framed and not all(lined_up(lines[i]) for i in grid):
        return lines
    lines = list(lines)
    for i in grid:
        line = lines[i].rstrip()
        first = line.lstrip()[:1]
        if _opens_with(line, _JUNCTIONS) and (framed or lined_up(line)):
            lines[i] = LEFT_OUT if framed else "".join(
                " " if j < junctions[0] else "+" if j in at_junction else "-"
                for j in range(junctions[-1] + 1)
            )
        elif _opens_with(line, _WALLS) and (framed or lined_up(line)):
            if framed:
                if len(line) > junctions[1] and line[junctions[1]] in _WALLS:
                    line = line[: junctions[1] + 1]  # (the panel beside it, when copied)
                # (a frame copied by hand need not line up with its top: take its two walls)
                walls = [line.index(first), max(line.rfind(wall) for wall in _WALLS)]
            else:
                walls, line = junctions, line[: junctions[-1] + 1]
            # (the marks the app sets before a number, such as "!" on one a check found
            # wrong, are no part of the puzzle)
            cells = ["." if char == "\u00b7" else " " if char in _MARKS else char
                     for char in line]
            for j in walls:
                cells[j] = " " if framed else "|"
            lines[i] = "".join(cells)
        elif drawn:
            lines[i] = line.translate(_TO_ASCII)  # (an odd line: its error reads plainly)
    return lines


def _to_bottom_edge(lines: list[str], grid: list[int]) -> list[int]:
    """`grid` up to the last bottom edge drawn in box-drawing lines (``└────┘``), where one
    is drawn. A line under it is no part of a board (the status line under the board,
    copied with it): it is left as it is, for the reader to say what it is, where it made
    the board no board the app draws, and the error was said of the board's first row."""
    # (looked for only under a top edge, in the lines a board the app draws can take, its
    # letters line and a wall between every two rows: a long block is no board of ours)
    if not any(corner in lines[i] for i in grid[:2] for corner in _TOP_CORNERS):
        return grid
    bottom = next((k for k in range(min(len(grid), 2 * MAX_SIDE + 2) - 1, 0, -1)
                   if _opens_with(lines[grid[k]], _BOTTOM_CORNERS)), None)
    return grid if bottom is None else grid[: bottom + 1]


def _without_rulers(lines: list[str], grid: list[int]) -> tuple[list[str], list[int]]:
    """`lines` without the rulers the app draws round a board where there is room: a line
    of column letters over its top edge (left out, as a comment) and row numbers left of
    its frame (blanked, so the columns stay where they were); and the grid lines left."""
    if len(grid) < 2:
        return lines, grid
    first, second = lines[grid[0]], lines[grid[1]]
    # (only what stands over the frame: the panel beside it may start on this line, with
    # a message such as "This puzzle has more than one solution")
    right = max((i for i, char in enumerate(second) if char in _JUNCTIONS), default=-1)
    letters = first[: right + 1].split()
    ruled = (bool(letters) and all(word.isascii() and word.isalpha() and word.isupper()
                                   for word in letters)
             and _opens_with(second, _BOX_CORNERS + "+"))
    if ruled:
        lines = list(lines)
        lines[grid[0]] = LEFT_OUT
        grid = grid[1:]
    left, numbered = _row_labels(lines, grid)
    if numbered and all(lines[i][:left].strip().isdigit() for i in numbered):
        lines = list(lines)
        for i in numbered:
            lines[i] = " " * left + lines[i][left:]
    return lines, grid


def _row_labels(lines: list[str], grid: list[int]) -> tuple[int, list[int]]:
    """How far the frame of the board in `grid` stands in from the left (0: no frame, or
    none indented), and the lines with a label left of it (a row number, where the app
    numbers rows)."""
    if not grid:
        return 0, []
    edge = lines[grid[0]]
    left = len(edge) - len(edge.lstrip())
    if not _opens_with(edge, _JUNCTIONS) or left == 0:
        return 0, []
    # Row numbers: every line with something left of the frame's edge (a wall, or a rule's
    # junction), where the edge stands in it, holds a number there. A line without the
    # edge is no row of the board (a note copied under it): it is left as it is, for the
    # reader to say what it is, where it kept the row numbers and the error was said of
    # the first of them.
    edges = _JUNCTIONS + _WALLS + "┆┊"
    return left, [i for i in grid if lines[i][:left].strip()
                  and len(lines[i]) > left and lines[i][left] in edges]


def misnumbered_row(lines: list[str]) -> tuple[int, int, str] | None:
    """Where a board with its rows numbered left of its frame, as the app draws it, has
    something else in place of a number ("l" for "1", a letter typed over it): the line's
    index in `lines`, the column (from 1) and what stands there; None where no label is
    so. (Such a board kept its row numbers, and its first row was said to be no row of a
    boxed grid: the wall was blamed, not the label.)"""
    lines, grid = _without_rulers(lines, _to_bottom_edge(lines, grid_line_indices(lines)))
    left, numbered = _row_labels(lines, grid)
    odd = [i for i in numbered if not lines[i][:left].strip().isdigit()]
    # (some are numbers, so the others were meant to be: labels none of which is a number
    # are no row numbers, a word left of a frame, which the reader names as ever)
    if not odd or len(odd) == len(numbered):
        return None
    label = lines[odd[0]][:left]
    return odd[0], len(label) - len(label.lstrip()) + 1, label.strip()


def _opens_with(line: str, chars: str) -> bool:
    """Whether the first character of `line` past its indent is one of `chars`."""
    first = line.lstrip()[:1]
    return bool(first) and first in chars
