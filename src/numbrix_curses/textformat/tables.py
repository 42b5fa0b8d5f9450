"""Rules drawn in bars among a boxed grid's lines: a Markdown table's delimiter row (and a
header of column labels, or an empty one, over it), and rules between the rows of a board
or at its edges, left out before the rows are read."""
from __future__ import annotations

import re

from numbrix_curses.puzzle import cell_value
from numbrix_curses.screencopy import LEFT_OUT, grid_line_indices
from numbrix_curses.textformat.rows import is_rule_line


# A Markdown table's delimiter row, under its header row: "|---|---|", "|:-:|--:|"; and a
# rule drawn with bars between the rows of a board ("|----|----|", "|----+----|").
MARKDOWN_DELIMITER = re.compile(r"\|(?:[ \t]*:?-+:?[ \t]*[|+])*[ \t]*:?-+:?[ \t]*\|")


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
