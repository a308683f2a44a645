"""A chat line at the server: a visible character, a few marks each, emoji sequences, no invisible tricks."""

from __future__ import annotations

import unicodedata

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.chat_text import MAX_MARKS, clean_chat
from tala_desktop.net.protocol import ProtocolError, decode_command, encode_command

from ..hostile_text import BAD_LINES, invisible_code_points


def invisible_lines() -> list[str]:
    return [ch for ch in invisible_code_points() if ch.strip()]


def refused(text: str) -> bool:
    try:
        clean_chat(text)
    except ValueError:
        return True
    return False


def test_no_line_of_invisible_characters_alone_is_accepted():
    lines = invisible_lines()
    assert len(lines) > 2500                                   # marks, formats, tags, fillers, spaces
    accepted = [f"U+{ord(s):04X}" for s in lines if not refused(s) or not refused(s * 3) or not refused(f" {s} ")]
    assert accepted == []


@pytest.mark.parametrize("text", [
    "\ufe0f", "\u200b", "\u200d", "\u2800", "\u3164", "\uffa0", "\u115f\u1160", "\u2800 \u2800",
    "a\u2028b", "a\u2029b", "xin\u200bchào", "\u202eolleh", "a\u00adb", "\ufeffhi", "a\x00b", "a\u3000b",
    "a" + "\u0301" * (MAX_MARKS + 1), "\u0301" * 3, "\u200dhi", "hi\u200d", "a\u200d\u200db", "a\U000e0067b",
    "a\ue000", "\U0001f3f4" + "\U000e0067" * 12, "\u180e", "hi\u2064",
])
def test_invisible_tricks_are_refused_at_decode(text):
    with pytest.raises(ProtocolError) as exc:
        decode_command(p.msgspec.json.encode({"type": "chat", "text": text}))
    assert exc.value.code == "bad_chat"


@pytest.mark.parametrize("text", [
    "👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "1️⃣", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Chào cả nhà, đánh nhanh lên nhé!", "ừ 😂", "mi\u200cnh",
    "Tiếng Việt tổ hợp: a\u0306\u0301", "ok  ok", "(°_°)", "中文也行", "नमस्ते",
])
def test_ordinary_text_and_emoji_sequences_are_accepted(text):
    cmd = decode_command(encode_command(p.Chat(text="x")).replace('"x"', p.msgspec.json.encode(text).decode()))
    assert isinstance(cmd, p.Chat) and cmd.text == unicodedata.normalize("NFC", text)


@pytest.mark.parametrize("text", BAD_LINES)
def test_lines_that_broke_renderers_are_refused(text):
    with pytest.raises(ValueError):
        clean_chat(text)


def test_the_line_is_normalised_and_trimmed():
    assert clean_chat("  a\u0306\u0301  ") == "ắ"
