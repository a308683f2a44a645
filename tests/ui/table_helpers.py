"""Helpers for the table-scene tests: a real Table with bots, the scene on a stack, and a mouse-driving player.

Time is stepped by the test (``Driver.step``). The tables' bots decide at
once on the test's thread (``InlineRunner``): a step sees a bot's move as soon
as the table's time allows it, and nothing sleeps.
Clicks are real pygame events posted to the queue where the frame draws
things (your cards, the buttons by their words), then pumped into the scene
stack. What the tests wait for and look at is read from the frame the scene
draws (``scene.view()``): ``in_the_air`` (a card flies), ``moving``
(anything moves), ``shown`` (a button's words are drawn), ``your_move``
(your step's buttons are out).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pygame

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules
from tala_desktop.engine.cards import iter_bits
from tala_desktop.engine.scenario import build
from tala_desktop.table import BOT, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.ui.art.card_art import CardArt
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.shared.services import Services, UiSettings
from tala_desktop.ui.table.input import INPUT_GUARD
from tala_desktop.ui.table.modes import BUTTON_LOOKS, Mode, TableButton
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene
from tala_desktop.ui.table.view import TableView
from tala_desktop.ui.widgets.button_look import ButtonLook

DT = 1 / 30
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


class RecordingSounds(NullSounds):
    """NullSounds that remembers what was played."""

    def __init__(self) -> None:
        super().__init__()
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def make_services(fonts: Fonts | None = None, speed: float = 3.0) -> Services:
    fonts = fonts or Fonts()
    return Services(fonts, CardArt(fonts), RecordingSounds(), UiSettings(animation_speed=speed))


def make_table(levels=("normal", "normal", "normal"), seed: int = 11, seconds: int = 30, human: bool = True,
               players: int | None = None, deal_wait: float = 0.0, think_delay: float = 0.0, leader: int = 0
               ) -> Table:
    seats = ([SeatConfig("Bạn", HUMAN)] if human else []) + [
        SeatConfig(name, level=lv) for name, lv in zip(("Lan", "Minh", "Hùng", "Tú"), levels)]
    n = players or len(seats)
    cfg = TableConfig(seats[:n], rules=Rules(players=n, turn_seconds=seconds), bet=100, seed=seed,
                      think_delay=think_delay, hard_budget_ms=20, deal_wait=deal_wait, first_leader=leader)
    return Table(cfg, InlineRunner())


def bot_about_to_u() -> Table:
    """Two seats, you and Lan: Lan, a bot, has eaten three cards and holds three phỏm: its next move is Ù."""
    data = json.loads((SCENARIOS / "eat_three_cards_gives_u.json").read_text(encoding="utf-8"))
    state, moves, _ = build(data)
    for move in moves:
        state.push(move)
    seats = [SeatConfig("Bạn", HUMAN), SeatConfig("Lan", BOT, BotLevel.NORMAL)]
    table = Table(TableConfig(seats, rules=state.rules, bet=state.bet, think_delay=0.5), InlineRunner())
    table.resume(state, 1, [10_000, 10_000], now=0.0)
    return table


def in_the_air(view: TableView) -> bool:
    """A card flies in this frame or waits to: drawn on its way, still on the stock for its turn in the deal, or
    missing where it will land (the table's next message and your clicks wait for it to land)."""
    a = view.anim
    return bool(a.flights or a.from_stock or a.hidden_cards or a.hidden_backs)


def moving(view: TableView) -> bool:
    """Anything moves in this frame: a card in the air, flying chips, a rising amount, a banner, a winner's
    celebration, a shaking card."""
    a = view.anim
    return in_the_air(view) or bool(a.chips or a.texts or a.banners or a.celebrations or a.shakes)


def cards_drawn(view: TableView) -> list[int]:
    """Your cards as the frame draws them, left to right (a dragged card last)."""
    return [c for c, _, _ in view.hand.cards]


def card_under(view: TableView, pos: tuple[int, int]) -> int | None:
    """Your card drawn on top under ``pos`` in this frame, None when none is."""
    size = view.hand.card_size
    for c, x, y in reversed(view.hand.cards):
        if pygame.Rect(x, y, *size).collidepoint(pos):
            return c
    return None


def look_of(view: TableView, name: TableButton | str) -> ButtonLook | None:
    """The table button ``name`` ("eat", "sort") as this frame draws it, found by its words; None when not shown."""
    label = tr(BUTTON_LOOKS[TableButton(name)].key)
    return next((b for b in view.buttons if b.label == label), None)


def shown(view: TableView, name: TableButton | str) -> bool:
    """The table button ``name`` is drawn in this frame."""
    return look_of(view, name) is not None


def your_move(view: TableView) -> bool:
    """The table awaits your move: it is your step and its buttons are out (they stay hidden while cards fly, while
    a command of yours is on its way and for a moment after a new hand is shown)."""
    hl = view.highlights
    return hl.mode is not Mode.WAIT and len(view.buttons) == len(hl.buttons) and any(b.needs_input for b in hl.buttons)


class Driver:
    """A scene stack with one TableScene, stepped by hand."""

    def __init__(self, table: Table, services: Services, spectator: bool = False,
                 size: tuple[int, int] = (1280, 720), client: LocalTableClient | None = None,
                 below: Scene | None = None) -> None:
        self.table = table
        self.client = client or LocalTableClient(table, 0)
        self.services = services
        self.left = False
        self.scene = TableScene(self.client, services, spectator=spectator, on_leave=self._left, size=size)
        self.stack = SceneStack()
        if below is not None:                    # what the app shows under the table (a lobby)
            self.stack.push(below)
        self.stack.push(self.scene)
        self.surface = pygame.Surface(size)
        pygame.event.clear()

    def _left(self) -> None:
        self.left = True

    def step(self, n: int = 1, dt: float = DT) -> None:
        for _ in range(n):
            for event in pygame.event.get():
                self.stack.handle_event(event)
            self.stack.update(dt)

    def draw(self) -> pygame.Surface:
        self.stack.draw(self.surface)
        return self.surface

    def until(self, pred: Callable[[], bool], limit: int = 3000) -> None:
        for _ in range(limit):
            if pred():
                return
            self.step()
        raise AssertionError("timed out waiting for the scene")

    # ------------------------------------------------------------------ mouse
    def click(self, pos: tuple[int, int], pump: bool = True) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        if pump:
            self.step()

    def double_click(self, pos: tuple[int, int]) -> None:
        self.click(pos, pump=False)
        self.click(pos, pump=True)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.step()
        for i in range(1, steps + 1):
            p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
            self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.step()

    def card_pos(self, card: int) -> tuple[int, int]:
        """A point on the visible part of one of your cards, where the frame draws it."""
        r = self.scene.view().hand.rect_of(card)
        assert r is not None, card
        return (r.x + min(12, r.w // 4), r.y + r.h // 3)

    def button(self, name: str) -> pygame.Rect | None:
        """Where the button ``name`` (its notation: "eat", "sort") is drawn now, None while it is not shown."""
        look = look_of(self.scene.view(), name)
        return look.rect if look is not None else None

    def click_button(self, name: str) -> None:
        rect = self.button(name)
        assert rect is not None, f"button {name} is not shown"
        self.click(rect.center)


def play_my_turn(drv: Driver, stats: dict[str, int], discard_pick: Callable[[list[int]], int] | None = None) -> bool:
    """If it is your turn and the scene takes input, do one thing by mouse; True when something was clicked."""
    sc = drv.scene
    m = sc.model
    if m is None or not sc.accepting_input or not m.my_turn:
        return False
    view = sc.view()
    mode = view.highlights.mode
    if mode == "take":
        if drv.button("eat"):
            stats["eat"] = stats.get("eat", 0) + 1
            drv.click_button("eat")
        else:
            stats["draw"] = stats.get("draw", 0) + 1
            drv.click(sc.layout.stock.center)
        return True
    if mode == "lay":
        if view.highlights.raised:
            stats["lay"] = stats.get("lay", 0) + 1
        drv.click_button("lay")
        return True
    if mode == "send":
        if drv.button("send"):
            stats["send"] = stats.get("send", 0) + len(view.highlights.send_arrows)   # an arrow per card sent
            drv.click_button("send")
        else:
            drv.click_button("skip")
        return True
    if mode == "discard":
        if drv.button("u"):
            stats["u"] = stats.get("u", 0) + 1
            drv.click_button("u")
            return True
        options = [c for c in cards_drawn(view) if c in m.discardable()]     # as drawn, left to right
        card = discard_pick(options) if discard_pick else options[-1]
        stats["discard"] = stats.get("discard", 0) + 1
        drv.double_click(drv.card_pos(card))
        return True
    return False


def check_agrees(drv: Driver) -> None:
    """What the scene shows equals the engine's state (call when no message is waiting)."""
    sc, st = drv.scene, drv.table.state
    m, hand = sc.model, sc.view().hand
    assert m is not None and st is not None
    me = m.me
    assert set(m.hand) == set(iter_bits(st.hands[me]))
    assert sorted(c for c, _, _ in hand.cards) == sorted(iter_bits(st.hands[me]))      # the cards drawn
    assert set(hand.eaten) == set(iter_bits(st.eaten[me]))                           # gold-edged
    assert m.piles == [list(p) for p in st.piles]
    assert [[sorted(ph) for ph in ps] for ps in m.laid] == [[sorted(p.cards()) for p in ps] for ps in st.laid]
    assert [sorted(e) for e in m.eaten] == [sorted(iter_bits(e)) for e in st.eaten]
    assert m.stock_count == len(st.stock)
    assert m.counts == [h.bit_count() for h in st.hands]
    assert m.phase == st.phase.value
    assert m.balances == drv.table.balances


def play_to_results(drv: Driver, limit: int = 30000) -> ResultsOverlay:
    """Play your turns (the bots theirs) until the results dialog is on top, and look at it for the moment it takes
    no click in (``INPUT_GUARD``); returns it."""
    stats: dict[str, int] = {}
    for _ in range(limit):
        if isinstance(drv.stack.top, ResultsOverlay):
            break
        play_my_turn(drv, stats)
        drv.step()
    overlay = drv.stack.top
    assert isinstance(overlay, ResultsOverlay)
    drv.step(math.ceil(INPUT_GUARD / DT) + 1)
    return overlay
