"""The table's chat panel: the toggle and its unread count, typing Vietnamese, sending, reactions, scrolling back."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.table.reactions import EMOTES, PHRASES
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.social.chat_lines import ChatEntry, ChatLines, ChatRowImages, wrap
from tala_desktop.ui.social.chat_panel import MAX_ENTRIES, ChatPanel
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.social.social_look import ChatPanelLook, box_of
from tests.ui.social.views import draw_panel, painter

CANVAS = (1280, 720)


def click(panel: ChatPanel, pos: tuple[int, int]) -> bool:
    down = panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    up = panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return down or up


def key(panel: ChatPanel, k: int) -> bool:
    return panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def type_text(panel: ChatPanel, text: str) -> bool:
    return panel.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def line(name: str = "Lan", text: str = "chào", seat: int | None = 1, **kw) -> ChatEntry:
    return ChatEntry(ChatMessage(name=name, seat=seat, text=text, **kw), (200, 100, 100))


@pytest.fixture
def panel(fonts):
    sent: list[str] = []
    reacted: list[str] = []
    p = ChatPanel(fonts, CANVAS, on_react=reacted.append, on_chat=sent.append)
    p.sent, p.reacted = sent, reacted
    return p


def test_the_toggle_opens_and_closes_and_lines_arriving_closed_count_as_unread(panel):
    assert not panel.is_open and panel.unread == 0
    panel.add(line())
    panel.add(line("Minh", "ván này căng"))
    panel.add(line("Bạn", "ok", seat=0, mine=True))          # your own line is never unread
    assert panel.unread == 2
    assert click(panel, panel.toggle_rect.center)
    assert panel.is_open and panel.unread == 0
    panel.add(line())                                         # read as it arrives
    assert panel.unread == 0
    assert click(panel, panel.toggle_rect.center)
    assert not panel.is_open


def test_typing_vietnamese_and_enter_sends_the_trimmed_line_and_clears_the_field(panel):
    panel.open()
    assert click(panel, panel.field.rect.center)
    assert panel.typing
    assert type_text(panel, "  Chào cả nhà, đánh nhanh lên nhé!  ")
    assert key(panel, pygame.K_RETURN)
    assert panel.sent == ["Chào cả nhà, đánh nhanh lên nhé!"]
    assert panel.field.text == "" and panel.typing            # ready for the next line
    assert key(panel, pygame.K_RETURN)                        # nothing to send: nothing sent
    assert panel.sent == ["Chào cả nhà, đánh nhanh lên nhé!"]
    type_text(panel, "ừ")
    assert click(panel, panel.send_button.rect.center)
    assert panel.sent[-1] == "ừ"


def test_the_field_stops_at_the_length_the_server_allows(panel):
    panel.open(typing=True)
    type_text(panel, "a" * 250)
    assert len(panel.field.text) == 200


def test_a_focused_field_swallows_keys_and_escape_leaves_it_then_closes_the_panel(panel):
    panel.open(typing=True)
    assert key(panel, pygame.K_h)                             # not a table shortcut while typing
    assert key(panel, pygame.K_ESCAPE)
    assert panel.is_open and not panel.typing
    assert key(panel, pygame.K_ESCAPE)
    assert not panel.is_open
    assert not key(panel, pygame.K_ESCAPE)                    # closed: Esc is the table's (its pause menu)


def test_enter_at_the_table_opens_the_chat_ready_to_type(panel):
    assert key(panel, pygame.K_RETURN)
    assert panel.is_open and panel.typing


def test_picking_a_reaction_sends_its_key_and_closes_the_panel(panel):
    panel.open()
    assert click(panel, panel.emote_rects["laugh"].center)
    assert panel.reacted == ["laugh"] and not panel.is_open
    panel.open()
    phrase = panel.phrase_buttons[PHRASES.index("gg")]
    assert phrase.text == tr("react.gg")
    assert click(panel, phrase.rect.center)
    assert panel.reacted == ["laugh", "gg"] and not panel.is_open


def test_clicks_inside_the_open_panel_are_its_own_and_outside_are_the_tables(panel):
    assert not click(panel, (600, 400))
    panel.open()
    assert click(panel, (panel.rect.centerx, panel.lines_rect.centery))
    assert not click(panel, (300, 400))
    assert panel.is_open                                      # the table stays playable with the chat open


def test_offline_the_panel_has_reactions_but_no_text_field(fonts):
    reacted: list[str] = []
    p = ChatPanel(fonts, CANVAS, on_react=reacted.append)
    p.open()
    assert p.field is None and p.send_button is None
    assert not key(p, pygame.K_h)
    assert click(p, p.emote_rects["love"].center)
    assert reacted == ["love"]


def test_the_wheel_scrolls_back_and_a_new_line_keeps_the_view_still(panel):
    panel.open()
    for i in range(40):
        panel.add(line(text=f"dòng {i}"))
    at = panel.lines_rect.center
    panel.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    assert panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert panel.scroll == 3
    panel.add(line(text="mới"))
    assert panel.scroll == 4
    panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))
    assert panel.scroll == 0


def test_lines_are_kept_for_the_tables_life_up_to_a_bound(panel):
    for i in range(MAX_ENTRIES + 30):
        panel.add(line(text=str(i)))
    assert len(panel.entries) == MAX_ENTRIES
    assert panel.entries[-1].message.text == str(MAX_ENTRIES + 29)


def test_wrapping_fits_the_width_and_cuts_words_too_long_for_a_line(fonts):
    font = fonts.font(16)
    text = "Chào cả nhà tối nay chơi đến mấy giờ " + "x" * 80
    lines = wrap(font, text, 200, 300)
    assert font.size(lines[0])[0] <= 200
    assert all(font.size(ln)[0] <= 300 for ln in lines[1:])
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_line_shows_the_sender_marked_watching_and_reactions_in_the_language(fonts):
    lines, images = ChatLines(fonts), ChatRowImages(fonts)
    plain = lines.rows(line(), 340)
    watching = lines.rows(line("Quân", "cho xem với", seat=None, watching=True), 340)
    assert len(plain) == 1 and len(watching) == 1
    assert watching[0].runs[0].text == f"Quân ({tr('social.watching_mark')}):"
    assert images.image(watching[0]).get_bounding_rect().w > images.image(plain[0]).get_bounding_rect().w
    for lang in ("vi", "en"):
        set_language(lang)
        for key_ in PHRASES + EMOTES:
            rows = lines.rows(ChatEntry(ChatMessage("Lan", 1, reaction=key_), (1, 2, 3)), 340)
            assert rows and images.image(rows[0]).get_bounding_rect().w > 40
            assert rows[0].runs[-1].text == tr(f"react.{key_}") != f"react.{key_}"     # said in the language


def test_the_panel_draws_open_and_closed_with_the_unread_badge(panel, fonts, pg):
    surface = pygame.Surface(CANVAS)
    chat = painter(fonts)
    assert draw_panel(fonts, panel, surface, chat) == ChatPanelLook(box_of(panel.toggle_rect))   # closed, all read
    closed = surface.copy()
    panel.add(line())
    surface.fill((0, 0, 0))
    assert draw_panel(fonts, panel, surface, chat).badge == "1"
    badge = panel.toggle_rect.topright
    assert closed.get_at((badge[0] - 4, badge[1] + 4)) != surface.get_at((badge[0] - 4, badge[1] + 4))
    panel.open()
    surface.fill((0, 0, 0))
    look = draw_panel(fonts, panel, surface, chat)
    assert look.badge == "" and look.open is not None and look.open.box == box_of(panel.rect)
    assert surface.get_at(panel.rect.center)[:3] != (0, 0, 0)


@pytest.mark.parametrize("canvas", [(1280, 720), (1920, 1080), (1024, 640)])
def test_the_empty_chat_says_what_to_do_in_lines_of_the_fonts_own_width(fonts, pg, canvas, monkeypatch):
    """The hint wraps inside the lines' area; it was once squeezed onto one line to a fraction of its width."""
    from tala_desktop.ui.art import gfx

    set_language("vi")
    p = ChatPanel(fonts, canvas, on_react=lambda key: None, on_chat=lambda text: None)
    p.open()
    font = fonts.font(15)
    look = p.look().open
    assert look is not None and look.rows == ()
    lines = look.empty
    assert len(lines) >= 2 and " ".join(lines) == tr("social.empty")
    assert all(font.size(text)[0] <= p.lines_rect.w for text in lines)
    assert len(lines) * font.get_linesize() <= p.lines_rect.h
    drawn: dict[str, int] = {}
    real = gfx.render_line

    def render_line(f, text, *a):
        img = real(f, text, *a)
        drawn[text] = img.get_width()
        return img

    monkeypatch.setattr(gfx, "render_line", render_line)
    draw_panel(fonts, p, pygame.Surface(canvas))
    assert {text: drawn.get(text) for text in lines} == {text: font.size(text)[0] for text in lines}   # own width


def test_typing_past_the_limit_in_the_table_chat_says_so_over_the_field(panel, fonts, monkeypatch):
    from tala_desktop.ui.art import gfx

    panel.open()
    assert click(panel, panel.field.rect.center)
    type_text(panel, "x" * 190)
    type_text(panel, "y" * 30)
    assert len(panel.field.text) == panel.max_length == 200
    seen: list[str] = []
    real = gfx.render_line
    monkeypatch.setattr(gfx, "render_line", lambda font, text, *a, **k: seen.append(text) or real(font, text, *a, **k))
    look = draw_panel(fonts, panel, pygame.Surface(CANVAS)).open
    assert look is not None and look.note is not None and look.note[0] == tr("social.too_long", limit=200)
    assert tr("social.too_long", limit=200) in seen
    assert panel.lines_rect.bottom < panel.field.rect.y - 16         # its row is kept free of the lines
