"""The board widget: a boxed grid of numbers with the path drawn through the walls.

Each cell is one text row, `cell_width` columns wide (the widest number plus a space either
side); one-character walls separate cells. Where two orthogonal neighbours hold consecutive
numbers the wall between them opens and a heavy line joins them, so the chain is visible as
it grows. While drawing, every cell writes "select this cell" into the screen mask.

A board whose walls do not fit the screen (15x15 on 80x24) is drawn compact: the same cells
side by side inside the outer frame, one screen row each, with no walls and so no path
lines (the cursor's neighbours in the chain still light up). A whole board in sight is worth
more than the lines, and more than a second space between numbers (`GridLayout.tight`).
Before walls go, the space after each number does: a 10x20 on 120 columns keeps its walls
and path with its numbers against the wall on their right.

A board larger than the screen is shown through a window (`GridLayout.view_*`) that follows
the cursor; a frame edge that continues off screen is drawn dashed.

Where the screen has room, rulers name the rows and columns (`GridLayout.ruled`): column
letters above the frame, row numbers left of it, as the hints and messages name cells ("3
must go at B4"); the cursor's row and column stand out in them. What to show is a
`BoardView`, so the play, entry and watch screens share this widget.
"""
from __future__ import annotations

import curses
import functools
from dataclasses import dataclass, field, replace
from typing import Iterable

import numpy as np

from numbrix_curses.conflicts import consecutive_links
from numbrix_curses.puzzle import cell_name
from numbrix_curses.ui.actions import GoTo, SelectCell
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.theme import Theme


@dataclass(frozen=True)
class GridLayout:
    """Where the board sits on screen, and which part of it shows.

    `rows` x `cols` cells from (`row0`, `col0`) are visible; for a board that fits they are
    the whole board.
    """

    rows: int
    cols: int
    digits: int
    top: int = 0
    left: int = 0
    row0: int = 0
    col0: int = 0
    board_rows: int = 0
    board_cols: int = 0
    #: no walls between cells (see the module docstring)
    compact: bool = False
    #: column letters above the frame and row numbers left of it
    ruled: bool = False
    #: no space after each number, only the one before it, where that brings the whole
    #: board into sight: with walls (a 10x20 at 120x40) or without (a 20x20 at 100x30, a
    #: 30x30 at 132x43)
    tight: bool = False

    @classmethod
    def for_board(cls, rows: int, cols: int) -> "GridLayout":
        return cls(rows, cols, len(str(rows * cols)), board_rows=rows, board_cols=cols)

    @property
    def cell_width(self) -> int:
        return self.digits + (1 if self.tight else 2)

    @property
    def step(self) -> int:
        """Screen columns from one cell to the next across."""
        return self.cell_width if self.compact else self.cell_width + 1

    @property
    def row_step(self) -> int:
        """Screen rows from one cell to the next down."""
        return 1 if self.compact else 2

    @property
    def frame_width(self) -> int:
        # (a tight board keeps a space before the right edge, as every cell has one before)
        return self.cols * self.step + (2 + self.tight if self.compact else 1)

    @property
    def frame_height(self) -> int:
        return self.rows * self.row_step + (2 if self.compact else 1)

    @property
    def ruler_width(self) -> int:
        """Screen columns left of the frame for the row numbers (and a space)."""
        return len(str(self.board_rows)) + 1 if self.ruled else 0

    @property
    def ruler_height(self) -> int:
        return 1 if self.ruled else 0

    @property
    def width(self) -> int:
        """Screen columns of the whole widget: the frame and the rulers."""
        return self.frame_width + self.ruler_width

    @property
    def height(self) -> int:
        return self.frame_height + self.ruler_height

    @property
    def frame_top(self) -> int:
        return self.top + self.ruler_height

    @property
    def frame_left(self) -> int:
        return self.left + self.ruler_width

    def compacted(self) -> "GridLayout":
        return replace(self, compact=True)

    def tightened(self) -> "GridLayout":
        """Compact, with the cells a column narrower (see `tight`)."""
        return replace(self, compact=True, tight=True)

    def narrowed(self) -> "GridLayout":
        """With its walls, the cells a column narrower (see `tight`)."""
        return replace(self, tight=True)

    def with_rulers(self) -> "GridLayout":
        return replace(self, ruled=True)

    def cells_within(self, height: int, width: int) -> "GridLayout":
        """The largest window (at least 0 x 0 cells) that fits `height` x `width` screen
        cells, frame and rulers included."""
        frame = 2 if self.compact else 1
        return self.window(max(0, (height - frame - self.ruler_height) // self.row_step),
                           max(0, (width - frame - self.tight - self.ruler_width) // self.step))

    @property
    def scrolled(self) -> bool:
        return self.rows < self.board_rows or self.cols < self.board_cols

    @property
    def view_span(self) -> str:
        """Which part of the board the window shows, named as messages name cells (rows by
        number, columns by letter, as in "J14"): "rows 3-15 cols A-K"."""
        first, last = cell_name(0, self.col0), cell_name(0, self.col0 + self.cols - 1)
        return (f"rows {self.row0 + 1}-{self.row0 + self.rows}"
                f" cols {first[:-1]}-{last[:-1]}")  # (row 0 is named "1")

    def at(self, top: int, left: int) -> "GridLayout":
        return replace(self, top=top, left=left)

    def window(self, rows: int, cols: int) -> "GridLayout":
        """Only `rows` x `cols` cells visible (clamped to the board)."""
        return replace(self, rows=min(rows, self.board_rows), cols=min(cols, self.board_cols))

    def scrolled_to(self, row0: int, col0: int) -> "GridLayout":
        row0 = min(max(row0, 0), self.board_rows - self.rows)
        col0 = min(max(col0, 0), self.board_cols - self.cols)
        return replace(self, row0=row0, col0=col0)

    def following(self, row: int, col: int) -> "GridLayout":
        """The same window moved as little as possible to show (row, col) with a margin."""
        row0 = _follow(self.row0, self.rows, row)
        col0 = _follow(self.col0, self.cols, col)
        return self.scrolled_to(row0, col0)

    def showing(self, cells: Iterable[tuple[int, int]]) -> "GridLayout":
        """The same window moved as little as possible to show all of `cells`, along each
        axis where they fit in it (where they do not, it stays as it is along that one)."""
        cells = list(cells)
        if not cells:
            return self
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return self.scrolled_to(_covering(self.row0, self.rows, min(rows), max(rows)),
                                _covering(self.col0, self.cols, min(cols), max(cols)))

    def visible(self, row: int, col: int) -> bool:
        return self.row0 <= row < self.row0 + self.rows and self.col0 <= col < self.col0 + self.cols

    def cell_origin(self, row: int, col: int) -> tuple[int, int]:
        """Screen (y, x) of the first character of a board cell (visible or not)."""
        return (
            self.frame_top + 1 + self.row_step * (row - self.row0),
            self.frame_left + 1 + (col - self.col0) * self.step,
        )


def _covering(first: int, span: int, low: int, high: int) -> int:
    """The first line of a window `span` long from `first`, moved least to take in
    `low`..`high` where they fit in it."""
    if high - low + 1 > span:
        return first
    if low < first:
        return low
    if high > first + span - 1:
        return high - span + 1
    return first


def _follow(first: int, span: int, target: int) -> int:
    margin = 1 if span >= 4 else 0
    if target < first + margin:
        first = target - margin
    elif target > first + span - 1 - margin:
        first = target - span + 1 + margin
    return first


@dataclass
class BoardView:
    """What the widget shows: numbers, givens, the cursor and highlighted cells."""

    grid: np.ndarray
    given: np.ndarray
    cursor: int | None = None
    #: the cell whose number is being typed
    pending: int | None = None
    #: cells whose number is just before or after the cursor's
    chain: frozenset[int] = frozenset()
    #: cell -> attribute laid over the cell (check marks, hints, differences)
    marks: dict[int, int] = field(default_factory=dict)
    #: cell -> one character shown left of the number, so marks never rely on colour
    flags: dict[int, str] = field(default_factory=dict)
    #: blank cell -> its pencil marks: the first shows, faint, with a + before it when
    #: there are more (the panel lists the cursor cell's)
    notes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: draw the walls only (pause)
    hidden: bool = False
    #: attribute for numbers that are not given
    entry_attr: int | None = None


def draw_grid(
    win: "curses.window", mask: ScreenMask, view: BoardView, layout: GridLayout, theme: Theme
) -> None:
    _draw_walls(win, layout, theme)
    if layout.ruled:
        _draw_rulers(win, mask, layout, theme, view.cursor)
    if view.hidden:
        return
    if not layout.compact:
        _draw_links(win, view.grid, layout, theme)
    _draw_cells(win, mask, view, layout, theme)


def _draw_walls(win: "curses.window", layout: GridLayout, theme: Theme) -> None:
    glyphs = theme.glyphs
    rows, cols = layout.rows, layout.cols
    inside = layout.frame_width - 2
    if layout.compact:
        span = glyphs.horizontal * inside
        lines = [glyphs.corner(True, False, True, False) + span
                 + glyphs.corner(True, False, False, True),
                 glyphs.corner(False, True, True, False) + span
                 + glyphs.corner(False, True, False, True)]
    else:
        span = glyphs.horizontal * layout.cell_width
        lines = []
        for i in range(rows + 1):
            top, bottom = i == 0, i == rows
            lines.append("".join(
                glyphs.corner(top, bottom, j == 0, j == cols) + (span if j < cols else "")
                for j in range(cols + 1)
            ))
    top, left = layout.frame_top, layout.frame_left
    right = left + layout.frame_width - 1
    # Edges that continue off screen are dashed.
    more_up = layout.row0 > 0
    more_down = layout.row0 + rows < layout.board_rows
    more_left = layout.col0 > 0
    more_right = layout.col0 + cols < layout.board_cols
    if more_up:
        lines[0] = lines[0][0] + lines[0][1:-1].replace(glyphs.horizontal, glyphs.cut_horizontal) \
            + lines[0][-1]
    if more_down:
        lines[-1] = lines[-1][0] + lines[-1][1:-1].replace(
            glyphs.horizontal, glyphs.cut_horizontal) + lines[-1][-1]
    for i, line in enumerate(lines):
        edge_row = i == 0 or i == len(lines) - 1
        y = top + (i * (rows + 1) if layout.compact else 2 * i)
        put(win, y, left, line, theme.frame if edge_row else theme.wall)
        if not edge_row:
            # The outer frame stays in the frame colour even on inner wall rows.
            put(win, y, left, line[0], theme.frame)
            put(win, y, right, line[-1], theme.frame)
    left_bar = glyphs.cut_vertical if more_left else glyphs.vertical
    right_bar = glyphs.cut_vertical if more_right else glyphs.vertical
    if layout.compact:
        inner = " " * inside
    else:
        inner = (" " * layout.cell_width + glyphs.vertical) * (cols - 1) + " " * layout.cell_width
    for row in range(rows):
        y = top + 1 + layout.row_step * row
        if cols > 1 or layout.compact:
            put(win, y, left + 1, inner, theme.wall)
        put(win, y, left, left_bar, theme.frame)
        put(win, y, right, right_bar, theme.frame)


def _draw_rulers(
    win: "curses.window", mask: ScreenMask, layout: GridLayout, theme: Theme, cursor: int | None
) -> None:
    """Column letters over the cells and row numbers beside them, as `cell_name` names
    cells; the cursor's column and row in bold, so its name can be read off the edges. A
    click on a letter takes the cursor to its column, on a number to its row."""
    at_row, at_col = divmod(cursor, layout.board_cols) if cursor is not None else (-1, -1)
    digits = layout.digits
    for col in range(layout.col0, layout.col0 + layout.cols):
        _, x = layout.cell_origin(layout.row0, col)
        # Over the number's columns (the cell's first column is a mark's), leaning right
        # as the numbers do: over the units of two digits, the middle of three.
        letters = cell_name(0, col)[:-1]
        attr = theme.label | curses.A_BOLD if col == at_col else theme.dim
        put(win, layout.top, x + 1, f"{letters:>{(digits + len(letters) + 1) // 2}}", attr)
        if cursor is not None:
            mask.put(layout.top, x, layout.cell_width, GoTo(at_row, col))
    numbers = layout.ruler_width - 1
    for row in range(layout.row0, layout.row0 + layout.rows):
        y, _ = layout.cell_origin(row, layout.col0)
        attr = theme.label | curses.A_BOLD if row == at_row else theme.dim
        put(win, y, layout.left, f"{row + 1:>{numbers}}", attr)
        if cursor is not None:
            mask.put(y, layout.left, numbers, GoTo(row, at_col))


def _draw_links(win: "curses.window", grid: np.ndarray, layout: GridLayout, theme: Theme) -> None:
    glyphs = theme.glyphs
    cols = layout.board_cols
    width = layout.cell_width
    for a, b in consecutive_links(grid):
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        if not (layout.visible(ra, ca) and layout.visible(rb, cb)):
            continue
        if ra == rb:
            y, x = layout.cell_origin(ra, max(ca, cb))
            put(win, y, x - 1, glyphs.link_across, theme.path)
        else:
            y, x = layout.cell_origin(max(ra, rb), ca)
            # Open the wall and run the line through the units column of the numbers.
            put(win, y - 1, x, " " * width, theme.wall)
            put(win, y - 1, x + layout.digits, glyphs.link_down, theme.path)


@functools.lru_cache(maxsize=8)
def _labels(size: int, digits: int, empty: str = " ") -> tuple[str, ...]:
    """The text of every number right-aligned in `digits` columns (index 0: `empty`)."""
    return (f"{empty:>{digits}}",) + tuple(f"{v:>{digits}}" for v in range(1, size + 1))


def cell_at(layout: GridLayout, y: int, x: int) -> SelectCell | None:
    """The board cell under screen position (y, x), None on a wall or outside. On an edge
    of a window's frame with more board past it (drawn dashed), the cell just past the
    edge: a click there, or a drag onto it, goes on into the board out of sight, which the
    window then scrolls to show."""
    dy, dx = y - layout.frame_top - 1, x - layout.frame_left - 1
    if layout.compact and layout.scrolled:
        beyond = _past_the_edge(layout, dy, dx)
        if beyond is not None:
            return beyond
    if dy < 0 or dx < 0 or dy % layout.row_step:
        return None
    step = layout.step
    row, offset = dy // layout.row_step + layout.row0, dx % step
    col = dx // step + layout.col0
    if offset >= layout.cell_width or not layout.visible(row, col):
        return None
    return SelectCell(row, col)


def _past_the_edge(layout: GridLayout, dy: int, dx: int) -> SelectCell | None:
    """The cell past the frame's edge at (`dy`, `dx`) from the first cell's corner, when
    that edge has more board past it; None elsewhere (compact windows only)."""
    width = layout.cols * layout.step
    drow = (-1 if dy == -1 and layout.row0 > 0
            else 1 if dy == layout.rows and layout.row0 + layout.rows < layout.board_rows
            else 0 if 0 <= dy < layout.rows else None)
    dcol = (-1 if dx == -1 and layout.col0 > 0
            else 1 if dx == layout.frame_width - 2 and layout.col0 + layout.cols < layout.board_cols
            else 0 if 0 <= dx < width else None)
    if drow is None or dcol is None or (drow, dcol) == (0, 0):
        return None
    row = (layout.row0 - 1 if drow < 0 else layout.row0 + layout.rows if drow > 0
           else layout.row0 + dy)
    col = (layout.col0 - 1 if dcol < 0 else layout.col0 + layout.cols if dcol > 0
           else layout.col0 + min(dx // layout.step, layout.cols - 1))
    return SelectCell(row, col)


def _draw_cells(
    win: "curses.window", mask: ScreenMask, view: BoardView, layout: GridLayout, theme: Theme
) -> None:
    # The hot loop of every frame: plain lists instead of numpy indexing, one table of
    # number texts, addstr straight (the layout keeps the board on screen).
    step = layout.step
    cols = layout.board_cols
    values = view.grid.tolist()
    given = view.given.tolist()
    compact = layout.compact
    after = "" if layout.tight else " "
    labels = _labels(layout.board_rows * cols, layout.digits,
                     theme.glyphs.empty if compact else " ")
    given_attr = theme.given
    entry_attr = theme.entry if view.entry_attr is None else view.entry_attr
    # A compact board's empty cells show a dot, as faint as the walls it stands for.
    empty_attr = theme.wall if compact else entry_attr
    bold = curses.A_BOLD
    chain, marks, flags, notes = view.chain, view.marks, view.flags, view.notes
    digits = layout.digits
    cursor, pending = view.cursor, view.pending
    addstr = win.addstr
    for row in range(layout.row0, layout.row0 + layout.rows):
        y, x = layout.cell_origin(row, layout.col0)
        row_values, row_given = values[row], given[row]
        base = row * cols
        for col in range(layout.col0, layout.col0 + layout.cols):
            cell = base + col
            value = row_values[col]
            text = (flags.get(cell, " ") if flags else " ") + labels[value] + after
            attr = given_attr if row_given[col] else entry_attr if value else empty_attr
            if notes and not value and cell in notes:
                noted = notes[cell]
                flag = flags.get(cell) or ("+" if len(noted) > 1 else " ")
                text, attr = flag + f"{noted[0]:>{digits}}" + after, theme.note
            if cell in chain:
                attr = theme.chain | (attr & bold)
            if marks:
                mark = marks.get(cell)
                if mark is not None:
                    attr = mark | (attr & bold)
            if cell == cursor:
                attr |= theme.cursor
                if pending == cell:
                    attr |= theme.pending
            try:
                addstr(y, x, text, attr)
            except curses.error:
                pass  # the bottom-right corner of the screen
            x += step
    # (the frame only: the rulers round it have targets of their own)
    mask.region(layout.frame_top, layout.frame_left, layout.frame_height, layout.frame_width,
                lambda y, x: cell_at(layout, y, x))
