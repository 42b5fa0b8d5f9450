"""The screens fit the terminal they are in: text wraps instead of being cut, a screen too
small says so (whole) instead of showing clipped content, the real terminal size is used,
the help keys work everywhere the help says, counts read right, and a board larger than the
screen can be looked over in the solver's replay, or drawn without walls when that makes it
fit.

The real app in a pseudo-terminal (tests/tty_harness.py), plus the pure wrapping helpers.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from numbrix_curses.library import load_bundled
from numbrix_curses.textformat import format_compact
from numbrix_curses.ui.actions import SelectCell
from numbrix_curses.ui.grid import GridLayout, cell_at
from numbrix_curses.ui.help import KEY_INDENT, help_lines, key_width
from numbrix_curses.ui.layout import plan_layout
from numbrix_curses.ui.watch import DEFAULT_SPEED, SPEEDS
from helpers import NEWSPAPER_9X9
from tty_harness import (Board, Terminal, app_command, expect_exit, first_hint, play_command, start,
                         wait_play)

F1 = "\x1bOP"
PAGE_DOWN = "\x1b[6~"
PAGE_UP = "\x1b[5~"
SHIFT_LEFT = "\x1b[1;2D"


def menu(state: Path, rows: int = 24, cols: int = 80, **env: str) -> Terminal:
    term = start(app_command(), state, rows=rows, cols=cols, **env)
    term.wait_text("[q] Quit")
    return term


def type_in(term: Terminal, rows: str, cols: str) -> None:
    term.send("t")
    term.wait_text("Size of the grid:")
    term.send(rows)
    term.send_key("down")
    term.send(cols)
    term.send_key("enter")
    term.wait_text("Type the given numbers")


def large_16(tmp_path: Path) -> Path:
    """The bundled 15x15 `large-16` in a file of its own."""
    [puzzle] = [p for p in load_bundled() if p.id == "large-16"]
    path = tmp_path / "large-16.txt"
    path.write_text(format_compact(puzzle, metadata={"id": "large-16"}), encoding="utf-8")
    return path


# ----- 1. type-in: check marks go with the next change -----------------------------------------
def test_entry_conflict_marks_clear_as_soon_as_the_grid_changes(state: Path):
    term = menu(state)
    board = Board(term, 3)
    with term:
        type_in(term, "3", "3")
        for key in "1l1c":
            term.send(key)
        term.wait_message("Not a puzzle yet: 1 appears twice")
        assert board.text(0, 0).startswith("!") and board.text(0, 1).startswith("!"), term.dump()
        term.send("5")  # B1's number changes: the marks are stale
        term.wait_gone("appears twice")
        term.wait_for(lambda: not any(board.text(0, c).startswith("!") for c in range(3)),
                      what="the marks to go")
        term.send_key("right")
        term.send("3")  # a fresh edit elsewhere: still no marks come back
        board.wait_cell(0, 2, "3")
        assert not any(board.text(r, c).startswith("!") for r in range(3) for c in range(3))


# ----- 2. too small: the whole notice, on every screen ------------------------------------------
def notice_shown(term: Terminal, rows: int, cols: int) -> bool:
    """The whole notice, in its full wording or (too little room for that) its short one."""
    text = term.flowing_text()
    return all(part in text for part in (
        "Terminal too small: needs at least ", f"(this one has {cols} columns, {rows} rows)",
        "Enlarge the window, or press q to leave.")) or all(part in text for part in (
        "Too small: need ", f"(now {cols} columns, {rows} rows)", "Enlarge, q leaves."))


def test_too_small_notice_wraps_to_a_narrow_terminal(state: Path, demo: Path):
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        term.resize(10, 20)
        term.wait_for(lambda: notice_shown(term, 10, 20), what="the whole notice at 20x10")
        assert "needs at least 26 columns and 10 rows" in term.flowing_text()
        assert all(len(line.rstrip()) <= 20 for line in term.lines)
        # A size's number stays with what it counts ("needs at least 26" stood over
        # "columns and 10 rows").
        assert not any(re.search(r"\d$", line.rstrip()) for line in term.lines), term.dump()
        term.resize(6, 20)
        term.wait_for(lambda: notice_shown(term, 6, 20), what="the whole notice at 20x6")
        term.send("q")
        expect_exit(term)


def test_a_question_on_a_screen_too_small_asks_for_the_size_that_shows_it(state: Path):
    """Resized to 20x8 while the restart question was open, the app asked for 40 columns
    (and 7 rows), where 26 hold it: the notice names the narrowest box the rows hold, and
    at that size the question is read whole and answered."""
    with start(app_command("play", "--puzzle", "starter-1"), state) as term:
        wait_play(term)
        term.send("3")
        term.send("R")
        term.wait_in_box("Clear all your numbers and start again?")
        term.resize(8, 20)
        match = term.wait_match(r"needs at least\s+(\d+) columns\s+and\s+(\d+) rows")
        cols, rows = int(match.group(1)), int(match.group(2))
        assert cols < 40 and rows <= 8, term.dump()
        term.resize(rows, cols)
        term.wait_in_box("Clear all your numbers and start again? u brings them back.")
        term.send("n")
        term.resize(24, 80)
        term.wait_text("quit    q")
        assert "Clear all" not in term.text, term.dump()


@pytest.mark.parametrize("keys, shown", [
    ("", "[l] Puzzle library"),
    ("n", "Choose the puzzle to make:"),
    ("t", "Size of the grid:"),
    ("t\r", "Type the given numbers"),
    ("o", "Path of a puzzle file:"),
    ("h", "The rules"),
    ("l", "starter-1"),
    ("s", "No puzzle solved yet"),
])
def test_every_screen_says_too_small_instead_of_clipping(state: Path, keys: str, shown: str):
    with menu(state) as term:
        term.send(keys)
        term.wait_text(shown)
        for rows, cols in [(6, 20), (9, 25)]:  # (under 26 columns, the least any takes)
            term.resize(rows, cols)
            term.wait_for(lambda: notice_shown(term, rows, cols),
                          what=f"the notice at {cols}x{rows}")
            assert shown not in term.text
        term.resize(24, 80)
        term.wait_text(shown)
        term.resize(6, 20)
        term.wait_for(lambda: notice_shown(term, 6, 20), what="the notice again")
        term.send("q")  # as the notice says, q leaves that screen
        if not keys:
            expect_exit(term)
            return
        term.resize(24, 80)
        term.wait_text("[q] Quit")  # every one of them was opened from the menu


@pytest.mark.parametrize("cols, hint", [
    (80, "arrows and Enter, a letter, or a click"),
    (34, "arrows, Enter, a letter, a click"),
    (30, None),
])
def test_the_menu_s_key_hint_is_whole_or_not_there(state: Path, cols: int, hint: str | None):
    """On a 30-column terminal the menu's last line read "arrows and Enter, a letter, or"."""
    with menu(state, rows=30, cols=cols) as term:
        last = term.lines[-1].strip()
        assert last == (hint or ""), term.dump()


@pytest.mark.parametrize("set_aside", [False, True])
def test_the_statistics_ask_for_one_size_whatever_narrower_width_they_have(
    state: Path, set_aside: bool
):
    """At 10 columns the notice asked for 19 rows, at 20 for 13: the text had been wrapped
    to the window's width, not the width asked for (the message of a records file set
    aside as well, which the statistics show under the totals)."""
    if set_aside:
        (state / "numbrix-curses").mkdir(parents=True)
        (state / "numbrix-curses" / "records.json").write_text("{")

    def rows_asked() -> int:
        found = re.search(r"need(?:s at least)? 26 (?:columns(?: and|,)|wide,) (\d+) (?:rows|high)",
                          term.flowing_text())
        assert found, term.dump()
        return int(found.group(1))

    with menu(state) as term:
        term.send("s")
        term.wait_text("No puzzle solved yet")
        asked = []
        for rows, cols in [(5, 10), (10, 20), (8, 25)]:
            term.resize(rows, cols)
            # (the notice for this size: its width, or at 10 columns the shortest wording)
            term.wait_text(f"{cols} " if cols > 10 else "high")
            term.wait_for(lambda: "26" in term.text, what="the size needed")
            asked.append(rows_asked())
        assert len(set(asked)) == 1, asked
        term.resize(asked[0], 26)  # and that size is enough
        term.wait_text("No puzzle solved yet")
        assert "mall" not in term.text
        if set_aside:
            term.wait_said("set aside")  # (wrapped anywhere at this width)


def test_the_statistics_legend_stays_under_a_table_that_scrolls(state: Path):
    """With more sizes solved than rows, the table took every row and scrolled, and its
    legend ("Best: the fastest solve...") was never seen, End included."""
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store

    records = Store(state / "numbrix-curses")
    for side in range(3, 17):  # fourteen sizes, a row each
        puzzle = Puzzle.from_rows([[1] + [0] * (side - 1)] + [[0] * side] * (side - 1))
        records.record_solve(puzzle, f"{side}x{side}", 60.0 + side, 10)
    with menu(state, rows=18, cols=60) as term:
        term.send("s")
        term.wait_text("Best: the fastest solve")
        assert "3x3" in term.text and "16x16" not in term.text  # (the table scrolls)
        assert "PgDn" in term.lines[-1] and "PgUp" not in term.lines[-1]
        term.send_key("end")
        term.wait_text("16x16")
        assert "Best: the fastest solve" in term.text
        assert "PgUp: more above" in term.lines[-1], term.dump()  # (the rows above it)


def test_a_resize_keeps_the_help_where_it_was_read_in_the_rules(state: Path):
    """The rules are prose under one heading: a resize in the middle of them went back to
    their start (key lines kept their place already)."""
    with menu(state) as term:
        term.send("h")
        term.wait_text("The rules")
        for _ in range(8):
            term.send_key("down")
        term.wait_for(lambda: "The rules" not in term.text, what="the help scrolled")
        assert "named by column letter" in term.text
        top = term.lines[2]
        term.resize(20, 50)
        term.wait_for(lambda: all(len(line.rstrip()) <= 50 for line in term.lines)
                      and "Help" in term.lines[0], what="the help rewrapped")
        assert "The rules" not in term.text, term.dump()
        assert "named by column" in term.text, term.dump()  # (the line read, still in view)
        for width in (47, 61, 43, 70, 52, 80):  # (a window's edge dragged to and fro)
            term.resize(24 if width == 80 else 20, width)
            term.wait_for(lambda: all(len(line.rstrip()) <= width for line in term.lines)
                          and "Help" in term.lines[0], what="the help rewrapped")
        term.wait_for(lambda: term.lines[2] == top, what="back where it was read")


# ----- 3. help: long lines wrap under the description column -----------------------------------
def test_help_wraps_long_lines_under_the_description_column(state: Path):
    with menu(state) as term:
        term.send("h")
        term.wait_text("The rules")
        for _ in range(4):  # (the line and the one under it in view, above the footer)
            term.send_key("down")
        term.wait_for(lambda: (term.find("put the next number here") or (99, 0))[0] < 20,
                      what="the help scrolled")
        row, col = term.find("put the next number here")
        next_line = term.lines[row + 1]
        # (the line goes on under its first word, not under the key)
        assert next_line[:col].strip() == "" and next_line[col] != " ", term.dump()
        assert all(len(line.rstrip()) <= 80 for line in term.lines)
        term.resize(24, 44)  # narrower: still nothing cut
        term.wait_for(lambda: all(len(line.rstrip()) <= 44 for line in term.lines)
                      and "Help" in term.lines[0], what="the help rewrapped")
        term.send_key("home")  # (the resize kept the place read, in the rules)
        term.wait_text("(rows times columns)")
        for _ in range(8):  # (the first key's lines in view, above the footer)
            term.send_key("down")
        term.wait_for(lambda: 2 < (term.find("move the cursor") or (99, 0))[0] < 20,
                      what="the help scrolled")
        row, col = term.find("move the cursor")
        assert term.lines[row + 1][:col].strip() == ""
        assert term.lines[row + 1][col:col + 1].strip()  # continues in the same column
        # At 44 columns the key column stayed 20 wide, the descriptions wrapped in the 20
        # left: the keys of five letters or fewer keep theirs, "0-9" as "Enter", and a key
        # longer stands whole on a line of its own, over its description.
        assert col <= 10, term.dump()
        assert term.lines[row - 1].strip() == "arrows hjkl wasd", term.dump()


@pytest.mark.parametrize("width", [40, 52, 78])
def test_help_lines_fit_the_width_with_a_hanging_indent(width: int):
    lines = help_lines(width)
    assert all(len(text) <= width for text, _ in lines)
    column = KEY_INDENT + key_width(width)
    for (text, kind), (after, after_kind) in zip(lines, lines[1:]):
        if kind in (2, 3) and after and after_kind == 0:
            # (the description goes on, or for a key alone on its line starts, at the column)
            assert after[:column].strip() == "" and after[column] != " ", (text, after)
    words = " ".join(text for text, _ in lines).split()
    assert "(no" in words and "answers" in words and "shown);" in words  # (nothing lost)
    # The rules keep "R x C" on one line (at 40 columns "1 to R" stood over "x C").
    assert any("R x C" in text for text, _ in lines), lines[:12]


# ----- 4. compact mode: a long message takes a second line -------------------------------------
def test_status_bar_message_wraps_onto_a_spare_line(state: Path, tmp_path: Path):
    with start(play_command(str(large_16(tmp_path))), state) as term:
        term.wait_text("q quit")  # the status bar under the board, with a spare row
        first_hint(term)
        term.wait_text("? again places it.", timeout=30)
        text = term.flowing_text()
        assert "must go at" in text and "..." not in text, term.dump()
        assert "quit" in term.text  # the key line is still there


def test_a_long_hint_under_a_board_that_fills_the_screen_is_read_whole(state: Path,
                                                                        tmp_path: Path):
    """Before: in 20x60 the 15x15 board's window left the message one line, and the reason
    was cut ("...next to 98 a...") with "? again places it." lost."""
    from numbrix_curses import assist
    from numbrix_curses.ui.play_words import sentence

    path = large_16(tmp_path)
    with start(play_command(str(path)), state, rows=20, cols=60) as term:
        term.wait_text("q quit")
        board_rows = sum("│" in line or "┆" in line for line in term.lines)
        first_hint(term)
        term.wait_text("? again places it.", timeout=30)
        [puzzle] = [p for p in load_bundled() if p.id == "large-16"]
        hint = assist.next_hint(puzzle, puzzle.givens)
        said = " ".join(f"{sentence(hint.reason)} ? again places it.".split())
        term.wait_for(lambda: said in term.flowing_text(), what=said)
        assert "..." not in term.text, term.dump()
        board = [line for line in term.lines if "│" in line or "┆" in line]
        assert any("?" in line for line in board)  # the hinted cell is in sight
        assert "quit" in term.lines[-1]
        term.send("?")  # placed: the message is short again, and the board has its rows back
        term.wait_text("Placed")
        term.wait_for(lambda: sum("│" in line or "┆" in line for line in term.lines)
                      == board_rows, what="the board's rows back")


@pytest.mark.parametrize("rows, cols", [(12, 80), (12, 40), (16, 50)])
def test_a_hint_on_a_short_screen_is_read_whole(state: Path, rows: int, cols: int):
    """Before: on screens of 16 rows or fewer a 5x5 board (whole, so no window rows to
    lend) left the hint one line under it, cut ("...16 at A..."), and "? again places it."
    was lost at every width. Now the board's view lends the hint rows while it shows,
    keeping the hinted cell in sight; the board is whole again when it goes."""
    from numbrix_curses import assist
    from numbrix_curses.ui.play_words import sentence

    [puzzle] = [p for p in load_bundled() if p.id == "starter-2"]
    with start(app_command("play", "--puzzle", "starter-2"), state, rows=rows, cols=cols) as term:
        term.wait_text("q quit")
        # (all but the status line, whose clock moves on)
        before = [line for line in term.lines if "5x5 " not in line]
        first_hint(term)
        term.wait_text("again places it.")
        hint = assist.next_hint(puzzle, puzzle.givens)
        said = " ".join(f"{sentence(hint.reason)} ? again places it.".split())
        term.wait_for(lambda: said in term.flowing_text(), what=said)
        assert "..." not in term.text, term.dump()
        assert "q quit" in term.lines[-1]  # the key line stays
        assert "?" in "".join(line for line in term.lines if "│" in line)  # the cell hinted
        term.send_key("escape")
        term.wait_gone("again places it.")
        term.wait_for(lambda: [line for line in term.lines if "5x5 " not in line] == before
                      and any("5x5 " in line for line in term.lines), what="the screen as it was")


def test_a_hint_on_the_smallest_screen_is_read_whole(state: Path):
    """Before: at 26x11 the 9x9 board's window kept five rows, which left a hint of four
    lines two, cut ("...the only empty cell nex..."). The window lends two more rows while
    the hint shows, keeping the hinted cell in sight, and has them back when it goes."""
    from numbrix_curses import assist
    from numbrix_curses.ui.play_words import sentence

    [puzzle] = [p for p in load_bundled() if p.id == "classic-1"]
    with start(app_command("play", "--puzzle", "classic-1"), state, rows=11, cols=26) as term:
        term.wait_text("q quit")
        board_rows = sum("┆" in line for line in term.lines)
        first_hint(term)
        term.wait_text("places it.")
        hint = assist.next_hint(puzzle, puzzle.givens)
        said = " ".join(f"{sentence(hint.reason)} ? again places it.".split())
        term.wait_for(lambda: said in term.flowing_text(), what=said)
        assert "..." not in "".join(term.lines[term.find("┘")[0]:]), term.dump()
        assert "?" in "".join(line for line in term.lines if "┆" in line)  # the cell hinted
        assert "q quit" in term.lines[-1]
        term.send_key("escape")
        term.wait_gone("places it.")
        term.wait_for(lambda: sum("┆" in line for line in term.lines) == board_rows,
                      what="the board's rows back")


@pytest.mark.parametrize("cols", [50, 44])
def test_a_narrow_key_line_keeps_help_and_quit(state: Path, demo: Path, cols: int):
    with start(play_command(str(demo)), state, rows=24, cols=cols) as term:
        term.wait_text("q quit")  # the keys before them make room, the last first
        assert "F1 help" in term.text and "arrows move" in term.text, term.dump()


def test_a_narrow_title_cuts_the_name_before_the_rows_in_view(state: Path, tmp_path: Path):
    path = tmp_path / "seven.txt"
    path.write_text("# id: a-rather-long-name-for-seven\n" + "1 . . . . . .\n" + ". . . . . . .\n" * 6)
    with start(play_command(str(path)), state, rows=12, cols=40) as term:
        term.wait_match(r"Numbrix . a-rathe\.\.\. . rows 1-\d cols A-G")
        term.resize(12, 30)  # no room for the name's first letters beside the app's: it goes
        term.wait_for(lambda: re.fullmatch(r"a-rathe\.\.\. . rows 1-\d cols A-[FG]",
                                           term.lines[0].strip()) is not None,
                      what="the name cut, the app's left out")  # (A-G: a plainer board,
        # so the message about the puzzle reads whole under it)
        term.resize(12, 26)  # no room for the name's first letters alone: it goes too
        term.wait_for(lambda: re.fullmatch(r"rows 1-\d cols A-[EFG]", term.lines[0].strip())
                      is not None, what="the rows in view alone")
        assert "a-rather" not in term.text


# ----- 5. F1 and H open the help on menus and lists ---------------------------------------------
@pytest.mark.parametrize("keys, shown, help_key", [
    *[(keys, shown, help_key)
      for keys, shown in [("l", "starter-1"), ("n", "Choose the puzzle to make:"),
                          ("t", "Size of the grid:"), ("s", "No puzzle solved yet")]
      for help_key in ("H", F1)],
    ("o", "Path of a puzzle file:", F1),  # (H is a letter of a path there)
])
def test_f1_and_h_open_the_help(state: Path, keys: str, shown: str, help_key: str):
    with menu(state) as term:
        term.send(keys)
        term.wait_text(shown)
        term.send(help_key)
        term.wait_text("Numbrix · Help")
        # at the section about the screen asked from: the library's keys, or the type-in's
        section = "Typing in a puzzle" if keys == "t" else "Menus and lists"
        term.wait_text(section)
        # heading the page: the last section was shown under the tail of the one before
        assert term.lines[2].strip() == section, term.dump()
        assert "The rules" not in term.text
        assert "PgUp" in term.lines[-1], term.dump()  # (the text above it is said to be there)
        if section == "Menus and lists":  # (the last: End goes back to it after a step up)
            term.send_key("up")
            term.wait_for(lambda: term.lines[3].strip() == section, what="a line up")
            term.send_key("end")
            term.wait_for(lambda: term.lines[2].strip() == section, what="End back at it")
        term.send("q")
        term.wait_text(shown)


def test_end_in_the_help_puts_its_last_line_at_the_bottom(state: Path):
    """End went as far as a page opened at the last section's heading, leaving seven blank
    rows under the text at 80x24."""
    with menu(state) as term:
        term.send("H")
        term.wait_text("Numbrix · Help")
        term.send_key("end")
        term.wait_text("Games are saved after every move")
        row, _ = term.find("Games are saved after every move")
        assert row == len(term.lines) - 2, term.dump()  # (just over the footer)
        # the footer's page keys are buttons, as the keys it names
        footer = len(term.lines) - 1
        term.click(footer, term.lines[footer].index("PgUp"))
        term.wait_gone("Games are saved after every move")
        term.wait_text("PgDn")
        term.click(footer, term.lines[footer].index("PgDn"))
        term.wait_text("Games are saved after every move")


# ----- 6. counts -----------------------------------------------------------------------------
def test_type_in_status_bar_counts_one_given(state: Path):
    with menu(state) as term:
        type_in(term, "30", "30")
        term.wait_text("30x30 · 0 givens")
        term.send("1")
        term.wait_text("30x30 · 1 given · not checked")


def test_type_in_title_says_the_part_of_a_large_grid_in_view(state: Path):
    """Over rows 1-17 of a 30x30 grid the title said only "Numbrix · Type in a puzzle";
    it says which part is in view, as play's does, and follows the cursor."""
    with menu(state) as term:
        type_in(term, "30", "30")
        term.wait_for(lambda: re.fullmatch(r" *Numbrix · Type in a puzzle · rows 1-\d+ "
                                           r"cols A-[A-Z]+ *", term.lines[0]) is not None,
                      what="the part in view in the title")
        term.send_key("end")
        term.wait_for(lambda: re.search(r"cols [A-Z]+-AD *$", term.lines[0]) is not None,
                      what="the view at the row's end")


@pytest.mark.parametrize("rows, cols, heading, line", [
    (24, 80, r"Size {2,}Difficulty {2,}Puzzles {2,}Solves {2,}Best {2,}Typical *\n",
     r"15x15 {2,}fiendish {2,}1 {2,}2 {2,}12:34 {2,}12:34 *\n"),
    (14, 40, r"Size {2,}Difficulty {2,}Puzzles {2,}Best *\n", r"15x15 {2,}fiendish {2,}1 {2,}12:34 *\n"),
    # (at 45 five columns touched: "Difficulty Puzzles Solves")
    (20, 45, r"Size {2,}Difficulty {2,}Puzzles {2,}Best *\n", r"15x15 {2,}fiendish {2,}1 {2,}12:34 *\n"),
])
def test_the_statistics_columns_stand_apart(state: Path, rows: int, cols: int, heading: str,
                                            line: str):
    """The table's headings were one space apart, "Difficulty Puzzles Solves" read as one
    run of words at 80x24 and at 40x14: two spaces part each column from the next."""
    from numbrix_curses.savestate import Store

    [puzzle] = [p for p in load_bundled() if p.id == "large-16"]
    records = Store(state / "numbrix-curses")
    for _ in range(2):
        records.record_solve(puzzle, puzzle.id, 754.0, 300)
    with menu(state, rows, cols) as term:
        term.send("s")
        term.wait_text("1 puzzle solved")
        term.wait_match(heading)
        term.wait_match(line)


# ----- 7. dialogs wrap --------------------------------------------------------------------------
def test_dialog_text_wraps_to_the_dialog(state: Path, demo: Path):
    with start(play_command(str(demo)), state, rows=24, cols=36) as term:
        term.wait_text("4x4")
        term.send("S")
        term.wait_text("Reveal the solution?")
        term.wait_text("[n] No")
        text = term.flowing_text()
        # the box's side walls break the flow: look at the words
        words = [w for w in text.split() if w not in ("│", "|")]
        assert "u takes it back; the game earns no best time." in " ".join(words), term.dump()


def test_a_dialog_on_a_wide_screen_wraps_its_explanation_to_a_readable_width(state: Path):
    # At 120x40 the auto-fill question's explanation ran in one line from wall to wall.
    with start(app_command("play", "--puzzle", "classic-1"), state, rows=40, cols=120) as term:
        wait_play(term)
        term.send("f")
        term.wait_text("[n] No")
        top, left = term.find("Fill in every simple step?")
        top, left = top - 1, left - 2  # the box's top-left corner
        assert term.lines[top][left] == "┌", term.dump()
        right = term.lines[top].index("┐", left)
        assert right - left + 1 <= 64, term.dump()
        assert "u takes back. The game earns no best time." in term.box_text(), term.dump()
        term.send("n")
        term.wait_gone("Fill in every simple step?")


def test_a_dialog_over_the_play_screen_shows_no_cut_panel_text_beside_it(state: Path):
    # A 9x9 board on 80x24: the dialog's box, centred, covers the board's right part and
    # the left part of the side panel, whose key lines would show cut beside its frame.
    with start(app_command("play", "--puzzle", "classic-1"), state, rows=24, cols=80) as term:
        wait_play(term)
        assert "hjkl wasd" in term.text
        term.send("S")
        term.wait_text("[n] No")
        top, left = term.find("Reveal the solution?")
        top, left = top - 1, left - 2  # the box's top-left corner
        assert term.lines[top][left] == "┌", term.dump()
        right = term.lines[top].index("┐", left)
        bottom = next(y for y in range(top, len(term.lines)) if term.lines[y][left] == "└")
        for y in range(top, bottom + 1):
            assert term.lines[y][right + 1:].strip() == "", term.dump()
        # the board's cells left of the box stay: the 40 given of row 6, on the box's bottom row
        assert "│ 40 │" in term.lines[bottom][:left], term.dump()
        term.send("n")
        term.wait_gone("Reveal the solution?")
        term.wait_text("hjkl wasd")  # the panel whole again


# ----- 8. the real terminal size, whatever LINES and COLUMNS say ----------------------------------
def test_lines_and_columns_in_the_environment_do_not_pin_the_size(state: Path):
    with menu(state, rows=30, cols=100, LINES="24", COLUMNS="80") as term:
        term.wait_text("arrows and Enter")
        row, col = term.find("arrows and Enter")
        assert row == 29, term.dump()  # the bottom line of 30, not of 24
        assert term.find("Numbrix")[1] > 40  # centred in 100 columns
        term.resize(40, 120)
        term.wait_for(lambda: (term.find("arrows and Enter") or (0, 0))[0] == 39,
                      what="the resize followed")


# ----- 9. the solver's replay scrolls ----------------------------------------------------------
def start_watching(term: Terminal) -> None:
    """From the play screen, past the question, to the solver's replay."""
    term.wait_text("quit")
    term.send("v")
    term.wait_text("Watch the solver solve it?")
    term.send("y")
    term.wait_text("steps/s")  # (the title, "Watching the solver", is cut on a narrow screen)


def test_watch_screen_scrolls_a_board_larger_than_the_screen(state: Path, tmp_path: Path):
    with start(play_command(str(large_16(tmp_path))), state, rows=20, cols=70) as term:
        start_watching(term)
        term.send_key("enter")
        term.wait_text("Done:", timeout=40)
        assert "PgUp up  PgDn down  S-Left left  S-Right right" in term.text  # (how)
        term.wait_match(r"rows \d+-\d+ cols [A-Z]+-[A-Z]+")
        for _ in range(16):
            term.send_key("up")
        term.wait_match(r"rows 1-\d+ ")
        term.send(PAGE_DOWN)
        term.wait_match(r"rows \d+-15 ")
        term.send(PAGE_UP)
        term.wait_match(r"rows 1-\d+ ")
        for _ in range(16):
            term.send_key("left")  # the replay is over: the plain arrows scroll across
        term.wait_match(r"cols A-[A-Z]+")
        for _ in range(16):
            term.send_key("right")
        term.wait_match(r"cols [A-Z]+-O")  # (column 15)
        term.send(SHIFT_LEFT)
        term.wait_match(r"cols [A-Z]+-N")
        # (over, the status line says the verdict and the steps, the speed left out)
        said = term.wait_match(r"unique solution · [\d,]+ steps").group()
        # the wheel over it scrolls too (it set the speed, and the board never moved)
        row, col = term.find("rows")
        term.wheel(row + 5, 10, down=False)
        term.wheel(row + 5, 10, down=False)
        term.wait_match(r"rows 1-\d+ ")
        term.wheel(row + 5, 10)
        term.wait_match(r"rows [2-9]-\d+ ")
        assert said in term.text and "again" not in term.text, term.dump()


def test_a_click_on_a_dashed_edge_scrolls_the_replay_a_page_that_way(state: Path,
                                                                      tmp_path: Path):
    """The replay of a board larger than the screen scrolled across by keys only (the
    shifted arrows; the plain ones set the speed): a click on an edge drawn dashed, where
    more board lies past it, scrolls a page that way, as such a click goes on into the
    cells past it in play."""
    with start(play_command(str(large_16(tmp_path))), state, rows=20, cols=70) as term:
        start_watching(term)
        term.send(" ")  # (paused: the view stays where the clicks put it)
        term.wait_text("paused")
        term.send_key("home")  # (the view back at the start, where the replay begins)
        term.wait_match(r"rows 1-13 cols A-M")
        top = term.find("┌")[0]
        bottom, left = term.find("└")
        right = term.lines[top].index("┐")
        assert term.lines[top + 3][right] == "┆", term.dump()
        term.click(top + 3, right)  # the right edge: a page across, as far as the board goes
        term.wait_match(r"rows 1-13 cols C-O")
        assert term.lines[top + 3][left] == "┆", term.dump()  # (more board now on the left)
        term.click(top + 3, left)
        term.wait_match(r"rows 1-13 cols A-M")
        term.click(bottom, left + 10)  # the bottom edge: a page down
        term.wait_match(r"rows 3-15 cols A-M")
        term.click(term.find("┌")[0], left + 10)  # the top edge, dashed now: back up
        term.wait_match(r"rows 1-13 cols A-M")


def test_the_replay_bar_s_scroll_keys_are_buttons_doing_what_the_keys_do(state: Path,
                                                                          tmp_path: Path):
    """On a screen too narrow for the side panel the replay's bar said "S-arrows PgUp/Dn
    scroll", which a click did nothing on: each way to scroll is a button of its own now,
    and a click there does what its key does (PgDn a page down, less a row kept in sight;
    Shift-Right a column across)."""
    with start(play_command(str(large_16(tmp_path))), state, rows=20, cols=70) as term:
        start_watching(term)
        term.send_key("enter")
        term.wait_text("Done:", timeout=40)
        term.send_key("home")  # (the replay again)
        term.send(" ")  # (paused: the view stays where the clicks put it)
        term.wait_text("paused")
        # (and back to the start, the view at its top left: the steps the replay took
        # before the pause may have moved the view, on a busy machine)
        term.send_key("home")
        term.wait_match(r"rows 1-13 cols A-M")
        term.click_text("PgDn down")
        term.wait_match(r"rows 3-15 cols A-M")
        term.click_text("PgUp up")
        term.wait_match(r"rows 1-13 cols A-M")
        term.click_text("S-Right right")
        term.wait_match(r"rows 1-13 cols B-N")
        term.click_text("right")  # (on the word as on the key: the whole item is the button)
        term.wait_match(r"rows 1-13 cols C-O")
        term.click_text("S-Left left")
        term.wait_match(r"rows 1-13 cols B-N")
        term.send(PAGE_DOWN)  # (the key, for the same page the button went)
        term.wait_match(r"rows 3-15 cols B-N")


def test_going_back_to_the_replay_s_start_shows_the_board_from_its_top_left(
        state: Path, tmp_path: Path):
    """Home put the replay back at step 0 but left the view wherever the steps before (or
    the player) had scrolled it, so the start looked different each time; it goes back to
    the top left, where the replay began."""
    with start(play_command(str(large_16(tmp_path))), state, rows=20, cols=70) as term:
        start_watching(term)
        term.send(" ")
        term.wait_text("paused")
        assert "space play" in term.text and "space pause" not in term.text, term.dump()
        term.send(PAGE_DOWN)
        term.send_key("shift-right")
        term.wait_match(r"rows \d+-\d+ cols B-N")
        assert not term.find("rows 1-13"), term.dump()
        term.send_key("home")
        term.wait_match(r"rows 1-13 cols A-M")
        assert term.find("0 of"), term.dump()


def test_the_replay_side_panel_s_scroll_keys_are_buttons_doing_what_the_keys_do(
        state: Path, tmp_path: Path):
    """The side panel named the scroll keys in one line, "scroll  up/dn PgUp/Dn S-arrows",
    the one line of keys there a click did nothing on: it has the bar's scroll buttons now,
    a pair a line, each pair where the board goes on past the screen that way."""
    with start(play_command(str(large_16(tmp_path))), state, rows=16, cols=110) as term:
        start_watching(term)
        term.send(" ")  # (paused: the view stays where the clicks put it)
        term.wait_text("paused")
        term.send_key("home")
        term.wait_match(r"rows 1-12 cols A-N")
        assert "S-arrows" not in term.text and term.find("Replay paused"), term.dump()
        term.click_text("PgDn")  # (a page, less a row kept in sight, as far as the board goes)
        term.wait_match(r"rows 4-15 cols A-N")
        term.click_text("PgUp")
        term.wait_match(r"rows 1-12 cols A-N")
        term.click_text("S-Right")
        term.wait_match(r"rows 1-12 cols B-O")
        term.click_text("left ")  # (on the word as on the key: the whole item is the button)
        term.wait_match(r"rows 1-12 cols A-N")


def test_the_replay_over_its_keys_do_what_the_list_says_and_a_pause_is_called_one(
        state: Path, tmp_path: Path):
    """Over, the replay listed only start and back, but space still put "paused" on the
    panel and + and - changed the speed; back at the start while paused, the panel said
    "Solver at work" over step 0. Over, the keys that ran the replay do nothing; help is
    listed (F1 and H worked, unnamed); a replay standing still is called paused."""
    with start(play_command(str(large_16(tmp_path))), state, rows=16, cols=110) as term:
        start_watching(term)
        term.send_key("enter")
        term.wait_text("Solver finished", timeout=40)
        term.wait_match(r"help\s+F1 H\s+back\s+q")
        before = term.text
        assert re.search(r"start\s+Home", before) and "faster" not in before, term.dump()
        assert "paused" not in before
        for key in (" ", "+", "-", ".", "\r"):
            term.send(key)
        term.send("H")  # (read after them: once the help shows, they have been handled)
        term.wait_text("· Help")
        term.send("q")
        term.wait_text("Solver finished")
        assert term.text == before
        term.send_key("home")  # (the replay again: its keys act again)
        term.wait_text("Solver at work")
        term.wait_text("faster")
        assert re.search(r"pause\s+space", term.text), term.dump()
        term.send(" ")
        term.wait_text("Replay paused")
        # (standing still, space plays it on: the list said "pause" still)
        assert re.search(r"play\s+space", term.text), term.dump()
        assert not re.search(r"pause\s+space", term.text), term.dump()
        term.send_key("home")
        term.wait_match(r"Step\s+0 of ")
        assert "Replay paused" in term.text and "Solver at work" not in term.text, term.dump()
        term.send(" ")
        term.wait_text("Solver at work")
        term.wait_match(r"pause\s+space")


def test_the_replay_side_panel_names_scroll_buttons_where_the_board_goes_on():
    from numbrix_curses.ui.watch import SCROLL_ACROSS, SCROLL_DOWN, panel_keys

    def names(grid: GridLayout, finished: bool) -> list[list[str]]:
        return [[key.what for key in line] for line in panel_keys(grid, finished)]

    both = GridLayout.for_board(15, 15).window(5, 7)
    assert panel_keys(both, False)[3:5] == (SCROLL_DOWN, SCROLL_ACROSS)
    assert names(both, True) == [["start"], ["up", "down"], ["left", "right"], ["mouse"],
                                 ["help", "back"]]  # (over: scrolling is still to be done)
    across = GridLayout.for_board(15, 15).window(15, 9)
    assert names(across, True) == [["start"], ["left", "right"], ["mouse"], ["help", "back"]]
    assert names(GridLayout.for_board(5, 5), False) == [
        ["faster", "slower"], ["pause", "step"], ["end", "start"], ["help", "back"]]


def test_the_replay_bar_names_a_pair_of_scroll_buttons_only_where_both_fit():
    """Over, the replay's bar has a single key line: left without right would strand the
    view, so each pair goes whole or not at all (the dashed edges scroll too)."""
    from numbrix_curses.ui.watch import SCROLL_ACROSS, SCROLL_DOWN, bar_keys

    window = GridLayout.for_board(15, 15).window(5, 7)  # (both ways cut)
    running = [key.what for key in bar_keys(window, False, 40)]
    assert running == ["faster", "slower", "pause", "end", "up", "down", "start", "back"]
    over = bar_keys(window, True, 40)
    assert [key.what for key in over] == ["up", "down", "start", "back"]
    assert sum(len(key.keys) + len(key.what) + 3 for key in over) - 2 <= 40
    assert bar_keys(window, True, 70)[:4] == SCROLL_DOWN + SCROLL_ACROSS
    across = GridLayout.for_board(15, 15).window(15, 9)  # (the columns alone cut)
    assert bar_keys(across, True, 50)[:2] == SCROLL_ACROSS
    assert [key.what for key in bar_keys(GridLayout.for_board(5, 5), True, 80)] == [
        "start", "help", "back"]  # (a board in sight whole: nothing to scroll)


def test_the_replay_bar_names_help_only_where_its_key_line_has_room_for_it():
    """Help goes on the bar between start and back where the whole key line has room for
    it; it takes the place of no other key (F1 and H work unnamed)."""
    from numbrix_curses.ui.watch import bar_keys

    fits = GridLayout.for_board(5, 5)
    assert [key.what for key in bar_keys(fits, False, 80)] == [
        "faster", "slower", "pause", "end", "start", "help", "back"]
    assert "help" not in [key.what for key in bar_keys(fits, False, 60)]  # (a line over)
    assert [key.what for key in bar_keys(fits, True, 40)] == ["start", "help", "back"]
    window = GridLayout.for_board(15, 15).window(5, 7)
    assert [key.what for key in bar_keys(window, True, 40)] == ["up", "down", "start", "back"]


def _wide_5x20(tmp_path: Path) -> Path:
    """A 5x20 board with one solution (a path snaking row by row, every fifth number given),
    in a file of its own: at 40 columns its replay goes on past the screen sideways only."""
    rows = []
    for r in range(5):
        numbers = [r * 20 + c + 1 for c in range(20)]
        rows.append(numbers if r % 2 == 0 else numbers[::-1])
    given = {100} | set(range(1, 101, 5))
    path = tmp_path / "wide.txt"
    path.write_text("# id: wide\n" + "".join(
        " ".join(str(n) if n in given else "." for n in row) + "\n" for row in rows))
    return path


def test_the_replay_bar_at_40_columns_has_buttons_to_scroll_across(state: Path,
                                                                    tmp_path: Path):
    """At 40 columns "S-Left left  S-Right right" had no room beside "Home start  q back",
    so a board going on past the screen sideways had no button to scroll it: the pair is
    there as its keys alone, and a click on each scrolls that way."""
    from numbrix_curses.ui.watch import SCROLL_ACROSS, SCROLL_ACROSS_SHORT, bar_keys

    across = GridLayout.for_board(5, 20).window(5, 7)  # (the columns alone cut)
    assert bar_keys(across, True, 40)[:2] == SCROLL_ACROSS_SHORT
    assert bar_keys(across, True, 46)[:2] == SCROLL_ACROSS  # (the words where they fit)
    with start(play_command(str(_wide_5x20(tmp_path))), state, rows=24, cols=40) as term:
        start_watching(term)
        term.send_key("enter")
        term.wait_text("Done:", timeout=20)
        term.wait_text("S-Left  S-Right  Home start  q back")
        first, last = term.wait_match(r"cols ([A-T])-([A-T])").groups()
        assert first != "A", term.dump()  # (the view followed the replay away from A)

        def shifted(by: int) -> str:
            return f"cols {chr(ord(first) + by)}-{chr(ord(last) + by)}"

        term.click_text("S-Left")
        term.wait_text(shifted(-1))
        term.click_text("S-Right")
        term.wait_text(shifted(0))


def test_edge_scroll_is_a_page_past_a_dashed_edge_and_nothing_elsewhere():
    from numbrix_curses.ui.actions import MoveCursor
    from numbrix_curses.ui.watch import edge_scroll

    window = GridLayout.for_board(20, 20).compacted().window(10, 8).scrolled_to(5, 0).at(2, 1)
    y, x = window.cell_origin(5, 3)
    assert edge_scroll(window, y - 1, x) == MoveCursor(-9, 0)  # the top edge: more above
    y, x = window.cell_origin(7, 7)
    assert edge_scroll(window, y, x + window.cell_width) == MoveCursor(0, 7)  # the right
    assert edge_scroll(window, y, x) is None  # a cell in sight
    y, x = window.cell_origin(7, 0)
    assert edge_scroll(window, y, x - 1) is None  # the left edge: the board's own, solid


def test_the_replay_stands_still_under_the_help(state: Path, tmp_path: Path):
    """The help over the replay let it run on unseen, then jump hundreds of steps."""
    with start(play_command(str(large_16(tmp_path))), state, rows=30, cols=100) as term:
        start_watching(term)
        term.send(" ")  # paused: the step count stands
        term.wait_text("paused")
        step = term.wait_match(r"([\d,]+) of [\d,]+ ·").group(1)
        on = time.monotonic()
        term.send(" ")  # on again, then the help over it for a while
        term.send("H")
        term.wait_text("· Help")
        running = time.monotonic() - on
        time.sleep(2.0)  # (the time under the help is what is tested)
        on = time.monotonic()
        term.send("q")
        term.wait_text("of")
        term.send(" ")
        term.wait_text("paused")
        running += time.monotonic() - on
        shown = int(term.wait_match(r"([\d,]+) of [\d,]+ ·").group(1).replace(",", ""))
        # at most the steps of the time it was seen running (at the default speed), with
        # half a second to spare: the two seconds under the help would make up more
        made = shown - int(step.replace(",", ""))
        assert made <= SPEEDS[DEFAULT_SPEED] * (running + 0.5), (made, running, term.dump())


# ----- 10. a board too large for its walls is drawn compact --------------------------------------
def test_layout_prefers_walls_then_compact_then_a_compact_window():
    def plan(rows: int, cols: int, height: int = 24, width: int = 80):
        return plan_layout(height, width, GridLayout.for_board(rows, cols), 8, 12).grid

    nine = plan(9, 9)
    assert not nine.compact and not nine.scrolled  # walls whenever they fit
    fifteen = plan(15, 15)
    assert fifteen.compact and not fifteen.scrolled  # all 225 cells on 80x24
    assert fifteen.width <= 80 and fifteen.top + fifteen.height <= 24 - 3
    big = plan(30, 30)
    assert big.compact and big.scrolled
    walled = GridLayout.for_board(30, 30).cells_within(24 - 1 - 3, 80)
    assert big.rows * big.cols > 2 * walled.rows * walled.cols  # a window worth having
    assert plan(15, 15, 43, 132).compact is False  # a large screen keeps the walls


def test_a_click_on_any_column_of_a_compact_cell_selects_it():
    grid = GridLayout.for_board(15, 15).compacted().at(2, 1)
    for row, col in [(0, 0), (7, 3), (14, 14)]:
        y, x = grid.cell_origin(row, col)
        assert all(cell_at(grid, y, x + dx) == SelectCell(row, col) for dx in range(grid.cell_width))
    assert cell_at(grid, 2, 5) is None  # the frame
    assert cell_at(grid, 2 + 16, 5) is None  # the bottom of the frame


def test_the_dashed_edges_of_a_scrolled_window_stand_for_the_cells_past_them():
    window = GridLayout.for_board(20, 20).compacted().window(10, 10).scrolled_to(5, 0).at(2, 1)
    y, x = window.cell_origin(5, 3)  # the window's first row, fourth column
    assert cell_at(window, y - 1, x) == SelectCell(4, 3)  # the top edge: more above
    y, x = window.cell_origin(14, 3)  # its last row
    assert cell_at(window, y + 1, x + 2) == SelectCell(15, 3)  # the bottom edge: more below
    y, x = window.cell_origin(7, 9)  # its last column
    assert cell_at(window, y, x + window.cell_width) == SelectCell(7, 10)  # the right edge
    y, x = window.cell_origin(7, 0)
    assert cell_at(window, y, x - 1) is None  # the left edge: the board's own, solid
    whole = GridLayout.for_board(15, 15).compacted().at(2, 1)
    y, x = whole.cell_origin(14, 3)
    assert cell_at(whole, y + 1, x) is None  # a board in sight whole has nothing past it


def test_a_twenty_by_twenty_fits_100x30_whole_with_narrower_cells(state: Path, tmp_path: Path):
    """At 100x30 a 20x20's compact cells (five columns) left column T off screen, to scroll
    to; cells one column narrower show it all, and play as any board does."""
    path = tmp_path / "twenty.txt"
    path.write_text("1" + " ." * 19 + "\n" + (". " * 20 + "\n") * 18 + ". " * 19 + "400\n")
    term = start(play_command(str(path)), state, rows=30, cols=100)
    board = Board(term, 4, compact=True)
    with term:
        term.wait_text("q quit")
        board.wait_shown()
        assert " rows " not in term.lines[0] and " cols " not in term.lines[0]
        assert term.lines[board.origin()[0] - 1].split() == [chr(ord("A") + i) for i in range(20)]
        assert board.number(0, 0) == "1" and board.number(19, 19) == "400"
        board.click(12, 19)  # the last column, which did not show
        term.send("7")
        board.wait_cell(12, 19, "7")
        term.resize(30, 80)  # narrower still: the window scrolls, with roomier cells
        term.wait_match(r"Numbrix . twenty.txt . rows \d+-\d+ cols [A-Z]-T")


def test_a_ten_by_twenty_keeps_its_walls_at_120x40_with_narrower_cells(state: Path,
                                                                        tmp_path: Path):
    """A 10x20's walled cells (five columns and a wall each) made it one column too wide
    for 120 columns, and it was drawn without walls, so without its path. Cells a column
    narrower keep the walls: the path is drawn, and clicks land on the cells."""
    assert not plan_layout(40, 120, GridLayout.for_board(10, 20), 8, 12).grid.compact
    path = tmp_path / "wide.txt"
    path.write_text("1" + " ." * 19 + "\n" + (". " * 20 + "\n") * 8 + ". " * 19 + "200\n")
    term = start(play_command(str(path)), state, rows=40, cols=120)
    board = Board(term, 4)
    with term:
        term.wait_text("q quit")
        board.wait_shown()
        assert board.number(0, 0) == "1" and board.number(9, 19) == "200"
        board.click(0, 0)
        term.send_key("shift-right")  # draws 2, the path through the wall between
        board.wait_cell(0, 1, "2")
        y, x = board.cell_yx(0, 1)
        assert term.lines[y][x - 1] == "━"
        assert term.lines[y][x - 5 : x - 1] == "   1"  # the number against its wall
        board.click(9, 18)  # the last row, the next to last column
        term.send("199")
        board.wait_cell(9, 18, "199")
        y, x = board.cell_yx(9, 19)
        assert term.lines[y][x - 1] == "━"  # ...joined up to the 200


def test_fifteen_by_fifteen_fits_80x24_and_plays_by_click(state: Path, tmp_path: Path):
    term = start(play_command(str(large_16(tmp_path))), state)
    board = Board(term, 5, compact=True)
    with term:
        term.wait_text("q quit")
        board.wait_shown()
        assert " rows " not in term.lines[0]  # the title names no window: all of it shows
        blank = next((r, c) for r in range(14, -1, -1) for c in range(14, -1, -1)
                     if board.text(r, c) == "·")
        y, x = board.cell_yx(*blank)
        term.click(y, x + 2)
        term.wait_for(lambda: board.is_cursor(*blank), what="the clicked cell selected")
        term.send("7")
        term.send_key("enter")
        board.wait_cell(*blank, "7")
        term.send("u")
        board.wait_cell(*blank, "·")


def test_a_board_that_fills_the_screen_keeps_every_key_in_sight(state: Path, tmp_path: Path):
    """A 15x15 on 80x24 has the three-line bar under it, one key line: drawing, the next
    number, fill, reveal, pause, moves and watch showed nowhere. They take the row over
    the key line while no message needs it, and a click on one does what its key does."""
    with start(play_command(str(large_16(tmp_path))), state) as term:
        term.wait_text("q quit")
        term.wait_text("Shift-arrows draw")
        # (and "0-9 type", for which the key line has no room, on the bar's row to spare)
        assert term.find("Shift-arrows draw")[0] == term.find("0-9 type")[0] - 1 \
            == term.find("q quit")[0] - 2, term.dump()
        term.click_text("p pause")
        term.wait_text("paused")
        term.wait_text("Paused: click the board, p or Esc.")  # a one-line message leaves them be
        assert "Shift-arrows draw" in term.text and "v watch" in term.text, term.dump()
        term.send("p")
        first_hint(term)  # a hint of two lines takes their row
        term.wait_text("? again places it.", timeout=30)
        term.wait_gone("Shift-arrows draw")
        term.send_key("escape")
        term.wait_text("Shift-arrows draw")


def test_a_short_screen_shows_the_keys_in_the_rows_no_message_needs(state: Path, demo: Path):
    """On a 14-row screen the panel beside a 4x4 has no rows for both the message and the
    keys: the first game's tip leaves one, which shows help and quit; once the tip goes the
    keys take the message's rows, and a message coming later takes them back while it
    shows, help and quit staying in sight throughout."""
    with start(play_command(str(demo)), state, rows=14, cols=70) as term:
        wait_play(term)
        term.wait_text("Fill in 1 to 16")
        term.wait_match(r"help +F1 H +quit +q")
        term.send_key("escape")  # (a key past moving the cursor)
        term.wait_gone("Fill in 1 to 16")
        term.wait_text("undo    u")  # the tip's rows hold keys now
        term.wait_match(r"help +F1 H +quit +q")
        help_row = term.find("quit    q")[0]
        term.click_text("undo    u")  # a click on a key there does what the key does
        term.wait_text("Nothing to undo")
        assert term.find("quit    q")[0] == help_row
        term.send("q")
        expect_exit(term)


def test_the_bar_keeps_undo_and_redo_on_one_line_when_its_keys_wrap(state: Path):
    """At 60x16, under a 7x10 board, "u undo" was on the key line and "r redo" at the
    start of the line over it: a pair read apart. They go over the key line together,
    every key still in sight, and a click on each does what its key does."""
    with start(app_command("play", "--puzzle", "40"), state, rows=16, cols=60) as term:
        term.wait_text("q quit")
        term.wait_text("v watch")
        undo, redo = term.find("u undo"), term.find("r redo")
        assert undo is not None and redo is not None and undo[0] == redo[0], term.dump()
        assert term.find("q quit")[0] == 15 and undo[0] < 15
        for key in ("0-9 type", "c check", "? hint", "Shift-arrows draw", "n next",
                    "N pencil", "f fill", "S reveal", "p pause", "m moves", "F1 help"):
            assert key in term.text, (key, term.dump())
        term.click_text("r redo")
        term.wait_text("Nothing to redo")


@pytest.mark.parametrize("rows, cols, typed", [(24, 80, True), (30, 100, True), (22, 80, False)])
def test_the_bar_shows_0_9_type_wherever_it_costs_no_row(state: Path, rows: int, cols: int,
                                                         typed: bool):
    """At 80x24, under a 15x15 board, the bar left out "0-9 type" (its key line a column
    short of room for it) with a row to spare over the key line; it goes there now. At
    100x30 it is on the key line; at 80x22 the one row over it is full, and it stays in
    the commands box (Tab more) rather than take a row from the board."""
    with start(app_command("play", "--puzzle", "large-13"), state, rows=rows, cols=cols) as term:
        term.wait_text("q quit")
        term.wait_text("v watch")
        assert ("0-9 type" in term.text) == typed, term.dump()
        for key in ("arrows move", "u undo", "r redo", "c check", "? hint", "Tab more",
                    "F1 help", "Shift-arrows draw", "n next", "N pencil", "f fill",
                    "S reveal", "p pause", "m moves"):
            assert key in term.text, (key, term.dump())
        top, bottom = term.find("┌")[0], term.find("┘")[0]
        assert bottom - top - 1 == 15, term.dump()  # (every row of the board in sight)
        assert term.find("15x15 · 48/225")[0] == bottom + 1
        if typed:
            term.click_text("0-9 type")  # (a button, as on the key line)
            term.wait_text("Number pad")


def test_a_narrow_tall_window_shows_every_key_under_the_board_and_centres_it(state: Path,
                                                                             demo: Path):
    """A 4x4 in a window 40 columns wide and 40 rows high (no room for the side panel):
    the board sat at the top with 30 empty rows under a bar of one key line, and most keys
    showed nowhere. The bar now takes the rows its keys need, and the rest centre it all."""
    with start(play_command(str(demo)), state, rows=40, cols=40) as term:
        term.wait_text("q quit")
        for key in ("u undo", "c check", "? hint", "Shift-arrows draw", "n next", "f fill",
                    "S reveal", "p pause", "m moves", "v watch", "F1 help"):
            term.wait_text(key)
        status = term.find("4x4")[0]
        assert term.find("q quit")[0] == status + 5  # status, message, three key lines
        above = next(y for y, line in enumerate(term.lines) if y and line.strip())
        below = 39 - term.find("q quit")[0]
        assert abs(above - below) <= 2, term.dump()
        first_hint(term)  # a hint of three lines takes free rows under the bar, not the keys
        term.wait_message("? again places it.")
        assert all(key in term.text for key in ("v watch", "S reveal", "n next", "u undo"))
        assert term.find("4x4")[0] == status  # the board and bar stay where they were
        term.send_key("escape")
        term.wait_gone("? again")
        term.click_text("v watch")
        term.wait_text("Watch the solver solve it?")
        term.send("y")
        term.wait_text("Watching the solver")


def test_the_moves_under_a_board_with_rows_to_spare_are_a_list_to_click(state: Path,
                                                                         demo: Path):
    """At 50x40 (no room for the side panel) m gave a line of the latest moves over ten
    empty rows; where the rows allow, the bar lists them as the panel does."""
    term = start(play_command(str(demo)), state, rows=40, cols=50)
    board = Board(term, 4)
    with term:
        term.wait_text("q quit")
        board.click(0, 1)
        term.send("3")
        board.click(0, 2)
        term.send("2")
        board.wait_cell(0, 2, "2")
        term.send("m")
        term.wait_for(lambda: all(line in term.text for line in (
            "Moves: u r walk  [Esc close]", "0. start", "1. 3 at B1", "2. 2 at C1")),
            what="the moves listed")
        assert "v watch" in term.text  # the keys stay
        term.click_text("0. start")  # back to the start, as in the side panel
        board.wait_cell(0, 1, "")
        assert board.number(0, 2) == ""
        term.send_key("escape")
        term.wait_gone("Moves: u r walk")


def test_the_moves_beside_a_small_board_run_on_down_a_tall_screen(state: Path, demo: Path):
    """At 120x40 the moves list beside a 4x4 board showed ten moves ("... 8 earlier") over
    nine empty rows: it kept the panel's height, the board's. It runs on to the screen's foot."""
    term = start(play_command(str(demo)), state, rows=40, cols=120)
    board = Board(term, 4)
    with term:
        wait_play(term)
        keys_at = term.find("help    F1 H")[0]
        term.send("m")  # a short list keeps the key line where the keys had it
        term.wait_text("0. start")
        assert term.find("help    F1 H")[0] <= keys_at + 1, term.dump()  # (it went to the foot)
        term.send("m")
        term.wait_gone("0. start")
        board.click(0, 1)
        for _ in range(8):
            term.send("3")
            board.wait_cell(0, 1, "3")
            term.send(" ")
            board.wait_cell(0, 1, "")
        term.send("m")
        term.wait_for(lambda: all(line in term.text for line in (
            "Moves: u r walk  [Esc close]", "0. start", "1. 3 at B1", "16. B1 cleared (3)")),
            what="all the moves listed")
        assert "earlier" not in term.text, term.dump()
        term.send("u")  # (the keys the title names walk it)
        board.wait_cell(0, 1, "3")


def solve_three_by_hand(state: Path, tmp_path: Path, rows: int, cols: int) -> Terminal:
    """The app on a 3x3 (1 2 3 / 6 5 4 / 7 8 9) in a `rows` x `cols` terminal, solved by
    clicking its cells and typing."""
    path = tmp_path / "three.txt"
    path.write_text("# id: three\n1 . 3\n. . .\n. . 9\n")
    term = start(play_command(str(path)), state, rows=rows, cols=cols)
    board = Board(term, 3)
    term.wait_match(r"q quit|quit +q")  # (under the board, or beside it)
    for (row, col), number in {(0, 1): "2", (1, 0): "6", (1, 1): "5", (1, 2): "4",
                               (2, 0): "7", (2, 1): "8"}.items():
        board.click(row, col)
        term.send(number)
        board.wait_cell(row, col, number)
    term.wait_text("Solved")
    return term


def test_the_moves_of_a_puzzle_solved_by_hand_are_a_record_not_a_list_to_click(
        state: Path, tmp_path: Path):
    """Once solved by hand the board is final: its moves list said "click one", and a click
    was refused with "The puzzle is solved."; the bar said "u and r walk them"."""
    with solve_three_by_hand(state, tmp_path, 24, 80) as term:
        board = Board(term, 3)
        term.send("m")
        term.wait_for(lambda: all(line in term.text for line in (
            "Your moves  [Esc close]", "0. start", "6. 8 at B3")), what="the moves")
        assert "u r walk" not in term.text, term.dump()
        term.click_text("0. start")
        time.sleep(0.3)
        term.wait_for(lambda: board.number(1, 1) == "5", what="the board as solved")
        # (no refusal: "... R plays it again, g makes another like it." said a click
        # could do nothing there)
        assert "plays it again" not in term.flowing_text(), term.dump()
        # the wheel over it reads along it: the board's cursor stays (it moved it)
        cursor = re.search(r"Cell\s+\S+", term.text).group()
        term.wheel(*term.find("3. 5 at B2"), down=True)
        term.wheel(*term.find("3. 5 at B2"), down=True)
        time.sleep(0.3)
        term._read(0.2)
        assert re.search(r"Cell\s+\S+", term.text).group() == cursor, term.dump()
    # under the board, at 40x12, m shows the moves though the solve's message stands there
    with solve_three_by_hand(state, tmp_path, 12, 40) as term:
        term.send("m")
        term.wait_text("Moves: ")
        assert "u and r walk" not in term.text, term.dump()
        term.send("m")
        term.wait_text("Solved")


def test_the_moves_beside_a_board_on_a_short_screen_use_the_message_rows(state: Path):
    """At 60x16 the side panel kept six empty rows for a message and squeezed the moves into
    the last two ("... 4 earlier", "4. 12 at D1"); a list too long for the rows under them
    starts in them."""
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=16, cols=60) as term:
        term.wait_match(r"quit\s+q")
        for digits in ("9", "10", "11", "12"):
            term.send(digits)
            term.send_key("right")
        term.wait_match(r"Moves\s+4")
        term.send("m")
        listed = ["0. start", "1. 9 at A1", "2. 10 at B1", "3. 11 at C1", "4. 12 at D1"]
        term.wait_for(lambda: all(line in term.text for line in listed), what="every move")
        assert "earlier" not in term.text
        rows = [term.find(line)[0] for line in listed]
        assert rows == list(range(rows[0], rows[0] + 5)), term.dump()
        term.click_text("2. 10 at B1")  # back to the second move, as anywhere
        term.wait_match(r"Moves\s+2")
        # The wheel over the list walks it a move a notch, rather than move the cursor.
        cursor = re.search(r"Cell\s+\w+", term.text).group()
        term.wheel(*term.find("1. 9 at A1"), down=False)
        term.wait_match(r"Moves\s+1")
        term.wheel(*term.find("1. 9 at A1"), down=True)
        term.wheel(*term.find("1. 9 at A1"), down=True)
        term.wait_match(r"Moves\s+3")
        assert re.search(r"Cell\s+\w+", term.text).group() == cursor


def test_the_moves_under_a_board_that_fills_the_screen_are_a_list_to_click(state: Path,
                                                                           tmp_path: Path):
    """Where the moves list has no side panel to go in (a 16x16 on 80x24), m said "Widen
    the window to see the moves.", then gave a line of the latest ones, which could not be
    clicked as the help says; the list now takes rows from the board's view, as a long
    hint does."""
    with start(play_command(str(large_16(tmp_path))), state) as term:
        term.wait_text("q quit")
        term.send("1")
        term.send_key("right")
        term.send("2")
        term.send_key("enter")
        term.send("m")
        term.wait_for(lambda: all(line in term.text for line in (
            "Moves: u r walk  [Esc close]", "0. start", "1. 1 at A1", "2. 2 at B1")),
            what="the moves listed")
        assert "q quit" in term.text and "v watch" in term.text  # the keys stay
        term.click_text("1. 1 at A1")
        term.wait_text("1 move ")
        term.wheel(*term.find("0. start"), down=False)  # the wheel walks the list too
        term.wait_text("0 moves")
        term.send("m")
        term.wait_gone("Moves: u r walk")


def test_the_bar_under_a_board_counts_the_hints_as_the_side_panel_does(state: Path,
                                                                        tmp_path: Path):
    """The side panel says "Moves 0  (1 hint)"; the bar under a board that fills the
    screen never said a hint was had."""
    with start(play_command(str(large_16(tmp_path))), state) as term:
        term.wait_text("q quit")
        term.send("?")
        term.wait_text("Take a hint?")
        term.send("y")
        term.wait_match(r"15x15 · \d+/225 · 0 moves · \d+:\d\d · 1 hint")


def test_the_moves_under_a_board_on_a_short_screen_show_in_the_bar(state: Path,
                                                                   tmp_path: Path):
    """Short of rows for a list even with the board's view lent, the bar says the latest
    moves in a line."""
    with start(play_command(str(large_16(tmp_path))), state, rows=12, cols=80) as term:
        term.wait_text("q quit")
        term.send("1")
        term.send_key("right")
        term.send("2")
        term.send_key("enter")
        term.send("m")
        term.wait_text("Moves: 1. 1 at A1, 2. 2 at B1. u and r walk them, m closes.")
        term.send("u")
        term.wait_text("Moves: 1. 1 at A1; 1 move to redo (r). u and r walk them, m closes.")


def test_the_moves_asked_for_show_over_a_number_on_the_board_twice(state: Path):
    """At 40x12, with the cursor on a number typed twice, m showed nothing: the warning
    about the pair, said again on the cell at every key, took the moves' rows."""
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=12, cols=40) as term:
        term.wait_text("q quit")
        term.send("9")
        term.send_key("right")
        term.send("9")
        term.send_key("enter")
        term.wait_text("9 is on the board twice")
        term.send("m")
        term.wait_text("Moves: 1. 9 at A1, 2. 9 at B1.")
        term.send("m")  # closed, the warning is back on the cell
        term.wait_text("9 is on the board twice")


def test_a_click_on_a_message_under_the_board_gives_back_the_keys_it_covers(state: Path):
    """At 40x12 a message takes the row of "u undo  r redo  c check  ? hint": a player
    told "c again marks it" could not click c again, nor close the moves said in a line."""
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=12, cols=40) as term:
        term.wait_text("q quit")
        term.send("u")
        term.wait_text("Nothing to undo")
        assert "c check" not in term.text, term.dump()
        term.click(*term.find("Nothing to undo"))
        term.wait_text("c check")
        assert "Nothing to undo" not in term.text
        term.click(*term.find("c check"))  # (the keys act again)
        term.wait_text("No mistakes")
        term.send("9")
        term.send_key("enter")
        term.send("m")
        term.wait_text("m closes")
        term.click(*term.find("m closes"))  # the moves in a line: a click closes them
        term.wait_text("c check")
        term.send("m")
        term.wait_text("m closes")


def test_a_drag_draws_where_the_pointer_goes_though_a_message_comes_on_the_way(state: Path):
    """At 40x12 the message a drag brought ("10 does not follow 5") took a row from the
    board, which moved up under the pointer: the rest of the drag drew a row below where it
    went (11 at A5 for B4). The board stays put while the button is held."""
    with start(app_command("play", "--puzzle", "starter-2"), state, rows=12, cols=40) as term:
        board = Board(term, 4, compact=True)
        term.wait_text("q quit")
        # C4 holds 4; C5 and B5 below it: 5 drawn, then the given 10, then up to B4 and A4
        path = [board.cell_yx(r, c) for r, c in [(3, 2), (4, 2), (4, 1), (3, 1), (3, 0)]]
        term.drag(path)
        term.wait_text("10 does not follow 5")
        term.wait_for(lambda: "12" in term.text, what="12 drawn")
        # (read where the cells now are: the board may move once the button is up)
        assert [board.number(3, c) for c in range(3)] == ["12", "11", "4"], term.dump()
        assert "1 move " in term.text, term.dump()  # (the drag, one stroke)


def test_the_menu_closes_up_on_a_short_terminal(state: Path):
    """Nine items (with the games under way) and a blank line between each needed 21 rows:
    a 20-row terminal got only the too-small notice. Short of rows, the items close up."""
    with start(app_command(), state, rows=12, cols=46) as term:
        term.wait_text("[q] Quit")
        rows = [term.find(f"[{key}]")[0] for key in "lntshq"]
        assert rows == sorted(rows) and rows[-1] - rows[0] == 6  # one a row (o between), in order
        # a detail cut short ends at a word, marked
        assert "..." in term.text and "and check i" not in term.text
        term.resize(24, 80)
        # (either may be missing from a frame half drawn)
        term.wait_for(lambda: None not in (term.find("[q]"), term.find("[h]"))
                      and term.find("[q]")[0] - term.find("[h]")[0] == 2,
                      what="a blank line between items again")


def test_the_new_puzzle_form_closes_up_on_a_short_terminal(state: Path):
    """The form asked for 16 rows, a blank row between its fields: the menu fits 12 rows,
    and its New puzzle item led to the too-small notice. Short of rows, the fields close up
    and still take clicks."""
    with start(app_command(), state, rows=12, cols=60) as term:
        term.wait_text("[q] Quit")
        term.send("n")
        term.wait_text("Choose the puzzle to make:")
        rows = [term.find(name)[0] for name in ("Size", "Difficulty", "Shape", "Givens")]
        assert rows == list(range(rows[0], rows[0] + 4)), term.dump()
        assert "small" not in term.text
        size_row, _ = term.find("Size")
        more = term.lines[size_row].rindex(">")
        term.click(size_row, more)
        term.wait_for(lambda: "8x8" in term.lines[size_row], what="one size larger")
        term.resize(24, 80)  # room enough: a blank row between the fields again
        term.wait_for(lambda: None not in (term.find("Size"), term.find("Difficulty"))
                      and term.find("Difficulty")[0] - term.find("Size")[0] == 2,
                      what="a blank row between the fields")


def test_type_in_s_notes_under_the_size_are_whole_on_a_short_screen(state: Path):
    """On 12 to 14 rows the size form kept its blank rows between the fields, and the
    notes under it were cut mid-sentence ("r: the 9x9 grid being typed in when", "Or paste
    a whole puzzle: it brings its"). The fields close up for them now, and a note that
    still does not fit is left out whole, the kept grid's before the one on pasting."""
    folder = state / "numbrix-curses"
    folder.mkdir(parents=True)
    (folder / "typed-20261129-100000.txt").write_text("# id: typed\n1 . 3\n. . .\n. . .\n")
    kept = re.compile(r"r: the 3x3 grid being typed in when the app stopped \(.*?\)\.")
    paste = "Or paste a whole puzzle: it brings its size."
    with menu(state, rows=24, cols=80) as term:
        term.send("t")
        term.wait_text("r Kept")
        for rows, cols, both in ((24, 80, True), (14, 40, True), (13, 40, True),
                                 (12, 60, True), (12, 40, False), (11, 40, False)):
            term.resize(rows, cols)
            term.wait_for(lambda: term.find("Size of the grid:") is not None
                          and "Enter start" in term.lines[-1]
                          and kept.search(term.flowing_text()) is not None,
                          what=f"the kept grid's note whole at {rows}x{cols}")
            said = term.flowing_text()
            assert (paste in said) is both, term.dump()
            assert both or "Or paste" not in said, term.dump()  # (nor its first words)
        term.send("r")
        term.wait_said("The grid typed in when the app stopped (")


def test_a_narrow_menu_leaves_out_details_cut_to_nothing_and_prompts_keep_their_hint(
        state: Path):
    """At 40 columns the menu's details were "the bundled...", "generate...", "play a...",
    and the Open file prompt cut its hint ("Tab completes the path....") over empty rows."""
    with start(app_command(), state, rows=24, cols=40) as term:
        term.wait_text("[q] Quit")
        assert "..." not in term.text and "bundled" not in term.text
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        hint = term.flowing_text()
        assert "A relative path is read from" in hint and "..." not in hint, term.dump()
        term.send_key("escape")
        term.resize(24, 60)  # room enough: the details are back
        term.wait_text("the bundled puzzles")


def _open_file_rows(term: Terminal, message: str) -> str:
    """Why the Open file prompt's frame is wrong, or "": the hint (and `message`) end one
    blank row over the buttons, and under them, after a blank row, the folder's heading
    and as many of its lines as the screen has rows."""
    lines = term.lines
    where = term.find("Enter open   Tab complete   Esc back")
    if where is None:
        return "no buttons"
    buttons = where[0]
    if lines[buttons - 1].strip() or not lines[buttons - 2].strip():
        return "not one blank row between the hint and the buttons"
    if message and message not in " ".join(line.strip() for line in lines[:buttons]):
        return f"{message!r} not over the buttons"
    below = lines[buttons + 1:]
    if below and below[0].strip():
        return "no blank row under the buttons"
    if len(below) >= 3:
        if not below[1].startswith("  In ") or not below[1].rstrip().endswith(":"):
            return "no heading under the buttons"
        if [line[:4] for line in below[2:]] != ["    "] * (len(below) - 2) or not all(
                line.strip() for line in below[2:]):
            return "a row of the list empty or out of line"
    return ""


def test_open_file_s_list_takes_the_rows_no_message_needs_on_a_short_screen(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """On 14 rows or fewer the list of the folder's files had a line or two, or none, while
    the rows kept for a message between the hint and the buttons stood empty. They go to the
    list now; an error after a bad path still shows whole over the buttons, and nothing
    overlaps, from 40 to 80 columns."""
    for n in range(1, 10):
        (tmp_path / f"p{n}.txt").write_text(f"# id: n{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)  # (the folder listed)
    with menu(state) as term:
        term.send("o")
        term.wait_text("p9.txt")
        for message in ("", "nope.txt: no such file"):
            if message:
                term.resize(24, 80)
                term.send("nope.txt")
                term.send_key("enter")
                term.wait_text(message)
            for rows in range(10, 15):
                for cols in range(40, 81, 10):
                    term.resize(rows, cols)
                    if rows < 11:  # (the prompt needs 11 rows: the notice says so)
                        term.wait_text("Terminal too small")
                        continue
                    term.wait_for(lambda: not _open_file_rows(term, message),
                                  what=f"the frame at {rows}x{cols} with {message!r}")


@pytest.mark.parametrize("rows", [12, 14])
def test_open_file_s_hint_is_shortened_for_its_list_on_a_short_narrow_screen(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rows: int):
    """At 40 columns the hint took five rows, and on 12 to 14 rows none was left for the
    list of files it says a click opens. Short of rows the hint says that alone, in a line,
    and the list has the rest: a file is in sight on 14 rows, and on 12 (where the prompt
    takes the blank row under the title for it)."""
    for n in range(1, 7):
        (tmp_path / f"p{n}.txt").write_text(f"# id: n{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)  # (the folder listed)
    with menu(state, rows=rows, cols=40) as term:
        term.send("o")
        term.wait_text("more below")
        assert "A click on a file below opens it." in term.text, term.dump()
        assert "A relative path" not in term.text, term.dump()
        assert not _open_file_rows(term, ""), term.dump()
        term.click_text("p1.txt")
        term.wait_text("Numbrix · n1")


@pytest.mark.parametrize("cols", [40, 80])
def test_open_file_s_list_shows_a_file_on_twelve_rows(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cols: int):
    """On 12 rows, the hint cut to its one line, the list had two rows: '..' over "... 6
    more below", no file in sight, a click away. The prompt rises into the blank row under
    the title there, and the list has three, a file among them; on 13 rows and more, where
    the list has them anyway, the blank row stays."""
    for n in range(1, 7):
        (tmp_path / f"p{n}.txt").write_text(f"# id: n{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)  # (the folder listed)
    with menu(state, rows=12, cols=cols) as term:
        term.send("o")
        term.wait_text("more below")
        assert term.find("Path of a puzzle file:")[0] == 1, term.dump()
        assert term.lines[-3].strip() == "..", term.dump()
        assert term.lines[-2].strip() == "p1.txt", term.dump()
        assert term.lines[-1].strip() == "... 5 more below", term.dump()
        assert not _open_file_rows(term, ""), term.dump()
        term.resize(13, cols)
        term.wait_for(lambda: term.find("Path of a puzzle file:") == (2, 2),
                      what="the blank row under the title back")
        assert "p1.txt" in term.text and not _open_file_rows(term, ""), term.dump()
        term.resize(12, cols)
        term.wait_for(lambda: term.find("Path of a puzzle file:") == (1, 2),
                      what="the prompt raised again")
        term.click_text("p1.txt")
        term.wait_text("Numbrix · n1")


def test_a_title_cut_short_says_so(state: Path, tmp_path: Path):
    """At 40 columns the watch screen's title ended mid-name ("...solver on 30x30-m"). A
    name too long even for the title's fewer words is cut there, and says so."""
    path = tmp_path / "seven.txt"
    path.write_text("# id: a-rather-long-name-for-seven-by-seven\n" + "1 . . . . . .\n"
                    + ". . . . . . .\n" * 6)
    with start(play_command(str(path)), state, rows=24, cols=40) as term:
        term.wait_text("quit")
        term.send("v")
        term.wait_text("Watch the solver")
        term.send("y")
        term.wait_text("Solver on a-rather-long-name-for-seve...")
        assert len(term.lines[0].strip()) == 40


def test_a_title_with_a_tab_in_the_id_is_centred_as_shown(state: Path, tmp_path: Path):
    """A puzzle's id with a tab and a right-to-left override, shown as "^I" and
    "\\u202e", stood three columns right of the middle: it was centred by the width of
    the characters it holds, not of what the screen shows."""
    path = tmp_path / "odd.txt"
    path.write_text("# id: ab\tcd\u202eEVIL\n1 . 3\n. . .\n7 . 9\n")
    with start(play_command(str(path)), state, rows=14, cols=40) as term:
        term.wait_text("quit")
        title = "Numbrix · ab^Icd\\u202eEVIL"
        assert term.lines[0].strip() == title, term.dump()
        left = term.lines[0].index(title)
        assert left == (40 - len(title)) // 2, term.dump()


def test_a_puzzle_s_name_goes_whole_in_a_narrow_title_without_the_app_s(state: Path,
                                                                         tmp_path: Path):
    """At 26 columns the title read "Numbrix · 5x5-medium-1...", the name cut though it
    fits alone: the app's name goes first. A name with tabs, shown as "^I", too long even
    alone, is cut as it is shown."""
    path = tmp_path / "five.txt"
    # (one solution: a verdict of several would take rows, and the board a part of view)
    path.write_text("# id: 5x5-medium-12-again\n1 . . . 5\n")
    with start(play_command(str(path)), state, rows=11, cols=26) as term:
        term.wait_text("quit")
        assert term.lines[0].strip() == "5x5-medium-12-again", term.dump()
    path = tmp_path / "tabs.txt"
    path.write_text("# id: " + "a\t" * 12 + "\n1 . . . 5\n")
    with start(play_command(str(path)), state, rows=11, cols=26) as term:
        term.wait_text("quit")
        title = term.lines[0].strip()
        assert re.fullmatch(r"Numbrix · (a\^I)+a?\.\.\.", title), term.dump()


def test_a_long_name_over_a_board_that_scrolls_is_cut_rather_than_left_out(state: Path,
                                                                            tmp_path: Path):
    """At 30 columns a generated puzzle's title over the part of its board in view read
    "Numbrix · rows 1-5 cols A-F": its name, "7x7-easy-874132381", was cut to nothing to
    keep the app's. The app's name goes first, and the puzzle's is cut, saying so."""
    path = tmp_path / "long.txt"
    path.write_text("# id: 9x9-easy-874132381\n" + NEWSPAPER_9X9)
    with start(play_command(str(path)), state, rows=12, cols=30) as term:
        term.wait_text("quit")
        term.wait_for(lambda: re.fullmatch(r"9x9-eas\.\.\. · rows \d-\d cols [A-I]-[A-I]",
                                           term.lines[0].strip()) is not None,
                      what="the name cut, not left out")


def test_a_title_cut_short_keeps_its_words_whole(state: Path, tmp_path: Path):
    """The watch screen's title, cut to make room for the part of the board in view, ended
    mid-word: "Watching th..." at 44 columns, "Watchin..." at 40. It is said in fewer
    words first ("Solver on np"; at 40 it read "Numbrix · rows 1-5 cols A-F", nothing left
    to tell the replay from the game), and then in one, "Solver"."""
    path = tmp_path / "np.txt"
    path.write_text("# id: np\n" + NEWSPAPER_9X9)
    with start(play_command(str(path)), state, rows=12, cols=44) as term:
        term.wait_text("quit")
        term.send("v")
        term.wait_text("Watch the solver")
        term.send("y")
        term.wait_for(lambda: re.match(r" *Numbrix · Solver on np · rows \d-\d cols",
                                       term.lines[0]) is not None, what="the fewer words")
        term.resize(12, 40)
        term.wait_for(lambda: re.match(r" *Solver on np · rows \d-\d cols", term.lines[0])
                      is not None, what="the fewer words without the app's name")
        term.resize(12, 30)  # ("Solver", rather than "Solver...": it says as much)
        term.wait_for(lambda: re.match(r" *Solver · rows \d-\d cols", term.lines[0])
                      is not None, what="the shortest words whole")
        term.resize(12, 26)  # (it read "rows 1-5 cols C-G", the replay not named)
        term.wait_for(lambda: re.match(r" *Solver · rows \d-\d cols", term.lines[0])
                      is not None, what="the shortest words whole at 26 columns")


def test_a_verdict_too_long_for_the_side_panel_is_said_in_fewer_words(state: Path,
                                                                       tmp_path: Path):
    """At 45x20 the verdict on a puzzle with no solution, beside the board, was cut after
    the rows of the key list ("...typed out of place. It is..."), its fixes lost; the
    panel takes the longest wording it shows whole, as the bar under a board does."""
    path = tmp_path / "rows.txt"
    path.write_text("# id: rows\n1 . 3\n. . .\n. 9 .\n")  # (rows 2 and 3 swapped)
    with start(play_command(str(path)), state, rows=20, cols=45) as term:
        term.wait_text("quit")
        left = term.panel_left()
        term.wait_for(lambda: "Likely fix" in term.flowing_text(left), 15, "the likely fix")
        said = term.flowing_text(left)
        assert "Likely fix: swap rows 2 and 3." in said and "..." not in said, term.dump()


def test_the_library_title_too_wide_leaves_out_the_app_s_name_first(state: Path,
                                                                    tmp_path: Path):
    """At 34 columns the library's title read "Numbrix · Puzzle li... · 1-6 of 62", then
    "Numbrix · Puzzle... · 1-6 of 62": the app's name, which the player knows, goes
    before the screen's is cut. At 26 columns, scrolled down, it read "Numbrix · 58-62 of
    62", the screen's name left out: it goes by its short name there, and a file's list
    by the file's base name, where its path does not fit (with the app's name where that
    fits too)."""
    with start(app_command(), state, rows=11, cols=34) as term:
        term.wait_text("Quit")
        term.send("l")
        term.wait_for(lambda: re.match(r" *Puzzle library · 1-\d+ of \d+ *$",
                                       term.lines[0]) is not None, what="the title whole")
        term.resize(11, 26)
        term.send_key("end")
        term.wait_for(lambda: re.match(r" *Library · \d+-62 of 62 *$", term.lines[0])
                      is not None, what="the short name")
    path = tmp_path / "week.txt"
    path.write_text("".join(f"# id: w{k}\n1 . 3\n. . .\n7 . 9\n\n" for k in range(1, 9)))
    with start(play_command(str(path)), state, rows=11, cols=26) as term:
        term.wait_for(lambda: re.match(r" *week\.txt · 1-\d of 8 *$", term.lines[0])
                      is not None, what="the file's name")
        term.resize(24, 26)  # (all in view: "Numbrix · /tmp/pytest-o..." before)
        term.wait_for(lambda: term.lines[0].strip() == "Numbrix · week.txt",
                      what="the file's name with the app's")


def test_the_library_s_message_is_balanced_over_its_lines(state: Path):
    """At 40 columns a key that does nothing in the library was said as "Z does nothing
    here; F1 or H lists" over "the keys.", a stub of a line; the two lines are even now."""
    with start(app_command(), state, rows=14, cols=40) as term:
        term.wait_text("Quit")
        term.send("l")
        term.wait_text("starter-1")
        term.send("Z")
        term.wait_said("Z does nothing here; F1 or H lists the keys.")
        said = [line.strip() for line in term.lines if line.strip()
                and line.strip() in "Z does nothing here; F1 or H lists the keys."]
        assert said == ["Z does nothing here;", "F1 or H lists the keys."], term.dump()


def test_a_paste_refused_keeps_its_place_and_the_blanks_each_on_one_line(state: Path):
    """At 40 columns the type-in screen said "The pasted text is not a puzzle (line 1,"
    over "column 5): 'x' is not a number or": the place a paste went wrong, and the list
    of blanks "(. _ - ? 0)", each read as one, on one line."""
    term = menu(state, rows=14, cols=40)
    with term:
        type_in(term, "3", "3")
        term.paste("1 . x\n. . .\n. . 9\n")
        term.wait_said("The pasted text is not a puzzle (line 1, column 5): 'x' is not a "
                       "number or a blank (. _ - ? 0)")
        assert "(line 1, column 5):" in term.text, term.dump()
        assert "(. _ - ? 0)" in term.text, term.dump()


@pytest.mark.parametrize("rows, cols", [(24, 80), (12, 46), (10, 40)])
def test_a_menu_message_is_read_whole_where_rows_are_left(state: Path, rows, cols):
    """A long message under the menu's items lost its second line under the footer, and on
    a terminal just tall enough for the items it was not shown at all (then: its first
    line, marked as cut; now the items scroll to give it the rows it needs)."""
    games = state / "numbrix-curses" / "games"
    games.mkdir(parents=True)
    (games / "broken.json").write_bytes(b"\x00\x01garbage")
    scrolled = rows <= 10  # seven items, the title and its blank row: one row is left at 10
    with start(app_command(), state, rows=rows, cols=cols) as term:
        term.wait_text("[l] Puzzle library")
        term.wait_for(lambda: "corrupt-" in term.text, what="the message's last line")
        lines = term.lines
        first = next(i for i, line in enumerate(lines) if "A saved file" in line)
        last_item = term.find("more below" if scrolled else "[q]")
        assert last_item is not None and first > last_item[0]  # under the items, none covered
        message = " ".join(line.strip() for line in lines[first:]
                           if line.strip() and "arrows and Enter" not in line)
        assert message.startswith("A saved file could not be read ("), lines
        assert "set aside as broken.json.corrupt-" in message, lines
        assert "..." not in message, lines
        term.send("q")
        expect_exit(term)


def test_the_help_keeps_its_place_when_the_width_changes(tmp_path: Path):
    """Opened at "Watching the solver" on a narrow screen and widened, it showed a wrapped
    line of the entry before that section at the top, with its key out of view."""
    from numbrix_curses.savestate import Store
    from numbrix_curses.ui.help import HelpScreen
    from numbrix_curses.ui.screen import AppContext

    screen = HelpScreen(AppContext(Store(tmp_path)))
    screen._rewrap(38)
    screen.top = [text for text, _ in screen.lines].index("Watching the solver")
    screen._rewrap(80)
    assert screen.lines[screen.top][0] == "Watching the solver"
    # a wrapped line at the top: its entry leads the page, from its key
    screen._rewrap(38)
    paste = next(i for i, (text, kind) in enumerate(screen.lines)
                 if kind == 2 and text.split()[0] == "paste")
    assert screen.lines[paste + 1][1] == 0  # (the entry wraps at this width)
    screen.top = paste + 1
    screen._rewrap(60)
    assert screen.lines[screen.top][0].split()[0] == "paste"


def test_the_replay_status_line_drops_a_part_rather_than_cut_it(state: Path, tmp_path: Path):
    """At 40x12 the line read '114 of 1,118 · 200 steps/s  paused · uni'."""
    with start(play_command(str(large_16(tmp_path))), state, rows=12, cols=40) as term:
        start_watching(term)
        term.send(" ")  # paused, so the line stays (the end's message would take its row)
        # the search over (the count of steps no longer "1,861+"), its verdict due on the line
        status = r"[\d,]+ of [\d,]+ · .*"
        term.wait_for(lambda: "+" not in term.wait_match(status).group(), what="the search over")
        line = term.wait_match(status).group().strip()
        assert line.endswith(("steps/s", "paused", "unique solution")), term.dump()


def test_a_library_line_keeps_its_words_whole_on_a_narrow_screen():
    """At 40 columns a line read "starter-3   easy best 0:10 in progres": closing up the
    spaces was not enough. Words are shortened before anything is cut, and a word left is
    whole."""
    from numbrix_curses.ui.library_screen import fit_line

    line = " ✓ starter-3   fiendish  best 12:34  in progress"
    assert {width: fit_line(line, 15, width) for width in (32, 36, 40, 44)} == {
        32: " ✓ starter-3   fiendish 12:34",  # (what does not fit goes whole: "playin" misread)
        36: " ✓ starter-3   fiendish 12:34",
        40: " ✓ starter-3   fiendish 12:34 playing",
        44: " ✓ starter-3   fiendish best 12:34 playing",
    }
    assert fit_line(line, 15, 60) == line  # (room for it all: as it was)


def test_a_hint_brings_the_cells_its_reason_names_into_a_small_window(state: Path):
    """At 40x12 the hint's message takes rows from the board, whose window showed rows 2-4
    while the reason said "the only empty cell next to 2 at B5": the window follows the
    hint's cell and takes in the cells its reason names where they fit."""
    with start(play_command("--puzzle", "starter-1"), state, rows=12, cols=40) as term:
        term.wait_text("q quit")
        first_hint(term)
        term.wait_text("3 must go at B4")
        assert "next to 2 at B5" in term.flowing_text(), term.dump()
        first, last = map(int, re.search(r"rows (\d+)-(\d+)", term.lines[0]).groups())
        assert first <= 4 and 5 <= last, term.dump()
        assert any(re.match(r"\s*5 │\s+1\s+2\s", line) for line in term.lines), term.dump()


def test_a_list_longer_than_the_screen_says_which_part_is_in_view(state: Path):
    """The library showed 20 of its 62 puzzles with no sign of the rest: its title says
    which are in view, as a scrolled board's does; a list that fits says nothing more."""
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.send("l")
        term.wait_match(r"Numbrix · Puzzle library · 1-\d+ of 62")
        term.send("\x1b[F")  # End
        term.wait_match(r"Numbrix · Puzzle library · \d+-62 of 62")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    with start(app_command(), state, rows=100, cols=100) as term:
        term.wait_text("[q] Quit")
        term.send("l")
        term.wait_text("62 puzzles")
        assert term.lines[0].split() == ["Numbrix", "·", "Puzzle", "library"], term.dump()


def test_a_small_screen_has_every_command_in_a_box_the_mouse_can_open(state: Path):
    """At 40x15 the bar under a large board has room for undo, redo, check and hint: a
    player with the mouse could not pause, restart, see the moves or save. "Tab more" opens
    a box of every command, each chosen by a click or by the arrows and Enter."""
    with start(app_command("play", "--puzzle", "large-13"), state, rows=15, cols=40) as term:
        term.wait_text("q quit")
        term.click_text("Tab more")
        term.wait_text("Commands (Esc closes)")
        for word in ("pause", "restart", "moves", "save", "reveal", "quit"):
            assert word in term.text, term.dump()
        term.click_text("pause")
        term.wait_text("Paused")
        term.send("\t")  # (Tab, as "Tab more" says)
        term.wait_text("Commands (Esc closes)")
        term.click_text("pause")  # (again: play goes on)
        term.wait_gone("Paused")
        term.send("\t")
        term.wait_text("Commands (Esc closes)")
        term.send("\x1b")  # Esc closes it, nothing chosen
        term.wait_gone("Commands")
        assert "Paused" not in term.text, term.dump()
        term.send("\t")
        term.wait_text("Commands (Esc closes)")
        for _ in range(3):  # the fourth line, pencil, from the keyboard
            term.send_key("down")
        term.send("\r")
        term.wait_gone("Commands")
        term.wait_text("pencil")  # (the status line says pencil mode)
        term.send("u")  # a message covers the keys over the key line, not the box's
        term.wait_text("Nothing to undo")
        assert "c check" not in term.text, term.dump()
        term.click_text("Tab more")
        term.wait_text("Commands (Esc closes)")
        term.send("p")  # a key the box lists acts as it says ("pause  p")
        term.wait_text("Paused")


@pytest.mark.parametrize("rows, cols, puzzle", [(12, 40, "large-13"), (11, 26, "starter-1")])
def test_the_commands_box_fits_the_small_screens_a_large_board_is_played_on(
        state: Path, rows: int, cols: int, puzzle: str):
    """At 40x12 the bar under a large board lists undo, redo, check and hint, and "Tab
    more" said the terminal was too small for the box: a player with the mouse could not
    pause, restart, save or open the number pad. With its columns as wide as their own
    lines (in a frame where that fits, else without one), the box fits down to the
    smallest screen the play screen takes."""
    with start(app_command("play", "--puzzle", puzzle), state, rows=rows, cols=cols) as term:
        term.wait_text("q quit")
        term.click_text("Tab more")
        term.wait_text("Commands (Esc closes)")
        assert "too small" not in term.text, term.dump()
        for word in ("type", "pause", "restart", "moves", "save", "reveal", "another", "quit"):
            assert word in term.text, term.dump()
        term.click_text("pause")
        term.wait_text("Paused")
        term.click_text("Tab more")
        term.wait_text("Commands (Esc closes)")
        term.click_text("Commands")  # (its title closes it, as Esc does)
        term.wait_gone("Commands")
        assert "Paused" in term.text


def test_the_commands_box_fits_a_screen_the_board_fits(state: Path):
    """At 30x14 the play screen showed a 5x5 board, and Tab said the terminal was too small
    for the box (one or two columns of wide lines), with nothing to click to close it."""
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=14, cols=30) as term:
        term.wait_text("q quit")
        term.send("\t")
        term.wait_text("Commands (Esc closes)")
        assert "too small" not in term.text and "restart" in term.text, term.dump()
        term.resize(8, 30)  # (too short for its columns: one that scrolls)
        term.wait_text("... 13 more below")
        assert "too small" not in term.text, term.dump()
        term.resize(3, 30)  # (smaller than any box: the notice, and a click closes it)
        term.wait_said("Too small: need 12 wide, 4 high")
        term.click(1, 3)
        term.wait_gone("Commands")
