"""Watch the solver: its search replayed cell by cell at an adjustable speed.

The solver runs in a thread with a time budget, reporting every placement and removal
(`SearchEvent`); the events are collected as they come and replayed from the start, so the
show begins at once and goes on while the search is still running. Guesses, and the
trials of its probing (a number tried to see whether it fails at once, then taken back:
drawn as sure, they looked like mistakes), are shown in their own colour and counted
apart, the latest cell under the cursor highlight. At the end: the verdict, the
solver's time and the number of steps; the keys that ran the replay (speed, pause, step,
end) do nothing then, and are no longer listed, until Home plays it again (they say so,
after the verdict, as a key that means nothing here does).

A board larger than the screen is seen through a window that follows the latest step until
the player scrolls it (up/down, PgUp/PgDn, the shifted arrows, the wheel; the plain left
and right arrows set the speed, so they scroll only once the replay is over; over a board
that fits, the wheel sets the speed). With the mouse, a click on an edge of the window
drawn dashed (more board past it) scrolls a page that way, as a click there goes on into
the cells past it in play. The replay stands still under the help.
"""
from __future__ import annotations

import curses
import time

import numpy as np

from numbrix_curses import assist
from numbrix_curses.puzzle import Puzzle, plural
from numbrix_curses.jobs import CancelToken, Cancelled, ThreadJob
from numbrix_curses.ui.actions import Action, Command, MoveCursor, Scroll, UnboundKey
from numbrix_curses.ui.grid import BoardView, GridLayout, cell_at, draw_grid
from numbrix_curses.ui.keys import WATCH_KEYS, list_action_for_key
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import (
    KeyHelp,
    Message,
    MessageKind,
    draw_side_panel,
    draw_status_bar,
    key_line_width,
    shorter_than,
    unbound_message,
)
from numbrix_curses.ui.play_words import full_stop
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Screen,
    draw_title_parts,
    place_board,
)
from numbrix_curses.ui.times import solver_time
from numbrix_curses.verdict import REPLAY_WORDS, Status

#: steps per second to choose from
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 20000)
DEFAULT_SPEED = SPEEDS.index(50)
#: how long the solver may search for the show
WATCH_BUDGET = 30.0
#: more steps than this are not kept (the show would take hours anyway)
MAX_EVENTS = 400_000
#: steps applied per frame when jumping to the end
JUMP_CHUNK = 50_000

PLACE, REMOVE, SOLUTION = 0, 1, 2
#: how a placement was made, as the replay marks it: a deduction (0), a guess of the search,
#: or a trial of its probing (a number tried to see whether the board fails, then taken back)
GUESS, TRIAL = 1, 2

#: the scroll buttons, up and down, then across, each a click doing what its key does (one
#: item naming all the keys, "S-arrows PgUp/Dn scroll" on the bar and "scroll up/dn
#: PgUp/Dn S-arrows" in the side panel, was no button: a click there did nothing, while
#: every other key named was one)
SCROLL_DOWN = (KeyHelp("up", "PgUp", Command.PAGE_UP),
               KeyHelp("down", "PgDn", Command.PAGE_DOWN))
SCROLL_ACROSS = (KeyHelp("left", "S-Left", MoveCursor(0, -1)),
                 KeyHelp("right", "S-Right", MoveCursor(0, 1)))
#: the same buttons as their keys alone, which say the way: a bar 40 columns wide has no
#: room for "S-Left left  S-Right right" beside its last keys, and a board that goes on
#: sideways had no button to scroll it there
SCROLL_ACROSS_SHORT = (KeyHelp("", "S-Left", MoveCursor(0, -1)),
                       KeyHelp("", "S-Right", MoveCursor(0, 1)))
#: the side panel's line on the dashed edges: no button, the edges themselves are
_MOUSE_LINE = (KeyHelp("mouse", "click a dashed edge"),)
#: the side panel's key lines; the scroll buttons' and the mouse's only where there is
#: something to scroll (see `panel_keys`). The mouse's comes after the buttons: a panel
#: short of rows drops lines from the end (the last, going back, kept), and a button does
#: more than a line saying where else to click.
KEY_LINES = (
    (KeyHelp("faster", "+", Command.FASTER), KeyHelp("slower", "-", Command.SLOWER)),
    (KeyHelp("pause", "space", Command.PAUSE), KeyHelp("step", ".", Command.STEP)),
    (KeyHelp("end", "Enter", Command.TO_END), KeyHelp("start", "Home", Command.TO_START)),
    SCROLL_DOWN,
    SCROLL_ACROSS,
    _MOUSE_LINE,
    (KeyHelp("help", "F1 H", Command.HELP), KeyHelp("back", "q", Command.BACK)),
)
#: the compact bar's keys that run the replay, most needed first (see `bar_keys`)
STATUS_BAR_KEYS = (
    KeyHelp("faster", "+", Command.FASTER), KeyHelp("slower", "-", Command.SLOWER),
    KeyHelp("pause", "space", Command.PAUSE), KeyHelp("end", "Enter", Command.TO_END),
)
#: the pause key's item while the replay stands still (paused, or stepped): space plays it
#: on, where the key lists went on saying "space pause"
_PLAY = KeyHelp("play", "space", Command.PAUSE)
#: the bar's last keys, kept on its key line however narrow the screen
_BAR_LAST = (KeyHelp("start", "Home", Command.TO_START), KeyHelp("back", "q", Command.BACK))
#: help, on the bar between those two where the key line has room for it (see `bar_keys`)
_BAR_HELP = KeyHelp("help", "F1", Command.HELP)
#: what the keys that run the replay leave once it is over: play it again, help, go back
#: (the scroll buttons and the mouse's line stay as long as there is something to scroll)
AFTER_THE_END = (Command.TO_START, Command.HELP, Command.BACK)
#: what a key that ran the replay says once it is over
AGAIN = "Home plays it again."
#: the keys that run the replay, which do nothing once it is over (nor are they listed then)
_RUNNING = (Command.FASTER, Command.SLOWER, Command.PAUSE, Command.STEP, Command.TO_END)
STATUS_ROWS = 5


class _TooLong(Exception):
    pass


class WatchScreen(Screen):
    keys = WATCH_KEYS

    def __init__(self, ctx: AppContext, puzzle: Puzzle, label: str) -> None:
        super().__init__(ctx)
        self.puzzle = puzzle
        self.label = label
        self.events: list[tuple[int, int, int, bool]] = []
        self.truncated = False
        #: solutions among `events` (not steps of their own: each goes with the step that
        #: completed it)
        self.found = 0
        self.job = ThreadJob("watch", self._search)  # (last: it reads the fields above)
        self.speed = DEFAULT_SPEED
        self.playing = True
        self.jumping = False
        self.shown = 0
        self.guesses = 0
        self.trials = 0
        self.solutions = 0
        self.grid = puzzle.givens.astype(np.int16, copy=True)
        self.given = np.asarray(puzzle.givens) != 0
        self.guessed: set[int] = set()
        self.last_cell: int | None = None
        self.clock = time.monotonic()
        self.carry = 0.0
        self.origin = (0, 0)
        #: the view follows the latest step until the player scrolls it; Enter, Home and
        #: a single step give it back to the replay
        self.following = True
        #: visible rows and columns of the board in the last frame (a page for PgUp/PgDn)
        self.view = (puzzle.rows, puzzle.cols)
        self.message: Message | None = None
        #: what the key just pressed, meaning nothing here, is said to do (None after any
        #: other key): the replay went on without a word, as if the key were lost; once
        #: the replay is over, said after its verdict, which stays in view
        self.unbound: Message | None = None

    def _search(self, token: CancelToken):
        events = self.events
        kinds = {"place": PLACE, "remove": REMOVE, "solution": SOLUTION}

        def on_event(event) -> None:
            if token.cancelled:
                raise Cancelled()
            if len(events) >= MAX_EVENTS:
                raise _TooLong()
            kind = kinds.get(getattr(event.kind, "value", event.kind), PLACE)
            # (a guess counts; a probe's trial is coloured as one, and counted apart)
            mark = GUESS if event.guess else TRIAL if event.trial else 0
            events.append((kind, event.number, event.cell, mark))
            if kind == SOLUTION:
                self.found += 1

        try:
            return assist.solve(self.puzzle, timeout=WATCH_BUDGET, on_event=on_event)
        except _TooLong:
            self.truncated = True
            return None

    # ----- replay ------------------------------------------------------------------------
    def _apply(self, upto: int) -> None:
        events = self.events
        while upto < len(events) and events[upto][0] == SOLUTION:
            upto += 1  # (a solution found goes with the step that completed it)
        flat = self.grid.reshape(-1)
        for index in range(self.shown, upto):
            kind, number, cell, mark = events[index]
            if kind == PLACE:
                flat[cell] = number
                self.last_cell = cell
                if mark:
                    self.guessed.add(cell)
                    if mark == GUESS:
                        self.guesses += 1
                    else:
                        self.trials += 1
                else:
                    self.guessed.discard(cell)
            elif kind == REMOVE:
                flat[cell] = 0
                self.guessed.discard(cell)
                self.last_cell = cell
            else:
                self.solutions += 1
        self.shown = upto

    def _restart(self) -> None:
        self.grid = self.puzzle.givens.astype(np.int16, copy=True)
        self.shown = self.guesses = self.trials = self.solutions = 0
        self.guessed.clear()
        self.last_cell = None
        # (the view too, as the replay began: at step 0 no last step says where to look,
        # so it stayed wherever the steps before had taken it)
        self.origin = (0, 0)

    @property
    def steps(self) -> int:
        """The search's steps so far: placements and removals."""
        return len(self.events) - self.found

    @property
    def finished(self) -> bool:
        return self.job.done and self.shown >= len(self.events)

    def tick(self) -> Nav | None:
        now = time.monotonic()
        elapsed, self.clock = now - self.clock, now
        available = len(self.events)
        if self.jumping:
            self._apply(min(available, self.shown + JUMP_CHUNK))
            if self.finished:
                self.jumping = False
            return None
        if not self.playing or self.shown >= available:
            self.carry = 0.0
            return None
        self.carry += elapsed * SPEEDS[self.speed]
        steps = int(self.carry)
        if steps:
            self.carry -= steps
            self._apply(min(available, self.shown + steps))
        return None

    def handle(self, action: Action) -> Nav | None:
        if action is Command.BACK or action is Command.QUIT:
            return Pop()
        self.unbound = None
        if isinstance(action, UnboundKey):
            # (after the verdict, the key list in view: fewer words)
            self.unbound = (Message(f"{action.name} does nothing here.") if self.finished
                            else unbound_message(action))
        if action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen
            from numbrix_curses.ui.screen import Push

            return Push(HelpScreen(self.ctx, "watch"))
        if self.finished and (action in _RUNNING or isinstance(action, Scroll)
                              and self.view[0] >= self.puzzle.rows):
            # Nothing is left to replay: the speed, pausing and the jump to the end would
            # change words on the panel and nothing else (the key list no longer names
            # them); Home plays it again, and they act once more. (Said: space or Enter
            # at the end did nothing without a word.)
            self.unbound = Message(AGAIN)
            return None
        if isinstance(action, MoveCursor):
            self._scroll(action.drow, action.dcol)
        elif action in (Command.PAGE_UP, Command.PAGE_DOWN):
            page = max(1, self.view[0] - 1)
            self._scroll(page if action is Command.PAGE_DOWN else -page, 0)
        elif isinstance(action, Scroll) and self.view[0] < self.puzzle.rows:
            # (over a board larger than the screen the wheel scrolls it, as everywhere else)
            self._scroll(action.delta, 0)
        elif action is Command.FASTER or (isinstance(action, Scroll) and action.delta < 0):
            self.speed = min(self.speed + 1, len(SPEEDS) - 1)
        elif action is Command.SLOWER or (isinstance(action, Scroll) and action.delta > 0):
            self.speed = max(self.speed - 1, 0)
        elif action is Command.PAUSE:
            self.playing = not self.playing
            self.jumping = False
        elif action is Command.STEP:
            self.following = True
            self.playing = False
            self.jumping = False
            self._apply(min(len(self.events), self.shown + 1))
        elif action is Command.TO_END:
            self.following = True
            self.jumping = True
        elif action is Command.TO_START:
            self.following = True
            self.jumping = False
            self._restart()
        return None

    def uncovered(self) -> None:
        # The replay stood still under the help: its time there is not made up in one jump
        # (hundreds of steps went by unseen).
        self.clock = time.monotonic()

    def suspended(self, seconds: float) -> None:
        self.clock = time.monotonic()  # (nor is the time the app was stopped)

    def action_for_key(self, key: int | str) -> Action | None:
        if self.finished and key in (curses.KEY_LEFT, curses.KEY_RIGHT):
            # Nothing is left to replay, so the speed no longer matters: the plain arrows
            # scroll across as well (up and down always do).
            return MoveCursor(0, -1 if key == curses.KEY_LEFT else 1)
        return list_action_for_key(key, self.keys)

    def _scroll(self, drow: int, dcol: int) -> None:
        """Move the view over a board larger than the screen; it stays put from now on."""
        self.following = False
        rows, cols = self.view
        row0 = min(max(self.origin[0] + drow, 0), max(0, self.puzzle.rows - rows))
        col0 = min(max(self.origin[1] + dcol, 0), max(0, self.puzzle.cols - cols))
        self.origin = (row0, col0)

    def redraw_after_ms(self) -> int:
        if self.jumping or not self.job.done:
            return 30
        if self.playing and self.shown < len(self.events):
            return max(15, min(250, 1000 // SPEEDS[self.speed]))
        return -1

    def close(self) -> None:
        self.job.cancel()

    # ----- output ------------------------------------------------------------------------
    def _verdict(self) -> str:
        if not self.job.done:
            return "searching..."
        if self.truncated:
            return f"stopped after {MAX_EVENTS:,} steps"
        result = self.job.result
        if result is None:
            return f"failed: {self.job.error}"
        return REPLAY_WORDS[result.status]

    def status_rows(self) -> list[tuple[str, str]]:
        total = f"{self.steps:,}" + ("" if self.job.done else "+")
        result = self.job.result if self.job.done else None
        seconds = solver_time(result.stats.seconds) if result is not None else "-"
        return [
            ("Step", f"{self.shown - self.solutions:,} of {total}"),
            ("Speed", f"{plural(SPEEDS[self.speed], 'step')}/s" + ("" if self.playing else "  paused")),
            ("Guesses", f"{self.guesses:,}"),
            ("Trials", f"{self.trials:,}"),
            ("Solver", self._verdict()),
            ("Time", seconds),
        ]

    def _final_message(self) -> Message | None:
        if not self.finished:
            return self.unbound or self.message
        done = self._done_message()
        if self.unbound is None:
            return done
        # (the verdict first, as the play screen keeps its solved line: a key that does
        # nothing took its place until the next key; the note alone where room is short)
        note = self.unbound.text
        return Message(f"{full_stop(done.text)} {note}", done.kind, shorter=(note,))

    def _done_message(self) -> Message:
        result = self.job.result
        if result is None:
            return Message(f"The solver stopped: {self._verdict()}.", MessageKind.ERROR)
        kind = MessageKind.SUCCESS if result.status is Status.UNIQUE else MessageKind.ERROR
        # (why there is none, as the play screen says it: "0 steps" alone explains nothing)
        why = f" ({result.reason})" if result.status is Status.NONE and result.reason else ""
        verdict, steps = f"Done: {self._verdict()}{why}", plural(self.steps, "step")
        text = f"{verdict}, {steps} in {solver_time(result.stats.seconds)}."
        # (at 26x11 the whole was cut, "Done: more than one solution, 23 steps in...")
        return Message(text, kind, shorter=shorter_than(
            text, f"{verdict}, {steps}.", f"{verdict}.", f"Done: {self._verdict()}."))

    def _heading(self) -> str:
        """The side panel's title: the search over, the replay standing still (paused, or
        stepped), or running."""
        if self.finished:
            return "Solver finished"
        # (back at the start while paused, "Solver at work" over step 0 said the opposite
        # of what the board did)
        return "Replay paused" if not self.playing and not self.jumping else "Solver at work"

    def board_view(self) -> BoardView:
        theme = self.theme
        grid = self.grid
        result = self.job.result if self.job.done else None
        if self.finished and result is not None and result.solution is not None:
            grid = result.solution  # the search backtracks past it while proving uniqueness
        marks = {cell: theme.guess for cell in self.guessed}
        return BoardView(grid=grid, given=self.given, cursor=None if self.finished else self.last_cell,
                         marks=marks, entry_attr=theme.entry)

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        placed = place_board(win, self.puzzle.rows, self.puzzle.cols, STATUS_ROWS, len(KEY_LINES),
                             theme)
        self.too_small = placed is None
        if placed is None:
            return
        layout, grid = placed
        grid = grid.scrolled_to(*self.origin)
        if self.following and self.last_cell is not None:
            grid = grid.following(*divmod(self.last_cell, self.puzzle.cols))
        self.origin = (grid.row0, grid.col0)
        self.view = (grid.rows, grid.cols)
        parts = ["Numbrix", f"Watching the solver on {self.label}"]
        if grid.scrolled:
            parts.append(grid.view_span)
        # (where the phrase does not fit, "Solver on" says it in fewer words before the
        # puzzle's name is cut, and "Solver" alone where the name has no room left: at 30
        # columns the title read "Numbrix · Watching the...", the name lost, and at 40 on
        # a board that scrolls "Numbrix · rows 3-10 cols A-G", nothing left to tell the
        # replay from the game)
        draw_title_parts(win, parts, 1, theme, short=(f"Solver on {self.label}", "Solver"))
        # Clicks on the replay's cells do nothing: they go into a mask of their own. Its
        # dashed edges scroll.
        draw_grid(win, ScreenMask(*win.getmaxyx()), self.board_view(), grid, theme)
        if grid.scrolled:
            mask.region(grid.frame_top, grid.frame_left, grid.frame_height, grid.frame_width,
                        lambda y, x: edge_scroll(grid, y, x))
        message = self._final_message()
        if layout.side_panel:
            keys = tuple(self._said(line) for line in panel_keys(grid, self.finished))
            draw_side_panel(win, mask, layout.panel_top, layout.panel_left, layout.panel_rows,
                            self._heading(),
                            self.status_rows(), message, theme, keys=keys,
                            width=layout.panel_width)
        else:
            said = dict(self.status_rows())
            parts = [said["Step"], said["Speed"], said["Solver"]]
            if self.finished:
                # Over, the verdict goes first and the speed, which no longer does
                # anything, goes: at 26x11 a note after a key took the verdict's place,
                # and "25 of 25 · 50 steps/s" had no room left for it.
                parts = [said["Solver"], plural(self.steps, "step")]
            # (a message too long for the bar is said in its longest wording that fits,
            # the note alone after a key: at 26x11 the note after the verdict was cut off,
            # and the key seemed to do nothing)
            draw_status_bar(win, mask, layout.panel_top, layout.panel_rows, parts, message, theme,
                            self._said(bar_keys(grid, self.finished, win.getmaxyx()[1])))

    def _said(self, keys: tuple[KeyHelp, ...]) -> tuple[KeyHelp, ...]:
        """`keys` as they are said now: the pause key as "play" while the replay stands
        still (as the panel's heading says "Replay paused")."""
        if self.playing or self.jumping:
            return keys
        return tuple(_PLAY if key.action is Command.PAUSE else key for key in keys)


def panel_keys(grid: GridLayout, finished: bool) -> tuple[tuple[KeyHelp, ...], ...]:
    """The side panel's key lines over the replay in `grid`: those that run the replay
    while it runs; the scroll buttons of each way the board goes on past the screen, and
    the dashed edges' line, where it does; going back to the start, and back."""
    scrolls = dict(_scroll_pairs(grid))
    lines: list[tuple[KeyHelp, ...]] = []
    for line in KEY_LINES:
        if line in scrolls:
            shown = scrolls[line]
        elif line == _MOUSE_LINE:
            shown = grid.scrolled
        else:
            line = tuple(key for key in line if not finished or key.action in AFTER_THE_END)
            shown = bool(line)
        if shown:
            lines.append(line)
    return tuple(lines)


def bar_keys(grid: GridLayout, finished: bool, width: int) -> tuple[KeyHelp, ...]:
    """The bar's keys over the replay in `grid`, on a screen `width` wide: those that run
    the replay while it runs, the scroll buttons of each way the board goes on past the
    screen, then going back to the start, help where there is room, and back.

    The scroll buttons come in pairs (up and down, left and right), each pair only where
    it fits on the key line with the last two: over, the replay's bar has that line alone
    beside its verdict, and a way to scroll left with none to scroll back misleads more
    than none (a click on the board's dashed edges scrolls too). Left and right go as
    their keys alone ("S-Left  S-Right") where they fit only so."""
    keys: tuple[KeyHelp, ...] = () if finished else STATUS_BAR_KEYS
    scrolls: tuple[KeyHelp, ...] = ()
    for pair, cut in _scroll_pairs(grid):
        if not cut:
            continue
        for form in (pair, SCROLL_ACROSS_SHORT) if pair == SCROLL_ACROSS else (pair,):
            if key_line_width(scrolls + form + _BAR_LAST) <= width:
                scrolls += form
                break
    # Help only where the whole key line has room for it: it takes no other key's place (a
    # key left out goes over the key line, or nowhere), F1 and H being there to press.
    start, back = _BAR_LAST
    with_help = keys + scrolls + (start, _BAR_HELP, back)
    if key_line_width(with_help) <= width:
        return with_help
    return keys + scrolls + _BAR_LAST


def _scroll_pairs(grid: GridLayout) -> tuple[tuple[tuple[KeyHelp, ...], bool], ...]:
    """The scroll buttons' pairs, up and down then across, each with whether the board in
    `grid` goes on past the screen that way."""
    return ((SCROLL_DOWN, grid.rows < grid.board_rows),
            (SCROLL_ACROSS, grid.cols < grid.board_cols))


def edge_scroll(grid: GridLayout, y: int, x: int) -> MoveCursor | None:
    """What a click at screen (`y`, `x`) on a window's dashed edge does in the replay: the
    view a page that way (less a row or column, kept in sight for the eye to follow, as
    PgUp and PgDn go), as a click there goes on into the cells past it in play; None on
    a cell, a solid edge or a wall."""
    past = cell_at(grid, y, x)
    if past is None or grid.visible(past.row, past.col):
        return None
    drow = (past.row >= grid.row0 + grid.rows) - (past.row < grid.row0)
    dcol = (past.col >= grid.col0 + grid.cols) - (past.col < grid.col0)
    return MoveCursor(drow * max(1, grid.rows - 1), dcol * max(1, grid.cols - 1))
