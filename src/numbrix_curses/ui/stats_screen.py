"""The statistics screen: the puzzles solved, by board size and difficulty, with the best
and typical times (the numbers are `numbrix_curses.stats`'s; this screen lays them out)."""
from __future__ import annotations

import curses

from numbrix_curses.puzzle import plural
from numbrix_curses.stats import Group, Summary, summarize
from numbrix_curses.ui.actions import Action, Command, UnboundKey
from numbrix_curses.ui.draw import columns, cut_to_columns, padded, put, wrap_text
from numbrix_curses.ui.keys import LIST_KEYS, list_action_for_key
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, message_attr, take_store_problems
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Push,
    Screen,
    draw_back_footer,
    open_page,
    scrolled,
)
from numbrix_curses.ui.times import format_duration

#: the table's columns: heading and width (the size and difficulty left-aligned)
COLUMNS = (("Size", 7), ("Difficulty", 11), ("Puzzles", 8), ("Solves", 7), ("Best", 8),
           ("Typical", 8))
#: the columns a narrow window leaves out, first to go first: the size, difficulty and best
#: time are what the screen is for
DROPPED_FIRST = ("Typical", "Solves", "Puzzles")
TABLE_WIDTH = sum(width for _, width in COLUMNS)
#: the columns kept narrower where even the three left do not fit with a column to spare
#: each side (down to the smallest screen the game is played on): a size is five letters at
#: most ("20x27"), a difficulty eight ("fiendish")
NARROWED = {"Size": 6, "Difficulty": 10}
#: (width, height): the narrowest table, a heading, a line of it and the footer
MIN_SIZE = (sum(NARROWED.get(name, width) for name, width in COLUMNS
                if name not in DROPPED_FIRST) + 2, 8)
NO_TIME = "-"
#: the space put between two columns, past the one each keeps at its side, where the
#: window has room for it: headings one space apart ("Difficulty Puzzles Solves") read as
#: one run of words, the columns touching
SPACING = 1


def columns_for(width: int) -> tuple[str, ...]:
    """The headings of the columns a window `width` wide shows: all of them where they fit
    `SPACING` apart (with a column to spare each side), else fewer, leaving out
    `DROPPED_FIRST` in turn; where even the fewest do not fit so, the most that fit
    touching. (At 45 columns five touched, "Difficulty Puzzles Solves" read as one run of
    words, where four stand apart.)"""
    widths = dict(COLUMNS)

    def fitting(gap: int) -> tuple[str, ...] | None:
        shown = [name for name, _ in COLUMNS]
        for name in (*DROPPED_FIRST, None):
            if sum(widths[n] for n in shown) + gap * (len(shown) - 1) + 2 <= width:
                return tuple(shown)
            if name is not None:
                shown.remove(name)
        return None

    return fitting(SPACING) or fitting(0) or tuple(
        name for name, _ in COLUMNS if name not in DROPPED_FIRST)


def widths_for(width: int) -> dict[str, int]:
    """The columns a window `width` wide shows (see `columns_for`), in order, each with its
    width: `NARROWED` where they would not fit otherwise."""
    widths = {name: each for name, each in COLUMNS if name in columns_for(width)}
    if sum(widths.values()) + 2 > width:
        widths.update((name, each) for name, each in NARROWED.items() if name in widths)
    return widths


def gap_for(width: int) -> int:
    """The spaces between columns in a window `width` wide: `SPACING` where the columns it
    shows (see `widths_for`) have room for them, with a column to spare each side."""
    widths = widths_for(width)
    spaced = sum(widths.values()) + SPACING * (len(widths) - 1)
    return SPACING if spaced + 2 <= width else 0


def table_width(width: int) -> int:
    """The columns the table takes in a window `width` wide, spaces between them too."""
    widths = widths_for(width)
    return sum(widths.values()) + gap_for(width) * (len(widths) - 1)


def table_line(cells: dict[str, str], shown: tuple[str, ...],
               widths: dict[str, int] | None = None, gap: int = 0) -> str:
    """One line of the table, of the columns `shown` (as wide as `widths` says, else as
    `COLUMNS`), `gap` spaces apart: the size and difficulty left-aligned, the numbers
    right."""
    widths = widths or {}
    # (padded by columns: a difficulty a file names in wide characters takes two a
    # character)
    parts = [padded(_cut(cells[name], widths.get(name, width)), widths.get(name, width))
             if i < 2 else f"{cells[name]:>{widths.get(name, width) - 1}} "
             for i, (name, width) in enumerate(COLUMNS) if name in shown]
    return (" " * gap).join(parts).rstrip()


def _cut(text: str, room: int) -> str:
    """`text` in at most `room` columns, ending in "..." where it was cut: a puzzle file
    may name any difficulty, and one wider than its column pushed the numbers after it
    out from under their headings."""
    if columns(text) <= room:
        return text
    return cut_to_columns(text, max(0, room - 3)) + "..."


def table_duration(seconds: float, room: int = 7) -> str:
    """`seconds` in at most `room` columns, for a time column: `m:ss` or `h:mm:ss` where it
    fits, else hours and minutes ("12h05m"), hours ("123456h") or days ("99999d"). A game
    left running overnight, or a records file edited by hand, has a time of ten hours or
    more, and "10:00:00" pushed the columns after it out from under their headings."""
    shown = format_duration(seconds)
    hours, minutes = divmod(int(seconds) // 60, 60)
    for text in (shown, f"{hours}h{minutes:02d}m", f"{hours}h", f"{hours // 24}d"):
        if len(text) <= room:
            return text
    return ">" + "9" * (room - 2) + "d"


def group_line(group: Group, shown: tuple[str, ...], widths: dict[str, int] | None = None,
               gap: int = 0) -> str:
    def time(seconds: float | None) -> str:
        return NO_TIME if seconds is None else table_duration(seconds)

    cells = (group.size, group.difficulty or NO_TIME, str(group.puzzles), str(group.solves),
             time(group.best), time(group.typical))
    return table_line({name: cell for (name, _), cell in zip(COLUMNS, cells)}, shown, widths,
                      gap)


def _left(width: int) -> int:
    """The table's left margin in a window `width` columns wide (the text lines up with it)."""
    return max(1, (width - table_width(width)) // 2)


class StatsScreen(Screen):
    keys = LIST_KEYS

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        store = ctx.store
        self.summary: Summary = summarize(store.records().values())
        # (counted: nothing past each save's head is read)
        self.playing = len(store.saved_games(moves=False, board=False))
        self.message: Message | None = take_store_problems(store)
        self.top = 0
        self.page = 10
        #: the key just pressed that means nothing here, said in the footer ("" for none)
        self.unbound = ""

    def action_for_key(self, key: int | str) -> Action | None:
        return list_action_for_key(key, self.keys)

    def handle(self, action: Action) -> Nav | None:
        if action in (Command.BACK, Command.CONFIRM):
            return Pop()
        self.unbound = action.name if isinstance(action, UnboundKey) else ""
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "lists"))
        self.top = scrolled(self.top, action, self.page, len(self.summary.groups))
        return None

    def lines(self) -> list[str]:
        """The text under the title: the totals, then the table (or why there is none)."""
        summary = self.summary
        playing = (f"{plural(self.playing, 'game')} under way" if self.playing
                   else "no game under way")
        if not summary.groups:
            return [f"No puzzle solved yet; {playing}.", "",
                    "Each puzzle you solve counts here, by size and difficulty, with your "
                    "best time."]
        replays = ("" if summary.solves == summary.puzzles
                   else f" ({plural(summary.solves, 'solve')} in all, with replays)")
        return [f"{plural(summary.puzzles, 'puzzle')} solved{replays}; {playing}."]

    def legend(self, shown: tuple[str, ...]) -> str:
        """What the columns `shown` mean, under the table."""
        typical = ("; typical: the middle one of the puzzles' best times" if "Typical" in shown
                   else "")
        text = (f"Best: the fastest solve{typical}. Solves with help (a hint, an auto-fill) "
                "earn no time.")
        if any(group.rows is None for group in self.summary.groups):
            text += " Puzzles solved before sizes were kept show as older."
        return text

    def _intro(self, width: int) -> list[str]:
        """The totals and notes over the table, wrapped for a window `width` columns wide."""
        text_width = width - 2 * _left(width)
        return [part for line in self.lines() for part in _wrapped(line, text_width)]

    def _notice(self, width: int) -> list[str]:
        """The message, if any, wrapped as the totals are for a window `width` wide."""
        if self.message is None:
            return []
        return _wrapped(self.message.text, width - 2 * _left(width))

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        shown = columns_for(width)
        widths = widths_for(width)
        gap = gap_for(width)
        left = _left(width)
        intro = self._intro(width)
        # A message (the records set aside, say) goes under the totals, whole: at the
        # bottom it had one line, and was cut at "; it was".
        notice = self._notice(width)
        groups = self.summary.groups
        # (the title and a blank line, the totals and the message, a blank line, the heading
        # and one line of the table, and the footer's two rows: all the totals are read,
        # never cut; counted at the width asked for when the window is narrower, where they
        # would wrap into more lines: a 10-column window was told 19 rows, where 28 columns
        # need 13)
        above = (len(intro) + len(notice) if width >= MIN_SIZE[0]
                 else len(self._intro(MIN_SIZE[0])) + len(self._notice(MIN_SIZE[0])))
        need = (MIN_SIZE[0], max(MIN_SIZE[1], 2 + above + (3 if groups else 0) + 2))
        if not open_page(win, "Statistics", need, theme):
            return  # q still goes back
        y = 2
        for part in intro:
            put(win, y, left, part)
            y += 1
        for part in notice:
            put(win, y, left, part, message_attr(self.message, theme))
            y += 1
        if groups:
            y += 1
            heading = table_line({name: name for name in shown}, shown, widths, gap)
            put(win, y, left, heading, theme.label | curses.A_BOLD)
            y += 1
            rows = height - 2 - y
            legend = len(_wrapped(self.legend(shown), width - 2 * left))
            # A table longer than the rows scrolls: keep the legend's rows under it while
            # three rows of the table are left (else it was never seen, End included).
            scrolls = len(groups) > rows
            self.page = max(1, rows - legend - 1 if scrolls and rows - legend - 1 >= 3 else rows)
            self.top = min(self.top, max(0, len(groups) - self.page))
            for group in groups[self.top: self.top + self.page]:
                put(win, y, left, group_line(group, shown, widths, gap))
                y += 1
            y += 1
            for part in _whole_sentences(self.legend(shown), width - 2 * left, height - 2 - y):
                put(win, y, left, part, theme.dim)
                y += 1
        more = self.top + self.page < len(groups)
        draw_back_footer(win, mask, left, more, theme, above=self.top > 0,
                         unbound=self.unbound)


def _whole_sentences(text: str, width: int, rows: int) -> list[str]:
    """`text` wrapped to `width`, as many of its sentences from the first as fit in `rows`:
    on a short screen the legend read "Best: the fastest solve. Solves" and stopped."""
    sentences = [part if part.endswith(".") else part + "." for part in text.split(". ")]
    lines: list[str] = []
    for taken in range(len(sentences), 0, -1):
        lines = _wrapped(" ".join(sentences[:taken]), width)
        if len(lines) <= rows:
            return lines
    return []


def _wrapped(text: str, width: int) -> list[str]:
    """`text` wrapped as the app's other messages are (`wrap_text`): at 40 columns "2 games
    under" stood over "way." alone."""
    return wrap_text(text, max(10, width))
