"""Time the solver of two revisions on the same boards, board by board, and check they agree.

    python benchmarks/compare.py                  # HEAD against the working tree
    python benchmarks/compare.py 0ac6259          # that commit against the working tree
    python benchmarks/compare.py A B --corpus 20x20:multiple --file benchmarks/hard/printed-slow.txt

A change to the search is judged by timing the old and the new code on the same boards in
the same run: the machine's speed drifts by half or more within minutes, so numbers from two
runs of `make bench` compare badly. Each side runs in its own long-lived process that imports
the solver of its own revision (`git archive` of the revision's `src/`, cached under
`.cache/compare/`; the working tree's own `src/` for `WORKTREE`). For every board both
sides solve it in turn, the side that goes first alternating from board to board, so drift
falls on both alike. `--repeat` takes the median of several runs a side.

Printed per board: seconds, processor seconds (the side's process and the processes it
forked and reaped), guesses and verdict of each side, and the ratio new / old; per
group (a corpus class and kind, or a file) and in all: sums and medians of seconds and of
processor seconds, timeouts and guesses.
Two sides that both answer and disagree on the verdict (unique / multiple / none), or a
solution that does not solve its puzzle, is a bug in one of them: it is printed on a line
starting with `!!!` and the exit code is 1. A timeout is never a verdict.
"""
from __future__ import annotations

import argparse
import io
import json
import statistics
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = HERE / ".cache" / "compare"
WORKTREE = "WORKTREE"
#: the boards compared when none are named: where the solver's open target is
DEFAULT_CORPUS = ["10x20:minimal,multiple", "15x15:minimal,multiple", "20x20:minimal,multiple"]
VERDICTS = ("unique", "multiple", "none")


# ------------------------------------------------------------------ the side's process
def serve(src: str) -> None:
    """(In a side's process) answer JSON requests on stdin with the solver found in `src`:
    {"text", "workers", "timeout"} -> {"seconds", "cpu", "status", "nodes", "valid"}."""
    sys.path.insert(0, src)
    import numbrix_curses

    # (an editable install that hooks imports could hand over the working tree's package
    # instead: then both sides would time the same code)
    if not Path(numbrix_curses.__file__).resolve().is_relative_to(Path(src).resolve()):
        raise SystemExit(f"compare.py: imported {numbrix_curses.__file__}, not the one in {src}")
    from numbrix_curses.solver import solve
    from numbrix_curses.textformat import parse_puzzles

    for line in sys.stdin:
        request = json.loads(line)
        (puzzle,) = parse_puzzles(request["text"])
        started, cpu_started = time.monotonic(), _cpu()
        result = solve(puzzle, limit=2, workers=request["workers"], timeout=request["timeout"])
        seconds = time.monotonic() - started
        cpu = _cpu() - cpu_started
        valid = all(puzzle.is_solution(grid) for grid in result.solutions)
        if result.status.value == "multiple":
            first, second = result.solutions[:2]
            valid = valid and bool((first != second).any())
        answer = {
            "seconds": seconds,
            "cpu": cpu,
            "status": result.status.value,
            "nodes": result.stats.nodes,
            "valid": valid,
        }
        print(json.dumps(answer), flush=True)


def _cpu() -> float:
    """This process's processor time and that of the children it has reaped (the processes
    a shared search forks; a scout that lives on is not counted until it ends)."""
    try:
        import resource
    except ImportError:  # (Windows: no reaped children to count, this process alone)
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class Side:
    """One revision's solver, in a process of its own."""

    name: str
    src: Path
    process: subprocess.Popen = field(init=False)

    def __post_init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(self.src)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def solve(self, text: str, workers: int, timeout: float) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"text": text, "workers": workers, "timeout": timeout}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the solver of {self.name} ended (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def source_of(revision: str) -> Path:
    """The folder holding `revision`'s package: the working tree's own `src/` for WORKTREE, a
    folder that holds a `numbrix_curses` package as it is, else a git revision's `src/` as
    `git archive` gives it (kept in the cache, by commit)."""
    if revision == WORKTREE:
        return ROOT / "src"
    if (Path(revision) / "numbrix_curses").is_dir():
        return Path(revision)
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{revision}^{{commit}}"],
        cwd=ROOT, capture_output=True, text=True,
    )
    if commit.returncode != 0:
        raise SystemExit(f"compare.py: {revision!r} is not a revision of this repository")
    sha = commit.stdout.strip()
    target = CACHE / sha
    if not (target / "src").is_dir():
        archive = subprocess.run(
            ["git", "archive", "--format=tar", sha, "src"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        CACHE.mkdir(parents=True, exist_ok=True)
        # (a folder of its own: two comparisons started together unpack the same commit)
        partial = Path(tempfile.mkdtemp(prefix=f"{sha}.", suffix=".partial", dir=CACHE))
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            # (the "data" filter, where this Python has it, refuses links and paths out of
            # the folder; git archive of our own commit makes none)
            if hasattr(tarfile, "data_filter"):
                tar.extractall(partial, filter="data")
            else:
                tar.extractall(partial)
        try:
            partial.rename(target)  # (whole or not at all: a half-made copy is never used)
        except OSError:
            if not (target / "src").is_dir():
                raise
            shutil.rmtree(partial)  # another comparison made the same copy first
    return target / "src"


# ------------------------------------------------------------------ the boards
@dataclass
class Board:
    label: str
    group: str
    text: str


def corpus_boards(spec: str) -> list[Board]:
    """Boards of the timed corpus: CLASS[:KIND,KIND...[:N]], the first N of each kind."""
    sys.path.insert(0, str(HERE))
    import corpus  # (the corpus files' names and reader)
    from numbrix_curses.textformat import format_compact

    name, _, rest = spec.partition(":")
    kinds_text, _, count = rest.partition(":")
    kinds = kinds_text.split(",") if kinds_text else None
    boards_file, _ = corpus.class_files(HERE / "corpus", name)
    if not boards_file.exists():
        raise SystemExit(f"compare.py: no corpus class {name!r} ({boards_file} is missing)")
    puzzles, _ = corpus.load_class(HERE / "corpus", name)
    chosen: list[Board] = []
    per_kind: dict[str, int] = defaultdict(int)
    for puzzle in puzzles.values():
        kind = puzzle.metadata.get("kind", "")
        if kinds is not None and kind not in kinds:
            continue
        per_kind[kind] += 1
        if count and per_kind[kind] > int(count):
            continue
        chosen.append(Board(puzzle.id or "", f"{name} {kind}", format_compact(puzzle)))
    return chosen


def file_boards(path: str) -> list[Board]:
    from numbrix_curses.textformat import format_compact, read_puzzles

    puzzles = read_puzzles(path)
    return [
        Board(p.id or f"{Path(path).name}#{k}", Path(path).name, format_compact(p))
        for k, p in enumerate(puzzles, 1)
    ]


# ------------------------------------------------------------------ comparing
@dataclass
class Outcome:
    seconds: float
    status: str
    nodes: int
    cpu: float


def run_side(side: Side, board: Board, args: argparse.Namespace, problems: list[str]) -> Outcome:
    runs = [side.solve(board.text, args.workers, args.timeout) for _ in range(args.repeat)]
    for run in runs:
        if not run["valid"]:
            problems.append(f"{board.label}: {side.name} gave a solution that does not solve it")
    statuses = {run["status"] for run in runs} - {"timeout"}
    if len(statuses) > 1:
        problems.append(f"{board.label}: {side.name} said {' and '.join(sorted(statuses))}")
    status = statuses.pop() if statuses else "timeout"
    return Outcome(
        statistics.median(run["seconds"] for run in runs), status, runs[0]["nodes"],
        statistics.median(run["cpu"] for run in runs),
    )


def seconds_text(value: float) -> str:
    return f"{value * 1000:.1f}ms" if value < 0.1 else f"{value:.2f}s"


def summary_line(label: str, pairs: list[tuple[Outcome, Outcome]]) -> str:
    old = [a for a, _ in pairs]
    new = [b for _, b in pairs]

    def part(outcomes: list[Outcome]) -> str:
        total = sum(o.seconds for o in outcomes)
        median = statistics.median(o.seconds for o in outcomes)
        cpu = sum(o.cpu for o in outcomes)
        cpu_median = statistics.median(o.cpu for o in outcomes)
        timeouts = sum(o.status == "timeout" for o in outcomes)
        guesses = sum(o.nodes for o in outcomes)
        return (
            f"sum {seconds_text(total):>8} median {seconds_text(median):>8} "
            f"(cpu {seconds_text(cpu):>8} {seconds_text(cpu_median):>8}) "
            f"t/o {timeouts:2d} guesses {guesses:6d}"
        )

    old_median = statistics.median(o.seconds for o in old)
    ratio = statistics.median(o.seconds for o in new) / old_median if old_median else float("nan")
    return f"{label:22s} n={len(pairs):3d} | old {part(old)} | new {part(new)} | median new/old {ratio:.2f}"


def compare(args: argparse.Namespace, out: TextIO) -> int:
    boards: list[Board] = []
    for spec in args.corpus or ([] if args.file else DEFAULT_CORPUS):
        boards.extend(corpus_boards(spec))
    for path in args.file or []:
        boards.extend(file_boards(path))
    if not boards:
        raise SystemExit("compare.py: no boards chosen")
    old = Side(f"old ({args.old})", source_of(args.old))
    new = Side(f"new ({args.new})", source_of(args.new))
    print(
        f"old = {args.old}, new = {args.new}; {len(boards)} boards, {args.workers} process(es) "
        f"a side, {args.timeout:g} s each, median of {args.repeat}",
        file=out,
    )
    problems: list[str] = []
    by_group: dict[str, list[tuple[Outcome, Outcome]]] = defaultdict(list)
    try:
        for k, board in enumerate(boards):
            # the side that goes first alternates, so drift in the machine's speed and
            # anything one run leaves behind for the next fall on both alike
            if k % 2 == 0:
                a = run_side(old, board, args, problems)
                b = run_side(new, board, args, problems)
            else:
                b = run_side(new, board, args, problems)
                a = run_side(old, board, args, problems)
            if a.status in VERDICTS and b.status in VERDICTS and a.status != b.status:
                problems.append(f"{board.label}: old says {a.status}, new says {b.status}")
            by_group[board.group].append((a, b))
            ratio = b.seconds / a.seconds if a.seconds else float("nan")
            print(
                f"{board.label:34s} old {seconds_text(a.seconds):>8} cpu {seconds_text(a.cpu):>8}"
                f" {a.nodes:5d} {a.status:8s}  new {seconds_text(b.seconds):>8} cpu"
                f" {seconds_text(b.cpu):>8} {b.nodes:5d} {b.status:8s}  {ratio:5.2f}",
                file=out,
                flush=True,
            )
    finally:
        old.close()
        new.close()
    print(file=out)
    for group, pairs in by_group.items():
        print(summary_line(group, pairs), file=out)
    print(summary_line("all", [p for pairs in by_group.values() for p in pairs]), file=out)
    for problem in problems:
        print(f"!!! {problem}", file=out)
        print(f"!!! {problem}", file=sys.stderr)
    return 1 if problems else 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Time two revisions' solvers on the same boards, alternating board by board."
    )
    parser.add_argument(
        "old", nargs="?", default="HEAD",
        help="a git revision, or a folder holding a numbrix_curses package (default HEAD)",
    )
    parser.add_argument(
        "new", nargs="?", default=WORKTREE,
        help=f"as OLD, or {WORKTREE} for the uncommitted code (the default)",
    )
    parser.add_argument(
        "--corpus", action="append", metavar="CLASS[:KINDS[:N]]",
        help="corpus boards, e.g. 20x20:minimal,multiple:8 (repeatable; default: "
        + " ".join(DEFAULT_CORPUS) + " unless --file is given)",
    )
    parser.add_argument("--file", action="append", help="every puzzle of a file (repeatable)")
    parser.add_argument("--workers", type=int, default=1, help="processes a side (default 1)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a board (default 30)")
    parser.add_argument("--repeat", type=int, default=1, help="runs a side a board (median)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.repeat < 1 or not args.timeout > 0:
        parser.error("--workers and --repeat take at least 1, --timeout a positive number")
    return args


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:
        serve(argv[1])
        return 0
    return compare(parse_args(argv), sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
