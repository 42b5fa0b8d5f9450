"""Windows (and other non-POSIX) readiness, checked from here.

The suite runs on Linux, so this file checks what can be checked without Windows: the
package asks for `windows-curses` on Windows only, no POSIX-only module or call is used
outside a guard (a scan of the source), and the guarded places work when the POSIX piece
is missing (no SIGHUP, no fcntl, no O_NONBLOCK, no hard links), as on Windows.
"""
from __future__ import annotations

import ast
import configparser
import os
import signal
import sys
from pathlib import Path

import pytest

from numbrix_curses import atomic, savefile, savestate, statedir
from numbrix_curses.puzzle import Puzzle

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "numbrix_curses"
SETUP_CFG = PACKAGE.parents[1] / "setup.cfg"

#: modules that do not exist on Windows: importing one must be inside try/except ImportError
POSIX_MODULES = {"fcntl", "termios", "tty", "pty", "resource", "pwd", "grp", "posix", "select"}
#: names that do not exist on Windows: used only through getattr/hasattr or under a check
POSIX_NAMES = {
    "signal": {"SIGHUP", "SIGWINCH", "SIGTSTP", "SIGCONT", "SIGKILL", "SIGALRM", "SIGPIPE",
               "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGCHLD", "setitimer", "alarm", "pause",
               "siginterrupt", "ITIMER_REAL", "pthread_sigmask", "SIG_BLOCK", "SIGSTOP"},
    "os": {"fork", "forkpty", "getuid", "geteuid", "getgid", "setsid", "killpg", "getpgid",
           "setpgid", "mkfifo", "O_NONBLOCK", "WNOHANG", "nice", "getloadavg", "sync",
           "openpty", "ttyname", "getppid", "chown", "lchown", "ctermid",
           "set_blocking"},  # (Windows has set_blocking from Python 3.12 only)
}
#: tests that make a guard (an `if` or a conditional expression mentioning one of these)
GUARDS = ("hasattr(", "sys.platform", "os.name", "getattr(")


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _guarded(node: ast.AST, parents: dict[ast.AST, ast.AST], source: str,
             catches: tuple[str, ...]) -> bool:
    """Whether `node` sits under a platform check, in a try that catches `catches`, or in a
    function that starts by returning when the platform lacks what it uses."""
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = next((n for n in node.body if not isinstance(n, ast.Expr)), None)
            if (isinstance(first, ast.If) and isinstance(first.body[-1], ast.Return)
                    and any(g in (ast.get_source_segment(source, first.test) or "")
                            for g in GUARDS)):
                return True
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            test = ast.get_source_segment(source, node.test) or ""
            if any(guard in test for guard in GUARDS):
                return True
        if isinstance(node, ast.Try):
            for handler in node.handlers:
                caught = ast.get_source_segment(source, handler.type) if handler.type else ""
                if handler.type is None or any(name in (caught or "") for name in catches):
                    return True
    return False


def test_no_posix_only_calls_outside_guarded_places() -> None:
    problems = []
    for path in _sources():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        parents = _parents(tree)
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [
                    node.module or ""]
                for name in names:
                    if name.split(".")[0] in POSIX_MODULES and not _guarded(
                            node, parents, source, ("ImportError", "ModuleNotFoundError")):
                        problems.append(f"{where}:{node.lineno}: import {name}")
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.attr in POSIX_NAMES.get(node.value.id, ()) and not _guarded(
                        node, parents, source, ("AttributeError",)):
                    problems.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr}")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value.startswith(("/dev/", "/proc/", "/tmp/")):
                    problems.append(f"{where}:{node.lineno}: path {node.value!r}")
    assert problems == []


def test_windows_curses_is_required_on_windows_only() -> None:
    config = configparser.ConfigParser()
    config.read(SETUP_CFG, encoding="utf-8")
    requirements = [line.strip() for line in config["options"]["install_requires"].splitlines()
                    if line.strip()]
    curses_lines = [r for r in requirements if r.lower().startswith("windows-curses")]
    assert len(curses_lines) == 1
    requirement, _, marker = curses_lines[0].partition(";")
    assert marker.strip().replace("'", '"') == 'sys_platform == "win32"'
    assert all("curses" not in r for r in requirements if r not in curses_lines)


def test_saves_live_in_local_app_data_on_windows(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    local = tmp_path / "AppData" / "Local"
    assert statedir.state_dir({"LOCALAPPDATA": str(local)}) == local / "numbrix-curses"
    # XDG_STATE_HOME, when set to an absolute path, still wins
    xdg = tmp_path / "xdg"
    assert statedir.state_dir({"LOCALAPPDATA": str(local), "XDG_STATE_HOME": str(xdg)}) == (
        xdg / "numbrix-curses")


def test_the_app_catches_signals_without_sighup(monkeypatch) -> None:
    pytest.importorskip("curses")
    from numbrix_curses.ui import app

    monkeypatch.delattr(signal, "SIGHUP", raising=False)
    before = signal.getsignal(signal.SIGTERM)
    previous = app._catch_signals()
    try:
        assert signal.SIGTERM in previous
    finally:
        app._restore_signals(previous)
    assert signal.getsignal(signal.SIGTERM) == before


def test_ctrl_break_stops_as_sigterm_does_where_the_system_has_it(monkeypatch) -> None:
    """Windows' Ctrl-Break (SIGBREAK) ends a program at once by default, a game unsaved: the
    app catches it as it catches SIGTERM, and a command has a line to say for it. (Linux has
    no SIGBREAK: another signal stands in for it here.)"""
    pytest.importorskip("curses")
    from numbrix_curses.cli import STOP_LINE_OF_NAME
    from numbrix_curses.ui import app
    from numbrix_curses.workers import INTERRUPT_NAME, STOPPING_NAMES

    assert "SIGBREAK" in STOPPING_NAMES
    assert set(STOP_LINE_OF_NAME) == {INTERRUPT_NAME, *STOPPING_NAMES}
    monkeypatch.setattr(signal, "SIGBREAK", signal.SIGUSR2, raising=False)
    before = signal.getsignal(signal.SIGUSR2)
    previous = app._catch_signals()
    try:
        assert signal.SIGUSR2 in previous
        with pytest.raises(app._Signalled) as caught:
            signal.getsignal(signal.SIGUSR2)(signal.SIGUSR2, None)
        assert caught.value.signum == signal.SIGUSR2
    finally:
        app._restore_signals(previous)
    assert signal.getsignal(signal.SIGUSR2) == before


def test_records_work_without_fcntl_and_nonblocking_open(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` now fails, as on Windows
    monkeypatch.delattr(os, "O_NONBLOCK", raising=False)
    store = savestate.Store(tmp_path)
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    first, _ = store.record_solve(puzzle, "tiny", 12.0, 3)
    second, is_best = store.record_solve(puzzle, "tiny", 10.0, 3)
    assert (first.solved, second.solved, is_best) == (1, 2, True)
    assert savestate.Store(tmp_path).records()[savefile.puzzle_key(puzzle)].solved == 2


def test_writing_a_new_file_without_hard_links(monkeypatch, tmp_path: Path) -> None:
    def no_links(*args, **kwargs):
        raise OSError("hard links not supported here")

    monkeypatch.setattr(atomic.os, "link", no_links)
    target = tmp_path / "new.txt"
    atomic.write_text_atomic(target, "one\n", overwrite=False)
    assert target.read_text() == "one\n"
    with pytest.raises(FileExistsError):
        atomic.write_text_atomic(target, "two\n", overwrite=False)
    assert target.read_text() == "one\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.txt"]


def test_pdcurses_keys_read_as_ncurses_names_them_and_ctrl_c_interrupts(monkeypatch) -> None:
    """windows-curses reports Shift-Up, Shift-Down and the keypad's Enter under codes of
    its own (Shift-Up and Shift-Down drew nothing), and hands Ctrl-C over as a character."""
    import curses

    from numbrix_curses.ui.sequences import usual_key

    monkeypatch.setattr(curses, "KEY_SUP", 0x223, raising=False)
    monkeypatch.setattr(curses, "KEY_SDOWN", 0x224, raising=False)
    monkeypatch.setattr(curses, "PADENTER", 0x1CB, raising=False)
    assert usual_key(0x223, "win32") == curses.KEY_SR
    assert usual_key(0x224, "win32") == curses.KEY_SF
    assert usual_key(0x1CB, "win32") == curses.KEY_ENTER
    assert usual_key("7", "win32") == "7" and usual_key(curses.KEY_UP, "win32") == curses.KEY_UP
    with pytest.raises(KeyboardInterrupt):
        usual_key("\x03", "win32")
    assert usual_key(0x223, "linux") == 0x223  # (ncurses' own codes are left alone)
    assert usual_key("\x03", "linux") == "\x03"


def test_a_file_held_open_on_windows_is_replaced_once_it_is_let_go(monkeypatch,
                                                                   tmp_path: Path) -> None:
    """Windows refuses to replace a file another process has open (a second window reading
    the save); the replace is tried again for a moment there, and nowhere else."""
    real = os.replace
    refusals = []

    def held_twice(source, target):
        if len(refusals) < 2:
            refusals.append(target)
            raise PermissionError(13, "the file is in use")
        real(source, target)

    monkeypatch.setattr(atomic.os, "replace", held_twice)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.0)
    target = tmp_path / "save.json"
    target.write_text("old")
    monkeypatch.setattr(atomic, "WINDOWS", False)
    with pytest.raises(PermissionError):
        atomic.write_text_atomic(target, "new")
    assert target.read_text() == "old" and len(refusals) == 1
    monkeypatch.setattr(atomic, "WINDOWS", True)
    refusals.clear()
    atomic.write_text_atomic(target, "new")
    assert target.read_text() == "new" and len(refusals) == 2


def test_a_closed_pipe_is_a_broken_pipe_on_windows(monkeypatch) -> None:
    """Windows says EINVAL where a pipe's reader has gone (`numbrix print | head`): that is
    a broken pipe, exit 141 and no message, not "Invalid argument"."""
    import errno

    from numbrix_curses.cli import common

    einval = OSError(errno.EINVAL, "Invalid argument")
    monkeypatch.setattr(common, "WINDOWS", True)
    assert isinstance(common.as_broken_pipe(einval), BrokenPipeError)
    assert common.as_broken_pipe(OSError(errno.ENOSPC, "full")).errno == errno.ENOSPC
    monkeypatch.setattr(common, "WINDOWS", False)
    assert common.as_broken_pipe(einval) is einval


def test_the_progress_line_is_padded_over_on_windows(monkeypatch, capsys) -> None:
    """The console shows an escape sequence as text unless told otherwise: on Windows the
    progress line writes spaces over the longer line before it instead."""
    from numbrix_curses.cli import progress

    monkeypatch.setattr(progress, "WINDOWS", True)
    monkeypatch.setattr(progress, "_redrawn_width", 0)
    monkeypatch.setenv("COLUMNS", "80")
    progress._redraw("making 3 of 10")
    progress._redraw("done")
    progress._redraw("")  # (wiped: what follows starts at the line's first column)
    assert capsys.readouterr().err == (
        "\rmaking 3 of 10" + "\rdone" + " " * 10 + "\rdone" + "\r" + " " * 4 + "\r")


def test_the_board_is_drawn_with_box_characters_on_windows(monkeypatch) -> None:
    """windows-curses draws UTF-8 whatever the console's code page (cp1252 meant ASCII)."""
    from numbrix_curses.ui import theme

    monkeypatch.setattr(theme.sys, "platform", "win32")
    monkeypatch.setattr(theme.locale, "getpreferredencoding", lambda *_: "cp1252")
    assert theme.pick_glyphs() == theme.UNICODE_GLYPHS
