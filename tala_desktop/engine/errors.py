"""Typed errors raised by the engine: bad notation, bad rules, illegal moves."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardParseError(EngineError):
    """A card token such as ``"1x"`` could not be parsed."""


class MoveParseError(EngineError):
    """A move string does not follow the move grammar."""


class RulesError(EngineError):
    """A rules object or preset name is invalid."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules do not allow in this position.

    ``code`` names the reason for translation by the UI (e.g. ``"eaten_card"``).
    """

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


class GameOverError(IllegalMoveError):
    """A move was offered after the game ended."""

    def __init__(self, message: str = "the game is over", code: str = "game_over") -> None:
        super().__init__(message, code)


class SaveError(EngineError):
    """A saved game or scenario could not be read."""
