"""The path generator: Hamiltonian paths of every shape, reproducible seeds, varied shapes,
a search that never loses a completable state, and a deadline that fails cleanly."""
from __future__ import annotations

import random
import statistics
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numbrix_curses.pathgen import (
    PathResult,
    PathTimeout,
    _Search,
    backbite,
    is_hamiltonian_path,
    path_shape_stats,
    random_path,
)
from numbrix_curses.puzzle import Puzzle, PuzzleError, geometry, path_to_grid


def assert_hamiltonian(rows: int, cols: int, path) -> None:
    """Every cell once, each step to a neighbour (checked without the module's own helper)."""
    assert len(path) == rows * cols
    assert sorted(path) == list(range(rows * cols))
    for a, b in zip(path, path[1:]):
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        assert abs(ra - rb) + abs(ca - cb) == 1, (a, b)


# --- every path is a Hamiltonian path of the right shape -------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    seed=st.integers(0, 2**32 - 1),
    mixed=st.booleans(),
)
def test_small_and_medium_boards_give_hamiltonian_paths(rows, cols, seed, mixed):
    result = random_path(rows, cols, seed, mix_moves=None if mixed else 0)
    assert (result.rows, result.cols) == (rows, cols)
    assert_hamiltonian(rows, cols, result.path)
    # the path is a solution grid the model accepts
    grid = path_to_grid(rows, cols, result.path)
    assert Puzzle(grid * 0).is_solution(grid)


@pytest.mark.parametrize("rows, cols", [(20, 20), (30, 30), (1, 30), (30, 1), (2, 29), (29, 2)])
@pytest.mark.parametrize("seed", [0, 1])
def test_large_and_thin_boards_give_hamiltonian_paths(rows, cols, seed):
    result = random_path(rows, cols, seed)
    assert_hamiltonian(rows, cols, result.path)


def test_one_cell_board():
    result = random_path(1, 1, 7)
    assert result.path == (0,)
    assert result.restarts == 0


@pytest.mark.parametrize("rows, cols", [(0, 5), (5, 0), (31, 2), (2, 31)])
def test_board_outside_the_supported_sizes_is_refused(rows, cols):
    with pytest.raises(PuzzleError):
        random_path(rows, cols, 1)


def test_helper_tells_paths_from_non_paths():
    assert is_hamiltonian_path(2, 2, [0, 1, 3, 2])
    assert not is_hamiltonian_path(2, 2, [0, 3, 1, 2])  # diagonal step
    assert not is_hamiltonian_path(2, 2, [0, 1, 3])  # a cell missing
    assert not is_hamiltonian_path(2, 3, [0, 1, 2, 5, 4, 4])  # a cell twice


# --- reproducibility -------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(2, 12), cols=st.integers(2, 12), seed=st.integers(0, 2**32 - 1))
def test_same_seed_gives_the_same_path(rows, cols, seed):
    first = random_path(rows, cols, seed)
    again = random_path(rows, cols, random.Random(seed))
    assert first.path == again.path
    assert (first.restarts, first.nodes) == (again.restarts, again.nodes)


def test_same_seed_gives_the_same_path_across_restarts():
    # a tiny step budget forces many restarts; they draw from the same generator, so the
    # result still depends on the seed alone
    runs = [random_path(8, 8, 5, attempt_nodes=36) for _ in range(2)]
    assert runs[0].restarts > 0
    assert runs[0].path == runs[1].path
    assert runs[0].restarts == runs[1].restarts


def test_different_seeds_usually_give_different_paths():
    paths = {random_path(9, 9, seed).path for seed in range(30)}
    assert len(paths) == 30
    grown = {random_path(9, 9, seed, mix_moves=0).path for seed in range(30)}
    assert len(grown) == 30


def test_rng_object_is_used_and_advanced():
    rng = random.Random(3)
    a = random_path(6, 6, rng)
    b = random_path(6, 6, rng)
    assert a.path != b.path


@pytest.mark.parametrize("mix_moves", [None, 0])
def test_every_three_by_three_path_can_come_out(mix_moves):
    # 3x3 has 20 Hamiltonian paths, 40 counting direction; none is out of reach, both for the
    # bare bend/extend growth and after mixing
    seen = {random_path(3, 3, seed, mix_moves=mix_moves).path for seed in range(1200)}
    assert len(seen) == 40


# --- shape variety ----------------------------------------------------------------------------

#: A 9x9 serpentine turns at 16 of its 79 interior cells (0.20) and has 90% of its steps in
#: straight runs longer than 4. Mixed paths sit near what long backbite chains settle at
#: (turn share about 0.57, long-run share about 0.15); the bare growth, which likes combs,
#: near 0.42 and 0.41. The floors leave room for sampling noise over 50 paths.
MIXED_TURN_FLOOR = 0.48
MIXED_LONG_RUN_CEILING = 0.28
GROWN_TURN_FLOOR = 0.34
GROWN_LONG_RUN_CEILING = 0.55


def serpentine(rows: int, cols: int) -> list[int]:
    return [
        r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)
    ]


def test_shape_stats_of_a_serpentine_fail_the_variety_floors():
    stats = path_shape_stats(serpentine(9, 9), 9)
    assert stats["turn_share"] == pytest.approx(16 / 79)
    assert stats["long_run_share"] == pytest.approx(72 / 80)
    assert stats["longest_run"] == 8
    assert stats["turn_share"] < GROWN_TURN_FLOOR
    assert stats["long_run_share"] > GROWN_LONG_RUN_CEILING


def test_shape_stats_of_a_staircase():
    # right, down, right, down, ...: turns everywhere, no straight run at all
    path = [0, 1, 4, 5, 8]  # on a 3-wide board: (0,0) (0,1) (1,1) (1,2) (2,2)
    stats = path_shape_stats(path, 3)
    assert stats["turn_share"] == 1.0
    assert stats["long_run_share"] == 0.0
    assert stats["mean_run"] == 1.0


@pytest.mark.parametrize(
    "mix_moves, turn_floor, long_run_ceiling",
    [
        (None, MIXED_TURN_FLOOR, MIXED_LONG_RUN_CEILING),
        (0, GROWN_TURN_FLOOR, GROWN_LONG_RUN_CEILING),
    ],
)
def test_nine_by_nine_paths_are_varied(mix_moves, turn_floor, long_run_ceiling):
    stats = [
        path_shape_stats(random_path(9, 9, seed, mix_moves=mix_moves).path, 9)
        for seed in range(50)
    ]
    assert statistics.mean(s["turn_share"] for s in stats) > turn_floor
    assert statistics.mean(s["long_run_share"] for s in stats) < long_run_ceiling
    # and no single one of them is a serpentine
    assert max(s["long_run_share"] for s in stats) < 0.85


# --- backbite mixing --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 10), cols=st.integers(1, 10), seed=st.integers(0, 2**32 - 1))
def test_backbite_keeps_a_hamiltonian_path(rows, cols, seed):
    mixed = backbite(rows, cols, serpentine(rows, cols), 200, random.Random(seed))
    assert_hamiltonian(rows, cols, mixed)


# --- the search never throws away a completable state -----------------------------------------


def _all_moves(search: _Search) -> list[int]:
    """Every bend and extension open to the search's state, with no pruning at all."""
    saved = search._regions_ok
    search._regions_ok = lambda bendable: True  # type: ignore[method-assign]
    try:
        groups = search.open_moves()
    finally:
        search._regions_ok = saved  # type: ignore[method-assign]
    assert groups is not None
    return [move for group in groups for move in search._materialise(group)]


def _completable(search: _Search, memo: dict) -> bool:
    """Exhaustively: can some sequence of bends and extensions fill the board?"""
    if not search.empty:
        return True
    key = (search.empty, search.start, search.end, tuple(search.nxt))
    if key not in memo:
        memo[key] = False
        for move in _all_moves(search):
            search.apply(move)
            done = _completable(search, memo)
            search.undo(move)
            if done:
                memo[key] = True
                break
    return memo[key]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.sampled_from([(3, 3), (3, 4), (4, 4), (2, 5), (4, 5), (1, 5)]),
    seed=st.integers(0, 2**32 - 1),
    depth=st.integers(0, 20),
)
def test_pruning_rejects_only_states_that_cannot_be_completed(shape, seed, depth):
    rows, cols = shape
    search = _Search(rows, cols)
    rng = random.Random(seed)
    # a one-step path, then random unpruned moves: states the pruning has never vetted
    first = rng.randrange(rows * cols)
    second = rng.choice(geometry(rows, cols).neighbours[first])
    search.nxt = [-1] * (rows * cols)
    search.nxt[first] = second
    search.start, search.end = first, second
    search.empty = geometry(rows, cols).full_mask ^ (1 << first) ^ (1 << second)
    search.h_edges = search.v_edges = 0
    search._toggle_edge(first, second)
    for _ in range(depth):
        moves = _all_moves(search)
        if not moves or not search.empty:
            break
        search.apply(rng.choice(moves))
    if not search.empty:
        return
    if search.open_moves() is None:
        assert not _completable(search, {})


# --- budgets and the deadline ----------------------------------------------------------------


class StepClock:
    """A fake clock: each reading is `step` seconds after the one before."""

    def __init__(self, step: float, start: float = 1000.0) -> None:
        self.now = start - step
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_deadline_passed_before_the_first_attempt_raises():
    with pytest.raises(PathTimeout, match=r"no 30x30 path found within the 0\.5 s deadline"):
        random_path(30, 30, 1, deadline_seconds=0.5, clock=StepClock(1.0))


def test_deadline_passed_during_the_search_raises():
    readings = iter([0.0, 0.0])  # the call's start and the check before the first attempt

    def clock() -> float:
        return next(readings, 100.0)

    with pytest.raises(PathTimeout):
        random_path(30, 30, 1, deadline_seconds=20.0, clock=clock)


def test_search_that_can_never_finish_stops_at_the_deadline():
    # one step per attempt cannot grow a 9x9 path: restarts until the (fake) deadline
    with pytest.raises(PathTimeout, match="restarts"):
        random_path(9, 9, 1, attempt_nodes=1, deadline_seconds=5.0, clock=StepClock(0.01))


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError):
        random_path(4, 4, 1, attempt_nodes=0)
    with pytest.raises(ValueError):
        random_path(4, 4, 1, mix_moves=-1)


def test_result_reports_its_costs():
    result = random_path(12, 12, 4, clock=StepClock(0.5))
    assert isinstance(result, PathResult)
    assert result.nodes >= 144 // 2 - 1  # at least one step per two cells filled
    assert result.restarts == 0  # (a 12x12 path this seed grows at the first attempt)
    assert result.mix_moves > 0
    # (the seconds are the clock's, from the start to the end: a reading or more apart)
    assert result.seconds >= 0.5 and result.seconds % 0.5 == 0
    assert random_path(12, 12, 4, mix_moves=0).mix_moves == 0


def test_deep_search_stays_off_the_python_stack():
    # 30x30 needs hundreds of search levels; with a recursion limit only a little above the
    # current depth the search must still finish (it keeps its own stack)
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 60)
    try:
        result = random_path(30, 30, 11, mix_moves=0)
    finally:
        sys.setrecursionlimit(limit)
    assert_hamiltonian(30, 30, result.path)
