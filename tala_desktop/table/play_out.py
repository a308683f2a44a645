"""Playing a game to its end at once: each seat by its bot, Hard bots and people by a Normal bot (instant)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from tala_desktop.bots import BotLevel, make_bot
from tala_desktop.bots.base import Bot
from tala_desktop.engine import GameState, Move, MoveKind

log = logging.getLogger(__name__)


def play_to_end(st: GameState, bots: Sequence[Bot | None]) -> None:
    """Push moves on ``st`` until the game is over: the seat's bot (a Normal bot for a person or a Hard bot,
    which searches for a fixed budget per move), the timeout action for a bot that fails. Seats that left are
    played by the engine itself."""
    fallback = make_bot(BotLevel.NORMAL, 0)
    while not st.is_over:
        seat = st.to_move
        bot = bots[seat]
        bot = fallback if bot is None or bot.level == BotLevel.HARD else bot
        try:
            st.push(bot.decide(st.view(seat)).move)
        except Exception:  # noqa: BLE001 - a failing bot must not stop the table
            log.exception("bot at seat %d failed while playing out; playing its timeout action", seat)
            st.push(Move(seat, MoveKind.TIMEOUT))
