"""Faults from outside: a process killed while writing, a directory that refuses files, a
full disk, and an app started where it cannot work.

- Files the program writes are replaced whole or not at all: a writer killed at a random
  moment leaves the old file or the complete new one, never a mix.
- `numbrix generate --output` into a read-only place or onto a full disk says so in one line
  and exits 2, leaving the old file as it was.
- The app whose saves fail tells the player once and plays on: the game stays in memory
  and can be finished.
- The app started without a usable terminal (standard input not a terminal, `TERM=dumb`)
  says what is wrong and exits 2; in a 10x5 terminal it says the terminal is too small
  and leaves cleanly with `q`.
"""
from __future__ import annotations

import errno
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from conftest import COMMAND_TIMEOUT, cli_env
from helpers import GIVENS
from numbrix_curses import atomic, cli
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.savestate import Store
from tty_harness import Board, app_command, expect_exit, play_command, start, wait_play

#: a child writing files is killed this many times, each at a random moment
KILL_ROUNDS = 6


def _child(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(),
    )


def _kill_when_busy(proc: subprocess.Popen, rng: random.Random) -> None:
    """Wait until the child says it is writing, let it run a random while, kill it."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "writing", proc.stderr.read() if proc.stderr else line
    try:
        proc.wait(timeout=rng.uniform(0.0, 0.4))  # the random moment; it never ends by itself
    except subprocess.TimeoutExpired:
        pass
    proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows: no clean-up runs
    proc.wait(timeout=COMMAND_TIMEOUT)
    assert proc.returncode != 0, "the writer ended by itself"


WRITER = """
    import sys
    from numbrix_curses.atomic import write_text_atomic

    target, size = sys.argv[1], int(sys.argv[2])
    versions = [letter * size + "\\n" for letter in "AB"]
    print("writing", flush=True)
    k = 0
    while True:
        write_text_atomic(target, versions[k % 2])
        k += 1
"""


def test_a_writer_killed_at_any_moment_leaves_a_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "puzzles.txt"
    old = "the old file\n"
    size = 2 * 1024 * 1024  # big enough that a kill often lands inside a write
    whole = {old, "A" * size + "\n", "B" * size + "\n"}
    rng = random.Random(7)
    for _ in range(KILL_ROUNDS):
        target.write_text(old)
        _kill_when_busy(_child(WRITER, str(target), str(size)), rng)
        content = target.read_text()
        assert content in whole, f"{len(content)} characters, starting {content[:20]!r}"
    # what a kill can leave is a hidden temporary file beside it, never a damaged target
    for path in tmp_path.iterdir():
        assert path == target or (path.name.startswith(".puzzles.txt.") and path.suffix == ".tmp")


SAVER = """
    import json
    import sys
    from pathlib import Path
    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store

    givens = json.loads(sys.argv[2])
    puzzle = Puzzle.from_rows(givens, {"id": "demo"})
    store = Store(Path(sys.argv[1]))
    game = Game(puzzle)
    store.save_game(puzzle, game, "demo", None)  # (a save to resume, before the kill can come)
    print("writing", flush=True)
    cells = [1, 2, 6, 10, 14]
    k = 0
    while True:
        cell = cells[k % len(cells)]
        game.set_value(cell, 0 if game.value(cell) else 2 + k % 3)
        store.save_game(puzzle, game, "demo", None)
        k += 1
"""


def test_an_app_killed_while_saving_leaves_a_save_that_resumes(tmp_path: Path) -> None:
    puzzle = Puzzle.from_rows(GIVENS, {"id": "demo"})
    rng = random.Random(11)
    for _ in range(KILL_ROUNDS):
        _kill_when_busy(_child(SAVER, str(tmp_path), json.dumps(GIVENS)), rng)
        store = Store(tmp_path)
        assert store.resume(puzzle) is not None, store.problems
        assert store.problems == []


# ----- generate --output: refused, full -------------------------------------------------------
def _generate(out: Path, capsys) -> tuple[int, str]:
    code = cli.main(["generate", "--size", "3", "--seed", "1", "--format", "compact",
                     "--output", str(out), "--force"])
    captured = capsys.readouterr()
    assert captured.out == ""
    return code, captured.err


def _leftovers(directory: Path, keep: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p != keep)


def test_generate_into_a_read_only_directory_is_one_line_and_exit_2(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    out = folder / "new.txt"
    out.write_text("old puzzles\n")
    # The temporary file refused the way the kernel refuses it in a folder made read-only
    # after the check before the work (a folder read-only from the start is refused by
    # that check, for all but the superuser, before any puzzle is made).
    real_open = open

    def refusing_open(file, mode="r", *args, **kwargs):
        if "x" in mode and Path(file).parent == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(atomic, "open", refusing_open, raising=False)
    code, err = _generate(out, capsys)
    assert code == 2
    # the file asked for, not a temporary name; the puzzles made are not lost for it
    said = f"numbrix generate: {out}: Permission denied: the puzzles are written to "
    assert err.startswith(said) and err.endswith(" instead\n") and err.count("\n") == 1
    rescued = Path(err[len(said):-len(" instead\n")])
    assert rescued.parent.name == "generated" and rescued.read_text().startswith("# id:")
    assert out.read_text() == "old puzzles\n"
    assert _leftovers(folder, out) == []


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_generate_onto_a_full_disk_is_one_line_and_exit_2(
    tmp_path: Path, capsys, monkeypatch, failing: str
) -> None:
    out = tmp_path / "new.txt"
    out.write_text("old puzzles\n")
    # (the folder for temporary files, the last place they would go, is the test's own)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    if failing == "fsync":
        def fsync(fd: int) -> None:
            raise full

        monkeypatch.setattr(atomic.os, "fsync", fsync)
    else:
        real_open = open

        class FillsUp(io.TextIOWrapper):
            def write(self, text: str) -> int:
                super().write(text[: len(text) // 2])  # half of it fits, then the disk is full
                self.flush()
                raise full

        def filling_open(file, mode="r", *args, **kwargs):
            if mode == "w":
                return FillsUp(real_open(file, "wb"), encoding="utf-8", newline="")
            return real_open(file, mode, *args, **kwargs)

        monkeypatch.setattr(atomic, "open", filling_open, raising=False)
    code, err = _generate(out, capsys)
    assert code == 2
    # (the state folder, where they would go instead, is on the full disk too)
    assert err.startswith(f"numbrix generate: {out}: {os.strerror(errno.ENOSPC)}; nor could they "
                          "go to ")
    assert err.endswith(": the puzzles made are lost\n") and err.count("\n") == 1
    assert out.read_text() == "old puzzles\n"
    assert _leftovers(tmp_path, out) == []


def test_generate_will_not_replace_a_device_with_a_file(tmp_path: Path, capsys) -> None:
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("no device file to try")
    code = cli.main(["generate", "--size", "3", "--output", os.devnull, "--force"])
    err = capsys.readouterr().err
    assert code == 2 and err == (f"numbrix generate: {os.devnull}: not a regular file; give the "
                                  "name of a file to write\n")
    assert not Path(os.devnull).is_file()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd here")
def test_generate_will_not_write_to_a_deleted_file_through_its_descriptor(tmp_path: Path) -> None:
    """Before: with standard output a file deleted while open, `--output /dev/stdout
    --force` exited 0 and wrote the puzzles to a new file named "#1234 (deleted)" beside
    it, where nobody looked for them (the write goes by the name the link holds). Named as
    a standard stream, the output is now written to the stream itself, the deleted file
    open as it; a link of one's own to the descriptor is a file's name, and refused."""
    link = tmp_path / "link.txt"
    link.symlink_to("/proc/self/fd/1")

    def run(output: str):
        with open(tmp_path / "out.txt", "w+b") as out:
            os.unlink(tmp_path / "out.txt")
            result = subprocess.run(
                [sys.executable, "-m", "numbrix_curses", "generate", "--size", "3", "--format",
                 "compact", "--output", output, "--force"],
                stdout=out, stderr=subprocess.PIPE, text=True, env=cli_env(),
                timeout=COMMAND_TIMEOUT)
            out.seek(0)
            return result, out.read().decode()

    result, written = run(str(link))
    assert result.returncode == 2 and result.stderr == (
        f"numbrix generate: {link}: leads to a file that is in no folder (deleted while "
        "open?); give the name of a file to write\n")
    assert written == "" and list(tmp_path.iterdir()) == [link]
    result, written = run("/proc/self/fd/1")
    assert result.returncode == 0 and written.startswith("# id: 3x3-")
    assert list(tmp_path.iterdir()) == [link]


def test_generate_that_runs_out_of_its_time_guard_is_one_line_and_exit_3(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """A machine so slow (or a process suspended so long) that no path is found in time."""
    from numbrix_curses import generator, pathgen

    def starved(rows, cols, *args, **kwargs):
        raise pathgen.PathTimeout(f"no {rows}x{cols} path found within the 20 s deadline "
                                  "(0 restarts)")

    monkeypatch.setattr(generator, "random_path", starved)
    out = tmp_path / "new.txt"
    code = cli.main(["generate", "--size", "9", "--count", "2", "--output", str(out)])
    captured = capsys.readouterr()
    assert code == 3 and captured.out == ""
    assert captured.err == ("numbrix generate: gave up after 0 of 2 puzzles: no 9x9 path found "
                            "within the 20 s deadline (0 restarts)\n")
    assert not out.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("half", ["--output", "--solutions"])
def test_a_half_of_generate_s_output_lost_says_where_the_other_half_is(tmp_path: Path,
                                                                       half: str) -> None:
    """Before: "numbrix: No space left on device", and nothing said that the puzzles were
    in their file and only the answer key (sent to standard output) was lost, or the other
    way round."""
    path = tmp_path / "half.txt"
    args = ["--output", str(path), "--solutions", "-"] if half == "--output" else [
        "--solutions", str(path)]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "numbrix_curses", "generate", "--size", "5", "--seed", "1",
             *args], stdout=full, stderr=subprocess.PIPE, text=True, env=cli_env(),
            timeout=COMMAND_TIMEOUT)
    lost, kept = (("the answer key", f"the puzzles are in {path}") if half == "--output"
                  else ("the puzzles", f"the answer key is in {path}"))
    assert result.returncode == 2
    assert result.stderr == (f"numbrix generate: {lost} could not be written to standard "
                             f"output ({os.strerror(errno.ENOSPC)}); {kept}\n")
    assert "# id: 5x5-medium-1" in path.read_text()


def test_a_save_queued_is_not_taken_for_one_that_worked(tmp_path: Path) -> None:
    """Once a save had failed, the next one queued cleared the failure before the disk
    had its say; its failure, reported late, then said "Could not save the game" again,
    over the message of the solve it came before (a fresh clone's test run met it)."""
    import threading

    from numbrix_curses.game import Game
    from numbrix_curses.ui.actions import Digit, SelectCell
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext

    store = Store(tmp_path / "state")
    let_go = threading.Event()
    let_go.set()

    def failing(path: Path, text: str) -> None:
        assert let_go.wait(30)
        raise OSError(errno.ENOSPC, "No space left on device")

    store._write_game = failing  # type: ignore[method-assign]
    screen = PlayScreen(AppContext(store), Game(Puzzle.from_rows(GIVENS)), "demo")
    try:
        screen.handle(SelectCell(0, 1))
        screen.handle(Digit(3))
        screen.after_draw()  # (queued for the writer)
        store.flush()
        screen.tick()
        assert screen.save_failed and screen.message.text.startswith("Could not save")
        let_go.clear()  # the next write hangs on the disk
        screen.message = None
        screen.handle(SelectCell(0, 2))
        screen.handle(Digit(2))
        screen.after_draw()
        screen.tick()
        assert screen.save_failed  # queued is not written
        let_go.set()
        store.flush()
        screen.tick()
        assert screen.save_failed and screen.message is None  # said once, not again
    finally:
        let_go.set()
        screen.solution_job.cancel()


# ----- the app ---------------------------------------------------------------------------------
def test_the_app_plays_on_when_its_saves_fail(tmp_path: Path, demo: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the state directory should go\n")
    # No save can be written under a file, whoever runs the test (even the superuser).
    term = start(play_command(str(demo)), blocker)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send("3")  # the cursor starts on the first blank cell
        board.wait_cell(0, 1, "3")
        term.wait_text("Could not save the game")
        assert "playing on" in term.text
        # The game goes on in memory: finish it.
        for row, col, number in ((0, 2, "2"), (2, 1, "13"), (2, 2, "12"), (1, 2, "15")):
            board.click(row, col)
            term.send(number)
            term.send_key("enter")
            board.wait_cell(row, col, number)
        term.wait_text("Solved")
        term.send("q")
        expect_exit(term)
    assert blocker.read_text() == "a file where the state directory should go\n"


def test_the_app_with_standard_input_not_a_terminal(tmp_path: Path) -> None:
    # stdout is the terminal, stdin is not: `numbrix < /dev/null` typed in a shell
    command = f'exec "{sys.executable}" -m numbrix_curses < "{os.devnull}"'
    with start(["/bin/sh", "-c", command], tmp_path) as term:
        expect_exit(term, 2)
        assert "numbrix: the app needs a terminal" in term.text
        assert b"\x1b[?1049h" not in bytes(term.raw)  # the screen was never taken over


def test_puzzles_read_from_the_keyboard_are_asked_for_and_end_at_ctrl_d(tmp_path: Path) -> None:
    """`numbrix check -` typed by itself waited for the keyboard without a word, which
    looked like a hang; it says what it waits for, and a pipe is read without the line."""
    with start(app_command("check", "-"), tmp_path) as term:
        term.wait_text("<stdin>: type or paste the puzzles, then Ctrl-D on a line of its own")
        term.send("1 . 3\r. . .\r. . 9\r")
        term.send("\x04")  # the end of what is typed, as the terminal reads it
        term.wait_text("<stdin>#1: unique")
        expect_exit(term, 0)
    piped = subprocess.run([sys.executable, "-m", "numbrix_curses", "check", "-"],
                           input="1 . 3\n. . .\n. . 9\n", capture_output=True, text=True,
                           env=cli_env(), timeout=COMMAND_TIMEOUT)
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, "<stdin>#1: unique\n", "")


@pytest.mark.parametrize("term_name", ["dumb", "no-such-terminal"])
@pytest.mark.parametrize("play", [False, True], ids=["menu", "play"])
def test_the_app_on_a_terminal_it_cannot_drive(
    tmp_path: Path, demo: Path, term_name: str, play: bool
) -> None:
    argv = play_command(str(demo)) if play else app_command()
    # (wide enough that the one line does not wrap)
    with start(argv, tmp_path, cols=120, TERM=term_name) as term:
        expect_exit(term, 2)
        lines = [line.strip() for line in term.lines if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("numbrix: "), lines
        assert "terminal" in lines[0]
        # the TERM value is named, so a misspelt one is found
        assert f"TERM={term_name}" in lines[0] or f"TERM='{term_name}'" in lines[0], lines
    assert not list(tmp_path.glob("**/*.json"))  # no game was started, so none was saved


@pytest.mark.parametrize("play", [False, True], ids=["menu", "play"])
def test_a_10x5_terminal_says_it_is_too_small_and_q_leaves(
    tmp_path: Path, demo: Path, play: bool
) -> None:
    argv = play_command(str(demo)) if play else app_command()
    with start(argv, tmp_path, rows=5, cols=10) as term:
        # the message is wrapped to the width, in its shortest wording: every part is there
        term.wait_for(lambda: re.search(r"Too small: need \d+ wide, \d+ high q leaves\.",
                                        term.flowing_text()),
                      what="the too-small message")
        term.send("q")
        expect_exit(term)
        assert bytes(term.raw).rfind(b"\x1b[?1049l") > bytes(term.raw).rfind(b"\x1b[?1049h")


def test_a_save_that_fails_as_the_app_closes_is_said_after_it(tmp_path: Path, demo: Path) -> None:
    """The last save, made as the game's screen closes, failed without a word: its message
    went to a screen no longer shown, and a crash report said "games in progress were
    saved" whatever happened."""
    term = start(play_command(str(demo)), tmp_path)
    board = Board(term, 4)
    with term:
        wait_play(term)
        term.send("3")
        board.wait_cell(0, 1, "3")
        term.send_key("enter")
        games = tmp_path / "numbrix-curses" / "games"
        deadline = time.monotonic() + 10
        while not list(games.glob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list(games.glob("*.json")), "the move was never saved"
        # No save can go there any more, whoever runs the test (even the superuser).
        games.rename(tmp_path / "games-moved")
        games.write_text("a file where the games should go\n")
        term.send("q")
        expect_exit(term)
        assert re.search(r"numbrix: could not save the game of demo \(.+\)", term.flowing_text()), (
            term.dump())


def test_a_file_that_cannot_be_replaced_is_said_in_the_save_prompt(monkeypatch, tmp_path):
    """After "Replace it?" a write that fails (a file set immutable) was said on the screen
    below: the prompt came back without a word, and the reason showed only once it was
    left. It is said in the prompt now, where another name can be typed."""
    from numbrix_curses.ui import saving
    from numbrix_curses.ui.panel import MessageKind
    from numbrix_curses.ui.screen import AppContext

    target = tmp_path / "kept.txt"
    target.write_text("old\n")

    def refused(path, text, **_):
        raise PermissionError(1, "Operation not permitted", str(path))

    monkeypatch.setattr(saving, "write_text_atomic", refused)
    saved = []
    prompt = saving.save_prompt(AppContext(Store(tmp_path)), Puzzle.from_rows(GIVENS),
                                "kept.txt", lambda path: {}, lambda *said: saved.append(said)
                                ).screen
    question = prompt.on_submit(str(target)).screen  # it exists: "Replace it?"
    assert "Replace it?" in question.question
    assert question.on_yes() is None  # the prompt stays, to take another name
    assert prompt.message is not None and prompt.message.kind is MessageKind.ERROR
    assert prompt.message.text.startswith(f"Could not write {target}:")
    assert saved == [] and target.read_text() == "old\n"


def test_puzzles_made_for_a_folder_removed_meanwhile_are_written_to_the_state_folder(
        monkeypatch, tmp_path, capsys):
    """The output's folder is checked before a run; removed while the puzzles were made, it
    lost them all. They go to the app's state folder now, and the line says where."""
    from numbrix_curses.cli import generating
    from numbrix_curses.cli.common import UsageError

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    gone = tmp_path / "gone"
    files = [(str(gone / "booklet.txt"), "the puzzles\n"), (str(gone / "key.txt"), "the key\n")]
    assert generating._write_kept(files, False, True) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"numbrix generate: {gone / 'booklet.txt'}: ")
    rescued = sorted((tmp_path / "state" / "numbrix-curses" / "generated").iterdir())
    assert [p.read_text() for p in rescued] == ["the puzzles\n", "the key\n"]
    assert [p.name.split("-")[0] for p in rescued] == ["booklet", "key"]
    assert str(rescued[0]) in said and said.count("\n") == 0
    # where the state folder takes nothing (a file in its place, read-only, on the full
    # disk), they go to the folder for temporary files (they were lost)
    (tmp_path / "blocked").write_text("a file where the folder would go")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "blocked"))
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    assert generating._write_kept(files, False, True) == 2
    said = capsys.readouterr().err.strip()
    rescued = sorted(temporary.iterdir())
    assert [p.read_text() for p in rescued] == ["the puzzles\n", "the key\n"]
    assert [p.name.split("-")[:2] for p in rescued] == [["numbrix", "booklet"],
                                                         ["numbrix", "key"]]
    assert str(rescued[0]) in said and said.count("\n") == 0
    # where neither takes anything, the first failure is said, and that the puzzles are
    # lost (the line named only the file asked for)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "blocked"))
    with pytest.raises(UsageError, match=r"booklet.txt: .*; nor could they go to .*generated "
                                         r"or .*blocked: the puzzles made are lost$"):
        generating._write_kept(files, False, True)


def test_a_rescue_that_fails_leaves_no_empty_folder(monkeypatch, tmp_path):
    """A disk too full for the files took the folder `generated`, left empty."""
    from numbrix_curses.cli import generating
    from numbrix_curses.cli.common import UsageError

    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def full(*_):
        raise UsageError("no space")

    monkeypatch.setattr(generating, "_write_outputs", full)
    with pytest.raises(UsageError, match="the puzzles made are lost"):
        generating._write_kept([(str(tmp_path / "gone" / "p.txt"), "puzzles\n")], False, True)
    assert not (state / "numbrix-curses" / "generated").exists()


def test_a_booklet_and_key_of_one_name_are_both_rescued(monkeypatch, tmp_path, capsys):
    """The booklet in one folder and its key of the same name in another, both gone: the
    rescued files are numbered apart, or the key could not be written beside the booklet."""
    from numbrix_curses.cli import generating

    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    files = [(str(tmp_path / "a" / "p.txt"), "puzzles\n"),
             (str(tmp_path / "b" / "p.txt"), "key\n")]
    assert generating._write_kept(files, True, True) == 2
    rescued = sorted((state / "numbrix-curses" / "generated").iterdir())
    assert [p.read_text() for p in rescued] == ["puzzles\n", "key\n"]
    assert [p.name[-6:] for p in rescued] == ["-1.txt", "-2.txt"]
