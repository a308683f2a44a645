"""Names in the LAN lobby are shown once: a name that looks like another shown there (a player's, a watcher's, a
bot's) gets "#2" after it in the rows, the chat and the host's question; hostile names from a server are drawn
cleaned and bounded, without raising, and a person is still addressed by id."""

from __future__ import annotations

import json
import unicodedata

import pygame
import pytest

from tala_desktop.net.names import name_key
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.lan.roster import LEFT, unique_labels
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with
from tests.ui.lan.test_lan_scenes import click


def test_unique_labels_number_the_look_alikes_in_order():
    assert unique_labels(["Lan", "LAN", "Lân", "Minh"]) == ["Lan", "LAN #2", "Lân #3", "Minh"]
    assert unique_labels(["Máy 3"], taken=["Máy 3"]) == ["Máy 3 #2"]
    assert unique_labels(["Lan", "Lan #2", "Lan"]) == ["Lan", "Lan #2", "Lan #3"]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_watcher_named_like_a_bot_seat_is_shown_apart_from_it_everywhere(lan, fonts, lang):
    set_language(lang)
    host, guest, (fan,) = table_with(lan, ["Máy 3"])          # seat 3 is empty: "Máy 3" / "Bot 3" fills it
    host_app = screen(fonts, host)
    fan.client.chat("chào")
    frames(host_app, sessions=(guest, fan))
    stack, lobby = host_app
    roster = lobby.roster
    shown = "Máy 3 #2" if lang == "vi" else "Máy 3"           # in English the bot is "Bot 3": nothing alike
    assert roster.label_of(host.lobby.seats[2]) == tr("setup.bot", number=3)
    assert [who.name for who, _ in roster.shown] == [shown]
    last = lobby.chat.view.entries[-1].message
    assert last.text == "chào" and last.name == shown                # the chat names them as the roster does
    click(lobby, roster.kick_buttons[fan.member].rect)
    ask = stack.top
    assert isinstance(ask, ConfirmOverlay) and ask.message == tr("lobby.kick_watcher_text", name=shown)
    click(ask, ask.cancel_button.rect)
    click(lobby, roster.kick_buttons[guest.member].rect)       # a seated one is named with their seat
    assert stack.top.message == tr("lobby.kick_seat_text", name="Minh", seat=2)


HOSTILE = ["Lan", "", "\u202e\u200b\u2028", "Z" + "\u0301" * 40, "W" * 48, "👨‍👩‍👧" * 6, "lan", "Lan #2",
           "\u0e47" * 30, "a\tb\nc"] + [f"x{i}" for i in range(30)]


def test_hostile_names_from_a_server_are_drawn_bounded_cleaned_and_once(lan, fonts):
    client_session = lan.session("An")
    table = {"id": 1, "name": "Bàn 1", "state": "lobby", "bet": 100, "turn_seconds": 0, "preset": "zingplay",
             "bots": [], "password": False, "host": 0, "players": 2,
             "seats": [{"seat": 0, "kind": "player", "name": "An", "member": 7, "host": True},
                       {"seat": 1, "kind": "player", "name": "LAN", "member": 8},
                       {"seat": 2, "kind": "empty"}],
             "watchers": HOSTILE, "watcher_ids": list(range(100, 100 + len(HOSTILE) - 3)),  # three without an id
             "muted_ids": [8, 101, 102]}
    frame = json.dumps({"type": "lobby", "table": table, "you": 0, "member": 7})
    lan.clients[1].take(frame)                              # decoded and cleaned as the real client does
    app = screen(fonts, client_session)
    canvas = pygame.Surface((1280, 720))
    frames(app)
    roster = app[1].roster
    names = [who.name for who in roster.people]
    assert len({name_key(n) for n in names}) == len(names)                   # nobody shown like another
    assert all(n.strip() and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in n) for n in names)
    assert roster.label_of(client_session.lobby.seats[1]) == "LAN"           # seated first: as it is
    assert [who.name for who, _ in roster.shown][:3] == ["Lan #2", tr("lobby.no_name"), tr("lobby.no_name") + " #2"]
    assert roster.hidden == len(HOSTILE) - len(roster.shown)
    assert all(who.member in roster.kick_buttons for who, _ in roster.shown)    # the host's buttons, by id
    assert 8 in roster.mute_buttons and roster.mute_buttons[8].text == tr("people.unmute")
    for _ in range(len(HOSTILE)):                                            # every page draws
        click(app[1], roster.more_button.rect)
        frames(app)
        app[0].draw(canvas)
        assert all(LEFT.x <= row.x and row.right <= LEFT.right for _, row in roster.shown)
        assert not any(who.member is None and who.member in roster.kick_buttons for who, _ in roster.shown)
