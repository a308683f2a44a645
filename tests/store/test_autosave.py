"""Autosave and resume: the live game is saved after every move and resumes exactly; a bad save is moved aside."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.hard import HardBot
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine.record import dumps
from tala_desktop.store import STARTING_GRANT, OfflineSession, Store, StoreError, resume_table

from .helpers import drive, fingerprint, make_config


def start(store: Store, seed: int = 3, **kw) -> OfflineSession:
    session = OfflineSession.new(store, make_config(seed=seed, **kw), runner=InlineRunner())
    session.table.start_game(0.0)
    return session


def test_every_move_is_autosaved(store):
    session = start(store)
    table = session.table
    assert store.load_autosave().state.history == []
    for moves in (1, 2, 5, 11):
        drive(table, until_moves=moves)
        save = store.load_autosave()
        assert dumps(save.state) == dumps(table.state)
        assert save.game_id == 1 and save.balances == table.balances and save.human_seat == 0


@pytest.mark.parametrize("moves", [0, 1, 6, 17, 25])
def test_after_a_crash_the_game_resumes_exactly_where_it_stopped(tmp_path, clock, moves):
    store = Store(tmp_path, clock)
    session = start(store, seed=5, preset="co_ban")
    table = session.table
    drive(table, until_moves=moves)
    before = fingerprint(table.state)
    snap_before = table.snapshot(0)
    text = dumps(table.state)
    # the crash: nothing is closed or flushed by hand; a new process opens the same folder
    clock.advance(minutes=3)
    store2 = Store(tmp_path, clock)
    save = store2.recover()
    assert save is not None and save.game_uid == session.game_uid
    resumed = OfflineSession.resume(store2, save, now=500.0, runner=InlineRunner())
    t2 = resumed.table
    assert fingerprint(t2.state) == before  # same cards, same turn, same money
    assert dumps(t2.state) == text          # the record (rules label included) is the very same
    assert t2.game_id == table.game_id and t2.balances == table.balances
    assert t2.deadline == 500.0 + t2.config.rules.turn_seconds  # the clock restarted
    snap = t2.snapshot(0)
    for key in ("hand", "to_move", "phase", "legal", "piles", "laid", "stock_count", "balances", "names"):
        assert getattr(snap, key) == getattr(snap_before, key), key
    assert t2.rng.getstate() == table.rng.getstate()  # the following deals are the same too
    drive(t2)
    assert [s.paid for s in resumed.settlements] == [True]
    assert store2.profile().balance == STARTING_GRANT + t2.state.outcome.net[0]
    entry = store2.get_game(resumed.game_uid)
    assert entry.summary.started_at == "2026-03-01T09:00:00+07:00"  # when the game began, before the crash
    store.close()
    store2.close()


def test_resume_table_rebuilds_seats_rules_and_pacing(store):
    session = start(store, levels=("hard", "easy"), bet=200)
    drive(session.table, until_moves=4)
    table = resume_table(store.load_autosave(), now=1.0, runner=InlineRunner())
    cfg, old = table.config, session.table.config
    assert [(s.name, s.kind, s.level) for s in cfg.seats] == [(s.name, s.kind, s.level) for s in old.seats]
    assert (cfg.bet, cfg.seed, cfg.think_delay, cfg.hard_budget_ms) == (200, old.seed, old.think_delay,
                                                                         old.hard_budget_ms)
    assert table.state.rules == old.rules


def test_a_sample_bounded_hard_player_stays_sample_bounded_after_a_resume(store):
    config = replace(make_config(seed=3, levels=(BotLevel.HARD, BotLevel.EASY)), hard_samples=40)
    session = OfflineSession.new(store, config, runner=InlineRunner())
    session.table.start_game(0.0)
    drive(session.table, until_moves=4)
    table = resume_table(store.load_autosave(), now=1.0, runner=InlineRunner())
    assert table.config.hard_samples == 40
    hard = table.bots[1]
    assert isinstance(hard, HardBot) and hard.config.max_samples == 40


def _garble(path, how: str) -> None:
    text = path.read_text(encoding="utf-8")
    obj = json.loads(text)
    if how == "truncate":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif how == "binary":
        path.write_bytes(b"\xff\xfe\x00garbage")
    elif how == "empty":
        path.write_text("", encoding="utf-8")
    elif how == "bad_move":
        obj["record"]["moves"][-1] = "0 discard As" if obj["record"]["moves"][-1] != "0 discard As" else "9 draw"
        path.write_text(json.dumps(obj), encoding="utf-8")
    elif how == "bad_card":
        obj["record"]["hands"][0][0] = "Zz"
        path.write_text(json.dumps(obj), encoding="utf-8")
    elif how == "balances":
        obj["balances"][0] += 1
        path.write_text(json.dumps(obj), encoding="utf-8")
    elif how == "seats":
        obj["seats"] = obj["seats"][:2]
        path.write_text(json.dumps(obj), encoding="utf-8")
    elif how == "format":
        obj["format"] = "something else"
        path.write_text(json.dumps(obj), encoding="utf-8")
    elif how == "list":
        path.write_text("[1, 2, 3]", encoding="utf-8")


@pytest.mark.parametrize("how", ["truncate", "binary", "empty", "bad_move", "bad_card", "balances", "seats",
                                 "format", "list"])
def test_a_corrupt_autosave_is_moved_aside_with_a_message(tmp_path, clock, how):
    with Store(tmp_path, clock) as store:
        drive(start(store).table, until_moves=7)
    _garble(tmp_path / "autosave.json", how)
    with Store(tmp_path, clock) as store:
        assert store.recover() is None  # the app starts: no "Chơi tiếp"
        assert [n.code for n in store.notices] == ["autosave_corrupt"]
        assert "autosave.json.corrupt-20260301-090000" in store.notices[0].message
        assert not store.has_autosave()
        assert (tmp_path / "autosave.json.corrupt-20260301-090000").exists()
        assert store.profile().balance == STARTING_GRANT
        drive(start(store).table)  # and a new game can be played and saved
        assert store.count_games() == 1


def test_leaving_mid_game_is_mom_by_the_rules_and_is_settled(store):
    session = start(store, seed=9, levels=("hard", "normal", "easy"))
    drive(session.table, until_moves=6)
    assert not session.table.state.is_over
    result = session.leave()
    st = session.table.state
    assert st.is_over and st.left[0] and result.paid
    if st.outcome.kind == "showdown":
        assert st.outcome.labels[0] == "mom"
    assert store.profile().balance == STARTING_GRANT + st.outcome.net[0] == session.table.balances[0]
    assert not store.has_autosave() and store.count_games() == 1
    assert store.check_replay(session.game_uid).matches
    assert session.leave() == result  # leaving again pays nothing more
    assert store.count_games() == 1


def test_a_failing_autosave_does_not_stop_the_game_and_the_game_is_still_paid(store, monkeypatch):
    session = start(store)

    def fail(obj):
        raise StoreError("disk full")
    monkeypatch.setattr(store, "write_autosave", fail)
    drive(session.table)  # plays to the end regardless
    assert session.errors == ["the game could not be autosaved: disk full"]
    assert store.count_games() == 1 and not store.has_autosave()  # the stale save of the deal is gone


def test_a_game_that_could_not_be_paid_is_paid_at_the_next_start(tmp_path, clock, monkeypatch):
    store = Store(tmp_path, clock)
    session = start(store)

    def fail(*args, **kwargs):
        raise StoreError("database is locked")
    monkeypatch.setattr(store, "settle", fail)
    drive(session.table)
    assert session.errors == ["the game could not be paid: database is locked"] and store.has_autosave()
    monkeypatch.undo()
    store.close()
    with Store(tmp_path, clock) as again:
        assert again.recover() is None
        assert [n.code for n in again.notices] == ["game_settled"]
        assert again.profile().balance == STARTING_GRANT + session.table.state.outcome.net[0]
