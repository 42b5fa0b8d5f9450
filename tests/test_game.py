"""Rules of play in `numbrix_curses.game`, without a terminal."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.conflicts import ConflictKind
from numbrix_curses.game import Game, Refusal
from numbrix_curses.moves import DRAW_LABEL, FOLD_LABEL, Batch, SetCell, SetNotes, describe_move
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.timer import Timer
from brute import grid_of, random_path
from helpers import GIVENS, FakeClock

# The solution of GIVENS (helpers.py).
SOLUTION = [
    [4, 3, 2, 1],
    [5, 14, 15, 16],
    [6, 13, 12, 11],
    [7, 8, 9, 10],
]
# Where the game tests' clock starts.
START = 100.0


def make_game(givens=GIVENS, clock=None) -> Game:
    return Game(Puzzle.from_rows(givens), clock=clock or FakeClock(START))


def cell(game: Game, row: int, col: int) -> int:
    return game.geometry.cell(row, col)


def at(game: Game, row: int, col: int) -> int:
    return int(game.grid[row, col])


def fill_solution(game: Game) -> None:
    for r, row in enumerate(SOLUTION):
        for c, value in enumerate(row):
            if not game.is_given(cell(game, r, c)):
                assert game.set_value(cell(game, r, c), value) is None


# ----- entries and givens ------------------------------------------------------------------
def test_new_game_shows_givens_and_starts_on_first_blank():
    game = make_game()
    assert np.array_equal(game.grid, np.array(GIVENS))
    assert game.cursor == (0, 1)
    assert game.placed == 11
    assert game.moves == 0
    assert not game.can_undo and not game.can_redo


def test_grid_view_cannot_be_written():
    game = make_game()
    with pytest.raises(ValueError):
        game.grid[0, 1] = 3


def test_set_value_and_clear():
    game = make_game()
    assert game.set_value(cell(game, 0, 1), 3) is None
    assert at(game, 0, 1) == 3
    assert game.placed == 12
    assert game.clear(cell(game, 0, 1)) is None
    assert at(game, 0, 1) == 0
    assert game.moves == 2


def test_givens_never_change():
    game = make_game()
    given = cell(game, 0, 0)
    assert game.set_value(given, 2) is Refusal.GIVEN
    assert game.clear(given) is Refusal.GIVEN
    game.set_cursor(0, 0)
    assert game.type_digit(2) is Refusal.GIVEN
    assert game.backspace() is Refusal.GIVEN
    assert game.restart() is Refusal.NOTHING_TO_CLEAR
    assert at(game, 0, 0) == 4
    assert game.moves == 0


def test_set_value_out_of_range_is_refused():
    game = make_game()
    assert game.set_value(cell(game, 0, 1), 17) is Refusal.OUT_OF_RANGE
    assert game.set_value(cell(game, 0, 1), -1) is Refusal.OUT_OF_RANGE
    assert at(game, 0, 1) == 0


def test_setting_the_same_value_is_not_a_move():
    game = make_game()
    game.set_value(cell(game, 0, 1), 3)
    game.set_value(cell(game, 0, 1), 3)
    assert game.moves == 1


def test_clearing_a_blank_cell_says_so():
    game = make_game()
    assert game.clear() is Refusal.NOTHING_TO_CLEAR
    assert game.moves == 0


def test_duplicates_are_allowed_but_reported():
    game = make_game()
    assert game.duplicate_cells() == frozenset()
    assert game.set_value(cell(game, 0, 1), 4) is None
    assert at(game, 0, 1) == 4
    # both 4s show at once: the given at A1 and the entry beside it
    assert game.duplicate_cells() == {cell(game, 0, 0), cell(game, 0, 1)}
    game.set_value(cell(game, 0, 2), 2)
    assert game.duplicate_cells() == {cell(game, 0, 0), cell(game, 0, 1)}
    game.undo()
    game.undo()
    assert game.duplicate_cells() == frozenset()


def test_a_number_being_typed_is_no_clash_until_it_cannot_grow():
    """Typing 14 next to a given 1 lit both 1s up red between the two keys."""
    game = make_game()  # 4x4: the given 1 at D1, 14 at B2
    target = cell(game, 0, 1)
    game.set_cursor(0, 1)
    assert game.type_digit(1) is None and at(game, 0, 1) == 1
    assert game.number_can_grow and game.duplicate_cells() == frozenset()
    assert game.type_digit(4) is None  # 14: given at B2, a clash now it is whole
    assert game.duplicate_cells() == {target, cell(game, 1, 1)}
    game.commit()
    assert game.duplicate_cells() == {target, cell(game, 1, 1)}


# ----- cursor ------------------------------------------------------------------------------
def test_cursor_moves_and_stops_at_edges():
    game = make_game()
    game.set_cursor(0, 0)
    game.move_cursor(-1, 0)
    game.move_cursor(0, -1)
    assert game.cursor == (0, 0)
    game.move_cursor(1, 0)
    game.move_cursor(0, 1)
    assert game.cursor == (1, 1)
    for _ in range(10):
        game.move_cursor(1, 1)
    assert game.cursor == (3, 3)
    assert game.cursor_cell == 15


def test_set_cursor_outside_the_board_raises():
    game = make_game()
    with pytest.raises(ValueError):
        game.set_cursor(4, 0)


# ----- typing numbers ----------------------------------------------------------------------
def test_digits_build_a_multi_digit_number_in_one_move():
    game = make_game()
    game.set_cursor(1, 2)
    assert game.type_digit(1) is None
    assert at(game, 1, 2) == 1  # shown at once
    assert game.pending is not None and game.pending.digits == "1"
    assert game.type_digit(5) is None
    assert at(game, 1, 2) == 15
    assert game.moves == 1
    assert game.history == (SetCell(cell(game, 1, 2), 0, 15),)


def test_digit_that_would_overshoot_is_refused_and_the_number_waits_for_another():
    """2, 6, 4 on a 25-cell board made 4 (the refused 6 ended the number): a slip typed
    over is mended by the next digit, as a box that takes numbers ignores a refused key."""
    game = make_game()  # 16 cells
    game.set_cursor(1, 2)
    game.type_digit(1)
    assert game.type_digit(7) is Refusal.OUT_OF_RANGE  # 17 > 16: the player is told
    assert at(game, 1, 2) == 1  # the digits typed so far are kept
    assert game.pending is not None and game.pending.digits == "1"  # and still typed
    assert game.type_digit(5) is None  # the next digit goes on from them
    assert at(game, 1, 2) == 15
    assert game.history == (SetCell(cell(game, 1, 2), 0, 15),)  # one move


def test_zero_that_would_overshoot_never_clears_the_cell():
    game = make_game()  # 16 cells
    game.set_cursor(1, 2)
    game.type_digit(3)
    assert game.type_digit(0) is Refusal.OUT_OF_RANGE  # 30 > 16
    assert at(game, 1, 2) == 3
    assert game.moves == 1


def test_zero_continues_a_number_or_clears():
    game = make_game()
    game.set_cursor(1, 2)
    game.type_digit(1)
    game.type_digit(0)
    assert at(game, 1, 2) == 10
    game.commit()
    game.type_digit(0)  # a fresh number starting with 0 clears
    assert at(game, 1, 2) == 0
    assert game.type_digit(0) is Refusal.NOTHING_TO_CLEAR


def test_single_digit_larger_than_board_is_refused():
    game = make_game([[1, 0], [0, 0]])
    game.set_cursor(0, 1)
    assert game.type_digit(7) is Refusal.OUT_OF_RANGE
    assert game.value(1) == 0


def test_commit_and_move_end_the_number():
    game = make_game()
    game.set_cursor(0, 1)
    game.type_digit(1)
    game.commit()
    game.type_digit(2)
    assert at(game, 0, 1) == 2  # not 12
    game.move_cursor(0, 1)
    assert game.pending is None
    game.type_digit(3)
    game.move_cursor(0, -1)
    game.type_digit(3)
    assert at(game, 0, 1) == 3 and at(game, 0, 2) == 3


def test_typing_over_an_entry_then_undo_restores_it():
    game = make_game()
    game.set_value(cell(game, 1, 2), 3)
    game.set_cursor(1, 2)
    game.type_digit(1)
    game.type_digit(5)
    assert at(game, 1, 2) == 15
    assert game.undo() is None
    assert at(game, 1, 2) == 3
    assert game.undo() is None
    assert at(game, 1, 2) == 0


def test_undo_clears_only_a_number_the_last_move_put_there():
    # (what the hint's "or undo (u)" advice rests on: after a deletion, undo brings back)
    game = make_game()
    one, two = cell(game, 1, 2), cell(game, 2, 2)
    assert not game.undo_clears([one])  # (no moves)
    game.set_value(one, 3)
    assert game.undo_clears([one]) and not game.undo_clears([two])
    game.set_value(two, 4)
    assert game.undo_clears([one, two]) and not game.undo_clears([one])
    game.set_value(two, 0)  # a deletion: undo would put the 4 back
    assert not game.undo_clears([one, two])
    game.fill([(one, 5), (two, 6)], "auto-fill")  # one move, two numbers
    assert game.undo_clears([two])


def test_backspace_edits_the_number_being_typed():
    game = make_game()
    game.set_cursor(1, 2)
    game.type_digit(1)
    game.type_digit(5)
    assert game.backspace() is None
    assert at(game, 1, 2) == 1
    game.type_digit(2)
    assert at(game, 1, 2) == 12
    game.backspace()
    game.backspace()
    assert at(game, 1, 2) == 0
    assert game.pending is None
    assert game.moves == 0  # back where we started: no move left


def test_backspace_without_typing_clears_the_cursor_cell():
    game = make_game()
    game.set_value(cell(game, 1, 2), 15)
    game.set_cursor(1, 2)
    assert game.backspace() is None
    assert at(game, 1, 2) == 0


def test_typing_the_old_value_again_is_no_move():
    game = make_game()
    game.set_value(cell(game, 1, 2), 3)
    game.set_cursor(1, 2)
    game.type_digit(3)
    assert game.moves == 1


# ----- undo and redo -----------------------------------------------------------------------
def test_undo_redo_round_trip_and_cursor_follows():
    game = make_game()
    a, b = cell(game, 0, 1), cell(game, 2, 2)
    game.set_value(a, 3)
    game.set_value(b, 12)
    game.set_cursor(3, 3)
    assert game.undo() is None
    assert game.value(b) == 0 and game.value(a) == 3
    assert game.cursor == (2, 2)
    assert game.undo() is None
    assert game.value(a) == 0
    assert game.undo() is Refusal.NOTHING_TO_UNDO
    assert game.redo() is None and game.value(a) == 3
    assert game.redo() is None and game.value(b) == 12
    assert game.redo() is Refusal.NOTHING_TO_REDO


def test_new_move_drops_redo():
    game = make_game()
    game.set_value(cell(game, 0, 1), 3)
    game.undo()
    game.set_value(cell(game, 0, 2), 2)
    assert not game.can_redo
    assert game.redo() is Refusal.NOTHING_TO_REDO


def test_undo_while_typing_undoes_the_whole_number():
    game = make_game()
    game.set_cursor(2, 2)
    game.type_digit(1)
    game.type_digit(2)
    game.undo()
    assert at(game, 2, 2) == 0
    assert game.pending is None
    game.redo()
    assert at(game, 2, 2) == 12


def test_restart_clears_entries_as_one_undoable_move():
    game = make_game()
    game.set_value(cell(game, 0, 1), 3)
    game.set_value(cell(game, 2, 2), 12)
    assert game.restart() is None
    assert np.array_equal(game.grid, np.array(GIVENS))
    assert isinstance(game.history[-1], Batch)
    game.undo()
    assert at(game, 0, 1) == 3 and at(game, 2, 2) == 12
    game.redo()
    assert at(game, 0, 1) == 0 and at(game, 2, 2) == 0


def test_a_stroke_ended_makes_what_is_drawn_next_a_move_of_its_own():
    """A drag's button coming up ends its stroke: a Shift-arrow right after it was merged
    into the drag's move, and one undo took both back."""
    game = make_game()
    game.set_cursor(0, 0)  # on the 4
    game.extend(0, 1)  # 3 at B1
    game.extend(0, 1)  # 2 at C1
    game.extend(0, -1)  # back: the 2 taken back, as retracing does
    assert game.moves == 1 and at(game, 0, 2) == 0
    game.end_stroke()
    game.extend(0, 1)  # 2 at C1 again: a move of its own
    assert game.moves == 2
    game.undo()
    assert (at(game, 0, 1), at(game, 0, 2)) == (3, 0)  # the drag's move stays
    # going back over the path still takes it back after the stroke ended, as its own move
    game = make_game()
    game.set_cursor(0, 0)
    game.extend(0, 1)
    game.extend(0, 1)
    game.end_stroke()
    game.extend(0, -1)
    assert (at(game, 0, 1), at(game, 0, 2), game.moves) == (3, 0, 2)
    game.undo()
    assert at(game, 0, 2) == 2


def test_batch_inverse_reverses_order():
    batch = Batch((SetCell(0, 0, 1), SetCell(0, 1, 2)), "x")
    assert batch.inverse() == Batch((SetCell(0, 2, 1), SetCell(0, 1, 0)), "x")


# ----- completion --------------------------------------------------------------------------
def test_completion_is_detected_with_time_and_moves():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    clock.now += 83
    assert not game.is_complete()
    fill_solution(game)
    assert game.is_complete()
    assert game.solved is not None
    assert game.solved.seconds == 83
    assert game.solved.moves == 5
    clock.now += 50
    assert game.elapsed() == 83  # the clock stops on solving


def test_completion_by_typing_the_last_digit():
    game = make_game()
    fill_solution(game)
    game2 = make_game()
    for r, c, v in [(0, 1, 3), (0, 2, 2), (1, 2, 15), (2, 1, 13)]:
        game2.set_value(cell(game2, r, c), v)
    assert game2.solved is None
    game2.set_cursor(2, 2)
    game2.type_digit(1)
    assert game2.solved is None
    game2.type_digit(2)
    assert game2.solved is not None
    assert game2.pending is None


def test_full_grid_that_is_not_a_path_is_not_complete():
    game = make_game()
    for r, c, v in [(0, 1, 2), (0, 2, 3), (1, 2, 15), (2, 1, 13), (2, 2, 12)]:
        game.set_value(cell(game, r, c), v)
    assert game.placed == 16
    assert not game.is_complete()
    assert game.solved is None


def test_another_valid_path_counts_as_solved():
    # Only 1 given: any path starting in the corner solves it.
    game = make_game([[1, 0], [0, 0]])
    game.set_value(1, 2)
    game.set_value(3, 3)
    game.set_value(2, 4)
    assert game.solved is not None


def test_nothing_changes_after_solving():
    game = make_game()
    fill_solution(game)
    assert game.set_value(cell(game, 0, 1), 5) is Refusal.SOLVED
    game.set_cursor(0, 1)
    assert game.type_digit(5) is Refusal.SOLVED
    assert game.undo() is Refusal.SOLVED
    assert game.clear() is Refusal.SOLVED
    assert game.is_complete()


def test_one_by_one_board_is_solved_by_typing_1():
    game = make_game([[0]])
    assert game.type_digit(1) is None
    assert game.solved is not None


def test_givens_that_fill_the_grid_are_solved_from_the_start():
    game = make_game(SOLUTION)
    assert game.solved is not None
    assert game.solved.moves == 0
    assert game.type_digit(3) is Refusal.SOLVED


# ----- path, chain and conflicts -----------------------------------------------------------
def test_links_join_adjacent_consecutive_numbers():
    game = make_game()
    links = game.links()
    c = game.geometry.cell
    assert (c(0, 0), c(1, 0)) in links  # 4 -> 5
    assert (c(3, 3), c(2, 3)) in links  # 10 -> 11
    assert (c(2, 0), c(3, 0)) in links  # 6 -> 7
    assert all(abs(game.value(a) - game.value(b)) == 1 for a, b in links)
    assert all(game.value(a) < game.value(b) for a, b in links)
    assert (c(0, 3), c(1, 3)) not in links  # 1 and 16 are not consecutive
    game.set_value(c(0, 2), 2)
    assert (c(0, 3), c(0, 2)) in game.links()


def test_chain_neighbours_of_a_number():
    game = make_game()
    c = game.geometry.cell
    before, after = game.chain_neighbours(c(1, 0))  # 5
    assert before == [c(0, 0)] and after == [c(2, 0)]
    assert game.chain_neighbours(c(0, 1)) == ([], [])  # blank
    before, after = game.chain_neighbours(c(0, 3))  # 1: no predecessor, 2 not placed
    assert before == [] and after == []


def test_duplicate_conflict():
    game = make_game()
    game.set_value(game.geometry.cell(0, 1), 4)
    dups = [k for k in game.conflicts() if k.kind is ConflictKind.DUPLICATE]
    assert len(dups) == 1
    assert dups[0].numbers == (4,)
    assert set(dups[0].cells) == {0, 1}


def test_broken_link_conflict():
    game = make_game()
    c = game.geometry.cell
    game.set_value(c(2, 2), 15)  # 15 not next to 16 (1,3) nor 14 (1,1)
    kinds = {(k.kind, k.numbers) for k in game.conflicts()}
    assert (ConflictKind.BROKEN_LINK, (14, 15)) in kinds
    assert (ConflictKind.BROKEN_LINK, (15, 16)) in kinds
    assert c(2, 2) in game.conflict_cells()


def test_unreachable_gap_conflict():
    game = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    c = game.geometry.cell
    game.set_value(c(2, 2), 3)  # 4 steps apart, only 2 numbers of room
    assert [(k.kind, k.numbers) for k in game.conflicts()] == [(ConflictKind.UNREACHABLE, (1, 3))]
    game.set_value(c(2, 2), 0)
    game.set_value(c(0, 2), 4)  # distance 2, 3 steps: wrong parity
    assert [(k.kind, k.numbers) for k in game.conflicts()] == [(ConflictKind.UNREACHABLE, (1, 4))]
    game.set_value(c(0, 2), 5)  # distance 2, 4 steps: fine
    assert game.conflicts() == []


def test_correct_partial_board_has_no_conflicts():
    game = make_game()
    assert game.conflicts() == []
    game.set_value(game.geometry.cell(0, 1), 3)
    assert game.conflict_cells() == frozenset()


# ----- timer -------------------------------------------------------------------------------
def test_timer_runs_and_pauses():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    clock.now += 10
    assert game.elapsed() == 10
    game.pause()
    assert game.paused
    clock.now += 100
    assert game.elapsed() == 10
    game.resume()
    clock.now += 5
    assert game.elapsed() == 15
    assert not game.paused


def test_no_changes_while_paused():
    game = make_game()
    game.pause()
    assert game.type_digit(3) is Refusal.PAUSED
    assert game.set_value(game.cursor_cell, 3) is Refusal.PAUSED
    assert game.undo() is Refusal.PAUSED
    assert game.value(game.cursor_cell) == 0


def test_timer_continues_from_earlier_elapsed():
    clock = FakeClock(START)
    game = Game(Puzzle.from_rows(GIVENS), clock=clock, elapsed=60)
    clock.now += 2
    assert game.elapsed() == 62


def test_timer_pause_twice_and_resume_twice_is_harmless():
    clock = FakeClock(START)
    timer = Timer(clock)
    clock.now += 1
    timer.pause()
    timer.pause()
    clock.now += 1
    timer.resume()
    timer.resume()
    clock.now += 1
    assert timer.elapsed() == 2


def test_time_spent_stopped_is_left_off_the_clock():
    clock = FakeClock(START)
    game = Game(Puzzle.from_rows(GIVENS), clock=clock, elapsed=60)
    clock.now += 10
    clock.now += 300  # stopped with Ctrl-Z
    game.skip_time(300)
    assert game.elapsed() == 70
    clock.now += 2
    assert game.elapsed() == 72
    game.skip_time(1000)  # never further back than the clock's last start
    assert game.elapsed() == 60
    clock.now += 3  # and the time played after it counts in full (none is owed)
    assert game.elapsed() == 63
    game.pause()
    clock.now += 5
    game.skip_time(5)  # paused time never counted: nothing to leave off
    assert game.elapsed() == 63


def test_resume_after_solving_keeps_the_clock_stopped():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    fill_solution(game)
    game.resume()
    clock.now += 30
    assert game.elapsed() == 0
    assert not game.paused


# ----- the n key: one more than the highest neighbour --------------------------------------
def test_place_next_counts_on_from_the_highest_neighbour():
    game = make_game()
    game.set_cursor(1, 2)  # neighbours: 14, 16 and two blanks
    assert game.next_number() == 15  # 16 is the last number: count on from 14
    game.set_cursor(0, 1)  # neighbours 4, 14, blank
    assert game.next_number() == 15
    game.set_cursor(0, 2)  # neighbours 1 and two blanks
    assert game.place_next() is None
    assert at(game, 0, 2) == 2
    assert game.history == (SetCell(cell(game, 0, 2), 0, 2),)


def test_place_next_needs_a_neighbour_and_never_touches_givens():
    game = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    game.set_cursor(2, 2)
    assert game.place_next() is Refusal.NO_NEIGHBOUR
    game.set_cursor(0, 0)
    assert game.place_next() is Refusal.GIVEN
    game.set_cursor(0, 1)
    assert game.place_next() is None and at(game, 0, 1) == 2
    game.set_cursor(0, 2)
    assert game.place_next() is None and at(game, 0, 2) == 3
    game.undo()
    assert at(game, 0, 2) == 0 and at(game, 0, 1) == 2


def test_place_next_skips_a_neighbour_whose_next_number_is_placed():
    game = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    game.set_value(cell(game, 1, 0), 2)  # 1's next number stands below it
    game.set_cursor(0, 1)  # next to 1, and to nothing else
    assert game.next_number() is None
    assert game.place_next() is Refusal.NEXT_PLACED  # not a second 2
    assert at(game, 0, 1) == 0
    game.set_cursor(1, 1)  # next to 2 (3 is not placed) and nothing else
    assert game.place_next() is None and at(game, 1, 1) == 3
    game.set_cursor(1, 1)  # the cursor's own 3 does not count as placed elsewhere
    assert game.next_number() == 3
    assert game.place_next() is Refusal.LINKED  # it joins 2: n leaves it
    assert at(game, 1, 1) == 3
    game.set_cursor(2, 0)  # next to 2 (its 3 placed) and a blank: nothing to count on
    assert game.place_next() is Refusal.NEXT_PLACED
    game.set_cursor(1, 2)  # next to 3 and 9: 9 is the last number, 4 is free
    assert game.place_next() is None and at(game, 1, 2) == 4


def test_place_next_joins_two_neighbours_first():
    game = make_game([[1, 0, 3], [0, 0, 0], [0, 0, 9]])
    game.set_cursor(0, 1)  # between 1 and 3: only 2 can stand here, not 4
    assert game.next_number() == 2
    assert game.place_next() is None and at(game, 0, 1) == 2
    game = make_game([[5, 0, 7], [0, 2, 0], [0, 0, 9]])
    game.set_cursor(0, 1)  # next to 5, 7 and 2: 6 joins 5 and 7, though 3 and 8 are free
    assert game.next_number() == 6


def test_place_next_at_the_last_number_says_nothing_follows_it():
    game = make_game([[1, 0], [0, 4]])
    game.set_cursor(1, 0)  # next to 1 and 4 (the last)
    game.set_value(cell(game, 0, 1), 2)  # 1's next is placed: nothing to count on
    assert game.place_next() is Refusal.NEXT_PLACED
    game = make_game([[0, 0], [0, 4]])
    game.set_cursor(0, 1)  # next to 4 only
    assert game.place_next() is Refusal.AFTER_LAST
    assert at(game, 0, 1) == 0


def test_place_next_replaces_an_entry():
    game = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    game.set_value(1, 7)
    game.set_cursor(0, 1)
    assert game.place_next() is None
    assert at(game, 0, 1) == 2


# ----- fill, reveal and their undo ---------------------------------------------------------
def test_fill_is_one_undoable_batch_and_skips_givens_and_equal_cells():
    game = make_game()
    c = game.geometry.cell
    game.set_value(c(0, 1), 3)
    assert game.fill([(c(0, 1), 3), (c(0, 2), 2), (c(0, 0), 9), (c(2, 2), 12)], "auto-fill") is None
    assert at(game, 0, 2) == 2 and at(game, 2, 2) == 12 and at(game, 0, 0) == 4
    move = game.history[-1]
    assert isinstance(move, Batch) and move.label == "auto-fill" and len(move.changes) == 2
    game.undo()
    assert at(game, 0, 2) == 0 and at(game, 2, 2) == 0 and at(game, 0, 1) == 3
    assert game.fill([(c(0, 0), 4)], "auto-fill") is Refusal.NOTHING_TO_FILL
    assert game.fill([(c(0, 1), 99)], "auto-fill") is Refusal.OUT_OF_RANGE


def test_reveal_fills_the_board_can_be_undone_and_earns_no_best_time():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    game.set_value(cell(game, 0, 1), 2)  # a wrong entry, corrected by the reveal
    clock.now += 30
    assert game.reveal(np.array(SOLUTION)) is None
    assert np.array_equal(game.grid, np.array(SOLUTION))
    assert game.solved is not None and game.solved.revealed
    assert game.revealed
    assert not game.moves_final  # (the moves list may be walked back past it)
    assert game.undo() is None  # the reveal can be taken back
    assert game.solved is None
    assert at(game, 0, 1) == 2
    clock.now += 5
    assert game.elapsed() == 35  # the clock runs again
    assert game.revealed  # but the game saw the answer


def test_reveal_refuses_a_grid_that_is_not_a_solution():
    game = make_game()
    with pytest.raises(ValueError):
        game.reveal(np.array(GIVENS))


def test_a_solve_by_hand_after_an_undone_reveal_is_final_but_marked_seen():
    game = make_game()
    assert game.reveal(np.array(SOLUTION)) is None
    assert game.undo() is None
    fill_solution(game)  # the player types it in
    assert game.solved is not None and not game.solved.revealed  # the player's own solve
    assert game.undo() is Refusal.SOLVED  # so it stays
    assert game.revealed  # (and the game saw the answer: no best time)


def test_a_real_solve_stays_final():
    game = make_game()
    fill_solution(game)
    assert not game.solved.revealed
    assert game.undo() is Refusal.SOLVED
    assert game.restart() is Refusal.SOLVED


# ----- check: conflicts the player can see -------------------------------------------------
def test_stranded_number_is_a_conflict():
    # 5 in a corner needs both its free neighbours for 4 and 6; filling one strands it.
    game = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    c = game.geometry.cell
    game.set_value(c(2, 2), 5)
    assert game.conflicts() == []
    game.set_value(c(1, 2), 8)
    stranded = [k for k in game.conflicts() if k.kind is ConflictKind.STRANDED]
    assert [k.numbers for k in stranded] == [(5,)]
    assert set(stranded[0].cells) == {c(2, 2), c(1, 2)}  # the number and what walls it in
    assert (stranded[0].needs, stranded[0].free) == ((4, 6), 1)  # (what a check says)
    game.set_value(c(1, 2), 6)  # its successor next to it: fine again
    assert game.conflicts() == []


def test_end_numbers_need_one_side_only():
    game = make_game([[0, 0], [0, 0]])
    c = game.geometry.cell
    game.set_value(c(0, 0), 1)
    game.set_value(c(0, 1), 3)
    game.set_value(c(1, 0), 4)  # 1 has no free side left for 2
    assert any(k.kind is ConflictKind.STRANDED and k.numbers == (1,) for k in game.conflicts())


def test_check_cells_mark_entries_not_givens():
    game = make_game()
    c = game.geometry.cell
    game.set_value(c(2, 2), 15)  # broken links with the given 14 and 16
    assert game.check_cells() == frozenset({c(2, 2)})
    game.set_value(c(2, 2), 0)
    assert game.check_cells() == frozenset()


def test_check_marks_the_number_the_givens_refute_not_a_right_one_it_clashes_with():
    """starter-2 with a wrong 5 at A1 (too far from the given 4 at C4) and a right 7 at E5:
    both were marked, as 5 and 7 are too far apart too, and the player was led to erase
    the 7."""
    game = make_game([[0, 0, 25, 0, 0], [16, 19, 0, 0, 0], [0, 14, 3, 0, 0],
                      [0, 0, 4, 0, 0], [0, 10, 0, 0, 0]])
    c = game.geometry.cell
    game.set_value(c(0, 0), 5)
    game.set_value(c(4, 4), 7)
    assert {(4, 5), (5, 7)} <= {k.numbers for k in game.conflicts()}
    assert game.check_cells() == frozenset({c(0, 0)})
    game.set_value(c(0, 0), 0)
    assert game.check_cells() == frozenset()


def test_check_does_not_take_a_wall_for_certain_when_the_walls_named_may_be_right():
    """starter-2 with a second 4 at D3 (wrong), a right 20 at C2 and a wrong 20 at B1: the
    given 3 is walled in, and of its walls only the right 20 is named (the 4 is one away
    from 3), so the right 20 was taken as wrong for certain and the wrong one at B1 went
    unmarked."""
    game = make_game([[0, 0, 25, 0, 0], [16, 19, 0, 0, 0], [0, 14, 3, 0, 0],
                      [0, 0, 4, 0, 0], [0, 10, 0, 0, 0]])
    c = game.geometry.cell
    game.set_value(c(2, 3), 4)  # D3: the given 4 is at C4
    game.set_value(c(1, 2), 20)  # C2: right
    game.set_value(c(0, 1), 20)  # B1: wrong (18 goes there)
    marked = game.check_cells()
    assert {c(2, 3), c(0, 1)} <= marked  # both wrong numbers


def test_check_marks_both_numbers_that_clash_only_with_each_other():
    game = make_game([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [16, 0, 0, 0]])
    c = game.geometry.cell
    game.set_value(c(1, 1), 7)  # each fits the givens 1 and 16...
    game.set_value(c(3, 2), 8)  # ...but 7 and 8 are not next to each other
    assert [k.numbers for k in game.conflicts()] == [(7, 8)]
    assert game.check_cells() == frozenset({c(1, 1), c(3, 2)})


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(2, 6),
    cols=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    share=st.sampled_from([0.2, 0.4]),
)
def test_check_on_one_wrong_number_among_right_ones(rows, cols, seed, share):
    """Right numbers alone are never marked; with one wrong number among them, the check
    marks it whenever the board shows a conflict, and nothing else when a given alone
    refutes it."""
    rng = random.Random(seed)
    path = grid_of(rows, cols, random_path(rows, cols, rng))
    keep = np.array([rng.random() < share for _ in range(rows * cols)]).reshape(rows, cols)
    game = make_game(np.where(keep, path, 0).astype(np.int16).tolist())
    blanks = [k for k in range(rows * cols) if not keep.flat[k]]
    if len(blanks) < 2:
        return
    for k in rng.sample(blanks, rng.randint(1, len(blanks) - 1)):
        game.set_value(k, int(path.flat[k]))  # right numbers
    assert game.check_cells() == frozenset()
    free = [k for k in blanks if game.value(k) == 0]
    on_board = set(game.grid.ravel().tolist())
    absent = [n for n in range(1, rows * cols + 1) if n not in on_board]
    cell = rng.choice(free)
    wrong = rng.choice([n for n in absent if n != int(path.flat[cell])] or [0])
    if wrong == 0:
        return
    game.set_value(cell, wrong)
    marked = game.check_cells()
    if game.conflicts():
        assert cell in marked
    refuted_by_givens = any(
        [k for k in conflict.cells if not game.is_given(k)] == [cell]
        for conflict in game.conflicts() if conflict.kind is not ConflictKind.STRANDED
    )
    if refuted_by_givens:
        assert marked == frozenset({cell})


def test_givens_that_break_a_rule_alone_are_told_apart_from_a_wrong_entry():
    game = make_game()
    c = game.geometry.cell
    game.set_value(c(2, 2), 15)  # an entry in conflict with givens: the player can mend it
    assert game.check_cells() and not game.givens_conflict()
    apart = make_game([[1, 0, 0], [0, 0, 0], [0, 0, 2]])  # 1 and 2 given far apart
    assert apart.givens_conflict()
    assert not make_game([[1, 2, 0], [0, 0, 0], [0, 0, 0]]).givens_conflict()


def test_wrong_entries_compare_with_the_solution():
    from numbrix_curses.conflicts import wrong_entries

    game = make_game()
    c = game.geometry.cell
    game.set_value(c(0, 1), 2)
    game.set_value(c(0, 2), 2)
    assert wrong_entries(game.grid, np.array(SOLUTION)) == [c(0, 1)]


# ----- the move history --------------------------------------------------------------------
def test_describe_moves():
    assert describe_move(SetCell(2, 0, 12), 4) == "12 at C1"
    assert describe_move(SetCell(5, 12, 0), 4) == "B2 cleared (12)"
    assert describe_move(SetCell(5, 3, 12), 4) == "12 at B2 (was 3)"
    assert describe_move(Batch((SetCell(0, 0, 1), SetCell(1, 0, 2)), "auto-fill"), 4) == (
        "auto-fill: 2 cells"
    )


def test_future_lists_redo_moves_next_first():
    game = make_game()
    game.set_value(cell(game, 0, 1), 3)
    game.set_value(cell(game, 0, 2), 2)
    game.undo()
    game.undo()
    assert game.future == (SetCell(cell(game, 0, 1), 0, 3), SetCell(cell(game, 0, 2), 0, 2))


# ----- saving and restoring ----------------------------------------------------------------
def test_state_round_trip_keeps_board_history_cursor_and_time():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    c = game.geometry.cell
    game.set_value(c(0, 1), 3)
    game.auto_fill([(c(0, 2), 2), (c(2, 2), 12)])
    game.set_value(c(1, 2), 15)
    game.undo()
    game.set_cursor(3, 3)
    game.note_hint()
    clock.now += 42
    state = game.to_state()
    clock2 = FakeClock(START)
    again = Game.from_state(Puzzle.from_rows(GIVENS), state, clock=clock2)
    assert np.array_equal(again.grid, game.grid)
    assert again.history == game.history
    assert again.future == game.future
    assert again.cursor == (3, 3)
    assert again.elapsed() == 42
    assert again.hints == 1 and again.fills == 1 and again.assisted
    clock2.now += 3
    assert again.elapsed() == 45
    assert again.redo() is None and again.value(c(1, 2)) == 15


def test_hints_and_auto_fill_make_a_game_assisted():
    game = make_game()
    c = game.geometry.cell
    assert not game.assisted
    assert game.auto_fill([(c(0, 0), 4)]) is Refusal.NOTHING_TO_FILL  # 4 is given there
    assert game.fills == 0 and not game.assisted
    assert game.auto_fill([(c(0, 1), 3)]) is None
    assert game.fills == 1 and game.assisted
    assert game.history[-1].label == "auto-fill"
    hinted = make_game()
    hinted.note_hint()
    assert hinted.assisted


def test_a_solution_shown_without_filling_the_board_makes_the_game_assisted_and_is_saved():
    game = make_game()
    before = game.revision
    game.note_solution_shown()
    assert game.assisted and game.revision > before  # (a saver writes it down)
    assert game.value(game.geometry.cell(0, 1)) == 0  # the board is as it was
    assert Game.from_state(Puzzle.from_rows(GIVENS), game.to_state()).assisted


def test_numbers_from_help_are_told_from_the_players_own():
    """Before the solution is known the app gives hints only on a board whose numbers are
    all right: the givens and what help placed (see `ui.play_help.PlayHelp._start_help`)."""
    game = make_game()
    c = game.geometry.cell
    assert game.numbers_from_help()  # the givens alone
    assert game.place_hint(c(0, 2), 2) is None and game.value(c(0, 2)) == 2
    assert game.auto_fill([(c(0, 1), 3)]) is None
    assert game.numbers_from_help()
    assert game.set_value(c(2, 1), 13) is None  # the player's own (right, but unknown)
    assert not game.numbers_from_help()
    assert game.undo() is None and game.numbers_from_help()
    assert game.set_value(c(0, 1), 15) is None  # typed over what help put there
    assert not game.numbers_from_help()
    assert game.set_value(c(0, 1), 3) is None  # the same number again: as right as before
    assert game.numbers_from_help()
    assert game.place_hint(c(0, 0), 9) is Refusal.GIVEN  # refused: remembers nothing
    assert game.numbers_from_help()


@pytest.mark.parametrize("bad", [-1, "2", True, 1.5, None])
def test_a_bad_assist_count_in_a_save_reads_as_none(bad):
    state = {**make_game().to_state(), "hints": bad, "fills": bad}
    again = Game.from_state(Puzzle.from_rows(GIVENS), state)
    assert again.hints == 0 and again.fills == 0 and not again.assisted


def test_an_assist_count_of_thousands_of_digits_in_a_save_reads_as_the_most_kept():
    """A save edited to count 4,300 digits of hints and as many fills opened, and the panel's
    "(N assists)", their sum written as text, ended the app with an internal error (Python
    writes no int of more than 4,300 digits)."""
    from numbrix_curses.gamestate import MAX_COUNT
    from numbrix_curses.ui.play_words import moves_value

    many = int("9" * 4300)
    state = {**make_game().to_state(), "hints": many, "fills": many}
    again = Game.from_state(Puzzle.from_rows(GIVENS), state)
    assert again.hints == again.fills == MAX_COUNT and again.assisted
    assert moves_value(again.moves, again.hints, again.fills, 20).endswith("assists)")
    assert again.to_state()["hints"] == MAX_COUNT


def test_a_game_left_paused_opens_paused_with_its_clock_still():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    game.set_value(cell(game, 0, 1), 3)
    clock.now += 10
    game.pause()
    clock.now += 100  # paused: this does not count
    clock2 = FakeClock(START)
    again = Game.from_state(Puzzle.from_rows(GIVENS), game.to_state(), clock=clock2)
    assert again.paused
    clock2.now += 50
    assert again.elapsed() == 10
    again.resume()
    clock2.now += 5
    assert again.elapsed() == 15
    running = Game.from_state(Puzzle.from_rows(GIVENS), again.to_state(), clock=clock2)
    assert not running.paused


def test_the_moves_of_a_game_solved_by_hand_are_final():
    game = make_game()
    assert not game.moves_final
    fill_solution(game)
    assert game.moves_final and game.undo() is not None  # (refused: the solve stands)


def test_state_of_a_solved_game_restores_solved():
    clock = FakeClock(START)
    game = make_game(clock=clock)
    game.set_cursor(1, 2)
    game.toggle_pencil()
    game.type_digit(3)  # a pencil mark: a move, but not one that changed a number
    game.toggle_pencil()
    clock.now += 42
    fill_solution(game)
    record = game.solved
    assert record is not None and record.marks == 1 and not record.revealed
    again = Game.from_state(Puzzle.from_rows(GIVENS), game.to_state(), clock=FakeClock(START))
    assert again.solved == record  # time, moves, marks and how it was solved
    assert again.solved.seconds == 42 and again.elapsed() == 42  # (the clock stays stopped)


@pytest.mark.parametrize(
    "state",
    [
        "nonsense",
        {"moves": "x"},
        {"moves": [[0, 0, 5]]},  # changes a given
        {"moves": [[1, 5, 3]]},  # old value does not match the board
        {"moves": [[99, 0, 3]]},  # off the board
        {"moves": [[1, 0, 17]]},  # out of range
        {"moves": [[1, 0]]},
        {"moves": [[1, 0, True]]},
        {"moves": [{"label": "x", "changes": []}]},
        {"moves": [], "redo": [[1, 3, 0]]},  # redo that does not follow the board
        {"cursor": 16},
        {"elapsed": -1},
        {"elapsed": "soon"},
    ],
)
def test_state_that_does_not_fit_is_refused(state):
    from numbrix_curses.moves import StateError

    with pytest.raises(StateError):
        Game.from_state(Puzzle.from_rows(GIVENS), state, clock=FakeClock(START))


def test_revision_changes_with_every_change_only():
    game = make_game()
    start = game.revision
    game.move_cursor(0, 1)
    assert game.revision == start
    game.type_digit(2)
    assert game.revision > start


def test_editing_mode_never_declares_a_win():
    game = Game(Puzzle.from_rows([[0, 0], [0, 0]]), clock=FakeClock(START), track_completion=False)
    for cell_, value in enumerate([1, 2, 4, 3]):
        game.set_value(cell_, value)
    assert game.is_complete()
    assert game.solved is None
    assert game.set_value(0, 0) is None  # still editable


# ----- drawing the path (Shift-arrows, a drag) ------------------------------------------------
def test_drawing_counts_on_from_a_number_and_runs_through_the_givens_it_meets():
    game = make_game()
    game.set_cursor(0, 3)  # the 1
    for step in [(0, -1), (0, -1), (0, -1)]:  # 2, 3, then onto the given 4
        assert game.extend(*step) is None
    assert game.grid[0].tolist() == [4, 3, 2, 1] and game.cursor == (0, 0)
    assert game.moves == 1  # a stroke is one move
    game.set_cursor(1, 3)  # the 16, the last number: drawing from it counts down
    for step in [(0, -1), (0, -1), (1, 0), (0, 1)]:  # 15, onto the given 14, 13, 12
        assert game.extend(*step) is None
    assert game.grid.tolist() == SOLUTION and game.solved is not None
    assert game.extend(0, -1) is Refusal.SOLVED


def test_drawing_from_a_number_gives_the_one_before_where_only_that_one_can_stand():
    """From 14 into B3, 15 (the number after, as ever first) is three steps from the 16
    at D2: it cannot stand there, and 13 can. Into C2 15 can, and goes."""
    game = make_game()
    game.set_cursor(1, 1)  # the given 14
    assert game.extend(1, 0) is None
    assert game.value(9) == 13
    game.undo()
    game.set_cursor(1, 1)
    assert game.extend(0, 1) is None
    assert game.value(6) == 15


def test_a_stroke_that_runs_into_the_end_of_the_numbers_counts_the_other_way():
    """Before: dragged left from the 4 of ". . . 4 .", 5 went into C1, and each cell after
    said there was nothing to draw from 5, the last number: no drag could draw 3, 2, 1."""
    game = make_game([[0, 0, 0, 4, 0]])
    game.set_cursor(0, 3)
    assert game.extend(0, -1) is None and game.grid.tolist() == [[0, 0, 5, 4, 0]]
    assert game.extend(0, -1) is None and game.grid.tolist() == [[0, 2, 3, 4, 0]]
    assert game.extend(0, -1) is None and game.grid.tolist() == [[1, 2, 3, 4, 0]]
    assert game.extend(0, 1) is None and game.grid.tolist() == [[0, 2, 3, 4, 0]]  # back
    assert game.moves == 1 and game.undo() is None  # still one stroke, one move
    assert game.grid.tolist() == [[0, 0, 0, 4, 0]]
    # only where the other way is free: from the 4 of ". . . 4 . 2", 5, 6, then the end;
    # 3 and 2 the other way, and 2 is placed, so it stops there, saying why
    game = make_game([[0, 0, 0, 4, 0, 2]])
    game.set_cursor(0, 3)
    assert game.extend(0, -1) is None and game.extend(0, -1) is None
    assert game.extend(0, -1) is Refusal.END_PLACED
    assert game.grid.tolist() == [[0, 6, 5, 4, 0, 2]] and game.cursor == (0, 1)
    # nor where a number the other way cannot stand: from the 2, a right 1 above it, then
    # left: 3 there and 4 beside it, four steps from the 6, were drawn over the 1
    game = make_game([[0, 0, 15, 0], [12, 0, 0, 0], [0, 0, 0, 2], [6, 0, 0, 0]])
    game.set_cursor(2, 3)
    assert game.extend(-1, 0) is None and game.value(7) == 1
    assert game.extend(0, -1) is Refusal.END_PLACED
    assert game.value(7) == 1 and game.value(6) == 0


def test_stepping_back_along_a_drawn_path_takes_its_numbers_back():
    game = make_game()
    game.set_cursor(0, 3)
    game.extend(0, -1)
    game.extend(0, -1)  # 2, 3
    game.extend(1, 0)  # onto the given 14: stepped on, nothing drawn
    assert game.extend(-1, 0) is None  # back off it: the 3 stays
    assert at(game, 0, 1) == 3 and at(game, 1, 1) == 14
    assert game.extend(0, 1) is None and game.cursor == (0, 2)  # back onto the 2: 3 goes
    assert at(game, 0, 1) == 0 and at(game, 0, 2) == 2
    assert game.extend(0, 1) is None and game.grid[0].tolist() == [4, 0, 0, 1]
    assert game.moves == 0  # all it drew taken back: the stroke left nothing to undo
    assert game.undo() is Refusal.NOTHING_TO_UNDO


def test_a_stroke_is_undone_and_redone_as_one_move():
    """Dragging out a path and pressing u took it back one number a press; a stroke is
    one move now, less what it took back, and ends with anything else done."""
    game = make_game()
    game.set_value(cell(game, 2, 2), 12)  # a move before the stroke: undo stops there
    game.set_cursor(0, 3)  # the 1
    for step in [(0, -1), (1, 0), (-1, 0), (0, -1), (0, -1)]:
        # 2, 3 below it, back (the 3 goes), 3 beside it, onto the given 4
        assert game.extend(*step) is None
    assert game.grid[0].tolist() == [4, 3, 2, 1] and at(game, 1, 2) == 0
    assert game.moves == 2
    assert describe_move(game.history[-1], game.cols) == "drew 2-3"
    assert game.undo() is None
    assert game.grid[0].tolist() == [4, 0, 0, 1] and at(game, 2, 2) == 12
    assert game.redo() is None and game.grid[0].tolist() == [4, 3, 2, 1]
    game.set_cursor(1, 3)  # the 16, the last number
    game.extend(0, -1)  # 15
    game.undo()  # the stroke ends: another drag starts a new move
    game.set_cursor(1, 3)
    game.extend(0, -1)
    game.extend(0, -1)  # onto the given 14
    game.extend(1, 0)  # 13
    assert game.moves == 3
    assert describe_move(game.history[-1], game.cols) == "drew 13-15"  # (through the 14)
    assert game.solved is not None and game.solved.moves == 3  # the solve counts strokes


def test_a_drag_that_starts_where_the_last_ended_is_a_move_of_its_own_on_the_same_path():
    """A press puts the cursor on its cell: what is drawn after it is a new move, but
    going back over the numbers the drag before drew still takes them back."""
    game = make_game()
    game.set_cursor(0, 3)
    game.extend(0, -1)  # 2
    game.set_cursor(0, 2)  # the next drag's press, on the 2
    game.extend(0, -1)  # 3
    assert game.moves == 2 and game.grid[0].tolist() == [4, 3, 2, 1]
    game.set_cursor(0, 1)
    game.extend(0, 1)  # back over the 3 (drawn by the drag before): it goes
    game.extend(0, 1)  # and the 2
    assert game.grid[0].tolist() == [4, 0, 0, 1] and game.moves == 3
    assert describe_move(game.history[-1], game.cols) == "took back 2-3"
    game.undo()  # the taking back was one move
    assert game.grid[0].tolist() == [4, 3, 2, 1]
    # an arrow away and back between two Shift-arrows: two moves (they were one)
    game = make_game()
    game.set_cursor(0, 3)
    game.extend(0, -1)  # 2
    game.move_cursor(0, 1)
    game.move_cursor(0, -1)
    game.extend(0, -1)  # 3
    assert game.grid[0].tolist() == [4, 3, 2, 1] and game.moves == 2


def test_a_stroke_that_takes_back_and_draws_again_is_said_to_redraw():
    game = make_game()
    game.set_cursor(0, 3)
    game.extend(0, -1)  # 2
    game.set_cursor(0, 2)
    game.extend(1, 0)  # 3 below the 2
    game.set_cursor(1, 2)
    game.extend(-1, 0)  # back over the 3 (drawn by the drag before): it goes
    game.extend(0, -1)  # 3 beside the 2 instead
    assert describe_move(game.history[-1], game.cols) == "redrew 3"


def test_from_an_empty_cell_onto_a_number_and_back_draws():
    game = make_game()
    game.set_cursor(0, 2)  # empty, beside the 1
    assert game.extend(0, 1) is None and game.cursor == (0, 3)  # onto the 1: a step
    assert game.extend(0, -1) is None  # back: the cell is empty, so 2 is drawn there
    assert at(game, 0, 2) == 2 and game.cursor == (0, 2)
    assert game.extend(0, 1) is None  # back onto the 1 again: the 2 just drawn goes
    assert at(game, 0, 2) == 0


def test_a_number_typed_between_ends_the_path_being_drawn():
    game = make_game()
    game.set_cursor(0, 3)
    game.extend(0, -1)  # 2
    game.type_digit(2)
    game.commit()  # the player types over the 2 the path drew
    assert game.extend(0, 1) is None  # onto the 1: a step, not a retrace
    assert at(game, 0, 2) == 2 and game.cursor == (0, 3)


def test_drawing_says_why_it_cannot_go_on():
    game = make_game()
    game.set_cursor(0, 1)
    assert game.extend(0, 1) is Refusal.DRAW_FROM_NUMBER  # from an empty cell
    game.set_cursor(2, 0)  # the 6: 5 and 7 are both on the board
    assert game.extend(0, 1) is Refusal.BOTH_PLACED
    game.set_cursor(3, 3)  # the 10 in the corner: nowhere further
    assert game.extend(1, 0) is None and game.cursor == (3, 3)
    game = make_game([[1, 2, 0], [0, 0, 0], [0, 0, 0]])
    game.set_cursor(0, 0)
    assert game.extend(1, 0) is Refusal.END_PLACED  # 1 starts the path, 2 is placed
    assert game.grid.tolist()[1] == [0, 0, 0]
    game.pause()
    assert game.extend(0, 1) is Refusal.PAUSED


def _put(game: Game, placements: list[tuple[tuple[int, int], int]]) -> Game:
    """`game` with each number of `placements` ((row, col), number) put down by the player."""
    for (row, col), number in placements:
        assert game.set_value(game.geometry.cell(row, col), number) is None
    return game


def test_drawing_on_over_a_wrong_number_moves_it_along():
    """1 to 4 joined, and a 5 put down where it does not join the 4: drawing on from the 4
    said "Nothing to draw from 4" until the 5 was cleared by hand. The 5 follows the
    drawing, in the same move, and back over it goes back; a given, or a number that joins
    the one drawn from, stays."""
    game = _put(make_game([[1, 0, 0], [0, 0, 0], [0, 0, 9]]),
                [((0, 1), 2), ((0, 2), 3), ((1, 2), 4), ((2, 0), 5)])
    moves = game.moves
    game.set_cursor(1, 2)  # the 4: 3 joins it, 5 is away from it
    assert game.extend(0, -1) is None  # into B2: the 5 moves there
    assert game.grid.tolist() == [[1, 2, 3], [0, 5, 4], [0, 0, 9]]
    assert game.moved_along == (5, game.geometry.cell(2, 0))  # (what the play screen says)
    # Back over it, the 5 goes back where it was (it was erased: a jitter of the mouse
    # lost a number out of sight), and a stroke that took back all it did is no move.
    assert game.extend(0, 1) is None
    assert game.grid.tolist() == [[1, 2, 3], [0, 0, 4], [5, 0, 9]]
    assert game.moves == moves and game.moved_along is None
    assert game.extend(0, -1) is None  # and on again, in the same stroke
    assert game.extend(0, -1) is None  # and on: 6 is on the board nowhere, so drawn
    assert game.grid.tolist() == [[1, 2, 3], [6, 5, 4], [0, 0, 9]]
    assert game.moves == moves + 1  # one stroke, one move
    game.undo()
    assert at(game, 2, 0) == 5 and at(game, 1, 1) == 0 and at(game, 1, 0) == 0
    # A given is not moved: from an 8 with the given 9 and a 7 both away from it, the 7
    # comes along, the 9 stays.
    game = _put(make_game([[1, 0, 0], [0, 0, 0], [0, 0, 9]]), [((0, 2), 8), ((2, 0), 7)])
    game.set_cursor(0, 2)
    assert game.extend(1, 0) is None
    assert game.grid.tolist() == [[1, 0, 8], [0, 0, 7], [0, 0, 9]]
    # Nor is one that joins the number drawn from: the 2 and the 4 both beside the 3.
    game = _put(make_game([[1, 0, 0], [0, 0, 0], [0, 0, 9]]),
                [((0, 1), 2), ((1, 1), 3), ((1, 2), 4)])
    game.set_cursor(1, 1)
    assert game.extend(1, 0) is Refusal.BOTH_PLACED
    assert at(game, 2, 1) == 0


_STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    share=st.sampled_from([0.1, 0.3, 0.6]),
    steps=st.lists(st.sampled_from(_STEPS), max_size=40),
)
def test_drawing_keeps_the_givens_and_never_doubles_a_number(rows, cols, seed, share, steps):
    rng = random.Random(seed)
    path = grid_of(rows, cols, random_path(rows, cols, rng))
    keep = np.array([rng.random() < share for _ in range(rows * cols)]).reshape(rows, cols)
    game = make_game(np.where(keep, path, 0).astype(np.int16).tolist())
    start = game.grid.copy()
    # from a given where there is one (from a blank, drawing only says why it cannot)
    givens = np.flatnonzero(keep.ravel()).tolist() or list(range(rows * cols))
    game.set_cursor(*divmod(rng.choice(givens), cols))
    for step in steps:
        before = game.grid.copy()
        game.extend(*step)
        after = game.grid
        assert (after[keep] == start[keep]).all()  # the givens stay
        changed = np.flatnonzero(after.ravel() != before.ravel())
        if len(changed) > 1:
            # the stroke turned to count the other way (every cell it changed but the new
            # one held a number it drew, and now holds one of the other way), or it moved a
            # number along, or put one back
            assert (before.flat[changed] != 0).sum() == len(changed) - 1
        unchanged = np.delete(before.ravel(), changed)
        for cell in changed:
            new = int(after.flat[cell])
            # a number drawn is one that was nowhere else on the board; one taken back, a
            # blank
            assert new == 0 or (1 <= new <= rows * cols and new not in unchanged)
        drawn = after[after != 0]
        assert len(set(drawn.tolist())) == len(drawn)  # never one number twice
    if game.solved is None:  # (a solve is final: no undo after it)
        while game.undo() is None:
            pass
        assert (game.grid == start).all()  # every number drawn or taken back was a move


@pytest.mark.parametrize("digits, can_grow", [("1", True), ("2", True), ("3", False),
                                              ("25", False), ("9", False)])
def test_a_number_being_typed_can_grow_only_while_a_digit_more_fits(digits, can_grow):
    """On a 25-cell board 1 and 2 may become 10-25; 3 cannot grow, so it is as good as
    entered (the play screen says a full board is wrong without waiting for another key)."""
    game = Game(Puzzle.from_rows([[1] + [0] * 4] + [[0] * 5] * 4))
    game.move_cursor(0, 1)
    for digit in digits:
        game.type_digit(int(digit))
    assert game.pending is not None
    assert game.number_can_grow is can_grow
    game.commit()
    assert not game.number_can_grow


def test_find_says_where_a_number_and_its_nearest_neighbours_stand():
    game = Game(Puzzle.from_rows([[4, 0, 0, 1], [5, 14, 0, 16], [6, 0, 0, 11], [7, 8, 9, 10]]))
    assert game.find(14) == (5, (11, 11), (16, 7))
    assert game.find(3) == (None, (1, 3), (4, 0))
    assert game.find(1) == (3, None, (4, 0))
    game.set_cursor(0, 1)
    game.type_digit(3)
    game.commit()
    assert game.find(3) == (1, (1, 3), (4, 0))
    assert Game(Puzzle.from_rows([[0, 0], [0, 0]])).find(2) == (None, None, None)


# ----- a long game's history folded ---------------------------------------------------------
#: the blank cells of GIVENS, and two numbers each may take that never make the solution
#: (cell 1 holds 3 in it): a long game that is never solved
FOLD_CELLS = {1: (2, 12), 2: (3, 13), 6: (15, 2), 9: (13, 3), 10: (12, 15)}


def long_game(moves: int, clock: FakeClock | None = None) -> Game:
    """A game of about `moves` moves: numbers set, changed and cleared, pencil marks."""
    game = make_game(clock=clock)
    cells = list(FOLD_CELLS)
    for i in range(moves):
        where = cells[i % len(cells)]
        if i % 7 == 3 and game.value(where):
            game.clear(where)
            game.set_cursor(*divmod(where, 4))
            game.toggle_pencil()
            game.type_digit(3)  # (a mark of 3 in or out of the blank cell)
            game.commit()
            game.toggle_pencil()
        else:
            game.set_value(where, FOLD_CELLS[where][i % 2])
    return game


def text_chars(game: Game) -> int:
    return len("".join(game.state_text_parts()))


def test_folding_a_long_history_keeps_the_game_and_undoes_in_one_step():
    """A game too long to save has its first moves folded into one: the board, the pencil
    marks, the moves to redo, the clock and the count of moves played stay; the moves list
    shows the fold as the moves it stands for; undo takes them back at once, to the start,
    and redo brings them back."""
    clock = FakeClock(START)
    game = long_game(1500, clock)
    game.undo()
    game.undo()
    clock.now += 90
    grid, notes, future = game.grid.copy(), game.noted_cells, game.future
    played, elapsed, latest = game.moves_played, game.elapsed(), game.latest_moves(20)
    assert notes and len(future) == 2
    size = text_chars(game)
    fold = game.shorten_history(size // 2)
    assert fold is not None and fold.redo_dropped == 0 and fold.folded > 500
    assert text_chars(game) <= size // 2
    assert np.array_equal(game.grid, grid) and game.noted_cells == notes
    assert game.future == future and game.elapsed() == elapsed
    assert game.moves_played == played and game.moves == played - fold.folded + 1
    assert game.latest_moves(20) == latest  # (the recent moves are as they were)
    first = game.history[0]
    assert isinstance(first, Batch) and first.label == FOLD_LABEL and first.folded == fold.folded
    assert describe_move(first, game.cols) == f"{fold.folded:,} earlier moves"
    count = game.moves
    while game.moves > 1:
        game.undo()
    before_fold = game.grid.copy()
    assert game.undo() is None and game.moves == 0
    assert np.array_equal(game.grid, make_game().grid) and game.noted_cells == {}
    assert not np.array_equal(before_fold, game.grid)
    assert game.redo() is None and np.array_equal(game.grid, before_fold)
    while game.moves < count:
        game.redo()
    assert np.array_equal(game.grid, grid) and game.noted_cells == notes


def test_a_folded_game_saves_and_reads_back_as_it_was():
    clock = FakeClock(START)
    game = long_game(1200, clock)
    game.undo()
    game.shorten_history(text_chars(game) // 3)
    again = Game.from_state(game.puzzle, game.to_state(), clock=clock)
    assert again.history == game.history and again.future == game.future
    assert np.array_equal(again.grid, game.grid) and again.noted_cells == game.noted_cells
    assert again.moves_played == game.moves_played
    # (folded again later: the earlier fold goes into the new one, and the count adds up)
    for i in range(600):
        again.set_value(2, FOLD_CELLS[2][i % 2])
    played = again.moves_played
    assert again.shorten_history(text_chars(again) // 3) is not None
    assert again.moves_played == played
    assert again.history[0].folded > game.history[0].folded


def test_a_fold_that_changes_nothing_is_still_a_move_that_reads_back():
    """Moves that put everything back as it was fold into a move of no change: it still
    stands for them in the count, and the save holding it reads back."""
    game = make_game()
    for _ in range(300):
        game.set_value(1, 2)
        game.clear(1)
    game.set_value(2, 3)
    assert game.shorten_history(100) is not None
    first = game.history[0]
    assert first.changes == () and first.notes == () and first.folded == 600
    again = Game.from_state(game.puzzle, game.to_state())
    assert again.history == game.history and again.moves_played == 601


def test_a_solve_after_a_fold_counts_the_moves_folded():
    """A solve is told and kept on record by the moves played: those folded count, and the
    pencil marks among them count as marks, not numbers."""
    game = long_game(700)
    fold = game.shorten_history(text_chars(game) // 4)
    assert fold is not None and game.history[0].folded_marks > 0
    played, marks = game.moves_played, game.history[0].folded_marks
    marks += sum(isinstance(move, SetNotes) for move in game.history[1:])
    for (row, col), number in np.ndenumerate(np.array(SOLUTION)):
        if game.value(cell(game, row, col)) != number:
            game.set_value(cell(game, row, col), int(number))
            played += 1
    record = game.solved
    assert record is not None and record.moves == played and record.marks == marks


def test_the_number_being_typed_and_the_stroke_being_drawn_are_never_folded():
    """The top move may be the number being typed (the next digit replaces it) or the
    stroke being drawn (the next step merges into it): a fold leaves them as they are."""
    game = long_game(800)
    game.clear(1)
    game.set_cursor(0, 1)
    game.type_digit(1)  # (1 of 10-16 on 16 cells: it waits for another digit)
    game.shorten_history(10)
    game.type_digit(2)
    game.commit()
    assert at(game, 0, 1) == 12 and game.history[-1] == SetCell(1, 0, 12)
    game.clear(1)
    game.set_cursor(0, 0)  # the 4: drawing from it puts 3, then 2, beside it
    game.extend(0, 1)
    game.shorten_history(10)
    game.extend(0, 1)
    last = game.history[-1]
    assert isinstance(last, Batch) and last.label == DRAW_LABEL
    assert {change.cell for change in last.changes} >= {1, 2}
    assert game.history[0].label == FOLD_LABEL


def test_moves_to_redo_are_let_go_only_where_folding_is_not_enough():
    game = long_game(400)
    while game.moves > 3:
        game.undo()
    future = game.future
    fold = game.shorten_history(text_chars(game) - 10)
    assert fold is not None and fold.redo_dropped == len(future) and not game.can_redo
    assert game.shorten_history(text_chars(game)) is None


@given(cursor=st.integers(0, 15), elapsed=st.floats(0, 10**6, allow_nan=False),
       revealed=st.booleans(), hints=st.integers(0, 500), fills=st.integers(0, 500),
       paused=st.booleans(), pencil=st.booleans())
def test_a_saves_play_state_reads_back_as_written(cursor, elapsed, revealed, hints, fills,
                                                   paused, pencil):
    """What a save holds besides the moves is named in one place (`gamestate.PlayState`):
    written and read back, it is the same state (the time to the millisecond)."""
    import json

    from numbrix_curses.gamestate import PlayState, read_play_state, state_data, state_text
    from numbrix_curses.moves import MoveStack

    play = PlayState(cursor, elapsed, revealed, hints, fills, paused, pencil)
    data = state_data(MoveStack(), MoveStack(), play)
    assert json.loads("".join(state_text(MoveStack(), MoveStack(), play))) == data
    back = read_play_state(json.loads(json.dumps(data)), 0, 16)
    assert back == PlayState(cursor, round(elapsed, 3), revealed, hints, fills, paused, pencil)
