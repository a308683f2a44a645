"""Player names on screen: the default name ("Bạn" / "You") follows the language; the name sent to a LAN server.

A new profile is called "Bạn" (the store's default, ``store.profile.DEFAULT_NAME``). That
is not a name the player chose but the word "you", so it is shown in the current
language: "Bạn" in Vietnamese, "You" in English, whichever of the two is stored.
A name the player typed is shown as typed. On a LAN table the other players are not
"you", so a default name goes to the server as "Người chơi" / "Player" instead.
A LAN server names its bots "Bot 1"-"Bot 4" (no player may take a name like those):
``seat_name`` says them in the current language, "Máy 2" / "Bot 2", as the lobby does.
"""

from __future__ import annotations

import functools
import re

from .i18n import N_, texts, tr

YOU_KEY = N_("table.you")
BOT_KEY = N_("setup.bot")                        # "Máy {number}" / "Bot {number}"
_SERVER_BOT = re.compile(r"Bot ([1-4])")     # a LAN server's bot, as the wire names it


def bot_number(name: str) -> int | None:
    """The seat number of a LAN server's bot named ``name`` ("Bot 2" -> 2), None for any other name."""
    found = _SERVER_BOT.fullmatch(name)
    return int(found.group(1)) if found else None


def seat_name(name: str) -> str:
    """A seat's name as the screen shows it: a LAN server's bot in the current language, any other as it is."""
    number = bot_number(name)
    return name if number is None else tr(BOT_KEY, number=number)


def is_default_name(name: str) -> bool:
    """True for an empty name or the word "you" in any of the UI's languages (the name nobody chose)."""
    clean = name.strip().casefold()
    return not clean or clean in _default_names()


@functools.cache
def _default_names() -> frozenset[str]:
    """The word "you" in every language, folded (the catalogs never change while the game runs)."""
    return frozenset(text.casefold() for text in texts(YOU_KEY))


def shown_name(name: str) -> str:
    """Your own name as the screen shows it: a default name in the current language, else the name itself."""
    return tr(YOU_KEY) if is_default_name(name) else name.strip()


def lan_name(name: str) -> str:
    """The name to join a LAN server with: what others should call you ("Player" for a default name)."""
    return tr("lan.default_name") if is_default_name(name) else name.strip()
