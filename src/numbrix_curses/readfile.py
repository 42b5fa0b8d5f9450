"""Reading a file a user named, without hanging on whatever the name turns out to be.

A typed or saved path can lead to a named pipe with no writer (opening it waits forever),
a device that never ends (``/dev/zero``), a directory or a file far larger than any puzzle
or save. `read_regular_file` is the one way the program reads such a path: it opens without
waiting, refuses anything but a regular file before reading a byte, and reads at most one
byte past the caller's limit, so the caller can refuse an oversized file by its length.
"""
from __future__ import annotations

import os
import stat
from typing import BinaryIO

# Without O_NONBLOCK opening a pipe waits for a writer; O_NOCTTY keeps a terminal device from
# becoming ours. Neither exists on Windows, where there are no named pipes in the file system.
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


class NotRegularFile(ValueError):
    """The path leads to something other than a regular file; `kind` says what."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(f"{kind}, not a regular file")
        self.path = os.fspath(path)
        #: "a directory", "a named pipe", "a character device", ...
        self.kind = kind


_KINDS = (
    (stat.S_ISREG, "a regular file"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_kind(mode: int) -> str:
    """What a file of this `st_mode` is, as a phrase for a message ("a named pipe")."""
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def is_named_pipe(path: str | os.PathLike[str]) -> bool:
    """Whether `path` names a pipe (False where it names nothing that can be looked at)."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_regular_file(path: str | os.PathLike[str], limit: int, pipes: bool = False) -> bytes:
    """Up to `limit` + 1 bytes of the regular file at `path` (more than `limit`: too large).

    Raises `NotRegularFile` for a directory, pipe, device or socket (checked on the open
    descriptor, so a name swapped after a check cannot slip through), `OSError` when the
    file cannot be opened or read. With `pipes`, a pipe that something writes to is read
    to its end, as standard input is (see `_read_pipe`).
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        # Some kinds fail to open before fstat can name them: a socket gives ENXIO ("No such
        # device or address"), which says nothing useful. Name the kind when it is not a
        # regular file; otherwise the open's own error stands.
        try:
            mode = os.stat(path).st_mode
        except (OSError, ValueError):
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise NotRegularFile(path, file_kind(mode)) from None
        raise
    with open(fd, "rb") as handle:
        mode = os.fstat(fd).st_mode
        if pipes and stat.S_ISFIFO(mode):
            return _read_pipe(handle, limit)
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, file_kind(mode))
        return handle.read(limit + 1)


def _read_pipe(handle: BinaryIO, limit: int) -> bytes:
    """Up to `limit` + 1 bytes from the pipe `handle` (opened without waiting).

    A command line may name a pipe: `numbrix check <(curl ...)` passes /dev/fd/63, whose
    writer is running already. Opened without waiting, a pipe says at once whether anything
    holds it open for writing (POSIX): a read then finds its data or fails with EAGAIN,
    and waiting for the rest is as safe as reading standard input. With no writer the read
    finds its end at once: a named pipe nothing writes to reads as empty, not as a hang.
    """
    fd = handle.fileno()
    try:
        data = os.read(fd, limit + 1)
    except BlockingIOError:
        data = b""  # (a writer holds it open and has not written yet)
    else:
        if not data:
            return data
    if hasattr(os, "set_blocking"):  # (Windows has it from Python 3.12 only)
        os.set_blocking(fd, True)
    # (the buffered read reads on to `limit` + 1 bytes or the end, as for a regular file)
    return data + handle.read(limit + 1 - len(data))
