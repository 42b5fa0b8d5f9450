"""Type in a puzzle: an empty grid of a chosen size, the givens typed in, then check, save, play.

Check runs the solver (with a time budget, in the background, cancellable) and reports
unique, several solutions (showing a second one with the cells that differ from the first
marked; Tab switches between the two) or none; after none it looks for the givens without
which the puzzle has a solution and marks them (see `slips`: a slip in copying the puzzle is
most likely there), saying the fix that gives exactly one solution where one was found; f
makes the first fix named, as one move, and checks the grid again.
The grid is a `Game` that does not look for a win, so typing, clearing, undo and redo work
as in play.
"""
from __future__ import annotations

import curses
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from numbrix_curses import assist
from numbrix_curses.game import Game, Refusal
from numbrix_curses.puzzle import Puzzle, PuzzleError, cell_name, plural
from numbrix_curses.readfile import read_regular_file
from numbrix_curses.jobs import Job, SolveJob, collect, grading_job, suspects_job
from numbrix_curses.keptfiles import keep_typed, kept_typed
from numbrix_curses.savefile import puzzle_key
from numbrix_curses.slips import Fix, FixKind, Suspects
from numbrix_curses.textformat import (
    comment_text,
    format_grid_compact,
    parse_grid_as_typed,
)
from numbrix_curses.textformat.typed import MAX_TYPED_BYTES
from numbrix_curses.ui.actions import Action, Command, Paste, UnboundKey
from numbrix_curses.ui.commands import CommandsScreen
from numbrix_curses.ui.dialogs import ConfirmScreen
from numbrix_curses.ui.draw import columns, put, put_if_fits, wrap_text
from numbrix_curses.ui.edits import apply_edit
from numbrix_curses.ui.form import Button, Field, Form, draw_form_footer
from numbrix_curses.ui.grid import BoardView, draw_grid
from numbrix_curses.ui.keys import ENTRY_KEYS
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.numpad import (
    BACK,
    CLEAR,
    PadButton,
    PadPlace,
    draw_number_pad,
    pad_shape,
)
from numbrix_curses.ui.paste import NotUnderstood, PastedPuzzle, understand
from numbrix_curses.ui.play_words import out_of_range_words
from numbrix_curses.ui.saving import file_name_for, id_from_path, save_prompt
from numbrix_curses.ui.panel import (
    KeyHelp,
    Message,
    MessageKind,
    draw_side_panel,
    draw_status_bar,
    shorter_than,
    unbound_message,
)
from numbrix_curses.ui.screen import (
    SPIN_MS,
    AppContext,
    BoardScreen,
    Nav,
    Pop,
    Push,
    Replace,
    Screen,
    draw_title_parts,
    open_page,
    room_for_wording,
    spinner,
)
from numbrix_curses.ui.times import day_and_time, solver_time
from numbrix_curses.verdict import (CHECK_WORDS, LIST_WORDS, LIST_WORDS_SHORT, Status,
                                    no_solution_wordings)

SIDES = [str(n) for n in range(1, 31)]
#: how long Check may take before it says it could not decide
CHECK_BUDGET = assist.SOLVE_BUDGET

KEY_LINES = (
    (KeyHelp("move", "arrows hjkl wasd"),),
    # (a click on "type" opens the number pad: the mouse's way to type)
    (KeyHelp("type", "0-9", Command.NUMBER_PAD), KeyHelp("next", "Enter", Command.NEXT_CELL)),
    (KeyHelp("blank", ".", Command.BLANK_NEXT), KeyHelp("clear", "Bksp", Command.CLEAR)),
    (KeyHelp("undo", "u", Command.UNDO), KeyHelp("redo", "r ^R", Command.REDO)),
    # (fix beside check, whose verdict proposes the fix; in the commands box the second
    # column starts at play)
    (KeyHelp("check", "c", Command.CHECK), KeyHelp("fix", "f", Command.APPLY_FIX)),
    (KeyHelp("play", "p", Command.PLAY), KeyHelp("save", "e", Command.SAVE_FILE)),
    (KeyHelp("watch", "v", Command.WATCH), KeyHelp("answers", "Tab", Command.SWAP)),
    (KeyHelp("wipe", "x", Command.CLEAR_ALL),),
    (KeyHelp("help", "F1 H", Command.HELP), KeyHelp("back", "q Esc", Command.QUIT)),
)
STATUS_BAR_KEYS = (
    KeyHelp("type", "0-9", Command.NUMBER_PAD),
    KeyHelp("check", "c", Command.CHECK),
    KeyHelp("play", "p", Command.PLAY),
    KeyHelp("save", "e", Command.SAVE_FILE),
    # (kept on the key line with help and back, as play's "Tab more": the keys over it go
    # under a message, and a verdict is when play and save are wanted)
    KeyHelp("more", "m", Command.COMMANDS),
    KeyHelp("help", "F1", Command.HELP),
    KeyHelp("back", "q", Command.QUIT),
)
#: the rest, on the row above them while no message needs it (see `draw_status_bar`)
STATUS_BAR_MORE_KEYS = (
    KeyHelp("undo", "u", Command.UNDO),
    KeyHelp("redo", "r", Command.REDO),
    KeyHelp("answers", "Tab", Command.SWAP),
    KeyHelp("watch", "v", Command.WATCH),
    KeyHelp("wipe", "x", Command.CLEAR_ALL),
)
STATUS_ROWS = 4
#: the commands box's lines (see `ui.commands`): every key line's entry that acts
COMMAND_ITEMS = tuple(item for line in KEY_LINES for item in line if item.action is not None)


def open_pasted(ctx: AppContext, paste: Paste, otherwise: str) -> "EntryScreen | Message":
    """The type-in screen holding a pasted puzzle and checking it; or why the paste is
    none (an error message, with its shorter wordings), for a screen that takes only
    whole puzzles (`otherwise` says what else it takes: "or choose the size")."""
    pasted = understand(paste)
    if isinstance(pasted, PastedPuzzle):
        return EntryScreen.holding(ctx, pasted)
    if isinstance(pasted, NotUnderstood):
        return Message(pasted.reason, MessageKind.ERROR,
                       shorter=shorter_than(pasted.reason, *pasted.shorter))
    return Message(f"Paste a whole puzzle here, {otherwise}.", MessageKind.ERROR)


class EntrySizeScreen(Screen):
    """Rows and columns of the grid to type into; or the grid the app kept when it was
    stopped while one was typed in (Ctrl-C, a hang-up), to go on with."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        buttons = [Button("Enter Start", "\n", Command.PLAY)]
        #: the file of the grid kept (the newest that reads), its grid and name, and when
        #: it was kept
        self.kept: tuple[Path, np.ndarray, str | None, str] | None = None
        for path in kept_typed(ctx.store.root):
            try:
                # (at most what such a grid takes: a file of 100 GB under that name, read
                # whole, held up the screen until memory ran out)
                data = read_regular_file(path, MAX_TYPED_BYTES)
                when = day_and_time(time.localtime(path.stat().st_mtime))
            except (OSError, ValueError):  # (ValueError: no longer a regular file)
                continue
            read = (None if len(data) > MAX_TYPED_BYTES
                    else parse_grid_as_typed(data.decode("utf-8", errors="replace")))
            if read is not None:
                self.kept = (path, *read, when)
                buttons.append(Button("r Kept", "r", Command.RESUME_KEPT))
                break
        buttons.append(Button("Esc Back", "\x1b", Command.BACK))
        self.form = Form(
            [Field("Rows", SIDES, SIDES.index(ctx.last_typed_size[0]), numeric=True),
             Field("Columns", SIDES, SIDES.index(ctx.last_typed_size[1]), numeric=True)],
            buttons,
        )
        #: why a paste was not taken, shown under the form until the next action
        self.message: Message | None = None

    def action_for_key(self, key: int | str) -> Action | None:
        return self.form.action_for_key(key)

    def handle(self, action: Action) -> Nav | None:
        self.message = None
        action = self.form.handle(action)
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "entry"))
        if action is Command.BACK:
            return Pop()
        if action is Command.PLAY:
            self.ctx.last_typed_size = (self.form.fields[0].value, self.form.fields[1].value)
            rows, cols = int(self.form.fields[0].value), int(self.form.fields[1].value)
            return Replace(EntryScreen(self.ctx, rows, cols))
        if action is Command.RESUME_KEPT and self.kept is not None:
            path, grid, name, when = self.kept
            return Replace(EntryScreen.resuming(self.ctx, path, grid, name, when))
        if isinstance(action, Paste):
            # A whole puzzle pasted here needs no size chosen: it brings its own.
            opened = open_pasted(self.ctx, action, "or choose the size")
            if isinstance(opened, Message):
                self.message = opened
                return None
            return Replace(opened)
        return None

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        # The title, the question, the whole form and the footer line: down to the smallest
        # screen the game is played on, where the form is drawn tight, its buttons on two
        # rows (see `Form.size`).
        form_w, form_h = self.form.size(2, max(width, MIN_WIDTH) - 2)
        if not open_page(win, "Type in a puzzle", (form_w + 2, 2 + 2 + form_h + 1), theme):
            return  # q (Back) still leaves
        left = max(1, (width - 40) // 2)
        form_room = width - left - 1
        top = max(2, (height - 10) // 2)
        message = self.message.text if self.message is not None else self.form.note
        if message:
            attr = theme.error if self.message is not None else curses.A_NORMAL
            notes = [wrap_text(message, width - left - 1)]
        else:
            attr = theme.dim
            said = ["Or paste a whole puzzle: it brings its size."]
            if self.kept is not None:
                _, grid, _, when = self.kept
                said.insert(0, f"r: the {grid.shape[0]}x{grid.shape[1]} grid being typed "
                               f"in when the app stopped ({when}).")
            notes = [wrap_text(note, width - left - 1) for note in said]

        def room(spacing: int) -> int:
            """The rows between the form and the footer, drawn `spacing` rows a field."""
            return max(1, height - 1 - (top + 2 + self.form.size(spacing, form_room)[1] + 1))

        # (on 12 to 14 rows the blank rows between the fields left the notes a line or
        # two, cut mid-sentence: "r: the 9x9 grid being typed in when"; where even the
        # rows without them are too few, a note goes whole or not at all, the one on the
        # kept grid before the one on pasting; a message is cut to the rows, as before)
        spacing = 2 if room(2) >= sum(len(note) for note in notes) else 1
        rows_left = room(spacing)
        put(win, top, left, "Size of the grid:", curses.A_BOLD)
        below = self.form.draw(win, mask, top + 2, left, theme, spacing, form_room) + 1
        if (message and self.message is None
                and len(wrap_text(message, width - left - 1)) > rows_left):
            # (a short screen's blank row under the buttons goes to a note of the form that
            # needs it, as in New puzzle: at 26x11 "x does nothing here; ..." lost the key
            # that lists the keys)
            below, rows_left = below - 1, rows_left + 1
            notes = [wrap_text(message, width - left - 1)]
        if message:
            if self.message is not None:
                # (the longest wording of a paste refused that the rows show whole)
                wordings = (message, *self.message.shorter)
                message = next((said for said in wordings
                                if len(wrap_text(said, width - left - 1)) <= rows_left),
                               wordings[-1])
            notes = [wrap_text(message, width - left - 1, rows_left)]
        lines: list[str] = []
        for note in notes:
            if len(lines) + len(note) > rows_left:
                break
            lines += note
        for i, line in enumerate(lines):
            put_if_fits(win, below + i, left, line, attr)
        draw_form_footer(win, mask, left, "start", theme)


#: what a verdict of no solution says while the given copied wrong is looked for
LOOKING = "Looking for the given copied wrong... (Esc stops)"


def _fix_words(fix: Fix) -> str:
    """What f makes, as a verdict ends with it: "f: swap the 9 at D4 and the 10 at C4."."""
    return f"f: {fix.change()}."


class EntryScreen(BoardScreen):
    keys = ENTRY_KEYS

    def __init__(self, ctx: AppContext, rows: int, cols: int) -> None:
        super().__init__(ctx)
        blank = Puzzle(np.zeros((rows, cols), dtype=np.int16))
        self.game = Game(blank, track_completion=False)
        self.game.set_cursor(0, 0)
        self.message: Message | None = Message("Type the given numbers, then c to check.")
        self.origin = (0, 0)
        self.job: Job | None = None
        self.job_revision = -1
        self.result = None  # the last SolveResult
        self.result_revision = -1
        #: what the board shows after a check: "grid" (as typed), "first" or "second"
        self.view_mode = "grid"
        self.conflicts: frozenset[int] = frozenset()
        #: the grid revision the conflict marks belong to: any change to the grid makes
        #: them stale, so they show only while the grid is as it was checked (as in play)
        self.conflicts_revision = -1
        self.saved_revision = self.game.revision
        #: the file name typed at the last save, offered again at the next
        self.saved_path = ""
        self.play_after_check = False
        #: after a check that found no solution: the givens without which the typed puzzle
        #: has one (see `slips`), the grid revision they belong to, and the job finding them
        self.suspects: Suspects | None = None
        self.suspects_revision = -1
        self.suspects_job: Job[Suspects] | None = None
        #: the id of a pasted puzzle: it names the puzzle in play and the file offered
        self.name: str | None = None
        #: when the grid last changed: a puzzle played unsaved is named for it
        self.typed_at = time.localtime()
        #: a unique puzzle's difficulty ("easy" ... "fiendish"), graded after its check, the
        #: grid revision it belongs to, and the job grading it (for the grid as it was then)
        self.grade: str | None = None
        self.grade_revision = -1
        self.grade_job: Job[str] | None = None
        self.grade_job_revision = -1
        #: the player chose to let the grid's numbers go unsaved (see `close`)
        self.let_go = False
        #: the file of the kept grid this one went on with (see `resuming`)
        self.kept_from: Path | None = None
        #: what is said after every message while the grid is as it was then (see
        #: `_shown_message`), and the grid revision it is of: what the reader warned of a
        #: pasted puzzle (its board may not be the one meant), or the fix f made
        self.note: str | None = None
        self.note_revision = -1
        #: the note in fewer words, where it has them, for a status bar with no room for it
        #: whole after the message (the fix made: the board shows the change)
        self.note_short: str | None = None
        #: the number pad is open, and where the player moved it (see `ui.numpad`)
        self.pad = False
        self.pad_place = PadPlace()

    @classmethod
    def holding(cls, ctx: AppContext, pasted: PastedPuzzle) -> "EntryScreen":
        """A grid the size of a pasted puzzle, holding its givens (u takes them back out),
        and checking it."""
        puzzle = pasted.puzzle
        screen = cls(ctx, puzzle.rows, puzzle.cols)
        screen._take(pasted)
        return screen

    @classmethod
    def resuming(cls, ctx: AppContext, path: Path, grid: np.ndarray, name: str | None,
                 when: str) -> "EntryScreen":
        """A grid holding what was typed in when the app stopped (see `close`), as one move
        (u takes it back out), named as it was; `path`, the file it was kept in, goes once
        the grid is saved, let go, or kept again (see `close`)."""
        rows, cols = grid.shape
        screen = cls(ctx, rows, cols)
        flat = grid.ravel()
        screen.game.fill(((cell, int(flat[cell])) for cell in range(flat.size)), "kept")
        screen.kept_from = path
        screen.name = name
        screen.message = Message(f"The grid typed in when the app stopped ({when}), as it "
                                 "was; c checks it.")
        return screen

    # ----- the typed puzzle --------------------------------------------------------------
    def puzzle(self) -> Puzzle | str:
        """The typed grid as a puzzle, or why it is not one."""
        grid = self.game.grid.copy()
        try:
            return Puzzle(grid, {})
        except PuzzleError as error:
            if error.cell is None:
                return str(error)
            # Named as the screen names cells (B4), both copies: the error itself speaks
            # of rows and columns, as files are read.
            row, col = error.cell
            cells = self.game.cells_holding(int(grid[row, col]))
            if len(cells) < 2:
                return str(error)
            value = int(grid[row, col])
            names = [cell_name(*divmod(cell, self.game.cols)) for cell in cells]
            times = "twice" if len(names) == 2 else f"{len(names)} times"
            return f"{value} appears {times}, at {', '.join(names[:-1])} and {names[-1]}"

    def _puzzle_or_say_why(self) -> Puzzle | None:
        """The typed grid as a puzzle; else None, with the message saying why it is not one."""
        puzzle = self.puzzle()
        if isinstance(puzzle, str):
            said = f"Not a puzzle yet: {puzzle}"
            if " appears " in puzzle:
                # (what to do, too: the red cells show where, not which of them is wrong;
                # a small screen without room for it keeps where they are)
                self.message = Message(f"{said}. Retype the one copied wrong.",
                                       MessageKind.ERROR, shorter=(said,))
            else:
                self.message = Message(said, MessageKind.ERROR)
            return None
        return puzzle

    def _current_result(self):
        return self.result if self.result_revision == self.game.revision else None

    def _current_grade(self) -> str | None:
        return self.grade if self.grade_revision == self.game.revision else None

    def _metadata(self) -> dict[str, str]:
        """What is known of the typed puzzle beyond its grid: its grade, once graded (so a
        game of it counts by difficulty in the statistics, and a saved file says it)."""
        grade = self._current_grade()
        return {"difficulty": grade} if grade else {}

    def _start_grading(self, puzzle: Puzzle, solution: np.ndarray) -> None:
        """Grade a puzzle just found unique, beside the app (told the solution, so it need
        not be solved again)."""
        if self.grade_job is not None:
            self.grade_job.cancel()
        self.grade_job, self.grade_job_revision = grading_job(puzzle, solution), self.game.revision

    def _take_grade(self) -> None:
        """Show the grade once it is known, if the grid is still the one graded."""
        self.grade_job, grade = collect(self.grade_job)
        if grade is None:
            return  # (running, cancelled, or failed: the verdict stands without it)
        revision = self.grade_job_revision
        if revision == self.game.revision and self._current_result() is not None:
            self.grade, self.grade_revision = grade, revision
            if self.message is not None and self.message.text.startswith("Unique"):
                self.message = self._result_message()

    # ----- input -------------------------------------------------------------------------
    def handle(self, action: Action) -> Nav | None:
        revision = self.game.revision
        nav = self._handle(action)
        if self.game.revision != revision:
            self.typed_at = time.localtime()  # (what an unsaved puzzle is named for)
        return nav

    def _handle(self, action: Action) -> Nav | None:
        if action is Command.MOVE_PAD:
            self.pad_place.move()  # (the number being typed, and a message, stay)
            return None
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "entry"))
        if action is Command.QUIT:
            return self._leave()
        if action is Command.COMMANDS:
            # (m, since Tab shows the solutions here; m closes it again)
            return Push(CommandsScreen(self.ctx, COMMAND_ITEMS, self.handle, opened_by="m"))
        if self.too_small:
            return None
        if isinstance(action, UnboundKey):
            self.message = unbound_message(action)
            return None
        game = self.game
        if action is Command.CANCEL:  # Esc
            if self.job is not None or self.suspects_job is not None:
                self._cancel()  # (a check, or the look for the given copied wrong after it)
                return None
            if game.pending is None and self.pad:
                self.pad = False  # (the number pad closes first, as a box would)
                return None
            if game.pending is None:
                # Nothing to end or stop: back, as q goes (asking first about numbers not
                # saved). Esc did nothing here, where the screen before says "Esc Back".
                return self._leave()
            action = Command.COMMIT
        self.message = None
        edited, refusal = apply_edit(game, action)
        if edited:
            self._drop_stale_jobs()
            if refusal is Refusal.OUT_OF_RANGE:
                self.message = Message(out_of_range_words(game), MessageKind.ERROR)
            elif refusal is not None and refusal is not Refusal.NOTHING_TO_CLEAR:
                # (a blank typed where a blank is, 0 in a row read off a page, is no
                # mistake: typing in, there is nothing to tell)
                self.message = Message(refusal.value)
            return None
        # Any other request ends the number being typed, as in play: 1, c, 5 is a check
        # between two numbers, not a refused 15 (which left stale check marks showing).
        typing = game.pending is not None
        game.commit()
        if action in (Command.NEXT_CELL, Command.BLANK_NEXT, Command.END_NUMBER):
            # Enter goes on; a space or a . after a number ends it and goes on (then the .
            # is a blank of its own: "1." is 1 and a blank, as "1 ." is); a . leaves a blank.
            if (action is Command.NEXT_CELL or typing) and not self._next_cell():
                return None  # (the last cell: no cell after it to leave blank)
            if action is Command.BLANK_NEXT:
                if game.value(game.cursor_cell):
                    game.clear()
                self._next_cell()
        elif action is Command.CHECK:
            self._check()
        elif action is Command.SWAP:
            self._swap()
        elif action is Command.APPLY_FIX:
            self._apply_fix()
        elif action is Command.PLAY:
            return self._play()
        elif action is Command.WATCH:
            return self._watch()
        elif action is Command.SAVE_FILE:
            return self._ask_path()
        elif action is Command.CLEAR_ALL:
            return self._ask_wipe()
        elif action is Command.NUMBER_PAD:
            self.pad = not self.pad
        elif action is Command.DISMISS:
            self.note_revision = -1  # (with the message it followed)
        elif isinstance(action, Paste):
            return self._paste(action)
        return None

    def _drop_stale_jobs(self) -> None:
        """Stop the look for suspects and the grading: they were for the grid as it was
        checked."""
        for job in (self.suspects_job, self.grade_job):
            if job is not None:
                job.cancel()
        self.suspects_job = self.grade_job = None

    def _apply_fix(self) -> None:
        """Make the change the check proposes, the first its message names, as one move
        (u takes it back), put the cursor on the cell it changes, and check the grid
        again; or say why there is none to make."""
        fix = self._current_fix()
        if fix is None:
            self.message = Message(self._no_fix_text())
            return
        game = self.game
        typed = game.grid
        fixed = fix.applied(typed).ravel()
        changed = [int(cell) for cell in np.flatnonzero(fixed != typed.ravel())]
        refusal = game.fill(((cell, int(fixed[cell])) for cell in changed), "fix")
        if refusal is not None:  # (a fix always changes a cell: this is never expected)
            self.message = Message(refusal.value, MessageKind.ERROR)
            return
        self._drop_stale_jobs()
        # (the cell a number went to: where a number moved, not the cell it left)
        to = next((cell for cell in changed if fixed[cell]), changed[0])
        game.set_cursor(*divmod(to, game.cols))
        self.note = f"Made the change: {fix.change()} (u takes it back)."
        self.note_short = "u takes the change back."
        self.note_revision = game.revision
        self._check()

    def _current_fix(self) -> Fix | None:
        """The change the check of the grid as it is proposes first, if any."""
        suspects = self._current_suspects()
        return suspects.first_fix() if suspects is not None else None

    def _no_fix_text(self) -> str:
        """Why f has no change to make."""
        if self.suspects_job is not None:
            return "No fix yet: still looking for the given copied wrong (Esc stops)."
        if self._current_suspects() is not None:
            return "No fix to make: no one change was found that gives exactly one solution."
        return ("No fix to make: f makes the change a check (c) proposes for a grid with no "
                "solution.")

    def _next_cell(self) -> bool:
        """The cursor to the next cell, into the next row at the end of one: whether it
        moved (not from the last cell)."""
        game = self.game
        row, col = game.cursor
        if (row, col) == (game.rows - 1, game.cols - 1):
            return False
        game.set_cursor(*((row, col + 1) if col + 1 < game.cols else (row + 1, 0)))
        return True

    def _paste(self, paste: Paste) -> Nav | None:
        """A pasted puzzle fills the grid, in place of what it held, and is checked. (A
        pasted number went into the cursor cell: see `apply_edit`.) One of another size
        takes a grid of its size."""
        pasted = understand(paste)
        if isinstance(pasted, NotUnderstood):
            # (with its shorter wordings, as the size screen and the menu say it: under
            # the board at 26x11 "'hello' is not a number..." lost what is wrong there)
            self.message = Message(pasted.reason, MessageKind.ERROR,
                                   shorter=shorter_than(pasted.reason, *pasted.shorter))
            return None
        if not isinstance(pasted, PastedPuzzle):
            return None
        puzzle = pasted.puzzle
        if puzzle.givens.shape == self.game.grid.shape:
            self._take(pasted)
            return None

        def replace() -> Nav:
            self.let_go = True
            return Replace(EntryScreen.holding(self.ctx, pasted))

        if self.game.placed == 0 or self.saved_revision == self.game.revision:
            return replace()
        return Push(ConfirmScreen(
            self.ctx,
            f"Put the pasted {puzzle.rows}x{puzzle.cols} puzzle in place of this "
            f"{self.game.rows}x{self.game.cols} grid?",
            replace, detail="The grid's numbers are not saved."))

    def _take(self, pasted: PastedPuzzle) -> None:
        """Put a pasted puzzle of this grid's size in it, as one move, and check it."""
        flat = pasted.puzzle.givens.ravel()
        refusal = self.game.fill(((cell, int(flat[cell])) for cell in range(flat.size)), "paste")
        self.name = pasted.puzzle.id or self.name  # (the same grid pasted with a name has it)
        self.note, self.note_revision = pasted.note(), self.game.revision
        self.note_short = None
        if refusal is Refusal.NOTHING_TO_FILL:
            self.message = Message("The grid holds that puzzle already.")
            return
        self._check()
        if self.job is not None:
            self.message = Message(f"Pasted {pasted.describe()}; checking... (Esc cancels)")

    def _leave(self) -> Nav:
        if self.game.placed == 0 or self.saved_revision == self.game.revision:
            return Pop()

        def leave() -> Nav:
            self.let_go = True
            return Pop()

        return Push(ConfirmScreen(self.ctx, "Leave without saving this puzzle?", leave,
                                  detail="No goes back to it, where e saves it to a file."))

    def _ask_wipe(self) -> Nav | None:
        if self.game.placed == 0:
            self.message = Message("The grid is empty already.")
            return None

        def wipe() -> None:
            self.game.restart()
            self.message = Message("Grid cleared: u brings it back.")

        return Push(ConfirmScreen(self.ctx, "Clear the whole grid?", wipe, detail="u brings it back."))

    def _check(self) -> None:
        puzzle = self._puzzle_or_say_why()
        self.conflicts_revision = self.game.revision
        if puzzle is None:
            self.conflicts = self.game.conflict_cells()
            return
        # Givens that break a rule between them are marked at once; the check still runs
        # (it answers such a grid at once), so the verdict, its reason and the look for the
        # given copied wrong come as for any grid with no solution.
        self.conflicts = self.game.conflict_cells()
        self._cancel()
        self.job = SolveJob("check", puzzle, CHECK_BUDGET)
        self.job_revision = self.game.revision
        self.message = Message("Checking... (Esc cancels)")

    def _cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.play_after_check = False
            self.message = Message("Cancelled.")
        if self.suspects_job is not None:
            self.suspects_job.cancel()
            self.suspects_job = None
            self.message = self._verdict_of_none()

    def tick(self) -> Nav | None:
        self._take_suspects()
        self._take_grade()
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.error is not None or job.result is None:
            self.message = Message(f"Check failed: {job.error}", MessageKind.ERROR)
            return None
        if self.job_revision != self.game.revision:
            self.message = Message("The grid changed: press c to check again.")
            return None
        self.result, self.result_revision = job.result, self.game.revision
        self.view_mode = "second" if job.result.other_solution is not None else "grid"
        self.message = self._result_message()
        if job.result.status is Status.NONE:
            self._look_for_suspects()
        elif job.result.status is Status.UNIQUE and self.grade_revision != self.game.revision:
            puzzle = self.puzzle()
            if not isinstance(puzzle, str):
                self._start_grading(puzzle, job.result.solution)
        if self.play_after_check:
            self.play_after_check = False
            return self._play()
        return None

    def _result_message(self) -> Message:
        result = self.result
        status = result.status
        seconds = solver_time(result.stats.seconds)
        if status is Status.UNIQUE:
            grade = self._current_grade()
            graded = f"; graded {grade}" if grade else ""
            text = f"Unique: exactly one solution ({seconds}){graded}. p plays it, e saves it."
            # (shorter for a status bar with no room for the whole: the keys kept)
            return Message(text, MessageKind.SUCCESS, shorter=shorter_than(
                text, f"Unique: exactly one solution{graded}. p plays it, e saves it.",
                f"Unique{f' ({grade})' if grade else ''}: p plays it, e saves it."))
        if status is Status.MULTIPLE:
            differ = self._differences()
            marked = plural(len(differ), "marked cell")
            text = (f"Not unique: it has more than one solution. Shown: one, the {marked} "
                    "differing in another; Tab shows that one, then the grid as typed.")
            # (at 26x11 the whole was cut before the key that shows the other solution)
            return Message(text, MessageKind.ERROR, shorter=shorter_than(
                text, f"Not unique: the {marked} differ in another solution; Tab shows it.",
                "Not unique: Tab shows another solution."))
        if status is Status.NONE:
            return self._verdict_of_none()
        return Message(f"Could not decide within {CHECK_BUDGET:.0f} s.", MessageKind.ERROR)

    def _verdict_of_none(self) -> Message:
        """The message of a check that found no solution (`_no_solution_text`); where it
        proposes a fix, shorter wordings that still end with it, for a status bar with no
        room for the whole (26 columns): without what the suspects found (the fix names
        them, and ? marks them on the board), then with the solver's reason in fewer words
        ("8 and 9 not side by side"), then without it."""
        text = self._no_solution_text()
        reason = self.result.reason if self.result is not None else ""
        if self.suspects_job is not None:
            # (while the slip is looked for: the key that stops the search kept)
            return Message(text, MessageKind.ERROR, shorter=shorter_than(
                text, *no_solution_wordings(reason, LOOKING)))
        suspects = self._current_suspects()
        fix = suspects.first_fix() if suspects is not None else None
        if fix is None and suspects is None:
            return Message(text, MessageKind.ERROR)
        if fix is None:
            # (no change gives exactly one solution: the shorter wordings end with what the
            # look found, as they end with a fix; at 40x14 the verdict was cut before
            # "check that number")
            found = self._suspects_text("", suspects).strip()
            wordings = no_solution_wordings(reason, found)
            if suspects.complete and not (suspects.rows or suspects.found or suspects.swaps
                                          or suspects.number_pairs):
                # (nothing one change mends, in fewer words: at 26x11 the verdict was cut
                # before "look for more than one slip")
                wordings += ("No solution. No single change makes it solvable: look for "
                             "more than one slip.",)
            return Message(text, MessageKind.ERROR, shorter=shorter_than(text, *wordings))
        return Message(text, MessageKind.ERROR, shorter=shorter_than(
            text, *no_solution_wordings(reason, _fix_words(fix))))

    def _no_solution_head(self) -> str:
        """"No solution: " and why, when the solver said, else "No solution."."""
        reason = self.result.reason if self.result is not None else ""
        return f"No solution: {reason}." if reason else "No solution."

    def _no_solution_text(self) -> str:
        """What a check that found no solution says: why, when the solver said, and which
        givens were likely copied wrong, or which row typed out of place, once that is known
        (see `_look_for_suspects`)."""
        text = self._no_solution_head()
        suspects = self._current_suspects()
        if self.suspects_job is not None:
            return f"{text} {LOOKING}"
        if suspects is None:
            return text
        said = self._suspects_text(text, suspects)
        fix = suspects.first_fix()
        return f"{said} {_fix_words(fix)}" if fix is not None else said

    def _suspects_text(self, text: str, suspects: Suspects) -> str:
        """`text` (the verdict and its reason) and what the suspects found say of the
        givens likely copied wrong, or the row typed out of place, and their fixes; then
        the two givens that, each put right as another number, give exactly one solution
        (looked for only where no one change does)."""
        more = suspects.more()
        if not suspects.number_pairs:
            return self._givens_text(text, suspects, more)
        # (the time running short is said once, in the last sentence)
        pairs = f"{suspects.pair_clause()} (marked ?): check those numbers{more}."
        if suspects.found or suspects.swaps:
            return f"{self._givens_text(text, suspects, '')} It has {pairs}"
        return (f"{text} No single given taken away, nor two swapped, makes it solvable, "
                f"but it has {pairs}")

    def _givens_text(self, text: str, suspects: Suspects, more: str) -> str:
        """`text` and what the suspects found say of the givens likely copied wrong, or
        the row typed out of place, and their fixes, `more` before the last full stop."""
        found, swaps = suspects.found, suspects.swaps
        if suspects.rows:
            # (pairs are not looked for then; the givens it does without follow, and the
            # time running short is said once, in the last sentence)
            text = f"{text} {self._row_slip_text(suspects, '' if found else more)}"
            if not found:
                return text
        if len(found) == 1:
            # (the fix, when one gives exactly one solution, is what to type instead)
            fixes = suspects.fixes_of(found[0])
            fixed = f", and has {fixes}" if fixes else ""
            return (f"{text} It can be solved without {found[0]} (marked ?){fixed}: check "
                    f"that number{more}.")
        if found:
            fixes = [f" For {suspect}: {suspects.fixes_of(suspect)}." for suspect
                     in found if suspects.fixes_of(suspect)]
            return (f"{text} It can be solved without any one of the {len(found)} givens "
                    f"marked ?: check them{more}.{''.join(fixes)}")
        if len(swaps) == 1:
            first, second = swaps[0]
            said = ("has exactly one solution" if suspects.swap_is_unique(first, second)
                    else "can be solved")
            return (f"{text} It {said} with {first} and {second} swapped (marked ?): "
                    f"check those numbers{more}.")
        if swaps:
            unique = [f"{a} and {b}" for a, b in swaps if suspects.swap_is_unique(a, b)]
            only = (f" Exactly one solution with {' or '.join(unique)} swapped."
                    if unique else "")
            return (f"{text} It can be solved with one of {len(swaps)} pairs of the givens "
                    f"marked ? swapped: check them{more}.{only}")
        if suspects.complete:
            return (f"{text} No single given taken away, nor two swapped, makes it "
                    "solvable: look for more than one slip.")
        return text

    @staticmethod
    def _row_slip_text(suspects: Suspects, more: str) -> str:
        """The sentence naming the rows typed out of place that put back give exactly one
        solution (there is at least one), `more` before its full stop."""
        rows = suspects.rows
        if len(rows) == 1 and not rows[0].swapped:
            return (f"It has exactly one solution with {rows[0]} (its givens marked ?): "
                    f"check that row{more}.")
        return f"It has {suspects.row_clause()} (their givens marked ?): check those rows{more}."

    def _look_for_suspects(self) -> None:
        """Start looking for the givens without which the checked puzzle has a solution."""
        puzzle = self._puzzle_or_say_why()
        if puzzle is None:
            return
        self.suspects, self.suspects_revision = None, self.game.revision
        self.suspects_job = suspects_job(puzzle)
        self.message = self._verdict_of_none()

    def _take_suspects(self) -> None:
        """Show the suspects once they are known, if the grid is still the one checked."""
        self.suspects_job, found = collect(self.suspects_job)
        if found is None:
            return  # (running, cancelled, or failed: the verdict stands without them)
        if self.suspects_revision == self.game.revision and self._current_result() is not None:
            self.suspects = found
            self.message = self._verdict_of_none()

    def _current_suspects(self) -> Suspects | None:
        if self.suspects is None or self.suspects_revision != self.game.revision:
            return None
        return self.suspects

    def _differences(self) -> list[int]:
        result = self._current_result()
        if result is None or result.other_solution is None:
            return []
        a, b = result.solution.ravel(), result.other_solution.ravel()
        return [int(c) for c in np.flatnonzero(a != b)]

    def _swap(self) -> None:
        result = self._current_result()
        if result is None:
            self.message = Message("Check first (c): Tab then shows the solutions.")
            return
        if result.solution is None:
            # (the grid was checked: "Check first" sent the player to check it again)
            self.message = Message(
                "No solution to show: the check found none." if result.status is Status.NONE
                else "No solution to show: the check ran out of time.")
            return
        order = ["second", "first", "grid"] if result.other_solution is not None else ["grid", "first"]
        self.view_mode = order[(order.index(self.view_mode) + 1) % len(order)]
        self.message = Message({
            # (named as the verdict names them: "one" shown first, then "another")
            "second": "Showing one solution (the marked cells differ in another); Tab "
                      "switches.",
            "first": ("Showing another solution; Tab switches." if result.other_solution
                      is not None else "Showing the solution; Tab switches."),
            "grid": "Showing the grid as typed; Tab switches.",
        }[self.view_mode])

    def _play(self) -> Nav | None:
        puzzle = self._puzzle_or_say_why()
        if puzzle is None:
            return None
        result = self._current_result()
        if result is None:
            self.play_after_check = True
            self._check()
            return None
        status = result.status
        puzzle = Puzzle(puzzle.givens, self._metadata())
        label, source = self._known_as(puzzle)
        from numbrix_curses.ui.play import PlayScreen

        # (the check's solve goes with it: the play screen need not solve the puzzle again)
        if status is Status.UNIQUE:
            return Push(PlayScreen.open(self.ctx, puzzle, label, source, known=result))
        if status is Status.MULTIPLE:
            return Push(ConfirmScreen(
                self.ctx, "This puzzle has more than one solution. Play it anyway?",
                lambda: Push(PlayScreen.open(self.ctx, puzzle, label, source, known=result)),
            ))
        self.message = Message("Nothing to play: this grid has no solution.", MessageKind.ERROR)
        return None

    def _watch(self) -> Nav | None:
        puzzle = self._puzzle_or_say_why()
        if puzzle is None:
            return None
        from numbrix_curses.ui.watch import WatchScreen

        return Push(WatchScreen(self.ctx, puzzle, self._known_as(puzzle)[0]))

    def _known_as(self, puzzle: Puzzle) -> tuple[str, str | None]:
        """The name (and file) to play or watch the typed puzzle under: its game under
        way's, whatever it was pasted as (a library puzzle typed in went on with its game
        under a new name, and the games list called it that from then on); else its own
        name, else its solve record's, else when it was typed (see `_label`)."""
        store = self.ctx.store
        saved = store.load_game(puzzle)
        if saved is not None:
            return saved.label, saved.source
        record = None if self.name else store.records().get(puzzle_key(puzzle))
        if record is not None and record.label:
            return record.label, None
        return self._label(), None

    def _label(self) -> str:
        """What the puzzle is called in play and while watched: its id when pasted with
        one, the name of the file it was just saved to, else when it was typed, to the
        second (two typed puzzles both called "typed 5x5" could not be told apart in the
        games list, nor two typed within a minute called for the minute)."""
        if self.name:
            return self.name
        if self.saved_path and self.saved_revision == self.game.revision:
            return id_from_path(self.saved_path, "typed")
        typed = self.typed_at
        return f"typed {day_and_time(typed, seconds=True)}"

    def _ask_path(self) -> Nav | None:
        puzzle = self._puzzle_or_say_why()
        if puzzle is None:
            return None
        rows, cols = self.game.rows, self.game.cols
        revision = self.game.revision

        def saved(typed: str, absolute: str) -> None:
            self.saved_revision = revision
            # The next save offers the same file; the message says where it went in full,
            # as a bare name says nothing about which directory it landed in.
            self.saved_path = typed
            self.message = Message(f"Saved to {absolute}.", MessageKind.SUCCESS)

        return save_prompt(
            self.ctx, puzzle,
            self.saved_path or file_name_for(self.name, f"numbrix-{rows}x{cols}"),
            lambda path: {"id": id_from_path(path, "typed"), **self._metadata()}, saved,
        )

    def close(self) -> None:
        for job in (self.job, self.suspects_job, self.grade_job):
            if job is not None:
                job.cancel()
        game = self.game
        done_with = self.let_go or (game.placed and self.saved_revision == game.revision)
        if game.placed and self.saved_revision != game.revision and not self.let_go:
            # The app is stopping with the grid unsaved (Ctrl-C, Ctrl-\, a hang-up), where
            # `q` would have asked: the numbers typed are kept in a file, and said where
            # once the terminal is back.
            # (the grid, not a puzzle: one typed with a number twice is kept too)
            path = keep_typed(self.ctx.store.root,
                              f"# id: {comment_text(self.name or 'typed')}\n"
                              + format_grid_compact(game.grid))
            if path is not None:
                self.ctx.kept.append(f"the puzzle being typed in is kept in {path}")
                done_with = True  # (kept anew: the file it came from has had its day)
            else:
                self.ctx.unsaved.append("the puzzle being typed in could not be kept")
        if self.kept_from is not None and done_with:
            # (a kept grid taken back and emptied with u, then left, is offered again)
            try:
                self.kept_from.unlink()
            except OSError:
                pass  # (offered again next time: better than lost)

    def redraw_after_ms(self) -> int:
        busy = (self.job, self.suspects_job, self.grade_job)
        return SPIN_MS if any(job is not None for job in busy) else -1

    # ----- output ------------------------------------------------------------------------
    def board_view(self) -> BoardView:
        game = self.game
        theme = self.theme
        marks: dict[int, int] = {}
        flags: dict[int, str] = {}
        grid = game.grid
        given = game.grid != 0
        entry_attr = None
        result = self._current_result()
        if result is not None and result.solution is not None and self.view_mode != "grid":
            grid = result.other_solution if self.view_mode == "second" else result.solution
            entry_attr = theme.dim
            for cell in self._differences():
                marks[cell] = theme.diff
                flags[cell] = "*"
        suspects = self._current_suspects()
        # Givens that break a rule between them stay marked until the check names the one
        # most likely copied wrong.
        if (self.conflicts and self.conflicts_revision == game.revision and suspects is None
                and (result is None or result.solution is None)):
            for cell in self.conflicts:
                marks[cell] = theme.wrong
                flags[cell] = "!"
        if suspects is not None and entry_attr is None:
            # (and a given a suspect swaps with to give exactly one solution: the fix
            # changes both cells)
            partners = tuple(fix.other for fix in suspects.corrections
                             if fix.kind is FixKind.SWAPPED)
            # (and two givens each to be put right as another number)
            retyped = tuple(given for pair in suspects.number_pairs
                            for given in (pair.first, pair.second))
            for suspect in (suspects.found + tuple(s for pair in suspects.swaps for s in pair)
                            + partners + retyped):
                cell = suspect.row * game.cols + suspect.col
                marks[cell] = theme.wrong
                flags[cell] = "?"
            # (a row typed out of place: its givens as typed, the grid being the one checked)
            for row in {r for slip in suspects.rows for r in slip.rows}:
                for col in np.flatnonzero(game.grid[row]):
                    cell = row * game.cols + int(col)
                    marks[cell] = theme.wrong
                    flags[cell] = "?"
        if entry_attr is None:  # (not while a solution is shown over the givens)
            for cell in game.duplicate_cells():
                marks.setdefault(cell, theme.wrong)
        before, after = game.chain_neighbours(game.cursor_cell)
        return BoardView(
            grid=grid, given=given, cursor=game.cursor_cell,
            pending=game.pending.cell if game.pending else None,
            chain=frozenset(before) | frozenset(after), marks=marks, flags=flags,
            entry_attr=entry_attr,
        )

    def status_rows(self) -> list[tuple[str, str]]:
        game = self.game
        row, col = game.cursor
        result = self._current_result()
        verdict = ("not checked" if result is None
                   else CHECK_WORDS.get(result.status, result.status.value))
        grade = self._current_grade()
        if grade and result is not None:
            verdict += f", {grade}"
        return [
            ("Size", f"{game.rows}x{game.cols}"),
            ("Givens", str(game.placed)),
            ("Cell", cell_name(row, col)),
            ("Check", verdict),
        ]

    def _verdict_wordings(self) -> list[str]:
        """The check's verdict as the status row says it, then in fewer words: without the
        grade, then as a file's list says it ("not unique"), then shorter ("several")."""
        said = self.status_rows()[-1][1]
        result = self._current_result()
        if result is None:
            return [said]
        status = result.status
        shorter = [CHECK_WORDS.get(status, status.value), LIST_WORDS.get(status, ""),
                   LIST_WORDS_SHORT.get(status, "")]
        return [said, *(words for words in shorter if words)]

    def _shown_message(self) -> Message | None:
        """The message, and after it the note while the grid is the one it is of: the
        reader's warning of a paste (the check's verdict came at once and covered it, and a
        board read from spaces, say, may not be the one meant, where a verdict of no
        solution may be why), or the fix made (the check's verdict follows it at once)."""
        message = self.message
        note = self.note if self.note_revision == self.game.revision else None
        if note is None:
            return message
        if message is None:
            return Message(note)
        said = message.with_text(f"{message.text} {note}")
        if self.note_short is None:
            return said
        # (at 26x11 the shortest verdict and the whole note were cut before the note's key)
        shortest = (message.text, *message.shorter)[-1]
        return replace(said, shorter=shorter_than(
            said.text, *said.shorter, f"{shortest} {self.note_short}"))

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        placed = self.place(win, self.game.rows, self.game.cols, STATUS_ROWS, len(KEY_LINES))
        if placed is None:
            return
        layout, grid = placed
        message = self._shown_message()
        if self.job is not None and message is not None:
            message = message.with_text(f"{spinner(self.job.started)} {message.text}")
        # (the keys a row read off a page takes: its numbers, a blank, the next cell)
        pad_keys = (BACK, PadButton("blank", Command.BLANK_NEXT),
                    PadButton("next", Command.NEXT_CELL), CLEAR)
        pad = pad_shape(win, "Number pad", pad_keys, layout, grid) if self.pad else None
        # (a number pad that may stand over the bar keeps the board's rows: the message
        # is out of sight under it, see `pad_shape`)
        if message is not None and not layout.side_panel and not (pad and pad.over_bar):
            # (a verdict's reasons are the point of checking: read whole, as a hint is)
            # (shorter where it is not, keeping the fix f makes: see `_verdict_of_none`)
            layout, message = room_for_wording(
                win, layout, message, (self.game.rows, self.game.cols),
                (STATUS_ROWS, len(KEY_LINES)), STATUS_BAR_KEYS, STATUS_BAR_MORE_KEYS)
            assert layout.grid is not None
            grid = layout.grid
        grid = grid.scrolled_to(*self.origin).following(*self.game.cursor)
        self.origin = (grid.row0, grid.col0)
        # (which part of a grid larger than the screen is in view, as play's title says
        # it: the type-in screen said only its name, over a 30x30 showing rows 1-17; where
        # the whole is too wide, the app's name goes, then the screen's is said shorter)
        span = [grid.view_span] if grid.scrolled else []
        titles = (["Numbrix", "Type in a puzzle", *span], ["Type in a puzzle", *span],
                  ["Type in", *span], span or ["Type in"])
        parts = next((parts for parts in titles
                      if columns(f" {theme.glyphs.bullet} ".join(parts)) <= win.getmaxyx()[1]),
                     titles[-1])
        draw_title_parts(win, parts, 0, theme, words=True)
        draw_grid(win, mask, self.board_view(), grid, theme)
        if layout.side_panel:
            draw_side_panel(win, mask, layout.panel_top, layout.panel_left, layout.panel_rows,
                            "Your puzzle", self.status_rows(), message, theme, keys=KEY_LINES,
                            width=layout.panel_width)
        else:
            head = [f"{self.game.rows}x{self.game.cols}", plural(self.game.placed, "given")]
            dot = f" {theme.glyphs.bullet} "
            # (the verdict in fewer words where it does not fit whole: at 30 columns the
            # line said "9x9 · 25 givens" once a check's message had gone, "unique, medium"
            # or "several solutions" left out, the grid's marks unexplained)
            wordings = self._verdict_wordings()
            verdict = next((said for said in wordings
                            if columns(dot.join([*head, said])) <= win.getmaxyx()[1]),
                           wordings[0])
            parts = [*head, verdict]
            # (a click on the message takes it away, giving back the keys over the key line
            # it covers: on a narrow screen, play and save go there for the number pad's)
            self.status_bar_top = layout.panel_top
            draw_status_bar(win, mask, layout.panel_top, layout.panel_rows, parts, message, theme,
                            STATUS_BAR_KEYS, STATUS_BAR_MORE_KEYS, message_action=Command.DISMISS)
        if pad is not None:
            draw_number_pad(win, mask, "Number pad", pad, theme, layout, grid, self.game.cursor,
                            self.pad_place)

