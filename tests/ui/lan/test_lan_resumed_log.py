"""A LAN player back at a game under way finds its game log told from the deal: in a table scene opened again (the
app started again) and in the one that lost its connection, the same lines, none twice, the moves made while it was
away among them.

The server is the sans-I/O core (tests/net/core_kit.py) on the test's clock; each scene reads its seat through a
small client over the core's frames, decoded as the LAN client decodes them."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from typing import Any

from tala_desktop.engine import Move
from tala_desktop.net import protocol as p
from tala_desktop.table.messages import MESSAGE_TYPES, DealShown, MoveCommand, Snapshot, TableMessage
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.table.scene import TableScene
from tests.net.conftest import choose
from tests.net.core_kit import CoreKit
from tests.ui.table_helpers import make_services

DT = 1 / 30


class CoreSeat:
    """A seat's TableClient over the core: the table messages its connection was sent (``inbox``: the test hands
    them out), and, when it ``plays``, its moves (the test players' policy)."""

    can_pause = False
    watching = False

    def away(self, seat: int) -> bool:
        return False

    def __init__(self, kit: CoreKit, conn: int, seat: int, plays: bool = True) -> None:
        self.kit, self.conn, self.seat, self.plays = kit, conn, seat, plays
        self.inbox: deque[dict[str, Any]] = deque()
        self.snap: Snapshot | None = None

    def start(self, now: float) -> None:
        """Nothing: the host started the game."""

    def poll(self, now: float) -> Sequence[TableMessage]:
        out: list[TableMessage] = []
        while self.inbox:
            msg = p.decode_server_frame(json.dumps(self.inbox.popleft()))
            for one in msg.messages if isinstance(msg, p.Batch) else [msg]:
                if isinstance(one, Snapshot):
                    self.snap = one
                if isinstance(one, MESSAGE_TYPES):
                    out.append(one)
        s = self.snap
        if self.plays and s is not None and s.outcome is None and s.to_move == s.seat and s.legal:
            self.send_move(choose(s.legal))
            self.snap = None                    # one move per snapshot
        return out

    def send_move(self, move: Move) -> None:
        assert self.snap is not None
        self.kit.send(self.conn, p.encode_command(MoveCommand(game_id=self.snap.game_id, move=move)))

    def next_game(self) -> None: ...

    def deal_shown(self, game_id: int) -> None:
        self.kit.send(self.conn, p.encode_command(DealShown(game_id=game_id)))

    def request_hint(self) -> None: ...
    def leave(self) -> None: ...
    def still_here(self) -> None: ...
    def close(self) -> None: ...


class Screens:
    """Table scenes reading seats over the core, stepped with the core's clock."""

    def __init__(self, kit: CoreKit, fonts: Fonts) -> None:
        self.kit, self.fonts = kit, fonts
        self.seats: list[CoreSeat] = []
        self.stacks: list[SceneStack] = []

    def open(self, seat: CoreSeat) -> TableScene:
        scene = TableScene(seat, make_services(self.fonts, speed=0.0), size=(1280, 720))
        stack = SceneStack()
        stack.push(scene)
        self.seats.append(seat)
        self.stacks.append(stack)
        return scene

    def step(self, seconds: float = DT) -> None:
        self.kit.tick(seconds)
        for conn, inbox in self.kit.inbox.items():
            frames = list(inbox)
            inbox.clear()
            for seat in self.seats:
                if seat.conn == conn:
                    seat.inbox.extend(frames)
        for stack in self.stacks:
            stack.update(DT)


def events_played(kit: CoreKit) -> int:
    """The events of the game at the core's table 1 so far (what the server knows, sent or not)."""
    table = kit.core.rooms[1].table
    assert table is not None and table.state is not None
    return len(table.state.events or [])


def test_a_player_back_mid_game_finds_its_log_told_from_the_deal_once(pg, fonts):
    with CoreKit(reconnect_seconds=3600.0) as kit:
        an = kit.connect()
        welcome = kit.hello(an, "An")
        kit.say(an, type="create_table", seats=2, turn_seconds=0)
        kit.say(an, type="start")
        screens = Screens(kit, fonts)
        seat = CoreSeat(kit, an, 0)
        scene = screens.open(seat)
        for _ in range(600):
            screens.step()
            if len(scene.log_lines) >= 6:
                break
        before = list(scene.log_lines)
        assert len(before) >= 6
        kit.drop(an)
        seat.plays = False
        played = events_played(kit)
        for _ in range(20_000):                 # An's turns are played for it after the away delay; the bot plays
            screens.step(0.05)
            if events_played(kit) >= played + 4:
                break
        back = kit.connect()
        assert kit.hello(back, "An", resume=welcome["token"])["resumed"] is True
        seat.conn = back                        # the same scene, its connection back
        again = screens.open(CoreSeat(kit, back, 0, plays=False))   # the seat in a scene opened again
        screens.step()
        assert scene.model is not None and scene.model.game_id == 1 and not scene.model.is_over
        told = list(again.log_lines)
        assert told[:len(before)] == before                 # what it had before it went
        assert len(told) >= len(before) + 2                 # then the moves made while it was away
        assert scene.log_lines == told                      # the scene that was there: the same lines, none twice
