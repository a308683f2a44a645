"""The table list: people browsing get it again when a table changes (twice a second at most); with nobody
browsing, a change builds nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tala_desktop.net.listing import PUSH_EVERY

from .core_kit import CoreKit


def tables_heard(kit: CoreKit, conn: int) -> list[list[dict[str, Any]]]:
    return [m["tables"] for m in kit.heard(conn) if m["type"] == "tables"]


def test_someone_browsing_gets_the_list_again_when_a_table_changes():
    with CoreKit() as kit:
        host, browser = kit.connect(), kit.connect("127.0.0.2")
        kit.welcome(host)
        kit.welcome(browser, "Bình")
        table = kit.create_table(host, seats=3)
        kit.say(browser, type="list_tables")
        assert [t["id"] for t in kit.hear(browser, "tables")["tables"]] == [table]
        kit.run(2 * PUSH_EVERY)
        kit.heard(browser)
        kit.run(2 * PUSH_EVERY)
        assert tables_heard(kit, browser) == []                       # nothing changed: nothing pushed
        kit.say(host, type="configure", seats=4)
        kit.run(2 * PUSH_EVERY)
        pushed = tables_heard(kit, browser)
        assert len(pushed) == 1 and [len(t["seats"]) for t in pushed[0]] == [4]


def test_with_nobody_browsing_a_change_builds_no_list(monkeypatch: pytest.MonkeyPatch):
    with CoreKit() as kit:
        host = kit.connect()
        kit.welcome(host)
        kit.create_table(host, seats=3)
        built: list[int] = []
        frame = kit.core.listing.frame

        def counted(rooms: Any) -> str:
            built.append(1)
            return frame(rooms)

        monkeypatch.setattr(kit.core.listing, "frame", counted)
        for seats in (4, 3, 4):
            kit.say(host, type="configure", seats=seats)
            kit.run(2 * PUSH_EVERY)
        assert built == []
        browser = kit.connect("127.0.0.2")
        kit.welcome(browser, "Bình")
        kit.say(browser, type="list_tables")            # asked for: built now, and pushed on the next change
        assert [len(t["seats"]) for t in kit.hear(browser, "tables")["tables"]] == [4]
        kit.say(host, type="configure", seats=3)
        kit.run(2 * PUSH_EVERY)
        assert [[len(t["seats"]) for t in ts] for ts in tables_heard(kit, browser)] == [[3]]
        assert len(built) == 2
