"""Moderation by person, kept in the server's state file: the host removes or mutes a person (their app's key), never
a name, and a restarted server still knows it (on the server core, stepped clock)."""

from __future__ import annotations

from .core_kit import CoreKit
from .test_chips import three
from .test_host_role import errors, last_lobby
from .test_seat_offer import finish

MINH, OTHER = "M" * 43, "N" * 43


def with_minh_watching(kit: CoreKit, table: int, name: str = "Minh", key: str = MINH) -> tuple[int, int]:
    """A person (``key``) watches ``table`` as ``name``: their connection and their id there."""
    conn = kit.connect("127.0.2.1")
    kit.welcome(conn, name, person=key)
    kit.say(conn, type="watch", table=table)
    return conn, last_lobby(kit, conn)["member"]


def test_a_removed_person_is_kept_out_under_another_name_and_another_person_of_that_name_is_not() -> None:
    with CoreKit() as kit:
        ha, _, _, table = three(kit)
        minh, minh_id = with_minh_watching(kit, table, "Tuấn", key=MINH)
        kit.say(ha, type="kick", member=minh_id)
        assert [m["reason"] for m in kit.heard(minh) if m["type"] == "left_table"] == ["kicked"]
        again = kit.connect("127.0.2.2")
        kit.welcome(again, "Tuấn 2", person=MINH)             # the same person, another name
        kit.say(again, type="watch", table=table)
        assert errors(kit, again) == ["kicked"]
        other = kit.connect("127.0.2.3")
        kit.welcome(other, "TUẤN", person=OTHER)              # another person with that name
        kit.say(other, type="watch", table=table)
        told = kit.heard(other)
        assert not [m for m in told if m["type"] == "error"]
        assert "TUẤN" in [m for m in told if m["type"] == "lobby"][-1]["table"]["watchers"]


def test_mute_goes_by_person_not_by_name() -> None:
    with CoreKit() as kit:
        ha, _, _, table = three(kit)
        minh, minh_id = with_minh_watching(kit, table, "Tú")
        kit.say(ha, type="mute", member=minh_id)
        twin = kit.connect("127.0.2.3")
        kit.welcome(twin, "TÚ", person=OTHER)                 # another person named like him
        kit.say(twin, type="watch", table=table)
        kit.say(twin, type="chat", text="chào")
        kit.say(minh, type="chat", text="alo")
        assert errors(kit, twin) == [] and errors(kit, minh) == ["muted"]
        info = last_lobby(kit, ha)["table"]
        assert info["muted_ids"] == [minh_id] and info["muted"] == ["Tú"]



def test_removal_and_mute_survive_a_server_restart(tmp_path) -> None:
    state = str(tmp_path / "state.db")
    with CoreKit(state_path=state) as kit:
        ha, minh_seat, lan, table = three(kit)
        finish(kit, table)
        watcher, watcher_id = with_minh_watching(kit, table, "Quân", key=OTHER)
        kit.say(ha, type="mute", member=watcher_id)
        minh_id = last_lobby(kit, minh_seat)["member"]
        kit.say(ha, type="kick", member=minh_id)              # between games: Minh removed from his seat
        assert errors(kit, ha) == []
        tokens = {s.name: s.token for s in kit.core.sessions.values()}
        with CoreKit(state_path=state) as again:             # a kill -9: another server on the file
            host = again.connect("127.0.1.1")
            assert again.welcome(host, "Hà", resume=tokens["Hà"])["resumed"]
            quan = again.connect("127.0.2.1")
            assert again.welcome(quan, "Quân", person=OTHER)["resumed"]
            again.say(quan, type="chat", text="tôi nói được chưa?")
            assert errors(again, quan) == ["muted"]
            assert last_lobby(again, host)["table"]["muted_ids"] == [watcher_id]
            minh = again.connect("127.0.1.2")
            again.welcome(minh, "Minh", resume=tokens["Minh"])     # (a token-only app: the token is the person)
            again.say(minh, type="watch", table=table)
            assert errors(again, minh) == ["kicked"]
