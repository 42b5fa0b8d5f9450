"""Saved games and records on disk: round trips, corrupt files, two writers at once."""
from __future__ import annotations

import json
import multiprocessing
import os
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses import moves
from numbrix_curses.game import Game
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.keptfiles import keep_typed, write_crash_report
from numbrix_curses.savefile import game_file_parts, game_mark, puzzle_key, saved_game_from
from numbrix_curses.savestate import Store
from numbrix_curses.statedir import state_dir
from helpers import GIVENS, FakeClock


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "state")


def puzzle(metadata=None) -> Puzzle:
    return Puzzle.from_rows(GIVENS, metadata or {"id": "demo"})


def played_game(clock: FakeClock) -> Game:
    game = Game(puzzle(), clock=clock)
    game.set_value(1, 3)
    game.set_value(2, 2)
    game.undo()
    clock.now += 75
    return game


#: what a player does to a game, as hypothesis draws it: numbers typed or set, cleared,
#: pencilled, drawn along, undone and redone, the game started again; and a save that
#: folds its history to a share of its length (see `Game.shorten_history`)
_PLAY = st.one_of(
    st.tuples(st.just("fold"), st.floats(0.0, 1.0)),
    st.tuples(st.just("set"), st.integers(0, 15), st.integers(0, 16)),
    st.tuples(st.just("type"), st.integers(0, 9)),
    st.tuples(st.just("cursor"), st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.just("extend"), st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)])),
    st.sampled_from([("undo",), ("undo",), ("redo",), ("redo",), ("commit",), ("pencil",),
                     ("end stroke",), ("restart",), ("backspace",)]),
)


@settings(max_examples=150, deadline=None)
@given(steps=st.lists(_PLAY, max_size=60), piece=st.sampled_from([1, 2, 3, 256]))
def test_a_save_made_after_every_step_is_the_whole_game_written_afresh(steps, piece):
    """A game is saved after every change, and its moves' text is kept from one save to the
    next (a long history made afresh each time cost a second a key): whatever was played,
    undone, redone or played over a redo, the text is the game's as written from scratch,
    and the reader reads it back as the game; a fold of the history to keep the save
    small keeps the board, the pencil marks and the moves to redo. (`piece`: moves a kept
    piece of text holds; small ones put the pieces' edges where the steps are.)"""
    board = Puzzle.from_rows([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 16]])
    clock = FakeClock()
    original = moves.TEXT_PIECE
    moves.TEXT_PIECE = piece
    try:
        game = Game(board, clock=clock)
        for step in steps:
            name, *args = step
            if name == "set":
                game.set_value(*args)
            elif name == "type":
                game.type_digit(*args)
            elif name == "cursor":
                game.set_cursor(*args)
            elif name == "extend":
                game.extend(*args[0])
            elif name == "pencil":
                game.toggle_pencil()
            elif name == "end stroke":
                game.end_stroke()
            elif name == "fold":
                grid, notes, future = game.grid.copy(), game.noted_cells, game.future
                mark = game_mark(game.to_state())
                fold = game.shorten_history(int(len("".join(game.state_text_parts())) * args[0]))
                assert np.array_equal(game.grid, grid) and game.noted_cells == notes
                assert game.future == future or (fold is not None and fold.redo_dropped)
                # (a fold is no play: another window must not read it as the game played on)
                assert game_mark(game.to_state()) == mark or fold.redo_dropped
            else:
                getattr(game, name)()
            clock.now += 1.5
            text = "".join(game.state_text_parts())
            assert text == json.dumps(game.to_state(), separators=(",", ":"))
        with tempfile.TemporaryDirectory() as root:
            store = Store(Path(root))
            store.save_game(board, game, "demo", None)
            resumed = store.resume(board, clock=FakeClock())
            assert resumed is not None and store.problems == []
            again, saved = resumed
            assert again.history == game.history and again.future == game.future
            assert saved.state == game.to_state()
            # (what a list shows of the board, read from the save's head, is what its
            # moves come to)
            [listed] = store.saved_games(moves=False)
            assert (listed.filled, listed.revealed) == (saved.filled, saved.revealed)
    finally:
        moves.TEXT_PIECE = original


def test_a_save_s_text_reads_back_as_the_game_without_a_directory():
    """The codec of a save file alone: the text `game_file_parts` makes is the save
    `saved_game_from` reads, the puzzle, its key, label and source, and the game."""
    game = played_game(FakeClock())
    parts, fold = game_file_parts(game.puzzle, game, "demo", "/tmp/demo.txt")
    saved = saved_game_from(json.loads("".join(parts)))
    assert fold is None and saved.key == puzzle_key(game.puzzle)
    assert (saved.label, saved.source) == ("demo", "/tmp/demo.txt")
    assert saved.puzzle.flat() == game.puzzle.flat()
    assert saved.puzzle.metadata == game.puzzle.metadata
    assert saved.state == game.to_state() and saved.elapsed == 75
    assert saved.filled == game.placed and game_mark(saved.state) == game_mark(game.to_state())


# ----- where --------------------------------------------------------------------------------
def test_state_dir_follows_xdg_and_ignores_relative_paths(tmp_path: Path):
    assert state_dir({"XDG_STATE_HOME": str(tmp_path)}) == tmp_path / "numbrix-curses"
    home = {"HOME": str(tmp_path), "XDG_STATE_HOME": "relative/dir"}
    assert state_dir(home) == tmp_path / ".local" / "state" / "numbrix-curses"
    assert state_dir({"HOME": str(tmp_path)}) == tmp_path / ".local" / "state" / "numbrix-curses"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no user database (Windows)")
def test_state_dir_with_home_empty_is_the_account_s_home(tmp_path: Path):
    """An empty HOME made `~` the root directory: the saves went to /.local/state."""
    import pwd

    account = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for home in ({"HOME": ""}, {"HOME": "relative"}):
        assert state_dir(home) == account / ".local" / "state" / "numbrix-curses"


def test_key_depends_on_givens_only():
    assert puzzle_key(puzzle({"id": "a"})) == puzzle_key(puzzle({"id": "b"}))
    other = Puzzle.from_rows([[1, 0], [0, 0]])
    assert puzzle_key(other) != puzzle_key(puzzle())
    # the same givens read row by row on boards of another shape are other puzzles: a
    # 2x3 game must not open as the 3x2 one's save, nor count its solves
    wide = Puzzle.from_rows([[1, 0, 0], [0, 0, 0]])
    tall = Puzzle.from_rows([[1, 0], [0, 0], [0, 0]])
    assert list(wide.flat()) == list(tall.flat())
    assert puzzle_key(wide) != puzzle_key(tall)


# ----- games --------------------------------------------------------------------------------
def test_save_and_resume_the_same_game(store: Store):
    clock = FakeClock()
    game = played_game(clock)
    store.save_game(game.puzzle, game, "demo", "/tmp/demo.txt")
    resumed = store.resume(puzzle(), clock=FakeClock())
    assert resumed is not None
    again, saved = resumed
    assert np.array_equal(again.grid, game.grid)
    assert again.history == game.history and again.future == game.future
    assert again.elapsed() == 75
    assert saved.label == "demo" and saved.source == "/tmp/demo.txt"
    assert saved.elapsed == 75
    assert store.problems == []


def test_a_game_opened_again_from_its_file_keeps_the_grade_its_save_knows(store: Store):
    """The file says no difficulty; the game was graded "easy" as it was played, and its
    save says so: opened from the file again, the game shows "easy" at once (it showed
    only its size until the grade was worked out anew)."""
    clock = FakeClock()
    game = Game(puzzle({"id": "demo", "difficulty": "easy"}), clock=clock)
    game.set_value(1, 3)
    store.save_game(game.puzzle, game, "demo", "/tmp/demo.txt")
    resumed = store.resume(puzzle(), clock=FakeClock())
    assert resumed is not None
    assert resumed[0].puzzle.metadata == {"id": "demo", "difficulty": "easy"}
    # A grade the file gives is its own: the save's does not replace it.
    again = store.resume(puzzle({"id": "demo", "difficulty": "hard"}), clock=FakeClock())
    assert again is not None and again[0].puzzle.metadata["difficulty"] == "hard"


def test_latest_game_is_the_most_recent(store: Store, monkeypatch):
    clock = FakeClock()
    first = played_game(clock)
    other = Game(Puzzle.from_rows([[1, 0], [0, 0]], {"id": "tiny"}), clock=clock)
    times = iter([1000.0, 2000.0])
    monkeypatch.setattr("numbrix_curses.savestate.time.time", lambda: next(times))
    store.save_game(first.puzzle, first, "demo", None)
    store.save_game(other.puzzle, other, "tiny", None)
    assert [g.label for g in store.saved_games()] == ["tiny", "demo"]
    assert store.latest_game().label == "tiny"
    store.delete_game(other.puzzle)
    assert store.latest_game().label == "demo"


def test_a_list_of_the_games_reads_each_save_only_as_far_as_it_shows(
        store: Store, monkeypatch: pytest.MonkeyPatch):
    """The menu looks at the saved games every few seconds, and read each one whole: a long
    game's save, written again by the window playing it at every move, took more than a
    second to read each time, the menu frozen meanwhile. A list reads a save from its
    start up to its moves only, and shows what a whole read shows."""
    from numbrix_curses import savefile

    game = played_game(FakeClock())
    for _ in range(5000):  # (a history longer than the start read)
        game.set_value(1, 3)
        game.set_value(1, 0)
    store.save_game(game.puzzle, game, "demo", "/tmp/demo.txt")
    assert store.game_path(puzzle()).stat().st_size > savefile.HEAD_BYTES
    limits = []
    real = savefile.read_regular_file

    def counted(path, limit, **options):
        limits.append(limit)
        return real(path, limit, **options)

    monkeypatch.setattr(savefile, "read_regular_file", counted)
    [listed] = store.saved_games(moves=False)
    assert limits == [savefile.HEAD_BYTES]
    [whole] = store.saved_games()
    assert listed.elapsed == whole.elapsed == 75
    assert (listed.filled, listed.revealed) == (whole.filled, whole.revealed) == (
        game.placed, False)
    assert (listed.key, listed.label, listed.source, listed.saved_at) == (
        whole.key, whole.label, whole.source, whole.saved_at)
    assert listed.puzzle.flat() == whole.puzzle.flat()
    assert listed.puzzle.metadata == whole.puzzle.metadata
    assert "moves" not in listed.state and whole.state["moves"] == game.to_state()["moves"]
    assert store.problems == []


def test_a_list_of_the_games_reads_a_save_laid_out_otherwise_whole(store: Store):
    """A save written before its game's time came before its moves (or edited by hand) is
    read whole for a list: shown all the same; one of a newer version is told of once, and
    one named for another puzzle set aside, as a whole read does."""
    game = played_game(FakeClock())
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["game"] = {"moves": data["game"].pop("moves"), **data["game"]}  # (as before)
    path.write_text(json.dumps(data, separators=(",", ":")))
    [listed] = store.saved_games(moves=False)
    assert listed.elapsed == 75 and listed.state["moves"] == game.to_state()["moves"]
    # one whose head says nothing of its board (as the version before wrote it): read
    # whole for a list that shows its cells filled, counted from its moves; from its head
    # for one that shows its time alone (the menu's)
    store.save_game(game.puzzle, game, "demo", None)
    data = json.loads(path.read_text())
    del data["filled"], data["shown"]
    path.write_text(json.dumps(data, separators=(",", ":")))
    [listed] = store.saved_games(moves=False)
    assert listed.state["moves"] == game.to_state()["moves"] and listed.filled == game.placed
    [listed] = store.saved_games(moves=False, board=False)
    assert listed.elapsed == 75 and "moves" not in listed.state
    store.save_game(game.puzzle, game, "demo", None)
    path.write_text(path.read_text().replace('"version":1,', '"version":99,', 1))
    for _ in range(2):
        assert store.saved_games(moves=False) == []
    assert len(store.problems) == 1 and "newer version" in store.problems[0]
    path.unlink()
    other = Store(store.root)  # (this one leaves the newer version's save alone for good)
    other.save_game(game.puzzle, game, "demo", None)
    path.rename(path.with_name("0" * 24 + ".json"))
    assert other.saved_games(moves=False) == []
    assert "it belongs to another puzzle" in other.problems[-1]


def test_no_save_means_nothing_to_resume(store: Store):
    assert store.resume(puzzle()) is None
    assert store.latest_game() is None
    assert store.problems == []


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe binary",
        b"[]",
        b'{"format": "numbrix-curses-save", "version": 1}',
        b'{"format": "something else", "version": 1}',
    ],
)
def test_corrupt_save_is_set_aside_with_a_message(store: Store, content: bytes):
    path = store.game_path(puzzle())
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert store.resume(puzzle()) is None
    assert not path.exists()
    aside = list(path.parent.glob(path.name + ".corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept, not destroyed
    assert len(store.problems) == 1 and "set aside" in store.problems[0]
    # (the game opened starts afresh, and is said to; a list of the games opens none)
    assert store.problems[0].endswith(". A new game starts.")
    path.write_bytes(content)
    assert store.saved_games() == []
    assert "set aside" in store.problems[1] and "new game" not in store.problems[1]


def test_a_save_set_aside_never_replaces_one_set_aside_before(store: Store):
    """Two corrupt saves of one game within a second were set aside under one name: the
    first was lost."""
    path = store.game_path(puzzle())
    path.parent.mkdir(parents=True)
    for content in (b"{first", b"{second", b"{third"):
        path.write_bytes(content)
        assert store.resume(puzzle()) is None
    kept = sorted(p.read_bytes() for p in path.parent.glob(path.name + ".corrupt-*"))
    assert kept == [b"{first", b"{second", b"{third"]


def test_a_save_of_the_wrong_layout_is_said_so_in_words(store: Store):
    """Python's own words were shown: "(list indices must be integers or slices, not str)"."""
    path = store.game_path(puzzle())
    path.parent.mkdir(parents=True)
    for layout in ('"puzzle": []', '"puzzle": {"rows": 2}'):
        path.write_text('{"format": "numbrix-curses-save", "version": 1, ' + layout + "}")
        store.problems.clear()
        assert store.resume(puzzle()) is None
        assert store.problems and "(not laid out as a save)" in store.problems[0]
        assert "indices" not in store.problems[0] and "'cols'" not in store.problems[0]


def test_a_save_with_a_number_thousands_of_digits_long_is_said_so_in_words(store: Store):
    path = store.game_path(puzzle())
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "numbrix-curses-save", "version": ' + "9" * 5000 + "}")
    assert store.resume(puzzle()) is None
    assert "(a number thousands of digits long)" in store.problems[0]
    assert "int_max_str_digits" not in store.problems[0]


def test_save_whose_moves_do_not_fit_is_set_aside(store: Store):
    clock = FakeClock()
    game = played_game(clock)
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["game"]["moves"] = [[0, 4, 9]]  # tries to change a given
    path.write_text(json.dumps(data))
    assert store.resume(puzzle()) is None
    assert "changes a given" in store.problems[0]
    assert store.problems[0].endswith(". A new game starts.")  # (nothing of it kept)
    assert not path.exists()


def test_a_save_with_one_move_that_does_not_fit_goes_on_from_the_moves_before_it(
    store: Store,
):
    """One damaged move threw the whole game away: the moves before it were the player's."""
    clock = FakeClock()
    game = played_game(clock)
    game.redo()  # (two moves)
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    moves = data["game"]["moves"]
    assert len(moves) == 2
    data["game"]["moves"] = moves + [[0, 4, 9]] + moves[:1]  # the bad one, and one after it
    path.write_text(json.dumps(data))
    resumed = store.resume(puzzle(), clock=FakeClock())
    assert resumed is not None
    again, _ = resumed
    assert np.array_equal(again.grid, game.grid) and again.history == game.history
    assert "changes a given" in store.problems[0]
    assert f"goes on from its first {len(moves)} moves" in store.problems[0]
    assert list(path.parent.glob(path.name + ".corrupt-*"))  # the file itself is kept aside


def test_a_saves_metadata_edited_by_hand_is_kept_as_a_puzzle_file_can_hold_it(
        store: Store, tmp_path: Path):
    """The puzzle of a save whose metadata held half a character ("\\ud800") or a key of two
    words could not be saved to a file: the app's "save the puzzle" ended with an internal
    error (UnicodeEncodeError, ValueError), not caught as a write's failure."""
    from numbrix_curses.atomic import write_text_atomic
    from numbrix_curses.textformat import format_compact, read_puzzles

    store.save_game(puzzle(), Game(puzzle()), "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["puzzle"]["metadata"] = {"id": "a\ud800b", "two words": "x", "Seed": 5,
                                  "difficulty": "hard\nreally", "pattern": "p" * 5000}
    path.write_text(json.dumps(data))
    [saved] = store.saved_games()
    assert saved.puzzle.metadata == {"id": "a\ufffdb", "seed": "5",
                                     "difficulty": "hard really", "pattern": "p" * 2000}
    out = tmp_path / "out.txt"
    write_text_atomic(out, format_compact(saved.puzzle))
    [again] = read_puzzles(str(out))
    assert again.metadata == saved.puzzle.metadata
    assert not store.problems


def test_a_save_of_many_moves_with_one_that_does_not_fit_is_rebuilt_a_few_times_only(
        store: Store, monkeypatch):
    """The run of moves that fits was found by halving it, the game rebuilt from its moves
    each time (some twenty times for a save of a million moves, 8 MB, as a save may be):
    100,000 moves with a bad one at the end took 14 s to open. Now: the whole, the start,
    one pass over the moves, the game."""
    game = Game(puzzle())
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["game"]["moves"] = [[1, 0, 3], [1, 3, 0]] * 500 + [[0, 4, 9]]  # (the last: a given)
    path.write_text(json.dumps(data))
    rebuilds = []
    from_state = Game.from_state.__func__
    monkeypatch.setattr(Game, "from_state", classmethod(
        lambda cls, *args, **kwargs: rebuilds.append(1) or from_state(cls, *args, **kwargs)))
    again, _ = store.resume(puzzle())
    assert len(again.history) == 1000 and "goes on from its first 1,000 moves" in store.problems[0]
    assert len(rebuilds) <= 4


def long_history(count: int, seed: int) -> tuple[list, list[tuple[list[int], dict]]]:
    """`count` moves of a game of the demo puzzle as a save holds them (numbers set, changed
    and rubbed out, pencil marks, strokes over two cells), each following the one before;
    with the board and the pencil marks after each."""
    import random

    rng = random.Random(seed)
    grid = np.array(GIVENS).ravel().tolist()
    blanks = [cell for cell, value in enumerate(grid) if not value]
    notes: dict[int, tuple[int, ...]] = {}
    moves: list = []
    after = []
    for k in range(count):
        if k % 13 == 5:
            cell = rng.choice(blanks)
            marks = sorted(rng.sample(range(1, 17), rng.randrange(3)))
            moves.append({"marks": [cell, list(notes.get(cell, ())), marks]})
            notes[cell] = tuple(marks)
            if not marks:
                del notes[cell]
        elif k % 29 == 3:
            changes = []
            for cell in rng.sample(blanks, 2):
                number = rng.randrange(17)
                changes.append([cell, grid[cell], number])
                grid[cell] = number
            moves.append({"label": "drew", "changes": changes})
        else:
            cell = rng.choice(blanks)
            number = rng.choice([0, rng.randrange(1, 17)])
            moves.append([cell, grid[cell], number])
            grid[cell] = number
        after.append((list(grid), dict(notes)))
    return moves, after


def save_with_moves(store: Store, moves: list, redo: list) -> None:
    game = Game(puzzle())
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["game"]["moves"], data["game"]["redo"] = moves, redo
    path.write_text(json.dumps(data, separators=(",", ":")))


def test_a_save_of_a_long_history_opens_as_played_and_undo_walks_it_back(store: Store):
    """The moves of a save were made and checked one at a time: a save of a million moves
    took 9 s to open. Now they are checked together; the game opened is the same: its
    board, its pencil marks, its moves to undo and to redo."""
    count = 20_000
    moves, after = long_history(count + 3, seed=3)
    # (the last three undone: the redo stack holds them, the next to redo last)
    save_with_moves(store, moves[:count], moves[count:][::-1])
    resumed = store.resume(puzzle())
    assert resumed is not None and store.problems == []
    game, saved = resumed
    assert game.solved is None
    assert game.moves == count and len(game.future) == 3
    board, notes = after[count - 1]
    assert game.grid.ravel().tolist() == board and game.noted_cells == notes
    assert saved.filled == sum(map(bool, board))
    for back in range(2, 6):  # undo walks back through the moves read, one at a time
        assert game.undo() is None
        board, notes = after[count - back]
        assert game.grid.ravel().tolist() == board and game.noted_cells == notes
    for ahead in range(-4, 3):  # and redo forward, past where the save was, to its last
        assert game.redo() is None
        board, notes = after[count + ahead]
        assert game.grid.ravel().tolist() == board and game.noted_cells == notes
    assert game.redo() is not None  # (nothing more to redo)
    again = Game.from_state(puzzle(), game.to_state())
    assert again.history == game.history and again.grid.tolist() == game.grid.tolist()


@pytest.mark.parametrize("where", ["number", "marks", "redo"])
def test_a_long_history_with_a_move_that_does_not_fit_goes_on_from_the_moves_before_it(
        store: Store, where):
    """Checked together, the moves are refused as they were one by one: at the first that
    does not follow the board (or the pencil marks) before it."""
    count, bad = 5_000, 3_100
    moves, after = long_history(count, seed=4)
    redo: list = []
    if where == "number":
        while not isinstance(moves[bad], list):
            bad += 1
        moves[bad] = [moves[bad][0], moves[bad][1] + 1, moves[bad][2]]  # (held another)
    elif where == "marks":
        while not (isinstance(moves[bad], dict) and "label" not in moves[bad]):
            bad += 1
        cell, old, new = moves[bad]["marks"]
        moves[bad] = {"marks": [cell, old + [17], new]}  # (no mark is past the board)
    else:
        cell = next(c for c, v in enumerate(after[-1][0]) if v not in (0, 1) and c in (1, 2, 9))
        redo, bad = [[cell, 1, 0]], count  # (redone, a change from a number not there)
    save_with_moves(store, moves, redo)
    game, _ = store.resume(puzzle())
    assert game.moves == bad and game.future == ()
    board, notes = after[bad - 1]
    assert game.grid.ravel().tolist() == board and game.noted_cells == notes
    [problem] = store.problems
    assert "set aside" in problem and f"goes on from its first {bad:,} moves" in problem


def test_save_for_another_puzzle_under_this_name_is_set_aside(store: Store):
    clock = FakeClock()
    other = Game(Puzzle.from_rows([[1, 0], [0, 0]]), clock=clock)
    store.save_game(other.puzzle, other, "tiny", None)
    os.replace(store.game_path(other.puzzle), store.game_path(puzzle()))
    assert store.resume(puzzle()) is None
    assert store.problems


def test_a_save_copied_under_another_puzzles_name_is_not_listed_as_a_game(store: Store):
    """The games under way listed such a copy as its own puzzle's game, twice where that
    one's save was there too; resuming it opened that save (or a fresh game), and
    abandoning it deleted that save, the copy staying in the list for good."""
    clock = FakeClock()
    tiny = Game(Puzzle.from_rows([[1, 0], [0, 0]]), clock=clock)
    tiny.set_value(1, 2)
    store.save_game(tiny.puzzle, tiny, "tiny", None)
    copy = store.game_path(puzzle())
    copy.write_bytes(store.game_path(tiny.puzzle).read_bytes())
    assert [saved.label for saved in store.saved_games()] == ["tiny"]
    assert store.problems == [
        "A saved file could not be read (it belongs to another puzzle); it was set aside as "
        f"{next(copy.parent.glob(copy.name + '.corrupt-*')).name}."]
    store.delete_game(tiny.puzzle)
    assert store.saved_games() == [] and len(store.problems) == 1


def test_a_file_where_the_games_folder_goes_is_said_to_be_one(store: Store):
    """The save failed with the system's "File exists", which said nothing of what."""
    store.games_dir.parent.mkdir(parents=True, exist_ok=True)
    store.games_dir.write_text("not a folder")
    game = played_game(FakeClock())
    with pytest.raises(OSError) as error:
        store.save_game(game.puzzle, game, "demo", None)
    assert error.value.strerror == f"{store.games_dir} is a file, not a folder"
    # a link to a folder that is gone is no file
    store.games_dir.unlink()
    store.games_dir.symlink_to(store.root / "gone")
    with pytest.raises(OSError) as error:
        store.save_game(game.puzzle, game, "demo", None)
    assert error.value.strerror == f"{store.games_dir} is a link to a folder that is not there"


def test_the_games_stamp_changes_with_the_saves_only(store: Store):
    assert store.games_stamp() == ()
    game = played_game(FakeClock())
    store.save_game(game.puzzle, game, "demo", None)
    stamp = store.games_stamp()
    assert len(stamp) == 1 and store.games_stamp() == stamp
    game.set_value(*next((c, 2) for c in range(game.size) if not game.is_given(c)))
    store.save_game(game.puzzle, game, "demo", None)
    assert store.games_stamp() != stamp
    store.delete_game(game.puzzle)
    assert store.games_stamp() == ()


def test_a_newer_versions_save_is_told_of_once(store: Store):
    """The menu reads the saves every few seconds: the line came back each time, after
    the player had read it."""
    game = played_game(FakeClock())
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    for _ in range(3):
        assert store.saved_games() == []
    assert len(store.problems) == 1 and "newer version" in store.problems[0]


def test_save_from_a_newer_version_is_left_alone(store: Store):
    clock = FakeClock()
    game = played_game(clock)
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(puzzle())
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    assert store.resume(puzzle()) is None
    assert path.exists()
    assert "newer version" in store.problems[0]
    # and stays so: this version's game of the puzzle was saved over it at its first move
    written = path.read_text()
    with pytest.raises(OSError, match="newer version"):
        store.save_game(game.puzzle, game, "demo", None)
    store.save_game_later(game.puzzle, game, "demo", None)
    store.flush()
    assert "newer version" in (store.take_save_error() or "")
    assert path.read_text() == written


def test_a_record_of_another_kind_is_written_back_as_it_was(store: Store):
    """An entry edited by hand into a list was dropped, without a word, by the next solve of
    another puzzle."""
    store.record_solve(puzzle(), "demo", 30.0, 20)
    data = json.loads(store.records_path.read_text())
    data["puzzles"]["odd"] = ["edited", "by", "hand"]
    store.records_path.write_text(json.dumps(data))
    assert set(store.records()) == {puzzle_key(puzzle())}
    other = Puzzle.from_rows([[1, 2], [4, 3]])
    store.record_solve(other, "other", 5.0, 4)
    kept = json.loads(store.records_path.read_text())["puzzles"]
    assert kept["odd"] == ["edited", "by", "hand"]
    assert store.records()[puzzle_key(other)].solved == 1


def test_records_from_a_newer_version_are_not_written_over(store: Store):
    """A solve after a newer version's records were found rewrote them as this version's,
    holding that solve alone: every record before was lost."""
    store.record_solve(puzzle(), "demo", 30.0, 20)
    path = store.records_path
    data = json.loads(path.read_text())
    data["version"] = 99
    path.write_text(json.dumps(data))
    written = path.read_text()
    assert store.records() == {}
    with pytest.raises(OSError, match="newer version"):
        store.record_solve(puzzle(), "demo", 10.0, 20)
    with pytest.raises(OSError, match="newer version"):
        store.note_difficulty(puzzle({"difficulty": "easy"}))
    assert path.read_text() == written


def test_corrupt_files_do_not_hide_good_ones_in_the_list(store: Store):
    clock = FakeClock()
    game = played_game(clock)
    store.save_game(game.puzzle, game, "demo", None)
    (store.games_dir / "junk.json").write_text("{")
    assert [g.label for g in store.saved_games()] == ["demo"]
    assert len(store.problems) == 1


def test_saving_into_a_read_only_place_raises_oserror(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = Store(blocker / "state")
    game = played_game(FakeClock())
    with pytest.raises(OSError):
        store.save_game(game.puzzle, game, "demo", None)


# ----- records ------------------------------------------------------------------------------
def test_records_keep_the_best_time_and_count_solves(store: Store):
    p = puzzle()
    record, best = store.record_solve(p, "demo", 90.0, 20)
    assert best and record.solved == 1 and record.best_seconds == 90.0
    record, best = store.record_solve(p, "demo", 120.0, 10)
    assert not best and record.solved == 2 and record.best_seconds == 90.0
    record, best = store.record_solve(p, "demo", 60.5, 30)
    assert best and record.best_seconds == 60.5 and record.best_moves == 30
    # a tie is no new best: the time to beat, and its moves, stay
    record, best = store.record_solve(p, "demo", 60.5, 12)
    assert not best and record.best_seconds == 60.5 and record.best_moves == 30
    assert store.records()[puzzle_key(p)].solved == 4


def test_a_save_too_large_is_set_aside_unread(store: Store):
    """A save past `MAX_SAVE_BYTES` (valid JSON or not) is set aside, not parsed: a huge file
    where a save should be must not hold up or exhaust the app."""
    from numbrix_curses.savefile import MAX_SAVE_BYTES

    game = played_game(FakeClock())
    store.save_game(game.puzzle, game, "demo", None)
    path = store.game_path(game.puzzle)
    good = path.read_bytes()
    assert good.endswith(b"}") or good.endswith(b"}\n")
    padded = good.rstrip() + b" " * (MAX_SAVE_BYTES + 1 - len(good.rstrip()))
    path.write_bytes(padded)  # the same save, spaces after it: valid JSON, too large
    assert Store(store.root).resume(game.puzzle) is None
    assert not path.exists() and list(path.parent.glob(path.name + ".corrupt-*"))


def test_a_game_played_past_the_size_limit_is_saved_folded_and_resumes(
        store: Store, monkeypatch: pytest.MonkeyPatch):
    """A save past `MAX_SAVE_BYTES` is not read back; a game played long enough to pass
    it (some 700,000 moves at the real limit, here a small one) is saved with its earlier
    moves folded into one, every save within the limit, and resumes as it was left: the
    board, the pencil marks, the moves to redo, the clock and the count of moves. (Each
    save's text is made as the store makes it, `game_file_parts`, and written at the end:
    1,500 files written took five seconds, syncing the disk.)"""
    from numbrix_curses import savefile

    monkeypatch.setattr(savefile, "MAX_SAVE_BYTES", 6000)
    clock = FakeClock()
    game = Game(puzzle(), clock=clock)
    folds = []
    for i in range(1500):
        cell, number = ((1, 2), (2, 3), (6, 15), (9, 13))[i % 4]
        game.set_value(cell, number if i % 8 < 4 else 12)
        if i % 50 == 49:
            game.set_cursor(2, 2)
            game.clear(10)
            game.toggle_pencil()
            game.type_digit(3)  # (a pencil mark, in or out)
            game.commit()
            game.toggle_pencil()
        clock.now += 1
        parts, fold = game_file_parts(game.puzzle, game, "demo", None)
        folds.append(fold)
        assert len("".join(parts).encode("utf-8")) <= 6000
    game.undo()
    game.undo()
    assert store.save_game(game.puzzle, game, "demo", None) is None
    assert store.game_path(game.puzzle).stat().st_size <= 6000
    assert sum(fold is not None for fold in folds) >= 2  # (folded again as it grew)
    assert folds[-1] is None  # (and not at every save: a fold makes room for many more)
    resumed = Store(store.root).resume(game.puzzle, clock=clock)
    assert resumed is not None
    again, saved = resumed
    assert np.array_equal(again.grid, game.grid) and again.noted_cells == game.noted_cells
    assert again.noted_cells  # (a mark stands on the board)
    assert again.history == game.history and again.future == game.future
    assert again.moves_played == game.moves_played > 1500
    assert again.elapsed() == game.elapsed() == 1500
    assert saved.filled == game.placed


def test_records_keep_the_size_and_difficulty_for_the_statistics(store: Store):
    store.record_solve(puzzle({"id": "demo", "difficulty": "hard"}), "demo", 30.0, 5)
    record = store.records()[puzzle_key(puzzle())]
    assert (record.rows, record.cols, record.difficulty) == (4, 4, "hard")


def test_a_grade_found_after_the_solve_moves_it_under_that_grade(store: Store):
    """A newspaper's puzzle is graded beside the game; a solve faster than the grading was
    recorded without a difficulty, and the grade, once known, goes into its record."""
    ungraded, graded = puzzle(), puzzle({"id": "demo", "difficulty": "hard"})
    assert not store.note_difficulty(graded)  # never solved: nothing to note
    assert not store.records_path.exists()
    store.record_solve(ungraded, "demo", 30.0, 5)
    assert store.records()[puzzle_key(ungraded)].difficulty == ""
    assert not store.note_difficulty(ungraded)  # (a puzzle still without a grade)
    assert store.note_difficulty(graded)
    record = store.records()[puzzle_key(ungraded)]
    assert (record.difficulty, record.solved, record.best_seconds) == ("hard", 1, 30.0)
    # a record that has its difficulty keeps it
    assert not store.note_difficulty(puzzle({"id": "demo", "difficulty": "easy"}))
    assert store.records()[puzzle_key(ungraded)].difficulty == "hard"


def test_a_hand_edited_size_in_the_records_reads_as_none(store: Store):
    store.root.mkdir(parents=True)
    entries = {"a": {"solved": 1, "rows": 4, "cols": 4},
               "b": {"solved": 1, "rows": 4},  # one side only
               "c": {"solved": 1, "rows": True, "cols": 4},
               "d": {"solved": 1, "rows": "4", "cols": 99, "difficulty": ["hard"]},
               "e": {"solved": 1, "rows": 4, "cols": 31},  # a side past the largest board
               "f": {"solved": 1, "rows": 0, "cols": 4}}
    store.records_path.write_text(json.dumps(
        {"format": "numbrix-curses-records", "version": 1, "puzzles": entries}))
    sizes = {k: (r.rows, r.cols, r.difficulty) for k, r in store.records().items()}
    assert sizes == {"a": (4, 4, ""), "b": (None, None, ""), "c": (None, None, ""),
                     "d": (None, None, ""), "e": (None, None, ""), "f": (None, None, "")}


def test_hand_edited_counts_and_times_in_the_records_read_as_none(store: Store):
    """A count or time no solve could have written (negative, a bool, too large) is not
    shown as one, nor is it the time to beat: the next solve is the first counted and a
    best."""
    store.root.mkdir(parents=True)
    key = puzzle_key(puzzle())
    entries = {key: {"solved": -3, "best_seconds": -5.0, "best_moves": -1},
               "b": {"solved": 1, "best_seconds": True, "best_moves": 2.5},
               "c": {"solved": 2, "best_seconds": 1e10, "best_moves": 7}}
    store.records_path.write_text(json.dumps(
        {"format": "numbrix-curses-records", "version": 1, "puzzles": entries}))
    read = {k: (r.solved, r.best_seconds, r.best_moves) for k, r in store.records().items()}
    assert read == {key: (0, None, None), "b": (1, None, None), "c": (2, None, 7)}
    record, best = store.record_solve(puzzle(), "demo", 30.0, 9)
    assert best and (record.solved, record.best_seconds, record.best_moves) == (1, 30.0, 9)


def test_counts_of_thousands_of_digits_in_the_records_read_as_the_most_kept(store: Store):
    """Two records edited to count 4,300 digits of solves: the statistics, which write their
    sum, and the next solve, which wrote the count plus one, raised ValueError (Python
    writes no int of more than 4,300 digits): the Statistics screen ended the app with an
    internal error."""
    from numbrix_curses.gamestate import MAX_COUNT
    from numbrix_curses.stats import summarize

    store.root.mkdir(parents=True)
    many = "9" * 4300
    key = puzzle_key(puzzle())
    store.records_path.write_text(
        '{"format": "numbrix-curses-records", "version": 1, "puzzles": {'
        f'"{key}": {{"solved": {many}, "best_seconds": 9.0, "best_moves": {many}}}, '
        f'"b": {{"solved": {many}, "rows": 4, "cols": 4}}}}}}')
    read = {k: (r.solved, r.best_moves) for k, r in store.records().items()}
    assert read == {key: (MAX_COUNT, None), "b": (MAX_COUNT, None)}
    assert f"{summarize(store.records().values()).solves:,}" == f"{2 * MAX_COUNT:,}"
    record, best = store.record_solve(puzzle(), "demo", 30.0, 9)
    assert record.solved == MAX_COUNT and not best
    assert json.loads(store.records_path.read_text())["puzzles"][key]["solved"] == MAX_COUNT + 1


def test_corrupt_records_are_set_aside_and_start_again(store: Store):
    store.root.mkdir(parents=True)
    store.records_path.write_text("[1, 2")
    assert store.records() == {}
    assert "set aside" in store.problems[0]
    record, best = store.record_solve(puzzle(), "demo", 5.0, 3)
    assert best and record.solved == 1


def _hammer(root: str, worker: int, rounds: int) -> None:
    store = Store(Path(root))
    p = Puzzle.from_rows(GIVENS)
    clock = FakeClock()
    for i in range(rounds):
        game = Game(p, clock=clock)
        game.set_value(1, 2 + (i + worker) % 2)
        store.save_game(p, game, f"w{worker}", None)
        store.record_solve(p, "demo", 100.0 - i - worker, i)


def test_two_instances_at_once_never_corrupt_saves_or_lose_solves(tmp_path: Path):
    root = tmp_path / "state"
    rounds = 12
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_hammer, args=(str(root), w, rounds)) for w in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    store = Store(root)
    assert store.resume(Puzzle.from_rows(GIVENS)) is not None
    record = store.records()[puzzle_key(Puzzle.from_rows(GIVENS))]
    assert record.solved == 2 * rounds  # the lock keeps every solve
    assert store.problems == []
    assert not list(root.rglob(".*.tmp"))  # no temporary files left behind


def test_crash_report_is_written(store: Store):
    path = write_crash_report(store.root, "Traceback ...\n")
    assert path is not None and path.read_text() == "Traceback ...\n"


def test_background_saves_keep_the_newest_state_and_report_errors(store: Store, tmp_path: Path):
    clock = FakeClock()
    game = Game(puzzle(), clock=clock)
    for value in (2, 3):
        game.set_value(1, value)
        store.save_game_later(game.puzzle, game, "demo", None)
    store.flush()
    again, _ = store.resume(puzzle())
    assert again.value(1) == 3
    assert store.take_save_error() is None

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    broken = Store(blocker / "state")
    broken.save_game_later(game.puzzle, game, "demo", None)
    broken.flush()
    assert broken.take_save_error()  # said once
    assert broken.take_save_error() is None


def test_deleting_a_game_drops_its_queued_save(store: Store):
    game = Game(puzzle(), clock=FakeClock())
    game.set_value(1, 3)
    store.save_game(game.puzzle, game, "demo", None)
    store.save_game_later(game.puzzle, game, "demo", None)
    store.delete_game(game.puzzle)
    store.flush()
    assert store.resume(puzzle()) is None


def test_a_game_is_claimed_by_one_instance_until_it_lets_go(tmp_path: Path):
    """Two app instances on one puzzle each saved it over the other; now the first to claim
    it keeps it (each Store stands for an instance: its own lock file handle)."""
    first, second = Store(tmp_path), Store(tmp_path)
    demo = puzzle()
    other = Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 9]])
    assert first.claim_game(demo)
    assert first.claim_game(demo)  # a second screen of the same instance (a restart)
    assert not second.claim_game(demo)
    assert second.claim_game(other)  # another puzzle is free
    first.release_game(demo)
    assert not second.claim_game(demo)  # still held by the first one's other screen
    first.release_game(demo)
    assert second.claim_game(demo)
    assert not first.claim_game(demo)
    second.release_game(demo)
    second.release_game(other)
    assert not list(tmp_path.rglob("*.lock"))  # nothing left behind
    assert first.claim_game(demo)
    first.release_game(demo)


def test_a_claim_where_no_lock_can_be_taken_lets_the_game_be_played_as_before(tmp_path: Path):
    """A state directory that cannot be written: the claim cannot be taken, and the game is
    played as if claimed (its saves fail and say so, as they did)."""
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    store = Store(blocked)
    assert store.claim_game(puzzle())
    store.release_game(puzzle())


def test_a_file_system_without_locks_leaves_every_window_saving(tmp_path: Path, monkeypatch):
    """flock failing for want of locks (NFS without a lock daemon: ENOLCK) was taken for
    another window holding the game, and a window alone then never saved."""
    import errno

    fcntl = pytest.importorskip("fcntl")

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", no_locks)
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.claim_game(puzzle()) and second.claim_game(puzzle())
    first.release_game(puzzle())
    second.release_game(puzzle())


def test_a_crash_report_holding_half_a_character_is_written_with_its_escape(store: Store):
    """An error quoting a lone surrogate (from a pasted name, say): writing the report
    raised UnicodeEncodeError out of the app's crash handler itself, a traceback."""
    path = write_crash_report(store.root, "Traceback ...\nValueError: bad name 'a\ud800b'\n")
    assert path is not None
    assert path.read_text(encoding="utf-8").endswith("bad name 'a\\ud800b'\n")
    kept = keep_typed(store.root, "# name: \udcff\n1 . 3\n")
    assert kept is not None and kept.read_text(encoding="utf-8") == "# name: \\udcff\n1 . 3\n"


def test_two_crash_reports_in_one_second_are_both_kept(store: Store, monkeypatch):
    """Reports are named for the second they were written in; a second one then wrote over
    the first."""
    monkeypatch.setattr(time, "strftime", lambda fmt, *args: "20261128-231500")
    first = write_crash_report(store.root, "first\n")
    second = write_crash_report(store.root, "second\n")
    assert first is not None and second is not None and first != second
    assert (first.read_text(), second.read_text()) == ("first\n", "second\n")


def test_a_saved_game_says_how_much_of_it_is_filled_and_whether_it_was_left_revealed(
        store: Store):
    """What Games under way shows of each: cells filled (givens too) and a reveal left on
    the board; moves not as the game writes them tell nothing, rather than a wrong count."""
    from numbrix_curses.solver import solve

    puzzle = Puzzle.from_rows(GIVENS, {"id": "demo"})
    game = Game(puzzle)
    for cell, value in ((1, 3), (2, 2)):
        game.set_value(cell, value)
    game.set_value(1, 0)  # (cleared again: not filled)
    game.fill([(6, 15)], "fill")
    store.save_game(puzzle, game, "demo", None)
    [saved] = store.saved_games()
    assert saved.filled == int(np.count_nonzero(puzzle.givens)) + 2 and not saved.revealed
    game.reveal(solve(puzzle).solution)
    store.save_game(puzzle, game, "demo", None)
    [saved] = store.saved_games()
    assert saved.filled == 16 and saved.revealed
    [listed] = store.saved_games(moves=False)  # (read but for its moves: the same)
    assert listed.filled == 16 and listed.revealed
    game.undo()  # the reveal taken back: no longer revealed
    store.save_game(puzzle, game, "demo", None)
    assert not store.saved_games()[0].revealed
    assert not store.saved_games(moves=False)[0].revealed
    # A count edited by hand into a save's head tells nothing either.
    path = store.game_path(puzzle)
    text = path.read_text()
    assert '"filled":' in text and '"shown":false' in text
    for filled, shown in (("-1", "false"), (str(10**30), "0"), ('"x"', '"yes"'),
                          ("17", "null"), ("true", "false")):
        data = json.loads(text)
        data["filled"], data["shown"] = json.loads(filled), json.loads(shown)
        path.write_text(json.dumps(data, separators=(",", ":")))
        [listed] = store.saved_games(moves=False)
        assert listed.filled is None and not listed.revealed
    assert store.problems == []
    # (a number past 64 bits, edited in by hand, ended Games under way with an internal
    # error: an OverflowError where the number went into the grid)
    for bad in ([[99, 0, 1]], [["x", 0, 1]], [{"changes": 5}], "moves", [[1, 0, 10**30]],
                [{"label": "x", "changes": [[1, 0, 2**63]]}], [[1, 0, 17]], [[1, 0, -3]]):
        saved.state["moves"] = bad
        assert saved.filled is None


# ----- telling a saved game from the same game played on -------------------------------
def test_a_games_mark_moves_with_its_play_and_help_not_with_its_clock():
    """A window that held a game saves it again as it closes, its clock moved on but
    nothing played: that save must still read as the game another window opened."""
    clock = FakeClock()
    game = Game(puzzle(), clock=clock)
    marks = [game_mark(game.to_state())]
    clock.now += 300
    game.pause()
    game.resume()
    assert game.to_state()["elapsed"] == 300  # (the state did change: its time)
    assert game_mark(game.to_state()) == marks[0]
    game.set_value(1, 3)  # a move
    marks.append(game_mark(game.to_state()))
    game.undo()  # the same board as at first, with a move to redo
    assert np.array_equal(game.grid, Game(puzzle()).grid)
    marks.append(game_mark(game.to_state()))
    game.redo()
    assert game_mark(game.to_state()) == marks[1]  # played the same, marked the same
    game.note_hint()  # a hint that places nothing costs the best time: play too
    marks.append(game_mark(game.to_state()))
    assert len(set(marks)) == len(marks)


def test_a_save_folded_as_its_game_opens_is_not_played_on_to_another_window(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A save near the size limit is rewritten, its earlier moves folded into one, as soon
    as a window opens its game, before any move. A second window open on the game since
    before that (playing it unsaved) read the fold as play: it would not take the game
    over once the first let go, and its moves were lost. The fold is no play; a move made
    after it still is. (At a small limit: at the real one, half a million moves, the same
    took ten seconds.)"""
    from numbrix_curses import savefile
    from numbrix_curses.savefile import FOLD_AT

    MAX_SAVE_BYTES = 64 * 1024
    monkeypatch.setattr(savefile, "MAX_SAVE_BYTES", MAX_SAVE_BYTES)
    root = tmp_path / "state"
    first, second = Store(root), Store(root)
    game = Game(puzzle(), clock=FakeClock())
    first.save_game(game.puzzle, game, "demo", None)
    path = first.game_path(game.puzzle)
    saved = json.loads(path.read_text())
    pair = [[9, 0, 12], [9, 12, 0], {"marks": [1, [], [2, 3]]}, {"marks": [1, [2, 3], []]}]
    # (the four moves written take 64 characters: a save between the fold and the limit)
    saved["game"]["moves"] = pair * int(MAX_SAVE_BYTES * (1 + FOLD_AT) / 2 / 64) + [[9, 0, 13]]
    saved["game"]["redo"] = [[2, 0, 2]]
    path.write_text(json.dumps(saved, separators=(",", ":")))
    assert MAX_SAVE_BYTES * FOLD_AT < path.stat().st_size < MAX_SAVE_BYTES
    seen = second.save_mark(puzzle())  # the second window opens the game, unsaved
    resumed = first.resume(puzzle(), clock=FakeClock())
    assert resumed is not None
    opened = resumed[0]
    fold = first.save_game(opened.puzzle, opened, "demo", None)  # its first save, at once
    assert fold is not None and fold.folded > 1 and not fold.redo_dropped
    assert path.stat().st_size <= MAX_SAVE_BYTES * FOLD_AT
    assert json.loads(path.read_text())["game"]["moves"] != saved["game"]["moves"]
    assert second.save_mark(puzzle()) == seen
    opened.set_value(1, 3)  # played on after the fold: play
    first.save_game(opened.puzzle, opened, "demo", None)
    assert second.save_mark(puzzle()) != seen


def test_the_save_mark_is_that_of_the_game_on_disk_and_none_without_one(store: Store):
    clock = FakeClock()
    game = Game(puzzle(), clock=clock)
    assert store.save_mark(puzzle()) is None
    game.set_value(1, 3)
    store.save_game(game.puzzle, game, "demo", None)
    mark = store.save_mark(puzzle())
    assert mark == game_mark(game.to_state())
    # saved again as its window closes, the clock moved on: the same mark
    clock.now += 90
    store.save_game(game.puzzle, game, "demo", None)
    assert store.save_mark(puzzle()) == mark
    # played on elsewhere and saved: another mark
    game.set_value(2, 2)
    assert store.save_mark(puzzle()) == mark  # (not saved yet)
    store.save_game(game.puzzle, game, "demo", None)
    assert store.save_mark(puzzle()) not in (None, mark)
    store.delete_game(game.puzzle)
    assert store.save_mark(puzzle()) is None


def test_a_game_is_on_disk_once_saved_and_not_after_it_is_deleted(store: Store, tmp_path: Path):
    game = played_game(FakeClock())
    assert not store.has_game(game.puzzle)
    store.save_game_later(game.puzzle, game, "demo", None)
    store.flush()
    assert store.has_game(game.puzzle)
    assert not store.has_game(Puzzle.from_rows([[1, 0], [0, 0]]))  # (another puzzle's)
    store.delete_game(game.puzzle)
    assert not store.has_game(game.puzzle)
    # where every save failed there is none
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    broken = Store(blocker / "state")
    broken.save_game_later(game.puzzle, game, "demo", None)
    broken.flush()
    assert broken.take_save_error() and not broken.has_game(game.puzzle)


def test_saves_are_settled_only_once_every_queued_one_is_written(
        store: Store, tmp_path: Path, monkeypatch):
    """A save queued is not yet a save that worked: the play screen waits for this before it
    says a game is saved."""
    import threading

    from numbrix_curses import savestate

    writing, go = threading.Event(), threading.Event()
    real_write = savestate.write_text_atomic

    def held_write(path, text):
        writing.set()
        assert go.wait(10)
        real_write(path, text)

    monkeypatch.setattr(savestate, "write_text_atomic", held_write)
    game = played_game(FakeClock())
    assert store.saves_settled()  # nothing queued
    store.save_game_later(game.puzzle, game, "demo", None)
    assert not store.saves_settled()  # queued, or taken from the queue to be written
    assert writing.wait(10)
    assert not store.saves_settled()  # being written, not yet on disk
    go.set()
    store.flush()
    assert store.saves_settled() and store.has_game(game.puzzle)
    # a save that failed leaves them unsettled until the failure is taken
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    broken = Store(blocker / "state")
    broken.save_game_later(game.puzzle, game, "demo", None)
    broken.flush()
    assert not broken.saves_settled()
    assert broken.take_save_error()
    assert broken.saves_settled()
