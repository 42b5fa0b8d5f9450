"""Escape sequences the terminal description does not list, read whole (`ui.sequences`).

On GNU screen, Shift-Right came as Escape, `[`, then `1` and `2` typed into the cell and a
`C` that ran a check. The unit tests read sequences off a fake window; the pty test sends
them to the app on `TERM=screen`, whose description lists no shifted arrows.
"""
from __future__ import annotations

import curses
from pathlib import Path

import pytest

from numbrix_curses.ui.keys import x10_buttons
from numbrix_curses.ui.sequences import DROPPED, MouseReport, read_csi
from helpers import FakeWindow
from tty_harness import Board, expect_exit, play_command, start, wait_play


def test_xterm_and_rxvt_shifted_arrows_are_the_keys_they_stand_for(put_back: list):
    assert read_csi(FakeWindow("[1;2C"), "\x1b") == curses.KEY_SRIGHT
    assert read_csi(FakeWindow("[1;2A"), "\x1b") == curses.KEY_SR
    assert read_csi(FakeWindow("[d"), "\x1b") == curses.KEY_SLEFT  # rxvt's Shift-Left
    assert put_back == []


@pytest.mark.parametrize("sequence, key", [
    ("[C", curses.KEY_RIGHT), ("[A", curses.KEY_UP),  # arrows in normal cursor mode
    ("OD", curses.KEY_LEFT), ("OB", curses.KEY_DOWN),  # and in application mode
    ("[H", curses.KEY_HOME), ("[F", curses.KEY_END), ("OH", curses.KEY_HOME),
    ("OF", curses.KEY_END),
    ("[1~", curses.KEY_HOME), ("[4~", curses.KEY_END),  # VT220s, PuTTY
    ("[7~", curses.KEY_HOME), ("[8~", curses.KEY_END),  # rxvt
    ("[3~", curses.KEY_DC), ("[5~", curses.KEY_PPAGE), ("[6~", curses.KEY_NPAGE),
    ("OP", curses.KEY_F1), ("OM", curses.KEY_ENTER),
    ("[11~", curses.KEY_F1), ("[14~", curses.KEY_F4),  # rxvt, PuTTY
    ("Op", "0"), ("Oq", "1"), ("Ov", "6"), ("Oy", "9"),  # the keypad's digits
])
def test_keys_in_the_forms_other_terminals_send_are_those_keys(
    sequence: str, key: "int | str", put_back: list
):
    """A terminal that sends a key otherwise than its description lists it (PuTTY's Home
    under TERM=xterm, the keypad's digits in application mode) had it dropped."""
    assert read_csi(FakeWindow(sequence), "\x1b") == key
    assert put_back == []


def test_any_other_sequence_is_dropped_whole(put_back: list):
    window = FakeWindow("[1;5C7")  # Ctrl-Right, then a 7 typed
    assert read_csi(window, "\x1b") is DROPPED
    assert window.keys == ["7"] and put_back == []  # what follows is left as typed
    assert read_csi(FakeWindow("[24;3~"), "\x1b") is DROPPED  # Alt-F12, say
    assert read_csi(FakeWindow("Ok"), "\x1b") is DROPPED  # the keypad's + in SS3 form


def test_a_mouse_report_in_the_first_encoding_is_read_whole(put_back: list):
    """Where the description promises SGR mouse reports and the terminal sends the first
    encoding, ncurses leaves ESC [ M and three bytes unread: they were typed into the
    board (a space clearing the cell, the row and column digits)."""
    window = FakeWindow("[M" + chr(32 + 2) + chr(33 + 10) + chr(33 + 4) + "7")
    assert read_csi(window, "\x1b") == MouseReport(2, 4, 10)  # a right press at row 4
    assert window.keys == ["7"] and put_back == []
    assert read_csi(FakeWindow("[M" + chr(32) + chr(33)), "\x1b") is DROPPED  # cut short
    assert read_csi(FakeWindow(["[", "M", " ", curses.KEY_UP, "!"]), "\x1b") is DROPPED
    assert put_back == []


def test_the_first_encoding_s_buttons():
    press, release = curses.BUTTON1_PRESSED, curses.BUTTON1_RELEASED
    assert x10_buttons(0, 0) == press
    assert x10_buttons(2, 0) == curses.BUTTON3_PRESSED
    # a release does not say which button: the one pressed before
    assert x10_buttons(3, press) == release
    assert x10_buttons(3, curses.BUTTON3_PRESSED) == curses.BUTTON3_RELEASED
    assert x10_buttons(3, 0) == 0
    assert x10_buttons(32, press) == curses.REPORT_MOUSE_POSITION  # a drag
    assert x10_buttons(64, 0) == getattr(curses, "BUTTON4_PRESSED", 0)  # the wheel
    assert x10_buttons(65, 0) == getattr(curses, "BUTTON5_PRESSED", 0)
    assert x10_buttons(66, 0) == x10_buttons(67, 0) == 0  # a sideways scroll: nothing


def test_what_is_no_sequence_is_given_back(put_back: list):
    assert read_csi(FakeWindow(""), "\x1b") is None  # a bare Escape
    assert read_csi(FakeWindow("l"), "\x1b") is None  # Alt-l, or Escape then l
    assert put_back == ["l"]
    put_back.clear()
    assert read_csi(FakeWindow("O"), "\x1b") is None  # Alt-O
    assert put_back == ["O"]
    put_back.clear()
    assert read_csi(FakeWindow("O7"), "\x1b") is None  # Alt-O, then a 7 typed fast
    assert put_back == ["O", "7"]
    put_back.clear()
    assert read_csi(FakeWindow("[1;"), "\x1b") is None  # cut short: the keys as they came
    assert put_back == ["[", "1", ";"]
    put_back.clear()
    assert read_csi(FakeWindow(["[", curses.KEY_LEFT]), "\x1b") is None
    assert put_back == ["[", curses.KEY_LEFT]
    put_back.clear()
    assert read_csi(FakeWindow("[" + "1" * 40 + "C"), "\x1b") is None  # too long for one
    assert read_csi(FakeWindow("[1;2C"), "q") is None  # not even an Escape


def test_shift_arrows_draw_and_other_sequences_do_nothing_on_screen(state: Path, demo: Path):
    term = start(play_command(str(demo)), state, TERM="screen")
    board = Board(term, 4)
    with term:
        wait_play(term)
        board.click(0, 3)  # the 1
        term.send("\x1b[1;2D")  # Shift-Left, as the terminal screen runs in sends it
        board.wait_cell(0, 2, "2")
        term.send("\x1b[1;5D")  # Ctrl-Left: nothing, rather than 1 and 5 typed
        term.send("\x1b[1;2D")
        board.wait_cell(0, 1, "3")
        assert "Placed  13 of 16" in term.text and "marked" not in term.text
        term.send("q")
        expect_exit(term)


@pytest.mark.parametrize("terminal", ["xterm-256color", "screen"])
def test_other_terminals_keys_and_mouse_reports_act_on_screen(
    state: Path, demo: Path, terminal: str
):
    """PuTTY's Home and End, the arrows in normal cursor mode, the keypad's digits in
    application mode, and a click in the first mouse encoding (from a terminal that ignores
    the request for SGR reports, under xterm's name) do what their keys and a click do,
    whether or not the terminal's description lists them."""
    term = start(play_command(str(demo)), state, TERM=terminal)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send("\x1b[4~")  # End: the end of the row
        term.wait_text("Cell    D1")
        term.send("\x1b[1~")  # Home
        term.wait_text("Cell    A1")
        term.send("\x1b[B")  # Down, as in normal cursor mode
        term.wait_text("Cell    A2")
        term.send("\x1b[A\x1b[C")  # Up, Right
        term.wait_text("Cell    B1")
        # the keypad's 1 and 2 (for xterm ncurses gives KEY_C1, and a code it makes up)
        term.send("\x1bOq\x1bOr")
        board.wait_cell(0, 1, "12")
        y, x = board.cell_yx(2, 2)
        press = b"\x1b[M" + bytes([32, 33 + x, 33 + y])
        release = b"\x1b[M" + bytes([32 + 3, 33 + x, 33 + y])
        term.send(press + release)
        term.wait_text("Cell    C3")
        term.send("2")
        board.wait_cell(2, 2, "2")
        assert board.text(0, 1) == "12"  # the report's bytes typed nothing
        term.send("q")
        expect_exit(term)
