"""SurfaceCache: the one cache of rendered images the UI keeps, bounded by a count and counted.

Every widget and art module that keeps what it rendered (a button's faces,
a card at a width, a line of chat, a panel) keeps it in a ``SurfaceCache``:
``get(key, make)`` returns the image made for ``key`` before, or makes it
with ``make()`` and keeps it. Past ``limit`` images the least recently used
one is dropped, so a window resized many times, a long chat or a thousand
labels never grow memory without end. ``stats()`` counts the hits, the
misses (each one a render), the images dropped for the bound and the images
held; ``pixel_bytes()`` is the memory their pixels take (bench/ui_memory.py
adds these up over every cache of the running app).

A value is a surface or a sequence of surfaces (the wrapped rows of one
chat line). Not thread-safe: only the pygame thread draws.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

V = TypeVar("V", bound=pygame.Surface | Sequence[pygame.Surface])


@dataclass(frozen=True)
class CacheStats:
    """A cache's counters: lookups that found their image, renders, images dropped for the bound, images held."""

    hits: int
    misses: int
    evictions: int
    size: int
    limit: int

    def __add__(self, other: CacheStats) -> CacheStats:
        return CacheStats(self.hits + other.hits, self.misses + other.misses, self.evictions + other.evictions,
                          self.size + other.size, self.limit + other.limit)


class SurfaceCache(Generic[V]):
    """At most ``limit`` rendered images by key, least recently used dropped first."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a surface cache holds at least one image, not {limit}")
        self.limit = limit
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The image kept for ``key``, or ``make()``'s, kept (and the oldest dropped past the limit)."""
        items = self._items
        img = items.get(key)
        if img is not None:
            self.hits += 1
            items.move_to_end(key)
            return img
        self.misses += 1
        img = items[key] = make()
        if len(items) > self.limit:
            items.popitem(last=False)
            self.evictions += 1
        return img

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[Hashable]:
        """The keys held, least recently used first."""
        return iter(self._items)

    def clear(self) -> None:
        """Drop every image (the counters go on: a clear is not an eviction)."""
        self._items.clear()

    def stats(self) -> CacheStats:
        return CacheStats(self.hits, self.misses, self.evictions, len(self._items), self.limit)

    def pixel_bytes(self) -> int:
        """Bytes of pixels the held images take (a sequence counts each of its surfaces)."""
        total = 0
        for value in self._items.values():
            for img in (value,) if isinstance(value, pygame.Surface) else value:
                total += img.get_bytesize() * img.get_width() * img.get_height()
        return total
