"""The help screen: the rules, then the keys of every screen, scrolled with the arrows."""
from __future__ import annotations

import curses

from numbrix_curses.ui.actions import Action, Command, MoveCursor, Scroll
from numbrix_curses.ui.draw import put
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.screen import AppContext, Nav, Pop, Screen, draw_title

RULES = """\
Fill the grid with the numbers 1 to R x C (rows times columns) so that each
number stands next to the one before it: up, down, left or right, never
diagonally. The numbers trace one path through every cell. Some numbers are
given and cannot change; a good puzzle has exactly one solution.

The path is drawn between neighbouring consecutive numbers as you go, and the
numbers just before and after the one under the cursor light up."""

SECTIONS: dict[str, list[tuple[str, str]]] = {
    "Playing": [
        ("arrows hjkl wasd", "move the cursor (a click selects a cell)"),
        ("0-9", "type a number: 4 then 2 gives 42; Enter or a move ends it"),
        ("n", "one more than the highest neighbouring number"),
        ("Bksp Del Space", "clear the cell (right click too)"),
        ("u  r  Ctrl-R", "undo, redo: every change, auto-fill and reveal too"),
        ("c", "check: mark numbers that cannot all be right (no answers shown)"),
        ("?", "hint: the next logical step and why; ? again places it"),
        ("f", "auto-fill every simple step, as one move"),
        ("S", "reveal the solution (asks first)"),
        ("R", "restart: clear your numbers (asks first)"),
        ("p", "pause: hide the board and stop the clock"),
        ("m", "show the moves so far; click one to go back to it"),
        ("v", "watch the solver work on this puzzle"),
        ("Esc", "end typing, dismiss a hint, cancel thinking"),
        ("q", "leave (the game is saved after every move)"),
    ],
    "Typing in a puzzle": [
        ("0-9", "type the given numbers; moving and clearing as above"),
        ("c", "check: unique, several solutions (Tab shows them) or none"),
        ("p", "play the puzzle"),
        ("e", "save it to a file in the text format"),
        ("v", "watch the solver"),
        ("x", "clear the grid (asks first)"),
    ],
    "Watching the solver": [
        ("+ -  right left", "faster, slower"),
        ("space", "pause or go on; . steps one at a time"),
        ("Enter End  Home", "jump to the end, back to the start"),
    ],
    "Menus and lists": [
        ("arrows j k", "move; Enter or a click chooses"),
        ("letters", "the highlighted letter of a menu item chooses it"),
        ("q Esc", "back"),
        ("F1 H", "this help"),
    ],
}


def help_lines() -> list[tuple[str, int]]:
    """(text, kind) lines: kind 0 plain, 1 heading, 2 key line."""
    lines: list[tuple[str, int]] = [("The rules", 1), ("", 0)]
    lines += [(line, 0) for line in RULES.splitlines()]
    for title, entries in SECTIONS.items():
        lines += [("", 0), (title, 1), ("", 0)]
        lines += [(f"  {keys:<18}{what}", 2) for keys, what in entries]
    lines += [("", 0), ("Games are saved after every move; best times are kept.", 0)]
    return lines


class HelpScreen(Screen):
    def __init__(self, ctx: AppContext, topic: str = "") -> None:
        super().__init__(ctx)
        self.lines = help_lines()
        self.top = 0
        self.page = 10
        if topic == "entry":
            self.top = next(i for i, (t, _) in enumerate(self.lines) if t == "Typing in a puzzle")

    def action_for_key(self, key: int | str) -> Action | None:
        if key in ("q", "\x1b", "\n", "\r", curses.KEY_ENTER, curses.KEY_F1, "H", "h"):
            return Command.BACK
        action = super().action_for_key(key)
        return action

    def handle(self, action: Action) -> Nav | None:
        if action is Command.BACK:
            return Pop()
        last = max(0, len(self.lines) - self.page)
        if isinstance(action, MoveCursor):
            self.top += action.drow
        elif isinstance(action, Scroll):
            self.top += action.delta
        elif action is Command.PAGE_DOWN:
            self.top += self.page
        elif action is Command.PAGE_UP:
            self.top -= self.page
        elif action is Command.HOME:
            self.top = 0
        elif action is Command.END:
            self.top = last
        self.top = min(max(self.top, 0), last)
        return None

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        draw_title(win, f"Numbrix {theme.glyphs.bullet} Help", theme)
        self.page = max(1, height - 3)
        self.top = min(self.top, max(0, len(self.lines) - self.page))
        left = max(0, (width - 78) // 2)
        for i, (text, kind) in enumerate(self.lines[self.top: self.top + self.page]):
            attr = curses.A_BOLD | theme.label if kind == 1 else 0
            put(win, 2 + i, left, text, attr)
            if kind == 2:
                put(win, 2 + i, left + 2, text[2:20].rstrip(), theme.key)
        more = self.top + self.page < len(self.lines)
        footer = "q back" + ("   arrows / PgDn: more" if more else "")
        put(win, height - 1, left, footer, theme.dim)
        mask.put(height - 1, left, 6, Command.BACK)
