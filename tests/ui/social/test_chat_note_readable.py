"""The chat's note over its field ("190/200 ký tự", "Tin nhắn dài quá") is readable: it was 13 px type, 10 px on a
1024x600 screen, under the floor the rest of the panel keeps."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.art import gfx
from tala_desktop.ui.core.i18n import set_language
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.social.chat_scroll import length_note
from tala_desktop.ui.widgets.text_fit import READABLE
from tests.ui.social.views import draw_panel


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_length_note_over_the_chat_field_is_at_least_the_readable_floor(pg, fonts, lang, monkeypatch):
    set_language(lang)
    panel = ChatPanel(fonts, (1280, 720), on_react=lambda key: None, on_chat=lambda text: None)
    panel.open(typing=True)
    assert panel.field is not None
    panel.field.text = "x" * (panel.max_length - 5)
    note, _ = length_note(panel.field, panel.max_length)
    assert note
    sizes: dict[str, int] = {}
    real = fonts.font

    def spy(size, *args, **kwargs):
        font = real(size, *args, **kwargs)
        sizes[id(font)] = size
        return font

    drawn: list[int] = []
    render_line = gfx.render_line

    def line(font, text, *args, **kwargs):
        if text == note:
            drawn.append(sizes.get(id(font), 0))
        return render_line(font, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "font", spy)
    monkeypatch.setattr(gfx, "render_line", line)
    look = draw_panel(fonts, panel, pygame.Surface((1280, 720), pygame.SRCALPHA))
    assert look.open is not None and look.open.note is not None and look.open.note[0] == note
    assert drawn and min(drawn) >= READABLE, drawn
