"""What every screen of the app is, and how screens lead to one another.

The app keeps a stack of screens; the top one draws and gets the actions. A screen answers
an action with nothing (stay) or a `Nav`: push a screen on top (help, a dialog), pop itself
(optionally running a follow-up in the screen below, as a dialog's answer), replace itself,
or end the app with an exit status. `AppContext` is what all screens share: the save store,
the theme, whether there is a mouse.
"""
from __future__ import annotations

import curses
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

from numbrix_curses.savestate import Store
from numbrix_curses.ui.actions import Action, Command, MoveCursor, Scroll
from numbrix_curses.ui.draw import (NO_BREAK, centred, columns, cut_to_columns, put, shown_text,
                                    wrap_text)
from numbrix_curses.ui.grid import GridLayout
from numbrix_curses.ui.keys import LIST_KEYS, KeyTable, action_for_key, board_action_for_key
from numbrix_curses.ui.layout import Layout, plan_layout, with_message_rows
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import (
    KeyHelp, Message, bar_key_rows, bar_message_fits, side_panel_rows,
)
from numbrix_curses.ui.theme import Theme

SPINNER = "|/-\\"
#: how often a screen with a spinner asks to be drawn again (ms, for `Screen.timeout`): the
#: spinner turns eight times a second (see `spinner`), and a frame more often keeps it even
SPIN_MS = 120


@dataclass
class AppContext:
    store: Store
    theme: Theme | None = None
    mouse: bool = True
    #: the app was started on one puzzle (`numbrix play FILE`): leaving it ends the app
    standalone: bool = False
    #: the path last opened with Open file, offered (selected) the next time
    last_open: str = ""
    #: the New puzzle form's choices last generated with (size, difficulty, shape, givens,
    #: as the form's indexes), the form's start the next time
    last_new: tuple[int, ...] = ()
    #: the size last chosen to type a puzzle in (rows, columns), the size form's start the
    #: next time
    last_typed_size: tuple[str, str] = ("9", "9")
    #: the mouse button is held down after a press on a board (a drag may be drawing): a
    #: board screen keeps its layout still under the pointer until it comes up
    pointer_held: bool = False
    #: games that could not be saved as their screen closed, each as a line to say once the
    #: terminal is back (a message on a screen that is going would never be seen)
    unsaved: list[str] = field(default_factory=list)
    #: what was kept as the app stopped, where the player would look for it (a puzzle being
    #: typed in), each as a line to say once the terminal is back
    kept: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Push:
    screen: "Screen"


@dataclass(frozen=True)
class Pop:
    #: run in the screen below once this one is gone (a dialog's answer); may navigate on
    then: Callable[[], "Nav | None"] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Replace:
    screen: "Screen"


@dataclass(frozen=True)
class Exit:
    code: int = 0


Nav = Union[Push, Pop, Replace, Exit]


class Screen:
    """A full-screen view. Subclasses draw, turn keys into actions and handle actions."""

    keys: KeyTable = LIST_KEYS
    #: drawn over the screen below it (dialogs)
    overlay = False
    #: the first column of the side panel the last frame drew (None: no side panel), so
    #: an overlay can blank the panel text its box would leave cut beside its frame
    side_panel_left: int | None = None
    #: the first row of the status bar under the board the last frame drew (None: none),
    #: for the same: a message there, centred, showed beside a box as cut words ("We")
    status_bar_top: int | None = None
    #: the last frame showed the "Terminal too small" notice in place of the screen: its
    #: keys then do nothing but leave, as the notice says (set by the screens that draw it)
    too_small = False

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @property
    def theme(self) -> Theme:
        assert self.ctx.theme is not None, "the theme is made when curses starts"
        return self.ctx.theme

    def action_for_key(self, key: int | str) -> Action | None:
        return action_for_key(key, self.keys)

    def handle(self, action: Action) -> Nav | None:
        return None

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        raise NotImplementedError

    def clear_under(self, win: "curses.window", below: "Screen") -> None:
        """An overlay: blank what `below` (drawn just now) must not show around it, before
        the overlay itself is drawn. Nothing by default."""

    def tick(self) -> Nav | None:
        """Called before every frame: look at background work."""
        return None

    def after_draw(self) -> None:
        """Called once the frame is on screen (slow chores such as saving go here)."""

    def redraw_after_ms(self) -> int:
        """How long the screen stays right without input (-1: until the next key)."""
        return -1

    def covered(self) -> None:
        """Another screen went on top of this one."""

    def uncovered(self) -> None:
        """This screen is on top again."""

    def suspended(self, seconds: float) -> None:
        """The app was stopped (Ctrl-Z) for about `seconds` and has been continued."""

    def close(self) -> None:
        """The screen goes away, or the app ends (also after Ctrl-C, a hangup or a crash)."""


def draw_title(win: "curses.window", text: str, theme: Theme) -> None:
    width = win.getmaxyx()[1]
    put(win, 0, 0, " " * width, theme.title)
    if columns(text) > width:
        text = cut_to_columns(text, max(0, width - 3)) + "..."[: width]  # (cut, and seen to be)
    centred(win, 0, text, theme.title)


def draw_title_parts(win: "curses.window", parts: list[str], cut: int, theme: Theme,
                     words: bool = False, short: str | Sequence[str] = "") -> None:
    """A title of `parts` joined by dots; where it is too wide, the parts before
    `parts[cut]` (the app's name) are left out where that makes the rest fit whole; else
    `short`, where given, stands for `parts[cut]` (a screen's shorter name: "Library" for
    "Puzzle library", a file's base name for its path), with the parts before it where
    they fit, else without; then the name (`short` or `parts[cut]`, a puzzle's name, say)
    is cut short with "...", between words but for its last (a name, cut anywhere;
    `words`: that one too, a phrase), the parts before it left out where that keeps some
    of it, or it is left out where even its first word does not fit; and then the parts
    before it, and after it but the last, go, so the last (which part of the board is in
    view) stays whole. `short` may be several wordings, shortest last:
    the first stands for the name as above, and the last, whole, for a cut of it that
    keeps no more than the last says ("Solver" for "Solver..." or for nothing at all)."""
    wordings = [short] if isinstance(short, str) else list(short)
    short = wordings[0] if wordings else ""
    dot = f" {theme.glyphs.bullet} "
    width = win.getmaxyx()[1]
    over = columns(dot.join(parts)) - width
    if over > 0 and 0 < cut < len(parts) and columns(dot.join(parts[cut:])) <= width:
        # (the parts before the name, the app's, which the player knows, go before the
        # name is cut: at 26 columns the title read "Numbrix · 5x5-medium-1...", the name
        # alone fitting whole, and the library's "Numbrix · 1-6 of 62", the name gone)
        parts, over = parts[cut:], 0
    if over > 0 and short and cut < len(parts):
        # (the app's name goes first, then the screen's is said shorter: at 26 columns the
        # library's title read "Numbrix · 7-12 of 62", its name cut to nothing for want of
        # the room the app's name took, and "Puzzle..." read badly where it fitted)
        rest = parts[cut + 1:]
        if columns(dot.join([*parts[:cut], short, *rest])) <= width:  # (room for the app's)
            parts = [*parts[:cut], short, *rest]
        else:
            parts, cut = [short, *rest], 0
        over = columns(dot.join(parts)) - width
    if over > 0 and cut < len(parts):
        kept = _name_cut(parts[cut], over, words)
        if not kept and cut > 0:
            # (the app's name goes rather than the whole of the name: at 30 columns a
            # generated puzzle's title over a board that scrolls read "Numbrix · rows 1-5
            # cols A-F", its name, "7x7-easy-874132381", cut to nothing)
            alone = _name_cut(parts[cut], columns(dot.join(parts[cut:])) - width, words)
            if alone:
                parts, cut, kept = parts[cut:], 0, alone
        last = wordings[-1] if len(wordings) > 1 else ""
        whole = [*parts[:cut], last, *parts[cut + 1:]]
        if last and columns(kept) <= columns(last) and columns(dot.join(whole)) <= width:
            # (the shortest wording, whole, rather than a cut that says no more: the watch
            # screen's title over a board that scrolls read "Solver... · rows 1-5 cols A-F"
            # at 30 columns, and at 26 "rows 1-9 cols C-G", the replay not named at all)
            parts = whole
        else:
            parts = [*parts[:cut], *([kept + "..."] if kept else []), *parts[cut + 1:]]
        while cut > 0 and len(parts) > 1 and columns(dot.join(parts)) > width:
            # (the app's name, which the player knows, goes before what follows is cut:
            # at 26 columns a board's view read "Numbrix · rows 1-4 cols..."; then the
            # parts after the name, a game's state the status bar says too: a solution
            # revealed read "revealed · rows 1-4 col...")
            parts = parts[1:]
    draw_title(win, dot.join(parts), theme)


def _name_cut(name: str, over: int, words: bool) -> str:
    """The start of `name` kept where a title is `over` columns too wide and "..." follows
    it (see `draw_title_parts`); "" where too little of it would be left."""
    name = shown_text(name)  # (cut as shown: a tab in it is "^I", two columns)
    keep = columns(name) - over - 3  # (in columns: a wide character takes two)
    kept = cut_to_columns(name, keep).rstrip() if keep >= 4 else ""
    if kept and name[len(kept)] != " " and (words or len(kept) < name.rfind(" ")):
        # A phrase is cut between its words, its last word (a puzzle's name) anywhere:
        # the watch screen's title read "Watching th..." and "Watchin...".
        kept = kept[:max(kept.rfind(" "), 0)].rstrip()
    return kept


def scrolled(top: int, action: Action, page: int, lines: int) -> int:
    """The first line in view of a page of `page` lines out of `lines`, `top` before, after
    `action`: the arrows and the wheel move it, PgUp/PgDn a page, Home/End to the ends."""
    last = max(0, lines - page)
    if isinstance(action, MoveCursor):
        top += action.drow
    elif isinstance(action, Scroll):
        top += action.delta
    elif action is Command.PAGE_DOWN:
        top += page
    elif action is Command.PAGE_UP:
        top -= page
    elif action is Command.HOME:
        top = 0
    elif action is Command.END:
        top = last
    return min(max(top, 0), last)


def draw_back_footer(
    win: "curses.window", mask: ScreenMask, left: int, more: bool, theme: Theme, above: bool,
    unbound: str = "",
) -> None:
    """The last line of a page of text: "q back" (a button too), and how to see more, below
    (`more`) or above (`above`: a page opened part way down, as the help at a section);
    after a key that means nothing there (`unbound`, its name), that it does nothing."""
    height, width = win.getmaxyx()
    y = height - 1
    keys = " ".join(key for key, shown in (("PgUp", above), ("PgDn", more)) if shown)
    where = ": more above" if above and not more else ": more"
    # (the longest wording that fits: on a narrow screen the arrows go unsaid, then where)
    texts = ([f"q back   arrows / {keys}{where}", f"q back  {keys}{where}", f"q back  {keys}"]
             if keys else ["q back"])
    if unbound:
        # (the page stood still under a letter without a word, as if the key were lost;
        # said after the keys, whose buttons keep their places)
        texts = ([f"{text}   {unbound} does nothing here" for text in texts]
                 + [f"q back  {unbound} does nothing", *texts])
    text = next((text for text in texts if left + len(text) <= width), texts[-1])
    put(win, y, left, text, theme.dim)
    mask.put(y, left, 6, Command.BACK)
    # (the page keys named are buttons too, as every key the screen names)
    for key, action in (("PgUp", Command.PAGE_UP), ("PgDn", Command.PAGE_DOWN)):
        if key in keys and key in text:  # (the shortest note leaves them unsaid)
            mask.put(y, left + text.index(key), len(key), action)


def draw_too_small(win: "curses.window", need: tuple[int, int], theme: Theme) -> None:
    """Say the terminal is smaller than `need` (width, height) and how to go on.

    Sizes are spelt out in columns and rows: boards are written rows x columns everywhere
    else, so a bare "26x10" would read as a board's shape, the wrong way round. Each part is
    wrapped to the width, so a small window (20x6) shows the size needed, the size now and
    the way out whole; a tinier one gets shorter wording, and only if even that does not fit
    is the end cut."""
    height, width = win.getmaxyx()
    if width <= 0 or height <= 0:
        return
    columns, rows = need
    # (a number is not parted from what it counts: "needs at least 26" stood over
    # "columns and 11 rows" at 20x8)
    need_w, need_h, now_w, now_h = (f"{number}{NO_BREAK}" for number in (columns, rows,
                                                                         width, height))
    wordings = (
        [f"Terminal too small: needs at least {need_w}columns and {need_h}rows",
         f"(this one has {now_w}columns, {now_h}rows)",
         "Enlarge the window, or press q to leave."],
        [f"Too small: need {need_w}columns, {need_h}rows",
         f"(now {now_w}columns, {now_h}rows)", "Enlarge, q leaves."],
        # (for a window 10 columns by 5 rows: the size it has the user can see)
        [f"Too small: need {need_w}wide, {need_h}high", "q leaves."],
    )
    for parts in wordings:
        lines = [line for part in parts for line in wrap_text(part, width)]
        if len(lines) <= height:
            break
    lines = lines[:height]
    top = max(0, (height - len(lines)) // 2)
    for i, line in enumerate(lines):
        # The first line carries "too small": it stands out.
        centred(win, top + i, line, theme.error if i == 0 else 0)


def fits_or_too_small(
    win: "curses.window", need: tuple[int, int], theme: Theme
) -> bool:
    """Whether the window is at least `need` (width, height); if not, the notice saying so is
    drawn instead of the screen's content (so nothing shows clipped)."""
    height, width = win.getmaxyx()
    if width >= need[0] and height >= need[1]:
        return True
    draw_too_small(win, need, theme)
    return False


def open_page(win: "curses.window", title: str, need: tuple[int, int], theme: Theme) -> bool:
    """Start drawing a page: its title bar ("Numbrix · `title`") when the window is at
    least `need` (width, height), else the too-small notice; whether it fits."""
    if not fits_or_too_small(win, need, theme):
        return False
    draw_title(win, f"Numbrix {theme.glyphs.bullet} {title}", theme)
    return True


def place_board(
    win: "curses.window", board_rows: int, board_cols: int, status_rows: int, key_lines: int,
    theme: Theme,
) -> tuple[Layout, GridLayout] | None:
    """Where a board screen (play, entry, watch) puts a `board_rows` x `board_cols` board and
    its panel of `status_rows` status lines and `key_lines` lines of key help: the layout and
    its board window (not yet scrolled). None when the terminal is too small; the message
    saying so is drawn instead."""
    height, width = win.getmaxyx()
    least, most = side_panel_rows(status_rows, key_lines)
    layout = plan_layout(height, width, GridLayout.for_board(board_rows, board_cols), least, most)
    if layout.grid is None:
        draw_too_small(win, layout.need, theme)
        return None
    return layout, layout.grid


def room_for_message(
    win: "curses.window", layout: Layout, text: str, board: tuple[int, int],
    panel: tuple[int, int], bar_keys: Sequence[KeyHelp], more_keys: Sequence[KeyHelp],
) -> Layout:
    """`layout` (a status bar's) with room for the message `text` to be read whole: the
    free rows under the bar, then rows borrowed from the board's window (see
    `with_message_rows`); past those (a whole board that fills the screen has no window
    rows to lend), the layout of a plainer board (no walls, no rulers) while it shows.
    `board` is (rows, cols), `panel` the side panel's (status rows, key lines) as placed."""
    height, width = win.getmaxyx()
    lines = len(wrap_text(text, width))
    key_rows = bar_key_rows(width, bar_keys, more_keys)
    fitted = with_message_rows(layout, lines, height, key_rows)
    if lines <= fitted.panel_rows - 2:
        return fitted
    least, most = side_panel_rows(*panel)
    whole = GridLayout.for_board(*board)
    for rows in range(2 + lines, fitted.panel_rows, -1):
        roomier = plan_layout(height, width, whole, least, most, rows)
        if roomier.grid is not None and not roomier.side_panel:
            return with_message_rows(roomier, lines, height, key_rows)
    return fitted


def room_for_wording(
    win: "curses.window", layout: Layout, message: Message, board: tuple[int, int],
    panel: tuple[int, int], bar_keys: Sequence[KeyHelp], more_keys: Sequence[KeyHelp],
) -> tuple[Layout, Message]:
    """`room_for_message` for the longest of `message`'s wordings (its text, then its
    shorter ones) that the room made shows whole, and the message in that wording; the
    shortest where none does (cut then, as any message too long). At 26x11 the check's
    verdict was cut before the fix f makes."""
    width = win.getmaxyx()[1]
    wordings = (message.text, *message.shorter)
    for text in wordings:
        fitted = room_for_message(win, layout, text, board, panel, bar_keys, more_keys)
        if bar_message_fits(text, width, fitted.panel_rows) or text == wordings[-1]:
            break
    if text == message.text:
        return fitted, message
    return fitted, Message(text, message.kind, message.greeting)


class BoardScreen(Screen):
    """A screen with a board and its side panel (play, type-in): a key that means nothing
    there becomes `UnboundKey`, so the screen can say so, and each frame notes whether the
    board fitted and where the panel starts (see `place`)."""

    def action_for_key(self, key: int | str) -> Action | None:
        return board_action_for_key(key, self.keys)

    def place(
        self, win: "curses.window", board_rows: int, board_cols: int, status_rows: int,
        key_lines: int,
    ) -> tuple[Layout, GridLayout] | None:
        """`place_board` for this frame, remembering the outcome (`too_small`,
        `side_panel_left`)."""
        placed = place_board(win, board_rows, board_cols, status_rows, key_lines, self.theme)
        self.too_small = placed is None
        self.side_panel_left = (
            placed[0].panel_left if placed is not None and placed[0].side_panel else None
        )
        self.status_bar_top = None  # (set where the frame draws one)
        return placed


def clear_panel_under(win: "curses.window", below: Screen, top: int, left: int, height: int,
                      width: int) -> None:
    """Blank the rows of `below`'s side panel that a box at (`top`, `left`), `height` x
    `width`, covers, where it covers any of the panel's columns: the rest of a panel line
    beside its frame would show as a cut word ("jkl wasd"). Only the panel's columns: board
    cells beside the box stay. The rows of a status bar under the board (a smaller
    screen's) that the box covers are blanked whole: nothing of the board is in them."""
    bar_top = below.status_bar_top
    if bar_top is not None:
        screen_height, screen_width = win.getmaxyx()
        for y in range(max(top, bar_top), min(screen_height, top + height)):
            put(win, y, 0, " " * screen_width)
    panel_left = below.side_panel_left
    if panel_left is None or left + width <= panel_left:
        return  # (no panel, or the box ends before it: no line of it is cut)
    screen_height, screen_width = win.getmaxyx()
    for y in range(top, min(screen_height, top + height)):
        put(win, y, panel_left, " " * (screen_width - panel_left))


def spinner(started: float) -> str:
    """The spinner's character `started` seconds into a wait."""
    return SPINNER[int((time.monotonic() - started) * 8) % len(SPINNER)]


def draw_box(
    win: "curses.window", top: int, left: int, height: int, width: int, theme: Theme
) -> None:
    """A framed, blanked rectangle (dialogs)."""
    g = theme.glyphs
    put(win, top, left, g.corner(True, False, True, False) + g.horizontal * (width - 2)
        + g.corner(True, False, False, True), theme.frame)
    for y in range(top + 1, top + height - 1):
        put(win, y, left, g.vertical, theme.frame)
        put(win, y, left + 1, " " * (width - 2))
        put(win, y, left + width - 1, g.vertical, theme.frame)
    put(win, top + height - 1, left, g.corner(False, True, True, False)
        + g.horizontal * (width - 2) + g.corner(False, True, False, True), theme.frame)
