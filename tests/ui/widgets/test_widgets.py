"""Widgets: button clicks, hover, disabled, glow pulse; labels, panels, and the fading status line."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tala_desktop.ui.widgets.button_look import ButtonImages
from tala_desktop.ui.widgets.controls import Banner, Button, Label, Panel, Toast


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_a_click_is_press_and_release_inside(fonts):
    hits = []
    b = Button((100, 100, 120, 48), "Ăn", fonts, on_click=lambda: hits.append(1))
    assert b.handle_event(down((110, 110)))
    assert b.handle_event(up((150, 130)))
    assert hits == [1] and b.consume_click() and not b.consume_click()
    b.handle_event(down((110, 110)))
    b.handle_event(up((400, 400)))  # dragged off: no click
    b.handle_event(down((10, 10)))
    b.handle_event(up((110, 110)))  # pressed elsewhere: no click
    b.handle_event(down((110, 110), button=3))
    b.handle_event(up((110, 110), button=3))  # right button: no click
    assert hits == [1]


def test_disabled_and_hidden_buttons_do_not_click(fonts):
    hits = []
    b = Button((0, 0, 100, 40), "Bốc", fonts, on_click=lambda: hits.append(1), enabled=False)
    assert b.handle_event(down((5, 5)))  # swallowed, so the table below does not get it
    b.handle_event(up((5, 5)))
    b.click()
    b.enabled, b.visible = True, False
    assert not b.handle_event(down((5, 5)))
    b.handle_event(up((5, 5)))
    assert hits == [] and not b.clicked


def test_hover_follows_the_mouse(fonts):
    b = Button((0, 0, 100, 40), "Đánh", fonts)
    b.handle_event(move((50, 20)))
    assert b.hovered
    b.handle_event(move((150, 20)))
    assert not b.hovered


def test_states_look_different_and_the_glow_pulses(fonts):
    b = Button((20, 20, 120, 48), "Hạ", fonts, glow=True)
    look = b.look()
    looks = {"normal": look, "hover": replace(look, hover=True), "pressed": replace(look, hover=True, pressed=True),
             "disabled": replace(look, enabled=False)}
    faces = ButtonImages(fonts)
    images = {state: pygame.image.tobytes(faces.face(x), "RGBA") for state, x in looks.items()}
    assert [x.state for x in looks.values()] == list(looks) and len(set(images.values())) == 4
    levels = set()
    for _ in range(20):
        b.update(0.05)
        levels.add(round(b.glow_level(), 2))
    assert len(levels) > 5
    surface = pygame.Surface((200, 100))
    surface.fill((0, 0, 0))
    b.draw(surface)
    assert surface.get_at((80, 44))[:3] != (0, 0, 0)
    assert surface.get_at((80, 16))[:3] != (0, 0, 0)  # the halo reaches outside the rect
    b.glow = False
    assert b.glow_level() == 0


def test_a_button_and_its_look_draw_the_same_pixels(fonts):
    b = Button((20, 20, 120, 48), "Hạ", fonts, glow=True)
    b.update(0.3)
    b.handle_event(move((60, 40)))
    own, from_look = pygame.Surface((200, 100)), pygame.Surface((200, 100))
    b.draw(own)
    look = b.look()
    assert look.hover and look.glow > 0 and look.label == "Hạ" and look.rect == b.rect
    ButtonImages(fonts).draw(from_look, look)
    assert pygame.image.tobytes(own, "RGB") == pygame.image.tobytes(from_look, "RGB")


def test_unknown_style_is_rejected(fonts):
    with pytest.raises(ValueError):
        Button((0, 0, 10, 10), "x", fonts, style="neon")


def test_label_anchors_and_rerenders_on_change(fonts):
    label = Label("Nọc 11", (640, 360), fonts, size=24, anchor="center")
    assert label.rect.center == (640, 360)
    first = label.image()
    label.set_text("Nọc 10")
    assert label.image() is not first
    assert label.image() is label.image()


def test_panel_draws_translucent(pg):
    panel = Panel((10, 10, 80, 40), colour=(0, 0, 0, 128), border_colour=None)
    surface = pygame.Surface((100, 60))
    surface.fill((200, 200, 200))
    panel.draw(surface)
    assert 60 < surface.get_at((50, 30)).r < 140
    assert surface.get_at((5, 5)).r == 200


def test_toast_fades_in_holds_and_fades_out(fonts):
    toast = Toast((640, 600), fonts)
    assert toast.alpha() == 0 and not toast.visible
    toast.show("Bạn phải hạ bài", seconds=2.0)
    assert toast.alpha() == 0
    toast.update(0.15)
    assert toast.alpha() == 255
    toast.update(1.85)
    assert toast.alpha() == 255
    toast.update(Toast.FADE_OUT / 2)
    assert 100 < toast.alpha() < 155
    toast.update(Toast.FADE_OUT)
    assert toast.alpha() == 0 and not toast.visible
    surface = pygame.Surface((10, 10))
    toast.draw(surface)  # nothing, no error


def test_banner_pops_with_a_bounce_then_fades(fonts):
    banner = Banner((640, 300), fonts, size=60)
    banner.show("Ù tròn!")
    assert banner.scale() == pytest.approx(0.3)
    scales = []
    for _ in range(7):
        banner.update(0.05)
        scales.append(banner.scale())
    assert max(scales) > 1.0 and scales[-1] == 1.0  # overshoots, then settles
    assert banner.alpha() == 255
    banner.update(banner.hold + banner.FADE / 2)
    assert 0 < banner.alpha() < 255
    surface = pygame.Surface((1280, 720))
    banner.draw(surface)
    lit = [(x, y) for x in range(440, 840, 4) for y in range(240, 360, 4) if surface.get_at((x, y))[:3] != (0, 0, 0)]
    assert len(lit) > 50 and surface.get_at((100, 100))[:3] == (0, 0, 0)
    banner.update(1.0)
    assert not banner.visible and banner.alpha() == 0
