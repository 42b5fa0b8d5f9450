"""New puzzle: pick a size, a difficulty, a shape (square or wide) and where the givens go,
generate it on the spot, play it.

Generation runs in a child process (`jobs.generation_job`) while the screen shows a spinner
and the time so far; Escape (or the Cancel button) kills it at once.
"""
from __future__ import annotations

import curses
import random
from dataclasses import dataclass

from numbrix_curses import DIFFICULTIES, PATTERNS
from numbrix_curses.game import Game
from numbrix_curses.jobs import ProcessJob, generation_job
from numbrix_curses.puzzle import Puzzle, a_size
from numbrix_curses.ui.actions import Action, Command, Hotkey
from numbrix_curses.ui.draw import centred, put, put_wrapped, wrap_text
from numbrix_curses.ui.form import Button, Field, Form, draw_form_footer
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, MessageKind, message_attr
from numbrix_curses.ui.screen import (
    SPIN_MS,
    AppContext,
    Nav,
    Pop,
    Push,
    Replace,
    Screen,
    open_page,
    spinner,
)

SIZES = [str(n) for n in range(5, 21)]
#: square boards, or wide ones (a third more columns than rows), which suit a terminal
SHAPES = ["square", "wide"]
#: (it said "Pick a size and a difficulty:" over a form of shape and givens too: the
#: fields name themselves, and a list of them goes out of date as the form grows)
PROMPT = "Choose the puzzle to make:"
#: the prompt where that is too wide for the screen (the smallest the game is played on)
PROMPT_SHORT = "The puzzle to make:"
#: rows of the page around its form: the title and a blank row, the prompt and a blank
#: row, then a message row, a blank row and the footer below (on a short screen, the
#: blank row under the prompt goes)
_AROUND_FORM = 2 + 2 + 1 + 2
#: the largest board made here: 20x27, the largest the form offers (20x20 takes a few
#: seconds to make, 20x27 ten to twenty; larger ones take long enough to be made on the
#: command line)
MOST_CELLS = 540


def board_shape(size: int, shape: str) -> tuple[int, int]:
    """(rows, columns) of a board of `size` rows in `shape`: 9 wide is 9x12."""
    return (size, size) if shape == "square" else (size, round(size * 4 / 3))


@dataclass(frozen=True)
class Wanted:
    """The puzzle being generated."""

    rows: int
    cols: int
    difficulty: str
    pattern: str

    def __str__(self) -> str:
        """"9x9 medium", "9x12 hard symmetric" (the pattern when it is not the usual one)."""
        return f"{self.rows}x{self.cols} {self._kind()}"

    def with_article(self) -> str:
        """"a 9x9 medium", "an 8x8 easy": with the article the size takes as it is said
        (the page said "Generating a 8x8 easy puzzle")."""
        return f"{a_size(self.rows, self.cols)} {self._kind()}"

    def _kind(self) -> str:
        shown = "" if self.pattern == "random" else f" {self.pattern}"
        return f"{self.difficulty}{shown}"


def _inside_note(puzzle: Puzzle) -> Message | None:
    """What a puzzle asked for with its givens on the border says when some had to go
    inside the ring (past 10x10 a ring alone rarely settles one path), as the command
    line's generate does."""
    inside = puzzle.metadata.get("inside", "0")
    if puzzle.metadata.get("pattern") != "border" or not str(inside).isdigit() or inside == "0":
        return None
    return Message(f"Givens on the border: {inside} of the {puzzle.clue_count} had to go "
                   "inside the ring, for the puzzle to have one solution.")


class NewPuzzleScreen(Screen):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.form = Form(
            [Field("Size", SIZES, SIZES.index("7"), numeric=True,
                   describe=lambda size: "{}x{}".format(*board_shape(int(size), self._shape()))),
             Field("Difficulty", list(DIFFICULTIES), 0),
             Field("Shape", SHAPES, 0),
             Field("Givens", list(PATTERNS), 0)],
            [Button("g Generate", "g", Hotkey("g")), Button("Esc Back", "\x1b", Command.BACK)],
        )
        if len(ctx.last_new) == len(self.form.fields):
            for field, index in zip(self.form.fields, ctx.last_new):
                field.index = index
        self.job: ProcessJob | None = None
        self.message: Message | None = None
        self.wanted: Wanted | None = None

    def action_for_key(self, key: int | str) -> Action | None:
        if self.job is not None:
            if key in ("\x1b", "q", "c"):
                return Command.CANCEL
            return None
        return self.form.action_for_key(key)

    def handle(self, action: Action) -> Nav | None:
        if self.too_small and action not in (Command.BACK, Command.CANCEL):
            # The notice says q leaves; a key must not change a form nobody can see (Right
            # made the hidden size one larger).
            return None
        if self.job is not None:
            if action is Command.CANCEL:
                self.job.cancel()
                self.job = None
                self.message = Message("Cancelled.")
            return None
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "lists"))
        action = self.form.handle(action)
        if action is None:
            return None
        if action is Command.BACK:
            return Pop()
        if action == Hotkey("g"):
            self._start()
        return None

    def _shape(self) -> str:
        return self.form.fields[2].value

    @classmethod
    def another(cls, ctx: AppContext, rows: int, cols: int, difficulty: str,
                pattern: str = "random") -> "NewPuzzleScreen":
        """Generating a puzzle like one just played (g in play), the form set to it where it
        can show it (after Esc it is there to change)."""
        screen = cls(ctx)
        size, kind, shape, givens = screen.form.fields
        if str(rows) in SIZES:
            size.index = SIZES.index(str(rows))
        if difficulty in DIFFICULTIES:
            kind.index = DIFFICULTIES.index(difficulty)
        for i, name in enumerate(SHAPES):
            if board_shape(rows, name) == (rows, cols):
                shape.index = i
        pattern = pattern if pattern in PATTERNS else "random"
        givens.index = PATTERNS.index(pattern)
        screen._generate(rows, cols, difficulty, pattern)
        return screen

    def _start(self) -> None:
        rows, cols = board_shape(int(self.form.fields[0].value), self._shape())
        self._generate(rows, cols, self.form.fields[1].value, self.form.fields[3].value)

    def _generate(self, rows: int, cols: int, difficulty: str, pattern: str) -> None:
        seed = random.SystemRandom().randrange(2**31)
        self.ctx.last_new = tuple(field.index for field in self.form.fields)
        self.wanted = Wanted(rows, cols, difficulty, pattern)
        self.message = None
        try:
            self.job = generation_job(rows, cols, difficulty, seed, pattern)
        except OSError as error:
            self.message = Message(f"Could not start the generator: {error}", MessageKind.ERROR)

    def tick(self) -> Nav | None:
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.error is not None or job.result is None:
            self.message = Message(f"No puzzle: {job.error}", MessageKind.ERROR)
            return None
        from numbrix_curses.textformat import ParseError, parse_puzzles
        from numbrix_curses.ui.play import PlayScreen

        try:
            puzzle = parse_puzzles(str(job.result.get("puzzle", "")), "<generated>")[0]
        except (ParseError, IndexError) as error:
            self.message = Message(f"The generator gave a bad puzzle: {error}", MessageKind.ERROR)
            return None
        assert self.wanted is not None  # (set with the job)
        puzzle.metadata.setdefault("difficulty", self.wanted.difficulty)
        label = puzzle.id or f"new {self.wanted}"
        return Replace(PlayScreen(self.ctx, Game(puzzle), label, None,
                                  message=_inside_note(puzzle)))

    def redraw_after_ms(self) -> int:
        return SPIN_MS if self.job is not None else -1

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def min_size(self) -> tuple[int, int]:
        """(width, height): the prompt and the whole form (no blank rows between its fields
        on a short screen), a message line and the footer."""
        width = MIN_WIDTH
        form_w, form_h = self.form.size(1, width - 2)
        return max(len(PROMPT_SHORT), form_w, width - 2) + 2, _AROUND_FORM - 1 + form_h

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        self.too_small = not open_page(win, "New puzzle", self.min_size(), theme)
        if self.too_small:
            return  # q (Back) still leaves
        left = max(1, (width - 40) // 2)
        room = width - left - 1
        spacing = self.form.spacing_for(height, _AROUND_FORM, room)
        form_h = self.form.size(spacing, room)[1]
        # (the blank row under the prompt, where the rows are too few for it)
        gap = 2 if height >= _AROUND_FORM + form_h else 1
        # centred: the prompt, a blank row, the form and a message row
        top = max(2, (height - 2 - form_h - 1) // 2)
        if self.job is not None:
            job = self.job
            y = top
            for line in wrap_text(
                    f"{spinner(job.started)}  Generating {self.wanted.with_article()} puzzle...",
                    width - 2):
                centred(win, y, line, curses.A_BOLD)
                y += 1
            centred(win, y + 1, f"{job.elapsed():.1f} s" + (f"  {job.progress}" if job.progress else ""))
            text = "[Esc] Cancel"
            x = centred(win, y + 3, text, theme.key)
            mask.put(y + 3, x, len(text), Command.CANCEL)
            return
        put(win, top, left, PROMPT if len(PROMPT) <= room else PROMPT_SHORT, curses.A_BOLD)
        y = self.form.draw(win, mask, top + gap, left, theme, spacing, room)
        # (the form's note is of the key just pressed: before an older message)
        message = (self.form.note and Message(self.form.note)) or self.message
        if message:
            rows, at = max(1, height - y - 3), y + 1
            if len(wrap_text(message.text, width - left - 1)) > rows:
                # (a short screen's blank row under the buttons goes to a note that needs
                # it: at 26x11 "Size: 5x5 to 20x20, s..." lost the sizes, and "Size 2_:
                # type its nex..." what to do)
                rows, at = rows + 1, y
            put_wrapped(win, at, left, message.text, width - left - 1,
                        message_attr(message, theme), max_lines=rows)
        draw_form_footer(win, mask, left, "generate", theme)
