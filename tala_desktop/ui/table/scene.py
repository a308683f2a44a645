"""Table scene: one seat at a Phỏm table — polls the TableClient, animates what happened, takes your input.

``TableScene(client, services, spectator=False, on_leave=None)`` talks only
to a ``TableClient`` (offline or LAN). Every frame ``update(dt)`` advances
the scene's own clock, calls ``client.poll(clock)`` and plays the messages
one batch (events + snapshot) at a time: the next batch waits until the
card flights of the last one land, and so does your input. ``draw`` only
paints (see table_render); ``needs_redraw`` says whether anything changed
since the last frame, so the app loop can skip drawing an idle table.

With ``spectator=True`` the client's seat is a bot and the scene only
watches (``--selftest``, the benchmark): no buttons, games follow each other.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from ..core.display import LOGICAL_SIZE
from ..core.i18n import tr
from ..core.scene import Scene
from ..services import Services
from ..widgets.controls import Button
from . import lay_assist as assist
from .actions import TableActions
from .anim import TableAnimator
from .director import TableDirector
from .hand_view import HandView
from .layout import TableLayout
from .model import TableModel
from .painter import TablePainter

Colour = tuple[int, int, int]
STATUS_SECONDS = 3.0
RESULTS_DELAY = 1.1        # seconds between the last flight of a game and the results
RING_FPS = 8               # redraws per second while only the clock ring moves
PULSE_FPS = 12             # redraws per second while only glows pulse
CATCH_UP = 4               # queued snapshots beyond which animations are skipped to catch up


class TableScene(Scene):
    """The table: your hand at the bottom, the other seats around, the stock in the middle."""

    def __init__(self, client: Any, services: Services, spectator: bool = False,
                 on_leave: Callable[[], None] | None = None, *, size: tuple[int, int] = LOGICAL_SIZE,
                 table_number: int = 1) -> None:
        super().__init__()
        self.client = client
        self.services = services
        self.spectator = spectator
        self.on_leave = on_leave
        self.table_number = table_number
        self.clock = 0.0
        self.me: int = int(getattr(client, "seat", 0))
        self.model: TableModel | None = None
        self.queue: list[dict[str, Any]] = []
        self.layout = TableLayout(size, 4, 0)
        self.hand = HandView(self.layout)
        self.anim = TableAnimator(self.tweens, services.cards, services.sounds.play)
        self.painter = TablePainter(services)
        self.director = TableDirector(self)
        self.actions = TableActions(self)
        self.menu_button = Button(self.layout.menu_button, tr("icon.menu"), services.fonts, self.open_pause,
                                  style="dark")
        self.log_lines: list[str] = []
        self.thinking_seat: int | None = None
        self.stock_glow = False
        self.discard_glow = False
        self.send_targets: dict[tuple[int, int], Colour] = {}
        self.send_arrows: dict[int, tuple[int, int]] = {}
        self.pulse = 0.0
        self._message: tuple[str, Colour | None, float, bool] = ("", None, 0.0, False)
        self._received = 0.0
        self._dirty = True
        self._frame_dirty = True
        self._keys: tuple[Any, ...] = ()
        self._tick_second = -1
        self._over_at: float | None = None
        self.results_for: int | None = None
        self.results: Scene | None = None
        self.closed = False

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        table = getattr(self.client, "table", None)
        if table is not None and getattr(table, "state", True) is None and hasattr(self.client, "start"):
            self.client.start(self.clock)

    def on_exit(self) -> None:
        self.close()

    def close(self) -> None:
        """Stop the client (idempotent)."""
        if not self.closed:
            self.closed = True
            self.client.close()

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

    def next_game(self) -> None:
        self.client.next_game()

    # ------------------------------------------------------------------ redraw bookkeeping
    @property
    def needs_redraw(self) -> bool:
        """True when the last update (or an event since) changed what a frame would show."""
        return self._dirty or self._frame_dirty

    def touch(self) -> None:
        self._dirty = True

    @property
    def accepting_input(self) -> bool:
        """Your commands are taken: the last batch has landed and no command is on its way."""
        return (self.model is not None and not self.spectator and not self.anim.blocking
                and not self.queue and not self.actions.awaiting)

    # ------------------------------------------------------------------ status and log
    def say(self, text: str, colour: Colour | None = None, seconds: float = STATUS_SECONDS) -> None:
        """Show ``text`` in the status line for ``seconds`` (errors, hints, your last action)."""
        self._message = (text, colour, self.clock + seconds, True)
        self.touch()

    def add_log(self, line: str, mine: bool = False) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-30]
        if not self._message[3] or self._message[2] <= self.clock:
            self._message = (line, None, self.clock + STATUS_SECONDS, False)
        self.touch()

    def status_line(self) -> tuple[str, Colour]:
        text, colour, until, urgent = self._message
        active = bool(text) and until > self.clock
        white: Colour = (255, 255, 255)
        if active and urgent:
            return text, colour or white
        guide, gcolour = self.actions.guide()
        if self.actions.mode != "wait" and guide:
            return guide, gcolour or white
        if active:
            return text, colour or white
        return guide, gcolour or white

    def clock_remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock now, or (0, 0) without a clock."""
        m = self.model
        if m is None or not m.clock or m.clock.get("seat") != seat:
            return 0.0, 0.0
        total = float(m.clock.get("seconds") or 0)
        remaining = float(m.clock.get("remaining") or 0) - (self.clock - self._received)
        return max(0.0, min(total, remaining)), total

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self._frame_dirty, self._dirty = self._dirty, False
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
        if busy_before or self.anim.busy or moving:
            self._frame_dirty = True
        self._tick_and_keys(dt)
        self._maybe_results()

    def _route(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "error":
            self.actions.on_error(msg)
        elif kind == "hint":
            self.actions.on_hint(msg)
        else:
            if kind == "snapshot":
                msg["_received"] = self.clock
            self.queue.append(msg)

    def _drain(self) -> None:
        while self.queue and not self.anim.blocking:
            head = self.queue[0]
            if head.get("type") == "thinking":  # a bot started on its move: show the cue now
                self.queue.pop(0)
                if self.model is not None and head.get("game_id", self.model.game_id) == self.model.game_id:
                    self.thinking_seat = head.get("seat")
                    self.touch()
                continue
            end = next((i for i, m in enumerate(self.queue) if m.get("type") == "snapshot"), None)
            if end is None:
                return
            batch, self.queue = self.queue[:end + 1], self.queue[end + 1:]
            self._play(batch[:-1], batch[-1])
            if sum(1 for m in self.queue if m.get("type") == "snapshot") >= CATCH_UP:
                self.anim.finish()

    def _play(self, events: list[dict[str, Any]], snap: dict[str, Any]) -> None:
        old = self.model
        new = TableModel(snap)
        self._received = float(snap.get("_received", self.clock))
        new_game = old is None or new.game_id != old.game_id
        if old is None or (new.n, new.me) != (old.n, old.me):
            self.me = new.me
            self.layout = TableLayout(self.layout.size, new.n, new.me)
            self.hand.set_layout(self.layout)
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
            if e.get("type") == "thinking":
                self.thinking_seat = e.get("seat")
        if new.thinking is not None and (new.thinking != new.me or self.spectator):
            self.thinking_seat = new.thinking  # your own seat only thinks when a bot plays it
        if new.to_move != self.thinking_seat:
            self.thinking_seat = None
        self.director.play([e for e in events if e.get("type") != "thinking"], old, new, hand_rects)
        self.actions.refresh()
        if math.isinf(self.tweens.speed):
            self.tweens.update(0.0)
        if new.is_over and self._over_at is None:
            self._over_at = self.clock
            won = (new.outcome_list("net", 0)[new.me] or 0) > 0
            self.services.sounds.play("win" if won else "lose")
        self.touch()

    def _new_game(self) -> None:
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
        """Redraw at a low rate for the clock ring and glows; tick in your last five seconds."""
        m = self.model
        ring: tuple[Any, ...] = ()
        if m is not None and m.clock and not m.is_over:
            seat = int(m.clock.get("seat", -1))
            remaining, total = self.clock_remaining(seat)
            ring = (seat, int(remaining * RING_FPS))
            if seat == m.me and not self.spectator and 0 < remaining <= 5:
                second = math.ceil(remaining)
                if second != self._tick_second:
                    self._tick_second = second
                    self.services.sounds.play("tick")
        buttons = self.visible_buttons()
        glowing = self.stock_glow or self.discard_glow or any(b.glow for b in buttons)
        for b in buttons:
            b.update(dt)
        if glowing:
            self.pulse = 0.5 + 0.5 * math.sin(self.clock * math.tau * 0.9)
        thinking = int(self.clock * 3) if self.thinking_seat is not None else -1
        text, _ = self.status_line()
        keys = (ring, int(self.clock * PULSE_FPS) if glowing else -1, thinking, text,
                tuple(id(b) for b in buttons))
        if keys != self._keys:
            self._keys = keys
            self._frame_dirty = True

    def _maybe_results(self) -> None:
        m = self.model
        if (m is None or not m.is_over or self.results_for == m.game_id or self._over_at is None
                or self.anim.blocking or self.queue or self.stack is None):
            return
        if self.clock - self._over_at < RESULTS_DELAY:
            return
        from .results import ResultsOverlay
        self.results_for = m.game_id
        self.results = ResultsOverlay(self, m)
        self.stack.push(self.results)

    def visible_buttons(self) -> list[Button]:
        return self.actions.visible()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
            return
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        self.touch()
        if self.menu_button.handle_event(event):
            return
        if self.spectator or self.model is None:
            return
        for b in self.visible_buttons():
            if b.handle_event(event):
                return
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            if self.hand.press is not None:
                self.hand.drag_to(pos)
            else:
                self.hand.set_hover(pos)
            return
        if getattr(event, "button", 1) != 1:
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._press(pos)
        elif self.hand.press is not None:
            result = self.hand.release(pos)
            if result is None or self.anim.blocking:
                return
            what, card = result
            if what == "click":
                self.actions.on_card_click(card)
            elif what == "discard":
                self.actions.on_drag_discard(card)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.anim.blocking:
            return
        card = self.hand.card_at(pos)
        if card is not None:
            self.hand.start_press(card, pos)
            return
        if not self.accepting_input:
            return
        m, L = self.model, self.layout
        assert m is not None
        if L.stock.collidepoint(pos):
            self.actions.on_stock_click()
            return
        if m.last_discard is not None:
            seat = m.last_discard[0]
            rects = L.pile_rects(seat, len(m.piles[seat]))
            if rects and rects[-1].collidepoint(pos):
                self.actions.on_pile_click(seat)
                return
        for seat in range(m.n):
            sizes = [len(ph) for ph in m.laid[seat]]
            for k, r in enumerate(L.laid_group_rects(seat, sizes)):
                if r.collidepoint(pos):
                    self.actions.on_phom_click(seat, k)
                    return

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface, self)
