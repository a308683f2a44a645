"""LAN errors in words: the server's refusal codes and the client's disconnect reasons as translated sentences.

The server's ``message`` and the client's exception texts are English for the
log; the player sees what ``error_text`` / ``disconnect_text`` make of the
``code`` (or the disconnect ``reason``): what went wrong and what to do. A code
this version does not know gets a general sentence, never the raw text.
"""

from __future__ import annotations

import logging
import sys

from ..core.i18n import N_, tr

log = logging.getLogger(__name__)

# the disconnect message's ``reason`` (docs/protocol.md) -> i18n key
DISCONNECT_KEYS: dict[str, str] = {
    "unreachable": N_("net.unreachable"), "lost": N_("net.lost"), "closed": N_("net.lost"),
    "seat_expired": N_("net.seat_expired"),
    "server_restarted": N_("net.server_restarted"), "bad_frame": N_("net.version"), "version": N_("net.version"),
    "server_shutdown": N_("net.server_shutdown"), "bad_password": N_("net.bad_password"),
    "replaced": N_("net.replaced"),
    "too_many_connections": N_("net.too_many_connections"), "hello_timeout": N_("net.hello_timeout"),
    "retry_later": N_("net.retry_later"), "shutdown": N_("net.server_shutdown"), "host_quit": N_("net.host_quit"),
    "host_left": N_("net.host_left"),
}
# a refused lobby command's ``code`` -> i18n key
ERROR_KEYS: dict[str, str] = {
    "no_table": N_("net.error.no_table"), "at_table": N_("net.error.at_table"),
    "table_full": N_("net.error.table_full"),
    "seat_taken": N_("net.error.seat_taken"), "in_progress": N_("net.error.in_progress"),
    "not_host": N_("net.error.not_host"),
    "not_ready": N_("net.error.not_ready"), "too_many_tables": N_("net.error.too_many_tables"),
    "no_game": N_("net.error.no_game"), "rate_limited": N_("net.error.rate_limited"),
    "invalid": N_("net.error.invalid"),
    "bad_password": N_("net.bad_password"), "too_big": N_("net.error.invalid"), "retry_later": N_("net.retry_later"),
    "kicked": N_("net.error.kicked"), "no_player": N_("net.error.no_player"),
    "not_yourself": N_("net.error.not_yourself"),
    "chat_too_fast": N_("social.too_fast"), "bad_chat": N_("social.bad_chat"), "muted": N_("social.muted"),
    "too_many_watchers": N_("net.error.too_many_watchers"),
    "watching": N_("net.error.watching"), "no_watcher": N_("net.error.no_watcher"), "no_bot": N_("net.error.no_bot"),
    "bad_seat": N_("net.error.bad_seat"), "server_shutdown": N_("net.server_shutdown"),
}
# why the server took you off a table (``left_table.reason``) when you did not ask: a notice in the lobby
LEFT_KEYS: dict[str, str] = {"kicked": N_("net.left.kicked"), "idle": N_("net.left.idle"),
                             "closed": N_("net.left.closed")}


def disconnect_text(reason: str, where: str = "", who: str | None = None) -> str:
    """Why the connection ended, for ``reason`` (``unreachable`` names the address tried; the host closing names
    ``who``), and what to do."""
    key = DISCONNECT_KEYS.get(reason)
    if key is None:
        log.info("no wording for the disconnect reason %r", reason)
        key = N_("net.lost")
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
        key = N_("net.error.other")
    return tr(key)
