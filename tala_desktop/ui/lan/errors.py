"""LAN errors in words: the server's refusal codes and the client's disconnect reasons as translated sentences.

The server's ``message`` and the client's exception texts are English for the
log; the player sees what ``error_text`` / ``disconnect_text`` make of the
``code`` (or the disconnect ``reason``): what went wrong and what to do. A code
this version does not know gets a general sentence, never the raw text.
"""

from __future__ import annotations

import logging
import sys

from ..core.i18n import tr

log = logging.getLogger(__name__)

# the disconnect message's ``reason`` (docs/protocol.md) -> i18n key
DISCONNECT_KEYS: dict[str, str] = {
    "unreachable": "net.unreachable", "lost": "net.lost", "closed": "net.lost", "seat_expired": "net.seat_expired",
    "server_restarted": "net.server_restarted", "bad_frame": "net.version", "version": "net.version",
    "server_shutdown": "net.server_shutdown", "bad_password": "net.bad_password", "replaced": "net.replaced",
    "too_many_connections": "net.too_many_connections", "hello_timeout": "net.hello_timeout",
    "retry_later": "net.retry_later", "shutdown": "net.server_shutdown", "host_quit": "net.host_quit",
    "host_left": "net.host_left",
}
# a refused lobby command's ``code`` -> i18n key
ERROR_KEYS: dict[str, str] = {
    "no_table": "net.error.no_table", "at_table": "net.error.at_table", "table_full": "net.error.table_full",
    "seat_taken": "net.error.seat_taken", "in_progress": "net.error.in_progress", "not_host": "net.error.not_host",
    "not_ready": "net.error.not_ready", "too_many_tables": "net.error.too_many_tables",
    "no_game": "net.error.no_game", "rate_limited": "net.error.rate_limited", "invalid": "net.error.invalid",
    "bad_password": "net.bad_password", "too_big": "net.error.invalid", "retry_later": "net.retry_later",
    "kicked": "net.error.kicked", "no_player": "net.error.no_player", "not_yourself": "net.error.not_yourself",
    "chat_too_fast": "social.too_fast", "bad_chat": "social.bad_chat", "muted": "social.muted",
    "too_many_watchers": "net.error.too_many_watchers",
    "watching": "net.error.watching", "no_watcher": "net.error.no_watcher", "no_bot": "net.error.no_bot",
    "bad_seat": "net.error.bad_seat", "server_shutdown": "net.server_shutdown",
}
# why the server took you off a table (``left_table.reason``) when you did not ask: a notice in the lobby
LEFT_KEYS: dict[str, str] = {"kicked": "net.left.kicked", "idle": "net.left.idle", "closed": "net.left.closed"}


def disconnect_text(reason: str, where: str = "", who: str | None = None) -> str:
    """Why the connection ended, for ``reason`` (``unreachable`` names the address tried; the host closing names
    ``who``), and what to do."""
    key = DISCONNECT_KEYS.get(reason)
    if key is None:
        log.info("no wording for the disconnect reason %r", reason)
        key = "net.lost"
    text = tr(key, where=where or tr("net.the_server"), who=who or tr("net.the_host"))
    if reason == "unreachable" and sys.platform == "darwin":  # macOS 15 refuses LAN hosts without the permission
        text += " " + tr("lan.mac_local_network")
    return text


def left_text(reason: str) -> str | None:
    """Why you are no longer at a table, or None when you left it yourself."""
    key = LEFT_KEYS.get(reason)
    return tr(key) if key is not None else None


def error_text(code: str) -> str:
    """A refused lobby command in words."""
    key = ERROR_KEYS.get(code)
    if key is None:
        log.info("no wording for the server's error code %r", code)
        key = "net.error.other"
    return tr(key)
