"""Each LAN game is kept in the history once, however often its record comes: sent again after a reconnect, sent
with the games missed while away, or by the same table's server after it restarted from its state file (which has
another server id) and gave the seat back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import msgspec
import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.game_record import GameRecord, game_record
from tala_desktop.store import Store
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tests.table.test_watchers import _finished
from tests.ui.table_helpers import make_services


class Frames:
    """A client whose messages the test hands in (``poll`` returns them once)."""

    host, port, seat = "10.0.0.1", 8765, 1

    def __init__(self) -> None:
        self.waiting: list[Any] = []

    def poll(self, now: float) -> list[Any]:
        out, self.waiting = self.waiting, []
        return out

    def list_tables(self) -> None: ...
    def close(self) -> None: ...


def welcome(server_id: str, resumed: bool) -> p.Welcome:
    return p.Welcome(version=p.PROTOCOL_VERSION, name="Minh", token="t" * 32, server="Bàn của Hà",
                     reconnect_seconds=60.0, server_id=server_id, resumed=resumed, table=3 if resumed else None,
                     seat=1 if resumed else None)


def of_game(record: GameRecord, game_id: int) -> GameRecord:
    """``record`` as the record of game ``game_id`` of the same table."""
    events = [msgspec.structs.replace(e, game_id=game_id) for e in record.events]
    return msgspec.structs.replace(record, game_id=game_id, events=events,
                                   final=msgspec.structs.replace(record.final, game_id=game_id))


@pytest.fixture(scope="module")
def record() -> Iterator[GameRecord]:
    table = _finished(2)
    got = game_record(table, 3, 1)
    table.close()
    assert got is not None
    yield got


def test_a_game_sent_again_is_kept_once_and_each_missed_game_is_kept(pg, fonts, tmp_path, record) -> None:
    frames = Frames()
    session = LanSession(cast(NetTableClient, frames))
    session.held = {3: {1}}                        # the seat this app held at table 3 (the lobby would say so)
    services = make_services(fonts)
    with Store(tmp_path) as store:
        services.store = store
        LanLobbyScene(services, session)

        def arrive(*msgs: Any) -> None:
            frames.waiting.extend(msgs)
            session.pump(0.0)

        arrive(welcome("first", resumed=False), record)
        assert store.count_history() == 1
        arrive(welcome("first", resumed=True), record)                  # a reconnect: the same game again
        assert store.count_history() == 1
        arrive(welcome("again", resumed=True), record, of_game(record, 2))   # restarted from its state file
        assert store.count_history() == 2                               # game 1 still once; game 2 is new
        arrive(welcome("again", resumed=True), of_game(record, 2), of_game(record, 3), of_game(record, 4))
        assert sorted(g.uid for g in store.history()) == [f"lan-first-3-{n}" for n in (1, 2, 3, 4)]
        arrive(welcome("other", resumed=False), record)                 # another server (the seat was lost): new
        assert store.count_history() == 5
        assert session.notices == []
