"""Table events: turns one batch of table events into card flights, chips, banners, sounds and game-log lines.

The scene applies the new snapshot first (so everything is drawn where it
now is) and then calls ``TableDirector.play`` with the events, the previous
model and the layout: a flight starts where the card was (your hand as it
was drawn, the stock, a pile top, an opponent's backs) and ends where the
new snapshot puts it, hidden there until it lands. Events of one batch play
one after another; each event class (table/messages.py) has its handler in ``HANDLERS``. The
director starts animations and sounds and returns the game-log lines (log_lines.py says them); it
does not touch the scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from tala_desktop.engine import OutcomeKind
from tala_desktop.table.messages import (
    Ate,
    Dealt,
    Declared,
    Discarded,
    Drew,
    GameEnded,
    Laid,
    Moved,
    Payment,
    Sent,
    TableMessage,
)

from ..art import theme
from ..art.card_art import CardArt
from ..art.theme import Colour
from ..core.assets import Fonts
from ..core.i18n import N_, money, tr
from ..shared.services import Services
from ..widgets.controls import Banner
from .anim import DEAL_STEP, FLIGHT, AmountLook, Flight, TableAnimator
from .celebration import Celebration
from .hand_view import HandView
from .layout import TableLayout
from .log_lines import LogLine, batch_lines
from .model import TableModel
from .results_rows import split_hand

EVENT_GAP = 0.24                      # seconds between the flights of two events in one batch
SEAT_BANNER_ME, SEAT_BANNER, SEAT_BANNER_HOLD = 56, 44, 1.0      # design px (yours, another seat's), seconds held
TABLE_BANNER, TABLE_BANNER_HOLD = 96, 1.4
CELEBRATION_CARD = 62      # design px: the width of the winner's fanned cards
U_BANNERS = {"u": N_("banner.u"), "u_tron": N_("banner.u_tron"), "u_khan": N_("banner.u_khan")}


@dataclass
class Batch:
    """One batch being played: the models around it, your hand's rects before it, its payments, its log."""

    old: TableModel | None
    new: TableModel
    hand_rects: dict[int, pygame.Rect]
    layout: TableLayout
    payments: list[Payment]


class TableDirector:
    """Plays the events of a batch: flights, chips, banners and sounds on the animator; log lines back."""

    def __init__(self, anim: TableAnimator, hand: HandView, services: Services) -> None:
        self.anim = anim
        self.hand = hand
        self.fonts: Fonts = services.fonts
        self.art: CardArt = services.cards
        self.sounds = services.sounds

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _backs_rect(L: TableLayout, seat: int) -> pygame.Rect:
        rects = L.backs_rects(seat, 1)
        if rects:
            return rects[0]
        g = L.seat(seat)
        bw, bh = L.back_card
        return pygame.Rect(g.avatar_centre[0] - bw // 2, g.avatar_centre[1] - bh // 2, bw, bh)

    @staticmethod
    def _pile_top(L: TableLayout, model: TableModel, seat: int) -> pygame.Rect:
        pile = model.piles[seat]
        return L.pile_rects(seat, max(1, len(pile)))[-1]

    @staticmethod
    def _laid_rect(L: TableLayout, model: TableModel, seat: int, card: int) -> pygame.Rect | None:
        sizes = [len(ph) for ph in model.laid[seat]]
        for cards, rects in zip(model.laid[seat], L.laid_rects(seat, sizes)):
            if card in cards:
                return rects[cards.index(card)]
        return None

    @staticmethod
    def _eaten_rect(L: TableLayout, model: TableModel, seat: int, card: int) -> pygame.Rect | None:
        row = model.eaten[seat]
        rects = L.eaten_rects(seat, len(row)) if card in row else []
        return rects[row.index(card)] if rects else None   # none at the bottom seat (someone watching sees it)

    def _source(self, b: Batch, seat: int, card: int | None) -> tuple[pygame.Rect, bool]:
        """Where a card of ``seat``'s hand starts, and whether it starts face down."""
        old = b.old
        if old is not None and card is not None and seat == old.me and card in b.hand_rects:
            return b.hand_rects[card], False
        if old is not None and card is not None and seat != old.me:
            r = self._eaten_rect(b.layout, old, seat, card)
            if r is not None:
                return r, False
        return self._backs_rect(b.layout, seat), seat != b.new.me

    def _dest(self, b: Batch, seat: int, card: int) -> pygame.Rect:
        """Where a card joining ``seat``'s hand lands."""
        if seat == b.new.me:
            return self.hand.target_rect(card)
        return self._backs_rect(b.layout, seat)

    def game_over(self, m: TableModel) -> None:
        """The end of your game: the win or the lose sound (a watcher has nothing won or lost)."""
        if m.me >= 0:
            self.sounds.play("win" if m.final_net()[m.me] > 0 else "lose")

    def banner(self, L: TableLayout, text: str, seat: int, me: int, colour: Colour = theme.BANNER_GOLD) -> None:
        """A seat's big moment ("Ăn!", "Chốt!", "Móm", "Đền!"): one size and one time for all of them."""
        banner = Banner(L.banner_pos(seat), self.fonts, L.px(SEAT_BANNER_ME if seat == me else SEAT_BANNER))
        banner.show(text, colour, SEAT_BANNER_HOLD)
        self.anim.banner(banner)

    def table_banner(self, L: TableLayout, text: str, delay: float = 0.0, sound: str | None = None) -> float:
        """The game's end in the middle of the table ("Ù!", "Ù tròn!", "Ù khan!") after ``delay`` seconds; the
        seconds it is on screen."""
        banner = Banner(L.banner_centre, self.fonts, L.px(TABLE_BANNER))
        banner.show(text, theme.BANNER_GOLD, TABLE_BANNER_HOLD)
        self.anim.banner(banner, delay, sound)
        return Banner.POP + TABLE_BANNER_HOLD + Banner.FADE

    # ------------------------------------------------------------------ the batch
    def play(self, events: list[TableMessage], old: TableModel | None, new: TableModel,
             hand_rects: dict[int, pygame.Rect], layout: TableLayout, away: frozenset[int] = frozenset()
             ) -> list[LogLine]:
        """Start the animations of ``events`` (one after another); the game-log lines they make (``away``: the
        seats whose players are away, their turns told as played for them)."""
        batch = Batch(old, new, hand_rects, layout, [e for e in events if isinstance(e, Payment)])
        at = 0.0
        for e in events:
            handler = HANDLERS.get(type(e))
            if handler is not None:
                at += handler(self, e, batch, at)
        return batch_lines(events, new, batch.payments, away=away)

    # ------------------------------------------------------------------ events
    def _on_dealt(self, e: Dealt, b: Batch, at: float) -> float:
        L, new = b.layout, b.new
        counts = e.counts or new.counts
        leader = e.leader
        n = new.n
        stock = _xyw(L.stock)
        order = list(self.hand.order)
        k = 0
        for i in range(max(counts)):
            for j in range(n):
                seat = (leader + j) % n
                if i >= counts[seat]:
                    continue
                delay = at + k * DEAL_STEP
                k += 1
                if seat == new.me and i < len(order):
                    card = order[i]
                    f = Flight(card, stock, _xyw(self.hand.target_rect(card)), flip=True, arc=L.px(30),
                               hide_card=card, from_stock=True)
                else:
                    f = Flight(None, stock, _xyw(self._backs_rect(L, seat)), hide_back=seat, from_stock=True)
                self.anim.fly(f, delay, FLIGHT, "deal" if k % 2 else None)
        return k * DEAL_STEP + FLIGHT

    def _on_drew(self, e: Drew, b: Batch, at: float) -> float:
        L, new = b.layout, b.new
        seat, card = e.seat, e.card
        stock = _xyw(L.stock)
        if seat == new.me and card is not None:
            f = Flight(card, stock, _xyw(self._dest(b, seat, card)), flip=True, arc=L.px(24), hide_card=card,
                       from_stock=True)
        else:
            f = Flight(None, stock, _xyw(self._backs_rect(L, seat)), hide_back=seat, from_stock=True)
        self.anim.fly(f, at, FLIGHT, "draw")
        return EVENT_GAP

    def _on_ate(self, e: Ate, b: Batch, at: float) -> float:
        L, old, new = b.layout, b.old, b.new
        seat, victim, card = e.seat, e.victim, e.card
        src = self._pile_top(L, old, victim) if old is not None else L.stock
        if seat == new.me:
            dest = self._dest(b, seat, card)
        else:
            dest = self._eaten_rect(L, new, seat, card) or self._backs_rect(L, seat)
        self.anim.fly(Flight(card, _xyw(src), _xyw(dest), arc=L.px(40), hide_card=card), at, FLIGHT * 1.2, "eat")
        text = tr("banner.chot") if e.chot else tr("banner.eat")
        self.banner(L, text, seat, new.me)
        return EVENT_GAP + 0.1

    def _on_moved(self, e: Moved, b: Batch, at: float) -> float:
        L, old, new = b.layout, b.old, b.new
        frm, to, card = e.from_seat, e.to, e.card
        src = self._pile_top(L, old, frm) if old is not None else L.stock
        self.anim.fly(Flight(card, _xyw(src), _xyw(self._pile_top(L, new, to)), arc=L.px(20), hide_card=card),
                      at + 0.15, FLIGHT, "discard")
        return EVENT_GAP

    def _on_payment(self, e: Payment, b: Batch, at: float) -> float:
        if e.reason not in ("eat", "chot"):
            return 0.0
        L = b.layout
        frm, to, amount = e.from_seat, e.to, e.amount
        if amount <= 0:
            return 0.0
        self.anim.chips_fly(L.seat(frm).avatar_centre, L.seat(to).avatar_centre, 4, delay=at)
        self.anim.float_text(self._amount("+" + money(amount), theme.MONEY_GAIN, L), _float_pos(L, to))
        self.anim.float_text(self._amount("-" + money(amount), theme.MONEY_LOSS, L), _float_pos(L, frm))
        return 0.0

    @staticmethod
    def _amount(words: str, colour: Colour, L: TableLayout) -> AmountLook:
        """A rising amount on a dark pill, readable over the felt and over a row of cards alike."""
        return AmountLook(words, colour, L.px(20), (L.px(10), L.px(2)))

    def _on_discarded(self, e: Discarded, b: Batch, at: float) -> float:
        L, new = b.layout, b.new
        seat, card = e.seat, e.card
        src, face_down = self._source(b, seat, card)
        f = Flight(card, _xyw(src), _xyw(self._pile_top(L, new, seat)), flip=face_down, arc=L.px(16),
                   hide_card=card)
        self.anim.fly(f, at, FLIGHT, "discard")
        return EVENT_GAP

    def _on_laid(self, e: Laid, b: Batch, at: float) -> float:
        L, new = b.layout, b.new
        seat, melds = e.seat, e.melds
        if e.mom or not melds:
            self.banner(L, tr("banner.mom"), seat, new.me, theme.BANNER_BAD)
            return EVENT_GAP
        i = 0
        for meld in melds:
            for card in meld:
                dest = self._laid_rect(L, new, seat, card)
                if dest is None:
                    continue
                src, face_down = self._source(b, seat, card)
                self.anim.fly(Flight(card, _xyw(src), _xyw(dest), flip=face_down, arc=L.px(18), hide_card=card),
                              at + 0.05 * i, FLIGHT, "lay" if i == 0 else None)
                i += 1
        return EVENT_GAP + 0.05 * i

    def _on_sent(self, e: Sent, b: Batch, at: float) -> float:
        L, new = b.layout, b.new
        seat, card, target = e.seat, e.card, e.target
        dest = self._laid_rect(L, new, target, card)
        if dest is None:
            return 0.0
        src, face_down = self._source(b, seat, card)
        self.anim.fly(Flight(card, _xyw(src), _xyw(dest), flip=face_down, arc=L.px(24), hide_card=card),
                      at, FLIGHT, "send")
        return EVENT_GAP

    def _on_u(self, e: Declared, b: Batch, at: float) -> float:
        """The Ù banner once the cards before it have landed; what follows (the celebration) waits for it."""
        return EVENT_GAP + self.table_banner(b.layout, tr(U_BANNERS.get(e.kind, N_("banner.u"))), at, "u")

    def _on_outcome(self, e: GameEnded, b: Batch, at: float) -> float:
        den = e.outcome.den
        if den is not None:
            self.banner(b.layout, tr("banner.den"), den, b.new.me, theme.BANNER_BAD)
        self.celebrate(b, e.outcome.winner, e.outcome.kind is not OutcomeKind.SHOWDOWN, at)
        return 0.0

    def celebrate(self, b: Batch, winner: int, u: bool, at: float) -> None:
        """The winner's cards fanned in the middle, a burst at their seat, the game's chips flying to it, from
        ``at`` seconds on (the batch's cards have landed, an Ù's banner has gone), so it is seen whole."""
        L, new = b.layout, b.new
        if not 0 <= winner < new.n:
            return
        groups, trash = split_hand(new, winner)
        cards = [c for g in groups for c in g] + trash
        g = L.seat(winner)
        card_w = L.px(CELEBRATION_CARD)
        pivot = (L.table.centerx, L.status.y + L.px(16))      # the fan stands over the status line
        self.anim.celebrate(Celebration(cards, pivot, card_w, g.avatar_centre, g.avatar_radius, big=u, age=-at))
        k = 0
        for p in b.payments:
            if p.reason in ("eat", "chot") or p.amount <= 0:
                continue
            self.anim.chips_fly(L.seat(p.from_seat).avatar_centre, L.seat(p.to).avatar_centre, 5,
                                delay=at + 0.25 + 0.12 * k)
            k += 1


Handler = Callable[[TableDirector, Any, Batch, float], float]   # returns the seconds the event takes

HANDLERS: dict[type, Handler] = {   # the event classes the director animates (the log tells the others too)
    Dealt: TableDirector._on_dealt, Drew: TableDirector._on_drew, Ate: TableDirector._on_ate,
    Moved: TableDirector._on_moved, Payment: TableDirector._on_payment,
    Discarded: TableDirector._on_discarded, Laid: TableDirector._on_laid, Sent: TableDirector._on_sent,
    Declared: TableDirector._on_u, GameEnded: TableDirector._on_outcome,
}


def _xyw(rect: pygame.Rect) -> tuple[float, float, float]:
    return (float(rect.x), float(rect.y), float(rect.w))


def _float_pos(L: TableLayout, seat: int) -> tuple[int, int]:
    """Where an amount rises from: above the avatar, or below it for the seat at the top."""
    g = L.seat(seat)
    off = g.avatar_radius + L.px(14)
    x, y = g.avatar_centre
    return (x, y + off + L.px(40)) if g.slot == "top" else (x, y - off)
