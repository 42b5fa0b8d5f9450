"""What drawing the path puts where (`drawing`), as pure functions of a board; `Game.extend`
and its tests in test_game.py cover the moves it makes of them."""
from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.drawing import could_stand, drawn_number, moved_number, turned_stroke
from numbrix_curses.puzzle import geometry
from brute import grid_of, random_path


def _row(*values: int) -> np.ndarray:
    return np.array(values, dtype=np.int16)


def test_a_stroke_draws_the_number_after_and_down_when_that_one_is_placed() -> None:
    geo = geometry(1, 5)
    assert drawn_number(_row(0, 0, 0, 4, 0), geo, 3, 4) == 5
    assert drawn_number(_row(0, 0, 0, 4, 5), geo, 3, 2) == 3
    # both numbers either side placed, or the cell blank: nothing to draw
    assert drawn_number(_row(0, 3, 0, 4, 5), geo, 3, 2) is None
    assert drawn_number(_row(0, 0, 0, 4, 0), geo, 2, 1) is None


def test_the_number_before_when_only_it_can_stand_there() -> None:
    # a 6 at the far left, a 4 drawn leftward from the right: a 5 beside the 4 would be
    # three steps from the 6, so the stroke draws the 3 (three steps from it, as it must)
    geo = geometry(1, 6)
    flat = _row(6, 0, 0, 0, 4, 0)
    assert not could_stand(flat, 6, 5, 3)
    assert could_stand(flat, 6, 3, 3)
    assert drawn_number(flat, geo, 4, 3) == 3


def test_a_number_put_down_away_from_the_stroke_is_moved_along_but_never_a_given() -> None:
    geo = geometry(1, 6)
    flat = _row(4, 5, 0, 0, 6, 0)
    free = np.zeros(6, dtype=bool)
    assert moved_number(flat, geo, free, 1) == (6, 4)
    given = free.copy()
    given[4] = True
    assert moved_number(flat, geo, given, 1) is None
    # beside the cell, the 6 already joins the 5: nothing to move
    assert moved_number(_row(4, 5, 6, 0, 0, 0), geo, free, 1) is None


def test_a_stroke_that_counted_the_wrong_way_is_turned_round() -> None:
    geo = geometry(1, 5)
    # dragged left from the 4 of ". . . 4 .": it drew 5 in the middle cell, then found
    # nothing to draw from 5 toward the 6 at the end; turned, 3 then 2
    flat = _row(0, 0, 5, 4, 6)
    stroke = [(3, False), (2, True)]
    assert turned_stroke(flat, geo, stroke, {}, 1) == [3, 2]
    # a cell the stroke only passed, or a number it moved there: not turned
    assert turned_stroke(flat, geo, [(3, False), (2, False)], {}, 1) is None
    assert turned_stroke(flat, geo, stroke, {2: 0}, 1) is None


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 2**32 - 1), st.data())
def test_a_drawn_number_is_free_next_to_its_own_and_within_reach(
    rows: int, cols: int, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    geo = geometry(rows, cols)
    solution = grid_of(rows, cols, random_path(rows, cols, rng)).ravel()
    keep = data.draw(st.lists(st.booleans(), min_size=geo.size, max_size=geo.size))
    flat = np.where(keep, solution, 0).astype(np.int16)
    cell = data.draw(st.integers(0, geo.size - 1))
    target = data.draw(st.sampled_from(geo.neighbours[cell]))
    if flat[target]:
        return
    number = drawn_number(flat, geo, cell, target)
    if number is None:
        assert flat[cell] == 0 or {flat[cell] - 1, flat[cell] + 1} & set(range(1, geo.size + 1)) \
            <= set(flat.tolist())
        return
    assert abs(number - int(flat[cell])) == 1
    assert number not in flat.tolist() and 1 <= number <= geo.size
    # the one after is drawn unless it is placed or cannot stand there
    after = int(flat[cell]) + 1
    if number != after and after <= geo.size and after not in flat.tolist():
        assert not could_stand(flat, cols, after, target)
