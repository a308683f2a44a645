"""New-game setup: validation of the choices, editing names by typing, and the offline table the choices build."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.table import BOT, HUMAN
from tala_desktop.table.messages import Snapshot
from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.shared.new_game import (
    BASE_THINK_DELAY,
    BotChoice,
    GameChoices,
    build_client,
    selftest_config,
    table_config,
    think_delay,
)
from tala_desktop.ui.shared.run_state import RunState
from tests.ui.app_helpers import inline_desktop


@pytest.fixture
def app(pg):
    made = inline_desktop((1280, 720)).app
    pygame.event.clear()
    yield made
    made.shutdown()


@pytest.fixture
def page(app):
    started: list[GameChoices] = []
    scene = SetupScene(app.services, RunState(), started.append)
    scene.started = started
    app.stack.push(scene)
    app.frame()
    return scene


def post(app, etype: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(etype, **attrs))
    app.frame()


def click(app, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_default_choices_are_a_full_table_of_named_normal_bots():
    c = GameChoices()
    assert c.players == 4 and [b.name for b in c.bots] == ["Lan", "Minh", "Hùng"]
    assert {b.level for b in c.bots} == {"normal"}
    assert c.errors("Bạn") == []


@pytest.mark.parametrize("players", [1, 5])
def test_a_table_has_two_to_four_players(players):
    assert GameChoices(players=players).errors("Bạn")


def test_names_must_be_present_short_and_unique():
    c = GameChoices()
    c.bots[0].name = "  "
    c.bots[1].name = "x" * 15
    c.bots[2].name = "bạn"                    # the same as the player, ignoring case
    problems = c.problems("Bạn")
    assert [seat for seat, _ in problems] == [1, 2, 3]
    c.players = 2                             # the bots that do not play are not checked
    c.bots[0].name = "Lan"
    assert c.errors("Bạn") == []


def test_bad_enumerations_are_programming_errors():
    with pytest.raises(ValueError):
        BotChoice("Lan", "grandmaster")
    with pytest.raises(ValueError):
        GameChoices(preset="house")


def test_the_table_config_puts_the_human_at_seat_0_and_the_bots_after():
    c = GameChoices(players=3, bet=200, turn_seconds=0, preset="co_ban")
    c.bots[0].level, c.bots[1].level = "easy", "hard"
    config = table_config(c, "Nam", animation_speed=2.0, seed=9)
    assert [(s.name, s.kind, s.balance) for s in config.seats] == [
        ("Nam", HUMAN, 10_000), ("Lan", BOT, 10_000), ("Minh", BOT, 10_000)]
    assert [s.level for s in config.seats[1:]] == ["easy", "hard"]
    assert config.bet == 200 and config.seed == 9
    assert config.rules.players == 3 and config.rules.turn_seconds == 0 and config.rules.preset == "co_ban"
    assert not config.rules.u_khan                     # the co_ban preset really applied
    assert config.think_delay == pytest.approx(BASE_THINK_DELAY / 2)
    with pytest.raises(ValueError):
        table_config(GameChoices(players=5), "Nam")


def test_think_delay_follows_the_animation_speed():
    assert think_delay(1.0) == pytest.approx(0.8)
    assert think_delay(0.5) == pytest.approx(1.6)
    assert 0 < think_delay(0.0) < 0.8                 # instant animations: bots still take a beat


def test_the_built_client_hosts_a_real_game():
    client = build_client(table_config(GameChoices(players=2), "Nam", seed=4), runner=InlineRunner())
    try:
        client.start(0.0)
        snaps = [m for m in client.poll(0.0) if isinstance(m, Snapshot)]
        assert snaps and snaps[-1].names == ["Nam", "Lan"] and snaps[-1].seat == 0
        assert len(snaps[-1].hand) == 10                # seat 0 leads the first game
    finally:
        client.close()


def test_the_selftest_table_is_four_bots():
    config = selftest_config(seed=1)
    assert [s.kind for s in config.seats] == [BOT] * 4
    assert [s.level for s in config.seats] == ["normal", "easy", "normal", "hard"]
    assert config.think_delay == 0.0 and config.hard_budget_ms < 100


def test_players_choice_shows_only_the_rows_in_play(app, page):
    click(app, page.players.rect_of(2).center)
    assert page.choices.players == 2
    assert [f.visible for f in page.name_fields] == [True, False, False]
    assert [p.visible for p in page.level_pickers] == [True, False, False]
    click(app, page.players.rect_of(3).center)
    assert [f.visible for f in page.name_fields] == [True, True, False]


def test_typing_a_name_and_an_empty_name_disables_start(app, page):
    field = page.name_fields[0]
    click(app, field.rect.center)
    assert field.focused
    for _ in range(3):
        post(app, pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
    assert field.text == "" and page.choices.bots[0].name == ""
    assert not page.start_button.enabled and field.error and page.errors
    click(app, page.start_button.rect.center)
    assert page.started == [] and not field.focused     # a click elsewhere ends the typing
    click(app, field.rect.center)
    post(app, pygame.TEXTINPUT, text="Tuấn")
    assert page.choices.bots[0].name == "Tuấn" and page.start_button.enabled and not field.error
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert not field.focused and app.stack.top is page   # Esc while typing only ends the typing


def test_a_name_longer_than_the_limit_is_cut(app, page):
    field = page.name_fields[1]
    click(app, field.rect.center)
    post(app, pygame.TEXTINPUT, text="Nguyễn Thị Minh Khai")
    assert len(field.text) <= 14


def test_start_hands_over_the_chosen_table(app, page):
    click(app, page.players.rect_of(3).center)
    click(app, page.level_pickers[1].rect_of("hard").center)
    click(app, page.bet.rect_of(500).center)
    click(app, page.seconds.rect_of(0).center)
    click(app, page.preset.rect_of("co_ban").center)
    click(app, page.start_button.rect.center)
    assert len(page.started) == 1
    c = page.started[0]
    assert (c.players, c.bet, c.turn_seconds, c.preset) == (3, 500, 0, "co_ban")
    assert [b.level for b in c.active_bots] == ["normal", "hard"]
    s = app.services.settings                      # remembered for the next setup of this session
    assert (s.default_bet, s.turn_seconds, s.default_preset) == (500, 0, "co_ban")
    again = SetupScene(app.services, page.run, lambda c: None)  # the same run
    assert again.choices.players == 3 and again.choices.bots[1].level == "hard"
