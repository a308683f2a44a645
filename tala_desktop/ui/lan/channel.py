"""LanChannel: the LAN table's social side — chat and reactions sent to the server, its lines handed to the chat.

The session files every ``chat``, ``reaction`` and ``chat_log`` the server
sends (lobby and table alike) into its history; the channel hands the table
scene's SocialLayer what it has not seen yet, in the server's order (your own
lines come back from the server too, so every chat shows the same order). A
refused line (sent too fast) comes back as a notice in the chat.
"""

from __future__ import annotations

import functools
import math

from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind

from ..core.i18n import N_, tr
from ..core.names import shown_name
from ..social.social_channel import ChatMessage, Person, SeatChoice
from .open_seats import free_seats
from .session import LanSession

INVITES_SHOWN = 2   # the host's "Mời Lan vào ghế 3" in the row between games: for the first people watching
INVITE_NAME = 12    # letters of a name in that button (the seat number after it must show)


def short_name(name: str, letters: int = INVITE_NAME) -> str:
    """``name`` as shown, cut to ``letters`` (an ellipsis for the rest)."""
    shown = shown_name(name)
    return shown if len(shown) <= letters else shown[:letters - 1].rstrip() + "…"


def removed_text(line: p.Removed) -> str:
    """"Minh đã bị chủ bàn mời ra khỏi bàn": a removal as everyone at the table reads it."""
    return tr(N_("social.removed_watcher") if line.watching else N_("social.removed"), name=shown_name(line.name))


class LanChannel:
    """The SocialChannel of the table the ``session`` is at (seated or watching)."""

    can_chat = True
    times_deals = True          # the server says when the next game comes: the results show its line

    def __init__(self, session: LanSession) -> None:
        self.session = session
        self._seen = 0              # lines of the session's history already handed out (its running count)
        self._notices = 0
        self._before = session.chat_events_total   # lines the session had before the table showed (no bubbles for them)
        self._info: p.TableInfo | None = None   # the lobby last seen, and when (its deal_wait counts from then)
        self._info_at = 0.0
        self._now = 0.0                         # the clock poll_chat was last given
        self._polled: tuple[p.TableInfo | None, float] = (None, 0.0)   # the lobby poll_chat last saw, and when
        self._players: tuple[int, frozenset[str]] | None = None   # the table and its players' names, as last polled
        self._removed: set[str] = set()     # names the host removed (told so: not "left" as well)

    @property
    def watchers(self) -> list[str]:
        lobby = self.session.lobby
        return list(lobby.watchers) if lobby is not None else []

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        """Between games: someone watching may sit on a free seat; the host may invite each of the first people
        watching to a seat (a free one first, as a bot would take it, then a bot's) or put a bot in a seat left
        free, seated or watching; a player may stand up and watch."""
        s = self.session
        info = s.lobby
        if info is None or not s.playing or not between_games:
            return []
        if s.watching:
            offered = s.offered()
            if offered is not None:        # asked: take the seat, or say no
                seat = offered[0].seat
                return [SeatChoice(tr("social.accept_seat", seat=seat + 1),
                                   functools.partial(self.answer, seat, True), key=("accept", seat)),
                        SeatChoice(tr("social.decline_seat"), functools.partial(self.answer, seat, False),
                                   key=("decline", seat))]
            free = s.free_seat()
            sit = [] if free is None else [SeatChoice(tr("social.sit_at", seat=free + 1),
                                                      functools.partial(self.take_seat, free), key=("sit", free))]
            if not s.is_host:
                return sit
        out: list[SeatChoice] = sit if s.watching else []     # the host, seated or watching, keeps the host's choices
        if s.is_host:      # "Giữ bàn" / "Chia tiếp": first, in the same place either way
            held = info.held > 0
            out.append(SeatChoice(tr(N_("social.deal_on") if held else N_("social.hold")),
                                  functools.partial(s.client.hold, not held), key=("hold",)))
        asked = {x.member for x in info.invites}
        watching = [(name, member) for name, member in zip(info.watchers, info.watcher_ids)
                    if member not in asked and member != s.member]
        if s.is_host:
            seats = self.open_seats()
            if seats:      # the rest of those watching: from the list of them, each one's menu
                out += [self.invite(name, member, seats[i % len(seats)], named=True)
                        for i, (name, member) in enumerate(watching[:INVITES_SHOWN])]
        elif s.you is not None and not any(x.seat == s.you for x in info.invites):
            out += [self.give(name, member) for name, member in watching[:INVITES_SHOWN]]
        if s.is_host:
            empty = next(iter(free_seats(info)), None)
            if empty is not None:
                out.append(SeatChoice(tr("social.bot_seat", seat=empty + 1),
                                      functools.partial(s.client.set_seat, empty, SeatKind.BOT), key=("bot", empty)))
        if not s.watching:
            out.append(SeatChoice(tr("social.stand_up"), s.client.stand_up, key=("stand",)))
        return out

    def open_seats(self) -> list[int]:
        """The seats the host may give someone watching now: the free ones first (a bot would take them at the
        next deal), then the bots'."""
        info = self.session.lobby
        if info is None:
            return []
        return free_seats(info) + [x.seat for x in info.seats if x.kind == SeatKind.BOT]

    def invite(self, name: str, member: int, seat: int, named: bool = False) -> SeatChoice:
        """The host gives ``seat`` to the person watching with id ``member``."""
        label = tr("people.invite", name=short_name(name), seat=seat + 1) if named else \
            tr("people.invite_seat", seat=seat + 1)
        return SeatChoice(label, functools.partial(self.session.client.set_seat, seat, SeatKind.PLAYER,
                                                   member=member), key=("invite", member, seat))

    def give(self, name: str, member: int) -> SeatChoice:
        """A seated player offers their own seat to the person watching with id ``member``."""
        seat = self.session.you if self.session.you is not None else 0
        return SeatChoice(tr("social.give_seat", seat=seat + 1, name=short_name(name)),
                          functools.partial(self.session.client.give_seat, member), key=("give", member))

    def answer(self, seat: int, accept: bool) -> None:
        """Your answer to the seat offered to you (the deal then waits a moment for your "Ván mới", as for anyone who
        sits down between games)."""
        self.session.client.answer_seat(seat, accept)
        self.session.offer = None

    def people(self, between_games: bool) -> list[Person]:
        """The players seated (bots aside) and the people watching, muted or not; for the host, what may be done
        about each other one: mute or let chat (any time), remove (a player between games, someone watching at
        any time, asked first) and, between games, offer someone watching a seat; for a seated guest, between
        games, offering their own seat to someone watching."""
        s, info = self.session, self.session.lobby
        if info is None:
            return []
        names, ids = set(info.muted), set(info.muted_ids)

        def muted(name: str, member: int | None) -> bool:        # by id where the server says them (names may clash)
            return member in ids if ids else name in names

        me = None if s.watching else s.you
        out: list[Person] = []
        for x in info.seats:
            if x.kind != SeatKind.PLAYER or not x.name:
                continue
            acts: tuple[SeatChoice, ...] = ()
            hushed = muted(x.name, x.member)
            if s.is_host and x.seat != me and x.member is not None and x.member != s.member:
                acts = self._moderation(x.name, x.member, hushed, kick=between_games or not s.playing)
            out.append(Person(shown_name(x.name), x.seat, hushed, acts, away=self._away(x.away)))
        seats = self.open_seats() if between_games and s.playing else []
        for name, member in zip(info.watchers, info.watcher_ids):
            acts = ()
            hushed = muted(name, member)
            if s.is_host and member != s.member:          # (a watching host has no menu of their own)
                acts = (*(self.invite(name, member, seat) for seat in seats),
                        *self._moderation(name, member, hushed, kick=True))
            elif me is not None and between_games and s.playing:     # a seated guest may give their seat
                acts = (self.give(name, member),)
            out.append(Person(shown_name(name), None, hushed, acts))
        return out

    def _moderation(self, name: str, member: int, muted: bool, kick: bool) -> tuple[SeatChoice, ...]:
        client = self.session.client
        out = [SeatChoice(tr(N_("people.unmute") if muted else N_("people.mute")),
                          functools.partial(client.mute, member, not muted))]
        if kick:
            out.append(SeatChoice(tr("lobby.kick"), functools.partial(client.kick, member),
                                  confirm=tr("people.kick_confirm", name=shown_name(name))))
        return tuple(out)

    def between_note(self, between_games: bool, now: float, local_left: float | None = None) -> str:
        """The one line that says when the next game comes and why it waits, between games. The host's hold comes
        first ("Chủ bàn đang giữ bàn ..."), then a seat offered to someone; else "Ván mới sau N giây", N the later of
        the server's wait (the lobby's ``deal_wait``, counted down from when it came: a free seat offered to those
        watching, a newcomer's vote; the reason follows) and ``local_left``, the results' own countdown (each app
        votes when it runs out); with neither, the players it waits for ("Chờ Minh bấm Ván mới")."""
        s, info = self.session, self.session.lobby
        if info is None or not s.playing or not between_games:
            return ""
        if info is not self._info:
            self._info, self._info_at = info, now
        held = math.ceil(info.held - (now - self._info_at))
        if info.held > 0 and held > 0:
            return tr("people.held", seconds=held)
        me = None if s.watching else s.you
        asked = self._asked(now)
        if asked:
            return asked
        server = math.ceil(info.deal_wait - (now - self._info_at))
        local = math.ceil(local_left) if local_left is not None and math.isfinite(local_left) else 0
        left = max(server, local, 0)
        if server > 0:
            newcomer = next((x for x in info.seats if x.joining and x.seat not in info.next_votes and x.name), None)
            if newcomer is not None:
                return tr("people.deal_newcomer", name=shown_name(newcomer.name or ""), seat=newcomer.seat + 1,
                          seconds=left)
            free = next(iter(free_seats(info)), None)
            if free is not None:
                return tr("people.deal_seat_open", seat=free + 1, seconds=left)
        if local_left is not None and math.isfinite(local_left):
            return tr("table.auto_start", seconds=left)
        voters = [x for x in info.seats if x.kind == SeatKind.PLAYER and x.connected and not x.joining]
        waited = [x for x in voters if x.seat not in info.next_votes]
        names = [shown_name(x.name) for x in waited if x.seat != me and x.name]
        return tr("people.wait_votes", names=", ".join(names)) if names and me not in {x.seat for x in waited} else ""

    def _seen_lobby(self, now: float) -> None:
        """Note when the lobby shown arrived, on the clock ``poll_chat`` is given (its seats' ``away`` count from
        then)."""
        info = self.session.lobby
        if info is not self._polled[0]:
            self._polled = (info, now)
        self._now = now

    def _away(self, seconds: float | None) -> int | None:
        """A seat's ``away`` counted down from when its lobby came, in whole seconds (None: not away)."""
        if seconds is None:
            return None
        return max(0, math.ceil(seconds - (self._now - self._polled[1])))

    def held(self) -> bool:
        """The host holds the next deal now."""
        info = self.session.lobby
        return info is not None and info.held > 0 and self.session.playing

    def _asked(self, now: float) -> str:
        """A seat offered and not answered yet: to you ("Lan mời bạn vào ghế 3: còn 15 giây"), or by you ("Đang chờ
        Quân trả lời ...")."""
        s, info = self.session, self.session.lobby
        assert info is not None
        offered = s.offered()
        if offered is not None:
            offer, at = offered
            left = max(0, math.ceil(offer.seconds - (now - at)))
            return tr("social.offered", name=shown_name(offer.by), seat=offer.seat + 1, seconds=left)
        mine = [x for x in info.invites if s.is_host or (not s.watching and x.seat == s.you)]
        names = dict(zip(info.watcher_ids, info.watchers))
        if not mine or mine[0].member not in names:
            return ""
        left = max(0, math.ceil(info.deal_wait - (now - self._info_at)))
        return tr("social.invited", name=shown_name(names[mine[0].member]), seat=mine[0].seat + 1, seconds=left)

    def take_seat(self, seat: int) -> None:
        """Sit down on ``seat`` and vote for the next game at once (the players wait for every seat's vote)."""
        self.session.client.sit(seat)
        if self.session.playing:
            self.session.client.next_game()

    def you_muted(self) -> bool:
        return self.session.am_muted

    def send_chat(self, text: str) -> None:
        self.session.client.chat(text)

    def send_reaction(self, key: str) -> None:
        self.session.client.react(key)

    def poll_chat(self, now: float) -> list[ChatMessage]:
        s = self.session
        s.pump(now)
        self._seen_lobby(now)
        total, history = s.chat_events_total, s.chat_events
        fresh = history[max(0, len(history) - (total - self._seen)):] if total > self._seen else []
        first = total - len(fresh)                  # the running number of the first fresh line
        self._seen = total
        before = max(self._before, s.chat_logged_total)   # a log arriving after the table showed is from before too
        out = [self.message_of(line, first + i < before) for i, line in enumerate(fresh)]
        out += [ChatMessage(name="", text=text, notice=True) for text in s.chat_notices[self._notices:]]
        self._notices = len(s.chat_notices)
        out += [ChatMessage(name="", text=tr("social.gone", name=shown_name(name)), notice=True)
                for name in self._gone()]
        return out

    def _gone(self) -> list[str]:
        """The players of your table since the last poll who are neither seated nor watching there now (they left,
        or the host removed them); nobody on the first poll or at another table."""
        info = self.session.lobby
        if info is None:
            self._players = None
            return []
        names = frozenset(x.name for x in info.seats if x.kind == SeatKind.PLAYER and x.name)
        before, self._players = self._players, (info.id, names)
        if before is None or before[0] != info.id:
            return []
        return sorted(before[1] - names - set(info.watchers) - self._removed)

    def _watching_name(self) -> str | None:
        """Your name among those watching: the one the table gave your id (made unique: "Lan (2)"), else hello's."""
        s, info = self.session, self.session.lobby
        if info is not None and s.member is not None and s.member in info.watcher_ids:
            return info.watchers[info.watcher_ids.index(s.member)]
        return s.welcome.name if s.welcome is not None else None

    def message_of(self, line: p.ChatEvent | p.ReactionEvent | p.Removed, earlier: bool = False) -> ChatMessage:
        """A server line as the chat shows it (your own marked, a default name in the current language; a removal
        as the table's notice)."""
        s = self.session
        if isinstance(line, p.Removed):
            self._removed.add(line.name)
            return ChatMessage(name="", text=removed_text(line), notice=True, earlier=earlier)
        if line.watching or line.seat is None:
            mine = s.watching and line.name == self._watching_name()
        else:
            mine = not s.watching and line.seat == s.you
        name = shown_name(line.name)
        if isinstance(line, p.ReactionEvent):
            return ChatMessage(name=name, seat=line.seat, reaction=line.key, watching=line.watching, mine=mine,
                               earlier=earlier)
        return ChatMessage(name=name, seat=line.seat, text=line.text, watching=line.watching, mine=mine,
                           earlier=earlier)
