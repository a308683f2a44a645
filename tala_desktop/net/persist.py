"""What the server's state file keeps of its running tables, so a server that died resumes them on its next start.

After every change, before the frames that show it are sent (so a crash
never takes back what a player saw), a started table is written as one JSON row (the lobby:
settings, seats, host; the players' names, addresses and the SHA-256 each
person is known by (of their app's key, or of their resume token), never a
key or a token; the table: names, balances, game id, the
dealer's random state and the current game as an ``engine.record`` object,
deal plus moves). On start the server replays each row's game through the
engine (a row that does not replay, or whose values are out of range, is
dropped with a warning), seats its players as dropped, and waits
``reconnect_seconds`` for their tokens as after any drop. This module does
no I/O: ``TableKeeper`` makes the writes (``SaveTables``) the server core
hands its adapter, which performs them on the file (net/state_file.py). A
server stopped on purpose (Ctrl-C, SIGTERM) tells its players, ends its
tables and empties the file. The file also keeps the server's lasting
identity (its ``meta`` table), which the emptying leaves alone.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace

import msgspec

from tala_desktop.bots.lanes import Lane
from tala_desktop.bots.runner import Runner
from tala_desktop.engine import EngineError
from tala_desktop.engine.record import game_from_obj, game_to_obj
from tala_desktop.table import LOBBY_KINDS, SeatKind, Table, TableError

from . import protocol as p
from .limits import ServerConfig
from .people import SavedStake, load_people, saved_people
from .rooms import Room
from .sessions import SaveTables, Session

log = logging.getLogger(__name__)

FORMAT_VERSION = 2                 # 2: people by the hash of their key (1: of their resume token)
MAX_BALANCE = 10 ** 12  # chips a restored seat may hold (a balance beyond is not a table's)
RESUME_GRACE = 5.0   # seconds a resumed table waits for its players before auto-playing their turns


class SavedSeat(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    addr: str
    person: str                         # the hash the server knows the person by (sessions.Session.person)


class SavedTable(msgspec.Struct, forbid_unknown_fields=True):
    names: list[str]
    balances: list[int]
    game_id: int
    left_table: list[bool]
    game: msgspec.Raw                   # engine.record.game_to_obj of the current game
    changed: list[int] = []             # seats that changed hands since the deal (the next leader skips them)
    played: tuple[list[str], list[int]] | None = None   # a finished game's names and balances (Table.played)


class SavedRoom(msgspec.Struct, forbid_unknown_fields=True):
    v: int
    id: int
    name: str
    settings: p.TableSettings
    host: str | None                    # the host, a person (seated or watching): Seats.host_person
    kinds: list[SeatKind]
    left: list[int]
    votes: list[int]
    names: list[str | None]
    creator_addr: str
    seats: list[SavedSeat | None]
    table: SavedTable
    watchers: list[SavedSeat] = []      # (the chat is not kept: a resumed table's chat starts empty)
    people: list[SavedStake] = []       # everyone the table has known: ids, chips, evening, moderation
    played_by: list[str | None] = []    # the person who plays each seat of the game dealt (its end is theirs)
    ended: int = 0                      # the last game whose end was charged to them


class GameJSON:
    """One game's JSON parts that do not change while it is played (the deal, the dealer's random state),
    encoded once, and its move list, encoded move by move as they are made: saving a table after a move costs
    little."""

    def __init__(self, table: Table) -> None:
        assert table.state is not None
        self.state = table.state
        version, internal, gauss = table.rng.getstate()
        self.rng = msgspec.json.encode([version, list(internal), gauss])
        deal = game_to_obj(self.state)
        del deal["moves"]
        self.deal = msgspec.json.encode(deal)[:-1] + b',"moves":['
        self.made = 0                           # the moves encoded so far
        self.moves = bytearray()                # ... each a JSON string, comma-separated

    def game(self) -> msgspec.Raw:
        history = self.state.history
        for m in history[self.made:]:
            if self.made:
                self.moves += b","
            self.moves += msgspec.json.encode(str(m))
            self.made += 1
        return msgspec.Raw(self.deal + self.moves + b"]}")


def room_to_json(room: Room[Session], cache: GameJSON | None = None) -> tuple[bytes, GameJSON, bool]:
    """The room as one state-file row, the game's cached parts (pass them back for the next save), and
    whether the game is new since that cache (then its dealer's random state ``cache.rng`` is to be written)."""
    table = room.table
    assert table is not None and table.state is not None
    new = cache is None or cache.state is not table.state
    if cache is None or new:
        cache = GameJSON(table)
    seats = [None if m is None else SavedSeat(m.name, m.addr, m.person)
             for m in room.seats.members]
    watchers = [SavedSeat(name, m.addr, m.person) for m, name in room.audience.watchers.items()]
    st = room.seats
    saved = SavedRoom(
        v=FORMAT_VERSION, id=room.id, name=room.name, settings=room.settings, host=st.host_person, kinds=st.kinds,
        left=sorted(st.left), votes=sorted(st.votes), names=st.names, creator_addr=room.creator_addr,
        seats=seats, watchers=watchers, people=saved_people(room.state.people), played_by=room.between.played_by,
        ended=room.between.ended,
        table=SavedTable(names=table.names, balances=table.balances, game_id=table.game_id,
                         left_table=table.left_table, game=cache.game(), changed=sorted(table.changed),
                         played=table.played))
    return msgspec.json.encode(saved), cache, new


def room_from_json(data: bytes, dealer: bytes | None, config: ServerConfig, now: float,
                   runner: Lane | None = None) -> tuple[Room[Session], list[Session]]:
    """The room saved in ``data`` (``dealer``: its dealer's random state), its game replayed and its players
    seated as dropped, its bots decided in ``runner``, its lane of the server's (None: its own threads);
    ValueError if it is bad."""
    if dealer is None:
        raise ValueError("the saved table has no dealer state")
    try:
        saved = msgspec.json.decode(data, type=SavedRoom)
    except (msgspec.DecodeError, ValueError) as exc:
        raise ValueError(f"not a saved table: {exc}") from None
    if saved.v != FORMAT_VERSION:
        raise ValueError(f"saved table format {saved.v}, expected {FORMAT_VERSION}")
    n = saved.settings.seats
    t = saved.table
    if not (len(saved.seats) == len(saved.names) == len(saved.kinds) == len(t.names) == len(t.balances)
            == len(t.left_table) == n) or any(k not in LOBBY_KINDS for k in saved.kinds) \
            or any(not 0 <= c < n for c in t.changed):
        raise ValueError("the saved table's seats do not agree")
    if any(s is not None and k != SeatKind.PLAYER for s, k in zip(saved.seats, saved.kinds, strict=True)):
        raise ValueError("a saved player sits on a seat that is not a player's")
    if any(not 0 <= b <= MAX_BALANCE for b in t.balances) or any(not 0 <= x < n for x in (*saved.votes,
                                                                                          *saved.left)):
        raise ValueError("the saved table's balances, votes or leavers are out of range")
    if saved.host is not None and not _hash(saved.host):
        raise ValueError("the saved table's host is not a person as the server keeps them")
    if not 0 <= t.game_id <= 10 ** 9 or len(saved.watchers) > config.max_watchers:
        raise ValueError("the saved table's game number or watchers are out of range")
    if len(saved.played_by) not in (0, n) or not 0 <= saved.ended <= t.game_id or not all(
            _hash(x) for x in (*(s.person for s in saved.seats if s is not None), *(w.person for w in saved.watchers),
                               *(x for x in saved.played_by if x is not None))):
        raise ValueError("the saved table's people are not as a server keeps them")
    if t.played is not None and (len(t.played[0]) != n or len(t.played[1]) != n
                                 or any(not 0 <= b <= MAX_BALANCE for b in t.played[1])):
        raise ValueError("the saved finished game's names or balances do not fit the table")
    room: Room[Session] = Room(saved.id, saved.settings, config, now, runner)
    room.state.name, room.creator_addr = saved.name, saved.creator_addr
    load_people(room.state.people, saved.people)
    room.between.played_by, room.between.ended = list(saved.played_by) or [None] * n, saved.ended
    seats = room.seats
    seats.left, seats.votes, seats.names = set(saved.left), set(saved.votes), list(saved.names)
    sessions = []
    for seat, s in enumerate(saved.seats):
        if s is not None:
            session = Session(s.name, s.addr, person=s.person)
            session.room, session.dropped_at = room, now
            seats.members[seat] = session
            sessions.append(session)
    seats.host_person = saved.host
    for w in saved.watchers:
        session = Session(w.name, w.addr, person=w.person)
        session.room, session.dropped_at = room, now
        room.audience.keep(session, w.name)
        sessions.append(session)
    table = room.build_table(saved.kinds, t.names, t.balances)
    try:
        rng = msgspec.json.decode(dealer, type=tuple[int, list[int], float | None])
        state = game_from_obj(msgspec.json.decode(t.game))
        if replace(state.rules, preset=table.config.rules.preset) != table.config.rules:
            raise ValueError("the saved game's rules are not the table's")
        state.rules = table.config.rules
        table.rng.setstate((rng[0], tuple(rng[1]), rng[2]))
        table.left_table = list(t.left_table)
        table.resume(state, t.game_id, t.balances, now)
        table.changed = set(t.changed)
        table.played = (list(t.played[0]), list(t.played[1])) if t.played is not None else None
    except (EngineError, TableError, TypeError, IndexError, msgspec.DecodeError) as exc:
        table.close()
        raise ValueError(f"the saved game does not resume: {exc}") from None
    room.state.table = table
    room.between.keep_records(table)
    room.away.grace_until = now + RESUME_GRACE
    return room, sessions


def _hash(value: str) -> bool:
    """``value`` is a person as the server keeps them (a SHA-256 in hex)."""
    return len(value) == 64 and all(ch in "0123456789abcdef" for ch in value)


class TableKeeper:
    """Keeps the state file in step with the server's started tables, without touching it: after each command or
    tick that changed a table it makes the ``SaveTables`` the adapter performs before the frames that show the
    change are sent; a write the adapter could not do is made again (``not_written``)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self._saved: dict[int, tuple[int, int, int]] = {}   # room id -> what its row shows
        self._games: dict[int, GameJSON] = {}

    def restore(self, kept: list[tuple[int, bytes, bytes | None]], now: float, runner: Runner | None = None,
                ) -> tuple[list[tuple[Room[Session], list[Session]]], SaveTables | None]:
        """The tables ``kept`` by a run of the server that died (the state file's rows), resumed (their bots in
        a lane each of ``runner``); the rows that do not resume are to be dropped (the write returned)."""
        out, bad = [], []
        for room_id, data, dealer in kept:
            try:
                lane = Lane(runner) if runner is not None else None
                room, sessions = room_from_json(data, dealer, self.config, now, lane)
            except ValueError as exc:
                log.warning("table %d of the state file is not resumed: %s", room_id, exc)
                bad.append(room_id)
                continue
            self._saved[room.id] = self._key(room)
            out.append((room, sessions))
            log.info("%s resumed (game %d): waiting for %s", room.name, room.table.game_id if room.table else 0,
                     ", ".join(s.name for s in sessions) or "nobody")
        return out, SaveTables(gone=tuple(bad)) if bad else None

    @staticmethod
    def _key(room: Room[Session]) -> tuple[int, int, int]:
        table = room.table
        moves = len(table.state.history) if table is not None and table.state is not None else -1
        return room.version, table.game_id if table is not None else 0, moves

    def save(self, rooms: Iterable[Room[Session]]) -> SaveTables | None:
        """The write of the started tables that changed since the last one, and of the ones that closed."""
        rooms = list(rooms)
        live = {r.id for r in rooms}
        return self._write(rooms, [i for i in self._saved if i not in live])

    def commit(self, room: Room[Session], open_: bool) -> SaveTables | None:
        """The write of ``room`` if it changed (``open_`` False: it closed, its row goes), to be done before the
        frames of the change are sent: what a player saw is what a crash resumes."""
        if open_:
            return self._write([room], [])
        return self._write([], [room.id]) if room.id in self._saved else None

    def _write(self, rooms: list[Room[Session]], gone: list[int]) -> SaveTables | None:
        rows, dealers = [], []
        for room in rooms:
            if room.table is None or room.table.state is None:
                continue
            key = self._key(room)
            if self._saved.get(room.id) != key:
                self._saved[room.id] = key
                row, game, new = room_to_json(room, self._games.get(room.id))
                self._games[room.id] = game
                rows.append((room.id, row))
                if new:
                    dealers.append((room.id, game.rng))
        for i in gone:
            self._saved.pop(i, None)
            self._games.pop(i, None)
        return SaveTables(tuple(rows), tuple(dealers), tuple(gone)) if rows or gone else None

    def not_written(self, write: SaveTables) -> None:
        """The adapter could not do ``write``: its tables are written again at the next save (with their dealers),
        and the rows it was to forget are forgotten again then."""
        for room_id, _ in write.rows:
            self._saved.pop(room_id, None)
        for room_id, _ in write.dealers:
            self._games.pop(room_id, None)
        for room_id in write.gone:
            self._saved.setdefault(room_id, (-1, -1, -1))
