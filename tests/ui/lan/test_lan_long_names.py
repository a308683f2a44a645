"""Long names in the LAN lobby: a seat's, a watcher's and a chat line's sender are drawn at a readable size, cut with
"…" when even a little smaller they do not fit, and the full name shows in a tooltip under the pointer (as over the
table's name plates)."""

from __future__ import annotations

import time

import pygame
import pytest

from tala_desktop.net.protocol import ChatEvent, SeatInfo
from tala_desktop.table import SeatKind
from tala_desktop.ui.art import gfx
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.roster import seat_marks
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.social.chat_lines import ChatEntry
from tala_desktop.ui.social.chat_panel import ChatPanel
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.widgets.text_fit import READABLE
from tests.loops import poll_until
from tests.ui.lan.test_lan_scenes import step_until
from tests.ui.social.views import draw_panel
from tests.ui.table_helpers import make_services

GUEST = "NGUYỄN THỊ NGỌC ANH"            # capitals: as wide as a name (20 characters at most) gets; three people
TWIN, FAN = f"{GUEST} (2)", f"{GUEST} (3)"   # of that name are told apart by the server: longer still
ROGUE = "MẠNH " * 8 + "HÙNG"             # 44 characters: within the 48 a client takes from a server


def point(stack: SceneStack, lobby: LanLobbyScene, pos: tuple[int, int]) -> str | None:
    """Move the pointer to ``pos``; the name the tooltip shows there once drawn (None: no tooltip)."""
    lobby.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step_until(stack, lambda: True)
    return lobby.tips.name


@pytest.mark.parametrize("language", ["vi", "en"])
def test_long_names_are_cut_readably_in_the_lobby_and_shown_whole_under_the_pointer(pg, fonts, language):
    i18n.set_language(language)
    stack = SceneStack()
    stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=3, bet=100, turn_seconds=0,
                           preset="zingplay")
    others: list[LanSession] = []
    try:
        lobby = LanLobbyScene(make_services(fonts), host)
        stack.push(lobby)
        step_until(stack, lambda: host.lobby is not None)
        assert host.server is not None
        others += [LanSession.join("127.0.0.1", host.server.port, GUEST) for _ in range(3)]
        poll_until(lambda: all(s.welcome is not None for s in others),
                   lambda: [s.pump(time.monotonic()) for s in others], what="all welcomed")
        guest, twin, fan = others
        guest.client.join(host.lobby.id)
        step_until(stack, lambda: host.lobby.seats[1].name == GUEST)
        twin.client.join(host.lobby.id)
        step_until(stack, lambda: host.lobby.seats[2].name == TWIN)
        fan.client.watch(host.lobby.id)
        step_until(stack, lambda: host.lobby.watchers == [FAN])
        fan.client.chat("chào cả bàn")
        step_until(stack, lambda: any(getattr(x, "name", "") == FAN for x in host.chat_events))
        host.chat_events.append(ChatEvent(seat=None, name=ROGUE, text="chào", watching=True))   # as a server may name
        host.chat_events_total += 1
        host.client.mute(host.lobby.watcher_ids[0], True)    # the row says so: less room for the name
        step_until(stack, lambda: host.lobby.muted == [FAN])
        step_until(stack, lambda: True)
        roster = lobby.roster
        cut = dict((name, rect) for rect, name in roster.cut)
        assert set(cut) == {TWIN, FAN}, roster.cut            # beside the host's buttons and marks: too long
        for name, rect in cut.items():
            assert rect.h >= fonts.font(READABLE).get_height()                       # drawn at a readable size
            assert point(stack, lobby, rect.center) == name                         # whole, under the pointer
        assert point(stack, lobby, (5, 5)) is None                                  # elsewhere: no tooltip
        view = lobby.chat.view
        last = len(view.lines.rows(view.entries[-1], view.width))                    # the rogue's line, at the end
        first_row_y = view.rect.bottom - last * view.lines.row_height
        said = point(stack, lobby, (view.rect.x + 20, first_row_y + view.lines.row_height // 2))
        assert said is not None and said.startswith(ROGUE)                           # the sender, whole
        assert point(stack, lobby, (view.rect.right - 20, first_row_y + 5)) is None  # over the line's words: none
    finally:
        for s in others:
            s.close()
        host.close()
        i18n.set_language("vi")


def test_a_long_sender_is_cut_at_the_table_chat_too_and_shown_whole_under_the_pointer(pg, fonts):
    canvas = pygame.Surface((1280, 720))
    panel = ChatPanel(fonts, canvas.get_size(), on_react=lambda key: None, on_chat=lambda text: None)
    panel.open()
    panel.add(ChatEntry(ChatMessage(name="Lan", seat=1, text="chào"), (200, 100, 100)))
    panel.add(ChatEntry(ChatMessage(name=ROGUE, seat=None, text="chào cả bàn", watching=True), (200, 100, 100)))
    draw_panel(fonts, panel, canvas)
    area, step = panel.lines_rect, panel.lines.row_height
    rows = panel.lines.rows(panel.entries[-1], area.w)
    top = area.bottom - len(rows) * step                               # the last line's first row
    name = gfx.text_size(fonts.font(16, True), ROGUE)[0]
    assert name > area.w                                               # too wide for the panel: cut with "…"
    assert panel.cut_name_at((area.x + 10, top + step // 2)) == f"{ROGUE} ({tr('social.watching_mark')})"
    assert panel.cut_name_at((area.x + 10, top - step // 2)) is None   # "Lan" fits: nothing to show
    assert panel.cut_name_at((area.right - 5, top + step + 2)) is None  # the words under the name
    panel.close()
    assert panel.cut_name_at((area.x + 10, top + step // 2)) is None   # closed: nothing drawn there


@pytest.mark.parametrize(("language", "away", "left"), [("vi", "vắng", "đã rời bàn"), ("en", "away", "left")])
def test_a_seat_away_reads_as_the_name_plate_says_and_one_who_left_says_so(pg, language, away, left):
    """A dropped player's seat is kept for them (the plate reads "vắng · 45s"): the lobby says "vắng" too, in both
    languages alike; a player who left during the game (Móm, the engine plays on) is not away: they left."""
    i18n.set_language(language)
    try:
        dropped = SeatInfo(seat=1, kind=SeatKind.PLAYER, name="Lan", connected=False, away=45.0)
        gone = SeatInfo(seat=2, kind=SeatKind.PLAYER, name="Minh", connected=False, left=True)
        assert seat_marks(dropped)[-1][0] == away and tr("people.away", seconds=45).startswith(away)
        assert seat_marks(gone)[-1][0] == left
    finally:
        i18n.set_language("vi")
