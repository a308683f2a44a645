"""SocialLayer: the chat panel and reaction bubbles over a table scene, fed by the table's SocialChannel.

The table scene offers it input first, updates it after itself and shows
it over the table (the scene's layer hook): its widgets keep the state and
take the input, ``look(view)`` turns that state into one frozen
``SocialLook`` (social_look.py) that rides in the frame's ``TableView``, and
``draw`` hands the look to the layer's painter (social_painter.py), which
reads nothing else. Each part's look is kept while it does not change, and
the whole look is the last frame's while nothing did.

Each line said goes into the panel in the sender's seat colour (the colour
of their avatar); each reaction and each typed line also pops a bubble at
the sender's avatar, or, for someone watching, under the "watching" label
beside the chat toggle.
Open, the panel docks at the right edge (``dock``) and the table makes room.
Between games the seat changes the channel offers (sit down on a free seat,
stand up, the host's swaps) and why the next deal waits show in a strip
(between.py): inside the results while they show (drawn over them, taking
the clicks there first), else on the table's free middle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tala_desktop.net.chat_text import visible

from ..art import gfx
from ..art.avatars import avatar_colour
from ..art.theme import FELT_MUTED, WATCHER_NAME
from ..core.assets import Fonts
from ..core.i18n import tr
from ..table.layout import TableLayout, side_dock
from ..table.painter import plate_words
from ..table.scene_layer import DialogRoom
from ..table.view import LayerLook
from ..widgets.controls import Button
from ..widgets.text_fit import fit_name
from .between import STRIP_H, BetweenStrip, table_area
from .bubble_art import BubbleArt
from .bubbles import Anchor, ReactionBubbles
from .chat_lines import ChatEntry
from .chat_panel import ChatPanel
from .people import TablePeople
from .social_channel import ChatMessage, SeatChoice, SocialChannel
from .social_look import LabelLook, SocialLook, TipLook
from .social_painter import SocialPainter

if TYPE_CHECKING:
    from ..table.scene_layer import TableNow
    from ..table.view import TableView

Colour = tuple[int, int, int]
WATCHERS_SIZE = 16


class SocialLayer:
    """Chat and reactions for one table scene."""

    def __init__(self, channel: SocialChannel, fonts: Fonts, canvas: tuple[int, int] = (1280, 720)) -> None:
        self.channel = channel
        self.fonts = fonts
        self.panel = ChatPanel(fonts, canvas, on_react=channel.send_reaction,
                               on_chat=channel.send_chat if channel.can_chat else None)
        self.art = BubbleArt(fonts)            # the bubbles' images: measured to place them, drawn from their looks
        self.bubbles = ReactionBubbles(fonts, canvas, self.art)
        self.painter = SocialPainter(fonts, self.art)   # draws the layer's looks, reading nothing else
        self.clock = 0.0
        self._keys: tuple[Any, ...] = ()
        self._dirty = True
        self._watch_label: tuple[str, pygame.Surface] | None = None
        self.strip = BetweenStrip(fonts)       # the seat changes offered now (between games), why the deal waits
        self.dialog: DialogRoom | None = None  # the room the results leave the layer while they show
        self.people = TablePeople(fonts)       # who is at the table, muted marks, the host's menu of a person
        self._table_now: TableNow | None = None
        self.pointer = (-1, -1)                # where the pointer is (a cut name under it shows whole)
        self._view: TableView | None = None
        self._looks: dict[str, SocialLook] = {}   # the last look over the table ("table") and over a dialog

    @property
    def offer(self) -> list[SeatChoice]:
        return self.strip.choices

    @property
    def seat_buttons(self) -> list[Button]:
        """The seat changes' buttons shown now."""
        return self.strip.buttons

    # ------------------------------------------------------------------ the scene's hook
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offered every event before the table; True when the chat used it."""
        moved = event.type == pygame.MOUSEMOTION
        if moved:
            self._dirty = self._dirty or self._tip_at(event.pos) != self._tip_at(self.pointer)
            self.pointer = event.pos
        before = self._pointed() if moved else ()
        menu, table = self.people.menu, self._table_now
        used = (menu.is_open and not self.people.on_dialog and menu.handle_event(event)) \
            or self.panel.handle_event(event) or self.strip.handle_event(event)
        if not used and table is not None:       # a person's avatar or plate, the watching label: their menu
            used = self.people.click_table(event, table.layout, self._watch_hit())
        if used or (moved and self._pointed() != before):    # a move redraws when it lights something up
            self._dirty = True
        return used

    def _pointed(self) -> tuple[object, ...]:
        """What the pointer lights up: anything while the panel is open, else the buttons it is over."""
        panel = self.panel
        return (panel.is_open and panel._pointer, panel._hover, self.strip.hovered(), self.people.menu.hovered())

    def handle_over(self, event: pygame.event.Event, room: DialogRoom) -> bool:
        """An event while the results show: the menu, the chat and the strip drawn over them take the clicks on
        them (and the chat its typing), and a press on a row's person opens their menu."""
        self._place_strip(room, self.strip.scale)
        if event.type == pygame.MOUSEMOTION:
            if self.cut_name_over_results(event.pos, room) != self.cut_name_over_results(self.pointer, room):
                self._dirty = True
            self.pointer = event.pos
        before = self._pointed()
        menu = self.people.menu
        used = (menu.is_open and self.people.on_dialog and menu.handle_event(event)) \
            or self.panel.handle_event(event) or self.strip.handle_event(event)
        if not used and self._table_now is not None:
            used = self.people.click_dialog(event, room, self._bounds(), self.strip.scale)
        if used or self._pointed() != before:
            self._dirty = True
        return used

    def _bounds(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self._table_now.layout.size if self._table_now is not None else self.panel.canvas)

    def shown_texts(self) -> list[str]:
        """The words the layer shows now besides its buttons: who watches, why the deal waits, who is away, the open
        menu."""
        watching = [tr("social.watchers", count=len(self.watchers()))] if self.watchers() and not self.dialog else []
        return [*watching, *([self.strip.note] if self.strip.note else []), *self.people.away_texts(),
                *self.people.menu.shown_texts()]

    def holding(self) -> bool:
        """A person's menu is open over the results, or the host holds the table: their clock waits."""
        return (self.people.menu.is_open and self.people.on_dialog) or self.channel.held()

    def deal_note(self, countdown: float) -> str | None:
        """The results' one line about the next game (the table's, with their ``countdown`` in it), or None when the
        results say it themselves (offline)."""
        return self.channel.between_note(True, self.clock, countdown) if self.channel.times_deals else None

    def strip_height(self) -> int:
        """The strip the results leave under their rows (design pixels): room for it while it has anything."""
        return STRIP_H if self.strip.wanted else 0

    def look_over(self, room: DialogRoom) -> SocialLook:
        """The layer over a dialog (the results): the strip in the room it leaves, the chat (its toggle, or the
        panel docked beside the dialog), the muted marks on its rows and the menu opened there, the whole name of a
        row's cut one under the pointer."""
        self._place_strip(room, self.strip.scale)
        scale = self.strip.scale
        name = self.cut_name_over_results(self.pointer, room)
        tip = TipLook(name, self.pointer, round(16 * scale)) if name is not None else None
        return self._kept("over", SocialLook(strip=self.strip.look(), panel=self.panel.look(),
                                             people=self.people.look_dialog(room, scale), tip=tip))

    def update(self, dt: float, scene: TableNow) -> bool:
        """Take what was said, age the bubbles; True when the next frame looks different."""
        self.clock += dt
        size = scene.layout.size
        if size != self.panel.canvas:
            self.panel.layout(size)
        self.bubbles.canvas = (size[0] - scene.layout.dock, size[1])    # beside the docked chat, not over it
        self.bubbles.avoid = keep_clear(scene.layout, self._watch_hit())
        for message in self.channel.poll_chat(self.clock):
            self.take(message, scene)
        self.panel.update(dt)
        self.panel.muted = self.channel.you_muted()
        self.bubbles.update(self.clock)
        self.dialog, self._table_now = scene.dialog, scene
        between = scene.model is not None and scene.model.is_over
        if self.people.update(self.channel.people(between), scene.dialog is not None):
            self._dirty = True
        self._update_offer(scene)
        field = self.panel.field
        keys = (self.panel.is_open, self.panel.unread, len(self.panel.entries), self.panel.scroll,
                field.text if field else "", field.caret_visible if field else False,
                tuple(self.bubbles.bubbles), self.bubbles.animating(self.clock) and int(self.clock * 60),
                tuple(self.watchers()), tuple(self.offer), self.strip.note, self.dialog,
                self.panel.muted)
        dirty, self._dirty = self._dirty or keys != self._keys, False
        self._keys = keys
        return dirty

    def dock(self, canvas: tuple[int, int]) -> int:
        """The strip at the right edge the open chat takes from the table (0 while it is closed)."""
        return side_dock(canvas) if self.panel.is_open else 0

    def look(self, view: TableView) -> SocialLook:
        """The layer over the table ``view`` shows this frame (see social_look.py): built from the parts' looks,
        each kept while it does not change; the last frame's look while none did."""
        self._view = view                       # what the pointer is over (a cut name) is read from it
        on_table = self.dialog is None          # while the results show, the strip is over them (look_over)
        name = self._tip_at(self.pointer) if on_table else None
        return self._kept("table", SocialLook(
            self._watchers_look(), self.strip.look(note=not view.status[0]) if on_table else None,   # the status
            self.panel.look(), self.bubbles.looks(self.clock), self.people.look_table(view.layout),  # line first
            TipLook(name, self.pointer, view.layout.px(16)) if name is not None else None))

    def _kept(self, where: str, look: SocialLook) -> SocialLook:
        """``look``, or the equal one handed out last time (over the table or over a dialog)."""
        last = self._looks.get(where)
        if last == look:
            return last
        self._looks[where] = look
        return look

    def draw(self, surface: pygame.Surface, look: LayerLook) -> None:
        """Paint a look this layer made (``look`` or ``look_over``), from the look alone."""
        if isinstance(look, SocialLook):
            self.painter.draw(surface, look)

    def _tip_at(self, pos: tuple[int, int]) -> str | None:
        """The full name cut at ``pos``: a seat's plate, else a sender's in the open chat."""
        return self._cut_name_at(pos) or self.panel.cut_name_at(pos)

    def _cut_name_at(self, pos: tuple[int, int]) -> str | None:
        """The full name of the seat whose plate or avatar is at ``pos`` when its plate had to cut it, else None."""
        view = self._view
        if view is None or view.model is None or self.dialog is not None:
            return None
        for seat in range(min(view.layout.n, view.model.n)):
            g = view.layout.seat(seat)
            if (g.plate.collidepoint(pos) or g.avatar.collidepoint(pos)) and plate_words(self.fonts, view, seat)[1].cut:
                return view.model.names[seat]
        return None

    def cut_name_over_results(self, pos: tuple[int, int], room: DialogRoom) -> str | None:
        """The full name of the results' row at ``pos`` when the row had to cut it, else None."""
        model = self._table_now.model if self._table_now is not None else None
        if model is None:
            return None
        spot = next((x for x in room.people if x.name.collidepoint(pos)), None)
        if spot is None or not 0 <= spot.seat < model.n:
            return None
        name = model.names[spot.seat]
        size = round(18 * self.strip.scale)
        return name if fit_name(self.fonts, name, size, spot.name.w).cut else None

    # ------------------------------------------------------------------ lines and bubbles
    def take(self, message: ChatMessage, scene: TableNow) -> None:
        """One line said at the table: into the chat, and a bubble at the sender (not a notice, nor a line said
        before the table showed); a line that draws as nothing (joiners alone, kept for emoji) is not shown."""
        if message.reaction is None and not message.notice and not any(map(visible, message.text)):
            return
        self.panel.add(ChatEntry(message, self.colour_of(message, scene)))
        if message.notice or message.earlier or (message.reaction is None and not message.text):
            return
        anchor = self.anchor_of(message, scene)
        if anchor is not None:
            watching = message.seat is None or message.watching
            self.bubbles.show(("watch", message.name) if watching else message.seat, message.reaction or "", anchor,
                              self.clock, label=message.name if watching else "",
                              text="" if message.reaction is not None else message.text)

    def colour_of(self, message: ChatMessage, scene: TableNow) -> Colour:
        m = scene.model
        if message.seat is None or message.watching or m is None or not 0 <= message.seat < m.n:
            return WATCHER_NAME
        return avatar_colour(m.names[message.seat])

    def anchor_of(self, message: ChatMessage, scene: TableNow) -> Anchor | None:
        m, layout = scene.model, scene.layout
        if message.seat is None or message.watching:
            left = self._watch_left()
            return Anchor((left, self.panel.toggle_rect.centery), 0, side="left")
        if m is None or not 0 <= message.seat < layout.n:
            return None
        g = layout.seat(message.seat)
        return Anchor(g.avatar_centre, g.avatar_radius, side="below" if g.slot == "top" else "above")

    # ------------------------------------------------------------------ watchers
    def _update_offer(self, scene: TableNow) -> None:
        """Between games, the seat changes the channel offers and why the deal waits: in the results' strip while
        they show, else on the table's free middle."""
        m = scene.model
        between = m is not None and m.is_over
        choices = self.channel.seat_choices(between)
        if scene.dialog is not None and self.watchers():    # the "watching" label is under the results: a button
            choices.append(SeatChoice(tr("people.watchers_button", count=len(self.watchers())), self._list_watching,
                                      key=("watchers",)))
        over_results = scene.dialog is not None and self.channel.times_deals   # the results show the line
        self.strip.offer(choices, "" if over_results else self.channel.between_note(between, self.clock))
        if scene.dialog is not None:
            self._place_strip(scene.dialog, scene.layout.scale)
        else:
            self.strip.place(table_area(scene.layout), scene.layout.scale, scene.layout.status)

    def _place_strip(self, room: DialogRoom, scale: float) -> None:
        self.strip.place(room.strip, scale)

    def _list_watching(self) -> None:
        """The results' "Người xem" button: the list of the people watching, by the button."""
        label = tr("people.watchers_button", count=len(self.watchers()))
        button = next((b for b in self.strip.buttons if b.text == label), None)
        anchor = button.rect if button is not None else self.strip.area
        self.people.open_watching(anchor, self._bounds(), self.strip.scale, dialog=True)
        self._dirty = True

    def watchers(self) -> list[str]:
        return self.channel.watchers

    def _watchers_rect(self) -> pygame.Rect:
        t = self.panel.toggle_rect
        return pygame.Rect(t.x - 170, t.y, 160, t.h)

    def _watch_left(self) -> int:
        """The left edge of the "watching" label (its bubbles go left of it)."""
        rect = self._watchers_rect()
        return rect.right - self._label().get_width()

    def _label(self) -> pygame.Surface:
        """The "N watching" label (rendered once per text, to measure it)."""
        look = self._watchers_look()
        text = look.text if look is not None else ""
        if self._watch_label is None or self._watch_label[0] != text:
            img = gfx.shadowed_text(self.fonts.font(WATCHERS_SIZE), text, FELT_MUTED, WATCHERS_SIZE,
                                    self._watchers_rect().w)
            self._watch_label = (text, img)
        return self._watch_label[1]

    def _watchers_look(self) -> LabelLook | None:
        """The "N watching" label beside the chat's toggle, None while nobody watches."""
        if not self.watchers():
            return None
        rect = self._watchers_rect()
        return LabelLook(tr("social.watchers", count=len(self.watchers())), WATCHERS_SIZE, rect.w,
                         (rect.right, rect.centery))

    def _watch_hit(self) -> pygame.Rect | None:
        """Where the "N watching" label is drawn (a press there lists them), None while nobody watches."""
        if not self.watchers():
            return None
        return self._label().get_rect(midright=self._watchers_rect().midright)


def keep_clear(layout: TableLayout, watch_label: pygame.Rect | None) -> list[pygame.Rect]:
    """What a bubble must never cover: every card row, name plate, avatar and control the table lays out (its
    status line and log aside: words, not cards), and the "watching" label."""
    out = [r for name, r in layout.regions().items() if r.w and r.h and name not in ("status", "log", "info")]
    return out + ([watch_label] if watch_label is not None else [])
