"""Between two games a person holds the next deal back once at most: a watcher offered a free seat who sits, stands
up and sits again (or leaves and comes back) cannot delay every deal until the votes run out.

The rules run on the server core (tests/net/core_kit.py): no sockets, a stepped clock."""

from __future__ import annotations

from .core_kit import CoreKit
from .test_seat_offer import OFFER, finish, game_of, started_with_a_fan

CHI = "chi-key-0123456789abcdef0123456789abcdef"   # her app's key for this server


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


def test_leaving_and_coming_back_from_another_address_holds_the_deal_back_once():
    """A person is who they are, not where they are: back on a new connection from another address (a laptop that
    changed networks) with the same key, they hold the deal back no more (it was counted by address: every new
    address held it again, until the players' votes ran out)."""
    with CoreKit() as kit:
        lan, minh, _, table = started_with_a_fan(kit)
        hers = kit.connect("127.0.0.9")
        kit.welcome(hers, "Chi", person=CHI)
        kit.say(hers, type="watch", table=table)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="next_game")
        now = [hers]

        def come_back_elsewhere(t: float) -> None:               # sit; just before her wait ends, leave, come
            if int(t) % 7 == 0:                                  # back from a new address as the same person
                if t:                                            # and sit again at once... never voting
                    kit.say(now[0], type="leave")
                    kit.drop(now[0])
                    now[0] = kit.connect(f"127.0.1.{int(t)}")
                    kit.welcome(now[0], "Chi", person=CHI)
                    kit.say(now[0], type="watch", table=table)
                kit.say(now[0], type="sit", seat=1)

        took = deal_after(kit, table, 1, come_back_elsewhere)
        assert took <= OFFER + 2.0, took


def test_new_people_from_one_address_hold_one_deal_back_a_few_times_only():
    """Someone who comes back under a new identity each time (no key: a new person per connection) is still one
    address: its people hold a deal back ``deal_delays_per_address`` times at most."""
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="set_seat", seat=2, kind="empty")      # two free seats
        kit.say(lan, type="next_game")
        seated: dict[int, int] = {}

        def someone_new_each_time(t: float) -> None:             # every 7 s a new connection of the watcher's
            if int(t) % 7:                                       # address, with no key (someone new), sits at one
                return                                           # free seat just before the last one's wait ends;
            seat = 1 + int(t) // 7 % 2                           # then the one on the other seat leaves
            conn = kit.connect("127.0.0.3")
            kit.welcome(conn, "Quân")
            kit.say(conn, type="watch", table=table)
            kit.say(conn, type="sit", seat=seat)
            seated[seat] = conn
            if (gone := seated.pop(3 - seat, None)) is not None:
                kit.say(gone, type="leave")
                kit.drop(gone)

        took = deal_after(kit, table, 1, someone_new_each_time)
        assert took <= 2 * OFFER + 2.0, took                     # without the address's count: the votes' 30 s


def test_two_people_behind_one_address_each_have_their_vote_waited_for():
    """Two apps on one computer (or behind one router) are two people: the second one who sits has the whole offer
    to vote too (it was counted by address: the deal came without waiting for her)."""
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        sister = kit.connect("127.0.0.3")                        # Quân's address
        kit.welcome(sister, "Chi", person=CHI)
        kit.say(sister, type="watch", table=table)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="set_seat", seat=2, kind="empty")      # the bot's seat, opened for someone watching
        kit.say(lan, type="next_game")
        kit.say(fan, type="sit", seat=1)
        kit.run(3.0)
        kit.say(sister, type="sit", seat=2)
        kit.run(1.0)
        kit.say(fan, type="next_game")
        kit.run(OFFER - 2.0)
        assert game_of(kit, table) == 1                          # her vote is waited for...
        kit.say(sister, type="next_game")
        assert game_of(kit, table) == 2                          # ... and deals the game


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
