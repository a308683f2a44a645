"""Chips follow the person for the table's life, and each game's record is made once, at its end, for who played it
(on the server core, stepped clock)."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit
from .test_core import last_snapshot as snap
from .test_seat_offer import finish

LAN, QUAN = "L" * 43, "Q" * 43
BUY_IN = 10_000
LABELS = 4              # an outcome's labels, in its array


def three(kit: CoreKit) -> tuple[int, int, int, int]:
    """Hà hosts three seats, Minh (seat 1) and Lan (seat 2, her app's key) join and are ready, Hà starts."""
    ha, minh, lan = kit.connect("127.0.1.1"), kit.connect("127.0.1.2"), kit.connect("127.0.1.3")
    kit.welcome(ha, "Hà")
    table = kit.create_table(ha, seats=3)
    kit.welcome(minh, "Minh")
    kit.welcome(lan, "Lan", person=LAN)
    for conn in (minh, lan):
        kit.say(conn, type="join", table=table)
        kit.say(conn, type="ready")
    kit.say(ha, type="start")
    return ha, minh, lan, table


def records(kit: CoreKit, conn: int) -> list[dict[str, Any]]:
    return [m for m in kit.heard(conn) if m["type"] == "game_record"]


def balance(kit: CoreKit, table: int, seat: int) -> int:
    hosted = kit.core.rooms[table].table
    assert hosted is not None
    return hosted.balances[seat]


def test_leaving_between_games_and_coming_back_under_another_name_keeps_the_chips() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        finish(kit, table)
        had = balance(kit, table, 2)
        assert had != BUY_IN                                   # (the fixed deal moves her chips)
        kit.say(lan, type="leave")
        kit.drop(lan)
        back = kit.connect("127.0.1.3")
        kit.welcome(back, "Lan Anh", person=LAN)              # the same app, another name
        kit.say(back, type="join", table=table)               # between games, on the seat left free
        told = kit.heard(back)
        seated = [m for m in told if m["type"] == "lobby"][-1]["table"]["seats"][2]
        assert seated["name"] == "Lan Anh"
        assert balance(kit, table, 2) == had and [m for m in told if m["type"] == "snapshot"][-1]["balances"][2] == had


def test_a_newcomer_starts_at_the_buy_in_and_standing_up_keeps_the_chips() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        finish(kit, table)
        had = balance(kit, table, 1)
        kit.say(minh, type="stand_up")
        quan = kit.connect("127.0.1.9")
        kit.welcome(quan, "Quân", person=QUAN)
        kit.say(quan, type="join", table=table)               # a newcomer on the seat Minh left
        assert balance(kit, table, 1) == BUY_IN
        kit.say(quan, type="leave")
        kit.say(minh, type="sit", seat=1)                     # Minh sits again: the chips he stood up with
        assert balance(kit, table, 1) == had


def test_one_back_to_watch_the_game_she_left_takes_her_own_name_back() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        kit.say(lan, type="leave")                            # the engine plays her seat on, under her name
        kit.drop(lan)
        back = kit.connect("127.0.1.3")
        kit.welcome(back, "Lan", person=LAN)
        kit.say(back, type="watch", table=table)
        assert [m for m in kit.heard(back) if m["type"] == "lobby"][-1]["table"]["watchers"] == ["Lan"]
        other = kit.connect("127.0.1.7")
        kit.welcome(other, "Lan", person=QUAN)                # someone else called Lan: told apart
        kit.say(other, type="watch", table=table)
        assert [m for m in kit.heard(other) if m["type"] == "lobby"][-1]["table"]["watchers"] == ["Lan", "Lan (2)"]


def test_a_player_who_leaves_mid_game_is_named_in_it_and_takes_the_chips_its_end_settled() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        kit.say(lan, type="leave")                            # Móm; the engine plays her seat on
        kit.drop(lan)
        finish(kit, table)
        told = kit.heard(ha)
        ended = [m for m in told if m["type"] == "snapshot"][-1]
        assert ended["names"][2] == "Lan" and ended["outcome"][LABELS][2] == "mom"
        assert [r["final"]["names"][2] for r in told if r["type"] == "game_record"] == ["Lan"]   # her name
        settled = balance(kit, table, 2)
        back = kit.connect("127.0.1.3")
        kit.welcome(back, "Lan", person=LAN)
        kit.say(back, type="watch", table=table)              # she comes back to watch: the game charged to her
        told = kit.heard(back)
        assert [m for m in told if m["type"] == "lobby"][-1]["table"]["watchers"] == ["Lan"]   # her name, not "(2)"
        mine = [m for m in told if m["type"] == "game_record"]
        assert [(r["game_id"], r["final"]["seat"], r["final"]["names"][2]) for r in mine] == [(1, 2, "Lan")]
        kit.say(back, type="sit", seat=2)
        assert balance(kit, table, 2) == settled              # the chips the game's end left her


def the_record_of(msgs: list[dict[str, Any]], game_id: int) -> dict[str, Any]:
    found = [m for m in msgs if m["type"] == "game_record" and m["game_id"] == game_id]
    assert len(found) >= 1, [m["type"] for m in msgs]
    return found[-1]


def test_a_record_sent_after_the_seat_changed_hands_names_who_played_also_after_a_kill_9(tmp_path) -> None:
    state = str(tmp_path / "state.db")
    with CoreKit(state_path=state) as kit:
        ha, minh, lan, table = three(kit)
        welcome_minh = {"name": "Minh"}
        kit.drop(minh)                                        # Minh is away when the game ends
        finish(kit, table)
        played = snap(kit, ha)
        kit.say(lan, type="leave")                            # between games Lan goes, Quân takes her seat
        quan = kit.connect("127.0.1.9")
        kit.welcome(quan, "Quân", person=QUAN)
        kit.say(quan, type="join", table=table, seat=2)
        assert kit.core.rooms[table].table.names[2] == "Quân"    # type: ignore[union-attr]
        token = kit.core.sessions[next(k for k, s in kit.core.sessions.items() if s.name == "Minh")].token
        with CoreKit(state_path=state) as again:              # a kill -9 between games: a server on the file
            back = again.connect("127.0.1.2")
            assert again.welcome(back, welcome_minh["name"], resume=token)["resumed"]
            record = the_record_of(list(again.heard(back)), 1)
            assert record["final"]["names"] == played["names"] and record["final"]["names"][2] == "Lan"
            assert record["final"]["balances"] == played["balances"]    # not a newcomer's fresh buy-in
        back = kit.connect("127.0.1.2")                       # ... and on the server that did not die
        assert kit.welcome(back, "Minh", resume=token)["resumed"]
        record = the_record_of(list(kit.heard(back)), 1)
        assert record["final"]["names"][2] == "Lan" and record["final"]["balances"] == played["balances"]


def boards(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in msgs if m["type"] == "scoreboard"]


def test_everyone_gets_the_evenings_scoreboard_after_each_game_and_when_it_ends_for_them() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        watcher = kit.connect("127.0.1.8")
        kit.welcome(watcher, "Quân", person=QUAN)
        kit.say(watcher, type="watch", table=table)
        finish(kit, table)
        told = {conn: kit.heard(conn) for conn in (ha, minh, lan, watcher)}
        first = {conn: boards(msgs) for conn, msgs in told.items()}
        assert all(len(b) == 1 and not b[0]["final"] for b in first.values())
        rows = first[ha][0]["rows"]
        assert sorted(r["name"] for r in rows) == ["Hà", "Lan", "Minh"] and all(r["games"] == 1 for r in rows)
        assert sum(r["net"] for r in rows) == 0                         # the bot's seat is nobody's
        mine = [m for m in told[lan] if m["type"] == "lobby"][-1]["member"]
        assert first[lan][0]["you"] == mine and first[watcher][0]["you"] != mine
        record = [m for m in told[lan] if m["type"] == "game_record"][-1]
        assert next(r for r in rows if r["member"] == mine)["net"] == record["final"]["net"][2]
        kit.say(lan, type="leave")                                      # her evening there is over
        last = boards(kit.heard(lan))
        assert len(last) == 1 and last[0]["final"] and last[0]["rows"] == rows
        kit.deliver(kit.core.shutdown("host_quit", "Hà"))               # the host closes the app
        for conn in (ha, minh, watcher):
            got = boards(kit.heard(conn))
            assert len(got) == 1 and got[0]["final"] and got[0]["rows"] == rows
