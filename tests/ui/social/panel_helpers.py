"""Drawing the table's chat panel in a test as the layer does: its frozen look, painted by the chat's painter."""

from __future__ import annotations

import pygame

from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.social.chat_painter import ChatPainter
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.social.social_look import ChatPanelLook
from tala_desktop.ui.widgets.button_look import ButtonImages


def painter(fonts: Fonts) -> ChatPainter:
    """A chat painter with nothing rendered yet."""
    return ChatPainter(fonts, ButtonImages(fonts))


def draw_panel(fonts: Fonts, panel: ChatPanel, surface: pygame.Surface, by: ChatPainter | None = None
               ) -> ChatPanelLook:
    """Paint ``panel``'s look on ``surface`` (with a fresh painter unless ``by``); the look painted."""
    look = panel.look()
    (by or painter(fonts)).draw(surface, look)
    return look
