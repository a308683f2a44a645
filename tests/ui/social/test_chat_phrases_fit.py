"""The chat panel's quick phrases are drawn at their font's own width: "Nhanh lên nào!" and "One more game!" were
wider than their button, which squeezed them (the button narrows a label that does not fit); and never below the
readable floor: in the 320-pixel dock of a 1280-wide table they fitted only at 13-14 px type (10-11 px on a 1024x600
screen)."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import set_language
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.widgets.text_fit import READABLE


def squeezed(fonts, panel: ChatPanel) -> list[str]:
    """The phrases whose label, with its outline, is wider than the button leaves it (Button._body's rule)."""
    out = []
    for b in panel.phrase_buttons:
        size = b.font_size or max(10, round(b.rect.h * 0.42))
        if fonts.font(size, bold=True).size(b.text)[0] + 2 * max(1, size // 12) > b.rect.w - 8:
            out.append(b.text)
    return out


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("canvas", [(1280, 720), (1280, 750), (1024, 600), (1920, 1080), (1680, 720)])
def test_no_quick_phrase_is_squeezed(fonts, lang, canvas):
    set_language(lang)
    panel = ChatPanel(fonts, canvas, on_react=lambda key: None, on_chat=lambda text: None)
    assert squeezed(fonts, panel) == []
    assert min(b.font_size or 0 for b in panel.phrase_buttons) >= READABLE
    assert max(b.font_size or 0 for b in panel.phrase_buttons) <= 15
