"""What a page draws, by rectangles: its art stays inside its panel, its texts and its widgets never overlap.

``drawn_bounds`` paints a page's own art (``draw_page``, over nothing) on a
clear design-sized surface and returns the rectangle its pixels cover;
``widget_rects`` the rectangles of its visible widgets (the back button
aside, which sits above the panel). ``INSIDE`` is the panel less the
margin its frame and rounded corners take.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from tala_desktop.ui.frames.page import PANEL, SCREEN, PageScene
from tala_desktop.ui.shell.app_loop import App

FRAME_MARGIN = 12
INSIDE = PANEL.inflate(-2 * FRAME_MARGIN, -2 * FRAME_MARGIN)
WINDOWS = ((1024, 600), (1280, 720), (1920, 1080), (2520, 1080))


def drawn_bounds(scene: PageScene) -> pygame.Rect:
    """The rectangle the page's own art covers (every pixel it draws, shadows included)."""
    surface = pygame.Surface(SCREEN.size, pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    scene.draw_page(surface)
    return surface.get_bounding_rect(min_alpha=1)


class Recorder(pygame.Surface):
    """A clear design-sized surface that keeps the rectangle of every image blitted on it."""

    def __init__(self) -> None:
        super().__init__(SCREEN.size, pygame.SRCALPHA)
        self.fill((0, 0, 0, 0))
        self.blits_done: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        at = pygame.Rect(dest) if isinstance(dest, pygame.Rect) else pygame.Rect(dest, (0, 0))
        self.blits_done.append(pygame.Rect(at.topleft, source.get_size() if area is None else pygame.Rect(area).size))
        return super().blit(source, dest, area, special_flags)


def drawn_rects(scene: PageScene) -> list[pygame.Rect]:
    """Where the page's own art puts each image it draws, in drawing order."""
    surface = Recorder()
    scene.draw_page(surface)
    return surface.blits_done


def overlaps(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """The pairs of ``rects`` that cover a common pixel."""
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


def widget_rects(scene: PageScene) -> Iterator[tuple[str, pygame.Rect]]:
    """(label, rectangle) of each visible widget but the back button."""
    for w in scene.widgets:
        if w is scene.back_button or not getattr(w, "visible", True):
            continue
        yield getattr(w, "text", type(w).__name__), pygame.Rect(w.rect)   # type: ignore[attr-defined]


def outside_panel(scene: PageScene) -> list[str]:
    """What the page draws outside its panel: its art's bounds, its widgets by label; empty when all is inside."""
    out = []
    art = drawn_bounds(scene)
    if art.w and not INSIDE.contains(art):
        out.append(f"art {art} outside {INSIDE}")
    out += [f"{label} {rect}" for label, rect in widget_rects(scene) if not INSIDE.contains(rect)]
    return out


def click_design(app: App, pos: tuple[int, int]) -> None:
    """A left click at a point of the design box (a page's own coordinates), where the window shows it."""
    box = app.stack.design_box()
    window = tuple(round(v) for v in app.display.to_window((box.x + pos[0], box.y + pos[1])))
    for etype, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                         (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(etype, pos=window, **extra))
    app.frame()
