"""Lists of puzzles to play: the bundled library and the puzzles of a file.

The library is grouped by size and difficulty; each line shows the puzzle's name, size,
difficulty, a tick once solved with the best time, and whether a game is in progress.
Enter or a click plays the puzzle (resuming its saved game).
"""
from __future__ import annotations

import curses
import os
from dataclasses import dataclass

from numbrix_curses.game import format_duration, plural
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.savestate import puzzle_key
from numbrix_curses.ui.actions import Action, Choose, Command, MoveCursor, Scroll
from numbrix_curses.ui.draw import put, put_if_fits
from numbrix_curses.ui.keys import LIST_KEYS
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, MessageKind, message_attr, take_store_problems
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Push,
    Replace,
    Screen,
    draw_title,
    fits_or_too_small,
)

#: (width, height): a line's mark, name (10 columns at least), size and difficulty whole (the
#: best time and "in progress" show as far as there is room), three lines and the footer
MIN_SIZE = (32, 8)
DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2, "fiendish": 3}


@dataclass(frozen=True)
class Entry:
    puzzle: Puzzle
    label: str
    source: str | None

    @property
    def difficulty(self) -> str:
        return self.puzzle.metadata.get("difficulty", "")


def _group_key(entry: Entry) -> tuple[int, int, int, str]:
    p = entry.puzzle
    return (p.rows * p.cols, p.rows, DIFFICULTY_ORDER.get(entry.difficulty, 9), entry.difficulty)


class PuzzleListScreen(Screen):
    keys = LIST_KEYS

    def __init__(self, ctx: AppContext, title: str, entries: list[Entry], *, grouped: bool) -> None:
        super().__init__(ctx)
        self.title = title
        self.grouped = grouped
        self.entries = sorted(entries, key=_group_key) if grouped else list(entries)
        # Lines: a header (None, text) or an entry (index, "").
        self.lines: list[tuple[int | None, str]] = []
        last = None
        for i, entry in enumerate(self.entries):
            group = _group_key(entry)[1:]
            if grouped and group != last:
                p = entry.puzzle
                heading = f"{p.rows}x{p.cols}" + (f"  {entry.difficulty}" if entry.difficulty else "")
                if last is not None:
                    self.lines.append((None, ""))
                self.lines.append((None, heading))
                last = group
            self.lines.append((i, ""))
        self.selected = 0
        self.top = 0
        self.page = 10
        self.message: Message | None = None
        self._load_marks()

    def _load_marks(self) -> None:
        store = self.ctx.store
        self.records = store.records()
        self.in_progress = {saved.key for saved in store.saved_games()}
        self.message = take_store_problems(store) or self.message

    def uncovered(self) -> None:
        before = self._solved(self.selected)
        self._load_marks()
        if before or not self._solved(self.selected):
            return
        # Back from solving the selected puzzle: the next one to play is the next unsolved.
        following = next((i for i in range(self.selected + 1, len(self.entries))
                          if not self._solved(i)), None)
        if following is not None:
            self.selected = following
            self.message = Message(
                f"Solved. Next: {self.entries[following].label} (Enter plays it).",
                MessageKind.SUCCESS)

    def _solved(self, index: int) -> bool:
        if not 0 <= index < len(self.entries):
            return False
        record = self.records.get(puzzle_key(self.entries[index].puzzle))
        return record is not None and record.solved

    def handle(self, action: Action) -> Nav | None:
        self.message = None
        count = len(self.entries)
        if action is Command.BACK:
            return Pop()
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx))
        if count == 0:
            return None
        if isinstance(action, MoveCursor):
            self.selected = min(max(self.selected + action.drow, 0), count - 1)
        elif isinstance(action, Scroll):
            self.selected = min(max(self.selected + action.delta, 0), count - 1)
        elif action is Command.PAGE_DOWN:
            self.selected = min(self.selected + self.page, count - 1)
        elif action is Command.PAGE_UP:
            self.selected = max(self.selected - self.page, 0)
        elif action is Command.HOME:
            self.selected = 0
        elif action is Command.END:
            self.selected = count - 1
        elif action is Command.CONFIRM:
            return self._play(self.selected)
        elif isinstance(action, Choose) and 0 <= action.index < count:
            self.selected = action.index
            return self._play(action.index)
        return None

    def _play(self, index: int) -> Nav:
        from numbrix_curses.ui.play import PlayScreen

        entry = self.entries[index]
        return Push(PlayScreen.open(self.ctx, entry.puzzle, entry.label, entry.source))

    def _entry_text(self, entry: Entry, name_w: int) -> str:
        p = entry.puzzle
        key = puzzle_key(p)
        record = self.records.get(key)
        tick = self.theme.glyphs.tick if record is not None and record.solved else " "
        best = ""
        if record is not None and record.best_seconds is not None:
            best = f"best {format_duration(record.best_seconds)}"
        playing = "in progress" if key in self.in_progress else ""
        size = f"{p.rows}x{p.cols}"
        return f" {tick} {entry.label:<{name_w}}  {size:>5}  {entry.difficulty:<8}  {best:<11} {playing}"

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        if not fits_or_too_small(win, MIN_SIZE, theme):
            return  # q still goes back
        draw_title(win, f"Numbrix {theme.glyphs.bullet} {self.title}", theme)
        footer_rows = 2 + (1 if self.message else 0)
        self.page = max(1, height - 2 - footer_rows)
        if not self.entries:
            put(win, 2, 2, "No puzzles here.")
            return
        line_of = next(k for k, (i, _) in enumerate(self.lines) if i == self.selected)
        # Keep the selection in view, with its group heading when there is room.
        if line_of < self.top:
            self.top = max(0, line_of - 1)
        elif line_of >= self.top + self.page:
            self.top = line_of - self.page + 1
        self.top = max(0, min(self.top, len(self.lines) - self.page))
        name_w = min(max(len(e.label) for e in self.entries), max(10, width - 45))
        row_w = min(width, name_w + 45)
        left = max(0, (width - row_w) // 2)
        for k, (index, heading) in enumerate(self.lines[self.top: self.top + self.page]):
            y = 2 + k
            if index is None:
                put(win, y, left, heading, curses.A_BOLD | theme.label)
                continue
            text = self._entry_text(self.entries[index], name_w)[:row_w]
            attr = theme.selected if index == self.selected else 0
            put(win, y, left, text.ljust(row_w) if attr else text, attr)
            mask.put(y, left, row_w, Choose(index))
        y = height - footer_rows
        if self.message is not None:
            put(win, y, left, self.message.text[:width], message_attr(self.message, theme))
            y += 1
        help_text = f"{plural(len(self.entries), 'puzzle')}   Enter play   q back"
        if not put_if_fits(win, height - 1, left, help_text, theme.dim):
            help_text = "Enter play   q back"
            put(win, height - 1, left, help_text, theme.dim)
        x = left + help_text.index("q back")
        mask.put(height - 1, x, 6, Command.BACK)


def library_screen(ctx: AppContext) -> Screen:
    from numbrix_curses.library import load_bundled

    entries = [
        Entry(p, p.id or f"bundled #{k}", None)
        for k, p in enumerate(load_bundled(), start=1)
    ]
    return PuzzleListScreen(ctx, "Puzzle library", entries, grouped=True)


def open_file_screen(ctx: AppContext) -> Screen:
    from numbrix_curses.textformat import ParseError, puzzle_label, read_puzzles
    from numbrix_curses.ui.dialogs import TextPromptScreen, home_short

    def submit(text: str) -> "str | Nav | None":
        if not text:
            return "Type the path of a puzzle file."
        path = os.path.expanduser(text)
        try:
            puzzles = read_puzzles(path)
        except ParseError as error:
            return str(error)
        except (OSError, UnicodeDecodeError) as error:
            return f"{text}: {getattr(error, 'strerror', None) or error}"
        ctx.last_open = text
        source = os.path.abspath(path)
        entries = [Entry(p, puzzle_label(p, os.path.basename(path), k), source)
                   for k, p in enumerate(puzzles, start=1)]
        if len(entries) == 1:  # nothing to choose from: straight to the game
            from numbrix_curses.ui.play import PlayScreen

            [entry] = entries
            return Replace(PlayScreen.open(ctx, entry.puzzle, entry.label, entry.source))
        return Replace(PuzzleListScreen(ctx, text, entries, grouped=False))

    return TextPromptScreen(
        ctx, "Open file", "Path of a puzzle file:", submit, initial=ctx.last_open,
        hint="A file of several puzzles lists them; Tab completes the path. A relative path "
        f"is read from {home_short(os.getcwd())}.",
    )


