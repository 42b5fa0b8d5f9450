"""Lists of puzzles to play: the bundled library and the puzzles of a file.

The library is grouped by board size, smallest first, under a heading with the group's
count; each line shows a tick once solved, the puzzle's name, its difficulty (easy first),
the best time and whether a game is in progress. A file's list keeps the file's order and
shows each puzzle's size too, as it has no headings; its puzzles are solved in the
background, a few seconds each, and a puzzle with several solutions or none is marked so
(a slip in copying one out of a newspaper shows before it is played). Enter or a click
plays the puzzle (resuming its saved game); left and right jump between sizes.
"""
from __future__ import annotations

import curses
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Union

from numbrix_curses import DIFFICULTIES
from numbrix_curses.jobs import CancelToken, ThreadJob
from numbrix_curses.puzzle import Puzzle, plural
from numbrix_curses.savefile import SavedGame, puzzle_key
from numbrix_curses.ui.actions import Action, Choose, Command, MoveCursor, Scroll, UnboundKey
from numbrix_curses.ui.draw import (
    columns, cut_middle, cut_to_columns, padded, put, put_if_fits, wrap_text,
)
from numbrix_curses.ui.keys import LIST_KEYS, list_action_for_key
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import (
    Message, MessageKind, message_attr, take_store_problems, unbound_message,
)
from numbrix_curses.ui.play_words import label_for, reading_note
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Push,
    Replace,
    Screen,
    draw_title_parts,
    open_page,
)
from numbrix_curses.ui.times import format_duration
from numbrix_curses.verdict import LIST_WORDS, LIST_WORDS_SHORT, LIST_WORDS_SHORTEST, Status

if TYPE_CHECKING:  # (the solver loads when the check starts)
    from numbrix_curses.solver import SolveResult

#: (width, height): the smallest screen the game is played on, where a line shows its mark,
#: name (10 columns at least) and difficulty whole (the size, the best time and "in
#: progress" as far as there is room, each whole or not at all), three lines and the footer
MIN_SIZE = (MIN_WIDTH, 8)
#: the most lines a message under a list takes (a file set aside names the file it kept)
MESSAGE_LINES = 3
DIFFICULTY_ORDER = {name: rank for rank, name in enumerate(DIFFICULTIES)}
#: the columns a line takes besides the name: grouped (the heading gives the size), not
GROUPED_TAIL = 38
UNGROUPED_TAIL = 45
#: the footer's parts are three spaces apart
FOOTER_GAP = "   "
#: what a click on a footer's part does: an action, none, or (words, action) for each of
#: the buttons within it
FooterAction = Union[Action, None, tuple[tuple[str, Action], ...]]
#: the seconds the check of a file's list gives each puzzle (one it leaves undecided is
#: solved again, for longer, when it is played)
CHECK_SECONDS = 3.0


@dataclass(frozen=True)
class Entry:
    puzzle: Puzzle
    label: str
    source: str | None
    #: the saved game this line stands for (the list of games under way)
    saved: SavedGame | None = None
    #: the puzzle's `puzzle_key`, worked out once: the list looks its puzzles up by it at
    #: every frame, and keying 9,000 boards of 30x30 took two seconds
    key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", puzzle_key(self.puzzle))  # (frozen: set once here)

    @property
    def difficulty(self) -> str:
        return self.puzzle.metadata.get("difficulty", "")

    @property
    def size(self) -> str:
        return f"{self.puzzle.rows}x{self.puzzle.cols}"


def _group_key(entry: Entry) -> tuple[int, int, int]:
    """The size group: fewest cells first (a 10x7 after a 7x10, as rows break the tie)."""
    p = entry.puzzle
    return (p.rows * p.cols, p.rows, p.cols)


def _order_key(entry: Entry) -> tuple[int, int, int, int, str]:
    """By size group, then easy before medium before hard before fiendish (an unknown
    difficulty last); the file order stays within a difficulty (a sorted list is stable)."""
    return (*_group_key(entry), DIFFICULTY_ORDER.get(entry.difficulty, 9), entry.difficulty)


#: shorter words for a line's columns, taken in turn while a line is too long for the screen
#: (at 40 columns "easy best 0:10 in progress" was cut to "in progres")
SHORTER_WORDS = (("in progress", "playing"), ("best ", ""),
                 *((LIST_WORDS[status], LIST_WORDS_SHORT[status])
                   for status in (Status.NONE, Status.MULTIPLE)),
                 (LIST_WORDS_SHORT[Status.MULTIPLE], LIST_WORDS_SHORTEST[Status.MULTIPLE]))


#: every word a line marks a puzzle that is no proper one with, however short
_MARKS = {*LIST_WORDS.values(), *LIST_WORDS_SHORT.values(), *LIST_WORDS_SHORTEST.values()}


def fit_line(text: str, columns_from: int, width: int) -> str:
    """`text` in `width` columns: a line too long has the spaces that line up its columns
    past `columns_from` (but for those before the first) closed up first, so what it says
    last ("in progress") shows rather than the padding before it; then its words are
    shortened (`SHORTER_WORDS`); only then are the columns that still do not fit left out,
    each whole. (`columns_from` and `width` are screen columns, which a name in wide
    characters, CJK, takes two a character of.)"""
    if columns(text.rstrip()) > width:
        split = len(cut_to_columns(text, columns_from))
        # (the spaces that right-align the first column, the size, stay: closed up too,
        # they took a line's size a column left of the lines above and below it)
        head, tail = text[:split], re.sub(r"(?<=\S) {2,}", " ", text[split:])
        for long, short in SHORTER_WORDS:
            if columns((head + tail).rstrip()) <= width:
                break
            tail = tail.replace(long, short)
        text = head + tail
        kept = cut_to_columns(text, width)
        if columns(text.rstrip()) > width and text[len(kept)] != " ":
            # (a word cut in two reads as another: "playin")
            kept = kept.rstrip()
            text = kept[:max(kept.rfind(" "), split)]
    return cut_to_columns(text, width)


class PuzzleListScreen(Screen):
    """A list of puzzles, grouped by size or in the order given. The games under way reuse it
    (see `ui.games_screen`), changing what a line says, the footer and what is read from the
    store."""

    keys = LIST_KEYS
    #: the columns a line takes besides the name (see `_entry_text`)
    tail_width = UNGROUPED_TAIL
    #: the columns besides the name a line keeps on a narrow screen, where names would be
    #: cut to keep the rest (0: cut the names first, keeping every column they can)
    kept_tail = 0
    #: the heading over the names' column (see `column_heading`): the column is as wide as
    #: it at least, so short names ("demo") do not cut it ("Puzz")
    name_heading = ""
    #: the actions of the footer's parts that stay while parts listed before them go, a
    #: line too narrow for them all (see `_draw_footer`)
    footer_kept: tuple[Action, ...] = ()

    def __init__(self, ctx: AppContext, title: str, entries: list[Entry], *, grouped: bool,
                 note: str | None = None, check: bool = False, short_title: str = "") -> None:
        """`note`: what the file's reader warned of, said first (see `_reading_note`);
        `check`: solve the puzzles in the background, marking those with several solutions
        or none (a file's; the bundled ones are known to be proper); `short_title`: the
        title said on a screen too narrow for `title` (a file's base name by default, where
        `title` is its path)."""
        super().__init__(ctx)
        #: the solver's answers for the puzzles checked so far, by `puzzle_key`
        self.results: dict[str, SolveResult] = {}
        self.check = check
        self.check_job: ThreadJob[None] | None = None
        self.title = title
        self.short_title = short_title or os.path.basename(title.rstrip("/" + os.sep))
        if self.short_title == title:
            self.short_title = ""
        self.grouped = grouped
        if grouped:
            self.tail_width = GROUPED_TAIL
        self.entries: list[Entry] = []
        #: the first entry of each size group (none when not grouped)
        self.group_starts: list[int] = []
        self._starts: set[int] = set()
        self.set_entries(entries)
        self.selected = 0
        self.top = 0
        #: scroll the selection's group to the top of the page (after a jump to it)
        self.group_on_top = False
        self.page = 10
        self.message: Message | None = Message(note) if note else None
        self._load_marks()
        self.selected = self._first_selected()
        self._start_check()

    # ----- the check of a file's puzzles ---------------------------------------------------
    def _start_check(self) -> None:
        """Solve, in a thread, the puzzles not checked yet, in the list's order (while the
        list is on top: a game opened from it has the processor to itself)."""
        # (each puzzle once: a file may hold one twice, as its footer counts them)
        todo = list({entry.key: entry.puzzle for entry in self.entries
                     if entry.key not in self.results}.items())
        if not self.check or not todo or self.check_job is not None:
            return
        results = self.results

        def check(token: CancelToken) -> None:
            from numbrix_curses import assist

            for key, puzzle in todo:
                token.check()
                result = assist.solve(puzzle, timeout=CHECK_SECONDS, on_event=token.on_event)
                results[key] = result  # (one store: the list reads it as it is)

        self.check_job = ThreadJob("check the file's puzzles", check)

    def _stop_check(self) -> None:
        if self.check_job is not None:
            self.check_job.cancel()
            self.check_job = None

    def _verdict(self, entry: Entry) -> str:
        """What the check found of the puzzle, where it is no proper one ("" otherwise)."""
        result = self.results.get(entry.key)
        # (in the best time's column, which is as wide, where there is no best time)
        return LIST_WORDS.get(result.status, "") if result is not None else ""

    def tick(self) -> Nav | None:
        if self.check_job is not None and self.check_job.done:
            self.check_job = None
        return None

    def redraw_after_ms(self) -> int:
        return 250 if self.check_job is not None else -1  # (marks as the check finds them)

    def covered(self) -> None:
        self._stop_check()

    def close(self) -> None:
        self._stop_check()

    def set_entries(self, entries: list[Entry]) -> None:
        self.entries = sorted(entries, key=_order_key) if self.grouped else list(entries)
        self.group_starts = [i for i, entry in enumerate(self.entries)
                             if self.grouped and (i == 0 or _group_key(entry)
                                                  != _group_key(self.entries[i - 1]))]
        self._starts = set(self.group_starts)
        #: the puzzles the list holds, each once (a file may hold one twice)
        self.puzzle_count = len({entry.key for entry in self.entries})

    def _load_marks(self) -> None:
        store = self.ctx.store
        self.records = store.records()
        #: the puzzles with a game saved: under way, or with its solution shown (a
        #: revealed game stays saved, for `u` to take the reveal back)
        self.in_progress = {saved.key: "revealed" if saved.revealed
                            else "in progress"
                            for saved in store.saved_games(moves=False)}
        self.message = take_store_problems(store) or self.message

    def uncovered(self) -> None:
        self._start_check()  # (what is left of it)
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

    def _first_selected(self) -> int:
        """Where the list opens: at the first puzzle not solved yet, the one to play next."""
        return next((i for i in range(len(self.entries)) if not self._solved(i)), 0)

    def _solved(self, index: int) -> bool:
        if not 0 <= index < len(self.entries):
            return False
        record = self.records.get(self.entries[index].key)
        return record is not None and record.solved

    def action_for_key(self, key: int | str) -> Action | None:
        # (a letter or a digit that means nothing here is said to, as on the board screens:
        # a list that stays still under a key reads as one that did not take it)
        return list_action_for_key(key, self.keys)

    def handle(self, action: Action) -> Nav | None:
        count = len(self.entries)
        if action is Command.BACK:
            return Pop()
        if self.too_small:
            return None  # (the notice says q leaves: nothing hidden moves meanwhile)
        self.message = None
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "lists"))
        if isinstance(action, UnboundKey):
            self.message = unbound_message(action)
            return None
        if count == 0:
            return None
        if isinstance(action, MoveCursor) and action.dcol:
            self.selected = self._group_jump(action.dcol)
            self.group_on_top = True  # (its puzzles under it, not one at the bottom edge)
        elif isinstance(action, MoveCursor):
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

    def _group_jump(self, step: int) -> int:
        """The entry left (-1) or right (+1) selects: the first of the next size group, or of
        this one (else the one before) going left. Without groups: where it is."""
        starts = self.group_starts
        if not starts:
            return self.selected
        if step > 0:
            return next((i for i in starts if i > self.selected), self.selected)
        return next((i for i in reversed(starts) if i < self.selected), 0)

    def _play(self, index: int) -> Nav:
        from numbrix_curses.ui.play import PlayScreen

        entry = self.entries[index]
        known = self.results.get(entry.key)  # (not solved again, where it was)
        if known is not None and known.status is Status.TIMEOUT:
            known = None
        screen = PlayScreen.open(self.ctx, entry.puzzle, entry.label, entry.source, known=known)
        # (what `uncovered` selects once this one is solved, when it was not before: the
        # win message says it)
        following = next((i for i in range(index + 1, len(self.entries))
                          if not self._solved(i)), None)
        if following is not None and not self._solved(index):
            screen.next_up = self.entries[following].label
        return Push(screen)

    def _entry_text(self, entry: Entry, name_w: int) -> str:
        return self._line_text(entry, name_w, entry.difficulty)

    def _line_text(self, entry: Entry, name_w: int, difficulty: str) -> str:
        """`_entry_text`, saying `difficulty` in the difficulty's column."""
        key = entry.key
        record = self.records.get(key)
        tick = self.theme.glyphs.tick if record is not None and record.solved else " "
        best = ""
        if record is not None and record.best_seconds is not None:
            best = f"best {format_duration(record.best_seconds)}"
        verdict = self._verdict(entry)
        if not best:
            best, verdict = verdict, ""
        playing = ", ".join(part for part in (verdict, self.in_progress.get(key, "")) if part)
        # (grouped, the heading above gives the size: the line does not say it again)
        size = "" if self.grouped else f"{entry.size:>5}  "
        label = padded(cut_middle(entry.label, name_w, self.theme.glyphs.gap), name_w)
        return (f" {tick} {label}  {size}{padded(difficulty, 8)}  "
                f"{best:<11} {playing}")

    def _fitted_line(self, entry: Entry, name_w: int, row_w: int) -> str:
        """An entry's line in `row_w` columns (see `fit_line`), for a list with no column
        heading. Where the line has no room for both, a puzzle the check found no proper
        one keeps its mark rather than the difficulty its file gives it (the grade of the
        puzzle with one solution meant): at 26 columns "hard" left "many" out."""
        text = fit_line(self._entry_text(entry, name_w), name_w + 5, row_w)
        if self._verdict(entry) and entry.difficulty:
            tail = text[len(cut_to_columns(text, name_w + 5)):]
            if not any(word in tail for word in _MARKS):
                text = fit_line(self._line_text(entry, name_w, ""), name_w + 5, row_w)
        return text

    def _heading(self, start: int) -> str:
        """The heading of the size group that starts at entry `start`: "9x9  16 puzzles,
        3 solved"."""
        end = next((i for i in self.group_starts if i > start), len(self.entries))
        solved = sum(1 for i in range(start, end) if self._solved(i))
        return (f"{self.entries[start].size}  {plural(end - start, 'puzzle')}"
                + (f", {solved} solved" if solved else ""))

    def column_heading(self, name_w: int) -> str | None:
        """A line naming the columns, above the list (None: the lines say what they are)."""
        return None

    def column_ends(self, name_w: int) -> list[int]:
        """Where each column under `column_heading` ends: a line too wide for the screen
        loses its last columns whole, not a value cut in two ("today 18:")."""
        return []

    def _lines(self, spaced: bool) -> list[int | str]:
        """What the list shows, line by line: an entry's index, or a heading ("" a blank line
        between groups, when `spaced`)."""
        lines: list[int | str] = []
        for i in range(len(self.entries)):
            if i in self._starts:
                if spaced and lines:
                    lines.append("")
                lines.append(self._heading(i))
            lines.append(i)
        return lines

    def footer(self) -> list[tuple[str, FooterAction]]:
        """The footer's parts, least needed first (they go first when the line is too
        narrow), each with the action a click on it takes, or the buttons within it."""
        parts: list[tuple[str, FooterAction]] = [(plural(len(self.entries), "puzzle"), None)]
        if self.check_job is not None:
            # (a line with no mark may be one not checked yet)
            total = self.puzzle_count
            parts.append((f"checking {len(self.results)} of {total}", None))
        if len(self.group_starts) > 1:
            # (a button each, as the keys, in one part: the sizes are in order, smallest
            # first, and a narrow line kept the way up and dropped the way down)
            parts.append(("left smaller  right larger", (
                ("left smaller", MoveCursor(0, -1)), ("right larger", MoveCursor(0, 1)))))
        return parts + [("Enter play", Command.CONFIRM), ("q back", Command.BACK)]

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        self.too_small = not open_page(win, self.title, MIN_SIZE, theme)
        if self.too_small:
            return  # q still goes back
        # A message (a file set aside, say) is read whole: up to three lines over the footer.
        message = ([] if self.message is None
                   else wrap_text(self.message.text, max(1, width - 2), MESSAGE_LINES))
        footer_rows = 2 + len(message)
        if not self.entries:
            put(win, 2, 2, "No puzzles here.")
            return
        longest = max(max(columns(e.label) for e in self.entries), columns(self.name_heading))
        name_w = min(longest, max(10, width - self.tail_width))
        if self.kept_tail:
            # (whole names before the columns past `kept_tail`, which go whole first)
            name_w = max(name_w, min(longest, width - self.kept_tail))
        row_w = min(width, name_w + self.tail_width)
        left = max(0, (width - row_w) // 2)
        list_top = 2
        column_heading = self.column_heading(name_w)
        # (under a heading, the columns that fit, whole)
        cut = max((end for end in self.column_ends(name_w) if end <= row_w), default=row_w)
        if column_heading is not None:
            put(win, list_top, left, cut_to_columns(column_heading, cut), theme.dim)
            list_top += 1
        self.page = max(1, height - list_top - footer_rows)
        # Blank lines between the groups only when everything fits with them.
        lines = self._lines(spaced=True)
        if len(lines) > self.page:
            lines = self._lines(spaced=False)
        shown = self._in_view(lines)
        in_view = [line for line in shown if isinstance(line, int)]
        # (the list runs past the screen: the title says which part is in view, as a
        # scrolled board's does; 62 puzzles with 20 in sight gave no sign of the rest)
        span = ([f"{min(in_view) + 1}-{max(in_view) + 1} of {len(self.entries)}"]
                if in_view and len(in_view) < len(self.entries) else [])
        # (the library's and the games' titles are phrases, cut between words; a file's
        # name is cut anywhere, and said by its base name where its path does not fit: at
        # 26 columns it read "Numbrix · /tmp/pytest-o...")
        draw_title_parts(win, ["Numbrix", self.title, *span], 1, theme, words=not self.check,
                         short=self.short_title)
        for k, line in enumerate(shown):
            y = list_top + k
            if isinstance(line, str):
                put(win, y, left, line, curses.A_BOLD | theme.label)
                continue
            # (under a heading that names the columns, they stay lined up with it; the
            # columns past the name start after the tick's 3, the name's and 2 spaces)
            entry = self.entries[line]
            text = (self._fitted_line(entry, name_w, row_w) if column_heading is None
                    else cut_to_columns(self._entry_text(entry, name_w), cut))
            attr = theme.selected if line == self.selected else 0
            put(win, y, left, padded(text, row_w) if attr else text, attr)
            mask.put(y, left, row_w, Choose(line))
        y = height - footer_rows
        if self.message is not None:
            for i, line in enumerate(message):
                put(win, y + i, min(left, max(0, width - columns(line))), line,
                    message_attr(self.message, theme))
        self._draw_footer(win, mask, left)

    def _in_view(self, lines: list[int | str]) -> list[int | str]:
        """The lines of the page in view, scrolled (`top`) so the selection shows. The
        selection's heading shows too when there is room; and a heading scrolled off the
        top takes the first line's place, so every puzzle in view is under its size."""
        page = self.page
        line_of = lines.index(self.selected)
        if self.group_on_top:
            self.top, self.group_on_top = max(0, line_of - 1), False  # (its heading first)
        if line_of < self.top:
            self.top = max(0, line_of - 1)
        elif line_of >= self.top + page:
            self.top = line_of - page + 1
        self.top = max(0, min(self.top, len(lines) - page))
        if not self.grouped or page < 2 or isinstance(lines[self.top], str):
            return _without_last_heading(lines[self.top: self.top + page])
        if line_of == self.top:
            self.top -= 1  # (the heading stands in for a line: not the selected one)
        elif isinstance(lines[self.top + 1], str) and self.top + page < len(lines):
            # The last puzzle of a group at the top: its heading over no puzzle would read
            # as an empty group, so the view goes down a line (the selection is below).
            self.top += 1
        shown = lines[self.top: self.top + page]
        first = shown[0]
        if isinstance(first, int) and not isinstance(lines[self.top + 1], str):
            shown[0] = self._heading(max(i for i in self.group_starts if i <= first))
        return _without_last_heading(shown)

    def _draw_footer(self, win: "curses.window", mask: ScreenMask, left: int) -> None:
        """The key line at the bottom, each key a button; the parts that do not fit left out,
        least needed first, so no part shows cut."""
        parts = self.footer()
        y = win.getmaxyx()[0] - 1
        while len(parts) > 1 and not put_if_fits(
                win, y, left, FOOTER_GAP.join(text for text, _ in parts), self.theme.dim):
            # (the first part but those `footer_kept`, and the last, going back)
            drop = next((i for i, (_, action) in enumerate(parts[:-1])
                         if action not in self.footer_kept), 0)
            parts = parts[:drop] + parts[drop + 1:]
        if len(parts) == 1:
            put(win, y, left, parts[0][0], self.theme.dim)
        x = left
        for text, action in parts:
            if isinstance(action, tuple):
                for word, each in action:
                    mask.put(y, x + text.index(word), len(word), each)
            elif action is not None:
                mask.put(y, x, len(text), action)
            x += len(text) + len(FOOTER_GAP)


def _without_last_heading(shown: list[int | str]) -> list[int | str]:
    """The lines of a page but a heading on its last line: a group's heading with none of
    its puzzles under it reads as an empty group (at 40x12 the library's first page ended
    in "6x6  6 puzzles" over a blank row). Its puzzles come on under it on the next page."""
    if len(shown) > 1 and isinstance(shown[-1], str):
        return shown[:-1]
    return shown


def library_screen(ctx: AppContext) -> Screen:
    from numbrix_curses.library import load_bundled

    entries = [
        Entry(p, p.id or f"bundled #{k}", None)
        for k, p in enumerate(load_bundled(), start=1)
    ]
    return PuzzleListScreen(ctx, "Puzzle library", entries, grouped=True, short_title="Library")


def _reading_note(name: str, notes: list[tuple[int, str]]) -> str | None:
    """The first of the reader's warnings of file `name` (a line read one way that may have
    been meant another: see `textformat.parse_puzzles`), as the command line says it, and
    how many more there are; None when there are none. (The command line prints them; the
    app said nothing, and a board read other than meant looked like the file's.)"""
    if not notes:
        return None
    line, text = notes[0]
    return reading_note(f"{name}:{line}: warning: {text}", len(notes) - 1)


def open_file_screen(ctx: AppContext) -> Screen:
    from numbrix_curses.textformat import ParseError, puzzle_label, read_puzzles
    from numbrix_curses.ui.browse import BrowsingPromptScreen
    from numbrix_curses.ui.dialogs import home_short
    from numbrix_curses.ui.reading import read_for

    Read = Union[str, tuple[list[Entry], Union[str, None]]]

    def read(text: str, path: str, cancel_check: Callable[[], None],
             progress: Callable[[int, float], None]) -> Read:
        """(Beside the app's loop: see `ui.reading`) the file's puzzles as the list's
        entries and the note of what the reader warned of; or what went wrong."""
        notes: list[tuple[int, str]] = []
        try:
            puzzles = read_puzzles(path, notes, cancel_check=cancel_check, progress=progress)
        except ParseError as error:
            return str(error)
        except (OSError, UnicodeDecodeError) as error:
            return f"{text}: {getattr(error, 'strerror', None) or error}"
        source = os.path.abspath(path)
        entries = [Entry(p, puzzle_label(p, os.path.basename(path), k), source)
                   for k, p in enumerate(puzzles, start=1)]
        return entries, _reading_note(os.path.basename(path), notes)

    def opened(text: str, outcome: Read) -> "str | Nav":
        if isinstance(outcome, str):
            return outcome
        entries, note = outcome
        ctx.last_open = text
        if len(entries) == 1:  # nothing to choose from: straight to the game
            from numbrix_curses.ui.play import PlayScreen

            [entry] = entries
            # (named as `numbrix play FILE` names it: "week.txt", not "week.txt#1", so a
            # game and its save keep one name whichever way the file was opened)
            label = label_for(entry.puzzle.id, entry.source)
            return Replace(PlayScreen.open(ctx, entry.puzzle, label, entry.source, note=note))
        return Replace(PuzzleListScreen(ctx, text, entries, grouped=False, note=note,
                                        check=True))

    def submit(text: str) -> "str | Nav | None":
        if not text:
            return "Type the path of a puzzle file."
        path = os.path.expanduser(text)
        if path == "-":  # a file of that name, as the save prompt writes one: the reader
            path = os.path.join(os.curdir, path)  # takes "-" for standard input, the keyboard
        # (read beside the loop: a file of thousands of puzzles took seconds, the screen
        # frozen meanwhile)
        return read_for(prompt, os.path.basename(path) or text,
                        lambda cancel_check, progress: read(text, path, cancel_check,
                                                            progress),
                        lambda outcome: opened(text, outcome))

    first = ("A file of several puzzles lists them; Tab completes the path, and a click on a "
             "file below opens it.")
    # (what the shorter forms leave out shows anyway: while the field is empty, the list's
    # heading names the folder a relative path is read from, and the Tab button completes)
    prompt = BrowsingPromptScreen(
        ctx, "Open file", "Path of a puzzle file:", submit, initial=ctx.last_open,
        hint=f"{first} A relative path is read from {home_short(os.getcwd())}.",
        shorter_hints=(first, "A click on a file below opens it."),
    )
    return prompt
