"""Helpers for the table-scene tests: a real Table with bots, the scene on a stack, and a mouse-driving player.

Time is stepped by the test (``Driver.step``). The tables' bots decide at
once on the test's thread (``InlineRunner``): a step sees a bot's move as soon
as the table's time allows it, and nothing sleeps.
Clicks are real pygame events posted to the queue at the rects the layout
and the hand view report, then pumped into the scene stack.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules
from tala_desktop.engine.cards import iter_bits
from tala_desktop.table import HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.ui.art.card_art import CardArt
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.shared.services import Services, UiSettings
from tala_desktop.ui.table.input import INPUT_GUARD
from tala_desktop.ui.table.modes import TableButton
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene

DT = 1 / 30


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


class Driver:
    """A scene stack with one TableScene, stepped by hand."""

    def __init__(self, table: Table, services: Services, spectator: bool = False,
                 size: tuple[int, int] = (1280, 720), client: LocalTableClient | None = None) -> None:
        self.table = table
        self.client = client or LocalTableClient(table, 0)
        self.services = services
        self.left = False
        self.scene = TableScene(self.client, services, spectator=spectator, on_leave=self._left, size=size)
        self.stack = SceneStack()
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
        """A point on the visible part of one of your cards."""
        r = self.scene.hand.rect_of(card)
        assert r is not None, card
        return (r.x + min(12, r.w // 4), r.y + r.h // 3)

    def button(self, name: str) -> pygame.Rect | None:
        """Where the button ``name`` (its notation: "eat", "sort") is drawn now, None while it is not shown."""
        b = self.scene.buttons[TableButton(name)]
        return b.rect if b in self.scene.visible_buttons() else None

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
    mode = sc.actions.mode
    if mode == "take":
        if drv.button("eat"):
            stats["eat"] = stats.get("eat", 0) + 1
            drv.click_button("eat")
        else:
            stats["draw"] = stats.get("draw", 0) + 1
            drv.click(sc.layout.stock.center)
        return True
    if mode == "lay":
        if sc.hand.raised:
            stats["lay"] = stats.get("lay", 0) + 1
        drv.click_button("lay")
        return True
    if mode == "send":
        if drv.button("send"):
            stats["send"] = stats.get("send", 0) + len(sc.hand.raised & sc.actions.sendable)
            drv.click_button("send")
        else:
            drv.click_button("skip")
        return True
    if mode == "discard":
        if drv.button("u"):
            stats["u"] = stats.get("u", 0) + 1
            drv.click_button("u")
            return True
        options = [c for c in sc.hand.order if c in m.discardable()]
        card = discard_pick(options) if discard_pick else options[-1]
        stats["discard"] = stats.get("discard", 0) + 1
        drv.double_click(drv.card_pos(card))
        return True
    return False


def check_agrees(drv: Driver) -> None:
    """What the scene shows equals the engine's state (call when no message is waiting)."""
    sc, st = drv.scene, drv.table.state
    m = sc.model
    assert m is not None and st is not None
    me = m.me
    assert set(m.hand) == set(iter_bits(st.hands[me]))
    assert sorted(sc.hand.order) == sorted(iter_bits(st.hands[me]))
    assert set(sc.hand.eaten) == set(iter_bits(st.eaten[me]))
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
