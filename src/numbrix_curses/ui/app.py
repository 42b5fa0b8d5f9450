"""The event loop: curses set-up, one input path from key, click or paste to action, redraw.

`run_menu` opens the main menu (plain `numbrix`); `run_app(puzzle, source)` plays one puzzle
(`numbrix play FILE`). Both run inside `curses.wrapper`, so the terminal is restored however
the loop ends, and every screen is closed first (the play screen saves its game) whether
the player quits, presses Ctrl-C or Ctrl-\\ (SIGQUIT; Ctrl-Break on Windows), the terminal
hangs up (SIGHUP), the process is told to stop (SIGTERM) or a bug raises.

Exit statuses: 0 after quitting, 2 when there is no usable terminal, 70 after an internal
error (details saved to a crash file in the state directory), 128 + N after signal N
(130 for Ctrl-C, 131 for Ctrl-\\, 129 for a hang-up, 143 for SIGTERM, 149 for Ctrl-Break),
each stop by a signal saying on stderr the line the commands say ("numbrix: interrupted").
"""
from __future__ import annotations

import curses
import locale
import os
import signal
import sys
import time
import traceback
from dataclasses import replace
from typing import Callable

from numbrix_curses.exits import (EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED,
                                  EXIT_OK, NO_MEMORY_LINE, STOP_LINE_OF_NAME, say)
from numbrix_curses.jobs import children_stopped, finish_follow_ups
from numbrix_curses.keptfiles import write_crash_report
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.savestate import Store
from numbrix_curses.ui.actions import Action
from numbrix_curses.ui.keys import DragPath, HeldButton, x10_buttons
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.paste import BracketedPaste, read_burst
from numbrix_curses.ui.screen import AppContext, Exit, Nav, Pop, Push, Replace, Screen
from numbrix_curses.ui.sequences import Dropped, MouseReport, keypad_digit, read_csi, usual_key
from numbrix_curses.ui.theme import make_theme
from numbrix_curses.workers import STOPPING_NAMES, take_default_action

#: no terminal to draw on (or too small a one) is bad input, as the commands count it
EXIT_NO_TERMINAL = EXIT_BAD_INPUT
#: the longest the loop sleeps without input: signals and background work are looked at
MAX_WAIT_MS = 500
# At most this long (seconds) the app waits, as it quits, for work that still counts after
# its screen closed (a grade for a solve just recorded); a 20x20 grades in 1-8 s.
FOLLOW_UPS_AT_EXIT = 3.0
#: xterm's mouse mode 1002: motion is reported while a button is held (drawing the path by
#: dragging). ncurses asks only for presses and releases (1000); terminals that know 1002
#: (xterm, VTE, tmux, screen, kitty, ...) report drags too, others ignore the request.
_DRAGS_ON, _DRAGS_OFF = b"\x1b[?1002h", b"\x1b[?1002l"
#: the presses a mouse report read by the app can make (see `x10_buttons`)
_X10_HELD = curses.BUTTON1_PRESSED | curses.BUTTON2_PRESSED | curses.BUTTON3_PRESSED


class _Signalled(BaseException):
    """A hang-up or termination signal, raised in the loop so screens close normally."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _NoTerminal(Exception):
    pass


#: set by SIGCONT: the process was stopped (Ctrl-Z, or `kill -STOP`) and goes on now. A list
#: rather than an Event: the handler runs between bytecodes of the loop, which must never
#: find a lock held by itself.
_continued = [False]


def _note_continued(signum: int, frame: object) -> None:
    _continued[0] = True


#: what to switch off in the terminal before the app stops for the shell (see
#: `_stop_for_the_shell`): the modes the app turned on itself, which ncurses knows nothing of
_before_stop: list[Callable[[], None]] = []


def _stop_for_the_shell(signum: int, frame: object) -> None:
    """Ctrl-Z: give the terminal back as it was, stop, and carry on when continued.

    ncurses' own handler (which this one replaces) leaves its screen but not the modes the
    app asked for itself: with drag reports (1002) still on, dragging the mouse over the
    shell typed escape sequences at the prompt in terminals that keep 1002 apart from
    ncurses' 1000 (VTE, kitty), and with bracketed paste on, a shell that does not use it
    (dash) got its markers around every paste. (An uncatchable SIGSTOP still leaves them on.)
    A search or a puzzle being made in a process of its own stops with the app and goes on
    with it (see `jobs.children_stopped`).
    """
    for switch_off in _before_stop:
        switch_off()
    try:
        curses.endwin()
        sys.stdout.flush()
    except curses.error:
        pass  # (not started yet, or already left)
    except (OSError, ValueError):
        pass  # the terminal is gone
    # The stop itself is the default action's; the next frame redraws and asks again.
    try:
        with children_stopped():
            take_default_action(signum, _stop_for_the_shell)
    finally:
        _continued[0] = True


def run_app(
    puzzle: Puzzle, source: str | None = None, menu: bool = False, label: str | None = None,
    note: str | None = None,
) -> int:
    """Play `puzzle` full screen (resuming its saved game); returns the exit status. With
    `menu`, the main menu lies beneath it, and leaving the puzzle goes there. `label` names
    the puzzle in the title (default: its id, else the file's name); `note`, a warning of
    how its file was read, is said first."""
    from numbrix_curses.ui.menu import MenuScreen
    from numbrix_curses.ui.play import PlayScreen
    from numbrix_curses.ui.play_words import label_for

    def first(ctx: AppContext) -> list[Screen]:
        ctx.standalone = not menu
        play = PlayScreen.open(ctx, puzzle, label or label_for(puzzle.id, source), source,
                               note=note)
        return [MenuScreen(ctx), play] if menu else [play]

    return _run(first)


def run_list(puzzles: list[Puzzle], labels: list[str], source: str, title: str,
             menu: bool = False, note: str | None = None) -> int:
    """List the puzzles of one file under `title` (as Open file does), to play them one
    after another; leaving the list ends the app (with `menu`, goes to the main menu).
    `labels` name the puzzles as `check` does; `note` as for `run_app`; returns the exit
    status."""
    from numbrix_curses.ui.library_screen import Entry, PuzzleListScreen
    from numbrix_curses.ui.menu import MenuScreen

    def first(ctx: AppContext) -> list[Screen]:
        entries = [Entry(p, label, source) for p, label in zip(puzzles, labels)]
        listing = PuzzleListScreen(ctx, title, entries, grouped=False, note=note, check=True)
        return [MenuScreen(ctx), listing] if menu else [listing]

    return _run(first)


def run_menu() -> int:
    """Open the main menu; returns the exit status."""
    from numbrix_curses.ui.menu import MenuScreen

    return _run(lambda ctx: [MenuScreen(ctx)])


def _run(first: Callable[[AppContext], list[Screen]]) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("numbrix: the app needs a terminal (standard input and output are not one)",
              file=sys.stderr)
        return EXIT_NO_TERMINAL
    # Box-drawing characters need the user's locale; a bare Escape should not lag a second.
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass  # a broken LANG: the C locale draws in ASCII
    os.environ.setdefault("ESCDELAY", "25")
    _use_the_real_size()
    app = App(AppContext(Store()), first)
    previous = _catch_signals()
    try:
        code = curses.wrapper(app.main)
        # (a grade still on its way for a solve just recorded: see `PlayScreen.close`)
        finish_follow_ups(FOLLOW_UPS_AT_EXIT)
        return code
    except KeyboardInterrupt:
        say(STOP_LINE_OF_NAME["SIGINT"])  # (as the commands say it)
        return EXIT_INTERRUPTED
    except _Signalled as signalled:
        _say_stopped(signalled.signum)
        return 128 + signalled.signum
    except _NoTerminal as error:
        say(f"numbrix: {error}")
        return EXIT_NO_TERMINAL
    except curses.error as error:
        if app.signalled:
            # The terminal hung up and ncurses could not restore it: nothing left to tell.
            return 128 + app.signalled
        if not app.started:
            # ncurses' own words ("could not find terminal") do not say which one it looked
            # for, and a misspelt TERM is the usual cause
            name = os.environ.get("TERM")
            which = f"TERM={name!r}" if name is not None else "TERM is not set"
            say(f"numbrix: cannot use this terminal ({which}: {error})")
            return EXIT_NO_TERMINAL
        return _crashed(app)
    except MemoryError:
        # (as the commands say it: the machine, not a bug; the games were saved on the way
        # out, as at every end, and what could not be is said below)
        say(NO_MEMORY_LINE)
        return EXIT_BAD_INPUT
    except Exception:
        if app.signalled:
            return 128 + app.signalled
        return _crashed(app)
    finally:
        _restore_signals(previous)
        for line in app.ctx.unsaved + app.ctx.kept:
            say(f"numbrix: {line}")


def _say_stopped(signum: int) -> None:
    """The line the commands say when signal `signum` stops them (the screen is closed and
    the games saved by now; a terminal that hung up takes nothing, which `say` allows)."""
    try:
        name = signal.Signals(signum).name
    except ValueError:
        return
    line = STOP_LINE_OF_NAME.get(name)
    if line is not None:
        say(line)


def _use_the_real_size() -> None:
    """Draw at the terminal's real size, and follow it when it changes.

    ncurses lets LINES and COLUMNS in the environment override the size the terminal
    reports, then and after every resize: exported by a shell, or set at C level by
    readline, they would pin the app to a stale size inside a bigger window. So they go
    before initscr. (`curses.use_env(False)` is not the cure: without `use_tioctl`, which
    Python does not offer, it makes ncurses skip asking the terminal too and take the
    terminfo default, 80x24, just as stale.)
    """
    for name in ("LINES", "COLUMNS"):
        os.environ.pop(name, None)
        try:
            os.unsetenv(name)  # readline sets them in the C environment only
        except (AttributeError, OSError):
            pass


def _crashed(app: "App") -> int:
    """After the terminal is back: keep the details in a file, say one line."""
    details = traceback.format_exc()
    path = write_crash_report(app.ctx.store.root, details)
    where = f"details in {path}" if path is not None else details.strip().splitlines()[-1]
    saved = "not every game could be saved" if app.ctx.unsaved else (
        "games in progress were saved")
    say(f"numbrix: internal error ({where}); {saved}.")
    return EXIT_INTERNAL_ERROR


def _catch_signals() -> dict[int, object]:
    previous: dict[int, object] = {}

    def handler(signum: int, frame: object) -> None:
        raise _Signalled(signum)

    # Ctrl-C must end the app even when it was started with SIGINT ignored (as a background
    # job of a non-interactive shell is): the player pressing it expects it to work.
    try:
        previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ValueError, OSError):
        pass
    if hasattr(signal, "SIGCONT"):  # (not on Windows)
        try:
            previous[signal.SIGCONT] = signal.signal(signal.SIGCONT, _note_continued)
            # (set before initscr, so ncurses does not put its own in)
            previous[signal.SIGTSTP] = signal.signal(signal.SIGTSTP, _stop_for_the_shell)
        except (ValueError, OSError):
            pass
    # (Ctrl-\ sends SIGQUIT, whose default kills the process where it stands: the
    # terminal was left in the app's screen, with mouse reports still on, for the shell)
    for name in STOPPING_NAMES:
        signum = getattr(signal, name, None)
        if signum is None:
            continue  # Windows has no SIGHUP or SIGQUIT, others no SIGBREAK
        try:
            previous[signum] = signal.signal(signum, handler)
        except (ValueError, OSError):
            pass  # not the main thread, or not allowed
    return previous


def _restore_signals(previous: dict[int, object]) -> None:
    for signum, old in previous.items():
        try:
            signal.signal(signum, old)  # type: ignore[arg-type]
        except (ValueError, OSError, TypeError):
            pass


def _capability(name: str, *, default: bool) -> bool:
    """Whether the terminal description has `name`; `default` where there is no terminfo
    (PDCurses on Windows)."""
    if sys.platform == "win32":
        return default
    try:
        return bool(curses.tigetstr(name))
    except (curses.error, AttributeError):
        return default


class App:
    """The screen stack and the loop that draws the top screen and feeds it actions."""

    def __init__(self, ctx: AppContext, first: Callable[[AppContext], list[Screen]]) -> None:
        self.ctx = ctx
        self.first = first
        self.stack: list[Screen] = []
        self.code = EXIT_OK
        self.started = False
        #: the signal that is ending the app, if one is
        self.signalled = 0
        #: when the loop last woke (see `frame`)
        self.awake = time.monotonic()
        #: the terminal's bracketed paste, switched on while the app runs (None: it has none)
        self.paste: BracketedPaste | None = None
        self.drag = DragPath()
        #: the button the left button is down on (it acts as it comes up over it)
        self.button = HeldButton()
        #: the button pressed last in a mouse report ncurses left unread (see `x10_buttons`)
        self.x10_held = 0

    def main(self, stdscr: "curses.window") -> int:
        self.started = True
        self._setup(stdscr)
        try:
            self.stack = self.first(self.ctx)
            while self.stack:
                self.frame(stdscr)
        except _Signalled as signalled:
            self.signalled = signalled.signum
            raise
        finally:
            _before_stop.clear()
            self.close_all()
            # A save still queued for the background writer (a reveal's, which the play
            # screen's close leaves as it was queued) is written before the app ends: the
            # writer is a daemon thread, and the game opened again had lost the reveal.
            self.ctx.store.flush()
            self._switch_modes(False)
        return self.code

    def _setup(self, stdscr: "curses.window") -> None:
        if not _capability("cup", default=True):
            raise _NoTerminal(
                f"this terminal (TERM={os.environ.get('TERM', '')}) cannot move the cursor"
            )
        try:
            curses.curs_set(0)
        except curses.error:
            pass  # some terminals cannot hide the cursor
        stdscr.keypad(True)
        # Clicks are delivered at once (no wait for a double click) and as press events.
        curses.mouseinterval(0)
        available, _ = curses.mousemask(curses.ALL_MOUSE_EVENTS | curses.REPORT_MOUSE_POSITION)
        # ncurses says yes to xterm-style mouse reports on terminals that never send them;
        # the terminal description knows better.
        self.ctx.mouse = bool(available) and _capability("kmous", default=True)
        self.ctx.theme = replace(make_theme(), mouse=self.ctx.mouse)
        self.paste = BracketedPaste.of_terminal()
        self._switch_modes(True)
        _before_stop[:] = [lambda: self._switch_modes(False)]

    def _switch_modes(self, on: bool) -> None:
        """Bracketed paste and drag reports, the terminal modes the app sets itself."""
        if self.paste is not None:
            self.paste.switch(on)
        self._report_drags(on)

    def _report_drags(self, on: bool) -> None:
        """Ask the terminal to report drags (or no longer), where the mouse is in use."""
        if not self.ctx.mouse or sys.platform == "win32":
            return
        try:
            sys.stdout.flush()
            os.write(sys.stdout.fileno(), _DRAGS_ON if on else _DRAGS_OFF)
        except (OSError, ValueError):
            pass  # the terminal is gone

    def frame(self, stdscr: "curses.window") -> None:
        """Draw the top screen, wait for one input event, hand its actions over."""
        now = time.monotonic()
        if _continued[0]:
            # Stopped since the loop last woke: the loop never sleeps long on its own
            # (`MAX_WAIT_MS`), so nearly all of that gap is time nobody could play.
            _continued[0] = False
            for stopped in self.stack:
                stopped.suspended(now - self.awake)
            # Back from Ctrl-Z: ncurses takes the screen again (and asks for clicks) at
            # this refresh, before drags are asked for, which a click mode set later would
            # undo in xterm.
            stdscr.clearok(True)
            stdscr.refresh()
            self._switch_modes(True)  # (off while the shell had the terminal)
        self.awake = now
        screen = self.stack[-1]
        nav = screen.tick()
        if nav is not None:
            self.apply(nav)
            return
        height, width = stdscr.getmaxyx()
        # A fresh mask per frame: widgets refill it as they draw, so it always matches.
        mask = ScreenMask(height, width)
        stdscr.erase()
        if screen.overlay and len(self.stack) > 1:
            below = self.stack[-2]
            below.draw(stdscr, ScreenMask(height, width))
            screen.clear_under(stdscr, below)
        screen.draw(stdscr, mask)
        self._show_pressed(stdscr, mask)
        stdscr.refresh()
        screen.after_draw()
        wait = screen.redraw_after_ms()
        stdscr.timeout(MAX_WAIT_MS if wait < 0 else min(wait, MAX_WAIT_MS))
        for action in self.read_actions(stdscr, mask, screen) or ():
            nav = screen.handle(action)
            if nav is not None:
                self.apply(nav)
                return

    def read_actions(
        self, stdscr: "curses.window", mask: ScreenMask, screen: Screen
    ) -> list[Action] | None:
        """The actions of the next input event; None when the wait timed out or on resize."""
        try:
            key = stdscr.get_wch()
        except curses.error:
            return None  # timeout: time to update the clock
        if key == curses.KEY_RESIZE:
            curses.update_lines_cols()
            return None
        # A paste is read whole: between the terminal's markers where it has them, else as
        # a burst of text faster than typing.
        if self.paste is not None:
            pasted = self.paste.read(stdscr, key)
        else:
            pasted = read_burst(stdscr, key)
        if pasted is not None:
            return [pasted] if pasted.text or pasted.cut else []
        # A sequence the terminal description does not list (Shift-Right on GNU screen) is
        # read whole: it is a key, or nothing, never a run of keys typed.
        sequence = read_csi(stdscr, key)
        if isinstance(sequence, Dropped):
            return []
        if isinstance(sequence, MouseReport):
            buttons = x10_buttons(sequence.code, self.x10_held)
            if buttons & _X10_HELD:
                self.x10_held = buttons
            return self._mouse(mask, sequence.y, sequence.x, buttons)
        if sequence is not None:
            key = sequence
        key = keypad_digit(key) or usual_key(key)
        if key == curses.KEY_MOUSE:
            try:
                _, x, y, _, buttons = curses.getmouse()
            except curses.error:
                return []
            return self._mouse(mask, y, x, buttons)
        self.ctx.pointer_held = False  # (a release the terminal never sent holds nothing)
        self.button.let_go()
        action = screen.action_for_key(key)
        return [action] if action is not None else []

    def _mouse(self, mask: ScreenMask, y: int, x: int, buttons: int) -> list[Action]:
        """The actions of a mouse event; whether its button is now held on a board."""
        actions = self.drag.actions(mask, y, x, buttons)
        self.ctx.pointer_held = self.drag.at is not None
        return self.button.actions(mask, y, x, buttons, actions)

    def _show_pressed(self, stdscr: "curses.window", mask: ScreenMask) -> None:
        """The button held down, while the pointer is over it, drawn pressed (reversed):
        it acts when the mouse button comes up there, and moved off first it does not."""
        pressed = self.button.pressed
        if pressed is None:
            return
        for y, x, width in mask.spans(pressed):
            try:
                stdscr.chgat(y, x, width, curses.A_REVERSE)
            except curses.error:
                pass  # (the screen's last cell)

    def apply(self, nav: Nav) -> None:
        if isinstance(nav, Push):
            if self.stack:
                self.stack[-1].covered()
            self.stack.append(nav.screen)
        elif isinstance(nav, Pop):
            self.stack.pop().close()
            if self.stack:
                self.stack[-1].uncovered()
            if nav.then is not None:
                follow = nav.then()
                if follow is not None:
                    self.apply(follow)
        elif isinstance(nav, Replace):
            self.stack.pop().close()
            self.stack.append(nav.screen)
        elif isinstance(nav, Exit):
            self.code = nav.code
            self.close_all()

    def close_all(self) -> None:
        """Close every screen, top first; a failure in one does not stop the others."""
        while self.stack:
            screen = self.stack.pop()
            try:
                screen.close()
            except Exception:
                pass
