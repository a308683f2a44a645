"""The lobby's chat scrolls: every line of the table is kept, newest at the bottom; the wheel and the scrollbar read
back, lines that come meanwhile are counted on a "new messages" pill that brings the view down again. A line typed
past 200 characters says so over the field (the count shows as it nears the limit) instead of being cut silently."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.net.chat_text import MAX_CHAT
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tests.ui.table_helpers import make_services

CANVAS = pygame.Surface((1280, 720))


def frame(stack: SceneStack) -> None:
    stack.update(0.05)
    stack.draw(CANVAS)


def post(stack: SceneStack, kind: int, **fields) -> None:
    stack.handle_event(pygame.event.Event(kind, **fields))
    frame(stack)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_lobby_chat_scrolls_back_and_says_when_new_lines_come(lan, fonts, lang):
    set_language(lang)
    host, minh = lan.session("Lan"), lan.session("Minh")
    host.client.create_table(seats=3)
    host.pump(0)
    minh.client.join(host.lobby.id)
    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), host)
    stack.push(lobby)
    for i in range(14):
        minh.client.chat(f"dòng số {i} " + "chữ " * (i % 3))
        lan.tick(1.5)                                       # within the chat's rate
    frame(stack)
    view = lobby.chat.view
    assert len(view.entries) == 14 and view.max_scroll() > 0   # more than fits: nothing dropped
    box = view.rect
    post(stack, pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    post(stack, pygame.MOUSEWHEEL, x=0, y=2, flipped=False)     # read back
    assert view.scroll > 0
    before = view.scroll
    minh.client.chat("có ai không?")
    lan.tick(1.5)
    frame(stack)
    assert view.scroll > before and view.unseen == 1           # the view stays, the new line is counted
    pill = view.pill()
    assert pill is not None and tr("social.new_lines", count=1) == view.pill_text()
    post(stack, pygame.MOUSEBUTTONDOWN, pos=pill.center, button=1)
    post(stack, pygame.MOUSEBUTTONUP, pos=pill.center, button=1)
    assert view.scroll == 0 and view.unseen == 0                # down to the newest
    thumb = view.thumb()
    assert thumb is not None and box.contains(thumb)
    post(stack, pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)   # drag the scrollbar to the top
    post(stack, pygame.MOUSEMOTION, pos=(thumb.centerx, box.y - 50), rel=(0, 0), buttons=(1, 0, 0))
    post(stack, pygame.MOUSEBUTTONUP, pos=(thumb.centerx, box.y - 50), button=1)
    assert view.scroll == view.max_scroll()                     # the oldest line


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_line_typed_past_the_limit_is_refused_in_words(lan, fonts, lang):
    set_language(lang)
    host = lan.session("Lan")
    host.client.create_table(seats=3)
    host.pump(0)
    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), host)
    stack.push(lobby)
    frame(stack)
    field = lobby.chat_field
    assert field is not None and field.max_length == MAX_CHAT      # the server's limit, not less
    post(stack, pygame.MOUSEBUTTONDOWN, pos=field.rect.center, button=1)
    post(stack, pygame.TEXTINPUT, text="a" * 170)
    assert lobby.chat.drawn_note == tr("social.count", count=170, limit=MAX_CHAT)
    post(stack, pygame.TEXTINPUT, text="b" * 40)
    assert len(lobby.chat_field.text) == MAX_CHAT
    assert lobby.chat.drawn_note == tr("social.too_long", limit=MAX_CHAT)   # said, not silently dropped
    lobby.rebuild()                                                   # a lobby frame came: still said
    frame(stack)
    assert lobby.chat.drawn_note == tr("social.too_long", limit=MAX_CHAT)
