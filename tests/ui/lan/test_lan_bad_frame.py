"""A server frame the client cannot read reaches the LAN screens as a lost connection, told in words."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.server import ServerConnection, serve

from tala_desktop.ui.core import i18n
from tala_desktop.ui.lan.errors import disconnect_text
from tala_desktop.ui.lan.lobby import LanLobbyScene, LanLostOverlay
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.test_lan_scenes import app, step_until  # noqa: F401 - app is a fixture


def lobby_frame(state: str = "lobby", kind: str = "player", seats: int = 2, watchers: int = 0) -> str:
    """A lobby event for a table; the defaults make a frame the client reads."""
    table = {"id": 1, "name": "Bàn 1", "state": state, "bet": 100, "turn_seconds": 0, "preset": "zingplay",
             "bots": [], "password": False, "host": 0, "players": 1,
             "seats": [{"seat": 0, "kind": kind, "name": "An"}] + [{"seat": 1, "kind": "empty"}] * (seats - 1),
             "watchers": [f"Xem {i}" for i in range(watchers)]}
    return json.dumps({"type": "lobby", "table": table, "you": 0})


WELCOME = {"type": "welcome", "version": 2, "name": "An", "token": "abcdefgh12", "server": "x",
           "reconnect_seconds": 60.0, "server_id": "s1"}


@pytest.fixture
def bad_server(request) -> Iterator[int]:
    """A loopback websocket server that welcomes the client, then sends the test's broken frame."""
    frame: str = request.param

    def handler(ws: ServerConnection) -> None:
        ws.recv(timeout=5)
        ws.send(json.dumps(WELCOME))
        ws.send(frame)
        with contextlib.suppress(Exception):  # the client hangs up: the test is over
            while True:
                ws.recv(timeout=5)

    with serve(handler, "127.0.0.1", 0) as srv:
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        yield srv.socket.getsockname()[1]
        srv.shutdown()
    thread.join(timeout=5)


@pytest.mark.parametrize("bad_server", [
    '{"type":"lobby","table":5}',                                  # a table that is a number
    '{"type":"batch","messages":[{"type":"snapshot","clock":{"remaining":"soon"}}]}',
    '{"type":"tables","tables":[{"id":1,"name":"x","seats":"four"}]}',
    lobby_frame(state="dancing"),                                  # a table is in its lobby or playing
    lobby_frame(kind="ghost"),                                     # a seat is a player, a bot or empty
    lobby_frame(seats=200),                                        # a table has at most four seats
    lobby_frame(watchers=5000),                                    # ...and a bounded audience
    json.dumps({"type": "chat", "seat": 1, "name": "An", "text": "x" * 900_000}),   # a 900 kB chat line
    json.dumps({"type": "chat", "seat": 9, "name": "An", "text": "chào"}),            # a seat that is not one
], indirect=True)
def test_a_frame_the_client_cannot_read_shows_the_lost_overlay_with_its_reason(app, bad_server):  # noqa: F811
    i18n.set_language("en")
    stack, services = app
    session = LanSession.join("127.0.0.1", bad_server, "An")
    lobby = LanLobbyScene(services, session)
    stack.push(lobby)
    try:
        step_until(stack, lambda: isinstance(stack.top, LanLostOverlay))
        assert session.welcome is not None          # it got in, then the frame broke the connection
        assert session.lost_reason == "bad_frame"
        assert stack.top.text == disconnect_text("bad_frame", f"127.0.0.1:{bad_server}")
        assert session.client.finished.wait(3)     # the network thread ended, it did not die silently
    finally:
        session.close()


class _Quiet:
    """A client that has already hung up: nothing more to read."""

    host, port = "127.0.0.1", 8765

    def poll(self, now: float) -> list:
        return []


def test_a_command_sent_after_the_connection_ended_does_not_replace_why_it_ended():
    """The lobby may ask for the table list just after a broken frame ended the session: the client then also
    reports "closed" (not connected). The player is told the first reason, once."""
    from tala_desktop.net import protocol as p

    session = LanSession(_Quiet())
    told: list[str] = []
    session.on_lost = told.append
    session._file(p.Disconnected(reason="bad_frame", message="the server sent a message this version cannot read"))
    session._file(p.Disconnected(reason="closed", message="not connected to the server"))
    assert session.lost_reason == "bad_frame" and len(told) == 1
    assert told[0] == disconnect_text("bad_frame", "127.0.0.1:8765")
