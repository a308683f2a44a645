"""The LAN screens' strings (Vietnamese, English): the server list, joining by address, the lobby and chat."""

from __future__ import annotations

LAN_STRINGS: dict[str, tuple[str, str]] = {
    "lan.title": ("Chơi qua mạng LAN", "Play on the LAN"),
    "lan.servers": ("Bàn trong mạng", "Tables on this network"),
    "lan.searching": ("Đang tìm bàn trong mạng…", "Looking for tables on this network…"),
    "lan.server_row": ("{name} · {players} người · cược {bet}", "{name} · {players} players · bet {bet}"),
    "lan.server_row_empty": ("{name} · {players} người · chưa có bàn", "{name} · {players} players · no table yet"),
    "lan.server_row_playing": ("{name} · {players} người · cược {bet} · đang chơi",
                               "{name} · {players} players · bet {bet} · playing"),
    "lan.locked": ("có mật khẩu", "password"),
    "lan.join": ("Vào", "Join"),
    "lan.address": ("Nhập địa chỉ", "Enter address"),
    "lan.address_hint": ("máy:cổng, ví dụ 192.168.1.5:8765", "host:port, e.g. 192.168.1.5:8765"),
    "lan.bad_address": ("Địa chỉ phải có dạng máy:cổng", "The address must look like host:port"),
    "lan.nothing_found": ("Chưa thấy bàn nào sau 5 giây. Có thể tường lửa đang chặn Tá Lả (trên Windows: cho phép ở "
                          "mạng Riêng tư), mạng đang để chế độ Công cộng, hoặc chủ bàn ở một mạng con khác. Hỏi chủ "
                          "bàn địa chỉ máy của họ rồi nhập vào.",
                          "No tables found in 5 seconds. A firewall may be blocking Tá Lả (on Windows: allow it on "
                          "Private networks), the network may be set to Public, or the host is on another subnet. Ask "
                          "the host for their address and enter it."),
    "lan.discovery_off": ("Không dò được bàn trong mạng: cổng UDP 37020 đang bị chương trình khác dùng. Hỏi chủ bàn "
                          "địa chỉ máy của họ rồi nhập vào.",
                          "Cannot look for tables: another program is using UDP port 37020. Ask the host for their "
                          "address and enter it."),
    "lan.mac_local_network": ("Trên máy Mac: bật Tá Lả trong Cài đặt hệ thống › Quyền riêng tư & Bảo mật › Mạng cục "
                              "bộ (lỗi \"No route to host\" là vì chưa bật).",
                              "On a Mac: turn on Tá Lả in System Settings › Privacy & Security › Local Network "
                              "(\"No route to host\" means it is off)."),
    "lan.host": ("Tạo bàn LAN", "Host a LAN table"),
    "lan.host_failed": ("Máy này chưa mở được bàn LAN. Kiểm tra mạng (Wi-Fi hoặc dây mạng) và tường lửa "
                        "rồi bấm Tạo bàn LAN lại.",
                        "This computer could not open a LAN table. Check the network (Wi-Fi or cable) and the "
                        "firewall, then press Host a LAN table again."),
    "lan.server_name": ("Bàn của {name}", "{name}'s table"),
    "lan.record_refused": ("Ván vừa xong không lưu được vào Lịch sử: máy chủ gửi dữ liệu không hợp lệ. Bạn vẫn chơi "
                           "tiếp được.", "The game that just ended could not be saved to your History: the server "
                           "sent invalid data. You can keep playing."),
    "lan.connecting": ("Đang kết nối…", "Connecting…"),
    "lan.default_name": ("Người chơi", "Player"),
    "lan.your_name": ("Tên của bạn trên LAN", "Your name on the LAN"),
    "lan.name_rules": ("Tên trên LAN có từ 1 đến {max} ký tự: chữ, số, dấu cách và _ - . ' (không hai dấu cách "
                       "liền nhau). Hãy sửa tên rồi thử lại.",
                       "A LAN name has 1 to {max} characters: letters, digits, spaces and _ - . ' (no two spaces "
                       "in a row). Change the name and try again."),
    "lan.name_note": ("Chưa có tên: mọi người sẽ thấy bạn là \"{name}\". Gõ tên vào ô trên (được lưu vào Hồ sơ).",
                      "No name yet: the others will see you as \"{name}\". Type a name above (kept in your "
                      "profile)."),
    "lan.lost_title": ("Mất kết nối", "Disconnected"),
    "lan.closed_title": ("Bàn đã đóng", "The table has closed"),
    "lan.to_menu": ("Về menu", "Back to menu"),
    "lobby.title": ("Phòng chờ", "Lobby"),
    "lobby.tables": ("Các bàn", "Tables"),
    "lobby.no_tables": ("Chưa có bàn nào: tạo một bàn", "No tables yet: open one"),
    "lobby.table_row": ("{name} · {players}/{seats} người · cược {bet}",
                        "{name} · {players}/{seats} players · bet {bet}"),
    "lobby.playing": ("đang chơi", "playing"),
    "lobby.create": ("Tạo bàn", "Open a table"),
    "lobby.host_mark": ("chủ bàn", "host"),
    "lobby.ready_mark": ("sẵn sàng", "ready"),
    "lobby.waiting_mark": ("chưa sẵn sàng", "not ready"),
    "lobby.joining_mark": ("vào ván sau", "plays next game"),
    "lobby.away_mark": ("mất kết nối", "away"),
    "lobby.ready": ("Sẵn sàng", "Ready"),
    "lobby.not_ready": ("Hủy sẵn sàng", "Cancel ready"),   # the ready guest's button: takes it back
    "lobby.start": ("Bắt đầu", "Start"),
    "lobby.leave": ("Rời bàn", "Leave table"),
    "lobby.stand_up": ("Đứng dậy", "Stand up"),
    "lobby.seats": ("Số người", "Players"),
    "lobby.bet": ("Tiền cược", "Bet"),
    "lobby.clock": ("Thời gian mỗi lượt", "Turn clock"),
    "lobby.preset": ("Luật", "Rules"),
    "lobby.clock_value": ("{seconds} giây", "{seconds} s"),
    "lobby.chat": ("Trò chuyện", "Chat"),
    "lobby.chat_empty": ("Chưa có tin nhắn: gõ vào ô dưới rồi bấm Gửi", "No messages yet: type below and press Send"),
    "lobby.chat_no_table": ("Vào một bàn để trò chuyện với mọi người ở bàn", "Join a table to chat with its people"),
    "lobby.send": ("Gửi", "Send"),
    "lobby.wait_host": ("Chờ chủ bàn bắt đầu", "Waiting for the host to start"),
    "lobby.wait_ready": ("Chờ mọi người sẵn sàng", "Waiting for everyone to be ready"),
    "lobby.wait_for": ("Chờ {names} sẵn sàng", "Waiting for {names} to be ready"),
    "lobby.kick": ("Mời ra", "Remove"),
    "lobby.kick_title": ("Mời người chơi ra khỏi bàn?", "Remove this player?"),
    "lobby.kick_text": ("{name} sẽ phải rời bàn và không vào lại được bàn này.",
                        "{name} leaves the table and cannot join it again."),
    "lobby.kick_no": ("Để lại", "Keep"),
    "lobby.close_title": ("Đóng bàn?", "Close the table?"),
    "lobby.close_text": ("Máy bạn đang giữ bàn này: quay lại là đóng bàn cho mọi người ({names}), họ sẽ phải tìm "
                         "bàn khác. Muốn bàn còn mở thì bấm Ở lại.",
                         "Your computer hosts this table: going back closes it for everyone ({names}), who will "
                         "have to find another table. To keep it open, press Stay."),
    "lobby.close_yes": ("Đóng bàn", "Close it"),
    # why a connection ended (the disconnect reason) and what to do
    "net.the_server": ("máy chủ", "the server"),
    "net.unreachable": ("Không kết nối được với {where}. Kiểm tra địa chỉ và xem máy chủ đã mở chưa, rồi thử lại.",
                        "Could not connect to {where}. Check the address and that the server is running, then try "
                        "again."),
    "net.lost": ("Mất kết nối với máy chủ và không nối lại được. Kiểm tra mạng rồi vào bàn lại.",
                 "The connection to the server was lost and could not be restored. Check the network, then join "
                 "again."),
    "net.seat_expired": ("Máy chủ không giữ chỗ của bạn nữa vì bạn vắng quá lâu. Hãy vào bàn lại.",
                         "The server no longer holds your seat: you were away too long. Join the table again."),
    "net.server_restarted": ("Máy chủ đã khởi động lại nên ván đang chơi đã mất. Hãy vào bàn lại.",
                             "The server restarted, so the game in progress is lost. Join a table again."),
    "net.version": ("Máy chủ dùng phiên bản trò chơi khác. Hãy dùng cùng phiên bản với chủ bàn.",
                    "The server runs another version of the game. Use the same version as the host."),
    "net.server_shutdown": ("Chủ bàn đã đóng máy chủ. Hãy chọn máy chủ khác hoặc tự tạo bàn.",
                            "The host closed the server. Pick another server or host a table yourself."),
    "net.bad_password": ("Sai mật khẩu. Hãy hỏi chủ bàn mật khẩu đúng rồi thử lại.",
                         "Wrong password. Ask the host for the right one and try again."),
    "net.replaced": ("Bạn đã vào máy chủ này từ một cửa sổ khác nên cửa sổ này bị ngắt kết nối.",
                     "You joined this server from another window, so this one was disconnected."),
    "net.too_many_connections": ("Máy chủ nhận quá nhiều kết nối từ máy của bạn. Hãy đóng bớt cửa sổ trò chơi rồi "
                                 "thử lại.", "The server has too many connections from your computer. Close other "
                                             "game windows and try again."),
    "net.hello_timeout": ("Máy chủ không trả lời kịp. Hãy thử lại.", "The server did not answer in time. Try again."),
    "net.retry_later": ("Sai mật khẩu nhiều lần: chờ một lát rồi thử lại.",
                        "Too many wrong passwords: wait a moment, then try again."),
    # a refused lobby command and what to do
    "net.error.no_table": ("Bàn này không còn nữa. Hãy chọn bàn khác.", "That table is gone. Pick another one."),
    "net.error.at_table": ("Bạn đang ngồi ở một bàn: hãy rời bàn đó trước.", "You are already at a table: leave it "
                                                                            "first."),
    "net.error.table_full": ("Bàn đã đủ người. Hãy chọn bàn khác hoặc tạo bàn mới.",
                             "That table is full. Pick another one or open a new table."),
    "net.error.seat_taken": ("Ghế đó đã có người. Hãy chọn ghế khác.", "That seat is taken. Pick another seat."),
    "net.error.in_progress": ("Bàn đang chơi. Hãy chờ hết ván hoặc chọn bàn khác.",
                              "That table is playing. Wait for the game to end or pick another table."),
    "net.error.not_host": ("Chỉ chủ bàn mới làm được việc này.", "Only the host can do that."),
    "net.error.not_ready": ("Chưa phải ai cũng sẵn sàng: chờ mọi người bấm Sẵn sàng.",
                            "Not everyone is ready: wait until they all press Ready."),
    "net.error.too_many_tables": ("Không mở thêm bàn được (máy chủ đã đủ bàn, hoặc máy của bạn đã mở 2 bàn). Hãy vào "
                                  "một bàn có sẵn.", "No more tables can be opened here (the server is full, or your "
                                                     "computer already hosts 2). Join one of its tables."),
    "net.error.kicked": ("Chủ bàn đã mời bạn ra khỏi bàn này nên bạn không vào lại được. Hãy chọn bàn khác.",
                         "The host removed you from that table, so you cannot join it again. Pick another table."),
    "net.error.no_player": ("Ghế đó không có người chơi.", "No player sits in that seat."),
    "net.error.not_yourself": ("Bạn không thể mời chính mình ra khỏi bàn.", "You cannot remove yourself from the "
                                                                          "table."),
    "net.left.kicked": ("Chủ bàn đã mời bạn ra khỏi bàn. Hãy chọn bàn khác.",
                        "The host removed you from the table. Pick another table."),
    "net.left.idle": ("Bàn đã đóng vì lâu không ai chơi. Hãy tạo bàn mới hoặc vào bàn khác.",
                      "The table closed after a long time without a game. Open a new one or join another."),
    "net.left.closed": ("Bàn đã đóng. Hãy tạo bàn mới hoặc vào bàn khác.",
                        "The table was closed. Open a new one or join another."),
    "net.error.no_game": ("Ván chơi chưa bắt đầu.", "The game has not started yet."),
    "net.error.rate_limited": ("Bạn thao tác nhanh quá. Chờ một chút rồi thử lại.",
                               "Too many actions at once. Wait a moment and try again."),
    "net.error.invalid": ("Máy chủ không nhận giá trị này. Hãy sửa lại rồi thử lại.",
                          "The server did not accept that. Change it and try again."),
    "net.error.other": ("Máy chủ không làm được việc này. Hãy thử lại.", "The server could not do that. Try again."),
    # the table's people between games (the host's menu by a person, the seats offered to those watching)
    "people.seat": ("Ghế {seat}", "Seat {seat}"),
    "people.muted_mark": ("bị cấm chat", "muted"),
    "people.mute": ("Cấm chat", "Mute"),
    "people.unmute": ("Cho chat lại", "Let them chat"),
    "people.kick_confirm": ("Mời {name} ra khỏi bàn? {name} sẽ phải rời bàn và không vào lại được bàn này.",
                            "Remove {name} from the table? {name} leaves it and cannot join it again."),
    "people.invite": ("Mời {name} vào ghế {seat}", "Invite {name} to seat {seat}"),
    "people.invite_seat": ("Mời vào ghế {seat}", "Invite to seat {seat}"),
    "people.watching_title": ("Đang xem ({count})", "Watching ({count})"),
    "people.you_muted": ("Chủ bàn đã cấm bạn chat ở bàn này", "The host muted you at this table"),
    "people.watchers_button": ("Người xem ({count})", "Watching ({count})"),
    # why the next deal waits between games (the seconds count down)
    "people.deal_seat_open": ("Ván mới sau {seconds} giây: ghế {seat} đang chờ người xem vào ngồi",
                              "Next game in {seconds} s: seat {seat} is open to those watching"),
    "people.deal_newcomer": ("Ván mới sau {seconds} giây: chờ {name} vào ghế {seat}",
                             "Next game in {seconds} s: waiting for {name} at seat {seat}"),
    "people.held": ("Chủ bàn đang giữ bàn: ván mới khi chủ bàn bấm Chia tiếp (tối đa {seconds} giây nữa)",
                    "The host is holding the table: the next game comes when they press Deal on (at most {seconds} s)"),
    "people.wait_votes": ("Chờ {names} bấm Ván mới", "Waiting for {names} to press New game"),
    # the lobby's people: the watchers' list, the host's buttons on each person, a muted chat field
    "lobby.more_watchers": ("+{count} người xem nữa", "+{count} more watching"),
    "lobby.next_watchers": ("Xem tiếp", "Next"),
    "lobby.first_watchers": ("Từ đầu", "From start"),
    "lobby.you_mark": ("bạn", "you"),
    "lobby.no_name": ("(không tên)", "(no name)"),
    "lobby.kick_watcher_title": ("Mời người xem ra khỏi bàn?", "Remove this watcher?"),
    "lobby.kick_seat_text": ("{name} (ghế {seat}) sẽ phải rời bàn và không vào lại được bàn này.",
                             "{name} (seat {seat}) leaves the table and cannot join it again."),
    "lobby.kick_watcher_text": ("{name} (đang xem) sẽ phải rời bàn và không vào lại được bàn này.",
                                "{name} (watching) leaves the table and cannot join it again."),
    "lobby.chat_muted": ("Chủ bàn đã cấm bạn chat ở bàn này. Bạn vẫn xem và chơi được.",
                         "The host muted you at this table. You can still watch and play."),
    "lan.server_row_empty#one": ("{name} · {players} người · chưa có bàn", "{name} · {players} player · no table yet"),
    "lan.server_row#one": ("{name} · {players} người · cược {bet}", "{name} · {players} player · bet {bet}"),
    "lan.server_row_playing#one": ("{name} · {players} người · cược {bet} · đang chơi",
                                   "{name} · {players} player · bet {bet} · playing"),
}
