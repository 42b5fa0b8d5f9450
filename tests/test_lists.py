"""The puzzle lists without a terminal: how the library groups and scrolls its lines, and how
the games under way say when a game was last played (the screens themselves are tested in a
pseudo-terminal in test_app_flows.py)."""
from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from numbrix_curses.library import load_bundled
from numbrix_curses.savefile import puzzle_key
from numbrix_curses.savestate import Store
from numbrix_curses.ui.games_screen import last_played
from numbrix_curses.ui.library_screen import Entry, PuzzleListScreen
from numbrix_curses.ui.actions import Command
from numbrix_curses.ui.screen import AppContext, Push


def local(*when: int) -> float:
    """The time stamp of a local date and time (year, month, day, hour, minute)."""
    year, month, day, hour, minute = when
    return time.mktime((year, month, day, hour, minute, 0, 0, 0, -1))


@pytest.mark.parametrize("when, now, said", [
    (local(2024, 11, 5, 14, 2), local(2024, 11, 5, 15, 0), "today 14:02"),
    (local(2024, 11, 5, 0, 1), local(2024, 11, 5, 23, 59), "today 00:01"),
    (local(2024, 11, 4, 23, 59), local(2024, 11, 5, 0, 1), "yesterday"),
    (local(2024, 12, 31, 20, 0), local(2025, 1, 1, 9, 0), "yesterday"),  # over a new year
    (local(2024, 11, 3, 10, 0), local(2024, 11, 5, 9, 0), "3 Nov"),
    (local(2024, 1, 30, 10, 0), local(2024, 11, 5, 9, 0), "30 Jan"),
    (local(2023, 11, 3, 10, 0), local(2024, 11, 5, 9, 0), "3 Nov 2023"),
    (local(2024, 11, 6, 10, 0), local(2024, 11, 5, 9, 0), "6 Nov"),  # the clock was put back
])
def test_last_played_says_today_yesterday_or_the_date(when: float, now: float, said: str):
    assert last_played(when, now) == said


@pytest.mark.parametrize("when", [0.0, -5.0, 9.9e11])  # unknown; the year 33000
def test_last_played_is_blank_when_the_save_does_not_say(when: float):
    assert last_played(when, time.time()) == ""


def library(tmp_path: Path) -> PuzzleListScreen:
    entries = [Entry(p, p.id or "", None) for p in load_bundled()]
    return PuzzleListScreen(AppContext(Store(tmp_path)), "Puzzle library", entries,
                            grouped=True)


def test_the_library_is_grouped_by_size_then_difficulty(tmp_path: Path):
    screen = library(tmp_path)
    lines = screen._lines(spaced=False)
    headings = [line for line in lines if isinstance(line, str)]
    assert headings[:4] == ["5x5  6 puzzles", "6x6  6 puzzles", "5x8  2 puzzles",
                            "7x7  4 puzzles"]
    assert "7x10  4 puzzles" in headings and "10x7  1 puzzle" in headings
    assert headings.index("7x10  4 puzzles") < headings.index("10x7  1 puzzle")  # rows break ties
    assert len(lines) == len(screen.entries) + len(headings)  # no blank lines
    order = ("easy", "medium", "hard", "fiendish")
    for start, end in zip(screen.group_starts, screen.group_starts[1:] + [len(screen.entries)]):
        ranks = [order.index(entry.difficulty) for entry in screen.entries[start:end]]
        assert ranks == sorted(ranks)
    spaced = screen._lines(spaced=True)
    assert spaced.count("") == len(headings) - 1  # a blank line between groups, not before


def test_a_heading_scrolled_off_stands_over_the_puzzles_in_view(tmp_path: Path):
    screen = library(tmp_path)
    screen.page = 6
    lines = screen._lines(spaced=False)
    nine = lines.index("9x9  16 puzzles")
    screen.selected = lines[nine + 8]  # the eighth 9x9 puzzle, at the bottom of the view
    shown = screen._in_view(lines)
    assert shown[0] == "9x9  16 puzzles" and shown[-1] == screen.selected
    assert all(isinstance(line, int) for line in shown[1:])
    screen.selected = shown[1]  # up to the first line below the heading: it stays in view
    screen.selected -= 1
    shown = screen._in_view(lines)
    assert shown[0] == "9x9  16 puzzles" and shown[1] == screen.selected
    # The last puzzle of a group at the top: the view moves down rather than show a heading
    # over no puzzle.
    screen.top = nine - 1
    screen.selected = lines[nine + 2]
    shown = screen._in_view(lines)
    assert shown[0] == "9x9  16 puzzles" and screen.top == nine


def test_the_list_ignores_keys_but_back_while_it_is_too_small_to_show(tmp_path: Path):
    from numbrix_curses.ui.actions import Command, MoveCursor
    from numbrix_curses.ui.screen import Pop

    screen = library(tmp_path)
    screen.too_small = True  # (as `draw` leaves it when the notice was shown instead)
    assert screen.handle(MoveCursor(1, 0)) is None and screen.selected == 0
    assert screen.handle(Command.CONFIRM) is None  # nothing opened unseen
    assert isinstance(screen.handle(Command.BACK), Pop)
    screen.too_small = False
    screen.handle(MoveCursor(1, 0))
    assert screen.selected == 1


@pytest.mark.parametrize("name, width, shown", [
    ("5x5-medium-8660442690", 10, "5x5-…42690"),
    ("5x5-medium-8660442690", 30, "5x5-medium-8660442690"),  # room: whole
    ("abcdef", 2, "ab"),  # no room for the gap and both ends
])
def test_a_name_cut_short_keeps_its_end(name: str, width: int, shown: str):
    """Puzzle ids differ at their end (the seed): cut at the end, a file of them listed at 40
    columns read '5x5-medium' on every line."""
    from numbrix_curses.ui.draw import cut_middle

    assert cut_middle(name, width, "…") == shown and len(cut_middle(name, width, "…")) <= width


def test_a_games_line_too_wide_loses_whole_columns(tmp_path: Path):
    """At 50 columns the time of the last play read 'today 18:'."""
    from numbrix_curses.ui.games_screen import GamesScreen, _columns

    values = ["a-game", "9x9", "fiendish", "35%", "1:02:03", "today 18:02"]
    line = _columns(*values, 10)
    ends = GamesScreen(AppContext(Store(tmp_path))).column_ends(10)
    assert len(ends) == len(values) and ends[-1] == len(line)
    for end, value in zip(ends, values):
        assert line[:end].rstrip().endswith(value)  # each cut ends on a whole value


def test_lines_of_names_in_wide_characters_keep_their_columns_in_line():
    """A CJK name, padded as if each character took one column, pushed the columns after it
    out of line with the heading's and with the lines of ASCII names."""
    from numbrix_curses.pages import columns
    from numbrix_curses.ui.draw import cut_to_columns
    from numbrix_curses.ui.games_screen import _columns
    from numbrix_curses.ui.library_screen import fit_line

    heading = _columns("Puzzle", "Size", "Difficulty", "Filled", "Played", "Last played", 12)
    for name in ("東京の朝", "東京の朝のパズル集", "a-game"):
        line = _columns(name, "9x9", "難しい", "35%", "1:02:03", "today 18:02", 12)
        assert columns(line) == columns(heading)
        assert cut_to_columns(line, 20).endswith("9x9")  # under "Size", wherever it ends
    line = " ✓ 東京の朝のパズル  easy      best 0:10   in progress"
    assert fit_line(line, 21, 44) == " ✓ 東京の朝のパズル  easy best 0:10 playing"
    assert columns(fit_line(line, 21, 30)) <= 30


def test_a_panel_list_line_cut_short_ends_in_an_ellipsis():
    """The moves list cut "drew 10 numbers, 129 to 141" to "... 129 to 1", which read as
    another move: a line too long for the panel ends in the theme's gap mark."""
    from types import SimpleNamespace

    from numbrix_curses.ui.mask import ScreenMask
    from numbrix_curses.ui.panel import ListLine, _draw_listing
    from numbrix_curses.ui.theme import UNICODE_GLYPHS

    class Window:
        def __init__(self) -> None:
            self.rows: dict[int, str] = {}

        def getmaxyx(self) -> tuple[int, int]:
            return 24, 80

        def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
            self.rows[y] = text

    theme = SimpleNamespace(label=0, dim=0, selected=0, glyphs=UNICODE_GLYPHS)
    win = Window()
    lines = [ListLine("  1. drew 129-141", None), ListLine("  2. " + "x" * 40, None)]
    _draw_listing(win, ScreenMask(24, 80), 0, 0, 10, (ListLine("Moves"), lines), theme, 20)
    assert win.rows[1] == "  1. drew 129-141"  # (one that fits is left whole)
    assert win.rows[2] == "  2. " + "x" * 14 + UNICODE_GLYPHS.gap
    assert len(win.rows[2]) == 20


def test_a_long_game_s_moves_list_makes_only_the_lines_it_shows():
    """A save may hold a million moves, and the moves list made a line of each of them, for
    seconds a frame, to show a screenful: it now makes the lines it shows, around the
    position, and those stand for the rest."""
    from types import SimpleNamespace

    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.ui.mask import ScreenMask
    from numbrix_curses.ui.panel import ListLine, _draw_listing
    from numbrix_curses.ui.play_view import PlayView
    from numbrix_curses.ui.theme import UNICODE_GLYPHS

    class Window:
        def __init__(self) -> None:
            self.rows: dict[int, tuple[str, int]] = {}

        def getmaxyx(self) -> tuple[int, int]:
            return 24, 80

        def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
            self.rows[y] = (text, attr)

    game = Game(Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 9]]))
    for k in range(3000):
        game.set_value(1 + k % 2, 2 + k % 5)
    for _ in range(20):
        game.undo()
    title, lines = PlayView._history_listing(SimpleNamespace(game=game, record_at=None))
    assert len(lines) == 3001  # (the start, and every move, made or undone)
    made: list[int] = []
    make = lines.make
    lines.make = lambda i: (made.append(i), make(i))[1]
    theme = SimpleNamespace(label=0, dim=1, selected=2, glyphs=UNICODE_GLYPHS)
    win = Window()
    _draw_listing(win, ScreenMask(24, 80), 0, 0, 10, (title, lines), theme, 30)
    assert len(made) <= 9  # (the rows under the title)
    shown = [win.rows[y] for y in range(1, 10)]
    assert shown[0][0].startswith("  ... ") and shown[0][0].endswith(" earlier")
    current = [text for text, attr in shown if attr == 2]
    assert len(current) == 1 and current[0].startswith("2980. ")  # (twenty undone)
    undone = [text for text, attr in shown if attr == 1]
    assert [text[:6] for text in undone[:3]] == ["2981. ", "2982. ", "2983. "]
    assert shown[-1][0].endswith(" later")  # (the last undone ones stand behind it)
    assert lines[0] == ListLine("  0. start", lines[0].action, current=False)


def test_the_moves_line_of_a_long_game_numbers_its_latest_moves():
    """The status bar's line of moves, for a screen with no room for the list: the latest
    four, numbered as in the list, and how many wait to be redone."""
    from types import SimpleNamespace

    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.ui.draw import NO_BREAK
    from numbrix_curses.ui.play_view import PlayView

    game = Game(Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 9]]))
    for k in range(12):
        game.set_value(1 + k % 2, 2 + k % 5)
    game.undo()
    line = PlayView._recent_moves(SimpleNamespace(game=game)).replace(NO_BREAK, " ")
    assert line == ("Moves: 8. 4 at C1 (was 2), 9. 5 at B1 (was 3), 10. 6 at C1 (was 4),"
                    " 11. 2 at B1 (was 5); 1 move to redo (r). u and r walk them, m closes.")


WEEK = ("# id: fine\n1 . 3\n. . .\n. . 9\n\n# id: two\n1 . .\n. . .\n. . 9\n\n"
        "# id: none\n1 9 .\n. . .\n. . .\n")


def file_list(tmp_path: Path, text: str = WEEK) -> PuzzleListScreen:
    from numbrix_curses.textformat import parse_puzzles

    entries = [Entry(p, p.id or "", "week.txt") for p in parse_puzzles(text, "week.txt")]
    return PuzzleListScreen(AppContext(Store(tmp_path)), "week.txt", entries, grouped=False,
                            check=True)


def test_a_file_s_list_marks_the_puzzles_with_several_solutions_or_none(tmp_path: Path):
    """A slip in copying a puzzle out showed only once it was played (and then only as the
    game's first message); the list checks the file's puzzles as it shows them."""
    screen = file_list(tmp_path)
    assert screen.check_job is not None and screen.check_job.wait(30)
    screen.tick()
    assert screen.check_job is None and screen.redraw_after_ms() == -1  # (done: still)
    said = {entry.label: screen._verdict(entry) for entry in screen.entries}
    assert said == {"fine": "", "two": "not unique", "none": "no solution"}
    # the game opened from it starts from the check's answer, not solving again
    nav = screen.handle(Command.CONFIRM)  # (the first line: "fine")
    assert isinstance(nav, Push) and nav.screen.solution_job.done
    assert nav.screen.solution_job.result.status.value == "unique"


def test_a_file_s_check_stops_while_a_game_is_on_top_and_goes_on_after(tmp_path: Path):
    """The check takes the processor: a game opened from the list has it to itself."""
    entries = [Entry(p, p.id or "", None) for p in load_bundled()]
    screen = PuzzleListScreen(AppContext(Store(tmp_path)), "many", entries, grouped=False,
                              check=True)
    # (while it works the footer says how far: a line with no mark may not be checked yet)
    assert any(text.startswith("checking ") and text.endswith(f" of {len(entries)}")
               for text, _ in screen.footer())
    screen.covered()
    assert screen.check_job is None
    time.sleep(0.3)
    checked = len(screen.results)
    assert checked < len(entries) - 1
    time.sleep(0.5)
    assert len(screen.results) <= checked + 1  # (a solve ending as it was stopped, at most)
    screen.uncovered()
    assert screen.check_job is not None and screen.check_job.wait(60)
    assert len(screen.results) == len({puzzle_key(e.puzzle) for e in entries})
    screen.tick()
    screen.uncovered()  # nothing left to check: no job
    assert screen.check_job is None
    assert not any(text.startswith("checking") for text, _ in screen.footer())


def test_a_file_s_list_keys_each_puzzle_once_not_at_every_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The list looks its puzzles up (marks, the check's verdicts, its footer's count) by
    their key, and worked each key out again at every look: with 9,000 boards of 30x30
    that took two seconds a frame while the file was checked, each key pressed waiting
    that long. Each puzzle is keyed once, as its line is made."""
    from numbrix_curses.ui import library_screen

    keyed = []

    def counted(puzzle):
        keyed.append(puzzle)
        return puzzle_key(puzzle)

    monkeypatch.setattr(library_screen, "puzzle_key", counted)
    screen = file_list(tmp_path)
    assert len(keyed) == len(screen.entries) == 3
    for _ in range(5):  # (what frames look up, while the check goes on and after)
        screen.footer()
        for index, entry in enumerate(screen.entries):
            screen._verdict(entry)
            screen._solved(index)
    assert screen.check_job is None or screen.check_job.wait(30)
    screen.tick()
    screen.uncovered()
    assert len(keyed) == 3


def test_the_library_is_not_checked(tmp_path: Path):
    """Its puzzles are proper (the tests prove every one unique): no time spent on them."""
    assert library(tmp_path).check_job is None


def test_the_lists_of_games_read_each_save_only_up_to_its_moves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The menu's Continue, Games under way (and the menu's way to it), Statistics and the
    library read every save whole, its whole history, to show a name, a time and how much
    of the board is filled: with 300 saves of 20,000 moves each took seconds to open.
    They read each save's start (its head) alone, and show what a whole read shows."""
    from numbrix_curses import savefile
    from numbrix_curses.game import Game
    from numbrix_curses.solver import solve
    from numbrix_curses.ui import play
    from numbrix_curses.ui.games_screen import GamesScreen, filled_text
    from numbrix_curses.ui.library_screen import library_screen
    from numbrix_curses.ui.menu import MenuScreen
    from numbrix_curses.ui.stats_screen import StatsScreen

    store = Store(tmp_path)
    first, second = load_bundled()[:2]
    for puzzle, reveal in ((first, False), (second, True)):
        game = Game(puzzle)
        blank = int(np.flatnonzero(puzzle.givens.ravel() == 0)[0])
        for _ in range(5000):  # (a history longer than the head read)
            game.set_value(blank, 2)
            game.set_value(blank, 0)
        game.set_value(blank, 7)
        if reveal:
            game.reveal(solve(puzzle).solution)
        store.save_game(puzzle, game, puzzle.id, None)
        assert store.game_path(puzzle).stat().st_size > savefile.HEAD_BYTES
    whole = {saved.key: (saved.label, saved.filled, saved.revealed, saved.elapsed)
             for saved in store.saved_games()}
    limits: list[int] = []
    real = savefile.read_regular_file

    def counted(path, limit, **options):
        if Path(path).parent == store.games_dir:  # (not the records, read whole)
            limits.append(limit)
        return real(path, limit, **options)

    monkeypatch.setattr(savefile, "read_regular_file", counted)
    monkeypatch.setattr(play.PlayScreen, "open", classmethod(lambda cls, ctx, *args: args))
    ctx = AppContext(store)
    menu = MenuScreen(ctx)
    assert [item.key for item in menu.items][:2] == ["c", "u"]
    opened = menu._continue()  # (what the play screen is opened on)
    assert isinstance(opened, Push) and puzzle_key(opened.screen[0]) == puzzle_key(second)
    assert opened.screen[1:] == (second.id, None)
    assert isinstance(menu._games(), Push)
    games = GamesScreen(ctx)
    assert {entry.saved.key: (entry.saved.label, entry.saved.filled, entry.saved.revealed,
                              entry.saved.elapsed) for entry in games.entries} == whole
    # (the latest first; 1 of the 17 cells to fill in starter-1)
    assert [filled_text(entry.saved) for entry in games.entries] == ["shown", "5%"]
    assert StatsScreen(ctx).playing == 2
    assert library_screen(ctx).in_progress == {puzzle_key(first): "in progress",
                                               puzzle_key(second): "revealed"}
    assert limits and set(limits) == {savefile.HEAD_BYTES}
    assert store.problems == []


def test_a_file_list_line_cut_short_keeps_its_size_in_line_with_the_others():
    """A file's list at 26 and 40 columns: the line of a puzzle with several solutions,
    too long for the screen, had the spaces that right-align its size closed up too, and
    its "3x3" stood a column left of the one on the line above."""
    from numbrix_curses.ui.library_screen import fit_line

    fine = "   fine           3x3                        "
    two = "   two            3x3            not unique  "
    for width in (26, 40):
        kept = fit_line(fine, 16, width), fit_line(two, 16, width)
        assert kept[0].index("3x3") == kept[1].index("3x3") == 18, kept
    assert fit_line(two, 16, 40).rstrip() == "   two            3x3 not unique"
