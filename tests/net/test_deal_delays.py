"""Between two games a person holds the next deal back once at most: a watcher offered a free seat who sits, stands
up and sits again (or leaves and comes back) cannot delay every deal until the votes run out.

The rules run on the server core (tests/net/core_kit.py): no sockets, a stepped clock."""

from __future__ import annotations

from .core_kit import CoreKit
from .test_seat_offer import OFFER, finish, game_of, started_with_a_fan


def deal_after(kit: CoreKit, table: int, game: int, act, limit: float = 40.0) -> float:
    """Seconds until game ``game + 1`` is dealt while ``act(t)`` runs every second."""
    t = 0.0
    while game_of(kit, table) == game and t < limit:
        act(t)
        kit.run(1.0)
        t += 1.0
    return t


def test_sitting_and_standing_up_again_holds_the_deal_back_once():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(minh, type="leave")                              # his seat goes free at the game's end
        finish(kit, table)
        kit.say(lan, type="next_game")                           # the player votes at once

        def fidget(t: float) -> None:                            # sit; just before her wait ends, stand up and
            if int(t) % 7 == 0:                                  # sit again at once... never voting
                kit.say(fan, type="stand_up")
                kit.say(fan, type="sit", seat=1)

        took = deal_after(kit, table, 1, fidget)
        assert took <= OFFER + 2.0, took                         # before: the vote's 30 s, every deal
        for _ in range(2):                                       # and so at every deal after
            game = game_of(kit, table)
            finish(kit, table)
            kit.say(lan, type="next_game")
            kit.say(fan, type="stand_up")
            kit.run(0.1)
            took = deal_after(kit, table, game, fidget)
            assert took <= OFFER + 2.0, took


def test_leaving_and_coming_back_to_sit_again_holds_the_deal_back_once():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        other = kit.connect("127.0.0.3")                         # the watcher's second connection, same address
        kit.hello(other, "Quân 2")
        kit.say(other, type="watch", table=table)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="next_game")
        conns = [fan, other]

        def come_and_go(t: float) -> None:                       # sit with one connection, leave with it, sit
            conn = conns[int(t) // 2 % 2]                        # with the other... each leave reopens the seat
            if int(t) % 2 == 0:
                kit.say(conn, type="sit", seat=1)
            else:
                kit.say(conn, type="leave")
                kit.say(conn, type="watch", table=table)

        took = deal_after(kit, table, 1, come_and_go)
        assert took <= OFFER + 2.0, took


def test_a_newcomer_still_has_the_whole_offer_to_vote():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="next_game")
        kit.run(2.0)
        kit.say(fan, type="sit", seat=1)
        kit.run(OFFER - 1.0)
        assert game_of(kit, table) == 1                          # the deal waits for her vote...
        kit.say(fan, type="next_game")
        assert game_of(kit, table) == 2                          # ... which deals it
