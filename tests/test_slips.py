"""Suspects of a puzzle with no solution (`slips.find_suspects`): exactly the givens without
which it has a solution, and the rows typed out of place that put back give exactly one,
checked against brute force; and the words a player reads."""
from __future__ import annotations

import random
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from brute import count_matching, grid_of, matching, random_path
from helpers import (
    NEWSPAPER_9X9,
    ROWS_5_AND_6_SWAPPED,
    SWAPPED_12X12,
    TOP_ROW_SHIFTED,
    TURNED_BACK,
    TWO_TURNED_8X8,
)
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.rowslips import RowSlip, find_row_slips, row_slip_candidates
from numbrix_curses import pairslips, slips
from numbrix_curses.slips import (
    CANDIDATE_SOLUTIONS,
    Correction,
    FixKind,
    Suspect,
    Suspects,
    find_suspects,
    typing_neighbours,
)
from numbrix_curses.typos import doubled_or_dropped, slip_cost, turned_round
from numbrix_curses.solver import Status, count_solutions, solve
from numbrix_curses.textformat import parse_puzzles


def without(puzzle: Puzzle, row: int, col: int) -> Puzzle:
    givens = puzzle.givens.copy()
    givens[row, col] = 0
    return Puzzle(givens)


@st.composite
def slipped_puzzles(draw):
    """A board of at most 25 cells made from a path, with one given copied wrong: moved to
    another cell, swapped with another given, or written as another number; or with a row
    typed out of place (a column off, or under its neighbour)."""
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    rng = random.Random(draw(st.integers(0, 2**32)))
    grid = grid_of(rows, cols, random_path(rows, cols, rng))
    share = draw(st.sampled_from([0.2, 0.35, 0.5, 0.7]))
    flat = np.where([rng.random() < share for _ in range(rows * cols)], grid.ravel(), 0)
    if not flat.any():
        flat[rng.randrange(flat.size)] = grid.ravel()[0]
    cell = rng.choice(list(np.flatnonzero(flat)))
    candidates = row_slip_candidates(flat.reshape(rows, cols))
    if draw(st.booleans()) and candidates:
        # (a slip undone is a slip made: a row moved left is one typed a column right)
        slip = rng.choice(candidates)
        return Puzzle(slip.applied(flat.reshape(rows, cols)).astype(np.int16))
    if rng.random() < 0.5:
        other = rng.choice(list(np.flatnonzero(flat == 0)) or [cell])
        flat[cell], flat[other] = 0, flat[cell]
    elif rng.random() < 0.5:
        other = rng.choice(list(np.flatnonzero(flat)))
        flat[cell], flat[other] = flat[other], flat[cell]
    else:
        unused = sorted(set(range(1, flat.size + 1)) - set(flat.tolist()))
        flat[cell] = rng.choice(unused) if unused else flat[cell]
    return Puzzle(flat.reshape(rows, cols).astype(np.int16))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slipped_puzzles())
def test_the_suspects_are_exactly_the_givens_without_which_there_is_a_solution(puzzle) -> None:
    if count_matching(puzzle) != 0:
        event("the slip fits a path")
        return  # (nothing to suspect)
    suspects = find_suspects(puzzle)
    event(["no suspect", "one suspect"][len(suspects.found)] if len(suspects.found) < 2
          else "several suspects")
    assert suspects.complete
    givens = sorted(puzzle.given_cells().items())
    expected = []
    for number, cell in givens:
        row, col = divmod(cell, puzzle.cols)
        if count_matching(without(puzzle, row, col)) > 0:
            expected.append(Suspect(number, row, col))
    assert list(suspects.found) == expected
    expected_rows = [slip for slip in row_slip_candidates(puzzle.givens)
                     if count_matching(Puzzle(slip.applied(puzzle.givens))) == 1]
    if expected_rows:
        event("a row put back")
    assert list(suspects.rows) == expected_rows
    expected_swaps = []
    if not expected and not expected_rows:
        for k, (a, a_cell) in enumerate(givens):
            for b, b_cell in givens[k + 1:]:
                flat = puzzle.givens.copy().ravel()
                flat[a_cell], flat[b_cell] = b, a
                if count_matching(Puzzle(flat.reshape(puzzle.givens.shape))) > 0:
                    expected_swaps.append((Suspect(a, *divmod(a_cell, puzzle.cols)),
                                           Suspect(b, *divmod(b_cell, puzzle.cols))))
        event("swaps" if expected_swaps else "no swap either")
    assert list(suspects.swaps) == expected_swaps


DIGIT_SLIP = """\
2 . . . 5
. . 8 . .
11 . . . 15
. . 18 . .
21 . . . 25
"""  # a serpentine's givens with its 1 (top left) written as 2


def test_a_misread_number_is_the_only_suspect_on_a_well_clued_board() -> None:
    (puzzle,) = parse_puzzles(DIGIT_SLIP)
    assert solve(puzzle).status is Status.NONE
    suspects = find_suspects(puzzle)
    assert suspects.complete
    assert suspects.found == (Suspect(2, 0, 0),)
    assert suspects.text() == ("solvable without the 2 at A1 (exactly one solution with 1 "
                               "there, or with it at B1)")


#: a 5x5 serpentine's givens with its 13 and 17 swapped
SWAPPED_5X5 = ". 2 3 . 5\n. 9 8 . 6\n. . 17 14 .\n. . 18 13 .\n. . 23 24 25\n"


def test_a_given_whose_taking_away_leaves_a_rule_broken_is_not_solved(monkeypatch) -> None:
    """The serpentine's 2 in its corner stands on the colour odd numbers take on a 5x5:
    taking away any other of its 8 givens leaves that so, so only the 2 is tried by a
    solve, and it is the suspect."""
    (puzzle,) = parse_puzzles(DIGIT_SLIP)
    tried = []
    solvable = pairslips._solvable_without

    def counted(puzzle, cells, deadline, on_event):
        tried.append(cells)
        return solvable(puzzle, cells, deadline, on_event)

    monkeypatch.setattr(pairslips, "_solvable_without", counted)
    assert find_suspects(puzzle).found == (Suspect(2, 0, 0),)
    assert tried == [((0, 0),)] and len(puzzle.given_cells()) == 8


def test_two_givens_swapped_leave_no_single_suspect_but_a_pair() -> None:
    (puzzle,) = parse_puzzles(SWAPPED_5X5)
    suspects = find_suspects(puzzle)
    pair = (Suspect(13, 3, 3), Suspect(17, 2, 2))
    assert suspects == Suspects((), True, (pair,), corrections=(
        Correction(pair[0], FixKind.SWAPPED, pair[1]),))
    assert count_matching(Puzzle(suspects.corrections[0].applied(puzzle.givens))) == 1
    assert suspects.text() == "exactly one solution with the 13 at D4 and the 17 at C3 swapped"
    # (a pair that swapped gives a solution but not just one is said as before)
    assert Suspects((), True, (pair,)).text() == (
        "solvable with the 13 at D4 and the 17 at C3 swapped")


def test_a_swap_that_breaks_the_checks_without_a_solve_is_not_solved(monkeypatch) -> None:
    """Of the 78 pairs of the 5x5's 13 givens, those whose numbers swapped stand on the
    wrong colour or too far from another given are passed over unsolved; the swap that
    mends it is still found, and no other."""
    (puzzle,) = parse_puzzles(SWAPPED_5X5)
    swapped = []
    solvable = slips.has_solution

    def counted(givens, deadline, on_event):
        changed = np.flatnonzero(givens.ravel() != puzzle.givens.ravel())
        if len(changed) == 2 and givens.ravel()[changed].all():
            swapped.append(tuple(changed))
        return solvable(givens, deadline, on_event)

    monkeypatch.setattr(slips, "has_solution", counted)
    suspects = find_suspects(puzzle)
    assert suspects.swaps == ((Suspect(13, 3, 3), Suspect(17, 2, 2)),)
    count = len(puzzle.given_cells())
    assert 0 < len(swapped) < count * (count - 1) // 2 == 78
    assert (12, 18) in swapped  # (C3 and D4)


def test_three_givens_turned_round_leave_no_suspect_nor_pair() -> None:
    (puzzle,) = parse_puzzles("1 2 3\n6 5 4\n9 7 8\n")  # 7 8 9 written as 9 7 8
    suspects = find_suspects(puzzle)
    assert suspects == Suspects((), complete=True)
    assert suspects.text() == "no single given taken away, nor two swapped, makes it solvable"


def test_out_of_time_says_so_and_keeps_what_it_found() -> None:
    (puzzle,) = parse_puzzles(DIGIT_SLIP)
    assert find_suspects(puzzle, deadline=time.monotonic() - 1) == Suspects(
        (), complete=False, corrections_complete=False)
    partial = Suspects((Suspect(2, 0, 0), Suspect(18, 3, 2)), complete=False)
    assert partial.text() == (
        "solvable without the 2 at A1 or the 18 at C4 (not all givens tried)"
    )


@pytest.mark.parametrize(
    "found, text",
    [
        ((Suspect(3, 0, 2),), "solvable without the 3 at C1"),
        ((Suspect(3, 0, 2), Suspect(4, 1, 2), Suspect(9, 2, 2)),
         "solvable without the 3 at C1, the 4 at C2 or the 9 at C3"),
    ],
)
def test_the_suspects_read_as_a_clause(found, text) -> None:
    assert Suspects(found, complete=True).text() == text


@pytest.mark.parametrize("typed, slip, words", [
    (TOP_ROW_SHIFTED, RowSlip(0, 1), "exactly one solution with row 1 moved one column right"),
    (ROWS_5_AND_6_SWAPPED, RowSlip(4), "exactly one solution with rows 5 and 6 swapped"),
])
def test_a_row_typed_out_of_place_on_a_newspaper_board_is_found(typed, slip, words) -> None:
    """Every given of the row stands on the wrong colour: no given taken away, nor two
    swapped, mends it (so before, nothing was suspected); putting the row back does."""
    (original,) = parse_puzzles(NEWSPAPER_9X9)
    (puzzle,) = parse_puzzles(typed)
    assert solve(original).status is Status.UNIQUE
    assert solve(puzzle).status is Status.NONE
    suspects = find_suspects(puzzle)
    assert suspects == Suspects((), complete=True, rows=(slip,))
    assert suspects.text() == words
    assert (slip.applied(puzzle.givens) == original.givens).all()


def test_a_row_put_back_is_named_only_where_it_gives_exactly_one_solution() -> None:
    # Row 2 moved a column right makes a puzzle with two solutions: no row is named.
    (puzzle,) = parse_puzzles(". . 9 .\n. . 7 .\n. . 11 .\n2 . . 5\n")
    mended = RowSlip(1, 1).applied(puzzle.givens)
    assert count_matching(Puzzle(mended)) == 2
    assert find_row_slips(puzzle) == ((), True)
    assert find_suspects(puzzle).rows == ()


def test_the_candidates_keep_every_given_on_the_board() -> None:
    givens = np.array([[0, 3, 0], [4, 0, 0], [0, 0, 0], [0, 0, 9]], dtype=np.int16)
    assert row_slip_candidates(givens) == [
        RowSlip(0, -1), RowSlip(0, 1), RowSlip(0),  # (row 1 is blank at both ends)
        RowSlip(1, 1), RowSlip(1),  # (its first cell holds the 4)
        RowSlip(2),  # (a blank row moves nowhere; swapped with the row under it, it may)
        RowSlip(3, -1),
    ]
    assert RowSlip(1, 1).applied(givens)[1].tolist() == [0, 4, 0]
    assert RowSlip(3, -1).applied(givens)[3].tolist() == [0, 9, 0]
    assert RowSlip(0).applied(givens)[:2].tolist() == [[4, 0, 0], [0, 3, 0]]
    assert (str(RowSlip(3, -1)), str(RowSlip(2))) == (
        "row 4 moved one column left", "rows 3 and 4 swapped")


def test_a_row_put_back_and_a_given_taken_away_are_both_said() -> None:
    both = Suspects((Suspect(3, 0, 2),), complete=False, rows=(RowSlip(0, 1), RowSlip(1)))
    assert both.text() == ("exactly one solution with row 1 moved one column right or rows 2 "
                           "and 3 swapped; solvable without the 3 at C1 (not all givens tried)")


def expected_corrections(puzzle: Puzzle, found: tuple[Suspect, ...]) -> set[Correction] | None:
    """By brute force: the changes to each suspect that give exactly one solution, where
    the puzzle without it has fewer solutions than `find_suspects` looks at (so it must
    find them all); None where some has more (then only what it found is checked)."""
    expected = set()
    for suspect in found:
        paths = matching(without(puzzle, suspect.row, suspect.col))
        if len(paths) >= CANDIDATE_SOLUTIONS:
            return None
        cell = suspect.row * puzzle.cols + suspect.col
        numbers = [int(n) for n in paths[:, cell]]
        places = [int(np.flatnonzero(path == suspect.number)[0]) for path in paths]
        expected |= {Correction(suspect, FixKind.NUMBER, Suspect(n, suspect.row, suspect.col))
                     for n in numbers if numbers.count(n) == 1}
        expected |= {Correction(suspect, FixKind.MOVED,
                                Suspect(suspect.number, *divmod(c, puzzle.cols)))
                     for c in places if places.count(c) == 1}
    return expected


def expected_beside(puzzle: Puzzle, found: tuple[Suspect, ...]) -> set[Correction]:
    """By brute force: each suspect's number with its digits turned round, in a blank cell
    beside its own (its own left blank), that gives exactly one solution."""
    expected = set()
    for suspect in found:
        paths = matching(without(puzzle, suspect.row, suspect.col))
        for row, col in ((suspect.row - 1, suspect.col), (suspect.row + 1, suspect.col),
                         (suspect.row, suspect.col - 1), (suspect.row, suspect.col + 1)):
            if not (0 <= row < puzzle.rows and 0 <= col < puzzle.cols) or puzzle.givens[row, col]:
                continue
            cell = row * puzzle.cols + col
            for number in turned_round(suspect.number):
                if int((paths[:, cell] == number).sum()) == 1:
                    expected.add(Correction(suspect, FixKind.ELSEWHERE,
                                            Suspect(number, row, col)))
    return expected


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slipped_puzzles())
def test_every_correction_gives_exactly_one_solution(puzzle) -> None:
    """Each fix proposed, made, leaves a puzzle with exactly one solution (counted by brute
    force); where the puzzle without a suspect has only a few solutions, every fix of that
    suspect alone is found; and every swap of a suspect, or of a pair, that gives exactly
    one is."""
    if count_matching(puzzle) != 0:
        return
    suspects = find_suspects(puzzle)
    assert suspects.complete and suspects.corrections_complete
    event("corrected" if suspects.corrections else "no correction")
    for fix in suspects.corrections + suspects.number_pairs:
        assert count_matching(Puzzle(fix.applied(puzzle.givens))) == 1, fix
    if suspects.number_pairs:
        event("two numbers put right")
        assert not suspects.corrections and not suspects.rows
    alone = {fix for fix in suspects.corrections
             if fix.kind in (FixKind.NUMBER, FixKind.MOVED)}
    expected = expected_corrections(puzzle, suspects.found)
    if expected is not None:
        assert alone == expected
    beside = {fix for fix in suspects.corrections if fix.kind is FixKind.ELSEWHERE}
    if beside:
        event("another number beside it")
    assert beside == expected_beside(puzzle, suspects.found)
    givens = [Suspect(n, *divmod(c, puzzle.cols)) for n, c in sorted(puzzle.given_cells().items())]
    pairs = {frozenset((s, g)) for s in suspects.found for g in givens if g != s}
    pairs |= {frozenset(pair) for pair in suspects.swaps}
    swapped = {frozenset((f.suspect, f.other)) for f in suspects.corrections
               if f.kind is FixKind.SWAPPED}
    unique_pairs = set()
    for pair in pairs:
        first, second = sorted(pair, key=lambda g: g.number)
        fix = Correction(first, FixKind.SWAPPED, second)
        if count_matching(Puzzle(fix.applied(puzzle.givens))) == 1:
            unique_pairs.add(pair)
    assert swapped == unique_pairs


def test_a_digit_misread_is_given_the_number_it_should_be() -> None:
    """A newspaper 9x9 with the 61 (in F4, a blank on the page) typed as 16: without it the
    puzzle is the page's again, so 61 there gives exactly one solution."""
    (original,) = parse_puzzles(NEWSPAPER_9X9)
    typed = original.givens.copy()
    assert solve(original).solution[3, 5] == 61
    typed[3, 5] = 16
    puzzle = Puzzle(typed)
    suspects = find_suspects(puzzle)
    sixteen = Suspect(16, 3, 5)
    assert sixteen in suspects.found
    fix = Correction(sixteen, FixKind.NUMBER, Suspect(61, 3, 5))
    assert fix in suspects.corrections
    for proposed in suspects.corrections:
        assert count_solutions(Puzzle(proposed.applied(typed)), limit=3) == 1
    assert "the 16 at F4 (exactly one solution with 61 there" in suspects.text()


def test_a_number_typed_a_cell_off_is_moved_back() -> None:
    """The serpentine's 8 typed one cell to the left: the fix is the 8 back in C2."""
    (puzzle,) = parse_puzzles("1 . . . 5\n. 8 . . .\n11 . . . 15\n. . 18 . .\n21 . . . 25\n")
    assert count_matching(puzzle) == 0
    suspects = find_suspects(puzzle)
    eight = Suspect(8, 1, 1)
    assert Correction(eight, FixKind.MOVED, Suspect(8, 1, 2)) in suspects.corrections
    for fix in suspects.corrections:
        assert count_matching(Puzzle(fix.applied(puzzle.givens))) == 1
    assert "with it at C2" in suspects.text()


def test_a_number_typed_a_cell_off_and_mistyped_is_put_back() -> None:
    """The newspaper 9x9 with its 34 at D1 typed beside it, in E1, as 43: the fix that
    puts it back is two slips of few readings (turned round, a cell off), so it is named
    before 35 in the 43's cell (two digits changed) and the 43 six cells off, is the one
    f makes, and made it gives the page's puzzle."""
    (original,) = parse_puzzles(NEWSPAPER_9X9)
    typed = original.givens.copy()
    typed[0, 3], typed[0, 4] = 0, 43
    suspects = find_suspects(Puzzle(typed))
    forty_three = Suspect(43, 0, 4)
    assert suspects.found == (forty_three,)
    back = Correction(forty_three, FixKind.ELSEWHERE, Suspect(34, 0, 3))
    assert suspects.corrections_of(forty_three)[0] == back == suspects.first_fix()
    assert (back.applied(typed) == original.givens).all()
    for fix in suspects.corrections:
        assert count_solutions(Puzzle(fix.applied(typed)), limit=2) == 1
    assert suspects.text() == ("solvable without the 43 at E1 (exactly one solution with 34 "
                               "at D1 instead, or with 35 there, or with it at D6)")
    assert back.change() == "move the 43 to D1 as 34"


def test_two_givens_swapped_with_one_a_suspect_on_its_own_say_the_swap(monkeypatch) -> None:
    """The newspaper 9x9 with its 54 and 56 written in each other's cells: without the 56
    alone it can be solved, but the clearer fix is the two swapped back, said first. Of
    the 56's swaps with the 24 other givens, those that break the checks without a solve
    are passed over unsolved."""
    (original,) = parse_puzzles(NEWSPAPER_9X9)
    typed = original.givens.copy()
    typed[0, 7], typed[1, 8] = 56, 54
    swaps_solved = []
    proved = slips.unique_solution

    def counted(givens, deadline, on_event):
        changed = np.flatnonzero(givens.ravel() != typed.ravel())
        swaps_solved.append(len(changed) == 2 and bool(givens.ravel()[changed].all()))
        return proved(givens, deadline, on_event)

    monkeypatch.setattr(slips, "unique_solution", counted)
    suspects = find_suspects(Puzzle(typed))
    assert 0 < sum(swaps_solved) < len(original.given_cells()) - 1 == 24
    fifty_six, fifty_four = Suspect(56, 0, 7), Suspect(54, 1, 8)
    assert suspects.found == (fifty_six,)
    swap = Correction(fifty_six, FixKind.SWAPPED, fifty_four)
    assert swap in suspects.corrections
    assert (swap.applied(typed) == original.givens).all()
    for fix in suspects.corrections:
        assert count_solutions(Puzzle(fix.applied(typed)), limit=3) == 1
    assert suspects.text().startswith(
        "solvable without the 56 at H1 (exactly one solution with it and the 54 at I2 "
        "swapped, or with ")


def test_a_slip_with_no_single_fix_names_the_suspect_alone() -> None:
    """Without the 4 at C4 the board has several solutions, and no one number in its cell,
    nor the 4 in another, nor a swap, leaves just one of them: no fix is said of the 4,
    only the two givens that, each with a digit changed, give exactly one."""
    puzzle = Puzzle(np.array([[15, 14, 0, 10], [0, 13, 12, 0], [0, 0, 5, 0], [0, 0, 4, 0]],
                             dtype=np.int16))
    assert count_matching(puzzle) == 0
    assert count_matching(without(puzzle, 3, 2)) > 1
    suspects = find_suspects(puzzle)
    assert Suspect(4, 3, 2) in suspects.found
    assert suspects.corrections == () and suspects.corrections_complete
    assert suspects.text() == (
        "solvable without the 4 at C4; exactly one solution with 2 for the 4 at C4 and 7 "
        "for the 5 at C3 or 6 for the 4 at C4 and 1 for the 5 at C3")
    for pair in suspects.number_pairs:
        assert count_matching(Puzzle(pair.applied(puzzle.givens))) == 1
    # (with no pair either, nothing more than the suspect is said)
    assert Suspects(suspects.found, True).text() == "solvable without the 4 at C4"


def test_two_givens_typed_with_digits_turned_round_are_turned_back() -> None:
    """No single change mends a board with two slips: the two givens each put right as
    the number their digits turned round make are named, and f makes that change."""
    (puzzle,) = parse_puzzles(TWO_TURNED_8X8)
    suspects = find_suspects(puzzle)
    assert suspects.corrections == () and suspects.rows == ()
    assert suspects.number_pairs == (TURNED_BACK,) and suspects.corrections_complete
    assert suspects.text() == (
        "no single given taken away, nor two swapped, makes it solvable; exactly one "
        "solution with 21 for the 12 at C5 and 26 for the 62 at D3")
    assert suspects.first_fix() == TURNED_BACK
    assert count_solutions(Puzzle(TURNED_BACK.applied(puzzle.givens)), limit=2) == 1


def test_a_single_change_that_gives_one_solution_leaves_pairs_untried(monkeypatch) -> None:
    """A pair of slips is looked for only where no one change mends the board: the
    serpentine with its 1 written as 2 gets "1 there", and no pair is tried."""
    (puzzle,) = parse_puzzles(DIGIT_SLIP)
    monkeypatch.setattr(slips, "find_number_pairs", lambda *args: pytest.fail("pairs tried"))
    suspects = find_suspects(puzzle)
    assert suspects.corrections and suspects.number_pairs == ()


def test_out_of_time_for_the_fixes_keeps_the_suspects(monkeypatch) -> None:
    (puzzle,) = parse_puzzles(DIGIT_SLIP)
    monkeypatch.setattr(slips, "_fixes_in_solutions", lambda *args: None)
    suspects = find_suspects(puzzle)
    assert suspects.found == (Suspect(2, 0, 0),) and suspects.complete
    assert not suspects.corrections_complete and suspects.corrections == ()
    assert suspects.text() == "solvable without the 2 at A1 (not all fixes tried)"


def test_fixes_read_as_a_clause() -> None:
    sixteen, seventy_one = Suspect(16, 2, 2), Suspect(71, 8, 2)
    suspects = Suspects((sixteen, Suspect(45, 6, 2)), True, corrections=(
        Correction(sixteen, FixKind.NUMBER, Suspect(61, 2, 2)),
        Correction(sixteen, FixKind.NUMBER, Suspect(63, 2, 2)),
        Correction(sixteen, FixKind.MOVED, Suspect(16, 3, 2)),
        Correction(sixteen, FixKind.MOVED, Suspect(16, 2, 4)),
        Correction(sixteen, FixKind.SWAPPED, seventy_one),
    ))
    assert suspects.text() == (
        "solvable without the 16 at C3 (exactly one solution with it and the 71 at C9 "
        "swapped, or with 61 or 63 there, or with it at C4 or E3) or the 45 at C7")
    beside = Suspects((sixteen,), True, corrections=(
        Correction(sixteen, FixKind.NUMBER, Suspect(61, 2, 2)),
        Correction(sixteen, FixKind.ELSEWHERE, Suspect(61, 2, 3)),
        Correction(sixteen, FixKind.ELSEWHERE, Suspect(18, 2, 3)),
        Correction(sixteen, FixKind.ELSEWHERE, Suspect(61, 1, 2)),
    ))
    assert beside.text() == ("solvable without the 16 at C3 (exactly one solution with 61 "
                             "there, or with 61 or 18 at D3, or 61 at C2, instead)")
    assert Suspects((sixteen,), True, corrections=beside.corrections[1:2]).text() == (
        "solvable without the 16 at C3 (exactly one solution with 61 at D3 instead)")


def test_the_first_fix_is_the_one_said_first() -> None:
    """The type-in screen's f makes the change its message names first: a row put back;
    else the first suspect's swap, then its numbers, then its cells; else a pair swapped."""
    sixteen, seventy_one, forty_five = Suspect(16, 2, 2), Suspect(71, 8, 2), Suspect(45, 6, 2)
    number = Correction(sixteen, FixKind.NUMBER, Suspect(61, 2, 2))
    moved = Correction(sixteen, FixKind.MOVED, Suspect(16, 3, 2))
    swap = Correction(sixteen, FixKind.SWAPPED, seventy_one)
    other = Correction(forty_five, FixKind.NUMBER, Suspect(44, 6, 2))
    # (`corrections` holds each suspect's own fixes before the swaps: said, a swap is first)
    assert Suspects((sixteen, forty_five), True, corrections=(number, moved, other, swap)
                    ).first_fix() == swap
    assert Suspects((sixteen, forty_five), True, corrections=(moved, number)).first_fix() == number
    # (a suspect with no fix of its own is passed over)
    assert Suspects((forty_five, sixteen), True, corrections=(moved,)).first_fix() == moved
    assert Suspects((sixteen,), True, rows=(RowSlip(3, -1),), corrections=(number,)
                    ).first_fix() == RowSlip(3, -1)
    pair = Correction(forty_five, FixKind.SWAPPED, sixteen)
    assert Suspects((), True, ((forty_five, sixteen),), corrections=(pair,)).first_fix() == pair
    assert Suspects((), True, ((forty_five, sixteen),)).first_fix() is None
    assert Suspects((sixteen,), True).first_fix() is None
    # (two givens each put right as another number, when no one change was found)
    assert Suspects((sixteen,), True, number_pairs=(TURNED_BACK,)).first_fix() == TURNED_BACK
    assert Suspects((), True, ((forty_five, sixteen),), number_pairs=(TURNED_BACK,)
                    ).first_fix() == TURNED_BACK


def test_the_likeliest_fix_is_said_and_made_first() -> None:
    """A fix is as likely as the slips it undoes are few and have few outcomes: 61 a cell
    beside a 16 (turned round, a cell off) before 39 in its cell (two digits changed, of
    many outcomes) and the 16 seven cells off; and of two suspects, f makes the likelier
    fix, whichever suspect has it."""
    sixteen, forty_five = Suspect(16, 2, 2), Suspect(45, 6, 2)
    arbitrary = Correction(sixteen, FixKind.NUMBER, Suspect(39, 2, 2))
    back = Correction(sixteen, FixKind.ELSEWHERE, Suspect(61, 2, 3))
    far = Correction(sixteen, FixKind.MOVED, Suspect(16, 6, 5))
    assert back.cost() < arbitrary.cost() < far.cost()
    suspects = Suspects((sixteen,), True, corrections=(arbitrary, far, back))
    assert suspects.corrections_of(sixteen) == [back, arbitrary, far]
    assert suspects.first_fix() == back
    assert suspects.text() == ("solvable without the 16 at C3 (exactly one solution with 61 "
                               "at D3 instead, or with 39 there, or with it at F7)")
    turned = Correction(forty_five, FixKind.NUMBER, Suspect(54, 6, 2))
    assert Suspects((sixteen, forty_five), True, corrections=(arbitrary, turned)
                    ).first_fix() == turned


def test_a_fix_is_said_as_the_change_it_makes() -> None:
    sixteen = Suspect(16, 2, 2)
    assert [fix.change() for fix in (
        Correction(sixteen, FixKind.NUMBER, Suspect(61, 2, 2)),
        Correction(sixteen, FixKind.MOVED, Suspect(16, 3, 2)),
        Correction(sixteen, FixKind.SWAPPED, Suspect(71, 8, 2)),
        Correction(sixteen, FixKind.ELSEWHERE, Suspect(61, 2, 3)),
        RowSlip(0, 1), RowSlip(3, -1), RowSlip(4),
    )] == ["put 61 at C3", "move the 16 to C4", "swap the 16 at C3 and the 71 at C9",
           "move the 16 to D3 as 61",
           "move row 1 one column right", "move row 4 one column left", "swap rows 5 and 6"]


@pytest.mark.parametrize("typed", [DIGIT_SLIP, TOP_ROW_SHIFTED])
def test_the_first_fix_made_gives_exactly_one_solution(typed) -> None:
    (puzzle,) = parse_puzzles(typed)
    fix = find_suspects(puzzle).first_fix()
    assert fix is not None
    assert count_solutions(Puzzle(fix.applied(puzzle.givens)), limit=3) == 1
    if typed is DIGIT_SLIP:  # ("with 1 there, or with it at B1": the 1 first)
        assert fix == Correction(Suspect(2, 0, 0), FixKind.NUMBER, Suspect(1, 0, 0))


def test_the_typing_neighbours_are_the_numbers_one_slip_of_the_hand_turns_into_it() -> None:
    assert typing_neighbours(5) == (1, 2, 3, 4, 6, 7, 8, 9,  # (a digit changed)
                                    15, 25, 35, 45, 55, 65, 75, 85, 95,  # (one dropped)
                                    50, 51, 52, 53, 54, 56, 57, 58, 59)
    sixteen = typing_neighbours(16)
    assert sixteen[0] == 61  # (turned round, the likeliest, is tried first)
    assert {18, 15, 17, 26, 46, 116, 126, 160} <= set(sixteen)
    assert 16 not in sixteen and 6 not in sixteen  # (6 typed as 16 is no slip of these)
    assert len(sixteen) == len(set(sixteen))
    hundred_sixteen = typing_neighbours(116)
    assert hundred_sixteen[0] == 161 and 16 in hundred_sixteen  # (turned round; 1 doubled)
    assert 611 not in typing_neighbours(116)  # (only neighbouring digits turn round)
    assert 100 in typing_neighbours(10) and 1 not in typing_neighbours(10)  # (no "01")


def test_a_number_typed_with_a_digit_doubled_or_dropped_has_its_page_number_as_a_reading(
) -> None:
    """12 typed as 112 or 122 (a digit doubled), or as 1 or 2 (one dropped), and 23 typed
    as 2: the number on the page is among the readings tried in the typed number's cell;
    and so for every number of boards up to 44x44 and each way it can be so typed."""
    assert doubled_or_dropped(12) == (112, 122, 2, 1)
    assert doubled_or_dropped(5) == (55,) and doubled_or_dropped(10) == (110, 100, 1)
    for typed in (112, 122, 1, 2):
        assert 12 in typing_neighbours(typed)
    assert 23 in typing_neighbours(2) and 23 in typing_neighbours(233)
    assert slip_cost(12, 112) == slip_cost(12, 122) == slip_cost(12, 1) == slip_cost(12, 2)
    assert slip_cost(12, 112)[0] == 1
    for number in range(1, 44 * 44 + 1):
        for typed in doubled_or_dropped(number):
            assert number in typing_neighbours(typed), (number, typed)


def test_the_givens_are_cleared_in_groups_and_the_suspects_are_those_found_alone(
        monkeypatch) -> None:
    """On a board of many givens they are taken away a few at a time, a solve clearing a
    group the slip is not in: fewer solves than givens, and the suspects exactly the
    givens without which, one at a time, the board has a solution."""
    (puzzle,) = parse_puzzles(SWAPPED_12X12)
    alone = [Suspect(number, *divmod(cell, puzzle.cols))
             for number, cell in sorted(puzzle.given_cells().items())
             if solve(without(puzzle, *divmod(cell, puzzle.cols)), limit=1).status
             is not Status.NONE]
    assert alone == [Suspect(89, 6, 10)]
    solves = []
    solvable = pairslips._solvable_without
    monkeypatch.setattr(pairslips, "_solvable_without",
                        lambda *args: solves.append(1) or solvable(*args))
    suspects = find_suspects(puzzle)
    assert list(suspects.found) == alone and suspects.complete
    assert len(solves) < len(puzzle.given_cells()) == 34
    # (the time running out among the groups keeps the suspects found by then)
    monkeypatch.setattr(pairslips, "_solvable_without",
                        lambda *args: None if solves else solvable(*args))
    late = find_suspects(puzzle)
    assert not late.complete and set(late.found) <= set(alone)


CORNERS_4X4 = "9 . . .\n. . . .\n. . . .\n. . . 1\n"  # (the 9 at A1 the suspect)


@pytest.mark.parametrize("board, suspect, number, stands", [
    (DIGIT_SLIP, Suspect(2, 0, 0), 1, True),
    (DIGIT_SLIP, Suspect(2, 0, 0), 0, False),  # (not a number of the board)
    (DIGIT_SLIP, Suspect(2, 0, 0), 26, False),
    (DIGIT_SLIP, Suspect(2, 0, 0), 5, False),  # (given elsewhere: 4 steps off, 0 apart)
    (DIGIT_SLIP, Suspect(2, 0, 0), 3, False),  # (4 steps from the 5 at E1, 2 apart)
    (DIGIT_SLIP, Suspect(2, 0, 0), 7, False),  # (3 steps from the 8 at C2)
    (CORNERS_4X4, Suspect(9, 0, 0), 7, True),  # (6 steps from the 1, 6 apart)
    (CORNERS_4X4, Suspect(9, 0, 0), 8, False),  # (near enough, but on the 1's colour)
    (CORNERS_4X4, Suspect(9, 0, 0), 16, False),
    ("2 .\n. .\n", Suspect(2, 0, 0), 4, True),  # (alone, it fixes no colour)
    (". . .\n. 2 .\n. . .\n", Suspect(2, 1, 1), 4, False),  # (odd numbers take corners)
    (". . .\n. 2 .\n. . .\n", Suspect(2, 1, 1), 5, True),
])
def test_a_typing_neighbour_is_tried_only_where_it_could_stand(
        board, suspect, number, stands) -> None:
    (puzzle,) = parse_puzzles(board)
    assert slips._could_stand(puzzle, suspect, number) is stands


#: a clue-minimal 12x12 with its 36 at D6 typed as 63: without it the board has many
#: solutions, and the first few found have neither 36 nor 63 there
TURNED_ROUND_12X12 = """\
  .   .   .   .   .   .   .   .  14   3   .   .
  .   .   .   .   .   .   .   .   .   2   .   .
  .   .  22  45   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .  60   .  72
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   .  63   .   .   .   .   .   .   .   .
  .   .   .   .   .   . 118   .   .   .  68   .
  .   .   .  98   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
  .   .   . 144   .   .   . 136   . 124   .   .
 92   .   .   .   .   .   .   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .   .   .
"""


#: a clue-minimal 9x9 with its 39 at E3 typed as 9, a digit dropped: without it the board
#: has many solutions, and the first few found have no 39 there
DROPPED_9X9 = """\
 .  .  .  .  .  .  .  .  .
 .  .  .  .  .  . 48  .  .
 .  . 37  .  9 70  .  .  .
28  .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .  .
 .  .  .  . 81  .  .  .  .
 .  3  .  .  . 17  .  .  .
 7  .  .  .  .  . 13 62  .
"""


@pytest.mark.parametrize("board, typed, number", [
    (TURNED_ROUND_12X12, Suspect(63, 5, 3), 36),  # (digits turned round)
    (DROPPED_9X9, Suspect(9, 2, 4), 39),  # (a digit dropped)
])
def test_a_slip_on_a_sparse_board_is_put_back_as_a_reading_of_the_number_typed(
        board, typed, number) -> None:
    """The solutions of the board without the given typed wrong show other numbers in its
    cell, so the number on the page is found only as a typing neighbour of the one typed,
    and proved to give exactly one solution."""
    (puzzle,) = parse_puzzles(board)
    assert solve(puzzle).status is Status.NONE
    shown = solve(without(puzzle, typed.row, typed.col), limit=CANDIDATE_SOLUTIONS)
    assert len(shown.solutions) == CANDIDATE_SOLUTIONS
    assert number not in {int(grid[typed.row, typed.col]) for grid in shown.solutions}
    suspects = find_suspects(puzzle)
    assert typed in suspects.found and suspects.corrections_complete
    fix = Correction(typed, FixKind.NUMBER, Suspect(number, typed.row, typed.col))
    assert fix in suspects.corrections
    for proposed in suspects.corrections:
        assert count_solutions(Puzzle(proposed.applied(puzzle.givens)), limit=2) == 1
    assert f"{typed} (exactly one solution with {number} there" in suspects.text()


def test_out_of_time_among_the_typing_neighbours_says_not_all_fixes_tried(monkeypatch) -> None:
    """The time runs out proving the typing neighbours alone (not the numbers the first
    solutions show, nor the swaps): the suspect is named, and the message says that not
    every fix was tried."""
    (puzzle,) = parse_puzzles(TURNED_ROUND_12X12)
    proved = slips.unique_solution
    shown = {int(grid[5, 3]) for grid in
             solve(without(puzzle, 5, 3), limit=CANDIDATE_SOLUTIONS).solutions}
    typed = set(typing_neighbours(63)) - shown

    def out_of_time_for_a_new_number(givens, deadline, on_event):
        changed = [tuple(cell) for cell in np.argwhere(givens != puzzle.givens)]
        if changed == [(5, 3)] and int(givens[5, 3]) in typed:
            return None
        return proved(givens, deadline, on_event)

    monkeypatch.setattr(slips, "unique_solution", out_of_time_for_a_new_number)
    suspects = find_suspects(puzzle)
    assert Suspect(63, 5, 3) in suspects.found and suspects.complete
    assert not suspects.corrections_complete
    assert suspects.text().endswith("(not all fixes tried)")
