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

from numbrix_curses import atomic, savestate
from numbrix_curses.puzzle import Puzzle

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "numbrix_curses"
SETUP_CFG = PACKAGE.parents[1] / "setup.cfg"

#: modules that do not exist on Windows: importing one must be inside try/except ImportError
POSIX_MODULES = {"fcntl", "termios", "tty", "pty", "resource", "pwd", "grp", "posix", "select"}
#: names that do not exist on Windows: used only through getattr/hasattr or under a check
POSIX_NAMES = {
    "signal": {"SIGHUP", "SIGWINCH", "SIGTSTP", "SIGCONT", "SIGKILL", "SIGALRM", "SIGPIPE",
               "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGCHLD", "setitimer", "alarm", "pause",
               "siginterrupt", "ITIMER_REAL"},
    "os": {"fork", "forkpty", "getuid", "geteuid", "getgid", "setsid", "killpg", "getpgid",
           "setpgid", "mkfifo", "O_NONBLOCK", "WNOHANG", "nice", "getloadavg", "sync",
           "openpty", "ttyname", "getppid", "chown", "lchown", "ctermid"},
}
#: tests that make a guard (an `if` or a conditional expression mentioning one of these)
GUARDS = ("hasattr(", "sys.platform", "os.name", "getattr(")


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _guarded(node: ast.AST, parents: dict[ast.AST, ast.AST], source: str,
             catches: tuple[str, ...]) -> bool:
    """Whether `node` sits under a platform check or in a try that catches `catches`."""
    while node in parents:
        node = parents[node]
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
    assert savestate.state_dir({"LOCALAPPDATA": str(local)}) == local / "numbrix-curses"
    # XDG_STATE_HOME, when set to an absolute path, still wins
    xdg = tmp_path / "xdg"
    assert savestate.state_dir({"LOCALAPPDATA": str(local), "XDG_STATE_HOME": str(xdg)}) == (
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


def test_records_work_without_fcntl_and_nonblocking_open(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` now fails, as on Windows
    monkeypatch.delattr(os, "O_NONBLOCK", raising=False)
    store = savestate.Store(tmp_path)
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    first, _ = store.record_solve(puzzle, "tiny", 12.0, 3)
    second, is_best = store.record_solve(puzzle, "tiny", 10.0, 3)
    assert (first.solved, second.solved, is_best) == (1, 2, True)
    assert savestate.Store(tmp_path).records()[savestate.puzzle_key(puzzle)].solved == 2


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
