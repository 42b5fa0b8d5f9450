"""Two givens each typed as another number (`pairslips`): the checks without a solve never
drop a pair that gives a solution, checked against every path of small boards; the pairs
named are exactly the ones of the likeliest tier that give one solution; and the typing
slips themselves (`typos`)."""
from __future__ import annotations

import random
import time

import numpy as np
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from brute import all_paths, grid_of, random_path
from helpers import SWAPPED_12X12, TURNED_BACK, TWO_TURNED_8X8
from numbrix_curses import pairslips
from numbrix_curses.pairslips import (
    SLIPS,
    NumberPair,
    Retyped,
    find_number_pairs,
    pair_candidates,
    solvable_without,
)
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import Status, count_solutions, solve
from numbrix_curses.textformat import parse_puzzles
from numbrix_curses.typos import (
    one_digit_changed,
    slip_cost,
    turned_round,
    typing_neighbours,
)

@st.composite
def typed_twice(draw):
    """A board of at most 25 cells made from a path, with two givens each typed as another
    number one slip of the hand away (`SLIPS`), or, now and then, as any number."""
    rows, cols = draw(st.integers(3, 5)), draw(st.integers(3, 5))
    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = grid_of(rows, cols, random_path(rows, cols, rng))
    share = draw(st.sampled_from([0.3, 0.5, 0.7]))
    flat = np.where([rng.random() < share for _ in range(rows * cols)], grid.ravel(), 0)
    for cell in rng.sample(range(rows * cols), 2):
        right = int(grid.ravel()[cell])
        # (a number given twice is refused as it is read: never a board to check)
        free = set(range(1, rows * cols + 1)) - set(flat.tolist())
        slips = [n for slip in SLIPS for n in slip(right) if n in free]
        flat[cell] = rng.choice(slips) if slips and rng.random() < 0.8 else rng.choice(
            sorted(free) or [flat[cell]])
    return Puzzle(flat.reshape(rows, cols).astype(np.int16))


def solvable_pairs(puzzle: Puzzle) -> dict[NumberPair, int]:
    """By every path of the board: each pair of givens that, each changed to one of its
    `SLIPS` numbers, leaves givens some path keeps, and how many paths keep them."""
    paths = all_paths(puzzle.rows, puzzle.cols)
    cells = np.flatnonzero(puzzle.givens.ravel())
    typed = puzzle.givens.ravel()[cells]
    found: dict[NumberPair, int] = {}
    for path in paths[(paths[:, cells] != typed).sum(axis=1) == 2]:
        first, second = cells[path[cells] != typed]
        changes = []
        for cell in (first, second):
            number, was = int(path[cell]), int(puzzle.givens.ravel()[cell])
            if not any(number in slip(was) for slip in SLIPS):
                break
            changes.append(Retyped(*divmod(int(cell), puzzle.cols), was, number))
        else:
            # (a pair is said in the order of its givens' numbers as typed)
            pair = NumberPair(*sorted(changes, key=lambda given: given.typed))
            found[pair] = found.get(pair, 0) + 1
    return found


def tier_of(pair: NumberPair) -> int:
    return sum(next(rank for rank, slip in enumerate(SLIPS) if given.number in slip(given.typed))
               for given in (pair.first, pair.second))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed_twice())
def test_the_pairs_named_are_the_likeliest_that_give_exactly_one_solution(puzzle) -> None:
    """No pair that gives a solution is dropped before a solve, each is in its tier, and
    the pairs named are those of the first tier with any that give exactly one."""
    solvable = solvable_pairs(puzzle)
    tiers = pair_candidates(puzzle)
    for tier, pairs in enumerate(tiers):
        assert all(tier_of(pair) == tier for pair in pairs)
    candidates = {pair for pairs in tiers for pair in pairs}
    assert set(solvable) <= candidates
    unique = [pair for pair, paths in solvable.items() if paths == 1]
    likeliest = min((tier_of(pair) for pair in unique), default=None)
    expected = {pair for pair in unique if tier_of(pair) == likeliest}
    event(f"{len(expected)} named" if expected else "none named")
    found, done = find_number_pairs(puzzle)
    assert done and set(found) == expected and len(found) == len(expected)


def test_two_givens_with_digits_turned_round_are_both_turned_back() -> None:
    """A pair with a digit changed gives exactly one solution too (17 for the 12 and 22
    for the 62), but turned round is likelier, so only that is named."""
    (puzzle,) = parse_puzzles(TWO_TURNED_8X8)
    assert solve(puzzle).status is Status.NONE
    found, done = find_number_pairs(puzzle)
    assert (found, done) == ((TURNED_BACK,), True)
    assert count_solutions(Puzzle(TURNED_BACK.applied(puzzle.givens)), limit=2) == 1
    digit_changed = NumberPair(Retyped(4, 2, 12, 17), Retyped(2, 3, 62, 22))
    assert digit_changed in pair_candidates(puzzle)[2]
    assert count_solutions(Puzzle(digit_changed.applied(puzzle.givens)), limit=2) == 1
    assert str(TURNED_BACK) == "21 for the 12 at C5 and 26 for the 62 at D3"
    assert TURNED_BACK.change() == "put 21 at C5 and 26 at D3"


def test_out_of_time_among_the_pairs_says_so(monkeypatch) -> None:
    (puzzle,) = parse_puzzles(TWO_TURNED_8X8)
    assert find_number_pairs(puzzle, deadline=time.monotonic() - 1) == ((), False)
    monkeypatch.setattr(pairslips, "unique_solution", lambda *args: None)
    assert find_number_pairs(puzzle) == ((), False)


def test_a_board_with_fewer_than_two_givens_has_no_pair() -> None:
    (puzzle,) = parse_puzzles("5 . .\n. . .\n. . .\n")
    assert pair_candidates(puzzle) == [[], [], []]


def test_the_slips_of_one_number() -> None:
    assert turned_round(16) == (61,) and turned_round(116) == (161,)
    assert turned_round(123) == (213, 132)
    assert turned_round(5) == turned_round(11) == turned_round(10) == ()  # (no "01")
    assert one_digit_changed(16) == (26, 36, 46, 56, 66, 76, 86, 96,
                                     10, 11, 12, 13, 14, 15, 17, 18, 19)
    assert one_digit_changed(5) == (1, 2, 3, 4, 6, 7, 8, 9)
    assert set(turned_round(16) + one_digit_changed(16)) <= set(typing_neighbours(16))


def test_a_reading_is_as_likely_as_its_slips_are_few_and_have_few_outcomes() -> None:
    """16 typed as 61 (turned round: one outcome) is likelier than as 116 or 6 (a digit
    doubled or dropped), than as 15 or 17 (a key beside it), than as 19 (any other digit),
    than as 126 (a digit typed too many); one slip is likelier than two, and two than
    three, whatever their outcomes."""
    order = [slip_cost(16, typed) for typed in (61, 116, 15, 19, 126)]
    assert order == sorted(order) and len(set(order)) == 5
    assert slip_cost(16, 116) == slip_cost(16, 6) and slip_cost(16, 15) == slip_cost(16, 17)
    assert [slip_cost(16, typed)[0] for typed in (16, 61, 15, 116, 6, 126)] == [0, 1, 1, 1, 1, 1]
    assert slip_cost(23, 39)[0] == 2 and slip_cost(112, 94)[0] == 3
    assert slip_cost(16, 98) > slip_cost(16, 126)
    # (a key beside it on the number row 1 2 3 4 5 6 7 8 9 0: 9 and 0 are, 1 and 0 are not)
    assert slip_cost(80, 90) == slip_cost(80, 70) < slip_cost(80, 10)


def test_of_the_pairs_found_a_key_beside_is_named_before_any_other_digit(monkeypatch) -> None:
    """In a tier of one digit changed, a key beside it is likelier than any other digit,
    so of two pairs that each give one solution, that one is named (and made) first."""
    near = NumberPair(Retyped(0, 0, 16, 61), Retyped(1, 1, 45, 44))
    other = NumberPair(Retyped(0, 0, 16, 61), Retyped(2, 2, 45, 49))
    assert near.cost() < other.cost() and TURNED_BACK.cost() == (2, 0.0)
    (puzzle,) = parse_puzzles(TWO_TURNED_8X8)
    monkeypatch.setattr(pairslips, "pair_candidates", lambda puzzle: [[], [other, near], []])
    monkeypatch.setattr(pairslips, "unique_solution", lambda *args: True)
    assert find_number_pairs(puzzle) == ((near, other), True)


def test_units_of_givens_are_taken_away_in_groups_and_found_as_one_by_one(monkeypatch) -> None:
    """Two givens at a time, next in number order, on a 12x12 of 34 givens with two swapped,
    in groups of two such pairs (as a board of 64 givens or more has them; this one, of 34,
    is given groups of an eighth of its givens): the pairs without which it has a solution are those a solve for each
    finds, in their order, found with fewer solves than pairs."""
    (puzzle,) = parse_puzzles(SWAPPED_12X12)
    cells = [divmod(cell, puzzle.cols) for _, cell in sorted(puzzle.given_cells().items())]
    units = list(zip(cells, cells[1:]))
    expected = []
    for unit in units:
        givens = puzzle.givens.copy()
        for row, col in unit:
            givens[row, col] = 0
        if solve(Puzzle(givens), limit=1).status is not Status.NONE:
            expected.append(unit)
    assert expected and len(expected) < len(units) == 33
    solves = []
    solvable = pairslips._solvable_without
    monkeypatch.setattr(pairslips, "_solvable_without",
                        lambda *args: solves.append(1) or solvable(*args))
    monkeypatch.setattr(pairslips, "GROUP_SHARE", 8)
    assert solvable_without(puzzle, units, None, None) == (expected, True)
    assert len(solves) < len(units)
