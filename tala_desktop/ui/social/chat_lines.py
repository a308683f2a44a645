"""How chat lines are laid out: the sender's name in their seat colour, the text wrapped under it, emotes inline.

``ChatLines`` turns each ``ChatMessage`` into rows of runs (text or an emote) that
fit a width, and caches the rendered rows per line, width and language, so
a panel that only scrolls renders nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tala_desktop.table.reactions import EMOTES

from ..art import gfx
from ..art.emotes import emote
from ..art.theme import MUTED, TEXT, WARNING
from ..core.assets import Fonts
from ..core.choice_words import reaction_text
from ..core.i18n import get_language, tr
from ..core.surface_cache import SurfaceCache
from ..widgets.text_fit import FittedName, fit_name
from .social_channel import ChatMessage

Colour = tuple[int, int, int]
LINE_SIZE = 16
EMOTE_PX = 22
INDENT = 10
MAX_SHOWN = 400               # characters of a line drawn (the server allows 200; a rogue one is cut here)
MAX_NAME_SHOWN = 48           # a sender's name kept (a server sends at most this); a row cuts it by width, "…"


@dataclass(frozen=True)
class ChatEntry:
    """One line of the table's chat as the panel keeps it: what was said and the sender's seat colour."""

    message: ChatMessage
    colour: Colour


def sender_label(message: ChatMessage) -> str:
    """``Name``, ``Name (watching)`` or ``You``: who a line is from."""
    name = tr("social.you") if message.mine else message.name[:MAX_NAME_SHOWN]
    return name + " (" + tr("social.watching_mark") + ")" if message.watching else name


def fitted_sender(fonts: Fonts, message: ChatMessage, width: int) -> FittedName:
    """Who a line is from as its first row draws it (before its ":"): readable, cut with "…" when even a little
    smaller it does not fit the row (widgets/text_fit.py ``fit_name``; the full name shows on hover)."""
    colon = gfx.text_size(fonts.font(LINE_SIZE, True), ":")[0]
    return fit_name(fonts, sender_label(message), LINE_SIZE, width - colon - 6)


def _break_word(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """A word wider than ``width`` cut into pieces that fit."""
    pieces, piece = [], ""
    for ch in word:
        if piece and gfx.text_size(font, piece + ch)[0] > width:
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    return [*pieces, piece] if piece else pieces


def wrap(font: pygame.font.Font, text: str, first: int, rest: int) -> list[str]:
    """``text`` in lines: the first at most ``first`` pixels wide, the others ``rest`` (long words are cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        width = first if not lines else rest
        trial = f"{line} {word}" if line else word
        if gfx.text_size(font, trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
            width = rest
        if gfx.text_size(font, word)[0] <= width:
            line = word
        else:
            *whole, line = _break_word(font, word, width)
            lines.extend(whole)
    if line or not lines:
        lines.append(line)
    return lines


class ChatLines:
    """Renders chat entries into row images of one width; keeps the last few hundred."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: SurfaceCache[list[pygame.Surface]] = SurfaceCache(400)

    @property
    def row_height(self) -> int:
        return self.fonts.font(LINE_SIZE).get_linesize() + 3

    def rows(self, entry: ChatEntry, width: int) -> list[pygame.Surface]:
        """The rendered rows of ``entry`` at ``width`` pixels (cached)."""
        key = (entry, width, get_language())
        return self._cache.get(key, lambda: self._render(entry, width))

    def _render(self, entry: ChatEntry, width: int) -> list[pygame.Surface]:
        message = entry.message
        plain = self.fonts.font(LINE_SIZE)
        if message.notice:
            return [self._row(width, [(gfx.render_text(plain, line, WARNING), 0)])
                    for line in wrap(plain, message.text[:MAX_SHOWN], width, width)]
        sender = fitted_sender(self.fonts, message, width)
        name = gfx.render_text(self.fonts.font(sender.size, True), sender.text + ":", entry.colour)
        name_w = name.get_width() + 6
        if message.reaction in EMOTES:
            face = emote(message.reaction, EMOTE_PX)
            word = gfx.render_text(plain, reaction_text(message.reaction), MUTED)
            return [self._row(width, [(name, 0), (face, name_w), (word, name_w + EMOTE_PX + 6)])]
        text = reaction_text(message.reaction) if message.reaction else message.text[:MAX_SHOWN]
        colour = MUTED if message.reaction else TEXT
        if name_w > width * 0.6:   # a long name: the text starts on the next row
            lines = [""] + wrap(plain, text, width - INDENT, width - INDENT)
        else:
            lines = wrap(plain, text, width - name_w, width - INDENT)
        rows = [self._row(width, [(name, 0), (gfx.render_text(plain, lines[0], colour), name_w)])]
        rows += [self._row(width, [(gfx.render_text(plain, line, colour), INDENT)]) for line in lines[1:]]
        return rows

    def cut_sender(self, entry: ChatEntry, width: int) -> tuple[int, str] | None:
        """Where a line's sender ends on its first row and their full name, when it had to be cut; else None."""
        if entry.message.notice:
            return None
        sender = fitted_sender(self.fonts, entry.message, width)
        if not sender.cut:
            return None
        return gfx.text_size(self.fonts.font(sender.size, True), sender.text + ":")[0], sender_label(entry.message)

    def _row(self, width: int, runs: list[tuple[pygame.Surface, int]]) -> pygame.Surface:
        h = self.row_height
        row = pygame.Surface((width, h), pygame.SRCALPHA)
        for img, x in runs:
            row.blit(img, (x, (h - img.get_height()) // 2))
        return row
