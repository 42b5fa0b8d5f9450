"""`numbrix solve` (with `--steps`), `check` and `grade`: each puzzle of a file solved in
turn, and what is printed for it."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, TextIO

from numbrix_curses.cli.common import PUZZLE_FILE_HELP, one_line, written_id
from numbrix_curses.cli.options import add_jobs_option, add_puzzle_file_options
from numbrix_curses.cli.progress import SearchTicker
from numbrix_curses.cli.verdicts import json_line, no_solution_reason, solve_each, status_reason
from numbrix_curses.verdict import OUT_OF_TIME, Status

if TYPE_CHECKING:  # the model pulls in numpy; --version and --help do not need it
    from numbrix_curses.pairslips import NumberPair, Retyped
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.rowslips import RowSlip
    from numbrix_curses.slips import Correction, Suspect, Suspects
    from numbrix_curses.solver import SolveResult

#: how long `check --suspects` looks for the given copied wrong when no --timeout is given
SUSPECTS_SECONDS = 60.0


def _block_header(out: TextIO, puzzle: Puzzle, label: str, status: Status,
                  result: SolveResult, first: bool, timeout: float | None) -> None:
    """The lines a puzzle's block of text output starts with: a blank line parting it from
    the block before, then its id (one that reads back: see `written_id`) and its status
    (and why there is no solution, when the solver says)."""
    if not first:
        print(file=out)
    print(f"# id: {written_id(one_line(label), puzzle.id is None)}", file=out)
    print(f"# status: {status}", file=out)
    reason = status_reason(status, result, timeout)
    if reason:
        print(f"# reason: {reason}", file=out)


def _run_solve(args: argparse.Namespace) -> int:
    out = sys.stdout
    first = True

    def report(puzzle: Puzzle, label: str, status: Status, result: SolveResult) -> None:
        nonlocal first
        if args.json:
            print(json_line(puzzle, label, status, result), file=out)
            return
        _block_header(out, puzzle, label, status, result, first, args.timeout)
        first = False
        _write_solutions(out, puzzle, status, result)

    return solve_each(args, report)


def _write_solutions(out: TextIO, puzzle: Puzzle, status: Status, result: SolveResult) -> None:
    """The solved grid, and for a puzzle with several solutions a second one under it."""
    from numbrix_curses.textformat import format_compact

    if result.solution is not None:
        out.write(format_compact(puzzle, result.solution, metadata={}))
    if status is Status.MULTIPLE and result.other_solution is not None:
        print(file=out)
        print("# other solution:", file=out)
        out.write(format_compact(puzzle, result.other_solution, metadata={}))


def _check_line(label: str, status: Status, result: SolveResult, timeout: float | None,
                suspects: Suspects | None = None, differences: bool = False) -> str:
    """`check`'s line for a puzzle: its id and status, and why there is no solution when the
    solver says (the slip in a puzzle copied from a page is then found at once), or how long
    a search that timed out ran; with `suspects`, the givens without which it has one; with
    `differences`, where two solutions of a puzzle with several differ."""
    said = [status_reason(status, result, timeout)]
    if differences and status is Status.MULTIPLE:
        # (only when asked: which two solutions a search meets first varies with --jobs and
        # from run to run, and check's plain lines are the same every time)
        said.append(_where_they_differ(result))
    if suspects is not None:
        said.append(suspects.text())
    reason = "; ".join(filter(None, said))
    return f"{one_line(label)}: {status} ({reason})" if reason else f"{one_line(label)}: {status}"


#: how many of the cells where two solutions differ a check line names
DIFFERENCES_SHOWN = 6


def _differing_cells(result: SolveResult) -> list[tuple[int, int]]:
    """The cells (row, column) where the two solutions found differ, row by row (none when
    there are not two)."""
    first, other = result.solution, result.other_solution
    if first is None or other is None:
        return []
    rows, cols = (first != other).nonzero()
    return [(int(r), int(c)) for r, c in zip(rows, cols)]


def _where_they_differ(result: SolveResult) -> str:
    """Where the two solutions found differ, for a check line: on a puzzle copied from a
    page with a given left out, that given stood in one of these cells."""
    from numbrix_curses.puzzle import cell_name

    names = [cell_name(r, c) for r, c in _differing_cells(result)]
    if not names:
        return ""
    # (no colon: a line reads "ID: status (...)", and scripts split it at the colon)
    if len(names) > DIFFERENCES_SHOWN:
        shown = ", ".join(names[:DIFFERENCES_SHOWN])
        return f"two solutions differ in {len(names)} cells, among them {shown}"
    return f"two solutions differ at {', '.join(names[:-1])} and {names[-1]}"


def _cell_record(row: int, col: int) -> dict:
    """A cell in `check --suspects --json`: its name and its row and column from 0."""
    from numbrix_curses.puzzle import cell_name

    return {"cell": cell_name(row, col), "row": row, "col": col}


def _suspects_record(puzzle: Puzzle, suspects: Suspects) -> dict:
    """`check --suspects --json`'s keys for a puzzle with no solution."""

    def given(suspect: Suspect) -> dict:
        return {"number": suspect.number, **_cell_record(suspect.row, suspect.col)}

    def row_slip(slip: RowSlip) -> dict:
        # (the givens as typed, as `suspects` names them: where a reader marks the slip)
        cells = [(r, int(c)) for r in slip.rows for c in puzzle.givens[r].nonzero()[0]]
        return {
            "kind": "swapped" if slip.swapped else "shifted",
            "rows": list(slip.rows),
            "move": slip.move,
            "givens": [{"number": int(puzzle.givens[r, c]), **_cell_record(r, c)}
                       for r, c in cells],
        }

    from numbrix_curses.slips import FixKind

    def correction(fix: Correction) -> dict:
        record = {"kind": fix.kind.value, "given": given(fix.suspect)}
        other = fix.other
        if fix.kind is FixKind.NUMBER:
            record["number"] = other.number
        elif fix.kind is FixKind.MOVED:
            record["to"] = _cell_record(other.row, other.col)
        elif fix.kind is FixKind.ELSEWHERE:
            record["number"] = other.number
            record["to"] = _cell_record(other.row, other.col)
        else:
            record["with"] = given(other)
        return record

    def number_pair(pair: NumberPair) -> dict:
        first, second = pair.first, pair.second
        return {"kind": "numbers", "given": retyped(first), "number": first.number,
                "also": {"given": retyped(second), "number": second.number}}

    def retyped(slip: Retyped) -> dict:
        return {"number": slip.typed, **_cell_record(slip.row, slip.col)}

    return {
        "suspects": [given(s) for s in suspects.found],
        "swaps": [[given(a), given(b)] for a, b in suspects.swaps],
        "row_slips": [row_slip(r) for r in suspects.rows],
        "suspects_complete": suspects.complete,
        "corrections": ([correction(fix) for fix in suspects.corrections]
                        + [number_pair(pair) for pair in suspects.number_pairs]),
        "corrections_complete": suspects.corrections_complete,
    }


def check_command(args: argparse.Namespace) -> int:
    out = sys.stdout
    not_unique = 0

    def report(puzzle: Puzzle, label: str, status: Status, result: SolveResult) -> None:
        nonlocal not_unique
        not_unique += status in (Status.NONE, Status.MULTIPLE)
        suspects = None
        if args.suspects and status is Status.NONE:
            from numbrix_curses.slips import find_suspects

            # (a solve a given, then a pair: on a dense board with two slips that is tens
            # of thousands of solves, so it is bounded even without --timeout)
            seconds = SUSPECTS_SECONDS if args.timeout is None else args.timeout
            deadline = time.monotonic() + seconds
            with SearchTicker(label):
                suspects = find_suspects(puzzle, deadline)
        if args.json:
            extra = _suspects_record(puzzle, suspects) if suspects is not None else None
            if args.suspects and status is Status.MULTIPLE:
                # (as the text line says where they differ: a JSON reader had to compare
                # the two grids itself)
                extra = {"differences": [_cell_record(r, c) for r, c in _differing_cells(result)]}
            print(json_line(puzzle, label, status, result, extra), file=out)
        else:
            print(_check_line(label, status, result, args.timeout, suspects, args.suspects),
                  file=out)

    code = solve_each(args, report)
    if not_unique and not args.suspects and sys.stderr.isatty():
        # (a person at a terminal, with a puzzle copied wrong: where to look is one flag away;
        # scripts read stdout and the exit code, and get nothing more)
        print("numbrix check: --suspects says where to look for a slip in copying (a given"
              " copied wrong, or left out)", file=sys.stderr)
    return code


CHECK_EXAMPLES = f"""\
examples:
  numbrix check week.txt               each puzzle: unique, multiple or none
  numbrix check --suspects typed.txt   and where a slip in typing it may be
  numbrix check --json week.txt extra.txt

{PUZZLE_FILE_HELP}"""

SOLVE_EXAMPLES = f"""\
examples:
  numbrix solve week.txt               each puzzle's solution under its id
  numbrix solve --steps week.txt       each step and why (C4: column C, row 4)
  numbrix generate --format compact | numbrix solve -

{PUZZLE_FILE_HELP}"""

GRADE_EXAMPLES = f"""\
examples:
  numbrix grade week.txt               its grade and the techniques it takes
  numbrix grade --json week.txt extra.txt
  numbrix generate -n 5 --format compact | numbrix grade -

{PUZZLE_FILE_HELP}"""


def configure_check(parser: argparse.ArgumentParser) -> None:
    add_solving_options(parser)
    parser.add_argument(
        "--suspects",
        action="store_true",
        help="for a puzzle with no solution, name the givens without which it has one, or "
        "else two givens that swapped give one, and a row typed a column off or two rows "
        "swapped that put back give exactly one (a slip in copying it is most likely there), "
        "with the fixes that give exactly one: another number in a given's cell, the given "
        "in another cell (as typed, or with its digits turned round), or two givens swapped; "
        "or, where no one change gives one, two givens each typed as another number (this "
        "takes up to --timeout again, or 60 s); for one with several, say where two of "
        "them differ (a given left out in copying stood there)",
    )


def add_solving_options(parser: argparse.ArgumentParser) -> None:
    """Options of the commands that solve every puzzle of a file (solve, check, grade)."""
    add_puzzle_file_options(parser)
    add_jobs_option(parser)


def configure_solve(parser: argparse.ArgumentParser) -> None:
    add_solving_options(parser)
    parser.add_argument(
        "--steps",
        action="store_true",
        help="print every logical step with its reason before the solution "
        '(with --json: "difficulty" and "steps", rows and columns counted from 0)',
    )


def solve_command(args: argparse.Namespace) -> int:
    return _run_solve_steps(args) if getattr(args, "steps", False) else _run_solve(args)


def _technique_counts(grade) -> dict[str, int]:
    """{technique name: count} in the techniques' own order (easiest first)."""
    from numbrix_curses.deduce import Technique

    return {t.value: grade.technique_counts[t] for t in Technique if t in grade.technique_counts}


def _run_solve_steps(args: argparse.Namespace) -> int:
    """`solve --steps`: the walkthrough of each unique puzzle, then its solved grid."""
    from numbrix_curses import deduce
    from numbrix_curses.textformat import format_compact

    out = sys.stdout
    first = True

    def report(puzzle: Puzzle, label: str, status: Status, result: SolveResult) -> None:
        nonlocal first
        steps = grade = None
        if status is Status.UNIQUE:
            steps = deduce.walkthrough(puzzle, result.solution)
            grade = deduce.grade_steps(steps)
        if args.json:
            record = json.loads(json_line(puzzle, label, status, result))
            record["difficulty"] = grade.difficulty.value if grade else None
            record["steps"] = None if steps is None else [
                {
                    "number": step.number,
                    "row": step.cell[0],
                    "col": step.cell[1],
                    "technique": step.technique.value,
                    "reason": step.reason,
                }
                for step in steps
            ]
            print(json.dumps(record), file=out)
            return
        _block_header(out, puzzle, label, status, result, first, args.timeout)
        first = False
        if grade is None or steps is None:
            # A timeout proves nothing about the puzzle, so it must not read as a verdict.
            why = (OUT_OF_TIME if status is Status.TIMEOUT
                   else "the puzzle does not have exactly one solution")
            print(f"# no steps: {why}", file=out)
            # (two solutions show where the puzzle is short of a given, as `solve` shows)
            _write_solutions(out, puzzle, status, result)
            return
        print(f"# difficulty: {grade.difficulty.value}", file=out)
        width = len(str(len(steps)))
        for index, step in enumerate(steps, start=1):
            print(f"# {index:>{width}}. ({step.technique.label}) {step.reason}", file=out)
        out.write(format_compact(puzzle, result.solution, metadata={}))

    return solve_each(args, report)


def grade_command(args: argparse.Namespace) -> int:
    """`grade`: each unique puzzle's difficulty and how often each technique solves it."""
    from numbrix_curses import deduce

    out = sys.stdout

    def report(puzzle: Puzzle, label: str, status: Status, result: SolveResult) -> None:
        grade = deduce.grade(puzzle, result.solution) if status is Status.UNIQUE else None
        if args.json:
            record = {
                "id": written_id(label, puzzle.id is None),
                "rows": puzzle.rows,
                "cols": puzzle.cols,
                "puzzle": puzzle.givens.tolist(),  # (read back as the puzzle, as check's)
                "status": status,
                "difficulty": grade.difficulty.value if grade else None,
                "techniques": _technique_counts(grade) if grade else None,
                "trial_depth": grade.trial_depth if grade else None,
            }
            if status is Status.NONE:
                record["reason"] = no_solution_reason(status, result) or None  # (as check's)
            print(json.dumps(record), file=out)
        elif grade is None:
            why = "; ".join(filter(None, (status_reason(status, result, args.timeout),
                                          "not graded")))
            print(f"{one_line(label)}: {status} ({why})", file=out)
        else:
            from numbrix_curses.deduce import Technique

            counts = ", ".join(
                f"{Technique(name).label} {count}"
                for name, count in _technique_counts(grade).items()
            ) or "no steps: every number is given"
            depth = f"; trial depth {grade.trial_depth}" if grade.trial_depth else ""
            print(f"{one_line(label)}: {grade.difficulty.value} ({counts}{depth})", file=out)

    return solve_each(args, report)
