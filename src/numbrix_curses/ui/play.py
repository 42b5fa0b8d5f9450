"""The play screen: turns actions into game calls, and reports back.

It owns the UI state that is not part of the game: the message, input and its refusals,
restarting, the solve recorded, and saving: the game is written after every change, once
the frame showing it is on screen, and when the screen closes. Help (check, hints,
auto-fill, the solution revealed, and the background solve and tasks behind them) is
`ui.play_help`'s; how it looks (the board, the panel, the moves list, the scroll position
of a large board) is `ui.play_view`'s.
"""
from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from numbrix_curses import assist
from numbrix_curses.atomic import same_file
from numbrix_curses.game import (
    Game,
    PendingEntry,
    Refusal,
)
from numbrix_curses.puzzle import BLANK, Puzzle, cell_name, plural
from numbrix_curses.jobs import (
    CancelToken,
    FinishedJob,
    Job,
    SolveJob,
    ThreadJob,
    collect,
    grading_job,
    when_done,
)
from numbrix_curses.savefile import game_mark, puzzle_key
from numbrix_curses.slips import Suspects
from numbrix_curses.ui.actions import (
    Action,
    ClearCell,
    Command,
    Digit,
    Extend,
    GoTo,
    GoToMove,
    MoveCursor,
    Paste,
    Scroll,
    SelectCell,
    UnboundKey,
)
from numbrix_curses.ui.commands import CommandsScreen
from numbrix_curses.ui.dialogs import ConfirmScreen
from numbrix_curses.ui.edits import apply_edit
from numbrix_curses.ui.grid import GridLayout
from numbrix_curses.ui.keys import PLAY_KEYS
from numbrix_curses.ui.layout import Layout
from numbrix_curses.ui.numpad import PadPlace
from numbrix_curses.ui.saving import file_name_for, id_from_path, save_prompt
from numbrix_curses.ui.play_help import HelpTask, PlayHelp
from numbrix_curses.ui.play_view import PlayView
from numbrix_curses.ui.play_words import (
    PAUSED,
    cleared_words,
    command_items,
    fold_words,
    full_stop,
    PENCIL_ON,
    given_mark_message,
    help_count,
    out_of_range_words,
    solved_line,
    solved_wordings,
    spent_mark_words,
    then_keys,
)
from numbrix_curses.ui.panel import (
    Message,
    MessageKind,
    shorter_than,
    take_store_problems,
    unbound_message,
)
from numbrix_curses.ui.screen import (
    AppContext,
    BoardScreen,
    Exit,
    Nav,
    Pop,
    Push,
    Replace,
)
from numbrix_curses.ui.times import format_duration
from numbrix_curses.verdict import Status

if TYPE_CHECKING:  # (the result's type only: the solve runs in `assist`)
    from numbrix_curses.solver import SolveResult

#: seconds between saves while the clock runs and nothing else changes
IDLE_SAVE_SECONDS = 30.0

#: a `PlayScreen.save_seen` no saved game has: the game did not grow from the save
_NOT_FROM_THE_SAVE = "(a new game)"
#: said when another app instance plays the same puzzle (see `PlayScreen.claimed`)
ELSEWHERE = ("This puzzle is open in another numbrix window: moves made here are not "
             "saved. Play it there, or leave it there and open it here again.")



class PlayScreen(PlayHelp, PlayView, BoardScreen):
    """Playing one puzzle."""

    keys = PLAY_KEYS

    def __init__(
        self,
        ctx: AppContext,
        game: Game,
        label: str,
        source: str | None = None,
        *,
        message: Message | None = None,
        known: SolveResult | None = None,
        first_game: bool = False,
        claimed: bool | None = None,
        save_seen: str | None = None,
    ) -> None:
        """`known` is a solve of this puzzle made elsewhere (the entry screen's check, the
        game before a restart); without it the puzzle is solved in the background.
        `first_game`: nothing was ever played or solved here (see `first_game_tip`).
        `claimed`: the caller has claimed the game already (see `Store.claim_game`), with
        this outcome; the screen gives the claim back when it closes. `save_seen`: the
        `game_mark` of the saved game `game` was rebuilt from, None for a new game."""
        super().__init__(ctx)
        self.game = game
        #: this app instance saves the game: another one playing the same puzzle first
        #: keeps it, and moves made here are not saved (see `Store.claim_game`)
        self.claimed = ctx.store.claim_game(game.puzzle) if claimed is None else claimed
        #: while another window holds the claim: the saved game this one grew from, as
        #: `Store.save_mark` tells it; a new game over a saved one grew from none of it, and
        #: never takes over (a restart after a reveal wiped the other window's game)
        self.save_seen = save_seen
        if not self.claimed and save_seen is None and ctx.store.save_mark(game.puzzle):
            self.save_seen = _NOT_FROM_THE_SAVE
        #: the game as this window found it: leaving it untouched asks nothing
        self.opened_revision = game.revision
        #: the claim came free but the game was played on elsewhere (see `_take_over`)
        self.played_elsewhere = False
        if not self.claimed:
            message = Message(ELSEWHERE, MessageKind.ERROR)
        self.label = label
        self.source = source
        self.message = message
        #: what the file's reader warned of, when this screen opened with it: said again
        #: after a verdict that comes while it shows (see `_tell_verdict`)
        self.read_note: Message | None = None
        self.origin = (0, 0)
        self.clicked = False
        #: where the cursor was when the board was last drawn (see `draw`)
        self.drawn_cursor: tuple[int, int] | None = None
        #: the hint shown when the board was last drawn (a new one brings its cells into view)
        self.drawn_hint: assist.Hint | None = None
        #: nothing was ever played or solved here: the panel explains the game until the
        #: first key that does more than move the cursor (see `first_game_tip`)
        self.first_game = first_game
        self.check_marks: frozenset[int] = frozenset()
        self.check_revision = -1
        #: the number typed after `/` (go to a number), None when not asked
        self.finding: str | None = None
        #: said while a stroke of the path goes on: it stepped onto a number that does not
        #: follow the one it left, and goes on from there
        self.stroke_note: Message | None = None
        #: numbers a check showed are not in the solution, by cell: marked as long as the
        #: cell holds that number (undoing the moves after them leaves them wrong), where
        #: the check's other marks hold for the board as it was checked only
        self.wrong_marks: dict[int, int] = {}
        #: the board (revision) a check said "N numbers will not work out" of: `c` again on
        #: it shows which (see `_check`)
        self.wrong_told = -1
        #: the puzzle `q` leads on to once this one is solved, when a list opened it (the
        #: library selects the next unsolved one): the win message says so
        self.next_up = ""
        self.hint: assist.Hint | None = None
        self.hint_revision = -1
        #: the last hint counted as help, as (board revision, cell, number): shown again on
        #: the same board (after Esc) it is not counted again
        self.hint_counted: tuple[int, int | None, int | None] | None = None
        #: the player said yes to "Take a hint?" in this game: not asked again where the
        #: hint given counted nothing (a puzzle with several solutions, say)
        self.hint_agreed = False
        self.show_history = False
        #: the number pad is open, and where the player moved it (see `ui.numpad`)
        self.pad = False
        self.pad_place = PadPlace()
        #: where the moves list of a game solved by hand is, read with the wheel (None: at
        #: its end); such a list is a record, which moves no number
        self.record_at: int | None = None
        #: the last frame's window size, layout and board window: kept while the mouse
        #: button is held (see `draw`)
        self.held_layout: tuple[tuple[int, int], Layout, GridLayout] | None = None
        self.task: ThreadJob | None = None
        self.task_kind: HelpTask | None = None
        self.task_revision = -1
        self.reveal_waiting = False
        #: the revision a check waits on the background solve for, or -1 (see `_check`)
        self.check_waiting = -1
        #: a hint or auto-fill waiting for the background solve, and the revision it was
        #: asked on (see `_start_help`)
        self.help_waiting: tuple[HelpTask, int] | None = None
        self.solve_shared = False  # has the background solve been handed to the hints?
        self.saved_revision = -1 if game.moves else game.revision
        #: this screen has written (or queued) a save of the game (see `save`)
        self.wrote_save = False
        self.last_save = time.monotonic()
        self.save_failed = False
        self.save_error: str | None = None  # why the latest save failed
        self.recorded = game.solved is not None
        self.solved_note: Message | None = None
        self.paused_by_cover = False
        #: paused while the terminal was too small to show the board (see `draw`)
        self.paused_by_size = False
        self.solution_job: Job[SolveResult] = (
            SolveJob("solution", game.puzzle, assist.SOLVE_BUDGET, self._solve)
            if known is None
            else FinishedJob("solution", known)
        )
        #: whether a puzzle without exactly one solution has been said to be so
        self.verdict_told = False
        #: for a puzzle with no solution: the givens without which it has one (see
        #: `slips`), once known, and the job looking for them
        self.suspects: Suspects | None = None
        self.suspects_job: Job[Suspects] | None = None
        #: a puzzle without a difficulty is graded once its solution is known (see
        #: `_grade_when_solved`); the job doing it, and whether it has been started
        self.grade_job: Job[str] | None = None
        self.grade_started = False
        if game.solved is not None and self.message is None:
            self.message = self._solved_message(None, False)

    def _solve(self, token: CancelToken, seconds: float):
        """The solution, worked out in this process for at most `seconds` (stops when the
        screen closes); a long search goes on in a process of its own (see `SolveJob`)."""
        return assist.solve(self.game.puzzle, timeout=seconds, on_event=token.on_event)

    @classmethod
    def open(
        cls,
        ctx: AppContext,
        puzzle: Puzzle,
        label: str,
        source: str | None,
        known: SolveResult | None = None,
        note: str | None = None,
    ) -> "PlayScreen":
        """Play `puzzle`, going on with its saved game when there is one (`known`: as for
        the constructor); `note`, what the file's reader warned of, is said first."""
        claimed = ctx.store.claim_game(puzzle)  # (before reading the save it then keeps)
        resumed = ctx.store.resume(puzzle)
        message = None
        first = False
        seen = None
        if resumed is not None:
            game, saved = resumed
            if game.solved is not None and not game.solved.revealed and claimed:
                # (a solve recorded, its save left by an app that ended at once; a revealed
                # game stays as it was left, for `u` to take the reveal back)
                ctx.store.delete_game(puzzle)
                game = Game(puzzle)
            else:
                # (of the read the game was rebuilt from; only a window without the claim
                # looks at it, and for a long game it takes a while: its moves written out)
                seen = None if claimed else game_mark(saved.state)
                # (a game left paused opens paused: say how to go on at once)
                paused = " Paused: p goes on." if game.paused else ""
                # (the help had, as the side panel counts it beside the moves: a game of
                # one hint alone read "0 moves", as if nothing had been done in it)
                helped = help_count(game.hints, game.fills, "fill")
                message = Message(
                    f"Welcome back: {plural(game.moves_played, 'move')}, "
                    f"{helped + ', ' if helped else ''}"
                    f"{format_duration(game.elapsed())} so far.{paused}",
                    greeting=True,
                )
        else:
            game = Game(puzzle)
            records = ctx.store.records()
            record = records.get(puzzle_key(puzzle))
            if record is not None and record.solved and record.best_seconds is not None:
                message = Message(
                    f"Solved before; best time {format_duration(record.best_seconds)}.",
                    greeting=True)
            first = not records and not ctx.store.saved_games(moves=False, board=False)
        # (a warning of how the file was read outranks a welcome: the board may not be the
        # one meant)
        noted = Message(note) if note else None
        message = take_store_problems(ctx.store) or noted or message
        screen = cls(ctx, game, label, source, message=message, known=known, first_game=first,
                     claimed=claimed, save_seen=seen)
        screen.read_note = noted
        return screen

    # ----- input -------------------------------------------------------------------------
    def handle(self, action: Action) -> Nav | None:
        """Carry out `action`."""
        if action is Command.END_STROKE:
            self.game.end_stroke()  # (nothing else: the drag's words stay said)
            return None
        if action is Command.MOVE_PAD:
            self.pad_place.move()  # (a number being typed, a message, go to, all stay)
            return None
        if action is Command.QUIT:
            return self._leave()
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "play"))
        if action is Command.COMMANDS:
            return Push(CommandsScreen(self.ctx, command_items(self.game.solved), self.handle))
        if self.too_small:
            return None
        if isinstance(action, UnboundKey):
            self.message = self._unbound_message(action)
            return None
        if (self.paused_by_player and action is Command.CANCEL
                and not self.show_history):  # (there, Esc closes the moves first)
            action = Command.PAUSE  # (Esc ends a pause too, as it ends most things)
        if self.paused_by_player and action is not Command.PAUSE:
            # The board is hidden: nothing moves on it until play goes on (not even the
            # cursor, whose cell's number the panel would show).
            self.message = self._refusal_message(Refusal.PAUSED)
            return None
        if self.finding is not None and self._find_key(action):
            return None
        self.message = None
        # (the tip, the only place play states the rule, stays while the player looks round
        # the board: it went at the first key, an arrow or a click on a ruler)
        if not isinstance(action, (MoveCursor, SelectCell, GoTo)) or self.game.moves:
            self.first_game = False
        # A click selects a cell in view, and drawing steps to the next one: the view stays
        # put under the pointer, so a drag draws where it is (the other keys scroll it ahead
        # of the cursor, with a row or column to spare; drawn out of view, the path takes
        # the view along).
        self.clicked = isinstance(action, (SelectCell, GoTo, Extend))
        game = self.game
        solved = game.solved
        takes_back_reveal = action is Command.UNDO and solved is not None and solved.revealed
        clashes = game.duplicate_cells()
        came_from, revision = game.cursor_cell, game.revision
        refusal, nav = self._dispatch(action)
        new_clashes = game.duplicate_cells() - clashes
        if not isinstance(action, Extend):
            self.stroke_note = None
        elif refusal is None and game.cursor_cell != came_from and game.revision == revision:
            # Stepped onto a number (nothing drawn): one that does not follow the number
            # left is where the path goes on from, which a drag across a given did
            # without a word (33 onto 36, then 37 drawn where 35 belongs).
            left, reached = game.value(came_from), game.value(game.cursor_cell)
            if left and abs(reached - left) != 1:
                self.stroke_note = Message(
                    f"{reached} does not follow {left}: the path goes on from {reached}.")
        if refusal is not None:
            self.message = self._refusal_message(refusal)
        elif new_clashes and self.message is None:
            # (the red alone left a new player guessing what was wrong)
            self.message = self._clash_message(int(game.grid.flat[min(new_clashes)]))
        elif takes_back_reveal:
            # (else the board empties without a word, and the lost best time is a surprise)
            self.message = Message(
                "Solution taken back. This game can no longer earn a best time.")
        elif self.stroke_note is not None and self.message is None:
            self.message = self.stroke_note  # (while the stroke goes on)
        elif (self.message is None and game.cursor_cell in game.duplicate_cells()
              and not (action is Command.HISTORY and self.show_history)
              and action is not Command.DISMISS):
            # (said again on the cell, where it went with the key after the number; not
            # over the moves just asked for, which under the board share its rows)
            self.message = self._clash_message(game.value(game.cursor_cell))
        if self.check_waiting != self.game.revision:
            self.check_waiting = -1  # the board changed: the check waited on is moot
        if self.help_waiting is not None and self.help_waiting[1] != self.game.revision:
            self.help_waiting = None  # (so is a hint asked of the board before)
        self._after_change()
        return nav

    def _dispatch(self, action: Action) -> tuple[Refusal | None, Nav | None]:
        game = self.game
        over_moves = isinstance(action, GoToMove) or (
            isinstance(action, Scroll) and isinstance(action.over, GoToMove))
        if over_moves and game.moves_final:
            # A solve's record: the wheel and a click move along it, the board stays as
            # solved (the wheel moved the board's cursor, and moves 1 to 9 of twenty could
            # not be seen).
            at = game.moves if self.record_at is None else self.record_at
            if isinstance(action, Scroll):
                at += 1 if action.delta > 0 else -1
            else:
                at = action.count
            self.record_at = min(max(at, 0), game.moves)
            return None, None
        if isinstance(action, Scroll) and isinstance(action.over, GoToMove):
            # The wheel over the moves list walks it, a move a notch (as u and r do), where
            # it would otherwise have moved the board's cursor.
            step = 1 if action.delta > 0 else -1
            action = GoToMove(min(max(game.moves + step, 0), game.moves + len(game.future)))
        if isinstance(action, Scroll) and self.scroll_view(action.delta):
            game.commit()  # (as a cursor moved by the wheel did)
            return None, None
        cell = (game.geometry.cell(action.row, action.col) if isinstance(action, ClearCell)
                else game.cursor_cell)
        typing = next((entry for entry in (game.pending, game.pending_note)
                       if entry is not None and entry.cell == cell), None)
        held, noted = game.value(cell), game.notes(cell)
        edited, refusal = apply_edit(game, action)
        if edited:
            return self._said_of_edit(action, refusal, cell, typing, held, noted), None
        # Any other request ends the number being typed: 1, c, 9 is two numbers, not 19.
        game.commit()
        if isinstance(action, GoToMove):
            return self._go_to_move(action.count), None
        elif action in (Command.COMMIT, Command.CANCEL):  # Enter, Esc
            game.commit()
            self._cancel_task()
            self.hint = None
            if action is Command.CANCEL:
                self.show_history = False
                self.pad = False
        elif action is Command.NEXT_NUMBER:
            return game.place_next(), None
        elif action is Command.PENCIL:
            return self._toggle_pencil(), None
        elif action is Command.NUMBER_PAD:
            self.pad = not self.pad
        elif isinstance(action, Extend):
            refusal = game.extend(action.drow, action.dcol)
            if game.moved_along is not None:
                # (the cell it left may be out of sight, or far off: said, not only shown)
                number, left = game.moved_along
                self.message = Message(f"{number} moved here from "
                                       f"{cell_name(*game.geometry.row_col(left))} (back "
                                       "over it puts it back).")
            return refusal, None
        elif action is Command.PAUSE:
            return self._toggle_pause(), None
        elif action is Command.FIND:
            self.finding = ""
            self.message = Message("Go to number: _  (type it, then Enter; Esc gives up)")
        elif action is Command.CHECK:
            return None, self._check()
        elif action is Command.HINT:
            return self._ask_hint()
        elif action is Command.AUTO_FILL:
            return self._ask_auto_fill()
        elif action is Command.REVEAL:
            return self._ask_reveal()
        elif action is Command.RESTART:
            return self._ask_restart()
        elif action is Command.HISTORY:
            self.show_history = not self.show_history
            self.record_at = None  # (a solve's record opens at its end)
        elif action is Command.WATCH:
            return None, self._ask_watch()
        elif action is Command.SAVE_FILE:
            return None, self._ask_path()
        elif action is Command.ANOTHER:
            return self._another()
        elif isinstance(action, Paste):
            # (a pasted number went into the cell: see `apply_edit`)
            self.message = Message(
                "To check a pasted puzzle, paste it in the main menu or in Type in a puzzle.")
        return None, None

    def _another(self) -> tuple[Refusal | None, Nav | None]:
        """A new puzzle of this one's size and difficulty (medium when it has none), in
        place of this one: at once when it is solved or untouched, else after asking (the
        game is saved, and opening the puzzle again resumes it)."""
        from numbrix_curses import DIFFICULTIES
        from numbrix_curses.ui.newpuzzle import MOST_CELLS, NewPuzzleScreen

        puzzle = self.game.puzzle
        rows, cols = puzzle.rows, puzzle.cols
        if min(rows, cols) < 3:
            self.message = Message("g makes puzzles of 3 rows and columns or more like the "
                                   "one played; New puzzle in the menu picks a size.")
            return None, None
        if rows * cols > MOST_CELLS:
            # (after `numbrix play FILE` there is no menu to point to: say what makes one)
            self.message = Message(
                f"g makes puzzles of up to {MOST_CELLS} cells (20x27) here; numbrix generate "
                f"--size {rows}x{cols} makes larger ones.")
            return None, None
        difficulty = puzzle.metadata.get("difficulty", "medium")
        # (said as "a new 5x5 puzzle, medium" when this one had no difficulty of its own)
        kind = f"{difficulty} puzzle" if difficulty in DIFFICULTIES else "puzzle, medium"
        if difficulty not in DIFFICULTIES:
            difficulty = "medium"

        pattern = puzzle.metadata.get("pattern", "random")

        def replace() -> Nav:
            return Replace(NewPuzzleScreen.another(self.ctx, rows, cols, difficulty, pattern))

        if self.game.solved is not None or self.game.moves == 0:
            return None, replace()
        return None, Push(ConfirmScreen(
            self.ctx, f"Leave this game for a new {rows}x{cols} {kind}?", replace,
            detail=("This game is saved: opening this puzzle again resumes it."
                    if self._take_over() else
                    "Moves made here are not saved: this puzzle is open in another numbrix "
                    "window.")))

    def _ask_path(self) -> Nav:
        """Save the puzzle (its givens, not the numbers played) to a file, to print it or
        hand it on; it keeps its metadata, named after the file when it has no id."""
        puzzle = self.game.puzzle

        def saved(typed: str, absolute: str) -> None:
            self.message = Message(f"Saved the puzzle to {absolute}.", MessageKind.SUCCESS)

        def metadata(path: str) -> dict[str, str]:
            return {"id": id_from_path(path, "puzzle"), **puzzle.metadata}

        suggested = file_name_for(puzzle.id or self.label, "numbrix-puzzle")
        if self.source and same_file(suggested, self.source):
            # (a puzzle called by its file's name is offered that name: not the file it
            # came from, which Enter and y would replace, its comments and all)
            stem, ext = os.path.splitext(suggested)
            suggested = f"{stem}-copy{ext}"
        return save_prompt(self.ctx, puzzle, suggested, metadata, saved)

    def _wrong_marked(self) -> set[int]:
        """The cells still holding the numbers a check marked as not in the solution."""
        return {cell for cell, value in self.wrong_marks.items()
                if self.game.value(cell) == value}

    def _marked_now(self) -> set[int]:
        """The cells a check marks on the board as it stands: those whose numbers are not
        in the solution, and the check's other marks while the board is as it checked it."""
        marked = self._wrong_marked()
        if self.check_revision == self.game.revision:
            marked |= self.check_marks
        return marked

    def _after_change(self) -> None:
        # A mark goes with its number for good: a wrong number typed there again later is
        # not marked unasked.
        self.wrong_marks = {cell: self.game.value(cell) for cell in self._wrong_marked()}
        record = self.game.solved
        if record is not None and not self.recorded:
            self.recorded = True
            self._cancel_task()
            note = self._record_solve()
            if self.next_up and not record.revealed:  # (a reveal is no solve on record)
                # (fewer words where the screen is narrow; the last without the name,
                # which a file's list may give a puzzle past the width of the screen)
                note = then_keys(note, f"q: back to the list, with {self.next_up} next.",
                                 f"q: back, {self.next_up} next.", "q: back to the list.")
            self.solved_note = self.message = note
        elif record is not None and self.message is None and not self.show_history:
            # The finished board keeps saying how it went (but for the moves asked for:
            # under the board, at 40x12, they share its rows).
            self.message = self.solved_note or self._solved_message(None, False)
        if record is None:
            self.recorded = False
            self.solved_note = None
            game = self.game
            if self.message is None and game.placed == game.size and not game.number_can_grow:
                # (else a board full of numbers, one of them wrong, just sits there)
                self.message = Message("Every cell is filled, but the path breaks somewhere: "
                                       "c marks the numbers that cannot all be right.",
                                       shorter=("The path breaks somewhere: c marks the "
                                                "numbers that cannot all be right.",))

    def _leave(self) -> Nav:
        game = self.game
        if self.save_failed and game.solved is None:
            self.save()  # (one more try: the disk may have room again)
            if self.saved_revision != game.revision:
                return Push(ConfirmScreen(
                    self.ctx, "Leave? The latest moves could not be saved.", self._left,
                    detail=f"{self.save_error or 'The save failed'}. Leaving now loses "
                           "them; a move made once the save can be written saves them all."))
        if self._take_over() or game.solved is not None or game.revision == self.opened_revision:
            return self._left()
        detail = ("The game was played on in another window after this one opened; open the "
                  "puzzle again to go on from there." if self.played_elsewhere else
                  "This puzzle is open in another numbrix window, which saves its own game.")
        return Push(ConfirmScreen(self.ctx, "Leave? Moves made here are not saved.", self._left,
                                  detail=detail))

    def _left(self) -> Nav:
        return Exit(0) if self.ctx.standalone else Pop()

    def _take_over(self) -> bool:
        """Whether this window saves the game: it holds the claim, or can take it now that
        the window that held it has let go, when that one made no move after this one
        opened (else taking over would overwrite those moves; see `Store.save_mark`)."""
        if self.claimed:
            return True
        store, puzzle = self.ctx.store, self.game.puzzle
        if not store.claim_game(puzzle):
            return False
        if store.save_mark(puzzle) != self.save_seen:
            store.release_game(puzzle)
            self.played_elsewhere = True
            return False
        self.claimed = True
        self.message = Message("The other window let this puzzle go: this one saves it now.")
        return True

    def _clash_message(self, number: int) -> Message:
        """What to say of `number` standing on the board twice (or more)."""
        game = self.game
        given = [cell for cell in game.cells_holding(number) if game.is_given(cell)]
        if given:
            where = cell_name(*divmod(given[0], game.cols))
            return Message(f"{number} is given at {where}: the other {number} must go.",
                           MessageKind.ERROR)
        return Message(f"{number} is on the board twice: one of them must go.",
                       MessageKind.ERROR)

    # ----- go to a number ----------------------------------------------------------------
    def _find_key(self, action: Action) -> bool:
        """A key while a number to go to is typed after `/`: digits build it, Backspace
        takes one back, Enter goes, Esc gives up; any other key gives up and acts as
        ever (False: not taken here)."""
        typed = self.finding or ""
        said = "(Enter goes, Esc gives up)"
        if isinstance(action, Digit):
            longer = (typed + str(action.value)).lstrip("0")
            if longer and int(longer) <= self.game.size:
                typed = longer
            elif longer:
                said = f"(the numbers go to {self.game.size})"  # (the digit is not taken)
            else:
                said = "(the numbers start at 1)"  # (a 0 first: said, not dropped unseen)
        elif action is Command.BACKSPACE:
            typed = typed[:-1]
        elif action is Command.NUMBER_PAD:
            self.pad = not self.pad  # (the mouse's way to type the number: it waits)
        elif action is Command.COMMIT:
            self.finding = None
            if typed:
                self._go_to_number(int(typed))
            else:
                self.message = None
            return True
        else:
            self.finding = None
            self.message = None
            return action is Command.CANCEL
        self.finding = typed
        self.message = Message(f"Go to number: {typed}_  {said}")
        return True

    def _go_to_number(self, number: int) -> None:
        """Put the cursor on `number`; where it is not on the board, say where the
        numbers nearest it are."""
        game = self.game
        cell, below, above = game.find(number)
        cols = game.cols
        if cell is not None:
            game.set_cursor(*divmod(cell, cols))
            self.message = Message(f"{number} is at {cell_name(*divmod(cell, cols))}.")
            return
        near = [f"{n} is at {cell_name(*divmod(c, cols))}"
                for n, c in (pair for pair in (below, above) if pair is not None)]
        self.message = Message(f"{number} is not on the board yet"
                               + (f": {' and '.join(near)}." if near else "."))

    def _marks_text(self, room: int) -> str:
        """The cursor cell's pencil marks in `room` columns, whole numbers only: "marks 3 12",
        those whose numbers are on the board last ("marks 3 12, 7 placed": the cell does not
        show them), or "marks 3 12 ... (6)" with how many there are when they do not all
        fit."""
        game = self.game
        cell = game.cursor_cell
        marks = game.notes(cell)
        live = game.live_notes(cell)
        spent = [m for m in marks if m not in live]
        ordered = [str(m) for m in live + tuple(spent)]

        def text(shown: int) -> str:
            words = " ".join(ordered[:min(shown, len(live))])
            placed = " ".join(ordered[len(live):shown])
            if placed:
                words += (", " if words else "") + placed + " placed"
            cut = f" {self.theme.glyphs.gap}({len(marks)})" if shown < len(ordered) else ""
            return f"marks {words}{cut}"

        shown = len(ordered)
        while len(text(shown)) > room and shown > 1:
            shown -= 1
        return text(shown)

    def _said_of_edit(self, action: Action, refusal: Refusal | None, cell: int,
                      typing: PendingEntry | None, held: int,
                      noted: tuple[int, ...]) -> Refusal | None:
        """Say what an edit of `cell` did where the board alone would not show it (`typing`,
        `held` and `noted`: what was being typed there, and its number and marks, before);
        the refusal left for the caller to say."""
        game = self.game
        if refusal is Refusal.NOTE_OF_GIVEN and isinstance(action, Digit):
            # (said here, where the number typed is known, in place of the refusal's)
            digits = (typing.digits if typing is not None else "") + str(action.value)
            self.message = given_mark_message(int(digits), self._where(int(digits)))
            return None
        if refusal is not None:
            return refusal
        zero = isinstance(action, Digit) and action.value == 0 and typing is None
        clearing = typing is None and (zero or isinstance(action, ClearCell) or action in (
            Command.CLEAR, Command.BACKSPACE))
        # (a number taken out, or every mark of a blank cell: spent ones did not show)
        cleared = game.value(cell) == BLANK and (
            held != BLANK or (bool(noted) and not game.notes(cell)))
        if clearing and cleared:
            self.message = Message(cleared_words(cell_name(*divmod(cell, game.cols)), held, zero))
        elif isinstance(action, Digit):
            self._say_if_spent()
        return None

    def _where(self, number: int) -> str:
        """" at C5" where `number` stands, "" where it does not."""
        cell = self.game.find(number)[0]
        return "" if cell is None else f" at {cell_name(*divmod(cell, self.game.cols))}"

    def _say_if_spent(self) -> None:
        """Say so when the mark being pencilled in is of a number on the board already: the
        cell will not show it (see `Game.live_notes`), which would look like a lost key."""
        game = self.game
        typing = game.pending_note
        if typing is None or typing.value not in game.notes(typing.cell):
            return
        cell = game.find(typing.value)[0]
        if cell is None:
            return
        where = self._where(typing.value)
        self.message = (given_mark_message(typing.value, where, goes=True)
                        if game.is_given(cell) else Message(spent_mark_words(typing.value, where)))

    def _toggle_pencil(self) -> Refusal | None:
        game = self.game
        if game.solved is not None:
            return Refusal.SOLVED
        game.toggle_pencil()
        self.message = (PENCIL_ON if game.pencil
                        else Message("Numbers: what you type goes in as numbers again."))
        return None

    def _toggle_pause(self) -> Refusal | None:
        game = self.game
        if game.solved is not None:
            return Refusal.SOLVED
        if game.paused:
            game.resume()
        else:
            game.pause()
            self.message = Message(PAUSED)
        return None

    def _go_to_move(self, count: int) -> Refusal | None:
        game = self.game
        while game.moves > count:
            refusal = game.undo()
            if refusal is not None:
                return refusal
        while game.moves < count and game.can_redo:
            refusal = game.redo()
            if refusal is not None:
                return refusal
        return None

    # ----- restart ---------------------------------------------------------------------
    def _ask_restart(self) -> tuple[Refusal | None, Nav | None]:
        game = self.game
        if game.solved is not None:
            def again() -> Nav:
                if game.solved.revealed and self.claimed:
                    # The revealed game stays saved for `u` to take the reveal back; a
                    # fresh start with no move yet saves nothing, so that save came back
                    # in its place, solution and all, when the puzzle was opened again.
                    self.ctx.store.delete_game(game.puzzle)
                return Replace(PlayScreen(self.ctx, Game(game.puzzle), self.label, self.source,
                                          message=Message("A fresh start: the clock is at 0:00.",
                                                          greeting=True),
                                          known=self._settled_result()))

            return None, Push(ConfirmScreen(self.ctx, "Play this puzzle again from the start?",
                                            again))
        marked = bool(game.noted_cells)
        if not np.any(game.grid[~game.given_mask]) and not marked:
            return Refusal.NOTHING_TO_CLEAR, None
        yours = "your numbers and pencil marks" if marked else "your numbers"

        def restart() -> None:
            if self.game.paused:
                self.game.resume()
            refusal = self.game.restart()
            self.message = (self._refusal_message(refusal) if refusal is not None
                            else Message(f"Started again: u brings {yours} back."))

        return None, Push(ConfirmScreen(
            self.ctx, f"Clear all {yours} and start again?", restart,
            detail="u brings them back.",
        ))

    # ----- the clock's tick --------------------------------------------------------------
    def tick(self) -> Nav | None:
        failure = self.ctx.store.take_save_error()
        if failure is not None:
            self._save_failed(failure)
        elif (self.save_failed and self.saved_revision == self.game.revision
              and self.ctx.store.saves_settled()):
            # (written, not only queued: a failure reported after the queueing cleared the
            # flag, and said "Could not save the game" again over the message of a solve)
            self.save_failed = False
        return self._tick_help()

    # ----- finishing and saving ----------------------------------------------------------
    def _record_solve(self) -> Message:
        game = self.game
        record = game.solved
        assert record is not None
        store = self.ctx.store
        if record.revealed:
            # A reveal is a move like any other: the game stays saved with it, so `u`
            # takes it back when the puzzle is opened again too (the save was deleted).
            self.save(now=False, solved=True)
            return Message("Solution revealed: u takes it back.")
        self.saved_revision = game.revision
        before = store.records().get(puzzle_key(game.puzzle))
        try:
            best, is_best = store.record_solve(game.puzzle, self.label, record.seconds,
                                               record.numbers, timed=not game.assisted)
        except OSError as error:
            # The save stays (a move short of the solve), so the solve is not lost: made
            # again when the puzzle is opened again, it counts then.
            # (where no save was made, there is none to stay: not said)
            kept = "; the game stays saved" if store.has_game(game.puzzle) else ""
            said = f"(not counted: {error.strerror or error}{kept})"
            return Message(f"{self._solved_text()} {said}", MessageKind.SUCCESS,
                           shorter=(f"{self._solved_text(counted=False)} {said}",))
        if self.claimed:
            store.delete_game(game.puzzle)
        if game.assisted:
            # Solved with help (or by hand after taking back a reveal): it counts, its time
            # does not.
            why = "the solution was shown" if game.revealed else self._assists() + " used"
            said = f"(no best time: {why})"
            return Message(f"{self._solved_text()} {said}", MessageKind.SUCCESS,
                           shorter=(f"{self._solved_text(counted=False)} {said}",
                                    f"{self._solved_text(counted=False)}."))
        # A first timed solve has no best to beat yet: this one is it. (Solves with help
        # before it counted, but set no time.)
        first = before is None or before.best_seconds is None
        helped_before = before is not None and before.solved > 0
        return self._solved_message(best.best_seconds, is_best, first, helped_before,
                                    None if first else before.best_seconds)

    def _assists(self) -> str:
        return help_count(self.game.hints, self.game.fills)

    def _solved_text(self, counted: bool = True) -> str:
        """"Solved in 0:41, 30 moves" (`counted`: with the moves, else the time alone)."""
        record = self.game.solved
        assert record is not None
        return solved_line(record.seconds, record.numbers, marks=record.marks, counted=counted)

    def _solved_message(self, best: float | None, is_best: bool, first: bool = False,
                        helped_before: bool = False, beaten: float | None = None) -> Message:
        record = self.game.solved
        assert record is not None
        if record.revealed:
            return Message("Solution revealed: u takes it back.")
        return solved_wordings(record.seconds, record.numbers, best, is_best, first,
                               helped_before, record.marks, beaten)

    def after_draw(self) -> None:
        game = self.game
        if game.solved is not None:
            return
        idle = time.monotonic() - self.last_save > IDLE_SAVE_SECONDS and not game.paused
        if game.revision != self.saved_revision or idle:
            self.save(now=False)

    def save(self, *, now: bool = True, solved: bool = False) -> None:
        """Write the game (unless there is nothing worth keeping): at once, or queued for
        the background writer so the next key is not kept waiting by the disk. A solved
        game is written only when `solved` says so (a revealed one)."""
        game = self.game
        if (game.solved is not None and not solved) or not self._take_over():
            return
        store = self.ctx.store
        if game.moves == 0 and not game.assisted:
            # Looking is not playing: no "Continue" for a game without a move standing.
            # Nor for one whose every move was taken back (a number typed, then u, or
            # Backspace as it was typed): the player has not begun, and its save goes, or
            # the game would be listed under way with nothing of the player's on the board
            # (the moves undone, for r to bring back, go with it). Help is progress,
            # though: a hint shown, even before any move, is kept, else the puzzle opened
            # again would have its best time back and the hint to take again.
            if self.wrote_save:
                store.delete_game(game.puzzle)
                self.wrote_save = False
            return
        self.last_save = time.monotonic()
        self.saved_revision = game.revision
        self.wrote_save = True
        try:
            if now:
                store.flush()
                fold = store.save_game(game.puzzle, game, self.label, self.source)
            else:
                fold = store.save_game_later(game.puzzle, game, self.label, self.source)
        except OSError as error:
            self._save_failed(error.strerror or str(error))
            return
        if fold is not None and game.solved is None:
            self.message = fold_words(fold)

    def _save_failed(self, why: str) -> None:
        self.save_error = why
        if not self.save_failed and self.game.solved is None:
            # (a solved game's message stays: a save of the board before it is past help)
            self.message = Message(f"Could not save the game ({why}); playing on.",
                                   MessageKind.ERROR)
        self.save_failed = True
        self.saved_revision = -1  # try again with the next change

    def covered(self) -> None:
        if not self.game.paused and self.game.solved is None:
            self.game.pause()
            self.paused_by_cover = True

    def uncovered(self) -> None:
        if self.paused_by_cover:
            self.game.resume()
            self.paused_by_cover = False
        if self.message is not None and self.message.greeting:
            # Back from help or a menu, "Welcome back: 3 moves, 1:10 so far" read as if
            # just arrived, its time long past: a greeting goes as it goes at a key (a
            # warning of how the file was read, or a store problem, stays to be read).
            # What the board itself has to say comes in its place: the way out of the
            # player's pause, a revealed game's way back.
            self.message = Message(PAUSED) if self.paused_by_player else None
            self._after_change()

    def suspended(self, seconds: float) -> None:
        self.game.skip_time(seconds)  # time spent stopped is not play

    def _grade_when_solved(self) -> None:
        """Grade a puzzle that came without a difficulty (a newspaper's, a typed one) once
        the background solve has proved it unique, beside the game, and keep the grade
        with the puzzle: the panel shows it, the saved game keeps it, and a solve counts
        under it in the statistics (so does a solve recorded before the grade came)."""
        puzzle = self.game.puzzle
        if self.grade_job is not None:
            self.grade_job, grade = collect(self.grade_job)
            if grade:
                puzzle.metadata["difficulty"] = grade
                try:
                    self.ctx.store.note_difficulty(puzzle)
                except OSError:
                    pass  # (the solve stays counted, under "-": nothing is lost)
            return
        if self.grade_started or not self.solution_job.done or puzzle.metadata.get("difficulty"):
            return
        self.grade_started = True
        result = self.solution_job.result
        if result is not None and result.status is Status.UNIQUE:
            self.grade_job = grading_job(puzzle, result.solution)

    def _grade_after_close(self, job: Job[str]) -> None:
        """A solve is recorded and its grade is still on the way: let the grading finish
        after the screen has gone and note it in the statistics then, so the solve does not
        stay under "-" (a large board grades in seconds, and a nearly finished saved game
        can be solved and closed sooner). The note goes on a copy of the puzzle: the
        screens left may still be showing this one."""
        store = self.ctx.store
        puzzle = self.game.puzzle

        def note(grade: str) -> None:
            if grade:
                store.note_difficulty(
                    Puzzle(puzzle.givens.copy(), dict(puzzle.metadata, difficulty=grade)))

        when_done(job, note)

    def close(self) -> None:
        if self.grade_job is not None and self.grade_job.done:
            # A grade come in since the last tick goes into the save written below: left
            # out, the game opened again showed its size alone until graded anew.
            self._grade_when_solved()
        self._cancel_task()
        self.solution_job.cancel()
        if self.grade_job is not None:
            if self.recorded:
                self._grade_after_close(self.grade_job)
            else:
                self.grade_job.cancel()
        if self.suspects_job is not None:
            self.suspects_job.cancel()
        if self.paused_by_cover or self.paused_by_size:
            # Paused only while a dialog covered the board, or the window was too small to
            # show it: the save must not open paused.
            self.game.resume()
            self.paused_by_cover = self.paused_by_size = False
        self.save_error = None
        self.save()
        if self.save_error is not None:
            self.ctx.unsaved.append(f"could not save the game of {self.label} "
                                    f"({self.save_error})")
        if self.claimed:
            self.ctx.store.release_game(self.game.puzzle)
            self.claimed = False  # (given back once)

    # ----- messages ----------------------------------------------------------------------
    def _refusal_message(self, refusal: Refusal) -> Message:
        if refusal is Refusal.OUT_OF_RANGE:
            return Message(out_of_range_words(self.game), MessageKind.ERROR)
        if refusal is Refusal.PAUSED:
            return Message(PAUSED)
        if refusal is Refusal.SOLVED:
            note = self.solved_note or self._solved_message(None, False)
            if self.game.solved is not None and self.game.solved.revealed:
                return note  # ("u takes it back" is the way on)
            # (after "q: back to the list, with starter-2 next." from the library, not "q
            # leaves" as well)
            leave = "" if self.next_up else ", q leaves"
            return then_keys(note, f"R plays it again, g makes another like it{leave}.",
                             f"R again, g another like it{leave}.")
        if refusal in (Refusal.BOTH_PLACED, Refusal.END_PLACED):
            return Message(self._nothing_to_draw())
        if refusal is Refusal.LINKED:
            # (at 26x11 the whole was cut before the key that clears it)
            return Message(refusal.value, shorter=(
                "This number joins a neighbour already; Backspace clears it.",))
        kind = MessageKind.ERROR if refusal is Refusal.GIVEN else MessageKind.INFO
        return Message(refusal.value, kind)

    def _unbound_message(self, key: UnboundKey) -> Message:
        """What a key that means nothing here says: while paused or solved, with the line
        the other keys bring back (how to go on, how the solve went), as the player would
        otherwise lose it until another key."""
        if self.paused_by_player:
            return Message(f"{key.name} does nothing here. {PAUSED}",
                           shorter=(f"{key.name} does nothing. Paused: p goes on.",))
        if self.game.solved is not None:
            note = f"{key.name} does nothing here."
            said = then_keys(self._refusal_message(Refusal.SOLVED), note)
            # (shorter, without the keys that go on, which the key line lists: at 26x11
            # the note after them was cut to "x does...")
            solved = self.solved_note or self._solved_message(None, False)
            bare = [f"{full_stop(text)} {note}" for text in (solved.text, *solved.shorter)]
            wordings = sorted(dict.fromkeys([*said.shorter, *bare]), key=len, reverse=True)
            return replace(said, shorter=shorter_than(said.text, *wordings))
        return unbound_message(key)

    def _nothing_to_draw(self) -> str:
        """Why drawing from the cursor's number stops, naming where its neighbours in the
        path are ("Nothing to draw from 18: 17 is at A4 and 19 at B2."), as a path blocked
        by a number far off is otherwise a puzzle of its own."""
        game = self.game
        value = game.value(game.cursor_cell)
        places = []
        for number in (value - 1, value + 1):
            cells = game.cells_holding(number) if 1 <= number <= game.size else []
            if cells:
                places.append(f"{number} at {cell_name(*divmod(cells[0], game.cols))}")
        if len(places) == 2:
            return f"Nothing to draw from {value}: {places[0].replace(' at ', ' is at ')} and {places[1]}."
        end = "first" if value == 1 else "last"
        where = places[0].replace(" at ", " is at ") if places else ""
        return f"Nothing to draw from {value}: it is the {end} number, and {where}."

    @property
    def paused_by_player(self) -> bool:
        """The player's pause: it hides the board (a dialog or help over it pauses the
        clock but leaves the board shown behind)."""
        return self.game.paused and not self.paused_by_cover
