"""The state directory (`statedir.state_dir`) and the files in it, behind one front
(`Store`): the saved games, written in the background after every change, claimed by the
window playing each, listed for the menu, and set aside when they cannot be read; and the
records (`records`), read and counted through it. What a save file holds is `savefile`'s.

- ``games/<key>.json``: one file per puzzle being played, the puzzle itself and the game as
  its moves (`Game.to_state`). The key is a hash of the givens, so the same puzzle opened from
  the library, a file or a typed grid resumes the same game.
- ``games/<key>.lock``: held (locked) by the app instance playing that puzzle, while it
  plays it (`Store.claim_game`).
- ``records.json``: per puzzle, how often it was solved and the best time.

Every file is versioned JSON written atomically (`write_text_atomic`): a crash leaves the old
file or the new one, never half of one. Two app instances never corrupt each other: a game
is saved only by the instance that claimed it (the first to open it; another one plays it
without saving, and says so, rather than each overwriting the other's moves), a game file is
replaced whole, and the records, which both may update, are read, changed and written under
a lock file. A file that cannot be read is renamed aside
(``NAME.corrupt-STAMP``) and reported in `Store.problems`; it never stops the program.
"""
from __future__ import annotations

import contextlib
import errno
import os
import threading
import time
from pathlib import Path
from typing import Any, Mapping

from numbrix_curses.atomic import replace, write_text_atomic
from numbrix_curses.filelock import lock_now, unlock
from numbrix_curses.game import Game, HistoryFold
from numbrix_curses.moves import StateError
from numbrix_curses.puzzle import Puzzle, PuzzleError, plural
from numbrix_curses.records import Record, RecordsFile
from numbrix_curses.savefile import (
    NewerFormat,
    SavedGame,
    game_file_parts,
    game_mark,
    newer_error,
    puzzle_key,
    read_head,
    read_json,
    saved_game_from,
    why_unreadable,
)
from numbrix_curses.statedir import state_dir
from numbrix_curses.timer import Clock


class Store:
    """The state directory: saved games and records. Problems are collected, never raised,
    except `OSError` from writing, which the caller reports (the game stays in memory)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else state_dir()
        #: messages about files set aside, for the screen to show once
        self.problems: list[str] = []
        self._queue: dict[Path, list[str]] = {}  # (a save's text in parts: see `_game_file`)
        self._queue_changed = threading.Condition()
        self._writer: threading.Thread | None = None
        self._writing = False
        self._save_error: str | None = None
        self._write_lock = threading.Lock()
        #: games this process has claimed: key -> (locked lock file, screens holding it)
        self._claims: dict[str, tuple[Any, int]] = {}
        #: saves found written by a newer version: never written over (see `_write_game`)
        self._newer: set[Path] = set()
        self._records = RecordsFile(self.root, self._set_aside, self.problems)

    # ----- paths ---------------------------------------------------------------------------
    @property
    def games_dir(self) -> Path:
        return self.root / "games"

    @property
    def records_path(self) -> Path:
        return self._records.path

    def game_path(self, puzzle: Puzzle) -> Path:
        return self.games_dir / f"{puzzle_key(puzzle)}.json"

    # ----- games ---------------------------------------------------------------------------
    def save_game(
        self, puzzle: Puzzle, game: Game, label: str, source: str | None
    ) -> HistoryFold | None:
        """Write the game now (raises OSError when the disk refuses). A game whose save
        would be too large to read back has its oldest moves folded first: what was done
        is returned, for the player to be told (None: nothing)."""
        path, parts, fold = self._game_file(puzzle, game, label, source)
        self._write_game(path, parts)
        return fold

    def save_game_later(
        self, puzzle: Puzzle, game: Game, label: str, source: str | None
    ) -> HistoryFold | None:
        """Queue the game for writing by a background thread, so a slow disk (fsync) never
        holds up the next key. The game's state is taken now; only the newest state of a
        file is written. Errors show up in `take_save_error`. (Taking the state costs what
        changed since the last save, not the whole history: see `Game.state_text_parts`;
        the writer joins its parts.) Returns what `save_game` does."""
        path, parts, fold = self._game_file(puzzle, game, label, source)
        with self._queue_changed:
            self._queue[path] = parts
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_queued, daemon=True,
                                                name="save-writer")
                self._writer.start()
            self._queue_changed.notify_all()
        return fold

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every queued save is on disk (or `timeout` seconds pass)."""
        deadline = time.monotonic() + timeout
        with self._queue_changed:
            while (self._queue or self._writing) and time.monotonic() < deadline:
                self._queue_changed.wait(max(0.0, deadline - time.monotonic()))

    def take_save_error(self) -> str | None:
        """The last background save failure (once), None when all went well."""
        with self._queue_changed:
            error, self._save_error = self._save_error, None
            return error

    def saves_settled(self) -> bool:
        """Whether every save queued is written, none failing since the last
        `take_save_error` (a save queued is not yet a save that worked)."""
        with self._queue_changed:
            return not (self._queue or self._writing or self._save_error)

    def _write_queued(self) -> None:
        while True:
            with self._queue_changed:
                while not self._queue:
                    self._queue_changed.wait()
                path, parts = self._queue.popitem()
                self._writing = True
            error = None
            try:
                self._write_game(path, parts)
            except OSError as failure:
                error = failure.strerror or str(failure)
            with self._queue_changed:
                self._writing = False
                if error is not None:
                    self._save_error = error
                self._queue_changed.notify_all()

    def _write_game(self, path: Path, parts: list[str]) -> None:
        if path in self._newer:
            # (a newer version's game, left for it: this one's game of the puzzle is not
            # saved, and the play screen says so as of any save that fails)
            raise newer_error(path.name)
        # One writer at a time per store: the background thread and a final save on exit.
        with self._write_lock:
            try:
                self.games_dir.mkdir(parents=True, exist_ok=True)
            except FileExistsError:
                # (the system's "File exists" says nothing of which, or why it matters)
                what = ("a link to a folder that is not there"
                        if os.path.islink(self.games_dir) else "a file, not a folder")
                raise FileExistsError(errno.EEXIST, f"{self.games_dir} is {what}") from None
            write_text_atomic(path, "".join(parts))

    def _game_file(
        self, puzzle: Puzzle, game: Game, label: str, source: str | None
    ) -> tuple[Path, list[str], HistoryFold | None]:
        """Where the game's save goes, its text in parts to be joined, and what was done to
        the game's history to keep the save one that is read back (`game_file_parts`)."""
        parts, fold = game_file_parts(puzzle, game, label, source)
        return self.game_path(puzzle), parts, fold

    def claim_game(self, puzzle: Puzzle) -> bool:
        """Take `puzzle`'s game for this process while a screen plays it (each claim is
        given back with `release_game`). False when another app instance has it: that one
        saves it, and this one must not, or each would overwrite the other's moves. True
        too where the lock cannot be taken at all (a read-only state directory): the saves
        fail there anyway, and say so."""
        key = puzzle_key(puzzle)
        held = self._claims.get(key)
        if held is not None:
            self._claims[key] = (held[0], held[1] + 1)
            return True
        path = self.games_dir / f"{key}.lock"
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True
        for _ in range(3):
            try:
                handle = open(path, "a+b")
            except OSError:
                return True
            locked = lock_now(handle)
            if locked is False:
                handle.close()
                return False
            try:
                # The holder before us removes the file as it lets go (`release_game`): a
                # lock on a file no longer at `path` is no claim, so take the new one.
                here = os.path.samestat(os.fstat(handle.fileno()), os.stat(path))
            except OSError:
                here = False  # (removed meanwhile)
            if locked is None or here:
                # (None: this file system takes no locks, NFS without a lock daemon, say;
                # the game is played as before, saved by whoever saves last)
                self._claims[key] = (handle, 1) if locked else (None, 1)
                if not locked:
                    handle.close()
                return True
            unlock(handle)
            handle.close()
        return True

    def save_mark(self, puzzle: Puzzle) -> str | None:
        """`game_mark` of the saved game of `puzzle`, None when there is none: a window
        playing without the claim takes it over only when nobody played on since it opened
        (see `ui.play`)."""
        saved = self.load_game(puzzle)
        return None if saved is None else game_mark(saved.state)

    def release_game(self, puzzle: Puzzle) -> None:
        """Give back a claim of `claim_game`; the last one lets the game go."""
        key = puzzle_key(puzzle)
        held = self._claims.pop(key, None)
        if held is None:
            return
        handle, count = held
        if count > 1:
            self._claims[key] = (handle, count - 1)
            return
        if handle is None:
            return  # (claimed without a lock: see `claim_game`)
        with contextlib.suppress(OSError):
            # (removed while still locked, so nobody takes a lock on a file going away;
            # Windows refuses to remove an open file, and it stays, which is harmless)
            os.unlink(self.games_dir / f"{key}.lock")
        unlock(handle)
        handle.close()

    def delete_game(self, puzzle: Puzzle) -> None:
        path = self.game_path(puzzle)
        with self._queue_changed:
            self._queue.pop(path, None)  # a queued save must not bring it back
        self.flush()
        with self._write_lock:
            try:
                path.unlink()
            except (FileNotFoundError, NotADirectoryError):
                pass  # no save to remove
            except OSError as error:
                # The finished game's save stays behind; not a reason to stop the app.
                self.problems.append(f"Could not remove the save {path.name} ({why_unreadable(error)}).")

    def has_game(self, puzzle: Puzzle) -> bool:
        """Whether a save of `puzzle`'s game is on disk (none where every save failed)."""
        try:
            return self.game_path(puzzle).is_file()
        except OSError:  # (a path the system refuses)
            return False

    def load_game(self, puzzle: Puzzle, *, opening: bool = False) -> SavedGame | None:
        """The saved game of `puzzle`, if there is a readable one; `opening`: read to open
        its game, which starts afresh where the save is set aside (and says so)."""
        path = self.game_path(puzzle)
        try:
            if not path.exists():
                return None
        except OSError:
            # (a path the system refuses, a name past its limit, say: no save can be
            # there, and the saves say why they fail when they are tried)
            return None
        # (one of another puzzle is set aside)
        return self._read_save(path, kept=0 if opening else None)

    def resume(
        self, puzzle: Puzzle, *, clock: Clock = time.monotonic
    ) -> tuple[Game, SavedGame] | None:
        """The saved game of `puzzle` rebuilt, or None (a save that does not fit is set aside).

        A `puzzle` read again from its file, which says no difficulty (a newspaper's, a
        typed one), takes the grade its save keeps: the game showed "4x4  easy" as it was
        played and "4x4" once opened again, until the grade was worked out anew. (The save
        is of the same givens, so of the same grade.)"""
        saved = self.load_game(puzzle, opening=True)
        if saved is None:
            return None
        grade = saved.puzzle.metadata.get("difficulty")
        if grade and not puzzle.metadata.get("difficulty"):
            puzzle.metadata["difficulty"] = grade
        try:
            game = Game.from_state(puzzle, saved.state, clock=clock)
        except StateError as error:
            kept = _longest_fitting(puzzle, saved.state, clock)
            self._set_aside(self.game_path(puzzle), str(error),
                            kept=0 if kept is None else len(kept.history))
            if kept is None:
                return None
            return kept, saved
        return game, saved

    def saved_games(self, *, moves: bool = True, board: bool = True) -> list[SavedGame]:
        """Every readable saved game, most recent first. Without `moves`, each is read only
        as far as a list of games shows it (`read_head`): its `state` is its play state,
        without the moves, and what it says of its board (`SavedGame.filled`, `revealed`)
        is its head's (a save of 6 MiB read whole took well over a second, and the menu
        read it again every time the window playing it saved it; 300 saves of 20,000
        moves, 52 MiB, took 2.7 s to count for the statistics). Without `board` either, a
        save whose head says nothing of its board (an earlier version's) is read but for
        its moves too, where a list that shows how far each game has come reads it whole."""
        try:
            paths = sorted(self.games_dir.glob("*.json"))
        except OSError:
            return []
        found = [s for s in (self._read_save(path) if moves else self._read_head(path, board)
                             for path in paths) if s is not None]
        found.sort(key=lambda s: s.saved_at, reverse=True)
        return found

    def games_stamp(self) -> tuple[tuple[str, int, int], ...]:
        """What the saved games' files look like (name, change time, size), for far less
        than reading them: what `saved_games` says changes only when this does."""
        stamp = []
        try:
            with os.scandir(self.games_dir) as entries:
                for entry in entries:
                    if entry.name.endswith(".json"):
                        try:
                            info = entry.stat()
                        except OSError:
                            continue  # (gone meanwhile)
                        stamp.append((entry.name, info.st_mtime_ns, info.st_size))
        except OSError:
            return ()
        return tuple(sorted(stamp))

    def latest_game(self) -> SavedGame | None:
        """The game saved last, read but for its moves (its game reads them as it opens)."""
        games = self.saved_games(moves=False, board=False)
        return games[0] if games else None

    def _read_head(self, path: Path, board: bool = True) -> SavedGame | None:
        """The saved game at `path` read but for its moves (`read_head`, which says what
        `board` is); read whole (`_read_save`, which sets it aside or says why where it
        cannot be read) where its start is not that of a save as this version writes one."""
        try:
            data = read_head(path, board)
        except FileNotFoundError:
            return None  # another instance finished the game meanwhile
        except (OSError, ValueError):
            data = None
        if data is not None:
            try:
                saved = saved_game_from(data)
            except (NewerFormat, TypeError, KeyError, ValueError, OverflowError, PuzzleError):
                pass
            else:
                if path.name == f"{saved.key}.json":
                    return saved
        return self._read_save(path)

    def _read_save(self, path: Path, kept: int | None = None) -> SavedGame | None:
        """The save at `path` read whole; None where it cannot be, set aside (`kept`: as
        `_set_aside` takes it) or said to be of a newer version."""
        try:
            data = read_json(path)
        except FileNotFoundError:
            return None  # another instance finished the game meanwhile
        except (OSError, ValueError) as error:
            self._set_aside(path, why_unreadable(error), kept)
            return None
        try:
            saved = saved_game_from(data)
        except NewerFormat:
            if path not in self._newer:  # (said once: the menu reads the saves every few s)
                self._newer.add(path)
                self.problems.append(
                    f"{path.name} was saved by a newer version of numbrix-curses; left alone "
                    "(this game of it is not saved)."
                )
            return None
        except (TypeError, KeyError):
            # (a part missing, or of another kind: Python's own words for that, "list
            # indices must be integers", say nothing to a player)
            self._set_aside(path, "not laid out as a save", kept)
            return None
        except (ValueError, OverflowError, PuzzleError) as error:
            # OverflowError: a number too large for the grid's integers
            self._set_aside(path, why_unreadable(error) if not isinstance(error, OverflowError)
                            else "a number too large", kept)
            return None
        if path.name != f"{saved.key}.json":
            # A save copied or renamed by hand under another puzzle's name: listed, it
            # resumed its own puzzle's save (or a fresh game), and stayed in the games
            # under way whatever was played or abandoned, until the puzzle its name is
            # that of was opened.
            self._set_aside(path, "it belongs to another puzzle", kept)
            return None
        return saved

    def _set_aside(self, path: Path, why: str, kept: int | None = None) -> None:
        """Move the unreadable file at `path` aside and say so; `kept` is how many of a
        save's moves the game opened goes on from, where some of them still fit, 0 where
        it starts afresh (None: no game is opened, as for a list of the games)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        for again in range(2, 100):
            # (never over one set aside before: two in one second lost the first)
            if not os.path.lexists(target):
                break
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{again}")
        try:
            replace(path, target)
        except OSError:
            self.problems.append(f"Could not read {path} ({why}).")
            return
        # (a game opened afresh said nothing of it: the player's numbers gone from the
        # board, under words of "a saved file")
        going_on = ("" if kept is None else " A new game starts." if kept == 0
                    else f" The game goes on from its first {plural(kept, 'move')}.")
        self.problems.append(
            f"A saved file could not be read ({why}); it was set aside as {target.name}."
            + going_on
        )

    # ----- records -------------------------------------------------------------------------
    def records(self) -> dict[str, Record]:
        """Solved marks and best times by puzzle key."""
        return self._records.read()

    def record_solve(
        self, puzzle: Puzzle, label: str, seconds: float, moves: int, timed: bool = True
    ) -> tuple[Record, bool]:
        """Count a solve; returns the new record and whether this was a best time (see
        `RecordsFile.record_solve`). Raises OSError when the records cannot be written."""
        return self._records.record_solve(puzzle, label, seconds, moves, timed)

    def note_difficulty(self, puzzle: Puzzle) -> bool:
        """Give `puzzle`'s record the difficulty the puzzle now has, where it says none
        (see `RecordsFile.note_difficulty`). Raises OSError when the records cannot be
        written."""
        return self._records.note_difficulty(puzzle)


def _longest_fitting(puzzle: Puzzle, state: Mapping[str, Any], clock: Clock) -> Game | None:
    """The game of `state` rebuilt from the longest run of its first moves that fits the
    puzzle (none undone to redo), where one move of it does not (a save edited by hand, or
    damaged): the moves before it are the player's still. None when not even the start
    fits. (Found in one pass over the moves: a search that halved the run rebuilt the game
    some twenty times for the million moves a save may hold.)"""
    moves = state.get("moves")
    if not isinstance(moves, list) or not moves:
        return None

    def rebuilt(count: int) -> Game | None:
        try:
            return Game.from_state(puzzle, dict(state, moves=moves[:count], redo=[]),
                                   clock=clock)
        except StateError:
            return None

    whole = rebuilt(len(moves))  # (only the moves undone, to redo, did not fit)
    if whole is not None:
        return whole
    start = rebuilt(0)
    if start is None:
        return None
    fitting = start.fitting_moves(moves)
    return rebuilt(fitting) if fitting > 0 else None
