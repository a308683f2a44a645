"""PageScene: the base of the menu pages (menu, setup, settings, rules): felt, title, back, Esc, redraw tracking.

A page builds its widgets in ``build()`` (again whenever the language
changes, so every label follows a live language switch). It reports
``needs_redraw`` only after input, while a tween or a caret blink runs, or
when something called ``invalidate()``; the app loop skips drawing otherwise
and calls ``mark_drawn()`` after a frame.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ..art import gfx
from ..art.theme import TEXT, Colour
from ..core.assets import Fonts
from ..core.i18n import get_language, tr
from ..core.scene import Scene
from ..shared.services import Services
from ..widgets.controls import Button

SCREEN = pygame.Rect(0, 0, 1280, 720)
PANEL = pygame.Rect(80, 112, 1120, 576)
TITLE_CENTRE = (640, 60)
_INPUT_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                 pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING)


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (a word longer than that gets its own line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and gfx.text_size(font, trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit_font_size(fonts: Fonts, text: str, width: int, size: int, bold: bool = True, smallest: int = 12) -> int:
    """The largest size <= ``size`` at which ``text`` is at most ``width`` pixels wide (labels never squeezed)."""
    while size > smallest and gfx.text_size(fonts.font(size, bold), text)[0] > width:
        size -= 1
    return size


class Widget(Protocol):
    def handle_event(self, event: pygame.event.Event) -> Any: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class PageScene(Scene):
    """A full-screen page over the lobby felt; subclasses fill ``build`` and ``draw_page``."""

    title_key = ""
    show_panel = True
    show_back = True

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.art = services.menu_art
        self.widgets: list[Widget] = []
        self.back_button: Button | None = None
        self._dirty = True
        self._carets: tuple[bool, ...] = ()
        self._language = ""
        self.rebuild()

    # -- building ---------------------------------------------------------------
    def rebuild(self) -> None:
        """(Re)create every widget in the current language."""
        self._language = get_language()
        self.widgets = []
        self.back_button = None
        if self.show_back:
            self.back_button = Button((28, 30, 170, 50), tr("btn.back"), self.services.fonts, self.back,
                                      style="dark", font_size=21)
            self.widgets.append(self.back_button)
        self.build()
        self._dirty = True

    def build(self) -> None:
        """Create the page's widgets (append them to ``self.widgets``)."""

    # -- redraw tracking --------------------------------------------------------------
    @property
    def needs_redraw(self) -> bool:
        return self._dirty or self.tweens.busy or self.animating()

    def animating(self) -> bool:
        """True while the page moves by itself (override for page animations)."""
        return False

    def invalidate(self) -> None:
        self._dirty = True

    def mark_drawn(self) -> None:
        self._dirty = False

    # -- lifecycle ----------------------------------------------------------------------
    def on_resume(self) -> None:
        if self._language != get_language():
            self.rebuild()
        self._dirty = True

    def back(self) -> None:
        """Leave this page (Esc and the back button)."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in _INPUT_EVENTS:
            self._dirty = True
        for widget in reversed(self.widgets):
            if widget.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.show_back:
            self.back()
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)

    def on_key(self, key: int) -> None:
        """A key no widget used (Esc is handled already)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._language != get_language():
            self.rebuild()
        for widget in self.widgets:
            step = getattr(widget, "update", None)
            if step is not None:
                step(dt)
        carets = tuple(bool(getattr(w, "caret_visible", False)) for w in self.widgets)
        if carets != self._carets:
            self._carets = carets
            self._dirty = True

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        whole = surface.get_parent() or surface          # the felt fills the canvas around the design box
        whole.blit(self.art.background(whole.get_size()), (0, 0))
        if self.show_panel:
            panel = self.art.panel(PANEL.size)
            surface.blit(panel, (PANEL.x - 20, PANEL.y - 20))
        if self.title_key:
            title = self.art.gold_text(tr(self.title_key), 46)
            surface.blit(title, title.get_rect(center=TITLE_CENTRE))
        self.draw_page(surface)
        for widget in self.widgets:
            clip = self.clip_for(widget)
            if clip is None:
                widget.draw(surface)
                continue
            kept = surface.get_clip()
            surface.set_clip(clip.clip(kept))
            widget.draw(surface)
            surface.set_clip(kept)

    def clip_for(self, widget: object) -> pygame.Rect | None:
        """Where ``widget`` may be drawn now (None: anywhere), e.g. inside its panel while it slides in."""
        return None

    def draw_page(self, surface: pygame.Surface) -> None:
        """Paint the page's own art under its widgets."""

    def label(self, text: str, size: int = 22, colour: Colour = TEXT,
              bold: bool = False) -> pygame.Surface:
        """A cached text image (pages draw many short labels)."""
        return self.art.text(text, size, colour, bold)


class PagedScene(PageScene):
    """A page whose content is turned in pages: ◀ / ▶ (and PageUp/PageDown, ←/→) move ``page`` within ``pages``."""

    page = 0

    @property
    def pages(self) -> int:
        return 1

    def prev_page(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.rebuild()

    def next_page(self) -> None:
        if self.page < self.pages - 1:
            self.page += 1
            self.rebuild()

    def on_key(self, key: int) -> None:
        if key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
            self.next_page()
        elif key in (pygame.K_PAGEUP, pygame.K_LEFT):
            self.prev_page()
