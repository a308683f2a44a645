"""The server core files each command by its type: every command but hello has one handler, and a second is refused."""

from __future__ import annotations

import typing

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.core import ServerCore
from tala_desktop.net.handlers import Handlers
from tala_desktop.net.limits import ServerConfig


def test_every_command_but_hello_has_a_handler() -> None:
    core = ServerCore(ServerConfig())
    kinds = typing.get_args(p.Command)
    assert len(kinds) == len(p.COMMAND_TYPES)
    assert [k.__name__ for k in kinds if k not in core.commands] == ["Hello"]   # hello: before any command


def test_a_type_has_one_handler_and_a_message_without_one_is_left_to_the_caller() -> None:
    seen: list[object] = []
    handlers: Handlers[[]] = Handlers()
    handlers.on(p.Ping, seen.append)
    with pytest.raises(ValueError, match="Ping has a handler already"):
        handlers.on(p.Ping, seen.append)
    assert handlers.handle(p.Ping(t=1.0)) and seen == [p.Ping(t=1.0)]
    assert not handlers.handle(p.Pong(t=1.0)) and seen == [p.Ping(t=1.0)]
