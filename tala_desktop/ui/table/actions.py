"""Table actions: what you can do now — your step, your raised and selected cards, what a click means, the commands.

``TableActions`` holds only your side's choices (the raised cards, the
selected card, the send target you armed, the hand order you asked for) and
never touches the scene: after every snapshot ``refresh(model)`` raises the
best phỏm at the lay-down turn and the sendable cards at the send step; a
click or a button returns an ``Effects`` value (commands for the
``TableClient``, a status line, cards to shake, a new hand order) that the
scene carries out; ``choices()`` hands those choices over as one frozen
``Choices`` value and ``highlights()`` returns the frozen ``Highlights``
the hand view and the painter draw from (outlines, send arrows, glows, the
buttons that apply, the guide line), pictured again only when the choices
changed. A refusal (ours, before sending, or the table's ``error``) shakes
the card and says why; a move the offline client's filter refused (a
lesson's step, code ``guided``) shakes nothing and says the filter's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from tala_desktop.engine import Move, MoveKind, Phase, TurnKind, card_label
from tala_desktop.engine.cards import iter_bits, mask_of
from tala_desktop.table import GUIDED
from tala_desktop.table.messages import Error, Hint

from ..art.theme import WARNING
from ..core.i18n import N_, get_language, tr
from ..core.reasons import reason_text
from . import lay_assist as assist
from .guide import describe, error_text
from .hand_view import DOUBLE_CLICK
from .highlights import (
    NOTHING,
    Attempt,
    ButtonPressed,
    CardDropped,
    CardPicked,
    Colour,
    Effects,
    Highlights,
    Pick,
    SendTarget,
    ShakeKey,
    Status,
    frozen_map,
)
from .model import TableModel
from .modes import Mode, TableButton
from .picture import SORTS, Choices, picture
from .pointer import Target

ERROR: Colour = WARNING
GUIDED_SECONDS = 4.0       # how long the words of a move filter's refusal stay in the status line
REFUSED_DISCARD = {Mode.TAKE: N_("status.draw_first"), Mode.LAY: N_("status.must_lay")}   # else "not your turn"
SORT_WORDS = {"phom": N_("status.sort_phom"), "suit": N_("status.sort_suit"), "rank": N_("status.sort_rank")}
NEXT_STEP_WORDS = {Mode.LAY: N_("next.lay"), Mode.SEND: N_("next.send"), Mode.DISCARD: N_("next.discard")}


def cards_label(cards: set[int]) -> str:
    return "".join(card_label(c) for c in sorted(cards, key=lambda c: (c % 13, c // 13)))


def refuse(text: str, *shakes: ShakeKey) -> Effects:
    return Effects(status=Status(text, ERROR), shakes=shakes)


def say(text: str, colour: Colour | None = None, seconds: float = 3.0) -> Effects:
    return Effects(status=Status(text, colour, seconds))


class TableActions:
    """Your side of the table: your step, your choices, and what an input does."""

    def __init__(self, spectator: bool = False) -> None:
        self.spectator = spectator
        self.model: TableModel | None = None
        self.key: tuple[Any, ...] | None = None
        self.skip_send = False
        self.raised: set[int] = set()
        self.selected: int | None = None
        self.hinted: int | None = None          # the card the last hint outlined
        self.lowered: set[int] = set()
        self.armed: int | None = None
        self.lay_check: assist.LayCheck | None = None
        self.send_plan: dict[int, SendTarget] = {}
        self.sendable: set[int] = set()
        self.last_attempt: Attempt = ("", None)
        self.last_click: tuple[int | None, float] = (None, -1.0)
        self.awaiting = False
        self._pictured: tuple[Choices, Highlights] = (Choices(), Highlights())
        B = TableButton
        self.commands: dict[TableButton, Callable[[Sequence[int]], Effects]] = {
            B.EAT: self.do_eat, B.DRAW: self.do_draw, B.DISCARD: self.do_discard, B.LAY: self.do_lay,
            B.SEND: self.do_send, B.SKIP: self.do_skip, B.U: self.do_u, B.UKHAN: self.do_ukhan,
            B.SORT: self.do_sort, B.HINT: self.do_hint,
        }

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> Mode:
        m = self.model
        if m is None or self.spectator or not m.my_turn:
            return Mode.WAIT
        if m.phase is Phase.SEND and self.skip_send:
            return Mode.DISCARD
        return Mode(m.phase.value) if m.phase in (Phase.TAKE, Phase.LAY, Phase.SEND, Phase.DISCARD) else Mode.WAIT

    def new_game(self) -> None:
        self.model = None
        self.key = None
        self.skip_send = False
        self.raised.clear()
        self.selected = None
        self.hinted = None
        self.lowered.clear()
        self.armed = None
        self.lay_check = None
        self.send_plan.clear()
        self.sendable.clear()
        self.awaiting = False

    def refresh(self, model: TableModel, order: Sequence[int], moved: bool = True) -> Effects:
        """Take a new snapshot's model: raise the suggestions once per step, keep your changes otherwise.

        ``moved``: something happened at the table (events came with it), which answers a command on its way;
        a snapshot alone (the first turn's clock started) does not."""
        m = self.model = model
        self.awaiting = self.awaiting and not moved
        held = set(m.hand)
        self.raised &= held
        if self.selected not in held:
            self.selected = None
        self.hinted = None
        mode = self.mode
        key = (m.game_id, m.to_move, m.phase, len(m.hand), mode)
        fresh = key != self.key
        self.key = key
        if m.to_move != m.me or m.is_over:
            self.skip_send = False
            self.lowered.clear()
        out = NOTHING
        if fresh:
            self.armed = None
            if mode in (Mode.TAKE, Mode.WAIT, Mode.DISCARD):
                self.raised.clear()
            if mode is not Mode.DISCARD:
                self.selected = None
            if mode is Mode.LAY:
                melds = assist.suggest_lay(m.hand_mask, m.eaten_mask, m.targets(), m.ace_high, m.face10)
                self.raised = {c for meld in melds for c in iter_bits(meld)}
                grouped = [c for meld in melds for c in assist.phom_order(meld, m.ace_high)]
                out = Effects(order=tuple(grouped + [c for c in order if c not in self.raised]))
            elif mode is Mode.SEND:
                self._plan_sends()
        self._check_lay()
        return out

    def _plan_sends(self) -> None:
        m = self.model
        assert m is not None
        targets = m.targets()
        self.sendable = assist.sendable(m.hand_mask, targets, m.ace_high)
        plan = assist.suggest_sends(m.hand_mask & ~mask_of(self.lowered), targets, m.ace_high, m.face10)
        self.send_plan = {c: (s, k) for c, s, k in plan}
        self.raised = set(self.send_plan)

    def _check_lay(self) -> None:
        m = self.model
        if m is not None and self.mode is Mode.LAY:
            self.lay_check = assist.check_lay(mask_of(self.raised), m.hand_mask, m.eaten_mask, m.ace_high)
        else:
            self.lay_check = None

    # ------------------------------------------------------------------ what the table shows
    def choices(self) -> Choices:
        """Your choices now, frozen, with the model and your step: what the picture is made from."""
        return Choices(self.model, self.mode, self.spectator, frozenset(self.raised), self.selected, self.hinted,
                       self.armed, self.lay_check, frozen_map(self.send_plan), frozenset(self.sendable),
                       get_language())

    def highlights(self) -> Highlights:
        """The frozen picture of your side now (see picture.py), made again only when the choices changed."""
        choices = self.choices()
        if choices != self._pictured[0]:
            self._pictured = (choices, picture(choices))
        return self._pictured[1]

    # ------------------------------------------------------------------ commands
    def send(self, move: Move, attempt: Attempt = ("", None)) -> Effects:
        """Ask the table for ``move``; until it answers, your input waits."""
        self.last_attempt = attempt
        self.awaiting = True
        return Effects(moves=((move, attempt),))

    def press(self, name: TableButton, order: Sequence[int]) -> Effects:
        """The button ``name`` was clicked (``order``: your hand as you arranged it)."""
        return self.commands[name](order)

    def do_draw(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        if m is not None and m.can(MoveKind.DRAW):
            return self.send(Move(m.me, MoveKind.DRAW), ("draw", None))
        return NOTHING

    def do_eat(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        if m is None or m.last_discard is None:
            return NOTHING
        card = m.last_discard[1]
        if m.can(MoveKind.EAT):
            return self.send(Move(m.me, MoveKind.EAT), ("eat", card))
        return refuse(tr("status.cannot_eat", card=card_label(card)), ("pile", card))

    def do_discard(self, order: Sequence[int] = (), card: int | None = None) -> Effects:
        m = self.model
        if m is None:
            return NOTHING
        card = self.selected if card is None else card
        if card is None:
            return say(tr("status.select_card"), ERROR)
        if self.mode not in (Mode.DISCARD, Mode.SEND):
            return refuse(tr(REFUSED_DISCARD.get(self.mode, N_("status.not_your_turn"))), ("hand", card))
        if card not in m.discardable():
            key = N_("status.cannot_discard_eaten") if card in m.my_eaten else N_("status.cannot_discard_breaks")
            return refuse(tr(key, card=card_label(card)), ("hand", card))
        return self.send(Move(m.me, MoveKind.DISCARD, card=card), ("discard", card))

    def do_lay(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        if m is None or self.mode is not Mode.LAY:
            return NOTHING
        check = assist.check_lay(mask_of(self.raised), m.hand_mask, m.eaten_mask, m.ace_high)
        if not check.ok:
            shakes = tuple(("hand", c) for c in sorted(self.raised or set(m.my_eaten)))
            return refuse(check.reason, *shakes)
        return self.send(assist.lay_move(m.me, check.melds), ("lay", None))

    def do_send(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        if m is None or self.mode is not Mode.SEND:
            return NOTHING
        cards = [c for c in order if c in self.raised]
        if len(cards) >= len(m.hand):
            return refuse(tr("status.keep_one"))
        sends, stuck = assist.order_sends(cards, m.targets(), self.send_plan, m.ace_high)
        out = NOTHING
        for c in stuck:
            out += refuse(tr("status.cannot_send", card=card_label(c)), ("hand", c))
        for c, s, k in sends:
            out += self.send(assist.send_move(m.me, c, s, k), ("send", c))
        return out

    def do_skip(self, order: Sequence[int] = ()) -> Effects:
        self.skip_send = True
        self.raised.clear()
        self.armed = None
        if self.model is not None:
            self.refresh(self.model, order)
        return NOTHING

    def do_u(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        return self.send(Move(m.me, MoveKind.U), ("u", None)) if m is not None and m.can(MoveKind.U) else NOTHING

    def do_ukhan(self, order: Sequence[int] = ()) -> Effects:
        m = self.model
        if m is None or not m.can(MoveKind.UKHAN):
            return NOTHING
        return self.send(Move(m.me, MoveKind.UKHAN), ("ukhan", None))

    def do_sort(self, order: Sequence[int] = ()) -> Effects:
        """Xếp bài: the order after the one the hand is in (phỏm, suit, rank, round again; an order of your own
        starts at the phỏm), skipping one that would change nothing."""
        m = self.model
        if m is None or not order:
            return Effects()
        hand = list(order)
        orders = [(kind, assist.sort_by_phom(hand, m.eaten_mask, m.ace_high, m.face10) if kind == "phom"
                   else assist.sort_by_suit(hand) if kind == "suit" else assist.sort_by_rank(hand)) for kind in SORTS]
        now = next((i for i, (_, o) in enumerate(orders) if o == hand), -1)
        kind, new = next((orders[(now + k) % len(orders)] for k in range(1, len(orders) + 1)
                          if orders[(now + k) % len(orders)][1] != hand), orders[(now + 1) % len(orders)])
        return Effects(order=tuple(new), status=Status(tr(SORT_WORDS[kind]), seconds=1.5))

    def do_hint(self, order: Sequence[int] = ()) -> Effects:
        return Effects(hint=True)

    # ------------------------------------------------------------------ clicks on the table
    def take(self, pick: Pick, clock: float, order: Sequence[int]) -> Effects:
        """What you picked at the table (the input's ``Pick``) at ``clock``, your hand in ``order``."""
        if isinstance(pick, CardPicked):
            return self.on_card_click(pick.card, clock)
        if isinstance(pick, CardDropped):
            return self.on_drag_discard(pick.card)
        if isinstance(pick, ButtonPressed):
            return self.press(pick.name, order)
        return self.on_target(pick.target)

    def on_card_click(self, card: int, clock: float) -> Effects:
        """A click on one of your cards at ``clock`` (a second click soon after is a double-click: discard)."""
        prev, when = self.last_click
        self.last_click = (card, clock)
        if prev == card and clock - when <= DOUBLE_CLICK and self.mode is not Mode.LAY:
            self.last_click = (None, -1.0)  # at the lay-down turn a quick second click just toggles again
            if self.mode in (Mode.DISCARD, Mode.SEND):
                return self.do_discard(card=card)
            return self._toggle(card) + self.do_discard(card=card)
        return self._toggle(card)

    def _toggle(self, card: int) -> Effects:
        m = self.model
        mode = self.mode
        if mode is Mode.LAY:
            self.raised ^= {card}
            self.hinted = None
            self._check_lay()
            if self.lay_check is not None:
                return say(self.lay_check.reason, None if self.lay_check.ok else ERROR)
            return NOTHING
        if mode is Mode.SEND and m is not None:
            self.hinted = None
            if card in self.raised:
                self.raised.discard(card)
                self.lowered.add(card)
                self.armed = None if self.armed == card else self.armed
            elif card in self.sendable:
                self.raised.add(card)
                self.lowered.discard(card)
                self.armed = card
                helpers = self._chain_for(card)
                if helpers:             # it fits only after other sends: raise those too, and say so
                    self.raised |= helpers
                    self.lowered -= helpers
                    return say(tr("status.send_chain", card=card_label(card), helpers=cards_label(helpers)))
                return say(tr("status.pick_target", card=card_label(card)))
            else:
                return refuse(tr("status.cannot_send", card=card_label(card)), ("hand", card))
            return NOTHING
        self.selected = None if self.selected == card else card
        return NOTHING

    def _chain_for(self, card: int) -> set[int]:
        """The fewest other sendable cards to send first so that ``card`` (raised) can be placed; none if it fits."""
        m = self.model
        assert m is not None
        targets = m.targets()
        _, stuck = assist.order_sends(sorted(self.raised), targets, self.send_plan, m.ace_high)
        if card not in stuck:
            return set()
        spare = sorted(self.sendable - self.raised)
        for size in range(1, len(spare) + 1):
            for extra in combinations(spare, size):
                cards = sorted(self.raised | set(extra))
                if len(cards) < len(m.hand) and card not in assist.order_sends(cards, targets, self.send_plan,
                                                                               m.ace_high)[1]:
                    return set(extra)
        return set()

    def on_drag_discard(self, card: int) -> Effects:
        return self.do_discard(card=card)

    def on_target(self, target: Target) -> Effects:
        """A press on the table: the stock, the top of a discard row, a laid phỏm."""
        if target.kind == "stock":
            return self.on_stock_click()
        if target.kind == "pile":
            return self.on_pile_click(target.seat)
        return self.on_phom_click(target.seat, target.index)

    def on_stock_click(self) -> Effects:
        m = self.model
        if m is None:
            return NOTHING
        mode = self.mode
        if m.can(MoveKind.DRAW) and mode is Mode.TAKE:
            return self.do_draw()
        if mode is Mode.WAIT:
            return say(tr("status.not_your_turn"), ERROR)
        if mode in (Mode.LAY, Mode.SEND, Mode.DISCARD):        # you took a card this turn already (or lead: no draw)
            if m.turn_kind is TurnKind.FIRST:
                return say(tr("status.first_no_draw"), ERROR)
            return say(tr("status.already_took", next=tr(NEXT_STEP_WORDS[mode])), ERROR)
        return NOTHING

    def on_pile_click(self, seat: int) -> Effects:
        m = self.model
        if m is None or m.last_discard is None or m.last_discard[0] != seat or self.mode is not Mode.TAKE:
            return NOTHING
        return self.do_eat()

    def on_phom_click(self, seat: int, k: int) -> Effects:
        m = self.model
        if m is None or self.mode is not Mode.SEND or seat == m.me:
            return NOTHING
        card = self.armed
        if card is None:
            return say(tr("status.send_none"))
        if (seat, k) not in assist.fits(card, m.targets(), m.ace_high):
            helpers = self._chain_for(card) or (self.raised - {card})
            if card in self.sendable and helpers:      # it fits there after the other raised cards: say which
                return refuse(tr("status.send_needs", card=card_label(card), helpers=cards_label(helpers)),
                              ("hand", card))
            return refuse(tr("status.cannot_send", card=card_label(card)), ("hand", card))
        self.armed = None
        return self.send(assist.send_move(m.me, card, seat, k), ("send", card))

    # ------------------------------------------------------------------ table messages
    def on_error(self, msg: Error) -> Effects:
        self.awaiting = False
        if msg.code == GUIDED:                     # the offline client's move filter: a lesson's step, in its words
            return say(msg.message, WARNING, GUIDED_SECONDS)
        kind, card = self.last_attempt
        text = error_text(msg.code, msg.message, card)
        if card is None:
            return refuse(text)
        return refuse(text, ("pile", card) if kind == "eat" else ("hand", card))

    def on_hint(self, msg: Hint) -> Effects:
        m = self.model
        if m is None or msg.game_id != m.game_id:
            return NOTHING
        move = msg.move
        reason = reason_text(msg.reason)
        words = describe(move)
        if move.kind is MoveKind.EAT and m.last_discard is not None:
            words = tr("move.eat", card=card_label(m.last_discard[1]))
        if move.kind in (MoveKind.DISCARD, MoveKind.SEND) and move.card in m.hand:
            self.hinted = move.card
            if move.kind is MoveKind.DISCARD and self.mode in (Mode.DISCARD, Mode.SEND):
                self.selected = move.card
        elif move.kind is MoveKind.LAY and self.mode is Mode.LAY:
            self.raised = {c for meld in move.melds for c in iter_bits(meld)}
            self._check_lay()
        line = tr("status.hint", move=words, reason=reason) if reason else tr("status.hint_plain", move=words)
        return say(line, seconds=6.0)
