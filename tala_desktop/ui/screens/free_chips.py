"""Free chips where an empty wallet stops the player: the daily top-up offered on the menu and the new-game page.

When the wallet cannot cover the smallest bet (``stake_needed``: the
cheapest bet times ``BET_PER_BALANCE``), ``FreeChipsOffer`` says so and, if
today's top-up is still to be had, offers it with a "Nhận chip miễn phí"
button; once it was had, it says when the next one comes (the next local
midnight: the time of day and how long until then). The pages place its
button and draw its lines where they have room, and call ``refresh`` now and
then, so the button comes back by itself at midnight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from tala_desktop.store import DAILY_FLOOR

from ..core.i18n import money, tr, tr_count
from ..shared.new_game import BET_CHOICES, BET_PER_BALANCE
from ..shared.services import Services
from ..widgets.controls import Button

REFRESH_EVERY = 1.0          # seconds between two looks at the wallet and the clock


def stake_needed() -> int:
    """The fewest chips that cover the smallest bet."""
    return min(BET_CHOICES) * BET_PER_BALANCE


@dataclass(frozen=True)
class FreeChips:
    """The wallet as the offer sees it."""

    short: bool = False                  # it cannot cover the smallest bet
    claimable: bool = False              # today's top-up can be had now
    given: int = 0                       # the chips a top-up would give now
    due: datetime | None = None          # when the next top-up can be had, once today's was
    now: datetime | None = None


def read_free_chips(services: Services) -> FreeChips:
    store = services.store
    if store is None:
        return FreeChips()
    balance = store.profile().balance
    if balance >= stake_needed():
        return FreeChips()
    if store.topup_available():
        return FreeChips(True, True, max(0, DAILY_FLOOR - balance))
    return FreeChips(True, False, 0, store.next_topup(), store.clock())


def wait_text(due: datetime, now: datetime) -> str:
    """How long until ``due``: "5 giờ 12 phút" / "5 h 12 min" (at least a minute)."""
    minutes = max(1, -(-int((due - now).total_seconds()) // 60))
    hours, minutes = divmod(minutes, 60)
    return tr("free.wait", hours=hours, minutes=minutes) if hours else tr("free.wait_minutes", minutes=minutes)


def next_text(due: datetime, now: datetime) -> str:
    """When the next free chips come: "Chip miễn phí lần tới: 00:00 ngày mai, còn 5 giờ 12 phút"."""
    time = due.strftime("%H:%M")
    days = (due.date() - now.date()).days
    if days == 0:
        return tr("free.next_today", time=time, wait=wait_text(due, now))
    if days == 1:
        return tr("free.next_tomorrow", time=time, wait=wait_text(due, now))
    return tr("free.next_on", time=time, date=due.strftime("%d/%m"))


class FreeChipsOffer:
    """The offer's words and its button, for a page to place; ``on_claimed(chips)`` after a top-up."""

    def __init__(self, services: Services, on_claimed: Callable[[int], None], font_size: int = 20) -> None:
        self.services = services
        self.on_claimed = on_claimed
        self.button = Button((0, 0, 1, 1), tr("free.claim"), services.fonts, self.claim, style="primary",
                             glow=True, font_size=font_size)
        self.state = read_free_chips(services)
        self.button.visible = self.state.claimable
        self._since = 0.0

    @property
    def shown(self) -> bool:
        """The wallet cannot cover the smallest bet: the offer is on the page."""
        return self.state.short

    def lines(self) -> list[str]:
        """What the offer says: the chips needed, then the top-up on offer or when the next one comes."""
        s = self.state
        if not s.short:
            return []
        out = [tr("setup.error.broke", min=money(stake_needed()))]
        if s.claimable:
            out.append(tr_count("free.offer", s.given, amount=money(s.given)))
        elif s.due is not None and s.now is not None:
            out.append(next_text(s.due, s.now))
        return out

    def refresh(self, dt: float = REFRESH_EVERY) -> bool:
        """Look at the wallet and the clock again (at most every ``REFRESH_EVERY`` seconds of ``dt``); True when
        what the offer shows changed."""
        self._since += dt
        if self._since < REFRESH_EVERY:
            return False
        self._since = 0.0
        before = (self.state.short, self.state.claimable, self.lines())
        self.state = read_free_chips(self.services)
        self.button.visible = self.state.claimable
        return (self.state.short, self.state.claimable, self.lines()) != before

    def claim(self) -> None:
        store = self.services.store
        if store is None:
            return
        given = store.claim_daily_topup()
        self.refresh()
        self.on_claimed(given)
