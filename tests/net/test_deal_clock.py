"""The first turn's clock at a LAN table starts when the deal has been shown on the screen of the seat to move
(``deal_shown``), at the latest ``deal_wait`` seconds after the deal: no client stretches its clock beyond that,
another player's screen does not start it, and someone watching has no say.

Run on the server core (tests/net/core_kit.py: no sockets, a stepped clock)."""

from __future__ import annotations

from tala_desktop.net import protocol as p
from tala_desktop.table.messages import DealShown

from .core_kit import CoreKit
from .core_table import CoreTable

SECONDS = 30
WAIT = 6.0


def _clock(table: CoreTable, seat: int) -> dict:
    table.read()
    clock = table.view(table.conns[seat])["clock"]
    assert clock is not None
    return clock


def test_the_leaders_clock_runs_from_their_screen_showing_the_deal_and_everyone_sees_it():
    with CoreKit(deal_wait=WAIT) as kit:
        table = CoreTable(kit, ["An", "Bình"], turn_seconds=SECONDS)
        an, binh = table.conns
        assert _clock(table, 0)["seat"] == 0 and _clock(table, 0)["remaining"] >= SECONDS   # the cards fly
        kit.tick(2.5)
        kit.send(binh, p.encode_command(DealShown(game_id=1)))       # not Bình's turn: An's clock still waits
        assert _clock(table, 0)["remaining"] >= SECONDS + WAIT - 2.5
        kit.send(an, p.encode_command(DealShown(game_id=1)))
        for seat in (0, 1):                                          # a fresh snapshot for every seat
            assert _clock(table, seat)["remaining"] == SECONDS
        assert table.codes(an) == [] and table.codes(binh) == []


def test_a_leader_whose_screen_says_nothing_or_says_it_late_gets_no_more_than_the_bound():
    with CoreKit(deal_wait=WAIT) as kit:
        table = CoreTable(kit, ["An", "Bình"], turn_seconds=SECONDS)
        an = table.conns[0]
        table.idle.add(an)
        kit.run(WAIT + 1.0)
        kit.send(an, p.encode_command(DealShown(game_id=1)))        # too late to stretch anything
        table.play_until(lambda: any(m["type"] == "timeout" for m in table.messages[an]), seconds=SECONDS)
        assert kit.now - 1000.0 <= WAIT + SECONDS + 0.1              # timed out at the deal + the bound + a turn


def test_someone_watching_cannot_say_the_deal_was_shown():
    with CoreKit(deal_wait=WAIT) as kit:
        table = CoreTable(kit, ["An", "Bình"], turn_seconds=SECONDS)
        fan = kit.connect("127.0.0.9")
        kit.hello(fan, "Quân")
        kit.say(fan, type="watch", table=table.id)
        kit.hear(fan, "snapshot")
        kit.say(fan, type="deal_shown", game_id=1)
        assert kit.hear(fan, "error")["code"] == "watching"
        assert _clock(table, 0)["remaining"] >= SECONDS + WAIT - 0.1
