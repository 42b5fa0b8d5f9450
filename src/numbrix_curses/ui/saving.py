"""Saving a puzzle to a file from a screen (type-in, play): the prompt for the path, the
question before a file is replaced, and the write, whole or not at all (`atomic`).

The file holds the puzzle's givens in the compact text form, so every command and the app
read it back; its metadata is what the screen says (a typed-in puzzle is named after its
file, a puzzle in play keeps its own).
"""
from __future__ import annotations

import os
import re
from typing import Callable, Mapping

from numbrix_curses.atomic import not_a_file_to_write, write_problem, write_text_atomic
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import format_compact
from numbrix_curses.ui.dialogs import ConfirmScreen, TextPromptScreen, home_short
from numbrix_curses.ui.panel import Message, MessageKind
from numbrix_curses.ui.screen import AppContext, Nav, Pop, Push


def save_prompt(
    ctx: AppContext,
    puzzle: Puzzle,
    suggested: str,
    metadata: Callable[[str], Mapping[str, object]],
    saved: Callable[[str, str], None],
) -> Nav:
    """The prompt for where to write `puzzle`, `suggested` (a file name) offered selected.

    `metadata(path)` gives the metadata written for a file at `path`. After a write,
    `saved(typed, absolute)` is told the path as typed and in full. A write that fails is
    said in the prompt, after the question whether to replace a file too, so another path
    can be typed there (said on the screen below, it showed only once the prompt was left)."""

    def write(path: str, typed: str) -> str | None:
        try:
            write_text_atomic(path, format_compact(puzzle, metadata=metadata(path)))
        except OSError as error:
            return f"Could not write {typed}: {write_problem(path, error, home_short)}"
        saved(typed, os.path.abspath(path))
        return None

    def submit(text: str) -> "str | Nav | None":
        if not text:
            return "Type a file name."
        path = os.path.expanduser(text)
        if os.path.isdir(path):
            # A folder: the file goes in it, under the name offered ("out: is a directory"
            # had the player type the name again after it).
            text = os.path.join(text, os.path.basename(suggested))
            path = os.path.expanduser(text)
        problem = not_a_file_to_write(path)
        if problem is not None:
            # (a device or a pipe was replaced with a file after "Replace it?": /dev/full)
            return f"{text}: {problem}."
        if os.path.exists(path):
            def overwrite() -> Nav | None:
                error = write(path, text)
                if error is not None:
                    prompt.select_all(Message(error, MessageKind.ERROR))
                    return None
                return Pop()

            def keep() -> None:
                prompt.select_all(Message(f"{text} is kept: type another name.", MessageKind.INFO))

            return Push(ConfirmScreen(ctx, f"{text} exists. Replace it?", overwrite, on_no=keep))
        error = write(path, text)
        return error if error is not None else Pop()

    prompt = TextPromptScreen(
        ctx, "Save the puzzle", "File to write (the text format):", submit,
        initial=suggested, ok="save",
        hint="Typing replaces the name, an arrow key edits it. A name without a folder is "
        f"written in {home_short(os.getcwd())}; a folder alone takes the name offered.",
        shorter_hints=("Typing replaces the name, an arrow key edits it; a folder alone "
                       "takes the name offered.",
                       "Typing replaces the name, an arrow key edits it."),
    )
    return Push(prompt)


def id_from_path(path: str, default: str) -> str:
    """The id a puzzle saved at `path` is given: the file's name without its extension, or
    `default` when that is empty."""
    return os.path.splitext(os.path.basename(path))[0] or default


def file_name_for(name: str | None, default: str) -> str:
    """The file offered for a puzzle called `name` (its id): letters, digits, dots, dashes
    and underscores kept, any run of other characters one dash, then ``.txt``; `default`
    in place of a name that leaves nothing. A name that is a file's (a puzzle with no id is
    called by its file: ``src2.txt``) keeps one extension, not ``src2.txt.txt``."""
    stem = re.sub(r"[^\w.-]+", "-", name or "", flags=re.ASCII).strip("-.")[:60]
    # (and the puzzle at a place in it, "src2.txt#3", is "src2-3.txt")
    stem = re.sub(r"\.txt(?=-|$)", "", stem, flags=re.IGNORECASE).strip("-.")
    return f"{stem or default}.txt"
