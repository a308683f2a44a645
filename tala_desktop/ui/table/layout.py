"""Table layout: the pure geometry of the table scene (seats, hand fan, piles, laid rows, stock, buttons).

Everything is computed from the canvas size and the number of seats, in
pixels of that canvas, with no drawing and no state: the scene draws where
the layout says, hit-tests the same rects, and the tests query them. The
design is made at 1280x720 and scaled by ``min(w / 1280, h / 720)``; things
anchored to an edge (the seats, the buttons) follow that edge on other
aspect ratios. The table itself (``table``, where the felt's oval lies)
is at most as wide as 16:9: on a wider canvas it keeps its proportions in
the middle, the seats around it as at 16:9, and the spare width on either
side goes to the log and the header at the window's corners and the chat
at its right edge.

You sit at the bottom; the others sit by turn order after you: with four
seats the next player is on the right, then the top, then the left (so the
player you eat from sits on your left); with three, right and left; with
two, the top. A watcher (``my_seat`` ``WATCHING``) sees seat 0 at the
bottom, drawn like the others: its face-down count and eaten cards beside
its name plate, no hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..art.card_art import card_size
from ..art.table_art import table_box

BASE_W, BASE_H = 1280, 720
SLOTS: dict[int, tuple[str, ...]] = {
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}

HAND_W = 100          # your cards (140 px tall: ~1/5 of the window height)
TABLE_W = 46          # discards, eaten cards and laid phỏm
BACK_W = 30           # the backs standing for an opponent's hand
AVATAR_R = 34
MY_AVATAR_R = 38
RING_GAP = 2          # between an avatar and its clock ring
RING_WIDTH = 9        # the clock ring's thickness
RING_PULSE = 5        # its extra thickness at the top of a pulse (the last seconds)
CLOCK_LABEL_R = 12    # the disc on the ring with the seconds left
PILE_STEP = 0.55      # overlap steps, as fractions of the card width
EATEN_STEP = 0.62
LAID_STEP = 0.42
LAID_GAP = 12
ROW_GAP = 10
HAND_STEP = 0.56
HAND_MAX_W = 680
RAISE = 0.30          # raised cards (lay/send suggestions) rise 30% of a card height
HOVER = 0.10
BUTTON_W, BUTTON_H, BUTTON_GAP = 128, 46, 10
MAX_PILE, MAX_EATEN, MAX_PHOM, PHOM_CARDS = 4, 3, 3, 5
LOG_WIDER = 130       # the log grows up to this much into the spare width of a canvas wider than the table
WATCHING = -1         # my_seat of a watcher (the model's ``me`` with no seat)
HEADER_BUTTONS = ("sound", "rules", "settings")   # right to left, beside the menu button
DOCK_MIN, DOCK_MAX = 320, 400   # a docked panel's strip: 320 leaves a 1280-wide canvas's table at scale 3/4


def side_dock(size: tuple[int, int]) -> int:
    """The width of the strip a panel docked at the right edge of a ``size`` canvas takes from the table: the
    canvas's spare width beside a 16:9 table when that is room enough, else ``DOCK_MIN`` (the table shrinks)."""
    w, h = size
    return max(DOCK_MIN, min(DOCK_MAX, w - round(h * 16 / 9)))


@dataclass(frozen=True)
class SeatGeometry:
    """Where one seat's things go; ``eaten`` and ``backs`` are empty rects for your own seat."""

    slot: str
    avatar_centre: tuple[int, int]
    avatar_radius: int
    plate: pygame.Rect
    backs: pygame.Rect
    pile: pygame.Rect
    eaten: pygame.Rect
    laid: pygame.Rect

    @property
    def avatar(self) -> pygame.Rect:
        r = self.avatar_radius
        return pygame.Rect(self.avatar_centre[0] - r, self.avatar_centre[1] - r, 2 * r, 2 * r)


class TableLayout:
    """Rects of everything on the table for a canvas of ``size`` with ``n_seats`` seats, you at ``my_seat``
    (``dock``: the width of a panel docked at the right edge, which the table leaves free)."""

    def __init__(self, size: tuple[int, int], n_seats: int, my_seat: int, dock: int = 0) -> None:
        if n_seats not in SLOTS:
            raise ValueError(f"a table has 2-4 seats, got {n_seats}")
        if not (0 <= my_seat < n_seats or my_seat == WATCHING):
            raise ValueError(f"seat {my_seat} is not at a table of {n_seats}")
        self.size = (int(size[0]), int(size[1]))
        self.dock = max(0, min(int(dock), self.size[0] // 2))
        self.n = n_seats
        self.my_seat = my_seat
        self.watching = my_seat == WATCHING     # seat 0 sits at the bottom, drawn like the others (no hand)
        self._base = 0 if self.watching else my_seat
        w, h = self.size
        area = (w - self.dock, h)                  # the table's part of the canvas
        self.scale = min(area[0] / BASE_W, h / BASE_H)
        self.table = table_box(area)
        self.hand_card = card_size(self.px(HAND_W))
        self.table_card = card_size(self.px(TABLE_W))
        self.back_card = card_size(self.px(BACK_W))
        self.raise_px = round(self.hand_card[1] * RAISE)
        self.hover_px = round(self.hand_card[1] * HOVER)
        self._seats = [self._seat(s) for s in range(n_seats)]
        self._build_centre()

    # ------------------------------------------------------------------ units
    def px(self, v: float) -> int:
        return round(v * self.scale)

    def _my(self, y: float) -> int:
        """A design y in the middle band, kept centred on taller canvases."""
        return round(self.size[1] / 2 + (y - BASE_H / 2) * self.scale)

    # ------------------------------------------------------------------ seats
    def slot_of(self, seat: int) -> str:
        return SLOTS[self.n][(seat - self._base) % self.n]

    def seat(self, seat: int) -> SeatGeometry:
        return self._seats[seat]

    def _row_widths(self) -> tuple[int, int, int]:
        tw = self.table_card[0]
        pile = tw + round(tw * PILE_STEP) * (MAX_PILE - 1)
        eaten = tw + round(tw * EATEN_STEP) * (MAX_EATEN - 1)
        group = tw + round(tw * LAID_STEP) * (PHOM_CARDS - 1)
        laid = group * MAX_PHOM + self.px(LAID_GAP) * (MAX_PHOM - 1)
        return pile, eaten, laid

    def _seat(self, seat: int) -> SeatGeometry:
        slot = self.slot_of(seat)
        x0, w, h = self.table.x, self.table.w, self.size[1]
        p = self.px
        th = self.table_card[1]
        pile_w, eaten_w, laid_w = self._row_widths()
        bw, bh = self.back_card
        backs_w = bw + p(8) * 3
        cx = self.table.centerx
        empty = pygame.Rect(0, 0, 0, 0)
        if slot == "bottom":
            r = p(MY_AVATAR_R)
            centre = (x0 + p(20) + r, h - p(70))        # the clock ring at its thickest stays in the window
            plate = pygame.Rect(centre[0] + r + p(8), centre[1] - p(29), p(160), p(58))
            row_y = self.hand_top() - self.raise_px - self.hover_px - p(ROW_GAP) - th
            pile = pygame.Rect(cx - p(16) - pile_w, row_y, pile_w, th)
            laid = pygame.Rect(cx + p(16), row_y, laid_w, th)
            if not self.watching:
                return SeatGeometry(slot, centre, r, plate, empty, pile, empty, laid)
            backs = pygame.Rect(plate.right + p(10), centre[1] - bh // 2, backs_w, bh)   # a watcher: no hand
            eaten = pygame.Rect(backs.right + p(12), centre[1] - th // 2, eaten_w, th)
            return SeatGeometry(slot, centre, r, plate, backs, pile, eaten, laid)
        r = p(AVATAR_R)
        if slot == "top":
            centre = (cx, p(20) + r)
            plate = pygame.Rect(cx + r + p(8), centre[1] - p(28), p(160), p(56))
            backs = pygame.Rect(cx - r - p(8) - backs_w, centre[1] - bh // 2, backs_w, bh)
            eaten = pygame.Rect(backs.x - p(12) - eaten_w, centre[1] - th // 2, eaten_w, th)
            row_y = centre[1] + r + p(10)
            pile = pygame.Rect(cx - p(16) - pile_w, row_y, pile_w, th)
            laid = pygame.Rect(cx + p(16), row_y, laid_w, th)
            return SeatGeometry(slot, centre, r, plate, backs, pile, eaten, laid)
        left = slot == "left"
        col_x = x0 + (p(10) if left else w - p(10) - p(150))
        centre = (col_x + p(50) if left else col_x + p(100), self._my(236))
        plate = pygame.Rect(col_x, centre[1] + r + p(6), p(150), p(56))
        backs_x = centre[0] + r + p(8) if left else centre[0] - r - p(8) - backs_w
        backs = pygame.Rect(backs_x, centre[1] - bh // 2, backs_w, bh)
        rows_x = x0 + (p(180) if left else w - p(180))
        row_a = self._my(200)
        row_b = row_a + th + p(12)
        if left:
            pile = pygame.Rect(rows_x, row_a, pile_w, th)
            eaten = pygame.Rect(pile.right + p(16), row_a, eaten_w, th)
            laid = pygame.Rect(rows_x, row_b, laid_w, th)
        else:
            pile = pygame.Rect(rows_x - pile_w, row_a, pile_w, th)
            eaten = pygame.Rect(pile.x - p(16) - eaten_w, row_a, eaten_w, th)
            laid = pygame.Rect(rows_x - laid_w, row_b, laid_w, th)
        return SeatGeometry(slot, centre, r, plate, backs, pile, eaten, laid)

    # ------------------------------------------------------------------ centre, bars, buttons
    def _build_centre(self) -> None:
        w, h = self.size
        p = self.px
        tw, th = self.table_card
        cx = self.table.centerx
        self.stock = pygame.Rect(cx - tw // 2, self._my(204), tw, th)
        self.stock_label = pygame.Rect(cx - p(60), self.stock.bottom + p(8), p(120), p(22))
        self.status = pygame.Rect(cx - p(450), self._my(352), p(900), p(36))
        self.log = pygame.Rect(p(10), p(10), p(390) + min(self.table.x, p(LOG_WIDER)), p(132))
        self.menu_button = pygame.Rect(w - p(58), p(10), p(46), p(40))
        # ⚙ ? ♪ left of ≡, then the table's name, bet and rule set
        self.header_buttons = {name: pygame.Rect(w - p(58) - (i + 1) * p(54), p(10), p(46), p(40))
                               for i, name in enumerate(HEADER_BUTTONS)}
        left = min(r.x for r in self.header_buttons.values())
        self.info = pygame.Rect(left - p(10) - p(180), p(6), p(180), p(48))
        self.buttons = self._button_slots()
        self.banner_centre = (cx, self._my(300))

    def _button_slots(self) -> list[pygame.Rect]:
        """Six slots, 2 columns x 3 rows at the bottom right: 0-3 (the two lower rows) for actions, 4-5 for tools."""
        w, h = self.size
        p = self.px
        bw, bh, gap = p(BUTTON_W), p(BUTTON_H), p(BUTTON_GAP)
        right, bottom = self.table.right - p(14), h - p(10)
        out = []
        for row in (2, 1, 0):
            for col in (0, 1):
                x = right - (2 - col) * bw - (1 - col) * gap
                y = bottom - (3 - row) * bh - (2 - row) * gap
                out.append(pygame.Rect(x, y, bw, bh))
        return out

    # ------------------------------------------------------------------ your hand
    def hand_top(self) -> int:
        return self.size[1] - self.px(10) - self.hand_card[1]

    def hand_centre_x(self) -> int:
        """Centred between your name plate and the buttons."""
        me = self._seats[self._base]
        left = me.plate.right + self.px(12)
        right = self.buttons[0].x - self.px(12)
        return (left + right) // 2

    def hand_step(self, n: int) -> int:
        w = self.hand_card[0]
        if n <= 1:
            return 0
        return min(round(w * HAND_STEP), (self.px(HAND_MAX_W) - w) // (n - 1))

    def hand_rects(self, n: int) -> list[pygame.Rect]:
        """Resting rects of a hand of ``n`` cards, left to right (lifted cards rise from these)."""
        w, h = self.hand_card
        step = self.hand_step(n)
        total = w + step * max(0, n - 1)
        x0 = self.hand_centre_x() - total // 2
        y = self.hand_top()
        return [pygame.Rect(x0 + i * step, y, w, h) for i in range(n)]

    def hand_area(self) -> pygame.Rect:
        """The space your hand may use, raised and hovered cards included."""
        w, h = self.hand_card
        total = self.px(HAND_MAX_W)
        top = self.hand_top() - self.raise_px - self.hover_px
        return pygame.Rect(self.hand_centre_x() - total // 2, top, total, self.hand_top() + h - top)

    # ------------------------------------------------------------------ rows of table cards
    def _row(self, area: pygame.Rect, n: int, step_frac: float, align_right: bool) -> list[pygame.Rect]:
        tw, th = self.table_card
        if n <= 0:
            return []
        step = round(tw * step_frac)
        if n > 1:
            step = min(step, (area.w - tw) // (n - 1))
        total = tw + step * (n - 1)
        x0 = area.right - total if align_right else area.x
        return [pygame.Rect(x0 + i * step, area.y, tw, th) for i in range(n)]

    def _align_right(self, seat: int, what: str) -> bool:
        slot = self.slot_of(seat)
        if what == "pile":
            return slot in ("bottom", "top", "right")
        return slot == "right"

    def pile_rects(self, seat: int, n: int) -> list[pygame.Rect]:
        """The discard row of ``seat``, oldest first (the newest is on top, towards the centre)."""
        return self._row(self._seats[seat].pile, n, PILE_STEP, self._align_right(seat, "pile"))

    def eaten_rects(self, seat: int, n: int) -> list[pygame.Rect]:
        """The eaten row beside an opponent (your own eaten cards stay in your hand, gold-edged)."""
        area = self._seats[seat].eaten
        if area.w == 0:
            return []
        return self._row(area, n, EATEN_STEP, self._align_right(seat, "eaten"))

    def laid_group_rects(self, seat: int, sizes: list[int]) -> list[pygame.Rect]:
        """One rect per laid phỏm of ``seat`` (lay order), each sized for its cards; click targets for sends."""
        area = self._seats[seat].laid
        tw, th = self.table_card
        k = max(1, len(sizes))
        gap = self.px(LAID_GAP)
        slot_w = (area.w - gap * (k - 1)) // k if k > MAX_PHOM else tw + round(tw * LAID_STEP) * (PHOM_CARDS - 1)
        widths = []
        for n in sizes:
            step = round(tw * LAID_STEP)
            if n > 1:
                step = min(step, (slot_w - tw) // (n - 1))
            widths.append(tw + step * max(0, n - 1))
        total = sum(widths) + gap * max(0, len(widths) - 1)
        x = area.right - total if self._align_right(seat, "laid") else area.x
        out = []
        for wd in widths:
            out.append(pygame.Rect(x, area.y, wd, th))
            x += wd + gap
        return out

    def laid_rects(self, seat: int, sizes: list[int]) -> list[list[pygame.Rect]]:
        """Card rects of every laid phỏm of ``seat`` (phỏm in lay order, cards left to right)."""
        tw, th = self.table_card
        out = []
        for group, n in zip(self.laid_group_rects(seat, sizes), sizes):
            step = 0 if n <= 1 else (group.w - tw) // (n - 1)
            out.append([pygame.Rect(group.x + i * step, group.y, tw, th) for i in range(n)])
        return out

    def backs_rects(self, seat: int, n: int) -> list[pygame.Rect]:
        """A small fan of card backs for an opponent's hand (at most four drawn, whatever the count)."""
        area = self._seats[seat].backs
        if area.w == 0 or n <= 0:
            return []
        bw, bh = self.back_card
        k = min(4, n)
        step = self.px(8)
        return [pygame.Rect(area.x + i * step, area.y, bw, bh) for i in range(k)]

    # ------------------------------------------------------------------ misc anchors
    def thinking_rect(self, seat: int) -> pygame.Rect:
        """The "thinking" bubble: over the avatar, or on its lower edge for the seat at the top (no room above)."""
        g = self._seats[seat]
        cx, cy = g.avatar_centre
        rect = pygame.Rect(0, 0, self.px(46), self.px(22))
        if g.slot == "top":
            rect.midbottom = (cx, cy + g.avatar_radius + self.px(8))
        else:
            rect.midbottom = (cx, cy - g.avatar_radius - self.px(4))
        return rect

    def ring_width(self) -> int:
        """The clock ring's thickness at rest (it pulses up to ``px(RING_PULSE)`` thicker)."""
        return max(6, self.px(RING_WIDTH))

    def clock_label_centre(self, seat: int) -> tuple[int, int]:
        """Where the seconds left sit: on the ring, at half past one (clear of the name plate and the bubble)."""
        g = self._seats[seat]
        d = (g.avatar_radius + self.px(RING_GAP) + self.ring_width() / 2) * math.sqrt(0.5)
        return (round(g.avatar_centre[0] + d), round(g.avatar_centre[1] - d))

    def ring_bounds(self, seat: int) -> pygame.Rect:
        """Everything the clock draws at ``seat``: the ring at its thickest and the seconds on it."""
        g = self._seats[seat]
        half = g.avatar_radius + self.px(RING_GAP) + self.ring_width() + self.px(RING_PULSE) + 3
        ring = pygame.Rect(0, 0, 2 * half, 2 * half)
        ring.center = g.avatar_centre
        label = pygame.Rect(0, 0, 2 * self.px(CLOCK_LABEL_R) + 4, 2 * self.px(CLOCK_LABEL_R) + 4)
        label.center = self.clock_label_centre(seat)
        return ring.union(label)

    def badge_pos(self, seat: int) -> tuple[int, int]:
        """Centre of the rank badge: over the bottom edge of the avatar."""
        g = self._seats[seat]
        return (g.avatar_centre[0], g.avatar_centre[1] + g.avatar_radius - self.px(2))

    def banner_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's "Ăn!" pops: over an opponent's avatar, above your hand for you."""
        g = self._seats[seat]
        if g.slot == "bottom":
            return (self.hand_centre_x(), self.status.bottom + self.px(44))  # clear of the status line
        return g.avatar_centre

    def regions(self) -> dict[str, pygame.Rect]:
        """Every named region that must not overlap another (layout tests, debugging)."""
        out: dict[str, pygame.Rect] = {}
        for s, g in enumerate(self._seats):
            out[f"seat{s}.avatar"] = g.avatar
            out[f"seat{s}.plate"] = g.plate
            out[f"seat{s}.pile"] = g.pile
            out[f"seat{s}.laid"] = g.laid
            if g.backs.w:
                out[f"seat{s}.backs"] = g.backs
            if g.eaten.w:
                out[f"seat{s}.eaten"] = g.eaten
        if not self.watching:
            out["hand"] = self.hand_area()
        out["stock"] = self.stock
        out["stock_label"] = self.stock_label
        out["status"] = self.status
        out["log"] = self.log
        out["menu"] = self.menu_button
        for name, r in self.header_buttons.items():
            out[f"header.{name}"] = r
        out["info"] = self.info
        for i, b in enumerate(self.buttons):
            out[f"button{i}"] = b
        return out
