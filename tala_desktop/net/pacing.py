"""How fast people may arrive at a LAN table, and how often its lobby frames go out: churn must not flood a table.

Someone who watches and leaves in a loop (each within the command budgets:
eight connections from one address, 20 commands a second each) made every
player at the table receive 160 lobby frames a second. Two paces hold it:

- **arrivals** (``join``, ``watch``) are counted per address and per table
  (token buckets, ``ServerConfig.address_arrival_*`` and
  ``table_arrival_*``): a burst for a group of friends coming in together,
  then one a second from one address and two a second at one table; beyond,
  ``rate_limited`` ("wait a moment") and nothing changes;
- a table's **lobby frames** go out at once while its budget lasts
  (``lobby_rate``, ``lobby_burst``); beyond, the change waits and the table's
  state as it is then goes out at the next tick a token is back, so several
  changes become one frame and nothing is lost (every frame is the whole
  table).
"""

from __future__ import annotations

from .limits import ServerConfig, TokenBucket


class LobbyPacer:
    """When a table's lobby frames may go out (see the module)."""

    __slots__ = ("bucket", "pending")

    def __init__(self, config: ServerConfig, now: float) -> None:
        self.bucket = TokenBucket(config.lobby_rate, config.lobby_burst, now)
        self.pending = False

    def changed(self, now: float) -> bool:
        """The table changed: True when its frame may go now (else it waits for ``due``)."""
        if self.bucket.take(now):
            self.pending = False
            return True
        self.pending = True
        return False

    def due(self, now: float) -> bool:
        """A change waited and its frame may go now."""
        if self.pending and self.bucket.take(now):
            self.pending = False
            return True
        return False


def arrival_bucket(config: ServerConfig, now: float) -> TokenBucket:
    """A table's pace of arrivals, from everyone together."""
    return TokenBucket(config.table_arrival_rate, config.table_arrival_burst, now)
