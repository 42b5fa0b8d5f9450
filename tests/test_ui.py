"""The play screen as a player uses it: the real app in a pseudo-terminal, read back with pyte.

Also the screen mask and the key table, which need no terminal, and one piece of the play
screen's state that a terminal cannot show (a waiting check dropped when the board changes).
"""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from helpers import DEMO_TEXT, GIVENS, NEWSPAPER_9X9, ROWS_5_AND_6_SWAPPED, TOP_ROW_SHIFTED
from numbrix_curses.ui.actions import ClearCell, Command, Digit, Extend, MoveCursor, SelectCell
from numbrix_curses.ui.keys import DragPath, action_for_key
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.play_words import moves_value, sentence, solved_line
from numbrix_curses.ui.times import format_duration, solver_time
from tty_harness import Board, Terminal, app_command, first_hint, play_command, start, wait_play

# The `demo` puzzle (conftest.py, helpers.DEMO_TEXT): 4x4, unique; blanks hold 2, 3, 12, 13, 15.
#    4  3  2  1
#    5 14 15 16
#    6 13 12 11
#    7  8  9 10
CELL_WIDTH = 4  # two digits plus a space either side
ROWS, COLS = 24, 80


@pytest.fixture
def term(demo: Path, state: Path):
    terminal = start(play_command(str(demo)), state, rows=ROWS, cols=COLS)
    wait_play(terminal, last="r-click clear")  # the key help ends with the mouse line (right click clears)
    yield terminal
    terminal.close()


@pytest.fixture
def board(term: Terminal) -> Board:
    return Board(term, CELL_WIDTH)


# ----- keyboard ----------------------------------------------------------------------------
def test_first_frame_shows_board_givens_and_panel(term: Terminal, board: Board):
    assert "Numbrix · demo" in term.lines[0]
    assert [board.text(3, c) for c in range(4)] == ["7", "8", "9", "10"]
    assert board.text(0, 1) == ""
    assert board.is_cursor(0, 1)  # the first blank cell
    assert "Placed  11 of 16" in term.text
    y, x = board.cell_yx(0, 0)
    assert term.char(y, x + 2).bold  # givens stand out


def test_rulers_name_the_columns_and_rows_the_cursor_s_in_bold(term: Terminal, board: Board):
    """Hints name cells as "B4": the letters over the board and the numbers beside it
    say which is which, and the cursor's column and row stand out in them."""
    y, x = board.cell_yx(0, 0)
    top = term.find("┌")[0]
    letters = term.lines[top - 1][:term.panel_left()]  # (the panel beside it)
    assert letters.split() == ["A", "B", "C", "D"]
    for col, letter in enumerate("ABCD"):
        _, cx = board.cell_yx(0, col)
        assert letters[cx:cx + CELL_WIDTH].strip() == letter  # over its cells
    for row in range(4):
        cy, _ = board.cell_yx(row, 0)
        assert term.lines[cy][:x - 1].strip() == str(row + 1)  # left of the frame

    def bold_letter() -> str:
        line = term.lines[top - 1][:term.panel_left()]
        return "".join(ch for i, ch in enumerate(line) if ch.strip() and term.char(top - 1, i).bold)
    assert bold_letter() == "B"  # the cursor starts on B1
    term.send_key("right")
    term.wait_for(lambda: bold_letter() == "C", what="C in bold")
    term.wait_text("Cell    C1")
    # a click on a letter takes the cursor to its column, on a number to its row
    term.click(top - 1, letters.index("D"))
    term.wait_text("Cell    D1")
    cy, _ = board.cell_yx(2, 0)
    term.click(cy, term.lines[cy].index("3"))
    term.wait_text("Cell    D3 = 11")
    assert board.text(0, 3) == "1"  # nothing drawn or typed on the way


def test_arrows_move_and_digits_type(term: Terminal, board: Board):
    term.send_key("right")
    term.wait_for(lambda: board.is_cursor(0, 2), what="cursor moved right")
    term.send("2")
    board.wait_cell(0, 2, "2")
    term.wait_text("Placed  12 of 16")
    term.send_key("down")
    term.send("1")
    term.send("5")
    board.wait_cell(1, 2, "15")
    term.wait_text("Moves   2")
    assert board.text(0, 2) == "2"


def test_letter_keys_move_too(term: Terminal, board: Board):
    term.send("j")  # down
    term.wait_for(lambda: board.is_cursor(1, 1))
    term.send("d")  # right
    term.wait_for(lambda: board.is_cursor(1, 2))
    term.send("a")
    term.wait_for(lambda: board.is_cursor(1, 1))
    term.send("k")
    term.wait_for(lambda: board.is_cursor(0, 1))


def test_enter_ends_a_number(term: Terminal, board: Board):
    term.send("1")
    term.send_key("enter")
    term.send("3")
    board.wait_cell(0, 1, "3")  # not 13


def test_path_is_drawn_between_consecutive_numbers(term: Terminal, board: Board):
    y, x = board.cell_yx(0, 2)
    wall = x + CELL_WIDTH  # between (0, 2) and (0, 3), where 1 is given
    assert term.lines[y][wall] == "│"
    term.send_key("right")
    term.send("2")
    term.wait_for(lambda: term.lines[y][wall] == "━", what="a link from 2 to 1")
    # 5 under 4 is a given link: the wall between them is open with a vertical line
    y0, x0 = board.cell_yx(0, 0)
    assert term.lines[y0 + 1][x0 + CELL_WIDTH - 2] == "┃"


def test_neighbours_in_the_chain_are_highlighted(term: Terminal, board: Board):
    term.send_key("down")
    term.send_key("left")  # onto the given 5
    term.wait_text("A2 = 5 (given)")
    for row, col in [(0, 0), (2, 0)]:  # 4 and 6
        y, x = board.cell_yx(row, col)
        assert term.char(y, x + 2).bg == "green"
    y, x = board.cell_yx(1, 1)  # 14 is not
    assert term.char(y, x + 2).bg == "default"


def test_givens_cannot_be_changed(term: Terminal, board: Board):
    term.send_key("left")
    term.send("3")
    term.wait_text("given")
    assert board.text(0, 0) == "4"


def test_backspace_and_space_clear(term: Terminal, board: Board):
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.send_key("backspace")
    board.wait_cell(0, 1, "")
    term.send("3")
    term.send_key("enter")
    board.wait_cell(0, 1, "3")
    term.send_key("space")
    board.wait_cell(0, 1, "")


def test_undo_and_redo(term: Terminal, board: Board):
    term.send("3")
    term.send_key("right")
    term.send("2")
    board.wait_cell(0, 2, "2")
    term.send("u")
    board.wait_cell(0, 2, "")
    term.send("u")
    board.wait_cell(0, 1, "")
    term.send("u")
    term.wait_text("Nothing to undo")
    term.send("r")
    board.wait_cell(0, 1, "3")
    term.send_key("ctrl-r")
    board.wait_cell(0, 2, "2")
    term.wait_text("Moves   2")


# ----- mouse -------------------------------------------------------------------------------
def test_click_a_cell_and_type_there(term: Terminal, board: Board):
    assert "\x1b[?1006" in term.raw.decode("utf-8", "replace")  # SGR mouse is on
    board.click(2, 1)
    term.send("1")
    term.send("3")
    board.wait_cell(2, 1, "13")
    board.click(2, 2)
    term.send("1")
    term.send("2")
    board.wait_cell(2, 2, "12")
    assert board.text(2, 1) == "13"


def test_press_and_release_arriving_apart_select_once(term: Terminal, board: Board):
    # A real terminal sends the release as its own event after the press.
    y, x = board.cell_yx(2, 2)
    term.send(f"\x1b[<0;{x + 1};{y + 1}M")
    term.wait_for(lambda: board.is_cursor(2, 2), what="cursor on the pressed cell")
    term.send(f"\x1b[<0;{x + 1};{y + 1}m")
    term.send("1")
    term.send("2")
    board.wait_cell(2, 2, "12")


def test_right_click_clears_a_cell(term: Terminal, board: Board):
    board.click(2, 1)
    term.send("1")
    term.send("3")
    board.wait_cell(2, 1, "13")
    term.right_click(*board.cell_yx(2, 1))
    board.wait_cell(2, 1, "")


def test_right_click_clears_a_cell_in_the_first_mouse_encoding_too(demo: Path, state: Path):
    """The right click acts as its button comes up; in the first encoding (GNU screen's) the
    release does not say which button it is."""
    with start(play_command(str(demo)), state, rows=ROWS, cols=COLS, TERM="screen") as term:
        wait_play(term, last="r-click clear")
        board = Board(term, CELL_WIDTH)
        board.click(2, 1)
        term.send("7")
        board.wait_cell(2, 1, "7")
        term.right_click(*board.cell_yx(2, 1))
        board.wait_cell(2, 1, "")


def test_a_sideways_scroll_leaves_the_cell_as_it_was(term: Terminal, board: Board):
    """ncurses reports a sideways scroll (SGR buttons 66 and 67: a tilting wheel, a
    touchpad's sideways swipe) as the right button pressed, never released: a right click
    acting on its press cleared the number under the pointer."""
    board.click(2, 1)
    term.send("1")
    term.send("3")
    board.wait_cell(2, 1, "13")
    y, x = board.cell_yx(2, 1)
    for button in (66, 67):  # left, right
        term.send(f"\x1b[<{button};{x + 1};{y + 1}M")
        term.send("u")  # (a key after it, to know it was read)
        board.wait_cell(2, 1, "")  # the undo took back the 13, not a clear
        term.send("r")
        board.wait_cell(2, 1, "13")
    assert "Moves   1" in term.text


def test_clicking_key_help_does_what_the_key_does(term: Terminal, board: Board):
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.click(*term.find("undo"))
    board.wait_cell(0, 1, "")
    # The blank past an entry's words is no button (it reached the screen's right edge).
    row, col = term.find("r ^R")
    term.click(row, col + len("r ^R") + 2)
    time.sleep(0.3)
    term.wait_for(lambda: board.text(0, 1) == "", what="nothing redone")
    term.click(*term.find("redo"))
    board.wait_cell(0, 1, "3")


def test_a_button_acts_as_the_mouse_button_comes_up_over_it(term: Terminal, board: Board):
    """As buttons do elsewhere: pressed, it shows pressed and does nothing yet; moved off
    before the button comes up, it does nothing at all (it acted as the button went down,
    so a press on the wrong line could not be taken back)."""
    board.click(0, 1)  # (the terminal has reported a release: buttons wait for theirs)
    term.send("3")
    term.send_key("enter")
    board.wait_cell(0, 1, "3")
    y, x = term.find("undo    u")
    term.press(y, x)
    term.wait_for(lambda: term.char(y, x + 1).reverse, what="undo shown pressed")
    assert board.number(0, 1) == "3"
    term.move(y, x - 4)  # (off it: the blank left of the panel)
    term.wait_for(lambda: not term.char(y, x + 1).reverse, what="undo no longer pressed")
    term.release(y, x - 4)
    term.send_key("right")  # (a key after it, to know the release was read)
    term.wait_for(lambda: board.is_cursor(0, 2), what="the cursor moved on")
    assert board.number(0, 1) == "3", term.dump()
    term.press(y, x + 2)
    term.wait_for(lambda: term.char(y, x + 1).reverse, what="undo shown pressed")
    term.release(y, x + 3)  # (up over it, a column on: the same button)
    board.wait_cell(0, 1, "")
    assert not term.char(y, x + 1).reverse


def test_a_held_button_acts_on_its_release_once_the_terminal_reports_releases():
    import curses

    from numbrix_curses.ui.keys import HeldButton

    mask = ScreenMask(2, 10)
    mask.put(0, 0, 4, SelectCell(0, 0))
    mask.put(1, 0, 4, Command.UNDO)
    mask.put(1, 5, 4, Command.REDO)
    press, release = curses.BUTTON1_PRESSED, curses.BUTTON1_RELEASED
    moved = curses.REPORT_MOUSE_POSITION
    held = HeldButton()
    # Before any release is reported, a press acts at once (a terminal that reported
    # presses alone would leave every button dead), and its release adds nothing.
    assert held.actions(mask, 1, 1, press, [Command.UNDO]) == [Command.UNDO]
    assert held.pressed is None
    assert held.actions(mask, 1, 1, release, []) == []
    # From then on a press holds the button, shown pressed while the pointer is on it
    assert held.actions(mask, 1, 1, press, [Command.UNDO]) == []
    assert held.pressed is Command.UNDO
    assert held.actions(mask, 1, 6, moved, []) == [] and held.pressed is None
    assert held.actions(mask, 1, 2, moved, []) == [] and held.pressed is Command.UNDO
    assert held.actions(mask, 1, 3, release, []) == [Command.UNDO]
    assert held.pressed is None
    # released over another button, or nothing, it does nothing
    held.actions(mask, 1, 1, press, [Command.UNDO])
    assert held.actions(mask, 1, 6, release, []) == []
    held.actions(mask, 1, 1, press, [Command.UNDO])
    held.let_go()  # (a key)
    assert held.actions(mask, 1, 1, release, []) == []
    # the board's cells act as the button goes down: a drag starts there
    assert held.actions(mask, 0, 1, press, [SelectCell(0, 0)]) == [SelectCell(0, 0)]
    assert held.actions(mask, 0, 1, release, []) == []
    # a click (press and release read together) acts at once
    assert held.actions(mask, 1, 6, curses.BUTTON1_CLICKED, [Command.REDO]) == [Command.REDO]


def click_on_pad(term: Terminal, label: str) -> None:
    """Click the number pad's button `label` (the pad titled as it is now), and wait for its
    frame to settle."""
    def found() -> "tuple[int, int] | None":
        title = next((term.find(f"─ {name} ") for name in
                      ("Number pad", "Pencil marks", "Go to number") if term.find(f"─ {name} ")),
                     None)
        if title is None:
            return None
        top, left = title
        for row in range(top + 1, min(top + 6, len(term.lines))):
            col = term.lines[row].find(f" {label} ", left)
            if col >= 0:
                return row, col + 1
        return None

    term.wait_for(lambda: found() is not None, what=f"the pad's {label!r}")
    where = found()
    assert where is not None
    term.click(*where)


def test_the_number_pad_types_numbers_and_pencil_marks_with_the_mouse_alone(
        term: Terminal, board: Board):
    """A player with the mouse alone could draw the path, but not type a number of their
    own, nor any pencil mark: "type 0-9" opens a pad of digits, whose clicks are the keys'
    (in pencil mode, marks), and it stays while cells are picked."""
    term.click(*term.find("type    0-9"))
    term.wait_text("─ Number pad ")
    board.click(0, 1)
    click_on_pad(term, "3")
    board.wait_cell(0, 1, "3")
    click_on_pad(term, "enter")
    term.wait_text("Moves   1")
    board.click(1, 2)
    click_on_pad(term, "1")
    click_on_pad(term, "5")
    board.wait_cell(1, 2, "15")
    click_on_pad(term, "back")
    board.wait_cell(1, 2, "1")
    click_on_pad(term, "5")
    board.wait_cell(1, 2, "15")
    # pencil marks, switched on from the pad (its title says so)
    click_on_pad(term, "pencil: off")
    term.wait_text("─ Pencil marks ")
    term.wait_text("Pencil  C2 = 15")  # (the 15 ended as the mode changed)
    board.click(0, 2)
    for label in ("2", "enter", "1", "2", "enter"):
        click_on_pad(term, label)
    term.wait_text("C1 marks 2 12")
    click_on_pad(term, "pencil: on")
    term.wait_text("─ Number pad ")
    click_on_pad(term, "close")
    term.wait_gone("─ Number pad ")
    assert board.number(0, 1) == "3" and board.number(1, 2) == "15"


def test_the_commands_box_is_a_click_away_beside_the_board(demo: Path, state: Path):
    """Beside the board the key list had no "Tab more", as the bar under a board has: with
    the mouse alone, going to a number, saving the puzzle to a file and another like it
    (which the list has no room for) were out of reach until the puzzle was solved."""
    term = start(play_command(str(demo)), state, rows=ROWS, cols=COLS)
    board = Board(term, CELL_WIDTH)
    with term:
        wait_play(term)
        term.wait_text("more    Tab")
        # Go to 14 by the box's "go to /", then the number pad's 1, 4 and enter.
        term.click(*term.find("more    Tab"))
        term.wait_text("Commands (Esc closes)")
        term.click(*term.find("go to   /"))
        term.wait_text("Go to number: _")
        term.click(*term.find("type    0-9"))
        term.wait_text("─ Go to number ")
        for label in ("1", "4", "enter"):
            click_on_pad(term, label)
        term.wait_for(lambda: board.is_cursor(1, 1), what="the cursor on 14")


def test_the_number_pad_keeps_the_cursor_s_row_in_sight_at_40x12(state: Path):
    """At 40x12 the pad's keys took two rows ("close" alone on the second), and the box,
    five rows high, covered the cursor on rows 2 and 3 of a 5x5 board, there being room
    neither above nor below it: a digit clicked went into a cell out of sight. Its pencil
    button says "pencil" there (the title says which mode), the box is a row lower, and
    the cursor's row shows on every row of the board."""
    with start(app_command("play", "--puzzle", "starter-1"), state, rows=12, cols=40) as term:
        term.wait_text("Tab more")
        term.send("\t")
        term.wait_text("Commands (Esc closes)")
        term.click_text("0-9")
        term.wait_text("─ Number pad ")

        def cursor_row() -> "int | None":
            """The board row (1 up) whose line on screen holds the cursor, if in sight."""
            for y, line in enumerate(term.lines):
                found = re.match(r"\s*(\d) │", line)
                if found and any(term.char(y, x).reverse for x in range(found.end(), 40)):
                    return int(found.group(1))
            return None

        for row in range(1, 6):
            term.wait_for(lambda: cursor_row() == row, what=f"the cursor on row {row} in sight")
            assert "─ Number pad " in term.text, term.dump()
            term.send_key("down")
        click_on_pad(term, "pencil")
        term.wait_text("─ Pencil marks ")
        click_on_pad(term, "close")
        term.wait_gone("─ Pencil marks ")


def test_the_number_pad_beside_the_board_stands_at_the_foot_of_the_panel(term: Terminal):
    """On a tall screen the side panel, centred with the board, ends rows over the screen's
    foot; the pad stood at the screen's foot (at 132x43, five empty rows under the key
    list), apart from the panel and the board. It stands over the key list's last lines,
    as on a screen the panel fills."""
    term.resize(43, 132)
    term.wait_for(lambda: term.find("Numbrix · demo") is not None
                  and term.find("Numbrix · demo")[1] > 40, what="the frame at 132x43")
    term.click(*term.find("type    0-9"))
    term.wait_text("─ Number pad ")
    top, left = term.find("─ Number pad ")
    left -= 1  # (the box's corner)
    last_key = max(y for y, line in enumerate(term.lines) if line[left:].strip()
                   and y < top)
    assert last_key == top - 1, term.dump()  # (a line of keys right over the box)
    assert "r-click clear" not in term.text, term.dump()  # (the key list's last line)


def test_the_number_pad_keeps_its_width_as_pencil_mode_toggles(term: Terminal):
    """"pencil: off" became "pencil: on" and the box narrowed by a column: "close", the
    button after it, moved left under the mouse. The box is as wide in either mode, and
    its buttons stay where they were."""
    term.click(*term.find("type    0-9"))
    term.wait_text("─ Number pad ")

    def box() -> "tuple[int, int, int]":
        """The pad box's left and right edges, and where "close" is on its keys row."""
        top, left = term.find("─ Number pad ") or term.find("─ Pencil marks ")
        left -= 1
        right = term.lines[top].index("┐", left)
        return left, right, term.lines[top + 2].index(" close ", left)

    before = box()
    click_on_pad(term, "pencil: off")
    term.wait_text("─ Pencil marks ")
    term.wait_text(" pencil: on ")
    assert box() == before, term.dump()
    click_on_pad(term, "pencil: on")
    term.wait_text("─ Number pad ")
    assert box() == before, term.dump()


def test_the_number_pad_types_a_puzzle_in_and_goes_on_cell_by_cell(state: Path):
    """Type in a puzzle took the keyboard for every given: the pad's digits, blank and
    next type a row as it reads off the page."""
    with start(app_command(), state, rows=ROWS, cols=COLS) as term:
        term.wait_text("[q] Quit")
        term.click_text("Type in a puzzle")
        term.wait_text("Size of the grid:")
        term.click_text("Enter Start")  # (9x9)
        term.wait_text("Type the given numbers")
        board = Board(term, CELL_WIDTH)
        term.click(*term.find("type    0-9"))
        term.wait_text("─ Number pad ")
        for label in ("1", "next", "blank", "1", "2", "next"):
            click_on_pad(term, label)
        board.wait_cell(0, 2, "12")
        assert board.number(0, 0) == "1" and board.number(0, 1) == ""
        term.wait_for(lambda: board.is_cursor(0, 3), what="the cursor on the next cell")
        term.send_key("escape")  # (Esc puts the pad away first)
        term.wait_gone("─ Number pad ")
        assert "Type in a puzzle" in term.lines[0]


def test_the_type_in_bar_under_the_board_opens_the_pad_and_a_click_clears_its_message(
        state: Path):
    """At 40 columns the bar's key line has room for the pad's "0-9 type" with play and
    save on the row over it, which the message covers: a click on the message takes it
    away, as under a board in play."""
    with start(app_command(), state, rows=14, cols=40) as term:
        term.wait_text("[q] Quit")
        term.click_text("Type in a puzzle")
        term.wait_text("Size of the grid:")
        term.click_text("Enter Start")  # (9x9: under it, the bar)
        term.wait_text("Type the given numbers, then c to check.")
        assert "0-9 type" in term.lines[-1] and "p play" not in term.text, term.dump()
        term.click_text("Type the given numbers")
        term.wait_text("p play")
        term.click_text("0-9 type")
        term.wait_text("─ Number pad ")
        board = Board(term, CELL_WIDTH, compact=True)
        click_on_pad(term, "7")
        board.wait_cell(0, 0, "7")


def test_type_in_at_40_columns_keeps_more_on_the_key_line_for_play_and_save(state: Path):
    """At 40x24 a 9x9 leaves the bar three rows, and a message of a line covers the row of
    play and save over the key line ("Showing the solution" after a check, say). "m more"
    stays on the key line, as play's "Tab more" does, and opens a box of every command,
    save and play among them, the message still in sight."""
    from numbrix_curses.library import load_bundled
    from numbrix_curses.textformat import format_compact

    [puzzle] = [p for p in load_bundled() if p.id == "classic-1"]
    with start(app_command(), state, rows=24, cols=40) as term:
        term.wait_text("[q] Quit")
        term.click_text("Type in a puzzle")
        term.wait_text("Size of the grid:")
        term.paste(format_compact(puzzle, metadata={"id": "mine"}))
        term.wait_text("p plays it")
        term.send("\t")
        term.wait_text("Showing the solution; Tab switches.")
        assert "m more" in term.lines[-1] and "p play" not in term.text, term.dump()
        term.click_text("m more")
        term.wait_text("Commands (Esc closes)")
        term.click_text("save ")
        term.wait_text("File to write")
        term.send_key("escape")
        term.wait_text("m more")
        term.send("m")  # (its key: m, as Tab shows the solutions here)
        term.wait_text("Commands (Esc closes)")
        term.send("\t")  # (a key the box lists acts as listed: the grid as typed again)
        term.wait_text("Showing the grid as typed")
        term.click_text("m more")
        term.wait_text("Commands (Esc closes)")
        term.click_text("play ")
        term.wait_text("Numbrix · mine")


def test_tab_after_a_check_that_found_no_solution_says_there_is_none_to_show(state: Path):
    """Tab shows the solutions a check found; after one that found none it told the player
    to check first, which the status beside it ("no solution") belied."""
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.paste("1 2\n3 4\n")  # (2 and 3 given, not next to each other)
        term.wait_message("f: swap the 1 at A1 and the 2 at B1.")  # (the look is done)
        term.send("\t")
        term.wait_message("No solution to show: the check found none.")
        assert "Check first" not in term.text, term.dump()
        term.send("u")  # (the paste taken back: the grid not checked, Tab says so)
        term.wait_gone("No solution to show")
        term.send("\t")
        term.wait_message("Check first (c): Tab then shows the solutions.")


# ----- finishing ---------------------------------------------------------------------------
def test_finish_the_puzzle(term: Terminal, board: Board):
    for row, col, number in [(0, 1, "3"), (0, 2, "2"), (1, 2, "15"), (2, 1, "13")]:
        board.click(row, col)
        term.send(number)
        board.wait_cell(row, col, number)
    assert "Solved" not in term.text
    term.send_key("right")
    term.send("1")
    term.send("2")
    term.wait_text("Solved in")
    assert re.search(r"Solved in \d+:\d\d, 5 moves", term.text), term.dump()
    assert "solved" in term.lines[0]
    term.send("5")  # the finished board stays as it is
    term.send("u")
    term.wait_text("Solved in")
    assert board.text(2, 2) == "12"
    # The keys listed are those that still act: play again, another, and the rest
    # (undo, hint, fill... would do nothing now).
    assert re.search(r"again\s+R\s+another\s+g", term.text), term.dump()
    assert re.search(r"save\s+e", term.text)
    assert not re.search(r"hint\s+\?|undo\s+u|fill\s+f", term.text)
    term.click_text("another g")  # a click on a key does what the key does
    term.wait_gone("demo · solved")  # a new 4x4 in its place


def test_a_full_board_whose_path_breaks_says_so(term: Terminal, board: Board):
    """Every cell filled, two numbers swapped: nothing was said, and the player waited.
    Nor was anything said until another key when the last number typed was still "being
    typed", though no digit could make it longer (13 on a board of 16)."""
    for row, col, number in [(0, 1, "3"), (0, 2, "2"), (1, 2, "15"), (2, 1, "12"),
                             (2, 2, "13")]:
        board.click(row, col)
        term.send(number)
        board.wait_cell(row, col, number)
    wait_status(term, "Every cell is filled, but the path breaks somewhere: c marks the "
                      "numbers that cannot all be right.")
    assert "Solved" not in term.text
    term.send("c")
    term.wait_match(r"cells? marked")


# ----- terminal size -----------------------------------------------------------------------
def test_resize_smaller_says_too_small_and_larger_relayouts(term: Terminal, board: Board):
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.resize(9, 40)
    # columns and rows spelt out: "26x10" would read as a board of 26 rows
    term.wait_for(lambda: "Terminal too small: needs at least 26 columns and 10 rows"
                  " (this one has 40 columns, 9 rows)" in term.flowing_text(),
                  what="the too-small notice")
    term.send("u")  # ignored while the board is not shown
    term.resize(20, 40)  # narrow: the panel goes under the board
    term.wait_text("4x4 · 12/16 · 1 move · ")
    assert board.text(0, 1) == "3"
    term.resize(40, 120)
    wait_play(term, last="r-click clear")
    top, left = term.find("┌")
    width = 4 * (CELL_WIDTH + 1) + 1
    assert left > 20 and term.panel_left() > left + width  # beside the board again, centred
    assert board.text(0, 1) == "3"
    term.send("u")
    board.wait_cell(0, 1, "")


def test_a_question_on_a_screen_too_small_for_it_says_so_rather_than_cut(term: Terminal):
    """The first hint's question drawn on a 20x8 screen lost the end of its sentence, and
    could be answered half read."""
    term.send("?")
    term.wait_text("Take a hint?")
    term.resize(8, 20)
    term.wait_for(lambda: "too small" in term.text and "Take a hint" not in term.text,
                  what="the too-small notice in place of the question")
    term.resize(24, 80)
    term.wait_text("Take a hint?")
    assert "best time" in term.flowing_text()  # the whole question again
    term.send("n")
    term.wait_gone("Take a hint?")


def test_slash_goes_to_a_number_or_says_where_the_nearest_are(term: Terminal, board: Board):
    """On a board too big to scan, finding where 157 stands took a search by eye: `/` and
    the number put the cursor on it, or say where the numbers either side of it are."""
    term.send("/14")
    term.wait_message("Go to number: 14_")
    term.send("\r")
    term.wait_message("14 is at B2.")
    term.wait_for(lambda: board.is_cursor(1, 1), what="the cursor on the 14")
    term.send("/3\r")
    term.wait_message("3 is not on the board yet: 1 is at D1 and 4 is at A1.")
    assert board.is_cursor(1, 1)

    term.send("/9")
    term.send_key("backspace")
    term.send("99")  # (past the board: 99 on a 4x4 is refused, digit by digit)
    term.wait_message("Go to number: 9_  (the numbers go to 16)")
    term.send_key("escape")
    term.wait_gone("Go to number")
    term.send("/0")  # (a 0 first was dropped without a word)
    term.wait_message("Go to number: _  (the numbers start at 1)")
    term.send_key("escape")
    term.wait_gone("Go to number")
    term.send("/")
    term.send_key("down")  # any other key gives up and acts as ever
    term.wait_for(lambda: board.is_cursor(2, 1), what="the cursor moved down")
    assert "Go to number" not in term.text


@pytest.mark.parametrize("number, said", [
    (1, "1 is not on the board yet: 5 is at B2."),  # (none below: that took the app down)
    (9, "9 is not on the board yet: 5 is at B2."),
    (5, "5 is at B2."),
])
def test_going_to_a_number_with_none_beyond_it_says_the_nearest(tmp_path: Path, number, said):
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    puzzle = parse_puzzles(". . .\n. 5 .\n. . .\n")[0]
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "one")
    try:
        for action in (Command.FIND, Digit(number), Command.COMMIT):
            screen.handle(action)
        assert screen.message is not None and screen.message.text == said
        assert screen.game.cursor == ((1, 1) if number == 5 else (0, 0))
    finally:
        screen.close()


def test_pause_hides_the_board(term: Terminal, board: Board):
    term.send("p")
    term.wait_text("Paused")
    assert "14" not in "".join(term.lines[term.find("┌")[0] :])
    cell = term.wait_match(r"(?m)Cell +\w+ *$").group(0).rstrip()  # (no number to see)
    term.send("3")
    term.send_key("down")  # nothing moves on a hidden board, not even the cursor
    time.sleep(0.3)
    term.wait_message("Paused: click the board, p or Esc.")  # (the way back, on screen)
    assert cell in term.text
    term.send_key("escape")  # Esc goes on too
    term.wait_gone("Paused")
    board.wait_cell(1, 1, "14")
    assert board.text(0, 1) == ""
    term.send("p")
    term.wait_text("Paused")
    top, left = term.find("┌")
    term.click(top - 1, left + 3)  # a click on the board's rulers goes on, as on its cells
    term.wait_gone("Paused")
    assert cell in term.text
    term.send("p")
    term.wait_text("Paused")
    term.click(*board.cell_yx(2, 2))  # so does a click on the hidden board, selecting nothing
    term.wait_gone("Paused")
    board.wait_cell(1, 1, "14")
    assert cell in term.text


# ----- without colours ---------------------------------------------------------------------
def test_works_without_colours(demo: Path, state: Path):
    term = start(play_command(str(demo)), state, rows=ROWS, cols=COLS, NO_COLOR="1")
    board = Board(term, CELL_WIDTH)
    with term:
        wait_play(term, last="r-click clear")
        term.send_key("down")
        term.send_key("left")
        term.wait_text("A2 = 5")
        y, x = board.cell_yx(0, 0)  # 4, before the cursor's 5
        char = term.char(y, x + 2)
        assert char.underscore and char.bold and char.bg == "default"
        assert board.is_cursor(1, 0)
        assert all(term.char(r, c).fg == "default" for r in range(ROWS) for c in range(COLS))
        # a number on the board twice: without red, a flag on the player's (it looked like
        # any entry), not on the given, which is right (a check's count of marked numbers
        # did not count it, and it was read as one to change)
        board.click(0, 1)
        term.send("4")
        term.wait_for(lambda: [board.text(0, c).replace(" ", "") for c in (0, 1)] == ["4", "!4"],
                      what="the typed 4 flagged")
        term.wait_message("4 is given at A1: the other 4 must go.")
        board.click(1, 2)
        term.send("8")  # two of the player's: both flagged
        board.click(2, 2)
        term.send("8")
        term.wait_for(lambda: [board.text(r, 2).replace(" ", "") for r in (1, 2)] == ["!8"] * 2,
                      what="both 8s flagged")
        term.send("q")
        assert term.wait_exit() == 0


def test_a_number_being_typed_stands_out_where_underline_goes_with_no_colour(tmp_path: Path,
                                                                            state: Path):
    """The Linux console drops underline from coloured text (terminfo's `ncv`): a number
    being typed, underlined elsewhere, looked like one typed in full."""
    path = tmp_path / "ends.txt"  # a 5x5 serpentine with the ends of its rows given
    path.write_text("1 . . . 5\n10 . . . 6\n11 . . . 15\n20 . . . 16\n21 . . . 25\n")
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS, TERM="linux") as term:
        wait_play(term, last="r-click clear")
        board = Board(term, CELL_WIDTH)
        board.click(0, 1)
        term.send("2")  # may go on (2 then 3: 23)
        board.wait_cell(0, 1, "2")
        y, x = board.cell_yx(0, 1)
        digit = term.lines[y].index("2", x)
        assert term.char(y, digit).bold, term.dump()
        term.send("\r")
        term.wait_for(lambda: not term.char(y, digit).bold, what="the number ended")


def test_no_color_set_empty_keeps_the_colours(demo: Path, state: Path):
    """no-color.org: NO_COLOR set to an empty string is as if it were not set."""
    with start(play_command(str(demo)), state, rows=ROWS, cols=COLS, NO_COLOR="") as term:
        wait_play(term, last="r-click clear")
        assert any(term.char(r, c).fg != "default" for r in range(ROWS) for c in range(COLS))


def test_ascii_locale_draws_the_board_in_ascii(demo: Path, state: Path):
    with start(play_command(str(demo)), state, rows=ROWS, cols=COLS, LANG="C", LC_ALL="C") as term:
        term.wait_text("r-click clear")
        term.wait_text("+----+----+----+----+")
        assert "|  7 -  8 -  9 - 10 |" in term.text
        assert "Numbrix - demo" in term.lines[0]
        term.send("q")
        assert term.wait_exit() == 0


# ----- leaving -----------------------------------------------------------------------------
def test_quit_exits_zero_and_restores_the_terminal(term: Terminal):
    term.send("q")
    assert term.wait_exit() == 0
    raw = bytes(term.raw)
    assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h") >= 0  # main screen back
    assert raw.rfind(b"\x1b[?1006;1000l") > raw.rfind(b"\x1b[?1006;1000h") >= 0  # mouse off
    tail = raw[raw.rfind(b"\x1b[?1049l") :]
    assert b"\x1b[?25h" in raw[raw.rfind(b"\x1b[?25l") :]  # cursor shown again
    # nothing is printed after leaving the full screen (no traceback, no junk)
    assert re.sub(rb"\x1b(\[[0-9;?]*[A-Za-z]|[>=])|\r", b"", tail) == b""


def test_ctrl_c_exits_130_and_restores_the_terminal(term: Terminal):
    term.send("\x03")
    assert term.wait_exit() == 130
    raw = bytes(term.raw)
    assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h") >= 0
    assert b"Traceback" not in raw


# ----- the play screen's actions ----------------------------------------------------------
def test_n_places_the_next_number(term: Terminal, board: Board):
    term.send_key("right")  # (0, 2): next to the given 1
    term.send("n")
    board.wait_cell(0, 2, "2")
    term.send_key("left")  # (0, 1): next to 4, 14 and 2: 3 joins 2 and 4
    term.send("n")
    board.wait_cell(0, 1, "3")
    board.click(1, 2)  # next to 2, 14 and 16: 15 joins 14 and 16
    term.send("n")
    board.wait_cell(1, 2, "15")
    board.click(3, 3)  # on 10, whose neighbours are 9 and 11
    term.send("n")
    term.wait_text("That number is given")


def test_n_with_no_number_to_place_says_why(tmp_path: Path, state: Path):
    """n next to the last number alone placed nothing and said "Numbers go from 1 to 9",
    which answers a digit typed, not why n did nothing."""
    path = tmp_path / "corners.txt"
    path.write_text("1 . .\n. . .\n. . 9\n")
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term)
        board = Board(term, 3)
        board.click(1, 1)  # B2: next to no number
        term.send("n")
        term.wait_message("No number next to this cell to count on from.")
        board.click(0, 1)
        term.send("n")
        board.wait_cell(0, 1, "2")
        board.click(1, 0)  # A2: next to 1, whose 2 is placed
        term.send("n")
        term.wait_message("The numbers after this cell's neighbours are on the board already.")
        board.click(1, 2)  # C2: next to 9, the last number, and blanks
        term.send("n")
        term.wait_message("Only the last number is next to this cell, and nothing follows it.")
        assert board.number(1, 2) == "" and "Moves   1" in term.text, term.dump()


def test_a_clash_is_said_again_while_the_cursor_is_on_it(term: Terminal, board: Board):
    """"4 is given at A1" went with the Enter that ended the 4: on the cell, it stays said."""
    term.send("4")
    term.wait_message("4 is given at A1: the other 4 must go.")
    y, x = board.cell_yx(0, 1)
    assert any(term.char(y, x + i).underscore for i in range(4))  # (being typed)
    term.send("\r")
    term.wait_for(lambda: not any(term.char(y, x + i).underscore for i in range(4)),
                  what="the 4 ended")
    term.wait_message("4 is given at A1: the other 4 must go.")
    term.send_key("right")
    term.wait_gone("must go")
    term.send_key("left")
    term.wait_message("4 is given at A1: the other 4 must go.")


def test_a_number_placed_twice_shows_at_once_on_both_cells(term: Terminal, board: Board):
    # the cursor starts on B1, beside the given 4 at A1
    term.send("4")
    board.wait_cell(0, 1, "4")
    for row, col in ((0, 0), (0, 1)):
        y, x = board.cell_yx(row, col)
        term.wait_for(lambda: term.char(y, x + 2).bg == "red", what=f"red at {row},{col}")
        assert term.lines[y][x] == " "  # no flag: that is check's
    term.wait_message("4 is given at A1: the other 4 must go.")
    term.send("3")  # 43 is past the board: refused, the 4 stays
    term.send_key("backspace")
    board.wait_cell(0, 1, "")
    y, x = board.cell_yx(0, 0)
    term.wait_for(lambda: term.char(y, x + 2).bg != "red", what="the mark gone")


def test_check_marks_a_wrong_cell_and_the_mark_goes_with_the_next_change(term: Terminal, board: Board):
    board.click(2, 2)
    term.send("1")
    term.send("5")  # 15 is not next to 14 or 16
    board.wait_cell(2, 2, "15")
    term.send("c")
    term.wait_text("1 cell marked")
    y, x = board.cell_yx(2, 2)
    assert term.lines[y][x] == "!"  # a flag, not colour alone
    assert term.char(y, x + 2).bg == "red"
    assert term.lines[board.cell_yx(1, 1)[0]][board.cell_yx(1, 1)[1]] == " "  # givens unmarked
    term.send("u")
    board.wait_cell(2, 2, "")
    assert term.lines[y][x] == " "


def test_check_without_mistakes_says_so(term: Terminal, board: Board):
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.send("c")
    term.wait_text("No mistakes found.")


def _three_with_a_wrong_seven(tmp_path: Path, state: Path) -> tuple[Terminal, Board]:
    """The app on 1 . 3 / . . . / . . 9 (solution 1 2 3 / 6 5 4 / 7 8 9) with a 7 typed in
    the middle: it contradicts nothing on sight (right distances, right checkerboard
    colour), but it is wrong."""
    path = tmp_path / "three.txt"
    path.write_text("# id: three\n1 . 3\n. . .\n. . 9\n")
    term = start(play_command(str(path)), state, rows=ROWS, cols=COLS)
    board = Board(term, 3)
    try:
        term.wait_text("r-click clear")
        board.click(1, 1)
        term.send("7")
        board.wait_cell(1, 1, "7")
    except BaseException:
        term.close()
        raise
    return term, board


def test_check_notices_numbers_that_will_not_work_out_and_asked_again_says_where(
    tmp_path: Path, state: Path
):
    term, board = _three_with_a_wrong_seven(tmp_path, state)
    with term:
        term.send("c")
        term.wait_message("but 1 number will not work out: c again marks it (no best time then).")
        assert "!" not in "".join(board.text(r, c) for r in range(3) for c in range(3))
        # The hint pointed back at the check, which said no more: a player went round.
        term.send("?")
        term.wait_message("One of your numbers is wrong: c twice marks it")  # (one, as c said)
        term.send("c")  # again, on the same board: which one, as help, asked first
        term.wait_text("Mark the number that will not work out?")
        term.wait_text("no best time")
        term.send("n")
        term.wait_gone("Mark the number")
        assert "!" not in board.text(1, 1) and "(1 hint)" not in term.text, term.dump()
        term.wait_message("c again marks it (no best time then).")  # (said again)
        term.send("c")  # (asked again: the question again)
        term.wait_text("Mark the number that will not work out?")
        term.send("y")
        term.wait_message("1 number marked: it is not in the solution")
        term.wait_for(lambda: board.text(1, 1) == "!7", what="the 7 marked")
        term.wait_match(r"Moves +1 +\(1 hint\)")
        term.send("c")  # once more: shown again, not counted again
        term.wait_message("1 number marked")
        term.wait_match(r"Moves +1 +\(1 hint\)")
        term.send("?")  # (not "c twice marks them": they are marked)
        term.wait_message("The marked number is wrong: clear it, or undo (u), first.")
        # The mark goes with the number, not with the board as checked: a move elsewhere,
        # and its undo, left the 7 wrong and no longer marked.
        board.click(0, 1)
        term.send("2")
        board.wait_cell(0, 1, "2")
        term.send("u")
        board.wait_cell(0, 1, "")
        assert board.text(1, 1) == "!7", term.dump()
        term.send("?")
        term.wait_message("The marked number is wrong")
        board.click(1, 1)
        term.send("5")  # (right: the mark goes with the 7)
        board.wait_cell(1, 1, "5")
        term.send("u")
        board.wait_cell(1, 1, "7")
        assert "!" not in board.text(1, 1), term.dump()
        # After a deletion, undo would bring the deleted number back, not take the 7 off.
        board.click(0, 1)
        term.send("2")
        board.wait_cell(0, 1, "2")
        board.click(1, 0)  # (a typed number stays open to more digits until the cursor moves)
        board.click(0, 1)
        term.send("\x1b[3~")  # Del
        board.wait_cell(0, 1, "")
        term.wait_match(r"Moves +3 ")
        term.send("?")
        term.wait_message("One of your numbers is wrong: c twice marks it, to clear first.")


def test_fill_on_a_board_with_a_wrong_number_says_so_without_asking_first(
    tmp_path: Path, state: Path
):
    """f on a board with a number that will not work out says so at once, as ? does; it
    asked "Fill in every simple step? ... The game earns no best time." first, and said
    the number was wrong only after the player had agreed to lose the best time."""
    term, board = _three_with_a_wrong_seven(tmp_path, state)
    with term:
        term.send("c")  # (the solution known: the 7 is found wrong)
        term.wait_message("but 1 number will not work out")
        term.send("f")
        term.wait_message("One of your numbers is wrong: c twice marks it")
        assert "Fill in every simple step?" not in term.text, term.dump()
        assert board.text(1, 1) == "7" and "hint" not in term.lines[3], term.dump()
        # right again, the fill asks as before
        term.send("u")
        board.wait_cell(1, 1, "")
        term.send("f")
        term.wait_text("Fill in every simple step?")


def test_a_double_click_on_check_asks_before_it_costs_the_best_time(tmp_path: Path,
                                                                     state: Path):
    """The second of two quick clicks on "check" marked the wrong number, as help, before
    the first's message ("c again marks it (no best time then)") could be read: it asks
    first, as a hint does."""
    term, board = _three_with_a_wrong_seven(tmp_path, state)
    with term:
        term.wait_text("check   c")
        where = term.find("check   c")
        assert where is not None, term.dump()
        term.click(*where)
        time.sleep(0.08)  # (a double click's pace)
        term.click(*where)
        term.wait_text("Mark the number that will not work out?")
        assert "(1 hint)" not in term.text and "!" not in board.text(1, 1), term.dump()
        term.click_text("[n]")
        term.wait_gone("Mark the number")
        assert "(1 hint)" not in term.text and "!" not in board.text(1, 1), term.dump()


def test_a_drag_over_a_wrong_path_moves_its_number_and_says_from_where(tmp_path: Path,
                                                                         state: Path):
    """With 1 2 3 4 joined and a 5 put down away from the 4, a drag on from the 4 said
    "Nothing to draw from 4"; the 5 comes along, said (the cell it left may be out of
    sight), and a drag back puts it back."""
    path = tmp_path / "rr.txt"
    path.write_text("# id: rr\n1 . .\n. . .\n. . 9\n")
    term = start(play_command(str(path)), state, rows=ROWS, cols=COLS)
    board = Board(term, 3)
    with term:
        wait_play(term)
        for (row, col), number in [((0, 1), "2"), ((0, 2), "3"), ((1, 2), "4"), ((2, 0), "5")]:
            board.click(row, col)
            term.send(number)
            board.wait_cell(row, col, number)
        board.drag([(1, 2), (1, 1)])
        term.wait_message("5 moved here from A3 (back over it puts it back).")
        assert board.number(2, 0) == "" and board.number(1, 1) == "5", term.dump()
        board.drag([(1, 1), (1, 2)])
        board.wait_cell(2, 0, "5")
        assert board.number(1, 1) == "", term.dump()


#: the app on the puzzle at argv[1], its solve held until a file at argv[2] exists: a solve
#: still working, however fast the machine (a real slow solve made these tests take 30 s
#: and more, and on a loaded machine could outlast the app's time for a solve)
HELD_SOLVE_PLAY = (
    "import os, sys, time\n"
    "from numbrix_curses.ui.play import PlayScreen\n"
    "solve = PlayScreen._solve\n"
    "def held(screen, token, seconds):\n"
    "    while not os.path.exists(sys.argv[2]):\n"
    "        time.sleep(0.05)\n"
    "    return solve(screen, token, seconds)\n"
    "PlayScreen._solve = held\n"
    "from numbrix_curses.cli import main\n"
    "sys.exit(main(['play', sys.argv[1]]))\n"
)


def _held_solve(tmp_path: Path, state: Path, text: str) -> tuple[Terminal, Path]:
    """The app on the puzzle `text`, its solve held until the file returned is made."""
    path = tmp_path / "held.txt"
    path.write_text(text)
    release = tmp_path / "release"
    argv = [sys.executable, "-c", HELD_SOLVE_PLAY, str(path), str(release)]
    return start(argv, state, rows=ROWS, cols=COLS), release


def test_a_check_before_the_solution_is_known_waits_for_it(tmp_path: Path, state: Path):
    """A board breaks no rule, but the background solve has not finished: the check says
    it is comparing, then ends by itself when the solution is known; Esc gives it up."""
    term, release = _held_solve(tmp_path, state, NEWSPAPER_9X9)
    with term:
        wait_play(term)
        term.send("c")
        term.wait_message("comparing with the solution")
        term.send("\x1b")
        term.wait_message("Cancelled.")
        term.send("c")
        term.wait_message("comparing with the solution")
        release.touch()
        term.wait_message("No mistakes found.")


def test_a_hint_on_a_large_board_comes_at_once_while_the_solve_works(tmp_path: Path,
                                                                      state: Path):
    """Before: on a fresh 20x20 the hint solved the puzzle itself first, beside the
    background solve, and on a sparse one said "No step found in time." after ten seconds,
    with a bridge in plain sight. Now the first hints need no solution (see the state test
    below), and the hint placed with ? again is known right, so the next one comes at once
    too."""
    from helpers import corpus_boards
    from numbrix_curses.textformat import format_compact

    puzzles, _ = corpus_boards("corpus-v1-20x20", ["20x20-minimal-03"])
    term, _ = _held_solve(tmp_path, state, format_compact(puzzles[0]))
    with term:  # (the solve never ends)
        term.wait_text("c check")
        first_hint(term)
        term.wait_message("? again places it.")
        term.send("?")
        term.wait_message("Placed")
        term.send("?")
        term.wait_message("? again places it.")


@pytest.mark.parametrize("meanwhile", ["move", "type"])
def test_a_waiting_check_ends_by_itself_unless_the_board_changes(tmp_path: Path, monkeypatch,
                                                                   meanwhile: str):
    """The state behind the test above, with a background solve held until the test lets
    it go: a check waiting for the solution answers when it comes, unless a key changed the
    board meanwhile (its answer would be about a board no longer there). A pty cannot show
    this: the solve ending leaves no sign on the screen when the check was dropped."""
    import threading

    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.panel import MessageKind
    from numbrix_curses.ui.screen import AppContext

    release = threading.Event()
    solve = PlayScreen._solve

    def held_solve(self, token, seconds):
        assert release.wait(30), "the test never let the solve go"
        return solve(self, token, seconds)

    monkeypatch.setattr(PlayScreen, "_solve", held_solve)
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "demo")
    try:
        screen.handle(Command.CHECK)
        assert "comparing with the solution" in screen.message.text
        if meanwhile == "move":
            screen.handle(MoveCursor(0, 1))  # the board stays as it was
        else:
            screen.handle(SelectCell(1, 2))
            screen.handle(Digit(1))
            screen.handle(Digit(3))  # 13 where 15 goes
            assert screen.game.grid[1, 2] == 13
        release.set()
        assert screen.solution_job.wait(30)
        screen.tick()
        if meanwhile == "move":
            assert screen.message is not None and screen.message.text == "No mistakes found."
        else:
            assert screen.message is None  # the key's own message (none), not a stale check
            screen.handle(Command.CHECK)  # asked again, the check is about this board
            assert screen.message.kind is MessageKind.ERROR, screen.message
    finally:
        release.set()
        screen.solution_job.cancel()


def test_check_on_a_puzzle_with_several_solutions_looks_for_one_keeping_the_numbers(
        tmp_path: Path):
    """With several solutions there is none to compare with, and `c` said "No mistakes
    found." of numbers that no solution keeps (8 and 11 side by side, under a lone 1 on a
    4x4), which `?` then called dead. A search for a solution keeping them tells now."""
    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store
    from numbrix_curses.ui.panel import MessageKind
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    puzzle = Puzzle.from_rows([[1, 0, 0, 0]] + [[0] * 4] * 3, {"id": "open"})
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "open")
    try:
        assert screen.solution_job.wait(30)
        screen.tick()

        def checked() -> str:
            screen.handle(Command.CHECK)
            assert screen.task is not None and screen.task.wait(30)
            screen.tick()
            return screen.message.text

        for row, col, digits in [(2, 1, [8]), (2, 2, [1, 1])]:
            screen.handle(SelectCell(row, col))
            for digit in digits:
                screen.handle(Digit(digit))
        assert checked() == ("No rule is broken, but no solution keeps all of your numbers: "
                             "one of them will not work out (u takes your moves back one by one).")
        assert screen.message.kind is MessageKind.ERROR
        screen.handle(SelectCell(2, 2))
        screen.handle(Command.CLEAR)
        screen.handle(SelectCell(0, 1))
        screen.handle(Digit(2))  # 1, 2 along the top: a solution keeps them
        assert checked() == ("No mistakes found: a solution keeps all of your numbers (this "
                             "puzzle has more than one).")
        # a fill from numbers that could not be vetted in time says so under its count
        from numbrix_curses import assist

        screen._apply_fill(assist.Fill(((2, 3),), conditional=True))
        assert screen.game.grid[0, 2] == 3
        assert screen.message.text == ("Auto-fill placed 1 number; u undoes it. It follows "
                                       "from your numbers, which could not be checked.")
    finally:
        screen.solution_job.cancel()


def play_screen_solved(tmp_path: Path, text: str | None = None, label: str = "demo"):
    """A play screen on the puzzle in `text` (the demo by default) whose background solve
    has ended and been read, as when the player has looked a moment."""
    from helpers import DEMO_TEXT
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    screen = PlayScreen(AppContext(Store(tmp_path / "state")),
                        Game(parse_puzzles(text or DEMO_TEXT)[0]), label)
    assert screen.solution_job.wait(30)
    screen.tick()
    return screen


def task_done(screen) -> None:
    """Wait for the screen's hint, check or fill under way, and take its answer."""
    assert screen.task is not None and screen.task.wait(30)
    screen.tick()


def take_first_hint(screen) -> None:
    """`?` on a game with no help yet: asked first (it costs the best time), and taken."""
    from numbrix_curses.ui.dialogs import ConfirmScreen
    from numbrix_curses.ui.screen import Push

    nav = screen.handle(Command.HINT)
    assert isinstance(nav, Push) and isinstance(nav.screen, ConfirmScreen), nav
    assert nav.screen.question == "Take a hint?"
    nav.screen.on_yes()


def test_asking_again_for_a_hint_under_way_asks_nothing(tmp_path: Path, monkeypatch):
    """The first hint asks, as it costs the best time; a `?` while that hint waits for the
    solve does not ask again (the game counts as helped only once a hint shows)."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext, Push

    release = threading.Event()

    def held_solve(self, token, seconds):
        assert release.wait(30), "the test never let the solve go"
        return self.__class__._real_solve(self, token, seconds)

    monkeypatch.setattr(PlayScreen, "_real_solve", PlayScreen._solve, raising=False)
    monkeypatch.setattr(PlayScreen, "_solve", held_solve)
    screen = PlayScreen(AppContext(Store(tmp_path / "state")),
                        Game(parse_puzzles(DEMO_TEXT)[0]), "demo")
    try:
        screen.handle(SelectCell(2, 1))
        screen.handle(Digit(1))
        screen.handle(Digit(3))  # the player's own number: the hint waits for the solve
        screen.handle(Command.COMMIT)
        take_first_hint(screen)
        assert "Working out the solution" in screen.message.text
        assert not isinstance(screen.handle(Command.HINT), Push)
        assert "Working out the solution" in screen.message.text
    finally:
        release.set()
        screen.close()


def test_a_fault_in_the_hint_is_said_as_one(tmp_path: Path, monkeypatch):
    """A hint that failed inside the deduction engine (an assertion of its own) was shown as
    "Hints need the deduction engine, not in this version yet.", which hid the fault."""
    from numbrix_curses import assist
    from numbrix_curses.ui.panel import MessageKind

    def failing_hint(puzzle, grid, *, solve=True):
        raise AssertionError("deduction failed on a unique puzzle: a test's fault")

    monkeypatch.setattr(assist, "next_hint", failing_hint)
    screen = play_screen_solved(tmp_path)
    try:
        take_first_hint(screen)
        task_done(screen)
        assert screen.message.kind is MessageKind.ERROR
        assert screen.message.text == ("The hint failed: AssertionError: deduction failed on "
                                       "a unique puzzle: a test's fault")
    finally:
        screen.close()


def test_a_hint_shown_again_on_the_same_board_counts_once(tmp_path: Path):
    """Before: ? y Esc ? Esc ? counted three hints of one, and the solved line said "no
    best time: 3 hints used" with nothing placed."""
    screen = play_screen_solved(tmp_path)
    try:
        take_first_hint(screen)
        for again in range(3):
            task_done(screen)
            assert screen.hint is not None and screen.game.hints == 1, again
            screen.handle(Command.CANCEL)  # Esc dismisses it; ? shows it again, unasked
            assert screen.hint is None
            assert screen.handle(Command.HINT) is None
        task_done(screen)
        assert screen.handle(Command.HINT) is None  # ? again places it
        assert screen.game.hints == 1 and screen.game.placed > 0
    finally:
        screen.close()


def test_take_a_hint_is_asked_once_a_game_where_the_hint_counted_nothing(tmp_path: Path):
    """Before: on a puzzle with several solutions the hint ("no further step can be
    proved") counted nothing, so each ? asked "Take a hint?" again."""
    screen = play_screen_solved(tmp_path, "1 . . .\n. . . .\n. . . .\n16 . . .\n", "several")
    try:
        take_first_hint(screen)
        task_done(screen)
        assert screen.game.hints == 0  # (nothing shown: nothing counted)
        assert screen.handle(Command.HINT) is None  # not asked again
    finally:
        screen.close()


def _type_in_the_demos_missing_numbers(screen) -> None:
    """Solve helpers.DEMO_TEXT's puzzle on its play screen, number by number."""
    for (row, col), number in [((0, 1), 3), ((0, 2), 2), ((1, 2), 15), ((2, 1), 13),
                               ((2, 2), 12)]:
        screen.handle(SelectCell(row, col))
        for digit in str(number):
            screen.handle(Digit(int(digit)))


def test_a_solve_faster_than_the_grading_counts_under_the_grade_once_known(tmp_path: Path,
                                                                          monkeypatch):
    """A puzzle whose file says no difficulty is graded beside the game; a player who
    solves it before the grade is known has the solve recorded without one, and the grade,
    when it comes, goes into that record (the statistics then list it under its grade)."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses import assist
    from numbrix_curses.game import Game
    from numbrix_curses.savefile import puzzle_key
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    release = threading.Event()

    def held_grade(puzzle, solution, check):
        assert release.wait(30), "the test never let the grading go"
        return "hard"

    monkeypatch.setattr(assist, "grade_of", held_grade)
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    assert "difficulty" not in puzzle.metadata
    store = Store(tmp_path / "state")
    screen = PlayScreen(AppContext(store), Game(puzzle), "demo")
    try:
        assert screen.solution_job.wait(30)
        screen.tick()  # (the grading starts once the solve has proved the puzzle unique)
        assert screen.grade_job is not None
        _type_in_the_demos_missing_numbers(screen)
        assert screen.game.solved is not None
        assert store.records()[puzzle_key(puzzle)].difficulty == ""
        release.set()
        assert screen.grade_job.wait(30)
        screen.tick()
        record = store.records()[puzzle_key(puzzle)]
        assert (record.difficulty, record.solved) == ("hard", 1)
    finally:
        release.set()
        screen.close()


def test_a_grade_come_in_since_the_last_tick_goes_into_the_save(tmp_path: Path, monkeypatch):
    """The grade of a puzzle its file gave none came in after the screen last looked, and
    the player left: the save keeps it, so the game opened again says "easy" (it said the
    size alone until it was graded anew)."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses import assist
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    release = threading.Event()

    def held_grade(puzzle, solution, check):
        assert release.wait(30), "the test never let the grading go"
        return "easy"

    monkeypatch.setattr(assist, "grade_of", held_grade)
    store = Store(tmp_path / "state")
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    screen = PlayScreen(AppContext(store), Game(puzzle), "demo")
    try:
        assert screen.solution_job.wait(30)
        screen.tick()  # (the grading starts)
        assert screen.grade_job is not None
        screen.handle(Digit(2))  # a move, so the game is saved
        release.set()
        assert screen.grade_job.wait(30)
    finally:
        release.set()
        screen.close()  # (no tick between the grade and the close)
    saved = store.load_game(parse_puzzles(DEMO_TEXT)[0])
    assert saved is not None and saved.puzzle.metadata.get("difficulty") == "easy"


def test_a_grade_that_comes_after_the_screen_closed_still_goes_into_the_record(
        tmp_path: Path, monkeypatch):
    """The same, with the game closed between the solve and the grade: the grading is not
    cancelled but finishes on its own, and its grade goes into the record; a game closed
    unsolved cancels its grading (nothing would be noted)."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses import assist, jobs
    from numbrix_curses.game import Game
    from numbrix_curses.savefile import puzzle_key
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    release = threading.Event()

    def held_grade(puzzle, solution, check):
        while not release.wait(0.01):
            check()  # (a cancelled grading stops here)
        return "hard"

    monkeypatch.setattr(assist, "grade_of", held_grade)
    store = Store(tmp_path / "state")

    def opened() -> PlayScreen:
        screen = PlayScreen(AppContext(store), Game(parse_puzzles(DEMO_TEXT)[0]), "demo")
        assert screen.solution_job.wait(30)
        screen.tick()
        assert screen.grade_job is not None
        return screen

    try:
        unsolved = opened()
        grading = unsolved.grade_job
        unsolved.close()
        assert grading.wait(5) and grading.error == "cancelled"

        screen = opened()
        grading = screen.grade_job
        _type_in_the_demos_missing_numbers(screen)
        puzzle = screen.game.puzzle
        assert screen.game.solved is not None
        screen.close()
        assert store.records()[puzzle_key(puzzle)].difficulty == ""
        release.set()
        jobs.finish_follow_ups(30)
        assert grading.result == "hard"
        record = store.records()[puzzle_key(puzzle)]
        assert (record.difficulty, record.solved) == ("hard", 1)
        assert "difficulty" not in puzzle.metadata  # (noted on a copy: see the close)
    finally:
        release.set()


def test_help_before_the_solution_is_known_works_from_right_numbers_only(tmp_path: Path,
                                                                        monkeypatch):
    """Hints and auto-fill never solve the puzzle themselves: the background solve does
    (on a 20x20 a hint that solved it again came after as long, or not in time at all).
    Until it has answered, a hint is found at once on a board whose numbers are known to be
    right (the givens, and what help placed); a number of the player's makes help wait for
    the solve, as a check does, and Esc gives that up."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses import solver
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    release = threading.Event()
    solves = []
    real_solve = solver.solve

    def counted_solve(puzzle, *args, **kwargs):
        solves.append(threading.current_thread().name)
        return real_solve(puzzle, *args, **kwargs)

    def held_solve(self, token, seconds):
        assert release.wait(30), "the test never let the solve go"
        return self.__class__._real_solve(self, token, seconds)

    monkeypatch.setattr(solver, "solve", counted_solve)
    monkeypatch.setattr(PlayScreen, "_real_solve", PlayScreen._solve, raising=False)
    monkeypatch.setattr(PlayScreen, "_solve", held_solve)
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "demo")

    def answered() -> None:
        if screen.task is not None:  # (a tick may have seen it end already)
            assert screen.task.wait(30)
            screen.tick()
        assert screen.task is None

    try:
        take_first_hint(screen)
        answered()
        assert "must go at C1" in screen.message.text, screen.message
        screen.handle(Command.HINT)  # placed: a number help put there is right
        assert screen.message.text.startswith("Placed")
        screen.handle(Command.HINT)
        answered()
        assert "must go at" in screen.message.text, screen.message
        assert solves == []  # the background solve is still held, and no hint solved
        screen.handle(SelectCell(2, 1))
        screen.handle(Digit(1))
        screen.handle(Digit(3))  # the player's own number: right or not, help cannot know
        screen.handle(Command.COMMIT)
        screen.handle(Command.HINT)
        assert screen.task is None and "Working out the solution" in screen.message.text
        screen.handle(Command.CANCEL)
        assert screen.message.text == "Cancelled." and screen.help_waiting is None
        screen.handle(Command.HINT)
        release.set()
        assert screen.solution_job.wait(30)
        screen.tick()  # the solve has answered: the hint asked for goes ahead
        answered()
        assert "must go at" in screen.message.text, screen.message  # (13 is right there)
        assert solves == ["solution"]  # one solve in all, the background one
    finally:
        release.set()
        screen.solution_job.cancel()


def test_hint_and_auto_fill(term: Terminal, board: Board):
    first_hint(term)
    term.wait_message("must go at C1")
    term.wait_message("? again places it.")
    hinted = [(r, c) for r in range(4) for c in range(4)
              if term.lines[board.cell_yx(r, c)[0]][board.cell_yx(r, c)[1]] == "?"]
    assert len(hinted) == 1
    term.send("?")  # again: placed
    term.wait_text("Placed")
    term.send("f")
    term.wait_text("Solved in")  # auto-fill finishes this easy board
    term.send("u")
    term.wait_text("Solved in")  # a real solve stays


LONG_HINT_PUZZLE = """\
# id: long-hint
 .  . 27  .  .  .  .
 . 31  .  . 40  .  .
 .  .  .  .  .  .  .
 . 21  .  .  .  . 48
 .  .  . 36 11  .  .
 .  .  .  . 12  .  .
 .  .  .  .  .  .  .
"""


def test_a_long_hint_is_shown_whole_at_80x24(tmp_path: Path, state: Path):
    path = tmp_path / "long.txt"
    path.write_text(LONG_HINT_PUZZLE)
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        first_hint(term)  # its reason takes six rows of the panel, the title's among them
        wait_status(term, "? again places it.")
        assert "..." not in term.flowing_text(term.panel_left())
        term.send("f")  # the panel's count of help fits its width too
        term.wait_text("Moves   1  (1 hint, 1 fill)")
        term.send("q")
        assert term.wait_exit() == 0


def test_hint_refuses_on_a_board_with_a_contradiction(term: Terminal, board: Board):
    board.click(2, 2)
    term.send("1")
    term.send("5")
    board.wait_cell(2, 2, "15")
    term.send("?")
    term.wait_text("Fix the marked cell first")


def test_a_hint_that_shows_nothing_is_not_counted_as_help(tmp_path: Path, state: Path):
    path = tmp_path / "open.txt"
    path.write_text("# id: open\n1 . .\n. . .\n. . .\n")  # many solutions
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        first_hint(term)
        term.wait_text("No further step can be proved:")  # a sentence, capital and all
        assert "solution." in term.text
        assert "Moves   0" in term.text and "hint" not in term.lines[3], term.dump()


#: what the play screen says of a 3x3 puzzle with 2 in a corner (with the solver's reason)
ODD_ON_A_CORNER = ("This puzzle has no solution: 2 stands on the wrong checkerboard colour, "
                   "as even numbers cannot take the corner colour on a board with an odd number "
                   "of cells.")


@pytest.mark.parametrize("rows, said", [
    ("1 . .\n. . .\n. . .\n", "This puzzle has more than one solution"),
    ("2 . .\n. . .\n. . .\n", ODD_ON_A_CORNER),
])
def test_a_puzzle_without_one_solution_says_so_on_opening(tmp_path: Path, state: Path,
                                                          rows: str, said: str):
    path = tmp_path / "slip.txt"
    path.write_text("# id: slip\n" + rows)
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.wait_for(lambda: said in " ".join(term.flowing_text(term.panel_left()).split()), what=said)


@pytest.mark.parametrize("rows, said", [
    # the givens break a rule: 2 is not next to 1
    ("1 . .\n. . .\n. . 2\n", "This puzzle has no solution: 1 and 2 are given but not next "
                               "to each other."),
    # only the solver sees it (an even number on a corner)
    ("2 . .\n. . .\n. . .\n", ODD_ON_A_CORNER),
])
def test_hint_reveal_fill_and_check_say_at_once_that_there_is_no_solution(
    tmp_path: Path, state: Path, rows: str, said: str
):
    """Before: ? said "Fix the marked cells first" and marked the givens, which cannot be
    changed, and S asked "Reveal the solution?" before saying there is none. It says why,
    which points a player who typed the puzzle in at the slip."""
    path = tmp_path / "slip.txt"
    path.write_text("# id: slip\n" + rows)
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.wait_for(lambda: said in term.flowing_text(term.panel_left()), what=said)
        for key in "?Sfc":  # (c said "2 cells marked: those numbers cannot all be right")
            term.send_key("right")  # a move clears the message
            term.wait_for(lambda: said not in term.flowing_text(term.panel_left()), what="message gone")
            term.send(key)
            term.wait_for(lambda: said in term.flowing_text(term.panel_left()), what=f"{key}: {said}")
            assert "Fix the marked" not in term.text
            assert "Reveal the solution?" not in term.text
            assert "Fill in every simple step?" not in term.text
        assert "Moves   0" in term.text and "hint" not in term.lines[3], term.dump()
        term.send("q")
        assert term.wait_exit() == 0


def test_check_on_a_puzzle_the_solver_proved_has_no_solution_says_so(tmp_path: Path,
                                                                     state: Path):
    """The givens break no rule, so nothing is marked; "No mistakes found." would mislead."""
    said = ODD_ON_A_CORNER
    path = tmp_path / "slip.txt"
    path.write_text("# id: slip\n2 . .\n. . .\n. . .\n")  # an even number on a corner
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.wait_for(lambda: said in term.flowing_text(term.panel_left()), what=said)
        term.send_key("right")  # a move clears the message
        term.wait_for(lambda: said not in term.flowing_text(term.panel_left()), what="message gone")
        term.send("c")
        term.wait_for(lambda: said in term.flowing_text(term.panel_left()), what=f"c: {said}")
        assert "No mistakes found." not in term.text


def test_a_puzzle_with_no_solution_names_the_given_likely_copied_wrong(tmp_path: Path,
                                                                        state: Path):
    """A 5x5 serpentine's givens with the 18 misread as 16: once the solver knows there is
    no solution, the message also names the given without which there is one."""
    path = tmp_path / "misread.txt"
    path.write_text("# id: misread\n" + MISREAD_18)
    said = ("This puzzle has no solution: the givens cannot be joined into one path. It is "
            "solvable without the 16 at C4 (exactly one solution with 18 there, or with it at "
            "E4): it was likely copied wrong there.")
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.wait_message(said)
        term.send_key("right")  # a move clears the message; ? says it again, whole
        term.wait_gone("copied wrong")
        term.send("?")
        term.wait_message(said)


def test_a_puzzle_with_two_givens_swapped_says_it_has_one_solution_with_them_put_back(
        tmp_path: Path, state: Path):
    """It said "It is exactly one solution with the 9 at D4 and the 10 at C4 swapped"."""
    path = tmp_path / "slip.txt"
    path.write_text(DEMO_TEXT.replace("8 9 10", "8 10 9"))
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.wait_message("It has exactly one solution with the 9 at D4 and the 10 at C4 "
                          "swapped: it was likely copied wrong there.", 15)


def test_reveal_asks_first_then_fills_and_undo_takes_it_back(term: Terminal, board: Board):
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.send("S")
    term.wait_text("Reveal the solution?")
    assert board.text(3, 0) == "7"  # a question does not hide the board
    term.send("n")
    term.wait_gone("Reveal the solution?")
    assert board.text(0, 2) == ""
    term.send("S")
    term.wait_text("Reveal the solution?")
    term.send("y")
    board.wait_cell(2, 1, "13")
    term.wait_text("Solution revealed")
    assert [board.text(0, c) for c in range(4)] == ["4", "3", "2", "1"]
    term.send("u")
    board.wait_cell(2, 1, "")
    assert board.text(0, 1) == "3"  # the player's own number is back


def test_restart_asks_first_and_can_be_undone(term: Terminal, board: Board):
    term.send("3")
    term.send_key("right")
    term.send("2")
    board.wait_cell(0, 2, "2")
    term.send("R")
    term.wait_text("start again?")
    term.send_key("escape")  # no
    term.wait_gone("start again?")
    assert board.text(0, 1) == "3"
    term.send("R")
    term.wait_text("start again?")
    term.click(*term.find("[y] Yes"))
    board.wait_cell(0, 1, "")
    assert board.text(0, 2) == ""
    term.send("u")
    board.wait_cell(0, 1, "3")
    board.wait_cell(0, 2, "2")


def test_move_history_lists_moves_and_a_click_goes_back(term: Terminal, board: Board):
    term.send("3")
    term.send_key("right")
    term.send("2")
    board.wait_cell(0, 2, "2")
    term.send("m")
    term.wait_text("1. 3 at B1")
    term.wait_text("2. 2 at C1")
    # the way out stays in sight under the list (the list took the whole key list)
    assert re.search(r"help +F1 H +quit +q", term.lines[-1]), term.dump()
    term.click(*term.find("0. start"))
    board.wait_cell(0, 1, "")
    assert board.text(0, 2) == ""
    term.wait_text("Moves   0")
    term.click(*term.find("2. 2 at C1"))  # redo both, from the list
    board.wait_cell(0, 2, "2")
    term.send("m")
    term.wait_text("arrows hjkl wasd")  # the keys again
    term.send("m")
    term.wait_text("[Esc close]")
    term.send_key("escape")  # closes it as m does
    term.wait_text("arrows hjkl wasd")
    term.send("m")
    term.wait_text("[Esc close]")
    term.click(*term.find("[Esc close]"))  # and so does a click on the title (the list
    term.wait_text("arrows hjkl wasd")     # takes the place of "moves m" beside the board)


def test_a_drawn_stroke_is_one_line_of_the_move_history(term: Terminal, board: Board):
    """A stroke is one move; its line says what it drew or took back, short enough for
    the list ("drew 10 numbers, 129 to 141" was cut to "... 129 to 1")."""
    board.drag([(0, 3), (0, 2), (0, 1)])  # from the 1: 2, 3
    board.wait_cell(0, 1, "3")
    board.drag([(0, 1), (0, 2)])  # a new drag back over the 3: it goes
    board.wait_cell(0, 1, "")
    term.send("m")
    term.wait_text("1. drew 2-3")
    term.wait_text("2. B1 cleared (3)")  # (one number: said as a cell)
    term.click(*term.find("1. drew 2-3"))
    board.wait_cell(0, 1, "3")


def test_a_click_on_the_earlier_line_of_a_long_move_list_goes_back_to_them(term: Terminal,
                                                                           board: Board):
    for _ in range(10):  # twenty moves on B1: a number, then clear
        term.send("3")
        term.send(" ")
    term.wait_text("Moves   20")
    term.send("m")
    term.wait_text("20. B1 cleared")
    term.wait_match(r"\.\.\. \d+ earlier")
    for _ in range(5):  # each click goes back to the first move shown, the list follows
        if "0. start" in term.text:
            break
        shown = term.text
        term.click_text("earlier")
        term.wait_for(lambda: term.text != shown, what="the list to move")
    assert "0. start" in term.text, term.dump()
    assert "Moves   20" not in term.text
    # The moves to redo, past the bottom, are counted as the earlier ones were, and a
    # click on that line goes forward to them.
    term.wait_match(r"\.\.\. \d+ later")
    for _ in range(5):
        if "20. B1 cleared" in term.text:
            break
        shown = term.text
        term.click_text("later")
        term.wait_for(lambda: term.text != shown, what="the list to move")
    assert "20. B1 cleared" in term.text and "later" not in term.text, term.dump()


def the_only_record(state: Path) -> dict:
    """The one puzzle's entry in the app's records (solves and best times)."""
    import json

    records = json.loads((state / "numbrix-curses" / "records.json").read_text())
    [entry] = records["puzzles"].values()
    return entry


def assert_solved_once_without_a_best_time(state: Path) -> None:
    entry = the_only_record(state)
    assert entry["solved"] == 1 and "best_seconds" not in entry


def wait_status(term: Terminal, text: str) -> None:
    """Wait for `text` in the status line, which may wrap onto the lines below it."""
    term.wait_message(text)


def type_the_demo_solution(term: Terminal) -> None:
    """Fill the demo's blanks by keys alone, from the cursor's first cell (0,1):
    (0,1)=3 (0,2)=2 (1,2)=15 (2,2)=12 (2,1)=13."""
    for keys, number in [((), "3"), (("right",), "2"), (("down",), "15"),
                         (("down",), "12"), (("left",), "13")]:
        for key in keys:
            term.send_key(key)
        for digit in number:
            term.send(digit)
        term.send_key("enter")


def test_play_to_completion_by_keys_only(term: Terminal):
    type_the_demo_solution(term)
    term.wait_match(r"Solved in \d+:\d\d, 5 moves")
    wait_status(term, "A first solve: the time to beat.")


def test_a_solve_says_its_pencil_marks_apart_from_its_moves(term: Terminal):
    """A player who pencils is not told of more moves than one who does not: the marks
    are said apart, and the two add up to the panel's count."""
    term.send("N3")
    term.send_key("enter")
    term.send("N")  # numbers again
    term.wait_message("what you type goes in as numbers")
    type_the_demo_solution(term)
    term.wait_match(r"Solved in \d+:\d\d, 5 moves and 1 pencil mark\b")
    assert re.search(r"Moves\s+6\b", term.text), term.dump()


@pytest.mark.parametrize("seconds, best, is_best, said", [
    (41.0, None, False, "Solved in 0:41, 30 moves"),
    (40.2, 40.2, True, "Solved in 0:40, 30 moves. A new best time!"),
    (41.6, 41.2, False, "Solved in 0:41, 30 moves (as fast as your best, 0:41)"),
    (75.0, 41.2, False, "Solved in 1:15, 30 moves (best 0:41)"),
])
def test_the_solved_line_compares_with_the_best_time(seconds, best, is_best, said):
    assert solved_line(seconds, 30, best, is_best) == said


def test_a_new_best_time_says_the_one_it_beat():
    """Before: "A new best time!", and the old best was gone from the screen."""
    assert solved_line(8.0, 17, 8.0, True, beaten=30.4) == (
        "Solved in 0:08, 17 moves. A new best time (was 0:30)!")
    assert solved_line(1.1, 4, 1.1, True, beaten=1.8) == (  # (not "(was 0:01)")
        "Solved in 0:01, 4 moves. A new best time, by a fraction of a second!")


def test_the_solved_line_says_pencil_marks_apart():
    assert solved_line(75.0, 30, 41.2, False, marks=12) == (
        "Solved in 1:15, 30 moves and 12 pencil marks (best 0:41)")
    assert solved_line(41.0, 1, marks=1) == "Solved in 0:41, 1 move and 1 pencil mark"


def test_a_first_solve_sets_the_time_to_beat():
    assert solved_line(41.0, 30, first=True) == "Solved in 0:41, 30 moves. A first solve: the time to beat."
    # after solves with help, which set no time, the first without help is no "new best"
    assert solved_line(41.0, 30, 41.0, True, first=True, helped_before=True) == (
        "Solved in 0:41, 30 moves. Your first solve without help: the time to beat.")


@pytest.mark.parametrize("moves, hints, fills, said", [
    (12, 0, 0, "12"),
    (12, 1, 0, "12  (1 hint)"),
    (12, 2, 1, "12  (2 hints, 1 fill)"),
    (1234, 99, 12, "1,234  (111 assists)"),  # the long form would pass the panel's 23
    (699251, 0, 0, "699,251"),  # (parted as "Welcome back: 699,251 moves" parts it)
])
def test_the_panel_counts_moves_and_help_within_its_width(moves, hints, fills, said):
    assert moves_value(moves, hints, fills, 23) == said


def test_best_time_is_recorded(demo: Path, state: Path):
    for attempt in range(2):
        with start(play_command(str(demo)), state, rows=ROWS, cols=COLS) as term:
            wait_play(term, last="r-click clear")
            term.send("S")
            term.wait_text("Reveal the solution?")
            term.send("n")  # (a revealed game would not count)
            type_the_demo_solution(term)
            term.wait_text("Solved in")
            if attempt == 1:
                said = ("A new best time (was 0:0", "A new best time, by a fraction",
                        "(as fast as your best, 0:0", "(best 0:0")
                term.wait_for(lambda: any(s in term.flowing_text(term.panel_left()) for s in said),
                              what="best time")
            term.send("q")
            assert term.wait_exit() == 0
    entry = the_only_record(state)
    assert entry["solved"] == 2 and entry["best_moves"] == 5 and entry["label"] == "demo"
    assert not list((state / "numbrix-curses" / "games").glob("*.json"))  # nothing to resume


def test_a_solve_after_an_undone_reveal_counts_without_a_best_time(demo: Path, state: Path):
    with start(play_command(str(demo)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.send("S")
        term.wait_text("Reveal the solution?")
        term.send("y")
        term.wait_text("Solution revealed")
        term.send("u")
        term.wait_gone("Solution revealed")
        wait_status(term, "Solution taken back. This game can no longer earn a best time.")
        type_the_demo_solution(term)
        wait_status(term, "no best time: the solution was shown")
        term.send("u")  # the player's own solve is final: it stays
        term.send("m")  # (keys are handled in order: once the list shows, u was handled)
        term.wait_text("5. 13 at B3")
        term.wait_text("Placed  16 of 16")
        term.send("q")
        assert term.wait_exit() == 0
    assert_solved_once_without_a_best_time(state)


def test_a_solve_with_auto_fill_counts_without_a_best_time(demo: Path, state: Path):
    with start(play_command(str(demo)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term, last="r-click clear")
        term.send("f")  # every blank of the demo follows by simple steps
        term.wait_text("Fill in every simple step?")  # it would cost the best time: asked
        term.send("n")
        term.wait_gone("Fill in every simple step?")
        assert "Moves   0" in term.text
        term.send("f")
        term.wait_text("Fill in every simple step?")
        term.send("y")
        wait_status(term, "no best time: 1 auto-fill used")
        term.wait_text("Moves   1  (1 fill)")  # the panel counts it
        term.send("u")  # a solve is final; the keys say what is left to do
        wait_status(term, "(no best time: 1 auto-fill used). R plays it again, g makes another "
                          "like it, q leaves.")
        term.send("R")
        term.wait_text("Play this puzzle again from the start?")
        term.send("y")
        wait_status(term, "A fresh start")
        term.wait_text("Placed  11 of 16")
        term.send("q")
        assert term.wait_exit() == 0
    assert_solved_once_without_a_best_time(state)


def test_a_key_on_a_solved_board_ends_the_solved_line_with_a_full_stop(tmp_path: Path,
                                                                       state: Path):
    """Before: "Solved in 0:00, 0 moves R plays it again", two sentences run together."""
    path = tmp_path / "full.txt"
    path.write_text("# id: full\n1 2\n4 3\n", encoding="utf-8")  # nothing left to place
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term)  # (the keys of a solved board: no mouse line)
        term.send("5")
        term.wait_message("Solved in 0:00, 0 moves. R plays it again, g makes another like it, "
                          "q leaves.")
        term.send("q")
        assert term.wait_exit() == 0


def test_a_key_that_means_nothing_on_a_solved_board_keeps_the_solved_line(tmp_path: Path,
                                                                          state: Path):
    """Before: "x does nothing here; F1 or H lists the keys." took the place of how the
    solve went until another key brought it back."""
    path = tmp_path / "full.txt"
    path.write_text("# id: full\n1 2\n4 3\n", encoding="utf-8")  # nothing left to place
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        wait_play(term)
        term.send("x")
        term.wait_message("Solved in 0:00, 0 moves. R plays it again, g makes another like it, "
                          "q leaves. x does nothing here.")
        term.send("q")
        assert term.wait_exit() == 0


def test_a_key_that_means_nothing_on_a_solved_board_is_said_whole_at_26x11(demo: Path,
                                                                           state: Path):
    """With the keys that go on after the solved line, the note was cut to "x does...":
    where they do not fit, the key line lists them and the note is said whole."""
    with start(play_command(str(demo)), state, rows=11, cols=26) as term:
        term.wait_text("q quit")
        type_the_demo_solution(term)
        term.wait_text("Solved in")
        term.send("x")
        term.wait_message("x does nothing here.")
        assert "Solved in 0:00" in term.text and "R again" in term.lines[-1], term.dump()


def test_a_key_that_means_nothing_while_paused_keeps_the_way_back(term: Terminal):
    """Before: "x does nothing here; F1 or H lists the keys." took the place of "Paused:
    click the board, p or Esc.", the only words on the hidden board saying how to go on."""
    term.send("p")
    term.wait_message("Paused: click the board, p or Esc.")
    term.send("x")
    term.wait_message("x does nothing here. Paused: click the board, p or Esc.")


def test_a_key_that_means_nothing_says_so(term: Terminal, board: Board):
    term.send("1")
    board.wait_cell(0, 1, "1")
    term.send("z")
    wait_status(term, "z does nothing here; F1 or H lists the keys.")
    term.send("2")  # the number being typed goes on: nothing happened
    board.wait_cell(0, 1, "12")
    term.send("\x1b[15~")  # F5
    wait_status(term, "F5 does nothing here")
    term.send("\x1b[11~")  # F1 as rxvt and PuTTY send it, which an xterm's description lacks
    term.wait_text("The rules")


def test_a_command_ends_the_number_being_typed(term: Terminal, board: Board):
    term.send("1")
    board.wait_cell(0, 1, "1")
    term.send("c")  # check, then a new number: 5, not 15
    term.send("5")
    board.wait_cell(0, 1, "5")


# ----- boards larger than the screen -------------------------------------------------------
def big_puzzle(tmp_path: Path, rows: int = 20, cols: int = 20) -> Path:
    path = tmp_path / "big.txt"
    grid = [["."] * cols for _ in range(rows)]
    grid[0][0] = "1"
    path.write_text("# id: big\n" + "\n".join(" ".join(row) for row in grid) + "\n")
    return path


def test_the_mouse_wheel_scrolls_a_board_larger_than_the_screen(tmp_path: Path, state: Path):
    with start(play_command(str(big_puzzle(tmp_path))), state, rows=ROWS, cols=COLS) as term:
        match = term.wait_match(r"rows 1-(\d+) cols A-([A-Z]+)")
        shown_rows = int(match.group(1))
        row, col = term.find("┌")
        for _ in range(8):  # three rows a notch: the cursor (and the view) go to the bottom
            term.wheel(row + 2, col + 2)
        term.wait_match(rf"rows {20 - shown_rows + 1}-20 ")
        for _ in range(8):  # and back to the top
            term.wheel(row + 2, col + 2, down=False)
        term.wait_match(rf"rows 1-{shown_rows} ")


def test_a_wheel_notch_moves_the_view_at_once_and_the_cursor_stays_on_its_cell(
        tmp_path: Path, state: Path):
    """The wheel moved the cursor three rows and the window followed it only at its edge:
    the first notches showed nothing new and lost the cell picked. A notch moves the window
    three rows, and the cursor only when it would leave the window."""
    with start(play_command(str(big_puzzle(tmp_path))), state, rows=ROWS, cols=COLS) as term:
        term.wait_match(r"rows 1-(\d+) ")
        board = Board(term, 4, compact=True)
        board.click(5, 3)  # D6
        row, col = term.find("┌")
        term.wheel(row + 2, col + 2)
        term.wait_match(r"rows 4-")
        term.wait_for(lambda: board.is_cursor(2, 3), what="the cursor still on D6")
        term.wheel(row + 2, col + 2)
        term.wheel(row + 2, col + 2)
        term.wait_match(r"rows 4-")  # (at the foot already: 17 of 20 rows show)
        term.wheel(row + 2, col + 2, down=False)
        term.wait_match(r"rows 1-")
        term.wait_for(lambda: board.is_cursor(5, 3), what="the cursor on D6")
        term.wheel(row + 2, col + 2)
        term.wait_match(r"rows 4-")
        board.click(0, 3)  # D4, at the window's top: a notch up keeps the cursor in sight
        term.wheel(row + 2, col + 2, down=False)
        term.wait_match(r"rows 1-")
        term.wait_for(lambda: board.is_cursor(3, 3), what="the cursor still on D4")
        term.send_key("down")  # (a key moves the cursor from there, and the window with it)
        term.wait_for(lambda: board.is_cursor(4, 3), what="the cursor on D5")


def test_a_click_at_the_edge_of_a_scrolled_board_leaves_the_view_where_it_is(
        tmp_path: Path, state: Path):
    term = start(play_command(str(big_puzzle(tmp_path, 30, 30))), state, rows=ROWS, cols=COLS)
    board = Board(term, 5, compact=True)
    with term:
        term.wait_match(r"rows 1-17 cols A-O ")  # 15 cells across; the cursor on B1
        for _ in range(25):
            term.send_key("right")
        term.wait_match(r"cols N-AB ")  # the cursor on column 27 (AA), with one to spare
        term.wait_for(lambda: board.is_cursor(0, 13), what="the cursor in view")
        y, x = board.cell_yx(0, 0)  # (Board counts from the window's first cell)
        term.click(y, x + 2)
        term.wait_for(lambda: board.is_cursor(0, 0), what="the clicked cell selected")
        assert "cols N-AB " in term.lines[0]  # the view did not move under the pointer
        term.send_key("escape")  # nor on a key that leaves the cursor there
        term.send("c")
        term.wait_text("No contradiction")
        assert "cols N-AB " in term.lines[0]
        term.send_key("left")  # a key that moves it still scrolls ahead of the cursor
        term.wait_match(r"cols L-Z ")
        term.send_key("end")  # the row's last cell
        term.wait_match(r"cols P-AD ")
        term.send_key("home")
        term.wait_match(r"cols A-O ")
        term.send_key("page-down")  # ten rows down
        term.wait_for(lambda: board.is_cursor(10, 0), what="the cursor ten rows down")


def test_a_board_larger_than_the_screen_scrolls_with_the_cursor(tmp_path: Path, state: Path):
    term = start(play_command(str(big_puzzle(tmp_path, 30, 30))), state, rows=ROWS, cols=COLS)
    board = Board(term, 5)
    with term:
        match = term.wait_match(r"rows 1-(\d+) cols A-([A-Z]+)")
        shown_rows, shown_cols = int(match.group(1)), ord(match.group(2)) - ord("A") + 1
        assert 5 <= shown_rows < 30 and 5 <= shown_cols < 30
        term.wait_text("┄")  # the cut edge is dashed
        for _ in range(shown_rows + 2):
            term.send_key("down")
        # The cursor is on row shown_rows + 3 (1-based) with one row of margin below it.
        term.wait_match(rf"rows 5-{shown_rows + 4} ")
        term.send("7")
        term.wait_for(lambda: any("  7 " in line for line in term.lines), what="7 typed")
        term.send_key("enter")
        for _ in range(25):
            term.send_key("up")
        term.wait_match(r"rows 1-")
        board.wait_cell(0, 0, "1")
        term.resize(10, 26)
        term.wait_text("Terminal too small")
        term.resize(ROWS, COLS)
        term.wait_match(r"rows 1-")


# ----- pieces that need no terminal --------------------------------------------------------
@pytest.mark.parametrize(
    "seconds, text", [(0, "0:00"), (83.9, "1:23"), (600, "10:00"), (3725, "1:02:05")]
)
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text


@pytest.mark.parametrize("seconds, said", [(0.0, "under 0.01 s"), (0.004, "under 0.01 s"),
                                           (0.006, "0.01 s"), (1.234, "1.23 s")])
def test_a_solver_time_too_short_to_show_is_said_as_such(seconds, said):
    """A 5x5 solved in 3 ms was "in 0.00 s", which reads as no time at all."""
    assert solver_time(seconds) == said


def test_screen_mask_maps_positions_to_actions():
    mask = ScreenMask(5, 10)
    mask.put(1, 2, 4, SelectCell(0, 0))
    mask.fill(3, 0, 2, 3, Command.UNDO)
    mask.put(1, 8, 5, SelectCell(0, 0))  # clipped at the right edge
    assert mask.at(1, 2) == mask.at(1, 5) == SelectCell(0, 0)
    assert mask.at(1, 6) is None and mask.at(1, 1) is None
    assert mask.at(4, 2) is Command.UNDO
    assert mask.at(1, 9) == SelectCell(0, 0)
    assert mask.at(-1, 0) is None and mask.at(5, 0) is None and mask.at(0, 10) is None
    mask.put(1, 2, 1, None)
    assert mask.at(1, 2) is None and mask.at(1, 3) == SelectCell(0, 0)
    mask.clear()
    assert mask.at(4, 2) is None


def test_a_drag_across_cells_draws_as_shift_arrows_do():
    import curses

    mask = ScreenMask(3, 12)
    for col in range(3):  # a row of three cells, 4 columns wide, and a button below
        mask.put(0, 4 * col, 4, SelectCell(0, col))
        mask.put(1, 4 * col, 4, SelectCell(1, col))
    mask.put(2, 0, 4, Command.UNDO)
    press, release = curses.BUTTON1_PRESSED, curses.BUTTON1_RELEASED
    moved = curses.REPORT_MOUSE_POSITION
    drag = DragPath()
    assert drag.actions(mask, 0, 1, press) == [SelectCell(0, 0)]  # as a click
    assert drag.actions(mask, 0, 3, moved) == []  # within the cell
    assert drag.actions(mask, 0, 5, moved) == [Extend(0, 1)]
    # a corner cut: on the way it was going (right), then down
    assert drag.actions(mask, 1, 9, moved) == [Extend(0, 1), Extend(1, 0)]
    assert drag.actions(mask, 1, 1, moved) == [Extend(0, -1)] * 2  # a fast move skips cells
    # going left, cut to the cell up and right: on left would be back, so up first
    assert drag.actions(mask, 0, 5, moved) == [Extend(-1, 0), Extend(0, 1)]
    # going right, cut to the cell down and left: down first, for the same reason
    assert drag.actions(mask, 1, 1, moved) == [Extend(1, 0), Extend(0, -1)]
    # going left, cut to the cell up and left: on left, then up
    drag.actions(mask, 1, 9, moved)
    assert drag.actions(mask, 1, 5, moved) == [Extend(0, -1)]
    assert drag.actions(mask, 0, 1, moved) == [Extend(0, -1), Extend(-1, 0)]
    assert drag.actions(mask, 2, 1, moved) == []  # off the board
    # the button up after a drag that drew ends its stroke (so a Shift-arrow after it is
    # a move of its own); it says nothing else
    assert drag.actions(mask, 2, 1, release) == [Command.END_STROKE]
    assert drag.actions(mask, 0, 1, moved) == []  # the button is up: no drag
    assert drag.actions(mask, 2, 1, press) == [Command.UNDO]
    assert drag.actions(mask, 0, 1, moved) == []  # a press off the board starts none
    # a ruler's letter takes the cursor to its column when clicked, but is no cell a drag
    # passing over it draws to
    from numbrix_curses.ui.actions import GoTo

    mask.put(2, 4, 4, GoTo(0, 1))
    assert drag.actions(mask, 0, 1, press) == [SelectCell(0, 0)]
    assert drag.actions(mask, 2, 5, moved) == []
    assert drag.actions(mask, 2, 5, release) == []  # (it drew nothing: a click's release)
    assert drag.actions(mask, 2, 5, press) == [GoTo(0, 1)]


def test_shift_arrows_draw_in_play():
    import curses

    assert action_for_key(curses.KEY_SR) == Extend(-1, 0)
    assert action_for_key(curses.KEY_SRIGHT) == Extend(0, 1)


def test_a_page_of_text_scrolls_by_line_page_and_to_its_ends():
    from numbrix_curses.ui.actions import Scroll
    from numbrix_curses.ui.screen import scrolled

    assert scrolled(0, MoveCursor(1, 0), 10, 25) == 1
    assert scrolled(0, MoveCursor(-1, 0), 10, 25) == 0  # not above the first line
    assert scrolled(3, Scroll(3), 10, 25) == 6
    assert scrolled(10, Command.PAGE_DOWN, 10, 25) == 15  # the last page ends the text
    assert scrolled(12, Command.PAGE_UP, 10, 25) == 2
    assert scrolled(4, Command.END, 10, 25) == 15 and scrolled(9, Command.HOME, 10, 25) == 0
    assert scrolled(0, Command.PAGE_DOWN, 10, 7) == 0  # all of it fits
    assert scrolled(5, Command.UNDO, 10, 25) == 5  # anything else leaves it


def test_key_table():
    import curses

    assert action_for_key(curses.KEY_UP) == MoveCursor(-1, 0)
    assert action_for_key("h") == action_for_key("a") == MoveCursor(0, -1)
    assert action_for_key("s") == MoveCursor(1, 0)
    assert action_for_key("S") is Command.REVEAL  # capitals of their own: reveal, restart, help
    assert action_for_key("R") is Command.RESTART
    assert action_for_key("H") is Command.HELP
    assert action_for_key("W") == MoveCursor(-1, 0)  # others act as their small letter
    assert action_for_key("7") == Digit(7)
    assert action_for_key("\x12") is Command.REDO
    assert action_for_key("x") is None
    assert action_for_key("?") is Command.HINT
    assert action_for_key(curses.KEY_F1) is Command.HELP
    assert action_for_key("٣") is None  # non-ASCII digits do not type
    assert ClearCell(1, 2) != SelectCell(1, 2)


@pytest.mark.parametrize("reason, shown", [
    ("no further step can be proved: more than one solution",
     "No further step can be proved: more than one solution."),
    ("12 and 14 are too far apart.", "12 and 14 are too far apart."),
    ("  why (see C3)", "Why (see C3)."),
    ("2 must go at B5: next to 1 (3 is already next to it)",
     "2 must go at B5: next to 1 (3 is already next to it)."),
    ("as said (see C3.)", "As said (see C3.)"),
    ("", ""),
])
def test_a_reason_shown_alone_reads_as_a_sentence(reason: str, shown: str):
    assert sentence(reason) == shown


def test_a_message_wraps_between_words_not_inside_a_path():
    from numbrix_curses.ui.draw import wrap_text

    assert wrap_text("Saved to /tmp/my-puzzles/typed.txt.", 30) == [
        "Saved to", "/tmp/my-puzzles/typed.txt."]
    # too long for a line, a path breaks after a slash, not inside a name ("/tmp/ann/m"
    # over "ouse/9x9...")
    assert wrap_text("Saved the puzzle to /tmp/ann/mouse/9x9-easy-1234567.txt (e saves "
                     "there).", 30) == ["Saved the puzzle to /tmp/ann/",
                                        "mouse/9x9-easy-1234567.txt", "(e saves there)."]
    assert wrap_text("/a/bb/ccc", 4) == ["/a/", "bb/", "ccc"]


def test_a_key_is_never_left_at_the_end_of_a_line():
    """"... at F8. ?" over "again places it." read as a question mark; a one-character
    word goes on with the word after it."""
    from numbrix_curses.ui.draw import wrap_text

    assert wrap_text("next to 3 and 5 at F8. ? again places it.", 24) == [
        "next to 3 and 5 at F8.", "? again places it."]
    assert wrap_text("Type the given numbers, then c to check.", 30) == [
        "Type the given numbers, then", "c to check."]
    # (a key and its colon alike: "f:" ended a line and "swap" began the next at 30x12)
    assert wrap_text("not next to each other. f: swap the 9 at D4", 26) == [
        "not next to each other.", "f: swap the 9 at D4"]
    # a short word opening a bracket alike: "(and" ended a line over "1 more problem)."
    said = "8 and 9 are not side by side (and 1 more problem)."
    for width in range(33, 50):
        assert wrap_text(said, width) == ["8 and 9 are not side by side",
                                          "(and 1 more problem)."], width
    assert wrap_text("the cell (or its neighbour) is wrong", 12) == [
        "the cell", "(or its", "neighbour)", "is wrong"]
    assert wrap_text("left (best 0:41)", 10) == ["left (best", "0:41)"]  # (a longer word is free)
    # words and spaces kept as they were; a run of them too long for a line still wraps
    text = "a b c d e f g h i j k l m n o p"
    assert " ".join(wrap_text(text, 5)) == text
    assert all(len(line) <= 5 for line in wrap_text(text, 5))


def test_buttons_go_on_as_many_rows_as_they_need_and_none_is_cut():
    from numbrix_curses.ui.draw import pack_rows

    words = ["Enter ok", "Tab complete", "Esc back"]
    assert pack_rows(words, len, None, 3) == [words]  # any width: one row
    assert pack_rows(words, len, 8 + 3 + 12 + 3 + 8, 3) == [words]  # exactly fits
    assert pack_rows(words, len, 24, 2) == [["Enter ok", "Tab complete"], ["Esc back"]]
    assert pack_rows(words, len, 10, 2) == [[w] for w in words]  # one too wide: alone
    assert pack_rows([], len, 10, 2) == [[]]


def test_text_is_cut_to_the_columns_it_takes_on_screen():
    """A CJK file name, cut by its characters, ran on past the screen's edge onto the next
    row (each takes two columns): text is cut to the columns left on its row."""
    from numbrix_curses.ui.draw import cut_to_columns, put

    class Row:
        def __init__(self) -> None:
            self.written: list[tuple[int, int, str]] = []

        def getmaxyx(self) -> tuple[int, int]:
            return 11, 26

        def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
            self.written.append((y, x, text))

    win = Row()
    assert put(win, 3, 20, "漢字.txt and more") == 6
    assert put(win, 4, 20, "ab漢字cd") == 6
    assert put(win, 5, 21, "漢字漢") == 4  # (a wide character never split at the edge)
    assert put(win, 6, 0, "plain text") == 10
    assert win.written == [(3, 20, "漢字.t"), (4, 20, "ab漢字"), (5, 21, "漢字"),
                           (6, 0, "plain text")]
    assert cut_to_columns("ｆｕｌｌ", 5) == "ｆｕ" and cut_to_columns("é漢", 2) == "é"

def test_names_and_messages_are_cut_and_wrapped_by_the_columns_they_take():
    """A CJK name, counted a column a character, was cut in the middle to twice its room,
    and a message naming one wrapped to lines up to twice the width, their ends cut off
    at the screen's edge."""
    from numbrix_curses.pages import columns
    from numbrix_curses.ui.draw import cut_middle, wrap_text

    assert cut_middle("東京の朝のパズル-123", 10, "…") == "東京…-123"
    assert cut_middle("東京の朝のパズル", 7, "…") == "東…ル"  # (a column short: no half)
    text = "Saved to /tmp/東京の朝のパズル/数独パズル集.txt, then 東京の朝のパズルです."
    for width in range(2, 30):
        lines = wrap_text(text, width)
        assert all(columns(line) <= width for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
    assert wrap_text(text, 20) == ["Saved to /tmp/", "東京の朝のパズル/", "数独パズル集.txt,",
                                   "then 東京の朝のパズ", "ルです."]
    assert wrap_text("ab 東京の朝のパズル", 10, 1) == ["ab 東京..."]


def test_combining_marks_take_no_column_and_stay_with_their_letter_when_cut():
    """A name written with combining accents, as macOS writes file names ("Cafe" and
    U+0301 for "Café.txt"), was counted a column an accent: a file's list put the columns
    after it out of line, left by one for each accent, and a name cut in the middle could
    keep an accent without its letter, set on the "..." instead."""
    from numbrix_curses.pages import columns, padded
    from numbrix_curses.ui.draw import cut_middle, cut_to_columns

    accented = "Cafe\u0301-e\u0301te\u0301.txt"  # (Café-été.txt, decomposed)
    assert columns(accented) == len("Café-été.txt") == 12
    assert columns(padded(accented, 14)) == 14
    assert cut_to_columns(accented, 4) == "Cafe\u0301"  # (the accent kept with its e)
    cut = cut_middle("e\u0301" * 30, 9, "...")
    assert columns(cut) == 9 and "...\u0301" not in cut and cut.endswith("e\u0301"), cut


def test_a_control_or_bidi_character_is_measured_as_it_is_shown():
    """A tab in a puzzle's id is shown as "^I" and a right-to-left override as "\\u202e"
    (so neither moves the cursor or turns the text round), but they were measured as one
    column and none: a title holding one was centred off by the difference, a list's
    columns after it stood out of line, and a name cut to its room ran past it."""
    from numbrix_curses.pages import columns as page_columns
    from numbrix_curses.ui.draw import columns, cut_middle, cut_to_columns, padded, shown_text

    name = "ab\tcd\u202eEVIL"
    shown = shown_text(name)
    assert shown == "ab^Icd\\u202eEVIL"
    assert columns(name) == len(shown) == 16 and page_columns(name) < 16
    assert padded(name, 22) == shown + " " * 6
    assert cut_to_columns(name, 5) == "ab^Ic"
    cut = cut_middle(name, 12, "...")
    assert columns(cut) == 12 and cut == shown[:4] + "..." + shown[-5:], cut
    assert columns("plain") == 5 and cut_middle("plain", 9, "...") == "plain"


def test_the_commands_box_lists_what_acts_and_the_bar_makes_room_for_it():
    """The commands box (Tab) lists every command of the key lines that acts, and going to
    a number, saving and another puzzle, which they have no room for, and typing, which
    opens the number pad; once solved, what the solved board's keys list. The bar drops
    "0-9 type" where that saves a row, as at 40 columns, keeps it at 120, and at 80 puts it
    over the key line where the bar has the row for it."""
    from numbrix_curses.game import SolvedRecord
    from numbrix_curses.ui.actions import Command
    from numbrix_curses.ui.play_words import command_items, status_bar_keys

    playing = {item.action for item in command_items(None)}
    assert {Command.PAUSE, Command.RESTART, Command.HISTORY, Command.SAVE_FILE, Command.FIND,
            Command.ANOTHER, Command.CLEAR, Command.REVEAL, Command.HELP, Command.QUIT} <= playing
    assert not playing & {None, Command.COMMIT, Command.COMMANDS}
    assert Command.NUMBER_PAD in playing
    solved = {item.action for item in command_items(SolvedRecord(60.0, 10))}
    assert Command.ANOTHER in solved and Command.PAUSE not in solved

    def typed(width: int, rows: int = 0) -> str:
        """Where the bar `width` wide, with `rows` over its key line, has "0-9 type"."""
        keys, more = status_bar_keys(width, rows)
        return ("key line" if "0-9" in {item.keys for item in keys}
                else "over it" if "0-9" in {item.keys for item in more} else "")

    assert typed(40) == "" and typed(120) == "key line"
    # (80 columns: the key line is a column short; over it, the others take one row)
    assert typed(80, rows=1) == "" and typed(80, rows=2) == "over it"
    assert all(any(item.action is Command.COMMANDS for item in status_bar_keys(width)[0])
               for width in (40, 80, 120))


def test_every_key_help_label_fits_its_column():
    """The side panel gives a key's name `KEY_COLUMN` columns, and the keys of a line of
    two half of the panel: "solutions" for Tab ran into its key ("solutionTab")."""
    import importlib
    import pkgutil

    import numbrix_curses.ui as ui
    from numbrix_curses.ui.panel import HALF_WIDTH, KEY_COLUMN, KeyHelp
    from numbrix_curses.ui.play_words import key_lines

    tables = [key_lines(mouse) for mouse in (False, True)]
    for info in pkgutil.iter_modules(ui.__path__):
        module = importlib.import_module(f"numbrix_curses.ui.{info.name}")
        tables += [value for value in vars(module).values()
                   if isinstance(value, tuple) and value and all(
                       isinstance(line, tuple) and line
                       and all(isinstance(item, KeyHelp) for item in line) for line in value)]
    assert len(tables) >= 5  # (play's, its solved board's, the type-in's, the replay's)
    for table in tables:
        for line in table:
            for item in line:
                assert len(item.what) < KEY_COLUMN, item
                assert len(line) <= 2, line  # (a third ran past the panel's width)
                if len(line) > 1:
                    assert KEY_COLUMN + len(item.keys) < HALF_WIDTH, item


def test_a_checked_typed_puzzle_and_a_restarted_game_are_not_solved_again(tmp_path: Path,
                                                                          monkeypatch):
    """The play screen takes the solve it is handed: the entry screen's check when a typed
    puzzle is played, the finished game's when it is played again. On a 20x20 a solve takes
    up to a minute, which the player would otherwise wait through a second time before a
    check or a hint could use it."""
    import threading

    from helpers import DEMO_TEXT
    from numbrix_curses import solver
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.dialogs import ConfirmScreen
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import Push, Replace

    solves = []
    real_solve = solver.solve

    def counted_solve(puzzle, *args, **kwargs):
        solves.append(threading.current_thread().name)
        return real_solve(puzzle, *args, **kwargs)

    monkeypatch.setattr(solver, "solve", counted_solve)
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    entry = _typed_entry(tmp_path, puzzle)
    entry.handle(Command.CHECK)
    assert entry.job is not None and entry.job.wait(30)
    entry.tick()
    assert entry.message.text.startswith("Unique"), entry.message
    assert solves == ["check"]

    nav = entry.handle(Command.PLAY)
    assert isinstance(nav, Push) and isinstance(nav.screen, PlayScreen)
    play = nav.screen
    try:
        assert play.solution_job.done  # known at once: a check answers without waiting
        play.handle(Command.CHECK)
        assert play.message.text == "No mistakes found.", play.message
        play.game.reveal(play._solution())
        nav = play.handle(Command.RESTART)
        assert isinstance(nav, Push) and isinstance(nav.screen, ConfirmScreen)
        again = nav.screen.on_yes()
        assert isinstance(again, Replace) and isinstance(again.screen, PlayScreen)
        assert again.screen.solution_job.done and again.screen._solution() is not None
        np.testing.assert_array_equal(again.screen._solution(), play._solution())
        assert solves == ["check"]  # one solve in all, the entry screen's
    finally:
        play.close()


#: givens of a 5x5 serpentine with its 18 misread as 16 (no two givens clash)
MISREAD_18 = "1 2 . . 5\n10 9 . 7 6\n. . . 14 .\n. 19 16 . .\n. . . . 25\n"


def _typed_entry(tmp_path: Path, puzzle):
    """An entry screen with `puzzle`'s givens typed in as a player would."""
    from numbrix_curses.savestate import Store
    from numbrix_curses.ui.entry import EntryScreen
    from numbrix_curses.ui.screen import AppContext

    entry = EntryScreen(AppContext(Store(tmp_path / "state")), puzzle.rows, puzzle.cols)
    for row, col in np.argwhere(puzzle.givens):
        entry.handle(SelectCell(int(row), int(col)))
        for digit in str(puzzle.givens[row, col]):
            entry.handle(Digit(int(digit)))
        entry.handle(Command.COMMIT)
    return entry


def test_a_blank_typed_where_a_blank_is_says_nothing_in_type_in(tmp_path: Path):
    """0 (or Backspace) on an empty cell of a grid being typed in is a blank read off the
    page, not a mistake: "Nothing to clear." came after every one. In play it is said."""
    from numbrix_curses.game import Game, Refusal
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.entry import EntryScreen
    from numbrix_curses.ui.screen import AppContext

    entry = EntryScreen(AppContext(Store(tmp_path / "state")), 3, 3)
    for action in (Digit(0), Command.BACKSPACE, Command.CLEAR):
        entry.handle(action)
        assert entry.message is None, (action, entry.message)
    entry.handle(Digit(0))
    entry.handle(Command.NEXT_CELL)
    assert entry.game.cursor == (0, 1) and entry.message is None
    game = Game(parse_puzzles("1 . 3\n. . .\n. . 9\n")[0])
    game.set_cursor(0, 1)
    assert game.type_digit(0) is Refusal.NOTHING_TO_CLEAR


def _checked_entry(tmp_path: Path, text: str):
    """An entry screen with `text` typed in and checked (the check has answered)."""
    from numbrix_curses.textformat import parse_puzzles

    (puzzle,) = parse_puzzles(text)
    entry = _typed_entry(tmp_path, puzzle)
    entry.handle(Command.CHECK)
    assert entry.job is not None and entry.job.wait(30)
    entry.tick()
    # (the marks are drawn with the theme's attributes, made when curses starts)
    entry.ctx.theme = SimpleNamespace(wrong=1, diff=2, dim=3)
    return entry


def test_esc_stops_the_look_for_the_given_copied_wrong(tmp_path: Path, monkeypatch) -> None:
    """The look for suspects runs after the check has said "no solution"; Esc stops it and
    the verdict stays, without marks. Held here until the test lets it go."""
    import threading

    from numbrix_curses import slips

    release = threading.Event()
    real = slips.find_suspects

    def held(puzzle, deadline=None, on_event=None):
        assert release.wait(30), "the test never let the look go"
        return real(puzzle, deadline, on_event)

    monkeypatch.setattr(slips, "find_suspects", held)
    entry = _checked_entry(tmp_path, MISREAD_18)
    try:
        assert entry.message.text == ("No solution: the givens cannot be joined into one "
                                      "path. Looking for the given copied wrong... (Esc stops)")
        entry.handle(entry.action_for_key("f"))  # (no fix known yet)
        assert entry.message.text == ("No fix yet: still looking for the given copied wrong "
                                      "(Esc stops).")
        entry.handle(entry.action_for_key("\x1b"))  # Esc
        assert entry.suspects_job is None
        assert entry.message.text == "No solution: the givens cannot be joined into one path."
        assert "?" not in entry.board_view().flags.values()
        entry.handle(Command.CHECK)  # again, and this time a number is typed meanwhile
        assert entry.job.wait(30)
        entry.tick()
        look = entry.suspects_job
        assert look is not None
        entry.handle(SelectCell(0, 2))
        entry.handle(Digit(3))
        assert entry.suspects_job is None and look.cancelled  # (it was for the grid checked)
    finally:
        release.set()


def test_the_given_copied_wrong_is_marked_until_the_grid_changes(tmp_path: Path) -> None:
    entry = _checked_entry(tmp_path, MISREAD_18)
    assert entry.suspects_job is not None and entry.suspects_job.wait(30)
    entry.tick()
    assert entry.message.text.endswith(
        "It can be solved without the 16 at C4 (marked ?), and has exactly one solution "
            "with 18 there, or with it at E4: check that number. f: put 18 at C4.")
    cell = 3 * 5 + 2
    assert entry.board_view().flags == {cell: "?"}
    entry.handle(SelectCell(0, 2))
    entry.handle(Digit(3))
    entry.handle(Command.COMMIT)
    assert "?" not in entry.board_view().flags.values()


def test_two_givens_swapped_are_named_as_a_pair(tmp_path: Path) -> None:
    """The serpentine's 13 and 17 swapped (no two givens clash): taking either away does
    not help, swapping them back does, and the message says so."""
    entry = _checked_entry(tmp_path, ". 2 3 . 5\n. 9 8 . 6\n. . 17 14 .\n. . 18 13 .\n"
                                     ". . 23 24 25\n")
    assert entry.suspects_job is not None and entry.suspects_job.wait(30)
    entry.tick()
    assert entry.message.text.endswith("It has exactly one solution with the 13 at D4 and the "
                                       "17 at C3 swapped (marked ?): check those numbers. f: "
                                       "swap the 13 at D4 and the 17 at C3.")
    assert entry.board_view().flags == {2 * 5 + 2: "?", 3 * 5 + 3: "?"}


@pytest.mark.parametrize("typed, rows, words", [
    (TOP_ROW_SHIFTED, [0], "It has exactly one solution with row 1 moved one column right "
                           "(its givens marked ?): check that row. f: move row 1 one column "
                           "right."),
    (ROWS_5_AND_6_SWAPPED, [4, 5], "It has exactly one solution with rows 5 and 6 swapped "
                                   "(their givens marked ?): check those rows. f: swap rows 5 "
                                   "and 6."),
])
def test_a_row_typed_out_of_place_has_its_givens_marked(tmp_path: Path, typed, rows,
                                                        words) -> None:
    """A newspaper 9x9 typed with a row a column off, or two rows swapped: every given of
    the row as typed is marked, and the message says how to put it back."""
    entry = _checked_entry(tmp_path, typed)
    assert entry.suspects_job is not None and entry.suspects_job.wait(30)
    entry.tick()
    assert entry.message.text.endswith(words)
    grid = entry.game.grid
    assert entry.board_view().flags == {
        row * 9 + int(col): "?" for row in rows for col in np.flatnonzero(grid[row])}
    entry.handle(SelectCell(2, 0))
    entry.handle(Digit(3))
    entry.handle(Command.COMMIT)
    assert "?" not in entry.board_view().flags.values()  # (they were for the grid checked)


@pytest.mark.parametrize("typed, cursor", [(TOP_ROW_SHIFTED, (0, 1)),
                                           (ROWS_5_AND_6_SWAPPED, (4, 2))])
def test_f_puts_a_row_typed_out_of_place_back_and_checks_again(tmp_path: Path, typed,
                                                                cursor) -> None:
    """The newspaper's board again, the cursor on the row's first cell changed that holds
    a number, and the check under way for it, as after a paste."""
    from numbrix_curses.textformat import parse_puzzles

    entry = _checked_entry(tmp_path, typed)
    assert entry.suspects_job is not None and entry.suspects_job.wait(30)
    entry.tick()
    moves = entry.game.moves
    entry.handle(entry.action_for_key("f"))
    (newspaper,) = parse_puzzles(NEWSPAPER_9X9)
    assert (entry.game.grid == newspaper.givens).all()
    assert entry.game.cursor == cursor
    assert entry.job is not None and entry.job.wait(30)
    entry.tick()
    assert entry.message.text.startswith("Unique: exactly one solution")
    assert entry.game.moves == moves + 1  # (the fix: one move)
    assert "?" not in entry.board_view().flags.values()


def test_f_puts_two_givens_right_where_no_one_change_gives_one_solution(tmp_path: Path) -> None:
    """Without the 4 at C4 the board has several solutions, and no single change leaves
    one (see test_slips); two givens each typed as another number do (the 4 at C4 a 2, the
    5 at C3 a 7): f makes both as one move, and the board is checked again."""
    entry = _checked_entry(tmp_path, "15 14 . 10\n. 13 12 .\n. . 5 .\n. . 4 .\n")
    assert entry.suspects_job is not None and entry.suspects_job.wait(30)
    entry.tick()
    moves = entry.game.moves
    entry.handle(entry.action_for_key("f"))
    assert entry.game.value(3 * 4 + 2) == 2 and entry.game.value(2 * 4 + 2) == 7
    assert entry.game.moves == moves + 1
    assert entry.job is not None and entry.job.wait(30)
    entry.tick()
    assert entry.message.text.startswith("Unique: exactly one solution")


def test_the_play_screen_names_a_row_typed_out_of_place(tmp_path: Path) -> None:
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    (puzzle,) = parse_puzzles(TOP_ROW_SHIFTED)
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "shifted")
    try:
        assert screen.solution_job.wait(30)
        screen.tick()
        assert screen.suspects_job is not None and screen.suspects_job.wait(30)
        screen.tick()
        assert screen.message.text.endswith(
            "It has exactly one solution with row 1 moved one column right: it was likely "
            "typed out of place.")
    finally:
        screen.close()


def test_suspects_found_late_do_not_replace_a_message_shown_meanwhile(tmp_path: Path) -> None:
    """The play screen adds the suspects to its no-solution message only while that message
    shows: a message a key brought up in the meantime stays."""
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.panel import Message
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    (puzzle,) = parse_puzzles(MISREAD_18)
    for meanwhile in (None, Message("Something else.")):
        screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "misread")
        try:
            assert screen.solution_job.wait(30)
            screen.tick()
            assert screen.message.text.startswith("This puzzle has no solution")
            assert screen.suspects_job is not None and screen.suspects_job.wait(30)
            if meanwhile is not None:
                screen.message = meanwhile
            screen.tick()
            if meanwhile is None:
                assert screen.message.text.endswith(
                    "It is solvable without the 16 at C4 (exactly one solution with 18 there, or "
                    "with it at E4): it was likely copied wrong there.")
            else:
                assert screen.message is meanwhile
        finally:
            screen.close()


# ----- a board copied from the screen ------------------------------------------------------
@pytest.mark.parametrize("size, locale", [
    (5, "C.UTF-8"),  # walls round every cell, the path drawn through them, the panel beside
    (15, "C.UTF-8"),  # too large for walls on 80x24: numbers in a frame, dots for blanks
    (5, "C"),  # the same in ASCII
    (15, "C"),
])
def test_a_board_copied_from_the_screen_reads_back_as_the_puzzle(
    size: int, locale: str, tmp_path: Path, state: Path
):
    """A person who copies the board off the screen into a file (whole lines, so the panel
    beside a small board comes along) gets the puzzle back from `check` and the rest."""
    from numbrix_curses.generator import Spec, generate
    from numbrix_curses.textformat import format_compact, read_puzzles

    puzzle = generate(Spec(size, size), 7).puzzle
    source = tmp_path / "made.txt"
    source.write_text(format_compact(puzzle))
    with start(play_command(str(source)), state, rows=ROWS, cols=COLS,
               LANG=locale, LC_ALL=locale) as term:
        term.wait_text("r-click clear" if size == 5 else "quit")
        term.wait_for(lambda: term.find("┘") or "+--" in term.text, what="the board")
        lines = term.lines
        top = next(r for r, line in enumerate(lines) if "┌" in line or "+-" in line)
        top -= bool(lines[top - 1].split())  # the column letters over it, where there are
        bottom = max(r for r, line in enumerate(lines) if "┘" in line or "-+" in line)
        copied = tmp_path / "copied.txt"
        copied.write_text("\n".join(lines[top : bottom + 1]) + "\n", encoding="utf-8")
        term.send("q")
        assert term.wait_exit() == 0
    (back,) = read_puzzles(str(copied))
    assert back.givens.tolist() == puzzle.givens.tolist()


@pytest.mark.parametrize("rows, cursor, expected", [
    # the demo's 6 (A3): 5 and 7 are both given
    (None, (2, 0), "Nothing to draw from 6: 5 is at A2 and 7 at A4."),
    # a 1 whose 2 is placed: the first number has nowhere to go
    ([[1, 0, 0], [2, 0, 0], [0, 0, 0]], (0, 0), "Nothing to draw from 1: it is the first number, and 2 is at A2."),
    ([[0, 0, 0], [0, 0, 8], [0, 0, 9]], (2, 2), "Nothing to draw from 9: it is the last number, and 8 is at C2."),
])
def test_drawing_that_cannot_go_on_says_where_the_neighbours_are(tmp_path, rows, cursor, expected):
    from helpers import DEMO_TEXT

    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    puzzle = parse_puzzles(DEMO_TEXT)[0] if rows is None else Puzzle.from_rows(rows)
    screen = PlayScreen(AppContext(Store(tmp_path / "state")), Game(puzzle), "t")
    try:
        screen.handle(SelectCell(*cursor))
        screen.handle(Extend(0, -1) if cursor[1] else Extend(0, 1))
        assert screen.message is not None and screen.message.text == expected
    finally:
        screen.close()


def test_a_dialog_over_the_board_stops_the_clock_without_saying_paused(term: Terminal,
                                                                        board: Board):
    """The clock stops while a dialog asks (the board is covered), but "paused" in the
    status read as if the player had paused, with p to press after."""
    term.send("3")
    board.wait_cell(0, 1, "3")
    term.send("R")
    term.wait_text("start again?")
    assert "paused" not in term.text
    term.send("n")
    term.wait_gone("start again?")
    term.send("p")  # a pause of the player's own says so
    term.wait_text("0:0")
    term.wait_match(r"Time +\d+:\d\d  paused")


def test_a_key_that_is_no_answer_is_told_in_the_yes_no_box(term: Terminal, board: Board):
    """A key that answers nothing in a yes/no box did nothing, as if the app hung: the box
    says so and stays, and y, n and a click answer as before."""
    term.send("?")
    term.wait_in_box("Take a hint?")
    term.send("x")
    term.wait_in_box("x does nothing here: press y or n.")
    term.send("5")
    term.wait_in_box("5 does nothing here: press y or n.")
    assert "Take a hint?" in term.box_text()
    term.send_key("right")  # (a key the box reads: the note goes)
    term.wait_for(lambda: "does nothing" not in term.box_text(), what="the note gone")
    term.send("x")
    term.wait_in_box("press y or n.")
    term.click_text("[n] No")
    term.wait_gone("Take a hint?")
    assert board.number(0, 1) == ""  # (the 5 went nowhere)
    term.send("?")
    term.wait_in_box("Take a hint?")
    assert "does nothing" not in term.box_text()  # (a box asked again starts afresh)
    term.send("q")  # q still answers No
    term.wait_gone("Take a hint?")


@pytest.mark.parametrize("keys, revealed", [
    ("hello", False),  # h, then l twice: the right button, No
    ("\x1bOD\x1bOD", True),  # Left twice stays on the left button, Yes
    ("\t\x1b[Z", False),  # Tab to Yes, Shift-Tab back to No
])
def test_left_and_right_in_a_yes_no_box_go_to_the_button_on_that_side(
        term: Terminal, board: Board, keys: str, revealed: bool):
    """Left, Right, h and l turned the focus over as Tab does, so a word typed into the box
    by mistake ("hello": h, l, l) left Yes for Enter to take, and the solution was shown.
    Left and h go to Yes (the left button), Right and l to No, and Tab either way to the
    other one."""
    term.send("S")
    term.wait_in_box("Reveal the solution?")
    term.send(keys)
    term.send("\r")
    term.wait_gone("Reveal the solution?")
    if revealed:
        board.wait_cell(0, 1, "3")
    else:
        assert board.text(0, 1) == "" and "revealed" not in term.text


def test_a_key_the_commands_box_does_not_list_is_told_there(term: Terminal):
    """Tab's box of commands took a key it does not list without a word: it says so under
    its title and stays open; a key it lists still acts."""
    term.send("\t")
    term.wait_text("Commands (Esc closes)")
    term.send("x")
    term.wait_text("x does nothing here")
    assert "Commands (Esc closes)" in term.text
    term.send("p")  # (pause, as the box lists it)
    term.wait_gone("Commands (Esc closes)")
    term.wait_match(r"Time +\d+:\d\d  paused")


def test_a_digit_in_the_commands_box_types_as_its_type_line_says(term: Terminal,
                                                                   board: Board):
    """The box lists "type 0-9", and a digit pressed in it did nothing: it closes the box
    and goes into the cursor's cell, as a key the box lists acts as it would without it."""
    term.send("\t")
    term.wait_text("Commands (Esc closes)")
    term.send("3")
    term.wait_gone("Commands (Esc closes)")
    board.wait_cell(0, 1, "3")
    assert "does nothing" not in term.text


def test_a_box_over_the_status_bar_leaves_no_cut_words_beside_it(demo: Path, state: Path):
    """At 40x15 the commands box covered the message under the board but for its ends:
    "We" and "ar." showed either side of the frame. The bar's rows the box covers are
    blank beside it."""
    with start(play_command(str(demo)), state, rows=15, cols=40) as term:
        term.wait_text("Tab more")
        term.send("z")
        term.wait_said("z does nothing here; F1 or H lists the keys.")
        first = term.find("z does nothing")[0]
        term.send("\t")
        term.wait_text("Commands (Esc closes)")
        row, col = term.find("Commands (Esc closes)")
        left = col - 2
        right = term.lines[row].index("│", col)
        for y in (first, first + 1):
            line = term.lines[y]
            assert line[:left].strip() == "" and line[right + 1:].strip() == "", term.dump()


def test_a_yes_no_box_with_no_blank_row_says_it_in_its_edge(demo: Path, state: Path):
    """At 26x11 "Fill in every simple step?" fills the box, its text and buttons in every
    row inside: what a key that answers nothing did is said in its bottom edge, whole, in
    the words that fit."""
    with start(play_command(str(demo)), state, rows=11, cols=26) as term:
        term.wait_text("Tab more")
        term.send("f")
        term.wait_in_box("Fill in every simple step?")
        term.send("x")
        term.wait_text("└─ Press y or n. ─")
        term.send("n")
        term.wait_gone("Fill in every")


def test_which_keys_a_yes_no_box_takes_for_no_answer():
    """Printable keys, digits, F1 and Space are told they answer nothing; the answers, the
    keys that move between the buttons and scroll, and keys with no name are not."""
    import curses

    from numbrix_curses.ui.actions import UnboundKey
    from numbrix_curses.ui.dialogs import ConfirmScreen, not_an_answer

    assert not_an_answer("x") == UnboundKey("x") and not_an_answer("7") == UnboundKey("7")
    assert not_an_answer(curses.KEY_F1) == UnboundKey("F1")
    assert not_an_answer(" ") == UnboundKey("Space")
    assert not_an_answer(curses.KEY_UP) is None and not_an_answer(curses.KEY_RESIZE) is None
    screen = ConfirmScreen.__new__(ConfirmScreen)
    for key in ("y", "n", "Y", "N", "q", "\x1b", "\n", "h", "l", "\t", curses.KEY_BTAB, "j",
                "k"):
        assert not isinstance(screen.action_for_key(key), UnboundKey), key
    assert screen.action_for_key("Q") == UnboundKey("Q")


def test_a_number_is_never_parted_from_its_unit():
    """The watch screen's panel said "26 steps in 0.00" over "s."."""
    from numbrix_curses.ui.draw import wrap_text

    # (and the number with its unit, alone on the last line, takes words before along)
    assert wrap_text("Done: unique solution, 26 steps in 0.00 s.", 35) == [
        "Done: unique solution,", "26 steps in 0.00 s."]
    assert wrap_text("took 40 ms", 9) == ["took", "40 ms"]


def test_a_cell_s_name_stays_with_its_at_and_a_bracketed_letter_with_its_word():
    """At 26 columns a hint read "... and 16 at" over "A2."; the help's "move the cursor
    (a" stood over "click selects"."""
    from numbrix_curses.ui.draw import wrap_text

    hint = ("15 must go at A3: it is the only empty cell next to both 14 at B3 and 16 at "
            "A2. ? again places it.")
    lines = wrap_text(hint, 26)
    assert " ".join(lines) == hint and len(lines) == 4
    assert not any(line.endswith(" at") for line in lines), lines
    lines = wrap_text("move the cursor (a click selects a cell; the mouse wheel scrolls", 18)
    assert not any(line.endswith("(a") for line in lines), lines
    assert wrap_text("Look at A1 and at the rest", 8)[0] == "Look"  # ("at A1" whole)


def test_a_place_in_a_paste_and_a_word_opening_a_bracket_are_not_parted(monkeypatch):
    """"(line 1," stood over "column 5): ..." at 40 columns, "Go to number: 16_  (Enter"
    over "goes, Esc gives up)" at 26; "(. _ - ? 0)", the blanks a puzzle file takes, is
    one too: each on one line, where that takes no line more (at 26 columns a paste's
    message took five, and lost its end under the board)."""
    from numbrix_curses.ui import draw
    from numbrix_curses.ui.draw import wrap_text

    text = ("The pasted text is not a puzzle (line 12, column 5): 'x' is not a number or a "
            "blank (. _ - ? 0); a comment takes a line of its own")
    for width in (30, 36, 40, 60, 80):
        lines = wrap_text(text, width)
        assert any("(line 12, column 5):" in line for line in lines), (width, lines)
        assert any("(. _ - ? 0);" in line for line in lines), (width, lines)
    wrapped = {width: wrap_text(text, width) for width in range(22, 90)}
    monkeypatch.setattr(draw, "_ONE_GROUP", re.compile("(?!)"))  # (none glued)
    for width, lines in wrapped.items():
        assert " ".join(lines) == text
        assert len(lines) <= len(wrap_text(text, width)), (width, lines)
    monkeypatch.undo()
    assert wrap_text("Go to number: 16_  (Enter goes, Esc gives up)", 26) == [
        "Go to number: 16_", "(Enter goes, Esc gives up)"]
    # (a longer pair, half the line or more, is free: a line of its own, else)
    assert wrap_text("left (best 0:41)", 10) == ["left (best", "0:41)"]
    # (nor is a number opening a bracket a word to glue: "(30 s" kept with "of" took this
    # a fourth line)
    assert len(wrap_text("numbrix generate: a time limit cut the work on 9x9 short (30 s of "
                         "processor time a check, 300 s a puzzle, which a slow machine "
                         "reaches sooner): the same --seed may give 9x9 on another machine",
                         64)) == 3


def test_a_short_last_line_is_evened_out_with_the_line_before(monkeypatch):
    """"g does nothing here; F1 or H lists the" over "keys.", then "... F1 or H lists"
    over "the keys.": a short last line takes words from the line before until the two
    are as even as they go, in as many lines, the line before keeping two words and the
    last line holding them; of two ways as even, the break after a stop or comma."""
    from numbrix_curses.ui import draw
    from numbrix_curses.ui.draw import balanced, wrap_text

    assert wrap_text("g does nothing here; F1 or H lists the keys.", 40) == [
        "g does nothing here;", "F1 or H lists the keys."]
    assert wrap_text("one two three four five six seven eight", 35) == [
        "one two three four", "five six seven eight"]
    # Three lines are evened out whole (the last two alone, the help's "0-9" at 57
    # columns stood 31 and 33 columns under 50), and at 26 columns the menu's message
    # had "the keys." alone under "F1 or H lists".
    assert wrap_text("type a number: 4 then 2 gives 42; Enter, a move or a command ends it; "
                     "a 0 to start with clears the cell, as Del does", 57) == [
        "type a number: 4 then 2 gives 42; Enter,", "a move or a command ends it; a 0 to",
        "start with clears the cell, as Del does"]
    assert wrap_text("z does nothing here; F1 or H lists the keys.", 22) == [
        "z does nothing", "here; F1 or", "H lists the keys."]
    # Four or more: the last line no stub, the lines over it full.
    assert wrap_text("one two three four five six seven eight nine ten eleven twelve "
                     "thirteen fourteen fifteen sixteen end", 24) == [
        "one two three four five", "six seven eight nine ten", "eleven twelve thirteen",
        "fourteen fifteen", "sixteen end"]
    # In as many lines as before, never more, none wider than asked, no word lost.
    texts = ("g does nothing here; F1 or H lists the keys.",
             "Saved the puzzle to /tmp/ann/mouse/9x9-easy-1234567.txt (e saves it).",
             "It shows a number that must go in, and why (? again places it). The game "
             "then earns no best time.")
    wrapped = {(text, width): wrap_text(text, width) for text in texts
               for width in range(8, 60)}
    monkeypatch.setattr(draw, "balanced", lambda lines, text, width: lines)
    for (text, width), lines in wrapped.items():
        before = wrap_text(text, width)
        assert len(lines) == len(before), (width, before, lines)
        assert all(len(line) <= width for line in lines), (width, lines)
        assert " ".join(lines).split() == " ".join(before).split()
    monkeypatch.undo()
    # The line before with one word or two to give keeps them (a lone word there instead).
    assert balanced(["Saved demo.txt", "again."], "Saved demo.txt again.", 20) == [
        "Saved demo.txt", "again."]
    # Not where the last line holds two words, nor where the pair does not fit.
    assert balanced(["one two three", "four five"], "one two three four five", 13) == [
        "one two three", "four five"]
    assert balanced(["one two three", "fourfourfour"], "one two three fourfourfour",
                    15) == ["one two three", "fourfourfour"]
    # Nor a path broken at a slash (a space put into it would change it).
    assert balanced(["Could not read /tmp/", "a.txt"], "Could not read /tmp/a.txt",
                    20) == ["Could not read /tmp/", "a.txt"]
    assert balanced(["one two three", "four"], "one two three four", 13) == [
        "one two", "three four"]
    # A word longer than a third of the line (a file's name) reads well on its own.
    assert balanced(["one two three", "fourfive"], "one two three fourfive", 23) == [
        "one two three", "fourfive"]
    assert wrap_text("It was set aside as records.json.corrupt-20261202-134816.", 40) == [
        "It was set aside as", "records.json.corrupt-20261202-134816."]


def test_a_new_border_puzzle_with_givens_inside_the_ring_says_so():
    """The command line's generate said so; the app said nothing, under a title that
    reads "border"."""
    from numbrix_curses import generator
    from numbrix_curses.textformat import format_compact, parse_puzzles
    from numbrix_curses.ui.newpuzzle import _inside_note

    made = generator.generate_puzzle(12, 12, "hard", 5, pattern="border")
    puzzle = parse_puzzles(format_compact(made), "<generated>")[0]  # as the app gets it
    inside = int(puzzle.metadata["inside"])
    assert inside > 0
    note = _inside_note(puzzle)
    assert note is not None and note.text.startswith(
        f"Givens on the border: {inside} of the {puzzle.clue_count} had to go inside")
    ring_only = "# pattern: border\n# inside: 0\n1 . 3\n. . .\n. . 9\n"
    assert _inside_note(parse_puzzles(ring_only, "x")[0]) is None
    assert _inside_note(parse_puzzles("1 . 3\n. . .\n. . 9\n", "x")[0]) is None


def test_a_move_in_the_moves_line_is_never_parted_from_its_number():
    """At 60x20 the bar said "... 21. 42 at" over "A4, ..."."""
    from numbrix_curses.ui.draw import NO_BREAK, wrap_text

    moves = ", ".join(f"{i}. {i * 2} at A{i}".replace(" ", NO_BREAK) for i in range(18, 22))
    lines = wrap_text(f"Moves: {moves}. u and r walk them, m closes.", 30)
    assert all(NO_BREAK not in line for line in lines)
    for i in range(18, 22):
        assert any(f"{i}. {i * 2} at A{i}" in line for line in lines), lines


class _Recorded:
    """A window that keeps the text written on each row (what `ui.draw.put` asks of one)."""

    def __init__(self, height: int, width: int) -> None:
        self.size = (height, width)
        self.rows: dict[int, str] = {}

    def getmaxyx(self) -> tuple[int, int]:
        return self.size

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        self.rows[y] = self.rows.get(y, "") + text


@pytest.mark.parametrize("room", [1, 2, 3, 6])
@pytest.mark.parametrize("current", [0, 1, 5, 8, 9])
def test_a_short_moves_list_always_shows_the_current_move(room: int, current: int):
    """In a list of two rows, the lines around the current move became "... 5 earlier" and
    "... 5 later", and the current move was not shown at all."""
    from numbrix_curses.ui.panel import ListLine, _draw_listing

    lines = [ListLine(f"move {k}", current=k == current) for k in range(10)]
    win = _Recorded(20, 30)
    theme = SimpleNamespace(label=0, dim=0, selected=0)
    _draw_listing(win, ScreenMask(20, 30), 0, 0, 1 + room, (ListLine("Moves"), lines), theme, 30)
    shown = [win.rows[y].strip() for y in range(1, 1 + room)]
    assert f"move {current}" in shown, shown
    if room >= 3:  # with room for both, what is left out is counted, and it adds up
        counted = sum(int(text.split()[1]) for text in shown if text.startswith("..."))
        assert len([t for t in shown if t.startswith("move")]) + counted == 10, shown


@pytest.mark.parametrize("digits, size", [("15", "15"), ("12", "12"), ("7", "7"), ("512", "12"),
                                          ("99", "9"), ("1", "7"), ("255", "5")])
def test_a_size_is_typed_digit_by_digit_where_the_sizes_start_past_one(digits, size):
    """The New puzzle form's sizes run from 5 to 15: typing 1 then 5 gave 5x5 (the 1 fit
    no size and was dropped), so no size past 9 could be typed."""
    from numbrix_curses.ui.actions import Digit
    from numbrix_curses.ui.form import Field, Form

    form = Form([Field("Size", [str(n) for n in range(5, 16)], index=2, numeric=True)], [])
    for digit in digits:
        assert form.handle(Digit(int(digit))) is None
    assert form.fields[0].value == size


def test_the_wheel_over_a_form_field_changes_its_value(state: Path):
    """A mouse player took 15 clicks on ">" from 5x5 to 20x20: the wheel over a field turns
    its value, up for the next one, as a spin box's does."""
    with start(app_command(), state, rows=ROWS, cols=COLS) as term:
        term.wait_text("[q] Quit")
        term.send("n")
        term.wait_text("7x7")
        y, x = term.find("7x7")
        for _ in range(3):
            term.wheel(y, x, down=False)
        term.wait_text("10x10")
        term.wheel(y, x)
        term.wait_text("9x9")
        y, x = term.find("easy")
        term.wheel(y, x, down=False)  # (over another field: that one turns)
        term.wait_text("medium")
        assert "9x9" in term.text, term.dump()


def test_the_form_says_what_a_size_key_did_not_do():
    """Before: 2 then 5 gave 5x5 where 25 was meant, past the largest size; an arrow at the
    end of the sizes, a digit that makes none, and the first digit of a longer size (which
    the field cannot show) all did nothing without a word."""
    from numbrix_curses.ui.actions import Digit
    from numbrix_curses.ui.form import Field, Form

    form = Form([Field("Size", [str(n) for n in range(5, 21)], index=2, numeric=True),
                 Field("Shape", ["square", "wide"])], [])
    form.handle(Digit(2))
    assert (form.fields[0].value, form.note) == ("7", "Size 2_: type its next digit.")
    form.handle(Digit(5))
    assert (form.fields[0].value, form.note) == ("7", "Size: 5 to 20.")
    form.handle(Digit(3))  # (a fresh start after the refused 25: 3 makes no size)
    assert (form.fields[0].value, form.note) == ("7", "Size: 5 to 20.")
    form.handle(Digit(9))
    assert (form.fields[0].value, form.note) == ("9", None)
    form.handle(Digit(7))  # (a new number after a whole one, said: 97 may have been meant)
    assert (form.fields[0].value, form.note) == ("7", "Size: 5 to 20, so 7, not 97.")
    form.handle(Digit(9))
    form.handle(MoveCursor(0, 1))
    assert (form.fields[0].value, form.note) == ("10", None)
    form.handle(Digit(2))
    form.handle(Digit(0))
    form.handle(MoveCursor(0, 1))  # at the end
    assert (form.fields[0].value, form.note) == ("20", "Size: 5 to 20.")
    form.handle(MoveCursor(1, 0))
    form.handle(MoveCursor(0, -1))
    assert (form.fields[1].value, form.note) == ("square", "Shape: square, wide.")
    form.handle(Digit(3))  # (no number goes there: what does, said)
    assert (form.fields[1].value, form.note) == ("square", "Shape: square, wide.")
    # the values as the field shows them
    sized = Form([Field("Size", ["5", "6"], numeric=True, template="{0}x{0}")], [])
    sized.handle(Digit(7))
    assert sized.note == "Size: 5x5 to 6x6."


@pytest.mark.parametrize("keys, size", [("12<", "1"), ("30<<", "3"), ("30<4", "4"), ("8<", "8"),
                                        ("12<5", "15")])
def test_backspace_takes_back_the_last_digit_of_a_size(keys, size):
    """Backspace in a size field did nothing: a 30 typed for 3 had to be set with the
    arrows. It takes the last digit back, as in any box a number is typed in (one digit
    left stays: a size is never blank)."""
    from numbrix_curses.ui.actions import Digit
    from numbrix_curses.ui.form import Field, Form

    sides = [str(n) for n in range(1, 31)]
    form = Form([Field("Rows", sides, index=sides.index("9"), numeric=True)], [])
    for key in keys:
        action = form.action_for_key("\x7f") if key == "<" else Digit(int(key))
        assert form.handle(action) is None
    assert form.fields[0].value == size
    starting_at_5 = Form([Field("Size", [str(n) for n in range(5, 16)], numeric=True)], [])
    for action in (Digit(1), Digit(2), Command.BACKSPACE, Digit(5)):
        starting_at_5.handle(action)
    assert starting_at_5.fields[0].value == "15"


def test_the_clock_stands_still_while_the_window_is_too_small_for_the_board(term: Terminal,
                                                                           board: Board):
    """Nobody can play a board they cannot see: the clock ran on under the "Terminal too
    small" notice (and a puzzle generated meanwhile opened with it running)."""
    def shown() -> int:
        match = term.wait_match(r"Time +(\d+):(\d\d)")
        return int(match.group(1)) * 60 + int(match.group(2))

    before, read = shown(), time.monotonic()
    term.resize(8, 20)
    term.wait_text("small")
    small = time.monotonic()
    time.sleep(4.0)  # (the time under the notice is what is tested)
    small = time.monotonic() - small
    term.resize(ROWS, COLS)
    after = shown()
    # at most the time outside the notice since `before` was read (and the second it had
    # begun), so the 4 s under it are not counted, however slow the machine
    assert after <= before + 1 + (time.monotonic() - read - small), term.dump()
    assert "paused" not in term.text  # going on by itself, as the player left it
    term.send("3")  # and the game goes on
    board.wait_cell(0, 1, "3")


def test_saving_a_puzzle_called_by_its_file_never_offers_that_file(tmp_path: Path, monkeypatch):
    """A puzzle with no id is called by its file, src2.txt, and `e` offered src2.txt: the
    file it came from, which Enter and y then replaced, comments and all."""
    from helpers import GIVENS
    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    monkeypatch.chdir(tmp_path)
    source = tmp_path / "src2.txt"
    source.write_text("# my notes\n4 . . 1\n5 14 . 16\n6 . . 11\n7 8 9 10\n")
    puzzle = Puzzle.from_rows(GIVENS)
    store = Store(tmp_path / "state")
    offered = PlayScreen(AppContext(store), Game(puzzle), "src2.txt", str(source))._ask_path()
    assert offered.screen.text == "src2-copy.txt"
    # nor through a link: the folder reached by one, or the file
    (tmp_path / "link").symlink_to(tmp_path, target_is_directory=True)
    monkeypatch.chdir(tmp_path / "link")
    offered = PlayScreen(AppContext(store), Game(puzzle), "src2.txt",
                         str(tmp_path / "link" / "src2.txt"))._ask_path()
    assert offered.screen.text == "src2-copy.txt"
    # from elsewhere, the name is free: offered as it is
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    offered = PlayScreen(AppContext(store), Game(puzzle), "src2.txt", str(source))._ask_path()
    assert offered.screen.text == "src2.txt"


def test_a_save_that_fails_stays_said_and_leaving_asks(tmp_path: Path, monkeypatch):
    """The failure's message went with the next key, and q left without a word: the moves
    since the last save that worked were lost."""
    import errno

    from helpers import DEMO_TEXT
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.textformat import parse_puzzles
    from numbrix_curses.ui.dialogs import ConfirmScreen
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext, Pop, Push

    store = Store(tmp_path / "state")
    full = [True]
    write = Store._write_game

    def write_game(self, path, text):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(self, path, text)

    monkeypatch.setattr(Store, "_write_game", write_game)
    puzzle = parse_puzzles(DEMO_TEXT)[0]
    screen = PlayScreen(AppContext(store), Game(puzzle), "demo")
    try:
        screen.handle(SelectCell(0, 1))
        screen.handle(Digit(3))
        screen.after_draw()  # (the save, queued)
        store.flush()
        screen.tick()
        assert "Could not save the game (No space left on device)" in screen.message.text
        screen.handle(MoveCursor(0, 1))  # the message goes with the next key ...
        assert ("Saving", "failed; q asks") in screen.status_rows()  # ... this stays
        nav = screen.handle(Command.QUIT)
        assert isinstance(nav, Push) and isinstance(nav.screen, ConfirmScreen)
        assert "could not be saved" in nav.screen.question
        assert "No space left on device" in nav.screen.detail
        full[0] = False  # room again: leaving saves, and asks nothing
        assert isinstance(screen.handle(Command.QUIT), Pop)
        assert store.load_game(puzzle) is not None
    finally:
        screen.close()


# ----- pencil marks ------------------------------------------------------------------------
def test_pencil_marks_go_in_come_out_and_never_look_like_numbers(term: Terminal, board: Board):
    """N turns pencil marks on: typed numbers go in a blank cell as faint, underlined notes
    (the first shows, a + says there are more, the panel lists them), typed again they come
    out, u takes them back, and a number put in the cell hides them until it is cleared."""
    term.send("N")
    term.wait_message("Pencil: a number typed in an empty cell goes in as a mark")
    term.wait_text("Pencil  B1")  # (the cell's row names the mode)
    term.wait_text("mark    0-9")
    term.send("3\r")  # (as numbers are: 3 then 1 would be 31, past the board)
    term.send("1")
    term.send("2")
    term.wait_text("Pencil  B1 marks 3 12")
    assert board.text(0, 1) == "+12"  # (the one being typed first)
    term.send("\r")
    term.wait_for(lambda: board.text(0, 1) == "+ 3", what="the first mark shown")
    y, x = board.cell_yx(0, 1)
    term.send_key("right")  # (off the cell: the cursor no longer covers its look)
    term.wait_for(lambda: not term.char(y, x + 2).reverse, what="the cursor gone")
    assert term.char(y, x + 2).underscore and not term.char(y, x + 2).bold
    board.click(0, 1)
    term.send("3")  # typed again: it comes out, "-" saying so while it is typed
    term.wait_for(lambda: board.text(0, 1) == "- 3", what="the 3 being taken out")
    term.send("\r")
    board.wait_cell(0, 1, "12")
    term.send("u")
    term.wait_text("Pencil  B1 marks 3 12")
    term.send("N")  # numbers again: a 3 typed is a number, over the marks
    term.wait_message("Numbers: what you type goes in as numbers again.")
    term.send("3")
    term.wait_text("Cell    B1 = 3")
    term.send_key("space")  # cleared: the marks show again
    term.wait_text("Cell    B1 marks 3 12")
    term.send_key("space")  # and clearing the blank cell rubs them out
    term.wait_for(lambda: board.text(0, 1) == "", what="the marks rubbed out")
    term.send("m")
    term.wait_text("rubbed out B1's marks")


def test_a_mark_whose_number_is_placed_elsewhere_hides_until_it_comes_off(term: Terminal,
                                                                          board: Board):
    """Marks 2 and 3 at B1; 3 put in C1 spends B1's 3: the cell shows 2 alone, the panel
    lists the 3 last as placed, and clearing C1 brings it back. Pencilling a number that
    stands elsewhere says why the cell does not show it; a given's number takes no mark."""
    term.send("N")
    term.wait_text("Pencil  B1")
    term.send("2\r3\r")
    term.wait_for(lambda: board.text(0, 1) == "+ 2", what="both marks in")
    term.send("N")
    board.click(0, 2)
    term.send("3\r")
    board.wait_cell(0, 2, "3")
    term.wait_for(lambda: board.text(0, 1) == "2", what="the spent 3 hidden")
    board.click(0, 1)
    term.wait_text("Cell    B1 marks 2, 3 placed")
    term.send("N")
    term.send("1")  # (given at D1, but it may become 12, 13 or 15)
    term.wait_message("1 is given at D1: no other cell can hold it; a digit more makes "
                      "another mark, else it goes.")
    term.send("4")  # (given at B2, and no digit more makes another number: refused)
    term.wait_message("14 is given at B2: no other cell can hold it, so it takes no mark.")
    term.wait_text("Pencil  B1 marks 2, 3 placed")
    board.click(1, 2)
    term.send("3")  # (3 is the player's, in C1)
    term.wait_message("3 is at C1 already: this mark shows once it comes off there.")
    term.send("\x7f")  # (Backspace takes it back)
    term.wait_for(lambda: "C2 marks" not in term.text, what="the mark taken back")
    term.send("N")
    board.click(0, 2)
    term.send_key("space")
    term.wait_for(lambda: board.text(0, 1) == "+ 2", what="the 3 back once C1 is cleared")


def test_a_zero_that_clears_a_cell_says_so(term: Terminal, board: Board):
    """0 starts no number, so it clears the cell, as Del does, in pencil mode too: said,
    number or marks (a stray 0 took them out without a word), as Del says it; a 0 after a 1
    is 10, and says nothing."""
    term.send("2\r0")
    term.wait_message("0 clears a cell, as Del does: 2 taken out of B1 (u brings it back).")
    board.wait_cell(0, 1, "")
    term.send("N3\r0")
    term.wait_message("0 clears a cell, as Del does: B1's marks rubbed out (u brings them "
                      "back).")
    term.send("N10")
    board.wait_cell(0, 1, "10")
    assert "0 clears" not in term.text
    term.send("N0")  # (in pencil mode too, on a number)
    term.wait_message("0 clears a cell, as Del does: 10 taken out of B1 (u brings it back).")
    term.send("3\r")
    term.send_key("delete")  # Del says what it rubbed out too
    term.wait_message("B1's marks rubbed out (u brings them back).")


def test_pencil_marks_are_saved_with_the_game(demo: Path, state: Path):
    term = start(play_command(str(demo)), state, rows=ROWS, cols=COLS)
    board = Board(term, CELL_WIDTH)
    with term:
        wait_play(term, last="r-click clear")
        term.click_text("pencil  N")  # the key help's words do what the key does
        term.wait_text("Pencil:")
        board.click(2, 2)
        term.send("1")
        term.send("3")
        term.send("\r")
        term.wait_text("C3 marks 13")
        board.click(2, 1)
        term.send("1")  # a mark being typed when the game is left is kept, as a number is
        term.wait_message("1 is given at D1")  # (the cell does not show it)
        term.send("q")
        assert term.wait_exit() == 0
    term = start(play_command(str(demo)), state, rows=ROWS, cols=COLS)
    board = Board(term, CELL_WIDTH)
    with term:
        wait_play(term, last="r-click clear")
        board.wait_cell(2, 2, "13")
        term.wait_text("Pencil  B3 marks 1 placed")  # (still in pencil mode, on the cell left)
        term.send("q")
        assert term.wait_exit() == 0


def test_a_large_board_lists_the_cursor_cell_s_marks_in_its_status_line(tmp_path: Path,
                                                                         state: Path):
    """A 15x15 at 80x24 has no side panel: the status line lists the marks, as many whole
    ones as fit and how many there are, and nothing of them while the game is paused."""
    snake = [[r * 15 + (c if r % 2 == 0 else 14 - c) + 1 for c in range(15)] for r in range(15)]
    rows = [" ".join(str(v) if v % 9 == 0 else "." for v in row) for row in snake]
    path = tmp_path / "big.txt"
    path.write_text("# id: big\n" + "\n".join(rows) + "\n")
    with start(play_command(str(path)), state, rows=ROWS, cols=COLS) as term:
        term.wait_text("q quit")
        term.send("N")
        term.wait_text("pencil")
        # (more than the line holds even without the board's size, which goes first)
        for number in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
                       71, 73, 79, 83, 89, 97):
            term.send(f"{number}\r")
        term.wait_text("A1 marks 3 5 7 11 13 17 19 23 ")  # (as many as the line has room for)
        term.wait_text("(24)")
        line = next(line for line in term.lines if "A1 marks" in line)
        assert "…(24)" in line or "~(24)" in line
        term.send("p")
        term.wait_text("paused")
        assert "A1 marks" not in term.text
        term.send("p")
        term.send("q")
        assert term.wait_exit() == 0


def test_a_narrow_screen_keeps_pencil_mode_and_the_marks_before_the_counts(tmp_path: Path,
                                                                          state: Path):
    """At 40 columns the status line has no room for everything: the clock and the moves
    give way, not the word that says digits go in as marks, nor the cell's marks."""
    snake = [[r * 15 + (c if r % 2 == 0 else 14 - c) + 1 for c in range(15)] for r in range(15)]
    rows = [" ".join(str(v) if v % 9 == 0 else "." for v in row) for row in snake]
    path = tmp_path / "big.txt"
    path.write_text("# id: big\n" + "\n".join(rows) + "\n")
    with start(play_command(str(path)), state, rows=15, cols=40) as term:
        term.wait_text("q quit")
        term.send("N")
        for number in (101, 103, 107, 109):
            term.send(f"{number}\r")
        term.wait_text("A1 marks 101")
        line = next(line for line in term.lines if "A1 marks" in line)
        assert "pencil" in line and "A1 marks 101 " in line  # (the counts gave way)
        # (and the board's size, which the player knows, before the marks are cut: the line
        # read "15x15 · pencil · A1 marks 101 …(4)", three of the four out of sight)
        term.wait_for(lambda: "pencil · A1 marks 101 103 107 109" in
                      [line.strip() for line in term.lines], what="the four marks whole")
        term.resize(15, 60)  # all four fit, with the fill and the moves: the clock gives way
        term.wait_text("15x15 · pencil · A1 marks 101 103 107 109 · 25/225 · 4 moves")
        term.send("q")
        assert term.wait_exit() == 0


def test_a_check_says_which_rule_its_marks_break():
    """A check marked the numbers of a conflict and said only "those numbers cannot all be
    right": a newcomer with a right 20 marked beside a wrong 22 erased the 20. It says the
    rule broken, with the numbers and cells, and how many more problems there are."""
    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.ui.play_words import marks_reason

    # starter-1: its 25 at E5 has E4 and D5 beside it
    puzzle = Puzzle.from_rows([[0, 0, 0, 0, 0], [0, 0, 16, 0, 14], [0, 6, 0, 18, 0],
                               [0, 0, 0, 0, 0], [1, 2, 23, 0, 25]])

    def said(*entries: tuple[int, int, int]) -> str:
        game = Game(puzzle)
        for row, col, number in entries:
            assert game.set_value(row * 5 + col, number) is None
        assert game.check_cells()  # (the words are said only of a board with marks)
        return marks_reason(game)

    assert said((3, 4, 20), (3, 3, 21), (4, 3, 22)) == (
        "25 at E5 needs 24 beside it, but no cell next to it is free (20 and 22 are in the way)")
    assert said((0, 0, 2)) == "2 is on the board twice"
    assert said((4, 3, 3)) == (
        "2 at B5 and 3 at D5 are not next to each other (and 1 more problem)")
    assert said((0, 0, 8)) == (
        "6 at B3 and 8 at A1 are 3 steps apart, more than the 2 between them (and 1 more "
        "problem)")
    # (the colours: 12 at D2 is an odd number of steps from 6 at B3 and from 14 at E2)
    assert said((1, 3, 12)) == ("6 at B3 and 12 at D2 are 3 steps apart, and a path of 6 "
                                "steps cannot join them (a detour adds steps two at a time) "
                                "(and 1 more problem)")


def test_a_digit_past_the_board_leaves_the_number_typed_to_go_on_from(state: Path):
    """2, 6, 4 on a 25-cell board gave 4, the refused 6 having ended the number: the slip
    is mended by the next digit now, and the message says the number waits."""
    with start(play_command("--puzzle", "starter-1"), state) as term:
        wait_play(term)
        board = Board(term, 4)
        board.click(0, 0)
        term.send("26")
        term.wait_message("Numbers go from 1 to 25: 2 waits for another digit (Enter ends it).")
        term.send("4")
        board.wait_cell(0, 0, "24")
        term.send("q")



def test_a_message_cut_to_its_rows_ends_in_dots_that_say_so():
    """A message with more lines than the rows left for it keeps what fits, and its last
    line ends in "...": the player knows there was more (it never overruns the width)."""
    from numbrix_curses.ui.draw import wrap_text

    text = "one two three four five six"
    assert wrap_text(text, 9) == ["one two", "three", "four five", "six"]
    assert wrap_text(text, 9, max_lines=2) == ["one two", "three..."]
    assert wrap_text(text, 9, max_lines=1) == ["one tw..."]  # (no room for the dots after it)
    assert wrap_text("one two", 9, max_lines=2) == ["one two"]  # all of it fits: no dots
    assert all(len(line) <= 9 for n in (1, 2, 3) for line in wrap_text(text, 9, max_lines=n))


def test_a_wide_board_has_a_third_more_columns_to_the_nearest():
    """The New puzzle form's wide shape: 9 rows make a 9x12 board, 5 a 5x7 (not 5x6)."""
    from numbrix_curses.ui.newpuzzle import board_shape

    wide = {size: board_shape(size, "wide") for size in (5, 6, 8, 9, 20)}
    assert wide == {5: (5, 7), 6: (6, 8), 8: (8, 11), 9: (9, 12), 20: (20, 27)}
    assert board_shape(8, "square") == (8, 8)


@pytest.mark.parametrize("label, metadata, said", [
    ("demo", {"difficulty": "easy"}, ("demo, 4x4 easy, 0:02", "4x4 easy, 0:02", "4x4, 0:02")),
    ("demo", {}, ("demo, 4x4, 0:02", "4x4, 0:02")),  # (a grade only where the save has one)
    # (a generated puzzle's name says its size and grade already)
    ("4x4-easy-7", {"difficulty": "easy"}, ("4x4-easy-7, 0:02", "4x4 easy, 0:02",
                                            "4x4, 0:02")),
])
def test_continue_says_the_game_s_name_size_grade_and_time(label, metadata, said):
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savefile import SavedGame
    from numbrix_curses.ui.menu import continue_details

    puzzle = Puzzle.from_rows(GIVENS, metadata)
    saved = SavedGame("key", puzzle, label, None, 0.0, {"elapsed": 2.0})
    assert continue_details(saved) == said


def test_a_short_window_gives_up_the_menu_s_banner_before_its_blank_rows_and_footer():
    """Rows short for the whole menu: the banner goes first, then the blank rows between
    the items (the banner back if it then fits), the footer saying how to choose last."""
    from numbrix_curses.ui.menu import _menu_plan

    assert _menu_plan(24, 9) == (2, True, True)  # nine items keep all three at 24 rows
    assert _menu_plan(23, 9) == (2, False, True)
    plans = {height: _menu_plan(height, 7) for height in (20, 19, 17, 13, 11)}
    assert plans == {20: (2, True, True), 19: (2, False, True), 17: (1, True, True),
                     13: (1, False, True), 11: (1, False, False)}


def test_a_message_s_shorter_wordings_keep_what_is_said_before_and_after_it() -> None:
    """The type-in screen puts a spinner before its message and a paste's warning after
    it: a shorter wording, used where the whole does not fit, has them too."""
    from numbrix_curses.ui.panel import Message, MessageKind

    verdict = Message("No solution: 8 and 9 apart. It can be solved. f: swap them.",
                      MessageKind.ERROR, shorter=("No solution. f: swap them.",))
    shown = verdict.with_text(f"| {verdict.text} Read from spaces.")
    assert shown.text == "| No solution: 8 and 9 apart. It can be solved. f: swap them. Read from spaces."
    assert shown.shorter == ("| No solution. f: swap them. Read from spaces.",)
    assert shown.kind is MessageKind.ERROR
    assert verdict.with_text("Checking...").shorter == ()  # (another message: none)


def test_the_puzzle_being_made_is_named_with_the_article_its_size_takes(state: Path):
    """"Generating a 8x8 easy puzzle...", "a 11x11": the size is said "an eight by
    eight", "an eleven by eleven"."""
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        term.send("n")
        term.wait_text("Choose the puzzle to make:")
        term.send("11")
        term.wait_text("11x11")
        term.send("g")
        term.wait_written("Generating an 11x11 easy puzzle...")
        assert b"Generating a 11x11" not in bytes(term.raw)


def test_a_file_of_one_puzzle_is_named_alike_from_open_file_and_the_command_line(
        state: Path, tmp_path: Path):
    """Opened from Open file, a file's one puzzle without an id was "one.txt#1", and
    `numbrix play one.txt` called the same game "one.txt": its save, Continue and the
    games under way took whichever name it was opened by last."""
    path = tmp_path / "one.txt"
    path.write_text("1 . 3\n. . .\n. . 9\n")
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send(str(path) + "\r")
        term.wait_text("Placed")
        assert term.lines[0].strip() == "Numbrix · one.txt", term.dump()
        term.send("2")  # (a move: the game is saved)
        term.wait_text("Placed  4 of 9")
        term.send("q")
        term.wait_match(r"Continue\s+one\.txt, ")
    with start(play_command(str(path)), state) as term:
        term.wait_text("Welcome back")
        assert term.lines[0].strip() == "Numbrix · one.txt", term.dump()


def test_a_grid_kept_when_the_app_stopped_says_its_day_as_the_games_list_does(state: Path):
    """The grid kept at Ctrl-C was offered as typed in "(05 Mar 14:07)", the day with a
    leading zero and the month in the locale's words; the games under way say "5 Mar"."""
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        term.send("t")
        term.wait_text("Size of the grid:")
        term.send_key("enter")
        term.wait_text("Type the given numbers")
        term.send("7")
        term.wait_match(r"Givens\s+1")
        term.send("\x03")
        assert term.wait_exit() == 130
    [kept] = (state / "numbrix-curses").glob("typed-*.txt")
    stamp = time.mktime((2024, 3, 5, 14, 7, 0, 0, 0, -1))
    os.utime(kept, (stamp, stamp))
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        term.send("t")
        term.wait_said("r: the 9x9 grid being typed in when the app stopped (5 Mar 14:07).")
        term.send("r")
        term.wait_message("The grid typed in when the app stopped (5 Mar 14:07), as it was")
