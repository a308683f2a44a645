"""Overlay base: dialogs redraw after hover until drawn, close on Esc, and share one palette."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from tala_desktop.ui.art import theme
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.lan.lobby import LanLostOverlay
from tests.ui.table_helpers import make_services

UI = Path(__file__).resolve().parents[3] / "tala_desktop" / "ui"


def _motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _confirm(fonts, done):
    return ConfirmOverlay(make_services(fonts), "Bỏ ván?", "Ván đang chơi sẽ bị xử Móm.", "Bỏ", "Ở lại",
                          lambda: done.append(1))


def test_hover_asks_for_a_frame_that_update_does_not_cancel(fonts):
    stack = SceneStack()
    stack.push(Scene())
    done: list[int] = []
    ask = _confirm(fonts, done)
    stack.push(ask)
    ask.mark_drawn()
    assert not ask.needs_redraw
    ask.handle_event(_motion(ask.confirm_button.rect.center))
    stack.update(1 / 60)                 # the frame loop updates before it decides to draw
    assert ask.confirm_button.hovered and ask.needs_redraw
    ask.mark_drawn()
    assert not ask.needs_redraw


def test_escape_closes_and_confirm_runs_after_closing(fonts):
    stack = SceneStack()
    below = Scene()
    stack.push(below)
    done: list[int] = []
    ask = _confirm(fonts, done)
    stack.push(ask)
    ask.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert stack.top is below and done == []
    ask = _confirm(fonts, done)
    stack.push(ask)
    ask.confirm()
    assert stack.top is below and done == [1]


def test_lan_lost_goes_to_the_menu_on_enter(fonts):
    went: list[int] = []
    lost = LanLostOverlay(make_services(fonts), "máy chủ đã tắt", lambda: went.append(1))
    lost.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert went == [1]
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    lost.draw(surface)       # wraps its text inside the panel
    assert surface.get_at(lost.panel.center)[:3] != (0, 0, 0)


def test_text_colours_come_from_the_theme_only():
    """No page, overlay or table module defines its own copy of a theme colour name."""
    names = [n for n, v in vars(theme).items() if n.isupper() and isinstance(v, tuple)]
    own = re.compile(rf"^({'|'.join(names)})(: \w+)? = \(", re.M)
    offenders = [str(p.relative_to(UI)) for p in UI.rglob("*.py")
                 if p.name != "theme.py" and own.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
