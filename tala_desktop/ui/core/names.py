"""Player names on screen: the default name ("Bạn" / "You") follows the language; the name sent to a LAN server.

A new profile is called "Bạn" (the store's default, ``store.profile.DEFAULT_NAME``). That
is not a name the player chose but the word "you", so it is shown in the current
language: "Bạn" in Vietnamese, "You" in English, whichever of the two is stored.
A name the player typed is shown as typed. On a LAN table the other players are not
"you", so a default name goes to the server as "Người chơi" / "Player" instead.
"""

from __future__ import annotations

from .i18n import LANGUAGES, STRINGS, tr

YOU_KEY = "table.you"


def is_default_name(name: str) -> bool:
    """True for an empty name or the word "you" in any of the UI's languages (the name nobody chose)."""
    clean = name.strip().casefold()
    return not clean or clean in {STRINGS[YOU_KEY][i].casefold() for i in range(len(LANGUAGES))}


def shown_name(name: str) -> str:
    """Your own name as the screen shows it: a default name in the current language, else the name itself."""
    return tr(YOU_KEY) if is_default_name(name) else name.strip()


def lan_name(name: str) -> str:
    """The name to join a LAN server with: what others should call you ("Player" for a default name)."""
    return tr("lan.default_name") if is_default_name(name) else name.strip()
