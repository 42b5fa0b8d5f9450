"""Shorter wordings of messages (`Message.shorter`): each is shorter than the one before
it, and keeps what the player acts on (the key, the number, the cell), so a status bar too
small for the whole message still says its point.

Pure functions of `ui.play_words` and `verdict`; tests/test_ui_smallest.py reads them on
the screen.
"""
from __future__ import annotations

import pytest

from numbrix_curses.game import Game, HistoryFold
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import solve
from numbrix_curses.ui.draw import wrap_text
from numbrix_curses.ui.panel import Message, MessageKind
from numbrix_curses.ui.play_words import (
    PENCIL_ON,
    filled_words,
    fold_words,
    given_mark_message,
    hint_message,
    marks_message,
    solved_wordings,
    then_keys,
    will_not_work_out_message,
    wrong_marked_message,
)
from numbrix_curses.verdict import no_solution_wordings, short_reason

#: starter-1: its 25 at E5 has E4 and D5 beside it
STARTER_1 = Puzzle.from_rows([[0, 0, 0, 0, 0], [0, 0, 16, 0, 14], [0, 6, 0, 18, 0],
                              [0, 0, 0, 0, 0], [1, 2, 23, 0, 25]])


def wordings(message: Message) -> list[str]:
    return [message.text, *message.shorter]


def assert_shorter_each(message: Message) -> None:
    """Every wording is shorter than the one before: the status bar takes the first that
    fits, so a longer one after a shorter would never show."""
    said = wordings(message)
    assert all(len(a) > len(b) for a, b in zip(said, said[1:])), said


def marked(*entries: tuple[int, int, int]) -> Game:
    game = Game(STARTER_1)
    for row, col, number in entries:
        assert game.set_value(row * 5 + col, number) is None
    assert game.check_cells()
    return game


@pytest.mark.parametrize("entries, short", [
    # (a number too far from the one before it: the steps between them, and both places)
    (((0, 0, 8),), "no path of 2 steps joins 6 at B3 and 8 at A1"),
    # (the colours: near enough, but an odd number of steps off)
    (((1, 3, 12),), "no path of 6 steps joins 6 at B3 and 12 at D2"),
    (((3, 4, 20), (3, 3, 21), (4, 3, 22)), "25 at E5 has no free cell for 24"),
    (((0, 0, 2),), "2 is on the board twice"),
])
def test_a_check_s_shorter_wordings_keep_the_numbers_and_cells_of_the_rule_broken(
        entries: tuple[tuple[int, int, int], ...], short: str):
    game = marked(*entries)
    message = marks_message(game, "1 cell marked")
    assert message.kind is MessageKind.ERROR
    assert message.text.startswith("1 cell marked: ")
    assert f"1 cell marked: {short}." in wordings(message), message
    assert message.shorter[-1] == "1 cell marked."
    assert_shorter_each(message)


def test_the_count_of_more_problems_goes_before_the_rule_broken_does():
    game = marked((0, 0, 8))  # (and 1 more problem)
    message = marks_message(game, "Fix the marked cells first")
    assert message.text.endswith("(and 1 more problem).")
    assert message.shorter == (
        "Fix the marked cells first: no path of 2 steps joins 6 at B3 and 8 at A1 (and 1 more).",
        "Fix the marked cells first: no path of 2 steps joins 6 at B3 and 8 at A1.",
        "Fix the marked cells first.")


def test_a_hint_s_shorter_wording_names_the_number_its_cell_and_the_key():
    message = hint_message("2 must go at C1: it is the only empty cell next to 1 at D1",
                           2, "C1")
    assert message.text == ("2 must go at C1: it is the only empty cell next to 1 at D1. "
                            "? again places it.")
    assert message.shorter == ("2 must go at C1. ? again places it.",)
    # (a hint that places nothing has nothing shorter to say)
    assert hint_message("this puzzle has more than one solution", None, None).shorter == ()


def test_a_check_s_warning_keeps_the_key_that_marks_the_numbers():
    message = will_not_work_out_message(3, cost=True)
    assert message.text == ("No contradiction yet, but 3 numbers will not work out: c again "
                            "marks them (no best time then).")
    assert message.shorter == (
        "3 numbers will not work out: c again marks them (no best time then).",
        "3 numbers will not work out: c again marks them.")
    assert will_not_work_out_message(1, cost=False).shorter == (
        "1 number will not work out: c again marks it.",)
    marks = wrong_marked_message(2)
    assert marks.shorter == ("2 numbers marked: not in the solution. Clear them, or undo (u).",)
    for message in (will_not_work_out_message(3, True), marks):
        assert_shorter_each(message)


def test_pencil_s_shorter_wordings_keep_the_key_back_to_numbers():
    assert_shorter_each(PENCIL_ON)
    assert all(text.startswith("Pencil: ") and text.endswith("N types numbers.")
               for text in wordings(PENCIL_ON))
    # (the shortest reads whole in the two lines a 26-column bar may have)
    assert len(wrap_text(PENCIL_ON.shorter[-1], 26)) == 2


def test_a_given_s_mark_refused_keeps_the_number_and_what_becomes_of_it():
    assert given_mark_message(4, " at A1").shorter == ("4 is given at A1: it takes no mark.",)
    goes = given_mark_message(12, " at C3", goes=True)
    assert goes.shorter == ("12 is given at C3; a digit more makes another mark, else it goes.",)
    assert_shorter_each(goes)


def test_a_solve_s_shorter_wordings_keep_the_time_and_how_it_compares():
    message = solved_wordings(75.0, 130, 61.0, False, marks=12)
    assert message.kind is MessageKind.SUCCESS
    assert message.text == "Solved in 1:15, 130 moves and 12 pencil marks (best 1:01)"
    assert message.shorter == ("Solved in 1:15 (best 1:01)", "Solved in 1:15.")
    first = solved_wordings(41.0, 30, first=True, helped_before=True)
    assert first.shorter[0] == "Solved in 0:41. Your first solve without help: the time to beat."
    # (nothing to compare with: the time alone is the one shorter wording)
    assert solved_wordings(41.0, 30).shorter == ("Solved in 0:41",)


def test_the_keys_after_a_solve_end_each_of_its_wordings():
    message = then_keys(solved_wordings(75.0, 130, 61.0, False), "R plays it again.")
    assert message.text == "Solved in 1:15, 130 moves (best 1:01). R plays it again."
    assert message.shorter == ("Solved in 1:15 (best 1:01). R plays it again.",
                               "Solved in 1:15. R plays it again.")
    assert message.kind is MessageKind.SUCCESS


def test_the_keys_after_a_solve_have_fewer_words_once_every_wording_is_too_long():
    """A solve from the library, then a key: each wording kept "R plays it again, g makes
    another like it", and at 26x11 the shortest was cut mid-word ("g makes anoth...")."""
    said = then_keys(solved_wordings(754.0, 30, first=True), "q: back to the list, with "
                     "starter-10 next.", "q: back, starter-10 next.", "q: back to the list.")
    message = then_keys(said, "R plays it again, g makes another like it.",
                        "R again, g another like it.")
    assert message.text == ("Solved in 12:34, 30 moves. A first solve: the time to beat. "
                            "q: back to the list, with starter-10 next. R plays it again, g "
                            "makes another like it.")
    lengths = [len(text) for text in (message.text, *message.shorter)]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)
    assert ("Solved in 12:34. q: back to the list, with starter-10 next. R again, g another "
            "like it.") in message.shorter
    # the shortest says the solve and the keys, without the name (a file's list may give
    # a puzzle a name longer than a line)
    assert message.shorter[-1] == "Solved in 12:34. q: back to the list. R again, g another like it."


@pytest.mark.parametrize("rows, short", [
    ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], "3 and 4 not side by side"),
    ([[0, 1, 0], [0, 0, 0], [0, 0, 0]], "1 on the wrong colour"),
    ([[1, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "4 on the wrong colour"),
    # (no shorter form that reads plainly: the verdict goes without it)
    ([[0, 2, 13, 4, 0], [0, 0, 14, 0, 0], [0, 0, 15, 0, 0]], ""),
])
def test_the_solver_s_reasons_for_no_solution_have_fewer_words_keeping_the_numbers(
        rows: list[list[int]], short: str):
    result = solve(Puzzle.from_rows(rows))
    assert result.reason  # (said before any search)
    assert short_reason(result.reason) == short
    assert short_reason("12 cannot stand where it is given") == "12 cannot stand there"


def test_a_verdict_of_no_solution_keeps_its_fix_in_each_shorter_wording():
    fix = "f: swap the 9 at D4 and the 10 at C4."
    assert no_solution_wordings("8 and 9 are given but not next to each other", fix) == (
        f"No solution: 8 and 9 are given but not next to each other. {fix}",
        f"No solution: 8 and 9 not side by side. {fix}",
        f"No solution. {fix}")
    assert no_solution_wordings("the givens cannot be joined into one path", fix) == (
        f"No solution: the givens cannot be joined into one path. {fix}",
        f"No solution. {fix}")
    assert no_solution_wordings("", fix) == (f"No solution. {fix}",)
    # (the middle one reads whole in the three lines a 26-column bar has for it)
    assert len(wrap_text(f"No solution: 8 and 9 not side by side. {fix}", 26)) == 3


def test_a_hint_from_numbers_not_checked_says_so_in_its_shorter_wording_too():
    message = hint_message("If your numbers so far are right, 12 must go at C4: it is the "
                           "only empty cell next to 11 at C3", 12, "C4")
    assert message.shorter == ("If your numbers are right, 12 must go at C4. ? again places "
                               "it.",)
    assert_shorter_each(message)


def test_an_auto_fill_from_numbers_not_checked_keeps_the_caveat_and_the_key():
    assert filled_words(3, conditional=False) == Message(
        "Auto-fill placed 3 numbers; u undoes them.")
    message = filled_words(1, conditional=True)
    assert message.text == ("Auto-fill placed 1 number; u undoes it. It follows from your "
                            "numbers, which could not be checked.")
    assert message.shorter == ("Auto-fill placed 1 number, from yours, unchecked; u undoes it.",)


def test_a_long_game_s_fold_says_what_undo_does_now_in_fewer_words():
    message = fold_words(HistoryFold(folded=12345, redo_dropped=12))
    assert message.text == ("A long game: its first 12,345 moves are one step of undo now and "
                            "the 12 moves to redo were let go, to keep its save small enough "
                            "to read.")
    assert message.shorter == (
        "A long game: its first 12,345 moves are one step of undo now and the 12 moves to "
        "redo were let go.",
        "A long game: its first 12,345 moves are one step of undo now.")
    assert fold_words(HistoryFold(folded=0, redo_dropped=3)).shorter == (
        "A long game: the 3 moves to redo were let go.",)
