"""The table and its chat as a frame shows them, for tests: whether the deal has landed, the chat panel drawn."""

from __future__ import annotations

import pygame

from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.social.chat_painter import ChatPainter
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.social.social_look import ChatPanelLook, SocialLook
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene
from tala_desktop.ui.widgets.button_look import ButtonImages, ButtonLook
from tests.ui.table_helpers import Driver


def dealt(scene: TableScene) -> bool:
    """The frame shows a game with every card landed (none in flight, none waiting on the stock to fly)."""
    view = scene.view()
    return view.model is not None and not view.anim.flights and not view.anim.from_stock


def painter(fonts: Fonts) -> ChatPainter:
    """A chat painter with nothing rendered yet."""
    return ChatPainter(fonts, ButtonImages(fonts))


def draw_panel(fonts: Fonts, panel: ChatPanel, surface: pygame.Surface, by: ChatPainter | None = None
               ) -> ChatPanelLook:
    """Paint ``panel``'s look on ``surface`` (with a fresh painter unless ``by``); the look painted."""
    look = panel.look()
    (by or painter(fonts)).draw(surface, look)
    return look


def layer_look(drv: Driver) -> SocialLook:
    """The chat layer as the frame on top shows it: over the results while they show (what takes their clicks), else
    over the table."""
    layer, top = drv.scene.layer, drv.stack.top
    look = layer.look_over(top.room()) if isinstance(top, ResultsOverlay) and layer is not None else \
        drv.scene.view().layer
    assert isinstance(look, SocialLook), look
    return look


def shown_buttons(look: SocialLook) -> list[ButtonLook]:
    """The buttons ``look`` draws: the host's menu's, the between-games strip's, the open chat's."""
    menu, strip, panel = look.people.menu, look.strip, look.panel
    return [*(menu.buttons if menu else ()), *(strip.buttons if strip else ()),
            *(panel.open.buttons if panel and panel.open else ())]


def strip_labels(drv: Driver) -> list[str]:
    """The words of the between-games strip's buttons, as the frame on top draws them."""
    strip = layer_look(drv).strip
    return [b.label for b in strip.buttons] if strip is not None else []
