"""`ScreenMask`: which action a click on each character cell of the screen means.

Widgets write their action into the mask over the area they draw, so hit-testing never
duplicates layout arithmetic: a click at (y, x) is a lookup. The mask is as large as the
terminal and is rebuilt with every frame, so a resize can never leave stale targets.
"""
from __future__ import annotations

import numpy as np

from typing import Callable

from numbrix_curses.ui.actions import Action

_NONE = 0

#: works out the action at a screen position inside a region (None: nothing there)
Resolver = Callable[[int, int], "Action | None"]


class _Region:
    """A rectangle whose actions are computed on a click, not stored per character: a
    board of 900 cells then costs the mask one write per frame instead of 900."""

    __slots__ = ("resolve",)

    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve


class ScreenMask:
    """An action code per character cell of a height x width screen (0 = nothing)."""

    def __init__(self, height: int, width: int) -> None:
        self.height = max(0, height)
        self.width = max(0, width)
        self._codes = np.zeros((self.height, self.width), dtype=np.int32)
        # code k refers to _actions[k - 1]; equal actions share a code
        self._actions: list[Action | _Region] = []
        self._index: dict[Action | _Region, int] = {}

    def clear(self) -> None:
        self._codes[:] = _NONE
        self._actions.clear()
        self._index.clear()

    def _code(self, action: "Action | _Region") -> int:
        code = self._index.get(action)
        if code is None:
            self._actions.append(action)
            code = self._index[action] = len(self._actions)
        return code

    def fill(self, y: int, x: int, height: int, width: int, action: Action | None) -> None:
        """Mark a rectangle (clipped to the screen) with `action`; None erases."""
        y0, x0 = max(0, y), max(0, x)
        y1, x1 = min(self.height, y + height), min(self.width, x + width)
        if y0 >= y1 or x0 >= x1:
            return
        self._codes[y0:y1, x0:x1] = _NONE if action is None else self._code(action)

    def put(self, y: int, x: int, width: int, action: Action | None) -> None:
        """Mark `width` cells of row `y` from column `x`."""
        self.fill(y, x, 1, width, action)

    def region(self, y: int, x: int, height: int, width: int, resolve: Resolver) -> None:
        """Mark a rectangle whose action at (y, x) is `resolve(y, x)`, asked at click time."""
        self.fill(y, x, height, width, _Region(resolve))  # type: ignore[arg-type]

    def at(self, y: int, x: int) -> Action | None:
        """The action under screen position (y, x), None outside the mask or on nothing."""
        if not (0 <= y < self.height and 0 <= x < self.width):
            return None
        code = int(self._codes[y, x])
        if not code:
            return None
        target = self._actions[code - 1]
        if isinstance(target, _Region):
            return target.resolve(y, x)
        return target

    def spans(self, action: Action) -> list[tuple[int, int, int]]:
        """Where `action` is marked, as (row, column, width) runs (not in regions, whose
        actions are worked out on a click): a button held down is shown pressed there."""
        code = self._index.get(action)
        if code is None:
            return []
        runs = []
        for y, x in zip(*np.nonzero(self._codes == code)):
            y, x = int(y), int(x)
            if runs and runs[-1][0] == y and runs[-1][1] + runs[-1][2] == x:
                runs[-1] = (y, runs[-1][1], runs[-1][2] + 1)
            else:
                runs.append((y, x, 1))
        return runs
