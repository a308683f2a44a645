"""Bugs found by the soak runs, each pinned by the seed that found it."""

from __future__ import annotations

from .randomplay import play_random_game


def test_timed_out_mom_sending_an_eaten_card_empties_the_eaten_row():
    # mom_can_send on: a seat timed out into Móm holding an eaten card, later sent
    # that card on a tái turn; the card stayed in the eaten row (soak seed 10038031).
    seed = 10038031
    st = play_random_game(seed, chaos=0.02, balance=seed % 97 + 3 if seed % 5 == 0 else None)
    assert st.is_over
