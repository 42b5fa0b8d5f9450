"""The records: per puzzle, how often it was solved, the best time and its moves, and the
size and difficulty the statistics group it by, in ``records.json`` in the state
directory (`RecordsFile`).

Any app instance may count a solve, so the file is read, changed and written back under
a lock (``records.lock`` beside it, best effort: see `filelock`), and written atomically.
Entries edited by hand are read as far as they make sense (`record_from`) and written back
as they are; a file that cannot be read is set aside, as the owner of the state directory
(`savestate.Store`) sets aside any other, and one of a newer version is never written over.
"""
from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from numbrix_curses import MAX_SIDE, MIN_SIDE
from numbrix_curses.atomic import write_text_atomic
from numbrix_curses.filelock import lock, unlock
from numbrix_curses.gamestate import MAX_COUNT
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.savefile import (
    MAX_LABEL_CHARS,
    VERSION,
    newer_error,
    puzzle_key,
    read_json,
    stored_seconds,
    why_unreadable,
)

RECORDS_FORMAT = "numbrix-curses-records"


@dataclass(frozen=True)
class Record:
    """What the library shows for a puzzle: solved how often, best time and its moves; and
    what the statistics group it by, its size and difficulty (None and "" in records
    written before they were kept)."""

    label: str
    solved: int
    best_seconds: float | None
    best_moves: int | None
    rows: int | None = None
    cols: int | None = None
    difficulty: str = ""


class RecordsFile:
    """``records.json`` in the state directory `root`. A file that cannot be read is
    handed to `set_aside` (with why), and a note for the player goes to `problems`."""

    def __init__(self, root: Path, set_aside: Callable[[Path, str], None],
                 problems: list[str]) -> None:
        self.path = root / "records.json"
        self._set_aside = set_aside
        self.problems = problems

    def read(self) -> dict[str, Record]:
        """Solved marks and best times by puzzle key."""
        return {k: record_from(v) for k, v in self._table().items() if isinstance(v, dict)}

    def record_solve(
        self, puzzle: Puzzle, label: str, seconds: float, moves: int, timed: bool = True
    ) -> tuple[Record, bool]:
        """Count a solve; returns the new record and whether this was a best time.

        With `timed` False (the player saw the solution before solving) the solve counts but
        its time cannot be a best. Raises OSError when the records cannot be written.
        """
        key = puzzle_key(puzzle)
        with self._lock():
            table = self._table(writing=True)
            old = table.get(key)
            entry = dict(old) if isinstance(old, dict) else {}
            before = record_from(entry)  # a hand-edited entry may hold anything
            is_best = timed and (before.best_seconds is None or seconds < before.best_seconds)
            entry["label"] = label
            entry["rows"], entry["cols"] = puzzle.rows, puzzle.cols
            difficulty = puzzle.metadata.get("difficulty", "")
            if difficulty:
                entry["difficulty"] = difficulty
            entry["solved"] = before.solved + 1
            entry["last_solved"] = time.time()
            if is_best:
                entry["best_seconds"] = round(float(seconds), 3)
                entry["best_moves"] = int(moves)
            table[key] = entry
            self._write(table)
        return record_from(entry), is_best

    def note_difficulty(self, puzzle: Puzzle) -> bool:
        """Give `puzzle`'s record the difficulty the puzzle now has, where the record says
        none: a puzzle graded only after it was solved counts under its grade in the
        statistics then, not under "-". True if the record changed; nothing is written
        for a puzzle never solved. Raises OSError when the records cannot be written."""
        difficulty = puzzle.metadata.get("difficulty", "")
        if not difficulty:
            return False
        key = puzzle_key(puzzle)
        with self._lock():
            table = self._table(writing=True)
            entry = table.get(key)
            if not isinstance(entry, dict) or record_from(entry).difficulty:
                return False
            table[key] = dict(entry, difficulty=difficulty)
            self._write(table)
        return True

    def _write(self, table: dict[str, Any]) -> None:
        """Write the records file (atomically) with `table` as its puzzles; the caller
        holds `_lock`."""
        data = {"format": RECORDS_FORMAT, "version": VERSION, "puzzles": table}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(self.path, json.dumps(data, indent=1) + "\n")

    def _table(self, writing: bool = False) -> dict[str, Any]:
        """The records' puzzle table (empty where there is none, or it is set aside). With
        `writing` (for a rewrite), a records file of a newer version raises OSError: its
        records are that version's, and a rewrite with this one's would lose them all."""
        path = self.path
        try:
            data = read_json(path)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            self._set_aside(path, why_unreadable(error))
            return {}
        if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
            self._set_aside(path, "not a records file")
            return {}
        version = data.get("version")
        if isinstance(version, int) and version > VERSION:
            if writing:
                raise newer_error(path.name)
            self.problems.append("records.json is from a newer version; best times not shown.")
            return {}
        table = data.get("puzzles")
        if not isinstance(table, dict):
            self._set_aside(path, "no puzzle table")
            return {}
        # (entries of other kinds, edited by hand, are written back as they are: a solve
        # of another puzzle dropped them without a word)
        return {str(k): v for k, v in table.items()}

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        """Hold the records lock while reading and rewriting (best effort: after
        `filelock.LOCK_WAIT` seconds go ahead anyway; the atomic write still keeps the
        file whole)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            handle = open(self.path.with_name("records.lock"), "a+b")
        except OSError:
            yield
            return
        with handle:
            locked = lock(handle)
            try:
                yield
            finally:
                if locked:
                    unlock(handle)


def record_from(entry: Mapping[str, Any]) -> Record:
    """The record of an entry of the records file: anything a hand-edited entry holds that
    is not one reads as nothing on record."""
    moves = entry.get("best_moves")
    solved = entry.get("solved", 0)
    rows, cols = _side(entry.get("rows")), _side(entry.get("cols"))
    difficulty = entry.get("difficulty", "")
    return Record(
        # (a name edited to megabytes is kept as a save's is, `MAX_LABEL_CHARS`)
        label=str(entry.get("label", ""))[:MAX_LABEL_CHARS],
        # (a count of thousands of digits, edited by hand, is past what Python writes as
        # text: the statistics' sum of solves, and the next solve's count written, raised)
        solved=min(solved, MAX_COUNT) if isinstance(solved, int) and solved > 0 else 0,
        best_seconds=stored_seconds(entry.get("best_seconds")),
        best_moves=moves if isinstance(moves, int) and 0 <= moves <= MAX_COUNT else None,
        # (a hand-edited file may hold anything: a size is both sides or neither)
        rows=rows if cols is not None else None,
        cols=cols if rows is not None else None,
        difficulty=difficulty[:20] if isinstance(difficulty, str) else "",
    )


def _side(value: Any) -> int | None:
    """A side of a board on record, None for anything no board has."""
    ok = isinstance(value, int) and not isinstance(value, bool) and MIN_SIDE <= value <= MAX_SIDE
    return value if ok else None
