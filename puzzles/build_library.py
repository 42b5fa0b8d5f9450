"""Rebuild the bundled puzzle library and its printable booklet from fixed seeds.

    python puzzles/build_library.py [--jobs J]      (what `make puzzles` runs)

Writes ``src/numbrix_curses/puzzles/*.txt`` (the package data the app and `numbrix play` read)
and ``puzzles/library-booklet.txt`` (every bundled puzzle laid out for printing, answer key at
the end). Each puzzle is made by `numbrix_curses.generator.generate` with the library entry's
size, difficulty and pattern and a seed fixed below, so a rebuild gives the same files as
long as the generator, solver and grader do not change. When a seed's puzzle misses its
difficulty the next seed of the entry's sequence is tried; the seed actually used is in the
puzzle's ``# seed:`` line, and ``numbrix generate --rows R --cols C --difficulty D --pattern P
--seed S --format compact`` makes the same puzzle again.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from numbrix_curses import booklet
from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.generator import Generated, Spec, generate
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import format_compact, parse_puzzles

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "src" / "numbrix_curses" / "puzzles"
BOOKLET = ROOT / "puzzles" / "library-booklet.txt"

#: seeds tried per entry before settling for the closest puzzle found
TRIES = 12
#: wall-clock guards generous enough never to fire here: a rebuild must not depend on the
#: machine's speed (the solver's guess cap is what bounds each check)
GUARDS = {"check_seconds": 600.0, "puzzle_seconds": 3600.0}

E, M, H, F = "easy", "medium", "hard", "fiendish"
R, S, B = "random", "symmetric", "border"


@dataclass(frozen=True)
class Entry:
    rows: int
    cols: int
    difficulty: str
    pattern: str = R


def square(n: int, *rest: tuple[str, str]) -> list[Entry]:
    return [Entry(n, n, d, p) for d, p in rest]


#: file -> (description, id prefix, entries); the first puzzle of the first file is the one
#: the app opens by default, so it is a small easy board
LIBRARY: dict[str, tuple[str, str, list[Entry]]] = {
    "01-starter.txt": (
        "Starter boards: small grids to learn the rules on.",
        "starter",
        square(5, (E, R), (E, R), (E, S), (M, R), (M, B), (H, R))
        + square(6, (E, R), (E, S), (M, R), (M, B), (H, R), (F, R)),
    ),
    "02-classic-9x9.txt": (
        "Classic 9x9 boards, the newspaper size, from easy to fiendish.",
        "classic",
        square(9, (E, R), (E, S), (E, R), (E, S))
        + square(9, (M, R), (M, S), (M, B), (M, R))
        + square(9, (H, R), (H, S), (H, R), (H, B))
        + square(9, (F, R), (F, S), (F, R), (F, R)),
    ),
    "03-mixed.txt": (
        "Mixed sizes: 7x7, 8x8 and rectangles.",
        "mixed",
        square(7, (E, R), (M, S), (H, R), (F, R))
        + square(8, (E, R), (M, B), (H, S), (F, R))
        + [Entry(6, 9, E), Entry(6, 9, M), Entry(6, 9, H, S)]
        + [Entry(7, 10, E), Entry(7, 10, M, B), Entry(7, 10, H), Entry(7, 10, F)]
        + [Entry(5, 8, E), Entry(5, 8, M), Entry(10, 7, H)],
    ),
    "04-large.txt": (
        "Large boards: 10x10 to 15x15.",
        "large",
        square(10, (E, R), (M, R), (H, S), (F, R))
        + square(11, (M, S))
        + square(12, (E, R), (M, R), (H, R), (F, R))
        + square(13, (H, R))
        + [Entry(12, 15, M), Entry(12, 15, H)]
        + square(15, (E, R), (M, S), (H, R), (F, R)),
    ),
}


def seeds_for(file_index: int, entry_index: int) -> list[int]:
    """The seeds an entry tries in order: fixed, distinct across the whole library."""
    base = 1000 * (file_index + 1) + 10 * entry_index
    return [base + k for k in range(TRIES)]


def make(job: tuple[Entry, list[int]]) -> Generated:
    """The entry's puzzle from the first of its seeds that meets the difficulty."""
    entry, seeds = job
    spec = Spec(entry.rows, entry.cols, difficulty=entry.difficulty, pattern=entry.pattern,
                **GUARDS)
    best = None
    for seed in seeds:
        made = generate(spec, seed)
        if made.on_target and not made.notes:
            return made
        if best is None or (made.on_target, not made.notes) > (best.on_target, not best.notes):
            best = made
    assert best is not None
    return best


def file_text(name: str, description: str, puzzles: list[Puzzle]) -> str:
    head = (
        f"# numbrix-curses bundled puzzles: {name}\n"
        f"# {description}\n"
        "# Made by `make puzzles` (puzzles/build_library.py) from fixed seeds;\n"
        "# every puzzle has exactly one solution.\n"
    )
    return head + "".join("\n" + format_compact(p) for p in puzzles)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    jobs = []
    where = []
    for f, (name, (_, prefix, entries)) in enumerate(LIBRARY.items()):
        for k, entry in enumerate(entries):
            jobs.append((entry, seeds_for(f, k)))
            where.append((name, f"{prefix}-{k + 1}"))
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        made = []
        for (name, ident), item in zip(where, pool.map(make, jobs)):
            made.append(item)
            flags = "" if item.on_target else "  (missed its difficulty)"
            flags += "  (inside givens kept)" if item.notes else ""
            print(f"{time.monotonic() - started:7.1f}s  {name:<20} {ident:<12} "
                  f"{f'{item.puzzle.rows}x{item.puzzle.cols}':<5} {item.difficulty.value:<8} "
                  f"{item.pattern.value:<9} {item.clues:>3} givens  seed {item.seed}{flags}",
                  flush=True)
    by_file: dict[str, list[Puzzle]] = {name: [] for name in LIBRARY}
    entries = []
    for (name, ident), item in zip(where, made):
        metadata = {"id": ident, **{k: v for k, v in item.puzzle.metadata.items() if k != "id"}}
        puzzle = Puzzle(item.puzzle.givens, metadata)
        by_file[name].append(puzzle)
        entries.append(booklet.Entry(puzzle, ident, item.solution))
    for old in PACKAGE_DIR.glob("*.txt"):
        if old.name not in LIBRARY:
            old.unlink()
    for name, puzzles in by_file.items():
        text = file_text(name, LIBRARY[name][0], puzzles)
        # what goes out must read back as what was made
        assert [p.givens.tolist() for p in parse_puzzles(text, name)] == [
            p.givens.tolist() for p in puzzles
        ]
        write_text_atomic(PACKAGE_DIR / name, text)
    write_text_atomic(BOOKLET, booklet.booklet(entries, "Numbrix: the bundled puzzles"))
    print(f"wrote {len(made)} puzzles in {len(by_file)} files and {BOOKLET.relative_to(ROOT)} "
          f"in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
