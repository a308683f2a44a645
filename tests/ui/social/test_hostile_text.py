"""Text from other people is drawn without ever raising: zero width, NUL, marks alone, lone surrogates, a megabyte.

A chat line of one zero-width character once closed every app at the
table ("Text has zero width" in draw). Every code point that draws as
nothing on its own goes through the chat panel here, as a line's text and
as a sender's name, and the panel is drawn with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.art import gfx
from tala_desktop.ui.social.chat_lines import ChatEntry
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.social.social_channel import ChatMessage
from tests.hostile_text import BAD_LINES, invisible_code_points
from tests.ui.social.views import draw_panel, painter

UI = Path(__file__).resolve().parents[3] / "tala_desktop" / "ui"


@pytest.fixture(scope="module")
def singles() -> list[str]:
    return invisible_code_points(unassigned=False)


@pytest.mark.parametrize("text", BAD_LINES)
def test_the_text_helpers_never_raise(fonts, text):
    font = fonts.font(18)
    for img in (gfx.render_line(font, text, (255, 255, 255)), gfx.render_text(font, text, (255, 255, 255), 200, True),
                gfx.outlined_text(font, text, (255, 255, 255)), gfx.shadowed_text(font, text, (255, 255, 255), 18)):
        assert img.get_height() > 0 and img.get_width() <= 2 * gfx.MAX_DRAWN * 18
    width, height = gfx.text_size(font, text)
    assert height > 0 and width >= 0


def test_every_invisible_code_point_renders_in_the_chat_panel_as_text_and_as_name(fonts, singles):
    canvas = pygame.Surface((1280, 720))
    panel = ChatPanel(fonts, canvas.get_size(), on_react=lambda key: None, on_chat=lambda text: None)
    panel.open()
    runs = ["".join(singles[i:i + 40]) for i in range(0, len(singles), 40)]
    said = [ChatMessage(name="Lan", seat=1, text=text) for text in (*BAD_LINES, *singles, *runs)]
    said += [ChatMessage(name=text, seat=None, text="chào", watching=True) for text in (*BAD_LINES, *runs)]
    said += [ChatMessage(name="", text=text, notice=True) for text in (*BAD_LINES, *runs)]
    assert len(said) > 2500
    chat = painter(fonts)
    for i, one in enumerate(said):
        entry = ChatEntry(one, (200, 100, 100))
        panel.add(entry)
        rows = panel.lines.rows(entry, panel.lines_rect.w)              # laid out ...
        assert rows and all(chat.rows.image(row).get_height() > 0 for row in rows)   # ... and rendered now
        if i % 300 == 0:
            draw_panel(fonts, panel, canvas, chat)
    draw_panel(fonts, panel, canvas, chat)
    panel.close()
    panel.add(ChatEntry(ChatMessage(name="\ufe0f", seat=2, text="\ufe0f"), (1, 2, 3)))
    assert draw_panel(fonts, panel, canvas, chat).badge == "1"         # the closed toggle with its unread badge


def test_the_chat_field_draws_whatever_is_typed_or_pasted(fonts):
    canvas = pygame.Surface((1280, 720))
    panel = ChatPanel(fonts, canvas.get_size(), on_react=lambda key: None, on_chat=lambda text: None)
    panel.open(typing=True)
    chat = painter(fonts)
    for text in ("\ufe0f", "\x00", "\ud800", "\u0301"):
        panel.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
        look = draw_panel(fonts, panel, canvas, chat)
        assert look.open is not None and look.open.field is not None                  # drawn, never raising


def test_no_ui_module_renders_or_measures_text_but_through_the_safe_helpers():
    direct = re.compile(r"(\bfont|\bbody|\bfonts\.font\([^()]*\))\.(render|size)\(")
    found = [f"{path.relative_to(UI)}:{n}" for path in UI.rglob("*.py") if path.name != "gfx.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if direct.search(line)]
    assert found == []
