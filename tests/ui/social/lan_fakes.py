"""A LAN table as LanChannel reads it, without a server: the lobby's TableInfo, who you are, a recording client.

``lan_table_scene`` puts a real table scene (an offline table of four with bots, its deal waiting for your vote
as a LAN table's does) under a SocialLayer fed by a LanChannel over such a session, so the layer's menus and
strip are clicked where they are drawn and the commands they send are read back from ``session.client.sent``.
"""

from __future__ import annotations

from typing import Any, cast

from tala_desktop.bots import BotLevel
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.table import LocalTableClient, SeatKind
from tala_desktop.ui.lan.channel import LanChannel
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.social.layer import SocialLayer
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table

MEMBERS = {"Bạn": 10, "Lan": 41}
WATCHERS = {"Quân": 50}


class Client:
    """Records the commands the channel sends."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []

    def set_seat(self, seat: int, kind: str, level: Any = None, member: int | None = None) -> None:
        self.sent.append(("set_seat", seat, kind, member))

    def stand_up(self) -> None:
        self.sent.append(("stand_up",))

    def kick(self, member: int) -> None:
        self.sent.append(("kick", member))

    def mute(self, member: int, muted: bool = True) -> None:
        self.sent.append(("mute", member, muted))

    def sit(self, seat: int) -> None:
        self.sent.append(("sit", seat))

    def next_game(self) -> None:
        self.sent.append(("next_game",))

    def deal_shown(self, game_id: int) -> None:
        self.sent.append(("deal_shown", game_id))

    def hold(self, hold: bool = True) -> None:
        self.sent.append(("hold", hold))

    def poll(self, now: float) -> list[Any]:
        return []                            # nothing ever arrives


class FakeSession(LanSession):
    """A real LanSession at a table without a server: its lobby set by hand, its commands recorded by ``Client``."""

    def __init__(self, info: p.TableInfo, you: int | None = 0, watching: bool = False) -> None:
        super().__init__(cast(NetTableClient, Client()))
        self.lobby, self.you, self.watching, self.playing = info, you, watching, True
        self.client: Any = self.client       # the recording client: tests read ``client.sent``


def table_info(muted: tuple[str, ...] = (), watchers: dict[str, int] | None = None, free: bool = False,
               votes: tuple[int, ...] = (), deal_wait: float = 0.0, held: float = 0.0) -> p.TableInfo:
    """Bạn hosts at seat 0, Lan plays seat 1, bots play seats 2 and 3 (the names the offline table shows; ``free``:
    seat 3 is left free between games)."""
    watchers = WATCHERS if watchers is None else watchers
    seats = [p.SeatInfo(seat=0, kind=SeatKind.PLAYER, name="Bạn", host=True, member=MEMBERS["Bạn"]),
             p.SeatInfo(seat=1, kind=SeatKind.PLAYER, name="Lan", member=MEMBERS["Lan"]),
             p.SeatInfo(seat=2, kind=SeatKind.BOT, name="Minh", level=BotLevel.NORMAL),
             p.SeatInfo(seat=3, kind=SeatKind.EMPTY, level=BotLevel.NORMAL) if free else
             p.SeatInfo(seat=3, kind=SeatKind.BOT, name="Hùng", level=BotLevel.NORMAL)]
    ids = {**MEMBERS, **watchers}
    return p.TableInfo(id=1, name="Bàn 1", state="playing", seats=seats, bet=100, turn_seconds=30,
                       preset="zingplay", bots=[BotLevel.NORMAL] * 3, password=False, host=0, players=2,
                       watchers=list(watchers), watcher_ids=list(watchers.values()), muted=list(muted),
                       muted_ids=[ids[name] for name in muted], next_votes=list(votes), deal_wait=deal_wait,
                       held=held)


class WaitingClient(LocalTableClient):
    """Your vote for the next game is taken, and the deal waits (for the others' votes, as at a LAN table)."""

    def next_game(self) -> None:
        pass


def lan_table_scene(fonts: Any, session: FakeSession, size: tuple[int, int] = (1280, 720)
                    ) -> tuple[Driver, SocialLayer]:
    table = make_table(seed=5)
    drv = Driver(table, make_services(fonts, speed=0.0), size=size, client=WaitingClient(table, 0))
    layer = SocialLayer(LanChannel(session), fonts, size)
    drv.scene.layer = layer
    for _ in range(600):
        drv.step()
        if dealt(drv.scene):
            break
    drv.step(20)                                            # the first hand is shown, its guard passed
    return drv, layer
