"""benchmarks/heldout.py, the boards a change tuned on the corpus is checked against: each
seed gives a clue-minimal board with one solution and a board with several made from it,
and the file holds a board for every seed it names."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import parse_puzzles

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import brute  # noqa: E402
import corpus  # noqa: E402
import heldout  # noqa: E402


def test_a_seed_gives_a_clue_minimal_board_and_one_with_several_solutions() -> None:
    (minimal, minimal_notes), (multiple, multiple_notes) = heldout.boards(
        4, 5, 3, corpus.GenLimits()
    )
    assert minimal_notes["id"] == "heldout-4x5-3"
    assert minimal_notes["minimal"] == "yes"
    assert brute.count_matching(minimal) == 1
    # clue-minimal: without any one of its givens the board has several solutions
    for row, col in zip(*np.nonzero(minimal.givens)):
        fewer = minimal.givens.copy()
        fewer[row, col] = 0
        assert brute.count_matching(Puzzle(fewer)) >= 2, (row, col)
    assert multiple_notes == {"id": "heldout-4x5-3-multiple", "from": "heldout-4x5-3"}
    assert brute.count_matching(multiple) >= 2
    # made from the minimal board by taking one given away
    kept = multiple.givens != 0
    assert np.array_equal(multiple.givens[kept], minimal.givens[kept])
    assert kept.sum() == (minimal.givens != 0).sum() - 1


def test_the_same_seed_gives_the_same_boards() -> None:
    first = heldout.boards(4, 4, 11, corpus.GenLimits())
    again = heldout.boards(4, 4, 11, corpus.GenLimits())
    assert len(first) == len(again) == 2  # the clue-minimal board and the one made from it
    for (board, notes), (board_again, notes_again) in zip(first, again):
        assert np.array_equal(board.givens, board_again.givens)
        assert notes == notes_again


def test_the_file_holds_both_boards_of_every_seed_it_names() -> None:
    text = (ROOT / "benchmarks" / "hard" / "heldout.txt").read_text()
    ids = [puzzle.metadata.get("id") for puzzle in parse_puzzles(text)]
    expected = [
        f"heldout-{rows}x{cols}-{seed}{kind}"
        for rows, cols, first, count in heldout.SIZES
        for seed in range(first, first + count)
        for kind in ("", "-multiple")
    ]
    assert ids == expected
