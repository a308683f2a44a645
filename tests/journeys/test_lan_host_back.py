"""Journey: the host of a LAN table presses "Quay lại" in the lobby while a friend sits there.

The host's app holds the server, so going back closes the table for
everyone: the app asks first, naming who is there, with "Ở lại". The host
stays once (the table is still there for the friend), then goes back for
real; the friend reads who closed the table and what becomes of the chips.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan.lost import LanLostOverlay

from .driver import Journey
from .test_lan_table import hosted_with_a_guest, lobby, loopback, on_top  # noqa: F401


def test_the_hosts_back_asks_before_closing_the_table_for_everyone(journey: Callable[..., Journey],
                                                                    loopback: None) -> None:  # noqa: F811
    host, guest, _ = hosted_with_a_guest(journey, "Hà", "Nguyễn Văn Minh")
    server = lobby(host).session.server

    host.click(tr("btn.back"))                          # "Quay lại": the table would close for Minh
    shown = host.text()
    assert tr("lobby.close_title") in shown
    assert "Nguyễn Văn Minh" in shown                     # whom it closes for
    assert tr("confirm.stay") in host.labels()
    host.click(tr("confirm.stay"))                      # "Ở lại": nothing closed
    assert host.scene_name() == "LanLobbyScene" and lobby(host).session.server is server
    guest.frame()
    assert lobby(guest).session.lost is None

    host.click(tr("btn.back"))
    host.click(tr("lobby.close_yes"))                   # "Đóng bàn": now it closes
    guest.until(partial(on_top, guest, LanLostOverlay), 5.0, "the table closed")
    told = guest.top
    assert isinstance(told, LanLostOverlay)
    assert told.text.startswith(tr("net.host_left", who="Hà")) and tr("net.table_money") in told.text
