"""A rogue server cannot fill the history: the app keeps only records of a seat it held at that table, at most
``MAX_GAMES`` of one table, and the evening's scoreboard as one row that the next one replaces."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import msgspec
import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.game_record import GameRecord, game_record
from tala_desktop.net.scoreboard import Scoreboard, ScoreRow
from tala_desktop.store import Store
from tala_desktop.table import SeatKind
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan import records as lan_records
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tests.table.test_watchers import _finished
from tests.ui.lan.test_lan_records_once import Frames, of_game, welcome
from tests.ui.table_helpers import make_services


@pytest.fixture(scope="module")
def seat_records() -> Iterator[dict[int, GameRecord]]:
    table = _finished(2)
    got = {seat: game_record(table, 3, seat) for seat in range(table.n)}
    table.close()
    yield {seat: r for seat, r in got.items() if r is not None}


def lobby_for(pg: Any, fonts: Any, store: Store) -> tuple[Frames, LanSession]:
    frames = Frames()
    session = LanSession(cast(NetTableClient, frames))
    services = make_services(fonts)
    services.store = store
    LanLobbyScene(services, session)
    return frames, session


def arrive(frames: Frames, session: LanSession, *msgs: Any) -> None:
    frames.waiting.extend(msgs)
    session.pump(0.0)


def seated(table: int, seat: int) -> p.Lobby:
    seats = [p.SeatInfo(seat=i, kind=SeatKind.PLAYER if i == seat else SeatKind.BOT,
                        name="Minh" if i == seat else f"Bot {i + 1}") for i in range(4)]
    info = p.TableInfo(id=table, name=f"Bàn {table}", state="playing", seats=seats, bet=100, turn_seconds=30,
                       preset="zingplay", bots=[], password=False, host=0, players=1)
    return p.Lobby(table=info, you=seat, member=7)


def test_a_record_of_a_seat_the_app_never_held_is_refused(pg, fonts, tmp_path, seat_records) -> None:
    with Store(tmp_path) as store:
        frames, session = lobby_for(pg, fonts, store)
        arrive(frames, session, welcome("srv", resumed=False), seated(3, 1))
        arrive(frames, session, seat_records[2])                           # another seat's game
        assert store.lan_games_kept("lan-") == 0 and session.notices == [tr("lan.record_refused")]
        arrive(frames, session, msgspec.structs.replace(seat_records[1], table=4))   # its seat, another table
        assert store.lan_games_kept("lan-") == 0
        arrive(frames, session, seat_records[1])                           # its own: kept
        assert store.lan_games_kept("lan-") == 1


def test_a_flood_of_records_is_capped_per_table(pg, fonts, tmp_path, seat_records, monkeypatch) -> None:
    monkeypatch.setattr(lan_records, "MAX_GAMES", 12)
    with Store(tmp_path) as store:
        frames, session = lobby_for(pg, fonts, store)
        arrive(frames, session, welcome("srv", resumed=False), seated(3, 1))
        arrive(frames, session, *(of_game(seat_records[1], n) for n in range(1, 41)))
        assert store.lan_games_kept("lan-srv-3-") == 12 and store.count_history() == 12


def test_the_evenings_scoreboard_is_one_history_row_the_next_one_replaces(pg, fonts, tmp_path) -> None:
    with Store(tmp_path) as store:
        frames, session = lobby_for(pg, fonts, store)
        rows = [ScoreRow(member=7, name="Minh", games=2, net=-300), ScoreRow(member=9, name="Hà", games=2, net=300)]
        arrive(frames, session, welcome("srv", resumed=False), Scoreboard(table=3, rows=rows, you=7))
        later = [msgspec.structs.replace(rows[0], games=3, net=500), msgspec.structs.replace(rows[1], games=3)]
        arrive(frames, session, Scoreboard(table=3, rows=later, you=7, final=True))
        [row] = store.history()
        assert row.table == "lan_evening" and row.human_seat == 0 and row.games == (3, 3) and row.nets == (500, 300)
        evening = store.get_lan_evening(row.uid)
        assert evening is not None and evening.mine is not None and evening.mine.name == "Minh"
        assert session.scoreboard is not None and session.scoreboard.final
