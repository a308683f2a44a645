"""The table's chat docks where no seat is: open, it takes a strip at the right edge and the table makes room.

At every window shape the app meets (the canvas of a 1024x600, 1280x720,
1920x1080 and 2520x1080 window) and with two, three or four seats, the open
panel covers none of a seat's things (avatar, clock ring, name plate, backs,
discards, eaten cards, laid phỏm), nor the hand, the buttons, the log, the
stock or the status line. Closed, the table has the whole canvas again. A
typed line pops a bubble at the sender's avatar, kept inside the window; the
empty chat says what to do.
"""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.display import canvas_size
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.offline import OfflineChannel
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.table.layout import TableLayout
from tests.ui.social.test_social_layer import Channel, bubble_at, shown_bubbles, table_now
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table

WINDOWS = [(1024, 600), (1280, 720), (1920, 1080), (2520, 1080)]


def table_with_chat(fonts, size: tuple[int, int], players: int = 4, channel=None) -> tuple[Driver, SocialLayer]:
    drv = Driver(make_table(players=players), make_services(fonts), size=size)
    layer = SocialLayer(channel or Channel(), fonts, size)
    drv.scene.layer = layer
    drv.draw()
    for _ in range(600):
        drv.step()
        if dealt(drv.scene):
            break
    assert drv.scene.model is not None
    return drv, layer


def covered(layout: TableLayout, rect: pygame.Rect) -> list[str]:
    """The table's regions (and clock rings) that ``rect`` overlaps."""
    hits = [name for name, r in layout.regions().items() if r.w and r.h and r.colliderect(rect)]
    hits += [f"seat{s}.ring" for s in range(layout.n) if layout.ring_bounds(s).colliderect(rect)]
    return hits


@pytest.mark.parametrize("window", WINDOWS, ids=lambda w: f"{w[0]}x{w[1]}")
@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_open_chat_covers_no_seat_at_any_window_size(fonts, window, players):
    size = canvas_size(window)
    drv, layer = table_with_chat(fonts, size, players)
    sc = drv.scene
    full = pygame.Rect(sc.layout.table)
    drv.click(layer.panel.toggle_rect.center)
    chat = sc.view().layer.panel.open                         # as the frame draws it
    assert chat is not None
    panel = pygame.Rect(chat.box)
    assert pygame.Rect((0, 0), size).contains(panel)
    assert covered(sc.layout, panel) == [], f"the chat covers {covered(sc.layout, panel)} at {size}"
    assert sc.layout.table.right <= panel.x                   # the table made room beside it
    assert sc.layout.scale >= 0.75                            # ... and stays as readable as the smallest window
    for s in range(players):                                  # every seat is still on the canvas
        assert pygame.Rect((0, 0), size).contains(sc.layout.seat(s).plate)
    drv.click(pygame.Rect(chat.buttons[0].box).center)       # its ×
    assert sc.view().layer.panel.open is None
    assert sc.layout.table == full                            # closed: the whole canvas is the table's again
    sc.close()


def test_the_chat_opened_by_its_toggle_relays_the_table_at_once(fonts):
    drv, layer = table_with_chat(fonts, (1280, 720))
    sc = drv.scene
    drv.click(pygame.Rect(sc.view().layer.panel.toggle).center)      # where the toggle is drawn
    chat = sc.view().layer.panel.open
    assert chat is not None and covered(sc.layout, pygame.Rect(chat.box)) == []
    sc.close()


def test_a_typed_line_pops_a_bubble_at_the_senders_avatar_inside_the_window(fonts):
    for size in (canvas_size((1280, 720)), canvas_size((2520, 1080))):
        drv, layer = table_with_chat(fonts, size)
        sc, ch = drv.scene, layer.channel
        long = "Chào cả nhà, tối nay chơi đến mấy giờ thế? Mình còn phải dậy sớm đi làm nữa đấy " * 3
        for seat in range(4):
            ch.inbox.append(ChatMessage(sc.model.names[seat], seat, text=long, mine=seat == 0))
        layer.update(0.01, table_now(sc))
        layer.update(0.5, table_now(sc))                          # popped in
        canvas = pygame.Rect((0, 0), size)
        for seat in range(4):
            bubble = bubble_at(layer, sc, sc.layout.seat(seat).avatar_centre)
            rect = pygame.Rect(bubble.box)
            assert canvas.contains(rect), f"seat {seat}'s bubble {rect} leaves the window {size}"
            assert rect.w <= 320 and rect.h <= 140                   # a long line is cut short, not a wall
            assert len(bubble.content.rows) == 3 and bubble.content.rows[-1].endswith("…")
        sc.close()


def test_a_watchers_typed_line_bubbles_with_their_name_by_the_watching_label(fonts):
    drv, layer = table_with_chat(fonts, (1280, 720))
    sc, ch = drv.scene, layer.channel
    ch.watchers = ["Quân"]
    ch.inbox.append(ChatMessage("Quân", None, text="cho xem với", watching=True))
    layer.update(0.01, table_now(sc))
    (bubble,) = shown_bubbles(layer, sc)
    assert bubble.content.rows == ("cho xem với",) and bubble.content.label == "Quân"
    assert bubble.anchor.side == "left"                      # by the "watching" label, left of it
    sc.close()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_empty_chat_says_what_to_do(fonts, language):
    set_language(language)
    for channel, words in ((None, "social.empty"), (OfflineChannel(make_table(), 0, seed=3), "social.empty_reactions")):
        drv, layer = table_with_chat(fonts, (1280, 720), channel=channel)
        drv.click(layer.panel.toggle_rect.center)
        chat = drv.scene.view().layer.panel.open
        assert chat is not None and " ".join(chat.empty) == tr(words)
        assert ("Enter" in " ".join(chat.empty)) == (chat.field is not None)    # how to send a line, where one can
        assert (chat.field is None) == (channel is not None)                      # offline: a face or a phrase
        drv.scene.close()


def test_lines_said_before_the_table_showed_are_in_the_chat_without_bubbles(fonts):
    from types import SimpleNamespace

    from tala_desktop.net import protocol as p
    from tala_desktop.ui.lan.channel import LanChannel

    lobby_line = p.ChatEvent(name="Minh", text="vào ván nhé", seat=1)
    session = SimpleNamespace(chat_events=[lobby_line], chat_events_total=1, chat_logged_total=0, chat_notices=[],
                              watching=False, welcome=None,
                              you=0, lobby=None, pump=lambda now: None, am_muted=False, member=None)
    channel = LanChannel(session)
    drv, layer = table_with_chat(fonts, (1280, 720), channel=channel)
    drv.click(layer.panel.toggle_rect.center)
    look = drv.scene.view().layer
    assert [row.runs[-1].text for row in look.panel.open.rows] == ["vào ván nhé"] and look.bubbles == ()
    session.chat_events.append(p.ChatEvent(name="Minh", text="đánh đi", seat=1))
    session.chat_events_total += 1
    layer.update(0.01, table_now(drv.scene))
    (bubble,) = shown_bubbles(layer, drv.scene)                    # said at the table: a bubble
    assert bubble.content.rows == ("đánh đi",) and bubble.anchor.centre == drv.scene.layout.seat(1).avatar_centre
    drv.scene.close()
