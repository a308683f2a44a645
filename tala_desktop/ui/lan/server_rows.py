"""The LAN page's server rows: each server's title as this app words it, sorted by what the player reads, look-alikes
marked.

A row's title is "Bàn của Tuấn" / "Tuấn's table" from the host's name in
the beacon. A server that names no host (``tala-server``, or a beacon whose
host name is no valid player name) shows its own name in quotes, 'Máy chủ
"Tá Lả"', so a name chosen to read like an app's table never does. Rows sort
by that title (case, accents and look-alike letters aside: net/names.py),
then by address, never by what a beacon calls itself. Two rows whose titles
look alike, or whose codes are the same (a copied identity), are both
marked: the player compares the address and the code with the host's lobby.
Every row shows its address and code anyway (browser.py draws them).
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tala_desktop.net.discovery import LanServer
from tala_desktop.net.names import name_key

from ..core.i18n import tr


@dataclass(frozen=True)
class ServerRow:
    """One server as the LAN page lists it."""

    server: LanServer
    title: str            # what the row calls it, in the player's language
    look_alike: bool      # another row's title looks like this one, or another row shows the same code

    @property
    def locked(self) -> bool:
        """Joining asks for something: the server's password, or a table's PIN."""
        return self.server.password or self.server.pin


def server_title(server: LanServer) -> str:
    """A server as this app words it: "Bàn của Tuấn" / "Tuấn's table" from its host's name; a server that names no
    host shows its own (cleaned) name in quotes, or says it has none."""
    if server.host_name:
        return tr("lan.server_name", name=server.host_name)
    return tr("lan.server_named", name=server.name) if server.name else tr("lan.server_unnamed")


def _address_key(server: LanServer) -> tuple[int, int, str, int]:
    try:
        ip = ipaddress.ip_address(server.host)
    except ValueError:
        return 9, 0, server.host, server.port
    return ip.version, int(ip), server.host, server.port


def server_rows(servers: Iterable[LanServer]) -> list[ServerRow]:
    """``servers`` as rows: sorted by the title shown, then the address; look-alikes marked."""
    listed = [(server, server_title(server)) for server in servers]
    keys = Counter(name_key(title) for _, title in listed)
    codes = Counter(server.code for server, _ in listed if server.id)
    rows = [ServerRow(server, title, keys[name_key(title)] > 1 or (bool(server.id) and codes[server.code] > 1))
            for server, title in listed]
    return sorted(rows, key=lambda r: (name_key(r.title), r.title.casefold(), _address_key(r.server), r.server.id))
