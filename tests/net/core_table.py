"""Players at one table on the server core for tests: seated by connection, their views read, a bounded game loop.

``CoreTable`` seats ``names`` on a ``CoreKit`` (tests/net/core_kit.py) as
``seat_table`` of conftest.py does over sockets (the first creates the table,
the others join and say ready, the host starts), keeps what each connection
was sent and its last snapshot, and plays the seats' moves with the test
players' policy (``conftest.choose``) on the kit's stepped clock, one move
at a time (never a seat ``away`` or ``idle``, nor twice on one snapshot).
Nothing waits on the machine's time: a move's answer is in the inbox when
``send`` returns, a bot's comes at a tick.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tala_desktop.engine import Move
from tala_desktop.net import protocol as p
from tala_desktop.table.messages import MoveCommand, Snapshot

from .conftest import choose
from .core_kit import CoreKit


def typed(snap: dict[str, Any]) -> Snapshot:
    """A snapshot as a client decodes it."""
    msg = p.decode_server_frame(json.dumps(snap))
    assert isinstance(msg, Snapshot)
    return msg


class CoreTable:
    """``names`` seated at one table of ``kit``, each on its own address; ``conns[i]`` sits at seat ``i``."""

    def __init__(self, kit: CoreKit, names: list[str], seats: int | None = None, start: bool = True,
                 **settings: Any) -> None:
        self.kit = kit
        self.conns = [kit.connect(f"127.0.1.{i + 1}") for i in range(len(names))]
        self.messages: dict[int, list[dict[str, Any]]] = {c: [] for c in self.conns}
        self.snap: dict[int, dict[str, Any] | None] = {c: None for c in self.conns}
        self.welcomes: dict[int, dict[str, Any]] = {}
        self.away: set[int] = set()           # connections dropped: nobody reads them or plays for them
        self.idle: set[int] = set()           # connections read but not played (a player who stops)
        self._acted: dict[int, dict[str, Any]] = {}   # the snapshot each connection last moved on
        for conn, name in zip(self.conns, names):
            self.welcomes[conn] = kit.hello(conn, name)
            assert self.welcomes[conn]["type"] == "welcome"
        host = self.conns[0]
        kit.say(host, type="create_table", seats=seats or len(names), **settings)
        self.id = kit.hear(host, "lobby")["table"]["id"]
        for conn in self.conns[1:]:
            kit.say(conn, type="join", table=self.id)
            kit.say(conn, type="ready")
        if start:
            self.start()

    def start(self) -> None:
        """The host starts the game (``start=False`` left it in its lobby)."""
        self.kit.say(self.conns[0], type="start")
        self.read()
        assert all(s is not None for s in self.snap.values()), "the game did not start"

    def drop(self, seat: int) -> None:
        """The connection of ``seat``'s player ends (the server plays its turns once it is away long enough)."""
        conn = self.conns[seat]
        self.read()
        self.kit.drop(conn)
        self.away.add(conn)

    def resume(self, seat: int) -> int:
        """The player of ``seat`` (its connection dropped) comes back on a new connection with its token; the
        table reads that connection from now on (its new welcome in ``welcomes``). Returns it."""
        old = self.conns[seat]
        back = self.kit.connect(f"127.0.1.{seat + 1}")
        welcome = self.welcomes[old]
        again = self.kit.hello(back, welcome["name"], resume=welcome["token"])
        assert again["resumed"] is True, again
        self.conns[seat] = back
        self.messages[back], self.snap[back], self.welcomes[back] = [], None, again
        self.snap.pop(old, None)
        return back

    def read(self) -> None:
        """Take in every message the connections were sent since the last read."""
        for conn in self.conns:
            if conn in self.away:
                continue
            for msg in self.kit.heard(conn):
                self.messages[conn].append(msg)
                if msg["type"] == "snapshot":
                    self.snap[conn] = msg

    def view(self, conn: int) -> dict[str, Any]:
        snap = self.snap[conn]
        assert snap is not None
        return snap

    def last(self, conn: int, kind: str) -> dict[str, Any] | None:
        """The last message of ``kind`` sent to ``conn`` (None: none)."""
        return next((m for m in reversed(self.messages[conn]) if m["type"] == kind), None)

    def codes(self, conn: int) -> list[str]:
        """The codes of the refusals ``conn`` was sent, in order."""
        return [m["code"] for m in self.messages[conn] if m["type"] == "error"]

    def send_move(self, conn: int, move: Move, game_id: int | None = None) -> None:
        gid = self.view(conn)["game_id"] if game_id is None else game_id
        self.kit.send(conn, p.encode_command(MoveCommand(game_id=gid, move=move)))
        self.read()

    def act(self) -> bool:
        """The first seat whose turn it is plays its policy's move; True when one did (never a connection away,
        idle or closed, nor twice on the same snapshot: a refused move is not sent again and again)."""
        for conn in self.conns:
            s = self.snap[conn]
            if conn in self.away or conn in self.idle or self.kit.closed(conn) is not None or s is None \
                    or self._acted.get(conn) is s:
                continue
            if s["outcome"] is None and s["to_move"] == s["seat"] and s["legal"]:
                self._acted[conn] = s
                self.send_move(conn, choose(typed(s).legal))
                return True
        return False

    def play_until(self, cond: Callable[[], bool], act: bool = True, seconds: float = 600.0,
                   step: float = 0.05) -> None:
        """Play (when ``act``) and tick every ``step`` of table time until ``cond()``; fails after ``seconds``."""
        start = self.kit.now
        while self.kit.now - start < seconds:
            self.read()
            if cond():
                return
            if not (act and self.act()):
                self.kit.tick(step)
        raise AssertionError(f"not reached in {seconds} s of table time")

    def game_over(self, game_id: int = 1, conns: list[int] | None = None) -> Callable[[], bool]:
        """Game ``game_id`` is over for ``conns`` (None: every connection not away)."""
        return lambda: all((s := self.snap[c]) is not None and s["game_id"] == game_id and s["outcome"] is not None
                           for c in (self.conns if conns is None else conns) if c not in self.away)
