"""A saved game this version cannot seat or play (its rules, bet, seats or pacing) is set aside at start-up with
a notice that says so, instead of offering a "Chơi tiếp" that fails at every start or a table that never plays."""

from __future__ import annotations

import json

import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.store import STARTING_GRANT, OfflineSession, Store

from .helpers import drive, make_config

UNFIT = {
    "rules_out_of_range": lambda o: o["record"]["rules"].update(mom_pay=-4),
    "rules_unknown_switch": lambda o: o["record"]["rules"].update(double_or_nothing=True),
    "clock_out_of_range": lambda o: o["record"]["rules"].update(turn_seconds=-5),
    "bet_zero": lambda o: o["record"].update(bet=0),
    "bet_text": lambda o: o["record"].update(bet="100"),
    "bot_level_unknown": lambda o: o["seats"][1].update(level="grandmaster"),
    "remote_seat": lambda o: o["seats"][1].update(kind="remote"),
    "second_human": lambda o: o["seats"][2].update(kind="human"),
    "think_delay_text": lambda o: o["config"].update(think_delay="slow"),
    "think_delay_negative": lambda o: o["config"].update(think_delay=-1),
    "budget_negative": lambda o: o["config"].update(hard_budget_ms=-1),
    "no_workers": lambda o: o["config"].update(bot_workers=0),
    "hard_samples_zero": lambda o: o["config"].update(hard_samples=0),
    "hard_samples_text": lambda o: o["config"].update(hard_samples="many"),
    "leader_not_a_seat": lambda o: o["config"].update(first_leader=9),
    "unknown_pacing": lambda o: o["config"].update(turbo=True),
    "seat_balance_negative": lambda o: o["seats"][1].update(balance=-5),
    "name_too_long": lambda o: o["seats"][1].update(name="x" * 500),
    "name_with_controls": lambda o: o["seats"][1].update(name="Lan\u202e"),
}


def saved_game(tmp_path, clock) -> dict:
    with Store(tmp_path, clock) as store:
        session = OfflineSession.new(store, make_config(seed=3), runner=InlineRunner())
        session.table.start_game(0.0)
        drive(session.table, until_moves=5)
    return json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("how", list(UNFIT))
def test_a_saved_game_that_no_longer_fits_is_set_aside_with_a_notice(tmp_path, clock, how):
    obj = saved_game(tmp_path, clock)
    UNFIT[how](obj)
    (tmp_path / "autosave.json").write_text(json.dumps(obj), encoding="utf-8")
    with Store(tmp_path, clock) as store:
        assert store.recover() is None                       # no "Chơi tiếp" that cannot work
        assert [n.code for n in store.notices] == ["autosave_unfit"]
        assert not store.has_autosave()
        aside = tmp_path / "autosave.json.unfit-20260301-090000"
        assert aside.exists() and store.notices[0].moved_to == str(aside)
        assert store.profile().balance == STARTING_GRANT
        session = OfflineSession.new(store, make_config(seed=4), runner=InlineRunner())
        session.table.start_game(0.0)
        drive(session.table)                                 # and a new game plays and is paid
        assert store.count_games() == 1
    with Store(tmp_path, clock) as store:                    # told once: the next start is quiet
        assert store.recover() is None and store.notices == []


def test_a_saved_game_that_fits_still_resumes(tmp_path, clock):
    saved_game(tmp_path, clock)
    with Store(tmp_path, clock) as store:
        save = store.recover()
        assert save is not None and store.notices == []
