"""A server's lasting identity: a random id made once and kept, and the short code players read aloud from it.

Every beacon carries the identity (``BeaconInfo.id``) and every ``welcome``
its ``server_key``, so the LAN list keys a row by (identity, address) and a
beacon from elsewhere cannot rewrite it (net/discovery.py). The list shows
each row's code, ``short_code(identity)``: four characters from an alphabet
without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V), which the host's
lobby shows too, so friends compare what they read ("K7QX") before typing a
PIN. The identity is public (anyone on the network hears it): it tells
servers apart, it proves nothing; the address the row shows is what a
click connects to.

It is made once and kept where the server keeps its state: a ``tala-server``
in its state file (net/persist.py, the ``meta`` table), the app's own server
in a small file of the app's data folder (``IDENTITY_FILE``). A server with
neither (tests, ``--port 0 --no-state``) makes a new one each run.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import secrets
from pathlib import Path

log = logging.getLogger(__name__)

IDENTITY_FILE = "lan-server-id.txt"          # the app's own server keeps its identity here, in the data folder
CODE_ALPHABET = "ACDEFHJKMNPRTWXY34679"       # easy to read aloud: no two that pass for each other
CODE_LENGTH = 4
_IDENTITY = re.compile(r"^[0-9a-f]{32}$")


def new_identity() -> str:
    """A fresh identity: 128 random bits as 32 hex digits (a beacon's ``id`` holds up to 32 characters)."""
    return secrets.token_hex(16)


def valid_identity(value: str) -> bool:
    return bool(_IDENTITY.match(value))


def short_code(identity: str) -> str:
    """The code of ``identity`` friends compare by voice: ``CODE_LENGTH`` characters of ``CODE_ALPHABET``."""
    number = int.from_bytes(hashlib.sha256(identity.encode("utf-8", "replace")).digest()[:8], "big")
    out = []
    for _ in range(CODE_LENGTH):
        number, digit = divmod(number, len(CODE_ALPHABET))
        out.append(CODE_ALPHABET[digit])
    return "".join(out)


def identity_in_file(path: str | os.PathLike[str]) -> str:
    """The identity kept in ``path``, made and written there the first time (or when the file holds no valid
    one); a file that cannot be written leaves a new identity for this run only (logged)."""
    file = Path(path)
    try:
        kept = file.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        kept = ""
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("cannot read the server identity in %s: %s; making a new one", file, exc)
        kept = ""
    if valid_identity(kept):
        return kept
    identity = new_identity()
    temp = file.with_name(f"{file.name}.{secrets.token_hex(4)}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(identity + "\n", encoding="ascii")
        os.replace(temp, file)
    except OSError as exc:
        log.warning("cannot keep the server identity in %s: %s (friends will see a new code next time)", file, exc)
        temp.unlink(missing_ok=True)
    return identity
