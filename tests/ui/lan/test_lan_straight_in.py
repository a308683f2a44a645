"""Vào on a friend's table in the LAN list seats you at it: a server with one table you can sit at takes you
straight there; with several tables, or one you can only watch, you choose from its list."""

from __future__ import annotations

from tala_desktop.table import SeatKind
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.core_lan import CoreLan


def arriving(lan: CoreLan, name: str) -> LanSession:
    """A session as the LAN page's Vào makes one: straight to the only open table."""
    session = LanSession(lan.client(name), straight_in=True)
    session.client.list_tables()
    session.pump(0.0)            # the table list (and the join it may send)
    session.pump(0.0)            # the table's lobby, when it joined
    return session


def hosting(lan: CoreLan, name: str = "Tuấn", seats: int = 3) -> LanSession:
    host = lan.session(name)
    host.client.create_table(seats=seats)
    host.pump(0.0)
    assert host.lobby is not None
    return host


def test_the_one_table_of_a_friends_server_seats_you_at_once(lan):
    host = hosting(lan)
    guest = arriving(lan, "Minh")
    assert guest.lobby is not None and guest.lobby.id == host.lobby.id
    assert guest.you == 1 and not guest.watching
    host.pump(0.0)
    assert [s.name for s in host.lobby.seats if s.kind == SeatKind.PLAYER] == ["Tuấn", "Minh"]


def test_with_two_tables_you_choose_from_the_list(lan):
    hosting(lan)
    hosting(lan, "Hà")
    guest = arriving(lan, "Minh")
    assert guest.lobby is None and len(guest.tables) == 2


def test_a_full_running_table_is_listed_to_watch_not_joined(lan):
    host = hosting(lan, seats=2)
    guest = arriving(lan, "Minh")
    guest.client.ready()
    guest.pump(0.0)
    host.pump(0.0)
    host.client.start()
    host.pump(0.0)
    late = arriving(lan, "Lan")
    assert late.lobby is None and [t.state for t in late.tables] == ["playing"]


def test_a_session_made_without_it_stays_at_the_list(lan):
    hosting(lan)
    browsing = lan.session("Minh")
    browsing.pump(0.0)
    assert browsing.lobby is None and len(browsing.tables) == 1
