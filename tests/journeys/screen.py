"""What a player can see of a scene: the elements to point at (buttons, cards, marks) and the texts shown.

``elements_of(scene)`` lists what is drawn that a player can click, each
with its rectangle on the scene's canvas, read from the scenes' own widgets
and the table's layout (what the app draws with); ``texts_of(scene)`` the
words on screen. The journey driver points and reads through these.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from tala_desktop.ui.core.scene import Scene
from tala_desktop.ui.frames.notice import NoticeBox
from tala_desktop.ui.frames.page import PageScene
from tala_desktop.ui.widgets.controls import Button
from tala_desktop.ui.widgets.form import Segmented


@dataclass(frozen=True)
class Element:
    """Something drawn that a player can point at: its label and its rectangle on the canvas."""

    label: str
    rect: pygame.Rect
    enabled: bool = True


def elements_of(scene: Scene) -> Iterator[Element]:
    from tala_desktop.ui.frames.overlay import Overlay
    from tala_desktop.ui.table.results import ResultsOverlay
    from tala_desktop.ui.table.scene import TableScene

    if isinstance(scene, TableScene):
        yield from _table_elements(scene)
    elif isinstance(scene, ResultsOverlay):
        yield from buttons_of(scene.shown_buttons())
    elif isinstance(scene, Overlay):
        yield from buttons_of(scene.buttons)
    elif isinstance(scene, PageScene):
        yield from _page_marks(scene)
        for widget in scene.widgets:
            if isinstance(widget, Button):
                yield from buttons_of([widget])
            elif isinstance(widget, Segmented) and getattr(widget, "visible", True):
                for (_, label), rect in zip(widget.options, widget.segment_rects()):
                    yield Element(label, pygame.Rect(rect))
            elif isinstance(widget, NoticeBox) and widget.visible:
                yield Element(widget.button.text, widget.button_rect())
        yield from _switches(scene)


def _switches(scene: PageScene) -> Iterator[Element]:
    """The settings' on/off switches, each by the words of the setting drawn over it ("Toàn màn hình (F11)")."""
    from tala_desktop.ui.core.i18n import tr
    from tala_desktop.ui.widgets.form import Toggle

    controls = getattr(scene, "controls", None)
    if not isinstance(controls, dict):       # the settings page names its controls; the LAN lobby lists its own
        return
    for name, control in controls.items():
        if isinstance(control, Toggle) and control.visible:
            yield Element(tr(f"settings.{name}"), pygame.Rect(control.rect))


def _page_marks(scene: PageScene) -> Iterator[Element]:
    """The replay's timeline marks, each where it is drawn ("mark 12": the computer's advice on move 12)."""
    from tala_desktop.ui.screens.replay import TIMELINE, ReplayScene

    if isinstance(scene, ReplayScene):
        for i in scene.mark_indexes():
            yield Element(f"mark {i}", pygame.Rect(scene.mark_x(i) - 2, TIMELINE.y, 5, TIMELINE.h))


def buttons_of(buttons: list[Button]) -> Iterator[Element]:
    for b in buttons:
        if b.visible:
            yield Element(b.text, pygame.Rect(b.rect), b.enabled)


def _table_elements(scene: Any) -> Iterator[Element]:
    from tala_desktop.engine.cards import card_str
    from tala_desktop.ui.screens.tutorial import tutorial_of

    view = scene.view()                          # the table's buttons as its frame draws them
    for look in (*view.controls, *view.buttons):
        yield Element(look.label, look.rect, look.enabled)
    tutorial = tutorial_of(scene)
    if tutorial is not None and not tutorial.coach.hidden:
        yield from buttons_of([tutorial.coach.faster_button])
    if scene.model is None:
        return
    for card in scene.hand.order:
        rect = scene.hand.rect_of(card)
        if rect is not None:
            yield Element(f"card {card_str(card)}", pygame.Rect(rect))
    yield Element("stock", pygame.Rect(scene.layout.stock))
    m = scene.model
    if m.last_discard is not None:
        seat = m.last_discard[0]
        rects = scene.layout.pile_rects(seat, len(m.piles[seat]))
        if rects:
            yield Element("discard", pygame.Rect(rects[-1]))


def texts_of(scene: Scene) -> Iterator[str]:
    from tala_desktop.ui.table.scene import TableScene

    for attr in ("title", "message", "note"):
        value = getattr(scene, attr, None)
        if isinstance(value, str) and value:
            yield value
    shown = getattr(scene, "shown_texts", None)     # a page that draws its own words says which (history, stats)
    if callable(shown):
        yield from (t for t in shown() if t)
    if isinstance(scene, PageScene):
        for widget in scene.widgets:
            if isinstance(widget, NoticeBox) and widget.visible:
                yield " ".join(widget.lines())
    if isinstance(scene, TableScene):
        if scene.model is None:
            from tala_desktop.ui.core.i18n import tr
            yield tr("table.waiting")
        text, _ = scene.status_line()
        if text:
            yield text
        yield from scene.log_lines
        shown = getattr(scene.layer, "shown_texts", None)        # the chat's layer: the strip's note, a menu
        if callable(shown):
            yield from shown()
    for e in elements_of(scene):
        if not e.label.startswith("card ") and e.label not in ("stock", "discard"):
            yield e.label


def chat_elements(table: Any, top: Scene) -> list[Element]:
    """The table's chat where it is drawn: "chat" (the toggle), and while it is open "chat field" and its
    buttons; between games the seat changes it offers over the table, by their words; the people at the table
    and the host's menu of one (``_people_elements``)."""
    layer = getattr(table, "layer", None)
    panel = getattr(layer, "panel", None)
    if panel is None:
        return []
    out = [Element("chat", pygame.Rect(panel.toggle_rect))]
    if panel.is_open:
        if panel.field is not None:
            out.append(Element("chat field", pygame.Rect(panel.field.rect)))
        out.extend(buttons_of(panel.buttons()))
    out.extend(buttons_of(getattr(layer, "seat_buttons", [])))
    return out + _people_elements(table, layer, top)

def _people_elements(table: Any, layer: Any, top: Scene) -> list[Element]:
    """The host's menu where it is drawn (its buttons, the names it lists as "person NAME"), each person at
    the table as "person NAME" at their avatar (their row's in the results) and "watching" at the label."""
    from tala_desktop.ui.table.results import ResultsOverlay

    people = getattr(layer, "people", None)
    if people is None or table.model is None:
        return []
    out = list(buttons_of(people.menu.buttons))
    out += [Element(f"person {person.name}", pygame.Rect(rect)) for person, rect in people.menu.rows]
    names = table.model.names
    if isinstance(top, ResultsOverlay):
        out += [Element(f"person {names[spot.seat]}", pygame.Rect(spot.avatar)) for spot in top.room().people]
    else:
        out += [Element(f"person {names[seat]}", table.layout.seat(seat).avatar) for seat in range(table.model.n)]
        label = layer._watch_hit()
        if label is not None:
            out.append(Element("watching", pygame.Rect(label)))
    return out
