"""The event loop: curses set-up, one input path from key or click to action, redraw.

`run_app` is what `numbrix play FILE` calls. It runs inside `curses.wrapper`, so the
terminal is restored however the loop ends (quit, error or Ctrl-C).
"""
from __future__ import annotations

import curses
import locale
import os

from numbrix_curses.game import Game
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.ui.actions import Action
from numbrix_curses.ui.keys import action_for_key, actions_for_click
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.play import PlayScreen, label_for
from numbrix_curses.ui.theme import make_theme

#: exit status after Ctrl-C, as a shell reports a SIGINT death
EXIT_INTERRUPTED = 130


def run_app(puzzle: Puzzle, source: str | None = None) -> int:
    """Play `puzzle` full screen; returns the exit status (0 after `q`)."""
    # Box-drawing characters need the user's locale; a bare Escape should not lag a second.
    locale.setlocale(locale.LC_ALL, "")
    os.environ.setdefault("ESCDELAY", "25")
    screen = PlayScreen(Game(puzzle), label_for(puzzle.id, source))
    try:
        return curses.wrapper(_main, screen)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _setup_terminal(stdscr: "curses.window") -> None:
    try:
        curses.curs_set(0)
    except curses.error:
        pass  # some terminals cannot hide the cursor
    stdscr.keypad(True)
    # Clicks are delivered at once (no wait for a double click) and as press events.
    curses.mouseinterval(0)
    curses.mousemask(curses.ALL_MOUSE_EVENTS | curses.REPORT_MOUSE_POSITION)


def _read_actions(stdscr: "curses.window", mask: ScreenMask) -> list[Action] | None:
    """The actions of the next input event; None when the wait timed out or on resize."""
    try:
        key = stdscr.get_wch()
    except curses.error:
        return None  # timeout: time to update the clock
    if key == curses.KEY_RESIZE:
        curses.update_lines_cols()
        return None
    if key == curses.KEY_MOUSE:
        try:
            _, x, y, _, buttons = curses.getmouse()
        except curses.error:
            return []
        return actions_for_click(mask, y, x, buttons)
    action = action_for_key(key)
    return [action] if action is not None else []


def _main(stdscr: "curses.window", screen: PlayScreen) -> int:
    _setup_terminal(stdscr)
    theme = make_theme()
    while True:
        height, width = stdscr.getmaxyx()
        # A fresh mask per frame: widgets refill it as they draw, so it always matches.
        mask = ScreenMask(height, width)
        stdscr.erase()
        screen.draw(stdscr, mask, theme)
        stdscr.refresh()
        stdscr.timeout(screen.redraw_after_ms())
        actions = _read_actions(stdscr, mask)
        for action in actions or ():
            if not screen.handle(action):
                return 0
