"""ReplayScene: the Xem lại page — step forward and back through a stored game with every hand face up.

The positions come from ``store.replay.positions`` (the deal, then one per
move). Buttons (|◀ ◀ ▶ ▶|), the arrow keys, Home/End and a click on the
timeline move through them. A ``ReplayAdvisor`` thread asks the Hard bot
about each of your decisions; the timeline marks in orange the moves where
it would have played differently, and the status line says "Máy khuyên: ..."
at those moves. Asked for (the "Xét nước máy" button or B), a second advisor
reviews the bots' moves the same way, marked in blue, so a player can learn
from them too; asked again, their marks hide. Progress shows while they
work; the page never waits for them.
"""

from __future__ import annotations

import pygame

from tala_desktop.engine import GameState, Move, MoveKind, card_label, parse_move
from tala_desktop.store import GameEntry, StoreError, positions

from ..art import gfx, theme
from ..art.theme import CYAN, GAIN, GOLD, MUTED, TEXT, WARNING
from ..core.i18n import N_, money, tr, tr_count
from ..core.names import shown_name
from ..core.reasons import reason_text
from ..frames.page import PageScene
from ..shared.services import Services
from ..table.guide import describe
from ..widgets.controls import Button
from ..widgets.text_fit import TextFitter
from .replay_advisor import ReplayAdvisor
from .replay_board import ReplayBoard
from .results_text import result_label, when_text

BOARD = pygame.Rect(60, 114, 1160, 438)  # column headings sit just above it
STATUS = pygame.Rect(60, 560, 1160, 64)
TIMELINE = pygame.Rect(360, 648, 560, 22)
BOT_MARK = CYAN  # the review of the bots' moves, shown on request beside the orange marks of yours
LEFT_MOVE_WORDS = {MoveKind.LEAVE: N_("replay.move.leave"), MoveKind.TIMEOUT: N_("replay.move.timeout")}


class ReplayScene(PageScene):
    """One stored game, position by position."""

    title_key = N_("replay.title")
    show_panel = False

    def __init__(self, services: Services, entry: GameEntry, analyse: bool = True) -> None:
        self.services = services
        self.entry = entry
        self.error = ""
        try:
            self.positions = positions(entry.record)
            self.moves: list[Move] = [parse_move(m) for m in entry.record.get("moves", [])]
        except (StoreError, ValueError) as exc:
            self.positions, self.moves, self.error = [], [], str(exc)
        self.index = 0
        summary = entry.summary
        self.names = [shown_name(s.name) if i == summary.human_seat else s.name for i, s in enumerate(summary.seats)]
        seats = {summary.human_seat} if summary.human_seat is not None else None
        self.analysing = analyse and bool(self.positions)
        self.seed = int(entry.seed or 0) & 0xFFFF
        self.advisor = ReplayAdvisor(self.positions, self.moves, seats, seed=self.seed, start=self.analysing)
        # the bots' seats, reviewed only when asked (the bots button or B): a player learns from their moves too
        self.bot_seats = set(range(len(self.names))) - seats if seats is not None else set()
        self.bot_advisor: ReplayAdvisor | None = None
        self.show_bots = False
        self._progress = (-1, -1, -1)
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)
        self.board = ReplayBoard(self.art, self.fit)

    # -- building -------------------------------------------------------------------------
    def build(self) -> None:
        fonts = self.services.fonts
        y, w, h = TIMELINE.centery - 24, 64, 48
        specs = (("first", "|◀", self.first, TIMELINE.x - 2 * (w + 10) - 16),
                 ("prev", "◀", self.prev, TIMELINE.x - (w + 10) - 16),
                 ("next", "▶", self.next, TIMELINE.right + 16),
                 ("last", "▶|", self.last, TIMELINE.right + 16 + w + 10))
        self.controls = {name: Button((x, y, w, h), text, fonts, action, style="dark", font_size=22)
                         for name, text, action, x in specs}
        self.widgets.extend(self.controls.values())
        self.bots_button = Button((TIMELINE.right + 16 + 2 * (w + 10), y, 1220 - (TIMELINE.right + 16 + 2 * (w + 10)),
                                   h), tr("replay.bots"), fonts, self.toggle_bots, style="dark", font_size=16,
                                  visible=self.analysing and bool(self.bot_seats))
        self.widgets.append(self.bots_button)

    @property
    def count(self) -> int:
        """Positions: the deal and one after each move."""
        return len(self.positions)

    @property
    def state(self) -> GameState | None:
        return self.positions[self.index] if self.positions else None

    # -- moving -----------------------------------------------------------------------------
    def go(self, index: int) -> None:
        if self.positions:
            self.index = max(0, min(self.count - 1, index))
        self.invalidate()

    def first(self) -> None:
        self.go(0)

    def prev(self) -> None:
        self.go(self.index - 1)

    def next(self) -> None:
        self.go(self.index + 1)

    def last(self) -> None:
        self.go(self.count - 1)

    def toggle_bots(self) -> None:
        """Show (reviewing them first, in the background) or hide the computer's advice on the bots' moves."""
        if not self.analysing or not self.bot_seats:
            return
        if self.bot_advisor is None:
            self.bot_advisor = ReplayAdvisor(self.positions, self.moves, self.bot_seats, seed=self.seed)
        self.show_bots = not self.show_bots
        self.bots_button.text = tr(N_("replay.bots_hide") if self.show_bots else N_("replay.bots"))
        self.invalidate()

    def on_key(self, key: int) -> None:
        moves = {pygame.K_RIGHT: self.next, pygame.K_LEFT: self.prev, pygame.K_HOME: self.first,
                 pygame.K_END: self.last, pygame.K_SPACE: self.next, pygame.K_b: self.toggle_bots}
        if key in moves:
            moves[key]()

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.count > 1
                and TIMELINE.inflate(0, 16).collidepoint(event.pos)):
            t = (event.pos[0] - TIMELINE.x) / TIMELINE.w
            self.go(round(t * (self.count - 1)))
            return
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.index - event.y)
            return
        super().handle_event(event)

    def on_exit(self) -> None:
        self.advisor.cancel()
        if self.bot_advisor is not None:
            self.bot_advisor.cancel()

    def update(self, dt: float) -> None:
        super().update(dt)
        bots = self.bot_advisor.done if self.bot_advisor is not None else -1
        progress = (self.advisor.done, len(self.advisor.advice), bots)
        if progress != self._progress:
            self._progress = progress
            self.invalidate()
        for name, button in self.controls.items():
            button.enabled = (self.index > 0) if name in ("first", "prev") else (self.index < self.count - 1)

    # -- words -------------------------------------------------------------------------------
    def move_text(self, i: int) -> str:
        """Move ``i`` in words: "Lan: đánh 7♥"."""
        move = self.moves[i]
        before = self.positions[i]
        if move.kind is MoveKind.EAT and before.last_discard is not None:
            words = tr("move.eat", card=card_label(before.last_discard[1]))
        elif move.kind in (MoveKind.LEAVE, MoveKind.TIMEOUT):
            words = tr(LEFT_MOVE_WORDS[move.kind])
        else:
            words = describe(move)
        return f"{self.names[move.seat]}: {words}"

    def results(self) -> list[str]:
        s = self.entry.summary
        out = []
        for seat in range(len(self.names)):
            net = s.nets[seat] if seat < len(s.nets) else 0
            sign = "+" if net > 0 else ""
            out.append(f"{result_label(s.labels[seat])} · {sign}{money(net)}" if self.index == self.count - 1
                       else "")
        return out

    def shown_advisors(self) -> list[tuple[ReplayAdvisor, tuple[int, int, int]]]:
        """The reviews on show with the colour of their marks: yours, then the bots' if asked for."""
        out = [(self.advisor, WARNING)]
        if self.show_bots and self.bot_advisor is not None:
            out.append((self.bot_advisor, BOT_MARK))
        return out

    def advice_line(self) -> tuple[str, tuple[int, int, int]]:
        """What the Hard bot says about the move that led here (or the progress while it works)."""
        i = self.index - 1
        for advisor, colour in self.shown_advisors():
            if i < 0 or i not in advisor.advice:
                continue
            a = advisor.advice[i]
            if a.differs:
                words = describe(a.advised)
                last = self.positions[i].last_discard
                if a.advised.kind is MoveKind.EAT and last is not None:
                    words = tr("move.eat", card=card_label(last[1]))
                reason = reason_text(a.reason)
                if not reason:
                    return tr("replay.advice_plain", move=words), colour
                return tr("replay.advice", move=words, reason=reason), colour
            return tr("replay.agrees"), GAIN
        if self.advisor.error:
            return tr("replay.advice_failed"), MUTED
        return "", MUTED

    def marks_note(self) -> str:
        """Under the timeline: the review's progress, then how many moves it marked (or that it agrees with all)."""
        if not self.analysing:
            return tr("replay.keys")
        return _review_note(self.advisor, N_("replay.analysing"), N_("replay.marks"), N_("replay.no_marks"))

    def bot_marks_note(self) -> str:
        """The second line under the timeline while the bots' moves are on show: progress, then their marks."""
        if not self.show_bots or self.bot_advisor is None:
            return ""
        return _review_note(self.bot_advisor, N_("replay.bots_analysing"), N_("replay.bot_marks"),
                            N_("replay.bot_no_marks"))

    def mark_indexes(self) -> list[int]:
        """The moves the timeline marks now (the computer would have played them differently), in order."""
        return sorted(i for advisor, _ in self.shown_advisors() for i, a in list(advisor.advice.items())
                      if a.differs)

    def mark_x(self, i: int) -> int:
        """Where the timeline marks move ``i`` (the position after it)."""
        return TIMELINE.x + round((i + 1) / max(1, self.count - 1) * TIMELINE.w)

    def shown_texts(self) -> list[str]:
        """The page's words: the step, the move in words, the advice, the review's note, the seats' results."""
        if self.error or not self.positions:
            return [tr("replay.broken")]
        what = self.move_text(self.index - 1) if self.index > 0 else tr("replay.dealt")
        return [tr("replay.step", index=self.index, total=self.count - 1), what, self.advice_line()[0],
                self.marks_note(), self.bot_marks_note(), *(r for r in self.results() if r)]

    # -- drawing ---------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        self.fit.clear()
        when = self.fit(when_text(self.entry.summary.finished_at), 18, MUTED, 300)
        surface.blit(when, when.get_rect(midright=(1240, 56)))
        if self.error or not self.positions:
            msg = self.fit(tr("replay.broken"), 22, WARNING, BOARD.w - 40, bold=True)
            surface.blit(msg, msg.get_rect(center=BOARD.center))
            return
        st = self.positions[self.index]
        last = self.moves[self.index - 1] if self.index > 0 else None
        self.board.draw_headings(surface, BOARD, (tr("replay.col.hand"), tr("replay.col.pile"), tr("replay.col.laid")))
        self.board.draw(surface, BOARD, st, self.names, self.results(), last)
        self._status(surface)
        self._timeline(surface)

    def _status(self, surface: pygame.Surface) -> None:
        box = self.art.cached(("replay_status", STATUS.size), lambda: gfx.rounded_rect(
            STATUS.size, theme.REPLAY_STATUS, 12, 1, theme.GLASS_EDGE))
        surface.blit(box, STATUS)
        step = tr("replay.step", index=self.index, total=self.count - 1)
        head = self.fit(step, 18, GOLD, 190, bold=True)
        surface.blit(head, (STATUS.x + 14, STATUS.y + 8))
        what = self.move_text(self.index - 1) if self.index > 0 else tr("replay.dealt")
        line = self.fit(what, 20, TEXT, STATUS.w - 230, bold=True)
        surface.blit(line, (STATUS.x + 214, STATUS.y + 7))
        text, colour = self.advice_line()
        if text:
            img = self.fit(text, 17, colour, STATUS.w - 230)
            surface.blit(img, (STATUS.x + 214, STATUS.y + 36))

    def _timeline(self, surface: pygame.Surface) -> None:
        track = self.art.cached(("timeline", TIMELINE.size), lambda: gfx.rounded_rect(
            TIMELINE.size, theme.TIMELINE, TIMELINE.h // 2, 1, theme.TIMELINE_EDGE))
        surface.blit(track, TIMELINE)
        span = max(1, self.count - 1)
        for advisor, colour in self.shown_advisors():
            for i, a in list(advisor.advice.items()):
                if a.differs:
                    x = self.mark_x(i)
                    pygame.draw.line(surface, colour, (x, TIMELINE.y + 3), (x, TIMELINE.bottom - 4), 3)
        x = TIMELINE.x + round(self.index / span * TIMELINE.w)
        pygame.draw.circle(surface, theme.KNOB, (x, TIMELINE.centery), 10)
        pygame.draw.circle(surface, theme.SLIDER_KNOB_EDGE, (x, TIMELINE.centery), 10, 2)
        img = self.fit(self.marks_note(), 15, MUTED, TIMELINE.w)
        surface.blit(img, img.get_rect(midtop=(TIMELINE.centerx, TIMELINE.bottom + 4)))
        bots = self.bot_marks_note()
        if bots:
            img = self.fit(bots, 15, MUTED, TIMELINE.w)
            surface.blit(img, img.get_rect(midtop=(TIMELINE.centerx, TIMELINE.bottom + 22)))


def _review_note(a: ReplayAdvisor, progress_key: str, marks_key: str, none_key: str) -> str:
    """A review's line: its failure, its progress, or how many moves it marked (``none_key`` for none)."""
    if a.error:
        return tr("replay.advice_failed")
    if a.total and not a.finished:
        return tr_count(progress_key, a.total, done=a.done, total=a.total)
    marked = sum(1 for x in a.advice.values() if x.differs)
    if not marked:
        return tr(none_key)
    return tr_count(marks_key, marked, count=marked)
