"""Reading a file a prompt named beside the app's loop, so a large one never freezes it.

A file of thousands of puzzles takes seconds to read (9,000 blank 30x30 boards took about
ten), and read in the loop the screen stood still with no way out but Ctrl-C. `read_for`
runs the read in a thread (`jobs.ThreadJob`): a read that ends within `SHOW_AFTER` goes on
as it always did, with no page flashing up for a file of a few puzzles; a longer one shows
`ReadingScreen` (a spinner, the file's name, the time so far, how far the read has got as
the reader tells it (`ReadProgress`: "1,234 puzzles read (42%)") and a Cancel button, which
Esc presses), redrawn as the terminal is resized. Cancel stops the read between two puzzles and
goes back to the prompt, its text as typed; a read that ends goes on as a quick one would,
its error said under the prompt.
"""
from __future__ import annotations

import curses
from typing import Callable, TypeVar

from numbrix_curses.jobs import ThreadJob
from numbrix_curses.puzzle import plural
from numbrix_curses.ui.actions import Action, Command
from numbrix_curses.ui.dialogs import TextPromptScreen
from numbrix_curses.ui.draw import centred, cut_middle, wrap_text
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, MessageKind
from numbrix_curses.ui.screen import SPIN_MS, Nav, Pop, Push, Screen, open_page, spinner

T = TypeVar("T")
#: seconds a read may take before the reading page shows: a file read in a few
#: milliseconds opens as it did when it was read in the loop
SHOW_AFTER = 0.2
#: the button that stops the read (Esc, q and c press it too)
CANCEL = "[Esc] Cancel"
#: the rows the page takes: title, a blank row, the reading line, a blank row, the time, a
#: blank row and the button
MIN_SIZE = (MIN_WIDTH, 7)


class ReadProgress:
    """How far a read beside the loop has got: the reader's `progress` (see
    `textformat.parse_puzzles`) is `tell`, called in the reading thread; the page shows
    its `line` on its next frame."""

    def __init__(self) -> None:
        #: the puzzles read and the fraction of the text behind the read, as last told
        #: (one tuple, set in one step: the page never sees one half of it new)
        self.at: tuple[int, float] | None = None

    def tell(self, puzzles: int, fraction: float) -> None:
        self.at = (puzzles, fraction)

    def line(self, seconds: float, room: int) -> str:
        """The page's line of how it goes, in `room` columns: "3.2 s  1,234 puzzles read
        (42%)", shorter on a narrow screen ("3.2 s  1,234 read (42%)"); the time alone
        before the reader has said anything (it checks the whole text first)."""
        time = f"{seconds:.1f} s"
        if self.at is None:
            return time
        puzzles, fraction = self.at
        # (rounded down: 100% is never said of a read still going)
        share = f"({int(fraction * 100)}%)"
        for line in (f"{time}  {plural(puzzles, 'puzzle')} read {share}",
                     f"{time}  {puzzles:,} read {share}", f"{puzzles:,} read {share}"):
            if len(line) <= room:
                return line
        return time


def read_for(
    prompt: TextPromptScreen,
    name: str,
    read: Callable[[Callable[[], None], Callable[[int, float], None]], T],
    then: Callable[[T], "str | Nav | None"],
) -> "str | Nav | None":
    """For `prompt`'s submit: `read(cancel_check, progress)` in a thread (`cancel_check`
    raises once the read is cancelled, `progress` is told how far it has got: the reader
    calls both between puzzles), then `then(result)`, which says what went wrong (shown
    under the prompt) or where to go. Within `SHOW_AFTER` that is the answer at once;
    after, the reading page of file `name` stands over the prompt until the read ends or
    is cancelled."""
    progress = ReadProgress()
    job: ThreadJob[T] = ThreadJob(f"read {name}",
                                  lambda token: read(token.check, progress.tell))
    if job.wait(SHOW_AFTER):
        return _outcome(job, name, then)
    return Push(ReadingScreen(prompt, name, job, then, progress))


def _outcome(job: ThreadJob[T], name: str, then: Callable[[T], "str | Nav | None"]
             ) -> "str | Nav | None":
    """What a read that ended comes to: `then` of its result, or the failure that ended it
    (an error in the reader, said rather than the app ending with a traceback)."""
    if job.error is not None:
        return f"{name}: {job.error}"
    return then(job.result)  # type: ignore[arg-type]  # (no error: the read's own result)


class ReadingScreen(Screen):
    """The page shown while a file is read for `prompt` (see the module docstring)."""

    def __init__(self, prompt: TextPromptScreen, name: str, job: ThreadJob[T],
                 then: Callable[[T], "str | Nav | None"],
                 progress: ReadProgress | None = None) -> None:
        super().__init__(prompt.ctx)
        self.prompt = prompt
        self.name = name
        self.job: ThreadJob[T] | None = job
        self.then = then
        self.progress = progress or ReadProgress()

    def action_for_key(self, key: int | str) -> Action | None:
        # (the other keys do nothing: what the read leads to takes the keys that follow)
        return Command.CANCEL if key in ("\x1b", "q", "c") else None

    def handle(self, action: Action) -> Nav | None:
        if action in (Command.CANCEL, Command.BACK) and self.job is not None:
            self.job.cancel()
            self.job = None
            prompt, name = self.prompt, self.name

            def cancelled() -> None:
                # (the text stays as typed, not selected: Enter reads it again)
                prompt.message = Message(f"Stopped reading {name}.")

            return Pop(then=cancelled)
        return None

    def tick(self) -> Nav | None:
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        outcome = _outcome(job, self.name, self.then)
        prompt = self.prompt

        def after() -> Nav | None:
            if isinstance(outcome, str):
                # (as the prompt says an error of a quick read: the text selected to retype)
                prompt.select_all(Message(outcome, MessageKind.ERROR))
                return None
            return outcome

        return Pop(then=after)

    def redraw_after_ms(self) -> int:
        return SPIN_MS  # (the spinner turns, and the end of the read is seen)

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        self.too_small = not open_page(win, self.prompt.title, MIN_SIZE, theme)
        job = self.job
        if self.too_small or job is None:
            return  # (the notice says q leaves, which cancels here)
        # The name cut in its middle where the line is too narrow for it (its end says what
        # kind of file it is); the reading line wraps only on the narrowest screens.
        room = width - 2 - len("| Reading ...")
        name = cut_middle(self.name, max(8, room), theme.glyphs.gap)
        lines = wrap_text(f"{spinner(job.started)} Reading {name}...", width - 2, 2)
        y = max(2, (height - len(lines) - 4) // 2)
        for line in lines:
            centred(win, y, line, curses.A_BOLD)
            y += 1
        centred(win, y + 1, self.progress.line(job.elapsed(), width - 2))
        x = centred(win, y + 3, CANCEL, theme.key)
        mask.put(y + 3, x, len(CANCEL), Command.CANCEL)
