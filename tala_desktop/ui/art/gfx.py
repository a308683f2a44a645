"""Gfx: low-level drawing helpers shared by the art modules and widgets.

Antialiased rounded rectangles (drawn supersampled, then smoothscaled),
soft shadows and glows (gaussian blur), gradients, and text rendering with
ink-tight cropping and optional horizontal squeeze.

Every string the UI draws or measures goes through ``render_line`` /
``text_size`` here: text from other people and from a server is hostile
(a line of zero-width characters, a NUL, a lone surrogate, a megabyte),
and SDL_ttf raises on some of it ("Text has zero width", "A null character
was found"). These two never raise: the text is made drawable first
(``drawable``) and a string with no ink renders as an empty strip.
"""

from __future__ import annotations

import pygame

from .theme import BLACK, CLEAR, RGBA, WHITE, Colour


def lerp_colour(a: Colour, b: Colour, t: float) -> Colour:
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, factor: float) -> Colour:
    """Darken (factor < 1) or lighten towards white (factor > 1)."""
    if factor <= 1:
        return (round(c[0] * factor), round(c[1] * factor), round(c[2] * factor))
    return lerp_colour(c, WHITE, factor - 1)


def rounded_rect(
    size: tuple[int, int],
    fill: Colour | RGBA,
    radius: int,
    border: int = 0,
    border_colour: Colour | RGBA | None = None,
    supersample: int = 3,
) -> pygame.Surface:
    """An antialiased rounded rectangle on a transparent surface of ``size``."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    k = supersample
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    edge = border_colour if (border and border_colour is not None) else fill
    big.fill((*edge[:3], 0))
    outer = big.get_rect()
    if border and border_colour is not None:
        pygame.draw.rect(big, border_colour, outer, border_radius=radius * k)
        inner = outer.inflate(-2 * border * k, -2 * border * k)
        pygame.draw.rect(big, fill, inner, border_radius=max(0, (radius - border) * k))
    else:
        pygame.draw.rect(big, fill, outer, border_radius=radius * k)
    return pygame.transform.smoothscale(big, (w, h))


def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """An opaque top-to-bottom gradient (drawn 2 px wide, then stretched)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    strip = pygame.Surface((2, h))
    for y in range(h):
        pygame.draw.line(strip, lerp_colour(top, bottom, y / max(1, h - 1)), (0, y), (1, y))
    return pygame.transform.scale(strip, (w, h))


def mask_with(surface: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Copy of ``surface`` (same size as ``mask``) whose alpha is ``mask``'s alpha."""
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``blur`` px larger than ``size`` on each side."""
    w, h = int(size[0]), int(size[1])
    pad = max(1, blur)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    surf.fill(CLEAR)
    pygame.draw.rect(surf, (*BLACK, alpha), pygame.Rect(pad, pad, w, h), border_radius=radius)
    return pygame.transform.gaussian_blur(surf, max(1, blur // 2))


def glow_outline(size: tuple[int, int], radius: int, colour: Colour, thickness: int, blur: int) -> pygame.Surface:
    """A crisp rounded outline around a ``size`` rect with a soft halo; ``blur`` px margin each side."""
    w, h = int(size[0]), int(size[1])
    pad = max(1, blur)
    full = (w + 2 * pad, h + 2 * pad)
    halo = pygame.Surface(full, pygame.SRCALPHA)
    halo.fill((*colour, 0))
    ring = pygame.Rect(pad, pad, w, h).inflate(thickness * 2, thickness * 2)
    pygame.draw.rect(halo, (*colour, 230), ring, width=thickness * 2, border_radius=radius + thickness)
    halo = pygame.transform.gaussian_blur(halo, max(1, blur // 2))
    line = rounded_rect(ring.size, (*colour, 0), radius + thickness, border=thickness, border_colour=(*colour, 255))
    halo.blit(line, ring.topleft)
    return halo


MAX_DRAWN = 2000          # characters of one drawn line (no line on screen holds more)
_BLANK = {0x09: " ", 0x0A: " ", 0x0D: " ", 0x2028: " ", 0x2029: " "}


def drawable(text: str) -> str:
    """``text`` as the font can take it: at most ``MAX_DRAWN`` characters, control characters (NUL among them)
    dropped, line breaks and tabs as spaces, lone surrogates as U+FFFD."""
    text = text[:MAX_DRAWN]
    if text.isprintable():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code in _BLANK:
            out.append(_BLANK[code])
        elif code < 0x20 or 0x7F <= code < 0xA0:
            continue
        elif 0xD800 <= code < 0xE000:
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def text_size(font: pygame.font.Font, text: str) -> tuple[int, int]:
    """The size ``text`` takes in ``font``; never raises."""
    try:
        return font.size(drawable(text))
    except (pygame.error, ValueError):
        return (0, font.get_height())


def render_line(font: pygame.font.Font, text: str, colour: Colour | RGBA) -> pygame.Surface:
    """``font.render`` that never raises: a line with no ink (zero-width characters only) is an empty strip."""
    try:
        return font.render(drawable(text), True, colour)
    except (pygame.error, ValueError):
        return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)


def render_text(
    font: pygame.font.Font,
    text: str,
    colour: Colour,
    max_width: int | None = None,
    crop: bool = False,
) -> pygame.Surface:
    """Antialiased text; squeezed horizontally to ``max_width``; ``crop`` trims to the ink."""
    surf = render_line(font, text, colour)
    if crop:
        box = surf.get_bounding_rect()
        if box.w and box.h:
            surf = surf.subsurface(box).copy()
    if max_width is not None and surf.get_width() > max_width > 0:
        surf = pygame.transform.smoothscale(surf, (max_width, surf.get_height()))
    return surf


def shadowed_text(font: pygame.font.Font, text: str, colour: Colour, size: int,
                  max_width: int | None = None) -> pygame.Surface:
    """Text with a dark drop shadow offset by about a fourteenth of the font ``size`` (at least 1 px)."""
    img = render_text(font, text, colour, max_width)
    off = max(1, size // 14)
    out = pygame.Surface((img.get_width() + off, img.get_height() + off), pygame.SRCALPHA)
    out.blit(render_text(font, text, BLACK, max_width), (off, off))
    out.blit(img, (0, 0))
    return out


def outlined_text(
    font: pygame.font.Font, text: str, colour: Colour, outline: Colour = BLACK, px: int = 2
) -> pygame.Surface:
    """Text with a solid outline ``px`` wide, for banners and buttons over busy art."""
    base = render_line(font, text, colour)
    edge = render_line(font, text, outline)
    out = pygame.Surface((base.get_width() + 2 * px, base.get_height() + 2 * px), pygame.SRCALPHA)
    for dx in range(-px, px + 1):
        for dy in range(-px, px + 1):
            if dx * dx + dy * dy <= px * px + 1:
                out.blit(edge, (px + dx, px + dy))
    out.blit(base, (px, px))
    return out


def optimise(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha() for fast blits when a display exists; unchanged otherwise."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
