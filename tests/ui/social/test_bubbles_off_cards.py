"""A bubble never covers cards: your own over your hand, one over the top seat's discards, a watcher's over a name
plate were all seen. Every bubble (a reaction and a three-row typed line, from each seat and from someone watching)
is placed clear of the hand, every seat's discards, phỏm, eaten cards, card backs and name plates, the stock and
the buttons (and, where there is room, of each other), at 1024x600, 1280x720, 1920x1080 and 2520x1080, in both
languages."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.i18n import set_language
from tala_desktop.ui.social.layer import SocialLayer, keep_clear
from tala_desktop.ui.social.social_channel import ChatMessage
from tests.ui.social.test_social_layer import Channel, shown_bubbles, table_now
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2520, 1080)]
LONG = ("Ván này căng quá, mình phải nghĩ kỹ trước khi đánh lá tiếp theo, chờ mình một chút nhé cả nhà "
        "ơi, đừng hối!")


def table_at(fonts, size: tuple[int, int]) -> Driver:
    drv = Driver(make_table(), make_services(fonts), size=size)
    for _ in range(600):
        drv.step()
        if dealt(drv.scene):
            break
    assert drv.scene.model is not None
    return drv


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["vi", "en"])
def test_no_bubble_covers_a_card_a_plate_or_a_button(pg, fonts, size, language):
    set_language(language)
    try:
        drv = table_at(fonts, size)
        sc, ch = drv.scene, Channel()
        ch.watchers = ["Quân"]
        layer = SocialLayer(ch, fonts, size)
        sc.layer = layer
        for said in [ChatMessage(name=sc.model.names[s], seat=s, text=LONG) for s in range(sc.model.n)] + \
                [ChatMessage(name="Quân", text=LONG, watching=True)]:
            ch.inbox.append(said)
            layer.update(0.01, table_now(sc))
        for reaction in (True, False):
            if reaction:
                for s in range(sc.model.n):
                    ch.inbox.append(ChatMessage(name=sc.model.names[s], seat=s, reaction="nice"))
                ch.inbox.append(ChatMessage(name="Quân", reaction="laugh", watching=True))
                layer.update(0.01, table_now(sc))
            assert len(layer.bubbles.bubbles) == sc.model.n + 1
            layer.update(0.5, table_now(sc))                 # popped in
            drv.draw()
            placed: list[pygame.Rect] = []
            shown = shown_bubbles(layer, sc)                 # as the frame draws them, the oldest first
            assert len(shown) == sc.model.n + 1
            for b in shown:
                rect, sender = pygame.Rect(b.box), b.anchor
                if size[1] >= 720:                       # where there is room, nor each other
                    assert not any(rect.colliderect(other) for other in placed), (size, sender)
                placed.append(rect)
                assert pygame.Rect((0, 0), size).contains(rect), (sender, rect)
                clear = [r for r in keep_clear(sc.layout, layer._watch_hit()) if not r.collidepoint(b.anchor.centre)]
                hit = [r for r in clear if rect.colliderect(r)]
                assert not hit, (size, sender, rect, hit, sc.layout.regions())
        sc.close()
    finally:
        set_language("vi")
