"""How long the play screen takes to answer a key on a 15x15 board: handle, draw, refresh.

Runs the real curses screen headlessly: a child process gets a pseudo-terminal of a fixed
size, plays a fixed sequence of keys (moves, digits, undo) through `PlayScreen.handle` and
times each key from the call to the end of `refresh()` (ncurses has written the changes to
the terminal). The parent drains the terminal output and prints the figures. Saving happens
after the frame is shown and is only queued there (a background thread writes and fsyncs);
the time to queue it is shown separately, and the writer is let finish between keys, as it
does between a person's keys.

    python benchmarks/ui_redraw.py [--keys N] [--size 15] [--history 2700,40000,400000]
                                   [--fold 600000]

Target: median redraw under 10 ms for 15x15.

Then the save queued after a change in a game of a long history (`--history` moves, made
through `Game` on a 30x30 board; a change, or an undo, then `Store.save_game_later`, in
this process): the game's moves' text is kept from one save to the next, so this should
not grow with the history (it was about 1 ms per 1,000 moves). Last the save of a game
long enough that its earliest moves are folded into one (`--fold` moves), and the next.
"""
from __future__ import annotations

import argparse
import json
import os
import pty
import select
import shutil
import statistics
import struct
import sys
import tempfile
import time


def _puzzle(side: int):
    from numbrix_curses.puzzle import Puzzle, path_to_grid

    # A serpentine path with every third number given: a busy board, many links drawn.
    path = [r * side + (c if r % 2 == 0 else side - 1 - c) for r in range(side) for c in range(side)]
    grid = path_to_grid(side, side, path)
    givens = grid.copy()
    givens[(grid % 3) != 1] = 0
    return Puzzle(givens, {"id": f"bench-{side}x{side}", "difficulty": "medium"})


def _keys(count: int):
    from numbrix_curses.ui.actions import Command, Digit, MoveCursor

    cycle = [MoveCursor(0, 1), Digit(1), Digit(2), MoveCursor(1, 0), Digit(7), Command.UNDO,
             MoveCursor(0, -1), MoveCursor(-1, 0), Command.CHECK, MoveCursor(1, 1)]
    return [cycle[i % len(cycle)] for i in range(count)]


def _child(out_fd: int, side: int, count: int, state: str) -> None:
    import curses

    os.environ["XDG_STATE_HOME"] = state
    from numbrix_curses.game import Game
    from numbrix_curses.savestate import Store
    from numbrix_curses.ui.mask import ScreenMask
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.screen import AppContext
    from numbrix_curses.ui.theme import make_theme

    def run(stdscr) -> dict:
        stdscr.keypad(True)
        ctx = AppContext(Store(), make_theme(), mouse=True)
        screen = PlayScreen(ctx, Game(_puzzle(side)), f"bench {side}x{side}")
        screen.solution_job.wait(30)  # let the background solve finish: time the UI alone
        height, width = stdscr.getmaxyx()
        redraw, save = [], []
        for action in _keys(count):
            start = time.perf_counter()
            screen.handle(action)
            mask = ScreenMask(height, width)
            stdscr.erase()
            screen.draw(stdscr, mask)
            stdscr.refresh()
            middle = time.perf_counter()
            screen.after_draw()
            end = time.perf_counter()
            redraw.append(middle - start)
            save.append(end - middle)
            # A person types far slower than this loop: let the background writer finish
            # before the next key, as it would between real keys (not timed).
            ctx.store.flush()
        ctx.store.flush()
        return {"redraw": redraw, "save": [t for t in save if t > 1e-5] or [0.0]}

    result = curses.wrapper(run)
    os.write(out_fd, json.dumps(result).encode())
    os.close(out_fd)


def measure(side: int, count: int, rows: int, cols: int) -> dict:
    read_fd, write_fd = os.pipe()
    state = tempfile.mkdtemp(prefix="numbrix-bench-")
    pid, master = pty.fork()
    if pid == 0:  # the child: its stdin/stdout are the pty
        os.close(read_fd)
        import fcntl
        import termios

        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        for name in ("LINES", "COLUMNS"):
            os.environ.pop(name, None)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        try:
            _child(write_fd, side, count, state)
        finally:
            os._exit(0)
    os.close(write_fd)
    chunks = []
    while True:  # drain the terminal and collect the result
        ready, _, _ = select.select([master, read_fd], [], [], 60)
        if not ready:
            raise TimeoutError("the benchmark child stopped answering")
        if master in ready:
            try:
                if not os.read(master, 65536):
                    pass
            except OSError:
                pass
        if read_fd in ready:
            data = os.read(read_fd, 1 << 20)
            if not data:
                break
            chunks.append(data)
    os.waitpid(pid, 0)
    os.close(master)
    shutil.rmtree(state, ignore_errors=True)
    return json.loads(b"".join(chunks))


def history_saves(lengths: list[int], changes: int = 30) -> list[tuple[int, float, float]]:
    """For each history length: the median and slowest time of a change (every third an
    undo, which drops the moves' text kept past it) and the save it queues."""
    from pathlib import Path

    import numpy as np

    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store

    givens = np.zeros((30, 30), dtype=np.int16)
    givens[0, 0] = 1
    puzzle = Puzzle(givens, {"id": "bench-history"})
    state = tempfile.mkdtemp(prefix="numbrix-bench-")
    store = Store(Path(state))
    rows = []
    try:
        for length in lengths:
            game = Game(puzzle)
            for i in range(length):  # (a number put in, then taken out, over the board)
                game.set_value(1 + (i // 2) % 898, 0 if i % 2 else 2 + i % 898)
            store.save_game_later(puzzle, game, "bench", None)  # (the first: the whole text)
            store.flush()
            times = []
            for k in range(changes):
                start = time.perf_counter()
                if k % 3 == 2:
                    game.undo()
                else:
                    game.set_value(899, 0 if game.value(899) else 5)
                store.save_game_later(puzzle, game, "bench", None)
                times.append(time.perf_counter() - start)
                store.flush()  # (the writer's work, between keys: not timed)
            rows.append((length, statistics.median(times), max(times)))
    finally:
        shutil.rmtree(state, ignore_errors=True)
    return rows


def fold_save(length: int) -> tuple[int, float, float, float, int]:
    """A game of `length` moves, whose save passes the share of the size limit that folds
    it (`savefile.FOLD_AT`): the moves folded, and the time of the save that folds them
    (`Game.shorten_history`) and of the next one (its text kept, as before the fold); then
    the time another window's menu takes to look at the saved games, and the save's size."""
    from pathlib import Path

    import numpy as np

    from numbrix_curses.game import Game
    from numbrix_curses.puzzle import Puzzle
    from numbrix_curses.savestate import Store

    givens = np.zeros((30, 30), dtype=np.int16)
    givens[0, 0] = 1
    puzzle = Puzzle(givens, {"id": "bench-fold"})
    state = tempfile.mkdtemp(prefix="numbrix-bench-")
    store = Store(Path(state))
    try:
        game = Game(puzzle)
        for i in range(length):
            game.set_value(1 + (i // 2) % 898, 0 if i % 2 else 2 + i % 898)
        game.state_text_parts()  # (the text of the moves, as a save before this one made it)
        times, folded = [], 0
        for _ in range(2):
            game.set_value(899, 0 if game.value(899) else 5)
            start = time.perf_counter()
            fold = store.save_game_later(puzzle, game, "bench", None)
            times.append(time.perf_counter() - start)
            store.flush()
            if fold is not None:
                folded = fold.folded
        # (the menu of another window, looking at the saves after that one: see `menu`)
        start = time.perf_counter()
        Store(Path(state)).saved_games(moves=False)
        menu = time.perf_counter() - start
        size = store.game_path(puzzle).stat().st_size
    finally:
        shutil.rmtree(state, ignore_errors=True)
    return folded, times[0], times[1], menu, size


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--history", default="2700,40000,400000",
                        help="history lengths (moves) to time a change and its save at")
    parser.add_argument("--fold", type=int, default=600_000,
                        help="history length (moves) to time the save that folds it at")
    args = parser.parse_args(argv)
    print(f"play screen, {args.size}x{args.size} board, {args.keys} keys")
    print(f"{'terminal':<16}{'median ms':>10}{'p90 ms':>9}{'max ms':>9}{'queue save ms':>15}")
    medians = []
    for rows, cols, name in [(40, 120, "120x40 whole"), (24, 80, "80x24 scrolled")]:
        result = measure(args.size, args.keys, rows, cols)
        redraw, save = result["redraw"], result["save"]
        median = 1000 * statistics.median(redraw)
        medians.append(median)
        print(f"{name:<16}{median:>10.2f}{_ms(redraw, 0.9):>9.2f}{_ms(redraw, 1.0):>9.2f}"
              f"{1000 * statistics.median(save):>15.2f}")
    print(f"median redraw after a key: {max(medians):.2f} ms (target < 10 ms)")
    print()
    print("a change and its save queued, by the game's history")
    print(f"{'moves':>9}{'median ms':>11}{'max ms':>9}")
    for length, median, most in history_saves([int(n) for n in args.history.split(",")]):
        print(f"{length:>9,}{1000 * median:>11.2f}{1000 * most:>9.2f}")
    print()
    folded, folding, after, menu, size = fold_save(args.fold)
    print(f"a save past the share of the size limit that folds: {args.fold:,} moves, "
          f"{folded:,} folded in {1000 * folding:.0f} ms; the next save {1000 * after:.2f} ms")
    print(f"the menu's look at the saved games then ({size / 2**20:.1f} MiB): {1000 * menu:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
