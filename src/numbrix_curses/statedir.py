"""Where the app keeps its state: saved games, records, crash reports, the puzzles
`generate` could not write where it was told (`state_dir`).

``$XDG_STATE_HOME/numbrix-curses/`` (by the XDG base directory rules, a relative path
ignored), ``%LOCALAPPDATA%\\numbrix-curses\\`` on Windows, and by default
``~/.local/state/numbrix-curses/``, the home directory taken from the user database where
HOME is unset, empty or relative.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Mapping

APP_DIR = "numbrix-curses"


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the app keeps its state (XDG base directory rules; relative paths ignored)."""
    env = os.environ if environ is None else environ
    xdg = env.get("XDG_STATE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / APP_DIR
    if sys.platform == "win32" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / APP_DIR
    home = env.get("HOME", "")
    if not os.path.isabs(home):
        # HOME unset, empty or relative: the account's home from the user database (an
        # empty HOME made `~` the root directory, and the saves went to /.local/state)
        home = _account_home() or os.path.expanduser("~")
    return Path(home) / ".local" / "state" / APP_DIR


def _account_home() -> str | None:
    """The home directory the user database gives this account, if there is one."""
    try:
        import pwd
    except ImportError:
        return None  # (Windows: no user database of this kind)
    home = ""
    if hasattr(os, "getuid"):
        try:
            home = pwd.getpwuid(os.getuid()).pw_dir
        except (KeyError, OSError):
            return None
    return home if os.path.isabs(home) else None
