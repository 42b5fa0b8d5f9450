"""Atomic file writes: a file the program writes is either wholly new or untouched.

The text goes to a temporary file in the target's directory, is flushed and fsynced, and
then renamed over the target with `os.replace` (atomic on POSIX and Windows when both are
on the same volume, which the shared directory guarantees). A crash or a full disk
therefore never leaves a half-written puzzle or save file behind.

A path that is a symlink (a save directory or booklet kept in a synced folder, say) is
written through: the link is followed to the file it names, the temporary file goes next to
that file and is renamed over it, so the link stays a link and its target gets the new text.
A link whose target does not exist yet gets that target created, as ``open(path, "w")``
would do.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path


def write_text_atomic(path: str | os.PathLike[str], text: str, *, overwrite: bool = True) -> None:
    """Write `text` (UTF-8, line ends as given) to `path` atomically.

    With `overwrite=False` an existing file is left alone and `FileExistsError` is raised.
    Any other failure raises `OSError` after removing the temporary file. Symlinks are
    followed: the file they lead to is replaced, the links themselves stay.
    """
    target = _final_path(path)
    if not overwrite and target.exists():
        raise FileExistsError(errno.EEXIST, "file exists", str(target))
    temp = _create_temp(target)
    try:
        with open(temp, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_mode(target, temp)
        if overwrite:
            os.replace(temp, target)
        else:
            _move_no_clobber(temp, target)
    except BaseException:
        try:
            temp.unlink()
        except OSError:
            pass  # already renamed or never created; the original error matters more
        raise
    _sync_directory(target.parent)


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
        temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
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
        os.replace(temp, target)
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
