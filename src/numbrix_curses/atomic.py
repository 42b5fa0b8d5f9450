"""Atomic file writes: a file the program writes is either wholly new or untouched.

The text goes to a temporary file in the target's directory, is flushed and fsynced, and
then renamed over the target with `os.replace` (atomic on POSIX and Windows when both are
on the same volume, which the shared directory guarantees). A crash or a full disk
therefore never leaves a half-written puzzle or save file behind.

A path that is a symlink (a save directory or booklet kept in a synced folder, say) is
written through: the link is followed to the file it names, the temporary file goes next to
that file and is renamed over it, so the link stays a link and its target gets the new text.
A link whose target does not exist yet gets that target created, as ``open(path, "w")``
would do. When a write fails, `write_problem` says why in words that name what to change.
"""
from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Callable


def write_problem(path: str, error: OSError, show: Callable[[str], str] = str) -> str:
    """Why writing `path` failed, in words that say what to change: a missing folder, or
    one that may not be written in, is named (shown by `show`). A folder that is there but
    takes no new file (/proc) is said to be so: its ENOENT read "No such file or directory"
    of a file that exists."""
    folder = os.path.dirname(os.path.abspath(path))
    if error.errno == errno.ENOENT:
        if not os.path.isdir(folder):
            return f"there is no folder {show(folder)}"
        return f"no file can be made in {show(folder)}"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{show(folder)} may not be written in"
    return str(error.strerror or error)


def not_a_file_to_write(path: str) -> str | None:
    """Why `path` names nothing a file may be written as, or None: a directory; a name
    ending in a separator ("new/", a directory meant); a device or a pipe, symlinks
    followed (/dev/full, a FIFO), which the write would replace with a regular file; a
    file that is in no folder any more, as /dev/stdout leads to where standard output is
    a file deleted while open (the write goes beside the file the links lead to, by name:
    it made a file named "#1234 (deleted)" there, and the output was nowhere)."""
    if os.path.isdir(path):
        return "is a directory"
    if path.endswith(tuple(filter(None, (os.sep, os.altsep)))):
        return "names a directory; give the name of a file to write"
    try:
        found = os.stat(path)  # (of the file a symlink leads to)
    except OSError:
        return None  # (none yet, or a problem the write itself says in its words)
    if not stat.S_ISREG(found.st_mode):
        return "not a regular file; give the name of a file to write"
    try:
        named = os.stat(os.path.realpath(path))  # (where the write lands: `_final_path`)
    except OSError:
        named = None
    if named is None or not os.path.samestat(found, named):
        return ("leads to a file that is in no folder (deleted while open?); give the name "
                "of a file to write")
    return None


#: characters of the target's name kept in its temporary file's name (at most 4 bytes
#: each in UTF-8, so the temporary name stays far below 255 bytes)
TEMP_PREFIX = 32


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = True) -> None:
    """Write `text` (UTF-8, line ends as given) to `path` atomically.

    With `overwrite=False` an existing file is left alone and `FileExistsError` is raised.
    Any other failure raises `OSError` after removing the temporary file. Symlinks are
    followed: the file they lead to is replaced, the links themselves stay.
    """
    staged = stage_text(path, text, overwrite=overwrite)
    try:
        staged.commit()
    finally:
        staged.discard()  # nothing left to do once committed


#: on Windows a file another process has open (a second window reading the save, a virus
#: scanner) refuses to be replaced until it is closed, a moment later: how often to try,
#: and the pause after the first try (doubling)
REPLACE_TRIES = 5
REPLACE_PAUSE = 0.01
WINDOWS = os.name == "nt"


def replace(source: Path, target: Path) -> None:
    """`os.replace`, tried again for a moment on Windows while the target is held open
    there (`PermissionError`); anywhere else, and after the last try, its error stands."""
    tries = REPLACE_TRIES if WINDOWS else 1
    for attempt in range(tries):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == tries - 1:
                raise
            time.sleep(REPLACE_PAUSE * 2**attempt)


class Staged:
    """A file written in full under a temporary name beside its target, not yet in place.

    Splitting the write from the rename lets a caller with several files (a booklet and
    its answer key) write them all before renaming any, so a failure while writing leaves
    every target as it was. `commit` renames; `discard` removes the temporary file if it is
    still there (a no-op after `commit`), so it belongs in a `finally`.
    """

    def __init__(self, target: Path, temp: Path, overwrite: bool) -> None:
        self.target = target
        self.temp = temp
        self.overwrite = overwrite
        self.committed = False

    def commit(self) -> None:
        """Put the new file in place (`FileExistsError` when `overwrite` is off and the
        target appeared meanwhile)."""
        if self.overwrite:
            replace(self.temp, self.target)
        else:
            _move_no_clobber(self.temp, self.target)
        self.committed = True
        _sync_directory(self.target.parent)

    def discard(self) -> None:
        """Remove the temporary file unless it was committed (safe to call twice)."""
        if self.committed:
            return
        try:
            self.temp.unlink()
        except OSError:
            pass  # already gone; whatever error brought us here matters more


def stage_text(path: str | os.PathLike[str], text: str, *, overwrite: bool = True) -> Staged:
    """Write `text` to a new temporary file beside the file `path` leads to (flushed and
    fsynced) and return it staged for `Staged.commit`.

    Raises `FileExistsError` when `overwrite` is off and the target exists, `OSError` when
    the temporary file cannot be written (it is removed then).
    """
    target = _final_path(path)
    if not overwrite and target.exists():
        raise FileExistsError(errno.EEXIST, "file exists", str(target))
    temp = _create_temp(target)
    staged = Staged(target, temp, overwrite)
    try:
        with open(temp, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_mode(target, temp)
    except BaseException:
        staged.discard()
        raise
    return staged


def _final_path(path: str | os.PathLike[str]) -> Path:
    """The file a write to `path` lands in: every symlink on the way followed.

    Renaming over the link itself would turn it into a regular file and leave its target
    stale; renaming in the target's own directory also keeps the rename on one volume when
    the link points to another.
    """
    real = Path(os.path.realpath(path))
    if real.is_symlink():
        # realpath gives up on a loop of links and returns one of them; writing there
        # would replace a link with a file. open() refuses a loop the same way.
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), os.fspath(path))
    return real


def _create_temp(target: Path) -> Path:
    """A new empty file next to `target`, created exclusively (no other writer shares it)."""
    for _ in range(100):
        # Only a short prefix of the name: the whole name plus ".", "." and ".xxxxxxxx.tmp"
        # would pass the file system's limit (255 bytes) for a name near that limit.
        temp = target.with_name(f".{target.name[:TEMP_PREFIX]}.{secrets.token_hex(4)}.tmp")
        try:
            # Mode "x" creates with the usual permissions (0o666 less the umask), unlike
            # tempfile.mkstemp's 0o600, so the final file looks like any other saved file.
            with open(temp, "x", encoding="utf-8"):
                return temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "could not create a temporary file", str(target.parent))


def _copy_mode(target: Path, temp: Path) -> None:
    """Keep the permissions of a file we replace (best effort)."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return
    try:
        os.chmod(temp, mode)
    except OSError:
        pass


def _move_no_clobber(temp: Path, target: Path) -> None:
    """Rename `temp` to `target` unless `target` exists, without a race where possible."""
    try:
        # A hard link fails atomically when the name is taken; then drop the temp name.
        os.link(temp, target)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError, AttributeError):
        # Filesystems without hard links (FAT, some network shares): check, then rename.
        if target.exists():
            raise FileExistsError(errno.EEXIST, "file exists", str(target)) from None
        replace(temp, target)
        return
    try:
        temp.unlink()
    except OSError:
        pass  # the file is in place; a leftover hidden temp name is harmless


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def is_open_as(path: str, fd: int) -> bool:
    """Whether `path` names the regular file open as descriptor `fd` (standard input read
    from it, standard output sent to it): writing `path` atomically replaces the file, so
    what is read or written through `fd` then goes to one nobody sees."""
    try:
        opened, named = os.fstat(fd), os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(opened.st_mode) and os.path.samestat(opened, named)


def opened_for_appending(fd: int) -> bool:
    """Whether descriptor `fd` was opened to append (`>> FILE` in a shell): what is written
    through it goes after what the file holds, where writing its file atomically would
    replace that. False where that cannot be told (no fcntl: Windows)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        return bool(fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND)
    except (OSError, ValueError):
        return False


#: the standard streams by their names under /dev, which lead to the descriptor of the
#: process that opens them, whatever it is open to
_STREAMS = {"stdin": 0, "stdout": 1, "stderr": 2}


def descriptor_named(path: str) -> int | None:
    """The descriptor of this process that `path` names, or None: /dev/stdout (1),
    /dev/stderr (2), /dev/stdin (0), /dev/fd/N and /proc/self/fd/N (N), however written
    ("//dev/./stdout"). Such a name is a stream, whatever it is redirected to: a file
    written atomically in its place would be a new file, not the one the shell opened,
    and a terminal or a pipe no file at all. None on systems without such names."""
    if os.name != "posix" or "\0" in path:
        return None
    normal = "/" + os.path.normpath(os.path.abspath(path)).lstrip("/")
    found = re.fullmatch(rf"/(?:dev/(std(?:in|out|err))|(?:dev|proc/self|proc/thread-self|"
                         rf"proc/{os.getpid()})/fd/([0-9]{{1,9}}))", normal)
    if found is None:
        return None
    return _STREAMS[found.group(1)] if found.group(1) else int(found.group(2))


def same_file(first: str, second: str) -> bool:
    """Whether two names lead to one file: through symlinks (realpath, which also covers a
    link to a file not made yet) or hard links (samefile, where both exist)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):
        return os.path.realpath(first) == os.path.realpath(second)
