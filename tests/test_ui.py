"""The play screen as a player uses it: the real app in a pseudo-terminal, read back with pyte.

Also the screen mask and the key table, which need no terminal.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from numbrix_curses.ui.actions import ClearCell, Command, Digit, MoveCursor, SelectCell
from numbrix_curses.ui.keys import action_for_key
from numbrix_curses.ui.mask import ScreenMask
from tty_harness import Terminal, play_command

# 4x4, unique; blanks hold 2, 3, 12, 13, 15.
#    4  3  2  1
#    5 14 15 16
#    6 13 12 11
#    7  8  9 10
PUZZLE = """\
# id: demo
4 . . 1
5 14 . 16
6 . . 11
7 8 9 10
"""
CELL_WIDTH = 4  # two digits plus a space either side
ROWS, COLS = 24, 80


@pytest.fixture
def puzzle_path(tmp_path: Path) -> Path:
    path = tmp_path / "demo.txt"
    path.write_text(PUZZLE, encoding="utf-8")
    return path


@pytest.fixture
def term(puzzle_path: Path):
    terminal = Terminal(play_command(str(puzzle_path)), rows=ROWS, cols=COLS)
    wait_ready(terminal)
    yield terminal
    terminal.close()


def wait_ready(term: Terminal) -> None:
    # The key help is drawn last: once it shows, the whole first frame is there.
    term.wait_text("mouse")
    term.wait_for(lambda: term.find("┘") is not None, what="the board")


def cell_yx(term: Terminal, row: int, col: int) -> tuple[int, int]:
    corner = term.find("┌")
    assert corner is not None, term.dump()
    top, left = corner
    return top + 1 + 2 * row, left + 1 + col * (CELL_WIDTH + 1)


def cell_text(term: Terminal, row: int, col: int) -> str:
    y, x = cell_yx(term, row, col)
    return term.lines[y][x : x + CELL_WIDTH].strip()


def wait_cell(term: Terminal, row: int, col: int, text: str) -> None:
    term.wait_for(lambda: cell_text(term, row, col) == text, what=f"cell {row},{col} = {text!r}")


def is_cursor(term: Terminal, row: int, col: int) -> bool:
    y, x = cell_yx(term, row, col)
    return term.char(y, x + CELL_WIDTH - 2).reverse


def click_cell(term: Terminal, row: int, col: int) -> None:
    term.click(*cell_yx(term, row, col))
    term.wait_for(lambda: is_cursor(term, row, col), what=f"cursor on {row},{col}")


# ----- keyboard ----------------------------------------------------------------------------
def test_first_frame_shows_board_givens_and_panel(term: Terminal):
    assert "Numbrix · demo" in term.lines[0]
    assert [cell_text(term, 3, c) for c in range(4)] == ["7", "8", "9", "10"]
    assert cell_text(term, 0, 1) == ""
    assert is_cursor(term, 0, 1)  # the first blank cell
    assert "Placed  11 of 16" in term.text
    y, x = cell_yx(term, 0, 0)
    assert term.char(y, x + 2).bold  # givens stand out


def test_arrows_move_and_digits_type(term: Terminal):
    term.send_key("right")
    term.wait_for(lambda: is_cursor(term, 0, 2), what="cursor moved right")
    term.send("2")
    wait_cell(term, 0, 2, "2")
    term.wait_text("Placed  12 of 16")
    term.send_key("down")
    term.send("1")
    term.send("5")
    wait_cell(term, 1, 2, "15")
    term.wait_text("Moves   2")
    assert cell_text(term, 0, 2) == "2"


def test_letter_keys_move_too(term: Terminal):
    term.send("j")  # down
    term.wait_for(lambda: is_cursor(term, 1, 1))
    term.send("d")  # right
    term.wait_for(lambda: is_cursor(term, 1, 2))
    term.send("a")
    term.wait_for(lambda: is_cursor(term, 1, 1))
    term.send("k")
    term.wait_for(lambda: is_cursor(term, 0, 1))


def test_enter_ends_a_number(term: Terminal):
    term.send("1")
    term.send_key("enter")
    term.send("3")
    wait_cell(term, 0, 1, "3")  # not 13


def test_path_is_drawn_between_consecutive_numbers(term: Terminal):
    y, x = cell_yx(term, 0, 2)
    wall = x + CELL_WIDTH  # between (0, 2) and (0, 3), where 1 is given
    assert term.lines[y][wall] == "│"
    term.send_key("right")
    term.send("2")
    term.wait_for(lambda: term.lines[y][wall] == "━", what="a link from 2 to 1")
    # 5 under 4 is a given link: the wall between them is open with a vertical line
    y0, x0 = cell_yx(term, 0, 0)
    assert term.lines[y0 + 1][x0 + CELL_WIDTH - 2] == "┃"


def test_neighbours_in_the_chain_are_highlighted(term: Terminal):
    term.send_key("down")
    term.send_key("left")  # onto the given 5
    term.wait_text("A2 = 5 (given)")
    for row, col in [(0, 0), (2, 0)]:  # 4 and 6
        y, x = cell_yx(term, row, col)
        assert term.char(y, x + 2).bg == "green"
    y, x = cell_yx(term, 1, 1)  # 14 is not
    assert term.char(y, x + 2).bg == "default"


def test_givens_cannot_be_changed(term: Terminal):
    term.send_key("left")
    term.send("3")
    term.wait_text("given")
    assert cell_text(term, 0, 0) == "4"


def test_backspace_and_space_clear(term: Terminal):
    term.send("3")
    wait_cell(term, 0, 1, "3")
    term.send_key("backspace")
    wait_cell(term, 0, 1, "")
    term.send("3")
    term.send_key("enter")
    wait_cell(term, 0, 1, "3")
    term.send_key("space")
    wait_cell(term, 0, 1, "")


def test_undo_and_redo(term: Terminal):
    term.send("3")
    term.send_key("right")
    term.send("2")
    wait_cell(term, 0, 2, "2")
    term.send("u")
    wait_cell(term, 0, 2, "")
    term.send("u")
    wait_cell(term, 0, 1, "")
    term.send("u")
    term.wait_text("Nothing to undo")
    term.send("r")
    wait_cell(term, 0, 1, "3")
    term.send_key("ctrl-r")
    wait_cell(term, 0, 2, "2")
    term.wait_text("Moves   2")


# ----- mouse -------------------------------------------------------------------------------
def test_click_a_cell_and_type_there(term: Terminal):
    assert "\x1b[?1006" in term.raw.decode("utf-8", "replace")  # SGR mouse is on
    click_cell(term, 2, 1)
    term.send("1")
    term.send("3")
    wait_cell(term, 2, 1, "13")
    click_cell(term, 2, 2)
    term.send("1")
    term.send("2")
    wait_cell(term, 2, 2, "12")
    assert cell_text(term, 2, 1) == "13"


def test_press_and_release_arriving_apart_select_once(term: Terminal):
    # A real terminal sends the release as its own event after the press.
    y, x = cell_yx(term, 2, 2)
    term.send(f"\x1b[<0;{x + 1};{y + 1}M")
    term.wait_for(lambda: is_cursor(term, 2, 2), what="cursor on the pressed cell")
    term.send(f"\x1b[<0;{x + 1};{y + 1}m")
    term.send("1")
    term.send("2")
    wait_cell(term, 2, 2, "12")


def test_right_click_clears_a_cell(term: Terminal):
    click_cell(term, 2, 1)
    term.send("1")
    term.send("3")
    wait_cell(term, 2, 1, "13")
    term.right_click(*cell_yx(term, 2, 1))
    wait_cell(term, 2, 1, "")


def test_clicking_key_help_does_what_the_key_does(term: Terminal):
    term.send("3")
    wait_cell(term, 0, 1, "3")
    term.click(*term.find("undo"))
    wait_cell(term, 0, 1, "")
    term.click(*term.find("redo"))
    wait_cell(term, 0, 1, "3")


# ----- finishing ---------------------------------------------------------------------------
def test_finish_the_puzzle(term: Terminal):
    for row, col, number in [(0, 1, "3"), (0, 2, "2"), (1, 2, "15"), (2, 1, "13")]:
        click_cell(term, row, col)
        term.send(number)
        wait_cell(term, row, col, number)
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
    assert cell_text(term, 2, 2) == "12"


# ----- terminal size -----------------------------------------------------------------------
def test_resize_smaller_says_too_small_and_larger_relayouts(term: Terminal):
    term.send("3")
    wait_cell(term, 0, 1, "3")
    term.resize(10, 40)
    term.wait_text("Terminal too small: need 26x13")
    term.send("u")  # ignored while the board is not shown
    term.resize(20, 40)  # narrow: the panel goes under the board
    term.wait_text("4x4 · 12/16 · 1 move · ")
    assert cell_text(term, 0, 1) == "3"
    term.resize(40, 120)
    wait_ready(term)
    top, left = term.find("┌")
    width = 4 * (CELL_WIDTH + 1) + 1
    assert left + width + 4 + 31 <= 120 and left > 30  # centred again in the wider screen
    assert cell_text(term, 0, 1) == "3"
    term.send("u")
    wait_cell(term, 0, 1, "")


def test_pause_hides_the_board(term: Terminal):
    term.send("p")
    term.wait_text("Paused")
    assert "14" not in "".join(term.lines[term.find("┌")[0] :])
    term.send("3")
    term.send("p")
    term.wait_gone("Paused")
    wait_cell(term, 1, 1, "14")
    assert cell_text(term, 0, 1) == ""


# ----- without colours ---------------------------------------------------------------------
def test_works_without_colours(puzzle_path: Path):
    term = Terminal(play_command(str(puzzle_path)), rows=ROWS, cols=COLS, NO_COLOR="1")
    try:
        wait_ready(term)
        term.send_key("down")
        term.send_key("left")
        term.wait_text("A2 = 5")
        y, x = cell_yx(term, 0, 0)  # 4, before the cursor's 5
        char = term.char(y, x + 2)
        assert char.underscore and char.bold and char.bg == "default"
        assert is_cursor(term, 1, 0)
        assert all(term.char(r, c).fg == "default" for r in range(ROWS) for c in range(COLS))
        term.send("q")
        assert term.wait_exit() == 0
    finally:
        term.close()


def test_ascii_locale_draws_the_board_in_ascii(puzzle_path: Path):
    term = Terminal(play_command(str(puzzle_path)), rows=ROWS, cols=COLS, LANG="C", LC_ALL="C")
    try:
        term.wait_text("mouse")
        term.wait_text("+----+----+----+----+")
        assert "|  7 -  8 -  9 - 10 |" in term.text
        assert "Numbrix - demo" in term.lines[0]
        term.send("q")
        assert term.wait_exit() == 0
    finally:
        term.close()


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


# ----- pieces that need no terminal --------------------------------------------------------
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
