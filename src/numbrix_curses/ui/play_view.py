"""How the play screen looks: the board with its marks, the side panel or the bar under the
board, the moves list, and the title.

`PlayView` is mixed into `PlayScreen` (`ui.play`), which owns the game and the state this
reads (the message, the hint on show, the background work, whether saving works). Drawing
changes only what is the view's own: the scroll origin of a large board, the cursor last
drawn, the layout kept while the mouse button is held, and a pause for a window too small
to show the board.
"""
from __future__ import annotations

import curses
from typing import TYPE_CHECKING

from numbrix_curses.moves import describe_move
from numbrix_curses.puzzle import cell_name, plural
from numbrix_curses.ui.actions import Command, GoToMove
from numbrix_curses.ui.draw import NO_BREAK, put
from numbrix_curses.ui.grid import BoardView, GridLayout, draw_grid
from numbrix_curses.ui.layout import PANEL_WIDTH, Layout, with_message_rows
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.numpad import (
    BACK,
    CLEAR,
    PadButton,
    PadPlace,
    draw_number_pad,
    pad_shape,
)
from numbrix_curses.ui.panel import (
    LISTING_LEAST_ROWS,
    ListLine,
    MadeLines,
    Message,
    bar_key_rows,
    draw_side_panel,
    draw_status_bar,
    shorter_than,
)
from numbrix_curses.ui.play_words import (
    first_game_tip,
    help_count,
    key_lines,
    moves_value,
    solved_bar_keys,
    solved_key_lines,
    status_bar_keys,
)
from numbrix_curses.ui.screen import SPIN_MS, draw_title_parts, room_for_wording, spinner
from numbrix_curses.ui.times import format_duration

if TYPE_CHECKING:
    from numbrix_curses.assist import Hint
    from numbrix_curses.game import Game
    from numbrix_curses.ui.screen import AppContext

#: the side panel's rows of status (see `PlayView.status_rows`)
STATUS_ROWS = 5


class PlayView:
    """The play screen's drawing (see the module docstring). What it reads of the screen:"""

    ctx: AppContext
    game: Game
    label: str
    message: Message | None
    first_game: bool
    show_history: bool
    claimed: bool
    save_failed: bool
    hint: Hint | None
    hint_revision: int
    #: the number pad is open, and where the player moved it; the number to go to, while
    #: it is typed
    pad: bool
    pad_place: PadPlace
    finding: str | None
    #: the view's own state
    origin: tuple[int, int]
    drawn_cursor: tuple[int, int]
    drawn_hint: Hint | None
    clicked: bool
    paused_by_size: bool
    held_layout: tuple[tuple[int, int], Layout, GridLayout] | None
    record_at: int | None

    def status_rows(self, width: int = PANEL_WIDTH) -> list[tuple[str, str]]:
        """The side panel's (name, value) rows, values cut to fit a panel `width` wide."""
        game = self.game
        row, col = game.cursor
        hidden = self.paused_by_player  # (the board is hidden too)
        value = 0 if hidden else game.value(game.cursor_cell)
        cell = cell_name(row, col)
        if value:
            cell += f" = {value}" + (" (given)" if game.is_given(game.cursor_cell) else "")
        elif game.notes(game.cursor_cell) and not hidden:
            cell += " " + self._marks_text(width - 9 - len(cell))
        size = f"{game.rows}x{game.cols}"
        level = game.puzzle.metadata.get("difficulty")
        if level:
            size += f"  {level}"
        moves = moves_value(game.moves_played, game.hints, game.fills, PANEL_WIDTH - 8)
        clock = format_duration(game.elapsed())
        if hidden:
            clock += "  paused"  # (not while a dialog covers the board: it goes on after)
        rows = [
            ("Size", size),
            ("Placed", f"{game.placed} of {game.size}"),
            ("Moves", moves),
            ("Time", clock),
            # (in pencil mode the row's name says so: what is typed goes in as marks)
            ("Pencil" if game.pencil and game.solved is None else "Cell", cell),
        ]
        if not self.claimed and game.solved is None:
            rows.append(("Saving", "off: 2nd window"))  # (see ELSEWHERE)
        elif self.save_failed and game.solved is None:
            # (the failure's message goes with the next key; this stays until a save works)
            rows.append(("Saving", "failed; q asks"))
        return rows

    def scroll_view(self, delta: int) -> bool:
        """The wheel over a board larger than its window moves the window `delta` rows, and
        the cursor only as far as keeps it in sight (as an editor's wheel does: the wheel
        moved the cursor three rows, and the window followed only once it reached an edge,
        so a notch or two showed nothing new and lost the cell picked). False where the
        whole board shows: there the wheel moves the cursor."""
        if self.held_layout is None:
            return False
        grid = self.held_layout[2]
        if grid.rows >= grid.board_rows:
            return False
        row0 = min(max(self.origin[0] + delta, 0), grid.board_rows - grid.rows)
        self.origin = (row0, self.origin[1])
        row, col = self.game.cursor
        kept = min(max(row, row0), row0 + grid.rows - 1)
        if kept != row:
            self.game.set_cursor(kept, col)
        self.drawn_cursor = self.game.cursor  # (so the window does not follow it back)
        return True

    def redraw_after_ms(self) -> int:
        if self._busy():
            return SPIN_MS
        if self.game.solved is not None or self.game.paused:
            return 250 if self.grade_job is not None else -1  # (to show the grade)
        elapsed_ms = int(self.game.elapsed() * 1000)
        return 1000 - elapsed_ms % 1000 + 5

    def board_view(self) -> BoardView:
        game = self.game
        cursor = game.cursor_cell
        before, after = game.chain_neighbours(cursor)
        marks: dict[int, int] = {}
        flags: dict[int, str] = {}
        theme = self.theme
        for cell in self._marked_now():
            marks[cell] = theme.wrong
            flags[cell] = "!"
        for cell in game.duplicate_cells():
            marks.setdefault(cell, theme.wrong)
            if not theme.colour and not game.is_given(cell):
                # (red alone: without colours, nothing showed; not on the given, which is
                # right, and which a check's count of marked numbers leaves out)
                flags.setdefault(cell, "!")
        # (a mark whose number is on the board is spent: the cell shows the others)
        on_board = game.numbers_on_board()
        notes = {}
        for cell in game.noted_cells:
            live = game.live_notes(cell, on_board)
            if live and not game.value(cell):
                notes[cell] = live
        typing = game.pending_note
        pending = game.pending.cell if game.pending is not None else None
        if typing is not None:
            # The mark being typed shows first, as a number being typed does; "-" before
            # it while typing takes it out (the cell had it).
            others = tuple(m for m in game.live_notes(typing.cell, on_board)
                           if m != typing.value)
            notes[typing.cell] = (typing.value,) + others
            pending = typing.cell
            if typing.value not in game.notes(typing.cell):
                flags[typing.cell] = "-"
        hint = self.hint
        if hint is not None and self.hint_revision == game.revision:
            for cell in hint.evidence:
                marks.setdefault(cell, theme.evidence)
            if hint.cell is not None:
                marks[hint.cell] = theme.hint
                flags[hint.cell] = "?"
                notes.pop(hint.cell, None)  # (a mark under its ? read as the hint's number)
        return BoardView(
            notes=notes,
            grid=game.grid,
            given=game.given_mask,
            cursor=cursor,
            pending=pending,
            chain=frozenset(before) | frozenset(after),
            marks=marks,
            flags=flags,
            # Only the player's pause hides the board, not a dialog or help on top of it.
            hidden=self.paused_by_player,
        )

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        keys = key_lines(self.ctx.mouse, self.game.pencil)
        play_key_rows = len(keys)
        placed = self.place(win, self.game.rows, self.game.cols, STATUS_ROWS, play_key_rows)
        if placed is None:
            # Nobody can play a board they cannot see: the clock stands still until it
            # shows (a puzzle generated while the window was small opened with it running).
            if not self.game.paused and self.game.solved is None:
                self.game.pause()
                self.paused_by_size = True
            return
        if self.paused_by_size:
            self.game.resume()
            self.paused_by_size = False
        layout, grid = placed
        solved = self.game.solved
        if solved is not None:
            # (placed with the play keys' count: the board does not move when solved)
            keys = solved_key_lines(solved.revealed)
        message = self.message
        if message is None and self.first_game and layout.side_panel:
            # (only beside the board: under it the tip would take rows from the board)
            message = first_game_tip(self.game.size, self.ctx.mouse)
        if self._busy() and message is not None:
            started = self.task.started if self.task is not None else self.solution_job.started
            message = message.with_text(f"{spinner(started)} {message.text}")
        # (the bar's rows over its key line as placed, a message aside; none while the
        # moves are listed, whose rows a line of keys more would take)
        bar_keys, more_keys = (
            status_bar_keys(win.getmaxyx()[1],
                            0 if self.show_history else layout.panel_rows - 2)
            if solved is None else (solved_bar_keys(solved.revealed), ()))
        listing = None
        if not layout.side_panel and self.show_history and message is None:
            # The moves as the side panel lists them, where the rows under the board
            # allow (a narrow, tall screen); else the latest of them in a line.
            height, width = win.getmaxyx()
            key_rows = bar_key_rows(width, bar_keys, more_keys)
            room = (height - layout.panel_top) - 2 - key_rows
            listing = self._history_listing()
            # (rows from the board's window too, as a hint borrows them, where the free
            # ones are too few: the list is what the player opened, and a list can be
            # clicked, which the line of the latest moves could not)
            wanted = min(max(room, LISTING_LEAST_ROWS), 1 + len(listing[1]))
            # (a message takes the rows of the keys over the key line; the list leaves
            # them, so it asks for those rows too)
            fitted = with_message_rows(layout, wanted + key_rows, height, key_rows)
            if fitted.panel_rows - 2 - key_rows >= min(wanted, LISTING_LEAST_ROWS):
                layout = fitted
                assert layout.grid is not None
                grid = layout.grid
            else:
                listing = None
                # (fewer moves where the bar has no room for four: at 26x11 the line
                # ended "u and r walk...", the key that closes it cut off)
                line = self._recent_moves()
                message = Message(line, shorter=shorter_than(
                    line, *(self._recent_moves(count) for count in (3, 2, 1))))
        pad = None
        if self.pad and solved is None and not self.paused_by_player:
            title, pad_keys = self._pad_parts()
            pad = (title, pad_shape(win, title, pad_keys, layout, grid))
        # (a number pad that may stand over the bar keeps the board's rows: the message
        # is out of sight under it, see `pad_shape`)
        if (message is not None and not layout.side_panel
                and not (pad is not None and pad[1].over_bar)):
            # A hint's reason is the point of the hint: under a board that fills the screen
            # it takes the free rows under the bar, then rows from the board's window,
            # rather than lose its end (or the keys over the key line). Where even those
            # are too few (26x11), a shorter wording that keeps the key to press, the
            # number and the place (see `Message.shorter`).
            layout, message = room_for_wording(
                win, layout, message, (self.game.rows, self.game.cols),
                (STATUS_ROWS, play_key_rows), bar_keys, more_keys)
            assert layout.grid is not None
            grid = layout.grid
        # While the mouse button is held on the board, the board stays where it was under
        # the pointer: a message a drag brought ("10 does not follow 5") took rows from the
        # board at 40x12, and the rest of the drag drew a row below where the pointer went.
        # (A longer message is cut while the button is down, and read whole once it is up.)
        size = win.getmaxyx()
        if self.ctx.pointer_held and self.held_layout is not None and self.held_layout[0] == size:
            layout, grid = self.held_layout[1:]
        self.held_layout = (size, layout, grid)
        grid = grid.scrolled_to(*self.origin)
        # The view follows a cursor that a key moved; a key that leaves the cursor where a
        # click put it (Esc, c, a digit) leaves the view too, else the board jumped a row
        # or column under the pointer on a key that had nothing to do with it.
        cursor = self.game.cursor
        if not grid.visible(*cursor) or (cursor != self.drawn_cursor and not self.clicked):
            grid = grid.following(*cursor)
        self.drawn_cursor = cursor
        hint = self.hint
        if hint is not None and hint is not self.drawn_hint:
            # A hint's reason names cells ("the only empty cell next to 2 at B5"): in a
            # window onto the board they come into view with its cell, where they fit (at
            # 40x12 the window showed rows 2-4 and the reason spoke of row 5).
            geometry = self.game.geometry
            cells = [geometry.row_col(c) for c in hint.evidence]
            grid = grid.showing([*cells, cursor])  # (the cursor stays in sight)
        self.drawn_hint = hint
        self.origin = (grid.row0, grid.col0)
        self._draw_title(win, grid)
        draw_grid(win, mask, self.board_view(), grid, theme)
        if self.paused_by_player:
            # A click on the hidden board goes on, as on a game's pause screen anywhere: a
            # player using the mouse alone had only the key list's "p pause" to click.
            # (its rulers too: a click on a column's letter did nothing)
            for y in range(1, grid.frame_top + grid.frame_height):
                mask.put(y, 0, grid.frame_left + grid.frame_width, Command.PAUSE)
            text = " Paused "
            put(win, grid.frame_top + grid.frame_height // 2,
                grid.frame_left + (grid.frame_width - len(text)) // 2, text,
                theme.title)
        if layout.side_panel:
            # (the moves list runs on towards the screen's foot, as far as its moves need,
            # where the panel ends above it: beside a small board it showed ten moves over
            # rows left empty; run to the foot whatever its length, it took the key line
            # with help and leaving eight rows below the board at 120x40)
            rows = layout.panel_rows
            listing = self._history_listing() if self.show_history else None
            if listing is not None:
                foot = win.getmaxyx()[0] - layout.panel_top - 1
                # (the list takes the keys' rows, bar the key line it keeps: one more
                # line in it than there are key lines is a row more for the panel)
                rows = max(rows, min(foot, rows + len(listing[1]) + 1 - len(keys)))
            draw_side_panel(
                win, mask, layout.panel_top, layout.panel_left, rows,
                # (no title: the title bar names the puzzle)
                None, self.status_rows(layout.panel_width), message, theme,
                keys=keys, listing=listing, width=layout.panel_width,
            )
        else:
            # (a click on the message under the board takes it away, giving back the keys
            # it covers on a short screen; on the moves in a line, closes them)
            moves_line = self.show_history and listing is None and self.message is None
            self.status_bar_top = layout.panel_top
            draw_status_bar(win, mask, layout.panel_top, layout.panel_rows,
                            self._status_parts(win.getmaxyx()[1]), message, theme, bar_keys,
                            more_keys, listing,
                            Command.HISTORY if moves_line else Command.DISMISS)
        if pad is not None:
            draw_number_pad(win, mask, *pad, self.theme, layout, grid, self.game.cursor,
                            self.pad_place)

    def _pad_parts(self) -> tuple[str, tuple[PadButton, ...]]:
        """The number pad's title (what its digits do now) and its keys beside the digits
        (see `ui.numpad`)."""
        game = self.game
        if self.finding is not None:
            title = "Go to number"
        else:
            title = "Pencil marks" if game.pencil else "Number pad"
        keys = (BACK, CLEAR, PadButton("enter", Command.COMMIT),
                PadButton(f"pencil: {'on' if game.pencil else 'off'}", Command.PENCIL,
                          short="pencil", widest="pencil: off"))
        return title, keys

    def _status_parts(self, width: int) -> list[str]:
        """The status bar's parts (the bar drops them from the end where `width` is short)."""
        game = self.game
        # Pencil mode and the cursor cell's marks come before the counts, which the bar
        # drops first on a narrow screen: what a digit will do, and what the cell's marks
        # are, matter more there than the clock (at 40 columns both were dropped).
        lead = [f"{game.rows}x{game.cols}"]
        counts = [f"{game.placed}/{game.size}", plural(game.moves_played, "move"),
                  format_duration(game.elapsed())]
        if self.paused_by_player:
            counts.append("paused")
        if game.pencil and game.solved is None:
            lead.append("pencil")
        marks = game.notes(game.cursor_cell)
        if marks and not game.value(game.cursor_cell) and not self.paused_by_player:
            # (the side panel's Cell row says them; a board in the bar's layout is large,
            # and shows its cells' first marks only) All the marks, with as many counts as
            # fit beside them, the clock first to go; else as many marks as fit beside every
            # count; else beside the board's fill alone (or without it).
            where = cell_name(*game.cursor)
            dot = f" {self.theme.glyphs.bullet} "  # (as the bar joins its parts)
            head = len(f"{dot}{where} ")
            whole = f"{where} {self._marks_text(width)}"
            kept = next((k for k in range(len(counts), 0, -1)
                         if len(dot.join([*lead, whole, *counts[:k]])) <= width), 0)
            # (the board's size, which the player knows, goes before the marks are cut: at
            # 30 columns the line read "5x5 · pencil · A1 marks 3 …(3)", and the 4 and 12
            # typed were nowhere in sight, the cell showing its first mark only)
            unsized = next((k for k in range(len(counts), -1, -1)
                            if len(dot.join([*lead[1:], whole, *counts[:k]])) <= width), None)
            room = width - len(dot.join(lead + counts)) - head
            if kept:
                lead.append(whole)
                counts = counts[:kept]
            elif unsized is not None:
                lead = [*lead[1:], whole]
                counts = counts[:unsized]
            elif len(self._marks_text(room)) <= room:
                lead.append(f"{where} {self._marks_text(room)}")
            else:
                room = width - len(dot.join([*lead, counts[0]])) - head
                lead.append(f"{where} {self._marks_text(room)}")
        parts = lead + counts
        if game.hints or game.fills:
            # (as the side panel counts them beside the moves; the first part to go on a
            # narrow screen)
            parts.append(help_count(game.hints, game.fills, "fill"))
        if not self.claimed and game.solved is None:
            parts.insert(1, "not saved: 2nd window")  # (see ELSEWHERE; before the counts)
        elif self.save_failed and game.solved is None:
            parts.insert(1, "not saved")
        return parts

    def _recent_moves(self, count: int = 4) -> str:
        """The moves list in a line, for the status bar, which has no room for the list:
        the latest `count` moves, newest last, as far as `u` has walked back."""
        game = self.game
        # (each move whole on a line: "41." at a line's end, "31 at A7" on the next, misread)
        latest = game.latest_moves(count)
        done = [f"{i}. {describe_move(move, game.cols)}".replace(" ", NO_BREAK)
                for i, move in enumerate(latest, start=game.moves - len(latest) + 1)]
        if not done:
            return "No moves yet. m closes the moves."
        undone = (f"; {plural(len(game.future), 'move')} to redo (r)" if game.can_redo
                  else "")
        walk = "" if game.moves_final else "u and r walk them, "
        return f"Moves: {', '.join(done)}{undone}. {walk}m closes."

    def _history_listing(self) -> tuple[ListLine, MadeLines]:
        game = self.game
        cols = game.cols
        walk = not game.moves_final
        # (a solve's record is read, not walked: the line in view is the one the wheel
        # reached, and a click only moves there; see `PlayScreen._dispatch`)
        at = game.moves if walk or self.record_at is None else self.record_at
        done, undone = game.history, game.future

        def line(i: int) -> ListLine:
            """Line i: the start, then the moves made, then those undone (dim)."""
            if i == 0:
                return ListLine("  0. start", GoToMove(0), current=at == 0)
            if i <= len(done):
                return ListLine(f"{i:>3}. {describe_move(done[i - 1], cols)}", GoToMove(i),
                                current=i == at)
            return ListLine(f"{i:>3}. {describe_move(undone[i - 1 - len(done)], cols)}",
                            GoToMove(i), dim=True)

        count = 1 + len(done) + len(undone)
        # (an undone move is never the one marked: past the moves made, the list ends in view)
        lines = MadeLines(count, line, at if 0 <= at <= len(done) else count - 1)
        # (the title says the keys that walk it, u and r, whose lines the list covers; a
        # click on a line goes there too. It said "click one" to a player on the keyboard.
        # The title closes the list, as m does: the list takes the keys' place beside the
        # board, "moves m" among them, and the mouse had no way to close it)
        title = "Moves: u r walk" if walk else "Your moves"
        return ListLine(f"{title}  [Esc close]", Command.HISTORY), lines

    def _draw_title(self, win: "curses.window", grid: GridLayout) -> None:
        parts = ["Numbrix", self.label]
        if self.game.solved is not None:
            parts.append("revealed" if self.game.solved.revealed else "solved")
        if grid.scrolled:
            parts.append(grid.view_span)
        # On a narrow screen the name is cut first: which part of the board is in view
        # matters more while playing than a name the player chose it by.
        draw_title_parts(win, parts, 1, self.theme)
