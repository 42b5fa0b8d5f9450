"""The puzzles shipped with the package (``src/numbrix_curses/puzzles/*.txt``).

They are package data, read through `importlib.resources`, so they work the same from a
source checkout, an editable install and a plain ``pip install``. Files are named with a
number prefix that sets their order; the first puzzle of the first file is the one the app
opens when no puzzle is named.
"""
from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

from .puzzle import Puzzle
from .textformat import parse_puzzles

if TYPE_CHECKING:  # only for the annotation; its home moved between Python versions
    from importlib.resources.abc import Traversable

PACKAGE = "numbrix_curses"
FOLDER = "puzzles"


def _folder() -> Traversable:
    return resources.files(PACKAGE) / FOLDER


def bundled_files() -> list[str]:
    """Names of the bundled puzzle files (``01-starter.txt``, ...), in order."""
    return sorted(
        entry.name
        for entry in _folder().iterdir()
        if entry.is_file() and entry.name.endswith(".txt")
    )


def _resolve(name: str) -> str:
    names = bundled_files()
    for candidate in (name, f"{name}.txt"):
        if candidate in names:
            return candidate
    raise FileNotFoundError(
        f"no bundled puzzle file {name!r} (there are: {', '.join(names) or 'none'})"
    )


def load_bundled(name: str | None = None) -> list[Puzzle]:
    """Every bundled puzzle in file order, or those of one file (``.txt`` may be left off).

    Raises `FileNotFoundError` for an unknown file name.
    """
    names = bundled_files() if name is None else [_resolve(name)]
    puzzles: list[Puzzle] = []
    for file_name in names:
        text = (_folder() / file_name).read_text(encoding="utf-8")
        puzzles.extend(parse_puzzles(text, f"{FOLDER}/{file_name}"))
    return puzzles


def default_puzzle() -> Puzzle:
    """The puzzle the app opens by default: the first of the first bundled file."""
    return load_bundled(bundled_files()[0])[0]
