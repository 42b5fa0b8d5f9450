"""Plain values and classes shared by test modules (fixtures live in conftest.py).

Import with ``from helpers import ...``: pytest puts this directory on ``sys.path``, as it
does for tty_harness.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from numbrix_curses.pairslips import NumberPair, Retyped
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import read_puzzles

#: the benchmark corpus (kept in the repository): sparse boards of known verdict, some of
#: them hard, with the path each was made from
CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "corpus"

#: A 4x4 puzzle with one solution; its blanks hold 2, 3, 12, 13 and 15:
#:    4  3  2  1
#:    5 14 15 16
#:    6 13 12 11
#:    7  8  9 10
GIVENS = [
    [4, 0, 0, 1],
    [5, 14, 0, 16],
    [6, 0, 0, 11],
    [7, 8, 9, 10],
]
#: GIVENS as a puzzle file in the text format, with the id "demo" (the app's title shows it).
DEMO_TEXT = """\
# id: demo
4 . . 1
5 14 . 16
6 . . 11
7 8 9 10
"""

#: A newspaper-style 9x9 (givens every other cell round the edge, a few inside) with exactly
#: one solution, and the same board typed with a row out of place.
NEWSPAPER_9X9 = """\
 . 32  . 34  . 50  . 54  .
30  .  .  .  .  .  .  . 56
 .  . 39  . 47  . 59  .  .
26  .  .  .  .  .  .  . 70
 .  . 23  . 45  . 67  .  .
20  .  .  .  .  .  .  . 72
 .  . 15  .  1  . 65  .  .
10  .  .  .  .  .  .  . 74
 .  8  .  6  .  4  . 76  .
"""
#: its first row typed without its leading blank: every given a column to the left
TOP_ROW_SHIFTED = NEWSPAPER_9X9.replace(" . 32  . 34  . 50  . 54  .",
                                        "32  . 34  . 50  . 54  .  .")
#: its rows 5 and 6 typed the one under the other
ROWS_5_AND_6_SWAPPED = NEWSPAPER_9X9.replace(
    " .  . 23  . 45  . 67  .  .\n20  .  .  .  .  .  .  . 72\n",
    "20  .  .  .  .  .  .  . 72\n .  . 23  . 45  . 67  .  .\n")

#: a generated 8x8 with its 26 at D3 typed as 62 and its 21 at C5 as 12: no single change
#: mends it
TWO_TURNED_8X8 = """\
 .  .  .  .  .  .  .  .
58  .  .  .  .  9  .  .
 . 14  . 62  .  .  .  .
 .  .  .  .  . 37  .  1
 .  . 12  .  .  .  . 40
 .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .
 .  .  .  . 48  .  .  .
"""


#: a 12x12 of 34 givens with its 87 and 89 written in each other's cells (I7, K7): no
#: two givens stand too far apart for their difference, nor one on the wrong colour
SWAPPED_12X12 = """\
  .   .   .   .   . 112 111   .   .  98   .   .
  .   .   .   .   .   .   .   .   .  97  80   .
  .   . 121   .   .   . 103   .   .  94   .   .
124   .   .   1   .   7  12   .   .   .   .   .
  .   .   .   .   .   .   .   .   .   .  83   .
  .  33   .   .  30   .  10   .   .   .   .  73
  .   .  35  28   .  24   .   .  87   .  89   .
  .   .   .   .   .   .   .   .   .   .  70   .
  .   .   .   .   .   .   .  20   .   .   .  66
  .   .   .   .   .  51   .  55   .   .  64  65
  .   .   .  42  43   .   . 142   .  58   .   .
  .   .   .   .   .   .   . 141   .   .   .   .
"""


#: the change that puts both right
TURNED_BACK = NumberPair(Retyped(4, 2, 12, 21), Retyped(2, 3, 62, 26))


class FakeClock:
    """A clock for `Game` that moves only when the test says so (``clock.now += 30``)."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def corpus_boards(name: str, ids: list[str]) -> tuple[list[Puzzle], dict[str, np.ndarray]]:
    """The boards `ids` of the corpus file `name` (e.g. "corpus-v1-20x20"), and the path
    each board was made from, by id."""
    puzzles = [p for p in read_puzzles(str(CORPUS / f"{name}.txt")) if p.id in ids]
    answers = {p.id: p.givens for p in read_puzzles(str(CORPUS / f"{name}-solutions.txt"))}
    return puzzles, answers


class FakeWindow:
    """What the input readers (`ui.paste`, `ui.sequences`) ask of a curses window: `get_wch`
    from a queue of keys, raising `curses.error` when the queue is empty (a wait that timed
    out)."""

    def __init__(self, keys: "list[int | str] | str") -> None:
        # (kept last key first, so each key read is taken off the end: a paste of 200,000
        # characters read off the front of a list took 18 s)
        self._left = list(keys)[::-1]

    @property
    def keys(self) -> "list[int | str]":
        """The keys not read yet, in order."""
        return self._left[::-1]

    def timeout(self, ms: int) -> None:
        pass

    def get_wch(self) -> "int | str":
        import curses

        if not self._left:
            raise curses.error("no input")
        return self._left.pop()
