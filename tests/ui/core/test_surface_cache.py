"""SurfaceCache: the bound holds, the least recently used image goes first, and every lookup is counted."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.surface_cache import CacheStats, SurfaceCache


def _maker(made: list[str], key: str, size: tuple[int, int] = (4, 2)):
    def make() -> pygame.Surface:
        made.append(key)
        return pygame.Surface(size)
    return make


def test_an_image_is_made_once_and_found_after() -> None:
    cache: SurfaceCache[pygame.Surface] = SurfaceCache(4)
    made: list[str] = []
    first = cache.get("a", _maker(made, "a"))
    assert cache.get("a", _maker(made, "a")) is first
    assert made == ["a"]
    assert cache.stats() == CacheStats(hits=1, misses=1, evictions=0, size=1, limit=4)


def test_the_bound_holds_and_the_least_recently_used_goes_first() -> None:
    cache: SurfaceCache[pygame.Surface] = SurfaceCache(3)
    made: list[str] = []
    for key in "abc":
        cache.get(key, _maker(made, key))
    cache.get("a", _maker(made, "a"))          # "a" used again: "b" is now the oldest
    cache.get("d", _maker(made, "d"))
    assert len(cache) == 3
    assert "b" not in cache and all(k in cache for k in "acd")
    for i in range(50):
        cache.get(i, _maker(made, str(i)))
    assert len(cache) == 3
    assert cache.stats() == CacheStats(hits=1, misses=54, evictions=51, size=3, limit=3)


def test_clear_drops_the_images_and_keeps_the_counts() -> None:
    cache: SurfaceCache[pygame.Surface] = SurfaceCache(8)
    made: list[str] = []
    cache.get("a", _maker(made, "a"))
    cache.clear()
    assert len(cache) == 0
    cache.get("a", _maker(made, "a"))
    assert made == ["a", "a"]
    assert cache.stats() == CacheStats(hits=0, misses=2, evictions=0, size=1, limit=8)


def test_pixel_bytes_counts_surfaces_and_rows_of_surfaces() -> None:
    single: SurfaceCache[pygame.Surface] = SurfaceCache(8)
    single.get("a", lambda: pygame.Surface((10, 5), pygame.SRCALPHA))
    assert single.pixel_bytes() == 10 * 5 * 4
    rows: SurfaceCache[list[pygame.Surface]] = SurfaceCache(8)
    rows.get("line", lambda: [pygame.Surface((10, 5), pygame.SRCALPHA), pygame.Surface((3, 2), pygame.SRCALPHA)])
    assert rows.pixel_bytes() == (50 + 6) * 4


def test_stats_add_up_over_caches() -> None:
    a: SurfaceCache[pygame.Surface] = SurfaceCache(2)
    b: SurfaceCache[pygame.Surface] = SurfaceCache(5)
    a.get(1, lambda: pygame.Surface((1, 1)))
    a.get(1, lambda: pygame.Surface((1, 1)))
    b.get(1, lambda: pygame.Surface((1, 1)))
    assert a.stats() + b.stats() == CacheStats(hits=1, misses=2, evictions=0, size=2, limit=7)


def test_a_cache_holds_at_least_one_image() -> None:
    with pytest.raises(ValueError):
        SurfaceCache(0)
