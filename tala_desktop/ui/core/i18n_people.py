"""The LAN people's strings (Vietnamese, English): going back to a table, a seat kept for someone away, the
evening's scoreboard."""

from __future__ import annotations

PEOPLE_STRINGS: dict[str, tuple[str, str]] = {
    "back.button": ("Quay lại bàn", "Back to the table"),
    "back.note": ("{table} · {server} · còn {seconds} giây", "{table} · {server} · {seconds} s left"),
    "back.gone": ("Ghế của bạn không còn được giữ nữa: hãy chọn bàn trong danh sách.",
                  "Your seat is no longer kept: choose a table from the list."),
    "people.away": ("vắng · {seconds}s", "away · {seconds}s"),
}
