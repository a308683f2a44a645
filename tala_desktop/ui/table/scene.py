"""Table scene: one seat at a Phỏm table — polls the TableClient, animates what happened, takes your input.

``TableScene(client, services, spectator=False, on_leave=None)`` talks only to a ``TableClient`` (offline or LAN).
Every frame ``update(dt)`` advances the scene's own clock, calls ``client.poll(clock)`` and hands the messages to
its ``Playback`` (playback.py), which shows them one batch (events + snapshot, batches.py) at a time and says what
each asks as ``PlaybackEffects``: the next batch waits until the card flights of the last one land, and so does your
input. The scene holds the parts and passes values between them, which do not write into each
other: an event becomes ``Effects`` (input.py) and the actions' ``Effects`` are carried out here, in one place; your
side's look is a frozen ``Highlights``; each frame is drawn from one frozen ``TableView`` (``view()``), the dialogs
over it read ``TableBelow``. ``draw`` changes nothing; ``needs_redraw`` (regions.py) says whether anything changed
since the last frame, so the app loop can skip drawing an idle table.

With ``spectator=True`` the client's seat is a bot and the scene only watches (``--selftest``, the benchmark): no
buttons, games follow each other. Other tables are this scene given other parts, never a subclass: the tutorial
gives it a layer (``layer``: its coach), its own results dialog (``results``) and ``practice=True``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import pygame

from tala_desktop.engine import Move
from tala_desktop.table import TableClient
from tala_desktop.table.messages import Error, Hint

from ..art.theme import WARNING
from ..core.display import LOGICAL_SIZE
from ..core.i18n import get_language, tr
from ..core.scene import Scene
from ..shared.services import Services
from ..shared.store_bridge import profile_look
from ..widgets.button_look import ButtonLook
from ..widgets.controls import Button
from . import regions
from .actions import TableActions
from .anim import TableAnimator
from .batches import Batch
from .buttons import TableButtons
from .clock import TurnClock
from .director import TableDirector
from .guide import lay_warning
from .hand_view import HandView, KeptOrder
from .header import TableHeader
from .highlights import Attempt, ButtonPointer, Colour, Effects, Highlights
from .input import InputGuard, TableInput, route_event
from .layout import TableLayout
from .log_box import log_fit, log_rect
from .model import TableModel
from .modes import TableButton
from .painter import TablePainter
from .pause import PauseOverlay
from .playback import Playback, PlaybackEffects
from .results import ResultsOverlay
from .scene_layer import SceneLayer, TableNow
from .status import STATUS_SECONDS, StatusLine
from .still_there import StillThereOverlay
from .view import CardColours, SeatAvatars, TableBelow, TableView
from .words import table_words


class TableScene(regions.Repaints, Scene):
    """The table: your hand at the bottom, the other seats around, the stock in the middle."""

    fills_canvas = True          # the layout follows the canvas's shape (``relayout``, from update)

    def __init__(self, client: TableClient, services: Services, spectator: bool = False,
                 on_leave: Callable[[], None] | None = None, *, size: tuple[int, int] = LOGICAL_SIZE,
                 table_number: int = 1, bet: int | None = None, saved: bool = False,
                 layer: SceneLayer | None = None, looks: Callable[[int], int | None] | None = None,
                 closes_for: Callable[[], tuple[str, ...]] | None = None, kept: KeptOrder | None = None,
                 practice: bool = False, results: Callable[[TableModel], ResultsOverlay] | None = None) -> None:
        super().__init__()
        self.client = client
        self.services = services
        self._spectator = spectator
        self.on_leave = on_leave
        self.table_number = table_number
        self.bet = bet               # the table's bet, shown before the first snapshot brings it (None: not known)
        self.saved = saved           # an unfinished game here is autosaved (the app's offline tables)
        self.layer = layer           # drawn over the table (the chat, reactions, a coach): offered input first
        self.closes_for = closes_for  # who else is at a LAN table this app hosts (quitting closes it for them)
        self.practice = practice     # a lesson's table (the tutorial): no chips at stake
        self.results_dialog = results  # makes the results of a finished game (None: the table's own)
        self.paused = False          # held by the pause menu (offline only: nothing moves, the clock stops)
        self.avatars = SeatAvatars(profile_look(services), looks)     # yours from the profile, the others' by seat
        self.guard = InputGuard()    # clicks wait a moment once a new hand is shown or the table is back on top
        self.pointer = ButtonPointer()   # the button the pointer is over, the one a press holds
        self.log_open = False       # the game log is opened (a click on it), showing more of the game
        self.clock = 0.0
        self.playback = Playback(spectator)   # the messages waiting, the game shown, the thinking seat
        self.layout = TableLayout(size, 4, 0)
        self.hand = HandView(self.layout, kept)    # your order of your hand, kept by the offline game's autosave
        self.anim = TableAnimator(self.tweens, services.cards, services.sounds.play)
        self.painter = TablePainter(services.fonts, services.cards, services.faces)
        self.director = TableDirector(self.anim, self.hand, services)
        self.actions = TableActions(spectator)
        self.highlights = Highlights()
        self.buttons = TableButtons(services.fonts, self.layout)
        self.header = TableHeader(services, self.layout, self.open_page, pauses=client.can_pause)
        self.status = StatusLine()
        self.turn_clock = TurnClock()
        self.pulse = 0.0
        self._dirty = True
        self._frame_dirty = True
        self.frames = regions.ChangedParts()    # what moved on its own (clock, glows) since the last frame
        self._language = get_language()
        self.results: Scene | None = None
        self.closed = False

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.client.start(self.clock)

    def on_exit(self) -> None:
        self.close()

    def on_pause(self) -> None:     # a dialog or page opens over the table: a press begun here ends there
        self.hand.press = None
        self.pointer = ButtonPointer(self.pointer.over)

    def on_resume(self) -> None:    # on top again: a click meant for what closed does nothing here for a moment
        self.on_pause()
        self.guard.screen_changed(self.clock)

    def close(self) -> None:
        """Stop the client (idempotent)."""
        if not self.closed:
            self.closed = True
            self.client.close()

    def open_page(self, page: Scene) -> None:
        """Show a page (settings, rules) over the table; the table waits under it."""
        if self.stack is not None and self.stack.top is self:
            self.stack.push(page)

    def open_pause(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.push(self.pause_overlay())

    def pause_overlay(self) -> PauseOverlay:
        """The pause menu over this table."""
        return PauseOverlay(self.services, self.painter, self.table_below, self.hold, self.leave_table)

    def hold(self, paused: bool) -> None:
        """Hold the table (the pause menu, offline: nothing moves, the clock stops) or let it go on."""
        self.paused = paused
        if not paused:
            self.touch()

    def leave_table(self) -> None:
        """Leave (Móm if a game is running), then hand back to the app (or pop the scene)."""
        if self.model is not None and not self.model.is_over and not self.spectator:
            self.client.leave()
        if self.stack is not None:
            while self.stack.top is not None and self.stack.top is not self and self.stack.top.is_overlay:
                self.stack.pop()
        if self.on_leave is not None:
            self.on_leave()
        elif self.stack is not None and self.stack.top is self:
            self.stack.pop()

    @property
    def model(self) -> TableModel | None:
        """The game shown (None: none yet)."""
        return self.playback.model

    @property
    def thinking_seat(self) -> int | None:
        """The seat whose "thinking" cue shows."""
        return self.playback.thinking_seat

    @property
    def spectator(self) -> bool:
        """Only watching: a bots-only table (the selftest), or a LAN table watched without a seat (seat -1)."""
        return self._spectator or (self.model is not None and self.model.me < 0)

    @property
    def accepting_input(self) -> bool:
        """Your commands are taken: the last batch has landed, no command is on its way, a new hand is settled."""
        return (self.model is not None and not self.spectator and not self.anim.blocking
                and not self.playback.waiting and not self.actions.awaiting and not self.guard.settling(self.clock))

    # ------------------------------------------------------------------ your input's results
    def take_input(self, effects: Effects) -> None:
        """Carry out one input's Effects: the pointer, your hand's gesture, a redraw, the menus, then your pick."""
        self.pointer = effects.pointer or self.pointer
        if (effects.gesture is not None and self.hand.apply(effects.gesture)) or effects.redraw:
            self.touch()
        if effects.pause:
            self.open_pause()
        if effects.log:                           # a click on the log (its redraw is asked too)
            self.log_open = not self.log_open
        if effects.control is not None:
            self.header.press(effects.control)
        if effects.pick is not None:
            self.carry_out(self.actions.take(effects.pick, self.clock, self.hand.order))

    def carry_out(self, effects: Effects, yours: bool = True) -> None:
        """Do what the actions asked (commands, status line, shakes, hand order, a hint), then store the new
        highlights.

        ``yours``: the effects of your own action, which replaces at once what was said about the last one.
        """
        for move, _ in effects.moves:
            self.client.send_move(move)
        if effects.status is not None:
            st = effects.status
            self.say(st.text, st.colour, st.seconds)
        elif yours:
            self.status.clear()
        for key in effects.shakes:
            self.anim.shake(key)
        if effects.order is not None:
            self.hand.set_order(list(effects.order))
        if effects.hint:
            self.client.request_hint()
        self.store_highlights()

    def send_move(self, move: Move, attempt: Attempt = ("", None)) -> None:
        """Send ``move`` as your command (``attempt`` words a refusal)."""
        self.carry_out(self.actions.send(move, attempt))

    def store_highlights(self) -> None:
        """Take the actions' picture of your side now; the hand view and the buttons follow it."""
        hl = self.actions.highlights()
        self.hand.marks = hl
        if hl != self.highlights:
            self.highlights = hl
            self.buttons.place(hl, self.layout)
            self.touch()

    def visible_buttons(self) -> list[Button]:
        """The table's buttons shown now (the tools only while cards fly or a command is on its way)."""
        return [b for _, b in self.buttons.shown(self.highlights, self.accepting_input)]

    # ------------------------------------------------------------------ status, log, clock
    @property
    def log_lines(self) -> list[str]:
        return self.status.log_lines

    def say(self, text: str, colour: Colour | None = None, seconds: float = STATUS_SECONDS) -> None:
        """Show ``text`` in the status line for ``seconds`` (errors, hints, your last action)."""
        self.status.say(text, colour, self.clock + seconds)
        self.touch()

    def status_line(self) -> tuple[str, Colour]:
        """The status line now (reads only)."""
        m, hl = self.model, self.highlights
        due = m is not None and self.turn_clock.warning_due(m, self.clock)
        return self.status.line(self.clock, hl, lay_warning(m, hl) if m is not None and due else None)

    def clock_remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock now, or (0, 0) without a clock."""
        return self.turn_clock.remaining(self.model, seat, self.clock)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._frame_dirty, self._dirty = self._dirty, False
        self.frames.changed = []
        self.resize((self.stack.canvas_size if self.stack is not None else None) or self.layout.size)
        if self.paused:          # the pause menu holds the table: its clock, its bots, every animation
            return
        speed = float(self.services.settings.animation_speed)
        self.tweens.speed = speed if speed > 0 else math.inf
        busy_before = self.anim.busy
        super().update(dt)
        self.clock += dt
        if not self.closed:
            for msg in self.client.poll(self.clock):
                self._show(self.playback.arrive(msg, self.clock))
        while not self.anim.blocking and (shown := self.playback.next(self.clock)) is not None:
            self._show(shown)
        self.anim.update(dt)
        moving = self.hand.update(dt, self.tweens.speed)
        self.guard.settle(self.clock, self.model is not None and not self.anim.blocking, self.client.deal_shown)
        if busy_before or self.anim.busy or moving:
            self._frame_dirty = True
        if get_language() != self._language:   # the words of the buttons and the guide follow a language change
            self._language = get_language()
            self.buttons.retitle()
            self.store_highlights()
        self._tick_and_keys(dt)
        self._maybe_results()
        results = self.results if self.stack is not None and self.results in self.stack.scenes else None
        room = results.room() if isinstance(results, ResultsOverlay) else None     # the layer's room in it
        if self.layer is not None and self.layer.update(dt, TableNow(self.layout, self.model, room)):
            self._frame_dirty = True

    def resize(self, canvas: tuple[int, int]) -> None:   # a new canvas, the chat docked or gone (under a dialog too)
        if (canvas, self.docked(canvas)) != (self.layout.size, self.layout.dock):
            self.relayout(canvas)

    def relayout(self, size: tuple[int, int]) -> None:
        """Lay the table out again for ``size`` (a new window shape, a panel docked or gone): cards glide there."""
        self._lay_out(TableLayout(size, self.layout.n, self.layout.my_seat, self.docked(size)))
        self._frame_dirty = True

    def docked(self, size: tuple[int, int]) -> int:   # the strip the layer's docked panel (the open chat) takes
        return self.layer.dock(size) if self.layer is not None else 0

    def _lay_out(self, layout: TableLayout) -> None:
        self.layout = layout
        self.hand.set_layout(layout)
        self.header.place(layout)
        self.buttons.place(self.highlights, layout)

    def _show(self, fx: PlaybackEffects) -> None:
        """Carry out what showing a message or a batch asks (playback.py): a dialog, an answer, a batch."""
        if fx.still_there:                # the clock played your last turns: still there?
            self.open_page(StillThereOverlay(self.services, self.client.still_here, self.leave_table))
        if isinstance(fx.answer, Error):  # answers to your commands skip the batch queue
            self.carry_out(self.actions.on_error(fx.answer))
        elif isinstance(fx.answer, Hint):
            self.carry_out(self.actions.on_hint(fx.answer))
        if fx.batch is not None and fx.model is not None:
            self._play(fx, fx.batch, fx.model)
        if fx.catch_up:
            self.anim.finish()
        if fx.repaint:
            self.touch()

    def _play(self, fx: PlaybackEffects, batch: Batch, new: TableModel) -> None:
        """Show ``new`` and animate ``batch``'s events from the game shown before."""
        self.turn_clock.received = batch.received
        if fx.seats:
            self.actions.spectator = self.playback.watching(new)
            self._lay_out(TableLayout(self.layout.size, new.n, new.me, self.layout.dock))   # watching: seat 0 below
        hand_rects = {} if fx.new_game else self.hand.drawn_rects()    # where your cards fly from
        if fx.new_game:
            self.anim.clear()
            self.hand.clear()
            self.actions.new_game()
            self.guard.new_game(new.game_id)
            if self.results is not None and self.stack is not None and self.results in self.stack.scenes:
                while self.stack.top is not self and self.stack.top is not None:
                    self.stack.pop()
            self.results = None
        self.hand.take(new, fx.new_game)
        self.carry_out(self.actions.refresh(new, self.hand.order, fx.moved), yours=False)
        from_story = self.status.stories(batch.events, new, fx.again)   # a game under way: told, not played
        away = frozenset(s for s in range(new.n) if s != new.me and self.client.away(s))
        for line, _ in from_story + self.director.play(batch.played, fx.old, new, hand_rects, self.layout, away):
            self.status.add(line, self.clock)
            self.touch()
        if math.isinf(self.tweens.speed):
            self.tweens.update(0.0)
        if fx.game_over:
            self.director.game_over(new)

    def _tick_and_keys(self, dt: float) -> None:
        """Redraw at a low rate for the clock ring and glows; the ticks and the warning of your last seconds."""
        m = self.model
        cues = self.turn_clock.cues(m, self.clock, self.spectator)
        if cues.tick:
            self.services.sounds.play("tick")
        if cues.warn and m is not None:
            self.director.banner(self.layout, tr("status.lay_clock"), m.me, m.me, WARNING)
        self.header.update(dt)
        buttons = self.visible_buttons()
        for b in buttons:
            b.update(dt)
        keys, parts = regions.frame_keys(self.status_line()[0], self.highlights, buttons, cues.ring, self.clock,
                                         self.thinking_seat)
        if parts.glow >= 0:                 # something glows: its pulse
            self.pulse = 0.5 + 0.5 * math.sin(self.clock * math.tau * 0.9)
        pad = self.services.cards.shadow_pad(self.layout.table_card[0])
        if self.frames.note(keys, parts, self.layout, self.model, self.highlights, buttons, pad, self.thinking_seat):
            self._frame_dirty = True

    def _maybe_results(self) -> None:
        if self.stack is None:
            return
        m = self.playback.results_due(self.clock, self.anim.blocking or self.anim.celebrating)
        if m is not None:
            self.results = self.results_overlay(m)
            self.stack.push(self.results)

    def results_overlay(self, model: TableModel) -> ResultsOverlay:
        """The results dialog of a finished game (the tutorial makes its own)."""
        if self.results_dialog is not None:
            return self.results_dialog(model)
        return ResultsOverlay(self.services, self.painter, model, self.seat_looks(), self.table_below,
                              self.client.next_game, self.leave_table, layer=self.layer)

    def seat_looks(self) -> tuple[int | None, ...]:
        """Each seat's avatar now."""
        return self.avatars.of(self.model, self.spectator)

    def table_below(self) -> TableBelow:
        """What a dialog over the table reads of it now."""
        return TableBelow(self.layout, self.model, self.spectator, self.client.can_pause, self.saved,
                          self.needs_redraw, self.closes_for() if self.closes_for is not None else (), self.practice,
                          votes=not self.client.watching and (self.model is None or self.model.me >= 0))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.layer is not None and self.layer.handle_event(event):       # the chat first
            self.touch()
        else:
            self.take_input(route_event(self.input_view(), event))

    def input_view(self) -> TableInput:
        """What the table's input reads now."""
        return TableInput(self.layout, self.model, self.hand, self.header.looks(self.pointer), self.button_looks(),
                          self.pointer, not self.spectator and self.model is not None, self.guard.guarded(self.clock),
                          self.anim.blocking, self.accepting_input,
                          log_rect(self.layout, self.log_open, len(self.status.log)) if self.status.log else None)

    def button_looks(self) -> tuple[tuple[TableButton, ButtonLook], ...]:
        """The table's buttons shown now, lit and pressed as the pointer says, by name."""
        return self.buttons.looks(self.highlights, self.accepting_input, self.pointer)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table from this frame's view, then the layer's look in it over it (changes nothing)."""
        view = self.view()
        self.painter.draw(surface, view)
        if self.layer is not None and view.layer is not None:
            self.layer.draw(surface, view.layer)

    def view(self) -> TableView:
        """This frame's view of the table: all the painter and the layer over the table draw from (the layer's look
        made from the table's frame and put in it)."""
        view = self._table_view()
        return view if self.layer is None else dataclasses.replace(view, layer=self.layer.look(view))

    def _table_view(self) -> TableView:
        m, hl, art, anim = self.model, self.highlights, self.services.cards, self.anim.frame(self.layout.px(26))
        return TableView(
            layout=self.layout, model=m, highlights=hl, hand=self.hand.frame(), anim=anim, now=self.clock,
            clock=self.turn_clock.running(m, self.clock), pulse=self.pulse, thinking_seat=self.thinking_seat,
            status=self.status_line(), log=self.status.recent(log_fit(self.layout, self.log_open)),
            words=table_words(m, hl, anim, self.table_number, self.bet), table_number=self.table_number, bet=self.bet,
            looks=self.seat_looks(), buttons=tuple(b for _, b in self.button_looks()), language=get_language(),
            controls=tuple(b for _, b in self.header.looks(self.pointer)), cards=CardColours.of(art),
            felt=str(self.services.settings.table_colour), log_open=self.log_open)
