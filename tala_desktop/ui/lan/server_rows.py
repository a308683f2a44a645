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

A host on two networks (Wi-Fi and a cable, a virtual adapter) sends its
beacon from each of its addresses, and a friend on both hears two. They
make one row, with both addresses, when they agree on everything a row
shows and on the addresses the server says it has (``LanServer.addrs``),
and each came from one of those: a rogue copying the identity must send
from an address of its own, which the real beacon does not list, so its
row stays apart and both are marked.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from tala_desktop.net.discovery import LanServer, clean_server_name
from tala_desktop.net.names import name_key

from ..core.i18n import tr


@dataclass(frozen=True)
class ServerRow:
    """One server as the LAN page lists it."""

    server: LanServer
    title: str            # what the row calls it, in the player's language
    look_alike: bool      # another row's title looks like this one, or another row shows the same code
    addresses: tuple[str, ...] = ()   # where the server is ("host:port"), one or more; Vào goes to the first

    @property
    def locked(self) -> bool:
        """Joining asks for something: the server's password, or a table's PIN."""
        return self.server.password or self.server.pin


def server_title(server: LanServer) -> str:
    """A server as this app words it: "Bàn của Tuấn" / "Tuấn's table" from its host's name; a server that names no
    host shows its own (cleaned) name in quotes, or says it has none."""
    if server.host_name:
        return tr("lan.server_name", name=server.host_name)
    return named_server(server.name)


def named_server(name: str) -> str:
    """A server by the name it gave (a beacon's, a welcome's: hostile text), as this app words it: cleaned
    (net/discovery.py ``clean_server_name``) and in quotes, 'Máy chủ "Tá Lả"', or "Máy chủ không tên" when
    nothing of it shows."""
    cleaned = clean_server_name(name)
    return tr("lan.server_named", name=cleaned) if cleaned else tr("lan.server_unnamed")


def _address_key(server: LanServer) -> tuple[int, int, str, int]:
    try:
        ip = ipaddress.ip_address(server.host)
    except ValueError:
        return 9, 0, server.host, server.port
    return ip.version, int(ip), server.host, server.port


def _one_server(servers: Iterable[LanServer]) -> list[list[LanServer]]:
    """The servers, those that are one server heard at several of its own addresses put together."""
    groups: dict[tuple[object, ...], list[LanServer]] = {}
    for server in sorted(servers, key=_address_key):
        same = (server.id, server.port, server.name, server.host_name, server.players, server.tables, server.open,
                server.bet, server.password, server.pin, server.addrs)
        key = same if server.id and server.host in server.addrs else (server.id, server.host, server.port)
        groups.setdefault(key, []).append(server)
    return list(groups.values())


def server_rows(servers: Iterable[LanServer]) -> list[ServerRow]:
    """``servers`` as rows: sorted by the title shown, then the address; look-alikes marked."""
    listed = [(group, server_title(group[0])) for group in _one_server(servers)]
    keys = Counter(name_key(title) for _, title in listed)
    codes = Counter(group[0].code for group, _ in listed if group[0].id)
    rows = [ServerRow(group[0], title, keys[name_key(title)] > 1 or (bool(group[0].id) and codes[group[0].code] > 1),
                      tuple(s.address for s in group)) for group, title in listed]
    return sorted(rows, key=lambda r: (name_key(r.title), r.title.casefold(), _address_key(r.server), r.server.id))
