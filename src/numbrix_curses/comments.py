"""Comment lines among a grid's lines: a line whose first character past its indent is
``#`` is a comment, which every reading of a grid skips. Here are which lines of a grid
are not comments (`grid_line_indices`), and the comment a reading writes in place of a
line it leaves out (`LEFT_OUT`).

Both `textformat` and `screencopy` (which `textformat` imports) use them, so they live
below both.
"""
from __future__ import annotations

import contextlib
import contextvars
import itertools
from typing import Iterator

# What a grid line that is no row becomes (a frame's edge copied off the app's screen, a
# Markdown table's delimiter): a comment, which the reader skips, so the lines after it
# keep their numbers in messages.
LEFT_OUT = "#"


def grid_line_indices(lines: list[str]) -> list[int]:
    """Where the grid lines of `lines` are: every line but the comments among them."""
    remembered = _REMEMBERED.get()
    if remembered is None or len(lines) < _REMEMBER_FROM:
        return [i for i, line in enumerate(lines) if not line.lstrip().startswith("#")]
    for seen, comments in remembered:
        if seen == lines:  # (the same strings, as a rule: told apart by identity, at once)
            break
    else:
        comments = [i for i, line in enumerate(lines) if line.lstrip().startswith("#")]
        remembered.insert(0, (list(lines), comments))
        del remembered[_KEPT:]
    # (the comments are kept, few as a rule, not the grid lines: a number kept for each
    # line of 200,000 took 7 MB)
    return list(itertools.chain.from_iterable(
        range(start, end) for start, end in zip([0] + [i + 1 for i in comments],
                                                comments + [len(lines)])))


# Each reading of a block that a block is tried in looks for its comments again, some
# thirty times in a block that reads as none: a second for a block of 200,000 lines.
# Within `grid_lines_remembered` (a block's reading) the answer for a long block's lines,
# or for the few lists made of them, is kept and given again for the same lines.
_REMEMBERED: contextvars.ContextVar[list[tuple[list[str], list[int]]] | None] = (
    contextvars.ContextVar("remembered_grid_lines", default=None))
#: lines from which the answer is worth keeping (a board's block is a few dozen lines: the
#: lines compared with those kept cost more than looking again)
_REMEMBER_FROM = 1_000
#: lists of lines whose answer is kept at once (the block's, and a few made of it)
_KEPT = 4


@contextlib.contextmanager
def grid_lines_remembered() -> Iterator[None]:
    """Within it, `grid_line_indices` keeps its answers for long lists of lines, for the
    same lines given again; they are let go at its end."""
    token = _REMEMBERED.set([])
    try:
        yield
    finally:
        _REMEMBERED.reset(token)
