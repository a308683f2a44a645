"""A seat offered to someone watching is theirs to accept: the host's "Mời Quân vào ghế 3" and a seated player's
"Nhường ghế 2 cho Quân" ask Quân, who accepts or declines; an answer not given in time declines; the deal waits
for the answer a bounded while. On the server core (tests/net/core_kit.py)."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit
from .test_seat_offer import finish, game_of, lobby, started_with_a_fan

INVITE = 20.0      # ServerConfig.invite_seconds


def ids(kit: CoreKit, conn: int) -> dict[str, int]:
    info = lobby(kit, conn)
    return dict(zip(info["watchers"], info["watcher_ids"]))


def offer_to(kit: CoreKit, conn: int) -> dict[str, Any] | None:
    got = [m for m in kit.heard(conn) if m["type"] == "seat_offer"]
    return got[-1] if got else None


def test_the_hosts_invitation_asks_the_watcher_who_accepts_and_only_then_sits():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        finish(kit, table)
        quan = ids(kit, lan)["Quân"]
        kit.say(lan, type="set_seat", seat=2, kind="player", member=quan)
        offer = offer_to(kit, fan)
        assert offer is not None and (offer["seat"], offer["by"], offer["seconds"]) == (2, "Lan", INVITE)
        seen = lobby(kit, lan)
        assert seen["seats"][2]["kind"] == "bot" and seen["watchers"] == ["Quân"]   # asked, not seated
        assert seen["invites"] == [{"seat": 2, "member": quan}]   # the host sees it pending
        kit.say(lan, type="next_game")
        kit.say(minh, type="next_game")
        kit.run(2.0)
        assert game_of(kit, table) == 1                     # the deal waits for the answer
        kit.say(fan, type="answer_seat", seat=2, accept=True)
        info = lobby(kit, lan)
        seat = info["seats"][2]
        assert (seat["kind"], seat["name"], seat["joining"]) == ("player", "Quân", True)
        assert info["invites"] == []
        kit.say(fan, type="next_game")
        assert game_of(kit, table) == 2


def test_a_declined_or_unanswered_invitation_changes_no_seat_and_the_host_is_told():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        finish(kit, table)
        quan = ids(kit, lan)["Quân"]
        kit.say(lan, type="set_seat", seat=2, kind="player", member=quan)
        kit.say(fan, type="answer_seat", seat=2, accept=False)
        told = kit.hear(lan, "seat_declined")
        assert (told["seat"], told["name"], told["expired"]) == (2, "Quân", False)
        info = lobby(kit, lan)
        assert info["seats"][2]["kind"] == "bot" and info["invites"] == []
        kit.say(fan, type="answer_seat", seat=2, accept=True)          # too late: nothing is offered now
        assert kit.hear(fan, "error")["code"] == "no_offer"
        kit.say(lan, type="set_seat", seat=2, kind="player", member=quan)
        kit.say(lan, type="next_game")
        kit.say(minh, type="next_game")
        kit.run(INVITE - 1.0, step=0.5)
        assert game_of(kit, table) == 1                     # bounded: the deal waits for the answer ...
        kit.run(1.5, step=0.5)
        told = kit.hear(lan, "seat_declined")
        assert (told["name"], told["expired"]) == ("Quân", True)          # ... then it is a no
        assert game_of(kit, table) == 2 and lobby(kit, lan)["watchers"] == ["Quân"]


def test_a_seated_guest_gives_their_seat_to_a_watcher_who_accepts():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        quan = ids(kit, minh)["Quân"]
        kit.say(minh, type="give_seat", member=quan)
        assert kit.hear(minh, "error")["code"] == "in_progress"           # never during a game
        finish(kit, table)
        chips = kit.core.rooms[table].table.balances[1]
        kit.say(minh, type="give_seat", member=lobby(kit, minh)["seats"][0]["member"])
        assert kit.hear(minh, "error")["code"] == "no_watcher"            # only to someone watching
        kit.say(minh, type="give_seat", member=quan)
        offer = offer_to(kit, fan)
        assert offer is not None and (offer["seat"], offer["by"]) == (1, "Minh")
        assert lobby(kit, lan)["seats"][1]["name"] == "Minh"              # still Minh's until Quân accepts
        kit.say(fan, type="answer_seat", seat=1, accept=True)
        info = lobby(kit, lan)
        assert info["seats"][1]["name"] == "Quân" and info["watchers"] == ["Minh"]
        room = kit.core.rooms[table]
        minh_there = next(m for m in room.audience.watchers)
        assert room.state.people.stakes[minh_there.person].chips == chips       # Minh's chips kept for him
        assert room.table.balances[1] == 10_000                           # Quân brings a newcomer's stake


def test_an_invitation_ends_when_its_seat_or_its_person_changes():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        finish(kit, table)
        quan = ids(kit, minh)["Quân"]
        kit.say(minh, type="give_seat", member=quan)
        kit.say(minh, type="leave")                                        # the giver is gone: nothing to give
        kit.say(fan, type="answer_seat", seat=1, accept=True)
        assert kit.hear(fan, "error")["code"] == "no_offer"
        assert lobby(kit, lan)["invites"] == []


HOLD = 180.0       # ServerConfig.hold_seconds


def test_the_host_holds_the_table_between_games_until_they_deal_and_a_bounded_while_at_most():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(lan, type="hold", hold=True)
        assert kit.hear(lan, "error")["code"] == "in_progress"             # between games only
        finish(kit, table)
        kit.say(minh, type="hold", hold=True)
        assert kit.hear(minh, "error")["code"] == "not_host"
        kit.say(lan, type="hold", hold=True)                              # "Giữ bàn"
        assert lobby(kit, fan)["held"] == HOLD                             # everyone reads for how long at most
        kit.say(minh, type="next_game")
        kit.run(60.0, step=1.0)
        assert game_of(kit, table) == 1                                    # held: no deal, whoever asked
        kit.say(lan, type="hold", hold=False)                             # "Chia tiếp": the host's vote too
        assert game_of(kit, table) == 2 and lobby(kit, lan)["held"] == 0
        finish(kit, table)
        kit.say(lan, type="hold", hold=True)
        kit.say(minh, type="next_game")
        kit.run(HOLD - 2.0, step=2.0)
        assert game_of(kit, table) == 2
        kit.run(4.0, step=1.0)                                            # the hold ends by itself
        assert game_of(kit, table) == 3
