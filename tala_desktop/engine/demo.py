"""Text-mode demo: one game between random agents, printed move by move, then the outcome table.

``python -m tala_desktop.engine.demo [--seed 7] [--players 4] [--preset zingplay]``
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from .cards import card_label, cards_of
from .events import Ate, Drew, Moved, Payment
from .moves import DISCARD, LAY, SEND, UKHAN, Move, U
from .rules import PRESETS, Rules
from .state import GameState

LABELS_VI = {
    "nhat": "Nhất", "nhi": "Nhì", "ba": "Ba", "bet": "Bét", "mom": "Móm", "u": "Ù",
    "u_tron": "Ù tròn", "u_khan": "Ù khan", "den": "Đền", "lose": "Thua",
}


def choose(moves: list[Move], rng: random.Random) -> Move:
    """A random agent that still declares Ù and prefers laying something over Móm."""
    for m in moves:
        if m.kind in (U, UKHAN):
            return m
    lays = [m for m in moves if m.kind == LAY]
    if lays:
        best = max(len(m.melds) for m in lays)
        return rng.choice([m for m in lays if len(m.melds) == best])
    return rng.choice(moves)


def move_text(m: Move) -> str:
    """A move with its cards written as in the hands (K♦, not Kd)."""
    head = f"{m.seat} {m.kind}"
    if m.kind == DISCARD:
        return f"{head} {card_label(m.card)}"
    if m.kind == LAY:
        melds = ["-".join(card_label(c) for c in cards_of(meld)) for meld in m.melds]
        return " ".join([head, *melds]) if melds else f"{head} (Móm: no phỏm)"
    if m.kind == SEND:
        return f"{head} {card_label(m.card)} to seat {m.target}'s phỏm"
    return head


def hand_text(st: GameState, seat: int) -> str:
    return " ".join(card_label(c) for c in cards_of(st.hands[seat]))


def play(seed: int, players: int, preset: str, out: TextIO | None = None) -> GameState:
    out = sys.stdout if out is None else out  # looked up at call time: the stream may have been replaced
    rules = Rules.from_preset(preset, players)
    rng = random.Random(seed)
    st = GameState.new(rules, seed=seed, leader=0)
    print(f"Tá Lả demo: seed {seed}, {players} players, preset {preset}", file=out)
    for s in range(players):
        print(f"  seat {s}: {hand_text(st, s)}", file=out)
    while not st.is_over:
        move = choose(st.legal_moves(), rng)
        before = len(st.events or [])
        st.push(move)
        extra = []
        for e in (st.events or [])[before:]:
            if isinstance(e, Drew) and e.card is not None:
                extra.append(f"drew {card_label(e.card)}")
            elif isinstance(e, Ate):
                extra.append(f"ate {card_label(e.card)} from seat {e.victim}" + (" (chốt)" if e.chot else ""))
            elif isinstance(e, Moved):
                extra.append(f"{card_label(e.card)} moves from seat {e.from_seat}'s pile to seat {e.to_seat}'s")
            elif isinstance(e, Payment) and e.amount:
                extra.append(f"seat {e.from_seat} pays seat {e.to_seat} {e.amount} ({e.reason})")
        print(f"{move_text(move):<40} {'; '.join(extra)}", file=out)
    o = st.outcome
    assert o is not None
    print(f"\nOutcome: {o.kind}, winner seat {o.winner}" + (f", đền by seat {o.den}" if o.den is not None else ""),
          file=out)
    print(f"{'seat':<6}{'label':<10}{'points':>7}{'net':>6}  hand", file=out)
    for s in range(players):
        print(f"{s:<6}{LABELS_VI[o.labels[s]]:<10}{o.points[s]:>7}{o.net[s]:>6}  {hand_text(st, s)}", file=out)
    return st


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tala_desktop.engine.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=None,
                        help="the deal and the agents' choices; the same seed replays the same game "
                             "(default: a new random seed, printed in the first line)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4, help="players at the table (default 4)")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="zingplay",
                        help="the rules preset (default zingplay)")
    args = parser.parse_args(argv)
    seed = random.SystemRandom().randrange(1, 1_000_000) if args.seed is None else args.seed
    play(seed, args.players, args.preset)
    return 0


if __name__ == "__main__":
    sys.exit(main())
