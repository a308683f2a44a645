"""The computer players' reasons (Vietnamese, English): why a bot chose its move, never the move itself.

Keys are what ``bots.Reason.key`` names; arguments are cards as labels ("7♥"),
phỏm as "3♠-4♠-5♠", numbers, or nested reasons (already in words when these
templates are filled, see ``reasons.reason_text``). Merged into ``i18n.STRINGS``.
"""

from __future__ import annotations

BOT_STRINGS: dict[str, tuple[str, str]] = {
    "bot.u": ("cả bài vào phỏm", "every card but at most one is in a phỏm"),
    "bot.u_khan": ("bài chia không phỏm, không cạ", "a dealt hand with no phỏm and no cạ"),
    "bot.lay_none": ("không có phỏm nào: Móm", "there is no phỏm: Móm"),
    "bot.lay": ("còn {points} điểm rác", "{points} trash points left"),
    "bot.lay#one": ("còn {points} điểm rác", "{points} trash point left"),
    "bot.lay_then_send": ("rồi gửi {cards}: còn {points} điểm rác", "then send {cards}: {points} trash points left"),
    "bot.lay_then_send#one": ("rồi gửi {cards}: còn {points} điểm rác", "then send {cards}: {points} trash point "
                                                                        "left"),
    "bot.send": ("lá này vào được phỏm đã hạ", "it fits a laid phỏm"),
    "bot.draw_nothing": ("không có lá nào để ăn", "there is nothing to eat"),
    "bot.draw_no_phom": ("lá vừa đánh không vào phỏm nào", "the last discard completes no phỏm"),
    "bot.eat_would_lock": ("ăn {card} sẽ khóa bài", "eating {card} would lock the hand"),
    "bot.eat_completes": ("thành phỏm {phom}, được {bets} cược", "it completes {phom} for {bets} bets"),
    "bot.eat_completes#one": ("thành phỏm {phom}, được {bets} cược", "it completes {phom} for {bets} bet"),
    "bot.eat_makes_phom": ("{card} thành phỏm", "{card} makes a phỏm"),
    "bot.only_discard": ("lá duy nhất được đánh", "the only card that may go"),
    "bot.only_move": ("nước duy nhất", "the only move"),
    "bot.highest_legal": ("lá cao nhất được đánh", "the highest card that may go"),
    "bot.highest_trash": ("rác cao nhất", "the highest trash card"),
    "bot.any_trash": ("một lá rác", "a trash card"),
    "bot.keep_feeder": ("giữ {card} vì nhà dưới có thể ăn nó", "keeping {card}: the next player could eat it"),
    "bot.keep_ca": ("giữ cạ {cards}", "keeping the cạ {cards}"),
    "bot.random": ("đi ngẫu nhiên", "a random move"),
    "bot.search_agrees": ("{reason}; tính trước {samples} ván thử cũng vậy", "{reason}; {samples} sampled deals "
                                                                            "agree"),
    "bot.search_better": ("hơn {other} {gain:+.2f} cược qua {samples} ván thử",
                          "{gain:+.2f} bets better than {other} over {samples} sampled deals"),
    "bot.tutorial": ("bài hướng dẫn", "the lesson's script"),
}
