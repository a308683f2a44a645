"""No frame sent to a client ever holds a card it may not see (full LAN games, every frame recorded).

Each frame is decoded as the client decodes it and its cards are found through the message schema, then
checked card by card against the true hands and stock at the moment the frame was queued: a player may see
its own hand, someone watching no hand at all, nobody the stock.
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.host import start_in_thread
from tala_desktop.table.messages import Story

from ..table.card_finder import cards_in
from .conftest import FAST, Player, close_all, game_over, make_client, pump_until
from .core_kit import CoreKit
from .core_table import CoreTable


class LeakRecorder:
    """The server's frame hook: runs on the server thread as each frame is queued, with the table as it is then."""

    def __init__(self) -> None:
        # the server's rooms, when the recorder can read them: a frame sent while someone comes in (before the
        # server notes which table they are at) is checked against the room that holds them
        self.rooms: Callable[[], Iterable[Any]] | None = None
        self.frames: dict[str, list[str]] = defaultdict(list)
        self.checked = 0
        self.watched = 0                    # messages checked that went to someone watching
        self.revealed_frames = 0
        self.stories: list[str] = []        # who was told a game's story so far (arriving while it was on)
        self.leaks: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, session, frame: str) -> None:
        if session is None:
            return
        with self.lock:
            self.frames[session.name].append(frame)
        room = session.room
        if room is None and self.rooms is not None:
            room = next((r for r in self.rooms() if session in r.roster.everyone()), None)
        seat = room.checks.seat_index(session) if room is not None else None
        if room is None or room.table is None or room.table.state is None:
            return
        watching = room.watching(session)
        assert watching == (seat is None), "a session at a table either sits or watches"
        st = room.table.state
        if st.is_over:
            self.revealed_frames += 1  # the end-of-game reveal shows every hand
            return
        hidden = sum(1 << c for c in st.stock)
        for other in range(st.n):
            if other != seat:
                hidden |= st.hands[other] & ~st.eaten[other] & ~st.revealed[other]
        msg = p.decode_server_frame(frame)
        who = f"{'watching' if watching else f'seat {seat}'} ({session.name})"
        for one in msg.messages if isinstance(msg, p.Batch) else [msg]:
            for c in cards_in(one):
                if hidden >> c & 1:
                    self.leaks.append(f"{who} saw hidden card {c} in {type(one).__name__}")
            self.checked += 1
            self.watched += watching
            if isinstance(one, Story):
                self.stories.append(who)


def drop(srv, name: str) -> None:
    """The server loses ``name``'s connection (the client reconnects with its token)."""
    def cut(server) -> None:
        session = next(s for s in server.core.sessions.values() if s.name == name)
        assert session.conn is not None
        server.conns[session.conn.id].ws.transport.abort()
    srv.call(cut, srv.server)


@pytest.mark.parametrize("humans,seats,games", [(4, 4, 2), (2, 4, 2), (3, 3, 1)])
def test_no_frame_shows_another_players_hidden_cards(humans, seats, games):
    """Players and two people watching (one of them losing the connection mid-game) over full games."""
    rec = LeakRecorder()
    srv = start_in_thread(frame_hook=rec, **FAST)
    rec.rooms = srv.server.core.rooms.values          # (the hook runs on the server's thread, as the rooms do)
    names = ["An", "Bình", "Chi", "Dũng"][:humans]
    players = [Player(make_client(srv, n, record=True)) for n in names]
    watchers = [Player(make_client(srv, n, record=True)) for n in ("Quân", "Phương")]
    for w in watchers:
        w.auto = False
    everyone = players + watchers
    try:
        host = players[0]
        host.client.create_table(seats=seats)
        pump_until(players, lambda: host.last("lobby") is not None, act=False)
        for pl in players[1:]:
            pl.client.join(1)
            pl.client.ready()
        pump_until(players, lambda: all(pl.last("lobby") and pl.last("lobby").you is not None for pl in players)
                   and sum(s.ready for s in host.last("lobby").table.seats if s.kind == "player")
                   == humans, act=False)
        watchers[0].client.watch(1)                      # one watches from the lobby on
        pump_until(everyone, lambda: watchers[0].last("lobby") is not None, act=False)
        host.client.start()
        pump_until(everyone, lambda: host.snap is not None, act=False)
        watchers[1].client.watch(1)                      # the other comes in once the game runs
        pump_until(everyone, lambda: watchers[1].snap is not None and watchers[0].snap is not None)
        pump_until(everyone, lambda: host.snap.turn_kind != "first" or host.snap.outcome is not None)
        drop(srv, "Phương")                              # and comes back: the public view again, nothing more
        for game in range(1, games + 1):
            pump_until(everyone, game_over(players, game), timeout=20)
            if game < games:
                for pl in players:
                    pl.client.next_game()
        pump_until(everyone, game_over(watchers, games), act=False)
        steady = players + watchers[:1]                  # (frames queued just as Phương's connection died never came)
        pump_until(everyone, lambda: all(len(pl.client.frames) == len(rec.frames[pl.client.name]) for pl in steady),
                   act=False)
        assert not rec.leaks, rec.leaks[:5]
        assert rec.checked > 100 * games
        assert rec.watched > 30 * games
        assert rec.revealed_frames >= humans * games
        assert "watching (Phương)" in rec.stories                 # told the game so far, checked card by card
        assert watchers[1].client.reconnects >= 1
        sent = rec.frames["Phương"]
        assert all(f in sent for f in watchers[1].client.frames)  # every frame received was checked
        for pl in everyone:  # the hook saw exactly the frames each client received, in order
            if pl in steady:
                assert pl.client.frames == rec.frames[pl.client.name]
            msgs = [m for f in map(json.loads, pl.client.frames) for m in f.get("messages", [f])]
            hands = [m for m in msgs if m["type"] == "dealt"]
            assert len(hands) == (games - 1 if pl is watchers[1] else games)   # Phương came after the first deal
            mine = pl.client.seat if pl in players else None
            assert all(h is None for d in hands for s, h in enumerate(d["hands"]) if s != mine)
            if pl in watchers:
                snaps = [m for m in msgs if m["type"] == "snapshot"]
                assert snaps and all(m["seat"] is None and m["hand"] == [] and m["legal"] == [] for m in snaps)
                assert all(m["card"] is None for m in msgs if m["type"] == "drew")
    finally:
        close_all(everyone)
        srv.stop()


def test_the_recorder_catches_a_server_that_leaks(monkeypatch):
    """The check has teeth: a server that also sends each player the next seat's snapshot is caught."""
    from tala_desktop.net import protocol
    from tala_desktop.net.rooms import Room

    honest = Room.flush

    def leaky(self) -> None:
        if self.table is not None and self.table.state is not None:
            for seat, m in enumerate(self.seats):
                if m is not None:
                    m.send(protocol.encode(self.table.snapshot((seat + 1) % self.table.n)))
        honest(self)

    monkeypatch.setattr(Room, "flush", leaky)
    rec = LeakRecorder()
    srv = start_in_thread(frame_hook=rec, **FAST)
    players = [Player(make_client(srv, n)) for n in ("An", "Bình")]
    try:
        players[0].client.create_table(seats=2)
        pump_until(players, lambda: players[0].last("lobby") is not None, act=False)
        players[1].client.join(1)
        players[1].client.ready()
        pump_until(players, lambda: players[0].last("lobby").table.seats[1].kind == "player"
                   and players[0].last("lobby").table.seats[1].ready, act=False)
        players[0].client.start()
        pump_until(players, lambda: len(rec.leaks) > 0, act=False)
    finally:
        close_all(players)
        srv.stop()


def test_the_recorder_catches_a_server_that_shows_a_hand_to_someone_watching(monkeypatch):
    """The watchers' check has teeth too: a server that sends them seat 0's snapshot is caught."""
    from tala_desktop.net import protocol
    from tala_desktop.net.rooms import Room

    honest = Room.flush

    def leaky(self) -> None:
        if self.table is not None and self.table.state is not None:
            self.audience.send(protocol.encode(self.table.snapshot(0)))
        honest(self)

    monkeypatch.setattr(Room, "flush", leaky)
    rec = LeakRecorder()
    srv = start_in_thread(frame_hook=rec, **FAST)
    host, watcher = Player(make_client(srv, "An")), Player(make_client(srv, "Quân"))
    watcher.auto = False
    try:
        host.client.create_table(seats=2)
        pump_until([host], lambda: host.last("lobby") is not None, act=False)
        watcher.client.watch(1)
        pump_until([host, watcher], lambda: watcher.last("lobby") is not None, act=False)
        host.client.start()
        pump_until([host, watcher], lambda: any("watching" in leak for leak in rec.leaks), act=False)
    finally:
        close_all([host, watcher])
        srv.stop()


def _arrivals(kit: CoreKit, games: int = 2) -> CoreTable:
    """Two players and a bot on the core, one watching from the lobby, one who starts watching mid-game; the
    second player drops mid-game and comes back (each arrival is told the game so far), for ``games`` games."""
    table = CoreTable(kit, ["An", "Bình"], seats=3, start=False, turn_seconds=0)
    early = kit.connect("127.0.0.8")
    kit.hello(early, "Quân")
    kit.say(early, type="watch", table=table.id)
    table.start()
    table.play_until(lambda: sum(m["type"] == "discarded" for m in table.messages[table.conns[0]]) >= 4)
    late = kit.connect("127.0.0.9")
    kit.hello(late, "Phương")
    kit.say(late, type="watch", table=table.id)
    table.drop(1)
    kit.run(3.0)                                         # Bình's turns are played while it is away
    table.resume(1)
    for game in range(1, games + 1):
        table.play_until(table.game_over(game))
        if game < games:
            for conn in table.conns:
                kit.say(conn, type="next_game")
    return table


def test_no_story_told_to_someone_arriving_mid_game_shows_a_hidden_card():
    """A player back on its seat and someone who starts watching are told the game so far: card by card, nothing
    that was not theirs to see."""
    rec = LeakRecorder()
    with CoreKit(frame_hook=rec, reconnect_seconds=3600.0) as kit:
        rec.rooms = kit.core.rooms.values
        _arrivals(kit)
    assert not rec.leaks, rec.leaks[:5]
    assert sorted(rec.stories) == ["seat 1 (Bình)", "watching (Phương)"]   # both told, both checked
    assert rec.checked > 200


def test_the_recorder_catches_a_story_that_tells_a_hand_to_someone_watching(monkeypatch):
    """The check has teeth for stories: a server telling someone watching seat 0's story is caught."""
    from tala_desktop.net import hosting, rooms

    honest = hosting.arrival_frame
    monkeypatch.setattr(rooms, "arrival_frame", lambda table, seat: honest(table, 0 if seat is None else seat))
    rec = LeakRecorder()
    with CoreKit(frame_hook=rec, reconnect_seconds=3600.0) as kit:
        rec.rooms = kit.core.rooms.values
        _arrivals(kit, games=1)
    assert any(leak.startswith("watching (Phương)") and "in Story" in leak for leak in rec.leaks), rec.leaks[:5]
