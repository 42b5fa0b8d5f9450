"""Locks on files between app instances, best effort: `lock_now` without waiting (a game
claimed by the window playing it), `lock` waiting up to `LOCK_WAIT` seconds (the records,
read, changed and written by any window). `fcntl.flock` where there is one, `msvcrt` on
Windows; where the system or the file system takes no lock at all (NFS without a lock
daemon), they say so rather than fail, and the callers go on without one.
"""
from __future__ import annotations

import errno
import time
from typing import Any

#: how long to wait for another instance holding a lock (`lock`)
LOCK_WAIT = 2.0


def lock(handle: Any) -> bool:
    """Lock `handle`'s file, waiting up to `LOCK_WAIT` seconds for another holder to let go;
    False when it could not be locked."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        locked = lock_now(handle)
        if locked is not False:
            return bool(locked)  # (None: no locks here, nothing to wait for)
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def lock_now(handle: Any) -> bool | None:
    """Lock `handle`'s file without waiting: True when locked, False when another process
    holds it, None when this system or file system takes no lock at all (any other error:
    saying "held elsewhere" then would stop every window from saving)."""
    try:
        import fcntl
    except ImportError:  # Windows
        try:
            import msvcrt
        except ImportError:
            return None
        try:
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            return True
        except OSError as error:
            return False if error.errno in (errno.EACCES, errno.EDEADLK) else None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError as error:
        return False if error.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES) else None


def unlock(handle: Any) -> None:
    """Let go of a lock `lock` or `lock_now` took (nothing where there was none)."""
    try:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except ImportError:
        try:
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except (ImportError, OSError):
            pass
    except OSError:
        pass
