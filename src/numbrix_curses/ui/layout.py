"""Where the board and its panel go for a screen size.

In order of preference: the whole board with walls, with the panel beside it or a three-line
status bar under it; the same with narrower cells (`GridLayout.tight`); the whole board
compact (no walls, see `grid`), the same two ways; the whole board compact with narrower
cells; a scrolling window onto the compact board (beside the panel or above the bar,
whichever shows more cells). Each way is tried with the rulers (`GridLayout.ruled`, the
cells' names round the board) first, then without; the side panel widens into what a wide
screen has spare. Only when not even a
`MIN_VIEW` x `MIN_VIEW` window fits is the terminal too small, and `need` says how large it
must be. `with_message_rows` lets a long message in the status bar take the free rows
under it, then borrow rows from the board's window, while it shows.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from numbrix_curses.ui.grid import GridLayout

TITLE_ROWS = 1
PANEL_GAP = 2
#: the side panel's width: the least it needs, and the most a wide screen gives it (for
#: messages, which wrap less)
PANEL_WIDTH = 30
PANEL_MAX_WIDTH = 44
#: the narrow layout's status, message and key lines under the board
STATUS_BAR_ROWS = 3
#: the most rows the status bar takes past `STATUS_BAR_ROWS` when the screen has rows to
#: spare: for a message of two lines, and the keys the key line has no room for
STATUS_BAR_EXTRA_ROWS = 3
MIN_WIDTH = 26
#: the smallest window onto a large board worth playing in (cells each way)
MIN_VIEW = 5
#: the rows of cells a window keeps while it lends rows to a long message (see
#: `with_message_rows`): fewer than `MIN_VIEW`, since the message goes at the next key; so
#: a hint is read whole even on the smallest screen (26x11), where it wraps to four lines
MESSAGE_MIN_VIEW = 3


@dataclass(frozen=True)
class Layout:
    """One screen size's plan; `grid` is None when the screen is too small."""

    grid: GridLayout | None
    side_panel: bool
    panel_top: int
    panel_left: int
    panel_rows: int
    need: tuple[int, int]
    panel_width: int = PANEL_WIDTH


def _fits(board: GridLayout, rows: int, cols: int) -> bool:
    return rows >= min(board.board_rows, MIN_VIEW) and cols >= min(board.board_cols, MIN_VIEW)


def plan_layout(
    height: int, width: int, board: GridLayout, panel_min: int, panel_max: int,
    bar_rows: int = STATUS_BAR_ROWS,
) -> Layout:
    """Lay out `board` (a whole-board `GridLayout`) and a side panel of `panel_min` rows at
    least (`panel_max` with everything), or a status bar of `bar_rows` rows at least (more
    than `STATUS_BAR_ROWS` for a long message: see `with_message_rows`)."""
    usable = height - TITLE_ROWS
    board = replace(board, ruled=False)
    compact = board.compacted()
    small = compact.window(MIN_VIEW, MIN_VIEW)
    # The stacked layout of the smallest window is the least the screen can have.
    need = (max(small.width, MIN_WIDTH), TITLE_ROWS + small.height + STATUS_BAR_ROWS)
    # Walls (the path drawn) come first, then the side panel (status and every key), then
    # rulers (the cells' names), and all before scrolling: the whole board in sight
    # matters most.
    for whole in (board, board.narrowed(), compact, board.tightened()):
        for ruled in (whole.with_rulers(), whole):
            if width >= ruled.width + PANEL_GAP + PANEL_WIDTH and usable >= max(ruled.height, panel_min):
                return _side(ruled, height, width, panel_max)
        for ruled in (whole.with_rulers(), whole):
            if width >= max(ruled.width, MIN_WIDTH) and height >= TITLE_ROWS + ruled.height + bar_rows:
                return _stacked(ruled, height, width, bar_rows)
    # Scrolling: which arrangement shows more of the board? (With rulers: in a window
    # onto part of a board they say which part.)
    for scrolling in (compact.with_rulers(), compact):
        side = scrolling.cells_within(usable, width - PANEL_GAP - PANEL_WIDTH)
        stacked = scrolling.cells_within(height - TITLE_ROWS - bar_rows, width)
        side_ok = (usable >= panel_min and side.rows > 0 and side.cols > 0
                   and _fits(board, side.rows, side.cols))
        stacked_ok = width >= MIN_WIDTH and stacked.rows > 0 and stacked.cols > 0 and _fits(
            board, stacked.rows, stacked.cols
        )
        if side_ok and (not stacked_ok or side.rows * side.cols >= stacked.rows * stacked.cols):
            return _side(side, height, width, panel_max)
        if stacked_ok:
            return _stacked(stacked, height, width, bar_rows)
    return Layout(None, False, 0, 0, 0, need)


def _side(board: GridLayout, height: int, width: int, panel_max: int) -> Layout:
    usable = height - TITLE_ROWS
    # The key help goes when rows are short; the board and status never do.
    panel = min(panel_max, usable)
    block = max(board.height, panel)
    top = TITLE_ROWS + (usable - block) // 2
    # Half the columns to spare widen the panel, so its messages wrap less.
    spare = width - (board.width + PANEL_GAP + PANEL_WIDTH)
    panel_width = min(PANEL_MAX_WIDTH, PANEL_WIDTH + spare // 2)
    left = (width - (board.width + PANEL_GAP + panel_width)) // 2
    grid = board.at(top + (block - board.height) // 2, left)
    return Layout(grid, True, top, left + board.width + PANEL_GAP, panel, (0, 0), panel_width)


def _stacked(board: GridLayout, height: int, width: int, bar_rows: int) -> Layout:
    spare = height - (TITLE_ROWS + board.height + bar_rows)
    gap = min(spare // 2, 1)
    # Rows left under the bar go to it first (a long message wraps instead of being cut, and
    # keys the key line drops show above it); the rest centre the board and bar, as the
    # side panel's layout centres them.
    rows = bar_rows + min(max(spare - gap, 0), STATUS_BAR_EXTRA_ROWS)
    top = TITLE_ROWS + gap + max(0, spare - gap - (rows - bar_rows)) // 2
    grid = board.at(top, (width - board.width) // 2)
    return Layout(grid, False, top + board.height, 0, rows, (0, 0))


def with_message_rows(layout: Layout, lines: int, height: int, key_rows: int = 0) -> Layout:
    """`layout` with room for a message of `lines` lines in its status bar, and `key_rows`
    lines of keys over its key line (see `panel.draw_status_bar`): a stacked layout whose
    bar is too short grows into the free rows under it first; past those, the message
    (not the keys) takes rows from the bottom of the board's window, as long as the window
    keeps `MESSAGE_MIN_VIEW` rows of cells (or all the board has), so a long hint is read whole
    rather than cut; the window scrolls to keep the cursor in sight. A side panel, or a bar
    with room already, is left as it is."""
    grid = layout.grid
    if grid is None or layout.side_panel:
        return layout
    # (the bar: its status line, the message, the lines of keys and the key line)
    below = height - (layout.panel_top + layout.panel_rows)
    grow = min(max(0, 1 + lines + key_rows + 1 - layout.panel_rows), max(0, below))
    layout = replace(layout, panel_rows=layout.panel_rows + grow)
    short = lines - max(1, layout.panel_rows - 2)  # (the bar's first and last rows: status, keys)
    if short <= 0:
        return layout
    cells = min(-(-short // grid.row_step), grid.rows - min(MESSAGE_MIN_VIEW, grid.board_rows))
    if cells <= 0:
        return layout
    smaller = grid.window(grid.rows - cells, grid.cols)
    freed = grid.height - smaller.height
    return replace(layout, grid=smaller, panel_top=layout.panel_top - freed,
                   panel_rows=layout.panel_rows + freed)
