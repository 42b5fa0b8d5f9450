"""The whole app as a player uses it: menu, library, files, typing a puzzle in, watching the
solver, saving and resuming, and what happens on Ctrl-C, a hang-up or a crash.

Every test runs the real program in a pseudo-terminal (tests/tty_harness.py) with its own
state directory (the `state` fixture), and reads the screen back with pyte.
"""
from __future__ import annotations

import json
import os
import re
import signal
import stat
import sys
import shlex
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from numbrix_curses import solver
from numbrix_curses.exits import NO_MEMORY_LINE
from numbrix_curses.game import Game
from numbrix_curses.moves import SetCell
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.savefile import puzzle_key
from numbrix_curses.savestate import Store
from numbrix_curses.textformat import read_puzzles
from helpers import DEMO_TEXT, GIVENS, NEWSPAPER_9X9, TWO_TURNED_8X8
from tty_harness import (Board, Terminal, app_command, expect_exit, first_hint, play_command, start,
                         wait_play)

TWO_PUZZLES = DEMO_TEXT + """
# id: tiny
1 .
. .
"""


def open_type_in_3x3(term: Terminal) -> None:
    """From the main menu, Type in a puzzle with a 3x3 grid chosen, ready for givens."""
    term.send("t")
    term.wait_text("Size of the grid:")
    term.send("3")
    term.send_key("down")
    term.send("3")
    term.send_key("enter")
    term.wait_text("Type the given numbers")


def menu(state: Path, **env: str) -> Terminal:
    term = start(app_command(), state, **env)
    term.wait_text("[q] Quit")
    return term


def enter_opens_the_file_prompt_then_quit(term: Terminal) -> None:
    """Enter on the menu's Open file: its prompt; Esc back to the menu, where q leaves."""
    term.send_key("enter")
    term.wait_text("Path of a puzzle file:")
    term.send_key("escape")
    term.wait_text("[q] Quit")
    term.send("q")
    expect_exit(term)


def open_file_prompt(state: Path) -> Terminal:
    """The app at its Open file prompt."""
    term = menu(state)
    term.send("o")
    term.wait_text("Path of a puzzle file:")
    return term


def settled_folder(folder: Path, *names: str) -> float:
    """Make `folder` with the demo puzzle under each of `names`, its time set an hour
    back, as a folder not changed a moment ago (see dialogs.SETTLED_NS); that time."""
    folder.mkdir()
    for name in names:
        (folder / name).write_text(DEMO_TEXT)
    an_hour_ago = time.time() - 3600
    os.utime(folder, (an_hour_ago, an_hour_ago))
    return an_hour_ago


def store(state: Path) -> Store:
    return Store(state / "numbrix-curses")


def solve_the_demo(term: Terminal, board: Board) -> None:
    """Type the demo's missing numbers (helpers.GIVENS), each in its cell by a click."""
    for (row, col), number in [((0, 1), "3"), ((0, 2), "2"), ((1, 2), "15"), ((2, 1), "13"),
                               ((2, 2), "12")]:
        board.click(row, col)
        term.send(number)


def load_bundled_puzzle(ident: str) -> Puzzle:
    from numbrix_curses.library import load_bundled

    [puzzle] = [p for p in load_bundled() if p.id == ident]
    return puzzle


# ----- the main menu -------------------------------------------------------------------------
def test_menu_by_keys_library_then_play_and_back(state: Path):
    with menu(state) as term:
        assert "Continue" not in term.text  # nothing saved yet
        for item in ["Puzzle library", "New puzzle", "Open file", "Type in a puzzle", "Help"]:
            assert item in term.text
        term.send("l")
        term.wait_text("Numbrix · Puzzle library")
        term.wait_text("starter-1")
        assert "5x5  6 puzzles" in term.text  # grouped by size, under a heading
        line = next(line for line in term.lines if "starter-1 " in line)
        assert "easy" in line and "5x5" not in line  # (the heading gave the size)
        term.send_key("down")
        term.send_key("enter")
        term.wait_text("Numbrix · starter-2")
        term.send("q")
        term.wait_text("Numbrix · Puzzle library")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_tab_in_the_menu_and_the_library_is_said_to_do_nothing(state: Path):
    """Tab, a form's next field, did nothing without a word on the screens that have no
    fields, where a letter that means nothing there is said to."""
    with menu(state) as term:
        term.send("\t")
        term.wait_said("Tab does nothing here")
        term.send("l")
        term.wait_text("starter-1")
        term.send("\t")
        term.wait_said("Tab does nothing here")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_make_run_opens_the_first_bundled_puzzle_with_the_menu_beneath(state: Path):
    from numbrix_curses import library

    first = library.default_puzzle().id
    with start(app_command("play", "--menu"), state) as term:  # what `make run` starts
        term.wait_text(f"Numbrix · {first}")
        term.send("q")
        term.wait_text("[q] Quit")  # leaving the puzzle goes to the menu
        term.send("q")
        expect_exit(term)
    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert "$(BIN)/numbrix play --menu" in makefile


def test_menu_by_mouse(state: Path):
    with menu(state) as term:
        term.click_text("Puzzle library")
        term.wait_text("starter-2")
        term.click_text("starter-2")
        term.wait_text("Numbrix · starter-2")
        term.wait_text("quit")  # the key help is drawn last
        term.click_text("quit")  # the key help is a button too
        term.wait_text("q back")
        term.click_text("q back")
        term.wait_text("[q] Quit")
        term.click_text("Help")
        term.wait_text("The rules")
        term.send("q")
        term.wait_text("[q] Quit")
        term.click_text("Quit")
        expect_exit(term)


def test_menu_arrows_and_enter(state: Path):
    with menu(state) as term:
        term.send_key("down")  # New puzzle
        term.send_key("down")  # Open file
        enter_opens_the_file_prompt_then_quit(term)


def test_help_from_the_menu_and_from_play(state: Path, demo: Path):
    with menu(state) as term:
        term.send("h")
        term.wait_text("The rules")
        assert "consecutive" in term.text or "next to the one before it" in term.text
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        term.send("\x1bOP")  # F1
        term.wait_text("The rules")
        term.send("q")
        wait_play(term)
        term.send("H")
        term.wait_text("The rules")
        term.send_key("escape")
        wait_play(term)


# ----- library marks, saving and resuming -----------------------------------------------------
def demo_with_a_3(state: Path, demo: Path, command: str = "") -> tuple[Terminal, Board]:
    """The demo puzzle in play, its first blank cell holding a 3 typed by the player (the
    app started by `command`, Python code given the puzzle's path, where one is given)."""
    argv = [sys.executable, "-c", command, str(demo)] if command else play_command(str(demo))
    term = start(argv, state)
    board = Board(term, 4)
    try:
        wait_play(term)
        term.send("3")
        board.wait_cell(0, 1, "3")
    except BaseException:
        term.close()
        raise
    return term, board


def test_quit_and_resume_keeps_entries_history_and_timer(state: Path, demo: Path):
    term, board = demo_with_a_3(state, demo)
    with term:
        term.send_key("right")
        term.send("2")
        board.wait_cell(0, 2, "2")
        term.send("q")
        expect_exit(term)
    saved = json.loads((store(state).game_path(Puzzle.from_rows(GIVENS))).read_text())
    elapsed = saved["game"]["elapsed"]
    assert elapsed > 0 and len(saved["game"]["moves"]) == 2

    # Make the saved time large enough to see on the clock: 2 minutes more.
    saved["game"]["elapsed"] = elapsed + 120
    store(state).game_path(Puzzle.from_rows(GIVENS)).write_text(json.dumps(saved))

    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        term.wait_text("Welcome back")
        term.wait_match(r"Time    2:0\d")
        term.wait_text("Moves   2")
        assert board.number(0, 1) == "3" and board.number(0, 2) == "2"
        term.send("u")  # the history came back too
        board.wait_cell(0, 2, "")
        term.send("p")  # left paused, it opens paused, and says how to go on
        term.wait_text("Paused: click the board, p or Esc.")
        term.send("q")
        expect_exit(term)
    term = start(play_command(str(demo)), state)
    with term:
        term.wait_message("Welcome back: 1 move, 2:0")
        term.wait_message("so far. Paused: p goes on.")
        term.send("p")
        term.wait_gone("Paused: p goes on.")
        term.send("q")
        expect_exit(term)


def back_from(term: Terminal, key: str, shown: str, leave: str) -> None:
    """Open another screen from play with `key` (`shown` says it is up), leave it with
    `leave`, and wait for play's whole frame again."""
    term.send(key)
    term.wait_text(shown)
    term.send_key(leave) if leave == "escape" else term.send(leave)
    wait_play(term)


def test_a_welcome_is_said_once_and_a_warning_stays_to_be_read(state: Path, demo: Path,
                                                                tmp_path: Path):
    """Back from help, "Welcome back: 1 move, 0:00 so far." stood as if just arrived, its
    time long past; it goes as it goes at a key, and so does "Solved before"; a warning of
    how the file was read stays (the player may have gone to help to read up on it)."""
    term, _ = demo_with_a_3(state, demo)
    with term:
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state) as term:
        term.wait_message("Welcome back: 1 move")
        back_from(term, "H", "Numbrix · Help", "q")
        assert "Welcome back" not in term.text, term.dump()
        term.send("p")  # (left paused, for the next opening)
        term.wait_text("Paused: click the board, p or Esc.")
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state) as term:
        term.wait_message("so far. Paused: p goes on.")
        back_from(term, "\t", "Commands (Esc closes)", "escape")
        # (the way out of the pause is said still, the board being hidden)
        assert "Welcome back" not in term.text, term.dump()
        term.wait_message("Paused: click the board, p or Esc.")
        term.send("p")
        term.wait_gone("Paused")
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state) as term:
        term.wait_message("Welcome back: 1 move")
        term.send_key("right")  # (a key does it too: what a trip elsewhere now matches)
        term.wait_gone("Welcome back")
        term.send("q")
        expect_exit(term)

    puzzle = load_bundled_puzzle("starter-1")
    store(state).record_solve(puzzle, puzzle.id, 75.0, 30)
    with menu(state) as term:
        term.send("l")
        term.wait_text("best 1:15")
        term.click_text("starter-1")
        term.wait_message("Solved before; best time 1:15.")
        back_from(term, "H", "Numbrix · Help", "q")
        assert "Solved before" not in term.text, term.dump()

    late = tmp_path / "late.txt"
    late.write_text("1 . 3\n. . .\n. . 9\n# id: late\n# seed: 4\n")
    warning = "late.txt:4: warning: '# id: late' among or under a grid's rows"
    with start(play_command(str(late)), state) as term:
        term.wait_message(warning)
        back_from(term, "H", "Numbrix · Help", "q")
        term.wait_message(warning)
        term.send("q")
        expect_exit(term)


def test_a_game_left_paused_comes_back_paused(state: Path, demo: Path):
    term, board = demo_with_a_3(state, demo)
    with term:
        term.send("p")
        term.wait_text("Paused")
        term.send("q")
        expect_exit(term)
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        term.wait_text("Paused")
        assert "14" not in "".join(term.lines[term.find("┌")[0]:])  # the board stays hidden
        term.send("p")
        term.wait_gone("Paused")
        board.wait_cell(0, 1, "3")
        term.send("q")
        expect_exit(term)


@pytest.mark.parametrize("typed, taken_back", [
    ("3", "backspace"),  # a digit, then Backspace: the number goes as it was typed
    ("N1", "enter"),  # a mark of a given's number, which goes as its typing ends
])
def test_a_first_move_taken_back_as_typed_leaves_no_save(
    state: Path, demo: Path, typed: str, taken_back: str
):
    """The save written for the typed number went on standing once the number was taken
    back: opened again, the game came back with it in, and the menu offered to go on."""
    term = start(play_command(str(demo)), state)
    with term:
        wait_play(term)
        term.send(typed)
        term.wait_text("Moves   1")
        term.send_key(taken_back)
        term.wait_text("Moves   0")
        term.send("q")
        expect_exit(term)
    assert not store(state).has_game(Puzzle.from_rows(GIVENS))
    board = Board(term := start(play_command(str(demo)), state), 4)
    with term:
        wait_play(term)
        assert "Welcome back" not in term.text
        assert board.number(0, 1) == "" and "Moves   0" in term.text, term.dump()
        term.send("q")
        expect_exit(term)


def test_a_game_whose_only_move_was_undone_is_not_under_way(state: Path, demo: Path):
    """A number typed, then taken back with u, left a save (for r to bring it back): the
    menu offered to Continue the demo, 0:00, with nothing of the player's on its board."""
    term, board = demo_with_a_3(state, demo)
    with term:
        term.send("u")
        board.wait_cell(0, 1, "")
        term.wait_text("Moves   0")
        term.send("q")
        expect_exit(term)
    assert not store(state).has_game(Puzzle.from_rows(GIVENS))
    with menu(state) as term:
        term.wait_text("[l] Puzzle library")
        assert "Continue" not in term.text and "under way" not in term.text, term.dump()


def test_a_hint_taken_before_any_move_keeps_the_game(state: Path, demo: Path):
    """A hint shown before the player's first move left no save: the menu offered no game
    to go on with, and the puzzle opened again had its best time back and the hint to
    take again, as if never asked. The welcome back names the hint, as the side panel
    counts it (it said "Welcome back: 0 moves, 0:00 so far.", as of a game not begun)."""
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        first_hint(term)
        term.wait_message("must go at C1")
        term.send("q")
        expect_exit(term)
    assert store(state).has_game(Puzzle.from_rows(GIVENS))
    with menu(state) as term:
        term.wait_match(r"\[c\] Continue\s+demo")
        term.send("c")
        wait_play(term)
        term.wait_message("Welcome back: 0 moves, 1 hint, 0:0")
        term.wait_match(r"Moves\s+0\s+\(1 hint\)")
        term.send("?")  # (the best time went with the first hint: not asked again)
        term.wait_message("must go at C1")
        assert "Take a hint?" not in term.text, term.dump()


def test_welcome_back_counts_the_hints_and_auto_fills_as_the_side_panel_does(
        state: Path, demo: Path):
    puzzle = Puzzle.from_rows(GIVENS)
    game = Game(puzzle, elapsed=75)
    game.note_hint()
    game.auto_fill([(1, 3)])  # (B1: the demo's 3)
    game.set_value(2, 2)
    store(state).save_game(puzzle, game, "demo", None)
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        term.wait_message("Welcome back: 2 moves, 1 hint, 1 fill, 1:1")
        term.wait_match(r"Moves\s+2\s+\(1 hint, 1 fill\)")
        term.send("q")
        expect_exit(term)


@pytest.mark.skipif(not hasattr(signal, "SIGCONT"), reason="no job control signals")
def test_time_spent_stopped_does_not_count(state: Path, demo: Path):
    # The game's clock may count the time the app ran, never the 5 s it was stopped: held
    # to that, not to a fixed bound, so a slow machine's start-up does not fail it.
    begun = time.monotonic()
    term, board = demo_with_a_3(state, demo)
    with term:
        # As Ctrl-Z and `fg` would (a shell stops the job; SIGSTOP cannot be caught).
        stop = time.monotonic()
        os.kill(term.child.pid, signal.SIGSTOP)
        time.sleep(5)
        os.kill(term.child.pid, signal.SIGCONT)
        stopped = time.monotonic() - stop
        term.send_key("right")
        term.send("2")
        board.wait_cell(0, 2, "2")
        time.sleep(1.2)  # a clock tick or two, so the panel shows the time after the stop
        shown = term.wait_match(r"Time    (\d+):(\d\d)\b")
        ran = time.monotonic() - begun - stopped
        assert int(shown.group(1)) * 60 + int(shown.group(2)) <= ran, (ran, term.dump())
        term.send("q")
        expect_exit(term)
    ran = time.monotonic() - begun - stopped
    saved = json.loads((store(state).game_path(Puzzle.from_rows(GIVENS))).read_text())
    assert saved["game"]["elapsed"] <= ran, (saved["game"]["elapsed"], ran)


def test_a_game_near_the_save_limit_is_folded_and_the_player_told_once(
        state: Path, demo: Path):
    """A save past `MAX_SAVE_BYTES` is not read back. A game whose save comes near it
    (hundreds of thousands of moves) resumes, and its earlier moves are folded into one as
    it is saved: the screen says so once, undo still takes back the last move alone, and
    the file written is one the app reads back."""
    from numbrix_curses.savefile import FOLD_AT, FOLD_TO, MAX_SAVE_BYTES

    puzzle = Puzzle.from_rows(GIVENS, {"id": "demo"})
    store(state).save_game(puzzle, Game(puzzle), "demo", None)
    path = store(state).game_path(puzzle)
    saved = json.loads(path.read_text())
    pair = [[9, 0, 12], [9, 12, 0]]  # (12 in and out of B3: 18 bytes)
    saved["game"]["moves"] = pair * int(MAX_SAVE_BYTES * FOLD_AT / 18 + 100) + [[9, 0, 13]]
    path.write_text(json.dumps(saved, separators=(",", ":")))
    assert MAX_SAVE_BYTES * FOLD_AT < path.stat().st_size < MAX_SAVE_BYTES
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        term.wait_message("A long game: its first", timeout=30)
        board.wait_cell(2, 1, "13")
        term.wait_message("moves are one step of undo now, to keep its save small enough")
        term.wait_text("Moves   699,251")  # (the moves played: those folded count)
        term.send("u")  # the 13 goes, the fold stays
        board.wait_cell(2, 1, "")
        term.send("r")
        board.wait_cell(2, 1, "13")
        term.wait_gone("one step of undo now")
        term.send("q")
        expect_exit(term)
    assert path.stat().st_size <= MAX_SAVE_BYTES * FOLD_TO
    again = store(state).resume(puzzle)
    assert again is not None and again[0].history[-1] == SetCell(9, 0, 13)
    assert again[0].history[0].label == "earlier moves" and not again[0].future


def test_a_fold_as_a_game_opens_is_not_play_to_a_window_open_on_it_before(
        state: Path, demo: Path):
    """A save near the size limit is folded as soon as its game opens. A window that had
    opened the game before that, unsaved while another held it, said the game "was played
    on in another window" once that one let it go, and kept its own moves unsaved: the
    fold changed nothing the player did, so it takes the game over as it would have."""
    from numbrix_curses.savefile import FOLD_AT, MAX_SAVE_BYTES

    puzzle = Puzzle.from_rows(GIVENS, {"id": "demo"})
    holder = store(state)
    holder.save_game(puzzle, Game(puzzle), "demo", None)
    path = holder.game_path(puzzle)
    saved = json.loads(path.read_text())
    pair = [[9, 0, 12], [9, 12, 0]]
    saved["game"]["moves"] = pair * int(MAX_SAVE_BYTES * FOLD_AT / 18 + 100) + [[9, 0, 13]]
    path.write_text(json.dumps(saved, separators=(",", ":")))
    assert holder.claim_game(puzzle)  # (held elsewhere while the second window opens)
    with start(play_command(str(demo)), state) as second:
        second.wait_message("This puzzle is open in another numbrix window", timeout=30)
        # (stopped, so that it does not take the claim at its next frame, as it would once
        # it is let go: the first window takes it instead)
        os.kill(second.child.pid, signal.SIGSTOP)
        try:
            holder.release_game(puzzle)
            with start(play_command(str(demo)), state) as first:
                first.wait_message("moves are one step of undo now", timeout=30)
                assert "2nd window" not in first.text
                first.send("q")  # no move: only the fold was saved
                expect_exit(first)
        finally:
            os.kill(second.child.pid, signal.SIGCONT)
        assert json.loads(path.read_text())["game"]["moves"][0]["label"] == "earlier moves"
        # (it takes the game over at its next frame, and its own save of it folds it too:
        # that message is said over the one of the taking over)
        second.wait_gone("2nd window", timeout=30)
        board = Board(second, 4)
        board.click(0, 1)
        second.send("3")
        board.wait_cell(0, 1, "3")
        second.send("q")  # no question: saved
        expect_exit(second)
    again = store(state).resume(puzzle)
    assert again is not None and again[0].history[-1] == SetCell(1, 0, 3)
    assert again[0].moves_played == len(saved["game"]["moves"]) + 1


def test_continue_in_the_menu_resumes_the_latest_game(state: Path):
    puzzle = Puzzle.from_rows(GIVENS, {"id": "demo"})
    game = Game(puzzle, elapsed=185)
    game.set_value(1, 3)
    store(state).save_game(puzzle, game, "demo", None)
    term = menu(state)
    board = Board(term, 4)
    with term:
        term.wait_text("Continue")
        assert "demo, 4x4, 3:05" in term.text
        term.send("u")  # (Games under way shows once there are two: said, not ignored)
        term.wait_text("One game under way: c continues it.")
        term.send("c")
        term.wait_text("Numbrix · demo")
        term.wait_match(r"Time    3:0\d")
        board.wait_cell(0, 1, "3")
        term.send("q")
        term.wait_text("Continue")
        term.send("q")
        expect_exit(term)


def test_continue_names_a_generated_puzzle_without_its_size_twice(state: Path):
    puzzle = Puzzle.from_rows(GIVENS, {"id": "4x4-easy-7"})
    game = Game(puzzle, elapsed=65)
    game.set_value(1, 3)
    store(state).save_game(puzzle, game, "4x4-easy-7", None)
    with menu(state) as term:
        term.wait_text("Continue")
        assert "4x4-easy-7, 1:05" in term.text, term.dump()


@pytest.mark.parametrize("cols", [80, 40])
def test_the_library_says_which_puzzle_is_in_progress_at_any_width(state: Path, cols: int):
    """At 40 columns the line read "...easy                  in " (the padding before the
    tag took its room); a line too long closes up its columns first."""
    with start(app_command(), state, cols=cols) as term:
        term.wait_text("[q] Quit")
        term.send("l")
        term.wait_text("starter-1")
        term.send_key("enter")
        term.wait_text("Numbrix · starter-1")
        term.send("9")
        term.send_key("enter")
        term.wait_match(r"Moves\s+1\b|\b1 move\b")  # (beside the board, or under it)
        term.send("q")
        term.wait_text("Puzzle library")
        term.wait_match(r"starter-1\s+easy\s+in progress")
        assert "in progress" not in term.text.replace(term.lines[term.find("starter-1")[0]], "")


def test_a_puzzle_only_looked_at_leaves_no_game_to_continue(state: Path):
    with menu(state) as term:
        term.send("l")
        term.wait_text("starter-1")
        term.send_key("enter")
        term.wait_text("Numbrix · starter-1")
        term.send_key("right")  # moving the cursor about is not a move
        time.sleep(1.5)  # the clock ran, yet nothing was played
        term.send("q")
        term.wait_text("Puzzle library")
        assert "in progress" not in term.text
        term.send("q")
        term.wait_text("[q] Quit")
        assert "Continue" not in term.text
    assert not list((state / "numbrix-curses" / "games").glob("*.json"))


def test_solving_marks_the_library_and_keeps_the_best_time(state: Path):
    from numbrix_curses.library import load_bundled

    first = load_bundled()[0]
    key = puzzle_key(first)
    store(state).record_solve(first, first.id, 75.0, 30)
    with menu(state) as term:
        term.send("l")
        term.wait_text("best 1:15")
        line = next(line for line in term.lines if first.id in line)
        assert "✓" in line and "best 1:15" in line
        term.click_text(first.id)
        term.wait_text("Solved before; best time 1:15.")
    assert key in store(state).records()


def reveal(term: Terminal) -> None:
    """Reveal the solution of the game on screen, answering the question."""
    term.send("S")
    term.wait_text("[y]")
    term.send("y")
    term.wait_text("Solution revealed")


def test_a_revealed_library_puzzle_does_not_promise_the_next_one(state: Path):
    """A reveal is no solve on record, so the list stays where it was: the message said
    "q: back to the list, with starter-2 next" all the same."""
    with menu(state) as term:
        term.send("l")
        term.wait_text("Numbrix · Puzzle library")
        term.send("\r")
        wait_play(term)
        reveal(term)
        assert "q: back to the list" not in term.flowing_text(), term.dump()


#: the app, its saves each written a second late, as on a slow disk (a network drive):
#: what the background writer is for
SLOW_DISK_PLAY = (
    "import sys, time\n"
    "from numbrix_curses import savestate\n"
    "write = savestate.Store._write_game\n"
    "def slow(store, path, parts):\n"
    "    time.sleep(1.0)\n"
    "    write(store, path, parts)\n"
    "savestate.Store._write_game = slow\n"
    "from numbrix_curses.cli import main\n"
    "sys.exit(main(['play', sys.argv[1]]))\n"
)


@pytest.mark.parametrize("command", ["", SLOW_DISK_PLAY], ids=["disk", "slow-disk"])
def test_a_revealed_game_left_is_revealed_when_opened_again_and_u_takes_it_back(
    state: Path, demo: Path, command: str
):
    """The reveal says u takes it back; leaving deleted the game, so opened again the
    board was empty and the moves before the reveal were gone. On a slow disk the
    reveal's save, queued for the background writer, was still queued when the app ended
    (the play screen, closing on a solved game, writes nothing more), and the game opened
    again had lost the reveal: the app waits for the saves it queued before it ends."""
    term, board = demo_with_a_3(state, demo, command)
    with term:
        reveal(term)
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state) as term:
        board = Board(term, 4)
        wait_play(term)
        board.wait_cell(2, 2, "12")  # the solution, as it was left
        term.send("u")
        board.wait_cell(2, 2, "")
        # (the player's own number, from before the reveal)
        assert board.text(0, 1) == "3", term.dump()
        term.send("q")
        expect_exit(term)
    assert store(state).records() == {}  # a reveal is no solve on record


def test_a_revealed_game_started_again_and_left_opens_fresh(state: Path, demo: Path):
    """Played again from the start after a reveal and left before a move, the game came
    back revealed, its title saying "solved": the fresh start saved nothing, and the
    revealed game's save stood. The title of a revealed game says so."""
    term, board = demo_with_a_3(state, demo)
    with term:
        reveal(term)
        assert "· revealed" in term.lines[0] and "solved" not in term.lines[0], term.dump()
        term.send("R")
        term.wait_text("Play this puzzle again from the start?")
        term.send("y")
        term.wait_text("A fresh start")
        term.send("q")
        expect_exit(term)
    assert store(state).saved_games() == []
    with start(play_command(str(demo)), state) as term:
        board = Board(term, 4)
        wait_play(term)
        assert board.text(0, 1) == "" and board.text(2, 2) == "", term.dump()
        assert "revealed" not in term.lines[0]
        term.send("q")
        expect_exit(term)


def test_the_library_says_which_games_were_left_revealed(state: Path):
    """The library said "in progress" of a game left with its solution on the board."""
    from numbrix_curses.game import Game
    from numbrix_curses.library import load_bundled

    first, second = load_bundled()[:2]
    saves = store(state)
    for puzzle, reveal in ((first, True), (second, False)):
        game = Game(puzzle)
        game.set_cursor(*map(int, np.argwhere(puzzle.givens == 0)[0]))
        game.type_digit(1)
        game.commit()
        if reveal:
            from numbrix_curses.solver import solve

            game.reveal(solve(puzzle).solution)
        saves.save_game(puzzle, game, puzzle.id, None)
    saves.flush()
    with menu(state) as term:
        term.send("l")
        term.wait_text("Numbrix · Puzzle library")
        term.wait_match(rf"{first.id} .* revealed")
        term.wait_match(rf"{second.id} .* in progress")


def test_back_from_solving_a_library_puzzle_the_next_unsolved_is_selected(state: Path):
    from numbrix_curses.library import load_bundled

    first, second, third = load_bundled()[:3]
    store(state).record_solve(second, second.id, 60.0, 20)  # solved before: skipped
    with menu(state) as term:
        term.send("l")
        term.wait_text(first.id)
        term.send("\r")
        wait_play(term)
        board = Board(term, 4)
        [answer] = solver.solve(first).solutions
        for row, col in zip(*np.nonzero(first.givens == 0)):
            board.click(int(row), int(col))
            term.send(str(answer[row, col]))
        term.wait_text("Solved in")
        term.wait_message(f"q: back to the list, with {third.id} next.")  # (where q leads)
        term.send("5")  # the board is final: said again, with what R and g do, but q once
        term.wait_message("R plays it again, g makes another like it.")
        assert "q leaves" not in term.flowing_text(), term.dump()
        term.wait_message(f"q: back to the list, with {third.id} next.")
        term.send("q")
        term.wait_message(f"Solved. Next: {third.id} (Enter plays it).")
        term.send("\r")  # it is the one selected
        term.wait_text(f"Numbrix · {third.id}")
        term.send("q")
        term.wait_text("Numbrix · Puzzle library")
        term.send("q")
        term.wait_text("[l] Puzzle library")
        term.send("l")  # opened again, the list starts at the first puzzle not solved
        term.wait_text(first.id)
        term.send("\r")
        term.wait_text(f"Numbrix · {third.id}")


def test_the_library_shows_sixteen_puzzles_at_80x24_and_jumps_by_size(state: Path):
    """A heading per board size and no blank lines between sizes: at 80x24 the first four
    sizes show, down to the 7x7 medium (with a heading per size and difficulty, and a blank
    line between, the screen ended at the 6x6 medium ones)."""
    with menu(state) as term:
        term.send("l")
        term.wait_text("7x7  4 puzzles")
        for heading in ("5x5  6 puzzles", "6x6  6 puzzles", "5x8  2 puzzles"):
            assert heading in term.text
        listed = [line.split()[0] for line in term.lines[2:22]
                  if line.strip() and "puzzle" not in line]
        assert len(listed) == 16 and listed[-2:] == ["mixed-1", "mixed-2"], term.dump()
        # In a size, easy comes first and fiendish last, whatever the file order.
        assert [line.split()[-1] for line in term.lines if "starter-" in line][6:] == [
            "easy", "easy", "medium", "medium", "hard", "fiendish"]
        for _ in range(3):
            term.send_key("right")  # 6x6, 5x8, 7x7: the first of each size
        term.send_key("left")  # back to 5x8
        term.send_key("enter")
        term.wait_text("Numbrix · mixed-16")
        term.send("q")
        term.wait_text("5x8  2 puzzles")
        term.send_key("page-down")
        term.send_key("page-down")
        term.wait_text("9x9  16 puzzles")  # further down, a page at a time
        # the heading of the puzzles at the top stands over them, scrolled off or not
        assert re.fullmatch(r" +\d+x\d+  \d+ puzzles? *", term.lines[2]), term.dump()
        term.send_key("end")
        term.wait_text("large-16")
        term.send_key("home")
        for _ in range(8):
            term.send_key("right")  # down to a size: its heading at the top, its puzzles under
        term.wait_for(lambda: term.lines[2].strip().startswith("9x9  16 puzzles"),
                      what="9x9 at the top")
        assert "classic-1" in term.lines[3] and "classic-" in term.lines[12], term.dump()
        # the footer's keys for sizes are buttons too
        footer = len(term.lines) - 1
        for button in ("right larger", "right larger", "left smaller", "Enter play"):
            time.sleep(0.3)  # (clicks apart, not a double click)
            term.click(footer, term.lines[footer].index(button))
        term.wait_text("Numbrix · large-1 ")  # (from 9x9 up two sizes and back one: 10x10)


def test_a_library_page_never_ends_in_a_size_s_heading_with_none_of_its_puzzles(state: Path):
    """At 40x12 the library's first page ended in "6x6  6 puzzles" over a blank row, a
    heading that read as an empty group (the one at the top of a page had been seen to). It
    comes with its first puzzle on the page that shows it."""
    with start(app_command(), state, rows=12, cols=40) as term:
        term.wait_text("[q] Quit")
        term.send("l")
        term.wait_text("starter-6")
        listed = [line.strip() for line in term.lines[2:-1] if line.strip()]
        assert listed[-1].startswith("starter-6") and "6x6" not in term.text, term.dump()
        for _ in range(6):
            term.send_key("down")  # (to starter-7: the heading comes back over it)
        term.wait_text("starter-7")
        listed = [line.strip() for line in term.lines[2:-1] if line.strip()]
        assert listed[-2:] == ["6x6  6 puzzles", "starter-7   easy"], term.dump()
        while "of 62" in term.lines[0] and "-62 of" not in term.lines[0]:  # (to the end)
            before = term.lines[0]
            term.send_key("page-down")
            term.wait_for(lambda: term.lines[0] != before, what="the next page")
            listed = [line.strip() for line in term.lines[2:-1] if line.strip()]
            assert not re.fullmatch(r"\d+x\d+  \d+ puzzles?", listed[-1]), term.dump()


# ----- the games under way ---------------------------------------------------------------------
def play_a_move_in_a_file(term: Terminal, path: Path, title: str, number: str) -> None:
    """From the main menu, open the one-puzzle file `path` (playing it), type `number` in its
    first blank cell and leave for the menu again."""
    term.send("o")
    term.wait_text("Path of a puzzle file:")
    term.send("\x15" + str(path) + "\r")  # (Ctrl-U first: the last path is offered)
    term.wait_text(f"Numbrix · {title}")
    wait_play(term)
    term.send(number)
    term.wait_text("Moves   1")
    term.send("q")
    term.wait_text("[q] Quit")


def test_a_game_under_way_with_a_number_in_is_not_listed_as_0_percent_filled(
        state: Path, demo: Path, tmp_path: Path):
    """A number typed in a 12x12 of one given filled 1 of its 143 cells, and the list
    said "0%", as of a game not begun."""
    wide = tmp_path / "wide.txt"
    wide.write_text("# id: wide\n" + "\n".join(
        " ".join("1" if (row, col) == (0, 0) else "." for col in range(12))
        for row in range(12)) + "\n")
    with menu(state) as term:
        play_a_move_in_a_file(term, demo, "demo", "3")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\x15" + str(wide) + "\r")
        term.wait_text("12x12 · 1/144 · 0 moves")  # (the bar under the board, at 80x24)
        term.send("2")
        term.wait_text("12x12 · 2/144 · 1 move")
        term.send("q")
        term.wait_text("[u] Games under way")
        term.send("u")
        term.wait_text("Numbrix · Games under way")
        row = next(line.split() for line in term.lines if line.split()[:1] == ["wide"])
        assert row[2] == "1%", term.dump()


def test_the_games_under_way_heading_is_whole_over_short_names(state: Path, demo: Path,
                                                               tmp_path: Path):
    """With games named "demo" and "lone" the names' column was four wide, and its
    heading read "Puzz"."""
    lone = tmp_path / "lone.txt"
    lone.write_text("# id: lone\n1 . 3\n. . .\n. . 9\n")
    with menu(state) as term:
        play_a_move_in_a_file(term, demo, "demo", "3")
        play_a_move_in_a_file(term, lone, "lone", "2")
        term.send("u")
        term.wait_text("Numbrix · Games under way")
        heading = term.lines[2].split()
        assert heading[:2] == ["Puzzle", "Size"], term.dump()
        # the names stand under it, the sizes under theirs
        assert term.find("lone")[1] == term.find("Puzzle")[1], term.dump()
        assert term.find("3x3")[1] == term.find("Size")[1] + 1, term.dump()  # (right-aligned)


def test_every_game_under_way_is_reachable_from_the_menu(state: Path, demo: Path, tmp_path: Path):
    """Continue offers only the game played last: a second game started leaves the first
    out of reach unless the menu lists them all."""
    lone = tmp_path / "lone.txt"
    lone.write_text("# id: lone\n1 . 3\n. . .\n. . 9\n")
    with menu(state) as term:
        assert "Games under way" not in term.text
        play_a_move_in_a_file(term, demo, "demo", "3")
        assert "Games under way" not in term.text  # one game: Continue is all it takes
        play_a_move_in_a_file(term, lone, "lone", "2")
        term.wait_text("[u] Games under way")
        # nine items at 80x24 keep the banner, a blank row between items and the footer
        assert "N U M B R I X" in term.text and "arrows and Enter, a letter" in term.text
        assert term.find("[u]")[0] - term.find("[c]")[0] == 2
        assert "2 games, latest lone" in term.text
        assert "lone, 3x3" in term.text  # what Continue resumes
        term.send("u")
        term.wait_text("Numbrix · Games under way")
        term.wait_text("2 games   Enter resume   Del/x abandon   q back")
        rows = [line.split() for line in term.lines if "today" in line]
        # the one played last first; name, size, difficulty (the grade, where the game was
        # open long enough to grade it: neither file says one), cells filled, time, last
        # played
        assert [row[:2] for row in rows] == [["lone", "3x3"], ["demo", "4x4"]], term.dump()
        rest = [row[3:] if row[2] in ("easy", "medium", "hard", "fiendish") else row[2:]
                for row in rows]
        # (of the cells to fill, the givens left out: 1 of 6, 1 of 5)
        assert [fields[0] for fields in rest] == ["16%", "20%"], term.dump()
        assert all(re.fullmatch(r"\d+:\d\d", fields[1]) and fields[2] == "today" for fields in rest)
        term.send_key("enter")  # the top one, with another under it (that failed: exit 70)
        term.wait_text("Numbrix · lone")
        term.wait_text("Welcome back: 1 move")
        term.send("q")
        term.wait_text("Numbrix · Games under way")
        term.send_key("down")
        term.send_key("enter")  # the older game, as Continue would resume it
        term.wait_text("Numbrix · demo")
        term.wait_text("Welcome back: 1 move")
        term.send("q")
        term.wait_text("Numbrix · Games under way")
        term.wait_for(lambda: term.find("demo") < term.find("lone"),
                      what="demo, played last, now first")
        term.click_text("lone")  # a click resumes too
        term.wait_text("Numbrix · lone")
        term.wait_text("Welcome back: 1 move")
        term.send("q")
        term.wait_text("Numbrix · Games under way")
        term.send("q")
        term.wait_text("2 games, latest lone")
        term.send("q")
        expect_exit(term)


def test_the_statistics_leave_no_word_alone_on_a_line_at_40_columns(state: Path):
    """At 40 columns the statistics read "No puzzle solved yet; 2 games under" over "way."
    and "... with your best" over "time.": wrapped as the app's other messages are, the
    last line of each takes a word along."""
    from numbrix_curses.library import load_bundled

    saves = store(state)
    for puzzle in load_bundled()[:2]:
        game = Game(puzzle)
        game.set_value(int(np.flatnonzero(puzzle.givens.ravel() == 0)[0]), 7)
        saves.save_game(puzzle, game, puzzle.id, None)
    with menu(state, rows=15, cols=40) as term:
        term.send("s")
        term.wait_said("No puzzle solved yet; 2 games under way.")
        assert "way." not in [line.strip() for line in term.lines], term.dump()
        assert "time." not in [line.strip() for line in term.lines], term.dump()


def test_long_games_are_listed_from_their_saves_heads_and_a_damaged_one_set_aside_once(
        state: Path):
    """The lists of games read each save up to its moves alone (a long history, read
    whole for every line, took seconds for each list): names, cells filled, a reveal
    left on the board and times read as before; a save whose start is damaged is set aside,
    said once, and the others still listed and counted."""
    from numbrix_curses.library import load_bundled
    from numbrix_curses.savefile import HEAD_BYTES

    first, second, third = load_bundled()[:3]
    saves = store(state)
    for puzzle, seconds, reveal in ((first, 65, False), (second, 3725, True), (third, 5, False)):
        game = Game(puzzle, elapsed=seconds)
        blank = int(np.flatnonzero(puzzle.givens.ravel() == 0)[0])
        for _ in range(5000):  # (a history longer than a save's head)
            game.set_value(blank, 2)
            game.set_value(blank, 0)
        game.set_value(blank, 7)
        if reveal:
            game.reveal(solver.solve(puzzle).solution)
        saves.save_game(puzzle, game, puzzle.id, None)
        assert saves.game_path(puzzle).stat().st_size > HEAD_BYTES
    damaged = saves.game_path(third)
    damaged.write_bytes(damaged.read_bytes().replace(b'"puzzle":{', b'"puzzle":{{', 1))
    with menu(state) as term:
        term.wait_match(r"set aside\s+as\s+\w+\.json\.corrupt-\d{8}-\d{6}\.")
        term.wait_match(r"Continue +starter-2, 5x5 easy, 1:02:05")
        assert "2 games, latest starter-2" in term.text, term.dump()
        term.send("u")
        term.wait_text("2 games   Enter resume")
        # (1 of the 17 cells to fill in starter-1; starter-2 left with its solution shown)
        assert re.search(r"starter-2 +5x5 +easy +shown +1:02:05 +today \d\d:\d\d", term.text)
        assert re.search(r"starter-1 +5x5 +easy +5% +1:05 +today", term.text), term.dump()
        assert "starter-3" not in term.text and "set aside" not in term.text  # (said once)
        term.send("q")
        term.wait_text("[s] Statistics")
        term.send("s")
        term.wait_text("No puzzle solved yet; 2 games under way.")
        assert "set aside" not in term.text
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    assert len(list(damaged.parent.glob("*.corrupt-*"))) == 1


def test_a_game_whose_moves_are_damaged_is_listed_then_set_aside_as_it_opens(state: Path):
    """A save whose start reads but whose moves do not is listed under Games under way from
    its head; opened, it is set aside, said so, and a new game starts, as Continue's does.
    The message said only that "a saved file" was set aside, the player's numbers gone
    from the board without a word of why."""
    from numbrix_curses.library import load_bundled

    first, second = load_bundled()[:2]
    saves = store(state)
    for puzzle, seconds in ((first, 65), (second, 125)):
        game = Game(puzzle, elapsed=seconds)
        game.set_value(int(np.flatnonzero(puzzle.givens.ravel() == 0)[0]), 7)
        saves.save_game(puzzle, game, puzzle.id, None)
    damaged = saves.game_path(second)
    damaged.write_bytes(damaged.read_bytes().replace(b'"moves":[', b'"moves":[{', 1))
    with menu(state) as term:
        term.wait_text("2 games, latest starter-2")
        term.send("u")
        term.wait_text("2 games   Enter resume")
        assert re.search(r"starter-2 +5x5 +easy +5% +2:05", term.text), term.dump()
        term.send_key("enter")  # (the top one, played last)
        wait_play(term)
        term.wait_text("Numbrix · starter-2")
        term.wait_message("A saved file could not be read (not valid JSON")
        term.wait_message("A new game starts.")
        assert "set aside" in term.flowing_text(term.panel_left()), term.dump()
        term.wait_match(rf"Placed\s+{second.clue_count} of 25")  # (the givens alone)
        term.wait_match(r"Moves\s+0\b")
        assert "Welcome back" not in term.text, term.dump()
        term.send("q")
        term.wait_text("1 game   Enter resume")  # (the fresh game, no move in it, not kept)
        assert "starter-2" not in term.text, term.dump()
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    assert len(list(damaged.parent.glob(damaged.name + ".corrupt-*"))) == 1
    assert not damaged.exists()


def test_games_under_way_on_a_narrow_screen_keep_whole_names(state: Path):
    """At 40 columns the names were cut ("5x5-…ium-1") to keep the difficulty; a game is
    told by its name, so the columns after its size go first."""
    from numbrix_curses.library import load_bundled

    for puzzle, label in zip(load_bundled()[:2], ("5x5-medium-8660442690", "5x5-hard-1207")):
        game = Game(puzzle)
        game.set_value(int(np.flatnonzero(puzzle.givens.ravel() == 0)[0]), 1)
        store(state).save_game(puzzle, game, label, None)
    with start(app_command(), state, rows=24, cols=40) as term:
        term.wait_text("Quit")
        term.send("u")
        term.wait_text("Games under way")
        term.wait_match(r"5x5-medium-8660442690 +5x5")
        assert "5x5-hard-1207" in term.text and "Difficulty" not in term.text, term.dump()
        term.send("q")


def test_the_menu_shows_games_played_in_another_window_as_they_stand(state: Path):
    """Continue showed the time the game had when this window first read it, and a game
    begun in another window not at all, until something redrew the menu."""
    from numbrix_curses.library import load_bundled

    first, second = load_bundled()[:2]
    with menu(state) as term:
        term.wait_text("Quit")
        assert "Continue" not in term.text
        term.send_key("down")  # Open file  (it stays selected as Continue comes above it)
        term.send_key("down")
        store(state).save_game(first, Game(first, elapsed=65), first.id, None)
        term.wait_match(r"Continue +starter-1, 5x5 easy, 1:05")
        store(state).save_game(first, Game(first, elapsed=125), first.id, None)
        term.wait_match(r"Continue +starter-1, 5x5 easy, 2:05")
        store(state).save_game(second, Game(second, elapsed=5), second.id, None)
        term.wait_text("2 games, latest starter-2")
        enter_opens_the_file_prompt_then_quit(term)


def test_continue_says_the_game_s_grade_and_keeps_its_size_and_time_when_narrow(state: Path):
    """Continue said "starter-1, 5x5, 1:05" where the game says "5x5 easy"; at 40 columns,
    where the menu's details go, it said nothing of the game at all."""
    from numbrix_curses.library import load_bundled

    first = load_bundled()[0]
    assert first.metadata.get("difficulty") == "easy"
    store(state).save_game(first, Game(first, elapsed=65), first.id, None)
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_match(r"\[c\] Continue +starter-1, 5x5 easy, 1:05")
    with start(app_command(), state, rows=24, cols=40) as term:
        term.wait_match(r"\[c\] Continue +5x5 easy, 1:05")
        assert "the bundled puzzles" not in term.text  # (the other details still go)
        term.send("q")
        expect_exit(term)


def test_a_game_under_way_is_abandoned_after_asking(state: Path):
    from numbrix_curses.library import load_bundled

    first, second, third = load_bundled()[:3]
    for puzzle, seconds in ((first, 65), (second, 3725), (third, 5)):
        store(state).save_game(puzzle, Game(puzzle, elapsed=seconds), puzzle.id, None)
    # The oldest was last played long ago: its date shows, with the year.
    path = store(state).game_path(first)
    saved = json.loads(path.read_text())
    saved["saved_at"] = time.mktime((2023, 11, 3, 14, 2, 0, 0, 0, -1))
    path.write_text(json.dumps(saved))
    with menu(state) as term:
        term.wait_text("3 games, latest starter-3")
        term.click_text("Games under way")
        term.wait_text("3 games   Enter resume")
        # (no number of the player's yet: 0% of the cells to fill)
        assert re.search(r"starter-2 +5x5 +easy +0% +1:02:05 +today \d\d:\d\d", term.text)
        assert re.search(r"starter-1 +5x5 +easy +0% +1:05 +3 Nov 2023", term.text), term.dump()
        term.send("x")  # the selected one: the latest, starter-3
        term.wait_text("Abandon starter-3?")
        term.wait_text("The game, 0:05 played, is deleted; this cannot be undone.")
        term.send("n")  # kept
        term.wait_gone("Abandon starter-3?")
        assert "3 games" in term.text and store(state).load_game(third) is not None
        term.send_key("delete")
        term.wait_text("Abandon starter-3?")
        term.send("y")
        term.wait_text("Abandoned starter-3.")
        term.wait_text("2 games   Enter resume")
        assert "starter-3" not in term.text.replace("Abandoned starter-3.", "")
        assert store(state).load_game(third) is None
        window = store(state)  # another app window playing starter-2
        assert window.claim_game(second)
        term.click_text("Del/x abandon")  # a button too: starter-2 is selected now
        term.wait_text("Abandon starter-2?")
        term.click_text("[y] Abandon")
        # (that window would save it again at its next move, undoing this unseen)
        term.wait_message("starter-2 is open in another numbrix window: leave it there first.")
        assert store(state).load_game(second) is not None
        window.release_game(second)
        term.click_text("Del/x abandon")
        term.wait_text("Abandon starter-2?")
        term.click_text("[y] Abandon")
        term.wait_text("1 game   Enter resume")
        term.send("x")
        term.wait_text("Abandon starter-1?")
        term.send("y")  # the last one: nothing left to list, back to the menu
        term.wait_text("[q] Quit")
        assert "Continue" not in term.text and "Games under way" not in term.text
        term.send("q")
        expect_exit(term)
    assert not list((state / "numbrix-curses" / "games").glob("*.json"))


def test_a_state_directory_whose_name_is_too_long_plays_on_unsaved(tmp_path: Path, demo: Path):
    """Looking for the game's save raised "File name too long", and the app ended with an
    internal error (exit 70) as the game opened; a save that cannot be written is said,
    and play goes on, as with a read-only or full disk."""
    state = tmp_path / ("e" * 300)  # one name past the system's 255
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        term.send("3")
        term.wait_text("Could not save the game")
        term.send("q")
        term.wait_text("The latest moves could not be saved.")
        assert "File name too long" in term.text
        term.send("n")  # (plays on)
        term.wait_gone("The latest moves could not be saved.")
        for keys, number in [("enter", "2"), ("down", "15"), ("down", "12"), ("left", "13")]:
            term.send_key("enter")
            term.send_key(keys if keys != "enter" else "right")
            term.send(number)
        term.send_key("enter")
        # the solve cannot be put on record; no save worked, so none is said to stay
        term.wait_message("5 moves (not counted: File name too long)")
        assert "stays saved" not in term.text, term.dump()
        term.send("q")
        expect_exit(term)


def test_a_first_move_that_solves_unsaved_says_no_save_stays(tmp_path: Path):
    """With no save ever made (the state directory refused, and the first move solved the
    puzzle), the solve that cannot be put on record said "the game stays saved"."""
    puzzle = tmp_path / "tiny.txt"
    puzzle.write_text("# id: tiny\n1 2\n. 3\n")
    with start(play_command(str(puzzle)), tmp_path / ("e" * 300)) as term:
        wait_play(term)
        term.send("4")
        term.wait_text("(not counted: File")
        assert "stays saved" not in term.text, term.dump()
        term.send("q")
        expect_exit(term)


def test_corrupt_save_is_set_aside_with_a_message(state: Path, demo: Path):
    path = store(state).game_path(Puzzle.from_rows(GIVENS))
    path.parent.mkdir(parents=True)
    path.write_text("{ this is not a save")
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        term.wait_text("set aside")
        assert board.number(0, 1) == ""  # a fresh game
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send("q")
        expect_exit(term)
    aside = list(path.parent.glob(path.name + ".corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text() == "{ this is not a save"
    assert json.loads(path.read_text())["game"]["moves"] == [[1, 0, 3]]


def test_corrupt_save_found_by_the_menu_is_reported(state: Path):
    games = state / "numbrix-curses" / "games"
    games.mkdir(parents=True)
    (games / "broken.json").write_bytes(b"\x00\x01garbage")
    with menu(state) as term:
        term.wait_text("set aside")
        assert "Continue" not in term.text
        term.send("q")
        expect_exit(term)


def hand_edited_save(state: Path, edit) -> Path:
    """A save of the demo's fresh game, its JSON data changed by `edit` (as by hand)."""
    puzzle = Puzzle.from_rows(GIVENS)
    saves = store(state)
    saves.save_game(puzzle, Game(puzzle), "demo", None)
    path = saves.game_path(puzzle)
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    return path


def test_a_save_whose_name_holds_a_nul_is_shown(state: Path):
    """curses refuses a NUL with ValueError: a save whose label held one (edited by hand)
    ended the app at its first frame with an internal error."""
    hand_edited_save(state, lambda data: data.update(label="a\x00b"))
    with menu(state) as term:
        term.wait_text("a^@b, 4x4")
        term.send("q")
        expect_exit(term)


def test_a_save_whose_file_name_holds_a_nul_saves_its_puzzle(state: Path):
    """The file a save says its puzzle came from is asked whether it is the one the puzzle
    is saved to: a name with a NUL in it (edited by hand) made that ask raise ValueError, and
    e ended the game with an internal error."""
    hand_edited_save(state, lambda data: data.update(source="/tmp/a\x00b.txt"))
    with menu(state) as term:
        term.send("c")
        wait_play(term)
        term.send("e")
        term.wait_text("File to write (the text format):")
        term.send_key("escape")
        wait_play(term)
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


@pytest.mark.parametrize("screen, title", [("l", "Puzzle library"), ("s", "Statistics")])
def test_records_set_aside_are_said_whole(state: Path, screen: str, title: str):
    """The library's one message line ended "...; it wa", the statistics' "...; it was":
    the file kept was never named."""
    root = state / "numbrix-curses"
    root.mkdir(parents=True)
    (root / "records.json").write_text('{"format": ')
    with menu(state) as term:
        term.send(screen)
        term.wait_text(f"Numbrix · {title}")
        term.wait_match(r"set aside as\s+records\.json\.corrupt-\d{8}-\d{6}\.")
        term.send("q")
        term.send("q")
        expect_exit(term)


# ----- leaving abruptly never loses the game ----------------------------------------------------
@pytest.mark.parametrize("how, code", [
    ("ctrl-c", 130), ("ctrl-backslash", 131), ("hangup", 129), ("terminate", 143),
])
def test_abrupt_endings_save_and_restore_the_terminal(state: Path, demo: Path, how, code):
    """Ctrl-\\ (SIGQUIT) killed the app by default, leaving the terminal in its screen with
    mouse reports on for the shell."""
    term, board = demo_with_a_3(state, demo)
    with term:
        if how == "ctrl-c":
            term.send("\x03")
        elif how == "ctrl-backslash":
            term.send("\x1c")
        else:
            term.child.kill(signal.SIGHUP if how == "hangup" else signal.SIGTERM)
        term.wait_for(lambda: term.eof, what="exit")
        term.child.wait()
        assert term.child.exitstatus == code
        raw = bytes(term.raw)
        assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h") >= 0
        assert raw.rfind(b"\x1b[?1006;1000l") > raw.rfind(b"\x1b[?1006;1000h") >= 0
        assert b"Traceback" not in raw
    saved = json.loads(store(state).game_path(Puzzle.from_rows(GIVENS)).read_text())
    assert saved["game"]["moves"] == [[1, 0, 3]]


def patched_app(tmp_path: Path, patch: str, *args: str) -> list[str]:
    """The app's command line `args`, run after `patch` (Python: a fault or a delay put in
    where a test needs one)."""
    script = tmp_path / "patched_app.py"
    script.write_text(f"{patch}\nimport sys\nfrom numbrix_curses.cli import main\n"
                      "sys.exit(main(sys.argv[1:]))\n")
    return [sys.executable, str(script), *args]


CRASHING_APP = """
from numbrix_curses.ui import play
original = play.PlayScreen.handle
def handle(self, action):
    from numbrix_curses.ui.actions import Command
    if action is Command.WATCH:
        raise RuntimeError("boom")
    return original(self, action)
play.PlayScreen.handle = handle
"""


def ended_at_the_watch_key(state: Path, demo: Path, tmp_path: Path, patch: str
                           ) -> tuple[int, str]:
    """Play the demo patched with `patch` (whose watch key ends the app), type 3 into B1,
    press v: the exit code, and what the app said once the terminal was back."""
    term = start(patched_app(tmp_path, patch, "play", str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send("v")
        code = term.wait_exit()
        raw = bytes(term.raw)
    return code, raw[raw.rfind(b"\x1b[?1049l"):].decode("utf-8", "replace")


OUT_OF_MEMORY_APP = CRASHING_APP.replace('RuntimeError("boom")', "MemoryError")


def test_running_out_of_memory_in_the_app_is_said_as_the_commands_say_it(
    state: Path, demo: Path, tmp_path: Path
):
    """The memory, not a bug: the commands' line and exit code 2, no crash report, and the
    game kept. It was an internal error (exit 70) with a crash report."""
    code, tail = ended_at_the_watch_key(state, demo, tmp_path, OUT_OF_MEMORY_APP)
    assert code == 2
    assert NO_MEMORY_LINE in tail
    assert "internal error" not in tail and "Traceback" not in tail
    assert not list((state / "numbrix-curses").glob("crash-*.txt"))
    saved = json.loads(store(state).game_path(Puzzle.from_rows(GIVENS)).read_text())
    assert saved["game"]["moves"] == [[1, 0, 3]]


def test_a_crash_restores_the_terminal_keeps_the_game_and_says_one_line(
    state: Path, demo: Path, tmp_path: Path
):
    code, tail = ended_at_the_watch_key(state, demo, tmp_path, CRASHING_APP)
    assert code == 70
    assert "internal error" in tail and "games in progress were saved" in tail
    assert "Traceback" not in tail
    crash = list((state / "numbrix-curses").glob("crash-*.txt"))
    assert crash and "RuntimeError: boom" in crash[0].read_text()
    saved = json.loads(store(state).game_path(Puzzle.from_rows(GIVENS)).read_text())
    assert saved["game"]["moves"] == [[1, 0, 3]]


SLOW_GRADING_APP = """
import time
from numbrix_curses import assist
def grade_of(puzzle, solution, check=None):
    time.sleep(2.5)
    return "hard"
assist.grade_of = grade_of
"""


def test_quitting_just_after_a_solve_waits_for_its_grade(state: Path, demo: Path,
                                                         tmp_path: Path):
    """A puzzle whose file says no difficulty is graded beside the game; solved and left at
    once, the app waits (up to a few seconds) for the grade to go into the record, so the
    solve is counted under it in the statistics rather than under "-"."""
    term = start(patched_app(tmp_path, SLOW_GRADING_APP, "play", str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        solve_the_demo(term, board)
        term.wait_text("Solved")
        term.send("q")
        expect_exit(term)
    record = store(state).records()[puzzle_key(Puzzle.from_rows(GIVENS))]
    assert (record.solved, record.difficulty) == (1, "hard")


# ----- open a file ---------------------------------------------------------------------------
def test_open_file_lists_every_puzzle_and_plays_one(state: Path, tmp_path: Path):
    path = tmp_path / "two.txt"
    path.write_text(TWO_PUZZLES)
    with open_file_prompt(state) as term:
        term.send(str(tmp_path / "two.txtt") + "\r")
        term.wait_message("no such file")  # may wrap after a long temporary path
        # The refused path is selected, but Backspace mends its end (it emptied the field,
        # and the player typed the long path again for one letter too many).
        term.send_key("backspace")
        term.wait_gone("no such file")
        term.send("\r")
        term.wait_text("2 puzzles")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text(str(path))  # (offered again, selected)
        term.send_key("backspace")  # (a suggestion, not typed: Backspace clears it)
        term.wait_gone(str(path))
        term.send(str(tmp_path / "missing.txt") + "\r")
        term.wait_message("no such file")
        # the refused path is selected: typing replaces it (it was added to: "missing.txt/tmp/")
        term.send(str(path) + "\r")
        term.wait_text("tiny")
        assert "demo" in term.text and "2 puzzles" in term.text
        term.click_text("tiny")
        term.wait_text("Numbrix · tiny")
        term.send("q")
        term.wait_text("2 puzzles")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("o")  # the path opened last is offered again
        term.wait_text(str(path))
        term.send_key("enter")
        term.wait_text("2 puzzles")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell pipeline")
@pytest.mark.parametrize("play", ["play ", ""])
def test_a_puzzle_piped_in_is_played_with_the_keyboard_of_the_terminal(state: Path, play: str):
    """`numbrix generate ... | numbrix play -`: the puzzle comes down the pipe, the keys from
    the terminal. `numbrix -` is the same, as `numbrix FILE` is `numbrix play FILE`."""
    numbrix = f"{shlex.quote(sys.executable)} -m numbrix_curses"  # (a folder with a space)
    pipeline = f"{numbrix} generate --size 5 --seed 7 --format compact | {numbrix} {play}-"
    term = start(["/bin/sh", "-c", pipeline], state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        assert "Numbrix · 5x5-medium-7" in term.text
        blank = next((r, c) for r in range(5) for c in range(5) if not board.number(r, c))
        board.click(*blank)  # the mouse works too
        term.send("25")
        board.wait_cell(*blank, "25")
        term.send("q")
        expect_exit(term)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell pipeline")
def test_a_puzzle_piped_in_without_an_id_is_titled_as_a_puzzle_not_a_dash(state: Path):
    """Standard input has no file name to call the puzzle by: the title says "puzzle",
    not the "-" typed for it."""
    numbrix = f"{shlex.quote(sys.executable)} -m numbrix_curses"
    term = start(["/bin/sh", "-c", f"printf '1 . 3\\n. . .\\n. . 9\\n' | {numbrix} play -"],
                 state)
    with term:
        wait_play(term)
        assert term.lines[0].split() == ["Numbrix", "·", "puzzle"], term.dump()
        term.send("q")
        expect_exit(term)


def test_a_second_window_on_the_same_puzzle_does_not_overwrite_the_first(state: Path):
    """Two app instances playing one puzzle each saved it over the other: the moves of the
    first to quit were lost without a word. The first to open it keeps it; the second
    plays without saving, says so, and asks before leaving with moves unsaved. It does not
    take over when the first played on after it opened (those moves would go)."""
    command = app_command("play", "--puzzle", "starter-2")
    with start(command, state) as first:
        wait_play(first)
        assert "another numbrix window" not in first.text
        board = Board(first, 4)
        first.send("5")  # at A1
        board.wait_cell(0, 0, "5")
        with start(command, state) as second:
            wait_play(second)
            second.wait_message("This puzzle is open in another numbrix window: moves made "
                                "here are not saved.")
            assert "off: 2nd window" in second.text
            other = Board(second, 4)
            second.send_key("right")
            second.send("6")
            other.wait_cell(0, 1, "6")
            for _ in range(4):
                first.send_key("right")
            first.send("9")  # at E1, after the second window opened
            board.wait_cell(0, 4, "9")
            first.send("q")
            expect_exit(first)
            second.send_key("right")
            second.send_key("right")
            second.send("8")
            other.wait_cell(0, 3, "8")
            assert "off: 2nd window" in second.text  # (still: the first played on)
            second.send("q")  # asked first: those moves are not kept
            second.wait_text("Leave? Moves made here are not saved.")
            second.send("y")
            expect_exit(second)
    with start(command, state) as again:  # the first window's game, and nobody else's now
        wait_play(again)
        board = Board(again, 4)
        board.wait_cell(0, 0, "5")
        board.wait_cell(0, 4, "9")
        assert board.number(0, 1) == "" and board.number(0, 3) == ""
        assert "another numbrix window" not in again.text and "2nd window" not in again.text
        again.send("q")
        expect_exit(again)
    assert not list(state.rglob("*.lock"))  # (let go of, and cleared away)


def test_the_second_window_saves_once_the_first_lets_go_without_playing_on(state: Path):
    """The second window never saved, even once the first had quit without another move:
    all its moves were lost. It takes the game over then (not when the first played on
    after it opened: that window's moves would go). The bar under a board says it too."""
    command = app_command("play", "--puzzle", "starter-2")
    with start(command, state) as first:
        wait_play(first)
        first.send("5")  # at A1, saved
        Board(first, 4).wait_cell(0, 0, "5")
        with start(command, state, rows=24, cols=36) as second:  # (the bar under the board)
            second.wait_text("not saved: 2nd window")
            board = Board(second, 4)
            second.send_key("right")
            second.send("6")
            board.wait_cell(0, 1, "6")
            second.send_key("right")
            second.send_key("right")
            first.send("q")  # no move since the second window opened
            expect_exit(first)
            second.send("8")
            board.wait_cell(0, 3, "8")
            second.wait_gone("2nd window")  # (said once, in the message the next key clears)
            second.send("q")  # no question: saved
            expect_exit(second)
    with start(command, state) as again:
        wait_play(again)
        board = Board(again, 4)
        for col, number in ((0, "5"), (1, "6"), (3, "8")):
            board.wait_cell(0, col, number)
        again.send("q")
        expect_exit(again)


def test_a_second_window_that_starts_afresh_never_takes_over_a_saved_game(state: Path):
    """Play again (R) after a reveal in the second window made a new game that took the
    claim once the first let go, and wrote over the first window's saved game: a game
    grown from none of the save never takes over. A second window left untouched leaves
    without a question."""
    command = app_command("play", "--puzzle", "starter-2")
    with start(command, state) as first:
        wait_play(first)
        first.send("5")  # at A1
        Board(first, 4).wait_cell(0, 0, "5")
        with start(command, state) as peek:  # looks, touches nothing, leaves unasked
            wait_play(peek)
            peek.send("q")
            expect_exit(peek)
        with start(command, state) as second:
            wait_play(second)
            second.send("S")
            second.wait_text("Reveal the solution?")
            second.send("y")
            second.wait_text("Solution revealed")
            second.send("R")
            second.wait_text("Play this puzzle again from the start?")
            second.send("y")
            second.wait_match(r"Moves +0")  # (a fresh start, still the second window)
            assert "off: 2nd window" in second.text
            first.send("q")  # no move since the second window opened
            expect_exit(first)
            second.send_key("right")
            second.send("6")
            Board(second, 4).wait_cell(0, 1, "6")
            second.send("q")
            second.wait_text("Leave? Moves made here are not saved.")
            second.send("y")
            expect_exit(second)
    with start(command, state) as again:
        wait_play(again)
        board = Board(again, 4)
        board.wait_cell(0, 0, "5")
        assert board.number(0, 1) == ""
        again.send("q")
        expect_exit(again)


def test_a_hint_in_the_first_window_is_play_the_second_does_not_take_over(state: Path):
    """A hint that placed nothing in the first window, after the second opened, was lost
    when the second took over (only the moves were compared), and with it the lost best
    time."""
    command = app_command("play", "--puzzle", "starter-2")
    with start(command, state) as first:
        wait_play(first)
        first.send("17")  # at A1, right
        Board(first, 4).wait_cell(0, 0, "17")
        with start(command, state) as second:
            wait_play(second)
            first_hint(first)
            first.wait_match(r"1 hint")
            first.send("q")
            expect_exit(first)
            second.send_key("right")
            second.send("6")
            Board(second, 4).wait_cell(0, 1, "6")
            second.send("q")
            second.wait_in_box("The game was played on in another window after this one "
                               "opened")
            second.send("y")
            expect_exit(second)
    assert json.loads(store(state).game_path(
        load_bundled_puzzle("starter-2")).read_text())["game"]["hints"] == 1


def test_numbrix_file_plays_the_file(state: Path, tmp_path: Path):
    """`numbrix puzzles.txt` said "invalid choice" and listed the commands, though the help
    called play the default: a file named where a command would be is played."""
    path = tmp_path / "one.txt"
    path.write_text("# id: lone\n1 . 3\n. . .\n. . 9\n")
    with start(app_command(str(path)), state) as term:
        wait_play(term)
        assert "Numbrix · lone" in term.text
        term.send("q")
        expect_exit(term)


@pytest.mark.parametrize("menu", [False, True])
def test_numbrix_file_of_several_puzzles_lists_them(state: Path, tmp_path: Path, menu: bool):
    """`numbrix booklet.txt` opened puzzle 1 of 10 with no way to the others (q left the
    app). The file's puzzles are listed, as Open file lists them; leaving a game goes back
    to the list, and leaving the list ends the app (or, with --menu, goes to the menu)."""
    path = tmp_path / "two.txt"
    path.write_text(TWO_PUZZLES)
    command = play_command(str(path), *(["--menu"] if menu else []))
    with start(command, state) as term:
        term.wait_text("2 puzzles")
        assert "tiny" in term.text and f"Numbrix · {path}" in term.text
        term.click_text("tiny")
        term.wait_text("Numbrix · tiny")
        term.send("q")
        term.wait_text("2 puzzles")
        term.send("q")
        if menu:
            term.wait_text("[q] Quit")
            term.send("q")
        expect_exit(term)
    # a puzzle named goes straight to it, as before
    with start(play_command(str(path), "--puzzle", "tiny"), state) as term:
        term.wait_text("Numbrix · tiny")
        term.send("q")
        expect_exit(term)


def test_a_file_s_list_marks_a_puzzle_copied_out_with_a_slip(state: Path, tmp_path: Path):
    """A puzzle with several solutions or none showed so only once it was played; the list
    checks them as it shows them, and the game opened starts from that answer. At 26
    columns, where "several" does not fit, the line says "many", as it says "none"; and the
    mark goes before a difficulty the file gives ("hard" left it out)."""
    path = tmp_path / "week.txt"
    # (a name of 10 columns, which the list keeps at 26: shorter ones leave room for more)
    path.write_text("# id: fine\n1 . 3\n. . .\n. . 9\n\n# id: two-answer\n1 . .\n. . .\n"
                    ". . 9\n\n# id: none\n# difficulty: hard\n1 9 .\n. . .\n. . .\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_match(r"two-answer +3x3 +not unique")
        term.wait_match(r"none +3x3 +hard +no solution")
        assert not re.search(r"fine .*(unique|solution)", term.text), term.dump()
        term.resize(11, 26)
        term.wait_match(r"two-answer +3x3 many *\n")
        term.wait_match(r"none +3x3 none *\n")
        term.click_text("two-answer")
        term.wait_text("Numbrix · two-answer")
        term.wait_message("This puzzle has more than one solution")


def test_open_file_with_one_puzzle_goes_straight_to_the_game(state: Path, tmp_path: Path):
    path = tmp_path / "one.txt"
    path.write_text("# id: lone\n1 . 3\n. . .\n. . 9\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_text("Numbrix · lone")  # no list of one to choose from
        term.send("q")
        term.wait_text("[q] Quit")


def test_open_file_says_where_a_relative_path_starts_and_when_a_folder_is_empty(
    state: Path, tmp_path: Path
):
    empty = tmp_path / "empty"
    empty.mkdir()
    with open_file_prompt(state) as term:
        term.wait_message("A relative path is read from")
        term.send(str(empty) + os.sep + "\t")  # Tab completes; there is nothing to complete
        term.wait_message("That folder is empty.")
        term.send("\x15" + str(tmp_path / "nothing-like-this") + "\t")
        term.wait_message("No file starts like that.")
        (empty / ".hidden").write_text("x")  # (a home folder of dot files: not empty)
        term.send("\x15" + str(empty) + os.sep + "\t")
        term.wait_message("That folder holds only hidden files: type a . to see them.")


def test_open_file_s_error_is_read_whole_on_a_small_screen(state: Path, tmp_path: Path):
    """At 40x12 the prompt's hint took four rows and the error was cut to
    "r4.txt:3:1: row..."; the error is read whole, the hint gets what rows it leaves."""
    path = tmp_path / "r4.txt"
    path.write_text("2 3\n2\n1 1 1\n3 3 6\n")
    with start(app_command(), state, rows=12, cols=40) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\x15" + str(path) + "\r")
        term.wait_message("row 3 is off a board of 2x3")


def test_open_file_takes_a_path_of_a_dash_for_a_file_not_the_keyboard(state: Path,
                                                                      tmp_path: Path):
    """'-' (standard input to the commands) read the terminal in the app, which then took
    no key but Ctrl-C; it is a file of that name, as the save prompt writes one."""
    shell = [*app_command()]
    command = ["sh", "-c", f"cd {shlex.quote(str(tmp_path))} && exec {shlex.join(shell)}"]
    with start(command, state) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\x15-\r")
        term.wait_message("./-: no such file")
        (tmp_path / "-").write_text("# id: dash\n1 . 3\n. . .\n. . 9\n")
        term.send("\r")
        term.wait_text("Numbrix · dash")


def test_open_file_says_what_the_reader_warned_of(state: Path, tmp_path: Path):
    """Before: the command line printed the reader's warnings, the app said nothing, and a
    file's '# id:' left under its grid was dropped without a word."""
    path = tmp_path / "late.txt"
    path.write_text("1 . 3\n. . .\n. . 9\n# id: late\n# seed: 4\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_text("Numbrix · late.txt")
        term.wait_message("late.txt:4: warning: '# id: late' among or under a grid's rows "
                          "is not read; put it above the grid (1 more warning)")
        term.send("q")
        term.wait_text("[q] Quit")
    # a file of several puzzles: the list says it
    path.write_text("# id: one\n1 . 3\n. . .\n. . 9\n# stray: x\n\n# id: two\n1 .\n. .\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_text("2 puzzles")
        term.wait_message("late.txt:5: warning: '# stray: x'")
    # nor after the verdict on a puzzle with several solutions, which came before the
    # first frame and took the warning's place
    path.write_text("# id: m1\n. . 3 . .\n# id: under\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_message("This puzzle has more than one solution: any path through the "
                          "givens counts. late.txt:3: warning: '# id: under'")
    # `numbrix play FILE` printed it before the app started, and the app's screen hid it
    path.write_text("1 . 3\n. . .\n. . 9\n# id: late\n# seed: 4\n")
    with start(play_command(str(path)), state) as term:
        term.wait_text("Numbrix · late.txt")
        # (after the whole path, as the command line names it, which wraps anywhere)
        term.wait_message("late.txt:4: warning: '# id: late' among or under a grid's rows is "
                          "not read; put it above the grid (1 more warning)")
        term.send("q")
        expect_exit(term)


def test_open_file_reports_a_parse_error_with_its_place(state: Path, tmp_path: Path):
    path = tmp_path / "bad.txt"
    path.write_text("1 2\n3 x\n")
    with open_file_prompt(state) as term:
        term.send(str(path) + "\r")
        term.wait_text(f"{path}:2:3:")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_open_file_refuses_a_pipe_and_a_device_goes_into_a_folder_and_keeps_going(
    state: Path, tmp_path: Path
):
    # Opening a named pipe for reading waits for a writer that never comes, and /dev/zero
    # never ends: either used to freeze the app.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    good = tmp_path / "two.txt"
    good.write_text(TWO_PUZZLES)
    with open_file_prompt(state) as term:
        refused = [(pipe, "is a named pipe, not a puzzle file")]
        if os.path.exists("/dev/zero"):
            refused.append((Path("/dev/zero"), "is a character device, not a puzzle file"))
        for path, message in refused:
            term.send("\x15" + str(path) + "\r")  # Ctrl-U empties the field first
            # the message, not the path before it: a long path may be broken anywhere
            term.wait_message(message)
        # a folder is gone into, as a click on it in the list does: typed in ready for a
        # file's name, and listed (it said "is a directory, not a puzzle file")
        term.send("\x15" + str(tmp_path) + "\r")
        term.wait_text(f"In {tmp_path}:")
        term.wait_for(lambda: any(line.strip() == str(tmp_path) + os.sep
                                  for line in term.lines), what="the folder typed in")
        assert "not a puzzle file" not in term.text, term.dump()
        # the dialog still answers: a file's name typed after the folder opens it
        term.send("two.txt\r")
        term.wait_text("tiny")
        assert "2 puzzles" in term.text
        term.send("q")
        term.wait_text("[q] Quit")


def reading_only_as_permitted(argv: list[str]) -> list[str]:
    """`argv` run without the superuser's power to read any folder, where the tests run as
    the superuser (a folder of mode 000 is otherwise read all the same); `argv` itself
    elsewhere. (Linux's setpriv drops those powers for the program it runs.)"""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return argv
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *argv]


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0
                    and shutil.which("setpriv") is None,
                    reason="the superuser reads any folder, and setpriv is not here")
def test_open_file_says_a_folder_typed_cannot_be_read(state: Path, tmp_path: Path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        with start(reading_only_as_permitted(app_command()), state) as term:
            term.wait_text("[q] Quit")
            term.send("o")
            term.wait_text("Path of a puzzle file:")
            term.send("\x15" + str(locked) + "\r")
            term.wait_message("locked: a folder that cannot be read (permission denied)")
            # (as typed, selected to mend: a name typed replaces it)
            term.send(str(tmp_path) + "\r")
            term.wait_text(f"In {tmp_path} (no puzzle files):")  # (locked/ its one folder)
            term.wait_gone("cannot be read")
    finally:
        locked.chmod(0o700)


#: a file of this many blank 30x30 boards (5 MB) takes the reader a second or more
BIG_FILE_BOARDS = 3000
#: how long a test waits for the whole of such a file to be read (a busy machine is slow)
READ_WAIT = 120.0


def test_open_file_reads_a_large_file_beside_the_app_and_esc_stops_it(
        state: Path, tmp_path: Path):
    """A file of thousands of puzzles froze the screen for seconds while it was read, with
    no way out but Ctrl-C. It says it is reading; Esc, or a click on Cancel, goes back to
    the prompt with the path as typed; read to its end, it opens as before, its error said
    under the prompt as before."""
    board = "\n".join([" ".join(["."] * 30)] * 30) + "\n"
    path = tmp_path / "big.txt"
    path.write_text("\n".join([board] * BIG_FILE_BOARDS))
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\x15" + str(path) + "\r")
        term.wait_text("Reading big.txt...")
        term.send_key("escape")
        term.wait_message("Stopped reading big.txt.")
        assert str(path) in term.text and "Reading" not in term.text, term.dump()
        # (resized while reading, the page is drawn again at the new size)
        term.send_key("enter")
        term.wait_text("Reading big.txt...")
        term.resize(20, 60)
        term.wait_for(lambda: "Numbrix · Open file" in term.lines[0]
                      and (term.find("[Esc] Cancel") or (0, 0))[1] == (60 - 12) // 2,
                      what="the reading page centred at 60 columns")
        term.click_text("Cancel")
        term.wait_message("Stopped reading big.txt.")
        term.send_key("enter")
        term.wait_text("Reading big.txt...")
        term.wait_text(f"{BIG_FILE_BOARDS:,} puzzles", timeout=READ_WAIT)
        assert "big.txt#1 " in term.text, term.dump()
        term.send("q")
        term.wait_text("[q] Quit")
        # an error at the end of a large file is said under the prompt, as of a small one
        with path.open("a") as end:
            end.write("\n1 2\n3 x\n")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\r")  # (the path opened last is offered again)
        term.wait_text("Reading big.txt...")
        term.wait_message(f"big.txt:{BIG_FILE_BOARDS * 31 + 2}:3: 'x' is not a number",
                          timeout=READ_WAIT)


#: blank 30x30 boards in a file near the reader's size limit (16 MB): seconds to read, so the
#: reading page shows it under way for many frames however fast the machine
LARGEST_FILE_BOARDS = 9000


def test_the_reading_page_says_how_far_the_read_has_got(state: Path, tmp_path: Path):
    """The reading page said the seconds only, no sign of how far a read of thousands of
    boards had got or how long it had to go: it counts the puzzles read, and the share of
    the file behind the read, as they grow (shorter on a narrow screen)."""
    board = "\n".join([" ".join(["."] * 30)] * 30) + "\n"
    path = tmp_path / "big.txt"
    path.write_text("\n".join([board] * LARGEST_FILE_BOARDS))
    seen: list[tuple[int, int]] = []

    def told(pattern: str) -> bool:
        match = re.search(pattern, term.text)
        if match is not None:
            seen.append((int(match[1].replace(",", "")), int(match[2])))
        return match is not None

    full = r"\d+\.\d s  ([\d,]+) puzzles read \((\d+)%\)"
    with open_file_prompt(state) as term:
        term.send("\x15" + str(path) + "\r")
        term.wait_text("Reading big.txt...")
        term.wait_for(lambda: told(full), what="the puzzles read")
        first = seen[-1]
        term.wait_for(lambda: told(full) and seen[-1][0] > first[0], what="more puzzles read")
        assert first[0] < seen[-1][0] < LARGEST_FILE_BOARDS and first[1] <= seen[-1][1] < 100
        term.resize(12, 26)  # (the narrowest the page is drawn at)
        term.wait_for(lambda: told(r"\d s  ([\d,]+) read \((\d+)%\)"),
                      what="the count at 26 columns")
        term.send_key("escape")
        term.wait_message("Stopped reading big.txt.")


def test_tab_completes_a_path(state: Path, tmp_path: Path):
    (tmp_path / "only-one-like-this.txt").write_text(DEMO_TEXT)
    with open_file_prompt(state) as term:
        term.send(str(tmp_path / "only-") + "\t")
        term.wait_text("only-one-like-this.txt")
        term.send("\r")
        term.wait_text("demo")


def test_tab_completes_from_the_folder_as_it_stands(state: Path, tmp_path: Path):
    """Tab lists a folder once and takes its names again while it is as it was: a file
    saved into it meanwhile is among the matches at the next Tab, and a dot typed finds
    the names starting with one (left out otherwise, as a shell leaves them)."""
    folder = tmp_path / "pz"
    an_hour_ago = settled_folder(folder, "pick-easy.txt", "pick-hard.txt", ".pick-hidden.txt")
    with open_file_prompt(state) as term:
        term.send(str(folder / "pick-") + "\t")
        term.wait_message("2 matches: pick-easy.txt, pick-hard.txt")
        term.send("\t")
        term.wait_message("2 matches: pick-easy.txt, pick-hard.txt")
        (folder / "pick-new.txt").write_text(DEMO_TEXT)
        os.utime(folder, (an_hour_ago + 1, an_hour_ago + 1))  # (changed, and settled)
        term.send("\t")
        term.wait_message("3 matches: pick-easy.txt, pick-hard.txt, pick-new.txt")
        term.send("\x15" + str(folder) + os.sep + ".\t")
        term.wait_text(f"pz{os.sep}.pick-hidden.txt")
        term.send("\r")
        term.wait_text("demo")


def test_a_click_on_a_name_tab_listed_takes_it(state: Path, tmp_path: Path):
    """Tab's "3 matches: a, b, c" could only be read: a player with the mouse had to type
    the rest of the name. A click on one takes it; a folder's names are listed in turn."""
    (tmp_path / "pick-easy.txt").write_text(DEMO_TEXT)
    (tmp_path / "pick-hard.txt").write_text(DEMO_TEXT)
    (tmp_path / "pick-dir").mkdir()
    (tmp_path / "pick-dir" / "inner-one.txt").write_text(DEMO_TEXT)
    (tmp_path / "pick-dir" / "inner-two.txt").write_text(DEMO_TEXT)
    with open_file_prompt(state) as term:
        term.send(str(tmp_path / "pick-") + "\t")
        term.wait_message("3 matches: pick-dir, pick-easy.txt, pick-hard.txt")
        term.click_text("pick-dir")
        term.wait_message("2 matches: inner-one.txt, inner-two.txt")
        assert f"pick-dir{os.sep}inner-" in term.text, term.dump()  # (the field's end)
        term.click_text("inner-two.txt")
        term.wait_gone("2 matches")
        assert f"pick-dir{os.sep}inner-two.txt" in term.text, term.dump()
        term.send("\r")
        term.wait_text("demo")


def test_a_name_the_wrapping_splits_leaves_the_names_after_it_clickable():
    """Wrapped at 36 columns, "my puzzles one.txt" went over two lines, and no name after
    it could be clicked either; nor may a name be found inside another ("a.txt" in
    "data.txt")."""
    from numbrix_curses.ui.actions import Choose
    from numbrix_curses.ui.dialogs import TextPromptScreen
    from numbrix_curses.ui.mask import ScreenMask

    prompt = TextPromptScreen.__new__(TextPromptScreen)
    prompt.matches = ["d/data.txt", "d/my puzzles one.txt", "d/zz.txt", "d/a.txt"]
    lines = ["4 matches: data.txt, my puzzles", "one.txt, zz.txt, a.txt"]
    mask = ScreenMask(5, 40)
    prompt._mask_matches(mask, 1, 2, lines)
    assert mask.at(1, 2 + lines[0].index("data.txt")) == Choose(0)
    assert mask.at(1, 2 + lines[0].index("my puzzles")) is None  # (split: left out)
    assert mask.at(2, 2 + lines[1].index("zz.txt")) == Choose(2)
    assert mask.at(2, 2 + lines[1].index("a.txt")) == Choose(3)
    assert mask.at(1, 2 + lines[0].index("a.txt")) == Choose(0)  # (data.txt's, not a.txt)


def test_open_file_lists_the_folder_s_puzzle_files_for_the_mouse_alone(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A player with the mouse alone reached a file through Tab's list of six names at
    most, and never a folder up: under the path, Open file lists the folder's puzzle files,
    '..' and the folders to go into, a page at a time; a click on a file opens it."""
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    (here / "notes.md").write_text("not a puzzle")
    for n in range(1, 15):
        (there / f"p{n:02}.txt").write_text(f"# id: number-{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(here)  # (the app's working folder: it lists it first)
    with start(app_command(), state, rows=24, cols=60) as term:
        term.wait_text("[q] Quit")
        term.click_text("Open file")
        term.wait_text(f"{os.sep}here (no puzzle files):")  # (notes.md is none)
        assert "notes.md" not in term.text, term.dump()
        term.click_text("..")
        term.wait_text(f"{tmp_path.name} (no puzzle files):")  # (its folders, though)
        term.click_text("there/")
        term.wait_text("p01.txt")
        assert "p14.txt" not in term.text, term.dump()  # (past the rows there are)
        term.click_text("more below")
        term.wait_text("p14.txt")
        term.click_text("p14.txt")
        term.wait_text("Numbrix · number-14")


def test_open_file_s_help_says_a_folder_s_path_typed_goes_into_it(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Enter on a folder's path goes into that folder, but the help, opened from Open
    file, spoke only of clicking a folder: it says so now, beside Tab."""
    there = tmp_path / "there"
    there.mkdir()
    (there / "p01.txt").write_text("# id: number-1\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("there\r")
        term.wait_text("p01.txt")  # (the folder gone into, its files listed)
        term.send("\x1bOP")  # F1: the help, at the keys of lists
        term.wait_said("Enter in Open file: open the path typed; a folder's goes into "
                       "that folder, its files listed below")


def test_a_function_key_in_a_path_prompt_is_told_it_does_nothing(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """F5 in Open file did nothing without a word, where every other screen says so; the
    path typed stays as it was, and typing goes on after it."""
    monkeypatch.chdir(tmp_path)
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("ab")
        term.wait_text("  ab ")
        term.send("\x1b[15~")  # F5
        term.wait_said("F5 does nothing here; F1 lists the keys.")
        term.send("c")
        term.wait_text("  abc ")
        term.wait_gone("does nothing")


def test_open_file_s_list_in_two_rows_keeps_an_entry_in_sight(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A list of two rows, scrolled into its middle, showed "... more above" over "... more
    below" and not one file to click. Now its first row is a file, and the second stands
    for those above and below at once, each half a click that scrolls that way."""
    for n in range(1, 7):
        (tmp_path / f"p{n}.txt").write_text(f"# id: number-{n}\n1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)
    with start(app_command(), state, rows=24, cols=80) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("p6.txt")
        # (on 11 rows, the least the prompt is drawn on, the hint is cut to a line and the
        # prompt raised into the blank row under the title, and the list has two rows
        # left: nothing shorter leaves it three)
        term.resize(11, 80)
        term.wait_text("... 6 more below")  # ('..' in sight over it)
        list_top = term.find("  In ")[0] + 1
        assert list_top == 9, term.dump()
        assert term.lines[list_top].strip() == "..", term.dump()
        term.click_text("more below")
        term.wait_text("... 1 above, 5 below")
        assert term.lines[list_top].strip() == "p1.txt", term.dump()
        term.click_text("5 below")
        term.wait_text("... 2 above, 4 below")
        assert term.lines[list_top].strip() == "p2.txt", term.dump()
        term.click_text("2 above")
        term.wait_text("... 1 above, 5 below")
        term.click_text("p1.txt")
        term.wait_text("Numbrix · number-1")


@pytest.mark.skipif(os.name == "nt", reason="Windows file names hold no control characters")
def test_a_file_name_with_a_line_break_or_a_tab_is_listed_on_its_own_row(
        state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A name is any bytes but '/' and NUL: 'a<LF>b.txt' drew 'b.txt' at the start of the
    row below, over the next file's name, '<CR>' went back over the name's start and a tab
    pushed the rest to a tab stop. Shown as curses shows other control characters (^J),
    each name keeps its row, and a click on it opens it; a name edited into a save (the
    menu's Continue) shows so too, and a right-to-left override is escaped, not obeyed."""
    for name in ("a\nb.txt", "c\rd.txt", "e\tf.txt", "g\u202etxt.exe.txt", "h.txt"):
        (tmp_path / name).write_text("1 . 3\n. . .\n. . 9\n")
    monkeypatch.chdir(tmp_path)
    with start(app_command(), state, rows=24, cols=60) as term:
        term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("h.txt")
        top = term.find("a^Jb.txt")
        assert top is not None, term.dump()
        rows = [term.lines[top[0] + k].strip() for k in range(5)]
        assert rows == ["a^Jb.txt", "c^Md.txt", "e^If.txt", "g\\u202etxt.exe.txt",
                        "h.txt"], term.dump()
        term.click_text("a^Jb.txt")
        term.wait_text("Numbrix · a^Jb.txt")
        assert not any(line.startswith("b.txt") for line in term.lines), term.dump()
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    hand_edited_save(state, lambda data: data.update(label="first\nsecond"))
    with menu(state) as term:
        term.wait_text("first^Jsecond")
        term.send("q")
        expect_exit(term)


def test_the_folder_list_holds_folders_then_puzzle_files_as_the_field_takes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from numbrix_curses.ui.browse import FolderEntry, folder_of, list_folder

    (tmp_path / "Zeta").mkdir()
    (tmp_path / "alpha").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("b.txt", "A.JSON", "c.csv", "d.tsv", "notes.md", ".secret.txt"):
        (tmp_path / name).write_text("")
    entries, error = list_folder(str(tmp_path))
    assert error is None
    assert [entry.name for entry in entries] == [
        "..", f"alpha{os.sep}", f"Zeta{os.sep}", "A.JSON", "b.txt", "c.csv", "d.tsv"]
    assert entries[0] == FolderEntry("..", str(tmp_path.parent) + os.sep, True)
    assert entries[1].path == str(tmp_path / "alpha") + os.sep and entries[1].folder
    assert entries[4] == FolderEntry("b.txt", str(tmp_path / "b.txt"), False)
    # relative paths stay relative, '' being the working folder
    monkeypatch.chdir(tmp_path)
    assert [entry.path for entry in list_folder("")[0][:2]] == [".." + os.sep, "alpha" + os.sep]
    assert list_folder("alpha/")[0][0].path == ""  # (up from it: the working folder)
    assert folder_of("") == "" and folder_of("alpha/") == "alpha/"
    assert folder_of("alpha/part-of-a-na") == "alpha" and folder_of("nowhere/x") == ""
    assert list_folder(os.sep)[0][:1] != [FolderEntry("..", os.sep, True)]  # (the top)
    assert list_folder("missing")[1] is not None  # (why it cannot be read)


class _DrawnWindow:
    """What a prompt's `draw` asks of a curses window: its size, and text written (kept,
    a line of characters a row)."""

    def __init__(self, height: int, width: int) -> None:
        self.height, self.width = height, width
        self.rows = [[" "] * width for _ in range(height)]

    def getmaxyx(self) -> tuple[int, int]:
        return self.height, self.width

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        self.rows[y][x:x + len(text)] = list(text)
        del self.rows[y][self.width:]

    @property
    def text(self) -> str:
        return "\n".join("".join(row) for row in self.rows)


def test_open_file_lists_its_folder_once_a_frame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The hint's length (how many of the list's rows it leaves) and the list itself each
    read the folder, twice a frame; once is enough, and a file written while the screen is
    open shows at the next frame (after the next key) all the same."""
    from numbrix_curses.ui.actions import PickFile, TextKey

    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "a.txt").write_text(DEMO_TEXT)
    screen, listed, frame = _counted_open_file_screen(tmp_path, monkeypatch)
    for key in "puzzles/":
        screen.handle(TextKey(key))
    assert "a.txt" in frame() and listed == ["puzzles/"]
    (folder / "b.txt").write_text(DEMO_TEXT)  # (saved while the screen is open)
    screen.handle(TextKey("b"))  # ("puzzles/b": a name in that folder)
    assert "b.txt" in frame() and listed == ["puzzles/", "puzzles"]
    # a click takes the entry the frame drew there, without reading the folder again
    screen.handle(PickFile(0))  # '..', the folder above
    assert screen.text == "" and len(listed) == 2


def test_open_file_reads_a_folder_again_only_once_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A folder of 100,000 files took a second to list, and it was listed at every frame:
    each key typed into the path waited a second to show. A folder that has not changed
    since it was listed is not read again; one that has is, at the next frame."""
    from numbrix_curses.ui import browse
    from numbrix_curses.ui.actions import TextKey

    folder = tmp_path / "puzzles"
    an_hour_ago = settled_folder(folder, "a.txt")
    screen, listed, frame = _counted_open_file_screen(tmp_path, monkeypatch)
    for key in "puzzles/":
        screen.handle(TextKey(key))
    assert "a.txt" in frame() and listed == ["puzzles/"]
    for key in "a.t":  # ("puzzles/a.t": a name in that folder)
        screen.handle(TextKey(key))
        assert "a.txt" in frame()
    assert listed == ["puzzles/", "puzzles"]  # (once for the folder named another way)
    (folder / "b.txt").write_text(DEMO_TEXT)  # (saved while the screen is open)
    screen.handle(TextKey("x"))
    assert "b.txt" in frame() and len(listed) == 3
    # (a folder changed a moment ago is read at every frame: a file added in the same tick
    # of the file system's clock would leave its time as it was)
    assert browse.folder_stamp("puzzles") is None
    frame()
    assert len(listed) == 4
    os.utime(folder, (an_hour_ago, an_hour_ago))
    frame()
    frame()
    assert len(listed) == 5


def test_tab_lists_a_folder_again_only_once_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Each Tab listed the folder again (a folder of 100,000 files took a fifth of a second
    at every press): it is listed once, and again once it changed, or where it changed a
    moment ago (a file added in the same tick of the clock leaves its time as it was)."""
    from numbrix_curses.ui import dialogs
    from numbrix_curses.ui.actions import Command, TextKey

    folder = tmp_path / "puzzles"
    an_hour_ago = settled_folder(folder, "pick-a.txt", "pick-b.txt", ".pick-c.txt")
    screen, _, frame = _counted_open_file_screen(tmp_path, monkeypatch)
    names_listed: list[str] = []
    folder_names = dialogs.folder_names
    monkeypatch.setattr(dialogs, "folder_names",
                        lambda path: names_listed.append(path) or folder_names(path))

    def tab() -> str:
        screen.handle(Command.NEXT_FIELD)
        return frame()

    for key in "puzzles/pick-":
        screen.handle(TextKey(key))
    for _ in range(3):
        assert "2 matches: pick-a.txt, pick-b.txt" in tab()
    screen.handle(Command.CLEAR_ALL)
    for key in "puzzles/.":
        screen.handle(TextKey(key))
    tab()
    assert screen.text == "puzzles/.pick-c.txt" and names_listed == ["puzzles"]
    (folder / "pick-d.txt").write_text(DEMO_TEXT)
    os.utime(folder, (an_hour_ago + 1, an_hour_ago + 1))  # (changed, and settled)
    screen.handle(Command.CLEAR_ALL)
    for key in "puzzles/pick-":
        screen.handle(TextKey(key))
    assert "3 matches: pick-a.txt, pick-b.txt, pick-d.txt" in tab()
    assert "3 matches" in tab() and names_listed == ["puzzles"] * 2
    (folder / "pick-e.txt").write_text(DEMO_TEXT)  # (its time now: changed a moment ago)
    assert "4 matches" in tab() and "4 matches" in tab()
    assert names_listed == ["puzzles"] * 4
    screen.handle(Command.CLEAR_ALL)
    tab()  # (the working folder: another folder, listed too)
    assert names_listed[4:] == [""] and screen.text == "puzzles/"


def test_open_file_shows_at_once_while_a_large_folder_is_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A folder of 100,000 files took a second to list, and Open file showed nothing
    meanwhile, the keys typed waiting: the screen is drawn at once and says the folder is
    being listed, the path takes keys, and the list shows once it is made."""
    import threading

    from numbrix_curses.ui import browse
    from numbrix_curses.ui.actions import TextKey

    settled_folder(tmp_path / "many", "a.txt")
    screen, listed, frame = _counted_open_file_screen(tmp_path, monkeypatch)
    assert "many/" in frame()  # (the working folder, listed at once)
    monkeypatch.setattr(browse, "LIST_WAIT", 0.05, raising=False)
    done = threading.Event()
    counted = browse.list_folder

    def slow(path: str):
        done.wait(5)  # (a folder that takes long to list)
        return counted(path)

    monkeypatch.setattr(browse, "list_folder", slow)
    for key in "many":
        screen.handle(TextKey(key))
    shown = frame()
    assert "Path of a puzzle file:" in shown and "many" in shown
    assert "Listing " in shown and "a.txt" not in shown and listed == [""]
    for key in "/a.t":  # (a name in that folder: listed once)
        screen.handle(TextKey(key))
    shown = frame()
    assert "many/a.t" in shown and "Listing " in shown
    assert screen.redraw_after_ms() > 0  # (drawn again until the list comes)
    done.set()
    assert screen.listing is not None and screen.listing[0].wait(5)
    shown = frame()
    assert "a.txt" in shown and "Listing " not in shown, shown
    assert listed == ["", "many"]
    assert screen.redraw_after_ms() < 0  # (nothing to wait for: only keys)


def _counted_open_file_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Open file's screen in `tmp_path`, the folders it lists (a list, in order) and a
    function drawing a frame of it (its text)."""
    from dataclasses import fields

    from numbrix_curses.ui import browse
    from numbrix_curses.ui.library_screen import open_file_screen
    from numbrix_curses.ui.mask import ScreenMask
    from numbrix_curses.ui.screen import AppContext
    from numbrix_curses.ui.theme import ASCII_GLYPHS, Theme

    plain = {item.name: 0 for item in fields(Theme) if item.type in (int, "int")}
    ctx = AppContext(Store(tmp_path / "state"), Theme(**plain, glyphs=ASCII_GLYPHS, colour=False))
    listed: list[str] = []
    list_folder = browse.list_folder

    def counted(path: str):
        listed.append(path)
        return list_folder(path)

    monkeypatch.setattr(browse, "list_folder", counted)
    # (each frame waits for its listing: these count the listings, not when they show)
    monkeypatch.setattr(browse, "LIST_WAIT", 10.0, raising=False)
    monkeypatch.chdir(tmp_path)
    screen = open_file_screen(ctx)

    def frame() -> str:
        window = _DrawnWindow(24, 80)
        screen.draw(window, ScreenMask(24, 80))
        return window.text

    return screen, listed, frame


# ----- type in a puzzle ------------------------------------------------------------------------
def type_in(state: Path, rows: str, cols: str, screen: tuple[int, int] = (24, 80)) -> Terminal:
    """The type-in screen of a `rows` x `cols` board, in a terminal of `screen` (rows, cols)."""
    term = start(app_command(), state, rows=screen[0], cols=screen[1])
    term.wait_text("[q] Quit")
    term.send("t")
    term.wait_text("Size of the grid:")
    term.send(rows)
    term.send_key("down")
    term.send(cols)
    term.send_key("enter")
    term.wait_text("Type the given numbers")
    return term


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C sent as a terminal sends it")
def test_a_puzzle_being_typed_in_is_kept_where_the_state_directory_takes_no_file(
        tmp_path: Path):
    """With the state directory unwritable (read-only, a full disk, a file in its place),
    Ctrl-C in Type in said "the puzzle being typed in could not be kept" and the grid was
    gone; it goes to the folder for temporary files instead, and the app says where."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the state directory should go\n")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    with start(app_command(), blocker / "state", TMPDIR=str(temporary)) as term:
        term.wait_text("[q] Quit")
        open_type_in_3x3(term)
        board = Board(term, 3)
        term.send("1")
        term.send_key("enter")
        board.wait_cell(0, 0, "1")
        term.send("\x03")
        assert term.wait_exit() == 130
        said = bytes(term.raw).decode(errors="replace")
    [kept] = temporary.glob("numbrix-typed-*.txt")
    assert f"numbrix: the puzzle being typed in is kept in {kept}" in said
    [puzzle] = read_puzzles(str(kept))
    assert puzzle.givens.tolist() == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]


def test_esc_in_the_type_in_grid_ends_a_number_then_goes_back(state: Path):
    """Esc did nothing on the type-in grid with no number being typed, where the screen
    before says "Esc Back" and every list leaves on Esc. It ends a number first (12 stays
    12), then goes back, asking first about numbers not saved; an empty grid goes at once."""
    term = type_in(state, "3", "4")
    board = Board(term, 4)
    with term:
        term.send("12")
        term.send_key("escape")
        board.wait_cell(0, 0, "12")
        assert "Leave without saving" not in term.text  # (the first Esc ended the number)
        term.send_key("escape")
        term.wait_text("Leave without saving this puzzle?")
        term.send("n")
        term.wait_gone("Leave without saving this puzzle?")
        board.wait_cell(0, 0, "12")
        term.send("x")
        term.wait_text("Clear the whole grid?")
        term.send("y")
        board.wait_cell(0, 0, "")
        term.send_key("escape")  # (nothing typed: straight back)
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_the_type_in_size_form_starts_at_the_size_last_chosen(state: Path):
    """Before: it started at 9x9 every time, a teacher typing in a week of 6x6 boards set
    the size each time."""
    with type_in(state, "3", "4") as term:
        term.send("q")  # (nothing typed: straight back)
        term.wait_text("[q] Quit")
        term.send("t")
        term.wait_text("Size of the grid:")
        term.wait_match(r"Rows +<  3   >")
        term.wait_match(r"Columns +<  4   >")
        term.click_text("Enter start")  # (the footer's Enter is a button, as the form's)
        term.wait_text("Type the given numbers")


def enter_givens(term: Terminal, board: Board, givens: list[tuple[int, int, str]]) -> None:
    for row, col, text in givens:
        board.click(row, col)
        term.send(text)
        board.wait_cell(row, col, text)


def test_a_puzzle_is_typed_in_row_by_row_with_enter(state: Path):
    """Enter ends a number and goes on to the next cell, into the next row at the end of
    one: a puzzle read off a page needed the arrows after every cell, and Home and Down
    after every row."""
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        for keys in ("1", "", "3", "", "", "", "", "", "9"):
            term.send(keys)
            term.send_key("enter")
        board.wait_cell(2, 2, "9")
        assert [[board.number(r, c) for c in range(3)] for r in range(3)] == [
            ["1", "", "3"], ["", "", ""], ["", "", "9"]]
        assert board.is_cursor(2, 2)  # (it stays on the last cell)
        term.send("c")
        term.wait_text("Unique: exactly one solution")


def test_a_row_is_typed_as_a_page_writes_it_blanks_and_all(state: Path):
    """A row read off a page or a file is typed as it reads: `.` leaves a cell blank and
    goes on (clearing a number typed there by mistake), a space ends a number and goes on
    ("1 . 3" and "1.3" alike: the space cleared the 1, and the . right after it did too),
    0 then Enter leaves a blank without a word ("Nothing to clear." came after every one).
    A number typed twice is named by its cells, as the screen names them."""
    term = type_in(state, "3", "4")
    board = Board(term, 4)
    with term:
        term.send_key("right")
        term.send("7")  # (a slip at B1, left blank on the page)
        term.send_key("left")
        board.wait_cell(0, 1, "7")
        term.send("1 . . 12")  # row 1, spaces and all
        board.wait_cell(0, 3, "12")
        term.send(" 1.3.")  # row 2, no spaces between the numbers and the blanks
        board.wait_cell(1, 2, "3")
        term.send("0\r0\r. 9")  # row 3: two blanks, a dot, then 9 in the last cell
        board.wait_cell(2, 3, "9")
        assert [[board.number(r, c) for c in range(4)] for r in range(3)] == [
            ["1", "", "", "12"], ["1", "", "3", ""], ["", "", "", "9"]], term.dump()
        term.send(".")  # (right after the last cell's number: it stays, nothing follows)
        term.send_key("left")
        term.wait_for(lambda: board.is_cursor(2, 2), what="the cursor back on C3")
        assert board.number(2, 3) == "9"
        term.send_key("right")
        term.send(".")  # (on the last cell, a number ended before: blank)
        board.wait_cell(2, 3, "")
        term.send("c")
        term.wait_message("Not a puzzle yet: 1 appears twice, at A1 and A2. Retype the one "
                          "copied wrong.")
        board.click(1, 0)
        term.send("3")
        board.click(2, 0)
        term.send("3")
        term.send("c")
        term.wait_message("Not a puzzle yet: 3 appears 3 times, at A2, C2 and A3")


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C sent as a terminal sends it")
def test_a_puzzle_being_typed_in_is_kept_when_the_app_is_stopped(state: Path):
    """Ctrl-C in Type in ended the app at once and the numbers typed were gone, where `q`
    asks first. They are kept in a file in the state directory now, and said where, after
    the line a command stopped by Ctrl-C says (the app said nothing else); numbers
    let go by answering `q`'s question are not kept."""
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        for keys in ("1", "", "3"):
            term.send(keys)
            term.send_key("enter")
        board.wait_cell(0, 2, "3")
        term.send("\x03")
        assert term.wait_exit() == 130
        said = bytes(term.raw).decode(errors="replace")
    [kept] = (state / "numbrix-curses").glob("typed-*.txt")
    # (the stop said as the commands say it, then where the grid is)
    assert said.index("numbrix: interrupted") < said.index(
        f"numbrix: the puzzle being typed in is kept in {kept}")
    [puzzle] = read_puzzles(str(kept))
    assert puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 0]]
    # Type in offers it back (it offered nothing, and the file read as a puzzle to play),
    # the newest that reads (a file edited into anything else hid the ones before it)
    garbage = kept.with_name("typed-29991231-235959.txt")
    garbage.write_text("# id: typed\nxx yy\n")
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        term.send("t")
        # (the date in brackets whole on a line: "(2" kept with "Dec")
        term.wait_said("r: the 3x3 grid being typed in when the app stopped (")
        term.wait_match(r"\(\d{1,2} \w+ \d\d:\d\d\)")
        term.click_text("r Kept")
        term.wait_message("The grid typed in when the app stopped (")
        board = Board(term, 3)
        board.wait_cell(0, 0, "1")
        board.wait_cell(0, 2, "3")
        assert kept.exists()  # (until the grid is saved, let go or kept again)
        term.send("q")
        term.wait_text("Leave without saving this puzzle?")  # (it is not saved yet)
        term.send("y")
        term.wait_text("[q] Quit")
        assert not kept.exists()  # (let go: offered no more)
        quit_with_no_kept_grid_offered(term)
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        term.send("5")
        term.send_key("enter")
        board.wait_cell(0, 0, "5")
        term.send("q")
        term.wait_text("Leave without saving this puzzle?")
        term.send("y")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)
    assert list((state / "numbrix-curses").glob("typed-*.txt")) == [garbage]


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C sent as a terminal sends it")
def test_a_kept_grid_taken_back_is_never_lost(state: Path):
    """A kept grid taken back, emptied with u, and the app stopped: still offered (an empty
    grid keeps nothing, and the file was deleted as the grid was taken back: lost). Taken
    back and the app stopped again: kept once, anew."""
    folder = state / "numbrix-curses"
    folder.mkdir(parents=True)
    kept = folder / "typed-20261129-100000.txt"
    kept.write_text("# id: typed\n 1  .  1\n .  .  .\n")
    for emptied in (True, False):
        with start(app_command(), state) as term:
            term.wait_text("[q] Quit")
            term.send("t")
            term.wait_text("r Kept")
            term.send("r")
            Board(term, 3).wait_cell(0, 2, "1")
            if emptied:
                term.send("u")
                Board(term, 3).wait_cell(0, 0, "")
            term.send("\x03")
            assert term.wait_exit() == 130
        [now] = folder.glob("typed-*.txt")
        assert (now == kept) is emptied
    assert read_kept_grid_of(now) == [[1, 0, 1], [0, 0, 0]]


def test_a_kept_grid_with_a_number_past_64_bits_is_passed_over(state: Path):
    """A kept grid edited to hold a number too large for numpy ended the app with an
    internal error (exit 70) each time Type in was opened; it reads as no grid now."""
    folder = state / "numbrix-curses"
    folder.mkdir(parents=True)
    (folder / "typed-20261129-100000.txt").write_text(
        "# id: typed\n 1  99999999999999999999999\n .  .\n")
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        quit_with_no_kept_grid_offered(term)


def test_a_kept_grid_file_of_100_gb_is_passed_over_unread(state: Path):
    """A file of 100 GB (sparse) under a kept grid's name was read whole as Type in opened:
    the screen waited on it until memory ran out. No grid kept takes more than a few KB."""
    folder = state / "numbrix-curses"
    folder.mkdir(parents=True)
    with open(folder / "typed-20261129-100000.txt", "wb") as handle:
        handle.write(b"# id: typed\n 1  .  1\n .  .  .\n")
        handle.truncate(100 * 2**30)
    with start(app_command(), state) as term:
        term.wait_text("[q] Quit")
        quit_with_no_kept_grid_offered(term)


def quit_with_no_kept_grid_offered(term) -> None:
    """From the main menu: Type in offers no kept grid (no `r Kept` button); back, and quit."""
    term.send("t")
    term.wait_text("Size of the grid:")
    assert "r Kept" not in term.text
    term.send_key("escape")
    term.wait_text("[q] Quit")
    term.send("q")
    expect_exit(term)


def read_kept_grid_of(path: Path) -> list[list[int]]:
    from numbrix_curses.textformat import parse_grid_as_typed

    return parse_grid_as_typed(path.read_text())[0].tolist()


MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def test_a_typed_puzzle_played_unsaved_is_named_for_when_it_was_typed(state: Path):
    """Two typed puzzles were both "typed 3x3" in the title and the games list."""
    term = type_in(state, "3", "3")
    with term:
        enter_givens(term, Board(term, 3), [(0, 0, "1"), (0, 2, "3"), (2, 2, "9")])
        term.send("p")
        match = term.wait_match(r"Numbrix · typed (\d+) ([A-Z][a-z]+) (\d\d):(\d\d):(\d\d)")
        assert 1 <= int(match.group(1)) <= 31 and match.group(2) in MONTHS
        assert 0 <= int(match.group(3)) < 24 and 0 <= int(match.group(4)) < 60
        assert 0 <= int(match.group(5)) < 62  # (to the second: two typed in a minute differ)


def test_a_typed_puzzle_with_a_game_under_way_goes_on_under_the_game_s_name(state: Path,
                                                                           tmp_path: Path):
    """A puzzle typed in that has a game under way (one from a file) goes on with it under
    its name: it went on under "typed ...", which the games list then called it."""
    lone = tmp_path / "lone.txt"
    lone.write_text("# id: lone\n1 . 3\n. . .\n. . 9\n")
    with menu(state) as term:
        play_a_move_in_a_file(term, lone, "lone", "2")
        open_type_in_3x3(term)
        enter_givens(term, Board(term, 3), [(0, 0, "1"), (0, 2, "3"), (2, 2, "9")])
        term.send("p")
        term.wait_text("Numbrix · lone")
        term.wait_text("Welcome back: 1 move")
        term.send("q")
        term.wait_text("Your puzzle")
        term.send("v")  # (watched under that name too)
        term.wait_text("Watching the solver on lone")
        term.send("q")
        term.wait_text("Your puzzle")
        term.paste("# id: mine\n1 . 3\n. . .\n. . 9\n")  # (its game's name still)
        term.wait_text("The grid holds that puzzle already.")
        term.send("p")
        term.wait_text("Numbrix · lone")
        term.wait_text("Welcome back: 1 move")


def test_entry_reports_a_unique_puzzle_saves_it_and_plays_it(state: Path, tmp_path: Path):
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        enter_givens(term, board, [(0, 0, "1"), (0, 2, "3"), (2, 2, "9")])
        term.send("c")
        term.wait_text("Unique: exactly one solution")
        # graded beside the app, the grade then said, shown, and kept with the puzzle
        term.wait_text("graded easy. p plays it, e saves it.")
        term.wait_match(r"Check\s+unique, easy")
        term.send("\t")  # the one solution (not "another": there is none)
        term.wait_message("Showing the solution; Tab switches.")
        term.send("\t")
        term.wait_message("Showing the grid as typed")
        target = tmp_path / "mine.txt"
        term.send("e")
        term.wait_text("File to write")
        term.wait_text("numbrix-3x3.txt")  # a name is offered, selected: typing replaces it
        term.send(str(target) + "\r")
        term.wait_text("Saved to")
        [saved] = read_puzzles(str(target))
        assert saved.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]
        assert saved.metadata["difficulty"] == "easy"
        term.send("e")  # a second save offers the same file
        term.wait_text("File to write")
        term.wait_text(str(target))
        for _ in ".txt":
            term.send_key("left")  # an arrow keeps the name to edit
        term.send("2")
        term.wait_text(str(target)[:-4] + "2.txt")
        term.send_key("escape")
        term.wait_gone("File to write")
        term.send("p")
        term.wait_text("Numbrix · mine")  # named for the file it was saved to
        term.wait_text("Placed  3 of 9")
        enter_givens(term, Board(term, 3), [(0, 1, "2"), (1, 2, "4"), (1, 1, "5"), (1, 0, "6"),
                                            (2, 0, "7"), (2, 1, "8")])
        term.wait_text("Solved in")
        term.send("q")
        term.wait_text("Your puzzle")
        term.send("q")
        term.wait_text("[s] Statistics")
        term.send("s")
        term.wait_match(r"3x3\s+easy\s+1\s+1")  # counted by its grade, not as "-"


def test_a_puzzle_in_play_is_saved_to_a_file_without_the_numbers_played(
    state: Path, demo: Path, tmp_path: Path
):
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    target = tmp_path / "kept.txt"
    target.write_text("old")
    with term:
        wait_play(term)
        board.click(0, 1)
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send("e")
        term.wait_text("File to write")
        term.wait_text("demo.txt")  # named after the puzzle's id, selected
        term.send("nodir/kept.txt\r")  # a folder that is not there is named
        # (the folder is the one the app started in, which may be long enough to wrap)
        term.wait_for(lambda: re.search(r"Could not write nodir/kept\.txt: there is no folder "
                                        r"/.*nodir", term.flowing_text()), what="no folder")
        term.send("\x15")  # Ctrl-U: the error was about the path as it stood
        term.wait_gone("Could not write")
        # a pipe (or a device) is no file to replace: "Replace it?" and y made it one
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        term.send(f"{fifo}\r")
        term.wait_said("not a regular file; give the name of a file to write")
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)
        term.send("\x15")
        term.send("newdir/\r")  # a folder meant, not a file "newdir"
        term.wait_text("names a directory")
        term.send("\x15")
        term.send(str(target) + "\r")
        term.wait_said("exists. Replace it?")  # a file is not replaced unasked
        term.send("n")  # kept; the name is selected again, so typing replaces it whole
        term.wait_said("is kept: type another name")
        assert target.read_text() == "old"
        term.send(str(target) + "\r")  # (had it been added to the old name: no such folder)
        term.wait_said("exists. Replace it?")
        term.send("y")
        term.wait_text("Saved the puzzle to")  # (the path, long here, wraps)
        assert board.number(0, 1) == "3"  # the game goes on as it was
        # a folder alone takes the name offered ("is a directory" had it typed again)
        term.send("e")
        term.wait_text("File to write")
        term.send(str(tmp_path) + "\r")
        term.wait_for(lambda: (tmp_path / "demo.txt").exists(), what="demo.txt in the folder")
    [saved] = read_puzzles(str(target))
    assert saved.givens.tolist() == GIVENS and saved.id == "demo"
    [saved] = read_puzzles(str(tmp_path / "demo.txt"))
    assert saved.givens.tolist() == GIVENS


def test_entry_reports_several_solutions_and_shows_where_they_differ(state: Path):
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        enter_givens(term, board, [(0, 0, "1"), (2, 2, "9")])
        term.send("c")
        term.wait_text("Not unique")
        # A second solution is on the board, the differing cells flagged.
        assert all(board.number(r, c) for r in range(3) for c in range(3)), term.dump()
        flagged = [(r, c) for r in range(3) for c in range(3) if board.text(r, c).startswith("*")]
        assert len(flagged) >= 2
        shown = [[board.number(r, c) for c in range(3)] for r in range(3)]
        term.wait_message("Shown: one, the")
        term.send("\t")  # the other solution, named as the verdict named it
        term.wait_message("Showing another solution; Tab switches.")
        other = [[board.number(r, c) for c in range(3)] for r in range(3)]
        assert other != shown
        assert all(shown[r][c] == other[r][c] for r in range(3) for c in range(3)
                   if (r, c) not in flagged)
        term.send("\t")
        term.wait_message("Showing the grid as typed")
        term.send("\t")  # back to the solution shown first, under the same name
        term.wait_message("Showing one solution (the marked cells differ in another)")
        assert [[board.number(r, c) for c in range(3)] for r in range(3)] == shown


def test_entry_verdict_on_a_short_screen_is_read_whole(state: Path):
    """At 50x16 the verdict had one line under the 5x5 board, cut after "Showing one of"."""
    term = type_in(state, "5", "5", screen=(16, 50))
    with term:
        term.send("1")  # at A1, where the cursor starts
        for _ in range(4):
            term.send_key("right")
        term.send("9")  # at E1
        term.wait_text("2 givens")
        term.send("c")
        term.wait_text("Not unique")
        term.wait_for(lambda: "cells differ" in term.flowing_text(), what="the verdict whole")
        assert "..." not in term.text, term.dump()


#: a 9x9 newspaper puzzle copied with a slip: the 43 at G5 read as 34 (on the wrong colour)
SLIP_9X9 = """\
15  .  .  .  .  .  . 66  .
 .  .  .  .  4  .  .  .  .
17  .  .  8  .  .  .  .  .
 .  .  .  .  .  . 72 71  .
 .  . 23  .  .  . 34  .  .
30  .  .  . 40 47  .  .  .
 .  .  .  .  .  .  .  .  .
 . 27  .  . 38  .  .  . 54
 .  .  .  .  .  .  .  .  .
"""


def test_entry_verdict_beside_the_board_is_read_whole(state: Path):
    """At 80x24 (a side panel) the verdict had four rows and ended "with an o...", so the
    player never read which given to look at; it takes the rows of the keys now, all but
    the line with help and leaving."""
    term = menu(state)
    with term:
        term.paste(SLIP_9X9)
        term.wait_text("No solution")
        term.wait_message("It can be solved without the 34 at G5 (marked ?), and has exactly one solution "
                          "with 43 there, or with it at B9: check that number.")
        assert "..." not in term.text, term.dump()
        assert "help    F1 H    back    q" in term.text
        term.send("4")  # (a key ends the verdict: the keys are back)
        term.wait_text("Keys")


def test_play_verdict_beside_the_board_is_read_whole(tmp_path: Path, state: Path):
    path = tmp_path / "slip.txt"
    path.write_text("# id: slip\n" + SLIP_9X9)
    with start(play_command(str(path)), state) as term:
        term.wait_message("It is solvable without the 34 at G5 (exactly one solution with 43 "
                          "there, or with it at B9): it was likely copied wrong there.")
        assert "..." not in term.text, term.dump()
        assert "help    F1 H    quit    q" in term.text
        term.send("q")
        assert term.wait_exit() == 0


def test_entry_reports_no_solution(state: Path):
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        enter_givens(term, board, [(0, 1, "1")])  # 1 on the wrong checkerboard colour
        term.send("c")
        term.wait_text("No solution")
        term.send("u")
        board.wait_cell(0, 1, "")
        enter_givens(term, board, [(0, 0, "1"), (2, 2, "2")])  # too far apart
        term.send("c")
        term.wait_text("No solution")
        assert board.text(2, 2).startswith("!")


def test_entry_marks_the_given_copied_wrong_when_there_is_no_solution(state: Path):
    """Givens of a 5x5 serpentine typed in with its 18 misread as 16: no two givens clash,
    but the check finds no solution, then marks the one given without which there is one;
    fixing it checks unique."""
    term = type_in(state, "5", "5")
    board = Board(term, 4)
    with term:
        enter_givens(term, board, [(0, 0, "1"), (0, 1, "2"), (0, 4, "5"), (1, 0, "10"),
                                   (1, 1, "9"), (1, 3, "7"), (1, 4, "6"), (2, 3, "14"),
                                   (3, 1, "19"), (3, 2, "16"), (4, 4, "25")])
        term.send("c")
        term.wait_message("It can be solved without the 16 at C4 (marked ?), and has exactly one solution "
            "with 18 there, or with it at E4: check that number.")
        assert board.text(3, 2).startswith("?"), term.dump()
        assert [(r, c) for r in range(5) for c in range(5)
                if board.text(r, c).startswith("?")] == [(3, 2)]
        board.click(3, 2)
        term.send("18")
        board.wait_cell(3, 2, "18")
        assert not board.text(3, 2).startswith("?")  # (the marks were for the grid checked)
        term.send("c")
        term.wait_text("Unique: exactly one solution")


def test_entry_says_the_swap_that_mends_two_givens_and_marks_both(state: Path):
    """The newspaper 9x9 pasted with its 54 and 56 in each other's cells: without the 56
    alone it can be solved, but the message says the swap that gives exactly one solution,
    and marks the 54 as well; typing the two back checks unique."""
    swapped = NEWSPAPER_9X9.replace(" . 54  .\n", " . 56  .\n").replace("  . 56\n", "  . 54\n", 1)
    term = start(app_command(), state, rows=30, cols=100)
    board = Board(term, 4)
    with term:
        term.wait_text("[q] Quit")
        term.paste(swapped)
        term.wait_text("No solution")
        term.wait_message("It can be solved without the 56 at H1 (marked ?), and has exactly "
                          "one solution with it and the 54 at I2 swapped, or with")
        assert [(r, c) for r in range(9) for c in range(9)
                if board.text(r, c).startswith("?")] == [(0, 7), (1, 8)], term.dump()
        board.click(0, 7)
        term.send("54")
        board.wait_cell(0, 7, "54")
        board.click(1, 8)
        term.send("56")
        board.wait_cell(1, 8, "56")
        term.send("c")
        term.wait_text("Unique: exactly one solution")


def test_entry_turns_back_two_givens_typed_with_digits_turned_round(state: Path):
    """An 8x8 pasted with its 21 typed as 12 and its 26 as 62: no one given taken away nor
    two swapped mends it, so the message names the two put right at once and marks both;
    f makes that change and the grid checks unique."""
    term = start(app_command(), state, rows=30, cols=100)
    board = Board(term, 4)
    with term:
        term.wait_text("[q] Quit")
        term.paste(TWO_TURNED_8X8)
        term.wait_text("No solution")
        term.wait_message("No single given taken away, nor two swapped, makes it solvable, but "
                          "it has exactly one solution with 21 for the 12 at C5 and 26 for the "
                          "62 at D3 (marked ?): check those numbers. f: put 21 at C5 and 26 at "
                          "D3.", 15)
        assert [(r, c) for r in range(8) for c in range(8)
                if board.text(r, c).startswith("?")] == [(2, 3), (4, 2)], term.dump()
        term.send("f")
        term.wait_message("Unique: exactly one solution")
        assert (board.number(4, 2), board.number(2, 3)) == ("21", "26")
        term.wait_message("Made the change: put 21 at C5 and 26 at D3 (u takes it back).")


def test_play_names_two_givens_typed_with_digits_turned_round(tmp_path: Path, state: Path):
    path = tmp_path / "twice.txt"
    path.write_text("# id: twice\n" + TWO_TURNED_8X8)
    with start(play_command(str(path)), state, rows=30, cols=100) as term:
        term.wait_message("It has exactly one solution with 21 for the 12 at C5 and 26 for the "
                          "62 at D3: two numbers were likely copied wrong.", 15)
        term.send("q")
        assert term.wait_exit() == 0


def test_entry_with_givens_that_clash_still_checks_and_names_the_slip(state: Path):
    """A 5x5 serpentine typed in with its 5 misread as 2: the 1 and the 2 clash at once
    (too far apart). They were marked, with the status saying "not checked", and the look
    for the given copied wrong never ran."""
    term = type_in(state, "5", "5")
    board = Board(term, 4)
    with term:
        enter_givens(term, board, [(0, 0, "1"), (0, 4, "2"), (1, 0, "10"), (2, 2, "13"),
                                   (3, 3, "17"), (4, 0, "21"), (4, 4, "25")])
        term.send("c")
        term.wait_text("no solution")  # the status
        term.wait_message("It can be solved without the 2 at E1 (marked ?), and has exactly one solution "
                          "with 5 there, or with it at B1: check that number.",
                          timeout=15)
        assert [(r, c) for r in range(5) for c in range(5)
                if board.text(r, c).startswith(("?", "!"))] == [(0, 4)], term.dump()
        assert "not checked" not in term.text


def test_watch_the_solver_from_the_entry_screen(state: Path):
    term = type_in(state, "3", "3")
    board = Board(term, 3)
    with term:
        enter_givens(term, board, [(0, 0, "1"), (0, 2, "3"), (2, 2, "9")])
        term.send("z")  # not a key of this screen: it says so
        term.wait_text("z does nothing here")
        term.send("v")
        term.wait_text("Watching the solver")
        term.send_key("enter")  # to the end
        term.wait_text("Done: unique solution")
        assert [board.number(1, c) for c in range(3)] == ["6", "5", "4"]
        # nine cells placed, the givens too: the solution found is no tenth step
        term.wait_match(r"Step\s+9 of 9\b")
        term.wait_message("Done: unique solution, 9 steps in")
        term.send("q")
        term.wait_text("Givens")


def test_the_first_hint_asks_as_it_costs_the_best_time_and_later_ones_do_not(state: Path,
                                                                            demo: Path):
    """A hint costs the game its best time, as auto-fill, a reveal and watching do; those
    asked first and the hint did not. No leaves the game unhelped; once helped, `?` no
    longer asks."""
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        term.send("?")
        term.wait_text("Take a hint?")
        assert "earns no best time" in term.text
        term.send("n")
        term.wait_gone("Take a hint?")
        assert not re.search(r"\d hints?\b", term.text), term.dump()  # (none counted)
        assert "must go at" not in term.text  # (no hint shown)
        first_hint(term)
        term.wait_message("must go at C1")
        term.wait_match(r"1 hint")
        term.send("?")  # places it, unasked
        term.wait_message("Placed")
        term.send("?")  # the next hint: the game has no best time left to lose
        term.wait_message("? again places it.")
        assert "Take a hint?" not in term.text
        term.wait_match(r"2 hints")


def test_after_a_hint_watch_and_reveal_do_not_speak_of_a_best_time_to_lose(state: Path,
                                                                            demo: Path):
    """After a hint the game earns no best time; v and S still said they would cost it
    (auto-fill, rightly, did not ask at all)."""
    with start(play_command(str(demo)), state) as term:
        wait_play(term)
        first_hint(term)
        term.wait_match(r"1 hint")
        term.send("v")
        term.wait_text("Watch the solver solve it?")
        term.wait_text("It shows the solution.")
        assert "best time" not in term.text
        term.send("n")
        term.wait_gone("Watch the solver solve it?")
        term.send("S")
        term.wait_text("Reveal the solution?")
        term.wait_text("u takes it back.")
        assert "best time" not in term.text


def test_watching_the_solver_asks_first_and_the_solve_then_earns_no_best_time(state: Path,
                                                                               demo: Path):
    """The replay ends on the whole solution: a solve after it set a best time."""
    term = start(play_command(str(demo), "--menu"), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send("v")
        term.wait_text("It shows the solution: the game then earns no best time.")
        term.send("n")  # no: nothing shown, nothing lost
        term.wait_gone("Watch the solver solve it?")
        assert "Watching" not in term.text
        term.send("v")
        term.wait_text("Watch the solver solve it?")
        term.send("y")
        term.wait_text("Watching the solver on demo")
        term.send_key("enter")
        term.wait_text("Done: unique solution")
        term.send("q")
        wait_play(term)
        term.send("v")  # shown already: no question again
        term.wait_text("Watching the solver on demo")
        term.send("q")
        wait_play(term)
        solve_the_demo(term, board)
        term.wait_text("Solved in")
        term.wait_message("(no best time: the solution was shown)")
        term.send("q")
        term.wait_text("[s] Statistics")
        term.send("s")
        term.wait_match(r"4x4\s+\S+\s+1\s+1\s+-\s+-")  # a solve, and no best time


def test_watching_a_puzzle_with_several_solutions_is_asked_of_as_such(tmp_path: Path,
                                                                     state: Path):
    """The question said "It shows the solution" of a puzzle that has several."""
    path = tmp_path / "open.txt"
    path.write_text("# id: open\n1 . .\n. . .\n. . .\n")
    with start(play_command(str(path)), state) as term:
        wait_play(term)
        term.wait_message("more than one solution")  # (the verdict known)
        term.send("v")
        term.wait_in_box("It shows one of its solutions: the game then earns no best time.")


def test_the_replay_of_a_puzzle_with_no_solution_ends_saying_why(tmp_path: Path, state: Path):
    """It ended "Done: no solution, 0 steps in under 0.01 s.", which explains nothing."""
    path = tmp_path / "apart.txt"
    path.write_text("# id: apart\n1 . .\n. . .\n. . 2\n")
    with start(play_command(str(path)), state) as term:
        wait_play(term)
        term.send("v")  # (no question: there is no solution to give away)
        term.wait_message("Done: no solution (1 and 2 are given but not next to each other)")


def watching_the_demo(state: Path, demo: Path) -> Terminal:
    """The demo puzzle played, and v agreed to: the solver's replay under way."""
    term = start(play_command(str(demo)), state)
    try:
        wait_play(term)
        term.send("v")
        term.wait_text("Watch the solver solve it?")
        term.send("y")
        term.wait_text("Watching the solver on demo")
    except BaseException:
        term.close()
        raise
    return term


def test_watching_the_solver_says_a_letter_does_nothing(state: Path, demo: Path):
    """A letter or digit that means nothing to the replay is said to do nothing until the next key,
    as in play; the replay went on (or, over, stood still) without a word. Over, the
    verdict stays, the note after it, as play keeps its solved line (the note took its
    place); and a key that ran the replay says Home plays it again (it did nothing
    without a word)."""
    with watching_the_demo(state, demo) as term:
        term.send_key("enter")
        term.wait_text("Done: unique solution")
        term.send("x")
        term.wait_message("x does nothing here.")
        said = term.flowing_text(term.panel_left())
        assert said.index("Done: unique solution") < said.index("x does nothing here."), \
            term.dump()
        term.send_key("down")  # (the next key: the verdict alone)
        term.wait_gone("does nothing")
        term.wait_text("Done: unique solution")
        term.send("4")  # (a digit too: it stood still without a word)
        term.wait_message("4 does nothing here.")
        term.send("\t")  # (so did Tab)
        term.wait_message("Tab does nothing here.")
        term.send(" ")  # (pause, which ran the replay: nothing left to run)
        term.wait_message("Home plays it again.")
        term.wait_gone("does nothing")
        assert "Done: unique solution" in term.text, term.dump()
        term.send_key("home")
        term.wait_gone("Home plays it again.")
        term.send("q")
        wait_play(term)


def test_a_key_after_the_replay_is_said_on_the_smallest_screen(state: Path, demo: Path):
    """At 26x11 the verdict and the note after it do not fit the bar's message rows: the
    note is said there alone (cut off after the verdict, the key seemed to do nothing),
    and the status line over it says the verdict (it said "25 of 25 · 50 steps/s", the
    verdict hidden while the note showed)."""
    with start(play_command(str(demo)), state, rows=11, cols=26) as term:
        term.wait_text("q quit")
        term.send("v")
        term.wait_text("Watch the solver")
        term.send("y")
        term.wait_text("Solver")
        term.send_key("enter")
        term.wait_text("Home start")
        term.send("x")
        term.wait_text("x does nothing here.")
        assert "unique solution" in term.text, term.dump()
        term.send(" ")
        term.wait_text("Home plays it again.")
        assert "unique solution" in term.text, term.dump()
        term.send("q")
        term.wait_text("q quit")


def test_watch_the_solver_from_the_play_screen_step_by_step(state: Path, demo: Path):
    with watching_the_demo(state, demo) as term:
        assert "scroll" not in term.text  # the whole board shows: no scroll keys to name
        term.send(" ")  # pause
        term.wait_text("paused")
        term.send("-")
        term.wait_text("20 steps/s")
        term.send("+")
        term.send("+")
        term.wait_text("100 steps/s")
        term.send_key("enter")
        term.wait_text("Done: unique solution")
        term.wait_match(r"Time\s+(\d+\.\d\d|under 0\.01) s")
        # over, the replay offers only what still does something: again, and back
        term.wait_gone("faster")
        assert "Enter" not in term.text and "space" not in term.text
        assert re.search(r"start\s+Home", term.text) and re.search(r"back\s+q", term.text)
        term.send_key("home")
        term.wait_text("faster")
        term.send("q")
        wait_play(term)


# ----- new puzzle -------------------------------------------------------------------------------
def test_new_puzzle_screen(state: Path):
    with menu(state) as term:
        term.send("n")
        term.wait_text("Choose the puzzle to make:")
        term.send_key("right")  # size 8
        term.send_key("down")
        term.send_key("right")  # medium
        term.wait_text("medium")
        term.send_key("left")  # easy
        term.send_key("up")
        term.send_key("left")
        term.send_key("left")
        term.send_key("left")  # size 5
        term.click_text("Enter generate")  # (the footer's Enter is a button, as the form's)
        term.wait_text("Placed", timeout=30)
        term.wait_text("5x5")


def test_the_new_puzzle_prompt_speaks_of_the_whole_form(state: Path):
    """The prompt said "Pick a size and a difficulty:" over a form of four fields, shape
    and givens too: it speaks of the puzzle the form makes, the fields naming themselves."""
    with menu(state) as term:
        term.send("n")
        term.wait_text("Givens")
        prompt = term.find("Choose the puzzle to make:")
        assert prompt is not None, term.dump()
        labels = [line[prompt[1]:].split()[0] for line in term.lines[prompt[0] + 1:]
                  if line[prompt[1]:].strip() and "<" in line]
        assert labels == ["Size", "Difficulty", "Shape", "Givens"], term.dump()
        assert "difficulty:" not in term.text.lower()


def new_puzzle_form(state: Path) -> Terminal:
    """The app at the New puzzle form."""
    term = menu(state)
    term.send("n")
    term.wait_text("Choose the puzzle to make:")
    return term


def test_the_new_puzzle_form_s_enter_button_shows_on_a_narrow_screen(state: Path):
    """Its footer, 58 columns wide, was left out whole at 60x20 and 40x12, and its Enter
    button with it."""
    with start(app_command(), state, rows=12, cols=40) as term:
        term.wait_text("[q] Quit")
        term.send("n")
        term.wait_text("Enter generate")
        assert "left/right" not in term.lines[-1], term.dump()  # (the rest gave way)
        term.click_text("Enter generate")
        term.wait_match(r"7x7 · \d+/49", timeout=60)  # (the game, under the board at 40x12)


def test_keys_under_the_too_small_notice_of_new_puzzle_do_nothing_but_q(state: Path):
    """Right pressed under the "Terminal too small" notice made the hidden size one larger,
    and g generated a puzzle nobody had seen the form of."""
    with new_puzzle_form(state) as term:
        term.wait_text("7x7")
        term.resize(8, 30)
        term.wait_text("small")
        term.send_key("right")
        term.send("g")
        term.send("q")  # as the notice says (and, read after them, a sign the keys are read)
        term.wait_text("least 25 columns")  # the menu's notice, not the form's
        term.resize(24, 80)
        term.wait_text("[n] New puzzle")
        assert "Placed" not in term.text  # no game was generated and opened


def test_the_new_puzzle_form_ignores_keys_while_it_is_too_small_to_show(tmp_path: Path):
    from numbrix_curses.ui.actions import Command, Digit, Hotkey, MoveCursor
    from numbrix_curses.ui.newpuzzle import NewPuzzleScreen
    from numbrix_curses.ui.screen import AppContext, Pop

    screen = NewPuzzleScreen(AppContext(Store(tmp_path)))
    screen.too_small = True  # (as `draw` leaves it when the notice was shown instead)
    before = [field.index for field in screen.form.fields]
    for action in (MoveCursor(0, 1), MoveCursor(1, 0), Digit(5), Hotkey("g")):
        assert screen.handle(action) is None
    assert [field.index for field in screen.form.fields] == before and screen.job is None
    assert isinstance(screen.handle(Command.BACK), Pop)
    screen.too_small = False
    screen.handle(MoveCursor(0, 1))
    assert screen.form.fields[0].index == before[0] + 1


def test_a_new_puzzle_may_be_wide(state: Path):
    with new_puzzle_form(state) as term:
        term.wait_text("7x7")
        term.send("6")  # size 6
        term.wait_text("6x6")
        term.send_key("down")
        term.send_key("down")
        term.send_key("right")  # wide: a third more columns
        term.wait_text("wide")
        term.wait_text("6x8")
        term.send("g")
        term.wait_text("Placed", timeout=30)
        term.wait_match(r"Size +6x8\b")
        term.send("q")  # back to the menu, and New puzzle again: the form is as it was left
        term.wait_text("[n] New puzzle")
        term.send("n")
        term.wait_text("Choose the puzzle to make:")
        term.wait_text("6x8")
        assert "wide" in term.text


def test_a_new_puzzle_may_have_its_givens_placed_symmetrically(state: Path):
    with new_puzzle_form(state) as term:
        term.send("5")
        for _ in range(3):
            term.send_key("down")
        term.send_key("right")
        term.wait_text("symmetric")
        term.send("g")
        term.wait_match(r"Numbrix · 5x5-easy-symmetric-\d+", timeout=30)
        board = Board(term, 4)
        board.wait_shown()
        given = {(r, c) for r in range(5) for c in range(5) if board.number(r, c)}
        assert given and given == {(4 - r, 4 - c) for r, c in given}, term.dump()


def test_g_in_play_makes_another_puzzle_like_the_one_played(state: Path, demo: Path):
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        board.click(0, 1)
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send("g")  # a game under way: asked first
        # (of the demo's grade once graded, which its file does not say: else medium)
        term.wait_match(r"Leave this game for a new 4x4 (easy|medium) puzzle\?")
        term.send("n")
        term.wait_gone("Leave this game")
        for row, col, number in ((0, 2, "2"), (1, 2, "15"), (2, 1, "13"), (2, 2, "12")):
            board.click(row, col)
            term.send(number)
        term.wait_text("Solved in")
        term.send("g")  # solved: at once
        term.wait_match(r"Numbrix · 4x4-(easy|medium)-\d+")
        term.wait_text("Placed")
        assert "demo" not in term.lines[0]


def test_g_on_a_board_too_large_to_make_here_says_what_makes_one(state: Path, tmp_path: Path):
    """On a board too large for it, g said "3x3 to 15x20" (the menu: "5x5 to 15x20") and
    sent the player to a menu `numbrix play FILE` does not have."""
    path = tmp_path / "big.txt"
    path.write_text("\n".join(" ".join(["1"] + ["."] * 24) if r == 0 else " ".join(["."] * 25)
                              for r in range(25)) + "\n")
    with start(play_command(str(path)), state, rows=40, cols=140) as term:
        term.wait_for(lambda: term.find("┘") is not None, what="the board")
        term.send("g")
        term.wait_message("g makes puzzles of up to 540 cells (20x27) here; numbrix generate "
                          "--size 25x25 makes larger ones.")


def test_new_puzzle_generation_can_be_cancelled(state: Path):
    with new_puzzle_form(state) as term:
        for _ in range(15):
            term.send_key("right")  # 20x20, the largest (a few seconds to make)
        term.send("g")
        # what is being made, in the form's words (the usual random givens not named)
        term.wait_text("Generating a 20x20 easy puzzle...")
        term.send_key("escape")
        term.wait_text("Cancelled.")
        assert "Choose the puzzle to make:" in term.text


# ----- terminals ---------------------------------------------------------------------------
@pytest.mark.parametrize("term_name", ["xterm", "screen-256color", "linux"])
def test_other_terminal_types(state: Path, demo: Path, term_name: str):
    term = start(play_command(str(demo)), state, TERM=term_name)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send_key("right")
        term.send("2")
        board.wait_cell(0, 2, "2")
        if term_name != "linux":  # the console's mouse goes through gpm, not the tty
            board.click(2, 1)
            term.send("1")
            term.send("3")
            board.wait_cell(2, 1, "13")
        term.send("q")
        expect_exit(term)


@pytest.mark.parametrize("term_name", ["xterm-256color", "screen", "tmux-256color"])
def test_a_path_is_drawn_by_dragging_and_with_shift_arrows(state: Path, demo: Path, term_name):
    """xterm reports a drag in SGR form, GNU screen and tmux in X10 form: all draw."""
    term = start(play_command(str(demo)), state, TERM=term_name)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.wait_text("Shift-arrows, drag")
        assert b"\x1b[?1002h" in bytes(term.raw)  # drags asked for
        board.drag([(0, 3), (0, 2), (0, 1)])  # from the 1: 2, then 3
        board.wait_cell(0, 1, "3")
        assert board.number(0, 2) == "2"
        board.drag([(0, 1), (0, 2)])  # back over the 3: it goes
        board.wait_cell(0, 1, "")
        term.wait_for(lambda: board.is_cursor(0, 2), what="the cursor on the 2")
        term.send_key("shift-left")  # (read whole on screen, whose description lacks it)
        board.wait_cell(0, 1, "3")
        # the second drag took the 3 back, and its button coming up ended its move:
        # Shift-left drew it again as a move of its own (it was merged into the drag's,
        # and one u took back both)
        term.wait_text("Moves   3")
        term.send("u")
        board.wait_cell(0, 1, "")
        term.send("u")  # the second drag's
        board.wait_cell(0, 1, "3")
        term.send("u")  # the first drag's, a stroke of two numbers
        board.wait_cell(0, 1, "")
        board.wait_cell(0, 2, "")
        term.send("r")
        # from the 16 down through the given 14 and on: the last two numbers solve it
        board.drag([(1, 3), (1, 2), (1, 1), (2, 1), (2, 2)])
        term.wait_text("Solved")
        assert [board.number(2, c) for c in range(3)] == ["6", "13", "12"]
        term.send("q")
        expect_exit(term)
        raw = bytes(term.raw)
        assert raw.rfind(b"\x1b[?1002l") > raw.rfind(b"\x1b[?1002h")  # and no longer


def test_a_drag_onto_a_number_that_does_not_follow_says_where_it_goes_on_from(state: Path,
                                                                              demo: Path):
    """A drag that stepped onto a given not next in line (3 onto 14) went on from that
    given without a word, and the player found 15 where they meant 4."""
    term = start(play_command(str(demo)), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        board.drag([(0, 3), (0, 2), (0, 1), (1, 1), (1, 2)])  # 1, 2, 3, onto 14, then 15
        board.wait_cell(1, 2, "15")
        term.wait_message("14 does not follow 3: the path goes on from 14.")
        assert board.number(0, 1) == "3"
        term.send("u")  # (said while the stroke goes on)
        board.wait_cell(1, 2, "")
        term.wait_gone("does not follow")
        assert [board.number(0, c) for c in range(4)] == ["4", "", "", "1"]  # the stroke
        board.drag([(0, 3), (0, 2), (0, 1), (0, 0)])  # onto the given 4, which follows
        term.wait_for(lambda: board.is_cursor(0, 0), what="the cursor on the 4")
        assert board.number(0, 1) == "3"
        assert "does not follow" not in term.text
        term.send("q")
        expect_exit(term)


def test_a_drag_near_the_edge_of_a_scrolled_view_draws_under_the_pointer(
    state: Path, tmp_path: Path
):
    """A 20x20 board shows 18 rows on 80x25, with the rulers. Drawing keeps the view still while the path
    stays in it, so the cells drawn are the ones under the pointer; drawn out of it (with
    Shift-Down), the path takes the view along."""
    from brute import grid_of, serpentine
    from numbrix_curses.textformat import format_compact

    solution = grid_of(20, 20, serpentine(20, 20))  # row 16 runs left to right: 321-340
    givens = np.where(solution % 9 == 0, solution, 0)
    givens[16, 6] = 327
    source = tmp_path / "big.txt"
    source.write_text(format_compact(Puzzle(givens.astype(np.int16))))
    term = start(play_command(str(source)), state, rows=25)
    with term:
        term.wait_text("rows 1-18")
        term.wait_text("quit")
        row = next(r for r, line in enumerate(term.lines) if " 327 " in line)
        col = term.lines[row].index(" 327 ") + 2
        term.drag([(row, col), (row + 1, col), (row + 1, col + 5)])  # down, then right
        term.wait_for(lambda: " 328  329 " in term.lines[row + 1], what="328 and 329 drawn")
        assert "rows 1-18" in term.lines[0]  # the view stayed
        term.send_key("shift-down")  # out of view: 330 below the 329, and the view follows
        term.wait_match(r"rows [2-9]-(19|20)")
        assert any(" 330 " in line for line in term.lines)
        term.send("q")
        expect_exit(term)


def test_a_drag_onto_the_edge_of_a_scrolled_view_draws_on_into_the_board_out_of_sight(
    state: Path, tmp_path: Path
):
    """Drawing from the last row in view onto the frame under it did nothing: the path
    could go on past the edge only with Shift-arrows. The dashed edge now stands for the
    cells past it: the path goes on into them, and the view scrolls to show them."""
    from brute import grid_of, serpentine
    from numbrix_curses.textformat import format_compact

    solution = grid_of(20, 20, serpentine(20, 20))  # row 17 runs right to left: 360-341
    givens = np.where(solution % 9 == 0, solution, 0)
    givens[17, 6] = 354  # in the last row in view
    source = tmp_path / "big.txt"
    source.write_text(format_compact(Puzzle(givens.astype(np.int16))))
    term = start(play_command(str(source)), state, rows=25)
    with term:
        term.wait_text("rows 1-18")
        term.wait_text("quit")
        row = next(r for r, line in enumerate(term.lines) if " 354 " in line)
        col = term.lines[row].index(" 354 ") + 2
        assert "┄" in term.lines[row + 1]  # the frame's edge, dashed: more board below
        term.drag([(row, col), (row + 1, col)])
        term.wait_match(r"rows [2-9]-(19|20)")  # the view went along
        term.wait_for(lambda: any(" 355 " in line for line in term.lines), what="355 drawn")
        at = next(r for r, line in enumerate(term.lines) if " 355 " in line)
        assert term.lines[at - 1].index(" 354 ") == term.lines[at].index(" 355 ")  # under it
        term.send("q")
        expect_exit(term)


def test_the_first_game_ever_says_how_to_play_until_the_first_key_past_looking_round(
    state: Path, demo: Path, tmp_path: Path
):
    """The tip goes at the first key that does more than move the cursor: it went at the
    first arrow, and a newcomer looking round the board lost the only words of the rule."""
    term = start(play_command(str(demo)), state)
    with term:
        wait_play(term)
        term.wait_message("Fill in 1 to 16 so that each number is next to the one before it")
        term.wait_message("or drag from a number to draw the path.")
        term.send_key("right")
        Board(term, 4).click(0, 1)  # (a click on a cell: the cursor there, no more)
        term.wait_text("Cell    B1")
        assert "Fill in 1 to 16" in term.flowing_text()
        term.send("3")  # a move: the game is saved
        term.wait_gone("Fill in 1 to 16")
        term.send("q")
        expect_exit(term)
    other = tmp_path / "other.txt"
    other.write_text(DEMO_TEXT.replace("# id: demo", "# id: other").replace("8 9 10", "8 . 10"))
    term = start(play_command(str(other)), state)  # someone who has played before
    with term:
        wait_play(term)
        term.wait_text("Placed  10 of 16")
        assert "Fill in" not in term.text
        term.send("q")
        expect_exit(term)


def test_a_solve_shows_in_the_statistics(state: Path, demo: Path):
    term = start(play_command(str(demo), "--menu"), state)
    board = Board(term, 4)
    with term:
        wait_play(term)
        # The file says no difficulty: the puzzle is graded beside the game, and shown.
        term.wait_match(r"Size\s+4x4  easy")
        solve_the_demo(term, board)
        term.wait_text("Solved in")
        term.send("q")
        term.wait_text("[s] Statistics")
        term.send("s")
        term.wait_text("1 puzzle solved; no game under way.")
        term.wait_match(r"4x4\s+easy\s+1\s+1\s+0:\d\d\s+0:\d\d")  # by its grade; best, typical
        # A narrow window keeps the size, difficulty, puzzles and best time, not a notice
        # that the terminal is too small.
        term.resize(24, 40)
        term.wait_match(r"Size\s+Difficulty\s+Puzzles\s+Best *\n")
        term.wait_match(r"4x4\s+easy\s+1\s+0:\d\d *\n")
        assert "too small" not in term.text
        term.send("q")
        term.wait_text("[s] Statistics")
        term.send("q")
        expect_exit(term)


def test_without_a_mouse_the_screens_do_not_mention_clicks(state: Path, demo: Path):
    with start(app_command(), state, TERM="vt100") as term:  # vt100 has no mouse
        term.wait_text("[q] Quit")
        assert "click" not in term.text
        term.send("q")
        expect_exit(term)
    with start(play_command(str(demo)), state, TERM="vt100") as term:
        wait_play(term)
        term.wait_text("quit")
        assert "click" not in term.text
        # the first game's tip names n, not the drag
        term.wait_message("Type into a cell, or press n in one beside a number")
        assert "drag" not in term.text


def test_no_command_opens_the_menu(state: Path):
    with menu(state) as term:
        assert "Numbrix" in term.lines[0]
        term.send("c")  # (no game to continue: said, not ignored)
        term.wait_text("No game under way: l, n or o starts one.")


def test_a_letter_of_nothing_is_said_to_be_so_in_the_menu_and_the_library(state: Path):
    """A letter that is no item of the menu, nor a key of the puzzle library, is said to do
    nothing, as on the board screens; both stood still without a word, as if the key were
    lost. The menu's items still take their letters."""
    with menu(state) as term:
        term.send("x")
        term.wait_text("x does nothing here; F1 or H lists the keys.")
        term.send("l")
        term.wait_text("Puzzle library")
        term.wait_gone("x does nothing here")
        term.send("z")
        term.wait_text("z does nothing here; F1 or H lists the keys.")
        term.send_key("down")  # (the next key takes the line away)
        term.wait_gone("z does nothing here")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_a_digit_of_nothing_is_said_to_be_so_in_the_menu_the_lists_help_and_statistics(
        state: Path, tmp_path: Path):
    """A digit means nothing on the menu, the lists (the library, a file's, Games under
    way), the help and the statistics: it is said to do nothing there, as a letter is; it
    stood still without a word, where a letter was answered."""
    from numbrix_curses.library import load_bundled

    for puzzle in load_bundled()[:2]:  # (two games: Games under way is on the menu)
        store(state).save_game(puzzle, Game(puzzle), puzzle.id, None)
    two = tmp_path / "two.txt"
    two.write_text(TWO_PUZZLES)
    with menu(state) as term:
        term.send("5")
        term.wait_text("5 does nothing here; F1 or H lists the keys.")
        for letter, title, digit in (("l", "Numbrix · Puzzle library", "7"),
                                     ("u", "Numbrix · Games under way", "0")):
            term.send(letter)
            term.wait_text(title)
            term.send(digit)
            term.wait_text(f"{digit} does nothing here; F1 or H lists the keys.")
            assert title in term.text, term.dump()  # (nothing chosen, nor left)
            term.send("q")
            term.wait_text("[q] Quit")
        term.send("o")
        term.wait_text("Path of a puzzle file:")
        term.send("\x15" + str(two) + "\r")
        term.wait_text("2 puzzles")
        term.send("1")
        term.wait_text("1 does nothing here; F1 or H lists the keys.")
        term.send("H")  # (the help and the statistics say it in their footers)
        term.wait_text("Numbrix · Help")
        term.send("2")
        term.wait_text("2 does nothing here")
        term.send("q")
        term.wait_text("2 puzzles")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("s")
        term.wait_text("No puzzle solved yet")
        term.send("9")
        term.wait_text("9 does nothing here")
        term.send("q")
        term.wait_text("[q] Quit")
        term.send("q")
        expect_exit(term)


def test_not_a_terminal_is_one_clear_line(state: Path, run_numbrix):
    result = run_numbrix()
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "terminal" in result.stderr and "Traceback" not in result.stderr


def test_closing_the_terminal_keeps_the_game(state: Path, demo: Path):
    import os

    term, board = demo_with_a_3(state, demo)
    try:
        pid = term.child.pid
        os.close(term.child.child_fd)  # the window is closed: the app gets SIGHUP
        term.child.closed = True
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) or os.WIFSIGNALED(status)
        term.child.terminated = True
    finally:
        term.eof = True
    saved = json.loads(store(state).game_path(Puzzle.from_rows(GIVENS)).read_text())
    assert saved["game"]["moves"] == [[1, 0, 3]]


#: a file of puzzles named in wide characters (CJK), each two columns on the screen, and
#: one named in ASCII
WIDE_NAMES = """# id: 東京の朝のパズル
# difficulty: easy
 .  .  .  .  .
 .  . 16  . 14
 .  6  . 18  .
 .  .  .  .  .
 1  2 23  . 25

# id: 大阪
# difficulty: 難しい
 .  . 25  .  .
16 19  .  .  .
 . 14  3  .  .
 .  .  4  .  .
 . 10  .  .  .

# id: plain-3
1 .
. .
"""


def test_names_in_wide_characters_are_centred_and_lined_up_by_their_columns(
        state: Path, tmp_path: Path):
    """A CJK name takes two columns a character: counted as one, a file's list put the
    columns after such a name out of line with the others', and the titles stood off
    centre, the more the longer the name. The prompt's cursor stood left of where typing
    went in."""
    path = tmp_path / "数独パズル集.txt"
    path.write_text(WIDE_NAMES, encoding="utf-8")

    def centred(row: int) -> None:
        first, last = term.row_span(row)
        assert abs(first - (term.screen.columns - 1 - last)) <= 1, term.dump()

    with start(app_command("play", str(path)), state, rows=24, cols=80) as term:
        term.wait_text("plain-3")
        rows = [term.find_column(name)[0] for name in ("東京", "大阪", "plain-3")]

        def column(text: str, row: int) -> int:
            return term.find_column(text, range(row, row + 1))[1]

        # the names start in one column, and so do the sizes and difficulties after them
        assert column("東京", rows[0]) == column("大阪", rows[1]) == column("plain", rows[2])
        assert column("5x5", rows[0]) == column("5x5", rows[1]) == column("2x2", rows[2]), \
            term.dump()
        assert column("easy", rows[0]) == column("難しい", rows[1]), term.dump()
        centred(0)
        term.send_key("enter")
        wait_play(term)
        assert term.find_column("東京の朝のパズル")[0] == 0
        centred(0)
        term.send("q")
        term.wait_text("plain-3")
        term.send("q")
        expect_exit(term)
    with open_file_prompt(state) as term:
        term.send("\x15東京x")
        term.wait_text("東京x")
        row, left = term.find_column("東京x")
        # the cursor after the x, the five columns of 東京x on
        assert term.char(row, left + 5).reverse and not term.char(row, left + 4).reverse, \
            term.dump()
        term.send_key("left")
        term.wait_for(lambda: term.char(row, left + 4).reverse, what="the cursor on the x")
        assert term.char(row, left + 4).data == "x"
