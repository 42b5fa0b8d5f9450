"""The information panel beside (or, on narrow screens, below) the board.

It shows the puzzle's name and size, progress, the timer, messages and the key help; each
key help line is also a button (its action goes into the screen mask), so the mouse can do
what the keys do.
"""
from __future__ import annotations

import curses
import enum
import textwrap
from dataclasses import dataclass

from numbrix_curses.ui.actions import Action, Command
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.theme import Theme

PANEL_WIDTH = 31
#: rows the side panel needs at least: the status block and the message
PANEL_MIN_HEIGHT = 12


class MessageKind(enum.Enum):
    INFO = "info"
    SUCCESS = "success"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    text: str
    kind: MessageKind = MessageKind.INFO


@dataclass(frozen=True)
class Status:
    """What the panel reports, prepared by the play screen."""

    label: str
    size: str
    level: str | None
    placed: int
    total: int
    moves: int
    time: str
    cell: str
    paused: bool


@dataclass(frozen=True)
class KeyHelp:
    what: str
    keys: str
    action: Action | None = None


#: the key help, verb first; a line may hold two entries (two buttons)
KEY_HELP: tuple[tuple[KeyHelp, ...], ...] = (
    (KeyHelp("move", "arrows hjkl wasd"),),
    (KeyHelp("type", "1-9, Enter ends", Command.COMMIT),),
    (KeyHelp("clear", "Bksp Del Space", Command.CLEAR),),
    (KeyHelp("undo", "u", Command.UNDO), KeyHelp("redo", "r ^R", Command.REDO)),
    (KeyHelp("pause", "p", Command.PAUSE), KeyHelp("quit", "q", Command.QUIT)),
    (KeyHelp("mouse", "click; right: clear"),),
)
KEY_COLUMN = 8
HALF_WIDTH = 16


def _message_attr(message: Message, theme: Theme) -> int:
    return {
        MessageKind.INFO: curses.A_NORMAL,
        MessageKind.SUCCESS: theme.success,
        MessageKind.ERROR: theme.error,
    }[message.kind]


def _status_rows(status: Status) -> list[tuple[str, str]]:
    rows = [("Size", status.size)]
    if status.level:
        rows.append(("Level", status.level))
    rows += [
        ("Placed", f"{status.placed} of {status.total}"),
        ("Moves", str(status.moves)),
        ("Time", status.time + ("  paused" if status.paused else "")),
        ("Cell", status.cell),
    ]
    return rows


def side_panel_height() -> int:
    """Rows of the whole side panel, key help included."""
    return PANEL_MIN_HEIGHT + 1 + len(KEY_HELP)


def draw_side_panel(
    win: "curses.window",
    mask: ScreenMask,
    top: int,
    left: int,
    height: int,
    status: Status,
    message: Message | None,
    theme: Theme,
) -> None:
    width = PANEL_WIDTH
    y = top
    put(win, y, left, status.label[:width], curses.A_BOLD)
    y += 2
    for name, value in _status_rows(status):
        put(win, y, left, f"{name:<8}", theme.label)
        put(win, y, left + 8, value[: width - 8], curses.A_BOLD if name == "Time" else 0)
        y += 1
    y += 1
    if message is not None:
        for line in textwrap.wrap(message.text, width)[:2]:
            put(win, y, left, line.ljust(width) if message.kind is MessageKind.SUCCESS else line,
                _message_attr(message, theme))
            y += 1
    y = max(y, top + PANEL_MIN_HEIGHT)
    bottom = top + height
    if y + 2 > bottom:
        return
    put(win, y, left, "Keys", theme.label | curses.A_BOLD)
    y += 1
    for line in KEY_HELP:
        if y >= bottom:
            break
        for i, item in enumerate(line):
            x = left + i * HALF_WIDTH
            span = HALF_WIDTH - 1 if len(line) > 1 else width
            put(win, y, x, item.what, theme.label)
            put(win, y, x + KEY_COLUMN, item.keys[: span - KEY_COLUMN], theme.key)
            if item.action is not None:
                mask.put(y, x, span, item.action)
        y += 1


STATUS_BAR_KEYS = (
    KeyHelp("move", "arrows"),
    KeyHelp("type", "1-9"),
    KeyHelp("undo", "u", Command.UNDO),
    KeyHelp("redo", "r", Command.REDO),
    KeyHelp("quit", "q", Command.QUIT),
)


def draw_status_bar(
    win: "curses.window",
    mask: ScreenMask,
    top: int,
    rows: int,
    status: Status,
    message: Message | None,
    theme: Theme,
) -> None:
    """The compact panel for narrow screens: status, message and key lines, centred."""
    width = win.getmaxyx()[1]
    dot = f" {theme.glyphs.bullet} "
    moves = f"{status.moves} move" + ("" if status.moves == 1 else "s")
    parts = [status.size, f"{status.placed}/{status.total}", moves, status.time]
    if status.paused:
        parts.append("paused")
    line = dot.join(parts)
    put(win, top, max(0, (width - len(line)) // 2), line)
    if rows > 1 and message is not None:
        put(win, top + 1, max(0, (width - len(message.text)) // 2), message.text,
            _message_attr(message, theme))
    if rows > 2:
        items = list(STATUS_BAR_KEYS)
        while items and sum(len(i.keys) + len(i.what) + 3 for i in items) - 2 > width:
            items.pop()
        x = max(0, (width - (sum(len(i.keys) + len(i.what) + 3 for i in items) - 2)) // 2)
        for item in items:
            put(win, top + 2, x, item.keys, theme.key)
            put(win, top + 2, x + len(item.keys) + 1, item.what)
            if item.action is not None:
                mask.put(top + 2, x, len(item.keys) + 1 + len(item.what), item.action)
            x += len(item.keys) + len(item.what) + 3
