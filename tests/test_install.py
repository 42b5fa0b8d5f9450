"""A plain (non-editable) install works: wheel built from the tree, installed in a fresh venv.

The venv is made without `--system-site-packages` so it cannot see the development install:
whatever works here works because the wheel carries it (the bundled puzzles in particular).
"""
from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import numbrix_curses

from conftest import cli_env

REPO = Path(__file__).resolve().parents[1]
#: building and installing fetch build tools and numpy when the pip cache is cold
INSTALL_TIMEOUT = 600

pytestmark = pytest.mark.slow


def run(args: list[str], cwd: Path | None = None, timeout: float = INSTALL_TIMEOUT):
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


def _clean_env() -> dict[str, str]:
    # a parent venv's variables must not leak into the fresh one
    env = cli_env()
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP"):
        env.pop(name, None)
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The bin directory of a fresh venv holding the package installed from a wheel."""
    root = tmp_path_factory.mktemp("install")
    wheels = root / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, REPO])
    [wheel] = wheels.glob("numbrix_curses-*.whl")
    env_dir = root / "venv"
    # no pip of its own (seeding one is the slowest step): this pip installs into it
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    run(
        [sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "--quiet", wheel],
        cwd=root,
    )
    return bin_dir


def test_installed_version(installed):
    result = run([installed / "numbrix", "--version"], cwd=installed)
    assert result.stdout == f"numbrix-curses {numbrix_curses.__version__}\n"


def test_installed_package_is_not_the_source_tree(installed):
    result = run(
        [installed / "python", "-c", "import numbrix_curses; print(numbrix_curses.__file__)"],
        cwd=installed,
    )
    location = Path(result.stdout.strip()).resolve()
    assert REPO / "src" not in location.parents


def test_installed_bundled_puzzles_load_and_check(installed, tmp_path):
    result = run(
        [
            installed / "python",
            "-c",
            "from numbrix_curses.library import load_bundled; print(len(load_bundled()))",
        ],
        cwd=tmp_path,
    )
    assert int(result.stdout) > 0
    # check a bundled file where the install put it
    located = run(
        [
            installed / "python",
            "-c",
            "from importlib.resources import files; from numbrix_curses import library; "
            "print(files('numbrix_curses').joinpath('puzzles', library.bundled_files()[0]))",
        ],
        cwd=tmp_path,
    )
    bundled_file = Path(located.stdout.strip())
    assert REPO / "src" not in bundled_file.parents
    check = run([installed / "numbrix", "check", bundled_file], cwd=tmp_path)
    lines = check.stdout.splitlines()
    assert lines and all(line.endswith(": unique") for line in lines)
