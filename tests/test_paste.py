"""Pasting: a puzzle copied from a page, a spreadsheet or a file, pasted into the app.

The pty tests paste as xterm does in bracketed-paste mode (between its two markers, see
`Terminal.paste`), and as a terminal without that mode does (the text alone, in one write);
the unit tests cover what a paste means and reading one off the input.
"""
from __future__ import annotations

import curses
import os
import shlex
import shutil
import signal
from pathlib import Path

import pytest

from numbrix_curses.ui.actions import Paste
from numbrix_curses.ui.saving import file_name_for
from numbrix_curses.ui.paste import (
    BURST_CHARS,
    MAX_PASTE_CHARS,
    BracketedPaste,
    NotUnderstood,
    PastedNumber,
    PastedPuzzle,
    one_line,
    read_burst,
    understand,
)
from helpers import DEMO_TEXT, GIVENS, FakeWindow
from tty_harness import Board, app_command, expect_exit, play_command, start, wait_play

#: the demo 4x4 as a spreadsheet copies it: tab-separated, blanks empty
DEMO_TABS = "\n".join("\t".join(str(v) if v else "" for v in row) for row in GIVENS) + "\n"


# ----- what a paste means --------------------------------------------------------------------
#: the whole play screen of a 3x3 copied off a terminal: its title, panel and keys with it
WHOLE_SCREEN = """\
                               Numbrix · late.txt
                          Size    3x3  easy
                          Placed  3 of 9

             A   B   C    a message long enough to
           ┌───┬───┬───┐  wrap beside the board
         1 │ 1 │   │ 3 │
           ├───┼───┼───┤
         2 │   │   │   │  Keys
           ├───┼───┼───┤  move    arrows hjkl wasd
         3 │   │   │ 9 │  draw    Shift-arrows, drag
           └───┴───┴───┘  type    0-9     next    n
                          mouse   click; right: clear
"""


def test_a_whole_screen_copied_off_the_app_pastes_as_its_board():
    """Before: "The pasted text is not a puzzle (line 1, column 32): 'Numbrix' is not a
    number", of the title over the board; a copy of the board alone read."""
    pasted = understand(Paste(WHOLE_SCREEN))
    assert isinstance(pasted, PastedPuzzle)
    assert pasted.puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]
    # text with no board in it is said as before, of where the reading failed
    said = understand(Paste("Numbrix puzzle\n1 . 3\n"))
    assert isinstance(said, NotUnderstood) and "(line 1, column 1)" in said.reason


def test_a_paste_refused_has_shorter_wordings_keeping_where_and_what():
    said = understand(Paste("hello there\n1 . 3\n"))
    assert isinstance(said, NotUnderstood)
    assert said.reason == ("The pasted text is not a puzzle (line 1, column 1): 'hello' is "
                           "not a number or a blank (. _ - ? 0); a title or a note? start the "
                           "line with # to keep it")
    assert said.shorter == (
        "Not a puzzle (line 1, column 1): 'hello' is not a number or a blank (. _ - ? 0); a "
        "title or a note? start the line with # to keep it",
        "Not a puzzle (line 1, column 1): 'hello' is not a number or a blank (. _ - ? 0)")

def test_a_number_alone_is_a_number_for_the_cell():
    assert understand(Paste("42")) == PastedNumber(42)
    assert understand(Paste(" 7\n")) == PastedNumber(7)


def test_a_puzzle_in_any_file_form_is_a_puzzle():
    for text in (DEMO_TEXT, DEMO_TABS, "| 4 | | | 1 |\n|---|---|---|---|\n| 5 | 14 | | 16 |\n"
                 "| 6 | | | 11 |\n| 7 | 8 | 9 | 10 |\n"):
        pasted = understand(Paste(text))
        assert isinstance(pasted, PastedPuzzle), (text, pasted)
        assert pasted.puzzle.givens.tolist() == GIVENS
        assert pasted.describe() == "a 4x4 puzzle with 11 givens"


def test_several_puzzles_pasted_give_the_first():
    pasted = understand(Paste(DEMO_TEXT + "\n1 .\n. .\n"))
    assert isinstance(pasted, PastedPuzzle)
    assert pasted.puzzle.givens.tolist() == GIVENS
    assert pasted.describe() == "the first of 2 puzzles (4x4, 11 givens)"


def test_what_is_not_a_puzzle_says_where():
    pasted = understand(Paste("1 2 3\n4 5\n"))
    assert isinstance(pasted, NotUnderstood)
    assert pasted.reason.startswith("The pasted text is not a puzzle (line 2, column ")
    assert "row has 2 cells, expected 3" in pasted.reason
    assert isinstance(understand(Paste("  \n\t\n")), NotUnderstood)
    cut = understand(Paste("1" * MAX_PASTE_CHARS, cut=True))
    assert isinstance(cut, NotUnderstood) and "too long" in cut.reason


def test_one_line_takes_the_first_line_that_is_not_blank():
    assert one_line(Paste("\n  /tmp/my puzzles/a.txt\r\nmore\n")) == "/tmp/my puzzles/a.txt"
    assert one_line(Paste("a\x07b")) == "ab"
    assert one_line(Paste("\n\n")) == ""


# ----- reading a paste off the input ---------------------------------------------------------
XTERM = BracketedPaste(b"\x1b[?2004h", b"\x1b[?2004l", "\x1b[200~", "\x1b[201~")


def test_a_paste_is_read_whole_with_its_line_breaks(put_back: list):
    window = FakeWindow("[200~1 . 3\r. . .\r\n7 . 9\x1b[201~x")
    assert XTERM.read(window, "\x1b") == Paste("1 . 3\n. . .\n7 . 9")
    assert window.keys == ["x"]  # what follows the paste is left to be read as keys
    assert put_back == []


@pytest.mark.parametrize("pair", ["\r\r", "\n\n", "\r\n\r\n"])
def test_text_with_windows_line_ends_pastes_its_rows(put_back: list, pair: str):
    """Copied with CR LF line ends, every break came doubled (xterm sends the LF as a CR
    too, and the terminal driver makes a CR a line break), and each row read as a board of
    its own: "is a blank line (line 2) splitting a 2x5 board?". Where every break is
    doubled, none is a blank line; a blank line between single breaks still parts boards."""
    rows = ["7 . . . .", ". 3 . . .", "9 . 23 . .", ". . . . .", ". . . . ."]
    window = FakeWindow("[200~" + pair.join(rows) + pair + "\x1b[201~")
    pasted = XTERM.read(window, "\x1b")
    assert pasted == Paste("\n".join(rows) + "\n")
    assert understand(pasted).puzzle.givens.shape == (5, 5)
    two = XTERM.read(FakeWindow("[200~1 2\r4 3\r\r1 .\r. 3\x1b[201~"), "\x1b")
    assert two == Paste("1 2\n4 3\n\n1 .\n. 3")


def test_an_escape_that_starts_no_paste_gives_back_what_followed_it(put_back: list):
    window = FakeWindow(["[", "A", curses.KEY_LEFT])
    assert XTERM.read(window, "\x1b") is None
    assert put_back == ["[", "A"]
    assert XTERM.read(FakeWindow([]), "\x1b") is None  # a bare Escape
    assert XTERM.read(FakeWindow("[200~"), "q") is None  # not even an Escape


def test_a_paste_whose_end_never_comes_ends_when_the_input_falls_quiet(put_back: list):
    assert XTERM.read(FakeWindow("[200~12\r"), "\x1b") == Paste("12\n")
    # and its end marker, should it come later, is read as nothing, not as keys
    window = FakeWindow("[201~q")
    assert XTERM.read(window, "\x1b") == Paste("")
    assert window.keys == ["q"] and put_back == []


def test_a_paste_too_long_is_cut_and_said_so(put_back: list):
    text = "1 " * MAX_PASTE_CHARS
    pasted = XTERM.read(FakeWindow("[200~" + text + "\x1b[201~"), "\x1b")
    assert pasted is not None and pasted.cut and len(pasted.text) == MAX_PASTE_CHARS
    exact = "7" * MAX_PASTE_CHARS
    assert XTERM.read(FakeWindow("[200~" + exact + "\x1b[201~"), "\x1b") == Paste(exact)


def test_text_waiting_at_once_is_a_paste_on_a_terminal_without_the_mode(put_back: list):
    window = FakeWindow(["1", " ", ".", "\r", ".", " ", "4", "\n", curses.KEY_LEFT, "q"])
    assert read_burst(window, "9") == Paste("91 .\n. 4\n")
    # the key that ended it is read next, then what followed
    assert put_back == [curses.KEY_LEFT] and window.keys == ["q"]


def test_a_few_keys_waiting_are_keys_typed_ahead(put_back: list):
    ahead = list("12\r3456"[: BURST_CHARS - 2])
    window = FakeWindow(ahead + [curses.KEY_UP])
    assert read_burst(window, "9") is None
    assert put_back == ahead + [curses.KEY_UP]  # all given back, in order
    put_back.clear()
    assert read_burst(FakeWindow("12345678"), curses.KEY_DOWN) is None  # not a character
    assert read_burst(FakeWindow("12345678"), "\x1b") is None  # nor an Escape
    assert put_back == []


def test_a_burst_of_moves_alone_is_keys_held_down(put_back: list):
    """Over a slow remote link a held arrow letter (or two) can arrive eight at a time; that
    was read as a paste of text that is no puzzle, and the moves were lost."""
    held = list("jjjjllll"[1:])
    assert read_burst(FakeWindow(held + [curses.KEY_UP]), "j") is None
    assert put_back == held + [curses.KEY_UP]
    put_back.clear()
    # a digit among them makes it text, as does a burst longer than keys held down give
    assert read_burst(FakeWindow("jjjj1lll"), "j") == Paste("jjjjj1lll")
    assert read_burst(FakeWindow("j" * 100), "j") == Paste("j" * 101)
    assert put_back == []


def test_keys_go_back_by_their_codes_where_curses_has_no_wide_put_back(
    put_back: list, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delattr(curses, "unget_wch")
    assert read_burst(FakeWindow(["2", curses.KEY_UP]), "1") is None
    assert put_back == [ord("2"), curses.KEY_UP]


def test_a_burst_too_long_is_cut_and_said_so(put_back: list):
    pasted = read_burst(FakeWindow("1 " * MAX_PASTE_CHARS), "7")
    assert pasted is not None and pasted.cut and len(pasted.text) == MAX_PASTE_CHARS


# ----- in the app ----------------------------------------------------------------------------
def menu(state: Path, **env: str):
    term = start(app_command(), state, **env)
    term.wait_text("[q] Quit")
    return term


def cells(board: Board, rows: int, cols: int) -> list[list[int]]:
    return [[int(board.number(r, c) or 0) for c in range(cols)] for r in range(rows)]


def test_a_puzzle_pasted_at_the_menu_opens_typed_in_and_checked(state: Path):
    term = menu(state)
    board = Board(term, 4)
    with term:
        term.wait_text("type or paste one")
        term.paste(DEMO_TABS)
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS
        term.send("u")  # the paste is one move
        board.wait_cell(0, 0, "")
        assert cells(board, 4, 4) == [[0] * 4] * 4
        term.send("r")
        board.wait_cell(0, 0, "4")
        term.send("p")  # and it plays
        term.wait_text("Placed  11 of 16")


def test_a_puzzle_copied_with_windows_line_ends_pastes_at_the_menu(state: Path):
    """Its rows came each as a board of its own, and the paste was refused."""
    term = menu(state)
    board = Board(term, 4)
    with term:
        term.wait_text("type or paste one")
        term.paste(DEMO_TABS.replace("\n", "\r\n"))  # (xterm sends each LF as a CR)
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS


def test_a_paste_fills_the_grid_and_one_of_another_size_asks_first(state: Path):
    term = menu(state)
    board = Board(term, 4)
    with term:
        term.send("t")
        term.wait_text("Size of the grid:")
        term.wait_text("Or paste a whole puzzle")
        term.send_key("enter")  # 9x9
        term.wait_text("Type the given numbers")
        term.send("5")
        board.wait_cell(0, 0, "5")
        term.paste(DEMO_TEXT)
        term.wait_text("Put the pasted 4x4 puzzle in place of this 9x9 grid?")
        term.send("y")
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS
        # The same size again, with a slip: 9 and 10 swapped, so no solution.
        term.paste(DEMO_TEXT.replace("8 9 10", "8 10 9"))
        term.wait_text("No solution")
        assert board.number(3, 2) == "10" and board.number(3, 3) == "9"
        term.wait_message("It has exactly one solution with the 9 at D4 and the 10 at C4 swapped", 15)
        term.paste(DEMO_TEXT.replace("8 9 10", "8 10 9"))
        term.wait_message("The grid holds that puzzle already.")


#: the demo 4x4 typed with its 9 and 10 swapped: no solution, and the swap back is the fix
SWAPPED_9_10 = DEMO_TEXT.replace("8 9 10", "8 10 9")
SLIPPED = [row[:2] + [10, 9] if row[3] == 10 else row for row in GIVENS]
FIX_SAID = "f: swap the 9 at D4 and the 10 at C4."


def paste_the_slip(term, board: Board) -> None:
    """Paste the 4x4 with 9 and 10 swapped at the menu, and wait for the fix proposed."""
    term.wait_text("type or paste one")
    term.paste(SWAPPED_9_10)
    term.wait_text("No solution")
    term.wait_message(FIX_SAID, 15)
    assert cells(board, 4, 4) == SLIPPED


def test_f_makes_the_fix_the_check_proposes_as_one_move(state: Path):
    """The check of a puzzle typed with a slip says the change that gives exactly one
    solution; f makes it, the cursor on the cell it changed, and the grid is checked again
    at once; u takes the change back, r makes it again."""
    term = menu(state)
    board = Board(term, 4)
    with term:
        paste_the_slip(term, board)
        term.send("f")
        term.wait_message("Unique: exactly one solution")
        term.wait_message("Made the change: swap the 9 at D4 and the 10 at C4 (u takes it back).")
        assert cells(board, 4, 4) == GIVENS
        assert board.is_cursor(3, 2), term.dump()  # (C4: the first cell changed)
        assert "?" not in term.text, term.dump()  # (the suspects' marks went with the slip)
        term.send("u")  # one move: one undo brings the slip back, whole
        board.wait_cell(3, 2, "10")
        assert cells(board, 4, 4) == SLIPPED
        term.wait_gone("Made the change")
        term.send("f")  # (the grid is no longer the one checked: no fix for it yet)
        term.wait_message("No fix to make: f makes the change a check (c) proposes")
        term.send("r")
        board.wait_cell(3, 2, "9")
        assert cells(board, 4, 4) == GIVENS


def test_a_click_on_fix_makes_the_change_and_f_says_when_there_is_none(state: Path):
    term = menu(state)
    board = Board(term, 4)
    with term:
        paste_the_slip(term, board)
        term.click_text("fix     f")  # (the panel's key line)
        term.wait_message("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS
        term.send("f")  # (a unique puzzle: nothing to fix)
        term.wait_message("No fix to make")
        assert cells(board, 4, 4) == GIVENS


@pytest.mark.parametrize("cols", [30, 40])
def test_the_verdict_on_a_slip_names_its_fix_at_twelve_rows(state: Path, cols: int):
    """At 30 and 40 columns by 12 rows the verdict keeps the solver's reason with the fix
    (what the suspects found, which the fix names and ? marks, is left out there)."""
    with start(app_command(), state, rows=12, cols=cols) as term:
        term.wait_text("[q] Quit")
        term.paste(SWAPPED_9_10)
        term.wait_message(FIX_SAID, 15)
        assert "not next to each other" in term.flowing_text(), term.dump()
        assert "..." not in term.text, term.dump()
        term.send("f")
        # (the verdict in fewer words, where the change made is said after it whole)
        term.wait_said("p plays it, e saves it. Made the change: swap the 9 at D4 and the 10 "
                       "at C4 (u takes it back).")
        assert "Unique" in term.text and "..." not in term.text, term.dump()
        # (the board's window follows the cursor to C4, the cell changed)
        assert "4 │  7   8   9  10 │" in term.text, term.dump()


def test_a_puzzle_pasted_where_the_size_is_chosen_brings_its_size(state: Path):
    term = menu(state)
    board = Board(term, 4)
    with term:
        term.send("t")
        term.wait_text("Size of the grid:")
        term.paste("1 2\n3\n")
        term.wait_text("line 2, column")
        term.paste(DEMO_TEXT)
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS
        term.send("e")  # its id names the file offered
        term.wait_text("File to write")
        term.wait_text("demo.txt")
        term.send_key("escape")
        term.wait_gone("File to write")
        term.send("p")  # and the puzzle in play
        term.wait_text("Numbrix · demo")


def test_what_the_reader_warns_of_a_paste_is_said_with_the_verdict(state: Path):
    """A board read from the spaces between its numbers may not be the one meant: the
    reader says so, and the type-in screen said nothing (the check's verdict came at
    once). It is said after the verdict while the grid is the one read."""
    term = menu(state)
    board = Board(term, 3)
    with term:
        term.wait_text("type or paste one")
        term.paste(" 1  2  3\n 8\n 7     5\n")
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 3, 3) == [[1, 2, 3], [8, 0, 0], [7, 0, 5]]
        term.wait_message("Read with a warning (line 1 of the paste): the blanks of this 3x3 "
                          "board were read from the spaces between its numbers")
        term.send("c")  # (checked again: the grid is still the one read)
        term.wait_message("Unique: exactly one solution")
        term.wait_message("Read with a warning (line 1 of the paste)")
        board.click(1, 1)
        term.send("9")  # the grid is no longer the one read: the warning goes
        board.wait_cell(1, 1, "9")
        term.wait_gone("Read with a warning")
        assert "Read with a warning" not in term.flowing_text(term.panel_left())


def test_a_paste_s_warnings_are_counted():
    pasted = understand(Paste(" 1  2  3\n 8\n 7     5\n"))
    assert isinstance(pasted, PastedPuzzle)
    assert pasted.note() == ("Read with a warning (line 1 of the paste): the blanks of this "
                             "3x3 board were read from the spaces between its numbers, by the "
                             "columns the numbers stand in, and its width taken to be its "
                             "height (blanks at the end of a row leave no trace); check the "
                             "board, or write each blank as '.', or give its rows and columns "
                             "on the line above it (as '3 4').")
    more = PastedPuzzle(pasted.puzzle, 1, ((2, "one"), (3, "two"), (4, "three")))
    assert more.note() == "Read with a warning (line 2 of the paste): one (2 more warnings)."
    assert understand(Paste("1 . 3\n. . .\n. . 9\n")).note() is None


def test_a_pasted_id_is_made_a_file_name():
    assert file_name_for("parade 2026/11/22", "x") == "parade-2026-11-22.txt"
    assert file_name_for("../../secret", "x") == "secret.txt"
    assert file_name_for("...", "x") == "x.txt" and file_name_for(None, "x") == "x.txt"
    # a puzzle called by its file's name: one extension (it was "src2.txt.txt")
    assert file_name_for("src2.txt", "x") == "src2.txt"
    assert file_name_for("src2.txt#3", "x") == "src2-3.txt"
    assert file_name_for("a.txt.gz", "x") == "a.txt.gz.txt"


def test_what_is_not_a_puzzle_is_said_with_its_place(state: Path):
    term = menu(state)
    with term:
        term.paste("1 . 3\n. x .\n")
        term.wait_text("The pasted text is not a puzzle (line 2, column 3)")
        term.send("l")  # the menu goes on as before
        term.wait_text("starter-1")


def test_a_number_pasted_in_play_goes_in_the_cell(state: Path, demo: Path):
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        board.click(0, 1)
        term.paste("3\n")
        board.wait_cell(0, 1, "3")
        term.send("2")  # the pasted number was ended: this starts a new one, not 32
        board.wait_cell(0, 1, "2")
        term.send("u")
        board.wait_cell(0, 1, "3")
        term.paste(DEMO_TEXT)
        term.wait_message("To check a pasted puzzle, paste it in the main menu")
        assert board.number(0, 1) == "3"
        term.send("q")
        expect_exit(term)


def test_a_path_pasted_into_open_file_is_typed_not_submitted(state: Path, demo: Path):
    term = menu(state)
    with term:
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.paste(str(demo) + "\n")
        term.wait_text(str(demo))
        assert "Placed" not in term.text
        term.send("\r")
        term.wait_text("Placed  11 of 16")


def test_an_escape_and_the_key_after_it_in_one_read_are_both_kept(state: Path, demo: Path):
    """Alt+l, or Esc then l typed fast: the reader looks past the Escape for a paste and
    must give the l back."""
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        board.click(0, 1)
        term.send("\x1bl")
        term.wait_for(lambda: board.is_cursor(0, 2), what="the cursor one cell right")


def test_the_mode_is_on_while_the_app_runs_and_again_after_a_stop(state: Path, demo: Path):
    term = start(play_command(str(demo)), state)
    with term:
        wait_play(term)
        assert bytes(term.raw).count(b"\x1b[?2004h") == 1
        os.kill(term.child.pid, signal.SIGSTOP)
        os.kill(term.child.pid, signal.SIGCONT)
        term.send_key("right")  # the loop wakes and sees it was stopped
        term.wait_for(lambda: bytes(term.raw).count(b"\x1b[?2004h") == 2,
                      what="the mode switched on again")
        # and so are drag reports, which ncurses leaves out when it sets the mouse again
        term.wait_for(lambda: bytes(term.raw).count(b"\x1b[?1002h") == 2,
                      what="drag reports asked for again")
        term.send("q")
        expect_exit(term)
        raw = bytes(term.raw)
        assert raw.rfind(b"\x1b[?2004l") > raw.rfind(b"\x1b[?2004h")


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP") or shutil.which("bash") is None,
                    reason="no job control, or no shell to stop the app from")
def test_ctrl_z_hands_the_shell_a_plain_terminal_and_fg_brings_the_game_back(
    state: Path, demo: Path
):
    """As a player does it: the app run from an interactive shell, Ctrl-Z, then `fg`."""
    term = start(["bash", "--norc", "--noprofile", "-i"], state, PS1="$ ", HISTFILE=os.devnull)
    board = Board(term, 4)
    with term:
        term.wait_text("$ ")
        term.send(shlex.join(play_command(str(demo))) + "\r")
        wait_play(term)
        board.click(0, 1)
        term.send("3")
        board.wait_cell(0, 1, "3")
        stopped_at = len(term.raw)
        term.send("\x1a")
        term.wait_text("Stopped")
        # Paste markers and drag reports are off before the shell writes its prompt.
        shell = bytes(term.raw[stopped_at:])
        prompt = shell.rfind(b"$ ")
        for off in (b"\x1b[?2004l", b"\x1b[?1002l"):
            assert -1 < shell.find(off) < prompt, off
        back_at = len(term.raw)
        term.send("fg\r")
        term.wait_gone("Stopped")  # the whole screen drawn again
        wait_play(term)
        board.wait_cell(0, 1, "3")
        # ncurses asks for clicks again first: drags asked for after it, or xterm forgets
        # them (its mouse modes replace each other).
        term.wait_for(lambda: b"\x1b[?1002h" in bytes(term.raw[back_at:]), what="drags again")
        again = bytes(term.raw[back_at:])
        assert again.rfind(b"\x1b[?1002h") > again.rfind(b"1000h") > -1
        assert b"\x1b[?2004h" in again
        board.click(0, 2)  # the game goes on where it was, clicks and all
        term.send("2")
        board.wait_cell(0, 2, "2")
        term.send("q")
        term.wait_for(lambda: bytes(term.raw).rstrip().endswith(b"$"), what="the prompt")
        term.send("exit\r")
        assert term.wait_exit() == 0
    assert b"Traceback" not in bytes(term.raw)


def test_a_terminal_without_the_mode_is_not_asked_for_it(state: Path, demo: Path):
    term = start(play_command(str(demo)), state, TERM="screen")
    board = Board(term, 4)
    with term:
        wait_play(term)
        assert b"2004" not in bytes(term.raw)
        # typing, a key at a time, is typing; a pasted number goes in the cell whole
        board.click(0, 1)
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send("\r")
        term.send("u")
        board.wait_cell(0, 1, "")
        term.send(" " * (BURST_CHARS - 3) + "12\r")
        board.wait_cell(0, 1, "12")
        term.send("jjjjllll")  # keys held down, come in one read: moves, not a paste
        term.wait_text("Cell    D4")
        term.send("q")
        expect_exit(term)


def test_a_puzzle_pasted_without_the_mode_is_taken_whole_by_its_speed(state: Path):
    """GNU screen's terminal description has no bracketed paste: a paste comes as the text
    alone, in one write, and the app takes it for a paste because nobody types that fast."""
    term = menu(state, TERM="screen")
    board = Board(term, 4)
    with term:
        term.wait_text("type or paste one")
        term.send(DEMO_TABS.replace("\n", "\r"))
        term.wait_text("Unique: exactly one solution")
        assert cells(board, 4, 4) == GIVENS
        term.send("u")  # one move, as a marked paste is
        board.wait_cell(0, 0, "")
