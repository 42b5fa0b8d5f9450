"""`ScreenMask`: which action a click on each character cell of the screen means.

Widgets write their action into the mask over the area they draw, so hit-testing never
duplicates layout arithmetic: a click at (y, x) is a lookup. The mask is as large as the
terminal and is rebuilt with every frame, so a resize can never leave stale targets.
"""
from __future__ import annotations

import numpy as np

from numbrix_curses.ui.actions import Action

_NONE = 0


class ScreenMask:
    """An action code per character cell of a height x width screen (0 = nothing)."""

    def __init__(self, height: int, width: int) -> None:
        self.height = max(0, height)
        self.width = max(0, width)
        self._codes = np.zeros((self.height, self.width), dtype=np.int32)
        # code k refers to _actions[k - 1]; equal actions share a code
        self._actions: list[Action] = []
        self._index: dict[Action, int] = {}

    def clear(self) -> None:
        self._codes[:] = _NONE
        self._actions.clear()
        self._index.clear()

    def _code(self, action: Action) -> int:
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

    def at(self, y: int, x: int) -> Action | None:
        """The action under screen position (y, x), None outside the mask or on nothing."""
        if not (0 <= y < self.height and 0 <= x < self.width):
            return None
        code = int(self._codes[y, x])
        return self._actions[code - 1] if code else None
