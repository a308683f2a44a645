"""The LAN wire protocol: typed, validated JSON messages (msgspec Structs), each with a ``type``.

Clients send **commands**; the server answers with **events**. Every command is decoded by ``decode_command``
into one of the Structs below, or refused with a ``ProtocolError`` carrying a code and a readable message:
nothing from a client is ever eval'd or unpickled, unknown fields are refused, and strings have length limits.
The table's own commands and per-seat messages (moves, events, snapshots, hints: table/messages.py, see
docs/table-messages.md) and the end-of-game record (net/game_record.py) are part of the same unions: a server
frame is decoded by ``decode_server_frame``, just as strictly. docs/protocol.md lists every message.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import msgspec

from tala_desktop.bots import BotLevel
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import (
    DealShown,
    Error,
    HintRequest,
    Leave,
    MoveCommand,
    NextGame,
    SeatMessage,
    Snapshot,
    TableMessage,
    check_moves,
)
from tala_desktop.table.reactions import REACTIONS

from .chat_text import MAX_CHAT, clean_chat, shown
from .game_record import GameRecord, check_record
from .scoreboard import Scoreboard
from .wire_types import (  # noqa: F401 - the protocol's names, for those who read them here
    AVATARS,
    MAX_NAME,
    MAX_PASSWORD,
    MAX_PEOPLE_SHOWN,
    MAX_SHOWN_NAME,
    MAX_TABLES_SHOWN,
    MAX_WATCHERS_SHOWN,
    Avatar,
    GameId,
    InviteInfo,
    MemberId,
    Password,
    PersonKey,
    Seat,
    SeatInfo,
    ServerName,
    ShownName,
    ShownText,
    TableId,
    TableInfo,
    Token,
    Word,
    allowed_name_char,
    check_lobby_kind,
    clean_name,
)

PROTOCOL_VERSION = 6            # what each version added: docs/protocol.md, "Versions"
MAX_COMMAND_BYTES = 4096        # a client frame larger than this is refused by the websocket layer
CHAT_LOG = 100                  # lines of a table's chat (and reactions) sent to someone who comes in
PRESET_NAMES = ("zingplay", "co_ban", "custom")


class ProtocolError(Exception):
    """A frame that is not a valid command: ``code`` names the kind, the message says what was wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------- commands (client -> server)
class _Cmd(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    pass


class Hello(_Cmd, tag="hello"):
    """The first command on a connection: who you are; ``resume`` reclaims a dropped seat."""

    name: Annotated[str, msgspec.Meta(max_length=4 * MAX_NAME)]
    version: int
    password: Password | None = None
    resume: Token | None = None
    avatar: Avatar | None = None    # the avatar chosen in the player's profile, shown to the table
    person: PersonKey | None = None  # who you are at this server: your app's own key for it (docs/protocol.md)

    def __post_init__(self) -> None:
        self.name = clean_name(self.name)


class ListTables(_Cmd, tag="list_tables"):
    pass


class TableSettings(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What a host chooses: seats, bet, clock, preset, bot levels for empty seats, optional password."""

    seats: Annotated[int, msgspec.Meta(ge=2, le=4)] = 4
    bet: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)] = 100
    turn_seconds: Annotated[int, msgspec.Meta(ge=0, le=600)] = 30
    preset: str = "zingplay"
    bots: Annotated[list[BotLevel], msgspec.Meta(max_length=4)] = msgspec.field(default_factory=list)
    password: Password | None = None

    def __post_init__(self) -> None:
        if self.preset not in PRESET_NAMES:
            raise ValueError(f"preset: unknown preset {self.preset!r} (choose from {', '.join(PRESET_NAMES)})")

    def bot_level(self, seat: int) -> BotLevel:
        """The level of the bot that fills ``seat`` if it is empty at the start."""
        return self.bots[seat] if seat < len(self.bots) else BotLevel.NORMAL


class CreateTable(TableSettings, _Cmd, tag="create_table"):
    """Open a new table with these settings; you sit at seat 0 and are its host."""


class Configure(TableSettings, _Cmd, tag="configure"):
    """Host only, before the start: replace the table's settings."""


class Join(_Cmd, tag="join"):
    """Join a table in its lobby and take ``seat`` (or the first free one)."""

    table: TableId
    seat: Seat | None = None
    password: Password | None = None


class Sit(_Cmd, tag="sit"):
    """Move to another free seat before the start."""

    seat: Seat


class Watch(_Cmd, tag="watch"):
    """Watch a table, playing or in its lobby: the public view of its games and its chat; sit down between games."""

    table: TableId
    password: Password | None = None


class StandUp(_Cmd, tag="stand_up"):
    """In the lobby or between games: leave your seat and watch the table (your chips go with you)."""


class SetSeat(_Cmd, tag="set_seat"):
    """Host only, between games: put a bot in an empty seat (``bot``), free a bot's seat for someone (``empty``),
    or give a free or bot seat to someone watching (``player`` with their ``member`` id)."""

    seat: Seat
    kind: SeatKind
    level: BotLevel | None = None
    member: MemberId | None = None

    def __post_init__(self) -> None:
        check_lobby_kind(self.kind)
        if (self.kind == SeatKind.PLAYER) != (self.member is not None):
            raise ValueError("member: give the id of someone watching exactly when kind is player")


class GiveSeat(_Cmd, tag="give_seat"):
    """Between games: offer your own seat to the person watching with id ``member``; they are asked, and take it
    (you watch, your chips kept for you) only if they accept."""

    member: MemberId


class AnswerSeat(_Cmd, tag="answer_seat"):
    """Watching, between games: accept (or decline) the seat ``seat`` offered to you (``seat_offer``)."""

    seat: Seat
    accept: bool


class Hold(_Cmd, tag="hold"):
    """Host only, between games: hold the next deal (``hold``, at most ``hold_seconds``) or deal on (false: your vote
    for the next game too)."""

    hold: bool = True


class React(_Cmd, tag="react"):
    """A quick reaction (a phrase or an emote) shown at your avatar; ``key`` is one of table/reactions.py."""

    key: Annotated[str, msgspec.Meta(max_length=16)]

    def __post_init__(self) -> None:
        if self.key not in REACTIONS:
            raise ValueError(f"key: unknown reaction {self.key!r} (choose from {', '.join(REACTIONS)})")


class Kick(_Cmd, tag="kick"):
    """Host only: remove the person with id ``member`` (a player in the lobby or between games, someone watching
    at any time); that person, by name, may not come back to the table; others from the same address may."""

    member: MemberId


class Mute(_Cmd, tag="mute"):
    """Host only: the player or watcher with id ``member`` may (``muted`` false) or may not chat at this table."""

    member: MemberId
    muted: bool = True


class Ready(_Cmd, tag="ready"):
    ready: bool = True


class Start(_Cmd, tag="start"):
    """Host only: start the first game; empty seats get bots."""


class Chat(_Cmd, tag="chat"):
    text: Annotated[str, msgspec.Meta(max_length=2 * MAX_CHAT)]

    def __post_init__(self) -> None:
        self.text = clean_chat(self.text)


class Ping(_Cmd, tag="ping"):
    t: float | None = None


class SetPassword(_Cmd, tag="set_password"):
    """Host only, at any time: the table's PIN from now on (``""``: none); whoever is at the table stays."""

    password: Password


Command = (Hello | ListTables | CreateTable | Configure | Join | Watch | Sit | StandUp | SetSeat | GiveSeat | AnswerSeat
           | Hold | Kick | Mute | Leave | Ready | Start | MoveCommand | NextGame | DealShown | HintRequest | Chat
           | React | Ping | SetPassword)
COMMAND_TYPES = ("hello", "list_tables", "create_table", "configure", "join", "watch", "sit", "stand_up", "set_seat",
                 "give_seat", "answer_seat", "hold", "kick", "mute", "leave", "ready", "start", "move", "next_game",
                 "deal_shown", "hint", "chat", "react", "ping", "set_password")

_decoder = msgspec.json.Decoder(Command)


def decode_command(frame: str | bytes) -> Command:
    """Decode one client frame; raises ProtocolError('bad_json' | 'unknown_type' | 'invalid' | 'bad_chat', ...)."""
    if isinstance(frame, str):
        frame = frame.encode("utf-8", "surrogatepass")
    if len(frame) > MAX_COMMAND_BYTES:
        raise ProtocolError("too_big", f"a command is at most {MAX_COMMAND_BYTES} bytes, got {len(frame)}")
    try:
        cmd = _decoder.decode(frame)
        check_moves(cmd)
        return cmd
    except msgspec.DecodeError as exc:
        if isinstance(exc, msgspec.ValidationError):
            text = str(exc)
            if text.endswith("at `$.type`") or "missing required field `type`" in text:
                raise ProtocolError("unknown_type", f"{text} (commands: {', '.join(COMMAND_TYPES)})") from None
            if text.startswith("text: ") or text.endswith("at `$.text`"):      # only a chat line has a text
                raise ProtocolError("bad_chat", text) from None
            raise ProtocolError("invalid", text) from None
        raise ProtocolError("bad_json", str(exc)) from None


def encode_command(cmd: Command) -> str:
    return msgspec.json.encode(cmd).decode()


# ---------------------------------------------------------------- events (server -> client)
class _Event(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    pass


class Welcome(_Event, tag="welcome"):
    version: int
    name: ShownName
    token: Token                # the resume token: send it in a later hello to reclaim your seat
    server: ServerName
    reconnect_seconds: float
    server_id: Word = ""        # this server instance: a restarted server has another one
    server_key: Word = ""       # the server's lasting identity (net/identity.py): its code is the one the list shows
    resumed: bool = False
    table: int | None = None
    seat: int | None = None


class Pong(_Event, tag="pong"):
    t: float | None = None


class Tables(_Event, tag="tables"):
    tables: Annotated[list[TableInfo], msgspec.Meta(max_length=MAX_TABLES_SHOWN)]


class Lobby(_Event, tag="lobby"):
    """The table you are at changed (seats, ready marks, host, settings, state)."""

    table: TableInfo
    you: Seat | None = None     # your seat
    watching: bool = False      # you watch this table (no seat)
    member: MemberId | None = None   # your id at this table (what its seats and watcher_ids show)


class ChatEvent(_Event, tag="chat"):
    seat: Seat | None           # null: someone watching
    name: ShownName
    text: ShownText
    watching: bool = False


class ReactionEvent(_Event, tag="reaction"):
    """A quick reaction (table/reactions.py) from a seat or from someone watching."""

    seat: Seat | None
    name: ShownName
    key: Word
    watching: bool = False


class SeatOffer(_Event, tag="seat_offer"):
    """To someone watching: ``by`` offers you seat ``seat`` (the host's invitation, or a player giving their own);
    answer with ``answer_seat`` within ``seconds``."""

    seat: Seat
    by: ShownName
    seconds: Annotated[float, msgspec.Meta(ge=0, le=600)]


class SeatDeclined(_Event, tag="seat_declined"):
    """To whoever offered seat ``seat``: ``name`` declined it, or did not answer in time (``expired``)."""

    seat: Seat
    name: ShownName
    expired: bool = False


class Removed(_Event, tag="removed"):
    """The host removed someone from the table (``watching``: someone watching); told to everyone there and kept in
    the table's chat."""

    name: ShownName
    watching: bool = False


class ChatLog(_Event, tag="chat_log"):
    """The table's chat so far (the last lines, reactions and removals), for someone who just came in or came
    back."""

    lines: Annotated[list[ChatEvent | ReactionEvent | Removed], msgspec.Meta(max_length=CHAT_LOG)]


class Closing(_Event, tag="closing"):
    """The server closes: ``reason`` is ``host_left`` (the host left their table), ``host_quit`` (the app hosting
    the table was closed) or ``shutdown`` (the server was stopped); ``who`` names the host. The final
    ``server_shutdown`` error follows."""

    reason: Word
    who: ShownName | None = None


class Batch(_Event, tag="batch"):
    """Several table messages for your seat in one frame (the events of one change and its snapshot), in order."""

    messages: Annotated[list[TableMessage], msgspec.Meta(max_length=4096)]


class Left(_Event, tag="left_table"):
    """You are no longer at a table (you left, or the table closed)."""

    table: TableId
    reason: Word


class Disconnected(msgspec.Struct, frozen=True, kw_only=True):
    """The client's own notice (never on the wire): the connection is over for good; ``reason`` says why."""

    reason: str                 # unreachable, lost, seat_expired, server_restarted, bad_frame, closed, a final code,
    message: str                # or a closing reason (host_left, host_quit, shutdown)
    who: str | None = None      # with a closing reason: the host who closed
    wait: float | None = None   # bad_password, retry_later: seconds before the next try is checked


LobbyEvent = (Welcome | Error | Pong | Tables | Lobby | ChatEvent | ReactionEvent | Removed | ChatLog | Closing
              | Left | SeatOffer | SeatDeclined | GameRecord | Scoreboard)
ClientMessage = LobbyEvent | TableMessage | Disconnected        # what NetTableClient.poll_messages returns
ServerMessage = (Welcome | Pong | Tables | Lobby | ChatEvent | ReactionEvent | Removed | ChatLog | Closing | Left
                 | SeatOffer | SeatDeclined | Batch | GameRecord | Scoreboard | TableMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)


def decode_server_frame(frame: str | bytes) -> ServerMessage:
    """Decode one server frame strictly, and clean the text in it to be shown (names, lines, reasons);
    raises msgspec.DecodeError (ValidationError: the wrong shape or a field beyond its bounds)."""
    msg = _server_decoder.decode(frame)
    for one in msg.messages if isinstance(msg, Batch) else (msg,):
        check_record(one) if isinstance(one, GameRecord) else check_moves(one)
    if isinstance(msg, Batch):
        return msgspec.structs.replace(msg, messages=[_cleaned(one) for one in msg.messages])
    return _cleaned(msg)


def _name(value: str | None) -> str | None:
    return None if value is None else shown(value, MAX_SHOWN_NAME)


def _table(info: TableInfo) -> TableInfo:
    seats = [msgspec.structs.replace(seat, name=_name(seat.name)) for seat in info.seats]
    watchers, muted = ([shown(w, MAX_SHOWN_NAME) for w in names] for names in (info.watchers, info.muted))
    return msgspec.structs.replace(info, name=shown(info.name, 64), seats=seats, watchers=watchers, muted=muted)


def _cleaned(msg: Any) -> Any:
    """``msg`` with every text a person will see from a server cleaned (chat_text.shown)."""
    replace = msgspec.structs.replace
    if isinstance(msg, ChatEvent):
        return replace(msg, name=shown(msg.name, MAX_SHOWN_NAME), text=shown(msg.text, 2 * MAX_CHAT))
    if isinstance(msg, (ReactionEvent, Removed, SeatDeclined)):
        return replace(msg, name=shown(msg.name, MAX_SHOWN_NAME))
    if isinstance(msg, SeatOffer):
        return replace(msg, by=shown(msg.by, MAX_SHOWN_NAME))
    if isinstance(msg, ChatLog):
        return replace(msg, lines=[_cleaned(line) for line in msg.lines])
    if isinstance(msg, Lobby):
        return replace(msg, table=_table(msg.table))
    if isinstance(msg, Tables):
        return replace(msg, tables=[_table(t) for t in msg.tables])
    if isinstance(msg, Welcome):
        return replace(msg, name=shown(msg.name, MAX_SHOWN_NAME), server=shown(msg.server, 64))
    if isinstance(msg, Closing):
        return replace(msg, who=_name(msg.who))
    if isinstance(msg, Snapshot):
        return replace(msg, names=[shown(n, 40) for n in msg.names])
    if isinstance(msg, Scoreboard):
        return replace(msg, rows=[replace(r, name=shown(r.name, MAX_SHOWN_NAME)) for r in msg.rows])
    return replace(msg, final=_cleaned(msg.final)) if isinstance(msg, GameRecord) else msg


def encode(event: _Event | SeatMessage) -> str:
    """One frame of server output: a lobby event or a table message."""
    return msgspec.json.encode(event).decode()


def error(code: str, message: str, wait: float | None = None) -> str:
    """An ``error`` frame (``wait``: a refused password's seconds before the next try, rounded up to a tenth)."""
    return encode(Error(code=code, message=message, wait=None if wait is None else math.ceil(wait * 10) / 10))
