"""A save file's text, without a directory: the puzzle and the game as versioned JSON
(`game_file_parts`, which keeps a long game's save within what is read back), and back
(`read_json`, `saved_game_from`: a `SavedGame`, or ValueError saying why not; `read_head`
for all of it but the moves, from the start of the file); the key
naming a puzzle's save (`puzzle_key`), and what tells a saved game from the same game
played on (`game_mark`). `savestate.Store` puts the files in the state directory.
"""
from __future__ import annotations

import errno
import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from numbrix_curses import LONE_SURROGATE, MAX_METADATA_CHARS
from numbrix_curses.game import Game, HistoryFold
from numbrix_curses.moves import REVEAL_LABEL, Batch, net_history, numbers_after
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.readfile import read_regular_file
from numbrix_curses.textformat.writing import comment_text, metadata_name

SAVE_FORMAT = "numbrix-curses-save"
VERSION = 1
#: the longest name of a game kept from a save: a puzzle's id (`MAX_METADATA_CHARS` at most)
#: or a file's path and the puzzle's number in it (a path is 4,096 bytes at most on Linux)
MAX_LABEL_CHARS = 8192
#: saves larger than this are not read (a long game of 30x30 is well under 1 MB)
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: a save that would pass this share of `MAX_SAVE_BYTES` has its oldest moves folded into
#: one (`Game.shorten_history`) down to the second share, so no save is ever written that
#: would not be read: a game of some 530,000 moves is folded (in a tenth of a second), then
#: again every 180,000 or so, and saving after a change costs no more for it
FOLD_AT, FOLD_TO = 0.75, 0.5


def puzzle_key(puzzle: Puzzle) -> str:
    """A stable name for a puzzle's givens (metadata does not matter)."""
    text = f"{puzzle.rows}x{puzzle.cols}:" + ",".join(map(str, puzzle.flat()))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:24]


@dataclass(frozen=True)
class SavedGame:
    """A game found on disk, with what the menu shows about it."""

    key: str
    puzzle: Puzzle
    label: str
    source: str | None
    saved_at: float
    state: dict[str, Any]

    #: what the save's head says of the board (`game_file_parts`), for a list to show
    #: without reading the moves: the cells holding a number, givens included, and whether
    #: the game was left with its solution revealed; None where it says nothing of it
    placed: int | None = None
    shown: bool | None = None

    @property
    def elapsed(self) -> float:
        return stored_seconds(self.state.get("elapsed")) or 0.0

    @property
    def filled(self) -> int | None:
        """How many cells the game had filled when it was saved, givens included: its moves
        played over the givens (None for moves not as `Game.to_state` writes them; the game
        itself is checked as it opens); read but for its moves (`read_head`), what the
        save's head says."""
        if "moves" not in self.state:
            return self.placed
        moves = self.state.get("moves")
        if not isinstance(moves, list):
            return None
        # (all the moves at once: one by one, a save of a million moves took seconds to
        # show in the list of games)
        grid = numbers_after(self.puzzle.givens.ravel(), moves)
        return None if grid is None else int(np.count_nonzero(grid))

    @property
    def revealed(self) -> bool:
        """Whether the game was left with its solution revealed on the board (its last
        move the reveal, which `u` takes back); not a game whose reveal was taken back."""
        if "moves" not in self.state:
            return self.shown is True
        moves = self.state.get("moves")
        last = moves[-1] if isinstance(moves, list) and moves else None
        return isinstance(last, dict) and last.get("label") == REVEAL_LABEL


def game_file_parts(
    puzzle: Puzzle, game: Game, label: str, source: str | None
) -> tuple[list[str], HistoryFold | None]:
    """The text of the save of `game` in parts to be joined: the file's fields, and last
    the game's own (`Game.state_text_parts`: its play state, then its moves, so that
    `read_head` reads all but the moves from the start of the file), as `json.dumps` of
    the whole writes it compact (ASCII, so its characters are its bytes); and what was
    done to its history
    to keep it within bounds, if anything. Past `FOLD_AT` of `MAX_SAVE_BYTES`, the game's
    history is folded first (`Game.shorten_history`), and a save too large to read back
    even so is refused (OSError), never written."""
    data = {
        "format": SAVE_FORMAT,
        "version": VERSION,
        "key": puzzle_key(puzzle),
        "label": label,
        "source": source,
        "saved_at": time.time(),
        "puzzle": {
            "rows": puzzle.rows,
            "cols": puzzle.cols,
            "givens": puzzle.flat(),
            "metadata": {str(k): str(v) for k, v in puzzle.metadata.items()},
        },
        # (what a list of the games shows of the board, from the start of the file: the
        # moves it comes from may be megabytes further on; see `read_head`)
        "filled": game.placed,
        "shown": left_revealed(game),
    }
    head = json.dumps(data, separators=(",", ":"))
    around = [head[:-1], ',"game":']
    parts = [*around, *game.state_text_parts(), "}\n"]
    size = sum(map(len, parts))
    fold = None
    if size > MAX_SAVE_BYTES * FOLD_AT:
        room = int(MAX_SAVE_BYTES * FOLD_TO) - sum(map(len, around)) - len("}\n")
        fold = game.shorten_history(room)
        parts = [*around, *game.state_text_parts(), "}\n"]
        size = sum(map(len, parts))
    if size > MAX_SAVE_BYTES:
        # (not seen: the fold leaves the board's numbers and marks and a move or two)
        raise OSError(errno.EFBIG, "the game is too large to save")
    return parts, fold


def left_revealed(game: Game) -> bool:
    """Whether `game` stands with its solution revealed: its last move the reveal (which
    `u` takes back), as `SavedGame.revealed` reads it from a save's moves."""
    last = game.latest_moves(1)
    return bool(last) and isinstance(last[0], Batch) and last[0].label == REVEAL_LABEL


def game_mark(state: Mapping[str, Any]) -> str:
    """What tells a saved game (`Game.to_state`) from the same game played on: what its
    moves come to (`net_history`: how many, and each cell's number and marks), the moves
    undone, and the help taken (a hint that places nothing is play too: it costs the best
    time). Not the clock, nor the file's time: the window that held a game saves it again
    as it closes, its clock moved on but nothing played. Nor how its history is kept: a
    save past `FOLD_AT` is rewritten with its earlier moves folded into one as soon as its
    game opens, and that is no play either (the moves, listed one by one, told the fold
    from a move, and a second window open on the game since then did not take it over
    when the first let go, saying it was played on)."""
    moves = state.get("moves")
    net = net_history(moves) if isinstance(moves, list) else None
    # (moves that are none, in a file edited by hand, are told apart as they stand)
    history = {"net": net} if net is not None else {"moves": moves}
    return json.dumps([history, *(state.get(key) for key in ("redo", "hints", "fills",
                                                               "revealed"))])


class NewerFormat(Exception):
    """A save written by a newer version of the program: left alone, never written over."""


def newer_error(name: str) -> OSError:
    """The failure to write over `name`, a file a newer version of the program wrote."""
    return OSError(errno.EEXIST, f"{name} is from a newer version of numbrix-curses, "
                                 "left as it is")


def why_unreadable(error: BaseException) -> str:
    """Why a file could not be read, in a few words for the player."""
    if isinstance(error, json.JSONDecodeError):
        return f"not valid JSON at line {error.lineno}"
    if isinstance(error, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(error, ValueError) and "int_max_str_digits" in str(error):
        # (Python's own words, which name a function of its own to call)
        return "a number thousands of digits long"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error) or type(error).__name__


def read_json(path: Path) -> Any:
    """The JSON of the file at `path` (a save, the records), at most `MAX_SAVE_BYTES` of
    it; raises OSError or ValueError (see `why_unreadable`)."""
    # A named pipe where a save should be must not hang the app (NotRegularFile is a
    # ValueError: the file is set aside like any other unreadable save).
    raw = read_regular_file(path, MAX_SAVE_BYTES)
    if len(raw) > MAX_SAVE_BYTES:
        raise ValueError("file too large")
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply") from None


#: how much of the start of a save `read_head` reads: the file's fields, the puzzle (900
#: numbers at most, and its metadata) and the game's play state come before its moves
HEAD_BYTES = 64 * 1024
#: where a save's game starts, and its moves, as `game_file_parts` writes them (in JSON
#: text a quote within a string is escaped, so neither is ever part of a string)
_GAME_AT = b',"game":{"cursor":'
_MOVES_AT = b',"moves":'


def read_head(path: Path, board: bool = True) -> Any:
    """The JSON of the save at `path` as `read_json` reads it, but for the game's moves and
    the moves undone: what a list of saved games shows of it (its puzzle, its name, the
    time played), read from the start of the file alone (a long game's save, read whole,
    took a second and more). None where the file does not start as `game_file_parts`
    writes a save (an earlier version's, or one edited by hand): `read_json` reads it
    then. Raises OSError or ValueError as `read_json` does. (The moves are checked as the
    game opens.) With `board`, None too where the head does not say how far its game has
    come (`SavedGame.filled`, `revealed`), as an earlier version's does not."""
    raw = read_regular_file(path, HEAD_BYTES)
    game = raw.find(_GAME_AT)
    moves = raw.find(_MOVES_AT, game + len(_GAME_AT)) if game >= 0 else -1
    if moves < 0:
        return None
    try:
        data = json.loads(raw[:moves].decode("utf-8") + "}}")
    except (ValueError, RecursionError):
        return None
    # (a save of an earlier version says nothing of its board before its moves: a list
    # showing how far each game has come reads it whole, until its game is saved again)
    if board and not (isinstance(data, dict) and "filled" in data and "shown" in data):
        return None
    return data


def saved_game_from(data: Any) -> SavedGame:
    """The save `data` (as `read_json` read it) is of; raises `NewerFormat`, or ValueError,
    TypeError or KeyError saying what is wrong with it."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("not a numbrix-curses save")
    version = data.get("version")
    if not isinstance(version, int):
        raise ValueError("no version")
    if version > VERSION:
        raise NewerFormat()
    spec = data["puzzle"]
    rows, cols, givens = spec["rows"], spec["cols"], spec["givens"]
    if not (isinstance(rows, int) and isinstance(cols, int) and isinstance(givens, list)):
        raise ValueError("bad puzzle")
    if len(givens) != rows * cols or not all(type(v) is int for v in givens):
        raise ValueError("bad puzzle grid")
    metadata = spec.get("metadata", {})
    if not isinstance(metadata, dict):
        raise ValueError("bad metadata")
    puzzle = Puzzle(np.array(givens, dtype=np.int64).reshape(rows, cols),
                    writable_metadata(metadata))
    key = puzzle_key(puzzle)
    if data.get("key") != key:
        raise ValueError("puzzle does not match its key")
    state = data["game"]
    if not isinstance(state, dict):
        raise ValueError("bad game")
    label = data.get("label")
    if isinstance(label, str) and len(label) > MAX_LABEL_CHARS:
        # (only a save edited by hand holds one longer: megabytes of it, measured for every
        # frame it is shown in, made each key take a second)
        label = label[:MAX_LABEL_CHARS]
    source = data.get("source")
    if isinstance(source, str) and ("\0" in source or len(source) > MAX_LABEL_CHARS):
        # (a name with a NUL in it names no file: the system refuses it; nor does one
        # longer than any path, which only an edit by hand makes)
        source = None
    saved_at = data.get("saved_at", 0)
    placed, shown = data.get("filled"), data.get("shown")
    return SavedGame(
        key=key,
        puzzle=puzzle,
        label=label if isinstance(label, str) else (puzzle.id or "puzzle"),
        source=source if isinstance(source, str) else None,
        saved_at=stored_seconds(saved_at, limit=1e12) or 0.0,
        state=state,
        # (a count edited by hand past the board, or of another kind, tells nothing)
        placed=placed if type(placed) is int and 0 <= placed <= rows * cols else None,
        shown=shown if isinstance(shown, bool) else None,
    )


def writable_metadata(metadata: Mapping[Any, Any]) -> dict[str, str]:
    """A save's puzzle metadata as a puzzle file can hold it, for the game's puzzle to be
    written to one (the app's "save the puzzle"): a save edited by hand may hold anything,
    and the game is no less the player's for a name no file can hold. A key that is no
    one-word key is left out; a value becomes one line of text, half characters (a lone
    surrogate, which no file can be written with) becoming U+FFFD, at most as long as a
    puzzle file's value may be."""
    kept = {}
    for key, value in metadata.items():
        name = metadata_name(key)
        if name is not None and name not in kept:
            text = LONE_SURROGATE.sub("\ufffd", comment_text(value))
            kept[name] = text[:MAX_METADATA_CHARS]
    return kept


def stored_seconds(value: Any, limit: float = 10.0**9) -> float | None:
    """A stored time as a float the screens can show: finite, 0 <= value < limit; else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not 0 <= value < limit:  # also refuses NaN, and ints too large for a float
        return None
    return float(value)
