"""A grid kept as it was typed in, read back (the entry screen keeps one when the app stops)."""
from __future__ import annotations

import numpy as np

from numbrix_curses import MAX_METADATA_CHARS
from numbrix_curses.puzzle import MAX_SIDE

#: the most a grid kept as typed takes (its name's line, and a 30x30 grid of numbers up to
#: 900, with room to spare): a larger file is none, and is not read whole
MAX_TYPED_BYTES = 4 * (MAX_METADATA_CHARS + MAX_SIDE * MAX_SIDE * 5)


def parse_grid_as_typed(text: str) -> tuple[np.ndarray, str | None] | None:
    """The grid and name of a grid kept as it was typed in (`ui.entry.EntryScreen.close`
    writes one when the app stops: a `# id:` line, then the grid as `format_grid_compact`
    writes it, where a number may stand twice, as typed, so no puzzle yet); None when
    `text` is no such grid ("typed", the name of one that had none, reads as None)."""
    name = None
    rows: list[list[int]] = []
    for line in text.splitlines():
        if line.startswith("# id:"):
            name = line[len("# id:"):].strip() or None
        elif line.strip() and not line.startswith("#"):
            try:
                rows.append([0 if cell == "." else int(cell) for cell in line.split()])
            except ValueError:
                return None
    if not rows or len({len(row) for row in rows}) != 1:
        return None
    if not (1 <= len(rows) <= MAX_SIDE and 1 <= len(rows[0]) <= MAX_SIDE):
        return None
    # (looked at before numpy takes them: a number past 64 bits is an OverflowError there)
    cells = len(rows) * len(rows[0])
    if any(not 0 <= number <= cells for row in rows for number in row):
        return None
    return np.array(rows, dtype=np.int64), None if name == "typed" else name
