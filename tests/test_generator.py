"""The puzzle generator: every puzzle unique, seeds reproducible, patterns kept, and the
`numbrix generate` command (formats, files, jobs, bad arguments)."""
from __future__ import annotations

import json
import os
import re
import signal
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import count_matching
from numbrix_curses import generator, puzzlepool, removal
from numbrix_curses.cli import main
from numbrix_curses.deduce import grade
from numbrix_curses.generator import (
    Difficulty,
    Pattern,
    Spec,
    generate,
    puzzle_seed,
    symmetry_groups,
)
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.puzzlepool import generate_many
from numbrix_curses.solver import SolveResult, Status, solve
from numbrix_curses.textformat import format_compact, parse_puzzles


def assert_proper(made: generator.Generated) -> None:
    """Unique by the solver, the solution is the generator's, and it keeps every given."""
    result = solve(made.puzzle, limit=2)
    assert result.status is Status.UNIQUE
    assert np.array_equal(result.solution, made.solution)
    assert made.puzzle.is_solution(made.solution)
    givens = made.puzzle.givens
    assert np.array_equal(givens[givens != 0], made.solution[givens != 0])


# --- the generator -----------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    seed=st.integers(0, 10**9),
    pattern=st.sampled_from(list(Pattern)),
    difficulty=st.sampled_from([None, *Difficulty]),
)
def test_every_puzzle_is_unique_and_keeps_its_solution(rows, cols, seed, pattern, difficulty):
    made = generate(Spec(rows, cols, difficulty=difficulty, pattern=pattern), seed)
    assert_proper(made)
    if rows * cols <= 25:
        # unique by a count of every path too, not by the word of the solver that made it
        assert count_matching(made.puzzle) == 1, made.puzzle.givens.tolist()
    assert (made.puzzle.rows, made.puzzle.cols) == (rows, cols)
    meta = made.puzzle.metadata
    assert meta["seed"] == str(seed)
    assert meta.get("pattern", "random") == pattern.value
    assert ("pattern" in meta) == (pattern is not Pattern.RANDOM)
    assert meta["difficulty"] == made.difficulty.value


@pytest.mark.parametrize("rows, cols", [(7, 7), (6, 9)])
def test_medium_sized_boards_are_unique(rows, cols):
    assert_proper(generate(Spec(rows, cols), 11))


def test_same_seed_same_puzzle_other_seeds_differ():
    spec = Spec(6, 6, difficulty="medium")
    first = generate(spec, 42)
    again = generate(spec, 42)
    assert np.array_equal(first.puzzle.givens, again.puzzle.givens)
    assert first.puzzle.metadata == again.puzzle.metadata
    others = {generate(spec, seed).puzzle.givens.tobytes() for seed in range(4)}
    assert len(others) > 1


@pytest.mark.parametrize("rows, cols", [(6, 6), (5, 5), (5, 7), (4, 6)])
@pytest.mark.parametrize("seed", range(3))
def test_symmetric_pattern_is_symmetric(rows, cols, seed):
    made = generate(Spec(rows, cols, difficulty=None, pattern="symmetric"), seed)
    assert_proper(made)
    symmetry = made.puzzle.metadata["symmetry"]
    given_at = made.puzzle.givens != 0
    assert np.array_equal(given_at, np.rot90(given_at, 2))
    if symmetry == "rotate-90":
        assert rows == cols
        assert np.array_equal(given_at, np.rot90(given_at, 1))
    else:
        assert symmetry == "rotate-180"


def test_square_boards_get_both_symmetries():
    seen = {
        generate(Spec(5, 5, difficulty=None, pattern="symmetric"), seed).symmetry
        for seed in range(12)
    }
    assert seen == {"rotate-90", "rotate-180"}


def test_symmetry_groups_split_the_board_into_orbits():
    for rows, cols, symmetry in [(5, 5, "rotate-90"), (4, 4, "rotate-90"), (3, 6, "rotate-180")]:
        groups = symmetry_groups(rows, cols, symmetry)
        cells = sorted(cell for group in groups for cell in group)
        assert cells == list(range(rows * cols))
    assert sorted(map(len, symmetry_groups(5, 5, "rotate-90"))) == [1] + [4] * 6
    with pytest.raises(ValueError):
        symmetry_groups(3, 4, "rotate-90")


def _ring(rows: int, cols: int) -> np.ndarray:
    ring = np.zeros((rows, cols), dtype=bool)
    ring[0, :] = ring[-1, :] = ring[:, 0] = ring[:, -1] = True
    return ring


@pytest.mark.parametrize("size,seed", [(6, 0), (6, 1), (9, 0), (12, 0)])
def test_border_pattern_keeps_givens_on_the_ring_or_says_so(size, seed):
    made = generate(Spec(size, size, difficulty=None, pattern="border"), seed)
    assert_proper(made)
    inside = int(np.count_nonzero((made.puzzle.givens != 0) & ~_ring(size, size)))
    if inside:
        assert made.notes and "border" in made.notes[0]
    else:
        assert not made.notes
    # the puzzle itself says how many givens are off the ring, in every format
    assert made.puzzle.metadata.get("inside", "0") == str(inside)
    assert made.record()["inside"] == inside
    back = parse_puzzles(format_compact(made.puzzle))[0]
    assert back.metadata.get("inside", "0") == str(inside)


@pytest.mark.parametrize("size", [8, 9])
def test_border_puzzles_of_newspaper_sizes_need_no_inside_givens(size):
    # enough paths are tried to find one whose ring alone settles it (most 10x10 ones too)
    for seed in range(3):
        made = generate(Spec(size, size, difficulty=None, pattern="border"), seed)
        assert not np.any((made.puzzle.givens != 0) & ~_ring(size, size)), (size, seed)
        assert not made.notes and "inside" not in made.puzzle.metadata


def test_clue_target_is_met_when_reachable():
    made = generate(Spec(6, 6, difficulty=None, clues=14), 5)
    assert_proper(made)
    assert made.clues == 14
    assert made.on_target


def test_a_clue_target_alone_makes_puzzles_a_person_can_follow():
    """Without a difficulty, no grade was asked of a removal, and `--clues 10` on 9x9
    boards made puzzles with a step only a search shows (seven in ten), which the README
    says `generate` never makes."""
    from numbrix_curses.deduce import grade
    from numbrix_curses.deduce.trial import TRIAL_MAX_DEPTH

    for seed in (11, 12, 13):
        made = generate(Spec(9, 9, difficulty=None, clues=10), seed)
        assert_proper(made)
        assert grade(made.puzzle, made.solution).trial_depth <= TRIAL_MAX_DEPTH, seed


def test_a_clue_target_out_of_reach_takes_one_path_not_all():
    """A target far under what a removal leaves (every given left needed) is missed by
    every path alike: one is made, not all eight, and it is said to miss."""
    made = generate(Spec(7, 7, difficulty=None, clues=1), 4)
    assert_proper(made)
    assert made.stats.attempts == 1 and not made.on_target and made.clues > 1
    # within reach of other paths, they are still tried for it
    near = generate(Spec(7, 7, difficulty=None, clues=made.clues - 1), 4)
    assert near.stats.attempts > 1 or near.on_target



def test_a_symmetric_removal_that_stalls_leaves_the_target_to_other_paths():
    """Givens go four at a time under a quarter turn, and one path stalled at 24 givens
    where another makes the 12 asked for; the target was given up after that path."""
    made = generate(Spec(9, 9, difficulty=None, pattern="symmetric", clues=12), 1445641190)
    assert_proper(made)
    assert made.on_target and made.clues == 12


def test_difficulty_label_is_what_the_grader_says():
    from numbrix_curses import deduce

    for difficulty in Difficulty:
        made = generate(Spec(6, 6, difficulty=difficulty), 3)
        graded = deduce.grade(made.puzzle, made.solution).difficulty.value
        assert made.puzzle.metadata["difficulty"] == graded
        if made.on_target:
            assert graded == difficulty.value


def test_a_check_that_runs_out_of_time_keeps_the_given(monkeypatch):
    """A timed-out uniqueness check must count as "not unique": nothing gets removed."""
    monkeypatch.setattr(removal, "solve", lambda *a, **k: SolveResult(Status.TIMEOUT))
    made = generate(Spec(5, 5, difficulty=None), 1)
    assert made.clues == 25
    assert made.stats.cut_off > 0
    assert np.array_equal(made.puzzle.givens, made.solution)


def test_the_guess_cap_cuts_checks_off_without_losing_uniqueness():
    capped = generate(Spec(7, 7, difficulty=None, check_nodes=1), 2)
    assert_proper(capped)
    assert capped.stats.cut_off > 0


def test_puzzle_seeds_start_at_the_master_and_do_not_depend_on_the_count():
    assert puzzle_seed(1234, 0) == 1234
    seeds = [puzzle_seed(1234, k) for k in range(50)]
    assert len(set(seeds)) == 50
    assert all(0 <= s < generator.SEED_LIMIT for s in seeds)
    # Pinned: a booklet's "seed: S" header (and --seed S) remakes its puzzles only while
    # the hash stays the same from release to release.
    assert [puzzle_seed(1234, 1), puzzle_seed(1234, 7)] == [4392967713, 4586682316]


def test_jobs_give_the_same_puzzles_in_the_same_order():
    spec = Spec(5, 5, difficulty="medium")
    one = [g.puzzle.givens.tolist() for g in generate_many(spec, 4, 99, jobs=1)]
    two = [g.puzzle.givens.tolist() for g in generate_many(spec, 4, 99, jobs=2)]
    assert one == two


_PARENT = os.getpid()
_MADE_HERE = generator.generate


def _dies_on_the_third(spec: Spec, seed: int):
    """`generate`, but a worker process given the third puzzle's seed dies, as one killed
    from outside or by the system short of memory."""
    if os.getpid() != _PARENT and seed == puzzle_seed(99, 2):
        os._exit(9)
    return _MADE_HERE(spec, seed)


def test_a_worker_that_dies_leaves_the_rest_to_this_process(monkeypatch):
    """The pool broke, and `generate -j 2` ended with an internal error: the puzzles
    finished were not written."""
    spec = Spec(5, 5, difficulty="medium")
    one = [g.puzzle.givens.tolist() for g in generate_many(spec, 5, 99, jobs=1)]
    monkeypatch.setattr(puzzlepool, "generate", _dies_on_the_third)
    lost: list[int] = []
    two = [g.puzzle.givens.tolist()
           for g in generate_many(spec, 5, 99, jobs=2, on_lost_worker=lost.append)]
    # the same puzzles, those the pool had not finished as it broke made here (the pool
    # fails every puzzle it holds at once: the first two may not be done yet)
    assert two == one
    assert len(lost) == 1 and lost[0] <= 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_caller_is_told_when_no_more_processes_will_be_forked(jobs: int):
    """A thread may write to the terminal only then (the progress line's clock): a fork
    while it held standard error's lock would leave the child that lock held."""
    import multiprocessing

    told: list[int] = []
    made = generate_many(Spec(4, 4), 3, 5, jobs=jobs,
                         on_forked=lambda: told.append(len(multiprocessing.active_children())))
    first = next(made)
    # told once, before the first puzzle, with every worker already started
    assert told == [0 if jobs == 1 else 2] and first.puzzle.size == 16
    assert len(list(made)) == 2 and len(told) == 1


def test_bad_specs_are_refused():
    with pytest.raises(ValueError):
        Spec(0, 5)
    with pytest.raises(ValueError):
        Spec(31, 5)
    with pytest.raises(ValueError):
        Spec(5, 5, pattern="diagonal")
    with pytest.raises(ValueError):
        Spec(5, 5, difficulty="impossible")
    with pytest.raises(ValueError):
        Spec(5, 5, clues=26)


def test_generate_puzzle_is_what_the_app_calls():
    puzzle = generator.generate_puzzle(5, 5, "easy", 3)
    assert puzzle.metadata["id"] == f"5x5-{puzzle.metadata['difficulty']}-3"
    assert solve(puzzle, limit=2).status is Status.UNIQUE


# --- the command --------------------------------------------------------------------------


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """`numbrix generate ARGS` in this process, in one process (unless ARGS say otherwise):
    a pool would fork the test run, and the workers would not see what a test patched."""
    if not {"--jobs", "-j"} & set(args):
        args = (*args, "--jobs", "1")
    code = main(["generate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--size", "0"], "--size"),
        (["--size", "31"], "--size"),
        (["--rows", "5"], "--rows needs --cols"),
        (["--cols", "5"], "--cols needs --rows"),
        (["--size", "5", "--rows", "5", "--cols", "5"], "not both"),
        (["--count", "0"], "--count"),
        (["--pattern", "spiral"], "--pattern"),
        (["--difficulty", "brutal"], "--difficulty"),
        (["--size", "5", "--clues", "26"], "--clues 26 is more than the board's 25 cells"),
        (["--size", "1", "--clues", "2"], "--clues 2 is more than the board's 1 cell\n"),
        # targets no puzzle of the pattern can meet (they were searched for, then missed)
        (["--size", "9", "--pattern", "border", "--clues", "33"],
         "--clues 33 cannot be met: the border pattern's givens lie on the ring, and the 9x9 "
         "board's ring has 32 cells\n"),
        (["--size", "8", "--pattern", "symmetric", "--clues", "21"],
         "--clues 21 cannot be met: the symmetric pattern's givens come in pairs on the 8x8 "
         "board (it has no centre cell): ask for 20 or 22\n"),
        (["--size", "4x5", "--pattern", "symmetric", "--clues", "1"], "ask for 2\n"),
        (["--size", "5", "--clues", "0"], "--clues: must be at least 1, got 0"),
        (["--size", "1", "--clues", "0"], "--clues: must be at least 1, got 0"),
        (["--jobs", "0"], "--jobs"),
        (["--seed", "-1"], "--seed"),
        # (the id and seed lines of its puzzles held every digit: past 2,000 characters,
        # no command read them back)
        (["--size", "3", "--seed", "9" * 1995],
         "--seed: at most 1,000 digits (the puzzles' ids hold it, and must read back), got a "
         "number of 1,995 digits"),
        (["--count", "9" * 5000], "--count: too large: a number of 5,000 digits"),
        (["--jobs", "9" * 20], "--jobs: must be from 1 to 64, got a number of 20 digits"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, args, needle):
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err


def test_the_longest_seed_taken_gives_puzzles_that_read_back(capsys):
    seed = "9" * 1000
    for form in ("compact", "json"):
        code, out, _ = run_cli(capsys, "--size", "30x29", "--pattern", "symmetric",
                               "--difficulty", "fiendish", "--clues", "870", "--seed", seed,
                               "--format", form)
        assert code == 0
        read = parse_puzzles(out)  # (JSON too)
        assert read[0].metadata["seed"] == seed and read[0].id.endswith(seed)


def test_runs_appended_to_one_file_read_as_their_puzzles(capsys, tmp_path):
    """`generate --format compact >> week.txt` once per size ran the second run's header
    into the first run's last grid, and the file was refused."""
    from numbrix_curses.textformat import read_puzzles

    week = tmp_path / "week.txt"
    for size, seed in (("5", "1"), ("6x4", "2")):
        code, out, _ = run_cli(capsys, "--size", size, "-n", "2", "--seed", seed,
                               "--format", "compact")
        assert code == 0 and out.endswith("\n\n")
        with week.open("a") as appended:
            appended.write(out)
    assert [p.givens.shape for p in read_puzzles(str(week))] == [(5, 5)] * 2 + [(6, 4)] * 2


def test_json_lines_have_the_documented_keys(capsys):
    code, out, err = run_cli(capsys, "--size", "5", "--count", "3", "--seed", "7", "--format", "json")
    assert code == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 3
    for record in records:
        assert set(record) == {
            "id", "seed", "rows", "cols", "difficulty", "pattern", "symmetry", "inside",
            "clues", "puzzle", "solution",
        }
        assert record["symmetry"] is None and record["inside"] == 0  # (random pattern)
        givens = np.array(record["puzzle"])
        assert record["clues"] == int(np.count_nonzero(givens))
        puzzle = parse_puzzles("\n".join(" ".join(map(str, row)) for row in record["puzzle"]))[0]
        result = solve(puzzle, limit=2)
        assert result.status is Status.UNIQUE
        assert result.solution.tolist() == record["solution"]
    assert records[0]["seed"] == 7


def test_same_seed_same_output_and_jobs_do_not_change_it(capsys):
    args = ["--size", "5", "--count", "4", "--seed", "3", "--format", "compact"]
    _, one, _ = run_cli(capsys, *args)
    _, again, _ = run_cli(capsys, *args)
    _, two_jobs, _ = run_cli(capsys, *args, "--jobs", "2")
    assert one == again == two_jobs
    assert len(parse_puzzles(one)) == 4


def test_text_booklet_reads_back_and_has_an_answer_key(capsys):
    code, out, _ = run_cli(capsys, "--rows", "4", "--cols", "6", "--count", "2", "--seed", "1")
    assert code == 0
    puzzles = parse_puzzles(out)
    assert [(p.rows, p.cols) for p in puzzles] == [(4, 6), (4, 6)]
    assert "Answer key" in out
    assert "\f" in out  # the key starts on a new page


def test_output_file_is_not_overwritten_without_force(capsys, tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("keep me\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "--size", "4", "--output", str(target))
    assert code == 2
    assert "already exists" in err and "--force" in err
    assert target.read_text(encoding="utf-8") == "keep me\n"
    code, out, err = run_cli(capsys, "--size", "4", "--output", str(target), "--force")
    assert code == 0 and out == ""
    assert len(parse_puzzles(target.read_text(encoding="utf-8"))) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary files left


def test_solutions_file_holds_the_answer_key(capsys, tmp_path):
    puzzles_path = tmp_path / "p.txt"
    key_path = tmp_path / "key.txt"
    code, _, _ = run_cli(
        capsys, "--size", "5", "--count", "2", "--seed", "4",
        "--output", str(puzzles_path), "--solutions", str(key_path),
    )
    assert code == 0
    text = puzzles_path.read_text(encoding="utf-8")
    assert "Answer key" not in text  # the key went to its own file
    puzzles = parse_puzzles(text)
    solutions = parse_puzzles(key_path.read_text(encoding="utf-8"))
    assert [s.id for s in solutions] == [p.id for p in puzzles]
    for puzzle, solution in zip(puzzles, solutions):
        assert solve(puzzle, limit=2).solution.tolist() == solution.givens.tolist()


@pytest.mark.parametrize("form", ["compact", "json"])
@pytest.mark.parametrize("to_file", [True, False], ids=["output-file", "streamed"])
def test_answer_key_is_written_in_the_chosen_format(capsys, tmp_path, form, to_file):
    """Before: --format compact or json still wrote a boxed-text answer key."""
    key_path = tmp_path / "key"
    output = ["--output", str(tmp_path / "p")] if to_file else []
    code, out, err = run_cli(capsys, "--size", "5", "--count", "2", "--seed", "4",
                             "--format", form, *output, "--solutions", str(key_path))
    assert (code, err) == (0, "")
    text = (tmp_path / "p").read_text(encoding="utf-8") if to_file else out
    puzzles = parse_puzzles(text)
    key = key_path.read_text(encoding="utf-8")
    assert "Answer key" not in key and "+--" not in key
    if form == "json":
        records = [json.loads(line) for line in key.splitlines()]
        assert [r["id"] for r in records] == [p.id for p in puzzles]
        grids = [r["solution"] for r in records]
    else:
        assert key.startswith(format_compact(parse_puzzles(key)[0]))  # the compact writer's
        grids = [p.givens.tolist() for p in parse_puzzles(key)]
    solutions = parse_puzzles(key)  # every command reads it back, ids and all
    assert [s.id for s in solutions] == [p.id for p in puzzles]
    for puzzle, solution, grid in zip(puzzles, solutions, grids):
        expected = solve(puzzle, limit=2).solution.tolist()
        assert solution.givens.tolist() == grid == expected


def test_same_file_for_puzzles_and_solutions_is_refused(capsys, tmp_path):
    path = str(tmp_path / "x.txt")
    code, _, err = run_cli(capsys, "--size", "4", "--output", path, "--solutions", path)
    assert code == 2 and "same file" in err


@pytest.mark.parametrize("form", ["text", "compact", "json"])
def test_output_dash_is_standard_output(capsys, tmp_path, monkeypatch, form):
    """Before: --output - wrote a file named '-'."""
    monkeypatch.chdir(tmp_path)
    args = ("--size", "4", "--count", "2", "--seed", "5", "--format", form)
    _, plain, _ = run_cli(capsys, *args)
    code, out, err = run_cli(capsys, *args, "--output", "-")
    assert (code, out, err) == (0, plain, "")
    assert len(parse_puzzles(out)) == 2
    assert list(tmp_path.iterdir()) == []


def test_solutions_dash_prints_the_key_after_writing_the_puzzles(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "--size", "5", "--count", "2", "--seed", "4",
                             "--output", "p.txt", "--solutions", "-")
    assert (code, err) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]
    puzzles = parse_puzzles((tmp_path / "p.txt").read_text(encoding="utf-8"))
    assert "Answer key" in out
    solutions = parse_puzzles(out)
    assert [s.id for s in solutions] == [p.id for p in puzzles]
    for puzzle, solution in zip(puzzles, solutions):
        assert solve(puzzle, limit=2).solution.tolist() == solution.givens.tolist()


@pytest.mark.parametrize("args, needle", [
    (["--output", "-", "--solutions", "-"], "cannot both be standard output"),
    (["--solutions", "-"], "--solutions - needs --output FILE"),
])
def test_standard_output_for_both_is_a_usage_error(capsys, tmp_path, monkeypatch, args, needle):
    monkeypatch.chdir(tmp_path)
    calls = []
    monkeypatch.setattr(puzzlepool, "generate", lambda *a: calls.append(a))  # never reached
    code, out, err = run_cli(capsys, "--size", "4", *args)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and needle in err
    assert calls == [] and list(tmp_path.iterdir()) == []


def test_progress_only_on_a_terminal(capsys, monkeypatch):
    code, _, err = run_cli(capsys, "--size", "4", "--count", "2", "--seed", "1")
    assert code == 0 and err == ""
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    code, _, err = run_cli(capsys, "--size", "4", "--count", "2", "--seed", "1")
    assert code == 0
    assert "generating 4x4" in err and "2/2" in err and "left" in err


def test_border_fallback_is_one_clear_line(capsys, monkeypatch):
    # a generator that always reports the fallback: the command must say so once
    real = generator.generate

    def with_note(spec, seed):
        made = real(spec, seed)
        made.notes.append("the border alone could not make a unique puzzle")
        return made

    monkeypatch.setattr(puzzlepool, "generate", with_note)
    code, _, err = run_cli(capsys, "--size", "4", "--count", "3", "--pattern", "border")
    assert code == 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "border alone" in lines[0] and "3 of 3" in lines[0]


def test_a_missed_target_is_one_line_naming_what_came_out(capsys):
    code, out, err = run_cli(
        capsys, "--size", "5", "--clues", "1", "--seed", "2", "--format", "compact"
    )
    assert code == 0
    puzzle = parse_puzzles(out)[0]
    assert puzzle.clue_count > 1  # one given never makes a 5x5 puzzle unique
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "missed the target (1 given)" in lines[0]
    assert f"with {puzzle.clue_count} givens" in lines[0]


# --- output files: checked before generating, written both or neither ----------------------


def _listing(folder) -> dict[str, str]:
    """Every entry of `folder` with what it holds (a symlink: where it points)."""
    return {
        p.name: (f"-> {p.readlink()}" if p.is_symlink() else p.read_text(encoding="utf-8"))
        for p in sorted(folder.iterdir())
    }


@pytest.mark.parametrize(
    "solutions, reason",
    [
        ("missing-dir/key.txt", "there is no folder missing-dir"),
        ("k" * 300 + ".txt", "File name too long"),
        ("key.txt/", "names a directory; give the name of a file to write"),
    ],
)
def test_an_answer_key_that_cannot_be_written_leaves_the_booklet_alone(
    capsys, tmp_path, monkeypatch, solutions, reason
):
    """Before: the booklet was written (with --force, the old one replaced) and only then
    did the answer key fail, leaving a booklet without its key."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.txt").write_text("old booklet\n", encoding="utf-8")
    calls = []
    monkeypatch.setattr(puzzlepool, "generate", lambda *a: calls.append(a))  # never reached
    code, out, err = run_cli(capsys, "--size", "4", "--output", "out.txt",
                             "--solutions", solutions, "--force")
    assert (code, out, err) == (2, "", f"numbrix generate: {solutions}: {reason}\n")
    assert calls == []  # refused before any puzzle was made
    assert _listing(tmp_path) == {"out.txt": "old booklet\n"}


def test_a_failure_writing_either_file_replaces_neither(capsys, tmp_path, monkeypatch):
    """A disk that fills up while the second file is written: both old files stay."""
    import errno
    import os

    from numbrix_curses import atomic

    out, key = tmp_path / "out.txt", tmp_path / "key.txt"
    out.write_text("old booklet\n", encoding="utf-8")
    key.write_text("old key\n", encoding="utf-8")
    real_stage = atomic.stage_text

    def stage(path, text, **kwargs):
        if os.fspath(path) == str(key):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_stage(path, text, **kwargs)

    monkeypatch.setattr(atomic, "stage_text", stage)
    code, _, err = run_cli(capsys, "--size", "4", "--output", str(out),
                           "--solutions", str(key), "--force")
    said = (f"numbrix generate: {key}: {os.strerror(errno.ENOSPC)}: the puzzles are written "
            "to ")
    assert code == 2 and err.startswith(said) and err.endswith(" instead\n")
    assert _listing(tmp_path) == {"key.txt": "old key\n", "out.txt": "old booklet\n"}
    # (and are not lost: both files went to the state folder, where the disk had room)
    rescued = [Path(name) for name in err[len(said):-len(" instead\n")].split(" and ")]
    assert [p.name.split("-")[0] for p in rescued] == ["out", "key"]
    assert all(p.read_text().startswith("# ") for p in rescued)


def test_an_answer_key_that_cannot_be_written_prints_no_booklet(capsys, tmp_path):
    code, out, err = run_cli(capsys, "--size", "4", "--solutions", str(tmp_path / "no" / "k"))
    assert (code, out) == (2, "") and err == (
        f"numbrix generate: {tmp_path / 'no' / 'k'}: there is no folder {tmp_path / 'no'}\n")
    # through a link to a file in a folder not there, that folder is named
    (tmp_path / "dangle.txt").symlink_to(tmp_path / "nowhere" / "x.txt")
    code, out, err = run_cli(capsys, "--size", "4", "--output", str(tmp_path / "dangle.txt"))
    assert err == (f"numbrix generate: {tmp_path / 'dangle.txt'}: there is no folder "
                   f"{tmp_path / 'nowhere'}\n")


def test_the_same_file_through_a_symlink_is_refused(capsys, tmp_path, monkeypatch):
    """Before: exit 0, and the file held only the answer key: the puzzles were lost."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g5.txt").write_text("old booklet\n", encoding="utf-8")
    (tmp_path / "g5link").symlink_to("g5.txt")
    (tmp_path / "hard").hardlink_to(tmp_path / "g5.txt")
    for other in ("g5link", "hard", "./g5.txt"):
        code, out, err = run_cli(capsys, "--size", "5", "--output", "g5.txt",
                                 "--solutions", other, "--force")
        assert (code, out) == (2, "")
        assert err == "numbrix generate: --output and --solutions name the same file\n"
    (tmp_path / "later").symlink_to("not-yet.txt")  # a link to a file not made yet
    code, _, err = run_cli(capsys, "--size", "5", "--output", "not-yet.txt",
                           "--solutions", "later")
    assert code == 2 and "name the same file" in err
    assert (tmp_path / "g5.txt").read_text(encoding="utf-8") == "old booklet\n"
    assert not (tmp_path / "not-yet.txt").exists()
    # a directory's name is said as such ("the same file" as x.txt, it was)
    code, _, err = run_cli(capsys, "--size", "5", "--output", "x.txt", "--solutions", "x.txt/")
    assert (code, err) == (2, "numbrix generate: x.txt/: names a directory; give the name of a "
                           "file to write\n")


@pytest.mark.parametrize(
    "output, message",
    [
        ("", "numbrix generate: --output '' is not a file name"),
        ("newdir/", "numbrix generate: newdir/: names a directory; give the name of a file to "
                    "write"),
    ],
)
def test_an_output_that_is_not_a_file_name_is_refused(capsys, tmp_path, monkeypatch,
                                                      output, message):
    """Before: "" was ": already exists (use --force...)", and "newdir/" wrote a file
    named newdir."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "--size", "3", "--output", output)
    assert (code, out, err) == (2, "", message + "\n")
    assert list(tmp_path.iterdir()) == []


def test_the_longest_file_name_the_file_system_takes_is_written(capsys, tmp_path):
    """Before: "File name too long", from the temporary name built from the whole name."""
    import os

    longest = os.pathconf(tmp_path, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    name = "p" * (longest - 4) + ".txt"
    code, out, err = run_cli(capsys, "--size", "3", "--seed", "1", "--format", "compact",
                             "--output", str(tmp_path / name))
    assert (code, out, err) == (0, "", "")
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left
    assert len(parse_puzzles((tmp_path / name).read_text(encoding="utf-8"))) == 1


def test_jobs_has_the_same_limit_as_solve_and_check(capsys):
    """Before: --jobs 300 started 300 processes."""
    code, out, err = run_cli(capsys, "--size", "3", "--jobs", "65")
    assert (code, out) == (2, "")
    assert err.startswith("numbrix generate: argument -j/--jobs: must be from 1 to 64, got 65")
    code, _, err = main(["check", "x", "--jobs", "65"]), None, capsys.readouterr().err
    assert code == 2 and "must be from 1 to 64, got 65" in err


@pytest.mark.parametrize("jobs", [1, 2])
def test_seeds_are_made_as_the_puzzles_are(monkeypatch, jobs):
    """Before: every seed of the run was listed before the first puzzle (a --count of ten
    million took 13 s and 430 MB before anything came out)."""
    made_seeds = []
    real = generator.puzzle_seed

    def counting(master, index):
        made_seeds.append(index)
        return real(master, index)

    monkeypatch.setattr(puzzlepool, "puzzle_seed", counting)
    puzzles = generate_many(Spec(3, 3), 10**5, 5, jobs=jobs)
    first = next(puzzles)
    assert first.puzzle.metadata["seed"] == "5"  # the first puzzle is the master seed's
    assert len(made_seeds) <= 2 * jobs + 1
    puzzles.close()


def test_a_huge_count_streams_its_first_puzzle_at_once(capsys, monkeypatch):
    """`generate --count 1000000 --format compact | head`: the first puzzle is written as
    soon as it is made, and the run ends when the reader goes away (exit 141)."""
    made_seeds = []
    real_seed = generator.puzzle_seed
    monkeypatch.setattr(puzzlepool, "puzzle_seed",
                        lambda master, index: made_seeds.append(index) or real_seed(master, index))
    written = []

    class Head:
        """Standard output piped into `head -1`: takes one write, then the pipe is gone."""

        def write(self, text: str) -> int:
            if written:
                raise BrokenPipeError(32, "Broken pipe")
            written.append(text)
            return len(text)

        def flush(self) -> None:
            pass

        def fileno(self) -> int:
            raise OSError("not a real file")

    monkeypatch.setattr("sys.stdout", Head())
    # (one process: a pool makes a few puzzles ahead, see test_seeds_are_made_as_the_puzzles_are)
    code = main(["generate", "--size", "3", "--seed", "5", "--count", "1000000",
                 "--format", "compact", "--jobs", "1"])
    assert code == 141
    assert written[0].startswith("# id: 3x3-") and "-5\n" in written[0]
    assert len(made_seeds) <= 2  # not a million seeds listed before the first puzzle


def test_plurals_in_headers_and_notes(capsys):
    """Before: "1 givens" in a 1x1 booklet's header and in the missed-target note."""
    from numbrix_curses import booklet
    from numbrix_curses.puzzle import Puzzle

    one = Puzzle(np.array([[1]]), {"id": "one"})
    assert "- 1 given - one" in booklet.booklet([booklet.Entry(one, "one")])
    code, _, err = run_cli(capsys, "--size", "3", "--clues", "1", "--seed", "3")
    assert code == 0
    assert err == ("numbrix generate: the puzzle missed the target (1 given): easy with "
                   "2 givens; its header says what it is\n")


@pytest.mark.parametrize("difficulty", [Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD])
def test_a_puzzle_keeps_only_the_givens_its_difficulty_needs(difficulty: Difficulty) -> None:
    """Below fiendish every given is tried: taking any one away leaves several solutions or
    a harder puzzle. (Stopping after four refusals left easy 9x9 puzzles with 28 givens where
    17 would do, and easy 15x15 ones with half the board given.)"""
    from numbrix_curses.deduce import grade

    order = list(Difficulty)
    for seed in (1, 2):
        made = generate(Spec(9, 9, difficulty=difficulty), seed)
        assert made.on_target and made.difficulty is difficulty
        givens = made.puzzle.givens
        for r, c in zip(*np.nonzero(givens)):
            fewer = givens.copy()
            fewer[r, c] = 0
            puzzle = Puzzle(fewer)
            if solve(puzzle).status is Status.UNIQUE:
                harder = grade(puzzle, made.solution).difficulty
                assert order.index(Difficulty(getattr(harder, "value", harder))) > order.index(
                    difficulty
                ), f"seed {seed}: the given at {(r, c)} could go and the puzzle stay {difficulty}"


def test_ids_differ_across_difficulties_and_patterns_from_one_seed():
    """Runs for several kinds with one --seed share their puzzle seeds; their puzzles may go
    in one file, where each must still be found by its id."""
    ids = {
        generate(Spec(6, 6, difficulty=difficulty, pattern=pattern), 1).puzzle.id
        for difficulty in ("easy", "hard")
        for pattern in ("random", "symmetric")
    }
    assert len(ids) == 4
    assert generate(Spec(6, 6, difficulty="easy"), 1).puzzle.id == "6x6-easy-1"
    # and a clue target: '--clues 20 --seed 5' was '9x9-fiendish-5', as '--difficulty
    # fiendish --seed 5' is, another puzzle under the same id
    assert generate(Spec(6, 6, difficulty=None, clues=14), 1).puzzle.id.endswith("-14clues-1")


def test_a_clue_target_the_border_cannot_reach_is_said(capsys):
    """The border pattern takes every given off the inside at once: '--clues 36' on a 6x6
    gave 20 givens, and nothing was said; then it was said after the search; now it is
    refused before any, the ring's 20 cells being all it may have."""
    code, out, err = run_cli(capsys, "--size", "6", "--clues", "36", "--pattern", "border",
                             "--seed", "5", "--format", "compact")
    assert (code, out) == (2, "")
    assert err == ("numbrix generate: --clues 36 cannot be met: the border pattern's givens "
                   "lie on the ring, and the 6x6 board's ring has 20 cells\n")


def test_json_puzzles_with_the_key_elsewhere_keep_their_answers_out(capsys, tmp_path,
                                                                     monkeypatch):
    """With --solutions FILE every JSON line of the puzzles still held its solution: a maker
    handing out the puzzles handed out the answers."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "--size", "5", "--count", "2", "--seed", "1", "--format",
                           "json", "--output", "p.json", "--solutions", "s.json")
    assert (code, err) == (0, "")
    puzzles = [json.loads(line) for line in (tmp_path / "p.json").read_text().splitlines()]
    assert len(puzzles) == 2 and all("solution" not in p for p in puzzles)
    keys = [json.loads(line) for line in (tmp_path / "s.json").read_text().splitlines()]
    assert [k["id"] for k in keys] == [p["id"] for p in puzzles]
    for puzzle, key in zip(puzzles, keys):
        solved = solve(parse_puzzles(json.dumps(puzzle))[0], limit=2)
        assert solved.status is Status.UNIQUE and solved.solution.tolist() == key["solution"]
    # streamed, with the key on standard output after them: the same
    code, out, _ = run_cli(capsys, "--size", "5", "--seed", "1", "--format", "json",
                           "--output", "p2.json", "--solutions", "-")
    assert code == 0 and "solution" not in (tmp_path / "p2.json").read_text()
    assert "solution" in out
    # without a key elsewhere, each line holds its answer, as ever
    code, out, _ = run_cli(capsys, "--size", "5", "--seed", "1", "--format", "json")
    assert code == 0 and "solution" in json.loads(out)


def _then_ctrl_c(made: int):
    """A `generate_many` that makes `made` puzzles in this process, then is interrupted."""
    real = puzzlepool.generate_many

    def made_then_ctrl_c(spec, count, seed, jobs=1, *args, **kwargs):
        yield from real(spec, made, seed, 1)
        raise KeyboardInterrupt

    return made_then_ctrl_c


@pytest.mark.parametrize("form", ["text", "compact"])
def test_generate_interrupted_writes_the_puzzles_it_finished(tmp_path, monkeypatch, capsys,
                                                             form):
    """Ctrl-C after minutes of work threw every finished puzzle away, with only
    "interrupted" said."""
    monkeypatch.setattr(puzzlepool, "generate_many", _then_ctrl_c(3))
    out, key = tmp_path / "out.txt", tmp_path / "key.txt"
    code = main(["generate", "--size", "5", "--count", "100", "--seed", "7", "--format", form,
                 "--output", str(out), "--solutions", str(key)])
    assert code == 130
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == (
        "numbrix generate: interrupted after 3 of 100 puzzles, which are written")
    puzzles = parse_puzzles(out.read_text(), str(out))
    assert len(puzzles) == 3
    solved = [solve(p) for p in puzzles]
    assert all(s.status is Status.UNIQUE for s in solved)
    answers = parse_puzzles(key.read_text(), str(key))
    assert [a.givens.tolist() for a in answers] == [s.solution.tolist() for s in solved]


def test_generate_interrupted_before_any_puzzle_writes_nothing(tmp_path, monkeypatch, capsys):
    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt
        yield  # (a generator, as the real one)

    monkeypatch.setattr(puzzlepool, "generate_many", ctrl_c)
    out = tmp_path / "out.txt"
    assert main(["generate", "--count", "5", "--output", str(out)]) == 130
    assert not out.exists()
    # (it said "numbrix: interrupted", where a run stopped later says what it wrote)
    assert capsys.readouterr().err.strip() == ("numbrix generate: interrupted before the first "
                                               "puzzle was made; nothing written")


def test_generate_makes_at_most_what_one_file_may_hold(tmp_path, monkeypatch, capsys):
    from numbrix_curses.cli.generating import MOST_PUZZLES
    from numbrix_curses.textformat import MAX_PUZZLES

    def never(*args, **kwargs):  # the count is refused before any work starts
        raise AssertionError("generated past the limit")
        yield

    monkeypatch.setattr(puzzlepool, "generate_many", never)
    assert MOST_PUZZLES == MAX_PUZZLES
    assert main(["generate", "--count", str(MAX_PUZZLES + 1)]) == 2  # a booklet
    assert capsys.readouterr().err.startswith(
        "numbrix generate: --count 10001 is more than the 10,000 puzzles one file may hold")
    out = tmp_path / "never-written.txt"
    assert main(["generate", "--count", str(MAX_PUZZLES + 1), "--format", "compact",
                 "--output", str(out)]) == 2
    assert not out.exists()
    capsys.readouterr()
    # an answer key is a file too (it was written, then said to be unreadable)
    assert main(["generate", "--count", str(MAX_PUZZLES + 1), "--format", "json",
                 "--solutions", str(out)]) == 2
    assert not out.exists() and "more than the 10,000 puzzles" in capsys.readouterr().err
    # within the count, a booklet too large for the readers is refused before the work too
    # (10,000 30x1 boards take 670,006 lines: it was said only after making them all)
    assert main(["generate", "--size", "30x1", "--count", "10000", "--output", str(out)]) == 2
    assert not out.exists()
    assert re.match(r"numbrix generate: the booklet of 10,000 30x1 puzzles would take about "
                    r"[\d.]+ MiB in [\d,]+ lines: more than the commands read from one file",
                    capsys.readouterr().err)
    assert main(["generate", "--size", "30", "--count", "10000", "--format", "compact",
                 "--output", str(out)]) == 2
    assert "the output of 10,000 30x30 puzzles would take about" in capsys.readouterr().err
    # what fits is not refused: 10,000 5x5 puzzles in a booklet, or 20x20 ones in compact
    import argparse

    from numbrix_curses.cli.common import UsageError
    from numbrix_curses.cli.generating import _refuse_unreadable
    for form, side in (("text", 5), ("compact", 9), ("json", 9)):
        fits = argparse.Namespace(format=form, count=10_000, output=str(out),
                                  solutions=str(out))
        _refuse_unreadable(fits, side, side, "a title", separate_key=True)
    # JSON puzzles are mostly zeros: 8,000 15x15 take about 15 MiB, and were refused as if
    # every number were given; and a booklet on standard output is no file (said after)
    _refuse_unreadable(argparse.Namespace(format="json", count=8000, output=str(out),
                                          solutions=None), 15, 15, "t", separate_key=False)
    _refuse_unreadable(argparse.Namespace(format="text", count=3000, output=None,
                                          solutions=None), 30, 30, "t", separate_key=False)
    # the answer key too large is the one blamed
    too_large = argparse.Namespace(format="json", count=10_000, output=str(out),
                                   solutions=str(out))
    with pytest.raises(UsageError, match="the answer key of 10,000 18x18 puzzles"):
        _refuse_unreadable(too_large, 18, 18, "t", separate_key=True)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a process")
def test_a_worker_told_to_stop_before_its_start_up_ends_quietly(capfd):
    """`generate --jobs` stopping its workers printed "Exception ignored ... Stopped" when
    a worker had just been forked: it still had the command's handler, which raises."""
    from numbrix_curses.cli.stops import stops_raised

    with stops_raised():
        pid = os.fork()
        if pid == 0:  # the worker, before it has put the default handler back
            try:
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(5)
            finally:
                os._exit(3)  # (not reached when the signal ends it)
        _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM
    assert capfd.readouterr().err == ""


@pytest.mark.skipif(os.name == "nt", reason="signals sent to oneself")
def test_a_held_stop_is_kept_for_after_and_a_second_one_acts_at_once():
    """While finished work is written a stop waits; a write stuck on a pipe nobody reads
    must still end on the second."""
    from numbrix_curses.cli.stops import Stopped, stops_held

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped):
        with stops_held() as held:
            os.kill(os.getpid(), signal.SIGTERM)
            assert len(held) == 1 and isinstance(held[0], Stopped)  # noted, not acted on
            os.kill(os.getpid(), signal.SIGTERM)  # the second: at once
    assert signal.getsignal(signal.SIGTERM) is before
    # After a stop already (generating ended early on one), the next is the second: at once
    # (it was held, and a write blocked on a pipe ended only on a third).
    with pytest.raises(Stopped):
        with stops_held(stopped_before=True) as held:
            os.kill(os.getpid(), signal.SIGTERM)
    assert not held and signal.getsignal(signal.SIGTERM) is before


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt",
                    reason="signals sent to oneself")
@pytest.mark.parametrize("signum, code, how", [(signal.SIGINT, 130, "interrupted"),
                                                (signal.SIGTERM, 143, "stopped")])
def test_a_stop_while_the_puzzles_are_written_waits_for_them(tmp_path, monkeypatch, capsys,
                                                             signum, code, how):
    """A stop after the last puzzle was made, while the booklet was being written, lost
    every puzzle: now the files are written first, and the stop is said after."""
    from numbrix_curses.cli import generating

    real = generating._write_outputs

    def stopped_midway(files, force):
        os.kill(os.getpid(), signum)
        real(files, force)

    monkeypatch.setattr(generating, "_write_outputs", stopped_midway)
    out, key = tmp_path / "out.txt", tmp_path / "key.txt"
    assert main(["generate", "--size", "5", "--count", "2", "--seed", "7", "--output",
                 str(out), "--solutions", str(key)]) == code
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"numbrix generate: {how} after 2 of 2 puzzles, which are written")
    assert len(parse_puzzles(out.read_text(), str(out))) == 2
    assert len(parse_puzzles(key.read_text(), str(key))) == 2
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_generate_stopped_with_force_keeps_the_file_it_would_have_replaced(
        tmp_path, monkeypatch, capsys):
    """`--force` over a booklet of ten, then Ctrl-C: the booklet was replaced by the two
    puzzles finished. A stop means "stop", not "replace": the file is left as it was, and
    the puzzles finished go beside it under a free name, as does their answer key."""
    monkeypatch.setattr(puzzlepool, "generate_many", _then_ctrl_c(2))
    out, key = tmp_path / "week.txt", tmp_path / "week-key.txt"
    out.write_text("the booklet of ten\n")
    (tmp_path / "week-2.txt").write_text("taken too\n")
    code = main(["generate", "--size", "5", "--count", "10", "--seed", "7", "--force",
                 "--output", str(out), "--solutions", str(key)])
    assert code == 130
    assert capsys.readouterr().err.strip().splitlines()[-2:] == [
        f"numbrix generate: {out} is left as it was: the puzzles finished are written to "
        f"{tmp_path / 'week-3.txt'} and {tmp_path / 'week-key-3.txt'}",
        "numbrix generate: interrupted after 2 of 10 puzzles, which are written"]
    assert out.read_text() == "the booklet of ten\n" and not key.exists()
    assert (tmp_path / "week-2.txt").read_text() == "taken too\n"
    assert len(parse_puzzles((tmp_path / "week-3.txt").read_text(), "w")) == 2
    assert len(parse_puzzles((tmp_path / "week-key-3.txt").read_text(), "k")) == 2
    # a stop with no file in the way writes where asked, as before
    out.unlink()
    assert main(["generate", "--size", "5", "--count", "10", "--seed", "7", "--output",
                 str(out)]) == 130
    assert len(parse_puzzles(out.read_text(), "w")) == 2


def test_a_stop_writes_beside_the_output_under_a_name_not_asked_for(
        tmp_path, monkeypatch, capsys):
    """`-o a.txt --solutions a-2.txt` over an a.txt, stopped: the puzzles went to a-2.txt,
    the name asked for the answer key, and the key to a-2-2.txt."""
    monkeypatch.setattr(puzzlepool, "generate_many", _then_ctrl_c(2))
    (tmp_path / "a.txt").write_text("kept\n")
    assert main(["generate", "--size", "5", "--count", "4", "--seed", "7", "--force", "-o",
                 str(tmp_path / "a.txt"), "--solutions", str(tmp_path / "a-2.txt")]) == 130
    assert capsys.readouterr().err.strip().splitlines()[-2] == (
        f"numbrix generate: {tmp_path / 'a.txt'} is left as it was: the puzzles finished are "
        f"written to {tmp_path / 'a-3.txt'} and {tmp_path / 'a-2-3.txt'}")
    assert not (tmp_path / "a-2.txt").exists()


def test_a_stop_over_a_file_of_the_longest_name_keeps_the_puzzles_in_the_state_folder(
        tmp_path, monkeypatch, capsys):
    """Before: the puzzles finished went beside it, as NAME-2.txt, a name the file system
    refused ("File name too long"): they were lost, with exit 2 and no word of the stop."""
    from numbrix_curses.statedir import state_dir

    monkeypatch.setattr(puzzlepool, "generate_many", _then_ctrl_c(2))
    longest = os.pathconf(tmp_path, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    out = tmp_path / ("p" * (longest - 4) + ".txt")
    out.write_text("kept\n")
    assert main(["generate", "--size", "5", "--count", "4", "--seed", "7", "--force",
                 "--format", "compact", "-o", str(out)]) == 130
    said, stopped = capsys.readouterr().err.strip().splitlines()[-2:]
    beside = tmp_path / ("p" * (longest - 4) + "-2.txt")
    assert said.startswith(f"numbrix generate: {out} is left as it was, and beside it "
                           f"{beside}: File name too long: the puzzles are written to ")
    assert stopped == "numbrix generate: interrupted after 2 of 4 puzzles, which are written"
    rescued = Path(said.split(" are written to ")[1].removesuffix(" instead"))
    assert rescued.parent == state_dir() / "generated" and rescued.name.startswith("p" * 64 + "-")
    assert len(parse_puzzles(rescued.read_text(), "r")) == 2
    assert out.read_text() == "kept\n"


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="a POSIX link")
def test_an_output_linked_to_a_file_not_made_yet_is_written_through(tmp_path):
    """A link to a file still to be made was taken for a file in the way: the puzzles went
    to book-2.txt with exit 2, and the file the link names was never made."""
    (tmp_path / "real").mkdir()
    link = tmp_path / "book.txt"
    link.symlink_to(tmp_path / "real" / "book.txt")
    assert main(["generate", "--size", "5", "--count", "2", "--seed", "1", "--jobs", "1",
                 "-o", str(link)]) == 0
    assert len(parse_puzzles((tmp_path / "real" / "book.txt").read_text(), "b")) == 2
    assert not (tmp_path / "book-2.txt").exists()


def test_a_file_made_by_another_run_meanwhile_does_not_cost_the_puzzles(
        tmp_path, monkeypatch, capsys):
    """Two runs writing one new file: each found it free before it began, and the one that
    finished last threw its puzzles away with "already exists" (hours of work, with a large
    --count). They go beside it now, and the exit code still says they are not there."""
    real = puzzlepool.generate_many
    out = tmp_path / "race.txt"

    def another_run_finishes_first(spec, count, seed, jobs=1, *args, **kwargs):
        yield from real(spec, count, seed, 1)
        out.write_text("the other run's\n")

    monkeypatch.setattr(puzzlepool, "generate_many", another_run_finishes_first)
    code = main(["generate", "--size", "5", "--count", "2", "--seed", "7", "--output",
                 str(out)])
    assert code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"numbrix generate: {out} exists (made while the puzzles were; --force overwrites "
        f"it): they are written to {tmp_path / 'race-2.txt'}")
    assert out.read_text() == "the other run's\n"
    assert len(parse_puzzles((tmp_path / "race-2.txt").read_text(), "r")) == 2


def test_a_time_limit_that_cut_the_work_short_is_said(monkeypatch, capsys):
    """A process suspended past a check's 30 s limit made another puzzle from the same
    seed, without a word (the guess cap is the same everywhere; the clock is not)."""
    spec = generator.Spec(9, 9, check_seconds=0.0)  # every check out of time at once
    made = generator.generate(spec, 11)
    assert made.stats.clock_guard
    assert solve(made.puzzle).status is Status.UNIQUE  # still proved unique
    assert not generator.generate(generator.Spec(9, 9), 11).stats.clock_guard
    real = puzzlepool.generate_many

    def clocked(spec, count, seed, jobs=1, *args, **kwargs):
        for item in real(spec, count, seed, 1):
            item.stats.clock_guard = True
            yield item

    monkeypatch.setattr(puzzlepool, "generate_many", clocked)
    assert main(["generate", "--size", "5", "--count", "2", "--format", "compact"]) == 0
    assert capsys.readouterr().err == (
        "numbrix generate: a time limit cut the work on 2 of 2 puzzles short (30 s of "
        "processor time a check, 300 s a puzzle, which a slow machine reaches sooner): the "
        "same --seed may give other puzzles on another machine\n")


def test_a_busy_or_suspended_machine_makes_the_same_puzzles(monkeypatch):
    """The time limits counted the wall clock: a 10x20 made while the cores were shared
    four ways took ten times as long, a check ran out of time, and the seed came out
    another puzzle. They count the process's CPU time now: a wall clock that leaps a
    minute at every look (a machine that busy, a process stopped with Ctrl-Z) changes
    nothing."""
    import numbrix_curses.solver.board as board_module

    spec = generator.Spec(9, 9, check_seconds=1.0, puzzle_seconds=5.0)
    calm = generator.generate(spec, 11)

    class Leaping:
        def __init__(self) -> None:
            self.now = time.monotonic()

        def monotonic(self) -> float:
            self.now += 60.0
            return self.now

        def __getattr__(self, name: str):
            return getattr(time, name)

    monkeypatch.setattr(generator, "time", Leaping())
    monkeypatch.setattr(removal, "time", Leaping())
    monkeypatch.setattr(board_module, "time", Leaping())
    busy = generator.generate(spec, 11)
    assert not busy.stats.clock_guard
    assert busy.puzzle.givens.tolist() == calm.puzzle.givens.tolist()


def test_a_booklet_is_titled_with_the_grades_its_puzzles_have(monkeypatch, capsys, tmp_path):
    """A border pattern asked to be easy made a medium puzzle, and the booklet handed out
    still said "Numbrix 9x9 easy puzzles" (only a note on stderr said otherwise)."""
    real = puzzlepool.generate_many

    def one_came_out_hard(spec, count, seed, jobs=1, *args, **kwargs):
        for k, item in enumerate(real(spec, count, seed, 1)):
            if k == 0:
                item.difficulty = generator.Difficulty.HARD
            yield item

    monkeypatch.setattr(puzzlepool, "generate_many", one_came_out_hard)
    out = tmp_path / "b.txt"
    assert main(["generate", "--size", "5", "--count", "2", "--seed", "1", "--difficulty",
                 "easy", "-o", str(out)]) == 0
    assert out.read_text().splitlines()[0] == "# Numbrix 5x5 easy to hard puzzles, seed 1"
    # the grade asked for, where every puzzle has it; a title given is kept as given
    monkeypatch.setattr(puzzlepool, "generate_many", real)
    assert main(["generate", "--size", "5", "--count", "2", "--seed", "1", "--difficulty",
                 "easy", "-o", str(out), "--force"]) == 0
    assert out.read_text().splitlines()[0] == "# Numbrix 5x5 easy puzzles, seed 1"
    monkeypatch.setattr(puzzlepool, "generate_many", one_came_out_hard)
    assert main(["generate", "--size", "5", "--count", "2", "--seed", "1", "--difficulty",
                 "easy", "-o", str(out), "--force", "--title", "Week 4"]) == 0
    assert out.read_text().splitlines()[0] == "# Week 4"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the pool's workers are forked here")
def test_stopping_the_workers_lets_the_pool_wind_up_before_exit():
    """Stopped, the pool's own thread was left closing its pipe while the interpreter, at
    exit, woke it through that pipe without a lock: now and then "OSError: [Errno 9] Bad
    file descriptor" was printed after "interrupted". The thread has ended once the stop
    returns."""
    from concurrent.futures import ProcessPoolExecutor

    from numbrix_curses.puzzlepool import _stop_workers

    pool = ProcessPoolExecutor(max_workers=2)
    pending = [pool.submit(time.sleep, 30) for _ in range(4)]
    manager = pool._executor_manager_thread  # (the pool's thread, started by the submits)
    assert manager is not None and manager.is_alive()
    _stop_workers(pool)
    assert not manager.is_alive()
    assert all(future.done() for future in pending)  # (the half minute of work dropped)


def test_stopping_the_workers_survives_a_second_interrupt():
    """A second Ctrl-C while the workers were being stopped left the rest running, and the
    interpreter waited for them at exit (`generate` hung until its last puzzle)."""
    from numbrix_curses.puzzlepool import _stop_workers

    class Process:
        def __init__(self, interrupts: int) -> None:
            self.interrupts = interrupts
            self.terminated = False

        def terminate(self) -> None:
            if self.interrupts:
                self.interrupts -= 1
                raise KeyboardInterrupt  # the second Ctrl-C lands here
            self.terminated = True

    class Pool:
        def __init__(self) -> None:
            self._processes = {1: Process(1), 2: Process(0), 3: Process(2)}
            self.shut = False

        def shutdown(self, wait: bool, cancel_futures: bool) -> None:
            assert not wait and cancel_futures
            self.shut = True

    pool = Pool()
    _stop_workers(pool)  # type: ignore[arg-type]
    assert all(process.terminated for process in pool._processes.values())
    assert pool.shut


def test_without_a_process_pool_the_same_puzzles_are_made_in_one_process(monkeypatch):
    """A system without working semaphores (some containers) cannot make a process pool:
    `generate` then makes the puzzles itself rather than fail, as --jobs is the default."""
    import concurrent.futures

    spec = Spec(5, 5)
    alone = [g.puzzle.givens.tolist() for g in generate_many(spec, 3, 41, jobs=1)]

    def no_pool(*args, **kwargs):
        raise NotImplementedError("This platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert [g.puzzle.givens.tolist() for g in generate_many(spec, 3, 41, jobs=2)] == alone


def test_generate_uses_the_cores_where_its_processes_start_as_forks(monkeypatch):
    import multiprocessing

    from numbrix_curses import workers

    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["fork", "spawn"])
    assert workers.default_pool_workers() == 2
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert workers.default_pool_workers() == 1



def test_generate_without_jobs_takes_the_default_for_this_system(capsys, monkeypatch):
    from numbrix_curses import workers

    asked = []
    real = puzzlepool.generate_many
    monkeypatch.setattr(workers, "default_pool_workers", lambda: 3)

    def recorded(spec, count, seed, jobs, **kwargs):
        asked.append(jobs)
        return real(spec, count, seed, 1)

    monkeypatch.setattr(puzzlepool, "generate_many", recorded)
    assert main(["generate", "--size", "3", "--count", "2", "--seed", "1"]) == 0
    assert main(["generate", "--size", "3", "--count", "2", "--seed", "1", "-j", "2"]) == 0
    assert asked == [3, 2]


def test_a_fiendish_removal_goes_on_longer_on_a_larger_board():
    """Stopping after twelve necessary givens on every board left a fiendish 25x25 denser
    than an easy one (136 givens against 125)."""
    from numbrix_curses.generator import Difficulty, Spec, default_polish

    stops = [default_polish(Spec(n, n, difficulty=Difficulty.FIENDISH)) for n in (9, 15, 20, 30)]
    assert stops[0] == stops[1] == 12 and stops[1] < stops[2] < stops[3]
    assert default_polish(Spec(30, 30, difficulty=Difficulty.HARD)) is None  # (every group)
    assert default_polish(Spec(30, 30, difficulty=Difficulty.FIENDISH, polish=5)) == 5


def test_two_requests_from_one_seed_never_share_an_id():
    """A border puzzle asked to be easy came out medium and was named
    9x9-medium-border-42, the id of the puzzle asked to be medium from that seed, another
    puzzle: `check` warned of the two as one. A miss is named in the id now."""
    easy = generator.generate(
        generator.Spec(9, 9, difficulty=Difficulty.EASY, pattern="border"), 42)
    medium = generator.generate(
        generator.Spec(9, 9, difficulty=Difficulty.MEDIUM, pattern="border"), 42)
    assert easy.difficulty is Difficulty.MEDIUM  # (missed, as the note on stderr says)
    assert easy.puzzle.id == "9x9-medium-not-easy-border-42"
    assert easy.puzzle.metadata["difficulty"] == "medium"
    assert medium.puzzle.id == "9x9-medium-border-42"
    assert easy.puzzle.givens.tolist() != medium.puzzle.givens.tolist()


@pytest.mark.parametrize("rows, cols, seed", [(9, 9, 7), (10, 20, 42), (12, 12, 9)])
def test_a_fiendish_puzzle_can_be_followed_by_hand(rows, cols, seed):
    """Fiendish states were not graded while givens were taken away, and 20 of 36 fiendish
    puzzles from 9x9 up had steps "only a search through more than 2 nested assumptions
    shows" (the 10x20 of seed 42 among them): no person solves those by hand."""
    made = generator.generate(generator.Spec(rows, cols, difficulty=Difficulty.FIENDISH), seed)
    graded = grade(made.puzzle, made.solution)
    assert graded.difficulty is Difficulty.FIENDISH
    assert 1 <= graded.trial_depth <= 2
