"""Scene stack: push/pop/replace lifecycle, events to the top, overlays drawn over the scene below."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list[str], overlay: bool = False, updates_below: bool = False) -> None:
        super().__init__()
        self.name, self.log = name, log
        self.is_overlay = overlay
        self.updates_below = updates_below
        self.x = 0.0

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def on_pause(self) -> None:
        self.log.append(f"pause {self.name}")

    def on_resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def handle_event(self, event: pygame.event.Event) -> None:
        self.log.append(f"event {self.name}")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.log.append(f"update {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")


def test_overlays_draw_over_the_scene_below_in_order():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("table", log))
    stack.push(Probe("results", log, overlay=True))
    stack.push(Probe("pause", log, overlay=True))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["draw table", "draw results", "draw pause"]  # not the menu under the table


def test_events_go_to_the_top_and_only_it_updates_unless_asked():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Probe("table", log))
    stack.push(Probe("pause", log, overlay=True))
    log.clear()
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    stack.update(0.016)
    assert log == ["event pause", "update pause"]
    stack.pop()
    stack.push(Probe("results", log, overlay=True, updates_below=True))
    log.clear()
    stack.update(0.016)
    assert log == ["update table", "update results"]


def test_lifecycle_of_push_pop_and_replace():
    log: list[str] = []
    stack = SceneStack()
    menu = Probe("menu", log)
    stack.push(menu)
    assert menu.stack is stack and stack.top is menu
    stack.push(Probe("setup", log))
    stack.replace(Probe("table", log))
    popped = stack.pop()
    assert popped.name == "table" and popped.stack is None
    assert log == ["enter menu", "pause menu", "enter setup", "exit setup", "enter table", "exit table",
                   "resume menu"]
    stack.pop()
    assert not stack and stack.top is None
    with pytest.raises(IndexError):
        stack.pop()


def test_a_popped_scene_takes_its_tweens_with_it():
    stack = SceneStack()
    scene = Probe("table", [])
    stack.push(scene)
    scene.tweens.animate(scene, 1.0, "linear", x=10.0)
    stack.update(0.5)
    assert scene.x == pytest.approx(5.0)
    stack.pop()
    assert not scene.tweens.busy


def test_a_scene_can_replace_itself_from_update():
    log: list[str] = []
    stack = SceneStack()

    class Splash(Probe):
        def update(self, dt: float) -> None:
            assert self.stack is not None
            self.stack.replace(Probe("menu", log))

    stack.push(Splash("splash", log))
    stack.update(0.1)
    assert isinstance(stack.top, Probe) and stack.top.name == "menu"
    stack.clear()
    assert len(stack) == 0
