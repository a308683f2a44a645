"""The app keeps its word with a LAN server in its data folder: who it is there, the token, the seat to go back to."""

from __future__ import annotations

from tala_desktop.store import Store
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.seat_keeper import BEAT, Credentials, credentials
from tala_desktop.ui.lan.session import LanSession
from tests.store.helpers import FakeClock
from tests.ui.lan.core_lan import CoreLan
from tests.ui.table_helpers import make_services


def kept_by(store: Store, host: LanSession, guest: LanSession, fonts: Fonts) -> None:
    """The guest's lobby keeps its seat in ``store``; the host makes a table of two."""
    services = make_services(fonts)
    services.store = store
    LanLobbyScene(services, guest)
    host.pump(0)
    host.client.create_table(seats=2)
    host.pump(0)
    guest.pump(0)


def sit_and_start(host: LanSession, guest: LanSession) -> None:
    """The guest sits at the host's table, ready; the host starts the game."""
    guest.client.join(host.tables[0].id if host.tables else 1)
    guest.client.ready()
    host.pump(0)
    host.client.start()
    guest.pump(0)


def test_the_seat_in_a_game_is_kept_marked_and_cleared_when_left(lan: CoreLan, fonts, tmp_path) -> None:
    clock = FakeClock()
    with Store(tmp_path, clock) as store:
        known = credentials(store, "127.0.0.1", 8765)
        person = known.person
        assert person == store.lan_person("127.0.0.1", 8765) and known.token is None   # a server never met
        host = lan.session("Hà")
        guest = lan.session("Minh", person=person)
        kept_by(store, host, guest, fonts)
        kept = store.lan_seat("127.0.0.1", 8765)
        assert kept is not None and guest.welcome is not None
        assert (kept.server_key, kept.token, kept.grace) == (guest.welcome.server_key, guest.welcome.token, 60.0)
        assert not kept.seated and store.waiting_lan_seat() is None     # at no table yet: nothing to go back to
        sit_and_start(host, guest)
        waiting, at = store.waiting_lan_seat(), guest.lobby
        assert waiting is not None and at is not None and waiting.seated and waiting.table == at.id
        assert not waiting.hosted
        key = guest.welcome.server_key
        assert credentials(store, "127.0.0.1", 8765, key) == Credentials(person, guest.welcome.token, (at.id, 1))
        # the token goes back only to that server at that address: not to a server of another identity there, nor
        # where the app cannot tell which server answers (the key alone brings the player back: docs/protocol.md)
        assert credentials(store, "127.0.0.1", 8765, "f" * 32) == Credentials(person, None, (at.id, 1))
        assert credentials(store, "127.0.0.1", 8765) == Credentials(person, None, (at.id, 1))
        first = waiting.alive_at
        clock.advance(seconds=BEAT + 1)
        guest.pump(0)
        beat = store.waiting_lan_seat()
        assert beat is not None and beat.alive_at > first            # still seated: the mark moves on
        guest.leave()
        guest.pump(0)
        assert guest.lobby is None and store.waiting_lan_seat() is None
        assert store.lan_seat("127.0.0.1", 8765) is not None         # the token stays for the next time


def test_a_seat_gone_back_to_on_another_port_stays_kept_under_the_address_its_server_was_met_at(
        lan: CoreLan, fonts, tmp_path) -> None:
    """Going back to a server that started again on another port of its host, the app keeps the seat under the
    address it met the server at: the key that server knows the player by is that address's (store/lan_seats.py),
    so the next "Quay lại bàn" is the same person again."""
    with Store(tmp_path, FakeClock()) as store:
        met = ("127.0.0.1", 7000)
        host = lan.session("Hà")
        guest = lan.session("Minh", person=store.lan_person(*met))
        guest.kept_at = met                                     # dialed 127.0.0.1:8765, the server's new port
        kept_by(store, host, guest, fonts)
        sit_and_start(host, guest)
        kept = store.waiting_lan_seat()
        assert kept is not None and guest.welcome is not None and (kept.host, kept.port) == met
        assert kept.token == guest.welcome.token
        assert store.lan_seat("127.0.0.1", 8765) is None
        guest.leave()
        guest.pump(0)
        assert store.waiting_lan_seat() is None                 # left: cleared there too
