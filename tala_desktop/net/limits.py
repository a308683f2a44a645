"""Server limits: the settings of one LAN server, token buckets, and what the server remembers per IP address.

Everything an abuser could reset by reconnecting is kept per address, not
per connection: open connections (watching a table takes one too), a shared
command budget (new connections draw from it too), a chat budget beside the
per-connection one, arrivals at tables (net/pacing.py) and tables held (wrong passwords are counted per address
and table: net/password_guard.py). Records of addresses gone quiet are forgotten after a while, and
their number is bounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tala_desktop.table.config import DEAL_WAIT


@dataclass
class ServerConfig:
    """Everything a server is started with; the defaults suit a LAN party."""

    host: str = "0.0.0.0"
    port: int = 8765
    name: str = "Tá Lả"
    host_name: str | None = None           # the hosting player (the beacon names them; each viewer says "X's table")
    max_tables: int = 8
    password: str | None = None            # asked in every hello when set
    max_message: int = 4096                # bytes per client frame (the websocket layer closes bigger ones)
    max_per_address: int = 8               # open connections from one IP address
    rate: float = 20.0                     # commands per second per connection (sustained)
    burst: float = 40.0                    # commands allowed in a burst
    address_rate: float = 160.0            # commands per second from one address, all its connections together
    address_burst: float = 320.0
    connect_cost: float = 4.0              # a new connection spends this much of its address's budget
    flood_close: int = 60                  # commands refused for rate before the connection is closed
    chat_rate: float = 1.0                 # chat lines and reactions per second per connection (sustained)
    chat_burst: float = 5.0
    address_chat_rate: float = 3.0         # chat lines and reactions per second from one address, all together
    address_chat_burst: float = 12.0
    max_watchers: int = 12                 # people watching one table at once
    address_arrival_rate: float = 1.0      # joins and watches a second from one address (net/pacing.py)...
    address_arrival_burst: float = 8.0
    table_arrival_rate: float = 2.0        # ... and at one table, from everyone together
    table_arrival_burst: float = 24.0
    lobby_rate: float = 5.0                # lobby frames a second to a table's people (then changes are coalesced)
    lobby_burst: float = 20.0
    send_queue: int = 512                  # frames waiting for one client before it counts as stuck
    send_queue_bytes: int = 256 * 1024     # bytes waiting for one client before it counts as stuck
    stall_seconds: float = 10.0            # a client whose frames wait this long without progress is dropped
    send_buffer: int = 32 * 1024           # the kernel's send buffer per connection (SO_SNDBUF)
    max_tables_per_address: int = 2        # tables hosted for one address at once
    lobby_idle_seconds: float = 900.0      # a lobby, or a table nobody sits at, closes after this long without a
                                           # seated player's command (what watchers send does not count)
    password_free_tries: int = 2           # wrong passwords from one address at one table before tries wait
    password_max_wait: float = 60.0        # the longest wait between two tries (net/password_guard.py)
    password_target_burst: float = 20.0    # wrong tries at one table (or the server) from everyone together...
    password_target_rate: float = 1 / 30   # ...refilled at one every 30 s
    password_memory: float = 3600.0        # a count of wrong tries is forgotten after this long without a try
    address_memory: float = 600.0          # an address with nothing open is forgotten after this long
    max_addresses: int = 4096              # addresses remembered at once (the quietest are forgotten first)
    ping_interval: float | None = 20.0     # websocket keepalive: ping every this many seconds
    ping_timeout: float | None = 20.0      # ...and drop the client when no pong comes back in time
    hello_timeout: float = 10.0            # seconds to send hello after connecting
    reconnect_seconds: float = 60.0        # a dropped player's seat waits this long for the resume token
    away_delay: float = 1.0                # seconds before a dropped player's turn is auto-played
    seat_offer_seconds: float = 8.0        # between games: how long the next deal waits for a watcher to sit
    hold_seconds: float = 180.0            # between games: how long the host may hold the next deal at most
    invite_seconds: float = 20.0           # between games: how long a seat offered to a watcher waits for an answer
    deal_delays_per_address: int = 2       # between games: the deal held back for newcomers of one address, at most
    vote_seconds: float = 30.0             # once a player asked for the next game, the others' time to ask too
    tick: float = 0.05                     # seconds between table clock/bot updates
    bot_delay: float = 0.8                 # a bot's move is held back so people can follow
    deal_wait: float = DEAL_WAIT           # the longest a first turn's clock waits for the mover's screen to show the
                                           # deal (table/config.py)
    hard_budget_ms: float = 300.0
    bot_workers: int = 0                   # threads (and Hard's search processes) deciding every table's bots (0: one
                                           # a core, at least 2)
    balance: int = 10_000                  # chips each seat starts with
    seed: int | None = None                # fixed seeds for tests; None: random deals
    state_path: str | None = None          # the SQLite file that keeps started tables across a crash (None: none)
    identity_path: str | None = None       # without a state file: the file keeping the server's identity (None: a
                                           # new one each run; net/identity.py)
    announce: bool = False                 # send LAN discovery beacons
    announce_target: tuple[str, int] = ("255.255.255.255", 37020)
    announce_every: float = 1.0


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take(now)`` spends one or says no."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


@dataclass
class AddressRecord:
    """What the server knows about one IP address, across all its connections, past and present."""

    bucket: TokenBucket
    chat: TokenBucket
    arrivals: TokenBucket
    last_seen: float
    conns: int = 0


@dataclass
class AddressBook:
    """Per-address records: connection counts and the shared rate budgets."""

    config: ServerConfig
    records: dict[str, AddressRecord] = field(default_factory=dict)

    def get(self, addr: str, now: float) -> AddressRecord:
        rec = self.records.get(addr)
        if rec is None:
            c = self.config
            if len(self.records) >= c.max_addresses:
                self.forget(now, force=True)
            rec = self.records[addr] = AddressRecord(
                TokenBucket(c.address_rate, c.address_burst, now),
                TokenBucket(c.address_chat_rate, c.address_chat_burst, now),
                TokenBucket(c.address_arrival_rate, c.address_arrival_burst, now), now)
        rec.last_seen = now
        return rec

    def take(self, addr: str, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` of the address's command budget; False (nothing spent) when it has run out."""
        return self.get(addr, now).bucket.take(now, cost)

    def take_arrival(self, addr: str, now: float) -> bool:
        """Spend one of the address's arrivals (a join or a watch); False when it has run out."""
        return self.get(addr, now).arrivals.take(now)

    def take_chat(self, addr: str, now: float) -> bool:
        """Spend one of the address's chat budget (chat lines and reactions); False when it has run out."""
        return self.get(addr, now).chat.take(now)

    def forget(self, now: float, force: bool = False) -> None:
        """Drop the records of addresses with nothing open that have been quiet for ``address_memory``
        (``force``: when the book is full, also the quietest half of the idle ones)."""
        c = self.config
        idle = [(r.last_seen, a) for a, r in self.records.items()
                if r.conns <= 0]
        for seen, addr in idle:
            if now - seen >= c.address_memory:
                del self.records[addr]
        if force and len(self.records) >= c.max_addresses:
            for _, addr in sorted(idle)[:max(1, len(idle) // 2)]:
                self.records.pop(addr, None)
