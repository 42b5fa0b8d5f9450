"""Files the app keeps in the state directory for the player to find: the details of an
internal error, for a bug report (``crash-DATE-TIME.txt``), and a puzzle being typed in
when the app was stopped before it was saved (``typed-DATE-TIME.txt``, which Type in a
puzzle offers back; where the state directory takes no file, ``numbrix-typed-DATE-TIME.txt``
in the system's folder for temporary files). Each is a new file, written atomically; one that cannot be written
is None, never an error: these are written on the way out, when nothing else can be done.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from numbrix_curses.atomic import write_text_atomic


def write_crash_report(root: Path, text: str) -> Path | None:
    """Keep an internal error's details in the state directory `root`, for a bug report;
    None if it cannot be written."""
    return _write_stamped(root, "crash", text)


def keep_typed(root: Path, text: str) -> Path | None:
    """Keep a puzzle being typed in that the app stopped before it was saved (Ctrl-C, a
    hang-up) in the state directory `root`, else in the system's folder for temporary files
    (a state directory read-only or on a full disk lost the grid); None if neither takes it."""
    # (Type in offers back only what is in `root`; the app says where this one went)
    return _write_stamped(root, "typed", text) or _write_stamped(
        Path(tempfile.gettempdir()), "numbrix-typed", text)


def kept_typed(root: Path) -> list[Path]:
    """The puzzles `keep_typed` kept in `root` that nothing took back since, newest first."""
    try:
        kept = [(path.stat().st_mtime, path.name, path)
                for path in root.glob("typed-*.txt") if path.is_file()]
    except OSError:
        return []
    return [path for *_, path in sorted(kept, reverse=True)]


def _write_stamped(root: Path, kind: str, text: str) -> Path | None:
    """Write `text` to a new file "KIND-YYYYmmdd-HHMMSS.txt" in `root`."""
    stamp = time.strftime('%Y%m%d-%H%M%S')
    # Half a character (a lone surrogate, from a pasted name or an error quoting one)
    # cannot be written as UTF-8: it is kept as its escape, where it raised
    # UnicodeEncodeError out of the crash handler itself.
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        root.mkdir(parents=True, exist_ok=True)
        # (a second one within the second keeps the first: -2, -3, ...)
        for n in range(1, 100):
            path = root / f"{kind}-{stamp}{'' if n == 1 else f'-{n}'}.txt"
            if not path.exists():
                write_text_atomic(path, text)
                return path
    except OSError:
        pass
    return None
