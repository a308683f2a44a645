"""The Table a LAN room hosts: built from the room's settings and seats, its streams forwarded to the room's
people, what someone arriving at a game under way is told, and the timer that plays for a player who dropped.

A dropped player's seat waits for them (their resume token is good for
``reconnect_seconds``), but the game does not: their turn is played with
its timeout action once they have been away ``away_delay`` seconds on it.
A table resumed from the state file gives its players a grace period first.
Someone who arrives while a game is on (a player back on its seat, someone
who starts watching) gets the game's story so far as their seat may see it
(``Story``: the events for the game log, not to animate) and the snapshot,
in one frame, as the offline table tells a seat opened late.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from tala_desktop.bots.runner import Runner
from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import BOT, REMOTE, SeatConfig, SeatKind, Table, TableConfig, TableError
from tala_desktop.table.messages import MAX_STORY, Story
from tala_desktop.table.snapshot import seat_events

from . import protocol as p
from .audience import Audience
from .limits import ServerConfig
from .members import Member

log = logging.getLogger(__name__)


def hosted_table(settings: p.TableSettings, config: ServerConfig, kinds: list[SeatKind], names: list[str],
                 balances: list[int], leader: int, watched: bool, runner: Runner | None = None) -> Table:
    """The table for these seats (``kinds``: "player", "bot", or "empty": nobody until someone sits or the next
    deal seats a bot), each player's feed open, and the public one when people watch (``watched``). Its bots
    decide in ``runner`` (None: worker threads of the table's own, ended with it)."""
    seats = [SeatConfig(names[i], REMOTE, balance=balances[i]) if kind in (SeatKind.PLAYER, SeatKind.EMPTY)
             else SeatConfig(names[i], BOT, level=settings.bot_level(i), balance=balances[i])
             for i, kind in enumerate(kinds)]
    rules = replace(Rules.from_preset(settings.preset, players=settings.seats), turn_seconds=settings.turn_seconds)
    table = Table(TableConfig(seats, rules=rules, bet=settings.bet, seed=config.seed, think_delay=config.bot_delay,
                              hard_budget_ms=config.hard_budget_ms, bot_workers=1, first_leader=leader,
                              deal_wait=config.deal_wait), runner)
    for i, kind in enumerate(kinds):
        if kind == SeatKind.PLAYER:
            table.open_feed(i)   # each player's stream is forwarded by the room; bot seats keep none
    if watched:
        table.open_feed(None)    # the watchers' public stream
    return table


class AwayTimer:
    """Plays the turn of a player who is not connected, once they have been away ``delay`` seconds on it."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.grace_until = 0.0            # a resumed table lets its players come back before playing for them
        self._key: tuple[int, int, int] | None = None
        self._since = 0.0
        self._played: tuple[int, dict[int, int]] = (0, {})   # (game id, seat -> turns played for it)

    def played(self, game_id: int, n: int) -> list[int]:
        """Per seat, the turns of game ``game_id`` played for a player who was away."""
        done = self._played[1] if self._played[0] == game_id else {}
        return [done.get(seat, 0) for seat in range(n)]

    def check(self, table: Table, connected: bool, now: float, where: str) -> None:
        """The player to move at ``table`` is ``connected`` or not: play their timeout action when it is due."""
        st = table.state
        if st is None or st.is_over:
            return
        if connected:
            self._key = None              # back in time: the next drop gets the whole away delay again
            return
        seat = st.to_move
        key = (table.game_id, st.turn_no, seat)
        if key != self._key:
            self._key, self._since = key, now
        elif now - self._since >= self.delay and now >= self.grace_until:
            log.info("%s: seat %d is away; playing its timeout action", where, seat)
            try:
                table.submit(seat, Move(seat, MoveKind.TIMEOUT), table.game_id)
                if self._played[0] != table.game_id:
                    self._played = (table.game_id, {})
                self._played[1][seat] = self._played[1].get(seat, 0) + 1
            except TableError:
                log.exception("%s: the timeout action for seat %d was refused", where, seat)


def forward(table: Table, seated: list[Member | None], audience: Audience[Any]) -> None:
    """Send each seat's drained stream to the player there, one frame per call (a seat nobody reads: dropped), and
    the public stream to everyone watching, encoded once for all of them."""
    for seat in range(table.n):
        msgs = table.drain(seat)
        m = seated[seat]
        if m is not None and msgs and m.connected:
            m.send(p.encode(msgs[0] if len(msgs) == 1 else p.Batch(messages=msgs)))
    public = table.drain(None)
    if public and audience:
        audience.send(p.encode(public[0] if len(public) == 1 else p.Batch(messages=public)))


def arrival_frame(table: Table, seat: int | None) -> str:
    """The game under way as ``seat`` (None: someone watching) arrives at it: the story of its events so far, as
    that seat may see them, then its snapshot, in one batch. A seat that changed hands after the game ended is
    told the public story (the game was the previous player's). Call it once the table's streams are flushed:
    every event is then one the seats were told."""
    st = table.state
    assert st is not None
    shown = None if seat is not None and seat in table.changed else seat
    told = seat_events((st.events or [])[-MAX_STORY:], [shown], table.game_id)[shown]
    return p.encode(p.Batch(messages=[Story(game_id=table.game_id, events=told), table.snapshot(seat)]))
