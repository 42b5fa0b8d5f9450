"""Output files the commands write (`generate --output` and `--solutions`, `print --key`):
checked before the work, which may take minutes, so it never ends in an error about where
it goes; then written atomically, all of them or none. And the half of a pair that goes to
standard output (or another stream named as a file: `stream_named`) after the other half
went to a file (`write_half`)."""

from __future__ import annotations

import contextlib
import errno
import os
from typing import Iterator, Sequence

from numbrix_curses.atomic import same_file, write_problem
from numbrix_curses.cli.common import UsageError, display_name, stream_name, write_out


def check_outputs(outputs: Sequence[tuple[str, str | None]], force: bool) -> None:
    """Refuse, before anything is generated, --output/--solutions files that could not be
    written: a run of minutes must not end in an error, and one file of the pair must not be
    written while the other cannot be. `outputs` holds (option, path or None) pairs."""
    named = [(option, path) for option, path in outputs if path is not None]
    for option, path in named:
        _check_file_name("generate", option, path)
    # (not of "x.txt/", a directory's name, said as such below rather than as "the same
    # file" as x.txt)
    if (len(named) == 2 and same_file(named[0][1], named[1][1])
            and not any(path.endswith(("/", os.sep)) for _, path in named)):
        raise UsageError("numbrix generate: --output and --solutions name the same file")
    for _, path in named:
        _check_output_file("generate", path, force)


def check_output_file(command: str, option: str, path: str, force: bool) -> None:
    """Refuse, before the work, an output file of `command` given with `option` that could
    not be written (see `_check_output_file`); for `print --key`."""
    _check_file_name(command, option, path)
    _check_output_file(command, path, force)


def write_key_file(path: str, text: str, force: bool) -> None:
    """Write `text` to `path` atomically (over a file there only with `force`), a failure
    as its one line, `print`'s (a file made meanwhile: "already exists")."""
    try:
        write_outputs([(path, text)], force)
    except Taken:
        raise UsageError(f"numbrix print: {path}: already exists (made meanwhile; use "
                         "--force to overwrite it)") from None
    except UsageError as error:
        raise UsageError(f"numbrix print: {error}") from None


def _check_file_name(command: str, option: str, path: str) -> None:
    """A name that cannot be a file's, whatever the file system holds."""
    if path == "" or "\0" in path:
        raise UsageError(f"numbrix {command}: {option} {path!r} is not a file name")


def _check_output_file(command: str, path: str, force: bool) -> None:
    """`path` names a regular file (or none yet) in a directory we may write to, and is not
    an existing file unless `force`; else a UsageError whose line starts with the name of
    the `command` refusing it, as its other lines do (lines about a puzzle file read start
    with the place, FILE:LINE:COL, instead). The write itself follows symlinks (atomic.py),
    so the checks are made on the file a link leads to."""
    from numbrix_curses.atomic import not_a_file_to_write

    said = f"numbrix {command}: {display_name(path)}"

    # ("newdir/" for a directory not made yet: a directory meant, not a file "newdir"; a
    # device or a pipe, /dev/stdout: the atomic write would replace it with a file)
    problem = not_a_file_to_write(path)
    if problem is not None:
        raise UsageError(f"{said}: {problem}")
    try:
        mode: int | None = os.stat(path).st_mode  # of the file a symlink leads to
    except FileNotFoundError:
        mode = None
    except OSError as error:  # a name too long, a file where a directory should be, ...
        raise UsageError(f"{said}: {error.strerror or error}") from None
    if mode is not None and not force:
        raise UsageError(f"{said}: already exists (use --force to overwrite it)")
    # the temporary file goes beside the file that symlinks lead to (atomic.py)
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        # (named: through a link, "dangle.txt: no such directory" left it to be guessed;
        # else as typed)
        shown = folder if os.path.islink(path) else os.path.dirname(path)
        raise UsageError(f"{said}: there is no folder {display_name(shown)}")
    # The temporary file is made in that directory, so it must be writable (an existing
    # file's own permissions do not matter: it is replaced, not written to).
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{said}: {os.strerror(errno.EACCES)}")
    if _read_only_file_system(folder):  # refused to the superuser too, unlike EACCES
        raise UsageError(f"{said}: {os.strerror(errno.EROFS)}")


def _read_only_file_system(folder: str) -> bool:
    """Whether `folder` is on a file system mounted read-only (False where unknown)."""
    if not hasattr(os, "statvfs"):  # Windows
        return False
    try:
        return bool(os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 0))
    except OSError:
        return False  # the write itself will say what is wrong


def write_outputs(files: Sequence[tuple[str, str]], force: bool) -> None:
    """Write each (path, text) atomically, all of them or none (no overwrite without
    --force): a booklet must not be replaced without its answer key, nor the other way.

    Every file is first written in full under a temporary name beside its target; only then
    are they renamed into place. A failure while writing (full disk, I/O error) leaves all
    targets as they were. A rename failing after an earlier one succeeded is the one gap: a
    rename within a directory we just wrote to fails only if the directory changes under us
    meanwhile, which is vanishingly rare. Raises `Taken` when a target exists (without
    --force): the caller decides where the work goes then.
    """
    from numbrix_curses.atomic import Staged, stage_text

    staged: list[Staged] = []
    try:
        for path, text in files:
            with _writing(path):
                staged.append(stage_text(path, text, overwrite=force))
        for (path, _), item in zip(files, staged):
            with _writing(path):
                item.commit()
    finally:
        for item in staged:
            item.discard()  # the temporary files of a failed run; committed ones are kept


class Taken(Exception):
    """An output file exists where it may not be replaced (`generate` then writes its
    puzzles beside it: see `cli.generating`)."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


@contextlib.contextmanager
def _writing(path: str) -> Iterator[None]:
    """Turn a failure to write `path` into its one-line UsageError (a file in the way into
    `Taken`)."""
    try:
        yield
    except FileExistsError:
        raise Taken(path) from None
    except OSError as error:
        # The file asked for is named, not the temporary file the failure may have hit; a
        # missing file is about the folder (there is none, or it takes no new file: /proc),
        # where the system's words ("No such file or directory") would mislead.
        reason = (write_problem(path, error, display_name) if error.errno == errno.ENOENT
                  else error.strerror or "cannot write there")
        raise UsageError(f"{path}: {reason}") from None
    except ValueError:  # (a name with a NUL character in it)
        raise UsageError(f"{path}: cannot write there") from None


def write_half(command: str, text: str, what: str, other: str | None,
               descriptor: int = 1) -> None:
    """Write `text`, which is `what`, to standard output (or the stream open as
    `descriptor`, see `stream_named`), with the other half written to a file already
    (`other` says where): a failure says which half is where ("numbrix: No space left on
    device" left an answer key lost without a word, its puzzles written). A closed pipe
    stays as it is (its own exit status)."""
    try:
        write_out(text, descriptor)
    except BrokenPipeError:
        raise
    except OSError as error:
        if not other:
            raise  # (said as every command says it: "numbrix: standard output: No space ...")
        raise UsageError(f"numbrix {command}: {what} could not be written to "
                         f"{stream_name(descriptor)} ({error.strerror or error}); "
                         f"{other}") from None


def stream_named(command: str, option: str, path: str) -> int | None:
    """The descriptor `path` names when it names a standard stream (/dev/stdout,
    /dev/stderr, /dev/fd/N: see `atomic.descriptor_named`), which is then written as a
    stream, as `-` is standard output: `-o /dev/stdout > week.txt` was refused, the file
    the shell had just made "already exists", and through a pipe "not a regular file".
    None for any other name, a file's. Refused: standard input, and a descriptor that is
    not open for writing."""
    from numbrix_curses.atomic import descriptor_named

    fd = descriptor_named(path)
    if fd is None:
        return None
    said = f"numbrix {command}: {option} {display_name(path)}"
    if fd == 0:
        # (not "or - for standard output": print's --key takes no -)
        raise UsageError(f"{said} names standard input; give a file to write")
    try:
        os.fstat(fd)
    except OSError:
        raise UsageError(f"{said}: descriptor {fd} is not open (open it in the shell, as "
                         f"{fd}>FILE, or give a file to write)") from None
    if not _open_for_writing(fd):
        raise UsageError(f"{said}: descriptor {fd} is open for reading only")
    return fd


def _open_for_writing(fd: int) -> bool:
    """Whether descriptor `fd` takes writes (True where that cannot be told)."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        return fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE != os.O_RDONLY
    except OSError:
        return True
