"""Path generator benchmark: time to build one path and how varied the paths look.

For each board size it builds N paths from fixed seeds and prints a table row with the
median and max time per path, the restarts taken, and the mean shape statistics from
`path_shape_stats` (turn share, share of steps in straight runs longer than 4, longest
run). Each size is shown twice: as the generator hands paths out (bend/extend growth then
backbite mixing) and as the bare bend/extend growth (`mix_moves=0`). A serpentine row is
printed for comparison.

    python benchmarks/pathgen_stats.py [--count N] [--sizes 9x9,15x15,30x30] [--seed S]
"""
from __future__ import annotations

import argparse
import statistics
import time

from numbrix_curses.pathgen import path_shape_stats, random_path


def parse_size(text: str) -> tuple[int, int]:
    rows, _, cols = text.lower().partition("x")
    return int(rows), int(cols or rows)


def serpentine(rows: int, cols: int) -> list[int]:
    return [
        r * cols + (c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)
    ]


def row(label: str, times: list[float], restarts: list[int], shapes: list[dict]) -> str:
    def mean(key: str) -> float:
        return statistics.mean(s[key] for s in shapes)

    timing = (
        f"{statistics.median(times) * 1000:9.1f} {max(times) * 1000:9.1f} "
        f"{statistics.mean(restarts):6.2f} {max(restarts):4d}"
        if times
        else f"{'-':>9} {'-':>9} {'-':>6} {'-':>4}"
    )
    return (
        f"{label:<22} {timing} {mean('turn_share'):7.3f} {mean('long_run_share'):8.3f} "
        f"{mean('longest_run'):7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30, help="paths per size (default 30)")
    parser.add_argument("--sizes", default="9x9,15x15,30x30", help="comma-separated RxC")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()

    print(
        f"{'paths':<22} {'median ms':>9} {'max ms':>9} {'restr.':>6} {'max':>4} "
        f"{'turns':>7} {'long run':>8} {'longest':>7}"
    )
    for size in args.sizes.split(","):
        rows, cols = parse_size(size)
        for label, mix in (("", None), (" growth only", 0)):
            times, restarts, shapes = [], [], []
            for seed in range(args.seed, args.seed + args.count):
                started = time.perf_counter()
                result = random_path(rows, cols, seed, mix_moves=mix)
                times.append(time.perf_counter() - started)
                restarts.append(result.restarts)
                shapes.append(path_shape_stats(result.path, cols))
            print(row(f"{rows}x{cols}{label}", times, restarts, shapes))
        snake = path_shape_stats(serpentine(rows, cols), cols)
        print(row(f"{rows}x{cols} serpentine", [], [], [snake]))


if __name__ == "__main__":
    main()
