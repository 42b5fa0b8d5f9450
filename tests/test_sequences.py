"""Escape sequences the terminal description does not list, read whole (`ui.sequences`).

On GNU screen, Shift-Right came as Escape, `[`, then `1` and `2` typed into the cell and a
`C` that ran a check. The unit tests read sequences off a fake window; the pty test sends
them to the app on `TERM=screen`, whose description lists no shifted arrows.
"""
from __future__ import annotations

import curses
from pathlib import Path

from numbrix_curses.ui.sequences import DROPPED, read_csi
from helpers import FakeWindow
from tty_harness import Board, expect_exit, play_command, start, wait_play


def test_xterm_and_rxvt_shifted_arrows_are_the_keys_they_stand_for(put_back: list):
    assert read_csi(FakeWindow("[1;2C"), "\x1b") == curses.KEY_SRIGHT
    assert read_csi(FakeWindow("[1;2A"), "\x1b") == curses.KEY_SR
    assert read_csi(FakeWindow("[d"), "\x1b") == curses.KEY_SLEFT  # rxvt's Shift-Left
    assert put_back == []


def test_any_other_sequence_is_dropped_whole(put_back: list):
    window = FakeWindow("[1;5C7")  # Ctrl-Right, then a 7 typed
    assert read_csi(window, "\x1b") is DROPPED
    assert window.keys == ["7"] and put_back == []  # what follows is left as typed
    assert read_csi(FakeWindow("[24;3~"), "\x1b") is DROPPED  # Alt-F12, say
    assert read_csi(FakeWindow("Ok"), "\x1b") is DROPPED  # a keypad key in SS3 form


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
