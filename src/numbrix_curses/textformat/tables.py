"""Rules drawn in bars among a boxed grid's lines: a Markdown table's delimiter row (and a
header of column labels, or an empty one, over it), and rules between the rows of a board
or at its edges, left out before the rows are read; and a Markdown table written without
its outer bars, read the same way."""
from __future__ import annotations

import re

from numbrix_curses.comments import LEFT_OUT, grid_line_indices
from numbrix_curses.puzzle import ParseError, cell_value, cut_short
from numbrix_curses.textformat.rows import is_rule_line


# A Markdown table's delimiter row, under its header row: "|---|---|", "|:-:|--:|"; and a
# rule drawn with bars between the rows of a board ("|----|----|", "|----+----|").
MARKDOWN_DELIMITER = re.compile(r"\|(?:[ \t]*:?-+:?[ \t]*[|+])*[ \t]*:?-+:?[ \t]*\|")
# The same as GitHub-flavoured Markdown allows it without its outer bars, or with one of
# them: "--|---|--", ":-|:-:|-:", "| --- | ---" (a bar between two cells at least).
BARE_DELIMITER = re.compile(
    r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?")


def without_bar_rules(lines: list[str]) -> list[str]:
    """`lines` of a boxed grid, with the rules drawn in bars left out (see `LEFT_OUT`): a
    Markdown table's delimiter row, and its header row too when that holds column labels
    ("| A | B | C |") or nothing ("|  |  |  |", as a table with no header of its own
    needs one) rather than the board's first row; and rules between the rows, or as an
    edge.

    Read as a boxed row, "|---|---|" is a row of blanks ("-" is one, and "--" too): a
    board pasted from a Markdown table grew a row and took the wrong verdict without a
    word. But a board may write its blanks so, a wholly blank row then "| -- | -- |":

    - a delimiter under the first row has three dashes or a colon somewhere (as ever), or
      any dashes under column labels or an empty header;
    - rules between rows, or as the top or bottom edge, are drawn: three dashes or more
      filling every cell ("|----|----|", "|---+---|"), between every two rows (or the
      board has such an edge); and only where no row of the board writes a blank as two
      dashes or more. A row of single "-" blanks, or of dashes written apart, is a row.
    """
    grid = grid_line_indices(lines)
    if len(grid) < 2:
        return lines

    def rule(line: str) -> bool:
        return bool(MARKDOWN_DELIMITER.fullmatch(line.strip()))

    def drawn(line: str) -> bool:
        """A rule as drawn between rows: dashes (and colons) filling every cell, three
        at least (two are a blank as wide as two digits)."""
        return rule(line) and all(
            " " not in cell and len(cell.strip(":")) >= 3
            for cell in re.split(r"[|+]", line.strip()[1:-1]))

    # Blanks written as runs of dashes ("| 1 | -- | 3 |") in a row that is no rule: then a
    # line of such runs is a row of blanks too, and only a delimiter under the first row
    # (by the old rule) is no row.
    dash_blanks = any(
        re.fullmatch(r"-{2,}", cell.strip())
        for i in grid if not drawn(lines[i]) and lines[i].lstrip().startswith("|")
        for cell in lines[i].strip()[1:-1].split("|"))
    lines = list(lines)
    if not dash_blanks:
        # A top or bottom edge in bars ("|----|----|") is no row of blanks.
        edges = [i for i in (grid[0], grid[-1]) if drawn(lines[i])]
        for i in edges:
            lines[i] = LEFT_OUT
        grid = [i for i in grid if i not in edges]
        if len(grid) < 2:
            return lines
        ruled = [k for k, i in enumerate(grid) if drawn(lines[i])]
        # (the "+----+" rules of the boxed form count as rules between rows too)
        rules = set(ruled) | {k for k, i in enumerate(grid) if is_rule_line(lines[i])}
        # (a board with an edge in bars is drawn, no Markdown table: its rules are rules)
        between = bool(edges) or (len(ruled) >= 2 and not any(
            k not in rules and k + 1 not in rules for k in range(len(grid) - 1)))
    else:
        ruled, between = [], False
    second = lines[grid[1]].strip()
    header = lines[grid[0]].strip()
    cells = ([cell.strip() for cell in header[1:-1].split("|")]
             if header.startswith("|") and header.endswith("|") and len(header) > 1 else [])
    named = bool(cells) and all(cell and cell_value(cell) is None for cell in cells)
    if between:
        for k in ruled:
            lines[grid[k]] = LEFT_OUT
        if named and 1 in ruled:
            lines[grid[0]] = LEFT_OUT  # (column labels over the first rule)
        return lines
    # (column labels, or nothing: a header, so what is under it is its delimiter; with
    # rules between every two rows, as above, an empty first row is a row of the board)
    labels = named or (bool(cells) and not any(cells))
    if not rule(second) or not ("---" in second or ":" in second or labels):
        return lines
    lines[grid[1]] = LEFT_OUT
    if labels:
        lines[grid[0]] = LEFT_OUT
    return lines


def _bare(lines: list[str], grid: list[int], counted: bool = True) -> bool:
    """Whether the grid lines of `lines` (at `grid`) may be a Markdown table without its
    outer bars: the first holds a bar, the second is a delimiter (`BARE_DELIMITER`), one of
    the two lacks an outer bar, they have as many cells (as Markdown has them; an empty
    header, bars and spaces only, has any number), and no line is a boxed grid's "+----+"
    rule. (A table whose first two lines have both bars is the boxed form, a line in it
    that lacks them a slip, as ever; a first line of more cells or fewer is no header, but
    a slip in one, "| 1 | 2 | 3 |?", said as such.)"""
    if len(grid) < 2:
        return False
    texts = [lines[i].strip() for i in grid]
    return ("|" in texts[0] and BARE_DELIMITER.fullmatch(texts[1]) is not None
            and not any(is_rule_line(text) for text in texts)
            and not all(text.startswith("|") and text.endswith("|") and len(text) > 1
                        for text in texts[:2])
            and (not counted or table_cells(texts[0]) == table_cells(texts[1])
                 or not texts[0].replace("|", "").strip()))


def table_cells(text: str) -> int:
    """How many cells a line of a Markdown table holds, its outer bars optional."""
    return _inside_edges(text).count("|") + 1


def _inside_edges(text: str) -> str:
    """A table line's text inside its outer bars, each optional (as GitHub-flavoured
    Markdown has them): "1 | . | 3", "| 1 | . | 3" and "| 1 | . | 3 |" hold the same."""
    text = text.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return text


def bare_table(lines: list[str]) -> list[str] | None:
    """`lines` of a Markdown table written without its outer bars, as GitHub-flavoured
    Markdown allows and many tools write it, made rows of cells parted by bars::

        1 | . | 3
        --|---|--
        . | . | .

    with its delimiter row (and a header of column labels, or an empty one, over it)
    left out as a comment (`LEFT_OUT`), and the outer bars a line may still have (each is
    optional, on every line) made spaces, so columns stay where they were: read at `BAR`
    (see `rows.Row`). None where `lines` are no such table: their second grid line is no
    delimiter with a bar between two cells, or it and the line over it have both their
    outer bars (the boxed form, read as ever: see `without_bar_rules`), or a line is a
    "+----+" rule.

    What is left out is what `without_bar_rules` leaves out of the same table with its
    outer bars. Where that is not the delimiter (a row of single dashes under the board's
    first row, "- | - | -", may be a row of blanks), the lines are no table here either:
    grids of cells parted by bars with no delimiter row are refused as ever, at the first
    bar ("'|' is not a number or a blank")."""
    if "|" not in "".join(lines):
        return None  # (most grids: said at once, as a file may hold 10,000)
    grid = grid_line_indices(lines)
    if not _bare(lines, grid):
        return None
    piped = list(lines)
    for i in grid:
        piped[i] = "|" + _inside_edges(lines[i]) + "|"
    kept = without_bar_rules(piped)
    if kept[grid[1]] != LEFT_OUT:
        return None
    out = list(lines)
    for i in grid:
        if kept[i] == LEFT_OUT:
            out[i] = LEFT_OUT
            continue
        line = lines[i]
        start = len(line) - len(line.lstrip())
        if line[start:start + 1] == "|":
            line = line[:start] + " " + line[start + 1:]
        end = len(line.rstrip()) - 1
        if end > start and line[end] == "|":
            line = line[:end] + " " + line[end + 1:]
        out[i] = line
    return out


def raise_if_delimiter_unsure(lines: list[str], first_line: int, filename: str) -> None:
    """Raise a `ParseError` at the second line of a grid of cells parted by bars without
    outer bars, when that line is a Markdown delimiter (see `BARE_DELIMITER`) that
    `bare_table` does not take as one: "--|--" or "-|-|-" under the board's first row,
    which a board that writes its blanks as dashes writes as a row of blanks. Either
    reading makes another board, so neither is taken; the error said "'|' is not a
    number" of the first row, which did not tell how to write the table. So it did of a
    first row (bars between its cells only) over a delimiter of other cells: said so."""
    grid = grid_line_indices(lines)
    if not _bare(lines, grid, counted=False) or bare_table(lines) is not None:
        return
    header, line = lines[grid[0]], lines[grid[1]]
    if not _bare(lines, grid):
        if header.strip()[:1] != "|" and header.strip()[-1:] != "|":
            # (bars between cells only, over a delimiter of other cells: said of the row,
            # not of its first bar)
            raise ParseError(
                filename, first_line + grid[0], len(header) - len(header.lstrip()) + 1,
                f"row has {table_cells(header)} cells, but the Markdown table's delimiter "
                f"under it has {table_cells(line)}") from None
        return
    raise ParseError(
        filename, first_line + grid[1], len(line) - len(line.lstrip()) + 1,
        f"{cut_short(line.strip())!r} under the first row: a Markdown table's delimiter, or a "
        "row of blanks (- and -- are blanks)? for a delimiter, write --- (or a colon) in "
        "a cell; for blanks, write . in each") from None
