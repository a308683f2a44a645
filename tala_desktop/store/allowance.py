"""The chips the game gives: a new profile's starting grant and the floor the daily top-up restores.

A leaf module: the wallet (``profile``) pays them and the ledger's rebuild
(``ledger_rebuild``, run by the schema's migrations) reads the grant, so
neither has to import the other.
"""

from __future__ import annotations

STARTING_GRANT = 10_000
DAILY_FLOOR = 2_000
