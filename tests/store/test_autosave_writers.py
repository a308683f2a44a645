"""The autosave's temp files: each writer has its own, a failed write leaves none, a crash's leftovers are cleared."""

from __future__ import annotations

import json
import os

import pytest

from tala_desktop.store import Store, StoreError, autosave


def _temp_files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_write_that_overlaps_another_does_not_lose_its_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    real_fsync = os.fsync
    overlapped = []

    def fsync_with_another_writer(fd: int) -> None:   # a second writer runs while the first is mid-write
        real_fsync(fd)
        if not overlapped:
            overlapped.append(True)
            autosave.write_autosave(path, {"writer": "second"})
    monkeypatch.setattr(os, "fsync", fsync_with_another_writer)
    autosave.write_autosave(path, {"writer": "first"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"writer": "first"}
    assert _temp_files(tmp_path) == []


def test_a_failed_write_leaves_the_old_save_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "autosave.json"
    autosave.write_autosave(path, {"move": 1})

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StoreError, match="cannot write the autosave"):
        autosave.write_autosave(path, {"move": 2})
    assert json.loads(path.read_text(encoding="utf-8")) == {"move": 1}
    assert _temp_files(tmp_path) == []


def test_opening_the_store_clears_temp_files_a_crash_left(tmp_path, clock):
    (tmp_path / "autosave.json.k3x9q.tmp").write_text("{half a sav")
    (tmp_path / "autosave.json.tmp").write_text("{")
    (tmp_path / "notes.tmp").write_text("not ours")
    with Store(tmp_path, clock):
        assert _temp_files(tmp_path) == ["notes.tmp"]
