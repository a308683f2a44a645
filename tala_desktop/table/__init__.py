"""The authoritative table: seats, clock, bots, money and the next game — the same code offline and on the LAN."""

from .client import GUIDED, LocalTableClient, TableClient
from .config import BOT, HUMAN, LOBBY_KINDS, REMOTE, TABLE_KINDS, SeatConfig, SeatKind, TableConfig
from .table import ABSENT_AFTER, Table, TableError

__all__ = ["ABSENT_AFTER", "BOT", "GUIDED", "HUMAN", "LOBBY_KINDS", "REMOTE", "TABLE_KINDS", "LocalTableClient",
           "SeatConfig", "SeatKind", "Table", "TableClient", "TableConfig", "TableError"]
