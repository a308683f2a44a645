"""The table's social strings (Vietnamese, English): chat, quick reactions, watching, seats between games."""

from __future__ import annotations

SOCIAL_STRINGS: dict[str, tuple[str, str]] = {
    # the chat panel
    "social.chat": ("Trò chuyện", "Chat"),
    "social.reactions": ("Biểu cảm", "Reactions"),
    "social.send": ("Gửi", "Send"),
    "social.close": ("Đóng", "Close"),
    "social.placeholder": ("Nhập tin nhắn rồi bấm Enter", "Type here, then press Enter"),
    "social.empty": ("Chưa có tin nhắn. Gõ vào ô dưới rồi bấm Enter để chào cả bàn, hoặc chọn một biểu cảm.",
                     "No messages yet. Type in the box below and press Enter to say hello, or pick a reaction."),
    "social.empty_reactions": ("Chưa ai nói gì. Chọn một gương mặt hay một câu ở trên để gửi cả bàn.",
                               "Nothing said yet. Pick a face or a phrase above to send it to the table."),
    "social.watching_mark": ("đang xem", "watching"),
    "social.you": ("Bạn", "You"),
    "social.watchers": ("{count} người đang xem", "{count} watching"),
    "social.watch": ("Xem", "Watch"),
    "social.watching_names": ("Đang xem: {names}", "Watching: {names}"),
    "social.sit": ("Ngồi vào", "Sit down"),
    "social.sit_at": ("Ngồi vào ghế {seat}", "Take seat {seat}"),
    "social.joins_next": ("{name} sẽ vào ghế {seat} ván sau", "{name} takes seat {seat} next game"),
    "social.stood": ("{name} không phản hồi nên được mời đứng dậy", "{name} did not respond and was stood up"),
    "social.stood_you": ("Bạn không phản hồi {turns} lượt liền nên được mời đứng dậy, chip của bạn không mất "
                         "thêm. Muốn chơi tiếp, bấm Ngồi vào ghế.",
                         "You did not respond for {turns} turns in a row, so you were stood up and your chips stay "
                         "yours. To play again, take a seat."),
    "social.gone": ("{name} đã rời bàn", "{name} has left the table"),
    "social.removed": ("Chủ bàn đã mời {name} ra khỏi bàn", "The host removed {name} from the table"),
    "social.removed_watcher": ("Chủ bàn đã mời {name} (đang xem) ra khỏi bàn",
                               "The host removed {name} (watching) from the table"),
    "social.stand_up": ("Đứng dậy, ngồi xem", "Stand up and watch"),
    "social.give_seat": ("Nhường ghế {seat} cho {name}", "Give seat {seat} to {name}"),
    "social.hold": ("Giữ bàn", "Hold the table"),
    "social.deal_on": ("Chia tiếp", "Deal on"),
    "social.accept_seat": ("Nhận ghế {seat}", "Take seat {seat}"),
    "social.decline_seat": ("Từ chối", "No, thanks"),
    "social.offered": ("{name} mời bạn vào ghế {seat}: còn {seconds} giây để trả lời",
                       "{name} offers you seat {seat}: {seconds} s to answer"),
    "social.invited": ("Đang chờ {name} trả lời về ghế {seat}: còn {seconds} giây",
                       "Waiting for {name} to answer about seat {seat}: {seconds} s more"),
    "social.declined": ("{name} không nhận ghế {seat}", "{name} declined seat {seat}"),
    "social.declined_late": ("{name} không trả lời kịp: ghế {seat} vẫn như cũ",
                             "{name} did not answer in time: seat {seat} stays as it was"),
    "social.bot_seat": ("Cho máy ngồi ghế {seat}", "A bot takes seat {seat}"),
    "social.too_fast": ("Bạn gửi nhanh quá: chờ một chút rồi gửi tiếp.",
                        "You are sending too fast: wait a moment, then send again."),
    "social.bad_chat": ("Không gửi được: tin nhắn cần ít nhất một chữ nhìn thấy được, không có ký tự ẩn.",
                        "Not sent: a message needs at least one visible character and no hidden ones."),
    "social.muted": ("Chủ bàn đã tắt tiếng bạn ở bàn này: tin nhắn không được gửi. Bạn vẫn xem và chơi được.",
                     "The host muted you at this table: your message was not sent. You can still watch and play."),
    "social.you_muted_here": ("Bạn đang bị chủ bàn tắt tiếng: chưa gửi được tin nhắn hay biểu cảm ở bàn này.",
                              "The host has muted you: you cannot send lines or reactions at this table for now."),
    "social.too_long": ("Tin nhắn dài quá: tối đa {limit} ký tự.",
                        "That message is too long: {limit} characters at most."),
    "social.count": ("{count}/{limit} ký tự", "{count}/{limit} characters"),
    "social.new_lines": ("{count} tin nhắn mới ↓", "{count} new ↓"),
    "social.not_sent": ("Không gửi được: {reason}", "Not sent: {reason}"),
    # quick reactions: short phrases (a bubble at the sender's avatar) ...
    "react.nice": ("Hay quá!", "Nice one!"),
    "react.hurry": ("Nhanh lên!", "Hurry up!"),
    "react.thanks": ("Cảm ơn nhé!", "Thanks!"),
    "react.sorry": ("Xin lỗi nhé!", "Sorry!"),
    "react.gg": ("Ván hay!", "Good game!"),
    "react.again": ("Làm ván nữa!", "Play again!"),
    # ... and emotes, drawn as faces; their names are read in the chat log
    "react.laugh": ("cười lớn", "laughs"),
    "react.wow": ("ngạc nhiên", "is amazed"),
    "react.sad": ("buồn", "is sad"),
    "react.angry": ("tức giận", "is angry"),
    "react.love": ("thả tim", "sends a heart"),
    "social.emote_line": ("({emote})", "({emote})"),
    # the server closing: who left and why
    "net.host_quit": ("{who} đã tắt ứng dụng đang giữ bàn, nên bàn đã đóng. Hãy chọn máy chủ khác hoặc tự tạo bàn.",
                      "{who} closed the app that hosted the table, so the table is gone. Pick another server or "
                      "host a table yourself."),
    "net.host_left": ("{who} đã rời bàn và đóng máy chủ. Hãy chọn máy chủ khác hoặc tự tạo bàn.",
                      "{who} left the table and closed the server. Pick another server or host a table yourself."),
    "net.the_host": ("Chủ bàn", "The host"),
    "net.game_money": ("Ván đang chơi dừng lại ở đó: không ai mất hay được gì ở ván này, ví của bạn không đổi "
                       "(tiền ở bàn LAN là tiền của bàn).",
                       "The game in progress stops there: nobody loses or wins anything for it, and your wallet is "
                       "untouched (the chips at a LAN table are the table's)."),
    "net.table_money": ("Tiền ở bàn LAN là tiền của bàn: ví của bạn không đổi, các ván đã chơi vẫn có trong Lịch "
                        "sử.", "The chips at a LAN table are the table's: your wallet is untouched, and the games "
                        "played stay in your History."),
    # refusals of watching and of seats between games
    "net.error.too_many_watchers": ("Bàn này đã đủ người xem. Hãy xem bàn khác hoặc chờ một lát.",
                                    "This table has as many watching as it allows. Watch another table or wait a "
                                    "moment."),
    "net.error.watching": ("Bạn đang xem bàn này: hãy ngồi vào một ghế trống trước.",
                           "You are watching this table: take a free seat first."),
    "net.error.no_watcher": ("Người đó không còn xem bàn này nữa.", "That person is no longer watching this table."),
    "net.error.no_bot": ("Ghế đó không có máy chơi.", "No computer player sits in that seat."),
    "net.error.bad_seat": ("Bàn này không có ghế đó.", "This table has no such seat."),
}
