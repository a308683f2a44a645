"""A table of handlers by message type: what each kind of message does, looked up once instead of tried in turn.

The server core files each command through one (net/core.py), the app's
LAN session each message from the server (ui/lan/session.py). A handler is
registered for an exact type (the protocol's messages are final Structs,
never subclassed); ``on`` is typed so that mypy checks the handler takes
that type and the extra arguments every handler of the table is given.
``handle`` calls the message's handler and says whether it had one: what
to do with a message nobody handles stays the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar

P = ParamSpec("P")   # what every handler of a table is given after the message
C = TypeVar("C")


class Handlers(Generic[P]):
    """Handlers by the exact type of the message they take."""

    def __init__(self) -> None:
        self._by_type: dict[type, Callable[..., None]] = {}

    def on(self, kind: type[C], handler: Callable[Concatenate[C, P], None]) -> None:
        """``handler`` handles every message of type ``kind`` from now on (one handler a type)."""
        if kind in self._by_type:
            raise ValueError(f"{kind.__name__} has a handler already")
        self._by_type[kind] = handler

    def __contains__(self, kind: type) -> bool:
        return kind in self._by_type

    def handle(self, msg: Any, *args: P.args, **kwargs: P.kwargs) -> bool:
        """Call ``msg``'s handler; False when its type has none (nothing was done)."""
        handler = self._by_type.get(type(msg))
        if handler is None:
            return False
        handler(msg, *args, **kwargs)
        return True
