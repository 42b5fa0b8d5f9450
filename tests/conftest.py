"""Fixtures shared by the test modules: running the command line, writing puzzle files, and the
state directory and demo puzzle file of the app tests."""
from __future__ import annotations

import compileall
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Callable

import curses

import pytest

import numbrix_curses
from helpers import DEMO_TEXT

#: a generous bound so a hung command fails the test instead of the whole run
COMMAND_TIMEOUT = 120

# The tests stop the programs they start as a terminal does (Ctrl-C, Ctrl-\, a hang-up).
# Started with those ignored (`nohup make test`, or `make test &` in a script, which starts
# it with SIGINT and SIGQUIT ignored), the suite would hand that on to every program it
# starts, which then rightly ignore them too (see `workers.ignored`): so the suite takes the
# defaults back for itself first.
for _name in ("SIGINT", "SIGHUP", "SIGTERM", "SIGQUIT"):
    _signum = getattr(signal, _name, None)
    if _signum is not None and signal.getsignal(_signum) is signal.SIG_IGN:
        signal.signal(_signum, signal.default_int_handler if _name == "SIGINT" else signal.SIG_DFL)

# Most tests start the app or the command line afresh, and a start where no bytecode is kept
# (PYTHONDONTWRITEBYTECODE, set on some machines, and an editable install is never compiled
# by pip) compiles the whole package again: half a second of CPU each time, minutes over the
# suite. A program that may not write bytecode still reads it, so the package is compiled
# here once (a file already compiled is only looked at).
compileall.compile_dir(Path(numbrix_curses.__file__).parent, quiet=2)


@pytest.fixture
def tmp_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of the test's own, with a short name (t0, t1, ...). The app tests look for
    paths whole on an 80-column screen, and pytest's own folder is named after the test (up
    to 30 characters) under the run's, and under one per process when the suite runs in
    several (`make test`): /tmp/pytest-of-USER/pytest-N/popen-gw0/test_open_file_list...,
    cut short in the app's title, and a longer user name would cut it on one process too."""
    return tmp_path_factory.mktemp("t")


@pytest.fixture(autouse=True)
def _own_state_directory(tmp_path_factory, monkeypatch) -> None:
    """No test reads or writes the user's own saves: code run in the test process that
    reaches the state directory (puzzles `generate` could not write where asked, say) finds
    one of the test's own. (The programs the tests start are given theirs as they start.)"""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


def cli_env() -> dict[str, str]:
    """The environment for a child `numbrix`: UTF-8, no LINES/COLUMNS left by readline, and
    no PYTHONUNBUFFERED (a machine that sets it hid a failed write's exit code 120 that
    every other machine shows)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LINES", "COLUMNS", "PYTHONUNBUFFERED")}
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    return env


@pytest.fixture
def run_numbrix(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess]:
    """Run `python -m numbrix_curses ARGS...` as a child process; text in, text out.

    Its state directory (saved games) is inside tmp_path, never the user's.
    """
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")

    def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "numbrix_curses", *args],
            input=input if input is not None else "",
            capture_output=True,
            text=True,
            env=env,
            timeout=COMMAND_TIMEOUT,
        )

    return run


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write `text` to tmp_path/name and return the path."""

    def write(text: str, name: str = "puzzles.txt") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """The app's state directory (XDG_STATE_HOME) for one test; created by the app."""
    return tmp_path / "state"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """tmp_path/demo.txt holding the 4x4 demo puzzle (helpers.DEMO_TEXT)."""
    path = tmp_path / "demo.txt"
    path.write_text(DEMO_TEXT, encoding="utf-8")
    return path


@pytest.fixture
def put_back(monkeypatch: pytest.MonkeyPatch) -> list:
    """The keys the input readers give back to curses (`ui.sequences.put_back`), in the
    order they will be read again (curses returns the key put back last first)."""
    stack: list = []
    monkeypatch.setattr(curses, "unget_wch", lambda key: stack.insert(0, key))
    monkeypatch.setattr(curses, "ungetch", lambda key: stack.insert(0, key))
    monkeypatch.setattr(curses, "flushinp", lambda: None)
    return stack
