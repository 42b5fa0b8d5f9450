"""Level 4 (fiendish): a trial, an assumption followed with the solver's deductions to a
contradiction, nested up to two deep."""

from __future__ import annotations

from collections.abc import Sequence

from numbrix_curses import solver
from numbrix_curses.deduce.steps import Technique
from numbrix_curses.deduce.board import Board, Broken, Found, cell_list, mask_of
from numbrix_curses.puzzle import plural
from numbrix_curses.deduce.medium import Domains
from numbrix_curses.deduce.settle import settle


class NoStep(Exception):
    """Levels 1-3 find nothing and no trial settles the board."""


#: nested assumptions a trial follows itself; a step needing more gets depth one above
#: (its reason then says only that a search shows it: no person follows it by hand)
TRIAL_MAX_DEPTH = 2
#: numbers weighed for a nested trial, fewest candidate cells first
_TRIAL_CANDIDATES = 4


def _refute(prop: solver.Deductions, number: int, cell: int, depth: int) -> int | None:
    """How many nested assumptions it takes to show `number` cannot stand on `cell`: 1 when
    following the board facts from that assumption alone runs into a contradiction, k when
    every cell of some number then fails within k - 1. None when no contradiction shows up
    within `depth` (or the assumption completes the board)."""
    trial = prop.copy()
    try:
        trial.assume(number, cell)
        trial.run()
    except solver.Stuck:
        return 1
    if depth <= 1 or not trial.free:
        return None
    pos, dom = trial.pos, trial.dom
    w = min((u for u in range(1, trial.last + 1) if pos[u] < 0),
            key=lambda u: (dom[u].bit_count(), u))
    deepest = 0
    for c in trial.geo.cells_of(dom[w]):
        sub = _refute(trial, w, c, depth - 1)
        if sub is None:
            return None
        deepest = max(deepest, sub)
    return deepest + 1


def _nested_reason(board: Board, prop: solver.Deductions, number: int, cell: int) -> str:
    """Words for a refutation two assumptions deep: the number the second one is about."""
    trial = prop.copy()
    trial.assume(number, cell)
    trial.run()
    pos, dom = trial.pos, trial.dom
    w = min((u for u in range(1, trial.last + 1) if pos[u] < 0),
            key=lambda u: (dom[u].bit_count(), u))
    return (
        f"with it at {board.name(cell)}, {w} could then only go at "
        f"{cell_list(board, dom[w]).replace(' and ', ' or ')}, and following the board through "
        f"from each of those leads to a contradiction"
    )


def _trial_reason(board: Board, number: int, cell: int) -> str:
    """The contradiction an assumption runs into by the easy and medium techniques, in words,
    or a plain statement when they alone do not reach it."""
    trial = board.copy()
    try:
        trial.place(number, cell)
        settle(trial, max_level=2, rounds=40)
    except Broken as broken:
        return broken.reason
    return "the remaining numbers can no longer all be placed"


def trial_step(
    board: Board,
    doms: Domains,
    solution: Sequence[int] | None,
    memo: dict[tuple[int, int], int] | None = None,
    explain: bool = True,
) -> Found:
    """A trial step: a number all of whose other cells lead to contradictions.

    Assumptions are followed with the solver's `Deductions` (levels 1-3 in candidate form).
    Shallow first: every number is weighed at depth 1 before any at depth 2. With the
    solution known only the wrong cells are tried (the right one cannot fail, as nothing
    here is unsound); without it a number is settled when exactly one cell survives.

    `memo` (kept across the trials of one walkthrough) remembers assumptions already
    refuted and at what depth. A walkthrough only ever adds true placements, so a cell
    refuted on an earlier board stays refuted (no solution of the fuller board is missing
    from the emptier one): a refutation no deeper than the depth being tried is reused, not
    repeated, and numbers whose wrong cells all failed before are tried first.

    `explain=False` (grading) skips spelling out the contradiction in the step's reason.
    """
    if memo is None:
        memo = {}
    base = solver.Deductions(board.geo, board.pos, doms.dom, board.free, board.odd_colour)
    try:
        base.run()
    except solver.Stuck:
        raise Broken("the board cannot be completed") from None
    tried_before = {u for u, _ in memo} if solution is not None else set()

    def known(u: int) -> int:
        """The depth all wrong cells of u were refuted at before (99 if not all were)."""
        if u not in tried_before:
            return 99
        depths = [memo.get((u, c), 99) for c in geo.cells_of(doms.dom[u]) if c != solution[u]]
        return max(depths, default=99)

    geo = board.geo
    order = sorted(
        (v for v in doms.seg_of if doms.dom[v].bit_count() >= 2),
        key=lambda u: (
            known(u),
            base.dom[u].bit_count() if base.pos[u] < 0 else 1,
            # runs closed at both ends (short ones first) fail faster than the open head
            # and tail, whose refutations tend to need the whole board searched
            not (doms.seg_of[u].anchored_below and doms.seg_of[u].anchored_above),
            doms.seg_of[u].length,
            u,
        ),
    )

    def settle_number(v: int, depth: int) -> Found | None:
        cells = list(geo.cells_of(doms.dom[v]))
        refuted: list[int] = []
        survivors: list[int] = []
        deepest = 0
        for c in cells:
            if solution is not None and c == solution[v]:
                survivors.append(c)
                continue
            found_depth = memo.get((v, c))
            if found_depth is None or found_depth > depth:
                found_depth = _refute(base, v, c, depth)
            if found_depth is None:
                survivors.append(c)
                if solution is not None or len(survivors) > 1:
                    return None
            else:
                refuted.append(c)
                memo[(v, c)] = found_depth
                deepest = max(deepest, found_depth)
        if len(survivors) != 1:
            return None
        target = survivors[0]
        shown = refuted if len(refuted) <= 4 else refuted[:3]
        tried = " or ".join(board.name(c) for c in shown) + (
            "" if len(refuted) <= 4 else f" (or {len(refuted) - 3} other cells)"
        )
        if not explain:
            how = "following the board through leads to a contradiction"
        elif deepest <= 1:
            # The contradiction is on the board that follows the assumption: its numbers
            # stand where the easy steps put them there, not on the board in play ("130 at
            # I1" of an empty I1 read as a slip), and with several cells it is of the first.
            each = (" each time; from " + board.name(refuted[0]) + ","
                    if len(refuted) > 1 else ";")
            how = (
                f"following the board through leads to a contradiction{each} on the board "
                f"that follows, {_trial_reason(board, v, refuted[0])}"
            )
        else:
            worst = max(refuted, key=lambda c: memo[(v, c)])
            how = _nested_reason(board, base, v, worst)
        return Found(
            v,
            target,
            Technique.TRIAL,
            f"{v} must go at {board.name(target)}: if it went at {tried} instead, {how}",
            tuple(refuted),
            deepest,
        )

    # Shallowest first: every candidate at one depth before any goes deeper. A failed
    # attempt stops at its first branch that survives, so these rounds are cheap.
    for depth in range(1, TRIAL_MAX_DEPTH + 1):
        for v in order[: _TRIAL_CANDIDATES * 3 if depth == 1 else _TRIAL_CANDIDATES]:
            step = settle_number(v, depth)
            if step is not None:
                return step
    if solution is not None and order:
        # Deeper than that, the proof is the solver's: it showed the solution unique, so
        # every other cell of any number fails. Take the first candidate.
        v = order[0]
        target = solution[v]
        others = [c for c in geo.cells_of(doms.dom[v]) if c != target]
        return Found(
            v,
            target,
            Technique.TRIAL,
            f"{v} must go at {board.name(target)}: every other cell it can reach "
            f"({cell_list(board, mask_of(others))}) leads to a contradiction, but only a search "
            f"through more than {plural(TRIAL_MAX_DEPTH, 'nested assumption')} shows it",
            tuple(others),
            TRIAL_MAX_DEPTH + 1,
        )
    raise NoStep
