"""A search shared among processes gives exactly the answers of a search in one process.

Sharing normally starts only after a search has run a while; here it starts at the first
guess (`SHARE_AFTER` = 0), so even small boards are split among processes, down to their
smallest parts. The verdicts are checked against brute force and against the one-process
search, and the failure paths (a child that dies, a child that fails, a deadline) must
still give a right answer or an honest timeout, and leave no process behind.
"""
from __future__ import annotations

import os
import re
import random
import shutil
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import grid_of, matching, random_path
from conftest import COMMAND_TIMEOUT, cli_env
from helpers import CORPUS, corpus_boards
from numbrix_curses import solver, workers
from numbrix_curses.solver.search import Search
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.solver import Status, scouting, solve
from numbrix_curses.textformat import format_compact, read_puzzles
from test_solver import check_result, expected_status, path_puzzles

pytestmark = pytest.mark.skipif(
    not workers.Team.possible(2, 100), reason="no fork-based sharing on this system"
)


@pytest.fixture(autouse=True)
def no_scout(monkeypatch):
    """The scout would take the second core these searches are to share (see test_scout)."""
    monkeypatch.setattr(scouting, "ENABLED", False)


@pytest.fixture
def share_at_once(monkeypatch):
    monkeypatch.setattr(workers, "SHARE_AFTER", 0.0)


@pytest.fixture
def groups(monkeypatch):
    """The process groups of the children each shared search made, recorded at its end."""
    seen: list[int] = []
    close = workers.Team.close

    def recording_close(self):
        seen.extend(self.children)
        close(self)

    monkeypatch.setattr(workers.Team, "close", recording_close)
    return seen


def living_processes() -> Iterator[tuple[Path, str, int]]:
    """(/proc folder, state, process group) of every process not already dead (zombies
    wait to be reaped)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # (gone meanwhile)
        if fields[0] not in ("Z", "X"):
            yield stat.parent, fields[0], int(fields[2])


def running_in(group: int) -> list[str]:
    """Processes of a process group that are not already dead."""
    return [proc.name for proc, _, in_group in living_processes() if in_group == group]


def assert_no_process_left(groups: list[int]) -> None:
    for child in groups:  # (each child leads its own group)
        with pytest.raises(ChildProcessError):
            os.waitpid(child, os.WNOHANG)  # reaped: no zombie left behind
    if Path("/proc/self/stat").exists():
        for group in groups:
            # SIGKILL lands at once, but a process may need a moment to finish dying
            for _ in range(100):
                if not running_in(group):
                    break
                time.sleep(0.01)
            assert running_in(group) == [], f"processes of group {group} still run"


def sparse_boards(rows: int, cols: int, count: int, share: float, seed: int) -> list[Puzzle]:
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        grid = grid_of(rows, cols, random_path(rows, cols, rng))
        keep = np.array([rng.random() < share for _ in range(rows * cols)]).reshape(rows, cols)
        boards.append(Puzzle(np.where(keep, grid, 0).astype(np.int16)))
    return boards


def assert_corpus_verdicts(name: str, ids: list[str]) -> list:
    """Solve corpus boards with two processes: minimal ones give their own path, the
    others (made by taking a given away) several solutions. Returns the results."""
    puzzles, answers = corpus_boards(name, ids)
    assert len(puzzles) == len(ids)
    results = []
    for puzzle in puzzles:
        result = solve(puzzle, workers=2, timeout=120)
        check_result(puzzle, result)
        if "minimal" in puzzle.id:
            assert result.status is Status.UNIQUE
            assert np.array_equal(result.solution, answers[puzzle.id])
        else:
            assert result.status is Status.MULTIPLE
        results.append(result)
    return results


def assert_two_processes_agree_with_brute_force(puzzle: Puzzle) -> None:
    result = solve(puzzle, workers=2)
    check_result(puzzle, result)
    paths = matching(puzzle)
    assert result.status is expected_status(len(paths)), puzzle.givens.tolist()
    if result.status is Status.UNIQUE:
        assert np.array_equal(result.solution.ravel(), paths[0])


@pytest.mark.parametrize("rows, cols, share", [(4, 5, 0.2), (3, 7, 0.15), (5, 5, 0.12)])
def test_shared_search_agrees_with_brute_force(share_at_once, groups, rows, cols, share) -> None:
    for puzzle in sparse_boards(rows, cols, 25, share, seed=rows * 100 + cols):
        assert_two_processes_agree_with_brute_force(puzzle)
    assert groups, "the searches were never shared"
    assert_no_process_left(groups)


@pytest.fixture
def shared_alike(monkeypatch):
    """Solve a board alone and by three processes sharing the tree; assert they agree, and
    say whether the tree was shared. The searches are shared from their first guess, with
    no dive or scout first, which answer small boards alone."""
    children: list[int] = []
    close = workers.Team.close

    def recording_close(self):
        children.extend(self.children)
        close(self)

    def compare(puzzle: Puzzle, path_grid: np.ndarray) -> bool:
        alone = solve(puzzle, timeout=60, workers=1)
        children.clear()
        with monkeypatch.context() as patch:
            patch.setattr(workers, "SHARE_AFTER", 0.0)
            patch.setattr(workers.Team, "close", recording_close)
            patch.setattr(Search, "dive", lambda self, deadline: False)
            patch.setattr(solver.scouting, "fits", lambda puzzle: False)
            shared = solve(puzzle, timeout=60, workers=3)
        check_result(puzzle, shared)
        assert shared.status is alone.status, puzzle.givens.tolist()
        if shared.status is Status.UNIQUE:
            assert np.array_equal(shared.solution, path_grid)
        return bool(children)

    return compare


def test_shared_search_agrees_with_one_process(shared_alike) -> None:
    """Random boards, solved by one process and by three sharing the tree, agree."""

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(path_puzzles(max_side=8, min_side=3))
    def agree(case) -> None:
        shared_alike(*case)

    agree()


def test_the_agreement_test_shares_its_searches(shared_alike) -> None:
    """The comparison above is not of solve with itself: on a fixed sample of sparse boards
    (the property test's own examples vary, and many end at their first guess, with
    nothing to hand on) many searches are split among the processes."""
    rng = random.Random(5405)
    shared = []
    for _ in range(24):
        rows, cols = rng.randint(5, 8), rng.randint(5, 8)
        grid = grid_of(rows, cols, random_path(rows, cols, rng))
        keep = np.array([rng.random() < 0.15 for _ in range(rows * cols)]).reshape(rows, cols)
        shared.append(shared_alike(Puzzle(np.where(keep, grid, 0).astype(np.int16)), grid))
    assert sum(shared) >= len(shared) // 3, shared  # (12 of 24 as written)


def test_refutation_counts_are_pooled_with_every_child_and_grandchild() -> None:
    team = workers.Team(2, 2)
    table = team.pooled_counts(Counter({3: 5, 8: 1}), 10)
    assert team.pooled_counts(Counter(), 10) is table  # (made once, then shared)
    pid = os.fork()
    if pid == 0:  # a child, which forks a grandchild as a split part would
        code = 1
        try:
            table[3] += 2
            grandchild = os.fork()
            if grandchild == 0:
                table[9] += 4
                os._exit(0)
            os.waitpid(grandchild, 0)
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert status == 0
    table[8] += 1
    assert list(table) == [0, 0, 0, 7, 0, 0, 0, 0, 2, 4]


def test_parts_searched_by_children_add_to_the_coordinators_refutation_counts(
    share_at_once, groups, monkeypatch
) -> None:
    """What a child learns of where refutations come from steers every process: each part
    a child searches to its end marks count 0 (no number's) in its search's counts, and the
    coordinator's counts show every mark (unique boards: every part is searched to its
    end)."""
    coordinator: list[Search] = []
    run = Search.run

    def marking(self, limit, deadline, node_budget=None, refute=None):
        if refute is None and not self.diving:
            coordinator.append(self)
        exhausted = run(self, limit, deadline, node_budget, refute)
        if refute is not None:
            self.failures[0] += 1  # (in a child: its part is done)
        return exhausted

    monkeypatch.setattr(Search, "run", marking)
    assert_corpus_verdicts("corpus-v1-12x12", ["12x12-minimal-04", "12x12-minimal-09"])
    assert groups, "no search was shared, so nothing was tested"
    marks = sum(search.failures[0] for search in coordinator)
    assert marks >= len(groups)  # (one part at least from each child the coordinators forked)
    assert_no_process_left(groups)


def test_hard_boards_keep_their_proofs(share_at_once, groups) -> None:
    ids = ["12x12-minimal-04", "12x12-minimal-09", "12x12-multiple-00"]
    for result in assert_corpus_verdicts("corpus-v1-12x12", ids):
        assert result.stats.nodes > 0
    assert groups
    assert_no_process_left(groups)


def test_restarts_keep_the_guesses_other_processes_search_under(
    share_at_once, groups, monkeypatch
) -> None:
    """A search shared from its first guess, restarting after every few guesses, in the
    parts handed to children as well: a restart drops only the guesses below the newest one
    whose other side another process searches, back to the part's own start at most (see
    test_solver's test of `_restart`), so the parts still add up to the whole tree and
    every verdict stands."""
    handed_out: list[bool] = []  # per restart: did it keep a guess a child searches under?
    in_children = workers.Team(2, 2).pooled_counts([0], 1)  # restarts in children (shared)
    coordinator = os.getpid()
    restart = Search._restart

    def recording(self, frames):
        if os.getpid() == coordinator:
            handed_out.append(any(frame.given for frame in frames))
        else:
            in_children[0] += 1
        return restart(self, frames)

    monkeypatch.setattr(solver.search, "_RESTART_FIRST", 1)
    monkeypatch.setattr(Search, "_restart", recording)
    ids = [f"12x12-minimal-{k:02d}" for k in range(0, 20, 2)] + ["12x12-multiple-00"]
    assert_corpus_verdicts("corpus-v1-12x12", ids)
    assert any(handed_out), "no restart met a guess handed to a child, so nothing was tested"
    assert in_children[0] > 0, "no part handed to a child restarted, so nothing was tested"
    assert groups
    assert_no_process_left(groups)


def test_counting_past_two_adds_up_every_part(share_at_once, groups) -> None:
    # 3x4 with a corner given: every process's solutions count, none twice.
    puzzle = Puzzle.from_rows([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    want = len(matching(puzzle))
    assert want > 3
    result = solve(puzzle, limit=want + 5, workers=2)
    assert len(result.solutions) == want
    assert len({s.tobytes() for s in result.solutions}) == want
    assert all(puzzle.is_solution(s) for s in result.solutions)
    assert_no_process_left(groups)


def _hard_board() -> Puzzle:
    # Seconds of search even with two processes (its first guess comes at 0.1 s), so a
    # 0.3 s deadline always cuts a shared search short (a 12x12 board and then a 15x15 one
    # once used here are now proved in well under a second).
    puzzles, _ = corpus_boards("corpus-v1-10x20", ["10x20-minimal-02"])
    return puzzles[0]


# boards that take a few guesses, with a guess below another, so shared searches split
NINE_BY_NINE = ["9x9-minimal-05", "9x9-minimal-06", "9x9-multiple-00", "9x9-multiple-02"]


def solve_counting_fallbacks(monkeypatch) -> list[int]:
    """Record the `workers` of every search `solve` starts (1 after a shared one broke)."""
    starts: list[int] = []
    inner = solver._solve

    def counting(puzzle, limit, deadline, on_event, max_nodes, workers, *rest):
        starts.append(workers)
        return inner(puzzle, limit, deadline, on_event, max_nodes, workers, *rest)

    monkeypatch.setattr(solver, "_solve", counting)
    return starts


def assert_right_after_fallback(monkeypatch, groups) -> None:
    starts = solve_counting_fallbacks(monkeypatch)
    assert_corpus_verdicts("corpus-v1-9x9", NINE_BY_NINE)
    assert 1 in starts, "no shared search broke, so nothing was tested"
    assert groups
    assert_no_process_left(groups)


def test_a_child_that_dies_is_searched_again_alone(share_at_once, groups, monkeypatch) -> None:
    monkeypatch.setattr(workers.Team, "_run_child", lambda self, work, nodes: os._exit(0))
    assert_right_after_fallback(monkeypatch, groups)


def test_a_child_that_fails_is_searched_again_alone(share_at_once, groups, monkeypatch) -> None:
    def broken_work(self, work, nodes):
        return run_child(self, lambda: 1 / 0, nodes)

    run_child = workers.Team._run_child
    monkeypatch.setattr(workers.Team, "_run_child", broken_work)
    assert_right_after_fallback(monkeypatch, groups)


def test_deadline_stops_every_process(share_at_once, groups, monkeypatch) -> None:
    """A deadline that passes while the search is shared ends it as a timeout, and no
    process of it is left. The deadline is set to fall 0.3 s after the first split, for
    the coordinator and the child alike: when the split comes depends on the machine's
    load (0.15 to 0.5 s from the start on a busy one), so no fixed timeout is sure to fall
    after it and before the search ends by itself."""
    split = Search._split
    ends: list[float] = []

    def split_then_end_soon(self, frames, limit, deadline):
        if not ends:
            ends.append(time.monotonic() + 0.3)
        split(self, frames, limit, ends[0])
        self.deadline = ends[0]

    monkeypatch.setattr(Search, "_split", split_then_end_soon)
    started = time.monotonic()
    result = solve(_hard_board(), workers=2, max_nodes=None, timeout=60)
    assert result.status is Status.TIMEOUT
    assert time.monotonic() - started < 30  # (the deadline set at the split, not the 60 s)
    assert groups
    assert_no_process_left(groups)


def test_no_sharing_off_the_main_thread_or_when_watched(share_at_once, monkeypatch) -> None:
    def no_fork():
        raise AssertionError("forked")

    monkeypatch.setattr(workers, "_fork", no_fork)
    puzzle = sparse_boards(6, 6, 1, 0.1, seed=3)[0]
    want = solve(puzzle, workers=1).status
    # watched searches, node budgets and first-solution searches stay in one process
    assert solve(puzzle, workers=2, on_event=lambda event: None).status is want
    assert solve(puzzle, workers=2, max_nodes=10**6).status is want
    assert solve(puzzle, workers=2, limit=1).status in (Status.SOLVED, Status.NONE)
    seen = []
    thread = threading.Thread(target=lambda: seen.append(solve(puzzle, workers=2).status))
    thread.start()
    thread.join()
    assert seen == [want]


def test_command_line_answers_do_not_depend_on_jobs(tmp_path) -> None:
    import subprocess

    # The first four boards of each kind (unique, several solutions, none, a slip): every
    # verdict, at a third of the file's time
    blocks = (CORPUS / "corpus-v1-9x9.txt").read_text().split("\n\n")
    kept = [block for block in blocks if re.search(r"^# id: 9x9-\w+-0[0-3]$", block, re.M)]
    assert len(kept) == 16
    path = tmp_path / "boards.txt"
    path.write_text("\n\n".join(kept) + "\n")
    runs = [
        subprocess.run(
            [sys.executable, "-m", "numbrix_curses", "check", str(path), "--jobs", jobs],
            capture_output=True, text=True, timeout=300, env=cli_env(),
        )
        for jobs in ("1", "2")
    ]
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].returncode == runs[1].returncode == 1  # the file holds multiple/none boards
    assert "multiple" in runs[0].stdout and "unique" in runs[0].stdout
    for command in (["grade"], ["print", "--solutions"]):
        outputs = {
            subprocess.run(
                [sys.executable, "-m", "numbrix_curses", *command, str(path), "--jobs", jobs],
                capture_output=True, text=True, timeout=300, env=cli_env(),
            ).stdout
            for jobs in ("1", "2")
        }
        assert len(outputs) == 1, f"{command} differs with --jobs"
        assert outputs.pop().strip()
    bad = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", "check", str(path), "--jobs", "0"],
        capture_output=True, text=True, timeout=60, env=cli_env(),
    )
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "--jobs" in bad.stderr


# ------------------------------------------------------------------ the root partner
# On boards past 15x15 a second process probes the root beside the search, the board turned
# round (last cell first, last number first), and the two trade the candidates they struck
# and their counts of refuted probes.


@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    seed=st.integers(0, 2**32 - 1),
)
@settings(max_examples=200, deadline=None)
def test_a_board_turned_round_has_each_number_where_the_turn_puts_it(rows, cols, seed) -> None:
    rng = random.Random(seed)
    cells = rows * cols
    width = cells + 7 >> 3
    last = cells
    dom = [0] + [rng.getrandbits(cells) for _ in range(last)] + [0]
    counts = [rng.randrange(256) for _ in range(last + 2)]

    def turned(mask: int) -> int:
        return sum(1 << (cells - 1 - i) for i in range(cells) if mask >> i & 1)

    plain = solver.partner.encode(dom, counts, width, cells, False)
    assert len(plain) == solver.partner.traded_length(last, cells)
    seen_dom, seen_counts = solver.partner.decode(plain, width, cells, True)
    assert seen_dom == [turned(dom[last + 1 - v]) for v in range(last + 2)]
    assert list(seen_counts) == counts[::-1]
    # and the partner's blob, turned back, is what it holds in the maker's frame
    turned_back = solver.partner.encode(seen_dom, list(seen_counts), width, cells, True)
    back = solver.partner.decode(turned_back, width, cells, False)
    assert back == (dom, bytes(counts))


class _Slots:
    """Two partners' slots in one process, for trading without a fork."""

    def __init__(self) -> None:
        self.slots: list[bytes | None] = [None, None]

    def side(self, mine: int):
        slots = self.slots
        seen: list[bytes | None] = [None]

        class Side:
            pid = -1  # (a partner "started" already: no fork here)

            def publish(self, blob: bytes) -> None:
                slots[mine] = blob

            def take(self) -> bytes | None:
                blob = slots[1 - mine]
                if blob is seen[0]:
                    return None
                seen[0] = blob
                return blob

            def stopped(self) -> bool:
                return False

        return Side()


@pytest.mark.parametrize("board", ["20x20-minimal-01", "20x20-multiple-01"])
def test_what_the_turned_board_deduces_reaches_the_maker_and_holds(board) -> None:
    [puzzle], answers = corpus_boards("corpus-v1-20x20", [board])
    path = {int(v): cell for cell, v in enumerate(answers[board].reshape(-1))}
    maker = Search(puzzle.geometry, puzzle)
    maker.setup()
    maker._settle()
    turned = solver.partner.turned_round(maker)
    turned._check()  # the root probing, alone
    before = sum(map(int.bit_count, maker.dom))
    slots = _Slots()
    maker.partner, turned.partner = slots.side(0), slots.side(1)
    maker.failures[7] = 3  # as if 7's probes had failed three times in the maker
    assert not maker._trade(now=True)  # (nothing from the partner yet)
    assert turned._trade(now=True) is False  # takes 7's count, and nothing it lacks
    assert turned.failures[puzzle.size + 1 - 7] >= 3
    assert maker._trade(now=True)  # the turned board's facts narrow the maker's
    # every number's cell in the board's own path survives (a mirroring slip would strike it)
    assert all(maker.dom[v] >> path[v] & 1 for v in range(1, puzzle.size + 1))
    assert sum(map(int.bit_count, maker.dom)) < before
    for v in range(1, puzzle.size + 1):
        assert maker.failures[v] >= min(255, turned.failures[puzzle.size + 1 - v])
    assert sum(turned.failures.values()) > 0


def test_partners_read_each_others_slots_and_the_maker_ends_the_partner() -> None:
    partner = workers.Partner(4)
    assert partner.take() is None  # nothing written yet

    def echo(mine: workers.Partner) -> None:
        while not mine.stopped():
            blob = mine.take()
            if blob is not None:
                mine.publish(blob[::-1])
            time.sleep(0.001)

    assert partner.start(echo)
    partner.publish(b"\x01\x02\x03\x04")
    for _ in range(5000):
        answer = partner.take()
        if answer is not None:
            break
        time.sleep(0.001)
    assert answer == b"\x04\x03\x02\x01"
    child = partner.pid
    partner.stop()
    with pytest.raises(ChildProcessError):
        os.waitpid(child, os.WNOHANG)  # reaped: nothing left behind
    partner.stop()  # a second stop is harmless


@pytest.fixture
def partners(monkeypatch):
    """The pids of the root partners started, recorded as each starts."""
    started: list[int] = []
    start = workers.Partner.start

    def recording_start(self, work):
        made = start(self, work)
        started.append(self.pid)
        return made

    monkeypatch.setattr(workers.Partner, "start", recording_start)
    return started


def test_big_boards_keep_their_verdicts_with_a_partner_at_the_root(partners) -> None:
    assert_corpus_verdicts("corpus-v1-20x20", ["20x20-minimal-01", "20x20-multiple-01"])
    assert len(partners) == 2
    for child in partners:
        with pytest.raises(ChildProcessError):
            os.waitpid(child, os.WNOHANG)


def test_an_easy_big_board_starts_no_partner(partners, monkeypatch) -> None:
    # (a wide margin, so a loaded machine cannot make the root look long)
    monkeypatch.setattr(solver.search, "_PARTNER_AFTER", 1.0)
    # A clue-minimal 20x20 with every 20th number given as well: probed at the root for a
    # few ms, as an easy puzzle is (generating one took the test 6 s).
    puzzles, answers = corpus_boards("corpus-v1-20x20", ["20x20-minimal-01"])
    answer = answers[puzzles[0].id]
    easy = Puzzle(np.where((answer % 20 == 0) | (puzzles[0].givens > 0), answer, 0))
    result = solve(easy, workers=2)
    assert result.status is Status.UNIQUE
    assert partners == []  # a fork would cost as much as the whole search


def test_a_partner_that_fails_at_once_changes_no_verdict(partners, monkeypatch) -> None:
    def failing(maker, partner):
        raise RuntimeError("partner broken")

    monkeypatch.setattr(solver.search, "partner_root", failing)
    assert_corpus_verdicts("corpus-v1-20x20", ["20x20-minimal-01"])
    assert len(partners) == 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_ctrl_c_during_the_root_leaves_no_partner_behind(tmp_path) -> None:
    import subprocess

    from numbrix_curses.textformat import format_compact

    [puzzle], _ = corpus_boards("corpus-v1-20x20", ["20x20-minimal-02"])  # ~1.5 s at the root
    path = tmp_path / "big.txt"
    path.write_text(format_compact(puzzle))
    env = cli_env()
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "check", str(path), "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        # and Ctrl-C at its default, as there, even when the tests run where it is ignored
        # (a job a script starts with & inherits SIGINT ignored, and so would the command)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # wait until the partner runs beside it (two processes in the group)
        for _ in range(2000):
            if len(running_in(child.pid)) >= 2 or child.poll() is not None:
                break
            time.sleep(0.005)
        assert len(running_in(child.pid)) >= 2, "no partner process was started"
        os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130
    assert "Traceback" not in err
    for _ in range(100):
        if not running_in(child.pid):
            break
        time.sleep(0.01)
    assert running_in(child.pid) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal")
def test_a_child_told_to_die_with_its_parent_ends_when_the_parent_ends() -> None:
    """`die_with_parent`: a search process whose coordinator has ended (unreaped, its caller
    still reading its output) ends at once rather than at its next look."""
    read_end, write_end = os.pipe()
    middle = os.fork()
    if middle == 0:  # (the coordinator: forks the child, tells its pid, ends)
        try:
            workers.ready_to_fork()
            parent = os.getpid()
            child = os.fork()
            if child == 0:
                workers.die_with_parent(parent)
                time.sleep(60)
                os._exit(0)
            os.write(write_end, str(child).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    child = int(os.read(read_end, 32))
    os.close(read_end)
    os.waitpid(middle, 0)
    stat = Path(f"/proc/{child}/stat")
    for _ in range(300):
        if not stat.exists() or stat.read_text().split(") ")[-1][0] in "ZX":
            break
        time.sleep(0.01)
    else:
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the child outlived its parent")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_a_ctrl_c_and_a_sigterm_at_once_keep_the_first_and_stop_every_process(tmp_path) -> None:
    """`check --jobs 2` got Ctrl-C and SIGTERM at once (a terminal closed, a supervisor's
    stop): it said "stopped (SIGTERM)" and ended 143, and a search process, cut short
    while it stopped them, searched on for a minute, holding the caller's pipes open."""
    import subprocess

    from numbrix_curses.textformat import format_compact

    [puzzle], _ = corpus_boards("corpus-v1-20x20", ["20x20-minimal-02"])
    path = tmp_path / "double-stop.txt"
    path.write_text(format_compact(puzzle))
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "check", str(path), "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(),
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        for _ in range(2000):  # until a second process searches beside it
            if len(processes_running(str(path))) >= 2 or child.poll() is not None:
                break
            time.sleep(0.005)
        assert len(processes_running(str(path))) >= 2, "no second process was started"
        child.send_signal(signal.SIGINT)
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=30)  # (ends with the last process holding it)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert (child.returncode, err) == (130, "numbrix: interrupted\n")
    wait_until(lambda: processes_running(str(path)), lambda found: not found,
               "every search process gone")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
@pytest.mark.parametrize("first, code, how", [(2, 130, "interrupted"), (1, 129, "stopped")])
def test_generate_stopped_twice_at_once_says_the_first_stop(tmp_path, first: int, code: int,
                                                             how: str) -> None:
    """Ctrl-C (or a hang-up) and SIGTERM at once: generate said the second, 143."""
    import subprocess

    out_file = tmp_path / "out.txt"
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "generate", "--size", "15", "--count", "50",
         "--jobs", "2", "--format", "compact", "--output", str(out_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(),
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        for _ in range(2000):  # until both workers run beside it
            if len(running_in(child.pid)) >= 3 or child.poll() is not None:
                break
            time.sleep(0.005)
        child.send_signal(first)
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == code
    assert re.fullmatch(rf"numbrix generate: {how} (after \d+ of 50 puzzles, which (is|are) "
                        r"written|before the first puzzle was made; nothing written)\n", err)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
@pytest.mark.parametrize("signum, code", [(15, 143), (1, 129), (3, 131)])
def test_generate_told_to_stop_stops_its_workers(tmp_path, signum: int, code: int) -> None:
    """`generate --jobs 2` killed with SIGTERM (`timeout`, `kill`) or SIGHUP (a terminal
    closed) died at once and left its workers running for good; Ctrl-\\ (SIGQUIT) ended
    it without a word and lost the puzzles it had finished."""
    import subprocess

    env = cli_env()
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "generate", "--size", "15", "--count", "50",
         "--jobs", "2", "--format", "compact", "--output", str(tmp_path / "out.txt")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,  # (its own group: its workers are found by it)
    )
    try:
        for _ in range(2000):  # until both workers run beside it
            if len(running_in(child.pid)) >= 3 or child.poll() is not None:
                break
            time.sleep(0.005)
        assert len(running_in(child.pid)) >= 3, "no workers were started"
        child.send_signal(signum)  # the command only, as `kill` does
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == code
    for _ in range(500):
        if not running_in(child.pid):
            break
        time.sleep(0.01)
    assert running_in(child.pid) == []
    out_file = tmp_path / "out.txt"
    if err.strip() == ("numbrix generate: stopped before the first puzzle was made; nothing "
                       "written"):
        assert not out_file.exists()  # stopped before its first puzzle: nothing written
    else:  # (a slow machine: a puzzle was finished first, and it is kept)
        written = re.fullmatch(r"numbrix generate: stopped after (\d+) of 50 puzzles, "
                               r"which (?:is|are) written", err.strip().splitlines()[-1])
        assert written, err
        made = int(written[1])
        assert out_file.read_text().count("# id:") == made


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(signal, "SIGHUP"),
                    reason="needs /proc to see processes, and hang-ups")
def test_generate_started_with_nohup_outlives_a_hang_up(tmp_path) -> None:
    """`nohup numbrix generate ... &`: the terminal hangs up, and the puzzles are still all
    made. The command's own handler took the place of the ignored SIGHUP and stopped it
    ("hung up"), and its workers were given the default action, which ended them."""
    import subprocess

    out_file = tmp_path / "out.txt"
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "generate", "--size", "12", "--count", "6",
         "--jobs", "2", "--format", "compact", "--output", str(out_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(),
        start_new_session=True,  # (its own group, as a job of the shell is)
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),  # as nohup starts it
    )
    try:
        for _ in range(2000):  # until both workers run beside it
            if len(running_in(child.pid)) >= 3 or child.poll() is not None:
                break
            time.sleep(0.005)
        assert child.poll() is None, "it ended before the hang-up"
        os.killpg(child.pid, signal.SIGHUP)  # the whole job, as a hang-up reaches it
        out, err = child.communicate(timeout=COMMAND_TIMEOUT)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert (child.returncode, err) == (0, "")
    assert out_file.read_text().count("# id:") == 6


def test_a_ctrl_c_while_forking_comes_once_the_fork_is_done() -> None:
    """In Python's at-fork hooks a Ctrl-C was printed ("Exception ignored in ...") and lost:
    `generate --jobs 8` then made all its puzzles before it stopped."""
    reached = False
    with pytest.raises(KeyboardInterrupt):
        with workers.stops_held_back():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # (a Ctrl-C let in raises within a few bytecodes)
            reached = True
    assert reached


def test_a_generating_worker_forked_during_a_ctrl_c_ignores_it() -> None:
    """A Ctrl-C for the whole job, arriving as a worker starts (before its handlers are its
    own), is dropped there; it printed a traceback and broke the pool."""
    from numbrix_curses import puzzlepool

    with workers.stops_held_back():
        pid = os.fork()
        if pid == 0:
            try:
                os.kill(os.getpid(), signal.SIGINT)  # held: the command's handler would raise
                puzzlepool._ignore_interrupts(os.getppid())
                time.sleep(0.05)
                os._exit(0 if signal.getsignal(signal.SIGINT) is signal.SIG_IGN else 3)
            except BaseException:
                os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


@pytest.mark.skipif(os.name != "posix", reason="a parent gone is seen on POSIX systems only")
def test_a_worker_whose_maker_died_while_it_started_ends_at_once() -> None:
    """`generate --jobs` killed outright just as it forked a worker: the worker's own parent
    id no longer names its maker when it starts, so it watches the pid its maker gave it,
    and ends at once instead of waiting forever for work (seen once in the test below)."""
    import subprocess

    from numbrix_curses import puzzlepool

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # (reaped: its pid names no process)
    pid = os.fork()
    if pid == 0:
        try:
            puzzlepool._ignore_interrupts(gone.pid)
            time.sleep(10)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    # (status 1, not the 0 after its sleep: it ended before sleeping, whatever the clock says)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1


def processes_running(marker: str) -> dict[int, tuple[str, int]]:
    """pid -> (state, process group) of the living processes whose command line holds
    `marker`."""
    found = {}
    for proc, state, group in living_processes():
        try:
            if marker in (proc / "cmdline").read_bytes().decode(errors="replace"):
                found[int(proc.name)] = (state, group)
        except OSError:
            continue  # (gone meanwhile)
    return found


def wait_until(look, predicate, what: str) -> dict:
    """Poll `look()` until `predicate` holds of what it found (10 s at most); returns that."""
    for _ in range(1000):
        found = look()
        if predicate(found):
            return found
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}: {look()}")


def long_search_board(folder: Path, name: str) -> Path:
    """A file holding a board whose search runs past a minute with two processes."""
    hard = CORPUS.parent / "hard" / "structured.txt"
    [puzzle] = [p for p in read_puzzles(str(hard)) if p.id == "spiral-bent-12x12-2003"]
    board = folder / name
    board.write_text(format_compact(puzzle) + "\n")
    return board


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or shutil.which("bash") is None,
                    reason="needs /proc to see processes, and a shell with job control")
def test_ctrl_z_stops_every_process_of_a_shared_search_and_fg_goes_on(tmp_path) -> None:
    """As a user does it in a shell: a long `numbrix check`, Ctrl-Z, `fg`, then Ctrl-C. The
    processes a search is shared with have process groups of their own, which the terminal
    does not stop: they kept a core busy each while the command was suspended."""
    import shlex

    from tty_harness import Terminal, app_command

    board = long_search_board(tmp_path, "suspended-check.txt")
    marker = str(board)

    def states(found: dict[int, tuple[str, int]]) -> set[str]:
        return {state for state, _ in found.values()}

    def wait(predicate, what: str) -> dict[int, tuple[str, int]]:
        return wait_until(lambda: processes_running(marker), predicate, what)

    term = Terminal(["bash", "--norc", "--noprofile", "-i"], PS1="$ ", HISTFILE=os.devnull)
    with term:
        term.wait_text("$ ")
        term.send(shlex.join(app_command("check", "--jobs", "2", str(board))) + "\r")
        # (the command leads the job's group; a process the search is shared with leads
        # its own)
        wait(lambda found: len({group for _, group in found.values()}) >= 2,
             "the search shared")
        term.send("\x1a")
        term.wait_text("Stopped")
        wait(lambda found: states(found) == {"T"}, "every process stopped")
        term.send("fg\r")
        wait(lambda found: found and "T" not in states(found), "every process going on")
        term.send("\x03")
        term.wait_text("numbrix: interrupted")
        wait(lambda found: not found, "no process left")
        term.send("exit 0\r")
        assert term.wait_exit() == 0


def descendants(pid: int) -> dict[int, str]:
    """pid -> state of every living process below `pid` (children, their children, ...)."""
    below: dict[int, list[tuple[int, str]]] = {}
    for proc, state, _ in living_processes():
        try:
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue  # (gone meanwhile)
        below.setdefault(parent, []).append((int(proc.name), state))
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        for child, state in below.get(todo.pop(), []):
            found[child] = state
            todo.append(child)
    return found


def wait_for_processes(pid: int, predicate, what: str) -> dict[int, str]:
    return wait_until(lambda: descendants(pid), predicate, what)


def own_state(pid: int) -> dict[int, str]:
    """{pid: its state}, or nothing once it has gone."""
    try:
        return {pid: Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]}
    except OSError:
        return {}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
@pytest.mark.parametrize("command", ["check", "generate"])
def test_a_stop_sent_to_the_command_alone_stops_its_workers_and_a_continue_goes_on(
        tmp_path, command: str) -> None:
    """`kill -TSTP PID` of the command, not of its process group (as a script or a job
    runner stops one process): the command stopped, but the processes it shares its work
    with (a search's scout and parts, `generate`'s workers) went on, a core busy each. They
    stop with it, go on with `kill -CONT PID`, and the answer is the one it gives unstopped."""
    import subprocess

    if command == "check":
        board = tmp_path / "board.txt"
        # (a search of a few seconds with two processes, shared with a scout at once)
        [puzzle] = [p for p in read_puzzles(str(CORPUS / "corpus-v1-10x20.txt"))
                    if p.id == "10x20-minimal-01"]
        board.write_text(format_compact(puzzle) + "\n")
        argv = ["check", "--jobs", "2", str(board)]
        others = 1
    else:
        argv = ["generate", "--size", "12", "--count", "6", "--jobs", "2", "--seed", "5",
                "--format", "compact"]
        others = 2
    # (a process group of its own, as a shell's job: started with start_new_session, or in
    # this process's group, it could be an orphaned group, and the system drops a SIGTSTP
    # to one)
    child = subprocess.Popen([sys.executable, "-m", "numbrix_curses", *argv],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=cli_env(), preexec_fn=os.setpgrp)

    def every_process() -> dict[int, str]:
        return {**descendants(child.pid), **own_state(child.pid)}

    try:
        wait_for_processes(child.pid, lambda found: len(found) >= others, "the work shared")
        os.kill(child.pid, signal.SIGTSTP)
        found = wait_until(every_process, lambda found: set(found.values()) == {"T"},
                           "every process stopped")
        assert len(found) > others
        os.kill(child.pid, signal.SIGCONT)
        wait_until(every_process, lambda found: "T" not in set(found.values()),
                   "every process going on")
        out, err = child.communicate(timeout=COMMAND_TIMEOUT)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 0, err
    if command == "check":
        assert out == "10x20-minimal-01: unique\n"
    else:
        assert out.count("# id: 12x12-medium-") == 6


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or shutil.which("bash") is None,
                    reason="needs /proc to see processes, and a shell with job control")
def test_ctrl_z_in_the_app_stops_its_background_search_and_fg_goes_on(tmp_path) -> None:
    """The app hands a long solve to a process of its own (in a session of its own, out of
    the terminal's reach), which shares it among the cores: suspended with Ctrl-Z, the app
    stopped but those processes kept every core busy until `fg`."""
    import shlex

    from tty_harness import Terminal, app_command

    board = long_search_board(tmp_path, "suspended-play.txt")

    term = Terminal(["bash", "--norc", "--noprofile", "-i"], PS1="$ ", HISTFILE=os.devnull)
    with term:
        term.wait_text("$ ")
        term.send(shlex.join(app_command("play", str(board))) + "\r")
        shell = term.child.pid
        # the app, the child it hands the search to after half a second, and that child's
        # partners in the search
        found = wait_for_processes(shell, lambda found: len(found) >= 3, "the search shared")
        app = min(found)  # (started first, and nothing ran in between to take a pid)
        term.send("\x1a")
        term.wait_text("Stopped")
        found = wait_for_processes(
            shell, lambda found: set(found.values()) == {"T"}, "every process stopped")
        assert app in found and len(found) >= 3
        term.send("fg\r")
        wait_for_processes(shell, lambda found: found and "T" not in set(found.values()),
                           "every process going on")
        term.send("q")
        term.wait_text("$ ")
        wait_for_processes(shell, lambda found: not found, "no process left")
        term.send("exit 0\r")
        assert term.wait_exit() == 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_a_process_job_stops_and_goes_on_with_the_app() -> None:
    """`children_stopped` stops a job's child, though its process group is orphaned (a
    session of its own), where a plain SIGTSTP would be dropped by the system."""
    from numbrix_curses.jobs import children_stopped, generation_job

    job = generation_job(30, 30, "fiendish", 1)  # (tens of seconds)

    def job_processes() -> dict[int, str]:
        """The job's child and what it forked (not other tests' leftovers)."""
        found = descendants(job.pid)
        try:
            found[job.pid] = Path(f"/proc/{job.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            pass
        return found

    def catches_ctrl_z(found: dict[int, str]) -> bool:
        """Has the child set its handler (SigCgt: the signals caught, bit n-1 for n)?"""
        try:
            status = Path(f"/proc/{job.pid}/status").read_text()
        except OSError:
            return False
        caught = int(re.search(r"SigCgt:\s*([0-9a-f]+)", status).group(1), 16)
        return bool(caught >> (signal.SIGTSTP - 1) & 1)

    try:
        wait_until(job_processes, catches_ctrl_z, "the job's child ready")
        with children_stopped():
            wait_until(job_processes, lambda found: set(found.values()) == {"T"},
                       "the child stopped")
            assert not job.done
        wait_until(job_processes, lambda found: found and "T" not in set(found.values()),
                   "the child going on")
    finally:
        job.cancel()
    assert job.wait(10)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_generate_killed_outright_leaves_no_worker_running(tmp_path) -> None:
    """A parent killed with SIGKILL cannot stop its workers: they see it gone and end."""
    import subprocess

    env = cli_env()
    child = subprocess.Popen(
        [sys.executable, "-m", "numbrix_curses", "generate", "--size", "15", "--count", "50",
         "--jobs", "2", "--format", "compact"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True,
    )
    try:
        for _ in range(2000):
            if len(running_in(child.pid)) >= 3 or child.poll() is not None:
                break
            time.sleep(0.005)
        assert len(running_in(child.pid)) >= 3, "no workers were started"
        child.kill()
        child.wait(timeout=10)
        for _ in range(1000):  # (each looks once a second)
            if not running_in(child.pid):
                break
            time.sleep(0.01)
        assert running_in(child.pid) == []
    finally:
        if running_in(child.pid):
            os.killpg(child.pid, signal.SIGKILL)
