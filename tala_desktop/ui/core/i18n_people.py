"""The LAN people's strings (Vietnamese, English): going back to a table, a seat kept for someone away, the
evening's scoreboard."""

from __future__ import annotations

PEOPLE_STRINGS: dict[str, tuple[str, str]] = {
    "back.button": ("Quay lại bàn", "Back to the table"),
    "back.note": ("{table} · {server} · còn {seconds} giây", "{table} · {server} · {seconds} s left"),
    "back.gone": ("Ghế của bạn không còn được giữ nữa: hãy chọn bàn trong danh sách.",
                  "Your seat is no longer kept: choose a table from the list."),
    "people.away": ("vắng · {seconds}s", "away · {seconds}s"),
    "board.title": ("Bảng điểm buổi chơi", "The evening's scoreboard"),
    "board.col.name": ("Người chơi", "Player"),
    "board.col.games": ("Số ván", "Games"),
    "board.col.net": ("Thắng/thua", "Won/lost"),
    "board.you": ("{name} (bạn)", "{name} (you)"),
    "board.games": ("{count} ván", "{count} games"),
    "board.games#one": ("{count} ván", "{count} game"),
    "history.evening": ("Cả buổi ở bàn LAN · chip của bàn", "A LAN evening · the table's chips"),
    "history.auto": ("máy chơi thay bạn {count} lượt", "the computer played {count} turns for you"),
    "history.auto#one": ("máy chơi thay bạn {count} lượt", "the computer played {count} turn for you"),
}
