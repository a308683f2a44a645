"""The bot laboratory: Hard's search variants the experiments measured, outside the game that ships.

Nothing in ``tala_desktop`` imports this package (an import contract keeps
it so). ``make_bot`` builds any level as the game does and, for Hard, takes
the experiment options of ``search.Variant`` beside the app's ``HardConfig``,
plugged into the app's search through its one hook, ``SearchStrategy``. The
experiments' drivers live in ``bench/`` (``bench/sim.py --hard-option``,
``bench/bot_decisions.py``, ``bench/bot_oracle.py``, ``bench/bot_ceiling.py``)
and docs/experiments/ gives the command of every figure. The modules only
the experiments use live here too: the fitted end value of a playout
(``leaf.py``), reading the hidden hands from the record (``inference.py``)
and the learned card model (``card_model.py``).
"""

from __future__ import annotations

import json
from dataclasses import fields

from tala_desktop.bots import Bot, BotLevel
from tala_desktop.bots import make_bot as make_game_bot
from tala_desktop.bots.hard import HardBot, HardConfig

from .search import LabSearch, Sampler, Variant

CONFIG_FIELDS = frozenset(f.name for f in fields(HardConfig))


def make_bot(level: BotLevel | str, seed: int | None = None, sampler: Sampler | None = None, **options) -> Bot:
    """A bot of ``level``; Hard takes ``HardConfig``'s fields and ``Variant``'s, and a ``sampler`` of its deals.

    A Hard bot whose options are all the app's gets no strategy: it is the app's Hard.
    """
    if level != BotLevel.HARD:
        if options or sampler is not None:
            raise TypeError(f"only Hard takes options, not {level}: {', '.join(options) or 'sampler'}")
        return make_game_bot(level, seed)
    config = HardConfig(**{k: v for k, v in options.items() if k in CONFIG_FIELDS})
    variant = Variant(**{k: v for k, v in options.items() if k not in CONFIG_FIELDS})
    bot = HardBot(seed, config)
    if variant != Variant() or sampler is not None:
        bot.strategy = LabSearch(bot, variant) if sampler is None else LabSearch(bot, variant, sampler)
    return bot


def parse_options(pairs: list[str]) -> dict:
    """``KEY=VALUE`` texts as Hard keywords (values read as JSON, else kept as text), checked by building a bot."""
    out: dict = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"{pair!r} is not KEY=VALUE")
        try:
            out[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            out[key.strip()] = text
    try:
        make_bot(BotLevel.HARD, 0, **out)
    except TypeError as exc:
        raise ValueError(f"not a Hard keyword: {exc}") from exc
    return out


__all__ = ["CONFIG_FIELDS", "LabSearch", "Sampler", "Variant", "make_bot", "parse_options"]
