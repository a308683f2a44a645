"""Typed errors raised by the store: bad input to a store call, or a store that cannot be used."""

from __future__ import annotations


class StoreError(Exception):
    """The store refused a request or could not read or write its files; nothing was changed."""


class SettingsError(StoreError, ValueError):
    """A setting value is out of range or of the wrong type; the stored settings are unchanged."""


class UnfitSave(StoreError):
    """A saved game that reads well but that this version cannot seat or play (rules, bet, seats, pacing)."""


class SettleError(StoreError, ValueError):
    """A game cannot be settled (not over, or its seats do not match the game)."""
