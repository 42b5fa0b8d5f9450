"""Atomic writes: the target is either the old file or the whole new text, never a mix."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from numbrix_curses import atomic
from numbrix_curses.atomic import write_text_atomic


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_writes_new_file(tmp_path: Path):
    target = tmp_path / "out.txt"
    write_text_atomic(target, "1 2\n4 3\n")
    assert target.read_bytes() == b"1 2\n4 3\n"
    assert leftovers(tmp_path) == []


def test_accepts_a_str_path_and_keeps_utf8_and_line_ends(tmp_path: Path):
    target = tmp_path / "out.txt"
    write_text_atomic(str(target), "# note: café\r\n1\n")
    assert target.read_bytes() == "# note: café\r\n1\n".encode("utf-8")


def test_overwrites_by_default_and_keeps_permissions(tmp_path: Path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    if os.name == "posix":
        assert target.stat().st_mode & 0o777 == 0o640


def test_no_overwrite_leaves_an_existing_file_alone(tmp_path: Path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(FileExistsError):
        write_text_atomic(target, "new", overwrite=False)
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_no_overwrite_writes_a_new_file(tmp_path: Path):
    target = tmp_path / "fresh.txt"
    write_text_atomic(target, "x", overwrite=False)
    assert target.read_text() == "x"
    assert leftovers(tmp_path) == []


def test_missing_directory_raises_oserror(tmp_path: Path):
    with pytest.raises(OSError):
        write_text_atomic(tmp_path / "nope" / "out.txt", "x")


def test_failure_mid_write_keeps_the_old_file_and_removes_the_temp(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space"):
        write_text_atomic(target, "new")
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


def test_unencodable_text_keeps_the_old_file(tmp_path: Path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "bad \udc80 surrogate")
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


# --- symlinks: the link stays, the file it leads to gets the new text --------------------------

needs_symlinks = pytest.mark.skipif(
    not hasattr(os, "symlink") or os.name == "nt", reason="symlinks need privileges on Windows"
)


@needs_symlinks
@pytest.mark.parametrize("overwrite", [True, False])
def test_writing_through_a_dangling_symlink_creates_its_target(tmp_path: Path, overwrite):
    synced = tmp_path / "synced"
    synced.mkdir()
    link = tmp_path / "booklet.txt"
    link.symlink_to(synced / "booklet.txt")
    write_text_atomic(link, "new", overwrite=overwrite)
    assert link.is_symlink()
    assert (synced / "booklet.txt").read_text() == "new"
    assert leftovers(tmp_path) == [] and leftovers(synced) == []


@needs_symlinks
def test_writing_through_a_symlink_updates_its_target_and_keeps_the_link(tmp_path: Path):
    synced = tmp_path / "synced"
    synced.mkdir()
    real = synced / "booklet.txt"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "booklet.txt"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new" and link.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o640
    # the temporary file lived next to the target, and nothing is left of it
    assert leftovers(tmp_path) == [] and leftovers(synced) == []


@needs_symlinks
def test_a_relative_symlink_and_a_chain_of_links_are_followed(tmp_path: Path):
    (tmp_path / "data").mkdir()
    real = tmp_path / "data" / "save.json"
    real.write_text("old")
    (tmp_path / "middle").symlink_to(Path("data") / "save.json")
    link = tmp_path / "save.json"
    link.symlink_to("middle")
    write_text_atomic(link, "new")
    assert link.is_symlink() and (tmp_path / "middle").is_symlink()
    assert real.read_text() == "new"


@needs_symlinks
def test_a_symlinked_directory_stays_a_symlink(tmp_path: Path):
    synced = tmp_path / "synced"
    synced.mkdir()
    saves = tmp_path / "saves"
    saves.symlink_to(synced, target_is_directory=True)
    write_text_atomic(saves / "game.json", "{}")
    assert saves.is_symlink()
    assert (synced / "game.json").read_text() == "{}"


@needs_symlinks
def test_no_overwrite_through_a_symlink_leaves_the_target_alone(tmp_path: Path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(FileExistsError):
        write_text_atomic(link, "new", overwrite=False)
    assert link.is_symlink() and real.read_text() == "old"
    assert leftovers(tmp_path) == []


@needs_symlinks
def test_a_symlink_to_a_directory_is_refused_and_stays(tmp_path: Path):
    (tmp_path / "dir").mkdir()
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "dir", target_is_directory=True)
    with pytest.raises(OSError):
        write_text_atomic(link, "new")
    assert link.is_symlink() and (tmp_path / "dir").is_dir()
    assert leftovers(tmp_path) == []


@needs_symlinks
def test_a_loop_of_symlinks_is_refused_and_left_as_it_is(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OSError) as err:
        write_text_atomic(a, "new")
    assert err.value.errno == errno.ELOOP
    assert a.is_symlink() and b.is_symlink()
    assert leftovers(tmp_path) == []


def test_a_name_at_the_length_limit_is_written(tmp_path: Path):
    """Before: the temporary name `.NAME.xxxxxxxx.tmp` passed the 255-byte limit, so a name
    the file system accepts failed with "File name too long"."""
    longest = os.pathconf(tmp_path, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    target = tmp_path / ("é" * ((longest - 4) // 2) + ".txt")  # two bytes a character
    write_text_atomic(target, "1 2\n4 3\n", overwrite=False)
    assert target.read_text(encoding="utf-8") == "1 2\n4 3\n"
    assert leftovers(tmp_path) == []


def test_staged_files_change_nothing_until_committed(tmp_path: Path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("old a\n")
    staged = [atomic.stage_text(first, "new a\n"), atomic.stage_text(second, "new b\n")]
    assert first.read_text() == "old a\n" and not second.exists()
    for item in staged:
        item.commit()
        item.discard()  # a no-op once committed
    assert (first.read_text(), second.read_text()) == ("new a\n", "new b\n")
    dropped = atomic.stage_text(first, "never\n")
    dropped.discard()
    assert first.read_text() == "new a\n"
    assert leftovers(tmp_path) == []
