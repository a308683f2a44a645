"""Table model: one snapshot from the TableClient, and the facts the scene derives from it.

A ``TableModel`` is built from one ``Snapshot`` message (table/messages.py,
docs/table-messages.md: cards are already ints, moves already ``Move``
values) and never changes; the scene swaps in a new one per snapshot and
keeps the previous one to animate from. Nothing here draws.
"""

from __future__ import annotations

from tala_desktop.engine import Move, MoveKind, Outcome, Phase, Phom, Rules, TurnKind
from tala_desktop.engine.cards import card_label, mask_of, points
from tala_desktop.table.messages import Clock, Snapshot

from ..core.names import BOT_KEY, bot_number, seat_name, shown_name
from ..core.phrase import Phrase, Words, phrase

YOU: Phrase = phrase("table.you")
YOU_LOWER: Phrase = phrase("table.you_lower")


class TableModel:
    """The table as one seat sees it now."""

    def __init__(self, snap: Snapshot) -> None:
        self.snap = snap
        self.game_id: int = snap.game_id
        self.me: int = -1 if snap.seat is None else snap.seat   # -1: watching
        self.n: int = snap.n
        self._names: list[str] = list(snap.names)
        self.sat_since_end: set[int] = set()   # seats someone else took after the game ended (see carry_from)
        self.bet: int = snap.bet
        self.balances: list[int] = snap.balances
        self.rules: Rules = snap.rules
        self.leader: int = snap.leader
        self.to_move: int | None = snap.to_move
        self.phase: Phase = snap.phase
        self.turn_kind: TurnKind = snap.turn_kind
        self.starter: int = snap.starter
        self.stock_count: int = snap.stock_count
        self.held: list[int] = snap.hand
        self.counts: list[int] = snap.hand_counts
        self.known: list[list[int]] = snap.known
        self.eaten: list[list[int]] = snap.eaten
        self.piles: list[list[int]] = snap.piles
        self.laid: list[list[list[int]]] = snap.laid
        self.lay_order: list[int] = snap.lay_order
        self.mom: list[bool] = snap.mom
        self.left: list[bool] = snap.left
        self.eat_count: list[int] = snap.eat_count
        self.last_discard: tuple[int, int] | None = snap.last_discard
        self.legal: list[Move] = snap.legal
        self.kinds: set[MoveKind] = {m.kind for m in self.legal}
        self.clock: Clock | None = snap.clock
        self.thinking: int | None = snap.thinking
        self.net: list[int] = snap.net
        self.outcome: Outcome | None = snap.outcome
        self.reveal: list[list[int]] | None = snap.reveal

    # ------------------------------------------------------------------ rules
    @property
    def ace_high(self) -> bool:
        return self.rules.ace_high_run

    @property
    def face10(self) -> bool:
        return self.rules.face_value_10

    @property
    def turn_seconds(self) -> int:
        return self.rules.turn_seconds

    # ------------------------------------------------------------------ you
    @property
    def my_eaten(self) -> list[int]:
        return self.eaten[self.me] if self.me >= 0 else []     # a watcher holds nothing

    @property
    def hand(self) -> list[int]:
        """Every card you hold: the hidden ones and your eaten cards (shown in your hand, gold-edged)."""
        return self.held + [c for c in self.my_eaten if c not in self.held]

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def eaten_mask(self) -> int:
        return mask_of(self.my_eaten)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def my_turn(self) -> bool:
        return not self.is_over and self.to_move == self.me and bool(self.legal)

    def can(self, kind: MoveKind) -> bool:
        """Whether a legal move of ``kind`` is open to you now."""
        return kind in self.kinds

    def discardable(self) -> set[int]:
        return {m.card for m in self.legal if m.kind is MoveKind.DISCARD}

    def has_laid(self, seat: int) -> bool:
        return self.lay_order[seat] >= 0

    def eatable(self) -> int | None:
        """The last discard if you may eat it now."""
        if self.last_discard is not None and self.can(MoveKind.EAT):
            return self.last_discard[1]
        return None

    def targets(self) -> list[tuple[int, int, Phom]]:
        """Other seats' laid phỏm you could send to: (seat, index, phỏm)."""
        out = []
        for s in range(self.n):
            if s == self.me:
                continue
            for k, cards in enumerate(self.laid[s]):
                if len(cards) >= 3:
                    out.append((s, k, Phom(mask_of(cards), self.ace_high)))
        return out

    def hand_points(self) -> int:
        return sum(points(c, self.face10) for c in self.hand)

    # ------------------------------------------------------------------ names
    @property
    def names(self) -> list[str]:
        """The seats' names as shown now: yours, if it is the default one, and a LAN server's bots ("Bot 2") in
        the current language."""
        names = [seat_name(name) for name in self._names]
        if 0 <= self.me < len(names):
            names[self.me] = shown_name(self._names[self.me])
        return names

    @names.setter
    def names(self, names: list[str]) -> None:
        self._names = list(names)

    def name(self, seat: int) -> Words:
        """"Bạn" / "You" for you (said in the language of the moment), the seat's name otherwise (log lines)."""
        return YOU if seat == self.me else self._other(seat)

    def object_name(self, seat: int) -> Words:
        """"bạn" / "you" for you (in the middle of a sentence), the name otherwise."""
        return YOU_LOWER if seat == self.me else self._other(seat)

    def _other(self, seat: int) -> Words:
        """Another seat's name in a log line (a LAN server's bot said in the language of the moment)."""
        number = bot_number(self._names[seat])
        return self._names[seat] if number is None else phrase(BOT_KEY, number=number)

    # ------------------------------------------------------------------ outcome
    def final_net(self) -> list[int]:
        """Chips each seat won (+) or lost (-) in the game that ended; zeros before the end."""
        return list(self.outcome.net) if self.outcome is not None else [0] * self.n

    def final_points(self) -> list[int]:
        """Points of the cards each seat still held when the game ended; zeros before the end."""
        return list(self.outcome.points) if self.outcome is not None else [0] * self.n

    def label_of(self, seat: int) -> str | None:
        """The seat's standing when the game ended (nhat, mom, u_tron...), None before the end.

        None too for a seat taken by someone else since: the standing was the previous player's.
        """
        if self.outcome is None or seat in self.sat_since_end:
            return None
        return self.outcome.labels[seat] or None

    def carry_from(self, old: TableModel) -> None:
        """Remember, from the model this one replaces, which seats changed hands after the same game ended."""
        if old.game_id != self.game_id or old.outcome is None or self.outcome is None or old.n != self.n:
            return
        changed = {s for s in range(self.n) if old.snap.names[s] != self.snap.names[s]}
        self.sat_since_end = old.sat_since_end | changed


def cards_text(cards: list[int]) -> str:
    return "".join(card_label(c) for c in cards)
