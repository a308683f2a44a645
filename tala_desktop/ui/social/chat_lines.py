"""How chat lines are laid out: the sender's name in their seat colour, the text wrapped under it, emotes inline.

``ChatLines`` turns each ``ChatEntry`` into rows of runs (text or an emote)
that fit a width, as frozen values (``ChatRow``: its runs, each a run's
words said in the language shown, type, colour and place), and keeps the
rows laid out per line, width and language, so a panel that only scrolls
lays nothing out again. ``ChatRowImages`` renders a row, cached by what it
shows: the painter of the table's chat and the lobby's chat draw through it.
"""

from __future__ import annotations

from collections import OrderedDict
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
LAID_OUT = 400                # lines kept laid out (per width and language)
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


@dataclass(frozen=True)
class Run:
    """A piece of a chat row: words in a type and colour, or an emote (its key, ``EMOTE_PX`` round), at ``x``."""

    x: int
    text: str = ""
    colour: Colour = TEXT
    size: int = LINE_SIZE
    bold: bool = False
    emote: str = ""


@dataclass(frozen=True)
class ChatRow:
    """One row of a chat line as it is drawn: its size and its runs, each centred on the row's height."""

    width: int
    height: int
    runs: tuple[Run, ...]


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
    """Lays chat entries out in rows of one width; keeps the last few hundred laid out."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._laid: OrderedDict[tuple[ChatEntry, int, str], tuple[ChatRow, ...]] = OrderedDict()

    @property
    def row_height(self) -> int:
        return self.fonts.font(LINE_SIZE).get_linesize() + 3

    def rows(self, entry: ChatEntry, width: int) -> tuple[ChatRow, ...]:
        """The rows of ``entry`` at ``width`` pixels (kept: the least recently asked dropped past ``LAID_OUT``)."""
        key = (entry, width, get_language())
        rows = self._laid.get(key)
        if rows is None:
            rows = self._laid[key] = self._lay_out(entry, width)
            if len(self._laid) > LAID_OUT:
                self._laid.popitem(last=False)
        else:
            self._laid.move_to_end(key)
        return rows

    def _lay_out(self, entry: ChatEntry, width: int) -> tuple[ChatRow, ...]:
        message = entry.message
        plain = self.fonts.font(LINE_SIZE)
        if message.notice:
            return tuple(self._row(width, [Run(0, line, WARNING)])
                         for line in wrap(plain, message.text[:MAX_SHOWN], width, width))
        sender = fitted_sender(self.fonts, message, width)
        name = Run(0, sender.text + ":", entry.colour, sender.size, True)
        name_w = gfx.text_size(self.fonts.font(sender.size, True), name.text)[0] + 6
        if message.reaction in EMOTES:
            word = Run(name_w + EMOTE_PX + 6, reaction_text(message.reaction), MUTED)
            return (self._row(width, [name, Run(name_w, emote=message.reaction), word]),)
        text = reaction_text(message.reaction) if message.reaction else message.text[:MAX_SHOWN]
        colour = MUTED if message.reaction else TEXT
        if name_w > width * 0.6:   # a long name: the text starts on the next row
            lines = [""] + wrap(plain, text, width - INDENT, width - INDENT)
        else:
            lines = wrap(plain, text, width - name_w, width - INDENT)
        rows = [self._row(width, [name, Run(name_w, lines[0], colour)])]
        rows += [self._row(width, [Run(INDENT, line, colour)]) for line in lines[1:]]
        return tuple(rows)

    def cut_sender(self, entry: ChatEntry, width: int) -> tuple[int, str] | None:
        """Where a line's sender ends on its first row and their full name, when it had to be cut; else None."""
        if entry.message.notice:
            return None
        sender = fitted_sender(self.fonts, entry.message, width)
        if not sender.cut:
            return None
        return gfx.text_size(self.fonts.font(sender.size, True), sender.text + ":")[0], sender_label(entry.message)

    def _row(self, width: int, runs: list[Run]) -> ChatRow:
        return ChatRow(width, self.row_height, tuple(runs))


class ChatRowImages:
    """Renders chat rows, cached by what they show (at most ``limit``)."""

    def __init__(self, fonts: Fonts, limit: int = LAID_OUT) -> None:
        self.fonts = fonts
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(limit)

    def image(self, row: ChatRow) -> pygame.Surface:
        return self._cache.get(row, lambda: self._render(row))

    def _render(self, row: ChatRow) -> pygame.Surface:
        h = row.height
        out = pygame.Surface((row.width, h), pygame.SRCALPHA)
        for run in row.runs:
            img = emote(run.emote, EMOTE_PX) if run.emote else \
                gfx.render_text(self.fonts.font(run.size, run.bold), run.text, run.colour)
            out.blit(img, (run.x, (h - img.get_height()) // 2))
        return out
