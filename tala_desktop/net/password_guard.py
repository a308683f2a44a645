"""Wrong passwords: counted per (address, table), never forgiven by a right password elsewhere, capped per table.

A table's password is a short PIN, so guessing it must take days. Three
rules hold that:

- failures are counted per address **and** per target (a table, or the
  server's own password in hello): after ``password_free_tries`` each try
  from that address at that target waits twice as long as the one before, up
  to ``password_max_wait``. Only the right password for the same target
  clears its count, so knowing another table's PIN (your own) or the
  server's password buys nothing;
- every target has a budget of wrong tries shared by all addresses
  (``password_target_burst``, refilled at ``password_target_rate`` a
  second), so many addresses together are no faster; while it is spent,
  every try at that target waits, and nothing is checked;
- a count is forgotten only after ``password_memory`` seconds without a
  try, which is slower than waiting out the longest wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from .limits import ServerConfig, TokenBucket

SERVER = "server"                       # the target of the server's password (a table's is its id)
MAX_COUNTS = 8192                       # (address, target) counts remembered at once


@dataclass
class _Count:
    fails: int = 0
    wait_until: float = 0.0
    last: float = 0.0


class PasswordGuard:
    """The server's memory of wrong passwords (see the module's rules)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.counts: dict[tuple[str, str], _Count] = {}
        self.targets: dict[str, TokenBucket] = {}

    def wait(self, addr: str, target: str, now: float) -> float:
        """Seconds before ``addr`` may try a password at ``target`` (0: now)."""
        count = self.counts.get((addr, target))
        mine = max(0.0, count.wait_until - now) if count is not None else 0.0
        bucket = self.targets.get(target)
        shared = 0.0
        if bucket is not None:
            tokens = min(bucket.burst, bucket.tokens + (now - bucket.stamp) * bucket.rate)
            if tokens < 1.0:
                shared = (1.0 - tokens) / bucket.rate
        return max(mine, shared)

    def failed(self, addr: str, target: str, now: float) -> float:
        """Count a wrong password from ``addr`` at ``target``; returns the wait before its next try there."""
        c = self.config
        key = (addr, target)
        count = self.counts.get(key)
        if count is None:
            if len(self.counts) >= MAX_COUNTS:
                self.forget(now, force=True)
            count = self.counts[key] = _Count()
        count.fails += 1
        count.last = now
        extra = count.fails - c.password_free_tries
        count.wait_until = now + (0.0 if extra <= 0 else min(0.5 * 2.0 ** min(extra - 1, 40), c.password_max_wait))
        bucket = self.targets.get(target)
        if bucket is None:
            bucket = self.targets[target] = TokenBucket(c.password_target_rate, c.password_target_burst, now)
        bucket.take(now)
        return self.wait(addr, target, now)

    def passed(self, addr: str, target: str) -> None:
        """The right password from ``addr`` at ``target``: its own count there is cleared (no other)."""
        self.counts.pop((addr, target), None)

    def drop_target(self, target: str) -> None:
        """A table closed: its counts and budget go with it."""
        self.targets.pop(target, None)
        for key in [k for k in self.counts if k[1] == target]:
            del self.counts[key]

    def forget(self, now: float, force: bool = False) -> None:
        """Forget counts untried for ``password_memory`` seconds (``force``: also the oldest half when full)."""
        memory = self.config.password_memory
        for key in [k for k, v in self.counts.items() if now - v.last >= memory and v.wait_until <= now]:
            del self.counts[key]
        if force and len(self.counts) >= MAX_COUNTS:
            for key in sorted(self.counts, key=lambda k: self.counts[k].last)[:len(self.counts) // 2]:
                del self.counts[key]
