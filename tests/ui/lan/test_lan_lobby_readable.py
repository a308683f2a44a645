"""The host's lobby at its busiest (a guest not ready yet, more people watching than the list shows, a chat line typed
past the limit) draws no text below the readable floor: at 1024x600 the seat's "chưa sẵn sàng", the watchers'
"Xem tiếp" and the chat's length note were 14 px type, 11 px on screen."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import set_language
from tala_desktop.ui.widgets.text_fit import READABLE
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with

WATCHERS = ["Quân", "Tí", "An", "Bình", "Chi", "Dũng", "Em", "Giang"]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_hosts_busy_lobby_draws_no_text_below_the_readable_floor(lan, fonts, lang, monkeypatch):
    set_language(lang)
    host, guest, fans = table_with(lan, WATCHERS)
    app = screen(fonts, host)
    frames(app, sessions=(guest, *fans))
    lobby = app[1]
    assert lobby.roster.more_button is not None and lobby.roster.more_button.visible      # the list is turned
    lobby.chat_field.text = "x" * 400                       # typed past the limit: the length note shows
    drawn: list[tuple[int, str]] = []
    real = lobby.label

    def spy(text, size, *args, **kwargs):
        drawn.append((size, text))
        return real(text, size, *args, **kwargs)

    monkeypatch.setattr(lobby, "label", spy)
    frames(app, sessions=(guest, *fans))
    small = [(size, text) for size, text in drawn if size < READABLE]
    roster = lobby.roster
    shown = [*roster.mute_buttons.values(), *roster.kick_buttons.values(), roster.more_button]
    buttons = [(b.text, size) for b in shown if b is not None
               for size in [b.font_size or max(10, round(b.rect.h * 0.42))] if size < READABLE]
    assert drawn and lobby.chat.drawn_note
    assert small == [] and buttons == []
