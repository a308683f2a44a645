"""Your side of the table: Xếp bài stays put while cards fly, a click on the stock after drawing says why, the Điểm
counter shows what your cards would count now, and your seat wears the profile's avatar."""

from __future__ import annotations

import pygame

from tala_desktop.store import Store
from tala_desktop.ui.art.avatars import avatar_colour, disc
from tala_desktop.ui.art.theme import AVATAR_COLOURS
from tala_desktop.ui.core.i18n import tr
from tests.ui.table_helpers import Driver, make_services, make_table
from tests.ui.table_positions import (
    EAT_HANDS,
    EAT_MOVES,
    SEND_DRAWS,
    SEND_HANDS,
    SEND_LAY,
    SEND_MOVES,
    deal_table,
    play,
)


def test_the_sort_button_stays_put_while_the_others_play(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "discard")
    rect = pygame.Rect(drv.button("sort"))
    card = next(c for c in sc.hand.order if c in sc.model.discardable())
    drv.double_click(drv.card_pos(card))
    seen_flights = 0
    for _ in range(150):                                   # your discard flies, then the bots play theirs
        drv.step()
        seen_flights += bool(sc.view().anim.flights)
        assert drv.button("sort") == rect
    assert seen_flights > 10
    sc.close()


def test_clicking_the_stock_after_taking_says_why(pg, fonts):
    table = deal_table(EAT_HANDS)
    drv = Driver(table, make_services(fonts, speed=0.0))
    play(table, [*EAT_MOVES, "0 draw"])
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "discard")
    before = len(table.state.history)
    drv.click(sc.layout.stock.center)
    assert sc.status_line()[0] == tr("status.already_took", next=tr("next.discard"))
    assert len(table.state.history) == before
    sc.close()


def test_the_points_counter_counts_only_the_cards_that_would_count(pg, fonts):
    table = deal_table(SEND_HANDS, SEND_DRAWS)
    drv = Driver(table, make_services(fonts, speed=0.0))
    play(table, SEND_MOVES)                               # 9♠9♣9♦ make a phỏm: the rest is trash
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "lay")
    # A♣ 2♦ 3♥ 4♥ 5♣ 8♦ K♥ = 1+2+3+4+5+8+13
    assert sc.highlights.points == 36 and sc.model.hand_points() == 36 + 27
    play(table, [SEND_LAY])
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "send")
    assert sc.highlights.points == 36
    sc.close()


def test_your_seat_wears_the_profile_avatar(pg, fonts, tmp_path):
    store = Store(tmp_path)
    try:
        store.set_avatar(5)
        services = make_services(fonts, speed=0.0)
        services.store = store
        drv = Driver(make_table(seed=3), services)
        sc = drv.scene
        drv.until(lambda: sc.model is not None)
        frame = drv.draw()
        g = sc.layout.seat(sc.model.me)
        r = g.avatar_radius
        name = sc.model.names[sc.model.me]
        face = disc(name, AVATAR_COLOURS[5], 2 * r, fonts, (255, 255, 255))
        plain = disc(name, avatar_colour(name), 2 * r, fonts)          # the look of a name without a profile
        spot = (r // 2, r // 2)
        drawn = frame.get_at((g.avatar_centre[0] - r + spot[0], g.avatar_centre[1] - r + spot[1]))

        def near(a, b) -> bool:
            return max(abs(x - y) for x, y in zip(a[:3], b[:3])) <= 6

        assert near(drawn, face.get_at(spot)) and not near(drawn, plain.get_at(spot))
        assert sc.view().look_of(1) is None
        sc.close()
    finally:
        store.close()


def test_the_header_opens_settings_and_rules_over_the_table_and_mutes(pg, fonts, monkeypatch):
    from tala_desktop.ui.core.pages import Pages
    from tala_desktop.ui.core.scene import Scene

    class Page(Scene):
        def handle_event(self, event: pygame.event.Event) -> None:
            if event.type == pygame.KEYDOWN and self.stack is not None:
                self.stack.pop()

    services = make_services(fonts, speed=0.0)
    opened: list[str] = []
    services.pages = Pages(settings=lambda: opened.append("settings") or Page(),
                           rules=lambda: opened.append("rules") or Page())
    drv = Driver(make_table(seed=3, seconds=30), services)
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    view = sc.view()
    assert [b.label for b in view.controls] == [tr("icon.menu"), "⚙", "?", "♪"]
    assert view.words.rules == tr("setup.preset.zingplay")   # the rule set is named in the header
    drawn: list[str] = []
    text = sc.painter.text
    with monkeypatch.context() as spy:                     # the words the frame draws
        spy.setattr(sc.painter, "text", lambda words, *a, **k: drawn.append(words) or text(words, *a, **k))
        frame = drv.draw()
    assert tr("setup.preset.zingplay") in drawn
    settings, rules, sound = view.controls[1:]
    left = sc.clock_remaining(0)[0]
    drv.click(settings.rect.center)
    assert opened == ["settings"] and isinstance(drv.stack.top, Page)
    drv.step(60)
    assert sc.clock_remaining(0)[0] == left                   # the table waits under the page
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step()
    assert drv.stack.top is sc
    drv.click(rules.rect.center)
    assert opened == ["settings", "rules"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step()
    volume = services.settings.sound_volume
    drv.click(sound.rect.center)
    assert services.settings.sound_volume == 0 and sc.view().controls[3].label == tr("icon.sound_off")
    drv.click(sound.rect.center)
    assert services.settings.sound_volume == volume and sc.view().controls[3].label == tr("icon.sound_on")
    assert frame.get_size() == (1280, 720)
    sc.close()


def test_the_rule_set_name_follows_the_preset():
    from tala_desktop.ui.table.words import rule_set_name

    assert rule_set_name("zingplay") == "Zingplay"
    assert rule_set_name("co_ban") == "Cơ bản"
    assert rule_set_name("custom") == rule_set_name("house") == "Tùy chỉnh"


def test_raising_a_card_that_needs_a_chain_raises_the_chain_and_sends_it_in_order(pg, fonts):
    from tests.ui.table_positions import cards

    table = deal_table(SEND_HANDS, SEND_DRAWS)
    drv = Driver(table, make_services(fonts, speed=0.0))
    play(table, [*SEND_MOVES, SEND_LAY])                  # 4♠4♣4♦ and 5♥6♥7♥ laid; you hold 3♥ 4♥
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "send")
    three, four = cards("3h 4h")
    for c in (three, four):                               # lower both
        drv.click(drv.card_pos(c))
        drv.step(15)
    assert not sc.hand.raised
    drv.click(drv.card_pos(three))                        # 3♥ fits only after 4♥ goes onto the run
    assert sc.hand.raised == {three, four}
    assert sc.status_line()[0] == tr("status.send_chain", card="3♥", helpers="4♥")
    drv.click_button("send")
    drv.until(lambda: not sc.playback.waiting and sc.model.laid[1][1] == cards("3h 4h 5h 6h 7h"))
    assert table.state.laid[1][1].cards() == cards("3h 4h 5h 6h 7h")
    sc.close()
