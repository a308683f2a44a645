"""Table actions: what you can do now — the buttons that apply, what a click means, the commands sent, the guidance.

``TableActions`` reads the scene's model after every snapshot (``refresh``):
it raises the best phỏm at the lay-down turn, the sendable cards at the
send step, outlines the cards that complete an eatable discard, and shows
only the buttons whose move is legal. Clicks become move strings for the
``TableClient``; a refusal (ours, before sending, or the table's ``error``)
shakes the card and says why in the status line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tala_desktop.engine import EngineError, card_label, parse_move
from tala_desktop.engine.cards import card_str, iter_bits, mask_of

from ..art.card_art import GROUP_COLOURS
from ..art.theme import CYAN, EATABLE, GOLD, RED, WARNING, WHITE
from ..core.i18n import tr
from ..core.reasons import reason_text
from ..widgets.controls import Button
from . import lay_assist as assist
from .guide import describe, error_text, guide

if TYPE_CHECKING:
    from .scene import TableScene

Colour = tuple[int, int, int]
HELPER: Colour = EATABLE            # your cards that complete the card you may eat (it glows the same)
DOUBLE_CLICK = 0.4

# button name -> (i18n key, style, glows)
BUTTONS: dict[str, tuple[str, str, bool]] = {
    "eat": ("btn.eat", "primary", True), "draw": ("btn.draw", "green", False),
    "discard": ("btn.discard", "blue", False), "lay": ("btn.lay", "primary", False),
    "send": ("btn.send", "blue", False), "skip": ("btn.skip", "dark", False),
    "u": ("btn.u", "red", True), "ukhan": ("btn.u_khan", "red", True),
    "sort": ("btn.sort", "dark", False), "hint": ("btn.hint", "dark", False),
}

class TableActions:
    """Your side of the table: modes, assists, buttons and commands."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene
        fonts = scene.services.fonts
        self.buttons: dict[str, Button] = {}
        for name, (key, style, glow) in BUTTONS.items():
            self.buttons[name] = Button(scene.layout.buttons[0], tr(key), fonts, style=style, glow=glow,
                                        on_click=getattr(self, f"do_{name}"))
        self.key: tuple[Any, ...] | None = None
        self.skip_send = False
        self.lowered: set[int] = set()
        self.armed: int | None = None
        self.sort_mode = 0
        self.lay_check: assist.LayCheck | None = None
        self.send_plan: dict[int, tuple[int, int]] = {}
        self.sendable: set[int] = set()
        self.last_attempt: tuple[str, int | None] = ("", None)
        self.last_click: tuple[int | None, float] = (None, -1.0)
        self.awaiting = False

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> str:
        m = self.sc.model
        if m is None or self.sc.spectator or not m.my_turn:
            return "wait"
        if m.phase == "send" and self.skip_send:
            return "discard"
        return m.phase if m.phase in ("take", "lay", "send", "discard") else "wait"

    def new_game(self) -> None:
        self.key = None
        self.skip_send = False
        self.lowered.clear()
        self.armed = None
        self.lay_check = None
        self.send_plan.clear()
        self.sendable.clear()
        self.awaiting = False
        self.sort_mode = 0

    def refresh(self) -> None:
        """Recompute assists and buttons after a snapshot (raises once per step, keeps your changes)."""
        m, hv = self.sc.model, self.sc.hand
        self.awaiting = False
        if m is None:
            return
        mode = self.mode
        key = (m.game_id, m.to_move, m.phase, len(m.hand), mode)
        fresh = key != self.key
        self.key = key
        if m.to_move != m.me or m.is_over:
            self.skip_send = False
            self.lowered.clear()
        if fresh:
            self.armed = None
            if mode in ("take", "wait", "discard"):
                hv.raised.clear()
            if mode != "discard":
                hv.selected = None
            if mode == "lay":
                melds = assist.suggest_lay(m.hand_mask, m.eaten_mask, m.targets(), m.ace_high, m.face10)
                hv.raised = {c for meld in melds for c in iter_bits(meld)}
                grouped = [c for meld in melds for c in assist.phom_order(meld, m.ace_high)]
                hv.set_order(grouped + [c for c in hv.order if c not in hv.raised])
            elif mode == "send":
                self._plan_sends()
        self._outline()

    def _plan_sends(self) -> None:
        m, hv = self.sc.model, self.sc.hand
        assert m is not None
        targets = m.targets()
        self.sendable = assist.sendable(m.hand_mask, targets, m.ace_high)
        plan = assist.suggest_sends(m.hand_mask & ~mask_of(self.lowered), targets, m.ace_high, m.face10)
        self.send_plan = {c: (s, k) for c, s, k in plan}
        hv.raised = set(self.send_plan)

    def _outline(self) -> None:
        """Outline colours, send targets and arrows for the current mode."""
        m, hv, sc = self.sc.model, self.sc.hand, self.sc
        assert m is not None
        hv.outline = {}
        sc.send_targets = {}
        sc.send_arrows = {}
        mode = self.mode
        eatable = m.eatable() if mode == "take" else None
        sc.discard_glow = eatable is not None
        sc.stock_glow = mode == "take" and m.can("draw")
        if eatable is not None:
            for c in assist.eat_helpers(m.hand_mask, m.eaten_mask, eatable, m.ace_high):
                hv.outline[c] = HELPER
        if mode == "lay":
            self.lay_check = assist.check_lay(mask_of(hv.raised), m.hand_mask, m.eaten_mask, m.ace_high)
            for g, meld in enumerate(self.lay_check.groups):
                for c in iter_bits(meld):
                    if c in hv.raised:
                        hv.outline[c] = GROUP_COLOURS[g % len(GROUP_COLOURS)]
            for c in self.lay_check.stray:
                hv.outline[c] = RED
        elif mode == "send":
            targets = m.targets()
            for c in hv.raised:
                dest = self.send_plan.get(c)
                if dest is None:
                    fit = assist.fits(c, targets, m.ace_high)
                    dest = fit[0] if fit else None
                if dest is not None:
                    sc.send_arrows[c] = dest
                    sc.send_targets[dest] = CYAN
            if self.armed is not None:
                for dest in assist.fits(self.armed, targets, m.ace_high):
                    sc.send_targets[dest] = GOLD

    # ------------------------------------------------------------------ buttons
    def visible(self) -> list[Button]:
        """The buttons that apply now, placed in the layout's slots (actions low, tools on top)."""
        m = self.sc.model
        if m is None or self.sc.spectator or not self.sc.accepting_input:
            return []
        mode = self.mode
        names: list[str] = []
        if mode == "take":
            names += [n for n in ("eat", "draw", "ukhan") if m.can(n)]
        elif mode == "lay":
            names += ["lay"] + (["u"] if m.can("u") else [])
        elif mode == "send":
            names += (["send"] if self.sc.hand.raised & self.sendable else []) + ["skip"]
        elif mode == "discard":
            names += ["discard"] + [n for n in ("u", "ukhan") if m.can(n)]
        slots = self.sc.layout.buttons
        for name, (key, _, _) in BUTTONS.items():
            self.buttons[name].text = tr(key)  # follows a language change
        out = []
        for i, name in enumerate(names[:4]):
            b = self.buttons[name]
            b.rect = slots[i]
            out.append(b)
        tools = (["sort"] if m.hand else []) + (["hint"] if mode != "wait" else [])
        for i, name in enumerate(tools):
            b = self.buttons[name]
            b.rect = slots[4 + i]
            out.append(b)
        self.buttons["lay"].glow = bool(self.lay_check and self.lay_check.ok)
        self.buttons["send"].glow = True
        self.buttons["discard"].glow = self.sc.hand.selected is not None
        return out

    # ------------------------------------------------------------------ commands
    def _send(self, move: str, attempt: tuple[str, int | None] = ("", None)) -> None:
        self.last_attempt = attempt
        self.awaiting = True
        self.sc.client.send_move(move)
        self.sc.touch()

    def _refuse(self, text: str, shake: object | None = None) -> None:
        if shake is not None:
            self.sc.anim.shake(shake)
        self.sc.say(text, WARNING)

    @property
    def _me(self) -> int:
        return self.sc.me

    def do_draw(self) -> None:
        m = self.sc.model
        if m is not None and m.can("draw"):
            self._send(f"{self._me} draw", ("draw", None))

    def do_eat(self) -> None:
        m = self.sc.model
        if m is None or m.last_discard is None:
            return
        card = m.last_discard[1]
        if m.can("eat"):
            self._send(f"{self._me} eat", ("eat", card))
        else:
            self._refuse(tr("status.cannot_eat", card=card_label(card)), ("pile", card))

    def do_discard(self, card: int | None = None) -> None:
        m, hv = self.sc.model, self.sc.hand
        if m is None:
            return
        card = hv.selected if card is None else card
        if card is None:
            self.sc.say(tr("status.select_card"), WARNING)
            return
        if self.mode not in ("discard", "send"):
            key = {"take": "status.draw_first", "lay": "status.must_lay"}.get(self.mode, "status.not_your_turn")
            self._refuse(tr(key), ("hand", card))
            return
        if card not in m.discardable():
            key = "status.cannot_discard_eaten" if card in m.my_eaten else "status.cannot_discard_breaks"
            self._refuse(tr(key, card=card_label(card)), ("hand", card))
            return
        self._send(f"{self._me} discard {card_str(card)}", ("discard", card))

    def do_lay(self) -> None:
        m, hv = self.sc.model, self.sc.hand
        if m is None or self.mode != "lay":
            return
        check = assist.check_lay(mask_of(hv.raised), m.hand_mask, m.eaten_mask, m.ace_high)
        if not check.ok:
            for c in hv.raised or set(m.my_eaten):
                self.sc.anim.shake(("hand", c))
            self.sc.say(check.reason, WARNING)
            return
        self._send(assist.lay_move(self._me, check.melds), ("lay", None))

    def do_send(self) -> None:
        m, hv = self.sc.model, self.sc.hand
        if m is None or self.mode != "send":
            return
        cards = [c for c in hv.order if c in hv.raised]
        if len(cards) >= len(m.hand):
            self._refuse(tr("status.keep_one"))
            return
        sends, stuck = assist.order_sends(cards, m.targets(), self.send_plan, m.ace_high)
        for c in stuck:
            self._refuse(tr("status.cannot_send", card=card_label(c)), ("hand", c))
        for c, s, k in sends:
            self._send(assist.send_move(self._me, c, s, k), ("send", c))

    def do_skip(self) -> None:
        self.skip_send = True
        self.sc.hand.raised.clear()
        self.armed = None
        self.refresh()
        self.sc.touch()

    def do_u(self) -> None:
        if self.sc.model is not None and self.sc.model.can("u"):
            self._send(f"{self._me} u", ("u", None))

    def do_ukhan(self) -> None:
        if self.sc.model is not None and self.sc.model.can("ukhan"):
            self._send(f"{self._me} ukhan", ("ukhan", None))

    def do_sort(self) -> None:
        m, hv = self.sc.model, self.sc.hand
        if m is None or not hv.order:
            return
        if self.sort_mode == 0:
            order = assist.sort_by_phom(hv.order, m.eaten_mask, m.ace_high, m.face10)
        else:
            order = assist.sort_by_suit(hv.order)
        self.sort_mode ^= 1
        hv.set_order(order)
        self.sc.touch()

    def do_hint(self) -> None:
        self.sc.client.request_hint()

    # ------------------------------------------------------------------ clicks on the table
    def on_card_click(self, card: int) -> None:
        """A click on one of your cards (a second click soon after is a double-click: discard)."""
        sc = self.sc
        prev, when = self.last_click
        self.last_click = (card, sc.clock)
        if prev == card and sc.clock - when <= DOUBLE_CLICK and self.mode != "lay":
            self.last_click = (None, -1.0)  # at the lay-down turn a quick second click just toggles again
            if self.mode in ("discard", "send"):
                self.do_discard(card)
            else:
                self._toggle(card)
                self.do_discard(card)
            return
        self._toggle(card)

    def _toggle(self, card: int) -> None:
        m, hv = self.sc.model, self.sc.hand
        mode = self.mode
        if mode == "lay":
            hv.raised ^= {card}
            self._outline()
            if self.lay_check is not None:
                self.sc.say(self.lay_check.reason, None if self.lay_check.ok else WARNING)
        elif mode == "send" and m is not None:
            if card in hv.raised:
                hv.raised.discard(card)
                self.lowered.add(card)
                self.armed = None if self.armed == card else self.armed
            elif card in self.sendable:
                hv.raised.add(card)
                self.lowered.discard(card)
                self.armed = card
                self.sc.say(tr("status.pick_target", card=card_label(card)))
            else:
                self._refuse(tr("status.cannot_send", card=card_label(card)), ("hand", card))
            self._outline()
        else:
            hv.selected = None if hv.selected == card else card
        self.sc.touch()

    def on_drag_discard(self, card: int) -> None:
        self.do_discard(card)

    def on_stock_click(self) -> None:
        m = self.sc.model
        if m is None:
            return
        if m.can("draw") and self.mode == "take":
            self.do_draw()
        elif self.mode == "wait":
            self.sc.say(tr("status.not_your_turn"), WARNING)

    def on_pile_click(self, seat: int) -> None:
        m = self.sc.model
        if m is None or m.last_discard is None or m.last_discard[0] != seat:
            return
        if self.mode == "take":
            self.do_eat()

    def on_phom_click(self, seat: int, k: int) -> None:
        m = self.sc.model
        if m is None or self.mode != "send" or seat == m.me:
            return
        card = self.armed
        if card is None:
            self.sc.say(tr("status.send_none"))
            return
        if (seat, k) not in assist.fits(card, m.targets(), m.ace_high):
            self._refuse(tr("status.cannot_send", card=card_label(card)), ("hand", card))
            return
        self.armed = None
        self._send(assist.send_move(self._me, card, seat, k), ("send", card))

    # ------------------------------------------------------------------ table messages
    def on_error(self, msg: dict[str, Any]) -> None:
        self.awaiting = False
        kind, card = self.last_attempt
        text = error_text(str(msg.get("code")), str(msg.get("message", "")), card)
        shake = ("pile", card) if kind == "eat" else (("hand", card) if card is not None else None)
        self._refuse(text, shake)

    def on_hint(self, msg: dict[str, Any]) -> None:
        m, hv = self.sc.model, self.sc.hand
        if m is None or msg.get("game_id", m.game_id) != m.game_id:
            return
        try:
            move = parse_move(str(msg.get("move")))
        except EngineError:
            return
        reason = reason_text(msg.get("reason"))
        words = describe(move)
        if move.kind == "eat" and m.last_discard is not None:
            words = tr("move.eat", card=card_label(m.last_discard[1]))
        line = tr("status.hint", move=words, reason=reason) if reason else tr("status.hint_plain", move=words)
        self.sc.say(line, seconds=6.0)
        if move.kind in ("discard", "send") and move.card in hv.order:
            hv.outline[move.card] = WHITE
            if move.kind == "discard" and self.mode in ("discard", "send"):
                hv.selected = move.card
        elif move.kind == "lay" and self.mode == "lay":
            hv.raised = {c for meld in move.melds for c in iter_bits(meld)}
            self._outline()
        self.sc.touch()

    def guide(self) -> tuple[str, Colour | None]:
        return guide(self)
