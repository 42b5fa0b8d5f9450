"""Atomic writes: the target is either the old file or the whole new text, never a mix."""
from __future__ import annotations

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
