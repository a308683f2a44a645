"""Table layout: for 2, 3 and 4 seats at 1280x720 and 1920x1080 nothing overlaps and everything is on screen."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tala_desktop.ui.table.layout import MAX_EATEN, MAX_PHOM, MAX_PILE, PHOM_CARDS, WATCHING, TableLayout

SIZES = [(1280, 720), (1920, 1080)]


def _all_card_rects(L: TableLayout) -> dict[str, list[pygame.Rect]]:
    """Every card at its fullest: hands of 10, piles of 4, eaten rows of 3, three laid phỏm of 5."""
    out: dict[str, list[pygame.Rect]] = {"hand": L.hand_rects(10)}
    out["hand.raised"] = [r.move(0, -L.raise_px - L.hover_px) for r in L.hand_rects(10)]
    for s in range(L.n):
        out[f"seat{s}.pile"] = L.pile_rects(s, MAX_PILE)
        out[f"seat{s}.laid"] = [r for group in L.laid_rects(s, [PHOM_CARDS] * MAX_PHOM) for r in group]
        out[f"seat{s}.laid_groups"] = L.laid_group_rects(s, [PHOM_CARDS] * MAX_PHOM)
        if s != L.my_seat:
            out[f"seat{s}.eaten"] = L.eaten_rects(s, MAX_EATEN)
            out[f"seat{s}.backs"] = L.backs_rects(s, 9)
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("me", [0, 1])
def test_regions_do_not_overlap_and_are_on_screen(pg, size, n, me):
    L = TableLayout(size, n, me)
    screen = pygame.Rect((0, 0), size)
    regions = L.regions()
    for name, rect in regions.items():
        assert rect.w > 0 and rect.h > 0, name
        assert screen.contains(rect), f"{name} {rect} is off a {size} screen"
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} ({n} seats, {size})"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_card_sits_inside_its_region_on_screen(pg, size, n):
    L = TableLayout(size, n, 0)
    screen = pygame.Rect((0, 0), size)
    regions = L.regions()
    for name, rects in _all_card_rects(L).items():
        assert rects, name
        region = regions["hand"] if name.startswith("hand") else regions[name.split("_")[0]]
        for r in rects:
            assert screen.contains(r), f"{name}: {r} off screen"
            assert region.contains(r), f"{name}: {r} outside its region {region}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_buttons_are_on_screen_apart_and_clear_of_the_hand(pg, size, n):
    L = TableLayout(size, n, 0)
    screen = pygame.Rect((0, 0), size)
    for a, b in itertools.combinations(L.buttons, 2):
        assert not a.colliderect(b)
    for b in L.buttons:
        assert screen.contains(b)
        assert not b.colliderect(L.hand_area())
        assert b.h >= 40 * L.scale - 1  # big enough to hit


def test_seats_go_round_by_turn_order():
    assert [TableLayout((1280, 720), 4, 0).slot_of(s) for s in range(4)] == ["bottom", "right", "top", "left"]
    assert [TableLayout((1280, 720), 4, 2).slot_of(s) for s in range(4)] == ["top", "left", "bottom", "right"]
    assert [TableLayout((1280, 720), 3, 1).slot_of(s) for s in range(3)] == ["left", "bottom", "right"]
    assert [TableLayout((1280, 720), 2, 1).slot_of(s) for s in range(2)] == ["top", "bottom"]


def test_your_hand_is_large_and_scales_with_the_window():
    small, big = TableLayout((1280, 720), 4, 0), TableLayout((1920, 1080), 4, 0)
    assert small.hand_card[1] >= 720 / 5 - 5
    assert big.hand_card[1] == pytest.approx(small.hand_card[1] * 1.5, abs=2)
    assert small.table_card[0] < small.hand_card[0]
    rects = small.hand_rects(10)
    assert all(b.x > a.x for a, b in zip(rects, rects[1:]))


def test_laid_phom_squeeze_when_sends_make_them_long():
    L = TableLayout((1280, 720), 4, 0)
    groups = L.laid_group_rects(1, [9, 5, 5])
    area = L.seat(1).laid
    assert all(area.contains(g) for g in groups)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(groups, 2))


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        TableLayout((1280, 720), 5, 0)
    with pytest.raises(ValueError):
        TableLayout((1280, 720), 3, 3)


@pytest.mark.parametrize("size", [(1024, 600), *SIZES])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_thinking_bubble_is_on_screen_and_beside_its_avatar(pg, size, n):
    L = TableLayout(size, n, 0)
    screen = pygame.Rect((0, 0), size)
    for s in range(n):
        bubble = L.thinking_rect(s)
        assert screen.contains(bubble), f"seat {s} ({L.slot_of(s)}): {bubble} leaves a {size} screen"
        assert bubble.inflate(L.px(12), L.px(12)).colliderect(L.seat(s).avatar)
        assert not bubble.colliderect(L.seat(s).plate)


@pytest.mark.parametrize("size", SIZES + [(1280, 960), (1680, 720)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_watcher_sees_seat_0_at_the_bottom_drawn_like_the_others(pg, size, n):
    L = TableLayout(size, n, WATCHING)
    assert L.slot_of(0) == "bottom" and [L.slot_of(s) for s in range(n)] == [
        TableLayout(size, n, 0).slot_of(s) for s in range(n)]
    screen = pygame.Rect((0, 0), size)
    regions = L.regions()
    assert "hand" not in regions and "seat0.backs" in regions and "seat0.eaten" in regions
    for name, rect in regions.items():
        assert screen.contains(rect), f"{name} {rect} is off a {size} screen"
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} ({n} seats, {size})"
    for name, rects in _all_card_rects(L).items():
        if name.startswith("hand"):
            continue
        assert rects, name
        for r in rects:
            assert regions[name.split("_")[0]].contains(r), f"{name}: {r} outside its region"
    with pytest.raises(ValueError):
        TableLayout(size, n, -2)
