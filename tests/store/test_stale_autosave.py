"""An autosave that outlived its game (a folder where files cannot be removed) is never resumed or paid again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.store import STARTING_GRANT, OfflineSession, Store, StoreError, autosave
from tala_desktop.store.history import SeatInfo

from .helpers import drive, make_config, play_bot_game


def start(store: Store, seed: int = 3) -> OfflineSession:
    session = OfflineSession.new(store, make_config(seed=seed), runner=InlineRunner())
    session.table.start_game(0.0)
    return session


@pytest.fixture
def frozen_autosave(monkeypatch):
    """From now on the autosave can be neither rewritten nor removed (a read-only folder, an antivirus lock)."""
    def freeze() -> None:
        def refuse(*args, **kwargs):
            raise StoreError("cannot write the autosave: Permission denied")
        monkeypatch.setattr(autosave, "write_autosave", refuse)
        real_unlink = Path.unlink

        def no_unlink(self, *args, **kwargs):
            if self.name == "autosave.json":
                raise PermissionError(13, "Permission denied", str(self))
            return real_unlink(self, *args, **kwargs)
        monkeypatch.setattr(Path, "unlink", no_unlink)
    return freeze


def _paid_game_with_a_stale_save(tmp_path, clock, freeze) -> tuple[int, str]:
    """Play a game whose autosave froze after move 5; it ends and is paid. Returns (balance, its uid)."""
    with Store(tmp_path, clock) as store:
        session = start(store)
        drive(session.table, until_moves=5)
        freeze()
        drive(session.table)
        assert session.settlements and session.settlements[0].paid
        save = store.load_autosave()
        assert save is not None and not save.state.is_over
        return store.profile().balance, session.game_uid


def test_a_save_of_a_game_already_paid_is_refused_with_a_notice_and_removed(tmp_path, clock, frozen_autosave,
                                                                            monkeypatch):
    balance, uid = _paid_game_with_a_stale_save(tmp_path, clock, frozen_autosave)
    monkeypatch.undo()                                  # the folder can be written again
    with Store(tmp_path, clock) as store:
        assert store.recover() is None                  # no "Chơi tiếp" of a paid game
        assert [n.code for n in store.notices] == ["autosave_paid"]
        assert not store.has_autosave()
        assert store.profile().balance == balance and store.count_games() == 1
        assert store.is_settled(uid)


def test_a_stale_save_that_cannot_be_removed_is_refused_at_every_start(tmp_path, clock, frozen_autosave):
    balance, _ = _paid_game_with_a_stale_save(tmp_path, clock, frozen_autosave)
    for _ in range(2):
        with Store(tmp_path, clock) as store:
            assert store.recover() is None
            assert [n.code for n in store.notices] == ["autosave_stuck"]
            assert "could not be removed" in store.notices[0].message
            assert store.has_autosave() and store.profile().balance == balance


def test_a_finished_game_paid_before_whose_save_cannot_be_removed_tells_the_player(tmp_path, clock, monkeypatch):
    with Store(tmp_path, clock) as store:
        session = start(store)
        real_unlink = Path.unlink

        def no_unlink(self, *args, **kwargs):
            if self.name == "autosave.json":
                raise PermissionError(13, "Permission denied", str(self))
            return real_unlink(self, *args, **kwargs)
        monkeypatch.setattr(Path, "unlink", no_unlink)
        drive(session.table)
        assert session.errors[-1].startswith("the autosave could not be removed")
        balance = store.profile().balance
    with Store(tmp_path, clock) as store:
        assert store.recover() is None                  # before: StoreError out of recover
        assert [n.code for n in store.notices] == ["autosave_stuck"]
        assert store.profile().balance == balance and store.count_games() == 1


def test_a_save_of_a_game_whose_table_played_on_is_set_aside(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        session = start(store)
        drive(session.table, until_moves=4)
        table_uid = session.table_uid
        session.table.close()
        later = play_bot_game(session.table.state.rules, seed=11, levels=["easy"] * 4)
        store.settle(later, f"{table_uid}-2", [SeatInfo("Bạn", "human"), *(SeatInfo(n, "bot", "easy")
                                                                            for n in ("Lan", "Minh", "Hùng"))])
        balance = store.profile().balance
    with Store(tmp_path, clock) as store:
        assert store.recover() is None
        assert [n.code for n in store.notices] == ["autosave_stale"]
        kept = store.notices[0].moved_to
        assert kept is not None and Path(kept).name.startswith("autosave.json.stale-")
        assert json.loads(Path(kept).read_text(encoding="utf-8"))["table_uid"] == table_uid
        assert not store.has_autosave() and store.profile().balance == balance


def test_resuming_a_paid_game_is_refused_even_past_recover(tmp_path, clock, frozen_autosave, monkeypatch):
    _paid_game_with_a_stale_save(tmp_path, clock, frozen_autosave)
    monkeypatch.undo()
    with Store(tmp_path, clock) as store:
        save = store.load_autosave()
        with pytest.raises(StoreError, match="already paid"):
            OfflineSession.resume(store, save, runner=InlineRunner())


def test_an_unfinished_save_of_an_unpaid_game_still_resumes(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        drive(start(store).table, until_moves=6)
    with Store(tmp_path, clock) as store:
        save = store.recover()
        assert save is not None and store.notices == []
        assert store.profile().balance == STARTING_GRANT
        assert os.path.exists(store.autosave_path)
