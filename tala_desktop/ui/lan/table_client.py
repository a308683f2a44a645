"""The table scene's ``TableClient`` over a LAN session: the moves, votes and hints it sends, the messages it reads.

``LanSession.table_client()`` (ui/lan/session.py) makes one for the table
scene, which plays a LAN table through it as it plays an offline one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tala_desktop.engine import Move
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import TableMessage

if TYPE_CHECKING:
    from .session import LanSession


class LanTableClient:
    """The table scene's TableClient over a LanSession (offline-identical messages; lobby ones filtered out)."""

    can_pause = False   # the server's clock runs on

    def __init__(self, session: LanSession) -> None:
        self.session = session
        self.seat = session.you if session.you is not None else getattr(session.client, "seat", 0)

    @property
    def watching(self) -> bool:
        """Only watching now: you had no seat, or gave yours up (between games, or in the lobby)."""
        return self.session.watching

    def away(self, seat: int) -> bool:
        """The player at ``seat`` dropped and the server plays their turns until they are back (the lobby's mark)."""
        table = self.session.lobby
        found = next((x for x in table.seats if x.seat == seat), None) if table is not None else None
        return found is not None and found.kind == SeatKind.PLAYER and not found.connected and not found.left

    def start(self, now: float) -> None:
        """Nothing: the host starts the games on the server."""

    def poll(self, now: float) -> list[TableMessage]:
        self.session.pump(now)
        out, self.session.table_queue = self.session.table_queue, []
        return out

    def send_move(self, move: Move) -> None:
        self.session.client.send_move(move)

    def next_game(self) -> None:
        """Your vote for the next game (someone watching has none: the players' votes deal it)."""
        if not self.session.watching:
            self.session.client.next_game()

    def deal_shown(self, game_id: int) -> None:
        """Your screen has shown the deal (someone watching has no turn to start)."""
        if not self.session.watching:
            self.session.client.deal_shown(game_id)

    def request_hint(self) -> None:
        self.session.client.request_hint()

    def leave(self) -> None:
        self.session.leave()

    def still_here(self) -> None:
        """A vote for the next game: a LAN table never asks (it stands a player the clock played for up)."""
        self.next_game()

    def close(self) -> None:
        """The table scene is done with it; the connection stays with the lobby (LanSession.close ends it)."""
