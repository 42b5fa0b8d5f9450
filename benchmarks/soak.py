"""`make soak`: make and solve puzzles of random sizes for a set time, checking every answer.

Each case is built from its own seed (so any case can be replayed with `--replay SEED`):
a board of random size, then one of

- `generated`: a puzzle from `numbrix_curses.generator` (claimed unique);
- `subset`:    a random Hamiltonian path (from `numbrix_curses.pathgen`, or from the tests'
               independent backbite walk) with a random subset of its numbers given, from
               none at all to most of them: unique or multiple, never none;
- `slip`:      a subset or generated puzzle with a transcription slip (a given changed,
               moved, swapped with another, or one wrong number added): often none.

With `--cases printed`, every case is instead a board as puzzle pages print them (`printed`):
the givens of a random path on a layout (the outer ring, every second or third ring cell,
nested rings, the diagonals, a cross or a lattice of crosses, a checkerboard of every k-th
cell, a rotation-symmetric scatter, every k-th row and column), thinned at random, and in
four cases of five with one slip a person copying it makes (a digit off by one or ten, two
digits turned round, two givens swapped, a given moved to a neighbouring cell or left out, a
row shifted by a column). Such boards are often unique when dense, and with the slip mostly
none or several. With `--cases structured`, the path is one that is not well mixed (a snake,
a spiral, either bent a little, or the bare bend/extend path; see `structured.py`), under a
printed layout or a random subset of its numbers, often with a slip.

Our solver answers each case (`solve(limit=2)` under `--solve-timeout`, sharing long
searches among `--workers` processes, default 2). Every answer is
checked: each solution with `Puzzle.is_solution`, "multiple" by two different solutions,
"unique" against the path the case was made from (when that path still fits the givens),
and every verdict by a second, independent method: exhaustive listing of all paths
(`tests/brute.py`) for boards of at most 25 cells, else the CP-SAT peer of
`benchmarks/peers.py` when OR-tools is installed (else the smart depth-first peer), under
`--peer-timeout`. A "multiple" on a bigger board needs no peer: its two different solutions,
each passing `is_solution`, are the proof. A timeout, ours or the peer's, is counted, never
taken as a verdict.

The summary gives counts per board size (the longer side) and verdict; every disagreement
is printed with its seed, the board in the text format and a replay command, and makes the
exit code 1.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import brute  # noqa: E402  (the tests' plainly-correct counters, independent of the solver)
import peers  # noqa: E402
import structured  # noqa: E402

from numbrix_curses import pathgen  # noqa: E402
from numbrix_curses.puzzle import Puzzle, cell_name, path_to_grid  # noqa: E402
from numbrix_curses.solver import solve  # noqa: E402
from numbrix_curses.textformat import format_compact  # noqa: E402

try:  # the generator is optional: without it every case starts from a random path
    from numbrix_curses import generator
except ImportError:  # pragma: no cover - depends on the version
    generator = None  # type: ignore[assignment]

#: boards with at most this many cells are checked by listing every path
BRUTE_CELLS = 25
#: the generator is slow on big boards; generated cases stay at or below this side
GENERATED_MAX_SIDE = 10
VERDICTS = ("unique", "multiple", "none", "timeout")


@dataclass
class Case:
    seed: int
    kind: str
    puzzle: Puzzle
    #: a full grid known to solve the puzzle (the path it was made from), if one is known
    witness: np.ndarray | None
    note: str = ""


@dataclass
class Outcome:
    case: Case
    verdict: str
    seconds: float
    #: "brute", "cpsat", "smart_dfs", "proof" (two checked solutions) or "unchecked"
    checker: str
    checker_verdict: str | None
    problems: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# making cases


def _shape(rng: random.Random, max_side: int, min_side: int = 1) -> tuple[int, int]:
    """Mostly small and middling boards, now and then a big one (no side below `min_side`)."""
    roll = rng.random()
    if roll < 0.4:
        top = min(5, max_side)
    elif roll < 0.95:
        top = min(12, max_side)
    else:
        top = max_side
    if top < min_side:
        top = max_side  # (the small and middling tiers lie below the sides asked for)
    rows, cols = rng.randint(min_side, top), rng.randint(min_side, top)
    return rows, cols


def _path(rows: int, cols: int, rng: random.Random) -> list[int]:
    if rng.random() < 0.7:
        return list(pathgen.random_path(rows, cols, rng).path)
    return brute.random_path(rows, cols, rng)


def _subset(solution: np.ndarray, rng: random.Random) -> np.ndarray:
    """Some of the solution's numbers kept, at a random density (possibly none or all)."""
    flat = solution.ravel().copy()
    size = flat.size
    roll = rng.random()
    if roll < 0.1:
        keep = rng.randint(0, min(3, size))  # nearly empty: usually many solutions
        chosen = set(rng.sample(range(size), keep))
    else:
        density = rng.choice((0.1, 0.2, 0.3, 0.45, 0.6, 0.8))
        chosen = {cell for cell in range(size) if rng.random() < density}
    mask = np.array([cell in chosen for cell in range(size)])
    flat[~mask] = 0
    return flat.reshape(solution.shape)


def _slip(givens: np.ndarray, rng: random.Random) -> tuple[np.ndarray, str]:
    """A copy of `givens` with one mistake a person copying the puzzle might make."""
    flat = givens.ravel().copy()
    size = flat.size
    filled = [int(i) for i in np.flatnonzero(flat)]
    blank = [int(i) for i in np.flatnonzero(flat == 0)]
    unused = sorted(set(range(1, size + 1)) - {int(v) for v in flat if v})
    how = rng.choice(("change", "move", "swap", "add"))
    if how == "change" and filled and unused:
        cell = rng.choice(filled)
        flat[cell] = rng.choice(unused)
    elif how == "move" and filled and blank:
        cell, to = rng.choice(filled), rng.choice(blank)
        flat[to], flat[cell] = flat[cell], 0
    elif how == "swap" and len(filled) >= 2:
        a, b = rng.sample(filled, 2)
        flat[a], flat[b] = flat[b], flat[a]
    elif blank and unused:
        how = "add"
        flat[rng.choice(blank)] = rng.choice(unused)
    else:
        how = "none possible"
    return flat.reshape(givens.shape), how


def make_case(seed: int, max_side: int, min_side: int = 1) -> Case:
    """The case of `seed` (and the sides): the same seed always gives the same case."""
    rng = random.Random(seed)
    rows, cols = _shape(rng, max_side, min_side)
    roll = rng.random()
    kind = "generated" if roll < 0.3 else "subset" if roll < 0.7 else "slip"
    can_generate = generator is not None and max(rows, cols) <= GENERATED_MAX_SIDE
    if kind == "generated" and not can_generate:
        kind = "subset"
    note = ""
    if kind == "generated" or (kind == "slip" and rng.random() < 0.5 and can_generate):
        difficulty = rng.choice((None, "easy", "medium", "hard"))
        pattern = rng.choice(("random", "random", "symmetric", "border"))
        spec = generator.Spec(rows, cols, difficulty=difficulty, pattern=pattern,
                              check_seconds=20.0, puzzle_seconds=60.0)
        made = generator.generate(spec, rng.randrange(generator.SEED_LIMIT))
        givens, solution = made.puzzle.givens.copy(), made.solution
        note = f"generator {difficulty or 'any'}/{pattern}"
    else:
        solution = path_to_grid(rows, cols, _path(rows, cols, rng))
        givens = _subset(solution, rng)
    if kind == "slip":
        givens, how = _slip(givens, rng)
        note = f"{note} slip: {how}".strip()
    puzzle = Puzzle(np.asarray(givens, dtype=np.int64), {"id": f"soak-{seed}", "kind": kind})
    witness = solution if puzzle.is_solution(solution) else None
    return Case(seed, kind, puzzle, witness, note)


# ---------------------------------------------------------------------------------------------
# printed layouts (--cases printed)

LAYOUTS = ("ring", "nested rings", "diagonals", "crosses", "checkerboard", "symmetric", "lattice")
PRINTED_SLIPS = ("digit", "transpose", "swap", "nudge", "drop", "row shift")


def _ring(rows: int, cols: int) -> list[tuple[int, int]]:
    """The outer ring's cells, clockwise from the top left corner."""
    if rows == 1 or cols == 1:
        return [(r, c) for r in range(rows) for c in range(cols)]
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
            + [(r, 0) for r in range(rows - 2, 0, -1)])


def _layout(rows: int, cols: int, rng: random.Random) -> tuple[np.ndarray, str]:
    """Where the givens go (a mask of cells) on one of `LAYOUTS`, thinned at random."""
    layout = rng.choice(LAYOUTS)
    r, c = np.indices((rows, cols))
    if layout in ("ring", "nested rings"):
        step = rng.choice((1, 2, 3))  # every ring cell, every second, every third
        gap = rng.choice((2, 3)) if layout == "nested rings" else max(rows, cols)
        mask = np.zeros((rows, cols), dtype=bool)
        for depth in range(0, (min(rows, cols) + 1) // 2, gap):
            for k, (i, j) in enumerate(_ring(rows - 2 * depth, cols - 2 * depth)):
                mask[i + depth, j + depth] = k % step == 0
        what = f"{layout}, every {step}"
    elif layout == "diagonals":
        k = rng.choice((0, 3, 4, 5))  # 0: the two long diagonals only
        down, up = r - c, r + c - (cols - 1)
        mask = (down % k == 0) | (up % k == 0) if k else (down == 0) | (up == 0)
        what = f"diagonals, every {k}" if k else "diagonals"
    elif layout == "crosses":
        k = rng.choice((0, 3, 4))  # 0: the middle row and column only
        mask = ((r % k == rng.randrange(k)) | (c % k == rng.randrange(k)) if k
                else (r == rows // 2) | (c == cols // 2))
        what = f"crosses, every {k}" if k else "cross"
    elif layout == "checkerboard":
        k = rng.choice((2, 3, 4, 5))
        mask = (r + c) % k == rng.randrange(k)
        what = f"every {k}th cell"
    elif layout == "symmetric":
        density = rng.choice((0.08, 0.15, 0.25, 0.4))
        half = np.array([[rng.random() < density for _ in range(cols)] for _ in range(rows)])
        mask = half | half[::-1, ::-1]  # turned round a half turn, the layout is the same
        what = f"symmetric, {density:.0%}"
    else:
        k = rng.choice((2, 3))
        mask = (r % k == rng.randrange(k)) & (c % k == rng.randrange(k))
        what = f"every {('second', 'third')[k - 2]} row and column"
    keep = rng.choice((1.0, 1.0, 0.9, 0.75, 0.6, 0.45))
    if keep < 1.0:
        mask = mask & (np.array([[rng.random() for _ in range(cols)] for _ in range(rows)]) < keep)
        what += f", {keep:.0%} kept"
    return mask, what


def _printed_slip(givens: np.ndarray, rng: random.Random) -> tuple[np.ndarray, str]:
    """A copy of `givens` with one slip of the kinds people make copying a printed board."""
    grid = givens.copy()
    rows, cols = grid.shape
    size = grid.size
    present = {int(v) for v in grid.ravel() if v}
    filled = [(int(i), int(j)) for i, j in zip(*np.nonzero(grid))]
    if not filled:
        return grid, "no slip (no givens)"
    how = rng.choice(PRINTED_SLIPS)

    def free_value(v: int) -> bool:
        return 1 <= v <= size and v not in present

    if how == "digit":  # one digit wrong: off by one, or by ten
        options = [(i, j, int(grid[i, j]) + d) for i, j in filled for d in (1, -1, 10, -10)
                   if free_value(int(grid[i, j]) + d)]
    elif how == "transpose":  # two neighbouring digits turned round: 47 for 74
        options = []
        for i, j in filled:
            text = str(int(grid[i, j]))
            for k in range(len(text) - 1):
                turned = text[:k] + text[k + 1] + text[k] + text[k + 2:]
                if turned[0] != "0" and free_value(int(turned)):
                    options.append((i, j, int(turned)))
    elif how == "swap" and len(filled) >= 2:
        (a, b), (c, d) = rng.sample(filled, 2)
        grid[a, b], grid[c, d] = grid[c, d], grid[a, b]
        return grid, f"swap: {cell_name(a, b)} and {cell_name(c, d)}"
    elif how == "nudge":  # written one cell off, diagonals too
        moves = [(i, j, i + di, j + dj) for i, j in filled for di in (-1, 0, 1)
                 for dj in (-1, 0, 1) if (di or dj) and 0 <= i + di < rows
                 and 0 <= j + dj < cols and not grid[i + di, j + dj]]
        if moves:
            i, j, k, m = rng.choice(moves)
            grid[k, m], grid[i, j] = grid[i, j], 0
            return grid, f"nudge: {cell_name(i, j)} to {cell_name(k, m)}"
        options = []
    elif how == "row shift":  # a row copied one column off; what falls off is lost
        i = rng.choice(sorted({i for i, _ in filled}))
        step = rng.choice((1, -1))
        grid[i] = np.roll(grid[i], step)
        grid[i, 0 if step == 1 else cols - 1] = 0
        return grid, f"row shift: row {i + 1} by {step:+d}"
    else:
        how, options = "drop", []
    if how == "drop" or not options:
        i, j = rng.choice(filled)
        grid[i, j] = 0
        return grid, f"drop: {cell_name(i, j)}"
    i, j, v = rng.choice(options)
    was, grid[i, j] = int(grid[i, j]), v
    return grid, f"{how}: {was} at {cell_name(i, j)} written {v}"


def _printed_givens(solution: np.ndarray, rng: random.Random) -> tuple[np.ndarray, str]:
    """`solution`'s numbers on a printed layout, in four cases of five with a slip, and
    what was done."""
    mask, what = _layout(*solution.shape, rng)
    givens = np.where(mask, solution, 0)
    if rng.random() < 0.8:
        givens, how = _printed_slip(givens, rng)
        what = f"{what}; {how}"
    return givens, what


def make_printed_case(seed: int, max_side: int, min_side: int = 1) -> Case:
    """The `printed` case of `seed` (see the module docstring): the same seed always gives the
    same case."""
    rng = random.Random(seed)
    rows, cols = _shape(rng, max_side, min(max(min_side, 3), max_side))
    solution = path_to_grid(rows, cols, _path(rows, cols, rng))
    givens, what = _printed_givens(solution, rng)
    puzzle = Puzzle(np.asarray(givens, dtype=np.int64), {"id": f"soak-{seed}", "kind": "printed"})
    witness = solution if puzzle.is_solution(solution) else None
    return Case(seed, "printed", puzzle, witness, what)


def make_structured_case(seed: int, max_side: int, min_side: int = 1) -> Case:
    """The `structured` case of `seed` (see the module docstring): the same seed always
    gives the same case."""
    rng = random.Random(seed)
    rows, cols = _shape(rng, max_side, min_side)
    kind = rng.choice(sorted(structured.PATHS))
    solution = path_to_grid(rows, cols, structured.PATHS[kind](rows, cols, rng))
    if rows >= 3 and cols >= 3 and rng.random() < 0.5:
        givens, what = _printed_givens(solution, rng)
    else:
        givens, what = _subset(solution, rng), "random givens"
        if rng.random() < 0.4:
            givens, how = _slip(givens, rng)
            what = f"{what}; slip: {how}"
    puzzle = Puzzle(np.asarray(givens, dtype=np.int64),
                    {"id": f"soak-{seed}", "kind": "structured"})
    witness = solution if puzzle.is_solution(solution) else None
    return Case(seed, "structured", puzzle, witness, f"{kind} path; {what}")


CASE_MAKERS = {"mixed": make_case, "printed": make_printed_case,
               "structured": make_structured_case}


# ---------------------------------------------------------------------------------------------
# checking answers


def _second_opinion(puzzle: Puzzle, peer_timeout: float) -> tuple[str, str, list[np.ndarray]]:
    """(checker name, verdict, solutions) from a method that shares no code with the solver."""
    if puzzle.size <= BRUTE_CELLS:
        found = brute.matching(puzzle)
        grids = [row.reshape(puzzle.rows, puzzle.cols) for row in found[:2]]
        return "brute", peers._verdict(len(found)), grids
    name, peer = ("cpsat", peers.cpsat) if peers.HAVE_CPSAT else ("smart_dfs", peers.smart_dfs)
    verdict, grids = peer(puzzle, limit=2, deadline=time.monotonic() + peer_timeout)
    return name, verdict, grids


def run_case(case: Case, solve_timeout: float, peer_timeout: float, workers: int = 1) -> Outcome:
    puzzle = case.puzzle
    result = solve(puzzle, limit=2, timeout=solve_timeout, workers=workers)
    verdict = str(getattr(result.status, "value", result.status))
    problems = []
    for k, grid in enumerate(result.solutions, start=1):
        if not puzzle.is_solution(grid):
            problems.append(f"solution {k} is not a solution (is_solution says no)")
    expected_count = {"unique": 1, "multiple": 2, "none": 0}.get(verdict)
    if expected_count is not None and len(result.solutions) != expected_count:
        problems.append(f"status {verdict} with {len(result.solutions)} solutions")
    if verdict == "multiple" and len(result.solutions) == 2 and np.array_equal(*result.solutions):
        problems.append("status multiple, but the two solutions are the same grid")
    if case.witness is not None:
        if verdict == "none":
            problems.append("status none, but the path the puzzle came from solves it")
        if verdict == "unique" and not np.array_equal(result.solutions[0], case.witness):
            problems.append("status unique, but the path the puzzle came from is another solution")
    if case.kind == "generated" and verdict not in ("unique", "timeout"):
        problems.append(f"the generator made a puzzle the solver calls {verdict}")

    checker, checker_verdict = "unchecked", None
    if verdict == "multiple" and puzzle.size > BRUTE_CELLS and not problems:
        # two different grids that both pass is_solution prove it; a peer adds nothing
        checker, checker_verdict = "proof", "multiple"
    elif verdict != "timeout":
        checker, checker_verdict, grids = _second_opinion(puzzle, peer_timeout)
        for grid in grids:
            if not puzzle.is_solution(grid):
                problems.append(f"{checker} gave a grid that is not a solution")
        if checker_verdict == "timeout":
            checker, checker_verdict = "unchecked", None
        elif checker_verdict != verdict:
            problems.append(f"our solver says {verdict}, {checker} says {checker_verdict}")
        elif verdict == "unique" and grids and not np.array_equal(grids[0], result.solutions[0]):
            problems.append(f"both say unique, but {checker} found a different solution")
    return Outcome(case, verdict, float(result.stats.seconds), checker, checker_verdict, problems)


# ---------------------------------------------------------------------------------------------
# the run


class Tally:
    def __init__(self) -> None:
        self.by_side: dict[int, Counter] = defaultdict(Counter)
        self.seconds: dict[int, list[float]] = defaultdict(list)
        self.kinds: Counter = Counter()
        self.checkers: Counter = Counter()
        self.failures: list[Outcome] = []
        self.timeouts: list[Outcome] = []
        self.errors: list[tuple[int, str]] = []

    def add(self, outcome: Outcome) -> None:
        side = max(outcome.case.puzzle.rows, outcome.case.puzzle.cols)
        self.by_side[side][outcome.verdict] += 1
        self.by_side[side]["cases"] += 1
        self.by_side[side][outcome.checker] += 1
        if outcome.problems:
            self.by_side[side]["disagree"] += 1
            self.failures.append(outcome)
        if outcome.verdict == "timeout":
            self.timeouts.append(outcome)
        self.seconds[side].append(outcome.seconds)
        self.kinds[outcome.case.kind] += 1
        self.checkers[outcome.checker] += 1

    @property
    def cases(self) -> int:
        return sum(c["cases"] for c in self.by_side.values())

    def line(self) -> str:
        total = Counter()
        for counts in self.by_side.values():
            total.update(counts)
        verdicts = " ".join(f"{v} {total[v]}" for v in VERDICTS)
        return (f"{self.cases} cases ({verdicts}); disagreements {len(self.failures)}; "
                f"errors {len(self.errors)}")

    def table(self) -> str:
        head = ("side", "cases", *VERDICTS, "brute", "peer", "proof", "unchecked", "disagree",
                "median s", "max s")
        rows = [head]
        for side in sorted(self.by_side):
            c = self.by_side[side]
            times = self.seconds[side]
            rows.append((
                str(side), str(c["cases"]), *(str(c[v]) for v in VERDICTS), str(c["brute"]),
                str(c["cpsat"] + c["smart_dfs"]), str(c["proof"]), str(c["unchecked"]),
                str(c["disagree"]),
                f"{statistics.median(times):.3f}", f"{max(times):.3f}",
            ))
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(r, widths)) for r in rows)


def report_failure(outcome: Outcome, args: argparse.Namespace) -> None:
    case = outcome.case
    print(f"\n!!! DISAGREEMENT on case seed {case.seed} ({case.kind}"
          f"{', ' + case.note if case.note else ''}, "
          f"{case.puzzle.rows}x{case.puzzle.cols})", flush=True)
    for problem in outcome.problems:
        print(f"!!!   {problem}")
    print(f"!!! replay: python benchmarks/soak.py --replay {case.seed} --max-side {args.max_side}"
          f" --min-side {args.min_side} --cases {args.cases}")
    print(format_compact(case.puzzle), flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="how long to keep starting new cases (default 10)")
    parser.add_argument("--seed", type=int, default=None,
                        help="master seed (default: random; printed at the start)")
    parser.add_argument("--max-side", type=int, default=30,
                        help="largest board side (default 30; most boards are 12 or less)")
    parser.add_argument("--min-side", type=int, default=1,
                        help="smallest board side (default 1; e.g. 16 to soak the large-board "
                        "paths of the solver, such as the root partner past 15x15)")
    parser.add_argument("--solve-timeout", type=float, default=30.0,
                        help="seconds our solver may spend on one case (default 30)")
    parser.add_argument("--peer-timeout", type=float, default=30.0,
                        help="seconds the CP-SAT or depth-first peer may spend (default 30)")
    parser.add_argument("--workers", type=int, default=2,
                        help="processes our solver may share a long search among")
    parser.add_argument("--cases", choices=sorted(CASE_MAKERS), default="mixed",
                        help="mixed (the default): generated, subset and slip cases; printed: "
                        "boards laid out as puzzle pages print them, mostly with a slip; "
                        "structured: printed layouts or random givens on paths that are not "
                        "well mixed (see structured.py) (replay a case with the same choice)")
    parser.add_argument("--replay", type=int, metavar="SEED",
                        help="run only the case of this seed and show it")
    args = parser.parse_args(argv)
    if not 1 <= args.min_side <= args.max_side:
        parser.error("--min-side must be at least 1 and at most --max-side")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.replay is not None:
        case = CASE_MAKERS[args.cases](args.replay, args.max_side, args.min_side)
        print(f"case {case.seed}: {case.kind} {case.note}".rstrip())
        print(format_compact(case.puzzle))
        outcome = run_case(case, args.solve_timeout, args.peer_timeout, args.workers)
        print(f"ours: {outcome.verdict} in {outcome.seconds:.3f} s; "
              f"{outcome.checker}: {outcome.checker_verdict}")
        for problem in outcome.problems:
            print(f"problem: {problem}")
        return 1 if outcome.problems else 0

    master = args.seed if args.seed is not None else random.randrange(2**32)
    seeds = random.Random(master)
    checker = "CP-SAT" if peers.HAVE_CPSAT else "smart depth-first (OR-tools not installed)"
    print(f"soak: {args.minutes:g} minutes, master seed {master}, boards from "
          f"{args.min_side}x{args.min_side} up to {args.max_side}x{args.max_side}; "
          f"second opinion: all paths up to {BRUTE_CELLS} cells, else {checker}", flush=True)
    tally = Tally()
    started = time.monotonic()
    end = started + args.minutes * 60
    next_report = started + 60
    try:
        while time.monotonic() < end:
            seed = seeds.randrange(2**32)
            try:
                case = CASE_MAKERS[args.cases](seed, args.max_side, args.min_side)
                outcome = run_case(case, args.solve_timeout, args.peer_timeout, args.workers)
            except Exception as error:  # a crash is a finding too: record it and go on
                tally.errors.append((seed, f"{type(error).__name__}: {error}"))
                print(f"\n!!! ERROR on case seed {seed}: {type(error).__name__}: {error}",
                      flush=True)
                continue
            tally.add(outcome)
            if outcome.problems:
                report_failure(outcome, args)
            if time.monotonic() >= next_report:
                minutes = (time.monotonic() - started) / 60
                print(f"[{minutes:5.1f} min] {tally.line()}", flush=True)
                next_report += 60
    except KeyboardInterrupt:
        print("\nsoak: interrupted; the figures so far:")
    minutes = (time.monotonic() - started) / 60
    print(f"\nsoak finished after {minutes:.1f} minutes (master seed {master})")
    if tally.cases:
        print(tally.table())
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(tally.kinds.items()))
    checkers = ", ".join(f"{k} {n}" for k, n in sorted(tally.checkers.items()))
    print(f"kinds: {kinds}\nchecked by: {checkers}\n{tally.line()}")
    timeouts = [o.case.seed for o in tally.timeouts]
    if timeouts:
        shown = " ".join(map(str, timeouts[:20])) + (" ..." if len(timeouts) > 20 else "")
        print(f"our solver timed out on case seeds: {shown}")
    for seed, error in tally.errors:
        print(f"error: case seed {seed}: {error}")
    for outcome in tally.failures:
        print(f"disagreement: case seed {outcome.case.seed}: {'; '.join(outcome.problems)}")
    return 1 if tally.failures or tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
