"""Peer solvers the benchmark times our solver against, and uses as independent checks.

Each peer is re-implemented here from its published description, as fairly as we can write it
in Python (flat lists, a precomputed neighbour table, no copying per node), and has the same
shape:

    solve(puzzle, limit=2, deadline=None) -> (status, solutions)

`status` is "unique", "multiple", "none" or "timeout"; `solutions` holds up to `limit` int16
grids found before stopping. `deadline` is an absolute `time.monotonic()` time; a peer that
passes it answers "timeout" (with whatever solutions it had), never a guessed verdict.

- `plain_dfs`: the classic depth-first solver: place 1 (or, when 1 is not given, try every
  free cell for it), then put the next number on every free neighbour in turn; a given number
  must be exactly where it is; backtrack.
- `smart_dfs`: the same plus the published "smart DFS" prune: give up a branch when the
  Manhattan distance from the current cell to the cell of the next given number is more than
  the steps left, or has the wrong parity.
- `cpsat`: OR-tools CP-SAT with a circuit constraint (only when `ortools` imports): the cells
  plus a dummy node form one circuit (dummy -> first cell, last cell -> dummy), an integer
  position per cell with pos[j] = pos[i] + 1 on every chosen arc, givens fix positions and
  cut every position's domain by distance and parity to the givens. A second solve with the
  first solution's arcs forbidden decides unique versus multiple.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from numbrix_curses.puzzle import Puzzle

UNIQUE = "unique"
MULTIPLE = "multiple"
NONE = "none"
TIMEOUT = "timeout"

PeerResult = tuple[str, list[np.ndarray]]
PeerSolver = Callable[..., PeerResult]

#: how many nodes the depth-first peers visit between two looks at the clock
_CLOCK_EVERY = 1024


class _Stop(Exception):
    """Unwinds the depth-first search: enough solutions found, or the deadline passed."""


def _verdict(count: int) -> str:
    """The verdict after an exhaustive search (or one stopped at `limit` >= 2 solutions)."""
    if count == 0:
        return NONE
    return UNIQUE if count == 1 else MULTIPLE


def _check_limit(limit: int) -> None:
    # with limit 1 a lone solution would not tell unique from multiple
    if limit < 2:
        raise ValueError("limit must be at least 2 to tell unique from multiple")


def _depth_first(puzzle: Puzzle, limit: int, deadline: float | None, smart: bool) -> PeerResult:
    """The shared body of the two depth-first peers (`smart` adds the Manhattan prune)."""
    _check_limit(limit)
    geo = puzzle.geometry
    size = puzzle.size
    cols = puzzle.cols
    neighbours = geo.neighbours
    grid = puzzle.flat()
    # cell of each given number, -1 when the number is not given
    cell_of = [-1] * (size + 2)
    for cell, value in enumerate(grid):
        if value:
            cell_of[value] = cell
    # a free cell is blank and not yet used; given cells are reserved for their number
    used = [value != 0 for value in grid]
    # the next given number after k (0 when none): the target of the smart prune
    next_given = [0] * (size + 2)
    upcoming = 0
    for k in range(size, 0, -1):
        next_given[k] = upcoming
        if cell_of[k] >= 0:
            upcoming = k
    row_of = [cell // cols for cell in range(size)]
    col_of = [cell % cols for cell in range(size)]

    solutions: list[np.ndarray] = []
    nodes = 0
    timed_out = False

    def hopeless(cell: int, k: int) -> bool:
        """Smart DFS prune: number k on `cell` cannot reach the next given number."""
        target = next_given[k]
        if not target:
            return False
        goal = cell_of[target]
        distance = abs(row_of[cell] - row_of[goal]) + abs(col_of[cell] - col_of[goal])
        steps = target - k
        return distance > steps or (steps - distance) & 1 == 1

    def extend(cell: int, k: int) -> None:
        """Number k stands on `cell`; place k + 1 and onwards."""
        nonlocal nodes
        nodes += 1
        if nodes % _CLOCK_EVERY == 0 and deadline is not None and time.monotonic() > deadline:
            raise _Stop
        if k == size:
            solutions.append(np.array(grid, dtype=np.int16).reshape(puzzle.rows, cols))
            if len(solutions) >= limit:
                raise _Stop
            return
        following = k + 1
        fixed = cell_of[following]
        if fixed >= 0:
            # a given number must be exactly where it is
            if fixed in neighbours[cell]:
                extend(fixed, following)
            return
        for nxt in neighbours[cell]:
            if used[nxt]:
                continue
            if smart and hopeless(nxt, following):
                continue
            used[nxt] = True
            grid[nxt] = following
            extend(nxt, following)
            used[nxt] = False
            grid[nxt] = 0

    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, size + 200))
    try:
        if cell_of[1] >= 0:
            if not (smart and hopeless(cell_of[1], 1)):
                extend(cell_of[1], 1)
        else:
            for start in range(size):
                if used[start] or (smart and hopeless(start, 1)):
                    continue
                used[start] = True
                grid[start] = 1
                extend(start, 1)
                used[start] = False
                grid[start] = 0
    except _Stop:
        timed_out = len(solutions) < limit
    finally:
        sys.setrecursionlimit(old_limit)
    if timed_out:
        return TIMEOUT, solutions
    return _verdict(len(solutions)), solutions


def plain_dfs(puzzle: Puzzle, limit: int = 2, deadline: float | None = None) -> PeerResult:
    """The classic depth-first Numbrix solver, counting up to `limit` solutions."""
    return _depth_first(puzzle, limit, deadline, smart=False)


def smart_dfs(puzzle: Puzzle, limit: int = 2, deadline: float | None = None) -> PeerResult:
    """Depth-first with the Manhattan distance and parity prune toward the next given."""
    return _depth_first(puzzle, limit, deadline, smart=True)


try:  # CP-SAT is optional: the `bench` extra installs it
    from ortools.sat.python import cp_model as _cp_model
except ImportError:  # pragma: no cover - depends on the environment
    _cp_model = None

HAVE_CPSAT = _cp_model is not None
#: CP-SAT runs with this many search workers (the benchmark machine has two cores)
CPSAT_WORKERS = 2


def position_domains(puzzle: Puzzle) -> list[list[int]] | None:
    """For each cell, the numbers it can hold given the distance and parity to every given.

    A number v fits cell i only when, for every given g at cell c, |v - g| is at least the
    Manhattan distance from i to c and of the same parity. None when some blank cell can
    hold nothing (no solution). Vectorised: one (cells x numbers) table per given.
    """
    size = puzzle.size
    cols = puzzle.cols
    r = np.arange(size) // cols
    c = np.arange(size) % cols
    values = np.arange(1, size + 1)
    fits = np.ones((size, size), dtype=bool)
    for number, cell in puzzle.given_cells().items():
        distance = np.abs(r - r[cell]) + np.abs(c - c[cell])
        gap = np.abs(values - number)
        slack = gap[None, :] - distance[:, None]
        fits &= (slack >= 0) & (slack % 2 == 0)
    flat = puzzle.flat()
    domains: list[list[int]] = []
    for cell in range(size):
        if flat[cell]:
            domains.append([flat[cell]])
            continue
        allowed = (np.flatnonzero(fits[cell]) + 1).tolist()
        if not allowed:
            return None
        domains.append(allowed)
    return domains


def cpsat(puzzle: Puzzle, limit: int = 2, deadline: float | None = None) -> PeerResult:
    """OR-tools CP-SAT circuit model; a second solve excludes the first solution's arcs.

    The position variables start from `position_domains` (distance and parity to the
    givens) rather than 1..N: measured on clue-minimal 9x9 and 12x12 boards this made the
    model 5-20 times faster, and a redundant AllDifferent over the positions made it slower,
    so it is left out. The benchmark wants the strongest fair version of each peer.
    """
    if _cp_model is None:
        raise RuntimeError("ortools is not installed (pip install numbrix-curses[bench])")
    _check_limit(limit)
    cp = _cp_model
    size = puzzle.size
    neighbours = puzzle.geometry.neighbours
    domains = position_domains(puzzle)
    if domains is None:
        return NONE, []
    model = cp.CpModel()
    pos = [
        model.NewIntVarFromDomain(cp.Domain.FromValues(allowed), f"pos{i}")
        for i, allowed in enumerate(domains)
    ]
    dummy = size
    arcs: list[tuple[int, int, object]] = []
    for i in range(size):
        first = model.NewBoolVar(f"first{i}")
        arcs.append((dummy, i, first))
        model.Add(pos[i] == 1).OnlyEnforceIf(first)
        last = model.NewBoolVar(f"last{i}")
        arcs.append((i, dummy, last))
        model.Add(pos[i] == size).OnlyEnforceIf(last)
        for j in neighbours[i]:
            step = model.NewBoolVar(f"arc{i}_{j}")
            arcs.append((i, j, step))
            model.Add(pos[j] == pos[i] + 1).OnlyEnforceIf(step)
    model.AddCircuit(arcs)

    solutions: list[np.ndarray] = []
    while len(solutions) < limit:
        solver = cp.CpSolver()
        solver.parameters.num_workers = CPSAT_WORKERS
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return TIMEOUT, solutions
            solver.parameters.max_time_in_seconds = left
        status = solver.Solve(model)
        if status in (cp.OPTIMAL, cp.FEASIBLE):
            grid = np.array([solver.Value(p) for p in pos], dtype=np.int16)
            solutions.append(grid.reshape(puzzle.rows, puzzle.cols))
            chosen = [lit for _, _, lit in arcs if solver.BooleanValue(lit)]
            # the circuit has size + 1 arcs; another solution differs in at least one
            model.Add(sum(chosen) <= len(chosen) - 1)
        elif status == cp.INFEASIBLE:
            return _verdict(len(solutions)), solutions
        elif status == cp.UNKNOWN:
            return TIMEOUT, solutions
        else:
            raise RuntimeError(f"CP-SAT returned {solver.StatusName(status)}")
    return _verdict(len(solutions)), solutions


#: the peers the benchmark runs, in table order (CP-SAT only when installed)
PEERS: dict[str, PeerSolver] = {"plain_dfs": plain_dfs, "smart_dfs": smart_dfs}
if HAVE_CPSAT:
    PEERS["cpsat"] = cpsat
