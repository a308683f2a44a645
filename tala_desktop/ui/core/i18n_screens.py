"""Strings of the store screens (profile, notices, Thống kê, Lịch sử, Xem lại, Hướng dẫn, the full Cài đặt).

Merged into ``i18n.STRINGS`` at import, so ``tr`` finds them like any other
key; kept apart only so the main table stays short. key: (Vietnamese, English).
"""

from __future__ import annotations

SCREEN_STRINGS: dict[str, tuple[str, str]] = {
    # main menu: profile card, new entries
    "menu.tutorial": ("Hướng dẫn", "Tutorial"),
    "menu.stats": ("Thống kê", "Statistics"),
    "menu.history": ("Lịch sử", "History"),
    "menu.chips": ("{amount} chip", "{amount} chips"),
    "menu.topup": ("Nhận chip", "Free chips"),
    "menu.abandon_title": ("Bỏ ván đang dở?", "Abandon the saved game?"),
    "menu.abandon_text": ("Bạn còn một ván chưa chơi xong. Bắt đầu ván mới thì ván đó tính là bạn rời bàn: "
                          "Móm, trả tiền như thua Móm.",
                          "You have an unfinished game. Starting a new one counts as leaving it: Móm, and you "
                          "pay as a Móm player."),
    "menu.abandon_yes": ("Ván mới", "New game"),
    "menu.abandon_no": ("Quay lại", "Go back"),
    "menu.topup_done": ("Bạn nhận được {amount} chip miễn phí", "You received {amount} free chips"),
    "setup.error.broke": ("Bạn cần ít nhất {min} chip để chơi.", "You need at least {min} chips to play."),
    "free.claim": ("Nhận chip miễn phí", "Get free chips"),
    "free.offer": ("Nhận {amount} chip miễn phí, mỗi ngày một lần.", "Get {amount} chips free, once a day."),
    "free.next_today": ("Chip miễn phí lần tới: {time} hôm nay, còn {wait}.",
                        "Next free chips: today at {time}, in {wait}."),
    "free.next_tomorrow": ("Chip miễn phí lần tới: {time} ngày mai, còn {wait}.",
                           "Next free chips: tomorrow at {time}, in {wait}."),
    "free.next_on": ("Chip miễn phí lần tới: {time} ngày {date}.", "Next free chips: {date} at {time}."),
    "free.wait": ("{hours} giờ {minutes} phút", "{hours} h {minutes} min"),
    "free.wait_minutes": ("{minutes} phút", "{minutes} min"),
    "setup.your_chips": ("Bạn đang có {amount} chip", "You have {amount} chips"),
    "seat.human": ("Người", "Human"),
    "seat.bot": ("Máy", "Bot"),
    "seat.remote": ("Qua mạng", "LAN"),
    # notices from the store
    "notice.title": ("Thông báo", "Notice"),
    "notice.ok": ("Đã hiểu", "Got it"),
    "notice.db_corrupt": ("Dữ liệu của trò chơi bị hỏng nên đã được cất sang một bên; trò chơi tạo dữ liệu mới "
                          "(hồ sơ, chip và lịch sử bắt đầu lại).",
                          "The game's data was damaged, so it was set aside and a fresh one was made (profile, "
                          "chips and history start again)."),
    "notice.db_newer": ("Dữ liệu được tạo bởi phiên bản mới hơn của trò chơi nên đã được cất sang một bên; "
                        "trò chơi tạo dữ liệu mới.",
                        "The data was written by a newer version of the game, so it was set aside and a fresh one "
                        "was made."),
    "notice.db_empty": ("Tệp dữ liệu của trò chơi (tala.db) bị rỗng (0 byte) nên không đọc được hồ sơ, chip và lịch "
                        "sử; trò chơi đã tạo hồ sơ mới và giữ lại tệp rỗng. Nếu bạn có bản sao lưu thư mục dữ liệu, "
                        "hãy thoát trò chơi rồi chép bản sao lưu vào.",
                        "The game's data file (tala.db) was empty (0 bytes), so your profile, chips and history "
                        "could not be read; a fresh profile was started and the empty file was kept. If you have a "
                        "backup of the data folder, quit the game and restore it."),
    "notice.db_lost": ("Dữ liệu đã lưu thiếu những ván gần nhất (thiếu {games} ván, {ledger} lần thay đổi chip): một "
                       "tệp của dữ liệu (tala.db-wal) có lẽ đã bị xóa sau khi trò chơi dừng đột ngột. Hồ sơ, chip và "
                       "lịch sử trở về như trước các ván đó; bản sao dữ liệu lúc tìm thấy đã được giữ lại. Đừng xóa "
                       "tệp nào trong thư mục dữ liệu của trò chơi.",
                       "The latest games are missing from the saved data (games missing: {games}; chip changes "
                       "missing: {ledger}): a file of it (tala.db-wal) was probably deleted after the game stopped "
                       "unexpectedly. Your profile, chips and history are as they were before those games; a copy "
                       "of the data as found was kept. Do not delete files in the game's data folder."),
    "notice.db_missing": ("Không tìm thấy tệp dữ liệu của trò chơi (tala.db) dù trước đó đã lưu {games} ván, nên trò "
                          "chơi đã tạo hồ sơ mới. Nếu bạn đã chuyển hoặc xóa nhầm tệp này, hãy thoát trò chơi rồi "
                          "đặt nó lại vào thư mục dữ liệu.",
                          "The game's data file (tala.db) was not found although games had been saved before "
                          "(games saved: {games}), so a fresh profile was started. If you moved or deleted it by "
                          "mistake, quit the game and put it back in the data folder."),
    "notice.autosave_corrupt": ("Không thể chơi tiếp ván đã lưu vì tệp lưu bị hỏng; tệp đã được cất sang một bên.",
                                "The saved game could not be resumed because its file is damaged; the file was "
                                "set aside."),
    "notice.autosave_unfit": ("Không thể chơi tiếp ván đã lưu: luật, mức cược hoặc người chơi của nó không còn hợp "
                              "với phiên bản trò chơi này. Tệp lưu đã được cất sang một bên; hãy bắt đầu ván mới.",
                              "The saved game cannot be resumed: its rules, bet or players no longer fit this "
                              "version of the game. Its file was set aside; start a new game instead."),
    "notice.settings_invalid": ("Một cài đặt không đọc được nên đã trở về mặc định.",
                                "A setting could not be read and is back to its default."),
    "notice.game_settled": ("Ván chơi dở lúc thoát đã kết thúc và đã được tính tiền.",
                            "The game that was running when the app closed had ended; it has been paid."),
    "notice.store_unavailable": ("Không mở được dữ liệu của trò chơi (có thể trò chơi đang mở ở cửa sổ khác). "
                                 "Lần chơi này sẽ không được lưu.",
                                 "The game's data could not be opened (maybe the game is open in another "
                                 "window). Nothing will be saved this time."),
    "notice.resume_failed": ("Chưa thể chơi tiếp ván đã lưu. Tệp lưu vẫn được giữ và sẽ được thử lại ở lần mở "
                             "sau; bạn vẫn có thể bắt đầu ván mới.",
                             "The saved game cannot be resumed now. Its file is kept and will be tried again the "
                             "next time the game opens; you can still start a new game."),
    "notice.session_error": ("Có lỗi khi lưu ván chơi, nên ván này có thể không vào lịch sử và chip. Hãy kiểm tra ổ "
                             "đĩa còn chỗ trống và thư mục dữ liệu ghi được.",
                             "The game could not be saved, so it may be missing from your history and chips. Check "
                             "that the disk has free space and that the data folder can be written."),
    "notice.autosave_paid": ("Ván đã lưu đã được tính tiền rồi nên không chơi tiếp lại; chip và lịch sử vẫn như sau "
                             "ván đó.",
                             "The saved game had already been paid, so it was not resumed again; your chips and "
                             "history are as they were after it."),
    "notice.autosave_stale": ("Ván đã lưu cũ hơn những ván đã tính tiền ở cùng bàn nên không chơi tiếp; tệp lưu đã "
                              "được cất sang một bên.",
                              "The saved game is older than games already paid at its table, so it was not resumed; "
                              "its file was set aside."),
    "notice.autosave_stuck": ("Ván đã lưu đã được tính tiền nên không chơi tiếp, nhưng không xóa được tệp lưu: trò "
                              "chơi không ghi được vào thư mục dữ liệu nên ván mới sẽ không được lưu. Hãy kiểm tra "
                              "quyền ghi của thư mục {folder}.",
                              "The saved game had already been paid, so it was not resumed, but its file could not "
                              "be removed: the game cannot write to its data folder, so new games will not be saved. "
                              "Check that the folder {folder} can be written."),
    "notice.rows_unreadable": ("Một vài dữ liệu đã lưu (ván chơi, chip hoặc tên) bị hỏng nên không đọc được; chúng "
                               "được bỏ qua trong lịch sử và thống kê. Phần còn lại vẫn bình thường, bạn cứ chơi "
                               "tiếp.",
                               "Some saved records (games, chips or names) are damaged and could not be read; they "
                               "are left out of the history and statistics. Everything else is fine: you can keep "
                               "playing."),
    "notice.moved_to": ("Tệp cũ: {path}", "Old file: {path}"),
    # a second copy of the game on a data folder that a running copy holds
    "already_open.title": ("Tá Lả đang mở rồi", "Tá Lả is already open"),
    "already_open.text": ("Trò chơi đang chạy trong một cửa sổ khác với cùng dữ liệu (hồ sơ, chip, ván đang chơi). "
                          "Hãy chuyển sang cửa sổ đó, hoặc đóng nó rồi mở lại trò chơi. Cửa sổ này không thay đổi "
                          "gì trong dữ liệu của bạn.",
                          "The game is running in another window with the same data (profile, chips, the game in "
                          "progress). Switch to that window, or close it and start the game again. This window "
                          "changed nothing in your data."),
    "already_open.folder": ("Thư mục dữ liệu: {path}", "Data folder: {path}"),
    "already_open.close": ("Đóng", "Close"),
    # profile
    "profile.title": ("Hồ sơ", "Profile"),
    "profile.name": ("Tên của bạn", "Your name"),
    "profile.save": ("Lưu", "Save"),
    "profile.saved": ("Đã lưu tên", "Name saved"),
    "profile.bad_name": ("Tên phải có từ 1 đến {max} ký tự", "A name has 1 to {max} characters"),
    "profile.avatar": ("Ảnh đại diện", "Avatar"),
    "profile.wallet": ("Ví chip", "Wallet"),
    "profile.chips_unit": ("chip", "chips"),
    "profile.topup_rule": ("Khi còn dưới {floor} chip, mỗi ngày bạn được nhận chip miễn phí cho đủ {floor}.",
                           "Below {floor} chips, you may top up to {floor} for free once a day."),
    # statistics
    "stats.title": ("Thống kê", "Statistics"),
    "stats.games": ("Số ván đã chơi", "Games played"),
    "stats.win_rate": ("Tỉ lệ thắng", "Win rate"),
    "stats.wins_of": ("{wins} ván thắng", "{wins} won"),
    "stats.u_count": ("Số lần Ù", "Ù count"),
    "stats.mom_rate": ("Tỉ lệ Móm", "Móm rate"),
    "stats.mom_of": ("{count} lần móm", "{count} times"),
    "stats.best_streak": ("Chuỗi thắng dài nhất", "Best win streak"),
    "stats.current_streak": ("hiện tại: {count}", "now: {count}"),
    "stats.net_total": ("Tổng thắng thua", "Net chips"),
    "stats.chips": ("Chip theo thời gian", "Chips over time"),
    "stats.lan_apart": ("Không tính {count} ván LAN (chip của bàn: {net}); xem trong Lịch sử.",
                        "Not counted: {count} LAN games (the table's chips: {net}); see History."),
    "stats.lan_apart#one": ("Không tính {count} ván LAN (chip của bàn: {net}); xem trong Lịch sử.",
                            "Not counted: {count} LAN game (the table's chips: {net}); see History."),
    "stats.opponents": ("Kết quả với từng đối thủ", "Results against each opponent"),
    "stats.col.opponent": ("Đối thủ", "Opponent"),
    "stats.col.games": ("Số ván", "Games"),
    "stats.col.your_wins": ("Bạn thắng", "You won"),
    "stats.col.their_wins": ("Họ thắng", "They won"),
    "stats.col.net": ("Tiền của bạn", "Your chips"),
    "stats.none": ("Chưa có ván nào. Chơi một ván với máy để xem thống kê.",
                   "No games yet. Play a game against the computer to see statistics."),
    "stats.page": ("{first}–{last} trong {total} đối thủ", "{first}–{last} of {total} opponents"),
    # history and replay
    "history.title": ("Lịch sử", "History"),
    "history.col.when": ("Thời gian", "When"),
    "history.col.players": ("Đối thủ", "Opponents"),
    "history.col.result": ("Kết quả", "Result"),
    "history.col.net": ("Tiền", "Chips"),
    "history.left": ("Bạn rời bàn", "You left"),
    "history.left_paid": ("Bạn rời bàn: {amount}", "You left: {amount}"),
    "history.lan": ("Bàn LAN · chip của bàn", "LAN table · the table's chips"),
    "lan_replay.page": ("Trang {page}/{pages}", "Page {page}/{pages}"),
    "lan_replay.no_cards": ("Không còn lá nào", "No cards left"),
    "history.view": ("Xem lại", "Replay"),
    "history.none": ("Chưa có ván nào được lưu.", "No games stored yet."),
    "history.page": ("Trang {page}/{pages} · {total} ván", "Page {page}/{pages} · {total} games"),
    "history.missing": ("Không tìm thấy ván này", "This game is no longer stored"),
    "history.damaged": ("Dữ liệu của ván này bị hỏng, không xem lại được",
                        "This game's record is damaged and cannot be replayed"),
    "history.unreadable": ("{count} ván bị hỏng dữ liệu nên không hiện", "{count} damaged games are not shown"),
    "history.unreadable#one": ("{count} ván bị hỏng dữ liệu nên không hiện", "{count} damaged game is not shown"),
    "replay.title": ("Xem lại ván", "Replay"),
    "replay.col.hand": ("Bài trên tay", "Hand"),
    "replay.col.pile": ("Bài đã đánh", "Thrown"),
    "replay.col.laid": ("Phỏm đã hạ", "Laid phỏm"),
    "replay.step": ("Nước {index}/{total}", "Move {index}/{total}"),
    "replay.dealt": ("Chia bài: mọi lá bài đều được lật ngửa", "The deal: every card is face up"),
    "replay.advice": ("Máy khuyên: {move} ({reason})", "The computer suggests: {move} ({reason})"),
    "replay.advice_plain": ("Máy khuyên: {move}", "The computer suggests: {move}"),
    "replay.agrees": ("Máy cũng sẽ đi như vậy", "The computer would play the same"),
    "replay.analysing": ("Máy đang phân tích: {done}/{total} nước", "The computer is analysing: {done}/{total} moves"),
    "replay.advice_failed": ("Không phân tích được ván này", "This game could not be analysed"),
    "replay.marks": ("Vạch cam: {count} nước máy khuyên đi khác · ← → để xem từng nước",
                     "Orange marks: {count} moves the computer would play differently · ← → to step"),
    "replay.marks#one": ("Vạch cam: {count} nước máy khuyên đi khác · ← → để xem từng nước",
                         "Orange mark: {count} move the computer would play differently · ← → to step"),
    "replay.no_marks": ("Máy cũng sẽ đi như bạn ở mọi nước · ← → để xem từng nước",
                        "The computer would have made every one of your moves · ← → to step"),
    "replay.keys": ("← → để xem từng nước", "← → to step through the moves"),
    "replay.bots": ("Xét nước máy", "Review bots"),
    "replay.bots_hide": ("Ẩn nước máy", "Hide bots"),
    "replay.bot_no_marks": ("Máy cũng sẽ đi như các máy ở mọi nước", "The computer would have made every bot move"),
    "replay.bots_analysing": ("Máy đang xét nước của các máy: {done}/{total} nước",
                              "Reviewing the bots' moves: {done}/{total} moves"),
    "replay.bot_marks": ("Vạch xanh: {count} nước của các máy mà máy khuyên đi khác",
                         "Blue marks: {count} bot moves the computer would play differently"),
    "replay.broken": ("Không thể xem lại ván này: dữ liệu ván không hợp lệ", "This game cannot be replayed: its "
                                                                             "record is not valid"),
    "replay.move.leave": ("rời bàn", "leaves the table"),
    "replay.move.timeout": ("hết giờ", "runs out of time"),
    # tutorial
    "tutorial.title": ("Hướng dẫn", "Tutorial"),
    "tutorial.lesson_of": ("Bài {number}/{total}: {name}", "Lesson {number}/{total}: {name}"),
    "tutorial.lesson1": ("Ăn, hạ và gửi", "Eat, lay down and send"),
    "tutorial.lesson2": ("Ù", "Ù"),
    "tutorial.intro1": ("Bạn đi trước nên có 10 lá. Mục tiêu: ghép bài thành phỏm (3 lá cùng số, hoặc 3 lá liên "
                        "tiếp cùng chất) và giữ ít điểm rác nhất.",
                        "You lead, so you hold 10 cards. The aim: group cards into phỏm (three of a rank, or a "
                        "run of three in one suit) and keep as few trash points as you can."),
    "tutorial.intro2": ("Ù là thắng ngay: cả 10 lá đều vào phỏm, hoặc chỉ còn một lá rác.",
                        "Ù wins at once: all 10 cards in phỏm, or only one trash card left."),
    "tutorial.step.first_discard": ("Chọn {card} (lá rác điểm cao) rồi bấm Đánh",
                                    "Click {card} (high trash), then press Discard"),
    "tutorial.step.discard": ("Chọn {card} rồi bấm Đánh", "Click {card}, then press Discard"),
    "tutorial.step.discard_u": ("Đánh {card} (chọn lá rồi bấm Đánh)", "Discard {card} (click it, then Discard)"),
    "tutorial.step.eat": ("Lan vừa đánh 7♥: nó ghép với 5♥ 6♥ của bạn. Bấm Ăn!",
                          "Lan discarded 7♥: it completes your 5♥ 6♥. Press Eat!"),
    "tutorial.step.eat_u": ("Lan đánh K♠: ăn nó để có J♠ Q♠ K♠. Bấm Ăn!",
                            "Lan discarded K♠: eat it to make J♠ Q♠ K♠. Press Eat!"),
    "tutorial.step.draw": ("Lá Lan đánh không ghép được: bấm Bốc để bốc một lá ở nọc",
                           "Lan's card fits nothing: press Draw to take the top of the stock"),
    "tutorial.step.draw_lay": ("Lượt hạ bài của bạn: trước hết bấm Bốc", "Your lay-down turn: first press Draw"),
    "tutorial.step.lay": ("Hai phỏm của bạn đã được nâng lên: bấm Hạ", "Your two phỏm are raised: press Lay down"),
    "tutorial.step.send": ("6♠ gửi được vào phỏm 3♠ 4♠ 5♠ của Lan: bấm Gửi",
                           "6♠ fits Lan's 3♠ 4♠ 5♠: press Send"),
    "tutorial.step.last_discard": ("Đánh lá cuối: chọn {card} rồi bấm Đánh", "Last discard: click {card}, then "
                                                                            "Discard"),
    "tutorial.step.u": ("Ba phỏm và một lá rác: bấm Ù!", "Three phỏm and one trash card: press Ù!"),
    "tutorial.done.discard": ("Mỗi lượt bạn đánh một lá; bỏ lá rác điểm cao trước.",
                              "Every turn ends with a discard; throw high trash first."),
    "tutorial.done.eat": ("Lá vừa ăn đã vào tay bạn, viền vàng: nó phải nằm trong phỏm bạn hạ. Ăn bài làm Lan mất "
                          "tiền cược và đổi lượt hạ: giờ Lan hạ trước.",
                          "The eaten card is now in your hand, edged in gold: it must go into a phỏm you lay down. "
                          "Eating costs Lan a bet and moves the lay-down order: now Lan lays down first."),
    "tutorial.done.lan_lays": ("Lan đã đánh đủ 3 lá nên lượt sau Lan hạ phỏm 3♠ 4♠ 5♠.",
                               "Lan has 3 discards, so on her next turn she lays down 3♠ 4♠ 5♠."),
    "tutorial.done.lan_laid": ("Lan đã hạ phỏm 3♠ 4♠ 5♠. Giờ đến lượt hạ bài của bạn, và phỏm của Lan còn nhận lá "
                               "gửi.", "Lan has laid 3♠ 4♠ 5♠. Now it is your lay-down turn, and her phỏm can take "
                                       "a sent card."),
    "tutorial.faster": ("Lan đi nhanh hơn", "Lan plays faster"),
    "tutorial.slower": ("Lan đi chậm lại", "Lan plays slower"),
    "tutorial.done.game": ("Hết ván: ai ít điểm rác nhất về Nhất.", "Game over: the fewest trash points wins."),
    "tutorial.done.u": ("Ù! Bạn thắng ngay và mọi người trả tiền Ù.", "Ù! You win at once and everyone pays you."),
    "tutorial.wait": ("Chờ {name} đi…", "Wait for {name}…"),
    "tutorial.finish1": ("Bạn đã ăn, hạ hai phỏm và gửi 6♠. Rác còn lại ít điểm nên bạn về Nhất!",
                         "You ate, laid two phỏm and sent 6♠. Little trash is left, so you finish first!"),
    "tutorial.finish2": ("Bạn đã Ù!", "You went Ù!"),
    "tutorial.next_lesson": ("Bấm Ván mới để sang bài tiếp theo", "Press New game for the next lesson"),
    "tutorial.all_done": ("Bấm Ván mới để kết thúc hướng dẫn", "Press New game to finish the tutorial"),
    "tutorial.congrats": ("Chúc mừng!", "Well done!"),
    "tutorial.summary": ("Bạn đã biết ăn bài, hạ phỏm, gửi bài và Ù. Hãy thử chơi với máy, bắt đầu với trình độ Dễ.",
                         "You know how to eat, lay down, send and go Ù. Try a game against the computer, starting "
                         "with the Easy level."),
    "tutorial.to_menu": ("Về màn hình chính", "Back to the menu"),
    "rules.tutorial": ("Hướng dẫn chơi thử", "Guided first game"),
    # settings: the full page
    "settings.general": ("Chung", "General"),
    "settings.table": ("Bàn chơi", "Table"),
    "settings.music": ("Nhạc nền", "Music"),
    "settings.table_colour": ("Màu bàn", "Table colour"),
    "settings.table.green": ("Xanh lá", "Green"),
    "settings.table.blue": ("Xanh dương", "Blue"),
    "settings.table.red": ("Đỏ", "Red"),
    "settings.window_size": ("Cỡ cửa sổ", "Window size"),
    "settings.default_preset": ("Luật mặc định", "Default rules"),
    "settings.default_bet": ("Mức cược mặc định", "Default bet"),
    "settings.turn_seconds": ("Giây mỗi lượt", "Seconds per turn"),
    "settings.not_saved": ("Không lưu được cài đặt: {reason}", "Settings not saved: {reason}"),
    # singular forms (tr_count)
    "setup.your_chips#one": ("Bạn đang có {amount} chip", "You have {amount} chip"),
    "stats.mom_of#one": ("{count} lần móm", "{count} time"),
    "setup.balance#one": ("Mỗi người bắt đầu với {amount} chip", "Everyone starts with {amount} chip"),
    "menu.topup_done#one": ("Bạn nhận được {amount} chip miễn phí", "You received {amount} free chip"),
    "replay.bots_analysing#one": ("Máy đang xét nước của các máy: {done}/{total} nước",
                                  "Reviewing the bots' moves: {done}/{total} move"),
    "replay.bot_marks#one": ("Vạch xanh: {count} nước của các máy mà máy khuyên đi khác",
                             "Blue mark: {count} bot move the computer would play differently"),
    "replay.analysing#one": ("Máy đang phân tích: {done}/{total} nước",
                             "The computer is analysing: {done}/{total} move"),
    "free.offer#one": ("Nhận {amount} chip miễn phí, mỗi ngày một lần.", "Get {amount} chip free, once a day."),
    "stats.page#one": ("{first}–{last} trong {total} đối thủ", "{first}–{last} of {total} opponent"),
    "history.page#one": ("Trang {page}/{pages} · {total} ván", "Page {page}/{pages} · {total} game"),
}
