"""Card text: a line of words whose card names ("7♥", "10♠") are drawn like the cards, ink on paper.

The game log says "Lan đánh 7♥"; ``render_card_text`` draws the words in the
line's colour (with the usual drop shadow) and each card name as a small
paper-white tag in its suit's ink, the same colours as the card faces (two or
four colours, as the deck). ``card_runs`` splits a line into those pieces.
"""

from __future__ import annotations

import re

import pygame

from . import gfx
from .card_art import suit_colour
from .theme import BLACK, CARD_PAPER, Colour

SUITS = "♠♣♦♥"                   # engine.cards.SUIT_SYMBOLS order: the suit index
CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♣♦♥])")


def card_runs(text: str) -> list[tuple[str, int | None]]:
    """``text`` as (piece, suit): card names with their suit index, the words between with None."""
    out: list[tuple[str, int | None]] = []
    pos = 0
    for m in CARD.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], None))
        out.append((m.group(0), SUITS.index(m.group(2))))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], None))
    return out


def render_card_text(font: pygame.font.Font, text: str, colour: Colour, four_colour: bool = False,
                     max_width: int | None = None, shadow: bool = True) -> pygame.Surface:
    """The line with its card names as paper tags in suit ink; squeezed to ``max_width`` if wider."""
    runs = card_runs(text)
    pad = max(3, font.get_height() // 6)
    off = max(1, font.get_height() // 14) if shadow else 0
    pieces: list[tuple[pygame.Surface, int]] = []    # (image, x advance)
    for piece, suit in runs:
        if suit is None:
            img = gfx.render_line(font, piece, colour)
            if shadow:
                out = pygame.Surface((img.get_width() + off, img.get_height() + off), pygame.SRCALPHA)
                out.blit(gfx.render_line(font, piece, BLACK), (off, off))
                out.blit(img, (0, 0))
                img = out
            pieces.append((img, img.get_width() - off))
        else:
            ink = gfx.render_line(font, piece, suit_colour(suit, four_colour))
            tag = gfx.rounded_rect((ink.get_width() + 2 * pad, font.get_height()), (*CARD_PAPER, 255), pad + 1)
            tag.blit(ink, (pad, (tag.get_height() - ink.get_height()) // 2))
            pieces.append((tag, tag.get_width() + 1))
    width = max(1, sum(adv for _, adv in pieces) + off)
    height = font.get_height() + off
    line = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for img, adv in pieces:
        line.blit(img, (x, 0))
        x += adv
    if max_width is not None and line.get_width() > max_width > 0:
        line = pygame.transform.smoothscale(line, (max_width, line.get_height()))
    return line
