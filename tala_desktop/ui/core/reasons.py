"""A computer player's reason in words: ``bots.Reason`` (or its dict form off the wire) through the text catalog.

Nested reasons are put in words first and fill their parent's template; a
count argument picks the singular form (``tr_count``). A reason this version
cannot read becomes an empty text (the hint then shows just the move).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from .i18n import has_text, tr_count

log = logging.getLogger(__name__)

COUNTS = ("bets", "points", "count")      # the argument a key's singular form follows
MAX_DEPTH = 4


def reason_text(reason: Any, depth: int = 0) -> str:
    """``reason`` (a Reason, or ``{"key", "args"}``) in the current language; "" when it is not a known reason."""
    key, args = _parts(reason)
    if key is None or not has_text(key) or depth > MAX_DEPTH:
        log.info("a reason this version cannot put in words: %.200r", reason)
        return ""
    words: dict[str, object] = {}
    for name, value in args.items():
        words[name] = reason_text(value, depth + 1) if _parts(value)[0] is not None else value
    n = next((v for k, v in words.items() if k in COUNTS and isinstance(v, int)), 0)
    return tr_count(key, n, **words)


def _parts(reason: Any) -> tuple[str | None, Mapping[str, Any]]:
    if isinstance(reason, Mapping):
        key, args = reason.get("key"), reason.get("args", {})
    else:
        key, args = getattr(reason, "key", None), getattr(reason, "args", {})
    if not isinstance(key, str) or not isinstance(args, Mapping):
        return None, {}
    return key, args
