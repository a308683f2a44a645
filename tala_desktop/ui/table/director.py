"""Table events: turns one batch of table events into card flights, chips, banners, sounds and game-log lines.

The scene applies the new snapshot first (so everything is drawn where it
now is) and then calls ``TableDirector.play`` with the events and the
previous model: a flight starts where the card was (your hand as it was
drawn, the stock, a pile top, an opponent's backs) and ends where the new
snapshot puts it, hidden there until it lands. Events of one batch play one
after another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tala_desktop.engine import card_label, parse_card

from ..core.i18n import money, tr, tr_count
from ..widgets.controls import Banner
from .anim import DEAL_STEP, FLIGHT, Flight
from .model import TableModel, cards_text

if TYPE_CHECKING:
    from .scene import TableScene

EVENT_GAP = 0.24                      # seconds between the flights of two events in one batch
GAIN: tuple[int, int, int] = (120, 236, 120)
LOSS: tuple[int, int, int] = (255, 110, 100)
BANNER_GOLD: tuple[int, int, int] = (255, 214, 64)
BANNER_RED: tuple[int, int, int] = (255, 120, 100)
U_BANNERS = {"u": "banner.u", "u_tron": "banner.u_tron", "u_khan": "banner.u_khan"}


def _card(v: Any) -> int | None:
    return None if v is None else parse_card(v)


class TableDirector:
    """Plays the events of a batch on the scene."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _xyw(rect: pygame.Rect) -> tuple[float, float, float]:
        return (float(rect.x), float(rect.y), float(rect.w))

    def _backs_rect(self, seat: int) -> pygame.Rect:
        L = self.sc.layout
        rects = L.backs_rects(seat, 1)
        if rects:
            return rects[0]
        g = L.seat(seat)
        bw, bh = L.back_card
        return pygame.Rect(g.avatar_centre[0] - bw // 2, g.avatar_centre[1] - bh // 2, bw, bh)

    def _pile_top(self, model: TableModel, seat: int) -> pygame.Rect:
        pile = model.piles[seat]
        rects = self.sc.layout.pile_rects(seat, max(1, len(pile)))
        return rects[-1]

    def _laid_rect(self, model: TableModel, seat: int, card: int) -> pygame.Rect | None:
        sizes = [len(ph) for ph in model.laid[seat]]
        for cards, rects in zip(model.laid[seat], self.sc.layout.laid_rects(seat, sizes)):
            if card in cards:
                return rects[cards.index(card)]
        return None

    def _eaten_rect(self, model: TableModel, seat: int, card: int) -> pygame.Rect | None:
        row = model.eaten[seat]
        if card not in row:
            return None
        return self.sc.layout.eaten_rects(seat, len(row))[row.index(card)]

    def _source(self, old: TableModel | None, seat: int, card: int | None,
                hand_rects: dict[int, pygame.Rect]) -> tuple[pygame.Rect, bool]:
        """Where a card of ``seat``'s hand starts, and whether it starts face down."""
        if old is not None and card is not None and seat == old.me and card in hand_rects:
            return hand_rects[card], False
        if old is not None and card is not None and seat != old.me:
            r = self._eaten_rect(old, seat, card)
            if r is not None:
                return r, False
        return self._backs_rect(seat), seat != self.sc.me

    def _dest(self, seat: int, card: int) -> pygame.Rect:
        """Where a card joining ``seat``'s hand lands."""
        if seat == self.sc.me:
            return self.sc.hand.target_rect(card)
        return self._backs_rect(seat)

    def _banner(self, text: str, pos: tuple[int, int], size: int, colour=BANNER_GOLD, hold: float = 0.8) -> None:
        b = Banner(pos, self.sc.services.fonts, self.sc.layout.px(size))
        b.show(text, colour, hold)
        self.sc.anim.banner(b)

    # ------------------------------------------------------------------ the batch
    def play(self, events: list[dict[str, Any]], old: TableModel | None, new: TableModel,
             hand_rects: dict[int, pygame.Rect]) -> None:
        at = 0.0
        payments = [e for e in events if e.get("type") == "payment"]
        for e in events:
            kind = e.get("type")
            handler = getattr(self, f"_on_{kind}", None)
            if handler is None:
                continue
            used = handler(e, old, new, hand_rects, at, payments)
            if used:
                at += used

    # ------------------------------------------------------------------ events
    def _on_dealt(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        counts = e.get("counts") or new.counts
        leader = e.get("leader", new.leader)
        n = new.n
        stock = self._xyw(L.stock)
        order = list(sc.hand.order)
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
                    f = Flight(card, stock, self._xyw(sc.hand.target_rect(card)), flip=True,
                               arc=L.px(30), hide_card=card, from_stock=True)
                else:
                    f = Flight(None, stock, self._xyw(self._backs_rect(seat)), hide_back=seat, from_stock=True)
                sc.anim.fly(f, delay, FLIGHT, "deal" if k % 2 else None)
        sc.add_log(tr("status.new_game"))
        return k * DEAL_STEP + FLIGHT

    def _on_drew(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat = e["seat"]
        card = _card(e.get("card"))
        stock = self._xyw(L.stock)
        if seat == new.me and card is not None:
            f = Flight(card, stock, self._xyw(self._dest(seat, card)), flip=True, arc=L.px(24), hide_card=card,
                       from_stock=True)
            sc.add_log(tr("status.you_drew", card=card_label(card)), mine=True)
        else:
            f = Flight(None, stock, self._xyw(self._backs_rect(seat)), hide_back=seat, from_stock=True)
            sc.add_log(tr("status.drew", name=new.name(seat)))
        sc.anim.fly(f, at, FLIGHT, "draw")
        return EVENT_GAP

    def _on_ate(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat, victim, card = e["seat"], e["victim"], parse_card(e["card"])
        src = self._pile_top(old, victim) if old is not None else L.stock
        if seat == new.me:
            dest = self._dest(seat, card)
        else:
            dest = self._eaten_rect(new, seat, card) or self._backs_rect(seat)
        sc.anim.fly(Flight(card, self._xyw(src), self._xyw(dest), arc=L.px(40), hide_card=card), at, FLIGHT * 1.2,
                    "eat")
        text = tr("banner.chot") if e.get("chot") else tr("banner.eat")
        self._banner(text, L.banner_pos(seat), 56 if seat == new.me else 44)
        pay = next((p for p in payments if p["from"] == victim and p["to"] == seat
                    and p.get("reason") in ("eat", "chot")), None)
        bets = (pay["amount"] // max(1, new.bet)) if pay else 0
        amount = f"+{bets}" if seat == new.me else (f"-{bets}" if victim == new.me else str(bets))
        key = "status.you_ate" if seat == new.me else "status.ate"
        sc.add_log(tr_count(key, bets, name=new.name(seat), card=card_label(card), victim=new.object_name(victim),
                            amount=amount), mine=new.me in (seat, victim))
        return EVENT_GAP + 0.1

    def _on_moved(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        frm, to, card = e["from"], e["to"], parse_card(e["card"])
        src = self._pile_top(old, frm) if old is not None else L.stock
        sc.anim.fly(Flight(card, self._xyw(src), self._xyw(self._pile_top(new, to)), arc=L.px(20), hide_card=card),
                    at + 0.15, FLIGHT, "discard")
        sc.add_log(tr("status.moved", card=card_label(card), name=new.object_name(to)))
        return EVENT_GAP

    def _on_payment(self, e, old, new, hand_rects, at, payments) -> float:
        if e.get("reason") not in ("eat", "chot"):
            return 0.0
        sc, L = self.sc, self.sc.layout
        frm, to, amount = e["from"], e["to"], int(e["amount"])
        if amount <= 0:
            return 0.0
        a, b = L.seat(frm).avatar_centre, L.seat(to).avatar_centre
        sc.anim.chips_fly(a, b, 4, delay=at)
        size = L.px(20)
        sc.anim.float_text(sc.painter.text("+" + money(amount), size, GAIN, bold=True), self._float_pos(to))
        sc.anim.float_text(sc.painter.text("-" + money(amount), size, LOSS, bold=True), self._float_pos(frm))
        return 0.0

    def _float_pos(self, seat: int) -> tuple[int, int]:
        """Where an amount rises from: above the avatar, or below it for the seat at the top."""
        g = self.sc.layout.seat(seat)
        off = g.avatar_radius + self.sc.layout.px(14)
        x, y = g.avatar_centre
        return (x, y + off + self.sc.layout.px(40)) if g.slot == "top" else (x, y - off)

    def _on_discarded(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat, card = e["seat"], parse_card(e["card"])
        src, face_down = self._source(old, seat, card, hand_rects)
        f = Flight(card, self._xyw(src), self._xyw(self._pile_top(new, seat)), flip=face_down, arc=L.px(16),
                   hide_card=card)
        sc.anim.fly(f, at, FLIGHT, "discard")
        key = "status.you_discarded" if seat == new.me else "status.discarded"
        sc.add_log(tr(key, name=new.name(seat), card=card_label(card)), mine=seat == new.me)
        return EVENT_GAP

    def _on_laid(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat = e["seat"]
        melds = [[parse_card(c) for c in m] for m in e.get("melds") or []]
        if e.get("mom") or not melds:
            self._banner(tr("banner.mom"), L.banner_pos(seat), 40, BANNER_RED)
            sc.add_log(tr("status.you_mom") if seat == new.me else tr("status.mom", name=new.name(seat)),
                       mine=seat == new.me)
            return EVENT_GAP
        i = 0
        for meld in melds:
            for card in meld:
                dest = self._laid_rect(new, seat, card)
                if dest is None:
                    continue
                src, face_down = self._source(old, seat, card, hand_rects)
                sc.anim.fly(Flight(card, self._xyw(src), self._xyw(dest), flip=face_down, arc=L.px(18),
                                   hide_card=card), at + 0.05 * i, FLIGHT, "lay" if i == 0 else None)
                i += 1
        text = " · ".join(cards_text(m) for m in melds)
        sc.add_log(tr("status.you_laid", cards=text) if seat == new.me else tr("status.laid", name=new.name(seat),
                                                                                 cards=text), mine=seat == new.me)
        return EVENT_GAP + 0.05 * i

    def _on_sent(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat, card, target = e["seat"], parse_card(e["card"]), e["target"]
        dest = self._laid_rect(new, target, card)
        if dest is None:
            return 0.0
        src, face_down = self._source(old, seat, card, hand_rects)
        sc.anim.fly(Flight(card, self._xyw(src), self._xyw(dest), flip=face_down, arc=L.px(24), hide_card=card),
                    at, FLIGHT, "send")
        if seat == new.me:
            line = tr("status.you_sent", card=card_label(card), target=new.names[target])
        elif target == new.me:
            line = tr("status.sent_you", name=new.name(seat), card=card_label(card))
        else:
            line = tr("status.sent", name=new.name(seat), card=card_label(card), target=new.names[target])
        sc.add_log(line, mine=new.me in (seat, target))
        return EVENT_GAP

    def _on_u(self, e, old, new, hand_rects, at, payments) -> float:
        sc, L = self.sc, self.sc.layout
        seat, kind = e["seat"], e.get("kind", "u")
        self._banner(tr(U_BANNERS.get(kind, "banner.u")), L.banner_centre, 96, hold=1.4)
        sc.services.sounds.play("u")
        sc.add_log(tr("status.you_u") if seat == new.me else tr("status.u", name=new.name(seat)), mine=seat == new.me)
        return EVENT_GAP

    def _on_timeout(self, e, old, new, hand_rects, at, payments) -> float:
        seat = e["seat"]
        if seat == new.me:
            self.sc.add_log(tr("status.timeout"), mine=True)
        else:
            self.sc.add_log(tr("status.timeout_other", name=new.name(seat)))
        return 0.0

    def _on_left(self, e, old, new, hand_rects, at, payments) -> float:
        self.sc.add_log(tr("status.left", name=new.name(e["seat"])))
        return 0.0

    def _on_outcome(self, e, old, new, hand_rects, at, payments) -> float:
        den = e.get("den")
        if den is not None:
            L = self.sc.layout
            self._banner(tr("banner.den"), L.banner_pos(den), 48, BANNER_RED, hold=1.2)
            self.sc.add_log(tr("status.u_den", name=new.name(den), winner=new.object_name(e["winner"])))
        return 0.0
