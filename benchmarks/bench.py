"""`make bench`: time our solver against its peers on one corpus, and check every verdict.

Sections:
1. Solvers: for each size class and kind of board (see corpus.py), the median and maximum
   seconds of our solver (`numbrix_curses.solver.solve`), CP-SAT and the two depth-first
   peers, their timeouts, and the ratio of our median to CP-SAT's. Every verdict is checked:
   solutions by `Puzzle.is_solution`, "multiple" by two valid different solutions, "unique"
   against the path the board was made from, every verdict against the kind of board and
   against every other solver that answered. Any disagreement is printed loudly and the
   exit code is 1.
2. Targets: the solver targets of the project, each with the measured value.
3. Path generation: time, restarts and shape of random paths at 9x9, 15x15 and 30x30.
4. Puzzle generation: time per unique puzzle (skipped with a note while
   `numbrix_curses.generator` does not exist).

A timeout is never a verdict: a timed-out run counts at its time limit, so a median or
maximum that includes one is a lower bound and printed with ">".
Results also go to benchmarks/.cache/last.json.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus
import peers

from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.puzzle import Puzzle

OURS = "ours"
CPSAT = "cpsat"
DFS_PEERS = ("smart_dfs", "plain_dfs")
KIND_ORDER = (corpus.BUNDLED, corpus.MINIMAL, corpus.MULTIPLE, corpus.NONE, corpus.SLIP)
SOLUTION_COUNT = {"none": 0, "unique": 1, "multiple": 2}


@dataclass
class Settings:
    classes: list[str]
    per_class: int | None
    corpus_dir: Path
    results_dir: Path  # last.json
    skip_peers: bool
    timeout: dict[str, float]
    dfs_boards: int
    sections: set[str]
    quick: bool
    gen_limits: corpus.GenLimits
    #: processes our solver may share a long search among (CP-SAT gets as many workers)
    workers: int = peers.CPSAT_WORKERS
    #: the generation section stops starting puzzles this many seconds into the run, but
    #: always gets at least `generator_min` and at most `generator_max` seconds
    budget: float = 420.0
    generator_min: float = 30.0
    generator_max: float = 120.0
    #: total seconds the depth-first peers may take over the whole run
    dfs_budget: float = 60.0

    def ours_limit(self, puzzle: Puzzle) -> float:
        """Our limit per board: --timeout, else three times the board's target time with
        10 s at least (10 s up to 144 cells, 15 s up to 225, 30 s beyond), so a miss is
        still measured but the run fits in `make bench`'s ten minutes."""
        if self.timeout[OURS]:
            return self.timeout[OURS]
        return max(10.0, 3 * target_limit(puzzle)) if puzzle.size <= 225 else 30.0

    def ours_limit_text(self) -> str:
        if self.timeout[OURS]:
            return f"{self.timeout[OURS]:g} s"
        return "10 s up to 144 cells, 15 s up to 225, 30 s beyond"


@dataclass
class Run:
    status: str
    seconds: float
    timed_out: bool
    nodes: int | None = None
    #: (ours) the median of `REPEATS` runs when the first took under `REPEAT_BELOW` seconds,
    #: else `seconds`: what the "as fast as their parents" targets compare
    steady_seconds: float | None = None


# A board ours answers in under this many seconds is timed `REPEATS` times, for the targets
# that compare boards made from a clue-minimal board with it: one run of a 0.1 s board
# swings by half with the machine (12x12 boards with several solutions: "met" and "not met"
# in runs an hour apart on the same code), and a median of medians of single runs repeats
# that. Both sides of the comparison are timed alike; the tables keep the first run, as the
# peers are timed once.
REPEAT_BELOW = 0.5
REPEATS = 3


@dataclass
class BoardResult:
    board: corpus.Board
    runs: dict[str, Run] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# Running and checking


def run_ours(puzzle: Puzzle, timeout: float, workers: int) -> tuple[Run, list[np.ndarray]]:
    from numbrix_curses.solver import solve

    started = time.perf_counter()
    result = solve(puzzle, limit=2, deadline=time.monotonic() + timeout, workers=workers)
    seconds = time.perf_counter() - started
    status = str(result.status.value)
    return Run(status, seconds, status == "timeout", result.stats.nodes), result.solutions


def run_peer(name: str, puzzle: Puzzle, timeout: float) -> tuple[Run, list[np.ndarray]]:
    started = time.perf_counter()
    status, solutions = peers.PEERS[name](puzzle, limit=2, deadline=time.monotonic() + timeout)
    seconds = time.perf_counter() - started
    return Run(status, seconds, status == peers.TIMEOUT), solutions


def check_run(board: corpus.Board, name: str, run: Run, solutions: list[np.ndarray]) -> list[str]:
    """What is wrong with one solver's answer on one board (empty when nothing is)."""
    puzzle = board.puzzle
    problems = []
    bad = [k for k, grid in enumerate(solutions) if not puzzle.is_solution(grid)]
    if bad:
        problems.append(f"{name}: solution {bad[0] + 1} is not a valid solution")
    if run.timed_out:
        return problems
    if run.status not in SOLUTION_COUNT:
        return problems + [f"{name}: unknown status {run.status!r}"]
    if len(solutions) != SOLUTION_COUNT[run.status]:
        problems.append(f"{name}: says {run.status} with {len(solutions)} solutions")
    if (
        run.status == "multiple"
        and len(solutions) == 2
        and np.array_equal(solutions[0], solutions[1])
    ):
        problems.append(f"{name}: says multiple but both solutions are the same")
    if run.status != board.expected:
        problems.append(f"{name}: says {run.status}, the board is {board.expected}")
    if (
        run.status == "unique"
        and board.known_solution is not None
        and solutions
        and not np.array_equal(solutions[0], board.known_solution)
    ):
        problems.append(f"{name}: unique solution differs from the path the board came from")
    return problems


def solvers_for(settings: Settings) -> list[str]:
    names = [OURS]
    if not settings.skip_peers:
        if peers.HAVE_CPSAT:
            names.append(CPSAT)
        names.extend(DFS_PEERS)
    return names


def run_board(
    board: corpus.Board, names: list[str], settings: Settings, skip: set[str]
) -> BoardResult:
    result = BoardResult(board)
    for name in names:
        if name in skip:
            continue
        if name == OURS:
            limit = settings.ours_limit(board.puzzle)
            run, solutions = run_ours(board.puzzle, limit, settings.workers)
            times = [run.seconds]
            while run.seconds < REPEAT_BELOW and len(times) < REPEATS:
                again, again_solutions = run_ours(board.puzzle, limit, settings.workers)
                result.problems.extend(check_run(board, name, again, again_solutions))
                times.append(again.seconds)
            run.steady_seconds = statistics.median(times)
        else:
            run, solutions = run_peer(name, board.puzzle, settings.timeout[name])
        result.runs[name] = run
        result.problems.extend(check_run(board, name, run, solutions))
    answered = {name: run.status for name, run in result.runs.items() if not run.timed_out}
    if len(set(answered.values())) > 1:
        result.problems.append(
            "solvers disagree: " + ", ".join(f"{n}={s}" for n, s in answered.items())
        )
    return result


#: the kinds of board the depth-first peers are timed on (the claims about them are about
#: clue-minimal boards; CP-SAT cross-checks the other kinds)
DFS_KINDS = (corpus.BUNDLED, corpus.MINIMAL)


def dfs_skip_list(
    board: corpus.Board,
    done: list[BoardResult],
    settings: Settings,
    counts: dict[tuple, int],
    reasons: dict[tuple[str, str], str],
) -> set[str]:
    """Depth-first peers run on a sample: bundled and minimal boards only, at most
    `dfs_boards` per class, not on a class larger than one where they timed out on every
    sampled board, and not once their total time passes `dfs_budget` (they would only burn
    the time `make bench` has). `reasons` collects why a class was left out, for the table."""
    skip = set()
    if board.kind not in DFS_KINDS:
        return set(DFS_PEERS)
    cells = board.puzzle.size
    spent = sum(run.seconds for r in done for n, run in r.runs.items() if n in DFS_PEERS)
    for name in DFS_PEERS:
        key = (board.size_class, board.kind, name)
        if counts.get(key, 0) >= settings.dfs_boards:
            skip.add(name)
            continue
        if spent > settings.dfs_budget:
            skip.add(name)
            if not counts.get(key):
                reasons.setdefault((board.size_class, name),
                                   f"the {settings.dfs_budget:g} s budget was spent")
            continue
        for size_class in {r.board.size_class for r in done if r.board.kind == board.kind}:
            sampled = [
                r for r in done
                if r.board.size_class == size_class and r.board.kind == board.kind
                and name in r.runs
            ]
            if (
                sampled
                and sampled[0].board.puzzle.size < cells
                and all(r.runs[name].timed_out for r in sampled)
            ):
                skip.add(name)
                if not counts.get(key):
                    reasons.setdefault(
                        (board.size_class, name),
                        f"timed out on every sampled {size_class} board",
                    )
    for name in DFS_PEERS:
        if name not in skip:
            key = (board.size_class, board.kind, name)
            counts[key] = counts.get(key, 0) + 1
    return skip


# ---------------------------------------------------------------------------------------------
# Summaries


@dataclass
class Summary:
    n: int
    median: float
    maximum: float
    timeouts: int
    median_is_bound: bool

    def cell(self, value: float, bound: bool) -> str:
        return (">" if bound else "") + fmt_seconds(value)


def fmt_seconds(value: float) -> str:
    if value < 0.00095:
        return f"{value * 1000:.2f}ms"
    if value < 0.0095:
        return f"{value * 1000:.1f}ms"
    if value < 0.0995:
        # milliseconds up to a tenth of a second: "0.02s vs 0.02s" hid 20 ms against 12 ms
        return f"{value * 1000:.0f}ms"
    if value < 99.5:
        return f"{value:.2f}s" if value < 9.95 else f"{value:.1f}s"
    return f"{value:.0f}s"


def summarise(runs: list[Run]) -> Summary | None:
    if not runs:
        return None
    times = sorted(r.seconds for r in runs)
    median = statistics.median(times)
    timeouts = sum(r.timed_out for r in runs)
    # the median is a lower bound as soon as it reaches into the timed-out runs
    ordered = sorted(runs, key=lambda r: r.seconds)
    middle = ordered[(len(ordered) - 1) // 2 : len(ordered) // 2 + 1]
    return Summary(len(runs), median, times[-1], timeouts, any(r.timed_out for r in middle))


def ratio_text(ours: Summary | None, theirs: Summary | None) -> tuple[str, float | None]:
    if ours is None or theirs is None or theirs.median <= 0:
        return "-", None
    value = ours.median / theirs.median
    prefix = ""
    if ours.median_is_bound and theirs.median_is_bound:
        return "?", None
    if ours.median_is_bound:
        prefix = ">"
    elif theirs.median_is_bound:
        prefix = "<"
    return f"{prefix}{value:.2f}", value


def time_cells(summary: Summary | None, width: int = 8) -> str:
    if summary is None:
        return f"{'-':>{width}} {'-':>{width}} {'-':>4}"
    med = summary.cell(summary.median, summary.median_is_bound)
    mx = summary.cell(summary.maximum, summary.timeouts > 0)
    return f"{med:>{width}} {mx:>{width}} {summary.timeouts:>4}"


def groups(results: list[BoardResult]) -> list[tuple[str, str, list[BoardResult]]]:
    order = {name: k for k, name in enumerate(corpus.CLASS_NAMES)}
    keyed: dict[tuple[str, str], list[BoardResult]] = {}
    for r in results:
        keyed.setdefault((r.board.size_class, r.board.kind), []).append(r)
    return [
        (cls, kind, keyed[(cls, kind)])
        for cls, kind in sorted(keyed, key=lambda k: (order.get(k[0], 99), KIND_ORDER.index(k[1])))
    ]


def runs_of(results: list[BoardResult], name: str) -> list[Run]:
    return [r.runs[name] for r in results if name in r.runs]


def print_solver_tables(
    results: list[BoardResult],
    settings: Settings,
    out: Callable,
    dfs_reasons: dict[tuple[str, str], str],
) -> dict:
    summary: dict[str, Any] = {}
    have_cpsat = any(CPSAT in r.runs for r in results)
    cp_head = f"CP-SAT ({peers.CPSAT_WORKERS} workers)" if have_cpsat else "CP-SAT (not installed)"
    out("")
    out("SOLVERS: seconds per board (limit 2 solutions); t/o = timeouts, '>' = includes timeouts")
    out(f"  ours: limit {settings.ours_limit_text()}, {settings.workers} processes; CP-SAT: limit "
        f"{settings.timeout[CPSAT]:g} s, {peers.CPSAT_WORKERS} workers "
        f"(this machine has {os.cpu_count()} cores)")
    head = (f"{'class':<8}{'kind':<9}{'n':>3}  {'ours':^22}  {cp_head:^22}  {'ratio':>6}"
            f"  {'unproved':>8}")
    sub = (f"{'':<8}{'':<9}{'':>3}  {'median':>8} {'max':>8} {'t/o':>4}  "
           f"{'median':>8} {'max':>8} {'t/o':>4}  {'ours/cp':>6}  {'minimal':>8}")
    out(head)
    out(sub)
    out("-" * len(sub))
    for cls, kind, items in groups(results):
        ours = summarise(runs_of(items, OURS))
        cp = summarise(runs_of(items, CPSAT))
        ratio, value = ratio_text(ours, cp)
        unproved = sum(1 for r in items if r.board.notes.get("minimal") == "unproved")
        out(f"{cls:<8}{kind:<9}{len(items):>3}  {time_cells(ours)}  {time_cells(cp)}  "
            f"{ratio:>6}  {unproved if kind == corpus.MINIMAL else '':>8}")
        summary.setdefault(cls, {})[kind] = {
            "boards": len(items),
            "unproved_minimal": unproved,
            OURS: ours.__dict__ if ours else None,
            CPSAT: cp.__dict__ if cp else None,
            "ratio_ours_cpsat": value,
            "ratio_text": ratio,
        }
    dfs_ran = any(name in r.runs for r in results for name in DFS_PEERS)
    if settings.skip_peers:
        out("(peers skipped: --skip-peers)")
        return summary
    out("")
    spent = sum(run.seconds for r in results for n, run in r.runs.items() if n in DFS_PEERS)
    out(f"DEPTH-FIRST PEERS: limit {settings.timeout['smart_dfs']:g} s, bundled and minimal "
        f"boards, at most {settings.dfs_boards} per class, {settings.dfs_budget:g} s in all "
        f"({spent:.0f} s used);")
    out("  a peer that timed out on every sampled board of a class is not run on larger ones")
    sub = (f"{'class':<8}{'kind':<9}  {'n':>3} {'median':>8} {'max':>8} {'t/o':>4}"
           f"    {'n':>3} {'median':>8} {'max':>8} {'t/o':>4}")
    out(f"{'':<17}  {'smart DFS':^27}    {'plain DFS':^27}")
    out(sub)
    out("-" * len(sub))
    for cls, kind, items in groups(results):
        stats = {name: summarise(runs_of(items, name)) for name in DFS_PEERS}
        for name, st in stats.items():
            summary[cls][kind][name] = st.__dict__ if st else None
        if not any(stats.values()):
            continue
        cells = [f"{(st.n if st else 0):>3} {time_cells(st)}" for st in stats.values()]
        out(f"{cls:<8}{kind:<9}  {cells[0]}    {cells[1]}")
    if not dfs_ran:
        out("(no boards)")
    for (cls, name), why in dfs_reasons.items():
        out(f"  {name} not run on {cls}: {why}")
    return summary


# ---------------------------------------------------------------------------------------------
# The solver's targets; reported, they do not change the exit code


def target_limit(puzzle: Puzzle) -> float:
    cells = puzzle.size
    return 1.0 if cells <= 144 else 5.0 if cells <= 225 else 30.0


def timing_order(boards: list[corpus.Board]) -> list[corpus.Board]:
    """`boards` in the order they are timed: each minimal board followed by the boards made
    from it (several solutions, slips), then the rest as they come.

    The targets compare boards made from a minimal board with that board; timed next to it,
    the two meet the machine in the same state. (Timed kind by kind, a class's boards with
    several solutions ran 10-40 s after their parents, and on a machine whose speed drifts
    over minutes that once made a class look twice as slow as its parents, or faster.)
    """
    children: dict[str, list[corpus.Board]] = {}
    for board in boards:
        parent = board.notes.get("from")
        if parent:
            children.setdefault(parent, []).append(board)
    ordered: list[corpus.Board] = []
    for board in boards:
        if not board.notes.get("from"):
            ordered.append(board)
            ordered.extend(children.pop(board.label, []))
    for orphans in children.values():  # (a parent missing from the list)
        ordered.extend(orphans)
    return ordered


def _steady(run: Run) -> float:
    """The seconds a target compares: the median of repeated runs where there were any."""
    return run.seconds if run.steady_seconds is None else run.steady_seconds


def parent_medians(
    results: list[BoardResult], cls: str, kind: str
) -> tuple[float | None, float | None]:
    """Our median seconds on the `kind` boards of `cls`, and on the unique boards they were
    made from (each parent counted once); None where nothing was timed."""
    timed = {r.board.label: _steady(r.runs[OURS]) for r in results if OURS in r.runs}
    boards = [r.board for r in results
              if r.board.size_class == cls and r.board.kind == kind and OURS in r.runs]
    parents = sorted({b.notes.get("from", "") for b in boards} & timed.keys())
    if not boards or not parents:
        return None, None
    return (statistics.median(timed[b.label] for b in boards),
            statistics.median(timed[label] for label in parents))


def print_targets(results: list[BoardResult], summary: dict, out: Callable) -> list[dict]:
    rows: list[dict] = []

    def add(what: str, measured: str, met: bool | None) -> None:
        rows.append({"target": what, "measured": measured, "met": met})

    for cls in [c for c in corpus.CLASS_NAMES if c in summary and c != "bundled"]:
        entry = summary[cls].get(corpus.MINIMAL)
        if not entry:
            continue
        limit = 0.5 if cls in ("9x9", "12x12") else 1.0
        value = entry["ratio_ours_cpsat"]
        text = entry["ratio_text"]
        met = None if value is None or text.startswith("?") else (
            value <= limit and not text.startswith(">"))
        add(f"{cls} median ours/CP-SAT <= {limit:g}", text, met)
    for cls in [c for c in corpus.CLASS_NAMES if c in summary and c != "bundled"]:
        minimal = [r for r in results if r.board.size_class == cls
                   and r.board.kind == corpus.MINIMAL and OURS in r.runs]
        if not minimal:
            continue
        limit = target_limit(minimal[0].board.puzzle)
        worst = max(r.runs[OURS].seconds for r in minimal)
        over = sum(1 for r in minimal if r.runs[OURS].seconds > limit or r.runs[OURS].timed_out)
        timed = any(r.runs[OURS].timed_out for r in minimal)
        add(f"{cls} no minimal board over {limit:g} s", 
            f"max {'>' if timed else ''}{fmt_seconds(worst)}, {over} over", over == 0)
    for cls in [c for c in corpus.CLASS_NAMES if c in summary and c != "bundled"]:
        base = summary[cls].get(corpus.MINIMAL, {}).get(OURS)
        for kind in (corpus.MULTIPLE, corpus.NONE, corpus.SLIP):
            if not base or not summary[cls].get(kind, {}).get(OURS):
                continue
            mine, parents = parent_medians(results, cls, kind)
            if mine is None or parents is None:
                continue
            # "as fast": no slower than the unique boards these were made from (each has one
            # given fewer, or a slip), with 10 ms of grace for tiny boards. Multiple and none
            # boards come from the first half of the unique boards only, so the median of the
            # whole class (shown last) compares them with other boards as well.
            met = mine <= max(parents, 0.01)
            everyone = fmt_seconds(base["median"])
            add(f"{cls} {kind} median <= their unique parents'",
                f"{fmt_seconds(mine)} vs {fmt_seconds(parents)} (all {everyone})", met)
    out("")
    out("TARGETS (reported only, they do not set the exit code)")
    width = max((len(r["target"]) for r in rows), default=10)
    measured = max((len(r["measured"]) for r in rows), default=10)
    for r in rows:
        verdict = {True: "met", False: "NOT MET", None: "n/a"}[r["met"]]
        out(f"  {r['target']:<{width}}  {r['measured']:>{measured}}  {verdict}")
    if not rows:
        out("  (nothing measured)")
    return rows


# ---------------------------------------------------------------------------------------------
# Path and puzzle generation


def serpentine(rows: int, cols: int) -> list[int]:
    return [r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]


def pathgen_section(settings: Settings, out: Callable) -> dict:
    out("")
    out("PATH GENERATION (numbrix_curses.pathgen.random_path, fixed seeds)")
    try:
        from numbrix_curses import pathgen
    except ImportError:
        out("  skipped: numbrix_curses.pathgen does not exist yet")
        return {"skipped": "no pathgen"}
    counts = {"9x9": 20, "15x15": 20, "30x30": 10}
    if settings.quick:
        counts = {"9x9": 3, "15x15": 1, "30x30": 1}
    head = (f"  {'board':<7}{'paths':>6} {'median':>8} {'max':>8} {'restarts':>9} {'max':>4}"
            f" {'turns':>6} {'long runs':>10} {'longest':>8}")
    out(head)
    out("  " + "-" * (len(head) - 2))
    report: dict[str, Any] = {}
    for name, count in counts.items():
        rows, cols = (int(x) for x in name.split("x"))
        seconds, restarts, turns, longs, longest = [], [], [], [], []
        failures = 0
        for k in range(count):
            started = time.perf_counter()
            try:
                result = pathgen.random_path(rows, cols, corpus.board_seed(f"path{name}", k))
            except pathgen.PathTimeout:
                failures += 1
                seconds.append(time.perf_counter() - started)
                continue
            seconds.append(time.perf_counter() - started)
            if not pathgen.is_hamiltonian_path(rows, cols, result.path):
                raise SystemExit(f"pathgen returned a broken {name} path (seed index {k})")
            restarts.append(result.restarts)
            stats = pathgen.path_shape_stats(result.path, cols)
            turns.append(stats["turn_share"])
            longs.append(stats["long_run_share"])
            longest.append(stats["longest_run"])
        mean = statistics.fmean
        out(f"  {name:<7}{count:>6} {fmt_seconds(statistics.median(seconds)):>8} "
            f"{fmt_seconds(max(seconds)):>8} {sum(restarts):>9} {max(restarts, default=0):>4} "
            f"{mean(turns) if turns else 0:>6.2f} {mean(longs) if longs else 0:>10.2f} "
            f"{max(longest, default=0):>8.0f}" + (f"  ({failures} timed out)" if failures else ""))
        report[name] = {
            "paths": count, "median_s": statistics.median(seconds), "max_s": max(seconds),
            "restarts_total": sum(restarts), "restarts_max": max(restarts, default=0),
            "turn_share_mean": mean(turns) if turns else None,
            "long_run_share_mean": mean(longs) if longs else None,
            "longest_run_max": max(longest, default=0), "timeouts": failures,
        }
    base = pathgen.path_shape_stats(serpentine(9, 9), 9)
    out(f"  {'(9x9 serpentine for comparison)':<51} {base['turn_share']:>6.2f} "
        f"{base['long_run_share']:>10.2f} {base['longest_run']:>8.0f}")
    out("  turns = share of interior cells where the path turns; long runs = share of steps in "
        "straight runs over 4 steps")
    report["serpentine_9x9"] = base
    return report


def generator_section(settings: Settings, out: Callable, budget_end: float) -> dict:
    out("")
    out("PUZZLE GENERATION (numbrix_curses.generator, default spec: medium difficulty, "
        "random pattern)")
    if importlib.util.find_spec("numbrix_curses.generator") is None:
        out("  skipped: numbrix_curses.generator does not exist yet")
        return {"skipped": "no generator"}
    from numbrix_curses import generator

    if not (hasattr(generator, "generate") and hasattr(generator, "Spec")):
        out("  skipped: numbrix_curses.generator has no generate(Spec, seed)")
        return {"skipped": "no generate(Spec, seed)"}
    from numbrix_curses.solver import solve

    counts = {"7x7": 10, "9x9": 10, "12x12": 6, "15x15": 4, "20x20": 2}
    if settings.quick:
        counts = {"5x5": 1}
    head = (f"  {'board':<7}{'puzzles':>8} {'median':>8} {'max':>8} {'clues':>6} "
            f"{'attempts':>9} {'restarts':>9} {'checks':>7} {'solver':>7} {'grader':>7}  "
            f"{'unique':>7}")
    out(head)
    out("  " + "-" * (len(head) - 2))
    report: dict[str, Any] = {"wrong": 0}
    for name, count in counts.items():
        if time.monotonic() > budget_end:
            out(f"  {name:<7} skipped: the section's time budget is spent")
            report[name] = {"skipped": "time budget"}
            continue
        rows, cols = (int(x) for x in name.split("x"))
        seconds, clues, attempts, restarts, checks = [], [], [], [], []
        in_solver, in_grader, refuted_without_solver = [], [], 0
        unique = 0
        for k in range(count):
            if seconds and time.monotonic() > budget_end:
                break
            started = time.perf_counter()
            try:
                made = generator.generate(generator.Spec(rows, cols),
                                          corpus.board_seed(f"gen{name}", k))
            except Exception as error:  # noqa: BLE001 - a crash is a finding to report, not hide
                report["wrong"] += 1
                loud = f"!!! generator raised on {name} (seed index {k}): {error!r}"
                out(loud)
                print(loud, file=sys.stderr, flush=True)
                continue
            seconds.append(time.perf_counter() - started)
            clues.append(made.puzzle.clue_count)
            attempts.append(made.stats.attempts)
            restarts.append(made.stats.path_restarts)
            checks.append(made.stats.solver_calls)
            in_solver.append(made.stats.solver_seconds / max(made.stats.seconds, 1e-9))
            in_grader.append(made.stats.grader_seconds / max(made.stats.seconds, 1e-9))
            refuted_without_solver += made.stats.refuted_from_memory + made.stats.refuted_locally
            # re-check the promise "every puzzle is unique" independently of the generator
            if peers.HAVE_CPSAT:
                verdict, sols = peers.cpsat(made.puzzle, 2, time.monotonic() + 60)
            else:
                result = solve(made.puzzle, limit=2, timeout=60)
                verdict, sols = str(result.status.value), result.solutions
            if verdict == "unique" and np.array_equal(sols[0], made.solution):
                unique += 1
            elif verdict != "timeout":
                report["wrong"] += 1
                loud = f"!!! generated {name} puzzle (seed index {k}) is {verdict}, not unique"
                out(loud)
                print(loud, file=sys.stderr, flush=True)
        if not seconds:
            report[name] = {"skipped": "generator failed"}
            continue
        count = len(seconds)
        out(f"  {name:<7}{count:>8} {fmt_seconds(statistics.median(seconds)):>8} "
            f"{fmt_seconds(max(seconds)):>8} {statistics.median(clues):>6.0f} "
            f"{sum(attempts):>9} {sum(restarts):>9} {statistics.median(checks):>7.0f} "
            f"{statistics.median(in_solver):>7.0%} {statistics.median(in_grader):>7.0%}  "
            f"{unique:>3}/{count:<3}")
        report[name] = {"puzzles": count, "median_s": statistics.median(seconds),
                        "max_s": max(seconds), "clues_median": statistics.median(clues),
                        "attempts_total": sum(attempts), "path_restarts_total": sum(restarts),
                        "solver_calls_median": statistics.median(checks),
                        "solver_share_median": statistics.median(in_solver),
                        "grader_share_median": statistics.median(in_grader),
                        "removals_refuted_without_solver": refuted_without_solver,
                        "proved_unique": unique,
                        "checked_by": "cpsat" if peers.HAVE_CPSAT else "ours"}
    out("  attempts = paths tried, restarts = path generator restarts, checks = solver calls "
        "per puzzle (median);")
    out("  solver, grader = the share of a puzzle's time in uniqueness checks and in grading "
        "(median);")
    out(f"  unique = re-proved unique with the path's solution by "
        f"{'CP-SAT' if peers.HAVE_CPSAT else 'our solver'}")
    return report


# ---------------------------------------------------------------------------------------------
# Main


def machine_info() -> dict[str, Any]:
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "numpy": np.__version__,
    }
    try:
        import ortools

        info["ortools"] = ortools.__version__
    except ImportError:
        info["ortools"] = None
    try:
        info["loadavg"] = os.getloadavg()
    except OSError:
        pass
    try:
        info["commit"] = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], check=False, cwd=HERE, capture_output=True, text=True,
            timeout=5).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        info["commit"] = None
    return info


def parse_args(argv: list[str] | None) -> Settings:
    parser = argparse.ArgumentParser(description="Time our solver against its peers.")
    parser.add_argument("--quick", action="store_true",
                        help="two boards per class, short limits, small generation sections")
    parser.add_argument("--classes", default=",".join(corpus.CLASS_NAMES),
                        help="comma-separated size classes (default: all): "
                        + ",".join(corpus.CLASS_NAMES))
    parser.add_argument("--per-class", type=int, default=None,
                        help="clue-minimal boards per class (multiple/none/slip boards: half as many)")
    parser.add_argument("--skip-peers", action="store_true", help="time only our solver")
    parser.add_argument("--timeout", type=float, default=None,
                        help="our limit per board (s; default by size: 10, 15 or 30)")
    parser.add_argument("--peer-timeout", type=float, default=None,
                        help="CP-SAT limit per board (s)")
    parser.add_argument("--dfs-timeout", type=float, default=None,
                        help="depth-first peers' limit per board (s)")
    parser.add_argument("--dfs-boards", type=int, default=None,
                        help="depth-first peers run on at most this many boards per class/kind")
    parser.add_argument("--sections", default="solvers,pathgen,generator",
                        help="which sections to run (solvers,pathgen,generator)")
    parser.add_argument("--workers", type=int, default=peers.CPSAT_WORKERS,
                        help="processes our solver may share a long search among "
                        "(default: as many as CP-SAT's workers)")
    parser.add_argument("--corpus-dir", type=Path, default=corpus.CORPUS_DIR)
    parser.add_argument("--results-dir", type=Path, default=corpus.RESULTS_DIR,
                        help="where last.json goes")
    args = parser.parse_args(argv)
    classes = [c.strip() for c in args.classes.split(",") if c.strip()]
    unknown = [c for c in classes if c not in corpus.CLASS_NAMES]
    if unknown:
        parser.error(f"unknown class {unknown[0]!r} (known: {', '.join(corpus.CLASS_NAMES)})")
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    if sections - {"solvers", "pathgen", "generator"}:
        parser.error(f"unknown section in {args.sections!r}")
    quick = args.quick
    ours = args.timeout or (10.0 if quick else 0.0)
    cp = args.peer_timeout or (10.0 if quick else 20.0)
    dfs = args.dfs_timeout or (1.0 if quick else 5.0)
    return Settings(
        classes=classes,
        per_class=args.per_class if args.per_class is not None else (2 if quick else None),
        corpus_dir=args.corpus_dir,
        results_dir=args.results_dir,
        skip_peers=args.skip_peers,
        timeout={OURS: ours, CPSAT: cp, "smart_dfs": dfs, "plain_dfs": dfs},
        dfs_boards=args.dfs_boards if args.dfs_boards is not None else 2,
        sections=sections,
        quick=quick,
        gen_limits=corpus.GenLimits(),
        workers=max(1, args.workers),
    )


def main(argv: list[str] | None = None) -> int:
    settings = parse_args(argv)
    started = time.monotonic()
    lines: list[str] = []

    def out(line: str) -> None:
        lines.append(line)
        print(line, flush=True)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    info = machine_info()
    load = f", load {info['loadavg'][0]:.2f}" if "loadavg" in info else ""
    out(f"numbrix-curses benchmark (commit {info['commit'] or '?'}, Python {info['python']}, "
        f"{info['cpus']} cores{load})")
    report: dict[str, Any] = {"machine": info, "settings": {
        "classes": settings.classes, "per_class": settings.per_class,
        "timeouts": settings.timeout, "ours_limit": settings.ours_limit_text(),
        "dfs_boards": settings.dfs_boards, "dfs_budget": settings.dfs_budget,
        "quick": settings.quick, "skip_peers": settings.skip_peers,
        "cpsat_workers": peers.CPSAT_WORKERS if peers.HAVE_CPSAT else None,
        "our_workers": settings.workers}}
    results: list[BoardResult] = []
    problems = 0
    if "solvers" in settings.sections:
        names = solvers_for(settings)
        dfs_counts: dict[tuple, int] = {}
        dfs_reasons: dict[tuple[str, str], str] = {}
        for cls in settings.classes:
            class_started = time.monotonic()
            boards = corpus.build_class(cls, settings.per_class, settings.corpus_dir,
                                        settings.gen_limits, log=progress)
            built = time.monotonic()
            for board in timing_order(boards):
                skip = dfs_skip_list(board, results, settings, dfs_counts, dfs_reasons)
                result = run_board(board, names, settings, skip)
                results.append(result)
                for problem in result.problems:
                    problems += 1
                    loud = f"!!! WRONG VERDICT on {board.label}: {problem}"
                    out(loud)
                    print(loud, file=sys.stderr, flush=True)
            progress(f"bench: {cls}: {len(boards)} boards, corpus {built - class_started:.1f} s, "
                     f"timing {time.monotonic() - built:.1f} s")
        summary = print_solver_tables(results, settings, out, dfs_reasons)
        report["summary"] = summary
        report["targets"] = print_targets(results, summary, out)
        unchecked = [r.board.label for r in results
                     if CPSAT not in r.runs or r.runs[CPSAT].timed_out]
        out("")
        checked = len(results) - len(unchecked)
        out(f"VERDICTS: {len(results)} boards, every answer checked by is_solution and against "
            f"the board's kind; {checked} also cross-checked by CP-SAT"
            + (f"; not cross-checked: {len(unchecked)}" if unchecked else ""))
        if problems:
            out(f"!!! {problems} VERDICT PROBLEM(S): see the lines marked !!! above")
        else:
            out("VERDICTS: no disagreement")
        report["boards"] = [
            {"label": r.board.label, "class": r.board.size_class, "kind": r.board.kind,
             "rows": r.board.puzzle.rows, "cols": r.board.puzzle.cols,
             "clues": r.board.puzzle.clue_count, "notes": r.board.notes,
             "verdicts": {n: run.status for n, run in r.runs.items()},
             "seconds": {n: run.seconds for n, run in r.runs.items()},
             "steady_seconds": r.runs[OURS].steady_seconds if OURS in r.runs else None,
             "nodes": r.runs[OURS].nodes if OURS in r.runs else None,
             "problems": r.problems}
            for r in results
        ]
    if "pathgen" in settings.sections:
        report["pathgen"] = pathgen_section(settings, out)
    if "generator" in settings.sections:
        now = time.monotonic()
        budget_end = max(now + settings.generator_min,
                         min(now + settings.generator_max, started + settings.budget))
        report["generator"] = generator_section(settings, out, budget_end)
        problems += report["generator"].get("wrong", 0)
    elapsed = time.monotonic() - started
    try:
        end_load = f", load at end {os.getloadavg()[0]:.2f}"
    except OSError:
        end_load = ""
    out("")
    out(f"total {elapsed:.0f} s{end_load}")
    report["seconds"] = elapsed
    report["problems"] = problems
    report["table"] = lines
    settings.results_dir.mkdir(parents=True, exist_ok=True)
    write_text_atomic(settings.results_dir / "last.json", json.dumps(report, indent=1, default=str))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
