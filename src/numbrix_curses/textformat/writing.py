"""Puzzles written as text: the compact form (`format_compact`, `format_grid_compact`), the
printable boxed one (`format_boxed`), and values made fit for a ``#`` comment line
(`comment_text`). What these write reads back with `parse_puzzles`."""
from __future__ import annotations

import re
from typing import Mapping, Sequence

import numpy as np

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat.metadata import MAX_KEY_CHARS


#: Screen width the boxed writer aims to fit.
PRINT_WIDTH = 80
#: a key the reader takes back as one (a longer one reads as a plain comment: lost)
_KEY = re.compile(r"[a-z][a-z0-9_\-]{0,%d}" % (MAX_KEY_CHARS - 1))


def comment_text(value: object) -> str:
    """`value` fit for a ``#`` comment line: a line break inside it would end the comment
    early, and the reader refuses other control characters, so each run of them becomes
    one space (tabs stay); so do Unicode's line and paragraph separators, which an editor
    shows as line breaks."""
    return re.sub(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]+", " ", str(value)).strip()


def metadata_name(key: object) -> str | None:
    """`key` as a ``# key: value`` line writes it (lower case), None where no such line can
    hold it (not one word, or too long: it would read back as a plain comment)."""
    name = str(key).strip().lower()
    return name if _KEY.fullmatch(name) else None


def _metadata_lines(metadata: Mapping[str, object]) -> list[str]:
    lines = []
    for key, value in metadata.items():
        name = metadata_name(key)
        if name is None:
            raise ValueError(f"metadata key {key!r} cannot be written as '# key: value'")
        text = comment_text(value)  # one line per key
        lines.append(f"# {name}: {text}" if text else f"# {name}:")
    return lines


def _display_grid(puzzle: Puzzle, grid: np.ndarray | Sequence[Sequence[int]] | None) -> np.ndarray:
    """`grid` (default: the givens) with the puzzle's givens shown wherever it is blank."""
    if grid is None:
        return puzzle.givens
    arr = np.asarray(grid)
    if arr.shape != puzzle.givens.shape:
        raise ValueError(
            f"grid is {'x'.join(map(str, arr.shape))}, puzzle is {puzzle.rows}x{puzzle.cols}"
        )
    return np.where(arr != 0, arr, puzzle.givens)


def _cell_width(grid: np.ndarray) -> int:
    rows, cols = grid.shape
    largest = max(rows * cols, int(grid.max()) if grid.size else 0)
    return len(str(largest))


def format_grid_compact(grid: np.ndarray | Sequence[Sequence[int]]) -> str:
    """Rows of right-aligned cells of equal width, blanks as ``.``; ends with a newline."""
    arr = np.asarray(grid)
    width = _cell_width(arr)
    lines = []
    for row in arr:
        lines.append(" ".join((str(int(v)) if v else ".").rjust(width) for v in row))
    return "\n".join(lines) + "\n"


def format_compact(
    puzzle: Puzzle,
    grid: np.ndarray | Sequence[Sequence[int]] | None = None,
    metadata: Mapping[str, object] | None = None,
) -> str:
    """The compact form: ``# key: value`` lines, then the grid (default: the givens).

    `metadata` replaces the puzzle's own metadata when given.
    """
    meta = puzzle.metadata if metadata is None else metadata
    lines = _metadata_lines(meta)
    body = format_grid_compact(_display_grid(puzzle, grid))
    return "".join(line + "\n" for line in lines) + body


def format_boxed(
    puzzle: Puzzle,
    grid: np.ndarray | Sequence[Sequence[int]] | None = None,
    metadata: Mapping[str, object] | None = None,
) -> str:
    """The printable form: cells between ``|`` bars, rows between ``+----+`` rules.

    Cells are as wide as the largest number plus two spaces, narrowed when that would not
    fit `PRINT_WIDTH` columns, so boards up to 15 columns print on an 80-column page.
    The text reads back with `parse_puzzles`.
    """
    meta = puzzle.metadata if metadata is None else metadata
    shown = _display_grid(puzzle, grid)
    digits = _cell_width(shown)
    cols = puzzle.cols
    for padding in (2, 1, 0):
        if cols * (digits + padding + 1) + 1 <= PRINT_WIDTH:
            break
    inner = digits + padding
    rule = "+" + "+".join("-" * inner for _ in range(cols)) + "+"
    lines = _metadata_lines(meta)
    lines.append(rule)
    for row in shown:
        cells = []
        for v in row:
            text = str(int(v)) if v else ""
            # Right-align with one trailing space when there is room: numbers line up
            # and do not touch the bar on their right.
            cells.append(text.rjust(inner - 1) + " " if padding else text.rjust(inner))
        lines.append("|" + "|".join(cells) + "|")
        lines.append(rule)
    return "\n".join(lines) + "\n"
