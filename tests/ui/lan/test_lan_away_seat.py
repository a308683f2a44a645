"""The LAN table client says which players are away (dropped, their seat kept and played for them), as the lobby's
mark does: a connected player, a bot, an empty seat or someone who left is not away."""

from __future__ import annotations

import msgspec

from tala_desktop.ui.lan.table_client import LanTableClient
from tests.ui.social.lan_fakes import FakeSession, table_info


def test_a_dropped_player_is_away_and_nobody_else_is(pg):
    info = table_info()
    session = FakeSession(info)
    client = LanTableClient(session)
    assert [client.away(s) for s in range(4)] == [False, False, False, False]
    dropped = [msgspec.structs.replace(x, connected=False, away=42.0) if x.seat == 1 else x for x in info.seats]
    session.lobby = msgspec.structs.replace(info, seats=dropped)
    assert [client.away(s) for s in range(4)] == [False, True, False, False]
    left = [msgspec.structs.replace(x, left=True) if x.seat == 1 else x for x in dropped]
    session.lobby = msgspec.structs.replace(info, seats=left)
    assert not client.away(1)                                  # gone for good: Móm, not away
    session.lobby = None
    assert not client.away(1)
