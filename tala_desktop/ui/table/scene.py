"""Table scene: one seat at a Phỏm table — polls the TableClient, animates what happened, takes your input.

``TableScene(client, services, spectator=False, on_leave=None)`` talks only
to a ``TableClient`` (offline or LAN). Every frame ``update(dt)`` advances
the scene's own clock, calls ``client.poll(clock)`` and plays the messages
(the Structs of table/messages.py) one batch (events + snapshot) at a
time: the next batch waits until the card flights of the last one land,
and so does your input. Its parts do
not write into each other: the director turns events into animations and
returns log lines, the actions turn your input into ``Effects`` (carried
out here) and your side's look into a frozen ``Highlights`` (stored here),
and the painter only reads. ``draw`` changes nothing; ``needs_redraw`` says
whether anything changed since the last frame, so the app loop can skip
drawing an idle table.

With ``spectator=True`` the client's seat is a bot and the scene only
watches (``--selftest``, the benchmark): no buttons, games follow each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tala_desktop.engine import Move
from tala_desktop.table import TableClient
from tala_desktop.table.messages import Error, Hint, Snapshot, TableMessage, Thinking

from ..art.theme import WARNING
from ..core.display import LOGICAL_SIZE
from ..core.i18n import get_language, tr
from ..core.phrase import Words
from ..core.scene import Scene
from ..shared.services import Services
from ..shared.store_bridge import profile_look
from ..widgets.controls import Button
from . import lay_assist as assist
from . import regions
from .actions import TableActions
from .anim import TableAnimator
from .buttons import TableButtons
from .clock import TurnClock
from .director import TableDirector
from .extras import TableExtras, TableSight
from .guide import lay_clock_warning
from .hand_view import HandView
from .header import TableHeader
from .highlights import Attempt, Colour, Effects, Highlights
from .input import TableInput, route_event
from .layout import WATCHING, TableLayout
from .model import TableModel
from .modes import Mode, TableButton
from .painter import TablePainter
from .status import STATUS_SECONDS, StatusLine
from .view import SeatClock, TableView

RESULTS_DELAY = 1.1        # seconds between the last flight of a game and the results
PULSE_FPS = 12             # redraws per second while only glows pulse
INPUT_GUARD = 0.5          # seconds clicks are ignored once a new hand is shown
CATCH_UP = 4               # queued snapshots beyond which animations are skipped to catch up
LOG_SHOWN = 5              # lines of the game log on the table


class TableScene(Scene):
    """The table: your hand at the bottom, the other seats around, the stock in the middle."""

    fills_canvas = True          # the layout follows the canvas's shape (``relayout``, from update)

    def __init__(self, client: TableClient, services: Services, spectator: bool = False,
                 on_leave: Callable[[], None] | None = None, *, size: tuple[int, int] = LOGICAL_SIZE,
                 table_number: int = 1, saved: bool = False, extras: TableExtras | None = None,
                 looks: Callable[[int], int | None] | None = None) -> None:
        super().__init__()
        self.client = client
        self.services = services
        self._spectator = spectator
        self.on_leave = on_leave
        self.table_number = table_number
        self.saved = saved           # an unfinished game here is autosaved (the app's offline tables)
        self.extras = extras         # drawn over the table (the chat, reactions): offered input first
        self.paused = False          # held by the pause menu (offline only: nothing moves, the clock stops)
        self.my_look = profile_look(services)    # your avatar as the profile chose it (None: no profile)
        self.looks = looks                       # the other players' chosen avatars (a LAN table), by seat
        self._fresh_hand = False     # a new hand is being dealt: clicks wait a moment once it is shown
        self.guard_until = -1.0     # clicks on the table wait until this clock time (a new hand was just shown)
        self.clock = 0.0
        self.me: int = WATCHING if client.seat is None else client.seat   # a watching client has no seat
        self.model: TableModel | None = None
        self.queue: list[tuple[TableMessage, float]] = []   # (message, the scene clock when it arrived)
        self.layout = TableLayout(size, 4, 0)
        self.hand = HandView(self.layout)
        self.anim = TableAnimator(self.tweens, services.cards, services.sounds.play)
        self.painter = TablePainter(services)
        self.director = TableDirector(self.anim, self.hand, services, self.painter.text)
        self.actions = TableActions(spectator)
        self.highlights = Highlights()
        fonts = services.fonts
        self.buttons = TableButtons(fonts, self.layout)
        self.menu_button = Button(self.layout.menu_button, tr("icon.menu"), fonts, style="dark")
        self.header = TableHeader(services, self.layout, self.open_page)
        self.status = StatusLine()
        self.turn_clock = TurnClock()
        self.thinking_seat: int | None = None
        self.pulse = 0.0
        self._dirty = True
        self._frame_dirty = True
        self.frames = regions.ChangedParts()    # what moved on its own (clock, glows) since the last frame
        self._language = get_language()
        self._over_at: float | None = None
        self.results_for: int | None = None
        self.results: Scene | None = None
        self.closed = False

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.client.start(self.clock)

    def on_exit(self) -> None:
        self.close()

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
        from .pause import PauseOverlay
        if self.stack is not None and self.stack.top is self:
            self.stack.push(PauseOverlay(self))

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
    def spectator(self) -> bool:
        """Only watching: a bots-only table (the selftest), or a LAN table watched without a seat (seat -1)."""
        return self._spectator or (self.model is not None and self.model.me < 0)

    def next_game(self) -> None:
        self.client.next_game()

    def look_of(self, seat: int) -> int | None:
        """The avatar to draw at ``seat``: yours at your seat, the one another player chose at a LAN table,
        None (the name's colour) for a bot."""
        m = self.model
        if m is not None and seat == m.me and not self.spectator:
            return self.my_look
        return self.looks(seat) if self.looks is not None else None

    # ------------------------------------------------------------------ redraw bookkeeping
    @property
    def needs_redraw(self) -> bool:
        """True when the last update (or an event since) changed what a frame would show."""
        return self._dirty or self._frame_dirty or bool(self.frames.changed)

    def redraw_rects(self) -> list[pygame.Rect] | None:
        """Where the next frame differs from the last when only the clock, glows or thinking dots moved; else
        None (the whole frame)."""
        if self._dirty or self._frame_dirty or self.model is None:
            return None
        return list(self.frames.changed)

    def touch(self) -> None:
        self._dirty = True

    @property
    def accepting_input(self) -> bool:
        """Your commands are taken: the last batch has landed, no command is on its way, a new hand is settled."""
        return (self.model is not None and not self.spectator and not self.anim.blocking
                and not self.queue and not self.actions.awaiting and self.clock >= self.guard_until)

    # ------------------------------------------------------------------ your input's results
    def take_input(self, effects: Effects) -> None:
        """Carry out one input's Effects: your hand's gesture, a redraw, the pause menu, then what the actions make
        of what you picked."""
        if effects.gesture is not None and self.hand.apply(effects.gesture):
            self.touch()
        if effects.redraw:
            self.touch()
        if effects.pause:
            self.open_pause()
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

    def shown_buttons(self) -> list[tuple[TableButton, Button]]:
        """The table's buttons shown now, with their names (the tools only while cards fly or a command is on its
        way)."""
        return self.buttons.shown(self.highlights, self.accepting_input) if self.highlights.buttons else []

    def visible_buttons(self) -> list[Button]:
        """The buttons shown now."""
        return [b for _, b in self.shown_buttons()]

    # ------------------------------------------------------------------ status, log, clock
    @property
    def log_lines(self) -> list[str]:
        return self.status.log_lines

    def say(self, text: str, colour: Colour | None = None, seconds: float = STATUS_SECONDS) -> None:
        """Show ``text`` in the status line for ``seconds`` (errors, hints, your last action)."""
        self.status.say(text, colour, self.clock + seconds)
        self.touch()

    def add_log(self, line: Words, mine: bool = False) -> None:
        self.status.add(line, self.clock)
        self.touch()

    def status_line(self) -> tuple[str, Colour]:
        """The status line now (reads only)."""
        warning: tuple[str, Colour] | None = None
        if self.turn_clock.warning_due(self.model, self.clock) and self.model is not None:
            hl = self.highlights
            warning = (hl.guide if hl.mode is Mode.LAY else lay_clock_warning(self.model)), WARNING
        return self.status.line(self.clock, self.highlights, warning)

    def clock_remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock now, or (0, 0) without a clock."""
        return self.turn_clock.remaining(self.model, seat, self.clock)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._frame_dirty, self._dirty = self._dirty, False
        self.frames.changed = []
        canvas = self.stack.canvas_size if self.stack is not None else None
        if canvas is not None and canvas != self.layout.size:
            self.relayout(canvas)
        if self.paused:          # the pause menu holds the table: its clock, its bots, every animation
            return
        speed = float(self.services.settings.animation_speed)
        self.tweens.speed = speed if speed > 0 else math.inf
        busy_before = self.anim.busy
        super().update(dt)
        self.clock += dt
        if not self.closed:
            for msg in self.client.poll(self.clock):
                self._route(msg)
        self._drain()
        self.anim.update(dt)
        moving = self.hand.update(dt, self.tweens.speed)
        if self._fresh_hand and self.model is not None and not self.anim.blocking:
            self._fresh_hand = False   # the new hand is shown: a click meant for the results must not pick a card
            self.guard_until = self.clock + INPUT_GUARD
        if busy_before or self.anim.busy or moving:
            self._frame_dirty = True
        if get_language() != self._language:   # the words of the buttons and the guide follow a language change
            self._language = get_language()
            self.buttons.retitle()
            self.store_highlights()
        self._tick_and_keys(dt)
        self._maybe_results()
        if self.extras is not None and self.extras.update(dt, TableSight(self.layout, self.model)):
            self._frame_dirty = True

    def resize(self, canvas: tuple[int, int]) -> None:
        if canvas != self.layout.size:       # also under a dialog that keeps the table from updating
            self.relayout(canvas)

    def relayout(self, size: tuple[int, int]) -> None:
        """Lay the table out again for a canvas of ``size`` (the window changed shape): cards glide to their
        new places, the buttons and the header move at once."""
        self.layout = TableLayout(size, self.layout.n, self.layout.my_seat)
        self.hand.set_layout(self.layout)
        self.header.place(self.layout)
        self.menu_button.rect = pygame.Rect(self.layout.menu_button)
        self.buttons.place(self.highlights, self.layout)
        self._frame_dirty = True

    def _route(self, msg: TableMessage) -> None:
        if isinstance(msg, Error):          # answers to your commands skip the batch queue
            self.carry_out(self.actions.on_error(msg))
        elif isinstance(msg, Hint):
            self.carry_out(self.actions.on_hint(msg))
        else:
            self.queue.append((msg, self.clock))

    def _drain(self) -> None:
        while self.queue and not self.anim.blocking:
            head = self.queue[0][0]
            if isinstance(head, Thinking):  # a bot started on its move: show the cue now
                self.queue.pop(0)
                if self.model is not None and head.game_id == self.model.game_id:
                    self.thinking_seat = head.seat
                    self.touch()
                continue
            end = next((i for i, (m, _) in enumerate(self.queue) if isinstance(m, Snapshot)), None)
            if end is None:
                return
            batch, self.queue = self.queue[:end + 1], self.queue[end + 1:]
            snap, received = batch[-1]
            assert isinstance(snap, Snapshot)
            self._play([m for m, _ in batch[:-1]], snap, received)
            if sum(1 for m, _ in self.queue if isinstance(m, Snapshot)) >= CATCH_UP:
                self.anim.finish()

    def _play(self, events: list[TableMessage], snap: Snapshot, received: float) -> None:
        old = self.model
        new = TableModel(snap)
        if old is not None:
            new.carry_from(old)
        self.turn_clock.received = received
        new_game = old is None or new.game_id != old.game_id
        if old is None or (new.n, new.me) != (old.n, old.me):
            self.me = new.me
            self.layout = TableLayout(self.layout.size, new.n, new.me)   # watching (WATCHING, -1): seat 0 below
            self.actions.spectator = self._spectator or new.me < 0
            self.hand.set_layout(self.layout)
            self.header.place(self.layout)
        hand_rects = {c: r for c in self.hand.order if (r := self.hand.rect_of(c)) is not None}
        if new_game:
            self._new_game()
            hand_rects = {}
        partners = {c: assist.eat_helpers(new.hand_mask & ~(1 << c), new.eaten_mask & ~(1 << c), c, new.ace_high)
                    for c in new.my_eaten if c not in self.hand.order}
        self.model = new
        self.hand.sync(new.hand, set(new.my_eaten), partners)
        if new_game:
            self.hand.set_order(assist.sort_by_phom(new.hand, new.eaten_mask, new.ace_high, new.face10))
            self.hand.snap()
        for e in events:
            if isinstance(e, Thinking):
                self.thinking_seat = e.seat
        if new.thinking is not None and (new.thinking != new.me or self.spectator):
            self.thinking_seat = new.thinking  # your own seat only thinks when a bot plays it
        if new.to_move != self.thinking_seat:
            self.thinking_seat = None
        self.carry_out(self.actions.refresh(new, self.hand.order), yours=False)
        for line, mine in self.director.play([e for e in events if not isinstance(e, Thinking)], old, new,
                                             hand_rects, self.layout):
            self.add_log(line, mine)
        if math.isinf(self.tweens.speed):
            self.tweens.update(0.0)
        if new.is_over and self._over_at is None:
            self._over_at = self.clock
            if new.me >= 0:                  # a watcher has nothing won or lost
                won = new.final_net()[new.me] > 0
                self.services.sounds.play("win" if won else "lose")
        self.touch()

    def _new_game(self) -> None:
        self._fresh_hand = True
        self.anim.clear()
        self.hand.clear()
        self.actions.new_game()
        self._over_at = None
        self.thinking_seat = None
        if self.results is not None and self.stack is not None and self.results in self.stack.scenes:
            while self.stack.top is not self and self.stack.top is not None:
                self.stack.pop()
        self.results = None

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
        hl = self.highlights
        glowing = hl.stock_glow or hl.discard_glow or any(b.glow for b in buttons)
        for b in buttons:
            b.update(dt)
        if glowing:
            self.pulse = 0.5 + 0.5 * math.sin(self.clock * math.tau * 0.9)
        thinking = int(self.clock * 3) if self.thinking_seat is not None else -1
        text, _ = self.status_line()
        keys = (text, tuple(id(b) for b in buttons), glowing, self.thinking_seat)
        parts = regions.Parts(cues.ring, int(self.clock * PULSE_FPS) if glowing else -1, thinking)
        pad = self.services.cards.shadow_pad(self.layout.table_card[0])
        if self.frames.note(keys, parts, self.layout, self.model, self.highlights, buttons, pad, self.thinking_seat):
            self._frame_dirty = True

    def _maybe_results(self) -> None:
        m = self.model
        if (m is None or not m.is_over or self.results_for == m.game_id or self._over_at is None
                or self.anim.blocking or self.anim.celebrating or self.queue or self.stack is None):
            return
        if self.clock - self._over_at < RESULTS_DELAY:
            return
        self.results_for = m.game_id
        self.results = self.results_overlay(m)
        self.stack.push(self.results)

    def results_overlay(self, model: TableModel) -> Scene:
        """The results dialog of a finished game (the tutorial makes its own)."""
        from .results import ResultsOverlay
        return ResultsOverlay(self, model)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        self.take_input(route_event(self.input_view(), event))

    def input_view(self) -> TableInput:
        """What the table's input reads now."""
        return TableInput(self.layout, self.model, self.hand, self.menu_button, self.header,
                          tuple(self.shown_buttons()), self.extras, not self.spectator and self.model is not None,
                          self.clock < self.guard_until, self.anim.blocking, self.accepting_input)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table from this frame's view (changes nothing)."""
        self.painter.draw(surface, self.view())

    def view(self) -> TableView:
        """This frame's view of the table: all the painter and the layers over the table draw from."""
        m = self.model
        clock = None
        if m is not None and m.clock is not None:
            clock = SeatClock(m.clock.seat, *self.turn_clock.remaining(m, m.clock.seat, self.clock))
        looks = tuple(self.look_of(seat) for seat in range(m.n)) if m is not None else ()
        return TableView(self.layout, m, self.highlights, self.hand.frame(), self.anim.frame(self.layout.px(26)),
                         clock, self.clock, self.pulse, self.thinking_seat, self.status_line(),
                         self.status.recent(LOG_SHOWN), self.table_number, looks, tuple(self.visible_buttons()),
                         (self.menu_button, *self.header.shown()), (self.extras,) if self.extras is not None else ())

