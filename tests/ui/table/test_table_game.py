"""Whole games through the table scene, played with real mouse events at the layout's positions.

The player draws by clicking the stock, discards by double-clicking a card,
eats with Ăn, lays the auto-raised phỏm with Hạ, sends with Gửi, reads the
results and starts the next game with Ván mới; after every batch the scene
must show exactly what the engine holds.
"""

from __future__ import annotations

import json

from tala_desktop.engine import Move, MoveKind, parse_card
from tala_desktop.engine.cards import card_label
from tests.ui.table_helpers import (
    Driver,
    cards_drawn,
    check_agrees,
    in_the_air,
    make_services,
    make_table,
    play_my_turn,
    your_move,
)


def _engine_json(drv: Driver) -> str:
    st = drv.table.state
    assert st is not None
    return json.dumps([st.hands, st.piles, st.eaten, len(st.stock), st.phase.value, drv.table.balances])


def test_whole_games_by_mouse_agree_with_the_engine(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=3.0))
    sc = drv.scene
    stats: dict[str, int] = {}
    refused_eaten = False
    games = 0
    for _ in range(40000):
        m = sc.model
        if (not refused_eaten and m is not None and sc.accepting_input and sc.view().highlights.mode == "discard"
                and m.my_eaten):
            before = _engine_json(drv)
            card = m.my_eaten[0]
            drv.double_click(drv.card_pos(card))
            text, _ = sc.status_line()
            assert text == f"Không thể đánh {card_label(card)}: lá đã ăn"
            assert ("hand", card) in sc.view().anim.shakes
            assert _engine_json(drv) == before
            refused_eaten = True
        play_my_turn(drv, stats)
        if sc.model is not None and not sc.playback.waiting and not in_the_air(sc.view()):
            check_agrees(drv)
        overlay = sc.results
        if overlay is not None and sc.stack is not None and sc.stack.top is overlay:
            out = drv.table.state.outcome
            assert overlay.winner == out.winner
            assert sc.model.is_over and sc.model.label_of(out.winner) == out.labels[out.winner]
            assert [sc.model.final_net()[s] for s in range(4)] == list(out.net)
            assert sc.model.reveal is not None and all(len(h) == c for h, c in
                                                       zip(sc.model.reveal, sc.model.counts))
            drv.step(20)
            drv.draw()
            games += 1
            if games >= 2 and all(stats.get(k, 0) for k in ("eat", "lay", "send", "draw", "discard")):
                break
            game_id = sc.model.game_id
            drv.click(overlay.new_button.rect.center)
            assert sc.stack.top is sc
            drv.until(lambda gid=game_id: sc.model.game_id == gid + 1)
            assert drv.table.state.leader == out.winner
        drv.step()
    assert games >= 2
    assert refused_eaten
    for kind in ("eat", "lay", "send", "draw", "discard"):
        assert stats.get(kind, 0) > 0, f"the game never needed a {kind}: {stats}"
    drv.scene.close()
    assert drv.client.closed


def test_sort_button_cycles_phom_suit_and_rank_order(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.model.my_turn)
    sc.hand.set_order(sorted(cards_drawn(sc.view()), reverse=True))     # your own arrangement
    drv.click_button("sort")
    m = sc.model
    from tala_desktop.ui.table import lay_assist
    assert cards_drawn(sc.view()) == lay_assist.sort_by_phom(m.hand, m.eaten_mask)
    drv.click_button("sort")
    assert cards_drawn(sc.view()) == lay_assist.sort_by_suit(m.hand)
    drv.click_button("sort")                                  # a third order: by rank
    assert cards_drawn(sc.view()) == lay_assist.sort_by_rank(m.hand) and sc.status_line()[0] == "Xếp theo số"
    drv.click_button("sort")                                  # and round again
    assert cards_drawn(sc.view()) == lay_assist.sort_by_phom(m.hand, m.eaten_mask)
    sc.close()


def test_drag_reorders_and_drag_up_discards(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")  # you lead: discard first
    first = cards_drawn(sc.view())[0]
    last_rect = sc.view().hand.rect_of(cards_drawn(sc.view())[-1])
    drv.drag(drv.card_pos(first), (last_rect.right - 5, last_rect.centery))
    assert cards_drawn(sc.view())[-1] == first
    assert len(drv.table.state.piles[0]) == 0
    card = next(c for c in cards_drawn(sc.view()) if c in sc.model.discardable())
    drv.drag(drv.card_pos(card), (drv.card_pos(card)[0], sc.layout.hand_top() - 200))
    drv.until(lambda: not sc.playback.waiting and sc.model.piles[0] == [card])
    assert drv.table.state.piles[0] == [card]
    sc.close()


def test_refusals_shake_and_explain_without_touching_the_table(pg, fonts):
    drv = Driver(make_table(seed=9, levels=("easy", "easy", "easy")), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    card = cards_drawn(sc.view())[0]
    drv.double_click(drv.card_pos(card))  # a legal discard: the lead
    drv.until(lambda: sc.model.to_move != 0)
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "take")
    before = _engine_json(drv)
    card = cards_drawn(sc.view())[0]
    drv.double_click(drv.card_pos(card))
    assert sc.status_line()[0] == "Hãy bốc hoặc ăn trước khi đánh"
    assert ("hand", card) in sc.view().anim.shakes
    assert _engine_json(drv) == before
    # the table's own refusal (an error message) is worded and shakes the card too
    other = cards_drawn(sc.view())[-1]
    sc.send_move(Move(0, MoveKind.DISCARD, card=other), ("discard", other))
    drv.step()
    assert sc.status_line()[0] == "Chưa thể làm việc đó lúc này"
    assert ("hand", other) in sc.view().anim.shakes and your_move(sc.view())    # answered: your buttons are back
    assert _engine_json(drv) == before
    sc.close()


def test_refusal_codes_have_words():
    from tala_desktop.ui.table.guide import error_text

    assert error_text("eaten_card", "cannot discard 7h", parse_card("7h")) == "Không thể đánh 7♥: lá đã ăn"
    assert error_text("cannot_eat", "x", parse_card("Qs")) == "Không thể ăn Q♠: không tạo thành phỏm"
    assert error_text("strange", "the table says no", None) == "Nước đi này không được. Hãy thử nước khác."  # never raw


def test_hint_reason_shows_in_the_status_line(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.model.my_turn)
    drv.click_button("hint")
    drv.step(2)
    text, _ = sc.status_line()
    assert text.startswith("Gợi ý: đánh ")
    assert any(colour == (255, 255, 255) for colour in sc.view().highlights.outline.values())
    sc.close()
