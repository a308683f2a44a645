"""The Phỏm rules engine: pure Python, standard library only.

Public API: cards and notation, ``Rules`` and presets, the hand solver,
``GameState`` with ``Move`` and the ``MoveKind``/``Phase``/``TurnKind`` enums,
views, the typed events a game records (``Event``: engine/events.py), outcomes (``Outcome``,
``OutcomeKind``) and game records.
"""

from .cards import card_label, card_str, cards_of, mask_of, parse_card, points
from .errors import (
    CardParseError,
    EngineError,
    GameOverError,
    IllegalMoveError,
    MoveParseError,
    RulesError,
    SaveError,
)
from .events import Event
from .melds import Phom, find_melds, has_ca, is_meld
from .moves import Move, MoveKind, Phase, TurnKind, parse_move
from .position import Position
from .rules import PRESETS, Rules
from .scoring import Outcome, OutcomeKind, leave_cost, next_leader
from .sends import LayPlan, best_lay_plan, plan_sends
from .solver import (
    Arrangement,
    all_best_arrangements,
    best_arrangement,
    can_eat,
    is_u_khan,
    locked_cards,
    u_kind,
)
from .state import GameState
from .view import SeatView, redact_event

__all__ = [
    "PRESETS", "Arrangement", "CardParseError", "EngineError", "Event", "GameOverError", "GameState",
    "IllegalMoveError", "LayPlan", "Move", "MoveKind", "MoveParseError", "Outcome", "OutcomeKind", "Phase", "Phom",
    "Position", "Rules",
    "RulesError", "SaveError", "SeatView", "TurnKind", "all_best_arrangements", "best_arrangement",
    "best_lay_plan", "can_eat", "card_label", "card_str", "cards_of", "find_melds", "has_ca",
    "is_meld", "is_u_khan", "leave_cost", "locked_cards", "mask_of", "next_leader", "parse_card", "parse_move",
    "plan_sends", "points", "redact_event", "u_kind",
]
