"""The social layer over a real table scene: bubbles at the sender's avatar for 2 s, seat colours, bot answers."""

from __future__ import annotations

from pathlib import Path

import pygame

from tala_desktop.ui.art import theme
from tala_desktop.ui.art.avatars import avatar_colour
from tala_desktop.ui.art.theme import WATCHER_NAME
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.social import bubbles
from tala_desktop.ui.social.bubbles import BUBBLE_SECONDS, POP_SECONDS
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.offline import OfflineChannel
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.social.social_look import BubbleLook
from tala_desktop.ui.table.scene_layer import TableNow
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


class Channel:
    """A channel the test feeds by hand (the LAN one relays the server's lines the same way)."""

    can_chat = True
    times_deals = False

    def __init__(self) -> None:
        self.inbox: list[ChatMessage] = []
        self.chats: list[str] = []
        self.reactions: list[str] = []
        self.watchers: list[str] = []

    def send_chat(self, text: str) -> None:
        self.chats.append(text)

    def send_reaction(self, key: str) -> None:
        self.reactions.append(key)

    def seat_choices(self, between_games: bool) -> list:
        return []

    def between_note(self, between_games: bool, now: float, local_left: float | None = None) -> str:
        return ""

    def held(self) -> bool:
        return False

    def people(self, between_games: bool) -> list:
        return []

    def you_muted(self) -> bool:
        return False

    def poll_chat(self, now: float) -> list[ChatMessage]:
        out, self.inbox = self.inbox, []
        return out


def table_now(sc) -> TableNow:
    """What the table scene ``sc`` shows its layer (no dialog over it)."""
    return TableNow(sc.layout, sc.model)


def shown_bubbles(layer: SocialLayer, sc) -> tuple[BubbleLook, ...]:
    """The bubbles the layer's look over the table scene ``sc`` shows in its next frame, the oldest first."""
    return layer.look(sc.view()).bubbles


def bubble_at(layer: SocialLayer, sc, centre: tuple[int, int]) -> BubbleLook:
    """The bubble shown by the avatar at ``centre``."""
    found = [b for b in shown_bubbles(layer, sc) if b.anchor.centre == centre]
    assert len(found) == 1, (centre, shown_bubbles(layer, sc))
    return found[0]


def started(fonts, **kw) -> Driver:
    drv = Driver(make_table(**kw), make_services(fonts))
    for _ in range(600):
        drv.step()
        if dealt(drv.scene):
            break
    assert drv.scene.model is not None
    return drv


def test_a_reaction_bubbles_at_the_senders_avatar_for_two_seconds(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    layer = SocialLayer(ch, fonts)
    ch.inbox.append(ChatMessage("Lan", 1, reaction="nice"))
    assert layer.update(0.01, table_now(sc))
    g = sc.layout.seat(1)
    popping = bubble_at(layer, sc, g.avatar_centre)
    assert popping.popping and popping.content.words == tr("react.nice")     # said in the language shown
    layer.update(POP_SECONDS, table_now(sc))
    bubble = bubble_at(layer, sc, g.avatar_centre)
    rect = pygame.Rect(bubble.box)
    assert not bubble.popping and bubble.alpha is None
    assert rect.w > popping.box[2] and rect.h > popping.box[3]                # popped in from smaller
    assert bubble.side == "above" and rect.bottom <= g.avatar_centre[1] - g.avatar_radius   # above the avatar ...
    assert abs(rect.centerx - g.avatar_centre[0]) < rect.w                     # ... next to it
    assert pygame.Rect((0, 0), sc.layout.size).contains(rect)                   # ... and on the canvas
    assert layer.look(sc.view()) == layer.look(sc.view())                       # a still frame: the same look
    layer.update(BUBBLE_SECONDS - 0.1 - POP_SECONDS, table_now(sc))
    fading = bubble_at(layer, sc, g.avatar_centre)
    assert fading.alpha is not None and 0 < fading.alpha < 255 and fading.box == bubble.box
    layer.update(0.2, table_now(sc))
    assert shown_bubbles(layer, sc) == ()
    layer.panel.open()
    (row,) = layer.look(sc.view()).panel.open.rows                               # the log keeps it
    assert row.runs[0].text == "Lan:" and row.runs[-1].text == tr("react.nice")
    sc.close()


def test_the_top_seat_bubbles_below_its_avatar_and_a_new_reaction_replaces_the_old(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    layer = SocialLayer(ch, fonts)
    top = next(s for s in range(sc.layout.n) if sc.layout.slot_of(s) == "top")
    ch.inbox += [ChatMessage("Minh", top, reaction="hurry"), ChatMessage("Minh", top, reaction="laugh")]
    layer.update(0.01, table_now(sc))
    layer.update(0.5, table_now(sc))                        # popped in
    g = sc.layout.seat(top)
    (b,) = shown_bubbles(layer, sc)                        # one bubble per sender: the newest
    assert b.content.emote == "laugh" and b.anchor.centre == g.avatar_centre
    assert b.anchor.side == "below"                         # the side it looks for first (the rest: off_cards)
    sc.close()


def test_lines_carry_the_senders_seat_colour_and_watchers_their_own(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    layer = SocialLayer(ch, fonts)
    ch.inbox += [ChatMessage(sc.model.names[2], 2, text="chào"),
                 ChatMessage("Quân", None, text="xem ké", watching=True)]
    layer.update(0.01, table_now(sc))
    layer.panel.open()
    seat_line, watch_line, *_ = layer.look(sc.view()).panel.open.rows   # the names, in their colours
    assert seat_line.runs[0].colour == avatar_colour(sc.model.names[2])
    assert watch_line.runs[0].colour == WATCHER_NAME and watch_line.runs[0].text.startswith("Quân (")
    sc.close()


def test_a_watchers_reaction_bubbles_by_the_watching_label_with_their_name(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    ch.watchers = ["Quân"]
    layer = SocialLayer(ch, fonts)
    ch.inbox.append(ChatMessage("Quân", None, reaction="wow", watching=True))
    layer.update(0.01, table_now(sc))
    layer.update(0.5, table_now(sc))                        # popped in
    (sender, bubble), = layer.bubbles.bubbles.items()
    assert sender == ("watch", "Quân") and bubble.label == "Quân" and bubble.anchor.side == "left"
    (shown,) = shown_bubbles(layer, sc)
    assert shown.content.label == "Quân" and shown.content.emote == "wow"
    rect, label = pygame.Rect(shown.box), layer._watch_hit()
    assert label is not None and not rect.colliderect(layer.panel.toggle_rect)
    assert shown.anchor.centre == (label.x, label.centery)                # its tail points at the label ...
    assert rect.inflate(2 * bubbles.GAP, 2 * bubbles.GAP).collidepoint(shown.anchor.centre)   # ... from by it
    sc.close()


def test_the_layer_takes_keys_while_typing_and_leaves_the_rest_to_the_table(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    layer = SocialLayer(ch, fonts)
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert not layer.handle_event(esc)                      # closed: Esc opens the table's pause menu
    assert layer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert layer.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Ván này căng đấy"))
    assert layer.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert ch.chats == ["Ván này căng đấy"]
    sc.close()


def test_offline_your_reaction_shows_and_a_bot_may_answer_it(fonts):
    drv = started(fonts)
    sc = drv.scene
    channel = OfflineChannel(drv.table, 0, seed=3)
    channel.banter.chance = 1.0
    layer = SocialLayer(channel, fonts)
    assert layer.panel.field is None                          # offline: reactions only
    channel.send_reaction("gg")
    layer.update(0.01, table_now(sc))
    assert 0 in layer.bubbles.bubbles
    mine = layer.panel.entries[0].message
    assert mine.mine and mine.seat == 0 and mine.reaction == "gg"
    for _ in range(100):
        layer.update(0.05, table_now(sc))
    answers = [e.message for e in layer.panel.entries[1:]]
    assert len(answers) == 1 and answers[0].seat in (1, 2, 3) and answers[0].reaction in ("gg", "again")
    assert answers[0].name == drv.table.names[answers[0].seat]
    channel.send_reaction("not_a_reaction")                    # only the fixed set is ever sent
    assert channel.poll_chat(99.0) == []
    sc.close()


def test_frames_with_the_chat_open_and_a_bubble_in_both_languages(fonts):
    ARTIFACTS.mkdir(exist_ok=True)
    frames = {}
    for lang in ("vi", "en"):
        set_language(lang)
        drv = started(fonts)
        sc, ch = drv.scene, Channel()
        ch.watchers = ["Quân"]
        layer = SocialLayer(ch, fonts)
        ch.inbox += [ChatMessage("Lan", 1, text="Chào cả nhà, tối nay chơi đến mấy giờ thế?"),
                     ChatMessage("Quân", None, text="Cho mình xem với", watching=True),
                     ChatMessage("Minh", 2, reaction="laugh"),
                     ChatMessage("Bạn", 0, text="Đánh nhanh lên nào!", mine=True),
                     ChatMessage("Hùng", 3, reaction="gg")]
        layer.update(0.01, table_now(sc))
        layer.panel.open()
        layer.update(0.5, table_now(sc))                                   # bubbles popped in
        surface = drv.draw()
        layer.draw(surface, layer.look(sc.view()))
        pygame.image.save(surface, str(ARTIFACTS / f"table_chat_{lang}.png"))
        frames[lang] = surface.copy()
        bubbles = {sender: b.anchor for sender, b in layer.bubbles.bubbles.items()}
        sc.close()
        assert {0, 1, 2, 3} <= set(bubbles)                        # the lines and reactions of every seat
        for anchor in bubbles.values():                            # each bubble drawn by its seat, on paper
            near = pygame.Rect(0, 0, 2 * anchor.radius + 260, 2 * anchor.radius + 200)
            near.center = anchor.centre
            near = near.clip(surface.get_rect())
            paper = sum(tuple(surface.get_at((x, y)))[:3] == theme.BUBBLE_FILL
                        for x in range(near.x, near.right, 2) for y in range(near.y, near.bottom, 2))
            assert paper > 10, (lang, anchor, paper)               # (the emote covers most of its bubble)
    vi, en = frames["vi"], frames["en"]
    panel = layer.panel.rect
    changed = sum(vi.get_at((x, y)) != en.get_at((x, y))
                  for x in range(panel.x, panel.right, 4) for y in range(panel.y, panel.bottom, 4))
    assert changed > 100                                        # the panel's texts follow the language
    glass = sum(all(abs(a - b) <= 12 for a, b in zip(vi.get_at((x, y))[:3], theme.CHAT_FILL[:3]))
                for x in range(panel.x, panel.right, 4) for y in range(panel.y, panel.bottom, 4))
    assert glass > 0.3 * (panel.w // 4) * (panel.h // 4)         # the panel's dark glass under its lines
