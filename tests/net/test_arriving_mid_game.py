"""Someone who arrives at a LAN game under way (a player resuming its seat, someone starting to watch) is told the
game so far: a ``story`` of its events as they may see them, then the snapshot, in one frame; nothing more.

Run on the server core (tests/net/core_kit.py: no sockets, a stepped clock)."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit
from .core_table import CoreTable

Msg = dict[str, Any]


def game_events(msgs: list[Msg], game_id: int) -> list[Msg]:
    """The events of game ``game_id`` among ``msgs`` (a story's own events counted too), in order."""
    out: list[Msg] = []
    for m in msgs:
        if m["type"] == "story":
            out = list(m["events"])          # a story tells the game from its start
        elif m.get("game_id") == game_id and m["type"] not in ("snapshot", "thinking", "hint"):
            out.append(m)
    return out


def arrival(kit: CoreKit, conn: int) -> list[Msg]:
    """The frame that brought the game to ``conn``: the batch holding its story (fails when there is none)."""
    for frame in list(kit.inbox[conn]):
        if frame["type"] == "batch" and any(m["type"] == "story" for m in frame["messages"]):
            return frame["messages"]
    raise AssertionError(f"connection {conn} was sent no story")


def test_a_player_back_mid_game_is_told_the_whole_game_as_its_seat_saw_it() -> None:
    with CoreKit(reconnect_seconds=3600.0) as kit:     # the seat waits however slow the bots' machine is
        table = CoreTable(kit, ["An", "Bình"], seats=3, turn_seconds=0)
        an, binh = table.conns
        table.play_until(lambda: len(game_events(table.messages[an], 1)) >= 8)
        before = game_events(table.messages[an], 1)
        table.drop(0)                          # away: the others play on, An's turns are played for it
        table.play_until(lambda: len(game_events(table.messages[binh], 1)) >= len(before) + 6)
        back = table.resume(0)
        msgs = arrival(kit, back)
        assert [m["type"] for m in msgs] == ["story", "snapshot"]
        story, snap = msgs
        assert story["game_id"] == snap["game_id"] == 1 and snap["seat"] == 0
        told = story["events"]
        assert told[:len(before)] == before                       # what it saw before it went, as it saw it
        assert len(told) >= len(before) + 6                       # and what happened while it was away
        assert told[0]["type"] == "dealt" and told[0]["hands"][0] is not None
        assert all(h is None for h in told[0]["hands"][1:])       # the other hands were never its to see
        assert all(e["card"] is None for e in told if e["type"] == "drew" and e["seat"] != 0)
        table.read()
        binh_saw = game_events(table.messages[binh], 1)
        assert [e["type"] for e in told] == [e["type"] for e in binh_saw[:len(told)]]   # the same game


class Watcher:
    """Quân, watching ``table`` from its lobby on (the table is then started); ``seen``: every message he was sent."""

    def __init__(self, kit: CoreKit, table: CoreTable) -> None:
        self.kit, self.conn = kit, kit.connect("127.0.0.2")
        kit.hello(self.conn, "Quân")
        kit.say(self.conn, type="watch", table=table.id)
        table.start()
        self.seen: list[Msg] = []

    def watched(self, events: int) -> bool:
        """Read what arrived; True once game 1 has shown ``events`` events."""
        self.seen.extend(self.kit.heard(self.conn))
        return len(game_events(self.seen, 1)) >= events


def public_story(msgs: list[Msg], fan: Watcher) -> Msg:
    """The story of an arrival batch, checked to be exactly the public stream a watcher from the start was sent."""
    assert [m["type"] for m in msgs] == ["story", "snapshot"]
    story = msgs[0]
    fan.watched(0)
    assert story["events"] == game_events(fan.seen, 1)
    assert all(h is None for h in story["events"][0]["hands"])
    assert all(e["card"] is None for e in story["events"] if e["type"] == "drew")
    return story


def test_someone_who_starts_watching_mid_game_is_told_what_a_watcher_from_the_start_saw() -> None:
    with CoreKit() as kit:
        table = CoreTable(kit, ["Lan"], seats=3, start=False, turn_seconds=0)
        fan = Watcher(kit, table)
        table.play_until(lambda: fan.watched(12))
        late = kit.connect("127.0.0.3")
        kit.hello(late, "Phương")
        kit.say(late, type="watch", table=table.id)
        msgs = arrival(kit, late)
        public_story(msgs, fan)                                  # exactly the public stream so far
        snap = msgs[1]
        assert snap["seat"] is None and snap["hand"] == []


def test_someone_who_joins_from_the_list_between_games_is_told_the_finished_game_as_everyone_saw_it() -> None:
    """A newcomer on a seat freed at a game's end (the table list's "Ngồi vào") gets that game's public story with
    the final snapshot, so their log is not empty; never the hand the seat's last player held."""
    with CoreKit() as kit:
        table = CoreTable(kit, ["Lan", "Minh"], seats=3, start=False, turn_seconds=0)
        fan = Watcher(kit, table)
        table.play_until(lambda: fan.watched(10))
        kit.say(table.conns[1], type="leave")                    # Minh leaves: his seat is free at the game's end
        hosted = kit.core.rooms[table.id].table
        assert hosted is not None
        hosted.play_out()
        kit.tick()
        late = kit.connect("127.0.0.8")
        kit.hello(late, "Chi")
        kit.say(late, type="join", table=table.id)
        msgs = arrival(kit, late)
        story = public_story(msgs, fan)                          # the public stream, to the game's end
        assert story["game_id"] == msgs[1]["game_id"] == 1 and msgs[1]["seat"] == 1
