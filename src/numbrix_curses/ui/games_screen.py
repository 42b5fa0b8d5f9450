"""The games under way: every saved game, the one played last first, to resume or abandon.

The main menu's Continue resumes only the latest game. A puzzle made with New puzzle is in no
library, so without this list an earlier game of one could never be reached again; the menu
offers the list ("Games under way") once there are two games. Each line shows the puzzle's
name, size and difficulty, how much of it is filled, the time played so far and when it was
last played. Enter or a click resumes a game as Continue does; Delete or x abandons one, after
asking.
"""
from __future__ import annotations

import time
from datetime import date, datetime, timedelta

from numbrix_curses.puzzle import plural
from numbrix_curses.savefile import SavedGame
from numbrix_curses.ui.actions import Action, Command
from numbrix_curses.ui.dialogs import ConfirmScreen
from numbrix_curses.ui.draw import cut_middle, cut_to_columns, padded
from numbrix_curses.ui.keys import GAMES_KEYS
from numbrix_curses.ui.library_screen import Entry, PuzzleListScreen
from numbrix_curses.ui.panel import Message, MessageKind, take_store_problems
from numbrix_curses.ui.screen import AppContext, Nav, Pop, Push
from numbrix_curses.ui.times import MONTHS, format_duration

#: the widths of a line's columns after the name: size, difficulty, cells filled, time
#: played, last played
SIZE_W, DIFFICULTY_W, FILLED_W, PLAYED_W, WHEN_W = 5, 10, 6, 7, 11
GAMES_TAIL = 1 + 2 + SIZE_W + 2 + DIFFICULTY_W + 2 + FILLED_W + 2 + PLAYED_W + 2 + WHEN_W


def last_played(when: float, now: float) -> str:
    """When a game was last played, in the local time: "today 14:02", "yesterday", "3 Nov",
    or "3 Nov 2023" in another year; "" when unknown (a save that did not say)."""
    if when <= 0:
        return ""
    try:
        then = datetime.fromtimestamp(when)
        today = date.fromtimestamp(now)
    except (ValueError, OverflowError, OSError):  # a year past 9999, or before the epoch
        return ""
    if then.date() == today:
        return f"today {then:%H:%M}"
    if then.date() == today - timedelta(days=1):
        return "yesterday"
    day = f"{then.day} {MONTHS[then.month - 1]}"
    return day if then.year == today.year else f"{day} {then.year}"


def _columns(name: str, size: str, difficulty: str, filled: str, played: str, when: str,
             name_w: int) -> str:
    """One line of the list, or the heading naming its columns: the same widths for both."""
    # (padded by the columns it takes: a name in wide characters, CJK, takes two a
    # character, and `:<` pushed the columns after it out of line)
    return (f" {padded(cut_to_columns(name, name_w), name_w)}  {size:>{SIZE_W}}  "
            f"{padded(difficulty, DIFFICULTY_W)}  "
            f"{filled:>{FILLED_W}}  {played:>{PLAYED_W}}  {when}")


def filled_text(saved: SavedGame) -> str:
    """How far a saved game has come: "35%" of the cells the player fills (the givens are
    not the player's: a game with one number in read 36% where 8 of 25 cells are given),
    "shown" where it was left with its solution revealed."""
    if saved.revealed:
        return "shown"
    filled = saved.filled
    if filled is None:
        return ""
    givens = saved.puzzle.clue_count
    to_fill = saved.puzzle.size - givens
    if to_fill <= 0:
        return "100%"
    # (down, not to the nearest: a board one cell short is not "100%"; nor is a board with
    # a number in "0%", as of a game not begun: one of 143 cells is "1%")
    mine = max(0, filled - givens)
    return f"{max(mine * 100 // to_fill, 1 if mine else 0)}%"


class GamesScreen(PuzzleListScreen):
    keys = GAMES_KEYS
    tail_width = GAMES_TAIL
    # A game is told by its name: a narrow screen drops the columns past its size first
    # (the names were cut to "5x5-…ium-1" at 40 columns, with the difficulty kept).
    kept_tail = 1 + 2 + SIZE_W
    name_heading = "Puzzle"
    # Resuming is what the list is for: at 26 columns the footer kept "Del/x abandon" and
    # left out "Enter resume".
    footer_kept = (Command.CONFIRM,)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx, "Games under way", [], grouped=False, short_title="Games")

    def _load_marks(self) -> None:
        """Read the saved games again, keeping the same game selected: one played since
        moves to the top, one solved or abandoned leaves the list."""
        store = self.ctx.store
        chosen = self._selected_key()
        # (how far each game has come is its save's head's: the moves, read whole for it,
        # took 6 s for 300 saves of 20,000 moves)
        games = store.saved_games(moves=False)
        self.set_entries([Entry(saved.puzzle, saved.label, saved.source, saved)
                          for saved in games])
        keys = [saved.key for saved in games]
        self.selected = (keys.index(chosen) if chosen in keys
                         else min(self.selected, max(0, len(keys) - 1)))
        self.message = take_store_problems(store) or self.message

    def _first_selected(self) -> int:
        return 0  # the game played last

    def _solved(self, index: int) -> bool:
        # Every line is a game under way, solved or not before: the one after a game solved
        # from here is the next to play (the solved one leaves the list, and the selection
        # stays where it was, on the next one). (This list reads no records: asking them
        # of it, as the library does, failed on every game but the last.)
        return False

    def _selected_key(self) -> str | None:
        if not 0 <= self.selected < len(self.entries):
            return None
        saved = self.entries[self.selected].saved
        return saved.key if saved is not None else None

    def uncovered(self) -> None:
        self._load_marks()

    def tick(self) -> Nav | None:
        # The last game was solved or abandoned (here, or in another window): nothing is left
        # to choose from, so back to the menu, which no longer offers the list.
        return Pop() if not self.entries else None

    def handle(self, action: Action) -> Nav | None:
        if action is Command.ABANDON and not self.too_small:
            self.message = None
            return self._ask_abandon(self.entries[self.selected]) if self.entries else None
        return super().handle(action)

    def _ask_abandon(self, entry: Entry) -> Nav:
        played = format_duration(entry.saved.elapsed) if entry.saved is not None else "0:00"

        def abandon() -> None:
            store = self.ctx.store
            if not store.claim_game(entry.puzzle):
                # (its window would save it again at its next move, undoing this unseen)
                self.message = Message(f"{entry.label} is open in another numbrix window: "
                                       "leave it there first.", MessageKind.ERROR)
                return
            store.delete_game(entry.puzzle)
            store.release_game(entry.puzzle)
            self._load_marks()
            self.message = Message(f"Abandoned {entry.label}.")

        return Push(ConfirmScreen(
            self.ctx, f"Abandon {entry.label}?", abandon,
            detail=f"The game, {played} played, is deleted; this cannot be undone.",
            yes="Abandon", no="Keep"))

    def _entry_text(self, entry: Entry, name_w: int) -> str:
        saved = entry.saved
        assert saved is not None, "every line of this list is a saved game"
        return _columns(cut_middle(entry.label, name_w, self.theme.glyphs.gap), entry.size,
                        entry.difficulty, filled_text(saved),
                        format_duration(saved.elapsed), last_played(saved.saved_at, time.time()),
                        name_w)

    def column_heading(self, name_w: int) -> str | None:
        return _columns(self.name_heading, "Size", "Difficulty", "Filled", "Played", "Last played",
                        name_w)

    def column_ends(self, name_w: int) -> list[int]:
        ends = [1 + name_w]
        for width in (SIZE_W, DIFFICULTY_W, FILLED_W, PLAYED_W, WHEN_W):
            ends.append(ends[-1] + 2 + width)
        return ends

    def footer(self) -> list[tuple[str, Action | None]]:
        return [(plural(len(self.entries), "game"), None), ("Enter resume", Command.CONFIRM),
                ("Del/x abandon", Command.ABANDON), ("q back", Command.BACK)]
