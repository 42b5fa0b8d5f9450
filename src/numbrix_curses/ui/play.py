"""The play screen: lays out board and panel, turns actions into game calls, reports back.

It owns the UI state that is not part of the game: the current message and the layout of
the last frame (which decides whether the terminal is too small).
"""
from __future__ import annotations

import curses
import os
from dataclasses import dataclass

from numbrix_curses.game import Game, Refusal, format_duration
from numbrix_curses.puzzle import cell_name
from numbrix_curses.ui.actions import Action, ClearCell, Command, Digit, MoveCursor, SelectCell
from numbrix_curses.ui.draw import centred, put
from numbrix_curses.ui.grid import GridLayout, draw_grid
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import (
    PANEL_MIN_HEIGHT,
    PANEL_WIDTH,
    Message,
    MessageKind,
    Status,
    draw_side_panel,
    draw_status_bar,
    side_panel_height,
)
from numbrix_curses.ui.theme import Theme

TITLE_ROWS = 1
PANEL_GAP = 4
#: the narrow layout's status, message and key lines under the board
STATUS_BAR_ROWS = 3
MIN_WIDTH = 26


@dataclass(frozen=True)
class Layout:
    """Where things go for one screen size; `grid` is None when the screen is too small."""

    grid: GridLayout | None
    side_panel: bool
    panel_top: int
    panel_left: int
    panel_rows: int
    need: tuple[int, int]


def plan_layout(height: int, width: int, board: GridLayout) -> Layout:
    """Board and panel side by side when they fit, stacked when not, else too small."""
    usable = height - TITLE_ROWS
    # Stacked is the smallest layout, so it defines the size to ask for.
    need = (max(board.width, MIN_WIDTH), TITLE_ROWS + board.height + STATUS_BAR_ROWS)
    side_width = board.width + PANEL_GAP + PANEL_WIDTH
    if width >= side_width and usable >= max(board.height, PANEL_MIN_HEIGHT):
        # The key help goes when rows are short; the board and status never do.
        panel = min(side_panel_height(), usable)
        block = max(board.height, panel)
        top = TITLE_ROWS + (usable - block) // 2
        left = (width - side_width) // 2
        grid = board.at(top + (block - board.height) // 2, left)
        return Layout(grid, True, top, left + board.width + PANEL_GAP, panel, need)
    if width >= need[0] and height >= need[1]:
        spare = height - need[1]
        top = TITLE_ROWS + min(spare // 2, 1)
        grid = board.at(top, (width - board.width) // 2)
        panel_top = top + board.height
        return Layout(grid, False, panel_top, 0, STATUS_BAR_ROWS, need)
    return Layout(None, False, 0, 0, 0, need)


class PlayScreen:
    """Playing one puzzle."""

    def __init__(self, game: Game, label: str) -> None:
        self.game = game
        self.label = label
        self.message: Message | None = None
        self.too_small = False
        if game.solved is not None:
            self.message = self._solved_message()

    # ----- input -------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        """Carry out `action`; False means leave the screen."""
        if action is Command.QUIT:
            return False
        if self.too_small:
            return True
        was_solved = self.game.solved is not None
        self.message = None
        refusal = self._dispatch(action)
        if refusal is not None:
            self.message = self._refusal_message(refusal)
        if self.game.solved is not None and (not was_solved or refusal is Refusal.SOLVED):
            self.message = self._solved_message()
        return True

    def _dispatch(self, action: Action) -> Refusal | None:
        game = self.game
        if isinstance(action, MoveCursor):
            game.move_cursor(action.drow, action.dcol)
        elif isinstance(action, SelectCell):
            game.set_cursor(action.row, action.col)
        elif isinstance(action, ClearCell):
            game.set_cursor(action.row, action.col)
            return game.clear()
        elif isinstance(action, Digit):
            return game.type_digit(action.value)
        elif action is Command.BACKSPACE:
            return game.backspace()
        elif action is Command.CLEAR:
            return game.clear()
        elif action is Command.COMMIT:
            game.commit()
        elif action is Command.UNDO:
            return game.undo()
        elif action is Command.REDO:
            return game.redo()
        elif action is Command.PAUSE:
            if game.solved is not None:
                return Refusal.SOLVED
            if game.paused:
                game.resume()
            else:
                game.pause()
                self.message = Message("Paused. Press p to go on.")
        return None

    def _refusal_message(self, refusal: Refusal) -> Message:
        if refusal is Refusal.OUT_OF_RANGE:
            return Message(f"Numbers go from 1 to {self.game.size}.", MessageKind.ERROR)
        if refusal is Refusal.PAUSED:
            return Message("Paused. Press p to go on.")
        kind = MessageKind.ERROR if refusal is Refusal.GIVEN else MessageKind.INFO
        return Message(refusal.value, kind)

    def _solved_message(self) -> Message:
        record = self.game.solved
        assert record is not None
        moves = f"{record.moves} move" + ("" if record.moves == 1 else "s")
        return Message(f"Solved! {format_duration(record.seconds)}, {moves}", MessageKind.SUCCESS)

    # ----- output ------------------------------------------------------------------------
    def status(self) -> Status:
        game = self.game
        row, col = game.cursor
        value = game.value(game.cursor_cell)
        cell = cell_name(row, col)
        if value:
            cell += f" = {value}" + (" (given)" if game.is_given(game.cursor_cell) else "")
        return Status(
            label=self.label,
            size=f"{game.rows}x{game.cols}",
            level=game.puzzle.metadata.get("difficulty"),
            placed=game.placed,
            total=game.size,
            moves=game.moves,
            time=format_duration(game.elapsed()),
            cell=cell,
            paused=game.paused,
        )

    def redraw_after_ms(self) -> int:
        """How long the screen stays right without input (-1: until the next key)."""
        if self.game.solved is not None or self.game.paused:
            return -1
        elapsed_ms = int(self.game.elapsed() * 1000)
        return 1000 - elapsed_ms % 1000 + 5

    def draw(self, win: "curses.window", mask: ScreenMask, theme: Theme) -> None:
        height, width = win.getmaxyx()
        layout = plan_layout(height, width, GridLayout.for_game(self.game))
        self.too_small = layout.grid is None
        if layout.grid is None:
            self._draw_too_small(win, height, width, layout.need, theme)
            return
        self._draw_title(win, width, theme)
        draw_grid(win, mask, self.game, layout.grid, theme, hidden=self.game.paused)
        if self.game.paused:
            grid = layout.grid
            centred_in = grid.left + grid.width // 2
            text = " Paused "
            put(win, grid.top + grid.height // 2, centred_in - len(text) // 2, text, theme.title)
        status = self.status()
        if layout.side_panel:
            draw_side_panel(win, mask, layout.panel_top, layout.panel_left, layout.panel_rows,
                            status, self.message, theme)
        else:
            draw_status_bar(win, mask, layout.panel_top, layout.panel_rows, status,
                            self.message, theme)

    def _draw_title(self, win: "curses.window", width: int, theme: Theme) -> None:
        put(win, 0, 0, " " * width, theme.title)
        dot = theme.glyphs.bullet
        text = f"Numbrix {dot} {self.label}"
        if self.game.solved is not None:
            text += f" {dot} solved"
        centred(win, 0, text[:width], theme.title)

    def _draw_too_small(
        self, win: "curses.window", height: int, width: int, need: tuple[int, int], theme: Theme
    ) -> None:
        lines = [
            f"Terminal too small: need {need[0]}x{need[1]}",
            f"(now {width}x{height})",
            "Enlarge the window, or press q to quit.",
        ]
        top = max(0, (height - len(lines)) // 2)
        for i, line in enumerate(lines):
            if width >= len(line):
                centred(win, top + i, line, theme.error if i == 0 else 0)
            else:
                put(win, top + i, 0, line)


def label_for(puzzle_id: str | None, source: str | None) -> str:
    """What the title calls the puzzle: its id, else the file name, else a plain name."""
    if puzzle_id:
        return puzzle_id
    if source and source != "-":
        return os.path.basename(source)
    return "puzzle"
