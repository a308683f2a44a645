"""LanChannel: the LAN table's social side — chat and reactions sent to the server, its lines handed to the chat.

The session files every ``chat``, ``reaction`` and ``chat_log`` the server
sends (lobby and table alike) into its history; the channel hands the table
scene's SocialLayer what it has not seen yet, in the server's order (your own
lines come back from the server too, so every chat shows the same order). A
refused line (sent too fast) comes back as a notice in the chat.
"""

from __future__ import annotations

import functools

from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind

from ..core.i18n import tr
from ..core.names import shown_name
from ..social.said import Said, SeatChoice
from .session import LanSession

GIVE_SEAT_WATCHERS = 2   # the host's "give seat" choices: one for each of the first people watching


class LanChannel:
    """The SocialChannel of the table the ``session`` is at (seated or watching)."""

    can_chat = True

    def __init__(self, session: LanSession) -> None:
        self.session = session
        self._seen = 0              # lines of the session's history already handed out (its running count)
        self._notices = 0
        self._before = session.said_total   # lines the session had before the table showed (no bubbles for them)

    @property
    def watchers(self) -> list[str]:
        lobby = self.session.lobby
        return list(lobby.watchers) if lobby is not None else []

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        """Between games: someone watching may sit on a free seat; a player may stand up and watch; the host
        may give a bot's seat to one of the first two people watching, or put a bot in a seat left free."""
        s = self.session
        info = s.lobby
        if info is None or not s.playing or not between_games:
            return []
        if s.watching:
            free = s.free_seat()
            return [] if free is None else [SeatChoice(tr("social.sit_at", seat=free + 1),
                                                       functools.partial(self.take_seat, free))]
        out = [SeatChoice(tr("social.stand_up"), s.client.stand_up)]
        if s.is_host:
            bot = next((x.seat for x in info.seats if x.kind == SeatKind.BOT), None)
            empty = next((x.seat for x in info.seats if x.kind == SeatKind.EMPTY), None)
            if bot is not None:   # to any of the first people watching (a row over the table holds four)
                out += [SeatChoice(tr("social.give_seat", seat=bot + 1, name=shown_name(name)),
                                   functools.partial(s.client.set_seat, bot, SeatKind.PLAYER, member=member))
                        for name, member in list(zip(info.watchers, info.watcher_ids))[:GIVE_SEAT_WATCHERS]]
            if empty is not None:
                out.append(SeatChoice(tr("social.bot_seat", seat=empty + 1),
                                      functools.partial(s.client.set_seat, empty, SeatKind.BOT)))
        return out

    def between_note(self, between_games: bool, now: float) -> str:
        return ""

    def take_seat(self, seat: int) -> None:
        """Sit down on ``seat`` and vote for the next game at once (the players wait for every seat's vote)."""
        self.session.client.sit(seat)
        if self.session.playing:
            self.session.client.next_game()

    def send_chat(self, text: str) -> None:
        self.session.client.chat(text)

    def send_reaction(self, key: str) -> None:
        self.session.client.react(key)

    def poll_said(self, now: float) -> list[Said]:
        s = self.session
        s.pump(now)
        total, history = s.said_total, s.said
        fresh = history[max(0, len(history) - (total - self._seen)):] if total > self._seen else []
        first = total - len(fresh)                  # the running number of the first fresh line
        self._seen = total
        out = [self.said(line, first + i < self._before) for i, line in enumerate(fresh)]
        out += [Said(name="", text=text, notice=True) for text in s.said_notices[self._notices:]]
        self._notices = len(s.said_notices)
        return out

    def said(self, line: p.ChatEvent | p.ReactionEvent, earlier: bool = False) -> Said:
        """A server line as the chat shows it (your own marked, a default name in the current language)."""
        s = self.session
        if line.watching or line.seat is None:
            mine = s.watching and s.welcome is not None and line.name == s.welcome.name
        else:
            mine = not s.watching and line.seat == s.you
        name = shown_name(line.name)
        if isinstance(line, p.ReactionEvent):
            return Said(name=name, seat=line.seat, reaction=line.key, watching=line.watching, mine=mine,
                        earlier=earlier)
        return Said(name=name, seat=line.seat, text=line.text, watching=line.watching, mine=mine, earlier=earlier)
