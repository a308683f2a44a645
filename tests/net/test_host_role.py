"""The host stays host: the table's creator keeps the role seated or watching; only leaving passes it (on the server
core, stepped clock; the same core serves the app's server and tala-server)."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit
from .test_chips import three
from .test_seat_offer import finish


def last_lobby(kit: CoreKit, conn: int) -> dict[str, Any]:
    frames = [m for m in kit.heard(conn) if m["type"] == "lobby"]
    assert frames, f"connection {conn} was sent no lobby"
    return frames[-1]


def errors(kit: CoreKit, conn: int) -> list[str]:
    return [m["code"] for m in kit.heard(conn) if m["type"] == "error"]


def test_the_host_who_stands_up_is_still_host_and_the_next_seat_cannot_mute_or_remove_them() -> None:
    with CoreKit() as kit:
        ha, minh, lan, table = three(kit)
        finish(kit, table)
        ha_id = last_lobby(kit, ha)["member"]
        kit.say(ha, type="stand_up")                          # between games: Hà watches
        seen = last_lobby(kit, minh)["table"]
        assert seen["host"] is None and seen["host_member"] == ha_id and seen["watchers"] == ["Hà"]
        for cmd in ({"type": "mute", "member": ha_id}, {"type": "kick", "member": ha_id},
                    {"type": "set_seat", "seat": 0, "kind": "bot"}):
            kit.say(minh, **cmd)                              # the next seat is no host
        assert errors(kit, minh) == ["not_host"] * 3
        minh_id = seen["seats"][1]["member"]
        kit.say(ha, type="mute", member=minh_id)              # Hà, watching, still moderates ...
        kit.say(ha, type="set_seat", seat=0, kind="bot")      # ... and gives seats
        assert errors(kit, ha) == []
        assert minh_id in last_lobby(kit, minh)["table"]["muted_ids"]
        kit.say(ha, type="set_seat", seat=0, kind="empty")
        kit.say(ha, type="sit", seat=0)                       # and sits again, still the host
        back = last_lobby(kit, lan)["table"]
        assert back["host"] == 0 and back["host_member"] == ha_id and back["seats"][0]["name"] == "Hà"


def test_only_leaving_passes_the_role_and_a_drop_within_the_grace_keeps_it() -> None:
    with CoreKit(reconnect_seconds=5.0) as kit:
        ha, minh, lan, table = three(kit)
        kit.drop(ha)                                          # the host's app dropped: the role waits with the seat
        kit.run(2.0)
        assert last_lobby(kit, minh)["table"]["host"] == 0
        kit.run(4.0)                                          # the grace is over: that is a leave
        info = last_lobby(kit, minh)["table"]
        assert info["host"] == 1 and info["host_member"] == info["seats"][1]["member"]
        kit.say(minh, type="leave")                           # the new host leaves: the next seat after
        assert last_lobby(kit, lan)["table"]["host"] == 2


def test_a_watching_host_keeps_the_role_across_a_server_restart(tmp_path) -> None:
    state = str(tmp_path / "state.db")
    with CoreKit(state_path=state) as kit:
        ha, minh, lan, table = three(kit)
        finish(kit, table)
        ha_id = last_lobby(kit, ha)["member"]
        kit.say(ha, type="stand_up")
        token = kit.core.sessions[next(k for k, s in kit.core.sessions.items() if s.name == "Hà")].token
        minh_token = kit.core.sessions[next(k for k, s in kit.core.sessions.items() if s.name == "Minh")].token
        with CoreKit(state_path=state) as again:             # a kill -9: another server on the file
            back, guest = again.connect("127.0.1.1"), again.connect("127.0.1.2")
            assert again.welcome(back, "Hà", resume=token)["resumed"]
            assert again.welcome(guest, "Minh", resume=minh_token)["resumed"]
            info = last_lobby(again, guest)["table"]
            assert info["host"] is None and info["host_member"] == ha_id
            again.say(guest, type="kick", member=ha_id)
            assert errors(again, guest) == ["not_host"]
