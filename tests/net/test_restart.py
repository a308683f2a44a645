"""A server that dies mid-game resumes its tables from its state file; players come back with their tokens."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
import subprocess
import sys

import pytest

from tala_desktop.net.cli import parse_args
from tala_desktop.net.host import ServerThread, start_in_thread
from tala_desktop.net.state_file import StateFile, StateFileError
from tala_desktop.table.messages import Snapshot

from .conftest import FAST, Player, choose, close_all, game_over, pump_until, seat_table
from .test_cli import wait_for_port


@contextlib.contextmanager
def state_db(path):
    """The server's state file, committed and closed at the end (a connection's own `with` only commits)."""
    db = sqlite3.connect(path)
    try:
        with db:
            yield db
    finally:
        db.close()


def crash(srv: ServerThread) -> None:
    """End the server as kill -9 would: no goodbye to the clients, no tidying of the state file."""
    def die() -> None:
        s = srv.server
        if s._ticker is not None:
            s._ticker.cancel()
        if s._server is not None:
            s._server.close(close_connections=False)
        for conn in list(s.conns.values()):
            conn.ws.transport.abort()
        for room in s.core.rooms.values():
            room.close()
        if s.state_file is not None:  # the dead process's file handle goes away, its rows stay as they were
            s.state_file.close()
    srv.call(die)
    srv.loop.call_soon_threadsafe(srv.loop.stop)
    srv.thread.join(timeout=5)


def public_view(snap: Snapshot) -> tuple[object, ...]:
    """What every seat sees alike: two players' views agree on it only once both were sent the same move."""
    return (snap.game_id, snap.to_move, snap.phase, snap.turn_kind, snap.stock_count,
            tuple(tuple(pile) for pile in snap.piles),
            tuple(snap.hand_counts))


def test_a_game_survives_a_server_crash_and_finishes(tmp_path):
    state = tmp_path / "state.db"
    first = start_in_thread(state_path=str(state), away_delay=30.0, **FAST)
    players = seat_table(first, ["An", "Bình", "Chi"], seats=4)
    port = first.port
    try:
        pump_until(players, lambda: players[0].snap.stock_count <= 11, timeout=20)   # a few turns played
        for pl in players:
            pl.auto = False
        room = first.call(lambda: first.server.core.rooms[1])
        keeper = first.server.core.keeper

        def settled() -> bool:   # a player's turn, nothing in flight, and the file holds the table as it is
            return all(not pl.waiting for pl in players) and first.call(
                lambda: room.table.state.to_move in (0, 1, 2) and keeper._saved.get(1) == keeper._key(room))
        pump_until(players, settled, act=False)
        before = {pl.client.name: first.call(lambda p=pl: room.table.snapshot(p.client.seat))
                  for pl in players}
        truth = first.call(lambda: room.table.state.history[:])
        crash(first)
        second = start_in_thread(state_path=str(state), away_delay=30.0, **{**FAST, "port": port})
        try:
            for pl in players:
                pump_until([pl], lambda p=pl: p.last("welcome") is not None and p.last("welcome").resumed
                           and p.snap is p.last("snapshot") and p.messages.index(p.last("welcome"))
                           < p.messages.index(p.snap), act=False)
                snap = pl.snap
                for key in ("game_id", "hand", "laid", "eaten", "phase", "to_move", "legal", "names", "balances"):
                    assert getattr(snap, key) == getattr(before[pl.client.name], key), key
            assert second.call(lambda: second.server.core.rooms[1].table.state.history) == truth
            for pl in players:
                pl.auto = True
            game = before["An"].game_id
            pump_until(players, game_over(players, game), timeout=20)
            out = second.call(lambda: second.server.core.rooms[1].table.state.outcome)
            assert all(pl.snap.outcome == out for pl in players)
            assert sum(out.net) == 0
        finally:
            second.stop()
        with state_db(state) as db:      # a server stopped on purpose leaves nothing to resume
            assert db.execute("SELECT count(*) FROM rooms").fetchone() == (0,)
    finally:
        close_all(players)
        first.stop()


def test_what_players_were_sent_is_in_the_state_file_before_any_tick(tmp_path):
    """A crash right after a move's frames went out resumes that move: a drawn card stays drawn. The tick (which
    also saves) is made too slow to come, so only a save made before the frames were sent can pass this."""
    state = tmp_path / "state.db"
    first = start_in_thread(state_path=str(state), **{**FAST, "tick": 60.0})
    players = seat_table(first, ["An", "Bình"], seats=2)
    port = first.port
    try:
        for pl in players:
            pl.auto = False
        for _ in range(2):     # the leader discards, the next player draws (or eats)
            mover = next(pl for pl in players if pl.snap.to_move == pl.snap.seat)
            turn = mover.snap.turn_kind, len(mover.snap.hand)
            mover.client.send_move(choose(mover.snap.legal))
            pump_until(players, lambda m=mover, t=turn: (m.snap.turn_kind, len(m.snap.hand)) != t
                       and len({public_view(pl.snap) for pl in players}) == 1, act=False)
        sent = {pl.client.name: pl.snap for pl in players}
        for pl in players:     # however slow the machine, they come back before anyone would play for them
            pl.client.core.reconnect_for = 30.0
        crash(first)
        second = start_in_thread(state_path=str(state), away_delay=30.0, **{**FAST, "port": port})
        try:
            for pl in players:
                pump_until([pl], lambda p=pl: p.last("welcome") is not None and p.last("welcome").resumed
                           and p.snap is p.last("snapshot") and p.messages.index(p.last("welcome"))
                           < p.messages.index(p.snap), act=False)
                for key in ("game_id", "hand", "stock_count", "piles", "to_move", "phase", "legal"):
                    assert getattr(pl.snap, key) == getattr(sent[pl.client.name], key), key
        finally:
            second.stop()
    finally:
        close_all(players)
        first.stop()


def test_the_state_file_keeps_no_token_and_bad_rows_are_dropped(tmp_path):
    state = tmp_path / "state.db"
    srv = start_in_thread(state_path=str(state), **FAST)
    players = seat_table(srv, ["An", "Bình"], seats=2)
    try:
        pump_until([], lambda: srv.call(lambda: 1 in srv.server.core.keeper._saved), timeout=5)
        with state_db(state) as db:
            (data,), = db.execute("SELECT data FROM rooms").fetchall()
        tokens = [pl.client.token for pl in players]
        assert all(t and t not in data.decode() for t in tokens)
        crash(srv)
    finally:
        close_all(players)
    with state_db(state) as db:
        saved = json.loads(data)
        saved["table"]["game"]["moves"].append("0 fly")           # a game that does not replay
        db.execute("INSERT INTO rooms (id, data) VALUES (2, ?)", (json.dumps(saved).encode(),))
        db.execute("INSERT INTO rooms (id, data) VALUES (3, ?)", (b"{not json",))
        for k, change in ((4, {"balances": [10 ** 30, 0]}), (5, {"votes": [99]}), (6, {"kinds": ["bot", "bot"]}),
                          (7, {"host": 3})):
            bad = json.loads(data)
            for field, value in change.items():
                (bad["table"] if field == "balances" else bad)[field] = value
            db.execute("INSERT INTO rooms (id, data) VALUES (?, ?)", (k, json.dumps(bad).encode()))
        for k in (2, 3, 4, 5, 6, 7):
            db.execute("INSERT INTO dealers (id, rng) SELECT ?, rng FROM dealers WHERE id = 1", (k,))
    again = start_in_thread(state_path=str(state), **FAST)
    try:
        assert again.call(lambda: sorted(again.server.core.rooms)) == [1]
        with state_db(state) as db:
            assert [r for r, in db.execute("SELECT id FROM rooms")] == [1]
            assert [r for r, in db.execute("SELECT id FROM dealers")] == [1]
    finally:
        again.stop()


def test_an_empty_state_file_is_set_aside_and_a_folder_or_a_file_it_cannot_write_is_refused(tmp_path, monkeypatch):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    StateFile(empty).close()
    assert [p.name.startswith("empty.db.corrupt-") for p in tmp_path.iterdir()].count(True) == 1
    folder = tmp_path / "folder.db"
    folder.mkdir()
    with pytest.raises(StateFileError, match="is a folder"):
        StateFile(folder)
    assert folder.is_dir()
    good = tmp_path / "good.db"
    StateFile(good).close()
    real = sqlite3.connect

    def read_only(path, *args, **kw):              # as a file the server may read but not write
        return real(f"file:{path}?mode=ro", *args, uri=True, **kw)
    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(StateFileError, match="can be written"):
        StateFile(good)
    monkeypatch.undo()
    assert good.is_file() and not any(p.name.startswith("good.db.corrupt") for p in tmp_path.iterdir())


def test_tala_server_refuses_a_state_file_it_cannot_use_and_says_why(tmp_path, caplog):
    from tala_desktop.net.cli import main

    assert main(["--host", "127.0.0.1", "--port", "0", "--no-announce", "--state", str(tmp_path)]) == 1
    assert "is a folder" in caplog.text and "cannot serve" not in caplog.text


def test_a_state_file_that_is_not_a_database_is_moved_aside(tmp_path):
    state = tmp_path / "state.db"
    state.write_bytes(b"this is not sqlite" * 100)
    srv = start_in_thread(state_path=str(state), **FAST)
    try:
        assert srv.call(lambda: srv.server.core.rooms) == {}
        assert [p.name.startswith("state.db.corrupt-") for p in tmp_path.iterdir()].count(True) == 1
    finally:
        srv.stop()


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGKILL on Windows (the in-thread crash test covers it)")
def test_the_standalone_server_resumes_after_kill_9(tmp_path):
    state = tmp_path / "lan.db"
    argv = [sys.executable, "-m", "tala_desktop.net.cli", "--host", "127.0.0.1", "--no-announce", "--bot-delay", "0",
            "--state", str(state)]
    proc = subprocess.Popen([*argv, "--port", "0"], stderr=subprocess.PIPE, text=True)
    players: list[Player] = []
    try:
        port = wait_for_port(proc)
        players = seat_table(type("Stub", (), {"port": port})(), ["An", "Bình"], seats=2)
        for pl in players:
            pl.auto = False
            pl.client.core.reconnect_for = 15.0
        hand = players[1].snap.hand
        proc.send_signal(signal.SIGKILL)      # at once: the started table was written before the players saw it
        proc.wait(timeout=5)
        proc.stderr.close()
        proc = subprocess.Popen([*argv, "--port", str(port)], stderr=subprocess.PIPE, text=True)
        wait_for_port(proc)
        pump_until(players, lambda: all(pl.last("welcome").resumed for pl in players), timeout=15, act=False)
        pump_until(players, lambda: players[1].snap.hand == hand, act=False)
        assert not [c for pl in players for c in pl.codes() if c == "disconnected"]
    finally:
        close_all(players)
        proc.kill()
        proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize("argv,expect", [(["--port", "8765"], "lan-server-8765.db"), (["--port", "0"], None),
                                         (["--port", "8765", "--no-state"], None),
                                         (["--port", "0", "--state", "x.db"], "x.db")])
def test_the_state_file_defaults_to_one_per_port(argv, expect):
    state = parse_args(argv).state
    assert (state is None) if expect is None else state.endswith(expect)
