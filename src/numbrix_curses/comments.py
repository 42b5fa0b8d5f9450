"""Comment lines among a grid's lines: a line whose first character past its indent is
``#`` is a comment, which every reading of a grid skips. Here are which lines of a grid
are not comments (`grid_line_indices`), and the comment a reading writes in place of a
line it leaves out (`LEFT_OUT`).

Both `textformat` and `screencopy` (which `textformat` imports) use them, so they live
below both.
"""
from __future__ import annotations

# What a grid line that is no row becomes (a frame's edge copied off the app's screen, a
# Markdown table's delimiter): a comment, which the reader skips, so the lines after it
# keep their numbers in messages.
LEFT_OUT = "#"


def grid_line_indices(lines: list[str]) -> list[int]:
    """Where the grid lines of `lines` are: every line but the comments among them."""
    return [i for i, line in enumerate(lines) if not line.lstrip().startswith("#")]
