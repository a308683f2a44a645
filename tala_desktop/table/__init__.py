"""The authoritative table: seats, clock, bots, money and the next game — the same code offline and on the LAN."""

from .client import LocalTableClient, TableClient
from .config import BOT, HUMAN, REMOTE, SeatConfig, TableConfig
from .table import Table, TableError

__all__ = ["BOT", "HUMAN", "REMOTE", "LocalTableClient", "SeatConfig", "Table", "TableClient", "TableConfig",
           "TableError"]
