"""Every card a table message shows, found through its schema (fields typed ``Card``, and the cards of moves)."""

from __future__ import annotations

from typing import Any

import msgspec
import msgspec.inspect as mi

from tala_desktop.engine import Move


def cards_in(msg: msgspec.Struct) -> set[int]:
    """The cards ``msg`` names anywhere: in card fields at any depth, and in the moves it carries."""
    return _walk(msg, mi.type_info(type(msg)))


def _walk(value: Any, info: mi.Type) -> set[int]:
    if value is None:
        return set()
    if isinstance(value, Move):
        return {c for c in range(52) if value.card == c or any(m >> c & 1 for m in value.melds)}
    if isinstance(info, mi.Metadata):
        return _walk(value, info.type)
    if isinstance(info, mi.IntType):
        return {value} if (info.ge, info.le) == (0, 51) else set()
    if isinstance(info, (mi.StructType, mi.DataclassType)):
        if not isinstance(value, info.cls):
            return set()  # another branch of a union
        return set().union(set(), *(_walk(getattr(value, f.name), f.type) for f in info.fields))
    if isinstance(info, (mi.ListType, mi.VarTupleType)):
        return set().union(set(), *(_walk(v, info.item_type) for v in value))
    if isinstance(info, mi.TupleType):
        return set().union(set(), *(_walk(v, t) for v, t in zip(value, info.item_types)))
    if isinstance(info, mi.UnionType):
        return set().union(set(), *(_walk(value, t) for t in info.types if not isinstance(t, mi.NoneType)))
    return set()


