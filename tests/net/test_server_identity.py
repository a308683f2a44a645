"""A server's lasting identity: made once, kept in its state file (or the app's identity file), told in every
welcome and beacon, the same after a restart; its short code is what the list and the lobby show."""

from __future__ import annotations

import functools
from pathlib import Path

from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.net.host import start_in_thread
from tala_desktop.net.identity import identity_in_file, short_code, valid_identity
from tala_desktop.net.state_file import StateFile
from tests.loops import poll_until

from .conftest import FAST
from .core_kit import CoreKit


def test_the_state_file_keeps_the_identity_across_restarts_and_a_clean_stop(tmp_path: Path):
    path = tmp_path / "lan-server-8765.db"
    with CoreKit(state_path=str(path)) as kit:
        first = kit.core.identity
        conn = kit.connect()
        assert kit.welcome(conn)["server_key"] == first
    assert valid_identity(first)
    with CoreKit(state_path=str(path)) as kit:           # the first one stopped on purpose: its tables emptied
        assert kit.core.identity == first
    file = StateFile(path)
    try:
        assert file.identity() == first
    finally:
        file.close()
    with CoreKit(state_path=str(tmp_path / "other.db")) as kit:
        assert kit.core.identity != first                # another file, another server


def test_the_apps_own_server_keeps_its_identity_in_its_data_folder(tmp_path: Path):
    path = tmp_path / "data" / "lan-server-id.txt"
    with CoreKit(identity_path=str(path)) as kit:
        first = kit.core.identity
    assert path.read_text().strip() == first
    with CoreKit(identity_path=str(path)) as kit:
        assert kit.core.identity == first
    path.write_text("not an identity")                   # a damaged file: a new identity, kept from then on
    again = identity_in_file(path)
    assert again != first and valid_identity(again) and identity_in_file(path) == again
    with CoreKit() as kit, CoreKit() as other:           # no file at all: a new one each run
        assert kit.core.identity != other.core.identity


def _listed(browser: Browser, port: int) -> LanServer | None:
    return next((s for s in browser.servers() if s.port == port), None)


def test_the_beacon_announces_the_identity_and_a_restart_keeps_it(tmp_path: Path):
    browser = Browser(bind=("127.0.0.1", 0), expiry=5).start()
    ident = tmp_path / "lan-server-id.txt"
    try:
        for _ in range(2):
            srv = start_in_thread(announce=True, announce_target=("127.0.0.1", browser.port), announce_every=0.05,
                                  identity_path=str(ident), **FAST)
            try:
                found = poll_until(functools.partial(_listed, browser, srv.port), timeout=5, pause=0.01,
                                   what="the beacon")                 # it comes by UDP to the browser's thread
                assert found is not None
                assert found.id == srv.server.core.identity == ident.read_text().strip()
                assert found.code == short_code(found.id)
            finally:
                srv.stop()
        assert len({s.id for s in browser.servers()}) == 1    # one row: the same server, back on another port
    finally:
        browser.stop()
