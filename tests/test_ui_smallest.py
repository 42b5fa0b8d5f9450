"""Every screen the app reaches works on the smallest terminal the game is played on, 26
columns by 11 rows: lists scroll, text wraps and scrolls, tables drop columns, and none of
them says "too small" there.

The real app in a pseudo-terminal (tests/tty_harness.py), reached by keys and by clicks.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from numbrix_curses.game import Game
from numbrix_curses.library import load_bundled
from numbrix_curses.savestate import Store
from numbrix_curses.solver import solve
from helpers import DEMO_TEXT
from tty_harness import Board, Terminal, app_command, expect_exit, first_hint, start

ROWS, COLS = 11, 26


def smallest(state: Path, *args: str) -> Terminal:
    """The app (`numbrix ARGS...`) in a 26x11 terminal."""
    return start(app_command(*args), state, rows=ROWS, cols=COLS)


def two_games_under_way(state: Path) -> None:
    """Saved games of two puzzles: the menu has Continue and Games under way, nine items."""
    store = Store(state / "numbrix-curses")
    for puzzle in load_bundled()[:2]:
        store.save_game(puzzle, Game(puzzle, elapsed=5), puzzle.id, None)


def assert_fits(term: Terminal) -> None:
    assert "mall" not in term.text, term.dump()  # ("Terminal too small", "Too small")


def assert_shows(term: Terminal, *texts: str) -> None:
    for text in texts:
        assert text in term.text, term.dump()


def open_from_menu(term: Terminal, key: str, shown: str, menu_item: str = "[q] Quit") -> None:
    """Once the menu shows `menu_item`, its `key` opens a screen: wait for `shown` on it,
    and check the screen fits."""
    term.wait_text(menu_item)
    term.send(key)
    term.wait_text(shown)
    assert_fits(term)


def back_to_menu(term: Terminal) -> None:
    term.send("q")
    term.wait_text("[q] Quit")


def test_the_menu_scrolls_to_its_last_items_by_the_arrows(state: Path):
    """Nine items and 11 rows: the menu said the terminal was too small (it needed 12)."""
    two_games_under_way(state)
    with smallest(state) as term:
        term.wait_text("[c] Continue")
        term.wait_text("... 2 more below")
        assert_fits(term)
        assert "[q] Quit" not in term.text, term.dump()
        for _ in range(8):  # down to Quit, the last item
            term.send_key("down")
        term.wait_text("[q] Quit")
        assert "more above" in term.text and "more below" not in term.text, term.dump()
        assert "[c] Continue" not in term.text, term.dump()
        term.send_key("enter")
        expect_exit(term)


def test_the_menu_says_what_continue_opens_beside_its_label(state: Path):
    """The menu showed Continue's game (its size, grade and time) from 34 columns up, and
    nothing at 26 or 30: its shortest wording goes beside the label where the details'
    column has no room for it, and the longest that fits there."""
    two_games_under_way(state)
    with smallest(state) as term:
        term.wait_text("[c] Continue  5x5, 0:05")
        assert_fits(term)
        term.resize(14, 30)
        term.wait_text("[c] Continue  5x5 easy, 0:05")
        term.resize(14, 34)  # (not the shorter "5x5, 0:05" in the details' column)
        term.wait_text("[c] Continue  5x5 easy, 0:05")
        term.resize(ROWS, COLS)
        term.wait_text("[c] Continue  5x5, 0:05")
        term.click_text("5x5, 0:05")  # (the detail is the item's too)
        term.wait_text("q quit")


def test_the_menu_s_message_is_even_over_its_lines(state: Path):
    """At 26 columns a key that does nothing at the menu was said as "z does nothing
    here;" over "F1 or H lists" over "the keys.": three lines, even."""
    with smallest(state) as term:
        term.wait_text("[q] Quit")
        term.send("z")
        term.wait_said("z does nothing here; F1 or H lists the keys.")
        said = [line.strip() for line in term.lines[-3:]]
        assert said == ["z does nothing", "here; F1 or", "H lists the keys."], term.dump()


def test_the_menu_s_more_line_is_clicked_into_view(state: Path):
    two_games_under_way(state)
    with smallest(state) as term:
        term.wait_text("... 2 more below")
        term.click_text("... 2 more below")
        term.wait_text("[q] Quit")
        assert "more above" in term.text, term.dump()
        term.click_text("[q] Quit")
        expect_exit(term)


def test_the_help_wraps_to_the_width_and_scrolls(state: Path):
    """The help asked for 40 columns: from the menu and from a game at 26x11 it said the
    terminal was too small. Each key stands over its description there."""
    with smallest(state) as term:
        open_from_menu(term, "h", "The rules")
        assert_shows(term, "Fill the grid with the")
        assert all(len(line.rstrip()) <= COLS - 1 for line in term.lines[1:]), term.dump()
        term.send_key("end")
        term.wait_text("Games are saved after")
        assert "PgUp" in term.lines[-1], term.dump()
        term.send_key("home")
        term.wait_text("The rules")
        term.click_text("PgDn")  # (the footer's key, a button)
        term.wait_gone("The rules")
        back_to_menu(term)
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("q quit")
        term.send("\x1bOP")  # F1
        term.wait_text("The rules")
        assert_fits(term)
        for _ in range(5):  # (the rules take four pages at this width)
            term.send_key("page-down")
        term.wait_text("type a number")  # (the key over its description, indented under it)
        row = next(i for i, line in enumerate(term.lines) if "type a number" in line)
        assert term.lines[row - 1].rstrip() == "   0-9", term.dump()
        assert term.lines[row].startswith("     type a number"), term.dump()
        term.send("q")
        term.wait_text("q quit")


def test_the_library_lists_its_puzzles_to_play(state: Path):
    """The library asked for 32 columns. Its title read "Numbrix · 1-6 of 62", the
    screen's name left out where the app's could go."""
    with smallest(state) as term:
        open_from_menu(term, "l", "5x5  6 puzzles")
        assert_shows(term, "starter-1   easy")
        assert term.lines[0].strip() == "Puzzle library · 1-6 of 62", term.dump()
        term.send_key("down")
        term.send_key("enter")
        term.wait_text("Numbrix · starter-2")
        term.send("q")
        term.wait_text("5x5  6 puzzles")
        term.send_key("right")  # (the next size)
        term.wait_text("6x6  6 puzzles")
        term.click_text("starter-12")
        term.wait_text("6x6 · 5/36")  # (its board, whose rows in view the title names)


def test_the_games_under_way_list_resumes_a_game(state: Path):
    """The list of games under way (the library's screen) asked for 32 columns. Its footer
    kept "Del/x abandon" and left out "Enter resume", what the list is for."""
    two_games_under_way(state)
    with smallest(state) as term:
        open_from_menu(term, "u", "Numbrix · Games under way", menu_item="[u] Games under way")
        assert_shows(term, "starter-1    5x5", "starter-2    5x5")
        assert term.lines[-1].strip() == "Enter resume   q back", term.dump()
        term.click_text("starter-1")
        term.wait_text("Welcome back")  # (the game resumed: starter-1's givens)
        assert "16   ·  14" in term.text, term.dump()


def test_the_statistics_table_narrows_and_scrolls(state: Path):
    """The statistics asked for 28 columns: the size and difficulty columns are narrower
    there, the best time kept."""
    from numbrix_curses.puzzle import Puzzle

    records = Store(state / "numbrix-curses")
    for side in range(3, 9):  # six sizes, a row each
        puzzle = Puzzle.from_rows([[1] + [0] * (side - 1)] + [[0] * side] * (side - 1))
        records.record_solve(puzzle, f"{side}x{side}", 60.0 + side, 10)
    with smallest(state) as term:
        open_from_menu(term, "s", "6 puzzles solved")
        assert term.find("Size  Difficulty   Best") is not None, term.dump()
        assert_shows(term, "3x3   -            1:03")
        assert "8x8" not in term.text, term.dump()
        term.click_text("PgDn")
        term.wait_text("8x8   -            1:08")
        back_to_menu(term)


def test_the_new_puzzle_form_is_drawn_tight_and_generates(state: Path):
    """The New puzzle form asked for 29 columns and 12 rows."""
    with smallest(state) as term:
        open_from_menu(term, "n", "[g Generate]  [Esc Back]")
        assert_shows(term, "Size", "Difficulty", "Shape", "Givens", "7x7", "easy", "square")
        row, _ = term.find("Size")
        term.click(row, term.lines[row].rindex(">"))  # (the arrow, a button)
        term.wait_text("8x8")
        term.send("5")
        term.wait_text("5x5")
        term.click_text("[g Generate]")
        term.wait_text("5x5 ·", timeout=30)  # (the new game's status line)
        term.wait_text("q quit")


def test_the_size_to_type_in_has_its_buttons_on_two_rows(state: Path):
    """The size form of Type in a puzzle asked for 28 columns."""
    with smallest(state) as term:
        open_from_menu(term, "t", "Size of the grid:")
        assert_shows(term, "[Enter Start]", "[Esc Back]")
        term.send("6")
        term.send_key("down")
        term.send("7")
        term.wait_for(lambda: "< 6  >" in term.text and "< 7  >" in term.text,
                      what="6 rows, 7 columns")
        term.click_text("[Enter Start]")
        term.wait_text("6x7 · 0 givens")


def test_open_file_names_the_folder_it_lists_by_its_own_name(state: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    """The heading over the list of files read "In …s (no puzzle files):", the folder's
    path cut to its last letter: a shorter wording leaves room for its name, and a path
    cut short starts at a separator ("…/games", not "…ames")."""
    folder = tmp_path / "a-folder-with-a-long-name" / "games"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    with smallest(state) as term:
        open_from_menu(term, "o", "Path of a puzzle file:")
        term.wait_text("In …/games (no puzzles):")
        term.resize(14, 40)
        term.wait_text("In …/games (no puzzle files):")
        term.resize(14, 80)
        term.wait_text("/a-folder-with-a-long-name/games (no puzzle files):")


def test_open_file_takes_a_path_or_a_click_on_its_list(state: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    """Open file asked for 40 columns: its buttons take two rows here, and its hint goes
    where it would leave no row to the list of files it speaks of."""
    for n in (1, 2):
        (tmp_path / f"p{n}.txt").write_text(f"# id: n{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)  # (the folder listed)
    with smallest(state) as term:
        open_from_menu(term, "o", "p1.txt")  # (the list of files, under the prompt)
        assert_shows(term, "Path of a puzzle file:", "Enter open  Tab complete", "Esc back")
        term.click_text("p2.txt")
        term.wait_text("Numbrix · n2")
        back_to_menu(term)
        open_from_menu(term, "o", "Path of a puzzle file:")
        term.send("p1")
        term.click_text("Tab complete")  # (a button, as the key)
        term.wait_text("p1.txt ")
        term.send_key("enter")
        term.wait_text("Numbrix · n1")


def test_the_save_prompt_writes_the_puzzle(state: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch):
    """Saving a puzzle (e in a game) asked for 40 columns; its prompt is shorter here, and
    its hint, cut to "... it. A name without..." here, is said in fewer words, whole."""
    monkeypatch.chdir(tmp_path)
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("q quit")
        term.send("e")
        term.wait_text("File to write:")
        assert_fits(term)
        assert_shows(term, "Enter save  Tab complete")
        term.wait_said("Typing replaces the name, an arrow key edits it.")
        assert "..." not in term.text, term.dump()
        term.resize(50, 200)  # (a wide screen: the hint in lines read at a glance)
        term.wait_said("a folder alone takes the name offered.")
        assert max(len(line.rstrip()) for line in term.lines[1:]) <= 80, term.dump()
        term.resize(ROWS, COLS)
        term.wait_text("File to write:")
        term.send("mine.txt")
        term.click_text("Enter save")
        term.wait_gone("File to write:")
        term.wait_for(lambda: (tmp_path / "mine.txt").exists(), what="the file written")


def test_a_question_with_wide_buttons_is_asked_and_answered(state: Path):
    """Abandoning a game under way asked for 40 columns: "[y] Abandon" and "[n] Keep" did
    not fit the box with the room they have elsewhere."""
    two_games_under_way(state)
    with smallest(state) as term:
        open_from_menu(term, "u", "Numbrix · Games under way", menu_item="[u] Games under way")
        term.send("x")  # (the selected game, the one played last)
        term.wait_text("[y] Abandon  [n] Keep")
        assert_fits(term)
        assert_shows(term, "Abandon starter-2?")
        term.click_text("[y] Abandon")
        term.wait_said("Abandoned starter-2.")
        assert "starter-2    5x5" not in term.text and "starter-1    5x5" in term.text, term.dump()


def test_help_and_statistics_say_a_letter_does_nothing_in_their_footers(state: Path):
    """The help and the statistics stood still under a letter that means nothing there,
    without a word; their footers now say so until the next key, in fewer words at 26x11
    (where the longer note would not fit, and the page keys' buttons, named after it,
    go unsaid for that frame)."""
    with smallest(state) as term:
        open_from_menu(term, "h", "The rules")
        term.send("x")
        term.wait_for(lambda: term.lines[-1].strip() == "q back  x does nothing",
                      what="the short note")
        term.send_key("down")  # (the next key takes the note away)
        term.wait_for(lambda: term.lines[-1].strip() == "q back  PgUp PgDn: more",
                      what="the page keys again")
        term.send("q")
        open_from_menu(term, "s", "No puzzle solved yet")
        term.resize(24, 80)
        term.send("z")
        term.wait_for(lambda: term.lines[-1].strip() == "q back   z does nothing here",
                      what="the note")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_the_size_forms_say_a_letter_does_nothing_and_their_notes_read_whole(state: Path):
    """A letter the New puzzle form or Type in's size form takes not is said to do nothing,
    with the key that lists the keys; both stood still without a word. At 26x11 the size
    form's note takes the blank row under its buttons where it needs two lines: it was cut,
    'x does nothing here; ...' and 'Rows: 1 to 30, so 4, ...' (what was typed left out)."""
    with smallest(state) as term:
        open_from_menu(term, "n", "The puzzle to make:")
        term.send("x")
        term.wait_for(lambda: "x does nothing here; F1 or H lists the keys."
                      in term.flowing_text(1), what="the note on x")
        term.send_key("escape")
        open_from_menu(term, "t", "Size of the grid:")
        term.send("x")
        term.wait_for(lambda: "x does nothing here; F1 or H lists the keys."
                      in term.flowing_text(1), what="the note on x, whole")
        term.send("44")  # (a size of 1 to 30: the second 4 is refused)
        term.wait_for(lambda: "Rows: 1 to 30, so 4, not 44." in term.flowing_text(1),
                      what="the note on 44, whole")
        assert "..." not in term.text, term.dump()
        term.send_key("escape")
        term.wait_text("[q] Quit")


def test_the_type_in_box_of_commands_fits_in_columns_and_scrolls_where_shorter(state: Path):
    """The type-in screen's box of commands (m) asked for 18 rows at 26 columns: a column
    as wide as its own lines, it fits 26x11 in two; on a screen shorter still (a grid of one
    row takes 26x7) it is one column that scrolls. Every line is reached by the arrows and
    Enter, by a click and by its key."""
    with smallest(state) as term:
        open_from_menu(term, "t", "Size of the grid:")
        term.send("1")
        term.send_key("down")
        term.send("5")
        term.send_key("enter")
        term.wait_text("1x5 · 0 givens")
        term.send("1")
        term.send_key("enter")
        term.wait_text("1x5 · 1 given")
        term.send("m")
        term.wait_text("Commands (Esc closes)")
        assert_fits(term)
        assert_shows(term, "type", "next", "blank", "clear", "undo", "redo", "check", "fix",
                     "play", "save", "watch", "answers", "wipe", "help", "back")
        term.send_key("right")  # (the second column)
        for _ in range(5):
            term.send_key("down")
        term.send_key("enter")  # help, the second column's sixth line
        term.wait_text("Typing in a puzzle")
        term.send("q")
        term.wait_text("1x5 · 1 given")
        term.send("m")
        term.wait_text("Commands (Esc closes)")
        term.click_text("undo")
        term.wait_text("1x5 · 0 givens")
        term.resize(7, 26)
        term.wait_text("1x5 · 0 givens")
        term.send("m")
        term.wait_text("... 10 more below")
        assert_fits(term)
        assert "redo" not in term.text, term.dump()
        for _ in range(5):  # (down to redo, past the lines in view)
            term.send_key("down")
        term.wait_text("more above")
        assert "redo" in term.text, term.dump()
        term.send_key("enter")
        term.wait_text("1x5 · 1 given")
        term.send("m")
        term.wait_text("... 10 more below")
        term.send("x")  # (a line's key picks it, in view or not: wipe)
        term.wait_text("Clear the whole grid?")
        term.send("n")
        term.wait_text("1x5 · 1 given")
        term.send("m")
        term.wait_text("... 10 more below")
        while "wipe" not in term.text:  # (each click on the line brings one more into view)
            text = term.text
            term.click_text("more below")
            term.wait_for(lambda: term.text != text, what="the box scrolled")
        term.click_text("wipe")
        term.wait_text("Clear the whole grid?")
        term.send("y")
        term.wait_text("Grid cleared")


def test_the_verdict_on_a_slip_names_its_fix_and_f_makes_it(state: Path):
    """The whole verdict on a grid with a slip takes nine lines at 26 columns: it was cut
    ("It has exactly o...") before the fix f makes. A shorter wording names the fix, and
    why there is no solution in fewer words (it said "No solution." alone)."""
    with smallest(state) as term:
        term.wait_text("[q] Quit")
        term.paste(DEMO_TEXT.replace("8 9 10", "8 10 9"))
        term.wait_text("No solution")
        term.wait_said("No solution: 8 and 9 not side by side. f: swap the 9 at D4 and the "
                       "10 at C4.", 15)
        assert "..." not in term.text, term.dump()  # (read whole, not cut)
        assert_fits(term)
        term.send("f")
        # (the verdict, and the change made, in fewer words: the board shows the change)
        term.wait_said("p plays it, e saves it. u takes the change back.")
        assert "Unique" in term.text and "..." not in term.text, term.dump()
        assert "4 │  7   8   9  10 │" in term.text, term.dump()  # (9 and 10 in their places)


def test_the_fix_a_check_proposes_is_made_from_the_box_of_commands(state: Path):
    """On the smallest screen the bar has no room for "fix": the box of commands lists
    it, and a click on it makes the change and checks the grid again."""
    with smallest(state) as term:
        term.wait_text("[q] Quit")
        term.paste(DEMO_TEXT.replace("8 9 10", "8 10 9"))
        term.wait_text("No solution")
        term.wait_message("f: swap", 15)
        term.click_text("m more")
        term.wait_text("Commands (Esc closes)")
        assert_fits(term)
        term.click_text("fix ")
        term.wait_said("p plays it, e saves it. u takes the change back.")
        assert "Unique" in term.text, term.dump()
        # (the board's window follows the cursor to C4, the cell changed)
        assert "4 │  7   8   9  10 │" in term.text, term.dump()


def pad_box(term: Terminal) -> "tuple[int, int, int, int] | None":
    """The number pad's box on screen, (top, left, bottom, right), frame included; None
    while there is none, or while it is only partly drawn (a wait polls the screen between
    the pieces of one frame: its title may be there before its bottom edge)."""
    for title in ("Number pad", "Pencil marks"):
        found = term.find(f"─ {title} ")
        if found is not None:
            top, left = found[0], found[1] - 1
            right = term.lines[top].find("┐", left)
            bottom = next((y for y in range(top + 1, len(term.lines))
                           if term.lines[y][left] == "└"), None)
            if right < 0 or bottom is None:
                return None
            return top, left, bottom, right
    return None


def pad_at_top(term: Terminal) -> bool:
    """Whether the number pad stands, whole, at the screen's top (row 1, under the title)."""
    box = pad_box(term)
    return box is not None and box[0] == 1


def cursor_yx(term: Terminal) -> tuple[int, int]:
    """Where the cursor cell (drawn reversed, the only thing on the play screen that is)
    starts on screen."""
    for y in range(len(term.lines)):
        for x in range(len(term.lines[y])):
            if term.char(y, x).reverse:
                return y, x
    raise AssertionError(f"no cursor in sight\n{term.dump()}")


def open_pad(term: Terminal) -> None:
    """Open the number pad as a mouse player does: the bar's "Tab more", then its "0-9"."""
    term.click_text("Tab more")
    term.wait_text("Commands (Esc closes)")
    term.click_text("0-9")
    term.wait_text("─ Number pad ")


def click_pad(term: Terminal, label: str) -> None:
    """Click the pad's button `label` (its word, inside the box)."""
    box = pad_box(term)
    assert box is not None, term.dump()
    top, left, bottom, right = box
    for y in range(top + 1, bottom):
        x = term.lines[y].find(f" {label} ", left, right + 1)
        if x >= 0:
            term.click(y, x + 1)
            return
    raise AssertionError(f"no {label!r} on the pad\n{term.dump()}")


@pytest.mark.parametrize("rows, cols, puzzle, board_rows, cell, placed", [
    (ROWS, COLS, "starter-1", 5, (1, 3), "9/25"),  # (D2: the board's second row)
    (12, 30, "classic-1", 9, (1, 1), "21/81"),  # (B2, on a 9x9 whose window scrolls)
])
def test_the_number_pad_leaves_the_cell_it_fills_in_sight(
        state: Path, rows: int, cols: int, puzzle: str, board_rows: int,
        cell: tuple[int, int], placed: str):
    """At 26x11 the pad's box took six rows of eleven and stood over the whole board, and
    at 30x12 over the board's top rows: the cell a digit clicked went into was out of
    sight. The pad is compact there (the digits on one row), over the bar at the screen's
    foot, or at its top for a cursor on the board's last row; its buttons are clicked in
    the cursor cell's sight, and the keys still move the cursor."""
    with start(app_command("play", "--puzzle", puzzle), state, rows=rows, cols=cols) as term:
        term.wait_text("Tab more")
        board = Board(term, 4, compact=True)  # (two digits and a space either side)
        board.wait_shown()
        board.click(*cell)
        y, x = board.cell_yx(*cell)
        open_pad(term)

        def in_sight(y: int, x: int) -> None:
            """The cursor cell at (y, x) shows, and no row of the box is on its row."""
            top, _, bottom, _ = pad_box(term)
            assert not top <= y <= bottom, term.dump()
            assert term.char(y, x + 2).reverse, term.dump()  # (the cursor, drawn reversed)

        def cell_text(y: int, x: int) -> str:
            return term.lines[y][x: x + 4].strip()

        def click_in(label: str, y: int, x: int, shown: str) -> None:
            """Click `label`, and wait for the cell at (y, x) to show `shown` (a click
            straight after another would be read as a double click)."""
            click_pad(term, label)
            term.wait_for(lambda: cell_text(y, x) == shown, what=f"{shown!r} in the cell")

        in_sight(y, x)
        for label, shown in (("1", "1"), ("7", "17"), ("back", "1"), ("9", "19")):
            click_in(label, y, x, shown)
        in_sight(y, x)
        click_pad(term, "enter")
        # The keys move the cursor to the board's last row, which the box at the foot
        # covers: the box goes to the top, and the cell stays in sight there too.
        for _ in range(board_rows - 1 - cell[0]):
            term.send_key("down")
        term.wait_for(lambda: pad_at_top(term), what="the pad at the top")
        last, _ = cursor_yx(term)
        assert last > y, term.dump()
        in_sight(last, x)
        for label, shown in (("2", "2"), ("1", "21")):
            click_in(label, last, x, shown)
        click_pad(term, "clear")
        term.wait_for(lambda: cell_text(last, x) == "·", what="the cell cleared")
        click_pad(term, "pencil")
        term.wait_text("─ Pencil marks ")
        click_pad(term, "pencil")
        term.wait_text("─ Number pad ")
        click_pad(term, "close")
        term.wait_gone("─ Number pad ")
        assert_fits(term)
        # (19 stays, 21 was cleared: the board's window may have scrolled off the 19)
        term.wait_text(f"{placed} · 3 moves")


def test_a_long_question_fits_the_smallest_screen_and_scrolls_where_it_must(state: Path):
    """A yes/no question of more than seven lines at 26 columns asked for 40: "Fill in
    every simple step?" (eight lines) takes the blank row over its buttons too, and a
    longer one (a game named at length, to abandon) scrolls, saying how much more there
    is, by the arrows, the page keys, the wheel or a click on that line."""
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("Tab more")
        term.send("f")
        term.wait_text("[y] Yes")
        assert_fits(term)
        assert "Fill in every simple step?" in term.box_text(), term.dump()
        assert term.box_text().endswith("earns no best time. [y] Yes [n] No"), term.dump()
        term.send("n")
        term.wait_gone("[y] Yes")
    name = "a-puzzle-named-at-such-length-that-its-name-takes-five-lines-or-more-on-a-box"
    store = Store(state / "numbrix-curses")
    for puzzle, label in zip(load_bundled()[:2], (name * 2, "short")):
        store.save_game(puzzle, Game(puzzle, elapsed=5), label, None)
    with smallest(state) as term:
        open_from_menu(term, "u", "Games under way", "[s] Statistics")
        term.send_key("end")  # (the game saved last, "short", is first)
        term.send("x")
        term.wait_text("[y] Abandon")
        assert_fits(term)
        assert_shows(term, "Abandon a-puzzle", "more below")
        assert "cannot be undone" not in term.text
        term.send_key("page-down")
        term.wait_text("cannot be undone.")
        assert_shows(term, "more above", "[y] Abandon")
        term.send_key("up")
        term.wait_gone("cannot be undone.")
        term.wheel(5, 10)
        term.wait_text("cannot be undone.")
        term.send_key("page-up")
        term.wait_text("Abandon a-puzzle")
        term.click_text("more below")
        term.wait_text("cannot be undone.")
        term.send("y")
        term.wait_text("Abandoned")
        term.send("q")
        term.wait_text("[c] Continue")
        term.send("q")
        expect_exit(term)


def test_a_scrolled_board_s_title_says_which_part_is_in_view_whole(state: Path):
    """At 26 columns the title of a board larger than the screen read "Numbrix · rows 1-5
    cols...": the app's name goes before the part of the board in view is cut."""
    with smallest(state, "play", "--puzzle", "classic-1") as term:
        term.wait_text("Tab more")
        assert term.lines[0].strip() == "rows 1-5 cols A-F", term.dump()
        term.send("q")
        expect_exit(term)
    # A solution revealed (its message takes a row of the board's, which then scrolls):
    # the title read "revealed · rows 1-4 col...", the view cut; the bar says revealed.
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("Tab more")
        term.send("S")
        term.wait_in_box("Reveal the solution?")
        term.send("y")
        term.wait_text("Solution revealed")
        assert term.lines[0].strip() == "rows 1-4 cols A-E", term.dump()


def pad_arrow(term: Terminal) -> "tuple[int, int] | None":
    """Where the arrow in the number pad's top edge is (its move button), if it has one."""
    box = pad_box(term)
    if box is None:
        return None
    top, left, _, right = box
    for arrow in "▲▼":
        x = term.lines[top].find(f" {arrow} ", left, right + 1)
        if x >= 0:
            return top, x + 1
    return None


def solution(puzzle_id: str) -> "list[list[int]]":
    puzzle = next(p for p in load_bundled() if p.id == puzzle_id)
    return [[int(n) for n in row] for row in solve(puzzle).solutions[0]]


@pytest.mark.parametrize("rows, cols", [(ROWS, COLS), (12, 30), (12, 40)])
def test_a_mouse_only_player_fills_every_cell_with_the_pad_open(
        state: Path, rows: int, cols: int):
    """The pad covered the board's last row at 26x11 and 30x12, and its last three at
    40x12: a player with the mouse alone had to close it to click a cell there, and a
    digit clicked went into the cell picked before. The arrow in its top edge moves it to
    the screen's other end (▲ up, ▼ down), where it stays while the cells it uncovered are
    clicked: every cell of a 5x5 takes its number by clicks alone, the pad open all along."""
    answer = solution("starter-1")
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=rows, cols=cols) as term:
        term.wait_text("Tab more")
        board = Board(term, 4, compact=True)
        board.wait_shown()
        # (where the cells are, read before the pad's box may stand at the top: the board
        # stays put under the box)
        cells = {(r, c): board.cell_yx(r, c) for r in range(5) for c in range(5)}
        givens = {cell for cell, (y, x) in cells.items()
                  if term.lines[y][x: x + 4].strip() not in ("·", "")}
        open_pad(term)

        def under_pad(y: int, x: int) -> bool:
            top, left, bottom, right = pad_box(term)
            return top <= y <= bottom and left <= x + 3 and x <= right

        def cell_text(y: int, x: int) -> str:
            return term.lines[y][x: x + 4].strip()

        moves = 0
        # (rows out of order, so the pad is moved up and down again)
        for r in (2, 4, 0, 3, 1):
            for c in range(5):
                if (r, c) in givens:
                    continue
                y, x = cells[r, c]
                if under_pad(y, x):
                    arrow = pad_arrow(term)
                    assert arrow is not None, term.dump()
                    before = pad_box(term)
                    term.click(*arrow)
                    term.wait_for(lambda: pad_box(term) not in (None, before),
                                  what="the pad moved")
                    moves += 1
                    assert not under_pad(y, x), term.dump()
                term.click(y, x + 1)
                term.wait_for(lambda: term.char(y, x + 2).reverse, what=f"the cursor on {r},{c}")
                typed = ""
                for digit in str(answer[r][c]):
                    typed += digit
                    click_pad(term, digit)
                    term.wait_for(lambda: cell_text(y, x) == typed, what=f"{typed} in {r},{c}")
        assert moves >= 2, term.dump()  # (up and down)
        # (the last number solves it: the pad goes, and the message may take board rows)
        term.wait_text("25/25")
        term.wait_text("Solved in")
        assert_fits(term)


def test_the_pad_moved_over_the_cursor_gets_out_of_the_way_of_a_key(state: Path):
    """Moved to the top over the cursor's row, the pad stays there for the cells it
    uncovered; a key that moves the cursor to another row under it takes it back to the
    foot, the cursor's cell in sight, as before it was moved."""
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("Tab more")
        board = Board(term, 4, compact=True)
        board.wait_shown()
        board.click(0, 0)
        y, x = board.cell_yx(0, 0)
        open_pad(term)
        foot = pad_box(term)
        assert foot[0] > y and term.lines[foot[0]].find(" ▲ ") >= 0, term.dump()
        term.click(*pad_arrow(term))
        term.wait_for(lambda: pad_at_top(term), what="the pad at the top")
        assert " ▼ " in term.lines[1], term.dump()
        term.send_key("down")
        term.wait_for(lambda: pad_box(term) == foot, what="the pad back at the foot")
        assert term.char(y + 1, x + 2).reverse, term.dump()  # (the cursor, on row 2)


# ----- messages under the board: a shorter wording keeps their point --------------------
RIGHT, DOWN, LEFT = "\x1bOC", "\x1bOB", "\x1bOD"
#: the demo's empty cells filled right from B1, where the cursor starts (B1 3, C1 2, C2 15,
#: C3 12, B3 13): it is solved
SOLVING = ["3\r", RIGHT, "2\r", DOWN, "15\r", DOWN, "12\r", LEFT, "13\r"]


def bar_text(term: Terminal) -> str:
    """The rows under the board, as one text (a message wraps there); "" while the board
    is not on screen."""
    bottom = term.find("┘")
    if bottom is None:
        return ""
    return " ".join(" ".join(line.split()) for line in term.lines[bottom[0] + 1:])


def wait_bar(term: Terminal, said: str) -> None:
    """Wait for `said` whole under the board, and nothing there cut short."""
    term.wait_for(lambda: said in bar_text(term), what=f"{said!r} under the board")
    assert "..." not in bar_text(term), term.dump()
    assert "q quit" in term.lines[-1], term.dump()  # (the key line stays)


def play_demo(state: Path, demo: Path, rows: int = ROWS, cols: int = COLS) -> Terminal:
    term = start(app_command("play", str(demo)), state, rows=rows, cols=cols)
    term.wait_text("q quit")
    term.wait_for(lambda: term.find("┘") is not None, what="the board")
    return term


def send_all(term: Terminal, keys: list[str]) -> None:
    for key in keys:
        term.send(key)


def test_a_hint_names_its_number_cell_and_key_on_the_smallest_screen(state: Path,
                                                                       demo: Path):
    """The hint was cut to "...1 at D1. ? again places...": the key that places it lost."""
    with play_demo(state, demo) as term:
        first_hint(term)
        wait_bar(term, "2 must go at C1. ? again places it.")
        term.send("?")
        wait_bar(term, "Placed 2 at C1.")


@pytest.mark.parametrize("rows, cols", [(11, 26), (12, 30)])
def test_a_check_names_the_rule_broken_with_its_numbers_and_cells(state: Path, demo: Path,
                                                                    rows: int, cols: int):
    """The check's reason was cut ("...and a path of 2 steps...", "...a detour adds steps
    t...") before it said which numbers could not be joined; a wider bar says it whole."""
    with play_demo(state, demo, rows, cols) as term:
        send_all(term, [RIGHT, "3\r", "c"])
        wait_bar(term, "1 cell marked: no path of 2 steps joins 1 at D1 and 3 at C1 "
                       "(and 1 more).")
    with play_demo(state, demo, 12, 40) as term:
        send_all(term, [RIGHT, "3\r", "c"])
        wait_bar(term, "1 cell marked: 1 at D1 and 3 at C1 are 1 step apart, and a path of "
                       "2 steps cannot join them")


@pytest.mark.parametrize("rows, cols, said, given", [
    (11, 26, "Pencil: digits make marks. N types numbers.",
     "1 is given at D1; a digit more makes another mark, else it goes."),
    (12, 30, "Pencil: a number typed goes in as a mark; typed again, it comes out. N types "
             "numbers.",
     "1 is given at D1: no other cell can hold it; a digit more makes another mark, else "
     "it goes."),
])
def test_pencil_says_how_to_type_numbers_again(state: Path, demo: Path, rows: int, cols: int,
                                               said: str, given: str):
    """"N types numbers" was cut off the pencil's message ("...of what it might..."), and
    what becomes of a given's mark off its own ("...another mark, else it...")."""
    with play_demo(state, demo, rows, cols) as term:
        term.send("N")
        wait_bar(term, said)
        term.send("1")  # (1 is given at D1: the mark goes unless a digit follows)
        wait_bar(term, given)


def test_a_full_board_that_breaks_says_c_marks_the_numbers(state: Path, demo: Path):
    """"Every cell is filled, but the path breaks somewhere: c marks the numbers..." was
    cut before what c marks."""
    with play_demo(state, demo) as term:
        send_all(term, ["3\r", RIGHT, "2\r", DOWN, "12\r", DOWN, "15\r", LEFT, "13\r"])
        wait_bar(term, "The path breaks somewhere: c marks the numbers that cannot all be "
                       "right.")


def test_a_key_on_a_solved_board_says_the_keys_that_go_on(state: Path, demo: Path):
    """A key that does nothing on a solved board said the solve, then the keys that go on
    from it, which 26 columns cut ("R plays it again, g ma...")."""
    with play_demo(state, demo) as term:
        send_all(term, SOLVING)
        wait_bar(term, "A first solve: the time to beat.")
        term.send("5")
        term.wait_for(lambda: "R plays it again" in bar_text(term), what="the keys")
        wait_bar(term, ". R plays it again, g makes another like it, q leaves.")
        assert "Solved in 0:0" in bar_text(term), term.dump()


@pytest.mark.parametrize("rows, cols, said", [
    (11, 26, "No solution. Likely fix: swap the 9 at D4 and the 10 at C4."),
    (12, 30, "No solution: 8 and 9 are given but not next to each other. Likely fix: swap "
             "the 9 at D4 and the 10 at C4."),
])
def test_a_puzzle_with_no_solution_names_the_likely_fix_under_the_board(
        state: Path, tmp_path: Path, rows: int, cols: int, said: str):
    """The play screen's verdict on a puzzle copied out with a slip was cut ("...given but
    not next to e...") before the givens it names."""
    path = tmp_path / "slip.txt"
    path.write_text(DEMO_TEXT.replace("8 9 10", "8 10 9"))
    with play_demo(state, path, rows, cols) as term:
        term.wait_for(lambda: "Likely fix" in bar_text(term), 15, "the likely fix")
        wait_bar(term, said)
        term.send(RIGHT)  # (a move takes the message away; a hint says it again)
        term.wait_for(lambda: "Likely fix" not in bar_text(term), what="the message gone")
        term.send("?")
        wait_bar(term, said)


def test_the_new_puzzle_form_s_notes_read_whole(state: Path):
    """The form's note had one row: "Size 2_: type its nex...", "Size: 5x5 to 20x20,
    s...", "Difficulty: easy,..." lost what to type. It takes the blank row over it."""
    with smallest(state) as term:
        open_from_menu(term, "n", "[g Generate]  [Esc Back]")
        term.send("99")  # (99 is no size: the second 9 is taken alone)
        term.wait_said("Size: 5x5 to 20x20, so 9, not 99.")
        assert "..." not in term.text, term.dump()
        term.send("2")
        term.wait_said("Size 2_: type its next digit.")
        assert "..." not in term.text, term.dump()
        assert_shows(term, "[g Generate]  [Esc Back]", "Enter generate")
        term.send_key("down")
        term.send_key("left")  # (easy is the first difficulty: the arrow says what there is)
        term.wait_said("Difficulty: easy, medium, hard, fiendish.")
        assert "..." not in term.text, term.dump()


def test_the_type_in_verdicts_keep_their_keys(state: Path):
    """"Not unique: ... Shown: one, the 34 marked cells differing in another; T..." was cut
    before the key that shows the other solution."""
    with smallest(state) as term:
        term.wait_text("[q] Quit")
        term.paste(DEMO_TEXT)
        term.wait_said("p plays it, e saves it.")
        term.wait_said("Unique: exactly one solution")
        assert "..." not in term.text, term.dump()
    with smallest(state) as term:
        open_from_menu(term, "t", "Size of the grid:")
        term.send("5")
        term.send_key("down")
        term.send("5")
        term.wait_text("< 5  >")
        term.send_key("enter")
        term.wait_text("5x5 · 0 givens")
        term.send("c")
        term.wait_said("Tab shows it.")
        assert "..." not in term.text, term.dump()
        said = " ".join(" ".join(line.split()) for line in term.lines)
        assert "Not unique: the " in said and " marked cells differ in another solution;" \
            in said, term.dump()
        # Once the message has gone, the status line says the verdict in fewer words: it
        # read "5x5 · 0 givens", "several solutions" left out, the marks unexplained.
        term.send_key("right")
        term.wait_gone("Tab shows it.")
        term.wait_for(lambda: "5x5 · 0 givens · several"
                      in [line.strip() for line in term.lines], what="the verdict, shorter")


def test_a_paste_refused_in_the_menu_says_where_and_what_is_wrong(state: Path):
    """The menu had two rows for a message under its items: "The pasted text is not a
    puzzle (line 1,..." lost what was wrong there. The items scroll to give it rows, and a
    shorter wording leaves out the advice where even those are too few."""
    with smallest(state) as term:
        term.wait_text("[q] Quit")
        term.paste("1 . 3\n. x .\n")
        term.wait_said("The pasted text is not a puzzle (line 2, column 3): 'x' is not a "
                       "number or a blank (. _ - ? 0)")
        assert "..." not in term.text.replace("... ", ""), term.dump()  # (not cut)
        assert_shows(term, "[l] Puzzle library", "more below")
        term.paste("hello there\nno puzzle at all\n")
        term.wait_said("Not a puzzle (line 1, column 1): 'hello' is not a number or a blank "
                       "(. _ - ? 0)")
        term.send("t")  # (the menu goes on as ever)
        term.wait_text("Size of the grid:")


def test_go_to_a_number_keeps_its_keys_with_what_they_do(state: Path, demo: Path):
    """"Go to number: 16_  (Enter" stood over "goes, Esc gives up)": a short aside in
    brackets is read on one line."""
    with play_demo(state, demo) as term:
        send_all(term, ["/", "1", "6"])
        wait_bar(term, "Go to number: 16_ (Enter goes, Esc gives up)")
        assert "(Enter goes, Esc gives up)" in term.text, term.dump()
        term.send_key("enter")
        term.wait_gone("Go to number")


def test_n_on_a_number_joined_already_says_backspace_clears_it(state: Path, demo: Path):
    """"This cell's number already joins a neighbour; n leaves it (Backspace clears)." was
    cut before the key that clears it."""
    with play_demo(state, demo) as term:
        send_all(term, ["3\r", "n"])  # (3 at B1 joins the 4 given at A1)
        wait_bar(term, "This number joins a neighbour already; Backspace clears it.")


def test_a_solve_from_the_library_says_where_q_leads_and_the_keys_whole(state: Path):
    """A key after a solve from the library said the solve, where q leads and what R and g
    do: at 26x11 it was cut mid-word ("Solved in 12:34. q: back to the list, with
    starter-10 next. R plays it again, g makes anoth..."). The keys take fewer words."""
    puzzles = load_bundled()
    ninth = next(i for i, p in enumerate(puzzles) if p.id == "starter-9")
    store = Store(state / "numbrix-curses")
    for puzzle in puzzles[:ninth]:  # (solved before: the library selects starter-9)
        store.record_solve(puzzle, puzzle.id, 20.0, 30)
    puzzle = puzzles[ninth]
    answer = solution("starter-9")
    game = Game(puzzle, elapsed=754)  # 12:34 played, and one cell to go
    blanks = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)
              if not puzzle.givens[r, c]]
    for r, c in blanks[:-1]:
        game.set_value(game.geometry.cell(r, c), answer[r][c])
    last = blanks[-1]
    game.set_cursor(*last)
    store.save_game(puzzle, game, puzzle.id, None)
    with smallest(state) as term:
        open_from_menu(term, "l", "starter-9")
        term.send_key("enter")
        term.wait_text("Welcome back")
        term.send(str(answer[last[0]][last[1]]))
        wait_bar(term, "q: back to the list, with starter-10 next.")
        assert "Solved in 12:34" in bar_text(term), term.dump()
        term.send("5")  # (the board is final: the keys that go on are said)
        wait_bar(term, "Solved in 12:34. q: back to the list, with starter-10 next. R again, "
                       "g another like it.")


def test_the_line_of_moves_keeps_the_keys_that_walk_and_close_it(state: Path):
    """At 26x11 m says the latest moves in the bar, which has no room for the list: four
    of them and the moves to redo took the bar's rows, and the line ended "u and r
    walk...", the key that closes it cut off. Fewer moves are said instead."""
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("q quit")
        term.wait_for(lambda: term.find("┘") is not None, what="the board")
        # (eleven moves from A1, the givens stepped over: 9 to 13 along row 1, then back
        # along row 2 and on along row 3)
        send_all(term, ["9", RIGHT, "10", RIGHT, "11", RIGHT, "12", RIGHT, "13", DOWN, LEFT,
                        "15", LEFT, LEFT, "7", LEFT, "8", DOWN, "5", RIGHT, RIGHT, "17", RIGHT,
                        RIGHT, "19\r"])
        term.wait_text("11 moves")
        send_all(term, ["m", "u", "u"])
        wait_bar(term, "2 moves to redo (r). u and r walk them, m closes.")
        assert "9. 5 at A3" in bar_text(term), term.dump()  # (the latest move still said)


def test_pencil_from_the_pad_at_the_top_says_how_to_type_numbers_again(state: Path):
    """With the pad moved to the top, the bar under the board keeps its rows, and the
    pencil's message there was cut ("Pencil: a number typed in an empty cell goes in
    a..."); the bar takes the shorter wording it shows whole, as without the pad."""
    with smallest(state, "play", "--puzzle", "starter-1") as term:
        term.wait_text("Tab more")
        Board(term, 4, compact=True).wait_shown()
        open_pad(term)
        term.click(*pad_arrow(term))
        term.wait_for(lambda: pad_at_top(term), what="the pad at the top")
        click_pad(term, "pencil")
        term.wait_text("─ Pencil marks ")
        wait_bar(term, "Pencil: digits make marks. N types numbers.")


@pytest.mark.parametrize("rows, cols", [(11, 26), (14, 40)])
def test_a_verdict_with_no_fix_to_make_still_names_the_given_to_check(state: Path, rows: int,
                                                                      cols: int):
    """No solution, and without the 9 at E2 several: no change gives exactly one, so
    there is no fix for f to make, and the verdict had no shorter wording; under the board
    it was cut before the given to look at ("...without the 9 at E2 (marked ?):...")."""
    with start(app_command(), state, rows=rows, cols=cols) as term:
        term.wait_text("[q] Quit")
        term.paste("1 . 3 . .\n. . . . 9\n. . . . .\n. . . . .\n. . . . .\n")
        term.wait_said("It can be solved without the 9 at E2 (marked ?): check that number.")
        assert "..." not in term.text, term.dump()


@pytest.mark.parametrize("rows, cols", [(11, 26), (14, 40)])
def test_play_of_a_puzzle_with_no_fix_to_make_still_names_the_given_to_check(
        state: Path, tmp_path: Path, rows: int, cols: int):
    """The same board played from a file: under it the verdict left out the given the
    puzzle is solvable without (said beside the board at 80x24), and kept only why."""
    path = tmp_path / "nofix.txt"
    path.write_text("1 . 3 . .\n. . . . 9\n. . . . .\n. . . . .\n. . . . .\n")
    with start(app_command("play", str(path)), state, rows=rows, cols=cols) as term:
        term.wait_text("q quit")
        wait_bar(term, "solvable without the 9 at E2: it was likely copied wrong there.")


def test_the_replay_s_verdict_is_said_whole_on_the_smallest_screen(state: Path,
                                                                   tmp_path: Path):
    """Over, the replay said "Done: more than one solution, 23 steps in..." under the
    board, cut before the time, its status line hidden under it: the bar says it in fewer
    words, whole. Its title, "Watching the solver on two.txt", read "Numbrix · Watching
    the...", the puzzle's name lost: it is said in fewer words, whole."""
    path = tmp_path / "two.txt"
    path.write_text("1 . .\n. . .\n. . 9\n")  # (two solutions)
    with smallest(state, "play", str(path)) as term:
        term.wait_text("q quit")
        term.send("v")
        term.wait_text("Watch the solver")
        term.send("y")
        term.wait_for(lambda: term.lines[0].strip() == "Solver on two.txt",
                      what="the title in fewer words")
        term.send_key("enter")
        term.wait_for(lambda: "Done: more than one solution, " in bar_text(term)
                      and " steps." in bar_text(term), what="the verdict with its steps")
        assert "..." not in bar_text(term), term.dump()


@pytest.mark.parametrize("rows, cols, pasted, said", [
    (11, 26, "1 . x\n. . .\n. . 9\n", "The pasted text is not a puzzle (line 1, column 5): "
     "'x' is not a number or a blank (. _ - ? 0)"),
    (11, 26, "hello", "Not a puzzle (line 1, column 1): 'hello' is not a number or a blank "
     "(. _ - ? 0)"),
    (12, 30, "hello", "Not a puzzle (line 1, column 1): 'hello' is not a number or a blank "
     "(. _ - ? 0)"),
])
def test_a_paste_refused_on_the_grid_keeps_what_is_wrong(state: Path, rows: int, cols: int,
                                                         pasted: str, said: str):
    """Kept on one line, "(line 1, column 5):" took the message a fifth line at 26x11, and
    "(. _ - ? 0)" was cut off under the board. A word pasted on the grid was said in the
    longest wording alone, which the bar under the board cut ("'hello' is not a
    number...", "a titl..."); the shorter ones the size screen and the menu take are taken
    here too."""
    with start(app_command(), state, rows=rows, cols=cols) as term:
        open_from_menu(term, "t", "Size of the grid:")
        term.send_key("enter")
        term.wait_text("9x9 · 0 givens")
        term.paste(pasted)
        term.wait_said(said)
        assert "..." not in term.text, term.dump()


def test_a_verdict_that_no_one_change_mends_is_read_whole(state: Path):
    """12 and 5 typed side by side: no given taken away, nor two swapped, gives a solution,
    and the verdict saying so was cut before what to do ("...solvable: look for more...")."""
    with smallest(state) as term:
        open_from_menu(term, "t", "Size of the grid:")
        term.send_key("enter")
        term.wait_text("9x9 · 0 givens")
        send_all(term, ["12", RIGHT, "5", "c"])
        term.wait_said("look for more than one slip.")
        assert "..." not in term.text, term.dump()
