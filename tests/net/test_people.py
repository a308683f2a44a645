"""People, not seats: a person is who their app's key says, whatever their name; a token or key seen elsewhere is
worth nothing (on the server core, stepped clock)."""

from __future__ import annotations

import hashlib
import json

from tala_desktop.store.lan_seats import person_key

from .core_kit import CoreKit
from .core_table import CoreTable

LAN = "L" * 43          # Lan's app's key for this server (what store.lan_person derives)
OTHER = "O" * 43


def test_one_person_back_under_another_name_is_the_same_member_and_two_lans_are_two():
    with CoreKit() as kit:
        host = kit.connect("127.0.1.1")
        kit.welcome(host, "Hà")
        table = kit.create_table(host)
        lan = kit.connect("127.0.1.2")
        kit.welcome(lan, "Lan", person=LAN)
        kit.say(lan, type="watch", table=table)
        first = kit.hear(lan, "lobby")["member"]
        twin = kit.connect("127.0.1.3")
        kit.welcome(twin, "Lan", person=OTHER)            # another app, the same name: another person
        kit.say(twin, type="watch", table=table)
        lobby = kit.hear(twin, "lobby")
        assert lobby["member"] != first and lobby["table"]["watchers"] == ["Lan", "Lan (2)"]
        kit.say(lan, type="leave")
        kit.drop(lan)
        back = kit.connect("127.0.1.2")
        kit.welcome(back, "Lan mới", person=LAN)          # the same app under a new name: the same person
        kit.say(back, type="watch", table=table)
        again = kit.hear(back, "lobby")
        assert again["member"] == first and "Lan mới" in again["table"]["watchers"]


def test_a_token_alone_does_not_take_the_seat_of_a_person_with_a_key():
    with CoreKit(reconnect_seconds=60.0) as kit:
        t = CoreTable(kit, ["Hà", "Minh"], seats=3, start=False)
        lan = kit.connect("127.0.1.9")
        welcome = kit.welcome(lan, "Lan", person=LAN)
        kit.say(lan, type="join", table=t.id)
        kit.say(lan, type="ready")
        t.start()
        kit.drop(lan)
        thief = kit.connect("127.0.1.66")                 # has Lan's token (how, no matter), not her key
        stolen = kit.welcome(thief, "Lan", resume=welcome["token"])
        assert not stolen["resumed"] and stolen["table"] is None and stolen["seat"] is None
        wrong = kit.connect("127.0.1.67")                 # a key for another server (a rogue one saw it there)
        elsewhere = person_key(b"s" * 32, "10.0.0.66", 8765)
        assert not kit.welcome(wrong, "Lan", person=elsewhere, resume=welcome["token"])["resumed"]
        home = kit.connect("127.0.1.9")
        back = kit.welcome(home, "Lan", person=LAN)       # her app: her key (the token is not even needed)
        assert back["resumed"] and back["seat"] == 2 and back["table"] == t.id


def test_a_person_without_a_key_is_known_by_the_token_the_server_gave():
    with CoreKit() as kit:
        t = CoreTable(kit, ["Hà", "Minh"])
        t.drop(1)
        back = t.resume(1)                                # the token alone (a client that keeps no key)
        assert t.welcomes[back]["seat"] == 1


def test_nobody_else_is_ever_sent_a_persons_token_key_or_its_hash() -> None:
    sent: list[str] = []
    with CoreKit(frame_hook=lambda session, frame: sent.append(frame) if session and session.name != "Lan" else None
                 ) as kit:
        t = CoreTable(kit, ["Hà", "Minh"], seats=3, start=False)
        lan = kit.connect("127.0.1.9")
        token = kit.welcome(lan, "Lan", person=LAN)["token"]
        kit.say(lan, type="join", table=t.id)
        kit.say(lan, type="ready")
        t.start()
        kit.say(lan, type="chat", text="chào")
        kit.drop(lan)
        t.play_until(t.game_over())
        secrets = {token, LAN, hashlib.sha256(LAN.encode()).hexdigest()}
        assert sent and not [s for s in secrets for frame in sent if s in frame]
        assert all(json.loads(f)["type"] != "welcome" or json.loads(f)["name"] != "Lan" for f in sent)


def test_a_dropped_players_seat_says_how_long_it_is_still_kept_for_them() -> None:
    with CoreKit(reconnect_seconds=60.0) as kit:
        t = CoreTable(kit, ["Hà", "Minh", "Lan"], turn_seconds=0)
        t.drop(2)
        t.read()
        seats = t.last(t.conns[0], "lobby")["table"]["seats"]       # type: ignore[index]
        assert seats[2]["away"] == 60.0 and not seats[2]["connected"] and seats[0]["away"] is None
        t.play_until(lambda: kit.now >= 1010.0, act=False)
        t.drop(1)                                                   # (a change: the lobby is sent again)
        t.read()
        seats = t.last(t.conns[0], "lobby")["table"]["seats"]       # type: ignore[index]
        assert 49.0 <= seats[2]["away"] <= 51.0 and seats[1]["away"] == 60.0
        t.resume(2)
        t.read()
        assert t.last(t.conns[0], "lobby")["table"]["seats"][2]["away"] is None   # type: ignore[index]


def test_a_token_and_a_key_seen_by_one_server_are_worth_nothing_at_another() -> None:
    with CoreKit() as a, CoreKit() as b:
        t = CoreTable(a, ["Hà", "Minh"], seats=3, start=False)
        lan = a.connect("127.0.1.9")
        welcome = a.welcome(lan, "Lan", person=LAN)
        a.say(lan, type="join", table=t.id)
        a.say(lan, type="ready")
        t.start()
        a.drop(lan)
        at_b = b.connect("127.0.1.9")                    # server B is shown what A saw (a rogue B replays it)
        replay = b.welcome(at_b, "Lan", person=LAN, resume=welcome["token"])
        assert not replay["resumed"] and replay["table"] is None and replay["server_id"] != welcome["server_id"]
        back = a.connect("127.0.1.9")                     # and at A the seat is still hers alone
        assert a.welcome(back, "Lan", person=LAN)["seat"] == 2
