"""I18n (table scene): the table's strings for pausing, the lay-down clock, confirmations, controls and results.

Merged into ``i18n.STRINGS``; key: (Vietnamese, English).
"""

from __future__ import annotations

TABLE_STRINGS: dict[str, tuple[str, str]] = {
    # pause menu: offline it pauses, at a LAN table it is only a menu (the server's clock runs on)
    "pause.menu_title": ("Menu", "Menu"),
    "pause.back": ("Về bàn", "Back to the table"),
    "pause.paused_note": ("Đồng hồ và các người chơi máy đang dừng", "The clock and the computer players are stopped"),
    "pause.lan_note": ("Bàn LAN không dừng được: ván vẫn đang chạy", "A LAN table cannot pause: the game goes on"),
    # confirmations
    "confirm.leave_title": ("Rời bàn giữa ván?", "Leave in the middle of a game?"),
    "confirm.leave_practice": ("Đây là ván tập: rời bàn không mất chip nào. Muốn học lại, mở Hướng dẫn ở màn hình "
                               "chính.", "This is a practice game: leaving costs no chips. To learn again, open "
                               "Tutorial from the main menu."),
    "confirm.leave_text": ("Rời bàn lúc này bị tính Móm: bạn mất {bets} cược ({amount}).",
                           "Leaving now counts as Móm: you lose {bets} bets ({amount})."),
    "confirm.leave_text#one": ("Rời bàn lúc này bị tính Móm: bạn mất {bets} cược ({amount}).",
                               "Leaving now counts as Móm: you lose {bets} bet ({amount})."),
    "confirm.leave_all": ("Rời bàn lúc này bị tính Móm: bạn mất hết {amount} còn lại.",
                          "Leaving now counts as Móm: you lose the {amount} you have left."),
    "confirm.leave_rest": ("Máy đánh nốt ván thay bạn; lá bị ăn, chốt hay Ù sau đó đều tính trong {amount} này, "
                           "không mất thêm.",
                           "The computer finishes the game for your seat; cards eaten from it, a chốt or an Ù after "
                           "that all come out of these {amount}: you lose nothing more."),
    "confirm.leave_owed_lost": ("Ván này bạn đã mất {amount}.", "So far this game you have lost {amount}."),
    "confirm.leave_owed_won": ("Ván này bạn đang được {amount}: số đó vẫn là của bạn.",
                               "So far this game you have won {amount}: you keep it."),
    "confirm.leave_owed_none": ("Ván này bạn chưa mất gì.", "So far this game you have lost nothing."),
    "confirm.leave_unknown": ("Nếu ván đang chơi, rời bàn lúc này bị tính Móm: máy đánh nốt ván thay bạn, và bạn "
                              "không mất quá số tiền Móm, kể cả lá bị ăn, chốt hay Ù sau khi rời.",
                              "If a game is on, leaving now counts as Móm: the computer finishes the game for your "
                              "seat, and you lose no more than the Móm, cards eaten, a chốt or an Ù after you leave "
                              "included."),
    "confirm.leave_yes": ("Rời bàn", "Leave"),
    "confirm.stay": ("Ở lại", "Stay"),
    "confirm.quit_title": ("Thoát game?", "Quit the game?"),
    "confirm.quit_saved": ("Ván đang chơi được lưu: lần sau bấm Chơi tiếp để chơi nốt.",
                           "The game in progress is saved: press Continue next time to finish it."),
    "confirm.quit_unsaved": ("Ván đang chơi sẽ không được lưu.", "The game in progress will not be saved."),
    "confirm.quit_lan": ("Thoát bây giờ là rời bàn LAN: bị tính Móm, bạn mất {bets} cược ({amount}).",
                         "Quitting now leaves the LAN table: it counts as Móm, you lose {bets} bets ({amount})."),
    "confirm.quit_lan#one": ("Thoát bây giờ là rời bàn LAN: bị tính Móm, bạn mất {bets} cược ({amount}).",
                             "Quitting now leaves the LAN table: it counts as Móm, you lose {bets} bet ({amount})."),
    "confirm.quit_lan_all": ("Thoát bây giờ là rời bàn LAN: bị tính Móm, bạn mất hết {amount} còn lại.",
                             "Quitting now leaves the LAN table: it counts as Móm, you lose the {amount} you have "
                             "left."),
    "confirm.quit_host": ("Bạn đang giữ bàn LAN này: thoát là đóng bàn cho mọi người ({names}), họ sẽ phải tìm "
                          "bàn khác. Muốn bàn chơi tiếp thì bấm Ở lại.",
                          "You host this LAN table: quitting closes it for everyone ({names}), who will have to find "
                          "another table. To keep the table going, press Stay."),
    "confirm.quit_yes": ("Thoát", "Quit"),
    "confirm.quit_text": ("Đóng Tá Lả bây giờ?", "Close Tá Lả now?"),
    # "still there?": the clock played your last turns, the offline table waits before the next game
    "still.title": ("Bạn còn đó không?", "Still there?"),
    "still.text": ("Đồng hồ đã tự đánh {turns} lượt liền của bạn, nên bàn dừng lại trước ván mới: chưa chia bài, "
                   "chưa mất chip nào. Bấm Chơi tiếp để chơi ván sau, hoặc Rời bàn.",
                   "The clock played your last {turns} turns, so the table stopped before the next game: nothing "
                   "is dealt and no chips go. Press Play on to deal the next game, or Leave."),
    "still.play": ("Chơi tiếp", "Play on"),
    "still.leave": ("Rời bàn", "Leave"),
    # the lay-down turn's clock
    "status.lay_clock": ("Hạ bài trước khi hết giờ!", "Lay down before the time runs out!"),
    "status.lay_clock_mom": ("Hạ bài trước khi hết giờ! Hết giờ là Móm",
                             "Lay down before the time runs out, or it is Móm"),
    # your clicks
    "status.already_took": ("Bạn đã lấy bài lượt này rồi: {next}", "You have taken a card this turn: {next}"),
    "status.first_no_draw": ("Lượt đầu không bốc bài: hãy đánh một lá", "No draw on the first turn: discard a card"),
    "next.lay": ("hãy hạ bài", "lay down now"),
    "next.send": ("hãy gửi bài hoặc bấm Bỏ qua", "send cards or press Skip"),
    "next.discard": ("hãy đánh một lá", "discard a card"),
    "status.sort_phom": ("Xếp theo phỏm", "Sorted by phỏm"),
    "status.sort_suit": ("Xếp theo chất", "Sorted by suit"),
    "status.sort_rank": ("Xếp theo số", "Sorted by rank"),
    "status.send_needs": ("Gửi {helpers} trước thì {card} mới gửi được", "Send {helpers} first, then {card} fits"),
    "status.send_chain": ("Nâng cả {helpers}: gửi trước để {card} gửi được",
                          "Raised {helpers} too: sent first, they make {card} fit"),
    # header
    "table.mute": ("Tắt tiếng", "Mute"),
    # results: their countdown to the next game stands still while you read, stops for good at a click
    "results.keep_looking": ("Xem tiếp", "Keep looking"),
    "results.paused": ("Đang dừng khi chuột ở trên bảng: còn {seconds} giây",
                       "Paused while the pointer is on the results: {seconds} s left"),
    "results.held": ("Bấm Ván mới khi bạn sẵn sàng", "Press New game when you are ready"),
    "results.held_lan": ("Bấm Ván mới khi bạn sẵn sàng: bàn không chờ lâu",
                         "Press New game when you are ready: the table will not wait long"),
    "results.held_watching": ("Bấm Đóng khi bạn xem xong", "Press Close when you are done"),
    # results: what each amount is made of
    "results.phom": ("Phỏm", "Phỏm"),
    "results.trash": ("Rác", "Trash"),
    "pay.rank": ("hạng {amount}", "rank {amount}"),
    "pay.eat": ("ăn {amount}", "eats {amount}"),
    "pay.ate_from": ("ăn của {name} {amount}", "ate from {name} {amount}"),
    "pay.ate_from_you": ("{name} ăn của bạn {amount}", "{name} ate from you {amount}"),
    "pay.eaten_by": ("bị {name} ăn {amount}", "eaten by {name} {amount}"),
    "pay.chot": ("chốt {amount}", "chốt {amount}"),
    "pay.mom": ("móm {amount}", "Móm {amount}"),
    "pay.u": ("ù {amount}", "Ù {amount}"),
    "pay.den": ("đền {amount}", "đền {amount}"),
    "pay.other": ("khác {amount}", "other {amount}"),
}
