"""Pencil marks in `numbrix_curses.game`: notes of the numbers a blank cell might hold, typed
in pencil mode, undone, restarted and saved like numbers, without a terminal."""
from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.game import Game, Refusal
from numbrix_curses.moves import Batch, SetNotes, StateError, describe_move
from numbrix_curses.puzzle import Puzzle
from helpers import GIVENS, FakeClock

# GIVENS is 4x4 (16 cells): blanks at A2.. see helpers; (0, 1) is blank, (0, 0) holds 4.
BLANK_CELL = (0, 1)
OTHER_BLANK = (0, 2)
GIVEN_CELL = (0, 0)


#: a 5x5 board with 1 and 25 given (see `make_open_game`)
OPEN_5X5 = [[1, 0, 0, 0, 0], [0] * 5, [0] * 5, [0] * 5, [0, 0, 0, 0, 25]]


def make_game() -> Game:
    return Game(Puzzle.from_rows(GIVENS), clock=FakeClock(100.0))


def pencil_at(game: Game, row: int, col: int, *digits: int) -> Refusal | None:
    """Pencil `digits` as one mark in (row, col) and end the typing, as Enter does."""
    game.set_cursor(row, col)
    if not game.pencil:
        game.toggle_pencil()
    refusal = None
    for digit in digits:
        refusal = game.type_digit(digit) or refusal
    game.commit()
    return refusal


def cell(game: Game, row: int, col: int) -> int:
    return game.geometry.cell(row, col)


def test_a_mark_goes_in_and_a_second_typing_takes_it_out():
    game = make_game()
    here = cell(game, *BLANK_CELL)
    assert pencil_at(game, *BLANK_CELL, 3) is None
    assert game.notes(here) == (3,)
    assert pencil_at(game, *BLANK_CELL, 2) is None
    assert game.notes(here) == (2, 3)  # (kept in order)
    assert game.value(here) == 0  # the cell holds no number
    assert pencil_at(game, *BLANK_CELL, 3) is None
    assert game.notes(here) == (2,)
    assert game.moves == 3


def test_a_mark_shows_as_it_is_typed_and_is_one_move():
    """As a number does: 1 then 2 shows 1, then 12 in its place; the mark is one move and
    stays in when typing ends, as a quit does (nothing waits for Enter to be saved)."""
    game = make_game()
    here = cell(game, *BLANK_CELL)
    game.set_cursor(*BLANK_CELL)
    game.toggle_pencil()
    game.type_digit(3)
    assert game.notes(here) == (3,) and game.moves == 1
    game.commit()
    game.type_digit(1)
    assert game.notes(here) == (1, 3) and game.pending_note is not None
    game.type_digit(2)
    assert game.notes(here) == (3, 12) and game.moves == 2
    assert Game.from_state(Puzzle.from_rows(GIVENS), game.to_state()).notes(here) == (3, 12)
    game.type_digit(3)  # (123 is past 16: refused, and the 12 stands)
    assert game.notes(here) == (3, 12) and game.pending_note is None


def test_backspace_takes_a_digit_off_the_mark_being_typed():
    game = make_game()
    here = cell(game, *BLANK_CELL)
    pencil_at(game, *BLANK_CELL, 2)
    pencil_at(game, *BLANK_CELL, 1, 3)
    game.type_digit(1)
    game.type_digit(2)
    assert game.notes(here) == (2, 12, 13)
    assert game.backspace() is None  # (12 was meant as 1...)
    assert game.notes(here) == (1, 2, 13)
    assert game.backspace() is None  # (... or as nothing): only the typing is taken back
    assert game.notes(here) == (2, 13) and game.pending_note is None and game.moves == 2
    assert game.backspace() is None  # nothing typed: the cell's marks are rubbed out
    assert game.notes(here) == ()


def make_open_game() -> Game:
    """A 5x5 board with 1 and 25 given: room for marks of one and two digits alike."""
    return Game(Puzzle.from_rows(OPEN_5X5), clock=FakeClock(100.0))


def test_typing_a_mark_the_cell_has_takes_it_out_as_it_is_typed():
    game = make_open_game()
    here = cell(game, *BLANK_CELL)
    pencil_at(game, *BLANK_CELL, 2)
    game.type_digit(2)
    assert game.notes(here) == ()
    game.type_digit(1)  # 21, not 2: the 2 is back, with the 21
    assert game.notes(here) == (2, 21)


def test_typing_numbers_is_unchanged_out_of_pencil_mode():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    game.toggle_pencil()
    assert not game.pencil
    game.type_digit(3)
    game.commit()
    assert game.value(cell(game, *BLANK_CELL)) == 3
    assert game.notes(cell(game, *BLANK_CELL)) == (3,)  # kept under the number


@pytest.mark.parametrize("where, refusal", [(GIVEN_CELL, Refusal.GIVEN)])
def test_marks_are_refused_on_givens(where, refusal):
    game = make_game()
    assert pencil_at(game, *where, 3) is refusal
    assert game.moves == 0


def test_marks_are_refused_on_a_number_and_out_of_range():
    game = make_open_game()
    game.set_value(cell(game, *BLANK_CELL), 3)
    assert pencil_at(game, *BLANK_CELL, 2) is Refusal.NOTE_ON_NUMBER
    assert pencil_at(game, *OTHER_BLANK, 2, 7) is Refusal.OUT_OF_RANGE  # (27 > 25)
    assert game.notes(cell(game, *OTHER_BLANK)) == (2,)  # the 2 went in as the 7 was refused
    assert game.moves == 2


def test_a_mark_of_a_given_s_number_is_refused_or_goes_when_its_typing_ends():
    """No other cell can hold a given's number: its mark is refused where no digit more
    can make it another number, and goes when the typing ends where one could; u takes
    that mark back alone, not the move before it."""
    game = make_game()  # (1, 4 to 11, 14 and 16 given, on 16 cells)
    here = cell(game, *BLANK_CELL)
    pencil_at(game, *BLANK_CELL, 3)
    assert pencil_at(game, *BLANK_CELL, 7) is Refusal.NOTE_OF_GIVEN
    assert pencil_at(game, *BLANK_CELL, 1, 4) is Refusal.NOTE_OF_GIVEN
    assert game.notes(here) == (3,) and game.moves == 1
    game.type_digit(1)  # (1 could still be 12, 13 or 15: shown while typed)
    assert game.notes(here) == (1, 3)
    game.commit()
    assert game.notes(here) == (3,) and game.moves == 1
    game.type_digit(1)
    assert game.undo() is None
    assert game.notes(here) == (3,) and game.moves == 1 and game.pending_note is None
    pencil_at(game, *BLANK_CELL, 1, 2)
    assert game.notes(here) == (3, 12)


def test_clearing_a_blank_cell_rubs_out_its_marks_and_undo_brings_them_back():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 2)
    pencil_at(game, *BLANK_CELL, 3)
    here = cell(game, *BLANK_CELL)
    assert game.clear(here) is None
    assert game.notes(here) == ()
    assert game.clear(here) is Refusal.NOTHING_TO_CLEAR
    assert game.undo() is None
    assert game.notes(here) == (2, 3)
    assert game.redo() is None
    assert game.notes(here) == ()


def test_marks_stay_under_a_number_and_show_again_when_it_is_cleared():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    here = cell(game, *BLANK_CELL)
    game.set_value(here, 3)
    assert game.clear(here) is None  # clears the number, not the marks
    assert game.value(here) == 0 and game.notes(here) == (3,)


def test_a_number_placed_elsewhere_spends_its_marks_until_it_comes_off():
    """A cell's live marks leave out numbers that stand in another cell; the marks are kept
    (no move touches them), so clearing or undoing the number brings them back."""
    game = make_game()
    here, there = cell(game, *BLANK_CELL), cell(game, *OTHER_BLANK)
    pencil_at(game, *BLANK_CELL, 2)
    pencil_at(game, *BLANK_CELL, 3)
    pencil_at(game, *OTHER_BLANK, 3)
    assert game.live_notes(here) == (2, 3)
    game.toggle_pencil()
    game.set_value(there, 3)  # (over the cell's own marks: a number hides them anyway)
    assert game.live_notes(here) == (2,)
    assert game.notes(here) == (2, 3)  # kept
    assert game.numbers_on_board() >= {3, 4, 16}
    moves = game.moves
    game.undo()
    assert game.live_notes(here) == (2, 3)
    game.redo()
    assert game.moves == moves  # (the placement alone: no change of marks with it)
    game.clear(there)
    assert game.live_notes(here) == (2, 3)
    assert game.live_notes(there) == (3,)
    # (a given's number takes no mark: see the test below)
    assert pencil_at(game, *BLANK_CELL, 4) is Refusal.NOTE_OF_GIVEN
    assert game.notes(here) == (2, 3)


def test_restart_rubs_out_numbers_and_marks_as_one_move():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    game.set_value(cell(game, *OTHER_BLANK), 2)
    assert game.restart() is None
    assert game.noted_cells == {} and game.value(cell(game, *OTHER_BLANK)) == 0
    assert describe_move(game.history[-1], game.cols) == "restart: 2 cells"
    game.undo()
    assert game.noted_cells == {cell(game, *BLANK_CELL): (3,)}
    assert game.value(cell(game, *OTHER_BLANK)) == 2


def test_restart_with_only_marks_clears_them():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    assert game.restart() is None
    assert game.noted_cells == {}
    assert game.restart() is Refusal.NOTHING_TO_CLEAR


def test_undo_while_typing_a_mark_takes_back_that_mark_alone():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    game.set_cursor(*OTHER_BLANK)
    game.type_digit(2)  # a mark begun
    assert game.undo() is None
    assert game.notes(cell(game, *OTHER_BLANK)) == ()
    assert game.notes(cell(game, *BLANK_CELL)) == (3,)
    assert game.redo() is None
    assert game.notes(cell(game, *OTHER_BLANK)) == (2,)


def test_undo_follows_the_cursor_to_the_marked_cell():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    game.set_cursor(3, 3)
    game.undo()
    assert game.cursor == BLANK_CELL


def test_moves_list_says_what_was_pencilled():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    pencil_at(game, *BLANK_CELL, 1, 2)
    pencil_at(game, *BLANK_CELL, 3)
    pencil_at(game, *BLANK_CELL, 2)
    game.clear(cell(game, *BLANK_CELL))
    lines = [describe_move(move, game.cols) for move in game.history]
    assert lines == ["pencilled 3 at B1", "pencilled 12 at B1", "rubbed out 3 at B1",
                     "pencilled 2 at B1", "rubbed out B1's marks"]


def test_a_game_with_marks_and_pencil_mode_is_saved_and_read_back():
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    pencil_at(game, *OTHER_BLANK, 2)
    game.restart()
    game.undo()  # (the restart, with its marks, on the redo stack)
    pencil_at(game, *OTHER_BLANK, 1, 5)
    assert not game.can_redo  # (a new move drops the redos)
    game.undo()
    state = json.loads(json.dumps(game.to_state()))
    again = Game.from_state(Puzzle.from_rows(GIVENS), state, clock=FakeClock(100.0))
    assert again.noted_cells == game.noted_cells == {1: (3,), 2: (2,)}
    assert again.history == game.history and again.future == game.future
    assert again.pencil
    again.redo()
    assert again.notes(2) == (2, 15)


@pytest.mark.parametrize("move, why", [
    ({"marks": [1, [], [17]]}, "out of range"),
    ({"marks": [0, [], [3]]}, "outside the board's blanks"),  # (the given 4)
    ({"marks": [1, [3], []]}, "does not follow"),
    ({"marks": [1, [], [3, 2]]}, "bad pencil marks"),
    ({"marks": [1, [], [2, 2]]}, "bad pencil marks"),
    ({"marks": [1, [], "3"]}, "bad pencil marks"),
    ({"marks": [99, [], [3]]}, "outside the board's blanks"),
    ({"marks": "1"}, "bad pencil move"),
    ({"label": "restart", "changes": [], "marks": []}, "bad batch move"),
])
def test_a_save_with_impossible_marks_is_refused(move, why):
    state = {**make_game().to_state(), "moves": [move]}
    with pytest.raises(StateError, match=why):
        Game.from_state(Puzzle.from_rows(GIVENS), state)


def test_a_save_written_before_pencil_marks_still_reads():
    state = {"moves": [[1, 0, 3]], "redo": [], "cursor": 1, "elapsed": 5.0}
    game = Game.from_state(Puzzle.from_rows(GIVENS), state)
    assert game.value(1) == 3 and game.noted_cells == {} and not game.pencil


BLANKS = [1, 2, 6, 9, 10]  # the blank cells of GIVENS

actions = st.lists(st.one_of(
    st.tuples(st.just("mark"), st.sampled_from(BLANKS), st.integers(1, 16)),
    st.tuples(st.just("number"), st.sampled_from(BLANKS), st.integers(0, 16)),
    st.tuples(st.just("clear"), st.sampled_from(BLANKS), st.just(0)),
    st.tuples(st.just("restart"), st.just(0), st.just(0)),
    st.tuples(st.just("undo"), st.just(0), st.just(0)),
    st.tuples(st.just("redo"), st.just(0), st.just(0)),
), max_size=25)


@settings(max_examples=150, deadline=None)
@given(actions)
def test_marks_undo_to_nothing_and_survive_a_save(steps):
    """Whatever is pencilled, numbered, cleared and undone, undoing every move leaves no
    mark and no number, and the save reads back the same marks and moves."""
    game = make_game()
    for kind, where, number in steps:
        if kind == "mark":
            game.set_cursor(*divmod(where, 4))
            game.pencil = True
            for digit in str(number):
                game.type_digit(int(digit))
            game.commit()
            game.pencil = False
        elif kind == "number":
            game.set_value(where, number)
        elif kind == "clear":
            game.clear(where)
        else:
            getattr(game, kind)()
        for noted, marks in game.noted_cells.items():
            assert marks and list(marks) == sorted(set(marks)) and not game.is_given(noted)
    again = Game.from_state(Puzzle.from_rows(GIVENS), json.loads(json.dumps(game.to_state())))
    assert again.noted_cells == game.noted_cells
    assert np.array_equal(again.grid, game.grid)
    while game.undo() is None:
        pass
    assert game.noted_cells == {}
    assert np.array_equal(game.grid, np.array(GIVENS))


def test_setnotes_and_batch_invert():
    note = SetNotes(1, (2,), (2, 3))
    assert note.inverse() == SetNotes(1, (2, 3), (2,))
    batch = Batch((), "restart", (note,))
    assert batch.inverse().notes == (note.inverse(),)


def test_a_solve_counts_its_pencil_moves_apart():
    """The solve is told by its numbers: pencil moves stay in the history (and the
    panel's count) but are counted apart, so the best moves kept are the numbers'."""
    game = make_game()
    pencil_at(game, *BLANK_CELL, 3)
    pencil_at(game, *OTHER_BLANK, 2)
    game.toggle_pencil()
    for (row, col), value in zip([(0, 1), (0, 2), (1, 2), (2, 2), (2, 1)], [3, 2, 15, 12, 13]):
        assert game.set_value(cell(game, row, col), value) is None
    assert game.solved is not None
    assert (game.solved.moves, game.solved.marks, game.solved.numbers) == (7, 2, 5)
