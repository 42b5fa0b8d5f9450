"""The board widget: a boxed grid of numbers with the path drawn through the walls.

Each cell is one text row, `cell_width` columns wide (the widest number plus a space either
side); one-character walls separate cells. Where two orthogonal neighbours hold consecutive
numbers the wall between them opens and a heavy line joins them, so the chain is visible as
it grows. While drawing, every cell writes "select this cell" into the screen mask.
"""
from __future__ import annotations

import curses
from dataclasses import dataclass, replace

from numbrix_curses.game import Game
from numbrix_curses.ui.actions import SelectCell
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.theme import Theme


@dataclass(frozen=True)
class GridLayout:
    """Where the board sits on screen and how large it is."""

    rows: int
    cols: int
    digits: int
    top: int = 0
    left: int = 0

    @classmethod
    def for_game(cls, game: Game) -> "GridLayout":
        return cls(game.rows, game.cols, len(str(game.size)))

    @property
    def cell_width(self) -> int:
        return self.digits + 2

    @property
    def width(self) -> int:
        return self.cols * (self.cell_width + 1) + 1

    @property
    def height(self) -> int:
        return 2 * self.rows + 1

    def at(self, top: int, left: int) -> "GridLayout":
        return replace(self, top=top, left=left)

    def cell_origin(self, row: int, col: int) -> tuple[int, int]:
        """Screen (y, x) of the first character of a cell."""
        return self.top + 1 + 2 * row, self.left + 1 + col * (self.cell_width + 1)


def draw_grid(
    win: "curses.window",
    mask: ScreenMask,
    game: Game,
    layout: GridLayout,
    theme: Theme,
    *,
    hidden: bool = False,
) -> None:
    """Draw the board; `hidden` (pause) draws the walls only."""
    _draw_walls(win, layout, theme)
    if hidden:
        return
    _draw_links(win, game, layout, theme)
    _draw_cells(win, mask, game, layout, theme)


def _draw_walls(win: "curses.window", layout: GridLayout, theme: Theme) -> None:
    glyphs = theme.glyphs
    span = glyphs.horizontal * layout.cell_width
    for i in range(layout.rows + 1):
        top, bottom = i == 0, i == layout.rows
        line = "".join(
            glyphs.corner(top, bottom, j == 0, j == layout.cols) + (span if j < layout.cols else "")
            for j in range(layout.cols + 1)
        )
        edge_row = top or bottom
        put(win, layout.top + 2 * i, layout.left, line, theme.frame if edge_row else theme.wall)
        if not edge_row:
            # The outer frame stays in the frame colour even on inner wall rows.
            put(win, layout.top + 2 * i, layout.left, line[0], theme.frame)
            put(win, layout.top + 2 * i, layout.left + layout.width - 1, line[-1], theme.frame)
    for row in range(layout.rows):
        y = layout.top + 1 + 2 * row
        for j in range(layout.cols + 1):
            edge = j == 0 or j == layout.cols
            put(win, y, layout.left + j * (layout.cell_width + 1), glyphs.vertical,
                theme.frame if edge else theme.wall)


def _draw_links(win: "curses.window", game: Game, layout: GridLayout, theme: Theme) -> None:
    glyphs = theme.glyphs
    geo = game.geometry
    width = layout.cell_width
    for a, b in game.links():
        (ra, ca), (rb, cb) = geo.row_col(a), geo.row_col(b)
        if ra == rb:
            y, x = layout.cell_origin(ra, max(ca, cb))
            put(win, y, x - 1, glyphs.link_across, theme.path)
        else:
            y, x = layout.cell_origin(max(ra, rb), ca)
            # Open the wall and run the line through the units column of the numbers.
            put(win, y - 1, x, " " * width, theme.wall)
            put(win, y - 1, x + width - 2, glyphs.link_down, theme.path)


def _draw_cells(
    win: "curses.window", mask: ScreenMask, game: Game, layout: GridLayout, theme: Theme
) -> None:
    cursor = game.cursor_cell
    before, after = game.chain_neighbours(cursor)
    chain = set(before) | set(after)
    pending = game.pending
    width = layout.cell_width
    grid = game.grid
    for row in range(layout.rows):
        for col in range(layout.cols):
            cell = row * layout.cols + col
            value = int(grid[row, col])
            text = f" {value:>{layout.digits}} " if value else " " * width
            attr = theme.given if game.is_given(cell) else theme.entry
            if cell in chain:
                attr = theme.chain | (attr & curses.A_BOLD)
            if cell == cursor:
                attr |= theme.cursor
                if pending is not None and pending.cell == cell:
                    attr |= theme.pending
            y, x = layout.cell_origin(row, col)
            put(win, y, x, text, attr)
            mask.put(y, x, width, SelectCell(row, col))
