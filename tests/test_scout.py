"""The scout: a standing process that searches the same board another way beside the main
search. Whatever it says must leave every verdict as the main search alone would give it;
it must drop a job the moment the job is not wanted, survive Ctrl-C, be replaced when it
has gone, and leave nothing behind.
"""
from __future__ import annotations

import os
import signal
import time

import numpy as np
import pytest

from brute import matching
from numbrix_curses import scout as scout_module
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.scout import Scout
from numbrix_curses.solver import Status, scouting, solve
from numbrix_curses.solver.search import Search
from numbrix_curses.workers import Team
from test_solver import check_result, expected_status
from test_workers import (
    assert_corpus_verdicts,
    assert_two_processes_agree_with_brute_force,
    sparse_boards,
)

pytestmark = pytest.mark.skipif(
    not Team.possible(2, 100), reason="no fork-based sharing on this system"
)


@pytest.fixture
def fresh_scout():
    """A scout started within the test (so it carries the test's patches), gone after it."""
    if Scout._shared is not None:
        Scout._shared.close()
    yield
    if Scout._shared is not None:
        Scout._shared.close()


@pytest.fixture
def scout_answers(monkeypatch):
    """The scout's answers the main searches took, as (exhausted, solutions) pairs."""
    taken: list[tuple[bool, list[np.ndarray]]] = []
    read = scouting.read_answer

    def recording(puzzle, answer):
        taken.append(read(puzzle, answer))
        return taken[-1]

    monkeypatch.setattr(scouting, "read_answer", recording)
    return taken


@pytest.fixture
def main_search_waits(monkeypatch, fresh_scout):
    """The main search waits for the scout's word before it searches, so every board the
    scout settles is settled by the scout (the scout, forked after this patch, has no scout
    of its own to wait for)."""
    run = Search.run

    def waiting(self, *args, **kwargs):
        while self.scout is not None:
            self._clock()  # (raises ScoutAnswered when the answer comes)
            time.sleep(0.001)
        return run(self, *args, **kwargs)

    monkeypatch.setattr(Search, "run", waiting)


def with_slips(boards: list[Puzzle]) -> list[Puzzle]:
    """Each board, then the same with its two smallest givens swapped (a slip that often
    leaves no solution)."""
    out = []
    for puzzle in boards:
        out.append(puzzle)
        flat = puzzle.givens.ravel().copy()
        cells = sorted(np.flatnonzero(flat), key=lambda cell: flat[cell])
        if len(cells) >= 2:
            flat[cells[0]], flat[cells[1]] = flat[cells[1]], flat[cells[0]]
            out.append(Puzzle(flat.reshape(puzzle.rows, puzzle.cols)))
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = f"/proc/{pid}/stat"
    if os.path.exists(stat):
        with open(stat) as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    return True


@pytest.mark.parametrize("rows, cols, share", [(4, 5, 0.2), (3, 7, 0.15), (5, 5, 0.12)])
def test_the_scouts_verdicts_agree_with_brute_force(
    main_search_waits, scout_answers, rows, cols, share
) -> None:
    for puzzle in with_slips(sparse_boards(rows, cols, 25, share, seed=rows * 100 + cols + 1)):
        assert_two_processes_agree_with_brute_force(puzzle)
    # the scout settled boards of every kind: by two solutions, and by searching its whole
    # tree (finding one solution, or none)
    assert any(len(grids) == 2 for _, grids in scout_answers)
    assert any(exhausted and len(grids) == 1 for exhausted, grids in scout_answers)
    assert any(exhausted and not grids for exhausted, grids in scout_answers)


def test_corpus_boards_keep_their_verdicts_with_a_scout(fresh_scout) -> None:
    ids = ["9x9-minimal-05", "9x9-multiple-00", "9x9-multiple-02", "9x9-multiple-06"]
    assert_corpus_verdicts("corpus-v1-9x9", ids)


def test_a_scout_that_sends_nonsense_is_not_believed(
    monkeypatch, main_search_waits, scout_answers
) -> None:
    """An answer whose grid is no solution makes the search start again alone."""

    def lying(payload, stop):
        rows, cols, _ = scouting._JOB.unpack_from(payload)
        path = np.arange(rows * cols, dtype=np.uint16)[::-1]  # not a path of this board
        return scouting._ANSWER.pack(True, 2) + path.tobytes() + path.tobytes()

    monkeypatch.setattr(scouting, "serve", lying)
    for puzzle in sparse_boards(4, 5, 8, 0.2, seed=7):
        result = solve(puzzle, workers=2)
        check_result(puzzle, result)
        assert result.status is expected_status(len(matching(puzzle)))
    assert scout_answers == []  # (each was refused: `read_answer` raised)


def wait_for(scout: Scout, job: int) -> bytes | None:
    for _ in range(1000):
        if scout.answered(job):
            return scout.answer(job)
        time.sleep(0.002)
    raise AssertionError(f"job {job} was never answered")


def test_a_job_no_longer_wanted_is_dropped_at_once() -> None:
    def endless(payload: bytes, stop) -> bytes | None:
        if payload == b"quick":
            return b"done"
        while not stop():
            time.sleep(0.001)
        return None

    scout = Scout(endless)
    try:
        first = scout.submit(b"forever")
        time.sleep(0.05)
        assert not scout.answered(first)
        # a new job drops the one before: the scout, stuck on it otherwise, answers at once
        assert wait_for(scout, scout.submit(b"quick")) == b"done"
        third = scout.submit(b"forever")
        time.sleep(0.05)
        scout.cancel(third)  # so does a cancel
        assert wait_for(scout, third) is None  # (it gave up)
        assert wait_for(scout, scout.submit(b"quick")) == b"done"
        pid = scout.pid
    finally:
        scout.close()
    assert not alive(pid)


def test_the_scout_ignores_ctrl_c_and_leaves_when_closed(fresh_scout) -> None:
    """Even a Ctrl-C that comes at once, before the new process could have set itself to
    ignore it (the caller's copy of it is held back until then)."""
    scout = Scout.shared(scouting.serve)
    assert scout is not None
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    pid = scout.pid
    os.kill(pid, signal.SIGINT)
    time.sleep(0.05)
    assert alive(pid)
    puzzle = Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    assert solve(puzzle, workers=2).status is expected_status(len(matching(puzzle)))
    scout.close()
    assert not alive(pid)
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped


def test_a_scout_that_has_gone_is_replaced(fresh_scout, scout_answers) -> None:
    first = Scout.shared(scouting.serve)
    assert first is not None
    os.kill(first.pid, signal.SIGKILL)
    time.sleep(0.05)
    for puzzle in sparse_boards(4, 5, 5, 0.2, seed=11):
        result = solve(puzzle, workers=2)
        assert result.status is expected_status(len(matching(puzzle)))
    second = Scout._shared
    assert second is not None and second is not first and second.alive()


def test_the_scout_is_not_sent_where_it_cannot_help(monkeypatch, fresh_scout) -> None:
    """One process, a watched search, counting past two: no scout is started."""
    sent = []
    monkeypatch.setattr(scouting, "send", lambda *args: sent.append(args))
    puzzle = Puzzle.from_rows([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    solve(puzzle, workers=1)
    solve(puzzle, workers=2, on_event=lambda event: None)
    solve(puzzle, workers=2, limit=5)
    assert sent == []
    solve(puzzle, workers=2)
    assert len(sent) == 1
    assert Scout._shared is None  # (the patched `send` never started one)


def test_a_process_forked_from_the_owner_leaves_its_scout_alone(fresh_scout) -> None:
    """A process forked from the scout's owner (a pool worker, say) starts a scout of its
    own if it needs one, and closing its copy of the owner's does not touch the owner's."""
    scout = Scout.shared(scouting.serve)
    assert scout is not None
    pid = os.fork()
    if pid == 0:
        code = 2
        try:
            mine = Scout.shared(scouting.serve)
            code = 0 if mine is not None and mine is not scout and mine.alive() else 1
            if mine is not None:
                mine.close()
            scout.close()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert scout.alive() and Scout._shared is scout
    job = scout.submit(scouting._JOB.pack(1, 1, time.monotonic() + 5) + b"\x01\x00")
    assert wait_for(scout, job) is not None  # (a 1x1 board: the scout still answers)


def test_without_a_fork_to_spare_the_search_goes_on_alone(monkeypatch, fresh_scout) -> None:
    """Too many processes (or too little memory) to start a scout: the answers are the
    same, and nothing is left open."""

    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(scout_module, "_fork", no_fork)
    fds = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()
    for puzzle in sparse_boards(4, 5, 6, 0.2, seed=5):
        result = solve(puzzle, workers=2)
        assert result.status is expected_status(len(matching(puzzle)))
    assert Scout._shared is None
    if fds:
        assert set(os.listdir("/proc/self/fd")) <= fds
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # Ctrl-C works


def _a_solution_here_when_the_scout_answers(monkeypatch) -> None:
    """Make the main search hold a solution of its board (the first path listed) before it
    searches, and wait there for the scout's answer, where a scout was sent."""
    run = Search.run

    def first_a_solution_then_wait(self, *args, **kwargs):
        if self.scout is not None:
            path = matching(self.puzzle)[0]
            self.solutions.append(np.asarray(path).reshape(self.puzzle.rows, self.puzzle.cols))
            while self.scout is not None:
                self._clock()
                time.sleep(0.001)
        return run(self, *args, **kwargs)

    monkeypatch.setattr(Search, "run", first_a_solution_then_wait)


def test_a_scout_that_missed_a_solution_found_here_is_not_believed(
    monkeypatch, fresh_scout, scout_answers
) -> None:
    """The scout says it searched everything and found nothing, while the main search holds
    a solution: its word is dropped and the search starts again alone."""
    monkeypatch.setattr(scouting, "serve", lambda payload, stop: scouting._ANSWER.pack(True, 0))
    _a_solution_here_when_the_scout_answers(monkeypatch)
    for puzzle in sparse_boards(4, 5, 6, 0.2, seed=13):
        result = solve(puzzle, workers=2)
        check_result(puzzle, result)
        assert result.status is expected_status(len(matching(puzzle)))
    assert scout_answers and all(answer == (True, []) for answer in scout_answers)


def test_a_solution_found_both_here_and_by_the_scout_counts_once(
    monkeypatch, fresh_scout, scout_answers
) -> None:
    """The main search holds a solution when the scout's answer comes, and the scout found
    the same one: a board with one solution is still unique, not "multiple" by the one
    solution counted twice."""
    _a_solution_here_when_the_scout_answers(monkeypatch)
    boards = [p for p in sparse_boards(4, 5, 40, 0.2, seed=13) if len(matching(p))]
    statuses = set()
    for puzzle in boards:
        result = solve(puzzle, workers=2)
        check_result(puzzle, result)
        assert result.status is expected_status(len(matching(puzzle))), puzzle.givens.tolist()
        statuses.add(result.status)
    # the scout answered with the solution found here, on boards of one solution and more
    assert any(exhausted and len(grids) == 1 for exhausted, grids in scout_answers)
    assert {Status.UNIQUE, Status.MULTIPLE} <= statuses
