"""Server limits: the settings of one LAN server and a token bucket for messages per second per client."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ServerConfig:
    """Everything a server is started with; the defaults suit a LAN party."""

    host: str = "0.0.0.0"
    port: int = 8765
    name: str = "Tá Lả"
    max_tables: int = 8
    password: str | None = None            # asked in every hello when set
    max_message: int = 4096                # bytes per client frame (the websocket layer closes bigger ones)
    max_per_address: int = 8               # open connections from one IP address
    rate: float = 20.0                     # commands per second per connection (sustained)
    burst: float = 40.0                    # commands allowed in a burst
    flood_close: int = 60                  # commands refused for rate before the connection is closed
    send_queue: int = 512                  # frames waiting for one client before it counts as stuck
    ping_interval: float | None = 20.0     # websocket keepalive: ping every this many seconds
    ping_timeout: float | None = 20.0      # ...and drop the client when no pong comes back in time
    hello_timeout: float = 10.0            # seconds to send hello after connecting
    reconnect_seconds: float = 60.0        # a dropped player's seat waits this long for the resume token
    away_delay: float = 1.0                # seconds before a dropped player's turn is auto-played
    tick: float = 0.05                     # seconds between table clock/bot updates
    bot_delay: float = 0.8                 # a bot's move is held back so people can follow
    hard_budget_ms: float = 300.0
    balance: int = 10_000                  # chips each seat starts with
    seed: int | None = None                # fixed seeds for tests; None: random deals
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

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
