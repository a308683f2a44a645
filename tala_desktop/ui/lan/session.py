"""LanSession: one LAN connection shared by the lobby and the table scene, sorting lobby from table messages.

The session owns a ``NetTableClient`` (and, for "Tạo bàn LAN", the in-app
server thread). ``pump(now)`` polls the client once and files each message
by its type: lobby state, the table list, chat and notices stay here for
the lobby scene; table messages (events, snapshots, hints, errors: the
Structs of table/messages.py) wait in a queue for the table scene, which
reads them through ``table_client()``, a TableClient like the offline one.
The lobby state is the protocol's own Structs (``TableInfo``, ``SeatInfo``).
No pygame here: the scenes draw what this holds, and tests drive it headless.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tala_desktop.net import protocol as p
from tala_desktop.net.client import FINAL_REASONS, NetTableClient
from tala_desktop.net.discovery import local_addresses
from tala_desktop.net.game_record import GameRecord
from tala_desktop.net.handlers import Handlers
from tala_desktop.net.host import ServerThread, start_in_thread
from tala_desktop.net.identity import short_code
from tala_desktop.net.scoreboard import Scoreboard
from tala_desktop.table import ABSENT_AFTER, SeatKind
from tala_desktop.table.messages import Error, TableMessage

from ..core.i18n import N_, tr
from ..core.names import shown_name
from .errors import disconnect_text, error_text, left_text
from .open_seats import free_seats, open_table
from .table_client import LanTableClient

ChatLine = p.ChatEvent | p.ReactionEvent | p.Removed

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
MAX_CHAT_LINES = 40
CHAT_REFUSALS = {"chat_too_fast", "bad_chat", "muted"}   # a chat line or reaction refused: shown in the chat
PIN_REFUSALS = {"bad_password", "retry_later"}           # a PIN refused: the PIN dialog says so, with the wait


@dataclass(frozen=True)
class PinAnswer:
    """What became of a PIN sent for a table: let in, or refused (``code`` bad_password / retry_later, ``wait``:
    the seconds before the server checks another)."""

    accepted: bool
    code: str = ""
    wait: float | None = None


def unseen(known: list[ChatLine], log: list[ChatLine]) -> list[ChatLine]:
    """The lines of a ``chat_log`` after those already ``known`` (the log's start may overlap the known end)."""
    for j in range(len(log), -1, -1):
        k = min(j, len(known))
        if (k > 0 or j == 0) and log[j - k:j] == known[len(known) - k:]:
            return log[j:]
    return log


class LanSession:
    """What the LAN scenes share: the connection, the lobby's state and the table's message queue."""

    def __init__(self, client: NetTableClient, server: ServerThread | None = None, straight_in: bool = False) -> None:
        self.client = client
        self.server = server
        self.straight_in = straight_in    # at the first table list: join the server's one open table (open_table)
        self.lobby: p.TableInfo | None = None         # the table you are at
        self.you: int | None = None
        self.member: int | None = None                # your id at that table (Lobby.member)
        self.tables: list[p.TableInfo] = []
        self.chat: list[tuple[str, str]] = []         # (name, text)
        self.chat_events: list[ChatLine] = []          # the table's chat lines and reactions (the last ones)
        self.chat_events_total = 0     # lines ever added to ``chat_events`` (readers keep their own count)
        self.chat_logged_total = 0     # of those, the lines up to the last table's log: said before, no bubbles
        self.chat_notices: list[str] = []             # chat lines the server refused, in words
        self.watching = False                         # at the table without a seat
        self.closing: p.Closing | None = None         # the server said it closes (who, why)
        self.notices: list[str] = []                  # refusals in words, for the lobby's status line
        self.table_queue: list[TableMessage] = []
        self.welcome: p.Welcome | None = None
        self.games_server = ""                        # the server id this seat's games are kept under (see _file)
        self.lost: str | None = None                  # why the connection is gone for good, in words
        self.lost_reason: str | None = None           # ... and as the client's reason code
        self.lost_wait: float | None = None           # ... a refused password's seconds before the next try
        self.leaving = False                          # a leave is on its way: never send a second one
        self.on_lost: Callable[[str], None] | None = None
        self.on_record: Callable[[GameRecord], None] | None = None   # a finished game, for the history
        self.held: dict[int, set[int]] = {}           # the seats this app held at each table: its records are theirs
        self.at: tuple[int, int] | None = None        # the (table, seat) it holds or last held
        self.kept_at: tuple[str, int] | None = None   # the address its seat is kept under, when it dialed another
        self.scoreboard: Scoreboard | None = None    # the evening at the table so far (the last one told)
        self.on_scoreboard: Callable[[Scoreboard], None] | None = None   # ... each time, for the history
        self.on_left: Callable[[str], None] | None = None   # the server took you off your table, and why
        self.after_pump: Callable[[], None] | None = None    # told after each pump (the seat kept for a restart)
        self.playing = False
        self.closed = False
        self.now = 0.0                                # the clock of the last pump
        self.offer: tuple[p.SeatOffer, float] | None = None   # a seat offered to you, and when it came
        self.removed_from: set[int] = set()           # the tables of this server whose host removed you
        self.pin_for: p.TableInfo | None = None       # Vào went straight to a table that asks a PIN: ask it
        self.pin_try: int | None = None               # the table a PIN was sent for, until it answers
        self.pin_answer: PinAnswer | None = None      # ... its answer, for the PIN dialog
        self.pin: str | None = None                   # the PIN this app's host set for its table (shown to them)
        self.messages = self._message_handlers()      # what each message from the server does here, by type

    # ------------------------------------------------------------ starting
    @classmethod
    def join(cls, host: str, port: int, name: str, password: str | None = None,
             avatar: int | None = None, straight_in: bool = False, person: str | None = None,
             resume: str | None = None, at: tuple[int, int] | None = None) -> LanSession:
        """Connect to a server (raises ValueError for a bad name; a failed connection arrives as ``lost``);
        ``avatar`` is the one the profile chose, shown to the table; ``straight_in``: sit at the server's one
        open table at once (``open_table``), else choose from its list; ``person`` and ``resume``: who the player
        is there (seat_keeper.credentials), so a seat kept for them comes back; ``at``: the (table, seat) they last
        held there (the games charged to them while away are of that seat)."""
        client = NetTableClient(host, port, name, password, avatar=avatar, person=person, resume=resume)
        session = cls(client, straight_in=straight_in)
        if at is not None:
            session.held.setdefault(at[0], set()).add(at[1])
            session.at = at
        session.client.list_tables()
        return session

    @classmethod
    def host(cls, name: str, server_name: str, port: int = DEFAULT_PORT,
             announce_target: tuple[str, int] | None = None, avatar: int | None = None,
             identity_path: str | None = None, person: Callable[[str, int], str | None] | None = None,
             **settings: Any) -> LanSession:
        """Start the in-app server (any free port if ``port`` is taken), join it and open a table.

        Its beacons go to the LAN broadcast address unless ``announce_target`` says otherwise (tests: loopback);
        it keeps its lasting identity (the code friends compare) in ``identity_path``, the app's data folder;
        ``person(host, port)`` is the player's key for the server once it listens.
        """
        where: dict[str, Any] = {"announce_target": announce_target} if announce_target else {}
        if identity_path:
            where["identity_path"] = identity_path
        try:
            server = start_in_thread(port=port, name=server_name[:40], host_name=name, announce=True, **where)
        except OSError:
            server = start_in_thread(port=0, name=server_name[:40], host_name=name, announce=True, **where)
        try:
            key = person("127.0.0.1", server.port) if person is not None else None
            session = cls(NetTableClient("127.0.0.1", server.port, name, avatar=avatar, person=key), server)
        except ValueError:
            server.stop()
            raise
        session.client.create_table(**settings)
        return session

    # ------------------------------------------------------------ pumping
    def pump(self, now: float) -> None:
        """Read what arrived; lobby messages update this session, table messages queue for the table scene."""
        if self.closed:
            return
        self.now = now
        for msg in self.client.poll(now):
            self._file(msg)
        if self.after_pump is not None:
            self.after_pump()

    def _file(self, msg: p.ClientMessage) -> None:
        """Lobby messages update this session (``messages``, by type); table messages wait for the table scene."""
        if not self.messages.handle(msg) and isinstance(msg, TableMessage):
            self.table_queue.append(msg)

    def _message_handlers(self) -> Handlers[[]]:
        h: Handlers[[]] = Handlers()
        h.on(p.Welcome, self._welcome)
        h.on(p.Lobby, self._lobby)
        h.on(p.Tables, self._tables)
        h.on(p.ChatEvent, self._chat_line)
        h.on(p.ReactionEvent, lambda msg: self._add_chat_events([msg]))
        h.on(p.Removed, lambda msg: self._add_chat_events([msg]))
        h.on(p.ChatLog, self._chat_log)
        h.on(p.Closing, lambda msg: setattr(self, "closing", msg))
        h.on(p.SeatOffer, lambda msg: setattr(self, "offer", (msg, self.now)))   # the strip offers Nhận ghế / Từ chối
        h.on(p.SeatDeclined, self._declined)
        h.on(p.Left, self._left)
        h.on(p.Disconnected, self._disconnected)
        h.on(Error, self._error)
        h.on(GameRecord, lambda msg: self.on_record(msg) if self.on_record is not None else None)
        h.on(Scoreboard, self._scoreboard)
        return h

    def _welcome(self, msg: p.Welcome) -> None:
        if not msg.resumed or not self.games_server:
            # a server that restarted from its state file and gave the seat back has another id: the games of
            # this seat stay kept under the first, so a record sent again is kept once
            self.games_server = msg.server_id
        self.welcome = msg

    def _lobby(self, msg: p.Lobby) -> None:
        if self.lobby is None:
            self.notices.clear()                      # at a table now: what the list was told is old news
        if self.pin_try is not None:
            self.pin_try, self.pin_answer = None, PinAnswer(accepted=True)
        self._joining(msg.table)
        self._stood(msg)
        self.lobby, self.you, self.watching, self.member = msg.table, msg.you, msg.watching, msg.member
        if msg.you is not None and not msg.watching:
            self.held.setdefault(msg.table.id, set()).add(msg.you)
            self.at = (msg.table.id, msg.you)
        self.playing = msg.table.state == "playing"

    def _tables(self, msg: p.Tables) -> None:
        self.tables = list(msg.tables)
        table = open_table(self.tables) if self.straight_in and self.lobby is None else None
        self.straight_in = False
        if table is not None and table.password:
            self.pin_for = table                      # the lobby asks its PIN, then joins
        elif table is not None:
            self.client.join(table.id)

    def _chat_line(self, msg: p.ChatEvent) -> None:
        self.chat.append((msg.name, msg.text))
        del self.chat[:-MAX_CHAT_LINES]
        self._add_chat_events([msg])

    def _chat_log(self, msg: p.ChatLog) -> None:
        self.chat = [(line.name, line.text) for line in msg.lines if isinstance(line, p.ChatEvent)]
        del self.chat[:-MAX_CHAT_LINES]
        self._add_chat_events(unseen(self.chat_events, msg.lines))
        self.chat_logged_total = self.chat_events_total

    def _declined(self, msg: p.SeatDeclined) -> None:
        key = N_("social.declined_late") if msg.expired else N_("social.declined")
        self.chat_notices.append(tr(key, name=shown_name(msg.name), seat=msg.seat + 1))

    def _left(self, msg: p.Left) -> None:
        if msg.reason == "kicked":
            self.removed_from.add(msg.table)          # its list row offers no seat that would be refused
        self.lobby, self.you, self.playing, self.leaving, self.watching = None, None, False, False, False
        self.member = None
        self.chat_events = []                         # a new table's chat starts empty
        why = left_text(msg.reason)
        if why is not None:
            self.notices.append(why)
            del self.notices[:-5]
        self.client.list_tables()
        if why is not None and self.on_left is not None:
            self.on_left(why)

    def _disconnected(self, msg: p.Disconnected) -> None:
        log.info("LAN connection ended (%s): %s", msg.reason, msg.message)
        if self.lost_reason is not None and msg.reason == "closed":
            return          # a command sent after the connection had ended: why it ended stays the reason
        self.lost_reason, self.lost_wait = msg.reason, msg.wait
        self.lost = disconnect_text(self.lost_reason, self.where(), msg.who)
        if self.on_lost is not None:
            self.on_lost(self.lost)

    def _error(self, msg: Error) -> None:
        """A refusal: the PIN dialog's, the connection's end (worded when it ends), one for the chat or the lobby;
        the others (a move refused at the table) are the table scene's."""
        if msg.code in PIN_REFUSALS and self.pin_try is not None:
            self.pin_try, self.pin_answer = None, PinAnswer(accepted=False, code=msg.code, wait=msg.wait)
        elif msg.code in FINAL_REASONS:
            log.info("the server ends the connection (%s): %s", msg.code, msg.message)   # the disconnect words it
        elif self.watching and msg.code == "watching":
            log.info("the server refused a watcher's command: %s", msg.message)   # a vote sent with a failed sit
        elif msg.code in CHAT_REFUSALS or self.watching:
            self.chat_notices.append(error_text(msg.code))
            if not self.playing:
                self.notices.append(error_text(msg.code))
                del self.notices[:-5]
        elif not self.playing:
            log.info("the server refused a lobby command (%s): %s", msg.code, msg.message)
            self.notices.append(error_text(msg.code))
            del self.notices[:-5]
        else:
            self.table_queue.append(msg)

    def _scoreboard(self, msg: Scoreboard) -> None:
        self.scoreboard = msg
        if self.on_scoreboard is not None:
            self.on_scoreboard(msg)

    def _joining(self, info: p.TableInfo) -> None:
        """Tell the chat who takes which seat from the next game on, once ("Lan sẽ vào ghế 3 ván sau")."""
        before = self.lobby
        was = {x.seat: x.name for x in before.seats if x.joining} if before is not None and before.id == info.id \
            else {}
        for x in info.seats:
            if x.joining and x.name and was.get(x.seat) != x.name:
                self.chat_notices.append(tr("social.joins_next", name=shown_name(x.name), seat=x.seat + 1))

    def _stood(self, msg: p.Lobby) -> None:
        """Tell the chat, once, who was stood up because the clock played their turns ("Lan không phản hồi nên được
        mời đứng dậy"); you are told what to do to play again."""
        info, before = msg.table, self.lobby
        was = set(before.stood) if before is not None and before.id == info.id else set()
        mine = None
        if msg.watching and msg.member is not None and msg.member in info.watcher_ids:
            mine = info.watchers[info.watcher_ids.index(msg.member)]
        for name in info.stood:
            if name not in was:
                self.chat_notices.append(tr("social.stood_you", turns=ABSENT_AFTER) if name == mine
                                         else tr("social.stood", name=shown_name(name)))

    def _add_chat_events(self, lines: list[ChatLine]) -> None:
        self.chat_events.extend(lines)
        self.chat_events_total += len(lines)
        del self.chat_events[:-p.CHAT_LOG]

    def where(self) -> str:
        return f"{self.client.host}:{self.client.port}" if self.client.host else ""

    def friend_addresses(self) -> list[str]:
        """What a friend types to come in: every address of this machine's networks with the port when this app
        runs the server (none: it is on no network), else the address this app came in by."""
        if self.server is None:
            return [self.where()] if self.where() else []
        return [f"{ip}:{self.server.port}" for ip in local_addresses()]

    @property
    def code(self) -> str:
        """The server's code (its identity's, as the LAN list shows it), once welcomed ("" before)."""
        key = self.welcome.server_key if self.welcome is not None else ""
        return short_code(key) if key else ""

    def try_pin(self, table: int, pin: str, watch: bool = False) -> None:
        """Sit at (or ``watch``) ``table`` with ``pin``; its answer comes as ``pin_answer`` (``take_pin_answer``)."""
        self.pin_try, self.pin_answer = table, None
        if watch:
            self.client.watch(table, pin)
        else:
            self.client.join(table, password=pin)

    def take_pin_answer(self) -> PinAnswer | None:
        answer, self.pin_answer = self.pin_answer, None
        return answer

    def set_pin(self, pin: str) -> None:
        """The host's PIN for their table from now on ("" removes it); whoever is at the table stays."""
        self.pin = pin or None
        self.client.set_password(pin)

    def leave(self) -> None:
        """Leave the table you are at (once: the table scene and the lobby may both ask)."""
        if not self.leaving and self.lobby is not None:
            self.leaving = True
            self.client.leave()

    def table_client(self) -> LanTableClient:
        return LanTableClient(self)

    # ------------------------------------------------------------ lobby view
    @property
    def is_host(self) -> bool:
        """You host your table, seated or watching (by your id there; by your seat if the server names no id)."""
        info = self.lobby
        if info is None:
            return False
        if info.host_member is not None:
            return self.member is not None and info.host_member == self.member
        return self.you is not None and info.host == self.you

    def my_seat(self) -> p.SeatInfo | None:
        if self.lobby is None or self.you is None:
            return None
        return next((s for s in self.lobby.seats if s.seat == self.you), None)

    @property
    def am_muted(self) -> bool:
        """The host of your table muted you (by your id there): your chat and reactions are refused."""
        return self.lobby is not None and self.member is not None and self.member in self.lobby.muted_ids

    def offered(self) -> tuple[p.SeatOffer, float] | None:
        """The seat offered to you that the table still shows waiting for your answer (and when it came)."""
        info = self.lobby
        if self.offer is None or info is None or not self.watching:
            return None
        seat = self.offer[0].seat
        return self.offer if any(x.seat == seat and x.member == self.member for x in info.invites) else None

    def free_seat(self) -> int | None:
        """The first seat someone watching may sit down on now (in the lobby, or free between games), or None."""
        info = self.lobby
        if info is None or not self.watching:
            return None
        return next(iter(free_seats(info)), None)

    def can_start(self) -> bool:
        """Host, in the lobby, and every other seated player is ready."""
        if not self.is_host or self.lobby is None or self.lobby.state != "lobby":
            return False
        return all(s.ready for s in self.lobby.seats if s.kind == SeatKind.PLAYER)

    def close(self, reason: str = "host_quit") -> None:
        """Disconnect, and stop the in-app server if this app hosts it, telling its players why (``host_quit``:
        this app closes; ``host_left``: its player left the LAN lobby) and who.

        The client goes first: a client still running while its server stops would reconnect to it (its
        connection broken, a token in hand) and leave a connection open on a server on its way down."""
        if self.closed:
            return
        self.closed = True
        self.client.close()
        if self.server is not None:
            who = self.welcome.name if self.welcome is not None else None
            self.server.stop(reason=reason, who=who)
            self.server = None
