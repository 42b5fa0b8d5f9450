"""The app's background solve (`jobs.SolveJob`): quick answers stay in the app's thread, a
long search goes on in a child process that shares it among the cores, and the answer is the
solver's whatever happens to the child.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from conftest import cli_env

from numbrix_curses import jobs
from numbrix_curses.jobs import SolveJob, can_escalate
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import Status, solve
from numbrix_curses.textformat import read_puzzles

CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "corpus"
needs_escalation = pytest.mark.skipif(
    not can_escalate(), reason="no second core, or no fork: the solve stays in the thread"
)


def corpus_board(name: str, label: str) -> Puzzle:
    (puzzle,) = [p for p in read_puzzles(str(CORPUS / f"corpus-v1-{name}.txt")) if p.id == label]
    return puzzle


def finished(job: SolveJob):
    assert job.wait(120), "the solve did not end"
    assert job.error is None, job.error
    return job.result


def test_a_quick_solve_stays_in_the_thread() -> None:
    puzzle = corpus_board("9x9", "9x9-multiple-00")
    job = SolveJob("solution", puzzle, 60)
    result = finished(job)
    assert job.child is None
    assert result.status is Status.MULTIPLE
    first, second = result.solutions
    assert puzzle.is_solution(first) and puzzle.is_solution(second)
    assert not np.array_equal(first, second)


@needs_escalation
@pytest.mark.parametrize("label", ["10x20-minimal-00", "10x20-multiple-00", "10x20-slip-04"])
def test_a_long_solve_goes_on_in_a_child_with_the_same_answer(label: str) -> None:
    puzzle = corpus_board("10x20", label)
    # (escalating at once: these boards take a tenth of a second, not half of one)
    job = SolveJob("solution", puzzle, 60, escalate_after=0.001)
    result = finished(job)
    assert job.child is not None and job.child.error is None
    alone = solve(puzzle, limit=2)
    assert result.status is alone.status
    if result.status is Status.UNIQUE:
        assert np.array_equal(result.solutions[0], alone.solutions[0])
    for grid in result.solutions:
        assert puzzle.is_solution(grid)
    if result.status is Status.NONE:
        assert result.reason == alone.reason


@needs_escalation
@pytest.mark.parametrize(
    "child",
    [
        "import sys; sys.exit(3)",  # dies
        "print('{\"status\": \"unique\"')",  # says something that is not whole
        # claims a solution that breaks the rules: every cell 1
        "import json, sys; print(json.dumps({'status': 'unique', 'solutions': [[1] * 200], "
        "'nodes': 0, 'backtracks': 0, 'reason': ''}))",
        # claims two solutions that are one and the same
        "import json, sys; g = json.loads(sys.argv[1]); "
        "print(json.dumps({'status': 'multiple', 'solutions': [g, g], 'nodes': 0, "
        "'backtracks': 0, 'reason': ''}))",
    ],
    ids=["dies", "torn", "wrong-solution", "same-solution-twice"],
)
def test_a_child_that_fails_or_lies_leaves_the_search_to_the_thread(monkeypatch, child) -> None:
    puzzle = corpus_board("10x20", "10x20-minimal-00")
    solution = solve(puzzle).solutions[0]

    def argv(puzzle: Puzzle, seconds: float) -> list[str]:
        return [sys.executable, "-c", child, json.dumps(solution.reshape(-1).tolist())]

    monkeypatch.setattr(SolveJob, "child_argv", staticmethod(argv))
    job = SolveJob("solution", puzzle, 60, escalate_after=0.001)
    result = finished(job)
    assert job.child is not None
    assert result.status is Status.UNIQUE
    assert np.array_equal(result.solutions[0], solution)


@needs_escalation
def test_cancel_ends_the_child_at_once() -> None:
    # a sparse 10x20 board with several solutions that one process takes many seconds on
    puzzle = corpus_board("10x20", "10x20-multiple-01")
    job = SolveJob("solution", puzzle, 60, escalate_after=0.001)
    deadline = time.monotonic() + 10
    while job.child is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.child is not None
    job.cancel()
    assert job.done
    assert job.wait(10) and job.error == "cancelled"
    assert job.child.wait(10)
    assert job.child._proc.poll() is not None  # (the process itself has gone)


def test_the_solve_command_answers_as_the_solver_does() -> None:
    puzzle = corpus_board("7x7", "7x7-multiple-00")
    done = subprocess.run(
        [sys.executable, "-m", "numbrix_curses.jobs", "solve",
         json.dumps(puzzle.givens.tolist()), "30"],
        capture_output=True, env=cli_env(), text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "multiple"
    result = jobs._answer_from(puzzle, answer)
    assert result is not None and result.status is Status.MULTIPLE
    first, second = result.solutions
    assert not np.array_equal(first, second)


def test_a_bad_solve_command_is_an_error_message_not_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "numbrix_curses.jobs", "solve", "[[1, 2], [3]]", "30"],
        capture_output=True, env=cli_env(), text=True, timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert set(json.loads(done.stdout)) == {"error"}


def test_a_grading_job_grades_beside_the_app_and_stops_when_told(monkeypatch) -> None:
    """The app grades typed-in and newspaper puzzles in a thread; a screen that closes
    cancels it, and a board too large to grade in seconds is not graded at all."""
    from numbrix_curses import assist, deduce, library

    puzzle = next(p for p in library.load_bundled() if p.metadata.get("difficulty") == "hard")
    solution = solve(puzzle).solution
    job = jobs.grading_job(puzzle, solution)
    assert job is not None and job.wait(30)
    assert job.result == deduce.grade(puzzle).difficulty.value == "hard"

    def endless(puzzle, solution, check):  # a grade that takes for ever, asking as it goes
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            check()
            time.sleep(0.001)
        return "never"

    monkeypatch.setattr(assist, "grade_of", endless)
    cancelled = jobs.grading_job(puzzle, solution)
    cancelled.cancel()
    assert cancelled.wait(5) and cancelled.result is None and cancelled.error == "cancelled"

    big = Puzzle(np.zeros((21, 20), dtype=np.int16))
    assert jobs.grading_job(big, None) is None  # past GRADE_MOST_CELLS


def _held_until(go: threading.Event) -> Callable[[jobs.CancelToken], str]:
    """A job's work that waits for `go` (and its cancelling), then gives "done"."""
    def held(token: jobs.CancelToken) -> str:
        while not go.wait(0.01):
            token.check()
        return "done"

    return held


def test_when_done_passes_on_a_result_but_not_a_cancelled_or_failed_job() -> None:
    go = threading.Event()
    seen: list[object] = []
    held = _held_until(go)
    finished = jobs.ThreadJob("finished", held)
    cancelled = jobs.ThreadJob("cancelled", held)
    failed = jobs.ThreadJob("failed", lambda token: 1 // 0)
    for job in (finished, cancelled, failed):
        jobs.when_done(job, seen.append)
    cancelled.cancel()
    assert seen == []  # (nothing before a job ends)
    go.set()
    jobs.finish_follow_ups(30)
    assert seen == ["done"]
    assert failed.error is not None and failed.error.startswith("ZeroDivisionError")


def test_collect_keeps_a_running_job_and_takes_a_result_once() -> None:
    """A screen polls its job with `collect`: the job while it runs, then its result and no
    job (so the result is taken once); a cancelled or failed job leaves no job and no
    result."""
    go = threading.Event()
    held = _held_until(go)
    running = jobs.ThreadJob("running", held)
    cancelled = jobs.ThreadJob("cancelled", held)
    assert jobs.collect(running) == (running, None)
    cancelled.cancel()
    assert jobs.collect(cancelled) == (None, None)
    go.set()
    assert running.wait(30)
    assert jobs.collect(running) == (None, "done")
    assert jobs.collect(None) == (None, None)
    failed = jobs.ThreadJob("failed", lambda token: 1 // 0)
    assert failed.wait(30)
    assert jobs.collect(failed) == (None, None)


def test_a_search_out_of_time_while_the_app_was_stopped_goes_on(monkeypatch) -> None:
    """Its clock ran on while the app was stopped (Ctrl-Z), and a player back from `fg` was
    told at once that the solution could not be worked out in time."""
    from numbrix_curses.solver import SolveResult

    puzzle = corpus_board("9x9", "9x9-minimal-00")
    given: list[float] = []
    stop = 0.5  # (seconds the app is stopped, all of the first search's time)

    def here(token, seconds: float):
        given.append(seconds)
        if len(given) == 1:  # the app stopped meanwhile, and the search timed out
            time.sleep(stop)
            monkeypatch.setattr(jobs, "_STOPPED", [jobs._STOPPED[0] + stop])
            return SolveResult(Status.TIMEOUT)
        return solve(puzzle)

    monkeypatch.setattr(jobs, "can_escalate", lambda: False)
    budget = jobs.RETRY_LEAST + 0.5
    result = finished(SolveJob("solution", puzzle, budget, here))
    assert result.status is Status.UNIQUE
    # the budget less the time awake (not the time stopped: the search again had well
    # over RETRY_LEAST, where a first version gave it 0.001 s)
    assert len(given) == 2 and given[1] > jobs.RETRY_LEAST
    # a search that timed out with the app awake throughout is out of time, as ever
    given.clear()
    result = finished(SolveJob("solution", puzzle, 60,
                               lambda token, seconds: given.append(seconds) or SolveResult(
                                   Status.TIMEOUT)))
    assert result.status is Status.TIMEOUT and len(given) == 1


@pytest.mark.skipif(not hasattr(os, "killpg") or not Path("/proc/self/stat").exists(),
                    reason="no process groups (Windows), or no /proc to list them")
def test_a_job_whose_app_was_killed_ends_with_the_processes_it_forked(tmp_path: Path) -> None:
    """An app killed at once (SIGKILL) cannot stop its jobs: a sparse solve went on for its
    whole time limit, its processes ours no more."""
    hard = Path(__file__).resolve().parent.parent / "benchmarks" / "hard" / "heldout.txt"
    (puzzle,) = [p for p in read_puzzles(str(hard)) if p.id == "heldout-15x20-9203"]
    app = tmp_path / "app.py"  # starts the job as the app does, says its pid, and waits
    app.write_text(
        "import subprocess, sys, time\n"
        f"job = subprocess.Popen([sys.executable, '-m', 'numbrix_curses.jobs', 'solve', "
        f"{json.dumps(puzzle.givens.tolist())!r}, '120'], start_new_session=True, "
        "stdout=subprocess.DEVNULL)\n"
        "print(job.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    parent = subprocess.Popen([sys.executable, str(app)], stdout=subprocess.PIPE, text=True,
                              env=cli_env())
    job = int(parent.stdout.readline())
    time.sleep(2)  # (the search under way, in its processes)
    assert _group(job), "the job's processes are not running"
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 15
    while _group(job) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _group(job), "the job's processes outlived the app"


def _group(leader: int) -> list[int]:
    """The live processes of the process group `leader` leads (zombies excepted)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == leader and fields[0] != "Z":
            found.append(int(entry.name))
    return found
