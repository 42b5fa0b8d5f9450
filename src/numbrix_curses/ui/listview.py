"""Which part of a list longer than its rows is in view.

A list that does not fit its rows shows a window onto its items, the selected one always
among them, and a line in place of the first or last item saying how many more there are
above or below ("... 2 more below"). A screen asks `list_window` each frame, keeping the
first item in view from one frame to the next so the list moves only as the selection
needs; `more_line` is what those lines say.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ListWindow:
    #: the first item in view, and how many are
    top: int
    count: int
    #: items left out above and below the window (each said on a line of its own)
    above: int
    below: int

    @property
    def rows(self) -> int:
        """The rows the window takes: its items and its "more" lines."""
        return self.count + (self.above > 0) + (self.below > 0)


def _shown(items: int, rows: int, top: int) -> int:
    """How many items from `top` fit `rows`, less a row for each "more" line needed."""
    count = rows - (top > 0)
    if top + count < items:
        count -= 1  # (a line saying more are below takes the last row)
    return max(1, min(count, items - top))


def list_window(items: int, rows: int, selected: int, top: int = 0) -> ListWindow:
    """The window onto `items` items in `rows` rows (at least 3, where the list does not
    fit) with item `selected` in it, moved from `top` (the last frame's) no further than
    that needs: the list scrolls a line as the arrows go past its edge."""
    if items <= rows:
        return ListWindow(0, items, 0, 0)
    selected = min(max(selected, 0), items - 1)
    top = min(max(top, 0), selected)
    while selected >= top + _shown(items, rows, top):
        top += 1
    # (no rows left empty under the last item: a taller window shows more from above)
    while top > 0 and top - 1 + _shown(items, rows, top - 1) >= items:
        top -= 1
    count = _shown(items, rows, top)
    return ListWindow(top, count, top, items - top - count)


def paged(window: ListWindow | None, items: int, down: bool) -> int:
    """The item PgDn selects (PgUp, not `down`), or a click on a line saying more items are
    below (above): in a window onto `items` items, the first past that edge of it, bringing
    those after it into view; where everything shows (`window` None or whole), the last
    item (the first)."""
    if window is None or not (window.below if down else window.above):
        return items - 1 if down else 0
    return window.top + window.count if down else window.top - 1


def more_line(count: int, below: bool) -> str:
    """What the line in place of an item says of the `count` items past it."""
    return f"... {count} more {'below' if below else 'above'}"
