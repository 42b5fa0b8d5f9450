"""The main menu: continue the last game, the games under way, the library, a new puzzle, a
file, typing one in.

Every item has a hotkey (its highlighted letter) and is a click target; arrows and Enter
work too. Continue is offered only when a saved game exists, and the list of the games under
way only when there are two or more (with one, Continue is that list). The menu looks at the
saved games again every few seconds while it waits, so a game played on, finished or begun
in another window shows as it stands.
"""
from __future__ import annotations

import curses
import time
from dataclasses import dataclass
from typing import Callable

from numbrix_curses.puzzle import plural
from numbrix_curses.savefile import SavedGame
from numbrix_curses.ui.actions import (
    Action, Choose, Command, Hotkey, MoveCursor, Paste, Scroll, UnboundKey,
)
from numbrix_curses.ui.draw import centred, columns, cut_to_columns, put, wrap_text
from numbrix_curses.ui.keys import LIST_KEYS, list_action_for_key
from numbrix_curses.ui.listview import ListWindow, list_window, more_line, paged
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, message_attr, take_store_problems, unbound_message
from numbrix_curses.ui.screen import (
    AppContext,
    Exit,
    Nav,
    Push,
    Screen,
    draw_title,
    draw_too_small,
)
from numbrix_curses.ui.times import format_duration

BANNER = "N U M B R I X"
#: how often (seconds) the menu looks at the saved games again while it waits for a key
LOOK_AGAIN_SECONDS = 3.0
#: columns a menu item's detail needs to be worth showing cut short
DETAIL_LEAST = 20
#: the fewest rows the menu takes: the title and a blank row, a window of seven rows onto
#: its items (it scrolls on a screen too short for them all) and a row for a message
LEAST_ROWS = 10


def _menu_plan(height: int, items: int) -> tuple[int, bool, bool]:
    """How the menu's `items` fit `height` rows: the rows from one item to the next, and
    whether the banner and the footer (how to choose) show. The footer goes last, then
    the blank rows between items, then the banner: nine items (with the games under way)
    keep all three at 24 rows."""
    for spacing, banner in ((2, True), (2, False), (1, True), (1, False)):
        if 2 + 2 * banner + items * spacing - (spacing - 1) + 2 + 1 <= height:
            return spacing, banner, True
    return 1, False, False


@dataclass(frozen=True)
class MenuItem:
    key: str
    label: str
    detail: str
    run: Callable[[], Nav | None]
    #: shorter wordings of `detail`, longest first, for a menu too narrow for it whole:
    #: an item that has them (Continue, whose detail is the game's, not a description)
    #: shows the longest that fits even where the others' details go
    shorter: tuple[str, ...] = ()


def continue_details(saved: SavedGame) -> tuple[str, ...]:
    """What Continue says of the game it resumes, longest first: its name, size, grade
    where the save's puzzle has one (as the game screen shows "4x4 easy") and the time
    played ("demo, 4x4 easy, 0:02"); then without the name, then without the grade. (All
    from the save's head, which holds the puzzle's metadata: no save is read whole.)"""
    size = f"{saved.puzzle.rows}x{saved.puzzle.cols}"
    grade = saved.puzzle.metadata.get("difficulty", "")
    played = format_duration(saved.elapsed)
    graded = f"{size} {grade}" if grade else size
    # (a generated puzzle's name starts with its size and grade: "9x9-medium-5", not twice)
    if saved.label.startswith(size):
        named = saved.label if grade in saved.label else f"{saved.label}, {grade}"
    else:
        named = f"{saved.label}, {graded}"
    wordings = [f"{named}, {played}", f"{graded}, {played}", f"{size}, {played}"]
    return tuple(dict.fromkeys(wordings))  # (the same twice where there is no grade)


class MenuScreen(Screen):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.selected = 0
        self.message: Message | None = None
        self.latest: SavedGame | None = None
        self.items: list[MenuItem] = []
        self.looked = 0.0
        self.stamp: tuple[tuple[str, int, int], ...] = ()  # (see `Store.games_stamp`)
        #: the part of the items in view, as the last frame drew it (all of them but on a
        #: screen too short for the whole list)
        self.window: ListWindow | None = None
        self.refresh()

    def refresh(self) -> None:
        store = self.ctx.store
        self.looked = time.monotonic()
        self.stamp = store.games_stamp()
        # (the item selected stays selected when Continue comes or goes above it)
        was = self.items[self.selected].key if self.items else None
        # (what the menu shows of a game, its time, is read from the start of its file: a
        # long game's save, read whole every time another window played on, took seconds)
        games = store.saved_games(moves=False, board=False)
        self.latest = games[0] if games else None
        self.message = take_store_problems(store) or self.message
        items = []
        if self.latest is not None:
            detail, *shorter = continue_details(self.latest)
            items.append(MenuItem("c", "Continue", detail, self._continue, tuple(shorter)))
        if len(games) > 1:
            detail = f"{plural(len(games), 'game')}, latest {games[0].label}"
            items.append(MenuItem("u", "Games under way", detail, self._games))
        items += [
            MenuItem("l", "Puzzle library", "the bundled puzzles", self._library),
            MenuItem("n", "New puzzle", "generate one, 5x5 to 20x27", self._new),
            MenuItem("o", "Open file", "play a puzzle from a file", self._open),
            MenuItem("t", "Type in a puzzle", "type or paste one, and check it",
                     self._type_in),
            MenuItem("s", "Statistics", "puzzles solved and best times", self._stats),
            MenuItem("h", "Help", "rules and keys", self._help),
            MenuItem("q", "Quit", "", lambda: Exit(0)),
        ]
        self.items = items
        keys = [item.key for item in items]
        self.selected = keys.index(was) if was in keys else min(self.selected, len(items) - 1)

    def tick(self) -> Nav | None:
        # A game saved by another window (or finished there) changed what Continue and
        # the games under way say; the time shown stayed as this window first read it.
        # (read again only when the files changed: reading them all can take a while)
        if time.monotonic() - self.looked >= LOOK_AGAIN_SECONDS:
            self.looked = time.monotonic()
            if self.ctx.store.games_stamp() != self.stamp:
                self.refresh()
        return None

    def redraw_after_ms(self) -> int:
        return int(LOOK_AGAIN_SECONDS * 1000)

    # ----- what the items do -------------------------------------------------------------
    def _continue(self) -> Nav | None:
        from numbrix_curses.ui.play import PlayScreen

        saved = self.ctx.store.latest_game()
        if saved is None:
            self.message = Message("That game is gone (finished in another window?).")
            self.refresh()
            return None
        return Push(PlayScreen.open(self.ctx, saved.puzzle, saved.label, saved.source))

    def _games(self) -> Nav | None:
        from numbrix_curses.ui.games_screen import GamesScreen

        if not self.ctx.store.saved_games(moves=False, board=False):
            self.message = Message("Those games are gone (finished in another window?).")
            self.refresh()
            return None
        return Push(GamesScreen(self.ctx))

    def _library(self) -> Nav:
        from numbrix_curses.ui.library_screen import library_screen

        return Push(library_screen(self.ctx))

    def _new(self) -> Nav:
        from numbrix_curses.ui.newpuzzle import NewPuzzleScreen

        return Push(NewPuzzleScreen(self.ctx))

    def _open(self) -> Nav:
        from numbrix_curses.ui.library_screen import open_file_screen

        return Push(open_file_screen(self.ctx))

    def _type_in(self) -> Nav:
        from numbrix_curses.ui.entry import EntrySizeScreen

        return Push(EntrySizeScreen(self.ctx))

    def _stats(self) -> Nav:
        from numbrix_curses.ui.stats_screen import StatsScreen

        return Push(StatsScreen(self.ctx))

    def _help(self) -> Nav:
        from numbrix_curses.ui.help import HelpScreen

        return Push(HelpScreen(self.ctx))

    # ----- input -------------------------------------------------------------------------
    def action_for_key(self, key: int | str) -> Action | None:
        if isinstance(key, str) and key.lower() in {item.key for item in self.items}:
            return Hotkey(key.lower())
        if key in ("u", "c"):
            return Hotkey(key)  # (an item not on the menu now: said why, see `handle`)
        if key == "\x1b":
            return None  # Escape does not quit the app by accident; q does
        # (a letter of no item, or a digit, is said to do nothing, as on the board screens:
        # it did nothing without a word, which reads as a key not taken)
        return list_action_for_key(key, LIST_KEYS)

    def handle(self, action: Action) -> Nav | None:
        self.message = None
        count = len(self.items)
        if isinstance(action, MoveCursor):
            self.selected = (self.selected + action.drow) % count
        elif isinstance(action, Scroll):
            self.selected = min(max(self.selected + (1 if action.delta > 0 else -1), 0), count - 1)
        elif action is Command.HOME:
            self.selected = 0
        elif action is Command.END:
            self.selected = count - 1
        elif action in (Command.PAGE_DOWN, Command.PAGE_UP):
            self.selected = paged(self.window, count, action is Command.PAGE_DOWN)
        elif action is Command.HELP:
            return self._help()
        elif action is Command.CONFIRM:
            return self.items[self.selected].run()
        elif isinstance(action, Choose) and 0 <= action.index < count:
            self.selected = action.index
            return self.items[action.index].run()
        elif isinstance(action, Hotkey):
            for i, item in enumerate(self.items):
                if item.key == action.key:
                    self.selected = i
                    return item.run()
            # Continue and Games under way show only when there are games to go back to:
            # their keys pressed meanwhile said nothing.
            if self.latest is None:
                self.message = Message("No game under way: l, n or o starts one.")
            else:
                self.message = Message("One game under way: c continues it.")
        elif isinstance(action, Paste):
            return self._paste(action)
        elif isinstance(action, UnboundKey):
            self.message = unbound_message(action)
        return None


    def _paste(self, paste: Paste) -> Nav | None:
        """A puzzle pasted here opens in the type-in screen, checked: the short way from a
        puzzle copied off a web page to its verdict."""
        from numbrix_curses.ui.entry import open_pasted

        opened = open_pasted(self.ctx, paste, "to check it and play it")
        if isinstance(opened, Message):
            self.message = opened
            return None
        return Push(opened)

    def uncovered(self) -> None:
        self.refresh()

    # ----- output ------------------------------------------------------------------------
    def _window(self, height: int, spacing: int, banner: bool, footer: bool,
                lines: int) -> tuple[ListWindow, int, int]:
        """The window onto the items on a screen `height` rows high, the row of its top,
        and the rows under its last item for a message of `lines` lines (0: none).

        Short of rows for every item, the window has the rows left but one, for a message
        under it. A message with more lines than the rows under the items (a paste
        refused: at 26x11 "The pasted text is not a puzzle (line 1,..." lost why) takes
        rows from them, from the top down: they scroll, and it says what went wrong."""
        rows, shrunk = height - 3, False
        while True:
            window = list_window(len(self.items), rows, self.selected,
                                 self.window.top if self.window is not None else 0)
            # (the title and a blank row, the banner and a blank row, the items, a blank
            # row and a line for a message, the footer)
            used = 2 + 2 * banner + window.rows * spacing - (spacing - 1) + 2 + footer
            top = 2 + 2 * banner + (0 if shrunk else max(0, height - used) // 2)
            room = height - (top + spacing * (window.rows - 1)) - 1
            if lines <= room or window.rows <= 3:
                return window, top, room
            rows, shrunk = max(3, window.rows - -(-(lines - room) // spacing)), True

    # ----- output ------------------------------------------------------------------------
    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        draw_title(win, "Numbrix", theme)
        label_w = max(len(item.label) for item in self.items)
        detail_w = max(columns(item.detail) for item in self.items)  # (a CJK name's too)
        row_w = min(width, 6 + label_w + 3 + detail_w)
        # Every label whole; details may be cut. A screen too short for every item shows
        # a window onto them that scrolls with the selection (the one under the smallest
        # the game is played on, 26x11, with the games under way listed, had nine items).
        need = (6 + label_w + 3, min(len(self.items) + 3, LEAST_ROWS))
        if width < need[0] or height < need[1]:
            draw_too_small(win, need, theme)  # the hotkeys still work, q still quits
            return
        spacing, banner, footer = _menu_plan(height, len(self.items))
        message = self.message
        wordings = (message.text, *message.shorter) if message is not None else ("",)
        for said in wordings:
            window, top, room = self._window(height, spacing, banner, footer,
                                             len(wrap_text(said, width - 4)) if said else 0)
            if len(wrap_text(said, width - 4)) <= room:
                break
        # (the longest wording the rows under the items show whole, else the shortest)
        if message is not None and said != message.text:
            message = Message(said, message.kind)
        self.window = window
        if banner:
            centred(win, top - 2, BANNER, curses.A_BOLD | theme.label)
        room = max(0, row_w - label_w - 8)
        # Details cut to a word or two ("the bundled...") say nothing: under this much room
        # they go, unless every one fits whole.
        details = room >= DETAIL_LEAST or all(columns(item.detail) <= room
                                              for item in self.items)
        shown = [_shown_detail(item, room, details) for item in self.items]
        # Where the other details go, Continue's follows its own label, two spaces after
        # it, when a longer wording fits there than in the details' column: at 26 and 30
        # columns the menu said nothing of the game Continue opens (its size and time), as
        # wider ones do, and at 34 it left out the grade that fits beside the label.
        beside = [False] * len(self.items)
        for i, item in enumerate(self.items):
            if details or not item.shorter:
                continue
            wordings = (item.detail, *item.shorter)
            fit = width - (5 + len(item.label) + 2 + 1)
            text = next((text for text in wordings if columns(text) <= fit), "")
            if text and (not shown[i] or wordings.index(text) < wordings.index(shown[i])):
                shown[i], beside[i] = text, True
        if not details:
            # (the label alone, or with Continue's short detail where it shows)
            row_w = max([6 + label_w + 2,
                         *(6 + label_w + 3 + columns(text)
                           for text, by_label in zip(shown, beside) if text and not by_label),
                         *(5 + len(item.label) + 2 + columns(text) + 1
                           for item, text, by_label in zip(self.items, shown, beside)
                           if text and by_label)])
        left = max(0, (width - row_w) // 2)
        y = top
        if window.above:
            put(win, y, left + 1, more_line(window.above, below=False), theme.dim)
            mask.put(y, left, row_w, Command.PAGE_UP)  # (a click shows them, as PgUp)
            y += spacing
        for i in range(window.top, window.top + window.count):
            item = self.items[i]
            selected = i == self.selected
            base = theme.selected if selected else 0
            if selected:
                put(win, y, left, " " * row_w, base)
            put(win, y, left + 1, f"[{item.key}]", base | (0 if selected else theme.key))
            put(win, y, left + 5, item.label, base | curses.A_BOLD)
            if shown[i] and beside[i]:
                put(win, y, left + 5 + len(item.label) + 2, shown[i],
                    base | (0 if selected else theme.dim))
            elif shown[i]:
                put(win, y, left + 5 + label_w + 3, cut_to_columns(shown[i], room),
                    base | (0 if selected else theme.dim))
            mask.put(y, left, row_w, Choose(i))
            y += spacing
        if window.below:
            put(win, y, left + 1, more_line(window.below, below=True), theme.dim)
            mask.put(y, left, row_w, Command.PAGE_DOWN)
        if message is not None:
            # A message (rare: a file that could not be read, a paste refused) goes a row
            # under the items, up to the blank row after them, and over the footer rather
            # than be cut: it says what went wrong, the footer what the keys are.
            last_item = top + spacing * (window.rows - 1)
            lines = wrap_text(message.text, width - 4, max(1, height - last_item - 1))
            bottom = height - footer
            if last_item + 2 + len(lines) > bottom:
                footer = False
                bottom = height
            y = max(last_item + 1, min(last_item + 2, bottom - len(lines)))
            block = max(map(columns, lines))
            x = max(0, (width - block) // 2)
            for line in lines:
                put(win, y, x, line, message_attr(message, theme))
                y += 1
        hints = ["arrows and Enter, a letter, or a click", "arrows, Enter, a letter, a click"]
        if not self.ctx.mouse:
            hints = ["arrows and Enter, or a letter", "arrows, Enter, a letter"]
        # (the longest that fits whole: a hint cut off mid-phrase reads as a fault)
        hint = next((text for text in hints if len(text) <= width), None)
        if footer and hint is not None:
            centred(win, height - 1, hint, theme.dim)


def _shown_detail(item: MenuItem, room: int, details: bool) -> str:
    """What a menu line shows of `item`'s detail in `room` columns: the longest of its
    wordings that fits whole; else, where `details` show, the detail cut at a word; else
    nothing. Where the other details go, an item with shorter wordings (Continue) still
    shows the longest that fits: at 40 columns its name, size and time all went."""
    for text in (item.detail, *item.shorter):
        if columns(text) <= room and (details or item.shorter):
            return text
    if not details or not item.detail:
        return ""
    return cut_to_columns(item.detail, room - 3).rsplit(" ", 1)[0].rstrip(",;:") + "..."
