"""Each level's signature behaviour, pinned on hand-built positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.bots import make_bot
from tala_desktop.engine import GameState, Move, Phase, Rules, parse_card
from tala_desktop.engine.melds import Phom
from tala_desktop.engine.state import TurnKind

SIM = str(Path(__file__).resolve().parents[2] / "bench" / "sim.py")


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def position(rules: Rules, my_hand: str, piles: dict[int, str], seed: int = 1) -> GameState:
    """Seat 0 to discard after drawing, with the given public piles; other cards dealt at random."""
    import random
    mine = cards(my_hand)
    pile_cards = {s: cards(t) for s, t in piles.items()}
    used = set(mine) | {c for p in pile_cards.values() for c in p}
    rest = [c for c in range(52) if c not in used]
    random.Random(seed).shuffle(rest)
    n = rules.players
    hands = [mine[:10]] + [rest[9 * i: 9 * i + 9] for i in range(n - 1)]
    stock = rest[9 * (n - 1):] + [c for p in pile_cards.values() for c in p]
    st = GameState.from_deal(rules, hands, stock, 0)
    for s, p in pile_cards.items():  # move the named cards onto the piles, as if discarded earlier
        for c in p:
            st.stock.remove(c)
            st.piles[s].append(c)
            st.thrown[s].append(c)
    st.hands[0] = 0
    for c in mine:
        st.hands[0] |= 1 << c
    st.phase, st.turn_kind, st.took, st.u_open = Phase.DISCARD, TurnKind.NORMAL, True, False
    st.ukhan_open = [False] * n
    return st


def test_normal_throws_the_dead_card_not_the_one_the_next_seat_may_eat():
    # face_value_10: J♠ and K♥ are both worth 10. Every card that could make a phỏm with J♠ is
    # already on the table (dead); K♥ still has live partners, so the next seat might eat it.
    rules = Rules(face_value_10=True, preset="custom")
    st = position(rules, "Js Kh 2c 2d 2h 5s 6s 7s 4c 9d",
                  {1: "Jc Jd Jh 10s", 2: "Qs 9s", 3: "Ks Ac"})
    d = make_bot("normal", 1).decide(st.view(0))
    assert d.move == Move(0, "discard", card=parse_card("Js")), d
    e = make_bot("easy", 1)
    e.randomness = 0.0
    assert e.decide(st.view(0)).move == Move(0, "discard", card=parse_card("Kh"))  # Easy: highest trash, ♥ first


def test_normal_keeps_a_live_ca_and_throws_the_isolated_high_card():
    st = position(Rules(), "7h 8h 2c 2d 2s 5s 6s 7s Qc 4d", {1: "9c", 2: "3h"})
    d = make_bot("normal", 1).decide(st.view(0))
    assert d.move.kind == "discard" and d.move.card == parse_card("Qc"), d
    assert d.reason.key == "bot.keep_ca" and "7♥" in d.reason.args["cards"] and "8♥" in d.reason.args["cards"]


def test_normal_lays_the_arrangement_that_leaves_the_most_sendable_cards():
    # J♣-Q♣-K♣ leaves J♥ J♦ (22 points); the set J♣-J♦-J♥ leaves Q♣ K♣ (25), but seats 1 and 2
    # have laid Q♠-Q♥-Q♦ and K♠-K♥-K♦, so both can be sent. Easy takes the fewer points now.
    def mask(text: str) -> int:
        return sum(1 << c for c in cards(text))

    st = position(Rules(), "Jc Qc Kc Jh Jd 2s 3s 4s 6h 7d", {1: "5c 5d 8h", 2: "2c 3c 4h", 3: "10c Ac 9s"})
    for c in cards("Qs Qh Qd Ks Kh Kd"):  # those six cards are on the table, not in a hand or the stock
        for s in range(1, 4):
            st.hands[s] &= ~(1 << c)
        if c in st.stock:
            st.stock.remove(c)
    st.laid[1], st.lay_order[1] = [Phom(mask("Qs Qh Qd"))], 0
    st.laid[2], st.lay_order[2] = [Phom(mask("Ks Kh Kd"))], 1
    st.lays_done = 2
    st.piles[0] = cards("9d 8d 5h")
    st.phase = Phase.LAY
    d = make_bot("normal", 1).decide(st.view(0))
    assert set(d.move.melds) == {mask("2s 3s 4s"), mask("Jc Jh Jd")}, d
    sends = d.reason.args
    assert d.reason.key == "bot.lay_then_send" and "Q♣" in sends["cards"] and "K♣" in sends["cards"]
    assert sends["points"] == 13  # 6♥ 7♦ left
    easy = make_bot("easy", 1)
    assert set(easy.decide(st.view(0)).move.melds) == {mask("2s 3s 4s"), mask("Jc Qc Kc")}


def test_normal_passes_up_an_eat_that_breaks_its_phom():
    # 7♠ makes the set 7♠-7♥-7♣, but 7♥ ends the run 5♥-6♥-7♥ and 7♣ starts 7♣-8♣-9♣: eating
    # would trade two phỏm for one and leave 5♥ 6♥ 8♣ 9♣ as trash. Normal draws; Easy eats
    # whatever makes a phỏm.
    mine = cards("5h 6h 7h 7c 8c 9c 2s 4d Kd")
    leader = cards("7s 4c 5c 10h Jh 8d 2h Kc Qs 5s")
    used = set(mine) | set(leader)
    rest = [c for c in range(52) if c not in used]
    hands = [leader, mine, rest[:9], rest[9:18]]
    st = GameState.from_deal(Rules(), hands, rest[18:], 0)
    st.push(Move(0, "discard", card=parse_card("7s")))
    assert any(m.kind == "eat" for m in st.legal_moves())
    d = make_bot("normal", 1).decide(st.view(1))
    assert d.move.kind == "draw" and d.reason.key == "bot.eat_would_lock", d
    assert make_bot("easy", 1).decide(st.view(1)).move.kind == "eat"


def test_easy_eats_whenever_a_phom_is_offered():
    hands = [cards("5h 9c Jd Qs Kc 2d 4s 6c 8d 10h"), cards("5s 5c As 3d 7h 9s Jh Qd Kd"),
             cards("2c 3c 4c 6d 7d 8s 10s Js Qh"), cards("Ac Ad 2s 3s 4d 6h 7c 8h 9d")]
    used = {c for h in hands for c in h}
    st = GameState.from_deal(Rules(), hands, [c for c in range(52) if c not in used], 0)
    st.push(Move(0, "discard", card=parse_card("5h")))
    assert make_bot("easy", 1).decide(st.view(1)).move.kind == "eat"


def test_hard_searches_and_gets_more_samples_with_more_budget():
    st = position(Rules(), "7h 8h 2c 2d 2s 5s 6s 7s Qc 4d", {1: "9c", 2: "3h"})
    few = make_bot("hard", 1, max_samples=3)
    d = few.decide(st.view(0))
    assert st.is_legal(d.move) and few.last_samples == 3
    assert d.reason.args["samples"] == 3
    more = make_bot("hard", 1, max_samples=12)
    more.decide(st.view(0))
    assert more.last_samples == 12


def test_sim_cli_prints_parseable_json():
    pytest.importorskip("tqdm", reason="bench/sim.py needs tqdm: pip install '.[bench]'")
    out = subprocess.run([sys.executable, SIM, "--games", "8", "--seats",
                          "easy,random,normal", "--duplicate", "--json", "--no-progress"],
                         capture_output=True, text=True, timeout=120, check=True)
    data = json.loads(out.stdout)
    assert data["games"] == 6 and len(data["seats"]) == 3
    assert abs(sum(s["mean_net"] for s in data["seats"])) < 1e-9
    for s in data["seats"]:
        lo, hi = s["net_ci95"]
        assert lo <= s["mean_net"] <= hi
    table = subprocess.run([sys.executable, SIM, "--games", "4", "--no-progress"],
                           capture_output=True, text=True, timeout=120, check=True).stdout
    assert "games/s" in table and "win share" in table
