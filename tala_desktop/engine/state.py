"""The game state of one Phỏm game: the engine's entry point, a position with the rules as methods.

``GameState`` is built from a seed (``GameState.new``) or an explicit deal
(``GameState.from_deal``), offers ``legal_moves()``, applies moves with
``push`` (checked, raises ``IllegalMoveError``) or ``push_unchecked`` (for
searchers), copies cheaply, and produces per-seat redacted views, an event
log and a typed outcome. The data and plain queries live in ``Position``
(position.py); the rules in legal.py, play.py, scoring.py and view.py, which
take a position and never import this module.
"""

from __future__ import annotations

from . import legal, play
from .errors import EngineError
from .moves import Move, TurnKind
from .position import Position
from .view import SeatView

__all__ = ["GameState", "TurnKind"]


class GameState(Position):
    """One game in progress. Seats are 0..n-1; turns go from seat i to i+1."""

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """Playing moves of the seat to move (``timeout`` and any seat's ``leave`` are always accepted too)."""
        return legal.legal_moves(self)

    def check(self, move: Move) -> Move:
        """Raise IllegalMoveError if ``move`` is not allowed; return it in canonical form."""
        return legal.check(self, move)

    def is_legal(self, move: Move) -> bool:
        try:
            legal.check(self, move)
        except EngineError:
            return False
        return True

    def push(self, move: Move) -> Move:
        """Check and apply ``move``; returns the canonical move that was applied."""
        move = legal.check(self, move)
        play.apply(self, move)
        self.history.append(move)
        return move

    def push_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal (from ``legal_moves()``): the searchers' fast path."""
        play.apply(self, move)
        self.history.append(move)

    def view(self, seat: int | None) -> SeatView[GameState]:
        """What ``seat`` may see: its own hand, public piles and counts (None: a watcher, no hand)."""
        return SeatView.of(self, seat)
