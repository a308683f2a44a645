"""OfflineChannel: the social side of an offline table — your reactions, and the computer players' rare answers.

There is no one to chat with offline, so only reactions are offered. Your
reaction shows at once; the bots answer through ``BotBanter``
(table/reactions.py): seldom, after a pause, never in a stream.
"""

from __future__ import annotations

from tala_desktop.table import Table
from tala_desktop.table.reactions import REACTIONS, BotBanter

from ..core.names import shown_name
from .social_channel import ChatMessage, Person, SeatChoice


class OfflineChannel:
    """Reactions at an offline ``table`` where you play ``seat``."""

    can_chat = False
    times_deals = False          # the results count down on their own

    def __init__(self, table: Table, seat: int, seed: int | None = None) -> None:
        self.table = table
        self.seat = seat
        self.banter = BotBanter([s for s, bot in enumerate(table.bots) if bot is not None], seed=seed)
        self._now = 0.0
        self._out: list[ChatMessage] = []

    @property
    def watchers(self) -> list[str]:
        return []

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        """Offline you always play your seat: nothing to change."""
        return []

    def between_note(self, between_games: bool, now: float, local_left: float | None = None) -> str:
        """Offline the next game waits for nobody."""
        return ""

    def held(self) -> bool:
        return False

    def people(self, between_games: bool) -> list[Person]:
        """Offline nobody is muted or removed: no menu."""
        return []

    def you_muted(self) -> bool:
        return False

    def send_chat(self, text: str) -> None:
        """Offline there is nobody to read free text; the panel offers none."""

    def send_reaction(self, key: str) -> None:
        if key not in REACTIONS:
            return
        self._out.append(ChatMessage(name=shown_name(self.table.names[self.seat]), seat=self.seat, reaction=key,
                                     mine=True))
        self.banter.heard(key, self.seat, self._now)

    def poll_chat(self, now: float) -> list[ChatMessage]:
        self._now = now
        out, self._out = self._out, []
        for seat, key in self.banter.due(now):
            out.append(ChatMessage(name=self.table.names[seat], seat=seat, reaction=key))
        return out
