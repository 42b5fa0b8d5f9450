"""The benchmark corpus: reproducible boards by size class, cached as puzzle text files.

A size class ("9x9", "6x10", ...) holds four kinds of boards, all derived from fixed seeds:

- ``minimal``: a random Hamiltonian path (`numbrix_curses.pathgen.random_path`) with every
  number given, then givens removed in a seeded random order while the solver still proves
  the board unique. One pass suffices for clue-minimality (no single given can be removed):
  removing givens only ever adds solutions, so a given that could not go earlier cannot go
  later. To save solver calls, givens are tried in growing batches that follow the same
  order; a batch that stays unique gives exactly the result of removing its givens one by
  one, and a batch that does not is split until the failing given is found.
- ``multiple``: a minimal board with one more given removed (checked: several solutions).
- ``none``: a minimal board with a transcription slip, two givens swapped or one given
  changed to another number (checked: no solution).
- ``slip``: a minimal board with a subtle slip, one given moved 2 or 4 numbers along, so it
  keeps its colour on the checkerboard (checked: no solution). Half the ``none`` slips
  change a colour or put a number out of reach, which setup refutes at once; these need
  the search, as a misread newspaper board may.

The ``bundled`` class is the puzzles shipped with the package (expected unique).

Verdicts during generation come from our solver (`numbrix_curses.solver.solve`) with a short
timeout, and from the CP-SAT peer when ours runs out of time, so generation stays bounded and
boards our solver finds hard still get in. The benchmark re-checks every board anyway.

Generation is bounded: each solver call has a timeout, each board a time budget. A given
whose removal could not be decided in time is kept, and a board whose budget ran out keeps
the givens it still had; both are recorded in the board's metadata (``undecided``,
``minimal: unproved``) and shown by the benchmark, never hidden.

Files (kept in the repository): ``benchmarks/corpus/corpus-v<VERSION>-<R>x<C>.txt`` (the
boards, with metadata) and ``...-solutions.txt`` (the path each board came from). Boards are
generated in index order and only missing ones are made, so asking for more boards later
extends the files; deleting them rebuilds the same boards (as long as path generation gives
the same path for a seed), which takes tens of minutes.
"""
from __future__ import annotations

import random
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.library import load_bundled
from numbrix_curses.puzzle import Puzzle, path_to_grid
from numbrix_curses.textformat import format_compact, read_puzzles

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import HAVE_CPSAT, cpsat

#: bump when the way boards are made changes, so old caches are not mixed in
CORPUS_VERSION = 1

#: the corpus files are kept in the repository, so a fresh clone times the same boards at
#: once (building them takes tens of minutes); only missing boards are ever made
CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
#: benchmark results (last.json); not kept in the repository
RESULTS_DIR = Path(__file__).resolve().parent / ".cache"

#: size classes by number of cells (table order): (name, rows, cols, default number of minimal boards)
CLASSES: list[tuple[str, int, int, int]] = [
    ("5x5", 5, 5, 20),
    ("7x7", 7, 7, 20),
    ("6x10", 6, 10, 20),
    ("9x9", 9, 9, 20),
    ("8x14", 8, 14, 20),
    ("12x12", 12, 12, 20),
    ("10x20", 10, 20, 16),
    ("15x15", 15, 15, 16),
    ("20x20", 20, 20, 16),
]
CLASS_NAMES = ["bundled"] + [name for name, _, _, _ in CLASSES]

MINIMAL, MULTIPLE, NONE, SLIP, BUNDLED = "minimal", "multiple", "none", "slip", "bundled"
#: the verdict each kind of board must get
EXPECTED = {MINIMAL: "unique", MULTIPLE: "multiple", NONE: "none", SLIP: "none",
            BUNDLED: "unique"}


@dataclass
class GenLimits:
    """Bounds on corpus generation (seconds)."""

    #: our solver's time per verdict before CP-SAT is asked instead
    call_timeout: float = 2.0
    #: CP-SAT's time per verdict; past it the given is kept and the board marked unproved
    fallback_timeout: float = 30.0
    #: time for one board; past it the board keeps its remaining givens (marked unproved)
    board_budget: float = 240.0
    #: the same for boards over 225 cells (a 20x20 takes about 7 minutes under load)
    large_board_budget: float = 900.0

    def budget(self, cells: int) -> float:
        return self.board_budget if cells <= 225 else self.large_board_budget


@dataclass
class Board:
    """One benchmark board and what is known about it independently of any solver."""

    puzzle: Puzzle
    size_class: str
    kind: str
    label: str
    #: the path grid the board was made from (None for bundled boards and slips)
    known_solution: np.ndarray | None = None
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def expected(self) -> str:
        return EXPECTED[self.kind]


Log = Callable[[str], None]


def _stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def class_shape(name: str) -> tuple[int, int]:
    for cls, rows, cols, _ in CLASSES:
        if cls == name:
            return rows, cols
    raise KeyError(name)


def board_seed(name: str, index: int, salt: str = "") -> int:
    """A fixed seed per (class, index): the corpus never depends on the order it is built in."""
    return zlib.crc32(f"numbrix-bench-v{CORPUS_VERSION}:{name}:{index}:{salt}".encode())


def _verdict_with_solutions(puzzle: Puzzle, limits: GenLimits) -> tuple[str, list[np.ndarray]]:
    """unique / multiple / none / timeout: our solver first, CP-SAT when ours runs out.

    The fallback keeps generation time bounded and keeps the corpus from leaning toward
    boards our solver finds easy (a board it cannot decide is still decided, by CP-SAT).
    """
    from numbrix_curses.solver import solve

    result = solve(puzzle, limit=2, timeout=limits.call_timeout)
    verdict, solutions = str(result.status.value), result.solutions
    if verdict == "timeout" and HAVE_CPSAT:
        verdict, solutions = cpsat(
            puzzle, limit=2, deadline=time.monotonic() + limits.fallback_timeout
        )
    return verdict, solutions


def _verdict(puzzle: Puzzle, limits: GenLimits) -> str:
    return _verdict_with_solutions(puzzle, limits)[0]


def make_minimal(
    rows: int, cols: int, seed: int, limits: GenLimits, path: list[int] | None = None
) -> tuple[Puzzle, np.ndarray, dict[str, str]]:
    """A clue-minimal board from the seeded random path (see the module docstring), or from
    `path` (the cell of each number in turn) when one is given; `seed` orders the removals."""
    from numbrix_curses.pathgen import random_path

    rng = random.Random(seed)
    started = time.monotonic()
    if path is None:
        path = random_path(rows, cols, rng).path
    solution = path_to_grid(rows, cols, path)
    flat = solution.ravel().copy()
    order = list(range(rows * cols))
    rng.shuffle(order)
    budget_end = started + limits.budget(rows * cols)
    undecided = 0
    calls = 0
    refuted = 0
    out_of_budget = False
    # other solutions met on the way: one that fits a candidate's givens proves it has
    # several solutions without a solver call (givens only ever go away, so they stay useful)
    others: list[np.ndarray] = []
    i = 0
    batch = 1
    while i < len(order):
        if time.monotonic() > budget_end:
            out_of_budget = True
            break
        cells = order[i : i + batch]
        saved = flat[cells].copy()
        flat[cells] = 0
        kept = flat != 0
        if any(np.array_equal(other[kept], flat[kept]) for other in others):
            verdict = "multiple"
            refuted += 1
        else:
            calls += 1
            candidate = Puzzle(flat.reshape(rows, cols))
            verdict, found = _verdict_with_solutions(candidate, limits)
            others.extend(
                grid.ravel()
                for grid in found
                if candidate.is_solution(grid) and not np.array_equal(grid, solution)
            )
        if verdict == "unique":
            i += len(cells)
            batch = min(batch * 2, 64)
            continue
        flat[cells] = saved
        if verdict not in ("multiple", "timeout"):
            raise RuntimeError(f"solver says {verdict} for givens taken from a path")
        if len(cells) > 1:
            batch = max(1, len(cells) // 2)
            continue
        if verdict == "timeout":
            undecided += 1
        i += 1
        batch = 1
    notes = {
        "minimal": "unproved" if (out_of_budget or undecided) else "yes",
        "undecided": str(undecided),
        "solver-calls": str(calls),
        "refuted-by-known-solution": str(refuted),
        "gen-seconds": f"{time.monotonic() - started:.1f}",
    }
    return Puzzle(flat.reshape(rows, cols)), solution, notes


def make_multiple(minimal: Puzzle, seed: int, limits: GenLimits) -> Puzzle | None:
    """`minimal` with one more given removed, checked to have several solutions."""
    rng = random.Random(seed)
    cells = list(np.flatnonzero(minimal.givens.ravel()))
    rng.shuffle(cells)
    for cell in cells:
        flat = minimal.givens.ravel().copy()
        flat[cell] = 0
        board = Puzzle(flat.reshape(minimal.rows, minimal.cols))
        if _verdict(board, limits) == "multiple":
            return board
    return None


def make_none(minimal: Puzzle, seed: int, limits: GenLimits, tries: int = 40) -> Puzzle | None:
    """`minimal` with a transcription slip (swap or changed number), checked unsolvable."""
    rng = random.Random(seed)
    givens = minimal.given_cells()
    numbers = sorted(givens)
    size = minimal.size
    for _ in range(tries):
        flat = minimal.givens.ravel().copy()
        if len(numbers) >= 2 and rng.random() < 0.5:
            a, b = rng.sample(numbers, 2)
            flat[givens[a]], flat[givens[b]] = b, a
        else:
            number = rng.choice(numbers)
            unused = [v for v in range(1, size + 1) if v not in givens]
            if not unused:
                continue
            # a slip is a near miss: a number close to the right one
            near = [v for v in unused if abs(v - number) <= 10] or unused
            flat[givens[number]] = rng.choice(near)
        board = Puzzle(flat.reshape(minimal.rows, minimal.cols))
        if _verdict(board, limits) == "none":
            return board
    return None


def make_slip(minimal: Puzzle, seed: int, limits: GenLimits, tries: int = 40) -> Puzzle | None:
    """`minimal` with one given moved 2 or 4 numbers along (same colour on the
    checkerboard), checked unsolvable."""
    rng = random.Random(seed)
    givens = minimal.given_cells()
    numbers = sorted(givens)
    size = minimal.size
    for _ in range(tries):
        number = rng.choice(numbers)
        moved = [number + d for d in (-4, -2, 2, 4) if 1 <= number + d <= size
                 and number + d not in givens]
        if not moved:
            continue
        flat = minimal.givens.ravel().copy()
        flat[givens[number]] = rng.choice(moved)
        board = Puzzle(flat.reshape(minimal.rows, minimal.cols))
        if _verdict(board, limits) == "none":
            return board
    return None


def class_files(cache_dir: Path, name: str) -> tuple[Path, Path]:
    """The files of a class in `cache_dir`: its boards, and the solutions they were made from."""
    stem = f"corpus-v{CORPUS_VERSION}-{name}"
    return cache_dir / f"{stem}.txt", cache_dir / f"{stem}-solutions.txt"


def load_class(cache_dir: Path, name: str) -> tuple[dict[str, Puzzle], dict[str, np.ndarray]]:
    """A class's boards and known solutions by id, as the files in `cache_dir` hold them
    (empty when there are none yet)."""
    boards_file, solutions_file = class_files(cache_dir, name)
    if not boards_file.exists():
        return {}, {}
    boards = {p.id: p for p in read_puzzles(str(boards_file)) if p.id}
    solutions: dict[str, np.ndarray] = {}
    if solutions_file.exists():
        solutions = {p.id: p.givens.copy() for p in read_puzzles(str(solutions_file)) if p.id}
    return boards, solutions


def _save(cache_dir: Path, name: str, boards: list[Board]) -> None:
    boards_file, solutions_file = class_files(cache_dir, name)
    cache_dir.mkdir(parents=True, exist_ok=True)
    text = "\n".join(format_compact(b.puzzle) for b in boards)
    known = [b for b in boards if b.known_solution is not None]
    solutions = "\n".join(
        format_compact(Puzzle(b.known_solution, {"id": b.label})) for b in known
    )
    write_text_atomic(boards_file, text)
    write_text_atomic(solutions_file, solutions)


def _board(puzzle: Puzzle, name: str, solution: np.ndarray | None) -> Board:
    meta = dict(puzzle.metadata)
    return Board(
        puzzle=puzzle,
        size_class=name,
        kind=meta["kind"],
        label=meta["id"],
        known_solution=solution,
        notes={k: v for k, v in meta.items() if k not in ("id", "kind", "class")},
    )


def class_counts(name: str, per_class: int | None) -> tuple[int, int, int, int]:
    """(minimal, multiple, none, slip) board counts for a class: the multiple, none and slip
    boards are made from the first half of the minimal ones."""
    default = next(n for cls, _, _, n in CLASSES if cls == name)
    minimal = default if per_class is None else per_class
    derived = (minimal + 1) // 2
    return minimal, derived, derived, derived


def build_class(
    name: str,
    per_class: int | None = None,
    cache_dir: Path = CORPUS_DIR,
    limits: GenLimits | None = None,
    log: Log = _stderr,
) -> list[Board]:
    """The boards of one size class, from the cache where possible."""
    if name == "bundled":
        return [
            Board(p, "bundled", BUNDLED, p.id or f"bundled#{k}")
            for k, p in enumerate(load_bundled(), start=1)
        ]
    limits = limits or GenLimits()
    rows, cols = class_shape(name)
    n_minimal, n_multiple, n_none, n_slip = class_counts(name, per_class)
    cached, solutions = load_class(cache_dir, name)
    changed = False
    minimal_boards: list[Board] = []
    derived: list[Board] = []
    for index in range(n_minimal):
        label = f"{name}-minimal-{index:02d}"
        if label in cached and label in solutions:
            minimal_boards.append(_board(cached[label], name, solutions[label]))
        else:
            started = time.monotonic()
            seed = board_seed(name, index)
            puzzle, solution, notes = make_minimal(rows, cols, seed, limits)
            meta = {"id": label, "class": name, "kind": MINIMAL, "seed": str(seed), **notes}
            minimal_boards.append(_board(Puzzle(puzzle.givens, meta), name, solution))
            changed = True
            log(
                f"corpus: made {label}: {puzzle.clue_count} clues, "
                f"{time.monotonic() - started:.1f} s, minimal: {notes['minimal']}"
            )
    for index, base in enumerate(minimal_boards):
        for kind, wanted, maker in (
            (MULTIPLE, n_multiple, make_multiple),
            (NONE, n_none, make_none),
            (SLIP, n_slip, make_slip),
        ):
            if index >= wanted:
                continue
            label = f"{name}-{kind}-{index:02d}"
            if label in cached:
                derived.append(_board(cached[label], name, solutions.get(label)))
                continue
            seed = board_seed(name, index, kind)
            made = maker(base.puzzle, seed, limits)
            changed = True
            if made is None:
                log(f"corpus: could not make {label} (kept out of the corpus)")
                continue
            meta = {"id": label, "class": name, "kind": kind, "seed": str(seed),
                    "from": base.label}
            # a multiple board still has its path among its solutions
            known = base.known_solution if kind == MULTIPLE else None
            derived.append(_board(Puzzle(made.givens, meta), name, known))
            log(f"corpus: made {label}: {made.clue_count} clues")
    boards = minimal_boards + derived
    if changed:
        # keep boards cached beyond the count asked for this time
        everything = {b.label: b for b in boards}
        for label, puzzle in cached.items():
            if label not in everything:
                everything[label] = _board(puzzle, name, solutions.get(label))
        _save(cache_dir, name, sorted(everything.values(), key=_order))
    return sorted(boards, key=_order)


def _order(board: Board) -> tuple[int, str]:
    return ({MINIMAL: 0, MULTIPLE: 1, NONE: 2, SLIP: 3, BUNDLED: 4}[board.kind], board.label)


def main(argv: list[str] | None = None) -> int:
    """Build (or refresh) the cached corpus without timing anything."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", default=",".join(CLASS_NAMES))
    parser.add_argument("--per-class", type=int, default=None)
    parser.add_argument("--corpus-dir", type=Path, default=CORPUS_DIR)
    args = parser.parse_args(argv)
    for name in args.classes.split(","):
        boards = build_class(name, args.per_class, args.corpus_dir)
        print(f"{name}: {len(boards)} boards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
