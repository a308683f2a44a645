"""The lobby says who is muted by id (``muted_ids``) and tells each person their own id (``member``): a watcher
knows which of the watchers they are, and whether the host muted them, even under a name made unique."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit


def last_lobby(kit: CoreKit, conn: int) -> dict[str, Any]:
    """The last lobby frame ``conn`` was sent (the whole frame: its ``table`` and ``member``)."""
    frames = [m for m in kit.heard(conn) if m["type"] == "lobby"]
    assert frames, f"connection {conn} was sent no lobby"
    return frames[-1]


def test_each_person_is_told_their_id_and_the_muted_are_listed_by_id():
    with CoreKit() as kit:
        lan, minh, fan, twin = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3"), kit.connect(
            "127.0.0.4")
        kit.hello(lan, "Lan")
        table = kit.create_table(lan, seats=3)
        kit.hello(minh, "Minh")
        kit.say(minh, type="join", table=table)
        for conn, name in ((fan, "Quân"), (twin, "QUÂN")):        # the second is made unique: "QUÂN (2)"
            kit.hello(conn, name)
            kit.say(conn, type="watch", table=table)
        hosts = last_lobby(kit, lan)
        info = hosts["table"]
        ids = dict(zip(info["watchers"], info["watcher_ids"]))
        assert list(ids) == ["Quân", "QUÂN (2)"]
        assert hosts["member"] == info["seats"][0]["member"]
        assert last_lobby(kit, minh)["member"] == info["seats"][1]["member"]
        assert last_lobby(kit, fan)["member"] == ids["Quân"]
        assert last_lobby(kit, twin)["member"] == ids["QUÂN (2)"]        # the one renamed knows which is theirs
        assert info["muted_ids"] == []
        kit.say(lan, type="mute", member=ids["QUÂN (2)"])
        kit.say(lan, type="mute", member=info["seats"][1]["member"])
        frame = last_lobby(kit, twin)
        assert sorted(frame["table"]["muted_ids"]) == sorted([ids["QUÂN (2)"], info["seats"][1]["member"]])
        assert frame["member"] in frame["table"]["muted_ids"]
        assert last_lobby(kit, fan)["member"] not in frame["table"]["muted_ids"]    # the look-alike is not
        assert frame["table"]["muted"] == ["Minh", "QUÂN (2)"]                     # the names stay as they were
        kit.say(lan, type="mute", member=ids["QUÂN (2)"], muted=False)
        assert last_lobby(kit, twin)["table"]["muted_ids"] == [info["seats"][1]["member"]]
        kit.say(twin, type="leave")                              # gone: no longer listed, by id or by name
        kit.say(lan, type="mute", member=ids["Quân"])
        assert last_lobby(kit, lan)["table"]["muted_ids"] == [info["seats"][1]["member"], ids["Quân"]]
