"""What drawing the path puts where: the number a step of a stroke writes into the cell it
enters, the number a stroke drawn over a wrong path takes along, and the numbers of a
stroke that counted the wrong way, turned round.

Pure functions of a board's numbers (`flat`: its cells in row-major order, 0 blank), its
`Geometry` and the mask of its givens, as in `conflicts`; `Game.extend` asks them and
makes the moves (its undo stack, cursor and stroke are its own).
"""
from __future__ import annotations

import numpy as np

from numbrix_curses.puzzle import BLANK, Geometry


def could_stand(flat: np.ndarray, cols: int, number: int, cell: int) -> bool:
    """Whether `number` in `cell` is within reach of every number on the board: no more
    steps away from each than the two differ."""
    cells = np.flatnonzero(flat != BLANK)
    row, col = divmod(cell, cols)
    steps = np.abs(cells // cols - row) + np.abs(cells % cols - col)
    return bool(np.all(steps <= np.abs(flat[cells].astype(np.int64) - number)))


def drawn_number(flat: np.ndarray, geo: Geometry, cell: int, target: int) -> int | None:
    """The number a stroke draws into `target` from the number in `cell`: the one after
    it, or the one before it when that one is free and the one after is on the board
    already. None when both are on the board (or past the ends), or `cell` is blank.

    (A path drawn down its numbers stays going down: the number after each is on the
    board, as the cell it was drawn from holds it.) Where both the numbers before and
    after are free, the one after, unless only the one before can stand there: a number
    is as many steps from each number on the board as they differ, at most (the 4
    dragged from toward the 1 and 2 it leads back to gave a 5 that could not be)."""
    value = int(flat[cell])
    if value == BLANK:
        return None
    size = geo.size
    on_board = set(flat.tolist())
    up = value + 1 if value < size and value + 1 not in on_board else None
    down = value - 1 if value > 1 and value - 1 not in on_board else None
    if up is not None and down is not None and not could_stand(flat, geo.cols, up, target):
        up = None if could_stand(flat, geo.cols, down, target) else up
    return up if up is not None else down


def moved_number(flat: np.ndarray, geo: Geometry, given: np.ndarray,
                 cell: int) -> tuple[int, int] | None:
    """Where drawing from `cell` finds the numbers either side of its own on the board
    already: the one a player put down away from it (not given, not beside `cell`, on the
    board once), which the drawing moves on, and the cell it leaves; the number after
    first. None when there is none. (4 and 5 joined and a 6 put down where it does not
    join them: dragging on from the 5 said "Nothing to draw from 5" until the 6 was
    cleared by hand; now the 6 follows the drag, as the path is drawn anew.)"""
    value = int(flat[cell])
    for number in (value + 1, value - 1):
        if not 1 <= number <= geo.size:
            continue
        held = np.flatnonzero(flat == number)
        if len(held) == 1 and not given[held[0]] and not geo.adjacent(cell, int(held[0])):
            return number, int(held[0])
    return None


def turned_stroke(flat: np.ndarray, geo: Geometry, stroke: list[tuple[int, bool]],
                  moved: set[int] | dict[int, int], target: int) -> list[int] | None:
    """The numbers the cells `stroke` drew get when it counts the other way from the
    number it started on, then the one for the next cell, `target`; None unless every
    cell after the first was drawn by it, counting one way, none of them holds a number
    the stroke moved there (`moved`: turned, that number would take another's value, its
    own lost), and the numbers the other way are all free (none on the board, none past 1
    or the last) and each can stand where it would go (`could_stand`).

    `stroke` is the stroke's cells from where it started, each with whether it drew
    there. (Dragged left from the 4 of ". . . 4 .", 5 then "nothing to draw from 5"
    becomes 3, 2.)"""
    if len(stroke) < 2 or not all(drew for _, drew in stroke[1:]):
        return None
    if any(cell in moved for cell, _ in stroke):
        return None
    start = int(flat[stroke[0][0]])
    values = [int(flat[cell]) for cell, _ in stroke[1:]]
    step = values[0] - start
    if step not in (1, -1) or values != [start + step * k for k in range(1, len(values) + 1)]:
        return None
    turned = [start - step * k for k in range(1, len(values) + 2)]
    on_board = set(flat.tolist())
    if not all(1 <= value <= geo.size and value not in on_board for value in turned):
        return None
    # (each where it can stand, as a number drawn is: turned, a right 1 became a 3 and
    # the cell beside it a 4 four steps from the 6)
    cells = [cell for cell, _ in stroke[1:]] + [target]
    if not all(could_stand(flat, geo.cols, value, cell) for value, cell in zip(turned, cells)):
        return None
    return turned
